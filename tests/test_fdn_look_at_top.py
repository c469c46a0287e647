"""Looking at the top cards of a library and choosing one (401.4): Gutless Plunderer, Squad
Rallier and Vivien Reid's +1; each card's Oracle text quoted and shown doing it in the native
and the reference duel alike — the looking player's ``choose_card`` decision, what each
player's observation shows, where the cards end up."""

from __future__ import annotations

from collections import Counter

import duel_support
import pytest
from cardstate import cards
from cardstate.cards import coverage
from fdn_support import FDN, library, oracle, put
from test_fdn_cards_library import OPTIONS_AT
from test_fdn_duel import BOROS, _deck
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _next_turn_of, _pass_until, _words
from test_fdn_duel_modes import _lands

PLUNDERER = (
    "Deathtouch (Any amount of damage this deals to a creature is enough to destroy it.)\nRaid "
    "— When this creature enters, if you attacked this turn, look at the top three cards of "
    "your library. You may put one of those cards back on top of your library. Put the rest "
    "into your graveyard."
)


def _stack_library(d, p, names):
    """Puts ``names`` on top of p's library, the first named on top."""
    for name in reversed(names):
        d.add_card(p, name, "library")


def _graveyard(d, p):
    return sorted(d.game.name(x) for x in d.game.objects("graveyard", p))


def _raid(impl, land, lands, card, names, attack=True):
    """A duel where the active player, having attacked with Savannah Lions or not, casts
    ``card`` with ``lands`` of ``land`` in its second main phase over a library topped by
    ``names``; played on until its trigger's decision, or the end step."""
    d = _duel(impl, land)
    a = d.active_player()
    d.add_card(a, "Savannah Lions", "battlefield")
    _lands(d, a, land, lands)
    d.add_card(a, card, "hand")
    _stack_library(d, a, names)
    while d.step() != "declare attackers":
        d.apply_action(d.legal_actions()[0])
    _act(d, "attack with Savannah Lions" if attack else "no attack")
    while d.step() != "main2":
        d.apply_action(d.legal_actions()[0])
    _act(d, f"cast {card}")
    while d.step() == "main2" and d.decision() != "choose_card":
        d.apply_action(0)
    return d, a


def _plunderer(impl, attack):
    """Gutless Plunderer cast after attacking or not, over Stab, Forest and Grim Tutor."""
    oracle("Gutless Plunderer", PLUNDERER)
    return _raid(impl, "Swamp", 3, "Gutless Plunderer", ["Stab", "Forest", "Grim Tutor"], attack)


@pytest.mark.parametrize("impl", IMPLS)
def test_gutless_plunderer_puts_one_back_on_top_and_the_rest_into_the_graveyard_401_4(impl):
    """Raid: having attacked, its controller looks at the top three and chooses among them (the
    ``choose_card`` decision; its opponent's observation shows none of the cards); the card
    chosen is the top card after, drawn next, the other two in the graveyard."""
    d, a = _plunderer(impl, attack=True)
    assert d.current_player() == a
    assert _words(d) == [
        "find nothing",
        "find Forest (option 0)",
        "find Grim Tutor (option 1)",
        "find Stab (option 2)",
    ]
    assert d.observation_tensor(a)[OPTIONS_AT] == 1
    assert not d.observation_tensor(1 - a)[OPTIONS_AT:].any()
    size = d.library_size(a)
    _act(d, "find Forest")
    assert _graveyard(d, a) == ["Grim Tutor", "Stab"]
    assert d.library_size(a) == size - 2
    hand = d.hand(a)
    _next_turn_of(d, a)
    assert sorted(d.hand(a)) == sorted([*hand, "Forest"])


@pytest.mark.parametrize("impl", IMPLS)
def test_gutless_plunderer_may_keep_none_on_top_401_4(impl):
    """ "You may put one …": choosing none puts all three into the graveyard."""
    d, a = _plunderer(impl, attack=True)
    _act(d, "find nothing")
    assert _graveyard(d, a) == ["Forest", "Grim Tutor", "Stab"]


@pytest.mark.parametrize("impl", IMPLS)
def test_gutless_plunderer_without_an_attack_doesnt_trigger_603_4(impl):
    """Raid's intervening "if" (603.4): not having attacked, nothing is looked at; the library
    keeps its top cards and the graveyard stays empty."""
    d, a = _plunderer(impl, attack=False)
    assert d.step() == "end" and _named(d, a, "Gutless Plunderer")
    assert _graveyard(d, a) == []


