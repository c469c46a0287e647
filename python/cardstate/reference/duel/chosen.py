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

from cardstate.reference.duel import actions
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


@dataclass
class ChosenType:
    """A permanent's chosen creature type (607.2; "": none could be offered), the creatures
    its bonus applies to (in battlefield order), the bonus it gives now and the kernel effect
    giving it (None: none)."""

    object: int
    name: str
    affected: list[int] = field(default_factory=list)
    bonus: tuple[int, int] = (0, 0)
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

    # ----- a creature type chosen as a permanent enters (614.12: Banner of Kinship) ---------

    chosen_types: list[ChosenType]

    def type_choice(self) -> int | None:
        """The permanent whose creature type is to be chosen next: of those on the battlefield
        that choose one and have none chosen yet, the first to enter (the lowest id)."""
        chosen = {e.object for e in self.chosen_types}
        waiting = [
            eid
            for p in (0, 1)
            for eid in self.sides[p].battlefield
            if eid in self.card_of
            and self.cards[self.card_of[eid]].chooses_type is not None
            and eid not in chosen
        ]
        return min(waiting, default=None)

    def type_options(self, eid: int) -> list[str]:
        """The creature types offered to the controller of permanent ``eid`` (the duel can't
        offer all of them, 205.3m): the creature types of the creature cards in that player's
        library, hand, graveyard and exile and of the permanents it controls, those most of
        them have first, then by name; at most ``OPTION_SLOTS``. As
        rust/duel/src/duel/chosen.rs."""
        p = self.kernel._objs[eid].controller
        side = self.sides[p]
        objects = [*side.battlefield, *self.kernel.objects("graveyard", p), *self.exile(p)]
        cards = [*side.library, *side.hand]
        cards += [self.card_of[x] for x in objects if x in self.card_of]
        counts: dict[str, int] = {}
        for c in cards:
            data = self.cards[c].data
            if "creature" not in data["types"]:
                continue
            for t in data["subtypes"]:
                counts[t] = counts.get(t, 0) + 1
        ranked = sorted(counts, key=lambda t: (-counts[t], t.encode()))
        return ranked[: actions.OPTION_SLOTS]

    def chosen_type(self, eid: int) -> str | None:
        """The creature type chosen for permanent ``eid`` (None before one is)."""
        return next((e.name for e in self.chosen_types if e.object == eid), None)

    def creatures_of_type(self, p: int, name: str) -> list[int]:
        """The creatures p controls of creature type ``name`` now (205.3m; layer 4)."""
        if not name:
            return []
        return [
            x
            for x in self.sides[p].battlefield
            if self.is_creature(x) and self.kernel._has_subtype(self.kernel._objs[x], name)
        ]

    def note_chosen_type(self, eid: int, name: str) -> None:
        """Creature type ``name`` is chosen for permanent ``eid`` (614.12): with a counter, it
        enters with one for each creature its controller controls of that type (614.1c)."""
        self.chosen_types.append(ChosenType(eid, name))
        counter = self.cards[self.card_of[eid]].chooses_type_counter
        if counter is not None:
            p = self.kernel._objs[eid].controller
            n = len(self.creatures_of_type(p, name))
            if n > 0:
                self.kernel.add_counters(eid, counter, n)
                self.absorb_events()

    def type_choice_due(self) -> bool:
        """The permanent of ``type_choice`` gets a creature type without a decision when none
        can be offered (a type none of its controller's cards has); returns whether one waits
        for its controller's decision."""
        while (eid := self.type_choice()) is not None:
            if self.type_options(eid):
                return True
            self.note_chosen_type(eid, "")
        return False

    def choose_type(self, k: int) -> None:
        """The deciding player chooses the k-th of ``type_options`` for the permanent of
        ``type_choice``; the state-based check goes on."""
        eid = self.type_choice()
        if eid is not None:
            options = self.type_options(eid)
            if k < len(options):
                self.note_chosen_type(eid, options[k])
        self.pending = BEGIN if STEPS[self.step_index] == "cleanup" else PRIORITY

    def sync_chosen_types(self) -> None:
        """Makes each chosen type's bonus current: an entry of a permanent that left is
        forgotten (611.3a); the bonus (for each of its counters, for a card that names one)
        applies to the creatures its controller controls of its type now, a new effect when
        they or the bonus changed."""
        kept = []
        for e in self.chosen_types:
            if not self.is_permanent(e.object):
                continue
            kept.append(e)
            card = self.cards[self.card_of[e.object]]
            power, toughness = card.chooses_type or (0, 0)
            if card.chooses_type_counter is not None:
                n = self.kernel._objs[e.object].counters.get(card.chooses_type_counter, 0)
                power, toughness = power * n, toughness * n
            p = self.kernel._objs[e.object].controller
            now = self.creatures_of_type(p, e.name)
            if now == e.affected and (power, toughness) == e.bonus:
                continue
            if e.effect is not None:
                self.end_effects([e.effect])
            e.effect = None
            if now and (power, toughness) != (0, 0):
                e.effect = self.kernel.add_continuous_effect(
                    "modify_power_toughness",
                    affected=now,
                    source=e.object,
                    power=power,
                    toughness=toughness,
                )
            e.affected = now
            e.bonus = (power, toughness)
        self.chosen_types = kept
