//! The continuous effects (docs/FORMAT.md §2.8; CR 611, 613): the next id, then the effects in
//! timestamp order (613.7), each checked as `add_continuous_effect` would check it.

use super::filters::{read_clause, read_clauses, write_clause};
use super::header::Header;
use super::read::{malformed, Reader};
use super::write::Writer;
use super::Format;
use crate::affected_text::{condition_parts, with_parts};
use crate::error::Result;
use crate::game::NO_ID;
use crate::game::{
    Affected, Change, Condition, ContinuousEffect, Entity, FilterClause, Game, Ruleset, Scope, With,
};
use crate::keywords::{Keywords, KEYWORD_NAMES};
use crate::kinds::{Kind, BUILTIN_NAMES};
use crate::names::NameTable;

pub(super) fn write(w: &mut Writer, g: &Game) {
    w.u32(g.next_continuous_id);
    w.u32(g.continuous.len() as u32);
    for c in &g.continuous {
        w.u32(c.id);
        w.u8(c.change.code());
        let (kw, value) = match c.change {
            Change::AddKeyword(k, n) => (k.0, n),
            Change::RemoveKeyword(k) => (k.0, 0),
            _ => (0, 0),
        };
        w.u32(kw);
        w.u32(value);
        if let Change::AddSubtype(s) = c.change {
            // 613.1d: the subtype by name, after the record's fixed fields.
            w.str(g.subtype_names.name(s));
        }
        let (p, t) = c.change.power_toughness().unwrap_or((0, 0));
        w.i64(p as i64);
        w.i64(t as i64);
        w.opt_id(c.source);
        w.opt_id(c.controller);
        w.u8(c.until_end_of_turn as u8);
        match &c.affected {
            Affected::Filter(clauses) => {
                // A filter whose clauses have qualities is its own record (4), so that the
                // bytes of the others stay those of record 0.
                let qualities = clauses.iter().any(|k| k.with.is_some());
                w.u8(if qualities { 4 } else { 0 });
                write_filter(w, g, clauses, qualities);
            }
            Affected::ThisIf(condition) => {
                w.u8(5);
                write_condition(w, *condition);
            }
            Affected::FilterIf(condition, clauses) => {
                w.u8(6);
                write_condition(w, *condition);
                write_filter(w, g, clauses, true);
            }
            Affected::This => w.u8(1),
            Affected::ThisWhile(clauses) => {
                w.u8(3);
                w.u32(clauses.len() as u32);
                for k in clauses {
                    write_clause(w, &k.clause);
                    w.u8(k.other as u8);
                    w.str(k.subtype.map_or("", |s| g.subtype_names.name(s)));
                }
            }
            Affected::Fixed(ids) => {
                w.u8(2);
                w.u32(ids.len() as u32);
                for &x in ids {
                    w.u32(x);
                }
            }
        }
    }
}

/// A filter's clauses, with their qualities where `qualities`.
fn write_filter(w: &mut Writer, g: &Game, clauses: &[FilterClause], qualities: bool) {
    w.u32(clauses.len() as u32);
    for k in clauses {
        write_clause(w, &k.clause);
        w.u8(k.other as u8);
        w.str(k.subtype.map_or("", |s| g.subtype_names.name(s)));
        if qualities {
            let (tag, code) = k.with.map_or((0, 0), with_parts);
            w.u8(tag);
            w.u32(code);
        }
    }
}

/// A static ability's condition as (tag, built-in kind, N).
fn write_condition(w: &mut Writer, condition: Condition) {
    let (tag, kind, n) = condition_parts(condition);
    w.u8(tag);
    w.u16(kind);
    w.u32(n);
}

/// A condition written by `write_condition`; `YourTurn` only in a format that has it.
fn read_condition(r: &mut Reader<'_>, format: Format) -> Result<Condition> {
    let tag = r.u8()?;
    let kind = r.u16()?;
    let n = r.u32()?;
    Ok(match (tag, kind) {
        (0, 0) => Condition::GraveyardAtLeast(n),
        (1, k) if (k as usize) < BUILTIN_NAMES.len() => Condition::CountersAtLeast(Kind(k), n),
        (2, 0) if n == 0 => Condition::Untapped,
        (3, 0) if n == 0 && format.active_player => Condition::YourTurn,
        (4, 0) => Condition::LifeAtLeast(n),
        _ => return bad(),
    })
}

