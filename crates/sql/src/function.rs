//! The table of Uniform's SQL functions, and the one `ScalarUDFImpl` that
//! serves every row of it.

use datafusion::arrow::array::ArrayRef;
use datafusion::arrow::datatypes::{DataType, Field};
use datafusion::common::{Result, exec_err, plan_err};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, Volatility,
};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::call::Call;
use crate::{codec, extract, parts, relative};

/// What an argument holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arg {
    Text,
    Flag,
}

/// What a function gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Gives {
    /// `Utf8View`: pieces of the input are views of its bytes.
    Text,
    Int,
    Bool,
    /// A list of `Utf8`.
    TextList,
}

/// One SQL function: its name, arguments (the first `required` of them
/// must be given), result, and what computes it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spec {
    pub(crate) name: &'static str,
    pub(crate) args: &'static [Arg],
    pub(crate) required: usize,
    pub(crate) gives: Gives,
    pub(crate) eval: fn(&Call<'_>) -> Result<ArrayRef>,
}

use Arg::{Flag, Text};

/// `(url [, dialect [, strict]])`
const URL_OPTIONS: &[Arg] = &[Text, Text, Flag];

/// Every function, in the order the manual lists them.
pub(crate) const FUNCTIONS: &[Spec] = &[
    Spec {
        name: "url_valid",
        args: URL_OPTIONS,
        required: 1,
        gives: Gives::Bool,
        eval: parts::valid,
    },
    Spec {
        name: "url_scheme",
        args: URL_OPTIONS,
        required: 1,
        gives: Gives::Text,
        eval: parts::scheme,
    },
    Spec {
        name: "url_user",
        args: URL_OPTIONS,
        required: 1,
        gives: Gives::Text,
        eval: parts::user,
    },
    Spec {
        name: "url_host",
        args: URL_OPTIONS,
        required: 1,
        gives: Gives::Text,
        eval: parts::host,
    },
    Spec {
        name: "url_port",
        args: URL_OPTIONS,
        required: 1,
        gives: Gives::Int,
        eval: parts::port,
    },
    Spec {
        name: "url_path",
        args: URL_OPTIONS,
        required: 1,
        gives: Gives::Text,
        eval: parts::path,
    },
    Spec {
        name: "url_query",
        args: URL_OPTIONS,
        required: 1,
        gives: Gives::Text,
        eval: parts::query,
    },
    Spec {
        name: "url_fragment",
        args: URL_OPTIONS,
        required: 1,
        gives: Gives::Text,
        eval: parts::fragment,
    },
    Spec {
        name: "url_query_param",
        args: &[Text, Text, Text, Flag],
        required: 2,
        gives: Gives::Text,
        eval: parts::query_param,
    },
    Spec {
        name: "url_normalize",
        args: URL_OPTIONS,
        required: 1,
        gives: Gives::Text,
        eval: parts::normalize,
    },
    Spec {
        name: "url_equal",
        args: &[Text, Text, Text, Flag],
        required: 2,
        gives: Gives::Bool,
        eval: parts::equal,
    },
    Spec {
        name: "url_registrable_domain",
        args: URL_OPTIONS,
        required: 1,
        gives: Gives::Text,
        eval: parts::registrable_domain,
    },
    Spec {
        name: "url_resolve",
        args: &[Text, Text, Text],
        required: 2,
        gives: Gives::Text,
        eval: relative::resolve,
    },
    Spec {
        name: "url_relativize",
        args: &[Text, Text, Text],
        required: 2,
        gives: Gives::Text,
        eval: relative::relativize,
    },
    Spec {
        name: "url_encode",
        args: &[Text, Text],
        required: 1,
        gives: Gives::Text,
        eval: codec::encode,
    },
    Spec {
        name: "url_decode",
        args: &[Text],
        required: 1,
        gives: Gives::Text,
        eval: codec::decode,
    },
    Spec {
        name: "url_extract",
        args: &[Text],
        required: 1,
        gives: Gives::TextList,
        eval: extract::extract,
    },
];

/// A row of [`FUNCTIONS`] as a DataFusion scalar function. Two are the
/// same function when their names are.
#[derive(Debug)]
pub(crate) struct UrlFunction {
    spec: Spec,
    signature: Signature,
}

impl UrlFunction {
    pub(crate) fn udf(spec: Spec) -> ScalarUDF {
        ScalarUDF::new_from_impl(UrlFunction {
            spec,
            // Arity and types are checked by `coerce_types`, with messages
            // that name the function's own arguments.
            signature: Signature::user_defined(Volatility::Immutable),
        })
    }
}

impl PartialEq for UrlFunction {
    fn eq(&self, other: &Self) -> bool {
        self.spec.name == other.spec.name
    }
}

impl Eq for UrlFunction {}

impl Hash for UrlFunction {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.spec.name.hash(state);
    }
}

impl ScalarUDFImpl for UrlFunction {
    fn name(&self) -> &str {
        self.spec.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn coerce_types(&self, arg_types: &[DataType]) -> Result<Vec<DataType>> {
        let spec = &self.spec;
        if arg_types.len() < spec.required || arg_types.len() > spec.args.len() {
            let count = if spec.required == spec.args.len() {
                spec.required.to_string()
            } else {
                format!("{} to {}", spec.required, spec.args.len())
            };
            return plan_err!(
                "{} takes {count} arguments, not {}",
                spec.name,
                arg_types.len()
            );
        }
        arg_types
            .iter()
            .zip(spec.args)
            .enumerate()
            .map(|(k, (given, wanted))| match (wanted, given) {
                (Arg::Text, DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View) => {
                    Ok(given.clone())
                }
                (Arg::Text, DataType::Null | DataType::Dictionary(..)) => Ok(DataType::Utf8),
                (Arg::Flag, DataType::Boolean | DataType::Null) => Ok(DataType::Boolean),
                (Arg::Text, _) => {
                    plan_err!(
                        "{}: argument {} must be text, not {given}",
                        spec.name,
                        k + 1
                    )
                }
                (Arg::Flag, _) => {
                    plan_err!(
                        "{}: argument {} must be a boolean, not {given}",
                        spec.name,
                        k + 1
                    )
                }
            })
            .collect()
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(match self.spec.gives {
            Gives::Text => DataType::Utf8View,
            Gives::Int => DataType::Int32,
            Gives::Bool => DataType::Boolean,
            Gives::TextList => {
                DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, true)))
            }
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        if args.args.len() < self.spec.required || args.args.len() > self.spec.args.len() {
            return exec_err!("{}: {} arguments", self.spec.name, args.args.len());
        }
        let call = Call {
            name: self.spec.name,
            args: &args.args,
            rows: args.number_rows,
        };
        (self.spec.eval)(&call).map(ColumnarValue::Array)
    }
}
