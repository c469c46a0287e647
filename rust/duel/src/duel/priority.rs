//! Legal actions (117: priority; the decisions of combat, casting and resolution), and the
//! memo of a player's legal actions at priority.

use super::cache::{ActionList, FlashbackSlots, FLASHBACK_SLOTS};
use super::*;

impl Duel {
    /// The legal actions, ascending, into `out` (cleared first).
    pub fn legal_actions(&self, out: &mut Vec<u32>) {
        out.clear();
        match self.state.pending {
            Pending::Over | Pending::Begin => {}
            Pending::Priority => {
                let p = self.state.priority as usize;
                if self.cache.memo_fresh {
                    // Debug builds test a fresh memo all the same: it must hold.
                    debug_assert!(
                        self.memo_holds(p, self.sorcery_timing(p), &mut None),
                        "a fresh memo holds"
                    );
                    out.extend_from_slice(&self.memo_of(p).actions);
                    return;
                }
                let mut mana = None;
                if self.memo_holds(p, self.sorcery_timing(p), &mut mana) {
                    out.extend_from_slice(&self.memo_of(p).actions);
                } else {
                    let mut actions = ActionList::new();
                    self.priority_actions(p, &mut actions, &mut mana, &mut Reads::Nothing);
                    out.extend_from_slice(&actions);
                }
            }
            Pending::Attack(i) => {
                // 508.1b: the defending player, or a planeswalker it controls by its slot;
                // not attacking only without a requirement to attack (508.1d).
                if !self.must_attack(self.state.combat.candidates[i as usize]) {
                    out.push(actions::NO);
                }
                out.push(actions::OPPONENT);
                let mut slots = self.state.combat.attackable;
                while slots != 0 {
                    out.push(actions::THEIRS + slots.trailing_zeros());
                    slots &= slots - 1;
                }
            }
            Pending::Block(i) => {
                // The attackers by their permanent slots (of the deciding player's opponent,
                // the active player): in slot order, as they were declared. Only the choices
                // that leave a legal declaration possible (509.1c: menace).
                let i = i as usize;
                let free = self.state.combat.menace == 0;
                let menace = if free {
                    SmallVec::new()
                } else {
                    self.menace_blocks()
                };
                if free || self.blocks_completable(&menace, i, None) {
                    out.push(actions::NO);
                }
                let b = self.state.combat.candidates[i];
                let attacking = self.battlefield(self.state.active as usize);
                for (j, &id) in attacking
                    .iter()
                    .enumerate()
                    .take(actions::PERMANENT_SLOTS as usize)
                {
                    let Some(a) = self.state.combat.attackers.iter().position(|a| a.id == id)
                    else {
                        continue;
                    };
                    if self.can_block(b, id)
                        && (free || self.blocks_completable(&menace, i, Some(a)))
                    {
                        out.push(actions::THEIRS + j as u32);
                    }
                }
            }
            Pending::ChooseX => self.legal_numbers(out),
            Pending::Target => self.legal_target_slots(out),
            Pending::Resolve => self.legal_resolve_actions(out),
            Pending::Legend => {
                let mut slots = SmallVec::new();
                if self.legend_choice(&mut slots).is_some() {
                    out.extend(slots.iter().map(|&j| actions::MINE + j as u32));
                }
            }
            Pending::Order => {
                let mut ids = SmallVec::new();
                if self.order_choice(&mut ids).is_some() {
                    out.extend((0..ids.len() as u32).map(|k| actions::OPTION + k));
                }
            }
            // 103.5: keep (yes) or take a mulligan (no).
            Pending::Mulligan => {
                out.push(actions::YES);
                out.push(actions::NO);
            }
            Pending::Bottom => self.hand_choices(self.bottom_decider() as usize, out),
            Pending::Discard => self.hand_choices(self.state.active as usize, out),
            Pending::DiscardCost => self.hand_choices(self.state.casting.player as usize, out),
            // 601.2b: the alternative cost (yes) or the mana cost (no).
            // 702.35a: cast it for its madness cost (yes) or put it into the graveyard (no).
            // 702.170a: plot it (yes) or cast it (no).
            Pending::ChooseCost | Pending::Madness | Pending::Plot => {
                out.push(actions::YES);
                out.push(actions::NO);
            }
            Pending::SacrificeCost => self.sacrifice_cost_choices(out),
            Pending::AssignDamage => self.legal_numbers(out),
            Pending::Sacrifice => self.sacrifice_another_choices(out),
            Pending::Mode => self.mode_choices(out),
            // 614.12: one of the five colours (105.1).
            Pending::ChooseColour => {
                if self.colour_choice().is_some() {
                    out.extend((0..5).map(|k| actions::OPTION + k));
                }
            }
            // 614.12: one of the creature types offered (`type_options`).
            Pending::ChooseType => {
                if let Some(id) = self.type_choice() {
                    let n = self.type_options(id).len() as u32;
                    out.extend((0..n).map(|k| actions::OPTION + k));
                }
            }
        }
    }

