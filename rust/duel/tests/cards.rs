//! The pool's cards inside the duel: spells with targets, activated abilities, triggered
//! abilities in APNAP order, and resolution choices as decisions.

use cardstate_core::{kinds, Zone};
use cardstate_duel::{actions, Duel, Options, Pending, Pool, Step};

fn deck(name: &str) -> Vec<u16> {
    Pool::builtin().registered_deck(name).unwrap()
}

/// A duel at the active player's first main phase, passing by hand.
fn setup(seed: u64) -> (Duel, usize) {
    let mut d = Duel::with_options(
        Pool::builtin(),
        &deck("evergreen"),
        &deck("evergreen"),
        seed,
        40,
        Options::FAST,
    )
    .unwrap();
    d.set_auto_pass(false);
    while d.step() != Step::Main1 {
        d.apply_action(actions::PASS).unwrap();
    }
    let a = d.active_player() as usize;
    (d, a)
}

fn card(name: &str) -> u16 {
    Pool::builtin().by_name(name).unwrap()
}

fn add(d: &mut Duel, p: usize, name: &str, zone: Zone) -> Option<u32> {
    d.add_card(p, card(name), zone).unwrap()
}

/// The legal action whose words start with `prefix`.
fn act(d: &mut Duel, prefix: &str) {
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    let a = legal
        .iter()
        .copied()
        .find(|&a| d.action_to_string(a).starts_with(prefix))
        .unwrap_or_else(|| {
            let all: Vec<String> = legal.iter().map(|&a| d.action_to_string(a)).collect();
            panic!("no {prefix:?} among {all:?}")
        });
    d.apply_action(a).unwrap();
}

fn lands(d: &mut Duel, p: usize, name: &str, n: usize) {
    for _ in 0..n {
        add(d, p, name, Zone::Battlefield);
    }
}

fn pass_until_empty_stack(d: &mut Duel) {
    while !d.stack().is_empty() && d.pending() == Pending::Priority {
        d.apply_action(actions::PASS).unwrap();
    }
}

#[test]
fn lightning_bolt_deals_3_damage_to_any_target() {
    // Oracle: "Lightning Bolt deals 3 damage to any target."
    let (mut d, a) = setup(1);
    lands(&mut d, a, "Mountain", 2);
    add(&mut d, a, "Lightning Bolt", Zone::Hand);
    add(&mut d, a, "Lightning Bolt", Zone::Hand);
    let bears = add(&mut d, 1 - a, "Grizzly Bears", Zone::Battlefield).unwrap();
    act(&mut d, "cast Lightning Bolt");
    assert_eq!(
        d.pending(),
        Pending::Target,
        "601.2c: targets are chosen as it is cast"
    );
    act(&mut d, &format!("target player {}", 1 - a));
    assert_eq!(d.stack().len(), 1);
    pass_until_empty_stack(&mut d);
    assert_eq!(d.game().life(1 - a as u32).unwrap(), 17);
    act(&mut d, "cast Lightning Bolt");
    act(&mut d, "target Grizzly Bears");
    pass_until_empty_stack(&mut d);
    assert_eq!(
        d.game().entity(bears).unwrap().zone,
        Zone::Graveyard,
        "704.5g"
    );
    assert_eq!(
        d.graveyard(a).len(),
        2,
        "608.2n: the instants went to the graveyard"
    );
}

#[test]
fn tezzerets_gambit_is_paid_with_2_life_and_three_lands_107_4f_601_2g_h() {
    // Tezzeret's Gambit {3}{U/P}: with an Island, two Swamps and 20 life, {U/P} is paid with
    // 2 life (107.4f) and the three lands pay {3}: the spell is offered and cast (601.2g–h).
    let (mut d, a) = setup(4);
    let lands: Vec<u32> = ["Island", "Swamp", "Swamp"]
        .iter()
        .map(|&n| add(&mut d, a, n, Zone::Battlefield).unwrap())
        .collect();
    add(&mut d, a, "Tezzeret's Gambit", Zone::Hand);
    act(&mut d, "cast Tezzeret's Gambit");
    assert_eq!(d.game().life(a as u32).unwrap(), 18, "2 life for {{U/P}}");
    assert!(
        lands.iter().all(|&l| d.is_tapped(l)),
        "the three lands pay {{3}}"
    );
}

#[test]
fn a_hybrid_symbol_is_paid_with_either_colour_107_4e() {
    // Boggart Ram-Gang {R/G}{R/G}{R/G}: a Mountain and two Forests pay it; two Forests don't.
    let (mut d, a) = setup(5);
    let mountain = add(&mut d, a, "Mountain", Zone::Battlefield).unwrap();
    let forest = add(&mut d, a, "Forest", Zone::Battlefield).unwrap();
    add(&mut d, a, "Boggart Ram-Gang", Zone::Hand);
    let offered = |d: &Duel| {
        let mut legal = Vec::new();
        d.legal_actions(&mut legal);
        legal
            .iter()
            .any(|&x| d.action_to_string(x).starts_with("cast Boggart Ram-Gang"))
    };
    assert!(!offered(&d), "two sources can't pay three symbols");
    let forest2 = add(&mut d, a, "Forest", Zone::Battlefield).unwrap();
    assert!(offered(&d));
    act(&mut d, "cast Boggart Ram-Gang");
    assert!([mountain, forest, forest2].iter().all(|&l| d.is_tapped(l)));
    assert_eq!(d.game().life(a as u32).unwrap(), 20);
}

