"""Differential test of the duel: the native ``cardstate.duel.Duel`` (Rust) and the reference
``cardstate.reference.duel.Duel`` (pure Python on the reference kernel), decision for decision.

A Hypothesis state machine starts both from the same decks, seed, turn limit, ``auto_pass`` and
``mulligans`` (the London mulligan, 103.5, on in most examples) and ``assign_damage`` and then
applies the same decisions, drawn among the legal actions (plus, now and then, the same
``add_card`` set-up, ``resample`` or ``clone`` on both). After every step it asserts the same:

- current player, the decision's kind, ``is_terminal``, turn, step, ``history``;
- legal actions (ascending) and each one's ``action_to_string``;
- ``observation_tensor(p)`` for both players (float32-equal);
- kernel state: the native ``d.game`` and the reference kernel through ``conftest.snapshot``
  (the whole observable state of a ``Game``, as tests/test_differential.py compares them);
- the board (``str(d)``), ``to_bytes()`` (the same format), and at the end the returns.

Each duel also reads the other's bytes and replays them (``from_bytes``).

Every card of the built-in pool is in play (the four decks, and ``add_card`` of any pool card).
The ``ci`` profile keeps the examples few and the turn limit small (about a minute in all);
the default profile plays longer games.
"""

from __future__ import annotations

import os
from typing import Any

import hypothesis.strategies as st
import numpy as np
import pytest
from cardstate import cards
from cardstate.cards import Card, CardPool
from cardstate.cards.cardpool import builtin_pool
from cardstate.cards.vocab import ManaAbility
from cardstate.duel import Duel as NativeDuel
from cardstate.reference.duel import Duel as ReferenceDuel
from cardstate.reference.duel.actions import OPPONENT
from conftest import snapshot
from hypothesis import given, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

CI = bool(os.environ.get("CI"))
DECKS = sorted(cards.decks)
POOL = sorted(cards.pool)
SETUP_ZONES = ("hand", "library", "battlefield", "graveyard", "exile")
BAD_ZONES = ("stack", "command", "sideboard")
PRIOR_CARDS = (
    "Forest",
    "Mountain",
    "Lightning Bolt",
    "Grizzly Bears",
    "Serra Angel",
    "Giant Growth",
)


def assert_same(n: NativeDuel, r: ReferenceDuel, where: str) -> None:
    """Everything the duels show is the same (see the module documentation)."""
    assert n.current_player() == r.current_player(), where
    assert n.decision() == r.decision(), where
    assert n.is_terminal() == r.is_terminal(), where
    assert (n.turn(), n.step()) == (r.turn(), r.step()), where
    assert n.history() == r.history(), where
    legal = n.legal_actions()
    assert legal == r.legal_actions(), f"{where}: legal actions\n{n}\n{r}"
    for a in legal:
        assert n.action_to_string(a) == r.action_to_string(a), f"{where}: action {a}"
    for p in (0, 1):
        on, orf = n.observation_tensor(p), r.observation_tensor(p)
        assert on.dtype == orf.dtype == np.float32
        if not np.array_equal(on, orf):
            at = np.flatnonzero(on != orf)[:8].tolist()
            raise AssertionError(f"{where}: observation {p} differs at {at}\n{n}\n{r}")
    sn, sr = snapshot(n.game), snapshot(r.kernel)
    if sn != sr:
        objects = {
            x: {f: (v, sr["objects"].get(x, {}).get(f)) for f, v in o.items()}
            for x, o in sn["objects"].items()
            if o != sr["objects"].get(x)
        }
        raise AssertionError(f"{where}: kernel states differ (native, reference): {objects}\n{n}")
    assert str(n) == str(r), f"{where}: boards differ"
    assert n.to_bytes() == r.to_bytes(), f"{where}: bytes differ"
    if n.is_terminal():
        assert n.returns() == r.returns(), where


