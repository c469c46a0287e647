//! Walks over what a card's abilities hold: the amounts its programs and conditions use, the
//! operations they run, the targets they ask for (what a database notes of its pool once).

use super::{Ability, Amount, CardDef, Condition, Op, Selector, TargetSpec};

impl CardDef {
    /// Whether `test` holds for an amount a card's abilities use: in their programs, their
    /// trigger conditions and their "enters with" counts (a negative amount's own amount too).
    pub fn any_amount(&self, test: &dyn Fn(&Amount) -> bool) -> bool {
        let hit = |a: &Amount| test(a) || matches!(a, Amount::Minus { of } if test(of));
        self.abilities.iter().any(|a| {
            let (condition, program, n): (Option<&Condition>, &[Op], Option<&Amount>) = match a {
                Ability::Spell { program, .. }
                | Ability::Mode { program, .. }
                | Ability::Reflexive { program, .. }
                | Ability::Delayed { program, .. } => (None, program, None),
                Ability::Triggered(t) => (t.condition.as_ref(), &t.program, None),
                Ability::Activated(a) => (None, &a.program, None),
                Ability::EntersWithCounters { n, .. }
                | Ability::EntersWithCountersIfCast { n, .. } => (None, &[], Some(n)),
                _ => (None, &[], None),
            };
            let mut found = condition.is_some_and(|c| hit(c.amount())) || n.is_some_and(hit);
            for op in program {
                let _ = op.for_each_amount::<()>(&mut |a| {
                    found |= hit(a);
                    Ok(())
                });
            }
            found
        })
    }
}

impl CardDef {
    /// Whether an ability of the card exiles cards its controller may play (impulse draw), or
    /// it has plot (702.170a).
    pub fn exiles_to_play(&self) -> bool {
        self.abilities.iter().any(|a| {
            let program: &[Op] = match a {
                // 702.170a: a plotted card is cast from exile.
                Ability::Plot { .. } => return true,
                Ability::Spell { program, .. } => program,
                Ability::Triggered(t) => &t.program,
                Ability::Activated(a) => &a.program,
                _ => &[],
            };
            program
                .iter()
                .any(|op| matches!(op, Op::ExileTop { .. } | Op::ExileTopChooseOne { .. }))
        })
    }

    /// Whether an ability of the card lets its controller cast a graveyard card ("you may
    /// cast target … card from your graveyard this turn").
    pub fn permits_graveyard_casts(&self) -> bool {
        self.abilities.iter().any(|a| {
            let program: &[Op] = match a {
                Ability::Spell { program, .. } => program,
                Ability::Triggered(t) => &t.program,
                Ability::Activated(a) => &a.program,
                _ => &[],
            };
            program
                .iter()
                .any(|op| matches!(op, Op::MayCastFromGraveyard { .. }))
        })
    }
}

impl Op {
    /// Calls `f` on every amount an operation uses.
    pub fn for_each_amount<E>(&self, f: &mut dyn FnMut(&Amount) -> Result<(), E>) -> Result<(), E> {
        match self {
            Op::PutCounters { n, .. }
            | Op::RemoveCounters { n, .. }
            | Op::Draw { n, .. }
            | Op::ExileTop { n, .. }
            | Op::Discard { n, .. }
            | Op::Sacrifice { n, .. }
            | Op::Mill { n, .. }
            | Op::Surveil { n }
            | Op::Scry { n }
            | Op::SeparatePiles { n }
            | Op::ExileTopChooseOne { n, .. }
            | Op::GainLife { n, .. }
            | Op::LoseLife { n, .. }
            | Op::LoseLifeUnless { n, .. }
            | Op::GetEnergy { n, .. }
            | Op::CreateToken { n, .. }
            | Op::DealDamage { n, .. }
            | Op::DealDamageDivided { n, .. }
            | Op::SetStrength { n, .. }
            | Op::SetLives { n, .. }
            | Op::Heal { n, .. }
            | Op::DrawCheaper { n, .. }
            | Op::AddMana { n, .. }
            | Op::CopySpell { n, .. } => f(n),
            Op::Pump {
                power, toughness, ..
            } => {
                f(power)?;
                f(toughness)
            }
            Op::Test { cond } => f(cond.amount()),
            Op::LookAtTop {
                n,
                mana_value_at_most,
                ..
            } => {
                f(n)?;
                mana_value_at_most.as_ref().map_or(Ok(()), f)
            }
            Op::Search {
                mana_value_up_to, ..
            } => mana_value_up_to.as_ref().map_or(Ok(()), f),
            _ => Ok(()),
        }
    }

