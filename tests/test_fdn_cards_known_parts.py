"""Foundations cards made of parts the duel already plays: flashback (702.34a), flash (702.8a)
with "up to one" and "other" targets of an enters trigger (601.2c, 115.3), a graveyard card
as a target (400.7), an attack trigger's condition (508.1m, 603.4) and a choice of mana
(106.1a), Food tokens (111.10b) made by a spell and by a combat damage trigger (510.3a), the
attacking creatures as a group (506.4), "if you do" after a discard (608.2c), a discard as an
additional cost (601.2f-h): each card's Oracle text quoted and shown doing it in the native
and the reference duel alike."""

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

PARTS = _deck(
    {"Island": 5, "Forest": 5, "Plains": 3, "Mountain": 3, "Swamp": 4},
    [
        "Think Twice",
        "Mischievous Pup",
        "Ambush Wolf",
        "Ruby, Daring Tracker",
        "Quakestrider Ceratops",
        "Savannah Lions",
        "Bake into a Pie",
        "Eager Trufflesnout",
        "Aetherize",
        "Incinerating Blast",
        "Thrill of Possibility",
    ],
)


def _zone(d, zone, p):
    return [d.game.name(x) for x in d.game.objects(zone, p)]


@pytest.mark.parametrize("impl", IMPLS)
def test_think_twice_draws_and_has_flashback_702_34a(impl):
    """Think Twice: "Draw a card. Flashback {2}{U}": cast from the hand it draws a card and goes
    to the graveyard; from there, for {2}{U}, it draws again and is exiled."""
    oracle(
        "Think Twice",
        "Draw a card.\nFlashback {2}{U} (You may cast this card from your graveyard for its "
        "flashback cost. Then exile it.)",
    )
    d = _duel(impl, "Island")
    a = d.active_player()
    for _ in range(2):
        d.add_card(a, "Island", "battlefield")
    d.add_card(a, "Think Twice", "hand")
    hand = len(d.hand(a))
    _act(d, "cast Think Twice")
    _pass_until(d, lambda: len(d.hand(a)) == hand)  # cast (-1), drew (+1)
    assert _zone(d, "graveyard", a) == ["Think Twice"]
    _next_turn_of(d, a)
    d.add_card(a, "Island", "battlefield")
    hand = len(d.hand(a))
    _act(d, "cast Think Twice with flashback")
    _pass_until(d, lambda: len(d.hand(a)) == hand + 1)
    assert _zone(d, "exile", a) == ["Think Twice"]
    assert "Think Twice" not in _zone(d, "graveyard", a)


@pytest.mark.parametrize("impl", IMPLS)
def test_mischievous_pup_returns_up_to_one_other_permanent_you_control(impl):
    """Mischievous Pup: "Flash. When this creature enters, return up to one other target
    permanent you control to its owner's hand." Cast in the opponent's turn (702.8a); its
    trigger offers no target (PASS, 601.2c) or a permanent of its controller's other than the
    Pup (115.3), none of the opponent's."""
    oracle(
        "Mischievous Pup",
        "Flash (You may cast this spell any time you could cast an instant.)\nWhen this "
        "creature enters, return up to one other target permanent you control to its owner's "
        "hand.",
    )
    d = _duel(impl, "Plains")
    a, b = d.active_player(), 1 - d.active_player()
    for _ in range(3):
        d.add_card(b, "Plains", "battlefield")
    lions = d.add_card(b, "Savannah Lions", "battlefield")
    theirs = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(b, "Mischievous Pup", "hand")
    d.apply_action(0)  # a passes in its main phase: b may cast with flash
    assert d.current_player() == b
    _act(d, "cast Mischievous Pup")
    _pass_until(d, lambda: d.decision() == "target")
    words = _words(d)
    assert words[0] == "pass" and f"target Savannah Lions ({lions})" in words
    assert f"target Savannah Lions ({theirs})" not in words
    assert not any("Mischievous Pup" in w for w in words)
    _act(d, f"target Savannah Lions ({lions})")
    _pass_until(d, lambda: "Savannah Lions" in d.hand(b))
    assert lions not in d.battlefield(b) and theirs in d.battlefield(a)
    assert _named(d, b, "Mischievous Pup")


@pytest.mark.parametrize("impl", IMPLS)
def test_ambush_wolf_exiles_up_to_one_card_from_a_graveyard(impl):
    """Ambush Wolf: "Flash. When this creature enters, exile up to one target card from a
    graveyard." Either player's graveyard; the card chosen is exiled."""
    oracle(
        "Ambush Wolf",
        "Flash (You may cast this spell any time you could cast an instant.)\nWhen this "
        "creature enters, exile up to one target card from a graveyard.",
    )
    d = _duel(impl, "Forest")
    a = d.active_player()
    for _ in range(3):
        d.add_card(a, "Forest", "battlefield")
    card = d.add_card(1 - a, "Savannah Lions", "graveyard")
    d.add_card(a, "Ambush Wolf", "hand")
    _act(d, "cast Ambush Wolf")
    _pass_until(d, lambda: d.decision() == "target")
    assert _words(d) == ["pass", f"target Savannah Lions ({card})"]
    _act(d, "target Savannah Lions")
    _pass_until(d, lambda: _zone(d, "exile", 1 - a) == ["Savannah Lions"])
    assert _zone(d, "graveyard", 1 - a) == []


