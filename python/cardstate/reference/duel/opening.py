"""The London mulligan (103.5): before the first turn, each player keeps its hand or takes a
mulligan (shuffles its hand into its library, draws seven, and puts a card on the bottom of its
library for each mulligan it took), round after round until every player kept."""

from __future__ import annotations

from cardstate.reference.duel.state import BEGIN, BOTTOM, MULLIGAN, OPENING_HAND, DuelState


class Opening(DuelState):
    """The mulligan process's decisions."""

    def starting_order(self) -> tuple[int, int]:
        """The starting player, then the other (103.5's turn order)."""
        return self.active, 1 - self.active

    def mulligan_decider(self) -> int:
        """The player who declares now whether it keeps or takes a mulligan: the first, from the
        starting player, who has neither kept nor declared in this round."""
        o = self.opening
        order = self.starting_order()
        return next((q for q in order if not o.kept[q] and not o.declared[q]), order[0])

    def bottom_decider(self) -> int:
        """The player who puts a card on the bottom of its library now: the first, from the
        starting player, with cards still to put there."""
        order = self.starting_order()
        return next((q for q in order if self.opening.to_bottom[q] > 0), order[0])

    def declare_mulligan(self, keep: bool) -> None:
        """The deciding player keeps its hand (its opening hand: no further mulligans) or
        declares a mulligan."""
        q = self.mulligan_decider()
        if keep:
            self.opening.kept[q] = True
        else:
            self.opening.declared[q] = True
        self.go_on_opening()

    def put_on_bottom(self, slot: int) -> None:
        """The deciding player puts its hand slot's card on the bottom of its library, under the
        cards it put there already (the first chosen is the highest: 103.5's "any order")."""
        q = self.bottom_decider()
        side = self.sides[q]
        side.library.insert(0, side.hand.pop(slot))
        side.bottom += 1
        self.opening.to_bottom[q] -= 1
        self.go_on_opening()

    def go_on_opening(self) -> None:
        """The next decision of the mulligan process, or the first turn (103.5, 103.8)."""
        o = self.opening
        order = self.starting_order()
        while True:
            if any(o.to_bottom[q] > 0 for q in order):
                self.pending = BOTTOM
                return
            for q in order:
                # A player whose mulligans left it no card may take no further mulligan.
                if not o.kept[q] and not o.declared[q]:
                    if self.sides[q].mulligans > 0 and not self.sides[q].hand:
                        o.kept[q] = True
            if any(not o.kept[q] and not o.declared[q] for q in order):
                self.pending = MULLIGAN
                return
            if not any(o.declared[q] for q in order):
                self.begin_with_opening_hand_permanents()
                self.pending = BEGIN  # every player kept: the first turn begins
                return
            # The mulligans declared are taken at the same time (the starting player's first).
            for q in order:
                if o.declared[q]:
                    o.declared[q] = False
                    self.take_mulligan(q)

    def begin_with_opening_hand_permanents(self) -> None:
        """103.6a: each player, the starting player first, begins the game with the cards of
        its opening hand that say so on the battlefield (Leyline Axe; simplification: it
        always does, the rules' "may" is no decision), each entering as a permanent does."""
        for q in self.starting_order():
            hand = self.sides[q].hand
            while True:
                slot = next(
                    (i for i, c in enumerate(hand) if self.cards[c].begins_on_battlefield), None
                )
                if slot is None:
                    break
                c = hand.pop(slot)
                eid = self.reveal(q, c, "battlefield")
                self.events.append(("entered", eid, 0, 0, False))
                self.entered(c, eid, 0)

    def take_mulligan(self, p: int) -> None:
        """p shuffles its hand into its library, draws seven cards, and has a card to put on the
        bottom of its library for each mulligan it took (as many as its hand holds)."""
        side = self.sides[p]
        side.mulligans += 1
        side.library += side.hand
        side.hand = []
        side.bottom = 0
        self.rng.shuffle(side.library)
        for _ in range(OPENING_HAND):
            self.draw(p)
        self.opening.to_bottom[p] = min(side.mulligans, len(side.hand))
