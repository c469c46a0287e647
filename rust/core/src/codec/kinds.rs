//! The counter kinds in use (docs/FORMAT.md §2.2): counters name their kind by its index here.

use super::read::{malformed, Reader};
use super::write::Writer;
use crate::error::Result;
use crate::game::Game;
use crate::idset::IdSet;
use crate::kinds::{Kind, KindTable};
use crate::limits;
use rustc_hash::FxHashMap;

/// Writes the kinds in use, in first-use order, so equal states give equal bytes; returns each
/// kind's index in the list.
pub(super) fn write(w: &mut Writer, g: &Game) -> FxHashMap<Kind, u32> {
    let mut used: Vec<Kind> = Vec::new();
    let mut index: FxHashMap<Kind, u32> = FxHashMap::default();
    for e in g.entities.iter() {
        for (k, _) in e.counters.iter() {
            index.entry(k).or_insert_with(|| {
                used.push(k);
                used.len() as u32 - 1
            });
        }
    }
    w.u32(used.len() as u32);
    for &k in &used {
        w.str(g.kinds.name(k));
    }
    index
}

/// Reads the kinds into `kinds`; returns the kind of each index.
pub(super) fn read(r: &mut Reader<'_>, kinds: &mut KindTable) -> Result<Vec<Kind>> {
    let nkinds = r.count(5, limits::MAX_KINDS, "kind")?;
    let mut kind_map = Vec::with_capacity(nkinds);
    let mut listed = IdSet::with_bound(limits::MAX_KINDS + 1);
    for _ in 0..nkinds {
        let name = r.str()?;
        if name.is_empty() {
            return malformed("an empty counter kind");
        }
        let k = kinds.intern(name).map_or_else(|| malformed("kinds"), Ok)?;
        if !listed.insert(k.0 as usize) {
            return malformed("a counter kind listed twice");
        }
        kind_map.push(k);
    }
    Ok(kind_map)
}
