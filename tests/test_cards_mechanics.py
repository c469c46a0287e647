"""The card vocabulary's filters, targets, amounts, conditions, costs and abilities, by rule,
on both implementations (docs/CARDS.md): what the Foundations cards need of the card layer,
shown with small test cards, and what the compiler and the Rust loader refuse of them."""

from __future__ import annotations

import json
import re

import pytest
from cardstate import cards
from cardstate.cards import CardPool, InvalidCard, compile_card
from cardstate.cards import vocab as v

YOURS = v.Filter(types=("creature",), controller="you")


def creature(name: str, power: int = 2, toughness: int = 2, **kw) -> v.Card:
    return v.Card(
        name=name, types=("creature",), cost="{1}", power=power, toughness=toughness, **kw
    )


def instant(name: str, effect, targets=()) -> v.Card:
    return v.Card(name=name, types=("instant",), cost="{1}", abilities=(v.Spell(effect, targets),))


def count_as_life(name: str, f: v.Filter) -> v.Card:
    """ "You gain 1 life for each <f>"."""
    return instant(name, v.GainLife(v.YOU, v.Count(v.Each(f))))


POOL = CardPool(
    [
        creature("Test Goblin", subtypes=("Goblin",)),
        creature("Test Flyer", keywords=("flying",), subtypes=("Bird",)),
        creature("Test Giant", 5, 5),
        v.Card(name="Test Land", types=("land",)),
        v.Card(name="Test Relic", types=("artifact",), cost="{3}"),
        count_as_life("Test Count Goblins", v.Filter(subtypes=("Goblin",), controller="you")),
        count_as_life("Test Count Nonland", v.Filter(not_types=("land",))),
        count_as_life("Test Count Grounded", v.Filter(types=("creature",), without=("flying",))),
        count_as_life("Test Count Big", v.Filter(types=("creature",), power_at_least=4)),
        count_as_life(
            "Test Count Either",
            v.Filter(
                any_of=(v.Filter(types=("artifact",)), v.Filter(subtypes=("Bird",))),
                controller="opponent",
            ),
        ),
        count_as_life("Test Count Attackers", v.Filter(types=("creature",), combat="attacking")),
        count_as_life("Test Count Blockers", v.Filter(types=("creature",), combat="blocking")),
        instant("Test Shock", v.DealDamage(v.Target(0), 2), (v.TargetSpec(v.ANY_TARGET),)),
        instant(
            "Test Volley",
            v.Seq(v.DealDamage(v.Target(0), 1), v.DealDamage(v.Target(1), 2)),
            (
                v.TargetSpec(v.ANY_TARGET),
                v.TargetSpec(v.ANY_TARGET, count=2, up_to=True, distinct=True),
            ),
        ),
        instant(
            "Test Wither",
            v.Pump(v.Target(0), v.Minus(v.X), -1),
            (v.TargetSpec(v.CREATURE),),
        ),
        instant(
            "Test Drain",
            v.Seq(v.LoseLife(v.EACH_OPPONENT, v.X), v.GainLife(v.YOU, v.LIFE_LOST)),
        ),
        instant(
            "Test Rite",
            v.If(v.Exactly(v.LifeTotal(v.Target(0)), 7), v.LoseLife(v.Target(0), 7)),
            (v.TargetSpec(v.Filter(players=True, objects=False)),),
        ),
        instant(
            "Test Reward",
            v.Seq(v.Destroy(v.Target(0)), v.GainLife(v.ControllerOf(v.Target(0)), v.X)),
            (v.TargetSpec(v.CREATURE),),
        ),
        instant(
            "Test Insight",
            v.GainLife(v.YOU, v.DistinctManaValues(v.Each(v.Filter(controller="you")))),
        ),
        creature(
            "Test Mimic",
            abilities=(
                v.Triggered(
                    "attacks",
                    v.GainLife(v.YOU, v.PowerOf(v.THIS)),
                ),
            ),
        ),
        creature(
            "Test Prodigy",
            abilities=(
                v.Triggered(
                    "you_cast",
                    v.GainLife(v.YOU, 1),
                    subject=v.Filter(types=("instant", "sorcery"), zone="stack"),
                ),
                v.Triggered(
                    "you_cast",
                    v.GainLife(v.YOU, 10),
                    subject=v.Filter(not_types=("creature",), zone="stack"),
                ),
            ),
        ),
        creature("Test Sleeper", abilities=(v.EntersTapped(),)),
        v.Card(
            name="Test Dual",
            types=("land",),
            abilities=(v.ManaAbility("WU"),),
        ),
        creature(
            "Test Ghoul",
            abilities=(
                v.Activated(
                    v.Cost(sacrifice_another=v.Filter(types=("creature",), other=True)),
                    v.PutCounters(v.THIS, "+1/+1"),
                ),
            ),
        ),
    ],
    name="test mechanics",
)