@pytest.mark.parametrize("impl", IMPLS)
def test_surveilling_both_top_cards_puts_those_two_into_the_graveyard_701_25a(impl):
    """Lightshell Duo's surveil 2, both cards chosen: the top two cards go to the graveyard,
    the third card stays on top (the positions chosen are of the library as it was looked
    at)."""
    d = _duel(impl, "Island")
    a = d.active_player()
    _lands(d, a, "Island", 4)
    d.add_card(a, "Lightshell Duo", "hand")
    _stack_library(d, a, ["Stab", "Forest", "Grim Tutor"])
    _act(d, "cast Lightshell Duo")
    _pass_until(d, lambda: d.decision() == "choose_card")
    _act(d, "put Stab")
    _act(d, "put Forest")
    assert _graveyard(d, a) == ["Forest", "Stab"]
    hand = d.hand(a)
    _next_turn_of(d, a)
    assert sorted(d.hand(a)) == sorted([*hand, "Grim Tutor"])


RALLIER = (
    "{2}{W}: Look at the top four cards of your library. You may reveal a creature card with "
    "power 2 or less from among them and put it into your hand. Put the rest on the bottom of "
    "your library in a random order."
)
TOP_FOUR = ["Shivan Dragon", "Forest", "Savannah Lions", "Healer's Hawk"]


def _rallier(impl):
    """A duel where the active player activates Squad Rallier over a library topped by Shivan
    Dragon (power 5), Forest, Savannah Lions (2) and Healer's Hawk (1), then Stab; played on to
    the ability's decision."""
    oracle("Squad Rallier", RALLIER)
    d = _duel(impl, "Plains")
    a = d.active_player()
    d.add_card(a, "Squad Rallier", "battlefield")
    _lands(d, a, "Plains", 3)
    _stack_library(d, a, [*TOP_FOUR, "Stab"])
    _act(d, "activate Squad Rallier")
    _pass_until(d, lambda: d.decision() == "choose_card")
    return d, a


@pytest.mark.parametrize("impl", IMPLS)
def test_squad_rallier_reveals_a_creature_with_power_2_or_less_401_4(impl):
    """Only the creature cards of power 2 or less among the four are options (not Shivan
    Dragon, power 5, nor the Forest), and "you may": none; Savannah Lions goes to the hand,
    the other three to the bottom of the library, so Stab is the top card, drawn next."""
    d, a = _rallier(impl)
    assert d.current_player() == a
    assert _words(d) == [
        "find nothing",
        "find Healer's Hawk (option 0)",
        "find Savannah Lions (option 1)",
    ]
    assert not d.observation_tensor(1 - a)[OPTIONS_AT:].any()
    hand, size = d.hand(a), d.library_size(a)
    _act(d, "find Savannah Lions")
    assert sorted(d.hand(a)) == sorted([*hand, "Savannah Lions"])
    assert d.library_size(a) == size - 1 and _graveyard(d, a) == []
    _next_turn_of(d, a)  # the cleanup's discard is of a Plains (514.1: the first slot)
    assert "Stab" in d.hand(a) and "Savannah Lions" in d.hand(a)


@pytest.mark.parametrize("impl", IMPLS)
def test_squad_rallier_choosing_none_puts_all_four_on_the_bottom(impl):
    """Choosing none, all four go to the bottom in a random order: Stab is drawn next."""
    d, a = _rallier(impl)
    hand, size = d.hand(a), d.library_size(a)
    _act(d, "find nothing")
    assert d.library_size(a) == size and d.hand(a) == hand
    _next_turn_of(d, a)
    assert sorted(d.hand(a)) == sorted([*hand, "Stab"])


