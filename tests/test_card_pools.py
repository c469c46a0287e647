"""Card pools at run time (docs/CARDS.md, "Card pools"): a card declared here, in Python, plays
in the native and the reference duel, in ``DuelBatch``, in a playout with search, in
``selfplay.run`` on the local and the Ray backend and in the OpenSpiel game, with nothing
rebuilt; pools made, loaded, combined and pickled; deck files; decks checked against a format
(100.2)."""

from __future__ import annotations

import pickle
import textwrap

import numpy as np
import pytest
from cardstate import agents, cards, selfplay
from cardstate._native import CardDb
from cardstate.cards import Card, CardPool, load_deck, pools
from cardstate.cards.cardpool import builtin_pool
from cardstate.cards.vocab import EACH_OPPONENT, LoseLife, ManaAbility, Triggered
from cardstate.duel import Duel, DuelBatch
from cardstate.reference.duel import Duel as ReferenceDuel

IMPLS = {"native": Duel, "reference": ReferenceDuel}

QUARRY = Card(
    name="Test Quarry",
    types=("land",),
    oracle="When Test Quarry enters, each opponent loses 7 life.\n{T}: Add {R}.",
    abilities=(Triggered("enters", LoseLife(EACH_OPPONENT, 7)), ManaAbility("R")),
)
"""A land no built-in pool has: the first player to play three of them wins (603.2, 119.3)."""

POOL = CardPool([QUARRY], {"quarries": ["Test Quarry"] * 40}, name="test quarries")
QUARRIES = ["Test Quarry"] * 40


def _random_game(d: Duel, seed: int) -> list[int]:
    """Plays the native duel ``d`` to its end with a random agent; returns the actions."""
    agent = agents.RandomAgent(seed)
    played = []
    while not d.is_terminal():
        played.append(agent.act(d))
        d.apply_action(played[-1])
    return played


# ----- a card declared in Python plays everywhere --------------------------------------------


def test_a_card_declared_in_python_plays_in_both_duels_alike():
    """The native duel runs the run-time pool's card through the Rust runtime: its trigger
    (603.2) makes the opponent lose life, and three of them end the game (104.3a). The
    reference duel, on the same pool and the same actions, plays the same game."""
    native = Duel("quarries", QUARRIES, pool=POOL, seed=5, turn_limit=20)
    assert native.pool.name == "test quarries" and len(native.pool) == 1
    agent = agents.RandomAgent(1)
    reference = ReferenceDuel("quarries", QUARRIES, pool=POOL, seed=5, turn_limit=20)
    lives = set()
    while not native.is_terminal():
        a = agent.act(native)
        native.apply_action(a)
        reference.apply_action(a)
        lives.add(native.game.life(0))
        lives.add(native.game.life(1))
        assert reference.legal_actions() == native.legal_actions()
        for p in (0, 1):
            assert np.array_equal(reference.observation_tensor(p), native.observation_tensor(p))
    assert reference.is_terminal() and reference.returns() == native.returns()
    assert {13, 6} <= lives, "each Test Quarry that entered took 7 life"
    assert native.returns() in ([1.0, -1.0], [-1.0, 1.0])
    assert native.to_bytes() == reference.to_bytes()


def test_a_card_declared_in_python_plays_in_a_batch():
    """Every game of a batch on the run-time pool ends with a winner (a draw would mean the
    card did nothing), and a batch game is the duel of its seed."""
    batch = DuelBatch(4, ("quarries", QUARRIES), pool=POOL, seed=2, turn_limit=20)
    assert batch.observation_shape() == Duel("quarries", "quarries", pool=POOL).observation_shape()
    obs, masks = batch.reset()
    rng = np.random.default_rng(0)
    ended = []
    for _ in range(2000):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)
        obs, masks, rewards, dones = batch.step(actions)
        ended.extend(abs(float(r)) for r, d in zip(rewards, dones, strict=True) if d)
        if len(ended) >= 8:
            break
    assert len(ended) >= 8 and all(r == 1.0 for r in ended), ended


