//! Structural equality of two games, comparing interned names by name across tables.

use super::{Affected, Change, ContinuousEffect};
use super::{CostModifier, Entity, Game, Printed};
use crate::counters::CounterSet;
use crate::names::{Subtype, Subtypes};
use std::sync::Arc;

/// Structural equality of the rules-relevant state (not events, not info).
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        // Subtype ids are per table: compare names unless both games share one table.
        let same_table = Arc::ptr_eq(&self.subtype_names, &other.subtype_names);
        let names_eq = |x: &[Subtype], y: &[Subtype]| {
            if same_table {
                x == y
            } else {
                self.subtype_names.same_names(x, &other.subtype_names, y)
            }
        };
        let without_subtypes = |m: &CostModifier| CostModifier {
            subtypes: Subtypes::new(),
            ..m.clone()
        };
        if self.ruleset != other.ruleset
            || self.num_players != other.num_players
            || self.active_player != other.active_player
            || self.entities.len() != other.entities.len()
            || self.regenerations != other.regenerations
            || self.next_effect_id != other.next_effect_id
            || self.next_continuous_id != other.next_continuous_id
            || self.continuous.len() != other.continuous.len()
            || !self
                .continuous
                .iter()
                .zip(&other.continuous)
                .all(|(a, b)| same_table && a == b || self.same_continuous(a, other, b))
            || self.replacements.len() != other.replacements.len()
            || !self
                .replacements
                .iter()
                .zip(&other.replacements)
                .all(|(a, b)| {
                    let same_counter = match (a.counter, b.counter) {
                        (None, None) => true,
                        (Some(x), Some(y)) => self.kinds.name(x) == other.kinds.name(y),
                        _ => false,
                    };
                    same_counter
                        && a.id == b.id
                        && a.effect == b.effect
                        && a.source == b.source
                        && a.controller == b.controller
                        && a.affects == b.affects
                        && a.sources == b.sources
                        && a.until_end_of_turn == b.until_end_of_turn
                        && (a.target, a.by, a.to) == (b.target, b.by, b.to)
                        && (a.combat, a.ordered) == (b.combat, b.ordered)
                })
            || self.cost_modifiers.len() != other.cost_modifiers.len()
            || !self
                .cost_modifiers
                .iter()
                .zip(&other.cost_modifiers)
                .all(|(a, b)| {
                    without_subtypes(a) == without_subtypes(b) && names_eq(&a.subtypes, &b.subtypes)
                })
        {
            return false;
        }
        let same_kinds = Arc::ptr_eq(&self.kinds, &other.kinds);
        self.entities
            .iter()
            .zip(other.entities.iter())
            .all(|(a, b)| {
                let counters_equal = if same_kinds {
                    a.counters.len() == b.counters.len()
                        && a.counters.iter().all(|(k, n)| b.counters.get(k) == n)
                } else {
                    a.counters.len() == b.counters.len()
                        && a.counters.iter().all(|(k, n)| {
                            other
                                .kinds
                                .lookup(self.kinds.name(k))
                                .is_some_and(|ok| b.counters.get(ok) == n)
                        })
                };
                let printed_equal = a.is_player || {
                    let (pa, pb) = (self.printed(a), other.printed(b));
                    Printed {
                        subtypes: Subtypes::new(),
                        ..pa.clone()
                    } == Printed {
                        subtypes: Subtypes::new(),
                        ..pb.clone()
                    } && names_eq(&pa.subtypes, &pb.subtypes)
                };
                counters_equal
                    && printed_equal
                    && names_eq(&a.subtypes, &b.subtypes)
                    && Entity {
                        counters: CounterSet::default(),
                        printed: 0,
                        subtypes: Subtypes::new(),
                        ..a.clone()
                    } == Entity {
                        counters: CounterSet::default(),
                        printed: 0,
                        subtypes: Subtypes::new(),
                        ..b.clone()
                    }
            })
    }
}

impl Game {
    /// Whether two continuous effects of two games are the same, their filters' subtypes
    /// compared by name (ids are per table).
    fn same_continuous(&self, a: &ContinuousEffect, other: &Game, b: &ContinuousEffect) -> bool {
        let without = |c: &ContinuousEffect| ContinuousEffect {
            affected: Affected::This,
            change: match c.change {
                Change::AddSubtype(_) => Change::AddSubtype(Subtype(0)),
                change => change,
            },
            ..c.clone()
        };
        // 613.1d: an added subtype, by name.
        let same_subtype = match (a.change, b.change) {
            (Change::AddSubtype(s), Change::AddSubtype(t)) => {
                self.subtype_name(s) == other.subtype_name(t)
            }
            _ => true,
        };
        let same_filter = match (&a.affected, &b.affected) {
            (Affected::FilterIf(p, _), Affected::FilterIf(q, _)) if p != q => false,
            (Affected::Filter(x), Affected::Filter(y))
            | (Affected::ThisWhile(x), Affected::ThisWhile(y))
            | (Affected::FilterIf(_, x), Affected::FilterIf(_, y)) => {
                x.len() == y.len()
                    && x.iter().zip(y).all(|(p, q)| {
                        p.clause == q.clause
                            && p.other == q.other
                            && p.with == q.with
                            && match (p.subtype, q.subtype) {
                                (None, None) => true,
                                (Some(s), Some(t)) => self.subtype_name(s) == other.subtype_name(t),
                                _ => false,
                            }
                    })
            }
            (x, y) => x == y,
        };
        same_filter && same_subtype && without(a) == without(b)
    }
}

impl Eq for Game {}

/// The game's own hash (`Game::hash`): equal games hash equal.
impl std::hash::Hash for Game {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(Game::hash(self));
    }
}
