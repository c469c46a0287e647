use cardstate_core::{CardSpec, Game, Ruleset, Zone};
use std::time::Instant;
fn main() {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let spec = CardSpec {
        types: vec!["creature".into()],
        power: Some(2),
        toughness: Some(2),
        ..CardSpec::default()
    };
    let x = g.create(0, Zone::Battlefield, &spec).unwrap();
    let mut evs = Vec::new();
    for round in 0..1 {
        let t = Instant::now();
        for i in 0..100_000u32 {
            g.add_counters(std::hint::black_box(x), std::hint::black_box("+1/+1"), 1)
                .unwrap();
            if i % 1000 == 0 {
                g.drain_events_into(&mut evs);
            }
        }
        println!("round {round}: add_counters {:?}", t.elapsed() / 100_000);
    }
}