@pytest.mark.parametrize("impl", IMPLS)
def test_vivien_reid_plus_one_reveals_a_creature_or_land_card_401_4(impl):
    """Vivien Reid: "+1: Look at the top four cards of your library. You may reveal a creature
    or land card from among them and put it into your hand. Put the rest on the bottom of your
    library in a random order." — the options are the creature and land cards (not Stab);
    the Forest goes to the hand, Vivien has 6 loyalty."""
    d = _duel(impl, "Forest")
    a = d.active_player()
    vivien = d.add_card(a, "Vivien Reid", "battlefield")
    _stack_library(d, a, ["Stab", "Forest", "Shivan Dragon", "Stab", "Grim Tutor"])
    _act(d, f"activate Vivien Reid ({vivien}) ability 0")
    assert d.game.counters(vivien) == {"loyalty": 6}
    _pass_until(d, lambda: d.decision() == "choose_card")
    assert _words(d) == ["find nothing", "find Forest (option 0)", "find Shivan Dragon (option 1)"]
    hand = d.hand(a)
    _act(d, "find Forest")
    assert sorted(d.hand(a)) == sorted([*hand, "Forest"])
    _next_turn_of(d, a)
    assert "Grim Tutor" in d.hand(a)


CURATOR = (
    "This spell can't be countered.\nFlying\nWhen this creature enters, look at the top five "
    "cards of your library and separate them into a face-down pile and a face-up pile. An "
    "opponent chooses one of those piles. Put that pile into your hand and the other into your "
    "graveyard."
)
TOP_FIVE = ["Stab", "Forest", "Grim Tutor", "Island", "Shivan Dragon"]


def _curator(impl):
    """A duel where the active player casts Curator of Destinies over a library topped by
    Stab, Forest, Grim Tutor, Island and Shivan Dragon; played on to its trigger's first
    decision."""
    oracle("Curator of Destinies", CURATOR)
    d = _duel(impl, "Island")
    a = d.active_player()
    _lands(d, a, "Island", 6)
    d.add_card(a, "Curator of Destinies", "hand")
    _stack_library(d, a, TOP_FIVE)
    _act(d, "cast Curator of Destinies")
    _pass_until(d, lambda: d.decision() == "choose_card")
    return d, a


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("face_up", [True, False])
def test_curator_of_destinies_separates_piles_and_the_opponent_chooses_700_3(impl, face_up):
    """700.3: its controller separates the five cards (the ``choose_card`` decision, its cards
    seen by it alone) — Stab and Grim Tutor face up, the rest face down; then the opponent
    chooses a pile (a ``yes_no`` decision showing both players the face-up pile's cards, never
    the face-down ones); that pile goes to the controller's hand, the other to its graveyard."""
    d, a = _curator(impl)
    b = 1 - a
    assert d.current_player() == a
    assert _words(d) == ["put the rest into the face-down pile"] + [
        f"put {name} into the face-up pile (option {k})" for k, name in enumerate(TOP_FIVE)
    ]
    assert d.observation_tensor(a)[OPTIONS_AT] == 1
    assert not d.observation_tensor(b)[OPTIONS_AT:].any()
    _act(d, "put Stab")
    _act(d, "put Grim Tutor")
    _act(d, "put the rest")
    assert (d.current_player(), d.decision()) == (b, "yes_no")
    assert _words(d) == [
        "yes, choose the face-up pile (Stab, Grim Tutor)",
        "no, choose the face-down pile (3 cards)",
    ]
    for p in (a, b):  # the face-up pile's cards, public (700.3): both see the same
        assert d.observation_tensor(p)[OPTIONS_AT] == 1
    assert (d.observation_tensor(a)[OPTIONS_AT:] == d.observation_tensor(b)[OPTIONS_AT:]).all()
    hand, size = d.hand(a), d.library_size(a)
    _act(d, "yes" if face_up else "no")
    up, down = ["Grim Tutor", "Stab"], ["Forest", "Island", "Shivan Dragon"]
    kept, lost = (up, down) if face_up else (down, up)
    assert sorted(d.hand(a)) == sorted([*hand, *kept])
    assert _graveyard(d, a) == lost
    assert d.library_size(a) == size - 5


@pytest.mark.parametrize("impl", IMPLS)
def test_curator_of_destinies_with_every_card_face_down_700_3(impl):
    """Every card in the face-down pile: the face-up pile is empty, and the opponent choosing
    the empty pile puts all five into the graveyard."""
    d, a = _curator(impl)
    _act(d, "put the rest")
    assert _words(d) == [
        "yes, choose the face-up pile ()",
        "no, choose the face-down pile (5 cards)",
    ]
    _act(d, "yes")
    assert _graveyard(d, a) == sorted(TOP_FIVE)


RAIDER = (
    "Raid — When this creature enters, if you attacked this turn, exile the top two cards of "
    "your library. Choose one of them. Until the end of your next turn, you may play that card."
)


