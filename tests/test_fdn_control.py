"""Control and ownership, their Oracle texts quoted and shown in the native and the reference
duel alike. Involuntary Employment's "Gain control of target creature until end of turn"
(613.1b, layer 2): the creature changes battlefields, has summoning sickness under its new
controller (302.6: hence the haste), returns at cleanup (514.2), and goes to its owner's
graveyard if it dies (108.3, 404.2). Rise of the Dark Realms' "onto the battlefield under your
control" (110.2): the cards of both graveyards enter under its caster's control for good, their
"when this enters" abilities its caster's, and dying go back to their owners' graveyards."""

from __future__ import annotations

import duel_support
import pytest
from cardstate.cards.compile import compile_card
from cardstate.cards.vocab import Card, Each, Filter, ReturnToBattlefield, Spell
from fdn_support import oracle
from test_fdn_duel import BOROS, _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _pass_until
from test_fdn_duel_modes import _lands

RISE_OF_THE_DARK_REALMS = (
    "Put all creature cards from all graveyards onto the battlefield under your control."
)
INVOLUNTARY_EMPLOYMENT = (
    "Gain control of target creature until end of turn. Untap that creature. It gains haste "
    "until end of turn. Create a Treasure token. (It's an artifact with \"{T}, Sacrifice this "
    'token: Add one mana of any color.")'
)


def _names(d, zone, p):
    return [d.game.name(x) for x in d.game.objects(zone, p)]


def _employ(d, a, target="Savannah Lions"):
    """Player a, in its first main phase, casts Involuntary Employment on ``target`` and lets
    it resolve."""
    _lands(d, a, "Mountain", 4)
    d.add_card(a, "Involuntary Employment", "hand")
    _act(d, "cast Involuntary Employment")
    _act(d, f"target {target}")
    while d.game.objects("stack"):
        d.apply_action(0)


@pytest.mark.parametrize("impl", IMPLS)
def test_involuntary_employment_steals_untaps_and_attacks_with_haste_613_1b(impl):
    """The opponent's Savannah Lions attacked on its turn and is still tapped: cast on it, the
    Lions is the caster's (613.1b), untapped, with haste (302.6 would keep a creature that just
    came under its control from attacking), and there is a Treasure; it attacks its owner for
    2. At cleanup (514.2) it returns to its owner, who attacks with it on its own turn."""
    oracle("Involuntary Employment", INVOLUNTARY_EMPLOYMENT)
    d = _duel(impl, "Mountain")
    a = d.active_player()
    b = 1 - a
    (lions,) = [d.add_card(b, "Savannah Lions", "battlefield")]
    _next_turn_of(d, b)
    while d.decision() != "attack":
        d.apply_action(0)
    _act(d, "attack with Savannah Lions")
    _next_turn_of(d, a)
    assert d.game.life(a) == 18 and d.game.is_tapped(lions)
    _employ(d, a)
    assert _named(d, a, "Savannah Lions") == [lions] and _named(d, b, "Savannah Lions") == []
    assert d.game.controller(lions) == a and d.game.owner(lions) == b
    assert not d.game.is_tapped(lions)
    assert len(_named(d, a, "Treasure Token")) == 1
    while d.decision() != "attack":
        d.apply_action(0)
    _act(d, "attack with Savannah Lions")
    while d.step() != "end":
        d.apply_action(0)
    assert d.game.life(b) == 18
    assert d.game.controller(lions) == a
    _next_turn_of(d, b)
    assert _named(d, b, "Savannah Lions") == [lions] and _named(d, a, "Savannah Lions") == []
    while d.decision() != "attack":
        d.apply_action(0)
    _act(d, "attack with Savannah Lions")
    _next_turn_of(d, a)
    assert d.game.life(a) == 16


@pytest.mark.parametrize("impl", IMPLS)
def test_a_stolen_creature_that_dies_goes_to_its_owner_s_graveyard_404_2(impl):
    """The stolen Lions attacks and the opponent's Serra Angel blocks it: it dies, into its
    owner's graveyard (404.2), not its controller's."""
    d = _duel(impl, "Mountain")
    a = d.active_player()
    b = 1 - a
    d.add_card(b, "Savannah Lions", "battlefield")
    d.add_card(b, "Serra Angel", "battlefield")
    _employ(d, a)
    while d.decision() != "attack":
        d.apply_action(0)
    _act(d, "attack with Savannah Lions")
    while d.decision() != "block":
        d.apply_action(0)
    _act(d, "block Savannah Lions")
    while d.step() != "end":
        d.apply_action(0)
    assert _names(d, "graveyard", b) == ["Savannah Lions"]
    assert _names(d, "graveyard", a) == ["Involuntary Employment"]


@pytest.mark.parametrize("impl", IMPLS)
def test_gaining_control_of_your_own_creature_changes_nothing_613_1b(impl):
    """Cast on its caster's own creature, which came under its control before the turn
    began: it stays its caster's after cleanup too, untapped, and a Treasure is made."""
    d = _duel(impl, "Mountain")
    a = d.active_player()
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    _employ(d, a)
    assert d.game.controller(lions) == a
    _next_turn_of(d, 1 - d.active_player())
    assert d.game.controller(lions) == a
    assert len(_named(d, a, "Treasure Token")) == 1


THIEVES = _deck(
    {"Mountain": 17},
    ["Involuntary Employment", "Savannah Lions", "Fanatical Firebrand", "Courageous Goblin"],
)


RAISERS = _deck(
    {"Swamp": 26},
    ["Rise of the Dark Realms", "Burglar Rat", "Stab", "Vampire Nighthawk"],
)


