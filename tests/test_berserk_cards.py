"""Berserk cards as data (docs/CARDS.md, "Berserk cards"): the built-in pool
``cardstate.cards.pools["berserk"]`` plays the examples of the Berserk rules — «Берсерк. Герои»
104.3–105.1 and classic Berserk 108–109 — each quoted, on both implementations (the ``game``
fixture: ``cardstate.Game`` runs the Rust runtime, ``cardstate.reference.Game`` the reference
interpreter); a card of the other game is refused; rule 109's non-game elements are stored and
never read; the pool's coverage report."""

from __future__ import annotations

import pickle

import cardstate
import pytest
from cardstate import cards
from cardstate.cards import CardPool, InvalidCard, compile_card, pools
from cardstate.cards import vocab as v
from cardstate.cards.berserk_pool import CARDS
from cardstate.cards.coverage import RECONSTRUCTED, CardCoverage, coverage
from conftest import assert_fails, ev, event_tuples

BERSERK = pools["berserk"]
CREATURE = v.Filter(types=("creature",))
# Cards that do what the rules' examples need and the pool's cards don't (a control change, a
# type, eliteness and flying changed), and one whose abilities wait for wounds and healing.
HELPERS = CardPool(
    [
        v.BerserkCard(
            name="Тест: гипноз",
            types=("spell",),
            text="Возьмите под контроль выбранное существо.",
            abilities=(v.Spell(v.GainControl(v.Target(0)), (v.TargetSpec(CREATURE),)),),
        ),
        v.BerserkCard(
            name="Тест: окаменение",
            types=("spell",),
            text="Выбранное существо становится артефактом.",
            abilities=(
                v.Spell(v.BecomeType(v.Target(0), ("artifact",)), (v.TargetSpec(CREATURE),)),
            ),
        ),
        v.BerserkCard(
            name="Тест: оживление",
            types=("spell",),
            text="Выбранный артефакт становится существом.",
            abilities=(
                v.Spell(
                    v.BecomeType(v.Target(0), ("creature",)),
                    (v.TargetSpec(v.Filter(types=("artifact",))),),
                ),
            ),
        ),
        v.BerserkCard(
            name="Тест: разжалование",
            types=("spell",),
            text="Выбранная элитная карта становится рядовой.",
            abilities=(v.Spell(v.BecomeElite(v.Target(0), False), (v.TargetSpec(CREATURE),)),),
        ),
        v.BerserkCard(
            name="Тест: крылья",
            types=("spell",),
            text="Выбранное существо получает полёт.",
            abilities=(v.Spell(v.GainFlying(v.Target(0)), (v.TargetSpec(CREATURE),)),),
        ),
        v.BerserkCard(
            name="Тест: бескрылье",
            types=("spell",),
            text="Выбранное существо теряет полёт.",
            abilities=(v.Spell(v.LoseFlying(v.Target(0)), (v.TargetSpec(CREATURE),)),),
        ),
        v.BerserkCard(
            name="Тест: свидетель",
            types=("creature",),
            strength=1,
            lives=5,
            text="При ранении существа: +1 к удару. При лечении существа: +1 к удару.",
            abilities=(
                v.Triggered("wounded", v.PutCounters(v.THIS, "+1 strength", 1), subject=CREATURE),
                v.Triggered("healed", v.PutCounters(v.THIS, "+1 strength", 1), subject=CREATURE),
            ),
        ),
        v.BerserkCard(
            name="Тест: сила",
            types=("spell",),
            text="Выбранное существо получает +1 к удару.",
            abilities=(
                v.Spell(v.PutCounters(v.Target(0), "+1 strength", 1), (v.TargetSpec(CREATURE),)),
            ),
        ),
    ],
    name="berserk helpers",
)
POOL = BERSERK | HELPERS


def berserk(game):
    return game(players=2, ruleset="berserk")


def put(g, name, player=0, zone="battlefield", **kw):
    return cards.place(g, name, player, zone, pool=POOL, **kw)


def play(g, name, player, targets=(), **kw):
    return cards.resolve(g, name, player, targets, pool=POOL, **kw)


def text(name, expected):
    """The pool stores the card's text exactly as quoted."""
    assert POOL[name].oracle == expected


# --------------------------------------------------------------------------------------------
# The pool


