"""The self-play runner (cardstate.selfplay): seeds, seats, order, totals and identical results
across backends and worker counts, on a tiny pure-Python game (tests/selfplay_game.py)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from cardstate import selfplay
from cardstate.agents import derive, parse_agent, playout, split_agents
from cardstate.errors import SelfPlayError
from cardstate.selfplay import game_seed
from selfplay_game import Exploding, PyPerfect, PyRandom, countdown

AGENTS = (PyRandom(1), PyRandom(2))


def run(**kw):
    kw.setdefault("agents", AGENTS)
    kw.setdefault("decks", ("a", "b"))
    kw.setdefault("game_factory", countdown)
    return selfplay.run(**kw)


def test_game_seeds_derive_from_the_match_seed_and_index_only():
    r = run(games=12, seed=5, backend="serial")
    assert [g.index for g in r.games] == list(range(12))
    assert [g.seed for g in r.games] == [derive(5, i) for i in range(12)]
    # A longer match replays the same first games.
    longer = run(games=20, seed=5, backend="serial")
    assert longer.games[:12] == r.games
    other = run(games=12, seed=6, backend="serial")
    assert [g.seed for g in other.games] != [g.seed for g in r.games]


def test_seats_alternate_and_the_winner_is_an_agent():
    r = run(games=10, seed=1, backend="serial")
    assert [g.seats for g in r.games] == [(0, 1), (1, 0)] * 5
    for g in r.games:
        assert g.winner in (0, 1)
        assert g.winner_seat is not None and g.seats[g.winner_seat] == g.winner
        assert g.decisions == g.turns


def test_the_stronger_agent_wins_from_either_seat():
    r = run(games=16, seed=2, agents=(PyPerfect(), PyRandom(3)), backend="serial")
    a, b = r.agent_totals
    assert a.wins + b.wins + r.draws == 16
    assert a.wins > b.wins
    assert a.wins_by_seat[0] > 0 and a.wins_by_seat[1] > 0
    assert a.games_by_seat == (8, 8)
    assert r.seat_totals[0].wins + r.seat_totals[1].wins == 16 - r.draws
    assert a.interval[0] <= a.win_rate <= a.interval[1]
    assert r.mean_turns == sum(g.turns for g in r.games) / 16


def test_wilson_interval():
    lo, hi = selfplay.wilson_interval(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = selfplay.wilson_interval(20, 20)
    assert hi == 1.0 and lo == pytest.approx(0.8389, abs=1e-4)
    assert selfplay.wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    "backend,workers,chunk", [("serial", None, 1), ("local", 1, None), ("local", 2, 3)]
)
def test_backends_and_worker_counts_give_identical_results(backend, workers, chunk):
    expected = run(games=23, seed=9, backend="serial")
    got = run(games=23, seed=9, backend=backend, workers=workers, chunk_size=chunk)
    assert got == expected
    assert got.to_dict()["games"] == expected.to_dict()["games"]


def test_progress_sees_every_game():
    seen = []
    run(games=7, seed=0, backend="serial", progress=seen.append)
    assert sorted(g.index for g in seen) == list(range(7))


@pytest.mark.parametrize("backend", ["serial", "local"])
def test_a_failing_game_is_a_selfplay_error(backend):
    with pytest.raises(SelfPlayError, match=r"game 2 \(seed \d+\) failed: RuntimeError: boom"):
        run(games=3, agents=(Exploding(game_seed(0, 2)), PyRandom(0)), backend=backend, workers=1)


def test_bad_arguments_name_what_was_wrong():
    with pytest.raises(ValueError, match="backend"):
        run(games=1, backend="cloud")
    with pytest.raises(ValueError, match="games"):
        run(games=-1)
    with pytest.raises(TypeError, match="games"):
        run(games=1.5)
    with pytest.raises(ValueError, match="two agents"):
        run(games=1, agents=(PyRandom(),))
    with pytest.raises(TypeError, match="act"):
        run(games=1, agents=(PyRandom(), object()))
    with pytest.raises(ValueError, match="address"):
        run(games=1, backend="serial", address="ray://x")
    with pytest.raises(OverflowError, match="seed"):
        run(games=1, seed=-1)


def test_python_playout_leaves_the_game_unchanged_and_resets_agents():
    g = countdown("a", "b", 3)
    a, b = PyRandom(1), PyRandom(2)
    r1 = playout(g, a, b, seed=4)
    assert g.left == 23 and not g.is_terminal()
    r2 = playout(g, a, b, seed=4)
    assert r1 == r2
    assert r1.winner in (0, 1) and r1.returns[r1.winner] == 1.0


def test_agent_names_and_options():
    spec = parse_agent("mcts:simulations=200,exploration=1.5")
    assert spec.name == "mcts"
    assert spec.options == (("simulations", 200), ("exploration", 1.5))
    assert spec.label == "mcts(simulations=200, exploration=1.5)"
    assert parse_agent(" Random ").name == "random"
    with pytest.raises(ValueError, match="unknown agent"):
        parse_agent("alphazero")
    with pytest.raises(ValueError, match="key=value"):
        parse_agent("mcts:fast")
    assert split_agents("mcts:simulations=200,exploration=2,random") == [
        "mcts:simulations=200,exploration=2",
        "random",
    ]
    assert split_agents("mcts:simulations=20,mcts:simulations=10") == [
        "mcts:simulations=20",
        "mcts:simulations=10",
    ]
    ismcts = parse_agent("mcts:simulations=20,algorithm=ismcts").build()
    assert (ismcts.simulations, ismcts.algorithm) == (20, "ismcts")
    with pytest.raises(ValueError, match="ismcts"):
        parse_agent("mcts:algorithm=uct").build()


def test_ismcts_by_name_plays_the_duel_alike_on_every_backend():
    kw = {
        "games": 4,
        "agents": ("mcts:simulations=20,algorithm=ismcts", "random"),
        "decks": ("evergreen", "energy"),
        "seed": 3,
    }
    serial = selfplay.run(backend="serial", **kw)
    assert selfplay.run(backend="local", workers=2, **kw) == serial
    assert sum(g.winner is not None for g in serial.games) > 0


class CountingFactory:
    """The countdown game, counting the games made."""

    def __init__(self) -> None:
        self.made = 0

    def __call__(self, deck0, deck1, seed):
        self.made += 1
        return countdown(deck0, deck1, seed)


@pytest.mark.parametrize(
    ("kw", "error", "words"),
    [
        ({"chunk_size": -1}, ValueError, "chunk_size"),
        ({"chunk_size": 0}, ValueError, "chunk_size"),
        ({"chunk_size": 1.5}, TypeError, "chunk_size"),
        ({"chunk_size": True}, TypeError, "chunk_size"),
        ({"workers": 0}, ValueError, "workers"),
        ({"workers": True}, TypeError, "workers"),
        ({"workers": 2.0}, TypeError, "workers"),
        ({"games": True}, TypeError, "games"),
        ({"seed": 2**64}, OverflowError, "seed"),
        ({"backend": None}, ValueError, "backend"),
        ({"connect_timeout": 0}, ValueError, "connect_timeout"),
        ({"connect_timeout": float("nan")}, ValueError, "connect_timeout"),
        ({"connect_timeout": "5"}, TypeError, "connect_timeout"),
        ({"progress": 3}, TypeError, "progress"),
        ({"decks": ("a",)}, ValueError, "two decks"),
        ({"decks": "ab"}, TypeError, "decks"),
        ({"agents": "mcts,random"}, TypeError, "agents"),
        ({"agents": ("mcts:exploration=nan", "random")}, ValueError, "exploration"),
        ({"agents": ("mcts:simulations=0", "random")}, ValueError, "simulations"),
        ({"agents": ("random", "greedy:depth=2")}, TypeError, "depth"),
        ({"backend": "ray", "address": ""}, TypeError, "address"),
    ],
)
def test_runner_parameters_are_checked_before_any_game(kw, error, words):
    factory = CountingFactory()
    with pytest.raises(error, match=words):
        run(**({"games": 4, "backend": "local", "workers": 2, "game_factory": factory} | kw))
    assert factory.made == 0


def test_a_bad_deck_is_refused_before_any_worker_starts():
    import multiprocessing

    with pytest.raises(ValueError, match="deck"):
        selfplay.run(games=4, agents=("random", "random"), decks=("infect", "no such deck"))
    assert multiprocessing.active_children() == []


def test_chunks_of_checks_its_chunk_size():
    assert selfplay.chunks_of(5, 1, 2) == [[0, 1], [2, 3], [4]]
    with pytest.raises(ValueError, match="chunk_size"):
        selfplay.chunks_of(5, 1, 0)


class StopAfter:
    """A progress callback that interrupts the match (as Ctrl-C would) at its ``n``-th game."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.seen: list = []

    def __call__(self, game) -> None:
        self.seen.append(game)
        if len(self.seen) == self.n:
            raise KeyboardInterrupt


