"""The embedding calls on a bare kernel Game (both implementations): place, Resolution,
resolve, fired; custom pools; the escape hatch; bad calls raise clearly."""

from __future__ import annotations

import cardstate
import pytest
from cardstate import cards
from cardstate.cards import PythonEffectError, pool
from cardstate.cards import vocab as v


def test_place_gives_the_cards_characteristics(game):
    g = game()
    x = cards.place(g, "Plague Stinger", 1)
    assert g.name(x) == "Plague Stinger" and g.controller(x) == 1
    assert g.types(x) == ["creature"] and g.subtypes(x) == ["Phyrexian", "Insect", "Horror"]
    assert g.has_keyword(x, "infect") and g.has_keyword(x, "flying")
    assert g.cost(x) == 2
    y = cards.place(g, "Lightning Bolt", 0, "hand")
    assert g.zone(y) == "hand"


def test_bad_calls_raise_and_change_nothing(game):
    g = game()
    with pytest.raises(ValueError, match="unknown card 'Black Lotus'"):
        cards.place(g, "Black Lotus", 0)
    with pytest.raises(ValueError, match="needs 1 target"):
        cards.resolve(g, "Lightning Bolt", 0, [])
    with pytest.raises(ValueError, match="no spell ability"):
        cards.Resolution(g, "Grizzly Bears", 0)
    with pytest.raises(KeyError):
        cards.Resolution(g, "Steady Progress", 7).run()
    with pytest.raises(TypeError, match="cardstate.Game"):
        cards.place(object(), "Forest", 0)
    assert g.take_events() == []


def test_a_wrong_answer_is_refused_and_the_choice_stays(game):
    g = game()
    g.add_counters(1, "poison", 1)
    r = cards.Resolution(g, "Steady Progress", 0)
    req = r.run()
    assert req.kind == "proliferate"
    with pytest.raises(ValueError, match="not a proliferate candidate"):
        r.answer([0])
    assert r.run() == req
    r.answer([1])
    assert isinstance(r.run(), cards.Outcome) and g.count(1, "poison") == 2


def test_a_custom_pool_runs_on_both(game):
    """A user's card, compiled and run by the same two interpreters."""
    shock = v.Card(
        name="Test Shock",
        cost="{R}",
        types=("instant",),
        oracle="Test Shock deals 2 damage to any target. You gain 1 life.",
        abilities=(
            v.Spell(
                v.Seq(v.DealDamage(v.Target(0), 2), v.GainLife(v.YOU, 1)),
                (v.TargetSpec(v.ANY_TARGET),),
            ),
        ),
    )
    mine = cards.CardPool([shock])
    g = game()
    cards.resolve(g, "Test Shock", 0, [1], pool=mine)
    assert (g.life(0), g.life(1)) == (21, 18)


def test_the_escape_hatch_runs_from_python_and_rust_only_paths_refuse_it(game):
    """A PythonEffect runs through a Python-driven resolution on both games; the one-call Rust
    resolution refuses it with PythonEffectError."""
    seen = []

    def effect(g, ctx):
        seen.append((ctx.card, ctx.controller, ctx.targets))
        g.gain_life(ctx.controller, 5)

    idol = v.Card(
        name="Test Idol",
        types=("sorcery",),
        cost="{1}",
        oracle="You gain 5 life, then draw a card.",
        abilities=(v.Spell(v.Seq(v.PythonEffect(effect), v.Draw(v.YOU, 1))),),
    )
    mine = cards.CardPool([idol])
    assert mine["Test Idol"].uses_python
    g = game()
    out = cards.resolve(g, "Test Idol", 0, pool=mine)
    assert g.life(0) == 25 and seen == [("Test Idol", 0, ())] and out.empty_draws == (0,)
    import cardstate

    native = cardstate.Game()
    with pytest.raises(PythonEffectError, match="Test Idol"):
        mine.native.resolve(native, "Test Idol", 0, [])
    assert native.life(0) == 20


