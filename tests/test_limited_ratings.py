"""The card-quality table (cardstate.limited.ratings): the shipped proxy rates every card of the
set on a win-rate scale, and a 17lands card-ratings export is read as a table the drafter and
the deck builder use."""

from __future__ import annotations

from pathlib import Path

import pytest
from cardstate.limited import RatingDrafter, build, fdn_set, proxy_ratings, read_17lands_csv
from cardstate.limited.event import play_round_robin, sealed_event


def test_the_proxy_rates_every_card_of_the_set() -> None:
    table = proxy_ratings()
    assert set(table) == set(fdn_set())
    for name, card in fdn_set().items():
        if card.sheet == "basic":
            assert table[name] == 0.0
        else:
            assert 40.0 <= table[name] <= 65.0, name


def test_the_proxy_follows_its_documented_terms() -> None:
    table = proxy_ratings()
    # Abrade, an uncommon removal spell ("deals 3 damage to target creature"): 52 + 4.
    assert table["Abrade"] == 56.0
    # Serra Angel, an uncommon 4/4 flier with vigilance for 5: 52 + (8 - 10 - 1) + 2 + 0.5.
    assert table["Serra Angel"] == 52.0 - 3 + 2.0 + 0.5
    # Llanowar Elves, a common 1/1 for 1: 50 + (2 - 2 - 1).
    assert table["Llanowar Elves"] == 50.0 + (1 + 1 - 2 - 1)


def test_a_17lands_export_is_read_as_a_table(tmp_path: Path) -> None:
    path = tmp_path / "card-ratings.csv"
    path.write_text(
        'Name,Color,Rarity,"GIH WR"\n'
        "Stab,B,C,56.1%\n"
        "Think Twice,U,C,\n"
        'Llanowar Elves,G,C,"58.0%"\n',
        encoding="utf-8",
    )
    table = read_17lands_csv(path)
    assert table == {"Stab": 56.1, "Llanowar Elves": 58.0}
    bot = RatingDrafter(table)
    assert bot.pick(["Think Twice", "Stab", "Llanowar Elves"], [], 0) == 2
    assert len(build(["Stab"] * 3, ratings=table)) == 40


def test_a_file_without_the_columns_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.csv"
    path.write_text("Card,WR\nStab,50\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no 'Name' and 'GIH WR' columns"):
        read_17lands_csv(path)
    path.write_text("Name,GIH WR\nStab,lots\n", encoding="utf-8")
    with pytest.raises(ValueError, match="'lots' of 'Stab' is not a number"):
        read_17lands_csv(path)


def test_bad_event_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="players"):
        sealed_event(players=1)
    with pytest.raises(ValueError, match="games_per_pair"):
        play_round_robin([["Plains"] * 40] * 2, 0, games_per_pair=0)
    with pytest.raises(TypeError, match="games_per_pair"):
        play_round_robin([["Plains"] * 40] * 2, 0, games_per_pair=1.0)  # type: ignore[arg-type]