class DuelDifferential(RuleBasedStateMachine):
    """The native and the reference duel side by side."""

    @initialize(
        deck0=st.sampled_from(DECKS),
        deck1=st.sampled_from(DECKS),
        seed=st.integers(0, 2**64 - 1),
        turn_limit=st.integers(1, 8 if CI else 40),
        auto_pass=st.booleans(),
        mulligans=st.sampled_from([True, True, False]),
        assign_damage=st.booleans(),
    )
    def start(
        self,
        deck0: str,
        deck1: str,
        seed: int,
        turn_limit: int,
        auto_pass: bool,
        mulligans: bool,
        assign_damage: bool,
    ) -> None:
        args: dict[str, Any] = {
            "seed": seed,
            "turn_limit": turn_limit,
            "auto_pass": auto_pass,
            "mulligans": mulligans,
            "assign_damage": assign_damage,
        }
        self.native = NativeDuel(deck0, deck1, **args)
        self.ref = ReferenceDuel(deck0, deck1, **args)
        self.where = f"Duel({deck0!r}, {deck1!r}, {args})"

    @invariant()
    def the_same(self) -> None:
        assert_same(self.native, self.ref, self.where)

    @precondition(lambda self: not self.native.is_terminal())
    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        """The same decision on both, drawn among the legal actions."""
        legal = self.native.legal_actions()
        a = data.draw(st.sampled_from(legal), label="action")
        words = self.native.action_to_string(a)
        self.native.apply_action(a)
        self.ref.apply_action(a)
        self.where += f" -> {words}"

    @precondition(lambda self: not self.native.is_terminal())
    @rule(data=st.data())
    def several_decisions(self, data: st.DataObject) -> None:
        """A run of decisions chosen by a seeded generator (longer games for the same steps)."""
        import random

        rng = random.Random(data.draw(st.integers(0, 2**32), label="choice seed"))
        for _ in range(data.draw(st.integers(1, 30), label="decisions")):
            if self.native.is_terminal():
                return
            a = rng.choice(self.native.legal_actions())
            self.native.apply_action(a)
            self.ref.apply_action(a)
            self.where += f" -> {a}"
            assert_same(self.native, self.ref, self.where)

    @precondition(lambda self: not self.native.is_terminal())
    @rule(player=st.integers(0, 1), card=st.sampled_from(POOL), zone=st.sampled_from(SETUP_ZONES))
    def add_card(self, player: int, card: str, zone: str) -> None:
        """Scenario set-up: the same card into the same zone of both."""
        a = self.native.add_card(player, card, zone)
        b = self.ref.add_card(player, card, zone)
        assert a == b
        self.where += f" -> add_card({player}, {card!r}, {zone!r})"

    @precondition(lambda self: not self.native.is_terminal())
    @rule(player=st.integers(0, 1))
    def two_legends(self, player: int) -> None:
        """Two Melira, Sylvok Outcast for one player: the legend rule's choice (704.5j) is a
        decision at the next check of state-based actions."""
        for _ in range(2):
            a = self.native.add_card(player, "Melira, Sylvok Outcast", "battlefield")
            b = self.ref.add_card(player, "Melira, Sylvok Outcast", "battlefield")
            assert a == b
        self.where += f" -> two Meliras for player {player}"

    @rule(data=st.data(), zone=st.sampled_from(BAD_ZONES))
    def refused_calls(self, data: st.DataObject, zone: str) -> None:
        """Illegal actions and bad set-up are ValueErrors on both, and change nothing."""
        legal = set(self.native.legal_actions())
        illegal = [a for a in range(self.native.num_distinct_actions()) if a not in legal]
        bad = data.draw(st.sampled_from([*illegal, -1, 10**6]), label="illegal action")
        for d in (self.native, self.ref):
            before = str(d), d.history(), d.legal_actions()
            with pytest.raises(ValueError):
                d.apply_action(bad)
            with pytest.raises(ValueError):
                d.add_card(0, "Forest", zone)
            with pytest.raises(ValueError):
                d.add_card(0, "Black Lotus", "hand")
            assert (str(d), d.history(), d.legal_actions()) == before

    @precondition(lambda self: not self.native.is_terminal())
    @rule(data=st.data())
    def words_name_the_action(self, data: st.DataObject) -> None:
        """``string_to_action`` reads back each implementation's words for a legal action."""
        a = data.draw(st.sampled_from(self.native.legal_actions()), label="action")
        words = self.native.action_to_string(a)
        assert self.native.string_to_action(words) == self.ref.string_to_action(words) == a

    @rule(player=st.integers(0, 1), seed=st.integers(0, 2**64 - 1))
    def resample(self, player: int, seed: int) -> None:
        """Both dealt again what ``player`` can't see, from the same seed."""
        self.native = self.native.resample(player, seed)
        self.ref = self.ref.resample(player, seed)
        self.where += f" -> resample({player}, {seed})"

    @rule(
        player=st.integers(0, 1),
        seed=st.integers(0, 2**64 - 1),
        weights=st.dictionaries(st.sampled_from(PRIOR_CARDS), st.integers(0, 9), min_size=1),
    )
    def resample_from_a_prior(self, player: int, seed: int, weights: dict[str, int]) -> None:
        """Both dealt the opponent's hidden cards from the same prior (Limited's fair
        opponent model), from the same seed."""
        if not any(weights.values()):
            weights[PRIOR_CARDS[0]] = 1
        self.native = self.native.resample(player, seed, prior=weights)
        self.ref = self.ref.resample(player, seed, prior=weights)
        self.where += f" -> resample({player}, {seed}, prior={weights})"

    @rule()
    def bytes_cross_over(self) -> None:
        """Each reads the other's bytes (the same format) and replays them to the same state."""
        b = self.native.to_bytes()
        self.native, self.ref = (
            NativeDuel.from_bytes(self.ref.to_bytes()),
            ReferenceDuel.from_bytes(b),
        )
        self.where += " -> bytes swapped"

    @rule()
    def clone(self) -> None:
        """Play goes on with copies; the originals are left unchanged by it."""
        n, r = self.native, self.ref
        self.native, self.ref = n.clone(), r.clone()
        if not self.native.is_terminal():
            a = self.native.legal_actions()[0]
            self.native.apply_action(a)
            self.ref.apply_action(a)
            self.where += f" -> clone, {a}"
        assert_same(n, r, self.where + " (the originals)")