def test_fired_reads_kernel_events(game):
    """Deaths are read from last known information (603.10a), entering from the new object."""
    g = game()
    bird = cards.place(g, "Thrummingbird", 0)
    bear = cards.place(g, "Grizzly Bears", 1)
    g.take_events()
    g.deal_damage(bird, bear, 1, combat=True)  # combat damage to a creature: no trigger
    assert cards.fired(g, g.take_events()) == []
    g.deal_damage(bird, 1, 1, combat=True)
    assert [f.card for f in cards.fired(g, g.take_events())] == ["Thrummingbird"]


def test_the_pool_and_decks_are_the_compiled_ones():
    assert set(cards.decks) >= {"infect", "proliferate", "energy"}
    assert sorted(pool.native.names()) == sorted(pool)
    assert dict(pool.native.decks()) == cards.decks


def test_create_a_token_makes_tokens_that_cease_to_exist_off_the_battlefield(game):
    """111.1: "create a token" makes a token, not a card (both interpreters set the kernel's
    flag), so when it leaves the battlefield it ceases to exist (704.5d); the card it copies
    keeps its supertypes (205.4)."""
    bear = v.Card(name="Test Cub", types=("creature",), power=2, toughness=2)
    idol = v.Card(
        name="Test Idol",
        cost="{G}",
        types=("sorcery",),
        oracle="Create X 2/2 Test Cub creature tokens.",
        abilities=(v.Spell(v.CreateToken("Test Cub", v.X)),),
    )
    queen = v.Card(
        name="Test Queen", types=("creature",), supertypes=("legendary",), power=1, toughness=1
    )
    mine = cards.CardPool([bear, idol, queen])
    g = game()
    g.take_events()
    cards.resolve(g, "Test Idol", 0, x=2, pool=mine)
    tokens = g.objects("battlefield")
    assert len(tokens) == 2 and all(g.is_token(t) and g.name(t) == "Test Cub" for t in tokens)
    card = cards.place(g, "Test Cub", 0, pool=mine)
    assert not g.is_token(card)
    gone = g.move(tokens[0], "graveyard")
    g.check_state_based_actions()
    assert gone not in g.objects("graveyard") and g.is_token(gone)
    assert g.supertypes(cards.place(g, "Test Queen", 1, pool=mine)) == ["legendary"]


def test_the_native_one_call_resolution_reads_targets_of_any_form():
    """``CardDb.resolve`` reads an exact list of ints directly and any other sequence of ints
    as before; a wrong form is a TypeError naming ``targets``, a negative id an
    OverflowError, and the game is as it was."""
    import numpy as np

    for targets in (lambda b: [b], lambda b: (b,), lambda b: [np.int64(b)]):
        g = cardstate.Game(players=2)
        bear = cards.place(g, "Grizzly Bears", 1)
        spell = cards.place(g, "Grim Affliction", 0, "stack")
        out = pool.native.resolve(g, "Grim Affliction", 0, targets(bear), source=spell)
        assert out == ("done", False, [], True)
        assert g.count(bear, "-1/-1") == 2  # put, then proliferated
    g = cardstate.Game(players=2)
    bear = cards.place(g, "Grizzly Bears", 1)
    before = g.to_bytes()
    for bad, exc in (("ab", TypeError), (["x"], TypeError), ([-1], OverflowError), (5, TypeError)):
        with pytest.raises(exc) as info:
            pool.native.resolve(g, "Grim Affliction", 0, bad)
        if exc is TypeError:
            assert "targets" in str(info.value)
        assert g.to_bytes() == before


