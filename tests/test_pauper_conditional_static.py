"""A static ability that applies as long as its controller controls a kind of permanent (611.3a:
evaluated continuously): Goblin Tomb Raider, in the kernel, on a bare ``Game`` and in both
duels."""

from __future__ import annotations

import pytest
from cardstate import cards
from cardstate.cards import coverage
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from test_pauper_duel import PAUPER, _act, _duel, _to_main, _words

RAIDER = "As long as you control an artifact, this creature gets +1/+0 and has haste."


def test_goblin_tomb_raider_text_and_its_compiled_static():
    """The Oracle text; the static ability is the kernel's "this while artifacts you control"
    for +1/+0 (layer 7c) and haste (layer 6)."""
    card = PAUPER["Goblin Tomb Raider"]
    assert card.card.oracle == RAIDER
    (static,) = card.data["abilities"]
    assert static["affects"] == ["this while artifacts you control"]
    assert (static["power"], static["toughness"], static["gains"]) == (1, 0, {"haste": 1})
    assert coverage.card_coverage("Goblin Tomb Raider", "pauper").playable


def test_the_condition_is_evaluated_continuously_611_3a(game):
    """611.3a: the ability applies while its controller controls an artifact, whichever one,
    and stops as the last one leaves; an opponent's artifact doesn't count ("you control")."""
    g = game()
    raider = cards.place(g, "Goblin Tomb Raider", 0, "battlefield", pool=PAUPER)
    assert (g.power(raider), g.toughness(raider), g.has_keyword(raider, "haste")) == (1, 2, False)
    cards.place(g, "Great Furnace", 1, "battlefield", pool=PAUPER)
    assert (g.power(raider), g.has_keyword(raider, "haste")) == (1, False)
    furnaces = [cards.place(g, "Great Furnace", 0, "battlefield", pool=PAUPER) for _ in "ab"]
    assert (g.power(raider), g.toughness(raider), g.has_keyword(raider, "haste")) == (2, 2, True)
    g.destroy(furnaces[0])
    assert (g.power(raider), g.has_keyword(raider, "haste")) == (2, True)
    g.destroy(furnaces[1])
    assert (g.power(raider), g.has_keyword(raider, "haste")) == (1, False)
    (effect, _) = g.continuous_effects()
    assert effect["affected"] == ["this while artifacts you control"]
    # The state's bytes keep the condition: read back, the same game, the same hash.
    again = type(g).from_bytes(g.to_bytes())
    assert again == g and again.hash() == g.hash() and again.to_bytes() == g.to_bytes()
    cards.place(again, "Great Furnace", 0, "battlefield", pool=PAUPER)
    assert again.power(raider) == 2 and g.power(raider) == 1


def test_this_while_needs_a_source_and_a_filter(game):
    """The kernel's "this while <filter>" names the source: without one, or with a filter it
    can't read, it is refused and nothing changes."""
    g = game()
    x = cards.place(g, "Goblin Tomb Raider", 0, "battlefield", pool=PAUPER)
    before = len(g.continuous_effects())
    with pytest.raises(ValueError, match="this while"):
        g.add_continuous_effect(
            "modify_power_toughness",
            affected=["this while artifacts you control"],
            power=1,
            toughness=0,
        )
    with pytest.raises(ValueError):
        g.add_continuous_effect(
            "modify_power_toughness",
            affected=["this while wizards"],
            source=x,
            power=1,
            toughness=0,
        )
    assert len(g.continuous_effects()) == before


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_goblin_tomb_raider_attacks_the_turn_it_comes_with_an_artifact(impl):
    """With Great Furnace (an artifact land) Goblin Tomb Raider has haste (302.6 doesn't stop
    it attacking the turn it comes) and deals 2 combat damage; sacrificing the last artifact
    (Experimental Synthesizer) takes both away."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    d.add_card(a, "Great Furnace", "battlefield")
    d.add_card(a, "Goblin Tomb Raider", "hand")
    _act(d, "cast Goblin Tomb Raider")
    d.apply_action(0)
    d.apply_action(0)
    (raider,) = [x for x in d.game.objects("battlefield", a) if "Raider" in d.game.name(x)]
    assert d.game.power(raider) == 2 and d.game.has_keyword(raider, "haste")
    while d.decision() != "attack":
        d.apply_action(0)
    _act(d, "attack with Goblin Tomb Raider")
    while d.step() != "end":
        d.apply_action(d.legal_actions()[0])
    assert d.game.life(1 - a) == 18


@pytest.mark.parametrize("impl", [Duel, ReferenceDuel])
def test_goblin_tomb_raider_without_an_artifact_has_no_haste(impl):
    """Without an artifact it is a 1/2 without haste: summoning sick, it isn't an attacker;
    with Experimental Synthesizer it is 2/2 with haste until the artifact is sacrificed."""
    d = _duel(impl)
    _to_main(d)
    a = d.active_player()
    raider = d.add_card(a, "Goblin Tomb Raider", "battlefield")
    assert d.game.power(raider) == 1 and not d.game.has_keyword(raider, "haste")
    d.add_card(a, "Experimental Synthesizer", "battlefield")
    assert d.game.power(raider) == 2 and d.game.has_keyword(raider, "haste")
    for _ in range(3):
        d.add_card(a, "Mountain", "battlefield")
    _act(d, "activate Experimental Synthesizer")
    assert d.game.power(raider) == 1 and not d.game.has_keyword(raider, "haste")
    while d.step() == "main1":
        d.apply_action(d.legal_actions()[0])
    assert "attack with Goblin Tomb Raider" not in " ".join(_words(d))
