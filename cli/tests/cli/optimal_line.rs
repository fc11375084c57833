//! stone-game's optimal line from the fast kernel: the checkpoint rows the kernel's threads copy
//! as they go are the full table's rows, and the line recovered from them is the full table's
//! line, in every lane width (`i32`, `i64`, checked `i128`), at every thread count, and with the
//! AVX2 and the portable copies of the kernel.

use crate::common::gamelab;

/// The widest, the AVX2 and the portable copies of the kernel print the same solutions, byte for
/// byte, at a size with two threads and several checkpoints. (`GAMELAB_SIMD=avx2` caps the level
/// at AVX2, so on an AVX-512 machine the AVX2 copy, with its own lane shift, still runs.)
#[test]
fn the_portable_kernel_prints_the_same_moves() {
    let dir = tempfile::tempdir().unwrap();
    for (name, scale) in [("i32", 1i64), ("i64", 1 << 30)] {
        let piles: Vec<String> = (0..5000i64)
            .map(|x| (((x * 7919 + 13) % 997) * scale).to_string())
            .collect();
        let input = dir.path().join(format!("{name}.jsonl"));
        std::fs::write(&input, format!("{{\"piles\":[{}]}}\n", piles.join(","))).unwrap();
        let run = |simd: &str| {
            let output = gamelab()
                .env("GAMELAB_SIMD", simd)
                .args(["solve", "stone-game", "--format", "json", "--input"])
                .arg(&input)
                .output()
                .unwrap();
            assert!(output.status.success(), "{simd}: {output:?}");
            output.stdout
        };
        let widest = run("");
        assert!(String::from_utf8_lossy(&widest).contains("\"side\":\"right\""));
        assert_eq!(widest, run("portable"), "{name} lanes");
        assert_eq!(widest, run("avx2"), "{name} lanes, AVX2");
    }
}
