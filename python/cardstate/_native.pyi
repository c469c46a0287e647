"""Type stubs for ``cardstate._native``, the PyO3 bindings of the Rust engine (cardstate-core).

Kept in sync with ``rust/python/src/lib.rs`` by ``tests/test_stubs.py`` (names, parameter names,
parameter kinds and defaults). The semantics of every call are pinned in docs/SEMANTICS.md.

Conventions: an id is any ``int`` (an unknown one raises ``KeyError("no entity with id N")``);
an amount is an ``int`` in ``0..=MAX_COUNT`` (negative: ``ValueError``; too large:
``OverflowError``; not an int: ``TypeError``). A call that raises changes nothing.
"""

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Final, Literal, Self, TypeAlias, final

import numpy
import numpy.typing

__all__ = [
    "Game",
    "Event",
    "GameBatch",
    "CardDb",
    "CardResolution",
    "observation_features",
    "polarity",
    "_restore",
    "_event",
    "MAX_COUNT",
    "ZONES",
    "RULESETS",
    "KEYWORDS",
]

_ZoneName: TypeAlias = Literal[
    "library", "hand", "battlefield", "graveyard", "exile", "stack", "command"
]
_RulesetName: TypeAlias = Literal["mtg", "mtg-2010", "berserk"]
_PolarityName: TypeAlias = Literal["good", "bad", "neutral"]
_EventKind: TypeAlias = Literal[
    "counters_added",
    "counters_removed",
    "life_lost",
    "life_gained",
    "damage",
    "wounded",
    "healed",
    "destroyed",
    "zone_change",
    "player_lost",
    "proliferated",
]
_EventTuple: TypeAlias = tuple[
    _EventKind,
    int | None,
    int | None,
    int | None,
    str | None,
    bool | None,
    _ZoneName | None,
    _ZoneName | None,
    int | None,
]

MAX_COUNT: Final[int]
"""The largest count or amount, ``2**64 - 1``."""
ZONES: Final[list[str]]
"""The zone names, in the engine's order."""
RULESETS: Final[list[str]]
"""The ruleset names: ``["mtg", "mtg-2010", "berserk"]``."""
KEYWORDS: Final[list[str]]
"""The keywords the kernel knows, in bit order."""

def polarity(kind: str) -> _PolarityName:
    """How a kind of counter is for its holder: ``"good"``, ``"bad"`` or ``"neutral"``.

    Raises ``ValueError`` for an empty kind name.
    """

def observation_features(kinds: Iterable[str] | None = None) -> list[str]:
    """Column names of ``Game.observation(kinds)`` and ``GameBatch.observation(kinds)``.

    The fixed features, then ``keyword:<name>``, ``type:<name>`` and ``counter:<kind>`` for the
    built-in kinds, then ``counter:<kind>`` for each extra kind in ``kinds``.
    """

def _restore(data: bytes, info: dict[Any, Any]) -> Game:
    """Unpickles a game (the callable of ``Game.__reduce__``): ``from_bytes`` plus ``info``."""

def _event(
    kind: str,
    source: int | None,
    target: int | None,
    amount: int | None,
    counter: str | None,
    combat: bool | None,
    zone_from: str | None,
    zone_to: str | None,
    new_id: int | None,
) -> Event:
    """Rebuilds an ``Event`` from its ``as_tuple()`` (the callable of ``Event.__reduce__``)."""

