use cardstate_core::{CardSpec, Game, Ruleset, Zone};
use std::time::Instant;
fn main() {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let spec = CardSpec {
        types: vec!["artifact".into()],
        ..CardSpec::default()
    };
    let kinds = ["+1/+1", "charge", "oil", "quest", "doom", "age"];
    let mut ids = vec![];
    for i in 0..9998u32 {
        let x = g.create(i % 2, Zone::Battlefield, &spec).unwrap();
        for j in 0..(1 + i % 3) {
            g.add_counters(x, kinds[((i + j) % 6) as usize], 2).unwrap();
        }
        if i % 2 == 0 {
            ids.push(x);
        }
    }
    g.set_record_events(false);
    for _ in 0..1 {
        let t = Instant::now();
        for _ in 0..20 {
            g.proliferate(0, &ids).unwrap();
        }
        println!("proliferate {:?} per call", t.elapsed() / 100);
    }
    let t = Instant::now();
    for _ in 0..100 {
        std::hint::black_box(g.proliferate_candidates());
    }
    println!("candidates {:?}", t.elapsed() / 100);
}
