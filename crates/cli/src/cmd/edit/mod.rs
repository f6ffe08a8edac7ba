//! `uniform edit URL...`: change URLs by trurl's meanings (`--set`,
//! `--append`, `--qtrim`, `--sort-query`, `--redirect`, `--get`), through
//! the library's setters (`uniform::edit`), so that every result is valid
//! in the URL's dialect or refused.

use crate::bulk::{Jobs, Record, Sink};
use crate::caret::Severity;
use crate::cmd::lines::run_inputs;
use crate::cmd::{self, Run, Status, UrlOptions};
use crate::input::{Bom, Inputs};
use crate::json;
use crate::password;
use crate::template;
use show::{Show, json_object, missing_part, template_object, unescape_template};
use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use uniform::edit::{
    Append, Iterate, Recipe, RecipeError, Replace, Set, accept_space, combinations, guess_scheme,
    trim_key,
};
use uniform::visible::escaped;
use uniform::{Component, ParseError, ParseOptions, Url};

mod show;

const HELP: &str = "\
Changes each URL and prints the result, one a line. The options are
trurl's, with trurl's meanings. The edits are made in this order, whatever
the order of the options: --redirect, each --set (in the order given, then
the --iterate values), each --append path=, each --qtrim, each --replace,
each --append query=, --sort-query, --punycode, --default-port.

  --set PART=VALUE    sets a part, VALUE encoded as the part requires
                      (\"c d\" becomes \"c%20d\"); an empty VALUE removes the
                      user, password, port, query or fragment. PART is one
                      of scheme, user, password, host, port, path, query,
                      fragment. As in trurl, query=VALUE is one value: its
                      \"=\" and \"&\" are encoded. A Unicode host is written
                      in its UTS 46 ASCII form. A part is set once.
  --set PART:=VALUE   sets a part to VALUE already encoded, kept as it is
                      (query:=a=b&c=d); it must be valid in the part
  --set PART?=VALUE   sets the part only where the URL has none
  --iterate PART=\"V1 V2\"  one URL for each value; several --iterate give
                      every combination, the first varying slowest
  --append path=SEG   appends a path segment, encoded (\"/\" becomes %2F);
                      a trailing \"/\" is replaced
  --append query=K=V  appends a query pair, form-encoded (\" \" becomes \"+\")
  --qtrim KEY         removes the query pairs whose key (form-decoded) is
                      KEY; a trailing \"*\" matches any key that starts so,
                      a trailing \"\\*\" is a star; --trim query=KEY is the same
  --replace K=V       gives the first pair with key K the value V and
                      removes the others with that key; --replace-append
                      appends K=V when there is none
  --sort-query        sorts the query pairs by key, then value
  --redirect REF      resolves REF against the URL (RFC 3986 section 5.2)
  --punycode, --as-idn  print the host in its UTS 46 ASCII or Unicode form
  --default-port      writes the scheme's port into a URL that has none

An edit the URL's scheme or dialect does not allow (a port in a mailto: URL,
a query in an RFC 1738 ftp URL, a host with a space) is an error: the URL is
not printed, and standard error names the URL and the part.

--get TEMPLATE prints each URL by a template instead: {url}, {scheme},
{user}, {password}, {host}, {port}, {path}, {query}, {fragment} decoded (the
path with its leading \"/\", as trurl prints it); {:user}, {:password},
{:host}, {:port}, {:path}, {:query}, {:fragment} as written (encoded), also
spelt {url:PART}; {default:port} the port, else the scheme's default;
{puny:host} and {idn:host} the host name in its UTS 46 ASCII and Unicode
forms (xn--bcher-kva.example, b\u{fc}cher.example); {puny:url}, {idn:url}
and {default:url} the URL with its host in that form or its port written;
{query:KEY} the first value of KEY, form-decoded, {:query:KEY} as written
(empty when there is no such key), {query-all:KEY} every value, with a
space between; {must:PART} the part, and an error for a URL without it.
{{ and }} stand for braces; \\n, \\t and \\\\ for a line end, a tab and
a backslash. An absent part prints nothing. With --urlencode the decoded
fields are given as written.

--json prints one object per URL (JSON Lines): trurl's {url, parts: {scheme,
user, password, host, port, path, query, fragment}, params: [{key, value}...]}
with the parts present, decoded (as written with --urlencode), the port a
string, the path with its leading \"/\", and params (the query pairs,
form-decoded) when there is a query.