@final
class Event:
    """One event of the log (SPEC §8); attributes that don't apply are ``None``.

    Immutable and hashable; made by the engine only (it has no constructor). Equal to any object
    whose ``as_tuple()`` is equal.
    """

    @property
    def kind(self) -> _EventKind:
        """What happened, e.g. ``"damage"`` or ``"counters_added"``."""
    @property
    def source(self) -> int | None:
        """The source of damage, life gain (lifelink) or wounds."""
    @property
    def target(self) -> int | None:
        """The player or object the event happened to (the old id for ``zone_change``)."""
    @property
    def amount(self) -> int | None:
        """How much (damage dealt, counters, life, wounds)."""
    @property
    def counter(self) -> str | None:
        """The counter kind of ``counters_added`` / ``counters_removed``."""
    @property
    def combat(self) -> bool | None:
        """Whether damage was combat damage (``damage`` events)."""
    @property
    def zone_from(self) -> _ZoneName | None:
        """The zone an object left (``zone_change``)."""
    @property
    def zone_to(self) -> _ZoneName | None:
        """The zone an object went to (``zone_change``)."""
    @property
    def new_id(self) -> int | None:
        """The id of the new object after a zone change (``zone_change``)."""
    def as_tuple(self) -> _EventTuple:
        """``(kind, source, target, amount, counter, combat, zone_from, zone_to, new_id)``."""
    def __eq__(self, value: object, /) -> bool:
        """Equal to anything whose ``as_tuple()`` is equal; ``False`` otherwise."""
    def __hash__(self) -> int:
        """The hash of ``as_tuple()``."""
    def __copy__(self) -> Self:
        """The event itself (events are immutable)."""
    def __deepcopy__(self, _memo: Any) -> Self:
        """The event itself (events are immutable)."""
    def __reduce__(self) -> tuple[Callable[..., Event], _EventTuple]:
        """Pickle support: ``(_event, self.as_tuple())``."""
    def __repr__(self) -> str:
        """``Event(kind=..., ...)`` with the fields that apply."""

