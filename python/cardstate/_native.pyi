"""Type stubs for ``cardstate._native``, the PyO3 bindings of the Rust engine (cardstate-core).

Kept in sync with ``rust/python/src/lib.rs`` by ``tests/test_stubs.py`` (names, parameter names,
parameter kinds and defaults). The semantics of every call are pinned in docs/SEMANTICS.md.

Conventions: an id is any ``int`` (an unknown one raises ``KeyError("no entity with id N")``);
an amount is an ``int`` in ``0..=MAX_COUNT`` (negative: ``ValueError``; too large:
``OverflowError``; not an int: ``TypeError``). A call that raises changes nothing.
"""

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final, Literal, Self, TypeAlias, final

import numpy
import numpy.typing

from cardstate.cards.cardpool import CardPool

__all__ = [
    "Game",
    "Event",
    "GameBatch",
    "DuelBatch",
    "CardDb",
    "CardResolution",
    "observation_features",
    "polarity",
    "_restore",
    "_event",
    "Duel",
    "_duel_restore",
    "DUEL_DECKS",
    "RandomAgent",
    "GreedyAgent",
    "MCTSAgent",
    "BatchedSearch",
    "_agents_playout",
    "agent_options",
    "parse_agent_spec",
    "check_agent_spec",
    "split_agent_specs",
    "TERMINAL_PLAYER",
    "MAX_COUNT",
    "ZONES",
    "RULESETS",
    "KEYWORDS",
    "KEYWORD_COUNTERS",
    "BUILTIN_KINDS",
    "CARD_TYPES",
    "MAGIC_TYPES",
    "BERSERK_TYPES",
    "SUPERTYPES",
    "REPLACEMENT_EFFECTS",
    "CONTINUOUS_EFFECTS",
    "LIMITS",
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
    "created",
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

_Observations: TypeAlias = numpy.typing.NDArray[numpy.float32]
_Masks: TypeAlias = numpy.typing.NDArray[numpy.bool_]
_Rewards: TypeAlias = numpy.typing.NDArray[numpy.float32]
_Dones: TypeAlias = numpy.typing.NDArray[numpy.bool_]
# A ``pool=`` argument: a database, a ``CardPool``, the name of one of ``cardstate.cards.pools``,
# or None (the built-in pool).
_PoolArg: TypeAlias = CardDb | CardPool | str | None
# A deck: a registered deck name of the pool, a deck file's path, or card names.
_DeckArg: TypeAlias = str | os.PathLike[str] | Iterable[str]
# A deck-construction format: "free", "limited" or "constructed" (``ValueError`` otherwise).
_FormatName: TypeAlias = str

MAX_COUNT: Final[int]
"""The largest count or amount, ``2**64 - 1``."""
ZONES: Final[list[str]]
"""The zone names, in the engine's order."""
RULESETS: Final[list[str]]
"""The ruleset names: ``["mtg", "mtg-2010", "berserk"]``."""
KEYWORDS: Final[list[str]]
"""The keywords the kernel knows, in bit order."""
KEYWORD_COUNTERS: Final[list[str]]
"""The keywords a keyword counter of the same name grants (122.1b), in bit order."""
BUILTIN_KINDS: Final[list[str]]
"""The counter kinds every game knows from the start, in the kernel's id order."""
CARD_TYPES: Final[list[str]]
"""Every card type, in the canonical order (bit order)."""
MAGIC_TYPES: Final[list[str]]
"""The card types of the Magic rulesets, in bit order."""
BERSERK_TYPES: Final[list[str]]
"""The card types of the Berserk ruleset, in bit order."""
SUPERTYPES: Final[list[str]]
"""The supertypes of the Magic rulesets (205.4a), in bit order."""
REPLACEMENT_EFFECTS: Final[list[str]]
"""The effect names of ``Game.add_replacement_effect``, in the kernel's order."""
CONTINUOUS_EFFECTS: Final[list[str]]
"""The changes of ``Game.add_continuous_effect``, in the kernel's order."""
LIMITS: Final[dict[str, int]]
"""The limits of a game's state (docs/FORMAT.md 1.1) by name: ``MAX_PLAYERS``, ``STAT_LIMIT``,
``PUMP_LIMIT``, ``MAX_COST_X``, ``MAX_KINDS``, ``MAX_ORDERED_EFFECTS``, ``MAX_EFFECT_AMOUNT``,
``STARTING_LIFE``."""

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
    """One event of the log (SEMANTICS §2); attributes that don't apply are ``None``.

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
    """A game: the whole rules state (SEMANTICS, docs/SEMANTICS.md).

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
    @property
    def active_player(self) -> int:
        """The player whose turn it is (102.1): what "during your turn" reads (611.3a)."""
    @active_player.setter
    def active_player(self, player: int) -> None: ...

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
        supertypes: Iterable[str] = (),
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
        token: bool = False,
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
    def supertypes(self, x: int) -> list[str]:
        """The object's supertypes (205.4: ``legendary``...), in the canonical order."""
    def is_token(self, x: int) -> bool:
        """Whether the object is a token (111.1)."""
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
        assignments: Iterable[tuple[int, int, int] | tuple[int, int, int, bool]],
        *,
        combat: bool = True,
        preventable: bool = True,
    ) -> list[int]:
        """Deals ``(source, target, amount)`` assignments at once (510.2); returns what each
        dealt. A 4-tuple's last item says whether that assignment can be prevented."""
    def prevent_damage(
        self, target: int, amount: int | None = None, *, source: int | None = None
    ) -> int | None:
        """Prevents the next ``amount`` damage (all if ``None``) to ``target`` this turn
        [from ``source``]: a prevention effect; its id (``None`` for amount 0)."""
    def prevent_combat_damage(self, target: int) -> int:
        """Prevents all combat damage to ``target`` this turn (615.1a): a prevention effect on
        combat damage only; its id."""
    def redirect_damage(
        self, a: int, b: int, amount: int | None = None, *, source: int | None = None
    ) -> int | None:
        """The next damage (``amount`` of it, all if ``None``) to ``a`` this turn is dealt to
        ``b`` instead: a replacement effect; its id (``None`` for amount 0)."""
    def cleanup(self) -> None:
        """Cleanup step (514.2): marked damage and "this turn" effects end."""

    # ----- destruction, regeneration, the tapped status -----

    def destroy(self, x: int) -> bool:
        """Destroys a permanent as the result of an effect (701.8); whether it was destroyed
        (indestructible stops it; a regeneration shield or else a shield counter replaces it)."""
    def regenerate(self, x: int) -> None:
        """Regenerates a permanent (701.19a): a shield that replaces its next destruction this
        turn (tap it, remove all damage from it)."""
    def exile_instead_of_dying(self, x: int) -> int:
        """ "If x would die this turn, exile it instead" (614.1a): a replacement effect on a
        permanent, ending at cleanup or when it leaves the battlefield; its id."""
    def regeneration_shields(self, x: int) -> int:
        """How many regeneration shields protect x."""
    def tap(self, x: int) -> bool:
        """Taps a permanent; whether it was untapped."""
    def untap(self, x: int) -> bool:
        """Untaps a permanent; whether it became untapped (122.1d: a stun counter is removed
        instead from one that has one)."""
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
        combat: bool = False,
        until_end_of_turn: bool = False,
    ) -> int:
        """Adds a replacement, prevention or "can't" effect (docs/SEMANTICS.md §10); its id."""
    def remove_replacement_effect(self, id: int) -> None:
        """Ends the effect with that id (``KeyError`` if there is none)."""
    def order_replacement_effects(self, ids: Iterable[int], *, across_groups: bool = False) -> None:
        """616.1: puts the effects ``ids`` first, in that order (the affected player's choice);
        ``across_groups=True``: on a damage event they (damage, prevention and redirection
        effects, at most 64) apply in that order after the other redirections, before the
        default groups of the others."""
    def replacement_effects(self) -> list[dict[str, Any]]:
        """The effects in their order of application, as dicts."""

    # ----- continuous effects (CR 611, 613) -----

    def add_continuous_effect(
        self,
        effect: str,
        *,
        affected: str | Iterable[str] | Iterable[int],
        source: int | None = None,
        controller: int | None = None,
        keyword: str | None = None,
        value: int | None = None,
        power: int | None = None,
        toughness: int | None = None,
        until_end_of_turn: bool = False,
        subtype: str | None = None,
    ) -> int:
        """Adds a continuous effect (docs/SEMANTICS.md §11); returns its id."""
    def end_continuous_effect(self, id: int) -> None:
        """Ends the continuous effect with that id (``KeyError`` if there is none)."""
    def continuous_effects(self) -> list[dict[str, Any]]:
        """The continuous effects in timestamp order (613.7), as dicts."""

    # ----- state-based actions and the result -----

    def check_state_based_actions(
        self, *, legend_rule_keep: Iterable[int] | None = None
    ) -> list[Event]:
        """Performs state-based actions until none applies (704.3); returns their events.
        ``legend_rule_keep``: the legendary permanents kept under the legend rule (704.5j)."""
    def has_lost(self, p: int) -> bool:
        """Whether the player has lost."""
    def can_lose(self, p: int) -> bool:
        """Whether the player can lose the game (104.3: not while an effect says it can't)."""
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

