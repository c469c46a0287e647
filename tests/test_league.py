"""The rated league: a seat-swapped round robin (each deal from both seats, the same deals for
every pair) and Bradley–Terry ratings on the Elo scale, random anchored at 1000; the same on
every backend; ``cardstate league`` checks its settings before any game."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from cardstate import selfplay
from cardstate.cli import main
from cardstate.selfplay.league import ANCHOR, fit_ratings

DECKS = ("evergreen", "energy")


@pytest.fixture(scope="module")
def ranked() -> selfplay.LeagueResult:
    return selfplay.league(
        ["mcts:simulations=100", "random", "greedy"],
        DECKS,
        games_per_pair=20,
        seed=0,
        backend="serial",
    )


def test_agents_of_known_strength_are_rated_in_their_order(ranked):
    assert [r.agent for r in ranked.ratings] == ["mcts(simulations=100)", "greedy", "random"]
    by = {r.agent: r for r in ranked.ratings}
    assert ranked.anchor == "random"
    assert by["random"].rating == by["random"].low == by["random"].high == ANCHOR
    # MCTS is clearly above random; each interval holds its rating.
    assert by["mcts(simulations=100)"].low > ANCHOR
    for r in ranked.ratings:
        assert r.low <= r.rating <= r.high
        assert r.games == 40 and r.wins + r.losses + r.draws == 40


def test_each_deal_is_played_from_both_seats_and_every_pair_plays_the_same_deals(ranked):
    assert len(ranked.matches) == 6
    seeds = [g.seed for g in ranked.matches[0].games]
    for ab, ba in zip(ranked.matches[::2], ranked.matches[1::2], strict=True):
        # Each agent keeps the deck of its place: the first agent has deck X in both orders,
        # so each agent plays each side of every deal.
        assert ab.agents == ba.agents[::-1] and ab.decks == ba.decks == DECKS
        assert [g.seed for g in ab.games] == [g.seed for g in ba.games] == seeds
        # The same deal, the agents' seats swapped.
        for x, y in zip(ab.games, ba.games, strict=True):
            assert x.seats == y.seats


def test_the_pairs_scores_add_up(ranked):
    a, b = "greedy", "random"
    w, ls, d = ranked.score(a, b)
    assert ranked.score(b, a) == (ls, w, d)
    assert w + ls + d == 20
    data = ranked.to_dict()
    assert [r["agent"] for r in data["ratings"]] == [r.agent for r in ranked.ratings]
    assert len(data["pairs"]) == 3 and len(data["matches"]) == 6
    json.dumps(data)


def test_the_league_is_deterministic_and_the_same_on_every_backend():
    kw = {"games_per_pair": 4, "seed": 5}
    serial = selfplay.league(["random", "greedy"], DECKS, backend="serial", **kw)
    again = selfplay.league(["random", "greedy"], DECKS, backend="serial", **kw)
    local = selfplay.league(["random", "greedy"], DECKS, backend="local", workers=2, **kw)
    assert serial == again == local


def test_the_league_on_ray_is_the_serial_one(ray_cluster):
    kw = {"games_per_pair": 4, "seed": 5}
    serial = selfplay.league(["random", "greedy"], DECKS, backend="serial", **kw)
    assert selfplay.league(["random", "greedy"], DECKS, backend="ray", **kw) == serial


def test_fit_ratings_on_a_known_score():
    """Two agents: the fitted difference is the log-odds of the score with the virtual draw."""
    (ra, sa), (rb, sb) = fit_ratings(["a", "b"], [(0, 1, 7.5, 10)], anchor=1)
    assert rb == ANCHOR and sb == 0.0
    assert ra - rb == pytest.approx(400 * math.log10(8.0 / 3.0), abs=1e-6)
    assert sa > 0
    # Equal scores, equal ratings; a clean sweep is still finite.
    even = fit_ratings(["a", "b", "c"], [(0, 1, 5, 10), (1, 2, 5, 10), (0, 2, 5, 10)], anchor=0)
    assert all(r == pytest.approx(ANCHOR) for r, _ in even)
    (r0, _), _ = fit_ratings(["a", "b"], [(0, 1, 10, 10)], anchor=1)
    assert math.isfinite(r0) and r0 > ANCHOR


@pytest.mark.parametrize(
    ("agents", "games_per_pair", "error", "words"),
    [
        (["random"], 4, ValueError, "at least two agents"),
        ("random,greedy", 4, ValueError, "at least two agents"),
        (["random", "greedy"], 3, ValueError, "even and at least 2"),
        (["random", "greedy"], 0, ValueError, "even and at least 2"),
        (["random", "greedy"], 2.0, TypeError, "games_per_pair"),
        (["random", "random"], 4, ValueError, "labels must differ"),
        (["random", "mcts:sims=3"], 4, TypeError, "sims"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(agents, games_per_pair, error, words):
    seen = []
    with pytest.raises(error, match=words):
        selfplay.league(
            agents, DECKS, games_per_pair=games_per_pair, backend="serial", progress=seen.append
        )
    assert seen == []


def test_the_command_prints_the_ratings_and_writes_json(tmp_path, capsys):
    out = tmp_path / "league.json"
    args = ["league", "--agents", "random,greedy", "--games-per-pair", "4", "--backend", "serial"]
    assert main([*args, "--decks", "evergreen,energy", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "rating" in text and "anchor" in text and "greedy" in text
    data = json.loads(out.read_text())
    assert {r["agent"] for r in data["ratings"]} == {"random", "greedy"}


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--agents", "random"], "--agents takes two agents or more"),
        (["--games-per-pair", "3"], "--games-per-pair must be even"),
        (["--agents", "random,mcts:sims=2"], 'unknown option "sims"'),
        (["--decks", "nope,energy"], '--decks (the first): unknown deck "nope"'),
        (["--agents", "random,random"], "labels must differ"),
        (["--workers", "0"], "--workers must be a positive int"),
    ],
)
def test_the_command_refuses_bad_settings_before_any_game(args, words):
    r = subprocess.run(
        [sys.executable, "-m", "cardstate", "league", "--backend", "serial", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2, r
    assert "games/s" not in r.stdout and "Traceback" not in r.stdout + r.stderr
    assert words in " ".join(r.stdout.split()), r.stdout


def test_the_command_writes_a_png_of_the_ratings(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    png = tmp_path / "league.png"
    args = ["league", "--agents", "random,greedy", "--games-per-pair", "2", "--backend", "serial"]
    assert main([*args, "--plot", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
