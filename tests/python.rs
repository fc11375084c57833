//! The Python package's tests (python/tests/, pytest), run from `cargo test --release` so that
//! the README's one test command covers both sides. The extension is built once per run with
//! `maturin develop --release` into the virtual environment `.venv/` that `.ci/run` creates. It
//! builds in the workspace's `target/` (cargo releases the build lock before running tests), so
//! the extension reuses the release build of the library's dependencies. With `CI=true` a
//! missing venv fails; elsewhere the test says how to make one and skips. The pytest suite
//! compares every function with the gamelab binary built here.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The venv's Python, or None (a skip) outside CI when there is no venv.
fn venv_python(root: &Path) -> Option<PathBuf> {
    let python = root.join(".venv/bin/python");
    if python.exists() {
        return Some(python);
    }
    let help = "make it with: python3 -m venv .venv && .venv/bin/pip install maturin pytest numpy pandas networkx 'dask[distributed]' (as .ci/run does)";
    if std::env::var("CI").is_ok_and(|value| value == "true") {
        panic!("CI=true but the Python venv .venv/ is missing; {help}");
    }
    eprintln!("skipping the Python tests: no .venv/ at the repository root; {help}");
    None
}

#[test]
fn python_package_passes_its_pytest_suite() {
    let root = repository();
    let Some(python) = venv_python(&root) else {
        return;
    };
    let venv = root.join(".venv");
    let build = Command::new(venv.join("bin/maturin"))
        .args(["develop", "--release", "--quiet", "-m", "python/Cargo.toml"])
        .env("VIRTUAL_ENV", &venv)
        .current_dir(&root)
        .status()
        .expect("run maturin from the venv (pip install maturin)");
    assert!(build.success(), "maturin develop failed");
    let pytest = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "python/tests",
        ])
        .env("GAMELAB_BIN", env!("CARGO_BIN_EXE_gamelab"))
        .current_dir(&root)
        .status()
        .expect("run pytest from the venv (pip install pytest)");
    assert!(pytest.success(), "the Python tests failed (output above)");
}
