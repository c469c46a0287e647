"""The duel's modal spells, "Choose one —" (700.2a): the mode is the caster's decision as
casting begins (601.2b), a mode offered only when its targets can be chosen (601.2c), the mode
chosen carried on the stack and resolved (608.2b), in the native and the reference duel alike;
modal triggered abilities, their mode chosen as they are put on the stack (603.3c); each
Foundations card's Oracle text quoted and shown doing it."""

from __future__ import annotations

import pytest
from cardstate.cards import CardPool, coverage
from cardstate.cards.vocab import (
    Card,
    ChooseOne,
    Destroy,
    Filter,
    Mode,
    Tap,
    Target,
    TargetSpec,
    Triggered,
)
from fdn_support import FDN, ability, cast, oracle, put
from test_duel_loops import FOREST
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import (
    ELVES,
    IMPLS,
    _act,
    _duel,
    _named,
    _next_turn_of,
    _pass_until,
    _words,
)

MODAL = _deck(
    {"Mountain": 9, "Swamp": 8},
    ["Abrade", "Goblin Surprise", "Slagstorm", "Seeker's Folly", "Savannah Lions", "Stab"],
)

MODAL_TRIGGERS = _deck(
    {"Forest": 10, "Swamp": 7},
    [
        "Apothecary Stomper",
        "Wardens of the Cycle",
        "Sylvan Scavenging",
        "Llanowar Elves",
        "Stab",
        "Elfsworn Giant",
    ],
)


def _mode_words(d):
    assert d.decision() == "mode"
    return _words(d)


def _abrade(impl, lands=2):
    """A duel in the active player's first main phase with ``lands`` Mountains."""
    oracle(
        "Abrade",
        "Choose one —\n• Abrade deals 3 damage to target creature.\n• Destroy target artifact.",
    )
    d = _duel(impl, "Mountain")
    for _ in range(lands):
        d.add_card(d.active_player(), "Mountain", "battlefield")
    return d


@pytest.mark.parametrize("impl", IMPLS)
def test_the_mode_of_a_modal_spell_is_chosen_as_it_is_cast_700_2a_601_2b(impl):
    """Abrade: "Choose one — • Abrade deals 3 damage to target creature. • Destroy target
    artifact." The mode is a decision of the caster (OPTION k, "choose mode k"), before its
    targets (601.2b-c); a mode whose targets can't be chosen isn't offered; only the chosen
    mode's targets are asked for and only its effect happens."""
    d = _abrade(impl)
    a = d.active_player()
    lions = d.add_card(1 - a, "Savannah Lions", "battlefield")
    d.add_card(a, "Abrade", "hand")
    _act(d, "cast Abrade")
    assert _mode_words(d) == ["choose mode 0 of Abrade"], "no artifact: mode 1 can't be chosen"
    assert d.current_player() == a
    # The observation: the decision kind, the spell as its source, its modes as the options.
    obs = d.observation_tensor(a)
    at = {name: off for name, off, _ in d.observation_features()}
    assert obs[at["decision"] + 16] == 1.0, "the 'mode' kind"
    abrade = obs[at["source.card"]]
    assert abrade > 0
    assert [obs[at[f"options[{k}].offered"]] for k in range(3)] == [1.0, 1.0, 0.0]
    assert obs[at["options[0].card"]] == obs[at["options[1].card"]] == abrade
    _act(d, "choose mode 0")
    assert _words(d) == [f"target Savannah Lions ({lions})"]
    _act(d, "target Savannah Lions")
    _pass_until(d, lambda: lions not in d.battlefield(1 - a))
    # Both modes with an artifact around; the second destroys it, and only it.
    golem = d.add_card(1 - a, "Meteor Golem", "battlefield")
    other = d.add_card(1 - a, "Savannah Lions", "battlefield")
    _next_turn_of(d, a)
    d.add_card(a, "Abrade", "hand")
    _act(d, "cast Abrade")
    assert _mode_words(d) == ["choose mode 0 of Abrade", "choose mode 1 of Abrade"]
    _act(d, "choose mode 1")
    assert _words(d) == [f"target Meteor Golem ({golem})"]
    _act(d, "target Meteor Golem")
    _pass_until(d, lambda: golem not in d.battlefield(1 - a))
    assert other in d.battlefield(1 - a) and d.game.damage(other) == 0


