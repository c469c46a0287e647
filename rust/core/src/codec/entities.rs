//! The entities (docs/FORMAT.md §2.4): players, then objects, in id order; gone objects as their
//! last known information.

use super::cards::{natural_stat, small_stat};
use super::header::Header;
use super::read::{malformed, Reader};
use super::write::Writer;
use crate::counters::CounterSet;
use crate::error::Result;
use crate::game::{Entity, Game, Printed, Ruleset, NO_ID};
use crate::keywords::{Keywords, Supertypes, Types};
use crate::kinds::Kind;
use crate::limits;
use crate::names::NameTable;
use crate::zones::Zone;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Writes the entities; `kind_index` is each counter kind's index in the kinds section.
pub(super) fn write(w: &mut Writer, g: &Game, kind_index: &FxHashMap<Kind, u32>) {
    w.u32(g.entities.len() as u32);
    for e in g.entities.iter() {
        let flags = e.is_player as u8
            | (e.gone as u8) << 1
            | (e.deathtouched as u8) << 2
            | (e.lost as u8) << 3
            | (e.elite as u8) << 4
            | (e.tapped as u8) << 5;
        w.u8(flags);
        w.u8(e.zone as u8);
        w.u32(e.new_id);
        w.u32(e.owner);
        w.u32(e.controller);
        w.u32(e.printed);
        w.u32(e.counters.len() as u32);
        for (k, n) in e.counters.iter() {
            w.u32(kind_index[&k]);
            w.u64(n);
        }
        w.u64(e.damage);
        w.i64(e.life);
        w.u16(e.types.0);
        w.subtypes(&g.subtype_names, &e.subtypes);
        w.u32(e.keywords.0);
        w.u32(e.keywords_eot.0);
        w.u32(e.toxic);
        w.opt_i32(e.power);
        w.opt_i32(e.toughness);
        w.i64(e.pump_power);
        w.i64(e.pump_toughness);
        w.opt_i32(e.strength);
        w.opt_i32(e.lives);
        w.opt_i32(e.movement);
    }
}

/// Reads the entities; `kind_map` is the kind of each index of the kinds section.
pub(super) fn read(
    r: &mut Reader<'_>,
    header: &Header,
    kind_map: &[Kind],
    printed: &[Arc<Printed>],
    names: &mut NameTable,
) -> Result<Vec<Entity>> {
    let players = header.players;
    let nentities = r.count(64, limits::MAX_ENTITIES, "entity")?;
    if nentities < players as usize {
        return malformed("fewer entities than players");
    }
    // Bit 5, tapped, is in the flags from version 2 on.
    let known_flags = if header.format.tapped { 0x3f } else { 0x1f };
    let mut entities: Vec<Entity> = Vec::with_capacity(nentities);
    for i in 0..nentities {
        let mut e = read_entity(r, known_flags, kind_map, names)?;
        check_entity(
            i as u32,
            &e,
            players,
            nentities as u32,
            printed.len() as u32,
            header.ruleset,
        )?;
        if !e.is_player {
            let p = &printed[e.printed as usize];
            (e.token, e.supertypes) = (p.token, p.supertypes);
            // Only a token ceases to exist (704.5d): it is gone without a new object.
            if e.gone && e.new_id == NO_ID && !e.token {
                return malformed("object record");
            }
        }
        entities.push(e);
    }
    Ok(entities)
}

fn read_entity(
    r: &mut Reader<'_>,
    known_flags: u8,
    kind_map: &[Kind],
    names: &mut NameTable,
) -> Result<Entity> {
    let flags = r.u8()?;
    if flags & !known_flags != 0 {
        return malformed("entity flags");
    }
    let zone = Zone::from_u8(r.u8()?).map_or_else(|| malformed("zone"), Ok)?;
    let new_id = r.u32()?;
    let owner = r.u32()?;
    let controller = r.u32()?;
    let printed_index = r.u32()?;
    let ncounters = r.count(12, kind_map.len(), "counter")?;
    let mut counters = CounterSet::default();
    for _ in 0..ncounters {
        let ki = r.u32()? as usize;
        let n = r.u64()?;
        let Some(&k) = kind_map.get(ki) else {
            return malformed("counter kind index");
        };
        if n == 0 || counters.get(k) != 0 {
            return malformed("a zero or repeated counter");
        }
        counters.set(k, n);
    }
    Ok(Entity {
        is_player: flags & 1 != 0,
        gone: flags & 2 != 0,
        deathtouched: flags & 4 != 0,
        lost: flags & 8 != 0,
        elite: flags & 16 != 0,
        tapped: flags & 32 != 0,
        token: false,
        supertypes: Supertypes::EMPTY,
        zone,
        new_id,
        owner,
        controller,
        printed: printed_index,
        counters,
        damage: r.u64()?,
        life: r.i64()?,
        types: Types(r.u16()?),
        subtypes: r.subtypes(names)?,
        keywords: Keywords(r.u32()?),
        keywords_eot: Keywords(r.u32()?),
        toxic: r.u32()?,
        power: r.opt_i32()?,
        toughness: r.opt_i32()?,
        pump_power: r.i64()?,
        pump_toughness: r.i64()?,
        strength: r.opt_i32()?,
        lives: r.opt_i32()?,
        movement: r.opt_i32()?,
    })
}

fn check_entity(
    id: u32,
    e: &Entity,
    players: u32,
    entities: u32,
    printed: u32,
    ruleset: Ruleset,
) -> Result<()> {
    let known_keywords = (1u32 << crate::keywords::KEYWORD_NAMES.len()) - 1;
    let is_player = id < players;
    if e.is_player != is_player {
        return malformed("players must come first");
    }
    if is_player {
        // A player has no characteristics and no marked damage (damage to a player is life
        // loss, 120.3a): only its life, counters and whether it lost change.
        let blank = Entity::player(id);
        if e.gone
            || e.owner != id
            || e.controller != id
            || e.printed != NO_ID
            || e.new_id != NO_ID
            || e.zone != blank.zone
            || e.damage != 0
            || e.deathtouched
            || e.elite
            || e.types != blank.types
            || !e.subtypes.is_empty()
            || e.keywords != blank.keywords
            || e.keywords_eot != blank.keywords_eot
            || e.toxic != 0
            || (e.power, e.toughness) != (None, None)
            || (e.pump_power, e.pump_toughness) != (0, 0)
            || (e.strength, e.lives, e.movement) != (None, None, None)
        {
            return malformed("player record");
        }
        return Ok(());
    }
    let new_id_ok = if e.gone {
        // A token that ceased to exist (704.5d) has no new object (checked with its card).
        e.new_id > id && e.new_id < entities || e.new_id == NO_ID
    } else {
        e.new_id == NO_ID
    };
    if !new_id_ok
        || e.owner >= players
        || e.controller >= players
        || e.printed >= printed
        || e.lost
        || e.life != 0
        || e.types.0 & !ruleset.types().0 != 0
        || e.keywords.0 & !known_keywords != 0
        || e.keywords_eot.0 & !known_keywords != 0
        || !limits::pump_ok(e.pump_power)
        || !limits::pump_ok(e.pump_toughness)
        || !small_stat(e.power)
        || !small_stat(e.toughness)
        || !natural_stat(e.strength)
        || !natural_stat(e.lives)
        || !natural_stat(e.movement)
    {
        return malformed("object record");
    }
    Ok(())
}
