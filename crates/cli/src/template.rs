//! `--format TEMPLATE`: prints fields of the `parse --json` object by name,
//! as trurl's `--get` does.
//!
//! A template is text with fields in braces: `{host}`, `{port}`, or a
//! dotted path into nested objects and arrays, `{details.selector}`,
//! `{details.cwd.0}`. `{{` and `}}` stand for single braces. A string
//! prints as it is (what would act on a terminal escaped, uniform::visible), a number or boolean as JSON writes it, null as nothing,
//! an array or object as compact JSON. A name the object does not hold is
//! an error, so that a typo does not print empty fields silently. The
//! template's own text is the user's and is written as given (a TAB
//! between two fields stays one), as `printf` writes its format.

use serde_json::Value;

/// Fills `template` from `obj` (see the module documentation).
///
/// # Errors
///
/// A message for an unknown field, an empty `{}`, a `{` without its `}`,
/// or a lone `}`.
pub fn render(template: &str, obj: &Value) -> Result<String, String> {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(i) = rest.find(['{', '}']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if let Some(after) = tail.strip_prefix("{{") {
            out.push('{');
            rest = after;
        } else if let Some(after) = tail.strip_prefix("}}") {
            out.push('}');
            rest = after;
        } else if tail.starts_with('}') {
            return Err(format!(
                "unmatched '}}' at byte {} of the template (write '}}}}' for a brace)",
                template.len() - tail.len()
            ));
        } else {
            let Some(end) = tail.find('}') else {
                return Err(format!(
                    "unclosed '{{' at byte {} of the template",
                    template.len() - tail.len()
                ));
            };
            let name = tail[1..end].trim();
            if name.is_empty() {
                return Err("empty field name '{}' in the template".to_string());
            }
            write_value(&mut out, lookup(obj, name)?);
            rest = &tail[end + 1..];
        }
    }
    out.push_str(rest);
    Ok(out)
}

/// The value at a dotted path: object keys, or array indexes.
fn lookup<'v>(obj: &'v Value, name: &str) -> Result<&'v Value, String> {
    let mut v = obj;
    for part in name.split('.') {
        let next = match v {
            Value::Object(m) => m.get(part),
            Value::Array(a) => part.parse::<usize>().ok().and_then(|i| a.get(i)),
            _ => None,
        };
        v = next.ok_or_else(|| format!("unknown field {name:?} in the template"))?;
    }
    Ok(v)
}

fn write_value(out: &mut String, v: &Value) {
    match v {
        Value::Null => {}
        // A decoded field may hold any character: those that act on a
        // terminal are escaped, as in all text output.
        Value::String(s) => out.push_str(&uniform::visible::escaped(s)),
        Value::Bool(_) | Value::Number(_) => out.push_str(&v.to_string()),
        Value::Array(_) | Value::Object(_) => {
            let mut json = Vec::new();
            crate::json::value(&mut json, v);
            out.push_str(&String::from_utf8_lossy(&json));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn obj() -> Value {
        json!({
            "input": "gopher://h.dom:7070/7/s%09x",
            "scheme": "gopher",
            "host": "h.dom",
            "port": 7070,
            "user": null,
            "valid": true,
            "details": {"kind": "gopher", "type": "7", "selector": "/s", "search": "x", "plus": null,
                        "cwd": ["", "etc"]},
        })
    }

    #[test]
    fn fields_by_name() {
        assert_eq!(
            render("{scheme}://{host}:{port}", &obj()).unwrap(),
            "gopher://h.dom:7070"
        );
        assert_eq!(
            render("[{details.selector}] {details.type}", &obj()).unwrap(),
            "[/s] 7"
        );
        assert_eq!(render("{ host }", &obj()).unwrap(), "h.dom");
    }

    #[test]
    fn null_is_empty_and_others_are_json() {
        assert_eq!(render("<{user}><{details.plus}>", &obj()).unwrap(), "<><>");
        assert_eq!(render("{valid}", &obj()).unwrap(), "true");
        assert_eq!(render("{details.cwd}", &obj()).unwrap(), r#"["","etc"]"#);
        assert_eq!(render("{details.cwd.1}", &obj()).unwrap(), "etc");
    }

    #[test]
    fn braces_escape() {
        assert_eq!(render("{{{host}}}", &obj()).unwrap(), "{h.dom}");
        assert_eq!(render("no fields", &obj()).unwrap(), "no fields");
        assert_eq!(render("", &obj()).unwrap(), "");
    }

    #[test]
    fn errors() {
        assert_eq!(
            render("{nope}", &obj()).unwrap_err(),
            "unknown field \"nope\" in the template"
        );
        assert!(
            render("{details.nope}", &obj())
                .unwrap_err()
                .contains("details.nope")
        );
        assert!(render("{host.x}", &obj()).is_err());
        assert!(render("{details.cwd.9}", &obj()).is_err());
        assert!(render("{host", &obj()).unwrap_err().contains("unclosed"));
        assert!(render("a}b", &obj()).unwrap_err().contains("unmatched"));
        assert!(render("{}", &obj()).unwrap_err().contains("empty"));
    }
}
