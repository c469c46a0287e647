""" "As this artifact enters, choose a color." (614.12, 607.2: Heraldic Banner): its controller
chooses a colour for the permanent (an ``option`` decision, OPTION k the k-th of white, blue,
black, red, green), which the permanent remembers while it stays on the battlefield (400.7).
Simplification: the choice is made at the first state-based check after it enters, before any
player receives priority. Its bonus ("Creatures you control of the chosen color get +1/+0.",
layer 7c) is one kernel effect on the creatures its controller controls of that colour now
(105.2, 613.1e), made current at every state-based check; the kernel ends it as the permanent
leaves (611.3a). As rust/duel/src/duel/chosen.rs."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardstate.reference.duel.attach import Attachments
from cardstate.reference.duel.state import BEGIN, PRIORITY, STEPS

COLOUR_NAMES = ("white", "blue", "black", "red", "green")
"""The colours a choice offers, in WUBRG order (105.1): OPTION k chooses the k-th."""


@dataclass
class ChosenColour:
    """A permanent's chosen colour (607.2, its index in WUBRG order), the creatures its bonus
    applies to (in battlefield order) and the kernel effect giving it (None: none)."""

    object: int
    colour: int
    affected: list[int] = field(default_factory=list)
    effect: int | None = None


class ChosenColours(Attachments):
    """The colours chosen for permanents as they entered, and their bonuses."""

    chosen_colours: list[ChosenColour]

    def colour_choice(self) -> int | None:
        """The permanent whose colour is to be chosen next: of those on the battlefield that
        choose a colour and have none chosen yet, the first to enter (the lowest id)."""
        chosen = {e.object for e in self.chosen_colours}
        waiting = [
            eid
            for p in (0, 1)
            for eid in self.sides[p].battlefield
            if eid in self.card_of
            and self.cards[self.card_of[eid]].chooses_colour is not None
            and eid not in chosen
        ]
        return min(waiting, default=None)

    def chosen_colour(self, eid: int) -> int:
        """The colour (a bit, WUBRG) chosen for permanent ``eid``: 0 before one is."""
        return next((1 << e.colour for e in self.chosen_colours if e.object == eid), 0)

    def choose_colour(self, k: int) -> None:
        """The deciding player chooses colour ``k`` (WUBRG) for the permanent of
        ``colour_choice``; the state-based check goes on (made as a player would receive
        priority, or in cleanup)."""
        eid = self.colour_choice()
        if eid is not None:
            self.chosen_colours.append(ChosenColour(eid, k))
        self.pending = BEGIN if STEPS[self.step_index] == "cleanup" else PRIORITY

    def sync_chosen_colours(self) -> None:
        """Makes each chosen colour's bonus current: an entry of a permanent that left is
        forgotten (its effect ended with it, 611.3a); the bonus applies to the creatures its
        controller controls of its colour now, a new effect when they changed."""
        kept = []
        for e in self.chosen_colours:
            if not self.is_permanent(e.object):
                continue
            kept.append(e)
            bonus = self.cards[self.card_of[e.object]].chooses_colour or (0, 0)
            p = self.kernel._objs[e.object].controller
            now = [
                x
                for x in self.sides[p].battlefield
                if x in self.card_of and self.is_creature(x) and self.colours_now(x) >> e.colour & 1
            ]
            if now == e.affected:
                continue
            if e.effect is not None:
                self.end_effects([e.effect])
            e.effect = None
            if now and bonus != (0, 0):
                e.effect = self.kernel.add_continuous_effect(
                    "modify_power_toughness",
                    affected=now,
                    source=e.object,
                    power=bonus[0],
                    toughness=bonus[1],
                )
            e.affected = now
        self.chosen_colours = kept
