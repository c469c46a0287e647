"""Conditional static abilities (611.3a: the condition is read continuously, so the bonus comes
and goes with it) and statics whose filter reads a quality of the permanents: threshold
(207.2c), "as long as this creature has three or more +1/+1 counters", "creatures you control
with flying"; the kernel's texts on both kernels, and the Foundations cards that have them, on
both implementations and in both duels."""

from __future__ import annotations

import pytest
from cardstate import cards
from cardstate.cards import coverage, fdn
from cardstate.cards import vocab as v
from cardstate.cards.compile import compile_card
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from fdn_support import FDN, ability, oracle, pt, put
from test_fdn_combat_restrictions import _attack_with, _blocks, _duel
from test_fdn_duel import _deck, play_alike
from test_pauper_duel import _act, _words

IMPLS = [Duel, ReferenceDuel]
THRESHOLD = "seven or more cards in your graveyard"


def _graveyard(g, player, n):
    """``n`` cards put into ``player``'s graveyard (Islands: no ability of theirs matters)."""
    return [put(g, "Island", player, "graveyard") for _ in range(n)]


# ----- the kernel's texts -----------------------------------------------------------------------


def test_a_threshold_static_comes_and_goes_611_3a(game):
    """611.3a: "this while 7 or more cards in your graveyard" applies while the source's
    controller has seven cards in its graveyard, whichever they are, and stops as one leaves;
    the opponent's graveyard doesn't count ("your"). The bytes keep it."""
    g = game()
    x = g.create(0, zone="battlefield", types=["creature"], power=2, toughness=3)
    g.add_continuous_effect(
        "modify_power_toughness",
        affected="this while 7 or more cards in your graveyard",
        source=x,
        power=2,
        toughness=1,
    )
    (effect,) = g.continuous_effects()
    assert effect["affected"] == ["this while 7 or more cards in your graveyard"]
    _graveyard(g, 1, 7)
    cards = _graveyard(g, 0, 6)
    assert (g.power(x), g.toughness(x)) == (2, 3)
    cards.append(_graveyard(g, 0, 1)[0])
    assert (g.power(x), g.toughness(x)) == (4, 4)
    again = type(g).from_bytes(g.to_bytes())
    assert again == g and again.to_bytes() == g.to_bytes() and again.power(x) == 4
    g.move(cards[0], "exile")
    assert (g.power(x), g.toughness(x)) == (2, 3)
    assert again.power(x) == 4, "the copy read back is its own game"


def test_a_counters_condition_and_a_counter_filter_611_3a(game):
    """ "this while 3 or more +1/+1 counters on it" (its own counters) and "creatures you
    control with a +1/+1 counter" (each permanent's own): both follow the counters."""
    g = game()
    x = g.create(0, zone="battlefield", types=["creature"], power=1, toughness=1)
    y = g.create(0, zone="battlefield", types=["creature"], power=1, toughness=1)
    theirs = g.create(1, zone="battlefield", types=["creature"], power=1, toughness=1)
    g.add_continuous_effect(
        "add_keyword",
        affected="this while 3 or more +1/+1 counters on it",
        source=x,
        keyword="flying",
    )
    g.add_continuous_effect(
        "add_keyword",
        affected="creatures you control with a +1/+1 counter",
        source=x,
        keyword="trample",
    )
    g.add_counters(x, "+1/+1", 2)
    g.add_counters(theirs, "+1/+1", 1)
    assert not g.has_keyword(x, "flying") and g.has_keyword(x, "trample")
    assert not g.has_keyword(y, "trample") and not g.has_keyword(theirs, "trample")
    g.add_counters(x, "+1/+1", 1)
    g.add_counters(y, "+1/+1", 1)
    assert g.has_keyword(x, "flying") and g.has_keyword(y, "trample")
    again = type(g).from_bytes(g.to_bytes())
    assert again == g and again.has_keyword(y, "trample") and again.has_keyword(x, "flying")
    g.remove_counters(x, "+1/+1", 1)
    assert not g.has_keyword(x, "flying") and g.has_keyword(x, "trample")
    assert [e["affected"] for e in g.continuous_effects()] == [
        ["this while 3 or more +1/+1 counters on it"],
        ["creatures you control with a +1/+1 counter"],
    ]


