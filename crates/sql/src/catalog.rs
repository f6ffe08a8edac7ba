//! The functions as DataFusion knows them: every row of the table made a
//! `ScalarUDF`, and their registration in a session.

use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;

use crate::function::{FUNCTIONS, UrlFunction};

/// Every function, ready to register in a session or a function registry
/// (a Ballista executor's, say).
///
/// # Example
///
/// ```
/// let names: Vec<String> = uniform_sql::functions().iter().map(|f| f.name().to_string()).collect();
/// assert!(names.contains(&"url_registrable_domain".to_string()));
/// ```
pub fn functions() -> Vec<ScalarUDF> {
    FUNCTIONS
        .iter()
        .map(|spec| UrlFunction::udf(*spec))
        .collect()
}

/// Registers every function in `ctx`.
///
/// # Example
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// use datafusion::prelude::SessionContext;
/// let ctx = SessionContext::new();
/// uniform_sql::register(&ctx);
/// assert!(ctx.udf("url_valid").is_ok());
/// ```
pub fn register(ctx: &SessionContext) {
    for f in functions() {
        ctx.register_udf(f);
    }
}