def _exile_words(d):
    return [w for w in _words(d) if "exile slot" in w]


def _raider(impl):
    """Strongbox Raider cast after attacking, over Burst Lightning and a Mountain."""
    oracle("Strongbox Raider", RAIDER)
    return _raid(impl, "Mountain", 5, "Strongbox Raider", ["Burst Lightning", "Mountain"])


def _exiled(d, p):
    return sorted(d.game.name(x) for x in d.game.objects("exile", p))


@pytest.mark.parametrize("impl", IMPLS)
def test_strongbox_raider_plays_the_card_chosen_until_the_end_of_the_next_turn(impl):
    """Raid: the two top cards are exiled and its controller chooses one (no "none": "Choose
    one of them"); only Burst Lightning, chosen, may be cast from exile — this turn and its
    controller's next, not the turn after; the Mountain stays in exile unplayable."""
    d, a = _raider(impl)
    assert _words(d) == ["find Burst Lightning (option 0)", "find Mountain (option 1)"]
    assert not d.observation_tensor(1 - a)[OPTIONS_AT:].any()
    _act(d, "find Burst Lightning")
    assert _exiled(d, a) == ["Burst Lightning", "Mountain"]
    _pass_until(d, lambda: d.decision() == "priority" and d.current_player() == a)
    assert [w.split(" (")[0] for w in _exile_words(d)] == ["cast Burst Lightning"]
    _next_turn_of(d, a)
    assert [w.split(" (")[0] for w in _exile_words(d)] == ["cast Burst Lightning"]
    assert not any(w.startswith("play Mountain (exile") for w in _words(d))
    _next_turn_of(d, a)
    assert _exile_words(d) == [] and _exiled(d, a) == ["Burst Lightning", "Mountain"]


@pytest.mark.parametrize("impl", IMPLS)
def test_chandra_flameshaper_plus_two_plays_one_of_three_this_turn(impl):
    """Chandra, Flameshaper: "+2: Add {R}{R}{R}. Exile the top three cards of your library.
    Choose one. You may play that card this turn." — 8 loyalty; the three exiled, the Mountain
    chosen: it may be played this turn (the land drop, 305.2), the others not; next turn
    none."""
    d = _duel(impl, "Forest")
    a = d.active_player()
    chandra = d.add_card(a, "Chandra, Flameshaper", "battlefield")
    _stack_library(d, a, ["Stab", "Mountain", "Grim Tutor"])
    _act(d, f"activate Chandra, Flameshaper ({chandra}) ability 0")
    assert d.game.counters(chandra) == {"loyalty": 8}
    _pass_until(d, lambda: d.decision() == "choose_card")
    assert _words(d) == [
        "find Grim Tutor (option 0)",
        "find Mountain (option 1)",
        "find Stab (option 2)",
    ]
    _act(d, "find Mountain")
    assert _exiled(d, a) == ["Grim Tutor", "Mountain", "Stab"]
    _pass_until(d, lambda: d.decision() == "priority" and d.current_player() == a)
    assert [w.split(" (")[0] for w in _exile_words(d)] == ["play Mountain"]
    _next_turn_of(d, a)
    assert _exile_words(d) == []


SPINNER = (
    "Reach\nWhenever another nontoken creature you control dies, you may reveal cards from the "
    "top of your library until you reveal a creature card. Put that card into your hand and "
    "the rest on the bottom of your library in a random order."
)


def _spinner(impl, names):
    """A duel where the active player's Savannah Lions dies to its Stab, Spinner of Souls on
    its battlefield, over a library topped by ``names``; played on to the trigger's "may"."""
    oracle("Spinner of Souls", SPINNER)
    d = _duel(impl, "Forest")
    a = d.active_player()
    d.add_card(a, "Spinner of Souls", "battlefield")
    lions = d.add_card(a, "Savannah Lions", "battlefield")
    _lands(d, a, "Swamp", 1)
    d.add_card(a, "Stab", "hand")
    _stack_library(d, a, names)
    _act(d, "cast Stab")
    _act(d, f"target Savannah Lions ({lions})")
    _pass_until(d, lambda: d.decision() == "yes_no")
    return d, a


