//! The search part as pairs: raw (as written) and
//! application/x-www-form-urlencoded (decoded, `+` a space).

use super::error::{EditError, EditErrorKind};
use crate::pct::{EncodeSet, decode_utf8_lossy, push_escape};
use crate::prelude::*;
use crate::table::Component;
use crate::url::Url;

/// The raw pairs of a search part: `key[=value]` split on `&`, as
/// written (still encoded); empty pieces (`a&&b`) are skipped. Made by
/// [`Url::query_pairs`].
///
/// # Example
///
/// ```
/// use uniform::Url;
/// let url = Url::parse("http://h/?a=1&b&c=x%26y")?;
/// let pairs: Vec<_> = url.query_pairs().collect();
/// assert_eq!(pairs, [("a", Some("1")), ("b", None), ("c", Some("x%26y"))]);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct QueryPairs<'a> {
    rest: core::str::Split<'a, char>,
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = (&'a str, Option<&'a str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let piece = self.rest.next()?;
            if piece.is_empty() {
                continue;
            }
            return Some(match piece.split_once('=') {
                Some((k, v)) => (k, Some(v)),
                None => (piece, None),
            });
        }
    }
}

/// The pairs of a search part decoded as
/// application/x-www-form-urlencoded: `+` is a space, escapes are
/// decoded, bytes that are not UTF-8 replaced; a key without `=` has the
/// value `""`. Made by [`Url::form_pairs`].
///
/// # Example
///
/// ```
/// use uniform::Url;
/// let url = Url::parse("http://h/?q=a+b%2Bc&flag")?;
/// let pairs: Vec<(String, String)> =
///     url.form_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
/// assert_eq!(pairs, [("q".to_string(), "a b+c".to_string()), ("flag".into(), "".into())]);
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct FormPairs<'a> {
    raw: QueryPairs<'a>,
}

impl<'a> Iterator for FormPairs<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        let (k, v) = self.raw.next()?;
        Some((form_decode(k), form_decode(v.unwrap_or(""))))
    }
}

/// Decodes one form name or value: `+` is a space, then escapes.
///
/// # Example
///
/// ```
/// use uniform::edit::form_decode;
/// assert_eq!(form_decode("a+b%2B%C3%A9"), "a b+é");
/// ```
pub fn form_decode(s: &str) -> Cow<'_, str> {
    if s.contains('+') {
        Cow::Owned(decode_utf8_lossy(&s.replace('+', " ")).into_owned())
    } else {
        decode_utf8_lossy(s)
    }
}

/// Encodes one form name or value: a space is `+`; `&`, `=`, `+` and
/// what a search part reserves or cannot hold are escaped.
///
/// # Example
///
/// ```
/// use uniform::edit::form_encode;
/// assert_eq!(form_encode("joe doe=1&2"), "joe+doe%3D1%262");
/// assert_eq!(form_encode("plain"), "plain");
/// ```
pub fn form_encode(s: &str) -> Cow<'_, str> {
    form_encode_with(s.as_bytes(), &EncodeSet::FORM)
}

/// Percent-encodes with `set`, or form-encodes (a space as `+`; `set`
/// must then hold `+`, so that a real plus is escaped).
pub(crate) fn encode_with<'a>(s: &'a [u8], set: &EncodeSet, form: bool) -> Cow<'a, str> {
    if form && set.contains(b'+') {
        form_encode_with(s, set)
    } else {
        crate::pct::encode(s, set)
    }
}

fn form_encode_with<'a>(s: &'a [u8], set: &EncodeSet) -> Cow<'a, str> {
    if !s.iter().any(|&b| set.contains(b)) {
        // Nothing in the set, so every byte is graphic ASCII.
        return Cow::Borrowed(core::str::from_utf8(s).unwrap_or_default());
    }
    let mut out = String::with_capacity(s.len() + 8);
    for &b in s {
        if b == b' ' {
            out.push('+');
        } else if set.contains(b) {
            push_escape(&mut out, b);
        } else {
            out.push(b as char);
        }
    }
    Cow::Owned(out)
}

