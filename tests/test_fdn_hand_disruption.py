"""Hand disruption and punishers: Pilfer's revealed hand (701.20a) and the card its caster
chooses from it for that player to discard (701.9b); Painful Quandary and Perforating Artist,
whose punished player chooses to lose life or sacrifice or discard (608.2d) — each Oracle text
quoted and played in the native and the reference duel alike: who decides, what each option
says, where the cards end up, the life totals, and what ``resample`` keeps of a revealed
hand."""

from __future__ import annotations

import pytest
from fdn_support import oracle
from test_fdn_cards_library import OPTIONS_AT
from test_fdn_duel_choices import IMPLS, _act, _duel, _words
from test_fdn_duel_modes import _lands, _to_end_step

PILFER = (
    "Target opponent reveals their hand. You choose a nonland card from it. That player "
    "discards that card."
)


def _graveyard(d, p):
    return sorted(d.game.name(x) for x in d.game.objects("graveyard", p))


def _pilfer(impl, theirs):
    """The active player casts Pilfer at its opponent, who holds its seven Swamps and
    ``theirs``; played on until the caster's choice, or the spell is gone."""
    oracle("Pilfer", PILFER)
    d = _duel(impl)
    a = d.active_player()
    b = 1 - a
    for name in theirs:
        d.add_card(b, name, "hand")
    _lands(d, a, "Swamp", 2)
    d.add_card(a, "Pilfer", "hand")
    _act(d, "cast Pilfer")
    _act(d, "target player")
    for _ in range(6):
        if d.decision() == "choose_card" or _graveyard(d, a):
            break
        d.apply_action(0)
    return d, a, b


@pytest.mark.parametrize("impl", IMPLS)
def test_pilfer_the_caster_chooses_a_nonland_card_of_the_revealed_hand_701_9b(impl):
    """The caster chooses among the nonland cards of its opponent's hand (its lands are not
    offered, nor nothing: a nonland card is chosen when there is one); the options are shown
    to the caster only; the card chosen goes to its owner's graveyard, the others stay."""
    d, a, b = _pilfer(impl, ["Stab", "Vampire Nighthawk"])
    assert d.decision() == "choose_card"
    assert d.current_player() == a
    assert _words(d) == ["find Stab (option 0)", "find Vampire Nighthawk (option 1)"]
    assert d.observation_tensor(a)[OPTIONS_AT] == 1
    assert not d.observation_tensor(b)[OPTIONS_AT:].any()
    size = len(d.hand(b))
    _act(d, "find Vampire Nighthawk")
    assert _graveyard(d, b) == ["Vampire Nighthawk"]
    assert sorted(d.hand(b)) == sorted(["Stab"] + ["Swamp"] * (size - 2))
    assert _graveyard(d, a) == ["Pilfer"]


@pytest.mark.parametrize("impl", IMPLS)
def test_pilfer_with_only_lands_in_the_revealed_hand_discards_nothing(impl):
    """No nonland card in the hand: nothing is chosen, nothing discarded, and no decision."""
    d, a, b = _pilfer(impl, [])
    hand = d.hand(b)
    assert d.decision() != "choose_card"
    assert _graveyard(d, a) == ["Pilfer"]
    assert d.hand(b) == hand
    assert _graveyard(d, b) == []


@pytest.mark.parametrize("impl", IMPLS)
def test_pilfer_the_revealed_hand_stays_known_to_the_caster_in_resample(impl):
    """The caster saw the hand: every determinization of the caster's keeps its cards there
    (Stab, dealt at random, would be in the library of most copies otherwise); the opponent's
    own copies know its hand anyway. The card discarded is no longer kept there, and a card
    the opponent gets after the reveal isn't known."""
    d, a, b = _pilfer(impl, ["Stab", "Vampire Nighthawk"])
    _act(d, "find Vampire Nighthawk")
    hand = sorted(d.hand(b))
    for seed in range(12):
        assert sorted(d.resample(a, seed).hand(b)) == hand
    # Stab joins a hand revealed before: it is in the hand of only some copies.
    d, a, b = _pilfer(impl, [])
    d.add_card(b, "Stab", "hand")
    assert any("Stab" not in d.resample(a, seed).hand(b) for seed in range(12))


