//! Combat (506–511): attack and block declarations and their legality, first strike and
//! combat damage through the kernel.

use super::*;

impl Duel {
    /// 508.1a: an untapped creature of the active player, not summoning sick (302.6, haste
    /// 702.10), without defender (702.3b).
    pub(super) fn can_attack(&self, id: u32) -> bool {
        // Each entity is read once (a permanent is no player: `tapped` is its tapped status).
        let Ok(e) = self.state.game.entity(id) else {
            return false;
        };
        if !(e.is_permanent() && e.is_creature()) || e.tapped {
            return false;
        }
        let k = self.state.game.keywords_at(id, e);
        if k.intersects(Keywords::DEFENDER) {
            return false;
        }
        !self.is_sick(id) || k.intersects(Keywords::HASTE)
    }

    /// 509.1a–b: an untapped creature; a flyer only by flying or reach (702.9b, 702.17b).
    pub(super) fn can_block(&self, blocker: u32, attacker: u32) -> bool {
        let (Ok(b), Ok(a)) = (
            self.state.game.entity(blocker),
            self.state.game.entity(attacker),
        ) else {
            return false;
        };
        if !(b.is_permanent() && b.is_creature()) || b.tapped || !a.is_permanent() {
            return false;
        }
        !self
            .state
            .game
            .keywords_at(attacker, a)
            .intersects(Keywords::FLYING)
            || self
                .state
                .game
                .keywords_at(blocker, b)
                .intersects(Keywords::FLYING.union(Keywords::REACH))
    }

    pub(super) fn next_attack(&mut self, i: u8) {
        let next = i as usize + 1;
        if next < self.state.combat.candidates.len() {
            self.state.pending = Pending::Attack(next as u8);
            return;
        }
        // 508.1f: attacking taps, except with vigilance (702.20b).
        let a = self.state.active as usize;
        if !self.state.combat.attackers.is_empty() && self.state.pool.db().reads_history() {
            // Raid (207.2c): the active player attacked this turn.
            self.state.history.0.attacked(a as u32);
        }
        // Tapping attackers that are no mana sources leaves the count of a's mana as it was.
        let mana_held = self.remembered_mana(a).is_some();
        let mut source_tapped = false;
        for k in 0..self.state.combat.attackers.len() {
            let id = self.state.combat.attackers[k].id;
            if !self.has(id, Keywords::VIGILANCE) {
                let c = self.card_of(id);
                source_tapped |= c != NO_CARD && self.state.pool.facts(c).produces != 0;
                let _ = self.state.game.tap(id);
            }
            // 508.3a: "whenever ~ attacks" triggers.
            self.state.events.push(GameEvent::Attacks { attacker: id });
        }
        if mana_held && !source_tapped {
            self.cache.mana[a].taps = self.state.game.tap_changes_of(a as u32);
        }
        self.give_priority(self.state.active);
    }

    pub(super) fn next_block(&mut self, i: u8) {
        let next = i as usize + 1;
        if next < self.state.combat.candidates.len() {
            self.state.pending = Pending::Block(next as u8);
            return;
        }
        // 702.110b menace: a creature blocked by exactly one creature is an illegal block;
        // the duel drops that block (docs/DUEL.md) so the attacker is unblocked.
        for a in 0..self.state.combat.attackers.len() {
            let id = self.state.combat.attackers[a].id;
            if !self.has(id, Keywords::MENACE) {
                continue;
            }
            let n = self
                .state
                .combat
                .blocks
                .iter()
                .filter(|&&(_, x)| x as usize == a)
                .count();
            if n == 1 {
                self.state.combat.blocks.retain(|&(_, x)| x as usize != a);
                self.state.combat.attackers[a].blocked = false;
            }
        }
        // 509.3c: "whenever ~ becomes blocked" triggers.
        for a in 0..self.state.combat.attackers.len() {
            let att = self.state.combat.attackers[a];
            if att.blocked {
                self.state
                    .events
                    .push(GameEvent::BecomesBlocked { attacker: att.id });
            }
        }
        self.give_priority(self.state.active);
    }

