"""The program's own flow: "may" (608.2d), tests and jumps, and the Python escape hatch."""

from __future__ import annotations

from cardstate.cards.errors import PythonEffectError
from cardstate.reference.cards.objects import Card, Request, _entity, _is_permanent, _is_player
from cardstate.reference.cards.state import JUMPED, ResolutionState
from cardstate.reference.game import Game

NO_ID = 0xFFFF_FFFF
"""No object: the source of a delayed ability a spell created (the kernel's ``NO_ID``)."""


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

    def op_delay(self, game: Game, op: Card) -> Request | None:
        """ "… at the beginning of the next end step" (603.7a): the card's delayed ability
        ``op["ability"]``, about each selected object — the object it became if this effect
        moved it (400.7: "that card" is the new object, found once) — for the game to keep
        (``delay``). Its source and controller are this resolution's (603.7d)."""
        source = NO_ID if self.source is None else self.source
        for e in self.select(game, op["of"]):
            ent = _entity(game, e)
            if ent is None:
                continue
            if op.get("when_dies"):
                # 613.1f: until end of turn it has "When this creature dies, …".
                if _is_permanent(game, e):
                    self.gains_dies_trigger(game, (e, 0, self.card["name"], op["ability"], e))
                continue
            gone = getattr(ent, "gone", False) and ent.new_id is not None
            obj = ent.new_id if gone else e
            self.delay(game, (source, self.controller, self.card["name"], op["ability"], obj))
        return None

    def op_reflexive(self, game: Game, op: Card) -> Request | None:
        """ "When you do, …" (603.12): the card's reflexive ability ``op["ability"]`` triggers
        now, of this resolution's source and controller, for the game to put on the stack
        (``reflexive``)."""
        source = NO_ID if self.source is None else self.source
        self.reflexive(game, (source, self.controller, self.card["name"], op["ability"], source))
        return None

    def gains_dies_trigger(self, game: Game, fired: tuple[int, int, str, int, int]) -> None:
        """Until end of turn, the permanent ``fired[0]`` has "When this creature dies, …": a game
        that collects triggered abilities keeps it (a duel); a bare kernel drops it."""

    def exile_until_leaves(self, game: Game, source: int, obj: int) -> None:
        """``obj`` was exiled until ``source`` leaves the battlefield (610.3): a game that
        returns it keeps the link (a duel); a bare kernel keeps none, and it stays in exile."""

    def reflexive(self, game: Game, fired: tuple[int, int, str, int, int]) -> None:
        """A reflexive triggered ability triggers: a game with a stack puts it there (a duel);
        a bare kernel has none, and drops it."""

    def delay(self, game: Game, fired: tuple[int, int, str, int, int]) -> None:
        """Keeps a delayed triggered ability until the beginning of the next end step: a game
        with steps does (a duel); a bare kernel has none, and drops it."""

    def op_extra_turn(self, game: Game, op: Card) -> Request | None:
        """ "Take an extra turn after this one." (500.7): each selected player takes one, for
        the game to keep (``extra_turn``)."""
        for p in self.select(game, op["who"]):
            if _is_player(game, p):
                self.extra_turn(p)
        return None

    def extra_turn(self, player: int) -> None:
        """Keeps an extra turn (500.7): a game with turns does (a duel); a bare kernel has
        none, and drops it."""

    def op_end_the_turn(self, game: Game, op: Card) -> Request | None:
        """ "End the turn." (723.1): for the game to do as the resolution ends
        (``end_the_turn``)."""
        self.end_the_turn()
        return None

    def end_the_turn(self) -> None:
        """Ends the turn as the resolution ends (723.1): a game with turns does (a duel); a
        bare kernel has none, and does nothing."""

    def op_python(self, game: Game, op: Card) -> Request | None:
        """The escape hatch: the Python callable runs now if the caller answers callbacks."""
        if not self.callbacks:
            raise PythonEffectError(
                f"card {self.card['name']!r} has an effect written in Python: it runs only "
                "with callbacks (docs/CARDS.md)"
            )
        return ("callback", op["index"])
