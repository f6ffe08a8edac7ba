//! The steps of a [`Recipe`](super::Recipe), each read from trurl's
//! `PART=VALUE` text: [`Set`], [`Append`], [`Replace`], [`Iterate`] and a
//! query trim.

use super::syntax::{EditSyntaxError, EditSyntaxErrorKind};
use crate::prelude::*;
use crate::table::Component;
use core::str::FromStr;

/// trurl's part names, which are not [`Component::name`]'s ("user", not
/// "user name"; "query", not "search part").
const PARTS: [(&str, Component); 8] = [
    ("scheme", Component::Scheme),
    ("user", Component::User),
    ("password", Component::Password),
    ("host", Component::Host),
    ("port", Component::Port),
    ("path", Component::Path),
    ("query", Component::Query),
    ("fragment", Component::Fragment),
];

/// The component trurl names `name`: `scheme`, `user`, `password`, `host`,
/// `port`, `path`, `query` or `fragment`.
///
/// # Example
///
/// ```
/// use uniform::Component;
/// use uniform::edit::part_named;
///
/// assert_eq!(part_named("query"), Some(Component::Query));
/// assert_eq!(part_named("search part"), None);
/// ```
pub fn part_named(name: &str) -> Option<Component> {
    PARTS.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
}

/// One set of a part (trurl's `--set`): `PART=VALUE` encodes VALUE as the
/// part requires, `PART:=VALUE` takes it as written, `PART?=VALUE` sets
/// only a part the URL lacks. An empty VALUE removes the part.
///
/// # Example
///
/// ```
/// use uniform::Component;
/// use uniform::edit::Set;
///
/// let set: Set = "query:=a=b".parse()?;
/// assert_eq!((set.part, set.raw, set.if_absent), (Component::Query, true, false));
/// assert_eq!(set.value, "a=b");
/// # Ok::<_, uniform::edit::EditSyntaxError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Set {
    /// The part set.
    pub part: Component,
    /// `PART:=VALUE`: the value is already encoded.
    pub raw: bool,
    /// `PART?=VALUE`: only when the URL has no such part.
    pub if_absent: bool,
    /// The value; empty to remove the part.
    pub value: String,
}

impl Set {
    /// A set of `part` to `value`, encoded as the part requires, whether
    /// or not the URL has the part.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Component, Url};
    /// use uniform::edit::{Recipe, Set};
    ///
    /// let recipe = Recipe::new().set(Set::new(Component::Path, "c d"));
    /// let mut url = Url::parse("http://h/")?;
    /// recipe.apply(&mut url, &[], false, Default::default())?;
    /// assert_eq!(url.as_str(), "http://h/c%20d");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(part: Component, value: impl Into<String>) -> Self {
        Set {
            part,
            raw: false,
            if_absent: false,
            value: value.into(),
        }
    }

    /// Reads trurl's `PART=VALUE`, `PART:=VALUE` or `PART?=VALUE`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Component;
    /// use uniform::edit::{EditSyntaxErrorKind, Set};
    ///
    /// let set = Set::parse("host?=example.com")?;
    /// assert_eq!((set.part, set.if_absent), (Component::Host, true));
    /// assert_eq!(Set::parse("host").unwrap_err().kind(), EditSyntaxErrorKind::Form);
    /// assert!(Set::parse("port=").is_ok());
    /// # Ok::<_, uniform::edit::EditSyntaxError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Self, EditSyntaxError> {
        let (name, value) = text
            .split_once('=')
            .ok_or(EditSyntaxError::form("PART=VALUE"))?;
        let (name, if_absent) = match name.strip_suffix('?') {
            Some(n) => (n, true),
            None => (name, false),
        };
        let (name, raw) = match name.strip_suffix(':') {
            Some(n) => (n, true),
            None => (name, false),
        };
        let part = part_named(name).ok_or_else(|| EditSyntaxError::unknown_part(name))?;
        if part == Component::Port && !value.is_empty() && value.parse::<u16>().is_err() {
            return Err(EditSyntaxError::of(EditSyntaxErrorKind::NotAPort));
        }
        Ok(Set {
            part,
            raw,
            if_absent,
            value: value.to_string(),
        })
    }

    /// trurl's `--accept-space` for a value given encoded: its spaces
    /// read as a URL's would, `+` in the query and `%20` elsewhere. A
    /// value to be encoded is left alone, since its spaces are encoded
    /// anyway.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::edit::Set;
    ///
    /// assert_eq!(Set::parse("query:=a b")?.accept_space().value, "a+b");
    /// assert_eq!(Set::parse("path:=a b")?.accept_space().value, "a%20b");
    /// assert_eq!(Set::parse("path=a b")?.accept_space().value, "a b");
    /// # Ok::<_, uniform::edit::EditSyntaxError>(())
    /// ```
    pub fn accept_space(mut self) -> Self {
        if self.raw {
            let space = if self.part == Component::Query {
                "+"
            } else {
                "%20"
            };
            self.value = self.value.replace(' ', space);
        }
        self
    }
}

impl FromStr for Set {
    type Err = EditSyntaxError;

