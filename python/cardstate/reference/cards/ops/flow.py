"""The program's own flow: "may" (608.2d), tests and jumps, and the Python escape hatch."""

from __future__ import annotations

from cardstate.cards.errors import PythonEffectError
from cardstate.reference.cards.objects import Card, Request
from cardstate.reference.cards.state import JUMPED, ResolutionState
from cardstate.reference.game import Game


class FlowOps(ResolutionState):
    def op_may(self, game: Game, op: Card) -> Request | None:
        """ "You may …": a yes/no choice that sets the flag (608.2d)."""
        return ("may", 0)

    def op_test(self, game: Game, op: Card) -> Request | None:
        """Sets the flag to the condition as it stands now."""
        self.flag = self.condition(game, op["cond"])
        return None

    def op_jump_unless(self, game: Game, op: Card) -> object:
        """Jumps unless the flag is set."""
        if self.flag:
            return None
        self.pc = op["to"]
        return JUMPED

    def op_jump(self, game: Game, op: Card) -> object:
        self.pc = op["to"]
        return JUMPED

    def op_python(self, game: Game, op: Card) -> Request | None:
        """The escape hatch: the Python callable runs now if the caller answers callbacks."""
        if not self.callbacks:
            raise PythonEffectError(
                f"card {self.card['name']!r} has an effect written in Python: it runs only "
                "with callbacks (docs/CARDS.md)"
            )
        return ("callback", op["index"])
