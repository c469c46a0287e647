"""Combat (506-511): declaring attackers and blockers candidate by candidate, and combat damage
with the duel's damage division rule (docs/DUEL.md, "Combat")."""

from __future__ import annotations

from cardstate.reference.duel import actions
from cardstate.reference.duel.state import DuelState

FIRST_STRIKE = ("first strike", "double strike")


class Combat(DuelState):
    """Attackers, blockers and combat damage."""

    def can_attack(self, eid: int) -> bool:
        """508.1a: an untapped creature of the active player that has been under its control
        since the turn began or has haste (302.6, 702.10), without defender (702.3b)."""
        if not self.is_creature(eid) or self.tapped(eid) or self.has(eid, "defender"):
            return False
        return eid not in self.sick or self.has(eid, "haste")

    def can_block(self, blocker: int, attacker: int) -> bool:
        """509.1a: an untapped creature; a flyer only by a creature with flying or reach
        (702.9b, 702.17b)."""
        if not self.is_creature(blocker) or self.tapped(blocker):
            return False
        if not self.is_permanent(attacker):
            return False
        return not self.has(attacker, "flying") or self.has(blocker, "flying", "reach")

    def declare_attack(self, attacks: bool) -> None:
        """The candidate being asked about attacks or not; after the last one, attacking
        creatures tap (508.1f, except with vigilance, 702.20b) and "whenever ~ attacks"
        triggers (508.3a)."""
        if attacks:
            self.attackers.append([self.candidates[self.deciding], False])
        self.deciding += 1
        if self.deciding < len(self.candidates):
            return
        if self.attackers and self.reads_history:
            # Raid (207.2c): the active player attacked this turn.
            died, attacked, lost = self.turn_history
            self.turn_history = (died, attacked | 1 << self.active, lost)
        for eid, _ in self.attackers:
            if not self.has(eid, "vigilance"):
                self.kernel.tap(eid)
            self.events.append(("attacks", eid, 0, 0, False))
        self.give_priority(self.active)

    def block_actions(self) -> list[int]:
        """509.1a: what the blocker being asked about may do: not block, or block an attacker
        it can block, named by the attacker's permanent slot (of the active player, the
        deciding player's opponent)."""
        b = self.candidates[self.deciding]
        attacking = {att for att, _ in self.attackers}
        slots = self.sides[self.active].battlefield[: actions.PERMANENT_SLOTS]
        return [actions.NO] + [
            actions.THEIRS + j
            for j, eid in enumerate(slots)
            if eid in attacking and self.can_block(b, eid)
        ]

    def attacker_in_slot(self, j: int) -> int:
        """The place among the attackers of the attacker in the active player's permanent slot
        ``j``."""
        eid = self.sides[self.active].battlefield[j]
        return next(a for a, (att, _) in enumerate(self.attackers) if att == eid)

    def declare_block(self, attacker_slot: int | None) -> None:
        """The candidate being asked about blocks attacker ``attacker_slot`` (its place among
        the attackers, the order they were declared in) or not. After
        the last one: a menace attacker blocked by exactly one creature is an illegal block
        (702.110b), which the duel drops (docs/DUEL.md: the attacker is then unblocked); then
        "whenever ~ becomes blocked" triggers (509.3c)."""
        if attacker_slot is not None:
            self.blocks.append((self.candidates[self.deciding], attacker_slot))
            self.attackers[attacker_slot][1] = True
        self.deciding += 1
        if self.deciding < len(self.candidates):
            return
        for a, (eid, _) in enumerate(self.attackers):
            if self.has(eid, "menace") and sum(1 for _, x in self.blocks if x == a) == 1:
                self.blocks = [b for b in self.blocks if b[1] != a]
                self.attackers[a][1] = False
        for eid, blocked in self.attackers:
            if blocked:
                self.events.append(("becomes_blocked", eid, 0, 0, False))
        self.give_priority(self.active)

    def first_strike_step(self) -> bool:
        """510.4: a combatant has first strike or double strike."""
        return any(self.has(eid, *FIRST_STRIKE) for eid, _ in self.attackers) or any(
            self.has(b, *FIRST_STRIKE) for b, _ in self.blocks
        )

    def combat_damage(self, *, first_strike_step: bool) -> None:
        """510.1-510.2: each creature that deals damage in this step assigns it, then all of it
        is dealt at once through the kernel (infect, wither, lifelink, deathtouch, toxic...)."""
        assignments = self.combat_assignments(first_strike_step=first_strike_step)
        if assignments:
            self.kernel.deal_simultaneous_damage(assignments, combat=True, preventable=True)
            self.absorb_events()

    def combat_assignments(self, *, first_strike_step: bool) -> list[tuple[int, int, int]]:
        """510.1: the assignments of the creatures that deal damage in this step. In the
        first-strike step only creatures with first or double strike deal damage; in the
        regular step after one, those with first strike but not double strike don't (510.4)."""
        after_first = not first_strike_step and self.first_strike_step()

        def deals(eid: int) -> bool:
            if first_strike_step:
                return self.has(eid, *FIRST_STRIKE)
            return (
                not after_first
                or not self.has(eid, "first strike")
                or self.has(eid, "double strike")
            )

        defender = 1 - self.active
        assignments: list[tuple[int, int, int]] = []
        for slot, (att, blocked) in enumerate(self.attackers):
            if not self.is_creature(att) or not deals(att):
                continue
            left = self.power(att)
            if left == 0:
                continue
            if not blocked:
                assignments.append((att, defender, left))
                continue
            # The division rule (510.1c-d, docs/DUEL.md): lethal damage to each blocker in
            # declaration order (1 from a deathtouch source, 702.2c), the rest to the player
            # with trample (702.19c), else to the first blocker. A blocked creature whose
            # blockers are all gone deals no damage without trample (509.1h, 506.4).
            mine: list[tuple[int, int, int]] = []
            deathtouch = self.has(att, "deathtouch")
            for b, a in self.blocks:
                if a != slot or not self.is_creature(b) or left == 0:
                    continue
                n = min(self.lethal(b, deathtouch), left)
                mine.append((att, b, n))
                left -= n
            if left > 0:
                if self.has(att, "trample"):
                    mine.append((att, defender, left))
                elif mine:
                    mine[0] = (att, mine[0][1], mine[0][2] + left)
            assignments += mine
        for b, a in self.blocks:
            att = self.attackers[a][0]
            if not self.is_creature(b) or not self.is_creature(att) or not deals(b):
                continue
            n = self.power(b)
            if n > 0:
                assignments.append((b, att, n))
        return [x for x in assignments if x[2] > 0]