def put(g, name, player=0, zone="battlefield"):
    return cards.place(g, name, player, zone, pool=POOL)


def cast(g, name, targets=(), player=0, **kw):
    return cards.resolve(g, name, player, list(targets), pool=POOL, **kw)


def life_gained(g, name, **kw) -> int:
    before = g.life(0)
    cast(g, name, **kw)
    return g.life(0) - before


# ----- filters ------------------------------------------------------------------------------


def test_205_3_a_filter_names_subtypes_goblins_you_control(game):
    g = game()
    put(g, "Test Goblin"), put(g, "Test Goblin"), put(g, "Test Goblin", 1), put(g, "Test Giant")
    assert life_gained(g, "Test Count Goblins") == 2


def test_a_filter_excludes_types_nonland_permanents(game):
    """ "Nonland": every object but lands."""
    g = game()
    put(g, "Test Land"), put(g, "Test Relic"), put(g, "Test Giant", 1)
    assert life_gained(g, "Test Count Nonland") == 2


def test_702_9_a_filter_excludes_a_keyword_creatures_without_flying(game):
    """ "Without flying" reads the keywords as they are now (layer 6, 613.1f)."""
    g = game()
    flyer, giant, goblin = put(g, "Test Flyer"), put(g, "Test Giant"), put(g, "Test Goblin")
    assert life_gained(g, "Test Count Grounded") == 2
    g.grant(goblin, "flying", until_end_of_turn=True)
    assert life_gained(g, "Test Count Grounded") == 1
    assert flyer and giant


def test_208_1_a_filter_by_power_reads_the_current_power(game):
    g = game()
    goblin = put(g, "Test Goblin")
    put(g, "Test Giant", 1), put(g, "Test Relic")
    assert life_gained(g, "Test Count Big") == 1
    g.pump(goblin, 2, 0)
    assert life_gained(g, "Test Count Big") == 2


def test_a_filter_with_alternatives_matches_any_of_them_and_its_own_terms(game):
    """ "Artifact, enchantment, or creature with flying": one of the alternatives, and the
    filter's own terms (here: an opponent's)."""
    g = game()
    put(g, "Test Relic", 1), put(g, "Test Flyer", 1), put(g, "Test Giant", 1)
    put(g, "Test Relic"), put(g, "Test Flyer")
    assert life_gained(g, "Test Count Either") == 2


def test_506_4_attacking_and_blocking_creatures_are_those_the_game_says(game):
    """The kernel has no combat: a resolution is told which creatures are attacking and
    blocking (``attacking=``, ``blocking=``); none are otherwise."""
    g = game()
    a, b, c = put(g, "Test Goblin"), put(g, "Test Giant"), put(g, "Test Flyer", 1)
    assert life_gained(g, "Test Count Attackers") == 0
    assert life_gained(g, "Test Count Attackers", attacking=[a, b], blocking=[c]) == 2
    assert life_gained(g, "Test Count Blockers", attacking=[a, b], blocking=[c]) == 1


# ----- targets ------------------------------------------------------------------------------


def test_702_11b_hexproof_a_permanent_an_opponent_targets(game):
    """702.11b: a permanent with hexproof can't be the target of spells or abilities its
    controller's opponents control; its controller's can target it; a player has no
    hexproof here (only permanents)."""
    g = game()
    giant = put(g, "Test Giant", 1)
    g.grant(giant, "hexproof")
    assert cast(g, "Test Shock", [giant]).fizzled and g.damage(giant) == 0
    assert not cast(g, "Test Shock", [giant], player=1).fizzled and g.damage(giant) == 2
    assert not cast(g, "Test Shock", [1]).fizzled and g.life(1) == 18


def test_601_2c_up_to_n_targets_and_115_3_other_targets(game):
    """ "Up to two other targets": zero, one or two of them (601.2c), none of them the entity
    chosen for the first target (115.3); one that became illegal is skipped (608.2b)."""
    g = game()
    giant, flyer = put(g, "Test Giant", 1), put(g, "Test Flyer", 1)
    cast(g, "Test Volley", [1])
    assert g.life(1) == 19
    cast(g, "Test Volley", [1, giant])
    assert (g.life(1), g.damage(giant)) == (18, 2)
    cast(g, "Test Volley", [giant, 1, flyer])
    assert (g.life(1), g.damage(giant), g.damage(flyer)) == (16, 3, 2)
    with pytest.raises(ValueError, match="needs 1 to 3 target"):
        cast(g, "Test Volley", [])
    with pytest.raises(ValueError, match="115.3"):
        cast(g, "Test Volley", [giant, giant])
    with pytest.raises(ValueError, match="115.3"):
        cast(g, "Test Volley", [1, giant, giant])