SEED_NAMES = (
    "Обряд Пум-Пу",
    "Вайл",
    "Аккения",
    "Шок",
    "Рунопевец",
    "Гном",
    "Фиал предвидения",
    "Шаман племени Ворона",
    "Ядовитое пламя",
    "Опасное будущее",
    "Виата",
    "Арацент",
    "Наргойл",
)


def test_the_pool_holds_every_card_the_rules_name_under_its_printed_name():
    assert sorted(BERSERK) == sorted(SEED_NAMES)
    assert [c.name for c in CARDS] == list(SEED_NAMES)
    for name in SEED_NAMES:
        card = BERSERK[name]
        assert card.game == "berserk" and isinstance(card.card, v.BerserkCard)
        # Each says what its definition is made from (no published text was at hand).
        assert card.data["berserk"]["reconstructed"]
    assert BERSERK.builtin and BERSERK.name == "berserk"
    assert cards.pool["Grizzly Bears"].game == "magic"


def test_the_pool_round_trips_through_compiled_json_and_pickles_by_name():
    back = CardPool.from_json(BERSERK.json, name="copy")
    assert back.data == BERSERK.data
    assert back["Арацент"].card == BERSERK["Арацент"].card
    assert back.native.fingerprint == BERSERK.native.fingerprint
    assert pickle.loads(pickle.dumps(BERSERK)) is BERSERK


def test_coverage_reports_every_berserk_card_playable():
    """Every Berserk card plays on a ruleset="berserk" Game in both interpreters; each notes
    that it is reconstructed from the rules' examples; a Magic card among them is reported as
    one (its duel coverage), a name the pool lacks as missing."""
    report = coverage(list(BERSERK), BERSERK)
    assert [c.name for c in report] == list(BERSERK)
    assert all(c.playable and c.notes == (RECONSTRUCTED,) for c in report)
    mixed = BERSERK | cards.pool
    assert coverage(["Вайл", "Grizzly Bears", "Нет такой"], mixed) == [
        CardCoverage("Вайл", True, (), (RECONSTRUCTED,)),
        CardCoverage("Grizzly Bears", True),
        CardCoverage(
            "Нет такой", False, ("not a card of the pool 'berserk|core' (not defined yet)",)
        ),
    ]


def test_a_berserk_card_with_a_python_effect_is_not_playable_in_rust():
    pool = CardPool(
        [
            v.BerserkCard(
                name="Тест: питон",
                types=("spell",),
                text="Эффект, написанный на Python.",
                abilities=(v.Spell(v.PythonEffect(lambda game, ctx: None)),),
            )
        ],
        name="py-berserk",
    )
    (report,) = coverage(["Тест: питон"], pool)
    assert not report.playable and "Python" in report.reasons[0]


def test_a_berserk_card_has_its_properties_on_the_kernel_object(game):
    """A Berserk card placed on a "berserk" game has its printed properties: cost, class,
    strength, lives, movement, flying, eliteness."""
    g = berserk(game)
    runesinger = put(g, "Рунопевец")
    assert (g.types(runesinger), g.subtypes(runesinger)) == (["creature"], ["Гном"])
    assert (g.strength(runesinger), g.lives(runesinger), g.cost(runesinger)) == (3, 3, 2)
    nargoyle = put(g, "Наргойл", 1)
    assert (g.strength(nargoyle), g.movement(nargoyle), g.is_elite(nargoyle)) == (2, 1, True)
    assert cards.strikes(g, nargoyle, pool=POOL) == (2, 3, 4)
    assert cards.strikes(g, runesinger, pool=POOL) is None  # one strength value
    flame = put(g, "Ядовитое пламя", 0, "hand")
    assert (g.cost(flame), g.cost(flame, x_value=4)) == (0, 4)


# --------------------------------------------------------------------------------------------
# A card of the other game


def test_a_berserk_card_in_a_magic_game_is_refused_saying_so(game):
    g = game()
    err = assert_fails(g, ValueError, cards.place, g, "Вайл", 0, pool=BERSERK)
    assert str(err.value).startswith("card ") and "is a Berserk card" in str(err.value)
    assert '"berserk"' in str(err.value) and '"mtg"' in str(err.value)
    bear = cards.place(g, "Grizzly Bears", 1)
    err = assert_fails(
        g, ValueError, cards.resolve, g, "Обряд Пум-Пу", 0, [bear], source=bear, pool=BERSERK
    )
    assert "is a Berserk card" in str(err.value)


