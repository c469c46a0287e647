"""The Rust card runtime and the reference interpreter agree (docs/CARDS.md).

Hypothesis builds random boards (pool cards for both players, counters on players and
permanents, energy, objects already gone), picks a random ability of a random pool card with
random targets (legal, illegal, gone) and a random X, answers every choice from one random
script, and runs it on ``cardstate.Game`` and ``cardstate.reference.Game`` side by side: the
outcomes, the requests along the way, the errors, the whole state and the events are equal.
Triggers fired by random events are compared the same way.
"""

from __future__ import annotations

import cardstate
import cardstate.reference
from cardstate import cards
from cardstate.cards import pool
from cardstate.cards import vocab as v  # noqa: E402
from conftest import event_tuples, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

YOURS = v.Filter(types=("creature",), controller="you")
THEIRS = v.Filter(types=("creature",), controller="opponent")
GRAVEYARD_CREATURE = v.Filter(types=("creature",), zone="graveyard")
SPELL_ON_STACK = v.Filter(types=("instant", "sorcery", "creature"), zone="stack")
# Cards that use the parts of the vocabulary the built-in pool doesn't.
EXTRA = cards.CardPool(
    [
        v.Card(name="Test Bear", types=("creature",), cost="{1}{G}", power=2, toughness=2),
        v.Card(
            name="Test Drain",
            types=("sorcery",),
            cost="{B}",
            abilities=(
                v.Spell(
                    v.Seq(
                        v.LoseLife(v.EACH_OPPONENT, 2),
                        v.GainLife(v.YOU, v.Count(v.Each(YOURS))),
                        v.RemoveCounters(v.Each(v.Filter(types=("creature",))), "+1/+1", 1),
                    )
                ),
            ),
        ),
        v.Card(
            name="Test Pox",
            types=("instant",),
            cost="{B}",
            abilities=(
                v.Spell(
                    v.If(
                        v.AtLeast(v.CountersOn(v.Target(0), "-1/-1"), 1),
                        v.Destroy(v.Target(0)),
                        v.PutCounters(v.Target(0), "-1/-1", v.X),
                    ),
                    (v.TargetSpec(v.CREATURE),),
                ),
            ),
        ),
        v.Card(
            name="Test Tokens",
            types=("sorcery",),
            cost="{G}",
            abilities=(v.Spell(v.CreateToken("Test Bear", v.X)),),
        ),
        v.Card(
            name="Test Negate",
            types=("instant",),
            cost="{U}",
            abilities=(v.Spell(v.CounterSpell(v.Target(0)), (v.TargetSpec(SPELL_ON_STACK),)),),
        ),
        v.Card(
            name="Test Tapper",
            types=("creature",),
            cost="{W}",
            power=1,
            toughness=1,
            abilities=(
                v.Triggered(
                    "enters",
                    v.Seq(v.Tap(v.Target(0)), v.Untap(v.THIS)),
                    targets=(v.TargetSpec(v.Filter(types=("creature",), other=True)),),
                    may=True,
                    condition=v.AtLeast(v.Count(v.Each(THEIRS)), 1),
                ),
                v.Triggered("dies", v.Seq(v.GainLife(v.YOU, 1), v.Draw(v.YOU, 1))),
                v.Triggered("upkeep", v.LoseLife(v.YOU, 1)),
                v.Triggered("you_proliferate", v.GetEnergy(1)),
                v.Triggered("counters_put", v.May(v.Proliferate())),
                v.Triggered("you_gain_life", v.PutCounters(v.THIS, "+1/+1")),
                v.Triggered(
                    "beginning_of_combat",
                    v.LoseLife(v.EACH_OPPONENT, 1),
                    condition=v.AtLeast(v.Count(v.Each(THEIRS)), 1),
                ),
                v.Triggered(
                    "end_step",
                    v.If(
                        v.AtLeast(v.CREATURES_DIED_THIS_TURN, 1),
                        v.GainLife(v.YOU, 2),
                        v.GainLife(v.YOU, 1),
                    ),
                ),
            ),
        ),
        v.Card(
            name="Test Surge",
            types=("artifact",),
            cost="{X}",
            abilities=(
                v.Activated(
                    v.Cost(mana="{X}", sacrifice=True),
                    v.Seq(
                        v.DealDamage(v.EACH_OPPONENT, v.X),
                        v.PutCounters(v.Each(YOURS), "+1/+1", v.X),
                        v.Pump(v.Each(THEIRS), 0, v.X),
                        v.Regenerate(v.Each(YOURS)),
                    ),
                ),
            ),
        ),
        v.Card(
            name="Test Twister",
            types=("instant",),
            cost="{U}",
            abilities=(
                v.Spell(
                    v.Seq(v.SwitchPowerToughness(v.Target(0)), v.Draw(v.YOU, 1)),
                    (v.TargetSpec(v.CREATURE),),
                ),
            ),
        ),
        # Fights and bites (701.14), zone changes by effect (400.7) and a mana value filter.
        v.Card(
            name="Test Brawl",
            types=("instant",),
            cost="{G}",
            abilities=(
                v.Spell(
                    v.Seq(v.Fight(v.Target(0), v.Target(1)), v.Bite(v.Target(1), v.Each(THEIRS))),
                    (v.TargetSpec(v.CREATURE), v.TargetSpec(v.CREATURE)),
                ),
            ),
        ),
        v.Card(
            name="Test Loot",
            types=("sorcery",),
            cost="{U}",
            abilities=(
                v.Spell(
                    v.Seq(
                        v.Draw(v.YOU, v.X),
                        v.Discard(v.YOU, 2),
                        v.Discard(v.EACH_OPPONENT, v.X),
                    )
                ),
            ),
        ),
        # The library's operations: mill (701.17), search (701.23), scry (701.22), surveil
        # (701.25); a permanent into its owner's library, on the bottom or its owner's choice
        # of top or bottom (401.4).
        v.Card(
            name="Test Library",
            types=("sorcery",),
            cost="{B}",
            abilities=(
                v.Spell(
                    v.Seq(
                        v.Mill(v.EACH_OPPONENT, v.X),
                        v.Search(("land",), ("basic",), to="battlefield", tapped=True),
                        v.Surveil(2),
                        v.Scry(v.X),
                        v.Search(),
                        v.PutOnTopOrBottom(v.Each(v.Filter(types=("creature",)))),
                        v.PutOnLibraryBottom(v.Each(v.Filter(types=("artifact",)))),
                    )
                ),
            ),
        ),
        v.Card(
            name="Test Purge",
            types=("instant",),
            cost="{W}",
            abilities=(
                v.Spell(
                    v.Seq(
                        v.If(
                            v.AtLeast(
                                v.Count(v.Matching(v.GraveyardOf(v.Target(0)), GRAVEYARD_CREATURE)),
                                1,
                            ),
                            v.Draw(v.YOU, 1),
                        ),
                        v.Exile(v.GraveyardOf(v.Target(0))),
                    ),
                    (v.TargetSpec(v.Filter(players=True, objects=False)),),
                ),
            ),
        ),
        v.Card(
            name="Test Recall",
            types=("sorcery",),
            cost="{U}",
            abilities=(
                v.Spell(
                    v.Seq(
                        v.ReturnToHand(v.Target(0)),
                        v.Exile(v.Target(1)),
                        v.ReturnToBattlefield(
                            v.Each(v.Filter(zone="graveyard", mana_value_at_most=1))
                        ),
                    ),
                    (v.TargetSpec(v.Filter()), v.TargetSpec(v.Filter(zone="graveyard"))),
                ),
            ),
        ),
        # Static abilities granting keywords (layer 6; a valued one) beside a pump and a loss.
        v.Card(
            name="Test Lord",
            types=("creature",),
            cost="{2}",
            power=1,
            toughness=1,
            abilities=(
                v.Static(
                    v.Filter(types=("creature",), controller="you", other=True),
                    power=1,
                    gains={"toxic": 2, "lifelink": 1},
                ),
                v.Static(THEIRS, gains=("flying",), loses=("infect",)),
            ),
        ),
        # A lord by creature type (205.3): a union of filters, each its own "other".
        v.Card(
            name="Test Tribal Lord",
            types=("creature",),
            subtypes=("Zombie", "Elf"),
            cost="{3}",
            power=2,
            toughness=3,
            abilities=(
                v.Static(
                    (
                        v.Filter(
                            types=("creature",), subtypes=("Bear", "Elf"), controller="opponent"
                        ),
                        v.Filter(subtypes=("Zombie",), other=True),
                    ),
                    power=1,
                    toughness=-1,
                    gains=("deathtouch",),
                ),
            ),
        ),
    ]
)
POOLS = {"built-in": pool, "extra": EXTRA}
NAMES = sorted(pool)
RESOLVABLE = [
    (name, i)
    for name in NAMES
    for i, a in enumerate(pool[name].data["abilities"])
    if a["kind"] in ("spell", "triggered", "activated")
]
COUNTER_KINDS = ("+1/+1", "-1/-1", "poison", "energy", "shield", "charge")


