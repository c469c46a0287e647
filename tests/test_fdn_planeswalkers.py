"""Planeswalkers (306) and their loyalty abilities (606): a planeswalker enters with its printed
loyalty in loyalty counters (306.5b); a loyalty ability's cost puts on or removes loyalty
counters ("+N:", "−N:", 606.4), a −N needing N of them; it is activated only as a sorcery and
only if none of that permanent's loyalty abilities was activated this turn (606.3); with no
loyalty left the planeswalker goes to its owner's graveyard (704.5i). Each card's Oracle text
quoted and shown doing it in the native and the reference duel alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import InvalidCard, compile_card, coverage
from cardstate.cards.fdn.common import loyalty
from cardstate.cards.vocab import YOU, Activated, Card, Cost, Draw
from fdn_support import activate, oracle, put
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _pass_until, _words
from test_fdn_duel_modes import _lands

AJANI = "Ajani, Caller of the Pride"
LILIANA = "Liliana, Dreadhorde General"
KAITO = "Kaito, Cunning Infiltrator"
VIVIEN = "Vivien Reid"
CHANDRA = "Chandra, Flameshaper"


def _cast_walker(impl, name, land, lands):
    """A duel in the active player's first main phase where it casts planeswalker ``name``
    with ``lands`` of ``land`` (the spell resolves). Returns the duel, the player and the
    planeswalker."""
    d = _duel(impl, land)
    a = d.active_player()
    _lands(d, a, land, lands)
    d.add_card(a, name, "hand")
    _act(d, f"cast {name}")
    _resolve(d)
    (walker,) = _named(d, a, name)
    return d, a, walker


def _abilities(d, name):
    """The loyalty abilities of ``name`` offered now, by their number among its activated
    abilities."""
    return [
        int(w.split(" ability ")[1].split()[0])
        for w in _words(d)
        if w.startswith(f"activate {name}")
    ]


def _activate(d, name, k):
    _act(d, f"activate {name} ({_id(d, name)}) ability {k}")


def _id(d, name):
    (x,) = _named(d, d.active_player(), name)
    return x


def _resolve(d):
    """Both players pass: the top of the stack resolves (117.4)."""
    d.apply_action(0)
    d.apply_action(0)


def _loyalty(d, x):
    return d.game.count(x, "loyalty")


@pytest.mark.parametrize("impl", IMPLS)
def test_a_planeswalker_enters_with_its_printed_loyalty_306_5b(impl):
    """Ajani, Caller of the Pride (loyalty 4) cast and resolved: four loyalty counters."""
    d, _, ajani = _cast_walker(impl, AJANI, "Plains", 3)
    assert d.game.counters(ajani) == {"loyalty": 4}


@pytest.mark.parametrize("impl", IMPLS)
def test_ajani_caller_of_the_pride(impl):
    """Ajani: "+1: Put a +1/+1 counter on up to one target creature." — one loyalty counter
    more and a +1/+1 counter on Savannah Lions; then no loyalty ability of his again this
    turn (606.3). On the next turn "−3: Target creature gains flying and double strike until
    end of turn." leaves him with 2; his −8 is never offered with fewer than 8 (606.4)."""
    oracle(
        AJANI,
        "+1: Put a +1/+1 counter on up to one target creature.\n"
        "\u22123: Target creature gains flying and double strike until end of turn.\n"
        "\u22128: Create X 2/2 white Cat creature tokens, where X is your life total.",
    )
    d, a, ajani = _cast_walker(impl, AJANI, "Plains", 3)
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    assert _abilities(d, AJANI) == [0, 1]
    _activate(d, AJANI, 0)
    _act(d, f"target Savannah Lions ({lions})")
    assert _loyalty(d, ajani) == 5  # 606.4: the cost is paid as it is activated
    _resolve(d)
    assert d.game.counters(lions) == {"+1/+1": 1}
    assert _abilities(d, AJANI) == []  # 606.3
    _next_turn_of(d, a)
    assert _abilities(d, AJANI) == [0, 1]
    _activate(d, AJANI, 1)
    _act(d, f"target Savannah Lions ({lions})")
    _resolve(d)
    assert _loyalty(d, ajani) == 2
    assert d.game.has_keyword(lions, "flying") and d.game.has_keyword(lions, "double strike")


