//! `Duel::observation_over` (the batch's sparse write over its last observation) equals
//! `Duel::observation` along seeded random games of the pool's decks: for the player to act,
//! for the other player, and for both in turn into one buffer (the permanents' slots written
//! again or left as they were, by the player and the state).
use cardstate_core::Zone;
use cardstate_duel::observe::{features, OBSERVATION_LEN};
use cardstate_duel::rng::SplitMix;
use cardstate_duel::testing::card;
use cardstate_duel::{actions, Duel, Options, Pending, Pool, Written, DECISION_NAMES};

fn deck(name: &str) -> Vec<u16> {
    Pool::builtin()
        .registered_deck(name)
        .expect("a registered deck")
}

/// One buffer written over and over with `observation_over`, checked against `observation`.
struct Over {
    out: Vec<f32>,
    written: Written,
}

impl Over {
    fn new(len: usize) -> Over {
        Over {
            out: vec![0.0; len],
            written: Written::default(),
        }
    }

    fn check(&mut self, d: &Duel, p: usize, fresh: &mut [f32]) {
        d.observation_over(p, &mut self.out, &mut self.written);
        d.observation(p, fresh);
        // Bit for bit: a -0.0 left where a +0.0 belongs would be a difference.
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&self.out), bits(fresh), "player {p}");
    }
}

#[test]
fn observation_over_equals_observation_along_random_games() {
    let t = Pool::builtin();
    let names: Vec<String> = cardstate_effects::CardDb::pool()
        .decks()
        .keys()
        .cloned()
        .collect();
    let mut checked = 0u64;
    for (g, pair) in names.windows(2).chain([&names[..1]]).enumerate() {
        let (a, b) = (deck(&pair[0]), deck(&pair[pair.len() - 1]));
        for seed in 0..4u64 {
            let mut d = Duel::new(t, &a, &b, seed + 10 * g as u64, 40).unwrap();
            let len = d.observation_len();
            let mut fresh = vec![0.0; len];
            // The player to act, always player 0, and both players one after the other.
            let (mut acting, mut zero, mut both) = (Over::new(len), Over::new(len), Over::new(len));
            let mut rng = SplitMix::new(seed);
            let mut legal = Vec::new();
            while !d.is_terminal() {
                let p = d.current_player() as usize;
                acting.check(&d, p, &mut fresh);
                zero.check(&d, 0, &mut fresh);
                both.check(&d, p, &mut fresh);
                both.check(&d, 1 - p, &mut fresh);
                checked += 1;
                d.legal_actions(&mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize];
                d.apply_action(a).unwrap();
            }
            // A buffer of zeros with its description forgotten is written whole.
            acting.out.fill(0.0);
            acting.written.forget();
            acting.check(&d, 0, &mut fresh);
        }
    }
    assert!(checked > 1000, "games were played ({checked} states)");
}

/// One buffer written for a game and then for a copy of it played on differently: each
/// observation still equals `observation` (the copy's unchanged-looking entities are not the
/// original's).
#[test]
fn observation_over_a_copys_observation_equals_observation() {
    let t = Pool::builtin();
    let names: Vec<String> = cardstate_effects::CardDb::pool()
        .decks()
        .keys()
        .cloned()
        .collect();
    let (a, b) = (deck(&names[0]), deck(&names[names.len() - 1]));
    let mut checked = 0u64;
    for seed in 0..6u64 {
        let mut d = Duel::new(t, &a, &b, seed, 40).unwrap();
        let len = d.observation_len();
        let (mut fresh, mut over) = (vec![0.0; len], Over::new(len));
        let mut rng = SplitMix::new(seed);
        let mut legal = Vec::new();
        while !d.is_terminal() {
            let mut copy = d.clone();
            over.check(&d, 0, &mut fresh);
            // The same number of changes in each, different ones where the choices differ.
            for g in [&mut d, &mut copy] {
                if g.is_terminal() {
                    continue;
                }
                g.legal_actions(&mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize];
                g.apply_action(a).unwrap();
            }
            over.check(&copy, 0, &mut fresh);
            checked += 1;
        }
    }
    assert!(checked > 100, "games were played ({checked} states)");
}

/// The column of the feature named `name` (`observe::features`).
fn at(name: &str) -> usize {
    features()
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no feature {name}"))
        .offset
}