@pytest.mark.parametrize(
    ("deck", "card", "seed"),
    [
        (THIEVES, "Involuntary Employment", 1),
        (THIEVES, "Involuntary Employment", 2),
        (RAISERS, "Rise of the Dark Realms", 1),
    ],
)
def test_control_changes_play_alike_in_both_duels(deck, card, seed):
    """Random games with the card cast whenever it can be: the same actions, observations (a
    permanent controlled by another than its owner) and bytes in both."""

    def cast(w):
        return w.startswith(f"cast {card}")

    _, seen = duel_support.play_alike(deck, BOROS, seed, pool="fdn", format="limited", prefer=cast)
    assert seen > 0


def _rise(d, a):
    """Player a, in its first main phase, casts Rise of the Dark Realms and lets it resolve."""
    _lands(d, a, "Swamp", 9)
    d.add_card(a, "Rise of the Dark Realms", "hand")
    _act(d, "cast Rise of the Dark Realms")
    while d.game.objects("stack"):
        d.apply_action(0)


@pytest.mark.parametrize("impl", IMPLS)
def test_rise_of_the_dark_realms_takes_both_graveyards_creatures_110_2(impl):
    """Each graveyard holds a creature card and a Stab: both creature cards enter under the
    caster's control (110.2), the opponent's still owned by the opponent (108.3); the Stabs
    stay (not creature cards). The opponent's Burglar Rat's "each opponent discards a card" is
    its new controller's: the opponent discards. Both are new under the caster's control (302.6): no
    attack this turn; they stay its after the turn ends (no "until end of turn")."""
    oracle("Rise of the Dark Realms", RISE_OF_THE_DARK_REALMS)
    d = _duel(impl, "Swamp")
    a = d.active_player()
    b = 1 - a
    d.add_card(a, "Savannah Lions", "graveyard")
    d.add_card(a, "Stab", "graveyard")
    d.add_card(b, "Burglar Rat", "graveyard")
    d.add_card(b, "Stab", "graveyard")
    hand = len(d.hand(b))
    _rise(d, a)
    _pass_until(d, lambda: d.decision() == "discard")
    assert d.current_player() == b
    d.apply_action(d.legal_actions()[0])
    (lions,) = _named(d, a, "Savannah Lions")
    (rat,) = _named(d, a, "Burglar Rat")
    assert d.game.owner(rat) == b and d.game.controller(rat) == a
    assert _named(d, b, "Burglar Rat") == []
    assert _names(d, "graveyard", a) == ["Stab", "Rise of the Dark Realms"]
    # The opponent's Stab stays; the card it discarded joins it.
    assert _names(d, "graveyard", b)[0] == "Stab" and len(_names(d, "graveyard", b)) == 2
    assert len(d.hand(b)) == hand - 1
    turn = d.turn()
    while d.turn() == turn:
        assert d.decision() != "attack"
        d.apply_action(d.legal_actions()[0])
    assert _named(d, a, "Burglar Rat") == [rat] and d.game.controller(lions) == a


@pytest.mark.parametrize("impl", IMPLS)
def test_a_creature_put_onto_the_battlefield_under_your_control_dies_into_its_owner_s_404_2(
    impl,
):
    """The opponent's Savannah Lions, put onto the battlefield under the caster's control, is
    given -2/-2 by the caster's Stab: it dies into its owner's graveyard (404.2)."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    b = 1 - a
    d.add_card(b, "Savannah Lions", "graveyard")
    _rise(d, a)
    d.add_card(a, "Swamp", "battlefield")
    d.add_card(a, "Stab", "hand")
    _act(d, "cast Stab")
    _act(d, "target Savannah Lions")
    while d.game.objects("stack"):
        d.apply_action(0)
    assert _names(d, "graveyard", b) == ["Savannah Lions"]
    assert _names(d, "graveyard", a) == ["Rise of the Dark Realms", "Stab"]


def test_a_return_under_your_control_is_a_plain_one():
    """ "… onto the battlefield under your control" with "tapped" is refused as the card is
    compiled, naming what is wrong."""
    card = Card(
        "Bad Rise",
        ("sorcery",),
        cost="{B}",
        abilities=(
            Spell(
                ReturnToBattlefield(
                    Each(Filter(types=("creature",), zone="graveyard")),
                    tapped=True,
                    under_your_control=True,
                )
            ),
        ),
    )
    with pytest.raises(ValueError, match="under your control is a plain one"):
        compile_card(card)


@pytest.mark.parametrize("impl", IMPLS)
def test_put_under_your_control_it_enters_as_yours_614_12(impl):
    """The opponent's Authority of the Consuls ("Creatures your opponents control enter
    tapped. Whenever a creature an opponent controls enters, you gain 1 life."): the
    opponent's own Savannah Lions, put onto the battlefield under the caster's control, is a
    creature an opponent of the Authority's controller controls as it enters (110.2, 614.12):
    it enters tapped, as the caster's Burglar Rat does, and the opponent gains 1 life for each."""
    d = _duel(impl, "Swamp")
    a = d.active_player()
    b = 1 - a
    d.add_card(b, "Authority of the Consuls", "battlefield")
    d.add_card(b, "Savannah Lions", "graveyard")
    d.add_card(a, "Burglar Rat", "graveyard")
    _rise(d, a)
    assert [
        d.is_tapped(x) for x in _named(d, a, "Savannah Lions") + _named(d, a, "Burglar Rat")
    ] == [
        True,
        True,
    ]
    _pass_until(d, lambda: d.game.life(b) == 22)
