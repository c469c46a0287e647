//! The replacement effects (docs/FORMAT.md §2.6b): the next id, then the effects in their order
//! of application (616.1), each checked as `add_replacement_effect` would check it.

use super::filters::{read_clauses, write_clauses};
use super::header::Header;
use super::read::{entity_or_none, malformed, Reader};
use super::write::Writer;
use crate::error::Result;
use crate::game::{AffectsBits, Derived, Effect, Entity, Game, ReplacementEffect, Scope, NO_ID};
use crate::kinds::KindTable;
use crate::limits;

pub(super) fn write(w: &mut Writer, g: &Game) {
    w.u32(g.next_effect_id);
    w.u32(g.replacements.len() as u32);
    for r in &g.replacements {
        w.u32(r.id);
        w.u8(r.effect.code());
        w.u64(r.effect.amount().unwrap_or(0));
        w.opt_id(r.source);
        w.opt_id(r.controller);
        w.str(r.counter.map_or("", |k| g.kinds.name(k)));
        w.u8(r.until_end_of_turn as u8);
        // One loop over both lists: one call of `write_clauses`, which the compiler then writes
        // inline (two calls it kept out of line, 2% of an encoding with many effects).
        for clauses in [&r.affects, &r.sources] {
            write_clauses(w, clauses);
        }
        w.opt_id(r.target);
        w.opt_id(r.by);
        w.opt_id(r.to);
        w.u8(r.combat as u8);
        w.u8(r.ordered as u8);
    }
}

/// The next effect id and the effects, of a format that has them (0 and none otherwise); the
/// counter kinds they name are interned into `kinds`.
pub(super) fn read(
    r: &mut Reader<'_>,
    header: &Header,
    kinds: &mut KindTable,
    entities: &[Entity],
) -> Result<(u32, Vec<ReplacementEffect>)> {
    if !header.format.replacement_effects {
        return Ok((0, Vec::new()));
    }
    let next_effect_id = r.u32()?;
    let n = r.count(34, usize::MAX, "replacement effect")?;
    let mut replacements = Vec::new();
    for _ in 0..n {
        let e = read_effect(r, header, kinds, entities)?;
        if e.id >= next_effect_id {
            return malformed("replacement effect id");
        }
        replacements.push(e);
    }
    let mut ids: Vec<u32> = replacements.iter().map(|e| e.id).collect();
    ids.sort_unstable();
    if ids.windows(2).any(|w| w[0] == w[1]) {
        return malformed("a replacement effect id given twice");
    }
    if replacements.iter().filter(|e| e.ordered).count() > limits::MAX_ORDERED_EFFECTS {
        return malformed("too many replacement effects ordered across groups");
    }
    Ok((next_effect_id, replacements))
}

/// One effect record, checked as `add_replacement_effect` would check it.
fn read_effect(
    r: &mut Reader<'_>,
    header: &Header,
    kinds: &mut KindTable,
    entities: &[Entity],
) -> Result<ReplacementEffect> {
    let (format, ruleset, players) = (header.format, header.ruleset, header.players);
    let id = r.u32()?;
    let code = r.u8()?;
    let amount = r.u64()?;
    let source = r.u32()?;
    let controller = r.u32()?;
    let counter = r.str()?;
    let until_end_of_turn = r.bool()?;
    let affects = read_clauses(r, ruleset, false)?;
    let sources = read_clauses(r, ruleset, true)?;
    let (target, by, to) = if format.effect_targets {
        (r.u32()?, r.u32()?, r.u32()?)
    } else {
        (NO_ID, NO_ID, NO_ID)
    };
    let combat = format.combat_effects && r.bool()?;
    let ordered = format.ordered_effects && r.bool()?;
    let version_6 = [
        Effect::EntersTapped,
        Effect::ExileInsteadOfDying,
        Effect::LosingCant,
        Effect::Hexproof,
        Effect::PreventNoncombatOther,
    ];
    if version_6.iter().any(|e| e.code() == code) && !format.enters_tapped_effects {
        return malformed("replacement effect");
    }
    let needs_amount = Effect::takes_amount(code);
    // "The next N damage" or all of it: 0 stands for all (a used-up one is never kept).
    let optional = Effect::may_take_amount(code);
    let effect = Effect::build(
        code,
        (needs_amount || optional && amount != 0).then_some(amount),
    )
    .or_else(|_| malformed("replacement effect"))?;
    let source = (source != NO_ID).then_some(source);
    let controller = (controller != NO_ID).then_some(controller);
    let permanent = |id: u32| entities.get(id as usize).is_some_and(|e| e.is_permanent());
    let entity = |id: u32| entity_or_none(id, entities.len(), "replacement effect");
    let (target, by, to) = (entity(target)?, entity(by)?, entity(to)?);
    // A shield or redirection ends when the entity it affects (or redirects to) leaves.
    let live = |id: Option<u32>| id.is_none_or(|id| !entities[id as usize].gone);
    let redirect = matches!(effect, Effect::Redirect(_));
    if !needs_amount && !optional && amount != 0
        || source.is_some_and(|s| !permanent(s))
        || controller.is_some_and(|c| c >= players)
        || source.is_some() && controller.is_some()
        || affects.is_empty() != target.is_some()
        || !live(target)
        || !live(to)
        || redirect != to.is_some()
        || redirect && target.is_none()
        || to.is_some() && to == target
        || by.is_some_and(|b| entities[b as usize].is_player)
        || by.is_some() && !effect.on_damage()
        || combat && !effect.on_damage()
        || combat && effect == Effect::PreventNoncombatOther
        || ordered && !effect.orderable()
        || source.is_none() && controller.is_none() && affects.iter().any(|c| c.scope != Scope::Any)
        || !counter.is_empty() && !Effect::takes_counter(code)
        || counter.is_empty() && code == 14
        || !sources.is_empty() && !effect.on_damage()
        || source.is_none() && controller.is_none() && sources.iter().any(|c| c.scope != Scope::Any)
    {
        return malformed("replacement effect");
    }
    let counter = if counter.is_empty() {
        None
    } else {
        Some(
            kinds
                .intern(counter)
                .map_or_else(|| malformed("kinds"), Ok)?,
        )
    };
    let affects_bits = Derived(AffectsBits::of(&affects));
    Ok(ReplacementEffect {
        id,
        effect,
        source,
        controller,
        affects,
        counter,
        sources,
        until_end_of_turn,
        target,
        by,
        to,
        combat,
        ordered,
        you: Derived(None), // set with the game's entities (`refresh_effect_controllers`)
        affects_bits,
    })
}
