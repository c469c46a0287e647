//! Observation tensors for agents: one row per entity, one column per feature, written straight
//! into a caller's buffer (numpy memory in the bindings) without building Python objects.

use crate::game::Game;
use crate::keywords::{KEYWORD_NAMES, TYPE_NAMES};
use crate::kinds::{Kind, BUILTIN_NAMES};

/// The fixed columns, before the keyword, type and counter columns.
pub const BASE_FEATURES: &[&str] = &[
    "present",
    "player",
    "zone",
    "controller",
    "owner",
    "life",
    "lost",
    "damage",
    "deathtouched",
    "power",
    "toughness",
    "strength",
    "lives",
    "movement",
    "elite",
];

/// Names of every column for the given extra counter kinds (built-in kinds always come first).
pub fn feature_names(extra_kinds: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = BASE_FEATURES.iter().map(|s| s.to_string()).collect();
    names.extend(KEYWORD_NAMES.iter().map(|k| format!("keyword:{k}")));
    names.extend(TYPE_NAMES.iter().map(|t| format!("type:{t}")));
    names.extend(BUILTIN_NAMES.iter().map(|k| format!("counter:{k}")));
    names.extend(extra_kinds.iter().map(|k| format!("counter:{k}")));
    names
}

pub fn feature_count(extra_kinds: usize) -> usize {
    BASE_FEATURES.len() + KEYWORD_NAMES.len() + TYPE_NAMES.len() + BUILTIN_NAMES.len() + extra_kinds
}

impl Game {
    /// Writes the observation (`num_entities()` rows × `feature_count(extra.len())` columns,
    /// row-major) into `out`, which must be exactly that long. Objects that left their zone
    /// (last known information) and absent values are rows/columns of zeros; `present` is 1 for
    /// players and for objects that haven't left.
    pub fn observe_into(&self, extra: &[&str], out: &mut [f32]) {
        let cols = feature_count(extra.len());
        assert_eq!(
            out.len(),
            cols * self.entities.len(),
            "observation buffer size"
        );
        out.fill(0.0);
        let extra_kinds: Vec<Option<Kind>> = extra.iter().map(|n| self.lookup_kind(n)).collect();
        let kw0 = BASE_FEATURES.len();
        let ty0 = kw0 + KEYWORD_NAMES.len();
        let ct0 = ty0 + TYPE_NAMES.len();
        let ex0 = ct0 + BUILTIN_NAMES.len();
        for (i, e) in self.entities.iter().enumerate() {
            if e.gone {
                continue;
            }
            let row = &mut out[i * cols..(i + 1) * cols];
            let opt = |v: Option<i128>| v.map_or(0.0, |v| v as f32);
            row[0] = 1.0;
            row[1] = e.is_player as u8 as f32;
            row[2] = e.zone as u8 as f32;
            row[3] = e.controller as f32;
            row[4] = e.owner as f32;
            row[5] = e.life as f32;
            row[6] = e.lost as u8 as f32;
            row[7] = e.damage as f32;
            row[8] = e.deathtouched as u8 as f32;
            if !e.is_player {
                let (power, toughness) = self.power_toughness_at(i as u32, e);
                row[9] = opt(power);
                row[10] = opt(toughness);
                row[11] = opt(Self::unclamped_strength(e).map(|s| s.max(0)));
                row[12] = opt(Self::lives_of(e));
                row[13] = e.movement.map_or(0.0, |m| m as f32);
                row[14] = e.elite as u8 as f32;
            }
            let kw = self.keywords_at(i as u32, e);
            for (b, slot) in row[kw0..ty0].iter_mut().enumerate() {
                *slot = (kw.0 >> b & 1) as f32;
            }
            for (b, slot) in row[ty0..ct0].iter_mut().enumerate() {
                *slot = (e.types.0 >> b & 1) as f32;
            }
            for (k, n) in e.counters.iter() {
                if (k.0 as usize) < BUILTIN_NAMES.len() {
                    row[ct0 + k.0 as usize] = n as f32;
                }
            }
            for (j, k) in extra_kinds.iter().enumerate() {
                if let Some(k) = k {
                    row[ex0 + j] = e.counters.get(*k) as f32;
                }
            }
        }
    }
}