def test_the_native_one_call_resolution_reads_the_card_name_of_any_str():
    """``CardDb.resolve`` remembers the last name str it was given (by identity, for a literal
    passed again): the same object, an equal str made anew, a str subclass and another card's
    name each resolve their own card; a name of another type is a TypeError naming ``name``
    and an unknown one a ValueError, both before anything changes."""

    class Name(str):
        pass

    grim = "Grim Affliction"
    for name in (grim, grim, "".join(["Grim ", "Affliction"]), Name(grim), grim):
        g = cardstate.Game(players=2)
        bear = cards.place(g, "Grizzly Bears", 1)
        assert pool.native.resolve(g, name, 0, [bear]) == ("done", False, [], True)
        assert g.count(bear, "-1/-1") == 2
        # Another card between: the remembered name is not reused for it.
        bolt = cards.place(g, "Lightning Bolt", 0, "stack")
        assert pool.native.resolve(g, "Lightning Bolt", 0, [bear], source=bolt)[0] == "done"
        assert g.counters(bear) == {"-1/-1": 2} and g.damage(bear) == 3
    g = cardstate.Game(players=2)
    bear = cards.place(g, "Grizzly Bears", 1)
    before = g.to_bytes()
    for bad, exc in (
        (7, TypeError),
        (None, TypeError),
        (b"Grim Affliction", TypeError),
        ("Grim Afliction", ValueError),
    ):
        with pytest.raises(exc) as info:
            pool.native.resolve(g, bad, 0, [bear])
        assert (
            ("name" in str(info.value)) if exc is TypeError else "Grim Afliction" in str(info.value)
        )
        assert g.to_bytes() == before


def test_the_native_one_call_resolution_reads_its_arguments_as_its_signature_says():
    """``CardDb.resolve(game, name, controller, targets, *, ability, source, x, may,
    proliferate)``: the first four by position or keyword, the rest by keyword only, each
    converted as an int, bool or str of its type; a missing, unexpected, repeated or extra
    argument, or a value of the wrong type, is a TypeError naming it (an int out of range an
    OverflowError), before anything changes."""
    db = pool.native

    def board() -> tuple[cardstate.Game, int]:
        g = cardstate.Game(players=2)
        return g, cards.place(g, "Grizzly Bears", 1)

    g, bear = board()
    assert db.resolve(game=g, name="Grim Affliction", controller=0, targets=[bear]) == (
        "done",
        False,
        [],
        True,
    )
    assert g.count(bear, "-1/-1") == 2
    g, bear = board()
    spell = cards.place(g, "Grim Affliction", 0, "stack")
    # Keywords given from a dict (names not interned) and every keyword-only one; choosing
    # none of the candidates is still proliferating (701.34a).
    kwargs = {"".join(["sou", "rce"]): spell, "x": 0, "may": True, "proliferate": "none"}
    assert db.resolve(g, "Grim Affliction", 0, [bear], ability=None, **kwargs) == (
        "done",
        False,
        [],
        True,
    )
    assert g.count(bear, "-1/-1") == 1
    g, bear = board()
    before = g.to_bytes()
    bad_calls = [
        ((g, "Grim Affliction", 0), {}, TypeError, "targets"),
        ((g, "Grim Affliction", 0, [bear], None), {}, TypeError, "positional"),
        ((g, "Grim Affliction", 0, [bear]), {"sorce": 1}, TypeError, "sorce"),
        ((g, "Grim Affliction", 0, [bear]), {"name": "x"}, TypeError, "name"),
        ((g, "Grim Affliction", "0", [bear]), {}, TypeError, "controller"),
        ((g, "Grim Affliction", -1, [bear]), {}, OverflowError, "controller"),
        ((g, "Grim Affliction", 0, [bear]), {"source": "s"}, TypeError, "source"),
        ((g, "Grim Affliction", 0, [bear]), {"ability": 1 << 20}, OverflowError, "ability"),
        ((g, "Grim Affliction", 0, [bear]), {"x": -1}, OverflowError, "'x'"),
        ((g, "Grim Affliction", 0, [bear]), {"may": 1}, TypeError, "may"),
        ((g, "Grim Affliction", 0, [bear]), {"proliferate": 1}, TypeError, "proliferate"),
    ]
    for args, kw, exc, named in bad_calls:
        with pytest.raises(exc) as info:
            db.resolve(*args, **kw)
        shown = str(info.value) + " ".join(getattr(info.value, "__notes__", []))
        assert named in shown, (args, kw, shown)
        assert g.to_bytes() == before