def test_pilfer_both_duels_deal_the_same_copies():
    """The native and the reference duel keep the same revealed cards and deal the rest alike:
    each seed's copy holds the same hand (a prior's too), the observation the same."""
    copies = []
    for impl in IMPLS:
        d, a, b = _pilfer(impl, ["Stab", "Vampire Nighthawk"])
        _act(d, "find Stab")
        d.add_card(b, "Stab", "hand")
        prior = {"Stab": 1, "Swamp": 3}
        copies.append(
            [
                (r.hand(b), r.observation_tensor(a).tolist())
                for seed in range(8)
                for r in (d.resample(a, seed), d.resample(a, seed, prior=prior))
            ]
        )
    assert copies[0] == copies[1]


QUANDARY = (
    "Whenever an opponent casts a spell, that player loses 5 life unless they discard a card."
)


def _quandary(impl):
    """The active player casts Phyrexian Arena while its opponent controls Painful Quandary;
    played on until the caster's decision."""
    oracle("Painful Quandary", QUANDARY)
    d = _duel(impl)
    a = d.active_player()
    d.add_card(1 - a, "Painful Quandary", "battlefield")
    _lands(d, a, "Swamp", 3)
    d.add_card(a, "Phyrexian Arena", "hand")
    _act(d, "cast Phyrexian Arena")
    for _ in range(6):
        if d.decision() == "yes_no":
            break
        d.apply_action(0)
    return d, a


@pytest.mark.parametrize("impl", IMPLS)
def test_painful_quandary_the_caster_loses_5_life_unless_they_discard_608_2d(impl):
    """An opponent casts a spell: the trigger (its controller's) asks that player, not its
    controller, whether it discards; declining, it loses 5 life and keeps its hand."""
    d, a = _quandary(impl)
    assert d.current_player() == a
    assert _words(d) == ["yes, discard a card rather than lose 5 life", "no, don't discard a card"]
    hand = d.hand(a)
    _act(d, "no")
    assert d.game.life(a) == 15
    assert d.hand(a) == hand
    assert _graveyard(d, a) == []


@pytest.mark.parametrize("impl", IMPLS)
def test_painful_quandary_a_discard_instead_keeps_the_life(impl):
    """Choosing to discard, the player chooses the card (the ``discard`` decision, its own
    hand's slots) and loses no life."""
    d, a = _quandary(impl)
    _act(d, "yes")
    assert d.decision() == "discard"
    assert d.current_player() == a
    size = len(d.hand(a))
    _act(d, "discard Swamp")
    assert d.game.life(a) == 20
    assert len(d.hand(a)) == size - 1
    assert _graveyard(d, a) == ["Swamp"]


@pytest.mark.parametrize("impl", IMPLS)
def test_painful_quandary_doesnt_trigger_on_its_controllers_spells(impl):
    """ "Whenever an opponent casts a spell": its controller's own spell triggers nothing."""
    oracle("Painful Quandary", QUANDARY)
    d = _duel(impl)
    a = d.active_player()
    d.add_card(a, "Painful Quandary", "battlefield")
    _lands(d, a, "Swamp", 3)
    d.add_card(a, "Phyrexian Arena", "hand")
    _act(d, "cast Phyrexian Arena")
    for _ in range(6):
        assert d.decision() != "yes_no"
        d.apply_action(0)
    assert d.game.life(a) == 20
    assert [d.game.name(x) for x in d.battlefield(a)].count("Phyrexian Arena") == 1


ARTIST = (
    "Deathtouch (Any amount of damage this deals to a creature is enough to destroy it.)\nRaid "
    "— At the beginning of your end step, if you attacked this turn, each opponent loses 3 "
    "life unless that player sacrifices a nonland permanent of their choice or discards a card."
)