def test_a_card_declared_in_python_plays_in_a_playout_with_search():
    d = Duel("quarries", "quarries", pool=POOL, seed=3, turn_limit=20)
    mcts = agents.MCTSAgent(simulations=24, seed=1)
    r = agents.playout(d, mcts, agents.RandomAgent(2), seed=4)
    assert r.winner in (0, 1) and r.turns <= 20
    assert not d.is_terminal(), "the playout played a copy"


@pytest.mark.parametrize("backend", ["serial", "local"])
def test_a_card_declared_in_python_plays_in_selfplay(backend):
    r = selfplay.run(
        games=4,
        agents=("random", "random"),
        decks=("quarries", QUARRIES),
        pool=POOL,
        seed=1,
        backend=backend,
        workers=2,
    )
    assert r.draws == 0 and len(r.games) == 4
    assert r.decks == ("quarries", "40 cards")


def test_a_card_declared_in_python_plays_in_selfplay_on_ray(ray_cluster):
    kw = dict(games=4, agents=("random", "random"), decks=("quarries", QUARRIES), seed=1)
    got = selfplay.run(**kw, pool=POOL, backend="ray", chunk_size=2)
    assert got.draws == 0
    assert got.games == selfplay.run(**kw, pool=POOL, backend="serial").games


def test_selfplay_workers_receive_the_compiled_pool_not_live_objects():
    from cardstate.selfplay.settings import check_run

    s = check_run(2, ("random", "random"), ("quarries", "quarries"), 0, "local", None, None, None,
                  None, None, 10.0, POOL, "free")  # fmt: skip
    assert s.config.pool == POOL.json and s.config.pool_name == "test quarries"
    assert "Test Quarry" in s.config.pool
    core = check_run(2, ("random", "random"), None, 0, "local", None, None, None, None, None,
                     10.0, None, "limited")  # fmt: skip
    assert core.config.pool is None and core.config.decks == ("energy", "evergreen")


def test_a_card_declared_in_python_plays_in_the_openspiel_game():
    pyspiel = pytest.importorskip("pyspiel")
    from cardstate import openspiel

    name = "test-quarries"
    if name not in pools:
        pools.register(name, POOL)
    game = pyspiel.load_game(
        openspiel.register(), {"pool": name, "deck0": "quarries", "deck1": "quarries"}
    )
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.returns() in ([1.0, -1.0], [-1.0, 1.0])
    assert state.duel.pool.name == "test quarries"
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again.duel.to_bytes() == state.duel.to_bytes()


# ----- pools: made, loaded, combined ------------------------------------------------------------


def test_the_built_in_pools_are_registered_by_name():
    assert pools["core"] is cards.pool and "core" in pools
    assert cards.pool.builtin and cards.pool.name == "core"
    assert cards.pool.native is CardDb.pool()
    assert Duel("infect", "energy").pool.name == "core"
    with pytest.raises(ValueError, match="unknown pool 'nope'; pools: core"):
        Duel("infect", "energy", pool="nope")
    with pytest.raises(TypeError, match="pool is a CardPool"):
        Duel("infect", "energy", pool=3)  # type: ignore[arg-type]


def test_pools_combine_and_refuse_a_name_in_both():
    both = POOL | cards.pool
    assert len(both) == len(cards.pool) + 1 and set(both.decks) == {"quarries", *cards.decks}
    mixed = both.with_decks({"mixed": ["Mountain"] * 20 + ["Test Quarry"] * 20})
    d = Duel("mixed", "infect", pool=mixed, seed=1)
    assert set(d.hand(0)) <= {"Mountain", "Test Quarry"}
    with pytest.raises(ValueError, match="both define the card\\(s\\) 'Test Quarry'"):
        POOL | both
    with pytest.raises(ValueError, match="has the deck\\(s\\) 'quarries'"):
        POOL.with_decks({"quarries": ["Test Quarry"]})


