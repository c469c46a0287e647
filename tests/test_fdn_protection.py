"""Protection (702.16), kept by the kernel as keywords and read by both duels where targets
(702.16b), blocks (702.16f), attachments (702.16c-d) and damage (702.16e) are decided, with the
colours objects have now; Akroma's Memorial, which grants it, in the native and the reference
duel alike."""

from __future__ import annotations

import cardstate
import duel_support
import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _words

MEMORIAL = "Akroma's Memorial"
LIONS = "Savannah Lions"  # {W}, a white 2/1
HAWK = "Healer's Hawk"  # {W}, a white 1/1 with flying
WHELP = "Firespitter Whelp"  # {2}{R}, a red 2/2 with flying
GRANTED = (
    "flying",
    "first strike",
    "vigilance",
    "trample",
    "haste",
    "protection from black",
    "protection from red",
)


def test_protection_keywords_come_after_the_others_in_the_kernels_order():
    """The protection keywords (from each colour in WUBRG order, from everything) and
    hexproof from instants follow combat's restrictions: no earlier bit moves, and all fit the
    observation's 32 keyword bits."""
    names = tuple(cardstate.KEYWORDS)
    assert names[23:] == (
        "protection from white",
        "protection from blue",
        "protection from black",
        "protection from red",
        "protection from green",
        "protection from everything",
        "hexproof from instants",
    )
    assert len(names) <= 32


def test_akromas_memorial_text_and_coverage():
    """The Oracle text; the card is playable."""
    oracle(
        MEMORIAL,
        "Creatures you control have flying, first strike, vigilance, trample, haste, and "
        "protection from black and from red.",
    )
    assert coverage.card_coverage(MEMORIAL).playable


def _memorial(impl, *theirs):
    """The active player's first main phase with Akroma's Memorial and Savannah Lions, its
    opponent with ``theirs``; returns the duel, the player, its Lions and the opponent's."""
    d = _duel(impl, land="Mountain")
    a = d.active_player()
    d.add_card(a, MEMORIAL, "battlefield")
    lions = d.add_card(a, LIONS, "battlefield")
    others = [d.add_card(1 - a, n, "battlefield") for n in theirs]
    return d, a, lions, others


@pytest.mark.parametrize("impl", IMPLS)
def test_creatures_you_control_have_the_keywords(impl):
    """Its controller's creature has each keyword, a creature entering later too; the
    opponent's has none of them (613.1f: layer 6)."""
    d, a, lions, (theirs,) = _memorial(impl, LIONS)
    for k in GRANTED:
        assert d.game.has_keyword(lions, k), k
        assert not d.game.has_keyword(theirs, k), k
    later = d.add_card(a, HAWK, "battlefield")
    assert d.game.has_keyword(later, "protection from red")


@pytest.mark.parametrize("impl", IMPLS)
def test_702_16b_no_red_spell_targets_it(impl):
    """Burst Lightning (a red instant, "any target") can't target the protected creature,
    even its own controller's (702.16b: protection doesn't ask who controls the spell); the
    opponent's white creature and the players it can."""
    d, a, lions, (theirs,) = _memorial(impl, LIONS)
    for _ in range(5):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Burst Lightning", "hand")
    _act(d, "cast Burst Lightning")
    while d.decision() != "target":
        d.apply_action(d.legal_actions()[0])
    words = _words(d)
    assert not any(f"({lions})" in w for w in words), words
    assert any(f"({theirs})" in w for w in words), words


@pytest.mark.parametrize("impl", IMPLS)
def test_702_16e_damage_from_a_red_source_is_prevented(impl):
    """Slagstorm (red: "3 damage to each creature") deals none to the protected creature, 3 to
    the opponent's (which dies)."""
    d, a, lions, (theirs,) = _memorial(impl, LIONS)
    for _ in range(3):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Slagstorm", "hand")
    _act(d, "cast Slagstorm")
    _act(d, "choose mode 0")
    d.apply_action(0)
    d.apply_action(0)  # both pass: it resolves
    assert d.game.damage(lions) == 0
    assert theirs not in d.battlefield(1 - a)
    assert lions in d.battlefield(a)


@pytest.mark.parametrize("impl", IMPLS)
def test_702_16f_no_red_creature_blocks_it(impl):
    """The protected attacker (flying, from the Memorial) can be blocked by the opponent's
    white flyer, not by its red one."""
    d, a, lions, (hawk, whelp) = _memorial(impl, HAWK, WHELP)
    while d.decision() != "attack":
        d.apply_action(0)
    _act(d, "attack with")
    while d.decision() != "block":
        assert d.decision() == "priority" and d.step() == "declare attackers"
        d.apply_action(0)
    seen = set()
    while d.decision() == "block":
        words = _words(d)
        seen.update(w for w in words if w.startswith("block "))
        _act(d, "no block")
    assert any(d.game.name(hawk) in w for w in seen), seen
    assert not any(d.game.name(whelp) in w for w in seen), seen


MEMORIALS = _deck(
    {"Mountain": 9, "Plains": 8},
    [MEMORIAL, LIONS, HAWK, WHELP, "Burst Lightning", "Slagstorm", "Goblin Boarders"],
)


@pytest.mark.parametrize("seed", [3, 6, 7])
def test_akromas_memorials_play_alike_in_both_duels(seed):
    """Random games playing lands, attacking and casting Akroma's Memorial whenever offered
    (so that it is cast): the same legal actions,
    observations, outcome and bytes in both duels."""
    _, seen = duel_support.play_alike(
        MEMORIALS,
        MEMORIALS,
        seed,
        pool="fdn",
        format="limited",
        prefer=lambda w: w.startswith((f"cast {MEMORIAL}", "play ", "attack with ")),
        counted=lambda w: w.startswith(f"cast {MEMORIAL}"),
    )
    assert seen > 0
