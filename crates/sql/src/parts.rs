//! The functions that parse one URL a row: validity, the components, the
//! port, the canonical form, a search parameter, the registrable domain.

use datafusion::arrow::array::{ArrayRef, BooleanBuilder, Int32Builder};
use datafusion::common::Result;
use std::borrow::Cow;
use std::sync::Arc;
use uniform::{Dialect, ParseOptions, Url, UrlRef};

use crate::call::Call;
use crate::slices::Slices;

/// A component that is a piece of the URL's text.
pub(crate) type Part = for<'u> fn(&UrlRef<'u>) -> Option<&'u str>;

/// A row's URL: its own text, or under the WHATWG dialect the
/// serialization the Standard's parser made of it (a piece of which is
/// copied into the answer, never referenced).
enum Row<'a> {
    Text(UrlRef<'a>),
    Serialized(Url),
}

impl Row<'_> {
    fn url(&self) -> UrlRef<'_> {
        match self {
            Row::Text(u) => *u,
            Row::Serialized(u) => u.as_url_ref(),
        }
    }
}

fn parse_row(options: ParseOptions, text: &str) -> Option<Row<'_>> {
    if options.get_dialect() == Dialect::Whatwg {
        Url::parse_with(options, text).ok().map(Row::Serialized)
    } else {
        options.parse(text).ok().map(Row::Text)
    }
}

/// The row loop of the functions whose answer is text: row `i`'s URL,
/// parsed by the options at `options` (dialect) and `options + 1`
/// (strict), goes to `answer`, which appends the row's value; NULL where
/// the URL or an option is NULL or the URL does not parse.
fn text_per_url<'a>(
    call: &Call<'a>,
    options: usize,
    mut answer: impl for<'u> FnMut(&mut Slices<'_>, usize, &'a str, &UrlRef<'u>),
) -> Result<ArrayRef> {
    let urls = call.texts(0)?;
    let parsing = call.parsing(options, Some(options + 1))?;
    let mut out = Slices::new(&urls, call.rows);
    for i in 0..call.rows {
        let parsed = match (urls.get(i), parsing.at(i)?) {
            (Some(text), Some(options)) => parse_row(options, text).map(|url| (text, url)),
            _ => None,
        };
        match parsed {
            Some((text, row)) => answer(&mut out, i, text, &row.url()),
            None => out.null(),
        }
    }
    out.finish()
}

/// `url_X(url [, dialect [, strict]])` for a component `part`: a view of
/// the input's bytes, NULL when the URL does not parse or has no such
/// component.
pub(crate) fn component(call: &Call<'_>, part: Part) -> Result<ArrayRef> {
    text_per_url(call, 1, |out, i, text, url| match part(url) {
        Some(piece) => out.piece(i, text, piece),
        None => out.null(),
    })
}

pub(crate) fn scheme(call: &Call<'_>) -> Result<ArrayRef> {
    component(call, |u| Some(u.scheme()))
}

pub(crate) fn user(call: &Call<'_>) -> Result<ArrayRef> {
    component(call, |u| u.user())
}

pub(crate) fn host(call: &Call<'_>) -> Result<ArrayRef> {
    component(call, |u| u.host())
}

pub(crate) fn path(call: &Call<'_>) -> Result<ArrayRef> {
    component(call, |u| u.path())
}

pub(crate) fn query(call: &Call<'_>) -> Result<ArrayRef> {
    component(call, |u| u.query())
}

pub(crate) fn fragment(call: &Call<'_>) -> Result<ArrayRef> {
    component(call, |u| u.fragment())
}

/// `url_valid(url [, dialect [, strict]])`: strict unless told otherwise,
/// as `uniform check` is.
pub(crate) fn valid(call: &Call<'_>) -> Result<ArrayRef> {
    let urls = call.texts(0)?;
    let strict_by_default = call.args.len() < 3;
    let parsing = call.parsing(1, Some(2))?;
    let mut out = BooleanBuilder::with_capacity(call.rows);
    for i in 0..call.rows {
        match (urls.get(i), parsing.at(i)?) {
            (Some(text), Some(options)) => {
                let options = if strict_by_default {
                    options.strict(true)
                } else {
                    options
                };
                out.append_value(parse_row(options, text).is_some());
            }
            _ => out.append_null(),
        }
    }
    Ok(Arc::new(out.finish()))
}

