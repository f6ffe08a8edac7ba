//! Where local documents live on the web, and where a URL is checked:
//! lychee's `--base-url`, `--root-dir` and `--remap`, and the excluding
//! patterns of a `.uniformignore` file.
//!
//! A site is often checked before it is published, from the folder it is
//! built in. Its links then name the web (`https://example.org/docs/x`),
//! the site's root (`/x`), or the folder (`x`). These options tell the
//! run how one maps to another, so that each link is checked where the
//! file will be.

use crate::Document;
use regex::Regex;
use std::path::Path;
use uniform::ParseOptions;
use uniform::resolve::{Base, Rules};
use uniform::schemes::FileUrl;

/// One `--remap 'PATTERN URI'`: a URL matching the regular expression is
/// checked as the URI it is rewritten to (`$1`, `${name}` name the
/// pattern's groups, as the `regex` crate's replacements write them).
///
/// # Example
///
/// ```
/// use uniform_links::locations::Remap;
/// let r = Remap::parse("^https://example.org/(.*) file:///srv/site/$1").unwrap();
/// assert_eq!(r.apply("https://example.org/a/b.html").as_deref(), Some("file:///srv/site/a/b.html"));
/// assert_eq!(r.apply("https://other.example/"), None);
/// assert!(Remap::parse("only-a-pattern").is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Remap {
    pattern: Regex,
    to: String,
}

impl Remap {
    /// Reads `PATTERN URI`: a regular expression, white space, the URI.
    ///
    /// # Errors
    ///
    /// No white space between two parts, or a pattern that is no regular
    /// expression: the message says which.
    pub fn parse(spec: &str) -> Result<Remap, String> {
        let spec = spec.trim();
        let Some((pattern, to)) = spec.split_once(char::is_whitespace) else {
            return Err(format!(
                "--remap {spec:?}: a pattern and a URI are needed, separated by white space"
            ));
        };
        let to = to.trim();
        let pattern =
            Regex::new(pattern).map_err(|e| format!("--remap {spec:?}: the pattern: {e}"))?;
        Ok(Remap {
            pattern,
            to: to.to_string(),
        })
    }

    /// `url` rewritten, when the pattern matches it (its first match).
    pub fn apply(&self, url: &str) -> Option<String> {
        self.pattern
            .is_match(url)
            .then(|| self.pattern.replace(url, self.to.as_str()).into_owned())
    }
}

/// Where the run's local documents live: the base URL they will be
/// published at, the folder that is the site's root, the remaps.
///
/// - `--base-url` alone: the relative links of local documents resolve
///   against it, not against the file.
/// - `--root-dir` alone: a link from a local document that starts with
///   one `/` names a file under that folder, not under `/`; other
///   relative links resolve against the file as before.
/// - Both: the folder is taken as published at the base URL ("spliced"):
///   a local document under the folder has the URL its path gives under
///   the base, its links resolve against that, and every URL under the
///   base is checked as the file it names under the folder. A link that
///   leaves the base is a URL of the web, checked there.
/// - The remaps apply last, to every URL, the first that matches.
///
/// # Example
///
/// ```
/// use uniform_links::{Document, Format, Link, LinkKind};
/// use uniform_links::locations::Locations;
/// let l = Locations::new(Some("https://example.org/docs/"), Some("/srv/site".as_ref()), &[]).unwrap();
/// let mut d = Document::text("/srv/site/guide/a.html", Format::Html, "");
/// d.base = Some("file:///srv/site/guide/a.html".into());
/// assert_eq!(l.base_for(&d).as_deref(), Some("https://example.org/docs/guide/a.html"));
/// // Under the base: the file under the folder.
/// assert_eq!(l.checked("https://example.org/docs/guide/b.html"), "file:///srv/site/guide/b.html");
/// // Out of it: the web.
/// assert_eq!(l.checked("https://example.org/about.html"), "https://example.org/about.html");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Locations {
    /// `--base-url`, ending in `/` when it names a folder.
    base_url: Option<String>,
    /// `--root-dir` as a `file:` URL ending in `/`.
    root: Option<String>,
    remaps: Vec<Remap>,
}

