//! Helpers shared by the library's tests.

/// Whether the thorough run was asked for (`GAMELAB_THOROUGH` set and not `0`; CONTRIBUTING.md,
/// "Thorough runs"): the tests that sample take many more cases.
pub fn thorough() -> bool {
    std::env::var_os("GAMELAB_THOROUGH").is_some_and(|value| value != "0")
}
