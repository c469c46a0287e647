"""Hostile duel bytes (docs/DUEL.md, "Bytes" and "Limits"), for both implementations:

- the native and the reference decoders accept and refuse the same bytes (the same exception
  type), and what both accept is the same duel;
- replaying is linear in the input's length: a resample is replayed in place (it used to copy
  the duel, its log included, which made a log of resamples quadratic), and each replayed step
  reads a board of bounded size (a player has at most ``MAX_PLAYER_CARDS`` cards in hand,
  library, battlefield, graveyard and exile, decks and ``add_card`` alike).

A hang is checked for in a subprocess with a time bound.
"""

from __future__ import annotations

import struct
import subprocess
import sys
from typing import Any

import cardstate.reference.duel
import hypothesis.strategies as st
import numpy as np
import pytest
from cardstate.cards import pool
from cardstate.duel import Duel
from hypothesis import given, settings

IMPLS = {"native": Duel, "reference": cardstate.reference.duel.Duel}
MAX_PLAYER_CARDS = 255
NAMES = list(pool)
ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command")


def encode(
    names: list[bytes],
    decks: tuple[list[int], list[int]],
    ops: list[tuple[Any, ...]],
    *,
    seed: int = 1,
    turn_limit: int = 40,
    auto_pass: int = 1,
    options: int | None = 1,
    log_length: int | None = None,
) -> bytes:
    """Duel bytes (the format of docs/DUEL.md) from their parts, any of them hostile: version 3
    with the options byte ``options``, or version 2 (none) for ``options=None``."""
    version = 2 if options is None else 3
    out = bytearray(b"CSDU") + struct.pack("<BQIB", version, seed, turn_limit, auto_pass)
    if options is not None:
        out.append(options)
    out += struct.pack("<H", len(names))
    for name in names:
        out += struct.pack("<H", len(name)) + name
    for deck in decks:
        out += struct.pack("<I", len(deck)) + struct.pack(f"<{len(deck)}H", *deck)
    out += struct.pack("<I", len(ops) if log_length is None else log_length)
    for op in ops:
        if op[0] == "action":
            out += struct.pack("<BI", 0, op[1])
        elif op[0] == "add_card":
            out += struct.pack("<BBHB", 1, op[1], op[2], op[3])
        elif op[0] == "resample":
            out += struct.pack("<BBQ", 2, op[1], op[2])
        else:
            out += bytes(op[1])
    return bytes(out)


def _table() -> list[bytes]:
    return [n.encode() for n in NAMES]


def _deck(name: str) -> list[int]:
    return [NAMES.index(n) for n in cardstate.cards.decks[name]]


def _outcome(impl: type, data: bytes) -> Any:
    try:
        d = impl.from_bytes(data)
    except Exception as e:  # noqa: BLE001 - compared between the implementations
        return (type(e).__name__,)
    return (
        "ok",
        d.to_bytes(),
        d.legal_actions(),
        d.current_player(),
        d.hand(0),
        d.hand(1),
        [np.asarray(d.observation_tensor(p)).tolist() for p in (0, 1)],
    )


def _same(data: bytes) -> Any:
    native, reference = (_outcome(impl, data) for impl in IMPLS.values())
    assert native == reference, (native[:1], reference[:1])
    return native


# ------------------------------------------------------------------------------------------------
# The same bytes accepted and refused


def test_a_card_table_naming_an_unknown_card_is_refused_even_unused():
    """The reference used to accept it when no deck or set-up card used the name."""
    decks = (_deck("infect"), _deck("energy"))
    assert _same(encode(_table(), decks, []))[0] == "ok"
    assert _same(encode([*_table(), b"Black Lotus"], decks, [])) == ("ValueError",)
    assert _same(encode([*_table(), b"\xff"], decks, [])) == ("ValueError",)
    assert _same(encode([*_table(), b"\xed\xa0\x80"], decks, [])) == ("ValueError",)


def test_the_options_byte_is_read_alike_and_unknown_flags_are_refused():
    """Version 3's options byte: bit 0 the London mulligan (103.5), bit 1 the attacking
    player's division of combat damage (510.1c), any other bit refused by both decoders;
    version 2 bytes (no options byte) read as the fast variant (every option off)."""
    decks = (_deck("infect"), _deck("energy"))
    ops = [("action", 2), ("action", 1), ("action", 5)]  # a mulligan, a keep, a card to the bottom
    cases = ((3, True, True), (1, True, False), (2, False, True), (0, False, False))
    for options, mulligans, assign_damage in (*cases, (None, False, False)):
        data = encode(_table(), decks, ops if mulligans else [], options=options)
        assert _same(data)[0] == "ok"
        for impl in IMPLS.values():
            d = impl.from_bytes(data)
            assert (d.mulligans, d.assign_damage) == (mulligans, assign_damage)
    # Without mulligans, the mulligan decision is not there to replay.
    assert _same(encode(_table(), decks, ops[:1], options=0)) == ("ValueError",)
    for flags in (4, 5, 128, 255):
        assert _same(encode(_table(), decks, [], options=flags)) == ("ValueError",)
        for impl in IMPLS.values():
            with pytest.raises(ValueError, match="unknown options"):
                impl.from_bytes(encode(_table(), decks, [], options=flags))


