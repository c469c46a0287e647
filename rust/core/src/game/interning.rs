//! Names of counter kinds and subtypes: validation, interning and giving back.

use super::Game;
use crate::counters::CounterSet;
use crate::error::{Error, Reason, Result};
use crate::kinds::{self, Kind, KindRef};
use crate::names::{Subtype, Subtypes};
use std::sync::Arc;

impl Game {
    #[inline]
    pub fn kind_name(&self, kind: Kind) -> &str {
        self.kinds.name(kind)
    }

    /// The kind of that name if any entity could have it (no interning).
    #[inline]
    pub fn lookup_kind(&self, name: &str) -> Option<Kind> {
        self.kinds.lookup(name)
    }

    pub fn check_kind_name(name: &str) -> Result<()> {
        if name.is_empty() {
            return Err(Error::refused(
                Reason::BadKind,
                "a counter kind must be a non-empty name",
            ));
        }
        if let Some(why) = kinds::kind_name_typo(name) {
            return Err(Error::refused(Reason::BadKind, why));
        }
        crate::limits::check_name_length(name, "a counter kind")
    }

    /// Interns a kind name (validated), sharing the table copy-on-write with clones.
    pub fn intern_kind(&mut self, name: &str) -> Result<Kind> {
        Self::check_kind_name(name)?;
        if let Some(k) = self.kinds.lookup(name) {
            return Ok(k);
        }
        if let Some(k) = Arc::make_mut(&mut self.kinds).intern(name) {
            return Ok(k);
        }
        self.give_back_kinds();
        Arc::make_mut(&mut self.kinds).intern(name).ok_or_else(|| {
            Error::Overflow(format!(
                "too many counter kinds in use in one game (at most {}, the built-in ones \
                 included)",
                crate::limits::MAX_KINDS
            ))
        })
    }

    /// Gives back the ids of the kinds nothing holds any more: no entity has such a counter, no
    /// logged event names it, and no copy a transaction saved to roll back to has one. (So the
    /// limit counts the kinds in use, as a game decoded from this one's bytes would.)
    #[cold]
    fn give_back_kinds(&mut self) {
        let mut used = vec![false; crate::limits::MAX_KINDS];
        let mut mark = |counters: &CounterSet| {
            for (k, _) in counters.iter() {
                used[k.0 as usize] = true;
            }
        };
        for e in self.entities.iter().chain(self.entities.journaled()) {
            mark(&e.counters);
        }
        for ev in &self.events {
            if let Some(k) = ev.counter() {
                used[k.0 as usize] = true;
            }
        }
        for r in &self.replacements {
            if let Some(k) = r.counter {
                used[k.0 as usize] = true;
            }
        }
        Arc::make_mut(&mut self.kinds).give_back(|k| used[k.0 as usize]);
        // The cache maps names to ids that may now mean other names.
        self.scratch.kind_cache = Default::default();
    }

    /// A name must be non-empty (a resolved kind always is).
    #[inline]
    pub(super) fn check_kind(kind: KindRef<'_>) -> Result<()> {
        match kind {
            KindRef::Kind(_) => Ok(()),
            KindRef::Name(name) => Self::check_kind_name(name),
        }
    }

    /// The kind, checked: a name this game knows is valid (it was checked as it was interned),
    /// so only an unknown name is checked (`Err(name)`: valid, never interned). The hot path
    /// names the same few kinds over and over.
    #[inline]
    pub(super) fn known_kind<'a>(
        &mut self,
        kind: KindRef<'a>,
    ) -> Result<std::result::Result<Kind, &'a str>> {
        match kind {
            KindRef::Kind(k) => Ok(Ok(k)),
            KindRef::Name(name) => self.known_kind_name(name),
        }
    }

    /// `known_kind` of a name.
    fn known_kind_name<'a>(&mut self, name: &'a str) -> Result<std::result::Result<Kind, &'a str>> {
        match self.lookup_kind_cached(name) {
            Some(k) => Ok(Ok(k)),
            None => {
                Self::check_kind_name(name)?;
                Ok(Err(name))
            }
        }
    }

    /// The interned kind (`None` for a name this game never interned).
    #[inline]
    pub fn resolve_kind(&mut self, kind: KindRef<'_>) -> Option<Kind> {
        match kind {
            KindRef::Kind(k) => Some(k),
            KindRef::Name(name) => self.lookup_kind_cached(name),
        }
    }

    /// The ids of subtype names (validated non-empty), interning new ones.
    pub(crate) fn intern_subtypes<S: AsRef<str>>(&mut self, names: &[S]) -> Subtypes {
        if !self.subtype_names.has_all(names) {
            let table = Arc::make_mut(&mut self.subtype_names);
            for n in names {
                table.intern(n.as_ref());
            }
        }
        let table = &self.subtype_names;
        names
            .iter()
            .map(|n| table.lookup(n.as_ref()).expect("interned just above"))
            .collect()
    }

    /// The name of an interned subtype.
    pub fn subtype_name(&self, s: Subtype) -> &str {
        self.subtype_names.name(s)
    }

    /// The id of a subtype name this game interned (`None`: no object has or had it).
    pub fn subtype_id(&self, name: &str) -> Option<Subtype> {
        self.subtype_names.lookup(name)
    }
}
