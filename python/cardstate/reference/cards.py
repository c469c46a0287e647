"""The reference card interpreter: the compiled form (docs/CARDS.md) run on
:class:`cardstate.reference.Game`, in plain Python, written for clarity.

It executes the same compiled programs as the Rust runtime (``rust/effects``): a resolution is
a program counter over the flat program of one ability, a flag (set by ``may``,
``may_pay_energy`` and ``test``, read by ``jump_unless``) and the amount of {E} paid. A choice
stops it (:meth:`Resolution.run` returns a request tuple) until :meth:`Resolution.answer`.
Requests and results are the same tuples as the native binding's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from cardstate.cards.errors import PythonEffectError
from cardstate.errors import CannotPay
from cardstate.reference.game import Game
from cardstate.vocabulary import MAX_ENTITIES

MAX_ORDER = 8  # at most this many effects are offered in one order choice (616.1)

__all__ = [
    "Resolution",
    "enters",
    "fired",
    "matches",
    "pay_costs",
    "place",
    "resolve_with",
    "top_of_library",
]

Card = Mapping[str, Any]
Request = tuple[Any, ...]

# ----- entities and filters ------------------------------------------------------------------


def _entity(game: Game, eid: int) -> Any:
    """The player or object record, or None for an unknown id."""
    if 0 <= eid < len(game._players):
        return game._players[eid]
    return game._objs.get(eid)


def _is_player(game: Game, eid: int) -> bool:
    return 0 <= eid < len(game._players)


def _ids(game: Game) -> Iterable[int]:
    """Every entity id in ascending order (players first)."""
    yield from range(len(game._players))
    yield from game._objs


def _live(game: Game, eid: int) -> bool:
    ent = _entity(game, eid)
    return ent is not None and (_is_player(game, eid) or not ent.gone)


def _is_permanent(game: Game, eid: int) -> bool:
    ent = _entity(game, eid)
    return (
        ent is not None and not _is_player(game, eid) and not ent.gone and ent.zone == "battlefield"
    )


def _relation(rel: str | None, who: int, controller: int) -> bool:
    if rel is None:
        return True
    return who == controller if rel == "you" else who != controller


def matches(game: Game, f: Card, eid: int, source: int | None, controller: int) -> bool:
    """Whether entity ``eid`` matches filter ``f`` for an ability of ``source`` controlled by
    ``controller``: a player still in the game, or an object in the filter's zone with one of
    its types, the right controller and all its keywords."""
    ent = _entity(game, eid)
    if ent is None:
        return False
    if _is_player(game, eid):
        return f["players"] and not ent.lost and _relation(f["controller"], eid, controller)
    return (
        f["objects"]
        and not ent.gone
        and ent.zone == f["zone"]
        and (not f["types"] or any(t in ent.types for t in f["types"]))
        and _relation(f["controller"], ent.controller, controller)
        and all(game._has_keyword(ent, k) for k in f["keywords"])
        and not (f["other"] and eid == source)
    )


def top_of_library(game: Game, player: int) -> int | None:
    """The top card of a player's library: the lowest live id there (docs/CARDS.md)."""
    for obj in game._objs.values():
        if not obj.gone and obj.zone == "library" and obj.owner == player:
            return obj.id
    return None


# ----- placing ------------------------------------------------------------------------------


def _create(game: Game, card: Card, controller: int, zone: str, *, token: bool = False) -> int:
    cost = card["cost"]
    kernel_cost: int | str | None = None
    if cost is not None:
        if cost["x"]:
            terms = ([str(cost["mana_value"])] if cost["mana_value"] else []) + ["X"] * cost["x"]
            kernel_cost = "+".join(terms)
        else:
            kernel_cost = cost["mana_value"]
    return game.create(
        controller,
        zone=zone,
        name=card["name"],
        types=card["types"],
        supertypes=card["supertypes"],
        subtypes=card["subtypes"],
        keywords=dict(card["keywords"]),
        power=card["power"],
        toughness=card["toughness"],
        loyalty=card["loyalty"],
        cost=kernel_cost,
        token=token,
    )