def test_a_magic_card_in_a_berserk_game_is_refused_saying_so(game):
    g = berserk(game)
    err = assert_fails(g, ValueError, cards.place, g, "Grizzly Bears", 0)
    assert "is a Magic card" in str(err.value) and '"berserk" one' in str(err.value)
    vail = put(g, "Вайл")
    err = assert_fails(g, ValueError, cards.resolve, g, "Giant Growth", 0, [vail], source=vail)
    assert "is a Magic card" in str(err.value)


# --------------------------------------------------------------------------------------------
# Heroes 104.3.1: strength becomes X


def test_heroes_104_3_1_obryad_pum_pu_on_vail_of_strength_0(game):
    """Heroes 104.3.1: «Вы играете Обряд Пум-Пу на своего Вайла, у которого сила удара равна 0.
    Вы кладёте один эффект +1 к удару и в итоге у Вайла сила удара равна 1.»"""
    text("Обряд Пум-Пу", "Сила удара выбранного существа становится равной 1.")
    g = berserk(game)
    vail = put(g, "Вайл")
    assert g.strength(vail) == 0
    g.take_events()
    assert not play(g, "Обряд Пум-Пу", 0, [vail]).fizzled
    assert g.strength(vail) == 1
    assert g.counters(vail) == {"+1 strength": 1}
    events = event_tuples(g.take_events())
    assert ev("counters_added", target=vail, counter="+1 strength", amount=1) in events
    # The spell went from the stack to the graveyard.
    assert [g.name(x) for x in g.objects("graveyard")] == ["Обряд Пум-Пу"]


def test_heroes_104_3_1_strength_becomes_x_from_below_zero(game):
    """Heroes 104.3.1: effects are counted from the strength before it is read as 0: a Вайл
    with two -1 strength effects (read 0) gets three +1 effects to have strength 1."""
    g = berserk(game)
    vail = put(g, "Вайл")
    g.add_counters(vail, "-1 strength", 2)
    play(g, "Обряд Пум-Пу", 0, [vail])
    assert g.counters(vail) == {"-1 strength": 2, "+1 strength": 3}
    assert g.strength(vail) == 1


# --------------------------------------------------------------------------------------------
# Heroes 104.3.1: lives become X


def test_heroes_104_3_1_akkenia_and_shock(game):
    """Heroes 104.3.1: «У вас под контролем есть Аккения (все существа противника имеют
    Уязвимость), а ваш противник играет Шок (количество жизней всех существ в игре становится
    равным 1). Со всех существ снимаются раны и на каждое кладётся нужное количество эффектов
    отрицательных жизней, чтобы итоговое значение было равным 1. Поскольку раны не должны
    накладываться, Уязвимость не работает. Также не работают способности «при лечении»,
    несмотря на то, что раны снялись.»"""
    text("Аккения", "Все существа противника имеют Уязвимость.")
    text("Шок", "Количество жизней всех существ в игре становится равным 1.")
    g = berserk(game)
    put(g, "Аккения", 0)
    gnome = put(g, "Гном", 1)
    vail = put(g, "Вайл", 1)
    mine = put(g, "Рунопевец", 0)
    witness = put(g, "Тест: свидетель", 0)  # "при ранении", "при лечении"
    # Уязвимость works where wounds are placed: the opponent's Гном wounded for 1 gets 2; my
    # own creature, not the opponent's, gets 1.
    play(g, "Ядовитое пламя", 0, [gnome], x=1)
    play(g, "Ядовитое пламя", 1, [mine], x=1)
    assert (g.wounds(gnome), g.wounds(mine)) == (2, 1)
    g.take_events()
    assert not play(g, "Шок", 1).fizzled  # the opponent plays Шок
    events = g.take_events()
    kinds = [e.kind for e in events]
    assert "wounded" not in kinds and "healed" not in kinds
    for x in (gnome, vail, mine, witness):
        assert (g.lives(x), g.wounds(x)) == (1, 0)
        assert "wound" not in g.counters(x)
    assert g.counters(gnome) == {"negative life": 2}
    assert g.counters(vail) == {"negative life": 2}
    # No "on healing" (nor "on wound") ability triggers, although wounds were removed.
    assert cards.fired(g, events, pool=POOL) == []
    assert g.check_state_based_actions() == []


