"""Delayed triggered abilities (603.7): created by an effect as it resolves, they trigger once
(603.7c), at the beginning of the next end step, and find only the object they were told
about (400.7: a card that changed zones is a new object); in the native and the reference
duel alike. Kykar, Zephyr Awakener's Oracle text quoted and shown doing it."""

from __future__ import annotations

import pytest
from cardstate.cards import coverage
from cardstate.cards.compile import compile_card
from cardstate.cards.vocab import (
    CREATURE,
    TRIGGERING,
    AtNextEndStep,
    Card,
    Exile,
    ReturnToBattlefield,
    Seq,
    Target,
    TargetSpec,
    Triggered,
)
from fdn_support import ability, cast, oracle, put
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES, IMPLS, _act, _duel, _named, _pass_until, _words
from test_fdn_duel_modes import _lands, _to_end_step

KYKAR = (
    "Flying\nWhenever you cast a noncreature spell, choose one —\n• Exile another target "
    "creature you control. Return that card to the battlefield under its owner's control at "
    "the beginning of the next end step.\n• Create a 1/1 white Spirit creature token with "
    "flying."
)

DELAYED = _deck(
    {"Island": 9, "Plains": 8},
    [
        "Kykar, Zephyr Awakener",
        "Think Twice",
        "Savannah Lions",
        "Fleeting Distraction",
        "Kykar, Zephyr Awakener",
        "Think Twice",
        "Healer's Hawk",
    ],
)


def _kykar(impl):
    """A duel in the active player's first main phase: Kykar, Savannah Lions, Think Twice in
    hand and Islands to cast it (twice)."""
    oracle("Kykar, Zephyr Awakener", KYKAR)
    d = _duel(impl, "Island")
    a = d.active_player()
    _lands(d, a, "Island", 6)
    kykar = d.add_card(a, "Kykar, Zephyr Awakener", "battlefield")
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(a, "Think Twice", "hand")
    return d, a, kykar, lions


def _blink(d, a):
    """Casts Think Twice; Kykar's trigger exiles Savannah Lions (mode 0) and resolves."""
    _act(d, "cast Think Twice")
    _pass_until(d, lambda: d.decision() == "mode")
    _act(d, "choose mode 0")
    assert _words(d) == [w for w in _words(d) if w.startswith("target Savannah Lions")]
    _act(d, "target Savannah Lions")
    _pass_until(d, lambda: not _named(d, a, "Savannah Lions"))


@pytest.mark.parametrize("impl", IMPLS)
def test_kykar_exiles_and_returns_that_card_at_the_next_end_step_603_7a_400_7(impl):
    """Kykar (mode 0): the Lions is exiled; the delayed ability waits (the state, its hash and
    its bytes keep it) and, at the beginning of the end step, returns that card to the
    battlefield under its owner's control: a new object (400.7), without the damage it had."""
    d, a, kykar, lions = _kykar(impl)
    d.game.deal_damage(kykar, lions, 1)
    _blink(d, a)
    exiled = [x for x in d.game.objects("exile") if d.game.name(x) == "Savannah Lions"]
    assert len(exiled) == 1
    again = type(d).from_bytes(d.to_bytes(), pool="fdn")
    assert again.hash() == d.hash()
    _pass_until(d, lambda: not d.game.objects("stack"))
    assert d.step() == "main1", "it waits for the end step"
    _to_end_step(d)
    _pass_until(d, lambda: bool(_named(d, a, "Savannah Lions")))
    (back,) = _named(d, a, "Savannah Lions")
    assert back not in (lions, exiled[0]), "a new object (400.7)"
    assert d.game.damage(back) == 0 and not d.game.objects("exile")


@pytest.mark.parametrize("impl", IMPLS)
def test_a_delayed_ability_triggers_only_once_603_7c(impl):
    """603.7c: the delayed ability triggers once, then is gone: a Lions exiled again by other
    means stays in exile through the next end steps."""
    d, a, _, _ = _kykar(impl)
    _blink(d, a)
    _to_end_step(d)
    _pass_until(d, lambda: bool(_named(d, a, "Savannah Lions")))
    again = d.add_card(a, "Savannah Lions", "exile")
    for _ in range(2):
        t = d.turn()
        while d.turn() == t:
            d.apply_action(d.legal_actions()[0])
    assert again in d.game.objects("exile") and len(_named(d, a, "Savannah Lions")) == 1


