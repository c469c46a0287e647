"""Differential test: the native engine and the reference model, call for call.

A Hypothesis ``RuleBasedStateMachine`` drives a ``cardstate.Game`` and a
``cardstate.reference.Game`` side by side through every operation of docs/SEMANTICS.md, valid and
invalid (unknown ids, gone ids, bad amounts, non-candidates...). After every step it asserts:

- the same return value (numpy arrays and events normalized to plain data);
- the same exception type, or none on both sides;
- a failed call changed nothing (snapshot, event log, ``hash()``, native ``to_bytes()``);
- equal snapshots (``conftest.snapshot``: the whole observable state) and equal events.

The ruleset and the number of players are drawn per run.
"""

from __future__ import annotations

import copy
from typing import Any

import cardstate
import cardstate.reference as reference
import hypothesis.strategies as st
from cardstate.vocabulary import KEYWORDS, MAX_COUNT, RULESETS, ZONES
from conftest import BERSERK_TYPES, MAGIC_TYPES, _plain, event_tuples, snapshot, state_bytes
from hypothesis import settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

KINDS = (
    "+1/+1",
    "-1/-1",
    "poison",
    "energy",
    "experience",
    "rad",
    "shield",
    "finality",
    "loyalty",
    "defense",
    "charge",
    "stun",
    "flying",
    "deathtouch",
    "lifelink",
    "indestructible",
    "+2/+0",
    "-0/-1",
    "quest",
    "wound",
    "+1 strength",
    "-1 strength",
    "extra life",
    "negative life",
)
BAD_KINDS = ("", 7, None)
EFFECTS = (
    "counters_plus",
    "counters_minus",
    "counters_times",
    "counters_half",
    "counters_cant",
    "life_gain_cant",
    "life_change_cant",
    "prevention_cant",
    "damage_plus",
    "damage_times",
    "prevent",
    "prevent_all_but",
    "redirect",
    "redirection_cant",
    "counters_limit",
    "counters_squared",
)
CLAUSES = (
    "players",
    "you",
    "opponents",
    "permanents",
    "creatures",
    "artifacts you control",
    "permanents opponents control",
    "creatures you control",
    "terrains",
    "wizards",
    "this permanent",
)
CONTINUOUS = (
    "add_keyword",
    "remove_keyword",
    "define_power_toughness",
    "set_base_power_toughness",
    "modify_power_toughness",
    "switch_power_toughness",
)
AFFECTED = (
    "creatures you control",
    "creatures your opponents control",
    "other creatures you control",
    "permanents",
    "creatures",
    "this",
    "you",
    "wizards",
    # 205.3: a subtype before the plural type (the objects' subtypes come from SUBTYPES).
    "Goblin creatures you control",
    "other Эльф creatures you control",
    "Гном permanents your opponents control",
    "other Goblin permanents",
    "Goblin creaturez",
    " creatures",
)
# P/T of a continuous effect: mostly small, sometimes missing, rarely out of range.
pt_values = st.one_of(
    st.integers(-3, 3), st.integers(-3, 3), st.none(), st.sampled_from([2**31, "1"])
)
SUBTYPES = ("Гном", "Goblin", "Эльф")

# Amounts: mostly small, sometimes huge, rarely invalid.
small = st.integers(0, 4)
amounts = st.one_of(
    small,
    small,
    small,
    small,
    st.sampled_from([MAX_COUNT, 2**63, 2**63 - 1, 5, 10, 20]),
    st.sampled_from([-1, MAX_COUNT + 1, 1.5, "2", True]),
)
opt_amounts = st.one_of(st.none(), amounts)
# The counters an object enters with (122.6): a mapping, rarely something else.
entering_counters = st.one_of(
    st.dictionaries(st.sampled_from(["+1/+1", "loyalty", "shield", "quest"]), amounts, max_size=3),
    st.sampled_from([None, [("+1/+1", 1)], {"": 1}, {5: 1}]),
)
# Flags: bools, rarely a non-bool (TypeError, SEMANTICS §0).
flags = st.one_of(st.booleans(), st.booleans(), st.booleans(), st.sampled_from([1, None]))
zones = st.one_of(st.just("battlefield"), st.sampled_from(ZONES), st.sampled_from(["nowhere", 3]))
keywords = st.one_of(st.sampled_from(KEYWORDS), st.sampled_from(["banding", 5]))


