"""The Foundations cards of the library's operations do what their Oracle text says: searching
(701.23) and shuffling (701.24), surveilling (701.25) on both bare implementations (the ``game``
fixture) and in both duels, where the searching or surveilling player chooses the cards (the
``choose_card`` decision) and the opponent sees none of it; milling (701.17) through a test
card."""

from __future__ import annotations

import pytest
from cardstate import agents, cards
from cardstate.cards import CardPool, coverage
from cardstate.cards.vocab import YOU, Card, Mill, Scry, Spell
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from fdn_support import (
    FDN,
    ability,
    activate,
    battlefield,
    cast,
    drawn,
    fired,
    library,
    oracle,
    put,
    resolve,
)
from test_fdn_duel import BOROS, _deck, play_alike
from test_fdn_duel_choices import _act, _duel, _named, _next_turn_of, _pass_until, _words

IMPLS = [Duel, ReferenceDuel]
OPTIONS_AT = 5792  # the observation's options (``options[0].offered`` onwards)


def _searches(pick):
    """A chooser answering a search or a surveil with ``pick(candidates)``, every other choice
    as ``cards.auto_choice``; the search and surveil requests seen, in order."""
    seen = []

    def choose(game, who, req):
        if req.kind not in ("search", "surveil"):
            return cards.auto_choice(game, who, req)
        seen.append(req)
        return pick(req.candidates)

    return choose, seen


def test_grim_tutor(game):
    """'Search your library for a card, put that card into your hand, then shuffle. You lose 3
    life.' — 701.23a: any card of the library may be found (the searcher's choice); a search
    for any card finds one (701.23b: only a stated quality lets it fail)."""
    oracle(
        "Grim Tutor",
        "Search your library for a card, put that card into your hand, then shuffle. You lose "
        "3 life.",
    )
    g = game()
    lib = library(g, 0, 2, "Island") + library(g, 0, 1, "Forest")
    choose, seen = _searches(lambda found: found[-1])
    cast(g, "Grim Tutor", choose=choose)
    (req,) = seen
    assert (req.player, req.candidates, req.min, req.max) == (0, tuple(lib), 1, 1)
    assert drawn(g) == ["Forest"] and g.life(0) == 17
    assert sorted(g.objects("library", 0)) == lib[:2]


def test_a_search_for_any_card_is_answered_with_a_card_701_23b(game):
    """A search for any card can't find nothing: None is refused, the choice still pending; a
    card not in the library is refused too."""
    g = game()
    (island,) = library(g, 0, 1)
    r = cards.Resolution(g, "Grim Tutor", 0, pool=FDN)
    assert r.run().kind == "search"
    with pytest.raises(ValueError):
        r.answer(None)
    with pytest.raises(ValueError):
        r.answer(island + 50)
    r.answer(island)
    assert isinstance(r.run(), cards.Outcome)
    assert drawn(g) == ["Island"]


def test_rune_scarred_demon(game):
    """'When this creature enters, search your library for a card, put it into your hand, then
    shuffle.' — with nothing in the library there's nothing to find and nothing is asked."""
    oracle(
        "Rune-Scarred Demon",
        "Flying\nWhen this creature enters, search your library for a card, put it into your "
        "hand, then shuffle.",
    )
    g = game()
    put(g, "Rune-Scarred Demon")
    (f,) = fired(g)
    choose, seen = _searches(lambda found: found[0])
    resolve(g, f, choose=choose)
    assert seen == [] and drawn(g) == []
    library(g, 0, 1, "Stab")
    put(g, "Rune-Scarred Demon")
    (f,) = fired(g)
    resolve(g, f, choose=choose)
    assert len(seen) == 1 and drawn(g) == ["Stab"]