    /// A card of p's hand to put on the bottom of its library or discard: each hand slot, of
    /// equal cards the first.
    #[inline(never)]
    fn hand_choices(&self, p: usize, out: &mut Vec<u32>) {
        let hand = &self.state.sides[p].hand;
        for (i, &c) in hand.iter().enumerate().take(actions::HAND_SLOTS as usize) {
            if i == 0 || hand[i - 1] != c {
                out.push(actions::HAND + i as u32);
            }
        }
    }

    /// The numbers a number decision offers (`number_range`), into `out`.
    pub(crate) fn legal_numbers(&self, out: &mut Vec<u32>) {
        if let Some((lo, hi)) = self.number_range() {
            out.extend((lo..=hi).map(|n| actions::NUMBER + n));
        }
    }

    pub fn is_legal(&self, a: u32) -> bool {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v.binary_search(&a).is_ok()
    }

    /// The legal actions of p at priority, ascending, appended to `out`: pass, the hand slots
    /// p may play or cast, the activations p can make. The mana p has (`mana_into`) is
    /// found into `mana` only if a spell or an ability could use it and `mana` has none;
    /// `reads` is raised to what was read.
    fn priority_actions(
        &self,
        p: usize,
        out: &mut ActionList,
        mana: &mut Option<(Available, bool)>,
        reads: &mut Reads,
    ) {
        out.push(actions::PASS);
        let sorcery_timing = self.sorcery_timing(p);
        let hand: &[CardId] = &self.state.sides[p].hand;
        for (i, &c) in hand.iter().enumerate().take(actions::HAND_SLOTS as usize) {
            // Equal cards are interchangeable: offer the first slot of each.
            if i > 0 && hand[i - 1] == c {
                continue;
            }
            if self.can_play(p, c, true, sorcery_timing, mana, reads)
                || (sorcery_timing && self.can_plot(p, c, sorcery_timing, mana, reads))
            {
                out.push(actions::HAND + i as u32);
            }
        }
        if self.db().casts_from_graveyard() {
            // What p's graveyard holds is the kernel's.
            *reads = Reads::Kernel;
            self.flashback_actions(p, sorcery_timing, out, mana);
        }
        if self.db().plays_from_exile() {
            // What p's exile holds is the kernel's.
            *reads = Reads::Kernel;
            self.exile_actions(p, sorcery_timing, out, mana, reads);
        }
        // The walk ends at the last permanent with activated abilities (where their count is
        // known: `count_activatable`).
        let mut left = match self.cache.activatable[p] {
            Some((at, n)) if at == self.cache.activation_changes[p] => {
                debug_assert_eq!(
                    n,
                    self.activatable(p),
                    "the count of activatable permanents"
                );
                n
            }
            _ => u16::MAX,
        };
        for (j, &id) in self
            .battlefield(p)
            .iter()
            .enumerate()
            .take(actions::PERMANENT_SLOTS as usize)
        {
            if left == 0 {
                return;
            }
            let c = self.card_of(id);
            if c == NO_CARD {
                continue;
            }
            let card = self.abilities_of(id, c);
            let n = card.activated.len();
            if n == 0 {
                continue;
            }
            left -= 1;
            *reads = (*reads).max(if card.activation_reads_kernel {
                Reads::Kernel
            } else {
                Reads::Mana
            });
            let avail = self.mana_into(p, mana);
            for k in 0..n.min(actions::ABILITIES as usize) {
                if self.can_activate(p, j, k, avail) {
                    out.push(actions::Action::Activate(j as u32, k as u32).encode());
                }
            }
        }
    }