@pytest.mark.parametrize("impl_name", sorted(IMPLS))
def test_a_player_has_at_most_255_cards(impl_name):
    """A deck holds at most ``MAX_PLAYER_CARDS`` cards and ``add_card`` adds none beyond: the
    count of one card's copies a player could hold hidden used to wrap at 256 in the native
    duel (a resample then dealt other cards than the reference's)."""
    impl = IMPLS[impl_name]
    with pytest.raises(ValueError, match="at most 255 cards"):
        impl(["Forest"] * (MAX_PLAYER_CARDS + 1), "energy")
    d = impl(["Forest"] * 40, "energy", seed=3)
    zones = ("hand", "library", "battlefield", "graveyard", "exile")
    for i in range(MAX_PLAYER_CARDS - 40):
        d.add_card(0, "Forest", zones[i % len(zones)])
    before = d.to_bytes()
    for zone in zones:
        with pytest.raises(ValueError, match="no more can be added"):
            d.add_card(0, "Forest", zone)
    assert d.to_bytes() == before
    d.add_card(1, "Forest", "hand")  # the other player's cards are counted apart


def test_bytes_beyond_the_card_limit_are_refused_by_both():
    forest = NAMES.index("Forest")
    decks = ([forest] * 40, _deck("energy"))
    big = ([forest] * (MAX_PLAYER_CARDS + 1), _deck("energy"))
    assert _same(encode(_table(), big, [])) == ("ValueError",)
    ops = [("add_card", 0, forest, 1)] * (MAX_PLAYER_CARDS - 40)
    assert _same(encode(_table(), decks, ops))[0] == "ok"
    assert _same(encode(_table(), decks, [*ops, ("add_card", 0, forest, 0)])) == ("ValueError",)
    assert _same(encode(_table(), decks, [*ops, ("resample", 1, 5)]))[0] == "ok"


