"""Bytes for the reference model: ``Game.to_bytes()`` / ``Game.from_bytes()``.

The format is the reference model's own (not the native engine's): a magic prefix and version,
then the rules-relevant state as ASCII JSON. ``decode`` treats its input as untrusted: anything
malformed or inconsistent is a ``ValueError``, and everything it builds is bounded by the input's
size.

The reader is laid out as the kernel's (``rust/core/src/codec/``): the checked reads, the one
place where the versions differ (``_Format``) and the driver, then one part per section of the
state, each named after the kernel's file that reads the same section.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from cardstate.vocabulary import (
    BATTLEFIELD,
    BERSERK_TYPES,
    BUILTIN_KINDS,
    CARD_TYPES,
    COUNTER_EFFECTS,
    DAMAGE_EFFECTS,
    KEYWORDS,
    LIFE_MAX,
    LIFE_MIN,
    MAGIC_TYPES,
    MAX_COST_X,
    MAX_COUNT,
    MAX_KINDS,
    MAX_ORDERED_EFFECTS,
    MAX_PLAYERS,
    ORDERABLE,
    PUMP_LIMIT,
    RULESETS,
    SEED_LIMIT,
    STAT_LIMIT,
    SUPERTYPES,
    TOXIC_LIMIT,
    ZONES,
    check_change,
    check_effect,
)

from .effects import ContinuousEffect, FilterClause, ReplacementEffect, kernel_effect
from .entities import CostModifier, Obj, Player, Printed

GRANTABLE = frozenset(KEYWORDS) - {"toxic"}
MAGIC = b"CSREF"
VERSION = 6
# The oldest version still read; ``_Format.of`` says how each differs.
OLDEST_VERSION = 1


def encode(seed: int, state: tuple[Any, ...], record_events: bool = True) -> bytes:
    """Serialise the seed, a state tuple (``Game._state(False)``) and, when off,
    ``record_events`` (a third element of the body; a body of two records events)."""
    body_list: list[Any] = [seed, state] if record_events else [seed, state, False]
    body = json.dumps(body_list, ensure_ascii=True, separators=(",", ":"), allow_nan=False)
    return MAGIC + bytes([VERSION]) + body.encode("ascii")


# Checked reads of the values of the body (the kernel's codec/read.rs).


class _Bad(Exception):
    """Malformed input (turned into ValueError at the boundary)."""


def _need(condition: bool, what: str) -> None:
    if not condition:
        raise _Bad(what)


def _list(value: Any, length: int | None, what: str) -> list[Any]:
    _need(isinstance(value, list), f"{what}: expected a list")
    if length is not None:
        _need(len(value) == length, f"{what}: expected {length} items")
    return value  # type: ignore[no-any-return]


def _int(value: Any, low: int, high: int, what: str) -> int:
    _need(type(value) is int, f"{what}: expected an int")
    _need(low <= value <= high, f"{what}: out of range")
    return value  # type: ignore[no-any-return]


def _opt_int(value: Any, low: int, high: int, what: str) -> int | None:
    return None if value is None else _int(value, low, high, what)


def _bool(value: Any, what: str) -> bool:
    _need(type(value) is bool, f"{what}: expected a bool")
    return value  # type: ignore[no-any-return]


def _str(value: Any, what: str, *, nonempty: bool = True) -> str:
    _need(isinstance(value, str), f"{what}: expected a str")
    _need(bool(value) or not nonempty, f"{what}: empty")
    return value  # type: ignore[no-any-return]


def _str_tuple(
    value: Any, allowed: tuple[str, ...] | frozenset[str] | None, what: str, *, unique: bool
) -> tuple[str, ...]:
    items = tuple(_str(v, what) for v in _list(value, None, what))
    if allowed is not None:
        _need(all(v in allowed for v in items), f"{what}: unknown name")
    if unique:
        _need(len(set(items)) == len(items), f"{what}: duplicates")
    return items


def _canonical(types: tuple[str, ...]) -> list[str]:
    """Card types in the canonical order (as the game keeps them)."""
    return [t for t in CARD_TYPES if t in types]


def _counters(value: Any, what: str) -> dict[str, int]:
    counters: dict[str, int] = {}
    for pair in _list(value, None, what):
        kind, n = _list(pair, 2, what)
        _str(kind, what)
        _need(kind not in counters, f"{what}: duplicate kind")
        counters[kind] = _int(n, 1, MAX_COUNT, what)
    return counters


# The versions read and the state they make (the kernel's codec/mod.rs).


@dataclass(frozen=True)
class _Format:
    """What the body of one version holds beyond version 1: the one place where the versions
    the decoder reads differ. Each section reads its fields by what they are; the lengths of the
    records follow from them."""

    lives_and_tapped: bool  # an object's lives and tapped flag
    shield_lists: bool  # prevention shields and redirections in lists of their own
    replacement_effects: bool  # regeneration shields, the next effect id and the effects
    effect_targets: bool  # an effect's target, damage source and recipient
    continuous_effects: bool  # the next continuous effect id and the continuous effects
    remembered: bool  # what continuous effects gave a gone object (113.7a)
    card_flags: bool  # a card's supertypes and token flag
    combat_effects: bool  # an effect's combat-damage-only flag
    ordered_effects: bool  # an effect's order chosen across the default groups (616.1)
    clause_subtypes: bool  # each continuous filter clause with its subtype and "other"
    active_player: bool  # the active player (102.1), last of the state; "filter_if" effects,
    # "enters_tapped", "exile_instead_of_dying", "losing_cant", "hexproof" and
    # "prevent_noncombat_other" replacement effects

    @staticmethod
    def of(version: int) -> _Format:
        return _Format(
            lives_and_tapped=version >= 2,
            shield_lists=version <= 2,
            replacement_effects=version >= 2,
            effect_targets=version >= 3,
            continuous_effects=version >= 3,
            remembered=version >= 3,
            card_flags=version >= 4,
            combat_effects=version >= 4,
            ordered_effects=version >= 5,
            clause_subtypes=version >= 5,
            active_player=version >= 6,
        )

    @property
    def state_fields(self) -> int:
        return 7 + 3 * self.replacement_effects + 2 * self.continuous_effects + self.active_player

    @property
    def object_fields(self) -> int:
        return 21 + 2 * self.lives_and_tapped + self.remembered

    @property
    def printed_fields(self) -> int:
        return 15 + 2 * self.card_flags

    @property
    def effect_fields(self) -> int:
        return 9 + 3 * self.effect_targets + self.combat_effects + self.ordered_effects

    @property
    def continuous_fields(self) -> int:
        # before the clauses had their own, one "other" for the whole filter (field 8)
        return 12 if self.clause_subtypes else 13


@dataclass
class Decoded:
    """A state read from bytes: the records a game is made of, checked to be consistent (a state
    the API could have reached)."""

    seed: int
    ruleset: str
    record_events: bool
    players: list[Player]
    objects: dict[int, Obj]  # every object, gone ones included, ascending id
    battlefield: dict[int, Obj]  # the permanents, ascending id
    next_id: int
    kinds: set[str]  # the custom counter kinds in use
    cost_modifiers: list[CostModifier]
    regenerations: list[int]
    next_effect_id: int
    effects: list[ReplacementEffect]
    next_continuous_id: int
    continuous: list[ContinuousEffect]
    active_player: int


def decode(data: bytes) -> Decoded:
    """Read bytes made by :func:`encode`; ValueError if they are malformed."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"from_bytes takes bytes, not {type(data).__name__}")
    raw = bytes(data)
    if raw[: len(MAGIC)] != MAGIC or len(raw) <= len(MAGIC):
        raise ValueError("not a cardstate reference state (bad magic)")
    version = raw[len(MAGIC)]
    if not OLDEST_VERSION <= version <= VERSION:
        raise ValueError(f"unsupported cardstate reference state version {version}")
    try:
        state = json.loads(raw[len(MAGIC) + 1 :].decode("ascii"))
        return _build(state, _Format.of(version))
    except (_Bad, ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        raise ValueError(f"malformed cardstate reference state: {exc}") from None


@dataclass
class _Ids:
    """The entities of the state being read, for the records that name them."""

    n_players: int
    next_id: int
    objects: dict[int, Obj]
    battlefield: dict[int, Obj]

    def entity(self, value: Any, what: str) -> int:
        return _int(value, 0, self.next_id - 1, what)

    def object(self, value: Any, what: str) -> int:
        return _int(value, self.n_players, self.next_id - 1, what)

    def gone(self, eid: int) -> bool:
        return eid >= self.n_players and self.objects[eid].gone

    @property
    def last_player(self) -> int:
        return self.n_players - 1


def _build(body: Any, fmt: _Format) -> Decoded:
    """The state of a body: the seed, the state tuple (``Game._state``: ruleset, next id,
    players, objects, shields, redirections, cost modifiers, then regeneration shields, next
    effect id and effects, then next continuous effect id and continuous effects, then the
    active player) and, when off, ``record_events``."""
    _need(isinstance(body, list) and len(body) in (2, 3), "body: expected 2 or 3 items")
    raw_seed, state = body[0], body[1]
    # record_events is written only when off, so the bytes of a game that logs are unchanged
    record_events = len(body) == 2
    _need(record_events or body[2] is False, "body: record_events must be false when written")
    seed = _int(raw_seed, 0, SEED_LIMIT - 1, "seed")
    top = _list(state, fmt.state_fields, "state")
    ruleset = _str(top[0], "ruleset")
    _need(ruleset in RULESETS, "ruleset: unknown")
    raw_players = _list(top[2], None, "players")
    n_players = len(raw_players)
    _need(1 <= n_players <= MAX_PLAYERS, "players: count out of range")
    raw_objs = _list(top[3], None, "objects")
    next_id = _int(top[1], n_players, n_players + len(raw_objs), "next id")
    _need(next_id == n_players + len(raw_objs), "next id: objects missing")
    allowed_types = BERSERK_TYPES if ruleset == "berserk" else MAGIC_TYPES

    players = _players(raw_players)
    objects, battlefield = _objects(raw_objs, n_players, next_id, allowed_types, fmt, ruleset)
    entities: list[Player | Obj] = [*players, *objects.values()]
    held = {k for ent in entities for k in ent.counters}
    kinds = held - BUILTIN_KINDS
    _need(len(kinds) + len(BUILTIN_KINDS) <= MAX_KINDS, "counter kinds: too many")
    ids = _Ids(n_players, next_id, objects, battlefield)

    listed = _shield_lists(top[4], top[5], fmt, ids)
    cost_modifiers = _cost_modifiers(top[6], allowed_types, ids)
    regenerations: list[int] = []
    next_effect_id = 0
    effects: list[ReplacementEffect] = []
    if fmt.replacement_effects:
        regenerations = _regenerations(top[7], ids)
        next_effect_id = _int(top[8], 0, 2**32 - 1, "next effect id")
        effects = _effects(top[9], next_effect_id, allowed_types, ids, fmt)
        kinds |= {e.counter for e in effects if e.counter is not None} - BUILTIN_KINDS
        _need(len(kinds) + len(BUILTIN_KINDS) <= MAX_KINDS, "counter kinds: too many")
    # the listed shields and redirections become effects after the others, with the next ids
    for name, target, amount, by, to in listed:
        _need(next_effect_id < 2**32 - 1, "effect id")
        effects.append(kernel_effect(next_effect_id, name, amount, target, by, to))
        next_effect_id += 1
    next_continuous_id = 0
    continuous: list[ContinuousEffect] = []
    if fmt.continuous_effects:
        next_continuous_id = _int(top[10], 0, 2**32 - 1, "next continuous effect id")
        continuous = _continuous_effects(top[11], next_continuous_id, allowed_types, ids, fmt)
    return Decoded(
        seed,
        ruleset,
        record_events,
        players,
        objects,
        battlefield,
        next_id,
        kinds,
        cost_modifiers,
        regenerations,
        next_effect_id,
        effects,
        next_continuous_id,
        continuous,
        _int(top[12], 0, n_players - 1, "active player") if fmt.active_player else 0,
    )


# Players and objects, each object with its printed card (codec/entities.rs, codec/cards.rs).


def _players(raw_players: list[Any]) -> list[Player]:
    players: list[Player] = []
    for pid, raw in enumerate(raw_players):
        fields = _list(raw, 4, "player")
        _need(_int(fields[0], 0, MAX_PLAYERS, "player id") == pid, "player id: out of order")
        player = Player(pid)
        player.life = _int(fields[1], LIFE_MIN, LIFE_MAX, "life")
        player.counters = _counters(fields[2], "player counters")
        player.lost = _bool(fields[3], "lost")
        players.append(player)
    return players


def _objects(
    raw_objs: list[Any],
    n_players: int,
    next_id: int,
    allowed_types: tuple[str, ...],
    fmt: _Format,
    ruleset: str,
) -> tuple[dict[int, Obj], dict[int, Obj]]:
    """Every object, and the permanents among them."""
    objects: dict[int, Obj] = {}
    battlefield: dict[int, Obj] = {}
    for oid, raw in enumerate(raw_objs, start=n_players):
        obj = _object(raw, oid, n_players - 1, next_id, allowed_types, fmt, ruleset)
        objects[oid] = obj
        if obj.zone == BATTLEFIELD and not obj.gone:
            battlefield[oid] = obj
    return objects, battlefield


def _object(
    raw: Any,
    oid: int,
    last_player: int,
    next_id: int,
    allowed: tuple[str, ...],
    fmt: _Format,
    ruleset: str,
) -> Obj:
    fields = _list(raw, fmt.object_fields, "object")
    _need(_int(fields[0], oid, oid, "object id") == oid, "object id: out of order")
    owner = _int(fields[1], 0, last_player, "owner")
    controller = _int(fields[2], 0, last_player, "controller")
    zone = _str(fields[3], "zone")
    _need(zone in ZONES, "zone: unknown")
    printed = _printed(fields[4], allowed, fmt, () if ruleset == "berserk" else SUPERTYPES)
    obj = Obj(oid, owner, zone, printed, None)
    obj.controller = controller
    obj.types = _canonical(_str_tuple(fields[5], allowed, "types", unique=True))
    obj.subtypes = list(_str_tuple(fields[6], None, "subtypes", unique=False))
    obj.strength = _opt_int(fields[7], 0, STAT_LIMIT - 1, "strength")
    obj.movement = _opt_int(fields[8], 0, STAT_LIMIT - 1, "movement")
    obj.elite = _bool(fields[9], "elite")
    obj.counters = _counters(fields[10], "object counters")
    obj.damage = _int(fields[11], 0, MAX_COUNT, "damage")
    obj.deathtouched = _bool(fields[12], "deathtouched")
    obj.granted = set(_str_tuple(fields[13], GRANTABLE, "granted", unique=True))
    obj.granted_eot = set(_str_tuple(fields[14], GRANTABLE, "granted", unique=True))
    obj.revoked = set(_str_tuple(fields[15], GRANTABLE, "revoked", unique=True))
    obj.pump_power = _int(fields[16], -PUMP_LIMIT + 1, PUMP_LIMIT - 1, "pump")
    obj.pump_toughness = _int(fields[17], -PUMP_LIMIT + 1, PUMP_LIMIT - 1, "pump")
    obj.gone = _bool(fields[18], "gone")
    if obj.gone and printed.token and fields[19] is None and fields[20] is None:
        pass  # a token that ceased to exist (704.5d): gone, with no new object
    elif obj.gone:
        obj.moved_to = _str(fields[19], "moved to")
        _need(obj.moved_to in ZONES, "moved to: unknown zone")
        obj.new_id = _int(fields[20], oid + 1, next_id - 1, "new id")
    else:
        _need(fields[19] is None and fields[20] is None, "moved to / new id on a live object")
    if fmt.lives_and_tapped:
        obj.lives = _opt_int(fields[21], 0, STAT_LIMIT - 1, "lives")
        obj.tapped = _bool(fields[22], "tapped")
    if fmt.remembered and fields[23] is not None:
        keywords, toxic, base = _list(fields[23], 3, "remembered")
        base_pt = None
        if base is not None:
            bp, bt = _list(base, 2, "remembered base")
            base_pt = (
                _int(bp, -STAT_LIMIT + 1, STAT_LIMIT - 1, "remembered power"),
                _int(bt, -STAT_LIMIT + 1, STAT_LIMIT - 1, "remembered toughness"),
            )
        _need(obj.gone, "remembered: a live object")
        obj.remembered = (
            frozenset(_str_tuple(keywords, KEYWORDS, "remembered keywords", unique=True)),
            _int(toxic, 0, 2**32 - 1, "remembered toxic"),
            base_pt,
        )
    return obj


def _printed(
    raw: Any, allowed: tuple[str, ...], fmt: _Format, supertypes: tuple[str, ...]
) -> Printed:
    f = _list(raw, fmt.printed_fields, "printed")
    keywords = _str_tuple(f[3], KEYWORDS, "keywords", unique=True)
    toxic = _int(f[4], 0, TOXIC_LIMIT - 1, "toxic")
    _need((toxic > 0) == ("toxic" in keywords), "toxic: value and keyword disagree")
    _need(f[9] is not None or f[10] == 0, "cost: X without a cost")
    return Printed(
        name=_str(f[0], "name", nonempty=False),
        types=tuple(_canonical(_str_tuple(f[1], allowed, "printed types", unique=True))),
        subtypes=_str_tuple(f[2], None, "printed subtypes", unique=False),
        keywords=frozenset(keywords),
        toxic=toxic,
        power=_opt_int(f[5], -STAT_LIMIT + 1, STAT_LIMIT - 1, "power"),
        toughness=_opt_int(f[6], -STAT_LIMIT + 1, STAT_LIMIT - 1, "toughness"),
        loyalty=_opt_int(f[7], 0, STAT_LIMIT - 1, "loyalty"),
        defense=_opt_int(f[8], 0, STAT_LIMIT - 1, "defense"),
        cost=_opt_int(f[9], 0, STAT_LIMIT - 1, "cost"),
        cost_x=_int(f[10], 0, MAX_COST_X, "cost X count"),
        strength=_opt_int(f[11], 0, STAT_LIMIT - 1, "strength"),
        lives=_opt_int(f[12], 0, STAT_LIMIT - 1, "lives"),
        movement=_opt_int(f[13], 0, STAT_LIMIT - 1, "movement"),
        elite=_bool(f[14], "elite"),
        supertypes=(
            tuple(
                t
                for t in supertypes
                if t in _str_tuple(f[15], supertypes, "supertypes", unique=True)
            )
            if fmt.card_flags
            else ()
        ),
        token=_bool(f[16], "token") if fmt.card_flags else False,
    )


# Prevention shields and redirections in lists of their own (codec/shield_lists.rs).

_Listed = tuple[str, int, int | None, int | None, int | None]


def _shield_lists(
    raw_shields: Any, raw_redirections: Any, fmt: _Format, ids: _Ids
) -> list[_Listed]:
    """Prevention shields and redirections in lists of their own (empty where the format has
    none): each as the effect it becomes (name, target, amount, damage source, recipient)."""
    length = None if fmt.shield_lists else 0
    listed: list[_Listed] = []
    for raw in _list(raw_shields, length, "shields"):
        target, amount, source = _list(raw, 3, "shield")
        listed.append(
            (
                "prevent",
                ids.entity(target, "shield target"),
                _opt_int(amount, 1, MAX_COUNT, "shield amount"),
                None if source is None else ids.object(source, "shield source"),
                None,
            )
        )
    for raw in _list(raw_redirections, length, "redirections"):
        frm, to, amount, source = _list(raw, 4, "redirection")
        old = (
            "redirect",
            ids.entity(frm, "redirection from"),
            _opt_int(amount, 1, MAX_COUNT, "redirection amount"),
            None if source is None else ids.object(source, "redirection source"),
            ids.entity(to, "redirection to"),
        )
        _need(old[1] != old[4], "redirection: from equals to")
        listed.append(old)
    return listed


# Cost modifiers (codec/cost_modifiers.rs).


def _cost_modifiers(raw_list: Any, allowed_types: tuple[str, ...], ids: _Ids) -> list[CostModifier]:
    cost_modifiers: list[CostModifier] = []
    for raw in _list(raw_list, None, "cost modifiers"):
        amount, card, source, subtypes, types, controller = _list(raw, 6, "cost modifier")
        mod = CostModifier(
            _int(amount, -STAT_LIMIT + 1, STAT_LIMIT - 1, "cost modifier amount"),
            None if card is None else ids.object(card, "cost modifier card"),
            None if source is None else ids.object(source, "cost modifier source"),
            _str_tuple(subtypes, None, "cost modifier subtypes", unique=False),
            tuple(_canonical(_str_tuple(types, allowed_types, "cost modifier types", unique=True))),
            _opt_int(controller, 0, ids.last_player, "cost modifier controller"),
        )
        _need((mod.card is None) != (mod.source is None), "cost modifier: card xor source")
        cost_modifiers.append(mod)
    return cost_modifiers


# Regeneration shields (codec/regeneration.rs).


def _regenerations(raw_list: Any, ids: _Ids) -> list[int]:
    regenerations: list[int] = []
    for raw in _list(raw_list, None, "regeneration shields"):
        rid = ids.object(raw, "regeneration shield")
        _need(rid in ids.battlefield, "regeneration shield: not a permanent")
        regenerations.append(rid)
    return regenerations


# Replacement effects (codec/replacement.rs).


def _effects(
    raw_list: Any, next_effect_id: int, allowed_types: tuple[str, ...], ids: _Ids, fmt: _Format
) -> list[ReplacementEffect]:
    effects: list[ReplacementEffect] = []
    seen: set[int] = set()
    for raw in _list(raw_list, None, "replacement effects"):
        effect = _effect(raw, allowed_types, ids, fmt)
        _need(effect.id < next_effect_id and effect.id not in seen, "effect id")
        seen.add(effect.id)
        effects.append(effect)
    _need(
        sum(e.ordered for e in effects) <= MAX_ORDERED_EFFECTS,
        "effect order: too many effects ordered across groups",
    )
    return effects


def _effect(raw: Any, allowed_types: tuple[str, ...], ids: _Ids, fmt: _Format) -> ReplacementEffect:
    fields = _list(raw, fmt.effect_fields, "effect")
    eid, name, amount, source, controller, affects, counter, eot, sources = fields[:9]
    target, by, to = fields[9:12] if fmt.effect_targets else (None, None, None)
    rest = iter(fields[9 + 3 * fmt.effect_targets :])
    combat = _bool(next(rest), "effect combat") if fmt.combat_effects else False
    _need(
        not combat or name in DAMAGE_EFFECTS and name != "prevent_noncombat_other", "effect combat"
    )
    ordered = _bool(next(rest), "effect order") if fmt.ordered_effects else False
    _need(not ordered or name in ORDERABLE, "effect order")
    target = None if target is None else ids.entity(target, "effect target")
    by = None if by is None else ids.object(by, "effect damage source")
    to = None if to is None else ids.entity(to, "effect recipient")
    name = _str(name, "effect name")
    _need(
        name
        not in (
            "enters_tapped",
            "exile_instead_of_dying",
            "losing_cant",
            "hexproof",
            "prevent_noncombat_other",
        )
        or fmt.active_player,
        "effect name: not in this version",
    )
    amount = _opt_int(amount, 0, MAX_COUNT, "effect amount")
    try:
        check_effect(name, amount)
    except (ValueError, OverflowError) as exc:
        raise _Bad(f"effect: {exc}") from None
    src = None if source is None else ids.object(source, "effect source")
    _need(src is None or src in ids.battlefield, "effect source: not a permanent")
    ctrl = _opt_int(controller, 0, ids.last_player, "effect controller")
    _need(src is None or ctrl is None, "effect: source and controller")
    clauses = []
    for c in _list(affects, None, "effect filters"):
        players, typ, scope = _list(c, 3, "effect filter")
        _bool(players, "effect filter")
        _need(typ is None or (not players and typ in allowed_types), "effect filter type")
        _need(scope in ("any", "you", "opponents"), "effect filter scope")
        clauses.append((players, typ, scope))
    _need(bool(clauses) != (target is not None), "effect: no filter")
    # a shield or redirection ends when the entity it affects (or redirects to) leaves
    for eid_ in (target, to):
        _need(eid_ is None or not ids.gone(eid_), "effect: gone")
    _need((name == "redirect") == (to is not None), "effect: redirection recipient")
    _need(name != "redirect" or target is not None, "effect: redirection without a target")
    _need(to is None or to != target, "effect: redirection to itself")
    _need(by is None or name in DAMAGE_EFFECTS, "effect damage source")
    source_clauses = []
    for c in _list(sources, None, "effect source filters"):
        players, typ, scope = _list(c, 3, "effect source filter")
        _need(players is False, "effect source filter")
        _need(typ is None or typ in allowed_types, "effect source filter type")
        _need(scope in ("any", "you", "opponents"), "effect source filter scope")
        source_clauses.append((False, typ, scope))
    _need(not source_clauses or name in DAMAGE_EFFECTS, "effect source filters")
    clauses.extend(source_clauses)  # for the you/opponents check below
    _need(src is not None or ctrl is not None or all(c[2] == "any" for c in clauses), "effect")
    kind = None if counter is None else _str(counter, "effect counter")
    _need(kind is None or name in COUNTER_EFFECTS | {"counters_limit"}, "effect counter")
    _need(kind is not None or name != "counters_limit", "effect counter")
    return ReplacementEffect(
        _int(eid, 0, 2**32 - 1, "effect id"),
        name,
        amount,
        src,
        ctrl,
        tuple(clauses[: len(clauses) - len(source_clauses)]),
        kind,
        _bool(eot, "effect duration"),
        tuple(source_clauses),
        target,
        by,
        to,
        combat,
        ordered,
    )


# Continuous effects (codec/continuous.rs).


def _continuous_effects(
    raw_list: Any,
    next_continuous_id: int,
    allowed_types: tuple[str, ...],
    ids: _Ids,
    fmt: _Format,
) -> list[ContinuousEffect]:
    continuous: list[ContinuousEffect] = []
    seen: set[int] = set()
    for raw in _list(raw_list, None, "continuous effects"):
        c = _continuous(raw, allowed_types, ids, fmt)
        _need(c.id < next_continuous_id and c.id not in seen, "continuous effect id")
        seen.add(c.id)
        continuous.append(c)
    return continuous


def _continuous(
    raw: Any, allowed_types: tuple[str, ...], ids: _Ids, fmt: _Format
) -> ContinuousEffect:
    # A static ability's condition is one more field (the form "this_if").
    raw_fields = _list(raw, None, "continuous effect")
    # 613.1d: an added subtype is the last field (a str), after any condition.
    added = None
    if len(raw_fields) > fmt.continuous_fields and isinstance(raw_fields[-1], str):
        added = _str(raw_fields[-1], "continuous effect subtype")
        _need(bool(added), "continuous effect subtype")
        raw_fields = raw_fields[:-1]
    with_condition = fmt.clause_subtypes and len(raw_fields) == fmt.continuous_fields + 1
    fields = _list(
        raw_fields[: fmt.continuous_fields] if with_condition else raw_fields,
        fmt.continuous_fields,
        "continuous effect",
    )
    if not fmt.clause_subtypes:
        whole_other = _bool(fields[8], "continuous effect other")
        fields = fields[:8] + fields[9:]
    eid = _int(fields[0], 0, 2**32 - 1, "continuous effect id")
    name = _str(fields[1], "continuous effect name")
    keyword = None if fields[2] is None else _str(fields[2], "continuous effect keyword")
    value = _opt_int(fields[3], 0, 2**32 - 1, "continuous effect value")
    power = _opt_int(fields[4], -STAT_LIMIT + 1, STAT_LIMIT - 1, "continuous effect power")
    toughness = _opt_int(fields[5], -STAT_LIMIT + 1, STAT_LIMIT - 1, "continuous effect toughness")
    _need((name == "add_subtype") == (added is not None), "continuous effect subtype")
    try:
        if added is not None:
            _need(
                all(x is None for x in (keyword, value, power, toughness)),
                "continuous effect subtype",
            )
            kept = None
        else:
            kept = check_change(name, keyword, value, power, toughness)
    except (ValueError, OverflowError) as exc:
        raise _Bad(f"continuous effect: {exc}") from None
    _need(kept == value, "continuous effect value")
    src = None if fields[9] is None else ids.object(fields[9], "continuous effect source")
    _need(src is None or src in ids.battlefield, "continuous effect source: not a permanent")
    ctrl = _opt_int(fields[10], 0, ids.last_player, "continuous effect controller")
    _need(src is None or ctrl is None, "continuous effect: source and controller")
    form = _str(fields[6], "continuous effect form")
    _need(fmt.clause_subtypes or form == "filter" or not whole_other, "continuous effect other")
    _need(with_condition == (form in ("this_if", "filter_if")), "continuous effect condition")
    clauses: list[FilterClause] = []
    for c in _list(fields[7], None, "continuous effect filters"):
        with_: tuple[Any, ...] = ()
        if fmt.clause_subtypes:
            items = _list(c, None, "continuous effect filter")
            _need(len(items) in (5, 6), "continuous effect filter: expected 5 or 6 items")
            players, typ, scope, subtype, other = items[:5]
            _need(subtype is None or bool(_str(subtype, "subtype")), "continuous effect subtype")
            other = _bool(other, "continuous effect other")
            if len(items) == 6:
                with_ = (_quality(items[5], keyword),)
        else:
            players, typ, scope = _list(c, 3, "continuous effect filter")
            subtype, other = None, whole_other
        _need(players is False, "continuous effect filter")
        _need(typ is None or typ in allowed_types, "continuous effect filter type")
        _need(scope in ("any", "you", "opponents"), "continuous effect filter scope")
        _need(
            subtype is None or name not in ("add_subtype", "lose_subtypes", "all_creature_types"),
            "continuous effect: a layer-4 filter",
        )
        clauses.append((False, typ, scope, subtype, other, *with_))
    objs = [ids.object(i, "continuous effect object") for i in _list(fields[8], None, "objects")]
    if form in ("filter", "filter_if"):
        _need(bool(clauses) and not objs, "continuous effect filters")
        _need(form == "filter" or src is not None and fmt.active_player, "continuous effect")
        _need(
            src is not None or not any(c[4] for c in clauses),
            "continuous effect: other without a source",
        )
        _need(
            src is not None or ctrl is not None or all(c[2] == "any" for c in clauses),
            "continuous effect: you/opponents without a source or controller",
        )
    elif form == "this":
        _need(src is not None and not clauses and not objs, "continuous effect")
    elif form == "this_while":
        _need(src is not None and len(clauses) == 1 and not objs, "continuous effect")
        _need(len(clauses[0]) == 5, "continuous effect: a quality in this while")
    elif form == "this_if":
        _need(src is not None and not clauses and not objs, "continuous effect")
    else:
        _need(form == "fixed" and not clauses, "continuous effect form")
    # 613.1f: a loss of all abilities is of a locked-in set.
    _need(form == "fixed" or name != "lose_all_abilities", "continuous effect form")
    if form == "fixed":
        _need(bool(objs) and len(set(objs)) == len(objs), "continuous effect objects")
        _need(all(i in ids.battlefield for i in objs), "continuous effect objects: permanents")
    return ContinuousEffect(
        eid,
        name,
        keyword,
        value,
        power,
        toughness,
        form,
        tuple(clauses),
        objs,
        src,
        ctrl,
        _bool(fields[11], "continuous effect duration"),
        _condition(raw_fields[-1], fmt) if with_condition else None,
        added,
    )


def _quality(raw: Any, keyword: str | None) -> tuple[str, str]:
    """A filter clause's quality: a built-in counter kind, or a known keyword (only on an effect
    of power and toughness, 613.8)."""
    tag, name = _list(raw, 2, "continuous effect filter quality")
    _need(tag in ("counter", "keyword"), "continuous effect filter quality")
    if tag == "counter":
        _need(name in BUILTIN_KINDS, "continuous effect filter quality: a built-in kind")
    else:
        _need(name in KEYWORDS and keyword is None, "continuous effect filter quality: keyword")
    return (tag, name)


def _condition(raw: Any, fmt: _Format) -> tuple[Any, ...]:
    """A static ability's condition: ``["graveyard", n]``, ``["counters", kind, n]``,
    ``["life", n]``, ``["untapped"]`` or, in a format with the active player,
    ``["your_turn"]``."""
    c = _list(raw, None, "continuous effect condition")
    if c == ["untapped"]:
        return ("untapped",)
    if c == ["your_turn"] and fmt.active_player:
        return ("your_turn",)
    if c[:1] == ["graveyard"] and len(c) == 2:
        return ("graveyard", _int(c[1], 0, 2**32 - 1, "continuous effect condition"))
    if c[:1] == ["life"] and len(c) == 2:
        return ("life", _int(c[1], 0, 2**32 - 1, "continuous effect condition"))
    _need(len(c) == 3 and c[0] == "counters", "continuous effect condition")
    _need(c[1] in BUILTIN_KINDS, "continuous effect condition: a built-in kind")
    return ("counters", c[1], _int(c[2], 0, 2**32 - 1, "continuous effect condition"))