@final
class Game:
    """A game: the whole rules state (SPEC.md §9, docs/SEMANTICS.md).

    ``==`` compares the rules-relevant state (not the event log, ``info``, the seed or
    ``record_events``). A game is mutable, so ``hash(game)`` is a ``TypeError``: use
    :meth:`hash`.
    """

    __hash__: ClassVar[None]  # type: ignore[assignment]

    def __new__(
        cls,
        players: int | None = None,
        ruleset: str = "mtg",
        seed: int | None = None,
        *,
        record_events: bool = True,
    ) -> Self:
        """A new game: players ``0..players-1`` (``None``: 2; 1 to 64) at 20 life each.

        ``ruleset`` is one of ``RULESETS``; ``seed`` (``None``: 0) is an int in ``0..2**64``.
        ``record_events=False`` keeps no event log (for playouts that never read it).
        """

    # ----- properties -----

    @property
    def players(self) -> list[int]:
        """The player ids, ``0..N-1``."""
    @property
    def ruleset(self) -> _RulesetName:
        """The ruleset the game was created with."""
    @property
    def seed(self) -> int:
        """The seed of the game's random stream."""
    @property
    def record_events(self) -> bool:
        """Whether events are recorded (turn off for playouts that never read them)."""
    @record_events.setter
    def record_events(self, on: bool) -> None: ...

    # ----- life -----

    def life(self, p: int) -> int:
        """A player's life total."""
    def gain_life(self, p: int, n: int) -> None:
        """The player gains ``n`` life (``life_gained``)."""
    def lose_life(self, p: int, n: int) -> None:
        """The player loses ``n`` life (``life_lost``)."""

    # ----- objects -----

    def create(
        self,
        controller: int,
        *,
        zone: str = "battlefield",
        name: str = "",
        types: Iterable[str] = (),
        subtypes: Iterable[str] = (),
        keywords: Iterable[str] | Mapping[str, int] = (),
        power: int | None = None,
        toughness: int | None = None,
        loyalty: int | None = None,
        defense: int | None = None,
        cost: int | str | None = None,
        strength: int | None = None,
        lives: int | None = None,
        movement: int | None = None,
        flying: bool = False,
        elite: bool = False,
        info: Mapping[Any, Any] | None = None,
        counters: Mapping[str, int] | None = None,
    ) -> int:
        """Creates an object controlled (and owned) by ``controller``; returns its id.
        ``counters`` are put on it as it enters (122.6), through the replacement effects.

        ``types``/``subtypes`` are iterables of names (a bare ``str`` is a ``TypeError``);
        ``keywords`` names or a mapping name -> value (``{"toxic": 2}``); ``cost`` an int or a
        string such as ``"2+X"``; ``info`` non-game elements, stored as a copy.
        """
    def zone(self, x: int) -> _ZoneName:
        """The zone an object is in; for an object that left, the zone it went to."""
    def controller(self, x: int) -> int:
        """The object's controller (last known information for a gone id)."""
    def owner(self, x: int) -> int:
        """The object's owner."""
    def name(self, x: int) -> str:
        """The object's name."""
    def info(self, x: int) -> dict[Any, Any]:
        """The non-game elements given at creation (rule 109), as a new dict."""
    def move(self, x: int, zone: str, *, counters: Mapping[str, int] | None = None) -> int:
        """Moves an object to a zone (400.7): it becomes a new object; returns the new id.
        ``counters`` are put on the new object as it enters (122.6)."""

    # ----- counters -----

    def counters(self, e: int) -> dict[str, int]:
        """The counters on a player or object, in the order their kinds arrived."""
    def count(self, e: int, kind: str) -> int:
        """How many counters of a kind (0 if none)."""
    def add_counters(self, e: int, kind: str, n: int = 1) -> None:
        """Puts ``n`` counters of a kind on a player or object (``counters_added``)."""
    def remove_counters(self, e: int, kind: str, n: int = 1) -> int:
        """Removes up to ``n`` counters; returns how many were removed."""
    def pay_counters(self, e: int, kind: str, n: int) -> None:
        """Pays ``n`` counters as a cost: all or nothing (``CannotPay``)."""
    def move_counters(self, a: int, b: int, kind: str, n: int) -> int:
        """Moves n counters of a kind from one entity to another (122.5): all or nothing
        (``CannotPay``); returns how many were put (the replacement effects apply)."""
    def put_counters_from(self, a: int, b: int) -> None:
        """Puts on ``b`` the counters object ``a`` had as it last existed (122.8)."""
    def objects(self, zone: str, controller: int | None = None) -> list[int]:
        """The objects in a zone, in id order, optionally only those ``controller`` controls."""
    def pay_energy(self, p: int, n: int) -> None:
        """Pays {E} ``n`` times (107.14): all or nothing (``CannotPay``)."""

    # ----- characteristics -----

    def power(self, x: int) -> int | None:
        """Power (exact), or ``None`` for a non-creature without printed power."""
    def toughness(self, x: int) -> int | None:
        """Toughness (exact), or ``None`` for a non-creature without printed toughness."""
    def damage(self, x: int) -> int:
        """Marked damage."""
    def loyalty(self, x: int) -> int:
        """The number of loyalty counters."""
    def defense(self, x: int) -> int:
        """The number of defense counters."""
    def has_keyword(self, x: int, keyword: str) -> bool:
        """Printed, granted or from a keyword counter (122.1b)."""
    def toxic(self, x: int) -> int:
        """Total toxic value (702.164b)."""
    def types(self, x: int) -> list[str]:
        """The object's current card types."""
    def subtypes(self, x: int) -> list[str]:
        """The object's current subtypes, in the order given."""
    def grant(self, x: int, keyword: str, *, until_end_of_turn: bool = False) -> None:
        """Grants a keyword (not ``toxic``), permanently or until end of turn."""
    def revoke(self, x: int, keyword: str) -> None:
        """Removes a printed or granted keyword (keyword counters stay)."""
    def pump(self, x: int, power: int, toughness: int) -> None:
        """+power/+toughness until end of turn (a permanent only)."""

    # ----- damage -----

    def deal_damage(
        self,
        source: int,
        target: int,
        amount: int,
        *,
        combat: bool = False,
        preventable: bool = True,
    ) -> int:
        """Deals damage (CR 120); returns how much was dealt after prevention."""
    def deal_simultaneous_damage(
        self,
        assignments: Iterable[tuple[int, int, int]],
        *,
        combat: bool = True,
        preventable: bool = True,
    ) -> list[int]:
        """Deals ``(source, target, amount)`` assignments at once (510.2); returns what each
        dealt."""
    def prevent_damage(
        self, target: int, amount: int | None = None, *, source: int | None = None
    ) -> None:
        """Prevents the next ``amount`` damage (all if ``None``) to ``target`` this turn
        [from ``source``]."""
    def redirect_damage(
        self, a: int, b: int, amount: int | None = None, *, source: int | None = None
    ) -> None:
        """The next damage (``amount`` of it, all if ``None``) to ``a`` this turn is dealt to
        ``b`` instead."""
    def cleanup(self) -> None:
        """Cleanup step (514.2): marked damage and "this turn" effects end."""

    # ----- destruction, regeneration, the tapped status -----

    def destroy(self, x: int) -> bool:
        """Destroys a permanent as the result of an effect (701.8); whether it was destroyed
        (indestructible stops it; a regeneration shield or else a shield counter replaces it)."""
    def regenerate(self, x: int) -> None:
        """Regenerates a permanent (701.15a): a shield that replaces its next destruction this
        turn (tap it, remove all damage from it)."""
    def regeneration_shields(self, x: int) -> int:
        """How many regeneration shields protect x."""
    def tap(self, x: int) -> bool:
        """Taps a permanent; whether it was untapped."""
    def untap(self, x: int) -> bool:
        """Untaps a permanent; whether it was tapped."""
    def is_tapped(self, x: int) -> bool:
        """Whether x is tapped (last known information for a gone id)."""

    # ----- replacement and "can't" effects (CR 614-616) -----

    def add_replacement_effect(
        self,
        effect: str,
        *,
        affects: str | Iterable[str],
        sources: str | Iterable[str] | None = None,
        source: int | None = None,
        controller: int | None = None,
        counter: str | None = None,
        amount: int | None = None,
        until_end_of_turn: bool = False,
    ) -> int:
        """Adds a replacement, prevention or "can't" effect (docs/SEMANTICS.md §10); its id."""
    def remove_replacement_effect(self, id: int) -> None:
        """Ends the effect with that id (``KeyError`` if there is none)."""
    def order_replacement_effects(self, ids: Iterable[int]) -> None:
        """616.1: puts the effects ``ids`` first, in that order (the affected player's choice)."""
    def replacement_effects(self) -> list[dict[str, Any]]:
        """The effects in their order of application, as dicts."""

    # ----- state-based actions and the result -----

    def check_state_based_actions(self) -> list[Event]:
        """Performs state-based actions until none applies (704.3); returns their events."""
    def has_lost(self, p: int) -> bool:
        """Whether the player has lost."""
    def is_over(self) -> bool:
        """Whether fewer than two players are left."""
    def winner(self) -> int | None:
        """The one player left, or ``None``."""

    # ----- proliferate -----

    def proliferate_candidates(self) -> numpy.typing.NDArray[numpy.int64]:
        """Players and permanents with counters (701.34a), as a numpy int64 array."""
    def proliferate(self, player: int, chosen: Iterable[int] | Mapping[int, str]) -> None:
        """Proliferate: ``"mtg"`` takes ids, ``"mtg-2010"`` a mapping id -> kind."""
    def proliferate_auto(self, player: int) -> list[int] | dict[int, str]:
        """Chooses by polarity for ``player``, applies, and returns the choice (ids, or a
        mapping id -> kind in ``"mtg-2010"``)."""

    # ----- Berserk -----

    def strength(self, x: int) -> int | None:
        """Base strength plus strength effects, never below 0; ``None`` without strength."""
    def lives(self, x: int) -> int | None:
        """Base lives plus extra minus negative lives; ``None`` without lives."""
    def wounds(self, x: int) -> int:
        """The number of wounds."""
    def set_strength(self, x: int, n: int) -> None:
        """Strength becomes ``n`` (104.3.1): puts +1 or -1 strength effects."""
    def set_lives(self, x: int, n: int) -> None:
        """Lives become ``n`` (104.3.1): no wounded/healed events."""
    def heal(self, x: int, n: int) -> int:
        """Heals up to ``n`` wounds (``healed``); returns how many were healed."""
    def remove_effects(self, x: int) -> None:
        """Removes every strength and life effect (not wounds)."""
    def cost(self, x: int, *, x_value: int | None = None) -> int:
        """The cost (105.1) with every applicable modifier, never below 0."""
    def add_cost_modifier(
        self,
        amount: int,
        *,
        card: int | None = None,
        source: int | None = None,
        subtypes: Iterable[str] | None = None,
        types: Iterable[str] | None = None,
        controller: int | None = None,
    ) -> None:
        """A cost modifier: one-off for a ``card`` in hand, or static from a ``source`` in
        play."""
    def set_controller(self, x: int, p: int) -> None:
        """Overwrites the controller (104.3.4), only in play."""
    def set_types(
        self, x: int, types: Iterable[str], *, subtypes: Iterable[str] | None = None
    ) -> None:
        """Property replacement of the type (108.1, 108.2), only in play."""
    def set_elite(self, x: int, flag: bool) -> None:
        """Makes an object elite or ordinary (108.1)."""
    def movement(self, x: int) -> int | None:
        """Movement, or ``None`` for a flyer or a card without movement."""
    def is_flying(self, x: int) -> bool:
        """Whether the object flies."""
    def is_elite(self, x: int) -> bool:
        """Whether the object is elite."""

    # ----- events -----

    def take_events(self) -> list[Event]:
        """The events since the last call, in order; clears the log."""
    def clear_events(self) -> None:
        """Empties the event log without reading it (no Python objects are made)."""

    # ----- search support -----

    def clone(self) -> Game:
        """A full independent copy (``info`` included, shared copy-on-write)."""
    def __copy__(self) -> Game:
        """Same as :meth:`clone`."""
    def __deepcopy__(self, memo: Any) -> Game:
        """Like :meth:`clone`, with ``info`` deep-copied (a game inside its own info stays one
        copy)."""
    def random_u64(self) -> int:
        """The next number of the game's seeded random stream (PCG-64): the same seed and the same
        calls give the same numbers on every machine; the position travels with ``to_bytes()``."""
    def hash(self) -> int:
        """64-bit hash of the rules-relevant state (O(1): kept incrementally)."""
    def _recompute_hash(self) -> int:
        """The hash computed from scratch (tests check it equals :meth:`hash`)."""
    def __eq__(self, value: object, /) -> bool:
        """Structural equality of the rules-relevant state; ``False`` for a non-game."""
    def to_bytes(self) -> bytes:
        """The state in the versioned binary format (docs/FORMAT.md); not events, not info."""
    @staticmethod
    def from_bytes(data: bytes) -> Game:
        """Decodes ``to_bytes`` output (``bytes`` only); ``ValueError`` on anything
        malformed."""
    def __reduce__(
        self,
    ) -> tuple[Callable[[bytes, dict[Any, Any]], Game], tuple[bytes, dict[Any, Any]]]:
        """Pickle support: ``(_restore, (self.to_bytes(), info))``."""
    def __repr__(self) -> str:
        """``Game(players=..., ruleset=..., entities=..., hash=...)``."""

    # ----- batch work -----

    def apply(self, ops: Iterable[tuple[Any, ...]]) -> None:
        """Applies ``[(name, *args), ...]`` in one call, all or nothing: the form of every
        operation is checked first, then they run in order; on the first failing operation the
        game is put back as it was and that error is raised. Names and arguments are those of
        the methods (the kernel's operation table): add_counters, remove_counters, pay_counters,
        gain_life, lose_life, deal_damage (source, target, amount[, combat[, preventable]]),
        move, proliferate (player, ids), proliferate_auto, cleanup,
        check_state_based_actions. ``cardstate.reference.Game.apply`` does the same."""
    def observation(
        self, kinds: Iterable[str] | None = None
    ) -> numpy.typing.NDArray[numpy.float32]:
        """Observation tensor: one float32 row per entity id, one column per
        ``observation_features(kinds)``; gone objects are rows of zeros."""
    def cost_many(self, ids: Iterable[int]) -> numpy.typing.NDArray[numpy.int64]:
        """The costs of many cards at once, as a numpy int64 array."""
    def set_lives_many(self, ids: Iterable[int], values: int | Iterable[int]) -> None:
        """Lives become X for many cards in one call (all checked first): ``values`` is one int
        for all, or one per id."""

    # ----- the floor for benchmarks -----

    def _noop(self) -> None:
        """An empty method: the cost of calling into the extension at all."""
    def _noop3(self, _a: object, _b: object, _c: object) -> None:
        """An empty method taking three arguments (unconverted)."""
    def _while_locked(self, f: Callable[[], Any]) -> Any:
        """Calls ``f()`` while the game is locked, as a finalizer run during a call would be
        (tests show that a call re-entering the game is then a ``RuntimeError``)."""

