//! cargo-fuzz target: see `gamelab_fuzz::json_instance`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gamelab_fuzz::json_instance(data));