/// `url_port(url [, dialect [, strict]])`: the port written, else the
/// scheme's default; NULL when there is neither, or when what is written
/// is no port number.
pub(crate) fn port(call: &Call<'_>) -> Result<ArrayRef> {
    let urls = call.texts(0)?;
    let parsing = call.parsing(1, Some(2))?;
    let mut out = Int32Builder::with_capacity(call.rows);
    for i in 0..call.rows {
        let port = match (urls.get(i), parsing.at(i)?) {
            (Some(text), Some(options)) => parse_row(options, text).and_then(|row| {
                let u = row.url();
                // A port written that is no port number (a lenient parse
                // lets 99999999 through) is not the default's.
                match u.port_str() {
                    Some(written) if !written.is_empty() && u.port().is_none() => None,
                    _ => u.port_or_default(),
                }
            }),
            _ => None,
        };
        out.append_option(port.map(i32::from));
    }
    Ok(Arc::new(out.finish()))
}

/// `url_normalize(url [, dialect [, strict]])`: the canonical form
/// (`uniform normalize`).
pub(crate) fn normalize(call: &Call<'_>) -> Result<ArrayRef> {
    text_per_url(call, 1, |out, i, text, url| {
        let canonical = url.canonical();
        // The canonical form is often the text itself.
        if canonical == text {
            out.piece(i, text, text);
        } else {
            out.owned(&canonical);
        }
    })
}

/// `url_equal(a, b [, dialect [, strict]])`: whether the two name the same
/// object by the canonical form (an escaped reserved character is not the
/// character); NULL when either is NULL or does not parse.
pub(crate) fn equal(call: &Call<'_>) -> Result<ArrayRef> {
    let left = call.texts(0)?;
    let right = call.texts(1)?;
    let parsing = call.parsing(2, Some(3))?;
    let mut out = BooleanBuilder::with_capacity(call.rows);
    for i in 0..call.rows {
        let answer = match (left.get(i), right.get(i), parsing.at(i)?) {
            (Some(a), Some(b), Some(options)) => {
                match (parse_row(options, a), parse_row(options, b)) {
                    (Some(a), Some(b)) => Some(a.url().equivalent(&b.url())),
                    _ => None,
                }
            }
            _ => None,
        };
        out.append_option(answer);
    }
    Ok(Arc::new(out.finish()))
}

/// `url_query_param(url, key)`: the value of the first pair of the search
/// part whose name is `key`, both read as
/// application/x-www-form-urlencoded (`+` a space, escapes decoded); `''`
/// for a name without `=`; NULL when there is no such pair.
pub(crate) fn query_param(call: &Call<'_>) -> Result<ArrayRef> {
    let keys = call.texts(1)?;
    text_per_url(call, 2, |out, i, text, url| {
        let Some(key) = keys.get(i) else {
            out.null();
            return;
        };
        let value = url.query().and_then(|q| {
            q.split('&')
                .filter(|piece| !piece.is_empty())
                .map(|piece| piece.split_once('=').unwrap_or((piece, "")))
                .find(|(name, _)| uniform::edit::form_decode(name) == key)
                .map(|(_, value)| value)
        });
        match value.map(|v| (v, uniform::edit::form_decode(v))) {
            Some((raw, Cow::Borrowed(_))) => out.piece(i, text, raw),
            Some((_, Cow::Owned(decoded))) => out.owned(&decoded),
            None => out.null(),
        }
    })
}

/// `url_registrable_domain(url [, dialect [, strict]])`: the host's public
/// suffix and the one label before it (`www.example.co.uk` gives
/// `example.co.uk`), by the public suffix list; NULL for an address, a
/// host that is a public suffix itself, or no host.
pub(crate) fn registrable_domain(call: &Call<'_>) -> Result<ArrayRef> {
    text_per_url(call, 1, |out, i, text, url| {
        let host = Some(url)
            .filter(|u| !u.host_is_ip_literal())
            .and_then(|u| u.hostname())
            .filter(|h| !h.is_empty() && !h.bytes().all(|b| b.is_ascii_digit() || b == b'.'));
        let Some(host) = host else {
            out.null();
            return;
        };
        // The list is written in lower case; a trailing dot (an absolute
        // name) does not change the domain.
        let trimmed = host.strip_suffix('.').unwrap_or(host);
        if trimmed.bytes().any(|b| b.is_ascii_uppercase()) {
            let lower = trimmed.to_ascii_lowercase();
            match psl::domain_str(&lower) {
                Some(d) => out.owned(d),
                None => out.null(),
            }
        } else {
            match psl::domain_str(trimmed) {
                Some(d) => out.piece(i, text, d),
                None => out.null(),
            }
        }
    })
}
