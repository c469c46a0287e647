"""Crystal Barricade: "You have hexproof" (702.11d, the kernel's "hexproof" on players) and
"Prevent all noncombat damage that would be dealt to other creatures you control" (615.1:
the kernel's "prevent_noncombat_other" on both kernels: noncombat damage only, and never to the
Barricade itself). The Oracle text quoted and shown doing it on both bare implementations and
in the native and the reference duel alike."""

from __future__ import annotations

import pytest
from fdn_support import battlefield, cast, oracle, put
from test_fdn_duel import BOROS, _deck, play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _pass_until, _words

BARRICADE = (
    "Defender (This creature can't attack.)\n"
    "You have hexproof. (You can't be the target of spells or abilities your opponents "
    "control.)\n"
    "Prevent all noncombat damage that would be dealt to other creatures you control."
)


def test_crystal_barricade_prevents_noncombat_damage_to_other_creatures_you_control(game):
    """Burst Lightning at player 0's Savannah Lions deals none (prevented); at the Barricade
    itself it deals its 2 ("other"); at player 1's Lions, 2 (only creatures its controller
    controls); combat damage to player 0's Lions isn't prevented (noncombat only)."""
    oracle("Crystal Barricade", BARRICADE)
    g = game()
    barricade = put(g, "Crystal Barricade", 0)
    lions, theirs = put(g, "Savannah Lions", 0), put(g, "Savannah Lions", 1)
    assert g.has_keyword(barricade, "defender")
    cast(g, "Burst Lightning", [lions], player=1)
    cast(g, "Burst Lightning", [barricade], player=1)
    cast(g, "Burst Lightning", [theirs], player=0)
    assert (g.damage(lions), g.damage(barricade), g.damage(theirs)) == (0, 2, 2)
    g.deal_damage(theirs, lions, 1, combat=True)
    assert g.damage(lions) == 1
    g.check_state_based_actions()
    assert battlefield(g, 0) == [barricade] and battlefield(g, 1) == []


def test_crystal_barricade_gives_its_controller_hexproof_702_11d(game):
    """Player 1's Burst Lightning at player 0 (who controls the Barricade) fizzles (608.2b);
    player 0's own at itself resolves; once the Barricade is gone, player 1's resolves."""
    g = game()
    barricade = put(g, "Crystal Barricade", 0)
    assert cast(g, "Burst Lightning", [0], player=1).fizzled
    assert not cast(g, "Burst Lightning", [0], player=0).fizzled
    assert g.life(0) == 18
    g.destroy(barricade)
    assert not cast(g, "Burst Lightning", [0], player=1).fizzled
    assert g.life(0) == 16


def test_the_prevention_survives_the_bytes_and_yields_to_615_12(game):
    """The effect read back from the bytes (docs/FORMAT.md, effect 19) still prevents; damage
    that can't be prevented (615.12) is dealt to the other creature all the same."""
    g = game()
    put(g, "Crystal Barricade", 0)
    lions, theirs = put(g, "Savannah Lions", 0), put(g, "Savannah Lions", 1)
    back = type(g).from_bytes(g.to_bytes())
    assert back.to_bytes() == g.to_bytes()
    assert [e["effect"] for e in back.replacement_effects()] == [
        "hexproof",
        "prevent_noncombat_other",
    ]
    assert back.deal_damage(theirs, lions, 3) == 0 and back.damage(lions) == 0
    back.deal_damage(theirs, lions, 1, preventable=False)
    assert back.damage(lions) == 1


@pytest.mark.parametrize("name", ["prevent_noncombat_other"])
def test_noncombat_prevention_refuses_combat(game, name):
    """Bad input: the effect on noncombat damage with combat=True is a ValueError, the
    game unchanged."""
    g = game()
    with pytest.raises(ValueError, match="noncombat"):
        g.add_replacement_effect(name, affects="creatures", controller=0, combat=True)
    assert list(g.replacement_effects()) == []


@pytest.mark.parametrize("impl", IMPLS)
def test_crystal_barricade_in_a_duel(impl):
    """The active player's opponent controls Crystal Barricade and Savannah Lions: Burst
    Lightning offers no target player but its caster (hexproof), and at the Lions it deals no
    damage (prevented); the Lions survive."""
    d = _duel(impl, "Mountain")
    a = d.active_player()
    d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Burst Lightning", "hand")
    d.add_card(1 - a, "Crystal Barricade", "battlefield")
    lions = d.add_card(1 - a, "Savannah Lions", "battlefield")
    _act(d, "cast Burst")
    players = [w for w in _words(d) if w.startswith("target player")]
    assert players == [f"target player {a} ({a})"]
    _act(d, f"target Savannah Lions ({lions})")
    _pass_until(d, lambda: d.game.objects("graveyard", a) != [])
    assert _named(d, 1 - a, "Savannah Lions") == [lions] and d.game.damage(lions) == 0


@pytest.mark.parametrize("seed", [11, 12])
def test_crystal_barricade_plays_alike_in_both_duels(seed):
    """Random games with Crystal Barricade and burn play the same in both duels."""
    deck = _deck({"Plains": 16}, ["Crystal Barricade", "Savannah Lions", "Healer's Hawk"])
    play_alike(deck, BOROS, seed)
