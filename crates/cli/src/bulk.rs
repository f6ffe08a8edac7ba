//! The loop of every command that reads its inputs a line at a time
//! (`parse`, `check`, `normalize`, `edit`, `plan`, `encode`, `decode`,
//! `resolve`, `relativize`): each input through the command's [`Record`],
//! which writes what it prints into buffers, on one thread or on
//! `--jobs N`, the results written in input order.
//!
//! With several jobs a reading thread cuts the input into batches, the
//! workers turn each batch into its output, and the main thread writes
//! the outputs as their turn comes. At most two batches a worker (and
//! never more than [`MAX_IN_FLIGHT`]) are read and not yet written, so
//! memory stays bounded whatever the input's length, the number of cores,
//! and however slowly standard output is drained: the batches in flight
//! hold about [`IN_FLIGHT_LINES`] lines together (a batch at least
//! [`MIN_BATCH_LINES`]), and a batch about [`BATCH_BYTES`] bytes. When the
//! next read could wait (a pipe fed a line at a time), the batch so far
//! is sent, and the main thread flushes standard output whenever it has
//! written all it has: a line's answer never waits for the next line.

use crate::input::Inputs;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::sync::Mutex;
use std::sync::mpsc;

/// Lines read and not yet written, over all the batches in flight: the
/// batches are as long as this allows (so that handing one over, a wake-up
/// of another thread each way, costs little beside the work on it: on 2
/// cores, 512-line batches lost a tenth of the time to those), but never
/// shorter than [`MIN_BATCH_LINES`].
const IN_FLIGHT_LINES: usize = 16 * 1024;
/// The shortest batch, however many threads share the lines in flight.
const MIN_BATCH_LINES: usize = 512;
/// The most batches read and not yet written, whatever the number of
/// threads: with [`IN_FLIGHT_LINES`] it bounds the memory of a run (the
/// lines in flight and their outputs: a million lines of `parse --json`
/// peak at about 8 MiB on 2 threads, 14 MiB on 32), not the cores.
const MAX_IN_FLIGHT: usize = 32;
/// Bytes of input in a batch (one longer line is a batch by itself).
const BATCH_BYTES: usize = 256 * 1024;

/// `--jobs`: how many threads a bulk command works on.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Jobs {
    /// Work on N threads (default: one a core); the output keeps the order
    /// of the input
    #[arg(short = 'j', long = "jobs", value_name = "N")]
    jobs: Option<NonZeroUsize>,
}

impl Jobs {
    /// The number of threads: the option, else the cores there are.
    pub fn count(self) -> usize {
        self.jobs
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get)
    }
}

/// What one input gives: the bytes for standard output and for standard
/// error.
#[derive(Debug, Default)]
pub struct Sink {
    /// What goes to standard output.
    pub out: Vec<u8>,
    /// What goes to standard error (warnings, refusals).
    pub err: Vec<u8>,
}

/// A bulk command's work on one input.
pub trait Record: Sync {
    /// What a thread keeps from one input to the next (scratch buffers).
    type State: Send;

    /// A fresh state, one a thread.
    fn state(&self) -> Self::State;

    /// Writes the output of input number `index` (from 0) into `sink`;
    /// `false` when the input is invalid or its work failed.
    fn record(&self, state: &mut Self::State, index: u64, input: &[u8], sink: &mut Sink) -> bool;

    /// Whether the first failed record ends the run (`edit --verify`):
    /// such a run is read on one thread, so that nothing after it is
    /// printed.
    fn stops_at_failure(&self) -> bool {
        false
    }
}

/// Runs `r` over every input with `jobs` threads, writing to standard
/// output (`out`) and standard error in input order. `true` when every
/// record was.
///
/// # Errors
///
/// A failure to read the input or to write the output.
pub fn run<R: Record>(
    r: &R,
    inputs: &mut Inputs,
    out: &mut dyn Write,
    jobs: usize,
) -> io::Result<bool> {
    if jobs <= 1 || r.stops_at_failure() {
        return serial(r, inputs, out);
    }
    parallel(r, inputs, out, jobs)
}

