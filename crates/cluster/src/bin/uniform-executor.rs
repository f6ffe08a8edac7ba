//! Ballista's executor, running plans that call Uniform's URL functions.
//! Takes Ballista's own flags (`--scheduler-port`, `--bind-port`,
//! `--bind-grpc-port`, `--work-dir`, ...).

use ballista_executor::config::Config;
use ballista_executor::executor_process::{ExecutorProcessConfig, start_executor_process};
use clap::Parser;
use std::sync::Arc;

#[tokio::main]
async fn main() -> ballista_core::error::Result<()> {
    let opt = Config::parse();
    let mut config: ExecutorProcessConfig = opt.try_into()?;
    uniform_cluster::init_logging(&config.special_mod_log_level);
    config.override_function_registry = Some(Arc::new(uniform_cluster::function_registry()));
    start_executor_process(Arc::new(config)).await
}
