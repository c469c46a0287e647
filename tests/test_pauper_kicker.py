"""Kicker (702.33) in the duel, on both implementations: Goblin Bushwhacker, its kicker cost the
caster's choice as it is cast (the pay_cost decision), and its "if it was kicked" trigger;
random games of it play alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage, pools
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from test_pauper_duel import (
    PAUPER,
    _act,
    _duel,
    _names,
    _play_alike,
    _random_deck,
    _to_main,
    _words,
)

BUSHWHACKER = (
    "Kicker {R} (You may pay an additional {R} as you cast this spell.)\nWhen this creature "
    "enters, if it was kicked, creatures you control get +1/+0 and gain haste until end of turn."
)


def test_goblin_bushwhacker_text_and_kicker():
    """The Oracle text; the compiled kicker cost and what a kicked Bushwhacker costs (601.2f);
    a Foundations card, playable in both pools."""
    card = pools["fdn"]["Goblin Bushwhacker"]
    assert card.card.oracle == BUSHWHACKER
    (kicker,) = [a for a in card.data["abilities"] if a["kind"] == "kicker"]
    assert kicker["cost"]["text"] == "{R}" and kicker["kicked_cost"]["mana_value"] == 2
    assert PAUPER["Goblin Bushwhacker"].data == card.data
    assert coverage.card_coverage("Goblin Bushwhacker").playable
    assert coverage.card_coverage("Goblin Bushwhacker", "pauper").playable


def _creatures(d, a):
    return [x for x in d.game.objects("battlefield", a) if "creature" in d.game.types(x)]


def _cast_bushwhacker(d, a, mountains, kick):
    d.add_card(a, "Goblin Bushwhacker", "hand")
    for _ in range(mountains):
        d.add_card(a, "Mountain", "battlefield")
    _act(d, "cast Goblin Bushwhacker")
    if kick is not None:
        assert d.decision() == "pay_cost" and d.current_player() == a
        assert _words(d) == ["yes, pay the kicker cost", "no, don't pay the kicker cost"]
        _act(d, "yes" if kick else "no")
    tapped = [x for x in d.game.objects("battlefield", a) if d.game.is_tapped(x)]
    d.apply_action(0)
    d.apply_action(0)  # the creature spell resolves
    return len(tapped)


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_kicked_bushwhacker_pumps_and_gives_haste_702_33d(impl):
    """CR 702.33a, 601.2f: "Kicker {R}" is an optional additional cost: with two Mountains the
    caster chooses (yes: both are tapped). 702.33d: the permanent was kicked, and its "enters,
    if it was kicked" trigger gives each creature its controller controls +1/+0 and haste until
    end of turn: a creature that came this turn may attack (302.6)."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    raider = d.add_card(a, "Goblin Tomb Raider", "battlefield")
    assert _cast_bushwhacker(d, a, 2, kick=True) == 2
    (goblin,) = [x for x in _creatures(d, a) if x != raider]
    assert d.game.power(goblin) == 1  # the trigger is on the stack
    d.apply_action(0)
    d.apply_action(0)
    assert d.step() == "main1"  # it resolved; the stack is empty again
    assert d.game.power(goblin) == 2 and d.game.has_keyword(goblin, "haste")
    assert d.game.power(raider) == 2 and d.game.has_keyword(raider, "haste")
    while d.decision() != "attack":
        d.apply_action(0)
    candidates = []
    while d.decision() == "attack":  # one decision per candidate (508.1a)
        candidates += _words(d)
        d.apply_action(d.legal_actions()[0])
    assert any(w.startswith("attack with Goblin Bushwhacker") for w in candidates)
    # Until end of turn (514.2): the next turn it is a 1/1 without haste.
    while d.active_player() == a:
        d.apply_action(d.legal_actions()[0])
    assert d.game.power(goblin) == 1 and not d.game.has_keyword(goblin, "haste")


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_unkicked_bushwhacker_doesnt_trigger_603_4(impl):
    """Not kicked (no, or one Mountain: no choice offered), the intervening "if it was kicked"
    (603.4) keeps the ability from triggering: nothing goes on the stack."""
    for mountains, kick in ((2, False), (1, None)):
        d = _duel(impl)
        _to_main(d)
        a = d.active_player()
        assert _cast_bushwhacker(d, a, mountains, kick) == 1
        d.apply_action(0)
        d.apply_action(0)
        assert d.step() != "main1"  # nothing on the stack: the passes end the phase
        (goblin,) = _creatures(d, a)
        assert d.game.power(goblin) == 1 and not d.game.has_keyword(goblin, "haste")
        assert "Goblin Bushwhacker" in _names(d, "battlefield", a)


KICKERS = _random_deck(
    {
        "Goblin Bushwhacker": 12,
        "Goblin Tomb Raider": 8,
        "Rally at the Hornburg": 6,
        "Lightning Bolt": 8,
        "Great Furnace": 4,
    }
)


@pytest.mark.parametrize("seed", [1, 2])
def test_kicker_plays_alike_in_both_duels(seed):
    """Random games of Goblin Bushwhacker play the same in both duels: the same legal actions,
    words, observations, outcome and bytes; it is kicked in them."""
    assert _play_alike(KICKERS, seed, lambda w: w == "yes, pay the kicker cost") > 0
