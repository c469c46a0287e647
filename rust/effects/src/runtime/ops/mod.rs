//! The operations of a program (docs/CARDS.md lists them), one file per family; `exec` runs
//! one.

use super::{ChoiceRequest, Host, Resolution};
use crate::db::CardDb;
use crate::error::Result;
use crate::model::{Op, TargetSpec};
use cardstate_core::Game;

mod berserk;
mod cards;
mod counters;
mod damage;
mod flow;
mod library;
mod life;
mod permanents;
mod punish;
mod zones;

/// What an operation leaves the program to do next.
pub(super) enum Flow {
    /// Go on with the next operation.
    Next,
    /// Stop for this choice (the operation runs again, or goes on, with the answer).
    Ask(ChoiceRequest),
    /// The program counter was set (a jump).
    Jumped,
}

impl Resolution {
    /// Executes one operation; returns a request when it needs a choice (pc stays on it).
    pub(super) fn exec<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        specs: &[TargetSpec],
        op: &Op,
    ) -> Result<Option<ChoiceRequest>> {
        let flow = match op {
            Op::PutCounters {
                on,
                counter,
                n,
                builtin,
            } => self.put_counters(game, specs, on, counter, n, *builtin),
            Op::RemoveCounters {
                of,
                counter,
                n,
                builtin,
            } => self.remove_counters(game, specs, of, counter, n, *builtin),
            Op::Proliferate => self.proliferate(game),
            Op::DealDamage { to, n, source } => {
                self.deal_damage(game, db, host, specs, to, n, source, false)
            }
            Op::DealDamageDivided { to, n, source } => {
                self.deal_damage(game, db, host, specs, to, n, source, true)
            }
            Op::Move { what, to } => self.move_to(game, db, host, specs, what, *to),
            Op::PutOnTopOrBottom { what } => self.put_on_top_or_bottom(game, host, specs, what),
            Op::ReturnWithFewerCounters {
                what,
                counter,
                fewer,
            } => self.return_with_fewer_counters(game, db, specs, what, counter, *fewer),
            Op::ReturnWith {
                what,
                counter,
                n,
                gains,
                is_also,
            } => self.return_with(game, db, specs, what, (counter, *n), gains, is_also),
            Op::Becomes { what, subtypes } => self.becomes(game, specs, what, subtypes),
            Op::BecomesCreature {
                what,
                power,
                toughness,
                keywords,
                all_creature_types,
            } => self.becomes_creature(
                game,
                specs,
                what,
                (*power, *toughness),
                keywords,
                *all_creature_types,
            ),
            Op::GainAbility { what, ability } => {
                self.gain_ability(game, host, specs, what, *ability)
            }
            Op::Fight { a, b } => self.fight(game, db, host, specs, a, b),
            Op::Bite { source, to } => self.bite(game, db, host, specs, source, to),
            Op::PreventDamage { affects, combat } => self.prevent_damage(game, affects, *combat),
            Op::Regenerate { what } => self.regenerate(game, specs, what),
            Op::ExileInsteadOfDying { what } => self.exile_instead_of_dying(game, specs, what),
            Op::PreventDamageTo { to, combat } => self.prevent_damage_to(game, specs, to, *combat),
            Op::GainLife { who, n } => self.gain_or_lose_life(game, specs, who, n, true),
            Op::LoseLife { who, n } => self.gain_or_lose_life(game, specs, who, n, false),
            Op::GetEnergy { who, n } => self.get_energy(game, specs, who, n),
            Op::MayPayEnergy { n } => self.may_pay_energy(game, *n),
            Op::MayPayMana { mana } => self.may_pay_mana(mana),
            Op::PayAnyEnergy => self.pay_any_energy(game),
            Op::Destroy { what } => self.destroy(game, specs, what),
            Op::Pump {
                who,
                power,
                toughness,
            } => self.pump(game, specs, who, power, toughness),
            Op::Grant { who, keyword } => self.grant(game, specs, who, keyword),
            Op::Switch { who } => self.switch(game, specs, who),
            Op::DoublePower { who } => self.double_power(game, specs, who),
            Op::DoubleCounters { who } => self.double_counters(game, specs, who),
            Op::EndTheTurn => {
                host.end_the_turn();
                Ok(Flow::Next)
            }
            Op::Tap { what } => self.tap_or_untap(game, host, specs, what, true),
            Op::Untap { what } => self.tap_or_untap(game, host, specs, what, false),
            Op::GainControlUntilEndOfTurn { what } => {
                self.gain_control_until_end_of_turn(game, host, specs, what)
            }
            Op::MayCastFromGraveyard { what, flashback } => {
                self.may_cast_from_graveyard(game, host, specs, what, *flashback)
            }
            Op::Draw { who, n } => self.draw(game, host, specs, who, n),
            Op::ExileTop { who, n, until } => self.exile_top(game, host, specs, who, n, *until),
            Op::Delay {
                of,
                ability,
                when_dies,
            } => self.delay(game, host, specs, of, (*ability, *when_dies)),
            Op::Reflexive { ability } => {
                let source = self.ctx.source.unwrap_or(cardstate_core::NO_ID);
                host.reflexive(self.ctx.card, *ability, source, self.ctx.controller);
                Ok(Flow::Next)
            }
            Op::ExtraTurn { who } => self.extra_turn(game, host, specs, who),
            Op::Discard { who, n } => self.discard(game, host, specs, who, n),
            Op::Sacrifice { who, what, n } => self.sacrifice(game, specs, who, what, n),
            Op::CreateToken {
                card,
                n,
                who,
                tapped,
            } => self.create_token(game, db, specs, card, n, who, *tapped),
            Op::CreateEmblem { card } => self.create_emblem(game, db, card),
            Op::CounterSpell { what } => self.counter_spell(game, db, specs, what),
            Op::CounterUnlessPays { what, mana, life } => {
                self.counter_unless_pays(game, db, specs, what, mana.as_ref(), *life)
            }
            Op::Mill { who, n } => self.mill(game, db, host, specs, who, n),
            Op::Surveil { n } => self.look_at_top(game, db, host, specs, n, false),
            Op::Scry { n } => self.look_at_top(game, db, host, specs, n, true),
            Op::Search {
                types,
                supertypes,
                to,
                tapped,
                n,
                mana_value,
                mana_value_up_to,
            } => {
                let up_to = match mana_value_up_to {
                    Some(a) => Some(self.amount(game, specs, a)?),
                    None => None,
                };
                let quality = library::Quality {
                    types,
                    supertypes,
                    mana_value: *mana_value,
                    up_to,
                };
                self.search(game, db, host, &quality, *to, *tapped, *n)
            }
            Op::LookAtTop {
                n,
                types,
                power_at_most,
                mana_value_at_most,
                to,
                rest,
                any_number,
            } => {
                let look = library::Look {
                    any_number: *any_number,
                    n,
                    types,
                    power_at_most: *power_at_most,
                    mana_value_at_most: mana_value_at_most.as_ref(),
                    to: *to,
                    rest: *rest,
                };
                self.look_at_top_and_choose(game, db, host, specs, &look)
            }
            Op::SeparatePiles { n } => self.separate_into_piles(game, db, host, specs, n),
            Op::RevealUntil { types } => self.reveal_until(game, db, host, types),
            Op::ReturnFromGraveyard { types } => self.return_from_graveyard(game, db, host, types),
            Op::MillWhileSharingColour { who } => {
                self.mill_while_sharing_colour(game, db, host, specs, who)
            }
            Op::RevealUntilIntoGraveyard { who, types } => {
                self.reveal_until_into_graveyard(game, db, host, specs, who, types)
            }
            Op::LoseLifeUnless {
                who,
                n,
                discard,
                sacrifice,
            } => {
                let unless = punish::Unless {
                    who,
                    n,
                    discard: *discard,
                    sacrifice: sacrifice.as_ref(),
                };
                self.lose_life_unless(game, host, specs, &unless)
            }
            Op::KeepOneOfEachType { who } => self.keep_one_of_each_type(game, specs, who),
            Op::CopySpell { of, n } => self.copy_spell(game, db, host, specs, of, n),
            Op::RevealHandChooseDiscard { who, not_types } => {
                self.reveal_hand_choose_discard(game, db, host, specs, who, not_types)
            }
            Op::ExileTopChooseOne { n, until } => {
                self.exile_top_choose_one(game, db, host, specs, n, *until)
            }
            Op::May => self.may(),
            Op::Test { cond } => self.test(game, specs, cond),
            Op::JumpUnless { to } => self.jump_unless(*to),
            Op::Jump { to } => self.jump(*to),
            Op::Python { index } => self.python(db, *index),
            Op::SetStrength { who, n } => self.set_strength(game, specs, who, n),
            Op::SetLives { who, n } => self.set_lives(game, specs, who, n),
            Op::Heal { who, n } => self.heal(game, specs, who, n),
            Op::RemoveEffects { who } => self.remove_effects(game, specs, who),
            Op::GainControl { what } => self.gain_control(game, specs, what),
            Op::BecomeType {
                what,
                types,
                subtypes,
            } => self.become_type(game, specs, what, types, subtypes.as_deref()),
            Op::BecomeElite { what, elite } => self.become_elite(game, specs, what, *elite),
            Op::SetFlying { what, flying } => self.set_flying(game, specs, what, *flying),
            Op::DrawCheaper { who, n, less } => self.draw_cheaper(game, host, specs, who, n, *less),
            Op::AddMana { who, mana, n } => self.add_mana(game, host, specs, who, mana, n),
            Op::PayToCopy { of, mana, .. } => self.pay_to_copy(game, host, specs, of, mana),
            Op::CreateTokenCopyExilingOthers { of, subtype } => {
                self.create_token_copy_exiling_others(game, db, specs, of, subtype)
            }
            Op::CreateTokenCopy {
                of,
                who,
                haste,
                sacrificed_at_end_step,
            } => {
                let except = super::TokenCopyExceptions {
                    haste: *haste,
                    sacrificed_at_end_step: *sacrificed_at_end_step,
                };
                self.create_token_copy(game, db, host, specs, (of, who), except)
            }
            Op::Attach { what, to } => self.attach(game, host, specs, what, to),
        }?;
        Ok(match flow {
            Flow::Next => {
                self.pc += 1;
                None
            }
            Flow::Ask(req) => Some(req),
            Flow::Jumped => None,
        })
    }
}
