"""Treasure tokens (111.10a) in both duels: "{T}, Sacrifice this token: Add one mana of any
color." is a mana ability (605.1a) the automatic payment uses after the lands, sacrificing the
Treasure as it pays (docs/DUEL.md, "Mana"); and the Foundations cards that make Treasures, each
card's Oracle text quoted."""

from __future__ import annotations

import pytest
from fdn_support import oracle, pt
from test_fdn_duel import play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _pass_until, _words

TREASURE = '(It\'s an artifact with "{T}, Sacrifice this token: Add one mana of any color.")'


def _with(d, p, names, zone="battlefield"):
    """Player p gets a card of each name in ``zone``."""
    return [d.add_card(p, n, zone) for n in names]


def _casts(d, name):
    """Whether casting ``name`` is among the legal actions."""
    return any(w.startswith(f"cast {name}") for w in _words(d))


def _treasures(d, p):
    """Player p's Treasure tokens on the battlefield."""
    return _named(d, p, "Treasure Token")


@pytest.mark.parametrize("impl", IMPLS)
def test_a_treasure_pays_after_the_lands_and_is_sacrificed_111_10a_605_1a(impl):
    """With a Forest and a Treasure, Giant Growth ({G}) is paid by the Forest and the Treasure
    stays; a second Giant Growth is offered with the Treasure alone (it adds any colour) and
    paying with it sacrifices it (it leaves the battlefield). With neither, none is offered."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    (forest, treasure, lions) = _with(d, a, ["Forest", "Treasure Token", "Savannah Lions"])
    _with(d, a, ["Giant Growth"] * 2, "hand")
    _act(d, "cast Giant Growth")
    _act(d, "target Savannah Lions")
    assert d.is_tapped(forest) and not d.is_tapped(treasure)
    assert _treasures(d, a) == [treasure]
    assert _casts(d, "Giant Growth")
    _act(d, "cast Giant Growth")
    _act(d, "target Savannah Lions")
    assert _treasures(d, a) == [] and d.game.zone(treasure) != "battlefield"
    assert not _casts(d, "Giant Growth")
    _pass_until(d, lambda: pt(d.game, lions) == (8, 7))


@pytest.mark.parametrize("impl", IMPLS)
def test_a_mana_creature_pays_before_a_treasure(impl):
    """Llanowar Elves (no longer summoning sick, 302.6) and a Treasure: Giant Growth is paid by
    tapping the Elves; the Treasure, which adds any of five colours, is kept."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    (elves, treasure) = _with(d, a, ["Llanowar Elves", "Treasure Token"])
    _next_turn_of(d, a)
    _with(d, a, ["Giant Growth"], "hand")
    _act(d, "cast Giant Growth")
    _act(d, "target Llanowar Elves")
    assert d.is_tapped(elves) and _treasures(d, a) == [treasure]


@pytest.mark.parametrize("impl", IMPLS)
def test_brass_s_bounty(impl):
    """'For each land you control, create a Treasure token.' — the lands counted as it
    resolves, tapped or not: seven Mountains (tapped to cast it) make seven Treasures, and one
    of them then pays for a green Giant Growth the Mountains couldn't."""
    oracle("Brass's Bounty", "For each land you control, create a Treasure token. " + TREASURE)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    _with(d, a, ["Mountain"] * 7 + ["Savannah Lions"])
    _with(d, a, ["Brass's Bounty", "Giant Growth"], "hand")
    assert not _casts(d, "Giant Growth")
    _act(d, "cast Brass's Bounty")
    _pass_until(d, lambda: len(_treasures(d, a)) == 7)
    assert _casts(d, "Giant Growth")
    _act(d, "cast Giant Growth")
    _act(d, "target Savannah Lions")
    assert len(_treasures(d, a)) == 6


