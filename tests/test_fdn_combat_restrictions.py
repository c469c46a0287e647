"""Restrictions and requirements on attacking and blocking (508.1c-d, 509.1a-c), kept by the
kernel as keywords and read by both duels' declarations: "can't block", "can't be blocked",
"can't be blocked by Walls", "attacks each combat if able"; the Foundations cards that have or
grant them, each played in the native and the reference duel."""

from __future__ import annotations

import cardstate
import pytest
from cardstate.cards import coverage
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from cardstate.vocabulary import KEYWORDS
from fdn_support import oracle
from test_fdn_duel import _deck, play_alike
from test_fdn_duel_choices import ELVES
from test_pauper_duel import _act, _to_main, _words

IMPLS = [Duel, ReferenceDuel]
RESTRICTIONS = ("can't block", "can't be blocked", "can't be blocked by walls")
REQUIREMENT = "attacks each combat if able"


def _duel(impl, lands="Mountain"):
    """A duel of basic lands in its first main phase, every decision asked (no auto pass)."""
    d = impl([lands] * 40, [lands] * 40, pool="fdn", seed=3, auto_pass=False, mulligans=False)
    _to_main(d)
    return d


def _to(d, decision):
    """Passes priority (action 0) until the duel asks ``decision``."""
    while d.decision() != decision:
        assert d.decision() == "priority", d.decision()
        d.apply_action(0)


def _attack_with(d, *names):
    """The active player declares ``names`` attackers (the others stay back) and the game goes
    on to the defending player's block declaration, if it has one (else to the damage)."""
    _to(d, "attack")
    while d.decision() == "attack":
        asked = [w for w in _words(d) if w.startswith("attack with ")]
        if any(w.startswith(f"attack with {n} ") for n in names for w in asked):
            _act(d, "attack with ")
        else:
            _act(d, "no attack with ")
    while d.decision() == "priority" and d.step() != "declare blockers":
        d.apply_action(0)


def _blocks(d):
    """The block choices of the candidate being asked (none: no block declaration)."""
    return [w for w in _words(d) if w.startswith("block ")] if d.decision() == "block" else []


def _unblocked_after_granting(d, source, target, keyword, attacker):
    """Activates ``source``'s ability at ``target`` (which gains ``keyword`` until end of
    turn), attacks with ``attacker`` (no block is asked: 509.1a-b), and plays to the cleanup
    step; returns the defending player's life at the end step."""
    _act(d, f"activate {source}")
    _act(d, f"target {d.game.name(target)}")
    d.apply_action(0)
    d.apply_action(0)
    assert d.game.has_keyword(target, keyword)
    a = d.active_player()
    _attack_with(d, attacker)
    assert d.decision() != "block", "nothing can block it"
    while d.step() != "end":
        d.apply_action(0)
    life = d.game.life(1 - a)
    d.apply_action(0)
    d.apply_action(0)
    return life


def test_the_keywords_come_after_the_others_in_the_kernels_order():
    """The observation's keyword bits are ``cardstate.KEYWORDS``'s: the combat restrictions and
    requirement come after wither, so no earlier bit moves, and all fit the 32 reserved."""
    names = tuple(cardstate.KEYWORDS)
    assert names == KEYWORDS, "the kernel's and the reference's order"
    assert names[18] == "wither"
    assert names[19:23] == (*RESTRICTIONS, REQUIREMENT)
    assert len(names) <= 32


@pytest.mark.parametrize("impl", IMPLS)
def test_vampire_soulcaller_cant_block_509_1a(impl):
    """'This creature can't block.' (509.1a): Vampire Soulcaller is no blocker, its controller's
    other creature is; its own attack is not restricted."""
    oracle(
        "Vampire Soulcaller",
        "Flying\nThis creature can't block.\nWhen this creature enters, return target creature "
        "card from your graveyard to your hand.",
    )
    assert coverage.card_coverage("Vampire Soulcaller", "fdn").playable
    d = _duel(impl)
    a = d.active_player()
    d.add_card(a, "Savannah Lions", "battlefield")
    soulcaller = d.add_card(1 - a, "Vampire Soulcaller", "battlefield")
    d.add_card(1 - a, "Serra Angel", "battlefield")
    assert d.game.has_keyword(soulcaller, "can't block")
    _attack_with(d, "Savannah Lions")
    assert d.decision() == "block"
    assert all("with Serra Angel" in w for w in _blocks(d)) and _blocks(d)
    _act(d, "no block with Serra Angel")
    assert d.decision() != "block", "Vampire Soulcaller is never asked"


