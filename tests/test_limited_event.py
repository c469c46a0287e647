"""Limited events (cardstate.limited.event) and ``cardstate limited``: the whole event is
reproducible from its seed and identical on every backend; the standings add up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cardstate.cli import main
from cardstate.limited import build, draft_event, run_draft, sealed_event


@pytest.fixture(scope="module")
def event():  # type: ignore[no-untyped-def]
    return draft_event(["rating", "random", "rating", "random"], seed=9)


def test_the_event_plays_every_pair_once_and_the_standings_add_up(event) -> None:  # type: ignore[no-untyped-def]
    assert [m.players for m in event.matches] == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    assert sum(s.games for s in event.standings) == 2 * 6
    assert sum(s.wins for s in event.standings) == sum(s.losses for s in event.standings)
    for s in event.standings:
        assert s.points == 3 * s.wins + s.draws
        assert s.games == 3
    points = [s.points for s in event.standings]
    assert points == sorted(points, reverse=True)
    picks = run_draft(["rating", "random", "rating", "random"], seed=9).picks
    assert event.pools == picks
    assert list(event.decks[0]) == build(picks[0], seed=9)


def test_the_event_is_reproducible_and_identical_on_every_backend(event) -> None:  # type: ignore[no-untyped-def]
    again = draft_event(
        ["rating", "random", "rating", "random"], seed=9, backend="local", workers=2
    )
    assert again.matches == event.matches
    assert again.standings == event.standings
    other = draft_event(["rating", "random", "rating", "random"], seed=10)
    assert other.pools != event.pools


def test_a_sealed_event() -> None:
    e = sealed_event(players=3, seed=2, games_per_pair=2)
    assert len(e.matches) == 3 and all(sum(m.wins) + m.draws == 2 for m in e.matches)
    assert all(len(p) == 84 for p in e.pools)
    assert e == sealed_event(players=3, seed=2, games_per_pair=2)


def test_the_cli_runs_a_draft_and_writes_json_and_a_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out, plot = tmp_path / "event.json", tmp_path / "event.png"
    status = main(
        [
            "limited",
            "draft",
            "--seats",
            "3",
            "--bots",
            "rating,random,rating",
            "--seed",
            "4",
            "--json",
            str(out),
            "--plot",
            str(plot),
        ]
    )
    assert status == 0
    data = json.loads(out.read_text())
    assert data["kind"] == "draft" and len(data["standings"]) == 3
    assert data["drafters"] == ["rating", "random", "rating"]
    assert all(len(d["list"]) == 40 for d in data["decks"])
    assert plot.read_bytes()[:4] == b"\x89PNG"


def test_the_cli_runs_a_sealed_event(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["limited", "sealed", "--players", "2", "--seed", "1"]) == 0
    assert "cardstate limited sealed" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "rating,best"], "unknown bot 'best'"),
        (["--bots", "rating,random", "--seats", "3"], "2 bots for 3 seats"),
        (["--seats", "1"], "in 2..64"),
        (["--seed", "-1"], "--seed"),
        (["--agent", "nobody"], "nobody"),
        (["--json", "/no/such/dir/x.json"], "does not exist"),
    ],
)
def test_the_cli_refuses_bad_arguments_before_it_starts(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["limited", "draft", *argv]) == 2
    assert message in capsys.readouterr().out


def test_the_event_is_identical_on_ray(event, ray_cluster) -> None:  # type: ignore[no-untyped-def]
    again = draft_event(["rating", "random", "rating", "random"], seed=9, backend="ray")
    assert again.matches == event.matches
    assert again.standings == event.standings


def test_the_plot_draws_a_player_who_won_nothing(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from cardstate.limited.plot import write_event_plot

    e = draft_event(["rating", "random"] * 4, seed=6)
    assert any(s.wins == 0 for s in e.standings)
    write_event_plot(e, str(tmp_path / "p.png"))
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"