#[test]
fn a_spell_with_no_legal_target_cant_be_cast_601_2c() {
    let (mut d, a) = setup(2);
    lands(&mut d, a, "Forest", 1);
    add(&mut d, a, "Giant Growth", Zone::Hand);
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert!(legal
        .iter()
        .all(|&x| !d.action_to_string(x).starts_with("cast Giant")));
    add(&mut d, a, "Grizzly Bears", Zone::Battlefield);
    d.legal_actions(&mut legal);
    assert!(legal
        .iter()
        .any(|&x| d.action_to_string(x).starts_with("cast Giant")));
}

#[test]
fn triggers_go_on_the_stack_in_apnap_order_603_3b() {
    // Inexorable Tide: "Whenever you cast a spell, proliferate."
    // Venerated Rotpriest: "Whenever a creature you control becomes the target of a spell,
    // target opponent gets a poison counter."
    let (mut d, a) = setup(3);
    let n = 1 - a;
    lands(&mut d, a, "Forest", 1);
    add(&mut d, a, "Inexorable Tide", Zone::Battlefield);
    add(&mut d, a, "Giant Growth", Zone::Hand);
    add(&mut d, n, "Venerated Rotpriest", Zone::Battlefield);
    add(&mut d, n, "Grizzly Bears", Zone::Battlefield);
    act(&mut d, "cast Giant Growth");
    act(&mut d, "target Grizzly Bears");
    // The non-active player's trigger needs its target: it decides now.
    assert_eq!(d.current_player(), n as i32);
    act(&mut d, &format!("target player {a}"));
    let st = d.stack();
    assert_eq!(st.len(), 3);
    assert_eq!(
        st[1].controller as usize, a,
        "the active player's trigger first (lower)"
    );
    assert_eq!(
        st[2].controller as usize, n,
        "the non-active player's on top"
    );
    // Resolve the Rotpriest trigger: a poison counter.
    d.apply_action(actions::PASS).unwrap();
    d.apply_action(actions::PASS).unwrap();
    assert_eq!(d.game().count(a as u32, kinds::POISON).unwrap(), 1);
    // Then the Tide's proliferate: one yes/no decision per candidate (701.34a).
    d.apply_action(actions::PASS).unwrap();
    d.apply_action(actions::PASS).unwrap();
    assert_eq!(d.pending(), Pending::Resolve);
    assert_eq!(d.current_player(), a as i32);
    act(&mut d, &format!("proliferate player {a}"));
    assert_eq!(d.game().count(a as u32, kinds::POISON).unwrap(), 2);
}

#[test]
fn walking_ballista_x_and_its_abilities() {
    // "Walking Ballista enters with X +1/+1 counters on it. {4}: Put a +1/+1 counter on
    // Walking Ballista. Remove a +1/+1 counter from Walking Ballista: It deals 1 damage to any
    // target."
    let (mut d, a) = setup(4);
    lands(&mut d, a, "Forest", 4);
    add(&mut d, a, "Walking Ballista", Zone::Hand);
    act(&mut d, "cast Walking Ballista");
    assert_eq!(d.pending(), Pending::ChooseX);
    act(&mut d, "choose 2");
    pass_until_empty_stack(&mut d);
    let ballista = *d.battlefield(a).last().unwrap();
    assert_eq!(d.game().count(ballista, kinds::PLUS_ONE).unwrap(), 2);
    act(&mut d, "activate Walking Ballista");
    act(&mut d, &format!("target player {}", 1 - a));
    assert_eq!(
        d.game().count(ballista, kinds::PLUS_ONE).unwrap(),
        1,
        "602.2h: cost paid"
    );
    pass_until_empty_stack(&mut d);
    assert_eq!(d.game().life(1 - a as u32).unwrap(), 19);
}