@pytest.mark.parametrize("impl", IMPLS)
def test_a_modal_spell_needs_a_mode_whose_targets_can_be_chosen_601_2c(impl):
    """Ruling (700.2a, 601.2c): a mode that requires targets can't be chosen without legal
    targets for it; a modal spell none of whose modes can be chosen can't be cast. Abrade with
    neither a creature nor an artifact on the battlefield isn't offered; with a creature of
    its caster's own (any creature is a legal target), it is, its first mode only."""
    d = _abrade(impl)
    a = d.active_player()
    d.add_card(a, "Abrade", "hand")
    assert not any(w.startswith("cast Abrade") for w in _words(d))
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    _act(d, "cast Abrade")
    assert _mode_words(d) == ["choose mode 0 of Abrade"]
    _act(d, "choose mode 0")
    _act(d, "target Savannah Lions")
    _pass_until(d, lambda: lions not in d.battlefield(a))


@pytest.mark.parametrize("impl", IMPLS)
def test_the_mode_chosen_is_resolved_and_its_target_checked_608_2b(impl):
    """The mode chosen stays with the spell on the stack (to_bytes and back keeps it): as it
    resolves, its targets are checked (608.2b). Two Abrades at one Savannah Lions: the second,
    cast in response, kills it; the first, its only target gone, does nothing (the opponent's
    other creature is untouched, its controller loses no life) and goes to the graveyard."""
    d = _abrade(impl, lands=4)
    a = d.active_player()
    lions = d.add_card(1 - a, "Savannah Lions", "battlefield")
    angel = d.add_card(1 - a, "Serra Angel", "battlefield")
    d.add_card(a, "Abrade", "hand")
    d.add_card(a, "Abrade", "hand")
    _act(d, "cast Abrade")
    _act(d, "choose mode 0")
    _act(d, "target Savannah Lions")
    # The mode decision and the spell on the stack survive the bytes.
    again = type(d).from_bytes(d.to_bytes(), pool="fdn")
    assert again.hash() == d.hash() and again.legal_actions() == d.legal_actions()
    _act(d, "cast Abrade")
    assert _mode_words(d) == ["choose mode 0 of Abrade"], "Meteor Golem isn't here: no mode 1"
    again = type(d).from_bytes(d.to_bytes(), pool="fdn")
    assert again.decision() == "mode" and again.hash() == d.hash()
    _act(d, "choose mode 0")
    _act(d, "target Savannah Lions")
    _pass_until(d, lambda: not d.game.objects("stack"))
    gone = [d.game.name(x) for x in d.game.objects("graveyard", a)]
    assert gone.count("Abrade") == 2
    assert lions not in d.battlefield(1 - a)
    assert angel in d.battlefield(1 - a) and d.game.damage(angel) == 0
    assert d.game.life(1 - a) == 20