DUEL_DECKS: Final[list[str]]

@final
class Duel:
    """A two-player duel of Magic on the kernel (docs/DUEL.md), with OpenSpiel's names."""

    def __new__(
        cls,
        deck0: _DeckArg,
        deck1: _DeckArg,
        *,
        pool: _PoolArg = None,
        seed: int = 0,
        turn_limit: int = 40,
        auto_pass: bool = True,
        mulligans: bool = True,
        assign_damage: bool = True,
        format: _FormatName = "free",
    ) -> Self:
        """A new duel on ``pool`` (the built-in pool by default): a deck is a deck name
        registered with the pool, a deck file's path or a list of card names of the pool
        (``ValueError`` naming an unknown one and the pool), checked against ``format``
        (100.2: ``"limited"`` at least 40 cards, ``"constructed"`` at least 60 and at most four
        of a card other than a basic land, ``"free"`` at least one). The seed shuffles the
        libraries and picks the starting player; with ``auto_pass`` a player with nothing to
        do but pass passes without a decision; with ``mulligans`` each player keeps its hand or
        takes a mulligan (the London mulligan, 103.5), without them each keeps its first seven
        cards; with ``assign_damage`` the attacking player divides a blocked creature's combat
        damage (510.1c, 702.19b: ``"assign_damage"`` decisions), without it the automatic
        division rule does (docs/DUEL.md, "Combat"). Both off is the fast variant."""
    @property
    def pool(self) -> CardDb:
        """The pool the duel plays with."""
    @property
    def mulligans(self) -> bool:
        """Whether the duel plays the London mulligan (103.5; its set-up)."""
    @property
    def assign_damage(self) -> bool:
        """Whether the attacking player divides blocked creatures' combat damage (510.1c,
        702.19b; its set-up), or the automatic division rule does."""
    def current_player(self) -> int:
        """The player to decide (0 or 1), or -4 once the game is over."""
    def legal_actions(self) -> list[int]:
        """The legal action ids, ascending."""
    def legal_action_mask(self) -> numpy.typing.NDArray[numpy.bool]:
        """The legal actions as a bool mask of length ``num_distinct_actions()``."""
    def apply_action(self, action: int) -> None:
        """Applies a legal action (``ValueError`` for an illegal one; nothing changes)."""
    def is_terminal(self) -> bool:
        """Whether the game is over."""
    def returns(self) -> list[float]:
        """``[1.0, -1.0]``, ``[-1.0, 1.0]``, or ``[0.0, 0.0]`` for a draw or a game not
        over."""
    def observation_tensor(self, player: int) -> numpy.typing.NDArray[numpy.float32]:
        """What ``player`` sees, of shape ``observation_shape()`` (docs/DUEL.md)."""
    def observation_shape(self) -> tuple[int]:
        """The observation's shape: the same for every pool (docs/DUEL.md)."""
    @staticmethod
    def observation_features() -> list[tuple[str, int, int]]:
        """Every feature of the observation in order, ``(name, offset, size)``: they cover it
        exactly once (docs/DUEL.md, "Observations")."""
    @staticmethod
    def observation_schema() -> str:
        """The id of the observation's layout: it changes whenever the layout does."""
    def decision(self) -> str:
        """The kind of decision the game waits for (``"priority"``, ``"attack"``, ``"block"``,
        ``"number"``, ``"target"``, ``"yes_no"``, ``"option"``, ``"legend"``, ...,
        ``"over"``: docs/DUEL.md, "Decisions")."""
    def num_distinct_actions(self) -> int:
        """The size of the fixed action id space (260: schema 2)."""
    def max_game_length(self) -> int:
        """The most decisions a game can have (256 per turn of the turn limit; a game that
        reaches it ends in a draw)."""
    def action_to_string(self, action: int) -> str:
        """The action in words, in this state."""
    def string_to_action(self, s: str) -> int:
        """The action whose words are ``s`` (``ValueError`` if none)."""
    def clone(self) -> Duel:
        """An independent copy."""
    def __copy__(self) -> Duel:
        """``clone()``."""
    def __deepcopy__(self, _memo: Any) -> Duel:
        """``clone()``."""
    def to_bytes(self) -> bytes:
        """The duel as bytes (its set-up and its log)."""
    @staticmethod
    def from_bytes(data: bytes, *, pool: _PoolArg = None) -> Duel:
        """Reads ``to_bytes()`` output by replaying it, its cards looked up by name in
        ``pool`` (``ValueError`` for bad bytes)."""
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles through ``to_bytes()`` and, for a pool other than the built-in one, the
        pool's ``CardDb`` (docs/FORMAT.md)."""
    def hash(self) -> int:
        """A 64-bit hash of the whole state."""
    def turn(self) -> int:
        """The turn number, from 1."""
    def step(self) -> str:
        """The step's name (``"main1"``, ``"declare attackers"``, ...)."""
    def history(self) -> list[int]:
        """The actions applied so far."""
    @property
    def game(self) -> Game:
        """A copy of the kernel game underneath, for reading."""
    def resample(self, player: int, seed: int, prior: Mapping[str, int] | None = None) -> Duel:
        """A copy in which everything ``player`` can't see is dealt again from ``seed``; with a
        ``prior`` (card name -> weight, from 0 to 4294967295, a card not named weighs 0), the
        opponent's hidden cards are dealt from it, each on its own with probability
        proportional to its weight, instead of from the opponent's deck list (docs/DUEL.md,
        "Hidden information and ``resample``")."""
    def add_card(self, player: int, card_name: str, zone: str) -> int | None:
        """Puts a card of the pool into a zone for set-up; the kernel id for a public zone,
        ``None`` for a hand or library."""
    def active_player(self) -> int:
        """The player whose turn it is."""
    def hand(self, player: int) -> list[str]:
        """A player's hand in the canonical order (hand slot i is item i)."""
    def battlefield(self, player: int) -> list[int]:
        """A player's permanents (kernel ids) in permanent-slot order."""
    def library_size(self, player: int) -> int:
        """The number of cards in a player's library."""
    def is_tapped(self, id: int) -> bool:
        """Whether a permanent is tapped."""
    def board(self, player: int) -> str:
        """The board as ``player`` sees it (the opponent's hand as its size only)."""
    def __str__(self) -> str:
        """A readable board (both hands shown: a debugging view, not an observation)."""
    def __repr__(self) -> str:
        """``<Duel turn T step, player P to act>``."""

