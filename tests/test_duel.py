"""The duel from Python (docs/DUEL.md): its interface, random games, bytes and pickle,
hidden information, and rules scenarios on the pool's cards; the rules and hidden-information
tests run on both the native and the reference duel."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import numpy as np
import pytest
from cardstate import cards
from cardstate.cards import Card, CardPool
from cardstate.cards.cardpool import builtin_pool
from cardstate.duel import TERMINAL_PLAYER, Duel, decks
from cardstate.reference.duel import Duel as ReferenceDuel
from cardstate.reference.duel import actions
from cardstate.reference.duel.decision import DECISION_NAMES
from hypothesis import given, settings
from hypothesis import strategies as st

FIRST_WORDS = {
    "pass",
    "play",
    "cast",
    "activate",
    "target",
    "attack",
    "block",
    "proliferate",
    "choose",
    "keep",
    "mulligan",
    "put",
    "discard",
    "apply",
    "assign",
    "sacrifice",
    "yes",
    "no",
}


IMPLS = {"native": Duel, "reference": ReferenceDuel}
"""The duel's two implementations: tests that take ``duel`` or ``impl`` run on both."""


@pytest.fixture(params=sorted(IMPLS))
def duel(request: pytest.FixtureRequest) -> type:
    """The duel class under test: ``native`` or ``reference``."""
    return IMPLS[request.param]


def column(d: Duel, name: str) -> int:
    """The first column of the observation's feature ``name`` (``observation_features``)."""
    return next(at for n, at, _ in d.observation_features() if n == name)


def _pool_index(name: str) -> int:
    """The card's index in the built-in pool (its card identity is this + 1)."""
    return list(cards.pool).index(name)


def play_random(d: Duel, seed: int, limit: int = 100_000) -> int:
    r = random.Random(seed)
    n = 0
    while not d.is_terminal():
        d.apply_action(r.choice(d.legal_actions()))
        n += 1
        assert n < limit
    return n


def test_the_registered_decks() -> None:
    assert {"infect", "proliferate", "energy", "evergreen"} <= set(decks)
    for name in decks:
        Duel(name, name)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), decks_=st.sampled_from(sorted(decks)))
def test_random_games_end_and_are_reproducible(seed: int, decks_: str) -> None:
    a = Duel(decks_, "evergreen", seed=seed)
    b = Duel(decks_, "evergreen", seed=seed)
    play_random(a, seed % 1000)
    play_random(b, seed % 1000)
    assert a.history() == b.history()
    assert a.returns() == b.returns()
    assert a.hash() == b.hash()
    assert a.current_player() == TERMINAL_PLAYER
    assert a.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    assert a.legal_actions() == []


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_mid_game_bytes_pickle_clone_and_mask(seed: int) -> None:
    d = Duel("infect", "energy", seed=seed)
    r = random.Random(seed)
    step = 0
    while not d.is_terminal():
        legal = d.legal_actions()
        mask = d.legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (d.num_distinct_actions(),)
        assert list(np.flatnonzero(mask)) == legal
        assert legal == sorted(legal)
        if step % 11 == 0:
            for e in (
                Duel.from_bytes(d.to_bytes()),
                pickle.loads(pickle.dumps(d)),
                d.clone(),
                copy.deepcopy(d),
            ):
                assert e.hash() == d.hash()
                assert e.legal_actions() == legal
                assert e.history() == d.history()
                assert np.array_equal(e.observation_tensor(0), d.observation_tensor(0))
        for a in legal:
            s = d.action_to_string(a)
            assert s.split()[0] in FIRST_WORDS, s
            assert d.string_to_action(s) == a
        d.apply_action(r.choice(legal))
        step += 1


def test_hash_is_equal_for_equal_states_and_follows_the_state(duel: type) -> None:
    d = duel("infect", "energy", seed=6)
    r = random.Random(6)
    seen = set()
    steps = 0
    while not d.is_terminal():
        h = d.hash()
        seen.add(h)
        if steps % 7 == 0:
            for e in (duel.from_bytes(d.to_bytes()), pickle.loads(pickle.dumps(d)), d.clone()):
                assert e.hash() == h
        c = d.clone()
        d.apply_action(r.choice(d.legal_actions()))
        assert c.hash() == h  # the copy didn't move
        steps += 1
    # an action changes the state: the decision, the priority or the step moves on
    assert len(seen) > steps // 2
    assert duel("infect", "energy", seed=6).hash() == duel("infect", "energy", seed=6).hash()
    assert duel("infect", "energy", seed=6).hash() != duel("infect", "energy", seed=7).hash()


def test_a_clone_is_independent() -> None:
    d = Duel("infect", "energy", seed=4)
    c = d.clone()
    play_random(c, 1)
    assert not d.is_terminal() and c.is_terminal()
    assert d.history() == []


def test_illegal_actions_are_value_errors_and_change_nothing() -> None:
    d = Duel("infect", "energy", seed=2)
    before = d.to_bytes()
    legal = set(d.legal_actions())
    for a in [-1, d.num_distinct_actions(), 2**40] + [
        a for a in range(d.num_distinct_actions()) if a not in legal
    ]:
        with pytest.raises(ValueError):
            d.apply_action(a)
    assert d.to_bytes() == before
    play_random(d, 0)
    with pytest.raises(ValueError, match="over"):
        d.apply_action(0)


def test_bad_bytes_are_value_errors(duel: type) -> None:
    b = duel("infect", "energy", seed=2).to_bytes()
    for cut in range(0, len(b), 7):
        with pytest.raises(ValueError):
            duel.from_bytes(b[:cut])
    with pytest.raises(ValueError):
        duel.from_bytes(b + b"\0")


@pytest.mark.parametrize("impl", sorted(IMPLS))
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 80), player=st.integers(0, 1))
def test_resample_keeps_what_the_player_sees(impl: str, seed: int, moves: int, player: int) -> None:
    d = IMPLS[impl]("proliferate", "evergreen", seed=seed)
    r = random.Random(seed)
    for _ in range(moves):
        if d.is_terminal():
            break
        d.apply_action(r.choice(d.legal_actions()))
    obs = d.observation_tensor(player)
    e = d.resample(player, seed + 1)
    assert np.array_equal(e.observation_tensor(player), obs)
    assert e.hand(player) == d.hand(player)
    assert e.legal_actions() == d.legal_actions() or d.current_player() != player
    other = 1 - player
    assert len(e.hand(other)) == len(d.hand(other))
    assert e.library_size(other) == d.library_size(other)


def test_resample_deals_the_hidden_cards_again(duel: type) -> None:
    d = duel("infect", "energy", seed=7)
    hands = {tuple(d.resample(0, s).hand(1)) for s in range(20)}
    assert len(hands) > 5
    # And it never reads them: two duels that differ only in the opponent's hidden cards give
    # the same resamples.
    a = duel("infect", "energy", seed=7)
    b = a.clone()
    b = b.resample(0, 999)
    assert a.observation_tensor(0).tolist() == b.observation_tensor(0).tolist()
    for s in range(5):
        assert a.resample(0, s).hand(1) == b.resample(0, s).hand(1)


def test_a_spell_being_cast_is_seen_601_2a(duel: type) -> None:
    """601.2a: casting begins by moving the card to the stack, so while its caster chooses
    the targets the opponent has seen it: a resample for the opponent never deals it back into
    the caster's hidden cards."""
    d = duel("evergreen", "evergreen", seed=9, auto_pass=False, mulligans=False)
    to_main(d)
    a = d.active_player()
    d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Lightning Bolt", "hand")  # the only Bolt of either deck
    d.add_card(1 - a, "Grizzly Bears", "battlefield")
    d.apply_action(
        next(x for x in d.legal_actions() if d.action_to_string(x).startswith("cast Lightning"))
    )
    assert all(d.action_to_string(x).startswith("target ") for x in d.legal_actions())
    for s in range(30):
        r = d.resample(1 - a, s)
        assert "Lightning Bolt" not in r.hand(a)
        assert len(r.hand(a)) == len(d.hand(a)) and r.library_size(a) == d.library_size(a)


def test_observations_hide_the_opponents_hand(duel: type) -> None:
    d = duel("infect", "energy", seed=3)
    obs = d.observation_tensor(0)
    assert obs.dtype == np.float32 and obs.shape == d.observation_shape()
    e = d.resample(0, 5)
    assert e.hand(1) != d.hand(1)
    assert np.array_equal(e.observation_tensor(0), obs)
    assert not np.array_equal(e.observation_tensor(1), d.observation_tensor(1))
    with pytest.raises(ValueError):
        d.observation_tensor(2)


