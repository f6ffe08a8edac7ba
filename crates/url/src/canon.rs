//! The canonical form, and equivalence as equality of canonical forms.
//!
//! RFC 1630 ("Reduced or increased safe character sets"): "Before two URIs
//! can be compared, it is therefore necessary to bring them to the same
//! encoding level. However, the reserved characters [...] may NEVER be
//! encoded and unencoded in this way." The canonical form is therefore:
//!
//! - the scheme and the host in lower case (RFC 1738 section 2.1 and
//!   section 3.1, by RFC 1034 names);
//! - the scheme's default port dropped, and a `:` with no port;
//! - a `/` after the authority of a scheme that uses the common Internet
//!   syntax when its url-path is absent (RFC 1738: "the whole url-path may
//!   be omitted, including the `/`", so `ftp://h` and `ftp://h/` are one);
//! - an escape decoded where its octet may stand unencoded in that
//!   component and is not reserved in any of the three grammars (RFC 1738
//!   section 2.2, RFC 1630 "Reserved characters", RFC 3986 section 2.2; the
//!   `NEVER_DECODED` table): `%2D` becomes `-` and `%41` `A` everywhere, while
//!   `%26`, `%3D`, `%2B`, `%2F` stay in every component of every scheme,
//!   whatever the scheme itself reserves, so `+` and `%2B` differ; under
//!   RFC 3986 only the unreserved characters are decoded (its section
//!   6.2.2.2), `%7E` among them;
//! - the remaining escapes in upper-case hex;
//! - every character that may not stand unencoded (unsafe, controls,
//!   octets 80-FF, a `%` that starts no escape) encoded;
//! - a void fragment dropped with its `#` (RFC 1630, Fragment-id), except
//!   under RFC 3986 (section 6.2.3 keeps it);
//! - under RFC 3986, the dot-segments of a hierarchical path removed and
//!   the unreserved escapes of a host decoded (section 6.2.2);
//! - in every dialect, a host name with a non-ASCII character (under RFC
//!   3986 also an escaped one) or an `xn--` label in its UTS 46 ToASCII
//!   form (`bücher.example` is `xn--bcher-kva.example`), so that the form
//!   is ASCII and names the host as the wire does; a name UTS 46 refuses
//!   keeps its octets, escaped.
//!
//! Under RFC 1630 a path segment that would decode to "." or ".." keeps
//! its escapes (its dots are reserved), and so does a "." in a news group.

use crate::dialect::Dialect;
use crate::offsets::NONE;
use crate::parser;
use crate::pct::{escape_value, push_escape};
use crate::prelude::*;
use crate::scheme::{Scheme, ViewKind};
use crate::sink::Sink;
use crate::table::{Component, allowed};
use crate::url::{Url, UrlRef};

/// The octets whose escapes normalization never decodes, in any component,
/// dialect or scheme: the union of the reserved characters of the three
/// grammars, because a server may give the octet and the character
/// different meanings whatever the URL's own dialect says.
///
/// - RFC 1738 section 2.2 names `; / ? : @ = &` and says "encoding a
///   character reserved for a particular scheme may change the semantics
///   of a URL". A scheme reserving fewer (section 3.3's http search part
///   names only `/ ; ?`) does not make `%26` in a form value `&`.
/// - RFC 1630 ("Reserved characters") reserves `= ; / # ? :` and the
///   space, `*` and `!` for schemes, and `+` in query strings ("real plus
///   signs must be encoded"); of them, "Encoding reserved characters":
///   they "have a quite different significance when encoded, and so may
///   NEVER be encoded and unencoded".
/// - RFC 3986 section 2.2 reserves the gen-delims `: / ? # [ ] @` and the
///   sub-delims `! $ & ' ( ) * + , ; =`: "URIs that differ in the
///   replacement of a reserved character with its corresponding
///   percent-encoded octet are not equivalent."
///
/// The RFC 3986 set holds the other two but the space, which is unsafe and
/// so never stands unencoded. Hence `+` and `%2B` differ everywhere.
const NEVER_DECODED: [bool; 256] = {
    let mut t = [false; 256];
    let set = b":/?#[]@!$&'()*+,;=";
    let mut i = 0;
    while i < set.len() {
        t[set[i] as usize] = true;
        i += 1;
    }
    t
};

