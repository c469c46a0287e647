"""Banner of Kinship: "As this artifact enters, choose a creature type." (614.12, 607.2) — a
decision of its controller among the creature types of its cards (docs/DUEL.md), remembered by
the permanent; "This artifact enters with a fellowship counter on it for each creature you
control of the chosen type." (614.1c) and "Creatures you control of the chosen type get +1/+1
for each fellowship counter on this artifact." (613.4c, 205.3m: a creature's types now); in
the native and the reference duel alike."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards import coverage
from fdn_support import oracle
from test_fdn_duel import _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _pass_until, _words

BANNER = "Banner of Kinship"
FIREBRAND = "Fanatical Firebrand"  # {R}, a 1/1 Goblin Pirate
FRENZIED = "Frenzied Goblin"  # {R}, a 1/1 Goblin Berserker
LIONS = "Savannah Lions"  # {W}, a 2/1 Cat


def test_banner_of_kinship_text_and_coverage():
    """The Oracle text; the card is playable."""
    oracle(
        BANNER,
        "As this artifact enters, choose a creature type. This artifact enters with a "
        "fellowship counter on it for each creature you control of the chosen type.\n"
        "Creatures you control of the chosen type get +1/+1 for each fellowship counter on "
        "this artifact.",
    )
    assert coverage.card_coverage(BANNER).playable


def _banner_cast(impl):
    """The active player's first main phase with five Mountains, two Goblins and a Cat of its
    own and a Goblin of its opponent's (its library all Mountains); Banner of Kinship cast and
    resolved, its type not chosen yet. Returns the duel, the player and the creatures (its
    two Goblins, its Cat, the opponent's Goblin)."""
    d = _duel(impl, land="Mountain")
    a = d.active_player()
    for _ in range(5):
        d.add_card(a, "Mountain", "battlefield")
    goblins = d.add_card(a, FIREBRAND, "battlefield"), d.add_card(a, FRENZIED, "battlefield")
    cat = d.add_card(a, LIONS, "battlefield")
    theirs = d.add_card(1 - a, FIREBRAND, "battlefield")
    d.add_card(a, BANNER, "hand")
    _act(d, f"cast {BANNER}")
    _pass_until(d, lambda: d.decision() == "option")
    return d, a, (*goblins, cat, theirs)


@pytest.mark.parametrize("impl", IMPLS)
def test_its_controller_chooses_a_creature_type_among_its_cards_614_12(impl):
    """As it enters its controller chooses a creature type: those of its creature cards and
    permanents are offered, the most common first, then by name (the opponent's aren't, nor
    non-creature types); until then nothing gets a bonus and it has no counter."""
    d, a, (goblin, _, cat, _) = _banner_cast(impl)
    (banner,) = _named(d, a, BANNER)
    assert d.current_player() == a
    assert _words(d) == [
        f"choose {t} for {BANNER} ({banner})" for t in ("Goblin", "Berserker", "Cat", "Pirate")
    ]
    assert d.game.count(banner, "fellowship") == 0
    assert (d.game.power(goblin), d.game.power(cat)) == (1, 2)


@pytest.mark.parametrize("impl", IMPLS)
def test_it_enters_with_a_fellowship_counter_for_each_creature_of_the_type_614_1c(impl):
    """Goblin chosen: two fellowship counters (its controller's two Goblins, not the
    opponent's); its Goblins get +2/+2, its Cat and the opponent's Goblin nothing; a Goblin
    entering later gets it too, the counters staying two."""
    d, a, (goblin, frenzied, cat, theirs) = _banner_cast(impl)
    _act(d, "choose Goblin")
    assert d.decision() == "priority"
    (banner,) = _named(d, a, BANNER)
    assert d.game.count(banner, "fellowship") == 2
    assert (d.game.power(goblin), d.game.toughness(goblin)) == (3, 3)
    assert (d.game.power(frenzied), d.game.toughness(frenzied)) == (3, 3)
    assert (d.game.power(cat), d.game.toughness(cat)) == (2, 1)
    assert (d.game.power(theirs), d.game.toughness(theirs)) == (1, 1)
    later = d.add_card(a, FIREBRAND, "battlefield")
    _pass_until(d, lambda: d.decision() == "priority")
    assert (d.game.power(later), d.game.toughness(later)) == (3, 3)
    assert d.game.count(banner, "fellowship") == 2


@pytest.mark.parametrize("impl", IMPLS)
def test_the_bonus_is_for_each_fellowship_counter(impl):
    """Cat chosen: one counter (its one Cat), its Cat 3/2, its Goblins 1/1."""
    d, a, (goblin, frenzied, cat, _) = _banner_cast(impl)
    _act(d, "choose Cat")
    (banner,) = _named(d, a, BANNER)
    assert d.game.count(banner, "fellowship") == 1
    assert (d.game.power(cat), d.game.toughness(cat)) == (3, 2)
    assert (d.game.power(goblin), d.game.power(frenzied)) == (1, 1)


@pytest.mark.parametrize("impl", IMPLS)
def test_with_no_creature_card_no_type_is_offered_and_none_matters(impl):
    """A player with no creature card (its library and hand all Mountains, no creature): no
    decision; the Banner enters with no counter."""
    d = _duel(impl, land="Mountain")
    a = d.active_player()
    for _ in range(5):
        d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, BANNER, "hand")
    _act(d, f"cast {BANNER}")
    _pass_until(d, lambda: bool(_named(d, a, BANNER)) and d.decision() == "priority")
    assert d.decision() == "priority"
    (banner,) = _named(d, a, BANNER)
    assert d.game.count(banner, "fellowship") == 0


BANNERS = _deck(
    {"Mountain": 9, "Plains": 8},
    [BANNER, FIREBRAND, FRENZIED, LIONS, "Goblin Boarders", "Giant Growth"],
)


@pytest.mark.parametrize("seed", [1, 2])
def test_banners_of_kinship_play_alike_in_both_duels(seed):
    """Random games casting Banner of Kinship whenever offered: the same legal actions,
    observations, outcome and bytes in both duels."""
    _, seen = duel_support.play_alike(
        BANNERS,
        BANNERS,
        seed,
        pool="fdn",
        format="limited",
        prefer=lambda w: w.startswith(f"cast {BANNER}") or w.startswith("choose Goblin"),
    )
    assert seen > 0
