"""Fishing Pole: "Equipped creature has '{1}, {T}, Tap Fishing Pole: Put a bait counter on
Fishing Pole.'" — the equipped creature's {T} (302.6) and the Equipment's, offered as the
Equipment's ability — and "Whenever equipped creature becomes untapped, remove a bait counter
from this Equipment. If you do, create a 1/1 blue Fish creature token." (502.3, 701.26b,
608.2c); in the native and the reference duel alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate import cards
from cardstate.cards import coverage
from cardstate.cards import vocab as v
from cardstate.cards.compile import compile_card
from fdn_support import FDN, fired, oracle, put
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _words
from test_fdn_duel_modes import _lands

POLE = "Fishing Pole"
LIONS = "Savannah Lions"  # {W}, a 2/1
FISH = "Fish Token 1/1"
TEXT = (
    'Equipped creature has "{1}, {T}, Tap Fishing Pole: Put a bait counter on Fishing Pole."\n'
    "Whenever equipped creature becomes untapped, remove a bait counter from this Equipment. If "
    "you do, create a 1/1 blue Fish creature token.\n"
    "Equip {2} ({2}: Attach to target creature you control. Equip only as a sorcery.)"
)


def test_the_oracle_text_and_coverage():
    oracle(POLE, TEXT)
    assert coverage.card_coverage(POLE).playable
    assert FDN[FISH].data["subtypes"] == ["Fish"]


def _bait_words(d):
    return [w for w in _words(d) if w.startswith(f"activate {POLE}") and "ability 0" in w]


def _pass_both(d, p):
    """Both players pass: the top of the stack resolves; p has priority again."""
    d.apply_action(0)
    d.apply_action(0)
    assert d.current_player() == p and d.decision() == "priority"


def _equipped(impl, lands=6):
    """The active player's first main phase: Savannah Lions and Fishing Pole on its
    battlefield with ``lands`` Plains, the Pole equipped to the Lions (Equip {2})."""
    d = _duel(impl, land="Plains")
    a = d.active_player()
    lions = d.add_card(a, LIONS, "battlefield")
    pole = d.add_card(a, POLE, "battlefield")
    _lands(d, a, "Plains", lands)
    assert _bait_words(d) == []  # not attached: no equipped creature has it
    _act(d, f"activate {POLE}")
    _act(d, "target Savannah Lions")
    _pass_both(d, a)
    return d, a, lions, pole


def _bait(d, pole):
    return d.game.counters(pole).get("bait", 0)


@pytest.mark.parametrize("impl", IMPLS)
def test_the_equipped_creature_taps_with_the_pole_for_a_bait_counter_302_6(impl):
    """Equipped, the ability is offered: {1}, the Lions tapped and the Pole tapped, a bait
    counter on the Pole; with either tapped it isn't offered again."""
    d, a, lions, pole = _equipped(impl)
    (bait,) = _bait_words(d)
    _act(d, bait)
    assert d.game.is_tapped(lions) and d.game.is_tapped(pole)
    _pass_both(d, a)
    assert _bait(d, pole) == 1
    assert _bait_words(d) == []


@pytest.mark.parametrize("impl", IMPLS)
def test_when_the_creature_untaps_a_bait_counter_becomes_a_fish_502_3_608_2c(impl):
    """In its controller's next untap step the Lions untap: the trigger removes the bait
    counter and creates a 1/1 Fish; without a bait counter ("If you do"), the next untap
    creates none."""
    d, a, lions, pole = _equipped(impl)
    _act(d, _bait_words(d)[0])
    _pass_both(d, a)
    _next_turn_of(d, 1 - a)
    assert _named(d, a, FISH) == [] and _bait(d, pole) == 1  # a's creature didn't untap
    _next_turn_of(d, a)
    assert not d.game.is_tapped(lions)
    assert len(_named(d, a, FISH)) == 1 and _bait(d, pole) == 0
    # Tapped by attacking, then untapped with no bait counter: no Fish.
    while d.step() != "declare attackers":
        d.apply_action(d.legal_actions()[0])
    _act(d, f"attack with {LIONS}")
    assert d.game.is_tapped(lions)
    _next_turn_of(d, a)
    assert not d.game.is_tapped(lions)
    assert len(_named(d, a, FISH)) == 1 and _bait(d, pole) == 0
    again = type(d).from_bytes(d.to_bytes(), pool="fdn")
    assert again.legal_actions() == d.legal_actions()


@pytest.mark.parametrize("impl", IMPLS)
def test_a_summoning_sick_creature_can_t_pay_its_tap_302_6(impl):
    """Savannah Lions cast this turn and equipped: the ability with its {T} isn't offered."""
    d = _duel(impl, land="Plains")
    a = d.active_player()
    d.add_card(a, POLE, "battlefield")
    _lands(d, a, "Plains", 6)
    d.add_card(a, LIONS, "hand")
    _act(d, f"cast {LIONS}")
    _pass_both(d, a)
    _act(d, f"activate {POLE}")
    _act(d, "target Savannah Lions")
    _pass_both(d, a)
    assert _bait_words(d) == []


