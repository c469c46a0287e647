"""Kicked spells (702.33d: "if this spell was kicked") and a kicked permanent's "enters, if it
was kicked" trigger, with the searches for a basic land of Bushwhack's modes and Campus Guide
("then shuffle and put that card on top"): Burst Lightning, Grow from the Ashes, Sun-Blessed
Healer, Divine Resilience (a kicked spell's own targets); each card's Oracle text quoted and
shown doing it in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import (
    ELVES,
    IMPLS,
    _act,
    _duel,
    _named,
    _next_turn_of,
    _pass_until,
    _words,
)
from test_fdn_duel_modes import _lands

BURST = (
    "Kicker {4} (You may pay an additional {4} as you cast this spell.)\nBurst Lightning deals 2 "
    "damage to any target. If this spell was kicked, it deals 4 damage instead."
)
GROW = (
    "Kicker {2} (You may pay an additional {2} as you cast this spell.)\nSearch your library for "
    "a basic land card, put it onto the battlefield, then shuffle. If this spell was kicked, "
    "instead search your library for two basic land cards, put them onto the battlefield, then "
    "shuffle."
)
HEALER = (
    "Kicker {1}{W} (You may pay an additional {1}{W} as you cast this spell.)\nLifelink (Damage "
    "dealt by this creature also causes you to gain that much life.)\nWhen this creature enters, "
    "if it was kicked, return target nonland permanent card with mana value 2 or less from your "
    "graveyard to the battlefield."
)
BUSHWHACK = (
    "Choose one —\n• Search your library for a basic land card, reveal it, put it into your "
    "hand, then shuffle.\n• Target creature you control fights target creature you don't "
    "control. (Each deals damage equal to its power to the other.)"
)


def _cast_kicked(d, name, kick):
    """Casts ``name`` from the hand, answering the kicker's pay_cost decision (601.2b) when it
    is offered (``kick`` None: it must not be)."""
    _act(d, f"cast {name}")
    if kick is None:
        assert d.decision() != "pay_cost"
        return
    assert d.decision() == "pay_cost"
    _act(d, "yes" if kick else "no")


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize(
    ("mountains", "kick", "damage"), [(5, True, 4), (5, False, 2), (1, None, 2)]
)
def test_burst_lightning_kicked_deals_4_702_33d(impl, mountains, kick, damage):
    """Burst Lightning: unkicked it deals 2 damage to the opponent; kicked (its {4} paid too,
    601.2f: all five Mountains tapped) it deals 4 instead. With one Mountain the kicker isn't
    offered."""
    oracle("Burst Lightning", BURST)
    d = _duel(impl, "Mountain")
    a = d.active_player()
    _lands(d, a, "Mountain", mountains)
    d.add_card(a, "Burst Lightning", "hand")
    _cast_kicked(d, "Burst Lightning", kick)
    _act(d, f"target player {1 - a}")
    tapped = sum(d.is_tapped(x) for x in _named(d, a, "Mountain"))
    assert tapped == (5 if kick else 1)
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert d.game.life(1 - a) == 20 - damage and d.game.life(a) == 20


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize(("kick", "found"), [(True, 2), (False, 1)])
def test_grow_from_the_ashes_kicked_finds_two_basic_lands_702_33d(impl, kick, found):
    """Grow from the Ashes: the search finds one basic land card onto the battlefield (untapped),
    or two when kicked (701.23a: each the caster's choice among the library's cards)."""
    oracle("Grow from the Ashes", GROW)
    d = _duel(impl, "Forest")
    a = d.active_player()
    _lands(d, a, "Forest", 5)
    d.add_card(a, "Grow from the Ashes", "hand")
    _cast_kicked(d, "Grow from the Ashes", kick)
    _pass_until(d, lambda: d.decision() == "choose_card")
    for _ in range(found):
        assert d.current_player() == a
        _act(d, "find Forest")
    _pass_until(d, lambda: d.decision() == "priority")
    forests = _named(d, a, "Forest")
    assert len(forests) == 5 + found
    assert sum(not d.is_tapped(x) for x in forests) == found + (0 if kick else 2)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("kick", [True, False])
def test_sun_blessed_healer_returns_a_card_only_if_kicked_702_33d(impl, kick):
    """Sun-Blessed Healer kicked: its trigger returns target nonland permanent card with mana
    value 2 or less from its controller's graveyard (Savannah Lions; not Serra Angel, mana value
    5) to the battlefield. Not kicked, the intervening "if" (603.4) keeps it from triggering."""
    oracle("Sun-Blessed Healer", HEALER)
    d = _duel(impl, "Plains")
    a = d.active_player()
    _lands(d, a, "Plains", 4)
    lions = d.add_card(a, "Savannah Lions", "graveyard")
    d.add_card(a, "Serra Angel", "graveyard")
    d.add_card(a, "Sun-Blessed Healer", "hand")
    _cast_kicked(d, "Sun-Blessed Healer", kick)
    _pass_until(d, lambda: bool(_named(d, a, "Sun-Blessed Healer")))
    if kick:
        assert d.decision() == "target"
        assert [w for w in _words(d) if "Serra" in w] == []
        _act(d, f"target Savannah Lions ({lions})")
        _pass_until(d, lambda: bool(_named(d, a, "Savannah Lions")))
    else:
        assert not d.game.objects("stack"), "no trigger (603.4)"
    assert len(_named(d, a, "Savannah Lions")) == (1 if kick else 0)
    assert d.game.has_keyword(_named(d, a, "Sun-Blessed Healer")[0], "lifelink")


@pytest.mark.parametrize("impl", IMPLS)
def test_bushwhack_searches_or_fights_700_2a(impl):
    """Bushwhack's first mode puts a basic land card from the library into the hand; its second
    makes the caster's creature fight the opponent's (701.14a): Serra Angel (4/4) kills Savannah
    Lions (2/1) and takes 2 damage."""
    oracle("Bushwhack", BUSHWHACK)
    d = _duel(impl, "Forest")
    a = d.active_player()
    _lands(d, a, "Forest", 2)
    hand = d.hand(a).count("Forest")
    d.add_card(a, "Bushwhack", "hand")
    _act(d, "cast Bushwhack")
    _act(d, "choose mode 0")
    _pass_until(d, lambda: d.decision() == "choose_card")
    _act(d, "find Forest")
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert d.hand(a).count("Forest") == hand + 1
    angel = d.add_card(a, "Serra Angel", "battlefield")
    lions = d.add_card(1 - a, "Savannah Lions", "battlefield")
    d.add_card(a, "Bushwhack", "hand")
    _act(d, "cast Bushwhack")
    _act(d, "choose mode 1")
    _act(d, f"target Serra Angel ({angel})")
    _act(d, f"target Savannah Lions ({lions})")
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert not _named(d, 1 - a, "Savannah Lions")
    assert d.game.damage(angel) == 2


KICKED = _deck(
    {"Mountain": 9, "Forest": 4, "Plains": 4},
    [
        "Burst Lightning",
        "Grow from the Ashes",
        "Sun-Blessed Healer",
        "Bushwhack",
        "Savannah Lions",
        "Campus Guide",
        "Divine Resilience",
    ],
)


def test_the_kicked_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(KICKED) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kicked_spells_play_alike_in_both_duels(seed):
    """Random games of the kicked spells: the same legal actions, observations, outcome and
    bytes in both duels."""
    play_alike(KICKED, ELVES, seed)


GUIDE = (
    "When this creature enters, you may search your library for a basic land card, reveal it, "
    "then shuffle and put that card on top."
)


@pytest.mark.parametrize("impl", IMPLS)
def test_campus_guide_puts_the_land_found_on_top_701_23a(impl):
    """Campus Guide: its controller may search (yes), finds the Forest among its Swamps; the
    library is shuffled and the Forest put on top: the next card it draws is the Forest."""
    oracle("Campus Guide", GUIDE)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    _lands(d, a, "Swamp", 2)
    d.add_card(a, "Forest", "library")
    d.add_card(a, "Campus Guide", "hand")
    _act(d, "cast Campus Guide")
    _pass_until(d, lambda: d.decision() == "yes_no")
    _act(d, "yes")
    assert d.decision() == "choose_card"
    _act(d, "find Forest")
    _pass_until(d, lambda: d.decision() == "priority" and not d.game.objects("stack"))
    assert "Forest" not in d.hand(a)
    _next_turn_of(d, a)
    assert d.hand(a).count("Forest") == 1


RESILIENCE = (
    "Kicker {2}{W} (You may pay an additional {2}{W} as you cast this spell.)\nTarget creature "
    "you control gains indestructible until end of turn. If this spell was kicked, instead any "
    "number of target creatures you control gain indestructible until end of turn. (Damage and "
    'effects that say "destroy" don\'t destroy them.)'
)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("kick", [True, False])
def test_divine_resilience_kicked_has_any_number_of_targets_702_33d(impl, kick):
    """Unkicked: one target creature of its caster's (an opponent's isn't offered) gains
    indestructible, the target asked once. Kicked ({2}{W} too, 601.2f): the targets are the
    kicked spell's (601.2c after 601.2b), any number — here two of three, then no more — each
    gaining indestructible until end of turn (514.2)."""
    oracle("Divine Resilience", RESILIENCE)
    d = _duel(impl, "Plains")
    a = d.active_player()
    _lands(d, a, "Plains", 4)
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    angel = d.add_card(a, "Serra Angel", "battlefield")
    other = d.add_card(a, "Savannah Lions", "battlefield")
    theirs = d.add_card(1 - a, "Serra Angel", "battlefield")
    d.add_card(a, "Divine Resilience", "hand")
    _cast_kicked(d, "Divine Resilience", kick)
    assert d.decision() == "target"
    assert not any(f"({theirs})" in w for w in _words(d))
    _act(d, f"target Savannah Lions ({lions})")
    if kick:
        assert d.decision() == "target"
        _act(d, f"target Serra Angel ({angel})")
        assert d.decision() == "target"
        _act(d, "pass")
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert d.game.has_keyword(lions, "indestructible")
    assert d.game.has_keyword(angel, "indestructible") == kick
    assert not d.game.has_keyword(other, "indestructible")
    tapped = sum(d.is_tapped(x) for x in _named(d, a, "Plains"))
    assert tapped == (4 if kick else 1)
    _next_turn_of(d, 1 - a)
    assert not d.game.has_keyword(lions, "indestructible")
