"""The order of replacement effects (CR 616.1) as a choice in the middle of a resolution, on
the bare-kernel card API (``cardstate.cards``, docs/CARDS.md), on both implementations.

616.1: "If two or more replacement and/or prevention effects are attempting to modify the way
an event affects an object or player, the affected object's controller (or its owner if it has
no controller) or the affected player chooses one to apply"; 616.1e: repeated until none is
left. With ``order_effects=True`` a resolution asks it (an ``"order"`` request) before each
counter or damage event with two or more such effects; without it, the kernel's order applies.
"""

from __future__ import annotations

import pytest
from cardstate import cards
from conftest import snapshot

SCALES = (
    "If one or more +1/+1 counters would be put on a creature you control, that many plus one "
    "+1/+1 counters are put on it instead."
)
MENACE = (
    "If one or more +1/+1 counters would be put on a creature you control, twice that many of "
    "those counters are put on it instead."
)


def board(g, player: int = 0):
    """Hardened Scales, then Corpsejack Menace, and a Walking Ballista with no counters, all
    ``player``'s."""
    assert cards.pool["Hardened Scales"].oracle == SCALES
    assert cards.pool["Corpsejack Menace"].oracle == MENACE
    scales = cards.place(g, "Hardened Scales", player)
    menace = cards.place(g, "Corpsejack Menace", player)
    ballista = cards.place(g, "Walking Ballista", player)
    ids = {e["source"]: e["id"] for e in g.replacement_effects()}
    return ids[scales], ids[menace], ballista


def grow(g, ballista: int, **kw):
    """A resolution of Walking Ballista's "{4}: Put a +1/+1 counter on Walking Ballista"."""
    return cards.Resolution(g, "Walking Ballista", 0, ability=1, source=ballista, **kw)


@pytest.mark.parametrize(("first", "put"), [("scales", 4), ("menace", 3)])
def test_the_controller_orders_hardened_scales_and_corpsejack_menace_616_1(game, first, put):
    """One +1/+1 counter: Scales first, (1 + 1) x 2 = 4; the Menace first, 1 x 2 + 1 = 3."""
    g = game()
    scales, menace, ballista = board(g)
    r = grow(g, ballista, order_effects=True)
    req = r.run()
    assert req.kind == "order" and req.candidates == (scales, menace)
    assert (req.player, req.entity) == (0, ballista) and g.counters(ballista) == {}
    r.answer([scales] if first == "scales" else [menace])
    assert isinstance(r.run(), cards.Outcome)
    assert g.counters(ballista) == {"+1/+1": put}
    # the order chosen is the kernel's list order now (counter effects apply in that order)
    assert [e["id"] for e in g.replacement_effects()][0] == (
        scales if first == "scales" else menace
    )
    assert not any(e["ordered"] for e in g.replacement_effects())


def test_a_full_order_and_the_default_616_1(game):
    """A full order is an answer too; without ``order_effects`` (and by ``cards.resolve``'s
    default chooser, and the native one-call ``CardDb.resolve``) the kernel's order applies:
    the list's, Scales first, 4."""
    g = game()
    scales, menace, ballista = board(g)
    r = grow(g, ballista, order_effects=True)
    r.run()
    r.answer([menace, scales])
    r.run()
    assert g.count(ballista, "+1/+1") == 3
    g = game()
    _, _, ballista = board(g)
    assert isinstance(grow(g, ballista).run(), cards.Outcome)
    assert g.count(ballista, "+1/+1") == 4
    cards.resolve(g, "Walking Ballista", 0, ability=1, source=ballista, order_effects=True)
    assert g.count(ballista, "+1/+1") == 8, "auto_choice: the kernel's order"
    seen = []

    def menace_first(_g, who, request):
        seen.append((who, request.kind))
        return [request.candidates[1]]

    cards.resolve(
        g,
        "Walking Ballista",
        0,
        ability=1,
        source=ballista,
        order_effects=True,
        choose=menace_first,
    )
    assert seen == [(0, "order")] and g.count(ballista, "+1/+1") == 11