def test_a_pool_loads_from_a_python_file_a_module_and_compiled_json(tmp_path):
    source = tmp_path / "my_cards.py"
    source.write_text(
        textwrap.dedent(
            """
            from cardstate.cards.vocab import Card, ManaAbility
            CARDS = [Card(name="File Forest", types=("land",), abilities=(ManaAbility("G"),))]
            DECKS = {"forests": ["File Forest"] * 40}
            """
        )
    )
    from_file = CardPool.load(source)
    assert from_file.name == "my_cards" and list(from_file) == ["File Forest"]
    assert Duel("forests", "forests", pool=from_file, format="limited").library_size(0) == 33
    (tmp_path / "pool.json").write_text(POOL.json)
    from_json = CardPool.load(tmp_path / "pool.json")
    assert from_json.json == POOL.json and from_json.name == "pool"
    assert from_json.native.fingerprint == POOL.native.fingerprint
    assert from_json["Test Quarry"].card.types == ("land",)
    # The built-in pool's own module, loaded by name, is the embedded database again.
    assert CardPool.load("cardstate.cards.pool").native.fingerprint == cards.pool.native.fingerprint
    with pytest.raises(ValueError, match="bad compiled card data"):
        CardPool.from_json('{"version": 1, "cards": [{"name": 5}], "decks": {}}')
    (tmp_path / "empty.py").write_text("X = 1\n")
    with pytest.raises(ValueError, match="neither POOL"):
        CardPool.load(tmp_path / "empty.py")


# ----- deck files and formats -------------------------------------------------------------------


def test_deck_files_give_their_mainboard(tmp_path):
    dck = tmp_path / "mine.dck"
    dck.write_text(
        "NAME:A test deck\n3 [FDN:274] Forest\n\n1 Grizzly Bears\nSIDEBOARD:\n2 Island\n"
    )
    assert load_deck(dck) == ["Forest"] * 3 + ["Grizzly Bears"]
    d = Duel(dck, ["Forest"], seed=1)
    assert sorted(d.hand(0)) == ["Forest"] * 3 + ["Grizzly Bears"]
    bad = tmp_path / "bad.dck"
    bad.write_text("4 Forest\nForest\n")
    with pytest.raises(ValueError, match="bad.dck, line 2: expected 'N Card Name'"):
        load_deck(bad)


@pytest.mark.parametrize("impl", sorted(IMPLS))
def test_decks_are_checked_against_their_format(impl):
    """100.2a: a constructed deck has at least 60 cards and at most four of a card other than
    a basic land card; 100.2b: a limited deck at least 40; the free format one at least."""
    duel = IMPLS[impl]
    forty = ["Forest"] * 17 + ["Grizzly Bears"] * 23
    assert duel(forty, forty, format="limited").library_size(0) == 33
    with pytest.raises(ValueError, match=r"deck1: a limited deck has at least 40 .*100\.2b"):
        duel(forty, forty[:39], format="limited")
    with pytest.raises(ValueError, match=r"deck0: a constructed deck has at least 60.*100\.2a"):
        duel(forty, forty, format="constructed")
    five = ["Forest"] * 55 + ["Grizzly Bears"] * 5
    with pytest.raises(ValueError, match=r'5 copies of "Grizzly Bears".*basic land.*100\.2a'):
        duel(five, five, format="constructed")
    sixty = ["Forest"] * 56 + ["Grizzly Bears"] * 4
    assert duel(sixty, sixty, format="constructed").library_size(1) == 53
    with pytest.raises(ValueError, match="deck0: a deck has at least one card, got 0"):
        duel([], forty)
    with pytest.raises(ValueError, match='unknown format "vintage"'):
        duel(forty, forty, format="vintage")
    with pytest.raises(ValueError, match='deck1: unknown card "Black Lotus" in the pool "core"'):
        duel(forty, ["Black Lotus"])
    with pytest.raises(ValueError, match='unknown deck "nope" in the pool "test quarries"'):
        duel("nope", "quarries", pool=POOL)


# ----- bytes and pickle -------------------------------------------------------------------------


@pytest.mark.parametrize("impl", sorted(IMPLS))
def test_bytes_and_pickle_of_a_duel_on_a_run_time_pool_round_trip(impl):
    duel = IMPLS[impl]
    d = duel("quarries", QUARRIES, pool=POOL, seed=7, turn_limit=20)
    for a in _random_game(Duel("quarries", QUARRIES, pool=POOL, seed=7, turn_limit=20), 3)[:30]:
        d.apply_action(a)
    data = d.to_bytes()
    back = duel.from_bytes(data, pool=POOL)
    assert back.to_bytes() == data and back.legal_actions() == d.legal_actions()
    with pytest.raises(ValueError, match='unknown card "Test Quarry"'):
        duel.from_bytes(data)  # the built-in pool has no such card
    # A pickle carries the run-time pool's compiled JSON: no pool needs passing.
    blob = pickle.dumps(d)
    assert b"each opponent loses 7 life" in blob
    again = pickle.loads(blob)
    assert again.to_bytes() == data and again.pool.name == "test quarries"
    # The other implementation reads the same bytes on the same pool.
    other = IMPLS["native" if impl == "reference" else "reference"]
    assert other.from_bytes(data, pool=POOL).to_bytes() == data