/// Whether an escape of `b` keeps its escape in the canonical form of
/// a component: a reserved octet (`NEVER_DECODED`), or one the dialect's
/// grammar or the scheme keeps apart.
fn keeps_escape(scheme: Scheme, d: Dialect, b: u8) -> bool {
    if NEVER_DECODED[b as usize] {
        return true;
    }
    match d {
        // Section 6.2.2.2: decode the unreserved characters only (the
        // reserved ones are above; "%" and the rest are not literal_ok).
        Dialect::Rfc3986 => !is_unreserved_3986(b),
        // RFC 1630's news group is ialpha [ "." group ], where an ialpha
        // may hold escapes: an escaped "." is part of a name, not a
        // separator.
        Dialect::Rfc1630 => scheme == Scheme::News && b == b'.',
        Dialect::Rfc1738 => false,
        // The URL Standard decodes nothing: its serialization is its
        // canonical form.
        Dialect::Whatwg => true,
    }
}

fn is_unreserved_3986(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// Whether `b` may stand unencoded in `comp`: the dialect's table, plus the
/// `?` of RFC 1738 paths in schemes without a search part.
fn literal_ok(b: u8, has_search: bool, comp: Component, d: Dialect) -> bool {
    allowed(b, d, comp)
        || (b == b'?' && comp == Component::Path && d == Dialect::Rfc1738 && !has_search)
}

/// Appends `text`, brought to the canonical encoding of `comp`.
fn push_component(
    out: &mut String,
    text: &[u8],
    scheme: Scheme,
    has_search: bool,
    comp: Component,
    d: Dialect,
) {
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        if b == b'%' {
            if let Some(v) = escape_value(text, i) {
                if literal_ok(v, has_search, comp, d) && !keeps_escape(scheme, d, v) {
                    out.push(v as char);
                } else {
                    push_escape(out, v);
                }
                i += 3;
                continue;
            }
            // A "%" that starts no escape is data.
            push_escape(out, b);
        } else if literal_ok(b, has_search, comp, d) {
            out.push(b as char);
        } else {
            push_escape(out, b);
        }
        i += 1;
    }
}

/// Whether a path segment is "." or ".." once its escapes are decoded.
fn is_dot_segment(seg: &[u8]) -> bool {
    let mut dots = 0;
    let mut i = 0;
    while i < seg.len() {
        match seg[i] {
            b'.' => i += 1,
            b'%' if escape_value(seg, i) == Some(b'.') => i += 3,
            _ => return false,
        }
        dots += 1;
    }
    dots == 1 || dots == 2
}

/// Appends an RFC 1630 path. Its "Reserved characters" section: "Substrings
/// consisting of single or double dots ("." or "..") are similarly
/// reserved", so a segment that would decode to "." or ".." keeps its
/// escapes (upper-cased); a "%2E" inside a longer segment is decoded.
fn push_path_1630(out: &mut String, path: &[u8], scheme: Scheme, has_search: bool) {
    for (n, seg) in path.split(|&b| b == b'/').enumerate() {
        if n > 0 {
            out.push('/');
        }
        if is_dot_segment(seg) {
            let mut i = 0;
            while i < seg.len() {
                if seg[i] == b'%' {
                    out.push_str("%2E");
                    i += 3;
                } else {
                    out.push('.');
                    i += 1;
                }
            }
        } else {
            push_component(
                out,
                seg,
                scheme,
                has_search,
                Component::Path,
                Dialect::Rfc1630,
            );
        }
    }
}