def _locked_in(game: Game, selected: Iterable[int]) -> list[int]:
    """The permanents among ``selected``, each once, in order (611.2c)."""
    ids: list[int] = []
    for e in selected:
        if _is_permanent(game, e) and e not in ids:
            ids.append(e)
    return ids


def enters(game: Game, card: Card, eid: int, x: int) -> None:
    """As ``eid`` enters the battlefield: its static replacement effects, then the continuous
    effects of its characteristic-changing static abilities, become live in the kernel (they
    end when it leaves, 611.3a), then its "enters with N counters" (614.1c)."""
    for a in card["abilities"]:
        if a["kind"] == "replacement":
            game.add_replacement_effect(
                a["effect"],
                affects=a["affects"],
                source=eid,
                counter=a["counter"],
                amount=a["amount"],
            )
    for a in card["abilities"]:
        if a["kind"] == "static":  # 611.3a: +N/+M (layer 7c), what it grants, what it loses (6)
            if a["power"] or a["toughness"]:
                game.add_continuous_effect(
                    "modify_power_toughness",
                    affected=a["affects"],
                    source=eid,
                    power=a["power"],
                    toughness=a["toughness"],
                )
            for k, n in a["gains"].items():
                game.add_continuous_effect(
                    "add_keyword",
                    affected=a["affects"],
                    source=eid,
                    keyword=k,
                    value=n if k == "toxic" else None,
                )
            for k in a["loses"]:
                game.add_continuous_effect(
                    "remove_keyword", affected=a["affects"], source=eid, keyword=k
                )
    for a in card["abilities"]:
        if a["kind"] == "enters_with_counters":
            amount = a["n"]
            n = amount["n"] if amount["a"] == "const" else x if amount["a"] == "x" else 0
            if n > 0:
                game.add_counters(eid, a["counter"], n)


def place(game: Game, card: Card, controller: int, zone: str = "battlefield", x: int = 0) -> int:
    """Create an object of ``card``; on the battlefield it enters with its counters."""
    eid = _create(game, card, controller, zone)
    if zone == "battlefield":
        enters(game, card, eid, x)
    return eid


# ----- resolutions --------------------------------------------------------------------------


def _program(card: Card, ability: int) -> tuple[list[Card], list[Card]]:
    abilities = card["abilities"]
    if not 0 <= ability < len(abilities):
        raise ValueError(f"{card['name']!r} has {len(abilities)} abilities, not {ability + 1}")
    a = abilities[ability]
    if a["kind"] not in ("spell", "triggered", "activated"):
        raise ValueError(
            f"ability {ability} of {card['name']!r} has no effect to resolve (a mana or "
            "static ability)"
        )
    return a["targets"], a["program"]


def pay_costs(game: Game, card: Card, ability: int, source: int, controller: int) -> None:
    """Pay the costs of an activated ability that the runtime knows (602.2b): {E}, counters
    removed from the source, sacrificing it; all or nothing. Mana and {T} are the game's."""
    abilities = card["abilities"]
    if not 0 <= ability < len(abilities) or abilities[ability]["kind"] != "activated":
        raise ValueError(f"ability {ability} of {card['name']!r} is not an activated ability")
    cost = abilities[ability]["cost"]
    game._player(controller)
    game._object(source, mutate=True)
    energy = game.count(controller, "energy")
    if energy < cost["energy"]:
        raise CannotPay(f"can't pay {cost['energy']} {{E}}: player {controller} has {energy}")
    remove = cost["remove_counters"]
    if remove is not None:
        have = game.count(source, remove["counter"])
        if have < remove["n"]:
            raise CannotPay(
                f"can't remove {remove['n']} {remove['counter']} counters: {source} has {have}"
            )
    if cost["sacrifice"] and not _is_permanent(game, source):
        raise ValueError(f"{source} is not a permanent: it can't be sacrificed")
    if cost["energy"] > 0:
        game.pay_energy(controller, cost["energy"])
    if remove is not None:
        game.pay_counters(source, remove["counter"], remove["n"])
    if cost["sacrifice"]:
        game.move(source, "graveyard")


