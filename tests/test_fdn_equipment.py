"""Equipment (301.5, 702.6): an Equip ability attaches it to a creature its controller
controls, only as a sorcery (702.6a); "equipped creature gets …" applies to that creature
(613.4c, 613.1f); an Equipment attached to an illegal permanent becomes unattached and stays
on the battlefield (704.5n). Each card's Oracle text quoted and shown doing it in the native
and the reference duel alike."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import BOROS, _deck, play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _words
from test_fdn_duel_modes import _lands

EQUIP_1 = "Equip {1} ({1}: Attach to target creature you control. Equip only as a sorcery.)"


def _equipped(impl, equipment, creature="Savannah Lions", lands=3):
    """A duel in the active player's first main phase with ``equipment`` and ``creature`` on
    its battlefield and ``lands`` Plains: the Equipment is equipped to the creature (its equip
    ability activated and resolved). Returns the duel, the player and the creature."""
    d = _duel(impl, "Plains")
    a = d.active_player()
    _lands(d, a, "Plains", lands)
    d.add_card(a, equipment, "battlefield")
    (x,) = [d.add_card(a, creature, "battlefield")]
    _equip(d, equipment, creature)
    return d, a, x


def _equip(d, equipment, creature):
    """Activates the Equipment's equip ability on the creature and lets it resolve."""
    _act(d, f"activate {equipment}")
    _act(d, f"target {creature}")
    d.apply_action(0)
    d.apply_action(0)


def _attached(d, equipment_id):
    """What the text view says the permanent is attached to (None: nothing)."""
    for line in str(d).splitlines():
        for part in line.split(", "):
            if f"({equipment_id})" in part and "attached to" in part:
                return int(part.rsplit(" ", 1)[1])
    return None


@pytest.mark.parametrize("impl", IMPLS)
def test_swiftfoot_boots_give_hexproof_and_haste(impl):
    """Swiftfoot Boots: "Equipped creature has hexproof and haste." — a creature cast this turn
    equipped with them attacks (702.10: haste lifts 302.6) and can't be the target of its
    controller's opponent's spells."""
    oracle(
        "Swiftfoot Boots",
        "Equipped creature has hexproof and haste. (It can't be the target of spells or "
        "abilities your opponents control. It can attack and {T} no matter when it came under "
        "your control.)\n" + EQUIP_1,
    )
    d = _duel(impl, "Plains")
    a = d.active_player()
    _lands(d, a, "Plains", 2)
    boots = d.add_card(a, "Swiftfoot Boots", "battlefield")
    d.add_card(a, "Savannah Lions", "hand")
    _act(d, "cast Savannah Lions")
    d.apply_action(0)
    d.apply_action(0)
    (lions,) = _named(d, a, "Savannah Lions")
    assert not d.game.has_keyword(lions, "haste")
    _equip(d, "Swiftfoot Boots", "Savannah Lions")
    assert _attached(d, boots) == lions
    assert d.game.has_keyword(lions, "haste") and d.game.has_keyword(lions, "hexproof")
    while d.step() != "declare attackers":
        d.apply_action(0)
    _act(d, "attack with Savannah Lions")