def _mostly(good: st.SearchStrategy[Any], bad: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``good`` seven times in eight, ``bad`` else: most bytes replay, so both duels' states are
    compared too, not only their refusals."""
    return st.integers(0, 7).flatmap(lambda i: bad if i == 0 else good)


@st.composite
def _hostile_bytes(draw: st.DrawFn) -> bytes:
    """Bytes from parts drawn near and beyond what is valid: table names, deck entries, log
    entries and lengths, header fields, a cut."""
    names = _table()
    if draw(st.integers(0, 7)) == 0:
        extra = draw(st.sampled_from([b"Black Lotus", b"", b"\xff\xfe", b"Forest", b"forest"]))
        names.insert(draw(st.integers(0, len(names))), extra)
    n = len(names)
    index = _mostly(st.integers(0, n - 1), st.sampled_from([n, 2**16 - 1]))
    decks = tuple(
        _deck(deck) if draw(_mostly(st.just(True), st.just(False))) else draw(st.lists(index))
        for deck in ("infect", "energy")
    )
    op = st.one_of(
        st.tuples(st.just("action"), _mostly(st.integers(0, 6), st.just(2**32 - 1))),
        st.tuples(
            st.just("add_card"),
            _mostly(st.integers(0, 1), st.just(2)),
            index,
            _mostly(st.integers(0, 4), st.integers(5, len(ZONES) + 1)),
        ),
        st.tuples(st.just("resample"), _mostly(st.integers(0, 1), st.just(2)), st.integers(0, 9)),
    )
    ops = draw(st.lists(_mostly(op, st.tuples(st.just("raw"), st.binary(max_size=6))), max_size=12))
    data = encode(
        names,
        decks,  # type: ignore[arg-type]
        ops,
        seed=draw(st.integers(0, 2**64 - 1)),
        turn_limit=draw(_mostly(st.sampled_from([1, 3, 40]), st.sampled_from([0, 2**32 - 1]))),
        auto_pass=draw(_mostly(st.integers(0, 1), st.just(2))),
        options=draw(_mostly(st.sampled_from([0, 1, 2, 3, None]), st.integers(4, 255))),
        log_length=draw(_mostly(st.none(), st.sampled_from([0, 5, 2**32 - 1]))),
    )
    cut = draw(_mostly(st.none(), st.integers(0, len(data))))
    return data if cut is None else data[:cut]


@settings(max_examples=100, deadline=None)
@given(data=_hostile_bytes())
def test_both_decoders_accept_and_refuse_the_same_bytes(data):
    _same(data)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 50),
    flips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=3),
)
def test_both_decoders_agree_on_played_duels_with_bytes_changed(seed, flips):
    d = Duel("infect", "energy", seed=seed, turn_limit=4)
    for i in range(seed):
        legal = d.legal_actions()
        if not legal:
            break
        d.apply_action(legal[(i * 5 + seed) % len(legal)])
    if seed % 3 == 0:
        d = d.resample(seed % 2, seed)
    data = bytearray(d.to_bytes())
    for at, value in flips:
        data[at % len(data)] = value
    _same(bytes(data))


# ------------------------------------------------------------------------------------------------
# Linear replay

_LONG_LOG = r"""
import struct, sys
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as Reference
impl = Duel if sys.argv[1] == "native" else Reference
n, kind = int(sys.argv[2]), sys.argv[3]
head = Duel("infect", "energy", seed=1).to_bytes()[:-4]
if kind == "resample":
    ops = b"".join(struct.pack("<BBQ", 2, i % 2, i) for i in range(n))
else:  # the most cards the limit allows, then resamples
    adds = [struct.pack("<BBHB", 1, i % 2, i % 20, i % 5) for i in range(2 * (255 - 40))]
    ops = b"".join(adds) + b"".join(struct.pack("<BBQ", 2, i % 2, i) for i in range(n))
    n += len(adds)
d = impl.from_bytes(head + struct.pack("<I", n) + ops)
print("replayed", len(d.to_bytes()))
"""


@pytest.mark.parametrize(
    ("impl_name", "n", "kind"),
    [
        ("native", 400_000, "resample"),  # 4 MB
        ("native", 200_000, "full"),
        ("reference", 20_000, "resample"),
        ("reference", 5_000, "full"),
    ],
)
def test_replaying_a_long_log_is_linear_in_its_length(impl_name, n, kind):
    """A log of resamples (after as many set-up cards as the limit allows) replays within a
    time bound that a quadratic replay overruns many times (the native duel took 10 s for
    1 MB of resamples, the reference minutes for 200 KB)."""
    args = [sys.executable, "-c", _LONG_LOG, impl_name, str(n), kind]
    try:
        out = subprocess.run(args, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"replaying {n} log entries on {impl_name} took more than a minute")
    assert out.returncode == 0 and out.stdout.startswith("replayed"), out.stderr[-2000:]


@pytest.mark.parametrize("impl", IMPLS)
def test_bytes_of_the_old_action_space_are_refused_saying_why(impl):
    """Version 1 bytes log schema 1's action ids, which mean other actions in schema 2: both
    decoders refuse them (docs/FORMAT.md §9) instead of replaying another game."""
    good = IMPLS[impl]("infect", "energy", seed=3).to_bytes()
    assert good[4] == 3
    old = good[:4] + b"\x01" + good[5:]
    with pytest.raises(ValueError, match="version 1.*schema 1"):
        IMPLS[impl].from_bytes(old)


@pytest.mark.parametrize("impl", IMPLS)
def test_version_2_bytes_read_with_the_options_off_and_unknown_options_are_refused(impl):
    """Version 3 has a byte of the rules' options after ``auto_pass`` (bit 0: ``mulligans``,
    bit 1: ``assign_damage``); version 2 has none and reads as the duel of its time, every
    option off."""
    duel = IMPLS[impl]
    on, off = (
        duel("infect", "energy", seed=3),
        duel("infect", "energy", seed=3, mulligans=False, assign_damage=False),
    )
    divide = duel("infect", "energy", seed=3, mulligans=False)
    at = 4 + 1 + 8 + 4 + 1  # magic, version, seed, turn limit, auto_pass
    assert (on.to_bytes()[at], divide.to_bytes()[at], off.to_bytes()[at]) == (3, 2, 0)
    v2 = b"CSDU\x02" + off.to_bytes()[5:at] + off.to_bytes()[at + 1 :]
    assert duel.from_bytes(v2).to_bytes() == off.to_bytes()
    for bad in (4, 128):
        data = on.to_bytes()[:at] + bytes([bad]) + on.to_bytes()[at + 1 :]
        with pytest.raises(ValueError, match="unknown options"):
            duel.from_bytes(data)
