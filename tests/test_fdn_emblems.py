"""Emblems (114): "You get an emblem with …" — Kaito, Cunning Infiltrator's −9 and Vivien Reid's
−8. An emblem is an object of its owner's command zone (114.1, 114.2) with only abilities; they
function there (114.4): a static ability applies from it, a triggered ability triggers from it;
nothing affects it (it isn't a permanent, can't be targeted) and it stays for the game. Each
card's Oracle text quoted and shown doing it in the native and the reference duel alike, and on
a bare ``Game``."""

from __future__ import annotations

import numpy as np
import pytest
from cardstate.cards import compile_card, coverage, fdn, pools
from cardstate.cards.fdn.tokens import KAITO_EMBLEM, VIVIEN_EMBLEM
from cardstate.duel import Duel
from cardstate.reference.duel import Duel as ReferenceDuel
from fdn_support import activate, oracle, put
from test_fdn_duel_choices import IMPLS, _act, _duel, _named, _pass_until, _words
from test_fdn_planeswalkers import KAITO, VIVIEN, _abilities, _activate, _loyalty, _resolve

LIONS = "Savannah Lions"  # {W}, a white 2/1
SEASON = "Doubling Season"
NINJA = "Ninja Token 2/1"


def test_the_emblems_text_coverage_and_pool():
    """The Oracle texts of the two cards' emblem abilities and of the emblems; both cards are
    playable (no declared gap left), and the pool holds the emblems as cards without types."""
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
    oracle(
        VIVIEN,
        "+1: Look at the top four cards of your library. You may reveal a creature or land card "
        "from among them and put it into your hand. Put the rest on the bottom of your library "
        "in a random order.\n"
        "\u22123: Destroy target artifact, enchantment, or creature with flying.\n"
        '\u22128: You get an emblem with "Creatures you control get +2/+2 and have vigilance, '
        'trample, and indestructible."',
    )
    assert coverage.card_coverage(KAITO).playable and coverage.card_coverage(VIVIEN).playable
    assert KAITO not in fdn.GAPS and VIVIEN not in fdn.GAPS
    assert KAITO_EMBLEM.oracle == (
        "Whenever a player casts a spell, you create a 2/1 blue Ninja creature token."
    )
    assert VIVIEN_EMBLEM.oracle == (
        "Creatures you control get +2/+2 and have vigilance, trample, and indestructible."
    )
    for emblem in (KAITO_EMBLEM, VIVIEN_EMBLEM):
        assert compile_card(emblem).data["types"] == []
    names = {t.name for t in fdn.tokens_for(fdn.CARDS)}
    assert {KAITO_EMBLEM.name, VIVIEN_EMBLEM.name, NINJA} <= names


def _vivien_emblem(impl):
    """Vivien Reid cast with Doubling Season out (10 loyalty, 614.1a, 306.5b), Savannah Lions
    of each player's; her −8 activated and resolved. Returns the duel, her controller, her id
    and the Lions (hers, the opponent's)."""
    d = _duel(impl, "Forest")
    a = d.active_player()
    for _ in range(5):
        d.add_card(a, "Forest", "battlefield")
    d.add_card(a, SEASON, "battlefield")
    mine, theirs = d.add_card(a, LIONS, "battlefield"), d.add_card(1 - a, LIONS, "battlefield")
    d.add_card(a, VIVIEN, "hand")
    _act(d, f"cast {VIVIEN}")
    _resolve(d)
    (vivien,) = _named(d, a, VIVIEN)
    assert _loyalty(d, vivien) == 10
    assert 2 in _abilities(d, VIVIEN)
    _activate(d, VIVIEN, 2)
    assert _loyalty(d, vivien) == 2  # 606.4: the cost is paid as it is activated
    _resolve(d)
    return d, a, vivien, (mine, theirs)


def _emblem_columns(d, p):
    """The observation's emblem identities, player p's then its opponent's."""
    features = {name: (at, n) for name, at, n in d.observation_features()}
    obs = np.asarray(d.observation_tensor(p))
    return [
        [obs[features[f"{side}[{m}].card"][0]] for m in range(4)]
        for side in ("my_emblems", "their_emblems")
    ]


