"""Booster drafts (cardstate.limited.draft) and drafters (cardstate.limited.bots): the right
boosters pass in the right direction, every card opened is picked once, bots and policies,
reproducible from the seed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from cardstate.limited import Draft, RatingDrafter, booster, booster_seed, run_draft
from cardstate.limited.bots import best_pair, make_drafter


@pytest.fixture(scope="module")
def rating_draft():  # type: ignore[no-untyped-def]
    return run_draft(["rating"] * 8, seed=11)


def test_eight_seats_pick_fourteen_cards_from_each_of_three_boosters(rating_draft) -> None:  # type: ignore[no-untyped-def]
    assert [len(p) for p in rating_draft.picks] == [42] * 8
    opened = Counter(n for i in range(24) for n in booster(booster_seed(11, i)))
    picked = Counter(n for p in rating_draft.picks for n in p)
    assert picked == opened
    assert len(rating_draft.log) == 8 * 42


def test_boosters_pass_left_right_left(rating_draft) -> None:  # type: ignore[no-untyped-def]
    n = 8
    for pick in rating_draft.log:
        # Left: seat s passes to seat s + 1, so at pick k seat s holds the booster seat s - k
        # opened; right (the second round): the one seat s + k opened.
        d = -1 if pick.round == 1 else 1
        assert pick.opened_by == (pick.seat - d * pick.pick) % n
        assert len(pick.booster) == 14 - pick.pick
        if pick.pick == 0:
            assert list(pick.booster) == booster(booster_seed(11, pick.round * n + pick.seat))


def test_each_booster_arrives_less_the_card_its_last_holder_took(rating_draft) -> None:  # type: ignore[no-untyped-def]
    by = {(p.round, p.pick, p.seat): p for p in rating_draft.log}
    for p in rating_draft.log:
        if p.pick == 0:
            continue
        d = -1 if p.round == 1 else 1
        before = by[(p.round, p.pick - 1, (p.seat - d) % 8)]
        rest = list(before.booster)
        rest.remove(before.card)
        assert list(p.booster) == rest


def test_a_draft_is_reproducible_from_its_seed() -> None:
    a = run_draft(["random", "rating"] * 4, seed=3)
    b = run_draft(["random", "rating"] * 4, seed=3)
    c = run_draft(["random", "rating"] * 4, seed=4)
    assert a.picks == b.picks
    assert a.picks != c.picks


def test_any_python_policy_drafts() -> None:
    def last(booster: Sequence[str], picks: Sequence[str], pick_number: int) -> int:
        return len(booster) - 1

    r = run_draft([last] * 4, seed=2)
    for p in r.log:
        assert p.card == p.booster[-1]


def test_a_drafter_may_answer_with_a_card_name() -> None:
    class ByName:
        def pick(self, booster: Sequence[str], picks: Sequence[str], n: int) -> str:
            return sorted(booster)[0]

    r = run_draft([ByName()] * 2, seed=5, rounds=1)
    for p in r.log:
        assert p.card == sorted(p.booster)[0]


def test_the_rating_drafter_commits_to_two_colours() -> None:
    ratings = {
        "Llanowar Elves": 55.0,
        "Giant Growth": 55.0,
        "Abrade": 56.0,
        "Stab": 50.0,
        "Think Twice": 60.0,
        "Bite Down": 51.0,
        "Incinerating Blast": 52.0,
    }
    bot = RatingDrafter(ratings, commit_after=3, off_colour_penalty=10)
    # Uncommitted: the best card.
    assert bot.pick(["Stab", "Think Twice", "Bite Down"], ["Abrade"], 1) == 1
    # Committed to red-green by its picks: the blue card is 10 worse, so green wins.
    picks = ["Llanowar Elves", "Giant Growth", "Abrade"]
    assert best_pair(picks, ratings) == "RG"
    assert bot.pick(["Think Twice", "Bite Down", "Stab"], picks, 3) == 1


def test_the_draft_refuses_bad_choices_and_stays_as_it_was() -> None:
    d = Draft(seats=2, seed=1, rounds=1)
    before = d.booster_of(0)
    with pytest.raises(ValueError, match="not in seat 0's booster"):
        d.choose(0, "Not A Card")
    with pytest.raises(ValueError, match="card index"):
        d.choose(0, 14)
    with pytest.raises(TypeError, match="card must be"):
        d.choose(0, 1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        d.choose(2, 0)
    d.choose(0, 0)
    with pytest.raises(ValueError, match="already chosen"):
        d.choose(0, 1)
    assert d.booster_of(0) == before and d.picks == [[], []]
    d.choose(1, 0)
    assert d.picks[0] == [before[0]]
    while not d.done:
        d.choose(0, 0)
        d.choose(1, 0)
    with pytest.raises(ValueError, match="over"):
        d.choose(0, 0)


@pytest.mark.parametrize("seats", [1, 65, True, "8"])
def test_a_bad_number_of_seats_is_refused(seats: object) -> None:
    with pytest.raises(ValueError, match="seats"):
        Draft(seats=seats)  # type: ignore[arg-type]


def test_an_unknown_drafter_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown drafter 'best'"):
        make_drafter("best")
    with pytest.raises(TypeError, match="a drafter is"):
        make_drafter(3)
