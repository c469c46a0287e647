"""The turn (500-514) and priority (117): steps and their turn-based actions, passing, the
stack resolving when both players pass in succession, the turn limit."""

from __future__ import annotations

from cardstate.reference.duel import actions
from cardstate.reference.duel.state import (
    ASSIGN_DAMAGE,
    ATTACK,
    BEGIN,
    BLOCK,
    DISCARD,
    DRAW,
    MANDATORY_LOOP_RESOLUTIONS,
    MAX_HAND_SIZE,
    NO_HISTORY,
    ORDER_EFFECTS,
    OVER,
    PRIORITY,
    STEPS,
    DuelState,
    Item,
)

UNTAP, UPKEEP, DRAW_STEP, MAIN1, BEGIN_COMBAT, DECLARE_ATTACKERS, DECLARE_BLOCKERS = range(7)
FIRST_STRIKE_DAMAGE, COMBAT_DAMAGE, END_COMBAT, MAIN2, END, CLEANUP = range(7, 13)
assert STEPS[CLEANUP] == "cleanup"


class Flow(DuelState):
    """The turn structure and priority."""

    def run(self) -> None:
        """Plays the game until a decision is needed or it is over. A run is everything that
        happens between two decisions, so a run that resolves ``MANDATORY_LOOP_RESOLUTIONS``
        spells and abilities is a loop of mandatory actions: the game is a draw (104.4b)."""
        resolutions = 0
        while True:
            if self.pending == OVER:
                return
            if self.pending == BEGIN:
                self.begin_step()
                continue
            if self.pending != PRIORITY:
                return
            # 117.5: state-based actions, then triggered abilities (603.3), before a player
            # would receive priority.
            self.check_state_based_actions()
            if self.pending != PRIORITY:
                return
            # 610.3a: a card exiled until a permanent leaves returns first, when it has left.
            waiting = self.events or self.trigger_queue or self.exiled_until
            if waiting and self.put_triggers_on_stack():
                return
            if not self.auto_pass or self.has_choice(self.priority):
                return
            # Nothing to do but pass: pass without a decision (docs/DUEL.md).
            if self.passes == 1 and self.stack:
                # This pass resolves the top of the stack.
                resolutions += 1
                if resolutions >= MANDATORY_LOOP_RESOLUTIONS:
                    # 104.4b: a loop of mandatory actions is a draw.
                    self.outcome = DRAW
                    self.pending = OVER
                    return
            self.pass_priority()

    def pass_priority(self) -> None:
        """117.4: when all players pass in succession, the top of the stack resolves (405.5)
        or, with an empty stack, the step ends (500.2); else the next player receives
        priority (117.3d)."""
        self.passes += 1
        if self.passes < 2:
            self.priority ^= 1
            return
        self.passes = 0
        if self.stack:
            self.resolve(self.stack.pop())
        else:
            self.end_step()

    def end_step(self) -> None:
        """The step ends (500.2), the mana pools empty (106.4, 500.4) and the next one
        begins."""
        self.empty_mana_pools()
        s = self.step_index
        if s == DECLARE_ATTACKERS and not self.attackers:
            nxt = END_COMBAT  # 508.8: no attackers, no blockers or damage steps
        elif s == DECLARE_BLOCKERS:
            # 510.4: a first-strike damage step only if a combatant has first or double strike
            nxt = FIRST_STRIKE_DAMAGE if self.first_strike_step() else COMBAT_DAMAGE
        elif s in (END, CLEANUP):
            nxt = CLEANUP
        else:
            nxt = s + 1
        if s == END_COMBAT:
            # 511.3: creatures stop being attacking and blocking creatures.
            self.attackers = []
            self.blocks = []
            self.assigned = []
        self.step_index = nxt
        self.pending = BEGIN

    def begin_step(self) -> None:
        """The step's turn-based actions, then priority (or the first decision of combat)."""
        a = self.active
        s = self.step_index
        if s in (FIRST_STRIKE_DAMAGE, COMBAT_DAMAGE) and self.assignment_due():
            self.pending = ASSIGN_DAMAGE  # 510.1c: the attacking player divides damage first
            return
        if s == UNTAP:
            # 502.3: the active player untaps (not what "doesn't untap during your untap
            # step"); 302.6: its permanents are no longer new.
            untapped = []
            for eid in self.sides[a].battlefield:
                self.sick.discard(eid)
                card = self.card_of_object(eid)
                if card is None or not self.abilities_of(eid).doesnt_untap:
                    was = self.tapped(eid)
                    self.kernel.untap(eid)
                    if was and not self.tapped(eid):
                        untapped.append(eid)
            if self.untaps_listened:
                # "Whenever equipped creature becomes untapped" (502.3, 701.26b).
                self.events += [("untapped", e, 0, 0, False) for e in sorted(untapped)]
            self.sides[a].lands_played = 0
            # "During each of your turns": a new turn, no permanent type used yet.
            self.graveyard_types_played = 0
            self.step_index = UPKEEP  # 502.4: no priority in the untap step
        elif s == UPKEEP:
            # 503.1a: "at the beginning of your upkeep" triggers.
            self.events.append(("upkeep", a, 0, 0, False))
            self.give_priority(a)
        elif s == DRAW_STEP:
            if self.turn_number > 1 and self.draw(a):  # 103.8a: the starter skips its first
                self.note_drew(a)
            self.give_priority(a)
        elif s == END:
            # 513.1a: "at the beginning of your end step" triggers.
            self.events.append(("end_step", a, 0, 0, False))
            if self.delayed:
                self.trigger_delayed()
            self.give_priority(a)
        elif s == BEGIN_COMBAT:
            # 507.1: "at the beginning of combat on your turn" triggers.
            self.events.append(("beginning_of_combat", a, 0, 0, False))
            self.give_priority(a)
        elif s == DECLARE_ATTACKERS:
            # 508.1a: the active player declares attackers, candidate by candidate, among the
            # permanent slots (a blocker names an attacker by its slot: docs/DUEL.md).
            slots = self.sides[a].battlefield[: actions.PERMANENT_SLOTS]
            self.candidates = [e for e in slots if self.can_attack(e)]
            self.ask(ATTACK)
        elif s == DECLARE_BLOCKERS:
            # 509.1a: the defending player declares blockers, candidate by candidate.
            self.candidates = [
                b
                for b in self.sides[1 - a].battlefield
                if any(self.can_block(b, att.id) for att in self.attackers)
            ]
            self.ask(BLOCK)
        elif s in (FIRST_STRIKE_DAMAGE, COMBAT_DAMAGE) and self.order_choice() is not None:
            self.pending = ORDER_EFFECTS  # 616.1: the order of the effects on the damage first
        elif s in (FIRST_STRIKE_DAMAGE, COMBAT_DAMAGE):
            self.combat_damage()
            self.order_chosen()
            self.give_priority(a)
        elif s == CLEANUP:
            self.cleanup()
        else:
            self.give_priority(a)

    def end_the_turn(self, item: Item) -> None:
        """ "End the turn." (723.1) as the resolution of ``item`` ends: every object on the
        stack is exiled — the resolving spell, the spells below it; the abilities cease to
        exist (723.1a) — creatures are removed from combat (723.1b), and the game skips to the
        cleanup step (723.1d), the mana pools emptying as the step ends (500.4); no player
        receives priority. The state-based actions (723.1c) are the cleanup step's check
        (514.3): what ending the turn changes, no such action looks at."""
        below, self.stack = self.stack, []
        for it in [item, *below]:
            o = self._obj(it.object)
            if it.kind == "spell" and o is not None and not o.gone and o.zone == "stack":
                self.kernel.move(it.object, "exile")
                self.absorb_events()
        self.attackers = []
        self.blocks = []
        self.assigned = []
        self.empty_mana_pools()
        self.step_index = CLEANUP
        self.pending = BEGIN

    def ask(self, kind: str) -> None:
        """The first attack or block decision, or priority if there is no candidate."""
        if self.candidates:
            self.pending = kind
            self.deciding = 0
        else:
            self.give_priority(self.active)

    def discard_to_hand_size(self, slot: int) -> None:
        """514.1: the active player discards its hand slot's card; the cleanup step goes on
        (another discard while its hand is larger than its maximum hand size)."""
        self.discard_card(self.active, self.sides[self.active].hand.pop(slot))
        self.pending = BEGIN

    def make_active(self, p: int) -> None:
        """Player ``p``'s turn begins (102.1): the duel's and the kernel's active player, which
        "during your turn" reads (611.3a)."""
        self.active = p
        self.kernel.active_player = p

    def cleanup(self) -> None:
        """514.1: the active player discards down to its maximum hand size, a card at a time,
        each its choice (``DISCARD``, then ``discard_to_hand_size``); 514.2: damage wears off and
        "until end of turn" effects end; then state-based actions and, if any was performed or
        an ability triggered, priority for the active player and another cleanup step after it
        (514.3a); else the next turn."""
        # 402.2: a player with no maximum hand size discards nothing.
        if len(self.sides[self.active].hand) > MAX_HAND_SIZE and not any(
            self.abilities_of(x).no_maximum_hand_size
            for x in self.sides[self.active].battlefield
            if x in self.card_of
        ):
            self.pending = DISCARD
            return
        self.dies_triggers = []
        if self.gained_abilities:
            # 400.7: an object that left is gone, with what it gained.
            self.gained_abilities = [g for g in self.gained_abilities if self.is_permanent(g[0])]
        self.kernel.cleanup()
        if self.control_until_cleanup:
            self.end_control_until_cleanup()
        performed = self.check_state_based_actions()
        if self.pending != BEGIN:
            return
        self.collect_triggers()
        if performed or self.trigger_queue:
            self.give_priority(self.active)
            return
        if self.turn_number >= self.turn_limit:
            # The turn limit ends the game in a draw (docs/DUEL.md).
            self.outcome = DRAW
            self.pending = OVER
            return
        self.empty_mana_pools()  # 106.4, 500.4: the cleanup step's end empties them too
        self.turn_number += 1
        # 500.7: an extra turn is taken directly after this one, the most recently created
        # first.
        self.make_active(self.extra_turns.pop() if self.extra_turns else self.active ^ 1)
        if self.may_play or self.plotted:
            self.drop_spent_permissions()
        self.turn_history = NO_HISTORY  # the history is this turn's (603.4)
        self.cards_drawn = (0, 0)
        self.life_gains = (0, 0)
        self.instant_and_sorcery_casts = (0, 0)
        # 400.7: the objects made from now on came to their zones this turn.
        self.turn_first_object = self.kernel._next_id if self.reads_put_there_this_turn else 0
        self.fired_once = []  # 603.2h: the abilities that triggered once this turn
        self.loyalty_used = []  # 606.3: the loyalty abilities activated this turn
        self.step_index = UNTAP
        self.pending = BEGIN
