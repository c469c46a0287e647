"""Casting a graveyard card by a permission: Zul Ashur, Lich Lord's "{T}: You may cast target
Zombie creature card from your graveyard this turn." and its "Ward—Pay 2 life." (702.21a, a
ward cost that is life, 119.4), and Sphinx of Forgotten Lore's "target instant or sorcery card
in your graveyard gains flashback until end of turn" (702.34a), their Oracle texts quoted and
shown in the native and the reference duel alike. The permission is for that card this turn
(601.2, 307.1: cast as from the hand, paying its mana cost), and ends with the turn; a card
cast with the flashback it gained is exiled as it leaves the stack."""

from __future__ import annotations

import duel_support
import pytest
from fdn_support import oracle, pt
from test_fdn_cards_ward import _growth_on_theirs
from test_fdn_duel import BOROS, _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _pass_until, _words

ZUL_ASHUR = (
    "Ward—Pay 2 life. (Whenever this creature becomes the target of a spell or ability an "
    "opponent controls, counter it unless that player pays 2 life.)\n"
    "{T}: You may cast target Zombie creature card from your graveyard this turn."
)


def _zul_and_graveyard(impl):
    """Player a controls Zul Ashur (since the turn began) and a Swamp; its graveyard holds a
    Diregraf Ghoul (a Zombie) and a Savannah Lions (not one)."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    d.add_card(a, "Zul Ashur, Lich Lord", "battlefield")
    d.add_card(a, "Swamp", "battlefield")
    d.add_card(a, "Savannah Lions", "graveyard")
    d.add_card(a, "Diregraf Ghoul", "graveyard")
    return d, a


def _activate_zul(d):
    """Activates Zul Ashur on Diregraf Ghoul and passes until it resolved; returns the words
    of the target decision."""
    _act(d, "activate Zul Ashur")
    targets = _words(d)
    _act(d, "target Diregraf Ghoul")
    _pass_until(d, lambda: _casts_ghoul(d))
    return targets


def _casts_ghoul(d):
    return any(w.startswith("cast Diregraf Ghoul") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_zul_ashur_lets_its_controller_cast_the_zombie_card_from_its_graveyard(impl):
    """Only the Zombie creature card is a target (not Savannah Lions); once the ability
    resolves, Diregraf Ghoul can be cast from the graveyard for its mana cost {B}: it enters
    the battlefield (tapped, as it says) and leaves the graveyard."""
    oracle("Zul Ashur, Lich Lord", ZUL_ASHUR)
    d, a = _zul_and_graveyard(impl)
    assert not _casts_ghoul(d)
    targets = _activate_zul(d)
    assert [w for w in targets if w.startswith("target")] == [
        w for w in targets if w.startswith("target Diregraf Ghoul")
    ]
    assert len([w for w in targets if w.startswith("target")]) == 1
    _act(d, "cast Diregraf Ghoul")
    _pass_until(d, lambda: not d.game.objects("stack"))
    (ghoul,) = _named(d, a, "Diregraf Ghoul")
    assert d.is_tapped(ghoul)
    assert [d.game.name(x) for x in d.game.objects("graveyard", a)] == ["Savannah Lions"]
    assert all(d.is_tapped(x) for x in _named(d, a, "Swamp"))


@pytest.mark.parametrize("impl", IMPLS)
def test_the_permission_needs_the_mana_cost_and_ends_with_the_turn(impl):
    """With its one Swamp tapped for nothing left, the Ghoul isn't offered; the permission is
    this turn's: on its controller's next turn, with mana, it is still not offered."""
    d, a = _zul_and_graveyard(impl)
    d.add_card(a, "Stab", "hand")
    _activate_zul(d)
    assert _casts_ghoul(d)
    # Stab ({B}) spends the only Swamp, on Zul Ashur itself (its own spell: no ward).
    _act(d, "cast Stab")
    _act(d, "target Zul Ashur")
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert not _casts_ghoul(d)
    _next_turn_of(d, 1 - a)
    _next_turn_of(d, a)
    assert not _casts_ghoul(d)


@pytest.mark.parametrize("impl", IMPLS)
def test_zul_ashur_ward_pay_2_life_702_21a(impl):
    """Ward—Pay 2 life: the opponent's Giant Growth on Zul Ashur asks its caster, who pays 2
    life (119.4); Zul Ashur is 5/5."""
    d, a, zul = _growth_on_theirs(impl, "Zul Ashur, Lich Lord", 1)
    life = d.game.life(a)
    _pass_until(d, lambda: d.decision() == "yes_no")
    assert d.current_player() == a
    _act(d, "yes")
    _pass_until(d, lambda: pt(d.game, zul) != (2, 2))
    assert d.game.life(a) == life - 2 and pt(d.game, zul) == (5, 5)


LICH_LORDS = _deck(
    {"Swamp": 17},
    ["Zul Ashur, Lich Lord", "Diregraf Ghoul", "Hungry Ghoul", "Stab", "Crypt Feaster"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_graveyard_permissions_play_alike_in_both_duels(seed):
    """Random games activating Zul Ashur and casting from the graveyard whenever possible: the
    same actions, observations and bytes in both duels (a card was cast from a graveyard)."""

    def from_graveyard(w):
        return w.startswith("cast ") and "graveyard slot" in w

    def prefer(w):
        return w.startswith("activate Zul Ashur") or from_graveyard(w)

    _, seen = duel_support.play_alike(
        LICH_LORDS, BOROS, seed, pool="fdn", format="limited", prefer=prefer, counted=from_graveyard
    )
    assert seen > 0


SPHINX = (
    "Flash (You may cast this spell any time you could cast an instant.)\n"
    "Flying\n"
    "Whenever this creature attacks, target instant or sorcery card in your graveyard gains "
    "flashback until end of turn. The flashback cost is equal to that card's mana cost. (You "
    "may cast that card from your graveyard for its flashback cost. Then exile it.)"
)


def _sphinx_attacks(impl):
    """Player a's Sphinx of Forgotten Lore attacks, with a Swamp untapped and a Stab and a
    Savannah Lions in its graveyard; player b has a Savannah Lions. Returns the duel, a, and
    the words of the trigger's target decision."""
    d = _duel(impl, "Island")
    a = d.active_player()
    d.add_card(a, "Sphinx of Forgotten Lore", "battlefield")
    d.add_card(a, "Swamp", "battlefield")
    d.add_card(a, "Savannah Lions", "graveyard")
    d.add_card(a, "Stab", "graveyard")
    d.add_card(1 - a, "Savannah Lions", "battlefield")
    while d.decision() != "attack":
        d.apply_action(0)
    _act(d, "attack with Sphinx")
    _pass_until(d, lambda: d.decision() == "target")
    targets = _words(d)
    _act(d, "target Stab")
    return d, a, targets