def test_one_effect_or_none_applying_asks_nothing_616_1(game):
    """The choice is asked only with two or more effects that would apply to the event: the
    opponent's creature gets neither; with the Menace gone, the Scales alone apply."""
    g = game()
    _, _, ballista = board(g)
    theirs = cards.place(g, "Walking Ballista", 1)
    r = cards.Resolution(g, "Walking Ballista", 1, ability=1, source=theirs, order_effects=True)
    assert isinstance(r.run(), cards.Outcome) and g.counters(theirs) == {"+1/+1": 1}
    [menace] = [x for x in g.objects("battlefield", 0) if g.name(x) == "Corpsejack Menace"]
    g.move(menace, "graveyard")
    assert isinstance(grow(g, ballista, order_effects=True).run(), cards.Outcome)
    assert g.counters(ballista) == {"+1/+1": 2}


def test_the_order_of_effects_on_ability_damage_616_1(game):
    """Damage from an ability: Walking Ballista's "Remove a +1/+1 counter: It deals 1 damage to
    any target" at player 1, with "that much damage plus 2" (Torbran) and "prevent the next 2
    damage" to that player. The affected player (1) chooses: the +2 first, 3 then 2 prevented,
    1 dealt; the prevention first, all 1 prevented, none dealt (the +2 has nothing to modify,
    120.8). The marks of the order are cleared after the damage, as after combat damage."""
    for plus_first, life in ((True, 19), (False, 20)):
        g = game()
        ballista = cards.place(g, "Walking Ballista", 0, x=1)
        plus = g.add_replacement_effect("damage_plus", affects="players", amount=2, controller=0)
        shield = g.prevent_damage(1, 2)
        r = cards.Resolution(
            g, "Walking Ballista", 0, [1], ability=2, source=ballista, order_effects=True
        )
        req = r.run()
        assert req.kind == "order" and (req.player, req.entity) == (1, 1)
        assert req.candidates == (plus, shield)
        before = snapshot(g)
        with pytest.raises(ValueError):
            r.answer([plus, plus])  # twice
        with pytest.raises(ValueError):
            r.answer([plus + shield + 1])  # not one of them
        with pytest.raises(TypeError):
            r.answer(3)
        assert snapshot(g) == before and r.run() == req, "refused: nothing changed, still asked"
        r.answer([plus] if plus_first else [shield])
        r.run()
        assert g.life(1) == life
        assert not any(e["ordered"] for e in g.replacement_effects())


def test_an_operation_on_several_entities_asks_each_in_turn_616_1(game):
    """ "Put a +1/+1 counter on each creature": each creature's event is its own (616.1 is asked
    per affected object, by its controller), in id order; the operation goes on from the
    creature asked about, each earlier one keeping what it got. The opponent's creature gets
    its counter in between, with no choice (no effect applies to it)."""
    import importlib

    from cardstate.cards import vocab as v

    growth = v.Card(
        name="Test Growth",
        cost="{G}",
        types=("sorcery",),
        oracle="Put a +1/+1 counter on each creature.",
        abilities=(v.Spell(v.PutCounters(v.Each(v.Filter(types=("creature",))), "+1/+1")),),
    )
    built_in = importlib.import_module("cardstate.cards.pool")
    mine = cards.CardPool([*built_in.CARDS, growth])
    g = game()
    scales, menace, ballista = board(g)
    [fungus] = [e["source"] for e in g.replacement_effects() if e["id"] == menace]
    theirs = cards.place(g, "Grizzly Bears", 1)
    r = cards.Resolution(g, "Test Growth", 0, pool=mine, source=None, order_effects=True)
    asked = []
    # the kernel's order at each event: the list's, which the first choice changed
    for first, offered in ((menace, (scales, menace)), (scales, (menace, scales))):
        req = r.run()
        assert req.kind == "order" and req.candidates == offered and req.player == 0
        asked.append(req.entity)
        r.answer([first])
    assert isinstance(r.run(), cards.Outcome)
    assert asked == [fungus, ballista]
    assert g.count(fungus, "+1/+1") == 3, "the Menace first: 1 x 2 + 1"
    assert g.count(ballista, "+1/+1") == 4, "Scales first: (1 + 1) x 2"
    assert g.count(theirs, "+1/+1") == 1


def test_order_effects_is_a_bool(game):
    g = game()
    with pytest.raises(TypeError):
        cards.Resolution(g, "Walking Ballista", 0, ability=1, source=0, order_effects=1)