@pytest.mark.parametrize("impl", IMPLS)
def test_vivien_reid_s_emblem_creatures_you_control_get_plus_2_plus_2_114_4(impl):
    """Vivien's −8: her controller gets the emblem, in its command zone (not a permanent:
    the battlefield holds the same); its Lions is 4/3 with vigilance, trample and
    indestructible, the opponent's stays a 2/1; a creature entering later gets it too (611.3a:
    "creatures you control" read continuously)."""
    d, a, vivien, (mine, theirs) = _vivien_emblem(impl)
    (emblem,) = d.game.objects("command", a)
    assert d.game.name(emblem) == VIVIEN_EMBLEM.name and d.game.controller(emblem) == a
    assert d.game.objects("command", 1 - a) == []
    assert emblem not in d.battlefield(a)
    assert (d.game.power(mine), d.game.toughness(mine)) == (4, 3)
    for k in ("vigilance", "trample", "indestructible"):
        assert d.game.has_keyword(mine, k) and not d.game.has_keyword(theirs, k)
    assert (d.game.power(theirs), d.game.toughness(theirs)) == (2, 1)
    later = d.add_card(a, "Healer's Hawk", "battlefield")
    assert (d.game.power(later), d.game.toughness(later)) == (3, 3)


@pytest.mark.parametrize("impl", IMPLS)
def test_an_emblem_outlasts_its_planeswalker_and_is_observed_114_1(impl):
    """The emblem stays for the game and still applies turns later, whatever happens to its
    planeswalker; both observations show it by its card's identity (its index in the pool +
    1), the owner's as "mine", the opponent's as "theirs"; no action names it (it is no
    permanent and can't be targeted)."""
    d, a, vivien, (mine, _) = _vivien_emblem(impl)
    (emblem,) = d.game.objects("command", a)
    card = list(pools["fdn"]).index(VIVIEN_EMBLEM.name) + 1
    assert _emblem_columns(d, a) == [[card, 0, 0, 0], [0, 0, 0, 0]]
    assert _emblem_columns(d, 1 - a) == [[0, 0, 0, 0], [card, 0, 0, 0]]
    assert not any(f"({emblem})" in w for w in _words(d))
    t = d.turn()
    while d.turn() < t + 2:
        d.apply_action(d.legal_actions()[0])
    assert d.game.objects("command", a) == [emblem]
    assert (d.game.power(mine), d.game.toughness(mine)) == (4, 3)
    assert _named(d, a, VIVIEN) == [vivien]


def _kaito_at_nine(impl):
    """Kaito cast (3 loyalty), six Savannah Lions of his controller's attack an empty board:
    each one's combat damage to the opponent puts a loyalty counter on him (9); in the second
    main phase his −9 is activated and resolves. Returns the duel and his controller."""
    d = _duel(impl, "Island")
    a = d.active_player()
    for _ in range(3):
        d.add_card(a, "Island", "battlefield")
    lions = [d.add_card(a, LIONS, "battlefield") for _ in range(6)]
    d.add_card(a, KAITO, "hand")
    _act(d, f"cast {KAITO}")
    _resolve(d)
    (kaito,) = _named(d, a, KAITO)
    while d.step() != "declare attackers":
        d.apply_action(0)
    for x in lions:
        _act(d, f"attack with {LIONS} ({x})")
    _pass_until(d, lambda: d.step() == "main2" and d.decision() == "priority", limit=40)
    assert _loyalty(d, kaito) == 9
    assert 2 in _abilities(d, KAITO)
    _activate(d, KAITO, 2)
    _resolve(d)
    _pass_until(d, lambda: d.decision() == "priority")
    return d, a


