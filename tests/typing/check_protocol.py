"""Type-checked, not run: both implementations satisfy the kernel's Protocol, and the card
helpers accept either (``make typecheck`` runs mypy --strict on this file)."""

from __future__ import annotations

import cardstate
import cardstate.reference
from cardstate.cards.energy import EnergyGame, OptionalEnergyPayment, may_pay_energy
from cardstate.protocol import EventLike, KernelGame

native: cardstate.KernelGame = cardstate.Game()
reference: KernelGame = cardstate.reference.Game()
events: list[EventLike] = [*native.take_events(), *reference.take_events()]


def poison(game: KernelGame) -> int:
    return sum(game.count(p, "poison") for p in game.players)


total: int = poison(cardstate.Game()) + poison(cardstate.reference.Game())
paid: bool = may_pay_energy(cardstate.Game(), 0, 1, True)
paid = may_pay_energy(cardstate.reference.Game(), 0, 1, lambda player, amount: amount < 3)
offer = OptionalEnergyPayment(cardstate.Game(), 0, 2)
energy_games: list[EnergyGame] = [native, reference, cardstate.Game()]
