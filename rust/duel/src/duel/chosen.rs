//! "As this artifact enters, choose a color." (614.12, 607.2: Heraldic Banner): its
//! controller chooses a colour for the permanent (an `option` decision, OPTION k the k-th of
//! white, blue, black, red, green), which the permanent remembers while it stays on the
//! battlefield (400.7: a new object chooses anew). Simplification: the choice is made at the
//! first state-based check after it enters, before any player receives priority. Its bonus
//! ("Creatures you control of the chosen color get +1/+0.", layer 7c) is one kernel effect on
//! the creatures its controller controls of that colour now (105.2, 613.1e), made current at
//! every state-based check; the kernel ends it as the permanent leaves (611.3a) and stops
//! applying it while the permanent has lost all abilities (613.1f).

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
pub(crate) type ChosenColours = super::lists::HashedWhenAny<ChosenColour>;

impl Duel {
    /// Whether a card of the pool chooses a colour or a creature type as it enters, or has a
    /// bonus counted at each check (`GetsPerGraveyardCard`; none: nothing to look for).
    #[inline]
    pub(crate) fn pool_chooses_colours(&mut self) -> bool {
        let pool = self.state.pool;
        *self.cache.colour_cards.get_or_insert_with(|| {
            (0..pool.len()).any(|c| {
                let f = pool.facts(c as CardId);
                f.chooses_colour.is_some()
                    || f.chooses_type.is_some()
                    || f.gets_per_graveyard.is_some()
            })
        })
    }

    /// The permanent whose colour is to be chosen next: of those on the battlefield with
    /// `ChooseAColour` and no colour chosen yet, the first to enter (the lowest id).
    pub(crate) fn colour_choice(&self) -> Option<u32> {
        self.first_to_choose(
            |f| f.chooses_colour.is_some(),
            |id| self.state.chosen_colours.0.iter().any(|e| e.object == id),
        )
    }

    /// Of the permanents on the battlefield whose card chooses something as it enters
    /// (`chooses`) and that haven't chosen yet (`chosen`), the first to enter (the lowest id).
    fn first_to_choose(
        &self,
        chooses: impl Fn(&cardstate_effects::CardFacts) -> bool,
        chosen: impl Fn(u32) -> bool,
    ) -> Option<u32> {
        (0..2)
            .flat_map(|p| self.battlefield(p).iter().copied())
            .filter(|&id| {
                let c = self.card_of(id);
                c != NO_CARD && chooses(self.state.pool.facts(c)) && !chosen(id)
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
                let old = self.state.chosen_colours.0[i].effect.take();
                let effect = self.bonus_effect_again(old, object, &now, (power, toughness));
                let e = &mut self.state.chosen_colours.0[i];
                e.affected = now;
                e.effect = effect;
            }
            i += 1;
        }
    }
}

/// A permanent's chosen creature type (607.2, 614.12: Banner of Kinship, Secluded
/// Courtyard) and its bonus's kernel effect.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ChosenType {
    pub(crate) object: u32,
    /// The creature type's name (205.3m); empty: none could be offered (`type_options`).
    pub(crate) name: Box<str>,
    /// The creatures the bonus applies to (ascending), the bonus it gives now and its kernel
    /// effect (none: none).
    pub(crate) affected: SmallVec<[u32; 4]>,
    pub(crate) bonus: (i32, i32),
    pub(crate) effect: Option<u32>,
}

/// The creature types chosen for permanents on the battlefield, in the order they were
/// chosen; hashed only when there are some.
pub(crate) type ChosenTypes = super::lists::HashedWhenAny<ChosenType>;

impl Duel {
    /// The permanent whose creature type is to be chosen next: of those on the battlefield
    /// with `ChooseACreatureType` and no type chosen yet, the first to enter (the lowest id).
    pub(crate) fn type_choice(&self) -> Option<u32> {
        self.first_to_choose(
            |f| f.chooses_type.is_some(),
            |id| self.state.chosen_types.0.iter().any(|e| e.object == id),
        )
    }

