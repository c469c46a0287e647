//! The observation's layout, schema 2 (docs/DUEL.md, "Observations"): its sections and their
//! fields in order, each field's offset and size, and the schema's id. Nothing here depends on
//! the card pool: a card is described by its characteristics and its identity (its index in the
//! pool + 1), never by a one-hot over the pool.

use std::sync::OnceLock;

use crate::actions::{
    EXILE_SLOTS, GRAVEYARD_SLOTS, HAND_SLOTS, OPTION_SLOTS, PERMANENT_SLOTS, STACK_SLOTS,
};
use crate::duel::decision::DECISION_NAMES;

/// The schema's version: the first part of [`schema_id`].
pub const SCHEMA_VERSION: u32 = 2;

/// A list of fields: (name, size).
pub type Fields = [(&'static str, usize)];

/// The first fields of every observation: the game and the decision.
pub const GLOBAL_FIELDS: [(&str, usize); 10] = [
    ("turn", 1),
    ("step", 13),
    ("active", 1),
    ("deciding", 1),
    ("decision", DECISION_NAMES.len()),
    ("stack_size", 1),
    ("number_min", 1),
    ("number_max", 1),
    ("subject", 2 * PERMANENT_SLOTS as usize),
    ("subject_player", 2),
];

/// Each player's fields (the observer's, then the opponent's).
pub const PLAYER_FIELDS: [(&str, usize); 11] = [
    ("life", 1),
    ("poison", 1),
    ("energy", 1),
    ("hand_size", 1),
    ("library_size", 1),
    ("graveyard_size", 1),
    ("exile_size", 1),
    ("permanents", 1),
    ("land_played", 1),
    ("drew_from_empty", 1),
    ("mulligans", 1),
];

/// A card's description: printed characteristics, or a permanent's current ones.
pub const DESCRIPTOR_FIELDS: [(&str, usize); 14] = [
    ("present", 1),
    ("card", 1),
    ("mana_value", 1),
    ("colours", 5),
    ("types", 9),
    ("legendary", 1),
    ("basic", 1),
    ("power", 1),
    ("toughness", 1),
    ("loyalty", 1),
    ("keywords", 32),
    ("activated", 1),
    ("triggered", 1),
    ("token", 1),
];

/// A card's short description (graveyards and exile).
pub const COMPACT_FIELDS: [(&str, usize); 7] = [
    ("present", 1),
    ("card", 1),
    ("mana_value", 1),
    ("colours", 5),
    ("types", 9),
    ("power", 1),
    ("toughness", 1),
];

/// A permanent's status, after its descriptor.
pub const PERMANENT_FIELDS: [(&str, usize); 12] = [
    ("tapped", 1),
    ("summoning_sick", 1),
    ("attacking", 1),
    ("blocking", 1),
    ("blocked", 1),
    ("damage", 1),
    ("plus_one_counters", 1),
    ("minus_one_counters", 1),
    ("loyalty_counters", 1),
    ("other_counters", 1),
    ("controller_not_owner", 1),
    ("subject", 1),
];

/// A stack slot's fields, after its descriptor.
pub const STACK_FIELDS: [(&str, usize); 2] = [("controlled", 1), ("kind", 3)];

/// An option slot's fields, before its descriptor.
pub const OPTION_FIELDS: [(&str, usize); 1] = [("offered", 1)];

/// An emblem slot's fields (114): its identity.
pub const EMBLEM_FIELDS: [(&str, usize); 1] = [("card", 1)];

/// The emblems shown of each player (114.1: in its command zone), in the order it got them; a
/// fifth and later aren't shown (simplification).
pub const EMBLEM_SLOTS: usize = 4;

/// Where field `name` begins among `fields` (a compile-time error if there is none).
pub const fn field_at(fields: &Fields, name: &str) -> usize {
    let mut at = 0;
    let mut i = 0;
    while i < fields.len() {
        let (a, b) = (fields[i].0.as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut k = 0;
            while k < a.len() && a[k] == b[k] {
                k += 1;
            }
            if k == a.len() {
                return at;
            }
        }
        at += fields[i].1;
        i += 1;
    }
    panic!("no such field")
}

const fn width(fields: &Fields) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < fields.len() {
        n += fields[i].1;
        i += 1;
    }
    n
}

pub const DESCRIPTOR: usize = width(&DESCRIPTOR_FIELDS);
pub const COMPACT: usize = width(&COMPACT_FIELDS);
pub const PLAYER: usize = width(&PLAYER_FIELDS);
/// A permanent slot: its descriptor and its status.
pub const PERMANENT: usize = DESCRIPTOR + width(&PERMANENT_FIELDS);
/// A stack slot: its descriptor, controlled by the observer, its kind.
pub const STACK_ITEM: usize = DESCRIPTOR + width(&STACK_FIELDS);
/// An option slot: offered, and its card's descriptor.
pub const OPTION: usize = width(&OPTION_FIELDS) + DESCRIPTOR;
/// An emblem slot.
pub const EMBLEM: usize = width(&EMBLEM_FIELDS);

/// Where each section begins.
pub const SOURCE_AT: usize = width(&GLOBAL_FIELDS);
pub const PLAYERS_AT: usize = SOURCE_AT + DESCRIPTOR;
pub const HAND_AT: usize = PLAYERS_AT + 2 * PLAYER;
pub const PERMANENTS_AT: usize = HAND_AT + HAND_SLOTS as usize * DESCRIPTOR;
pub const STACK_AT: usize = PERMANENTS_AT + 2 * PERMANENT_SLOTS as usize * PERMANENT;
pub const GRAVEYARDS_AT: usize = STACK_AT + STACK_SLOTS as usize * STACK_ITEM;
pub const EXILE_AT: usize = GRAVEYARDS_AT + 2 * GRAVEYARD_SLOTS as usize * COMPACT;
pub const OPTIONS_AT: usize = EXILE_AT + 2 * EXILE_SLOTS as usize * COMPACT;
pub const EMBLEMS_AT: usize = OPTIONS_AT + OPTION_SLOTS as usize * OPTION;
/// The observation's length (the same for every pool).
pub const OBSERVATION_LEN: usize = EMBLEMS_AT + 2 * EMBLEM_SLOTS * EMBLEM;

const _: () = assert!(DESCRIPTOR == 57 && COMPACT == 19 && PERMANENT == 69);
const _: () = assert!(OBSERVATION_LEN == 6728);

/// One feature of the observation: its name, first column and number of columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feature {
    pub name: String,
    pub offset: usize,
    pub size: usize,
}

