"""The benchmark workloads: the one set of definitions that ``cardstate bench``, the
pytest-benchmark suite (``benches/``) and the instruction counts (``benches/count_instructions.py``,
which counts each workload's native case, or any variant as ``name:variant``) all read.

Importing this module changes nothing outside it (no environment variable: the ``bench``
command and the Makefile set ``OPENBLAS_NUM_THREADS`` themselves).

Every workload is built by functions that take the ``Game`` class, so the same deterministic,
seeded workload runs on the native engine (``cardstate.Game``) and on the pure-Python reference
model (``cardstate.reference.Game``). A per-call workload also has a *floor*: the same loop over
an empty native method, ``Game._noop3(a, b, c)`` for a three-argument call and ``Game._noop()``
otherwise (the cost of crossing from Python into PyO3 at all). Some have a *peer*: another way
of doing the same work (OpenSpiel's chess ``clone()``, or the Python loop of native calls that a
batch call replaces).

A built workload is a :class:`Case`: ``setup()`` (not timed) prepares one round and returns the
arguments of ``run`` (timed). Per-call workloads run :data:`PER_CALL_BATCH` calls per round, so a
round is long enough to time reliably and the event log can be drained between rounds (an
``add_counters`` call logs an event; millions of them would fill memory).

A variant that cannot run here raises :class:`Unavailable` naming what is missing; the CLI lists
it as "not available", the benchmark suite fails on it unless ``skip`` is set (only for OpenSpiel
not being installed, and for batch functions an older build lacks: one definition measures any
build, ``benches/count_instructions.py --builds``).
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any, Literal

__all__ = [
    "BATCH_CLONE_HASH_NAMES",
    "PER_CALL_BATCH",
    "Board",
    "Case",
    "Timing",
    "Unavailable",
    "Variant",
    "WORKLOADS",
    "Workload",
    "build_berserk_board",
    "build_board",
    "build_proliferate_board",
    "FIVE_EFFECTS",
    "add_five_effects",
    "get_workload",
    "measure",
    "native_batch_clone_hash",
    "native_game_class",
    "reference_game_class",
]

GameClass = type[Any]
"""``cardstate.Game`` or ``cardstate.reference.Game`` (same API)."""

Variant = Literal["native", "reference", "floor", "peer"]
"""Which implementation a measurement is of."""

PER_CALL_BATCH = 1000
"""API calls per timed round in the per-call workloads."""

BOARD_PERMANENTS = 100
PROLIFERATE_ENTITIES = 10_000
BATCH_GAMES = 1000
BATCH_GAME_PERMANENTS = 20
COST_MODIFIERS = 10

# Counter kinds used on the boards: built-in kinds and custom names (Magic has hundreds).
_BUILTIN_KINDS = ("+1/+1", "-1/-1", "charge", "oil", "shield", "stun", "lore", "+2/+0")
_CUSTOM_KINDS = ("quest", "doom", "age", "fungus", "blood", "time", "verse", "glyph")
_CREATURE_KEYWORDS = ("infect", "wither", "lifelink", "deathtouch", "trample", "indestructible")


class Unavailable(Exception):
    """A workload variant can't run with the code installed here.

    ``missing`` names what is absent (``"Game.hash"``, ``"cardstate.clone_many"``...); ``skip``
    tells the benchmark suite it may skip instead of fail (OpenSpiel not installed; a batch
    function an older build lacks).
    """

    def __init__(self, reason: str, *, missing: str, skip: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.missing = missing
        self.skip = skip


@dataclass(frozen=True)
class Case:
    """One timed thing: ``run(*setup())``, with ``setup`` (if any) untimed before each round.

    ``calls`` is how many API calls one ``run`` makes, to report per-call times.
    """

    run: Callable[..., object]
    setup: Callable[[], tuple[Any, ...]] | None = None
    calls: int = 1


CaseBuilder = Callable[[GameClass], Case]


@dataclass(frozen=True)
class Workload:
    """A named workload: how to build it on native, on the reference, its floor and its peer."""

    name: str
    kind: Literal["per-call", "compound", "search", "batch"]
    description: str
    native: CaseBuilder
    reference: CaseBuilder
    floor: CaseBuilder | None = None
    floor_label: str | None = None
    peer: CaseBuilder | None = None
    peer_label: str | None = None
    calls: int = 1

    def variants(self) -> list[Variant]:
        """The variants this workload has, in display order."""
        out: list[Variant] = ["native", "reference"]
        if self.floor is not None:
            out.append("floor")
        if self.peer is not None:
            out.append("peer")
        return out

    def build(self, variant: Variant, native_cls: GameClass, reference_cls: GameClass) -> Case:
        """Build the case of ``variant`` (floor and peer are built with the native class)."""
        if variant == "native":
            return self.native(native_cls)
        if variant == "reference":
            return self.reference(reference_cls)
        if variant == "floor" and self.floor is not None:
            return self.floor(native_cls)
        if variant == "peer" and self.peer is not None:
            return self.peer(native_cls)
        raise ValueError(f"workload {self.name!r} has no {variant!r} variant")


# --------------------------------------------------------------------------------------------
# Implementations


def native_game_class() -> GameClass:
    """The native engine's ``Game`` (``cardstate.Game``, from ``cardstate._native``)."""
    from cardstate import Game

    return Game  # type: ignore[no-any-return]


