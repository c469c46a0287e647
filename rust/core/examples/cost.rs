use cardstate_core::{CardSpec, Game, Ruleset, Zone};
use std::time::Instant;
fn main() {
    let mut g = Game::new(2, Ruleset::Berserk, 0).unwrap();
    let mut ids = vec![];
    for i in 0..100u32 {
        let spec = CardSpec {
            types: vec!["creature".into()],
            subtypes: vec![if i % 3 == 0 {
                "Гном".into()
            } else {
                "Воин".into()
            }],
            strength: Some(2),
            lives: Some(3),
            cost: Some(cardstate_core::CostSpec::Fixed(3)),
            ..CardSpec::default()
        };
        ids.push(g.create(i % 2, Zone::Battlefield, &spec).unwrap());
    }
    g.add_cost_modifier(-1, None, Some(ids[0]), &["Гном".into()], &[], None)
        .unwrap();
    g.add_cost_modifier(-1, None, Some(ids[3]), &["Гном".into()], &[], Some(1))
        .unwrap();
    g.add_cost_modifier(1, None, Some(ids[1]), &[], &["creature".into()], Some(0))
        .unwrap();
    let mut out = Vec::new();
    let t = Instant::now();
    for _ in 0..1000 {
        g.cost_many(std::hint::black_box(&ids), &mut out).unwrap();
    }
    println!("cost per id {:?}", t.elapsed() / 100_000);
}
