//! One URL under every dialect: what each makes of it, and the rule
//! behind each difference (`uniform check --compare`).

use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::options::ParseOptions;
use crate::prelude::*;
use crate::table::Component;
use crate::url::Url;

/// What one dialect makes of the input.
///
/// # Example
///
/// ```
/// use uniform::{compare, Dialect};
/// let c = compare::compare("http://[::1/");
/// let w = c.reading(Dialect::Whatwg).unwrap();
/// assert_eq!(w.form.as_ref().unwrap_err().rule(), "IPv6-unclosed");
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Reading {
    /// The dialect.
    pub dialect: Dialect,
    /// The URL in the dialect's one form: the `href` under the WHATWG
    /// dialect, the canonical form under the RFCs; or why the input is no
    /// URL at all under it.
    pub form: Result<Url, ParseError>,
    /// What the dialect's grammar refuses in the input while still reading
    /// it (its validation errors, under the WHATWG dialect): the input is
    /// valid under the dialect when there is none.
    pub faults: Vec<ParseError>,
}

impl Reading {
    /// Whether the input is a valid URL under this dialect: it parses and
    /// nothing in it breaks the grammar.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{compare, Dialect};
    /// let c = compare::compare("http://h/a b");
    /// assert!(!c.reading(Dialect::Rfc3986).unwrap().is_valid());
    /// ```
    pub fn is_valid(&self) -> bool {
        self.form.is_ok() && self.faults.is_empty()
    }
}

/// A component on which the dialects' forms differ.
///
/// # Example
///
/// ```
/// use uniform::{compare, Component, Dialect};
/// let c = compare::compare("http://h:80/a%7e");
/// // Every dialect drops the default port; RFC 3986 decodes %7e, the
/// // Standard decodes nothing.
/// let d = &c.differences[0];
/// assert_eq!(d.component, Component::Path);
/// assert!(d.values.contains(&(Dialect::Whatwg, Some("/a%7e".into()))));
/// assert!(d.values.contains(&(Dialect::Rfc3986, Some("/a~".into()))));
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Difference {
    /// The component.
    pub component: Component,
    /// Each dialect that read the URL, with its value of the component
    /// (`None`: absent).
    pub values: Vec<(Dialect, Option<String>)>,
    /// Each dialect's rules behind its value: `(dialect, rule, section)`;
    /// the rule of each fault in that component when there are some, else
    /// the normalization the dialect's form applies to it.
    pub rules: Vec<(Dialect, &'static str, &'static str)>,
}

/// What every dialect makes of one input.
///
/// # Example
///
/// ```
/// use uniform::{compare, Component, Dialect};
/// let c = compare::compare("HTTP://0x7f.1:80/a\\b");
/// let href = c.reading(Dialect::Whatwg).unwrap().form.as_ref().unwrap();
/// assert_eq!(href.as_str(), "http://127.0.0.1/a/b");
/// let host = c.differences.iter().find(|d| d.component == Component::Host).unwrap();
/// assert!(host.rules.iter().any(|(d, rule, _)| *d == Dialect::Whatwg && *rule == "IPv4-non-decimal-part"));
/// assert!(!c.agree());
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Comparison {
    /// One reading a dialect: the WHATWG dialect, RFC 3986, RFC 1738, RFC
    /// 1630.
    pub readings: Vec<Reading>,
    /// The components on which the forms differ, in URL order.
    pub differences: Vec<Difference>,
}

impl Comparison {
    /// The reading of `dialect`.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{compare, Dialect};
    /// let c = compare::compare("news:comp.lang.c");
    /// assert!(c.reading(Dialect::Rfc1738).unwrap().is_valid());
    /// ```
    pub fn reading(&self, dialect: Dialect) -> Option<&Reading> {
        self.readings.iter().find(|r| r.dialect == dialect)
    }

    /// Whether every dialect reads the input as the same valid URL, in
    /// the same form and with the same components.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::compare;
    /// assert!(compare::compare("http://example.com/a").agree());
    /// assert!(!compare::compare("http://example.com/a b").agree());
    /// assert!(!compare::compare("ftp://h/a?b").agree());
    /// ```
    pub fn agree(&self) -> bool {
        let first = self.readings.first().and_then(|r| r.form.as_ref().ok());
        // One text may be read two ways: ftp's "?" is a query under RFC
        // 3986 and part of the url-path under RFC 1738.
        self.differences.is_empty()
            && self.readings.iter().all(|r| {
                r.is_valid() && r.form.as_ref().ok().map(Url::as_str) == first.map(Url::as_str)
            })
    }
}

/// The order readings are given in.
const ORDER: [Dialect; 4] = [
    Dialect::Whatwg,
    Dialect::Rfc3986,
    Dialect::Rfc1738,
    Dialect::Rfc1630,
];

