//! The regeneration shields (docs/FORMAT.md §2.6a): one entry per shield, in creation order.

use super::read::{malformed, Reader};
use super::write::Writer;
use super::Format;
use crate::error::Result;
use crate::game::{Entity, Game};

pub(super) fn write(w: &mut Writer, g: &Game) {
    w.u32(g.regenerations.len() as u32);
    for &id in &g.regenerations {
        w.u32(id);
    }
}

/// The shields of a format that has them (none otherwise).
pub(super) fn read(r: &mut Reader<'_>, format: Format, entities: &[Entity]) -> Result<Vec<u32>> {
    if !format.regeneration_shields {
        return Ok(Vec::new());
    }
    let n = r.count(4, usize::MAX, "regeneration shield")?;
    let mut regenerations = Vec::with_capacity(n);
    for _ in 0..n {
        let id = r.u32()?;
        // A shield ends when its permanent leaves: a live one protects a permanent.
        if !entities.get(id as usize).is_some_and(|e| e.is_permanent()) {
            return malformed("regeneration shield");
        }
        regenerations.push(id);
    }
    Ok(regenerations)
}
