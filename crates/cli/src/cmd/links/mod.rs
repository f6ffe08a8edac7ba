//! `uniform links`: every link of HTML, Markdown and text documents
//! checked by its own scheme's protocol (the library uniform-links does
//! the work; this module reads the flags and writes the report).

mod values;

use crate::cmd::route::RouteOptions;
use crate::cmd::{self, Run, Status};
use clap::ValueEnum;
use regex::RegexSet;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;
use uniform_links::Format;
use uniform_links::cache::Cache;
use uniform_links::check::CheckOptions;
use uniform_links::crawl::{self, CrawlOptions, Scope};
use uniform_links::entries::Entries;
use uniform_links::input::{self, InputOptions};
use uniform_links::locations::Locations;
use uniform_links::report::{self, Shown};
use uniform_links::run::{self, RunOptions};
use values::{accept, age, ignore_file, seconds};

const HELP: &str = "\
Each link is checked by its own scheme's protocol: http(s) by HEAD (then
GET's head where HEAD's status is not accepted), ftp by SIZE (or the
listing of a directory), gopher by its selector (a menu answering with an
error item is broken), news and nntp by the article or group, file by its
presence, mailto by its addresses' syntax and their domains resolving,
telnet by a connection, wais by init and search. Every URL passes the
safety policy of `uniform plan` first: a refused link (port 25, an encoded
CR or LF) is reported broken with the reason and never connected to. A
URL found several times is checked once (its fragment aside).

Inputs: files, folders (walked; only .html, .htm, .md, .markdown, .txt,
.css, .rss, .atom files, and .xml files whose root element is a sitemap's
or a feed's, filtered by --include-path and --exclude-path globs), URLs
(fetched, then their links checked) and - (standard input). A file's
format comes from its extension, else a look at its text (--input-format
overrides); a gzip-compressed one (sitemap.xml.gz) is inflated, to 50 MiB
at most.

HTML and Markdown links are read as a browser reads them: white space at
their ends stripped, then parsed by the WHATWG URL Standard against the
document (an HTML <base href> first, itself read the same way), so that
docs\\page.html is docs/page.html and a link broken over lines is joined;
the URL checked and reported is the Standard's serialization. The
Standard reads only its special schemes (http, https, ftp, ws, wss,
file): a link of another scheme (gopher, news, mailto...) is kept as
written, and a relative link in a document whose base has such a scheme
resolves by RFC 3986, as do the links of plain text.

Crawling (-R): the documents under each start's folder (or --scope) that
links name are read in turn, each fetched once, up to --max-depth links
from a start (16) and past no path repeating a segment more than 3 times;
robots.txt is obeyed for all a crawl fetches (--ignore-robots), its
Crawl-delay spaces a host's fetches, its sitemaps are read. Links outside
the scope, and objects that are no documents, are checked, not read.

Local sites: --root-dir DIR reads a link /x of a local file as DIR/x;
--base-url URL resolves the relative links of local files against URL;
both together take DIR as published at URL, so that a link under URL is
checked as the file under DIR and one outside it on the web. --remap
'PATTERN URI' checks a URL matching PATTERN as URI. A .uniformignore
file in the working directory lists URLs not to check: one regular
expression a line, # starts a comment (as lychee's .lycheeignore).

Exit status (lychee's): 0 every link checked is fine; 2 some are broken;
1 an input could not be read or the run failed (the links of the other
inputs are still checked and shown); 3 the command line or a
configuration (.uniformignore) is wrong, so that a usage error never
reads as broken links.";

/// lychee's status for a usage or configuration error: never 2, which
/// says that links are broken.
pub const CONFIG_ERROR: Status = Status::Exit(3);

/// The report's form.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportFormat {
    /// For people: grouped by document, line:column, the verdict and why.
    Human,
    /// One JSON object: `links` and `summary`.
    Json,
    /// A Markdown page: a table a document.
    Markdown,
    /// JUnit XML (Jenkins, GitLab): a test suite a document, a failing test case a broken link.
    Junit,
    /// SARIF 2.1.0 (GitHub code scanning): a result a broken link, at its document, line and column.
    Sarif,
}

/// How documents are read, when not by their names.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// HTML: href, src, srcset, <base href>.
    Html,
    /// Markdown: inline, reference and autolinks.
    Markdown,
    /// Plain text: URLs with a scheme, <URL:...> wrappers.
    Text,
    /// CSS: url(...) and @import.
    Css,
    /// A sitemap or sitemap index: each <loc>.
    Sitemap,
    /// An RSS or Atom feed: links, enclosures, permalinks.
    Feed,
}