@pytest.mark.parametrize("impl", IMPLS)
def test_goblin_surprise_and_slagstorm_modes_700_2a(impl):
    """Goblin Surprise: "Choose one — • Creatures you control get +2/+0 until end of turn.
    • Create two 1/1 red Goblin creature tokens." Slagstorm: "Choose one — • Slagstorm deals
    3 damage to each creature. • Slagstorm deals 3 damage to each player." Modes without
    targets are always offered; each does only what it says."""
    oracle(
        "Goblin Surprise",
        "Choose one —\n• Creatures you control get +2/+0 until end of turn.\n"
        "• Create two 1/1 red Goblin creature tokens.",
    )
    oracle(
        "Slagstorm",
        "Choose one —\n• Slagstorm deals 3 damage to each creature.\n"
        "• Slagstorm deals 3 damage to each player.",
    )
    d = _duel(impl, "Mountain")
    a = d.active_player()
    for _ in range(9):
        d.add_card(a, "Mountain", "battlefield")
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(a, "Goblin Surprise", "hand")
    _act(d, "cast Goblin Surprise")
    assert _mode_words(d) == [
        "choose mode 0 of Goblin Surprise",
        "choose mode 1 of Goblin Surprise",
    ]
    _act(d, "choose mode 1")
    _pass_until(d, lambda: len(_named(d, a, "Goblin Token 1/1")) == 2)
    assert d.game.power(lions) == 2, "mode 0 didn't happen"
    d.add_card(a, "Goblin Surprise", "hand")
    _act(d, "cast Goblin Surprise")
    _act(d, "choose mode 0")
    _pass_until(d, lambda: d.game.power(lions) == 4)
    assert [d.game.power(t) for t in _named(d, a, "Goblin Token 1/1")] == [3, 3]
    assert len(_named(d, a, "Goblin Token 1/1")) == 2, "mode 1 didn't happen"
    d.add_card(a, "Slagstorm", "hand")
    _act(d, "cast Slagstorm")
    _act(d, "choose mode 1")
    _pass_until(d, lambda: d.game.life(a) == 17)
    assert d.game.life(1 - a) == 17 and lions in d.battlefield(a)
    assert d.game.damage(lions) == 0


@pytest.mark.parametrize("impl", IMPLS)
def test_slagstorm_deals_3_damage_to_each_creature_700_2a(impl):
    """Slagstorm's first mode: 3 damage to each creature, both players' (a 4-toughness Serra
    Angel survives with 3 damage marked), none to any player."""
    d = _duel(impl, "Mountain")
    a = d.active_player()
    for _ in range(3):
        d.add_card(a, "Mountain", "battlefield")
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    theirs = d.add_card(1 - a, "Savannah Lions", "battlefield")
    angel = d.add_card(1 - a, "Serra Angel", "battlefield")
    d.add_card(a, "Slagstorm", "hand")
    _act(d, "cast Slagstorm")
    _act(d, "choose mode 0")
    _pass_until(d, lambda: lions not in d.battlefield(a))
    assert theirs not in d.battlefield(1 - a)
    assert angel in d.battlefield(1 - a) and d.game.damage(angel) == 3
    assert d.game.life(a) == d.game.life(1 - a) == 20


@pytest.mark.parametrize("impl", IMPLS)
def test_seekers_folly_modes_700_2a(impl):
    """Seeker's Folly: "Choose one — • Target opponent discards two cards. • Creatures your
    opponents control get -1/-1 until end of turn." The first mode targets an opponent and
    makes it discard two (its choice, 701.9b); the second shrinks only the opponent's
    creatures."""
    oracle(
        "Seeker's Folly",
        "Choose one —\n• Target opponent discards two cards.\n"
        "• Creatures your opponents control get -1/-1 until end of turn.",
    )
    d = _duel(impl)
    a = d.active_player()
    for _ in range(3):
        d.add_card(a, "Swamp", "battlefield")
    mine = d.add_card(a, "Savannah Lions", "battlefield")
    theirs = d.add_card(1 - a, "Serra Angel", "battlefield")
    d.add_card(a, "Seeker's Folly", "hand")
    _act(d, "cast Seeker's Folly")
    _act(d, "choose mode 1")
    _pass_until(d, lambda: d.game.power(theirs) == 3)
    assert d.game.toughness(theirs) == 3 and d.game.power(mine) == 2
    _next_turn_of(d, a)
    d.add_card(a, "Seeker's Folly", "hand")
    hand = len(d.hand(1 - a))
    _act(d, "cast Seeker's Folly")
    _act(d, "choose mode 0")
    assert _words(d) == [f"target player {1 - a} ({1 - a})"]
    _act(d, "target player")
    _pass_until(d, lambda: d.decision() == "discard")
    while d.decision() == "discard":
        d.apply_action(d.legal_actions()[0])
    assert len(d.hand(1 - a)) == hand - 2


