//! `URLSearchParams` and the `application/x-www-form-urlencoded` format
//! (URL Standard section 5).

use super::encode::EncodeSet;
use crate::prelude::*;
use crate::url::Url;
use core::fmt;

/// A list of name-value pairs read from or written as
/// `application/x-www-form-urlencoded`: the Standard's `URLSearchParams`.
///
/// # Example
///
/// ```
/// use uniform::whatwg::{self, SearchParams};
/// let mut p = SearchParams::parse("?q=%F0%9F%8F%B3&key=e1+f&q=2");
/// assert_eq!(p.get("key"), Some("e1 f"));
/// assert_eq!(p.get_all("q"), ["🏳", "2"]);
/// p.sort();
/// p.set("q", "a b");
/// assert_eq!(p.to_string(), "key=e1+f&q=a+b");
///
/// let mut url = whatwg::parse("https://h.example/?b=1&a=2", None)?;
/// let mut q = SearchParams::of(&url);
/// q.sort();
/// q.apply(&mut url);
/// assert_eq!(url.as_str(), "https://h.example/?a=2&b=1");
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SearchParams {
    list: Vec<(String, String)>,
}

impl SearchParams {
    /// An empty list.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::SearchParams;
    /// assert!(SearchParams::new().is_empty());
    /// ```
    pub fn new() -> SearchParams {
        SearchParams::default()
    }

    /// The `application/x-www-form-urlencoded` parser over `input`, a
    /// leading `?` dropped as the constructor drops it.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::SearchParams;
    /// let p = SearchParams::parse("a=1&&=2&c");
    /// let pairs: Vec<_> = p.iter().collect();
    /// assert_eq!(pairs, [("a", "1"), ("", "2"), ("c", "")]);
    /// ```
    pub fn parse(input: &str) -> SearchParams {
        let input = input.strip_prefix('?').unwrap_or(input);
        SearchParams {
            list: form_parse(input.as_bytes()),
        }
    }

    /// The pairs of `url`'s query (none without one).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::{self, SearchParams};
    /// let url = whatwg::parse("http://h/?x=1", None)?;
    /// assert_eq!(SearchParams::of(&url).get("x"), Some("1"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn of(url: &Url) -> SearchParams {
        SearchParams {
            list: url
                .query()
                .map(|q| form_parse(q.as_bytes()))
                .unwrap_or_default(),
        }
    }

    /// Writes the list as `url`'s query, as the Standard's update steps
    /// do: an empty list leaves no query. `url` becomes a URL of the
    /// WHATWG dialect.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::{self, SearchParams};
    /// let mut url = whatwg::parse("http://h/?x=1#f", None)?;
    /// let mut p = SearchParams::of(&url);
    /// p.delete("x", None);
    /// p.apply(&mut url);
    /// assert_eq!(url.as_str(), "http://h/#f");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn apply(&self, url: &mut Url) {
        if let Ok(mut r) = super::entry::base_record(&url.as_url_ref()) {
            let s = self.to_string();
            r.query = if s.is_empty() { None } else { Some(s) };
            *url = r.to_url();
        }
    }

    /// How many pairs.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::SearchParams;
    /// assert_eq!(SearchParams::parse("a&b").len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::SearchParams;
    /// assert!(SearchParams::parse("&&").is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Appends a pair.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::SearchParams;
    /// let mut p = SearchParams::new();
    /// p.append("a", "b&c");
    /// assert_eq!(p.to_string(), "a=b%26c");
    /// ```
    pub fn append(&mut self, name: &str, value: &str) {
        self.list.push((name.into(), value.into()));
    }

    /// Removes the pairs named `name` (and, when given, of that value).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::SearchParams;
    /// let mut p = SearchParams::parse("a=1&a=2&b=3");
    /// p.delete("a", Some("2"));
    /// assert_eq!(p.to_string(), "a=1&b=3");
    /// ```
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        self.list
            .retain(|(n, v)| !(n == name && value.is_none_or(|value| v == value)));
    }

    /// The value of the first pair named `name`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::SearchParams;
    /// assert_eq!(SearchParams::parse("a=1&a=2").get("a"), Some("1"));
    /// ```
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The values of every pair named `name`, in order.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::SearchParams;
    /// assert_eq!(SearchParams::parse("a=1&b&a=2").get_all("a"), ["1", "2"]);
    /// ```
    pub fn get_all(&self, name: &str) -> Vec<&str> {
        self.list
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// Whether a pair is named `name` (and, when given, has that value).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::SearchParams;
    /// let p = SearchParams::parse("a=1");
    /// assert!(p.has("a", None) && !p.has("a", Some("2")));
    /// ```
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        self.list
            .iter()
            .any(|(n, v)| n == name && value.is_none_or(|value| v == value))
    }

    /// Sets the first pair named `name` to `value` and removes the others
    /// of that name, or appends the pair.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::SearchParams;
    /// let mut p = SearchParams::parse("a=1&b=2&a=3");
    /// p.set("a", "x");
    /// assert_eq!(p.to_string(), "a=x&b=2");
    /// ```
    pub fn set(&mut self, name: &str, value: &str) {
        let mut found = false;
        self.list.retain_mut(|(n, v)| {
            if n != name {
                return true;
            }
            if found {
                return false;
            }
            found = true;
            *v = value.into();
            true
        });
        if !found {
            self.append(name, value);
        }
    }

    /// Sorts the pairs by name, comparing UTF-16 code units as
    /// JavaScript does (so U+FFFD sorts after U+1F308), keeping the order
    /// of pairs of one name.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::SearchParams;
    /// let mut p = SearchParams::parse("%EF%BF%BD=1&%F0%9F%8C%88=2&a=3");
    /// p.sort();
    /// let names: Vec<_> = p.iter().map(|(n, _)| n).collect();
    /// assert_eq!(names, ["a", "🌈", "\u{FFFD}"]);
    /// ```
    pub fn sort(&mut self) {
        self.list
            .sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
    }

    /// The pairs, in order.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::whatwg::SearchParams;
    /// assert_eq!(SearchParams::parse("a=b").iter().next(), Some(("a", "b")));
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.list.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }
}

/// The `application/x-www-form-urlencoded` serializer.
impl fmt::Display for SearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        for (i, (n, v)) in self.list.iter().enumerate() {
            if i > 0 {
                out.push('&');
            }
            EncodeSet::Form.append(n.as_bytes(), &mut out);
            out.push('=');
            EncodeSet::Form.append(v.as_bytes(), &mut out);
        }
        f.write_str(&out)
    }
}

/// The `application/x-www-form-urlencoded` parser.
fn form_parse(input: &[u8]) -> Vec<(String, String)> {
    let decode = |bytes: &[u8]| {
        let plus: Vec<u8> = bytes
            .iter()
            .map(|&b| if b == b'+' { b' ' } else { b })
            .collect();
        String::from_utf8_lossy(&crate::pct::decode(&plus)).into_owned()
    };
    input
        .split(|&b| b == b'&')
        .filter(|s| !s.is_empty())
        .map(|s| match s.iter().position(|&b| b == b'=') {
            Some(eq) => (decode(&s[..eq]), decode(&s[eq + 1..])),
            None => (decode(s), String::new()),
        })
        .collect()
}
