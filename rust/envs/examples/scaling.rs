//! A control for the batch's two-thread figure: how much faster two threads do two threads'
//! worth of plain work on this machine than one thread does one's, with nothing shared.
//! `cargo run --release -p cardstate-envs --example scaling -- [rounds] [percent]` (`percent`
//! of the default work per round, 100 unless given: a smaller run fits a quiet moment).
//!
//! Loads, each thread with its own data: `compute` (one chain of integer mixing in registers:
//! latency-bound, it leaves most of a core's execution ports idle), `ports` and `mul` (eight
//! independent chains of the mixing, of multiplies: throughput-bound, so two vCPUs that were
//! one core's two hardware threads would share the ports and scale far less than `compute`),
//! `l2` (read-modify-write of 256 KiB in a scattered order, which fits in a core's L2; `l2
//! 128K` and `l2 384K` the same over 128 and 384 KiB: two threads' 2 x 384 KiB fits two
//! cores' L2s but not one L2 shared by two hardware threads), `memory` (the same over 6 MiB, a
//! batch of 256 games' size, so every line comes from the shared L3 or memory: many misses in
//! flight) and `chase` (a dependent walk over 6 MiB, one miss in flight: latency-bound). Each
//! round times one thread, then two at once; the figure is the two threads' work per second
//! over the one thread's (2.0 is perfect scaling), lowest, median and highest of the rounds.
//! docs/PERFORMANCE-ARCHIVE.md has the figures ("Two threads, quiet").
use std::hint::black_box;
use std::time::Instant;

/// Integer mixing that never leaves the registers.
fn compute(iters: u64, seed: u64) -> u64 {
    let mut x = seed;
    for i in 0..iters {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15 ^ i);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^= x >> 31;
    }
    x
}