@pytest.mark.parametrize("impl", IMPLS)
def test_vampire_soulcaller_returns_a_creature_card_as_it_enters(impl):
    """'When this creature enters, return target creature card from your graveyard to your
    hand.'"""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    for _ in range(5):
        d.add_card(a, "Swamp", "battlefield")
    d.add_card(a, "Savannah Lions", "graveyard")
    d.add_card(a, "Vampire Soulcaller", "hand")
    _act(d, "cast Vampire Soulcaller")
    d.apply_action(0)
    d.apply_action(0)  # it resolves: its trigger targets the graveyard card
    _act(d, "target Savannah Lions")
    d.apply_action(0)
    d.apply_action(0)
    assert "Savannah Lions" not in [d.game.name(x) for x in d.game.objects("graveyard", a)]
    assert "Savannah Lions" in d.hand(a)


@pytest.mark.parametrize("impl", IMPLS)
def test_sower_of_chaos_target_creature_cant_block_this_turn(impl):
    """'{2}{R}: Target creature can't block this turn.' — until end of turn (514.2): the
    creature is no blocker this turn and blocks again on the next."""
    oracle("Sower of Chaos", "{2}{R}: Target creature can't block this turn.")
    assert coverage.card_coverage("Sower of Chaos", "fdn").playable
    d = _duel(impl)
    a = d.active_player()
    for _ in range(3):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Sower of Chaos", "battlefield")
    lions = d.add_card(1 - a, "Savannah Lions", "battlefield")
    life = _unblocked_after_granting(d, "Sower of Chaos", lions, "can't block", "Sower of Chaos")
    assert life == 16
    assert not d.game.has_keyword(lions, "can't block"), "the effect ended at cleanup"


@pytest.mark.parametrize("impl", IMPLS)
def test_juggernaut_attacks_each_combat_and_walls_cant_block_it_508_1d_509_1b(impl):
    """'This creature attacks each combat if able.' (508.1d: the declaration doesn't offer it
    staying back) 'This creature can't be blocked by Walls.' (509.1b: Gleaming Barrier, a Wall,
    is no blocker of it; Savannah Lions is)."""
    oracle(
        "Juggernaut",
        "This creature attacks each combat if able.\nThis creature can't be blocked by Walls.",
    )
    assert coverage.card_coverage("Juggernaut", "fdn").playable
    d = _duel(impl)
    a = d.active_player()
    d.add_card(a, "Juggernaut", "battlefield")
    d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(1 - a, "Gleaming Barrier", "battlefield")
    d.add_card(1 - a, "Savannah Lions", "battlefield")
    _to(d, "attack")
    words = _words(d)
    # Asked about first (permanent order): attacking is its only choice.
    assert words == [w for w in words if w.startswith("attack with Juggernaut")] != []
    _attack_with(d, "Juggernaut")
    assert d.decision() == "block"
    seen = []
    while d.decision() == "block":
        seen += _blocks(d)
        _act(d, "no block with ")
    assert any("with Savannah Lions" in w for w in seen)
    assert not any("Gleaming Barrier" in w for w in seen)


@pytest.mark.parametrize("impl", IMPLS)
def test_a_creature_that_cant_attack_meets_no_requirement_508_1d(impl):
    """508.1d: the requirement binds only a creature able to attack: a summoning-sick
    Juggernaut (302.6) is no candidate, and the declaration goes on without it."""
    d = _duel(impl)
    a = d.active_player()
    d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(a, "Juggernaut", "hand")
    for _ in range(4):
        d.add_card(a, "Mountain", "battlefield")
    _act(d, "cast Juggernaut")
    d.apply_action(0)
    d.apply_action(0)
    _to(d, "attack")
    assert not any("Juggernaut" in w for w in _words(d))
    assert "no attack with Savannah Lions" in " ".join(_words(d))


