"""The field's workloads on real decks: random play on Foundations pair A
(``FDN_top_04956_UG`` against ``FDN_top_20626_WG``) and pair B (``FDN_top_07961_WR`` against
``FDN_top_02581_UR``) with the rules' defaults (the London mulligan on), and on the Pauper Burn
and Rally mirrors (60 cards, 20 life); the performance document's section "The field's
workloads" gives the published figures of other engines on the same workloads.

Reported in ``extra_info``: turns/s counting both players' turns (targets: at least 70,000 on
the FDN pairs, 150,000 on the Burn mirror), games/s, decisions a game and bytes a state (of
``to_bytes()`` at the games' ends); from a mid-game position, ``clone()`` (target: at most
2 µs) and a search step, a copy and one decision (at most 3 µs), both timed from Python (each
call crossing into the extension once); MCTS simulations/s from that position; and the native
duel against the reference duel on the same random games (target: at least 100x).

The games run in Rust (``agents.playout`` with two random agents, the GIL released). A workload
whose decks the pools can't play yet is skipped, naming the cards (``cardstate cards
coverage``); under ``--benchmark-disable`` (``make test``) each case runs once.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from cardstate.agents import MCTSAgent, RandomAgent, playout
from cardstate.cards.coverage import coverage
from cardstate.cards.deckfile import load_deck
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel

DATA = Path(__import__("cardstate").__file__).parent / "cards" / "data"

WORKLOADS = {
    "fdn_pair_a": ("fdn", "limited", "FDN_top_04956_UG", "FDN_top_20626_WG"),
    "fdn_pair_b": ("fdn", "limited", "FDN_top_07961_WR", "FDN_top_02581_UR"),
    "burn_mirror": ("pauper", "constructed", "burn", "burn"),
    "rally_mirror": ("pauper", "constructed", "rally", "rally"),
}
"""Each workload's pool, format and two decks (file stems)."""

GAMES = 20
"""Random games a round."""


def _deck_path(pool: str, stem: str) -> Path:
    if pool == "fdn":
        return DATA / "fdn" / "decks" / f"{stem}.dck"
    return DATA / pool / f"{stem}.txt"


def _duel(name: str, seed: int, cls: Any = Duel) -> Any:
    """Workload ``name``'s duel seeded ``seed``, or a skip naming the cards not playable."""
    pool, fmt, a, b = WORKLOADS[name]
    paths = _deck_path(pool, a), _deck_path(pool, b)
    names = [n for path in paths for n in load_deck(path)]
    missing = [c.name for c in coverage(names, pool) if not c.playable]
    if missing:
        pytest.skip(f"{name} doesn't play yet: {', '.join(missing)} (cardstate cards coverage)")
    return cls(*paths, pool=pool, format=fmt, seed=seed)


def _games(name: str, first_seed: int) -> tuple[int, int, int]:
    """``GAMES`` random games in Rust: their turns, decisions and the bytes of their ends."""
    turns = decisions = size = 0
    for seed in range(first_seed, first_seed + GAMES):
        d = _duel(name, seed)
        r = playout(d, RandomAgent(seed), RandomAgent(seed + 1), seed=seed)
        turns += r.turns
        decisions += r.decisions
    size = len(d.to_bytes())
    return turns, decisions, size


def _mid_game(name: str) -> Duel:
    """Workload ``name`` 60 random decisions in (or the last decision before its end)."""
    d = _duel(name, 7)
    r = random.Random(7)
    for _ in range(60):
        if d.is_terminal():
            break
        nxt = d.clone()
        nxt.apply_action(r.choice(d.legal_actions()))
        if nxt.is_terminal():
            break
        d = nxt
    return d


@pytest.mark.benchmark(group="fdn_random_play")
@pytest.mark.parametrize("name", sorted(WORKLOADS))
def test_random_play(benchmark: Any, name: str) -> None:
    """``GAMES`` complete random games (both agents random, by the rules' defaults)."""
    seeds = iter(range(0, 10**9, GAMES))
    out: list[tuple[int, int, int]] = []

    def run() -> None:
        out.append(_games(name, next(seeds)))

    benchmark(run)
    turns, decisions, size = out[-1]
    assert turns > 0 and decisions > 0
    benchmark.extra_info.update(
        {"games": GAMES, "turns": turns, "decisions_per_game": decisions / GAMES, "bytes": size}
    )
    if benchmark.stats is not None:
        median = benchmark.stats.stats.median
        benchmark.extra_info["turns_per_s"] = turns / median
        benchmark.extra_info["games_per_s"] = GAMES / median


@pytest.mark.benchmark(group="fdn_copy")
@pytest.mark.parametrize("name", sorted(WORKLOADS))
@pytest.mark.parametrize("what", ["clone", "search_step"])
def test_copy(benchmark: Any, name: str, what: str) -> None:
    """A mid-game ``clone()``, or a search step: a copy and one decision on it."""
    d = _mid_game(name)
    action = d.legal_actions()[0]

    def step() -> None:
        d.clone().apply_action(action)

    benchmark(d.clone if what == "clone" else step)


@pytest.mark.benchmark(group="fdn_mcts")
@pytest.mark.parametrize("name", sorted(WORKLOADS))
def test_mcts(benchmark: Any, name: str) -> None:
    """One decision of ``MCTSAgent(simulations=1000)`` from the mid-game position."""
    d = _mid_game(name)
    agent = MCTSAgent(simulations=1000, seed=1)
    benchmark(agent.act, d)
    if benchmark.stats is not None:
        benchmark.extra_info["simulations_per_s"] = 1000 / benchmark.stats.stats.median


def _python_games(name: str, cls: Any) -> int:
    """Two random games played from Python; their decisions."""
    decisions = 0
    for seed in range(2):
        d = _duel(name, seed, cls)
        r = random.Random(seed)
        while not d.is_terminal():
            d.apply_action(r.choice(d.legal_actions()))
            decisions += 1
    return decisions


@pytest.mark.benchmark(group="fdn_native_vs_reference")
@pytest.mark.parametrize("name", sorted(WORKLOADS))
@pytest.mark.parametrize("variant", ["native", "reference"])
def test_native_vs_reference(benchmark: Any, name: str, variant: str) -> None:
    """The same two random games on the native and on the reference duel, from Python."""
    cls = Duel if variant == "native" else ReferenceDuel
    decisions = benchmark.pedantic(_python_games, args=(name, cls), rounds=3, iterations=1)
    assert decisions == _python_games(name, Duel)
    benchmark.extra_info["decisions"] = decisions