DuelDifferential.TestCase.settings = settings(
    max_examples=60 if CI else 80, stateful_step_count=20 if CI else 40, deadline=None
)
test_native_duel_matches_the_reference = DuelDifferential.TestCase


def test_both_duels_have_one_schema() -> None:
    """The action space and the observation's layout are the schema's, the same in both."""
    n, r = NativeDuel("infect", "energy"), ReferenceDuel("infect", "energy")
    assert n.num_distinct_actions() == r.num_distinct_actions() == 260
    assert n.observation_features() == r.observation_features()
    assert n.observation_schema() == r.observation_schema()
    assert n.observation_shape() == r.observation_shape()


@settings(max_examples=4 if CI else 25, deadline=None)
@given(
    deck0=st.sampled_from(DECKS),
    deck1=st.sampled_from(DECKS),
    seed=st.integers(0, 2**64 - 1),
    choices=st.integers(0, 2**32),
)
def test_whole_games_match(deck0: str, deck1: str, seed: int, choices: int) -> None:
    """Complete games under the default turn limit, decisions from a seeded generator."""
    import random

    n, r = NativeDuel(deck0, deck1, seed=seed), ReferenceDuel(deck0, deck1, seed=seed)
    rng = random.Random(choices)
    where = f"Duel({deck0!r}, {deck1!r}, seed={seed}), choices {choices}"
    assert_same(n, r, where)
    while not n.is_terminal():
        a = rng.choice(n.legal_actions())
        n.apply_action(a)
        r.apply_action(a)
        assert_same(n, r, f"{where}, decision {len(n.history())}")
    assert n.returns() == r.returns()


CREATURES = ("Grizzly Bears", "Serra Angel", "Giant Spider", "Vampire Nighthawk", "Plague Stinger")