def _duel_restore(data: bytes, pool: CardDb | None = None) -> Duel:
    """Unpickles a ``Duel`` (on the built-in pool without ``pool``)."""

@final
class RandomAgent:
    """Chooses uniformly among the legal actions, from its seed."""

    def __new__(cls, seed: int = ...) -> Self:
        """A random agent whose choices follow from ``seed`` (an int from 0 to 2**64 - 1;
        default 0), checked by the agents' registry (``agent_options``)."""
    def act(self, duel: Duel) -> int:
        """A legal action for the player to act (``ValueError`` if the duel is over)."""
    def reset(self, seed: int) -> None:
        """Restarts the random stream for a game: the agent's seed mixed with ``seed``."""
    @property
    def seed(self) -> int:
        """The seed it was made with."""
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles its settings (a fresh agent)."""
    def __repr__(self) -> str:
        """``RandomAgent(seed=S)``."""

@final
class GreedyAgent:
    """One ply: the legal action whose successor, on a determinized copy of the duel,
    evaluates best for the actor (docs/AGENTS.md); ties broken at random from the seed."""

    def __new__(cls, seed: int = ...) -> Self:
        """A greedy agent breaking ties from ``seed`` (an int from 0 to 2**64 - 1; default 0),
        checked by the agents' registry (``agent_options``)."""
    def act(self, duel: Duel) -> int:
        """A legal action for the player to act (``ValueError`` if the duel is over)."""
    def reset(self, seed: int) -> None:
        """Restarts the random stream for a game: the agent's seed mixed with ``seed``."""
    @property
    def seed(self) -> int:
        """The seed it was made with."""
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles its settings (a fresh agent)."""
    def __repr__(self) -> str:
        """``GreedyAgent(seed=S)``."""

_EvaluatorName: TypeAlias = Literal["rollout", "evaluation"]
_Evaluator: TypeAlias = Callable[..., Any] | Any
"""A Python evaluator: a callable, or an object with ``evaluate``, taking ``(observations [B,
obs] float32, masks [B, A] bool, players [B] int32)`` and returning ``(priors [B, A], values
[B])`` (anything numpy reads as float32)."""

@final
class MCTSAgent:
    """UCT over determinized states: each of ``determinizations`` searches starts from
    ``duel.resample(player, ...)``; or, with ``algorithm="ismcts"``, information-set MCTS: one
    tree over the player's information sets, a fresh ``resample`` every simulation. Either way
    it never reads a hidden card (docs/AGENTS.md). With an evaluator other than the random
    rollouts, PUCT with its priors and values (docs/AGENTS.md, "Evaluator-guided search")."""

    def __new__(
        cls,
        simulations: int = ...,
        exploration: float = ...,
        determinizations: int = ...,
        rollout_depth: int = ...,
        seed: int = ...,
        algorithm: Literal["determinized", "ismcts"] = ...,
        evaluator: _EvaluatorName | _Evaluator | None = None,
        c_puct: float = ...,
        dirichlet_alpha: float = ...,
        batch_size: int = ...,
        parallel_leaves: int = ...,
        opponent_prior: Mapping[str, int] | None = None,
    ) -> Self:
        """``simulations`` per decision over all determinizations (at least 1; default 1000),
        the UCB1 ``exploration`` constant (finite, >= 0; default 1.0), ``determinizations``
        (default 4; at most one per simulation runs), at most ``rollout_depth`` random actions
        per simulation before the board is evaluated (default 16), the ``seed`` (default 0),
        the ``algorithm`` (default ``"determinized"``; ``determinizations`` is unused by
        ``"ismcts"``); ``evaluator``: ``"rollout"`` (the default: random rollouts, UCB1),
        ``"evaluation"`` (the hand-written evaluation, uniform priors, PUCT) or a Python
        evaluator (PUCT with its priors and values); PUCT's ``c_puct`` (default 1.25), the
        root's Dirichlet noise ``dirichlet_alpha`` (default 0: none), and for a Python
        evaluator the most leaves per call ``batch_size`` (default 256) and the leaves one tree
        sends at once ``parallel_leaves`` (default 1, by virtual loss); ``opponent_prior``
        (card name -> weight): the searches deal the opponent's hidden cards from it instead of
        from the opponent's deck list (``Duel.resample``'s ``prior``; Limited). The registry
        (``agent_options``) owns the ranges and defaults and checks every setting:
        ``TypeError`` for a wrong type, ``OverflowError`` for an int that doesn't fit,
        ``ValueError`` for one out of range."""
    def act(self, duel: Duel) -> int:
        """A legal action for the player to act, searched in Rust with the GIL released (a
        Python evaluator takes it back for each call; its exception, or a ``ValueError`` for
        results of the wrong shape or numbers out of range, ends the search); ``ValueError``
        if the duel is over."""
    def reset(self, seed: int) -> None:
        """Restarts the random stream for a game: the agent's seed mixed with ``seed``."""
    def root_stats(self) -> list[tuple[int, int, float]]:
        """The last decision's root: ``(action, visits, mean value)`` per searched action."""
    @property
    def opponent_prior(self) -> dict[str, int] | None:
        """The prior over the opponent's deck the searches deal from, or ``None``."""
    @property
    def simulations(self) -> int:
        """Simulations per decision."""
    @property
    def exploration(self) -> float:
        """The UCB1 exploration constant."""
    @property
    def determinizations(self) -> int:
        """Determinized searches per decision."""
    @property
    def algorithm(self) -> Literal["determinized", "ismcts"]:
        """``"determinized"`` (independent trees) or ``"ismcts"`` (information-set MCTS)."""
    @property
    def rollout_depth(self) -> int:
        """The most random actions a simulation plays before it evaluates."""
    @property
    def seed(self) -> int:
        """The seed it was made with."""
    @property
    def evaluator(self) -> Any:
        """The Python evaluator, or the built-in evaluator's name."""
    @property
    def c_puct(self) -> float:
        """PUCT's exploration constant at few visits."""
    @property
    def dirichlet_alpha(self) -> float:
        """The concentration of the root's Dirichlet noise (0: none)."""
    @property
    def batch_size(self) -> int:
        """The most leaves in one call of a Python evaluator."""
    @property
    def parallel_leaves(self) -> int:
        """Leaves one tree sends to a Python evaluator at once."""
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles its settings and evaluator (a fresh agent)."""
    def __repr__(self) -> str:
        """``MCTSAgent(simulations=..., ...)``."""

@final
class BatchedSearch:
    """The searches of many duels at once: each duel's tree, deals and random stream its own
    (duel i's stream is an ``MCTSAgent``'s after ``reset(i)``), their leaves gathered into one
    evaluator call per batch (docs/AGENTS.md, "Evaluator-guided search")."""

    def __new__(
        cls,
        duels: Iterable[Duel],
        evaluator: _EvaluatorName | _Evaluator | None = None,
        simulations: int = ...,
        exploration: float = ...,
        determinizations: int = ...,
        rollout_depth: int = ...,
        seed: int = ...,
        algorithm: Literal["determinized", "ismcts"] = ...,
        c_puct: float = ...,
        dirichlet_alpha: float = ...,
        batch_size: int = ...,
        parallel_leaves: int = ...,
        game_seeds: Sequence[int] | None = None,
        pipelined: bool = False,
    ) -> Self:
        """The settings are ``MCTSAgent``'s, checked by the registry; duel i's random stream
        starts as an ``MCTSAgent``'s after ``reset(game_seeds[i])`` (default ``reset(i)``).
        ``pipelined``: the duels' searches run in two overlapping halves, a second thread
        searching one half while the evaluator scores the other's leaves (each duel's search is
        the same either way)."""
    def run(
        self,
    ) -> tuple[numpy.typing.NDArray[numpy.int64], numpy.typing.NDArray[numpy.float32]]:
        """Searches a decision in every duel: ``(actions [N] int64, policies [N,
        num_distinct_actions] float32)``, the chosen actions and the root visit distributions
        (each summing to 1); a duel that is over is skipped (action -1, a row of zeros). The
        duels are only read; each duel's random stream goes on from the last run."""
    def root_stats(self, i: int) -> list[tuple[int, int, float]]:
        """Duel i's root after the last run: ``(action, visits, mean value)`` per action."""
    @property
    def duels(self) -> list[Duel]:
        """The duels searched."""
    @property
    def evaluator(self) -> Any:
        """The Python evaluator, or the built-in evaluator's name."""
    @property
    def pipelined(self) -> bool:
        """Whether the searches run in two overlapping halves."""
    @property
    def simulations_run(self) -> int:
        """Simulations run since it was made, over all the duels."""
    def __len__(self) -> int:
        """The number of duels."""

