"""The library's operations: searching (701.23) and shuffling (701.24), milling (701.17),
scrying (701.22), surveilling (701.25), looking at the top cards and choosing one (401.4)."""

from __future__ import annotations

from typing import Any

from cardstate.reference.cards.objects import Card, Request, _is_player, top_of_library
from cardstate.reference.cards.place import enters
from cardstate.reference.cards.state import ResolutionState
from cardstate.reference.game import Game


def _stated(op: Card) -> bool:
    """Whether a search states a quality (701.23b: then it may find nothing)."""
    return (
        bool(op["types"] or op["supertypes"])
        or op.get("mana_value") is not None
        or op.get("mana_value_at_most") is not None
    )


def _has_quality(card: Card, op: Card, at_most: int | None = None) -> bool:
    """Whether a card has what a search looks for (701.23a): any of its types (none: any type),
    all of its supertypes, its mana value if given, or at most ``at_most`` (the search's
    ``mana_value_at_most`` counted) if given (202.3: no mana cost, mana value 0)."""
    types, mana_value = op["types"], op.get("mana_value")
    cost = card["cost"]
    mv = cost["mana_value"] if cost else 0
    return (
        (not types or any(t in card["types"] for t in types))
        and all(t in card["supertypes"] for t in op["supertypes"])
        and (mana_value is None or mv == mana_value)
        and (at_most is None or mv <= at_most)
    )


_MAX_PILED = 30  # the most cards separated into piles (700.3): a pile is a bit set of positions
_SEPARATED = 1 << 31  # ``at``'s mark that the cards are separated: the face-up pile below it


def _may_be_chosen(card: Card, op: Card, max_mana_value: int | None) -> bool:
    """Whether a card looked at may be chosen: any of the types (none: any type), its power at
    most the given one (a card without power has none), its mana value at most the one
    counted (202.3: no mana cost, mana value 0)."""
    types, power = op.get("types", []), op.get("power_at_most")
    cost = card["cost"]
    return (
        (not types or any(t in card["types"] for t in types))
        and (power is None or (card["power"] is not None and card["power"] <= power))
        and (max_mana_value is None or (cost["mana_value"] if cost else 0) <= max_mana_value)
    )


def _nonland_colours(card: Card) -> int:
    """A card's colours (105.2, 202.2: those of its mana cost's symbols), a bit each in WUBRG
    order; none for a land card."""
    cost = card["cost"]
    if cost is None or "land" in card["types"]:
        return 0
    bits = 0
    for i, n in enumerate(cost["coloured"]):
        if n > 0:
            bits |= 1 << i
    for c in [c for pair in cost["hybrid"] for c in pair] + list(cost["phyrexian"]):
        bits |= 1 << "WUBRG".index(c)
    return bits


