"""Life (119), energy (107.14) and mana added to a mana pool (106.4)."""

from __future__ import annotations

from cardstate.reference.cards.objects import Card, Request, _is_player
from cardstate.reference.cards.state import ResolutionState
from cardstate.reference.game import Game


class LifeOps(ResolutionState):
    def op_gain_life(self, game: Game, op: Card) -> Request | None:
        """Each selected player gains that much life (119.10)."""
        n = self.amount(game, op["n"])
        for p in self.select(game, op["who"]):
            if _is_player(game, p):
                game.gain_life(p, n)
        return None

    def op_lose_life(self, game: Game, op: Card) -> Request | None:
        """Each selected player loses that much life (119.3); the life lost is counted for
        "the life lost this way"."""
        n = self.amount(game, op["n"])
        for p in self.select(game, op["who"]):
            if _is_player(game, p):
                self.lose_life(game, p, n)
        return None

    def lose_life(self, game: Game, p: int, n: int) -> None:
        """p loses n life (119.3), counted for "the life lost this way"."""
        before = game.life(p)
        game.lose_life(p, n)
        self.life_lost += max(before - game.life(p), 0)

    def op_get_energy(self, game: Game, op: Card) -> Request | None:
        """Each selected player gets that many {E} (107.14)."""
        n = self.amount(game, op["n"])
        for p in self.select(game, op["who"]):
            if n > 0 and _is_player(game, p):
                game.add_counters(p, "energy", n)
        return None

    def op_add_mana(self, game: Game, op: Card) -> Request | None:
        """Each selected player adds the mana (a count per colour, WUBRG) that many times to
        its mana pool (106.4), as ``add_mana`` does it."""
        n = self.amount(game, op["n"])
        for p in self.select(game, op["who"]):
            if n > 0 and _is_player(game, p):
                self.add_mana(game, p, [k * n for k in op["mana"]])
        return None

    def add_mana(self, game: Game, p: int, mana: list[int]) -> None:
        """p adds ``mana`` to its mana pool: a game with a mana pool keeps it (a duel); a bare
        kernel has none (it pays no costs), and the mana is gone."""

    def op_may_pay_energy(self, game: Game, op: Card) -> Request | None:
        """ "You may pay {E}×n": one optional payment, not offered to a player who has less."""
        if game.count(self.controller, "energy") < op["n"]:
            self.flag = False
            return None
        return ("may", op["n"])

    def op_pay_any_energy(self, game: Game, op: Card) -> Request | None:
        """ "Pay any amount of {E}": an amount from 0 to what the controller has."""
        most = game.count(self.controller, "energy")
        if most == 0:
            self.that_much = 0
            return None
        return ("amount", 0, most)