const COMPONENTS: [Component; 8] = [
    Component::Scheme,
    Component::User,
    Component::Password,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];

/// Reads `input` under every dialect (leniently, so that each goes as far
/// as it can) and compares the forms component by component.
///
/// # Example
///
/// ```
/// use uniform::{compare, Component, Dialect};
/// // RFC 1738 gives ftp no query: "?" is part of its url-path.
/// let c = compare::compare("ftp://h/a?b");
/// let path = c.differences.iter().find(|d| d.component == Component::Path).unwrap();
/// assert!(path.values.contains(&(Dialect::Rfc1738, Some("/a?b".into()))));
/// assert!(path.values.contains(&(Dialect::Whatwg, Some("/a".into()))));
/// ```
pub fn compare(input: &str) -> Comparison {
    let readings: Vec<Reading> = ORDER
        .iter()
        .map(|&dialect| {
            let mut warnings = Vec::new();
            let parsed = ParseOptions::new()
                .dialect(dialect)
                .parse_owned(input, &mut warnings);
            let faults = warnings.into_iter().filter(|w| !w.is_advice()).collect();
            Reading {
                dialect,
                form: parsed.map(|u| u.normalize()),
                faults,
            }
        })
        .collect();
    let mut differences = Vec::new();
    for c in COMPONENTS {
        let values: Vec<(Dialect, Option<String>)> = readings
            .iter()
            .filter_map(|r| {
                let url = r.form.as_ref().ok()?;
                Some((r.dialect, url.component(c).map(String::from)))
            })
            .collect();
        if values.windows(2).all(|w| w[0].1 == w[1].1) {
            continue;
        }
        let mut rules = Vec::new();
        for (d, _) in &values {
            let before = rules.len();
            if let Some(r) = readings.iter().find(|r| r.dialect == *d) {
                for f in r.faults.iter().filter(|f| f.component() == c) {
                    let rule = (*d, f.rule(), f.section());
                    if !rules[before..].contains(&rule) {
                        rules.push(rule);
                    }
                }
            }
            if rules.len() == before {
                let (rule, section) = normalization(*d, c);
                rules.push((*d, rule, section));
            }
        }
        differences.push(Difference {
            component: c,
            values,
            rules,
        });
    }
    Comparison {
        readings,
        differences,
    }
}

/// The rule by which a dialect's form writes a component: the
/// normalization (or the parser's state) that gives its value.
fn normalization(d: Dialect, c: Component) -> (&'static str, &'static str) {
    use Component as C;
    match (d, c) {
        (Dialect::Whatwg, C::Scheme) => ("scheme state (lower case)", "URL Standard section 4.4"),
        (Dialect::Whatwg, C::User | C::Password) => {
            ("userinfo percent-encode set", "URL Standard section 1.3")
        }
        (Dialect::Whatwg, C::Host) => ("host parser", "URL Standard section 3.5"),
        (Dialect::Whatwg, C::Port) => (
            "port state (a special scheme's default port is dropped)",
            "URL Standard section 4.4",
        ),
        (Dialect::Whatwg, C::Path) => (
            "path state (path percent-encode set, dot segments removed)",
            "URL Standard section 4.4",
        ),
        (Dialect::Whatwg, C::Query) => (
            "query state (query percent-encode set)",
            "URL Standard section 4.4",
        ),
        (Dialect::Whatwg, C::Fragment) => {
            ("fragment percent-encode set", "URL Standard section 1.3")
        }
        (Dialect::Rfc3986, C::Scheme | C::Host) => {
            ("case normalization", "RFC 3986 section 6.2.2.1")
        }
        (Dialect::Rfc3986, C::Port) => ("scheme-based normalization", "RFC 3986 section 6.2.3"),
        (Dialect::Rfc3986, C::Path) => (
            "percent-encoding and path segment normalization",
            "RFC 3986 section 6.2.2",
        ),
        (Dialect::Rfc3986, _) => ("percent-encoding normalization", "RFC 3986 section 6.2.2.2"),
        (Dialect::Rfc1738, C::Scheme) => {
            ("scheme names are case-insensitive", "RFC 1738 section 2.1")
        }
        (Dialect::Rfc1738, C::Host | C::Port | C::User | C::Password) => {
            ("common Internet scheme syntax", "RFC 1738 section 3.1")
        }
        (Dialect::Rfc1738, C::Path | C::Query | C::Fragment) => (
            "the scheme's url-path and search part",
            "RFC 1738 section 3",
        ),
        (Dialect::Rfc1630, _) => ("BNF of Generic URI Syntax", "RFC 1630"),
    }
}