def resolvable(p) -> list[tuple[str, int]]:
    return [
        (name, i)
        for name in sorted(p)
        for i, a in enumerate(p[name].data["abilities"])
        if a["kind"] in ("spell", "triggered", "activated")
    ]


@st.composite
def boards(draw, names=NAMES):
    """A list of set-up steps, applied identically to both games."""
    steps = []
    for _ in range(draw(st.integers(0, 8))):
        steps.append(
            (
                "place",
                draw(st.sampled_from(names)),
                draw(st.integers(0, 1)),
                draw(
                    st.sampled_from(
                        ("battlefield", "battlefield", "library", "stack", "graveyard", "hand")
                    )
                ),
                draw(st.integers(0, 3)),
            )
        )
    for _ in range(draw(st.integers(0, 6))):
        steps.append(
            (
                "counters",
                draw(st.integers(0, 12)),
                draw(st.sampled_from(COUNTER_KINDS)),
                draw(st.integers(1, 3)),
            )
        )
    for _ in range(draw(st.integers(0, 2))):
        steps.append(("gone", draw(st.integers(2, 12))))
    return steps


def set_up(g, steps, p=pool):
    for step in steps:
        try:
            if step[0] == "place":
                _, name, player, zone, x = step
                cards.place(g, name, player, zone, x=x, pool=p)
            elif step[0] == "counters":
                _, eid, kind, n = step
                g.add_counters(eid, kind, n)
            else:
                g.move(step[1], "graveyard")
        except (KeyError, ValueError, cardstate.CardstateError):
            pass
    g.take_events()


