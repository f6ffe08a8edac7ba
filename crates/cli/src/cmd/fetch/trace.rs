//! The -v trace and -D's copy of FTP's replies, passwords hidden.

use crate::cmd::{self};
use crate::password::Secrets;
use std::io::{self, Write};
use std::sync::{Arc, Mutex};
use uniform_access::{Trace, Tracer};

/// The -v trace: each line on standard error, the passwords known to
/// this access hidden (the access side hides those of the commands that
/// carry one, too), terminal controls escaped.
pub(super) fn tracer(hidden: Arc<Mutex<Secrets>>, reveal: bool) -> Tracer {
    Tracer::new(move |event: Trace<'_>| {
        let text = event.to_string();
        let text = match hidden.lock() {
            Ok(s) => s.hide(&text, reveal).into_owned(),
            Err(_) => text,
        };
        let _ = cmd::say!(io::stderr().lock(), "{text}");
    })
}

/// Where -D writes: shared with the tracer that copies FTP's replies.
pub(super) type Dump = Arc<Mutex<Box<dyn Write + Send>>>;

/// A tracer that writes each reply of an FTP server to `dump`, CR LF
/// after each line, as curl's -D does, up to the `QUIT` (whose answer
/// curl does not write); and passes every event on to `inner` (-v).
pub(super) fn ftp_replies(dump: Dump, inner: Option<Tracer>) -> Tracer {
    let quit = std::sync::atomic::AtomicBool::new(false);
    Tracer::new(move |event: Trace<'_>| {
        if let Some(t) = &inner {
            t.emit(event);
        }
        match event {
            Trace::Sent(line) if line.eq_ignore_ascii_case(b"QUIT") => {
                quit.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            Trace::Received(line) if !quit.load(std::sync::atomic::Ordering::Relaxed) => {
                if let Ok(mut d) = dump.lock() {
                    let _ = d
                        .write_all(line)
                        .and_then(|()| d.write_all(b"\r\n"))
                        .and_then(|()| d.flush());
                }
            }
            _ => {}
        }
    })
}
