"""Plot (702.170) in the duel, on both implementations, with a test card: the special action
(116.2k) that pays the plot cost and exiles the card from its owner's hand, only as a sorcery;
the cast from exile on a later turn without paying its mana cost (702.170d); random games of it
play alike in both duels."""

from __future__ import annotations

from collections import Counter
from typing import Any

import duel_support
import pytest
from cardstate.cards import CardPool, InvalidCard, compile_card
from cardstate.cards.vocab import YOU, Card, Draw, ManaAbility, Plot, Spell
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from test_pauper_duel import _act, _names, _to_main, _words

MOUNTAIN = Card(
    "Mountain",
    ("land",),
    supertypes=("basic",),
    subtypes=("Mountain",),
    oracle="({T}: Add {R}.)",
    abilities=(ManaAbility("R"),),
)
# A test card: its plot cost is cheaper than its mana cost, so what was paid shows.
HEIST = Card(
    "Plotted Heist",
    ("sorcery",),
    cost="{2}{R}",
    oracle="Draw two cards.\nPlot {R}",
    abilities=(Spell(Draw(YOU, 2)), Plot("{R}")),
)
POOL = CardPool([MOUNTAIN, HEIST], name="plot")
DUELS = pytest.mark.parametrize("impl", [Duel, ReferenceDuel], ids=["native", "reference"])


def _duel(impl: Any, deck: list[str] | None = None, seed: int = 3) -> Any:
    deck = deck or ["Mountain"] * 40
    return impl(deck, deck, pool=POOL, seed=seed, auto_pass=False, mulligans=False)


def _untapped(d: Any, p: int) -> int:
    return sum(not d.game.is_tapped(x) for x in d.game.objects("battlefield", p))


def _plot_heist(d: Any, mountains: int) -> int:
    """The active player, in its first main phase with ``mountains`` Mountains, chooses
    Plotted Heist in its hand; returns that player."""
    _to_main(d)
    a = d.active_player()
    for _ in range(mountains):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Plotted Heist", "hand")
    _act(d, "cast Plotted Heist")
    return a


def _to_next_main(d: Any, a: int) -> None:
    """Passes until ``a``'s next first main phase."""
    turn = d.turn()
    while not (d.turn() > turn and d.active_player() == a and d.step() == "main1"):
        d.apply_action(d.legal_actions()[0] if d.decision() != "priority" else 0)


@DUELS
def test_plot_is_a_special_action_that_exiles_the_card_702_170a(impl: Any) -> None:
    """CR 702.170a: "Plot [cost]" means "Any time you have priority during your turn, if the
    stack is empty, you may pay [cost] and exile this card from your hand. This is a special
    action." (116.2k: only as a sorcery.) A card that can be both cast and plotted asks which
    (a yes/no decision); yes pays the plot cost ({R}, not {2}{R}) and exiles it, and the player
    keeps priority (116.3). It can't be cast the turn it was plotted (702.170d)."""
    d = _duel(impl)
    a = _plot_heist(d, 3)
    assert d.decision() == "yes_no" and d.current_player() == a
    assert _words(d) == ["yes, plot Plotted Heist", "no, cast Plotted Heist"]
    hand = len(d.hand(a))
    _act(d, "yes, plot Plotted Heist")
    assert _names(d, "exile", a) == ["Plotted Heist"]
    assert len(d.hand(a)) == hand - 1
    assert _untapped(d, a) == 2  # the plot cost {R} paid
    assert d.decision() == "priority" and d.current_player() == a
    assert not [w for w in _words(d) if "exile slot" in w]  # 702.170d: a later turn


def test_plot_belongs_to_a_card_that_is_cast_702_170a() -> None:
    """A land isn't cast: a plot ability on one is refused as the card is compiled."""
    land = Card("Plotted Land", ("land",), oracle="Plot {R}", abilities=(Plot("{R}"),))
    with pytest.raises(InvalidCard, match="plot is a spell's"):
        compile_card(land)


@DUELS
def test_plot_only_as_a_sorcery_116_2k(impl: Any) -> None:
    """CR 116.2k: plotting is a special action its owner takes only during their own turn, in
    a main phase, with an empty stack: in the opponent's turn the card isn't offered (it can't
    be cast then either)."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    d.add_card(1 - a, "Mountain", "battlefield")
    d.add_card(1 - a, "Plotted Heist", "hand")
    while d.current_player() != 1 - a or d.decision() != "priority":
        d.apply_action(0)
    assert not [w for w in _words(d) if "Plotted Heist" in w]


@DUELS
def test_no_casts_it_for_its_mana_cost(impl: Any) -> None:
    """The other answer casts the card from the hand for its mana cost (601.2)."""
    d = _duel(impl)
    a = _plot_heist(d, 3)
    hand = len(d.hand(a))
    _act(d, "no, cast Plotted Heist")
    assert _untapped(d, a) == 0 and _names(d, "exile", a) == []
    d.apply_action(0)
    d.apply_action(0)
    assert len(d.hand(a)) == hand + 1 and _names(d, "graveyard", a) == ["Plotted Heist"]


@DUELS
def test_a_plotted_card_is_cast_later_without_paying_its_mana_cost_702_170d(impl: Any) -> None:
    """CR 702.170d: a plotted card's owner may cast it from exile "without paying its mana
    cost ... during their main phase while the stack is empty" on a later turn than the turn it
    became plotted. With one Mountain it can't be cast for {2}{R}: choosing it plots it without
    a decision; on the owner's next turn its exile slot casts it with no mana paid."""
    d = _duel(impl)
    a = _plot_heist(d, 1)
    assert d.decision() == "priority" and _names(d, "exile", a) == ["Plotted Heist"]
    _to_next_main(d, 1 - a)
    assert not [w for w in _words(d) if "exile slot" in w]  # not in the opponent's turn
    _to_next_main(d, a)
    hand = len(d.hand(a))
    untapped = _untapped(d, a)
    _act(d, "cast Plotted Heist (exile slot 0)")
    assert _untapped(d, a) == untapped  # without paying its mana cost
    d.apply_action(0)
    d.apply_action(0)
    assert len(d.hand(a)) == hand + 2 and _names(d, "graveyard", a) == ["Plotted Heist"]
    assert _names(d, "exile", a) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_plot_plays_alike_in_both_duels(seed: int) -> None:
    """Random games with a plot card play the same in both duels: the same legal actions,
    words, observations, outcome and bytes; cards are plotted and cast from exile."""
    deck = ["Plotted Heist"] * 16 + ["Mountain"] * 24
    seen: Counter[str] = Counter()

    def watch(native: Any, words: list[str]) -> None:
        seen["plots"] += any("yes, plot" in w for w in words)
        seen["casts"] += any("exile slot" in w for w in words)

    duel_support.play_alike(
        deck, deck, seed, pool=POOL, prefer=lambda w: "plot" in w or "exile" in w, watch=watch
    )
    plots, casts = seen["plots"], seen["casts"]
    assert plots > 0 and casts > 0
