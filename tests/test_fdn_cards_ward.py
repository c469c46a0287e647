"""Ward (702.21a) and "counter it unless that player pays" (701.6a, 118.12): the trigger event
"becomes the target of a spell an opponent controls", the effect on the card layer's bare
``Game`` (both implementations) and the Foundations cards with ward in both duels, each card's
Oracle text quoted."""

from __future__ import annotations

import pytest
from cardstate import cards
from cardstate.cards import vocab as v
from fdn_support import fired, oracle, pt, put, resolve
from test_fdn_duel import play_alike
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _pass_until

PROWLER = (
    "Ward {2} (Whenever this creature becomes the target of a spell or ability an opponent "
    "controls, counter it unless that player pays {2}.)\nMorbid — At the beginning of your end "
    "step, if a creature died this turn, put a +1/+1 counter on this creature."
)
SIRE = "First strike, vigilance\nMenace, trample\nReach, lifelink\nWard—Pay 7 life."


def _targeted(g, name, by):
    """A ``name`` permanent of player 1 and a Giant Growth of ``by``'s on the stack targeting
    it: the triggered abilities its becoming the target fires (the spell named, 702.21a)."""
    perm = put(g, name, 1)
    spell = put(g, "Giant Growth", by, "stack")
    g.take_events()
    return perm, spell, fired(g, [cards.becomes_target(perm, by=by, spell=spell)])


def test_ward_triggers_only_for_an_opponents_spell_702_21a(game):
    """Ward triggers when the permanent becomes the target of a spell an opponent controls,
    and what triggered it is that spell; its controller's own spell, or a targeting that names
    no spell, triggers nothing."""
    oracle("Cackling Prowler", PROWLER)
    g = game()
    _, spell, (f,) = _targeted(g, "Cackling Prowler", by=0)
    assert (f.controller, f.triggering) == (1, spell)
    g = game()
    assert _targeted(g, "Cackling Prowler", by=1)[2] == []
    g = game()
    prowler = put(g, "Cackling Prowler", 1)
    assert fired(g, [cards.becomes_target(prowler, by=0)]) == []


def test_not_paid_the_spell_is_countered_118_12_701_6a(game):
    """Not paid (a bare game pays no mana: ``auto_choice`` says no), the spell goes from the
    stack to its owner's graveyard; the player asked is the spell's controller."""
    g = game()
    _, spell, (f,) = _targeted(g, "Cackling Prowler", by=0)
    asked = []

    def choose(g, player, req):
        asked.append((req.kind, req.player))
        return cards.auto_choice(g, player, req)

    resolve(g, f, choose=choose)
    assert asked == [("pay", 0)]
    assert g.zone(spell) == "graveyard"


def test_ward_pay_life_loses_the_life_119_4(game):
    """Sire of Seven Deaths' "Ward—Pay 7 life": paid, its controller's opponent loses 7 life
    and the spell stays on the stack."""
    oracle("Sire of Seven Deaths", SIRE)
    g = game()
    _, spell, (f,) = _targeted(g, "Sire of Seven Deaths", by=0)
    life = g.life(0)
    resolve(g, f, choose=lambda g, p, req: True)
    assert g.zone(spell) == "stack" and g.life(0) == life - 7


def test_counter_unless_pays_needs_a_cost():
    """A "counter unless" with nothing to pay is refused as the card is compiled."""
    bad = v.Card(
        "Bad Ward",
        ("creature",),
        power=1,
        toughness=1,
        abilities=(v.Triggered("becomes_target_by_opponent", v.CounterUnlessPays(v.TRIGGERING)),),
    )
    with pytest.raises(ValueError, match="CounterUnlessPays needs a cost"):
        cards.compile_card(bad)


def _growth_on_theirs(impl, name, forests):
    """Player a, with ``forests`` Forests, casts Giant Growth on player b's ``name``."""
    d = _duel(impl, "Forest")
    a = d.active_player()
    for _ in range(forests):
        d.add_card(a, "Forest", "battlefield")
    perm = d.add_card(1 - a, name, "battlefield")
    d.add_card(a, "Giant Growth", "hand")
    _act(d, "cast Giant Growth")
    _act(d, f"target {name}")
    return d, a, perm