def reference_game_class() -> GameClass:
    """The pure-Python reference model's ``Game``."""
    from cardstate.reference import Game

    return Game  # type: ignore[no-any-return]


def _require(obj: object, attr: str, owner: str = "Game", *, skip: bool = False) -> Any:
    """``getattr(obj, attr)`` or :class:`Unavailable` naming ``owner.attr``."""
    value = getattr(obj, attr, None)
    if value is None:
        raise Unavailable(
            f"{owner}.{attr} is not in this build", missing=f"{owner}.{attr}", skip=skip
        )
    return value


# --------------------------------------------------------------------------------------------
# Boards (deterministic, seeded)


@dataclass
class Board:
    """A built game plus the ids a workload needs."""

    game: Any
    permanents: list[int] = field(default_factory=list)
    assignments: list[tuple[int, int, int]] = field(default_factory=list)


def build_board(cls: GameClass, *, permanents: int = BOARD_PERMANENTS, seed: int = 0) -> Board:
    """A 2-player Magic board of ``permanents`` permanents (creatures, planeswalkers, battles).

    Creatures have mixed keywords (infect, wither, lifelink, deathtouch...) and counters
    (+1/+1, shield, custom kinds); players have poison and energy. ``assignments`` is one combat
    damage assignment per permanent (source → an opposing permanent or player, amount 1..4), for
    ``deal_simultaneous_damage``. The event log is empty when it returns.
    """
    rng = random.Random(seed)
    g = cls(players=2, ruleset="mtg", seed=seed)
    ids: list[int] = []
    owners: list[int] = []
    for i in range(permanents):
        controller = i % 2
        roll = rng.random()
        if roll < 0.08:
            x = g.create(controller, name=f"Walker {i}", types=("planeswalker",), loyalty=4)
        elif roll < 0.12:
            x = g.create(controller, name=f"Battle {i}", types=("battle",), defense=3)
        else:
            kws = [k for k in _CREATURE_KEYWORDS if rng.random() < 0.12]
            x = g.create(
                controller,
                name=f"Creature {i}",
                types=("creature",),
                keywords=kws,
                power=rng.randint(1, 4),
                toughness=rng.randint(1, 5),
            )
            if rng.random() < 0.3:
                g.add_counters(x, "+1/+1", rng.randint(1, 3))
            if rng.random() < 0.1:
                g.add_counters(x, "shield", 1)
            if rng.random() < 0.2:
                g.add_counters(x, rng.choice(_CUSTOM_KINDS), rng.randint(1, 5))
        ids.append(x)
        owners.append(controller)
    g.add_counters(0, "energy", 3)
    g.add_counters(1, "poison", 2)
    assignments: list[tuple[int, int, int]] = []
    for src, owner in zip(ids, owners, strict=True):
        foes = [t for t, o in zip(ids, owners, strict=True) if o != owner]
        target = 1 - owner if rng.random() < 0.2 or not foes else rng.choice(foes)
        assignments.append((src, target, rng.randint(1, 4)))
    g.take_events()
    return Board(g, ids, assignments)


def build_proliferate_board(
    cls: GameClass, *, entities: int = PROLIFERATE_ENTITIES, seed: int = 0
) -> Board:
    """A 2-player board where ``entities`` entities (both players + permanents) have counters.

    Kinds are mixed: built-in (+1/+1, -1/-1, charge, oil, shield, stun, lore, +2/+0), custom
    names (quest, doom, age...) and the players' poison, energy, experience; 1 to 3 kinds each.
    """
    rng = random.Random(seed)
    g = cls(players=2, ruleset="mtg", seed=seed)
    g.add_counters(0, "energy", 4)
    g.add_counters(0, "experience", 1)
    g.add_counters(1, "poison", 3)
    g.add_counters(1, "energy", 1)
    kinds = _BUILTIN_KINDS + _CUSTOM_KINDS
    ids: list[int] = []
    for i in range(entities - 2):
        if i % 5 == 0:
            x = g.create(i % 2, types=("creature",), power=2, toughness=2)
        else:
            x = g.create(i % 2, types=("artifact",))
        for kind in rng.sample(kinds, rng.randint(1, 3)):
            g.add_counters(x, kind, rng.randint(1, 3))
        ids.append(x)
    g.take_events()
    return Board(g, ids)


def build_berserk_board(cls: GameClass, *, cards: int = BOARD_PERMANENTS, seed: int = 0) -> Board:
    """A 2-player ``"berserk"`` board of ``cards`` creatures in play, with cost modifiers.

    Every third creature is a Гном; two Рунопевец-like sources make Гномы cost 1 less, and one
    raises the cost of the opponent's creatures by 1. Some creatures carry wounds and effects.
    """
    rng = random.Random(seed)
    g = cls(players=2, ruleset="berserk", seed=seed)
    ids: list[int] = []
    for i in range(cards):
        x = g.create(
            i % 2,
            name=f"Berserk {i}",
            types=("creature",),
            subtypes=("Гном",) if i % 3 == 0 else ("Воин",),
            strength=rng.randint(0, 5),
            lives=rng.randint(2, 8),
            movement=rng.randint(1, 3),
            cost=rng.randint(1, 9) if i % 7 else "2+X",
        )
        if rng.random() < 0.3:
            g.add_counters(x, "wound", 1)
        if rng.random() < 0.2:
            g.add_counters(x, "extra life", 1)
        ids.append(x)
    g.add_cost_modifier(-1, source=ids[0], subtypes=("Гном",))
    g.add_cost_modifier(-1, source=ids[3], subtypes=("Гном",), controller=1)
    g.add_cost_modifier(1, source=ids[1], types=("creature",), controller=0)
    g.take_events()
    return Board(g, ids)