/// The canonical form of `url` (see the module documentation).
fn canonical(url: &UrlRef<'_>) -> String {
    let s = url.as_str();
    let d = url.dialect();
    let scheme = url.scheme_kind();
    let q = url.has_search_part();
    let mut out = String::with_capacity(s.len() + 8);
    out.extend(url.scheme().chars().map(|c| c.to_ascii_lowercase()));
    out.push(':');
    if url.has_authority() {
        out.push_str("//");
        if let Some(user) = url.user() {
            push_component(&mut out, user.as_bytes(), scheme, q, Component::User, d);
            if let Some(pw) = url.password() {
                out.push(':');
                push_component(&mut out, pw.as_bytes(), scheme, q, Component::Password, d);
            }
            out.push('@');
        }
        let written = url.host().unwrap_or_default();
        // A name UTS 46 changes is written in its ASCII form (Punycode);
        // one it refuses keeps its octets, escaped below, so that the form
        // still names what was written.
        // An escape of a reserved (or other non-unreserved ASCII) octet is
        // not its character (RFC 3986 section 2.2); UTS 46 would see the
        // character, so such a name keeps its escapes as written.
        let escapes_reserved = written
            .bytes()
            .enumerate()
            .filter_map(|(i, b)| {
                (b == b'%')
                    .then(|| escape_value(written.as_bytes(), i))
                    .flatten()
            })
            .any(|v| v < 0x80 && !is_unreserved_3986(v));
        let ascii = if crate::idn::needs_idna(written.as_bytes(), d) && !escapes_reserved {
            url.host_ascii().ok().flatten()
        } else {
            None
        };
        let host = ascii.as_deref().unwrap_or(written).as_bytes();
        let mut i = 0;
        while i < host.len() {
            let b = host[i];
            // Escapes in a host keep their octet: decoding "%2F" there is
            // the authority confusion of CVE-2022-27780.
            if let Some(v) = (b == b'%').then(|| escape_value(host, i)).flatten() {
                // RFC 3986 section 6.2.2.2 decodes unreserved octets here too.
                if d == Dialect::Rfc3986 && is_unreserved_3986(v) {
                    out.push(v.to_ascii_lowercase() as char);
                } else {
                    push_escape(&mut out, v);
                }
                i += 3;
                continue;
            }
            // A "%" that starts no escape is data, written "%25" as in paths.
            // Under RFC 3986 an octet a reg-name does not hold is escaped,
            // whether it was written (a lenient parse's '"') or UTS 46
            // mapped to it (U+FF02 to '"'): the form stays valid, and the
            // same either way (the fuzzer found `xn-%2dx."` and its form
            // `xn--x."` canonicalized differently, through IDNA or not).
            let unfit = d == Dialect::Rfc3986
                && !url.host_is_ip_literal()
                && !allowed(b, d, Component::Host);
            if b >= 0x80 || b <= 0x20 || b == 0x7f || b == b'%' || unfit {
                push_escape(&mut out, b);
            } else {
                out.push(b.to_ascii_lowercase() as char);
            }
            i += 1;
        }
        if let Some(p) = url.port()
            && Some(p) != url.default_port()
        {
            out.push(':');
            out.push_str(&p.to_string());
        } else if let Some(digits) = url.port_str().filter(|_| url.port().is_none()) {
            // Past 65535 (RFC 3986 allows the digits): kept, without the
            // leading zeros, so that the form names the same authority.
            let digits = digits.trim_start_matches('0');
            if !digits.is_empty() {
                out.push(':');
                out.push_str(digits);
            }
        }
        // RFC 1630's telnetaddress ("telnet://" login, and rlogin and
        // tn3270 alike) ends with the login: no "/" may follow.
        let login_only = d == Dialect::Rfc1630 && url.scheme_row().view == ViewKind::Telnet;
        if url.path().is_none() && url.uses_internet_syntax() && !login_only {
            out.push('/');
        }
    }
    let path = url.path_with_slash();
    if d == Dialect::Rfc3986
        && (url.has_authority() || path.starts_with('/'))
        && !url.scheme_row().path_fields
    {
        // Section 6.2.2.3: dot-segments go, after the escapes are
        // normalized (so "%2E%2E" is ".." by then).
        let mut p = String::with_capacity(path.len());
        push_component(&mut p, path.as_bytes(), scheme, q, Component::Path, d);
        let dotless = crate::resolve::remove_dot_segments(&p);
        // Without an authority a path may not start with "//" (section
        // 3.3): "/.//x" keeps its "/." rather than become one.
        if !url.has_authority() && dotless.starts_with("//") {
            out.push_str("/.");
        }
        out.push_str(&dotless);
    } else {
        let start = out.len();
        if d == Dialect::Rfc1630 {
            push_path_1630(&mut out, path.as_bytes(), scheme, q);
        } else {
            push_component(&mut out, path.as_bytes(), scheme, q, Component::Path, d);
        }
        // Without an authority, a path that starts with "//" would read as
        // one when the form is parsed again. No escaped "/" is decoded
        // (NEVER_DECODED), so only a path so written could reach here; its
        // first "/" is escaped rather than let the form name a host.
        if !url.has_authority()
            && out[start..].starts_with("//")
            && d.reads_authority(url.scheme_row())
        {
            out.replace_range(start..start + 1, "%2F");
        }
    }
    if let Some(query) = url.query() {
        out.push('?');
        push_component(&mut out, query.as_bytes(), scheme, q, Component::Query, d);
    }
    // RFC 1630, Fragment-id: "A void fragment-id with or without the hash
    // sign means that the URL refers to the whole object"; RFC 1738 takes
    // fragments from there. RFC 3986 keeps the empty one (section 6.2.3).
    let void = url.fragment() == Some("") && d != Dialect::Rfc3986;
    if url.offsets().fragment_start != NONE && !void {
        out.push('#');
        push_component(
            &mut out,
            url.fragment().unwrap_or_default().as_bytes(),
            scheme,
            q,
            Component::Fragment,
            d,
        );
    }
    out
}

