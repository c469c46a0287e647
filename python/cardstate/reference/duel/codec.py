"""Bytes of a duel, the native duel's format (docs/DUEL.md, "Bytes"): the set-up (seed, turn
limit, ``auto_pass``, the options, the card names of the table, the two decks) and the log
(actions, set-up cards, resamples). Reading replays the log through the same calls, so every
state read back is one the rules reach; bad bytes are a ``ValueError``."""

from __future__ import annotations

import struct
from collections.abc import Container
from typing import Any

from cardstate.reference.duel.deck import quoted
from cardstate.reference.duel.resample import Prior

MAGIC = b"CSDU"
# 3 since the set-up has the options (a byte of flags after auto_pass); version 2 (schema 2's
# action ids, no options) is read with every option off (FAST); version 1's log (schema 1's ids)
# can't be replayed.
VERSION = 3
# The options byte's flags; the other bits are refused.
MULLIGANS = 1  # bit 0: the mulligans (103.5)
ASSIGN_DAMAGE = 2  # bit 1: the attacking player divides combat damage (510.1c)
OPTIONS = MULLIGANS | ASSIGN_DAMAGE
ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command")


def to_bytes(d: Any) -> bytes:
    out = bytearray(MAGIC)
    out += struct.pack("<BQIB", VERSION, d.seed, d.turn_limit, int(d.auto_pass))
    o = d.options
    out += struct.pack(
        "<B", (MULLIGANS if o.mulligans else 0) | (ASSIGN_DAMAGE if o.assign_damage else 0)
    )
    out += struct.pack("<H", len(d.cards))
    for c in d.cards:
        name = c.name.encode()
        out += struct.pack("<H", len(name)) + name
    for deck in d.decks:
        out += struct.pack("<I", len(deck)) + struct.pack(f"<{len(deck)}H", *deck)
    out += struct.pack("<I", len(d.log))
    for op in d.log:
        if op[0] == "action":
            out += struct.pack("<BI", 0, op[1])
        elif op[0] == "add_card":
            out += struct.pack("<BBHB", 1, op[1], op[2], ZONES.index(op[3]))
        elif op[0] == "resample":
            out += struct.pack("<BBQ", 2, op[1], op[2])
        else:
            # The prior written out: its cards of nonzero weight, by their index in the names.
            entries = [(c, w) for c, w in enumerate(op[3].weights) if w]
            out += struct.pack("<BBQH", 3, op[1], op[2], len(entries))
            for c, w in entries:
                out += struct.pack("<HI", c, w)
    return bytes(out)


class _Reader:
    def __init__(self, b: bytes) -> None:
        self.b, self.at = b, 0

    def take(self, fmt: str) -> Any:
        n = struct.calcsize(fmt)
        if len(self.b) - self.at < n:
            raise ValueError("duel bytes are truncated")
        v = struct.unpack_from(fmt, self.b, self.at)
        self.at += n
        return v[0] if len(v) == 1 else v

    def raw(self, n: int) -> bytes:
        if len(self.b) - self.at < n:
            raise ValueError("duel bytes are truncated")
        self.at += n
        return self.b[self.at - n : self.at]


def from_bytes(cls: Any, data: bytes, pool: Any = None, known: Container[str] = ()) -> Any:
    """A duel of class ``cls`` on ``pool`` read from ``to_bytes`` output (the native duel's
    too); every card name of its table is one of ``known`` (the pool's cards)."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"expected bytes, got {type(data).__name__}")
    r = _Reader(bytes(data))
    if r.raw(4) != MAGIC:
        raise ValueError("bad duel bytes: not a duel")
    version = r.take("<B")
    if version == 1:
        raise ValueError(
            "bad duel bytes: version 1: a log of the action ids of schema 1, which mean other "
            "actions now; they can't be replayed"
        )
    if version not in (2, VERSION):
        raise ValueError("bad duel bytes: unknown format version")
    seed, turn_limit, auto_pass = r.take("<QIB")
    if auto_pass not in (0, 1):
        raise ValueError("bad duel bytes: auto_pass flag")
    flags = 0 if version == 2 else r.take("<B")
    if flags & ~OPTIONS:
        raise ValueError("bad duel bytes: unknown options")
    names = []
    for _ in range(r.take("<H")):
        try:
            name = r.raw(r.take("<H")).decode()
        except UnicodeDecodeError:
            raise ValueError("bad duel bytes: card name") from None
        if name not in known:  # as the native duel: a name of the table, used or not
            raise ValueError(f"bad duel bytes: unknown card {quoted(name)}")
        names.append(name)

    def card(i: int) -> str:
        if i >= len(names):
            raise ValueError("bad duel bytes: card index")
        return names[i]

    decks = []
    for _ in range(2):
        n = r.take("<I")
        if n > (len(r.b) - r.at) // 2:
            raise ValueError("bad duel bytes: deck length")
        decks.append([card(r.take("<H")) for _ in range(n)])
    try:
        d = cls(
            decks[0],
            decks[1],
            pool=pool,
            seed=seed,
            turn_limit=turn_limit,
            auto_pass=bool(auto_pass),
            mulligans=bool(flags & MULLIGANS),
            assign_damage=bool(flags & ASSIGN_DAMAGE),
        )
    except ValueError as e:
        raise ValueError(f"bad duel bytes: {e}") from None
    ops = r.take("<I")
    if ops > len(r.b) - r.at:
        raise ValueError("bad duel bytes: log length")
    for _ in range(ops):
        kind = r.take("<B")
        if kind == 0:
            d.apply_action(r.take("<I"))
        elif kind == 1:
            p, c, z = r.take("<BHB")
            if z >= len(ZONES):
                raise ValueError("bad duel bytes: zone")
            d.add_card(p, card(c), ZONES[z])
        elif kind == 2:
            p, s = r.take("<BQ")
            if p > 1:
                raise ValueError("bad duel bytes: player")
            # In place (``resample`` would copy the duel, its log included: quadratic).
            d.resample_in_place(p, s)
            d.log.append(("resample", p, s))
        elif kind == 3:
            p = r.take("<B")
            if p > 1:
                raise ValueError("bad duel bytes: player")
            s, n = r.take("<Q"), r.take("<H")
            if len(r.b) - r.at < 6 * n:
                raise ValueError("duel bytes are truncated")
            weights = [0] * len(d.cards)
            for _ in range(n):
                c, w = r.take("<HI")
                c = d.card_index[card(c)]
                if weights[c] or not w:
                    raise ValueError("bad duel bytes: prior")
                weights[c] = w
            try:
                prior = Prior(weights)
            except ValueError as e:
                raise ValueError(f"bad duel bytes: {e}") from None
            d.resample_in_place(p, s, prior)
            d.log.append(("resample_from", p, s, prior))
        else:
            raise ValueError("bad duel bytes: log entry")
    if r.at != len(r.b):
        raise ValueError("bad duel bytes: trailing bytes")
    return d
