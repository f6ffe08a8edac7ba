//! What a Ballista scheduler and executor need to run Uniform's URL
//! functions: the session the scheduler plans in, and the function
//! registry the executors decode plans with, both holding every function
//! of [`uniform_sql::functions`]. The binaries `uniform-scheduler` and
//! `uniform-executor` are Ballista's own processes started with these;
//! `scripts/cluster.sh start` runs one scheduler and two executors on
//! loopback.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use ballista_core::registry::BallistaFunctionRegistry;
use std::sync::Arc;
use uniform_sql::datafusion::execution::FunctionRegistry;
use uniform_sql::datafusion::execution::SessionState;
use uniform_sql::datafusion::prelude::SessionConfig;

/// The scheduler's session: Ballista's default one, with Uniform's
/// functions.
///
/// # Example
///
/// ```
/// use uniform_sql::datafusion::prelude::SessionConfig;
/// let state = uniform_cluster::session_state(SessionConfig::new()).unwrap();
/// assert!(state.scalar_functions().contains_key("url_host"));
/// ```
pub fn session_state(
    config: SessionConfig,
) -> uniform_sql::datafusion::common::Result<SessionState> {
    let mut state = ballista_core::utils::default_session_builder(config)?;
    for f in uniform_sql::functions() {
        state.register_udf(Arc::new(f))?;
    }
    Ok(state)
}

/// The executors' function registry: DataFusion's functions and Uniform's.
///
/// # Example
///
/// ```
/// let registry = uniform_cluster::function_registry();
/// assert!(registry.scalar_functions.contains_key("url_valid"));
/// assert!(registry.scalar_functions.contains_key("lower"));
/// ```
pub fn function_registry() -> BallistaFunctionRegistry {
    let mut registry = BallistaFunctionRegistry::default();
    for f in uniform_sql::functions() {
        registry
            .scalar_functions
            .insert(f.name().to_string(), Arc::new(f));
    }
    registry
}

/// Logs to standard output at `level` (or `RUST_LOG`), as Ballista's own
/// binaries do.
///
/// # Example
///
/// ```
/// uniform_cluster::init_logging("warn");
/// ```
pub fn init_logging(level: &str) {
    let filter = std::env::var("RUST_LOG").unwrap_or_else(|_| level.to_string());
    let _ = tracing_subscriber::fmt()
        .with_ansi(false)
        .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
        .try_init();
}