    /// The graveyard slots of p's cards it may cast with flashback now (702.34a), of equal
    /// cards the first, or by a permission (`permitted_graveyard_slots`), appended to `out` in
    /// slot order.
    #[inline(never)]
    fn flashback_actions(
        &self,
        p: usize,
        sorcery_timing: bool,
        out: &mut ActionList,
        mana: &mut Option<(Available, bool)>,
    ) {
        let now = self.state.game.graveyard_changes_of(p as u32);
        let found;
        let slots = match self.cache.flashback[p].at(now) {
            Some(slots) => slots,
            None => {
                found = self.flashback_slots(p);
                &found[..]
            }
        };
        let graveyard = self.graveyard(p);
        // The cards p may cast by a permission this turn: their own slots, cast by it only.
        let permitted = self.permitted_graveyard_slots(p, sorcery_timing, mana);
        let mut next = permitted.iter().peekable();
        for &g in slots {
            while let Some(&&(k, castable)) = next.peek() {
                if k > g {
                    break;
                }
                if castable {
                    out.push(actions::MY_GRAVEYARD + k as u32);
                }
                next.next();
            }
            if permitted.iter().any(|&(k, _)| k == g) {
                continue;
            }
            let id = graveyard[g as usize];
            let c = self.card_of(id);
            let card = self.state.pool.facts(c);
            if card.graveyard_ability.is_some() {
                if self.can_activate_from_graveyard(p, id, sorcery_timing, mana) {
                    out.push(actions::MY_GRAVEYARD + g as u32);
                }
                continue;
            }
            if card.graveyard_cast_counters > 0 {
                if self.can_cast_removing_counters(p, c, sorcery_timing, mana) {
                    out.push(actions::MY_GRAVEYARD + g as u32);
                }
                continue;
            }
            let Some(cost) = &card.flashback else {
                continue;
            };
            // 307.1 as cast from the hand; 601.2f–h: the flashback cost paid; 601.2c.
            if card.runnable
                && (sorcery_timing
                    || card.is(Types::INSTANT)
                    || card.flash
                    || self.casts_with_flash(p))
                && card.spell.is_some()
                && self.mana_into(p, mana).can_pay(cost, 0, self.life(p))
                && (card.flashback_sacrifice.is_none() || self.can_sacrifice(p, c, true))
                && self.spell_targets_available(p, c, Some(id))
            {
                out.push(actions::MY_GRAVEYARD + g as u32);
            }
        }
        for &(k, castable) in next {
            if castable {
                out.push(actions::MY_GRAVEYARD + k as u32);
            }
        }
    }

    /// The graveyard slots of p's cards it may cast this turn by a permission ("you may cast
    /// target … card from your graveyard this turn"), each with whether it can be cast now (a
    /// spell as from the hand, 307.1, 601.2; of equal cards the first castable).
    fn permitted_graveyard_slots(
        &self,
        p: usize,
        sorcery_timing: bool,
        mana: &mut Option<(Available, bool)>,
    ) -> SmallVec<[(u8, bool); 2]> {
        let mut out: SmallVec<[(u8, bool); 2]> = SmallVec::new();
        let by_type = self.plays_permanents_from_graveyard(p);
        if self.state.may_play.0.is_empty() && !by_type {
            return out;
        }
        let mut offered: SmallVec<[CardId; 2]> = SmallVec::new();
        let mut reads = Reads::Kernel;
        let graveyard = self.graveyard(p);
        for (g, &id) in graveyard
            .iter()
            .enumerate()
            .take(actions::GRAVEYARD_SLOTS as usize)
        {
            // A permission for that card comes first; Muldrotha's lets a land be played too.
            let land_too = if self.may_play(p, id) {
                false
            } else if by_type && self.graveyard_type_to_play(p, id) != 0 {
                true
            } else {
                continue;
            };
            let c = self.card_of(id);
            let castable = c != NO_CARD
                && !offered.contains(&c)
                && (land_too || !self.state.pool.facts(c).is_land())
                && self.can_play(p, c, false, sorcery_timing, mana, &mut reads);
            if castable {
                offered.push(c);
            }
            out.push((g as u8, castable));
        }
        out
    }

