"""``cardstate selfplay`` end to end on the duel through each backend (the same results), its
JSON and PNG, and ``cardstate play`` driven through a pseudo-terminal."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time

import pytest
from cardstate.cli import main

ARGS = ["--games", "4", "--agents", "mcts:simulations=16,random", "--decks", "evergreen,energy"]


def selfplay(tmp_path, capsys, backend, *extra):
    out = tmp_path / f"{backend}.json"
    status = main(
        ["selfplay", *ARGS, "--seed", "3", "--backend", backend, "--json", str(out), *extra]
    )
    text = capsys.readouterr().out
    assert status == 0, text
    assert "win rate" in text and "95% interval" in text and "games/s" in text
    return json.loads(out.read_text())


def games_of(report):
    return report["games"], report["agent_totals"], report["seat_totals"]


def test_selfplay_serial_and_local_give_the_same_games(tmp_path, capsys):
    serial = selfplay(tmp_path, capsys, "serial")
    assert [g["index"] for g in serial["games"]] == [0, 1, 2, 3]
    assert [g["seats"] for g in serial["games"]] == [[0, 1], [1, 0], [0, 1], [1, 0]]
    assert serial["agents"] == ["mcts(simulations=16)", "random"]
    assert serial["decks"] == ["evergreen", "energy"]
    assert sum(t["wins"] for t in serial["agent_totals"]) + serial["draws"] == 4
    for workers in ("1", "2"):
        local = selfplay(tmp_path, capsys, "local", "--workers", workers)
        assert games_of(local) == games_of(serial)
        assert local["backend"] == "local" and local["workers"] == int(workers)


def test_selfplay_without_mulligans_plays_the_fast_variant(tmp_path, capsys):
    """``--no-mulligans`` plays the duel without the London mulligan (103.5), as
    ``selfplay.run(mulligans=False)`` does; by default the games have it."""
    from cardstate import selfplay as runner

    kw = dict(games=4, agents=("mcts:simulations=16", "random"), decks=("evergreen", "energy"))
    off = selfplay(tmp_path, capsys, "serial", "--no-mulligans")
    fast = runner.run(**kw, seed=3, backend="serial", format="limited", mulligans=False)
    assert off["games"] == json.loads(json.dumps(fast.to_dict()["games"]))
    assert off["games"] != selfplay(tmp_path, capsys, "serial")["games"]


def test_selfplay_ray_gives_the_same_games(tmp_path, capsys, ray_cluster):
    serial = selfplay(tmp_path, capsys, "serial")
    ray = selfplay(tmp_path, capsys, "ray")
    assert games_of(ray) == games_of(serial)


def test_selfplay_plot_writes_a_png(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    png = tmp_path / "match.png"
    selfplay(tmp_path, capsys, "serial", "--plot", str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_selfplay_bad_agent_is_an_error_message(capsys):
    assert (
        main(["selfplay", "--games", "1", "--agents", "alphazero,random", "--backend", "serial"])
        == 2
    )
    assert "unknown agent" in capsys.readouterr().out


def test_selfplay_console_script():
    r = subprocess.run(
        [sys.executable, "-m", "cardstate", "selfplay", *ARGS[:2], "--agents", "greedy,random"]
        + ["--backend", "serial"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert "greedy" in r.stdout and "win rate" in r.stdout


def _read_until(fd: int, needles: tuple[str, ...], timeout: float = 60.0) -> str:
    buf = ""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536).decode("utf-8", "replace")
            except OSError:  # the child closed the terminal
                return buf
            if not chunk:
                return buf
            buf += chunk
            if any(n in buf for n in needles):
                return buf
    raise AssertionError(f"timed out waiting for {needles}; got {buf[-2000:]!r}")


def _play(*args: str) -> tuple[subprocess.Popen, int]:
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardstate", "play", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        close_fds=True,
    )
    os.close(slave)
    return proc, master


def test_play_in_a_pseudo_terminal_to_the_end():
    proc, fd = _play("--agent", "random", "--deck", "evergreen", "--seed", "2")
    try:
        seen = _read_until(fd, ("your move",))
        # The London mulligan first (103.5): we start (seed 2) and keep or take a mulligan.
        assert "turn 1/40" in seen and "[0] keep your hand" in seen and "[1] mulligan" in seen
        # The agent's hand is shown by its size only; ours in full.
        assert seen.count("hand: 7 cards") == 1
        for _ in range(3000):
            os.write(fd, b"0\n")
            seen = _read_until(fd, ("your move", "you win", "you lose", "draw\r\n"))
            if any(e in seen for e in ("you win", "you lose", "draw\r\n")):
                break
        else:
            raise AssertionError("the game did not end")
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
        os.close(fd)


def test_play_without_mulligans_starts_in_the_first_turn():
    """``--no-mulligans``: each player keeps its first seven cards."""
    proc, fd = _play("--agent", "random", "--deck", "evergreen", "--seed", "2", "--no-mulligans")
    try:
        seen = _read_until(fd, ("your move",))
        assert "turn 1/40 (main1)" in seen and "[0] pass" in seen and "mulligan" not in seen
        os.write(fd, b"q\n")
        _read_until(fd, ("quit",))
        assert proc.wait(timeout=30) == 1
    finally:
        proc.kill()
        os.close(fd)


def test_play_quits_and_rejects_bad_moves():
    proc, fd = _play("--agent", "mcts:simulations=10", "--deck", "energy", "--seat", "1")
    try:
        _read_until(fd, ("your move",))
        os.write(fd, b"999\n")
        assert "not one of the listed moves" in _read_until(fd, ("not one of",))
        os.write(fd, b"q\n")
        _read_until(fd, ("quit",))
        assert proc.wait(timeout=30) == 1
    finally:
        proc.kill()
        os.close(fd)


def test_run_with_agent_objects_gives_the_same_games_on_every_local_worker_count():
    from cardstate import selfplay
    from cardstate.agents import MCTSAgent, RandomAgent

    kw = {"games": 4, "agents": (MCTSAgent(simulations=12, seed=3), RandomAgent(4)), "seed": 8}
    serial = selfplay.run(**kw, decks=("infect", "proliferate"), backend="serial")
    local = selfplay.run(**kw, decks=("infect", "proliferate"), backend="local", workers=2)
    assert local == serial
    assert serial.agents[0].startswith("MCTSAgent(simulations=12")
    # The same agents given by name play the same games.
    named = selfplay.run(
        games=4,
        agents=("mcts:simulations=12,seed=3", "random:seed=4"),
        decks=("infect", "proliferate"),
        seed=8,
        backend="serial",
    )
    assert named.games == serial.games


def test_run_defaults_to_the_first_two_registered_decks():
    from cardstate import duel, selfplay

    r = selfplay.run(games=2, agents=("random", "greedy"), backend="serial")
    assert r.decks == duel.decks[:2]
    assert len(r.games) == 2 and r.games_per_s > 0


def _cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cardstate", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.mark.parametrize("option", ["--json", "--plot"])
def test_an_unwritable_output_is_refused_before_any_game(tmp_path, option):
    if option == "--plot":
        pytest.importorskip("matplotlib")
    for path, words in (
        (tmp_path / "no such directory" / "out", "does not exist"),
        (tmp_path, "is a directory"),
    ):
        # A match far too long to play: refused at once or the timeout fails the test.
        r = _cli(
            "selfplay", "--games", "100000", "--backend", "serial", option, str(path), timeout=60
        )
        assert r.returncode == 2, r
        assert words in r.stdout and option in r.stdout
        assert "Traceback" not in r.stdout + r.stderr
        assert "win rate" not in r.stdout


def test_outputs_are_written_whole_with_no_temporary_file_left(tmp_path, capsys):
    out = tmp_path / "match.json"
    out.write_text("an older match")
    selfplay(tmp_path, capsys, "serial")  # writes tmp_path / "serial.json"
    status = main(["selfplay", *ARGS, "--backend", "serial", "--json", str(out)])
    assert status == 0
    assert json.loads(out.read_text())["games"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match.json", "serial.json"]
    assert oct(out.stat().st_mode & 0o777) == oct(0o666 & ~_umask())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(tmp_path):
    from cardstate.cli.files import OutputError, write_atomic

    path = tmp_path / "out.json"
    path.write_text("old")

    def half_then_fail(fh) -> None:
        fh.write(b'{"half": ')
        raise OSError(28, "No space left on device")

    with pytest.raises(OutputError, match="No space left"):
        write_atomic(str(path), half_then_fail, "--json")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]

    def interrupted(fh) -> None:
        fh.write(b"{")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_atomic(str(path), interrupted)
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_bench_refuses_an_unwritable_json_before_timing(tmp_path, capsys):
    assert main(["bench", "--quick", "--json", str(tmp_path / "nowhere" / "b.json")]) == 2
    captured = capsys.readouterr()
    assert "does not exist" in captured.err and "timing" not in captured.err


def test_list_agents_prints_every_option_with_its_range_and_default():
    from cardstate.agents import AGENTS

    r = _cli("selfplay", "--list-agents", timeout=60)
    assert r.returncode == 0, r.stderr
    for kind in AGENTS.values():
        for o in kind.options:
            assert str(o) in r.stdout


def test_a_bad_option_is_one_line_naming_the_valid_ones():
    r = _cli("selfplay", "--agents", "mcts:speed=3,random", "--backend", "serial", timeout=60)
    assert r.returncode == 2
    assert "speed" in r.stdout and "simulations (an integer from 1 to" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


def _session(sid: int) -> list[int]:
    """The live processes of session ``sid`` (the command and everything it started)."""
    return list(_session_commands(sid))


def _cpu_seconds(pid: int) -> float:
    """The processor time process ``pid`` has spent (user and system), in seconds."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _session_commands(sid: int) -> dict[int, str]:
    """The live processes of session ``sid`` and their command lines."""
    out = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    out[int(pid)] = f.read().replace(b"\0", b" ").decode("utf-8", "replace")
            except OSError:
                continue
    return out


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the processes from /proc")
@pytest.mark.parametrize(("backend", "bound"), [("serial", 2.0), ("local", 2.0), ("ray", 5.0)])
def test_ctrl_c_stops_within_seconds_with_no_process_left(tmp_path, backend, bound):
    """Ctrl-C during a match: the command stops within ``bound`` seconds (Ray's shutdown of its
    private cluster takes about 1.5 s of its own), kills its workers, prints the games it has
    as partial and writes them marked so; nothing it started is left running."""
    if backend == "ray":
        pytest.importorskip("ray")
    import signal

    out = tmp_path / "partial.json"
    args = ["selfplay", "--games", "400", "--agents", "mcts:simulations=400,mcts:simulations=400"]
    args += ["--decks", "evergreen,energy", "--backend", backend, "--workers", "2"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardstate", *args, "--json", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        # Until the games are under way: the workers exist (local: the forkserver and two
        # workers; ray: a task running play_chunk; serial: the command has spent a second of
        # processor time, past its imports, which a whole one-game match takes a third of),
        # then a second more. Processor time, not wall time: a loaded machine slows imports.
        end = time.monotonic() + 90

        def started() -> bool:
            commands = _session_commands(proc.pid)
            if backend == "ray":
                return any("play_chunk" in c for c in commands.values())
            if backend == "serial":
                return _cpu_seconds(proc.pid) >= 1.0
            return len(commands) >= 4

        while not started() and time.monotonic() < end:
            time.sleep(0.1)
        time.sleep(1.0)
        assert proc.poll() is None, proc.communicate()
        start = time.monotonic()
        os.kill(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
        took = time.monotonic() - start
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, stdout + stderr
    assert took < bound, f"{took:.2f} s to stop"
    assert "partial" in stdout and "interrupted" in stdout
    assert "Traceback" not in stdout + stderr
    assert json.loads(out.read_text())["partial"] is True
    end = time.monotonic() + 5
    while _session(proc.pid) and time.monotonic() < end:
        time.sleep(0.1)
    assert _session(proc.pid) == [], "processes left behind"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--decks", "nosuch,energy"], ['--decks (the first): unknown deck "nosuch"', "infect"]),
        (["--agents", "mcts:sims=3,random"], ['unknown option "sims"', "simulations (an integer"]),
        (
            ["--agents", "mcts:simulations=abc,random"],
            ["simulations must be an integer from 1 to", '"abc"'],
        ),
        (["--agents", "random,random,random"], ["--agents takes two agents"]),
        (["--games", "0"], ["--games must be at least 1, got 0"]),
        (["--games", "-3"], ["--games must be at least 1, got -3"]),
        (["--workers", "0", "--backend", "local"], ["--workers must be a positive int, got 0"]),
        (["--chunk-size", "0"], ["--chunk-size must be a positive int, got 0"]),
        (["--connect-timeout", "0"], ["--connect-timeout must be a finite number > 0"]),
        (["--address", "host:1"], ["address= is for the ray backend"]),
        (["--pool", "nosuch"], ["--pool nosuch: neither a pool (core", "nor a file"]),
        (
            ["--decks", "infect,energy", "--format", "constructed"],
            ["--decks (the first)", "at least 60 cards"],
        ),
    ],
)
def test_a_bad_setting_is_refused_before_any_game(args, words):
    """Every setting is checked before the progress bar: one line naming what is wrong and
    what is valid, exit status 2, no game played."""
    r = _cli("selfplay", "--backend", "serial", "--games", "100000", *args, timeout=60)
    assert r.returncode == 2, r
    assert "Traceback" not in r.stdout + r.stderr
    assert "games/s" not in r.stdout and "win rate" not in r.stdout, r.stdout
    text = " ".join(r.stdout.split())
    for w in words:
        assert w in text, text


