"""Fiery Annihilation: "would die this turn → exile it instead" (614.1a, the kernel's
"exile_instead_of_dying" on both kernels) and a target that depends on the first one ("up to
one target Equipment attached to that creature", 601.2c, 608.2b). The Oracle text quoted and
shown doing it on both bare implementations and in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from fdn_support import cast, oracle, put
from test_fdn_duel import BOROS, _deck, play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _words
from test_fdn_duel_modes import _lands
from test_fdn_equipment import _attached, _equip

FIERY_ANNIHILATION = (
    "Fiery Annihilation deals 5 damage to target creature. Exile up to one target Equipment "
    "attached to that creature. If that creature would die this turn, exile it instead."
)


def _zone_names(g, zone, player):
    return [g.name(x) for x in g.objects(zone, player)]


def test_exile_instead_of_dying_614_1a(game):
    """The kernel's effect on one permanent: destroyed, sacrificed or killed by a state-based
    action, it goes to exile instead of its owner's graveyard; another permanent still dies;
    it ends at cleanup (514.2) and when the permanent leaves (400.7)."""
    g = game()
    bear, other = (put(g, "Savannah Lions", 1) for _ in range(2))
    g.exile_instead_of_dying(bear)
    assert [e["effect"] for e in g.replacement_effects()] == ["exile_instead_of_dying"]
    g.destroy(bear)
    g.destroy(other)
    assert _zone_names(g, "exile", 1) == ["Savannah Lions"]
    assert _zone_names(g, "graveyard", 1) == ["Savannah Lions"]
    assert g.replacement_effects() == []  # it left: the effect ended with it
    # 704.5g: lethal damage; the effect is the same whoever dies by which rule.
    bear = put(g, "Savannah Lions", 1)
    g.exile_instead_of_dying(bear)
    g.deal_damage(other_source(g), bear, 1)
    g.check_state_based_actions()
    assert _zone_names(g, "exile", 1) == ["Savannah Lions"] * 2
    # 514.2: it ends at cleanup.
    bear = put(g, "Savannah Lions", 1)
    g.exile_instead_of_dying(bear)
    g.cleanup()
    g.destroy(bear)
    assert _zone_names(g, "graveyard", 1) == ["Savannah Lions"] * 2


def other_source(g):
    """A damage source of player 0's."""
    return put(g, "Healer's Hawk", 0)


def test_exile_instead_of_dying_refuses_what_isn_t_a_permanent(game):
    """Bad input is a ValueError naming the call, the game unchanged."""
    g = game()
    card = put(g, "Savannah Lions", 0, "graveyard")
    before = g.to_bytes()
    with pytest.raises(ValueError, match="exile instead of dying"):
        g.exile_instead_of_dying(card)
    with pytest.raises(ValueError):
        g.exile_instead_of_dying(0)  # a player
    assert g.to_bytes() == before


def test_fiery_annihilation_on_a_bare_game(game):
    """Fiery Annihilation: 5 damage to a 5-toughness creature, which is exiled as the
    state-based actions would put it into its owner's graveyard; a bare game keeps no
    attachments, so no Equipment is "attached to that creature"."""
    oracle("Fiery Annihilation", FIERY_ANNIHILATION)
    g = game()
    angel = put(g, "Serra Angel", 1)
    cast(g, "Fiery Annihilation", [angel])
    assert g.damage(angel) == 5 and g.zone(angel) == "battlefield"
    g.check_state_based_actions()
    assert _zone_names(g, "exile", 1) == ["Serra Angel"]
    assert _zone_names(g, "graveyard", 1) == []


def _equipped_opponent(impl, creature="Serra Angel", lands=3):
    """A duel in player b's first main phase: b's ``creature`` equipped with Goldvein Pick,
    Adventuring Gear unattached, and ``lands`` Mountains of a's, untapped. Returns the
    duel, a, b, the creature and the attached Pick."""
    d = _duel(impl, "Mountain")
    a = d.active_player()
    b = 1 - a
    _lands(d, a, "Mountain", lands)
    d.add_card(b, "Plains", "battlefield")
    pick = d.add_card(b, "Goldvein Pick", "battlefield")
    d.add_card(b, "Adventuring Gear", "battlefield")
    x = d.add_card(b, creature, "battlefield")
    _next_turn_of(d, b)
    _equip(d, "Goldvein Pick", creature)
    assert _attached(d, pick) == x
    d.add_card(a, "Fiery Annihilation", "hand")
    d.apply_action(0)  # b passes: a has priority in b's main phase
    return d, a, b, x, pick