impl Locations {
    /// The locations of `base_url` (an absolute URL), `root_dir` (a
    /// folder, made absolute) and the `--remap` specs.
    ///
    /// # Errors
    ///
    /// A base URL that is not absolute, a folder with no `file:` URL, a
    /// remap that does not read: the message names the option.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_links::locations::Locations;
    /// assert!(Locations::new(Some("docs/"), None, &[]).is_err());
    /// assert!(Locations::new(None, None, &["x".to_string()]).is_err());
    /// ```
    pub fn new(
        base_url: Option<&str>,
        root_dir: Option<&Path>,
        remaps: &[String],
    ) -> Result<Locations, String> {
        let base_url = match base_url {
            None => None,
            Some(b) => {
                let url = ParseOptions::new()
                    .dialect(uniform::Dialect::Rfc3986)
                    .parse(b)
                    .map_err(|e| format!("--base-url {b:?}: {e}"))?;
                if !url.has_authority() && url.scheme_kind() != uniform::Scheme::File {
                    return Err(format!("--base-url {b:?}: an absolute URL is needed"));
                }
                Some(url.as_str().to_string())
            }
        };
        let root = match root_dir {
            None => None,
            Some(dir) => {
                let abs = std::fs::canonicalize(dir)
                    .or_else(|_| std::path::absolute(dir))
                    .map_err(|e| format!("--root-dir {}: {e}", dir.display()))?;
                let mut url = FileUrl::from_path(&abs)
                    .map_err(|e| format!("--root-dir {}: {e}", dir.display()))?
                    .into_string();
                if !url.ends_with('/') {
                    url.push('/');
                }
                Some(url)
            }
        };
        let remaps = remaps
            .iter()
            .map(|r| Remap::parse(r))
            .collect::<Result<_, _>>()?;
        Ok(Locations {
            base_url,
            root,
            remaps,
        })
    }

    /// Whether nothing is mapped: every document keeps its own URL.
    pub fn is_empty(&self) -> bool {
        self.base_url.is_none() && self.root.is_none() && self.remaps.is_empty()
    }

    /// The URL the relative links of `doc` resolve against: its own,
    /// unless it is a local file and a base URL is given.
    pub fn base_for(&self, doc: &Document) -> Option<String> {
        let own = doc.base.as_deref();
        let (Some(base_url), Some(own)) = (&self.base_url, own) else {
            return own.map(str::to_string);
        };
        if !own.starts_with("file:") {
            return Some(own.to_string());
        }
        match self.root.as_deref().and_then(|root| own.strip_prefix(root)) {
            // Under the root: at the same path under the base.
            Some(rest) => Some(join(base_url, rest)),
            // Outside the root, or no root: the base itself, as lychee
            // has it.
            None if self.root.is_none() => Some(base_url.clone()),
            None => Some(own.to_string()),
        }
    }

    /// The URL of a root-relative link (`/x`, not `//x`) of a local
    /// document under `--root-dir` alone: the file under the folder.
    /// `None` where the link resolves as any other.
    pub fn root_relative(&self, doc: &Document, text: &str) -> Option<String> {
        let root = self.root.as_deref()?;
        let local = doc.base.as_deref().is_some_and(|b| b.starts_with("file:"));
        let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
        // With a base URL the splice maps such links already (`checked`).
        if self.base_url.is_some() || !local || !text.starts_with('/') || text.starts_with("//") {
            return None;
        }
        Some(join(root, &text[1..]))
    }

    /// The URL `url` is checked as: under the base URL (with a root),
    /// the file under the root; then the first remap that matches.
    pub fn checked(&self, url: &str) -> String {
        let mut out = match (&self.base_url, &self.root) {
            (Some(base), Some(root)) => match url.strip_prefix(base.as_str()) {
                Some(rest) => join(root, rest),
                None => url.to_string(),
            },
            _ => url.to_string(),
        };
        if let Some(r) = self.remaps.iter().find_map(|r| r.apply(&out)) {
            out = r;
        }
        out
    }
}

/// `rest` (a relative reference, dot segments and all) against `base`,
/// by RFC 3986; `base` and `rest` joined as text where that fails.
fn join(base: &str, rest: &str) -> String {
    let resolved = Base::new(base, Rules::Rfc3986)
        .ok()
        .and_then(|b| b.resolve(&format!("./{rest}")).ok());
    resolved.unwrap_or_else(|| format!("{base}{rest}"))
}