def test_an_install_hint_keeps_its_extra(monkeypatch, capsys):
    """rich markup would read ``[plot]`` as a tag and drop it: the message is printed as it is."""
    import cardstate.selfplay.plot as plot
    from cardstate.errors import SelfPlayError

    def missing():
        raise SelfPlayError("--plot needs matplotlib: pip install 'cardstate[plot]'")

    monkeypatch.setattr(plot, "require_matplotlib", missing)
    assert main(["selfplay", "--games", "1", "--plot", "x.png"]) == 2
    assert "pip install 'cardstate[plot]'" in capsys.readouterr().out


def test_help_lists_the_agents_decks_and_defaults():
    r = _cli("selfplay", "--help", timeout=60)
    text = " ".join(r.stdout.split())
    assert "%%" not in text and "95% intervals" in text
    for words in ("random, greedy, mcts", "energy, evergreen, infect", "default mcts,random"):
        assert words in text, text
    assert "energy,evergreen for core" in text


def test_one_worker_is_one_worker(capsys):
    assert (
        main(["selfplay", "--games", "1", "--agents", "random,random", "--backend", "serial"]) == 0
    )
    assert "(1 worker)" in " ".join(capsys.readouterr().out.split())


def _terminal(*args: str) -> tuple[subprocess.Popen, int]:
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardstate", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        close_fds=True,
    )
    os.close(slave)
    return proc, master