    /// Whether p may play cards from its graveyard by "During each of your turns, you may play
    /// a land and cast a permanent spell of each permanent type from your graveyard."
    /// (Muldrotha, the Gravetide): it is p's turn and p controls such a permanent.
    fn plays_permanents_from_graveyard(&self, p: usize) -> bool {
        p == self.state.active as usize
            && self.permanents_with(p, |f| f.plays_permanents_from_graveyard) > 0
    }

    /// The permanent type (its bit of `GraveyardTypesPlayed`) p would use to play its
    /// graveyard card `id` by Muldrotha's permission (a land played, 305.1, or a permanent
    /// spell cast, 601.2a, from its graveyard): of the card's permanent types, the first in
    /// `PERMANENT_TYPES` not used this turn; 0 if none is left or p has no such permission.
    pub(super) fn graveyard_type_to_play(&self, p: usize, id: u32) -> u8 {
        let c = self.card_of(id);
        if c == NO_CARD || !self.plays_permanents_from_graveyard(p) {
            return 0;
        }
        let card = self.state.pool.facts(c);
        // A card with its own way from the graveyard (flashback, an ability that functions
        // there) is offered that way only.
        if card.flashback.is_some() || card.graveyard_ability.is_some() {
            return 0;
        }
        let used = self.state.graveyard_types_played.0;
        PERMANENT_TYPES
            .iter()
            .enumerate()
            .map(|(i, &t)| 1u8 << i & if card.is(t) { !used } else { 0 })
            .find(|&bit| bit != 0)
            .unwrap_or(0)
    }

    /// The graveyard slots of p's cards with flashback (702.34a), an ability that functions
    /// from a graveyard (113.6k) or a permission to be cast from there ("by removing six
    /// counters …"), of equal cards the first.
    fn flashback_slots(&self, p: usize) -> SmallVec<[u8; FLASHBACK_SLOTS]> {
        let graveyard = self.graveyard(p);
        let mut out = SmallVec::new();
        for (g, &id) in graveyard
            .iter()
            .enumerate()
            .take(actions::GRAVEYARD_SLOTS as usize)
        {
            let c = self.card_of(id);
            let f = self.state.pool.facts(c);
            if c == NO_CARD
                || f.flashback.is_none()
                    && f.graveyard_ability.is_none()
                    && f.graveyard_cast_counters == 0
            {
                continue;
            }
            if !graveyard[..g].iter().any(|&o| self.card_of(o) == c) {
                out.push(g as u8);
            }
        }
        out
    }

    /// Makes `Cache::flashback` current for p.
    fn find_flashback_cards(&mut self, p: usize) {
        let now = self.state.game.graveyard_changes_of(p as u32);
        if self.cache.flashback[p].at(now).is_none() {
            self.cache.flashback[p] = FlashbackSlots::new(now, &self.flashback_slots(p));
        }
        debug_assert!(
            self.cache.flashback[p]
                .at(now)
                .is_none_or(|s| s == &self.flashback_slots(p)[..]),
            "the graveyard is unchanged"
        );
    }

