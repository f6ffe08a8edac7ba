//! [`Recipe`]: trurl's edits, made in trurl's order whatever the order
//! they were given in.

use super::error::EditError;
use super::query::{form_decode, form_encode};
use super::steps::{Append, Replace, Set, trims};
use crate::error::ParseError;
use crate::options::ParseOptions;
use crate::pct::{EncodeSet, encode};
use crate::prelude::*;
use crate::resolve::{self, ResolveError, Rules};
use crate::table::Component;
use crate::url::Url;
use core::fmt;

/// A batch of trurl's edits (`uniform edit`'s options), made in trurl's
/// order: the redirect, each set (in the order given, then those of one
/// [`combinations`](super::combinations) entry), each path append, the
/// query trims, each replace, each query append, the sort, the host's
/// ASCII form, the default port.
///
/// # Example
///
/// ```
/// use uniform::Url;
/// use uniform::edit::{Append, Recipe, Set};
///
/// let recipe = Recipe::new()
///     .append(Append::parse("query=q=x y")?)
///     .set(Set::parse("port=8080")?)
///     .trim("utm_*")
///     .sort_query(true)
///     .redirect("here.html");
/// let mut url = Url::parse("https://curl.se/we/are.html?utm_source=t&b=1")?;
/// recipe.apply(&mut url, &[], false, Default::default())?;
/// assert_eq!(url.as_str(), "https://curl.se:8080/we/here.html?q=x+y");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recipe {
    sets: Vec<Set>,
    appends: Vec<Append>,
    trims: Vec<String>,
    replaces: Vec<Replace>,
    sort_query: bool,
    redirect: Option<String>,
    default_port: bool,
    punycode: bool,
}

/// Why a [`Recipe`] could not be applied; the URL may be left half
/// edited.
///
/// # Example
///
/// ```
/// use uniform::Url;
/// use uniform::edit::{Recipe, RecipeError, Set};
///
/// let recipe = Recipe::new().set(Set::parse("port=25")?);
/// let mut url = Url::parse("mailto:info@cern.ch")?;
/// let err = recipe.apply(&mut url, &[], false, Default::default()).unwrap_err();
/// assert!(matches!(err, RecipeError::Edit(_)));
/// assert_eq!(err.to_string(), "cannot set the port: a mailto URL has no port in rfc1738");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecipeError {
    /// The redirect does not resolve against the URL.
    Resolve(ResolveError),
    /// The redirect resolves to text that is no URL by the parse options:
    /// the text (its password as written, for the caller to mask) and why.
    NotUrl {
        /// The resolved text.
        target: String,
        /// Why it is no URL.
        error: ParseError,
    },
    /// An edit was refused.
    Edit(EditError),
}

impl fmt::Display for RecipeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecipeError::Resolve(e) => write!(f, "redirect: {e}"),
            // The target may hold a password: the caller shows it, masked.
            RecipeError::NotUrl { error, .. } => {
                write!(f, "redirect: the result is no URL: {error}")
            }
            RecipeError::Edit(e) => write!(f, "{e}"),
        }
    }
}

impl core::error::Error for RecipeError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            RecipeError::Resolve(e) => Some(e),
            RecipeError::NotUrl { error, .. } => Some(error),
            RecipeError::Edit(e) => Some(e),
        }
    }
}

impl From<EditError> for RecipeError {
    fn from(e: EditError) -> Self {
        RecipeError::Edit(e)
    }
}

