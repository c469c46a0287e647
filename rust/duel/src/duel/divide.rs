//! The division of combat damage (510.1c, 702.19b, 702.2c): as a damage step begins, the
//! attacking player divides the combat damage of each blocked attacking creature among the
//! creatures blocking it "as its controller chooses" (the current rules have no damage
//! assignment order), one share at a time (docs/DUEL.md, "Combat"):
//!
//! - for each blocker but the last, in the order the blocks were declared, NUMBER n is the
//!   damage assigned to it (0 to the damage left, at most `MAX_NUMBER`); the last gets the
//!   rest;
//! - with trample (702.19b), once each blocker before the last has been assigned lethal damage
//!   (toughness minus damage marked; 1 from a deathtouch source, 702.2c), one more share: the
//!   damage assigned to what the creature attacks (the player or the planeswalker), from 0 to
//!   all but lethal damage for the last blocker, which gets the rest.
//!
//! A share with one possible amount is assigned without a decision, so a creature with one
//! blocker and no trample, or no damage to divide, asks nothing. The attackers are divided in
//! the order they were declared, each one's shares before the next one's, and every
//! division of the step before any damage is dealt (510.2) and before the order of
//! replacement effects on that damage is chosen (616.1, `order`). With `assign_damage` off
//! the automatic division rule divides instead (`combat_assignments`).

use super::combat::Dealing;
use super::*;

/// The next share of an attacking creature's combat damage to assign (the amount is the
/// attacking player's decision when `lo < hi`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    /// The attacking creature.
    pub attacker: u32,
    /// What the amount is assigned to: a blocker, or with trample what the creature attacks.
    pub to: u32,
    /// The amounts `to` may be assigned, lowest and highest (at most `MAX_NUMBER` of them
    /// offered: the rest of a larger amount goes on to the next blocker).
    pub lo: u64,
    pub hi: u64,
    /// The creature's damage still to assign.
    pub left: u64,
    /// The last blocker, which gets the rest after a trample share.
    pub rest_to: Option<u32>,
}

impl Duel {
    /// The next share of attacker `ai`'s division in this step, after the shares assigned so
    /// far (`Combat::assigned`); none for a creature that doesn't divide its damage (unblocked,
    /// no blocker left, no damage, not dealing damage in this step) or has divided it.
    fn share(&self, ai: usize, dealing: Dealing) -> Option<Share> {
        let combat = &self.state.combat;
        let att = combat.attackers[ai];
        if !att.blocked || !self.is_creature(att.id) {
            return None;
        }
        let k = self.keywords(att.id);
        if !dealing.deals(k) {
            return None;
        }
        let power = self.power(att.id);
        if power == 0 {
            return None;
        }
        // 510.1c: the creatures still blocking it, in declaration order.
        let blockers: SmallVec<[u32; 8]> = combat
            .blocks
            .iter()
            .filter(|&&(b, a)| a as usize == ai && self.is_creature(b))
            .map(|&(b, _)| b)
            .collect();
        let &last = blockers.last()?;
        let deathtouch = k.intersects(Keywords::DEATHTOUCH);
        let (mut made, mut given, mut lethal_before) = (0, 0, true);
        for &(s, to, n) in &combat.assigned {
            if s != att.id {
                continue;
            }
            if made + 1 < blockers.len() {
                lethal_before &= n >= self.lethal(to, deathtouch);
            }
            made += 1;
            given += n;
        }
        if made >= blockers.len() {
            return None;
        }
        let left = power.saturating_sub(given);
        let most = actions::MAX_NUMBER as u64;
        if made + 1 < blockers.len() {
            return Some(Share {
                attacker: att.id,
                to: blockers[made],
                lo: 0,
                hi: left.min(most),
                left,
                rest_to: None,
            });
        }
        // 702.19b: the excess over lethal damage to every blocker may go to what it attacks.
        if k.intersects(Keywords::TRAMPLE) && lethal_before {
            let lethal = self.lethal(last, deathtouch);
            if let Some(t) = self.attack_target(&att).filter(|_| left > lethal) {
                return Some(Share {
                    attacker: att.id,
                    to: t,
                    lo: 0,
                    hi: (left - lethal).min(most),
                    left,
                    rest_to: Some(last),
                });
            }
        }
        Some(Share {
            attacker: att.id,
            to: last,
            lo: left,
            hi: left,
            left,
            rest_to: None,
        })
    }

    /// Assigns `n` of share `s`: to its recipient, and after a trample share the rest to the
    /// last blocker (before it, so the assignments keep the blockers first).
    fn assign_share(&mut self, s: Share, n: u64) {
        let assigned = &mut self.state.combat.assigned;
        if let Some(b) = s.rest_to {
            assigned.push((s.attacker, b, s.left - n));
        }
        assigned.push((s.attacker, s.to, n));
    }

    /// Whether a division decision is due before this step's damage: assigns every share
    /// with one possible amount up to the first with a choice (none with `assign_damage`
    /// off).
    pub(super) fn assignment_due(&mut self) -> bool {
        if !self.state.options.assign_damage {
            return false;
        }
        let dealing = self.dealing();
        for ai in 0..self.state.combat.attackers.len() {
            while let Some(s) = self.share(ai, dealing) {
                if s.hi > s.lo {
                    return true;
                }
                self.assign_share(s, s.lo);
            }
        }
        false
    }

    /// The share being decided, while an `assign_damage` decision is pending.
    pub fn assignment_choice(&self) -> Option<Share> {
        if self.state.pending != Pending::AssignDamage {
            return None;
        }
        let dealing = self.dealing();
        (0..self.state.combat.attackers.len()).find_map(|ai| self.share(ai, dealing))
    }

    /// The attacking player assigns `n` to the share being decided; then the step begins
    /// again: the next share, or the damage.
    pub(super) fn assign(&mut self, n: u64) {
        if let Some(s) = self.assignment_choice() {
            self.assign_share(s, n);
        }
        self.state.pending = Pending::Begin;
    }
}
