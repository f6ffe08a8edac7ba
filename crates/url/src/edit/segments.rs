//! The segments of a hierarchical path: read, push, pop, set.

use super::error::{EditError, EditErrorKind};
use crate::prelude::*;
use crate::table::Component;
use crate::url::Url;

impl Url {
    /// The path with its leading `/`, when it is a hierarchy of segments:
    /// after an authority, or starting with `/` in a hierarchical scheme.
    fn hierarchical_path(&self) -> Option<&str> {
        let path = self.path_with_slash();
        (self.has_authority() || (self.scheme_row().hierarchical && path.starts_with('/')))
            .then_some(path)
    }

    fn no_hierarchy(&self) -> EditError {
        EditError::new(
            EditErrorKind::NotAllowed,
            Component::Path,
            format!(
                "the path of this {} URL is no hierarchy of segments",
                self.scheme().to_ascii_lowercase()
            ),
        )
    }

    /// The segments of a hierarchical path, as written (still encoded);
    /// `None` for an opaque one (`mailto:`, `news:`, `urn:`). An empty
    /// path after an authority has no segments; `/` has one, empty.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let url = Url::parse("ftp://h/pub/a%2Fb/")?;
    /// let segs: Vec<&str> = url.path_segments().unwrap().collect();
    /// assert_eq!(segs, ["pub", "a%2Fb", ""]);
    /// assert_eq!(Url::parse("http://h")?.path_segments().unwrap().count(), 0);
    /// assert!(Url::parse("mailto:a@b")?.path_segments().is_none());
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn path_segments(&self) -> Option<impl Iterator<Item = &str>> {
        let path = self.hierarchical_path()?;
        let rest = path.strip_prefix('/');
        Some(rest.into_iter().flat_map(|r| r.split('/')))
    }

    /// Appends a segment, encoding what a segment cannot hold (`/`, `;`,
    /// `?`, the unsafe characters). A trailing empty segment (`/a/`) is
    /// replaced, as trurl's `--append path=` does.
    ///
    /// # Errors
    ///
    /// [`EditErrorKind::NotAllowed`] when the path is no hierarchy.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let mut url = Url::parse("http://h/a/")?;
    /// url.push_segment("c d")?;
    /// assert_eq!(url.as_str(), "http://h/a/c%20d");
    /// url.push_segment("x/y")?;
    /// assert_eq!(url.as_str(), "http://h/a/c%20d/x%2Fy");
    /// let mut bare = Url::parse("http://h")?;
    /// bare.push_segment("p")?;
    /// assert_eq!(bare.as_str(), "http://h/p");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn push_segment(&mut self, segment: &str) -> Result<(), EditError> {
        let set = self.scheme_row().segment_set;
        self.set_encoded(&[segment.as_bytes()], set, |url, t| {
            url.push_segment_text(&t[0])
        })
    }

    fn push_segment_text(&mut self, seg: &str) -> Result<(), EditError> {
        let Some(path) = self.hierarchical_path() else {
            return Err(self.no_hierarchy());
        };
        let mut new = String::with_capacity(path.len() + seg.len() + 1);
        new.push_str(path);
        if !new.ends_with('/') {
            new.push('/');
        }
        new.push_str(seg);
        self.set_path_text(Cow::Owned(new))
    }

    /// Removes the last segment and returns it as it was written; `None`
    /// when there is none left (`http://h/`, `http://h`). `/a/b` becomes
    /// `/a`, `/a` becomes `/`.
    ///
    /// # Errors
    ///
    /// [`EditErrorKind::NotAllowed`] when the path is no hierarchy.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let mut url = Url::parse("http://h/a/b%20c?q")?;
    /// assert_eq!(url.pop_segment()?.as_deref(), Some("b%20c"));
    /// assert_eq!(url.as_str(), "http://h/a?q");
    /// assert_eq!(url.pop_segment()?.as_deref(), Some("a"));
    /// assert_eq!(url.as_str(), "http://h/?q");
    /// assert_eq!(url.pop_segment()?, None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn pop_segment(&mut self) -> Result<Option<String>, EditError> {
        let Some(path) = self.hierarchical_path() else {
            return Err(self.no_hierarchy());
        };
        if path.is_empty() || path == "/" {
            return Ok(None);
        }
        let cut = path.rfind('/').unwrap_or(0);
        let removed = path[cut + 1..].to_string();
        let kept = if cut == 0 { "/" } else { &path[..cut] };
        let kept = kept.to_string();
        self.set_path_text(Cow::Owned(kept))?;
        Ok(Some(removed))
    }

    /// Replaces the segment at `index` (from 0, as
    /// [`Url::path_segments`] counts), encoding it as
    /// [`Url::push_segment`] does.
    ///
    /// # Errors
    ///
    /// [`EditErrorKind::NoSegment`] past the last segment;
    /// [`EditErrorKind::NotAllowed`] when the path is no hierarchy.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// use uniform::edit::EditErrorKind;
    /// let mut url = Url::parse("ftp://h/pub/old/motd")?;
    /// url.set_segment(1, "new;1")?;
    /// assert_eq!(url.as_str(), "ftp://h/pub/new%3B1/motd");
    /// assert_eq!(url.set_segment(3, "x").unwrap_err().kind(), EditErrorKind::NoSegment);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_segment(&mut self, index: usize, segment: &str) -> Result<(), EditError> {
        let set = self.scheme_row().segment_set;
        self.set_encoded(&[segment.as_bytes()], set, |url, t| {
            url.set_segment_text(index, &t[0])
        })
    }

    fn set_segment_text(&mut self, index: usize, seg: &str) -> Result<(), EditError> {
        let Some(segments) = self.path_segments() else {
            return Err(self.no_hierarchy());
        };
        let mut segments: Vec<&str> = segments.collect();
        let Some(slot) = segments.get_mut(index) else {
            return Err(EditError::new(
                EditErrorKind::NoSegment,
                Component::Path,
                format!("the path has no segment {index}"),
            ));
        };
        *slot = seg;
        let mut new = String::new();
        for s in &segments {
            new.push('/');
            new.push_str(s);
        }
        self.set_path_text(Cow::Owned(new))
    }
}