def spell_ability(card: Card) -> int:
    """The index of the spell ability of an instant or sorcery."""
    for i, a in enumerate(card["abilities"]):
        if a["kind"] == "spell":
            return i
    raise ValueError(
        f"card {card['name']!r} has no spell ability (it is not an instant or a sorcery)"
    )


class Resolution:
    """One resolution of one ability (608.2); see the module documentation."""

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
    ) -> None:
        if name not in db:
            raise ValueError(f"unknown card {name!r}")
        self.db = db
        self.card = db[name]
        self.ability = spell_ability(self.card) if ability is None else ability
        self.specs, self.program = _program(self.card, self.ability)
        wanted = sum(t["count"] for t in self.specs)
        self.targets = list(targets)
        if len(self.targets) != wanted:
            raise ValueError(f"{name!r} needs {wanted} target(s), got {len(self.targets)}")
        at = 0
        for t in self.specs:
            chosen = self.targets[at : at + t["count"]]
            if len(set(chosen)) != len(chosen):
                raise ValueError(f"a target is chosen twice for one target of {name!r} (115.3)")
            at += t["count"]
        self.controller = controller
        self.source = source
        self.x = x
        self.triggering = triggering
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
        self.ordered: bool | None = None
        self._order_damage = False
        self.pc = 0
        self.flag = False
        self.that_much = 0
        self.started = False
        self.done = False
        self.legal: list[bool] = []
        self.pending: Request | None = None
        self._answer: Any = None
        self._answered = False
        self.fizzled = False
        self.empty_draws: set[int] = set()
        self.proliferated = False

    # --- the driver ---

    def _done(self) -> Request:
        return ("done", self.fizzled, sorted(self.empty_draws), self.proliferated)

    def run(self, game: Game) -> Request:
        """Run until the end (``("done", fizzled, empty_draws, proliferated)``) or a choice."""
        if self.done:
            return self._done()
        if not self.started:
            game._player(self.controller)  # KeyError: unknown id; ValueError: an object
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
            self._apply(game, req, answer)  # raises: still pending, answer again
            self.pending, self._answer, self._answered = None, None, False
            if req[0] != "order":  # an order is chosen before the event: the operation goes on
                self.pc += 1
        while self.pc < len(self.program):
            req = self._exec(game, self.program[self.pc])
            if req is not None:
                self.pending = req
                return req
        self.done = True
        return self._done()

    def answer(self, value: Any) -> None:
        """Answer the pending choice: a bool (may), ids (proliferate; in "mtg-2010" a mapping
        id -> the kind it gets one more of, old 701.23a), an int (amount), None (a callback
        ran)."""
        req = self.pending
        if req is None:
            raise ValueError("no choice is pending")
        kind = req[0]
        if kind == "may":
            if not isinstance(value, bool):
                raise TypeError("a 'may' choice is answered with a bool")
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
        legal = []
        at = 0
        for t in self.specs:
            for k in range(t["count"]):
                eid = self.targets[at + k]
                legal.append(matches(game, t["filter"], eid, self.source, self.controller))
            at += t["count"]
        return legal

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
        if kind == "target":
            i = s["i"]
            at = sum(t["count"] for t in self.specs[:i])
            return [
                self.targets[k] for k in range(at, at + self.specs[i]["count"]) if self.legal[k]
            ]
        assert kind == "each"
        return [e for e in _ids(game) if matches(game, s["filter"], e, self.source, me)]

    def amount(self, game: Game, a: Card) -> int:
        kind = a["a"]
        if kind == "const":
            return a["n"]
        if kind == "x":
            return self.x
        if kind == "that_much":
            return self.that_much
        chosen = self.select(game, a["of"])
        if kind == "counters":
            return game.count(chosen[0], a["counter"]) if chosen else 0
        return len(chosen)

    def condition(self, game: Game, c: Card) -> bool:
        assert c["c"] == "at_least"
        return self.amount(game, c["amount"]) >= c["n"]

    # --- operations ---

    def _exec(self, game: Game, op: Card) -> Request | None:
        """Execute one operation; a request when it needs a choice (pc stays on it)."""
        me = self.controller
        name = op["op"]
        if name == "put_counters":
            # An order choice (616.1) stops the operation at an entity: the amount and the
            # entities stay as they were when it began.
            if self.at == 0:
                self.op_n = self.amount(game, op["n"])
                self.op_ids = self.select(game, op["on"])
            counter = op["counter"]
            req = self._each_in_turn(
                game, counter, 0, lambda e, n: game.add_counters(e, counter, n)
            )
            if req is not None:
                return req
        elif name == "remove_counters":
            n = self.amount(game, op["n"])
            for e in self.select(game, op["of"]):
                if _live(game, e):
                    game.remove_counters(e, op["counter"], n)
        elif name == "proliferate":
            return ("proliferate", game.proliferate_candidates())
        elif name == "deal_damage":
            # As putting counters: an order choice (616.1) stops it at an entity.
            if self.at == 0:
                self.op_n = self.amount(game, op["n"])
                sources = self.select(game, op["source"])
                if not sources:
                    raise ValueError(
                        f"{self.card['name']!r} deals damage but has no source object: give "
                        "the resolution a source"
                    )
                self.op_src = sources[0]
                self.op_ids = self.select(game, op["to"])
            src = self.op_src
            req = self._each_in_turn(game, None, src, lambda e, n: game.deal_damage(src, e, n))
            if req is not None:
                return req
        elif name == "destroy":
            for e in self.select(game, op["what"]):
                if _is_permanent(game, e):
                    game.destroy(e)
        elif name == "draw":
            n = self.amount(game, op["n"])
            for p in self.select(game, op["who"]):
                if n > 0 and _is_player(game, p):
                    for _ in range(n):
                        card = top_of_library(game, p)
                        if card is None:
                            self.empty_draws.add(p)
                            break
                        game.move(card, "hand")
        elif name in ("gain_life", "lose_life"):
            n = self.amount(game, op["n"])
            for p in self.select(game, op["who"]):
                if _is_player(game, p):
                    (game.gain_life if name == "gain_life" else game.lose_life)(p, n)
        elif name == "get_energy":
            n = self.amount(game, op["n"])
            for p in self.select(game, op["who"]):
                if n > 0 and _is_player(game, p):
                    game.add_counters(p, "energy", n)
        elif name == "may_pay_energy":
            # Seed 002: one optional payment; not offered to a player who can't pay.
            if game.count(me, "energy") < op["n"]:
                self.flag = False
            else:
                return ("may", op["n"])
        elif name == "pay_any_energy":
            most = game.count(me, "energy")
            if most == 0:
                self.that_much = 0
            else:
                return ("amount", 0, most)
        elif name == "pump":  # 611.2c: the set is locked in now; layer 7c until end of turn
            p = self.amount(game, op["power"])
            t = self.amount(game, op["toughness"])
            ids = _locked_in(game, self.select(game, op["who"]))
            if ids and (p or t):
                game.add_continuous_effect(
                    "modify_power_toughness",
                    affected=ids,
                    power=p,
                    toughness=t,
                    until_end_of_turn=True,
                )
        elif name == "grant":  # 611.2c, layer 6 until end of turn (toxic is toxic 1)
            ids = _locked_in(game, self.select(game, op["who"]))
            if ids:
                game.add_continuous_effect(
                    "add_keyword", affected=ids, keyword=op["keyword"], until_end_of_turn=True
                )
        elif name == "switch":  # 611.2c, layer 7e until end of turn (613.4e)
            ids = _locked_in(game, self.select(game, op["who"]))
            if ids:
                game.add_continuous_effect(
                    "switch_power_toughness", affected=ids, until_end_of_turn=True
                )
        elif name in ("tap", "untap"):
            for e in self.select(game, op["what"]):
                if _is_permanent(game, e):
                    (game.tap if name == "tap" else game.untap)(e)
        elif name == "regenerate":
            for e in self.select(game, op["what"]):
                if _is_permanent(game, e):
                    game.regenerate(e)
        elif name == "create_token":
            n = self.amount(game, op["n"])
            if op["card"] not in self.db:
                raise ValueError(f"unknown card {op['card']!r}")
            players = [p for p in self.select(game, op["who"]) if _is_player(game, p)]
            _room_for_tokens(game, op["card"], n, len(players))
            for p in players:
                for _ in range(n):
                    _create(game, self.db[op["card"]], p, "battlefield", token=True)
        elif name == "prevent_damage":  # 615.1a, until end of turn; "you" is the controller
            game.add_replacement_effect(
                "prevent",
                affects=op["affects"],
                controller=self.controller,
                combat=op["combat"],
                until_end_of_turn=True,
            )
        elif name == "counter_spell":
            for e in self.select(game, op["what"]):
                ent = _entity(game, e)
                if (
                    ent is not None
                    and not _is_player(game, e)
                    and not ent.gone
                    and ent.zone == "stack"
                ):
                    game.move(e, "graveyard")
        elif name == "may":
            return ("may", 0)
        elif name == "test":
            self.flag = self.condition(game, op["cond"])
        elif name == "jump_unless":
            if not self.flag:
                self.pc = op["to"]
                return None
        elif name == "jump":
            self.pc = op["to"]
            return None
        elif name == "python":
            if not self.callbacks:
                raise PythonEffectError(
                    f"card {self.card['name']!r} has an effect written in Python: it runs only "
                    "with callbacks (docs/CARDS.md)"
                )
            return ("callback", op["index"])
        else:  # pragma: no cover - the compiler emits only the operations above
            raise ValueError(f"unknown operation {name!r}")
        self.pc += 1
        return None


