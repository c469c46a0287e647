//! The cards a duel plays with: a card database of the effects crate (the built-in pool, or one
//! made at run time from a compiled pool, `CardDb::intern_json`), read through its facts
//! (`cardstate_effects::CardFacts`): one card model for the duel and the card runtime.

use cardstate_effects::{CardDb, CardFacts};

/// A card's index in its database (the duel's card id).
pub type CardId = u16;

/// The card database a duel plays with. Two pools are equal when they are the same database
/// (databases are made once per compiled text); a pool hashes by its fingerprint, the same on
/// every machine.
#[derive(Clone, Copy)]
pub struct Pool(&'static CardDb);

impl Pool {
    /// The built-in pool.
    pub fn builtin() -> Pool {
        Pool(CardDb::pool())
    }

    pub fn new(db: &'static CardDb) -> Pool {
        Pool(db)
    }

    #[inline]
    pub fn db(&self) -> &'static CardDb {
        self.0
    }

    #[inline]
    pub fn facts(&self, c: CardId) -> &'static CardFacts {
        self.0.facts(cardstate_effects::CardId(c))
    }

    #[inline]
    pub fn name(&self, c: CardId) -> &'static str {
        &self.0.card(cardstate_effects::CardId(c)).name
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn by_name(&self, name: &str) -> Option<CardId> {
        self.0.id(name).map(|c| c.0)
    }

    /// A deck's cards by name (an error names the first unknown card).
    pub fn deck(&self, names: &[&str]) -> Result<Vec<CardId>, String> {
        names
            .iter()
            .map(|n| self.by_name(n).ok_or_else(|| format!("unknown card {n:?}")))
            .collect()
    }

    /// A deck registered with the database, as card ids.
    pub fn registered_deck(&self, name: &str) -> Result<Vec<CardId>, String> {
        Ok(self
            .0
            .deck(name)
            .map_err(|e| e.to_string())?
            .iter()
            .map(|c| c.0)
            .collect())
    }
}

impl PartialEq for Pool {
    fn eq(&self, other: &Pool) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Pool {}

impl std::hash::Hash for Pool {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.fingerprint().hash(h);
    }
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Pool({} cards, fingerprint {:016x})",
            self.0.len(),
            self.0.fingerprint()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardstate_core::keywords::Types;
    use cardstate_effects::Colour;

    #[test]
    fn the_pool_reads_the_databases_facts() {
        let t = Pool::builtin();
        let f = t.facts(t.by_name("Forest").unwrap());
        assert_eq!(f.single_colour(), Some(Colour::G));
        assert!(f.is_land());
        let elves = t.facts(t.by_name("Llanowar Elves").unwrap());
        assert_eq!(elves.single_colour(), Some(Colour::G));
        assert!(elves.is(Types::CREATURE));
        let ram = t.facts(t.by_name("Boggart Ram-Gang").unwrap());
        assert_eq!(ram.cost.num_hybrid, 3);
        // 202.2, 202.3: a hybrid symbol is both its colours and counts one to the mana value.
        assert_eq!((ram.colours, ram.mana_value), (1 << 3 | 1 << 4, 3));
        assert_eq!(
            (ram.power, ram.toughness, ram.loyalty),
            (Some(3), Some(3), None)
        );
        // A Phyrexian symbol has its colour (107.4f).
        let gambit = t.facts(t.by_name("Tezzeret's Gambit").unwrap());
        assert_eq!((gambit.colours, gambit.mana_value), (1 << 1, 4));
        assert_eq!((f.colours, f.mana_value, f.power), (0, 0, None), "a land");
        let ballista = t.facts(t.by_name("Walking Ballista").unwrap());
        assert_eq!(ballista.cost.x, 2);
        assert_eq!(Pool::builtin(), t);
    }
}
