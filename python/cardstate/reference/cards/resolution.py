"""A resolution (608.2): the program counter over one ability's flat program, its flag (set by
``may``, ``may_pay_energy`` and ``test``, read by ``jump_unless``), the amount of {E} paid, and
the choices it stops at; the operations are the families of ``ops/``."""

from __future__ import annotations

from typing import Any

from cardstate.reference.cards.berserk import check_game
from cardstate.reference.cards.objects import Card, Request
from cardstate.reference.cards.ops.berserk import BerserkOps
from cardstate.reference.cards.ops.cards import CardOps
from cardstate.reference.cards.ops.counters import CounterOps
from cardstate.reference.cards.ops.damage import DamageOps
from cardstate.reference.cards.ops.flow import FlowOps
from cardstate.reference.cards.ops.library import LibraryOps
from cardstate.reference.cards.ops.life import LifeOps
from cardstate.reference.cards.ops.permanents import PermanentOps
from cardstate.reference.cards.ops.punish import PunishOps
from cardstate.reference.cards.ops.zones import ZoneOps
from cardstate.reference.cards.state import JUMPED
from cardstate.reference.game import Game


class Resolution(
    CounterOps,
    DamageOps,
    PunishOps,
    LifeOps,
    PermanentOps,
    ZoneOps,
    CardOps,
    LibraryOps,
    BerserkOps,
    FlowOps,
):
    """One resolution of one ability (608.2); see the module documentation."""

    # --- the driver ---

    def _done(self) -> Request:
        return ("done", self.fizzled, sorted(self.empty_draws), self.proliferated)

    def run(self, game: Game) -> Request:
        """Run until the end (``("done", fizzled, empty_draws, proliferated)``) or a choice."""
        if self.done:
            return self._done()
        if not self.started:
            game._player(self.controller)  # KeyError: unknown id; ValueError: an object
            check_game(game, self.card)
            self.started = True
            self.legal = self._check_targets(game)
            # 608.2b: if all its targets are illegal, it doesn't resolve.
            if self.targets and not any(self.legal):
                self.done = True
                self.fizzled = True
                return self._done()
        if self.pending is not None:
            if not self._answered:
                return self.pending
            req, answer = self.pending, self._answer
            if req[0] == "discard":  # the operation discards them as it goes on
                self.discarded = list(answer)
            elif req[0] == "sacrifice":  # the operation sacrifices them as it goes on
                self.sacrificed = list(answer)
            elif req[0] == "search":  # the operation takes the card found as it goes on
                self.searched = [answer]
            elif req[0] in ("surveil", "scry"):  # the operation moves the cards chosen
                self.surveilled = list(answer)
            elif req[0] == "pay":  # the operation counters the spell or not as it goes on
                self.paid = bool(answer)
            elif req[0] == "top_or_bottom":  # the operation moves the object as it goes on
                self.on_top = bool(answer)
            elif req[0] == "piles":  # 700.3: the operation asks for a pile as it goes on
                self.piled = list(answer)
            elif req[0] == "choose_pile":  # 700.3: the operation moves the piles as it goes on
                self.face_up_chosen = bool(answer)
            elif req[0] == "unless":  # 608.2d: the operation goes on with the player's choice
                self.unless_chosen = bool(answer)
            elif req[0] == "keep":  # 701.21a: the operation sacrifices the rest as it goes on
                self.kept = list(answer)
            else:
                self._apply(game, req, answer)  # raises: still pending, answer again
            self.pending, self._answer, self._answered = None, None, False
            if req[0] not in (
                "order",
                "discard",
                "sacrifice",
                "search",
                "surveil",
                "scry",
                "pay",
                "top_or_bottom",
                "piles",
                "choose_pile",
                "unless",
                "keep",
            ):
                # the operation goes on after the others
                self.pc += 1
        while self.pc < len(self.program):
            req = self._exec(game, self.program[self.pc])
            if req is not None:
                self.pending = req
                return req
        self.done = True
        return self._done()

    def answer(self, value: Any) -> None:
        """Answer the pending choice: a bool (may, pay; top_or_bottom: True the top), ids
        (proliferate; in "mtg-2010" a mapping id -> the kind it gets one more of, old 701.23a), an
        int (amount), None (a callback ran), effect ids (order), hand slots (discard), the card
        found or None (search), the positions of the cards put into the graveyard (surveil) or on
        the bottom (scry) or of the face-up pile's cards (piles), a bool (choose_pile: True the
        face-up pile; unless: True sacrifices or discards), the permanent ids kept, one a group
        (keep)."""
        req = self.pending
        if req is None:
            raise ValueError("no choice is pending")
        kind = req[0]
        if kind in ("may", "pay", "top_or_bottom", "choose_pile", "unless"):
            if not isinstance(value, bool):
                raise TypeError(f"a '{kind}' choice is answered with a bool")
        elif kind == "proliferate" and isinstance(value, dict):
            pairs = {}
            for k, v in value.items():
                if not isinstance(k, int) or not 0 <= k < 2**32 or not isinstance(v, str):
                    raise TypeError(
                        "a proliferate choice is answered with a list of ids or a mapping id "
                        "-> kind"
                    )
                pairs[int(k)] = v
            for k in pairs:
                if k not in req[1]:
                    raise ValueError(f"{k} is not a proliferate candidate")
            value = pairs
        elif kind == "proliferate":
            try:
                value = [int(v) for v in value]
            except TypeError:
                raise TypeError("a proliferate choice is answered with a list of ids") from None
            for v in value:
                if v not in req[1]:
                    raise ValueError(f"{v} is not a proliferate candidate")
        elif kind == "order":
            try:
                value = [int(v) for v in value]
            except TypeError:
                raise TypeError(
                    "an order choice is answered with a list of replacement effect ids"
                ) from None
            for i, v in enumerate(value):
                if v not in req[3]:
                    raise ValueError(
                        f"{v} is not one of the replacement effects to order ({list(req[3])})"
                    )
                if v in value[:i]:
                    raise ValueError(f"replacement effect {v} is given twice")
        elif kind == "discard":
            try:
                value = [int(v) for v in value]
            except TypeError:
                raise TypeError("a discard choice is answered with a list of hand slots") from None
            if len(value) != req[2]:
                raise ValueError(f"{req[2]} cards are discarded, not {len(value)}")
            for i, v in enumerate(value):
                if not 0 <= v < len(req[3]):
                    raise ValueError(f"no hand slot {v} of {len(req[3])}")
                if v in value[:i]:
                    raise ValueError(f"hand slot {v} is given twice")
        elif kind == "sacrifice":
            try:
                value = [int(v) for v in value]
            except TypeError:
                raise TypeError(
                    "a sacrifice choice is answered with a list of permanents"
                ) from None
            if len(value) != req[2]:
                raise ValueError(f"{req[2]} permanents are sacrificed, not {len(value)}")
            for i, v in enumerate(value):
                if v not in req[3]:
                    raise ValueError(f"{v} is not a permanent that can be sacrificed")
                if v in value[:i]:
                    raise ValueError(f"permanent {v} is given twice")
        elif kind == "keep":
            try:
                value = [int(v) for v in value]
            except TypeError:
                raise TypeError(
                    "a 'keep' choice is answered with a list of permanent ids, one a group"
                ) from None
            if len(value) != len(req[2]):
                raise ValueError(
                    f"one permanent is kept of each of {len(req[2])} types, not {len(value)}"
                )
            for group, v in zip(req[2], value, strict=True):
                if v not in group:
                    raise ValueError(f"{v} is not one of the permanents {list(group)}")
        elif kind == "search":
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise TypeError("a search is answered with the card found or None")
            if value is not None and value not in req[2]:
                raise ValueError(f"{value} is not a card the search can find")
            if value is None and not req[3]:
                raise ValueError("a search for any card finds one (701.23b)")
        elif kind in ("surveil", "scry", "piles"):
            try:
                value = [int(v) for v in value]
            except TypeError:
                raise TypeError(f"a {kind} is answered with the positions of the cards") from None
            for i, v in enumerate(value):
                if not 0 <= v < len(req[2]):
                    raise ValueError(f"no card {v} of the {len(req[2])} looked at")
                if v in value[:i]:
                    raise ValueError(f"card {v} is given twice")
        elif kind == "amount":
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise TypeError("an amount is answered with an int >= 0")
            if not req[1] <= value <= req[2]:
                raise ValueError(f"the amount must be in {req[1]}..={req[2]}, got {value}")
        self._answer = value
        self._answered = True

    def _apply(self, game: Game, req: Request, answer: Any) -> None:
        me = self.controller
        kind = req[0]
        if kind == "may":
            if answer and req[1] > 0:
                game.pay_energy(me, req[1])
            self.flag = answer
        elif kind == "proliferate":  # the kernel refuses the other form than its ruleset's
            game.proliferate(me, answer)
            self.proliferated = True
        elif kind == "amount":
            game.pay_energy(me, answer)
            self.that_much = answer
        elif kind == "order":  # the request's effects, each once: the kernel orders them
            order = list(answer) + [e for e in req[3] if e not in answer]
            damage = self._order_damage
            game.order_replacement_effects(order, across_groups=damage)
            self.ordered = damage

    def _exec(self, game: Game, op: Card) -> Request | None:
        """Execute one operation; a request when it needs a choice (pc stays on it)."""
        outcome = getattr(self, "op_" + op["op"])(game, op)
        if outcome is JUMPED:
            return None
        if outcome is not None:
            return outcome
        self.pc += 1
        return None
