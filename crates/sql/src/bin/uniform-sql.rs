//! `uniform-sql`: SQL over files of URLs with Uniform's functions, on
//! embedded DataFusion (every core, streaming) or, with `--cluster`, on a
//! Ballista cluster. `uniform sql ARGS...` runs this binary with its
//! arguments as they were given, as git and cargo run their external
//! subcommands: DataFusion stays out of the `uniform` binary and of every
//! build that does not ask for it.
//!
//! Exit status: 0 the query ran; 1 the query, a table or the output failed;
//! 2 a usage error.

#![forbid(unsafe_code)]

use clap::{Parser, ValueEnum};
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use uniform::visible::{acts, escaped};
use uniform_sql::output::Format;
use uniform_sql::session::{Job, Table, is_broken_pipe};

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
enum OutputFormat {
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
#[derive(Parser, Debug)]
#[command(name = "uniform-sql", version, after_help = HELP)]
struct Args {
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

/// Says what went wrong on standard error, escaped for the terminal.
fn fail(code: u8, what: &str) -> ExitCode {
    let _ = writeln!(io::stderr(), "uniform: sql: {}", escaped(what));
    ExitCode::from(code)
}

fn main() -> ExitCode {
    // clap prints help and usage errors itself (status 0 or 2), unless an
    // error quotes an argument with a control in it: then escaped.
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => {
            let text = e.render().to_string();
            if !text.chars().any(|c| c != '\n' && acts(c)) {
                e.exit();
            }
            return fail(2, text.trim_end());
        }
    };
    let mut tables = Vec::new();
    for t in &args.tables {
        match t.split_once('=') {
            Some((name, file)) if !name.is_empty() && !file.is_empty() => tables.push(Table {
                name: name.to_string(),
                path: file.to_string(),
            }),
            _ => return fail(2, &format!("--table {t}: NAME=FILE expected")),
        }
    }
    let format = match args.format {
        OutputFormat::Table => Format::Table,
        OutputFormat::Csv => Format::Csv,
        OutputFormat::Json => Format::Json,
        OutputFormat::Ndjson => Format::NdJson,
        OutputFormat::Parquet => Format::Parquet,
    };
    let out: Box<dyn Write + Send> = match &args.output {
        Some(p) => match std::fs::File::create(p) {
            Ok(f) => Box::new(io::BufWriter::new(f)),
            Err(e) => return fail(1, &format!("-o {}: {e}", p.display())),
        },
        None => Box::new(io::BufWriter::new(io::stdout())),
    };
    let job = Job {
        query: args.query,
        tables,
        format,
        cluster: args.cluster,
    };
    match job.run_blocking(out) {
        Ok(_) => ExitCode::SUCCESS,
        // A closed reader (`uniform sql ... | head`) is not a failure.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => fail(1, &e.to_string()),
    }
}