Inputs: the URL arguments, --url URL, the lines of --url-file FILE (first),
and with \"-\" one URL per line of standard input. Without any, a URL is made
of the scheme and host given to --set. --guess-scheme takes text without a
scheme for a host, as trurl does (example.com is http://example.com,
ftp.example.com ftp://...); Uniform never guesses otherwise. --accept-space
takes a space in an input URL as %20, and as + in the query. --keep-port and
--no-guess-scheme are accepted: Uniform never drops a port, and guesses a
scheme only when asked.

Passwords: a non-empty password is shown as \"****\" in every output (the
URL, {password}, the JSON, messages) unless --show-password.

Exit status: 0 when every URL was read and edited, 1 when one was invalid or
an edit was refused (with --verify the first one ends the run; --quiet
leaves out the messages), 2 for a usage error (an unknown PART, a port that
is no number, a part set twice, a template with an unknown field).";

/// Change URLs: set parts, append to path or query, trim and sort the query,
/// follow a redirect
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
pub struct Args {
    /// The URLs; "-" reads one per line from standard input
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
    /// A URL to edit, as a URL argument (trurl's --url)
    #[arg(long = "url", value_name = "URL")]
    url: Vec<OsString>,
    /// Read URLs from FILE, one a line, before the arguments ("-" for
    /// standard input)
    #[arg(short = 'f', long = "url-file", value_name = "FILE")]
    url_file: Option<PathBuf>,
    #[command(flatten)]
    options: UrlOptions,
    #[command(flatten)]
    jobs: Jobs,
    /// Set a part: PART=VALUE encodes VALUE, PART:=VALUE takes it encoded
    #[arg(short, long = "set", value_name = "PART=VALUE")]
    set: Vec<String>,
    /// One URL for each value of a part: PART="V1 V2 ..."; several give
    /// every combination
    #[arg(long = "iterate", value_name = "PART=V1 V2...")]
    iterate: Vec<String>,
    /// Append a path segment (path=SEG) or a query pair (query=K=V)
    #[arg(short, long = "append", value_name = "path=SEG|query=K=V")]
    append: Vec<String>,
    /// Remove the query pairs with this key ("utm_*" for a prefix)
    #[arg(long = "qtrim", value_name = "KEY")]
    qtrim: Vec<String>,
    /// As --qtrim KEY (trurl's older spelling)
    #[arg(long = "trim", value_name = "query=KEY")]
    trim: Vec<String>,
    /// Replace the value of the query pairs with key K by V (K=V, or K
    /// for no value); nothing when there is no such pair
    #[arg(long = "replace", value_name = "K=V")]
    replace: Vec<String>,
    /// As --replace, appending K=V when there is no such pair
    #[arg(long = "replace-append", alias = "force-replace", value_name = "K=V")]
    replace_append: Vec<String>,
    /// Sort the query pairs
    #[arg(long)]
    sort_query: bool,
    /// Resolve this reference against the URL
    #[arg(long, value_name = "REF")]
    redirect: Option<String>,
    /// Write the scheme's default port into a URL that has none
    #[arg(long)]
    default_port: bool,
    /// Print the host name in its UTS 46 ASCII form (xn--)
    #[arg(long, conflicts_with = "as_idn")]
    punycode: bool,
    /// Print the host name in its Unicode form (for reading: a URL of the
    /// dialects has an ASCII host)
    #[arg(long)]
    as_idn: bool,
    /// Take a space in an input URL as trurl does: %20, and "+" in the
    /// query
    #[arg(long)]
    accept_space: bool,
    /// Print each URL by a template: {host}, {:path}, {default:port}, ...
    #[arg(short, long, value_name = "TEMPLATE", conflicts_with = "json")]
    get: Option<String>,
    /// Print one JSON object per URL (JSON Lines)
    #[arg(long)]
    json: bool,
    /// --get and --json give the parts as written (encoded), not decoded
    #[arg(long)]
    urlencode: bool,
    /// Stop at the first URL that is invalid or whose edit is refused
    #[arg(long)]
    verify: bool,
    /// No message for a URL that is skipped (the exit status still says)
    #[arg(long)]
    quiet: bool,
    /// Keep the port as written: what uniform edit always does (trurl
    /// drops a default port without it)
    #[arg(long)]
    keep_port: bool,
    /// Take text without a scheme for a host, as trurl does by default:
    /// ftp for a host "ftp.*", else http (example.com becomes
    /// http://example.com)
    #[arg(long, overrides_with = "no_guess_scheme")]
    guess_scheme: bool,
    /// Never guess a scheme (the default)
    #[arg(long, overrides_with = "guess_scheme")]
    no_guess_scheme: bool,
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let usage = |msg: String| -> io::Result<Status> {
            writeln!(io::stderr(), "uniform edit: {}", escaped(&msg))?;
            Ok(Status::Usage)
        };
        let mut sets: Vec<Set> = Vec::with_capacity(self.set.len());
        for arg in &self.set {
            match Set::parse(arg) {
                Ok(s) if self.accept_space => sets.push(s.accept_space()),
                Ok(s) => sets.push(s),
                Err(e) => return usage(format!("--set {arg:?}: {e}")),
            }
        }
        for (i, s) in sets.iter().enumerate() {
            if sets[..i].iter().any(|t| t.part == s.part) {
                return usage(format!("--set {:?}: the part is set twice", self.set[i]));
            }
        }
        let mut recipe = Recipe::new()
            .sort_query(self.sort_query)
            .default_port(self.default_port)
            .punycode(self.punycode);
        for arg in &self.append {
            match Append::parse(arg) {
                Ok(a) => recipe = recipe.append(a),
                Err(e) => return usage(format!("--append {arg:?}: {e}")),
            }
        }
        for key in &self.qtrim {
            recipe = recipe.trim(key);
        }
        for arg in &self.trim {
            match trim_key(arg) {
                Ok(k) => recipe = recipe.trim(k),
                Err(e) => return usage(format!("--trim {arg:?}: {e}")),
            }
        }
        for (args, append) in [(&self.replace, false), (&self.replace_append, true)] {
            for arg in args {
                match Replace::parse(arg, append) {
                    Ok(r) => recipe = recipe.replace(r),
                    // Both options are named --replace, as before.
                    Err(e) => return usage(format!("--replace: {e}")),
                }
            }
        }
        let mut iterate: Vec<Iterate> = Vec::new();
        for arg in &self.iterate {
            let it = match Iterate::parse(arg) {
                Ok(i) => i,
                // A value's error names the value's PART=VALUE in the
                // words of --set, each "--set" then read as "--iterate".
                Err(e) => match e.text() {
                    Some(one) => {
                        return usage(format!("--set {one:?}: {e}").replace("--set", "--iterate"));
                    }
                    None => return usage(format!("--iterate {arg:?}: {e}")),
                },
            };
            if iterate.iter().any(|i| i.part == it.part) {
                return usage(format!("--iterate {arg:?}: the part is iterated twice"));
            }
            if sets.iter().any(|s| s.part == it.part) {
                return usage(format!(
                    "--iterate {arg:?}: the part is also given to --set"
                ));
            }
            iterate.push(it);
        }
        let template = self.get.as_deref().map(unescape_template);
        let show = Show {
            password: self.options.show_password,
            as_idn: self.as_idn,
            urlencode: self.urlencode,
        };
        if let Some(t) = &template {
            // A template with an unknown field fails before any URL is read.
            let probe = Url::parse("http://h/").map(|u| template_object(&u, show, t));
            if let Ok(obj) = probe
                && let Err(e) = template::render(t, &obj)
            {
                return usage(format!("--get: {e}"));
            }
        }
        let mut urls = self.url;
        urls.extend(self.urls);
        if urls.is_empty() && self.url_file.is_none() {
            // As trurl: a URL made of the parts set, which name a scheme.
            let value = |part| {
                sets.iter()
                    .find(|s| s.part == part)
                    .map(|s| s.value.as_str())
            };
            match (value(Component::Scheme), value(Component::Host)) {
                (Some(scheme), Some(host)) => urls.push(format!("{scheme}://{host}").into()),
                _ => {
                    return usage(
                        "no URL: give one, \"-\" for standard input, --url-file, or --set scheme=... and host=..."
                            .into(),
                    );
                }
            }
        }
        if let Some(r) = self.redirect {
            recipe = recipe.redirect(r);
        }
        let recipe = sets.into_iter().fold(recipe, Recipe::set);
        let combos = combinations(&iterate);
        let parse = self.options.parse_options();
        let mut inputs = Inputs::new(urls, Bom::Strip, self.options.input);
        if let Some(f) = &self.url_file {
            inputs = match inputs.with_file(f) {
                Ok(i) => i,
                Err(e) => return usage(format!("--url-file: {e}")),
            };
        }
        let editor = Editor {
            recipe,
            combos,
            template,
            show,
            options: self.options,
            parse,
            json: self.json,
            quiet: self.quiet,
            verify: self.verify,
            accept_space: self.accept_space,
            guess_scheme: self.guess_scheme,
        };
        run_inputs(inputs, self.jobs, &editor)
    }
}

