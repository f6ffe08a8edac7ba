//! `--cluster df://HOST:PORT`: the same query on a Ballista cluster whose
//! scheduler and executors know Uniform's functions (the crate
//! uniform-cluster). The client plans with the functions too; the plan
//! names them, and each executor finds them in its registry.

use datafusion::common::Result;
use datafusion::prelude::SessionContext;

#[cfg(feature = "cluster")]
pub(crate) async fn connect(url: &str) -> Result<SessionContext> {
    use ballista::prelude::SessionContextExt;
    let ctx = SessionContext::remote(url).await?;
    crate::catalog::register(&ctx);
    Ok(ctx)
}

#[cfg(not(feature = "cluster"))]
pub(crate) async fn connect(url: &str) -> Result<SessionContext> {
    datafusion::common::not_impl_err!(
        "--cluster {url}: uniform-sql was built without the `cluster` feature"
    )
}
