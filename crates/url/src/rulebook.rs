//! The scheme rules, and what each dialect says of each: whether it
//! applies, the text that states it, and whether breaking it makes the URL
//! invalid or only earns a warning.
//!
//! The generic grammar's rules (characters, escapes, the authority) are
//! cited by [`ParseError::section`](crate::ParseError::section) from the
//! dialect alone. The rules here narrow a scheme, and the text that states
//! them depends on the dialect: RFC 1738 for its schemes; RFC 1630's BNF
//! for the schemes it writes; under RFC 3986, the document that defines
//! the scheme in RFC 3986's time (RFC 9110 for http and https, RFC 4266
//! for gopher, RFC 8089 for file, ...). A rule that the dialect's text does
//! not state is not applied under it: an RFC 1738 rule never leaks into
//! RFC 3986 with RFC 1738's name on it.
//!
//! Under RFC 1738 and RFC 1630 a scheme's rules are part of the URL
//! grammar (both write each scheme's BNF), and breaking one makes the URL
//! invalid. Under RFC 3986 validity is RFC 3986's generic grammar: a
//! scheme's definition adds advice, reported as a warning that a strict
//! parse reports too without failing. So `http://user@host/` is a valid
//! RFC 3986 URI with a warning citing RFC 9110 section 4.2.4 (a sender
//! "MUST NOT generate" userinfo; a recipient "SHOULD ... treat its
//! presence as an error"), and `file://host` one citing RFC 8089.

use crate::dialect::Dialect;
use crate::scheme::Scheme;

/// How a breach of a rule is reported.
///
/// # Example
///
/// ```
/// use uniform::{Dialect, rulebook::{Force, Rule}};
/// assert_eq!(Rule::PortRange.under(Dialect::Rfc1738).unwrap().force, Force::Invalid);
/// assert_eq!(Rule::PortRange.under(Dialect::Rfc3986).unwrap().force, Force::Advice);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Force {
    /// The URL is not valid under the dialect: a strict parse fails, a
    /// lenient one warns.
    Invalid,
    /// The URL is valid under the dialect's grammar, and a text advises
    /// against it (a limit the grammar does not set, a scheme's own rule
    /// under RFC 3986): a warning in both modes.
    Advice,
}

/// What one dialect says of one rule.
///
/// # Example
///
/// ```
/// use uniform::{Dialect, rulebook::{Force, Rule}};
/// let c = Rule::HttpLogin.under(Dialect::Rfc3986).unwrap();
/// assert_eq!((c.name, c.section), ("userinfo", "RFC 9110 section 4.2.4"));
/// assert_eq!(c.force, Force::Advice);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Citation {
    /// The rule's name in the text (a BNF rule where the text has one).
    pub name: &'static str,
    /// Where the text states it: `"RFC 1738 section 3.3"`.
    pub section: &'static str,
    /// What the rule asks, as a message says it.
    pub detail: &'static str,
    /// Whether a breach makes the URL invalid.
    pub force: Force,
}

const fn invalid(name: &'static str, section: &'static str, detail: &'static str) -> Citation {
    Citation {
        name,
        section,
        detail,
        force: Force::Invalid,
    }
}

const fn advice(name: &'static str, section: &'static str, detail: &'static str) -> Citation {
    Citation {
        name,
        section,
        detail,
        force: Force::Advice,
    }
}

/// RFC 1738 and RFC 1630 say the same of these: a port is one to connect
/// to, and mid and cid are read by RFC 1630 (RFC 1738 section 4 reserves
/// them without a syntax).
const PORT_TO_CONNECT: Citation = invalid(
    "port",
    TCP_PORT,
    "the port to connect to is a TCP port, 0 to 65535",
);
const MID_1630: Citation = invalid(
    "addr-spec",
    "RFC 1630, Message-Id",
    "a mid URL is an RFC 822 msg-id without its <>: local-part \"@\" domain",
);
const CID_1630: Citation = invalid(
    "content-identifier",
    "RFC 1630, Content-Id",
    "a cid URL names the Content-ID of a MIME body part",
);

/// RFC 1630's section of the BNF for each scheme.
const BNF_1630: &str = "RFC 1630, BNF for specific URL schemes";