def test_heroes_wounds_and_real_healing_fire_their_triggers(game):
    """Wounds placed fire "при ранении", wounds healed fire "при лечении" (unlike "lives become
    X", which removes wounds without healing them)."""
    g = berserk(game)
    witness = put(g, "Тест: свидетель", 0)
    gnome = put(g, "Гном", 1)
    g.take_events()
    play(g, "Ядовитое пламя", 0, [gnome], x=2)
    events = g.take_events()
    fired = cards.fired(g, events, pool=POOL)
    assert [(f.source, f.ability, f.triggering) for f in fired] == [(witness, 0, gnome)]
    viata = put(g, "Виата", 0)
    [recruit] = cards.fired(g, g.take_events(), pool=POOL)  # "Найм": as it enters
    assert (recruit.source, recruit.card) == (viata, "Виата")
    play(g, "Виата", 0, [gnome], ability=recruit.ability, source=viata)
    assert g.wounds(gnome) == 0
    events = g.take_events()
    assert ev("healed", target=gnome, amount=2) in event_tuples(events)
    fired = cards.fired(g, events, pool=POOL)
    assert [(f.source, f.ability, f.triggering) for f in fired] == [(witness, 1, gnome)]


# --------------------------------------------------------------------------------------------
# Heroes 104.3: cost modifiers in hand and in play


def test_heroes_104_3_runopevets_and_gnome(game):
    """Heroes 104.3: «У вас в игровой зоне Рунопевец и Гном в руке. Рунопевец уменьшает
    стоимость и Гнома, который находится в руке (таким образом он стоит 1), и самого себя,
    находящегося в игровой зоне (он стоит, таким образом 2).»"""
    g = berserk(game)
    runesinger = put(g, "Рунопевец")
    gnome = put(g, "Гном", 0, "hand")
    assert g.cost(gnome) == 1
    assert g.cost(runesinger) == 2
    # Only where cost modifiers work (hand and play), only on Гномы, only on yours.
    assert g.cost(put(g, "Гном", 0, "library")) == 2
    assert g.cost(put(g, "Гном", 1, "hand")) == 2
    assert g.cost(put(g, "Шаман племени Ворона", 0, "hand")) == 1
    played = g.move(gnome, "battlefield")
    assert g.cost(played) == 1
    g.move(runesinger, "graveyard")  # the modifier ends as its card leaves play
    assert g.cost(played) == 2


def test_heroes_104_3_fial_predvideniya_and_shaman(game):
    """Heroes 104.3: «Вы сыграли Фиал предвидения и взяли благодаря его способности Шамана
    племени Ворона. Несмотря на то, что Фиал предвиденья уменьшает стоимость Шамана на 4, его
    итоговая стоимость равна 0. После розыгрыша Шамана племени Ворона, когда он будет уже на
    поле, его стоимость будет равна 1.»"""
    g = berserk(game)
    put(g, "Шаман племени Ворона", 0, "library")
    gnome = put(g, "Гном", 0, "library")
    assert not play(g, "Фиал предвидения", 0).fizzled
    [shaman] = [x for x in g.objects("hand") if g.name(x) == "Шаман племени Ворона"]
    assert g.cost(shaman) == 0  # 1 - 4, never below 0
    played = g.move(shaman, "battlefield")
    assert g.cost(played) == 1
    assert (g.zone(gnome), g.cost(gnome)) == ("library", 2)  # not drawn: not reduced


# --------------------------------------------------------------------------------------------
# Heroes 105.1: X counts 0 except while the card is played


def test_heroes_105_1_yadovitoe_plamya_x(game):
    """Heroes 105.1: «Ядовитое пламя стоит Х. Когда игрок разыгрывает Ядовитое пламя, он сам
    определяет Х. Если же, например, заклинание Опасное будущее покажет Ядовитое пламя, при
    определении Х, оно будет равным 0. И заклинание ранит на 0.»"""
    text("Ядовитое пламя", "Ранить выбранное существо на X.")
    g = berserk(game)
    flame = put(g, "Ядовитое пламя", 0, "hand")
    assert (g.cost(flame), g.cost(flame, x_value=3)) == (0, 3)
    target = put(g, "Гном", 1)
    play(g, "Ядовитое пламя", 0, [target], x=2)  # played: its player chose X = 2
    assert g.wounds(target) == 2
    g.move(flame, "library")  # on top of the library: Опасное будущее reveals it
    g.take_events()
    play(g, "Опасное будущее", 0, [target])
    assert g.wounds(target) == 2  # it wounds for 0
    assert "wounded" not in [e.kind for e in g.take_events()]


