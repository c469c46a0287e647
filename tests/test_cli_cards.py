"""``cardstate cards coverage FILE... [--pool NAME|FILE]``: which cards of deck files and name
lists are playable with a pool, why the others aren't, and the exit status."""

from __future__ import annotations

import subprocess
import sys

from cardstate.cards.fdn.data import DATA, deck_files, pauper_files
from cardstate.cli import main


def test_a_deck_of_playable_cards_exits_0(tmp_path, capsys):
    deck = tmp_path / "red.dck"
    deck.write_text("NAME:red\n20 Mountain\n10 [FDN:1] Boltwave\n10 Brazen Scourge\n")
    assert main(["cards", "coverage", str(deck)]) == 0
    out = capsys.readouterr().out
    assert out == (
        f"{deck} (pool fdn): 3 of 3 distinct cards playable\n"
        "  playable: Mountain, Boltwave, Brazen Scourge\n"
    )


def test_each_card_that_isnt_playable_is_given_with_why(tmp_path, capsys):
    names = tmp_path / "names.txt"
    names.write_text("# some cards\nStab\nBloodfell Caves\nFireblast\nChandra, Flameshaper\n")
    assert main(["cards", "coverage", str(names)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{names} (pool fdn): 3 of 4 distinct cards playable"
    assert out[1] == "  playable: Stab, Bloodfell Caves, Chandra, Flameshaper"
    assert out[2:] == [
        "  not playable: Fireblast",
        "    - not a card of the pool 'fdn' (not defined yet)",
    ]


def test_every_fdn_deck_and_the_pauper_lists_are_reported():
    """The packaged FDN decks against the Foundations pool, the Pauper lists against theirs: every
    card of each plays, so the exit status is 0."""
    files = [str(p) for p in deck_files().values()]
    out = subprocess.run(
        [sys.executable, "-m", "cardstate", "cards", "coverage", *files],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("(pool fdn): ") == 20
    for line in out.stdout.splitlines():
        if "(pool fdn): " in line:
            n, of = line.split(": ")[1].split(" distinct")[0].split(" of ")
            assert n == of, line
    assert "FDN_top_07961_WR.dck (pool fdn): 22 of 22 distinct cards playable" in out.stdout
    burn, rally = str(pauper_files()["burn"]), str(pauper_files()["rally"])
    out = subprocess.run(
        [sys.executable, "-m", "cardstate", "cards", "coverage", "--pool", "pauper", burn, rally],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0
    assert f"{burn} (pool pauper): 12 of 12 distinct cards playable" in out.stdout
    assert f"{rally} (pool pauper): 14 of 14 distinct cards playable" in out.stdout
    assert (
        "  playable: Sneaky Snacker, Faithless Looting, Highway Robbery, Masked Meower, "
        "Lightning Bolt, Mountain, Grab the Prize, Fireblast, Guttersnipe, Fiery Temper, "
        "Voldaren Epicure, Lava Dart" in out.stdout
    )


def test_a_name_list_of_the_whole_set(capsys):
    assert main(["cards", "coverage", str(DATA / "fdn" / "cards.txt")]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith("(pool fdn): 284 of 286 distinct cards playable")


def test_a_bad_file_or_pool_exits_2(tmp_path, capsys):
    assert main(["cards", "coverage", str(tmp_path / "missing.txt")]) == 2
    assert "can't read" in capsys.readouterr().err
    deck = tmp_path / "d.txt"
    deck.write_text("Stab\n")
    assert main(["cards", "coverage", "--pool", "nope", str(deck)]) == 2
    assert "bad --pool" in capsys.readouterr().err
    assert main(["cards", "coverage", "--pool", "core", str(deck)]) == 1


def test_no_file_reports_the_whole_pool_the_berserk_one_too(capsys):
    """With no file, the whole pool: the Berserk pool's 13 cards all play (on a
    ruleset="berserk" Game), each reconstructed from the rules' examples."""
    assert main(["cards", "coverage", "--pool", "berserk"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "the pool berserk: 13 of 13 distinct cards playable"
    assert out[1].startswith("  playable: Обряд Пум-Пу, Вайл, ")
    assert out[2].startswith("  reconstructed from the rules' examples: Обряд Пум-Пу, ")