def play(g, name, ability, targets, source, x, script, p=pool):
    """Resolve, answering from ``script``; the trace of requests and the outcome or error."""
    trace = []
    answers = iter(script)
    try:
        r = cards.Resolution(g, name, 0, targets, ability=ability, source=source, x=x, pool=p)
        while True:
            step = r.run()
            trace.append(step)
            if isinstance(step, cards.Outcome):
                break
            pick = next(answers, 0)
            if step.kind in ("may", "top_or_bottom"):
                r.answer(bool(pick & 1))
            elif step.kind == "amount":
                r.answer(step.min + pick % (step.max - step.min + 1))
            elif step.kind in ("discard", "sacrifice"):
                k = pick % len(step.candidates)
                r.answer(list(step.candidates[k:] + step.candidates[:k])[: step.min])
            elif step.kind == "search":  # a card, or none where it may (701.23b)
                found = list(step.candidates) + ([None] if step.min == 0 else [])
                r.answer(found[pick % len(found)])
            else:
                chosen = [c for k, c in enumerate(step.candidates) if pick >> k & 1]
                if g.ruleset == "mtg-2010":  # old 701.23a: one kind per chosen candidate
                    kinds = {c: sorted(g.counters(c)) for c in chosen}
                    r.answer({c: ks[pick % len(ks)] for c, ks in kinds.items() if ks})
                else:
                    r.answer(chosen)
    except Exception as e:  # noqa: BLE001 - the same error on both sides is the point
        trace.append(type(e).__name__)
    return trace


@settings(max_examples=300)
@given(
    board=boards(),
    pick=st.sampled_from(RESOLVABLE),
    targets=st.lists(st.integers(0, 14), max_size=2),
    source=st.one_of(st.none(), st.integers(2, 14)),
    x=st.integers(0, 3),
    script=st.lists(st.integers(0, 255), max_size=4),
    ruleset=st.sampled_from(("mtg", "mtg", "mtg-2010")),
)
def test_native_runtime_matches_the_reference_interpreter(
    board, pick, targets, source, x, script, ruleset
):
    name, ability = pick
    wanted = sum(t["count"] for t in pool[name].data["abilities"][ability]["targets"])
    targets = (targets + [0, 1])[:wanted]
    results = []
    for cls in (cardstate.Game, cardstate.reference.Game):
        g = cls(players=2, ruleset=ruleset)
        set_up(g, board)
        trace = play(g, name, ability, targets, source, x, script)
        results.append((trace, snapshot(g), event_tuples(g.take_events())))
    assert results[0] == results[1]


EVENT_KINDS = (
    "attacks",
    "becomes_blocked",
    "cast",
    "becomes_target",
    "upkeep",
    "proliferated",
    "gained_life",
    "beginning_of_combat",
    "end_step",
)