/// Check every link of HTML, Markdown or text documents by its own protocol
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
pub struct Args {
    /// Files, folders, URLs, or - for standard input
    #[arg(required = true, value_name = "INPUT")]
    inputs: Vec<String>,
    /// Print each check's plan (what it would send), connecting nowhere
    #[arg(long)]
    dump: bool,
    /// Crawl: read the documents under the scope that links name, check their links, and so on
    #[arg(short = 'R', long)]
    recursive: bool,
    /// With -R, crawl only under PREFIX (a URL; repeatable); by default each start document's folder
    #[arg(long, value_name = "PREFIX", requires = "recursive")]
    scope: Vec<String>,
    /// With -R, links followed from a start document at most (0: the start documents only)
    #[arg(long, value_name = "N", default_value_t = crawl::DEFAULT_MAX_DEPTH)]
    max_depth: usize,
    /// With -R, documents read at most
    #[arg(long, value_name = "N", default_value_t = crawl::DEFAULT_MAX_PAGES)]
    max_pages: usize,
    /// With -R, fetch what robots.txt disallows too
    #[arg(long, requires = "recursive")]
    ignore_robots: bool,
    /// The report's form
    #[arg(long, value_enum, default_value = "human")]
    format: ReportFormat,
    /// The report as JSON (--format json)
    #[arg(long)]
    json: bool,
    /// Write the report to FILE
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Check fragments too: #name must be an id or a name in an HTML page, a heading's anchor in Markdown
    #[arg(long)]
    include_fragments: bool,
    /// Show every link, not only the broken ones
    #[arg(short = 'v', long)]
    verbose: bool,
    /// Check only URLs matching REGEX (repeatable)
    #[arg(long, value_name = "REGEX")]
    include: Vec<String>,
    /// Do not check URLs matching REGEX (repeatable; a .uniformignore file in the working directory adds one a line)
    #[arg(long, value_name = "REGEX")]
    exclude: Vec<String>,
    /// Local files are published at URL: their relative links resolve against it (with --root-dir, DIR is published at URL and URLs under it are checked as DIR's files)
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
    /// The folder that is the site's root: a link /x in a local file names DIR/x
    #[arg(long, value_name = "DIR")]
    root_dir: Option<PathBuf>,
    /// Check a URL matching the regular expression PATTERN as URI instead ($1 names a group; repeatable)
    #[arg(long, value_name = "PATTERN URI")]
    remap: Vec<String>,
    /// In folders, read only files matching GLOB (gitignore syntax, relative to the folder; repeatable)
    #[arg(long, value_name = "GLOB")]
    include_path: Vec<String>,
    /// In folders, skip files and folders matching GLOB (repeatable)
    #[arg(long, value_name = "GLOB")]
    exclude_path: Vec<String>,
    /// In folders, read hidden files and folders too
    #[arg(long)]
    hidden: bool,
    /// Read every document as this format
    #[arg(long, value_enum, value_name = "FORMAT")]
    input_format: Option<InputFormat>,
    /// HTTP statuses that mean fine, as 200..=299,403 or 200-299
    #[arg(long, value_name = "CODES", default_value = "200..=299")]
    accept: String,
    /// How many checks run at once
    #[arg(long, value_name = "N", default_value_t = 32)]
    max_concurrency: usize,
    /// Seconds a check may take in all
    #[arg(long, value_name = "SECONDS", default_value_t = 20.0)]
    timeout: f64,
    /// Seconds to wait for a connection
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    connect_timeout: f64,
    /// Redirects followed at most
    #[arg(long, value_name = "N", default_value_t = 10)]
    max_redirects: u32,
    /// HTTPS without checking the server's certificate
    #[arg(short = 'k', long)]
    insecure: bool,
    /// Trust the certificates of this PEM file for HTTPS
    #[arg(long, value_name = "FILE")]
    cacert: Option<PathBuf>,
    /// Allow connecting to PORT though another well-known service uses it (repeatable)
    #[arg(long, value_name = "PORT")]
    allow_port: Vec<u16>,
    /// Refuse a gopher text input that ends when the server closes, without RFC 1436's "." line
    #[arg(long)]
    gopher_strict: bool,
    /// Do not check links to private addresses (RFC 1918: 10/8, 172.16/12, 192.168/16), the names resolved first
    #[arg(long)]
    exclude_private: bool,
    /// Do not check links to link-local addresses (169.254/16, fe80::/10), the names resolved first
    #[arg(long)]
    exclude_link_local: bool,
    /// Do not check links to loopback addresses (127/8, ::1, 0.0.0.0), the names resolved first
    #[arg(long)]
    exclude_loopback: bool,
    /// Do not check links to private, link-local, loopback, unique local (fc00::/7) or cloud metadata addresses
    #[arg(long)]
    exclude_all_private: bool,
    #[command(flatten)]
    route: RouteOptions,
    /// Tries after the first for a passing failure (a time limit, a connection refused, HTTP 408, 429, 5xx)
    #[arg(long, value_name = "N", default_value_t = 2)]
    max_retries: u32,
    /// Seconds before the first try again; each wait doubles it (a 429's Retry-After is obeyed instead, up to 60 s)
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0)]
    retry_wait_time: f64,
    /// Checks of one host at once
    #[arg(long, value_name = "N", default_value_t = 8)]
    max_per_host: usize,
    /// Checks of one host started a second, at most
    #[arg(long, value_name = "N")]
    rate: Option<f64>,
    /// Keep verdicts in .uniform-links-cache between runs (see --max-cache-age)
    #[arg(long)]
    cache: bool,
    /// How old a kept verdict may be: N, Ns, Nm, Nh or Nd
    #[arg(long, value_name = "AGE", default_value = "1d")]
    max_cache_age: String,
    /// No progress bar
    #[arg(long)]
    no_progress: bool,
}

