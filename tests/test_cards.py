"""The card-effect layer: energy payments (energy rulings, CR 107.14), against both implementations.

CR 107.14: "The energy symbol is {E}. It represents one energy counter. To pay {E}, a player
removes one energy counter from themselves."

energy rulings (2024 rulings, Russian), quoted:
- «{E} — это символ энергии. Он обозначает один жетон энергии.»
- «Чтобы заплатить одно или несколько {E}, вы теряете соответствующее количество жетонов
  энергии. Вы не можете заплатить больше жетонов энергии, чем у вас есть.»
- «Некоторые срабатывающие способности гласят, что вы "можете заплатить" определенное
  количество {E}. Вы не можете заплатить это количество несколько раз, чтобы умножить эффект.
  При разрешении способности вы просто решаете, платить ли это количество {E}.»
  (Some triggered abilities say you "may pay" an amount of {E}. You can't pay that amount
  multiple times to multiply the effect. As the ability resolves, you simply choose whether to
  pay that amount of {E}.)
"""

from __future__ import annotations

import pytest
from cardstate.cards import (
    ENERGY,
    OptionalEnergyPayment,
    PaymentAlreadyDecided,
    may_pay_energy,
)
from cardstate.errors import CannotPay
from conftest import assert_fails, ev, event_tuples


def with_energy(game, n: int, player: int = 0):
    g = game()
    if n:
        g.add_counters(player, ENERGY, n)
    g.take_events()
    return g


def test_cr107_14_paying_e_removes_one_energy_counter_per_symbol(game):
    """CR 107.14 / energy rulings: {E} is one energy counter; paying {E}{E} loses two of them."""
    g = with_energy(game, 5)
    payment = OptionalEnergyPayment(g, 0, 2)
    assert payment.can_pay() and not payment.decided
    payment.pay()
    assert g.count(0, ENERGY) == 3
    assert payment.paid and payment.decided
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=0, counter="energy", amount=2)
    ]


def test_seed002_may_pay_is_one_payment_a_second_payment_is_refused(game):
    """energy rulings: «Вы не можете заплатить это количество несколько раз, чтобы умножить эффект.»
    The second payment raises (a CannotPay) and changes nothing, although energy is left."""
    g = with_energy(game, 6)
    payment = OptionalEnergyPayment(g, 0, 2)
    payment.pay()
    g.take_events()
    info = assert_fails(g, PaymentAlreadyDecided, payment.pay)
    assert isinstance(info.value, CannotPay)
    assert "multiply" in str(info.value)
    assert g.count(0, ENERGY) == 4
    assert not payment.can_pay()


def test_seed002_the_effect_can_not_be_multiplied(game):
    """energy rulings: an ability "you may pay {E}{E}. If you do, put a +1/+1 counter on it" whose
    controller has energy for three payments still pays once and gets the effect once, even
    if the effect tries to pay again."""
    g = with_energy(game, 6)
    bear = g.create(0, name="Bear", types=["creature"], power=2, toughness=2)
    g.take_events()
    payment = OptionalEnergyPayment(g, 0, 2)
    refused = []

    def if_you_do() -> None:
        g.add_counters(bear, "+1/+1", 1)
        try:
            payment.pay()  # an attempt to pay again for a second counter
        except PaymentAlreadyDecided:
            refused.append(True)
        else:  # pragma: no cover - the bug this test guards against
            g.add_counters(bear, "+1/+1", 1)

    assert payment.resolve(True)
    if_you_do()
    assert refused == [True]
    assert g.count(bear, "+1/+1") == 1
    assert g.count(0, ENERGY) == 4

    calls = []
    assert may_pay_energy(g, 0, 2, True, lambda: calls.append("effect"))
    assert calls == ["effect"]
    assert g.count(0, ENERGY) == 2


