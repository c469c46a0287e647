//! The boards the kernel's criterion bench (`benches/core.rs`) and the effects example
//! (`examples/effects.rs`, for Callgrind) both measure on.
use cardstate_core::{CardSpec, Game, Ruleset, Zone};

fn creature(power: i64, toughness: i64, keyword: Option<&str>) -> CardSpec {
    CardSpec {
        types: vec!["creature".into()],
        power: Some(power),
        toughness: Some(toughness),
        keywords: keyword
            .map(|k| vec![(k.to_string(), 1)])
            .unwrap_or_default(),
        ..CardSpec::default()
    }
}

/// 2 players and 100 creatures with mixed keywords; one damage assignment per creature.
pub fn board() -> (Game, Vec<u32>, Vec<(u32, u32, u64)>) {
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    let keywords = [None, Some("lifelink"), Some("infect"), Some("deathtouch")];
    let ids: Vec<u32> = (0..100u32)
        .map(|i| {
            let spec = creature(2, (i % 4 + 1) as i64, keywords[(i % 4) as usize]);
            g.create(i % 2, Zone::Battlefield, &spec).unwrap()
        })
        .collect();
    let assignments = (0..100)
        .map(|i| (ids[i], ids[(i + 1) % 100], (i % 4 + 1) as u64))
        .collect();
    g.take_events();
    (g, ids, assignments)
}

/// An effect as data: name, filters, counter kind, amount.
type EffectSpec = (
    &'static str,
    &'static [&'static str],
    Option<&'static str>,
    Option<u64>,
);

/// `n` (at most 5) replacement effects of the usual kinds, from permanents of both players.
pub fn add_effects(g: &mut Game, n: usize) {
    let spec = CardSpec {
        types: vec!["enchantment".into()],
        ..CardSpec::default()
    };
    let effects: [EffectSpec; 5] = [
        (
            "counters_plus",
            &["creatures you control"],
            Some("+1/+1"),
            Some(1),
        ),
        ("counters_times", &["permanents you control"], None, Some(2)),
        (
            "counters_minus",
            &["creatures you control"],
            Some("-1/-1"),
            Some(1),
        ),
        ("counters_cant", &["lands", "players"], None, None),
        ("life_gain_cant", &["opponents"], None, None),
    ];
    for (i, (effect, affects, counter, amount)) in effects.iter().take(n).enumerate() {
        let source = g.create(i as u32 % 2, Zone::Battlefield, &spec).unwrap();
        let affects: Vec<String> = affects.iter().map(|a| a.to_string()).collect();
        g.add_replacement_effect(
            effect,
            &affects,
            &[],
            Some(source),
            None,
            *counter,
            *amount,
            false,
            false,
        )
        .unwrap();
    }
    g.take_events();
}