/// Everything an input goes through, read from the command line once.
struct Editor {
    recipe: Recipe,
    combos: Vec<Vec<Set>>,
    template: Option<String>,
    show: Show,
    options: UrlOptions,
    parse: ParseOptions,
    json: bool,
    quiet: bool,
    verify: bool,
    accept_space: bool,
    guess_scheme: bool,
}

impl Editor {
    /// A message about `input`, unless --quiet.
    fn tell(&self, sink: &mut Sink, input: &[u8], what: &str) {
        if !self.quiet {
            let shown = password::shown(input, self.options.mask(input));
            let _ = writeln!(
                sink.err,
                "uniform edit: {}: {}",
                escaped(&shown),
                escaped(what)
            );
        }
    }
}

impl Editor {
    /// What a refused recipe prints: a redirect's failure named, its
    /// result's password masked.
    fn refusal(&self, e: &RecipeError) -> String {
        match e {
            RecipeError::Resolve(e) => format!("--redirect: {e}"),
            RecipeError::NotUrl { target, error } => {
                let shown = password::masked(target, self.parse.get_dialect(), self.show.password);
                format!("--redirect: the result {shown:?} is no URL: {error}")
            }
            e => e.to_string(),
        }
    }
}

impl Record for Editor {
    type State = Vec<ParseError>;

