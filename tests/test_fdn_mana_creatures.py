"""Elvish Archdruid: a mana ability that adds more than one mana ("Add {G} for each Elf you
control"), paid by the automatic payment rule, what it doesn't use staying in the mana pool
(106.4) until the step ends (500.4); its lord part; in the native and the reference duel
alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck
from test_fdn_duel_choices import (
    IMPLS,
    _act,
    _duel,
    _named,
    _next_turn_of,
    _pass_until,
    _words,
)

ARCHDRUID = "Other Elf creatures you control get +1/+1.\n{T}: Add {G} for each Elf you control."


def test_elvish_archdruid_text_and_coverage():
    """The Oracle text; the card is playable."""
    oracle("Elvish Archdruid", ARCHDRUID)
    assert coverage.card_coverage("Elvish Archdruid").playable


def _archdruid(impl, elves, hand):
    """The active player's first main phase of its next turn, with Elvish Archdruid and
    ``elves`` Elf Warrior tokens controlled since the turn began (302.6), no land, and
    ``hand`` in hand. Returns the duel, the player and the Archdruid."""
    d = _duel(impl, land="Forest")
    a = d.active_player()
    archdruid = d.add_card(a, "Elvish Archdruid", "battlefield")
    for _ in range(elves):
        d.add_card(a, "Elf Warrior Token 1/1", "battlefield")
    _next_turn_of(d, a)
    for name in hand:
        d.add_card(a, name, "hand")
    return d, a, archdruid


@pytest.mark.parametrize("impl", IMPLS)
def test_it_adds_one_green_for_each_elf_and_pumps_the_others(impl):
    """With three Elf Warriors, four Elves: {T} adds {G}{G}{G}{G}, so Cackling Prowler
    ({3}{G}) is offered with no land; with two, three Elves, it isn't. The Warriors are 2/2,
    the Archdruid itself 2/2 ("other")."""
    d, a, archdruid = _archdruid(impl, 2, ["Cackling Prowler"])
    assert not any(w.startswith("cast Cackling Prowler") for w in _words(d))
    d.add_card(a, "Elf Warrior Token 1/1", "battlefield")
    assert any(w.startswith("cast Cackling Prowler") for w in _words(d))
    warriors = _named(d, a, "Elf Warrior Token 1/1")
    assert [(d.game.power(x), d.game.toughness(x)) for x in warriors] == [(2, 2)] * 3
    assert (d.game.power(archdruid), d.game.toughness(archdruid)) == (2, 2)
    _act(d, "cast Cackling Prowler")
    assert d.game.is_tapped(archdruid)
    _pass_until(d, lambda: bool(_named(d, a, "Cackling Prowler")))


@pytest.mark.parametrize("impl", IMPLS)
def test_the_mana_it_doesnt_use_stays_in_the_pool_106_4_500_4(impl):
    """Three Elves (the Archdruid and two Warriors): Wary Thespian ({1}{G}) taps the Archdruid
    for {G}{G}{G}, two of which it uses; the third stays in the pool and pays for Giant Growth
    ({G}) in the same step, and the second Giant Growth is then not offered."""
    d, a, archdruid = _archdruid(impl, 2, ["Wary Thespian", "Giant Growth", "Giant Growth"])
    _act(d, "cast Wary Thespian")
    assert d.game.is_tapped(archdruid)
    _pass_until(d, lambda: bool(_named(d, a, "Wary Thespian")))
    assert any(w.startswith("cast Giant Growth") for w in _words(d))
    _act(d, "cast Giant Growth")
    _act(d, "target Wary Thespian")
    _pass_until(d, lambda: not d.game.objects("stack", a))
    assert d.decision() == "priority"
    assert not any(w.startswith("cast Giant Growth") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_the_mana_left_empties_as_the_step_ends_500_4(impl):
    """The {G} the Archdruid left in the pool is gone once the main phase ends: in the
    beginning of combat, Giant Growth isn't offered (every source tapped)."""
    d, a, archdruid = _archdruid(impl, 2, ["Wary Thespian", "Giant Growth"])
    _act(d, "cast Wary Thespian")
    _pass_until(d, lambda: bool(_named(d, a, "Wary Thespian")))
    assert any(w.startswith("cast Giant Growth") for w in _words(d))
    while d.step() == "main1":  # its surveil answered, both pass
        d.apply_action(d.legal_actions()[0])
    assert d.step() == "beginning of combat" and d.decision() == "priority"
    assert not any(w.startswith("cast Giant Growth") for w in _words(d))


ELVES = _deck(
    {"Forest": 17},
    ["Elvish Archdruid", "Llanowar Elves", "Dwynen's Elite", "Cackling Prowler", "Giant Growth"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_archdruids_play_alike_in_both_duels(seed):
    """Random games of an Elf deck, casting Elvish Archdruid whenever offered: the same legal
    actions, observations, outcome and bytes in both duels."""
    _, seen = duel_support.play_alike(
        ELVES,
        ELVES,
        seed,
        pool="fdn",
        format="limited",
        prefer=lambda w: w.startswith("cast Elvish Archdruid"),
    )
    assert seen > 0