@settings(max_examples=4 if CI else 20, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    choices=st.integers(0, 2**32),
    fogs=st.integers(2, 3),
    mine=st.lists(st.sampled_from(CREATURES), max_size=3),
    theirs=st.lists(st.sampled_from(CREATURES), max_size=3),
)
def test_the_order_of_effects_on_combat_damage_matches_616_1(
    seed: int, choices: int, fogs: int, mine: list[str], theirs: list[str]
) -> None:
    """616.1 in the duel: two or three Fogs cast in the declare blockers step, every creature
    attacking and none blocking, the order decisions before combat damage (one per effect but
    the last) drawn at random, then random play, on both duels, decision for decision."""
    import random

    rng = random.Random(choices)
    n = NativeDuel("evergreen", "evergreen", seed=seed, auto_pass=False, mulligans=False)
    r = ReferenceDuel("evergreen", "evergreen", seed=seed, auto_pass=False, mulligans=False)
    a = n.active_player()
    ordered = 0

    def step(x: int) -> None:
        nonlocal ordered
        ordered += n.action_to_string(x).startswith("apply ")
        n.apply_action(x)
        r.apply_action(x)
        assert_same(n, r, f"seed {seed}, choices {choices}, decision {len(n.history())}")

    while n.step() != "main1":
        step(0)
    for d in (n, r):
        d.add_card(a, "Grizzly Bears", "battlefield")
        for name in mine:
            d.add_card(a, name, "battlefield")
        for name in theirs:
            d.add_card(1 - a, name, "battlefield")
        for _ in range(fogs):
            d.add_card(1 - a, "Forest", "battlefield")
            d.add_card(1 - a, "Fog", "hand")
    assert_same(n, r, "set-up")
    while n.step() != "combat damage":
        legal = n.legal_actions()
        words = [n.action_to_string(x) for x in legal]
        fog = [x for x, w in zip(legal, words, strict=True) if w.startswith("cast Fog")]
        if n.step() == "declare blockers" and fog:
            step(fog[0])
        elif words[0].startswith("no attack with"):
            step(OPPONENT)  # everything attacks
        else:
            step(legal[0])  # pass, no block
    assert len(n.game.replacement_effects()) == fogs
    while n.step() == "combat damage" and n.decision() == "option":
        # mid-decision bytes replay on both (the choices so far are in the kernel's order)
        again = NativeDuel.from_bytes(n.to_bytes())
        assert again.legal_actions() == n.legal_actions() and again.hash() == n.hash()
        assert_same(again, ReferenceDuel.from_bytes(r.to_bytes()), "bytes mid-decision")
        step(rng.choice(n.legal_actions()))
    assert ordered == fogs - 1, "one decision per Fog but the last"
    assert n.game.life(1 - a) == 20
    for _ in range(60):
        if n.is_terminal():
            break
        step(rng.choice(n.legal_actions()))


COUNTER_EFFECTS = ("Hardened Scales", "Corpsejack Menace", "Winding Constrictor")


@settings(max_examples=4 if CI else 20, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    choices=st.integers(0, 2**32),
    effects=st.lists(st.sampled_from(COUNTER_EFFECTS), min_size=2, max_size=4),
    x=st.integers(1, 2),
    activations=st.integers(1, 2),
)
def test_the_order_of_effects_during_a_resolution_matches_616_1(
    seed: int, choices: int, effects: list[str], x: int, activations: int
) -> None:
    """616.1 in the middle of a resolution: two to four of Hardened Scales, Corpsejack Menace
    and Winding Constrictor on the battlefield, a Walking Ballista cast (its "enters with"
    counters in the kernel's order) and its "{4}: Put a +1/+1 counter" activated: as each
    activation resolves, its controller orders the effects (one decision per effect but the
    last, drawn at random), on both duels, decision for decision, then random play. Each
    activation puts what the chosen order makes of one counter."""
    import random

    rng = random.Random(choices)
    n = NativeDuel("evergreen", "evergreen", seed=seed, auto_pass=False, mulligans=False)
    r = ReferenceDuel("evergreen", "evergreen", seed=seed, auto_pass=False, mulligans=False)
    a = n.active_player()

    def step(act: int) -> None:
        n.apply_action(act)
        r.apply_action(act)
        assert_same(n, r, f"seed {seed}, choices {choices}, decision {len(n.history())}")

    def by_words(prefix: str) -> int:
        legal = n.legal_actions()
        return next(x for x in legal if n.action_to_string(x).startswith(prefix))

    while n.step() != "main1":
        step(0)
    for d in (n, r):
        for name in effects:
            d.add_card(a, name, "battlefield")
        for _ in range(2 * x + 4 * activations):
            d.add_card(a, "Forest", "battlefield")
        d.add_card(a, "Walking Ballista", "hand")
    assert_same(n, r, "set-up")
    step(by_words("cast Walking Ballista"))
    step(by_words(f"choose {x}"))

    def ballistas() -> list[int]:
        return [b for b in n.battlefield(a) if n.game.name(b) == "Walking Ballista"]

    while not ballistas():
        step(0)  # both pass: the Ballista resolves
    [ballista] = ballistas()
    rows = {e["id"]: e for e in n.game.replacement_effects()}
    for _ in range(activations):
        before = n.game.count(ballista, "+1/+1")
        step(by_words(f"activate Walking Ballista ({ballista}) ability 0"))
        order: list[int] = []
        while n.game.count(ballista, "+1/+1") == before:
            legal = n.legal_actions()
            words = [n.action_to_string(x) for x in legal]
            if not words[0].startswith("apply "):
                step(0)
                continue
            again = NativeDuel.from_bytes(n.to_bytes())
            assert again.legal_actions() == legal and again.hash() == n.hash()
            assert_same(again, ReferenceDuel.from_bytes(r.to_bytes()), "bytes mid-decision")
            k = rng.randrange(len(legal))
            ids = [int(w.split("replacement effect ")[1].split(")")[0]) for w in words]
            order.append(ids[k])
            if len(ids) == 2:
                order.append(ids[1 - k])
            step(legal[k])
        put = 1
        for eid in order:
            e = rows[eid]
            put = put * e["amount"] if e["effect"] == "counters_times" else put + e["amount"]
        assert len(order) == len(effects), "every effect on the Ballista is ordered"
        assert n.game.count(ballista, "+1/+1") == before + put
    for _ in range(60):
        if n.is_terminal():
            break
        step(rng.choice(n.legal_actions()))