@pytest.mark.parametrize("impl", IMPLS)
def test_created_during_the_end_step_it_waits_for_the_next_one_603_7a(impl):
    """ "The next end step": created after the end step began (Think Twice cast in it), the
    delayed ability waits for the following end step, the opponent's turn's."""
    d, a, _, _ = _kykar(impl)
    _to_end_step(d)
    _pass_until(d, lambda: any(w.startswith("cast Think Twice") for w in _words(d)))
    _blink(d, a)
    while d.active_player() == a:
        d.apply_action(d.legal_actions()[0])
    assert not _named(d, a, "Savannah Lions"), "not this end step"
    _to_end_step(d)
    _pass_until(d, lambda: bool(_named(d, a, "Savannah Lions")))
    assert d.active_player() != a


@pytest.mark.parametrize("impl", IMPLS)
def test_kykar_creates_a_flying_spirit(impl):
    """Kykar (mode 1): "Create a 1/1 white Spirit creature token with flying.\""""
    d, a, _, _ = _kykar(impl)
    _act(d, "cast Think Twice")
    _pass_until(d, lambda: d.decision() == "mode")
    _act(d, "choose mode 1")
    _pass_until(d, lambda: bool(_named(d, a, "Spirit Token 1/1")))
    (spirit,) = _named(d, a, "Spirit Token 1/1")
    assert d.game.power(spirit) == 1 and d.game.has_keyword(spirit, "flying")


def test_the_delayed_deck_is_of_playable_cards():
    assert [c.name for c in coverage.coverage(DELAYED) if not c.playable] == []


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_delayed_abilities_play_alike_in_both_duels(seed):
    """Random games of Kykar's deck: the same legal actions, observations, outcome and bytes
    in both duels, its modes chosen along the way."""
    assert play_alike(DELAYED, ELVES, seed)["mode"] > 0


def test_a_delayed_ability_refers_to_its_object_not_to_targets_603_7c():
    """A delayed ability declares no targets (it refers to the object its effect named,
    603.7c): ``Target(i)`` in its effect is refused, naming the card; ``TRIGGERING`` compiles to
    an ability of kind ``delayed`` after the card's own, which the ``delay`` names."""

    def blink(returned):
        return Card(
            name="Blinking Bear",
            cost="{1}{W}",
            types=("creature",),
            power=2,
            toughness=2,
            oracle="",
            abilities=(
                Triggered(
                    "enters",
                    Seq(
                        Exile(Target(0)),
                        AtNextEndStep(ReturnToBattlefield(returned), of=Target(0)),
                    ),
                    (TargetSpec(CREATURE),),
                ),
            ),
        )

    with pytest.raises(ValueError, match="Blinking Bear.*Target"):
        compile_card(blink(Target(0)))
    abilities = compile_card(blink(TRIGGERING)).data["abilities"]
    assert [a["kind"] for a in abilities] == ["triggered", "delayed"]
    assert abilities[0]["program"][1] == {
        "op": "delay",
        "of": {"s": "target", "i": 0},
        "ability": 1,
    }


def test_a_bare_game_has_no_end_step_and_drops_the_delayed_ability(game):
    """The card layer resolves Kykar's first mode (``resolve(..., ability=i)``): the Lions is
    exiled, in both kernels alike; a bare ``Game`` has no steps, so no delayed ability waits
    and nothing else changes (the duels keep it: the tests above)."""
    oracle("Kykar, Zephyr Awakener", KYKAR)
    g = game()
    kykar = put(g, "Kykar, Zephyr Awakener")
    lions = put(g, "Savannah Lions")
    blink = ability("Kykar, Zephyr Awakener", "mode", 0)
    cast(g, "Kykar, Zephyr Awakener", [lions], ability=blink, source=kykar)
    assert [g.name(x) for x in g.objects("exile")] == ["Savannah Lions"]
    assert g.objects("battlefield", 0) == [kykar]
