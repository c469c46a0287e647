"""Foundations cards of the benchmark's decks in the duel, on both implementations (the native
duel and the reference duel): each test quotes the card's Oracle text, plays it in a duel with
``mulligans=False`` and checks what it did, with the rules it shows by number."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage, pools
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from test_duel import fight
from test_pauper_duel import _act, _to_main

FDN = pools["fdn"]
IMPLS = [Duel, ReferenceDuel]


def _duel(impl, seed=3):
    """A Foundations duel of Plains, stopped at nothing (every decision is the test's)."""
    plains = ["Plains"] * 40
    return impl(plains, plains, pool="fdn", seed=seed, auto_pass=False, mulligans=False)


def _oracle(name: str, text: str) -> None:
    """The pool stores the card's current Oracle text as quoted, and the card is playable."""
    assert FDN[name].card.oracle == text
    assert coverage.card_coverage(name).playable


def _cast(d, player: int, name: str, lands: int, *targets: int) -> None:
    """``player`` casts ``name`` from the hand with ``lands`` more Plains, choosing ``targets``
    (kernel ids) in turn; the spell is on the stack."""
    d.add_card(player, name, "hand")
    for _ in range(lands):
        d.add_card(player, "Plains", "battlefield")
    _act(d, f"cast {name}")
    for t in targets:
        assert d.decision() == "target"
        _act(d, f"target {d.game.name(t)} ({t})")


def _resolve(d) -> None:
    """Both players pass: the top of the stack resolves."""
    d.apply_action(0)
    d.apply_action(0)


FLEETING_FLIGHT = (
    "Put a +1/+1 counter on target creature. It gains flying until end of turn. Prevent all "
    "combat damage that would be dealt to it this turn."
)


@pytest.mark.parametrize("impl", IMPLS)
def test_fleeting_flight_prevents_the_combat_damage_dealt_to_it_615_1a(impl):
    """Fleeting Flight: the +1/+1 counter (122.1a), flying until end of turn (514.2), and a
    prevention effect (615.1a) on that creature for combat damage only (510.2): Savannah Lions,
    a 3/2 flyer now, attacks and Serra Angel blocks it; the Angel's 4 damage is prevented, the
    Lions' 3 is dealt. Noncombat damage to it is not prevented; the next turn it has its
    counter but not flying."""
    _oracle("Fleeting Flight", FLEETING_FLIGHT)
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    angel = d.add_card(1 - a, "Serra Angel", "battlefield")
    _cast(d, a, "Fleeting Flight", 1, lions)
    _resolve(d)
    g = d.game  # a view of the game as it is now
    assert g.counters(lions) == {"+1/+1": 1} and (g.power(lions), g.toughness(lions)) == (3, 2)
    assert g.has_keyword(lions, "flying")
    fight(d, {lions}, {angel: lions})
    g = d.game
    assert g.zone(lions) == "battlefield" and g.damage(lions) == 0
    assert g.damage(angel) == 3
    assert g.deal_damage(angel, lions, 1) == 1, "noncombat damage is not prevented"
    turn = d.turn()
    while d.turn() == turn:
        d.apply_action(d.legal_actions()[0])
    g = d.game
    assert g.counters(lions) == {"+1/+1": 1} and not g.has_keyword(lions, "flying")
    assert g.damage(lions) == 0 and not g.replacement_effects(), "the effect ended (514.2)"


KOMA = (
    "This spell can't be countered.\nTrample, ward {4}\nWhenever Koma deals combat damage to a "
    "player, create four 3/3 blue Serpent creature tokens named Koma's Coil."
)


def _lands(d, player: int, **n: int) -> None:
    """``n[name]`` lands of each name on ``player``'s battlefield."""
    for name, k in n.items():
        for _ in range(k):
            d.add_card(player, name, "battlefield")


@pytest.mark.parametrize("impl", IMPLS)
def test_koma_cant_be_countered_101_2_701_6a(impl):
    """Koma, World-Eater: "This spell can't be countered." Essence Scatter ("Counter target
    creature spell.") may target it (a legal target), but resolves doing nothing to it (101.2:
    the "can't" wins): Scatter goes to the graveyard, Koma resolves onto the battlefield. Its ward
    is a permanent's ability (702.21a, 113.6): targeted as a spell it triggers nothing, so
    Scatter resolves (no trigger counters it first)."""
    _oracle("Koma, World-Eater", KOMA)
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    b = 1 - a
    _lands(d, a, Forest=2, Island=2)
    _lands(d, b, Island=2)
    d.add_card(b, "Essence Scatter", "hand")
    _cast(d, a, "Koma, World-Eater", 3)
    d.apply_action(0)  # the caster passes; the opponent has priority
    assert d.current_player() == b
    (koma,) = d.game.objects("stack")
    _act(d, "cast Essence Scatter")
    _act(d, f"target Koma, World-Eater ({koma})")
    _resolve(d)  # Essence Scatter resolves
    g = d.game
    assert g.zone(koma) == "stack" and "Essence Scatter" in [
        g.name(x) for x in g.objects("graveyard", b)
    ]
    _resolve(d)  # Koma resolves
    assert [d.game.name(x) for x in d.game.objects("battlefield", a)].count(
        "Koma, World-Eater"
    ) == 1


@pytest.mark.parametrize("impl", IMPLS)
def test_koma_makes_four_coils_when_it_deals_combat_damage_to_a_player_510_2(impl):
    """Koma attacks unblocked: 8 combat damage to the defending player (510.2), and its
    trigger (603.2) creates four 3/3 blue Serpent tokens named Koma's Coil (111.4)."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    b = 1 - a
    koma = d.add_card(a, "Koma, World-Eater", "battlefield")
    fight(d, {koma}, {})
    while d.game.objects("stack"):
        d.apply_action(0)
    g = d.game
    assert g.life(b) == 12
    coils = [x for x in g.objects("battlefield", a) if g.name(x) == "Koma's Coil"]
    assert len(coils) == 4 and all(g.is_token(x) for x in coils)
    assert all((g.power(x), g.toughness(x), g.subtypes(x)) == (3, 3, ["Serpent"]) for x in coils)


GOBLIN_NEGOTIATION = (
    "Goblin Negotiation deals X damage to target creature. Create a number of 1/1 red Goblin "
    "creature tokens equal to the amount of excess damage dealt to that creature this way."
)


def _negotiate(d, player: int, x: int, target: int) -> list[int]:
    """``player`` casts Goblin Negotiation with X = ``x`` (2 + x more Mountains) at ``target``
    and it resolves; returns the Goblin tokens ``player`` controls."""
    d.add_card(player, "Goblin Negotiation", "hand")
    _lands(d, player, Mountain=2 + x)
    _act(d, "cast Goblin Negotiation")
    assert d.decision() == "number"
    _act(d, f"choose {x}")
    _act(d, f"target {d.game.name(target)} ({target})")
    _resolve(d)
    g = d.game
    return [t for t in g.objects("battlefield", player) if g.name(t) == "Goblin Token 1/1"]


@pytest.mark.parametrize("impl", IMPLS)
def test_goblin_negotiation_makes_a_goblin_per_excess_damage_120_10(impl):
    """Goblin Negotiation: X damage to target creature, then a Goblin per point of excess
    damage (120.10: the damage beyond lethal damage, considering the damage already marked on
    it). X = 2 at Serra Angel (4/4): not lethal, no excess, no Goblin. X = 3 at it then, with 2
    damage marked: lethal is 2, so 1 excess damage, 1 Goblin; the Angel dies (704.5g)."""
    _oracle("Goblin Negotiation", GOBLIN_NEGOTIATION)
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    angel = d.add_card(1 - a, "Serra Angel", "battlefield")
    assert _negotiate(d, a, 2, angel) == []
    assert d.game.damage(angel) == 2
    goblins = _negotiate(d, a, 3, angel)
    g = d.game
    assert len(goblins) == 1 and g.zone(angel) == "graveyard"
    assert (g.power(goblins[0]), g.toughness(goblins[0])) == (1, 1) and g.is_token(goblins[0])


@pytest.mark.parametrize("impl", IMPLS)
def test_goblin_negotiation_counts_the_damage_beyond_lethal_120_10(impl):
    """120.10: excess damage is what is dealt beyond lethal: X = 4 at Savannah Lions (2/1)
    makes 3 Goblins."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    lions = d.add_card(1 - a, "Savannah Lions", "battlefield")
    assert len(_negotiate(d, a, 4, lions)) == 3


FAEBLOOM_TRICK = (
    "Create two 1/1 blue Faerie creature tokens with flying. When you do, tap target creature "
    "an opponent controls."
)


def _faeries(d, player: int) -> list[int]:
    g = d.game
    return [x for x in g.objects("battlefield", player) if g.name(x) == "Faerie Token 1/1"]


@pytest.mark.parametrize("impl", IMPLS)
def test_faebloom_trick_taps_with_a_reflexive_trigger_603_12(impl):
    """Faebloom Trick: two 1/1 Faerie fliers, then "When you do, …": a reflexive triggered
    ability (603.12) that triggers as the spell resolves and goes on the stack after it, its
    target chosen then (603.3d): the opponent's Serra Angel, which it taps."""
    _oracle("Faebloom Trick", FAEBLOOM_TRICK)
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    angel = d.add_card(1 - a, "Serra Angel", "battlefield")
    _lands(d, a, Island=1)
    _cast(d, a, "Faebloom Trick", 2)
    _resolve(d)
    faeries = _faeries(d, a)
    assert len(faeries) == 2 and all(d.game.has_keyword(x, "flying") for x in faeries)
    assert not d.game.is_tapped(angel), "the reflexive trigger hasn't resolved yet"
    assert d.decision() == "target" and d.current_player() == a
    _act(d, f"target Serra Angel ({angel})")
    _resolve(d)
    assert d.game.is_tapped(angel)


@pytest.mark.parametrize("impl", IMPLS)
def test_faebloom_trick_with_no_target_for_the_reflexive_trigger_603_3d(impl):
    """With no creature of the opponent's to target, the reflexive trigger is removed from the
    stack (603.3d): the two Faeries, nothing else (no target decision; the turn goes on)."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    _lands(d, a, Island=1)
    _cast(d, a, "Faebloom Trick", 2)
    _resolve(d)
    assert len(_faeries(d, a)) == 2
    assert d.decision() != "target" and not d.game.objects("stack")


BANISHING_LIGHT = (
    "When this enchantment enters, exile target nonland permanent an opponent controls until "
    "this enchantment leaves the battlefield."
)


def _banish(d, a: int, target: int) -> int:
    """``a`` casts Banishing Light (three more Plains); it resolves and its trigger goes on the
    stack targeting ``target`` (only the opponent's nonland permanents are offered). Returns
    the enchantment."""
    d.add_card(a, "Savannah Lions", "battlefield")  # a's own: never a target
    _cast(d, a, "Banishing Light", 3)
    _resolve(d)
    (light,) = [x for x in d.game.objects("battlefield", a) if d.game.name(x) == "Banishing Light"]
    assert d.decision() == "target"
    assert [d.action_to_string(x) for x in d.legal_actions()] == [
        f"target {d.game.name(target)} ({target})"
    ]
    _act(d, f"target {d.game.name(target)} ({target})")
    return light


def _destroy(d, a: int, what: int) -> None:
    """``a`` casts Stroke of Midnight ("Destroy target nonland permanent. …") at ``what`` and it
    resolves."""
    _cast(d, a, "Stroke of Midnight", 3, what)
    _resolve(d)


@pytest.mark.parametrize("impl", IMPLS)
def test_banishing_light_returns_the_card_when_it_leaves_610_3a(impl):
    """Banishing Light exiles the opponent's Serra Angel until it leaves the battlefield
    (610.3); destroyed, the Angel returns at once to the battlefield under its owner's control
    (610.3a), a new object (400.7)."""
    _oracle("Banishing Light", BANISHING_LIGHT)
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    b = 1 - a
    angel = d.add_card(b, "Serra Angel", "battlefield")
    light = _banish(d, a, angel)
    _resolve(d)
    g = d.game
    assert g.zone(angel) == "exile" and [g.name(x) for x in g.objects("exile", b)] == [
        "Serra Angel"
    ]
    _destroy(d, a, light)
    g = d.game
    assert g.zone(light) == "graveyard" and not g.objects("exile", b)
    (back,) = [x for x in g.objects("battlefield", b) if g.name(x) == "Serra Angel"]
    assert back != angel and g.controller(back) == b


@pytest.mark.parametrize("impl", IMPLS)
def test_banishing_light_that_left_before_its_trigger_resolves_exiles_nothing_610_3c(impl):
    """610.3c: Banishing Light is destroyed in response to its enters trigger; the trigger
    resolves after it left the battlefield, so the Angel isn't exiled at all."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    b = 1 - a
    angel = d.add_card(b, "Serra Angel", "battlefield")
    light = _banish(d, a, angel)
    assert d.current_player() == a  # the trigger is on the stack
    _destroy(d, a, light)
    assert d.game.zone(light) == "graveyard"
    _resolve(d)  # the trigger
    g = d.game
    assert g.zone(angel) == "battlefield" and not g.objects("exile", b)


TWINFLAME_TYRANT = (
    "Flying\nIf a source you control would deal damage to an opponent or a permanent an "
    "opponent controls, it deals double that damage instead."
)


@pytest.mark.parametrize("impl", IMPLS)
def test_twinflame_tyrant_doubles_its_controllers_damage_to_opponents_614_1a(impl):
    """Twinflame Tyrant: a replacement effect (614.1a) of its static ability. Serra Angel (4/4)
    blocks the Tyrant (3/5): the Tyrant's 3 damage becomes 6 (a permanent an opponent
    controls) and the Angel dies; the Angel's 4 damage to the Tyrant isn't doubled (not a
    source the Tyrant's controller controls): 4 marked, it lives. Savannah Lions, unblocked,
    deals 4 to the opponent instead of 2."""
    _oracle("Twinflame Tyrant", TWINFLAME_TYRANT)
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    b = 1 - a
    tyrant = d.add_card(a, "Twinflame Tyrant", "battlefield")
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    angel = d.add_card(b, "Serra Angel", "battlefield")
    fight(d, {tyrant, lions}, {angel: tyrant})
    g = d.game
    assert g.zone(angel) == "graveyard"
    assert g.zone(tyrant) == "battlefield" and g.damage(tyrant) == 4
    assert g.life(b) == 16 and g.life(a) == 20


FAKE_YOUR_OWN_DEATH = (
    'Until end of turn, target creature gets +2/+0 and gains "When this creature dies, return '
    "it to the battlefield tapped under its owner's control and you create a Treasure token.\" "
    '(It\'s an artifact with "{T}, Sacrifice this token: Add one mana of any color.")'
)


def _named(d, player: int, name: str) -> list[int]:
    g = d.game
    return [x for x in g.objects("battlefield", player) if g.name(x) == name]


@pytest.mark.parametrize("impl", IMPLS)
def test_fake_your_own_death_returns_it_tapped_with_a_treasure_613_1f(impl):
    """Fake Your Own Death: Savannah Lions gets +2/+0 (4/1) and gains, until end of turn, "When
    this creature dies, return it …" (613.1f). It attacks, Serra Angel blocks: both die (4
    damage each way); the granted trigger returns the Lions' card to the battlefield tapped
    under its owner's control (a new object, 400.7) and its controller creates a Treasure."""
    _oracle("Fake Your Own Death", FAKE_YOUR_OWN_DEATH)
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    b = 1 - a
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    angel = d.add_card(b, "Serra Angel", "battlefield")
    _lands(d, a, Swamp=2)
    _cast(d, a, "Fake Your Own Death", 0, lions)
    _resolve(d)
    assert (d.game.power(lions), d.game.toughness(lions)) == (4, 1)
    fight(d, {lions}, {angel: lions})
    g = d.game
    assert g.zone(lions) == "graveyard" and g.zone(angel) == "graveyard"
    (back,) = _named(d, a, "Savannah Lions")
    assert back != lions and g.is_tapped(back) and g.power(back) == 2
    assert len(_named(d, a, "Treasure Token")) == 1


@pytest.mark.parametrize("impl", IMPLS)
def test_fake_your_own_death_lasts_until_end_of_turn_514_2(impl):
    """The granted ability ends in the cleanup step (514.2): the Lions destroyed on the next
    turn stays in the graveyard, and no Treasure is made."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    _lands(d, a, Swamp=2)
    _cast(d, a, "Fake Your Own Death", 0, lions)
    _resolve(d)
    turn = d.turn()
    while d.turn() == turn or d.step() != "main1" or d.current_player() != a:
        d.apply_action(d.legal_actions()[0])
    if d.active_player() != a:  # on to a main phase of a's own turn (a sorcery's timing)
        while d.active_player() != a or d.step() != "main1":
            d.apply_action(d.legal_actions()[0])
    _destroy(d, a, lions)
    assert d.game.zone(lions) == "graveyard"
    assert not _named(d, a, "Savannah Lions") and not _named(d, a, "Treasure Token")


BENCHMARK_DECK = (
    ["Banishing Light"] * 4
    + ["Fake Your Own Death"] * 4
    + ["Fleeting Flight"] * 4
    + ["Goblin Negotiation"] * 3
    + ["Faebloom Trick"] * 3
    + ["Twinflame Tyrant"] * 2
    + ["Koma, World-Eater"] * 2
    + ["Savannah Lions"] * 4
    + ["Stroke of Midnight"] * 2
    + ["Plains"] * 3
    + ["Swamp"] * 3
    + ["Mountain"] * 3
    + ["Island"] * 2
    + ["Forest"]
)


@pytest.mark.parametrize("seed", [1, 8])
def test_the_benchmark_cards_play_alike_in_both_duels(seed):
    """Random games of these cards (casting and targeting whenever it can) play the same in
    both duels: the same legal actions, words, observations, outcome and bytes. Seed 8 has a
    Banishing Light exiling one that had exiled a Banishing Light: that card returns as the
    other leaves (610.3a), though no event waits for the leaving."""
    casts = ("cast", "target", "play")
    _, seen = duel_support.play_alike(
        BENCHMARK_DECK,
        BENCHMARK_DECK,
        seed,
        pool="fdn",
        prefer=lambda w: w.startswith(casts),
        counted=lambda w: w.startswith("cast Banishing Light"),
    )
    assert seen > 0
