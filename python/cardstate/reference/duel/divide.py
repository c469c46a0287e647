"""The division of combat damage (510.1c, 702.19b, 702.2c): as a damage step begins, the
attacking player divides the combat damage of each blocked attacking creature among the
creatures blocking it "as its controller chooses" (the current rules have no damage assignment
order), one share at a time (docs/DUEL.md, "Combat"):

- for each blocker but the last, in the order the blocks were declared, NUMBER n is the damage
  assigned to it (0 to the damage left, at most ``MAX_NUMBER``); the last gets the rest;
- with trample (702.19b), once each blocker before the last has been assigned lethal damage
  (toughness minus damage marked; 1 from a deathtouch source, 702.2c), one more share: the
  damage assigned to what the creature attacks (the player or the planeswalker), from 0 to all
  but lethal damage for the last blocker, which gets the rest.

A share with one possible amount is assigned without a decision. The attackers are divided in
the order they were declared, each one's shares before the next one's, and every division of
the step before any damage is dealt (510.2) and before the order of replacement effects on it
is chosen (616.1, order.py). With ``assign_damage`` off the automatic division rule divides
instead (``combat_assignments``)."""

from __future__ import annotations

from cardstate.reference.duel import actions
from cardstate.reference.duel.state import ASSIGN_DAMAGE, BEGIN, DuelState, Share


class Divide(DuelState):
    """The attacking player's division of its blocked creatures' combat damage."""

    def share(self, slot: int) -> Share | None:
        """The next share of attacker ``slot``'s division in this step, after the shares
        assigned so far (``assigned``); none for a creature that doesn't divide its damage
        (unblocked, no blocker left, no damage, not dealing damage in this step) or has divided
        it."""
        att = self.attackers[slot]
        if not att.blocked or not self.is_creature(att.id) or not self.deals(att.id):
            return None
        power = self.power(att.id)
        if power == 0:
            return None
        # 510.1c: the creatures still blocking it, in declaration order.
        blockers = [b for b, a in self.blocks if a == slot and self.is_creature(b)]
        if not blockers:
            return None
        last = blockers[-1]
        deathtouch = self.has(att.id, "deathtouch")
        made = [(to, n) for s, to, n in self.assigned if s == att.id]
        if len(made) >= len(blockers):
            return None
        left = max(0, power - sum(n for _, n in made))
        if len(made) + 1 < len(blockers):
            return Share(att.id, blockers[len(made)], 0, min(left, actions.MAX_NUMBER), left)
        # 702.19b: the excess over lethal damage to every blocker may go to what it attacks.
        lethal_before = all(n >= self.lethal(to, deathtouch) for to, n in made)
        if self.has(att.id, "trample") and lethal_before:
            lethal = self.lethal(last, deathtouch)
            target = self.attack_target(att)
            if target is not None and left > lethal:
                return Share(att.id, target, 0, min(left - lethal, actions.MAX_NUMBER), left, last)
        return Share(att.id, last, left, left, left)

    def assign_share(self, s: Share, n: int) -> None:
        """Assigns ``n`` of share ``s``: to its recipient, and after a trample share the rest
        to the last blocker (before it, so the assignments keep the blockers first)."""
        if s.rest_to is not None:
            self.assigned.append((s.attacker, s.rest_to, s.left - n))
        self.assigned.append((s.attacker, s.to, n))

    def assignment_due(self) -> bool:
        """Whether a division decision is due before this step's damage: assigns every share
        with one possible amount up to the first with a choice (none with ``assign_damage``
        off)."""
        if not self.assign_damage:
            return False
        for slot in range(len(self.attackers)):
            while (s := self.share(slot)) is not None:
                if s.hi > s.lo:
                    return True
                self.assign_share(s, s.lo)
        return False

    def assignment_choice(self) -> Share | None:
        """The share being decided, while an ``assign_damage`` decision is pending."""
        if self.pending != ASSIGN_DAMAGE:
            return None
        for slot in range(len(self.attackers)):
            s = self.share(slot)
            if s is not None:
                return s
        return None

    def assign(self, n: int) -> None:
        """The attacking player assigns ``n`` to the share being decided; then the step
        begins again: the next share, or the damage."""
        s = self.assignment_choice()
        if s is not None:
            self.assign_share(s, n)
        self.pending = BEGIN