@pytest.mark.parametrize("impl", IMPLS)
def test_ruby_gets_bigger_attacking_beside_a_big_creature_and_taps_for_r_or_g(impl):
    """Ruby, Daring Tracker: "Haste. Whenever Ruby attacks while you control a creature with
    power 4 or greater, Ruby gets +2/+2 until end of turn. {T}: Add {R} or {G}." It attacks the
    turn it arrives (702.10); alone it stays 1/2, beside a Quakestrider Ceratops it is 3/4; it
    pays for a {G} spell (106.1a)."""
    oracle(
        "Ruby, Daring Tracker",
        "Haste (This creature can attack and {T} as soon as it comes under your control.)\n"
        "Whenever Ruby attacks while you control a creature with power 4 or greater, Ruby gets "
        "+2/+2 until end of turn.\n{T}: Add {R} or {G}.",
    )
    d = _duel(impl, "Mountain")
    a = d.active_player()
    ruby = d.add_card(a, "Ruby, Daring Tracker", "battlefield")
    d.add_card(a, "Giant Growth", "hand")
    assert any(w.startswith("cast Giant Growth") for w in _words(d)), "Ruby's {G}"
    _pass_until(d, lambda: d.decision() == "attack")
    _act(d, "attack with Ruby")
    _pass_until(d, lambda: d.step() == "combat damage")
    assert (d.game.power(ruby), d.game.toughness(ruby)) == (1, 2)
    d.add_card(a, "Quakestrider Ceratops", "battlefield")
    _next_turn_of(d, a)
    _pass_until(d, lambda: d.decision() == "attack")
    _act(d, "attack with Ruby")
    _act(d, "no attack with Quakestrider Ceratops")
    _pass_until(d, lambda: d.game.power(ruby) == 3)
    assert d.game.toughness(ruby) == 4


def _eat_food(d, p):
    """p activates its Food token ({2}, {T}, sacrifice it) and the ability resolves: p gains
    3 life and the token is gone."""
    (food,) = _named(d, p, "Food Token")
    life = d.game.life(p)
    _act(d, "activate Food Token")
    _pass_until(d, lambda: d.game.life(p) == life + 3)
    assert food not in d.battlefield(p)


@pytest.mark.parametrize("impl", IMPLS)
def test_bake_into_a_pie_destroys_and_makes_food_111_10b(impl):
    """Bake into a Pie: "Destroy target creature. Create a Food token. (It's an artifact with
    "{2}, {T}, Sacrifice this token: You gain 3 life.")" The creature is destroyed and its
    caster gets a Food, which it eats for 3 life."""
    oracle(
        "Bake into a Pie",
        "Destroy target creature. Create a Food token. (It's an artifact with \"{2}, {T}, "
        'Sacrifice this token: You gain 3 life.")',
    )
    d = _duel(impl, "Swamp")
    a = d.active_player()
    for _ in range(6):
        d.add_card(a, "Swamp", "battlefield")
    angel = d.add_card(1 - a, "Serra Angel", "battlefield")
    d.add_card(a, "Bake into a Pie", "hand")
    _act(d, "cast Bake into a Pie")
    _act(d, "target Serra Angel")
    _pass_until(d, lambda: angel not in d.battlefield(1 - a))
    assert len(_named(d, a, "Food Token")) == 1 and not _named(d, 1 - a, "Food Token")
    _eat_food(d, a)


@pytest.mark.parametrize("impl", IMPLS)
def test_eager_trufflesnout_makes_food_as_it_deals_combat_damage_to_a_player(impl):
    """Eager Trufflesnout: "Trample. Whenever this creature deals combat damage to a player,
    create a Food token." Unblocked, it deals 4 and its controller gets a Food."""
    oracle(
        "Eager Trufflesnout",
        "Trample (This creature can deal excess combat damage to the player or planeswalker "
        "it's attacking.)\nWhenever this creature deals combat damage to a player, create a "
        "Food token. (It's an artifact with \"{2}, {T}, Sacrifice this token: You gain 3 "
        'life.")',
    )
    d = _duel(impl, "Forest")
    a = d.active_player()
    d.add_card(a, "Eager Trufflesnout", "battlefield")
    for _ in range(2):
        d.add_card(a, "Forest", "battlefield")
    _next_turn_of(d, a)
    assert not _named(d, a, "Food Token")
    _pass_until(d, lambda: d.decision() == "attack")
    _act(d, "attack with Eager Trufflesnout")
    _pass_until(d, lambda: _named(d, a, "Food Token"), limit=20)
    assert d.game.life(1 - a) == 16
    _eat_food(d, a)


