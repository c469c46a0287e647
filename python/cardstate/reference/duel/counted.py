""" "This creature gets +1/+1 for each creature card in your graveyard." (613.4c: Fiend Artisan,
``GetsPerGraveyardCard``): one kernel effect on the creature (layer 7c), made current at every
state-based check; the kernel ends it as the permanent leaves (611.3a). As
rust/duel/src/duel/counted.rs."""

from __future__ import annotations

from dataclasses import dataclass

from cardstate.reference.duel.attach import Attachments


@dataclass
class CountedBonus:
    """A permanent's counted bonus now and the kernel effect giving it (None: none)."""

    object: int
    bonus: tuple[int, int] = (0, 0)
    effect: int | None = None


class CountedBonuses(Attachments):
    """The bonuses counted for permanents, in the order they were first counted."""

    counted_bonuses: list[CountedBonus]

    def sync_counted_bonuses(self) -> None:
        """Makes each counted bonus current: an entry of a permanent that left is forgotten
        (611.3a); each permanent with ``GetsPerGraveyardCard``, player 0's first, each in
        battlefield order, gets its bonus for each card of those types in its controller's
        graveyard now, a new effect when the bonus changed."""
        self.counted_bonuses = [e for e in self.counted_bonuses if self.is_permanent(e.object)]
        for p in (0, 1):
            for eid in list(self.sides[p].battlefield):
                card = self.card_of_object(eid)
                if card is None or card.gets_per_graveyard is None:
                    continue
                power, toughness, types = card.gets_per_graveyard
                n = sum(
                    1
                    for g in self.kernel.objects("graveyard", p)
                    if g in self.card_of and self.cards[self.card_of[g]].types & types
                )
                bonus = (power * n, toughness * n)
                entry = next((e for e in self.counted_bonuses if e.object == eid), None)
                if entry is None:
                    entry = CountedBonus(eid)
                    self.counted_bonuses.append(entry)
                if entry.bonus == bonus:
                    continue
                if entry.effect is not None:
                    self.end_effects([entry.effect])
                entry.effect = None
                if bonus != (0, 0):
                    entry.effect = self.kernel.add_continuous_effect(
                        "modify_power_toughness",
                        affected=[eid],
                        source=eid,
                        power=bonus[0],
                        toughness=bonus[1],
                    )
                entry.bonus = bonus