fn serial<R: Record>(r: &R, inputs: &mut Inputs, out: &mut dyn Write) -> io::Result<bool> {
    let mut state = r.state();
    let mut sink = Sink::default();
    let mut ok = true;
    let mut index = 0;
    while let Some(input) = inputs.next(out)? {
        sink.out.clear();
        sink.err.clear();
        let good = r.record(&mut state, index, input, &mut sink);
        ok &= good;
        index += 1;
        write(out, &sink)?;
        if !good && r.stops_at_failure() {
            break;
        }
    }
    Ok(ok)
}

/// Standard output gets its bytes (buffered); standard error its own, at
/// once, as the serial commands always wrote them.
fn write(out: &mut dyn Write, sink: &Sink) -> io::Result<()> {
    out.write_all(&sink.out)?;
    if !sink.err.is_empty() {
        io::stderr().lock().write_all(&sink.err)?;
    }
    Ok(())
}

/// The buffers of one batch: its input lines, and the output the worker
/// writes for them. They go round: reader, worker, writer, and back to
/// the reader with the slot token, so that a run allocates a few sets and
/// reuses them. Each is then freed by the thread that allocated it, not
/// by another (which costs the allocator more), and an output buffer
/// keeps the size it grew to instead of growing again for every batch.
#[derive(Default)]
struct Buffers {
    data: Vec<u8>,
    ends: Vec<usize>,
    sink: Sink,
}

/// A buffer grown past this is freed, not reused: one batch of very long
/// lines does not hold its memory for the rest of the run.
const KEEP_CAPACITY: usize = 4 << 20;

impl Buffers {
    /// Emptied for another batch, or `None` when one has grown too big to
    /// keep.
    fn recycled(mut self) -> Option<Buffers> {
        let big = self
            .data
            .capacity()
            .max(self.sink.out.capacity())
            .max(self.sink.err.capacity());
        if big > KEEP_CAPACITY {
            return None;
        }
        self.data.clear();
        self.ends.clear();
        self.sink.out.clear();
        self.sink.err.clear();
        Some(self)
    }
}

/// Lines of input, one after the other in `data`, each ending at its
/// `ends` entry; `first` is the index of the first.
struct Batch {
    first: u64,
    buffers: Buffers,
}

impl Batch {
    fn new(first: u64, buffers: Option<Buffers>) -> Batch {
        Batch {
            first,
            buffers: buffers.unwrap_or_default(),
        }
    }

    fn full(&self, lines: usize) -> bool {
        self.buffers.ends.len() >= lines || self.buffers.data.len() >= BATCH_BYTES
    }
}

/// A batch's result: its buffers, the output written into their sink.
struct Done {
    buffers: Buffers,
    ok: bool,
}