    /// Whether p's memo was made in a state where p's legal actions at priority are those of
    /// now: they depend on p's hand, whether p has sorcery timing and has played a land, p's
    /// permanents, and what the memo's actions were found from (`Reads`): nothing more, or
    /// the mana p has and its life (found into `mana` if it has none), or the kernel's
    /// state, the summoning sickness of p's permanents (it changes only as a turn begins or as
    /// the kernel changes) and the stack (its spells are kernel objects; of the rest only
    /// whether it is empty counts). `sorcery_timing` is p's, found by the caller.
    fn memo_holds(
        &self,
        p: usize,
        sorcery_timing: bool,
        mana: &mut Option<(Available, bool)>,
    ) -> bool {
        let m = &self.cache.memo[p][sorcery_timing as usize];
        let hand = self.cache.hand_changes[p];
        if !m.valid || m.timing != self.memo_timing(p, sorcery_timing) {
            return false;
        }
        match m.reads {
            // The kernel's hash covers p's permanents.
            Reads::Kernel => {
                m.kernel == self.state.game.hash_unmixed()
                    && m.turn == self.state.turn
                    && m.stack_len as usize == self.state.stack.len()
                    && m.combat == self.combat_counts()
                    && m.hand == hand
            }
            Reads::Nothing => m.hand == hand && self.same_battlefield(m, p),
            // An unchanged kernel (the same turn: summoning sickness) has the same mana, life
            // and energy, without counting the mana.
            Reads::Mana => {
                m.hand == hand
                    && self.same_battlefield(m, p)
                    && ((m.kernel == self.state.game.hash_unmixed() && m.turn == self.state.turn)
                        || (m.life_energy() == self.life_and_energy(p)
                            && m.available == *self.mana_into(p, mana)))
            }
        }
    }

    /// How many creatures are attacking and how many blocking (each at most 255 counted).
    fn combat_counts(&self) -> (u8, u8) {
        let c = &self.state.combat;
        let count = |n: usize| n.min(u8::MAX as usize) as u8;
        (count(c.attackers.len()), count(c.blocks.len()))
    }

    /// Whether p's permanents are those of its memo as far as its actions go: the count of
    /// changes of its permanents with activated abilities and their slots is the same (the
    /// rest of the battlefield is read only through the mana, life and kernel the memo keeps
    /// apart).
    fn same_battlefield(&self, m: &PriorityMemo, p: usize) -> bool {
        m.battlefield == self.cache.activation_changes[p]
    }

    /// How many of p's permanents have activated abilities.
    fn activatable(&self, p: usize) -> u16 {
        let with_abilities = |&&id: &&u32| {
            let c = self.card_of(id);
            c != NO_CARD && !self.abilities_of(id, c).activated.is_empty()
        };
        self.battlefield(p).iter().filter(with_abilities).count() as u16
    }

    /// Makes `Cache::activatable` current for p.
    fn count_activatable(&mut self, p: usize) {
        let now = self.cache.activation_changes[p];
        if !matches!(self.cache.activatable[p], Some((at, _)) if at == now) {
            self.cache.activatable[p] = Some((now, self.activatable(p)));
        }
    }

    /// p's memo for its current timing: one for sorcery timing and one for the rest, so the
    /// active player's memo of the other timing still holds after a step of the other kind
    /// (leaving the main phase changes only the timing).
    pub(super) fn memo_of(&self, p: usize) -> &PriorityMemo {
        &self.cache.memo[p][self.sorcery_timing(p) as usize]
    }

    /// The memo's timing key: whether p has sorcery timing (`sorcery_timing`, found by the
    /// caller) and, with it, may play no more land this turn (without it no land can be
    /// played: playing one leaves the other memo holding).
    fn memo_timing(&self, p: usize, sorcery_timing: bool) -> u8 {
        sorcery_timing as u8 | ((sorcery_timing && !self.may_play_land(p)) as u8) << 1
    }

    /// Whether p may play a land this turn, timing aside (305.2): one, and one more for each
    /// permanent it controls with "You may play an additional land on each of your turns".
    #[inline]
    pub(super) fn may_play_land(&self, p: usize) -> bool {
        let played = self.state.sides[p].lands_played as usize;
        played == 0
            || (self.db().grants_lands()
                && played <= self.permanents_with(p, |f| f.additional_land))
    }