/// The canonical form of a borrowed URL, and equivalence.
impl UrlRef<'_> {
    /// The canonical form (the rules are those of the `canon` module). An
    /// escape of a character reserved in RFC 1738, RFC 1630 or RFC 3986
    /// (`: / ? # [ ] @ ! $ & ' ( ) * + , ; =`) is never decoded, in any
    /// component, dialect or scheme; escapes of unreserved characters are.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::UrlRef;
    /// let url = UrlRef::parse("FTP://Host.Dom:21/%7euser/%2fx")?;
    /// assert_eq!(url.canonical(), "ftp://host.dom/%7Euser/%2Fx");
    /// // RFC 1738 section 3.3 reserves only "/ ; ?" in an http search
    /// // part, yet "%26" and "%3D" stay: a server reads them as data.
    /// let q = UrlRef::parse("http://h/?q=a%26b%3db%2d%41")?;
    /// assert_eq!(q.canonical(), "http://h/?q=a%26b%3Db-A");
    /// // Under the WHATWG dialect the text is the serialization already.
    /// let w = uniform::whatwg::parse("HTTP://h/%2f?%41", None)?;
    /// assert_eq!(w.canonical(), "http://h/%2f?%41");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn canonical(&self) -> String {
        if self.dialect() == crate::dialect::Dialect::Whatwg {
            return self.as_str().into();
        }
        canonical(self)
    }

    /// Whether two URLs are the same by the RFCs: equal canonical forms.
    /// An encoded reserved character is never the same as the character,
    /// in any dialect: `+` and `%2B` differ.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, ParseOptions, UrlRef};
    /// // RFC 1630, "Encoding reserved characters", examples 1 and 2.
    /// let a = UrlRef::parse("http://info.cern.ch/albert/bertram/marie-claude")?;
    /// let b = UrlRef::parse("http://info.cern.ch/albert/bertram/marie%2Dclaude")?;
    /// let c = UrlRef::parse("http://info.cern.ch/albert/bertram%2Fmarie-claude")?;
    /// assert!(a.equivalent(&b));
    /// assert!(!a.equivalent(&c));
    /// // A form reader takes "+" for a space and "%2B" for a plus.
    /// for d in [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986] {
    ///     let o = ParseOptions::new().dialect(d);
    ///     assert!(!o.parse("http://h/?a+b")?.equivalent(&o.parse("http://h/?a%2Bb")?));
    /// }
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn equivalent(&self, other: &UrlRef<'_>) -> bool {
        self.canonical() == other.canonical()
    }
}

/// The canonical form of an owned URL, and equivalence.
impl Url {
    /// See [`UrlRef::canonical`].
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert_eq!(Url::parse("HTTP://H:80/a")?.canonical(), "http://h/a");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn canonical(&self) -> String {
        self.as_url_ref().canonical()
    }

    /// The canonical form, as a new `Url` (the rules of the `canon` module):
    /// no escape of a reserved character is decoded.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// assert_eq!(Url::parse("Gopher://H:70")?.normalize().as_str(), "gopher://h/");
    /// let u = Url::parse("http://h/?a=1%26b%3d2+%2b")?.normalize();
    /// assert_eq!(u.query(), Some("a=1%26b%3D2+%2B"));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn normalize(&self) -> Url {
        if self.dialect() == crate::dialect::Dialect::Whatwg {
            return self.clone();
        }
        let s = self.canonical();
        let r = self.as_url_ref();
        let mut sink = Sink {
            strict: false,
            out: None,
        };
        match parser::parse(&s, r.dialect(), r.registry(), &mut sink) {
            Ok(off) => Url::from_parts(s, off, r.registry()),
            // The canonical form of a URL is a URL; if that ever failed,
            // the unchanged URL is the honest answer.
            Err(_) => self.clone(),
        }
    }

    /// Whether two URLs are the same by the RFCs (equal canonical forms).
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::Url;
    /// let a = Url::parse("ftp://host/a%2Fb")?;
    /// let b = Url::parse("ftp://host/a/b")?;
    /// assert!(!a.equivalent(&b));
    /// let (p, q) = (Url::parse("http://h/?a+b")?, Url::parse("http://h/?a%2Bb")?);
    /// assert!(!p.equivalent(&q));
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn equivalent(&self, other: &Url) -> bool {
        self.as_url_ref().equivalent(&other.as_url_ref())
    }
}

