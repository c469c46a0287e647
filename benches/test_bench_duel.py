"""The duel from Python: a loop of ``legal_actions()`` + ``apply_action()`` and ``clone()`` of a
mid-game duel, each beside OpenSpiel's chess doing the same from Python (the ``peer``; skipped
with a message if ``open_spiel`` is not installed).

Targets (docs/DUEL.md): the duel's Python step loop at least 2x chess's steps/s; the duel's
``clone()`` no slower than chess's ``clone()``; the native duel at least 100x the reference duel
(``cardstate.reference.duel``) on the same random games. Rust-side games/s: ``cargo bench -p
cardstate-duel``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel

STEPS = 1_000


def _mid_game() -> Duel:
    """40 random actions into a duel without mulligans: the same position as before the
    duel had them."""
    d = Duel("infect", "energy", seed=3, mulligans=False)
    r = random.Random(3)
    for _ in range(40):
        d.apply_action(r.choice(d.legal_actions()))
    return d


def _duel_steps(mulligans: bool = False) -> int:
    """``STEPS`` decisions of random play (new games as they end), without mulligans or
    with them (the London mulligan, 103.5)."""
    r = random.Random(0)
    d = Duel("infect", "energy", seed=0, mulligans=mulligans)
    seed = 0
    for _ in range(STEPS):
        if d.is_terminal():
            seed += 1
            d = Duel("infect", "energy", seed=seed, mulligans=mulligans)
        d.apply_action(r.choice(d.legal_actions()))
    return STEPS


def _duel_steps_by_the_rules() -> int:
    return _duel_steps(mulligans=True)


def _chess_steps() -> int:
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    game = pyspiel.load_game("chess")
    r = random.Random(0)
    s = game.new_initial_state()
    for _ in range(STEPS):
        if s.is_terminal():
            s = game.new_initial_state()
        s.apply_action(r.choice(s.legal_actions()))
    return STEPS


@pytest.mark.benchmark(group="duel_python_steps_1000")
@pytest.mark.parametrize("variant", ["native", "native_rules", "peer"])
def test_python_step_loop(benchmark: Any, variant: str) -> None:
    """1,000 steps of ``legal_actions()`` + ``apply_action()`` from Python: the duel's fast
    variant (``native``), by the rules (``native_rules``: the mulligans on), chess (``peer``)."""
    fn = {"native": _duel_steps, "native_rules": _duel_steps_by_the_rules}.get(
        variant, _chess_steps
    )
    if variant == "peer":
        pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    assert benchmark(fn) == STEPS


@pytest.mark.benchmark(group="duel_clone")
@pytest.mark.parametrize("variant", ["native", "peer"])
def test_clone(benchmark: Any, variant: str) -> None:
    """``clone()`` of a mid-game duel; peer: a chess state 20 moves in."""
    if variant == "native":
        d = _mid_game()
        benchmark(d.clone)
        return
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    s = pyspiel.load_game("chess").new_initial_state()
    r = random.Random(0)
    for _ in range(20):
        s.apply_action(r.choice(s.legal_actions()))
    benchmark(s.clone)


REFERENCE_GAMES = 3


def _random_games(cls: Any) -> int:
    """``REFERENCE_GAMES`` complete random games of infect against energy; their decisions."""
    decisions = 0
    for seed in range(REFERENCE_GAMES):
        d = cls("infect", "energy", seed=seed)
        r = random.Random(seed)
        while not d.is_terminal():
            d.apply_action(r.choice(d.legal_actions()))
            decisions += 1
    return decisions


@pytest.mark.benchmark(group="duel_native_vs_reference_3_games")
@pytest.mark.parametrize("variant", ["native", "reference"])
def test_random_games_native_vs_reference(benchmark: Any, variant: str) -> None:
    """The same three random games (the same seeds and choices give the same games: the
    differential test) on the native duel and on the reference duel, from Python."""
    cls = Duel if variant == "native" else ReferenceDuel
    if variant == "native":
        decisions = benchmark(_random_games, cls)
    else:
        decisions = benchmark.pedantic(_random_games, args=(cls,), rounds=3, iterations=1)
    benchmark.extra_info["decisions"] = decisions
    assert decisions == _random_games(Duel)