@settings(max_examples=200)
@given(
    board=boards(),
    events=st.lists(
        st.tuples(
            st.sampled_from(EVENT_KINDS), st.integers(0, 12), st.integers(0, 1), st.booleans()
        ),
        max_size=4,
    ),
    kernel=st.lists(st.tuples(st.integers(2, 12), st.integers(0, 12), st.booleans()), max_size=3),
)
def test_fired_triggers_match(board, events, kernel):
    results = []
    for cls in (cardstate.Game, cardstate.reference.Game):
        g = cls(players=2)
        set_up(g, board)
        for src, target, combat in kernel:  # damage and deaths: kernel events
            try:
                g.deal_damage(src, target, 1, combat=combat)
            except (KeyError, ValueError, cardstate.CardstateError):
                pass
        g.check_state_based_actions()
        evs = list(g.take_events())
        evs += [cards.GameEvent(k, a, b, 0, f) for k, a, b, f in events]
        results.append((cards.fired(g, evs), snapshot(g)))
    assert results[0] == results[1]


SPELLS = [n for n in NAMES if any(a["kind"] == "spell" for a in pool[n].data["abilities"])]


@settings(max_examples=100)
@given(
    board=boards(),
    name=st.sampled_from(SPELLS),
    targets=st.lists(st.integers(0, 14), max_size=1),
    may=st.booleans(),
    proliferate=st.sampled_from(("all", "none")),
    ruleset=st.sampled_from(("mtg", "mtg-2010")),
)
def test_one_call_resolution_matches(board, name, targets, may, proliferate, ruleset):
    """``CardDb.resolve`` (the whole resolution in Rust) and the reference ``resolve_with``."""
    from cardstate.reference import cards as ref_cards

    wanted = sum(t["count"] for a in pool[name].data["abilities"] for t in a["targets"])
    targets = (targets + [1])[:wanted]
    results = []
    for native in (True, False):
        g = (cardstate.Game if native else cardstate.reference.Game)(players=2, ruleset=ruleset)
        set_up(g, board)
        source = cards.place(g, name, 0, "stack")
        try:
            if native:
                out = pool.native.resolve(
                    g, name, 0, targets, source=source, may=may, proliferate=proliferate
                )
            else:
                out = ref_cards.resolve_with(
                    pool.data, g, name, 0, targets, source=source, may=may, proliferate=proliferate
                )
        except Exception as e:  # noqa: BLE001 - the same error on both sides is the point
            out = type(e).__name__
        results.append((out, snapshot(g), event_tuples(g.take_events())))
    assert results[0] == results[1]


ACTIVATED = [(n, i) for n, i in RESOLVABLE if pool[n].data["abilities"][i]["kind"] == "activated"]


@settings(max_examples=100)
@given(
    board=boards(),
    pick=st.sampled_from(ACTIVATED),
    source=st.integers(0, 14),
    controller=st.integers(0, 2),
)
def test_paying_costs_matches(board, pick, source, controller):
    """``pay_costs`` (all or nothing) agrees between the runtimes."""
    name, ability = pick
    results = []
    for cls in (cardstate.Game, cardstate.reference.Game):
        g = cls(players=2)
        set_up(g, board)
        try:
            cards.pay_costs(g, name, ability, source, controller)
            out = "paid"
        except Exception as e:  # noqa: BLE001 - the same error on both sides is the point
            out = type(e).__name__
        results.append((out, snapshot(g), event_tuples(g.take_events())))
    assert results[0] == results[1]


@settings(max_examples=300)
@given(
    board=boards(sorted(EXTRA)),
    pick=st.sampled_from(resolvable(EXTRA)),
    targets=st.lists(st.integers(0, 9), min_size=2, max_size=2),
    source=st.one_of(st.none(), st.integers(2, 14)),
    x=st.integers(0, 3),
    script=st.lists(st.integers(0, 255), max_size=4),
    events=st.lists(
        st.tuples(
            st.sampled_from(EVENT_KINDS), st.integers(0, 12), st.integers(0, 1), st.booleans()
        ),
        max_size=3,
    ),
)
def test_the_rest_of_the_vocabulary_matches(board, pick, targets, source, x, script, events):
    """The same comparison over cards using what the built-in pool doesn't (conditions,
    counts, each-selectors, tokens, countering, tapping, regeneration, sacrifice costs,
    intervening "if", dies/upkeep/proliferate/counters-put/gain-life/beginning-of-combat
    triggers)."""
    name, ability = pick
    wanted = sum(t["count"] for t in EXTRA[name].data["abilities"][ability]["targets"])
    targets = (targets + [0, 1])[:wanted]
    results = []
    for cls in (cardstate.Game, cardstate.reference.Game):
        g = cls(players=2)
        set_up(g, board, EXTRA)
        trace = play(g, name, ability, targets, source, x, script, EXTRA)
        g.check_state_based_actions()
        evs = list(g.take_events())
        fired = cards.fired(
            g, evs + [cards.GameEvent(k, a, b, 0, f) for k, a, b, f in events], pool=EXTRA
        )
        results.append((trace, fired, snapshot(g), event_tuples(evs)))
    assert results[0] == results[1]


