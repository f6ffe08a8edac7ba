//! `uniform sql QUERY`: SQL over files of URLs with Uniform's functions,
//! on embedded DataFusion (every core, streaming) or, with `--cluster`, on
//! a Ballista cluster (the library uniform-sql does the work; this module
//! reads the flags).

use crate::cmd::{Run, Status};
use clap::ValueEnum;
use std::io;
use std::path::PathBuf;

const HELP: &str = "\
Tables: --table NAME=FILE, read by the file's extension: .csv (a header
line), .tsv, .json/.ndjson/.jsonl (one object a line), .parquet; any other
file is text, one URL a line, as the column `url`. A folder is read as
its files of one kind: that of its first CSV, TSV, JSON or Parquet file.

Functions (NULL in, NULL out; a URL that does not parse gives NULL):
  url_valid(url [, dialect [, strict]])   strict unless strict => false
  url_scheme, url_user, url_host, url_path, url_query, url_fragment
      (url [, dialect [, strict]])        the component as written
  url_port(url [, ...])                   written, else the scheme's default
  url_query_param(url, key [, ...])       the key's first value, form-decoded
  url_normalize(url [, ...])              the canonical form
  url_equal(a, b [, ...])                 the same object?
  url_registrable_domain(url [, ...])     by the public suffix list
  url_resolve(base, ref [, rules]), url_relativize(base, target [, rules])
  url_encode(text [, set]), url_decode(text)
  url_extract(text)                       the URLs in a text, as a list
dialect: rfc1738 (default), rfc1630, rfc3986. rules: rfc3986 (default),
rfc3986-compat, rfc2396, rfc1808, rfc1630.

Exit status: 0 the query ran; 1 the query, a table or the output failed
(DataFusion's message on standard error); 2 a usage error.";

/// How the result is written.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    /// An aligned table.
    Table,
    /// CSV with a header line.
    Csv,
    /// A JSON array of objects.
    Json,
    /// One JSON object a line.
    Ndjson,
    /// Apache Parquet (with -o FILE).
    Parquet,
}

/// Run SQL with Uniform's URL functions over CSV, NDJSON, Parquet or text files
#[derive(clap::Args, Debug)]
#[command(after_help = HELP)]
pub struct Args {
    /// The query
    #[arg(value_name = "QUERY")]
    query: String,
    /// A table: NAME=FILE (repeatable)
    #[arg(long = "table", short = 't', value_name = "NAME=FILE")]
    tables: Vec<String>,
    /// How the result is written
    #[arg(long, value_enum, default_value = "table")]
    format: OutputFormat,
    /// Write the result to FILE instead of standard output
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// Run on the Ballista cluster whose scheduler is at df://HOST:PORT
    /// (scripts/cluster.sh start)
    #[arg(long, value_name = "df://HOST:PORT")]
    cluster: Option<String>,
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        run(self)
    }
}

#[cfg(not(feature = "sql"))]
fn run(_: Args) -> io::Result<Status> {
    eprintln!("uniform: sql: this uniform was built without the `sql` feature");
    Ok(Status::Usage)
}

#[cfg(feature = "sql")]
fn run(args: Args) -> io::Result<Status> {
    use std::io::Write;
    use uniform_sql::output::Format;
    use uniform_sql::session::{Job, Table};

    let mut tables = Vec::new();
    for t in &args.tables {
        match t.split_once('=') {
            Some((name, file)) if !name.is_empty() && !file.is_empty() => tables.push(Table {
                name: name.to_string(),
                path: file.to_string(),
            }),
            _ => {
                eprintln!("uniform: sql: --table {t}: NAME=FILE expected");
                return Ok(Status::Usage);
            }
        }
    }
    let format = match args.format {
        OutputFormat::Table => Format::Table,
        OutputFormat::Csv => Format::Csv,
        OutputFormat::Json => Format::Json,
        OutputFormat::Ndjson => Format::NdJson,
        OutputFormat::Parquet => Format::Parquet,
    };
    let job = Job {
        query: args.query,
        tables,
        format,
        cluster: args.cluster,
    };
    let out: Box<dyn Write + Send> = match &args.output {
        Some(p) => match std::fs::File::create(p) {
            Ok(f) => Box::new(io::BufWriter::new(f)),
            Err(e) => {
                eprintln!("uniform: sql: -o {}: {e}", p.display());
                return Ok(Status::Failure);
            }
        },
        None => Box::new(io::BufWriter::new(io::stdout())),
    };
    match job.run_blocking(out) {
        Ok(_) => Ok(Status::Success),
        Err(e) => {
            // A closed reader (`uniform sql ... | head`) is not a failure.
            if uniform_sql::session::is_broken_pipe(&e) {
                return Ok(Status::Success);
            }
            eprintln!(
                "uniform: sql: {}",
                uniform::visible::escaped(&e.to_string())
            );
            Ok(Status::Failure)
        }
    }
}
