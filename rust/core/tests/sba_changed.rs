//! State-based actions (704.3: checked whenever a player would receive priority; all that apply
//! are performed at once, and the check repeats until none applies) judge only the objects
//! changed since the last check. A decoded game knows of no earlier check, so its first check
//! looks at every object: after random sequences of changes, a check on the game and the same
//! check on its decoded copy must perform the same actions (the same events, the same state).

use cardstate_core::kinds::{self, Kind};
use cardstate_core::ops::Op;
use cardstate_core::{AffectedSpec, CardSpec, DamageKind, Game, Prevention, Ruleset, Zone};

/// SplitMix64: the same sequences on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

const NAMES: [&str; 2] = ["Isamaru", "Jaya"];
const KEYWORDS: [&str; 3] = ["indestructible", "deathtouch", "infect"];

fn card(rng: &mut Rng, berserk: bool) -> CardSpec {
    let mut spec = CardSpec {
        types: vec!["creature".into()],
        token: rng.chance(25),
        ..CardSpec::default()
    };
    if berserk {
        spec.strength = Some(rng.below(3) as i64);
        spec.lives = Some(rng.below(3) as i64 + 1);
        return spec;
    }
    spec.power = Some(rng.below(4) as i64);
    spec.toughness = Some(rng.below(4) as i64);
    if rng.chance(20) {
        spec.supertypes = vec!["legendary".into()];
        spec.name = NAMES[rng.below(2) as usize].into();
    }
    if rng.chance(40) {
        let k = KEYWORDS[rng.below(KEYWORDS.len() as u64) as usize];
        spec.keywords = vec![(k.into(), 1)];
    }
    spec
}

/// The objects on the battlefield, ascending id.
fn permanents(g: &Game) -> Vec<u32> {
    (g.num_players()..g.num_entities())
        .filter(|&id| g.entity(id).is_ok_and(|e| e.is_permanent()))
        .collect()
}

