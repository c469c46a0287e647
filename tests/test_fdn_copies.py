"""Foundations cards that create a token that's a copy of a permanent (707.2, 111.1): the
token is its card's printed values, not the counters or effects on what it copies; in the
native and the reference duel alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _pass_until
from test_fdn_duel_modes import _lands

SELF_REFLECTION = (
    "Create a token that's a copy of target creature you control.\nFlashback {3}{U} (You may "
    "cast this card from your graveyard for its flashback cost. Then exile it.)"
)
HORDE = (
    "Whenever you draw your second card each turn, create a token that's a copy of this creature."
)
ELECTRODUPLICATE = (
    "Create a token that's a copy of target creature you control, except it has haste and \"At "
    'the beginning of the end step, sacrifice this token."\nFlashback {2}{R}{R} (You may cast '
    "this card from your graveyard for its flashback cost. Then exile it.)"
)
REPLICATION = (
    "At the beginning of your upkeep, create a token that's a copy of another target nonland "
    "permanent you control."
)


def test_the_copy_cards_text_and_coverage():
    """The Oracle texts; each card is playable."""
    for name, text in (
        ("Self-Reflection", SELF_REFLECTION),
        ("Homunculus Horde", HORDE),
        ("Extravagant Replication", REPLICATION),
        ("Electroduplicate", ELECTRODUPLICATE),
    ):
        oracle(name, text)
        assert coverage.card_coverage(name).playable, name


@pytest.mark.parametrize("impl", IMPLS)
def test_self_reflection_copies_the_card_not_its_counters_707_2(impl):
    """CR 707.2: the copiable values are the printed ones. Nine-Lives Familiar, cast, entered
    with eight revival counters (614.1c); its token copy, a 1/1 Cat named Nine-Lives Familiar
    under the caster's control (111.1), has none."""
    d = _duel(impl, land="Island")
    a = d.active_player()
    _lands(d, a, "Island", 6)
    _lands(d, a, "Swamp", 3)
    d.add_card(a, "Nine-Lives Familiar", "hand")
    d.add_card(a, "Self-Reflection", "hand")
    _act(d, "cast Nine-Lives Familiar")
    _pass_until(d, lambda: bool(_named(d, a, "Nine-Lives Familiar")))
    (cat,) = _named(d, a, "Nine-Lives Familiar")
    assert d.game.counters(cat) == {"revival": 8}
    _act(d, "cast Self-Reflection")
    _act(d, "target Nine-Lives Familiar")
    _pass_until(d, lambda: len(_named(d, a, "Nine-Lives Familiar")) == 2)
    (token,) = [x for x in _named(d, a, "Nine-Lives Familiar") if x != cat]
    assert d.game.is_token(token) and d.game.counters(token) == {}
    assert (d.game.power(token), d.game.toughness(token)) == (1, 1)
    assert _named(d, 1 - a, "Nine-Lives Familiar") == []


@pytest.mark.parametrize("impl", IMPLS)
def test_electroduplicate_copies_with_haste_and_sacrifices_it_at_the_end_step_707_9b(impl):
    """CR 707.9b: the exceptions are part of the copy. The token copy of Shivan Dragon can
    attack at once (haste: a creature new this turn otherwise can't, 302.6), as the Dragon
    does; at the beginning of the end step the token is sacrificed (and ceases to exist,
    704.5d); the Dragon stays."""
    d = _duel(impl, land="Mountain")
    a = d.active_player()
    _lands(d, a, "Mountain", 3)
    dragon = d.add_card(a, "Shivan Dragon", "battlefield")
    d.add_card(a, "Electroduplicate", "hand")
    _act(d, "cast Electroduplicate")
    _act(d, "target Shivan Dragon")
    _pass_until(d, lambda: len(_named(d, a, "Shivan Dragon")) == 2)
    (token,) = [x for x in _named(d, a, "Shivan Dragon") if x != dragon]
    assert d.game.is_token(token) and d.game.has_keyword(token, "haste")
    attacks = 0
    while d.step() != "end":
        attacks += d.decision() == "attack"
        d.apply_action(d.legal_actions()[0])
    assert attacks == 2  # the Dragon, and the token new this turn thanks to haste (302.6)
    _pass_until(d, lambda: len(_named(d, a, "Shivan Dragon")) == 1)
    assert _named(d, a, "Shivan Dragon") == [dragon] and d.step() == "end"


@pytest.mark.parametrize("impl", IMPLS)
def test_homunculus_horde_copies_itself_on_the_second_draw(impl):
    """ "Whenever you draw your second card each turn": the Horde's controller draws its
    turn's card, then a second one (Think Twice): a token copy of the Horde enters."""
    d = _duel(impl, land="Island")
    a = d.active_player()
    d.add_card(a, "Homunculus Horde", "battlefield")
    _next_turn_of(d, a)
    _lands(d, a, "Island", 2)
    d.add_card(a, "Think Twice", "hand")
    assert len(_named(d, a, "Homunculus Horde")) == 1
    _act(d, "cast Think Twice")
    _pass_until(d, lambda: len(_named(d, a, "Homunculus Horde")) == 2)
    assert sum(d.game.is_token(x) for x in _named(d, a, "Homunculus Horde")) == 1


@pytest.mark.parametrize("impl", IMPLS)
def test_extravagant_replication_copies_another_nonland_permanent_each_upkeep(impl):
    """At the beginning of its controller's upkeep it copies another nonland permanent of
    theirs (its target): a Serra Angel; the Replication itself and the lands are no
    choice."""
    d = _duel(impl, land="Island")
    a = d.active_player()
    d.add_card(a, "Extravagant Replication", "battlefield")
    d.add_card(a, "Serra Angel", "battlefield")
    t = d.turn()
    while not (d.active_player() == a and d.turn() > t and d.decision() == "target"):
        d.apply_action(d.legal_actions()[0])
    words = [d.action_to_string(x) for x in d.legal_actions()]
    assert all("Serra Angel" in w for w in words)
    _act(d, "target Serra Angel")
    _pass_until(d, lambda: len(_named(d, a, "Serra Angel")) == 2)
    assert d.step() == "upkeep"


COPIERS = _deck(
    {"Island": 11, "Mountain": 6},
    [
        "Electroduplicate",
        "Homunculus Horde",
        "Self-Reflection",
        "Extravagant Replication",
        "Think Twice",
        "Erudite Wizard",
        "Spectral Sailor",
    ],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_copies_play_alike_in_both_duels(seed):
    """Random games of a deck of the copy cards, cast whenever offered: the same legal
    actions, observations, outcome and bytes in both duels."""

    def prefer(words: str) -> bool:
        return words.startswith(
            ("cast Self-Reflection", "cast Homunculus", "cast Extravagant", "cast Electrod")
        )

    _, seen = duel_support.play_alike(
        COPIERS, COPIERS, seed, pool="fdn", format="limited", prefer=prefer
    )
    assert seen > 0
