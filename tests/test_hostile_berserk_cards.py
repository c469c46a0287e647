"""Hostile Berserk card definitions (docs/CARDS.md, "Berserk cards" and "Bad definitions"): the
compiler refuses each with an ``InvalidCard`` (a ``ValueError``) naming the card and the field;
whatever it accepts, the native runtime loads and both interpreters place alike on a
``"berserk"`` game (and refuse alike on a Magic one)."""

from __future__ import annotations

import re
from typing import Any

import cardstate
import cardstate.reference
import hypothesis.strategies as st
import pytest
from cardstate.cards import CardPool, InvalidCard, compile_card
from cardstate.cards import vocab as v
from conftest import snapshot
from hypothesis import given, settings
from test_hostile import _run_bounded

IMPLS = {"native": cardstate.Game, "reference": cardstate.reference.Game}
CREATURE = v.Filter(types=("creature",))


def gnome(**kw: Any) -> v.BerserkCard:
    base: dict[str, Any] = {
        "name": "Тест: гном",
        "types": ("creature",),
        "cost": 2,
        "subtypes": ("Гном",),
        "strength": 3,
        "lives": 3,
    }
    base.update(kw)
    return v.BerserkCard(**base)


def spell(effect: Any, targets: tuple[v.TargetSpec, ...] = ()) -> v.BerserkCard:
    return gnome(
        types=("spell",),
        subtypes=(),
        strength=None,
        lives=None,
        abilities=(v.Spell(effect, targets),),
    )


# Each definition refused, with the field named.
ABSURD = [
    (gnome(types=("land",)), "types"),
    (gnome(types="creature"), "types"),
    (gnome(types=()), "types"),
    (gnome(subtypes=("",)), "subtypes"),
    (gnome(subtypes="Гном"), "subtypes"),
    (gnome(cost=-1), "cost"),
    (gnome(cost=2**31), "cost"),
    (gnome(cost="x"), "cost"),
    (gnome(cost="2-X"), "cost"),
    (gnome(cost="X" + "+X" * 255), "cost"),
    (gnome(cost="2147483647+1"), "cost"),
    (gnome(cost="9" * 5000), "cost"),
    (gnome(cost=1.5), "cost"),
    (gnome(cost=True), "cost"),
    (gnome(element="огонь"), "element"),
    (gnome(element=5), "element"),
    (gnome(strength=-1), "strength"),
    (gnome(strength=2**31), "strength"),
    (gnome(strength=(1, 2)), "strength"),
    (gnome(strength=(1, 2, -3)), "strength"),
    (gnome(strength="3"), "strength"),
    (gnome(strength=None), "strength"),
    (gnome(lives=None), "strength"),
    (gnome(lives=-2), "lives"),
    (gnome(lives=True), "lives"),
    (gnome(movement=2**40), "movement"),
    (gnome(flying=1), "flying"),
    (gnome(elite="yes"), "elite"),
    (gnome(flying=True, movement=2), "movement"),
    (gnome(types=("terrain",), strength=None, lives=3), "lives"),
    (gnome(types=("artifact",), strength=1), "strength"),
    (gnome(types=("artifact",), strength=None, movement=1), "movement"),
    (gnome(types=("hero",), strength=None, flying=True), "flying"),
    (gnome(keywords=("неуязвимость",)), "keywords"),
    (gnome(keywords=("уязвимость", "уязвимость")), "keywords"),
    (gnome(keywords="уязвимость"), "keywords"),
    (gnome(text=5), "text"),
    (gnome(reconstructed=None), "reconstructed"),
    (gnome(info={"power": 3}), "info"),
    (gnome(info={"legend": float("nan")}), "info"),
    (gnome(info=5), "info"),
    (gnome(text="\ud800"), "oracle"),
    (gnome(subtypes=("\udc00",)), "subtypes[0]"),
    (gnome(abilities=5), "abilities"),
    (gnome(abilities=(v.ManaAbility("G"),)), "abilities[0]"),
    (gnome(abilities=(v.Static(CREATURE, power=1),)), "abilities[0]"),
    (gnome(abilities=(v.Flash(),)), "abilities[0]"),  # 702.8a: flash is Magic's
    (gnome(abilities=(v.Activated(v.Cost(mana="{1}"), v.Heal(v.THIS, 1)),)), "abilities[0]"),
    (gnome(abilities=(v.Activated(v.Cost(energy=1), v.Heal(v.THIS, 1)),)), "abilities[0]"),
    (gnome(abilities=(v.CostModifier(2**31),)), "abilities[0]"),
    (gnome(abilities=(v.CostModifier(-1, types=("instant",)),)), "abilities[0]"),
    (gnome(abilities=(v.CostModifier(-1, subtypes="Гном"),)), "abilities[0]"),
    (gnome(abilities=(v.CostModifier(-1, controller="me"),)), "abilities[0]"),  # type: ignore[arg-type]
    (gnome(abilities=(v.HaveKeyword(CREATURE, "flying"),)), "abilities[0]"),
    (gnome(abilities=(v.HaveKeyword(v.Filter(players=True), "уязвимость"),)), "abilities[0]"),
    (gnome(abilities=(v.HaveKeyword(v.Filter(other=True), "уязвимость"),)), "abilities[0]"),
    (gnome(abilities=(v.Triggered("enters", v.Pump(v.THIS, 1, 1)),)), "abilities[0]"),
    (gnome(abilities=(v.Triggered("enters", v.GainLife(v.YOU, 1)),)), "abilities[0]"),
    (gnome(abilities=(v.Triggered("wounded", v.Proliferate()),)), "abilities[0]"),
    (gnome(abilities=(v.Triggered("healed", v.Heal(v.Target(0), 1)),)), "abilities[0]"),
    (gnome(abilities=(v.Spell(v.Heal(v.THIS, 1)),)), "abilities[0]"),
    (spell(v.StrengthBecomes(v.Target(0), -1), (v.TargetSpec(CREATURE),)), "abilities[0]"),
    (spell(v.LivesBecome(v.Each(CREATURE), 2**31 + 1)), "abilities[0]"),
    (spell(v.BecomeType(v.THIS, ("instant",))), "abilities[0]"),
    (spell(v.BecomeType(v.THIS, ())), "abilities[0]"),
    (spell(v.BecomeType(v.THIS, "artifact")), "abilities[0]"),
    (spell(v.BecomeType(v.THIS, ("artifact",), ("",))), "abilities[0]"),
    (spell(v.BecomeElite(v.THIS, 1)), "abilities[0]"),  # type: ignore[arg-type]
    (spell(v.DrawCheaper(1, less=-4)), "abilities[0]"),
    (spell(v.DrawCheaper(1, less=2**31)), "abilities[0]"),
    (spell(v.DealDamage(v.THIS, v.CostOf(5))), "abilities[0]"),  # type: ignore[arg-type]
    (spell(v.Destroy(v.Each(v.Filter(types=("planeswalker",))))), "abilities[0]"),
    (
        gnome(abilities=(v.Replacement("damage_plus", ("planeswalkers",), amount=1),)),
        "abilities[0]",
    ),
]


