//! A fast hasher for maps keyed by game positions (small tuples of integers), where std's
//! SipHash was a tenth of building a state DAG. The mixing step is rustc's Fx hash (rotate, xor,
//! multiply), finished with a rotation so that the table's index bits see the high bits of the
//! product. Not resistant to chosen collisions: only for keys the program derives itself.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` with [`FastHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;
/// A `HashSet` with [`FastHasher`].
pub type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;

/// See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct FastHasher {
    hash: u64,
}

const MULTIPLIER: u64 = 0xf135_7aea_2e62_a9c5;

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(MULTIPLIER);
    }
}

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.add(u64::from(value));
    }

    fn write_u16(&mut self, value: u16) {
        self.add(u64::from(value));
    }

    fn write_u32(&mut self, value: u32) {
        self.add(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        self.add(value);
    }

    fn write_usize(&mut self, value: usize) {
        self.add(value as u64);
    }

    fn finish(&self) -> u64 {
        self.hash.rotate_left(26)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_of_intervals_finds_every_key_it_holds() {
        let mut map: FastMap<(u32, u32), usize> = FastMap::default();
        let mut index = 0;
        for left in 0..300u32 {
            for right in left..300 {
                map.insert((left, right), index);
                index += 1;
            }
        }
        assert_eq!(map.len(), index);
        let mut index = 0;
        for left in 0..300u32 {
            for right in left..300 {
                assert_eq!(map.get(&(left, right)), Some(&index));
                index += 1;
            }
        }
        assert_eq!(map.get(&(300, 300)), None);
        let set: FastSet<Vec<u8>> = [vec![1, 2, 3], vec![1, 2, 3, 0], vec![]]
            .into_iter()
            .collect();
        assert_eq!(set.len(), 3, "bytes of different lengths hash apart");
    }
}
