//! The ways into the machine: the input cleaned as the Standard cleans
//! it and placed back on the input for errors, the one-pass copy first
//! where it applies, and the record of a base URL.

use super::fast;
use super::machine::{self, Fail};
use super::record::Record;
use super::validation::ValidationError;
use crate::error::ParseError;
use crate::prelude::*;
use crate::table::Component;
use crate::url::{Url, UrlRef};

/// The input as the machine reads it: leading and trailing C0 controls
/// and spaces trimmed (when `trim`), tabs and newlines removed; and the
/// way back to the input's byte offsets.
pub(crate) struct Cleaned<'a> {
    pub(crate) text: Cow<'a, [u8]>,
    lead: usize,
    /// For each removed byte, how many bytes were kept before it.
    removed: Vec<usize>,
}

impl<'a> Cleaned<'a> {
    pub(crate) fn new(
        input: &'a str,
        trim: bool,
        warn: &mut dyn FnMut(ValidationError, usize),
    ) -> Self {
        let bytes = input.as_bytes();
        let (mut start, mut end) = (0, bytes.len());
        if trim {
            while start < end && bytes[start] <= b' ' {
                start += 1;
            }
            while end > start && bytes[end - 1] <= b' ' {
                end -= 1;
            }
            if start > 0 {
                warn(ValidationError::InvalidUrlUnit, 0);
            } else if end < bytes.len() {
                warn(ValidationError::InvalidUrlUnit, end);
            }
        }
        let kept = &bytes[start..end];
        if !kept.iter().any(|&b| matches!(b, b'\t' | b'\n' | b'\r')) {
            return Cleaned {
                text: Cow::Borrowed(kept),
                lead: start,
                removed: Vec::new(),
            };
        }
        let mut text = Vec::with_capacity(kept.len());
        let mut removed = Vec::new();
        for (i, &b) in kept.iter().enumerate() {
            if matches!(b, b'\t' | b'\n' | b'\r') {
                if removed.is_empty() {
                    warn(ValidationError::InvalidUrlUnit, start + i);
                }
                removed.push(text.len());
            } else {
                text.push(b);
            }
        }
        Cleaned {
            text: Cow::Owned(text),
            lead: start,
            removed,
        }
    }

    /// The input's byte offset of the machine's byte `i`.
    fn original(&self, i: usize) -> usize {
        self.lead + i + self.removed.iter().take_while(|&&r| r <= i).count()
    }
}

/// Runs the basic URL parser: the record, or the failure as an error;
/// each validation error goes to `warnings` (when `Some`).
pub(crate) fn run(
    input: &str,
    base: Option<&Record>,
    mut warnings: Option<&mut Vec<ParseError>>,
) -> Result<Record, ParseError> {
    let listening = warnings.is_some();
    let mut early = Vec::new();
    let cleaned = Cleaned::new(input, true, &mut |e, at| {
        if listening {
            early.push(e.at(at, Component::Scheme, false));
        }
    });
    if let Some(w) = warnings.as_deref_mut() {
        w.extend(early);
    }
    let mut url = Record::new();
    let mut warn = |e: ValidationError, at: usize, c: Component| {
        if let Some(w) = warnings.as_deref_mut()
            && w.len() < crate::sink::MAX_WARNINGS
        {
            w.push(e.at(cleaned.original(at), c, false));
        }
    };
    let outcome = machine::run(&cleaned.text, base, &mut url, None, listening, &mut warn);
    match outcome {
        Ok(()) => Ok(url),
        Err(Fail {
            error,
            at,
            component,
        }) => Err(error.at(cleaned.original(at), component, true)),
    }
}

/// The URL of `input` against `base`: the one-pass copy when it takes the
/// input (no base, no validation error kept), else the machine's record
/// serialized.
pub(crate) fn url_of(
    input: &str,
    base: Option<&Record>,
    warnings: Option<&mut Vec<ParseError>>,
) -> Result<Url, ParseError> {
    if base.is_none()
        && warnings.is_none()
        && let Some((text, off)) = fast::parse(input)
    {
        return Ok(Url::from_parts(text, off, None));
    }
    run(input, base, warnings).map(|r| r.to_url())
}

/// The record of `base`: read from its text when another dialect parsed
/// it.
pub(crate) fn base_record(base: &UrlRef<'_>) -> Result<Record, ParseError> {
    if base.dialect() == crate::dialect::Dialect::Whatwg {
        Ok(Record::of(base))
    } else {
        run(base.as_str(), None, None)
    }
}
