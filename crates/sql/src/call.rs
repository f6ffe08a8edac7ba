//! One invocation of a function over a batch: its arguments, its row
//! count, and the parse options its optional arguments select.

use datafusion::common::{Result, exec_err};
use datafusion::logical_expr::ColumnarValue;
use uniform::{Dialect, ParseOptions};

use crate::args::{Flags, Texts};

/// The arguments of one call, and how many rows it answers for.
#[derive(Debug)]
pub(crate) struct Call<'a> {
    pub(crate) name: &'static str,
    pub(crate) args: &'a [ColumnarValue],
    pub(crate) rows: usize,
}

impl<'a> Call<'a> {
    pub(crate) fn texts(&self, k: usize) -> Result<Texts<'a>> {
        Texts::of(self.name, &self.args[k])
    }

    /// Argument `k` if it was given.
    pub(crate) fn optional_texts(&self, k: usize) -> Result<Option<Texts<'a>>> {
        self.args
            .get(k)
            .map(|a| Texts::of(self.name, a))
            .transpose()
    }

    /// The parse options named by the optional arguments `dialect` and
    /// `strict` (their positions), row by row.
    pub(crate) fn parsing(&self, dialect: usize, strict: Option<usize>) -> Result<Parsing<'a>> {
        let dialect = self.optional_texts(dialect)?;
        let strict = match strict.and_then(|k| self.args.get(k)) {
            Some(a) => Some(Flags::of(self.name, a)?),
            None => None,
        };
        let mut parsing = Parsing {
            name: self.name,
            dialect,
            strict,
            fixed: None,
        };
        // Constant options (the usual case) are read once.
        let constant_dialect = parsing
            .dialect
            .as_ref()
            .is_none_or(|d| d.constant().is_some());
        let constant_strict = matches!(parsing.strict, None | Some(Flags::Const(_)));
        if constant_dialect && constant_strict {
            parsing.fixed = Some(parsing.read(0)?);
        }
        Ok(parsing)
    }
}

/// The parse options of each row.
#[derive(Debug)]
pub(crate) struct Parsing<'a> {
    name: &'static str,
    dialect: Option<Texts<'a>>,
    strict: Option<Flags<'a>>,
    fixed: Option<Option<ParseOptions>>,
}

impl Parsing<'_> {
    /// Row `i`'s options; `None` when an option is NULL (the result is
    /// then NULL).
    #[inline]
    pub(crate) fn at(&self, i: usize) -> Result<Option<ParseOptions>> {
        match self.fixed {
            Some(fixed) => Ok(fixed),
            None => self.read(i),
        }
    }

    fn read(&self, i: usize) -> Result<Option<ParseOptions>> {
        let mut options = ParseOptions::new();
        if let Some(d) = &self.dialect {
            let Some(name) = d.get(i) else {
                return Ok(None);
            };
            match Dialect::from_name(name) {
                Some(dialect) => options = options.dialect(dialect),
                None => {
                    return exec_err!(
                        "{}: unknown dialect '{name}' (rfc1738, rfc1630, rfc3986 or whatwg)",
                        self.name
                    );
                }
            }
        }
        if let Some(s) = &self.strict {
            let Some(strict) = s.get(i) else {
                return Ok(None);
            };
            options = options.strict(strict);
        }
        Ok(Some(options))
    }
}