def _casts_stab(d):
    return "cast Stab with flashback (graveyard slot 1)" in _words(d)


@pytest.mark.parametrize("impl", IMPLS)
def test_sphinx_gives_an_instant_in_the_graveyard_flashback_702_34a(impl):
    """The attack trigger targets only the instant (not the creature card); Stab then has
    flashback for its mana cost {B}: cast from the graveyard during combat, it kills the
    opponent's Savannah Lions and is exiled, not put back into the graveyard (702.34a)."""
    oracle("Sphinx of Forgotten Lore", SPHINX)
    d, a, targets = _sphinx_attacks(impl)
    assert [w.split(" (")[0] for w in targets if w.startswith("target")] == ["target Stab"]
    _pass_until(d, lambda: _casts_stab(d))
    _act(d, "cast Stab")
    _act(d, "target Savannah Lions")
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert [d.game.name(x) for x in d.game.objects("graveyard", 1 - a)] == ["Savannah Lions"]
    assert [d.game.name(x) for x in d.game.objects("exile", a)] == ["Stab"]
    assert [d.game.name(x) for x in d.game.objects("graveyard", a)] == ["Savannah Lions"]


@pytest.mark.parametrize("impl", IMPLS)
def test_the_flashback_ends_with_the_turn(impl):
    """Not cast this turn, Stab has no flashback on its controller's next turn."""
    d, a, _ = _sphinx_attacks(impl)
    _pass_until(d, lambda: _casts_stab(d))
    _next_turn_of(d, a)
    assert not any(w.startswith("cast Stab") for w in _words(d))


SPHINXES = _deck(
    {"Island": 9, "Swamp": 8},
    ["Sphinx of Forgotten Lore", "Stab", "Essence Scatter", "Strix Lookout"],
)


@pytest.mark.parametrize("seed", [2, 5])
def test_granted_flashback_plays_alike_in_both_duels(seed):
    """Random games attacking with the Sphinx and casting with flashback whenever possible:
    the same actions, observations and bytes in both duels (a card was cast so)."""

    def with_flashback(w):
        return w.startswith("cast ") and "with flashback (graveyard slot" in w

    def prefer(w):
        return w.startswith(("cast Sphinx", "attack with Sphinx")) or with_flashback(w)

    _, seen = duel_support.play_alike(
        SPHINXES, BOROS, seed, pool="fdn", format="limited", prefer=prefer, counted=with_flashback
    )
    assert seen > 0