@pytest.mark.parametrize("impl", IMPLS)
def test_spinner_of_souls_reveals_until_a_creature_card_701_20a(impl):
    """Another nontoken creature of its controller's dies: it may reveal until a creature card
    — Healer's Hawk, under Forest and Grim Tutor — which goes to the hand; the two above it go
    to the bottom, so the Island beneath is the top card, drawn next."""
    d, a = _spinner(impl, ["Forest", "Grim Tutor", "Healer's Hawk", "Island"])
    hand, size = d.hand(a), d.library_size(a)
    _act(d, "yes")
    assert sorted(d.hand(a)) == sorted([*hand, "Healer's Hawk"])
    assert d.library_size(a) == size - 1
    _next_turn_of(d, a)
    assert "Island" in d.hand(a) and "Grim Tutor" not in d.hand(a)


@pytest.mark.parametrize("impl", IMPLS)
def test_spinner_of_souls_may_reveal_nothing(impl):
    """ "You may": declining, nothing is revealed; the Forest on top is drawn next."""
    d, a = _spinner(impl, ["Forest", "Healer's Hawk"])
    hand = d.hand(a)
    _act(d, "no")
    assert d.hand(a) == hand
    _next_turn_of(d, a)
    assert sorted(d.hand(a)) == sorted([*hand, "Forest"])


LOOT = (
    "You may play an additional land on each of your turns.\n{4}{G}{G}, {T}: Look at the top "
    "six cards of your library. You may reveal a creature card with mana value less than or "
    "equal to the number of lands you control from among them and put it onto the "
    "battlefield. Put the rest on the bottom in a random order."
)


def _lands_in_hand(d, p):
    return [w for w in _words(d) if w.startswith("play Forest")]


@pytest.mark.parametrize("impl", IMPLS)
def test_loot_plays_an_additional_land_each_turn_305_2(impl):
    """With Loot on the battlefield its controller plays two lands this turn, not three;
    without it (the opponent's Loot doesn't count), one; on its next turn two again."""
    oracle("Loot, Exuberant Explorer", LOOT)
    d = _duel(impl, "Forest")
    a = d.active_player()
    d.add_card(1 - a, "Loot, Exuberant Explorer", "battlefield")
    _act(d, "play Forest")
    assert _lands_in_hand(d, a) == []  # 305.2: one land a turn
    _next_turn_of(d, a)
    d.add_card(a, "Loot, Exuberant Explorer", "battlefield")
    _act(d, "play Forest")
    assert _lands_in_hand(d, a) != []
    _act(d, "play Forest")
    assert _lands_in_hand(d, a) == []
    _next_turn_of(d, a)
    _act(d, "play Forest")
    _act(d, "play Forest")
    assert _lands_in_hand(d, a) == []


@pytest.mark.parametrize("impl", IMPLS)
def test_loot_puts_a_creature_of_mana_value_up_to_its_lands_onto_the_battlefield_401_4(impl):
    """Its ability with six lands: of the top six, the creature cards of mana value 6 or less
    are options (Shivan Dragon, 6, and Savannah Lions, 1; not Sire of Seven Deaths, 7, nor Stab
    or the Forest); Shivan Dragon enters the battlefield, the other five go to the bottom."""
    oracle("Loot, Exuberant Explorer", LOOT)
    d = _duel(impl, "Forest")
    a = d.active_player()
    d.add_card(a, "Loot, Exuberant Explorer", "battlefield")
    _lands(d, a, "Forest", 6)
    top = ["Stab", "Shivan Dragon", "Forest", "Savannah Lions", "Sire of Seven Deaths", "Stab"]
    _stack_library(d, a, top)
    size = d.library_size(a)
    _act(d, "activate Loot")
    _pass_until(d, lambda: d.decision() == "choose_card")
    assert _words(d) == [
        "find nothing",
        "find Savannah Lions (option 0)",
        "find Shivan Dragon (option 1)",
    ]
    _act(d, "find Shivan Dragon")
    assert _named(d, a, "Shivan Dragon") and d.library_size(a) == size - 1


INSPIRATION = (
    "Mill three cards, then return an instant or sorcery card from your graveyard to your "
    "hand.\nFlashback {5}{U}{U} (You may cast this card from your graveyard for its flashback "
    "cost. Then exile it.)"
)


