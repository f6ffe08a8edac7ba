//! Inputs that are URLs, fetched from the real peers: nginx (its
//! autoindex pages are HTML, its files text, its redirects followed) and
//! vsftpd (a directory is a listing). A peer that cannot be started is a
//! counted skip.

use uniform_access::{FetchOptions, Session};
use uniform_links::input::{InputError, InputOptions, documents};
use uniform_links::{Document, Format, Source};
use uniform_testkit::{fixture, host, peer_up, port};

fn nginx() -> String {
    format!("http://{}:{}", host(), port("UNIFORM_HTTP_PORT"))
}

fn run(inputs: &[String], opts: &InputOptions) -> (Vec<Document>, Vec<InputError>) {
    documents(inputs, opts, &FetchOptions::default(), &Session::default())
}

/// The one document of one input, which must give one.
fn one(input: &str, opts: &InputOptions) -> Document {
    let (mut docs, errors) = run(&[input.to_string()], opts);
    assert!(errors.is_empty(), "{input}: {errors:?}");
    assert_eq!(docs.len(), 1, "{input}");
    docs.remove(0)
}

#[test]
fn an_html_page_is_html_by_its_content_type_with_its_url_as_base() {
    if !peer_up(&["nginx"]) {
        return;
    }
    // An autoindex page: text/html, and no name in its path.
    let url = format!("{}/pub/", nginx());
    let d = one(&url, &InputOptions::default());
    assert_eq!(d.format, Format::Html);
    assert_eq!(d.source, Source::Url(url.clone()));
    assert_eq!(d.base.as_deref(), Some(url.as_str()));
    assert!(
        d.text.contains("<a href=\"hello.txt\">hello.txt</a>"),
        "{}",
        d.text
    );
}

#[test]
fn a_redirect_is_followed_and_its_target_is_the_base() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let url = format!("{}/redirect", nginx());
    let d = one(&url, &InputOptions::default());
    assert_eq!(d.source, Source::Url(url));
    assert_eq!(
        d.base.as_deref(),
        Some(format!("{}/pub/hello.txt", nginx()).as_str())
    );
    // text/plain, and a name of text.
    assert_eq!(d.format, Format::Text);
    assert_eq!(d.text.as_bytes(), fixture("anon/pub/hello.txt").as_slice());
}

#[test]
fn a_format_given_overrides_the_content_type() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let o = InputOptions {
        format: Some(Format::Markdown),
        ..InputOptions::default()
    };
    let d = one(&format!("{}/pub/", nginx()), &o);
    assert_eq!(d.format, Format::Markdown);
}

#[test]
fn a_fetched_document_is_bounded_by_max_bytes() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let url = format!("{}/pub/hello.txt", nginx());
    let size = fixture("anon/pub/hello.txt").len() as u64;
    let exact = InputOptions {
        max_bytes: size,
        ..InputOptions::default()
    };
    assert_eq!(one(&url, &exact).text.len() as u64, size);
    let less = InputOptions {
        max_bytes: size - 1,
        ..InputOptions::default()
    };
    let (docs, errors) = run(std::slice::from_ref(&url), &less);
    assert!(docs.is_empty());
    assert_eq!(
        errors,
        [InputError {
            input: url,
            message: format!(
                "more than {} octets, the most a document may have",
                size - 1
            ),
        }]
    );
}

#[test]
fn a_missing_page_is_the_urls_error() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let url = format!("{}/pub/no-such-page.html", nginx());
    let (docs, errors) = run(std::slice::from_ref(&url), &InputOptions::default());
    assert!(docs.is_empty());
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].input, url);
    assert!(errors[0].message.contains("404"), "{}", errors[0].message);
}

#[test]
fn a_password_is_hidden_in_the_source_and_kept_in_the_base() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let url = format!(
        "http://u:secret@{}:{}/pub/hello.txt",
        host(),
        port("UNIFORM_HTTP_PORT")
    );
    let d = one(&url, &InputOptions::default());
    assert_eq!(
        d.source.to_string(),
        format!(
            "http://u:****@{}:{}/pub/hello.txt",
            host(),
            port("UNIFORM_HTTP_PORT")
        )
    );
    assert_eq!(d.base.as_deref(), Some(url.as_str()));
}

#[test]
fn urls_files_and_errors_keep_the_order_given() {
    if !peer_up(&["nginx"]) {
        return;
    }
    let file =
        std::env::temp_dir().join(format!("uniform-links-input-it-{}.md", std::process::id()));
    std::fs::write(&file, "[x](y)").unwrap();
    let inputs = vec![
        format!("{}/pub/dots.txt", nginx()),
        "no/such/input.md".to_string(),
        file.display().to_string(),
        format!("{}/pub/", nginx()),
    ];
    let (docs, errors) = run(&inputs, &InputOptions::default());
    let _ = std::fs::remove_file(&file);
    let sources: Vec<String> = docs.iter().map(|d| d.source.to_string()).collect();
    assert_eq!(sources, [inputs[0].as_str(), &inputs[2], &inputs[3]]);
    assert_eq!(
        docs[0].text.as_bytes(),
        fixture("anon/pub/dots.txt").as_slice()
    );
    assert_eq!(errors.len(), 1);
    assert_eq!(
        errors[0].to_string(),
        "no/such/input.md: no such file, folder or URL"
    );
}

#[test]
fn an_ftp_directory_is_a_text_of_its_entries_urls() {
    if !peer_up(&["vsftpd"]) {
        return;
    }
    let dir = format!("ftp://{}:{}/pub/", host(), port("UNIFORM_FTP_PORT"));
    let d = one(&dir, &InputOptions::default());
    assert_eq!(d.format, Format::Text);
    assert_eq!(d.base.as_deref(), Some(dir.as_str()));
    let lines: Vec<&str> = d.text.lines().collect();
    assert!(
        lines.contains(&format!("{dir}hello.txt").as_str()),
        "{lines:?}"
    );
    assert!(lines.iter().all(|l| l.starts_with(&dir)), "{lines:?}");
}