macro_rules! rules {
    ($($(#[$doc:meta])* $rule:ident = $id:literal, $scheme:expr;)*) => {
        /// A rule of a scheme's own syntax (or a limit the generic grammar
        /// leaves to the scheme), as [`Rule::under`] cites it per dialect.
        ///
        /// # Example
        ///
        /// ```
        /// use uniform::{Dialect, rulebook::Rule};
        /// // RFC 1738's http has no login; RFC 3986's generic syntax has
        /// // userinfo, which RFC 9110 deprecates for http.
        /// assert_eq!(Rule::HttpLogin.under(Dialect::Rfc1738).unwrap().section, "RFC 1738 section 3.3");
        /// assert_eq!(Rule::HttpLogin.under(Dialect::Rfc3986).unwrap().section, "RFC 9110 section 4.2.4");
        /// // RFC 1738's "/" before a search part is no rule of RFC 9110.
        /// assert!(Rule::HttpSearchAfterPath.under(Dialect::Rfc3986).is_none());
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Rule {
            $($(#[$doc])* $rule,)*
        }

        impl Rule {
            /// Every rule, in declaration order.
            ///
            /// # Example
            ///
            /// ```
            /// use uniform::rulebook::Rule;
            /// assert!(Rule::ALL.contains(&Rule::PortRange));
            /// ```
            pub const ALL: &'static [Rule] = &[$(Rule::$rule,)*];

            /// A stable name: `http-login`, `port-range`.
            ///
            /// # Example
            ///
            /// ```
            /// use uniform::rulebook::Rule;
            /// assert_eq!(Rule::FtpType.id(), "ftp-type");
            /// ```
            pub fn id(self) -> &'static str {
                match self {
                    $(Rule::$rule => $id,)*
                }
            }

            /// The scheme the rule narrows, `None` for one of any scheme.
            ///
            /// # Example
            ///
            /// ```
            /// use uniform::{Scheme, rulebook::Rule};
            /// assert_eq!(Rule::GopherSelector.scheme(), Some(Scheme::Gopher));
            /// assert_eq!(Rule::PortRange.scheme(), None);
            /// ```
            pub fn scheme(self) -> Option<Scheme> {
                match self {
                    $(Rule::$rule => $scheme,)*
                }
            }
        }
    };
}

rules! {
    /// A port is a TCP port: 0 to 65535.
    PortRange = "port-range", None;
    /// http and https have no user name or password.
    HttpLogin = "http-login", Some(Scheme::Http);
    /// An http URL has `//` and a host.
    HttpAuthority = "http-authority", Some(Scheme::Http);
    /// A search part comes after the `/` of a path.
    HttpSearchAfterPath = "http-search-after-path", Some(Scheme::Http);
    /// The type code after `;type=`.
    FtpType = "ftp-type", Some(Scheme::Ftp);
    /// An ftp URL has `//` and a host.
    FtpAuthority = "ftp-authority", Some(Scheme::Ftp);
    /// gopher has no user name or password.
    GopherLogin = "gopher-login", Some(Scheme::Gopher);
    /// A selector holds no CR or LF.
    GopherSelector = "gopher-selector", Some(Scheme::Gopher);
    /// A gopher URL has `//` and a host.
    GopherAuthority = "gopher-authority", Some(Scheme::Gopher);
    /// A telnet URL ends after the host and port (and an optional `/`).
    TelnetEnd = "telnet-end", Some(Scheme::Telnet);
    /// A telnet URL has `//` and a host.
    TelnetAuthority = "telnet-authority", Some(Scheme::Telnet);
    /// A mailto URL names an address.
    MailtoAddress = "mailto-address", Some(Scheme::Mailto);
    /// Each address is an addr-spec.
    MailtoAddrSpec = "mailto-addr-spec", Some(Scheme::Mailto);
    /// A news URL names `*`, a group or an article.
    NewsGroupPart = "news-grouppart", Some(Scheme::News);
    /// A group name's characters.
    NewsGroup = "news-group", Some(Scheme::News);
    /// An article is a message-id: unique `@` domain.
    NewsArticle = "news-article", Some(Scheme::News);
    /// nntp has no user name or password.
    NntpLogin = "nntp-login", Some(Scheme::Nntp);
    /// An nntp URL names a group (after the host where it has one).
    NntpGroupNeeded = "nntp-group-needed", Some(Scheme::Nntp);
    /// A group name's characters.
    NntpGroup = "nntp-group", Some(Scheme::Nntp);
    /// An article number is digits.
    NntpArticle = "nntp-article", Some(Scheme::Nntp);
    /// An nntp URL has `//` and a host.
    NntpAuthority = "nntp-authority", Some(Scheme::Nntp);
    /// wais has no user name or password.
    WaisLogin = "wais-login", Some(Scheme::Wais);
    /// A wais URL names a database.
    WaisDatabase = "wais-database", Some(Scheme::Wais);
    /// A document is database `/` wtype `/` wpath, without a search part.
    WaisDocument = "wais-document", Some(Scheme::Wais);
    /// A wais URL has `//` and a host.
    WaisAuthority = "wais-authority", Some(Scheme::Wais);
    /// file has no user name.
    FileUser = "file-user", Some(Scheme::File);
    /// file has no port.
    FilePort = "file-port", Some(Scheme::File);
    /// A path after the host.
    FilePath = "file-path", Some(Scheme::File);
    /// prospero has no user name or password.
    ProsperoLogin = "prospero-login", Some(Scheme::Prospero);
    /// An hsoname after the host.
    ProsperoPath = "prospero-path", Some(Scheme::Prospero);
    /// The version after `%00` is digits.
    ProsperoVersion = "prospero-version", Some(Scheme::Prospero);
    /// A field is `;` name `=` value.
    ProsperoField = "prospero-field", Some(Scheme::Prospero);
    /// A prospero URL has `//` and a host.
    ProsperoAuthority = "prospero-authority", Some(Scheme::Prospero);
    /// A mid URL is a message-id, with an optional content-id.
    MidMessageId = "mid-message-id", Some(Scheme::Mid);
    /// A cid URL names a content-id.
    CidContentId = "cid-content-id", Some(Scheme::Cid);
    /// A URN's namespace identifier: 2 to 32 letters, digits and `-`.
    UrnNid = "urn-nid", Some(Scheme::Urn);
    /// `urn:` NID `:` NSS: the colon after the NID.
    UrnAssignedName = "urn-assigned-name", Some(Scheme::Urn);
    /// A non-empty namespace-specific string that starts with a pchar.
    UrnNss = "urn-nss", Some(Scheme::Urn);
}

impl Rule {
    /// What `dialect` says of the rule; `None` where its texts do not state
    /// it, and the rule is then not applied.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{Dialect, rulebook::Rule};
    /// assert_eq!(Rule::FtpType.under(Dialect::Rfc1630).unwrap().section,
    ///            "RFC 1630, BNF for specific URL schemes");
    /// assert!(Rule::MailtoAddress.under(Dialect::Rfc3986).is_none());
    /// ```
    pub fn under(self, dialect: Dialect) -> Option<Citation> {
        match dialect {
            Dialect::Rfc1738 => self.rfc1738(),
            Dialect::Rfc1630 => self.rfc1630(),
            Dialect::Rfc3986 => self.rfc3986(),
            // The URL Standard has no scheme's own rules.
            Dialect::Whatwg => None,
        }
    }

    fn rfc1738(self) -> Option<Citation> {
        const NO_LOGIN: &str = "no user name or password is allowed";
        Some(match self {
            Rule::PortRange => PORT_TO_CONNECT,
            Rule::HttpLogin => invalid("httpurl", "RFC 1738 section 3.3", NO_LOGIN),
            Rule::HttpSearchAfterPath => invalid(
                "httpurl",
                "RFC 1738 section 5",
                "a search part needs the \"/\" after the host before its \"?\"",
            ),
            Rule::FtpType => invalid(
                "ftptype",
                "RFC 1738 section 3.2.2",
                "the typecode is one of the characters a, i or d",
            ),
            Rule::GopherLogin => invalid("gopherurl", "RFC 1738 section 5", NO_LOGIN),
            Rule::GopherSelector => invalid(
                "selector",
                "RFC 1738 section 3.4.1",
                "a Gopher selector holds any octets except TAB, LF and CR",
            ),
            Rule::TelnetEnd => invalid(
                "telneturl",
                "RFC 1738 section 3.8",
                "a telnet URL ends after the host and port, with an optional \"/\"",
            ),
            Rule::MailtoAddress => invalid(
                "encoded822addr",
                "RFC 1738 section 5",
                "a mailto URL needs an address",
            ),
            Rule::MailtoAddrSpec => invalid(
                "addr-spec",
                "RFC 1738 section 3.5 (RFC 822 section 6.1)",
                "",
            ),
            Rule::NewsGroupPart => invalid(
                "grouppart",
                "RFC 1738 section 5",
                "a news URL names \"*\", a group or an article",
            ),
            Rule::NewsGroup => invalid(
                "group",
                "RFC 1738 section 5",
                "a group name is a letter, then letters, digits, '-', '.', '+' and '_'",
            ),
            Rule::NewsArticle => invalid(
                "article",
                "RFC 1738 section 3.6",
                "a message-id is <unique>@<full_domain_name>",
            ),
            Rule::NntpLogin => invalid("nntpurl", "RFC 1738 section 5", NO_LOGIN),
            Rule::NntpGroupNeeded => invalid(
                "nntpurl",
                "RFC 1738 section 3.7",
                "an nntp URL names a newsgroup after the host",
            ),
            Rule::NntpGroup => invalid(
                "group",
                "RFC 1738 section 5",
                "a group name is a letter, then letters, digits, '-', '.', '+' and '_'",
            ),
            Rule::NntpArticle => invalid(
                "digits",
                "RFC 1738 section 5",
                "an article number is decimal digits",
            ),
            Rule::WaisLogin => invalid("waisurl", "RFC 1738 section 5", NO_LOGIN),
            Rule::WaisDatabase => invalid(
                "waisurl",
                "RFC 1738 section 3.9",
                "a wais URL names a database after the host",
            ),
            Rule::WaisDocument => invalid(
                "waisdoc",
                "RFC 1738 section 5",
                "a document is database \"/\" wtype \"/\" wpath, with no search part",
            ),
            Rule::FileUser => invalid(
                "fileurl",
                "RFC 1738 section 3.10",
                "a file URL has a host, no user name",
            ),
            Rule::FilePort => invalid(
                "fileurl",
                "RFC 1738 section 3.10",
                "a file URL has a host, no port",
            ),
            Rule::FilePath => invalid(
                "fileurl",
                "RFC 1738 section 3.10",
                "a file URL has a \"/\" and a path after the host",
            ),
            Rule::ProsperoLogin => invalid("prosperourl", "RFC 1738 section 3.11", NO_LOGIN),
            Rule::ProsperoPath => invalid(
                "prosperourl",
                "RFC 1738 section 3.11",
                "a prospero URL has a \"/\" and an hsoname after the host",
            ),
            Rule::ProsperoField => invalid(
                "fieldspec",
                "RFC 1738 section 5",
                "a field is ';' fieldname '=' fieldvalue",
            ),
            // RFC 1738 section 4 reserves mid and cid without a syntax: the
            // parser notes that, and the views read them by RFC 1630.
            Rule::MidMessageId => MID_1630,
            Rule::CidContentId => CID_1630,
            // Section 3.1's common Internet scheme syntax, which the
            // parser checks for every scheme that uses it.
            Rule::HttpAuthority
            | Rule::FtpAuthority
            | Rule::GopherAuthority
            | Rule::TelnetAuthority
            | Rule::WaisAuthority
            | Rule::ProsperoAuthority
            | Rule::NntpAuthority
            | Rule::ProsperoVersion
            | Rule::UrnNid
            | Rule::UrnAssignedName
            | Rule::UrnNss => return None,
        })
    }

    fn rfc1630(self) -> Option<Citation> {
        const NO_LOGIN: &str = "no user name or password is allowed: the address is host and port";
        Some(match self {
            Rule::PortRange => PORT_TO_CONNECT,
            Rule::HttpLogin => invalid("httpaddress", BNF_1630, NO_LOGIN),
            Rule::FtpType => invalid(
                "ftptype",
                BNF_1630,
                "the type code is A or E with an optional form code N, T or C, I, or L and digits",
            ),
            Rule::GopherLogin => invalid("gopheraddress", BNF_1630, NO_LOGIN),
            Rule::TelnetEnd => invalid(
                "telnetaddress",
                BNF_1630,
                "a telnet URL ends after the login (host and port)",
            ),
            Rule::MailtoAddress => invalid(
                "mailtoaddress",
                "RFC 1630, Mailto",
                "a mailto URL needs an address",
            ),
            Rule::MailtoAddrSpec => {
                invalid("addr-spec", "RFC 1630, Mailto (RFC 822 section 6.1)", "")
            }
            Rule::NewsGroupPart => invalid(
                "groupart",
                BNF_1630,
                "a news URL names \"*\", a group or an article",
            ),
            Rule::NewsGroup => invalid(
                "group",
                BNF_1630,
                "each part of a group name starts with a letter",
            ),
            Rule::NewsArticle => invalid("article", BNF_1630, "an article is xalphas \"@\" host"),
            Rule::NntpGroupNeeded => invalid(
                "nntpaddress",
                BNF_1630,
                "an nntp URL names a group, then \"/\" and an article number",
            ),
            Rule::NntpArticle => invalid("digits", BNF_1630, "an article number is decimal digits"),
            Rule::WaisLogin => invalid("waisindex", BNF_1630, NO_LOGIN),
            Rule::WaisDatabase => invalid(
                "waisindex",
                BNF_1630,
                "a wais URL names a database after the host",
            ),
            Rule::WaisDocument => invalid(
                "waisdoc",
                BNF_1630,
                "a document is database \"/\" wtype \"/\" wpath, with no search part",
            ),
            Rule::ProsperoLogin => invalid("prosperolink", BNF_1630, NO_LOGIN),
            Rule::ProsperoPath => invalid(
                "prosperolink",
                BNF_1630,
                "a prospero URL has a \"/\" and an hsoname after the host",
            ),
            Rule::ProsperoVersion => invalid("version", BNF_1630, "a version after %00 is digits"),
            Rule::MidMessageId => MID_1630,
            Rule::CidContentId => CID_1630,
            // RFC 1630 writes no search-after-path rule, no selector rule,
            // no group characters for nntp beyond ialpha, no file scheme
            // and no prospero fields; its "//" hostport is checked by the
            // parser.
            Rule::HttpAuthority
            | Rule::HttpSearchAfterPath
            | Rule::FtpAuthority
            | Rule::GopherSelector
            | Rule::GopherAuthority
            | Rule::TelnetAuthority
            | Rule::NntpLogin
            | Rule::NntpGroup
            | Rule::WaisAuthority
            | Rule::FileUser
            | Rule::FilePort
            | Rule::FilePath
            | Rule::ProsperoField
            | Rule::ProsperoAuthority
            | Rule::NntpAuthority
            | Rule::UrnNid
            | Rule::UrnAssignedName
            | Rule::UrnNss => return None,
        })
    }

    fn rfc3986(self) -> Option<Citation> {
        const NO_LOGIN: &str = "no user name or password is allowed";
        const HOST: &str = "this scheme's URLs have \"//\" and a host";
        // Validity under RFC 3986 is RFC 3986's grammar: what a scheme's
        // own definition adds is advice, a warning in both modes, citing
        // that definition. RFC 4248, 4266, 4156 and 4157 keep RFC 1738's
        // schemes in prose templates, without BNF: their rules are named
        // after the scheme.
        Some(match self {
            // RFC 3986 section 3.2.3: port = *DIGIT, its range left to the
            // scheme: a URL with a larger number is still a URI.
            Rule::PortRange => advice(
                "port",
                TCP_PORT,
                "no TCP port has this number: a TCP port is 0 to 65535",
            ),
            Rule::HttpLogin => advice(
                "userinfo",
                "RFC 9110 section 4.2.4",
                "userinfo in an http or https URI is deprecated, and a recipient treats it as an error: it can hide the real host",
            ),
            Rule::HttpAuthority => advice(
                "http-URI",
                "RFC 9110 section 4.2.1",
                "an http or https URI has \"//\" and a host: one with an empty host is invalid",
            ),
            // ftp is still defined by RFC 1738 in RFC 3986's time (the
            // IANA registry's reference).
            Rule::FtpType => advice(
                "ftptype",
                "RFC 1738 section 3.2.2",
                "the typecode is one of the characters a, i or d",
            ),
            Rule::FtpAuthority => advice("ftpurl", "RFC 1738 section 3.2", HOST),
            Rule::GopherLogin => advice("gopher", "RFC 4266 section 2.1", NO_LOGIN),
            Rule::GopherSelector => advice(
                "selector",
                "RFC 4266 section 2.1",
                "a Gopher selector holds any octets except TAB, LF and CR",
            ),
            Rule::GopherAuthority => advice("gopher", "RFC 4266 section 2.1", HOST),
            Rule::TelnetEnd => advice(
                "telnet",
                "RFC 4248 section 2",
                "a telnet URL ends after the host and port, with an optional \"/\"",
            ),
            Rule::TelnetAuthority => advice("telnet", "RFC 4248 section 2", HOST),
            Rule::MailtoAddrSpec => advice("addr-spec", "RFC 6068 section 2", ""),
            Rule::NewsGroupPart => advice(
                "newsURL",
                "RFC 5538 section 4",
                "a server in a news URL is followed by \"/\"",
            ),
            Rule::NewsGroup => advice(
                "newsgroups",
                "RFC 5538 appendix A",
                "newsgroups are letters, digits, '-', '+', '_', '.' and '*', other octets %-encoded",
            ),
            Rule::NewsArticle => advice(
                "article",
                "RFC 5538 section 4",
                "a message-id is id-left \"@\" id-right (msg-id-core, RFC 5536)",
            ),
            Rule::NntpAuthority => advice(
                "nntpURL",
                "RFC 5538 section 3",
                "an nntp URL has \"//\" and a server: there is no default host",
            ),
            Rule::NntpGroupNeeded => advice(
                "nntpURL",
                "RFC 5538 section 3",
                "an nntp URL names a group after the server",
            ),
            Rule::NntpGroup => advice(
                "group",
                "RFC 5538 section 3",
                "a group is letters, digits, '-', '+', '_' and '.', other octets %-encoded",
            ),
            Rule::NntpArticle => advice(
                "article-number",
                "RFC 5538 section 3",
                "an article number is 1 to 16 decimal digits",
            ),
            Rule::WaisLogin => advice("wais", "RFC 4156 section 2", NO_LOGIN),
            Rule::WaisDatabase => advice(
                "wais",
                "RFC 4156 section 2",
                "a wais URL names a database after the host",
            ),
            Rule::WaisDocument => advice(
                "wais",
                "RFC 4156 section 2",
                "a document is database \"/\" wtype \"/\" wpath, with no search part",
            ),
            Rule::WaisAuthority => advice("wais", "RFC 4156 section 2", HOST),
            Rule::FileUser => advice(
                "file-auth",
                "RFC 8089 section 2",
                "a file URI's authority is a host or \"localhost\", without userinfo",
            ),
            Rule::FilePort => advice(
                "file-auth",
                "RFC 8089 section 2",
                "a file URI's authority is a host or \"localhost\", without a port",
            ),
            Rule::FilePath => advice(
                "file-hier-part",
                "RFC 8089 section 2",
                "a file URI's path is absolute: it starts with \"/\"",
            ),
            Rule::ProsperoLogin => advice("prospero", "RFC 4157 section 2", NO_LOGIN),
            Rule::ProsperoPath => advice(
                "prospero",
                "RFC 4157 section 2",
                "a prospero URL has a \"/\" and an hsoname after the host",
            ),
            Rule::ProsperoField => advice(
                "prospero",
                "RFC 4157 section 2",
                "a field is ';' field '=' value",
            ),
            Rule::ProsperoAuthority => advice("prospero", "RFC 4157 section 2", HOST),
            Rule::MidMessageId => advice(
                "mid-url",
                "RFC 2392 section 2",
                "a mid URL is a message-id without its <>: local-part \"@\" domain",
            ),
            Rule::CidContentId => advice(
                "cid-url",
                "RFC 2392 section 2",
                "a cid URL names the Content-ID of a MIME body part",
            ),
            // RFC 1738 reserves urn, RFC 1630 leaves it to a future
            // standard: RFC 8141 is that standard.
            Rule::UrnNid => advice(
                "NID",
                "RFC 8141 section 2",
                "a namespace identifier is 2 to 32 letters, digits and '-', not at either end",
            ),
            Rule::UrnAssignedName => advice(
                "assigned-name",
                "RFC 8141 section 2",
                "a URN is \"urn:\" NID \":\" NSS: the ':' after the namespace identifier is missing",
            ),
            Rule::UrnNss => advice(
                "NSS",
                "RFC 8141 section 2",
                "the namespace-specific string is one or more pchar, the first not '/'",
            ),
            // RFC 9110's http-URI has a query after any path-abempty;
            // RFC 6068's mailto may have no address ("mailto:?to=...");
            // RFC 5538's nntp server is an RFC 3986 authority, userinfo
            // included; RFC 1630's prospero version is no rule of RFC 4157.
            Rule::HttpSearchAfterPath
            | Rule::MailtoAddress
            | Rule::NntpLogin
            | Rule::ProsperoVersion => return None,
        })
    }
}

/// The text that makes a port 16 bits: TCP's header (RFC 9293, which
/// obsoletes RFC 793; the field is the same).
const TCP_PORT: &str = "RFC 9293 section 3.1";

#[cfg(test)]
mod tests {
    use super::*;

    /// A strict RFC 3986 parse that keeps no warnings skips the built-in
    /// schemes' checks (`ParseOptions::parse_into`): that is sound only
    /// while every rule they cite under RFC 3986 is advice.
    #[test]
    fn rfc3986_cites_only_advice() {
        for rule in Rule::ALL {
            if let Some(c) = rule.under(Dialect::Rfc3986) {
                assert_eq!(c.force, Force::Advice, "{rule:?} under RFC 3986");
            }
        }
    }
}
