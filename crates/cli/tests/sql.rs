//! `uniform sql` without the `uniform-sql` binary: one line that says how
//! to install it, exit status 2, for every way of asking. (With it, the
//! uniform-sql package's tests run `uniform sql` end to end.)

use std::process::Command;
use uniform_testkit::scratch;

#[test]
fn without_uniform_sql_one_line_says_how_to_install_it() {
    // A copy of uniform alone in a folder, and a PATH without uniform-sql.
    let dir = scratch("sql-missing");
    let bin = dir.join("uniform");
    std::fs::copy(env!("CARGO_BIN_EXE_uniform"), &bin).unwrap();
    let empty = dir.join("empty");
    std::fs::create_dir(&empty).unwrap();
    for args in [
        &["sql", "SELECT 1"][..],
        &["sql"],
        &["sql", "--help"],
        &["sql", "--cluster", "df://h:1", "SELECT 1"],
    ] {
        let out = Command::new(&bin)
            .args(args)
            .env("PATH", &empty)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        assert!(out.stdout.is_empty(), "{args:?}: {out:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains("uniform-sql") && err.contains("cargo install --locked --path crates/sql"),
            "{err}"
        );
    }
    // `uniform help sql` is uniform's own: what it runs and how to install it.
    let out = Command::new(&bin)
        .args(["help", "sql"])
        .env("PATH", &empty)
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        help.contains("uniform-sql") && help.contains("--cluster"),
        "{help}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
