//! One version everywhere: the newest entry of CHANGELOG.md, the crates' version (inherited
//! from the workspace), the command line's requirement on the library, `gamelab --version`, and
//! the Python package's, which maturin reads from python/Cargo.toml
//! (python/tests/test_version.py checks `gamelab.__version__` itself).

use crate::common::stdout_of;

fn repository_file(path: &str) -> String {
    let full = crate::common::repository().join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|error| panic!("{}: {error}", full.display()))
}

/// The version of CHANGELOG.md's newest release: the first heading `## [X.Y.Z]`.
fn changelog_version() -> String {
    repository_file("CHANGELOG.md")
        .lines()
        .filter_map(|line| line.strip_prefix("## ["))
        .filter_map(|rest| rest.split_once(']').map(|(version, _)| version))
        .find(|version| {
            let parts: Vec<&str> = version.split('.').collect();
            parts.len() == 3
                && parts
                    .iter()
                    .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
        })
        .expect("CHANGELOG.md has a `## [X.Y.Z]` heading")
        .to_string()
}

#[test]
fn the_crate_has_the_changelog_s_newest_version() {
    assert_eq!(env!("CARGO_PKG_VERSION"), changelog_version());
}

#[test]
fn version_flag_prints_the_changelog_s_newest_version() {
    let expected = format!("gamelab {}\n", changelog_version());
    assert_eq!(stdout_of(&["--version"]), expected);
    assert_eq!(stdout_of(&["-V"]), expected);
}

/// The Python side has no version of its own to forget: the extension crate inherits the
/// workspace's, and pyproject.toml declares the version dynamic, so maturin takes it from there.
#[test]
fn the_python_package_takes_the_workspace_version() {
    let extension = repository_file("python/Cargo.toml");
    assert!(
        extension
            .lines()
            .any(|line| line.trim() == "version.workspace = true"),
        "python/Cargo.toml must inherit the workspace version"
    );
    let pyproject = repository_file("python/pyproject.toml");
    assert!(
        pyproject
            .lines()
            .any(|line| line.trim() == r#"dynamic = ["version"]"#),
        "python/pyproject.toml must declare the version dynamic"
    );
    assert!(
        !pyproject
            .lines()
            .any(|line| line.trim_start().starts_with("version =")),
        "python/pyproject.toml must not set a version of its own"
    );
    let manifest = repository_file("Cargo.toml");
    assert!(
        manifest
            .lines()
            .any(|line| line.trim() == "version.workspace = true"),
        "Cargo.toml's package must inherit the workspace version"
    );
}

/// The command line's crate depends on the library by path in the workspace and by version once
/// published (cargo drops the path when it packages the crate): that requirement must name this
/// very version, so that the published command line is built on the library released with it.
/// A version bump sets it together with `[workspace.package] version`.
#[test]
fn the_command_line_asks_for_the_library_of_its_own_version() {
    let manifest = repository_file("cli/Cargo.toml");
    assert!(
        manifest
            .lines()
            .any(|line| line.trim() == "version.workspace = true"),
        "cli/Cargo.toml's package must inherit the workspace version"
    );
    let dependency = manifest
        .lines()
        .find(|line| line.starts_with("gamelab = "))
        .expect("cli/Cargo.toml depends on gamelab");
    let expected = format!(
        r#"gamelab = {{ path = "..", version = "{}" }}"#,
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(
        dependency, expected,
        "cli/Cargo.toml's requirement on the library"
    );
}
