"""Quilled Greatwurm: "Whenever a creature you control deals combat damage during your turn, put
that many +1/+1 counters on it." (510.2: combat damage to anything, on its controller's turn
only; "It must survive to get the counters.") and "You may cast this card from your graveyard by
removing six counters from among creatures you control in addition to paying its other costs."
(601.2a, 601.2f-h), its Oracle text quoted, on a bare game of both kernels and in the native and
the reference duel alike."""

from __future__ import annotations

import dataclasses

import duel_support
import pytest
from cardstate.cards import compile_card, coverage
from cardstate.cards import vocab as v
from fdn_support import FDN, fired, oracle, put, resolve
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _pass_until, _words

GREATWURM = (
    "Trample\nWhenever a creature you control deals combat damage during your turn, put that "
    "many +1/+1 counters on it. (It must survive to get the counters.)\nYou may cast this card "
    "from your graveyard by removing six counters from among creatures you control in addition "
    "to paying its other costs."
)


def test_the_card_is_whole():
    oracle("Quilled Greatwurm", GREATWURM)
    assert coverage.card_coverage("Quilled Greatwurm").playable


@pytest.mark.parametrize("n", [0, 256, True])
def test_a_bad_count_of_counters_or_a_land_is_refused_as_it_compiles(n):
    """The counters removed are 1 to 255; a land isn't cast (601.2a)."""
    wurm = FDN["Quilled Greatwurm"].card
    bad = dataclasses.replace(wurm, abilities=(v.CastFromGraveyardRemovingCounters(n),))
    with pytest.raises(ValueError, match="abilities\\[0\\]"):
        compile_card(bad)
    land = dataclasses.replace(
        FDN["Forest"].card, abilities=(v.CastFromGraveyardRemovingCounters(6),)
    )
    with pytest.raises(ValueError, match="a land isn't cast"):
        compile_card(land)


def test_combat_damage_during_your_turn_fires_with_that_many_510_2(game):
    """On a bare game (both kernels): combat damage a creature of the Greatwurm's controller
    deals, to a player or a creature, while that player is the active player fires the
    ability with the damage dealt, and resolving it puts that many +1/+1 counters on that
    creature; noncombat damage, and combat damage on the opponent's turn, fire nothing."""
    g = game()
    put(g, "Quilled Greatwurm")
    elves = put(g, "Llanowar Elves")
    bears = put(g, "Savannah Lions", player=1)
    g.active_player = 0
    g.take_events()
    g.deal_damage(elves, 1, 3, combat=True)
    (f,) = fired(g)
    assert (f.card, f.triggering, f.amount) == ("Quilled Greatwurm", elves, 3)
    resolve(g, f)
    assert g.counters(elves).get("+1/+1") == 3
    g.deal_damage(elves, bears, 1, combat=True)
    assert [x.amount for x in fired(g)] == [1]
    g.deal_damage(elves, 1, 2)
    assert fired(g) == []  # noncombat damage
    g.active_player = 1
    g.deal_damage(elves, bears, 1, combat=True)
    assert fired(g) == []  # the opponent's turn


def _attack(d, a, attackers, blocks=()):
    """From a's first main phase: a attacks with ``attackers`` (names), the others don't; the
    defending player blocks as ``blocks`` says ((blocker, attacker) names), the others don't;
    plays on until a's second main phase."""
    _pass_until(d, lambda: d.decision() == "attack")
    while d.decision() == "attack":
        (w,) = [w for w in _words(d) if w.startswith(("attack with", "no attack with"))][:1]
        name = w.split(" with ", 1)[1].rsplit(" (", 1)[0]
        _act(d, ("attack with " if name in attackers else "no attack with ") + name)
    while not (d.step() == "main2" and d.current_player() == a):
        if d.decision() == "block":
            wanted = [
                w
                for w in _words(d)
                for blocker, attacker in blocks
                if w.startswith(f"block {attacker}") and f" with {blocker} (" in w
            ]
            _act(d, wanted[0] if wanted else "no block")
            continue
        d.apply_action(d.legal_actions()[0])


def _counters(d, x):
    return d.game.counters(x).get("+1/+1", 0)


