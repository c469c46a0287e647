"""FDN play boosters and sealed pools (cardstate.limited.booster): the collation's slots by
rarity and sheet over many seeds, no repeats where the collation forbids them, reproducible
from the seed."""

from __future__ import annotations

from collections import Counter

import pytest
from cardstate.limited import booster, booster_seed, fdn_set, sealed_pool
from cardstate.limited.booster import BOOSTER_SIZE, SEALED_BOOSTERS
from cardstate.limited.setdata import sheet

SEEDS = range(3000)


@pytest.fixture(scope="module")
def boosters() -> list[list[str]]:
    return [booster(s) for s in SEEDS]


def test_the_set_data_has_every_card_once_with_its_rarity_and_sheet() -> None:
    cards = fdn_set()
    assert len(cards) == 286
    counts = Counter((c.sheet, c.rarity) for c in cards.values())
    assert counts == {
        ("main", "common"): 80,
        ("main", "uncommon"): 101,
        ("main", "rare"): 60,
        ("main", "mythic"): 20,
        ("gain land", "common"): 10,
        ("basic", "basic land"): 5,
        ("special guest", "special"): 10,
    }
    assert cards["Llanowar Elves"].rarity == "common"
    assert cards["Serra Angel"].rarity == "uncommon"
    assert cards["Doubling Season"].rarity == "mythic"
    assert cards["Scoured Barrens"].sheet == "gain land"
    assert cards["Scoured Barrens"].colours == "WB"
    assert cards["Embercleave"].sheet == "special guest"
    assert cards["Abrade"].colours == "R" and cards["Abrade"].mana_value == 2


def test_every_booster_has_fourteen_cards_by_slot(boosters: list[list[str]]) -> None:
    info = fdn_set()
    for b in boosters:
        assert len(b) == BOOSTER_SIZE
        for name in b[:6]:
            assert (info[name].sheet, info[name].rarity) == ("main", "common")
        assert (info[b[6]].sheet, info[b[6]].rarity) in (
            ("main", "common"),
            ("special guest", "special"),
        )
        for name in b[7:10]:
            assert (info[name].sheet, info[name].rarity) == ("main", "uncommon")
        assert info[b[10]].sheet == "main" and info[b[10]].rarity in ("rare", "mythic")
        for name in b[11:13]:
            assert info[name].sheet == "main"
        assert info[b[13]].sheet in ("gain land", "basic")


def test_no_common_and_no_uncommon_repeats_within_its_slots(boosters: list[list[str]]) -> None:
    for b in boosters:
        assert len(set(b[:7])) == 7
        assert len(set(b[7:10])) == 3


def test_slot_frequencies_match_the_collation(boosters: list[list[str]]) -> None:
    info = fdn_set()
    n = len(boosters)
    # A mythic in the rare slot: 20 / (2 * 60 + 20) = 1/7 (expected 428.6 of 3000, sd 19).
    mythics = sum(info[b[10]].rarity == "mythic" for b in boosters)
    assert 330 < mythics < 530
    # A Special Guest in slot 7: 1/64 (expected 46.9, sd 6.8).
    guests = sum(info[b[6]].sheet == "special guest" for b in boosters)
    assert 20 < guests < 80
    # The land: a gain land half the time.
    gain = sum(info[b[13]].sheet == "gain land" for b in boosters)
    assert 0.45 * n < gain < 0.55 * n
    # Wildcards (two a booster): common 18.3%, uncommon 62.8%, rare 16.3%, mythic 2.6%.
    wild = Counter(info[name].rarity for b in boosters for name in b[11:13])
    total = 2 * n
    for rarity, share in (("common", 0.183), ("uncommon", 0.628), ("rare", 0.163)):
        assert abs(wild[rarity] / total - share) < 0.03, rarity
    assert 0.01 < wild["mythic"] / total < 0.045


def test_every_card_of_the_booster_sheets_turns_up(boosters: list[list[str]]) -> None:
    seen = {name for b in boosters for name in b}
    for name in (*sheet("main"), *sheet("gain land"), *sheet("basic")):
        assert name in seen, name


def test_a_booster_is_reproducible_from_its_seed() -> None:
    assert booster(7) == booster(7)
    assert booster(7) != booster(8)
    # Pinned: the same booster on every machine (SplitMix64 from the seed).
    assert booster(0) == [
        "Fleeting Distraction",
        "Stab",
        "Apothecary Stomper",
        "Crackling Cyclops",
        "Lightshell Duo",
        "Witness Protection",
        "Tolarian Terror",
        "Dauntless Veteran",
        "Wardens of the Cycle",
        "Sun-Blessed Healer",
        "Extravagant Replication",
        "Perforating Artist",
        "Essence Scatter",
        "Swiftwater Cliffs",
    ]


def test_a_sealed_pool_is_six_boosters_from_derived_seeds() -> None:
    pool = sealed_pool(5)
    assert len(pool) == SEALED_BOOSTERS * BOOSTER_SIZE == 84
    assert pool == [n for i in range(6) for n in booster(booster_seed(5, i))]
    assert sealed_pool(5) == pool and sealed_pool(6) != pool


@pytest.mark.parametrize(
    ("seed", "error"),
    [(-1, OverflowError), (2**64, OverflowError), ("1", TypeError), (1.5, TypeError)],
)
def test_a_bad_seed_is_refused(seed: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="seed"):
        booster(seed)  # type: ignore[arg-type]
    with pytest.raises(error, match="seed"):
        sealed_pool(seed)  # type: ignore[arg-type]
