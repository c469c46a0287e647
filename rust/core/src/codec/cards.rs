//! The printed cards (docs/FORMAT.md §2.3): what each created card says, in creation order.

use super::header::Header;
use super::read::{malformed, Reader};
use super::write::Writer;
use crate::error::Result;
use crate::game::{Cost, Game, Printed, Ruleset};
use crate::keywords::{Keywords, Supertypes, Types};
use crate::limits;
use crate::names::NameTable;
use std::sync::Arc;

pub(super) fn write(w: &mut Writer, g: &Game) {
    w.u32(g.printed.len() as u32);
    for p in g.printed.iter() {
        w.str(&p.name);
        w.u16(p.types.0);
        w.subtypes(&g.subtype_names, &p.subtypes);
        w.u32(p.keywords.0);
        w.u32(p.toxic);
        w.opt_i32(p.power);
        w.opt_i32(p.toughness);
        w.opt_u32(p.loyalty);
        w.opt_u32(p.defense);
        match p.cost {
            None => w.u8(0),
            Some(c) => {
                w.u8(1);
                w.u32(c.base);
                w.u8(c.xs);
            }
        }
        w.opt_i32(p.strength);
        w.opt_i32(p.lives);
        w.opt_i32(p.movement);
        w.u8(p.elite as u8);
        w.u8(p.token as u8 | p.supertypes.0 << 1);
    }
}

pub(super) fn read(
    r: &mut Reader<'_>,
    header: &Header,
    names: &mut NameTable,
) -> Result<Vec<Arc<Printed>>> {
    let nprinted = r.count(16, u32::MAX as usize, "card")?;
    let mut printed = Vec::with_capacity(nprinted);
    for _ in 0..nprinted {
        let p = read_card(r, header, names)?;
        check_printed(&p, header.ruleset)?;
        printed.push(Arc::new(p));
    }
    Ok(printed)
}

fn read_card(r: &mut Reader<'_>, header: &Header, names: &mut NameTable) -> Result<Printed> {
    let name = r.str()?.into();
    let types = Types(r.u16()?);
    let subtypes = r.subtypes(names)?;
    let keywords = Keywords(r.u32()?);
    let toxic = r.u32()?;
    let power = r.opt_i32()?;
    let toughness = r.opt_i32()?;
    let loyalty = r.opt_i32()?.map(|v| v as u32);
    let defense = r.opt_i32()?.map(|v| v as u32);
    let cost = if r.bool()? {
        let base = r.u32()?;
        if base as u64 >= limits::STAT_LIMIT {
            return malformed("card cost");
        }
        Some(Cost { base, xs: r.u8()? })
    } else {
        None
    };
    let strength = r.opt_i32()?;
    let lives = r.opt_i32()?;
    let movement = r.opt_i32()?;
    let elite = r.bool()?;
    let card_flags = if header.format.card_flags { r.u8()? } else { 0 };
    let supertypes = Supertypes(card_flags >> 1);
    if card_flags >> 1 & !Supertypes::ALL.0 != 0
        || supertypes != Supertypes::EMPTY && !header.ruleset.is_magic()
    {
        return malformed("card supertypes");
    }
    Ok(Printed {
        name,
        types,
        supertypes,
        subtypes,
        keywords,
        toxic,
        power,
        toughness,
        loyalty,
        defense,
        cost,
        strength,
        lives,
        movement,
        elite,
        token: card_flags & 1 != 0,
        hash: 0,
        fresh_chars: 0,
    }
    .finish(names))
}

fn check_printed(p: &Printed, ruleset: Ruleset) -> Result<()> {
    let known_keywords = (1u32 << crate::keywords::KEYWORD_NAMES.len()) - 1;
    let (small, natural) = (small_stat, natural_stat);
    if p.types.0 & !ruleset.types().0 != 0
        || p.keywords.0 & !known_keywords != 0
        || (p.toxic > 0) != p.keywords.intersects(Keywords::TOXIC)
        || !small(p.power)
        || !small(p.toughness)
        || !natural(p.strength)
        || !natural(p.lives)
        || !natural(p.movement)
        || p.loyalty.is_some_and(|v| v >= 1 << 31)
        || p.defense.is_some_and(|v| v >= 1 << 31)
    {
        return malformed("card characteristics");
    }
    Ok(())
}

/// A printed number of either sign: below `STAT_LIMIT` in magnitude (so not `i32::MIN`).
pub(super) fn small_stat(v: Option<i32>) -> bool {
    v.is_none_or(|v| limits::stat_ok(v as i64))
}

/// A printed number that can't be negative.
pub(super) fn natural_stat(v: Option<i32>) -> bool {
    v.is_none_or(|v| v >= 0)
}
