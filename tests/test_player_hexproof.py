"""A player with hexproof (702.11d: "You have hexproof" — the kernel's "hexproof" effect on
players, on both kernels): it can't be the target of spells or abilities its opponents
control; it can be its own spells' target. On both bare implementations (608.2b: an illegal
target on resolution) and in the native and the reference duel alike (601.2c: not offered)."""

from __future__ import annotations

import pytest
from cardstate.cards import Card, CardPool, pools
from cardstate.cards.vocab import Replacement
from fdn_support import cast
from test_fdn_duel_choices import IMPLS, _words

# A card of the test's own: only the ability under test.
WARDED = CardPool(
    [
        Card(
            name="Test Hexproof Charm",
            types=("artifact",),
            cost="{1}",
            oracle="You have hexproof.",
            abilities=(Replacement("hexproof", ("you",)),),
        )
    ],
    name="hexproof",
)


def test_an_opponent_with_hexproof_is_no_legal_target_702_11d(game):
    """Burst Lightning at player 1, who has hexproof: cast by player 0 its only target is
    illegal as it resolves (608.2b: it doesn't resolve, no damage); cast by player 1 at
    itself, it resolves (hexproof stops only opponents)."""
    g = game()
    g.add_replacement_effect("hexproof", affects="you", controller=1)
    assert cast(g, "Burst Lightning", [1], player=0).fizzled
    assert g.life(1) == 20
    assert not cast(g, "Burst Lightning", [0], player=0).fizzled
    assert not cast(g, "Burst Lightning", [1], player=1).fizzled
    assert (g.life(0), g.life(1)) == (18, 18)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("charm", [True, False])
def test_a_player_with_hexproof_isn_t_offered_as_an_opponent_s_target_601_2c(impl, charm):
    """In a duel, the opponent of the player whose permanent says "You have hexproof" isn't
    offered that player as Burst Lightning's target (the caster itself is); without the
    permanent, both players are offered."""
    pool = WARDED | pools["fdn"]
    deck = ["Mountain"] * 40
    d = impl(deck, deck, pool=pool, seed=3, auto_pass=False, mulligans=False)
    while d.step() != "main1":
        d.apply_action(0)
    a = d.active_player()
    d.add_card(a, "Mountain", "battlefield")
    d.add_card(a, "Burst Lightning", "hand")
    if charm:
        d.add_card(1 - a, "Test Hexproof Charm", "battlefield")
    (cast_it,) = [x for x in d.legal_actions() if d.action_to_string(x).startswith("cast Burst")]
    d.apply_action(cast_it)
    assert d.decision() == "target"
    players = [w for w in _words(d) if w.startswith("target player")]
    assert players == [f"target player {p} ({p})" for p in ((a,) if charm else (a, 1 - a))]
