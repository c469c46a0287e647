"""Giada, Font of Hope: a replacement effect on the other Angels' entering (614.1c: counters
for each Angel already controlled) and mana that may be spent only to cast Angel spells
(106.6: the automatic payment spends it on an Angel spell, never on anything else); its Oracle
text quoted and shown doing it in the native and the reference duel alike, and on both
card-layer implementations."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from fdn_support import oracle, put
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _pass_until, _words

GIADA = "Giada, Font of Hope"
VALKYRIE = "Youthful Valkyrie"  # {1}{W} Angel
HUNTER = "Helpful Hunter"  # {1}{W} Cat
SERRA = "Serra Angel"  # {3}{W}{W} Angel, no triggered ability


def test_giada_text_and_coverage():
    oracle(
        GIADA,
        "Flying, vigilance\nEach other Angel you control enters with an additional +1/+1 "
        "counter on it for each Angel you already control.\n{T}: Add {W}. Spend this mana only "
        "to cast an Angel spell.",
    )
    assert coverage.card_coverage(GIADA).playable


def _giada(impl, others, plains, hand):
    """The active player's first main phase of its next turn with Giada and the permanents
    ``others`` controlled since the turn began (302.6), ``plains`` Plains and ``hand`` in
    hand. Returns the duel, the player and Giada."""
    d = _duel(impl, land="Plains")
    a = d.active_player()
    giada = d.add_card(a, GIADA, "battlefield")
    for name in others:
        d.add_card(a, name, "battlefield")
    for _ in range(plains):
        d.add_card(a, "Plains", "battlefield")
    _next_turn_of(d, a)
    for name in hand:
        d.add_card(a, name, "hand")
    return d, a, giada


def _offered(d, name):
    return any(w.startswith(f"cast {name}") for w in _words(d))


def _cast(d, a, name):
    """Casts ``name`` and passes until it is on the battlefield; returns the newest one."""
    before = len(_named(d, a, name))
    _act(d, f"cast {name}")
    _pass_until(d, lambda: len(_named(d, a, name)) > before)
    return _named(d, a, name)[-1]


@pytest.mark.parametrize("impl", IMPLS)
def test_other_angels_enter_with_a_counter_for_each_angel_already_controlled_614_1c(impl):
    """With Giada and Serra Angel (two Angels), a second Serra Angel enters with two +1/+1
    counters (the entering one isn't counted, "already control"); Helpful Hunter, a Cat, with
    none."""
    d, a, _ = _giada(impl, [SERRA], 7, [SERRA, HUNTER])
    serra = _cast(d, a, SERRA)
    assert d.game.counters(serra) == {"+1/+1": 2}
    hunter = _cast(d, a, HUNTER)
    assert d.game.counters(hunter) == {}


@pytest.mark.parametrize("impl", IMPLS)
def test_giada_gives_nothing_to_itself_nor_to_an_opponents_angel(impl):
    """ "Each other Angel you control": Giada cast beside Serra Angel enters with no counter,
    though the opponent controls a Giada too; a second Serra Angel then gets two (Giada and the
    first Serra Angel), none from the opponent's Giada."""
    d = _duel(impl, land="Plains")
    a = d.active_player()
    d.add_card(a, SERRA, "battlefield")
    d.add_card(1 - a, GIADA, "battlefield")
    for _ in range(7):
        d.add_card(a, "Plains", "battlefield")
    d.add_card(a, GIADA, "hand")
    d.add_card(a, SERRA, "hand")
    giada = _cast(d, a, GIADA)
    assert d.game.counters(giada) == {}
    serra = _cast(d, a, SERRA)
    assert d.game.counters(serra) == {"+1/+1": 2}


def test_an_angel_placed_on_a_bare_game_gets_its_counters(game):
    """On both card-layer implementations, an Angel put onto the battlefield (614.1c applies
    however it enters) beside Giada gets one +1/+1 counter; a second Giada two."""
    g = game()
    put(g, GIADA)
    assert g.counters(put(g, VALKYRIE)) == {"+1/+1": 1}
    put(g, GIADA, 1)  # the opponent's: not counted, gives nothing
    assert g.counters(put(g, "Serra Angel")) == {"+1/+1": 2}


@pytest.mark.parametrize("impl", IMPLS)
def test_its_mana_pays_for_an_angel_spell_only_106_6(impl):
    """Giada and one Plains: Youthful Valkyrie ({1}{W}, an Angel) is offered and cast, both
    tapped; Helpful Hunter ({1}{W}, not an Angel) isn't offered — Giada's {W} can't pay for
    it."""
    d, a, giada = _giada(impl, [], 1, [VALKYRIE, HUNTER])
    assert not _offered(d, HUNTER)
    assert _offered(d, VALKYRIE)
    _cast(d, a, VALKYRIE)
    assert d.game.is_tapped(giada)


@pytest.mark.parametrize("impl", IMPLS)
def test_the_payment_never_spends_it_elsewhere_106_6(impl):
    """Giada and two Plains: Helpful Hunter is cast with the Plains; Giada stays untapped, its
    mana never spent on a non-Angel spell."""
    d, a, giada = _giada(impl, [], 2, [HUNTER])
    _cast(d, a, HUNTER)
    assert not d.game.is_tapped(giada)
    assert all(d.game.is_tapped(x) for x in _named(d, a, "Plains"))


ANGELS = _deck(
    {"Plains": 17},
    [GIADA, VALKYRIE, "Dazzling Angel", HUNTER, "Serra Angel", "Vanguard Seraph"],
)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_giada_plays_alike_in_both_duels(seed):
    """Random games casting Giada whenever offered: the same legal actions, observations,
    outcome and bytes in both duels."""
    _, seen = duel_support.play_alike(
        ANGELS,
        ANGELS,
        seed,
        pool="fdn",
        format="limited",
        prefer=lambda w: w.startswith(f"cast {GIADA}"),
    )
    assert seen > 0
