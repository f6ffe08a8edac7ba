//! A query's result written as a table, CSV, JSON, NDJSON or Parquet,
//! batch by batch as the query makes them (the table format excepted: its
//! column widths need every row).

use datafusion::arrow::csv;
use datafusion::arrow::json::WriterBuilder;
use datafusion::arrow::json::writer::{JsonArray, JsonFormat, LineDelimited};
use datafusion::arrow::util::display::FormatOptions;
use datafusion::arrow::util::pretty::pretty_format_batches_with_options;
use datafusion::common::Result;
use datafusion::error::DataFusionError;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::physical_plan::SendableRecordBatchStream;
use futures::StreamExt;
use std::io::Write;

/// How a result is written.
///
/// # Example
///
/// ```
/// use uniform_sql::output::Format;
/// assert_eq!(Format::from_name("csv"), Some(Format::Csv));
/// assert_eq!(Format::from_name("xml"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// An aligned table, for reading.
    Table,
    /// CSV with a header line.
    Csv,
    /// One JSON array of objects.
    Json,
    /// One JSON object a line.
    NdJson,
    /// Apache Parquet.
    Parquet,
}

impl Format {
    /// The format of a command-line name.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_sql::output::Format;
    /// assert_eq!(Format::from_name("parquet"), Some(Format::Parquet));
    /// ```
    pub fn from_name(name: &str) -> Option<Format> {
        Some(match name {
            "table" => Format::Table,
            "csv" => Format::Csv,
            "json" => Format::Json,
            "ndjson" => Format::NdJson,
            "parquet" => Format::Parquet,
            _ => return None,
        })
    }
}

/// Writes every batch of `stream` to `out` in `format`; returns the
/// number of rows.
///
/// # Example
///
/// ```
/// use datafusion::prelude::SessionContext;
/// use uniform_sql::output::{Format, write};
/// # tokio::runtime::Runtime::new().unwrap().block_on(async {
/// let ctx = SessionContext::new();
/// let stream = ctx.sql("SELECT 1 AS one").await?.execute_stream().await?;
/// let mut out = Vec::new();
/// assert_eq!(write(stream, Format::Csv, &mut out).await?, 1);
/// assert_eq!(String::from_utf8(out).unwrap(), "one\n1\n");
/// # Ok::<_, datafusion::error::DataFusionError>(())
/// # }).unwrap();
/// ```
pub async fn write<W: Write + Send>(
    stream: SendableRecordBatchStream,
    format: Format,
    out: W,
) -> Result<usize> {
    let mut noting = Noting {
        inner: out,
        broken_pipe: false,
    };
    match write_all(stream, format, &mut noting).await {
        // Arrow's CSV writer keeps only the text of an I/O error: the kind
        // noted on the way down tells a reader that went away.
        Err(_) if noting.broken_pipe => Err(DataFusionError::IoError(
            std::io::ErrorKind::BrokenPipe.into(),
        )),
        other => other,
    }
}

/// A writer that remembers whether a write met a closed pipe.
struct Noting<W> {
    inner: W,
    broken_pipe: bool,
}

impl<W: Write> Write for Noting<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        self.note(r)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.note(r)
    }
}

impl<W> Noting<W> {
    fn note<T>(&mut self, r: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &r {
            self.broken_pipe |= e.kind() == std::io::ErrorKind::BrokenPipe;
        }
        r
    }
}