def test_a_built_in_pool_pickles_by_name():
    """A duel on the embedded pool pickles as its bytes alone; the pool objects of a built-in
    pool by name and fingerprint (a changed pool is refused), a run-time pool by its JSON,
    once per pickle however many duels share it."""
    d = Duel("infect", "energy", seed=1)
    assert len(pickle.dumps(d)) < 2 * len(d.to_bytes()) + 200
    assert pickle.loads(pickle.dumps(cards.pool.native)) is cards.pool.native
    assert pickle.loads(pickle.dumps(cards.pool)) is cards.pool
    with pytest.raises(ValueError, match="other cards than the one this was pickled with"):
        builtin_pool("core", cards.pool.native.fingerprint ^ 1)
    many = [Duel("quarries", "quarries", pool=POOL, seed=s) for s in range(5)]
    assert len(pickle.dumps(many)) < len(POOL.json) + 5 * 400
    one = pickle.loads(pickle.dumps(POOL))
    assert one.json == POOL.json and one.name == POOL.name


def test_the_command_line_takes_a_pool_file_and_deck_files(tmp_path, capsys):
    import json

    from cardstate.cli import main

    source = tmp_path / "quarries.py"
    source.write_text(
        textwrap.dedent(
            """
            from cardstate.cards.vocab import (
                EACH_OPPONENT, Card, LoseLife, ManaAbility, Triggered,
            )
            CARDS = [Card(name="Test Quarry", types=("land",),
                          abilities=(Triggered("enters", LoseLife(EACH_OPPONENT, 7)),
                                     ManaAbility("R")))]
            DECKS = {"quarries": ["Test Quarry"] * 40}
            """
        )
    )
    dck = tmp_path / "mine.dck"
    dck.write_text("NAME:forty quarries\n40 [TST:1] Test Quarry\n")
    out = tmp_path / "match.json"
    args = ["selfplay", "--games", "2", "--agents", "random,random", "--backend", "serial"]
    status = main([*args, "--pool", str(source), "--decks", f"{dck},quarries", "--json", str(out)])
    assert status == 0, capsys.readouterr().out
    report = json.loads(out.read_text())
    assert report["draws"] == 0 and report["decks"] == ["mine.dck", "quarries"]
    assert main([*args, "--pool", "nope"]) == 2
    assert "--pool nope: neither a pool (core" in capsys.readouterr().out
    assert main([*args, "--pool", str(source), "--decks", "quarries", "--format", "constructed"])
    assert "a constructed deck has at least 60 cards (100.2a)" in capsys.readouterr().out


def test_a_card_declared_in_python_plays_in_the_pettingzoo_and_gymnasium_envs():
    pytest.importorskip("pettingzoo")
    from cardstate.duel.gymnasium_env import gym_env
    from cardstate.duel.pettingzoo_env import raw_env

    e = raw_env(decks=("quarries", QUARRIES), pool=POOL, turn_limit=20)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    final = {}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        if termination or truncation:
            final[agent] = reward
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(final.values()) == [-1.0, 1.0]
    g = gym_env(opponent="random", decks=("quarries", "quarries"), pool=POOL, turn_limit=20)
    obs, _ = g.reset(seed=2)
    done, reward = False, 0.0
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, _, _ = g.step(action)
    assert reward in (-1.0, 1.0) and g.duel.pool.name == "test quarries"


def test_the_pool_registry_names_each_pool_once():
    with pytest.raises(ValueError, match="registered already"):
        pools.register("core", POOL)
    with pytest.raises(TypeError, match="a CardPool or a function"):
        pools.register("test-nothing", 5)  # type: ignore[arg-type]
    assert "test-nothing" not in pools
