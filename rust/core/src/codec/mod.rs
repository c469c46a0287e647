//! The binary format of a game (docs/FORMAT.md): compact, versioned, little-endian.
//!
//! `decode` treats its input as hostile: every length and count is checked against the bytes
//! that remain before anything is allocated, every id and index is range-checked, and the
//! decoded state must satisfy the invariants the engine relies on. The ranges it accepts are the
//! API's own (`crate::limits`): whatever a game can hold, its bytes hold and decode.
//!
//! One file per section of the format, each with its writer and its reader, in the order of the
//! bytes; `read.rs` and `write.rs` are the primitives. What differs between the versions the
//! decoder reads is named once, in [`Format`]: a section asks for a field by what it is.

mod cards;
mod continuous;
mod cost_modifiers;
mod entities;
mod filters;
mod header;
mod kinds;
mod read;
mod regeneration;
mod replacement;
mod shield_lists;
mod write;

use crate::error::Result;
use crate::game::{
    ContinuousEffect, CostModifier, EffectKinds, Entity, Game, Printed, ReplacementEffect, Scratch,
};
use crate::kinds::KindTable;
use crate::names::NameTable;
use header::Header;
use std::sync::Arc;

pub const MAGIC: &[u8; 4] = b"CSTG";
/// The version the encoder writes.
pub const VERSION: u16 = 6;
/// The oldest version the decoder still reads; [`Format::of`] says how each differs.
pub const OLDEST_VERSION: u16 = 1;

/// What the bytes of one format version hold beyond version 1 (docs/FORMAT.md §7): the one place
/// where the versions the decoder reads differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Format {
    /// An entity's flags have bit 5, tapped (§2.4).
    tapped: bool,
    /// Prevention shields and redirections are in lists of their own (§2.5, §2.6); later, they
    /// are replacement effects.
    shield_lists: bool,
    /// The regeneration shields section (§2.6a).
    regeneration_shields: bool,
    /// The replacement effects section (§2.6b).
    replacement_effects: bool,
    /// A replacement effect has its target, by and to (§2.6b).
    effect_targets: bool,
    /// The continuous effects section (§2.8).
    continuous_effects: bool,
    /// A card has its flags byte: token and supertypes (§2.3).
    card_flags: bool,
    /// A replacement effect has its combat byte (§2.6b).
    combat_effects: bool,
    /// A replacement effect has its ordered byte (§2.6b, 616.1).
    ordered_effects: bool,
    /// Each clause of a continuous effect's filter has its own "other" and subtype (§2.8);
    /// before, one "other" comes first for the whole filter, and no clause names a subtype.
    clause_subtypes: bool,
    /// The header has the active player (§2.1, 102.1), and a continuous effect may be a filter
    /// with a condition (record 6) or read "during your turn" (§2.8).
    active_player: bool,
    /// A replacement effect may be "enters_tapped", "exile_instead_of_dying", "losing_cant",
    /// "hexproof" or "prevent_noncombat_other" (effects 15 to 19, §2.6b).
    enters_tapped_effects: bool,
}

impl Format {
    /// The format of `version`, if the decoder reads it.
    fn of(version: u16) -> Option<Format> {
        (OLDEST_VERSION..=VERSION)
            .contains(&version)
            .then_some(Format {
                tapped: version >= 2,
                shield_lists: version <= 2,
                regeneration_shields: version >= 2,
                replacement_effects: version >= 2,
                effect_targets: version >= 3,
                continuous_effects: version >= 3,
                card_flags: version >= 4,
                combat_effects: version >= 4,
                ordered_effects: version >= 5,
                clause_subtypes: version >= 5,
                active_player: version >= 6,
                enters_tapped_effects: version >= 6,
            })
    }
}

