//! SplitMix64 (Steele, Lea and Flood): the duel's random numbers (small state, the same numbers
//! on every machine), and the mixing function the agents derive their seeds with
//! (`cardstate_agents::rng::derive`). It is defined here once: the agents crate depends on the
//! duel and reads it from here.

/// SplitMix64's increment (the golden ratio in 64 bits).
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output for the state `z`: `z` advanced by one step, then finalised. A
/// well-mixed 64-bit value from any 64-bit value.
#[inline]
pub fn mix64(z: u64) -> u64 {
    let mut z = z.wrapping_add(GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A SplitMix64 stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed ^ 0x6a09_e667_f3bc_c909)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let out = mix64(self.0);
        self.0 = self.0.wrapping_add(GAMMA);
        out
    }

    /// A number in `0..n` (n > 0), by multiply-shift (no modulo bias worth noting for n < 2^32).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }

    /// Fisher–Yates.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            v.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_in_range() {
        let mut a = SplitMix::new(7);
        let mut b = SplitMix::new(7);
        for _ in 0..100 {
            let x = a.below(10);
            assert_eq!(x, b.below(10));
            assert!(x < 10);
        }
        let mut v: Vec<u32> = (0..20).collect();
        a.shuffle(&mut v);
        let mut s = v.clone();
        s.sort();
        assert_eq!(s, (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn the_stream_is_splitmix64() {
        // The first outputs of SplitMix64 from the state 0 (the published reference values).
        let mut r = SplitMix(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(mix64(0), 0xe220_a839_7b1d_cdaf);
    }
}
