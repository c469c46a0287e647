use cardstate_core::{CardSpec, Game, Ruleset, Zone};
use std::time::Instant;
fn board() -> (Game, Vec<(u32, u32, u64)>) {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let kws = [
        vec![],
        vec![("lifelink".to_string(), 1)],
        vec![("infect".to_string(), 1)],
        vec![("deathtouch".to_string(), 1)],
    ];
    let mut ids = vec![];
    for i in 0..100u32 {
        let spec = CardSpec {
            types: vec!["creature".into()],
            power: Some(2),
            toughness: Some((i % 4 + 1) as i64),
            keywords: kws[(i % 4) as usize].clone(),
            ..CardSpec::default()
        };
        ids.push(g.create(i % 2, Zone::Battlefield, &spec).unwrap());
    }
    let a = (0..100)
        .map(|i| (ids[i], ids[(i + 1) % 100], (i % 4 + 1) as u64))
        .collect();
    g.take_events();
    (g, a)
}
fn main() {
    let mut dealt = vec![0; 100];
    let (mut td, mut ts, mut n) = (std::time::Duration::ZERO, std::time::Duration::ZERO, 0);
    for _ in 0..2000 {
        let (mut g, a) = board();
        let t = Instant::now();
        g.deal_simultaneous_damage(&a, true, true, &mut dealt)
            .unwrap();
        td += t.elapsed();
        let t = Instant::now();
        n += g.check_state_based_actions().unwrap().len();
        ts += t.elapsed();
    }
    println!(
        "damage {:?} sba {:?} ({} sba events each)",
        td / 2000,
        ts / 2000,
        n / 2000
    );
}