def _agents_playout(
    duel: Duel, agent0: Any, agent1: Any, seed: int
) -> tuple[int | None, tuple[float, float], int, int]:
    """Plays a copy of ``duel`` to its end between two built-in agents, in Rust with the GIL
    released: ``(winner or None, (return0, return1), turns, decisions)``; a signal (Ctrl-C)
    stops it between two decisions, raising what its handler raises."""

def agent_options() -> list[dict[str, Any]]:
    """The registry of the built-in agents: ``{"name", "doc", "options"}`` per agent, each
    option ``{"name", "type" ("int", "float", "choice"), "default", "min", "max", "choices",
    "range", "doc"}``."""

def parse_agent_spec(text: str) -> tuple[str, list[tuple[str, int | float | str]]]:
    """An agent written as ``"mcts:simulations=200,exploration=1.4"``, checked by the registry:
    ``(name, [(option, value), ...])`` as given."""

def check_agent_spec(
    name: str, options: Iterable[tuple[str, Any]]
) -> tuple[str, list[tuple[str, int | float | str]]]:
    """Agent ``name`` with ``options`` checked by the registry, as ``parse_agent_spec``
    gives."""

def split_agent_specs(text: str) -> list[str]:
    """A comma-separated list of agents split into one text per agent (a comma followed by
    ``key=value`` continues the agent before it)."""