@pytest.mark.parametrize("impl", IMPLS)
def test_ajani_s_up_to_one_target_may_be_none_601_2c(impl):
    """Ajani's +1 with no target chosen: the loyalty counter is still put on him (the cost),
    and no +1/+1 counter on anything."""
    d, a, ajani = _cast_walker(impl, AJANI, "Plains", 3)
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    _activate(d, AJANI, 0)
    d.apply_action(0)  # no target
    _resolve(d)
    assert _loyalty(d, ajani) == 5 and d.game.counters(lions) == {}


@pytest.mark.parametrize("impl", IMPLS)
def test_loyalty_abilities_only_as_a_sorcery_606_3(impl):
    """Not in the beginning of combat step, nor on the opponent's turn, nor with a spell on
    the stack: only in its controller's main phase with an empty stack."""
    d, a, _ = _cast_walker(impl, AJANI, "Plains", 4)
    d.add_card(a, "Savannah Lions", "hand")
    _act(d, "cast Savannah Lions")
    assert _abilities(d, AJANI) == []  # a spell on the stack
    _resolve(d)
    assert _abilities(d, AJANI) == [0, 1]
    while d.step() != "beginning of combat":
        d.apply_action(0)
    assert _abilities(d, AJANI) == []
    while d.active_player() == a:
        d.apply_action(0)
    _pass_until(d, lambda: d.step() == "main1", limit=20)
    assert not any(w.startswith(f"activate {AJANI}") for w in _words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_a_minus_cost_needs_that_many_loyalty_counters_606_4(impl):
    """Kaito (loyalty 3): "−2: Create a 2/1 blue Ninja creature token." leaves 1; on his next
    turn the −2 is not offered (one counter), the +1 is."""
    d, a, kaito = _cast_walker(impl, KAITO, "Island", 3)
    _activate(d, KAITO, 1)
    _resolve(d)
    assert _loyalty(d, kaito) == 1 and len(_named(d, a, "Ninja Token 2/1")) == 1
    _next_turn_of(d, a)
    assert _abilities(d, KAITO) == [0]


@pytest.mark.parametrize("impl", IMPLS)
def test_a_planeswalker_with_no_loyalty_goes_to_the_graveyard_704_5i(impl):
    """Ajani's −3 leaves 1 loyalty counter; 1 damage more from Burst Lightning (120.3c) and he
    has none: he is put into his owner's graveyard."""
    d, a, ajani = _cast_walker(impl, AJANI, "Plains", 3)
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(a, "Mountain", "battlefield")
    _activate(d, AJANI, 1)
    _act(d, f"target Savannah Lions ({lions})")
    _resolve(d)
    assert _loyalty(d, ajani) == 1
    d.add_card(a, "Burst Lightning", "hand")
    _act(d, "cast Burst Lightning")
    _act(d, f"target {AJANI}")
    _resolve(d)
    assert ajani not in d.battlefield(a)
    assert AJANI in [d.game.name(x) for x in d.game.objects("graveyard", a)]


@pytest.mark.parametrize("impl", IMPLS)
def test_liliana_dreadhorde_general(impl):
    """Liliana: "+1: Create a 2/2 black Zombie creature token." (7 loyalty); on the next turn
    "−4: Each player sacrifices two creatures of their choice." (3 loyalty): her controller
    sacrifices its two creatures (no choice to make), the opponent two of its three (its
    choice), and "Whenever a creature you control dies, draw a card." draws her controller a
    card for each of its own two, none for the opponent's."""
    oracle(
        LILIANA,
        "Whenever a creature you control dies, draw a card.\n"
        "+1: Create a 2/2 black Zombie creature token.\n"
        "\u22124: Each player sacrifices two creatures of their choice.\n"
        "\u22129: Each opponent chooses a permanent they control of each permanent type and "
        "sacrifices the rest.",
    )
    d, a, liliana = _cast_walker(impl, LILIANA, "Swamp", 6)
    _activate(d, LILIANA, 0)
    _resolve(d)
    assert _loyalty(d, liliana) == 7 and len(_named(d, a, "Zombie Token 2/2")) == 1
    d.add_card(a, "Savannah Lions", "battlefield")
    for _ in range(3):
        d.add_card(1 - a, "Savannah Lions", "battlefield")
    _next_turn_of(d, a)
    hand = len(d.hand(a))
    _activate(d, LILIANA, 1)
    assert _loyalty(d, liliana) == 3
    _resolve(d)
    for _ in range(2):  # one decision for each creature sacrificed
        assert d.decision() == "sacrifice" and d.current_player() == 1 - a
        d.apply_action(d.legal_actions()[0])
    assert _named(d, a, "Zombie Token 2/2") == [] and _named(d, a, "Savannah Lions") == []
    assert len(_named(d, 1 - a, "Savannah Lions")) == 1
    _pass_until(d, lambda: len(d.hand(a)) == hand + 2)


@pytest.mark.parametrize("impl", IMPLS)
def test_kaito_cunning_infiltrator(impl):
    """Kaito: "+1: Up to one target creature you control can't be blocked this turn. Draw a
    card, then discard a card." (4 loyalty; the card drawn, one discarded), and "Whenever a
    creature you control deals combat damage to a player, put a loyalty counter on Kaito.":
    the unblockable Savannah Lions hits the opponent, and Kaito has 5."""
    oracle(
        KAITO,
        "Whenever a creature you control deals combat damage to a player, put a loyalty "
        "counter on Kaito.\n"
        "+1: Up to one target creature you control can't be blocked this turn. Draw a card, "
        "then discard a card.\n"
        "\u22122: Create a 2/1 blue Ninja creature token.\n"
        '\u22129: You get an emblem with "Whenever a player casts a spell, you create a 2/1 blue '
        'Ninja creature token."',
    )
    d, a, kaito = _cast_walker(impl, KAITO, "Island", 3)
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(1 - a, "Savannah Lions", "battlefield")
    _activate(d, KAITO, 0)
    _act(d, f"target Savannah Lions ({lions})")
    _resolve(d)
    assert _loyalty(d, kaito) == 4
    assert d.decision() == "discard" and d.current_player() == a
    d.apply_action(d.legal_actions()[0])
    assert d.game.has_keyword(lions, "can't be blocked")
    while d.step() != "declare attackers":
        d.apply_action(0)
    _act(d, f"attack with Savannah Lions ({lions})")
    life = d.game.life(1 - a)
    _pass_until(d, lambda: d.game.life(1 - a) < life, limit=20)
    _pass_until(d, lambda: _loyalty(d, kaito) == 5, limit=10)


@pytest.mark.parametrize("impl", IMPLS)
def test_vivien_reid_destroys_an_artifact_enchantment_or_creature_with_flying(impl):
    """Vivien Reid: "−3: Destroy target artifact, enchantment, or creature with flying." — of
    the opponent's Healer's Hawk (flying), Swiftfoot Boots (an artifact) and Savannah Lions
    (neither), the first two are targets; the Hawk destroyed, Vivien has 2 loyalty."""
    oracle(
        VIVIEN,
        "+1: Look at the top four cards of your library. You may reveal a creature or land card "
        "from among them and put it into your hand. Put the rest on the bottom of your library "
        "in a random order.\n"
        "\u22123: Destroy target artifact, enchantment, or creature with flying.\n"
        '\u22128: You get an emblem with "Creatures you control get +2/+2 and have vigilance, '
        'trample, and indestructible."',
    )
    d, a, vivien = _cast_walker(impl, VIVIEN, "Forest", 5)
    hawk = d.add_card(1 - a, "Healer's Hawk", "battlefield")
    boots = d.add_card(1 - a, "Swiftfoot Boots", "battlefield")
    d.add_card(1 - a, "Savannah Lions", "battlefield")
    _activate(d, VIVIEN, 1)
    assert [w for w in _words(d) if w.startswith("target")] == [
        f"target Healer's Hawk ({hawk})",
        f"target Swiftfoot Boots ({boots})",
    ]
    _act(d, f"target Healer's Hawk ({hawk})")
    _resolve(d)
    assert _named(d, 1 - a, "Healer's Hawk") == [] and _loyalty(d, vivien) == 2


@pytest.mark.parametrize("impl", IMPLS)
def test_chandra_flameshaper_copies_a_creature_with_haste_until_the_end_step(impl):
    """Chandra, Flameshaper: "+1: Create a token that's a copy of target creature you control,
    except it has haste and "At the beginning of the end step, sacrifice this token."" — 7
    loyalty, a token Savannah Lions with haste (707.9b), sacrificed at the beginning of the end
    step."""
    oracle(
        CHANDRA,
        "+2: Add {R}{R}{R}. Exile the top three cards of your library. Choose one. You may play "
        "that card this turn.\n"
        "+1: Create a token that's a copy of target creature you control, except it has haste "
        'and "At the beginning of the end step, sacrifice this token."\n'
        "\u22124: Chandra deals 8 damage divided as you choose among any number of target "
        "creatures and/or planeswalkers.",
    )
    d, a, chandra = _cast_walker(impl, CHANDRA, "Mountain", 7)
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    _activate(d, CHANDRA, 1)
    _act(d, f"target Savannah Lions ({lions})")
    _resolve(d)
    assert _loyalty(d, chandra) == 7
    (token,) = [x for x in _named(d, a, "Savannah Lions") if x != lions]
    assert d.game.is_token(token) and d.game.has_keyword(token, "haste")
    while d.step() != "end":
        d.apply_action(d.legal_actions()[0])
    _pass_until(d, lambda: _named(d, a, "Savannah Lions") == [lions])


def test_the_card_layer_pays_a_loyalty_cost(game):
    """On a bare ``Game`` the card layer pays a loyalty cost too (606.4): Ajani placed has 4
    loyalty counters (306.5b); his +1 puts one on, his −3 removes three, and a −8 can't be
    paid (CannotPay) and leaves him as he was; with 8, his −8 makes as many Cats as his
    controller's life total."""
    g = game()
    ajani = put(g, AJANI)
    assert g.count(ajani, "loyalty") == 4
    activate(g, ajani, AJANI, [], n=0)
    assert g.count(ajani, "loyalty") == 5
    lions = put(g, "Savannah Lions")
    activate(g, ajani, AJANI, [lions], n=1)
    assert g.count(ajani, "loyalty") == 2 and g.has_keyword(lions, "double strike")
    with pytest.raises(Exception, match="loyalty"):
        activate(g, ajani, AJANI, [], n=2)
    assert g.count(ajani, "loyalty") == 2

    # "−8: Create X 2/2 white Cat creature tokens, where X is your life total." at 7 life.
    g.add_counters(ajani, "loyalty", 6)
    g.lose_life(0, 13)
    activate(g, ajani, AJANI, [], n=2)
    assert g.count(ajani, "loyalty") == 0
    cats = [x for x in g.objects("battlefield", 0) if g.name(x) == "Cat Token 2/2"]
    assert len(cats) == 7 and all((g.power(x), g.toughness(x)) == (2, 2) for x in cats)


def test_a_loyalty_cost_compiles_only_as_a_sorcery_ability_606_3():
    """``Cost(loyalty=n)`` is written ``"loyalty": n`` (0 too: "0:"); a loyalty ability with
    instant timing is refused, and so is a loyalty cost that isn't an int."""
    walker = Card(
        name="Test Walker",
        types=("planeswalker",),
        loyalty=3,
        abilities=(loyalty(0, Draw(YOU, 1)),),
    )
    assert compile_card(walker).data["abilities"][0]["cost"]["loyalty"] == 0
    instant = Activated(Cost(loyalty=1), Draw(YOU, 1))
    with pytest.raises(InvalidCard, match="sorcery"):
        compile_card(
            Card(name="Test Walker", types=("planeswalker",), loyalty=3, abilities=(instant,))
        )
    bad = Activated(Cost(loyalty="1"), Draw(YOU, 1), timing="sorcery")  # type: ignore[arg-type]
    with pytest.raises(InvalidCard, match="loyalty"):
        compile_card(Card(name="Test Walker", types=("planeswalker",), loyalty=3, abilities=(bad,)))


WALKERS = _deck(
    {"Plains": 4, "Island": 4, "Swamp": 4, "Forest": 3, "Mountain": 3},
    [AJANI, KAITO, LILIANA, VIVIEN, CHANDRA, "Savannah Lions", "Healer's Hawk"],
)


def test_the_planeswalker_deck_is_of_playable_cards():
    """Ajani, Kaito, Liliana, Vivien (their emblems: 114) and Chandra (her −4's divided damage,
    601.2d: tests/test_fdn_chandra_divided.py) are playable."""
    report = {c.name: c for c in coverage.coverage(WALKERS)}
    assert [n for n, c in report.items() if not c.playable] == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_planeswalkers_play_alike_in_both_duels(seed):
    """Random games, a loyalty ability activated whenever one is offered: the same in both
    duels, and some were."""
    _, seen = duel_support.play_alike(
        WALKERS,
        WALKERS,
        seed,
        pool="fdn",
        format="limited",
        prefer=lambda w: w.startswith(
            (
                "activate Ajani",
                "activate Kaito",
                "activate Liliana",
                "activate Vivien",
                "activate Chandra",
            )
        ),
    )
    assert seen > 0


LILIANA_ORACLE = (
    "Whenever a creature you control dies, draw a card.\n"
    "+1: Create a 2/2 black Zombie creature token.\n"
    "\u22124: Each player sacrifices two creatures of their choice.\n"
    "\u22129: Each opponent chooses a permanent they control of each permanent type and "
    "sacrifices the rest."
)


def _liliana_at_nine(impl, theirs):
    """Liliana cast (6 loyalty) and +1 on three turns of her controller's (9), its opponent
    controlling ``theirs``; then her −9 activated and resolving. Returns the duel, her
    controller and the ids of ``theirs``."""
    oracle(LILIANA, LILIANA_ORACLE)
    d, a, liliana = _cast_walker(impl, LILIANA, "Swamp", 6)
    for turn in range(3):
        if turn:
            _next_turn_of(d, a)
        _activate(d, LILIANA, 0)
        _resolve(d)
    assert _loyalty(d, liliana) == 9
    _next_turn_of(d, a)
    ids = [d.add_card(1 - a, name, "battlefield") for name in theirs]
    _activate(d, LILIANA, 2)
    _resolve(d)
    return d, a, ids


@pytest.mark.parametrize("impl", IMPLS)
def test_liliana_minus_9_the_opponent_keeps_one_permanent_of_each_type_701_21a(impl):
    """Liliana's −9: the opponent keeps one permanent of each type it controls (the ``legend``
    decision, "keep", asked of it only for the types it has two or more of: its creatures, then
    its lands; the one artifact and the one enchantment stay unasked) and sacrifices the rest;
    Liliana, with no loyalty left, goes to the graveyard (704.5i)."""
    theirs = ["Savannah Lions", "Vampire Nighthawk", "Swiftfoot Boots", "Phyrexian Arena"]
    d, a, (lions, nighthawk, *_) = _liliana_at_nine(impl, [*theirs, "Forest", "Swamp"])
    b = 1 - a
    assert d.decision() == "legend" and d.current_player() == b
    assert _words(d) == [f"keep Savannah Lions ({lions})", f"keep Vampire Nighthawk ({nighthawk})"]
    _act(d, "keep Vampire Nighthawk")
    assert d.decision() == "legend" and d.current_player() == b
    assert sorted(w.split(" (")[0] for w in _words(d)) == ["keep Forest", "keep Swamp"]
    _act(d, "keep Forest")
    kept = sorted(d.game.name(x) for x in d.battlefield(b))
    assert kept == ["Forest", "Phyrexian Arena", "Swiftfoot Boots", "Vampire Nighthawk"]
    assert "Savannah Lions" in [d.game.name(x) for x in d.game.objects("graveyard", b)]
    assert _named(d, a, LILIANA) == []


@pytest.mark.parametrize("impl", IMPLS)
def test_liliana_minus_9_one_permanent_may_be_kept_for_each_of_its_types(impl):
    """An artifact creature may be chosen both as the artifact and as the creature (the
    card's ruling): Juggernaut kept twice, Swiftfoot Boots and Savannah Lions are sacrificed."""
    d, a, (juggernaut, boots, lions) = _liliana_at_nine(
        impl, ["Juggernaut", "Swiftfoot Boots", "Savannah Lions"]
    )
    b = 1 - a
    assert sorted(_words(d)) == [
        f"keep Juggernaut ({juggernaut})",
        f"keep Swiftfoot Boots ({boots})",
    ]
    _act(d, "keep Juggernaut")
    assert sorted(_words(d)) == [
        f"keep Juggernaut ({juggernaut})",
        f"keep Savannah Lions ({lions})",
    ]
    _act(d, "keep Juggernaut")
    assert [d.game.name(x) for x in d.battlefield(b)] == ["Juggernaut"]
