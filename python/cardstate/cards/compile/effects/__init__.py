"""How each effect of the vocabulary compiles to operations, one module per family as the
vocabulary (``cardstate.cards.vocab.effects``) and the interpreters' operations: ``EMITTERS``
maps an effect's class to the function that emits it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardstate.cards import vocab as v
from cardstate.cards.compile.effects import (
    berserk,
    cards,
    composed,
    counters,
    damage,
    library,
    life,
    permanents,
    zones,
)
from cardstate.cards.compile.effects.berserk import effect_game
from cardstate.cards.compile.emitter import Emitter, Ops

__all__ = ["EMITTERS", "effect_game"]

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
    v.Discard: cards.discard,
    v.Sacrifice: cards.sacrifice,
    v.CreateToken: cards.create_token,
    v.CounterSpell: cards.counter_spell,
    v.CounterUnlessPays: cards.counter_unless_pays,
    v.Seq: composed.seq,
    v.May: composed.may,
    v.If: composed.if_,
    v.MayPayEnergy: composed.may_pay_energy,
    v.PythonEffect: composed.python,
    v.AtNextEndStep: composed.at_next_end_step,
    v.StrengthBecomes: berserk.strength_becomes,
    v.LivesBecome: berserk.lives_become,
    v.Heal: berserk.heal,
    v.RemoveEffects: berserk.remove_effects,
    v.GainControl: berserk.gain_control,
    v.BecomeType: berserk.become_type,
    v.BecomeElite: berserk.become_elite,
    v.GainFlying: berserk.gain_flying,
    v.LoseFlying: berserk.lose_flying,
    v.DrawCheaper: berserk.draw_cheaper,
    v.Fight: damage.fight,
    v.Bite: damage.bite,
    v.ReturnToHand: zones.return_to_hand,
    v.Exile: zones.exile,
    v.ReturnToBattlefield: zones.return_to_battlefield,
    v.ReturnWithFewerCounters: zones.return_with_fewer_counters,
    v.Mill: library.mill,
    v.Search: library.search,
    v.Surveil: library.surveil,
    v.Scry: library.scry,
    v.ExileTopMayPlay: zones.exile_top_may_play,
    v.AddMana: life.add_mana,
    v.MayPayToCopy: cards.may_pay_to_copy,
    v.CreateTokenCopy: cards.create_token_copy,
    v.MayPayMana: composed.may_pay_mana,
    v.Attach: permanents.attach,
    v.ExtraTurn: cards.extra_turn,
    v.PreventDamageTo: damage.prevent_damage_to,
    v.WhenYouDo: composed.when_you_do,
    v.GainsWhenDies: composed.gains_when_dies,
    v.PutOnLibraryBottom: zones.put_on_library_bottom,
    v.PutOnTopOrBottom: zones.put_on_top_or_bottom,
    v.DoublePower: permanents.double_power,
    v.EndTheTurn: cards.end_the_turn,
    v.LookAtTop: library.look_at_top,
    v.SeparateIntoPiles: library.separate_into_piles,
    v.DoubleCounters: counters.double_counters,
    v.ExileTopChooseOne: zones.exile_top_choose_one,
    v.RevealUntil: library.reveal_until,
    v.Becomes: permanents.becomes,
    v.ReturnFromGraveyard: library.return_from_graveyard,
    v.MillWhileSharingColour: library.mill_while_sharing_colour,
    v.RevealHandChooseDiscard: cards.reveal_hand_choose_discard,
}
