//! cargo-fuzz target: see `gamelab_fuzz::subtract`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gamelab_fuzz::subtract(data));
