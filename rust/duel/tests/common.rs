//! Test cards: made-up cards (not copies of real ones) with the characteristics the rules tests
//! need, until scenario tests use the pool.
#![allow(dead_code)]

use cardstate_duel::testing::card;
use cardstate_duel::Pool;
use cardstate_duel::{actions, CardId, Duel, Options, Pending, Step};

pub fn table() -> Pool {
    static POOL: std::sync::OnceLock<Pool> = std::sync::OnceLock::new();
    *POOL.get_or_init(make_table)
}

fn make_table() -> Pool {
    cardstate_duel::testing::pool(vec![
        card("Test Forest", &["land"], &["Forest"], "", None, &[]),
        card("Test Mountain", &["land"], &["Mountain"], "", None, &[]),
        card("Bear", &["creature"], &[], "{1}{G}", Some((2, 2)), &[]),
        card(
            "Wall",
            &["creature"],
            &[],
            "{G}",
            Some((0, 4)),
            &[("defender", 1)],
        ),
        card(
            "Bird",
            &["creature"],
            &[],
            "{G}",
            Some((1, 1)),
            &[("flying", 1)],
        ),
        card(
            "Spider",
            &["creature"],
            &[],
            "{G}",
            Some((1, 3)),
            &[("reach", 1)],
        ),
        card(
            "Knight",
            &["creature"],
            &[],
            "{G}",
            Some((2, 2)),
            &[("first strike", 1)],
        ),
        card(
            "Twin",
            &["creature"],
            &[],
            "{G}",
            Some((2, 2)),
            &[("double strike", 1)],
        ),
        card(
            "Rhino",
            &["creature"],
            &[],
            "{G}",
            Some((4, 4)),
            &[("trample", 1)],
        ),
        card(
            "Viper",
            &["creature"],
            &[],
            "{G}",
            Some((3, 1)),
            &[("trample", 1), ("deathtouch", 1)],
        ),
        card(
            "Ogre",
            &["creature"],
            &[],
            "{G}",
            Some((3, 3)),
            &[("menace", 1)],
        ),
        card(
            "Goblin",
            &["creature"],
            &[],
            "{R}",
            Some((1, 1)),
            &[("haste", 1)],
        ),
        card(
            "Guard",
            &["creature"],
            &[],
            "{G}",
            Some((2, 3)),
            &[("vigilance", 1)],
        ),
        card(
            "Blight",
            &["creature"],
            &[],
            "{G}",
            Some((2, 2)),
            &[("infect", 1)],
        ),
        card(
            "Thorn",
            &["creature"],
            &[],
            "{G}",
            Some((2, 2)),
            &[("wither", 1)],
        ),
        card(
            "Leech",
            &["creature"],
            &[],
            "{G}",
            Some((2, 2)),
            &[("lifelink", 1)],
        ),
        card(
            "Sting",
            &["creature"],
            &[],
            "{G}",
            Some((1, 1)),
            &[("toxic", 2)],
        ),
        card("Giant", &["creature"], &[], "{4}{G}{G}", Some((6, 6)), &[]),
        card("Brute", &["creature"], &[], "{2}{G}", Some((3, 3)), &[]),
        card(
            "Lancer",
            &["creature"],
            &[],
            "{2}{G}",
            Some((3, 3)),
            &[("first strike", 1)],
        ),
        walker(),
    ])
}

/// A made-up planeswalker: loyalty 3 (306.5b), no abilities.
fn walker() -> cardstate_effects::model::CardDef {
    let mut c = card("Test Walker", &["planeswalker"], &[], "{2}{G}", None, &[]);
    c.loyalty = Some(3);
    c
}

pub fn id(t: &Pool, name: &str) -> CardId {
    t.by_name(name).expect("a test card")
}

/// 40 cards: 15 forests, the rest creatures.
pub fn deck(t: &Pool) -> Vec<CardId> {
    let mut d = vec![id(t, "Test Forest"); 15];
    for n in [
        "Bear", "Bird", "Knight", "Rhino", "Ogre", "Guard", "Leech", "Blight",
    ] {
        d.extend([id(t, n); 3]);
    }
    d.push(id(t, "Giant"));
    d
}

/// A deck of only forests (no decisions but land drops).
pub fn forests(t: &Pool) -> Vec<CardId> {
    vec![id(t, "Test Forest"); 40]
}

pub fn duel(seed: u64) -> Duel {
    let t = table();
    let d = deck(&t);
    Duel::with_options(t, &d, &d, seed, 40, Options::FAST).unwrap()
}

/// Plays a game to its end with a seeded random policy; returns the decisions taken.
pub fn random_game(d: &mut Duel, seed: u64) -> u32 {
    let mut rng = cardstate_duel::rng::SplitMix::new(seed);
    let mut legal = Vec::new();
    let mut n = 0;
    while !d.is_terminal() {
        d.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "a decision with no legal action");
        let a = legal[rng.below(legal.len() as u32) as usize];
        d.apply_action(a).unwrap();
        n += 1;
        assert!(n < 100_000, "the game never ends");
    }
    n
}

/// Passes (or declines) until the game is at `step` of turn `turn` with priority.
pub fn pass_until(d: &mut Duel, turn: u32, step: Step) {
    let mut guard = 0;
    while !(d.turn() == turn && d.step() == step && d.pending() == Pending::Priority) {
        let a = match d.pending() {
            Pending::Priority => actions::PASS,
            Pending::Over => panic!("game over before turn {turn} {step:?}"),
            _ => actions::NO,
        };
        d.apply_action(a).unwrap();
        guard += 1;
        assert!(guard < 10_000);
    }
}
