"""Kellan, Planar Trailblazer: "If Kellan is a Scout, it becomes a Human Faerie Detective and
gains '…'" — a condition read as the ability resolves (608.2c), subtypes replaced (205.1a,
613.1d) and a triggered ability gained (613.1f), both for as long as it stays (611.2c); "it
becomes a 3/2 Human Faerie Rogue and gains double strike" (613.4b); in the native and the
reference duel alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from cardstate.cards import vocab as v
from cardstate.cards.compile import compile_card
from fdn_support import FDN, activate, fired, oracle, put
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _next_turn_of, _words
from test_fdn_duel_modes import _lands

KELLAN = "Kellan, Planar Trailblazer"
TEXT = (
    '{1}{R}: If Kellan is a Scout, it becomes a Human Faerie Detective and gains "Whenever '
    "Kellan deals combat damage to a player, exile the top card of your library. You may play "
    'that card this turn."\n'
    "{2}{R}: If Kellan is a Detective, it becomes a 3/2 Human Faerie Rogue and gains double "
    "strike."
)


def test_the_oracle_text_and_coverage():
    oracle(KELLAN, TEXT)
    assert coverage.card_coverage(KELLAN).playable


def _activate(d, k):
    """Activates Kellan's ability k ({1}{R} is 0, {2}{R} is 1); both players pass and it
    resolves (the active player has priority again)."""
    p = d.current_player()
    (words,) = [w for w in _words(d) if w.startswith(f"activate {KELLAN}") and f"ability {k}" in w]
    _act(d, words)
    d.apply_action(0)
    d.apply_action(0)
    assert d.current_player() == p and d.decision() == "priority"


def _kellan(impl, top=("Burst Lightning",)):
    """The active player's first main phase: Kellan on its battlefield with nine Mountains, its
    library topped by ``top``."""
    d = _duel(impl, land="Mountain")
    a = d.active_player()
    kellan = d.add_card(a, KELLAN, "battlefield")
    _lands(d, a, "Mountain", 9)
    for name in reversed(top):
        d.add_card(a, name, "library")
    return d, a, kellan


def _attack(d, a):
    """Attacks with Kellan and plays on to the second main phase with a's priority."""
    while d.step() != "declare attackers":
        d.apply_action(d.legal_actions()[0])
    _act(d, f"attack with {KELLAN}")
    while d.step() != "main2":
        d.apply_action(d.legal_actions()[0])
    assert d.current_player() == a


def _exiled(d, p):
    return sorted(d.game.name(x) for x in d.game.objects("exile", p))


def _state(d, kellan):
    g = d.game
    double_strike = g.has_keyword(kellan, "double strike")
    return g.subtypes(kellan), (g.power(kellan), g.toughness(kellan)), double_strike


@pytest.mark.parametrize("impl", IMPLS)
def test_a_scout_becomes_a_detective_with_the_trigger_608_2c_613_1f(impl):
    """While Kellan is a Scout the {2}{R} ability does nothing (608.2c: "if Kellan is a
    Detective" is read as it resolves); {1}{R} makes it a Human Faerie Detective (205.1a) with
    the trigger: its combat damage to the opponent exiles the top card of its library, which
    its controller may cast this turn only; a second {1}{R}, Kellan no longer a Scout, does
    nothing."""
    d, a, kellan = _kellan(impl)
    assert _state(d, kellan) == (["Human", "Faerie", "Scout"], (2, 1), False)
    _activate(d, 1)
    assert _state(d, kellan) == (["Human", "Faerie", "Scout"], (2, 1), False)
    _activate(d, 0)
    assert _state(d, kellan) == (["Human", "Faerie", "Detective"], (2, 1), False)
    _activate(d, 0)
    assert _state(d, kellan) == (["Human", "Faerie", "Detective"], (2, 1), False)
    life = d.game.life(1 - a)
    _attack(d, a)
    assert d.game.life(1 - a) == life - 2
    assert _exiled(d, a) == ["Burst Lightning"]
    assert [w.split(" (")[0] for w in _words(d) if "exile slot" in w] == ["cast Burst Lightning"]
    _next_turn_of(d, 1 - a)
    assert not [w for w in _words(d) if "exile slot" in w]
    # 611.2c: it stays a Detective, and keeps the ability.
    assert _state(d, kellan) == (["Human", "Faerie", "Detective"], (2, 1), False)


@pytest.mark.parametrize("impl", IMPLS)
def test_without_the_first_ability_nothing_is_exiled_613_1f(impl):
    """The trigger is Kellan's only once gained: a Scout's combat damage exiles nothing."""
    d, a, _ = _kellan(impl)
    life = d.game.life(1 - a)
    _attack(d, a)
    assert d.game.life(1 - a) == life - 2
    assert _exiled(d, a) == []


