//! cargo-fuzz target: see `gamelab_fuzz::piles`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gamelab_fuzz::piles(data));
