//! Gopher+ electronic forms: the `+ASK` attribute block of a "?" item
//! (RFC 1738 section 3.4.5), its questions asked of the user, and the
//! answers as the data block of section 3.4.9.
//!
//! The block, as the Gopher+ specification writes it, is one question a
//! line, each indented by a space after the `+ASK:` line:
//!
//! ```text
//! +ASK:
//!  Note: Please register.
//!  Ask: Your name?<TAB>default
//!  AskP: A password?
//!  AskL: Comments?
//!  Choose: Colour?<TAB>red<TAB>green
//!  Select: Send me mail:1
//! ```
//!
//! Each question but `Note:` gives one answer line, in order: the text
//! typed (the default when nothing is), the choice's text, `1` or `0` for
//! a `Select:` box; `AskL:` gives the number of its lines, then the lines.

/// One question of a form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Question {
    /// Text shown, nothing answered.
    Note(String),
    /// A line of text, with its default.
    Ask { prompt: String, default: String },
    /// A line not echoed: a password.
    AskP { prompt: String },
    /// Several lines of text.
    AskL { prompt: String },
    /// One of the choices.
    Choose {
        prompt: String,
        choices: Vec<String>,
    },
    /// A box on or off, with its default.
    Select { prompt: String, on: bool },
}

/// The most of an attribute reply that is read for its `+ASK` block.
pub(crate) const MAX_BLOCK: usize = 64 * 1024;

/// The questions of the `+ASK` block in `attributes` (the data of the
/// reply to `selector TAB !+ASK`). A kind this reader does not know
/// (`AskF:`, `ChooseF:`) is an error: a form it cannot fill in.
pub(crate) fn parse(attributes: &[u8]) -> Result<Vec<Question>, String> {
    let text = String::from_utf8_lossy(attributes);
    let mut in_ask = false;
    let mut out = Vec::new();
    for line in text.lines() {
        // The "." that ends a "+-1" reply.
        if line == "." {
            break;
        }
        if line.starts_with('+') {
            in_ask = line.trim_end().eq_ignore_ascii_case("+ASK:");
            continue;
        }
        if !in_ask {
            continue;
        }
        let line = line.strip_prefix(' ').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        let Some((kind, rest)) = line.split_once(':') else {
            return Err(format!(
                "a line of the +ASK block is not \"Kind: ...\": {line:?}"
            ));
        };
        let rest = rest.strip_prefix(' ').unwrap_or(rest);
        let mut fields = rest.split('\t').map(str::to_string);
        let prompt = fields.next().unwrap_or_default();
        out.push(match kind {
            "Note" => Question::Note(prompt),
            "Ask" => Question::Ask {
                prompt,
                default: fields.next().unwrap_or_default(),
            },
            "AskP" => Question::AskP { prompt },
            "AskL" => Question::AskL { prompt },
            "Choose" => Question::Choose {
                prompt,
                choices: fields.filter(|c| !c.is_empty()).collect(),
            },
            "Select" => {
                // "Label:1": the default after the last ':'.
                let (prompt, on) = match prompt.rsplit_once(':') {
                    Some((p, d)) if d.trim() == "1" || d.trim() == "0" => {
                        (p.to_string(), d.trim() == "1")
                    }
                    _ => (prompt, false),
                };
                Question::Select { prompt, on }
            }
            other => {
                return Err(format!(
                    "the form asks a {other}: question, which this client cannot fill in"
                ));
            }
        });
    }
    if !out.iter().any(|q| !matches!(q, Question::Note(_))) {
        return Err("the item's +ASK block holds no question".into());
    }
    Ok(out)
}

/// Where the answers come from: one line for `what`, or a password.
pub(crate) trait Asker {
    /// A line of text; `None` when there is no one to ask.
    fn line(&mut self, what: &str) -> Option<String>;
    /// A line not echoed.
    fn secret(&mut self, what: &str) -> Option<String>;
    /// Text to show.
    fn show(&mut self, text: &str);
}

