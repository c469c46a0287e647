"""Triggers that carry an amount ("that many", "that much": the damage dealt, the life lost;
603.2, 119.3, 120.2), a cost of tapping untapped permanents (602.2b), no maximum hand size
(402.2), targets from a single graveyard (601.2c) and an ability that functions from a graveyard
(113.6k): Drake Hatcher, Bloodthirsty Conqueror, Lathril, Blade of the Elves, Niv-Mizzet,
Visionary, Soul-Shackled Zombie and Reassembling Skeleton; each card's Oracle text quoted and
shown doing it in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import fired, oracle, put, resolve
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _named, _pass_until
from test_fdn_duel_modes import _lands

HATCHER = (
    "Vigilance, prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until "
    "end of turn.)\nWhenever this creature deals combat damage to a player, put that many "
    "incubation counters on it.\nRemove three incubation counters from this creature: Create a "
    "2/2 blue Drake creature token with flying."
)
LATHRIL = (
    "Menace (This creature can't be blocked except by two or more creatures.)\nWhenever Lathril "
    "deals combat damage to a player, create that many 1/1 green Elf Warrior creature tokens.\n"
    "{T}, Tap ten untapped Elves you control: Each opponent loses 10 life and you gain 10 life."
)
NIV_MIZZET = (
    "Flying\nYou have no maximum hand size.\nWhenever a source you control deals noncombat "
    "damage to an opponent, you draw that many cards."
)
ZOMBIE = (
    "When this creature enters, exile up to two target cards from a single graveyard. If at "
    "least one creature card was exiled this way, each opponent loses 2 life and you gain 2 life."
)
SKELETON = "{1}{B}: Return this card from your graveyard to the battlefield tapped."
CONQUEROR = (
    "Flying, deathtouch\nWhenever an opponent loses life, you gain that much life. (Damage "
    "causes loss of life.)"
)


def _attack_with(d, a, name):
    """From a's first main phase: a attacks with ``name`` and the opponent blocks with
    nothing; plays on until a's second main phase."""
    while d.step() != "declare attackers":
        d.apply_action(d.legal_actions()[0])
    _act(d, f"attack with {name}")
    while not (d.step() == "main2" and d.current_player() == a):
        d.apply_action(d.legal_actions()[0])


def _pumped_attack(impl, name):
    """A duel where the active player's ``name`` (on its battlefield), given +3/+3 by Giant
    Growth, attacks unblocked; at that player's second main phase. Returns the duel, the player
    and the creature."""
    d = _duel(impl, "Forest")
    a = d.active_player()
    creature = d.add_card(a, name, "battlefield")
    _lands(d, a, "Forest", 1)
    d.add_card(a, "Giant Growth", "hand")
    _act(d, "cast Giant Growth")
    while d.decision() == "target":
        _act(d, f"target {name.split(',')[0]}")
    while d.game.objects("stack"):
        d.apply_action(d.legal_actions()[0])
    _attack_with(d, a, name.split(",")[0])
    return d, a, creature


@pytest.mark.parametrize("impl", IMPLS)
def test_drake_hatcher_puts_that_many_incubation_counters_603_2(impl):
    """Drake Hatcher, pumped by Giant Growth (+3/+3) and its prowess (+1/+1), deals 5 combat
    damage to the defending player: its trigger puts that many — five — incubation counters on
    it. Removing three (a cost, 602.2b) creates a 2/2 Drake with flying and leaves two; with two
    left the ability can't be activated again."""
    oracle("Drake Hatcher", HATCHER)
    d, a, hatcher = _pumped_attack(impl, "Drake Hatcher")
    assert d.game.life(1 - a) == 15
    assert not d.is_tapped(hatcher)  # vigilance (702.20b)
    assert d.game.counters(hatcher).get("incubation") == 5
    _act(d, "activate Drake Hatcher")
    assert d.game.counters(hatcher).get("incubation") == 2  # paid as it is activated
    _pass_until(d, lambda: _named(d, a, "Drake Token 2/2"))
    (drake,) = _named(d, a, "Drake Token 2/2")
    assert d.game.has_keyword(drake, "flying")
    assert not any(
        w.startswith("activate Drake Hatcher") for w in map(d.action_to_string, d.legal_actions())
    )