#[test]
fn harnessed_lightning_pays_any_amount_of_energy() {
    // "Choose target creature. You get {E}{E}{E}, then you may pay any amount of {E}.
    // Harnessed Lightning deals that much damage to that creature."
    let (mut d, a) = setup(5);
    lands(&mut d, a, "Mountain", 2);
    add(&mut d, a, "Harnessed Lightning", Zone::Hand);
    let bears = add(&mut d, 1 - a, "Grizzly Bears", Zone::Battlefield).unwrap();
    act(&mut d, "cast Harnessed Lightning");
    act(&mut d, "target Grizzly Bears");
    d.apply_action(actions::PASS).unwrap();
    d.apply_action(actions::PASS).unwrap();
    assert_eq!(d.pending(), Pending::Resolve);
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert_eq!(
        legal,
        (0..=3).map(|n| actions::NUMBER + n).collect::<Vec<_>>()
    );
    act(&mut d, "choose 2");
    assert_eq!(d.game().count(a as u32, kinds::ENERGY).unwrap(), 1);
    assert_eq!(d.game().entity(bears).unwrap().zone, Zone::Graveyard);
}

#[test]
fn thrummingbird_proliferates_on_combat_damage_to_a_player() {
    // "Flying. Whenever Thrummingbird deals combat damage to a player, proliferate."
    let (mut d, a) = setup(6);
    add(&mut d, a, "Thrummingbird", Zone::Battlefield);
    add(&mut d, a, "Glistener Elf", Zone::Battlefield);
    while !matches!(d.pending(), Pending::Attack(_)) {
        d.apply_action(actions::PASS).unwrap();
    }
    while matches!(d.pending(), Pending::Attack(_)) {
        d.apply_action(actions::OPPONENT).unwrap();
    }
    while d.pending() != Pending::Resolve {
        assert!(
            d.step() != Step::EndCombat,
            "the trigger resolves in the damage step"
        );
        d.apply_action(actions::PASS).unwrap();
    }
    // The elf's infect gave 1 poison; proliferate the opponent: 2.
    act(&mut d, &format!("proliferate player {}", 1 - a));
    assert_eq!(d.game().count(1 - a as u32, kinds::POISON).unwrap(), 2);
    assert_eq!(d.game().life(1 - a as u32).unwrap(), 19);
}

/// 704.5j: "If a player controls two or more legendary permanents with the same name, that
/// player chooses one of them, and the rest are put into their owners' graveyards." Two
/// Melira, Sylvok Outcast of one player are a decision of that player's as state-based actions
/// are checked (117.5): keep permanent slot 0 or 1; the opponent's Melira is not in the group.
/// With both players' groups, the active player chooses first.
#[test]
fn the_legend_rule_is_the_controllers_choice_704_5j() {
    for keep_old in [true, false] {
        let (mut d, a) = setup(3);
        let old = add(&mut d, a, "Melira, Sylvok Outcast", Zone::Battlefield).unwrap();
        let new = add(&mut d, a, "Melira, Sylvok Outcast", Zone::Battlefield).unwrap();
        // add_card goes on to the next decision: state-based actions are checked as the active
        // player would receive priority again, and the legend rule applies.
        assert_eq!(d.pending(), Pending::Legend);
        let theirs = add(&mut d, 1 - a, "Melira, Sylvok Outcast", Zone::Battlefield).unwrap();
        assert_eq!(d.current_player(), a as i32);
        let mut legal = Vec::new();
        d.legal_actions(&mut legal);
        assert_eq!(legal, [actions::MINE, actions::MINE + 1]);
        assert_eq!(
            d.action_to_string(actions::MINE),
            format!("keep Melira, Sylvok Outcast ({old})")
        );
        d.apply_action(actions::MINE + !keep_old as u32).unwrap();
        let (kept, gone) = if keep_old { (old, new) } else { (new, old) };
        assert_eq!(d.battlefield(a), [kept]);
        assert_eq!(d.battlefield(1 - a), [theirs]);
        assert!(!d.battlefield(a).contains(&gone));
        let gy = &d.graveyard(a);
        assert_eq!(gy.len(), 1);
        assert_eq!(d.card_of(gy[0]), card("Melira, Sylvok Outcast"));
        assert_eq!(d.pending(), Pending::Priority);
        assert_eq!(d.current_player(), a as i32, "priority goes on");
    }
    // Both players: the active player's group first, then the other's.
    let (mut d, a) = setup(4);
    let theirs = [0, 1].map(|_| add(&mut d, 1 - a, "Melira, Sylvok Outcast", Zone::Battlefield));
    assert_eq!(
        (d.pending(), d.current_player()),
        (Pending::Legend, 1 - a as i32)
    );
    let mine = [0, 1].map(|_| add(&mut d, a, "Melira, Sylvok Outcast", Zone::Battlefield));
    assert_eq!(
        (d.pending(), d.current_player()),
        (Pending::Legend, a as i32)
    );
    d.apply_action(actions::MINE).unwrap();
    assert_eq!(
        (d.pending(), d.current_player()),
        (Pending::Legend, 1 - a as i32)
    );
    assert_eq!(
        d.battlefield(a).len(),
        2,
        "nothing is put anywhere before the last choice"
    );
    d.apply_action(actions::MINE + 1).unwrap();
    assert_eq!(d.battlefield(a), [mine[0].unwrap()]);
    assert_eq!(d.battlefield(1 - a), [theirs[1].unwrap()]);
}