#[cfg(test)]
mod tests {
    use crate::dialect::Dialect;
    use crate::options::ParseOptions;
    use crate::url::UrlRef;

    fn canon(s: &str) -> String {
        UrlRef::parse(s).unwrap().canonical()
    }

    #[test]
    fn rfc1630_examples_1_and_2() {
        assert_eq!(
            canon("http://info.cern.ch/albert/bertram/marie%2Dclaude"),
            "http://info.cern.ch/albert/bertram/marie-claude"
        );
        assert_eq!(
            canon("http://info.cern.ch/albert/bertram%2Fmarie-claude"),
            "http://info.cern.ch/albert/bertram%2Fmarie-claude"
        );
    }

    #[test]
    fn default_port_and_case() {
        assert_eq!(
            canon("HTTP://WWW.Example.COM:80"),
            "http://www.example.com/"
        );
        assert_eq!(canon("ftp://h:2121/x"), "ftp://h:2121/x");
        assert_eq!(canon("gopher://h:/"), "gopher://h/");
    }

    #[test]
    fn unsafe_is_encoded_and_hex_raised() {
        assert_eq!(canon("ftp://h/a b~c%7e"), "ftp://h/a%20b%7Ec%7E");
        assert_eq!(canon("ftp://h/100%"), "ftp://h/100%25");
    }

    #[test]
    fn rfc3986_decodes_only_unreserved() {
        let o = ParseOptions::new().dialect(Dialect::Rfc3986);
        let u = o.parse("http://h/%7euser/%41%2f%3b").unwrap();
        assert_eq!(u.canonical(), "http://h/~user/A%2F%3B");
    }

    #[test]
    fn reserved_escapes_stay_whatever_the_scheme_reserves() {
        // Issue 16: mailto and gopher reserve nothing (RFC 1738 sections
        // 3.5 and 3.4.1), and an FTP path has no search part, yet a reserved
        // escape is kept in every one of them.
        assert_eq!(canon("mailto:a%40b.c"), "mailto:a%40b.c");
        assert_eq!(canon("news:a%40b@h"), "news:a%40b@h");
        assert_eq!(canon("gopher://h/0a%2fb"), "gopher://h/0a%2Fb");
        assert_eq!(canon("ftp://u%3Ax@h/"), "ftp://u%3Ax@h/");
        assert_eq!(canon("ftp://h/a%3Fb"), "ftp://h/a%3Fb");
        assert_eq!(canon("http://h/a%3Fb"), "http://h/a%3Fb");
        assert_eq!(canon("http://h/?a=%26%3d%2b&b"), "http://h/?a=%26%3D%2B&b");
        assert_eq!(canon("http://h/%41%2d%2E_?%7e"), "http://h/A-._?%7E");
        for d in [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986] {
            let o = ParseOptions::new().dialect(d);
            let (a, b) = (
                o.parse("http://h/?a+b").unwrap(),
                o.parse("http://h/?a%2Bb").unwrap(),
            );
            assert!(!a.equivalent(&b), "{d:?}");
        }
    }