@pytest.mark.parametrize("impl", IMPLS)
def test_bloodthirsty_conqueror_gains_the_life_an_opponent_lost_119_3(impl):
    """Bloodthirsty Conqueror deals 5 combat damage to the opponent (damage causes that much
    loss of life, 120.3a): its controller gains 5. The opponent's own Conqueror doesn't
    trigger: the player who lost life is its controller, not an opponent of its controller."""
    oracle("Bloodthirsty Conqueror", CONQUEROR)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    d.add_card(a, "Bloodthirsty Conqueror", "battlefield")
    d.add_card(1 - a, "Bloodthirsty Conqueror", "battlefield")
    _attack_with(d, a, "Bloodthirsty Conqueror")
    assert d.game.life(1 - a) == 15
    assert d.game.life(a) == 25


@pytest.mark.parametrize("impl", IMPLS)
def test_bloodthirsty_conqueror_sees_any_life_loss_of_an_opponent_119_3(impl):
    """The loss needn't be damage nor come from a source of its controller's: the opponent's
    own Phyrexian Arena ("At the beginning of your upkeep, you draw a card and you lose 1
    life.") makes it lose 1 life in its upkeep — Bloodthirsty Conqueror gains its controller
    1."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    d.add_card(a, "Bloodthirsty Conqueror", "battlefield")
    d.add_card(1 - a, "Phyrexian Arena", "battlefield")
    while d.active_player() == a or d.step() != "draw":
        d.apply_action(d.legal_actions()[0])
    _pass_until(d, lambda: d.game.life(a) == 21)
    assert d.game.life(1 - a) == 19
    assert d.active_player() == 1 - a


@pytest.mark.parametrize("impl", IMPLS)
def test_lathril_creates_that_many_elf_warriors_603_2(impl):
    """Lathril, pumped by Giant Growth (+3/+3), deals 5 combat damage to the defending player:
    its trigger creates that many — five — 1/1 Elf Warrior tokens."""
    oracle("Lathril, Blade of the Elves", LATHRIL)
    d, a, _ = _pumped_attack(impl, "Lathril, Blade of the Elves")
    assert d.game.life(1 - a) == 15
    assert len(_named(d, a, "Elf Warrior Token 1/1")) == 5


def _can_activate_lathril(d):
    return any(w.startswith("activate Lathril") for w in map(d.action_to_string, d.legal_actions()))


@pytest.mark.parametrize("impl", IMPLS)
def test_lathril_taps_ten_other_untapped_elves_602_2b(impl):
    """ "{T}, Tap ten untapped Elves you control": with nine other Elves it can't be activated —
    Lathril, tapped for {T}, isn't one of the ten (ruling). A tenth, Llanowar Elves cast this
    turn, makes it so: an Elf with summoning sickness may be tapped for the cost (302.6 binds only
    a creature's own {T} abilities; ruling). Activated, Lathril and the ten are tapped, the
    opponent loses 10 life and its controller gains 10."""
    oracle("Lathril, Blade of the Elves", LATHRIL)
    d = _duel(impl, "Forest")
    a = d.active_player()
    lathril = d.add_card(a, "Lathril, Blade of the Elves", "battlefield")
    for _ in range(9):
        d.add_card(a, "Elf Warrior Token 1/1", "battlefield")
    _lands(d, a, "Forest", 1)
    d.add_card(a, "Llanowar Elves", "hand")
    assert not _can_activate_lathril(d)
    _act(d, "cast Llanowar Elves")
    _pass_until(d, lambda: _named(d, a, "Llanowar Elves"))
    assert _can_activate_lathril(d)
    _act(d, "activate Lathril")
    elves = [x for x in d.battlefield(a) if d.game.name(x) != "Forest"]
    assert len(elves) == 11 and all(d.is_tapped(x) for x in elves)
    assert d.is_tapped(lathril)
    _pass_until(d, lambda: d.game.life(a) == 30)
    assert d.game.life(1 - a) == 10


def _niv_mizzet(impl, hand):
    """A duel in its active player's first main phase, Niv-Mizzet, Visionary and a Mountain on
    its battlefield and the cards ``hand`` in its hand."""
    oracle("Niv-Mizzet, Visionary", NIV_MIZZET)
    d = _duel(impl, "Mountain")
    a = d.active_player()
    d.add_card(a, "Niv-Mizzet, Visionary", "battlefield")
    _lands(d, a, "Mountain", 1)
    for name in hand:
        d.add_card(a, name, "hand")
    return d, a


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("at_opponent", [True, False])
def test_niv_mizzet_draws_that_many_for_noncombat_damage_to_an_opponent_120_2(impl, at_opponent):
    """Burst Lightning (a source its controller controls) deals 2 noncombat damage: to the
    opponent, Niv-Mizzet's controller draws that many — two — cards; to the opponent's
    creature, none."""
    d, a = _niv_mizzet(impl, ["Burst Lightning"])
    bears = d.add_card(1 - a, "Savannah Lions", "battlefield")
    library, hand = d.library_size(a), len(d.hand(a))
    _act(d, "cast Burst Lightning")
    _act(d, f"target player {1 - a}" if at_opponent else "target Savannah Lions")
    _pass_until(d, lambda: d.step() != "main1")  # the spell and any trigger resolved
    drawn = 2 if at_opponent else 0
    assert d.library_size(a) == library - drawn
    assert len(d.hand(a)) == hand - 1 + drawn
    assert d.game.life(1 - a) == (18 if at_opponent else 20)
    assert (bears in d.battlefield(1 - a)) == at_opponent


@pytest.mark.parametrize("impl", IMPLS)
def test_niv_mizzet_reads_a_source_that_left_as_it_last_existed_608_2h(impl):
    """Fanatical Firebrand ("{T}, Sacrifice this creature: It deals 1 damage to any target.")
    is sacrificed as the cost; its ability's damage to the opponent comes from the Firebrand as
    it last existed, a source Niv-Mizzet's controller controlled: one card drawn."""
    d, a = _niv_mizzet(impl, [])
    d.add_card(a, "Fanatical Firebrand", "battlefield")
    library = d.library_size(a)
    _act(d, "activate Fanatical Firebrand")
    _act(d, f"target player {1 - a}")
    _pass_until(d, lambda: d.step() != "main1")
    assert d.game.life(1 - a) == 19
    assert d.library_size(a) == library - 1


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("niv", [True, False])
def test_no_maximum_hand_size_402_2(impl, niv):
    """With sixteen cards in hand at its cleanup step, Niv-Mizzet's controller ("You have no
    maximum hand size.") discards none; without it, down to seven (514.1)."""
    d, a = _niv_mizzet(impl, ["Giant Growth"] * 9)
    if not niv:
        d = _duel(impl, "Mountain")
        a = d.active_player()
        for _ in range(9):
            d.add_card(a, "Giant Growth", "hand")
    while d.active_player() == a:
        d.apply_action(d.legal_actions()[0])
    assert len(d.hand(a)) == (16 if niv else 7)  # the opening seven and nine


def _zombie_targets(impl):
    """Soul-Shackled Zombie cast and entering, its controller's graveyard holding Savannah
    Lions, the opponent's Giant Growth and Llanowar Elves: at the trigger's first target."""
    oracle("Soul-Shackled Zombie", ZOMBIE)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    _lands(d, a, "Swamp", 4)
    d.add_card(a, "Savannah Lions", "graveyard")
    d.add_card(1 - a, "Giant Growth", "graveyard")
    d.add_card(1 - a, "Llanowar Elves", "graveyard")
    d.add_card(a, "Soul-Shackled Zombie", "hand")
    _act(d, "cast Soul-Shackled Zombie")
    _pass_until(d, lambda: d.decision() == "target")
    return d, a


def _target_names(d):
    return sorted(
        w.split(" (")[0].removeprefix("target ") for w in map(d.action_to_string, d.legal_actions())
    )


@pytest.mark.parametrize("impl", IMPLS)
def test_soul_shackled_zombie_targets_cards_of_a_single_graveyard_601_2c(impl):
    """The first target may be any graveyard's card; once the opponent's Giant Growth is chosen,
    only cards of that graveyard are offered — Llanowar Elves, not its controller's Savannah
    Lions. Both are exiled; a creature card among them: the opponent loses 2 life and the
    Zombie's controller gains 2."""
    d, a = _zombie_targets(impl)
    assert _target_names(d) == ["Giant Growth", "Llanowar Elves", "Savannah Lions", "pass"]
    _act(d, "target Giant Growth")
    assert _target_names(d) == ["Llanowar Elves", "pass"]
    _act(d, "target Llanowar Elves")
    _pass_until(d, lambda: d.game.life(a) == 22)
    assert d.game.life(1 - a) == 18
    names = [d.game.name(x) for x in d.game.objects("exile")]
    assert sorted(names) == ["Giant Growth", "Llanowar Elves"]


@pytest.mark.parametrize("impl", IMPLS)
def test_soul_shackled_zombie_without_a_creature_card_exiled_drains_nothing_608_2c(impl):
    """Only Giant Growth chosen (the second target left unchosen, 601.2c): it is exiled, and
    with no creature card exiled this way nobody loses or gains life."""
    d, a = _zombie_targets(impl)
    _act(d, "target Giant Growth")
    _act(d, "pass")
    _pass_until(d, lambda: d.game.objects("exile"))
    _pass_until(d, lambda: d.step() != "main1")
    assert [d.game.name(x) for x in d.game.objects("exile")] == ["Giant Growth"]
    assert (d.game.life(a), d.game.life(1 - a)) == (20, 20)


def _skeleton_words(d):
    return [w for w in map(d.action_to_string, d.legal_actions()) if "Reassembling" in w]


@pytest.mark.parametrize("impl", IMPLS)
def test_reassembling_skeleton_returns_from_the_graveyard_tapped_113_6k_602_2(impl):
    """Its ability functions only from its owner's graveyard (113.6k): with one Swamp it can't
    be paid; with two it is activated by its graveyard slot, its mana paid (602.2h), and it
    returns to the battlefield tapped. There the ability isn't offered."""
    oracle("Reassembling Skeleton", SKELETON)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    d.add_card(a, "Reassembling Skeleton", "graveyard")
    _lands(d, a, "Swamp", 1)
    assert _skeleton_words(d) == []
    _lands(d, a, "Swamp", 1)
    assert _skeleton_words(d) == ["activate Reassembling Skeleton (graveyard slot 0)"]
    _act(d, "activate Reassembling Skeleton")
    assert all(d.is_tapped(x) for x in _named(d, a, "Swamp"))
    _pass_until(d, lambda: _named(d, a, "Reassembling Skeleton"))
    (skeleton,) = _named(d, a, "Reassembling Skeleton")
    assert d.is_tapped(skeleton)
    assert d.game.objects("graveyard", a) == []
    _lands(d, a, "Swamp", 2)
    assert _skeleton_words(d) == []


AMOUNTS = _deck(
    {"Island": 5, "Swamp": 4, "Forest": 4, "Mountain": 4},
    [
        "Drake Hatcher",
        "Bloodthirsty Conqueror",
        "Phyrexian Arena",
        "Fleeting Distraction",
        "Lathril, Blade of the Elves",
        "Llanowar Elves",
        "Niv-Mizzet, Visionary",
        "Burst Lightning",
        "Soul-Shackled Zombie",
        "Reassembling Skeleton",
    ],
)


def test_the_amounts_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(AMOUNTS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_amounts_play_alike_in_both_duels(seed):
    """Random games of the amount-carrying triggers: the same legal actions, observations,
    outcome and bytes in both duels."""
    play_alike(AMOUNTS, ELVES, seed)


def test_the_card_layer_gives_a_trigger_the_amount_its_event_carried(game):
    """On a bare game (both kernels): 3 combat damage from Drake Hatcher to a player fires its
    trigger with amount 3 (``Fired.amount``), and resolving it with that amount puts three
    incubation counters on it; Bloodthirsty Conqueror's trigger carries the 3 life the opponent
    lost, and its own controller's loss of life fires nothing."""
    g = game()
    hatcher = put(g, "Drake Hatcher")
    put(g, "Bloodthirsty Conqueror")
    g.take_events()
    g.deal_damage(hatcher, 1, 3, combat=True)
    by_card = {f.card: f for f in fired(g)}
    assert by_card["Drake Hatcher"].amount == 3
    assert by_card["Bloodthirsty Conqueror"].amount == 3
    resolve(g, by_card["Drake Hatcher"])
    assert g.counters(hatcher).get("incubation") == 3
    g.lose_life(0, 2)
    assert fired(g) == []  # its controller's own loss of life
