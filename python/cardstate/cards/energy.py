"""Energy payments of card effects (energy rulings, CR 107.14).

CR 107.14: "The energy symbol is {E}. It represents one energy counter. To pay {E}, a player
removes one energy counter from themselves." energy rulings (2024 rulings) adds: you can't pay more
energy than you have, and "Some triggered abilities say you 'may pay' an amount of {E}. You can't
pay that amount multiple times to multiply the effect. As the ability resolves, you simply choose
whether to pay that amount of {E}." When the effect follows "If you do", no player can act
between the choice and the effect.

:class:`OptionalEnergyPayment` is one such offer for one resolution: it is decided at most once
(paid or declined), a second payment is refused with :class:`PaymentAlreadyDecided` (a
:class:`cardstate.CannotPay`), and a payment is all-or-nothing. :func:`may_pay_energy` is the
one-call form for an ability's resolution. Both work with any ``Game`` with the public API
(``cardstate.Game`` and ``cardstate.reference.Game``): they use ``players``, ``count`` and
``pay_energy`` only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from cardstate.errors import CannotPay

__all__ = [
    "ENERGY",
    "EnergyDecision",
    "EnergyGame",
    "OptionalEnergyPayment",
    "PaymentAlreadyDecided",
    "may_pay_energy",
]

ENERGY = "energy"
"""The counter kind of {E}."""

EnergyDecision = bool | Callable[[int, int], bool]
"""A player's choice: a fixed answer, or ``decide(player, amount) -> bool`` asked once."""


class EnergyGame(Protocol):
    """What the energy helpers need from a game: a part of :class:`cardstate.protocol.KernelGame`
    (both implementations have it). Parameters are positional-only, as the helpers pass them,
    so any implementation's parameter names fit."""

    @property
    def players(self) -> list[int]:
        """The player ids."""
        ...

    def count(self, e: int, kind: str, /) -> int:
        """How many counters of ``kind`` ``e`` has."""
        ...

    def pay_energy(self, p: int, n: int, /) -> None:
        """Remove ``n`` energy counters from player ``p``, all or nothing."""
        ...


class PaymentAlreadyDecided(CannotPay):
    """The optional {E} payment of this resolution was already paid or declined.

    energy rulings: "You can't pay that amount multiple times to multiply the effect." Nothing
    changed.
    """


class OptionalEnergyPayment:
    """ "You may pay {E}×``amount``": one optional payment for one resolution of an ability.

    Create one per resolution. :meth:`pay` removes ``amount`` energy counters from ``player``
    (all or nothing: :class:`cardstate.CannotPay` and nothing changed if the player has fewer);
    :meth:`decline` chooses not to pay. Either decides the offer for good: any further
    :meth:`pay` (or :meth:`decline`, or :meth:`resolve`) raises :class:`PaymentAlreadyDecided`
    and changes nothing, so the effect can't be multiplied by paying again.
    """

    __slots__ = ("_amount", "_game", "_paid", "_player")

    def __init__(self, game: EnergyGame, player: int, amount: int) -> None:
        """``amount`` is the number of {E} symbols (an int ≥ 1); ``player`` must be a player
        (unknown id → ``KeyError``, an object → ``ValueError``)."""
        if not isinstance(amount, int):
            raise TypeError(f"energy amount must be an int, not {type(amount).__name__}")
        if amount < 1:
            raise ValueError(f"a 'may pay {{E}}' offer needs at least one {{E}}, got {amount}")
        game.count(player, ENERGY)  # KeyError naming an unknown id
        if player not in game.players:
            raise ValueError(f"{player} is not a player: only players have energy (CR 107.14)")
        self._game = game
        self._player = player
        self._amount = amount
        self._paid: bool | None = None

    @property
    def game(self) -> EnergyGame:
        """The game the payment is made in."""
        return self._game

    @property
    def player(self) -> int:
        """The player who may pay."""
        return self._player

    @property
    def amount(self) -> int:
        """How many {E} the offer costs."""
        return self._amount

    @property
    def decided(self) -> bool:
        """Whether the player already paid or declined."""
        return self._paid is not None

    @property
    def paid(self) -> bool:
        """Whether the player paid (False while undecided or after declining)."""
        return self._paid is True

    def can_pay(self) -> bool:
        """Whether :meth:`pay` would succeed now: undecided and enough energy."""
        return not self.decided and self._game.count(self._player, ENERGY) >= self._amount

    def _check_open(self) -> None:
        if self._paid is not None:
            what = "paid" if self._paid else "declined"
            raise PaymentAlreadyDecided(
                f"player {self._player} already {what} this optional {{E}}x{self._amount} "
                "payment: it is one payment per resolution and can't be paid again to multiply "
                "the effect (energy rulings)"
            )

    def pay(self) -> None:
        """Pay the {E}: remove ``amount`` energy counters from the player, once.

        Raises :class:`PaymentAlreadyDecided` if already paid or declined, and
        :class:`cardstate.CannotPay` if the player has fewer than ``amount`` energy (the offer
        stays open: the player may still decline). Either way nothing changes.
        """
        self._check_open()
        have = self._game.count(self._player, ENERGY)
        if have < self._amount:
            raise CannotPay(
                f"player {self._player} has {have} energy and can't pay {{E}}x{self._amount}: "
                "you can't pay more energy than you have (energy rulings)"
            )
        self._game.pay_energy(self._player, self._amount)
        self._paid = True

    def decline(self) -> None:
        """Choose not to pay (:class:`PaymentAlreadyDecided` if already decided)."""
        self._check_open()
        self._paid = False

    def resolve(self, decide: EnergyDecision) -> bool:
        """Make the choice as the ability resolves; returns whether the player paid.

        If the player can't pay (too little energy) the offer is declined without asking.
        Otherwise ``decide`` (a bool, or ``decide(player, amount) -> bool``) is asked once and
        its answer paid or declined.
        """
        self._check_open()
        if self._game.count(self._player, ENERGY) < self._amount:
            self._paid = False
            return False
        answer = decide(self._player, self._amount) if callable(decide) else decide
        if answer:
            self.pay()
        else:
            self.decline()
        return self.paid

    def __repr__(self) -> str:
        state = "undecided" if self._paid is None else ("paid" if self._paid else "declined")
        return f"OptionalEnergyPayment(player={self._player}, amount={self._amount}, {state})"


def may_pay_energy(
    game: EnergyGame,
    player: int,
    amount: int,
    decide: EnergyDecision,
    then: Callable[[], Any] | None = None,
) -> bool:
    """ "You may pay {E}×``amount``. If you do, ``then``": one optional payment, resolved now.

    Asks ``decide`` once (not at all if the player has too little energy), pays all-or-nothing
    and, if paid, runs ``then()`` once right away (no player can act in between, energy rulings).
    Returns whether the player paid. For a payment an agent drives step by step, use
    :class:`OptionalEnergyPayment`.
    """
    payment = OptionalEnergyPayment(game, player, amount)
    if payment.resolve(decide):
        if then is not None:
            then()
        return True
    return False