# ------------------------------------------------------------------------------------------------
# Berserk cards (docs/CARDS.md, "Berserk cards"): the built-in Berserk pool and cards using every
# Berserk effect and ability, on "berserk" games.

B_CREATURE = v.Filter(types=("creature",))
B_THEIRS = v.Filter(types=("creature",), controller="opponent")
BERSERK_EXTRA = cards.CardPool(
    [
        v.BerserkCard(
            name="Тест: перемены",
            types=("spell",),
            cost="1+X",
            abilities=(
                v.Spell(
                    v.Seq(
                        v.StrengthBecomes(v.Target(0), v.X),
                        v.LivesBecome(v.Target(1), v.CostOf(v.Target(0))),
                        v.Heal(v.Each(B_CREATURE), v.CountersOn(v.Target(0), "wound")),
                        v.RemoveEffects(v.Target(1)),
                    ),
                    (v.TargetSpec(B_CREATURE), v.TargetSpec(B_CREATURE)),
                ),
            ),
        ),
        v.BerserkCard(
            name="Тест: власть",
            types=("spell",),
            cost=2,
            abilities=(
                v.Spell(
                    v.Seq(
                        v.GainControl(v.Target(0)),
                        v.If(
                            v.AtLeast(v.CountersOn(v.Target(0), "wound"), 1),
                            v.BecomeType(v.Target(0), ("artifact",), ("Голем",)),
                            v.BecomeType(v.Target(0), ("creature", "artifact")),
                        ),
                        v.BecomeElite(v.Target(0), True),
                        v.May(
                            v.GainFlying(v.Each(v.Filter(types=("creature",), controller="you")))
                        ),
                        v.LoseFlying(v.Each(B_THEIRS)),
                    ),
                    (v.TargetSpec(v.Filter()),),
                ),
            ),
        ),
        v.BerserkCard(
            name="Тест: прозрение",
            types=("spell",),
            abilities=(
                v.Spell(
                    v.Seq(
                        v.DealDamage(v.Each(B_THEIRS), v.CostOf(v.TOP_OF_LIBRARY)),
                        v.DrawCheaper(v.X, less=2),
                        v.DrawCheaper(1, less=0, who=v.EACH_OPPONENT),
                    )
                ),
            ),
        ),
        v.BerserkCard(
            name="Тест: уязвимый",
            types=("creature",),
            cost=3,
            subtypes=("Гном",),
            strength=(1, 3, 5),
            lives=4,
            flying=True,
            keywords=("уязвимость",),
            abilities=(
                v.CostModifier(1, types=("spell",), controller="opponent"),
                v.CostModifier(-2, subtypes=("Гном", "Наемник"), controller=None),
                v.HaveKeyword(v.Filter(types=("creature",), controller="you"), "уязвимость"),
                v.Triggered("wounded", v.PutCounters(v.THIS, "+1 strength", 1)),
                v.Triggered(
                    "healed",
                    v.LivesBecome(v.TRIGGERING, 2),
                    subject=v.Filter(types=("creature",), other=True),
                ),
                v.Activated(v.Cost(tap=True), v.Heal(v.Target(0), 1), (v.TargetSpec(B_CREATURE),)),
            ),
        ),
        v.BerserkCard(name="Тест: местность", types=("terrain",), cost=1, elite=True),
        v.BerserkCard(name="Тест: герой", types=("hero",), lives=20),
    ],
    name="berserk extra",
)
BPOOL = cards.pools["berserk"] | BERSERK_EXTRA
B_NAMES = sorted(BPOOL)
B_CREATURES = [n for n in B_NAMES if "creature" in BPOOL[n].data["types"]]
B_KINDS = ("wound", "+1 strength", "-1 strength", "extra life", "negative life")