fn parallel<R: Record>(
    r: &R,
    inputs: &mut Inputs,
    out: &mut dyn Write,
    jobs: usize,
) -> io::Result<bool> {
    let (work_tx, work_rx) = mpsc::sync_channel::<(u64, Batch)>(jobs);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::channel::<(u64, Done)>();
    // One token for each batch that may be read and not yet written; a
    // token brings back the buffers of a batch written, when there are.
    let slots = (2 * jobs).min(MAX_IN_FLIGHT);
    let (slot_tx, slot_rx) = mpsc::sync_channel::<Option<Buffers>>(slots);
    for _ in 0..slots {
        let _ = slot_tx.send(None);
    }
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let work_rx = &work_rx;
            scope.spawn(move || work(r, work_rx, &done_tx));
        }
        drop(done_tx);
        let lines = (IN_FLIGHT_LINES / slots).max(MIN_BATCH_LINES);
        let reader = scope.spawn(move || read(inputs, lines, &work_tx, &slot_rx));
        let mut ok = true;
        let mut pending: BTreeMap<u64, Done> = BTreeMap::new();
        let mut next = 0;
        let mut written = Ok(());
        loop {
            let msg = match done_rx.try_recv() {
                Ok(m) => Ok(m),
                Err(mpsc::TryRecvError::Empty) => {
                    // All that is ready is written: let it out before
                    // waiting, for the reader of a pipe.
                    if let Err(e) = out.flush() {
                        written = Err(e);
                        break;
                    }
                    done_rx.recv().map_err(|_| ())
                }
                Err(mpsc::TryRecvError::Disconnected) => Err(()),
            };
            // Disconnected: every worker has ended, so every batch is in.
            let Ok((seq, done)) = msg else { break };
            pending.insert(seq, done);
            while let Some(done) = pending.remove(&next) {
                ok &= done.ok;
                if let Err(e) = write(out, &done.buffers.sink) {
                    written = Err(e);
                }
                next += 1;
                let _ = slot_tx.send(done.buffers.recycled());
            }
            if written.is_err() {
                break;
            }
        }
        // A write error ends the run: the reader is let go (its tokens
        // come back as the channel closes) and its result dropped.
        drop(slot_tx);
        drop(done_rx);
        let read = reader
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the reading thread failed")));
        written?;
        read?;
        if !pending.is_empty() {
            return Err(io::Error::other("a worker thread ended early"));
        }
        Ok(ok)
    })
}

/// A worker: batches in, results out, until the batches end.
fn work<R: Record>(
    r: &R,
    work_rx: &Mutex<mpsc::Receiver<(u64, Batch)>>,
    done_tx: &mpsc::Sender<(u64, Done)>,
) {
    let mut state = r.state();
    loop {
        // The lock is held only to take the next batch.
        let next = match work_rx.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok((seq, mut batch)) = next else { return };
        let b = &mut batch.buffers;
        let mut ok = true;
        let mut start = 0;
        for (k, &end) in b.ends.iter().enumerate() {
            let index = batch.first + k as u64;
            ok &= r.record(&mut state, index, &b.data[start..end], &mut b.sink);
            start = end;
        }
        let done = Done {
            buffers: batch.buffers,
            ok,
        };
        if done_tx.send((seq, done)).is_err() {
            // Standard output failed and nobody takes results: the batches
            // still coming are taken and dropped, so that the reader is
            // never left waiting to hand one over.
            while let Ok(rx) = work_rx.lock() {
                if rx.recv().is_err() {
                    return;
                }
            }
            return;
        }
    }
}

/// The reading thread: the inputs into batches, each sent once a slot is
/// free; a batch is sent early when the next read could wait.
fn read(
    inputs: &mut Inputs,
    lines: usize,
    work_tx: &mpsc::SyncSender<(u64, Batch)>,
    slot_rx: &mpsc::Receiver<Option<Buffers>>,
) -> io::Result<()> {
    let mut seq = 0;
    let mut index = 0;
    let mut batch = Batch::new(0, None);
    // Sends `batch` once a slot is free, and starts the next one at
    // `index` in the buffers the slot brought back; `false` when the run
    // is over.
    let send = |batch: &mut Batch, seq: &mut u64, index: u64| -> bool {
        let Ok(buffers) = slot_rx.recv() else {
            return false;
        };
        let ready = std::mem::replace(batch, Batch::new(index, buffers));
        if work_tx.send((*seq, ready)).is_err() {
            return false;
        }
        *seq += 1;
        true
    };
    loop {
        if !inputs.buffered()
            && !batch.buffers.ends.is_empty()
            && !send(&mut batch, &mut seq, index)
        {
            return Ok(());
        }
        // Nothing to flush here: the main thread owns standard output.
        let Some(input) = inputs.next(&mut io::sink())? else {
            break;
        };
        batch.buffers.data.extend_from_slice(input);
        batch.buffers.ends.push(batch.buffers.data.len());
        index += 1;
        if batch.full(lines) && !send(&mut batch, &mut seq, index) {
            return Ok(());
        }
    }
    if !batch.buffers.ends.is_empty() {
        send(&mut batch, &mut seq, index);
    }
    Ok(())
}
