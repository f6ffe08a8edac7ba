//! Files as tables: CSV, NDJSON and Parquet by DataFusion's own readers,
//! and a text file of one URL a line as a table of one column, `url`.

use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::common::{Result, plan_err};
use datafusion::prelude::{CsvReadOptions, JsonReadOptions, ParquetReadOptions, SessionContext};
use std::path::Path;

/// How a file is read, by its name's extension.
///
/// # Example
///
/// ```
/// use uniform_sql::tables::FileKind;
/// assert_eq!(FileKind::of("crawl/part-0.parquet"), FileKind::Parquet);
/// assert_eq!(FileKind::of("links.JSONL"), FileKind::NdJson);
/// assert_eq!(FileKind::of("urls.txt"), FileKind::Lines);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// `.csv`: a header line, then rows.
    Csv,
    /// `.tsv`: as CSV, separated by tabs.
    Tsv,
    /// `.json`, `.ndjson`, `.jsonl`: one JSON object a line.
    NdJson,
    /// `.parquet`.
    Parquet,
    /// Anything else: one URL a line, the column `url`.
    Lines,
}

impl FileKind {
    /// The kind of the file at `path`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_sql::tables::FileKind;
    /// assert_eq!(FileKind::of("a.csv"), FileKind::Csv);
    /// ```
    pub fn of(path: &str) -> FileKind {
        let ext = Path::new(path)
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        match ext.as_str() {
            "csv" => FileKind::Csv,
            "tsv" => FileKind::Tsv,
            "json" | "ndjson" | "jsonl" => FileKind::NdJson,
            "parquet" => FileKind::Parquet,
            _ => FileKind::Lines,
        }
    }
}

/// The bytes that separate and quote the fields of a text file read as
/// CSV: the unit separator and NUL, which no URL and no line of text
/// holds, so that each line is one field whatever commas and quotes it
/// has.
const LINE_DELIMITER: u8 = 0x1f;
const LINE_QUOTE: u8 = 0x00;

/// Registers the file at `path` as the table `name`; a folder is read
/// as every file in it with the extension of its first CSV, TSV, JSON or
/// Parquet file (else of its first file).
///
/// # Example
///
/// ```
/// use datafusion::prelude::SessionContext;
/// # tokio::runtime::Runtime::new().unwrap().block_on(async {
/// let dir = std::env::temp_dir().join(format!("uniform-sql-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let file = dir.join("urls.txt");
/// std::fs::write(&file, "http://a.example/x,y\nftp://b.example/\"q\"\n").unwrap();
/// let ctx = SessionContext::new();
/// uniform_sql::tables::register(&ctx, "urls", file.to_str().unwrap()).await?;
/// let n = ctx.sql("SELECT count(*) FROM urls").await?.collect().await?;
/// assert_eq!(n[0].num_rows(), 1);
/// # std::fs::remove_dir_all(&dir).unwrap();
/// # Ok::<_, datafusion::error::DataFusionError>(())
/// # }).unwrap();
/// ```
pub async fn register(ctx: &SessionContext, name: &str, path: &str) -> Result<()> {
    if name.is_empty() {
        return plan_err!("a table needs a name: --table NAME=FILE");
    }
    // A folder is read as its files of one kind: that of its first file
    // (by name, hidden ones aside) that is CSV, TSV, JSON or Parquet, else
    // its first file, as text.
    let named = match std::fs::read_dir(path) {
        Ok(entries) => {
            let mut names: Vec<String> = entries
                .filter_map(|e| e.ok())
                .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| !n.starts_with('.'))
                .collect();
            names.sort();
            // A table's files among others (a README beside Parquet
            // parts) are found by their kind.
            let table = names
                .iter()
                .position(|n| FileKind::of(n) != FileKind::Lines);
            match table
                .map(|k| names.swap_remove(k))
                .or(names.into_iter().next())
            {
                Some(first) => first,
                None => return plan_err!("{path}: a folder with no file to read"),
            }
        }
        Err(_) => path.to_string(),
    };
    let ext = Path::new(&named)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_string();
    let ext = ext.as_str();
    match FileKind::of(&named) {
        FileKind::Csv => {
            ctx.register_csv(name, path, CsvReadOptions::new().file_extension(ext))
                .await
        }
        FileKind::Tsv => {
            let options = CsvReadOptions::new().delimiter(b'\t').file_extension(ext);
            ctx.register_csv(name, path, options).await
        }
        FileKind::NdJson => {
            let options = JsonReadOptions::default().file_extension(ext);
            ctx.register_json(name, path, options).await
        }
        FileKind::Parquet => {
            let options = ParquetReadOptions::default().file_extension(ext);
            ctx.register_parquet(name, path, options).await
        }
        FileKind::Lines => {
            let schema = lines_schema();
            let options = CsvReadOptions::new()
                .has_header(false)
                .delimiter(LINE_DELIMITER)
                .quote(LINE_QUOTE)
                .schema(&schema)
                .file_extension(ext);
            ctx.register_csv(name, path, options).await
        }
    }
}

/// The schema of a text file of URLs: one nullable text column, `url`.
///
/// # Example
///
/// ```
/// assert_eq!(uniform_sql::tables::lines_schema().field(0).name(), "url");
/// ```
pub fn lines_schema() -> Schema {
    Schema::new(vec![Field::new("url", DataType::Utf8, true)])
}
