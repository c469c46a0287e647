//! A control for the batch's two-thread figure: how much faster two threads do two threads'
//! worth of plain work on this machine than one thread does one's, with nothing shared.
//! `cargo run --release -p cardstate-envs --example scaling -- [rounds]`.
//!
//! Loads, each thread with its own data: `compute` (one chain of integer mixing in registers:
//! latency-bound, it leaves most of a core's execution ports idle), `ports` (eight independent
//! chains: throughput-bound, it fills them, so two vCPUs that are one core's two hardware
//! threads share them and scale far less than `compute`), `l2` (read-modify-write of 256 KiB,
//! which fits in a core's L2), `memory` (the same over 6 MiB, a batch of 256 games' size, so
//! every line comes from the shared L3 or memory: bandwidth-bound, many misses in flight) and
//! `chase` (a dependent walk over 6 MiB, one miss in flight: latency-bound). Each round times
//! one thread, then two at once; the figure is the two threads' work per second over the one
//! thread's (2.0 is perfect scaling), lowest and median of the rounds.
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
    let rounds = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(11usize)
        .max(1);
    report("compute", rounds, &|t| compute(100_000_000, t as u64));
    report("ports", rounds, &|t| ports(400_000_000, t as u64));
    let small: Vec<std::sync::Mutex<Vec<u64>>> = (0..2)
        .map(|_| std::sync::Mutex::new(vec![1u64; 256 * 1024 / 8]))
        .collect();
    report("l2", rounds, &|t| {
        memory(&mut small[t].lock().unwrap(), 4000)
    });
    let big: Vec<std::sync::Mutex<Vec<u64>>> = (0..2)
        .map(|_| std::sync::Mutex::new(vec![1u64; 6 * 1024 * 1024 / 8]))
        .collect();
    report("memory", rounds, &|t| {
        memory(&mut big[t].lock().unwrap(), 128)
    });
    let cycles: Vec<Vec<u64>> = (0..2).map(|_| cycle(6 * 1024 * 1024 / 64)).collect();
    report("chase", rounds, &|t| chase(&cycles[t], 4_000_000));
}
