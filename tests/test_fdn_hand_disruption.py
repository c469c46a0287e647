"""Hand disruption: Pilfer's revealed hand (701.20a) and the card its caster chooses from it for
that player to discard (701.9b) — the Oracle text quoted and played in the native and the
reference duel alike: the caster's ``choose_card`` decision, what each observation shows, where
the cards end up, and what ``resample`` keeps of the revealed hand."""

from __future__ import annotations

import pytest
from fdn_support import oracle
from test_fdn_cards_library import OPTIONS_AT
from test_fdn_duel_choices import IMPLS, _act, _duel, _words
from test_fdn_duel_modes import _lands

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
