//! Resolution and its reverse: `url_resolve(base, ref [, rules])` and
//! `url_relativize(base, target [, rules])`, by the rules `uniform
//! resolve` takes (rfc3986 by default, rfc3986-compat, rfc2396, rfc1808,
//! rfc1630).

use datafusion::arrow::array::ArrayRef;
use datafusion::common::{Result, exec_err};
use uniform::resolve::{ResolveError, Rules};

use crate::call::Call;
use crate::slices::Slices;

type Step = fn(&str, &str, Rules) -> Result<String, ResolveError>;

fn each(call: &Call<'_>, step: Step) -> Result<ArrayRef> {
    let bases = call.texts(0)?;
    let others = call.texts(1)?;
    let rules = call.optional_texts(2)?;
    let fixed = match &rules {
        None => Some(Some(Rules::default())),
        Some(r) => match r.constant() {
            Some(name) => Some(rules_named(call.name, name)?),
            None => None,
        },
    };
    let mut out = Slices::new(&others, call.rows);
    for i in 0..call.rows {
        let rules = match (fixed, &rules) {
            (Some(fixed), _) => fixed,
            (None, Some(r)) => rules_named(call.name, r.get(i))?,
            (None, None) => None,
        };
        let (Some(base), Some(other), Some(rules)) = (bases.get(i), others.get(i), rules) else {
            out.null();
            continue;
        };
        match step(base, other, rules) {
            // A reference that resolves to itself keeps its bytes.
            Ok(result) if result == other => out.piece(i, other, other),
            Ok(result) => out.owned(&result),
            Err(_) => out.null(),
        }
    }
    out.finish()
}

fn rules_named(function: &str, name: Option<&str>) -> Result<Option<Rules>> {
    match name {
        None => Ok(None),
        Some(name) => match name.parse::<Rules>() {
            Ok(rules) => Ok(Some(rules)),
            Err(e) => exec_err!("{function}: {e}"),
        },
    }
}

pub(crate) fn resolve(call: &Call<'_>) -> Result<ArrayRef> {
    each(call, uniform::resolve::resolve)
}

pub(crate) fn relativize(call: &Call<'_>) -> Result<ArrayRef> {
    each(call, uniform::resolve::relativize)
}