# --------------------------------------------------------------------------------------------
# Per-call loops: PER_CALL_BATCH calls of a bound method, specialised by arity so the loop
# overhead is the same for the method and for its floor.


def _loop(f: Callable[..., object], args: Sequence[Any]) -> Callable[[], None]:
    """``PER_CALL_BATCH`` calls of ``f(*args)``, without ``*`` unpacking in the loop."""
    n = PER_CALL_BATCH
    if len(args) == 0:

        def run0(f: Any = f, r: Any = repeat, n: int = n) -> None:
            for _ in r(None, n):
                f()

        return run0
    if len(args) == 1:
        (a,) = args

        def run1(f: Any = f, a: Any = a, r: Any = repeat, n: int = n) -> None:
            for _ in r(None, n):
                f(a)

        return run1
    if len(args) == 2:
        a, b = args

        def run2(f: Any = f, a: Any = a, b: Any = b, r: Any = repeat, n: int = n) -> None:
            for _ in r(None, n):
                f(a, b)

        return run2
    if len(args) == 3:
        a, b, c = args

        def run3(
            f: Any = f, a: Any = a, b: Any = b, c: Any = c, r: Any = repeat, n: int = n
        ) -> None:
            for _ in r(None, n):
                f(a, b, c)

        return run3
    raise ValueError(f"no per-call loop for {len(args)} arguments")


def _drain(g: Any) -> Callable[[], tuple[()]]:
    """A round setup that empties the event log (untimed)."""

    def setup() -> tuple[()]:
        g.clear_events()
        return ()

    return setup


def _per_call(
    method: str, make: Callable[[GameClass], tuple[Any, tuple[Any, ...]]], *, events: bool
) -> CaseBuilder:
    """Builder for ``PER_CALL_BATCH`` calls of ``g.<method>(*args)`` on a board ``make`` builds."""

    def build(cls: GameClass) -> Case:
        _require(cls, method)
        g, args = make(cls)
        return Case(_loop(getattr(g, method), args), _drain(g) if events else None, PER_CALL_BATCH)

    return build


def _floor(args: tuple[Any, ...]) -> CaseBuilder:
    """Builder for the floor: the same loop over ``Game._noop3(*args)`` for a three-argument
    call, else over ``Game._noop()`` (the empty PyO3 method call)."""

    def build(cls: GameClass) -> Case:
        noop = "_noop3" if len(args) == 3 else "_noop"
        _require(cls, noop)
        g = cls(players=2)
        return Case(_loop(getattr(g, noop), args if noop == "_noop3" else ()), None, PER_CALL_BATCH)

    return build


def _counters_target(cls: GameClass) -> tuple[Any, tuple[Any, ...]]:
    g = cls(players=2, ruleset="mtg", seed=0)
    x = g.create(0, name="Target", types=("creature",), power=2, toughness=2)
    g.add_counters(x, "+1/+1", 2)
    g.add_counters(x, "shield", 1)
    g.add_counters(x, "quest", 3)
    g.take_events()
    return g, (x,)


def _make_add_counters(cls: GameClass) -> tuple[Any, tuple[Any, ...]]:
    g, (x,) = _counters_target(cls)
    return g, (x, "+1/+1", 1)


def _make_count(cls: GameClass) -> tuple[Any, tuple[Any, ...]]:
    g, (x,) = _counters_target(cls)
    return g, (x, "+1/+1")


def _make_counters(cls: GameClass) -> tuple[Any, tuple[Any, ...]]:
    return _counters_target(cls)


def _make_deal_damage(cls: GameClass) -> tuple[Any, tuple[Any, ...]]:
    g = cls(players=2, ruleset="mtg", seed=0)
    src = g.create(0, name="Source", types=("creature",), power=2, toughness=2)
    tgt = g.create(1, name="Target", types=("creature",), power=1, toughness=5)
    g.take_events()
    return g, (src, tgt, 1)


def _make_cost(cls: GameClass) -> tuple[Any, tuple[Any, ...]]:
    """A Гном in hand of cost 12 with 10 applicable cost modifiers (9 from sources, 1 one-off)."""
    g = cls(players=2, ruleset="berserk", seed=0)
    card = g.create(
        0, zone="hand", types=("creature",), subtypes=("Гном",), strength=1, lives=2, cost=12
    )
    for i in range(COST_MODIFIERS - 1):
        src = g.create(
            i % 2, types=("creature",), subtypes=("Рунопевец",), strength=1, lives=1, cost=3
        )
        g.add_cost_modifier(-1 if i % 2 == 0 else 1, source=src, subtypes=("Гном",))
    g.add_cost_modifier(-1, card=card)
    g.take_events()
    return g, (card,)


