"""The library's operations: milling (701.17), searching (701.23) and shuffling (701.24),
scrying (701.22), surveilling (701.25), looking at the top cards and choosing one (401.4),
separating them into piles (700.3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardstate.cards.vocab.selectors import YOU, Amount, Selector


@dataclass(frozen=True)
class Mill:
    """Each of ``who`` mills ``n`` cards (701.17a): the top ``n`` cards of its library go to
    its graveyard, all of them if it has fewer (701.17b)."""

    who: Selector = YOU
    n: Amount = 1


@dataclass(frozen=True)
class Surveil:
    """ "Surveil ``n``" (701.25a): the controller looks at the top ``n`` cards of its library and
    puts any number of them into its graveyard, the rest back on top (in their order: the duels
    don't ask for it, docs/DUEL.md)."""

    n: Amount = 1


@dataclass(frozen=True)
class Scry:
    """ "Scry ``n``" (701.22a): the controller looks at the top ``n`` cards of its library and
    puts any number of them on the bottom in an order of its choice, the rest back on top (in
    their order: the duels don't ask for it, docs/DUEL.md)."""

    n: Amount = 1


@dataclass(frozen=True)
class Search:
    """ "Search your library for a <``supertypes``> <``types``> card, put it ``to`` your hand
    (or onto the battlefield, ``tapped`` if it says so), then shuffle" (701.23a, 701.24a): the
    controller chooses the card among those of its library with any of ``types`` (none: any
    type), every one of ``supertypes`` and, given, the mana value ``mana_value`` ("an instant
    or sorcery card with mana value 1") or a mana value of at most ``mana_value_at_most`` (an
    amount counted as it resolves: "a creature card with mana value X or less"); with ``n`` > 1,
    "search for up to ``n``" such cards, chosen one at a time. A search for a card with a
    stated quality may find nothing (701.23b); the library is shuffled whether or not a card
    was found. A card put onto the battlefield enters as a permanent does.
    ``to="library_top"``: "… then shuffle and put that card on top" (one card; the duels move
    it there after the shuffle, a bare ``Game``'s library, in id order, keeps it where it
    was)."""

    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    to: Literal["hand", "battlefield", "library_top"] = "hand"
    tapped: bool = False
    n: int = 1
    mana_value: int | None = None
    mana_value_at_most: Amount | None = None


@dataclass(frozen=True)
class LookAtTop:
    """ "Look at the top ``n`` cards of your library. You may put one of those cards [a card
    with the quality] ``to`` …. Put the rest ``rest``." (401.4): the controller chooses up to
    one of the cards looked at with any of ``types`` (none: any type), a power of at most
    ``power_at_most`` and a mana value of at most ``mana_value_at_most`` (an amount counted as
    it resolves: "less than or equal to the number of lands you control"), if given; it goes
    ``to`` its hand, onto the battlefield or back on top of its library (``"library_top"``);
    the others go ``rest``: its graveyard or the bottom of its library in a random order
    (``"library_bottom"``). The choice is a search request of the cards that may be chosen
    (the duels' ``choose_card`` decision), which may find nothing. ``any_number``: "you may put
    any number of …", the request asked again of the cards left after each card chosen, which
    goes ``to`` its place at once (simplification: one at a time, not all at once)."""

    n: Amount
    to: Literal["hand", "battlefield", "library_top"] = "hand"
    rest: Literal["graveyard", "library_bottom"] = "library_bottom"
    types: tuple[str, ...] = ()
    power_at_most: int | None = None
    mana_value_at_most: Amount | None = None
    any_number: bool = False


@dataclass(frozen=True)
class SeparateIntoPiles:
    """ "Look at the top ``n`` cards of your library and separate them into a face-down pile and
    a face-up pile. An opponent chooses one of those piles. Put that pile into your hand and
    the other into your graveyard." (700.3): the controller's ``"piles"`` request (the cards of
    the face-up pile; at most 30 cards are separated), then an opponent's ``"choose_pile"``
    request (the face-up pile's cards and the face-down pile's size: True for the face-up
    pile)."""

    n: Amount = 5


@dataclass(frozen=True)
class RevealUntil:
    """ "Reveal cards from the top of your library until you reveal a <``types``> card. Put that
    card into your hand and the rest on the bottom of your library in a random order."
    (701.20a): with no card of those types in the library, every card revealed goes on the
    bottom (the duels' random numbers; a bare ``Game``'s library keeps its id order)."""

    types: tuple[str, ...] = ("creature",)


@dataclass(frozen=True)
class ReturnFromGraveyard:
    """ "Return an instant or sorcery card from your graveyard to your hand" (not targeted:
    chosen as it resolves, 608.2): the controller chooses one of the cards of its graveyard
    with any of ``types`` through a ``"search"`` request that must find one (the duels name
    the cards by card, equal cards alike; none asked without one); it returns to its hand."""

    types: tuple[str, ...] = ("instant", "sorcery")


@dataclass(frozen=True)
class MillWhileSharingColour:
    """ "Target opponent mills two cards. If two nonland cards that share a color were milled
    this way, repeat this process." (701.17a, 105.2: a card's colours are those of its mana
    cost's symbols): each of ``who`` mills two, again while both are nonland cards sharing a
    colour."""

    who: Selector = YOU


@dataclass(frozen=True)
class RevealUntilIntoGraveyard:
    """ "Each opponent reveals cards from the top of their library until they reveal a land
    card, then puts those cards into their graveyard." (701.20a): each of ``who`` reveals
    cards from the top of its library until it reveals a card with any of ``types``, then puts
    every card revealed, that one included, into its graveyard; with no such card, its whole
    library."""

    who: Selector = YOU
    types: tuple[str, ...] = ("land",)