@pytest.mark.parametrize("impl", IMPLS)
def test_inspiration_from_beyond_returns_an_instant_or_sorcery_card_after_milling(impl):
    """It mills three first (Stab and Burst Lightning among them), then its caster chooses an
    instant or sorcery card of its graveyard, the milled ones included (Grim Tutor there
    before; not the Forest, nor the spell itself, on the stack as it resolves: 608.2): Burst
    Lightning returns to the hand; the other two stay."""
    oracle("Inspiration from Beyond", INSPIRATION)
    d = _duel(impl, "Island")
    a = d.active_player()
    _lands(d, a, "Island", 3)
    d.add_card(a, "Grim Tutor", "graveyard")
    d.add_card(a, "Inspiration from Beyond", "hand")
    _stack_library(d, a, ["Stab", "Forest", "Burst Lightning", "Island"])
    _act(d, "cast Inspiration from Beyond")
    _pass_until(d, lambda: d.decision() == "choose_card")
    assert _graveyard(d, a) == ["Burst Lightning", "Forest", "Grim Tutor", "Stab"]
    assert sorted(w.split(" (")[0] for w in _words(d)) == [
        "find Burst Lightning",
        "find Grim Tutor",
        "find Stab",
    ]
    hand = d.hand(a)
    _act(d, "find Burst Lightning")
    assert sorted(d.hand(a)) == sorted([*hand, "Burst Lightning"])
    assert _graveyard(d, a) == ["Forest", "Grim Tutor", "Inspiration from Beyond", "Stab"]


@pytest.mark.parametrize("impl", IMPLS)
def test_inspiration_from_beyond_with_flashback_702_34a(impl):
    """Cast from the graveyard for {5}{U}{U} (702.34a): it mills and returns Stab, the only
    instant or sorcery card (one option: the choice is still asked), and is exiled as it leaves
    the stack."""
    d = _duel(impl, "Island")
    a = d.active_player()
    _lands(d, a, "Island", 7)
    d.add_card(a, "Inspiration from Beyond", "graveyard")
    _stack_library(d, a, ["Forest", "Stab", "Island"])
    _act(d, "cast Inspiration from Beyond")
    _pass_until(d, lambda: d.decision() == "choose_card")
    assert _words(d) == ["find Stab (option 0)"]
    _act(d, "find Stab")
    assert "Stab" in d.hand(a)
    assert _graveyard(d, a) == ["Forest", "Island"]
    assert _exiled(d, a) == ["Inspiration from Beyond"]


GENESIS = (
    "Reveal the top X cards of your library. You may put any number of permanent cards with "
    "mana value X or less from among them onto the battlefield. Then put all cards revealed "
    "this way that weren't put onto the battlefield into your graveyard."
)


@pytest.mark.parametrize("impl", IMPLS)
def test_genesis_wave_puts_any_number_of_permanents_onto_the_battlefield(impl):
    """X = 3: of Savannah Lions (1), Shivan Dragon (6) and a Forest (0) — Stab, the fourth,
    not revealed — the options are the Lions and the Forest, asked again after each (NO ends
    it); both enter, the Dragon goes to the graveyard, Stab is the top card after."""
    oracle("Genesis Wave", GENESIS)
    d = _duel(impl, "Forest")
    a = d.active_player()
    _lands(d, a, "Forest", 6)
    d.add_card(a, "Genesis Wave", "hand")
    _stack_library(d, a, ["Savannah Lions", "Shivan Dragon", "Forest", "Stab"])
    _act(d, "cast Genesis Wave")
    _act(d, "choose 3")
    _pass_until(d, lambda: d.decision() == "choose_card")
    assert [w.split(" (")[0] for w in _words(d)] == [
        "find nothing",
        "find Forest",
        "find Savannah Lions",
    ]
    forests = len(_named(d, a, "Forest"))
    _act(d, "find Savannah Lions")
    assert _named(d, a, "Savannah Lions")
    assert [w.split(" (")[0] for w in _words(d)] == ["find nothing", "find Forest"]
    _act(d, "find Forest")
    assert len(_named(d, a, "Forest")) == forests + 1
    assert _graveyard(d, a) == ["Genesis Wave", "Shivan Dragon"]
    hand = d.hand(a)
    _next_turn_of(d, a)
    assert sorted(d.hand(a)) == sorted([*hand, "Stab"])


TUTELAGE = (
    "Whenever you draw a card, target opponent mills two cards. If two nonland cards that share "
    "a color were milled this way, repeat this process.\n{5}{U}: Draw a card, then discard a "
    "card."
)