def _dual(name: str, a: str, b: str) -> cards.Card:
    """A land with two mana abilities: a source of either colour (no card of the built-in pool
    is one)."""
    return cards.Card(
        name=name,
        types=("land",),
        oracle=f"{{T}}: Add {{{a}}}.\n{{T}}: Add {{{b}}}.",
        abilities=(ManaAbility(a), ManaAbility(b)),
    )


DUALS = cards.CardPool(
    [_dual("Test Tundra", "W", "U"), _dual("Test Bayou", "B", "G")], {}, name="test duals"
)
SOURCES = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Test Tundra", "Test Bayou")
SPELLS = (
    "Tezzeret's Gambit",  # {3}{U/P}
    "Boggart Ram-Gang",  # {R/G}{R/G}{R/G}
    "Corpsejack Menace",  # {2}{B}{G}
    "Death Baron",  # {1}{B}{B}
    "Serra Angel",  # {3}{W}{W}
    "Walking Ballista",  # {X}{X}
    "Glistener Elf",  # {G}
)


@settings(max_examples=6 if CI else 40, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    sources=st.lists(st.sampled_from(SOURCES), min_size=2, max_size=7),
    spells=st.lists(st.sampled_from(SPELLS), min_size=1, max_size=3),
    choices=st.integers(0, 2**32),
)
def test_payment_matches_107_4e_107_4f_601_2g_h(
    seed: int, sources: list[str], spells: list[str], choices: int
) -> None:
    """Exact payment on both duels: boards of one-colour and dual sources (a run-time pool's
    lands), spells with hybrid (107.4e), Phyrexian (107.4f) and X symbols; the same spells
    offered (601.2g-h: whenever some assignment pays), the same sources tapped and the same
    life paid, decision for decision."""
    import random

    rng = random.Random(choices)
    pool = DUALS | cards.pool
    args: dict[str, Any] = {"pool": pool, "seed": seed, "auto_pass": False, "mulligans": False}
    n = NativeDuel("evergreen", "evergreen", **args)
    r = ReferenceDuel("evergreen", "evergreen", **args)
    a = n.active_player()
    where = f"seed {seed}, {sources}, {spells}, choices {choices}"

    def step(x: int) -> None:
        n.apply_action(x)
        r.apply_action(x)
        assert_same(n, r, f"{where}, decision {len(n.history())}")

    while n.step() != "main1":
        step(0)
    for d in (n, r):
        for name in sources:
            d.add_card(a, name, "battlefield")
        for name in spells:
            d.add_card(a, name, "hand")
    assert_same(n, r, "set-up")
    for _ in range(20):
        if n.is_terminal() or n.active_player() != a:
            break
        legal = n.legal_actions()
        acts = [x for x in legal if x != 0]
        step(rng.choice(acts) if acts and rng.random() < 0.9 else rng.choice(legal))


