"""Auras and Equipment (301.5, 303.4): which permanent each is attached to, the continuous
effects its "equipped creature gets …" abilities make on that permanent (613.4c, 613.1f), and
the state-based actions of attachments (704.5m, 704.5n), as rust/duel/src/duel/attach.rs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardstate.reference.cards import protection
from cardstate.reference.cards.objects import legal_target, matches
from cardstate.reference.cards.triggers import _parts
from cardstate.reference.duel.characteristics import IS_BIT, Characteristics, attached_is
from cardstate.reference.duel.state import Item

NO_ID = 0xFFFF_FFFF
"""Attached to nothing: an Aura that entered without being attached (704.5m)."""


@dataclass
class Attachment:
    """A permanent attached to another (301.5c, 303.4): the Aura or Equipment ``object``, the
    permanent ``to`` it is attached to, and the kernel's continuous effects its abilities make
    now (on ``on``, with the bonus ``applied``: power, toughness and the abilities that apply,
    a bit each), kept so they change only when what they give does."""

    object: int
    to: int
    on: int
    effects: list[int] = field(default_factory=list)
    applied: tuple[int, int, int] = (0, 0, 0)


def attach(attachments: list[Attachment], obj: int, to: int) -> None:
    """Attaches ``obj`` to ``to`` (701.3a); to what it is attached to already, nothing (701.3b).
    Its effects move with it at the next check (``sync_attachments``)."""
    for a in attachments:
        if a.object == obj:
            a.to = to
            return
    attachments.append(Attachment(obj, to, to))


def enchant_filter(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """What an Aura of this compiled card may enchant (702.5a); None for any other card."""
    for a in data["abilities"]:
        if a["kind"] == "enchant":
            return a["targets"][0]["filter"]  # type: ignore[no-any-return]
    return None


class Attachments(Characteristics):
    """The attachments' state-based actions and effects."""

    attachments: list[Attachment]

    def attached_to(self, obj: int) -> int | None:
        """What ``obj`` is attached to, if anything."""
        to = next((a.to for a in self.attachments if a.object == obj), None)
        return None if to == NO_ID else to

    def aura_target_gone(self, item: Item) -> bool:
        """608.3b: an Aura spell whose target is illegal as it resolves doesn't resolve; it goes
        to its owner's graveyard. Whether it did."""
        enchant = self.specs(item.card, None)
        if not enchant:
            return False
        card = self.cards[item.card]
        by = (card.cost.colours(), "instant" in card.data["types"])
        if len(item.targets) == 1 and legal_target(
            self.kernel, enchant[0], item.targets[0], None, item.controller, by=by
        ):
            return False
        self.kernel.move(item.object, "graveyard")
        self.absorb_events()
        return True

    def attach_entering_aura(self, item: Item, new: int) -> None:
        """303.4f: the permanent ``new`` an Aura spell became enters attached to its target."""
        if len(item.targets) == 1 and enchant_filter(self.cards[item.card].data) is not None:
            attach(self.attachments, new, item.targets[0])

    def sync_attachments(self) -> bool:
        """The attachments' part of the state-based actions (704.3), with the effects kept
        current: an Aura or Equipment that left the battlefield is attached to nothing; an
        Aura attached to an illegal object or to none goes to its owner's graveyard (704.5m);
        an Equipment attached to an illegal permanent becomes unattached and stays on the
        battlefield (704.5n). The others' effects follow what they are attached to and what
        their abilities give now ("for each Forest you control", "during your turn"). Returns
        whether an Aura was put into a graveyard."""
        moved = False
        # The permanents an Aura that rewrites what they are (``attached_is``) left or joined.
        rewritten = []
        i = 0
        while i < len(self.attachments):
            a = self.attachments[i]
            was_rewriting = bool(a.applied[2] & IS_BIT)
            c = self.card_of.get(a.object)
            data = self.cards[c].data if c is not None else {"abilities": []}
            if was_rewriting:
                rewritten.append(a.on)
                is_ = attached_is(data)
                if (
                    is_ is not None
                    and is_.get("loses_all_abilities")
                    and not self.is_permanent(a.on)
                ):
                    # 603.10a: it left the battlefield without abilities.
                    self.left_without_abilities.append(a.on)
            if not self.is_permanent(a.object):
                # Its effects ended as it left (611.3a).
                del self.attachments[i]
                continue
            if not self.legally_attached(a.object, data, a.to):
                self.end_effects(a.effects)
                del self.attachments[i]
                if enchant_filter(data) is not None:
                    # 704.5m.
                    self.kernel.move(a.object, "graveyard")
                    moved = True
                # 704.5n: the Equipment stays, unattached.
                continue
            power, toughness, gains, applies = self.bonus(a.object, data)
            if a.on != a.to or a.applied != (power, toughness, applies):
                self.end_effects(a.effects)
                a.effects = []
                if applies & IS_BIT:
                    a.effects = self.add_rewrite(a.object, attached_is(data) or {}, a.to)
                    rewritten.append(a.to)
                a.effects += self.add_bonus(a.object, a.to, power, toughness, gains)
                a.on = a.to
                a.applied = (power, toughness, applies)
            elif was_rewriting:
                rewritten.pop()  # unchanged: nothing to make current
            i += 1
        for eid in rewritten:
            self.refresh_rewritten(eid)
        if moved:
            self.absorb_events()
        return moved

    def legally_attached(self, obj: int, data: Mapping[str, Any], to: int) -> bool:
        """Whether ``obj`` may stay attached to ``to``: a permanent other than itself, that an
        Aura's "Enchant" allows (704.5m) or, for an Equipment, a creature (704.5n), without
        protection from the Aura or Equipment (702.16c-d)."""
        if to == obj or not self.is_permanent(to):
            return False
        f = enchant_filter(data)
        if f is None:
            allowed = self.is_creature(to)
        else:
            allowed = matches(self.kernel, f, to, obj, self._obj(obj).controller)
        return allowed and protection.attachable(self.kernel, to, self.colours_now(obj))

    def bonus(self, obj: int, data: Mapping[str, Any]) -> tuple[int, int, dict[str, int], int]:
        """What the "equipped creature gets …" abilities of ``obj`` give now: +power,
        +toughness, the keywords (name -> value) and which of its abilities apply, a bit each."""
        controller = self._obj(obj).controller
        power = toughness = applies = 0
        gains: dict[str, int] = {}
        k = 0
        for a in data["abilities"]:
            if a["kind"] != "attached":
                continue
            k += 1
            if a.get("your_turn") and self.active != controller:
                continue
            n = 1
            if "per" in a:
                # "For each Forest you control": counted now.
                n = sum(
                    1
                    for e in self.kernel.objects("battlefield", controller)
                    if matches(self.kernel, a["per"], e, obj, controller)
                )
            power += a["power"] * n
            toughness += a["toughness"] * n
            for name, v in a["gains"].items():
                gains.setdefault(name, v)
            applies |= 1 << min(k - 1, 30)
        if attached_is(data) is not None:
            applies |= IS_BIT
        return power, toughness, gains, applies

    def add_bonus(
        self, obj: int, to: int, power: int, toughness: int, gains: dict[str, int]
    ) -> list[int]:
        """The continuous effects of a bonus on ``to``, from ``obj`` (they end when it leaves,
        611.3a, or when ``to`` does): +N/+M (layer 7c), then each keyword in name order
        (layer 6)."""
        out = []
        if power or toughness:
            out.append(
                self.kernel.add_continuous_effect(
                    "modify_power_toughness",
                    affected=[to],
                    source=obj,
                    power=power,
                    toughness=toughness,
                )
            )
        for name in sorted(gains):
            value = gains[name] if name == "toxic" else None
            out.append(
                self.kernel.add_continuous_effect(
                    "add_keyword", affected=[to], source=obj, keyword=name, value=value
                )
            )
        return out

    def fired_through_attachments(
        self, events: list[tuple[str, int, int, int, bool]]
    ) -> list[tuple[int, int, str, int, int]]:
        """The triggered abilities of the Auras and Equipment attached to what the events are
        about ("whenever equipped creature deals combat damage to a player"), in event order,
        then attachment order, then ability order."""
        out = []
        for ev in events:
            kind, about = _parts(self.kernel, ev)
            for a in self.attachments:
                c = self.card_of.get(a.object)
                if a.to != about or c is None or not self.is_permanent(a.object):
                    continue
                controller = self._obj(a.object).controller
                for i, ab in enumerate(self.cards[c].data["abilities"]):
                    if (
                        ab["kind"] == "triggered"
                        and ab["event"] == kind
                        and ab["subject"] == {"s": "attached"}
                    ):
                        out.append((a.object, controller, self.cards[c].name, i, about))
        return out

    def end_effects(self, effects: list[int]) -> None:
        """Ends the effects still live (an effect whose object left ended then)."""
        live = {e["id"] for e in self.kernel.continuous_effects()}
        for e in effects:
            if e in live:
                self.kernel.end_continuous_effect(e)
