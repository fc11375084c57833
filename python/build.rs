//! No build step: this script exists so that cargo resolves the crate's `[build-dependencies]`,
//! whose only entry aligns a host crate's features with the test suite's build (Cargo.toml).

fn main() {}