@pytest.mark.parametrize("impl", IMPLS)
def test_rogues_passage_target_creature_cant_be_blocked_this_turn_509_1b(impl):
    """'{4}, {T}: Target creature can't be blocked this turn.' (509.1b): no creature of the
    defending player is asked to block it; the ability ends at cleanup (514.2). Its '{T}: Add
    {C}.' is tests/test_fdn_combat_restrictions.py's last test's."""
    oracle(
        "Rogue's Passage", "{T}: Add {C}.\n{4}, {T}: Target creature can't be blocked this turn."
    )
    assert coverage.card_coverage("Rogue's Passage", "fdn").playable
    d = _duel(impl)
    a = d.active_player()
    for _ in range(4):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Rogue's Passage", "battlefield")
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    d.add_card(1 - a, "Serra Angel", "battlefield")
    life = _unblocked_after_granting(
        d, "Rogue's Passage", lions, "can't be blocked", "Savannah Lions"
    )
    assert life == 18
    assert not d.game.has_keyword(lions, "can't be blocked")


@pytest.mark.parametrize("impl", IMPLS)
def test_a_restriction_granted_until_end_of_turn_is_kept_in_the_bytes(impl):
    """The granted restriction is the kernel's: a duel read back from its bytes has it too."""
    d = _duel(impl)
    a = d.active_player()
    for _ in range(3):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Sower of Chaos", "battlefield")
    lions = d.add_card(1 - a, "Savannah Lions", "battlefield")
    _act(d, "activate Sower of Chaos")
    _act(d, "target Savannah Lions")
    d.apply_action(0)
    d.apply_action(0)
    again = impl.from_bytes(d.to_bytes(), pool="fdn")
    assert again.game.has_keyword(lions, "can't block")
    assert again.legal_actions() == d.legal_actions()


def _attack_and_resolve_the_trigger(d, target, pay):
    """The active player attacks with Frenzied Goblin alone, targets ``target`` with its
    trigger and, asked whether to pay {R}, answers ``pay``; returns whether it was asked."""
    _to(d, "attack")
    while d.decision() == "attack":
        words = _words(d)
        _act(d, "attack with " if any("Frenzied Goblin" in w for w in words) else "no attack")
    asked = False
    while d.step() == "declare attackers":
        if d.decision() == "target":
            _act(d, f"target {target}")
        elif d.decision() == "yes_no":
            asked = True
            _act(d, "yes" if pay else "no")
        else:
            d.apply_action(0)
    return asked


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("pay", [True, False])
def test_frenzied_goblin_may_pay_r_so_a_creature_cant_block_608_2c(impl, pay):
    """'Whenever this creature attacks, you may pay {R}. If you do, target creature can't block
    this turn.' — paid, the target isn't asked to block; not paid, it blocks as before."""
    oracle(
        "Frenzied Goblin",
        "Whenever this creature attacks, you may pay {R}. If you do, target creature can't "
        "block this turn.",
    )
    assert coverage.card_coverage("Frenzied Goblin", "fdn").playable
    d = _duel(impl)
    a = d.active_player()
    d.add_card(a, "Frenzied Goblin", "battlefield")
    d.add_card(a, "Mountain", "battlefield")
    lions = d.add_card(1 - a, "Savannah Lions", "battlefield")
    assert _attack_and_resolve_the_trigger(d, "Savannah Lions", pay)
    assert d.game.has_keyword(lions, "can't block") == pay
    assert (d.decision() == "block") != pay


@pytest.mark.parametrize("impl", IMPLS)
def test_frenzied_goblin_without_mana_is_not_asked_118_3(impl):
    """A player who can't pay {R} isn't asked, and the effect doesn't happen ("if you do")."""
    d = _duel(impl)
    a = d.active_player()
    d.add_card(a, "Frenzied Goblin", "battlefield")
    lions = d.add_card(1 - a, "Savannah Lions", "battlefield")
    assert not _attack_and_resolve_the_trigger(d, "Savannah Lions", True)
    assert not d.game.has_keyword(lions, "can't block") and d.decision() == "block"


