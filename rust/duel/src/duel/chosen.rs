//! "As this artifact enters, choose a color." (614.12, 607.2: Heraldic Banner): its
//! controller chooses a colour for the permanent (an `option` decision, OPTION k the k-th of
//! white, blue, black, red, green), which the permanent remembers while it stays on the
//! battlefield (400.7: a new object chooses anew). Simplification: the choice is made at the
//! first state-based check after it enters, before any player receives priority. Its bonus
//! ("Creatures you control of the chosen color get +1/+0.", layer 7c) is one kernel effect on
//! the creatures its controller controls of that colour now (105.2, 613.1e), made current at
//! every state-based check; the kernel ends it as the permanent leaves (611.3a) and stops
//! applying it while the permanent has lost all abilities (613.1f).

use cardstate_core::AffectedSpec;

use super::*;

/// The colours a choice offers, in WUBRG order (105.1): OPTION k chooses the k-th.
pub(crate) const COLOUR_NAMES: [&str; 5] = ["white", "blue", "black", "red", "green"];

/// A permanent's chosen colour (607.2) and its bonus's kernel effect.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ChosenColour {
    pub(crate) object: u32,
    /// The colour's index in WUBRG order.
    pub(crate) colour: u8,
    /// The creatures the bonus applies to (ascending) and its kernel effect (none: none).
    pub(crate) affected: SmallVec<[u32; 4]>,
    pub(crate) effect: Option<u32>,
}

/// The chosen colours of the permanents on the battlefield, in the order they were chosen;
/// hashed only when there are some (a state without them hashes as it did before they
/// existed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ChosenColours(pub(crate) Vec<ChosenColour>);

impl std::hash::Hash for ChosenColours {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            self.0.hash(h);
        }
    }
}

impl Duel {
    /// Whether a card of the pool chooses a colour as it enters (none: nothing to look for).
    #[inline]
    pub(crate) fn pool_chooses_colours(&mut self) -> bool {
        let pool = self.state.pool;
        *self.cache.colour_cards.get_or_insert_with(|| {
            (0..pool.len()).any(|c| pool.facts(c as CardId).chooses_colour.is_some())
        })
    }

    /// The permanent whose colour is to be chosen next: of those on the battlefield with
    /// `ChooseAColour` and no colour chosen yet, the first to enter (the lowest id).
    pub(crate) fn colour_choice(&self) -> Option<u32> {
        (0..2)
            .flat_map(|p| self.battlefield(p).iter().copied())
            .filter(|&id| {
                let c = self.card_of(id);
                c != NO_CARD
                    && self.state.pool.facts(c).chooses_colour.is_some()
                    && !self.state.chosen_colours.0.iter().any(|e| e.object == id)
            })
            .min()
    }

    /// The colour (a bit, WUBRG) chosen for permanent `id`: 0 before one is.
    pub(crate) fn chosen_colour(&self, id: u32) -> u8 {
        self.state
            .chosen_colours
            .0
            .iter()
            .find(|e| e.object == id)
            .map_or(0, |e| 1 << e.colour)
    }

    /// The deciding player chooses colour `k` (WUBRG) for the permanent of `colour_choice`;
    /// the state-based check goes on (made as a player would receive priority, or in
    /// cleanup).
    pub(super) fn choose_colour(&mut self, k: u8) {
        if let Some(id) = self.colour_choice() {
            self.state.chosen_colours.0.push(ChosenColour {
                object: id,
                colour: k,
                affected: SmallVec::new(),
                effect: None,
            });
            // Its mana ability adds that colour now: the memos of the mana sources are stale.
            let p = self.permanent_controller(id);
            self.cache.source_changes[p] = self.cache.source_changes[p].wrapping_add(1);
            self.mana_pool_changed();
        }
        self.state.pending = if self.state.step == Step::Cleanup {
            Pending::Begin
        } else {
            Pending::Priority
        };
    }

    /// The controller of permanent `id` (0 for an object that is gone).
    fn permanent_controller(&self, id: u32) -> usize {
        self.state
            .game
            .entity(id)
            .map_or(0, |e| e.controller as usize & 1)
    }

    /// Makes each chosen colour's bonus current: an entry of a permanent that left is
    /// forgotten (its effect ended with it, 611.3a); the bonus applies to the creatures its
    /// controller controls of its colour now, a new effect when they changed.
    pub(crate) fn sync_chosen_colours(&mut self) {
        let mut i = 0;
        while i < self.state.chosen_colours.0.len() {
            let e = &self.state.chosen_colours.0[i];
            let (object, bit) = (e.object, 1u8 << e.colour);
            let here = self
                .state
                .game
                .entity(object)
                .is_ok_and(|x| x.is_permanent());
            if !here {
                self.state.chosen_colours.0.remove(i);
                continue;
            }
            let c = self.card_of(object);
            let (power, toughness) = self.state.pool.facts(c).chooses_colour.unwrap_or((0, 0));
            let p = self.permanent_controller(object);
            let now: SmallVec<[u32; 4]> = self
                .battlefield(p)
                .iter()
                .copied()
                .filter(|&x| {
                    let cx = self.card_of(x);
                    cx != NO_CARD && self.is_creature(x) && self.colours_of(x, cx) & bit != 0
                })
                .collect();
            if now != self.state.chosen_colours.0[i].affected {
                if let Some(old) = self.state.chosen_colours.0[i].effect.take() {
                    let _ = self.state.game.end_continuous_effect(old);
                }
                let effect = if now.is_empty() || (power == 0 && toughness == 0) {
                    None
                } else {
                    self.state
                        .game
                        .add_continuous_effect(
                            "modify_power_toughness",
                            AffectedSpec::Ids(&now),
                            Some(object),
                            None,
                            None,
                            None,
                            Some(i64::from(power)),
                            Some(i64::from(toughness)),
                            false,
                        )
                        .ok()
                };
                let e = &mut self.state.chosen_colours.0[i];
                e.affected = now;
                e.effect = effect;
            }
            i += 1;
        }
    }
}