def _room_for_tokens(game: Game, card: str, n: int, players: int) -> None:
    """``n`` tokens for each of ``players`` players keep the game within the entity limit; an
    ``OverflowError``, before any is made, otherwise."""
    if n * players > MAX_ENTITIES - game._next_id:
        raise OverflowError(
            f"creating {n} {card!r} token(s) for {players} player(s) would take the game past "
            f"{MAX_ENTITIES} entities"
        )


def resolve_with(
    db: Mapping[str, Card],
    game: Game,
    name: str,
    controller: int,
    targets: Sequence[int] = (),
    *,
    ability: int | None = None,
    source: int | None = None,
    x: int = 0,
    may: bool = True,
    proliferate: str = "all",
) -> Request:
    """Resolve with fixed answers, as the native ``CardDb.resolve``: every "may" ``may``,
    amounts the most, proliferate choosing ``"all"`` or ``"none"`` of the candidates (in
    "mtg-2010" each chosen one gets one more of its kind with the smallest name)."""
    if proliferate not in ("all", "none"):
        raise ValueError(f'proliferate is "all" or "none", not {proliferate!r}')
    r = Resolution(db, name, controller, targets, ability=ability, source=source, x=x)
    while True:
        step = r.run(game)
        if step[0] == "done":
            return step
        if step[0] == "may":
            r.answer(may)
        elif step[0] == "amount":
            r.answer(step[2])
        elif step[0] == "order":  # never asked here (order_effects is off): the kernel's order
            r.answer([])
        elif step[0] == "proliferate":
            chosen = list(step[1]) if proliferate == "all" else []
            if game.ruleset == "mtg-2010":
                r.answer({e: min(game.counters(e)) for e in chosen if game.counters(e)})
            else:
                r.answer(chosen)
        else:
            raise PythonEffectError(f"card {name!r} has an effect written in Python")