def _invoke(g, name: str, args: tuple, kwargs: dict) -> tuple[Any, BaseException | None]:
    try:
        return getattr(g, name)(*copy.deepcopy(args), **copy.deepcopy(kwargs)), None
    except Exception as e:  # noqa: BLE001 - the exception is compared between implementations
        return None, e


class Differential(RuleBasedStateMachine):
    """Native and reference side by side."""

    # ---------------------------------------------------------------------------------------
    # Plumbing

    @initialize(
        ruleset=st.sampled_from(RULESETS),
        players=st.integers(1, 4),
        seed=st.integers(0, 2**64 - 1),
    )
    def start(self, ruleset: str, players: int, seed: int) -> None:
        self.ruleset = ruleset
        self.native = cardstate.Game(players=players, ruleset=ruleset, seed=seed)
        self.ref = reference.Game(players=players, ruleset=ruleset, seed=seed)
        self.gone: set[int] = set()
        self.snap = snapshot(self.native)
        assert self.snap == snapshot(self.ref)

    @property
    def players(self) -> list[int]:
        return self.snap["players"]

    @property
    def objects(self) -> list[int]:
        return list(self.snap["objects"])

    def next_id(self) -> int:
        return len(self.players) + len(self.snap["objects"])

    def invalid_ids(self) -> list[int]:
        return [-1, self.next_id(), self.next_id() + 3, 2**40]

    def live(self) -> list[int]:
        return [x for x in self.objects if x not in self.gone]

    def on_battlefield(self) -> list[int]:
        return [x for x in self.live() if self.snap["objects"][x]["zone"] == "battlefield"]

    def damageable(self) -> list[int]:
        out = [] if self.ruleset == "berserk" else list(self.players)
        for x in self.on_battlefield():
            obs = self.snap["objects"][x]
            types = obs["types"] if isinstance(obs["types"], list) else []
            if self.ruleset == "berserk":
                if obs["lives"] is not None and ("creature" in types or "hero" in types):
                    out.append(x)
            elif {"creature", "planeswalker", "battle"} & set(types):
                out.append(x)
        return out

    def counters_of(self, e: int) -> dict[str, int]:
        if e in self.snap["player_state"]:
            raw = self.snap["player_state"][e]["counters"]
        elif e in self.snap["objects"]:
            raw = self.snap["objects"][e]["counters"]
        else:
            return {}
        return dict(raw[1]) if isinstance(raw, tuple) and raw[0] == "dict" else {}

    def draw_id(self, data, pool: list[int], *, invalid: bool = True) -> int:
        """An id from `pool` mostly, else any id, else an invalid one."""
        everything = list(self.players) + self.objects
        choices = []
        if pool:
            choices += [st.sampled_from(pool)] * 6
        choices.append(st.sampled_from(everything))
        if invalid:
            choices.append(st.sampled_from(self.invalid_ids()))
        return data.draw(st.one_of(*choices))

    def draw_kind(self, data, entity: int | None = None) -> Any:
        has = list(self.counters_of(entity)) if entity is not None else []
        choices = [st.sampled_from(KINDS)] * 3
        if has:
            choices += [st.sampled_from(has)] * 4
        choices.append(st.sampled_from(BAD_KINDS))
        return data.draw(st.one_of(*choices))

    def call(self, method: str, /, *args: Any, **kwargs: Any) -> Any:
        """Make the same call on both games and check everything the module docstring lists."""
        where = f"{method}(*{args!r}, **{kwargs!r})"
        results = []
        for g in (self.native, self.ref):
            bytes_before = state_bytes(g) if g is self.native else None
            hash_before = g.hash()
            value, error = _invoke(g, method, args, kwargs)
            if error is not None:
                assert snapshot(g) == self.snap, f"{where} raised {error!r} but changed state"
                assert g.take_events() == [], f"{where} raised {error!r} but logged events"
                assert g.hash() == hash_before, f"{where} raised {error!r} but changed hash()"
                if g is self.native:
                    assert state_bytes(g) == bytes_before, f"{where} failed, changed to_bytes()"
            results.append((value, error))
        (vn, en), (vr, er) = results
        assert type(en) is type(er), f"{where}: native raised {en!r}, reference {er!r}"
        if en is not None:
            return None  # both failed and both are unchanged (checked above)
        assert _plain(vn) == _plain(vr), f"{where}: native returned {vn!r}, reference {vr!r}"
        self.compare(where)
        return vn

    def compare(self, where: str) -> None:
        sn, sr = snapshot(self.native), snapshot(self.ref)
        if sn != sr:
            diff = {k: (sn[k], sr[k]) for k in sn if k != "objects" and sn[k] != sr.get(k)} | {
                x: {
                    f: (o, sr["objects"].get(x, {}).get(f))
                    for f, o in obs.items()
                    if o != sr["objects"].get(x, {}).get(f)
                }
                for x, obs in sn["objects"].items()
                if obs != sr["objects"].get(x)
            }
            raise AssertionError(f"after {where}: snapshots differ (native, reference): {diff}")
        en, er = event_tuples(self.native.take_events()), event_tuples(self.ref.take_events())
        assert en == er, f"after {where}: events differ:\n native    {en}\n reference {er}"
        for e in en:
            if e[0] in ("zone_change", "ceased_to_exist"):
                self.gone.add(e[2])
        self.snap = sn

    # ---------------------------------------------------------------------------------------
    # Entities

    @rule(data=st.data())
    def create(self, data) -> None:
        berserk = self.ruleset == "berserk"
        type_pool = BERSERK_TYPES if berserk else MAGIC_TYPES
        types = data.draw(
            st.one_of(
                st.just(["creature"]),
                st.just(["creature"]),
                st.lists(st.sampled_from(type_pool), max_size=2, unique=True),
                st.sampled_from([["hero"], ["planeswalker"], ["bogus"], "creature"]),
            )
        )
        kw: dict[str, Any] = {
            "zone": data.draw(zones),
            "name": data.draw(st.sampled_from(["", "Bear", "Вайл"])),
            "types": types,
            # mostly valid (legendary in the Magic rulesets, so the legend rule meets "Bear"
            # twice), rarely an unknown name or a bare str
            "supertypes": data.draw(
                st.one_of(
                    st.just([]),
                    st.just([] if berserk else ["legendary"]),
                    st.just([] if berserk else ["legendary"]),
                    st.sampled_from([["snow", "basic"], ["legend"], "basic"]),
                )
                if data.draw(st.integers(0, 9))
                else st.sampled_from([["snow", "basic"], ["legend"], "basic"])
            ),
            "subtypes": data.draw(st.lists(st.sampled_from(SUBTYPES), max_size=2, unique=True)),
            "keywords": data.draw(
                st.one_of(
                    st.lists(
                        st.sampled_from(["infect", "wither", "lifelink", "deathtouch", "toxic"]),
                        max_size=3,
                        unique=True,
                    ),
                    st.lists(st.sampled_from(KEYWORDS), max_size=2, unique=True),
                    st.fixed_dictionaries({"toxic": st.integers(0, 3)}),
                    st.just(["banding"]),
                )
            ),
            "info": data.draw(st.sampled_from([None, {"artist": "A"}, {"year": 2010}])),
            "token": data.draw(st.booleans() if data.draw(st.integers(0, 9)) else flags),
        }
        if berserk:
            kw["strength"] = data.draw(st.one_of(st.none(), st.integers(0, 4)))
            kw["lives"] = data.draw(st.one_of(st.none(), st.integers(0, 4), st.just(-1)))
            kw["movement"] = data.draw(st.one_of(st.none(), st.integers(0, 3)))
            kw["flying"] = data.draw(st.booleans())
            kw["elite"] = data.draw(st.booleans())
            kw["cost"] = data.draw(st.sampled_from([None, 0, 1, 3, "X", "2+X", "X+X+1", "Y"]))
        else:
            kw["power"] = data.draw(st.one_of(st.none(), st.integers(-1, 5), st.just(2**31)))
            kw["toughness"] = data.draw(st.one_of(st.none(), st.integers(-1, 5)))
            kw["loyalty"] = data.draw(st.one_of(st.none(), st.integers(0, 5)))
            kw["defense"] = data.draw(st.one_of(st.none(), st.integers(0, 5)))
            kw["cost"] = data.draw(st.sampled_from([None, 2, "X"]))
        if data.draw(st.integers(0, 3)) == 0:
            kw["counters"] = data.draw(entering_counters)
        controller = self.draw_id(data, self.players)
        self.call("create", controller, **kw)

    @rule(data=st.data())
    def create_token_or_legend(self, data) -> None:
        """One or two valid tokens (111.1) or legendary creatures (205.4) in some zone, and
        sometimes the state-based actions, so that 111.8, 704.5d and the legend rule (704.5j,
        with the choice of ``check_state_based_actions``) meet them often; ``create`` above
        draws the same arguments among many others."""
        berserk = self.ruleset == "berserk"
        token = data.draw(st.booleans())
        legendary = not berserk and (not token or data.draw(st.booleans()))
        kw: dict[str, Any] = {
            "zone": data.draw(st.one_of(st.just("battlefield"), st.sampled_from(ZONES))),
            "name": data.draw(st.sampled_from(["Bear", "Bear", "Bear", "Vorinclex", ""])),
            "types": ["creature"],
            "supertypes": ["legendary"] if legendary else [],
            "token": token,
        }
        if berserk:
            kw.update(strength=1, lives=data.draw(st.integers(0, 2)))
        else:
            kw.update(power=1, toughness=data.draw(st.integers(0, 2)))
        controller = data.draw(st.sampled_from([0, 0, *self.players]))
        for _ in range(data.draw(st.integers(1, 2))):  # two of one name: the legend rule
            self.call("create", controller, **kw)
        if data.draw(st.booleans()):
            self.check_state_based_actions(data)

    @rule(data=st.data())
    def move(self, data) -> None:
        x = self.draw_id(data, self.live())
        if data.draw(st.integers(0, 3)) == 0:
            self.call("move", x, data.draw(zones), counters=data.draw(entering_counters))
        else:
            self.call("move", x, data.draw(zones))

    @rule(data=st.data())
    def read(self, data) -> None:
        """Reads with any id (invalid included): same values or same exception."""
        name = data.draw(
            st.sampled_from(
                ["zone", "controller", "counters", "power", "life", "strength", "cost", "info"]
            )
        )
        x = data.draw(st.sampled_from(self.invalid_ids() + list(self.players) + self.objects))
        self.call(name, x)

    @rule(data=st.data())
    def read_with_args(self, data) -> None:
        x = self.draw_id(data, self.objects)
        which = data.draw(st.integers(0, 2))
        if which == 0:
            self.call("count", x, self.draw_kind(data, x))
        elif which == 1:
            self.call("has_keyword", x, data.draw(keywords))
        else:
            self.call("cost", x, x_value=data.draw(st.one_of(st.none(), st.integers(0, 3))))

    # ---------------------------------------------------------------------------------------
    # Counters and life

    @rule(data=st.data())
    def add_counters(self, data) -> None:
        e = self.draw_id(data, list(self.players) + self.live())
        self.call("add_counters", e, self.draw_kind(data, e), data.draw(amounts))

    @rule(data=st.data())
    def remove_counters(self, data) -> None:
        e = self.draw_id(data, list(self.players) + self.live())
        self.call("remove_counters", e, self.draw_kind(data, e), data.draw(amounts))

    @rule(data=st.data())
    def pay_counters(self, data) -> None:
        e = self.draw_id(data, list(self.players) + self.live())
        self.call("pay_counters", e, self.draw_kind(data, e), data.draw(amounts))

    @rule(data=st.data())
    def pay_energy(self, data) -> None:
        self.call("pay_energy", self.draw_id(data, self.players), data.draw(amounts))

    @rule(data=st.data(), gain=st.booleans())
    def life(self, data, gain: bool) -> None:
        p = self.draw_id(data, self.players)
        self.call("gain_life" if gain else "lose_life", p, data.draw(amounts))

    # ---------------------------------------------------------------------------------------
    # Operations as data: apply, all or nothing

    def draw_op(self, data) -> Any:
        """One operation of ``apply``, mostly well formed, sometimes not."""
        which = data.draw(st.integers(0, 12))
        anyone = list(self.players) + self.live()
        if which <= 2:
            e = self.draw_id(data, anyone)
            name = ("add_counters", "remove_counters", "pay_counters")[which]
            n = data.draw(st.one_of(st.just(()), st.tuples(amounts)))
            return (name, e, self.draw_kind(data, e), *n)
        if which == 3:
            name = data.draw(st.sampled_from(["gain_life", "lose_life"]))
            return (name, self.draw_id(data, self.players), data.draw(amounts))
        if which == 4:
            extra = data.draw(st.one_of(st.just(()), st.tuples(flags), st.tuples(flags, flags)))
            return ("deal_damage", *self.draw_assignment(data), *extra)
        if which == 5:
            return ("move", self.draw_id(data, self.live()), data.draw(zones))
        if which == 6:
            candidates = list(self.snap["candidates"])
            chosen = (
                data.draw(st.lists(st.sampled_from(candidates), unique=True)) if candidates else []
            )
            return ("proliferate", self.draw_id(data, self.players), chosen)
        if which == 7:
            return ("proliferate_auto", self.draw_id(data, self.players))
        if which == 8:
            return (data.draw(st.sampled_from(["cleanup", "check_state_based_actions"])),)
        if which == 10:
            return self.draw_continuous_op(data)
        if which == 9:
            return data.draw(
                st.sampled_from([("bogus",), (), "cleanup", ("move",), (5,), ("cleanup", 1)])
            )
        if which == 10:
            a, b = self.draw_id(data, anyone), self.draw_id(data, anyone)
            if data.draw(st.booleans()):
                return ("put_counters_from", self.draw_id(data, self.objects), b)
            return ("move_counters", a, b, self.draw_kind(data, a), data.draw(amounts))
        e = self.draw_id(data, anyone)
        return ("add_counters", e, self.draw_kind(data, e))

    @rule(data=st.data())
    def apply(self, data) -> None:
        ops = [self.draw_op(data) for _ in range(data.draw(st.integers(0, 4)))]
        self.call("apply", ops)

    # ---------------------------------------------------------------------------------------
    # Damage

    def draw_assignment(self, data, each: bool = False) -> tuple[Any, ...]:
        source = self.draw_id(data, self.objects)
        target = self.draw_id(data, self.damageable())
        # 615.12 per assignment: (source, target, amount, preventable), sometimes not a bool.
        extra = data.draw(st.sampled_from([(), (), (True,), (False,), (1,)])) if each else ()
        return (source, target, data.draw(amounts), *extra)

    @rule(data=st.data(), combat=flags, preventable=flags)
    def deal_damage(self, data, combat: bool, preventable: bool) -> None:
        s, t, n = self.draw_assignment(data)
        self.call("deal_damage", s, t, n, combat=combat, preventable=preventable)

    @rule(data=st.data(), combat=flags, preventable=flags)
    def deal_simultaneous_damage(self, data, combat: bool, preventable: bool) -> None:
        k = data.draw(st.integers(0, 4))
        assignments = [self.draw_assignment(data, each=True) for _ in range(k)]
        self.call("deal_simultaneous_damage", assignments, combat=combat, preventable=preventable)

    @rule(data=st.data())
    def prevent_damage(self, data) -> None:
        t = self.draw_id(data, self.damageable() + self.live())
        amount = data.draw(opt_amounts)
        source = data.draw(st.one_of(st.none(), st.sampled_from(self.objects or [-1])))
        self.call("prevent_damage", t, amount, source=source)

    @rule(data=st.data())
    def redirect_damage(self, data) -> None:
        a = self.draw_id(data, self.damageable())
        b = self.draw_id(data, self.damageable())
        amount = data.draw(opt_amounts)
        source = data.draw(st.one_of(st.none(), st.sampled_from(self.objects or [-1])))
        self.call("redirect_damage", a, b, amount, source=source)

    # ---------------------------------------------------------------------------------------
    # Keywords, pump, cleanup, SBAs

    @rule(data=st.data(), until_eot=flags)
    def grant(self, data, until_eot: bool) -> None:
        x = self.draw_id(data, self.on_battlefield())
        self.call("grant", x, data.draw(keywords), until_end_of_turn=until_eot)

    @rule(data=st.data())
    def revoke(self, data) -> None:
        x = self.draw_id(data, self.on_battlefield())
        self.call("revoke", x, data.draw(keywords))

    @rule(data=st.data())
    def pump(self, data) -> None:
        x = self.draw_id(data, self.on_battlefield())
        p = data.draw(st.one_of(st.integers(-3, 3), st.just(1.5)))
        t = data.draw(st.integers(-3, 3))
        self.call("pump", x, p, t)

    @rule()
    def cleanup(self) -> None:
        self.call("cleanup")

    # ---------------------------------------------------------------------------------------
    # Destruction, regeneration, the tapped status

    @rule(data=st.data())
    def destroy(self, data) -> None:
        self.call("destroy", self.draw_id(data, self.on_battlefield()))

    @rule(data=st.data())
    def regenerate(self, data) -> None:
        self.call("regenerate", self.draw_id(data, self.on_battlefield()))

    @rule(data=st.data())
    def add_replacement_effect(self, data) -> None:
        effect = data.draw(st.sampled_from(EFFECTS))
        clauses = st.sampled_from(CLAUSES)
        affects = data.draw(st.one_of(clauses, st.lists(clauses, max_size=3)))
        who = data.draw(st.sampled_from(["source", "controller", "none"]))
        source = self.draw_id(data, self.on_battlefield()) if who == "source" else None
        controller = self.draw_id(data, self.players) if who == "controller" else None
        counter = data.draw(st.one_of(st.none(), st.sampled_from(KINDS[:6])))
        amount = data.draw(st.one_of(st.none(), st.integers(0, 3), st.just(-1)))
        sources = data.draw(
            st.one_of(
                st.none(),
                st.sampled_from(
                    [
                        "sources",
                        "creatures you control",
                        "instants",
                        "players",
                        ["instants", "sorceries"],
                        "sources opponents control",
                    ]
                ),
            )
        )
        self.call(
            "add_replacement_effect",
            effect,
            affects=affects,
            sources=sources,
            source=source,
            controller=controller,
            counter=counter,
            amount=amount,
            combat=data.draw(st.one_of(st.just(False), flags)),
            until_end_of_turn=data.draw(st.booleans()),
        )

    def draw_continuous_kwargs(self, data) -> dict[str, Any]:
        """The arguments of a continuous effect, mostly well formed."""
        effect = data.draw(st.sampled_from(CONTINUOUS))
        keyword_effect = (
            effect in ("add_keyword", "remove_keyword") or data.draw(st.integers(0, 9)) == 0
        )
        out: dict[str, Any] = {}
        if keyword_effect:
            out["keyword"] = data.draw(
                st.one_of(st.sampled_from(["infect", "flying", "toxic", "lifelink"]), keywords)
            )
            if out["keyword"] == "toxic" or data.draw(st.integers(0, 9)) == 0:
                out["value"] = data.draw(st.one_of(st.none(), st.integers(0, 3), st.just(-1)))
        # A switch (7e) takes no power or toughness: given them only rarely.
        takes_pt = not keyword_effect and effect != "switch_power_toughness"
        if takes_pt or data.draw(st.integers(0, 9)) == 0:
            out["power"] = data.draw(pt_values)
            out["toughness"] = data.draw(pt_values)
        out["until_end_of_turn"] = data.draw(flags)
        return {"effect": effect, **out}

    def draw_continuous_op(self, data) -> tuple[Any, ...]:
        if data.draw(st.integers(0, 3)) == 0:
            ids = [dict(e[1])["id"] for e in self.snap["continuous_effects"]] + [99]
            return ("end_continuous_effect", data.draw(st.sampled_from(ids)))
        kw = self.draw_continuous_kwargs(data)
        affected = data.draw(st.lists(st.sampled_from(self.on_battlefield() or [0]), max_size=3))
        return (
            "add_continuous_effect",
            kw["effect"],
            affected,
            kw.get("keyword"),
            kw.get("value"),
            kw.get("power"),
            kw.get("toughness"),
            kw["until_end_of_turn"],
        )

    @rule(data=st.data())
    def add_continuous_effect(self, data) -> None:
        kw = self.draw_continuous_kwargs(data)
        effect = kw.pop("effect")
        texts = st.sampled_from(AFFECTED)
        permanents = self.on_battlefield()
        affected = data.draw(
            st.one_of(
                texts,
                st.lists(texts, min_size=1, max_size=2),
                st.lists(st.sampled_from(permanents or [0]), max_size=3),
                st.sampled_from(self.objects or [0]).map(lambda x: [x]),
            )
        )
        who = data.draw(st.sampled_from(["source", "source", "controller", "none"]))
        source = self.draw_id(data, permanents) if who == "source" else None
        controller = self.draw_id(data, self.players) if who == "controller" else None
        self.call(
            "add_continuous_effect",
            effect,
            affected=affected,
            source=source,
            controller=controller,
            **kw,
        )

    @rule(data=st.data())
    def end_continuous_effect(self, data) -> None:
        ids = [dict(e[1])["id"] for e in self.snap["continuous_effects"]] + [99]
        self.call("end_continuous_effect", data.draw(st.sampled_from(ids)))

    @rule(data=st.data())
    def remove_or_order_replacement_effects(self, data) -> None:
        # The snapshot holds each effect as ("dict", [(key, value), ...]) (conftest._plain).
        ids = [dict(e[1])["id"] for e in self.snap["replacement_effects"]] + [99]
        if data.draw(st.booleans()):
            self.call("remove_replacement_effect", data.draw(st.sampled_from(ids)))
        elif data.draw(st.booleans()):
            self.call("order_replacement_effects", data.draw(st.lists(st.sampled_from(ids))))
        else:
            # 616.1 across the default groups (damage, prevention and redirection effects only):
            # mostly those, so that a redirection is often chosen after a prevention
            rows = [dict(e[1]) for e in self.snap["replacement_effects"]]
            kinds = ("damage_plus", "damage_times", "prevent", "prevent_all_but", "redirect")
            orderable = [r["id"] for r in rows if r["effect"] in kinds]
            pool = orderable if orderable and data.draw(st.booleans()) else ids
            self.call(
                "order_replacement_effects",
                data.draw(st.lists(st.sampled_from(pool), unique=pool is orderable)),
                across_groups=True,
            )

    @rule(data=st.data())
    def move_counters(self, data) -> None:
        a = self.draw_id(data, self.live())
        b = self.draw_id(data, self.live())
        self.call("move_counters", a, b, self.draw_kind(data, a), data.draw(amounts))

    @rule(data=st.data())
    def put_counters_from(self, data) -> None:
        a = self.draw_id(data, self.objects)
        self.call("put_counters_from", a, self.draw_id(data, self.live()))

    @rule(data=st.data())
    def objects_of_a_zone(self, data) -> None:
        controller = data.draw(st.one_of(st.none(), st.sampled_from(self.players + [99])))
        self.call("objects", data.draw(zones), controller)

    @rule(data=st.data(), tap=st.booleans())
    def tap(self, data, tap: bool) -> None:
        self.call("tap" if tap else "untap", self.draw_id(data, self.on_battlefield()))

    @rule(data=st.data())
    def check_state_based_actions_rule(self, data) -> None:
        self.check_state_based_actions(data)

    def check_state_based_actions(self, data) -> None:
        """With, sometimes, the legendary permanents kept under the legend rule (704.5j): any
        permanents, rarely another id or a non-id."""
        legends = [
            x
            for x in self.on_battlefield()
            if self.snap["objects"][x]["supertypes"] == ["legendary"]
        ]
        if data.draw(st.integers(0, 2)) == 0:
            keep = data.draw(
                st.one_of(
                    st.lists(st.sampled_from(legends or [0]), max_size=1),
                    st.lists(st.sampled_from(legends or [0]), max_size=1),
                    st.lists(st.sampled_from(self.on_battlefield() or [0]), max_size=2),
                    st.lists(st.sampled_from(self.objects + self.invalid_ids()), max_size=2),
                    st.sampled_from([None, 3, ["a"]]),
                )
            )
            self.call("check_state_based_actions", legend_rule_keep=keep)
        else:
            self.call("check_state_based_actions")

    # ---------------------------------------------------------------------------------------
    # Proliferate

    @rule(data=st.data())
    def proliferate(self, data) -> None:
        candidates = list(self.snap["candidates"])
        chosen = data.draw(st.lists(st.sampled_from(candidates), unique=True)) if candidates else []
        chosen = data.draw(st.permutations(chosen))
        mistake = data.draw(st.integers(0, 7))
        if mistake == 0:
            chosen.append(self.draw_id(data, list(self.players) + self.objects))
        elif mistake == 1 and chosen:
            chosen.append(chosen[0])
        player = self.draw_id(data, self.players)
        if self.ruleset == "mtg-2010":
            mapping = {}
            for e in chosen:
                mapping[e] = self.draw_kind(data, e)
            self.call("proliferate", player, mapping if mistake != 2 else list(mapping))
        else:
            self.call("proliferate", player, chosen)

    @rule(data=st.data())
    def proliferate_auto(self, data) -> None:
        self.call("proliferate_auto", self.draw_id(data, self.players))

    # ---------------------------------------------------------------------------------------
    # Berserk

    def berserk_target(self, data) -> int:
        return self.draw_id(data, self.on_battlefield())

    @precondition(lambda self: self.ruleset == "berserk")
    @rule(data=st.data())
    def set_strength(self, data) -> None:
        n = data.draw(st.one_of(st.integers(0, 5), st.just(-1)))
        self.call("set_strength", self.berserk_target(data), n)

    @precondition(lambda self: self.ruleset == "berserk")
    @rule(data=st.data())
    def set_lives(self, data) -> None:
        n = data.draw(st.one_of(st.integers(0, 5), st.just(-1)))
        self.call("set_lives", self.berserk_target(data), n)

    @precondition(lambda self: self.ruleset == "berserk")
    @rule(data=st.data())
    def heal(self, data) -> None:
        self.call("heal", self.berserk_target(data), data.draw(amounts))

    @precondition(lambda self: self.ruleset == "berserk")
    @rule(data=st.data())
    def remove_effects(self, data) -> None:
        self.call("remove_effects", self.berserk_target(data))

    @precondition(lambda self: self.ruleset == "berserk")
    @rule(data=st.data())
    def add_cost_modifier(self, data) -> None:
        amount = data.draw(st.integers(-4, 2))
        hand = [x for x in self.live() if self.snap["objects"][x]["zone"] == "hand"]
        if data.draw(st.booleans()):
            self.call("add_cost_modifier", amount, card=self.draw_id(data, hand))
        else:
            kwargs: dict[str, Any] = {"source": self.draw_id(data, self.on_battlefield())}
            if data.draw(st.booleans()):
                kwargs["subtypes"] = data.draw(st.lists(st.sampled_from(SUBTYPES), max_size=2))
            if data.draw(st.booleans()):
                kwargs["types"] = data.draw(st.lists(st.sampled_from(BERSERK_TYPES), max_size=2))
            if data.draw(st.booleans()):
                kwargs["controller"] = self.draw_id(data, self.players)
            if data.draw(st.integers(0, 9)) == 0:
                kwargs["card"] = self.draw_id(data, hand)
            self.call("add_cost_modifier", amount, **kwargs)

    @precondition(lambda self: self.ruleset == "berserk")
    @rule(data=st.data())
    def set_controller(self, data) -> None:
        x = self.berserk_target(data)
        self.call("set_controller", x, self.draw_id(data, self.players))

    @precondition(lambda self: self.ruleset == "berserk")
    @rule(data=st.data())
    def set_types(self, data) -> None:
        x = self.berserk_target(data)
        types = data.draw(
            st.one_of(
                st.lists(st.sampled_from(BERSERK_TYPES), min_size=1, max_size=2, unique=True),
                st.just(["planeswalker"]),
            )
        )
        subtypes = data.draw(st.one_of(st.none(), st.lists(st.sampled_from(SUBTYPES), max_size=1)))
        self.call("set_types", x, types, subtypes=subtypes)

    @precondition(lambda self: self.ruleset == "berserk")
    @rule(data=st.data(), flag=flags)
    def set_elite(self, data, flag: bool) -> None:
        self.call("set_elite", self.berserk_target(data), flag)

    # ---------------------------------------------------------------------------------------
    # Search support: a clone must carry on exactly like the original

    @rule()
    def clone(self) -> None:
        native, ref = self.native.clone(), self.ref.clone()
        assert native == self.native and native.hash() == self.native.hash()
        assert ref == self.ref and ref.hash() == self.ref.hash()
        assert state_bytes(native) == state_bytes(self.native)
        self.native, self.ref = native, ref
        self.compare("clone()")


# ~30 s on one core: each run is up to 50 steps, each step checked in full.
Differential.TestCase.settings = settings(max_examples=400, stateful_step_count=50)
TestDifferential = Differential.TestCase
