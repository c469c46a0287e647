"""Playing cards from other zones than the hand: a graveyard's with flashback (702.34a), exile's
that its player may play (impulse draw) or plotted (702.170a/d, 116.2k), and madness's cast as
its trigger resolves (702.35a)."""

from __future__ import annotations

from cardstate.reference.duel import actions
from cardstate.reference.duel.mana import ManaCost, can_pay
from cardstate.reference.duel.state import MADNESS, NO_CARD, PLOT, Casting, DuelState, Item

# The permanent types, in the order "of each permanent type" picks a card's (Muldrotha, the
# Gravetide: "If a card has multiple permanent types, choose one as you play it." The duels
# choose the first not used yet): bit i of ``graveyard_types_played`` is the i-th.
PERMANENT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")


class OtherZones(DuelState):
    """Flashback, impulse draw, plot and madness."""

    def can_plot(self, p: int, c: int) -> bool:
        """Whether p may plot its hand card c now (702.170a, 116.2k: only as a sorcery, its plot
        cost paid)."""
        plot = self.cards[c].plot
        return (
            plot is not None
            and self.sorcery_timing(p)
            and can_pay(self.available(p), plot, 0, self.life(p))
        )

    def cast_or_plot(self, p: int, slot: int) -> None:
        """The hand card in p's slot ``slot`` is chosen at priority: a card that can be both
        cast and plotted asks which (702.170a); one of them, that one."""
        c = self.sides[p].hand[slot]
        if not self.can_plot(p, c):
            self.begin_cast(p, slot)
            return
        self.casting = Casting("spell", p, c, None)
        if self.can_play(p, c):
            self.pending = PLOT
        else:
            self.plot()

    def plot(self) -> None:
        """Plot (702.170a, a special action, 116.2k): the player pays the card's plot cost and
        exiles it from its hand; it receives priority again (116.3)."""
        p, c = self.casting.player, self.casting.card
        self.casting = Casting()
        plot = self.cards[c].plot
        self.pay(p, plot if plot is not None else ManaCost(), 0)
        self.sides[p].hand.remove(c)
        eid = self.reveal(p, c, "exile")
        self.plotted.append((eid, p, self.turn_number))
        self.give_priority(p)

    def flashback_actions(self, p: int) -> list[int]:
        """The graveyard slots of p's cards it may cast with flashback now (702.34a: 307.1 as
        from the hand, the flashback cost payable, 601.2c its targets), of equal cards the
        first, or by a permission this turn, in slot order."""
        out = []
        gy = self.sides[p].graveyard[: actions.GRAVEYARD_SLOTS]
        timing = self.sorcery_timing(p)
        permitted: set[int] = set()
        by_type = self.plays_permanents_from_graveyard(p)
        for g, eid in enumerate(gy):
            c = self.card_of.get(eid, NO_CARD)
            # A permission for that card comes first; Muldrotha's lets a land be played too.
            own = self.may_play_now(p, eid)
            if own or by_type and self.graveyard_type_to_play(p, eid):
                # A card p may cast by a permission this turn: its own slot, cast by it only
                # (a spell as from the hand, 307.1, 601.2; of equal cards the first castable).
                if (
                    c != NO_CARD
                    and c not in permitted
                    and (not own or not self.cards[c].is_land)
                    and self.can_play(p, c, from_hand=False)
                ):
                    permitted.add(c)
                    out.append(actions.MY_GRAVEYARD + g)
                continue
            if c == NO_CARD or any(self.card_of.get(o) == c for o in gy[:g]):
                continue
            card = self.cards[c]
            if card.graveyard_ability is not None:
                if self.can_activate_from_graveyard(p, eid, timing):
                    out.append(actions.MY_GRAVEYARD + g)
                continue
            if card.graveyard_cast_counters:
                if self.can_cast_removing_counters(p, c):
                    out.append(actions.MY_GRAVEYARD + g)
                continue
            if card.flashback is None or not card.supported or card.spell is None:
                continue
            if not (timing or "instant" in card.types or card.flash or self.casts_with_flash(p)):
                continue
            if not can_pay(self.available(p), card.flashback, 0, self.life(p)):
                continue
            if card.flashback_sacrifice is not None and not self.can_sacrifice(
                p, card.flashback_sacrifice
            ):
                continue
            if self.spell_targets_available(p, c, eid):
                out.append(actions.MY_GRAVEYARD + g)
        return out

    def exile_actions(self, p: int) -> list[int]:
        """The exile slots of p's cards it may play now (impulse draw: until the turn its
        permission lasts, a land as from the hand, 305.1-305.2, a spell as from the hand,
        307.1, 601.2), of equal cards the first."""
        out = []
        offered = set()
        for e, eid in enumerate(self.exile(p)[: actions.EXILE_SLOTS]):
            c = self.card_of.get(eid, NO_CARD)
            if c == NO_CARD or c in offered:
                continue
            if self.may_play_now(p, eid):
                castable = self.can_play(p, c, from_hand=False)
            else:
                # 702.170d: a plotted card, on a later turn, as a sorcery.
                castable = (
                    self.sorcery_timing(p)
                    and self.plotted_earlier(p, eid)
                    and self.can_cast_plotted(p, c)
                )
            if castable:
                offered.add(c)
                out.append(actions.MY_EXILE + e)
        return out

    def next_free_cast(self) -> None:
        """Offers the next card of ``free_casts`` its player could cast (still in exile, not a
        land, a spell the duel runs, its additional cost's discards and its targets possible):
        the ``yes_no`` decision of the ``MADNESS`` pending (cast it without paying its mana
        cost, or not). With none left, the active player receives priority (117.3b)."""
        p = self.free_casts_player
        self.free_casts_casting = False
        while self.free_casts:
            eid = self.free_casts.pop(0)
            o = self._obj(eid)
            c = self.card_of.get(eid, NO_CARD)
            if o is None or o.gone or o.zone != "exile" or c == NO_CARD:
                continue
            if self.cards[c].is_land or not self.can_cast_plotted(p, c):
                continue
            # 118.9: without paying its mana cost (as a plotted card is cast, 702.170d).
            self.casting = Casting("spell", p, c, None, eid, from_exile=True, plotted=True)
            self.free_casts_casting = True
            self.pending = MADNESS
            return
        self.free_casts_player = 0
        self.give_priority(self.active)

    def cast_free(self) -> None:
        """Yes: the card moves from exile to the stack as casting begins (601.2a), cast by the
        player of ``free_casts`` whoever owns it."""
        cs = self.casting
        cs.source = self.kernel.move(cs.source, "stack")
        self.absorb_events()
        self.announce_mode()

    def decline_free_cast(self) -> None:
        """No: the card stays in exile; the next one is offered."""
        self.casting = Casting()
        self.next_free_cast()

    def counters_on_creatures(self, p: int) -> int:
        """The counters on p's creatures, all kinds together."""
        return sum(
            sum(self.kernel.counters(x).values())
            for x in self.sides[p].battlefield
            if self.is_creature(x)
        )

    def can_cast_removing_counters(self, p: int, c: int) -> bool:
        """Whether p may cast its graveyard card c by its own permission ("You may cast this
        card from your graveyard by removing six counters from among creatures you control in
        addition to paying its other costs."): as from the hand (307.1; 601.2f-h), with as many
        counters among its creatures."""
        n = self.cards[c].graveyard_cast_counters
        return 0 < n <= self.counters_on_creatures(p) and self.can_play(p, c, from_hand=False)

    def begin_cast_removing_counters(self, p: int, eid: int) -> None:
        """Begins casting p's graveyard card ``eid`` by its own permission: it moves to the
        stack as casting begins (601.2a); the counters are removed as the cost is paid
        (``remove_counters_for_cost``)."""
        c = self.card_of[eid]
        obj = self.kernel.move(eid, "stack")
        self.absorb_events()
        n = self.cards[c].graveyard_cast_counters
        self.casting = Casting("spell", p, c, None, obj, from_exile=True, remove_counters=n)
        self.announce_mode()

    def remove_counters_for_cost(self, p: int, n: int) -> None:
        """601.2h: p removes ``n`` counters from among its creatures for the cost. Which ones is
        the duel's automatic rule (docs/DUEL.md): p's creatures in permanent-slot order, each
        one's counters kind by kind in the order they were first put on it, until ``n`` are
        removed."""
        left = n
        for x in [x for x in self.sides[p].battlefield if self.is_creature(x)]:
            for kind, have in list(self.kernel.counters(x).items()):
                if left == 0:
                    break
                left -= self.kernel.remove_counters(x, kind, min(have, left))
        self.absorb_events()

    def plays_permanents_from_graveyard(self, p: int) -> bool:
        """Whether p may play cards from its graveyard by "During each of your turns, you may
        play a land and cast a permanent spell of each permanent type from your graveyard."
        (Muldrotha, the Gravetide): it is p's turn and p controls such a permanent."""
        return p == self.active and any(
            x in self.card_of and self.abilities_of(x).plays_permanents_from_graveyard
            for x in self.kernel.objects("battlefield", p)
        )

    def graveyard_type_to_play(self, p: int, eid: int) -> int:
        """The permanent type (its bit of ``graveyard_types_played``) p would use to play its
        graveyard card ``eid`` by Muldrotha's permission (a land played, 305.1, or a permanent
        spell cast, 601.2a, from its graveyard): of the card's permanent types, the first in
        ``PERMANENT_TYPES`` not used this turn; 0 if none is left or p has no such permission.
        A card with its own way from the graveyard (flashback, an ability that functions
        there) is offered that way only."""
        c = self.card_of.get(eid, NO_CARD)
        if c == NO_CARD or not self.plays_permanents_from_graveyard(p):
            return 0
        card = self.cards[c]
        if card.flashback is not None or card.graveyard_ability is not None:
            return 0
        for i, t in enumerate(PERMANENT_TYPES):
            if t in card.types and not self.graveyard_types_played >> i & 1:
                return 1 << i
        return 0

    def may_play_now(self, p: int, eid: int) -> bool:
        """Whether p may play its exiled card ``eid`` this turn (impulse draw)."""
        return any(o == eid and q == p and last >= self.turn_number for o, q, last in self.may_play)

    def plotted_earlier(self, p: int, eid: int) -> bool:
        """Whether p plotted its exiled card ``eid`` on an earlier turn (702.170d)."""
        return any(o == eid and q == p and t < self.turn_number for o, q, t in self.plotted)

    def can_cast_plotted(self, p: int, c: int) -> bool:
        """Whether p can cast its plotted card c without paying its mana cost (702.170d, 601.3):
        a spell the duel runs, its additional cost's discards and its targets possible."""
        card = self.cards[c]
        return (
            card.supported
            and (card.is_permanent or card.spell is not None)
            and card.discard_cost <= len(self.sides[p].hand)
            and (
                card.spell is None and not card.enchant or self.spell_targets_available(p, c, None)
            )
        )

    def begin_play_from_exile(self, p: int, e: int) -> None:
        """Plays the land or begins casting the spell in p's exile slot ``e`` (impulse draw):
        the card moves from exile to the battlefield (305.1) or, as casting begins, to the
        stack (601.2a); its permission is used."""
        self.begin_play_permitted(p, self.exile(p)[e])

    def begin_play_permitted(self, p: int, eid: int) -> None:
        """Plays the land or begins casting the spell ``eid`` p may play from exile, or cast
        from its graveyard, by a permission (or plotted): the card moves to the battlefield
        (305.1) or, as casting begins, to the stack (601.2a); its permission is used."""
        c = self.card_of[eid]
        card = self.cards[c]
        # A graveyard card without a permission of its own is played by Muldrotha's: one of
        # its permanent types is used this turn.
        permitted = self.may_play_now(p, eid)
        by_type = 0 if permitted else self.graveyard_type_to_play(p, eid)
        self.graveyard_types_played |= by_type
        plotted = not permitted and not by_type
        # 702.34a: a card that gained flashback is cast with it (exiled as it leaves the stack).
        flashback = eid in self.flashback_granted
        self.flashback_granted = [o for o in self.flashback_granted if o != eid]
        self.may_play = [m for m in self.may_play if m[0] != eid]
        self.plotted = [m for m in self.plotted if m[0] != eid]
        obj = self.kernel.move(eid, "battlefield" if card.is_land else "stack")
        self.absorb_events()
        if card.is_land:
            self.sides[p].lands_played += 1
            self.entered(c, obj, 0)
            self.give_priority(p)
            return
        self.casting = Casting(
            "spell", p, c, None, obj, from_exile=True, plotted=plotted, flashback=flashback
        )
        self.announce_mode()

    def discard_card(self, p: int, c: int) -> int:
        """Player p discards card c from its hand (701.9a): to its graveyard, or a card with
        madness into exile, its madness trigger waiting (702.35a). Returns its object."""
        card = self.cards[c]
        if card.madness is None:
            return self.reveal(p, c, "graveyard")
        eid = self.reveal(p, c, "exile")
        self.trigger_queue.append((eid, p, card.name, card.madness, eid))
        return eid

    def resolve_madness(self, item: Item) -> None:
        """A madness trigger resolves (702.35a): its owner may cast the card, still in exile,
        for its madness cost (timing doesn't bind it: the ``MADNESS`` decision, where the cost
        can be paid and its targets have a legal choice), else it is put into its graveyard."""
        eid = item.object
        o = self._obj(eid)
        if o is None or o.gone or o.zone != "exile":
            self.give_priority(self.active)
            return
        p, c = item.controller, item.card
        card = self.cards[c]
        castable = (
            card.supported
            and (card.is_permanent or card.spell is not None)
            and can_pay(self.available(p, c), card.madness_cost, 0, self.life(p))
            and (
                card.spell is None
                and not card.enchant
                or self.targets_available(p, self.specs(c, card.spell), None, eid, spell=c)
            )
        )
        self.casting = Casting(
            "spell",
            p,
            c,
            card.spell,
            eid,
            needed=self.needed(c, card.spell),
            from_exile=True,
            madness=True,
        )
        if castable:
            self.pending = MADNESS
        else:
            self.madness_to_graveyard()

    def cast_with_madness(self) -> None:
        """702.35a: the owner casts the card for its madness cost: it moves from exile to the
        stack as casting begins (601.2a)."""
        cs = self.casting
        cs.source = self.kernel.move(cs.source, "stack")
        self.absorb_events()
        self.announce_costs()

    def madness_to_graveyard(self) -> None:
        """702.35a: the owner doesn't cast it: the card goes from exile to its graveyard."""
        eid = self.casting.source
        self.casting = Casting()
        self.kernel.move(eid, "graveyard")
        self.absorb_events()
        self.give_priority(self.active)

    def drop_spent_permissions(self) -> None:
        """The permissions to play exiled cards or cast graveyard cards that are over (their
        last turn is past) or used up (the card left its zone), dropped as a turn begins."""
        objs = self.kernel._objs
        self.may_play = [
            m
            for m in self.may_play
            if m[2] >= self.turn_number
            and m[0] in objs
            and not objs[m[0]].gone
            and objs[m[0]].zone in ("exile", "graveyard")
        ]
        self.plotted = [
            m
            for m in self.plotted
            if m[0] in objs and not objs[m[0]].gone and objs[m[0]].zone == "exile"
        ]
        granted = {m[0] for m in self.may_play}
        self.flashback_granted = [o for o in self.flashback_granted if o in granted]

    def can_activate_from_graveyard(self, p: int, eid: int, timing: bool) -> bool:
        """Whether p may activate the ability of the card ``eid`` in its graveyard that
        functions there (113.6k, 602.2): its timing, its mana and its targets."""
        card = self.cards[self.card_of[eid]]
        a = card.data["abilities"][card.graveyard_ability]
        return (
            (timing or a["timing"] == "instant")
            and can_pay(self.available(p), card.graveyard_activation_mana, 0, self.life(p))
            and self.targets_available(p, a["targets"], eid, None)
        )

    def begin_activate_from_graveyard(self, p: int, g: int) -> None:
        """Activates the ability of the card in p's graveyard slot ``g`` that functions there
        (113.6k): its mana paid (602.2h), then its targets; its source is the card."""
        eid = self.sides[p].graveyard[g]
        c = self.card_of[eid]
        card = self.cards[c]
        ability = card.graveyard_ability
        assert ability is not None
        self.pay(p, card.graveyard_activation_mana, 0)
        self.casting = Casting("activated", p, c, ability, eid, eid, needed=self.needed(c, ability))
        self.start_targets()

    def begin_flashback(self, p: int, g: int) -> None:
        """Begins casting the card in p's graveyard slot ``g`` with flashback (702.34a: its
        flashback cost is an alternative cost, 118.9, 601.2b): the card moves to the stack as
        casting begins (601.2a)."""
        eid = self.sides[p].graveyard[g]
        c = self.card_of[eid]
        obj = self.kernel.move(eid, "stack")
        self.absorb_events()
        self.casting = Casting("spell", p, c, None, obj, flashback=True)
        self.announce_mode()