    #[test]
    fn fuzz_regressions() {
        // An authority must not appear from decoded slashes: "/" is
        // reserved, so no escaped one is decoded, even in mailto (which
        // reserves nothing, RFC 1738 section 3.5).
        assert_eq!(canon("mailto:%2F%2Fx"), "mailto:%2F%2Fx");
        assert_eq!(canon("mailto:/%2Fx"), "mailto:/%2Fx");
        let o = ParseOptions::new().dialect(Dialect::Rfc3986);
        assert_eq!(
            o.parse("mailto:%2F%2Fx").unwrap().canonical(),
            "mailto:%2F%2Fx"
        );
        // A bare "%" in an RFC 3986 host.
        let o = ParseOptions::new().dialect(Dialect::Rfc3986);
        let c = o.parse("http://h%C%35/").unwrap().canonical();
        assert_eq!(c, "http://h%25c5/");
        assert_eq!(o.parse(&c).unwrap().canonical(), c);
        // RFC 3986: dot-segments must not make an authority.
        let o3 = ParseOptions::new().dialect(Dialect::Rfc3986);
        let c = o3.parse("http:/.//[::1]").unwrap().canonical();
        assert_eq!(c, "http:/.//%5B::1%5D");
        assert_eq!(o3.parse(&c).unwrap().canonical(), c);
        // RFC 3986 dot-segments are not removed from fields: "." is a
        // WAIS database name here, "/./x" a gopher selector.
        assert_eq!(
            o3.parse("wais://te/./sa/hd").unwrap().canonical(),
            "wais://te/./sa/hd"
        );
        assert_eq!(
            o3.parse("gopher://h/1/./x/../y").unwrap().canonical(),
            "gopher://h/1/./x/../y"
        );
        assert_eq!(
            o3.parse("http://h/./x/../y").unwrap().canonical(),
            "http://h/y"
        );
        // WAIS fields are uchar: reserved characters keep their escapes.
        assert_eq!(canon("wais://h/db%3B"), "wais://h/db%3B");
        // RFC 1630 news groups: "." separates parts.
        let o = ParseOptions::new().dialect(Dialect::Rfc1630);
        assert_eq!(o.parse("news:a%2E.b").unwrap().canonical(), "news:a%2E.b");
    }

    #[test]
    fn hosts_are_in_their_ascii_form() {
        for d in [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::Rfc3986] {
            let o = ParseOptions::new().dialect(d);
            let c = |s: &str| o.parse(s).unwrap().canonical();
            assert_eq!(
                c("http://B\u{fc}cher.Example/"),
                "http://xn--bcher-kva.example/"
            );
            assert_eq!(
                c("http://XN--BCHER-KVA.example/"),
                "http://xn--bcher-kva.example/"
            );
            // A full stop UTS 46 maps to ".".
            assert_eq!(
                c("http://b\u{fc}cher\u{3002}de/"),
                "http://xn--bcher-kva.de/"
            );
            // Refused by UTS 46: the octets stay, escaped.
            assert_eq!(c("http://a\u{200D}b.de/"), "http://a%E2%80%8Db.de/");
            assert_eq!(c("http://xn--a.de/"), "http://xn--a.de/");
            assert!(
                o.parse("http://b\u{fc}cher.example/")
                    .unwrap()
                    .equivalent(&o.parse("http://xn--bcher-kva.example/").unwrap())
            );
        }
        let o = ParseOptions::new().dialect(Dialect::Rfc3986);
        let c = |s: &str| o.parse(s).unwrap().canonical();
        assert_eq!(
            c("http://b%C3%BCcher.example/"),
            "http://xn--bcher-kva.example/"
        );
        // U+FF02 maps to '"', which no reg-name holds unescaped.
        let q = c("http://a%EF%BC%82.de/");
        assert_eq!(q, "http://a%22.de/");
        assert_eq!(c(&q), q);
        assert!(
            ParseOptions::new()
                .dialect(Dialect::Rfc3986)
                .strict(true)
                .parse(&q)
                .is_ok()
        );
        // An escaped reserved character is not the character: UTS 46 does
        // not see it decoded (proptest found `%2a` becoming `*`).
        assert_eq!(c("http://%2a\u{e9}"), "http://%2A%C3%A9/");
        assert_ne!(c("http://%2a\u{e9}"), c("http://*\u{e9}"));
        // 1738 hosts hold no escapes, so none is decoded before UTS 46.
        assert_eq!(
            canon("http://b%C3%BCcher.example/"),
            "http://b%C3%BCcher.example/"
        );
    }

    #[test]
    fn rfc1630_dot_segments_keep_their_escapes() {
        let o = ParseOptions::new().dialect(Dialect::Rfc1630);
        let c = |s: &str| o.parse(s).unwrap().canonical();
        assert_eq!(c("http://h/%2E%2E/x"), "http://h/%2E%2E/x");
        assert_eq!(c("http://h/a/%2e/b"), "http://h/a/%2E/b");
        assert_eq!(c("http://h/a%2eb/%2e%2e%2e"), "http://h/a.b/...");
    }

    #[test]
    fn canonical_is_idempotent_on_examples() {
        for s in [
            "ftp://myname@host.dom/%2Fetc/motd",
            "HTTP://h:80/a%2d%7E?x=%41+b#%7e",
            "gopher://H/1%09a%20b",
            "mailto:Joe%25x@h",
        ] {
            let c = canon(s);
            assert_eq!(canon(&c), c, "{s}");
        }
    }
}