def test_the_modal_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(MODAL) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_modal_spells_play_alike_in_both_duels(seed):
    """Random games of modal spells: the same legal actions (the modes offered), observations,
    outcome and bytes in both duels, modes chosen along the way."""
    assert play_alike(MODAL, ELVES, seed)["mode"] > 0


def test_the_card_layer_resolves_the_mode_it_is_given(game):
    """700.2a: ``cards.resolve(..., ability=i)`` resolves mode i of a modal spell, from an
    object on the stack as the spell does (608.2n): Slagstorm's second mode deals 3 damage to
    each player and none to a creature; its first, 3 to each creature and none to a player."""
    g = game()
    lions = put(g, "Savannah Lions", 1)
    players = ability("Slagstorm", "spell", 1)
    cast(g, "Slagstorm", ability=players)
    assert [g.life(p) for p in (0, 1)] == [17, 17] and g.damage(lions) == 0
    assert [g.name(x) for x in g.objects("graveyard", 0)] == ["Slagstorm"]
    cast(g, "Slagstorm", ability=ability("Slagstorm", "spell", 0))
    assert g.damage(lions) == 3 and [g.life(p) for p in (0, 1)] == [17, 17]


# ----- modal triggered abilities (603.3c) ---------------------------------------------------


def _lands(d, p, name, n):
    for _ in range(n):
        d.add_card(p, name, "battlefield")


def _to_end_step(d):
    """Passes to the active player's end step, where "at the beginning of your end step"
    abilities are put on the stack (513.1a)."""
    while d.step() != "end":
        d.apply_action(d.legal_actions()[0])


@pytest.mark.parametrize("impl", IMPLS)
def test_the_mode_of_a_modal_trigger_is_chosen_as_it_is_put_on_the_stack_603_3c(impl):
    """Apothecary Stomper: "When this creature enters, choose one — • Put two +1/+1 counters
    on target creature you control. • You gain 4 life." Its controller chooses the mode as
    the ability is put on the stack (decision 'mode', the Stomper its source and each
    option's card), then the target of that mode; only that mode happens."""
    oracle(
        "Apothecary Stomper",
        "Vigilance (Attacking doesn't cause this creature to tap.)\nWhen this creature enters,"
        " choose one —\n• Put two +1/+1 counters on target creature you control.\n"
        "• You gain 4 life.",
    )
    d = _duel(impl, "Forest")
    a = d.active_player()
    _lands(d, a, "Forest", 12)
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(a, "Apothecary Stomper", "hand")
    _act(d, "cast Apothecary Stomper")
    _pass_until(d, lambda: d.decision() == "mode")
    assert d.current_player() == a
    assert _mode_words(d) == [
        "choose mode 0 of Apothecary Stomper",
        "choose mode 1 of Apothecary Stomper",
    ]
    obs = d.observation_tensor(a)
    at = {name: off for name, off, _ in d.observation_features()}
    assert obs[at["decision"] + 16] == 1.0, "the 'mode' kind"
    stomper = obs[at["source.card"]]
    assert stomper > 0 and obs[at["options[0].card"]] == obs[at["options[1].card"]] == stomper
    again = type(d).from_bytes(d.to_bytes(), pool="fdn")
    assert again.hash() == d.hash() and again.legal_actions() == d.legal_actions()
    _act(d, "choose mode 0")
    (first,) = _named(d, a, "Apothecary Stomper")
    assert _words(d) == [
        f"target Savannah Lions ({lions})",
        f"target Apothecary Stomper ({first})",
    ]
    _act(d, "target Savannah Lions")
    _pass_until(d, lambda: d.game.power(lions) == 4)
    assert d.game.toughness(lions) == 3 and d.game.life(a) == 20, "mode 1 didn't happen"
    d.add_card(a, "Apothecary Stomper", "hand")
    _act(d, "cast Apothecary Stomper")
    _pass_until(d, lambda: d.decision() == "mode")
    _act(d, "choose mode 1")
    _pass_until(d, lambda: d.game.life(a) == 24)
    assert d.game.power(lions) == 4 and d.game.power(first) == 4, "mode 0 didn't happen"


