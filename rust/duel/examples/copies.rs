//! Copies of the criterion benchmark's mid-game duel (infect against energy, seed 3, 50 random
//! decisions, `Options::FAST`), for profiling: `copies N [clone|clone_from|fork|step]` makes N
//! copies of the kind named (`step`: a copy and one random decision on it, a search's step).
use cardstate_duel::{Duel, Options, Pool};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let kind = args.get(2).map_or("clone", |s| s.as_str());
    let t = Pool::builtin();
    let a = t.registered_deck("infect").unwrap();
    let b = t.registered_deck("energy").unwrap();
    let mut d = Duel::with_options(t, &a, &b, 3, 40, Options::FAST).unwrap();
    let mut rng = cardstate_duel::rng::SplitMix::new(3);
    let mut legal = Vec::with_capacity(64);
    for _ in 0..50 {
        if d.is_terminal() {
            break;
        }
        d.legal_actions(&mut legal);
        let x = legal[rng.below(legal.len() as u32) as usize];
        d.apply_legal(x);
    }
    let mut scratch = d.clone();
    let mut sum = 0u64;
    let start = std::time::Instant::now();
    for _ in 0..n {
        match kind {
            "clone_from" => scratch.clone_from(&d),
            "fork" => sum += d.fork().turn() as u64,
            "step" => {
                let mut c = d.clone();
                c.legal_actions(&mut legal);
                c.apply_legal(legal[rng.below(legal.len() as u32) as usize]);
                sum += c.turn() as u64;
            }
            _ => sum += std::hint::black_box(d.clone()).turn() as u64,
        }
    }
    let s = start.elapsed().as_secs_f64();
    println!("{n} {kind}: {:.3} µs each ({sum})", s * 1e6 / n as f64);
}