/// Eight independent chains of the same mixing: as many multiplies in flight as a core
/// issues.
fn ports(iters: u64, seed: u64) -> u64 {
    let mut x = [0u64; 8];
    for (k, v) in x.iter_mut().enumerate() {
        *v = seed ^ k as u64;
    }
    for i in 0..iters / 8 {
        for v in &mut x {
            *v = v.wrapping_add(0x9e37_79b9_7f4a_7c15 ^ i);
            *v = (*v ^ (*v >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            *v = (*v ^ (*v >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            *v ^= *v >> 31;
        }
    }
    x.iter().fold(0, |a, &v| a ^ v)
}

/// Eight independent multiply chains: one multiply issued a cycle, the rate of a core's one
/// integer multiplier, so two threads of one core would share it (scaling 1.0x).
fn mul(iters: u64, seed: u64) -> u64 {
    let (mut a, mut b, mut c, mut d) = (seed | 1, seed | 3, seed | 5, seed | 7);
    let (mut e, mut f, mut g, mut h) = (seed | 9, seed | 11, seed | 13, seed | 15);
    const M: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..iters / 8 {
        a = a.wrapping_mul(M);
        b = b.wrapping_mul(M);
        c = c.wrapping_mul(M);
        d = d.wrapping_mul(M);
        e = e.wrapping_mul(M);
        f = f.wrapping_mul(M);
        g = g.wrapping_mul(M);
        h = h.wrapping_mul(M);
    }
    a ^ b ^ c ^ d ^ e ^ f ^ g ^ h
}

/// A cycle through every cache line of `lines` lines in a scattered order: entry `8 * i`
/// holds the index of the line after line `i`.
fn cycle(lines: usize) -> Vec<u64> {
    let mut order: Vec<usize> = (0..lines).collect();
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for i in (1..lines).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        order.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let mut buf = vec![0u64; lines * 8];
    for w in 0..lines {
        buf[order[w] * 8] = order[(w + 1) % lines] as u64;
    }
    buf
}

/// `steps` loads along the cycle of `buf`, each address read from the last load.
fn chase(buf: &[u64], steps: usize) -> u64 {
    let mut at = 0u64;
    for _ in 0..steps {
        at = buf[at as usize * 8];
    }
    at
}

/// Passes over `buf`, each touching every cache line in a scattered order (a stride prime to
/// the line count) with a read and a write, as a batch touches its games' state.
fn memory(buf: &mut [u64], passes: usize) -> u64 {
    let lines = buf.len() / 8;
    // Odd and prime to 3: prime to both buffers' line counts (2^12 and 3 * 2^15).
    let stride = (1_000_003 % lines) | 1;
    let mut at = 0usize;
    let mut sum = 0u64;
    for _ in 0..passes {
        for _ in 0..lines {
            let i = at * 8;
            sum = sum.wrapping_add(buf[i]);
            buf[i] = sum;
            at += stride;
            if at >= lines {
                at -= lines;
            }
        }
    }
    sum
}

/// Seconds for `threads` threads each doing `work` once at the same time.
fn timed(threads: usize, work: &(dyn Fn(usize) -> u64 + Sync)) -> f64 {
    let start = Instant::now();
    std::thread::scope(|s| {
        let hs: Vec<_> = (0..threads).map(|t| s.spawn(move || work(t))).collect();
        for h in hs {
            black_box(h.join().unwrap());
        }
    });
    start.elapsed().as_secs_f64()
}

fn report(name: &str, rounds: usize, work: &(dyn Fn(usize) -> u64 + Sync)) {
    let mut ratios = Vec::with_capacity(rounds);
    let mut ones = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let one = timed(1, work);
        let two = timed(2, work);
        ones.push(one);
        ratios.push(2.0 * one / two);
    }
    ratios.sort_by(f64::total_cmp);
    ones.sort_by(f64::total_cmp);
    println!(
        "{name:>8}: one thread {:.1} ms (fastest round); two threads / one: lowest {:.2}x, \
         median {:.2}x, highest {:.2}x ({rounds} rounds)",
        ones[0] * 1e3,
        ratios[0],
        ratios[rounds / 2],
        ratios[rounds - 1],
    );
}

fn main() {
    let arg = |i: usize, default: usize| {
        std::env::args()
            .nth(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
            .max(1)
    };
    let rounds = arg(1, 11);
    let percent = arg(2, 100);
    let scaled = |work: usize| (work * percent / 100).max(1);
    report("compute", rounds, &|t| {
        compute(scaled(100_000_000) as u64, t as u64)
    });
    report("ports", rounds, &|t| {
        ports(scaled(400_000_000) as u64, t as u64)
    });
    report("mul", rounds, &|t| {
        mul(scaled(400_000_000) as u64, t as u64)
    });
    let small: Vec<std::sync::Mutex<Vec<u64>>> = (0..2)
        .map(|_| std::sync::Mutex::new(vec![1u64; 256 * 1024 / 8]))
        .collect();
    report("l2", rounds, &|t| {
        memory(&mut small[t].lock().unwrap(), scaled(4000))
    });
    // Two threads' 2 x 384 KiB fits two cores' L2s but not one core's shared between its two
    // hardware threads; 2 x 128 KiB fits either.
    for kib in [128, 384] {
        let bufs: Vec<std::sync::Mutex<Vec<u64>>> = (0..2)
            .map(|_| std::sync::Mutex::new(vec![1u64; kib * 1024 / 8]))
            .collect();
        report(&format!("l2 {kib}K"), rounds, &|t| {
            memory(&mut bufs[t].lock().unwrap(), scaled(4000 * 256 / kib))
        });
    }
    let big: Vec<std::sync::Mutex<Vec<u64>>> = (0..2)
        .map(|_| std::sync::Mutex::new(vec![1u64; 6 * 1024 * 1024 / 8]))
        .collect();
    report("memory", rounds, &|t| {
        memory(&mut big[t].lock().unwrap(), scaled(128))
    });
    let cycles: Vec<Vec<u64>> = (0..2).map(|_| cycle(6 * 1024 * 1024 / 64)).collect();
    report("chase", rounds, &|t| chase(&cycles[t], scaled(4_000_000)));
}
