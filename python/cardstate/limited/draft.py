"""A booster draft: the state of the table and the picks, independent of who picks.

``seats`` players (8 by default) each open a booster at the start of each of ``rounds`` rounds
(3 by default). Every player picks one card of the booster in front of them, all at once; then
every booster passes to the next player: **left** in the first and third rounds (seat ``s`` to
seat ``s + 1``, the last seat to seat 0), **right** in the second (seat ``s`` to seat ``s - 1``).
A round ends when its boosters are empty, so a round has as many picks as a booster has cards
(14 for a play booster). Booster ``(round r, seat s)`` is ``booster(booster_seed(seed,
r * seats + s))``.

:class:`Draft` is the state machine (``choose(seat, card)`` for one seat; the picks resolve when
every seat has chosen); :func:`run_draft` plays a whole draft with drafters
(:mod:`cardstate.limited.bots`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardstate.limited.booster import booster, booster_seed, check_seed

__all__ = ["Draft", "DraftResult", "Pick", "run_draft"]


@dataclass(frozen=True)
class Pick:
    """One pick: in round ``round`` (from 0), pick ``pick`` (from 0 within the round), seat
    ``seat`` took ``card`` from ``booster`` (the booster as it was before the pick) — the booster
    it was passed is identified by ``opened_by`` (the seat that opened it)."""

    round: int
    pick: int
    seat: int
    card: str
    booster: tuple[str, ...]
    opened_by: int


@dataclass(frozen=True)
class DraftResult:
    """A finished draft: each seat's picks in order and the whole pick log."""

    seed: int
    seats: int
    picks: tuple[tuple[str, ...], ...]
    log: tuple[Pick, ...] = field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The draft as JSON-ready data."""
        return {
            "seed": self.seed,
            "seats": self.seats,
            "picks": [list(p) for p in self.picks],
        }


class Draft:
    """The draft table (see the module): ``booster_of(seat)``, ``choose(seat, card)``,
    ``done``."""

    def __init__(
        self,
        seats: int = 8,
        seed: int = 0,
        rounds: int = 3,
        *,
        make_booster: Callable[[int], list[str]] = booster,
    ) -> None:
        if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 64:
            raise ValueError(f"seats must be an int in 2..64, got {seats!r}")
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 16:
            raise ValueError(f"rounds must be an int in 1..16, got {rounds!r}")
        self.seed = check_seed(seed)
        self.seats = seats
        self.rounds = rounds
        self._make_booster = make_booster
        self.round = 0
        self.pick_number = 0
        """The pick within the round (from 0)."""
        self.picks: list[list[str]] = [[] for _ in range(seats)]
        self.log: list[Pick] = []
        self._chosen: list[int | None] = [None] * seats
        self._open_round()

    def _open_round(self) -> None:
        base = self.round * self.seats
        self._boosters = [
            self._make_booster(booster_seed(self.seed, base + s)) for s in range(self.seats)
        ]
        self._opened_by = list(range(self.seats))
        self.pick_number = 0

    @staticmethod
    def direction(round: int) -> int:
        """+1 (left) in the first and third rounds, -1 (right) in the second."""
        return -1 if round % 2 == 1 else 1

    @property
    def done(self) -> bool:
        """Whether every pick has been made."""
        return self.round >= self.rounds

    @property
    def overall_pick(self) -> int:
        """The pick number over the whole draft (from 0)."""
        return sum(len(p) for p in self.picks) // self.seats

    def booster_of(self, seat: int) -> list[str]:
        """The booster in front of ``seat`` now (a copy)."""
        self._check_seat(seat)
        return [] if self.done else list(self._boosters[seat])

    def has_chosen(self, seat: int) -> bool:
        """Whether ``seat`` has chosen its card of this pick."""
        self._check_seat(seat)
        return self._chosen[seat] is not None

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise ValueError(f"seat must be an int in 0..{self.seats - 1}, got {seat!r}")

    def choose(self, seat: int, card: int | str) -> None:
        """Seat ``seat`` picks ``card`` (an index into its booster or a card name of it). When
        every seat has chosen, the picks are taken and the boosters passed. ``ValueError`` (the
        draft unchanged) for a finished draft, a seat that has already chosen, or a card not in
        its booster."""
        self._check_seat(seat)
        if self.done:
            raise ValueError("the draft is over")
        if self._chosen[seat] is not None:
            raise ValueError(f"seat {seat} has already chosen this pick")
        pack = self._boosters[seat]
        if isinstance(card, str):
            if card not in pack:
                raise ValueError(f"{card!r} is not in seat {seat}'s booster")
            index = pack.index(card)
        elif isinstance(card, bool) or not isinstance(card, int):
            raise TypeError(f"card must be an index or a card name, not {type(card).__name__}")
        else:
            if not 0 <= card < len(pack):
                raise ValueError(f"card index {card} is not in 0..{len(pack) - 1}")
            index = card
        self._chosen[seat] = index
        if all(c is not None for c in self._chosen):
            self._resolve()

    def _resolve(self) -> None:
        for seat, index in enumerate(self._chosen):
            assert index is not None
            pack = self._boosters[seat]
            self.log.append(
                Pick(
                    self.round,
                    self.pick_number,
                    seat,
                    pack[index],
                    tuple(pack),
                    self._opened_by[seat],
                )
            )
            self.picks[seat].append(pack.pop(index))
        self._chosen = [None] * self.seats
        self.pick_number += 1
        # Pass: the booster in front of seat s goes to seat s + direction.
        d = self.direction(self.round)
        n = self.seats
        self._boosters = [self._boosters[(s - d) % n] for s in range(n)]
        self._opened_by = [self._opened_by[(s - d) % n] for s in range(n)]
        if not any(self._boosters):
            self.round += 1
            if not self.done:
                self._open_round()

    def result(self) -> DraftResult:
        """The draft's picks and log so far."""
        return DraftResult(
            self.seed, self.seats, tuple(tuple(p) for p in self.picks), tuple(self.log)
        )


def run_draft(
    drafters: Sequence[Any],
    seed: int = 0,
    *,
    rounds: int = 3,
    make_booster: Callable[[int], list[str]] = booster,
) -> DraftResult:
    """A whole draft, one seat per drafter (``len(drafters)`` seats): each drafter is a bot
    name (``"random"``, ``"rating"``), a drafter object with ``pick(booster, picks,
    pick_number) -> index or name`` or a function of the same arguments
    (:func:`cardstate.limited.bots.make_drafter`). Named bots get their seeds from ``(seed,
    seat)``."""
    from cardstate.limited.bots import make_drafter

    draft = Draft(len(drafters), seed, rounds, make_booster=make_booster)
    bots = [
        make_drafter(d, seed=booster_seed(draft.seed, 1_000_000 + s))
        for s, d in enumerate(drafters)
    ]
    while not draft.done:
        n = draft.overall_pick
        for seat, bot in enumerate(bots):
            draft.choose(seat, bot.pick(draft.booster_of(seat), tuple(draft.picks[seat]), n))
    return draft.result()