# ----- amounts and conditions ---------------------------------------------------------------


def test_613_4c_a_pump_may_be_negative(game):
    g = game()
    giant = put(g, "Test Giant")
    cast(g, "Test Wither", [giant], x=3)
    assert (g.power(giant), g.toughness(giant)) == (2, 4)
    g.cleanup()
    assert (g.power(giant), g.toughness(giant)) == (5, 5)


def test_119_3_the_life_lost_this_way(game):
    """The life actually lost, however low the life total goes (119.3)."""
    g = game()
    assert life_gained(g, "Test Drain", x=4) == 4 and g.life(1) == 16
    g.lose_life(1, 15)
    assert life_gained(g, "Test Drain", x=3) == 3 and g.life(1) == -2
    assert life_gained(g, "Test Drain", x=0) == 0


def test_119_1_exactly_n_life(game):
    g = game()
    cast(g, "Test Rite", [1])
    assert g.life(1) == 20
    g.lose_life(1, 13)
    cast(g, "Test Rite", [1])
    assert g.life(1) == 0


def test_controller_of_a_destroyed_permanent_is_read_from_its_last_known_information(game):
    g = game()
    giant = put(g, "Test Giant", 1)
    cast(g, "Test Reward", [giant], x=3)
    assert g.zone(giant) == "graveyard" and (g.life(0), g.life(1)) == (20, 23)


def test_202_3_different_mana_values_each_once(game):
    """A land or a token has mana value 0 (202.3a), which is a mana value too."""
    g = game()
    put(g, "Test Relic"), put(g, "Test Goblin"), put(g, "Test Giant"), put(g, "Test Land")
    put(g, "Test Relic", 1)
    assert life_gained(g, "Test Insight") == 3  # 3, 1 and 0


def test_608_2h_power_of_a_source_that_left_is_its_last_known_power(game):
    g = game()
    mimic = put(g, "Test Mimic")
    (f,) = cards.fired(g, [cards.attacks(mimic)], pool=POOL)
    g.pump(mimic, 3, 0)
    g.move(mimic, "graveyard")
    cards.resolve(g, f.card, 0, ability=f.ability, source=f.source, pool=POOL)
    assert g.life(0) == 25


# ----- abilities ----------------------------------------------------------------------------


def test_601_2i_whenever_you_cast_a_spell_of_a_kind(game):
    """The trigger's subject filters the spell cast: an instant triggers both abilities, a
    noncreature permanent spell the second, a creature spell neither; an opponent's none."""
    g = game()
    put(g, "Test Prodigy")

    def fired(name, player=0):
        spell = put(g, name, player, "stack")
        g.take_events()
        return [f.ability for f in cards.fired(g, [cards.cast(spell, player)], pool=POOL)]

    assert fired("Test Shock") == [0, 1]
    assert fired("Test Relic") == [1]
    assert fired("Test Giant") == []
    assert fired("Test Shock", 1) == []


def test_614_1d_enters_tapped(game):
    """It enters the battlefield tapped (a replacement effect); put anywhere else, nothing."""
    g = game()
    assert g.is_tapped(put(g, "Test Sleeper"))
    assert not g.is_tapped(put(g, "Test Giant"))


def test_106_1a_a_mana_ability_adds_one_mana_of_a_choice_of_colours():
    (a,) = POOL["Test Dual"].data["abilities"]
    assert a == {"kind": "mana", "produces": "WU", "cost": a["cost"]}


def test_701_21a_sacrificing_another_creature_is_the_games_part_of_the_cost(game):
    """The compiled cost names what may be sacrificed; ``pay_costs`` pays what needs no
    choice (the game chooses the creature, 601.2h)."""
    (a,) = POOL["Test Ghoul"].data["abilities"]
    assert a["cost"]["sacrifice_another"]["types"] == ["creature"]
    g = game()
    ghoul = put(g, "Test Ghoul")
    cards.pay_costs(g, "Test Ghoul", 0, ghoul, 0, pool=POOL)
    assert g.zone(ghoul) == "battlefield"


# ----- what the compiler and the loader refuse ----------------------------------------------


def _bear(**kw) -> v.Card:
    return v.Card(name="Test Bear", types=("creature",), cost="{1}", power=2, toughness=2, **kw)