@pytest.mark.parametrize(("card", "field"), ABSURD)
def test_absurd_berserk_definitions_are_refused_naming_the_card_and_the_field(card, field):
    raised = _run_bounded(compile_card, card)  # within a time bound
    assert isinstance(raised, InvalidCard) and isinstance(raised, ValueError), repr(raised)
    assert re.match(rf"card '.+': {re.escape(field)}: ", str(raised)), str(raised)


MAGIC_WITH_BERSERK = [
    (v.CostModifier(-1), "abilities[0]: CostModifier is a Berserk card's ability"),
    (v.HaveKeyword(CREATURE, "уязвимость"), "abilities[0]: HaveKeyword is a Berserk card's"),
    (
        v.Triggered("enters", v.Heal(v.THIS, 1)),
        "abilities[0]: Heal is an effect of Berserk cards; this is a Magic card",
    ),
    (
        v.Triggered("enters", v.DealDamage(v.THIS, v.CostOf(v.TOP_OF_LIBRARY))),
        "abilities[0]: TOP_OF_LIBRARY is a Berserk card's",
    ),
]


@pytest.mark.parametrize(("ability", "message"), MAGIC_WITH_BERSERK)
def test_a_magic_card_with_a_berserk_part_is_refused(ability, message):
    card = v.Card(name="Test Bear", types=("creature",), power=2, toughness=2, abilities=(ability,))
    with pytest.raises(InvalidCard, match=rf"^card 'Test Bear': {re.escape(message)}"):
        compile_card(card)


