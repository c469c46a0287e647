//! The legend rule's choice (704.5j): of two or more legendary permanents with the same name
//! that a player controls, that player chooses the one that stays, a decision of the duel's
//! ("keep <name> (<id>)": the id of its permanent slot, docs/DUEL.md). The kernel then puts the
//! others into their owners' graveyards with the other state-based actions.

use cardstate_core::keywords::Supertypes;

use super::*;

impl Duel {
    /// Whether a permanent is legendary (205.4d).
    pub(super) fn is_legendary(&self, id: u32) -> bool {
        self.state
            .game
            .entity(id)
            .is_ok_and(|e| e.is_permanent() && e.supertypes.contains(Supertypes::LEGENDARY))
    }

    /// The name the legend rule groups a legendary permanent by (none for an object that is
    /// not one, or has no name: 201.2).
    fn legend_name(&self, id: u32) -> Option<&str> {
        if !self.is_legendary(id) {
            return None;
        }
        self.state.game.name(id).ok().filter(|n| !n.is_empty())
    }

    /// The next legend-rule choice to make: the first group of two or more legendary
    /// permanents with one name and controller, none of them chosen yet, among the permanent
    /// slots (the active player's first, then by the slot of a group's first member). Returns
    /// its controller and puts the slots of its members into `slots`, ascending. A group with
    /// fewer than two members in the slots is no decision (the kernel's default keeps the
    /// newest, docs/DUEL.md).
    #[inline]
    pub(crate) fn legend_choice(&self, slots: &mut SmallVec<[u8; 4]>) -> Option<u8> {
        // Without a legendary object there is no group; the kernel's last check left none:
        // only a legendary permanent changed since can make one (docs/PERFORMANCE.md, "The
        // legend rule's choice looked for only after a legendary permanent changed"; and "The
        // legend rule's choice not looked for before a legendary object exists").
        debug_assert!(self.cache.legendary_made || !self.state.game.legend_rule_may_apply());
        if !self.cache.legendary_made || !self.state.game.legend_rule_may_apply() {
            debug_assert_eq!(self.find_legend_choice(&mut SmallVec::new()), None);
            slots.clear();
            return None;
        }
        self.find_legend_choice(slots)
    }

    /// Notes whether kernel object `id` is legendary (`Duel::legendary_made`): every object
    /// the duel makes, or the kernel makes for it, is noted as it is made.
    pub(crate) fn note_legendary(&mut self, id: u32) {
        self.cache.legendary_made |= self
            .state
            .game
            .entity(id)
            .is_ok_and(|e| e.supertypes.contains(Supertypes::LEGENDARY));
    }

    /// `legend_choice`, looking at every permanent slot.
    #[inline(never)]
    fn find_legend_choice(&self, slots: &mut SmallVec<[u8; 4]>) -> Option<u8> {
        for q in [self.state.active, 1 - self.state.active] {
            let bf = &self.battlefield(q as usize);
            let n = bf.len().min(actions::PERMANENT_SLOTS as usize);
            for i in 0..n {
                let Some(name) = self.legend_name(bf[i]) else {
                    continue;
                };
                if (0..i).any(|k| self.legend_name(bf[k]) == Some(name)) {
                    continue; // not the group's first member
                }
                slots.clear();
                slots.push(i as u8);
                slots
                    .extend((i + 1..n).filter_map(|j| {
                        (self.legend_name(bf[j]) == Some(name)).then_some(j as u8)
                    }));
                if slots.len() >= 2
                    && !slots
                        .iter()
                        .any(|&j| self.state.legend_keep.contains(&bf[j as usize]))
                {
                    return Some(q);
                }
            }
        }
        slots.clear();
        None
    }

    /// The deciding player keeps the legendary permanent of its permanent slot `j`; the
    /// state-based check goes on (the next choice, or the actions).
    pub(super) fn keep_legend(&mut self, j: usize) {
        if let Some(q) = self.legend_choice(&mut SmallVec::new()) {
            self.state.legend_keep.push(self.battlefield(q as usize)[j]);
        }
        // The check was made as a player would receive priority (117.5), or in cleanup.
        self.state.pending = if self.state.step == Step::Cleanup {
            Pending::Begin
        } else {
            Pending::Priority
        };
    }
}