/// Every feature of the observation, in order: they cover it exactly once. Names are
/// `field`, `section.field` or `section[i].field` (docs/DUEL.md lists them).
pub fn features() -> &'static [Feature] {
    static FEATURES: OnceLock<Vec<Feature>> = OnceLock::new();
    FEATURES.get_or_init(|| {
        let mut out = Vec::new();
        let mut at = 0;
        let mut add = |prefix: &str, fields: &Fields| {
            for &(name, size) in fields {
                out.push(Feature {
                    name: format!("{prefix}{name}"),
                    offset: at,
                    size,
                });
                at += size;
            }
        };
        add("", &GLOBAL_FIELDS);
        add("source.", &DESCRIPTOR_FIELDS);
        for i in 0..2 {
            add(&format!("players[{i}]."), &PLAYER_FIELDS);
        }
        for i in 0..HAND_SLOTS {
            add(&format!("hand[{i}]."), &DESCRIPTOR_FIELDS);
        }
        for side in ["mine", "theirs"] {
            for j in 0..PERMANENT_SLOTS {
                let prefix = format!("{side}[{j}].");
                add(&prefix, &DESCRIPTOR_FIELDS);
                add(&prefix, &PERMANENT_FIELDS);
            }
        }
        for s in 0..STACK_SLOTS {
            let prefix = format!("stack[{s}].");
            add(&prefix, &DESCRIPTOR_FIELDS);
            add(&prefix, &STACK_FIELDS);
        }
        for (zone, slots) in [
            ("my_graveyard", GRAVEYARD_SLOTS),
            ("their_graveyard", GRAVEYARD_SLOTS),
            ("my_exile", EXILE_SLOTS),
            ("their_exile", EXILE_SLOTS),
        ] {
            for g in 0..slots {
                add(&format!("{zone}[{g}]."), &COMPACT_FIELDS);
            }
        }
        for k in 0..OPTION_SLOTS {
            let prefix = format!("options[{k}].");
            add(&prefix, &OPTION_FIELDS);
            add(&prefix, &DESCRIPTOR_FIELDS);
        }
        for side in ["my_emblems", "their_emblems"] {
            for m in 0..EMBLEM_SLOTS {
                add(&format!("{side}[{m}]."), &EMBLEM_FIELDS);
            }
        }
        debug_assert_eq!(at, OBSERVATION_LEN);
        out
    })
}

/// The schema's id: `duel-<version>:` and 16 hex digits of a hash of the feature list (64-bit
/// FNV-1a over each feature's `name:size` and a newline). It changes whenever the layout does.
pub fn schema_id() -> &'static str {
    static ID: OnceLock<String> = OnceLock::new();
    ID.get_or_init(|| {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for f in features() {
            for &b in format!("{}:{}\n", f.name, f.size).as_bytes() {
                h ^= b as u64;
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        }
        format!("duel-{SCHEMA_VERSION}:{h:016x}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_features_cover_the_observation_once_in_order() {
        let mut at = 0;
        let mut names = std::collections::HashSet::new();
        for f in features() {
            assert_eq!(f.offset, at, "{}", f.name);
            assert!(f.size > 0, "{}", f.name);
            assert!(names.insert(f.name.as_str()), "{} twice", f.name);
            at += f.size;
        }
        assert_eq!(at, OBSERVATION_LEN);
        let at = |name: &str| features().iter().find(|f| f.name == name).unwrap().offset;
        assert_eq!(at("source.present"), SOURCE_AT);
        assert_eq!(at("players[0].life"), PLAYERS_AT);
        assert_eq!(at("hand[0].present"), HAND_AT);
        assert_eq!(at("mine[0].present"), PERMANENTS_AT);
        assert_eq!(
            at("theirs[0].present"),
            PERMANENTS_AT + PERMANENT_SLOTS as usize * PERMANENT
        );
        assert_eq!(at("stack[0].present"), STACK_AT);
        assert_eq!(at("my_graveyard[0].present"), GRAVEYARDS_AT);
        assert_eq!(at("my_exile[0].present"), EXILE_AT);
        assert_eq!(at("options[0].offered"), OPTIONS_AT);
        assert!(schema_id().starts_with("duel-2:") && schema_id().len() == 7 + 16);
    }
}
