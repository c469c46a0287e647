"""What is being decided (docs/DUEL.md, "Decisions"): the kind of decision, from a fixed list
with room for the decisions a full card set needs (the observation's one-hot over it keeps its
place when one is added), and what the observation says of it: its subject (the permanent or
player it is about), its source (the spell or ability being cast or resolved), its options and
its range of numbers."""

from __future__ import annotations

from cardstate.reference.duel import actions
from cardstate.reference.duel.state import (
    ASSIGN_DAMAGE,
    ATTACK,
    BEGIN,
    BLOCK,
    BOTTOM,
    CASTING_DECISIONS,
    CHOOSE_COLOUR,
    CHOOSE_COST,
    CHOOSE_TYPE,
    CHOOSE_X,
    DISCARD,
    DISCARD_COST,
    LEGEND,
    MADNESS,
    MODE,
    MULLIGAN,
    NO_CARD,
    ORDER_EFFECTS,
    OVER,
    PLOT,
    PRIORITY,
    RESOLVE,
    SACRIFICE,
    SACRIFICE_COST,
    TARGET,
    DuelState,
)

DECISION_NAMES = (
    "priority",  # the player with priority acts (117)
    "attack",  # whether the attack candidate attacks (508.1a)
    "block",  # what the blocker candidate blocks (509.1a)
    "number",  # X (601.2b), an amount
    "target",  # a target (601.2c)
    "yes_no",  # a "may", a proliferate candidate (701.34)
    "option",  # one of the offered options: the replacement effect applied next (616.1)
    "legend",  # the legendary permanent that stays (704.5j)
    "mulligan",  # keep the hand or take a mulligan (103.5)
    "bottom",  # a card to put on the bottom of the library (103.5)
    "discard",  # a card to discard (514.1)
    "assign_damage",  # the damage assigned to the subject in a division (510.1c, 702.19b)
    "choose_card",  # a card among searched (701.23a) or surveilled (701.25a) ones, or none
    "sacrifice",  # a permanent to sacrifice as a cost (701.21a, 601.2h)
    "begin",  # no decision: the step's turn-based actions are being done
    "over",  # the game is over
    "mode",  # the mode of a modal spell (601.2b, 700.2a)
    "order_triggers",  # reserved: the order of triggers put on the stack together (603.3b)
    "pay_cost",  # the alternative cost or the mana cost of a spell (601.2b, 118.9)
    "distribute",  # reserved: a division among targets (601.2d)
)
"""The kinds of decision, in the order of the observation's one-hot; the reserved ones are
decisions the duel doesn't make yet."""

_KINDS = {
    PRIORITY: "priority",
    ATTACK: "attack",
    BLOCK: "block",
    CHOOSE_X: "number",
    TARGET: "target",
    LEGEND: "legend",
    MULLIGAN: "mulligan",
    BOTTOM: "bottom",
    DISCARD: "discard",
    DISCARD_COST: "discard",
    CHOOSE_COST: "pay_cost",
    MADNESS: "yes_no",  # 702.35a: cast it for its madness cost, or not
    PLOT: "yes_no",  # 702.170a: plot it, or cast it
    SACRIFICE_COST: "sacrifice",
    ORDER_EFFECTS: "option",
    ASSIGN_DAMAGE: "assign_damage",
    SACRIFICE: "sacrifice",
    MODE: "mode",
    CHOOSE_COLOUR: "option",  # 614.12: the colour chosen as a permanent enters
    CHOOSE_TYPE: "option",  # 614.12: the creature type chosen as a permanent enters
    BEGIN: "begin",
    OVER: "over",
}


_RESOLVE_KINDS = {
    "amount": "number",
    "order": "option",
    "discard": "discard",
    "sacrifice": "sacrifice",  # 701.21a: a permanent to sacrifice
    "keep": "legend",  # 701.21a: the permanent that stays of a type
    "search": "choose_card",  # 701.23a-b: a card among the searched ones, or none
    "surveil": "choose_card",  # 701.25a: the next card into the graveyard, or none more
    "scry": "choose_card",  # 701.22a: the next card on the bottom, or none more
    "piles": "choose_card",  # 700.3: the next card into the face-up pile, or none more
}
"""The decision each kind of resolution request makes (the others: ``yes_no``)."""