    /// Whether a first-strike damage step happens (510.4): a combatant has first or double
    /// strike.
    pub(super) fn first_strike_step(&self) -> bool {
        let fs = Keywords::FIRST_STRIKE.union(Keywords::DOUBLE_STRIKE);
        self.state
            .combat
            .attackers
            .iter()
            .any(|a| self.has(a.id, fs))
            || self
                .state
                .combat
                .blocks
                .iter()
                .any(|&(b, _)| self.has(b, fs))
    }

    pub(super) fn combat_damage_regular(&mut self, after_first_strike: bool) {
        self.combat_damage_step(|k| {
            !after_first_strike
                || !k.intersects(Keywords::FIRST_STRIKE)
                || k.intersects(Keywords::DOUBLE_STRIKE)
        });
    }

    pub(super) fn combat_damage(&mut self, _first: bool) {
        self.combat_damage_step(|k| {
            k.intersects(Keywords::FIRST_STRIKE.union(Keywords::DOUBLE_STRIKE))
        });
    }

    /// 510.1–510.2: every creature that deals damage in this step assigns it, then all of it is
    /// dealt at once through the kernel. Division among blockers (510.1c, docs/DUEL.md): lethal
    /// damage to each blocker in declaration order (1 with deathtouch, 702.2c), then the rest
    /// to the player with trample (702.19c) or else to the first blocker.
    fn combat_damage_step(&mut self, deals: impl Fn(Keywords) -> bool) {
        let mut asg = std::mem::take(&mut self.scratch.assignments);
        self.combat_assignments(deals, &mut asg);
        if !asg.is_empty() {
            let mut dealt = std::mem::take(&mut self.scratch.dealt);
            dealt.clear();
            dealt.resize(asg.len(), 0);
            let _ = self
                .state
                .game
                .deal_simultaneous_damage(&asg, true, true, &mut dealt);
            self.scratch.dealt = dealt;
            self.absorb_events();
            self.cache.sba_due = true;
            self.cache.cleanup_due = true;
        }
        self.scratch.assignments = asg;
    }

    /// The combat damage assignments of the creatures that deal damage in this step (510.1),
    /// into `asg` (cleared first).
    pub(super) fn combat_assignments(
        &self,
        deals: impl Fn(Keywords) -> bool,
        asg: &mut Vec<(u32, u32, u64)>,
    ) {
        let defender = 1 - self.state.active as u32;
        asg.clear();
        for ai in 0..self.state.combat.attackers.len() {
            let att = self.state.combat.attackers[ai];
            if !self.is_creature(att.id) {
                continue;
            }
            let k = self.keywords(att.id);
            if !deals(k) {
                continue;
            }
            let mut left = self.power(att.id);
            if left == 0 {
                continue;
            }
            if !att.blocked {
                asg.push((att.id, defender, left));
                continue;
            }
            let start = asg.len();
            let deathtouch = k.intersects(Keywords::DEATHTOUCH);
            for bi in 0..self.state.combat.blocks.len() {
                let (b, a) = self.state.combat.blocks[bi];
                if a as usize != ai || !self.is_creature(b) || left == 0 {
                    continue;
                }
                let n = self.lethal(b, deathtouch).min(left);
                asg.push((att.id, b, n));
                left -= n;
            }
            if left > 0 {
                if k.intersects(Keywords::TRAMPLE) {
                    asg.push((att.id, defender, left));
                } else if asg.len() > start {
                    asg[start].2 += left;
                }
            }
        }
        for bi in 0..self.state.combat.blocks.len() {
            let (b, a) = self.state.combat.blocks[bi];
            let att = self.state.combat.attackers[a as usize].id;
            if !self.is_creature(b) || !self.is_creature(att) || !deals(self.keywords(b)) {
                continue;
            }
            let n = self.power(b);
            if n > 0 {
                asg.push((b, att, n));
            }
        }
        asg.retain(|x| x.2 > 0);
    }
}
