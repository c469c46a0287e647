"""Etali, Primal Storm: "Whenever Etali attacks, exile the top card of each player's library,
then you may cast any number of spells from among those cards without paying their mana costs."
(601.2, 118.9), its Oracle text quoted, on a bare game of both kernels and in the native and the
reference duel alike: each card exiled is offered in turn (a ``yes_no`` decision; a land isn't),
cast without its mana cost whoever owns it, and a permanent spell cast from an opponent's card
enters under its caster's control (608.3a); a card not cast stays in exile."""

from __future__ import annotations

import json

import duel_support
import pytest
from cardstate import cards
from cardstate.cards import CardPool, coverage
from fdn_support import FDN, ability, oracle, put, resolve
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _pass_until, _words

ETALI = (
    "Whenever Etali attacks, exile the top card of each player's library, then you may cast "
    "any number of spells from among those cards without paying their mana costs."
)


def test_the_card_is_whole():
    oracle("Etali, Primal Storm", ETALI)
    assert coverage.card_coverage("Etali, Primal Storm").playable


def test_a_bare_game_exiles_the_top_card_of_each_library(game):
    """On a bare game (both kernels) the ability exiles each player's top card (the lowest
    library id) and casts nothing."""
    g = game()
    etali = put(g, "Etali, Primal Storm")
    mine = [put(g, "Serra Angel", 0, "library"), put(g, "Mountain", 0, "library")]
    put(g, "Burst Lightning", 1, "library")
    i = ability("Etali, Primal Storm", "triggered")
    resolve(g, cards.Fired(etali, 0, "Etali, Primal Storm", i, etali))
    assert [g.name(x) for x in g.objects("exile", 0)] == ["Serra Angel"]
    assert [g.name(x) for x in g.objects("exile", 1)] == ["Burst Lightning"]
    assert g.objects("library", 0) == [mine[1]] and not g.objects("library", 1)
    assert not g.objects("stack")


def _attack_with_etali(impl, mine, theirs):
    """Player a controls Etali and a Mountain, and b a Savannah Lions; on a's turn the top of
    a's library is ``mine`` and of b's ``theirs``; Etali attacks, and its ability resolves up
    to the first card offered."""
    d = _duel(impl, "Mountain")
    a, b = d.active_player(), 1 - d.active_player()
    d.add_card(a, "Etali, Primal Storm", "battlefield")
    d.add_card(a, "Mountain", "battlefield")
    d.add_card(b, "Savannah Lions", "battlefield")
    _next_turn_of(d, a)
    d.add_card(a, mine, "library")
    d.add_card(b, theirs, "library")
    _pass_until(d, lambda: d.decision() == "attack")
    _act(d, "attack with Etali")
    _pass_until(d, lambda: d.decision() == "yes_no", limit=20)
    return d, a, b


@pytest.mark.parametrize("impl", IMPLS)
def test_spells_among_the_exiled_cards_are_cast_free_whoever_owns_them(impl):
    """a's Burst Lightning and b's Serra Angel are exiled; a casts both without paying their
    mana costs (its Mountain stays untapped), Burst Lightning at Savannah Lions; the Angel, b's
    card, enters under a's control (608.3a) and Burst Lightning goes to a's graveyard."""
    d, a, b = _attack_with_etali(impl, "Burst Lightning", "Serra Angel")
    offered = []
    while d.decision() == "yes_no":
        (yes,) = [w for w in _words(d) if w.startswith("yes, cast")]
        offered.append(yes)
        _act(d, yes)
        while d.decision() == "target":
            _act(d, "target Savannah Lions")
    assert sorted(offered) == [
        "yes, cast Burst Lightning without paying its mana cost",
        "yes, cast Serra Angel without paying its mana cost",
    ]
    assert len(d.game.objects("stack")) == 2
    (mountain,) = _named(d, a, "Mountain")
    assert not d.is_tapped(mountain)
    _pass_until(d, lambda: not d.game.objects("stack"), limit=20)
    (angel,) = _named(d, a, "Serra Angel")
    assert d.game.controller(angel) == a and d.game.owner(angel) == b
    assert not _named(d, b, "Savannah Lions")
    assert [d.game.name(x) for x in d.game.objects("graveyard", a)] == ["Burst Lightning"]


@pytest.mark.parametrize("impl", IMPLS)
def test_a_land_isnt_offered_and_a_card_not_cast_stays_in_exile(impl):
    """a's top card is a Mountain (a land: not offered) and b's a Serra Angel, which a
    declines: it stays in b's exile, and the game goes on (a has priority in combat)."""
    d, a, b = _attack_with_etali(impl, "Mountain", "Serra Angel")
    assert _words(d) == [
        "yes, cast Serra Angel without paying its mana cost",
        "no, don't cast Serra Angel",
    ]
    _act(d, "no, don't cast")
    assert d.decision() == "priority" and d.current_player() == a
    assert [d.game.name(x) for x in d.game.objects("exile", b)] == ["Serra Angel"]
    assert [d.game.name(x) for x in d.game.objects("exile", a)] == ["Mountain"]


STORM = _deck(
    {"Mountain": 17},
    ["Etali, Primal Storm", "Burst Lightning", "Etali, Primal Storm", "Savannah Lions"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_etali_plays_alike_in_both_duels(seed):
    """Random games casting Etali and attacking whenever possible, and casting the cards it
    exiles: the same actions, observations and bytes in both duels (a card was offered)."""

    def free(w):
        return w.endswith("without paying its mana cost")

    def prefer(w):
        return w.startswith(("play ", "cast Etali", "attack with Etali")) or free(w)

    _, seen = duel_support.play_alike(
        STORM, STORM, seed, pool="fdn", format="limited", prefer=prefer, counted=free
    )
    assert seen > 0


def test_only_the_top_card_of_each_library_is_cast_free_in_compiled_data():
    """A compiled impulse draw that chooses one card ("exile_top_choose_one") can't say
    "cast_free": the Rust runtime refuses the pool as it reads it (a clear ValueError)."""
    data = json.loads(FDN.json)
    (raider,) = [c for c in data["cards"] if c["name"] == "Strongbox Raider"]
    ops = [op for a in raider["abilities"] for op in a.get("program") or ()]
    (op,) = [op for op in ops if op["op"] == "exile_top_choose_one"]
    op["until"] = "cast_free"
    with pytest.raises(ValueError, match="Strongbox Raider"):
        CardPool.from_json(json.dumps(data), name="hostile")