def test_a_keyword_filter_reads_layer_6_for_layer_7c_613_8(game):
    """ "other creatures you control with flying" get +1/+1: a creature that gains flying (an
    effect of layer 6) gets the bonus (layer 7c depends on it, 613.8); a keyword filter for a
    keyword effect would depend on itself and is refused."""
    g = game()
    eagle = g.create(0, zone="battlefield", types=["creature"], power=2, toughness=3)
    bear = g.create(0, zone="battlefield", types=["creature"], power=2, toughness=2)
    g.add_continuous_effect(
        "modify_power_toughness",
        affected="other creatures you control with flying",
        source=eagle,
        power=1,
        toughness=1,
    )
    assert pt(g, bear) == (2, 2)
    g.add_continuous_effect("add_keyword", affected=[bear], keyword="flying")
    assert pt(g, bear) == (3, 3) and pt(g, eagle) == (2, 3)
    before = g.continuous_effects()
    for bad in (
        {"affected": "creatures with flying", "keyword": "trample"},
        {"affected": "creatures with shroud", "keyword": "trample"},
    ):
        with pytest.raises(ValueError):
            g.add_continuous_effect("add_keyword", source=eagle, **bad)
    assert g.continuous_effects() == before


@pytest.mark.parametrize(
    "text",
    [
        "this while 3 or more bogus counters on it",
        "this while 3 or more things",
        "creatures you control with a bogus counter",
    ],
)
def test_conditions_and_qualities_the_kernel_cant_read_are_refused(game, text):
    """A condition or quality the kernel doesn't know is a ValueError; nothing changes."""
    g = game()
    x = g.create(0, zone="battlefield", types=["creature"], power=1, toughness=1)
    with pytest.raises(ValueError):
        g.add_continuous_effect(
            "modify_power_toughness", affected=text, source=x, power=1, toughness=1
        )
    with pytest.raises(ValueError, match="this while"):
        g.add_continuous_effect(
            "modify_power_toughness",
            affected="this while 7 or more cards in your graveyard",
            power=1,
            toughness=1,
        )
    assert g.continuous_effects() == []


# ----- the cards --------------------------------------------------------------------------------


def test_billowing_shriekmass_threshold(game):
    """'Threshold — This creature gets +2/+1 as long as there are seven or more cards in your
    graveyard.' — a 2/3 flyer; 4/4 with seven cards in its controller's graveyard."""
    oracle(
        "Billowing Shriekmass",
        "Flying\nWhen this creature enters, mill three cards. (Put the top three cards of your "
        "library into your graveyard.)\nThreshold — This creature gets +2/+1 as long as there "
        f"are {THRESHOLD}.",
    )
    assert coverage.card_coverage("Billowing Shriekmass", "fdn").playable
    g = game()
    x = put(g, "Billowing Shriekmass")
    assert pt(g, x) == (2, 3) and g.has_keyword(x, "flying")
    cards = _graveyard(g, 0, 7)
    assert pt(g, x) == (4, 4)
    g.move(cards[0], "exile")
    assert pt(g, x) == (2, 3)


