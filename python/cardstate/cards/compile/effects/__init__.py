"""How each effect of the vocabulary compiles to operations, one module per family as the
vocabulary (``cardstate.cards.vocab.effects``) and the interpreters' operations: ``EMITTERS``
maps an effect's class to the function that emits it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardstate.cards import vocab as v
from cardstate.cards.compile.effects import cards, composed, counters, damage, life, permanents
from cardstate.cards.compile.emitter import Emitter, Ops

EMITTERS: dict[type, Callable[[Emitter, Any, Ops], None]] = {
    v.PutCounters: counters.put_counters,
    v.RemoveCounters: counters.remove_counters,
    v.Proliferate: counters.proliferate,
    v.DealDamage: damage.deal_damage,
    v.Regenerate: damage.regenerate,
    v.PreventDamage: damage.prevent_damage,
    v.GainLife: life.gain_life,
    v.LoseLife: life.lose_life,
    v.GetEnergy: life.get_energy,
    v.PayAnyAmountOfEnergy: life.pay_any_energy,
    v.Destroy: permanents.destroy,
    v.Pump: permanents.pump,
    v.Grant: permanents.grant,
    v.SwitchPowerToughness: permanents.switch,
    v.Tap: permanents.tap,
    v.Untap: permanents.untap,
    v.Draw: cards.draw,
    v.CreateToken: cards.create_token,
    v.CounterSpell: cards.counter_spell,
    v.Seq: composed.seq,
    v.May: composed.may,
    v.If: composed.if_,
    v.MayPayEnergy: composed.may_pay_energy,
    v.PythonEffect: composed.python,
}
