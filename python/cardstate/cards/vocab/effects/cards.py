"""Drawing (121), discarding (701.9), tokens (111), emblems (114) and tokens that copy a
permanent (707.2), countering spells (701.6, 118.12) and copying them (707.10)."""

from __future__ import annotations

from dataclasses import dataclass

from cardstate.cards.vocab.selectors import (
    YOU,
    Amount,
    Filter,
    Selector,
)


@dataclass(frozen=True)
class Draw:
    """Each of ``who`` draws ``n`` cards (the top of a library is its lowest id)."""

    who: Selector = YOU
    n: Amount = 1


@dataclass(frozen=True)
class Discard:
    """Each of ``who`` discards ``n`` cards of its choice (701.9a-b: the discarding player
    chooses; with ``n`` or fewer cards in hand it discards them all). "Draw a card, then
    discard a card": ``Seq(Draw(YOU, 1), Discard(YOU, 1))``."""

    who: Selector = YOU
    n: Amount = 1


@dataclass(frozen=True)
class Sacrifice:
    """Each of ``who`` sacrifices ``n`` permanents it controls that match ``what``, of its
    choice (701.21a; with ``n`` or fewer such permanents it sacrifices them all); ``what`` may
    be :data:`~cardstate.cards.vocab.TRIGGERING` in a delayed ability: the object it refers to
    ("sacrifice this token").
    :data:`PERMANENTS_SACRIFICED` counts them ("If you do", 608.2c)."""

    what: Filter | Selector
    who: Selector = YOU
    n: Amount = 1


@dataclass(frozen=True)
class CreateToken:
    """Create ``n`` tokens that are copies of the characteristics of pool card ``card``,
    controlled by ``who`` (default: you); ``tapped``: "create a tapped … token" (they enter the
    battlefield tapped, 110.5b)."""

    card: str
    n: Amount = 1
    who: Selector = YOU
    tapped: bool = False


@dataclass(frozen=True)
class CreateEmblem:
    """ "You get an emblem with …" (114.1, 114.2): the controller gets an emblem, an object of
    pool card ``card`` in the command zone, owned and controlled by it, which nothing can
    affect and which stays for the rest of the game; its abilities function there (114.4):
    its ``Static`` abilities apply from the moment it is created (kernel continuous effects
    whose "you" is that player, with no source), its ``Triggered`` abilities trigger from the
    command zone. The emblem's card has no types and only such abilities."""

    card: str


@dataclass(frozen=True)
class CounterSpell:
    """Counter each spell of ``what`` (701.6): it goes to its owner's graveyard."""

    what: Selector


@dataclass(frozen=True)
class CounterUnlessPays:
    """ "Counter ``what`` unless its controller pays ``mana`` [and ``life`` life]" (701.6a,
    118.12): each selected spell's controller chooses whether to pay (only a player who can
    pay is asked in the duels: the mana from its untapped sources, the life with at least that
    much, 119.4); not paid, the spell goes to its owner's graveyard. Ward's effect (702.21a):
    ``CounterUnlessPays(TRIGGERING, "{2}")``, ``CounterUnlessPays(TRIGGERING, life=7)``."""

    what: Selector
    mana: str | None = None
    life: int = 0


@dataclass(frozen=True)
class MayPayToCopy:
    """ "Then that player or that permanent's controller may pay ``mana``. If the player does,
    they may copy this spell and may choose a new target for that copy." (Chain Lightning;
    707.10, 707.10c): the player ``of`` selects (a player, or a permanent's controller, last
    known information) chooses whether to pay (asked only if it can, as
    :class:`CounterUnlessPays`); paid, a copy of the resolving spell is put on the stack under
    its control, its target chosen anew by that player as the copy is put there."""

    mana: str
    of: Selector


@dataclass(frozen=True)
class CopySpell:
    """ "Copy it for each other instant and sorcery spell you've cast before it this turn. You
    may choose new targets for the copies." (Thousand-Year Storm; 707.10, 707.10c): ``n``
    copies of the spell ``of`` selects (``TRIGGERING`` in a "whenever you cast" ability: the
    spell cast; as it last existed, if it left the stack) are put on the stack under this
    ability's controller, each with its targets chosen anew by that player. A copy isn't cast
    (707.10); an instant's or sorcery's only: a permanent spell isn't copied."""

    of: Selector
    n: Amount = 1


@dataclass(frozen=True)
class CreateTokenCopy:
    """ "Create a token that's a copy of ``of``" (707.2, 111.1): for each object ``of``
    selects (as it last existed, if it left), each of ``who`` creates a token of its card: the
    copiable values are the printed card's, not its counters, damage or the effects on it.
    "… except it has haste and 'At the beginning of the end step, sacrifice this token.'"
    (Electroduplicate, 707.9b): ``haste`` and ``sacrificed_at_end_step`` — simplification: haste
    until end of turn and a delayed triggered ability that sacrifices it at the beginning of the
    next end step (603.7a), the same for a token made before this turn's end step."""

    of: Selector
    who: Selector = YOU
    haste: bool = False
    sacrificed_at_end_step: bool = False


@dataclass(frozen=True)
class CreateTokenCopyExilingOthers:
    """ "Create a token that's a copy of it, except it's a Nightmare in addition to its other
    types. Then exile all other Nightmare tokens you control." (Abyssal Harvester; 707.2,
    707.9a): for each object ``of`` selects (as it last existed, if it left) the controller
    creates a token of its card that is a ``subtype`` too (layer 4, 613.1d); then every other
    token the controller controls with that subtype is exiled (701.13)."""

    of: Selector
    subtype: str = "Nightmare"


@dataclass(frozen=True)
class EndTheTurn:
    """ "End the turn." (723.1, Time Stop): every object on the stack is exiled (the spell
    too; abilities cease to exist), creatures are removed from combat and the turn skips to
    its cleanup step, as the resolution ends. Only a spell's whole effect
    (``Spell(EndTheTurn())``: a compile error elsewhere); the duels end the turn, a bare
    ``Game`` has no turns and does nothing."""


@dataclass(frozen=True)
class ExtraTurn:
    """ "Take an extra turn after this one." (500.7): each player ``who`` selects takes an
    extra turn directly after this one (the most recently created first); the duels keep it,
    a bare ``Game`` has no turns."""

    who: Selector = YOU


@dataclass(frozen=True)
class RevealHandChooseDiscard:
    """ "Target opponent reveals their hand. You choose a nonland card from it. That player
    discards that card." (701.20a, 701.9b; Pilfer): each of ``who`` reveals its hand and the
    controller chooses one of its cards with none of ``not_types`` through a ``"search"``
    request of them that must find one (the duels name the cards by card, equal cards alike;
    none asked without one); that player discards it. In the duels the controller knows the
    cards revealed while they stay in that hand (``resample`` keeps them)."""

    who: Selector = YOU
    not_types: tuple[str, ...] = ("land",)


@dataclass(frozen=True)
class KeepOneOfEachType:
    """ "Each opponent chooses a permanent they control of each permanent type and sacrifices
    the rest." (701.21a; Liliana, Dreadhorde General's −9): each of ``who`` in turn keeps one
    permanent of each permanent type it controls (artifact, battle, creature, enchantment, land,
    planeswalker; a permanent of several types may be kept for each) through a ``"keep"``
    request of its permanents of each type it has two or more of (one alone is kept), and
    sacrifices the rest."""

    who: Selector = YOU
