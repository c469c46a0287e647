"""Foundations cards of flash (702.8) and prowess (702.108) do what their Oracle text says, on
both implementations.

Each test quotes the card's Oracle text (and checks that the pool stores exactly that text),
then plays its abilities on a bare kernel ``Game`` through ``cardstate.cards`` with the
Foundations pool; the ``game`` fixture runs it on ``cardstate.Game`` (the Rust runtime) and
``cardstate.reference.Game`` (the reference interpreter). Flash is a rule of casting timing
(307.1), which a bare ``Game`` doesn't keep: the duels' tests (``tests/test_fdn_duel.py``)
show it there; here the compiled card carries it.
"""

from __future__ import annotations

from cardstate import cards
from fdn_support import FDN, activate, battlefield, drawn, fired, library, oracle, pt, put, resolve

FLASH = "Flash (You may cast this spell any time you could cast an instant.)"
PROWESS = (
    "Prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.)"
)


def spell(g, name, player=0):
    """A spell of card ``name`` on the stack (cast, 601.2i)."""
    return put(g, name, player, "stack")


def has_flash(name: str) -> bool:
    return {"kind": "flash"} in FDN[name].data["abilities"]


def test_spectral_sailor(game):
    """'Flash …\\nFlying\\n{3}{U}: Draw a card.' — 702.8a; 602.2: the ability is activated
    any number of times, each drawing a card (121.1)."""
    oracle("Spectral Sailor", FLASH + "\nFlying\n{3}{U}: Draw a card.")
    assert has_flash("Spectral Sailor")
    g = game()
    library(g, 0, 3)
    sailor = put(g, "Spectral Sailor")
    assert g.has_keyword(sailor, "flying") and pt(g, sailor) == (1, 1)
    activate(g, sailor, "Spectral Sailor")
    activate(g, sailor, "Spectral Sailor")
    assert drawn(g) == ["Island", "Island"] and g.zone(sailor) == "battlefield"


def test_elementalist_adept_prowess_702_108a(game):
    """'Flash …\\nProwess …' — 702.108a: a noncreature spell you cast triggers it (+1/+1 until
    end of turn, gone in the cleanup step, 514.2); a creature spell doesn't, nor an
    opponent's spell."""
    oracle("Elementalist Adept", FLASH + "\n" + PROWESS)
    assert has_flash("Elementalist Adept")
    g = game()
    adept = put(g, "Elementalist Adept")
    assert fired(g, [cards.cast(spell(g, "Serra Angel"), 0)]) == []
    assert fired(g, [cards.cast(spell(g, "Boltwave", 1), 1)]) == []
    (f,) = fired(g, [cards.cast(spell(g, "Boltwave"), 0)])
    resolve(g, f)
    (f,) = fired(g, [cards.cast(spell(g, "Phyrexian Arena"), 0)])
    resolve(g, f)
    assert pt(g, adept) == (4, 3)
    g.cleanup()
    assert pt(g, adept) == (2, 1)


def test_heartfire_immolator(game):
    """'Prowess …\\n{R}, Sacrifice this creature: It deals damage equal to its power to target
    creature or planeswalker.' — the creature is sacrificed as a cost (602.2b), so its power
    is its last known power (608.2h), prowess's bonus included."""
    oracle(
        "Heartfire Immolator",
        PROWESS + "\n{R}, Sacrifice this creature: It deals damage equal to its power to target "
        "creature or planeswalker.",
    )
    (a,) = [a for a in FDN["Heartfire Immolator"].data["abilities"] if a["kind"] == "activated"]
    assert a["cost"]["sacrifice"]
    g = game()
    immolator, angel = put(g, "Heartfire Immolator"), put(g, "Serra Angel", 1)
    (f,) = fired(g, [cards.cast(spell(g, "Boltwave"), 0)])
    resolve(g, f)
    assert pt(g, immolator) == (3, 3)
    activate(g, immolator, "Heartfire Immolator", [angel])
    assert g.zone(immolator) == "graveyard" and g.damage(angel) == 3
    # Without the bonus: 2 damage.
    second, turtle = put(g, "Heartfire Immolator"), put(g, "Aegis Turtle", 1)
    activate(g, second, "Heartfire Immolator", [turtle])
    assert g.damage(turtle) == 2


def test_cathar_commando(game):
    """'Flash\\n{1}, Sacrifice this creature: Destroy target artifact or enchantment.' —
    702.8a; 701.8: the target is destroyed, and the Commando is sacrificed as a cost
    (602.2b)."""
    oracle(
        "Cathar Commando",
        "Flash\n{1}, Sacrifice this creature: Destroy target artifact or enchantment.",
    )
    assert has_flash("Cathar Commando")
    g = game()
    commando, arena = put(g, "Cathar Commando"), put(g, "Phyrexian Arena", 1)
    assert pt(g, commando) == (3, 1)
    activate(g, commando, "Cathar Commando", [arena])
    assert g.zone(commando) == "graveyard" and g.zone(arena) == "graveyard"


def test_resolute_reinforcements(game):
    """'Flash …\\nWhen this creature enters, create a 1/1 white Soldier creature token.' —
    603.6a; 111.1: the token is a 1/1 Soldier creature."""
    oracle(
        "Resolute Reinforcements",
        FLASH + "\nWhen this creature enters, create a 1/1 white Soldier creature token.",
    )
    assert has_flash("Resolute Reinforcements")
    g = game()
    g.take_events()
    put(g, "Resolute Reinforcements")
    (f,) = fired(g)
    resolve(g, f)
    (soldier,) = battlefield(g, 0, "Soldier Token 1/1")
    assert g.is_token(soldier) and pt(g, soldier) == (1, 1)
    assert FDN["Soldier Token 1/1"].card.info["colours"] == ["W"]
