"""Combat (506-511): declaring attackers (and what each attacks, 506.3, 508.1b) and blockers
candidate by candidate (menace's restriction, 509.1b-c), and combat damage (docs/DUEL.md,
"Combat"); the division of a blocked creature's damage is divide.py's."""

from __future__ import annotations

from cardstate.reference.cards import protection
from cardstate.reference.duel import actions
from cardstate.reference.duel.state import Attacker, DuelState

FIRST_STRIKE = ("first strike", "double strike")
FIRST_STRIKE_DAMAGE = 7  # the first-strike damage step (flow.py)


class Combat(DuelState):
    """Attackers, blockers and combat damage."""

    def can_attack(self, eid: int) -> bool:
        """508.1a: an untapped creature of the active player that has been under its control
        since the turn began or has haste (302.6, 702.10), without defender (702.3b)."""
        if not self.is_creature(eid) or self.tapped(eid) or self.has(eid, "defender"):
            return False
        return eid not in self.sick or self.has(eid, "haste")

    def can_block(self, blocker: int, attacker: int) -> bool:
        """509.1a-b: an untapped creature without "can't block"; a flyer only by a creature
        with flying or reach (702.9b, 702.17b); an attacker that "can't be blocked" by none,
        one that "can't be blocked by Walls" by no Wall."""
        if not self.is_creature(blocker) or self.tapped(blocker):
            return False
        if not self.is_permanent(attacker):
            return False
        if self.has(blocker, "can't block") or self.has(attacker, "can't be blocked"):
            return False
        if self.has(attacker, "can't be blocked by walls") and "Wall" in self.kernel.subtypes(
            blocker
        ):
            return False
        # 702.16f, 702.16j: not by a creature it has protection from.
        if not protection.blockable_by(self.kernel, attacker, self.colours_now(blocker)):
            return False
        return not self.has(attacker, "flying") or self.has(blocker, "flying", "reach")

    def can_be_attacked(self, eid: int) -> bool:
        """506.3, 508.1b: what the active player can attack besides the defending player: a
        planeswalker the defending player controls (a battle it protects too: the pools have
        none)."""
        o = self._obj(eid)
        return (
            self.is_permanent(eid) and o.controller == 1 - self.active and "planeswalker" in o.types
        )

    def attack_target(self, att: Attacker) -> int | None:
        """What an attacking creature attacks now (510.1b): the player, or the planeswalker
        while it is still one the defending player controls; none once the planeswalker is
        removed from combat (506.4), and the creature attacks nothing."""
        if att.target < 2 or self.can_be_attacked(att.target):
            return att.target
        return None

    def attack_actions(self) -> list[int]:
        """508.1a-b: what the candidate being asked about may do: not attack (unless it must,
        508.1d), attack the defending player, or attack a planeswalker it controls, named by its
        permanent slot."""
        slots = self.sides[1 - self.active].battlefield[: actions.PERMANENT_SLOTS]
        # 508.1d: a creature that "attacks each combat if able" may not stay back.
        must = self.has(self.candidates[self.deciding], "attacks each combat if able")
        return (
            [actions.NO] * (not must)
            + [actions.OPPONENT]
            + [actions.THEIRS + j for j, eid in enumerate(slots) if self.can_be_attacked(eid)]
        )

    def declare_attack(self, target: int | None) -> None:
        """The candidate being asked about attacks ``target`` (the defending player or a
        planeswalker) or not (``None``); after the last one, attacking creatures tap (508.1f,
        except with vigilance, 702.20b) and "whenever ~ attacks" triggers (508.3a)."""
        if target is not None:
            self.attackers.append(Attacker(self.candidates[self.deciding], target))
        self.deciding += 1
        if self.deciding < len(self.candidates):
            return
        if self.attackers and self.reads_history:
            # Raid (207.2c): the active player attacked this turn.
            died, attacked, lost, g0, g1 = self.turn_history
            self.turn_history = (died, attacked | 1 << self.active, lost, g0, g1)
        for att in self.attackers:
            if not self.has(att.id, "vigilance"):
                self.kernel.tap(att.id)
            self.events.append(("attacks", att.id, 0, 0, False))
        if self.attackers:
            # 508.3d: "whenever you attack" triggers.
            self.events.append(("attacked", self.active, 0, len(self.attackers), False))
        self.give_priority(self.active)

    def block_actions(self) -> list[int]:
        """509.1a: what the blocker being asked about may do: not block, or block an attacker
        it can block, named by the attacker's permanent slot (of the active player, the
        deciding player's opponent); only the choices after which the declaration can still
        be legal (``blocks_completable``)."""
        i = self.deciding
        b = self.candidates[i]
        place = {att.id: a for a, att in enumerate(self.attackers)}
        slots = self.sides[self.active].battlefield[: actions.PERMANENT_SLOTS]
        out = [actions.NO] if self.blocks_completable(i, None) else []
        return out + [
            actions.THEIRS + j
            for j, eid in enumerate(slots)
            if eid in place and self.can_block(b, eid) and self.blocks_completable(i, place[eid])
        ]

    def blocks_completable(self, i: int, choice: int | None) -> bool:
        """509.1b-c with menace (702.111b: it can't be blocked except by two or more
        creatures): whether the blocks declared so far, with candidate ``i``'s ``choice`` (the
        place of the attacker it blocks, or none), can still make a legal declaration: the
        candidates after ``i`` can give every menace attacker left with exactly one blocker a
        second one, each a different candidate (a matching)."""
        short = []
        for a, att in enumerate(self.attackers):
            if not self.has(att.id, "menace"):
                continue
            n = sum(1 for _, x in self.blocks if x == a) + (choice == a)
            if n == 1:
                short.append(att.id)
        if not short:
            return True
        later = self.candidates[i + 1 :]
        if len(short) > len(later):
            return False
        helper: list[int | None] = [None] * len(later)  # the attacker each candidate helps

        def second_blocker(x: int, seen: list[bool]) -> bool:
            """An augmenting path: a later candidate for menace attacker ``x``."""
            for c, cand in enumerate(later):
                if seen[c] or not self.can_block(cand, short[x]):
                    continue
                seen[c] = True
                h = helper[c]
                if h is None or second_blocker(h, seen):
                    helper[c] = x
                    return True
            return False

        return all(second_blocker(x, [False] * len(later)) for x in range(len(short)))

    def attacker_in_slot(self, j: int) -> int:
        """The place among the attackers of the attacker in the active player's permanent slot
        ``j``."""
        eid = self.sides[self.active].battlefield[j]
        return next(a for a, att in enumerate(self.attackers) if att.id == eid)

    def declare_block(self, attacker_slot: int | None) -> None:
        """The candidate being asked about blocks attacker ``attacker_slot`` (its place among
        the attackers, the order they were declared in) or not. After the last one (a legal
        declaration: ``block_actions``), "whenever ~ becomes blocked" triggers (509.3c)."""
        if attacker_slot is not None:
            self.blocks.append((self.candidates[self.deciding], attacker_slot))
            self.attackers[attacker_slot].blocked = True
        self.deciding += 1
        if self.deciding < len(self.candidates):
            return
        for att in self.attackers:
            if att.blocked:
                self.events.append(("becomes_blocked", att.id, 0, 0, False))
        self.give_priority(self.active)

    def first_strike_step(self) -> bool:
        """510.4: a combatant has first strike or double strike."""
        return any(self.has(att.id, *FIRST_STRIKE) for att in self.attackers) or any(
            self.has(b, *FIRST_STRIKE) for b, _ in self.blocks
        )

    def deals(self, eid: int) -> bool:
        """510.4: whether a creature deals combat damage in this damage step: in the
        first-strike step those with first or double strike; in the regular step after one,
        all but those with first strike and not double strike; else all."""
        if self.step_index == FIRST_STRIKE_DAMAGE:
            return self.has(eid, *FIRST_STRIKE)
        return (
            not self.first_strike_step()
            or not self.has(eid, "first strike")
            or self.has(eid, "double strike")
        )

    def combat_damage(self) -> None:
        """510.1-510.2: each creature that deals damage in this step assigns it, then all of it
        is dealt at once through the kernel (infect, wither, lifelink, deathtouch, toxic,
        loyalty 120.3c...); the divisions were this step's."""
        assignments = [
            # 702.16e: what protection prevents is dealt by no one.
            (s, r, n)
            for s, r, n in self.combat_assignments()
            if not protection.prevents_damage(self.kernel, s, self.colours_now(s), r, True)
        ]
        if assignments:
            self.kernel.deal_simultaneous_damage(assignments, combat=True, preventable=True)
            self.absorb_events()
        self.assigned = []

    def combat_assignments(self) -> list[tuple[int, int, int]]:
        """510.1: the assignments of the creatures that deal damage in this step. An unblocked
        attacker assigns its damage to what it attacks (510.1b); a blocked one divides it among
        its blockers (510.1c) as its controller chose (divide.py) or, with ``assign_damage``
        off, by the automatic division rule: lethal damage to each blocker in declaration
        order (1 from a deathtouch source, 702.2c), the rest to what it attacks with trample
        (702.19b), else to the first blocker. A blocked creature whose blockers are all gone
        assigns no damage (510.1c), or with trample all of it to what it attacks (702.19). A
        blocker assigns its damage to the attacker it blocks (510.1d)."""
        assignments: list[tuple[int, int, int]] = []
        for slot, att in enumerate(self.attackers):
            if not self.is_creature(att.id) or not self.deals(att.id):
                continue
            left = self.power(att.id)
            if left == 0:
                continue
            target = self.attack_target(att)
            if not att.blocked:
                if target is not None:
                    assignments.append((att.id, target, left))
                continue
            decided = [x for x in self.assigned if x[0] == att.id]
            if decided:
                assignments += decided
                continue
            mine: list[tuple[int, int, int]] = []
            deathtouch = self.has(att.id, "deathtouch")
            for b, a in self.blocks:
                if a != slot or not self.is_creature(b) or left == 0:
                    continue
                n = min(self.lethal(b, deathtouch), left)
                mine.append((att.id, b, n))
                left -= n
            if left > 0:
                if target is not None and self.has(att.id, "trample"):
                    mine.append((att.id, target, left))
                elif mine:
                    mine[0] = (att.id, mine[0][1], mine[0][2] + left)
            assignments += mine
        for b, a in self.blocks:
            att_id = self.attackers[a].id
            if not self.is_creature(b) or not self.is_creature(att_id) or not self.deals(b):
                continue
            n = self.power(b)
            if n > 0:
                assignments.append((b, att_id, n))
        return [x for x in assignments if x[2] > 0]
