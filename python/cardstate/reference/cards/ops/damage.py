"""Damage (120), its prevention (615) and regeneration (701.19)."""

from __future__ import annotations

from cardstate.reference.cards.objects import Card, Request, _entity, _is_permanent, _live
from cardstate.reference.cards.protection import prevents_damage
from cardstate.reference.cards.state import ResolutionState
from cardstate.reference.game import Game


class DamageOps(ResolutionState):
    def op_deal_damage(self, game: Game, op: Card) -> Request | None:
        """The source deals that much damage to each selected entity (120); an order choice
        (616.1) stops it at an entity as putting counters does."""
        if self.at == 0:
            self.op_n = self.amount(game, op["n"])
            self.op_src = self._damage_source(game, op)
            self.op_ids = self.select(game, op["to"])
        src = self.op_src
        return self._each_in_turn(game, None, src, lambda e, n: self._deal(game, src, e, n))

    def op_deal_damage_divided(self, game: Game, op: Card) -> Request | None:
        """The source deals the damage divided among the entities of target ``to`` (601.2d):
        each its share of the resolution's division, by position among them (none: the amount
        split as evenly as can be, the earlier entities taking the odd points); an illegal
        target's share is not dealt (608.2b)."""
        to = op["to"]
        if to.get("s") != "target":
            raise ValueError("damage divided among what isn't a target (601.2d)")
        at, count = self.spans[to["i"]]
        if self.at == 0:
            self.op_n = self.amount(game, op["n"])
            source = self._damage_source(game, op)
            d, total = self.division, self.op_n
            if d and (len(d) != count or 0 in d or sum(d) != total):
                raise ValueError(
                    f"a division of {total} damage among {count} target(s) gives each at "
                    f"least 1 and adds up to {total} (601.2d), got {d!r}"
                )
            self.op_src = source
            self.op_ids = self.select(game, to)
        src, total = self.op_src, self.op_n
        chosen = self.targets[at : at + count]

        def share(e: int) -> int:
            k = chosen.index(e)
            if self.division:
                return self.division[k]
            return total // count + (1 if k < total % count else 0)

        return self._each_in_turn(game, None, src, lambda e, n: self._deal(game, src, e, share(e)))

    def _damage_source(self, game: Game, op: Card) -> int:
        """The object a damage operation's ``source`` selects (120.1: damage has a source)."""
        sources = self.select(game, op["source"])
        if not sources:
            raise ValueError(
                f"{self.card['name']!r} deals damage but has no source object: give the "
                "resolution a source"
            )
        return sources[0]

    def _deal(self, game: Game, src: int, e: int, n: int) -> None:
        """``src`` deals ``n`` damage to ``e``, counting what is dealt to a creature beyond its
        lethal damage (120.10: its toughness less the damage marked on it; 1 from a source with
        deathtouch, 702.2c) as excess damage."""
        lethal = None
        if _is_permanent(game, e) and "creature" in _entity(game, e).types:
            lethal = max((game.toughness(e) or 0) - game.damage(e), 0)
            if lethal > 0 and game.has_keyword(src, "deathtouch"):
                lethal = 1
        dealt = self._damage(game, src, e, n)
        if lethal is not None:
            self.excess_damage += max(dealt - lethal, 0)

    def _damage(self, game: Game, src: int, e: int, n: int) -> int:
        """``src`` deals ``n`` noncombat damage to ``e`` (120.2) unless the recipient's
        protection from the source prevents it all (702.16e: the source's colours as the game
        reads them); the damage dealt."""
        if prevents_damage(game, src, self.colours(game, src), e, False):
            return 0
        return game.deal_damage(src, e, n)

    def op_fight(self, game: Game, op: Card) -> Request | None:
        """``a`` fights ``b`` (701.14a): each deals damage equal to its power to the other; no
        damage at all if either is no longer a creature on the battlefield (701.14b); one that
        fights itself is dealt damage twice (701.14c)."""
        a, b = self._fighter(game, op["a"]), self._fighter(game, op["b"])
        if a is None or b is None:
            return None
        pa, pb = _power(game, a), _power(game, b)  # read before either deals damage (701.14a)
        if pa > 0:
            self._damage(game, a, b, pa)
        if pb > 0:
            self._damage(game, b, a, pb)
        return None

    def op_bite(self, game: Game, op: Card) -> Request | None:
        """``source`` deals damage equal to its power to each of ``to`` (a one-sided fight,
        701.14): none if the source is no longer a creature on the battlefield."""
        src = self._fighter(game, op["source"])
        if src is None:
            return None
        n = _power(game, src)
        for e in self.select(game, op["to"]):
            if n > 0 and _live(game, e):
                self._damage(game, src, e, n)
        return None

    def _fighter(self, game: Game, s: Card) -> int | None:
        """The first creature on the battlefield that ``s`` selects (701.14b)."""
        for e in self.select(game, s):
            if _is_permanent(game, e) and "creature" in _entity(game, e).types:
                return e
        return None

    def op_prevent_damage(self, game: Game, op: Card) -> Request | None:
        """Prevents all (combat) damage that would be dealt this turn to what ``affects`` names
        (615.1a, until end of turn; "you" is the controller)."""
        game.add_replacement_effect(
            "prevent",
            affects=op["affects"],
            controller=self.controller,
            combat=op["combat"],
            until_end_of_turn=True,
        )
        return None

    def op_prevent_damage_to(self, game: Game, op: Card) -> Request | None:
        """Prevents all (combat) damage that would be dealt this turn to each selected object
        or player still there (615.1a)."""
        for e in self.select(game, op["to"]):
            if not _live(game, e):
                continue
            if op["combat"]:
                game.prevent_combat_damage(e)
            else:
                game.prevent_damage(e)
        return None

    def op_exile_instead_of_dying(self, game: Game, op: Card) -> Request | None:
        """ "If it would die this turn, exile it instead" (614.1a) on each selected permanent."""
        for e in self.select(game, op["what"]):
            if _is_permanent(game, e):
                game.exile_instead_of_dying(e)
        return None

    def op_regenerate(self, game: Game, op: Card) -> Request | None:
        """Regenerates each selected permanent (701.19)."""
        for e in self.select(game, op["what"]):
            if _is_permanent(game, e):
                game.regenerate(e)
        return None


def _power(game: Game, eid: int) -> int:
    """A creature's power as an amount of damage (208.1: below 0 deals none)."""
    return max(game.power(eid) or 0, 0)