FIVE_EFFECTS = (
    ("counters_plus", "creatures you control", "+1/+1", 1),
    ("counters_times", "permanents you control", None, 2),
    ("counters_minus", "creatures you control", "-1/-1", 1),
    ("counters_cant", ("lands", "players"), None, None),
    ("life_gain_cant", "opponents", None, None),
)
"""The five replacement effects of ``rust/core/benches/core.rs`` (``add_effects``), each from an
enchantment of player 0 or 1 in turn (the target: a call with them in play within 2x of one
with none)."""


def add_five_effects(g: Any) -> None:
    """:data:`FIVE_EFFECTS` into ``g``, then its log emptied."""
    for i, (effect, affects, counter, amount) in enumerate(FIVE_EFFECTS):
        source = g.create(i % 2, types=("enchantment",))
        g.add_replacement_effect(
            effect, affects=affects, source=source, counter=counter, amount=amount
        )
    g.take_events()


def _make_add_counters_custom(cls: GameClass) -> tuple[Any, tuple[Any, ...]]:
    g, (x,) = _counters_target(cls)
    return g, (x, "quest", 1)


def _make_add_counters_5_effects(cls: GameClass) -> tuple[Any, tuple[Any, ...]]:
    _require(cls, "add_replacement_effect")
    g, args = _make_add_counters(cls)
    add_five_effects(g)
    return g, args


def _make_deal_damage_5_effects(cls: GameClass) -> tuple[Any, tuple[Any, ...]]:
    _require(cls, "add_replacement_effect")
    g, args = _make_deal_damage(cls)
    add_five_effects(g)
    return g, args


# --------------------------------------------------------------------------------------------
# Compound workloads


def _simultaneous_damage(cls: GameClass) -> Case:
    _require(cls, "deal_simultaneous_damage")
    _require(cls, "check_state_based_actions")
    assignments = build_board(cls).assignments

    def setup() -> tuple[Any, ...]:
        return (build_board(cls).game,)

    def run(g: Any) -> None:
        g.deal_simultaneous_damage(assignments)
        g.check_state_based_actions()

    return Case(run, setup)


