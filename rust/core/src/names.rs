//! Subtype names (Berserk classes, Magic creature types) interned per game: characteristics and
//! cost modifiers hold small ids, so comparing subtypes is comparing integers and copying an
//! object copies no reference-counted strings.
//!
//! The table is shared copy-on-write between a game and its clones, and only grows, so an id
//! means the same name in every game descended from the one that interned it. Ids are never
//! observable: `==`, `hash()` and the bytes use the names (and their stable hashes).

use crate::hash::name_hash;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// An interned subtype name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Subtype(pub u32);

/// The subtypes of a card, an object or a cost modifier, in the order given; a few inline.
pub type Subtypes = SmallVec<[Subtype; 4]>;

#[derive(Clone, Debug, Default)]
pub struct NameTable {
    names: Vec<Box<str>>,
    /// `name_hash` of each name (hashes use names, never ids).
    hashes: Vec<u64>,
    by_name: FxHashMap<Box<str>, Subtype>,
}

impl NameTable {
    pub fn lookup(&self, name: &str) -> Option<Subtype> {
        self.by_name.get(name).copied()
    }

    /// The id of a name, interning it if new (a game has far fewer than 2**32 names: every
    /// one came from a call or from decoded bytes).
    pub fn intern(&mut self, name: &str) -> Subtype {
        if let Some(s) = self.lookup(name) {
            return s;
        }
        let s = Subtype(self.names.len() as u32);
        self.names.push(name.into());
        self.hashes.push(name_hash(name));
        self.by_name.insert(name.into(), s);
        s
    }

    /// How many names are interned.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    #[inline]
    pub fn name(&self, s: Subtype) -> &str {
        &self.names[s.0 as usize]
    }

    #[inline]
    pub fn hash(&self, s: Subtype) -> u64 {
        self.hashes[s.0 as usize]
    }

    /// Whether every name is already interned (then interning changes nothing).
    pub fn has_all<S: AsRef<str>>(&self, names: &[S]) -> bool {
        names.iter().all(|n| self.by_name.contains_key(n.as_ref()))
    }

    /// The names of `subtypes` equal those of `other` in `other_table`, in order.
    pub fn same_names(
        &self,
        subtypes: &[Subtype],
        other_table: &NameTable,
        other: &[Subtype],
    ) -> bool {
        subtypes.len() == other.len()
            && subtypes
                .iter()
                .zip(other)
                .all(|(&a, &b)| self.name(a) == other_table.name(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_gives_one_id_per_name_and_keeps_names_and_hashes() {
        let mut t = NameTable::default();
        let gnome = t.intern("Гном");
        let warrior = t.intern("Воин");
        assert_eq!(t.intern("Гном"), gnome);
        assert_ne!(gnome, warrior);
        assert_eq!(t.name(warrior), "Воин");
        assert_eq!(t.hash(gnome), name_hash("Гном"));
        assert!(t.has_all(&["Гном", "Воин"]) && !t.has_all(&["Гном", "Эльф"]));
        let mut other = NameTable::default();
        let (w2, g2) = (other.intern("Воин"), other.intern("Гном"));
        assert!(t.same_names(&[gnome, warrior], &other, &[g2, w2]));
        assert!(!t.same_names(&[gnome, warrior], &other, &[w2, g2]));
        assert!(!t.same_names(&[gnome], &other, &[g2, w2]));
    }
}