COMBATANTS = builtin_pool("core") | CardPool(
    [
        Card(name="Test Walker", types=("planeswalker",), cost="{2}{G}", loyalty=3),
        Card(
            name="Test Brute",
            types=("creature",),
            cost="{G}",
            power=3,
            toughness=3,
            keywords={"menace": 1},
        ),
        Card(
            name="Test Rhino",
            types=("creature",),
            cost="{G}",
            power=4,
            toughness=4,
            keywords={"trample": 1},
        ),
        Card(
            name="Test Viper",
            types=("creature",),
            cost="{G}",
            power=3,
            toughness=1,
            keywords={"trample": 1, "deathtouch": 1},
        ),
        Card(
            name="Test Lancer",
            types=("creature",),
            cost="{G}",
            power=3,
            toughness=3,
            keywords={"first strike": 1},
        ),
        # 508.1d, 509.1a-b: combat's requirement and restrictions, kept as keywords.
        Card(
            name="Test Juggernaut",
            types=("creature",),
            cost="{G}",
            power=5,
            toughness=3,
            keywords={"attacks each combat if able": 1, "can't be blocked by walls": 1},
        ),
        Card(
            name="Test Wall",
            types=("creature",),
            subtypes=("Wall",),
            cost="{G}",
            power=0,
            toughness=5,
            keywords={"defender": 1},
        ),
        Card(
            name="Test Recluse",
            types=("creature",),
            cost="{G}",
            power=2,
            toughness=2,
            keywords={"can't block": 1},
        ),
        Card(
            name="Test Rogue",
            types=("creature",),
            cost="{G}",
            power=1,
            toughness=1,
            keywords={"can't be blocked": 1},
        ),
    ],
    name="combatants",
)
FIGHTERS = (
    "Grizzly Bears",
    "Serra Angel",
    "Giant Spider",
    "Vampire Nighthawk",
    "Boggart Ram-Gang",
    "Test Brute",
    "Test Rhino",
    "Test Viper",
    "Test Lancer",
    "Test Juggernaut",
    "Test Wall",
    "Test Recluse",
    "Test Rogue",
)


@settings(max_examples=6 if CI else 30, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    choices=st.integers(0, 2**32),
    assign_damage=st.booleans(),
    mine=st.lists(st.sampled_from(FIGHTERS), min_size=1, max_size=4),
    theirs=st.lists(st.sampled_from(FIGHTERS), max_size=4),
    walkers=st.integers(0, 2),
)
def test_combat_matches_with_divisions_planeswalkers_and_menace(
    seed: int,
    choices: int,
    assign_damage: bool,
    mine: list[str],
    theirs: list[str],
    walkers: int,
) -> None:
    """506.3/508.1b, 508.1d, 509.1a-c with menace, 510.1c and 702.19b on both duels, decision
    for decision: creatures on both sides (tramplers, deathtouch, first strike, menace, combat's
    restrictions and requirement) and
    planeswalkers, random attacks (the player or a planeswalker), blocks and divisions of
    combat damage over a few turns, the bytes read across mid-game."""
    import random

    rng = random.Random(choices)
    args: dict[str, Any] = {
        "pool": COMBATANTS,
        "seed": seed,
        "auto_pass": False,
        "mulligans": False,
    }
    n = NativeDuel("evergreen", "evergreen", assign_damage=assign_damage, **args)
    r = ReferenceDuel("evergreen", "evergreen", assign_damage=assign_damage, **args)
    a = n.active_player()
    while n.step() != "main1":
        n.apply_action(0)
        r.apply_action(0)
    for d in (n, r):
        for name in mine:
            d.add_card(a, name, "battlefield")
        for name in theirs:
            d.add_card(1 - a, name, "battlefield")
        for p in (a, 1 - a):
            for _ in range(walkers):
                d.add_card(p, "Test Walker", "battlefield")
    where = f"seed {seed}, choices {choices}"
    assert_same(n, r, where)
    for _ in range(150):
        if n.is_terminal():
            break
        legal = n.legal_actions()
        a_ = rng.choice(legal)
        n.apply_action(a_)
        r.apply_action(a_)
        assert_same(n, r, f"{where}, decision {len(n.history())}")
        if n.decision() == "assign_damage" and rng.random() < 0.3:
            b = n.to_bytes()
            again = NativeDuel.from_bytes(r.to_bytes(), pool=COMBATANTS)
            assert_same(again, ReferenceDuel.from_bytes(b, pool=COMBATANTS), "bytes mid-division")
