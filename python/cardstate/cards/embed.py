"""Cards on a bare kernel ``Game`` (both implementations), for engines with their own turns.

- :func:`place` creates a card's object with its characteristics (and its "enters with"
  counters);
- :class:`Resolution` resolves one ability resumably (choices are :class:`ChoiceRequest`
  values, answered with :meth:`Resolution.answer`); :func:`resolve` drives one to its end with
  a chooser;
- :func:`fired` lists the triggered abilities that kernel events (``game.take_events()``) and
  game events (:func:`attacks`, :func:`cast`...) fire;
- :func:`strikes` reads a classic Berserk creature's three strike values.

``pool`` is a :class:`CardPool` or the name of one of ``cardstate.cards.pools`` (None: the
built-in ``"core"``): Berserk cards are ``pool="berserk"``'s, on a ``ruleset="berserk"`` game.

On a ``cardstate.Game`` the Rust runtime runs (``cardstate._native.CardDb``); on a
``cardstate.reference.Game`` the reference interpreter (``cardstate.reference.cards``). Both run
the same compiled form and give the same results.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from cardstate._native import Game as _NativeGame
from cardstate.cards.cardpool import CORE, CardPool, pool_arg, pools
from cardstate.cards.errors import UnsupportedEffect
from cardstate.reference import cards as _ref
from cardstate.vocabulary import polarity

__all__ = [
    "CardPool",
    "ChoiceRequest",
    "Fired",
    "GameEvent",
    "Outcome",
    "Resolution",
    "attacked",
    "attacks",
    "auto_choice",
    "becomes_blocked",
    "becomes_target",
    "beginning_of_combat",
    "cast",
    "end_step",
    "default_pool",
    "drew",
    "fired",
    "pay_costs",
    "place",
    "proliferated",
    "resolve",
    "strikes",
    "upkeep",
    "TurnHistory",
]


def default_pool() -> CardPool:
    """The built-in pool (``cardstate.cards.pool``, ``pools["core"]``): the cards of
    :mod:`cardstate.cards.pool`, compiled once, with the Rust runtime's copy of them
    (rust/effects/pool.json)."""
    return pools[CORE]


def _is_native(game: object) -> bool:
    if isinstance(game, _NativeGame):
        return True
    from cardstate.reference.game import Game as RefGame

    if isinstance(game, RefGame):
        return False
    raise TypeError(
        f"expected a cardstate.Game or a cardstate.reference.Game, got {type(game).__name__}"
    )


# ----- placing ------------------------------------------------------------------------------


def place(
    game: Any,
    name: str,
    controller: int,
    zone: str = "battlefield",
    *,
    x: int = 0,
    pool: CardPool | str | None = None,
) -> int:
    """Create an object of card ``name`` for ``controller`` in ``zone`` with the card's
    characteristics; on the battlefield it enters with the counters its "enters with"
    abilities give (X = ``x``, 614.1c). Returns its id. Unknown card: ``ValueError``."""
    pool = pool_arg(pool)
    if name not in pool:
        raise ValueError(f"unknown card {name!r}")
    if _is_native(game):
        return pool.native.place(game, name, controller, zone, x)
    return _ref.place(game, pool.data[name], controller, zone, x, db=pool.data)


def strikes(
    game: Any, x: int, *, pool: CardPool | str | None = None
) -> tuple[int, int, int] | None:
    """The three strike values (weak, medium, strong) of classic Berserk creature ``x`` of
    ``pool``: each printed value moved by its strength effects, never read below 0 (104.3.1).
    None when ``x`` is not a card of the pool with three strike values, or has no strength now
    (it became an artifact, 108.1). An unknown id is a ``KeyError``."""
    pool = pool_arg(pool)
    if _is_native(game):
        return pool.native.strikes(game, x)
    return _ref.strikes(pool.data, game, x)


# ----- resolutions --------------------------------------------------------------------------


@dataclass(frozen=True)
class ChoiceRequest:
    """A choice during resolution: ``kind`` is ``"may"`` (yes/no; ``pay_energy`` > 0 for "you
    may pay {E}×n"), ``"proliferate"`` (any subset of ``candidates``; in the ``"mtg-2010"``
    ruleset a mapping from some of them to the kind each gets one more of), ``"amount"`` (an
    int in ``min..max``) or ``"order"`` (616.1, asked only with ``order_effects=True``: two or
    more replacement effects, ``candidates`` their ids in the kernel's order, would apply to
    the counters or damage about to be put on or dealt to ``entity``; ``player``, its
    controller or the affected player, answers with effect ids, those first in that order and
    the others after them in the kernel's order) or ``"discard"`` (701.9b: ``player`` chooses
    ``min`` (= ``max``) of ``candidates``, the cards in its hand, to discard; answered with
    those ids; not asked when the player must discard its whole hand) or ``"search"`` (701.23a:
    ``player`` finds one of ``candidates``, the library cards it can find, ascending, or none
    when ``min`` is 0, 701.23b; answered with the card's id or None; not asked when there is
    no candidate) or ``"surveil"`` (701.25a: ``player`` looks at ``candidates``, the top cards
    of its library, top first, and answers with the ids of those it puts into its graveyard)
    or ``"scry"`` (701.22a: likewise, the ids of those it puts on the bottom, in that order)
    or ``"pay"`` (118.12: ``player``, a countered-unless spell's controller, answers whether it
    pays the effect's mana and ``life`` life; a bare game pays no mana, the runtime the life)
    or ``"top_or_bottom"`` (401.4: ``player``, the owner of ``entity``, answers True to put it
    on top of its library, False on the bottom) or ``"piles"`` (700.3: ``player`` looks at
    ``candidates``, the top cards of its library, top first, and answers with the ids of those
    it puts into the face-up pile, the others being the face-down pile) or ``"choose_pile"``
    (700.3: ``player``, an opponent, answers True to choose the face-up pile, ``candidates``,
    False the face-down pile of ``min`` (= ``max``) cards) or ``"unless"`` (608.2d: ``player``,
    who loses ``life`` life unless it does ``action``, ``"sacrifice"`` a permanent or
    ``"discard"`` a card, answers True to do it, False not to) or ``"keep"`` (701.21a:
    ``player`` keeps one permanent of each of ``groups``, its permanents of each permanent type
    it has two or more of, and sacrifices the rest; answered with the ids kept, one a group).
    """

    kind: str
    pay_energy: int = 0
    candidates: tuple[int, ...] = ()
    min: int = 0
    max: int = 0
    player: int = 0
    entity: int = 0
    life: int = 0
    action: str = ""
    groups: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class Outcome:
    """How a resolution ended: ``fizzled`` (608.2b: every target was illegal, it did nothing),
    the players who had to draw from an empty library, whether the controller proliferated."""

    fizzled: bool
    empty_draws: tuple[int, ...] = ()
    proliferated: bool = False


@dataclass
class Context:
    """What a Python escape-hatch effect is given besides the game."""

    card: str
    controller: int
    source: int | None
    targets: tuple[int, ...]
    x: int
    triggering: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def _request(t: tuple[Any, ...]) -> ChoiceRequest | Outcome | int:
    kind = t[0]
    if kind == "done":
        return Outcome(bool(t[1]), tuple(t[2]), bool(t[3]))
    if kind == "may":
        return ChoiceRequest("may", pay_energy=int(t[1]))
    if kind == "proliferate":
        return ChoiceRequest("proliferate", candidates=tuple(t[1]))
    if kind == "amount":
        return ChoiceRequest("amount", min=int(t[1]), max=int(t[2]))
    if kind == "order":
        return ChoiceRequest("order", candidates=tuple(t[3]), player=int(t[1]), entity=int(t[2]))
    if kind == "discard":
        n = int(t[2])
        return ChoiceRequest("discard", candidates=tuple(t[3]), player=int(t[1]), min=n, max=n)
    if kind == "sacrifice":
        n = int(t[2])
        return ChoiceRequest("sacrifice", candidates=tuple(t[3]), player=int(t[1]), min=n, max=n)
    if kind == "search":
        least = 0 if t[3] else 1
        return ChoiceRequest("search", candidates=tuple(t[2]), player=int(t[1]), min=least, max=1)
    if kind in ("surveil", "scry"):
        cards = tuple(t[2])
        return ChoiceRequest(kind, candidates=cards, player=int(t[1]), max=len(cards))
    if kind == "pay":
        return ChoiceRequest("pay", player=int(t[1]), life=int(t[2]))
    if kind == "top_or_bottom":
        return ChoiceRequest("top_or_bottom", player=int(t[1]), entity=int(t[2]))
    if kind == "piles":
        cards = tuple(t[2])
        return ChoiceRequest("piles", candidates=cards, player=int(t[1]), max=len(cards))
    if kind == "choose_pile":
        down = int(t[3])
        return ChoiceRequest(
            "choose_pile", candidates=tuple(t[2]), player=int(t[1]), min=down, max=down
        )
    if kind == "unless":
        return ChoiceRequest("unless", player=int(t[1]), life=int(t[2]), action=str(t[3]))
    if kind == "keep":
        groups = tuple(tuple(g) for g in t[2])
        return ChoiceRequest("keep", player=int(t[1]), groups=groups, max=len(groups))
    assert kind == "callback"
    return int(t[1])


class TurnHistory(NamedTuple):
    """What happened this turn, which intervening "if" clauses read (603.4; the kernel keeps
    no history: a game gives it): how many creatures died (700.4: morbid), the players who
    attacked with a creature (508.1: raid) and those who lost life (119.3)."""

    creatures_died: int = 0
    attacked: frozenset[int] = frozenset()
    lost_life: frozenset[int] = frozenset()

    def plain(self) -> tuple[int, int, int]:
        """The plain form both runtimes read: the count and two bit masks by player id."""
        for p in (*self.attacked, *self.lost_life):
            if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < 64:
                raise ValueError(f"a player of the turn's history is an id 0..63, got {p!r}")
        if not isinstance(self.creatures_died, int) or not 0 <= self.creatures_died < 2**32:
            raise ValueError(f"creatures_died is an int 0..2**32-1, got {self.creatures_died!r}")
        return (
            int(self.creatures_died),
            sum(1 << p for p in set(self.attacked)),
            sum(1 << p for p in set(self.lost_life)),
        )


def _history(history: TurnHistory | None) -> tuple[int, int, int]:
    if history is None:
        return (0, 0, 0)
    if not isinstance(history, TurnHistory):
        raise TypeError(f"history must be a TurnHistory, got {type(history).__name__}")
    return history.plain()


class Resolution:
    """One resolution of one ability of card ``name`` (``ability``: its index in the card's
    abilities; None: the spell ability of an instant or sorcery) for ``controller`` with the
    chosen ``targets`` (608.2). :meth:`run` returns a :class:`ChoiceRequest` or, at the end, an
    :class:`Outcome`; answer a request with :meth:`answer` and run again. ``order_effects``:
    the order of the replacement effects of each counter or damage event with two or more of
    them is asked (an ``"order"`` request, 616.1); without it the kernel's order applies.
    ``attacking``, ``blocking``: the creatures attacking and blocking as it resolves (506.4;
    the kernel has no combat), which filters of attacking or blocking creatures read;
    ``history``: what happened this turn (:class:`TurnHistory`, 603.4)."""

    def __init__(
        self,
        game: Any,
        name: str,
        controller: int,
        targets: Sequence[int] = (),
        *,
        ability: int | None = None,
        source: int | None = None,
        x: int = 0,
        triggering: int | None = None,
        pool: CardPool | str | None = None,
        order_effects: bool = False,
        attacking: Sequence[int] = (),
        blocking: Sequence[int] = (),
        history: TurnHistory | None = None,
        that_much: int = 0,
        division: Sequence[int] = (),
    ) -> None:
        turn = _history(history)
        if isinstance(that_much, bool) or not isinstance(that_much, int) or that_much < 0:
            raise ValueError(f"that_much must be an int of at least 0, got {that_much!r}")
        division = list(division)
        if any(isinstance(d, bool) or not isinstance(d, int) or d < 1 for d in division):
            raise ValueError(f"a division's shares are ints of at least 1, got {division!r}")
        if not isinstance(order_effects, bool):
            raise TypeError(f"order_effects must be a bool, got {type(order_effects).__name__}")
        self.pool = pool_arg(pool)
        if name not in self.pool:
            raise ValueError(f"unknown card {name!r}")
        self.game = game
        self.name = name
        self._callables = self.pool.callables(name)
        self.context = Context(name, controller, source, tuple(targets), x, triggering)
        self._request: ChoiceRequest | None = None
        callbacks = bool(self._callables)
        self._native = _is_native(game)
        if self._native:
            self._r: Any = self.pool.native.resolution(
                name,
                controller,
                list(targets),
                ability=ability,
                source=source,
                x=x,
                triggering=triggering,
                callbacks=callbacks,
                order_effects=order_effects,
                attacking=list(attacking),
                blocking=list(blocking),
                history=turn,
                that_much=that_much,
                division=division,
            )
        else:
            self._r = _ref.Resolution(
                self.pool.data,
                name,
                controller,
                targets,
                ability=ability,
                source=source,
                x=x,
                triggering=triggering,
                callbacks=callbacks,
                order_effects=order_effects,
                attacking=attacking,
                blocking=blocking,
                history=turn,
                that_much=that_much,
                division=division,
            )

    def run(self) -> ChoiceRequest | Outcome:
        """Run until the end or the next choice (escape-hatch callables run along the way)."""
        while True:
            step = _request(self._r.run(self.game))
            if not isinstance(step, int):
                self._request = step
                return step
            if step >= len(self._callables):
                raise UnsupportedEffect(
                    f"card {self.name!r}: its Python effect is not in the pool (a pool read "
                    "from compiled JSON has none)"
                )
            self._callables[step](self.game, self.context)
            self._r.answer(None)

    def answer(self, value: bool | Iterable[int] | Mapping[int, str] | int | None) -> None:
        """Answer the pending request: a bool ("may", "pay"; "top_or_bottom": True the top), ids
        ("proliferate"; in the "mtg-2010" ruleset a mapping id -> the one kind of counter it gets,
        old 701.23a), an int ("amount"), effect ids ("order": those first, in that order, 616.1),
        the ids of the cards discarded ("discard", 701.9b), the ids of the permanents sacrificed
        ("sacrifice", 701.21a), the id of the card found or None ("search", 701.23a-b), the ids of
        the cards put into the graveyard ("surveil", 701.25a) or on the bottom in that order
        ("scry", 701.22a) or into the face-up pile ("piles", 700.3), a bool ("choose_pile": True
        the face-up pile, 700.3; "unless": True sacrifices or discards, 608.2d), the ids kept
        ("keep": one a group, 701.21a)."""
        if isinstance(value, Mapping):
            value = dict(value)
        elif isinstance(value, Iterable):
            value = list(value)
        request = self._request
        if request is not None and request.kind == "discard":
            if not isinstance(value, list):
                raise TypeError("a discard choice is answered with the ids of hand cards")
            hand = request.candidates
            if any(v not in hand for v in value):
                raise ValueError(f"a discard choice names cards of the hand {list(hand)}")
            value = [hand.index(v) for v in value]
        if request is not None and request.kind in ("surveil", "scry", "piles"):
            if not isinstance(value, list):
                raise TypeError(f"a {request.kind} is answered with the ids of cards looked at")
            top = request.candidates
            if any(v not in top for v in value):
                raise ValueError(f"a {request.kind} names cards looked at {list(top)}")
            value = [top.index(v) for v in value]
        self._r.answer(value)


def pay_costs(
    game: Any,
    name: str,
    ability: int,
    source: int,
    controller: int,
    *,
    pool: CardPool | str | None = None,
) -> None:
    """Pay the costs of activated ability ``ability`` of card ``name`` that the card layer
    knows (602.2b): {E} from ``controller``, counters removed from ``source``, sacrificing it.
    All or nothing (``CannotPay``, nothing changed); mana and {T} are the game's to pay."""
    pool = pool_arg(pool)
    if name not in pool:
        raise ValueError(f"unknown card {name!r}")
    if _is_native(game):
        pool.native.pay_costs(game, name, ability, source, controller)
    else:
        _ref.pay_costs(game, pool.data[name], ability, source, controller)


Chooser = Callable[[Any, int, ChoiceRequest], Any]


def auto_choice(game: Any, controller: int, request: ChoiceRequest) -> Any:
    """A deterministic default: "may" yes, "pay" no (a bare game pays no mana), the bottom of
    the library ("top_or_bottom"), amounts the
    most, the kernel's order of replacement effects, the first cards of the hand to discard,
    the first card a search can find, every card surveilled or scried kept on top, every card
    separated into the face-down pile and that pile chosen (700.3), the life lost rather than
    a sacrifice or a discard ("unless", 608.2d), and
    proliferate choosing what helps the controller by polarity (its own and its permanents'
    good kinds, the others' bad kinds)."""
    if request.kind == "may":
        return True
    # 118.12; 401.4; 700.3; 608.2d: the punished player loses the life
    if request.kind in ("pay", "top_or_bottom", "choose_pile", "unless"):
        return False
    if request.kind == "order":
        return []
    if request.kind == "keep":  # 701.21a: the first permanent of each type
        return [group[0] for group in request.groups]
    if request.kind == "amount":
        return request.max
    if request.kind == "discard":
        return list(request.candidates[: request.max])
    if request.kind == "search":
        return request.candidates[0]
    if request.kind in ("surveil", "scry", "piles"):
        return []
    chosen = []
    kinds: dict[int, str] = {}
    for e in request.candidates:
        mine = e == controller or (e not in game.players and game.controller(e) == controller)
        wanted = "good" if mine else "bad"
        helpful = [k for k in game.counters(e) if polarity(k) == wanted]
        if helpful:
            chosen.append(e)
            kinds[e] = min(helpful)  # "mtg-2010": one kind, the smallest name
    return kinds if game.ruleset == "mtg-2010" else chosen


def resolve(
    game: Any,
    name: str,
    controller: int,
    targets: Sequence[int] = (),
    *,
    ability: int | None = None,
    source: int | None = None,
    x: int = 0,
    triggering: int | None = None,
    choose: Chooser | None = None,
    pool: CardPool | str | None = None,
    order_effects: bool = False,
    attacking: Sequence[int] = (),
    blocking: Sequence[int] = (),
    history: TurnHistory | None = None,
    that_much: int = 0,
    division: Sequence[int] = (),
) -> Outcome:
    """Resolve an ability (by default the spell ability; of a modal spell or a modal triggered
    ability, the mode that ``ability`` names, 700.2a, 603.3c) of card ``name`` for
    ``controller`` with the chosen ``targets``, answering choices with
    ``choose(game, controller, request)`` (default
    :func:`auto_choice`). A spell resolved without a ``source`` is put on the stack as an
    object first and into its owner's graveyard after (608.2n, 608.2b).
    ``order_effects=True``: the order of replacement effects is a choice too (616.1, an
    ``"order"`` request to ``choose``, whose ``controller`` argument is then the request's
    ``player``); otherwise the kernel's order applies. ``attacking``, ``blocking``: the
    creatures in combat as it resolves (506.4); ``history``: what happened this turn
    (603.4); ``that_much``: the amount a triggered ability's event carried (``Fired.amount``:
    "that many", 603.2); ``division``: the damage divided among a target's entities as it was
    put on the stack (601.2d), by position among them (without one, divided evenly)."""
    pool = pool_arg(pool)
    choose = choose or auto_choice
    spell_object = None
    # A spell ability named by its index (the mode of a modal spell, 700.2a) resolves as the
    # spell does: from an object on the stack.
    abilities = pool[name].data["abilities"] if name in pool else []
    is_spell = ability is None or (
        0 <= ability < len(abilities) and abilities[ability]["kind"] == "spell"
    )
    if ability is not None and 0 <= ability < len(abilities) and abilities[ability].get("modes"):
        # 603.3c: a modal trigger resolves the mode chosen as it was put on the stack.
        raise ValueError(
            f"ability {ability} of {name!r} is modal: resolve one of its modes (abilities "
            f"{abilities[ability]['modes']})"
        )
    if source is None and is_spell:
        source = spell_object = place(game, name, controller, "stack", pool=pool)
    r = Resolution(
        game,
        name,
        controller,
        targets,
        ability=ability,
        source=source,
        x=x,
        triggering=triggering,
        pool=pool,
        order_effects=order_effects,
        attacking=attacking,
        blocking=blocking,
        history=history,
        that_much=that_much,
        division=division,
    )
    while True:
        step = r.run()
        if isinstance(step, Outcome):
            break
        kinds = ("order", "discard", "search", "surveil", "scry", "top_or_bottom", "piles")
        kinds += ("choose_pile", "unless", "keep")
        who = step.player if step.kind in kinds else controller
        r.answer(choose(game, who, step))
    if spell_object is not None:
        game.move(spell_object, "graveyard")
    return step


# ----- triggered abilities -------------------------------------------------------------------


class GameEvent(NamedTuple):
    """An event a triggered ability can wait for, in the plain form both runtimes read."""

    kind: str
    a: int
    b: int = 0
    amount: int = 0
    flag: bool = False


def attacks(attacker: int) -> GameEvent:
    """``attacker`` attacks (508.1)."""
    return GameEvent("attacks", attacker)


def becomes_blocked(attacker: int) -> GameEvent:
    """``attacker`` becomes blocked (509.1h)."""
    return GameEvent("becomes_blocked", attacker)


def cast(spell: int, controller: int) -> GameEvent:
    """``controller`` casts ``spell`` (601.2i)."""
    return GameEvent("cast", spell, controller)


def becomes_target(
    target: int, *, by_spell: bool = True, by: int = 0, spell: int | None = None
) -> GameEvent:
    """``target`` becomes the target of a spell (or of an ability: ``by_spell=False``) that
    player ``by`` controls; ``spell``: that spell on the stack ("becomes the target of a spell
    an opponent controls", 702.21a, triggers only with it)."""
    return GameEvent("becomes_target", target, by, 2**32 - 1 if spell is None else spell, by_spell)


def upkeep(player: int) -> GameEvent:
    """The beginning of ``player``'s upkeep (503.1)."""
    return GameEvent("upkeep", player)


def beginning_of_combat(player: int) -> GameEvent:
    """The beginning of combat on ``player``'s turn (507.1)."""
    return GameEvent("beginning_of_combat", player)


def end_step(player: int) -> GameEvent:
    """The beginning of ``player``'s end step (513.1a)."""
    return GameEvent("end_step", player)


def attacked(player: int, creatures: int) -> GameEvent:
    """``player`` declared ``creatures`` attackers, one or more (508.1: "whenever you attack",
    508.3d)."""
    return GameEvent("attacked", player, amount=creatures)


def drew(player: int, nth: int = 1) -> GameEvent:
    """``player`` drew a card (121.2), its ``nth`` card this turn ("your second card each
    turn" waits for ``nth == 2``)."""
    return GameEvent("drew", player, amount=nth)


def proliferated(player: int) -> GameEvent:
    """``player`` proliferated (701.34)."""
    return GameEvent("proliferated", player)


def _convert(ev: Any) -> GameEvent | None:
    if isinstance(ev, GameEvent):
        return ev
    if isinstance(ev, tuple):
        return GameEvent(*ev)
    t = _ref.trigger_event(ev)
    return None if t is None else GameEvent(*t)


class Fired(NamedTuple):
    """A triggered ability that triggered: the permanent with it (for "dies", the object's last
    known information), its controller, the card, the ability's index, what it was about, and
    the amount its event carried for an ability that reads it ("that many", else 0)."""

    source: int
    controller: int
    card: str
    ability: int
    triggering: int
    amount: int = 0


def fired(
    game: Any,
    events: Iterable[Any],
    *,
    pool: CardPool | str | None = None,
    history: TurnHistory | None = None,
) -> list[Fired]:
    """The triggered abilities that ``events`` fire: kernel events (``game.take_events()``;
    others than zone changes, objects created on the battlefield, damage, counters put,
    life gained and life lost are ignored) and :class:`GameEvent`
    values, in event order, then by source id, then ability order (APNAP is the game's).
    ``history``: what happened this turn, which intervening "if" clauses read (603.4)."""
    pool = pool_arg(pool)
    turn = _history(history)
    evs = [e for e in (_convert(ev) for ev in events) if e is not None]
    if _is_native(game):
        raw = pool.native.fired(game, [tuple(e) for e in evs], turn)
    else:
        raw = _ref.fired(pool.data, game, [tuple(e) for e in evs], turn)
    return [Fired(*t) for t in raw]