@final
class GameBatch:
    """Many games held natively, for batch work that releases the GIL: clone, hash, observe.

    Games in a batch carry no ``info`` and no event log: ``apply`` discards the events its
    operations cause, and the games it gives back have an empty log.
    """

    def __new__(cls, games: Iterable[Game]) -> Self:
        """A batch holding copies of ``games`` (``TypeError`` for anything but ``Game``)."""
    @staticmethod
    def repeat(game: Game, n: int) -> GameBatch:
        """``n`` copies of one game (``MemoryError`` before any is made if ``n`` games can't be
        had)."""
    def __len__(self) -> int:
        """The number of games."""
    def __getitem__(self, key: int, /) -> Game:
        """A copy of game ``key`` as a ``Game`` (negative indexes count from the end;
        ``IndexError`` out of range)."""
    def clone(self) -> GameBatch:
        """A copy of the batch in O(1): the games are shared copy-on-write, and each is copied
        by the first ``apply`` that changes it (on either side), which pays for the copying."""
    def hashes(self) -> numpy.typing.NDArray[numpy.uint64]:
        """Every game's ``hash()``, as a numpy uint64 array."""
    def clone_and_hash(self) -> tuple[GameBatch, numpy.typing.NDArray[numpy.uint64]]:
        """``clone()`` and the clones' ``hashes()`` in one call (no game is copied here either:
        the copies are made by the first ``apply`` that changes them)."""
    def observation(
        self, kinds: Iterable[str] | None = None
    ) -> numpy.typing.NDArray[numpy.float32]:
        """Observations of every game, zero-padded to the largest: (games, entities,
        features). The array is made first: ``MemoryError`` (``ValueError`` for a shape numpy
        can't hold) before any game is read if it can't be had."""
    def apply(self, ops: Iterable[tuple[Any, ...]]) -> numpy.typing.NDArray[numpy.int64]:
        """Applies the same operations to every game, with the GIL released (other threads run
        meanwhile). Returns, per game, -1 if all applied, else the index of the operation that
        failed (that game is left as it was)."""
    def games(self) -> list[Game]:
        """The games as a list of ``Game``."""
    def __repr__(self) -> str:
        """``GameBatch(<n> games)``."""

