"""Berserk cards (the Berserk CCG: «Берсерк. Герои» and classic Berserk) and the abilities only
they have: static cost modifiers (104.3) and keywords granted to others.

A :class:`BerserkCard` runs on a ``ruleset="berserk"`` game only; a Magic :class:`Card` on a
Magic game only (placing or resolving a card of the other game is a ``ValueError``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from cardstate.cards.vocab.abilities import Ability
from cardstate.cards.vocab.selectors import Filter

ELEMENTS = ("горы", "леса", "степи", "болота", "тьма", "нейтральная")
"""The elements (стихии) a Berserk card belongs to, as printed: mountains, forests, steppes,
swamps, darkness, neutral."""

BERSERK_KEYWORDS = ("уязвимость",)
"""The game's keywords the card layer plays: Уязвимость (vulnerability), "each time it is
wounded, it gets one more wound" (a creature that is only made to have fewer lives gets none:
no wound is placed)."""

NON_GAME_ELEMENTS = (
    "legend",
    "flavour",
    "idea",
    "illustration",
    "set",
    "number",
    "artist",
    "manufacturer",
    "year",
    "rarity",
)
"""The non-game elements of classic Berserk 109.1, the keys a Berserk card's ``info`` may
have: legend (the italic text after the abilities, 109.2), flavour text (quoted inside an
ability, 109.3), idea author, illustration, set icon, collector number, illustration's artist,
manufacturer, year of release, rarity. Stored and shown, never read by a rule."""


@dataclass(frozen=True)
class BerserkCard:
    """A Berserk card: its base properties as printed, its text (stored, never parsed), the
    non-game elements of classic Berserk 109 (``info``, keys :data:`NON_GAME_ELEMENTS`), and
    its abilities (the vocabulary's, with :class:`CostModifier` and :class:`HaveKeyword`).

    - ``types``: ``creature``, ``artifact``, ``terrain``, ``equipment``, ``spell``,
      ``event``, ``hero``; ``subtypes``: its class (``("Гном",)``);
    - ``cost``: an ``int`` or a text with X (``"X"``, ``"2+X"``): X counts 0 except while
      the card is being played (105.1); None: no cost;
    - ``element``: one of :data:`ELEMENTS` (None: not given);
    - ``strength``: one value («Берсерк. Герои») or the three strike values weak, medium,
      strong (classic: ``(1, 2, 3)``; the first is the kernel's strength, effects move all
      three); ``lives``; ``movement``, or ``flying=True`` (the flying icon stands in its
      place); ``elite``;
    - ``keywords``: the game's keywords (:data:`BERSERK_KEYWORDS`);
    - ``reconstructed``: empty for a card whose text is the published one; else what its
      definition is made from (a card known only from a rules example does what the example
      says and no more)."""

    name: str
    types: tuple[str, ...]
    cost: int | str | None = None
    element: str | None = None
    subtypes: tuple[str, ...] = ()
    strength: int | tuple[int, int, int] | None = None
    lives: int | None = None
    movement: int | None = None
    flying: bool = False
    elite: bool = False
    keywords: tuple[str, ...] = ()
    text: str = ""
    info: Mapping[str, Any] = field(default_factory=dict)
    abilities: tuple[Ability | CostModifier | HaveKeyword, ...] = ()
    reconstructed: str = ""


@dataclass(frozen=True)
class CostModifier:
    """A static ability (104.3): while its card is in play, every card in hand or in play that
    has one of ``subtypes`` (if given) and one of ``types`` (if given) and is controlled by
    ``controller`` (relative to the ability's controller as the card enters; None: anyone)
    costs ``amount`` more (negative: less). Рунопевец: ``CostModifier(-1, subtypes=("Гном",))``
    makes a Гном in your hand and itself in play cost 1 less. A cost is never below 0."""

    amount: int
    subtypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    controller: Literal["you", "opponent"] | None = "you"


@dataclass(frozen=True)
class HaveKeyword:
    """A static ability: the permanents ``affected`` (a filter by type and controller) have the
    game's keyword ``keyword`` while its card is in play. Аккения:
    ``HaveKeyword(Filter(types=("creature",), controller="opponent"), "уязвимость")``."""

    affected: Filter
    keyword: str