def test_nothing_is_refused_at_the_limits():
    """At each limit (and not beyond) a Berserk definition compiles, loads and places."""
    big = 2**31 - 1
    cards = [
        gnome(name="Большой", cost=big, strength=(big, big, big), lives=big, movement=big),
        gnome(name="Много X", cost="X" + "+X" * 254),
        gnome(name="Дорогой", cost="2147483647+X"),
        gnome(name="Без цены", cost=None, element="тьма", elite=True, flying=True),
        gnome(name="Ноль", strength=0, lives=0, movement=0),
        gnome(name="Уступка", abilities=(v.CostModifier(1 - 2**31), v.CostModifier(big))),
        v.BerserkCard(name="Местность", types=("terrain",), cost=0, info={"year": 10**30}),
    ]
    p = CardPool(cards)
    assert len(p.native.names()) == len(cards)
    for c in cards:
        for impl in IMPLS.values():
            g = impl(ruleset="berserk")
            cardstate.cards.place(g, c.name, 0, pool=p)


_ints = st.one_of(
    st.integers(0, 3),
    st.sampled_from([2**31 - 1, 2**31, -1, 2**63, True, None, "1", 1.5]),
)


@st.composite
def _berserk_effects(draw: st.DrawFn) -> Any:
    n = draw(_ints)
    who = draw(st.sampled_from([v.THIS, v.YOU, v.Target(0), v.Each(CREATURE), v.TOP_OF_LIBRARY]))
    return draw(
        st.sampled_from(
            [
                v.StrengthBecomes(who, n),
                v.LivesBecome(who, n),
                v.Heal(who, n),
                v.RemoveEffects(who),
                v.GainControl(who),
                v.BecomeType(
                    who, draw(st.sampled_from([("artifact",), ("creature",), ("hero",), ("x",)]))
                ),
                v.BecomeElite(who, draw(st.sampled_from([True, False, 1]))),
                v.GainFlying(who),
                v.LoseFlying(who),
                v.DrawCheaper(n, less=draw(_ints)),
                v.DealDamage(who, v.CostOf(who)),
            ]
        )
    )


@st.composite
def _berserk_abilities(draw: st.DrawFn) -> Any:
    effect = draw(_berserk_effects())
    targets = (v.TargetSpec(CREATURE),) if draw(st.booleans()) else ()
    return draw(
        st.sampled_from(
            [
                v.Triggered(
                    draw(st.sampled_from(["enters", "wounded", "healed"])), effect, targets
                ),
                v.Activated(v.Cost(tap=True), effect, targets),
                v.CostModifier(draw(_ints), subtypes=("Гном",)),
                v.HaveKeyword(CREATURE, draw(st.sampled_from(["уязвимость", "flying"]))),
                v.EntersWithCounters(
                    draw(st.sampled_from(["wound", "+1 strength", ""])), draw(_ints)
                ),
            ]
        )
    )


@settings(max_examples=150, deadline=None)
@given(
    types=st.sampled_from([("creature",), ("artifact",), ("hero",), ("terrain",), ("land",)]),
    cost=st.one_of(_ints, st.sampled_from(["X", "1+X", "x", "X+" * 300 + "1"])),
    strength=st.one_of(_ints, st.just((1, 2, 3)), st.just((1, 2))),
    lives=_ints,
    movement=st.one_of(st.none(), _ints),
    flying=st.sampled_from([False, True, 1]),
    keywords=st.sampled_from([(), ("уязвимость",), ("x",)]),
    abilities=st.lists(_berserk_abilities(), max_size=2),
    ruleset=st.sampled_from(["berserk", "berserk", "mtg"]),
)
def test_whatever_compiles_loads_and_places_alike(
    types, cost, strength, lives, movement, flying, keywords, abilities, ruleset
):
    """A Berserk definition either is refused (``InvalidCard`` naming the card and a field) or
    compiles to data the native loader takes and that places to the same state on both
    interpreters (or is refused alike on a Magic game)."""
    card = v.BerserkCard(
        name="Тест",
        types=types,
        cost=cost,
        strength=strength,
        lives=lives,
        movement=movement,
        flying=flying,
        keywords=keywords,
        abilities=tuple(abilities),
    )
    try:
        p = CardPool([card])
    except InvalidCard as e:
        assert re.match(r"card 'Тест': [\w.\[\]]+: ", str(e)), e
        return
    assert p.native.names() == ["Тест"]
    states = []
    for impl in IMPLS.values():
        g = impl(ruleset=ruleset)
        try:
            out: Any = cardstate.cards.place(g, "Тест", 0, pool=p)
        except ValueError as e:
            out = type(e).__name__
        states.append((out, snapshot(g), g.replacement_effects()))
    assert states[0] == states[1]