@pytest.mark.parametrize("impl", IMPLS)
def test_billowing_shriekmass_mills_itself_into_threshold(impl):
    """'When this creature enters, mill three cards.' — with four cards in its controller's
    graveyard, the three milled make seven: it is a 4/4 once its trigger resolves."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    for _ in range(4):
        d.add_card(a, "Swamp", "battlefield")
        d.add_card(a, "Swamp", "graveyard")
    d.add_card(a, "Billowing Shriekmass", "hand")
    _act(d, "cast Billowing Shriekmass")
    d.apply_action(0)
    d.apply_action(0)
    (x,) = [i for i in d.game.objects("battlefield", a) if d.game.name(i) == "Billowing Shriekmass"]
    assert pt(d.game, x) == (2, 3)
    d.apply_action(0)
    d.apply_action(0)
    assert len(d.game.objects("graveyard", a)) == 7
    assert pt(d.game, x) == (4, 4)


def test_dreadwing_scavenger_threshold(game):
    """'Threshold — This creature gets +1/+1 and has deathtouch as long as there are seven or
    more cards in your graveyard.'"""
    oracle(
        "Dreadwing Scavenger",
        "Flying\nWhenever this creature enters or attacks, draw a card, then discard a card.\n"
        "Threshold — This creature gets +1/+1 and has deathtouch as long as there are "
        f"{THRESHOLD}.",
    )
    assert coverage.card_coverage("Dreadwing Scavenger", "fdn").playable
    g = game()
    x = put(g, "Dreadwing Scavenger")
    _graveyard(g, 0, 6)
    assert pt(g, x) == (2, 2) and not g.has_keyword(x, "deathtouch")
    _graveyard(g, 0, 1)
    assert pt(g, x) == (3, 3) and g.has_keyword(x, "deathtouch")


@pytest.mark.parametrize("impl", IMPLS)
def test_dreadwing_scavenger_loots_as_it_attacks_into_threshold(impl):
    """'Whenever this creature enters or attacks, draw a card, then discard a card.' — it
    attacks with six cards in the graveyard; the discard makes seven, so it deals 3 damage."""
    d = _duel(impl, "Island")
    a = d.active_player()
    d.add_card(a, "Dreadwing Scavenger", "battlefield")
    for _ in range(6):
        d.add_card(a, "Island", "graveyard")
    _attack_with(d, "Dreadwing Scavenger")
    while d.decision() != "discard":
        d.apply_action(0)
    hand = len(d.hand(a))
    d.apply_action(d.legal_actions()[0])
    assert len(d.hand(a)) == hand - 1 and len(d.game.objects("graveyard", a)) == 7
    while d.step() != "end":
        d.apply_action(0)
    assert d.game.life(1 - a) == 17


@pytest.mark.parametrize("impl", IMPLS)
def test_cephalid_inkmage_cant_be_blocked_with_threshold(impl):
    """'Threshold — This creature can't be blocked as long as there are seven or more cards in
    your graveyard.' (509.1b): with six, the defending player may block it; with seven, no."""
    oracle(
        "Cephalid Inkmage",
        "When this creature enters, surveil 3. (Look at the top three cards of your library, "
        "then put any number of them into your graveyard and the rest on top of your library "
        "in any order.)\nThreshold — This creature can't be blocked as long as there are "
        f"{THRESHOLD}.",
    )
    assert coverage.card_coverage("Cephalid Inkmage", "fdn").playable
    for in_graveyard, blockable in ((6, True), (7, False)):
        d = _duel(impl, "Island")
        a = d.active_player()
        d.add_card(a, "Cephalid Inkmage", "battlefield")
        d.add_card(1 - a, "Savannah Lions", "battlefield")
        for _ in range(in_graveyard):
            d.add_card(a, "Island", "graveyard")
        _attack_with(d, "Cephalid Inkmage")
        assert bool(_blocks(d)) == blockable, in_graveyard


@pytest.mark.parametrize("impl", IMPLS)
def test_cephalid_inkmage_surveils_three_as_it_enters(impl):
    """'When this creature enters, surveil 3.' — the cards put into the graveyard count for
    its threshold."""
    d = _duel(impl, "Island")
    a = d.active_player()
    for _ in range(3):
        d.add_card(a, "Island", "battlefield")
    for _ in range(4):
        d.add_card(a, "Island", "graveyard")
    d.add_card(a, "Cephalid Inkmage", "hand")
    _act(d, "cast Cephalid Inkmage")
    while d.decision() != "choose_card":
        d.apply_action(0)
    for _ in range(3):
        (first, *_) = [w for w in _words(d) if w.startswith("put Island into your graveyard")]
        _act(d, first)
    (x,) = [i for i in d.game.objects("battlefield", a) if d.game.name(i) == "Cephalid Inkmage"]
    assert len(d.game.objects("graveyard", a)) == 7
    assert d.game.has_keyword(x, "can't be blocked")


