//! Combat (506–511): attack and block declarations and their legality (what can be attacked,
//! 506.3, 508.1b; menace's restriction, 509.1b–c), first strike and combat damage through the
//! kernel; the division of a blocked creature's damage is `divide`'s.

use super::*;
use cardstate_effects::protection;

/// An augmenting path of the matching of `blocks_completable`: finds a later candidate for
/// menace attacker `x` (`can(c, x)`: candidate c can block it), moving others along
/// (`helper[c]`: the attacker candidate c is matched to, `usize::MAX` for none).
fn second_blocker(
    x: usize,
    can: &impl Fn(usize, usize) -> bool,
    helper: &mut [usize],
    seen: &mut [bool],
) -> bool {
    for c in 0..helper.len() {
        if seen[c] || !can(c, x) {
            continue;
        }
        seen[c] = true;
        if helper[c] == usize::MAX || second_blocker(helper[c], can, helper, seen) {
            helper[c] = x;
            return true;
        }
    }
    false
}

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

    /// 509.1a–b: an untapped creature without "can't block"; a flyer only by flying or reach
    /// (702.9b, 702.17b); an attacker that "can't be blocked" by none, one that "can't be
    /// blocked by Walls" by no Wall.
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
        let ka = self.state.game.keywords_at(attacker, a);
        let kb = self.state.game.keywords_at(blocker, b);
        if kb.intersects(Keywords::CANT_BLOCK) || ka.intersects(Keywords::CANT_BE_BLOCKED) {
            return false;
        }
        if ka.intersects(Keywords::CANT_BE_BLOCKED_BY_WALLS) && self.is_wall(blocker) {
            return false;
        }
        // 702.16f, 702.16j: not by a creature it has protection from.
        if ka.intersects(Keywords::PROTECTION)
            && !protection::blockable_by(&self.state.game, attacker, self.colours_now(blocker))
        {
            return false;
        }
        !ka.intersects(Keywords::FLYING) || kb.intersects(Keywords::FLYING.union(Keywords::REACH))
    }

    /// Whether a permanent has the creature type Wall (205.3m).
    fn is_wall(&self, id: u32) -> bool {
        let game = &self.state.game;
        game.subtype_id("Wall")
            .is_some_and(|w| game.entity(id).is_ok_and(|e| game.has_subtype_at(id, e, w)))
    }

    /// 508.1d: a candidate attacker that "attacks each combat if able" must attack (it is a
    /// candidate only when it can).
    pub(super) fn must_attack(&self, id: u32) -> bool {
        self.has(id, Keywords::ATTACKS_EACH_COMBAT)
    }

    /// 506.3, 508.1b: what the active player can attack besides the defending player: a
    /// planeswalker the defending player controls (a battle it protects too: the pools have
    /// none).
    pub(super) fn can_be_attacked(&self, id: u32) -> bool {
        let defending = 1 - self.state.active as u32;
        self.state.game.entity(id).is_ok_and(|e| {
            e.is_permanent() && e.controller == defending && e.types.contains(Types::PLANESWALKER)
        })
    }

    /// The defending player's permanent slots of what can be attacked besides it, into
    /// `Combat::attackable` (508.1b): none without a planeswalker card in the pool and without
    /// continuous effects (`Cache::planeswalker_cards`).
    pub(super) fn find_attackable(&mut self) {
        self.state.combat.attackable = 0;
        let pool = self.state.pool;
        let cards = *self.cache.planeswalker_cards.get_or_insert_with(|| {
            (0..pool.len()).any(|c| pool.facts(c as CardId).types.contains(Types::PLANESWALKER))
        });
        let defending = 1 - self.state.active as usize;
        if !cards && !self.state.game.has_continuous_effects() {
            debug_assert!(
                !self
                    .battlefield(defending)
                    .iter()
                    .any(|&id| self.can_be_attacked(id)),
                "a planeswalker of no planeswalker card"
            );
            return;
        }
        let mut slots = 0u32;
        for (j, &id) in self
            .battlefield(defending)
            .iter()
            .enumerate()
            .take(actions::PERMANENT_SLOTS as usize)
        {
            if self.can_be_attacked(id) {
                slots |= 1 << j;
            }
        }
        self.state.combat.attackable = slots;
    }

    /// What an attacking creature attacks now (510.1b): the player, or the planeswalker while
    /// it is still one the defending player controls; none once the planeswalker is removed
    /// from combat (506.4: it left the battlefield, stopped being a planeswalker or changed
    /// control), and the creature attacks nothing.
    pub(super) fn attack_target(&self, att: &Attacker) -> Option<u32> {
        (att.target < 2 || self.can_be_attacked(att.target)).then_some(att.target)
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
                source_tapped |= c != NO_CARD && self.abilities_of(id, c).produces != 0;
                let _ = self.state.game.tap(id);
            }
            // 508.3a: "whenever ~ attacks" triggers.
            self.state.events.push(GameEvent::Attacks { attacker: id });
        }
        let creatures = self.state.combat.attackers.len() as u32;
        if creatures > 0 {
            // 508.3d: "whenever you attack" triggers.
            self.note_if_listened(GameEvent::Attacked {
                player: a as u32,
                creatures,
            });
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
        debug_assert!(
            self.menace_blocks().iter().all(|m| m.2 != 1),
            "509.1c: the declared blocks are legal"
        );
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

    /// The attackers with menace (702.111b: it can't be blocked except by two or more
    /// creatures), into `Combat::menace`.
    pub(super) fn find_menace(&mut self) {
        let mut menace = 0u32;
        for (a, att) in self.state.combat.attackers.iter().enumerate() {
            if self.has(att.id, Keywords::MENACE) {
                menace |= 1 << a;
            }
        }
        self.state.combat.menace = menace;
    }

    /// The menace attackers with how many creatures block each so far: (place among the
    /// attackers, id, blockers).
    pub(super) fn menace_blocks(&self) -> SmallVec<[(usize, u32, usize); 4]> {
        let combat = &self.state.combat;
        let mut out = SmallVec::new();
        let mut menace = combat.menace;
        while menace != 0 {
            let a = menace.trailing_zeros() as usize;
            menace &= menace - 1;
            let n = combat.blocks.iter().filter(|b| b.1 as usize == a).count();
            out.push((a, combat.attackers[a].id, n));
        }
        out
    }

    /// 509.1b–c with menace: whether the blocks declared so far (`menace`: `menace_blocks`),
    /// with candidate `i`'s `choice` (the place of the attacker it blocks among the attackers,
    /// or none), can still make a legal declaration: the candidates after `i` (each blocking
    /// one attacker or none) can give every menace attacker left with exactly one blocker a
    /// second one, each a different candidate (a matching). A block decision offers only the
    /// choices that can (`legal_actions`), so a declaration is never left illegal.
    pub(super) fn blocks_completable(
        &self,
        menace: &[(usize, u32, usize)],
        i: usize,
        choice: Option<usize>,
    ) -> bool {
        let mut short: SmallVec<[u32; 4]> = SmallVec::new();
        for &(a, id, n) in menace {
            if n + (choice == Some(a)) as usize == 1 {
                short.push(id);
            }
        }
        if short.is_empty() {
            return true;
        }
        let later = self.state.combat.candidates.get(i + 1..).unwrap_or(&[]);
        if short.len() > later.len() {
            return false;
        }
        let can = |c: usize, x: usize| self.can_block(later[c], short[x]);
        let mut helper: SmallVec<[usize; 16]> = smallvec::smallvec![usize::MAX; later.len()];
        (0..short.len()).all(|x| {
            let mut seen: SmallVec<[bool; 16]> = smallvec::smallvec![false; later.len()];
            second_blocker(x, &can, &mut helper, &mut seen)
        })
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

    /// Which creatures deal combat damage in this damage step (510.4).
    pub(super) fn dealing(&self) -> Dealing {
        Dealing {
            first_strike_step: self.state.step == Step::FirstStrikeDamage,
            after_first_strike: self.state.step != Step::FirstStrikeDamage
                && self.first_strike_step(),
        }
    }

    /// 510.1–510.2: every creature that deals damage in this step assigns it
    /// (`combat_assignments`), then all of it is dealt at once through the kernel.
    pub(super) fn combat_damage_step(&mut self) {
        let mut asg = std::mem::take(&mut self.scratch.assignments);
        self.combat_assignments(&mut asg);
        // 702.16e: what protection prevents is dealt by no one.
        asg.retain(|&(s, r, _)| {
            !protection::prevents_damage(&self.state.game, s, self.colours_now(s), r, true)
        });
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
        // The divisions were this step's.
        self.state.combat.assigned.clear();
    }

    /// The combat damage assignments of the creatures that deal damage in this step (510.1),
    /// into `asg` (cleared first). An unblocked attacker assigns its damage to what it attacks
    /// (510.1b); a blocked one divides it among its blockers (510.1c) as its controller chose
    /// (`divide`) or, with `assign_damage` off, by the automatic division rule: lethal damage
    /// to each blocker in declaration order (1 with deathtouch, 702.2c), then the rest to what
    /// it attacks with trample (702.19b), else to the first blocker. A blocked creature whose
    /// blockers are all gone assigns no damage (510.1c), or with trample all of it to what it
    /// attacks (702.19). A blocker assigns its damage to the attacker it blocks (510.1d).
    pub(super) fn combat_assignments(&self, asg: &mut Vec<(u32, u32, u64)>) {
        let dealing = self.dealing();
        asg.clear();
        for ai in 0..self.state.combat.attackers.len() {
            let att = self.state.combat.attackers[ai];
            if !self.is_creature(att.id) {
                continue;
            }
            let k = self.keywords(att.id);
            if !dealing.deals(k) {
                continue;
            }
            let mut left = self.power(att.id);
            if left == 0 {
                continue;
            }
            let target = self.attack_target(&att);
            if !att.blocked {
                if let Some(t) = target {
                    asg.push((att.id, t, left));
                }
                continue;
            }
            let assigned = &self.state.combat.assigned;
            if !assigned.is_empty() && assigned.iter().any(|x| x.0 == att.id) {
                asg.extend(assigned.iter().filter(|x| x.0 == att.id));
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
                match target {
                    Some(t) if k.intersects(Keywords::TRAMPLE) => asg.push((att.id, t, left)),
                    _ if asg.len() > start => asg[start].2 += left,
                    _ => {}
                }
            }
        }
        for bi in 0..self.state.combat.blocks.len() {
            let (b, a) = self.state.combat.blocks[bi];
            let att = self.state.combat.attackers[a as usize].id;
            if !self.is_creature(b) || !self.is_creature(att) || !dealing.deals(self.keywords(b)) {
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

/// Which creatures deal combat damage in a damage step (510.4): in the first-strike step
/// those with first or double strike; in the regular step after one, all but those with
/// first strike and not double strike; else all.
#[derive(Clone, Copy, Debug)]
pub(super) struct Dealing {
    first_strike_step: bool,
    after_first_strike: bool,
}

impl Dealing {
    pub(super) fn deals(self, k: Keywords) -> bool {
        if self.first_strike_step {
            k.intersects(Keywords::FIRST_STRIKE.union(Keywords::DOUBLE_STRIKE))
        } else {
            !self.after_first_strike
                || !k.intersects(Keywords::FIRST_STRIKE)
                || k.intersects(Keywords::DOUBLE_STRIKE)
        }
    }
}
