"""The Berserk property rules as effects («Берсерк. Герои» 104.3–105.1, classic Berserk 108):
"strength becomes X", "lives become X", healing, removing effects, control, type, eliteness and
flying changes, and a drawn card that costs less. Only a :class:`BerserkCard` uses them (a
Magic card naming one is refused as it is compiled)."""

from __future__ import annotations

from dataclasses import dataclass

from cardstate.cards.vocab.selectors import YOU, Amount, Selector


@dataclass(frozen=True)
class StrengthBecomes:
    """ "The strength of each of ``who`` becomes ``n``" (104.3.1): as many +1 or -1 strength
    effects are put on it as make its strength ``n``, counted from the value before it is read
    as 0; only for creatures in play (others are skipped)."""

    who: Selector
    n: Amount


@dataclass(frozen=True)
class LivesBecome:
    """ "The lives of each of ``who`` become ``n``" (104.3.1): all its wounds are removed and
    extra or negative lives put or removed until its lives are ``n``. No wound is placed or
    healed, so nothing that reacts to wounds or healing triggers (Уязвимость doesn't work)."""

    who: Selector
    n: Amount


@dataclass(frozen=True)
class Heal:
    """Heal each of ``who`` by ``n``: up to ``n`` of its wounds are removed (fewer if it has
    fewer), and "on healing" abilities trigger when any were. ``CountersOn(who, "wound")``
    heals it completely."""

    who: Selector
    n: Amount


@dataclass(frozen=True)
class RemoveEffects:
    """Remove every strength and life effect from each of ``who`` (not wounds, and not a
    changed controller or type: those are not effects, 104.3.4)."""

    who: Selector


@dataclass(frozen=True)
class GainControl:
    """The controller of this ability takes control of each of ``what`` in play: a non-base
    property, overwritten without any effect (104.3.4); the card's owner controls it again
    when it leaves play."""

    what: Selector


@dataclass(frozen=True)
class BecomeType:
    """Each of ``what`` in play becomes ``types`` (with ``subtypes``; None: its printed ones)
    (classic 108.1–108.2): the new type replaces the old, and its base properties follow the
    type (a creature that becomes an artifact has no strength or movement; becoming a creature
    again gives its printed numbers back)."""

    what: Selector
    types: tuple[str, ...]
    subtypes: tuple[str, ...] | None = None


@dataclass(frozen=True)
class BecomeElite:
    """Each of ``what`` in play becomes elite (``elite=True``) or ordinary (classic 108.1: an
    elite card that becomes ordinary stops being elite)."""

    what: Selector
    elite: bool


@dataclass(frozen=True)
class GainFlying:
    """Each creature of ``what`` in play gains flying: the flying icon replaces its movement
    (classic 108.1)."""

    what: Selector


@dataclass(frozen=True)
class LoseFlying:
    """Each creature of ``what`` in play loses flying, and has its movement back (classic
    108.2)."""

    what: Selector


@dataclass(frozen=True)
class DrawCheaper:
    """Each of ``who`` draws ``n`` cards; each card drawn this way costs ``less`` less while it
    stays in its owner's hand (a one-off cost modifier, 104.3: Фиал предвидения). A cost is
    never below 0."""

    n: Amount = 1
    less: int = 0
    who: Selector = YOU