def test_permanent_slots_show_legendary_and_token_205_4d_111_1(duel: type) -> None:
    """Each permanent slot says whether its permanent is a token (111.1) and legendary (205.4d:
    the legend rule, 704.5j, reads it), on both sides of the observation (docs/DUEL.md,
    "Observations"). The pool's cards are cards, not tokens (the Rust tests put a token in a
    slot)."""
    d = duel("evergreen", "evergreen", seed=4)
    assert d.add_card(0, "Llanowar Elves", "battlefield") is not None
    assert d.add_card(0, "Melira, Sylvok Outcast", "battlefield") is not None
    for p in (0, 1):
        obs = d.observation_tensor(p)
        # Player 0's permanents are the observer's ("mine") for p = 0, "theirs" for p = 1.
        side = "mine" if p == 0 else "theirs"
        for slot, legendary in ((0, 0.0), (1, 1.0)):
            assert obs[column(d, f"{side}[{slot}].present")] == 1.0
            assert obs[column(d, f"{side}[{slot}].token")] == 0.0
            assert obs[column(d, f"{side}[{slot}].legendary")] == legendary, (p, slot)


def test_observation_features_cover_the_tensor_once(duel: type) -> None:
    """``observation_features()`` lists every column once, in order, with unique names; the
    schema id names the layout (docs/DUEL.md, "Observations")."""
    d = duel("infect", "energy", seed=1)
    features = d.observation_features()
    at = 0
    for name, offset, size in features:
        assert offset == at and size > 0, name
        at += size
    assert (at,) == d.observation_shape() == type(d).observation_shape(d)
    assert len({n for n, _, _ in features}) == len(features)
    assert features == type(d).observation_features()
    assert d.observation_schema().startswith("duel-2:")


def _doc() -> str:
    from pathlib import Path

    return (Path(__file__).resolve().parents[1] / "docs" / "DUEL.md").read_text()


def test_the_doc_lists_every_feature_and_action_range() -> None:
    """docs/DUEL.md's observation tables are the layout's (generated from the feature list),
    its action table lists every id range of the space, and its decision table every kind."""
    import re

    from cardstate.reference.duel import layout

    doc = _doc()
    marker = "checks that they are current. -->\n"
    tables = doc[
        doc.index(marker) + len(marker) : doc.index("<!-- end of the generated tables -->")
    ]
    assert tables == layout.markdown()
    assert Duel.observation_schema() in doc
    assert "6,728 entries" in doc and Duel("infect", "energy").observation_shape() == (6728,)
    # Every feature's name: a global feature, or a section (`hand[i].`) and a field of its slots.
    sections = set(re.findall(r"`(\w+)(?:\[\w\])?\.`", tables))
    fields = set(re.findall(r"^\| \d+ \| `(\w+)` \|", tables, re.M))
    for name, _, _ in Duel.observation_features():
        prefix, _, field = name.rpartition(".")
        assert field in fields, name
        assert not prefix or re.sub(r"\[\d+\]", "", prefix) in sections, name
    ranges = re.findall(r"^\| (\d+)(?:–(\d+))? \| ([A-Z_]+) ", doc, re.M)
    assert [(name, int(a), int(b or a) - int(a) + 1) for a, b, name in ranges] == list(
        actions.RANGES
    )
    kinds = doc[doc.index("## Decisions") : doc.index("## Observations")]
    rows = re.findall(r"^\| [\d–]+ \| (.*?) \|", kinds, re.M)
    listed = [k for row in rows for k in re.findall(r"`(\w+)`", row)]
    assert listed == list(DECISION_NAMES)