def test_heroes_105_1_opasnoe_budushchee_wounds_by_the_revealed_cost(game):
    """Опасное будущее wounds by the cost of the card it reveals (a Гном: 2)."""
    g = berserk(game)
    top = put(g, "Гном", 0, "library")
    target = put(g, "Вайл", 1)
    play(g, "Опасное будущее", 0, [target])
    assert g.wounds(target) == 2
    assert g.zone(top) == "library"  # revealed, not moved


# --------------------------------------------------------------------------------------------
# Heroes 104.3.4: non-base properties


def test_heroes_104_3_4_vail_stays_under_your_control(game):
    """Heroes 104.3.4: «Вы взяли под контроль Вайла, после этого сыграли Виату и полечили его,
    попутно снимая эффекты. Но поскольку игрок, контролирующий существо – это небазовое
    свойство, то оно не породило никаких эффектов, и Вайл остался под вашим контролем.»"""
    g = berserk(game)
    vail = put(g, "Вайл", 1)
    play(g, "Ядовитое пламя", 1, [vail], x=2)
    g.add_counters(vail, "-1 strength")
    g.take_events()
    play(g, "Тест: гипноз", 0, [vail])
    assert (g.controller(vail), g.owner(vail)) == (0, 1)
    assert g.counters(vail) == {"wound": 2, "-1 strength": 1}  # no effect laid
    viata = put(g, "Виата", 0)
    [recruit] = [f for f in cards.fired(g, g.take_events(), pool=POOL) if f.card == "Виата"]
    play(g, "Виата", 0, [vail], ability=recruit.ability, source=viata)
    assert g.counters(vail) == {}  # healed, its effects removed
    assert g.controller(vail) == 0  # still yours
    gone = g.move(vail, "hand")
    assert g.controller(gone) == 1  # its owner's again once it leaves play


# --------------------------------------------------------------------------------------------
# Classic 108: property replacement


def test_classic_108_1_a_creature_that_becomes_an_artifact(game):
    """Classic 108.1: «если существо становится артефактом, то оно перестаёт быть существом
    (теряя при этом свойства и особенности, которые не может иметь артефакт)»; 108.2: becoming
    a creature again, it has its numbers back."""
    g = berserk(game)
    aratsent = put(g, "Арацент")
    play(g, "Тест: окаменение", 0, [aratsent])
    assert g.types(aratsent) == ["artifact"]
    assert (g.strength(aratsent), g.movement(aratsent), g.lives(aratsent)) == (None, None, 3)
    assert cards.strikes(g, aratsent, pool=POOL) is None
    play(g, "Тест: оживление", 0, [aratsent])
    assert g.types(aratsent) == ["creature"]
    assert (g.strength(aratsent), g.movement(aratsent)) == (1, 2)
    assert cards.strikes(g, aratsent, pool=POOL) == (1, 2, 3)


def test_classic_108_1_an_elite_card_that_becomes_ordinary(game):
    """Classic 108.1: «если элитная карта становится рядовой, то она перестаёт быть элитной»."""
    g = berserk(game)
    nargoyle = put(g, "Наргойл")
    assert g.is_elite(nargoyle)
    play(g, "Тест: разжалование", 0, [nargoyle])
    assert not g.is_elite(nargoyle)
    assert g.is_elite(g.move(nargoyle, "battlefield"))  # printed again once it leaves play


def test_classic_108_2_movement_2_gains_then_loses_flying(game):
    """Classic 108.2: «если нелетающее существо с запасом движения 2 "получает полёт", то запас
    движения этого существа заменяется значком "полёт". Если такая карта впоследствии "теряет
    полёт", то ей возвращается запас движения 2.»"""
    g = berserk(game)
    aratsent = put(g, "Арацент")
    assert (g.movement(aratsent), g.is_flying(aratsent)) == (2, False)
    play(g, "Тест: крылья", 0, [aratsent])
    assert (g.movement(aratsent), g.is_flying(aratsent)) == (None, True)
    play(g, "Тест: бескрылье", 0, [aratsent])
    assert (g.movement(aratsent), g.is_flying(aratsent)) == (2, False)


