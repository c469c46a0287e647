"""(batch API) and (batch calls): operations over many games or many entities in
one native call give exactly what the one-at-a-time calls give."""

from __future__ import annotations

import cardstate
import numpy as np
import pytest
from cardstate import Game, GameBatch, observation_features


def _board() -> tuple[Game, list[int]]:
    g = Game(players=2, seed=3)
    ids = [
        g.create(i % 2, types=["creature"], power=2, toughness=2, keywords=["lifelink"])
        for i in range(6)
    ]
    g.add_counters(ids[0], "+1/+1", 2)
    g.add_counters(1, "poison", 3)
    return g, ids


def test_batch_clone_is_independent_and_hashes_match_games():
    g, ids = _board()
    batch = GameBatch.repeat(g, 5)
    assert len(batch) == 5
    clones, hashes = batch.clone_and_hash()
    assert hashes.dtype == np.uint64 and hashes.tolist() == [g.hash()] * 5
    first = clones[0]
    first.add_counters(ids[1], "oil")
    assert batch[0] == g and clones[1] == g and first != g
    assert batch.hashes().tolist() == [g.hash()] * 5
    assert [x == g for x in batch.games()] == [True] * 5
    assert batch[-1] == g
    with pytest.raises(IndexError):
        batch[5]


def test_game_batch_takes_games_and_refuses_other_things():
    g, _ = _board()
    h = g.clone()
    h.gain_life(0, 1)
    batch = GameBatch([g, h])
    assert batch.hashes().tolist() == [g.hash(), h.hash()]
    with pytest.raises(TypeError):
        GameBatch([g, 3])


def test_game_apply_matches_the_calls_and_is_all_or_nothing():
    g, ids = _board()
    h = g.clone()
    ops = [
        ("add_counters", ids[1], "+1/+1", 2),
        ("deal_damage", ids[0], 1, 4, True),
        ("proliferate", 0, [1, ids[1]]),
        ("check_state_based_actions",),
        ("cleanup",),
    ]
    g.apply(ops)
    h.add_counters(ids[1], "+1/+1", 2)
    h.deal_damage(ids[0], 1, 4, combat=True)
    h.proliferate(0, [1, ids[1]])
    h.check_state_based_actions()
    h.cleanup()
    assert g == h and g.hash() == h.hash()
    assert [e.as_tuple() for e in g.take_events()] == [e.as_tuple() for e in h.take_events()]
    before = g.to_bytes()
    with pytest.raises(cardstate.CannotPay):
        g.apply([("gain_life", 0, 5), ("pay_counters", 1, "poison", 99)])
    assert g.to_bytes() == before and g.take_events() == []
    with pytest.raises(ValueError, match="unknown operation"):
        g.apply([("fireball", 1)])
    with pytest.raises(TypeError):
        g.apply([("gain_life", 0)])


def test_batch_apply_reports_the_failing_operation_per_game():
    g, ids = _board()
    h = g.clone()
    h.move(ids[2], "graveyard")  # ids[2] is gone in h: adding counters to it fails there
    batch = GameBatch([g, h])
    result = batch.apply([("gain_life", 0, 2), ("add_counters", ids[2], "oil", 1)])
    assert result.tolist() == [-1, 1]
    after = batch.games()
    assert after[0].life(0) == 22 and after[0].count(ids[2], "oil") == 1
    assert after[1] == h  # the failing game is left as it was


def test_observation_rows_are_entities_and_columns_are_named():
    g, ids = _board()
    g.move(ids[5], "hand")
    names = observation_features(["quest"])
    obs = g.observation(["quest"])
    assert obs.dtype == np.float32 and obs.shape == (len(ids) + 3, len(names))
    col = {n: i for i, n in enumerate(names)}
    assert obs[1, col["counter:poison"]] == 3
    assert obs[0, col["life"]] == 20 and obs[0, col["player"]] == 1
    assert obs[ids[0], col["power"]] == 4 and obs[ids[0], col["counter:+1/+1"]] == 2
    assert obs[ids[0], col["keyword:lifelink"]] == 1 and obs[ids[0], col["type:creature"]] == 1
    assert obs[ids[5]].sum() == 0  # gone: last known information is not observed
    new = len(ids) + 2
    assert obs[new, col["zone"]] == cardstate.ZONES.index("hand")
    batch = GameBatch([g, Game(players=2)])
    stacked = batch.observation(["quest"])
    assert stacked.shape == (2, obs.shape[0], len(names))
    assert np.array_equal(stacked[0], obs)
    assert stacked[1, 2:].sum() == 0 and stacked[1, 0, col["life"]] == 20