def test_evolving_wilds(game):
    """'{T}, Sacrifice this land: Search your library for a basic land card, put it onto the
    battlefield tapped, then shuffle.' — only basic land cards are candidates (a gain land and
    a spell aren't); 701.23b: the search may find nothing though there is one."""
    oracle(
        "Evolving Wilds",
        "{T}, Sacrifice this land: Search your library for a basic land card, put it onto the "
        "battlefield tapped, then shuffle.",
    )
    g = game()
    others = library(g, 0, 1, "Bloodfell Caves") + library(g, 0, 1, "Stab")
    (forest,) = library(g, 0, 1, "Forest")
    wilds = put(g, "Evolving Wilds")
    g.tap(wilds)  # the {T} of the cost: the game's to pay
    choose, seen = _searches(lambda found: found[0])
    cards.pay_costs(g, "Evolving Wilds", ability("Evolving Wilds", "activated"), wilds, 0, pool=FDN)
    cards.resolve(g, "Evolving Wilds", 0, ability=0, source=wilds, pool=FDN, choose=choose)
    (req,) = seen
    assert req.candidates == (forest,) and req.min == 0
    (land,) = battlefield(g, 0)
    assert g.name(land) == "Forest" and g.is_tapped(land)
    assert sorted(g.objects("library", 0)) == others
    assert [g.name(x) for x in g.objects("graveyard", 0)] == ["Evolving Wilds"]
    nothing, _ = _searches(lambda found: None)
    library(g, 0, 1, "Plains")
    cards.resolve(g, "Evolving Wilds", 0, ability=0, source=wilds, pool=FDN, choose=nothing)
    assert battlefield(g, 0) == [land]


def test_burnished_hart(game):
    """'{3}, Sacrifice this creature: Search your library for up to two basic land cards, put
    them onto the battlefield tapped, then shuffle.' — the cards are found one at a time, each
    search request offering what is left; "up to": the second may be none."""
    oracle(
        "Burnished Hart",
        "{3}, Sacrifice this creature: Search your library for up to two basic land cards, put "
        "them onto the battlefield tapped, then shuffle.",
    )
    g = game()
    forest, swamp = library(g, 0, 1, "Forest") + library(g, 0, 1, "Swamp")
    hart = put(g, "Burnished Hart")
    choose, seen = _searches(lambda found: found[-1])
    activate(g, hart, "Burnished Hart", choose=choose)
    assert [r.candidates for r in seen] == [(forest, swamp), (forest,)]
    assert all(r.min == 0 for r in seen)
    assert sorted(g.name(x) for x in battlefield(g, 0)) == ["Forest", "Swamp"]
    assert all(g.is_tapped(x) for x in battlefield(g, 0))
    assert [g.name(x) for x in g.objects("graveyard", 0)] == ["Burnished Hart"]
    library(g, 0, 2, "Plains")
    hart = put(g, "Burnished Hart")
    choose, seen = _searches(lambda found: found[0] if len(seen) == 1 else None)
    activate(g, hart, "Burnished Hart", choose=choose)
    assert len(seen) == 2 and len(g.objects("library", 0)) == 1


def test_micromancer(game):
    """'When this creature enters, you may search your library for an instant or sorcery card
    with mana value 1, reveal it, put it into your hand, then shuffle.' — an instant or a
    sorcery (either type), of mana value 1 only."""
    oracle(
        "Micromancer",
        "When this creature enters, you may search your library for an instant or sorcery card "
        "with mana value 1, reveal it, put it into your hand, then shuffle.",
    )
    g = game()
    (stab,) = library(g, 0, 1, "Stab")
    for name in ("Day of Judgment", "Savannah Lions", "Forest", "Hero's Downfall"):
        library(g, 0, 1, name)
    (growth,) = library(g, 0, 1, "Giant Growth")
    put(g, "Micromancer")
    (f,) = fired(g)
    choose, seen = _searches(lambda found: found[-1])
    resolve(g, f, choose=choose)
    assert seen[0].candidates == (stab, growth) and seen[0].min == 0
    assert drawn(g) == ["Giant Growth"]


def test_solemn_simulacrum(game):
    """'When this creature enters, you may search your library for a basic land card, put that
    card onto the battlefield tapped, then shuffle. When this creature dies, you may draw a
    card.'"""
    oracle(
        "Solemn Simulacrum",
        "When this creature enters, you may search your library for a basic land card, put that "
        "card onto the battlefield tapped, then shuffle.\nWhen this creature dies, you may draw "
        "a card.",
    )
    g = game()
    library(g, 0, 1, "Swamp")
    solemn = put(g, "Solemn Simulacrum")
    (f,) = fired(g)
    resolve(g, f)
    (swamp,) = battlefield(g, 0, "Swamp")
    assert g.is_tapped(swamp)
    library(g, 0, 1, "Stab")
    g.destroy(solemn)
    (f,) = fired(g)
    resolve(g, f)
    assert drawn(g) == ["Stab"]


