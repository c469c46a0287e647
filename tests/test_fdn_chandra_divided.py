"""Damage divided among targets (601.2d): "deals N damage divided as you choose among any
number of target …" — as it is put on the stack its controller divides the damage among the
targets, each at least 1; as it resolves each legal target is dealt its share, an illegal
target's share is not dealt (608.2b). Chandra, Flameshaper's −4, in the card layer (a
division given to the resolution, or the even default) and in both duels."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import InvalidCard, compile_card, coverage
from cardstate.cards.vocab import YOU, Card, DealDamage, Filter, Spell, TargetSpec
from fdn_support import activate, oracle, put
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _named
from test_fdn_planeswalkers import CHANDRA, _activate, _cast_walker, _loyalty, _resolve

CHANDRA_ORACLE = (
    "+2: Add {R}{R}{R}. Exile the top three cards of your library. Choose one. You may play "
    "that card this turn.\n"
    "+1: Create a token that's a copy of target creature you control, except it has haste and "
    '"At the beginning of the end step, sacrifice this token."\n'
    "\u22124: Chandra deals 8 damage divided as you choose among any number of target "
    "creatures and/or planeswalkers."
)
MINUS_4 = 2  # her third activated ability


def _walls(g, n, player=1):
    """``n`` creatures of ``player`` with toughness enough to keep what they are dealt."""
    return [put(g, "Ghalta, Primal Hunger", player) for _ in range(n)]


def test_chandra_flameshaper_is_playable_and_quoted():
    oracle(CHANDRA, CHANDRA_ORACLE)
    assert coverage.card_coverage(CHANDRA).playable


def test_the_division_is_dealt_share_by_share_601_2d(game):
    """−4 with the division 5, 3: the first target is dealt 5, the second 3."""
    g = game()
    chandra = put(g, CHANDRA, 0)
    a, b = _walls(g, 2)
    activate(g, chandra, CHANDRA, [a, b], n=MINUS_4, division=[5, 3])
    assert (g.damage(a), g.damage(b)) == (5, 3)
    assert g.count(chandra, "loyalty") == 2


def test_without_a_division_the_damage_is_divided_evenly(game):
    """A bare ``Game`` resolution given no division: 8 among three targets is 3, 3, 2."""
    g = game()
    chandra = put(g, CHANDRA, 0)
    ws = _walls(g, 3)
    activate(g, chandra, CHANDRA, ws, n=MINUS_4)
    assert [g.damage(w) for w in ws] == [3, 3, 2]


def test_a_planeswalker_target_loses_its_share_in_loyalty(game):
    """8 divided 2, 6 between a planeswalker (loyalty 4) and a creature: the planeswalker has
    2 loyalty left (120.3c), the creature 6 damage."""
    g = game()
    chandra = put(g, CHANDRA, 0)
    ajani = put(g, "Ajani, Caller of the Pride", 1)
    (w,) = _walls(g, 1)
    activate(g, chandra, CHANDRA, [ajani, w], n=MINUS_4, division=[2, 6])
    assert g.count(ajani, "loyalty") == 2 and g.damage(w) == 6


def test_an_illegal_target_s_share_is_not_dealt_608_2b(game):
    """A target gone before it resolves: the other target is dealt only its own share."""
    g = game()
    chandra = put(g, CHANDRA, 0)
    a, b = _walls(g, 2)
    g.move(a, "graveyard")
    activate(g, chandra, CHANDRA, [a, b], n=MINUS_4, division=[6, 2])
    assert g.damage(b) == 2


@pytest.mark.parametrize("division", [[4, 3], [8, 0], [4, 4, 0], [9]])
def test_a_division_must_give_each_target_at_least_1_and_add_up_601_2d(game, division):
    g = game()
    chandra = put(g, CHANDRA, 0)
    a, b = _walls(g, 2)
    with pytest.raises(ValueError):
        activate(g, chandra, CHANDRA, [a, b], n=MINUS_4, division=division)
    assert (g.damage(a), g.damage(b)) == (0, 0)


def test_damage_is_divided_only_among_a_target_s_entities():
    bad = Spell(DealDamage(YOU, 3, divided=True), (TargetSpec(Filter(types=("creature",))),))
    with pytest.raises(InvalidCard, match="divided"):
        compile_card(Card(name="Test Divide", types=("sorcery",), cost="{R}", abilities=(bad,)))


@pytest.mark.parametrize("impl", IMPLS)
def test_chandra_minus_4_in_the_duel(impl):
    """Chandra's −4 with an opponent's Ajani (loyalty 4) and Savannah Lions as its targets (no
    more chosen): 8 divided evenly (the duels' division), 4 each — Ajani, with no loyalty
    left, goes to the graveyard (704.5i), the Lions die (704.5g); Chandra has 2 loyalty."""
    d, a, chandra = _cast_walker(impl, CHANDRA, "Mountain", 7)
    b = 1 - a
    ajani = d.add_card(b, "Ajani, Caller of the Pride", "battlefield")
    lions = d.add_card(b, "Savannah Lions", "battlefield")
    _activate(d, CHANDRA, MINUS_4)
    _act(d, f"target Ajani, Caller of the Pride ({ajani})")
    _act(d, f"target Savannah Lions ({lions})")
    d.apply_action(0)  # no more targets
    assert _loyalty(d, chandra) == 2
    _resolve(d)
    assert _named(d, b, "Ajani, Caller of the Pride") == []
    assert _named(d, b, "Savannah Lions") == []
    assert _loyalty(d, chandra) == 2


DIVIDERS = _deck({"Mountain": 17}, [CHANDRA, "Savannah Lions", "Ajani, Caller of the Pride"])


def _minus_4(w: str) -> bool:
    return w.startswith("activate Chandra") and f"ability {MINUS_4}" in w


@pytest.mark.parametrize("seed", [1, 2])
def test_chandra_s_minus_4_plays_alike_in_both_duels(seed):
    """Random games, Chandra cast and her −4 activated whenever they can be, targets chosen
    while there are any: the same in both duels, and her −4 was."""
    _, seen = duel_support.play_alike(
        DIVIDERS,
        DIVIDERS,
        seed,
        pool="fdn",
        format="limited",
        prefer=lambda w: _minus_4(w) or w.startswith(("target", f"cast {CHANDRA}")),
        counted=_minus_4,
    )
    assert seen > 0
