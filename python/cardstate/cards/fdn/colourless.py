"""The colourless cards of Foundations other than lands, sorted by name."""

from __future__ import annotations

from cardstate.cards.fdn.common import text
from cardstate.cards.vocab import Card, Destroy, Filter, Target, TargetSpec, Triggered

__all__ = ["CARDS"]

CARDS: tuple[Card, ...] = (
    Card(
        name="Meteor Golem",
        cost="{7}",
        types=("artifact", "creature"),
        subtypes=("Golem",),
        power=3,
        toughness=3,
        oracle=text("Meteor Golem"),
        abilities=(
            Triggered(
                "enters",
                Destroy(Target(0)),
                targets=(TargetSpec(Filter(not_types=("land",), controller="opponent")),),
            ),
        ),
    ),
)
