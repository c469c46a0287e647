"""Damage (120), its prevention (615) and regeneration (701.19)."""

from __future__ import annotations

from cardstate.reference.cards.objects import Card, Request, _is_permanent
from cardstate.reference.cards.state import ResolutionState
from cardstate.reference.game import Game


class DamageOps(ResolutionState):
    def op_deal_damage(self, game: Game, op: Card) -> Request | None:
        """The source deals that much damage to each selected entity (120); an order choice
        (616.1) stops it at an entity as putting counters does."""
        if self.at == 0:
            self.op_n = self.amount(game, op["n"])
            sources = self.select(game, op["source"])
            if not sources:
                raise ValueError(
                    f"{self.card['name']!r} deals damage but has no source object: give the "
                    "resolution a source"
                )
            self.op_src = sources[0]
            self.op_ids = self.select(game, op["to"])
        src = self.op_src
        return self._each_in_turn(game, None, src, lambda e, n: game.deal_damage(src, e, n))

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

    def op_regenerate(self, game: Game, op: Card) -> Request | None:
        """Regenerates each selected permanent (701.19)."""
        for e in self.select(game, op["what"]):
            if _is_permanent(game, e):
                game.regenerate(e)
        return None