impl Recipe {
    /// A recipe with no edit: applying it leaves the URL as it is.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::Recipe;
    ///
    /// let mut url = Url::parse("http://h/a?b#c")?;
    /// Recipe::new().apply(&mut url, &[], false, Default::default())?;
    /// assert_eq!(url.as_str(), "http://h/a?b#c");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn new() -> Self {
        Recipe::default()
    }

    /// Adds a set, made after those added before.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::{Recipe, Set};
    ///
    /// let recipe = Recipe::new().set(Set::parse("host=a")?).set(Set::parse("host?=b")?);
    /// let mut url = Url::parse("http://h/")?;
    /// recipe.apply(&mut url, &[], false, Default::default())?;
    /// assert_eq!(url.as_str(), "http://a/");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set(mut self, set: Set) -> Self {
        self.sets.push(set);
        self
    }

    /// Adds an append: path segments go on after the sets, query pairs
    /// after the trims and replaces.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::{Append, Recipe};
    ///
    /// let recipe = Recipe::new().append(Append::parse("path=c d")?);
    /// let mut url = Url::parse("http://h/a/")?;
    /// recipe.apply(&mut url, &[], false, Default::default())?;
    /// assert_eq!(url.as_str(), "http://h/a/c%20d");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn append(mut self, append: Append) -> Self {
        self.appends.push(append);
        self
    }

    /// Adds a query trim: the pairs whose form-decoded key the pattern
    /// [`trims`] go.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::Recipe;
    ///
    /// let mut url = Url::parse("http://h/?utm_a=1&b=2&utm_c=3")?;
    /// Recipe::new().trim("utm_*").apply(&mut url, &[], false, Default::default())?;
    /// assert_eq!(url.as_str(), "http://h/?b=2");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn trim(mut self, pattern: impl Into<String>) -> Self {
        self.trims.push(pattern.into());
        self
    }

    /// Adds a replace, made after the trims.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::{Recipe, Replace};
    ///
    /// let recipe = Recipe::new().replace(Replace::parse("a=x y", false)?);
    /// let mut url = Url::parse("http://h/?a=1&b=2&a=3")?;
    /// recipe.apply(&mut url, &[], false, Default::default())?;
    /// assert_eq!(url.as_str(), "http://h/?a=x+y&b=2");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn replace(mut self, replace: Replace) -> Self {
        self.replaces.push(replace);
        self
    }

    /// Whether to sort the query pairs, by key then value.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::Recipe;
    ///
    /// let mut url = Url::parse("http://h/?b=1&a=2")?;
    /// Recipe::new().sort_query(true).apply(&mut url, &[], false, Default::default())?;
    /// assert_eq!(url.as_str(), "http://h/?a=2&b=1");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn sort_query(mut self, sort: bool) -> Self {
        self.sort_query = sort;
        self
    }

    /// A reference to resolve against the URL (RFC 3986 section 5.2)
    /// before any other edit.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::Recipe;
    ///
    /// let mut url = Url::parse("https://curl.se/we/are.html")?;
    /// Recipe::new().redirect("../here").apply(&mut url, &[], false, Default::default())?;
    /// assert_eq!(url.as_str(), "https://curl.se/here");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn redirect(mut self, reference: impl Into<String>) -> Self {
        self.redirect = Some(reference.into());
        self
    }

    /// Whether to write the scheme's port into a URL that has none, last.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::Recipe;
    ///
    /// let mut url = Url::parse("ftp://ftp.dom/pub")?;
    /// Recipe::new().default_port(true).apply(&mut url, &[], false, Default::default())?;
    /// assert_eq!(url.as_str(), "ftp://ftp.dom:21/pub");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn default_port(mut self, write: bool) -> Self {
        self.default_port = write;
        self
    }

    /// Whether to write the host name in its UTS 46 ASCII form, after the
    /// query's edits.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{ParseOptions, Url};
    /// use uniform::edit::Recipe;
    ///
    /// let mut url = Url::parse_with(ParseOptions::new().strict(false), "http://B\u{fc}cher.example/")?;
    /// Recipe::new().punycode(true).apply(&mut url, &[], false, Default::default())?;
    /// assert_eq!(url.as_str(), "http://xn--bcher-kva.example/");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn punycode(mut self, ascii: bool) -> Self {
        self.punycode = ascii;
        self
    }

    /// Makes every edit on `url`, `extra` (one
    /// [`combinations`](super::combinations) entry) after the recipe's own
    /// sets. A redirect's result is parsed by `parse`. With
    /// `scheme_guessed` (the scheme was [`guess_scheme`](super::guess_scheme)'s)
    /// the URL counts as having no scheme for a `scheme?=` set.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::{Recipe, Set, guess_scheme};
    ///
    /// let recipe = Recipe::new().set(Set::parse("scheme?=https")?);
    /// let text = guess_scheme(b"example.com/a").unwrap();
    /// let mut url = Url::parse(std::str::from_utf8(&text)?)?;
    /// recipe.apply(&mut url, &[Set::parse("path=b")?], true, Default::default())?;
    /// assert_eq!(url.as_str(), "https://example.com/b");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply(
        &self,
        url: &mut Url,
        extra: &[Set],
        scheme_guessed: bool,
        parse: ParseOptions,
    ) -> Result<(), RecipeError> {
        if let Some(r) = &self.redirect {
            let target =
                resolve::resolve(url.as_str(), r, Rules::Rfc3986).map_err(RecipeError::Resolve)?;
            *url = match Url::parse_with(parse, &target) {
                Ok(u) => u,
                Err(error) => return Err(RecipeError::NotUrl { target, error }),
            };
        }
        for s in self.sets.iter().chain(extra) {
            apply_set(url, s, scheme_guessed)?;
        }
        // trurl's order: the path, then the pairs the URL had are trimmed
        // and replaced, then the new pairs appended, then all sorted.
        for a in &self.appends {
            if let Append::Segment(s) = a {
                url.push_segment(s)?;
            }
        }
        if !self.trims.is_empty() {
            url.retain_query_pairs(|k, _| {
                let k = form_decode(k);
                !self.trims.iter().any(|p| trims(p, &k))
            })?;
        }
        for r in &self.replaces {
            replace(url, r)?;
        }
        for a in &self.appends {
            match a {
                Append::Segment(_) => Ok(()),
                Append::Pair(k, Some(v)) => url.append_form_pair(k, v),
                Append::Pair(k, None) => url.append_query_pair(&form_encode(k), None),
            }?;
        }
        if self.sort_query {
            url.sort_query_pairs()?;
        }
        if self.punycode {
            url.set_host_ascii()?;
        }
        if self.default_port {
            url.write_default_port()?;
        }
        Ok(())
    }
}