@pytest.mark.parametrize("impl", IMPLS)
def test_sphinxs_tutelage_mills_again_while_two_nonland_cards_share_a_colour_105_2(impl):
    """Its controller draws (its own ability): the opponent mills Stab and Vampire Nighthawk,
    both black (105.2, 202.2: their mana costs' colours), so again: a Forest and Burst
    Lightning — a land: it stops; Grim Tutor stays on top of that library."""
    oracle("Sphinx's Tutelage", TUTELAGE)
    d = _duel(impl, "Island")
    a = d.active_player()
    b = 1 - a
    d.add_card(a, "Sphinx's Tutelage", "battlefield")
    _lands(d, a, "Island", 6)
    milled = ["Stab", "Vampire Nighthawk", "Forest", "Burst Lightning"]
    _stack_library(d, b, [*milled, "Grim Tutor", "Stab", "Stab"])
    size = d.library_size(b)
    _act(d, "activate Sphinx's Tutelage")
    for _ in range(20):  # the discard and the trigger's target: the first offered
        if d.library_size(b) < size:
            break
        d.apply_action(d.legal_actions()[0])
    assert _graveyard(d, b) == sorted(milled)
    assert d.library_size(b) == size - 4
    hand = d.hand(b)
    _next_turn_of(d, b)
    assert sorted(d.hand(b)) == sorted([*hand, "Grim Tutor"])


LOOKING = _deck(
    {"Swamp": 4, "Plains": 4, "Island": 5, "Mountain": 4},
    [
        "Curator of Destinies",
        "Strongbox Raider",
        "Gutless Plunderer",
        "Savannah Lions",
        "Gutless Plunderer",
        "Stab",
        "Gutless Plunderer",
        "Vampire Nighthawk",
        "Healer's Hawk",
        "Squad Rallier",
    ],
)


def test_the_looking_deck_is_of_playable_cards():
    assert all(c.playable for c in coverage.coverage(LOOKING))


def _prefer(words: str) -> bool:
    return words.startswith(
        ("cast Curator", "cast Gutless", "cast Strongbox", "activate Squad", "attack with", "yes")
    )


def test_looking_at_the_top_plays_alike_in_both_duels():
    """The looks at the top, the piles and the cards exiled to be played (their decisions, the
    cards put back on top, into the graveyard, the hand, exile and on the bottom in a random
    order) play the same games in both duels; preferring to cast the cards and attack, these
    seeds separate piles and offer a card exiled by Strongbox Raider to be cast."""
    seen: Counter[str] = Counter()

    def watch(_duel, words):
        seen["piles"] += any("face-up pile (" in w for w in words)
        seen["exiled"] += any("(exile slot" in w for w in words)

    for seed in (36, 46):
        duel_support.play_alike(
            LOOKING, BOROS, seed, pool="fdn", format="limited", prefer=_prefer, watch=watch
        )
    assert seen["piles"] > 0 and seen["exiled"] > 0


def test_the_piles_on_a_bare_game_700_3(game):
    """The card layer on both bare implementations: the controller's ``piles`` request of the
    top five (a bare kernel's lowest ids), then the opponent's ``choose_pile`` request of the
    face-up pile and the face-down pile's size; the face-down pile chosen goes to the hand, the
    face-up one to the graveyard."""
    g = game()
    top = library(g, 0, 5, "Island")
    seen = []

    def choose(game, who, req):
        seen.append((req.kind, who, req.candidates, req.min))
        return top[1:3] if req.kind == "piles" else False

    cards.resolve(g, "Curator of Destinies", 0, ability=1, pool=FDN, choose=choose)
    assert seen == [("piles", 0, tuple(top), 0), ("choose_pile", 1, tuple(top[1:3]), 3)]
    assert len(g.objects("hand", 0)) == 3 and len(g.objects("graveyard", 0)) == 2
    assert g.objects("library", 0) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_the_whole_urw_deck_plays_alike_in_both_duels(seed):
    """FDN_top_08981_URpW, every card of it defined with Curator of Destinies and Strongbox
    Raider, is a deck of the pool: it plays the same games in both duels against
    FDN_top_20626_WG."""
    assert {"FDN_top_08981_URpW", "FDN_top_20626_WG"} <= set(FDN.decks)
    duel_support.play_alike(
        "FDN_top_08981_URpW", "FDN_top_20626_WG", seed, pool="fdn", format="limited"
    )


