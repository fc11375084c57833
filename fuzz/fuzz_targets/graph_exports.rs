//! cargo-fuzz target: see `gamelab_fuzz::graph_exports`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    gamelab_fuzz::graph_exports(data, |efg| {
        gambit_parser::ExtensiveFormGame::try_from_str(efg).is_ok()
    })
});