def _chosen_half(g: Any, seed: int = 0) -> Any:
    """Half of the proliferate candidates, in candidate order, in the form the implementation's
    own ``proliferate_candidates()`` gives them (a numpy array from the native engine, a list
    from the reference): the natural ``proliferate(p, candidates[chosen])`` round trip."""
    candidates = g.proliferate_candidates()
    rng = random.Random(seed)
    picked = sorted(rng.sample(range(len(candidates)), len(candidates) // 2))
    if hasattr(candidates, "dtype"):
        return candidates[picked]
    return [candidates[i] for i in picked]


def _proliferate(cls: GameClass) -> Case:
    _require(cls, "proliferate")
    _require(cls, "proliferate_candidates")
    g = build_proliferate_board(cls).game
    chosen = _chosen_half(g)
    return Case(lambda: g.proliferate(0, chosen), _drain(g))


def _proliferate_candidates(cls: GameClass) -> Case:
    _require(cls, "proliferate_candidates")
    g = build_proliferate_board(cls).game
    return Case(g.proliferate_candidates)


# --------------------------------------------------------------------------------------------
# Search support: clone, hash, codec, batches


def _on_board(method: str) -> CaseBuilder:
    def build(cls: GameClass) -> Case:
        _require(cls, method)
        g = build_board(cls).game
        return Case(getattr(g, method))

    return build


def _from_bytes(cls: GameClass) -> Case:
    _require(cls, "to_bytes")
    from_bytes = _require(cls, "from_bytes")
    data = build_board(cls).game.to_bytes()
    return Case(lambda: from_bytes(data))


def _openspiel_chess_clone(_cls: GameClass) -> Case:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError as exc:
        raise Unavailable(
            f"open_spiel not installed: {exc} (pip install open_spiel in the benchmark env)",
            missing="pyspiel",
            skip=True,
        ) from exc
    state = pyspiel.load_game("chess").new_initial_state()
    return Case(state.clone)


def _batch_games(cls: GameClass) -> list[Any]:
    """``BATCH_GAMES`` distinct small games (clones of one board, each changed a little)."""
    _require(cls, "clone")
    template = build_board(cls, permanents=BATCH_GAME_PERMANENTS, seed=1).game
    games = []
    for i in range(BATCH_GAMES):
        h = template.clone()
        h.add_counters(i % 2, "energy", 1 + i % 7)
        h.gain_life(0, i)
        h.take_events()
        games.append(h)
    return games


BATCH_CLONE_HASH_NAMES = ("GameBatch.clone_and_hash", "GameBatch.apply")
"""What the native batch clone+hash is: ``clone_and_hash()`` of a ``GameBatch``, then one
``apply`` making the first change of every clone (the clone copies no game: copy-on-write makes
each copy at its first change, so the change is part of the work measured)."""

FIRST_CHANGE = ("gain_life", 0, 1)
"""The first change made to every clone in the batch clone+hash workload."""


def native_batch_clone_hash() -> Callable[[list[Any]], Callable[[], object]] | None:
    """A function taking the games and returning the timed batch call (its setup, building the
    ``GameBatch``, is not timed), or None if the native module has no ``GameBatch``."""
    import importlib

    mod = importlib.import_module("cardstate")
    batch_cls = getattr(mod, "GameBatch", None)
    if batch_cls is None:
        return None

    def prepare(games: list[Any]) -> Callable[[], object]:
        batch = batch_cls(games)
        first_change = [FIRST_CHANGE]

        def run() -> object:
            clones, hashes = batch.clone_and_hash()
            return clones.apply(first_change), hashes

        return run

    return prepare


def _batch_clone_hash_native(cls: GameClass) -> Case:
    prepare = native_batch_clone_hash()
    if prepare is None:
        raise Unavailable(
            "cardstate has no GameBatch (batch clone+hash)",
            missing="cardstate.GameBatch",
            skip=True,
        )
    return Case(prepare(_batch_games(cls)))


THREAD_BATCH_GAMES = 500
"""Games per batch in the thread-scaling workload (one batch per thread)."""

THREAD_BATCH_ROUNDS = 4
"""Batch calls each thread makes per timed run."""


def _thread_batch_work(cls: GameClass) -> tuple[list[Any], list[tuple[Any, ...]]]:
    """Two ``GameBatch``es of ``THREAD_BATCH_GAMES`` games and the operations each unit of work
    applies to every game of a batch (a combat-damage step that any game can take again)."""
    import cardstate

    games = _batch_games(cls)[:THREAD_BATCH_GAMES]
    board = games[0]
    creatures = [x for x in range(len(board.players), 12) if board.zone(x) == "battlefield"]
    ops = [
        ("add_counters", creatures[0], "+1/+1", 1),
        ("deal_damage", creatures[1], 1, 1, True),
        ("gain_life", 1, 1),
        ("deal_damage", creatures[2], creatures[3], 1, True),
        ("cleanup",),
    ]
    return [cardstate.GameBatch(games), cardstate.GameBatch(games)], ops


def _batch_units(batch: Any, ops: list[tuple[Any, ...]]) -> None:
    for _ in range(THREAD_BATCH_ROUNDS):
        batch.apply(ops)


def _batch_threads_native(cls: GameClass) -> Case:
    """The batch work split over two Python threads of a pool (batch calls release the GIL).

    The threads are started once, as an agent's worker pool would be: starting two threads in
    every timed run measured thread start-up (and allocator heaps set up and abandoned with
    each thread), not batch work, and made two threads slower than one."""
    from concurrent.futures import ThreadPoolExecutor

    _require(cls, "apply")
    batches, ops = _thread_batch_work(cls)
    pool = ThreadPoolExecutor(max_workers=len(batches), thread_name_prefix="cardstate-bench")

    def run() -> None:
        for done in [pool.submit(_batch_units, b, ops) for b in batches]:
            done.result()

    return Case(run)


def _batch_threads_one(cls: GameClass) -> Case:
    """The same batch work on one thread (the peer of the two-thread run)."""
    _require(cls, "apply")
    batches, ops = _thread_batch_work(cls)
    return Case(lambda: [_batch_units(b, ops) for b in batches])


def _batch_threads_reference(cls: GameClass) -> Case:
    """The reference doing the same work game by game (it has no batch API)."""
    games = _batch_games(cls)[:THREAD_BATCH_GAMES]
    _, ops = _thread_batch_work(native_game_class())

    def run() -> None:
        for _ in range(2 * THREAD_BATCH_ROUNDS):
            for g in games:
                h = g.clone()
                for name, *args in ops:
                    if name == "deal_damage":
                        getattr(h, name)(*args[:3], combat=args[3])
                    else:
                        getattr(h, name)(*args)

    return Case(run)


def _batch_clone_hash_loop(cls: GameClass) -> Case:
    _require(cls, "hash")
    games = _batch_games(cls)

    def run() -> object:
        clones = [h.clone() for h in games]
        hashes = [c.hash() for c in clones]
        for c in clones:
            c.gain_life(*FIRST_CHANGE[1:])
        return clones, hashes

    return Case(run)


def _berserk_batch(single: str, batch: str, *, native: bool, loop: bool = False) -> CaseBuilder:
    """``set_lives``/``cost`` over the 100 creatures of the berserk board in one call.

    Native: the batch method ``Game.<batch>`` (skipped with a message until it exists). The
    reference uses its own batch method if it has one, else a Python loop of single calls (the
    same work). ``loop=True``: a Python loop of native single calls (the peer).
    """

    def build(cls: GameClass) -> Case:
        _require(cls, single)
        if native and not loop and getattr(cls, batch, None) is None:
            signature = f"{batch}(ids, values)" if single == "set_lives" else f"{batch}(ids)"
            raise Unavailable(
                f"Game.{batch} is not in this build (batch call: Game.{signature})",
                missing=f"Game.{batch}",
                skip=True,
            )
        board = build_berserk_board(cls)
        g, ids = board.game, board.permanents
        batch_fn = getattr(g, batch, None) if not loop else None
        if single == "cost":
            if batch_fn is not None:
                return Case(lambda: batch_fn(ids))
            cost = g.cost
            return Case(lambda: [cost(x) for x in ids])
        # set_lives: alternate between two targets so every round changes every card.
        targets = [
            [g.lives(x) + (2 if i % 2 else -1) for i, x in enumerate(ids)],
            [g.lives(x) + (-1 if i % 2 else 2) for i, x in enumerate(ids)],
        ]
        targets = [[max(v, 0) for v in t] for t in targets]
        rounds: Iterator[int] = _cycle01()

        def setup() -> tuple[Any, ...]:
            g.clear_events()
            return (targets[next(rounds)],)

        if batch_fn is not None:
            return Case(lambda values: batch_fn(ids, values), setup)
        set_lives = g.set_lives

        def run(values: list[int]) -> None:
            for x, v in zip(ids, values, strict=True):
                set_lives(x, v)

        return Case(run, setup)

    return build


def _cycle01() -> Iterator[int]:
    while True:
        yield 0
        yield 1


# --------------------------------------------------------------------------------------------
# Events, operations, and the game layer (the duel, its batch, cards)

TAKE_EVENTS = 100
"""Damage events made into Python objects per ``take_events`` run."""


def _take_events(cls: GameClass) -> Case:
    _require(cls, "take_events")
    g, (src, tgt, _) = _make_deal_damage(cls)
    tgt_big = g.create(1, name="Wall", types=("creature",), power=0, toughness=10**9)
    g.take_events()

    def setup() -> tuple[()]:
        g.clear_events()
        for _ in range(TAKE_EVENTS):
            g.deal_damage(src, tgt_big, 1)
        return ()

    return Case(g.take_events, setup, TAKE_EVENTS)


CHANGES_AFTER_CLONE = 10
"""Permanents changed in a clone by ``clone_and_change`` (each first change copies a chunk)."""


def _clone_and_change(cls: GameClass) -> Case:
    _require(cls, "clone")
    board = build_board(cls)
    g, changed = board.game, board.permanents[:CHANGES_AFTER_CLONE]

    def run() -> None:
        c = g.clone()
        for x in changed:
            c.add_counters(x, "+1/+1", 1)

    return Case(run)


APPLY_CALLS = 100
"""``Game.apply`` calls per ``apply_ops`` run."""


def _apply_ops(cls: GameClass) -> Case:
    _require(cls, "apply")
    board = build_board(cls)
    g = board.game
    ops = [("add_counters", x, "charge", 1) for x in board.permanents[:4]] + [("gain_life", 0, 1)]

    def run() -> None:
        for _ in range(APPLY_CALLS):
            g.apply(ops)

    return Case(run, _drain(g), APPLY_CALLS)


DUEL_CLONES = 1000
"""``Duel.clone()`` calls per native ``duel_clone`` run (10 for the far slower reference)."""


def _mid_game_duel(duel_cls: Any) -> Any:
    """The mid-game duel of ``benches/test_bench_duel.py::test_clone``: 40 random actions into
    a duel without mulligans, the same position in every version."""
    d = duel_cls("infect", "energy", seed=3, mulligans=False)
    r = random.Random(3)
    for _ in range(40):
        d.apply_action(r.choice(d.legal_actions()))
    return d


def _duel_clone(reference: bool) -> CaseBuilder:
    def build(_cls: GameClass) -> Case:
        if reference:
            from cardstate.reference.duel import Duel
        else:
            from cardstate.duel import Duel
        d = _mid_game_duel(Duel)
        calls = 10 if reference else DUEL_CLONES
        clone = d.clone

        def run() -> None:
            for _ in repeat(None, calls):
                clone()

        return Case(run, None, calls)

    return build


def _duel_batch_step(_cls: GameClass) -> Case:
    """``DuelBatch.step`` of a one-game batch, the smallest legal id (``masks.argmax``)."""
    from cardstate.duel.batch import DuelBatch

    b = DuelBatch(1, ("infect", "energy"), seed=0)
    masks = [b.reset()[1]]
    step = b.step

    def run() -> None:
        for _ in repeat(None, PER_CALL_BATCH):
            masks[0] = step(masks[0].argmax(axis=1))[1]

    return Case(run, None, PER_CALL_BATCH)


def _no_reference_batch(_cls: GameClass) -> Case:
    raise Unavailable("the reference has no DuelBatch", missing="reference DuelBatch")


def _grim_board(cls: GameClass) -> tuple[Any, int, int]:
    """The board of ``benches/test_bench_cards.py``: 10 creatures per player, every other one
    with a counter, poison on player 1; Grim Affliction on the stack."""
    from cardstate import cards

    g = cls(players=2)
    target = -1
    for i in range(20):
        player = i % 2
        x = cards.place(g, "Grizzly Bears", player)
        if i % 4 < 2:
            g.add_counters(x, "-1/-1" if player else "+1/+1", 1)
        if player == 1:
            target = x
    g.add_counters(1, "poison", 2)
    spell = cards.place(g, "Grim Affliction", 0, "stack")
    g.take_events()
    return g, target, spell


def _grim_affliction(reference: bool) -> CaseBuilder:
    """Grim Affliction ("Put a -1/-1 counter on target creature, then proliferate.") resolved
    on a fresh 20-permanent board, proliferating every candidate: ``CardDb.resolve`` (or the
    reference interpreter's ``resolve_with``)."""

    def build(cls: GameClass) -> Case:
        from cardstate import cards
        from cardstate.reference import cards as ref_cards

        db, data = cards.pool.native, cards.pool.data

        def setup() -> tuple[Any, ...]:
            return _grim_board(cls)

        def run(g: Any, target: int, spell: int) -> None:
            if reference:
                ref_cards.resolve_with(data, g, "Grim Affliction", 0, [target], source=spell)
            else:
                db.resolve(g, "Grim Affliction", 0, [target], source=spell)

        return Case(run, setup)

    return build


PLACEMENTS = 1000
"""``cards.place`` calls per ``place`` run."""


def _place(cls: GameClass) -> Case:
    from cardstate import cards

    g = cls(players=2, ruleset="mtg", seed=0)
    cards.place(g, "Grizzly Bears", 0)
    place = cards.place

    def run() -> None:
        for _ in repeat(None, PLACEMENTS):
            place(g, "Grizzly Bears", 0)

    return Case(run, _drain(g), PLACEMENTS)


# --------------------------------------------------------------------------------------------
# The workloads


def _per_call_workload(
    name: str,
    description: str,
    make: Callable[[GameClass], tuple[Any, tuple[Any, ...]]],
    *,
    method: str | None = None,
    floor_args: tuple[Any, ...] = (),
    events: bool = False,
) -> Workload:
    """``PER_CALL_BATCH`` calls of ``Game.<method>`` (the workload's name by default)."""
    method = method or name
    return Workload(
        name=name,
        kind="per-call",
        description=description,
        native=_per_call(method, make, events=events),
        reference=_per_call(method, make, events=events),
        floor=_floor(floor_args),
        floor_label="Game._noop3(a, b, c)" if len(floor_args) == 3 else "Game._noop()",
        calls=PER_CALL_BATCH,
    )


WORKLOADS: list[Workload] = [
    _per_call_workload(
        "add_counters",
        "g.add_counters(x, '+1/+1', 1)",
        _make_add_counters,
        floor_args=(2, "+1/+1", 1),
        events=True,
    ),
    _per_call_workload("count", "g.count(x, '+1/+1') on an entity with 3 kinds", _make_count),
    _per_call_workload("counters", "g.counters(x) on an entity with 3 kinds", _make_counters),
    _per_call_workload(
        "deal_damage",
        "g.deal_damage(creature, creature, 1): one non-combat damage event",
        _make_deal_damage,
        floor_args=(2, 3, 1),
        events=True,
    ),
    _per_call_workload("cost", "g.cost(x) on a card with 10 applicable cost modifiers", _make_cost),
    _per_call_workload(
        "add_counters_custom",
        "g.add_counters(x, 'quest', 1): a kind by name that isn't built in",
        _make_add_counters_custom,
        method="add_counters",
        floor_args=(2, "quest", 1),
        events=True,
    ),
    _per_call_workload(
        "add_counters_5_effects",
        "g.add_counters(x, '+1/+1', 1) with five replacement effects in play",
        _make_add_counters_5_effects,
        method="add_counters",
        floor_args=(2, "+1/+1", 1),
        events=True,
    ),
    _per_call_workload(
        "deal_damage_5_effects",
        "g.deal_damage(creature, creature, 1) with five replacement effects in play",
        _make_deal_damage_5_effects,
        method="deal_damage",
        floor_args=(2, 3, 1),
        events=True,
    ),
    Workload(
        name="take_events",
        kind="compound",
        description=f"take_events(): {TAKE_EVENTS} damage events made into Python objects",
        native=_take_events,
        reference=_take_events,
        calls=TAKE_EVENTS,
    ),
    Workload(
        name="apply_ops",
        kind="compound",
        description="Game.apply of 5 operations (one transaction a call) on the 100-permanent "
        "board",
        native=_apply_ops,
        reference=_apply_ops,
        calls=APPLY_CALLS,
    ),
    Workload(
        name="simultaneous_damage_sba",
        kind="compound",
        description="deal_simultaneous_damage, 100 assignments on a 2-player 100-permanent "
        "board, then check_state_based_actions() (fresh board each round)",
        native=_simultaneous_damage,
        reference=_simultaneous_damage,
    ),
    Workload(
        name="proliferate_10k",
        kind="compound",
        description="proliferate over 10,000 entities with counters (mixed kinds incl. custom), "
        "half chosen",
        native=_proliferate,
        reference=_proliferate,
    ),
    Workload(
        name="proliferate_candidates_10k",
        kind="compound",
        description="proliferate_candidates() on the same 10,000-entity board",
        native=_proliferate_candidates,
        reference=_proliferate_candidates,
    ),
    Workload(
        name="clone",
        kind="search",
        description="clone() of a 2-player 100-permanent board",
        native=_on_board("clone"),
        reference=_on_board("clone"),
        peer=_openspiel_chess_clone,
        peer_label="OpenSpiel chess state.clone()",
    ),
    Workload(
        name="clone_and_change",
        kind="search",
        description=f"clone() of the 100-permanent board, then {CHANGES_AFTER_CLONE} of its "
        "permanents changed (each first change copies a chunk)",
        native=_clone_and_change,
        reference=_clone_and_change,
    ),
    Workload(
        name="hash",
        kind="search",
        description="hash() of a 2-player 100-permanent board",
        native=_on_board("hash"),
        reference=_on_board("hash"),
    ),
    Workload(
        name="to_bytes",
        kind="search",
        description="to_bytes() of a 2-player 100-permanent board",
        native=_on_board("to_bytes"),
        reference=_on_board("to_bytes"),
    ),
    Workload(
        name="from_bytes",
        kind="search",
        description="Game.from_bytes() of a 2-player 100-permanent board",
        native=_from_bytes,
        reference=_from_bytes,
    ),
    Workload(
        name="batch_clone_hash_1000",
        kind="batch",
        description="clone + hash of 1,000 games, then the first change of every clone (the "
        "copy-on-write copies happen there): one clone_and_hash and one apply (reference and "
        "peer: a Python loop of clone(), hash() and gain_life())",
        native=_batch_clone_hash_native,
        reference=_batch_clone_hash_loop,
        peer=_batch_clone_hash_loop,
        peer_label="Python loop of native clone()+hash()",
    ),
    Workload(
        name="batch_threads",
        kind="batch",
        description=f"GameBatch.apply(5 ops) x{THREAD_BATCH_ROUNDS} on two batches of "
        f"{THREAD_BATCH_GAMES} games: a pool of two Python threads (native) vs one thread (peer)",
        native=_batch_threads_native,
        reference=_batch_threads_reference,
        peer=_batch_threads_one,
        peer_label="the same batch work on one thread",
    ),
    Workload(
        name="batch_set_lives_100",
        kind="batch",
        description="set_lives over a 100-card berserk board in one call (Game.set_lives_many)",
        native=_berserk_batch("set_lives", "set_lives_many", native=True),
        reference=_berserk_batch("set_lives", "set_lives_many", native=False),
        peer=_berserk_batch("set_lives", "set_lives_many", native=True, loop=True),
        peer_label="Python loop of native set_lives()",
    ),
    Workload(
        name="batch_cost_100",
        kind="batch",
        description="cost over a 100-card berserk board in one call (Game.cost_many)",
        native=_berserk_batch("cost", "cost_many", native=True),
        reference=_berserk_batch("cost", "cost_many", native=False),
        peer=_berserk_batch("cost", "cost_many", native=True, loop=True),
        peer_label="Python loop of native cost()",
    ),
    Workload(
        name="duel_clone",
        kind="search",
        description="Duel.clone() of a mid-game duel (40 random actions in), each copy dropped",
        native=_duel_clone(reference=False),
        reference=_duel_clone(reference=True),
        calls=DUEL_CLONES,
    ),
    Workload(
        name="duel_batch_step",
        kind="batch",
        description="DuelBatch.step of a one-game batch from Python (the call's own cost)",
        native=_duel_batch_step,
        reference=_no_reference_batch,
        calls=PER_CALL_BATCH,
    ),
    Workload(
        name="grim_affliction",
        kind="compound",
        description="Grim Affliction resolved on a fresh 20-permanent board, proliferating "
        "every candidate (CardDb.resolve; the reference's resolve_with)",
        native=_grim_affliction(reference=False),
        reference=_grim_affliction(reference=True),
    ),
    Workload(
        name="place",
        kind="compound",
        description=f"cards.place(g, 'Grizzly Bears', 0) x{PLACEMENTS} onto a bare game",
        native=_place,
        reference=_place,
        calls=PLACEMENTS,
    ),
]
"""Every workload, in the order ``cardstate bench`` prints them."""


def get_workload(name: str) -> Workload:
    """The workload called ``name`` (``KeyError`` listing the names otherwise)."""
    for w in WORKLOADS:
        if w.name == name:
            return w
    raise KeyError(f"no workload {name!r}; known: {', '.join(w.name for w in WORKLOADS)}")


# --------------------------------------------------------------------------------------------
# Timing (timeit-style: auto-ranged loops, median of repeats)


@dataclass(frozen=True)
class Timing:
    """Seconds per ``run`` (one round): median and best over ``repeats`` of ``loops`` runs."""

    median: float
    best: float
    repeats: list[float]
    loops: int
    calls: int

    @property
    def per_call(self) -> float:
        """Median seconds per API call (``median / calls``)."""
        return self.median / self.calls


def _time_loops(case: Case, loops: int) -> float:
    """Total timed seconds of ``loops`` runs (setups excluded), with the GC off as in timeit."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        clock = time.perf_counter
        if case.setup is None:
            run = case.run
            t0 = clock()
            for _ in repeat(None, loops):
                run()
            return clock() - t0
        total = 0.0
        setup, run = case.setup, case.run
        for _ in repeat(None, loops):
            args = setup()
            t0 = clock()
            run(*args)
            total += clock() - t0
        return total
    finally:
        if gc_was_enabled:
            gc.enable()


def _autorange(case: Case, min_time: float, max_loops: int) -> int:
    """The first of 1, 2, 5, 10, 20, 50... loops whose total time is at least ``min_time``."""
    base = 1
    while True:
        for mult in (1, 2, 5):
            loops = base * mult
            if loops >= max_loops:
                return max_loops
            if _time_loops(case, loops) >= min_time:
                return loops
        base *= 10


def measure(
    case: Case, *, repeat_count: int = 5, min_time: float = 0.2, max_loops: int = 10**7
) -> Timing:
    """Time ``case`` like ``timeit``: pick loops (1, 2, 5, 10, 20, 50...) so that one repeat
    takes at least ``min_time`` seconds (the auto-ranging also warms up), then ``repeat_count``
    repeats; report the median and best seconds per run."""
    loops = _autorange(case, min_time, max_loops)
    per_run = [_time_loops(case, loops) / loops for _ in range(repeat_count)]
    gc.collect()
    return Timing(statistics.median(per_run), min(per_run), per_run, loops, case.calls)