class Decisions(DuelState):
    """The decision being made and what the observation says of it."""

    def decision(self) -> str:
        """The kind of decision the game waits for (a name of ``DECISION_NAMES``)."""
        if self.pending == RESOLVE:
            kind = self.resolving.request[0] if self.resolving is not None else "may"
            return _RESOLVE_KINDS.get(kind, "yes_no")
        return _KINDS[self.pending]

    def piles(self) -> tuple[list[int], int] | None:
        """The piles an opponent chooses between (700.3): the face-up pile's cards and the
        face-down pile's size, if a player does."""
        r = self.resolving if self.pending == RESOLVE else None
        if r is not None and r.request[0] == "choose_pile":
            return list(r.request[2]), int(r.request[3])
        return None

    def unless(self) -> tuple[int, str] | None:
        """The life a player loses unless it does the action (``"sacrifice"`` a permanent,
        ``"discard"`` a card), if it decides that (608.2d)."""
        r = self.resolving if self.pending == RESOLVE else None
        if r is not None and r.request[0] == "unless":
            return int(r.request[2]), str(r.request[3])
        return None

    def top_or_bottom_object(self) -> int | None:
        """The object whose owner chooses the top or the bottom of its library (401.4), if one
        does."""
        r = self.resolving if self.pending == RESOLVE else None
        if r is not None and r.request[0] == "top_or_bottom":
            return int(r.request[2])
        return None

    def decision_subject(self) -> int | None:
        """The entity (a player or a permanent) the decision is about: the attack or block
        candidate, the proliferate candidate, the entity whose replacement effects are being
        ordered, what the damage being divided is assigned to (a blocker, or the player or
        planeswalker attacked)."""
        if self.pending in (ATTACK, BLOCK):
            return self.candidates[self.deciding] if self.deciding < len(self.candidates) else None
        if self.pending == RESOLVE and self.resolving is not None:
            if self.resolving.request[0] == "order":
                return int(self.resolving.request[2])
            return self.proliferate_candidate()
        if self.pending == ORDER_EFFECTS:
            choice = self.order_choice()
            return None if choice is None else choice[2]
        if self.pending == CHOOSE_COLOUR:
            return self.colour_choice()
        if self.pending == CHOOSE_TYPE:
            return self.type_choice()
        share = self.assignment_choice()
        return None if share is None else share.to

    def decision_source(self) -> int | None:
        """The card of the spell or ability being cast (its X or targets being chosen) or
        resolved (a choice of its resolution), or of the attacking creature whose combat damage
        is being divided, if a decision is about one."""
        c = None
        share = self.assignment_choice()
        if self.pending in (*CASTING_DECISIONS, MADNESS):
            c = self.casting.card
        elif self.pending == RESOLVE and self.resolving is not None:
            c = self.resolving.item.card
        elif share is not None:
            c = self.card_of.get(share.attacker)
        return None if c is None or c == NO_CARD else c

    def decision_options(self) -> list[int]:
        """The card of each option offered: the source of each replacement effect to be ordered
        (``NO_CARD`` for an effect without a source of the pool); each mode of a modal spell or
        triggered ability, by its card (700.2a); the cards a search can find (701.23a) or a
        surveil or scry looks at (701.25a, 701.22a), the cards separated into piles and the
        face-up pile's, for the opponent choosing a pile (700.3)."""
        if self.pending == MODE:
            c = self.casting.card
            return [c] * min(len(self.casting_modes()), actions.OPTION_SLOTS)
        if self.pending == RESOLVE and self.resolving is not None:
            if self.resolving.request[0] in ("search", "surveil", "scry", "piles", "choose_pile"):
                return list(self.resolving.request[2][:16])
        choice = (
            self.order_choice()
            if self.pending == ORDER_EFFECTS
            else self.resolve_order_choice()
            if self.pending == RESOLVE
            else None
        )
        if choice is None:
            return []
        sources = {e.id: e.source for e in self.kernel._effects}
        out = []
        for eid in choice[1]:
            src = sources.get(eid)
            out.append(NO_CARD if src is None else self.card_of.get(src, NO_CARD))
        return out

    def number_range(self) -> tuple[int, int] | None:
        """The numbers a number decision offers, lowest and highest (at most ``MAX_NUMBER``)."""
        cap = actions.MAX_NUMBER
        if self.pending == CHOOSE_X:
            return 0, min(self.casting.max_x, cap)
        r = self.resolving
        if self.pending == RESOLVE and r is not None and r.request[0] == "amount":
            lo = min(r.request[1], cap)
            return lo, max(min(r.request[2], cap), lo)
        share = self.assignment_choice()
        return None if share is None else (share.lo, share.hi)

    def legal_numbers(self) -> list[int]:
        """The numbers a number decision offers, as actions."""
        rng = self.number_range()
        return [] if rng is None else [actions.NUMBER + n for n in range(rng[0], rng[1] + 1)]
