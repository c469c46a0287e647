//! The fixed action id space (docs/DUEL.md, "Actions"): every id means the same thing in every
//! state, so a policy head can learn them.

/// Hand slots a player can play or cast from (the canonical hand order, docs/DUEL.md).
pub const HAND_SLOTS: u32 = 16;
/// Permanent slots of a player (its permanents in id order, i.e. in order of entering).
pub const PERMANENT_SLOTS: u32 = 24;
/// Activated abilities per permanent.
pub const ABILITIES: u32 = 3;
/// Stack slots a target can name (from the bottom).
pub const STACK_SLOTS: u32 = 8;
/// Attackers a blocker can name (in declaration order).
pub const ATTACKER_SLOTS: u32 = 16;
/// Largest X or amount that can be chosen.
pub const MAX_AMOUNT: u32 = 20;

pub const PASS: u32 = 0;
pub const YES: u32 = 1;
pub const NO: u32 = 2;
pub const ATTACK: u32 = 3;
pub const PLAY: u32 = 4;
pub const ACTIVATE: u32 = PLAY + HAND_SLOTS;
pub const TARGET: u32 = ACTIVATE + PERMANENT_SLOTS * ABILITIES;
/// Target slots: 0 = yourself, 1 = your opponent, then your permanent slots, then your
/// opponent's, then the stack.
pub const TARGET_SLOTS: u32 = 2 + 2 * PERMANENT_SLOTS + STACK_SLOTS;
pub const BLOCK: u32 = TARGET + TARGET_SLOTS;
pub const CHOOSE: u32 = BLOCK + ATTACKER_SLOTS;
/// Keep the legendary permanent in your permanent slot j under the legend rule (704.5j).
pub const KEEP: u32 = CHOOSE + MAX_AMOUNT + 1;
/// Replacement and prevention effects one order decision can name (616.1).
pub const ORDER_SLOTS: u32 = 8;
/// Apply the replacement or prevention effect k of the ones still to be ordered next (616.1).
pub const ORDER: u32 = KEEP + PERMANENT_SLOTS;
pub const NUM_ACTIONS: u32 = ORDER + ORDER_SLOTS;

/// An action id decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Pass,
    Yes,
    No,
    Attack,
    /// Play a land or cast a spell from hand slot i.
    Play(u32),
    /// Activate ability k of permanent slot j.
    Activate(u32, u32),
    Target(u32),
    /// Block attacker slot a with the blocker being declared.
    Block(u32),
    Choose(u32),
    /// Keep the legendary permanent of permanent slot j (704.5j).
    Keep(u32),
    /// Apply replacement effect k (of those still to be ordered) next (616.1).
    Order(u32),
}

impl Action {
    pub fn decode(a: u32) -> Option<Action> {
        Some(match a {
            PASS => Action::Pass,
            YES => Action::Yes,
            NO => Action::No,
            ATTACK => Action::Attack,
            _ if a < ACTIVATE => Action::Play(a - PLAY),
            _ if a < TARGET => {
                let i = a - ACTIVATE;
                Action::Activate(i / ABILITIES, i % ABILITIES)
            }
            _ if a < BLOCK => Action::Target(a - TARGET),
            _ if a < CHOOSE => Action::Block(a - BLOCK),
            _ if a < KEEP => Action::Choose(a - CHOOSE),
            _ if a < ORDER => Action::Keep(a - KEEP),
            _ if a < NUM_ACTIONS => Action::Order(a - ORDER),
            _ => return None,
        })
    }

    pub fn encode(self) -> u32 {
        match self {
            Action::Pass => PASS,
            Action::Yes => YES,
            Action::No => NO,
            Action::Attack => ATTACK,
            Action::Play(i) => PLAY + i,
            Action::Activate(j, k) => ACTIVATE + j * ABILITIES + k,
            Action::Target(t) => TARGET + t,
            Action::Block(a) => BLOCK + a,
            Action::Choose(n) => CHOOSE + n,
            Action::Keep(j) => KEEP + j,
            Action::Order(k) => ORDER + k,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_round_trips() {
        for a in 0..NUM_ACTIONS {
            assert_eq!(Action::decode(a).unwrap().encode(), a);
        }
        assert_eq!(Action::decode(NUM_ACTIONS), None);
    }
}