class LibraryOps(ResolutionState):
    def op_mill(self, game: Game, op: Card) -> Request | None:
        """Each selected player mills that many cards (701.17a), through ``mill`` (the duel
        keeps the libraries)."""
        n = self.amount(game, op["n"])
        for p in self.select(game, op["who"]):
            if n > 0 and _is_player(game, p):
                self.mill(game, p, n)
        return None

    def op_search(self, game: Game, op: Card) -> Request | None:
        """The controller searches its library for up to n cards with the quality (701.23a),
        one at a time: a request ``("search", player, cards, may_fail)`` of the candidates (as
        ``library`` names them, equal cards once, ascending) while fewer than n are found,
        unless there is none; each card found goes to its hand or onto the battlefield
        (entering as a permanent does, 614.1d, tapped if said); then it shuffles (701.24a),
        whether or not it found any. ``at``: the cards found so far."""
        me = self.controller
        n = op.get("n", 1)
        # "… then shuffle and put that card on top": the card found stays until the shuffle.
        to_top = None
        if self.searched is not None:
            (found,), self.searched = self.searched, None
            if found is None:
                self.at = n
            elif op["to"] == "library_top":
                to_top = found
                self.at += 1
            else:
                self.put_found(game, op, found)
                self.at += 1
        if self.at < n:
            most = op.get("mana_value_at_most")
            at_most = None if most is None else self.amount(game, most)
            cards = sorted(
                {name for name, card in self.library(game, me) if _has_quality(card, op, at_most)}
            )
            if cards:
                # 701.23b: a stated quality lets the searcher find nothing; "up to n" too.
                may_fail = _stated(op) or n > 1
                return ("search", me, cards, may_fail)
        self.at = 0
        self.shuffle_library(game, me)
        if to_top is not None:
            self.library_to_top(game, me, to_top)
        return None

    def op_look_at_top(self, game: Game, op: Card) -> Request | None:
        """The controller looks at the top n cards of its library (fewer if it has fewer; none:
        nothing happens) and may choose one of them with the quality (401.4): a request
        ``("search", player, cards, True)`` of those cards (equal cards once, ascending; none if
        no card has it). The card chosen goes to its hand, onto the battlefield or stays on
        top; the rest go to its graveyard (top first) or on the bottom of its library in a
        random order. A library dealt anew by a resample while the choice waited may no longer
        hold the card chosen among its top cards: then none is chosen. "Any number": the cards
        are chosen one at a time, each put onto the battlefield (or into the hand) at once, the
        request asked again of those left (``at``: how many were put there)."""
        me = self.controller
        n = max(0, self.amount(game, op["n"]))
        while True:
            library = self.library(game, me)
            top = library[: max(0, n - self.at)]
            chosen = self._look_choice(game, op, top)
            if isinstance(chosen, tuple):
                return chosen
            if chosen is None or not op.get("any_number"):
                break
            self.put_found(game, {"to": op["to"], "tapped": False}, top[chosen][0])
            self.at += 1
        self.at = 0
        rest = [k for k in range(len(top)) if k != chosen]
        if chosen is not None and op["to"] != "library_top":
            # Back on top the card stays, the rest above it leaving; else it leaves, and the
            # cards beneath it are one place higher.
            self.put_found(game, {"to": op["to"], "tapped": False}, top[chosen][0])
            rest = [k - 1 if k > chosen else k for k in rest]
        if op["rest"] == "graveyard":
            self.library_to_graveyard(game, me, rest)
        else:
            self.random_order(rest)
            self.library_to_bottom(game, me, rest)
        return None

    def _look_choice(self, game: Game, op: Card, top: list[tuple[int, Card]]) -> Any:
        """The card chosen among the ``top`` cards looked at (its position), None, or the
        request to ask (none is asked with no card looked at or none that may be chosen)."""
        if self.searched is not None:
            (found,), self.searched = self.searched, None
            names = [name for name, _ in top]
            return names.index(found) if found is not None and found in names else None
        if not top:
            return None
        most = op.get("mana_value_at_most")
        max_mana_value = None if most is None else self.amount(game, most)
        cards = sorted({name for name, card in top if _may_be_chosen(card, op, max_mana_value)})
        return ("search", self.controller, cards, True) if cards else None

    def op_separate_piles(self, game: Game, op: Card) -> Request | None:
        """The controller looks at the top n cards of its library (fewer if it has fewer, at
        most 30; none: nothing happens) and separates them into a face-down pile and a face-up
        pile (a request ``("piles", player, cards)``, answered with the face-up pile's
        positions); then an opponent chooses a pile (``("choose_pile", opponent, face_up,
        face_down)``, answered True for the face-up pile); that pile goes to its hand, the other
        to its graveyard (700.3). ``at`` keeps the face-up pile between the two. A library dealt
        anew by a resample meanwhile gives the piles the cards now at those positions."""
        me = self.controller
        library = self.library(game, me)
        top = library[: min(max(0, self.amount(game, op["n"])), _MAX_PILED)]
        if self.piled is not None:
            positions, self.piled = self.piled, None
            up = 0
            for k in positions:
                up |= 1 << k
            self.at = _SEPARATED | up
            face_up = [name for k, (name, _) in enumerate(top) if up >> k & 1]
            # 700.3: an opponent chooses (the first one still in the game).
            opponents = [p for p in game.players if p != me and not game._players[p].lost]
            if not opponents:
                self.at = 0
                return None
            return ("choose_pile", opponents[0], face_up, len(top) - len(face_up))
        if self.face_up_chosen is not None:
            chosen, self.face_up_chosen = self.face_up_chosen, None
            up, self.at = self.at & ~_SEPARATED, 0
            to_hand = 0
            for k, (name, _) in enumerate(top):
                if bool(up >> k & 1) == chosen:
                    self.take_from_library(game, me, name, "hand")
                    to_hand += 1
            # The other pile is what is left of the top cards (equal cards alike).
            self.library_to_graveyard(game, me, list(range(len(top) - to_hand)))
            return None
        if not top:
            return None
        return ("piles", me, [name for name, _ in top])

    def op_exile_top_choose_one(self, game: Game, op: Card) -> Request | None:
        """The controller chooses one of the top n cards of its library (fewer if it has fewer;
        none: nothing happens): a request ``("search", player, cards, False)`` of them (equal
        cards once, ascending). The others are exiled, then the card chosen is, and its
        controller may play it until ``until`` (``exile_top``'s permission). A library dealt
        anew by a resample while the choice waited may no longer hold the card chosen among its
        top cards: then all of them are exiled, none to be played."""
        me = self.controller
        top = self.library(game, me)[: max(0, self.amount(game, op["n"]))]
        if self.searched is None:
            return ("search", me, sorted({name for name, _ in top}), False) if top else None
        (found,), self.searched = self.searched, None
        names = [name for name, _ in top]
        chosen = names.index(found) if found in names else None
        self.library_to_exile(game, me, [k for k in range(len(top)) if k != chosen])
        if chosen is not None:  # the rest above it gone, the card chosen is the top card
            self.exile_top(game, me, 1, op["until"])
        return None

    def library_to_exile(self, game: Game, p: int, positions: list[int]) -> None:
        """p exiles the cards at ``positions`` of its library (from the top, ascending), in
        that order, with no permission to play them (the positions of ``library``)."""
        library = self.library(game, p)
        for k in positions:
            if k < len(library):
                game.move(library[k][0], "exile")

    def op_reveal_until(self, game: Game, op: Card) -> Request | None:
        """The controller reveals cards from the top of its library until it reveals a card
        with any of the types (701.20a): that card goes to its hand, the others revealed on the
        bottom of its library in a random order; with no such card, every card revealed
        does."""
        me = self.controller
        library = self.library(game, me)
        found = next(
            (k for k, (_, c) in enumerate(library) if any(t in c["types"] for t in op["types"])),
            None,
        )
        rest = list(range(len(library) if found is None else found))
        if found is not None:  # the topmost copy of its card: those above aren't of the types
            self.take_from_library(game, me, library[found][0], "hand")
        self.random_order(rest)
        self.library_to_bottom(game, me, rest)
        return None

    def op_return_from_graveyard(self, game: Game, op: Card) -> Request | None:
        """The controller chooses a card of its graveyard with any of the types: a request
        ``("search", player, cards, False)`` of them as ``graveyard`` names them (equal cards
        once, ascending; none asked without one), which returns to its hand (400.7)."""
        me = self.controller
        if self.searched is not None:
            (found,), self.searched = self.searched, None
            obj = None if found is None else self.graveyard_object(game, me, found)
            if obj is not None:
                game.move(obj, "hand")
            return None
        types = op["types"]
        cards = sorted(
            {n for n, c in self.graveyard(game, me) if any(t in c["types"] for t in types)}
        )
        return ("search", me, cards, False) if cards else None

    def graveyard(self, game: Game, p: int) -> list[tuple[int, Card]]:
        """The cards of p's graveyard, each as the host names it with its card: a bare kernel's
        objects by id, ascending (an object of no card of the pool is left out)."""
        out = []
        for eid in sorted(game.objects("graveyard", p)):
            card = self.db.get(game.name(eid))
            if card is not None:
                out.append((eid, card))
        return out

    def graveyard_object(self, game: Game, p: int, name: int) -> int | None:
        """The object of p's graveyard the host names ``name``: a bare kernel's object."""
        return name if name in game.objects("graveyard", p) else None

    def op_mill_while_sharing_colour(self, game: Game, op: Card) -> Request | None:
        """Each selected player mills two cards (701.17a); if both were nonland cards that
        share a colour (105.2: the colours of their mana costs' symbols), it does it again."""
        for p in self.select(game, op["who"]):
            if not _is_player(game, p):
                continue
            while True:
                milled = [_nonland_colours(card) for _, card in self.library(game, p)[:2]]
                self.mill(game, p, 2)
                if len(milled) < 2 or not milled[0] & milled[1]:
                    break
        return None

    def op_reveal_until_into_graveyard(self, game: Game, op: Card) -> Request | None:
        """Each selected player reveals cards from the top of its library until it reveals a
        card with any of the types (701.20a), then puts the cards revealed, that one included,
        into its graveyard: a mill of that many (701.17a); its whole library without one."""
        for p in self.select(game, op["who"]):
            if not _is_player(game, p):
                continue
            library = self.library(game, p)
            found = next(
                (
                    k
                    for k, (_, c) in enumerate(library)
                    if any(t in c["types"] for t in op["types"])
                ),
                None,
            )
            n = len(library) if found is None else found + 1
            if n > 0:
                self.mill(game, p, n)
        return None

    def random_order(self, positions: list[int]) -> None:
        """Puts ``positions`` in a random order ("… in a random order"): a bare kernel has no
        random numbers, and leaves them in their order."""

    def library_to_top(self, game: Game, p: int, card: int) -> None:
        """The card the host names ``card`` goes to the top of p's library (a search's "put
        that card on top"): a bare kernel's library is in id order, which no move keeps, and
        it stays where it is."""

    def put_found(self, game: Game, op: Card, found: int) -> None:
        """The card found goes to the hand or onto the battlefield (tapped if said)."""
        zone = "battlefield" if op["to"] == "battlefield" else "hand"
        new = self.take_from_library(game, self.controller, found, zone)
        if new is not None and zone == "battlefield":
            card = self.db.get(game.name(new))
            if card is not None:
                enters(game, card, new, 0, db=self.db)
            if op["tapped"]:
                game.tap(new)

    def op_surveil(self, game: Game, op: Card) -> Request | None:
        """The controller surveils n (701.25a): a request ``("surveil", player, cards)`` of the
        top n cards of its library (as ``library`` names them, top first; fewer if it has
        fewer; none: nothing is asked), the chosen ones then go to its graveyard, top first;
        the rest stay on top in their order."""
        return self.look_at_top(game, op, "surveil")

    def op_scry(self, game: Game, op: Card) -> Request | None:
        """The controller scries n (701.22a): as a surveil, but the chosen cards go on the
        bottom of its library in the order chosen."""
        return self.look_at_top(game, op, "scry")

    def look_at_top(self, game: Game, op: Card, kind: str) -> Request | None:
        me = self.controller
        if self.surveilled is None:
            n = self.amount(game, op["n"])
            top = [name for name, _ in self.library(game, me)[:n]]
            return (kind, me, top) if top else None
        positions, self.surveilled = self.surveilled, None
        if kind == "scry":
            self.library_to_bottom(game, me, positions)
        else:
            self.library_to_graveyard(game, me, sorted(positions))
        return None

    def library_to_bottom(self, game: Game, p: int, positions: list[int]) -> None:
        """p puts the cards at ``positions`` of its library (from the top) on its bottom in
        that order: a card put back into a bare kernel's library is a new object with the
        highest id, the bottom."""
        library = self.library(game, p)
        for k in positions:
            if k < len(library):
                game.move(library[k][0], "library")

    def library_to_graveyard(self, game: Game, p: int, positions: list[int]) -> None:
        """p puts the cards at ``positions`` of its library (from the top, ascending) into its
        graveyard, in that order (the positions of ``library``)."""
        library = self.library(game, p)
        for k in positions:
            if k < len(library):
                game.move(library[k][0], "graveyard")

    def library(self, game: Game, p: int) -> list[tuple[int, Card]]:
        """The cards of p's library, top first, each as the host names it with its card (a
        bare kernel: its library objects by id, lowest on top; an object of no card of the
        pool is left out: it can't be found)."""
        out = []
        for eid in sorted(game.objects("library", p)):
            card = self.db.get(game.name(eid))
            if card is not None:
                out.append((eid, card))
        return out

    def take_from_library(self, game: Game, p: int, card: int, zone: str) -> int | None:
        """Takes the card the host names ``card`` out of p's library into ``zone`` (its hand
        or the battlefield, 701.23a): its kernel object there, if it is one."""
        if card not in game.objects("library", p):
            raise ValueError(f"{card} is not in player {p}'s library")
        return game.move(card, zone)

    def shuffle_library(self, game: Game, p: int) -> None:
        """p shuffles its library (701.24a): a bare kernel's library stays in its order (the
        lowest id on top: it has no random numbers)."""

    def mill(self, game: Game, p: int, n: int) -> None:
        """p mills n cards (701.17a): the top n of its library to its graveyard, as many as
        there are (701.17b)."""
        for _ in range(n):
            card = top_of_library(game, p)
            if card is None:
                break
            game.move(card, "graveyard")
