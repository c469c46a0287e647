"""What a permanent is now where an Aura rewrites it (303.4, 613.1; compiled ``attached_is``:
"Enchanted creature loses all abilities and is a green and white Citizen creature with base
power and toughness 1/1 named Legitimate Businessperson."): its kernel effects (layer 4
subtypes, layer 6, layer 7b), made with the Aura's others (``sync_attachments``); its card types,
set on the kernel object (layer 4, 613.1d); and the abilities the duel reads of it (activated,
mana, triggered, the duel's statics): none while it lost them (613.1f), but a mana ability the
Aura grants. As rust/duel/src/duel/characteristics.rs."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from cardstate.reference.duel.mana import COLOURLESS, COLOURS
from cardstate.reference.duel.state import DuelState
from cardstate.reference.duel.table import DuelCard
from cardstate.vocabulary import CARD_TYPES

LAND_TYPES = (
    "Plains",
    "Island",
    "Swamp",
    "Mountain",
    "Forest",
    "Cave",
    "Desert",
    "Gate",
    "Lair",
    "Locus",
    "Mine",
    "Power-Plant",
    "Sphere",
    "Tower",
    "Town",
    "Urza's",
)
"""The land types (205.3i): the subtypes a permanent that becomes a land and nothing else
keeps."""

IS_BIT = 1 << 31
"""The bit of an Aura's bonus (``Attachments.bonus``) that says its ``attached_is`` applies."""


def attached_is(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The ``attached_is`` ability of a compiled card, if it has one."""
    return next((a for a in data["abilities"] if a["kind"] == "attached_is"), None)


def without_abilities(card: DuelCard, mana: str | None) -> DuelCard:
    """What the duel reads of an object of ``card`` that lost all its abilities (613.1f): none,
    but "{T}: Add ``mana``" if an Aura grants it with that."""
    produces = 0
    if mana is not None:
        produces = COLOURLESS if mana == "C" else 1 << COLOURS.index(mana)
    return dataclasses.replace(
        card,
        produces=produces,
        mana_sacrifice=False,
        activated=(),
        activation_mana=(),
        triggers=False,
        mana_for_each=None,
        spells_cost_less=frozenset(),
        spells_have_flash=False,
        spells_from_hand_free=False,
        additional_land=False,
        no_maximum_hand_size=False,
        doesnt_untap=False,
    )


class Characteristics(DuelState):
    """The permanents Auras rewrite."""

    def colours_now(self, eid: int) -> int:
        """The colours (a mask, WUBRG) of permanent ``eid`` now (105.2; layer 5, 613.1e): its
        card's, or the latest Aura's that sets them."""
        set_by = [a["colours"] for a in self.rewrites(eid) if "colours" in a]
        if set_by:
            return sum(1 << i for i, x in enumerate("WUBRG") if x in set_by[-1])
        card = self.card_of_object(eid)
        return 0 if card is None else card.cost.colours()

    def rewrites(self, eid: int) -> list[Mapping[str, Any]]:
        """The ``attached_is`` abilities that apply to permanent ``eid`` now, in attachment
        order (the order of their timestamps, 613.7)."""
        out = []
        for a in self.attachments:
            if a.on == eid and a.applied[2] & IS_BIT:
                c = self.card_of.get(a.object)
                found = None if c is None else attached_is(self.cards[c].data)
                if found is not None:
                    out.append(found)
        return out

    def abilities_of(self, eid: int) -> DuelCard:
        """What the duel reads of object ``eid`` for its abilities: its card's, or, once it lost
        all abilities (613.1f), none but a mana ability an Aura grants it with that."""
        card = self.cards[self.card_of[eid]]
        if not self.attachments or not self.kernel._lost_abilities(eid):
            return card
        granted = [a["mana"] for a in self.rewrites(eid) if "mana" in a]
        return without_abilities(card, granted[-1] if granted else None)

    def add_rewrite(self, obj: int, a: Mapping[str, Any], to: int) -> list[int]:
        """The kernel effects of ``attached_is`` ``a`` of Aura ``obj`` on ``to``, in layer order:
        the loss of all abilities (layer 6, 613.1f), the subtypes (layer 4, 613.1d: all lost,
        then each added; made a land and nothing else, it keeps only its land types, 205.1b),
        the base power and toughness (7b, 613.4b: counters and "+N/+N" effects still apply on
        top). They end when either leaves (611.3a)."""
        k = self.kernel
        out = []
        only_land = a.get("types") == ["land"]
        kept = []
        if only_land and "subtypes" not in a:
            now = k.subtypes(to)
            kept = [t for t in LAND_TYPES if t in now]
        if a.get("loses_all_abilities"):
            out.append(k.add_continuous_effect("lose_all_abilities", affected=[to], source=obj))
        if "subtypes" in a or only_land:
            out.append(k.add_continuous_effect("lose_subtypes", affected=[to], source=obj))
        if "power" in a:
            out.append(
                k.add_continuous_effect(
                    "set_base_power_toughness",
                    affected=[to],
                    source=obj,
                    power=a["power"],
                    toughness=a["toughness"],
                )
            )
        for s in [*a.get("subtypes", ()), *kept]:
            out.append(k.add_continuous_effect("add_subtype", affected=[to], source=obj, subtype=s))
        return out

    def refresh_rewritten(self, eid: int) -> None:
        """Permanent ``eid``'s card types made current (layer 4, 613.1d): its printed types, or
        the latest Aura's that sets them."""
        if not self.is_permanent(eid):
            return
        obj = self.kernel._object(eid, mutate=True)
        types = list(obj.printed.types)
        for a in self.rewrites(eid):
            if a.get("types"):
                types = [t for t in CARD_TYPES if t in a["types"]]
        obj.types = types

    def drop_without_abilities(self, fired: list[Any]) -> list[Any]:
        """The triggered abilities but those of sources that have none (613.1f): one that lost
        all its abilities, or that had lost them as it left the battlefield (603.10a: its
        "dies" abilities look back at an object without them)."""
        left = self.left_without_abilities
        self.left_without_abilities = []
        return [f for f in fired if f[0] not in left and not self.kernel._lost_abilities(f[0])]