def _say(fd: int, line: str, until: tuple[str, ...] = ("your move",)) -> str:
    os.write(fd, line.encode() + b"\n")
    return _read_until(fd, until)


@pytest.mark.parametrize(
    ("typed", "chosen"),
    [
        ("2", 2),
        ("Play Forest (hand slot 2)", 2),
        ("play for", 2),
        ("  cast   grizzly ", 3),
        ("cast grizly bears", 3),
        ("pass", 0),
        ("play", "begins several moves"),
        ("7", "not one of the listed moves"),
        ("xyzzy", "not one of the listed moves"),
    ],
)
def test_a_move_is_its_number_text_beginning_or_the_one_close_to_it(typed, chosen):
    from cardstate.cli.play import parse_move

    moves = ["pass", "play Plains (hand slot 0)", "play Forest (hand slot 2)",
             "cast Grizzly Bears (hand slot 3)"]  # fmt: skip
    got = parse_move(typed, moves)
    if isinstance(chosen, int):
        assert got == chosen
    else:
        assert isinstance(got, str) and chosen in got


def test_play_for_a_person_help_show_prefix_log_undo_save_and_replay(tmp_path):
    """Through a pseudo-terminal: ``help``, ``show`` (the Oracle text), a move by the beginning
    of its text, the log of what happened since, ``undo``, ``save``, ``--load`` and ``replay``."""
    saved = tmp_path / "game.json"
    proc, fd = _terminal(
        "play", "--agent", "random", "--deck", "evergreen", "--seed", "2", "--no-mulligans"
    )
    try:
        seen = _read_until(fd, ("your move",))
        assert "[1] play Plains (hand slot 0)" in seen and "help" in seen
        assert "show CARD" in _say(fd, "help")
        text = _say(fd, "show serra")
        assert "Serra Angel" in text and "Flying" in text and "Vigilance" in text
        assert "no card 'nosuch'" in _say(fd, "show nosuch")
        assert "nothing to undo" in _say(fd, "undo")
        # A move by the beginning of its text; the agent then plays: the log tells it.
        seen = _say(fd, "play pl")
        assert "since your last decision:" in seen and "the agent: play Plains" in seen
        assert "entered the battlefield" in seen
        assert "Plains (2)" in seen  # ours, on the battlefield
        seen = _say(fd, "undo")
        assert "undone" in seen and "battlefield: \r\n" in seen  # back before our land
        seen = _say(fd, "play plains")
        assert "Plains (2)" in seen
        assert f"saved to {saved}" in _say(fd, f"save {saved}")
        os.write(fd, b"q\n")
        _read_until(fd, ("quit",))
        assert proc.wait(timeout=30) == 1
    finally:
        proc.kill()
        os.close(fd)
    data = json.loads(saved.read_text())
    assert data["format"] == "cardstate-duel-game/1" and data["actions"] and data["seat"] == 0
    # Loaded, the game goes on where it was saved.
    proc, fd = _terminal("play", "--load", str(saved))
    try:
        seen = _read_until(fd, ("your move",))
        assert "Plains (2)" in seen and "turn 3/40" in seen
        os.write(fd, b"q\n")
        _read_until(fd, ("quit",))
    finally:
        proc.kill()
        os.close(fd)
    # The replay steps through the same actions from the start.
    proc, fd = _terminal("replay", str(saved))
    try:
        seen = _read_until(fd, ("replay (",))
        assert f"action 1/{len(data['actions'])}: you (player 0): play Plains" in seen
        assert "hand: 7 cards" in seen  # the agent's hand by its size only
        seen = _say(fd, "e", ("replay (",))
        assert "end of the saved game" in seen and "Plains (2)" in seen
        n = len(data["actions"])
        assert f"action {n}/{n}: the agent (player 1): play" in _say(fd, "b", ("replay (",))
        os.write(fd, b"q\n")
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
        os.close(fd)


