//! A query as a job: the tables it reads, the format it writes, and where
//! it runs. Embedded DataFusion by default, on every core, streaming its
//! result batch by batch.

use datafusion::common::Result;
use datafusion::error::DataFusionError;
use datafusion::prelude::{SessionConfig, SessionContext};
use std::io::Write;

use crate::output::{self, Format};
use crate::tables;

/// A file to read as a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The name the query uses.
    pub name: String,
    /// The file (or folder of files).
    pub path: String,
}

/// One `uniform sql` run.
///
/// # Example
///
/// ```
/// use uniform_sql::output::Format;
/// use uniform_sql::session::Job;
///
/// let job = Job {
///     query: "SELECT url_scheme('gopher://h/1') AS s".into(),
///     tables: vec![],
///     format: Format::Csv,
///     cluster: None,
/// };
/// let mut out = Vec::new();
/// job.run_blocking(&mut out)?;
/// assert_eq!(String::from_utf8(out).unwrap(), "s\ngopher\n");
/// # Ok::<_, datafusion::error::DataFusionError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Job {
    /// The SQL.
    pub query: String,
    /// The tables it may read.
    pub tables: Vec<Table>,
    /// How the result is written.
    pub format: Format,
    /// A Ballista scheduler, `df://HOST:PORT`; embedded when `None`.
    pub cluster: Option<String>,
}

impl Job {
    /// Runs the job on a runtime of its own and writes the result to
    /// `out`; returns the number of rows.
    ///
    /// # Example
    ///
    /// ```
    /// # use uniform_sql::{output::Format, session::Job};
    /// let job = Job { query: "SELEC 1".into(), tables: vec![], format: Format::Csv, cluster: None };
    /// assert!(job.run_blocking(Vec::new()).is_err());
    /// ```
    pub fn run_blocking<W: Write + Send>(&self, out: W) -> Result<usize> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .map_err(DataFusionError::IoError)?;
        runtime.block_on(self.run(out))
    }

    /// Runs the job; returns the number of rows written to `out`.
    ///
    /// # Example
    ///
    /// ```
    /// # use uniform_sql::{output::Format, session::Job};
    /// let job = Job { query: "SELECT url_port('http://h/') AS p".into(), tables: vec![], format: Format::Csv, cluster: None };
    /// let mut out = Vec::new();
    /// let rows = tokio::runtime::Runtime::new().unwrap().block_on(job.run(&mut out))?;
    /// assert_eq!((rows, String::from_utf8(out).unwrap()), (1, "p\n80\n".to_string()));
    /// # Ok::<_, datafusion::error::DataFusionError>(())
    /// ```
    pub async fn run<W: Write + Send>(&self, out: W) -> Result<usize> {
        let ctx = self.context().await?;
        for table in &self.tables {
            tables::register(&ctx, &table.name, &table.path).await?;
        }
        let stream = ctx.sql(&self.query).await?.execute_stream().await?;
        output::write(stream, self.format, out).await
    }

    async fn context(&self) -> Result<SessionContext> {
        match &self.cluster {
            None => embedded_from_env(),
            Some(url) => crate::cluster::connect(url).await,
        }
    }
}

/// A DataFusion session with every function registered, on every core.
///
/// # Example
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// assert!(uniform_sql::session::embedded().udf("url_host").is_ok());
/// ```
pub fn embedded() -> SessionContext {
    with_functions(SessionConfig::new())
}

/// As [`embedded`], with DataFusion's settings read from the environment
/// first (`DATAFUSION_EXECUTION_TARGET_PARTITIONS=4`,
/// `DATAFUSION_EXECUTION_BATCH_SIZE=...`: each `datafusion.*` key in upper
/// case, dots as underscores).
///
/// # Example
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// assert!(uniform_sql::session::embedded_from_env()?.udf("url_port").is_ok());
/// # Ok::<_, datafusion::error::DataFusionError>(())
/// ```
pub fn embedded_from_env() -> Result<SessionContext> {
    Ok(with_functions(SessionConfig::from_env()?))
}

/// A session of `config`, with the information schema and every function.
fn with_functions(config: SessionConfig) -> SessionContext {
    let ctx = SessionContext::new_with_config(config.with_information_schema(true));
    crate::catalog::register(&ctx);
    ctx
}

/// Whether `e` is a write to a reader that went away.
///
/// # Example
///
/// ```
/// use datafusion::error::DataFusionError;
/// let e = DataFusionError::IoError(std::io::ErrorKind::BrokenPipe.into());
/// assert!(uniform_sql::session::is_broken_pipe(&e));
/// ```
pub fn is_broken_pipe(e: &DataFusionError) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(err) = source {
        if err
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
        {
            return true;
        }
        source = err.source();
    }
    false
}