TERMINAL_PLAYER: Final[int]
"""``Duel.current_player()`` once the game is over (``cardstate.players.TERMINAL_PLAYER``)."""

@final
class CardDb:
    """Compiled cards run by the Rust card runtime and the duel (docs/CARDS.md):
    ``CardPool.native``. One database per distinct compiled text, kept for the process."""

    def __new__(cls, json: str, name: str = "custom", builtin: bool = False) -> Self:
        """The database of the compiled form's JSON text (``ValueError`` if malformed);
        ``name`` names the pool in errors, ``builtin`` marks one of ``cardstate.cards.pools``
        (pickled by its name)."""
    @staticmethod
    def pool() -> CardDb:
        """The built-in pool embedded in the extension (``"core"``; always the same object)."""
    @property
    def name(self) -> str:
        """The pool's name."""
    @property
    def builtin(self) -> bool:
        """Whether it is a built-in pool of ``cardstate.cards.pools`` (pickled by its name)."""
    @property
    def fingerprint(self) -> int:
        """A hash of the cards and decks, the same on every machine."""
    def __len__(self) -> int:
        """The number of cards."""
    def __repr__(self) -> str:
        """``<CardDb "name": N cards>``."""
    def __reduce__(self) -> tuple[Any, ...]:
        """A built-in pool pickles by its name and fingerprint, any other by its compiled
        text (docs/FORMAT.md)."""
    def names(self) -> list[str]:
        """The card names, in pool order."""
    def decks(self) -> list[tuple[str, list[str]]]:
        """Decks by name, as (name, card names) pairs."""
    def place(
        self, game: Game, name: str, controller: int, zone: str = "battlefield", x: int = 0
    ) -> int:
        """Creates an object of card ``name`` (with its "enters with" counters on the
        battlefield); returns its id."""
    def strikes(self, game: Game, id: int) -> tuple[int, int, int] | None:
        """The three strike values (weak, medium, strong) of a classic Berserk creature, its
        strength effects counted (None: not a card of the pool with three strike values, or
        no strength now)."""
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
        order_effects: bool = False,
        attacking: list[int] = ...,
        blocking: list[int] = ...,
        history: tuple[int, int, int] = ...,
        that_much: int = 0,
        division: list[int] = ...,
    ) -> CardResolution:
        """A resolution of ability ``ability`` (None: the spell ability) of card ``name``;
        ``order_effects``: the order of replacement effects is asked (616.1); ``attacking``,
        ``blocking``: the creatures in combat as it resolves (506.4); ``that_much``: the amount
        a triggered ability's event carried ("that many", 603.2); ``division``: the damage
        divided among a target's entities (601.2d), by position among them."""
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
        proliferate: ``"all"`` or ``"none"`` of the candidates; replacement effects in the
        kernel's order, 616.1)."""
    def pay_costs(self, game: Game, name: str, ability: int, source: int, controller: int) -> None:
        """Pays the {E}, remove-counter and sacrifice costs of an activated ability (all or
        nothing: ``CannotPay``)."""
    def fired(
        self,
        game: Game,
        events: list[tuple[str, int, int, int, bool]],
        history: tuple[int, int, int] = ...,
    ) -> list[tuple[int, int, str, int, int, int]]:
        """The triggered abilities the events fire, as (source, controller, card, ability,
        triggering, amount: what "that many" reads, else 0); a ``becomes_target`` event is
        (kind, target, the controller of the spell or ability, the spell's object or 2**32 - 1,
        by a spell)."""

