//! Walks over what a card's abilities hold: the amounts its programs and conditions use, the
//! operations they run (what a database notes of its pool once).

use super::{Ability, Amount, CardDef, Condition, Op};

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
            program.iter().any(|op| matches!(op, Op::ExileTop { .. }))
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
            | Op::GainLife { n, .. }
            | Op::LoseLife { n, .. }
            | Op::GetEnergy { n, .. }
            | Op::CreateToken { n, .. }
            | Op::DealDamage { n, .. }
            | Op::SetStrength { n, .. }
            | Op::SetLives { n, .. }
            | Op::Heal { n, .. }
            | Op::DrawCheaper { n, .. }
            | Op::AddMana { n, .. } => f(n),
            Op::Pump {
                power, toughness, ..
            } => {
                f(power)?;
                f(toughness)
            }
            Op::Test { cond } => f(cond.amount()),
            _ => Ok(()),
        }
    }
}