def test_skyknight_squire_flies_with_three_counters(game):
    """'Whenever another creature you control enters, put a +1/+1 counter on this creature.
    As long as this creature has three or more +1/+1 counters on it, it has flying and is a
    Knight in addition to its other types.' — flying and a Knight (613.1d) with the third
    counter, not before nor after one is removed."""
    oracle(
        "Skyknight Squire",
        "Whenever another creature you control enters, put a +1/+1 counter on this creature.\n"
        "As long as this creature has three or more +1/+1 counters on it, it has flying and is "
        "a Knight in addition to its other types.",
    )
    assert "Skyknight Squire" not in fdn.GAPS
    assert coverage.card_coverage("Skyknight Squire", "fdn").playable
    g = game()
    x = put(g, "Skyknight Squire")
    g.add_counters(x, "+1/+1", 2)
    assert pt(g, x) == (3, 3) and not g.has_keyword(x, "flying")
    assert g.subtypes(x) == ["Cat", "Scout"]
    g.add_counters(x, "+1/+1", 1)
    assert g.has_keyword(x, "flying") and g.subtypes(x) == ["Cat", "Scout", "Knight"]
    g.remove_counters(x, "+1/+1", 1)
    assert not g.has_keyword(x, "flying") and g.subtypes(x) == ["Cat", "Scout"]


@pytest.mark.parametrize("impl", IMPLS)
def test_skyknight_squire_grows_as_creatures_enter(impl):
    """Three creatures entering under its controller's control: three counters, and flying."""
    d = _duel(impl, "Plains")
    a = d.active_player()
    x = d.add_card(a, "Skyknight Squire", "battlefield")
    for _ in range(3):
        d.add_card(a, "Plains", "battlefield")
    for _ in range(3):
        d.add_card(a, "Savannah Lions", "hand")
    for _ in range(3):
        _act(d, "cast Savannah Lions")
        while d.game.counters(x).get("+1/+1", 0) < 3 and d.decision() == "priority":
            if any(w.startswith("cast Savannah Lions") for w in _words(d)):
                break
            d.apply_action(0)
    assert d.game.counters(x) == {"+1/+1": 3} and d.game.has_keyword(x, "flying")
    assert d.game.subtypes(x) == ["Cat", "Scout", "Knight"]


def test_empyrean_eagle_pumps_the_other_flyers_613_8(game):
    """'Other creatures you control with flying get +1/+1.' — Serra Angel gets it, Savannah
    Lions doesn't until it gains flying, the Eagle doesn't ("other"), nor an opponent's
    flyer."""
    oracle("Empyrean Eagle", "Flying\nOther creatures you control with flying get +1/+1.")
    assert coverage.card_coverage("Empyrean Eagle", "fdn").playable
    assert "Empyrean Eagle" not in fdn.GAPS
    g = game()
    eagle, angel, lions = put(g, "Empyrean Eagle"), put(g, "Serra Angel"), put(g, "Savannah Lions")
    theirs = put(g, "Serra Angel", 1)
    assert pt(g, eagle) == (2, 3) and pt(g, angel) == (5, 5) and pt(g, lions) == (2, 1)
    assert pt(g, theirs) == (4, 4)
    g.grant(lions, "flying", until_end_of_turn=True)
    assert pt(g, lions) == (3, 2)
    g.cleanup()
    assert pt(g, lions) == (2, 1)


@pytest.mark.parametrize("impl", IMPLS)
def test_empyrean_eagle_in_a_duel(impl):
    """In the duel: Serra Angel attacks as a 5/5 beside Empyrean Eagle."""
    d = _duel(impl, "Plains")
    a = d.active_player()
    d.add_card(a, "Empyrean Eagle", "battlefield")
    angel = d.add_card(a, "Serra Angel", "battlefield")
    assert pt(d.game, angel) == (5, 5)
    _attack_with(d, "Serra Angel")
    while d.step() != "end":
        d.apply_action(0)
    assert d.game.life(1 - a) == 15