# ----- triggered abilities -------------------------------------------------------------------


def trigger_event(e: Any) -> tuple[str, int, int, int, bool] | None:
    """A kernel event as an event triggered abilities wait for (docs/CARDS.md), or None: an
    object put onto the battlefield (a zone change, or one created there, 603.6a) "entered"; one
    put into a graveyard from the battlefield "died" (700.4); damage; counters put."""
    if e.kind == "zone_change":
        if e.zone_to == "battlefield":
            return ("entered", e.new_id, 0, 0, False)
        if e.zone_from == "battlefield" and e.zone_to == "graveyard":
            return ("died", e.target, 0, 0, False)
        return None
    if e.kind == "created":
        return ("entered", e.target, 0, 0, False)
    if e.kind == "damage":
        return ("damage", e.source, e.target, e.amount or 0, bool(e.combat))
    if e.kind == "counters_added":
        return ("counters_put", e.target, 0, e.amount or 0, False)
    return None


_PLAYER_SCOPED = frozenset({"you_cast", "upkeep", "you_proliferate"})


def _parts(game: Game, ev: tuple[str, int, int, int, bool]) -> tuple[str, int]:
    kind, a, b, _amount, flag = ev
    if kind == "entered":
        return "enters", a
    if kind == "died":
        return "dies", a
    if kind == "damage":
        if flag and _is_player(game, b):
            return "deals_combat_damage_to_player", a
        return "deals_damage", a
    if kind == "counters_put":
        return "counters_put", a
    if kind == "attacks":
        return "attacks", a
    if kind == "becomes_blocked":
        return "becomes_blocked", a
    if kind == "cast":
        return "you_cast", b
    if kind == "becomes_target":
        return "becomes_target", a
    if kind == "upkeep":
        return "upkeep", a
    if kind == "proliferated":
        return "you_proliferate", a
    raise ValueError(f"unknown trigger event kind {kind!r}")