/// The file --cache keeps verdicts in, in the current directory (as
/// lychee keeps .lycheecache).
const CACHE_FILE: &str = ".uniform-links-cache";

/// The file of patterns of URLs not to check, in the current directory
/// (as lychee reads .lycheeignore).
const IGNORE_FILE: &str = ".uniformignore";

impl Args {
    fn check_options(&self) -> Result<CheckOptions, String> {
        let mut o = CheckOptions {
            accept: accept(&self.accept)?,
            ..CheckOptions::default()
        };
        let t = &mut o.session.timeouts;
        t.connect = seconds(self.connect_timeout, "--connect-timeout")?;
        let total = seconds(self.timeout, "--timeout")?;
        t.total = Some(total);
        t.idle = t.idle.min(total);
        let f = &mut o.fetch;
        f.max_redirects = self.max_redirects;
        f.tls.insecure = self.insecure;
        f.tls.ca_file = self.cacert.clone();
        f.plan.allowed_ports = self.allow_port.clone();
        f.gopher_strict = self.gopher_strict;
        f.exclusions.private = self.exclude_private;
        f.exclusions.link_local = self.exclude_link_local;
        f.exclusions.loopback = self.exclude_loopback;
        f.exclusions.all_private = self.exclude_all_private;
        self.route.apply(f)?;
        Ok(o)
    }

    fn run_options(&self) -> Result<RunOptions, String> {
        let set = |patterns: &[String], flag: &str| -> Result<Option<RegexSet>, String> {
            if patterns.is_empty() {
                return Ok(None);
            }
            RegexSet::new(patterns)
                .map(Some)
                .map_err(|e| format!("{flag}: {e}"))
        };
        let mut exclude = self.exclude.clone();
        exclude.extend(ignore_file(Path::new(IGNORE_FILE))?);
        let locations = Locations::new(
            self.base_url.as_deref(),
            self.root_dir.as_deref(),
            &self.remap,
        )?;
        Ok(RunOptions {
            check: self.check_options()?,
            concurrency: self.max_concurrency.max(1),
            include: set(&self.include, "--include")?,
            exclude: set(&exclude, "--exclude")?,
            locations,
            include_fragments: self.include_fragments,
            retries: self.max_retries,
            retry_wait: Duration::try_from_secs_f64(self.retry_wait_time).map_err(|_| {
                format!(
                    "--retry-wait-time: {} is no number of seconds",
                    self.retry_wait_time
                )
            })?,
            max_per_host: self.max_per_host.max(1),
            rate: match self.rate {
                Some(r) if !(r.is_finite() && r > 0.0) => {
                    return Err(format!("--rate: {r} is not a positive number"));
                }
                r => r,
            },
            ..RunOptions::default()
        })
    }

    /// The crawl's limits with -R; `None` without.
    fn crawl_options(&self) -> Result<Option<CrawlOptions>, String> {
        if !self.recursive {
            return Ok(None);
        }
        if self.dump {
            // --dump connects to nothing; a crawl knows its pages only by
            // reading them.
            return Err(
                "--dump is not taken with -R: a crawl finds its pages by reading them".into(),
            );
        }
        Ok(Some(CrawlOptions {
            scopes: self
                .scope
                .iter()
                .map(|s| Scope::parse(s))
                .collect::<Result<_, _>>()?,
            max_depth: self.max_depth,
            max_pages: self.max_pages.max(1),
            ignore_robots: self.ignore_robots,
            ..CrawlOptions::default()
        }))
    }

