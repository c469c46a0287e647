"""The built-in Berserk pool (``cardstate.cards.pools["berserk"]``): every card the Berserk rules
texts name in their examples, under its printed Russian name, each doing what the rules say it
does — «Берсерк. Герои» 104.3–105.1 (Обряд Пум-Пу, Вайл, Аккения, Шок, Рунопевец, Гном, Фиал
предвидения, Шаман племени Ворона, Ядовитое пламя, Опасное будущее, Виата) and classic Berserk
109 (Арацент, Наргойл).

The game's published card database was not at hand: a card's ``reconstructed`` field says what
its definition is made from. Where a rules example names what a card does, it does that and no
more; costs, elements, classes, strength and lives that no rules text gives come from a public
fan implementation of «Берсерк. Герои» where it has the card, and are otherwise chosen to play
the example, as each card says.
``cardstate cards coverage --pool berserk`` reports its cards (:mod:`cardstate.cards.coverage`).
"""

from __future__ import annotations

from cardstate.cards import vocab as v

__all__ = ["BERSERK", "CARDS"]

BERSERK = "berserk"
"""The pool's name in ``cardstate.cards.pools``."""

CREATURE = v.Filter(types=("creature",))
THEIR_CREATURES = v.Filter(types=("creature",), controller="opponent")
FAN = "a public fan implementation of «Берсерк. Герои»"

CARDS: tuple[v.BerserkCard, ...] = (
    v.BerserkCard(
        name="Обряд Пум-Пу",
        types=("spell",),
        text="Сила удара выбранного существа становится равной 1.",
        abilities=(v.Spell(v.StrengthBecomes(v.Target(0), 1), (v.TargetSpec(CREATURE),)),),
        reconstructed=(
            "Known from the example of Heroes 104.3.1 only: played on a Вайл of strength 0 it "
            "puts one +1 strength effect, so its strength becomes 1. Cost and element unknown."
        ),
    ),
    v.BerserkCard(
        name="Вайл",
        types=("creature",),
        strength=0,
        lives=3,
        reconstructed=(
            "Known from the examples of Heroes 104.3.1 and 104.3.4 only: strength 0 as there; "
            "lives 3 chosen to play them; cost, element and text unknown."
        ),
    ),
    v.BerserkCard(
        name="Аккения",
        types=("event",),
        cost=4,
        element="степи",
        text="Все существа противника имеют Уязвимость.",
        abilities=(
            v.HaveKeyword(v.Filter(types=("creature",), controller="opponent"), "уязвимость"),
        ),
        reconstructed=(
            "Text as the example of Heroes 104.3.1 gives it (all the opponent's creatures have "
            f"Уязвимость); type, cost and element as {FAN} records them."
        ),
    ),
    v.BerserkCard(
        name="Шок",
        types=("spell",),
        text="Количество жизней всех существ в игре становится равным 1.",
        abilities=(v.Spell(v.LivesBecome(v.Each(CREATURE), 1)),),
        reconstructed=(
            "Text as the example of Heroes 104.3.1 gives it (the lives of all creatures in play "
            "become 1). Cost and element unknown."
        ),
    ),
    v.BerserkCard(
        name="Рунопевец",
        types=("creature",),
        cost=3,
        element="горы",
        subtypes=("Гном",),
        strength=3,
        lives=3,
        text="Ваши Гномы в руке и в игре стоят на 1 меньше.",
        abilities=(v.CostModifier(-1, subtypes=("Гном",)),),
        reconstructed=(
            "Text as the example of Heroes 104.3 shows it (a Гном in your hand and itself in "
            f"play cost 1 less); cost, element, class, strength and lives as {FAN} records them."
        ),
    ),
    v.BerserkCard(
        name="Гном",
        types=("creature",),
        cost=2,
        element="горы",
        subtypes=("Гном",),
        strength=3,
        lives=3,
        reconstructed=f"Cost, element, class, strength and lives as {FAN} records them.",
    ),
    v.BerserkCard(
        name="Фиал предвидения",
        types=("spell",),
        text="Возьмите карту. Пока она в вашей руке, она стоит на 4 меньше.",
        abilities=(v.Spell(v.DrawCheaper(1, less=4)),),
        reconstructed=(
            "Known from the example of Heroes 104.3 only: played, it lets you draw a card that "
            "costs 4 less (never below 0). Type chosen (a spell), cost and element unknown."
        ),
    ),
    v.BerserkCard(
        name="Шаман племени Ворона",
        types=("creature",),
        cost=1,
        element="нейтральная",
        subtypes=("Наемник",),
        strength=1,
        lives=1,
        reconstructed=(
            f"Cost, element, class, strength and lives as {FAN} records them (cost 1, as the "
            "example of Heroes 104.3 has it in play); its text is not played here."
        ),
    ),
    v.BerserkCard(
        name="Ядовитое пламя",
        types=("spell",),
        cost="X",
        element="болота",
        text="Ранить выбранное существо на X.",
        abilities=(v.Spell(v.DealDamage(v.Target(0), v.X), (v.TargetSpec(CREATURE),)),),
        reconstructed=(
            "Cost X as the example of Heroes 105.1 gives it; text and element as "
            f"{FAN} records them."
        ),
    ),
    v.BerserkCard(
        name="Опасное будущее",
        types=("spell",),
        text=(
            "Покажите верхнюю карту своей колоды. Ранить выбранное существо на стоимость этой "
            "карты."
        ),
        abilities=(
            v.Spell(
                v.DealDamage(v.Target(0), v.CostOf(v.TOP_OF_LIBRARY)), (v.TargetSpec(CREATURE),)
            ),
        ),
        reconstructed=(
            "Known from the example of Heroes 105.1 only: it reveals a card, and wounds by "
            "that card's cost, X counting 0 (a revealed Ядовитое пламя: it wounds for 0). "
            "Cost and element unknown."
        ),
    ),
    v.BerserkCard(
        name="Виата",
        types=("creature",),
        strength=1,
        lives=2,
        text="Найм: излечите выбранное существо и снимите с него все эффекты.",
        abilities=(
            v.Triggered(
                "enters",
                v.Seq(
                    v.Heal(v.Target(0), v.CountersOn(v.Target(0), "wound")),
                    v.RemoveEffects(v.Target(0)),
                ),
                targets=(v.TargetSpec(CREATURE),),
            ),
        ),
        reconstructed=(
            "Known from the example of Heroes 104.3.4 only: played, it heals a creature, "
            "removing its effects. Type chosen (a creature whose ability works as it is "
            "recruited), strength and lives chosen; cost and element unknown."
        ),
    ),
    v.BerserkCard(
        name="Арацент",
        types=("creature",),
        element="болота",
        strength=(1, 2, 3),
        lives=3,
        movement=2,
        info={"legend": "Не кровь, но яд, сильней которого нет на земле, течёт в их жилах"},
        reconstructed=(
            "Known from classic 109.2 only, for its legend; a classic creature whose element, "
            "strikes, lives and movement are chosen, and whose text is unknown."
        ),
    ),
    v.BerserkCard(
        name="Наргойл",
        types=("creature",),
        strength=(2, 3, 4),
        lives=4,
        movement=1,
        elite=True,
        info={"flavour": "прах к праху"},
        reconstructed=(
            "Known from classic 109.3 only, for the flavour text of one of its abilities (the "
            "ability's name); a classic elite creature whose strikes, lives and movement are "
            "chosen, and whose abilities are unknown (none is played here)."
        ),
    ),
)
"""The cards, in the order the rules texts name them."""