@pytest.mark.parametrize("impl", IMPLS)
def test_a_mode_whose_targets_can_t_be_chosen_isn_t_offered_603_3c(impl):
    """Sylvan Scavenging: "At the beginning of your end step, choose one — • Put a +1/+1
    counter on target creature you control. • Create a 3/3 green Raccoon creature token if you
    control a creature with power 4 or greater." With no creature, the first mode can't be
    chosen (603.3c): the second alone is offered, and without a creature of power 4 or
    greater it creates nothing (its "if" is read as it resolves). The next end step, with an
    Elfsworn Giant (5/3), the second mode creates the Raccoon; the first puts the counter."""
    oracle(
        "Sylvan Scavenging",
        "At the beginning of your end step, choose one —\n• Put a +1/+1 counter on target "
        "creature you control.\n• Create a 3/3 green Raccoon creature token if you control a "
        "creature with power 4 or greater.",
    )
    d = _duel(impl, "Forest")
    a = d.active_player()
    d.add_card(a, "Sylvan Scavenging", "battlefield")
    _to_end_step(d)
    assert _mode_words(d) == ["choose mode 1 of Sylvan Scavenging"]
    _act(d, "choose mode 1")
    _pass_until(d, lambda: d.step() != "end", limit=4)
    assert _named(d, a, "Raccoon Token 3/3") == []
    giant = d.add_card(a, "Elfsworn Giant", "battlefield")
    _next_turn_of(d, a)
    _to_end_step(d)
    _act(d, "choose mode 1")
    _pass_until(d, lambda: len(_named(d, a, "Raccoon Token 3/3")) == 1)
    (raccoon,) = _named(d, a, "Raccoon Token 3/3")
    assert (d.game.power(raccoon), d.game.toughness(raccoon)) == (3, 3)
    _next_turn_of(d, a)
    _to_end_step(d)
    _act(d, "choose mode 0")
    _act(d, "target Elfsworn Giant")
    _pass_until(d, lambda: d.game.power(giant) == 6)
    assert len(_named(d, a, "Raccoon Token 3/3")) == 1


@pytest.mark.parametrize("impl", IMPLS)
def test_a_modal_trigger_s_intervening_if_603_4(impl):
    """Wardens of the Cycle: "Morbid — At the beginning of your end step, if a creature died
    this turn, choose one — • You gain 2 life. • You draw a card and you lose 1 life." With
    no creature dead it doesn't trigger (no mode asked); after a Stab kills a Savannah
    Lions, it does: the second mode draws a card and loses 1 life, the first gains 2."""
    oracle(
        "Wardens of the Cycle",
        "Morbid — At the beginning of your end step, if a creature died this turn, choose one "
        "—\n• You gain 2 life.\n• You draw a card and you lose 1 life.",
    )
    d = _duel(impl)
    a = d.active_player()
    d.add_card(a, "Wardens of the Cycle", "battlefield")
    _lands(d, a, "Swamp", 2)
    _to_end_step(d)
    _pass_until(d, lambda: d.step() != "end", limit=4)
    assert d.game.life(a) == 20 and "mode" not in [d.decision()]
    for choice, life, drawn in (("choose mode 1", 19, 1), ("choose mode 0", 21, 0)):
        _next_turn_of(d, a)
        d.add_card(1 - a, "Savannah Lions", "battlefield")
        d.add_card(a, "Stab", "hand")
        _act(d, "cast Stab")
        _act(d, "target Savannah Lions")
        _pass_until(d, lambda: _named(d, 1 - a, "Savannah Lions") == [])
        hand = len(d.hand(a))
        _to_end_step(d)
        assert _mode_words(d) == [
            "choose mode 0 of Wardens of the Cycle",
            "choose mode 1 of Wardens of the Cycle",
        ]
        _act(d, choice)
        _pass_until(d, lambda life=life: d.game.life(a) == life)
        assert len(d.hand(a)) == hand + drawn