GRIXIS = _deck(
    {"Swamp": 6, "Island": 6, "Mountain": 5},
    [
        "Vampire Soulcaller",
        "Sower of Chaos",
        "Juggernaut",
        "Billowing Shriekmass",
        "Dreadwing Scavenger",
        "Cephalid Inkmage",
        "Gleaming Barrier",
        "Stab",
        "Frenzied Goblin",
        "Flamewake Phoenix",
    ],
)
BANT = _deck(
    {"Plains": 6, "Island": 6, "Forest": 5},
    [
        "Empyrean Eagle",
        "Serra Angel",
        "Savannah Lions",
        "Healer's Hawk",
        "Cephalid Inkmage",
        "Gnarlid Colony",
        "Paradise Druid",
    ],
)


@pytest.mark.parametrize("seed", [11, 12])
def test_restrictions_and_conditional_statics_play_alike_in_both_duels(seed):
    """Random games of the cards of combat's restrictions and of conditional statics: the same
    legal actions, observations, outcome and bytes in both duels."""
    assert all(c.playable for c in coverage.coverage(GRIXIS + BANT))
    play_alike(GRIXIS, BANT, seed)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("kick", [True, False])
def test_gnarlid_colony_kicked_enters_with_counters_and_tramples(impl, kick):
    """'If this creature was kicked, it enters with two +1/+1 counters on it.' (614.1c,
    702.33d) 'Each creature you control with a +1/+1 counter on it has trample.' — kicked, a
    4/4 with trample; not kicked, a 2/2 without; creatures without counters don't trample."""
    oracle(
        "Gnarlid Colony",
        "Kicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)\nIf this "
        "creature was kicked, it enters with two +1/+1 counters on it.\nEach creature you "
        "control with a +1/+1 counter on it has trample. (It can deal excess combat damage to "
        "the player or planeswalker it's attacking.)",
    )
    assert coverage.card_coverage("Gnarlid Colony", "fdn").playable
    d = _duel(impl, "Forest")
    a = d.active_player()
    for _ in range(5):
        d.add_card(a, "Forest", "battlefield")
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    theirs = d.add_card(1 - a, "Savannah Lions", "battlefield")
    d.add_card(a, "Gnarlid Colony", "hand")
    _act(d, "cast Gnarlid Colony")
    assert d.decision() == "pay_cost"
    _act(d, "yes" if kick else "no")
    d.apply_action(0)
    d.apply_action(0)
    (x,) = [i for i in d.game.objects("battlefield", a) if d.game.name(i) == "Gnarlid Colony"]
    assert d.game.counters(x) == ({"+1/+1": 2} if kick else {})
    assert pt(d.game, x) == ((4, 4) if kick else (2, 2))
    assert d.game.has_keyword(x, "trample") == kick
    assert not d.game.has_keyword(lions, "trample") and not d.game.has_keyword(theirs, "trample")


def test_gnarlid_colony_gives_trample_to_each_creature_with_a_counter(game):
    """On a bare game: each creature its controller controls with a +1/+1 counter tramples,
    for as long as it has one; an opponent's doesn't."""
    g = game()
    put(g, "Gnarlid Colony")
    lions, theirs = put(g, "Savannah Lions"), put(g, "Savannah Lions", 1)
    g.add_counters(lions, "+1/+1", 1)
    g.add_counters(theirs, "+1/+1", 1)
    assert g.has_keyword(lions, "trample") and not g.has_keyword(theirs, "trample")
    g.remove_counters(lions, "+1/+1", 1)
    assert not g.has_keyword(lions, "trample")