@pytest.mark.parametrize("impl", IMPLS)
def test_fiery_annihilation_exiles_the_creature_and_its_equipment(impl):
    """Cast at the equipped Serra Angel (5/5 with the Pick): only the Pick attached to it is
    offered for the second target (the unattached Adventuring Gear isn't, nor the creature);
    both are exiled — the Angel dies of the damage and is exiled instead of going to the
    graveyard."""
    d, a, b, angel, pick = _equipped_opponent(impl)
    _act(d, "cast Fiery Annihilation")
    _act(d, "target Serra Angel")
    assert [w for w in _words(d) if w != "pass"] == [f"target Goldvein Pick ({pick})"]
    _act(d, "target Goldvein Pick")
    while d.game.objects("exile", b) == [] and len(d.legal_actions()) > 0:
        d.apply_action(0)
    assert sorted(_zone_names(d.game, "exile", b)) == ["Goldvein Pick", "Serra Angel"]
    assert _zone_names(d.game, "graveyard", b) == []
    assert _named(d, b, "Goldvein Pick") == [] and _named(d, b, "Serra Angel") == []
    assert len(_named(d, b, "Adventuring Gear")) == 1


@pytest.mark.parametrize("impl", IMPLS)
def test_an_equipment_no_longer_attached_is_an_illegal_target_608_2b(impl):
    """A second Fiery Annihilation cast in response exiles the Angel first: the Pick becomes
    unattached (704.5n), so as the first one resolves the Pick is no longer "attached to that
    creature" — both its targets are illegal, it doesn't resolve, and the Pick stays."""
    d, a, b, angel, pick = _equipped_opponent(impl, lands=6)
    d.add_card(a, "Fiery Annihilation", "hand")
    _act(d, "cast Fiery Annihilation")
    _act(d, "target Serra Angel")
    _act(d, "target Goldvein Pick")
    _act(d, "cast Fiery Annihilation")
    _act(d, "target Serra Angel")
    _act(d, "pass")  # no Equipment for the second one
    while d.game.objects("stack") != [] or _named(d, b, "Serra Angel"):
        d.apply_action(0)
    assert _zone_names(d.game, "exile", b) == ["Serra Angel"]
    assert _named(d, b, "Goldvein Pick") == [pick] and _attached(d, pick) is None


@pytest.mark.parametrize("impl", IMPLS)
def test_a_creature_that_survives_is_exiled_if_it_dies_later_this_turn(impl):
    """With no Equipment chosen (up to one), the 5 damage doesn't kill a 3/6 Archmage of Runes;
    later that turn a second Fiery Annihilation's damage does: it is exiled (the first
    effect, this turn, applies too). Next turn no effect is left (514.2)."""
    d = _duel(impl, "Mountain")
    a = d.active_player()
    b = 1 - a
    _lands(d, a, "Mountain", 6)
    wurm = d.add_card(b, "Archmage of Runes", "battlefield")
    d.add_card(a, "Fiery Annihilation", "hand")
    d.add_card(a, "Fiery Annihilation", "hand")
    _act(d, "cast Fiery Annihilation")
    _act(d, "target Archmage of Runes")
    if d.decision() == "target":
        _act(d, "pass")  # no Equipment
    while d.game.damage(wurm) == 0:
        d.apply_action(0)
    assert _named(d, b, "Archmage of Runes") == [wurm]
    assert [e["effect"] for e in d.game.replacement_effects()] == ["exile_instead_of_dying"]
    _act(d, "cast Fiery Annihilation")
    _act(d, "target Archmage of Runes")
    while _named(d, b, "Archmage of Runes"):
        d.apply_action(0)
    assert _zone_names(d.game, "exile", b) == ["Archmage of Runes"]
    assert d.game.replacement_effects() == []


@pytest.mark.parametrize("seed", [7, 8])
def test_fiery_annihilation_plays_alike_in_both_duels(seed):
    """Random games with Fiery Annihilation and Equipment play the same in both duels."""
    deck = _deck(
        {"Mountain": 16},
        ["Fiery Annihilation", "Goldvein Pick", "Savannah Lions", "Fanatical Firebrand"],
    )
    play_alike(deck, BOROS, seed)