@st.composite
def berserk_boards(draw):
    """Set-up steps of a Berserk board: cards of ``BPOOL`` in play, in hand, in the library and
    on the stack, wounds and effects, and objects already gone."""
    # Creatures of both players in play first (ids 2-5): the targets mostly hit something.
    steps = [
        ("place", draw(st.sampled_from(B_CREATURES)), p, "battlefield", 0) for p in (0, 1, 0, 1)
    ]
    for _ in range(draw(st.integers(0, 6))):
        zone = draw(
            st.sampled_from(
                ("battlefield", "battlefield", "battlefield", "hand", "library", "stack")
            )
        )
        steps.append(("place", draw(st.sampled_from(B_NAMES)), draw(st.integers(0, 1)), zone, 0))
    for _ in range(draw(st.integers(0, 6))):
        steps.append(
            (
                "counters",
                draw(st.integers(2, 12)),
                draw(st.sampled_from(B_KINDS)),
                draw(st.integers(1, 3)),
            )
        )
    for _ in range(draw(st.integers(0, 2))):
        steps.append(("gone", draw(st.integers(2, 12))))
    return steps


def berserk_reads(g):
    """The strike values of every object, as the card layer reads them."""
    out = []
    for x in range(len(g.players), 40):
        try:
            out.append(cards.strikes(g, x, pool=BPOOL))
        except (KeyError, ValueError) as e:
            out.append(type(e).__name__)
    return out


@settings(max_examples=300, deadline=None)
@given(
    board=berserk_boards(),
    pick=st.sampled_from(resolvable(BPOOL)),
    targets=st.lists(st.integers(1, 9), min_size=2, max_size=2, unique=True),
    source=st.one_of(st.none(), st.integers(2, 14)),
    x=st.integers(0, 3),
    script=st.lists(st.integers(0, 255), max_size=4),
    kernel=st.lists(
        st.tuples(
            st.sampled_from(("damage", "heal", "lives")), st.integers(2, 12), st.integers(0, 12)
        ),
        max_size=3,
    ),
)
def test_berserk_cards_match(board, pick, targets, source, x, script, kernel):
    """The Rust runtime and the reference interpreter agree on Berserk cards: every Berserk
    effect and ability, resolved on a random "berserk" board with random targets, X and
    answers, then the triggers that its events and wounds, healing and "lives become X" fire,
    the whole state (costs, strength, lives, movement, flying, eliteness…), the events and the
    strike values."""
    name, ability = pick
    wanted = sum(t["count"] for t in BPOOL[name].data["abilities"][ability]["targets"])
    targets = targets[:wanted]
    results = []
    for cls in (cardstate.Game, cardstate.reference.Game):
        g = cls(players=2, ruleset="berserk")
        set_up(g, board, BPOOL)
        trace = play(g, name, ability, targets, source, x, script, BPOOL)
        for what, a, b in kernel:
            try:
                if what == "damage":
                    g.deal_damage(a, b, 1)
                elif what == "heal":
                    g.heal(b, a)
                else:
                    g.set_lives(b, a % 3)
            except (KeyError, ValueError, cardstate.CardstateError):
                pass
        g.check_state_based_actions()
        evs = list(g.take_events())
        fired = cards.fired(g, evs, pool=BPOOL)
        results.append((trace, fired, snapshot(g), event_tuples(evs), berserk_reads(g)))
    assert results[0] == results[1]


@settings(max_examples=100, deadline=None)
@given(
    name=st.sampled_from(B_NAMES + NAMES[:5]),
    ruleset=st.sampled_from(("berserk", "mtg", "mtg-2010")),
    zone=st.sampled_from(("battlefield", "hand", "stack")),
)
def test_placing_a_card_of_either_game_matches(name, ruleset, zone):
    """A card placed in a game of its own or of the other game: the same object, or the same
    refusal leaving the game as it was, on both interpreters."""
    p = BPOOL | pool
    results = []
    for cls in (cardstate.Game, cardstate.reference.Game):
        g = cls(players=2, ruleset=ruleset)
        try:
            out = cards.place(g, name, 1, zone, pool=p)
        except ValueError as e:
            out = ("ValueError", "is a Berserk card" in str(e), "is a Magic card" in str(e))
        results.append((out, snapshot(g), event_tuples(g.take_events())))
    assert results[0] == results[1]
    berserk_card = p[name].game == "berserk"
    refused = isinstance(results[0][0], tuple)
    assert refused == (berserk_card != (ruleset == "berserk"))