@pytest.mark.parametrize("impl", IMPLS)
def test_combat_damage_puts_that_many_counters_on_the_creature(impl):
    """The Greatwurm (7, trample) and Llanowar Elves attack; Savannah Lions blocks the Elves.
    The Greatwurm deals 7 to the defending player and gets seven +1/+1 counters; the Elves deal
    1 to the Lions but die: it must survive to get the counter (it gets none)."""
    d = _duel(impl, "Forest")
    a, b = d.active_player(), 1 - d.active_player()
    wurm = d.add_card(a, "Quilled Greatwurm", "battlefield")
    elves = d.add_card(a, "Llanowar Elves", "battlefield")
    d.add_card(b, "Savannah Lions", "battlefield")
    _next_turn_of(d, a)
    life = d.game.life(b)
    _attack(d, a, ("Quilled Greatwurm", "Llanowar Elves"), (("Savannah Lions", "Llanowar Elves"),))
    assert d.game.life(b) == life - 7
    assert _counters(d, wurm) == 7
    assert elves not in d.battlefield(a)


@pytest.mark.parametrize("impl", IMPLS)
def test_no_counters_for_combat_damage_on_an_opponents_turn(impl):
    """On the opponent's turn the Greatwurm blocks Savannah Lions and deals it 7 combat damage:
    no counters (it is not its controller's turn)."""
    d = _duel(impl, "Forest")
    a, b = d.active_player(), 1 - d.active_player()
    wurm = d.add_card(a, "Quilled Greatwurm", "battlefield")
    lions = d.add_card(b, "Savannah Lions", "battlefield")
    _next_turn_of(d, b)
    _attack(d, b, ("Savannah Lions",), (("Quilled Greatwurm", "Savannah Lions"),))
    assert lions not in d.battlefield(b)
    assert _counters(d, wurm) == 0


@pytest.mark.parametrize("impl", IMPLS)
def test_cast_from_the_graveyard_by_removing_six_counters_601_2h(impl):
    """A Greatwurm in the graveyard isn't offered while a's creatures have fewer than six
    counters among them. After the attack the Elves have one and the Greatwurm seven: it is
    cast from the graveyard (`cast Quilled Greatwurm (graveyard slot g)`), its mana cost paid,
    and six counters are removed by the duels' rule (a's creatures in slot order: the Elves'
    one, then five of the Greatwurm's)."""
    d = _duel(impl, "Forest")
    a = d.active_player()
    elves = d.add_card(a, "Llanowar Elves", "battlefield")
    wurm = d.add_card(a, "Quilled Greatwurm", "battlefield")
    for _ in range(6):
        d.add_card(a, "Forest", "battlefield")
    d.add_card(a, "Quilled Greatwurm", "graveyard")
    _next_turn_of(d, a)
    assert not any("(graveyard slot" in w for w in _words(d))
    _attack(d, a, ("Quilled Greatwurm", "Llanowar Elves"))
    assert (_counters(d, elves), _counters(d, wurm)) == (1, 7)
    assert "cast Quilled Greatwurm (graveyard slot 0)" in _words(d)
    _act(d, "cast Quilled Greatwurm (graveyard slot 0)")
    assert (_counters(d, elves), _counters(d, wurm)) == (0, 2)
    assert not d.game.objects("graveyard", a)
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert len(_named(d, a, "Quilled Greatwurm")) == 2


GREATWURMS = _deck(
    {"Forest": 17},
    ["Quilled Greatwurm", "Llanowar Elves", "Quilled Greatwurm", "Elvish Archdruid"],
)


@pytest.mark.parametrize("seed", [3, 11])
def test_quilled_greatwurm_plays_alike_in_both_duels(seed):
    """Random games casting Greatwurms and attacking whenever possible, and casting one from a
    graveyard whenever offered: the same actions, observations and bytes in both duels (a
    Greatwurm was offered from a graveyard, its counters there to remove)."""

    def from_graveyard(w):
        return "(graveyard slot" in w

    def prefer(w):
        return w.startswith(("play ", "cast Quilled", "attack with")) or from_graveyard(w)

    _, seen = duel_support.play_alike(
        GREATWURMS,
        GREATWURMS,
        seed,
        pool="fdn",
        format="limited",
        prefer=prefer,
        counted=from_graveyard,
    )
    assert seen > 0
