"""The duel as the reference card interpreter's host: a resolution whose draws, discards,
mills, searches and impulse draws act on the duel's own lists of hands and libraries (the
kernel keeps no hidden zone), as rust/duel/src/duel/host.rs."""

from __future__ import annotations

import bisect
from typing import Any

from cardstate.reference import cards as interpreter
from cardstate.reference.duel.attach import attach


class DuelResolution(interpreter.Resolution):
    """A resolution whose draws come from the duel's libraries (the kernel has none): a
    player draws the top card of its library into its hand (121.1); drawing from an empty
    library is remembered for 704.5b."""

    duel: Any = None
    ends_turn: bool = False
    """The resolution said "End the turn." (723.1): the duel ends it as the resolution ends."""
    joined: list[int] | None = None
    """The objects moved into a library whose cards this host has put in the library's list
    (401.4: on its top or bottom): their zone changes add nothing more there (the duel's
    ``absorb_events``)."""

    def put_in_library(self, game: Any, new: int, top: bool) -> None:
        """The card goes on the top of its owner's library list (its end) or on the bottom,
        where its owner knows it (``Side.bottom``); hidden there from the opponent as any card
        put into a library (``Side.unseen``). A token never joins the list (704.5d)."""
        c = self.duel.card_index.get(game.name(new))
        if c is None:
            return
        if self.joined is None:
            self.joined = []
        self.joined.append(new)
        obj = game._objs[new]
        if obj.printed.token:
            return
        side = self.duel.sides[obj.owner & 1]
        if top:
            side.library.append(c)
        else:
            side.library.insert(0, c)
            side.bottom += 1
        side.note_unseen(c)

    def op_draw(self, game: Any, op: Any) -> Any:
        n = self.amount(game, op["n"])
        for p in self.select(game, op["who"]):
            if n > 0 and p in game.players:
                side = self.duel.sides[p & 1]
                for _ in range(n):
                    c = side.draw_top()
                    if c is None:
                        side.drew_from_empty = True
                        self.empty_draws.add(p)
                        break
                    bisect.insort(side.hand, c)
                    self.duel.note_drew(p & 1)
        return None

    def exile_top(self, game: Any, p: int, n: int, until: str) -> None:
        """Each card leaves the top of p's library for exile, a kernel object there that the
        opponent has seen, and p may play it until the end of this turn or of its next turn
        (the turn after this one when it is an opponent's, else the one after that)."""
        from cardstate.reference.cards.place import _create

        d = self.duel
        side = d.sides[p & 1]
        last = d.turn_number
        if until == "end_of_next_turn":
            last += 2 if d.active == p & 1 else 1
        for _ in range(n):
            c = side.draw_top()
            if c is None:
                return
            side.unseen[c] = max(0, side.unseen[c] - 1)
            # The duel notes the new object after the run (``note_created``), as a token's.
            obj = _create(game, d.cards[c].data, p, "exile")
            d.may_play.append((obj, p & 1, last))

    def exile_top_cast_free(self, game: Any, p: int, n: int, caster: int) -> None:
        """Each card leaves the top of p's library for exile, a kernel object there that the
        opponent has seen; ``caster`` may cast it without paying its mana cost once the
        ability has resolved (the duel offers them in the order exiled: ``next_free_cast``)."""
        from cardstate.reference.cards.place import _create

        d = self.duel
        side = d.sides[p & 1]
        for _ in range(n):
            c = side.draw_top()
            if c is None:
                return
            side.unseen[c] = max(0, side.unseen[c] - 1)
            obj = _create(game, d.cards[c].data, p, "exile")
            d.free_casts.append(obj)
            d.free_casts_player = caster & 1

    def add_mana(self, game: Any, p: int, mana: list[int]) -> None:
        """The mana goes to p's mana pool (106.4), which the duel keeps."""
        self.duel.add_mana(p, mana)

    def copy_spell(self, game: Any, fired: tuple[int, int, str, int, int]) -> None:
        """The copy waits with the triggered abilities to be put on the stack (707.10), where
        its controller chooses its target (707.10c), as rust/duel's host does."""
        self.duel.trigger_queue.append(fired)

    def end_the_turn(self) -> None:
        """723.1: the duel ends the turn as the resolution ends (``ends_turn``)."""
        self.ends_turn = True

    def extra_turn(self, player: int) -> None:
        """500.7: the duel takes the extra turn after this one (the most recently created
        first)."""
        self.duel.extra_turns.append(player & 1)

    def untapped(self, game: Any, e: int) -> None:
        """701.26b: the event, where a card of the pool waits for it."""
        if self.duel.untaps_listened:
            self.duel.events.append(("untapped", e, 0, 0, False))

    def gains_ability(self, game: Any, gained: tuple[int, str, int]) -> None:
        """613.1f, 611.2c: the duel keeps it for the object (once), until it leaves the
        battlefield."""
        if gained not in self.duel.gained_abilities:
            self.duel.gained_abilities.append(gained)

    def gains_dies_trigger(self, game: Any, fired: tuple[int, int, str, int, int]) -> None:
        """The duel keeps it until the cleanup step (514.2)."""
        self.duel.dies_triggers.append(fired)

    def gain_control_until_end_of_turn(self, game: Any, obj: int, player: int) -> None:
        """613.1b: the control changes now (``change_control``); the duel gives it back at
        cleanup (514.2)."""
        was = game._objs[obj].controller
        if was != player:
            self.duel.change_control(obj, player)
            self.duel.control_until_cleanup.append((obj, was))

    def may_cast_from_graveyard(self, game: Any, obj: int, player: int, flashback: bool) -> None:
        """The duel keeps the permission this turn, for that object (400.7)."""
        self.duel.may_play.append((obj, player & 1, self.duel.turn_number))
        if flashback:
            self.duel.flashback_granted.append(obj)

    def exile_until_leaves(self, game: Any, source: int, obj: int) -> None:
        """The duel keeps the link until ``source`` leaves the battlefield (610.3a)."""
        self.duel.exiled_until.append((source, obj))

    def reflexive(self, game: Any, fired: tuple[int, int, str, int, int]) -> None:
        """It waits with the triggered abilities to be put on the stack (603.12), where its
        controller chooses its targets, as rust/duel's host does."""
        self.duel.trigger_queue.append(fired)

    def delay(self, game: Any, fired: tuple[int, int, str, int, int]) -> None:
        """The duel keeps the delayed triggered ability until the next end step (603.7a)."""
        self.duel.delayed.append(fired)

    def attach(self, game: Any, obj: int, to: int) -> None:
        """The duel keeps the link (701.3a)."""
        attach(self.duel.attachments, obj, to)

    def colours(self, game: Any, obj: int) -> int:
        """The duel's colours of the object now (105.2; 613.1e: what its Auras make it), as
        rust/duel's host reads them."""
        return self.duel.colours_now(obj)

    def attached_to(self, game: Any, obj: int) -> int | None:
        """The duel's link (301.5c, 303.4)."""
        return self.duel.attached_to(obj)

    def hand(self, game: Any, p: int) -> list[int]:
        """The cards in p's hand, in the duel's canonical order (its hand slots)."""
        return list(self.duel.sides[p & 1].hand)

    def hand_cards(self, game: Any, p: int) -> list[tuple[int, Any]]:
        """The hand's cards, each named by its card id."""
        return [(c, self.duel.cards[c].data) for c in self.duel.sides[p & 1].hand]

    def reveal_hand(self, p: int) -> None:
        """The opponent knows the cards of the hand now, while they stay there (``resample``
        keeps them)."""
        side = self.duel.sides[p & 1]
        side.revealed = list(side.hand)

    def discard(self, game: Any, p: int, slot: int) -> None:
        """The card leaves p's hand for its owner's graveyard, a kernel object there (the
        opponent has seen it: it leaves the cards it can't tell apart, 701.9a)."""
        from cardstate.reference.cards.place import _create

        side = self.duel.sides[p & 1]
        c = side.hand.pop(slot)
        side.seen_leaving_hand(c)
        # 702.35a: a card with madness is discarded into exile, and its trigger waits.
        madness = self.duel.cards[c].madness
        zone = "graveyard" if madness is None else "exile"
        # The duel notes the new object after the run (``note_created``), as a token's.
        obj = _create(game, self.duel.cards[c].data, p, zone)
        if madness is not None:
            self.duel.trigger_queue.append((obj, p, self.duel.cards[c].name, madness, obj))

    def library(self, game: Any, p: int) -> list[tuple[int, Any]]:
        """The library's cards, top first, by card id (the duel's card ids name them)."""
        return [(c, self.duel.cards[c].data) for c in reversed(self.duel.sides[p & 1].library)]

    def take_from_library(self, game: Any, p: int, card: int, zone: str) -> int | None:
        """The topmost copy of the card leaves the library (the library is shuffled next).
        Onto the battlefield it is public: a kernel object, and the opponent has seen it (it
        leaves the cards it can't tell apart); into the hand it stays hidden (the opponent's
        count of unseen cards, hand and library together, stays)."""
        from cardstate.reference.cards.place import _create

        side = self.duel.sides[p & 1]
        at = [i for i, c in enumerate(side.library) if c == card]
        if not at:  # a library dealt anew by a resample: the search finds nothing
            return None
        i = at[-1]
        c = side.library.pop(i)
        side.bottom = min(side.bottom, i)
        if zone == "hand":
            bisect.insort(side.hand, c)
            return None
        side.unseen[c] = max(0, side.unseen[c] - 1)
        return _create(game, self.duel.cards[c].data, p, zone)

    def library_to_top(self, game: Any, p: int, card: int) -> None:
        """The topmost copy of the card goes to the top of the library (the end of its
        list)."""
        side = self.duel.sides[p & 1]
        at = [i for i, c in enumerate(side.library) if c == card]
        if at:
            side.library.append(side.library.pop(at[-1]))
            side.bottom = min(side.bottom, at[-1])

    def graveyard(self, game: Any, p: int) -> list[tuple[int, Any]]:
        """The graveyard's objects named by card id, ascending object ids (equal cards
        alike)."""
        out = []
        for eid in sorted(game.objects("graveyard", p)):
            c = self.duel.card_index.get(game.name(eid))
            if c is not None:
                out.append((c, self.duel.cards[c].data))
        return out

    def graveyard_object(self, game: Any, p: int, name: int) -> int | None:
        """The graveyard's lowest object of card ``name``."""
        ids = [
            e
            for e in game.objects("graveyard", p)
            if self.duel.card_index.get(game.name(e)) == name
        ]
        return min(ids) if ids else None

    def random_order(self, positions: list[int]) -> None:
        """With the duel's random numbers, as a shuffle (701.24a)."""
        self.duel.rng.shuffle(positions)

    def shuffle_library(self, game: Any, p: int) -> None:
        """701.24a: the whole library in a random order, which no player knows (``resample``
        deals it again: the cards put on the bottom are no longer known there)."""
        side = self.duel.sides[p & 1]
        self.duel.rng.shuffle(side.library)
        side.bottom = 0

    def library_to_graveyard(self, game: Any, p: int, positions: list[int]) -> None:
        """The cards at those positions from the top go to the graveyard, public there (they
        leave the unseen cards), top first."""
        self.library_to(game, p, positions, "graveyard")

    def library_to_exile(self, game: Any, p: int, positions: list[int]) -> None:
        """The cards at those positions from the top go to exile, public there (they leave the
        unseen cards), top first, with no permission to play them."""
        self.library_to(game, p, positions, "exile")

    def library_to(self, game: Any, p: int, positions: list[int], zone: str) -> None:
        """The cards at those positions from the top go to ``zone``, public there (they leave
        the unseen cards), top first."""
        from cardstate.reference.cards.place import _create

        side = self.duel.sides[p & 1]
        n = len(side.library)  # the library as it was: its indices still to come stay in place
        for k in positions:  # ascending from the top: descending indices, each left in place
            i = n - 1 - k
            if i < 0:
                continue
            c = side.library.pop(i)
            side.bottom = min(side.bottom, i)
            side.unseen[c] = max(0, side.unseen[c] - 1)
            _create(game, self.duel.cards[c].data, p, zone)

    def library_to_bottom(self, game: Any, p: int, positions: list[int]) -> None:
        """The cards at those positions from the top go to the bottom in that order, each
        beneath the ones before it; the player knows them there (``Side.bottom``)."""
        side = self.duel.sides[p & 1]
        n = len(side.library)
        indices = [n - 1 - k for k in positions if n - 1 - k >= 0]
        cards = [side.library[i] for i in indices]
        for i in sorted(indices, reverse=True):
            side.library.pop(i)
            side.bottom = min(side.bottom, i)
        for c in cards:
            side.library.insert(0, c)
        side.bottom += len(cards)

    def mill(self, game: Any, p: int, n: int) -> None:
        """The top cards go to the graveyard, public there (they leave the unseen cards)."""
        from cardstate.reference.cards.place import _create

        side = self.duel.sides[p & 1]
        for _ in range(n):
            c = side.draw_top()
            if c is None:
                break
            side.unseen[c] = max(0, side.unseen[c] - 1)
            _create(game, self.duel.cards[c].data, p, "graveyard")