def test_on_a_bare_game_nothing_is_equipped(game):
    """A bare game keeps no attachment: the untapping of a creature fires nothing."""
    g = game()
    lions = put(g, LIONS)
    put(g, POLE)
    g.take_events()
    assert fired(g, [cards.GameEvent("untapped", lions)]) == []


def test_tap_attached_is_an_equipment_s():
    card = v.Card(
        name="Odd Pole",
        types=("artifact",),
        abilities=(v.Activated(v.Cost(tap_attached=True), v.Draw(v.YOU, 1)),),
    )
    with pytest.raises(ValueError, match="tap_attached is an Equipment's"):
        compile_card(card)


POLES = _deck(
    {"Plains": 17},
    [POLE, LIONS, POLE, "Savannah Lions", POLE, LIONS],
)


def test_the_pole_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(POLES) if not c.playable] == []


def _pole_first(words: str) -> bool:
    return words.startswith(f"activate {POLE}")


@pytest.mark.parametrize("seed", [2, 5, 11])
def test_poles_play_alike_in_both_duels(seed):
    """Random games of the Pole's deck, its abilities activated whenever they can be: the same
    legal actions, observations, outcome and bytes in both duels."""
    fish: list[bool] = []

    def watch(d, _words):
        fish.append(any(d.game.name(x) == FISH for p in (0, 1) for x in d.battlefield(p)))

    duel_support.play_alike(
        POLES, POLES, seed, pool="fdn", format="limited", prefer=_pole_first, watch=watch
    )
    assert any(fish)


@pytest.mark.parametrize("seed", [3, 7])
def test_poles_play_alike_in_both_duels_at_random(seed):
    play_alike(POLES, POLES, seed)


@pytest.mark.parametrize("impl", IMPLS)
def test_an_effect_s_untapping_triggers_it_and_no_untapping_doesn_t_502_3_701_26b(impl):
    """On Slumbering Cerberus ("doesn't untap during your untap step"), baited: its untap
    step leaves it tapped — no Fish (502.3); once a creature died this turn, its end-step
    ability untaps it (701.26b) — the trigger creates a Fish."""
    cerberus_name = "Slumbering Cerberus"
    d = _duel(impl, land="Mountain")
    a = d.active_player()
    cerberus = d.add_card(a, cerberus_name, "battlefield")
    pole = d.add_card(a, POLE, "battlefield")
    _lands(d, a, "Mountain", 3)
    theirs = d.add_card(1 - a, LIONS, "battlefield")
    _act(d, f"activate {POLE}")
    _act(d, f"target {cerberus_name}")
    _pass_both(d, a)
    _act(d, _bait_words(d)[0])
    _pass_both(d, a)
    assert _bait(d, pole) == 1 and d.game.is_tapped(cerberus)
    _next_turn_of(d, a)
    assert d.game.is_tapped(cerberus) and not d.game.is_tapped(pole)
    assert _named(d, a, FISH) == [] and _bait(d, pole) == 1
    d.add_card(a, "Burst Lightning", "hand")
    _act(d, "cast Burst Lightning")
    (target,) = [w for w in _words(d) if w.startswith(f"target {LIONS}")]
    _act(d, target)
    _pass_both(d, a)
    assert theirs not in d.battlefield(1 - a)
    t = d.turn()
    while d.turn() == t:
        d.apply_action(d.legal_actions()[0])
    assert not d.game.is_tapped(cerberus)
    assert len(_named(d, a, FISH)) == 1 and _bait(d, pole) == 0


@pytest.mark.parametrize("impl", IMPLS)
def test_a_mana_creature_tapped_for_the_cost_can_t_also_pay_its_mana_602_2b(impl):
    """On Llanowar Elves with no untapped land: the Elves' {T} is part of the cost, so they
    can't also add the {1} — not offered; with a Forest more, offered."""
    d = _duel(impl, land="Forest")
    a = d.active_player()
    d.add_card(a, "Llanowar Elves", "battlefield")
    d.add_card(a, POLE, "battlefield")
    _lands(d, a, "Forest", 2)
    _act(d, f"activate {POLE}")
    _act(d, "target Llanowar Elves")
    _pass_both(d, a)
    assert _bait_words(d) == []
    d.add_card(a, "Forest", "battlefield")
    assert len(_bait_words(d)) == 1


ELVES_WITH_POLES = _deck(
    {"Forest": 17},
    [POLE, "Llanowar Elves", POLE, "Llanowar Elves", "Elvish Archdruid", POLE],
)


@pytest.mark.parametrize("seed", [1, 4])
def test_poles_on_mana_creatures_play_alike_in_both_duels(seed):
    duel_support.play_alike(
        ELVES_WITH_POLES,
        ELVES_WITH_POLES,
        seed,
        pool="fdn",
        format="limited",
        prefer=_pole_first,
    )