@pytest.mark.parametrize("impl", IMPLS)
def test_gleaming_barrier(impl):
    """'Defender\\nWhen this creature dies, create a Treasure token.' — destroyed by Hero's
    Downfall, the Barrier's controller (not the caster) creates the Treasure (603.3a)."""
    oracle(
        "Gleaming Barrier",
        "Defender\nWhen this creature dies, create a Treasure token. " + TREASURE,
    )
    d = _duel(impl, "Swamp")
    a = d.active_player()
    _with(d, a, ["Swamp"] * 3)
    (barrier,) = _with(d, 1 - a, ["Gleaming Barrier"])
    _with(d, a, ["Hero's Downfall"], "hand")
    _act(d, "cast Hero's Downfall")
    _act(d, "target Gleaming Barrier")
    _pass_until(d, lambda: len(_treasures(d, 1 - a)) == 1)
    assert d.game.zone(barrier) != "battlefield" and _treasures(d, a) == []


@pytest.mark.parametrize("impl", IMPLS)
def test_an_offer_you_can_t_refuse(impl):
    """'Counter target noncreature spell. Its controller creates two Treasure tokens.' — the
    countered Giant Growth's caster, not the Offer's, gets the two Treasures; a creature spell
    isn't a target (the Offer isn't offered against Healer's Hawk)."""
    oracle(
        "An Offer You Can't Refuse",
        "Counter target noncreature spell. Its controller creates two Treasure tokens. "
        '(They\'re artifacts with "{T}, Sacrifice this token: Add one mana of any color.")',
    )
    d = _duel(impl, "Swamp")
    a = d.active_player()
    (lions,) = _with(d, a, ["Savannah Lions"])
    _with(d, a, ["Forest", "Plains"])
    _with(d, 1 - a, ["Island"])
    _with(d, a, ["Giant Growth", "Healer's Hawk"], "hand")
    _with(d, 1 - a, ["An Offer You Can't Refuse"], "hand")
    _act(d, "cast Healer's Hawk")
    _act(d, "pass")
    assert d.current_player() == 1 - a and not _casts(d, "An Offer")
    _act(d, "pass")
    _act(d, "cast Giant Growth")
    _act(d, "target Savannah Lions")
    _act(d, "pass")
    assert d.current_player() == 1 - a
    _act(d, "cast An Offer")
    _act(d, "target Giant Growth")
    _pass_until(d, lambda: len(_treasures(d, a)) == 2)
    assert _treasures(d, 1 - a) == [] and pt(d.game, lions) == (2, 1)
    assert "Giant Growth" in [d.game.name(x) for x in d.game.objects("graveyard", a)]


TREASURES = (
    ["Mountain"] * 9
    + ["Island"] * 8
    + ["Brass's Bounty"] * 4
    + ["An Offer You Can't Refuse"] * 6
    + ["Gleaming Barrier"] * 6
    + ["Giant Growth"] * 3
    + ["Boltwave"] * 4
)


@pytest.mark.parametrize("seed", [41, 42])
def test_treasures_play_alike_in_both_duels(seed):
    """Treasures made, counted as mana, paid with and sacrificed play the same games in both
    duels."""
    assert len(TREASURES) == 40
    taken = play_alike(TREASURES, TREASURES, seed)
    assert taken


@pytest.mark.parametrize("impl", IMPLS)
def test_a_cost_that_takes_the_only_target_ends_the_activation_602_2b_608_2b(impl):
    """Cathar Commando's "{1}, Sacrifice this creature: Destroy target artifact or
    enchantment." with a Treasure as the only artifact and the only mana: it is offered (the
    Treasure is a legal target, 601.2c), and paying its {1} sacrifices the Treasure. The duel
    pays an activation's costs before its targets are chosen (docs/DUEL.md), so no target is
    left: the activation ends as the ability would on resolution with its target illegal
    (608.2b) — both costs paid, nothing destroyed, its controller holding priority again."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    (treasure, commando) = _with(d, a, ["Treasure Token", "Cathar Commando"])
    _act(d, "activate Cathar Commando")
    assert d.decision() == "priority"
    assert d.current_player() == a
    assert d.legal_actions()
    assert not _treasures(d, a)
    assert not _named(d, a, "Cathar Commando")
    assert d.game.zone(commando) == "graveyard"