REFUSED = [
    (
        _bear(abilities=(v.Static(v.Filter(types=("creature",), without=("flying",)), 1, 1),)),
        "static ability's filter",
    ),
    (
        instant("Test Bear", v.Destroy(v.Each(v.Filter(combat="attacking", players=True)))),
        "attack and block",
    ),
    (
        instant("Test Bear", v.Destroy(v.Each(v.Filter(combat="charging")))),
        "combat is 'attacking'",
    ),
    (instant("Test Bear", v.Destroy(v.Each(v.Filter(not_types=("land!",))))), "unknown card"),
    (instant("Test Bear", v.Destroy(v.Each(v.Filter(without=("flight",))))), "unknown keyword"),
    (
        instant(
            "Test Bear",
            v.Destroy(v.Each(v.Filter(any_of=(v.Filter(any_of=(v.CREATURE,)),)))),
        ),
        "no any_of of its own",
    ),
    (
        instant("Test Bear", v.Destroy(v.Each(v.Filter(any_of=(v.Filter(zone="stack"),))))),
        "alternatives",
    ),
    (
        _bear(abilities=(v.Triggered("you_cast", v.Draw(), subject=v.CREATURE),)),
        "zone 'stack'",
    ),
    (
        instant("Test Bear", v.Draw(), (v.TargetSpec(v.CREATURE, distinct=True),)),
        "earlier target",
    ),
    (instant("Test Bear", v.Draw(), (v.TargetSpec(v.CREATURE, up_to=1),)), "up_to is a bool"),
    (_bear(abilities=(v.ManaAbility("RW"),)), "WUBRG order"),
    (_bear(abilities=(v.ManaAbility("WW"),)), "WUBRG order"),
    (_bear(abilities=(v.ManaAbility("CW"),)), "WUBRG order"),
    (instant("Test Bear", v.Draw(v.YOU, v.Minus(1))), "only a Pump's"),
    (instant("Test Bear", v.Draw(v.YOU, -1)), "at least 0"),
    (instant("Test Bear", v.Pump(v.THIS, v.Minus(-1), 0)), "Minus of a negative"),
    (
        _bear(
            abilities=(
                v.Activated(v.Cost(sacrifice_another=v.Filter(controller="opponent")), v.Draw()),
            )
        ),
        "701.21a",
    ),
    (
        _bear(abilities=(v.Activated(v.Cost(sacrifice_another=v.OPPONENT), v.Draw()),)),
        "names permanents",
    ),
]


@pytest.mark.parametrize(("card", "message"), REFUSED)
def test_the_compiler_refuses_what_the_vocabulary_cant_mean(card, message):
    with pytest.raises(InvalidCard, match=rf"^card 'Test Bear': abilities\[0\]: .*{message}"):
        compile_card(card)


def _loaded(card: v.Card, edit) -> str:
    """The compiled form of ``card``, edited by ``edit`` (on its data), as JSON text."""
    data = compile_card(card).data
    edit(data)
    return json.dumps({"version": 1, "cards": [data], "decks": {}})


def _volley() -> v.Card:
    return instant(
        "Test Bear",
        v.Seq(v.DealDamage(v.Target(0), 1), v.DealDamage(v.Target(1), 2)),
        (v.TargetSpec(v.ANY_TARGET), v.TargetSpec(v.ANY_TARGET, up_to=True, distinct=True)),
    )


LOADER_REFUSES = [
    (_bear(abilities=(v.ManaAbility("WU"),)), "abilities.0.produces", "UW", "WUBRG order"),
    (_bear(abilities=(v.ManaAbility("G"),)), "abilities.0.produces", "GG", "WUBRG order"),
    (_volley(), "abilities.0.targets.0.distinct", True, "earlier target"),
    (
        instant("Test Bear", v.Draw(v.YOU, 1)),
        "abilities.0.program.0.n",
        {"a": "minus", "of": {"a": "const", "n": 1}},
        "only a pump's",
    ),
    (
        _bear(abilities=(v.Activated(v.Cost(sacrifice_another=v.CREATURE), v.Draw()),)),
        "abilities.0.cost.sacrifice_another.players",
        True,
        "sacrifice_another",
    ),
]


@pytest.mark.parametrize(("card", "path", "value", "message"), LOADER_REFUSES)
def test_the_rust_loader_refuses_what_the_compiler_would(card, path, value, message):
    """The Rust runtime checks the compiled form where it enters (``CardPool.from_json``):
    the same refusals, naming the card and the field."""

    def edit(data):
        *keys, last = path.split(".")
        at = data
        for k in keys:
            at = at[int(k)] if k.isdigit() else at[k]
        at[last] = value

    with pytest.raises(
        ValueError, match=re.escape('card "Test Bear": abilities[0]') + ".*" + message
    ):
        CardPool.from_json(_loaded(card, edit))