/// The patterns of a `.uniformignore` file's text: one regular expression
/// a line; blank lines and lines starting with `#` are passed over, as
/// lychee reads `.lycheeignore`.
///
/// # Errors
///
/// A line that is no regular expression, named by its number.
///
/// # Example
///
/// ```
/// use uniform_links::locations::ignore_patterns;
/// let p = ignore_patterns("# drafts\n^https://example.org/draft/\n\n\\.pdf$\n").unwrap();
/// assert_eq!(p, ["^https://example.org/draft/", "\\.pdf$"]);
/// assert!(ignore_patterns("(\n").unwrap_err().contains("line 1"));
/// ```
pub fn ignore_patterns(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        Regex::new(line).map_err(|e| format!("line {}: {e}", n + 1))?;
        out.push(line.to_string());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Format;

    fn doc(base: &str) -> Document {
        let mut d = Document::text("x.html", Format::Html, "");
        d.base = Some(base.into());
        d
    }

    #[test]
    fn a_base_url_alone_is_every_local_documents_base() {
        let l = Locations::new(Some("https://example.org/docs/"), None, &[]).unwrap();
        assert_eq!(
            l.base_for(&doc("file:///tmp/site/guide.html")).as_deref(),
            Some("https://example.org/docs/")
        );
        // A fetched document keeps its own URL.
        assert_eq!(
            l.base_for(&doc("http://h/a.html")).as_deref(),
            Some("http://h/a.html")
        );
        assert_eq!(
            l.checked("https://example.org/docs/x"),
            "https://example.org/docs/x"
        );
    }

    #[test]
    fn a_root_dir_alone_takes_root_relative_links() {
        let t = std::env::temp_dir().join(format!("uniform-loc-{}", std::process::id()));
        std::fs::create_dir_all(&t).unwrap();
        let l = Locations::new(None, Some(&t), &[]).unwrap();
        let root = FileUrl::from_path(std::fs::canonicalize(&t).unwrap())
            .unwrap()
            .into_string();
        let d = doc(&format!("{root}/sub/a.html"));
        assert_eq!(
            l.root_relative(&d, "/about.html"),
            Some(format!("{root}/about.html"))
        );
        assert_eq!(
            l.root_relative(&d, " /a/../b.html"),
            Some(format!("{root}/b.html"))
        );
        assert_eq!(l.root_relative(&d, "//cdn.example/x"), None);
        assert_eq!(l.root_relative(&d, "b.html"), None);
        assert_eq!(l.root_relative(&doc("http://h/a"), "/x"), None);
        let _ = std::fs::remove_dir_all(&t);
    }

    #[test]
    fn remaps_apply_the_first_match_after_the_splice() {
        let remaps = [
            "^https://old.example/(.*) https://new.example/$1".to_string(),
            "^https://new.example/ never".to_string(),
        ];
        let l = Locations::new(None, None, &remaps).unwrap();
        assert_eq!(
            l.checked("https://old.example/a?b"),
            "https://new.example/a?b"
        );
        assert_eq!(
            l.checked("https://other.example/"),
            "https://other.example/"
        );
        assert!(Locations::new(None, None, &["( x".to_string()]).is_err());
    }

    #[test]
    fn the_splice_maps_both_ways() {
        let l = Locations {
            base_url: Some("https://example.org/dir/".into()),
            root: Some("file:///tmp/root/".into()),
            remaps: Vec::new(),
        };
        assert_eq!(
            l.base_for(&doc("file:///tmp/root/sub/i.html")).as_deref(),
            Some("https://example.org/dir/sub/i.html")
        );
        // A file outside the root keeps its own URL.
        assert_eq!(
            l.base_for(&doc("file:///elsewhere/i.html")).as_deref(),
            Some("file:///elsewhere/i.html")
        );
        assert_eq!(
            l.checked("https://example.org/dir/sub/boop.html"),
            "file:///tmp/root/sub/boop.html"
        );
        assert_eq!(
            l.checked("https://example.org/up.html"),
            "https://example.org/up.html"
        );
        assert_eq!(l.root_relative(&doc("file:///tmp/root/i.html"), "/x"), None);
    }
}
