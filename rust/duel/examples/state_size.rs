//! The memory of one duel state (the benchmarks' "bytes per state"), at several points of seeded
//! random games: `size_of::<Duel>()`; the heap an independent state holds (one read back from
//! its bytes, sharing nothing but the card table); the heap a copy adds (`clone` shares the
//! kernel's unchanged entity chunks until one side changes them; `fork` shares all of its
//! storage); and the length of `to_bytes()`.
//! `cargo run --release -p cardstate-duel --example state_size -- [games]`.
use cardstate_duel::{Duel, Pool};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Heap bytes that `f` allocates (and still holds when it returns: its result is kept).
fn heap_bytes<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let region = Region::new(GLOBAL);
    let kept = f();
    let change = region.change();
    let held = change.bytes_allocated + change.bytes_reallocated.max(0) as usize;
    (held.saturating_sub(change.bytes_deallocated), kept)
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let t = Pool::builtin();
    let (a, b) = (
        Pool::builtin().registered_deck("infect").unwrap(),
        Pool::builtin().registered_deck("energy").unwrap(),
    );
    let mut legal = Vec::with_capacity(64);
    // Per point of the game (its first decision, the 40th, the 100th): the totals over the
    // games that reached it, and how many did.
    let points = [0u64, 40, 100];
    let mut sums = [[0usize; 4]; 3];
    let mut reached = [0usize; 3];
    for seed in 0..games {
        let mut d = Duel::with_options(t, &a, &b, seed, 40, cardstate_duel::Options::FAST).unwrap();
        let mut rng = cardstate_duel::rng::SplitMix::new(seed);
        let mut decision = 0u64;
        while !d.is_terminal() {
            if let Some(i) = points.iter().position(|&p| p == decision) {
                let bytes = d.to_bytes();
                let (whole, read) = heap_bytes(|| Duel::from_bytes(t, &bytes).unwrap());
                let (cloned, copy) = heap_bytes(|| d.clone());
                let (forked, fork) = heap_bytes(|| d.fork());
                drop((read, copy, fork));
                sums[i][0] += whole;
                sums[i][1] += cloned;
                sums[i][2] += forked;
                sums[i][3] += bytes.len();
                reached[i] += 1;
            }
            d.legal_actions(&mut legal);
            let x = legal[rng.below(legal.len() as u32) as usize];
            d.apply_legal(x);
            decision += 1;
        }
    }
    println!(
        "size_of::<Duel>() {} bytes (infect against energy, {games} seeded random games)",
        std::mem::size_of::<Duel>()
    );
    for (i, p) in points.iter().enumerate() {
        let n = reached[i].max(1);
        println!(
            "decision {p:>3} ({} games): an independent state's heap {} bytes; a clone() adds {}, \
             a fork() {}; to_bytes() {} bytes",
            reached[i],
            sums[i][0] / n,
            sums[i][1] / n,
            sums[i][2] / n,
            sums[i][3] / n
        );
    }
}