def test_paradise_druid_has_hexproof_while_untapped(game):
    """'This creature has hexproof as long as it's untapped.' (611.3a: its tapped status, read
    continuously) '{T}: Add one mana of any color.'"""
    oracle(
        "Paradise Druid",
        "This creature has hexproof as long as it's untapped. (It can't be the target of spells "
        "or abilities your opponents control.)\n{T}: Add one mana of any color.",
    )
    assert coverage.card_coverage("Paradise Druid", "fdn").playable
    g = game()
    druid = put(g, "Paradise Druid")
    assert g.has_keyword(druid, "hexproof")
    g.tap(druid)
    assert not g.has_keyword(druid, "hexproof")
    again = type(g).from_bytes(g.to_bytes())
    assert again == g and not again.has_keyword(druid, "hexproof")
    g.untap(druid)
    assert g.has_keyword(druid, "hexproof")
    assert [e["affected"] for e in g.continuous_effects()] == [["this while untapped"]]


@pytest.mark.parametrize("impl", IMPLS)
def test_paradise_druid_can_be_targeted_once_it_attacks(impl):
    """Untapped, no spell of the opponent can target it (702.11b: Hero's Downfall isn't
    offered); tapped by attacking (508.1f), it can, and is destroyed."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    druid = d.add_card(a, "Paradise Druid", "battlefield")
    for _ in range(3):
        d.add_card(1 - a, "Swamp", "battlefield")
    d.add_card(1 - a, "Hero's Downfall", "hand")
    d.apply_action(0)  # the active player passes: the opponent has priority
    assert d.current_player() == 1 - a
    assert not any(w.startswith("cast Hero's Downfall") for w in _words(d))
    _attack_with(d, "Paradise Druid")
    while d.current_player() != 1 - a:
        d.apply_action(0)
    _act(d, "cast Hero's Downfall")
    _act(d, "target Paradise Druid")
    d.apply_action(0)
    d.apply_action(0)
    assert druid not in d.game.objects("battlefield", a)
    assert "Paradise Druid" in [d.game.name(x) for x in d.game.objects("graveyard", a)]


def _static_bear(*abilities):
    """A 2/2 with these abilities (for the compiler's checks)."""
    return v.Card(
        name="Test Bear",
        types=("creature",),
        cost="{1}{G}",
        power=2,
        toughness=2,
        abilities=abilities,
    )


@pytest.mark.parametrize(
    "ability",
    [
        # The kernel's continuous-effect filters name built-in counter kinds only.
        v.Static(v.Filter(types=("creature",), with_counter="bogus"), power=1, toughness=1),
        # 613.8: a keyword filter only for power and toughness; one keyword, one quality.
        v.Static(v.Filter(types=("creature",), keywords=("flying",)), gains=("trample",)),
        v.Static(v.Filter(keywords=("flying", "reach")), power=1, toughness=1),
        v.Static(v.Filter(keywords=("flying",), with_counter="+1/+1"), power=1, toughness=1),
        v.Static(v.THIS, power=1, toughness=1, as_long_as=v.AtLeast(v.CountersOn(v.THIS, "x"), 2)),
        v.Static(
            v.THIS, power=1, toughness=1, as_long_as=v.AtLeast(v.LifeTotal(v.EACH_OPPONENT), 21)
        ),
        v.Static(v.Filter(), power=1, toughness=1, as_long_as=v.UNTAPPED),
        v.Triggered("enters", v.MayPayMana("{X}{R}", v.Draw(v.YOU, 1))),
        v.EntersWithCountersIfCast("+1/+1", 2, kicked=1),  # type: ignore[arg-type]
    ],
)
def test_what_the_kernel_cant_read_is_refused_as_the_card_compiles(ability):
    """A quality, condition or payment the kernel and the duels don't read is a ValueError
    naming the card and the ability, as the card compiles."""
    with pytest.raises(ValueError, match="'Test Bear': abilities"):
        compile_card(_static_bear(ability))


def test_a_may_pay_ability_on_a_bare_game_is_never_paid(game):
    """A bare ``Game`` has no mana sources: "you may pay {R}" is answered no, and "if you do"
    doesn't happen (608.2c)."""
    g = game()
    goblin, lions = put(g, "Frenzied Goblin"), put(g, "Savannah Lions", 1)
    i = ability("Frenzied Goblin", "triggered")
    cards.resolve(g, "Frenzied Goblin", 0, [lions], ability=i, source=goblin, pool=FDN)
    assert not g.has_keyword(lions, "can't block")
