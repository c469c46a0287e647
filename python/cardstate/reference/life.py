"""Life totals (CR 119; docs/SEMANTICS.md §3): reading, gaining and losing life, through the
"can't" effects on life (Sulfuric Vortex, Platinum Emperion)."""

from __future__ import annotations

from . import checks
from .events import Event
from .replacement import ReplacementRules


class LifeRules(ReplacementRules):
    """119: life totals."""

    def life(self, p: int) -> int:
        """The life total of player ``p``."""
        return self._player(checks.ident(p)).life

    def gain_life(self, p: int, n: int) -> None:
        """Player ``p`` gains ``n`` life (event ``life_gained``)."""
        pid = checks.ident(p)
        amount = checks.amount(n)
        player = self._player(pid)
        if amount == 0 or not self._life_may_change(player, gain=True):
            return
        self._change_life(player, amount)
        self._emit(Event("life_gained", target=player.id, amount=amount))

    def lose_life(self, p: int, n: int) -> None:
        """Player ``p`` loses ``n`` life (event ``life_lost``)."""
        pid = checks.ident(p)
        amount = checks.amount(n)
        player = self._player(pid)
        if amount == 0 or not self._life_may_change(player, gain=False):
            return
        self._change_life(player, -amount)
        self._emit(Event("life_lost", target=player.id, amount=amount))
