"""The Pauper lists' cards and their mechanics in the duel, on both implementations (the native
duel and the reference duel): each test quotes the card's Oracle text and the rule it shows,
and plays it with ``mulligans=False``; random games of them play alike in both duels."""

from __future__ import annotations

import duel_support
import pytest
from cardstate import cards
from cardstate.cards import CardPool, coverage, fdn, pauper, pools
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel

PAUPER = pools["pauper"]
LOOTING = (
    "Draw two cards, then discard two cards.\nFlashback {2}{R} (You may cast this card from your "
    "graveyard for its flashback cost. Then exile it.)"
)


def _to_main(d):
    while d.step() != "main1":
        d.apply_action(0)


def _words(d):
    return [d.action_to_string(x) for x in d.legal_actions()]


def _act(d, words):
    (a,) = [x for x in d.legal_actions() if d.action_to_string(x).startswith(words)]
    d.apply_action(a)


def _names(d, zone, p):
    return [d.game.name(x) for x in d.game.objects(zone, p)]


def _play_alike(deck, seed, prefer, counted=None) -> int:
    """Plays a random game of ``deck`` against itself in both duels (the Pauper pool), taking
    the first action whose words ``prefer`` accepts when there is one, and checks that both play
    it the same. Returns how many decisions offered words that ``counted`` accepts (by default
    ``prefer``)."""
    _, seen = duel_support.play_alike(
        deck, deck, seed, pool="pauper", prefer=prefer, counted=counted
    )
    return seen


def _duel(impl, seed=3):
    mountains = ["Mountain"] * 40
    return impl(mountains, mountains, pool="pauper", seed=seed, auto_pass=False, mulligans=False)


def test_faithless_looting_has_flashback_702_34a():
    """Faithless Looting's text, and its flashback cost in the compiled card."""
    card = PAUPER["Faithless Looting"]
    assert card.card.oracle == LOOTING
    (fb,) = [a for a in card.data["abilities"] if a["kind"] == "flashback"]
    assert fb["cost"]["text"] == "{2}{R}" and fb["cost"]["mana_value"] == 3
    assert coverage.card_coverage("Faithless Looting", "pauper").playable


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_flashback_casts_it_from_the_graveyard_then_exiles_it_702_34a(impl):
    """CR 702.34a: "Flashback [cost]" means "You may cast this card from your graveyard if the
    resulting spell is an instant or sorcery spell by paying [cost] rather than paying its mana
    cost" and "If the flashback cost was paid, exile this card instead of putting it anywhere
    else any time it would leave the stack." The cast is the graveyard slot's action at
    priority (one for equal cards), offered only when the flashback cost can be paid (601.2h)
    and with sorcery timing for a sorcery (307.1); the spell draws two and discards two (the
    caster's discard decisions, 701.9b) and is exiled."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    for _ in range(2):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Faithless Looting", "graveyard")
    d.add_card(a, "Faithless Looting", "graveyard")
    # Two lands: the flashback cost {2}{R} can't be paid.
    assert not any("flashback" in w for w in _words(d))
    d.add_card(a, "Mountain", "battlefield")
    flashback = [w for w in _words(d) if "flashback" in w]
    assert flashback == ["cast Faithless Looting with flashback (graveyard slot 0)"]
    hand = len(d.hand(a))
    _act(d, "cast Faithless Looting with flashback")
    assert _names(d, "graveyard", a) == ["Faithless Looting"]
    assert all(d.game.is_tapped(x) for x in d.game.objects("battlefield", a))
    while d.decision() != "discard":
        d.apply_action(0)
    assert d.current_player() == a and len(d.hand(a)) == hand + 2
    for _ in range(2):
        assert d.decision() == "discard"
        d.apply_action(d.legal_actions()[0])
    assert len(d.hand(a)) == hand
    assert _names(d, "exile", a) == ["Faithless Looting"]
    assert _names(d, "graveyard", a) == ["Faithless Looting", "Mountain", "Mountain"]


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_flashback_keeps_a_sorcerys_timing_307_1(impl):
    """CR 702.34a, 307.1: a sorcery cast with flashback is cast only when a sorcery could be:
    not in the opponent's turn, nor in one's own turn with a spell on the stack."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    b = 1 - a
    for _ in range(3):
        d.add_card(b, "Mountain", "battlefield")
    d.add_card(b, "Faithless Looting", "graveyard")
    while d.current_player() != b:
        d.apply_action(0)
    assert d.active_player() == a
    assert not any("flashback" in w for w in _words(d))
    while d.active_player() != b or d.step() != "main1" or d.current_player() != b:
        d.apply_action(0)
    assert "cast Faithless Looting with flashback (graveyard slot 0)" in _words(d)