@pytest.mark.parametrize("impl", IMPLS)
def test_aetherize_returns_the_attacking_creatures_506_4(impl):
    """Aetherize: "Return all attacking creatures to their owner's hand." Cast by the defending
    player once attackers are declared: both attackers go back to their owner's hand, the
    creature that stayed home doesn't."""
    oracle("Aetherize", "Return all attacking creatures to their owner's hand.")
    d = _duel(impl, "Island")
    a, b = d.active_player(), 1 - d.active_player()
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    angel = d.add_card(a, "Serra Angel", "battlefield")
    home = d.add_card(a, "Savannah Lions", "battlefield")
    for _ in range(4):
        d.add_card(b, "Island", "battlefield")
    _next_turn_of(d, a)
    d.add_card(b, "Aetherize", "hand")
    _pass_until(d, lambda: d.decision() == "attack")
    _act(d, f"attack with Savannah Lions ({lions})")
    _act(d, "attack with Serra Angel")
    _act(d, f"no attack with Savannah Lions ({home})")
    _pass_until(d, lambda: d.current_player() == b and d.decision() == "priority")
    life, hand = d.game.life(b), d.hand(a)
    _act(d, "cast Aetherize")
    _pass_until(d, lambda: angel not in d.battlefield(a))
    assert lions not in d.battlefield(a) and home in d.battlefield(a)
    assert sorted(d.hand(a)) == sorted([*hand, "Savannah Lions", "Serra Angel"])
    _pass_until(d, lambda: d.step() == "main2")
    assert d.game.life(b) == life, "no attacker left to deal damage"


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("discards", [True, False])
def test_incinerating_blast_draws_only_if_a_card_was_discarded_608_2c(impl, discards):
    """Incinerating Blast: "Incinerating Blast deals 6 damage to target creature. You may
    discard a card. If you do, draw a card." — the 6 damage destroy a 5/5 (704.5g); yes, and
    the card chosen is discarded and a card drawn; no, and neither (608.2c)."""
    oracle(
        "Incinerating Blast",
        "Incinerating Blast deals 6 damage to target creature.\nYou may discard a card. If you "
        "do, draw a card.",
    )
    d = _duel(impl, "Mountain")
    a = d.active_player()
    for _ in range(5):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Incinerating Blast", "hand")
    d.add_card(a, "Island", "hand")
    dragon = d.add_card(1 - a, "Shivan Dragon", "battlefield")
    library = d.library_size(a)
    _act(d, "cast Incinerating Blast")
    _act(d, "target Shivan Dragon")
    _pass_until(d, lambda: d.decision() == "yes_no")
    assert d.game.damage(dragon) == 6, "the damage first, then the choice (608.2c)"
    hand = d.hand(a)
    _act(d, "yes" if discards else "no")
    if discards:
        _act(d, "discard Island")
    _pass_until(d, lambda: d.decision() == "priority" and d.current_player() == a)
    assert dragon not in d.battlefield(1 - a), "704.5g, after the spell resolved"
    assert d.library_size(a) == library - discards
    assert ("Island" in _zone(d, "graveyard", a)) == discards
    assert len(d.hand(a)) == len(hand) and ("Island" in d.hand(a)) != discards


@pytest.mark.parametrize("impl", IMPLS)
def test_thrill_of_possibility_discards_as_it_is_cast_601_2h(impl):
    """Thrill of Possibility: "As an additional cost to cast this spell, discard a card. Draw
    two cards." — the caster chooses the card discarded as it casts the spell (601.2f-h); the
    spell then draws two."""
    oracle(
        "Thrill of Possibility",
        "As an additional cost to cast this spell, discard a card.\nDraw two cards.",
    )
    d = _duel(impl, "Mountain")
    a = d.active_player()
    for _ in range(2):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Thrill of Possibility", "hand")
    d.add_card(a, "Island", "hand")
    hand, library = len(d.hand(a)), d.library_size(a)
    _act(d, "cast Thrill of Possibility")
    assert d.decision() == "discard" and d.current_player() == a
    _act(d, "discard Island")
    assert _zone(d, "graveyard", a) == ["Island"] and d.library_size(a) == library
    _pass_until(d, lambda: d.library_size(a) == library - 2)
    assert len(d.hand(a)) == hand - 2 + 2 and "Island" not in d.hand(a)
    assert _zone(d, "graveyard", a) == ["Island", "Thrill of Possibility"]


def test_the_deck_of_known_parts_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(PARTS) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2])
def test_known_parts_play_alike_in_both_duels(seed):
    """Random games of these cards: the same legal actions, observations, outcome and bytes in
    both duels."""
    play_alike(PARTS, ELVES, seed)