def test_wary_thespian(game):
    """'When this creature enters or dies, surveil 1.' — 701.25a: the controller looks at the
    top card and may put it into its graveyard; kept, it stays on top (the next draw)."""
    oracle(
        "Wary Thespian",
        "When this creature enters or dies, surveil 1. (Look at the top card of your library. "
        "You may put it into your graveyard.)",
    )
    g = game()
    top, second = library(g, 0, 1, "Stab") + library(g, 0, 1, "Forest")
    thespian = put(g, "Wary Thespian")
    (f,) = fired(g)
    choose, seen = _searches(lambda looked: list(looked))
    resolve(g, f, choose=choose)
    (req,) = seen
    assert (req.kind, req.player, req.candidates) == ("surveil", 0, (top,))
    assert [g.name(x) for x in g.objects("graveyard", 0)] == ["Stab"]
    g.destroy(thespian)
    (f,) = fired(g)
    resolve(g, f)  # auto_choice keeps it on top
    assert g.objects("library", 0) == [second]


def test_lightshell_duo(game):
    """'When this creature enters, surveil 2.' — any number of the two: the second one alone
    into the graveyard, the first stays on top; with one card in the library only it is looked
    at; with none nothing is asked."""
    oracle(
        "Lightshell Duo",
        "Prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until end of "
        "turn.)\nWhen this creature enters, surveil 2. (Look at the top two cards of your "
        "library, then put any number of them into your graveyard and the rest on top of your "
        "library in any order.)",
    )
    g = game()
    lib = library(g, 0, 1, "Stab") + library(g, 0, 2, "Forest")
    choose, seen = _searches(lambda looked: [looked[1]])
    put(g, "Lightshell Duo")
    (f,) = fired(g)
    resolve(g, f, choose=choose)
    assert seen[0].candidates == tuple(lib[:2]) and seen[0].max == 2
    assert sorted(g.objects("library", 0)) == [lib[0], lib[2]]
    assert [g.name(x) for x in g.objects("graveyard", 0)] == ["Forest"]
    r = cards.Resolution(g, "Lightshell Duo", 0, ability=1, source=None, pool=FDN)
    assert r.run().candidates == (lib[0], lib[2])
    with pytest.raises(ValueError):
        r.answer([lib[1]])
    r.answer([lib[0], lib[2]])
    assert isinstance(r.run(), cards.Outcome) and g.objects("library", 0) == []
    put(g, "Lightshell Duo")
    (f,) = fired(g)
    resolve(g, f, choose=choose)
    assert len(seen) == 1


def test_rune_sealed_wall(game):
    """'Defender / {T}: Surveil 1.'"""
    oracle(
        "Rune-Sealed Wall",
        "Defender\n{T}: Surveil 1. (Look at the top card of your library. You may put it into "
        "your graveyard.)",
    )
    g = game()
    library(g, 0, 1, "Stab")
    wall = put(g, "Rune-Sealed Wall")
    assert g.has_keyword(wall, "defender")
    choose, _ = _searches(lambda looked: list(looked))
    activate(g, wall, "Rune-Sealed Wall", choose=choose)
    assert [g.name(x) for x in g.objects("graveyard", 0)] == ["Stab"]


@pytest.mark.parametrize("impl", IMPLS)
def test_surveil_in_the_duel_one_card_at_a_time_701_25a(impl):
    """Lightshell Duo in the duel: the ``choose_card`` decision is its controller's, one option
    per card looked at (top first), chosen one at a time into the graveyard until "keep the rest
    on top"; the opponent's observation shows none of them."""
    d = _duel(impl, "Island")
    a = d.active_player()
    d.add_card(a, "Forest", "library")
    d.add_card(a, "Stab", "library")  # the top
    for _ in range(4):
        d.add_card(a, "Island", "battlefield")
    d.add_card(a, "Lightshell Duo", "hand")
    size = d.library_size(a)
    _act(d, "cast Lightshell Duo")
    _pass_until(d, lambda: d.decision() == "choose_card")
    assert d.current_player() == a
    assert _words(d) == [
        "keep the rest on top",
        "put Stab into your graveyard (option 0)",
        "put Forest into your graveyard (option 1)",
    ]
    assert not d.observation_tensor(1 - a)[OPTIONS_AT:].any()
    _act(d, "put Forest")
    assert _words(d) == ["keep the rest on top", "put Stab into your graveyard (option 0)"]
    _act(d, "keep the rest")
    assert d.library_size(a) == size - 1
    assert [d.game.name(x) for x in d.game.objects("graveyard", a)] == ["Forest"]


