"""What a player sees (docs/DUEL.md, "Observations"): its own hand, the battlefield, both
graveyards, the stack, and only the sizes of the opponent's hand and of both libraries; and
``resample``, which deals what a player can't see again (docs/DUEL.md, "Hidden information")."""

from __future__ import annotations

from typing import Any

from cardstate.reference.duel.actions import PERMANENT_SLOTS, STACK_SLOTS
from cardstate.reference.duel.state import DuelState
from cardstate.rng import SplitMix

GLOBALS = 1 + 13 + 2 + 10 + 1 + 1
PER_PLAYER = 9
SLOT_FEATURES = 13
PENDING_KINDS = (
    "priority",
    "attack",
    "block",
    "choose_x",
    "target",
    "begin",
    "over",
    "resolve",
    "legend",
    "order",
)


def observation_len(n: int) -> int:
    """The observation's length for a table of ``n`` cards."""
    return (
        GLOBALS
        + 2 * PER_PLAYER
        + n
        + 2 * PERMANENT_SLOTS * (n + SLOT_FEATURES)
        + 2 * n
        + STACK_SLOTS * (n + 2)
        + PERMANENT_SLOTS
    )


def _one_hot(i: int | None, n: int) -> list[float]:
    v = [0.0] * n
    if i is not None and 0 <= i < n:
        v[i] = 1.0
    return v


class Observation(DuelState):
    """Observations and determinization."""

    def observation(self, p: int) -> list[float]:
        """Player p's observation as a list of numbers (see the module documentation)."""
        n = len(self.cards)
        me, opp = p, 1 - p
        out: list[float] = [self.turn_number / self.turn_limit]
        out += _one_hot(self.step_index, 13)
        out.append(float(self.active == me))
        out.append(float(self.current_player() == me))
        out += _one_hot(PENDING_KINDS.index(self.pending), len(PENDING_KINDS))
        out.append(len(self.stack) / STACK_SLOTS)
        out.append(float(self.sides[me].land_played))
        for q in (me, opp):
            s = self.sides[q]
            out += [
                self.kernel.life(q) / 20,
                self.kernel.count(q, "poison") / 10,
                self.kernel.count(q, "energy") / 10,
                len(s.hand) / 10,
                len(s.library) / 40,
                len(s.graveyard) / 40,
                len(s.battlefield) / PERMANENT_SLOTS,
                float(s.land_played),
                float(s.drew_from_empty),
            ]
        out += self._counts(self.sides[me].hand, n)
        attacking = {a[0] for a in self.attackers}
        blocking = {b for b, _ in self.blocks}
        for q in (me, opp):
            bf = self.sides[q].battlefield
            for slot in range(PERMANENT_SLOTS):
                if slot >= len(bf):
                    out += [0.0] * (n + SLOT_FEATURES)
                    continue
                eid = bf[slot]
                o = self._obj(eid)
                counters = self.kernel.counters(eid)
                plus, minus = counters.get("+1/+1", 0), counters.get("-1/-1", 0)
                out += _one_hot(self.card_of[eid], n)
                out += [
                    1.0,
                    float(o.tapped),
                    float(eid in self.sick),
                    float(eid in attacking),
                    float(eid in blocking),
                    (self.kernel._power(o) or 0) / 10,
                    (self.kernel._toughness(o) or 0) / 10,
                    o.damage / 10,
                    plus / 10,
                    minus / 10,
                    (sum(counters.values()) - plus - minus) / 10,
                    float(o.printed.token),
                    float("legendary" in o.printed.supertypes),
                ]
        for q in (me, opp):
            out += self._counts([self.card_of[e] for e in self.sides[q].graveyard], n)
        for slot in range(STACK_SLOTS):
            if slot < len(self.stack):
                it = self.stack[slot]
                out += _one_hot(it.card, n) + [1.0, float(it.controller == me)]
            else:
                out += [0.0] * (n + 2)
        # The creature being asked about (attack or block), as a slot of its controller.
        deciding = None
        if self.pending in ("attack", "block") and self.deciding < len(self.candidates):
            eid = self.candidates[self.deciding]
            for s in self.sides:
                if eid in s.battlefield:
                    deciding = s.battlefield.index(eid)
                    break
        out += _one_hot(deciding, PERMANENT_SLOTS)
        assert len(out) == observation_len(n)
        return out

    @staticmethod
    def _counts(cards: list[int], n: int) -> list[float]:
        v = [0.0] * n
        for c in cards:
            if c >= 0:  # NO_CARD: not a card of the table
                v[c] += 1.0
        return v

    def resample_in_place(self, p: int, seed: int) -> None:
        """Deals again what p can't see: p's library is shuffled (p knows its contents, not
        their order), and the opponent's hand and library are dealt again from the cards p
        can't tell apart (counted from public information only). The true hidden cards are
        never read, only the zones' sizes; later random choices come from ``seed`` too."""
        rng = SplitMix(seed ^ 0xD1B54A32D192ED03)
        self.rng = SplitMix(rng.next_u64())
        mine = self.sides[p]
        left = list(mine.unseen)
        for c in mine.hand:
            left[c] = max(0, left[c] - 1)
        mine.library = _expand(left, len(mine.library))
        rng.shuffle(mine.library)
        theirs = self.sides[1 - p]
        h, lib = len(theirs.hand), len(theirs.library)
        pool = _expand(theirs.unseen, h + lib)
        rng.shuffle(pool)
        theirs.library, theirs.hand = pool[:lib], sorted(pool[lib:])


def _expand(counts: list[int], size: int) -> list[Any]:
    """The multiset as a list of exactly ``size`` cards (padded with the last card if the
    counts fall short, truncated if they exceed)."""
    v = [c for c, k in enumerate(counts) for _ in range(k)][:size]
    while len(v) < size:
        v.append(v[-1] if v else 0)
    return v
