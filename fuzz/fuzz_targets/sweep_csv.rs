//! cargo-fuzz target: see `gamelab_fuzz::sweep_csv`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gamelab_fuzz::sweep_csv(data));