impl Game {
    /// Encodes the rules-relevant state (not the event log, not `info`).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = write::Writer::with_capacity(64 + self.entities.len() * 96);
        header::write(&mut w, self);
        let kind_index = kinds::write(&mut w, self);
        cards::write(&mut w, self);
        entities::write(&mut w, self, &kind_index);
        regeneration::write(&mut w, self);
        replacement::write(&mut w, self);
        cost_modifiers::write(&mut w, self);
        continuous::write(&mut w, self);
        w.into_bytes()
    }

    /// Decodes bytes made by `to_bytes` (of this version or an older one it still reads);
    /// `ValueError` on anything malformed.
    pub fn from_bytes(data: &[u8]) -> Result<Game> {
        let mut r = read::Reader::new(data);
        let header = header::read(&mut r)?;
        let mut kinds = KindTable::default();
        let kind_map = kinds::read(&mut r, &mut kinds)?;
        let mut names = NameTable::default();
        let printed = cards::read(&mut r, &header, &mut names)?;
        let entities = entities::read(&mut r, &header, &kind_map, &printed, &mut names)?;
        let listed = shield_lists::read(&mut r, header.format, entities.len())?;
        let regenerations = regeneration::read(&mut r, header.format, &entities)?;
        let (mut next_effect_id, mut replacements) =
            replacement::read(&mut r, &header, &mut kinds, &entities)?;
        // The shields and redirections of the old lists come after the other effects.
        shield_lists::append_as_effects(listed, &mut replacements, &mut next_effect_id)?;
        let cost_modifiers = cost_modifiers::read(&mut r, &header, &entities, &mut names)?;
        let (next_continuous_id, continuous) =
            continuous::read(&mut r, &header, &entities, &mut names)?;
        r.finish()?;
        Ok(Sections {
            kinds,
            names,
            printed,
            entities,
            regenerations,
            replacements,
            next_effect_id,
            cost_modifiers,
            continuous,
            next_continuous_id,
        }
        .into_game(&header))
    }
}

/// Every section read, checked.
struct Sections {
    kinds: KindTable,
    names: NameTable,
    printed: Vec<Arc<Printed>>,
    entities: Vec<Entity>,
    regenerations: Vec<u32>,
    replacements: Vec<ReplacementEffect>,
    next_effect_id: u32,
    cost_modifiers: Vec<CostModifier>,
    continuous: Vec<ContinuousEffect>,
    next_continuous_id: u32,
}

impl Sections {
    /// The game they make, with what it derives from its state (zones, hashes, the effects'
    /// kinds and controllers) computed, not read.
    fn into_game(self, header: &Header) -> Game {
        let players = header.players;
        let mut g = Game {
            ruleset: header.ruleset,
            num_players: players,
            active_player: header.active_player,
            seed: header.seed,
            rng: header.rng(),
            rng_draws: header.rng_draws,
            entities: crate::game::store::EntityStore::from_vec(self.entities),
            printed: Arc::new(self.printed),
            kinds: Arc::new(self.kinds),
            subtype_names: Arc::new(self.names),
            regenerations: self.regenerations,
            effect_kinds: EffectKinds::of(&self.replacements),
            replacements: self.replacements,
            next_effect_id: self.next_effect_id,
            continuous: self.continuous,
            next_continuous_id: self.next_continuous_id,
            cost_modifiers: self.cost_modifiers,
            events: Vec::new(),
            record_events: header.record_events,
            entity_hash: 0,
            effects_hash: 0,
            scratch: Scratch::default(),
            huge: false,
            sba_effects: None,
            tap_changes: Default::default(),
            zones: Default::default(),
        };
        g.zones = crate::game::ZoneIndex::build(players as usize, g.entities.iter());
        g.huge = g.entities.iter().any(|e| {
            e.damage > crate::game::HUGE
                || e.life.unsigned_abs() > crate::game::HUGE
                || e.counters.iter().any(|(_, n)| n > crate::game::HUGE)
        });
        g.entity_hash = g.compute_entity_hash();
        g.effects_hash = g.compute_effects_hash();
        g.refresh_effect_controllers();
        g
    }
}

#[cfg(test)]
mod tests;