async fn write_all<W: Write + Send>(
    mut stream: SendableRecordBatchStream,
    format: Format,
    out: W,
) -> Result<usize> {
    let mut rows = 0;
    match format {
        Format::Table => {
            let mut batches = Vec::new();
            while let Some(batch) = stream.next().await {
                let batch = batch?;
                rows += batch.num_rows();
                batches.push(batch);
            }
            let mut out = out;
            if batches.is_empty() {
                let schema = stream.schema();
                let empty = datafusion::arrow::record_batch::RecordBatch::new_empty(schema);
                batches.push(empty);
            }
            // NULL written as such: an empty user name is not a missing one.
            let options = FormatOptions::default().with_null("NULL");
            // The aligned table is for people at a terminal: a control
            // in a value is shown escaped, never acted on.
            let table = pretty_format_batches_with_options(&batches, &options)?.to_string();
            for line in table.lines() {
                writeln!(out, "{}", uniform::visible::escaped(line))?;
            }
            out.flush()?;
        }
        Format::Csv => {
            let mut writer = csv::WriterBuilder::new().with_header(true).build(out);
            let mut wrote = false;
            while let Some(batch) = stream.next().await {
                let batch = batch?;
                rows += batch.num_rows();
                writer.write(&batch)?;
                wrote = true;
            }
            if !wrote {
                // No batch: the header alone.
                let schema = stream.schema();
                writer.write(&datafusion::arrow::record_batch::RecordBatch::new_empty(
                    schema,
                ))?;
            }
            writer.into_inner().flush()?;
        }
        Format::Json => {
            let (n, mut out) = json::<_, JsonArray>(&mut stream, Visible::new(out)).await?;
            rows = n;
            out.write_all(b"\n")?;
            out.flush()?;
        }
        Format::NdJson => {
            let (n, mut out) = json::<_, LineDelimited>(&mut stream, Visible::new(out)).await?;
            rows = n;
            out.flush()?;
        }
        Format::Parquet => {
            let mut writer = ArrowWriter::try_new(out, stream.schema(), None)
                .map_err(|e| DataFusionError::ParquetError(Box::new(e)))?;
            while let Some(batch) = stream.next().await {
                let batch = batch?;
                rows += batch.num_rows();
                writer
                    .write(&batch)
                    .map_err(|e| DataFusionError::ParquetError(Box::new(e)))?;
            }
            writer
                .close()
                .map_err(|e| DataFusionError::ParquetError(Box::new(e)))?;
        }
    }
    Ok(rows)
}

/// Every batch as JSON in the framing `F` (an array, or a line each);
/// returns the rows and the writer.
async fn json<W: Write, F: JsonFormat>(
    stream: &mut SendableRecordBatchStream,
    out: W,
) -> Result<(usize, W)> {
    // A NULL is written as null, not left out of the object.
    let mut writer = WriterBuilder::new()
        .with_explicit_nulls(true)
        .build::<_, F>(out);
    let mut rows = 0;
    while let Some(batch) = stream.next().await {
        let batch = batch?;
        rows += batch.num_rows();
        writer.write(&batch)?;
    }
    writer.finish()?;
    Ok((rows, writer.into_inner()))
}

/// A writer of JSON text that writes DEL, the C1 controls and the
/// bidirectional controls inside its strings as `\uXXXX` escapes
/// (`uniform::visible::json_escaped`): the same values, read back, and
/// nothing that acts on a terminal (Arrow's writer escapes only what JSON
/// requires). A character split between two writes waits for its end.
struct Visible<W: Write> {
    out: W,
    pending: Vec<u8>,
}

impl<W: Write> Visible<W> {
    fn new(out: W) -> Visible<W> {
        Visible {
            out,
            pending: Vec::new(),
        }
    }

    /// Writes what is pending up to `end`.
    fn emit(&mut self, end: usize) -> std::io::Result<()> {
        match std::str::from_utf8(&self.pending[..end]) {
            Ok(text) => self
                .out
                .write_all(uniform::visible::json_escaped(text).as_bytes())?,
            // Not UTF-8 (no Arrow JSON is): as it came.
            Err(_) => self.out.write_all(&self.pending[..end])?,
        }
        self.pending.drain(..end);
        Ok(())
    }
}

impl<W: Write> Write for Visible<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let end = match std::str::from_utf8(&self.pending) {
            Ok(_) => self.pending.len(),
            // An incomplete character at the end waits for the next write.
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => self.pending.len(),
        };
        self.emit(end)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let end = self.pending.len();
        self.emit(end)?;
        self.out.flush()
    }
}
