//! The cost modifiers (docs/FORMAT.md §2.7), in creation order.

use super::header::Header;
use super::read::{entity_or_none, malformed, Reader};
use super::write::Writer;
use crate::error::Result;
use crate::game::{CostModifier, Entity, Game};
use crate::keywords::Types;
use crate::limits;
use crate::names::NameTable;
use crate::zones::Zone;

pub(super) fn write(w: &mut Writer, g: &Game) {
    w.u32(g.cost_modifiers.len() as u32);
    for m in &g.cost_modifiers {
        w.i64(m.amount);
        w.opt_id(m.card);
        w.opt_id(m.source);
        w.subtypes(&g.subtype_names, &m.subtypes);
        w.u16(m.types.0);
        w.opt_id(m.controller);
    }
}

pub(super) fn read(
    r: &mut Reader<'_>,
    header: &Header,
    entities: &[Entity],
    names: &mut NameTable,
) -> Result<Vec<CostModifier>> {
    let n = r.count(26, usize::MAX, "cost modifier")?;
    let mut cost_modifiers = Vec::with_capacity(n);
    for _ in 0..n {
        cost_modifiers.push(read_modifier(r, header, entities, names)?);
    }
    Ok(cost_modifiers)
}

fn read_modifier(
    r: &mut Reader<'_>,
    header: &Header,
    entities: &[Entity],
    names: &mut NameTable,
) -> Result<CostModifier> {
    let amount = r.i64()?;
    let card = entity_or_none(r.u32()?, entities.len(), "cost modifier card")?;
    let source = entity_or_none(r.u32()?, entities.len(), "cost modifier source")?;
    let subtypes = r.subtypes(names)?;
    let types = Types(r.u16()?);
    let controller = entity_or_none(r.u32()?, entities.len(), "cost modifier controller")?;
    // A modifier ends when its card leaves the hand or its source leaves play (the engine drops
    // it on the move), so a live one names a card in hand or a permanent.
    let in_zone = |id: Option<u32>, zone: Zone| {
        id.is_none_or(|id| {
            let e = &entities[id as usize];
            !e.is_player && !e.gone && e.zone == zone
        })
    };
    if card.is_some() == source.is_some()
        || controller.is_some_and(|c| c >= header.players)
        || !header.ruleset.types().contains(types) && types.0 != 0
        || !limits::stat_ok(amount)
        || !in_zone(card, Zone::Hand)
        || !in_zone(source, Zone::Battlefield)
    {
        return malformed("cost modifier");
    }
    Ok(CostModifier {
        amount,
        card,
        source,
        subtypes,
        types,
        controller,
    })
}
