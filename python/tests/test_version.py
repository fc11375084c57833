"""The package's version is the crate's (maturin reads it from Cargo.toml), the command line's and
CHANGELOG.md's newest entry's."""

import re

import gamelab
from conftest import ROOT, cli


def changelog_version() -> str:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    match = re.search(r"^## \[(\d+\.\d+\.\d+)\]", text, flags=re.MULTILINE)
    assert match, "CHANGELOG.md has a `## [X.Y.Z]` heading"
    return match.group(1)


def test_version_is_the_changelog_s_newest():
    assert gamelab.__version__ == changelog_version()


def test_version_is_the_command_line_s():
    assert cli("--version").stdout == f"gamelab {gamelab.__version__}\n"