/// Joins raw pairs into a search part; `None` when there are none.
fn join<'p>(pairs: impl IntoIterator<Item = (&'p str, Option<&'p str>)>) -> Option<String> {
    let mut out = String::new();
    let mut any = false;
    for (k, v) in pairs {
        if any {
            out.push('&');
        }
        any = true;
        out.push_str(k);
        if let Some(v) = v {
            out.push('=');
            out.push_str(v);
        }
    }
    any.then_some(out)
}

/// Refuses a raw pair that would not read back as one pair.
fn check_raw(key: &str, value: Option<&str>) -> Result<(), EditError> {
    let bad_key = key.is_empty() && value.is_none() || key.contains(['&', '=']);
    if bad_key || value.is_some_and(|v| v.contains('&')) {
        return Err(EditError::new(
            EditErrorKind::Ambiguous,
            Component::Query,
            "a raw pair holds \"&\" (or its key \"=\", or it is empty): encode it",
        ));
    }
    Ok(())
}

impl Url {
    /// The search part's raw pairs (see [`QueryPairs`]); none without a
    /// search part.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert_eq!(Url::parse("http://h/?k=v")?.query_pairs().next(), Some(("k", Some("v"))));
    /// assert_eq!(Url::parse("http://h/")?.query_pairs().count(), 0);
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn query_pairs(&self) -> QueryPairs<'_> {
        // An absent search part splits as one empty piece, which is
        // skipped.
        QueryPairs {
            rest: self.query().unwrap_or("").split('&'),
        }
    }

    /// The search part's pairs, form-decoded (see [`FormPairs`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let url = Url::parse("http://h/?name=joe+doe")?;
    /// assert_eq!(url.form_pairs().next().map(|(_, v)| v.into_owned()), Some("joe doe".into()));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn form_pairs(&self) -> FormPairs<'_> {
        FormPairs {
            raw: self.query_pairs(),
        }
    }

    /// Replaces the search part with raw pairs, each kept as written (what
    /// is encoded stays encoded); no pairs remove the search part.
    ///
    /// # Errors
    ///
    /// [`EditErrorKind::Ambiguous`] for a pair with `&` in it or `=` in
    /// its key; [`EditErrorKind::Invalid`] for text a search part cannot
    /// hold (a raw space); [`EditErrorKind::NotAllowed`] as
    /// [`Url::set_query`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let mut url = Url::parse("http://h/?old")?;
    /// url.set_query_pairs([("a", Some("%26")), ("b", None)])?;
    /// assert_eq!(url.as_str(), "http://h/?a=%26&b");
    /// assert!(url.set_query_pairs([("a", Some("x&y"))]).is_err());
    /// url.set_query_pairs([])?;
    /// assert_eq!(url.as_str(), "http://h/");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_query_pairs<'p>(
        &mut self,
        pairs: impl IntoIterator<Item = (&'p str, Option<&'p str>)>,
    ) -> Result<(), EditError> {
        let pairs: Vec<(&str, Option<&str>)> = pairs.into_iter().collect();
        for (k, v) in &pairs {
            check_raw(k, *v)?;
        }
        self.set_query_text(join(pairs).map(Cow::Owned))
    }

    /// Replaces the search part with pairs form-encoded (a space becomes
    /// `+`); no pairs remove the search part.
    ///
    /// # Errors
    ///
    /// [`EditErrorKind::NotAllowed`] as [`Url::set_query`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let mut url = Url::parse("http://h/")?;
    /// url.set_form_pairs([("q", "a b"), ("x", "1+1=2")])?;
    /// assert_eq!(url.as_str(), "http://h/?q=a+b&x=1%2B1%3D2");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_form_pairs<K: AsRef<str>, V: AsRef<str>>(
        &mut self,
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Result<(), EditError> {
        let owned: Vec<(String, String)> = pairs
            .into_iter()
            .map(|(k, v)| (k.as_ref().to_string(), v.as_ref().to_string()))
            .collect();
        let values: Vec<&[u8]> = owned
            .iter()
            .flat_map(|(k, v)| [k.as_bytes(), v.as_bytes()])
            .collect();
        self.set_encoded_as(&values, EncodeSet::FORM, true, |u, texts| {
            let pairs = texts.chunks(2).map(|kv| (&*kv[0], kv.get(1).map(|v| &**v)));
            u.set_query_text(join(pairs).map(Cow::Owned))
        })
    }

    /// Appends one raw pair, kept as written, after what the search part
    /// holds (which is left as it is); starts a search part if none.
    ///
    /// # Errors
    ///
    /// As [`Url::set_query_pairs`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let mut url = Url::parse("http://test/?size=2&#f")?;
    /// url.append_query_pair("name", Some("joe"))?;
    /// assert_eq!(url.as_str(), "http://test/?size=2&name=joe#f");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn append_query_pair(&mut self, key: &str, value: Option<&str>) -> Result<(), EditError> {
        check_raw(key, value)?;
        let mut q = self.query().unwrap_or("").to_string();
        if !q.is_empty() && !q.ends_with('&') {
            q.push('&');
        }
        q.push_str(key);
        if let Some(v) = value {
            q.push('=');
            q.push_str(v);
        }
        self.set_query_text(Some(Cow::Owned(q)))
    }

    /// Appends one pair, form-encoded.
    ///
    /// # Errors
    ///
    /// [`EditErrorKind::NotAllowed`] as [`Url::set_query`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let mut url = Url::parse("http://test/?size=2#f")?;
    /// url.append_form_pair("name", "joe doe=")?;
    /// assert_eq!(url.as_str(), "http://test/?size=2&name=joe+doe%3D#f");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn append_form_pair(&mut self, key: &str, value: &str) -> Result<(), EditError> {
        let pair = [key.as_bytes(), value.as_bytes()];
        self.set_encoded_as(&pair, EncodeSet::FORM, true, |u, t| {
            u.append_query_pair(&t[0], Some(&t[1]))
        })
    }

    /// Keeps the raw pairs `keep` says yes to, in their order; removes the
    /// search part when none is left.
    ///
    /// # Errors
    ///
    /// None in practice (the pairs were valid); the `Result` is the
    /// setters' common form.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let mut url = Url::parse("http://h/?utm_source=x&id=7&utm_medium=y")?;
    /// url.retain_query_pairs(|k, _| !k.starts_with("utm_"))?;
    /// assert_eq!(url.as_str(), "http://h/?id=7");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn retain_query_pairs(
        &mut self,
        mut keep: impl FnMut(&str, Option<&str>) -> bool,
    ) -> Result<(), EditError> {
        if self.query().is_none() {
            return Ok(());
        }
        let q = join(self.query_pairs().filter(|(k, v)| keep(k, *v)));
        self.set_query_text(q.map(Cow::Owned))
    }

    /// Sorts the raw pairs by key, then value, byte for byte (stable: the
    /// order of equal pairs is kept).
    ///
    /// # Errors
    ///
    /// As [`Url::retain_query_pairs`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let mut url = Url::parse("http://h/?b=2&a=9&a=1")?;
    /// url.sort_query_pairs()?;
    /// assert_eq!(url.as_str(), "http://h/?a=1&a=9&b=2");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn sort_query_pairs(&mut self) -> Result<(), EditError> {
        if self.query().is_none() {
            return Ok(());
        }
        let mut pairs: Vec<(&str, Option<&str>)> = self.query_pairs().collect();
        pairs.sort();
        let q = join(pairs);
        self.set_query_text(q.map(Cow::Owned))
    }
}
