//! Ballista's scheduler, planning with Uniform's URL functions. Takes
//! Ballista's own flags (`--bind-host`, `--bind-port`, ...).

use ballista_core::error::BallistaError;
use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::{Config, SchedulerConfig};
use ballista_scheduler::scheduler_process::start_server;
use clap::Parser;
use std::sync::Arc;

fn main() -> ballista_core::error::Result<()> {
    // Deep plans recurse: Ballista's own binary gives its threads 32 MiB.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(32 * 1024 * 1024)
        .build()?;
    runtime.block_on(run())
}

async fn run() -> ballista_core::error::Result<()> {
    let opt = Config::parse();
    uniform_cluster::init_logging(&opt.log_level_setting);
    let addr = format!("{}:{}", opt.bind_host, opt.bind_port)
        .parse()
        .map_err(|e: std::net::AddrParseError| BallistaError::Configuration(e.to_string()))?;
    let config: SchedulerConfig = opt.try_into()?;
    let config = config.with_override_session_builder(Arc::new(uniform_cluster::session_state));
    let cluster = BallistaCluster::new_from_config(&config).await?;
    start_server(cluster, addr, Arc::new(config)).await
}