def test_a_changed_saved_game_is_refused(tmp_path):
    from cardstate.cli import record
    from cardstate.duel import Duel

    d = Duel("evergreen", "evergreen", seed=1)
    d.apply_action(d.legal_actions()[-1])
    game = record.SavedGame(("evergreen", "evergreen"), None, "limited", 1, 0, "random",
                            d.history(), d.to_bytes())  # fmt: skip
    path = tmp_path / "g.json"
    record.save(str(path), game)
    assert record.load(path).replay().hash() == d.hash()
    data = json.loads(path.read_text())
    data["seed"] = 2
    path.write_text(json.dumps(data))
    r = _cli("replay", str(path), timeout=60)
    assert r.returncode == 2 and "can't replay" in r.stderr, r
    path.write_text("{}")
    r = _cli("play", "--load", str(path), timeout=60)
    assert r.returncode == 2 and "not a saved game" in r.stderr, r


def test_play_without_a_deck_lists_the_decks():
    r = _cli("play", "--agent", "random", timeout=60)
    assert r.returncode == 2
    assert "--deck is needed" in r.stderr and "evergreen" in r.stderr


def test_attackers_and_blockers_are_marked_in_combat_only():
    from cardstate.cli.play import _Combat

    c = _Combat()
    c.note("attack with Grizzly Bears (6)")
    c.note("no attack with Serra Angel (9)")
    c.note("block Grizzly Bears (6) with Giant Spider (27)")
    c.note("no block with Llanowar Elves (8)")
    board = (
        "battlefield: Grizzly Bears (6) 2/2, Serra Angel (9) 4/4\nbattlefield: Giant Spider (27)"
    )
    marked = c.mark(board, "declare blockers")
    assert "Grizzly Bears (6) [attacking]" in marked and "Giant Spider (27) [blocking]" in marked
    assert "(9) [" not in marked
    # Once combat is over the marks go.
    assert c.mark(board, "main2") == board and not c.attacking and not c.blocking