@pytest.mark.parametrize("impl", IMPLS)
def test_a_detective_becomes_a_3_2_rogue_with_double_strike_613_4b(impl):
    """{2}{R} on a Detective: a 3/2 Human Faerie Rogue with double strike, for good (611.2c);
    it keeps the trigger, and its combat damage in each combat damage step triggers it (510.4):
    two cards exiled, both playable this turn; from its bytes the duel is the same."""
    d, a, kellan = _kellan(impl, top=("Burst Lightning", "Mountain"))
    _activate(d, 0)
    _activate(d, 1)
    assert _state(d, kellan) == (["Human", "Faerie", "Rogue"], (3, 2), True)
    again = type(d).from_bytes(d.to_bytes(), pool="fdn")
    assert again.legal_actions() == d.legal_actions()
    life = d.game.life(1 - a)
    _attack(d, a)
    assert d.game.life(1 - a) == life - 6
    assert _exiled(d, a) == ["Burst Lightning", "Mountain"]
    playable = sorted(w.split(" (")[0] for w in _words(d) if "exile slot" in w)
    assert playable == ["cast Burst Lightning", "play Mountain"]
    _next_turn_of(d, a)
    assert _state(d, kellan) == (["Human", "Faerie", "Rogue"], (3, 2), True)


def test_on_a_bare_game_the_gained_ability_never_triggers(game):
    """On a bare game (both kernels), which keeps no grant (613.1f): the first ability makes
    Kellan a Detective, but its combat damage to a player fires nothing, as before."""
    g = game()
    kellan = put(g, KELLAN)
    g.deal_damage(kellan, 1, 2, combat=True)
    assert fired(g) == []
    activate(g, kellan, KELLAN)
    assert g.subtypes(kellan) == ["Human", "Faerie", "Detective"]
    g.take_events()
    g.deal_damage(kellan, 1, 2, combat=True)
    assert fired(g) == []


KELLANS = _deck(
    {"Mountain": 17},
    [KELLAN, "Burst Lightning", KELLAN, "Goblin Surprise", KELLAN],
)


def test_the_kellan_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(KELLANS) if not c.playable] == []


def _kellan_first(words: str) -> bool:
    return words.startswith(f"activate {KELLAN}") or words.startswith(f"attack with {KELLAN}")


@pytest.mark.parametrize("seed", [2, 5, 11])
def test_kellans_play_alike_in_both_duels(seed):
    """Random games of Kellan's deck, its abilities activated and Kellan attacking whenever
    they can be: the same legal actions, observations, outcome and bytes in both duels; cards
    exiled by the gained trigger are offered from exile."""
    _, exiled = duel_support.play_alike(
        KELLANS,
        KELLANS,
        seed,
        pool="fdn",
        format="limited",
        prefer=_kellan_first,
        counted=lambda w: "(exile slot" in w,
    )
    assert exiled > 0


@pytest.mark.parametrize("seed", [3, 7])
def test_kellans_play_alike_in_both_duels_at_random(seed):
    play_alike(KELLANS, KELLANS, seed)


_EXILE = v.ExileTopMayPlay(1, "end_of_turn")


@pytest.mark.parametrize(
    ("ability", "match"),
    [
        (v.Activated(v.Cost(mana="{1}"), _EXILE), "a Triggered ability of subject THIS"),
        (v.Triggered("attacks", _EXILE, subject=v.Filter()), "a Triggered ability of subject"),
        (v.Triggered("dies", _EXILE), "on the permanent's events, not 'dies'"),
    ],
)
def test_a_bad_gained_ability_is_refused_as_it_compiles(ability, match):
    """An ability gained is a triggered ability of the permanent itself (613.1f), of an event
    about it while it stays (400.7)."""
    card = v.Card(
        name="Odd Trailblazer",
        types=("creature",),
        power=1,
        toughness=1,
        abilities=(v.Activated(v.Cost(mana="{1}"), v.GainsAbility(v.THIS, ability)),),
    )
    with pytest.raises(ValueError, match=match):
        compile_card(card)


def test_a_gained_ability_compiles_after_the_card_s_own():
    """The ability gained is a triggered ability of the card after its own, marked gained; the
    effect names it."""
    abilities = FDN[KELLAN].data["abilities"]
    assert [a["kind"] for a in abilities] == ["activated", "activated", "triggered"]
    assert abilities[2]["gained"] is True
    assert abilities[2]["event"] == "deals_combat_damage_to_player"
    assert {"op": "gain_ability", "what": {"s": "this"}, "ability": 2} in abilities[0]["program"]


@pytest.mark.parametrize("impl", IMPLS)
def test_only_the_object_that_gained_it_has_it_613_1f(impl):
    """Kellan of each player's, only the active player's made a Detective: the opponent's
    Kellan, a Scout still, deals combat damage on its turn and exiles nothing (its card's
    gained ability is no ability of that object)."""
    d, a, mine = _kellan(impl)
    b = 1 - a
    theirs = d.add_card(b, KELLAN, "battlefield")
    _activate(d, 0)
    assert d.game.subtypes(mine) == ["Human", "Faerie", "Detective"]
    assert d.game.subtypes(theirs) == ["Human", "Faerie", "Scout"]
    while not (d.active_player() == b and d.step() == "declare attackers"):
        d.apply_action(d.legal_actions()[0])
    _act(d, f"attack with {KELLAN}")
    life = d.game.life(a)
    while d.step() != "main2":
        words = _words(d)
        no_block = [x for x, w in zip(d.legal_actions(), words, strict=True) if w == "no block"]
        d.apply_action(no_block[0] if no_block else d.legal_actions()[0])
    assert d.game.life(a) == life - 2
    assert _exiled(d, b) == []