def test_the_features_name_what_a_position_shows(duel: type) -> None:
    """The features' names match the values of a position built by hand: life (20/20), a hand
    slot's card identity (its pool index + 1) and printed characteristics, a permanent's, the
    decision (an attack, 508.1a) and its subject (the candidate's slot, on both sides), tapped
    after attacking (508.1f; not with vigilance, 702.20b), the stack's spell and the decision's
    source (601.2c)."""
    d = duel("evergreen", "evergreen", seed=5, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    d.add_card(a, "Serra Angel", "hand")
    angel = d.add_card(a, "Serra Angel", "battlefield")
    bears = d.add_card(a, "Grizzly Bears", "battlefield")
    d.add_card(1 - a, "Mountain", "battlefield")
    d.add_card(1 - a, "Lightning Bolt", "hand")

    def feature(p: int, name: str, k: int = 0) -> float:
        return float(d.observation_tensor(p)[column(d, name) + k])

    assert feature(a, "players[0].life") == feature(a, "players[1].life") == 1.0
    assert feature(a, "decision") == 1.0 and d.decision() == "priority"
    hand = d.hand(a)
    i = hand.index("Serra Angel")
    assert feature(a, f"hand[{i}].card") == _pool_index("Serra Angel") + 1
    assert feature(a, f"hand[{i}].mana_value") == np.float32(0.5)
    assert feature(a, f"hand[{i}].colours", 0) == 1.0, "white"
    assert feature(a, f"hand[{i}].power") == np.float32(0.4)
    assert feature(a, f"hand[{i}].keywords", 0) == 1.0, "flying"
    assert feature(a, f"hand[{i}].keywords", 17) == 1.0, "vigilance"
    assert feature(a, f"hand[{len(hand)}].present") == 0.0
    # The opponent sees its own hand in the hand slots, and only the size of this one.
    assert feature(1 - a, "hand[0].card") == _pool_index(d.hand(1 - a)[0]) + 1
    assert feature(a, "players[1].hand_size") == np.float32(len(d.hand(1 - a)) / 10)
    j = d.battlefield(a).index(angel)
    assert feature(a, f"mine[{j}].card") == feature(1 - a, f"theirs[{j}].card")
    assert feature(a, f"mine[{j}].card") == _pool_index("Serra Angel") + 1
    assert feature(a, f"mine[{j}].types", 2) == 1.0, "a creature"
    assert feature(a, f"mine[{j}].tapped") == 0.0
    pass_to(d, "declare attackers")
    assert d.decision() == "attack"
    for p, subject in ((a, j), (1 - a, 24 + j)):
        assert feature(p, "decision", DECISION_NAMES.index("attack")) == 1.0
        assert feature(p, "subject", subject) == 1.0
        assert feature(p, "deciding") == float(p == a)
    assert feature(a, f"mine[{j}].subject") == 1.0
    d.apply_action(actions.OPPONENT)
    k = d.battlefield(a).index(bears)
    assert feature(a, f"mine[{j}].subject") == 0.0 and feature(a, f"mine[{k}].subject") == 1.0
    d.apply_action(actions.OPPONENT)
    assert feature(a, f"mine[{j}].attacking") == feature(a, f"mine[{k}].attacking") == 1.0
    assert feature(a, f"mine[{k}].tapped") == 1.0, "508.1f: attacking taps"
    assert feature(a, f"mine[{j}].tapped") == 0.0, "702.20b: vigilance"
    # The defending player casts Lightning Bolt: its targets are chosen with the Bolt as the
    # decision's source (601.2c), then it is on the stack.
    while d.current_player() != 1 - a:
        d.apply_action(d.legal_actions()[0])
    bolt = d.hand(1 - a).index("Lightning Bolt")
    d.apply_action(d.string_to_action(f"cast Lightning Bolt (hand slot {bolt})"))
    assert d.decision() == "target"
    assert feature(1 - a, "source.card") == _pool_index("Lightning Bolt") + 1
    d.apply_action(d.string_to_action(f"target Serra Angel ({angel})"))
    assert feature(a, "stack[0].card") == _pool_index("Lightning Bolt") + 1
    assert feature(a, "stack[0].controlled") == 0.0 and feature(1 - a, "stack[0].controlled") == 1.0
    assert feature(a, "stack[0].kind", 0) == 1.0, "a spell"


def test_game_str_step_and_history() -> None:
    d = Duel("infect", "energy", seed=3)
    assert (d.turn(), d.step(), d.decision()) == (1, "untap", "mulligan"), "103.5 first"
    assert d.mulligans
    d = Duel("infect", "energy", seed=3, mulligans=False)
    assert not d.mulligans
    assert d.turn() == 1
    assert d.step() == "main1"
    assert "turn 1/40" in str(d)
    g = d.game
    assert g.life(0) == 20 and g.life(1) == 20
    d.apply_action(d.legal_actions()[-1])
    assert len(d.history()) == 1


# ---- rules on the pool's cards ------------------------------------------------------------------
# Each runs on both implementations: the native duel and the reference duel
# (cardstate.reference.duel, pure Python on the reference kernel).


def pass_on(d: Duel) -> None:
    """Passes priority; in cleanup, discards (514.1) the first card offered."""
    d.apply_action(d.legal_actions()[0] if d.decision() == "discard" else 0)


def to_main(d: Duel) -> None:
    """With auto_pass off: passes to the active player's first main phase."""
    while d.step() != "main1":
        d.apply_action(0)


def first_words(d: Duel) -> str:
    """The words of the lowest legal action (the decision being asked)."""
    return d.action_to_string(d.legal_actions()[0])


def pass_to(d: Duel, step: str) -> None:
    while d.step() != step:
        words = d.action_to_string(d.legal_actions()[0])
        d.apply_action(0 if words == "pass" else d.legal_actions()[0])


def test_the_starting_player_skips_the_first_draw_103_8a(duel: type) -> None:
    d = duel("evergreen", "evergreen", seed=5, auto_pass=False, mulligans=False)
    a = d.active_player()
    assert len(d.hand(a)) == 7 and len(d.hand(1 - a)) == 7
    assert d.library_size(a) == 33
    # Pass to the other player's main phase: it drew.
    while d.turn() == 1:
        d.apply_action(0)
    to_main(d)
    assert len(d.hand(1 - a)) == 8 and d.library_size(1 - a) == 32


def test_summoning_sickness_302_6_and_a_land_per_turn_305_2(duel: type) -> None:
    d = duel("evergreen", "evergreen", seed=5, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    for _ in range(2):
        d.add_card(a, "Forest", "battlefield")
    d.add_card(a, "Grizzly Bears", "hand")
    d.add_card(a, "Forest", "hand")
    cast = [x for x in d.legal_actions() if d.action_to_string(x).startswith("cast Grizzly")]
    d.apply_action(cast[0])
    while d.step() == "main1":
        d.apply_action(0)
    # The Bears are new: no attack decision in this turn's declare attackers step.
    while d.turn() == 1:
        assert not d.action_to_string(d.legal_actions()[-1]).startswith("attack")
        pass_on(d)
    # One land per turn: after playing a Forest, no other "play" is offered.
    d2 = duel("evergreen", "evergreen", seed=5, auto_pass=False, mulligans=False)
    to_main(d2)
    a2 = d2.active_player()
    d2.add_card(a2, "Forest", "hand")
    d2.add_card(a2, "Mountain", "hand")
    play = [x for x in d2.legal_actions() if d2.action_to_string(x).startswith("play")]
    d2.apply_action(play[0])
    assert not [x for x in d2.legal_actions() if d2.action_to_string(x).startswith("play")]


def test_combat_with_pool_creatures_702_90_702_15(duel: type) -> None:
    d = duel("evergreen", "evergreen", seed=8, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    elf = d.add_card(a, "Glistener Elf", "battlefield")
    hawk = d.add_card(a, "Vampire Nighthawk", "battlefield")
    assert elf is not None and hawk is not None
    pass_to(d, "declare attackers")
    while d.action_to_string(d.legal_actions()[-1]).startswith("attack"):
        d.apply_action(d.legal_actions()[-1])
    pass_to(d, "end of combat")
    g = d.game
    assert g.counters(1 - a) == {"poison": 1}, "infect: poison instead of life loss"
    assert g.life(1 - a) == 18, "the Nighthawk's 2 damage"
    assert g.life(a) == 22, "lifelink"
    assert d.is_tapped(elf)


def test_drawing_from_an_empty_library_loses_704_5b(duel: type) -> None:
    for seed in range(6):
        d = duel(["Forest"] * 7, ["Forest"] * 8, seed=seed, mulligans=False)
        first = d.active_player()
        play_random(d, 0)
        # Player 0's seven cards are its opening hand: its first draw (turn 2 if player 1
        # started, turn 3 if it started and skipped the first, 103.8a) loses; player 1 had an
        # eighth card to draw.
        assert d.returns() == [-1.0, 1.0]
        assert d.turn() == (3 if first == 0 else 2)


def test_the_turn_limit_is_a_draw(duel: type) -> None:
    d = duel(["Forest"] * 40, ["Forest"] * 40, seed=1, turn_limit=12)
    play_random(d, 0)
    assert d.returns() == [0.0, 0.0]
    assert d.turn() == 12


def test_add_card_checks_its_arguments(duel: type) -> None:
    d = duel("infect", "energy")
    with pytest.raises(ValueError, match="unknown card"):
        d.add_card(0, "Black Lotus", "hand")
    with pytest.raises(ValueError, match="zone"):
        d.add_card(0, "Forest", "sideboard")
    with pytest.raises(ValueError, match="player"):
        d.add_card(2, "Forest", "hand")
    assert d.add_card(0, "Forest", "hand") is None
    x = d.add_card(1, "Forest", "battlefield")
    assert x in d.battlefield(1)


def test_lightning_bolt_from_python_601_608(duel: type) -> None:
    """Oracle: "Lightning Bolt deals 3 damage to any target." Cast, target, resolve."""
    d = duel("evergreen", "evergreen", seed=9, auto_pass=False, mulligans=False)
    to_main(d)
    a = d.active_player()
    land = d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Lightning Bolt", "hand")
    bears = d.add_card(1 - a, "Grizzly Bears", "battlefield")
    cast = next(x for x in d.legal_actions() if d.action_to_string(x).startswith("cast Lightning"))
    d.apply_action(cast)
    words = [d.action_to_string(x) for x in d.legal_actions()]
    assert all(w.startswith("target ") for w in words)
    d.apply_action(d.string_to_action(f"target Grizzly Bears ({bears})"))
    assert d.is_tapped(land) and d.game.is_tapped(land), "the kernel keeps the tapped status"
    d.apply_action(0)
    d.apply_action(0)
    assert d.game.zone(bears) == "graveyard"
    assert d.hand(a).count("Lightning Bolt") == 0


def test_a_state_based_action_in_cleanup_gives_priority_then_another_cleanup_514_3a(
    duel: type,
) -> None:
    """514.3a: "if any state-based actions would be performed and/or any triggered abilities
    are waiting to be put onto the stack ... those state-based actions are performed, then
    those triggered abilities are put on the stack, then the active player gets priority. ...
    Once the stack is empty and all players pass in succession, another cleanup step begins."
    Giant Growth ("Target creature gets +3/+3 until end of turn.") keeps a Grizzly Bears alive
    under two -1/-1 counters (Grim Affliction: "Put a -1/-1 counter on target creature, then
    proliferate.") until cleanup ends the effect (514.2)."""
    d = duel("evergreen", "evergreen", seed=9, auto_pass=False, mulligans=False)
    to_main(d)
    a, turn = d.active_player(), d.turn()
    for land in ("Forest", "Swamp", "Swamp", "Swamp"):
        d.add_card(a, land, "battlefield")
    d.add_card(a, "Giant Growth", "hand")
    d.add_card(a, "Grim Affliction", "hand")
    bears = d.add_card(a, "Grizzly Bears", "battlefield")
    for spell in ("Giant Growth", "Grim Affliction"):
        cast = next(
            x for x in d.legal_actions() if d.action_to_string(x).startswith(f"cast {spell} ")
        )
        d.apply_action(cast)
        d.apply_action(d.string_to_action(f"target Grizzly Bears ({bears})"))
        d.apply_action(0)
        d.apply_action(0)
    d.apply_action(d.string_to_action(f"proliferate Grizzly Bears ({bears})"))
    assert d.game.counters(bears) == {"-1/-1": 2}
    assert d.game.zone(bears) == "battlefield", "5/5 less two: alive this turn"
    while d.step() != "cleanup" and d.turn() == turn:
        d.apply_action(d.legal_actions()[0])  # pass, and no attack
    # The Bears died in cleanup (704.5f), so the active player has priority in it.
    assert (d.step(), d.turn(), d.current_player()) == ("cleanup", turn, a)
    assert d.game.zone(bears) == "graveyard"
    assert d.action_to_string(d.legal_actions()[0]) == "pass"
    d.apply_action(0)
    assert (d.step(), d.current_player()) == ("cleanup", 1 - a)
    d.apply_action(0)
    # The next cleanup step performs nothing: no priority, the next turn begins.
    assert d.turn() == turn + 1 and d.active_player() == 1 - a


def test_melira_is_cast_and_her_statics_go_live_611_3a(duel: type) -> None:
    """Oracle (Melira, Sylvok Outcast): "You can't get poison counters. Creatures you control
    can't have -1/-1 counters put on them. Creatures your opponents control lose infect."
    Cast from the hand, her abilities go live as she enters (611.3a): the opponent's Glistener
    Elf loses infect (613.1f, layer 6) for as long as she is on the battlefield."""
    d = duel("evergreen", "evergreen", seed=9, auto_pass=False, mulligans=False)
    to_main(d)
    a = d.active_player()
    d.add_card(a, "Forest", "battlefield")
    d.add_card(a, "Forest", "battlefield")
    d.add_card(a, "Melira, Sylvok Outcast", "hand")
    elf = d.add_card(1 - a, "Glistener Elf", "battlefield")
    assert elf is not None and d.game.has_keyword(elf, "infect")
    in_hand = d.hand(a).count("Melira, Sylvok Outcast")
    cast = next(x for x in d.legal_actions() if d.action_to_string(x).startswith("cast Melira"))
    d.apply_action(cast)
    d.apply_action(0)
    d.apply_action(0)
    assert d.hand(a).count("Melira, Sylvok Outcast") == in_hand - 1
    assert not d.game.has_keyword(elf, "infect"), "creatures your opponents control lose infect"
    assert [e["effect"] for e in d.game.continuous_effects()] == ["remove_keyword"]


# ---- combat (506-511) on both implementations -------------------------------------------------


def _id_in(words: str) -> int:
    """The kernel id at the end of an action's words: ``... Name (id)``."""
    return int(words.rsplit("(", 1)[1].rstrip(")"))


def fight(d, attack: set[int], blocks: dict[int, int], shares: tuple[int, ...] = ()) -> list[str]:
    """From before combat with ``auto_pass`` off: the active player attacks with ``attack``, the
    defending player blocks as ``blocks`` says (blocker -> attacker), the attacking player
    assigns the amounts ``shares`` in turn to the shares of combat damage it divides (510.1c),
    on to the end of combat. Any other decision ("may") is answered yes. Returns the words of
    the largest amount each share offered."""
    shares_left = list(shares)
    asked = []
    while d.step() != "end of combat":
        legal = d.legal_actions()
        words = [d.action_to_string(a) for a in legal]
        if d.decision() == "assign_damage":
            asked.append(words[-1])
            d.apply_action(actions.NUMBER + shares_left.pop(0))
        elif words[0].startswith("no attack with"):
            d.apply_action(actions.OPPONENT if _id_in(words[0]) in attack else actions.NO)
        elif words[0].startswith("no block with"):
            b = _id_in(words[0])
            if b in blocks:
                d.apply_action(
                    next(a for a, w in zip(legal, words, strict=True) if f"({blocks[b]}) with" in w)
                )
            else:
                d.apply_action(actions.NO)
        elif "yes" in words:
            d.apply_action(actions.YES)
        else:
            d.apply_action(0)
    assert not shares_left, "every amount given was asked for"
    return asked


def test_blocked_damage_is_divided_as_chosen_510_1c_with_wither_702_80(duel: type) -> None:
    """Two creatures block Boggart Ram-Gang (3/3, wither: "deals damage to creatures in the
    form of -1/-1 counters"): its controller divides its 3 damage among them as it chooses,
    no damage assignment order (510.1c), with the first blocker's share, 0 to 3. With
    ``assign_damage=False`` the automatic rule divides: lethal damage to each blocker in
    declaration order, the rest to the first one (docs/DUEL.md)."""
    for first, counters in ((2, ({"-1/-1": 2}, {"-1/-1": 1})), (0, ({}, {"-1/-1": 3}))):
        d = duel("evergreen", "evergreen", seed=5, auto_pass=False, mulligans=False)
        a = d.active_player()
        to_main(d)
        ram = d.add_card(a, "Boggart Ram-Gang", "battlefield")
        bears1 = d.add_card(1 - a, "Grizzly Bears", "battlefield")
        bears2 = d.add_card(1 - a, "Grizzly Bears", "battlefield")
        asked = fight(d, {ram}, {bears1: ram, bears2: ram}, shares=(first,))
        assert asked == [
            f"assign 3 damage from Boggart Ram-Gang ({ram}) to Grizzly Bears ({bears1})"
        ]
        g = d.game
        for bears, expected in zip((bears1, bears2), counters, strict=True):
            dies = expected.get("-1/-1", 0) >= 2
            assert g.zone(bears) == ("graveyard" if dies else "battlefield")
            if not dies:
                assert g.counters(bears) == expected
        assert g.zone(ram) == "graveyard", "2 + 2 damage from the Bears (510.2: all at once)"

    d = duel(
        "evergreen", "evergreen", seed=5, auto_pass=False, mulligans=False, assign_damage=False
    )
    a = d.active_player()
    to_main(d)
    ram = d.add_card(a, "Boggart Ram-Gang", "battlefield")
    bears1 = d.add_card(1 - a, "Grizzly Bears", "battlefield")
    bears2 = d.add_card(1 - a, "Grizzly Bears", "battlefield")
    assert fight(d, {ram}, {bears1: ram, bears2: ram}) == []
    g = d.game
    assert g.zone(bears1) == "graveyard", "two of the 3 damage: lethal to the first blocker"
    assert g.zone(bears2) == "battlefield" and g.counters(bears2) == {"-1/-1": 1}

    d = duel("evergreen", "evergreen", seed=5, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    ram = d.add_card(a, "Boggart Ram-Gang", "battlefield")
    giant = d.add_card(1 - a, "Giant Spider", "battlefield")
    fight(d, {ram}, {giant: ram})
    assert d.game.counters(giant) == {"-1/-1": 3}, "without trample, all of it to the blocker"
    assert d.game.life(1 - a) == 20


def test_deathtouch_makes_1_lethal_702_2c_and_lifelink_702_15(duel: type) -> None:
    """Vampire Nighthawk (flying, deathtouch, lifelink) blocked by Giant Spider and Serra
    Angel: 1 damage to each, lethal from a deathtouch source; both die."""
    d = duel("evergreen", "evergreen", seed=5, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    hawk = d.add_card(a, "Vampire Nighthawk", "battlefield")
    spider = d.add_card(1 - a, "Giant Spider", "battlefield")
    angel = d.add_card(1 - a, "Serra Angel", "battlefield")
    fight(d, {hawk}, {spider: hawk, angel: hawk}, shares=(1,))
    g = d.game
    assert g.zone(spider) == "graveyard" and g.zone(angel) == "graveyard"
    assert g.zone(hawk) == "graveyard"
    assert g.life(a) == 22, "lifelink: 2 damage dealt, 2 life"


def test_flying_is_blocked_only_by_flying_or_reach_702_9b_702_17b(duel: type) -> None:
    d = duel("evergreen", "evergreen", seed=5, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    angel = d.add_card(a, "Serra Angel", "battlefield")
    d.add_card(1 - a, "Grizzly Bears", "battlefield")
    spider = d.add_card(1 - a, "Giant Spider", "battlefield")
    asked: list[str] = []
    pass_to(d, "declare attackers")
    d.apply_action(actions.OPPONENT)  # the Angel attacks
    while d.step() != "end of combat":
        words = d.action_to_string(d.legal_actions()[0])
        if words.startswith("no block"):
            asked.append(words)
        d.apply_action(d.legal_actions()[0])
    assert asked == [f"no block with Giant Spider ({spider})"], "the Bears can't block a flyer"
    assert not d.is_tapped(angel), "vigilance (702.20b)"
    assert d.game.life(1 - a) == 16


@pytest.mark.parametrize("assign_damage", [True, False])
def test_trample_assigns_the_excess_to_the_player_702_19b(duel: type, assign_damage: bool) -> None:
    """Voltaic Brawler: "When Voltaic Brawler enters, you get {E}{E}. Whenever Voltaic
    Brawler attacks, you may pay {E}. If you do, it gets +1/+1 and gains trample until end of
    turn." Blocked by Grizzly Bears: lethal 2 to the Bears, the excess as its controller
    chooses (0 to 2 to the player: 2 chosen), or by the automatic rule all of it."""
    d = duel(
        "energy", "evergreen", seed=2, auto_pass=False, mulligans=False, assign_damage=assign_damage
    )
    a = d.active_player()
    to_main(d)
    d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Forest", "battlefield")
    d.add_card(a, "Voltaic Brawler", "hand")
    d.apply_action(
        d.string_to_action(f"cast Voltaic Brawler (hand slot {d.hand(a).index('Voltaic Brawler')})")
    )
    while d.game.count(a, "energy") < 2:  # it resolves, its "enters" trigger too
        d.apply_action(0)
    brawler = d.battlefield(a)[-1]
    # On to its controller's next turn (302.6: it can attack then).
    turn = d.turn()
    while d.turn() < turn + 2:
        d.apply_action(d.legal_actions()[0] if d.legal_actions()[0] != 0 else 0)
    to_main(d)
    bears = d.add_card(1 - a, "Grizzly Bears", "battlefield")
    life = d.game.life(1 - a)
    asked = fight(d, {brawler}, {bears: brawler}, shares=(2,) if assign_damage else ())
    if assign_damage:
        assert asked == [
            f"assign 2 damage from Voltaic Brawler ({brawler}) to player {1 - a} ({1 - a})"
        ]
    g = d.game
    assert g.count(a, "energy") == 1, "{E} paid"
    assert g.zone(bears) == "graveyard"
    assert g.life(1 - a) == life - 2, "4 power: 2 lethal to the Bears, 2 tramples over"


COMBATANTS = builtin_pool("core") | CardPool(
    [
        Card(name="Test Walker", types=("planeswalker",), cost="{2}{G}", loyalty=3),
        Card(
            name="Test Brute",
            types=("creature",),
            cost="{2}{R}",
            power=3,
            toughness=3,
            keywords={"menace": 1},
        ),
    ],
    name="combatants",
)
"""The built-in pool and two made-up cards: a planeswalker (loyalty 3) and a 3/3 with menace."""


def test_a_planeswalker_can_be_attacked_506_3_508_1b_and_loses_loyalty_120_3c(
    duel: type,
) -> None:
    """The attack decision offers the defending player's planeswalkers (by permanent slot),
    not the active player's own; an unblocked creature deals its damage to what it attacks
    (510.1b), removing loyalty counters (120.3c); the planeswalker is seen attacked."""
    d = duel("evergreen", "evergreen", pool=COMBATANTS, seed=5, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    bears = d.add_card(a, "Grizzly Bears", "battlefield")
    d.add_card(a, "Test Walker", "battlefield")
    d.add_card(1 - a, "Forest", "battlefield")
    walker = d.add_card(1 - a, "Test Walker", "battlefield")
    pass_to(d, "declare attackers")
    j = d.battlefield(1 - a).index(walker)
    assert d.legal_actions() == [actions.NO, actions.OPPONENT, actions.THEIRS + j]
    words = f"attack Test Walker ({walker}) with Grizzly Bears ({bears})"
    assert d.action_to_string(actions.THEIRS + j) == words
    d.apply_action(d.string_to_action(words))
    seen = d.observation_tensor(1 - a)
    assert seen[column(d, f"mine[{j}].attacking")] == 1.0
    assert seen[column(d, "mine[0].attacking")] == 0.0, "the Forest"
    assert d.observation_tensor(a)[column(d, f"theirs[{j}].attacking")] == 1.0
    life = d.game.life(1 - a)
    while d.step() != "end of combat":
        d.apply_action(d.legal_actions()[0])
    assert d.game.counters(walker) == {"loyalty": 1}
    assert d.game.life(1 - a) == life


def test_menace_can_be_blocked_only_by_two_or_more_509_1c_702_111b(duel: type) -> None:
    """A declaration that leaves a menace attacker blocked by exactly one creature is illegal:
    the block decisions offer only the choices after which the declaration can still be made
    legal by the blockers not yet asked."""
    d = duel("evergreen", "evergreen", pool=COMBATANTS, seed=5, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    brute = d.add_card(a, "Test Brute", "battlefield")
    bears1 = d.add_card(1 - a, "Grizzly Bears", "battlefield")
    pass_to(d, "declare attackers")
    d.apply_action(actions.OPPONENT)
    pass_to(d, "declare blockers")
    assert first_words(d) == f"no block with Grizzly Bears ({bears1})"
    assert d.legal_actions() == [actions.NO], "one blocker alone can't block it"

    d = duel("evergreen", "evergreen", pool=COMBATANTS, seed=5, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    brute = d.add_card(a, "Test Brute", "battlefield")
    slot = actions.THEIRS + d.battlefield(a).index(brute)
    d.add_card(1 - a, "Grizzly Bears", "battlefield")
    d.add_card(1 - a, "Grizzly Bears", "battlefield")
    pass_to(d, "declare attackers")
    d.apply_action(actions.OPPONENT)
    pass_to(d, "declare blockers")
    assert d.legal_actions() == [actions.NO, slot]
    d.apply_action(slot)
    assert d.legal_actions() == [slot], "the second must join the first"
    d.apply_action(slot)
    while d.step() != "end of combat":
        d.apply_action(d.legal_actions()[-1])
    assert d.game.zone(brute) == "graveyard"
    assert d.game.life(1 - a) == 20


def test_fog_cast_in_combat_prevents_the_combat_damage_615_1a(duel: type) -> None:
    """Fog: "Prevent all combat damage that would be dealt this turn." Cast by the defending
    player in the declare blockers step (an instant, 117.1a), it resolves before the combat
    damage step (510): no combat damage is dealt, to the player or to the creatures (no
    wither counters either); the next turn's combat damage is dealt again (514.2)."""
    d = duel("evergreen", "evergreen", seed=5, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    bears = d.add_card(a, "Grizzly Bears", "battlefield")
    ram = d.add_card(a, "Boggart Ram-Gang", "battlefield")
    blocker = d.add_card(1 - a, "Grizzly Bears", "battlefield")
    d.add_card(1 - a, "Forest", "battlefield")
    d.add_card(1 - a, "Fog", "hand")
    pass_to(d, "declare attackers")
    while first_words(d).startswith("no attack with"):
        d.apply_action(actions.OPPONENT)  # both attack
    pass_to(d, "declare blockers")
    assert first_words(d) == f"no block with Grizzly Bears ({blocker})"
    d.apply_action(
        d.string_to_action(f"block Boggart Ram-Gang ({ram}) with Grizzly Bears ({blocker})")
    )
    assert d.step() == "declare blockers" and d.current_player() == a
    d.apply_action(0)  # the active player passes; the defending player casts Fog
    assert d.current_player() == 1 - a
    d.apply_action(d.string_to_action(f"cast Fog (hand slot {d.hand(1 - a).index('Fog')})"))
    d.apply_action(0)
    d.apply_action(0)  # both pass: Fog resolves
    assert "Fog" not in d.hand(1 - a) and d.step() == "declare blockers"
    pass_to(d, "end of combat")
    g = d.game
    assert g.life(1 - a) == 20, "the unblocked Bears' damage is prevented"
    assert g.damage(ram) == 0 and g.damage(blocker) == 0 and g.counters(blocker) == {}
    assert g.zone(blocker) == "battlefield" and g.zone(bears) == "battlefield"
    # The prevention effect ended at cleanup: the active player's next attack deals damage.
    turn = d.turn()
    while d.turn() < turn + 2:
        d.apply_action(d.legal_actions()[0])
    to_main(d)
    pass_to(d, "declare attackers")
    assert first_words(d) == f"no attack with Grizzly Bears ({bears})"
    d.apply_action(actions.OPPONENT)  # the Bears attack, the Ram-Gang doesn't
    d.apply_action(actions.NO)
    pass_to(d, "end of combat")
    assert d.game.life(1 - a) == 18


def test_the_order_of_two_fogs_is_the_affected_players_choice_616_1(duel: type) -> None:
    """616.1: "If two or more replacement and/or prevention effects are attempting to modify the
    way an event affects an object or player, the affected object's controller ... or the
    affected player chooses one to apply". Two Fogs ("Prevent all combat damage that would be
    dealt this turn") and an unblocked attacker: before the combat damage, the defending player
    chooses which Fog applies first ("apply prevent (replacement effect k) next"), the other
    comes last; the choice goes to the kernel's order, and is for that event only."""
    d = duel("evergreen", "evergreen", seed=5, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    d.add_card(a, "Grizzly Bears", "battlefield")
    for _ in range(2):
        d.add_card(1 - a, "Forest", "battlefield")
        d.add_card(1 - a, "Fog", "hand")
    pass_to(d, "declare attackers")
    d.apply_action(actions.OPPONENT)
    pass_to(d, "declare blockers")
    for _ in range(2):  # the defending player casts a Fog, both pass, it resolves
        while d.current_player() != 1 - a:
            d.apply_action(0)
        d.apply_action(d.string_to_action(f"cast Fog (hand slot {d.hand(1 - a).index('Fog')})"))
        d.apply_action(0)
        d.apply_action(0)
    fogs = [e["id"] for e in d.game.replacement_effects()]
    assert len(fogs) == 2 and d.step() == "declare blockers"
    while d.step() == "declare blockers":
        d.apply_action(0)
    assert d.step() == "combat damage" and d.current_player() == 1 - a
    legal = d.legal_actions()
    assert legal == [actions.OPTION, actions.OPTION + 1]
    assert [d.action_to_string(x) for x in legal] == [
        f"apply prevent (replacement effect {f}) next" for f in fogs
    ]
    assert list(np.flatnonzero(d.legal_action_mask())) == legal
    assert d.decision() == "option"
    obs = d.observation_tensor(1 - a)
    assert obs[column(d, "decision") + DECISION_NAMES.index("option")] == 1.0
    assert obs[column(d, "subject_player")] == 1.0, "the damage to the deciding player"
    assert obs[column(d, "options[0].offered")] == obs[column(d, "options[1].offered")] == 1.0
    assert obs[column(d, "options[2].offered")] == 0.0
    d.apply_action(legal[1])  # the second Fog first, then the first
    assert d.step() == "combat damage" and d.current_player() == a  # priority after damage
    assert d.game.life(1 - a) == 20, "prevented"
    rows = d.game.replacement_effects()
    assert [e["id"] for e in rows] == [fogs[1], fogs[0]] and not any(e["ordered"] for e in rows)
    assert d.num_distinct_actions() == 260


def test_the_legend_rule_is_the_controllers_choice_704_5j(duel: type) -> None:
    """704.5j: "If a player controls two or more legendary permanents with the same name, that
    player chooses one of them, and the rest are put into their owners' graveyards. This is
    called the 'legend rule.'" The choice is a decision (docs/DUEL.md: "keep <name> (<id>)", the
    ids "keep legend: permanent slot j") made as state-based actions are checked (117.5); the
    opponent's Melira is in no group of the player's; the mask is the legal actions."""
    from cardstate.reference.duel.actions import MINE as KEEP
    from cardstate.reference.duel.actions import NUM_ACTIONS

    assert duel("evergreen", "evergreen", seed=1).num_distinct_actions() == NUM_ACTIONS
    melira = "Melira, Sylvok Outcast"
    for keep_old in (True, False):
        d = duel("evergreen", "evergreen", seed=5, auto_pass=False, mulligans=False)
        a = d.active_player()
        to_main(d)
        theirs = d.add_card(1 - a, melira, "battlefield")
        old = d.add_card(a, melira, "battlefield")
        new = d.add_card(a, melira, "battlefield")
        assert d.current_player() == a
        legal = d.legal_actions()
        assert legal == [KEEP, KEEP + 1]
        assert np.flatnonzero(d.legal_action_mask()).tolist() == legal
        assert [d.action_to_string(x) for x in legal] == [
            f"keep {melira} ({old})",
            f"keep {melira} ({new})",
        ]
        kept = old if keep_old else new
        d.apply_action(d.string_to_action(f"keep {melira} ({kept})"))
        assert d.battlefield(a) == [kept] and d.battlefield(1 - a) == [theirs]
        [gone] = d.game.objects("graveyard", a)
        assert d.game.name(gone) == melira
        assert d.current_player() == a and d.action_to_string(d.legal_actions()[0]) == "pass"
        with pytest.raises(ValueError):
            d.apply_action(KEEP)  # no choice now
    # Both players' groups: the active player chooses first, nothing moves before the last.
    d = duel("evergreen", "evergreen", seed=6, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    theirs = [d.add_card(1 - a, melira, "battlefield") for _ in range(2)]
    assert d.current_player() == 1 - a
    mine = [d.add_card(a, melira, "battlefield") for _ in range(2)]
    assert d.current_player() == a
    d.apply_action(KEEP)
    assert d.current_player() == 1 - a and len(d.battlefield(a)) == 2
    d.apply_action(KEEP + 1)
    assert d.battlefield(a) == [mine[0]] and d.battlefield(1 - a) == [theirs[1]]


# ---- the London mulligan (103.5) and the cleanup discard (514.1) --------------------------------


def _library(d: Duel, p: int) -> list[str]:
    """p's library, bottom first, read through the bytes' replay on the reference duel."""
    r = ReferenceDuel.from_bytes(d.to_bytes())
    return [r.cards[c].name for c in r.sides[p].library]


def _cards(d: Duel, p: int) -> list[str]:
    """The cards of p's hand and library together (a mulligan keeps them all)."""
    r = ReferenceDuel.from_bytes(d.to_bytes())
    return sorted(r.cards[c].name for c in r.sides[p].hand + r.sides[p].library)


def test_the_starting_player_declares_first_then_the_other_103_5(duel: type) -> None:
    """103.5: "First, the starting player declares whether they will take a mulligan. Then each
    other player in turn order does the same." Both keep: seven cards each, the first turn."""
    d = duel("evergreen", "energy", seed=1, auto_pass=False)
    s = d.active_player()
    assert (d.turn(), d.step(), d.decision()) == (1, "untap", "mulligan")
    assert d.current_player() == s
    assert d.legal_actions() == [actions.YES, actions.NO]
    assert [d.action_to_string(a) for a in d.legal_actions()] == ["keep your hand", "mulligan"]
    d.apply_action(actions.YES)
    assert (d.current_player(), d.decision()) == (1 - s, "mulligan")
    d.apply_action(actions.YES)
    assert (d.turn(), d.step(), d.decision()) == (1, "upkeep", "priority")
    assert len(d.hand(0)) == len(d.hand(1)) == 7
    for p in (0, 1):
        assert d.observation_tensor(p)[column(d, "players[0].mulligans")] == 0.0


def test_a_mulligan_is_a_fresh_seven_and_a_card_on_the_bottom_103_5(duel: type) -> None:
    """103.5: to take a mulligan a player shuffles its hand into its library, draws a new hand of
    seven and puts one card on the bottom for each mulligan it took; the mulligans declared are
    taken once every player has declared. Keeping after k mulligans leaves 7 - k cards."""
    d = duel("evergreen", "energy", seed=2, auto_pass=False)
    s = d.active_player()
    before, first_hand = _cards(d, s), d.hand(s)
    d.apply_action(actions.NO)
    assert d.hand(s) == first_hand, "not before every player has declared"
    d.apply_action(actions.YES)  # the other keeps
    assert (d.decision(), d.current_player()) == ("bottom", s)
    assert len(d.hand(s)) == 7 and d.library_size(s) == 33
    assert _cards(d, s) == before, "the same cards, shuffled and dealt again"
    hand = d.hand(s)
    offered = d.legal_actions()
    assert offered == [actions.HAND + i for i, c in enumerate(hand) if i == 0 or hand[i - 1] != c]
    last = offered[-1]
    chosen = hand[last - actions.HAND]
    words = d.action_to_string(last)
    assert words == f"put {chosen} on the bottom of your library (hand slot {last - actions.HAND})"
    d.apply_action(last)
    assert _library(d, s)[0] == chosen, "on the bottom"
    assert len(d.hand(s)) == 6
    # The other kept: the next round asks the starting player alone.
    assert (d.decision(), d.current_player()) == ("mulligan", s)
    d.apply_action(actions.NO)
    for _ in range(2):
        assert d.decision() == "bottom"
        d.apply_action(d.legal_actions()[0])
    d.apply_action(actions.YES)
    assert len(d.hand(s)) == 5, "7 - 2 after two mulligans"
    assert d.decision() == "priority"
    obs = d.observation_tensor(s)
    assert obs[column(d, "players[0].mulligans")] == np.float32(2 / 7)
    assert d.observation_tensor(1 - s)[column(d, "players[1].mulligans")] == np.float32(2 / 7)


def test_the_cards_go_to_the_bottom_in_the_order_chosen_103_5(duel: type) -> None:
    """103.5's "on the bottom of their library in any order" is the sequence of choices: each
    card chosen goes under those put there already (the first chosen is the highest)."""
    d = duel("infect", "energy", seed=3, auto_pass=False)
    s = d.active_player()
    d.apply_action(actions.NO)
    d.apply_action(actions.YES)
    d.apply_action(actions.HAND)
    d.apply_action(actions.NO)  # a second mulligan: two cards to put on the bottom
    hand = d.hand(s)
    x, y = hand[-1], hand[0]
    d.apply_action(d.legal_actions()[-1])
    d.apply_action(actions.HAND)
    assert _library(d, s)[:2] == [y, x]
    assert len(d.hand(s)) == 5


def test_a_mulligan_to_zero_103_5(duel: type) -> None:
    """103.5: "A player can take mulligans until their opening hand would be zero cards, after
    which they may not take further mulligans." The seventh mulligan puts all seven on the
    bottom; the empty hand is kept without a decision."""
    d = duel("evergreen", "energy", seed=4, auto_pass=False)
    s = d.active_player()
    asked = 0
    while d.decision() in ("mulligan", "bottom"):
        if d.decision() == "bottom":
            d.apply_action(d.legal_actions()[0])
        elif d.current_player() == s:
            asked += 1
            d.apply_action(actions.NO)
        else:
            d.apply_action(actions.YES)
    assert asked == 7
    assert d.hand(s) == [] and d.library_size(s) == 40
    assert len(d.hand(1 - s)) == 7
    assert (d.turn(), d.step()) == (1, "upkeep")
    assert d.observation_tensor(s)[column(d, "players[0].mulligans")] == 1.0


def test_resample_keeps_the_cards_put_on_the_bottom_103_5(duel: type) -> None:
    """A player knows the cards it put on the bottom of its library: ``resample`` keeps them
    there, in order; the opponent's cards are dealt again from what the player can't see."""
    d = duel("infect", "energy", seed=5, auto_pass=False)
    s = d.active_player()
    d.apply_action(actions.NO)
    d.apply_action(actions.NO)
    d.apply_action(actions.HAND)  # the starting player's card first
    d.apply_action(actions.HAND)
    bottom = _library(d, s)[0]
    for seed in range(8):
        r = d.resample(s, seed)
        assert _library(r, s)[0] == bottom
        assert r.hand(s) == d.hand(s) and _cards(r, s) == _cards(d, s)
        assert len(r.hand(1 - s)) == 6
        assert np.array_equal(r.observation_tensor(s), d.observation_tensor(s))


def test_the_options_are_part_of_the_set_up(duel: type) -> None:
    """``mulligans`` and ``assign_damage`` are in the bytes (version 3: bit 0 and bit 1 of the
    options byte), copies and pickle; bytes of version 2 (no options byte) read with both off."""
    for m, a in ((True, True), (True, False), (False, True), (False, False)):
        d = duel("infect", "energy", seed=6, mulligans=m, assign_damage=a)
        for e in (duel.from_bytes(d.to_bytes()), pickle.loads(pickle.dumps(d)), d.clone()):
            assert (e.mulligans, e.assign_damage) == (m, a) and e.decision() == d.decision()
        assert d.to_bytes()[4] == 3 and d.to_bytes()[18] == m + 2 * a
    b = bytearray(duel("infect", "energy", seed=6, mulligans=False).to_bytes())
    b[4] = 2
    del b[18]  # the options byte, after seed, turn limit and auto_pass
    e = duel.from_bytes(bytes(b))
    assert not e.mulligans and not e.assign_damage and e.decision() == "priority"
    b = bytearray(duel("infect", "energy", seed=6).to_bytes())
    b[18] = 6
    with pytest.raises(ValueError, match="unknown options"):
        duel.from_bytes(bytes(b))


def test_the_active_player_discards_to_seven_in_cleanup_514_1(duel: type) -> None:
    """514.1: "If the active player's hand contains more cards than its maximum hand size
    (normally seven), they discard enough cards to reduce their hand size to that number." Which
    cards is the player's choice, one at a time."""
    d = duel(["Forest"] * 40, ["Forest"] * 40, seed=7, auto_pass=False, mulligans=False)
    a = d.active_player()
    for name in ("Grizzly Bears", "Serra Angel", "Serra Angel"):
        d.add_card(a, name, "hand")
    while d.decision() != "discard":
        assert d.turn() == 1
        d.apply_action(d.legal_actions()[0] if d.decision() != "priority" else 0)
    assert (d.step(), d.current_player()) == ("cleanup", a)
    assert len(d.legal_actions()) == 3, "Forest, Grizzly Bears, Serra Angel: equal cards once"
    for name in ("Serra Angel", "Grizzly Bears", "Serra Angel"):
        assert d.decision() == "discard"
        [x] = [x for x in d.legal_actions() if d.action_to_string(x).startswith(f"discard {name} ")]
        d.apply_action(x)
    assert d.hand(a) == ["Forest"] * 7
    assert [d.game.name(g) for g in d.game.objects("graveyard", a)] == [
        "Serra Angel",
        "Grizzly Bears",
        "Serra Angel",
    ]
    assert (d.turn(), d.active_player()) == (2, 1 - a)


# ---- paying costs (107.4e, 107.4f, 601.2g-h) on the pool's cards -----------------------------


def _offered(d: Duel, prefix: str) -> list[int]:
    return [x for x in d.legal_actions() if d.action_to_string(x).startswith(prefix)]


def test_tezzerets_gambit_is_offered_and_paid_with_2_life_107_4f_601_2g_h(duel: type) -> None:
    """Tezzeret's Gambit {3}{U/P} with an Island, two Swamps and 20 life: {U/P} is paid with 2
    life (107.4f) and the three lands pay {3}, so the spell is offered (601.2g-h)."""
    d = duel("evergreen", "evergreen", seed=8, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    lands = [d.add_card(a, n, "battlefield") for n in ("Island", "Swamp", "Swamp")]
    d.add_card(a, "Tezzeret's Gambit", "hand")
    [cast] = _offered(d, "cast Tezzeret's Gambit")
    d.apply_action(cast)
    assert d.game.life(a) == 18
    assert all(d.is_tapped(land) for land in lands)


def test_a_hybrid_symbol_is_paid_with_either_colour_107_4e(duel: type) -> None:
    """Boggart Ram-Gang {R/G}{R/G}{R/G}: a Mountain and two Forests pay it, two lands don't."""
    d = duel("evergreen", "evergreen", seed=9, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    lands = [d.add_card(a, n, "battlefield") for n in ("Mountain", "Forest")]
    d.add_card(a, "Boggart Ram-Gang", "hand")
    assert not _offered(d, "cast Boggart Ram-Gang")
    lands.append(d.add_card(a, "Forest", "battlefield"))
    [cast] = _offered(d, "cast Boggart Ram-Gang")
    d.apply_action(cast)
    assert all(d.is_tapped(land) for land in lands) and d.game.life(a) == 20


def test_colourless_mana_pays_a_colourless_symbol_107_4c(duel: type) -> None:
    """107.4c: "{C} ... can be paid only with colorless mana": a card of a run-time pool
    costing {C}{1} isn't offered with the five basic lands; with Rogue's Passage ("{T}: Add
    {C}.", 106.1b) too it is, the Passage paying {C} and a land {1}."""
    bear = cards.Card(
        name="Test Colourless Bear", types=("creature",), cost="{C}{1}", power=2, toughness=2
    )
    pool = cards.CardPool([bear], {}, name="colourless") | cards.pools["fdn"]
    deck = ["Forest"] * 40
    d = duel(deck, deck, pool=pool, seed=9, auto_pass=False, mulligans=False)
    a = d.active_player()
    to_main(d)
    for land in ("Forest", "Island", "Plains", "Swamp", "Mountain"):
        d.add_card(a, land, "battlefield")
    d.add_card(a, "Test Colourless Bear", "hand")
    d.add_card(a, "Cackling Prowler", "hand")
    assert _offered(d, "cast Cackling Prowler"), "{3}{G} is paid by the same lands"
    assert not _offered(d, "cast Test Colourless Bear")
    passage = d.add_card(a, "Rogue's Passage", "battlefield")
    [cast] = _offered(d, "cast Test Colourless Bear")
    d.apply_action(cast)
    tapped = [x for x in d.game.objects("battlefield", a) if d.is_tapped(x)]
    assert passage in tapped and len(tapped) == 2


def test_bad_decks_are_clear_errors(duel: type) -> None:
    with pytest.raises(ValueError, match="unknown deck"):
        duel("nope", "infect")
    with pytest.raises(ValueError, match="unknown card"):
        duel(["Forest", "Black Lotus"], "infect")
    with pytest.raises(TypeError):
        duel([1, 2], "infect")
    with pytest.raises(ValueError):
        duel("infect", "infect", turn_limit=0)


# ---- the payment rule (docs/DUEL.md, "Mana") in the reference duel ------------------------------


W, U, B, R, G = (1 << c for c in range(5))
"""Sources by the colours they add (masks, WUBRG)."""


def test_costs_and_payability_202_1_107_4e_107_4f() -> None:
    from cardstate.reference.duel.mana import COLOURLESS, ManaCost, can_pay, max_x, plan

    c = ManaCost.parse("{2}{G}{G}")
    assert (c.generic, c.coloured[4]) == (2, 2)
    assert can_pay([R, G, G], ManaCost.parse("{1}{G}{G}"), 0, 20)
    assert not can_pay([R, G, G], ManaCost.parse("{R}{R}"), 0, 20)
    assert max_x([R, G, G], ManaCost.parse("{X}{R}"), 20) == 2
    assert max_x([R, G, G], ManaCost.parse("{X}{X}"), 20) == 1, "107.3: each X costs X"
    ram = ManaCost.parse("{R/G}{R/G}{R/G}")
    assert can_pay([R, G, G], ram, 0, 20)
    assert not can_pay([R, G], ram, 0, 20)
    gambit = ManaCost.parse("{3}{U/P}")
    p = plan([R, R, R], gambit, 0, 20)
    assert p is not None and (p.life, p.generic) == (2, 3), "no blue source: 2 life"
    assert plan([R, R, R], gambit, 0, 1) is None, "119.4: not without that much life"
    p = plan([U, R, R, R], gambit, 0, 20)
    assert p is not None and p.life == 0, "mana before life"
    with pytest.raises(ValueError):
        ManaCost.parse("{Q}")
    assert ManaCost.parse("{C}{1}").colourless == 1
    assert not can_pay([W, U, B, R, G], ManaCost.parse("{C}"), 0, 20), "107.4c"
    assert plan([W, U, B, R, G], ManaCost.parse("{C}"), 0, 20) is None
    assert can_pay([R, COLOURLESS], ManaCost.parse("{C}{R}"), 0, 20)
    assert not can_pay([R, COLOURLESS], ManaCost.parse("{R}{R}"), 0, 20), "106.1b: no colour"
    assert max_x([R, COLOURLESS], ManaCost.parse("{X}{R}"), 20) == 1


def test_tezzerets_gambit_with_an_island_two_swamps_and_20_life_107_4f_601_2g_h() -> None:
    """{3}{U/P}: the Island can't pay {U/P} and leave the Swamps enough for {3}, so {U/P} is
    paid with 2 life and the three lands pay {3}: the cost is payable (601.2g-h)."""
    from cardstate.reference.duel.mana import ManaCost, can_pay, choose_sources, plan

    gambit = ManaCost.parse("{3}{U/P}")
    assert can_pay([U, B, B], gambit, 0, 20)
    p = plan([U, B, B], gambit, 0, 20)
    assert p is not None and (p.life, p.phyrexian_life, p.generic) == (2, (0, 1, 0, 0, 0), 3)
    assert sorted(choose_sources([(U, True), (B, True), (B, True)], 0, gambit, 0, p)) == [0, 1, 2]
    assert not can_pay([U, B, B], gambit, 0, 1), "119.4: 1 life can't pay 2"


def test_a_dual_source_pays_the_colour_it_alone_can_give() -> None:
    from cardstate.reference.duel.mana import ManaCost, can_pay, choose_sources, plan

    wu = W | U
    cost = ManaCost.parse("{W}{U}")
    p = plan([wu, W], cost, 0, 20)
    assert p is not None
    assert choose_sources([(wu, True), (W, True)], 0, cost, 0, p) == [1, 0], "the Plains pays {W}"
    assert not can_pay([wu, wu], ManaCost.parse("{W}{U}{B}"), 0, 20)
    assert can_pay([wu, U | B], ManaCost.parse("{W}{B}"), 0, 20)


def _brute_force(sources: list[int], cost: Any, x: int, life: int) -> bool:
    """Whether some assignment pays: each symbol a source of one of its colours (a Phyrexian
    one 2 life instead, with that much life), each source once, the generic from the rest."""
    symbols = [(1 << c, False) for c in range(5) for _ in range(cost.coloured[c])]
    symbols += [(1 << c, True) for c in range(5) for _ in range(cost.phyrexian[c])]
    symbols += [(1 << a | 1 << b, False) for a, b in cost.hybrid]
    generic = cost.generic + cost.x * x

    def go(i: int, used: frozenset[int], paid: int) -> bool:
        if i == len(symbols):
            return len(sources) - len(used) >= generic
        colours, phyrexian = symbols[i]
        if phyrexian and life >= paid + 2 and go(i + 1, used, paid + 2):
            return True
        return any(
            go(i + 1, used | {j}, paid)
            for j, m in enumerate(sources)
            if j not in used and m & colours
        )

    return go(0, frozenset(), 0)


MASKS = (W, U, B, R, G, W | U, U | B, B | R, R | G, G | W, W | B, U | R | G, 31)
COSTS = (
    "{G}",
    "{1}{G}{G}",
    "{X}{R}",
    "{2}{W}{U}",
    "{R/G}{R/G}",
    "{3}{U/P}",
    "{B/P}{B/P}",
    "{W/U}{U/B}{B/W}",
    "{G/P}{R/G}",
    "{1}{W/P}{U/P}",
    "{U}{U/B}{B/P}",
    "{X}{X}{G}",
)


@settings(max_examples=300, deadline=None)
@given(
    sources=st.lists(st.sampled_from(MASKS), max_size=5),
    lands=st.lists(st.booleans(), min_size=5, max_size=5),
    cost=st.sampled_from(COSTS),
    x=st.integers(0, 2),
    life=st.integers(-1, 5),
)
def test_a_cost_is_payable_exactly_when_some_assignment_pays_it_601_2g_h(
    sources: list[int], lands: list[bool], cost: str, x: int, life: int
) -> None:
    """107.4e, 107.4f, 601.2g-h in the reference duel: ``can_pay`` is a brute force's answer;
    a payable cost has a plan whose sources pay it, one each, and the largest X is exact."""
    from cardstate.reference.duel.mana import ManaCost, can_pay, choose_sources, max_x, plan

    c = ManaCost.parse(cost)
    exact = _brute_force(sources, c, x, life)
    assert can_pay(sources, c, x, life) == exact
    p = plan(sources, c, x, life)
    assert (p is not None) == exact
    if p is not None:
        chosen = choose_sources(list(zip(sources, lands, strict=False)), 0, c, x, p)
        assert (
            len(set(chosen))
            == len(chosen)
            == c.generic
            + c.x * x
            + sum(c.coloured)
            + len(c.hybrid)
            + sum(c.phyrexian)
            - sum(p.phyrexian_life)
        )
        left = ManaCost(
            c.generic,
            c.coloured,
            c.x,
            c.hybrid,
            tuple(a - b for a, b in zip(c.phyrexian, p.phyrexian_life, strict=True)),
        )
        assert _brute_force([sources[i] for i in chosen], left, x, 0)
    most = next((n for n in range(12, -1, -1) if _brute_force(sources, c, n, life)), None)
    assert max_x(sources, c, life) == (None if most is None else 0 if c.x == 0 else most)


def test_generic_mana_keeps_the_scarce_colour() -> None:
    from cardstate.reference.duel.mana import ManaCost, choose_sources, plan

    sources = [(G, True), (G, True), (R, True), (G, True)]
    cost = ManaCost.parse("{1}{G}")
    p = plan([G, G, R, G], cost, 0, 20)
    assert p is not None and choose_sources(sources, 0, cost, 0, p) == [0, 1], (
        "Forests, not the Mountain"
    )
    cost = ManaCost.parse("{G}")
    p = plan([G, G], cost, 0, 20)
    assert p is not None
    assert choose_sources([(G, False), (G, True)], 0, cost, 0, p) == [1], "lands before creatures"


def test_the_order_of_effects_on_counters_during_a_resolution_616_1(duel: type) -> None:
    """616.1: "If two or more replacement and/or prevention effects are attempting to modify the
    way an event affects an object or player, the affected object's controller ... chooses one
    to apply"; 616.1e: repeated until none is left. Hardened Scales ("that many plus one +1/+1
    counters") and Corpsejack Menace ("twice that many of those counters") and Walking
    Ballista's "{4}: Put a +1/+1 counter on Walking Ballista": as the ability resolves, its
    controller chooses ("apply <effect> (replacement effect <id>) next"): Scales first puts
    (1 + 1) x 2 = 4, the Menace first 1 x 2 + 1 = 3. The counters it enters with (614.1c) are
    put in the kernel's order (Scales first: 4)."""
    for scales_first in (True, False):
        d = duel("evergreen", "evergreen", seed=5, auto_pass=False, mulligans=False)
        a = d.active_player()
        to_main(d)
        scales = d.add_card(a, "Hardened Scales", "battlefield")
        menace = d.add_card(a, "Corpsejack Menace", "battlefield")
        for _ in range(6):
            d.add_card(a, "Forest", "battlefield")
        d.add_card(a, "Walking Ballista", "hand")
        slot = d.hand(a).index("Walking Ballista")
        d.apply_action(d.string_to_action(f"cast Walking Ballista (hand slot {slot})"))
        d.apply_action(d.string_to_action("choose 1"))
        d.apply_action(0)
        d.apply_action(0)  # both pass: the Ballista resolves
        [ballista] = [x for x in d.battlefield(a) if d.game.name(x) == "Walking Ballista"]
        assert d.game.counters(ballista) == {"+1/+1": 4}
        effects = {e["source"]: e["id"] for e in d.game.replacement_effects()}
        j = d.battlefield(a).index(ballista)
        d.apply_action(
            d.string_to_action(
                f"activate Walking Ballista ({ballista}) ability 0 (permanent slot {j})"
            )
        )
        d.apply_action(0)
        d.apply_action(0)  # both pass: the ability resolves, up to the order decision
        assert d.current_player() == a and d.game.counters(ballista) == {"+1/+1": 4}
        legal = d.legal_actions()
        assert legal == [actions.OPTION, actions.OPTION + 1]
        assert [d.action_to_string(x) for x in legal] == [
            f"apply counters_plus (replacement effect {effects[scales]}) next",
            f"apply counters_times (replacement effect {effects[menace]}) next",
        ]
        assert d.decision() == "option"
        obs = d.observation_tensor(a)
        assert obs[column(d, "decision") + DECISION_NAMES.index("option")] == 1.0
        assert obs[column(d, f"mine[{j}].subject")] == 1.0, "the counters go on the Ballista"
        # The options are the effects' sources: the Scales, then the Menace.
        for k, source in enumerate(("Hardened Scales", "Corpsejack Menace")):
            card = obs[column(d, f"options[{k}].card")]
            assert card == _pool_index(source) + 1
        assert obs[column(d, "source.card")] == _pool_index("Walking Ballista") + 1
        again = type(d).from_bytes(d.to_bytes())
        assert again.legal_actions() == legal and again.hash() == d.hash()
        with pytest.raises(ValueError):
            d.apply_action(actions.OPTION + 2)  # a third effect: none
        with pytest.raises(ValueError):
            d.apply_action(actions.YES)  # yes: not this decision
        assert d.legal_actions() == legal and d.game.counters(ballista) == {"+1/+1": 4}
        d.apply_action(legal[0 if scales_first else 1])
        assert d.game.counters(ballista) == {"+1/+1": 8 if scales_first else 7}
        assert d.action_to_string(d.legal_actions()[0]) == "pass"
        assert not any(e["ordered"] for e in d.game.replacement_effects())


def test_the_terminal_player_is_one_value_for_both_duels() -> None:
    import cardstate._native
    import cardstate.players

    # One Python constant (pure Python, for the reference), checked against the native one.
    assert TERMINAL_PLAYER is cardstate.players.TERMINAL_PLAYER
    assert TERMINAL_PLAYER == cardstate._native.TERMINAL_PLAYER == -4
    ref = ReferenceDuel("energy", "evergreen", seed=5)
    play_random(ref, 5)
    assert ref.current_player() == TERMINAL_PLAYER


def test_splitmix64_is_one_function_in_both_languages() -> None:
    from cardstate.agents import derive
    from cardstate.duel import DuelBatch
    from cardstate.rng import SplitMix, mix64

    # The published first outputs of SplitMix64 from the state 0 (as rust/duel/src/rng.rs).
    r = SplitMix(0)
    r.state = 0
    assert [r.next_u64(), r.next_u64()] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    assert mix64(0) == 0xE220A8397B1DCDAF
    # The seeds the native batch derives (cardstate_agents::rng::derive, on the duel's mix64).
    b = DuelBatch(1, "infect", seed=2**64 - 3)
    for i, e in ((0, 0), (5, 9), (2**40, 2**63)):
        assert b.game_seed(i, e) == derive(derive(2**64 - 3, i), e)