    fn state(&self) -> Vec<ParseError> {
        Vec::new()
    }

    fn stops_at_failure(&self) -> bool {
        self.verify
    }

    fn record(
        &self,
        warnings: &mut Vec<ParseError>,
        _: u64,
        input: &[u8],
        sink: &mut Sink,
    ) -> bool {
        let spaced;
        let input = if self.accept_space && input.contains(&b' ') {
            spaced = accept_space(input);
            &spaced[..]
        } else {
            input
        };
        let with_scheme;
        let guessed = self.guess_scheme.then(|| guess_scheme(input)).flatten();
        let scheme_guessed = guessed.is_some();
        let input = match guessed {
            Some(g) => {
                with_scheme = g;
                &with_scheme[..]
            }
            None => input,
        };
        warnings.clear();
        let base = match cmd::parse_bytes(self.parse, input, warnings) {
            Ok(u) => u.url().to_url(),
            Err(e) => {
                if !self.quiet {
                    let _ = self.options.draw(&mut sink.err, Severity::Error, &e, input);
                }
                return false;
            }
        };
        let mut ok = true;
        for combo in &self.combos {
            let mut url = base.clone();
            let applied = self
                .recipe
                .apply(&mut url, combo, scheme_guessed, self.parse);
            if let Err(e) = applied {
                ok = false;
                self.tell(sink, input, &self.refusal(&e));
            } else if self.json {
                json::value(&mut sink.out, &json_object(&url, self.show));
                sink.out.push(b'\n');
            } else if let Some(t) = &self.template {
                if let Some(part) = missing_part(t, &url) {
                    ok = false;
                    self.tell(
                        sink,
                        input,
                        &format!("no {part}, which {{must:{part}}} asks for"),
                    );
                } else {
                    match template::render(t, &template_object(&url, self.show, t)) {
                        Ok(line) => {
                            sink.out.extend_from_slice(line.as_bytes());
                            sink.out.push(b'\n');
                        }
                        Err(e) => {
                            ok = false;
                            let _ = cmd::say!(sink.err, "uniform edit: --get: {e}");
                        }
                    }
                }
            } else {
                sink.out
                    .extend_from_slice(escaped(&self.show.url(&url)).as_bytes());
                sink.out.push(b'\n');
            }
            if !ok && self.verify {
                return false;
            }
        }
        ok
    }
}
