//! Prevention shields and redirections in lists of their own (docs/FORMAT.md §2.5, §2.6:
//! versions 1 and 2 only). Each becomes a replacement effect (effect 10 or 12) after the others,
//! with the next ids.

use super::read::{entity_or_none, malformed, Reader};
use super::Format;
use crate::error::Result;
use crate::game::{Effect, ReplacementEffect};

/// A shield or redirection read: what the effect it becomes affects, and its arguments.
pub(super) struct Listed {
    target: u32,
    effect: Effect,
    by: Option<u32>,
    to: Option<u32>,
}

/// The shields, then the redirections, of a format that has these lists (none otherwise);
/// `entities` is the number of entities.
pub(super) fn read(r: &mut Reader<'_>, format: Format, entities: usize) -> Result<Vec<Listed>> {
    if !format.shield_lists {
        return Ok(Vec::new());
    }
    let valid = |id: u32| (id as usize) < entities;
    // Smallest encodings: a shield 9 bytes, a redirection 13 (no amount).
    let nshields = r.count(9, usize::MAX, "shield")?;
    let mut listed = Vec::with_capacity(nshields);
    for _ in 0..nshields {
        let target = r.u32()?;
        if !valid(target) {
            return malformed("shield target");
        }
        let amount = r.opt_u64()?;
        let by = entity_or_none(r.u32()?, entities, "shield source")?;
        if amount == Some(0) {
            return malformed("a used-up shield");
        }
        listed.push(Listed {
            target,
            effect: Effect::Prevent(amount),
            by,
            to: None,
        });
    }
    let nredirects = r.count(13, usize::MAX, "redirection")?;
    listed.reserve(nredirects);
    for _ in 0..nredirects {
        let from = r.u32()?;
        let to = r.u32()?;
        if !valid(from) || !valid(to) || from == to {
            return malformed("redirection ends");
        }
        let amount = r.opt_u64()?;
        let by = entity_or_none(r.u32()?, entities, "redirection source")?;
        if amount == Some(0) {
            return malformed("a used-up redirection");
        }
        listed.push(Listed {
            target: from,
            effect: Effect::Redirect(amount),
            by,
            to: Some(to),
        });
    }
    Ok(listed)
}

/// The listed shields and redirections as effects after `replacements`, with the next ids.
pub(super) fn append_as_effects(
    listed: Vec<Listed>,
    replacements: &mut Vec<ReplacementEffect>,
    next_effect_id: &mut u32,
) -> Result<()> {
    for l in listed {
        if *next_effect_id == u32::MAX {
            return malformed("replacement effect id");
        }
        replacements.push(ReplacementEffect::on_object(
            *next_effect_id,
            l.effect,
            l.target,
            l.by,
            l.to,
        ));
        *next_effect_id += 1;
    }
    Ok(())
}