def _condition_holds(
    db: Mapping[str, Card], card: Card, i: int, source: int, controller: int, game: Game
) -> bool:
    t = card["abilities"][i]
    if t["condition"] is None:
        return True
    n = sum(s["count"] for s in t["targets"])
    r = Resolution(db, card["name"], controller, [source] * n, ability=i, source=source)
    r.legal = [False] * n
    try:
        return r.condition(game, t["condition"])
    except Exception:  # noqa: BLE001 - a condition that can't be read doesn't hold
        return False


def fired(
    db: Mapping[str, Card], game: Game, events: Iterable[tuple[str, int, int, int, bool]]
) -> list[tuple[int, int, str, int, int]]:
    """The triggered abilities the events fire, as (source, controller, card name, ability,
    triggering), in event order, then source id, then ability order (APNAP is the game's)."""
    out: list[tuple[int, int, str, int, int]] = []
    for ev in events:
        kind, about = _parts(game, ev)
        by_spell = ev[0] == "becomes_target" and ev[4]
        if kind not in _PLAYER_SCOPED:
            ent = _entity(game, about)
            if ent is not None and not _is_player(game, about) and ent.printed.name in db:
                card = db[ent.printed.name]
                for i, a in enumerate(card["abilities"]):
                    if (
                        a["kind"] == "triggered"
                        and a["event"] == kind
                        and a["subject"] == {"s": "this"}
                        and (not a["by_spell"] or by_spell)
                        and _condition_holds(db, card, i, about, ent.controller, game)
                    ):
                        out.append((about, ent.controller, card["name"], i, about))
        for obj in list(game._objs.values()):
            # The object itself too: "a creature you control" includes it ("another" is the
            # filter's `other`).
            if obj.gone or obj.zone != "battlefield":
                continue
            if obj.printed.name not in db:
                continue
            card = db[obj.printed.name]
            for i, a in enumerate(card["abilities"]):
                if a["kind"] != "triggered" or a["event"] != kind:
                    continue
                if a["by_spell"] and not by_spell:
                    continue
                if kind in _PLAYER_SCOPED:
                    hit = about == obj.controller
                elif a["subject"]["s"] == "each":
                    hit = matches(game, a["subject"]["filter"], about, obj.id, obj.controller)
                else:
                    hit = False
                if hit and _condition_holds(db, card, i, obj.id, obj.controller, game):
                    out.append((obj.id, obj.controller, card["name"], i, about))
    return out