MILLER = Card(
    name="Test Mill Three",
    cost="{B}",
    types=("sorcery",),
    oracle="Mill three cards.",
    abilities=(Spell(Mill(YOU, 3)),),
)
SCRYER = Card(
    name="Test Scry Two",
    cost="{U}",
    types=("sorcery",),
    oracle="Scry 2.",
    abilities=(Spell(Scry(2)),),
)
MILLING = CardPool([MILLER, SCRYER], name="milling")


def test_scry_puts_cards_on_the_bottom_in_the_order_chosen_701_22a(game):
    """701.22a: of the top two, those chosen go on the bottom, the first chosen above the
    next; the rest stay on top."""
    g = game()
    a, b, c = library(g, 0, 1, "Stab") + library(g, 0, 1, "Forest") + library(g, 0, 1, "Swamp")
    seen = []

    def choose(game, who, req):
        seen.append(req)
        return [b, a]

    cards.resolve(g, SCRYER.name, 0, pool=FDN | MILLING, choose=choose)
    assert (seen[0].kind, seen[0].candidates) == ("scry", (a, b))
    names = [g.name(x) for x in sorted(g.objects("library", 0))]  # the top first
    assert names == ["Swamp", "Forest", "Stab"]


def test_mill_puts_the_top_cards_into_the_graveyard_701_17(game):
    """701.17a: the top cards (a bare kernel's lowest ids) go to the graveyard; 701.17b: with
    fewer in the library, all of them."""
    g = game()
    lib = library(g, 0, 4)
    cards.resolve(g, MILLER.name, 0, pool=MILLING)
    assert sorted(g.objects("library", 0)) == lib[3:]
    assert len(g.objects("graveyard", 0)) == 3 + 1  # and the sorcery itself
    cards.resolve(g, MILLER.name, 0, pool=MILLING)
    assert g.objects("library", 0) == [] and len(g.objects("graveyard", 0)) == 6


@pytest.mark.parametrize("impl", IMPLS)
def test_mill_in_the_duel_701_17(impl):
    """The duel's library: the top three cards are milled, public in the graveyard after."""
    d = impl(
        ["Swamp"] * 40, ["Swamp"] * 40, pool=FDN | MILLING, seed=3, auto_pass=False, mulligans=False
    )
    while d.step() != "main1":
        d.apply_action(0)
    a = d.active_player()
    for name in ("Stab", "Plains", "Forest"):
        d.add_card(a, name, "library")  # the top last
    d.add_card(a, "Swamp", "battlefield")
    d.add_card(a, MILLER.name, "hand")
    size = d.library_size(a)
    _act(d, f"cast {MILLER.name}")
    _pass_until(d, lambda: d.library_size(a) == size - 3)
    names = sorted(d.game.name(x) for x in d.game.objects("graveyard", a))
    assert names == ["Forest", "Plains", "Stab", MILLER.name]


@pytest.mark.parametrize("impl", IMPLS)
def test_scry_in_the_duel_701_22a(impl):
    """A scry's ``choose_card`` decision: the top card put on the bottom, the next kept; the
    next card drawn is the one kept."""
    d = impl(
        ["Island"] * 40,
        ["Island"] * 40,
        pool=FDN | MILLING,
        seed=3,
        auto_pass=False,
        mulligans=False,
    )
    while d.step() != "main1":
        d.apply_action(0)
    a = d.active_player()
    d.add_card(a, "Forest", "library")
    d.add_card(a, "Stab", "library")  # the top
    d.add_card(a, "Island", "battlefield")
    d.add_card(a, SCRYER.name, "hand")
    _act(d, f"cast {SCRYER.name}")
    _pass_until(d, lambda: d.decision() == "choose_card")
    assert _words(d) == [
        "keep the rest on top",
        "put Stab on the bottom of your library (option 0)",
        "put Forest on the bottom of your library (option 1)",
    ]
    _act(d, "put Stab")
    _act(d, "keep the rest")
    hand = d.hand(a)
    _next_turn_of(d, a)
    assert sorted(d.hand(a)) == sorted([*hand, "Forest"])