    /// Makes p's memo hold its legal actions at priority in the current state; returns how
    /// many there are.
    pub(super) fn refresh_memo(&mut self, p: usize) -> usize {
        let sorcery_timing = self.sorcery_timing(p);
        let m = &self.cache.memo[p][sorcery_timing as usize];
        if m.checked == self.cache.changes
            && m.valid
            && m.timing == self.memo_timing(p, sorcery_timing)
        {
            // Nothing changed since the memo held (`Duel::changes`). Debug builds test it.
            debug_assert!(
                self.memo_holds(p, sorcery_timing, &mut None),
                "an unchanged memo holds"
            );
            return m.actions.len();
        }
        let mut mana = None;
        if self.memo_holds(p, sorcery_timing, &mut mana) {
            self.keep_mana(p, mana);
            self.cache.memo[p][sorcery_timing as usize].checked = self.cache.changes;
            // Debug builds compute again: the memo must hold what a computation finds.
            #[cfg(debug_assertions)]
            {
                let mut again = ActionList::new();
                self.priority_actions(p, &mut again, &mut None, &mut Reads::Nothing);
                debug_assert_eq!(again[..], self.memo_of(p).actions[..], "the memo holds");
            }
            return self.cache.memo[p][sorcery_timing as usize].actions.len();
        }
        // Made where the memo keeps them (a copy cost more than the rest of a memo's making).
        self.count_activatable(p);
        if self.db().casts_from_graveyard() {
            self.find_flashback_cards(p);
        }
        let mut actions = ActionList::new();
        let mut reads = Reads::Nothing;
        self.priority_actions(p, &mut actions, &mut mana, &mut reads);
        self.keep_mana(p, mana);
        let (available, (life, energy)) = match (reads, mana) {
            (Reads::Mana, Some((available, _))) => (available, self.life_and_energy(p)),
            _ => (Available::default(), (0, 0)),
        };
        let timing = self.memo_timing(p, sorcery_timing);
        let combat = self.combat_counts();
        let m = &mut self.cache.memo[p][sorcery_timing as usize];
        m.actions = actions;
        // A stack too tall to count in a byte is never remembered.
        m.valid = self.state.stack.len() < u8::MAX as usize;
        m.checked = self.cache.changes;
        m.reads = reads;
        m.available = available;
        m.life = life;
        m.energy = energy;
        m.kernel = self.state.game.hash_unmixed();
        m.turn = self.state.turn;
        m.timing = timing;
        m.stack_len = self.state.stack.len() as u8;
        m.combat = combat;
        m.hand = self.cache.hand_changes[p];
        m.battlefield = self.cache.activation_changes[p];
        m.actions.len()
    }

    /// Keeps a count of p's mana in its memo (`ManaMemo`) when it holds while the tapped
    /// statuses of p's permanents and p's battlefield stay the same (a count read from the
    /// memo is there already: `mana_into`).
    pub(super) fn keep_mana(&mut self, p: usize, mana: Option<(Available, bool)>) {
        if let Some((available, true)) = mana {
            self.cache.mana[p] = ManaMemo {
                valid: true,
                taps: self.state.game.tap_changes_of(p as u32),
                sources: self.cache.source_changes[p],
                available,
            };
        }
    }

    /// The memo of the player with priority after a change made outside `run` (resample).
    pub(crate) fn refresh_priority_memo(&mut self) {
        if self.state.pending == Pending::Priority {
            self.refresh_memo(self.state.priority as usize);
            self.cache.memo_fresh = true;
        }
    }

    /// 307.1: the active player in a main phase with an empty stack.
    pub(crate) fn sorcery_timing(&self, p: usize) -> bool {
        self.state.active as usize == p
            && matches!(self.state.step, Step::Main1 | Step::Main2)
            && self.state.stack.is_empty()
    }

    /// Whether p may plot its hand card c now (702.170a, 116.2k: only as a sorcery, its plot
    /// cost paid).
    #[inline]
    pub(super) fn can_plot(
        &self,
        p: usize,
        c: CardId,
        sorcery_timing: bool,
        mana: &mut Option<(Available, bool)>,
        reads: &mut Reads,
    ) -> bool {
        let Some(cost) = self.state.pool.facts(c).plot else {
            return false;
        };
        if !sorcery_timing {
            return false;
        }
        *reads = (*reads).max(Reads::Mana);
        self.mana_into(p, mana).can_pay(&cost, 0, self.life(p))
    }