@pytest.mark.parametrize("impl", IMPLS)
def test_equip_only_as_a_sorcery_and_only_your_creature_702_6a(impl):
    """Equip {1}: offered in its controller's main phase with an empty stack, targeting only a
    creature that player controls (702.6a), and not in the beginning of combat step (602.5d)."""
    d = _duel(impl, "Plains")
    a = d.active_player()
    _lands(d, a, "Plains", 2)
    d.add_card(a, "Swiftfoot Boots", "battlefield")
    d.add_card(1 - a, "Savannah Lions", "battlefield")
    assert not any(w.startswith("activate Swiftfoot Boots") for w in _words(d))
    d.add_card(a, "Healer's Hawk", "battlefield")
    _act(d, "activate Swiftfoot Boots")
    assert [w for w in _words(d) if w.startswith("target")] == ["target Healer's Hawk (6)"]
    _act(d, "target Healer's Hawk")
    while d.step() != "beginning of combat":
        d.apply_action(0)
    assert not any(w.startswith("activate") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_an_equipment_stays_unattached_when_its_creature_dies_704_5n(impl):
    """Day of Judgment destroys the equipped creature: the Equipment stays on the battlefield,
    attached to nothing (704.5n), its effects gone; equipped to another creature, it gives
    its bonus again."""
    d, a, lions = _equipped(impl, "Swiftfoot Boots", lands=6)
    (boots,) = _named(d, a, "Swiftfoot Boots")
    d.add_card(a, "Day of Judgment", "hand")
    _act(d, "cast Day of Judgment")
    d.apply_action(0)
    d.apply_action(0)
    assert _named(d, a, "Savannah Lions") == [] and _named(d, a, "Swiftfoot Boots") == [boots]
    assert _attached(d, boots) is None
    assert d.game.continuous_effects() == []
    hawk = d.add_card(a, "Healer's Hawk", "battlefield")
    d.add_card(a, "Plains", "battlefield")
    _equip(d, "Swiftfoot Boots", "Healer's Hawk")
    assert _attached(d, boots) == hawk and d.game.has_keyword(hawk, "hexproof")


@pytest.mark.parametrize("impl", IMPLS)
def test_equipping_another_creature_moves_the_bonus_701_3a(impl):
    """Equip moves the Equipment: the first creature loses what it gave, the second has it."""
    d, a, lions = _equipped(impl, "Swiftfoot Boots")
    (boots,) = _named(d, a, "Swiftfoot Boots")
    hawk = d.add_card(a, "Healer's Hawk", "battlefield")
    _equip(d, "Swiftfoot Boots", "Healer's Hawk")
    assert _attached(d, boots) == hawk
    assert not d.game.has_keyword(lions, "hexproof") and d.game.has_keyword(hawk, "hexproof")


@pytest.mark.parametrize("impl", IMPLS)
def test_quick_draw_katana_during_your_turn(impl):
    """Quick-Draw Katana: "During your turn, equipped creature gets +2/+0 and has first
    strike." — Savannah Lions is 4/1 with first strike on its controller's turn, 2/1 without
    it on the opponent's."""
    oracle(
        "Quick-Draw Katana",
        "During your turn, equipped creature gets +2/+0 and has first strike. (It deals combat "
        "damage before creatures without first strike.)\nEquip {2} ({2}: Attach to target "
        "creature you control. Equip only as a sorcery.)",
    )
    d, a, lions = _equipped(impl, "Quick-Draw Katana")
    assert (d.game.power(lions), d.game.toughness(lions)) == (4, 1)
    assert d.game.has_keyword(lions, "first strike")
    _next_turn_of(d, 1 - a)
    assert (d.game.power(lions), d.game.toughness(lions)) == (2, 1)
    assert not d.game.has_keyword(lions, "first strike")
    _next_turn_of(d, a)
    assert d.game.power(lions) == 4 and d.game.has_keyword(lions, "first strike")


@pytest.mark.parametrize("impl", IMPLS)
def test_quick_draw_katanas_first_strike_in_combat(impl):
    """Savannah Lions with Quick-Draw Katana (4/1, first strike on its controller's turn)
    attacks and is blocked by Healer's Hawk (1/1): the Hawk dies in the first-strike damage
    step and deals no damage back (702.7b, 510.4); the Lions survive."""
    d, a, lions = _equipped(impl, "Quick-Draw Katana")
    hawk = d.add_card(1 - a, "Healer's Hawk", "battlefield")
    while d.decision() != "attack":
        d.apply_action(0)
    _act(d, "attack with Savannah Lions")
    while d.decision() != "block":
        d.apply_action(0)
    _act(d, "block Savannah Lions")
    while d.step() != "combat damage":
        d.apply_action(d.legal_actions()[0])
    assert _named(d, 1 - a, "Healer's Hawk") == [] and _named(d, a, "Savannah Lions") == [lions]
    assert hawk not in d.battlefield(1 - a)


@pytest.mark.parametrize("impl", IMPLS)
def test_celestial_armor_attaches_as_it_enters(impl):
    """Celestial Armor: "When this Equipment enters, attach it to target creature you control.
    That creature gains hexproof and indestructible until end of turn. Equipped creature gets
    +2/+0 and has flying." — cast with flash in the opponent's turn, it enters and its trigger
    attaches it: Savannah Lions is 4/1 with flying, hexproof and indestructible; after the
    turn, 4/1 with flying only."""
    oracle(
        "Celestial Armor",
        "Flash (You may cast this spell any time you could cast an instant.)\n"
        "When this Equipment enters, attach it to target creature you control. That creature "
        "gains hexproof and indestructible until end of turn.\n"
        "Equipped creature gets +2/+0 and has flying.\n"
        "Equip {3}{W} ({3}{W}: Attach to target creature you control. Equip only as a sorcery.)",
    )
    d = _duel(impl, "Plains")
    a = d.active_player()
    b = 1 - a
    _lands(d, b, "Plains", 3)
    lions = d.add_card(b, "Savannah Lions", "battlefield")
    d.add_card(b, "Celestial Armor", "hand")
    d.apply_action(0)
    assert d.current_player() == b
    _act(d, "cast Celestial Armor")
    d.apply_action(0)
    d.apply_action(0)
    _act(d, "target Savannah Lions")
    d.apply_action(0)
    d.apply_action(0)
    (armor,) = _named(d, b, "Celestial Armor")
    assert _attached(d, armor) == lions
    assert (d.game.power(lions), d.game.toughness(lions)) == (4, 1)
    for k in ("flying", "hexproof", "indestructible"):
        assert d.game.has_keyword(lions, k), k
    _next_turn_of(d, b)
    assert d.game.power(lions) == 4 and d.game.has_keyword(lions, "flying")
    assert not d.game.has_keyword(lions, "hexproof")
    assert not d.game.has_keyword(lions, "indestructible")


@pytest.mark.parametrize("impl", IMPLS)
def test_goldvein_pick_makes_a_treasure_on_combat_damage_to_a_player(impl):
    """Goldvein Pick: "Equipped creature gets +1/+1. Whenever equipped creature deals combat
    damage to a player, create a Treasure token." — Savannah Lions equipped is 3/2, attacks
    unblocked: the opponent loses 3 life and the Lions' controller creates a Treasure."""
    oracle(
        "Goldvein Pick",
        "Equipped creature gets +1/+1.\nWhenever equipped creature deals combat damage to a "
        "player, create a Treasure token. (It's an artifact with \"{T}, Sacrifice this token: "
        'Add one mana of any color.")\n' + EQUIP_1,
    )
    d, a, lions = _equipped(impl, "Goldvein Pick")
    assert (d.game.power(lions), d.game.toughness(lions)) == (3, 2)
    while d.step() != "declare attackers":
        d.apply_action(0)
    _act(d, "attack with Savannah Lions")
    while not _named(d, a, "Treasure Token"):
        d.apply_action(d.legal_actions()[0])
    assert d.game.life(1 - a) == 17 and d.step() == "combat damage"


@pytest.mark.parametrize("impl", IMPLS)
def test_adventuring_gear_pumps_the_equipped_creature_on_landfall(impl):
    """Adventuring Gear: "Landfall — Whenever a land you control enters, equipped creature gets
    +2/+2 until end of turn." — a Plains played makes the equipped Savannah Lions 4/3 until
    the end of the turn."""
    oracle(
        "Adventuring Gear",
        "Landfall — Whenever a land you control enters, equipped creature gets +2/+2 until end "
        "of turn.\n" + EQUIP_1,
    )
    d, a, lions = _equipped(impl, "Adventuring Gear")
    assert (d.game.power(lions), d.game.toughness(lions)) == (2, 1)
    _act(d, "play Plains")
    d.apply_action(0)
    d.apply_action(0)
    assert (d.game.power(lions), d.game.toughness(lions)) == (4, 3)
    _next_turn_of(d, 1 - a)
    assert (d.game.power(lions), d.game.toughness(lions)) == (2, 1)


@pytest.mark.parametrize("impl", IMPLS)
def test_embercleave_costs_less_for_each_attacker_and_attaches_as_it_enters(impl):
    """Embercleave: "Flash / This spell costs {1} less to cast for each attacking creature you
    control. / When Embercleave enters, attach it to target creature you control. / Equipped
    creature gets +1/+1 and has double strike and trample." — with three Mountains it isn't
    offered in the main phase ({4}{R}{R}); with three creatures attacking it costs {1}{R}{R}
    (601.2f) and is cast with flash; attached to Savannah Lions (3/2, double strike), the
    attack deals 3 + 3 + 1 + 4 = 11 damage."""
    oracle(
        "Embercleave",
        "Flash\nThis spell costs {1} less to cast for each attacking creature you control.\n"
        "When Embercleave enters, attach it to target creature you control.\n"
        "Equipped creature gets +1/+1 and has double strike and trample.\nEquip {3}",
    )
    d = _duel(impl, "Mountain")
    a = d.active_player()
    _lands(d, a, "Mountain", 3)
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(a, "Healer's Hawk", "battlefield")
    d.add_card(a, "Serra Angel", "battlefield")
    d.add_card(a, "Embercleave", "hand")
    assert not any(w.startswith("cast Embercleave") for w in _words(d))
    while d.decision() != "attack":
        d.apply_action(0)
    while d.decision() == "attack":
        _act(d, "attack with")
    _act(d, "cast Embercleave")
    d.apply_action(0)
    d.apply_action(0)
    _act(d, "target Savannah Lions")
    d.apply_action(0)
    d.apply_action(0)
    (cleave,) = _named(d, a, "Embercleave")
    assert _attached(d, cleave) == lions
    assert (d.game.power(lions), d.game.toughness(lions)) == (3, 2)
    assert d.game.has_keyword(lions, "double strike") and d.game.has_keyword(lions, "trample")
    while d.step() != "combat damage":
        d.apply_action(0)
    assert d.game.life(1 - a) == 9


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("mulligans", [False, True])
def test_leyline_axe_begins_the_game_on_the_battlefield_103_6a(impl, mulligans):
    """Leyline Axe: "If this card is in your opening hand, you may begin the game with it on the
    battlefield." — every Axe of a player's kept opening hand is on the battlefield as the
    first turn begins (the other player's deck has none); equipped, Savannah Lions is 3/2 with
    double strike and trample."""
    oracle(
        "Leyline Axe",
        "If this card is in your opening hand, you may begin the game with it on the "
        "battlefield.\nEquipped creature gets +1/+1 and has double strike and trample.\n"
        "Equip {3} ({3}: Attach to target creature you control. Equip only as a sorcery.)",
    )
    deck = ["Leyline Axe"] * 3 + ["Plains"] * 2
    d = impl(deck * 8, ["Plains"] * 40, pool="fdn", seed=3, mulligans=mulligans)
    while d.decision() == "mulligan":
        _act(d, "keep")
    on_battlefield = len(_named(d, 0, "Leyline Axe"))
    assert on_battlefield > 0 and _named(d, 1, "Leyline Axe") == []
    assert "Leyline Axe" not in d.hand(0)
    d, a, lions = _equipped(impl, "Leyline Axe")
    assert (d.game.power(lions), d.game.toughness(lions)) == (3, 2)
    assert d.game.has_keyword(lions, "double strike") and d.game.has_keyword(lions, "trample")


EQUIPMENT = _deck(
    {"Plains": 12, "Mountain": 5},
    [
        "Swiftfoot Boots",
        "Quick-Draw Katana",
        "Celestial Armor",
        "Goldvein Pick",
        "Adventuring Gear",
        "Embercleave",
        "Leyline Axe",
        "Savannah Lions",
        "Healer's Hawk",
        "Day of Judgment",
        "Serra Angel",
    ],
)


def test_the_equipment_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(EQUIPMENT) if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_equipment_plays_alike_in_both_duels(seed):
    """Random games with Equipment: the same legal actions, observations, outcome and bytes in
    both duels."""
    taken = play_alike(EQUIPMENT, BOROS, seed)
    assert taken["target"] > 0