def test_great_furnace_is_an_artifact_land_for_metalcraft(game):
    """Great Furnace: "{T}: Add {R}." — an artifact land (its types, 205.2a); three of them
    are three artifacts for Galvanic Blast's metalcraft (207.2c: 4 damage, not 2)."""
    assert PAUPER["Great Furnace"].card.oracle == "{T}: Add {R}."
    assert set(PAUPER["Great Furnace"].card.types) == {"artifact", "land"}
    g = game()
    furnaces = [cards.place(g, "Great Furnace", 0, "battlefield", pool=PAUPER) for _ in "abc"]
    assert all(set(g.types(f)) == {"artifact", "land"} for f in furnaces)
    cards.resolve(g, "Galvanic Blast", 0, [1], pool=PAUPER)
    assert g.life(1) == 16
    g.destroy(furnaces[0])
    cards.resolve(g, "Galvanic Blast", 0, [1], pool=PAUPER)
    assert g.life(1) == 14


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_great_furnace_is_played_as_a_land_and_taps_for_red_305_1(impl):
    """CR 305.1-305.2: Great Furnace is played as the turn's land (no stack), and its mana
    ability pays {R} (605): Lightning Bolt is castable with it alone."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    d.add_card(a, "Great Furnace", "hand")
    d.add_card(a, "Lightning Bolt", "hand")
    bf = len(d.battlefield(a))
    assert "cast Lightning Bolt" not in [w.split(" (")[0] for w in _words(d)]
    _act(d, "play Great Furnace")
    assert len(d.battlefield(a)) == bf + 1
    _act(d, "cast Lightning Bolt")
    _act(d, f"target player {1 - a}")
    while _names(d, "graveyard", a) != ["Lightning Bolt"]:
        d.apply_action(0)
    assert d.game.life(1 - a) == 17


BLOOD = (
    "When this creature enters, it deals 1 damage to each opponent. Create a Blood token. (It's "
    'an artifact with "{1}, {T}, Discard a card, Sacrifice this token: Draw a card.")'
)


def test_voldaren_epicure_and_masked_meower_texts():
    """The Oracle texts, and the discard in the compiled costs (602.2b, 701.9a)."""
    assert PAUPER["Voldaren Epicure"].card.oracle == BLOOD
    assert PAUPER["Masked Meower"].card.oracle == (
        "Haste\nDiscard a card, Sacrifice this creature: Draw a card."
    )
    assert PAUPER["Blood Token"].card.oracle == (
        "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."
    )
    for name in ("Masked Meower", "Blood Token"):
        (a,) = [a for a in PAUPER[name].data["abilities"] if a["kind"] == "activated"]
        assert a["cost"]["discard"] == 1 and a["cost"]["sacrifice"]
        assert coverage.card_coverage(name, "pauper").playable
    assert coverage.card_coverage("Voldaren Epicure", "pauper").playable


def test_voldaren_epicure_makes_a_blood_token_111_10g(game):
    """Voldaren Epicure's "enters" trigger (603.6a): 1 damage to each opponent and a Blood
    token (111.10g: a colourless Blood artifact token)."""
    g = game()
    g.take_events()
    cards.place(g, "Voldaren Epicure", 0, "battlefield", pool=PAUPER)
    (f,) = cards.fired(g, list(g.take_events()), pool=PAUPER)
    cards.resolve(g, f.card, f.controller, [], ability=f.ability, source=f.source, pool=PAUPER)
    assert g.life(1) == 19 and g.life(0) == 20
    (blood,) = [x for x in g.objects("battlefield", 0) if g.name(x) == "Blood Token"]
    assert g.is_token(blood) and g.types(blood) == ["artifact"]


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_a_discard_cost_is_the_payers_decision_602_2b_701_9a(impl):
    """CR 602.2b, 701.9a: "Discard a card" in a cost is paid by the activating player's choice
    (a "discard" decision over its hand slots, of equal cards the first) as the ability is
    activated. Masked Meower: "Discard a
    card, Sacrifice this creature: Draw a card." """
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    meower = d.add_card(a, "Masked Meower", "battlefield")
    d.add_card(a, "Lightning Bolt", "hand")
    hand = d.hand(a)
    _act(d, "activate Masked Meower")
    assert d.decision() == "discard" and d.current_player() == a
    words = _words(d)
    assert len(words) == len(set(hand)) and all(w.startswith("discard ") for w in words)
    assert "discard Lightning Bolt" in [w.split(" (")[0] for w in words]
    _act(d, "discard Lightning Bolt")
    assert meower not in d.game.objects("battlefield", a)
    assert sorted(_names(d, "graveyard", a)) == ["Lightning Bolt", "Masked Meower"]
    assert d.decision() == "priority"
    d.apply_action(0)
    d.apply_action(0)
    assert len(d.hand(a)) == len(hand)  # one discarded, one drawn


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_the_blood_token_draws_for_a_discard_111_10g(impl):
    """Voldaren Epicure enters: 1 damage to the opponent, a Blood token; the token's ability
    costs {1}, {T}, a discard (the activating player's decision) and the token itself, and
    draws a card."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    for _ in range(2):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Voldaren Epicure", "hand")
    _act(d, "cast Voldaren Epicure")
    while "Blood Token" not in _names(d, "battlefield", a):
        d.apply_action(0)
    assert d.game.life(1 - a) == 19
    while d.current_player() != a or d.decision() != "priority":
        d.apply_action(0)
    hand = len(d.hand(a))
    _act(d, "activate Blood Token")
    assert d.decision() == "discard"
    d.apply_action(d.legal_actions()[0])
    assert "Blood Token" not in _names(d, "battlefield", a)
    assert len(d.hand(a)) == hand - 1
    d.apply_action(0)
    d.apply_action(0)
    assert len(d.hand(a)) == hand


def _ready(d, a, mountains):
    """Player ``a``'s main phase with ``mountains`` Mountains on its battlefield."""
    for _ in range(mountains):
        d.add_card(a, "Mountain", "battlefield")


