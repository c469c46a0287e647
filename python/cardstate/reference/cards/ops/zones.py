"""Zone changes by effect (400.7: the moved card is a new object): returning to its owner's
hand (400.3), exiling (701.13), and putting a card onto the battlefield."""

from __future__ import annotations

from cardstate.reference.cards.objects import (
    Card,
    Request,
    _entity,
    _is_permanent,
    _is_player,
    top_of_library,
)
from cardstate.reference.cards.place import enters
from cardstate.reference.cards.state import ResolutionState
from cardstate.reference.game import Game

_FROM = {
    "hand": ("battlefield", "graveyard"),
    "exile": ("battlefield", "graveyard"),
    "battlefield": ("graveyard", "exile"),
    "battlefield_tapped": ("graveyard", "exile"),
    "exile_until_source_leaves": ("battlefield",),
    "library_bottom": ("battlefield", "graveyard"),
    "battlefield_under_your_control": ("graveyard", "exile"),
}
"""The zones a ``move`` takes an object from, by destination."""


class ZoneOps(ResolutionState):
    def op_move(self, game: Game, op: Card) -> Request | None:
        """Moves each selected permanent or graveyard card to ``op["to"]`` (400.7): its
        owner's hand (400.3), exile (701.13), the bottom of its owner's library (401.4), or, a
        card in a graveyard, the battlefield under its owner's control (under the effect's
        controller's with ``battlefield_under_your_control``, 110.2), entering as a permanent
        does (614.1c-d, 611.3a). A token put into a hand or a library ceases to exist when
        state-based actions are checked (704.5d)."""
        to = op["to"]
        until = to == "exile_until_source_leaves"
        if until and (self.source is None or not _is_permanent(game, self.source)):
            return None  # 610.3c: the source already left the battlefield: nothing is exiled
        for e in self.select(game, op["what"]):
            ent = _entity(game, e)
            if ent is None or _is_player(game, e) or ent.gone or ent.zone not in _FROM[to]:
                continue
            zone = {
                "battlefield_tapped": "battlefield",
                "library_bottom": "library",
                "exile_until_source_leaves": "exile",
                "battlefield_under_your_control": "battlefield",
            }.get(to, to)
            if to == "battlefield_under_your_control":
                # 110.2: it enters under the effect's controller's control, not its owner's.
                new = game._move_to_battlefield_under(e, self.controller)
            else:
                new = game.move(e, zone)
            if until:
                self.exile_until_leaves(game, self.source, new)
            if to == "library_bottom":
                self.put_in_library(game, new, False)
            if to == "battlefield_tapped":
                game.tap(new)  # "… to the battlefield tapped": it enters tapped (614.1d)
            if zone == "battlefield":
                card = self.db.get(game.name(new))
                if card is not None:
                    enters(game, card, new, 0, db=self.db)
        return None

    def put_in_library(self, game: Game, new: int, top: bool) -> None:
        """The object ``new``, just moved into its owner's library, goes on its top or its
        bottom (401.4): a host whose libraries are ordered lists puts its card there at once
        (what the effect does next sees it there); a bare kernel's new object has the highest
        id, its library's bottom, either way."""

    def op_put_on_top_or_bottom(self, game: Game, op: Card) -> Request | None:
        """ "Target creature's owner puts it on their choice of the top or bottom of their
        library" (401.4): the first selected permanent or graveyard card; its owner is asked
        (``("top_or_bottom", owner, object)``: True the top), then it moves into the library,
        where a host whose libraries are ordered lists puts it on top, or on the bottom as
        asked (a bare kernel's new object, with the highest id, is its bottom either way)."""
        first = next(
            (
                e
                for e in self.select(game, op["what"])
                if (ent := _entity(game, e)) is not None
                and not _is_player(game, e)
                and not ent.gone
                and ent.zone in ("battlefield", "graveyard")
            ),
            None,
        )
        top, self.on_top = self.on_top, None
        if first is None:
            return None
        if top is None:
            return ("top_or_bottom", game.owner(first), first)
        new = game.move(first, "library")
        self.put_in_library(game, new, top)
        return None

    def op_return_with_fewer_counters(self, game: Game, op: Card) -> Request | None:
        """ "Return it to the battlefield with one fewer revival counter on it" (614.1c): each
        selected card in a graveyard or in exile enters under its owner's control with the
        ``counter`` counters the object it was had as it last existed (608.2h: the gone object
        whose new object it is), less ``fewer``, entering as a permanent does otherwise."""
        kind = op["counter"]
        for e in self.select(game, op["what"]):
            ent = _entity(game, e)
            if (
                ent is None
                or _is_player(game, e)
                or ent.gone
                or ent.zone not in _FROM["battlefield"]
            ):
                continue
            was = next(
                (
                    o
                    for o in range(e - 1, -1, -1)
                    if (p := _entity(game, o)) is not None
                    and not _is_player(game, o)
                    and p.gone
                    and p.new_id == e
                ),
                None,
            )
            n = max((0 if was is None else game.count(was, kind)) - op["fewer"], 0)
            new = game.move(e, "battlefield", counters={kind: n} if n > 0 else None)
            card = self.db.get(game.name(new))
            if card is not None:
                enters(game, card, new, 0, db=self.db)
        return None

    def op_return_with(self, game: Game, op: Card) -> Request | None:
        """ "Return that card to the battlefield … with two +1/+1 counters on it. It's a Demon
        in addition to its other types" (614.1c, 613.1d, 613.1f): each selected card in a
        graveyard or in exile enters under its owner's control with ``n`` ``counter``
        counters; the permanent it became has the keywords ``gains`` and the subtypes
        ``is_also`` for as long as it stays (611.2c: effects locked in to it, with no source and
        no end), given before its static abilities go live; it enters as a permanent does
        otherwise. "That card" of a creature that died is the card it became (400.7)."""
        for e in self.select(game, op["what"]):
            ent = _entity(game, e)
            if ent is not None and ent.gone and ent.new_id is not None:
                e, ent = ent.new_id, _entity(game, ent.new_id)
            if (
                ent is None
                or _is_player(game, e)
                or ent.gone
                or ent.zone not in _FROM["battlefield"]
            ):
                continue
            counters = {op["counter"]: op["n"]} if op["n"] > 0 else None
            new = game.move(e, "battlefield", counters=counters)
            for subtype in op["is_also"]:
                game.add_continuous_effect("add_subtype", affected=[new], subtype=subtype)
            for keyword in op["gains"]:
                game.add_continuous_effect("add_keyword", affected=[new], keyword=keyword)
            card = self.db.get(game.name(new))
            if card is not None:
                enters(game, card, new, 0, db=self.db)
        return None

    def op_exile_top(self, game: Game, op: Card) -> Request | None:
        """Each selected player exiles the top ``n`` cards of its library (impulse draw), as
        ``exile_top`` does them."""
        n = self.amount(game, op["n"])
        for p in self.select(game, op["who"]):
            if n > 0 and _is_player(game, p) and op["until"] == "cast_free":
                self.exile_top_cast_free(game, p, n, self.controller)
            elif n > 0 and _is_player(game, p):
                self.exile_top(game, p, n, op["until"])
        return None

    def exile_top_cast_free(self, game: Game, p: int, n: int, caster: int) -> None:
        """p exiles the top ``n`` cards of its library (fewer if it has fewer), and ``caster``
        may cast the spells among them without paying their mana costs as the ability resolves
        (Etali, Primal Storm): a duel offers them; a bare kernel just exiles them (its lowest
        library ids)."""
        self.exile_top(game, p, n, "cast_free")

    def exile_top(self, game: Game, p: int, n: int, until: str) -> None:
        """p exiles the top ``n`` cards of its library (fewer if it has fewer): a bare kernel's
        lowest library ids. The permission to play them until ``until`` is a duel's (a bare
        kernel plays no cards)."""
        for _ in range(n):
            card = top_of_library(game, p)
            if card is None:
                return
            game.move(card, "exile")

    def op_may_cast_from_graveyard(self, game: Game, op: Card) -> Request | None:
        """ "You may cast target … card from your graveyard this turn.": the game keeps the
        controller's permission for each selected graveyard card
        (``may_cast_from_graveyard``)."""
        for e in self.select(game, op["what"]):
            ent = _entity(game, e)
            if ent is not None and not _is_player(game, e) and not ent.gone:
                if ent.zone == "graveyard":
                    self.may_cast_from_graveyard(game, e, self.controller, op["flashback"])
        return None

    def may_cast_from_graveyard(self, game: Game, obj: int, player: int, flashback: bool) -> None:
        """``player`` may cast graveyard card ``obj`` this turn (with ``flashback``, exiled as
        it leaves the stack, 702.34a): a game that casts spells (a duel) keeps the permission;
        a bare kernel has none, and does nothing."""