/// Each permanent slot says whether its permanent is a token (111.1: none of these is) and
/// whether it is legendary (205.4d), for both sides, in `observation` and `observation_over`
/// alike.
#[test]
fn permanent_slots_show_legendary_permanents_205_4d() {
    let mut legend = card("Legend", &["creature"], &[], "{G}", Some((1, 1)), &[]);
    legend.supertypes = vec!["legendary".into()];
    let t = cardstate_duel::testing::pool(vec![
        card("Test Forest", &["land"], &["Forest"], "", None, &[]),
        card("Bear", &["creature"], &[], "{1}{G}", Some((2, 2)), &[]),
        legend,
        card("Cub", &["creature"], &[], "{G}", Some((1, 1)), &[]),
    ]);
    let (forest, bear, legend, cub) = (0, 1, 2, 3);
    let deck = vec![forest; 40];
    let mut d = Duel::with_options(t, &deck, &deck, 3, 40, Options::FAST).unwrap();
    for (p, c) in [(0, bear), (0, legend), (1, cub)] {
        d.add_card(p, c, Zone::Battlefield).unwrap();
    }
    let mut obs = vec![0.0; d.observation_len()];
    let mut over = Over::new(d.observation_len());
    for p in 0..2 {
        d.observation(p, &mut obs);
        over.check(&d, p, &mut vec![0.0; d.observation_len()]);
        // Player 0's permanents are the observer's ("mine") for p = 0, "theirs" for p = 1.
        let (zero, one) = if p == 0 {
            ("mine", "theirs")
        } else {
            ("theirs", "mine")
        };
        for (side, slot, present, legendary) in [
            (zero, 0, 1.0, 0.0),
            (zero, 1, 1.0, 1.0),
            (one, 0, 1.0, 0.0),
            (one, 1, 0.0, 0.0),
        ] {
            let f = |field: &str| obs[at(&format!("{side}[{slot}].{field}"))];
            assert_eq!(f("present"), present, "player {p} {side}[{slot}]");
            assert_eq!(
                (f("token"), f("legendary")),
                (0.0, legendary),
                "player {p} {side}[{slot}]"
            );
        }
    }
}

/// The features' names say what their columns hold, in a position built by hand: the players'
/// life, a hand slot's card (its pool index + 1) and characteristics, a permanent's slot, the
/// decision (an attack, 508.1a) and its subject, an attacking creature tapped (508.1f).
#[test]
fn the_features_name_what_a_position_shows() {
    let t = common_pool();
    let (forest, bear, bird) = (0, 1, 2);
    let deck = vec![forest; 40];
    let mut d = Duel::with_options(t, &deck, &deck, 3, 40, Options::FAST).unwrap();
    d.set_auto_pass(false);
    let a = d.active_player() as usize;
    d.add_card(a, bear, Zone::Hand).unwrap();
    let elf = d.add_card(a, bird, Zone::Battlefield).unwrap().unwrap();
    let len = d.observation_len();
    let mut obs = vec![0.0; len];
    d.observation(a, &mut obs);
    assert_eq!(obs[at("players[0].life")], 1.0, "20 life / 20");
    assert_eq!(obs[at("players[1].life")], 1.0);
    assert_eq!(obs[at("players[0].hand_size")], 0.8, "8 cards / 10");
    assert_eq!(obs[at("active")], 1.0);
    assert_eq!(
        obs[at("decision")],
        1.0,
        "priority, the first decision kind"
    );
    // The hand in card order: seven Forests, then the Bear.
    assert_eq!(obs[at("hand[0].card")], forest as f32 + 1.0);
    assert_eq!(obs[at("hand[0].types") + 6], 1.0, "a land");
    assert_eq!(obs[at("hand[7].card")], bear as f32 + 1.0);
    assert_eq!(obs[at("hand[7].mana_value")], 0.2);
    assert_eq!(obs[at("hand[7].colours") + 4], 1.0, "green");
    assert_eq!(obs[at("hand[7].types") + 2], 1.0, "a creature");
    assert_eq!(
        (obs[at("hand[7].power")], obs[at("hand[7].toughness")]),
        (0.2, 0.2)
    );
    assert_eq!(obs[at("hand[8].present")], 0.0);
    assert_eq!(obs[at("mine[0].card")], bird as f32 + 1.0);
    assert_eq!(obs[at("mine[0].keywords")], 1.0, "flying, keyword bit 0");
    assert_eq!(obs[at("mine[0].tapped")], 0.0);
    assert_eq!(obs[at("theirs[0].present")], 0.0);
    // The opponent sees the Bird as theirs, and the size of the hand only.
    d.observation(1 - a, &mut obs);
    assert_eq!(obs[at("theirs[0].card")], bird as f32 + 1.0);
    assert_eq!(obs[at("players[1].hand_size")], 0.8);
    assert_eq!(obs[at("hand[7].present")], 0.0);
    // The attack decision: its subject is the Bird's slot.
    while !matches!(d.pending(), Pending::Attack(_)) {
        d.apply_action(actions::PASS).unwrap();
    }
    let attack = DECISION_NAMES.iter().position(|&n| n == "attack").unwrap();
    for (p, side, slot) in [(a, "mine", 0), (1 - a, "theirs", 24)] {
        d.observation(p, &mut obs);
        assert_eq!(obs[at("decision") + attack], 1.0);
        assert_eq!(obs[at("subject") + slot], 1.0, "player {p}");
        assert_eq!(obs[at(&format!("{side}[0].subject"))], 1.0);
        assert_eq!(obs[at("deciding")], (p == a) as u8 as f32);
    }
    d.apply_action(actions::OPPONENT).unwrap();
    d.observation(a, &mut obs);
    assert!(d.is_tapped(elf));
    assert_eq!(obs[at("mine[0].tapped")], 1.0, "508.1f: attacking taps");
    assert_eq!(obs[at("mine[0].attacking")], 1.0);
    assert_eq!(obs[at("mine[0].subject")], 0.0);
}

