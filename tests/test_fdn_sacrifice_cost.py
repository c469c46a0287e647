"""Sacrificing a permanent as an additional cost to cast a spell (601.2f-h, 701.21a), or paying
mana instead (601.2b): Arbiter of Woe and Eaten Alive; each card's Oracle text quoted and shown
doing it in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from cardstate.cards.compile import compile_card
from cardstate.cards.vocab import AdditionalSacrifice, Card, Filter
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _named, _pass_until, _words
from test_fdn_duel_modes import _lands

ARBITER = (
    "As an additional cost to cast this spell, sacrifice a creature.\nFlying\nWhen this "
    "creature enters, each opponent discards a card and loses 2 life. You draw a card and gain "
    "2 life."
)


@pytest.mark.parametrize("impl", IMPLS)
def test_arbiter_of_woe_sacrifices_a_creature_as_it_is_cast_601_2h(impl):
    """With no creature of its caster's (an opponent's doesn't do) Arbiter of Woe isn't
    offered; with two, its caster chooses which one it sacrifices (the sacrifice decision),
    pays {4}{B}{B} too, and as it enters the opponent discards a card and loses 2 life, its
    controller draws a card and gains 2."""
    oracle("Arbiter of Woe", ARBITER)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    _lands(d, a, "Swamp", 6)
    d.add_card(1 - a, "Savannah Lions", "battlefield")
    d.add_card(a, "Arbiter of Woe", "hand")
    assert not any(w.startswith("cast Arbiter") for w in _words(d))
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    hawk = d.add_card(a, "Healer's Hawk", "battlefield")
    hand = (len(d.hand(a)), len(d.hand(1 - a)))
    _act(d, "cast Arbiter of Woe")
    assert d.decision() == "sacrifice" and d.current_player() == a
    assert _words(d) == [f"sacrifice Savannah Lions ({lions})", f"sacrifice Healer's Hawk ({hawk})"]
    _act(d, "sacrifice Healer's Hawk")
    assert all(d.is_tapped(x) for x in _named(d, a, "Swamp"))
    assert _named(d, a, "Healer's Hawk") == [] and _named(d, a, "Savannah Lions") == [lions]
    _pass_until(d, lambda: d.decision() == "discard")
    assert d.current_player() == 1 - a
    d.apply_action(d.legal_actions()[0])
    _pass_until(d, lambda: d.game.life(a) == 22)
    assert d.game.life(1 - a) == 18
    assert (len(d.hand(a)), len(d.hand(1 - a))) == (hand[0] - 1 + 1, hand[1] - 1)


EATEN = (
    "As an additional cost to cast this spell, sacrifice a creature or pay {3}{B}.\nExile "
    "target creature or planeswalker."
)


def _eaten(impl, swamps, mine):
    """A duel in the active player's first main phase: ``swamps`` Swamps and ``mine``
    creatures (Savannah Lions) of its own, a Serra Angel of the opponent's, Eaten Alive in
    hand."""
    oracle("Eaten Alive", EATEN)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    _lands(d, a, "Swamp", swamps)
    lions = [d.add_card(a, "Savannah Lions", "battlefield") for _ in range(mine)]
    angel = d.add_card(1 - a, "Serra Angel", "battlefield")
    d.add_card(a, "Eaten Alive", "hand")
    return d, a, lions, angel


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize(
    ("swamps", "mine", "choice", "tapped", "lions_left"),
    [
        (1, 1, None, 1, 0),  # only the sacrifice can be paid
        (5, 0, None, 5, 0),  # only the mana
        (5, 1, "yes", 1, 0),  # both: the caster sacrifices
        (5, 1, "no", 5, 1),  # both: the caster pays {3}{B} more
    ],
)
def test_eaten_alive_sacrifices_or_pays_3b_601_2b(impl, swamps, mine, choice, tapped, lions_left):
    """Eaten Alive: with a creature and one Swamp, the Lions is sacrificed; with five Swamps
    and no creature, {3}{B} more is paid; with both payable, the caster chooses (the pay_cost
    decision: YES sacrifices, NO pays). Either way the opponent's Serra Angel is exiled."""
    d, a, lions, angel = _eaten(impl, swamps, mine)
    _act(d, "cast Eaten Alive")
    if choice is None:
        assert d.decision() != "pay_cost"
    else:
        assert d.decision() == "pay_cost" and _words(d) == [
            "yes, sacrifice for the additional cost",
            "no, pay its mana instead",
        ]
        _act(d, choice)
    _act(d, f"target Serra Angel ({angel})")
    if d.decision() == "sacrifice":
        _act(d, f"sacrifice Savannah Lions ({lions[0]})")
    assert sum(d.is_tapped(x) for x in _named(d, a, "Swamp")) == tapped
    assert len(_named(d, a, "Savannah Lions")) == lions_left
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert _named(d, 1 - a, "Serra Angel") == []
    assert "Serra Angel" in [d.game.name(x) for x in d.game.objects("exile")]


@pytest.mark.parametrize("impl", IMPLS)
def test_eaten_alive_is_not_offered_when_neither_can_be_paid(impl):
    """Four Swamps and no creature: neither the sacrifice nor {3}{B} more can be paid."""
    d, _, _, _ = _eaten(impl, 4, 0)
    assert not any(w.startswith("cast Eaten Alive") for w in _words(d))


def test_a_lands_additional_sacrifice_is_refused():
    """A land isn't cast (601.2f): the compiler refuses its additional cost, naming it."""
    card = Card(
        name="Bad Land",
        types=("land",),
        oracle="",
        abilities=(AdditionalSacrifice(Filter(types=("creature",))),),
    )
    with pytest.raises(ValueError, match="Bad Land") as e:
        compile_card(card)
    assert "601.2f" in str(e.value)


ARBITERS = _deck(
    {"Swamp": 17},
    ["Arbiter of Woe", "Vengeful Bloodwitch", "Eaten Alive", "Vampire Nighthawk", "Stab"],
)


def test_the_sacrifice_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(ARBITERS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_additional_sacrifice_plays_alike_in_both_duels(seed):
    """Random games of Arbiter of Woe: the same legal actions, observations, outcome and bytes
    in both duels."""
    play_alike(ARBITERS, ELVES, seed)
