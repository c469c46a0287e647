//! Card databases made at run time, kept for the life of the process: a game holds its
//! database by a plain reference (copies of a game share it without a reference count, and
//! the runtime's hot paths borrow from it freely). Each distinct compiled form is read once;
//! the same text again gets the same database.

use crate::db::CardDb;
use crate::error::Result;
use rustc_hash::FxHashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

/// Compiled texts read so far, and their databases.
fn registry() -> &'static Mutex<FxHashMap<Box<str>, &'static CardDb>> {
    static REGISTRY: OnceLock<Mutex<FxHashMap<Box<str>, &'static CardDb>>> = OnceLock::new();
    REGISTRY.get_or_init(Default::default)
}

impl CardDb {
    /// The database of a compiled form (`CardDb::from_json`), made once per distinct text and
    /// kept for the life of the process. The built-in pool's text gives `CardDb::pool()`.
    pub fn intern_json(text: &str) -> Result<&'static CardDb> {
        if text == crate::load::POOL_JSON {
            return Ok(CardDb::pool());
        }
        // A poisoned lock held only whole entries: its map is still good.
        let mut known = registry().lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&db) = known.get(text) {
            return Ok(db);
        }
        let db: &'static CardDb = Box::leak(Box::new(CardDb::from_json(text)?));
        known.insert(text.into(), db);
        Ok(db)
    }

    /// How many databases `intern_json` has made (the built-in pool not counted).
    pub fn interned() -> usize {
        registry()
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_text_gives_the_same_database_and_the_pool_is_the_pool() {
        assert!(std::ptr::eq(
            CardDb::intern_json(crate::load::POOL_JSON).unwrap(),
            CardDb::pool()
        ));
        let text = r#"{"version": 1, "cards": [], "decks": {}}"#;
        let a = CardDb::intern_json(text).unwrap();
        let n = CardDb::interned();
        let b = CardDb::intern_json(text).unwrap();
        assert!(std::ptr::eq(a, b));
        assert_eq!(CardDb::interned(), n);
        assert!(CardDb::intern_json("{").is_err());
        assert_eq!(CardDb::interned(), n, "a refused text is not kept");
    }
}
