"""Counters (122) and proliferate (701.34)."""

from __future__ import annotations

from cardstate.reference.cards.objects import Card, Request, _live, _locked_in
from cardstate.reference.cards.state import ResolutionState
from cardstate.reference.game import Game


class CounterOps(ResolutionState):
    def op_put_counters(self, game: Game, op: Card) -> Request | None:
        """Puts counters on each selected entity (122.1, 122.6); an order choice of the
        replacement effects (616.1) stops it at an entity and it goes on from there."""
        if self.at == 0:
            self.op_n = self.amount(game, op["n"])
            self.op_ids = self.select(game, op["on"])
        counter = op["counter"]
        return self._each_in_turn(game, counter, 0, lambda e, n: game.add_counters(e, counter, n))

    def op_remove_counters(self, game: Game, op: Card) -> Request | None:
        """Removes up to that many counters from each selected entity (122.8)."""
        n = self.amount(game, op["n"])
        for e in self.select(game, op["of"]):
            if _live(game, e):
                game.remove_counters(e, op["counter"], n)
        return None

    def op_double_counters(self, game: Game, op: Card) -> Request | None:
        """Doubles the number of each kind of counter on each selected permanent (701.10e):
        as many of each kind as it has now, kind by kind in the order they were first put on
        it (122.6). Simplification: two or more replacement effects that apply do in the
        kernel's order, unasked (616.1)."""
        for e in _locked_in(game, self.select(game, op["who"])):
            for kind, n in list(game.counters(e).items()):
                if n > 0:
                    game.add_counters(e, kind, n)
        return None

    def op_proliferate(self, game: Game, op: Card) -> Request | None:
        """Proliferate (701.34): the controller chooses the candidates."""
        return ("proliferate", game.proliferate_candidates())
