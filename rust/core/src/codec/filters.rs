//! An effect's filter clauses (docs/FORMAT.md §2.6b): `bool` players, `types`, `u8` scope; the
//! replacement effects' filters and source filters, and each clause of a continuous effect's
//! filter (§2.8).

use super::read::{malformed, Reader};
use super::write::Writer;
use crate::error::Result;
use crate::game::{Clause, Ruleset, Scope};
use crate::keywords::Types;

#[inline]
pub(super) fn write_clause(w: &mut Writer, c: &Clause) {
    w.u8(c.players as u8);
    w.u16(c.types.0);
    w.u8(c.scope as u8);
}

/// A list of clauses: on the affected entity, or (`sources`) on the damage source.
#[inline]
pub(super) fn write_clauses(w: &mut Writer, clauses: &[Clause]) {
    w.u32(clauses.len() as u32);
    for c in clauses {
        write_clause(w, c);
    }
}

/// A list of clauses (its count first): on the affected entity, or (`sources`) on the damage
/// source.
pub(super) fn read_clauses(
    r: &mut Reader<'_>,
    ruleset: Ruleset,
    sources: bool,
) -> Result<Vec<Clause>> {
    let n = r.count(4, 64, "effect filter")?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(read_clause(r, ruleset, sources)?);
    }
    Ok(out)
}

/// One clause.
pub(super) fn read_clause(r: &mut Reader<'_>, ruleset: Ruleset, sources: bool) -> Result<Clause> {
    let players = r.bool()?;
    let types = Types(r.u16()?);
    let scope = match r.u8()? {
        0 => Scope::Any,
        1 => Scope::You,
        2 => Scope::Opponents,
        _ => return malformed("effect filter scope"),
    };
    if players && (types.0 != 0 || sources) || types.0 & !ruleset.types().0 != 0 {
        return malformed("effect filter");
    }
    Ok(Clause {
        players,
        types,
        scope,
    })
}