GREEN = _deck(
    {"Forest": 17},
    [
        "Loot, Exuberant Explorer",
        "Llanowar Elves",
        "Spinner of Souls",
        "Loot, Exuberant Explorer",
        "Treetop Snarespinner",
        "Wary Thespian",
    ],
)


def test_additional_lands_and_reveals_play_alike_in_both_duels():
    """Loot's additional land (305.2) and its look at the top, Spinner of Souls' reveals play
    the same games in both duels; preferring to cast them and play lands, these seeds offer a
    second land in a turn (a land offered with two land counts of the active player)."""
    offered: dict[int, set[int]] = {}

    def watch(d, words):
        if any(w.startswith("play Forest") for w in words):
            lands = [x for x in d.battlefield(d.active_player()) if d.game.name(x) == "Forest"]
            offered.setdefault(d.turn(), set()).add(len(lands))

    for seed in (1, 6):
        offered.clear()
        duel_support.play_alike(
            GREEN,
            BOROS,
            seed,
            pool="fdn",
            format="limited",
            prefer=lambda w: w.startswith(("cast Loot", "play Forest", "cast Spinner", "yes")),
            watch=watch,
        )
        assert any(len(counts) > 1 for counts in offered.values()), seed


@pytest.mark.parametrize("impl", IMPLS)
def test_a_resample_during_the_looks_keeps_the_game_going(impl):
    """Hidden information: a resample for the looking player keeps its decision (the same
    options); one for its opponent deals the looking player's library anew, and the look goes
    on with the cards then on top (no error, the Plunderer's controller loses no card count).
    The opponent choosing a pile sees the same face-up pile after its own resample."""
    d, a = _plunderer(impl, attack=True)
    mine = d.resample(a, 7)
    assert mine.legal_actions() == d.legal_actions() and _words(mine) == _words(d)
    theirs = d.resample(1 - a, 7)
    size = theirs.library_size(a)
    theirs.apply_action(theirs.legal_actions()[-1])
    assert theirs.decision() != "choose_card"
    assert theirs.library_size(a) in (size - 2, size - 3)
    d, a = _curator(impl)
    _act(d, "put Stab")
    _act(d, "put the rest")
    words = _words(d)
    again = d.resample(1 - a, 3)
    assert _words(again) == words
    hand = len(again.hand(a))
    _act(again, "yes")
    assert len(again.hand(a)) == hand + 1 and len(_graveyard(again, a)) == 4


def test_inspiration_from_beyond_on_a_bare_game(game):
    """The card layer on both bare implementations: the three library cards are milled, then
    the ``search`` request offers the graveyard's instant and sorcery objects by id (no
    "none": 608.2, it must return one); the one chosen is in the hand after."""
    g = game()
    library(g, 0, 2, "Island")
    library(g, 0, 1, "Stab")
    seen = []

    def choose(game, who, req):
        seen.append((req.kind, [game.name(x) for x in req.candidates], req.min))
        return req.candidates[0]

    cards.resolve(g, "Inspiration from Beyond", 0, pool=FDN, choose=choose)
    assert seen == [("search", ["Stab"], 1)]  # 400.7: the milled card, a new object
    assert [g.name(x) for x in g.objects("hand", 0)] == ["Stab"]
    assert sorted(g.name(x) for x in g.objects("graveyard", 0)) == [
        "Inspiration from Beyond",
        "Island",
        "Island",
    ]


def test_gutless_plunderer_on_a_bare_game(game):
    """The card layer on both bare implementations: the ``search`` request of the top three
    (a bare kernel's lowest library ids; "none" allowed); the card chosen stays in the
    library, the other two go to the graveyard."""
    g = game()
    top = library(g, 0, 1, "Stab") + library(g, 0, 1, "Forest") + library(g, 0, 2, "Island")
    put(g, "Gutless Plunderer")
    seen = []

    def choose(game, who, req):
        seen.append((req.kind, req.candidates, req.min))
        return top[1]

    attacked = cards.TurnHistory(attacked=frozenset({0}))  # raid (207.2c)
    cards.resolve(g, "Gutless Plunderer", 0, ability=0, pool=FDN, choose=choose, history=attacked)
    assert seen == [("search", tuple(top[:3]), 0)]
    assert sorted(g.objects("library", 0)) == [top[1], top[3]]
    assert sorted(g.name(x) for x in g.objects("graveyard", 0)) == ["Island", "Stab"]
