//! Layers 4 and 6's reads of what an object is and has (613.1d, 613.1f): its subtypes through
//! the type-changing effects, and whether it lost all its abilities. `crate::continuous`
//! applies the effects; these answer the filters, the queries and the game around the kernel.

use crate::game::{Affected, Change, Entity, Game};
use crate::names::{Subtype, Subtypes};

impl Game {
    /// Whether object `id` lost all its abilities (613.1f: an effect of a locked-in set, no
    /// filter, so no effect's application depends on another's here).
    pub fn has_lost_abilities(&self, id: u32) -> bool {
        self.continuous.iter().any(|c| {
            c.change == Change::LoseAllAbilities
                && matches!(&c.affected, Affected::Fixed(ids) if ids.contains(&id))
        })
    }

    /// Whether object `id` (`e`) has subtype `s` (205.3), through layer 4 (613.1d): its own,
    /// or one an effect adds, or every creature type (205.3m: `s` a creature type when it is
    /// asked of a creature's types), unless an effect made it lose them since. A layer-4
    /// effect's filter names no subtype: no cycle.
    pub fn has_subtype_at(&self, id: u32, e: &Entity, s: Subtype) -> bool {
        if self
            .continuous
            .iter()
            .any(|c| matches!(c.change, Change::LoseSubtypes | Change::AllCreatureTypes))
        {
            return self.has_all_creature_types(id, e) || self.subtypes_at(id, e).contains(&s);
        }
        e.subtypes.contains(&s)
            || self
                .continuous
                .iter()
                .any(|c| c.change == Change::AddSubtype(s) && self.continuous_applies(c, id, e))
    }

    /// Whether object `id` (`e`) has all creature types (205.3m) through layer 4: an effect
    /// gave them, and no later one made it lose its subtypes (613.7: timestamp order).
    pub fn has_all_creature_types(&self, id: u32, e: &Entity) -> bool {
        let mut all = false;
        for c in &self.continuous {
            match c.change {
                Change::AllCreatureTypes if self.continuous_applies(c, id, e) => all = true,
                Change::LoseSubtypes if all && self.continuous_applies(c, id, e) => all = false,
                _ => {}
            }
        }
        all
    }

    /// The subtypes of object `id` (`e`) through layer 4 (613.1d): its own, then the effects
    /// in timestamp order (613.7): each adds its subtype once, or makes it lose all it has.
    /// All creature types (205.3m) are a flag, not listed: `has_all_creature_types`.
    pub fn subtypes_at(&self, id: u32, e: &Entity) -> Subtypes {
        let mut out = e.subtypes.clone();
        for c in &self.continuous {
            match c.change {
                Change::AddSubtype(s) if !out.contains(&s) && self.continuous_applies(c, id, e) => {
                    out.push(s);
                }
                Change::LoseSubtypes if !out.is_empty() && self.continuous_applies(c, id, e) => {
                    out.clear();
                }
                _ => {}
            }
        }
        out
    }
}

impl Game {
    /// 613.1d (layer 4): permanent `id` has exactly the card types `types` from now on — a
    /// type-changing effect kept by the host ("is a colorless land … and loses all other card
    /// types", Imprisoned in the Moon), which gives the printed types back as it ends. Every
    /// read of the types (filters, combat, 704.5f) sees them.
    pub fn set_card_types(&mut self, id: u32, types: crate::keywords::Types) -> crate::Result<()> {
        self.permanent(id, "changing card types")?;
        if self.entities[id as usize].types != types {
            self.update_chars(id, |e| e.types = types);
        }
        Ok(())
    }
}
