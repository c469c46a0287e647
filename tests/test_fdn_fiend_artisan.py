"""Fiend Artisan: "This creature gets +1/+1 for each creature card in your graveyard." (613.4c)
and "{X}{B/G}, {T}, Sacrifice another creature: Search your library for a creature card with
mana value X or less, put it onto the battlefield, then shuffle. Activate only as a sorcery."
(107.3, 601.2b, 602.2b: X announced as it is activated; 701.23a); in the native and the
reference duel alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _words

FIEND = "Fiend Artisan"
ELVES = "Llanowar Elves"  # {G}: mana value 1
ELITE = "Dwynen's Elite"  # {1}{G}: mana value 2
ANGEL = "Serra Angel"  # {3}{W}{W}: mana value 5
LIONS = "Savannah Lions"


def test_fiend_artisan_text_and_coverage():
    """The Oracle text; the card is playable."""
    oracle(
        FIEND,
        "This creature gets +1/+1 for each creature card in your graveyard.\n"
        "{X}{B/G}, {T}, Sacrifice another creature: Search your library for a creature card "
        "with mana value X or less, put it onto the battlefield, then shuffle. Activate only as "
        "a sorcery.",
    )
    assert coverage.card_coverage(FIEND).playable


def _fiend(impl):
    """A player's Fiend Artisan with Savannah Lions and three Swamps; in its graveyard Llanowar
    Elves and Giant Growth, in its opponent's Llanowar Elves; in its library Serra Angel,
    Dwynen's Elite and Llanowar Elves under a Swamp. Returns the duel, the player and the
    Fiend, in that player's first main phase."""
    d = _duel(impl)
    a = d.active_player()
    fiend = d.add_card(a, FIEND, "battlefield")
    d.add_card(a, LIONS, "battlefield")
    for _ in range(3):
        d.add_card(a, "Swamp", "battlefield")
    d.add_card(a, ELVES, "graveyard")
    d.add_card(a, "Giant Growth", "graveyard")
    d.add_card(1 - a, ELVES, "graveyard")
    for name in (ANGEL, ELITE, ELVES, "Swamp"):
        d.add_card(a, name, "library")
    return d, a, fiend


@pytest.mark.parametrize("impl", IMPLS)
def test_it_gets_plus_1_plus_1_for_each_creature_card_in_your_graveyard_613_4c(impl):
    """One creature card in its controller's graveyard (the instant and the opponent's
    creature card don't count): 2/2; the sacrificed Lions makes it 3/3."""
    d, a, fiend = _fiend(impl)
    _next_turn_of(d, a)
    assert (d.game.power(fiend), d.game.toughness(fiend)) == (2, 2)
    _act(d, f"activate {FIEND}")
    _act(d, "choose 0")
    _act(d, f"sacrifice {LIONS}")
    assert (d.game.power(fiend), d.game.toughness(fiend)) == (3, 3)


@pytest.mark.parametrize("impl", IMPLS)
def test_x_is_announced_as_it_is_activated_107_3_601_2b(impl):
    """With three Swamps, {T} and {B/G} to pay: X is 0, 1 or 2 (the `number` decision), then
    the creature sacrificed; X + 1 Swamps are tapped."""
    d, a, fiend = _fiend(impl)
    _next_turn_of(d, a)
    _act(d, f"activate {FIEND}")
    assert d.decision() == "number"
    assert _words(d) == ["choose 0", "choose 1", "choose 2"]
    _act(d, "choose 1")
    assert _words(d) == [f"sacrifice {LIONS} ({_named(d, a, LIONS)[0]})"]
    _act(d, f"sacrifice {LIONS}")
    swamps = _named(d, a, "Swamp")
    assert d.game.is_tapped(fiend)
    assert sum(d.game.is_tapped(s) for s in swamps) == 2


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize(("x", "found"), [(0, []), (1, [ELVES]), (2, [ELITE, ELVES])])
def test_it_finds_a_creature_card_with_mana_value_x_or_less_701_23a(impl, x, found):
    """The search offers the creature cards of mana value X or less (Serra Angel, 5, never),
    and finding nothing (701.23b: a stated quality); the card found enters the battlefield.
    With X = 0 there is none: nothing is asked and nothing enters."""
    d, a, _ = _fiend(impl)
    _next_turn_of(d, a)
    _act(d, f"activate {FIEND}")
    _act(d, f"choose {x}")
    _act(d, f"sacrifice {LIONS}")
    for _ in range(2):
        if d.decision() == "priority":
            d.apply_action(0)  # both pass: it resolves
    if not found:
        assert d.decision() == "priority"
        assert not any(_named(d, a, n) for n in (ELVES, ELITE, ANGEL))
        return
    assert d.decision() == "choose_card"
    assert [w.split(" (")[0] for w in _words(d)] == ["find nothing"] + [
        f"find {n}" for n in sorted(found)
    ]
    _act(d, f"find {found[0]}")
    assert _named(d, a, found[0])


FIENDS = _deck(
    {"Swamp": 9, "Forest": 8},
    [FIEND, ELVES, ELITE, LIONS, "Giant Growth", "Gnarlid Colony"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_fiend_artisans_play_alike_in_both_duels(seed):
    """Random games casting and activating Fiend Artisan whenever offered: the same legal
    actions, observations, outcome and bytes in both duels."""
    _, seen = duel_support.play_alike(
        FIENDS,
        FIENDS,
        seed,
        pool="fdn",
        format="limited",
        prefer=lambda w: w.startswith(f"cast {FIEND}") or w.startswith(f"activate {FIEND}"),
    )
    assert seen > 0


@pytest.mark.parametrize("impl", IMPLS)
def test_activate_only_as_a_sorcery_602_5d(impl):
    """In its controller's main phase with an empty stack it is offered; with priority in the
    opponent's main phase it isn't (602.5d, 307.1)."""
    d, a, _ = _fiend(impl)
    _next_turn_of(d, a)
    assert any(w.startswith(f"activate {FIEND}") for w in _words(d))
    _next_turn_of(d, 1 - a)
    d.apply_action(0)  # the active player passes: a has priority in its opponent's turn
    assert d.current_player() == a and d.decision() == "priority"
    assert not any(w.startswith(f"activate {FIEND}") for w in _words(d))
