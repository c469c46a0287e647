"""Compilation of card definitions: the committed compiled pool is up to date, and bad
definitions are a ValueError naming the card and the field."""

from __future__ import annotations

import json

import pytest
from cardstate.cards import compile_card, decks, parse_mana_cost, pool
from cardstate.cards import vocab as v
from cardstate.cards.generate import POOL_FILE, pool_text
from hypothesis import given
from hypothesis import strategies as st


def test_the_committed_compiled_pool_is_up_to_date():
    """rust/effects/pool.json is what `python -m cardstate.cards.generate` writes."""
    assert POOL_FILE.read_text(encoding="utf-8") == pool_text(), (
        "rust/effects/pool.json is out of date: run `python -m cardstate.cards.generate`"
    )


def test_the_pool_has_thirty_cards_and_three_forty_card_decks():
    assert len(pool) >= 30
    for name in ("infect", "proliferate", "energy"):
        assert len(decks[name]) == 40
        assert all(card in pool for card in decks[name])
    assert json.loads(pool_text())["version"] == 1


def test_cr202_mana_costs_as_printed():
    """CR 202.1/202.3: generic, coloured, X (0 in the mana value), hybrid, Phyrexian."""
    c = parse_mana_cost("{X}{X}")
    assert (c["x"], c["mana_value"]) == (2, 0)
    c = parse_mana_cost("{R/G}{R/G}{R/G}")
    assert c["hybrid"] == [["R", "G"]] * 3 and c["mana_value"] == 3
    c = parse_mana_cost("{3}{U/P}")
    assert (c["generic"], c["phyrexian"], c["mana_value"]) == (3, ["U"], 4)
    c = parse_mana_cost("{2}{B}{B}")
    assert c["coloured"] == [0, 0, 2, 0, 0]


def bear(**kw):
    base = {
        "name": "Test Bear",
        "types": ("creature",),
        "cost": "{1}{G}",
        "power": 2,
        "toughness": 2,
    }
    base.update(kw)
    return v.Card(**base)


@pytest.mark.parametrize(
    ("card", "field"),
    [
        (bear(cost="{1}{Q}"), "cost"),
        (bear(cost="1G"), "cost"),
        (bear(types=("creeture",)), "types"),
        (bear(keywords=("flyng",)), "keywords"),
        (bear(keywords={"flying": 2}), "keywords"),
        (bear(power=None), "power"),
        (bear(supertypes=("mythic",)), "supertypes"),
        (bear(abilities=(v.Triggered("enter", v.GetEnergy(1)),)), "abilities[0]"),
        (
            bear(abilities=(v.Triggered("enters", v.PutCounters(v.Target(0), "+1/+1")),)),
            "abilities[0]",
        ),
        (bear(abilities=(v.Triggered("enters", v.PutCounters(v.THIS, "")),)), "abilities[0]"),
        (bear(abilities=(v.Triggered("enters", v.GetEnergy(-1)),)), "abilities[0]"),
        (bear(abilities=(v.Activated(v.Cost(mana="{Z}"), v.GetEnergy(1)),)), "abilities[0]"),
        (bear(abilities=(v.Spell(v.GetEnergy(1)),)), "abilities[0]"),
        (bear(abilities=(v.Triggered("enters", v.Grant(v.THIS, "toxic")),)), "abilities[0]"),
        (bear(abilities=("draw a card",)), "abilities[0]"),
        (bear(abilities=(v.Static(v.CREATURE, gains=("flyng",)),)), "abilities[0]"),
        (bear(abilities=(v.Static(v.CREATURE, gains="flying"),)), "abilities[0]"),
        (bear(abilities=(v.Static(v.CREATURE, gains={"flying": 2}),)), "abilities[0]"),
        (bear(abilities=(v.Static(v.CREATURE, gains={"toxic": 0}),)), "abilities[0]"),
        (
            bear(abilities=(v.Static(v.CREATURE, gains=("infect",), loses=("infect",)),)),
            "abilities[0]",
        ),
        (bear(abilities=(v.Static(v.CREATURE),)), "abilities[0]"),
        (bear(abilities=(v.Static(v.ANY_TARGET, gains=("flying",)),)), "abilities[0]"),
        # Subtypes (205.3) name a static ability's permanents, non-empty, nothing else's.
        (bear(abilities=(v.Static((), power=1),)), "abilities[0]"),
        (bear(abilities=(v.Static(v.Filter(subtypes=("",)), power=1),)), "abilities[0]"),
        (bear(abilities=(v.Static(v.Filter(subtypes="Elf"), power=1),)), "abilities[0]"),
        (
            bear(
                abilities=(
                    v.Spell(
                        v.Destroy(v.Target(0)),
                        (v.TargetSpec(v.Filter(types=("creature",), subtypes=("Elf",))),),
                    ),
                )
            ),
            "abilities[0]",
        ),
        (
            bear(abilities=(v.Triggered("enters", v.PreventDamage(affects=("wizards",))),)),
            "abilities[0]",
        ),
        (bear(abilities=(v.Triggered("enters", v.PreventDamage(affects=())),)), "abilities[0]"),
        (
            bear(abilities=(v.Triggered("enters", v.PreventDamage(affects="players")),)),
            "abilities[0]",
        ),
        (
            bear(abilities=(v.Triggered("enters", v.PreventDamage(combat=1)),)),
            "abilities[0]",
        ),
        # A modal trigger (603.3c): two to 16 modes, each a Mode; its targets are the modes'.
        (
            bear(abilities=(v.Triggered("enters", v.ChooseOne(v.Mode(v.GetEnergy(1)))),)),
            "abilities[0]",
        ),
        (
            bear(abilities=(v.Triggered("enters", v.ChooseOne(v.Mode(v.GetEnergy(1)), "x")),)),
            "abilities[0].modes[1]",
        ),
        (
            bear(
                abilities=(
                    v.Triggered(
                        "enters",
                        v.ChooseOne(v.Mode(v.GetEnergy(1)), v.Mode(v.Destroy(v.Target(0)))),
                    ),
                )
            ),
            "abilities[0].modes[1]",
        ),
        (
            bear(
                abilities=(
                    v.Triggered(
                        "enters",
                        v.ChooseOne(v.Mode(v.GetEnergy(1)), v.Mode(v.GetEnergy(2))),
                        may=True,
                    ),
                )
            ),
            "abilities[0]",
        ),
        # Mana added to a pool (106.4): colour letters of WUBRG; a copy's payment without {X}
        # (707.10); a mana ability of several mana needs one mana ability of one colour.
        (bear(abilities=(v.Triggered("enters", v.AddMana("RX")),)), "abilities[0]"),
        (bear(abilities=(v.Triggered("enters", v.AddMana("")),)), "abilities[0]"),
        (
            bear(abilities=(v.Triggered("enters", v.MayPayToCopy("{X}{R}", v.YOU)),)),
            "abilities[0]",
        ),
        (bear(abilities=(v.ManaForEach(v.CREATURE),)), "abilities[0]"),
        (bear(abilities=(v.ManaAbility("WU"), v.ManaForEach(v.CREATURE))), "abilities[1]"),
    ],
)
def test_bad_definitions_raise_value_error_naming_the_card_and_field(card, field):
    with pytest.raises(ValueError, match=rf"'Test Bear': {__import__('re').escape(field)}"):
        compile_card(card)