    /// As [`Set::parse`].
    fn from_str(text: &str) -> Result<Self, EditSyntaxError> {
        Set::parse(text)
    }
}

/// One append (trurl's `--append`): a path segment, encoded (`/` becomes
/// `%2F`), or a query pair, form-encoded.
///
/// # Example
///
/// ```
/// use uniform::edit::Append;
///
/// assert_eq!("path=a b".parse(), Ok(Append::Segment("a b".into())));
/// assert_eq!("query=k=v=w".parse(), Ok(Append::Pair("k".into(), Some("v=w".into()))));
/// assert_eq!("query=k".parse(), Ok(Append::Pair("k".into(), None)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Append {
    /// `path=SEG`: a segment after the path's last (which replaces a
    /// trailing empty one).
    Segment(String),
    /// `query=K=V` or `query=K`: a pair after the query's last.
    Pair(String, Option<String>),
}

impl Append {
    /// Reads trurl's `path=SEG` or `query=K=V`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::edit::Append;
    ///
    /// assert!(Append::parse("fragment=x").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Self, EditSyntaxError> {
        if let Some(seg) = text.strip_prefix("path=") {
            Ok(Append::Segment(seg.to_string()))
        } else if let Some(pair) = text.strip_prefix("query=") {
            Ok(match pair.split_once('=') {
                Some((k, v)) => Append::Pair(k.to_string(), Some(v.to_string())),
                None => Append::Pair(pair.to_string(), None),
            })
        } else {
            Err(EditSyntaxError::form("path=SEG or query=K=V"))
        }
    }
}

impl FromStr for Append {
    type Err = EditSyntaxError;

    /// As [`Append::parse`].
    fn from_str(text: &str) -> Result<Self, EditSyntaxError> {
        Append::parse(text)
    }
}

/// The KEY of trurl's older `--trim query=KEY`, a pattern for
/// [`Recipe::trim`](super::Recipe::trim).
///
/// # Example
///
/// ```
/// use uniform::edit::trim_key;
///
/// assert_eq!(trim_key("query=utm_*"), Ok("utm_*"));
/// assert_eq!(trim_key("utm_*").unwrap_err().to_string(), "expected query=KEY");
/// ```
pub fn trim_key(text: &str) -> Result<&str, EditSyntaxError> {
    text.strip_prefix("query=")
        .ok_or(EditSyntaxError::form("query=KEY"))
}

/// Whether a query key (form-decoded) matches a trim pattern: the key
/// itself, or with a trailing `*` any key that starts so. A trailing `\*`
/// is a star, as in trurl.
///
/// # Example
///
/// ```
/// use uniform::edit::trims;
///
/// assert!(trims("utm_*", "utm_source"));
/// assert!(!trims("utm_*", "xutm_"));
/// assert!(trims("a\\*", "a*"));
/// assert!(!trims("a\\*", "ab"));
/// ```
pub fn trims(pattern: &str, key: &str) -> bool {
    if let Some(prefix) = pattern.strip_suffix("\\*") {
        return key.strip_prefix(prefix) == Some("*");
    }
    match pattern.strip_suffix('*') {
        Some(prefix) => key.starts_with(prefix),
        None => key == pattern,
    }
}

/// One replace (trurl's `--replace` and `--replace-append`): the first
/// pair with the key gets the value and the others with that key go. The
/// key and value are not encoded.
///
/// # Example
///
/// ```
/// use uniform::edit::Replace;
///
/// let r = Replace::parse("k=v w", true)?;
/// assert_eq!((r.key.as_str(), r.value.as_deref(), r.append), ("k", Some("v w"), true));
/// assert_eq!(Replace::parse("k", false)?.value, None);
/// # Ok::<_, uniform::edit::EditSyntaxError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replace {
    /// The key, form-decoded.
    pub key: String,
    /// The new value, form-decoded; `None` for a key without `=`.
    pub value: Option<String>,
    /// Append the pair when the query has no such key.
    pub append: bool,
}

impl Replace {
    /// Reads `K=V` or `K`; `append` for `--replace-append`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::edit::{EditSyntaxErrorKind, Replace};
    ///
    /// assert_eq!(Replace::parse("", false).unwrap_err().kind(), EditSyntaxErrorKind::NoKey);
    /// ```
    pub fn parse(text: &str, append: bool) -> Result<Self, EditSyntaxError> {
        if text.is_empty() {
            return Err(EditSyntaxError::of(EditSyntaxErrorKind::NoKey));
        }
        let (key, value) = match text.split_once('=') {
            Some((k, v)) => (k.to_string(), Some(v.to_string())),
            None => (text.to_string(), None),
        };
        Ok(Replace { key, value, append })
    }
}

impl FromStr for Replace {
    type Err = EditSyntaxError;

    /// As [`Replace::parse`], without appending.
    fn from_str(text: &str) -> Result<Self, EditSyntaxError> {
        Replace::parse(text, false)
    }
}

