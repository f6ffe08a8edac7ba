//! What the uniform-sql package's command tests share: the `uniform`
//! binary beside this build's `uniform-sql`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// This build's `uniform`, built by cargo into the folder of the freshly
/// built `uniform-sql` (cargo does nothing when it is up to date), where
/// `uniform sql` looks first.
pub fn uniform_bin() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let sql = Path::new(env!("CARGO_BIN_EXE_uniform-sql"));
        let dir = sql.parent().expect("the binaries' folder");
        let profile = dir.file_name().and_then(|p| p.to_str()).expect("a profile");
        let target = dir.parent().expect("the target folder");
        let built = Command::new(env!("CARGO"))
            .args(["build", "--quiet", "-p", "uniform-cli", "--bin", "uniform"])
            .args([
                "--profile",
                if profile == "debug" { "dev" } else { profile },
            ])
            .arg("--target-dir")
            .arg(target)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .expect("cargo runs");
        assert!(built.success(), "cargo build -p uniform-cli: {built}");
        let bin = dir.join(format!("uniform{}", std::env::consts::EXE_SUFFIX));
        assert!(bin.is_file(), "{} was not built", bin.display());
        bin
    })
}
