//! A player or an object: the entity record and its layout.

use super::printed::opt_i32;
use super::Printed;
use crate::counters::CounterSet;
use crate::hash::combine;
use crate::keywords::{Keywords, Supertypes, Types};
use crate::names::{NameTable, Subtypes};
use crate::zones::Zone;

pub const STARTING_LIFE: i64 = 20;

/// A player or an object. Objects that changed zones keep their record as last known information.
///
/// `repr(C)` keeps the fields in this order: what damage, SBAs and counter changes read comes
/// first (the flags, types and keywords, marked damage, life, toughness, then the counters), so
/// those reads touch two cache lines of an entity rather than all four; the rest follows.
#[derive(Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Entity {
    pub is_player: bool,
    /// The object changed zones; this record is its last known information.
    pub gone: bool,
    /// Where the object is; for a gone object, where it went.
    pub zone: Zone,
    /// Dealt damage by a deathtouch source since SBAs were last checked (702.2b, 704.5h).
    pub deathtouched: bool,
    pub lost: bool,
    pub elite: bool,
    /// Tapped (a permanent's status, not a counter: proliferate never touches it).
    pub tapped: bool,
    /// A token (its card's flag, copied here for the state-based-action scan: 704.5d).
    pub token: bool,
    /// Supertypes (its card's, copied here for the legend rule's scan: 704.5j).
    pub supertypes: Supertypes,
    // Current characteristics, starting as printed.
    pub types: Types,
    pub keywords: Keywords,
    pub keywords_eot: Keywords,
    pub controller: u32,
    pub toxic: u32,
    /// Marked damage (120.3e).
    pub damage: u64,
    pub life: i64,
    pub toughness: Option<i32>,
    pub power: Option<i32>,
    pub pump_toughness: i64,
    pub counters: CounterSet,
    pub pump_power: i64,
    pub new_id: u32,
    pub owner: u32,
    /// Index of its printed card (objects).
    pub printed: u32,
    pub strength: Option<i32>,
    pub lives: Option<i32>,
    pub movement: Option<i32>,
    pub subtypes: Subtypes,
}

pub const NO_ID: u32 = u32::MAX;

impl Clone for Entity {
    /// The fixed fields copied as they are and the subtypes as one block (`SmallVec::clone`
    /// copies item by item): a copy of a game copies every entity it owns.
    /// docs/PERFORMANCE.md, "Entities copied as blocks".
    #[inline]
    fn clone(&self) -> Entity {
        Entity {
            counters: self.counters.clone(),
            subtypes: Subtypes::from_slice(&self.subtypes),
            ..*self
        }
    }
}

impl Entity {
    #[cfg(test)]
    pub(crate) fn test_player(id: u32) -> Entity {
        Entity::player(id)
    }

    pub(crate) fn player(id: u32) -> Entity {
        Entity {
            is_player: true,
            zone: Zone::Command,
            gone: false,
            new_id: NO_ID,
            owner: id,
            controller: id,
            printed: NO_ID,
            counters: CounterSet::default(),
            damage: 0,
            deathtouched: false,
            life: STARTING_LIFE,
            lost: false,
            tapped: false,
            token: false,
            supertypes: Supertypes::EMPTY,
            types: Types::default(),
            subtypes: Subtypes::new(),
            keywords: Keywords::EMPTY,
            keywords_eot: Keywords::EMPTY,
            toxic: 0,
            power: None,
            toughness: None,
            pump_power: 0,
            pump_toughness: 0,
            strength: None,
            lives: None,
            movement: None,
            elite: false,
        }
    }

    pub(super) fn object(printed_index: u32, p: &Printed, owner: u32, zone: Zone) -> Entity {
        Entity {
            is_player: false,
            zone,
            gone: false,
            new_id: NO_ID,
            owner,
            controller: owner,
            printed: printed_index,
            counters: CounterSet::default(),
            damage: 0,
            deathtouched: false,
            life: 0,
            lost: false,
            tapped: false,
            token: p.token,
            supertypes: p.supertypes,
            types: p.types,
            // Copied as a slice: `clone` goes item by item (SBAs create objects by the dozen).
            subtypes: Subtypes::from_slice(&p.subtypes),
            keywords: p.keywords,
            keywords_eot: Keywords::EMPTY,
            toxic: p.toxic,
            power: p.power,
            toughness: p.toughness,
            pump_power: 0,
            pump_toughness: 0,
            strength: p.strength,
            lives: p.lives,
            movement: p.movement,
            elite: p.elite,
        }
    }

    /// An object on the battlefield that has not left it.
    #[inline]
    pub fn is_permanent(&self) -> bool {
        !self.is_player && !self.gone && self.zone == Zone::Battlefield
    }

    #[inline]
    pub fn is_creature(&self) -> bool {
        self.types.contains(Types::CREATURE)
    }

    /// Hash of the slowly changing characteristics.
    pub(super) fn chars_hash(&self, names: &NameTable) -> u64 {
        let mut h = combine(self.types.0 as u64, self.keywords.0 as u64);
        h = combine(h, self.keywords_eot.0 as u64 | (self.toxic as u64) << 32);
        for v in [
            self.power,
            self.toughness,
            self.strength,
            self.lives,
            self.movement,
        ] {
            h = combine(h, opt_i32(v));
        }
        h = combine(h, self.pump_power as u64);
        h = combine(h, self.pump_toughness as u64);
        h = combine(h, self.elite as u64);
        for &s in &self.subtypes {
            h = combine(h, names.hash(s));
        }
        h
    }

    /// The place fields packed into one word, unmixed: the feature mixes it (zone changes and
    /// SBAs update it on every move). The flags word is spread by an odd constant over all 64
    /// bits; the owner and controller (small ids) sit in the low bits of each half, so two
    /// places give the same word only if those spreads cancel exactly.
    pub(super) fn place_hash(&self) -> u64 {
        let flags = self.zone as u64
            | (self.gone as u64) << 8
            | (self.is_player as u64) << 9
            | (self.lost as u64) << 10
            | (self.tapped as u64) << 11
            | (self.new_id as u64) << 16;
        let whose = self.owner as u64 | (self.controller as u64) << 32;
        flags.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ whose
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_entity_is_200_bytes() {
        // The layout the hot paths were measured with (README): the token and supertype
        // fields sit in the padding after the flags.
        assert_eq!(std::mem::size_of::<super::Entity>(), 200);
    }
}
