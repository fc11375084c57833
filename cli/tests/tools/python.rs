//! The Python package's tests (python/tests/, pytest), run from the README's one test command so
//! that it covers both sides, and the helpers other tools' tests use to run Python. The extension
//! is built once per run with `maturin develop` into the virtual environment `.venv/` that
//! `.ci/run` creates, in the cargo profile this test was built with (`release-incremental`), in
//! the workspace's `target/` (cargo releases the build lock before running tests): so it reuses
//! the compiled dependencies and, after an edit, rebuilds incrementally. Without the venv the
//! test is reported as ignored, saying how to make one (failed when `CI=true`, see `main.rs`).
//! The pytest suite compares every function with the gamelab binary built here.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repository() -> PathBuf {
    crate::common::repository()
}

/// What the Python tests need that is missing here, if anything.
pub fn missing() -> Option<crate::Missing> {
    let python = repository().join(".venv/bin/python");
    (!python.exists()).then(|| crate::Missing {
        tool: ".venv".into(),
        how: "a Python venv at the repository's root: python3 -m venv .venv && .venv/bin/pip \
              install maturin pytest numpy pandas networkx 'dask[distributed]' open_spiel mypy \
              (as .ci/run does)"
            .into(),
    })
}

/// The cargo profile this test binary was built with: `target/PROFILE/deps/tools-HASH`.
fn this_profile() -> String {
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .and_then(|dir| dir.file_name())
        .expect("the test binary lies in target/PROFILE/deps");
    profile.to_string_lossy().into_owned()
}

/// Builds the extension into the venv once per run (`maturin develop`), for every test here
/// that runs Python. When the venv already holds this checkout's package at this version (an
/// editable install from an earlier run), only the extension is rebuilt in place
/// (`--skip-install`): installing it again with pip took about 2 s of every run.
pub fn build_extension() {
    static BUILT: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    BUILT.get_or_init(|| {
        let root = repository();
        // cargo calls the dev profile's folder `debug`.
        let profile = match this_profile().as_str() {
            "debug" => "dev".to_string(),
            other => other.to_string(),
        };
        let venv = root.join(".venv");
        let mut maturin = Command::new(venv.join("bin/maturin"));
        maturin.args([
            "develop",
            "--quiet",
            "-m",
            "python/Cargo.toml",
            "--profile",
            &profile,
        ]);
        if installed_from(&venv, &root.join("python")) {
            maturin.arg("--skip-install");
        }
        let build = maturin
            .env("VIRTUAL_ENV", &venv)
            .current_dir(&root)
            .status()
            .expect("run maturin from the venv (pip install maturin)");
        assert!(build.success(), "maturin develop failed");
    });
}

/// Whether `venv` holds an editable install of the package, at the version this test was built
/// for, whose sources are `python_dir` (maturin's `gamelab.pth` names the folder). The venv may
/// be shared by several clones (`.ci/run` links one), so the folder must be this clone's.
fn installed_from(venv: &Path, python_dir: &Path) -> bool {
    let Ok(versions) = std::fs::read_dir(venv.join("lib")) else {
        return false;
    };
    let dist_info = format!("gamelab-{}.dist-info", env!("CARGO_PKG_VERSION"));
    versions.flatten().any(|python| {
        let site = python.path().join("site-packages");
        site.join(&dist_info).is_dir()
            && std::fs::read_to_string(site.join("gamelab.pth"))
                .is_ok_and(|pth| Path::new(pth.trim()) == python_dir)
    })
}

/// The venv's Python, run from the repository's root with the gamelab binary under test named
/// in `GAMELAB_BIN`.
pub fn python() -> Command {
    let root = repository();
    let mut command = Command::new(root.join(".venv/bin/python"));
    command
        .env("GAMELAB_BIN", env!("CARGO_BIN_EXE_gamelab"))
        .env(
            crate::common::PINNED_FACTOR.0,
            crate::common::PINNED_FACTOR.1,
        )
        .current_dir(&root);
    command
}

/// The test files of the optional integrations (OpenSpiel, Dask, the extension's type stub
/// checked by mypy): about 60% of pytest's time, run as a test of their own so that the two
/// halves can run side by side once the extension is built. Every other file is the package's.
const INTEGRATION_FILES: [&str; 3] = ["test_openspiel.py", "test_distributed.py", "test_types.py"];

/// Runs pytest on `paths` (relative to the repository) with `extra` arguments.
fn pytest(paths: &[String], extra: &[String]) {
    build_extension();
    let pytest = python()
        .args([
            "-m",
            "pytest",
            "-q",
            // Skipped tests (an optional package missing locally) show their reason.
            "-rs",
            "-p",
            "no:cacheprovider",
        ])
        .args(extra)
        .args(paths)
        .status()
        .expect("run pytest from the venv (pip install pytest)");
    assert!(pytest.success(), "the Python tests failed (output above)");
}

pub fn python_integrations_pass_their_pytest_tests() {
    let files: Vec<String> = INTEGRATION_FILES
        .iter()
        .map(|file| format!("python/tests/{file}"))
        .collect();
    pytest(&files, &[]);
}

pub fn python_package_passes_its_pytest_suite() {
    let ignored: Vec<String> = INTEGRATION_FILES
        .iter()
        .map(|file| format!("--ignore=python/tests/{file}"))
        .collect();
    pytest(&["python/tests".to_string()], &ignored);
}