FLAMEWAKE = (
    "Flying, haste\nThis creature attacks each combat if able.\nFerocious — At the beginning of "
    "combat on your turn, if you control a creature with power 4 or greater, you may pay {R}. "
    "If you do, return this card from your graveyard to the battlefield."
)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("ferocious", [True, False])
def test_flamewake_phoenix_returns_at_the_beginning_of_combat_and_attacks(impl, ferocious):
    """Ferocious: with a creature of power 4 or greater (Sower of Chaos), the Phoenix in the
    graveyard triggers at the beginning of combat (507.1, 113.6k); {R} paid, it returns, and
    with haste it must attack (508.1d: no NO offered). Without one, it stays there."""
    oracle("Flamewake Phoenix", FLAMEWAKE)
    assert coverage.card_coverage("Flamewake Phoenix", "fdn").playable
    d = _duel(impl)
    a = d.active_player()
    d.add_card(a, "Flamewake Phoenix", "graveyard")
    d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Sower of Chaos" if ferocious else "Savannah Lions", "battlefield")
    asked = False
    while d.decision() != "attack":
        if d.decision() == "yes_no":
            asked = True
            _act(d, "yes")
        else:
            d.apply_action(0)
    assert asked == ferocious
    names = [d.game.name(x) for x in d.game.objects("battlefield", a)]
    assert ("Flamewake Phoenix" in names) == ferocious
    words = _words(d)
    if ferocious and any("Flamewake Phoenix" in w for w in words):
        assert not any(w.startswith("no attack") for w in words)
    phoenix_words = []
    while d.decision() == "attack":
        words = _words(d)
        if any("Flamewake Phoenix" in w for w in words):
            phoenix_words = words
        _act(d, "no attack" if any(w.startswith("no attack") for w in words) else "attack")
    assert bool(phoenix_words) == ferocious
    assert all(w.startswith("attack with Flamewake Phoenix") for w in phoenix_words)


@pytest.mark.parametrize("impl", IMPLS)
def test_rogues_passage_adds_colourless_mana_for_generic_costs_106_1b_107_4c(impl):
    """Rogue's Passage: '{T}: Add {C}.' Colourless mana (106.1b) pays generic mana only
    (107.4b): with the Passage alone, Heartfire Immolator ({1}{R}) isn't offered; with a
    Mountain too it is, and both pay. The payment taps the Passage first for generic mana (it
    pays nothing else), so Gleaming Barrier ({2}) leaves a Mountain untapped. Its own '{4},
    {T}' can't be paid with its own mana: with three Mountains it isn't offered (602.2b)."""
    d, a, passage = _with_rogues_passage(impl, "Heartfire Immolator")
    assert not any(w.startswith("cast Heartfire Immolator") for w in _words(d))
    mountain = d.add_card(a, "Mountain", "battlefield")
    _act(d, "cast Heartfire Immolator")
    assert d.game.is_tapped(passage) and d.game.is_tapped(mountain)
    d.apply_action(0)
    d.apply_action(0)
    assert d.game.name(d.game.objects("battlefield", a)[-1]) == "Heartfire Immolator"
    d, a, passage = _with_rogues_passage(impl, "Gleaming Barrier")
    mountains = [d.add_card(a, "Mountain", "battlefield") for _ in range(2)]
    _act(d, "cast Gleaming Barrier")
    assert d.game.is_tapped(passage)
    assert [d.game.is_tapped(m) for m in mountains] == [True, False]
    d, a, passage = _with_rogues_passage(impl, "Savannah Lions")
    d.add_card(a, "Savannah Lions", "battlefield")
    for _ in range(3):
        d.add_card(a, "Mountain", "battlefield")
    assert not any(w.startswith("activate Rogue's Passage") for w in _words(d))
    d.add_card(a, "Mountain", "battlefield")
    assert any(w.startswith("activate Rogue's Passage") for w in _words(d))


def _with_rogues_passage(impl, card):
    """A duel in its first main phase where the active player controls Rogue's Passage and has
    ``card`` in hand; returns the duel, the player and the Passage."""
    d = _duel(impl)
    a = d.active_player()
    passage = d.add_card(a, "Rogue's Passage", "battlefield")
    d.add_card(a, card, "hand")
    return d, a, passage


PASSAGES = _deck(
    {"Mountain": 10, "Rogue's Passage": 7},
    ["Heartfire Immolator", "Gleaming Barrier", "Juggernaut", "Frenzied Goblin", "Savannah Lions"],
)


@pytest.mark.parametrize("seed", [5, 6])
def test_rogues_passages_play_alike_in_both_duels(seed):
    """Random games of a deck paying with colourless mana (106.1b) and activating Rogue's
    Passage: the same legal actions, observations, outcome and bytes in both duels."""
    assert [c.name for c in coverage.coverage(PASSAGES) if not c.playable] == []
    play_alike(PASSAGES, ELVES, seed)