THEIRS = (TargetSpec(Filter(types=("creature",), controller="opponent")),)
TWOFOLD_WARDEN = Card(
    "Twofold Warden",
    ("creature",),
    cost="{G}",
    power=1,
    toughness=1,
    oracle="When this creature enters, choose one —\n• Destroy target creature an opponent "
    "controls.\n• Tap target creature an opponent controls.",
    abilities=(
        Triggered(
            "enters", ChooseOne(Mode(Destroy(Target(0)), THEIRS), Mode(Tap(Target(0)), THEIRS))
        ),
    ),
)
"""A card made up for the test: a modal trigger each of whose modes has a target."""


@pytest.mark.parametrize("impl", IMPLS)
def test_a_modal_trigger_with_no_mode_to_choose_is_removed_603_3c(impl):
    """603.3c: a mode whose targets can't be chosen can't be chosen; with no mode that can,
    the ability is removed from the stack. Twofold Warden (made up: "When this creature
    enters, choose one — • Destroy target creature an opponent controls. • Tap target
    creature an opponent controls.") with no opposing creature: no mode is asked, the stack
    is empty (a second Warden can be cast at once). With one, both modes are offered, and the
    second taps it."""
    pool = CardPool([FOREST, TWOFOLD_WARDEN])
    d = impl(["Forest"] * 40, ["Forest"] * 40, pool=pool, seed=3, auto_pass=False, mulligans=False)
    while d.step() != "main1":
        d.apply_action(0)
    a = d.active_player()
    _lands(d, a, "Forest", 2)
    d.add_card(a, "Twofold Warden", "hand")
    d.add_card(a, "Twofold Warden", "hand")
    _act(d, "cast Twofold Warden")
    _pass_until(d, lambda: any(w.startswith("cast Twofold Warden") for w in _words(d)))
    assert d.step() == "main1" and d.decision() == "priority"
    assert len(_named(d, a, "Twofold Warden")) == 1
    theirs = d.add_card(1 - a, "Twofold Warden", "battlefield")
    _act(d, "cast Twofold Warden")
    _pass_until(d, lambda: d.decision() == "mode")
    assert d.current_player() == a
    assert _mode_words(d) == ["choose mode 0 of Twofold Warden", "choose mode 1 of Twofold Warden"]
    _act(d, "choose mode 1")
    _act(d, "target Twofold Warden")
    _pass_until(d, lambda: d.is_tapped(theirs))
    assert theirs in d.battlefield(1 - a)


def test_the_modal_trigger_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(MODAL_TRIGGERS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 3, 5])
def test_modal_triggers_play_alike_in_both_duels(seed):
    """Random games of modal triggered abilities: the same legal actions (the modes offered),
    observations, outcome and bytes in both duels, modes chosen along the way."""
    assert play_alike(MODAL_TRIGGERS, ELVES, seed)["mode"] > 0


def test_the_card_layer_resolves_a_mode_of_a_trigger(game):
    """603.3c: ``cards.resolve(..., ability=i)`` resolves mode i of a modal trigger, a
    "mode" ability of the compiled card: Apothecary Stomper's first puts two +1/+1 counters on
    its target, its second gains 4 life."""
    g = game()
    lions = put(g, "Savannah Lions")
    modes = FDN["Apothecary Stomper"].data["abilities"][ability("Apothecary Stomper", "triggered")]
    assert modes["modes"] == [ability("Apothecary Stomper", "mode", k) for k in (0, 1)]
    cast(g, "Apothecary Stomper", [lions], ability=modes["modes"][0])
    assert g.power(lions) == 4 and g.life(0) == 20
    cast(g, "Apothecary Stomper", ability=modes["modes"][1])
    assert g.life(0) == 24 and g.power(lions) == 4
    with pytest.raises(ValueError, match="is modal: resolve one of its modes"):
        cast(g, "Apothecary Stomper", ability=ability("Apothecary Stomper", "triggered"))
    assert g.life(0) == 24
