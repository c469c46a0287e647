"""The standing of a resolution (608.2) and what every operation reads: its card, targets
(608.2b: which are still legal), X, the program counter and flag, the choices made, and the
selected entities, amounts and conditions of its operations; the order of replacement effects
an operation stops at (616.1)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardstate.reference.cards.history import turn_fact
from cardstate.reference.cards.objects import (
    Card,
    Request,
    _entity,
    _ids,
    _is_player,
    _live,
    legal_target,
    matches,
    top_of_library,
)
from cardstate.reference.cards.place import _program, spell_ability
from cardstate.reference.cards.protection import card_colours
from cardstate.reference.game import Game

MAX_ORDER = 8  # at most this many effects are offered in one order choice (616.1)
JUMPED = object()
"""What an operation returns when it set the program counter itself (a jump)."""


class ResolutionState:
    """One resolution of one ability: its standing (see the module documentation)."""

    def __init__(
        self,
        db: Mapping[str, Card],
        name: str,
        controller: int,
        targets: Sequence[int] = (),
        *,
        ability: int | None = None,
        source: int | None = None,
        x: int = 0,
        triggering: int | None = None,
        callbacks: bool = False,
        order_effects: bool = False,
        attacking: Sequence[int] = (),
        blocking: Sequence[int] = (),
        since: int = 0,
        history: tuple[int, ...] = (0, 0, 0),
        discarded: int | None = None,
        kicked: bool = False,
        that_much: int = 0,
        division: Sequence[int] = (),
    ) -> None:
        if name not in db:
            raise ValueError(f"unknown card {name!r}")
        self.db = db
        self.card = db[name]
        self.ability = spell_ability(self.card) if ability is None else ability
        self.specs, self.program = _program(self.card, self.ability)
        self.targets = list(targets)
        self.spans = target_spans(self.specs, len(self.targets), name)
        for k, (at, n) in enumerate(self.spans):
            chosen = self.targets[at : at + n]
            if len(set(chosen)) != len(chosen):
                raise ValueError(f"a target is chosen twice for one target of {name!r} (115.3)")
            if self.specs[k].get("distinct") and set(chosen) & set(self.targets[:at]):
                raise ValueError(
                    f"{name!r}: an entity chosen for an earlier target is chosen for one of "
                    "its other targets (115.3)"
                )
        self.controller = controller
        self.source = source
        self.x = x
        self.triggering = triggering
        # The creatures in combat as it resolves (506.4): the game's, not the kernel's.
        # And the first object id of this turn (400.7: "put there this turn"; 0: no turns).
        self.combat = (frozenset(attacking), frozenset(blocking), since)
        # The turn's history (603.4), the game's: creatures died, and the players who attacked
        # and who lost life as bit masks by player id.
        self.history = history
        # The card discarded to pay the spell's additional cost (601.2h), in the graveyard:
        # the game's.
        self.discarded_card = discarded
        # The permanent the source is attached to as it resolves (301.5, 303.4): the game's.
        self.attached: int | None = None
        # The resolving spell was kicked (702.33d): the game's.
        self.kicked = kicked
        self.callbacks = callbacks
        # 616.1: the order of the replacement effects of a counter or damage event is asked
        # (an "order" request); without it the kernel's order applies.
        self.order_effects = order_effects
        # The current operation (put counters, deal damage): the entity whose event is next,
        # the amount, source and entities as they were when it began, and whether the order
        # for the event of entity ``at`` was chosen (True: a damage order, marks to clear).
        self.at = 0
        self.op_n = 0
        self.op_src = 0
        self.op_ids: list[int] = []
        # A discard's chosen hand slots (701.9b), taken by the operation as it goes on.
        self.discarded: list[int] | None = None
        # A sacrifice's chosen permanents (701.21a), taken by the operation as it goes on.
        self.sacrificed: list[int] | None = None
        # A search's answer (701.23a-b: the card found, or None), taken by the operation.
        self.searched: list[int | None] | None = None
        # A surveil's or a scry's answer (701.25a, 701.22a: the positions put into the
        # graveyard or on the bottom).
        self.surveilled: list[int] | None = None
        # A "pay" answer (118.12: whether the spell's controller pays), taken by the operation.
        self.paid: bool | None = None
        # 401.4: the owner's answer, the top (True) or the bottom of its library.
        self.on_top: bool | None = None
        # 700.3: the positions of the face-up pile, then the opponent's pile (True: face up).
        self.piled: list[int] | None = None
        self.face_up_chosen: bool | None = None
        # 608.2d: the punished player's answer (True: it sacrifices or discards).
        self.unless_chosen: bool | None = None
        # 701.21a: the permanents kept, one of each type's group.
        self.kept: list[int] | None = None
        self.ordered: bool | None = None
        self._order_damage = False
        self.pc = 0
        self.flag = False
        # "That many" (603.2): the amount the trigger event carried, until an effect sets it.
        self.that_much = that_much
        # The damage divided among a target's entities as it was put on the stack (601.2d),
        # by position among them: the game's (none: divided evenly).
        self.division = list(division)
        self.life_lost = 0
        # The cards discarded by this resolution's discards so far ("If you do", 608.2c).
        self.cards_discarded = 0
        # The permanents sacrificed by this resolution's sacrifices so far ("If you do").
        self.permanents_sacrificed = 0
        # The excess damage (120.10) dealt by this resolution's damage so far.
        self.excess_damage = 0
        self.started = False
        self.done = False
        self.legal: list[bool] = []
        self.pending: Request | None = None
        self._answer: Any = None
        self._answered = False
        self.fizzled = False
        self.empty_draws: set[int] = set()
        self.proliferated = False

    def _order_due(self, game: Game, eid: int, kind: str | None, src: int) -> Request | None:
        """616.1: the order choice due before the event of ``eid`` (counters of ``kind`` put on
        it; ``kind`` None: damage from ``src`` dealt to it), if the order is asked, not yet
        chosen, and two or more effects would apply (the kernel's rule)."""
        if not self.order_effects or self.ordered is not None or len(game._effects) < 2:
            return None
        ent = game._entity(eid)
        if kind is not None:
            ids = [e.id for e in game._effects if game._to_order_on_counters(e, ent, kind)]
        else:
            s = game._objs[src]
            ids = [e.id for e in game._effects if game._to_order_on_damage(e, s, ent, False)]
        if len(ids) < 2:
            return None
        self._order_damage = kind is None
        player = eid if _is_player(game, eid) else ent.controller
        return ("order", player, eid, ids[:MAX_ORDER])

    def _order_applied(self, game: Game) -> None:
        """After the event: the order was for that event only (a damage order's marks are
        cleared, as after combat damage)."""
        if self.ordered:
            game.order_replacement_effects([], across_groups=True)
        self.ordered = None

    def _each_in_turn(
        self, game: Game, kind: str | None, src: int, event: Callable[[int, int], object]
    ) -> Request | None:
        """The operation's event (``event(entity, amount)``) on each of ``self.op_ids`` in turn,
        ``self.op_n`` each, from ``self.at`` on: a 616.1 order choice due before an entity's
        event stops the operation there (the request; ``self.at`` stays on it)."""
        n = self.op_n
        while self.at < len(self.op_ids):
            e = self.op_ids[self.at]
            if n > 0 and _live(game, e):
                req = self._order_due(game, e, kind, src)
                if req is not None:
                    return req
                try:
                    event(e, n)
                except Exception:
                    self._order_applied(game)
                    self.at = 0
                    raise
            self._order_applied(game)
            self.at += 1
        self.at = 0
        return None

    def _check_targets(self, game: Game) -> list[bool]:
        """Which target entries are legal now (115, 608.2b); one with protection from the spell
        or the ability's source now, or hexproof from instants against an opponent's instant,
        isn't (702.16b, 702.11d)."""
        colours = (
            card_colours(self.card) if self.source is None else self.colours(game, self.source)
        )
        abilities = self.card["abilities"]
        instant = (
            "instant" in self.card["types"]
            and 0 <= self.ability < len(abilities)
            and abilities[self.ability]["kind"] == "spell"
        )
        legal = []
        for t, (at, n) in zip(self.specs, self.spans, strict=True):
            for k in range(n):
                eid = self.targets[at + k]
                # "Attached to that creature": to the first entity chosen (the game's links).
                attached = not t.get("attached_to_first_target") or self.attached_to(game, eid) == (
                    self.targets[0] if self.targets else None
                )
                legal.append(
                    attached
                    and legal_target(
                        game, t, eid, self.source, self.controller, self.combat, (colours, instant)
                    )
                )
        return legal

    def colours(self, game: Game, obj: int) -> int:
        """The colours of object ``obj`` now (105.2: a bit per colour in WUBRG order), as
        protection reads them (702.16): its card's here; a duel's with what its Auras make it
        (613.1e)."""
        ent = _entity(game, obj)
        if ent is None or _is_player(game, obj):
            return 0
        return card_colours(self.db.get(ent.printed.name))

    def attached_to(self, game: Game, obj: int) -> int | None:
        """What permanent ``obj`` is attached to (301.5c, 303.4): a game that keeps attachments
        (a duel) knows; a bare kernel has none."""
        return None

    # --- selectors, amounts, conditions ---

    def select(self, game: Game, s: Card) -> list[int]:
        """The entities a selector names now."""
        me = self.controller
        kind = s["s"]
        if kind == "this":
            return [] if self.source is None else [self.source]
        if kind == "you":
            return [me]
        if kind == "each_opponent":
            return [p for p in game.players if p != me and not game._players[p].lost]
        if kind == "triggering":
            return [] if self.triggering is None else [self.triggering]
        if kind == "discarded":
            return [] if self.discarded_card is None else [self.discarded_card]
        if kind == "attached":
            return [] if self.attached is None else [self.attached]
        if kind == "top_of_library":
            top = top_of_library(game, me)
            return [] if top is None else [top]
        if kind == "target":
            at, n = self.spans[s["i"]]
            return [self.targets[k] for k in range(at, at + n) if self.legal[k]]
        if kind == "controller_of":
            out: list[int] = []
            for e in self.select(game, s["of"]):
                ent = _entity(game, e)
                if ent is not None and not _is_player(game, e) and ent.controller not in out:
                    out.append(ent.controller)
            return out
        if kind == "matching":
            f = s["filter"]
            return [
                e
                for e in self.select(game, s["of"])
                # 608.2h: a gone object as it last existed ("if it wasn't a Demon").
                if matches(game, f, e, self.source, me, self.combat, last_known=True)
            ]
        if kind == "graveyard_of":
            cards: list[int] = []
            for p in self.select(game, s["of"]):
                if _is_player(game, p):
                    cards.extend(sorted(game.objects("graveyard", p)))
            return cards
        assert kind == "each"
        f = s["filter"]
        return [e for e in _ids(game) if matches(game, f, e, self.source, me, self.combat)]

    def amount(self, game: Game, a: Card) -> int:
        kind = a["a"]
        if kind == "const":
            return a["n"]
        if kind == "x":
            return self.x
        if kind == "that_much":
            return self.that_much
        if kind == "life_lost":
            return self.life_lost
        if kind == "cards_discarded":
            return self.cards_discarded
        if kind == "permanents_sacrificed":
            return self.permanents_sacrificed
        if kind == "kicked":
            return int(self.kicked)
        if kind == "excess_damage":
            return self.excess_damage
        if kind == "this_turn":
            return turn_fact(self.history, a["what"], self.controller)
        if kind == "minus":
            raise ValueError("a negative amount is only a pump's power or toughness")
        chosen = self.select(game, a["of"])
        if kind == "counters":
            return game.count(chosen[0], a["counter"]) if chosen else 0
        if kind == "cost":  # 105.1: X counts 0 (it is not being played)
            return game.cost(chosen[0]) if chosen else 0
        if kind == "power":
            objects = [e for e in chosen if not _is_player(game, e)]
            power = game.power(objects[0]) if objects else None
            return max(power or 0, 0)
        if kind == "toughness":  # 608.2h: last known information for one that left
            objects = [e for e in chosen if not _is_player(game, e)]
            toughness = game.toughness(objects[0]) if objects else None
            return max(toughness or 0, 0)
        if kind == "life":
            players = [e for e in chosen if _is_player(game, e)]
            return max(game.life(players[0]), 0) if players else 0
        if kind == "distinct_mana_values":
            values = set()
            for e in chosen:
                ent = _entity(game, e)
                if ent is not None and not _is_player(game, e):
                    values.add(ent.printed.cost or 0)  # 202.3: no cost is 0; X is 0 here
            return len(values)
        assert kind == "count"
        return len(chosen)

    def signed_amount(self, game: Game, a: Card) -> int:
        """An amount that may be negative (a pump's "-2/-2")."""
        if a["a"] == "minus":
            return -self.amount(game, a["of"])
        return self.amount(game, a)

    def condition(self, game: Game, c: Card) -> bool:
        if c["c"] == "exactly":
            return self.amount(game, c["amount"]) == c["n"]
        assert c["c"] == "at_least"
        return self.amount(game, c["amount"]) >= c["n"]

    def delay(self, game: Game, fired: tuple[int, int, str, int, int]) -> None:
        """Keeps a delayed triggered ability (603.7a): the operations' (``FlowOps.delay``), or
        the game's around the kernel."""
        raise NotImplementedError


def target_spans(specs: list[Card], given: int, name: str) -> list[tuple[int, int]]:
    """Where each declared target's choices are among ``given`` chosen entities (601.2c), as
    (start, how many): each target takes its count, in declaration order, except that an "up
    to N" target takes only as many as are left over once every other target has its count."""
    required = sum(t["count"] for t in specs if not t.get("up_to"))
    optional = sum(t["count"] for t in specs if t.get("up_to"))
    if not required <= given <= required + optional:
        wanted = str(required) if not optional else f"{required} to {required + optional}"
        raise ValueError(f"{name!r} needs {wanted} target(s), got {given}")
    extra = given - required
    spans, at = [], 0
    for t in specs:
        n = t["count"]
        if t.get("up_to"):
            n = min(n, extra)
            extra -= n
        spans.append((at, n))
        at += n
    return spans