def test_play_passes_on_the_persons_behalf_with_wait_and_end():
    """``end`` passes until the next turn; ``wait`` until the agent does something (its moves
    then head the log) or passing isn't possible."""
    import re

    proc, fd = _terminal(
        "play", "--agent", "random", "--deck", "evergreen", "--seed", "2", "--no-mulligans"
    )
    try:
        seen = _read_until(fd, ("your move",))
        turn = int(re.findall(r"turn (\d+)/40", seen)[-1])
        seen = _say(fd, "end")
        assert int(re.findall(r"turn (\d+)/40", seen)[-1]) > turn
        seen = _say(fd, "wait")
        decision = seen.rsplit("since your last decision:", 1)[-1]
        assert "the agent:" in decision or "[0] pass" not in decision, seen
        os.write(fd, b"q\n")
        _read_until(fd, ("quit",))
    finally:
        proc.kill()
        os.close(fd)


def test_the_log_tells_draws_arrivals_graveyards_life_and_poison():
    from cardstate.cli.play import _changes, _Snapshot

    before = _Snapshot([20, 20], [0, 0], ["Forest"], {4: "Forest"}, [[], []])
    after = _Snapshot(
        [17, 20], [0, 2], ["Forest", "Plains"], {4: "Forest", 9: "Grizzly Bears"},
        [["Giant Growth"], ["Llanowar Elves"]],
    )  # fmt: skip
    assert _changes(before, after, 0) == [
        "you drew or got: Plains",
        "Grizzly Bears (9) entered the battlefield",
        "Giant Growth went to your graveyard",
        "you: life 20 -> 17",
        "Llanowar Elves went to the agent's graveyard",
        "the agent: poison 0 -> 2",
    ]