/// The observation's layout is the schema's: the same length for a pool of any size; and a
/// pool of the built-in pool's cards and one more gives the same observations along the same
/// games (the card identities of the other cards are theirs in both).
#[test]
fn adding_a_card_to_the_pool_changes_no_observation() {
    let builtin = Pool::builtin();
    let mut cards: Vec<_> = (0..builtin.len())
        .map(|c| {
            builtin
                .db()
                .card(cardstate_effects::CardId(c as u16))
                .clone()
        })
        .collect();
    cards.push(card(
        "Extra Bear",
        &["creature"],
        &[],
        "{1}{G}",
        Some((2, 2)),
        &[],
    ));
    let bigger = cardstate_duel::testing::pool(cards);
    assert_eq!(bigger.len(), builtin.len() + 1);
    let (a, b) = (deck("infect"), deck("energy"));
    let mut legal = Vec::new();
    for seed in 0..3 {
        let mut d = Duel::new(builtin, &a, &b, seed, 40).unwrap();
        let mut e = Duel::new(bigger, &a, &b, seed, 40).unwrap();
        assert_eq!(d.observation_len(), OBSERVATION_LEN);
        assert_eq!(e.observation_len(), OBSERVATION_LEN);
        let (mut x, mut y) = (vec![0.0; OBSERVATION_LEN], vec![0.0; OBSERVATION_LEN]);
        let mut rng = SplitMix::new(seed);
        while !d.is_terminal() {
            for p in 0..2 {
                d.observation(p, &mut x);
                e.observation(p, &mut y);
                assert_eq!(x, y);
            }
            d.legal_actions(&mut legal);
            let act = legal[rng.below(legal.len() as u32) as usize];
            d.apply_action(act).unwrap();
            e.apply_action(act).unwrap();
        }
    }
    let small = common_pool();
    let deck = vec![0; 40];
    let d = Duel::new(small, &deck, &deck, 1, 40).unwrap();
    assert_eq!(d.observation_len(), OBSERVATION_LEN);
    assert_eq!(
        features().last().map(|f| f.offset + f.size),
        Some(OBSERVATION_LEN)
    );
}

fn common_pool() -> Pool {
    cardstate_duel::testing::pool(vec![
        card("Test Forest", &["land"], &["Forest"], "", None, &[]),
        card("Bear", &["creature"], &[], "{1}{G}", Some((2, 2)), &[]),
        card(
            "Bird",
            &["creature"],
            &[],
            "{G}",
            Some((1, 1)),
            &[("flying", 1)],
        ),
    ])
}