def test_seed002_each_resolution_decides_once(game):
    """energy rulings: «При разрешении способности вы просто решаете, платить ли это количество
    {E}.» Each resolution (each new trigger) is its own single choice."""
    g = with_energy(game, 4)
    asked = []

    def decide(player: int, amount: int) -> bool:
        asked.append((player, amount))
        return True

    assert may_pay_energy(g, 0, 2, decide)
    assert may_pay_energy(g, 0, 2, decide)  # the ability triggered again: a new resolution
    assert asked == [(0, 2), (0, 2)]
    assert g.count(0, ENERGY) == 0
    assert ENERGY not in g.counters(0)  # a kind at 0 is gone


def test_seed002_declining_pays_nothing_and_is_final(game):
    """Choosing not to pay is the choice of this resolution: nothing is paid, no event, and the
    payment can't be made afterwards."""
    g = with_energy(game, 3)
    payment = OptionalEnergyPayment(g, 0, 2)
    assert payment.resolve(lambda player, amount: False) is False
    assert payment.decided and not payment.paid
    assert g.count(0, ENERGY) == 3
    assert g.take_events() == []
    assert_fails(g, PaymentAlreadyDecided, payment.pay)
    assert_fails(g, PaymentAlreadyDecided, payment.decline)
    with pytest.raises(PaymentAlreadyDecided):
        payment.resolve(True)

    effect = []
    assert may_pay_energy(g, 0, 2, False, lambda: effect.append(1)) is False
    assert effect == []
    assert g.count(0, ENERGY) == 3


def test_seed002_can_not_pay_more_energy_than_you_have(game):
    """energy rulings: «Вы не можете заплатить больше жетонов энергии, чем у вас есть.» Paying is
    all-or-nothing: CannotPay, no energy lost, and the offer stays open (the player may still
    decline)."""
    g = with_energy(game, 1)
    payment = OptionalEnergyPayment(g, 0, 2)
    assert not payment.can_pay()
    info = assert_fails(g, CannotPay, payment.pay)
    assert not isinstance(info.value, PaymentAlreadyDecided)
    assert g.count(0, ENERGY) == 1
    assert not payment.decided
    payment.decline()
    assert payment.decided and not payment.paid


def test_seed002_without_enough_energy_the_player_is_not_asked(game):
    """With too little energy there is no choice to make: the offer resolves as not paid."""
    g = with_energy(game, 1, player=1)

    def decide(player: int, amount: int) -> bool:  # pragma: no cover - must not be asked
        raise AssertionError("asked to pay energy the player does not have")

    effect = []
    assert may_pay_energy(g, 1, 2, decide, lambda: effect.append(1)) is False
    assert effect == []
    assert g.count(1, ENERGY) == 1
    assert g.take_events() == []
    assert may_pay_energy(g, 0, 1, True) is False  # no energy at all


def test_exact_energy_can_be_paid(game):
    """Paying exactly what the player has leaves none."""
    g = with_energy(game, 3, player=1)
    assert may_pay_energy(g, 1, 3, True)
    assert g.count(1, ENERGY) == 0
    assert event_tuples(g.take_events()) == [
        ev("counters_removed", target=1, counter="energy", amount=3)
    ]


def test_energy_payment_bad_input(game):
    """Energy belongs to players; an offer costs a whole number of at least one {E}."""
    g = with_energy(game, 3)
    bear = g.create(0, name="Bear", types=["creature"], power=2, toughness=2)
    with pytest.raises(ValueError):
        OptionalEnergyPayment(g, 0, 0)
    with pytest.raises(ValueError):
        OptionalEnergyPayment(g, 0, -1)
    with pytest.raises(TypeError):
        OptionalEnergyPayment(g, 0, "2")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        OptionalEnergyPayment(g, 0, 1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a player"):
        OptionalEnergyPayment(g, bear, 1)
    with pytest.raises(KeyError):
        OptionalEnergyPayment(g, 999, 1)
    assert g.count(0, ENERGY) == 3


def test_repr_shows_the_state(game):
    g = with_energy(game, 2)
    payment = OptionalEnergyPayment(g, 0, 1)
    assert "undecided" in repr(payment)
    payment.pay()
    assert "paid" in repr(payment)
    assert payment.game is g and payment.player == 0 and payment.amount == 1
