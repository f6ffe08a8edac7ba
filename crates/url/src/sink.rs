//! Where the violations a parse finds go: turned into its error in strict
//! mode, kept as warnings (up to a bound) in lenient mode.

use crate::error::{ParseError, ParseErrorKind};
use crate::prelude::*;
use crate::rulebook::Force;

/// How many warnings a lenient parse keeps: a 100 MB line of spaces must
/// not cost a hundred million of them.
pub const MAX_WARNINGS: usize = 256;

/// Where violations go.
#[derive(Debug)]
pub(crate) struct Sink<'v> {
    pub(crate) strict: bool,
    pub(crate) out: Option<&'v mut Vec<ParseError>>,
}

impl Sink<'_> {
    /// Whether reports are kept or turned into errors: if neither, checks
    /// that only report can be skipped.
    #[inline]
    pub(crate) fn listening(&self) -> bool {
        self.strict || self.out.is_some()
    }

    /// Records a violation: in strict mode it becomes the error.
    #[cold]
    pub(crate) fn report(&mut self, e: ParseError) -> Result<(), ParseError> {
        if self.strict && e.kind() != ParseErrorKind::UndefinedSyntax {
            return Err(e);
        }
        if let Some(out) = self.out.as_deref_mut()
            && out.len() < MAX_WARNINGS
        {
            out.push(e);
        }
        Ok(())
    }

    /// Records a breach of a rulebook rule by its force: an invalid URL
    /// as [`Sink::report`]; advice as a warning in both modes, never the
    /// error (a limit the dialect's grammar does not set).
    #[cold]
    pub(crate) fn cite(&mut self, e: ParseError, force: Force) -> Result<(), ParseError> {
        match force {
            Force::Invalid => self.report(e),
            Force::Advice => {
                if let Some(out) = self.out.as_deref_mut()
                    && out.len() < MAX_WARNINGS
                {
                    out.push(e.into_advice());
                }
                Ok(())
            }
        }
    }
}