    fn input_options(&self) -> InputOptions {
        InputOptions {
            include: self.include_path.clone(),
            exclude: self.exclude_path.clone(),
            hidden: self.hidden,
            format: self.input_format.map(|f| match f {
                InputFormat::Html => Format::Html,
                InputFormat::Markdown => Format::Markdown,
                InputFormat::Text => Format::Text,
                InputFormat::Css => Format::Css,
                InputFormat::Sitemap => Format::Sitemap,
                InputFormat::Feed => Format::Feed,
            }),
            ..InputOptions::default()
        }
    }
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let opts = match self.run_options() {
            Ok(o) => o,
            Err(e) => {
                let _ = cmd::say!(io::stderr(), "uniform: {e}");
                return Ok(CONFIG_ERROR);
            }
        };
        let crawl = match self.crawl_options() {
            Ok(c) => c,
            Err(e) => {
                let _ = cmd::say!(io::stderr(), "uniform: {e}");
                return Ok(CONFIG_ERROR);
            }
        };
        // A crawl reads its documents as it goes.
        let (docs, errors) = if crawl.is_some() {
            (Vec::new(), Vec::new())
        } else {
            // The inputs are the user's own choice, a local site served
            // on localhost included: the --exclude-* flags screen the
            // links found in them, as lychee's do.
            let mut fetch = opts.check.fetch.clone();
            fetch.exclusions = Default::default();
            input::documents(
                &self.inputs,
                &self.input_options(),
                &fetch,
                &opts.check.session,
            )
        };
        for e in &errors {
            let _ = cmd::say!(io::stderr(), "uniform: {e}");
        }
        let mut out: Box<dyn Write> = match &self.output {
            Some(p) => match std::fs::File::create(p) {
                Ok(f) => Box::new(io::BufWriter::new(f)),
                Err(e) => {
                    let _ = cmd::say!(io::stderr(), "uniform: -o {}: {e}", p.display());
                    return Ok(Status::Failure);
                }
            },
            None => Box::new(io::BufWriter::new(io::stdout().lock())),
        };
        if self.dump {
            report::dump(&docs, &opts, &mut out)?;
            out.flush()?;
            return Ok(if errors.is_empty() {
                Status::Success
            } else {
                Status::Failure
            });
        }
        let bar = (!self.no_progress && io::stderr().is_terminal()).then(|| {
            let b = indicatif::ProgressBar::new(0);
            b.set_style(
                indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} URLs checked")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            b
        });
        let progress = |n: usize, total: usize| {
            if let Some(b) = &bar {
                b.set_length(total as u64);
                b.set_position(n as u64);
            }
        };
        let mut cache = if self.cache {
            let max_age = match age(&self.max_cache_age) {
                Ok(a) => a,
                Err(e) => {
                    let _ = cmd::say!(io::stderr(), "uniform: {e}");
                    return Ok(CONFIG_ERROR);
                }
            };
            match Cache::load(std::path::Path::new(CACHE_FILE), max_age) {
                Ok(c) => Some(c),
                Err(e) => {
                    let _ = cmd::say!(io::stderr(), "uniform: --cache: {CACHE_FILE}: {e}");
                    return Ok(Status::Failure);
                }
            }
        } else {
            None
        };
        let (entries, errors): (Box<dyn Entries>, _) = match &crawl {
            Some(c) => {
                let (found, unread) = crawl::crawl(
                    &self.inputs,
                    &self.input_options(),
                    &opts,
                    c,
                    cache.as_mut(),
                    &progress,
                )?;
                for e in &unread {
                    let _ = cmd::say!(io::stderr(), "uniform: {e}");
                }
                (Box::new(found), unread)
            }
            None => (
                Box::new(run::run_cached(&docs, &opts, cache.as_mut(), &progress)),
                errors,
            ),
        };
        if let Some(c) = &cache
            && let Err(e) = c.save()
        {
            let _ = cmd::say!(io::stderr(), "uniform: --cache: {CACHE_FILE}: {e}");
        }
        if let Some(b) = &bar {
            b.finish_and_clear();
        }
        let which = if self.verbose {
            Shown::All
        } else {
            Shown::Broken
        };
        let format = if self.json {
            ReportFormat::Json
        } else {
            self.format
        };
        match format {
            ReportFormat::Human => report::human(&*entries, which, &mut out)?,
            ReportFormat::Json => report::json(&*entries, which, &mut out)?,
            ReportFormat::Markdown => report::markdown(&*entries, which, &mut out)?,
            ReportFormat::Junit => report::junit(&*entries, which, &mut out)?,
            ReportFormat::Sarif => report::sarif(&*entries, which, &mut out)?,
        }
        out.flush()?;
        let broken = entries.any_broken()?;
        Ok(if !errors.is_empty() {
            Status::Failure
        } else if broken {
            Status::Exit(2)
        } else {
            Status::Success
        })
    }
}
