//! A function's arguments as columns that answer row by row, whether
//! DataFusion handed over an array or a constant: a constant is read once
//! and never expanded into an array of copies.

use datafusion::arrow::array::{
    Array, ArrayRef, BooleanArray, LargeStringArray, StringArray, StringViewArray,
};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{Result, ScalarValue, exec_err};
use datafusion::logical_expr::ColumnarValue;

/// A text argument.
#[derive(Debug)]
pub(crate) enum Texts<'a> {
    Const(Option<&'a str>),
    Utf8(&'a StringArray),
    Large(&'a LargeStringArray),
    View(&'a StringViewArray),
}

impl<'a> Texts<'a> {
    pub(crate) fn of(name: &str, value: &'a ColumnarValue) -> Result<Texts<'a>> {
        Ok(match value {
            ColumnarValue::Scalar(s) => Texts::Const(match s {
                ScalarValue::Utf8(v) | ScalarValue::LargeUtf8(v) | ScalarValue::Utf8View(v) => {
                    v.as_deref()
                }
                ScalarValue::Null => None,
                other => return exec_err!("{name}: text expected, not {}", other.data_type()),
            }),
            ColumnarValue::Array(a) => Texts::array(name, a)?,
        })
    }

    fn array(name: &str, a: &'a ArrayRef) -> Result<Texts<'a>> {
        let any = a.as_any();
        let texts = match a.data_type() {
            DataType::Utf8 => any.downcast_ref().map(Texts::Utf8),
            DataType::LargeUtf8 => any.downcast_ref().map(Texts::Large),
            DataType::Utf8View => any.downcast_ref().map(Texts::View),
            _ => None,
        };
        match texts {
            Some(t) => Ok(t),
            None => exec_err!("{name}: text expected, not {}", a.data_type()),
        }
    }

    /// Row `i`'s text; `None` for NULL.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            Texts::Const(v) => *v,
            Texts::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Texts::Large(a) => a.is_valid(i).then(|| a.value(i)),
            Texts::View(a) => a.is_valid(i).then(|| a.value(i)),
        }
    }

    /// The constant's value, when the argument is one.
    pub(crate) fn constant(&self) -> Option<Option<&'a str>> {
        match self {
            Texts::Const(v) => Some(*v),
            _ => None,
        }
    }
}

/// A boolean argument.
#[derive(Debug)]
pub(crate) enum Flags<'a> {
    Const(Option<bool>),
    Array(&'a BooleanArray),
}

impl<'a> Flags<'a> {
    pub(crate) fn of(name: &str, value: &'a ColumnarValue) -> Result<Flags<'a>> {
        Ok(match value {
            ColumnarValue::Scalar(ScalarValue::Boolean(b)) => Flags::Const(*b),
            ColumnarValue::Scalar(ScalarValue::Null) => Flags::Const(None),
            ColumnarValue::Array(a) => match a.as_any().downcast_ref::<BooleanArray>() {
                Some(b) => Flags::Array(b),
                None => return exec_err!("{name}: boolean expected, not {}", a.data_type()),
            },
            ColumnarValue::Scalar(other) => {
                return exec_err!("{name}: boolean expected, not {}", other.data_type());
            }
        })
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<bool> {
        match self {
            Flags::Const(v) => *v,
            Flags::Array(a) => a.is_valid(i).then(|| a.value(i)),
        }
    }
}