@pytest.mark.parametrize("backend", ["serial", "local"])
def test_an_interrupted_match_stops_its_workers_and_keeps_its_games(backend):
    import multiprocessing

    from cardstate.errors import SelfPlayInterrupted

    stop = StopAfter(5)
    # A match of a billion games: the chunks are made as they are needed, so it starts at once.
    with pytest.raises(SelfPlayInterrupted) as info:
        run(games=10**9, seed=2, backend=backend, workers=2, chunk_size=1, progress=stop)
    assert isinstance(info.value, KeyboardInterrupt)
    partial = info.value.partial
    assert partial.partial and partial.to_dict()["partial"] is True
    assert sorted(g.index for g in partial.games) == sorted(g.index for g in stop.seen)
    assert partial.games == tuple(sorted(stop.seen, key=lambda g: g.index))
    assert multiprocessing.active_children() == []
    complete = run(games=3, seed=2, backend="serial")
    assert not complete.partial


def _fast_duel(deck0, deck1, seed):
    from cardstate.duel import Duel

    return Duel(deck0, deck1, seed=seed, mulligans=False)


def _rules_duel(deck0, deck1, seed):
    from cardstate.duel import Duel

    return Duel(deck0, deck1, seed=seed)


@pytest.mark.parametrize("backend", ["serial", "local"])
def test_the_duel_plays_the_london_mulligan_unless_told_not_to_103_5(backend):
    """``mulligans`` reaches every game's duel on every backend: the games are those of duels
    made with the option (by default the London mulligan, 103.5; ``False`` none)."""
    kw = dict(games=4, agents=("random", "random"), decks=("infect", "energy"), seed=3)
    on = selfplay.run(**kw, backend=backend, workers=2)
    off = selfplay.run(**kw, backend=backend, workers=2, mulligans=False)
    assert on.games == selfplay.run(**kw, backend="serial", game_factory=_rules_duel).games
    assert off.games == selfplay.run(**kw, backend="serial", game_factory=_fast_duel).games
    assert on.games != off.games
    with pytest.raises(TypeError, match="mulligans must be a bool"):
        selfplay.run(**kw, mulligans="no")