def test_cost_many_and_set_lives_many_equal_the_single_calls():
    g = Game(players=2, ruleset="berserk")
    ids = [
        g.create(i % 2, types=["creature"], subtypes=["Гном"], strength=1, lives=3, cost=i + 1)
        for i in range(5)
    ]
    g.add_cost_modifier(-1, source=ids[0], subtypes=["Гном"])
    assert g.cost_many(ids).tolist() == [g.cost(x) for x in ids]
    h = g.clone()
    g.add_counters(ids[1], "wound", 2)
    h.add_counters(ids[1], "wound", 2)
    g.set_lives_many(ids, [1, 2, 3, 4, 5])
    for x, v in zip(ids, [1, 2, 3, 4, 5], strict=True):
        h.set_lives(x, v)
    assert g == h
    assert [e.as_tuple() for e in g.take_events()] == [e.as_tuple() for e in h.take_events()]
    hand = g.create(0, zone="hand", types=["creature"], lives=2)
    before = g.to_bytes()
    with pytest.raises(ValueError):
        g.set_lives_many([ids[0], hand], 1)  # a card not in play: nothing changes
    assert g.to_bytes() == before
    with pytest.raises(ValueError):
        g.set_lives_many(ids, [1, 2])


def test_clear_events_empties_the_log_on_both_implementations():
    """SEMANTICS §2: the log can be emptied without reading it; nothing else changes."""
    import cardstate.reference as reference

    for cls in (Game, reference.Game):
        g = cls(players=2)
        x = g.create(0, types=["creature"], power=1, toughness=1)
        g.add_counters(x, "+1/+1", 2)
        before = g.counters(x)
        g.clear_events()
        assert g.take_events() == []
        assert g.counters(x) == before
        g.gain_life(0, 1)
        assert [e.kind for e in g.take_events()] == ["life_gained"]


def test_a_failed_apply_keeps_the_events_logged_before_it():
    """All or nothing includes the log: the events from before the call stay, the failed
    call's own are gone (and a successful call appends after them)."""
    g, ids = _board()
    g.take_events()
    g.gain_life(0, 1)
    with pytest.raises(cardstate.CannotPay):
        g.apply([("add_counters", ids[1], "oil", 1), ("pay_counters", 1, "poison", 99)])
    g.apply([("lose_life", 1, 2)])
    kinds = [e.kind for e in g.take_events()]
    assert kinds == ["life_gained", "life_lost"]


def test_batch_games_keep_no_event_log():
    """SEMANTICS §9: a batch keeps no log (it would grow with every apply, unread)."""
    g, ids = _board()
    assert g.take_events() != []  # the board's own events, not carried into the batch
    g.gain_life(0, 1)
    batch = GameBatch([g, g.clone()])
    assert [b.take_events() for b in batch.games()] == [[], []]
    for _ in range(3):
        assert batch.apply([("gain_life", 0, 1), ("add_counters", ids[1], "oil", 1)]).tolist() == [
            -1,
            -1,
        ]
    assert batch[0].take_events() == [] and batch[1].take_events() == []
    assert batch[0].life(0) == 24 and batch[0].count(ids[1], "oil") == 3
    assert GameBatch.repeat(g, 2)[1].take_events() == []
    # Games given back record events as usual.
    h = batch[0]
    h.gain_life(0, 1)
    assert [e.kind for e in h.take_events()] == ["life_gained"]


def test_apply_destroy_regenerate_tap_untap_match_the_calls_and_roll_back():
    """SEMANTICS §9: the destruction and tapped operations as data, all or nothing (the
    regeneration shields and tapped flags are restored with the rest)."""
    g, ids = _board()
    h = g.clone()
    g.apply([("regenerate", ids[0]), ("destroy", ids[0]), ("tap", ids[1]), ("untap", ids[1])])
    h.regenerate(ids[0])
    h.destroy(ids[0])
    h.tap(ids[1])
    h.untap(ids[1])
    assert g == h and g.is_tapped(ids[0]) and not g.is_tapped(ids[1])
    before = g.to_bytes()
    with pytest.raises(KeyError):
        g.apply([("regenerate", ids[2]), ("tap", ids[3]), ("destroy", 999)])
    assert g.to_bytes() == before and g.regeneration_shields(ids[2]) == 0
