"""The pure-Python reference model of cardstate: :class:`Game`.

A plain reading of the rules (docs/RULES.md, docs/SEMANTICS.md), used as the oracle the native
engine is differentially tested against and as its speed baseline. Section numbers in comments are
SEMANTICS.md sections (``§5``) and Comprehensive Rules numbers (``120.3a``); Berserk Heroes and 003
rule numbers are the Berserk rules'.

The model is laid out as the Rust kernel (``rust/core/src``): the state
(:mod:`~cardstate.reference.state`: players, objects, effects, the event log, the primitives) and
one module per rule, each a class that extends the state with that rule's methods:
:mod:`~cardstate.reference.replacement` (614-616), :mod:`~cardstate.reference.continuous` (611,
613), :mod:`~cardstate.reference.life` (119), :mod:`~cardstate.reference.counters` (122),
:mod:`~cardstate.reference.zones` (400.7), :mod:`~cardstate.reference.characteristics`,
:mod:`~cardstate.reference.damage` (120), :mod:`~cardstate.reference.destruction` (701.8),
:mod:`~cardstate.reference.berserk`, :mod:`~cardstate.reference.sba` (704),
:mod:`~cardstate.reference.proliferate` (701.34), and :mod:`~cardstate.reference.codec` (bytes).
``Game`` composes them and adds the search support: ``apply``, copies, ``==``, ``hash`` and bytes.

Every public method validates all of its arguments before it changes anything, in the order of
SEMANTICS §0: first the form of every argument, left to right (``checks``: TypeError, ValueError
for a negative amount / empty kind / unknown zone, OverflowError); then the ids, left to right
(unknown -> KeyError, wrong kind of entity -> ValueError, gone and the call mutates ->
GoneError); then the rules checks; then arithmetic. Lists of ids (``proliferate``,
``deal_simultaneous_damage``) have the form of all their elements checked first, then each
element in turn. A call that raises leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Iterable
from typing import Any

from .codec import decode, encode
from .counters import CounterRules
from .damage import DamageRules
from .life import LifeRules
from .ops import read_op
from .proliferate import ProliferateRules
from .sba import StateBasedActions


class Game(StateBasedActions, DamageRules, ProliferateRules, CounterRules, LifeRules):
    """A game state under one ruleset: ``"mtg"``, ``"mtg-2010"`` or ``"berserk"``.

    ``Game(players=2, ruleset="mtg", seed=0, *, record_events=True)``: players ``0..players-1``
    at 20 life each (``players=None``: 2; ``seed=None``: 0); ``record_events=False`` keeps no
    event log.
    """

    def __repr__(self) -> str:
        return (
            f"<cardstate.reference.Game ruleset={self._ruleset!r} "
            f"players={len(self._players)} objects={len(self._objs)}>"
        )

    # ------------------------------------------------------------------------------------------
    # Search support (SEMANTICS §9): apply, copies, ==, hash, bytes
    # ------------------------------------------------------------------------------------------

    def apply(self, ops: Iterable[tuple[Any, ...]]) -> None:
        """Applies ``[(name, *args), ...]`` in one call, all or nothing: every operation's form is
        checked first (``ops.read_op``), then they run in order; on the first failure the game
        is put back as it was and that error is raised. The names and arguments are the
        methods' (``ops.OPS``)."""
        calls = [read_op(i, op) for i, op in enumerate(ops)]
        saved = self.clone()
        try:
            for call in calls:
                getattr(self, call.name)(*call.args, **call.kwargs)
        except BaseException:
            self.__dict__.update(saved.__dict__)
            raise

    def __copy__(self) -> Game:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        new = self.clone()
        for obj in new._objs.values():  # info values may be mutable: copy them too
            if obj.info is not None:
                obj.info = copy.deepcopy(obj.info, memo)
        return new

    def _state(self, sort_counters: bool) -> tuple[Any, ...]:
        """The rules-relevant state: everything except the seed (no rule reads it), ``info``
        and the event log. ``sort_counters``: counters as sorted items (for == and hash) or in
        their insertion order (for bytes)."""
        return (
            self._ruleset,
            self._next_id,
            tuple(p.canonical(sort_counters) for p in self._players),
            tuple(o.canonical(sort_counters) for o in self._objs.values()),
            (),  # versions 1 and 2 of the bytes: prevention shields (now effects)
            (),  # and redirections (now effects)
            tuple(m.canonical() for m in self._cost_mods),
            tuple(self._regenerations),
            self._next_effect_id,
            tuple(e.canonical() for e in self._effects),
            self._next_continuous_id,
            tuple(c.canonical() for c in self._continuous),
            self._active_player,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._state(True) == other._state(True)

    __hash__ = None  # type: ignore[assignment]  # mutable; use .hash()

    def hash(self) -> int:
        """A 64-bit hash of the rules-relevant state: equal for equal games."""
        digest = hashlib.blake2b(repr(self._state(True)).encode(), digest_size=8).digest()
        return int.from_bytes(digest, "little")

    def to_bytes(self) -> bytes:
        """The rules-relevant state (not ``info``, not the event log) as bytes."""
        return encode(self._seed, self._state(False), self._record_events)

    @classmethod
    def from_bytes(cls, data: bytes) -> Game:
        """A game from :meth:`to_bytes` output. Malformed input raises ValueError."""
        state = decode(data)
        game = cls(
            players=len(state.players),
            ruleset=state.ruleset,
            seed=state.seed,
            record_events=state.record_events,
        )
        game._players = state.players
        game._objs = state.objects
        game._battlefield = state.battlefield
        game._next_id = state.next_id
        game._kinds = state.kinds
        game._cost_mods = state.cost_modifiers
        game._regenerations = state.regenerations
        game._next_effect_id = state.next_effect_id
        game._effects = state.effects
        game._next_continuous_id = state.next_continuous_id
        game._continuous = state.continuous
        game._active_player = state.active_player
        return game