    /// Whether p may play or cast card c now (305.1–305.2, 307.1, 702.8a, 601.3), from its hand
    /// (`from_hand`) or from exile, given whether p has sorcery timing; the mana p has is
    /// counted into `mana` when first needed.
    ///
    /// The land and timing tests are inline, the cast's costs out of line (PERFORMANCE.md, "A
    /// card's land and timing tests inline"): most cards in a hand fail those tests.
    #[inline]
    pub(super) fn can_play(
        &self,
        p: usize,
        c: CardId,
        from_hand: bool,
        sorcery_timing: bool,
        mana: &mut Option<(Available, bool)>,
        reads: &mut Reads,
    ) -> bool {
        let card = self.state.pool.facts(c);
        if card.is_land() {
            return sorcery_timing && self.may_play_land(p);
        }
        // 307.1: sorcery timing, unless an instant or a spell with flash (702.8a), or cast as
        // though it had flash.
        card.runnable
            && (sorcery_timing || card.is(Types::INSTANT) || card.flash || self.casts_with_flash(p))
            && self.can_cast(p, c, from_hand, mana, reads)
    }

    /// Whether p can cast card c, a runnable spell it may cast at this timing (`can_play`):
    /// its additional costs, its mana cost (reduced, free or alternative) and its targets.
    #[inline(never)]
    fn can_cast(
        &self,
        p: usize,
        c: CardId,
        from_hand: bool,
        mana: &mut Option<(Available, bool)>,
        reads: &mut Reads,
    ) -> bool {
        let card = self.state.pool.facts(c);
        if !card.is_permanent() && card.spell.is_none() {
            return false;
        }
        // 601.2h, 701.9a: an additional cost's discards need as many other cards in hand (the
        // card cast from the hand isn't one).
        let hand = &self.state.sides[p].hand;
        let others = hand.len() - usize::from(from_hand);
        if usize::from(card.discard_cost) > others {
            return false;
        }
        let mut base = card.cost;
        if card.additional_sacrifice.is_some() {
            // 601.2h: the permanents it sacrifices are the kernel's.
            *reads = Reads::Kernel;
            if !self.can_pay_additional_sacrifice(p, c) {
                // "… or pay {3}{B}": then that mana too (601.2b).
                match card.or_paid_cost {
                    Some(all) => base = all,
                    None => return false,
                }
            }
        }
        *reads = (*reads).max(Reads::Mana);
        let cost = if card.costs_less_per_graveyard.0 == 0
            && !card.costs_less_per_attacker
            && !card.costs_less_by_total_power
            && card.costs_less_for_permanents.is_none()
            && card.costs_less_if_targets_tapped == 0
            && !self.db().reduces_spells()
        {
            base
        } else {
            // 601.2f: what it costs depends on the kernel's graveyard or battlefield, or on
            // combat.
            *reads = Reads::Kernel;
            self.reduced_cost(p, c, base, false)
        };
        // 118.9: from the hand without paying its mana cost, when no mana is due instead of
        // its additional cost's sacrifice.
        let free = from_hand && self.casts_free(p) && base == card.cost;
        // 106.6: with the mana that may be spent only on some spells, if on this one.
        // p's mana is read where it is, unless some of it pays only some spells
        // (docs/PERFORMANCE.md, "The mana test inline").
        let general = self.mana_into(p, mana);
        let restricted;
        let avail: &Available = if general.has_restricted() {
            restricted = self.with_restricted_mana(p, c, *general);
            &restricted
        } else {
            general
        };
        if card.costs_less_if_targets_tapped > 0 && !free && !avail.can_pay(&cost, 0, self.life(p))
        {
            // 601.2f: payable only with its reduction, so only at a tapped target.
            let reduced = self.reduced_cost(p, c, base, true);
            return avail.can_pay(&reduced, 0, self.life(p))
                && self.tapped_spell_target_available(p, c);
        }
        (free
            || avail.can_pay(&cost, 0, self.life(p))
            || card.alternative.is_some() && {
                // 118.9: the permanents it sacrifices are the kernel's.
                *reads = Reads::Kernel;
                self.can_sacrifice(p, c, false)
            }
            || card.alternative_mana.is_some() && {
                // 118.9: its condition counts the kernel's creatures.
                *reads = Reads::Kernel;
                self.alternative_mana(c)
                    .is_some_and(|m| avail.can_pay(&m, 0, self.life(p)))
            })
            // 303.4a: an Aura spell needs a target too.
            && (card.spell.is_none() && !card.enchant || {
                *reads = Reads::Kernel;
                self.spell_targets_available(p, c, None)
            })
    }
}
