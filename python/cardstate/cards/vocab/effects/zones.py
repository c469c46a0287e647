"""Zone changes by effect (400.7: the moved card is a new object, with none of the old one's
counters, damage or effects)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardstate.cards.vocab.selectors import YOU, Amount, Selector


@dataclass(frozen=True)
class ReturnToHand:
    """Return each of ``what`` (a permanent, or a card in a graveyard) to its owner's hand
    (400.3). A token returned to a hand ceases to exist (704.5d)."""

    what: Selector


@dataclass(frozen=True)
class Exile:
    """Exile each of ``what`` (a permanent, or a card in a graveyard: 701.13).
    ``until_this_leaves``: "exile target … until this permanent leaves the battlefield" (610.3):
    permanents only; nothing is exiled if this permanent has already left the battlefield as it
    resolves (610.3c); the duels return each card exiled to the battlefield under its owner's
    control once this permanent has left it (610.3a; a bare ``Game`` keeps it in exile)."""

    what: Selector
    until_this_leaves: bool = False


@dataclass(frozen=True)
class ReturnToBattlefield:
    """Return each of ``what`` (a card in a graveyard or in exile) to the battlefield under its
    owner's control; it enters as a permanent does (enters tapped, static abilities, "enters with"
    counters; its "when this enters" abilities trigger); ``tapped``: "… to the battlefield
    tapped". ``counters``: ``(kind, n)``, "with two +1/+1 counters on it" (put on it as it
    enters, 614.1c); ``gains`` and ``is_also``: "It has flying and is an Angel in addition to
    its other types" — keywords (layer 6, 613.1f) and subtypes (layer 4, 613.1d) the resolving
    effect gives the permanent it becomes, for as long as it stays on the battlefield
    (611.2c). ``under_your_control``: "… onto the battlefield under your control" (110.2): it
    enters under the control of the effect's controller, whoever owns it (a plain return
    only: no ``tapped``, counters, keywords or subtypes)."""

    what: Selector
    tapped: bool = False
    counters: tuple[str, int] | None = None
    gains: tuple[str, ...] = ()
    is_also: tuple[str, ...] = ()
    under_your_control: bool = False


@dataclass(frozen=True)
class ReturnWithFewerCounters:
    """ "Return it to the battlefield with one fewer ``kind`` counter on it": each of ``what``
    (a card in a graveyard or in exile) enters under its owner's control with the ``kind``
    counters the object it was had as it last existed on the battlefield (608.2h), less
    ``fewer`` (none below zero), put on it as it enters (614.1c); otherwise as
    :class:`ReturnToBattlefield`."""

    what: Selector
    kind: str
    fewer: int = 1


@dataclass(frozen=True)
class ExileTopMayPlay:
    """Impulse draw: each of ``who`` exiles the top ``n`` cards of its library; it may play
    them (305.1, 601.2: land drop and timing as from the hand, costs paid) until ``until``:
    ``"end_of_turn"`` ("Until end of turn, you may play that card") or ``"end_of_next_turn"``
    ("You may play it until the end of your next turn": that player's next turn). Only a duel
    keeps the permission; a bare ``Game`` just exiles them."""

    n: Amount = 1
    until: Literal["end_of_turn", "end_of_next_turn"] = "end_of_turn"
    who: Selector = YOU


@dataclass(frozen=True)
class ExileTopCastFree:
    """ "Exile the top card of each player's library, then you may cast any number of spells
    from among those cards without paying their mana costs." (Etali, Primal Storm; 601.2,
    118.9): each of ``who`` exiles the top card of its library; in the duels the ability's
    controller then, card by card in the order exiled, may cast each spell among them (a
    ``yes_no`` decision, asked only for a card it could cast: not a land, its targets
    possible) without paying its mana cost, whoever owns it. A bare ``Game`` just exiles them."""

    who: Selector = YOU


@dataclass(frozen=True)
class ExileTopChooseOne:
    """ "Exile the top ``n`` cards of your library. Choose one of them. Until ``until``, you may
    play that card.": the controller chooses one of the top ``n`` cards of its library through
    a ``"search"`` request that must find one; the others are exiled, then the card chosen is,
    and only that one may be played, as :class:`ExileTopMayPlay`'s (a duel keeps the
    permission; a bare ``Game`` just exiles them)."""

    n: Amount = 2
    until: Literal["end_of_turn", "end_of_next_turn"] = "end_of_turn"


@dataclass(frozen=True)
class PutOnLibraryBottom:
    """Put each of ``what`` (a permanent, or a card in a graveyard) on the bottom of its owner's
    library (401.4: "Put target attacking creature on the bottom of its owner's library"); the
    owner knows it there. A token put into a library ceases to exist (704.5d)."""

    what: Selector


@dataclass(frozen=True)
class PutOnTopOrBottom:
    """ "Target creature's owner puts it on their choice of the top or bottom of their library"
    (401.4): the first of ``what`` (a permanent, or a card in a graveyard) goes into its owner's
    library, on top or on the bottom as that player chooses (a yes/no decision of the owner in
    the duels; a bare ``Game``'s library, in id order, has it at the bottom either way). A token
    put into a library ceases to exist (704.5d)."""

    what: Selector


@dataclass(frozen=True)
class MayCastFromGraveyardThisTurn:
    """ "You may cast target Zombie creature card from your graveyard this turn." (Zul Ashur,
    Lich Lord): the controller of this ability may cast each of ``what`` (a card in its
    graveyard) this turn, paying its costs, at the time its type allows (601.2, 307.1); the
    permission ends as the turn does or as the card leaves the graveyard (400.7). The duels keep
    it; a bare ``Game`` has no casting and does nothing."""

    what: Selector


@dataclass(frozen=True)
class GainsFlashbackUntilEndOfTurn:
    """ "Target instant or sorcery card in your graveyard gains flashback until end of turn. The
    flashback cost is equal to that card's mana cost." (Sphinx of Forgotten Lore, 702.34a):
    the controller of this ability may cast each of ``what`` (a card in its graveyard) this
    turn for its mana cost, at the time its type allows (307.1), and it is exiled as it leaves
    the stack. The duels keep it; a bare ``Game`` has no casting and does nothing."""

    what: Selector
