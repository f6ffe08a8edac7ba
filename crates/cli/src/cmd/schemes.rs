//! `uniform schemes [--json]`: the scheme table (`uniform::SCHEMES`).

use crate::cmd::{self, Run, Status};
use crate::json;
use std::io::{self, Write};
use uniform::{SCHEMES, SchemeRow};

const HELP: &str = "\
Prints one line per scheme Uniform knows: its name, default port, the
protocol that reaches its objects, whether `uniform fetch` speaks that
protocol, and the texts that define it (the defining one first). \"-\" marks
no port or no protocol. Other schemes are read by the generic syntax;
x- names are experimental (RFC 1738 section 4).

--json prints one JSON object per scheme (JSON Lines): {name, rfcs,
default_port, protocol, fetch, syntax, hierarchical, search, defined, view,
special, tls, path_fields, in_text, proxy_variable, head, link_check, netrc},
where syntax is internet, opaque or generic, search whether \"?\" starts a
search part under RFC 1738, defined whether the seeds give the scheme a
syntax, view the \"kind\" of its details in parse --json, special whether
the WHATWG URL Standard makes it a special scheme (http, https, ws, wss,
ftp, file), tls whether its protocol runs over TLS, path_fields whether its
path is fields a server reads as they are (normalization removes no dot
segment), in_text whether `uniform extract` finds it without a wrapper,
proxy_variable the environment variable naming its proxy, head whether
`fetch -I` reads a head, link_check how `uniform links` checks a link to it
(head, fetch, connect, mail, or null), netrc whether a .netrc file supplies
its login.";

/// Print the scheme table: names, RFCs, default ports, protocols
#[derive(clap::Args, Debug)]
#[command(after_long_help = HELP)]
pub struct Args {
    /// Print one JSON object per scheme: {name, rfcs, default_port,
    /// protocol, fetch, syntax, hierarchical, search, defined, view,
    /// special, tls, path_fields, in_text, proxy_variable, head,
    /// link_check, netrc}
    #[arg(long)]
    json: bool,
}

impl Run for Args {
    fn run(self) -> io::Result<Status> {
        let mut out = cmd::stdout();
        if self.json {
            let mut line = Vec::with_capacity(256);
            for row in &SCHEMES {
                line.clear();
                object(&mut line, row);
                line.push(b'\n');
                out.write_all(&line)?;
            }
        } else {
            out.write_all(table(&SCHEMES).as_bytes())?;
        }
        out.flush()?;
        Ok(Status::Success)
    }
}

/// One row as a JSON object, its keys in a fixed order.
fn object(out: &mut Vec<u8>, row: &SchemeRow) {
    out.extend_from_slice(b"{\"name\":");
    json::string(out, row.name);
    out.extend_from_slice(b",\"rfcs\":[");
    for (i, rfc) in row.rfcs.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        json::string(out, rfc);
    }
    out.extend_from_slice(b"],\"default_port\":");
    match row.default_port {
        Some(p) => json::number(out, p.into()),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"protocol\":");
    json::opt_string(out, row.protocol.map(|p| p.as_str()));
    out.extend_from_slice(b",\"fetch\":");
    json::boolean(out, row.fetch);
    out.extend_from_slice(b",\"syntax\":");
    json::string(out, row.syntax.as_str());
    out.extend_from_slice(b",\"hierarchical\":");
    json::boolean(out, row.hierarchical);
    out.extend_from_slice(b",\"search\":");
    json::boolean(out, row.search_1738);
    out.extend_from_slice(b",\"defined\":");
    json::boolean(out, row.defined);
    out.extend_from_slice(b",\"view\":");
    json::string(out, row.view.as_str());
    out.extend_from_slice(b",\"special\":");
    json::boolean(out, row.special);
    out.extend_from_slice(b",\"tls\":");
    json::boolean(out, row.tls);
    out.extend_from_slice(b",\"path_fields\":");
    json::boolean(out, row.path_fields);
    out.extend_from_slice(b",\"in_text\":");
    json::boolean(out, row.in_text);
    out.extend_from_slice(b",\"proxy_variable\":");
    json::opt_string(out, row.proxy_variable);
    out.extend_from_slice(b",\"head\":");
    json::boolean(out, row.reads_head());
    out.extend_from_slice(b",\"link_check\":");
    json::opt_string(out, row.link_check().map(|c| c.as_str()));
    out.extend_from_slice(b",\"netrc\":");
    json::boolean(out, row.logs_in());
    out.push(b'}');
}

/// The rows as an aligned table under a header; the texts, of varying
/// length, come last.
fn table(rows: &[SchemeRow]) -> String {
    let cells: Vec<[String; 5]> = rows
        .iter()
        .map(|r| {
            [
                r.name.to_string(),
                r.default_port.map_or("-".into(), |p| p.to_string()),
                r.protocol.map_or("-", |p| p.as_str()).to_string(),
                if r.fetch { "yes" } else { "no" }.to_string(),
                r.rfcs.join("; "),
            ]
        })
        .collect();
    let header = ["name", "port", "protocol", "fetch", "rfcs"].map(String::from);
    let mut width = [0usize; 4];
    for row in std::iter::once(&header).chain(&cells) {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.len());
        }
    }
    let mut s = String::new();
    for row in std::iter::once(&header).chain(&cells) {
        for (w, cell) in width.iter().zip(row) {
            s.push_str(&format!("{cell:<w$}  "));
        }
        s.push_str(&row[4]);
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_aligned() {
        let t = table(&SCHEMES);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), SCHEMES.len() + 1);
        assert!(lines[0].starts_with("name        port  protocol  fetch  rfcs"));
        let rfcs = lines[0].find("rfcs").unwrap();
        for l in &lines[1..] {
            assert!(l.get(rfcs..).is_some_and(|r| r.starts_with("RFC")), "{l}");
        }
    }

    #[test]
    fn an_object_per_row() {
        let mut out = Vec::new();
        object(&mut out, &SCHEMES[0]);
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v["name"], "ftp");
        assert_eq!(v["default_port"], 21);
        assert_eq!(v["protocol"], "ftp");
        assert_eq!(v["fetch"], true);
        assert_eq!(v["rfcs"][0], "RFC 1738 section 3.2");
        assert_eq!(v["syntax"], "internet");
    }
}