class CardDb:
    """Compiled cards run by the Rust card runtime (docs/CARDS.md); ``cardstate.cards`` wraps
    it."""

    def __new__(cls, json: str) -> Self:
        """A database from the compiled form's JSON text (``ValueError`` if malformed)."""
    @staticmethod
    def pool() -> CardDb:
        """The built-in pool embedded in the extension."""
    def __len__(self) -> int:
        """The number of cards."""
    def names(self) -> list[str]:
        """The card names, in pool order."""
    def decks(self) -> list[tuple[str, list[str]]]:
        """Decks by name, as (name, card names) pairs."""
    def place(
        self, game: Game, name: str, controller: int, zone: str = "battlefield", x: int = 0
    ) -> int:
        """Creates an object of card ``name`` (with its "enters with" counters on the
        battlefield); returns its id."""
    def resolution(
        self,
        name: str,
        controller: int,
        targets: list[int],
        *,
        ability: int | None = None,
        source: int | None = None,
        x: int = 0,
        triggering: int | None = None,
        callbacks: bool = False,
    ) -> CardResolution:
        """A resolution of ability ``ability`` (None: the spell ability) of card ``name``."""
    def resolve(
        self,
        game: Game,
        name: str,
        controller: int,
        targets: list[int],
        *,
        ability: int | None = None,
        source: int | None = None,
        x: int = 0,
        may: bool = True,
        proliferate: str = "all",
    ) -> tuple[str, bool, list[int], bool]:
        """Resolves in one call with fixed answers ("may": ``may``; amounts: the most;
        proliferate: ``"all"`` or ``"none"`` of the candidates)."""
    def pay_costs(self, game: Game, name: str, ability: int, source: int, controller: int) -> None:
        """Pays the {E}, remove-counter and sacrifice costs of an activated ability (all or
        nothing: ``CannotPay``)."""
    def fired(
        self, game: Game, events: list[tuple[str, int, int, int, bool]]
    ) -> list[tuple[int, int, str, int, int]]:
        """The triggered abilities the events fire, as (source, controller, card, ability,
        triggering)."""

class CardResolution:
    """One resumable resolution on a native game."""

    def run(self, game: Game) -> tuple[Any, ...]:
        """Runs until the end, ``("done", fizzled, empty_draws, proliferated)``, or a choice:
        ``("may", pay_energy)``, ``("proliferate", candidates)``, ``("amount", min, max)``,
        ``("callback", index)``."""
    def answer(self, value: Any) -> None:
        """Answers the pending choice: a bool, a list of ids, an int, or None (callback)."""