/// The next continuous effect id and the effects, of a format that has them (0 and none
/// otherwise); the subtypes their filters name are interned into `names`.
pub(super) fn read(
    r: &mut Reader<'_>,
    header: &Header,
    entities: &[Entity],
    names: &mut NameTable,
) -> Result<(u32, Vec<ContinuousEffect>)> {
    if !header.format.continuous_effects {
        return Ok((0, Vec::new()));
    }
    let next_continuous_id = r.u32()?;
    let n = r.count(39, usize::MAX, "continuous effect")?;
    let mut continuous = Vec::new();
    for _ in 0..n {
        let c = read_continuous(r, header, entities, names)?;
        if c.id >= next_continuous_id {
            return malformed("continuous effect id");
        }
        continuous.push(c);
    }
    let mut ids: Vec<u32> = continuous.iter().map(|c| c.id).collect();
    ids.sort_unstable();
    if ids.windows(2).any(|w| w[0] == w[1]) {
        return malformed("a continuous effect id given twice");
    }
    Ok((next_continuous_id, continuous))
}

fn bad<T>() -> Result<T> {
    malformed("continuous effect")
}

/// One effect record, checked as `add_continuous_effect` would check it (an object of a
/// locked-in set that left is no longer in it).
fn read_continuous(
    r: &mut Reader<'_>,
    header: &Header,
    entities: &[Entity],
    names: &mut NameTable,
) -> Result<ContinuousEffect> {
    let id = r.u32()?;
    let code = r.u8()?;
    let kw = r.u32()?;
    let value = r.u32()?;
    let added = if code == 6 {
        let name = r.str()?;
        if name.is_empty() || kw != 0 || value != 0 {
            return bad();
        }
        crate::limits::check_name_length(name, "a subtype").or_else(|_| bad())?;
        Some(names.intern(name))
    } else {
        None
    };
    let power = r.i64()?;
    let toughness = r.i64()?;
    let source = r.u32()?;
    let controller = r.u32()?;
    let until_end_of_turn = r.bool()?;
    let change = if let Some(s) = added {
        if power != 0 || toughness != 0 {
            return bad();
        }
        Change::AddSubtype(s)
    } else {
        read_change(code, kw, value, power, toughness)?
    };
    // 613.8: a layer-4 effect's filter names no subtype.
    let layer_4 = matches!(
        change,
        Change::AddSubtype(_) | Change::LoseSubtypes | Change::AllCreatureTypes
    );
    let source = (source != NO_ID).then_some(source);
    let controller = (controller != NO_ID).then_some(controller);
    let permanent = |id: u32| entities.get(id as usize).is_some_and(|e| e.is_permanent());
    let affected = match r.u8()? {
        tag @ (0 | 4 | 6) => {
            let condition = match tag {
                6 if source.is_some() && header.format.active_player => {
                    Some(read_condition(r, header.format)?)
                }
                6 => return bad(),
                _ => None,
            };
            let clauses = read_filter(r, header.format, header.ruleset, names, tag != 0)?;
            if tag == 4 && clauses.iter().all(|k| k.with.is_none())
                || clauses
                    .iter()
                    .any(|k| matches!(k.with, Some(With::Keyword(_))))
                    && change.keyword().is_some()
            {
                return bad();
            }
            if clauses.is_empty()
                || clauses.iter().any(|c| c.clause.players)
                || layer_4 && clauses.iter().any(|c| c.subtype.is_some())
                || clauses.iter().any(|c| c.other) && source.is_none()
                || source.is_none()
                    && controller.is_none()
                    && clauses.iter().any(|c| c.clause.scope != Scope::Any)
            {
                return bad();
            }
            match condition {
                Some(condition) => Affected::FilterIf(condition, clauses),
                None => Affected::Filter(clauses),
            }
        }
        1 if source.is_some() => Affected::This,
        5 if source.is_some() => Affected::ThisIf(read_condition(r, header.format)?),
        3 if source.is_some() => {
            let clauses = read_filter(r, header.format, header.ruleset, names, false)?;
            if clauses.len() != 1
                || clauses[0].clause.players
                || layer_4 && clauses[0].subtype.is_some()
            {
                return bad();
            }
            Affected::ThisWhile(clauses)
        }
        2 => {
            let n = r.count(4, usize::MAX, "continuous effect objects")?;
            let mut ids = Vec::with_capacity(n);
            for _ in 0..n {
                let x = r.u32()?;
                if !permanent(x) || ids.contains(&x) {
                    return bad();
                }
                ids.push(x);
            }
            if ids.is_empty() {
                return bad();
            }
            Affected::Fixed(ids)
        }
        _ => return bad(),
    };
    if source.is_some_and(|s| !permanent(s))
        || controller.is_some_and(|c| c >= header.players)
        || source.is_some() && controller.is_some()
        // 613.1f: a loss of all abilities is of a locked-in set.
        || change == Change::LoseAllAbilities && !matches!(affected, Affected::Fixed(_))
    {
        return bad();
    }
    Ok(ContinuousEffect {
        id,
        change,
        affected,
        source,
        controller,
        until_end_of_turn,
    })
}