@pytest.mark.parametrize("impl", IMPLS)
def test_kaito_s_emblem_whenever_a_player_casts_a_spell_you_create_a_ninja_114_4(impl):
    """Kaito's −9 (0 loyalty left: he goes to the graveyard, 704.5i): his controller has the
    emblem; its casting a spell and its opponent's each trigger it from the command zone, and
    each makes a 2/1 Ninja for the emblem's owner."""
    d, a = _kaito_at_nine(impl)
    assert _named(d, a, KAITO) == []
    (emblem,) = d.game.objects("command", a)
    assert d.game.name(emblem) == KAITO_EMBLEM.name
    assert _named(d, a, NINJA) == []
    d.add_card(a, "Island", "battlefield")
    d.add_card(a, "Spectral Sailor", "hand")
    _act(d, "cast Spectral Sailor")
    # The trigger goes on the stack above the spell and resolves first.
    _pass_until(d, lambda: len(_named(d, a, NINJA)) == 1)
    ninja = _named(d, a, NINJA)[0]
    assert (d.game.power(ninja), d.game.toughness(ninja)) == (2, 1)
    _pass_until(d, lambda: len(_named(d, a, "Spectral Sailor")) == 1)
    # The opponent's spell: the emblem's owner gets the Ninja.
    while d.active_player() == a or d.step() != "main1":
        d.apply_action(d.legal_actions()[0])
    b = 1 - a
    d.add_card(b, "Island", "battlefield")
    d.add_card(b, "Spectral Sailor", "hand")
    _act(d, "cast Spectral Sailor")
    _pass_until(d, lambda: len(_named(d, a, NINJA)) == 2, limit=20)
    assert _named(d, b, NINJA) == []


def test_the_card_layer_makes_an_emblem_on_a_bare_game(game):
    """On a bare ``Game`` the card layer's −8 (Vivien placed, loyalty counters added) puts the
    emblem into its controller's command zone and its continuous effects apply there; a
    creature of the controller's is 4/3, the other player's not."""
    g = game()
    vivien = put(g, VIVIEN)
    g.add_counters(vivien, "loyalty", 3)
    lions = put(g, LIONS)
    theirs = put(g, LIONS, 1)
    activate(g, vivien, VIVIEN, [], n=2)
    (emblem,) = g.objects("command", 0)
    assert g.name(emblem) == VIVIEN_EMBLEM.name
    assert (g.power(lions), g.toughness(lions)) == (4, 3) and g.has_keyword(lions, "trample")
    assert (g.power(theirs), g.toughness(theirs)) == (2, 1)


def _setup_for_play(d, a):
    """Both players get Islands and spells to cast, so that the emblems' abilities act."""
    for p in (a, 1 - a):
        for _ in range(3):
            d.add_card(p, "Island", "battlefield")
            d.add_card(p, "Spectral Sailor", "hand")


def test_emblems_play_alike_in_both_duels():
    """From the same emblems on (Vivien's and Kaito's, each made in the same way), play casting
    spells whenever offered and random otherwise goes the same in both duels: legal actions,
    words, observations and bytes; Kaito's emblem made Ninjas."""
    ninjas = 0
    for make in (_vivien_emblem, _kaito_at_nine):
        native, a = make(Duel)[:2]
        reference = make(ReferenceDuel)[0]
        for d in (native, reference):
            _setup_for_play(d, a)
        rng = np.random.default_rng(7)
        for _ in range(300):
            if native.is_terminal():
                break
            legal = native.legal_actions()
            assert reference.legal_actions() == legal
            words = [native.action_to_string(x) for x in legal]
            assert [reference.action_to_string(x) for x in legal] == words
            for p in (0, 1):
                assert np.array_equal(reference.observation_tensor(p), native.observation_tensor(p))
            cast = [x for x, w in zip(legal, words, strict=True) if w.startswith("cast")]
            x = cast[0] if cast else legal[int(rng.integers(len(legal)))]
            native.apply_action(x)
            reference.apply_action(x)
            ninjas = max(ninjas, len(_named(native, a, NINJA)))
        assert native.to_bytes() == reference.to_bytes()
    assert ninjas >= 2