def test_a_python_effect_marks_the_card():
    """The escape hatch: a card with a Python callable is marked (docs/CARDS.md)."""
    seen = []
    card = v.Card(
        name="Odd Idol",
        types=("artifact",),
        cost="{1}",
        abilities=(v.Triggered("enters", v.PythonEffect(lambda g, ctx: seen.append(ctx))),),
    )
    c = compile_card(card)
    assert c.uses_python and c.data["python"] is True
    assert c.data["abilities"][0]["program"] == [{"op": "python", "index": 0}]
    assert not pool["Grizzly Bears"].uses_python


JUNK = st.one_of(
    st.none(), st.integers(-3, 3), st.text(max_size=6), st.sampled_from(["+1/+1", "", "{G}"])
)


@given(
    types=st.lists(st.sampled_from(["creature", "instant", "creeture", "land"]), max_size=2),
    cost=JUNK,
    power=JUNK,
    keyword=JUNK,
    kind=JUNK,
    n=JUNK,
    target=st.integers(-1, 2),
    event=st.sampled_from(["enters", "dies", "entres", "attacks"]),
)
def test_random_definitions_compile_or_raise_value_error_naming_the_card(
    types, cost, power, keyword, kind, n, target, event
):
    """Any definition either compiles or is a ValueError naming the card (never another
    exception, never a half-valid result)."""
    card = v.Card(
        name="Fuzz",
        types=tuple(types),
        cost=cost,
        power=power,
        toughness=1,
        keywords=(keyword,) if keyword is not None else (),
        abilities=(
            v.Triggered(
                event,
                v.PutCounters(v.Target(target), kind, n),
                targets=(v.TargetSpec(v.CREATURE),),
            ),
        ),
    )
    try:
        compiled = compile_card(card)
    except ValueError as e:
        assert str(e).startswith("card 'Fuzz': ")
    else:
        assert json.loads(json.dumps(compiled.data)) == compiled.data


def test_a_modal_trigger_compiles_to_its_modes_603_3c():
    """A modal triggered ability (603.3c, 700.2a): its modes are abilities of kind "mode"
    after the card's own, each with its targets and program; an intervening "if" (603.4) is
    tested again by each mode's program."""
    died = v.AtLeast(v.CREATURES_DIED_THIS_TURN, 1)
    card = bear(
        abilities=(
            v.Triggered(
                "end_step",
                v.ChooseOne(
                    v.Mode(v.GainLife(v.YOU, 2)),
                    v.Mode(v.Destroy(v.Target(0)), (v.TargetSpec(v.CREATURE),)),
                ),
                condition=died,
            ),
            v.EntersTapped(),
        )
    )
    abilities = compile_card(card).data["abilities"]
    assert [a["kind"] for a in abilities] == ["triggered", "enters_tapped", "mode", "mode"]
    trigger = abilities[0]
    assert trigger["modes"] == [2, 3] and trigger["targets"] == trigger["program"] == []
    assert abilities[2]["targets"] == [] and len(abilities[3]["targets"]) == 1
    assert all(a["program"][0]["op"] == "test" for a in abilities[2:])