def _artist(impl, theirs, attack=True):
    """The active player's Perforating Artist attacks (or not), unblocked, its opponent
    holding the permanents ``theirs`` and a Swamp; played on to the end step's decision."""
    oracle("Perforating Artist", ARTIST)
    d = _duel(impl)
    a = d.active_player()
    b = 1 - a
    d.add_card(a, "Perforating Artist", "battlefield")
    d.add_card(b, "Swamp", "battlefield")
    for name in theirs:
        d.add_card(b, name, "battlefield")
    while d.step() != "declare attackers":
        d.apply_action(d.legal_actions()[0])
    _act(d, "attack with Perforating Artist" if attack else "no attack")
    _to_end_step(d)
    for _ in range(6):
        if d.decision() == "yes_no" or d.step() != "end":
            break
        d.apply_action(0)
    return d, a, b


@pytest.mark.parametrize("impl", IMPLS)
def test_perforating_artist_raid_each_opponent_chooses_sacrifice_discard_or_life(impl):
    """Having attacked (3 combat damage: 17 life), the opponent is asked first whether it
    sacrifices a nonland permanent (its Swamp is none), then whether it discards; declining
    both, it loses 3 life."""
    d, a, b = _artist(impl, ["Vampire Nighthawk"])
    assert d.game.life(b) == 17
    assert d.current_player() == b
    assert _words(d) == [
        "yes, sacrifice a permanent rather than lose 3 life",
        "no, don't sacrifice a permanent",
    ]
    _act(d, "no")
    assert d.current_player() == b
    assert _words(d) == ["yes, discard a card rather than lose 3 life", "no, don't discard a card"]
    _act(d, "no")
    assert d.game.life(b) == 14
    assert sorted(d.game.name(x) for x in d.battlefield(b)) == ["Swamp", "Vampire Nighthawk"]


@pytest.mark.parametrize("impl", IMPLS)
def test_perforating_artist_the_opponent_sacrifices_its_one_nonland_permanent(impl):
    """With one nonland permanent, choosing to sacrifice sacrifices it (no other decision);
    the Swamp stays and no life is lost."""
    d, a, b = _artist(impl, ["Vampire Nighthawk"])
    _act(d, "yes")
    assert d.game.life(b) == 17
    assert [d.game.name(x) for x in d.battlefield(b)] == ["Swamp"]
    assert _graveyard(d, b) == ["Vampire Nighthawk"]


@pytest.mark.parametrize("impl", IMPLS)
def test_perforating_artist_the_opponent_chooses_which_nonland_permanent(impl):
    """With two, the opponent chooses which (the ``sacrifice`` decision over its nonland
    permanents only)."""
    d, a, b = _artist(impl, ["Vampire Nighthawk", "Phyrexian Arena"])
    _act(d, "yes")
    assert d.decision() == "sacrifice"
    assert d.current_player() == b
    assert sorted(w.split(" (")[0] for w in _words(d)) == [
        "sacrifice Phyrexian Arena",
        "sacrifice Vampire Nighthawk",
    ]
    _act(d, "sacrifice Phyrexian Arena")
    assert d.game.life(b) == 17
    assert _graveyard(d, b) == ["Phyrexian Arena"]


@pytest.mark.parametrize("impl", IMPLS)
def test_perforating_artist_only_a_discard_with_no_nonland_permanent(impl):
    """With only a land, the sacrifice isn't offered: the discard is asked at once; a card
    discarded, no life is lost."""
    d, a, b = _artist(impl, [])
    assert _words(d)[0] == "yes, discard a card rather than lose 3 life"
    _act(d, "yes")
    _act(d, "discard Swamp")
    assert d.game.life(b) == 17
    assert _graveyard(d, b) == ["Swamp"]


@pytest.mark.parametrize("impl", IMPLS)
def test_perforating_artist_raid_without_an_attack_nothing_happens(impl):
    """No attack this turn: the raid ability doesn't trigger (603.4)."""
    d, a, b = _artist(impl, ["Vampire Nighthawk"], attack=False)
    assert d.decision() != "yes_no"
    assert d.game.life(b) == 20
