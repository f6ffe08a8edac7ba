//! A pretty-printed JSON document one of whose arrays is written item by
//! item: the JSON and SARIF reports of a crawl hold no more than one
//! link at a time, and read the same, byte for byte, as the document
//! printed whole.

use serde_json::Value;
use std::io::{self, Write};
use uniform::visible;

/// What stands for the streamed array in the document's template.
const HOLE: &str = "\"uniform-links:streamed-array\"";

/// The value that marks, in a template, where the streamed array goes.
pub(super) fn hole() -> Value {
    Value::Array(vec![Value::String(HOLE.trim_matches('"').to_string())])
}

/// A document printed as `serde_json::to_string_pretty` prints it, the
/// array [`hole()`] marks filled with the items `each` hands over.
pub(super) struct Streamed<'o> {
    out: &'o mut dyn Write,
    /// The spaces before each line of an item.
    indent: String,
    /// What follows the array's last item: its `]` and the rest.
    tail: String,
    /// Items written so far.
    items: usize,
}

impl<'o> Streamed<'o> {
    /// Writes the document up to the array's `[`.
    ///
    /// # Errors
    ///
    /// Printing the template, or writing to `out`.
    pub(super) fn start(template: &Value, out: &'o mut dyn Write) -> io::Result<Streamed<'o>> {
        let text = serde_json::to_string_pretty(template)?;
        let at = text
            .find(HOLE)
            .ok_or_else(|| io::Error::other("the report's template has no array to fill"))?;
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let open = text[..line_start].trim_end_matches('\n');
        let indent = text[line_start..at].to_string();
        let rest = &text[at + HOLE.len()..];
        let tail = rest.strip_prefix('\n').unwrap_or(rest).to_string();
        write_escaped(out, open)?;
        Ok(Streamed {
            out,
            indent,
            tail,
            items: 0,
        })
    }

    /// Writes one item of the array.
    ///
    /// # Errors
    ///
    /// Writing to `out`.
    pub(super) fn item(&mut self, item: &Value) -> io::Result<()> {
        let text = serde_json::to_string_pretty(item)?;
        let mut block = String::with_capacity(text.len() + 64);
        block.push_str(if self.items == 0 { "\n" } else { ",\n" });
        for (i, l) in text.split('\n').enumerate() {
            if i > 0 {
                block.push('\n');
            }
            block.push_str(&self.indent);
            block.push_str(l);
        }
        self.items += 1;
        write_escaped(self.out, &block)
    }

    /// Writes the rest of the document, and a line feed.
    ///
    /// # Errors
    ///
    /// Writing to `out`.
    pub(super) fn finish(self) -> io::Result<()> {
        let tail = if self.items == 0 {
            self.tail.trim_start()
        } else {
            self.out.write_all(b"\n")?;
            &self.tail
        };
        write_escaped(self.out, tail)?;
        writeln!(self.out)
    }
}

/// `text` with what serde_json leaves raw in strings (DEL, the C1
/// controls, the bidirectional controls) as `\uXXXX`.
fn write_escaped(out: &mut dyn Write, text: &str) -> io::Result<()> {
    out.write_all(visible::json_escaped(text).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn streamed(items: &[Value]) -> String {
        let template = json!({"a": 1, "list": hole(), "z": {"k": [1, 2]}});
        let mut out = Vec::new();
        let mut s = Streamed::start(&template, &mut out).unwrap();
        for i in items {
            s.item(i).unwrap();
        }
        s.finish().unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_stream_reads_as_the_document_printed_whole() {
        for items in [
            vec![],
            vec![json!({"x": "a\u{7f}b", "y": [1]})],
            vec![json!(1), json!({"n": null}), json!([]), json!("s")],
        ] {
            let whole = json!({"a": 1, "list": items, "z": {"k": [1, 2]}});
            let mut expected =
                visible::json_escaped(&serde_json::to_string_pretty(&whole).unwrap()).into_owned();
            expected.push('\n');
            assert_eq!(streamed(&items), expected);
        }
    }
}