@final
class CardResolution:
    """One resumable resolution on a native game."""

    def run(self, game: Game) -> tuple[Any, ...]:
        """Runs until the end, ``("done", fizzled, empty_draws, proliferated)``, or a choice:
        ``("may", pay_energy)``, ``("proliferate", candidates)``, ``("amount", min, max)``,
        ``("callback", index)``, ``("order", player, entity, effect ids)`` (616.1),
        ``("discard", player, n, hand)`` (701.9b: the hand's cards in slot order),
        ``("sacrifice", player, n, candidates)`` (701.21a: the permanents it may sacrifice,
        ascending),
        ``("search", player, cards, may_fail)`` (701.23a-b: the library objects it can find,
        ascending), ``("surveil", player, cards)`` (701.25a: the library's top objects, top
        first), ``("scry", player, cards)`` (701.22a: likewise), ``("pay", player, life)``
        (118.12: whether the countered-unless spell's controller pays), ``("top_or_bottom",
        player, object)`` (401.4: the owner puts it on top of its library or on the bottom),
        ``("piles", player, cards)`` (700.3: the library's top objects, top first, separated into
        two piles), ``("choose_pile", player, face_up, face_down)`` (700.3: the face-up pile's
        objects and the face-down pile's size), ``("unless", player, life, action)`` (608.2d:
        whether it does the action, ``"sacrifice"`` or ``"discard"``, rather than lose the life),
        ``("keep", player, groups)`` (701.21a: its permanents of each type it has two or more of,
        one of each kept, the rest sacrificed)."""
    def answer(self, value: Any) -> None:
        """Answers the pending choice: a bool (may, pay, top_or_bottom: True the top), a list of ids
        (proliferate candidates, or the effects of an order, those first in that order), an int,
        None (callback), a list of hand slots (discard), a list of permanent ids (sacrifice), the
        card found or None (search), or the positions of the cards put into the graveyard (surveil)
        or on the bottom in that order (scry) or into the face-up pile (piles), a bool
        (choose_pile: True the face-up pile; unless: True sacrifices or discards), or the permanent
        ids kept, one a group (keep)."""