def test_the_fast_variant_reaches_the_ray_workers(ray_cluster):
    """``mulligans=False`` travels in the match's configuration to Ray's workers too."""
    kw = dict(games=4, agents=("random", "random"), decks=("infect", "energy"), seed=3)
    got = selfplay.run(**kw, backend="ray", chunk_size=2, mulligans=False)
    assert got.games == selfplay.run(**kw, backend="serial", game_factory=_fast_duel).games


def _script(tmp_path, text: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "match.py"
    path.write_text(textwrap.dedent(text))
    return subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )


def test_the_local_backend_runs_from_a_script_without_a_main_guard(tmp_path):
    """The workers don't import the user's script (nothing of it is in the match), so its
    top level doesn't start the match again in each of them."""
    r = _script(
        tmp_path,
        """
        from cardstate import selfplay
        r = selfplay.run(games=4, agents=("random", "greedy"), backend="local", workers=2)
        print("games", len(r.games))
        """,
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["games", "4"]


AGENT_IN_SCRIPT = """
from cardstate import selfplay

class FirstLegal:
    name = "first-legal"
    def act(self, duel):
        return duel.legal_actions()[0]

{body}
"""
MATCH = """r = selfplay.run(games=2, agents=(FirstLegal(), "random"), backend="local", workers=2)
    print([t.agent for t in r.agent_totals])"""


def test_an_agent_defined_in_an_unguarded_script_says_to_add_the_guard(tmp_path):
    r = _script(tmp_path, AGENT_IN_SCRIPT.format(body=MATCH.replace("\n    ", "\n")))
    assert r.returncode != 0
    assert "SelfPlayError" in r.stderr and "if __name__ == " in r.stderr, r.stderr


def test_an_agent_defined_in_a_guarded_script_plays_under_its_name(tmp_path):
    r = _script(tmp_path, AGENT_IN_SCRIPT.format(body=f'if __name__ == "__main__":\n    {MATCH}'))
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "['first-legal', 'random']"


def test_a_python_agent_is_labelled_by_its_name_else_its_class():
    class FirstLegal:
        def act(self, duel):  # type: ignore[no-untyped-def]
            return duel.legal_actions()[0]

    r = selfplay.run(games=2, agents=(PyRandom(1), FirstLegal()), backend="serial")
    assert [t.agent for t in r.agent_totals] == ["py-random", "FirstLegal"]


def test_an_agent_from_an_interactive_session_is_refused_for_local_workers():
    code = textwrap.dedent(
        """
        from cardstate import selfplay
        class A:
            def act(self, duel):
                return duel.legal_actions()[0]
        selfplay.run(games=2, agents=(A(), "random"), backend="local", workers=2)
        """
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode != 0
    assert "interactive session" in r.stderr and "backend='serial'" in r.stderr, r.stderr