    /// The creature types offered to the controller of permanent `id` as it chooses one (the
    /// duel can't offer all of them, 205.3m): the creature types of the creature cards in that
    /// player's library, hand, graveyard and exile and of the permanents it controls (its
    /// card's, a token's too), those most of them have first, then by name; at most
    /// `OPTION_SLOTS`. OPTION k chooses the k-th.
    pub(crate) fn type_options(&self, id: u32) -> SmallVec<[&'static str; 16]> {
        let p = self.permanent_controller(id);
        let db = self.state.pool.db();
        let side = &self.state.sides[p];
        let objects = [self.battlefield(p), self.graveyard(p), self.exile(p)];
        let cards = side
            .library
            .0
            .iter()
            .chain(side.hand.0.iter())
            .copied()
            .chain(
                objects
                    .iter()
                    .flat_map(|zone| zone.iter().map(|&x| self.card_of(x))),
            )
            .filter(|&c| c != NO_CARD);
        let mut counts: Vec<(&'static str, u32)> = Vec::new();
        for c in cards {
            let card = db.card(cardstate_effects::CardId(c));
            if !card.types.iter().any(|t| t == "creature") {
                continue;
            }
            for s in &card.subtypes {
                match counts.iter_mut().find(|(n, _)| *n == s.as_str()) {
                    Some((_, k)) => *k += 1,
                    None => counts.push((s.as_str(), 1)),
                }
            }
        }
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        counts
            .into_iter()
            .take(crate::actions::OPTION_SLOTS as usize)
            .map(|(n, _)| n)
            .collect()
    }

    /// The creature type chosen for permanent `id` (none before one is).
    pub(crate) fn chosen_type(&self, id: u32) -> Option<&str> {
        self.state
            .chosen_types
            .0
            .iter()
            .find(|e| e.object == id)
            .map(|e| &*e.name)
    }

    /// Whether permanent `x` has creature type `name` now (205.3m; layer 4).
    fn has_type_now(&self, x: u32, name: &str) -> bool {
        let game = &self.state.game;
        match (game.entity(x), game.subtype_id(name)) {
            (Ok(e), Some(s)) => game.has_subtype_at(x, e, s),
            _ => false,
        }
    }

    /// The creatures player p controls of creature type `name` now.
    fn creatures_of_type(&self, p: usize, name: &str) -> SmallVec<[u32; 4]> {
        self.battlefield(p)
            .iter()
            .copied()
            .filter(|&x| !name.is_empty() && self.is_creature(x) && self.has_type_now(x, name))
            .collect()
    }

    /// Creature type `name` is chosen for permanent `id` (614.12): with a counter, it enters
    /// with one for each creature its controller controls of that type (614.1c).
    fn note_chosen_type(&mut self, id: u32, name: &str) {
        self.state.chosen_types.0.push(ChosenType {
            object: id,
            name: name.into(),
            affected: SmallVec::new(),
            bonus: (0, 0),
            effect: None,
        });
        let c = self.card_of(id);
        if c != NO_CARD && self.state.pool.facts(c).chooses_type_counters {
            let counter = self
                .db()
                .card(cardstate_effects::CardId(c))
                .abilities
                .iter()
                .find_map(|a| match a {
                    cardstate_effects::Ability::ChooseACreatureType {
                        counter: Some(k), ..
                    } => Some(k.as_str()),
                    _ => None,
                });
            let p = self.permanent_controller(id);
            let n = self.creatures_of_type(p, name).len() as u64;
            if let Some(k) = counter {
                let _ = self.state.game.add_counters(id, k, n);
                self.absorb_events();
            }
        }
        // Its mana may pay for other spells now: the memos of the mana sources are stale.
        let p = self.permanent_controller(id);
        self.cache.source_changes[p] = self.cache.source_changes[p].wrapping_add(1);
        self.mana_pool_changed();
    }

    /// The permanent of `type_choice` gets a creature type without a decision when none can
    /// be offered (no creature card among its controller's: a type none of them has); returns
    /// whether one waits for its controller's decision.
    pub(crate) fn type_choice_due(&mut self) -> bool {
        while let Some(id) = self.type_choice() {
            if !self.type_options(id).is_empty() {
                return true;
            }
            self.note_chosen_type(id, "");
        }
        false
    }

    /// The deciding player chooses the k-th of `type_options` for the permanent of
    /// `type_choice`; the state-based check goes on.
    pub(super) fn choose_type(&mut self, k: usize) {
        if let Some(id) = self.type_choice() {
            if let Some(name) = self.type_options(id).get(k).copied() {
                self.note_chosen_type(id, name);
            }
        }
        self.state.pending = if self.state.step == Step::Cleanup {
            Pending::Begin
        } else {
            Pending::Priority
        };
    }

    /// Makes each chosen type's bonus current: an entry of a permanent that left is
    /// forgotten (its effect ended with it, 611.3a); the bonus (for each of its counters, for
    /// a card that names one) applies to the creatures its controller controls of its type
    /// now, a new effect when they or the bonus changed.
    pub(crate) fn sync_chosen_types(&mut self) {
        let mut i = 0;
        while i < self.state.chosen_types.0.len() {
            let object = self.state.chosen_types.0[i].object;
            let here = self
                .state
                .game
                .entity(object)
                .is_ok_and(|x| x.is_permanent());
            if !here {
                self.state.chosen_types.0.remove(i);
                continue;
            }
            let c = self.card_of(object);
            let facts = self.state.pool.facts(c);
            let (mut power, mut toughness) = facts.chooses_type.unwrap_or((0, 0));
            if facts.chooses_type_counters {
                let n = self.type_counters(object, c);
                power = power.saturating_mul(n);
                toughness = toughness.saturating_mul(n);
            }
            let p = self.permanent_controller(object);
            let name = self.state.chosen_types.0[i].name.clone();
            let now = self.creatures_of_type(p, &name);
            let e = &self.state.chosen_types.0[i];
            if now != e.affected || (power, toughness) != e.bonus {
                let old = self.state.chosen_types.0[i].effect.take();
                let effect = self.bonus_effect_again(old, object, &now, (power, toughness));
                let e = &mut self.state.chosen_types.0[i];
                e.affected = now;
                e.bonus = (power, toughness);
                e.effect = effect;
            }
            i += 1;
        }
    }

    /// The counters named by card c's `ChooseACreatureType` on permanent `id`.
    fn type_counters(&self, id: u32, c: CardId) -> i32 {
        let game = &self.state.game;
        self.db()
            .card(cardstate_effects::CardId(c))
            .abilities
            .iter()
            .find_map(|a| match a {
                cardstate_effects::Ability::ChooseACreatureType {
                    counter: Some(k), ..
                } => game.lookup_kind(k),
                _ => None,
            })
            .and_then(|k| game.entity(id).ok().map(|e| e.counters.get(k)))
            .map_or(0, |n| n.min(i32::MAX as u64) as i32)
    }
}