/// One random change (most of them legal; a refused one changes nothing).
fn change(g: &mut Game, rng: &mut Rng, berserk: bool) {
    let on = permanents(g);
    let pick = |rng: &mut Rng| -> Option<u32> {
        (!on.is_empty()).then(|| on[rng.below(on.len() as u64) as usize])
    };
    let any = |rng: &mut Rng| rng.below(g.num_entities() as u64) as u32;
    let kind = |rng: &mut Rng| -> Kind {
        let choices: &[Kind] = if berserk {
            &[kinds::WOUND, kinds::EXTRA_LIFE, kinds::NEGATIVE_LIFE]
        } else {
            &[
                kinds::PLUS_ONE,
                kinds::MINUS_ONE,
                kinds::SHIELD,
                kinds::POISON,
            ]
        };
        choices[rng.below(choices.len() as u64) as usize]
    };
    match rng.below(16) {
        0..=2 => {
            let spec = card(rng, berserk);
            let _ = g.create(rng.below(2) as u32, Zone::Battlefield, &spec);
        }
        3 | 4 => {
            let (s, t) = (any(rng), any(rng));
            let combat = if rng.chance(50) {
                DamageKind::Combat
            } else {
                DamageKind::Noncombat
            };
            let _ = g.deal_damage(s, t, rng.below(4), combat, Prevention::Preventable);
        }
        5 | 6 => {
            let (id, k) = (any(rng), kind(rng));
            let n = rng.below(3) + 1;
            let _ = if rng.chance(60) {
                g.apply_op(&Op::AddCounters(id, k.into(), n))
            } else {
                g.apply_op(&Op::RemoveCounters(id, k.into(), n))
            };
        }
        7 => {
            let zones = [Zone::Graveyard, Zone::Hand, Zone::Battlefield, Zone::Exile];
            let _ = g.move_to(any(rng), zones[rng.below(4) as usize]);
        }
        8 => {
            if let Some(id) = pick(rng) {
                let _ = g.pump(id, rng.below(3) as i64 - 1, rng.below(3) as i64 - 1);
            }
        }
        9 => {
            if let Some(id) = pick(rng) {
                let k = KEYWORDS[rng.below(2) as usize];
                let _ = if rng.chance(50) {
                    g.grant(id, k, rng.chance(50))
                } else {
                    g.revoke(id, k)
                };
            }
        }
        10 => {
            // A locked-in set (a resolved spell's "until end of turn", 611.2c) or a static
            // ability of a permanent ("creatures you control", 611.3a).
            let (p, t) = (rng.below(3) as i64 - 1, rng.below(3) as i64 - 1);
            if rng.chance(50) {
                let ids: Vec<u32> = on.iter().copied().filter(|_| rng.chance(50)).collect();
                let _ = g.apply_op(&Op::AddContinuousEffect {
                    effect: "modify_power_toughness".into(),
                    affected: ids,
                    keyword: None,
                    value: None,
                    power: Some(p),
                    toughness: Some(t),
                    until_end_of_turn: true,
                });
            } else if let Some(source) = pick(rng) {
                let texts = ["creatures you control".to_string()];
                let _ = g.add_continuous_effect(
                    "modify_power_toughness",
                    AffectedSpec::Texts(&texts),
                    Some(source),
                    None,
                    None,
                    None,
                    Some(p),
                    Some(t),
                    false,
                );
            }
        }
        11 => {
            let ids: Vec<u32> = g.continuous_effects().iter().map(|c| c.id).collect();
            if !ids.is_empty() {
                let _ = g.end_continuous_effect(ids[rng.below(ids.len() as u64) as usize]);
            }
        }
        12 => {
            if let Some(id) = pick(rng) {
                let _ = g.set_controller(id, rng.below(2) as u32);
            }
        }
        13 => {
            if let Some(id) = pick(rng) {
                let _ = if rng.chance(50) {
                    g.regenerate(id)
                } else {
                    g.destroy(id).map(drop)
                };
            }
        }
        14 => {
            if rng.chance(30) {
                let _ = g.apply_op(&Op::Cleanup);
            } else {
                let texts = ["creatures".to_string()];
                let _ = g.add_replacement_effect(
                    "counters_limit",
                    &texts,
                    &[],
                    None,
                    Some(0),
                    Some(if berserk { "wound" } else { "+1/+1" }),
                    Some(rng.below(3)),
                    false,
                    true,
                );
            }
        }
        _ => {
            // All or nothing: a check inside a transaction that then fails is undone with
            // everything else.
            let id = any(rng);
            let _ = g.apply_ops(&[
                Op::AddCounters(id, kind(rng).into(), 1),
                Op::CheckStateBasedActions,
                Op::Move(u32::MAX, Zone::Graveyard),
            ]);
        }
    }
}

fn check_matches_a_whole_scan(seed: u64, ruleset: Ruleset) -> u32 {
    let mut rng = Rng(seed);
    let berserk = ruleset == Ruleset::Berserk;
    let mut g = Game::new(2, ruleset, seed).unwrap();
    let mut acted = 0;
    for step in 0..60 {
        for _ in 0..=rng.below(3) {
            change(&mut g, &mut rng, berserk);
        }
        if rng.chance(10) {
            // A copy keeps what its original knows of the last check.
            g = g.share();
        }
        let mut whole = Game::from_bytes(&g.to_bytes()).unwrap();
        let events = g.check_state_based_actions().unwrap();
        let expected = whole.check_state_based_actions().unwrap();
        assert_eq!(events, expected, "seed {seed} step {step}: the events");
        assert_eq!(g.to_bytes(), whole.to_bytes(), "seed {seed} step {step}");
        acted += !events.is_empty() as u32;
        g.clear_events();
    }
    acted
}

#[test]
fn cr_704_3_a_check_of_what_changed_performs_what_a_whole_scan_performs() {
    let mut acted = 0;
    for seed in 0..300 {
        acted += check_matches_a_whole_scan(seed, Ruleset::Mtg);
    }
    for seed in 0..60 {
        acted += check_matches_a_whole_scan(seed, Ruleset::Berserk);
    }
    // The changes make state-based actions apply often (so the comparison compares actions).
    assert!(acted > 2_000, "only {acted} checks acted");
}
