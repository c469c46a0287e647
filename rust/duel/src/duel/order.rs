//! The order of replacement and prevention effects (616.1) on combat damage: when two or more
//! of them would apply to the damage about to be dealt to an object or a player, its
//! controller (or that player) chooses the one applied next, one decision per effect
//! ("apply <effect> (replacement effect <id>) next", docs/DUEL.md), until one is left. Each
//! choice goes to the kernel at once (`order_replacement_effects_across_groups`: the chosen
//! ones marked, in order), so the kernel's state holds the choices made so far; the marks are
//! cleared once the damage is dealt, so the next event is chosen for anew. During a
//! resolution the card runtime asks the same choice (`ChoiceRequest::Order`, a resolution
//! decision: effects.rs).

use super::*;

impl Duel {
    /// Whether an order decision comes before this step's combat damage.
    pub(super) fn order_due(&self) -> bool {
        self.order_choice(&mut SmallVec::new()).is_some()
    }

    /// The next order choice (616.1) before this step's combat damage: the first recipient
    /// (the active player's, then the other's; each in the order of the assignments) with two
    /// or more damage, prevention or redirection effects that would apply to damage from one of
    /// its sources and two or more of them not yet ordered. Returns its controller and the
    /// recipient, and puts the ids of those not yet ordered into `ids` (the kernel's order, at
    /// most `ORDER_SLOTS`). An effect that applies to several recipients is ordered once, by
    /// the first to choose (docs/DUEL.md).
    pub(crate) fn order_choice(&self, ids: &mut SmallVec<[u32; 8]>) -> Option<(u8, u32)> {
        ids.clear();
        if !matches!(
            self.state.step,
            Step::FirstStrikeDamage | Step::CombatDamage
        ) || self
            .state
            .game
            .replacement_effects()
            .iter()
            .filter(|e| e.effect.orderable())
            .nth(1)
            .is_none()
        {
            return None;
        }
        let mut asg = Vec::new();
        self.combat_assignments(&mut asg);
        for q in [self.state.active, 1 - self.state.active] {
            for (i, &(_, r, _)) in asg.iter().enumerate() {
                if asg[..i].iter().any(|x| x.1 == r) || self.controller_of(r) != Some(q as u32) {
                    continue;
                }
                let (mut applicable, mut unordered) = (0, 0);
                ids.clear();
                for e in self.state.game.replacement_effects() {
                    if !asg.iter().any(|&(s, t, _)| {
                        t == r && self.state.game.to_order_on_damage(e, s, r, true)
                    }) {
                        continue;
                    }
                    applicable += 1;
                    if !e.ordered {
                        unordered += 1;
                        if ids.len() < actions::ORDER_SLOTS as usize {
                            ids.push(e.id);
                        }
                    }
                }
                if applicable >= 2 && unordered >= 2 {
                    return Some((q, r));
                }
            }
        }
        ids.clear();
        None
    }

    /// The controller of a damage recipient (a player is its own).
    fn controller_of(&self, id: u32) -> Option<u32> {
        let e = self.state.game.entity(id).ok()?;
        Some(if e.is_player { id } else { e.controller })
    }

    /// The deciding player applies effect `k` of those still to be ordered next; with one
    /// left, it comes last. Then the step begins again: the next choice, or the damage.
    pub(super) fn choose_order(&mut self, k: usize) {
        let mut left = SmallVec::new();
        if self.order_choice(&mut left).is_some() {
            let mut ids: Vec<u32> = self
                .state
                .game
                .replacement_effects()
                .iter()
                .filter(|e| e.ordered)
                .map(|e| e.id)
                .collect();
            ids.push(left[k]);
            if left.len() == 2 {
                ids.push(left[1 - k]);
            }
            // At most the effects of the game, which the kernel can order.
            let _ = self
                .state
                .game
                .order_replacement_effects_across_groups(&ids);
        }
        self.state.pending = Pending::Begin;
    }

    /// After the damage: the choices were for that event only.
    pub(super) fn order_chosen(&mut self) {
        if self
            .state
            .game
            .replacement_effects()
            .iter()
            .any(|e| e.ordered)
        {
            let _ = self.state.game.order_replacement_effects_across_groups(&[]);
        }
    }

    /// The effect's name in the kernel (`"prevent"`, `"damage_plus"`...).
    pub(crate) fn effect_name(&self, id: u32) -> &'static str {
        self.state
            .game
            .replacement_effects()
            .iter()
            .find(|e| e.id == id)
            .map_or("effect", |e| e.effect.name())
    }
}
