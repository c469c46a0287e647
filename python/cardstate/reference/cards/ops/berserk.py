"""The Berserk property rules («Берсерк. Герои» 104.3–105.1, classic Berserk 108): strength and
lives that become X, healing, removing effects, control, types, eliteness and flying, and a
drawn card that costs less."""

from __future__ import annotations

from cardstate.reference.cards.objects import (
    Card,
    Request,
    _is_permanent,
    _is_player,
    top_of_library,
)
from cardstate.reference.cards.state import ResolutionState
from cardstate.reference.game import Game
from cardstate.vocabulary import INT64_MAX


def _becomes(n: int) -> int:
    """A value a property becomes, within the kernel's 64-bit argument."""
    if n > INT64_MAX:
        raise OverflowError(f"a property can't become {n} (at most 2**63 - 1)")
    return n


class BerserkOps(ResolutionState):
    def _permanents(self, game: Game, s: Card) -> list[int]:
        return [e for e in self.select(game, s) if _is_permanent(game, e)]

    def op_set_strength(self, game: Game, op: Card) -> Request | None:
        """The strength of each selected creature in play becomes that much (104.3.1)."""
        n = _becomes(self.amount(game, op["n"]))
        for e in self._permanents(game, op["who"]):
            if game.strength(e) is not None:
                game.set_strength(e, n)
        return None

    def op_set_lives(self, game: Game, op: Card) -> Request | None:
        """The lives of each selected card in play become that much (104.3.1): wounds removed,
        no wound placed or healed."""
        n = _becomes(self.amount(game, op["n"]))
        for e in self._permanents(game, op["who"]):
            if game.lives(e) is not None:
                game.set_lives(e, n)
        return None

    def op_heal(self, game: Game, op: Card) -> Request | None:
        """Heals each selected card in play by that much (wounds removed, ``healed``)."""
        n = self.amount(game, op["n"])
        for e in self._permanents(game, op["who"]):
            game.heal(e, n)
        return None

    def op_remove_effects(self, game: Game, op: Card) -> Request | None:
        """Removes every strength and life effect from each selected card in play."""
        for e in self._permanents(game, op["who"]):
            game.remove_effects(e)
        return None

    def op_gain_control(self, game: Game, op: Card) -> Request | None:
        """The controller takes control of each selected card in play (104.3.4)."""
        for e in self._permanents(game, op["what"]):
            game.set_controller(e, self.controller)
        return None

    def op_become_type(self, game: Game, op: Card) -> Request | None:
        """Each selected card in play becomes the types (classic 108.1–108.2)."""
        for e in self._permanents(game, op["what"]):
            game.set_types(e, op["types"], subtypes=op["subtypes"])
        return None

    def op_become_elite(self, game: Game, op: Card) -> Request | None:
        """Each selected card in play becomes elite or ordinary (classic 108.1)."""
        for e in self._permanents(game, op["what"]):
            game.set_elite(e, op["elite"])
        return None

    def op_set_flying(self, game: Game, op: Card) -> Request | None:
        """Each selected creature in play gains flying (its movement replaced, 108.1) or loses
        it (its movement back, 108.2)."""
        for e in self._permanents(game, op["what"]):
            if "creature" in game.types(e):
                if op["flying"]:
                    game.grant(e, "flying")
                else:
                    game.revoke(e, "flying")
        return None

    def op_draw_cheaper(self, game: Game, op: Card) -> Request | None:
        """Each selected player draws that many cards; each costs ``less`` less while it is in
        its owner's hand (a one-off cost modifier, 104.3)."""
        n = self.amount(game, op["n"])
        for p in self.select(game, op["who"]):
            if not _is_player(game, p):
                continue
            for _ in range(n):
                card = top_of_library(game, p)
                if card is None:
                    self.empty_draws.add(p)
                    break
                drawn = game.move(card, "hand")
                if op["less"] > 0:
                    game.add_cost_modifier(-op["less"], card=drawn)
        return None