@pytest.mark.parametrize("impl", IMPLS)
def test_the_searching_player_chooses_and_the_opponent_sees_nothing_701_23a(impl):
    """Grim Tutor in the duel: the ``choose_card`` decision is its caster's, one option per
    distinct card of its library (no "find nothing": 701.23b); the opponent's observation shows
    no option (the library's cards are hidden, 701.23a); the card found goes to the hand, the
    opponent seeing a hand one card larger only."""
    d = _duel(impl)
    a = d.active_player()
    b = 1 - a
    d.add_card(a, "Forest", "library")
    for _ in range(3):
        d.add_card(a, "Swamp", "battlefield")
    d.add_card(a, "Grim Tutor", "hand")
    _act(d, "cast Grim Tutor")
    _pass_until(d, lambda: d.decision() == "choose_card")
    assert d.current_player() == a
    assert _words(d) == ["find Forest (option 0)", "find Swamp (option 1)"]
    assert d.observation_tensor(a)[OPTIONS_AT] == 1
    assert not d.observation_tensor(b)[OPTIONS_AT:].any()
    hand = len(d.hand(a))
    _act(d, "find Forest")
    assert "Forest" in d.hand(a) and len(d.hand(a)) == hand + 1
    assert d.game.life(a) == 17 and d.decision() == "priority"


@pytest.mark.parametrize("impl", IMPLS)
def test_evolving_wilds_in_the_duel_may_find_nothing_701_23b(impl):
    """Evolving Wilds: the land is sacrificed as a cost; its search offers "find nothing" and
    the basic lands of the library (the Grim Tutor there isn't one); the land found enters
    tapped."""
    d = _duel(impl)
    a = d.active_player()
    d.add_card(a, "Grim Tutor", "library")
    d.add_card(a, "Plains", "library")
    d.add_card(a, "Evolving Wilds", "battlefield")
    _act(d, "activate Evolving Wilds")
    _pass_until(d, lambda: d.decision() == "choose_card")
    assert _words(d) == ["find nothing", "find Plains (option 0)", "find Swamp (option 1)"]
    _act(d, "find Plains")
    (plains,) = _named(d, a, "Plains")
    assert d.is_tapped(plains) and _named(d, a, "Evolving Wilds") == []


LIBRARY = _deck(
    {"Swamp": 6, "Forest": 5, "Island": 4, "Evolving Wilds": 2},
    [
        "Grim Tutor",
        "Rune-Scarred Demon",
        "Solemn Simulacrum",
        "Lightshell Duo",
        "Wary Thespian",
        "Rune-Sealed Wall",
        "Burnished Hart",
        "Micromancer",
        "Stab",
        "Vampire Nighthawk",
        "Llanowar Elves",
        "Giant Growth",
        "Diregraf Ghoul",
    ],
)


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_the_library_cards_play_alike_in_both_duels(seed):
    """Searches (their decisions and the shuffles after) and surveils play the same games in
    both duels."""
    assert all(c.playable for c in coverage.coverage(LIBRARY))
    play_alike(LIBRARY, BOROS, seed)


def _first_search(seed):
    """A random game of the library deck played to its first search decision, or None."""
    d = Duel(LIBRARY, BOROS, pool="fdn", seed=seed, turn_limit=30)
    agent = agents.RandomAgent(seed)
    while not d.is_terminal() and d.decision() != "choose_card":
        d.apply_action(agent.act(d))
    return None if d.is_terminal() or len(d.legal_actions()) < 2 else d


def test_a_search_decision_leaks_no_hidden_card_to_search():
    """The searching player's MCTS decides its search from what it sees: the same decision and
    statistics on the duel and on a resample for that player (its opponent's hidden cards dealt
    again, its own library shuffled: the same cards to find). A resample for its opponent deals
    the searcher's library anew: the search goes on, finding nothing if the card chosen is no
    longer there."""
    compared = 0
    for seed in range(30):
        d = _first_search(seed)
        if d is None:
            continue
        q = d.current_player()
        other = d.resample(q, 500 + seed)
        assert other.legal_actions() == d.legal_actions()
        a, b = (agents.MCTSAgent(simulations=30, seed=seed) for _ in "ab")
        assert a.act(d) == b.act(other)
        assert a.root_stats() == b.root_stats()
        theirs = d.resample(1 - q, seed)
        theirs.apply_action(theirs.legal_actions()[-1])
        assert theirs.decision() != "choose_card" or theirs.current_player() == q
        compared += 1
        if compared == 2:
            break
    assert compared == 2