def _bolt_opponent(d, a):
    _act(d, f"target player {1 - a}")


def test_fireblast_and_lava_dart_texts():
    """The Oracle texts, and their costs in the compiled cards."""
    assert PAUPER["Fireblast"].card.oracle == (
        "You may sacrifice two Mountains rather than pay this spell's mana cost.\n"
        "Fireblast deals 4 damage to any target."
    )
    assert PAUPER["Lava Dart"].card.oracle == (
        "Lava Dart deals 1 damage to any target.\nFlashback\u2014Sacrifice a Mountain. (You "
        "may cast this card from your graveyard for its flashback cost. Then exile it.)"
    )
    (alt,) = [a for a in PAUPER["Fireblast"].data["abilities"] if a["kind"] == "alternative_cost"]
    assert alt["sacrifice"]["count"] == 2
    assert alt["sacrifice"]["filter"]["subtypes"] == ["Mountain"]
    (fb,) = [a for a in PAUPER["Lava Dart"].data["abilities"] if a["kind"] == "flashback"]
    assert fb["cost"] is None and fb["sacrifice"]["count"] == 1
    for name in ("Fireblast", "Lava Dart"):
        assert coverage.card_coverage(name, "pauper").playable


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_fireblast_alternative_cost_118_9_601_2b(impl):
    """CR 118.9, 601.2b: "You may sacrifice two Mountains rather than pay this spell's mana
    cost." With two Mountains and not six lands' mana, Fireblast is castable only by its
    alternative cost; with one Mountain, not at all; with both payable, the caster chooses
    (a "pay_cost" decision: yes, the alternative cost; no, the mana cost). The Mountains
    sacrificed are the caster's choice as the cost is paid, after the target (601.2h,
    701.21a: a "sacrifice" decision over its permanent slots)."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    d.add_card(a, "Fireblast", "hand")
    d.add_card(a, "Mountain", "battlefield")
    assert "cast Fireblast" not in [w.split(" (")[0] for w in _words(d)]
    d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Great Furnace", "battlefield")
    _act(d, "cast Fireblast")
    assert d.decision() == "target"  # only the alternative cost can be paid: no choice
    _bolt_opponent(d, a)
    assert d.decision() == "sacrifice" and d.current_player() == a
    words = _words(d)
    assert len(words) == 2 and all(w.startswith("sacrifice Mountain") for w in words)
    d.apply_action(d.legal_actions()[0])
    assert d.decision() == "sacrifice" and len(d.legal_actions()) == 1
    d.apply_action(d.legal_actions()[0])
    assert _names(d, "battlefield", a) == ["Great Furnace"]
    assert not d.game.is_tapped(d.game.objects("battlefield", a)[0])  # no mana paid
    while "Fireblast" not in _names(d, "graveyard", a):
        d.apply_action(0)
    assert d.game.life(1 - a) == 16


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_fireblast_with_both_costs_payable_is_the_casters_choice_601_2b(impl):
    """CR 601.2b: with six Mountains both costs can be paid: "yes" sacrifices two of them,
    "no" taps all six."""
    for alternative in (True, False):
        d = _duel(impl)
        _to_main(d)
        a = d.active_player()
        d.add_card(a, "Fireblast", "hand")
        _ready(d, a, 6)
        _act(d, "cast Fireblast")
        assert d.decision() == "pay_cost"
        assert _words(d) == ["yes, pay the alternative cost", "no, pay the mana cost"]
        _act(d, "yes" if alternative else "no")
        _bolt_opponent(d, a)
        while d.decision() == "sacrifice":
            d.apply_action(d.legal_actions()[-1])
        lands = d.game.objects("battlefield", a)
        if alternative:
            assert len(lands) == 4 and not any(d.game.is_tapped(x) for x in lands)
        else:
            assert len(lands) == 6 and all(d.game.is_tapped(x) for x in lands)


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_lava_dart_flashback_sacrifices_a_mountain_702_34a(impl):
    """CR 702.34a: "Flashback—Sacrifice a Mountain." Lava Dart in the graveyard is cast by
    sacrificing a Mountain (the caster's choice, 701.21a), offered only with a Mountain; it
    deals 1 damage and is exiled. Cast from the hand, it goes to the graveyard (608.2n)."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    d.add_card(a, "Lava Dart", "graveyard")
    d.add_card(a, "Great Furnace", "battlefield")
    assert not any("flashback" in w for w in _words(d))
    _ready(d, a, 1)
    _act(d, "cast Lava Dart with flashback")
    _bolt_opponent(d, a)
    assert d.decision() == "sacrifice"
    assert [w.split(" (")[0] for w in _words(d)] == ["sacrifice Mountain"]
    d.apply_action(d.legal_actions()[0])
    while "Lava Dart" not in _names(d, "exile", a):
        d.apply_action(0)
    assert d.game.life(1 - a) == 19
    assert _names(d, "battlefield", a) == ["Great Furnace"]
    assert _names(d, "graveyard", a) == ["Mountain"]


COUNTERED = CardPool(
    [
        *(c for c in fdn.CARDS if c.name in ("Island", "Mountain", "Refute")),
        *(c for c in pauper.CARDS if c.name == "Faithless Looting"),
    ],
    name="flashback against a counterspell",
)


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_a_countered_flashback_spell_is_exiled_702_34a(impl):
    """CR 702.34a: "exile this card instead of putting it anywhere else any time it would leave
    the stack": Faithless Looting cast with flashback and countered by Refute (701.6a: a
    countered spell goes to its owner's graveyard) is exiled instead."""
    lands = ["Island"] * 20 + ["Mountain"] * 20
    d = impl(lands, lands, pool=COUNTERED, seed=3, auto_pass=False, mulligans=False)
    _to_main(d)
    a = d.active_player()
    b = 1 - a
    _ready(d, a, 3)
    for _ in range(3):
        d.add_card(b, "Island", "battlefield")
    d.add_card(a, "Faithless Looting", "graveyard")
    d.add_card(b, "Refute", "hand")
    _act(d, "cast Faithless Looting with flashback")
    d.apply_action(0)  # a passes; b casts Refute on it
    _act(d, "cast Refute")
    _act(d, "target Faithless Looting")
    while d.decision() != "discard":
        d.apply_action(0)
    d.apply_action(d.legal_actions()[0])
    assert _names(d, "exile", a) == ["Faithless Looting"]
    assert "Faithless Looting" not in _names(d, "graveyard", a)
    hand = len(d.hand(a))
    step = d.step()
    while d.step() == step:  # the countered spell's stack entry resolves to nothing
        d.apply_action(0 if d.decision() == "priority" else d.legal_actions()[0])
    assert _names(d, "exile", a) == ["Faithless Looting"]
    assert len(d.hand(a)) == hand  # the countered Looting drew nothing


def _random_deck(spells: dict[str, int]) -> list[str]:
    out = [name for name, n in spells.items() for _ in range(n)]
    return out + ["Mountain"] * (60 - len(out))


LOOTERS = _random_deck(
    {
        "Faithless Looting": 8,
        "Lightning Bolt": 8,
        "Guttersnipe": 6,
        "Rally at the Hornburg": 6,
        "End the Festivities": 4,
        "Voldaren Epicure": 4,
        "Masked Meower": 4,
        "Great Furnace": 4,
    }
)
BURN = _random_deck(
    {
        "Fireblast": 8,
        "Lava Dart": 8,
        "Faithless Looting": 4,
        "Lightning Bolt": 8,
        "Masked Meower": 4,
        "Voldaren Epicure": 4,
    }
)


@pytest.mark.parametrize(("deck", "seed"), [(LOOTERS, 1), (LOOTERS, 2), (BURN, 3), (BURN, 4)])
def test_flashback_plays_alike_in_both_duels(deck, seed):
    """Random games with Faithless Looting (flashback, 702.34a; discarding, 701.9b), Masked
    Meower and Voldaren Epicure's Blood tokens (a discard as a cost, 602.2b) play the same in
    both duels: the same legal actions, words, observations, outcome and bytes; flashback casts
    and discards happen in them."""
    paid_discards = 0

    def watch(native, words):
        nonlocal paid_discards
        paid_discards += native.decision() == "discard" and native.step() != "cleanup"

    _, flashbacks = duel_support.play_alike(
        deck, deck, seed, pool="pauper", prefer=lambda w: "flashback" in w, watch=watch
    )
    assert flashbacks > 0 and paid_discards > 0