def _countered(d, a):
    """Giant Growth is in its owner's graveyard."""
    return "Giant Growth" in [d.game.name(x) for x in d.game.objects("graveyard", a)]


@pytest.mark.parametrize("impl", IMPLS)
def test_cackling_prowler_counters_a_spell_its_caster_cant_pay_for(impl):
    """With one Forest, spent on Giant Growth, its caster can't pay {2}: it isn't asked, and
    the spell is countered into its graveyard; the Prowler stays 4/3."""
    oracle("Cackling Prowler", PROWLER)
    d, a, prowler = _growth_on_theirs(impl, "Cackling Prowler", 1)
    for _ in range(8):
        assert d.decision() != "yes_no"
        if _countered(d, a):
            break
        d.apply_action(0)
    assert _countered(d, a)
    assert pt(d.game, prowler) == (4, 3)


@pytest.mark.parametrize("impl", IMPLS)
def test_cackling_prowler_ward_paid_lets_the_spell_resolve(impl):
    """With two Forests left, the caster is asked (a yes/no decision of its own); YES taps
    them and Giant Growth resolves: the Prowler is 7/6."""
    d, a, prowler = _growth_on_theirs(impl, "Cackling Prowler", 3)
    _pass_until(d, lambda: d.decision() == "yes_no")
    assert d.current_player() == a
    _act(d, "yes")
    assert all(d.is_tapped(x) for x in _named(d, a, "Forest"))
    _pass_until(d, lambda: pt(d.game, prowler) != (4, 3))
    assert pt(d.game, prowler) == (7, 6)


@pytest.mark.parametrize("impl", IMPLS)
def test_ward_declined_counters_the_spell(impl):
    """NO: the spell is countered, the mana left untapped."""
    d, a, prowler = _growth_on_theirs(impl, "Cackling Prowler", 3)
    _pass_until(d, lambda: d.decision() == "yes_no")
    _act(d, "no")
    _pass_until(d, lambda: _countered(d, a))
    assert pt(d.game, prowler) == (4, 3)
    assert sum(not d.is_tapped(x) for x in _named(d, a, "Forest")) == 2


@pytest.mark.parametrize("impl", IMPLS)
def test_ward_ignores_its_controllers_own_spell(impl):
    """Its controller's own Giant Growth triggers no ward: it resolves (7/6)."""
    d = _duel(impl, "Forest")
    a = d.active_player()
    d.add_card(a, "Forest", "battlefield")
    prowler = d.add_card(a, "Cackling Prowler", "battlefield")
    d.add_card(a, "Giant Growth", "hand")
    _act(d, "cast Giant Growth")
    _act(d, "target Cackling Prowler")
    _pass_until(d, lambda: pt(d.game, prowler) != (4, 3))
    assert pt(d.game, prowler) == (7, 6)


@pytest.mark.parametrize("impl", IMPLS)
def test_sire_of_seven_deaths_ward_pay_7_life(impl):
    """Ward—Pay 7 life: its caster pays 7 life and Giant Growth makes the Sire 10/10."""
    d, a, sire = _growth_on_theirs(impl, "Sire of Seven Deaths", 1)
    life = d.game.life(a)
    _pass_until(d, lambda: d.decision() == "yes_no")
    assert d.current_player() == a
    _act(d, "yes")
    _pass_until(d, lambda: pt(d.game, sire) != (7, 7))
    assert d.game.life(a) == life - 7 and pt(d.game, sire) == (10, 10)


WARDED = (
    ["Forest"] * 17
    + ["Cackling Prowler"] * 8
    + ["Giant Growth"] * 12
    + ["Sire of Seven Deaths"] * 3
)


@pytest.mark.parametrize("seed", [41, 42])
def test_ward_plays_alike_in_both_duels(seed):
    """Ward triggers, payments and counters play the same games in both duels."""
    assert len(WARDED) == 40
    play_alike(WARDED, WARDED, seed)