/// One iterate (trurl's `--iterate`): a part and its values, one URL for
/// each; [`combinations`] crosses several.
///
/// # Example
///
/// ```
/// use uniform::Component;
/// use uniform::edit::Iterate;
///
/// let it: Iterate = "port=80  8080".parse()?;
/// assert_eq!(it.part, Component::Port);
/// assert_eq!(it.values, ["80", "8080"]);
/// # Ok::<_, uniform::edit::EditSyntaxError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iterate {
    /// The part set.
    pub part: Component,
    /// Its values, each set (encoded) in turn.
    pub values: Vec<String>,
}

impl Iterate {
    /// Reads `PART=V1 V2 ...`: the values are separated by spaces, and
    /// each must be one [`Set::parse`] takes for the part.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::edit::{EditSyntaxErrorKind, Iterate};
    ///
    /// assert_eq!(Iterate::parse("host= ").unwrap_err().kind(), EditSyntaxErrorKind::NoValue);
    /// assert_eq!(Iterate::parse("host").unwrap_err().to_string(), "expected PART=\"V1 V2 ...\"");
    /// ```
    pub fn parse(text: &str) -> Result<Self, EditSyntaxError> {
        let (name, values) = text
            .split_once('=')
            .ok_or(EditSyntaxError::form("PART=\"V1 V2 ...\""))?;
        // The name as given, `:` or `?` and all, is the one shown.
        let set =
            Set::parse(&format!("{name}=")).map_err(|_| EditSyntaxError::unknown_part(name))?;
        let values: Vec<String> = values
            .split(' ')
            .filter(|v| !v.is_empty())
            .map(String::from)
            .collect();
        if values.is_empty() {
            return Err(EditSyntaxError::of(EditSyntaxErrorKind::NoValue));
        }
        for v in &values {
            let one = format!("{name}={v}");
            if let Err(e) = Set::parse(&one) {
                return Err(e.about(one));
            }
        }
        Ok(Iterate {
            part: set.part,
            values,
        })
    }
}

impl FromStr for Iterate {
    type Err = EditSyntaxError;

    /// As [`Iterate::parse`].
    fn from_str(text: &str) -> Result<Self, EditSyntaxError> {
        Iterate::parse(text)
    }
}

/// Every combination of the iterates' values, as the sets that make it,
/// the first iterate's values varying slowest; one empty combination
/// when there is no iterate.
///
/// # Example
///
/// ```
/// use uniform::edit::{Iterate, combinations};
///
/// let its = [Iterate::parse("host=a b")?, Iterate::parse("port=1 2")?];
/// let values: Vec<Vec<String>> = combinations(&its)
///     .into_iter()
///     .map(|c| c.into_iter().map(|s| s.value).collect())
///     .collect();
/// assert_eq!(values, [["a", "1"], ["a", "2"], ["b", "1"], ["b", "2"]]);
/// assert_eq!(combinations(&[]).len(), 1);
/// # Ok::<_, uniform::edit::EditSyntaxError>(())
/// ```
pub fn combinations(iterates: &[Iterate]) -> Vec<Vec<Set>> {
    let mut out: Vec<Vec<Set>> = vec![Vec::new()];
    for it in iterates {
        let mut next = Vec::with_capacity(out.len() * it.values.len());
        for combo in &out {
            for v in &it.values {
                let mut c = combo.clone();
                c.push(Set::new(it.part, v.clone()));
                next.push(c);
            }
        }
        out = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_arguments() {
        let s = Set::parse("query:=a=b").unwrap();
        assert_eq!(
            (s.part, s.raw, s.value.as_str()),
            (Component::Query, true, "a=b")
        );
        let s = Set::parse("path=a=b").unwrap();
        assert_eq!(
            (s.part, s.raw, s.value.as_str()),
            (Component::Path, false, "a=b")
        );
        let e = Set::parse("nope=1").unwrap_err();
        assert!(e.to_string().contains("unknown part"));
        let e = Set::parse("port=x").unwrap_err();
        assert!(e.to_string().contains("port number"));
        assert!(Set::parse("port=65536").is_err());
        assert!(Set::parse("port=").is_ok());
        assert!(Set::parse("host").is_err());
    }

    #[test]
    fn append_arguments() {
        assert!(matches!(Append::parse("path=a b"), Ok(Append::Segment(s)) if s == "a b"));
        assert!(
            matches!(Append::parse("query=k=v=w"), Ok(Append::Pair(k, Some(v))) if k == "k" && v == "v=w")
        );
        assert!(matches!(Append::parse("query=k"), Ok(Append::Pair(k, None)) if k == "k"));
        assert!(Append::parse("fragment=x").is_err());
    }

    #[test]
    fn qtrim_patterns() {
        assert!(trims("utm_*", "utm_source"));
        assert!(!trims("utm_*", "xutm_"));
        assert!(trims("a", "a"));
        assert!(!trims("a", "ab"));
    }

    #[test]
    fn iterate_names_the_part_as_given() {
        let e = Iterate::parse("host?x=a").unwrap_err();
        assert_eq!(e.part(), Some("host?x"));
        let it = Iterate::parse("host:=a b").unwrap();
        assert_eq!(it.part, Component::Host);
        assert_eq!(combinations(&[it])[1][0], Set::new(Component::Host, "b"));
    }
}