/// The answer lines of `form`, in order; `None` as soon as a question
/// cannot be asked (no terminal).
pub(crate) fn fill(form: &[Question], asker: &mut dyn Asker) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for q in form {
        match q {
            Question::Note(text) => asker.show(text),
            Question::Ask { prompt, default } => {
                let what = if default.is_empty() {
                    prompt.clone()
                } else {
                    format!("{prompt} [{default}]")
                };
                let a = asker.line(&what)?;
                out.push(if a.is_empty() { default.clone() } else { a });
            }
            Question::AskP { prompt } => out.push(asker.secret(prompt)?),
            Question::AskL { prompt } => {
                let mut lines = Vec::new();
                let first = format!("{prompt} (an empty line ends it)");
                loop {
                    let what = if lines.is_empty() {
                        first.as_str()
                    } else {
                        ">"
                    };
                    let l = asker.line(what)?;
                    if l.is_empty() {
                        break;
                    }
                    lines.push(l);
                }
                out.push(lines.len().to_string());
                out.extend(lines);
            }
            Question::Choose { prompt, choices } => {
                let listed: Vec<String> = choices
                    .iter()
                    .enumerate()
                    .map(|(i, c)| format!("{}) {c}", i + 1))
                    .collect();
                let what = format!("{prompt} {}", listed.join(" "));
                // A number picks a choice; the text of one is taken too.
                let choice = loop {
                    let a = asker.line(&what)?;
                    let a = a.trim();
                    if let Some(c) = a
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| n.checked_sub(1))
                        .and_then(|n| choices.get(n))
                        .or_else(|| choices.iter().find(|c| c.eq_ignore_ascii_case(a)))
                    {
                        break c.clone();
                    }
                };
                out.push(choice);
            }
            Question::Select { prompt, on } => {
                let what = format!("{prompt} (y/n) [{}]", if *on { "y" } else { "n" });
                let a = asker.line(&what)?;
                let yes = match a.trim().to_ascii_lowercase().as_str() {
                    "" => *on,
                    a => a.starts_with('y') || a == "1",
                };
                out.push(if yes { "1" } else { "0" }.to_string());
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLOCK: &[u8] = b"+INFO: 0form\t/form\th\t70\t?\r\n+ASK:\r\n Note: Please register.\r\n Ask: Your name?\tanon\r\n Choose: Colour?\tred\tgreen\r\n Select: Mail me:1\r\n AskL: Comments?\r\n+ADMIN:\r\n Admin: x\r\n";

    struct Scripted(Vec<&'static str>, Vec<String>);

    impl Asker for Scripted {
        fn line(&mut self, what: &str) -> Option<String> {
            self.1.push(what.to_string());
            (!self.0.is_empty()).then(|| self.0.remove(0).to_string())
        }
        fn secret(&mut self, what: &str) -> Option<String> {
            self.line(what)
        }
        fn show(&mut self, text: &str) {
            self.1.push(format!("note {text}"));
        }
    }

    #[test]
    fn the_block_parses_and_fills_in_order() {
        let form = parse(BLOCK).unwrap();
        assert_eq!(form.len(), 5);
        assert_eq!(
            form[2],
            Question::Choose {
                prompt: "Colour?".into(),
                choices: vec!["red".into(), "green".into()]
            }
        );
        let mut s = Scripted(vec!["", "9", "2", "n", "one", "two", ""], Vec::new());
        let answers = fill(&form, &mut s).unwrap();
        assert_eq!(answers, ["anon", "green", "0", "2", "one", "two"]);
        assert_eq!(s.1[0], "note Please register.");
    }

    #[test]
    fn no_one_to_ask_is_none_and_unknown_kinds_are_refused() {
        let form = parse(BLOCK).unwrap();
        assert_eq!(fill(&form, &mut Scripted(vec![], Vec::new())), None);
        assert!(parse(b"+ASK:\r\n AskF: A file?\r\n").is_err());
        assert!(parse(b"+ASK:\r\n Note: only this\r\n").is_err());
        assert!(parse(b"+INFO: x\r\n").is_err());
    }
}