    /// Calls `f` on every selector an operation uses directly.
    pub fn for_each_selector<E>(
        &self,
        f: &mut dyn FnMut(&Selector) -> Result<(), E>,
    ) -> Result<(), E> {
        match self {
            Op::PutCounters { on: s, .. }
            | Op::RemoveCounters { of: s, .. }
            | Op::Draw { who: s, .. }
            | Op::ExileTop { who: s, .. }
            | Op::Discard { who: s, .. }
            | Op::Mill { who: s, .. }
            | Op::GainLife { who: s, .. }
            | Op::LoseLife { who: s, .. }
            | Op::GetEnergy { who: s, .. }
            | Op::CreateToken { who: s, .. }
            | Op::Pump { who: s, .. }
            | Op::Switch { who: s }
            | Op::DoublePower { who: s }
            | Op::DoubleCounters { who: s }
            | Op::Destroy { what: s }
            | Op::Grant { who: s, .. }
            | Op::Tap { what: s }
            | Op::Move { what: s, .. }
            | Op::ReturnWithFewerCounters { what: s, .. }
            | Op::ReturnWith { what: s, .. }
            | Op::Becomes { what: s, .. }
            | Op::BecomesCreature { what: s, .. }
            | Op::GainAbility { what: s, .. }
            | Op::Untap { what: s }
            | Op::Regenerate { what: s }
            | Op::CounterSpell { what: s }
            | Op::CounterUnlessPays { what: s, .. }
            | Op::SetStrength { who: s, .. }
            | Op::SetLives { who: s, .. }
            | Op::Heal { who: s, .. }
            | Op::RemoveEffects { who: s }
            | Op::GainControl { what: s }
            | Op::BecomeType { what: s, .. }
            | Op::BecomeElite { what: s, .. }
            | Op::SetFlying { what: s, .. }
            | Op::DrawCheaper { who: s, .. }
            | Op::AddMana { who: s, .. }
            | Op::PayToCopy { of: s, .. }
            | Op::PreventDamageTo { to: s, .. }
            | Op::Delay { of: s, .. }
            | Op::ExtraTurn { who: s }
            | Op::PutOnTopOrBottom { what: s }
            | Op::MillWhileSharingColour { who: s }
            | Op::CreateTokenCopyExilingOthers { of: s, .. }
            | Op::RevealUntilIntoGraveyard { who: s, .. }
            | Op::ExileInsteadOfDying { what: s }
            | Op::GainControlUntilEndOfTurn { what: s }
            | Op::MayCastFromGraveyard { what: s, .. }
            | Op::RevealHandChooseDiscard { who: s, .. }
            | Op::KeepOneOfEachType { who: s }
            | Op::CopySpell { of: s, .. } => f(s),
            Op::DealDamage { to, source, .. } | Op::DealDamageDivided { to, source, .. } => {
                f(to)?;
                f(source)
            }
            Op::Fight { a, b } => {
                f(a)?;
                f(b)
            }
            Op::Sacrifice { who, what, .. } => {
                f(who)?;
                f(what)
            }
            Op::LoseLifeUnless { who, sacrifice, .. } => {
                f(who)?;
                sacrifice.as_ref().map_or(Ok(()), f)
            }
            Op::Bite { source, to } => {
                f(source)?;
                f(to)
            }
            Op::CreateTokenCopy { of, who, .. } => {
                f(of)?;
                f(who)
            }
            _ => Ok(()),
        }
    }
}

impl CardDef {
    /// Whether a target of one of its abilities asks for a card put into its zone this turn
    /// (400.7: `Filter::put_there_this_turn`).
    pub fn targets_put_there_this_turn(&self) -> bool {
        self.abilities.iter().any(|a| {
            let targets: &[TargetSpec] = match a {
                Ability::Spell { targets, .. }
                | Ability::Mode { targets, .. }
                | Ability::Delayed { targets, .. }
                | Ability::Reflexive { targets, .. } => targets,
                Ability::Triggered(t) => &t.targets,
                Ability::Activated(x) => &x.targets,
                _ => &[],
            };
            targets.iter().any(|t| {
                t.filter.put_there_this_turn
                    || t.filter.any_of.iter().any(|f| f.put_there_this_turn)
            })
        })
    }
}