/// The change of effect `code` with its arguments: a keyword bit and value, or power and
/// toughness (the others 0).
fn read_change(code: u8, kw: u32, value: u32, power: i64, toughness: i64) -> Result<Change> {
    Ok(match code {
        0 | 1 => {
            // One known keyword.
            let name = match KEYWORD_NAMES.iter().enumerate().find(|(i, _)| kw == 1 << i) {
                Some((_, n)) => *n,
                None => return bad(),
            };
            if power != 0 || toughness != 0 {
                return bad();
            }
            let is_toxic = kw == Keywords::TOXIC.0;
            let value = match (code, is_toxic) {
                (0, true) => Some(value as u64),
                _ if value != 0 => return bad(),
                _ => None,
            };
            Change::build(code, Some(name), value, None, None).or_else(|_| bad())?
        }
        // 7e: a switch has no arguments; 613.1d: nor has a loss of the subtypes.
        5 if kw == 0 && value == 0 && power == 0 && toughness == 0 => Change::SwitchPowerToughness,
        7 if kw == 0 && value == 0 && power == 0 && toughness == 0 => Change::LoseSubtypes,
        // 613.1f: nor has a loss of all abilities.
        8 if kw == 0 && value == 0 && power == 0 && toughness == 0 => Change::LoseAllAbilities,
        // 205.3m: nor has having all creature types.
        9 if kw == 0 && value == 0 && power == 0 && toughness == 0 => Change::AllCreatureTypes,
        _ => {
            if kw != 0 || value != 0 {
                return bad();
            }
            Change::build(code, None, None, Some(power), Some(toughness)).or_else(|_| bad())?
        }
    })
}

/// A filter's clauses: each with its own "other" and subtype name ("" for none) where the format
/// has them; else one "other" for every clause, and no subtypes.
fn read_filter(
    r: &mut Reader<'_>,
    format: Format,
    ruleset: Ruleset,
    names: &mut NameTable,
    qualities: bool,
) -> Result<Vec<FilterClause>> {
    if !format.clause_subtypes {
        let other = r.bool()?;
        return Ok(read_clauses(r, ruleset, false)?
            .into_iter()
            .map(|clause| FilterClause {
                clause,
                subtype: None,
                other,
                with: None,
            })
            .collect());
    }
    let n = r.count(9, 64, "effect filter")?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let clause = read_clause(r, ruleset, false)?;
        let other = r.bool()?;
        let name = r.str()?;
        let subtype = if name.is_empty() {
            None
        } else {
            crate::limits::check_name_length(name, "a subtype").or_else(|_| bad())?;
            Some(names.intern(name))
        };
        let with = if qualities { read_with(r)? } else { None };
        out.push(FilterClause {
            clause,
            subtype,
            other,
            with,
        });
    }
    Ok(out)
}

/// A filter clause's quality (record 4): none, a built-in counter kind or one known keyword.
fn read_with(r: &mut Reader<'_>) -> Result<Option<With>> {
    let tag = r.u8()?;
    let code = r.u32()?;
    Ok(match tag {
        0 if code == 0 => None,
        1 if (code as usize) < BUILTIN_NAMES.len() => Some(With::Counter(Kind(code as u16))),
        2 if code.count_ones() == 1 && (code.trailing_zeros() as usize) < KEYWORD_NAMES.len() => {
            Some(With::Keyword(Keywords(code)))
        }
        _ => return bad(),
    })
}
