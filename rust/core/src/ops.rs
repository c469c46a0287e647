//! Operations as data, applied in one call: a list of them to one game (atomically), or the same
//! list to many games (batch search), without a round trip to Python per operation.

use crate::error::Result;
use crate::game::Game;
use crate::zones::Zone;

/// One public operation, its arguments already converted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    AddCounters(u32, String, u64),
    RemoveCounters(u32, String, u64),
    PayCounters(u32, String, u64),
    GainLife(u32, u64),
    LoseLife(u32, u64),
    DealDamage {
        source: u32,
        target: u32,
        amount: u64,
        combat: bool,
        preventable: bool,
    },
    Move(u32, Zone),
    Proliferate(u32, Vec<u32>),
    ProliferateAuto(u32),
    Cleanup,
    CheckStateBasedActions,
    Destroy(u32),
    Regenerate(u32),
    Tap(u32),
    Untap(u32),
}

impl Game {
    /// Applies one operation.
    pub fn apply_op(&mut self, op: &Op) -> Result<()> {
        match op {
            Op::AddCounters(e, k, n) => self.add_counters(*e, k, *n),
            Op::RemoveCounters(e, k, n) => self.remove_counters(*e, k, *n).map(drop),
            Op::PayCounters(e, k, n) => self.pay_counters(*e, k, *n),
            Op::GainLife(p, n) => self.gain_life(*p, *n),
            Op::LoseLife(p, n) => self.lose_life(*p, *n),
            Op::DealDamage {
                source,
                target,
                amount,
                combat,
                preventable,
            } => self
                .deal_damage(*source, *target, *amount, *combat, *preventable)
                .map(drop),
            Op::Move(x, z) => self.move_to(*x, *z).map(drop),
            Op::Proliferate(p, ids) => self.proliferate(*p, ids),
            Op::ProliferateAuto(p) => self.proliferate_auto(*p).map(drop),
            Op::Cleanup => {
                self.cleanup();
                Ok(())
            }
            Op::CheckStateBasedActions => self.run_state_based_actions(),
            Op::Destroy(x) => self.destroy(*x).map(drop),
            Op::Regenerate(x) => self.regenerate(*x),
            Op::Tap(x) => self.tap(*x).map(drop),
            Op::Untap(x) => self.untap(*x).map(drop),
        }
    }

    /// Applies the operations in order, all or nothing: on the first failure the game is put
    /// back as it was and the failure is returned with the operation's index.
    pub fn apply_ops(&mut self, ops: &[Op]) -> std::result::Result<(), (usize, crate::Error)> {
        // The transaction journals what the operations change (see `Game::transaction`).
        self.transaction(|g| {
            for (i, op) in ops.iter().enumerate() {
                g.apply_op(op).map_err(|e| (i, e))?;
            }
            Ok(())
        })
    }
}