def test_classic_strikes_move_with_strength_effects(game):
    """The three strike values move together with the creature's strength effects, each read
    at least 0 (104.3.1)."""
    g = berserk(game)
    aratsent = put(g, "Арацент")
    play(g, "Тест: сила", 0, [aratsent])
    assert cards.strikes(g, aratsent, pool=POOL) == (2, 3, 4)
    g.add_counters(aratsent, "-1 strength", 3)
    assert cards.strikes(g, aratsent, pool=POOL) == (0, 0, 1)  # -1, 0, 1 read at least 0
    assert g.strength(aratsent) == 0
    with pytest.raises(KeyError):
        cards.strikes(g, 999, pool=POOL)


# --------------------------------------------------------------------------------------------
# Classic 109: non-game elements


NON_GAME = {
    "legend": "Не кровь, но яд, сильней которого нет на земле, течёт в их жилах",
    "flavour": "прах к праху",
    "idea": "Автор идеи",
    "illustration": "aratsent.png",
    "set": "Война стихий",
    "number": 104,
    "artist": "Художник",
    "manufacturer": 'ООО "Мир Фэнтези"',
    "year": 2003,
    "rarity": "редкая",
}


def test_classic_109_non_game_elements_are_stored_and_never_read(game):
    """Classic 109.1–109.3: the legend («у Арацента: "Не кровь, но яд, сильней которого нет на
    земле, течёт в их жилах"»), the flavour text («у Наргойла: "прах к праху"»), idea author,
    illustration, set icon, collector number, artist, manufacturer, year and rarity are stored
    and never read by a rule: two games of Аранцент cards that differ only in them are equal,
    hash equal and have the same bytes."""
    assert BERSERK["Арацент"].data["info"] == {"legend": NON_GAME["legend"]}
    assert BERSERK["Наргойл"].data["info"] == {"flavour": "прах к праху"}
    [plain] = [c for c in CARDS if c.name == "Арацент"]
    printed = CardPool([v.BerserkCard(**{**plain.__dict__, "info": NON_GAME})], name="printed")
    assert printed["Арацент"].data["info"] == NON_GAME
    games = []
    for p in (BERSERK, printed):
        g = berserk(game)
        x = cards.place(g, "Арацент", 0, pool=p)
        cards.place(g, "Вайл", 1, pool=BERSERK)
        g.set_strength(x, 4)
        games.append(g)
    g, h = games
    assert g == h and g.hash() == h.hash() and g.to_bytes() == h.to_bytes()
    assert cards.strikes(g, 2, pool=BERSERK) == cards.strikes(h, 2, pool=printed) == (4, 5, 6)


def test_classic_109_only_non_game_elements_are_info():
    card = v.BerserkCard(name="Тест", types=("terrain",), info={"strength": 3})
    with pytest.raises(InvalidCard, match=r"^card 'Тест': info: 'strength' is not a non-game"):
        compile_card(card)


# --------------------------------------------------------------------------------------------
# The native runtime's own checks of Berserk data


def test_the_native_loader_refuses_berserk_parts_in_a_magic_card():
    """What the compiler refuses the native loader refuses too, naming the card and field."""
    form = BERSERK.form
    bad = {**form, "cards": [dict(form["cards"][1], berserk=None)]}  # Вайл without its part
    bad["cards"][0]["abilities"] = [dict(BERSERK["Аккения"].data["abilities"][0])]
    with pytest.raises(ValueError, match=r'card "Вайл": abilities\[0\]: a Berserk card'):
        CardPool.from_json(cards.compile.pool_json(bad))
    with_keyword = dict(form["cards"][1])
    with_keyword["berserk"] = dict(with_keyword["berserk"], keywords=["неуязвимость"])
    with pytest.raises(ValueError, match=r'card "Вайл": berserk.keywords: unknown keyword'):
        CardPool.from_json(cards.compile.pool_json({**form, "cards": [with_keyword]}))
    numbers = dict(form["cards"][1])
    numbers["berserk"] = dict(numbers["berserk"], lives=-1)
    with pytest.raises(ValueError, match=r'card "Вайл": berserk.lives: bad compiled card data'):
        CardPool.from_json(cards.compile.pool_json({**form, "cards": [numbers]}))
    assert isinstance(cardstate._native.CardDb(BERSERK.json), cardstate._native.CardDb)