@final
class DuelBatch:
    """n duels stepped together in Rust with the GIL released (cardstate-envs); the public
    wrapper is ``cardstate.duel.batch.DuelBatch``. The arrays returned are the batch's own
    buffers, written again by the next ``reset`` or ``step``."""

    def __new__(
        cls,
        n: int,
        deck0: _DeckArg,
        deck1: _DeckArg,
        *,
        pool: _PoolArg = None,
        format: _FormatName = "free",
        seed: int = 0,
        turn_limit: int = 40,
        mulligans: bool = True,
        opponent: RandomAgent | GreedyAgent | MCTSAgent | None = None,
        policy: Callable[[_Observations, _Masks], numpy.typing.ArrayLike] | None = None,
        learner: int | Literal["alternate"] | None = None,
        threads: int = 1,
        spin_us: int = 250,
    ) -> Self:
        """``n`` games of ``deck0`` against ``deck1`` on ``pool`` (decks as ``Duel`` takes
        them, checked against ``format``; ``mulligans`` as ``Duel``'s), game ``i`` from
        ``game_seed(i, 0)``; with ``opponent`` (a built-in agent, copied) or ``policy``
        (``policy(observations, masks) -> actions``, called for the games where it is to act;
        the batch then needs ``reset`` before its first step), that opponent plays the seat
        that is not ``learner`` (default ``"alternate"``); stepped on ``threads`` threads, whose
        workers spin ``spin_us`` microseconds after each step."""
    def reset(self, seed: int | None = None) -> tuple[_Observations, _Masks]:
        """Every game from its first episode again; ``(observations, masks)``."""
    def step(
        self, actions: numpy.typing.ArrayLike
    ) -> tuple[_Observations, _Masks, _Rewards, _Dones]:
        """One action per game -> ``(observations, masks, rewards, dones)``; bad actions are
        refused (``ValueError``/``TypeError``) and nothing changes."""
    def current_players(self) -> numpy.typing.NDArray[numpy.int32]:
        """The player to act in each game."""
    def episodes(self) -> numpy.typing.NDArray[numpy.uint64]:
        """Each game's episode since the last reset."""
    def game_seed(self, index: int, episode: int) -> int:
        """The seed of game ``index``'s ``episode``-th game."""
    @property
    def seed(self) -> int:
        """The batch's seed."""
    @property
    def turn_limit(self) -> int:
        """The turn limit of every game."""
    @property
    def mulligans(self) -> bool:
        """Whether the games play the London mulligan (103.5)."""
    @property
    def threads(self) -> int:
        """The threads that step the games."""
    @property
    def spin_us(self) -> int:
        """How long the batch's workers spin after a step, in microseconds."""
    def observation_shape(self) -> tuple[int]:
        """The shape of one game's observation."""
    @staticmethod
    def observation_features() -> list[tuple[str, int, int]]:
        """Every feature of an observation in order, ``(name, offset, size)`` (the duel's)."""
    @staticmethod
    def observation_schema() -> str:
        """The id of the observation's layout (the duel's)."""
    def num_distinct_actions(self) -> int:
        """The size of the action space."""
    def __len__(self) -> int:
        """The number of games."""