fn apply_set(url: &mut Url, s: &Set, scheme_guessed: bool) -> Result<(), EditError> {
    // Every URL has a scheme and a path; a guessed scheme was not given.
    let present = if s.part == Component::Scheme {
        !scheme_guessed
    } else {
        url.component(s.part).is_some()
    };
    if s.if_absent && present {
        return Ok(());
    }
    let v = s.value.as_str();
    match (s.part, s.raw) {
        (Component::Port, _) => url.set_port(v.parse::<u16>().ok()),
        (Component::Scheme, _) => url.set_scheme(v),
        (Component::Host, _) => url.set_host(v),
        (Component::Path, true) => url.set_raw(Component::Path, Some(v)),
        (Component::Path, false) => url.set_path(v),
        (part, _) if v.is_empty() => url.set_raw(part, None),
        (part, true) => url.set_raw(part, Some(v)),
        (Component::User, false) => url.set_user(Some(v)),
        (Component::Password, false) => url.set_password(Some(v)),
        // trurl's query=VALUE is one value: "=" and "&" encoded.
        (Component::Query, false) => url.set_raw(
            Component::Query,
            Some(&encode(v.as_bytes(), &EncodeSet::FORM)),
        ),
        (_, false) => url.set_fragment(Some(v)),
    }
}

/// trurl's replace: the pairs are rebuilt only when the key is there, so
/// that a query without it keeps its text byte for byte.
fn replace(url: &mut Url, r: &Replace) -> Result<(), EditError> {
    let key = form_encode(&r.key).into_owned();
    let value = r.value.as_deref().map(|v| form_encode(v).into_owned());
    let mut found = false;
    let mut pairs: Vec<(&str, Option<&str>)> = Vec::new();
    for (k, v) in url.query_pairs() {
        if form_decode(k) != r.key {
            pairs.push((k, v));
        } else if !found {
            found = true;
            pairs.push((&key, value.as_deref()));
        }
    }
    if found {
        let owned: Vec<(String, Option<String>)> = pairs
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.map(String::from)))
            .collect();
        url.set_query_pairs(owned.iter().map(|(k, v)| (k.as_str(), v.as_deref())))
    } else if r.append {
        url.append_query_pair(&key, value.as_deref())
    } else {
        Ok(())
    }
}

impl Url {
    /// Writes the host name in its UTS 46 ASCII form, where that differs
    /// from the host as written (trurl's `--punycode`); an IP literal, a
    /// name already ASCII or one UTS 46 refuses is left as it is.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{ParseOptions, Url};
    ///
    /// let lenient = ParseOptions::new().strict(false);
    /// let mut url = Url::parse_with(lenient, "http://B\u{fc}cher.example/")?;
    /// url.set_host_ascii()?;
    /// assert_eq!(url.host(), Some("xn--bcher-kva.example"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_host_ascii(&mut self) -> Result<(), EditError> {
        if let Ok(Some(ascii)) = self.host_ascii()
            && Some(&*ascii) != self.host()
        {
            let ascii = ascii.into_owned();
            self.set_host(&ascii)?;
        }
        Ok(())
    }

    /// Writes the scheme's default port into a URL that has none (trurl's
    /// `--default-port`); a URL with a port, or whose scheme has no
    /// default, is left as it is.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    ///
    /// let mut url = Url::parse("http://h/")?;
    /// url.write_default_port()?;
    /// assert_eq!(url.as_str(), "http://h:80/");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_default_port(&mut self) -> Result<(), EditError> {
        if self.port_str().is_none()
            && let Some(p) = self.default_port()
        {
            self.set_port(Some(p))?;
        }
        Ok(())
    }
}
