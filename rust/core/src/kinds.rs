//! Counter kinds (CR 122): interned names, what each kind does to characteristics, polarity.
//!
//! Built-in kinds have fixed small ids so the hot paths can name them as constants; any other
//! name is interned once per game (shared copy-on-write between clones) and costs the same.
//! When the table is full, the ids of custom kinds the game no longer uses are given back
//! (`KindTable::give_back`) and reused: a kind's id means its name only while the kind is in
//! use, and hashes, equality and bytes use names, never ids.

use crate::hash::name_hash;
use crate::keywords::{self, Keywords};
use rustc_hash::FxHashMap;

/// An interned counter kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u16);

/// A counter kind as a caller names it: a kind already resolved (a built-in kind, whose id is
/// the same in every game) or a name, resolved against the game's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KindRef<'a> {
    Kind(Kind),
    Name(&'a str),
}

impl<'a> From<&'a str> for KindRef<'a> {
    fn from(name: &'a str) -> Self {
        KindRef::Name(name)
    }
}

impl<'a> From<&'a String> for KindRef<'a> {
    fn from(name: &'a String) -> Self {
        KindRef::Name(name)
    }
}

impl From<Kind> for KindRef<'_> {
    fn from(kind: Kind) -> Self {
        KindRef::Kind(kind)
    }
}

/// How a kind of counter is for the entity that has it (used by agent policies).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Polarity {
    Good,
    Bad,
    Neutral,
}

impl Polarity {
    pub fn as_str(self) -> &'static str {
        match self {
            Polarity::Good => "good",
            Polarity::Bad => "bad",
            Polarity::Neutral => "neutral",
        }
    }
}

/// What the engine knows about one kind.
#[derive(Clone, Debug)]
pub struct KindInfo {
    /// Stable hash of the name: hash features depend on names, not on interning order.
    pub name_hash: u64,
    /// Power/toughness change per counter for `+X/+Y` kinds (122.1a).
    pub power: i32,
    pub toughness: i32,
    /// Keyword granted by a keyword counter (122.1b), empty otherwise.
    pub keyword: Keywords,
    pub polarity: Polarity,
}

macro_rules! builtin_kinds {
    ($($konst:ident = $name:literal),* $(,)?) => {
        /// Canonical names of the built-in kinds, in id order.
        pub const BUILTIN_NAMES: &[&str] = &[$($name),*];
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[repr(u16)]
        enum BuiltinIndex { $($konst),* }
        $(pub const $konst: Kind = Kind(BuiltinIndex::$konst as u16);)*

        /// The name of a built-in kind (`""` for another kind).
        pub fn builtin_name(kind: Kind) -> &'static str {
            BUILTIN_NAMES.get(kind.0 as usize).copied().unwrap_or_default()
        }

        /// The built-in kind of this exact name (the same id in every game).
        pub fn builtin(name: &str) -> Option<Kind> {
            match name {
                $($name => Some($konst),)*
                _ => None,
            }
        }
    };
}

builtin_kinds! {
    PLUS_ONE = "+1/+1",
    MINUS_ONE = "-1/-1",
    POISON = "poison",
    ENERGY = "energy",
    EXPERIENCE = "experience",
    RAD = "rad",
    TICKET = "ticket",
    LOYALTY = "loyalty",
    DEFENSE = "defense",
    SHIELD = "shield",
    STUN = "stun",
    FINALITY = "finality",
    CHARGE = "charge",
    LORE = "lore",
    OIL = "oil",
    PLUS_STRENGTH = "+1 strength",
    MINUS_STRENGTH = "-1 strength",
    EXTRA_LIFE = "extra life",
    NEGATIVE_LIFE = "negative life",
    WOUND = "wound",
    KW_FLYING = "flying",
    KW_FIRST_STRIKE = "first strike",
    KW_DOUBLE_STRIKE = "double strike",
    KW_DEATHTOUCH = "deathtouch",
    KW_DECAYED = "decayed",
    KW_EXALTED = "exalted",
    KW_HASTE = "haste",
    KW_HEXPROOF = "hexproof",
    KW_INDESTRUCTIBLE = "indestructible",
    KW_LIFELINK = "lifelink",
    KW_MENACE = "menace",
    KW_REACH = "reach",
    KW_SHADOW = "shadow",
    KW_TRAMPLE = "trample",
    KW_VIGILANCE = "vigilance",
}

/// Why a kind name can only be a typo, if it can: leading or trailing whitespace, or a name
/// shaped like a power/toughness kind (a sign, digits, then the end or `/`, `+` or `-`) that
/// doesn't parse as one (`"+1+1"`, `"+1/1"`). Kinds are named exactly (122.1), so such a name
/// would silently make a new custom kind.
pub fn kind_name_typo(name: &str) -> Option<String> {
    if name.trim() != name {
        return Some(format!(
            "counter kind {name:?} has leading or trailing whitespace"
        ));
    }
    let b = name.as_bytes();
    if b.len() >= 2 && (b[0] == b'+' || b[0] == b'-') && b[1].is_ascii_digit() {
        let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let next = b.get(1 + digits).copied();
        let shaped = matches!(next, None | Some(b'/') | Some(b'+') | Some(b'-'));
        if shaped && parse_pt(name).is_none() {
            return Some(format!(
                "counter kind {name:?} looks like a power/toughness kind but isn't one \
                 (write it like \"+1/+1\")"
            ));
        }
    }
    None
}

/// Parses `+X/+Y` kind names (`^[+-][0-9]{1,9}/[+-][0-9]{1,9}$`).
pub fn parse_pt(name: &str) -> Option<(i32, i32)> {
    fn part(s: &str) -> Option<i32> {
        let (sign, digits) = match s.as_bytes().first()? {
            b'+' => (1, &s[1..]),
            b'-' => (-1, &s[1..]),
            _ => return None,
        };
        if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(sign * digits.parse::<i32>().ok()?)
    }
    let (p, t) = name.split_once('/')?;
    Some((part(p)?, part(t)?))
}

fn describe(name: &str) -> KindInfo {
    let (power, toughness) = parse_pt(name).unwrap_or((0, 0));
    let keyword = keywords::counter_keyword(name);
    let polarity = match name {
        "-1/-1" | "poison" | "stun" | "rad" | "wound" | "-1 strength" | "negative life" => {
            Polarity::Bad
        }
        "+1/+1" | "loyalty" | "shield" | "energy" | "experience" | "ticket" | "lore" | "oil"
        | "charge" | "+1 strength" | "extra life" => Polarity::Good,
        _ if !keyword.is_empty() => Polarity::Good,
        _ if parse_pt(name).is_some() => match (power as i64 + toughness as i64).signum() {
            1 => Polarity::Good,
            -1 => Polarity::Bad,
            _ => Polarity::Neutral,
        },
        _ => Polarity::Neutral,
    };
    KindInfo {
        name_hash: name_hash(name),
        power,
        toughness,
        keyword,
        polarity,
    }
}

/// Polarity of a kind by name, without interning it.
pub fn polarity_of(name: &str) -> Polarity {
    describe(name).polarity
}

/// The interned kinds of one game (and its clones, shared copy-on-write).
#[derive(Clone, Debug)]
pub struct KindTable {
    names: Vec<Box<str>>,
    infos: Vec<KindInfo>,
    by_name: FxHashMap<Box<str>, Kind>,
    /// Ids given back (no name maps to them), reused before the table grows.
    free: Vec<Kind>,
}

pub use crate::limits::MAX_KINDS;

impl Default for KindTable {
    fn default() -> Self {
        let mut t = KindTable {
            names: Vec::with_capacity(BUILTIN_NAMES.len()),
            infos: Vec::with_capacity(BUILTIN_NAMES.len()),
            by_name: FxHashMap::default(),
            free: Vec::new(),
        };
        for name in BUILTIN_NAMES {
            t.push(name);
        }
        t
    }
}

impl KindTable {
    fn push(&mut self, name: &str) -> Kind {
        let kind = Kind(self.names.len() as u16);
        self.names.push(name.into());
        self.infos.push(describe(name));
        self.by_name.insert(name.into(), kind);
        kind
    }

    /// The kind of that name, if interned.
    #[inline]
    pub fn lookup(&self, name: &str) -> Option<Kind> {
        self.by_name.get(name).copied()
    }

    /// Interns a name (the caller checked it is non-empty), in a given-back id if there is
    /// one. `None` when the table is full (see `give_back`).
    pub fn intern(&mut self, name: &str) -> Option<Kind> {
        if let Some(k) = self.lookup(name) {
            return Some(k);
        }
        if let Some(kind) = self.free.pop() {
            self.names[kind.0 as usize] = name.into();
            self.infos[kind.0 as usize] = describe(name);
            self.by_name.insert(name.into(), kind);
            return Some(kind);
        }
        if self.names.len() >= MAX_KINDS {
            return None;
        }
        Some(self.push(name))
    }

    /// Gives back the id of every custom kind for which `in_use` is false: its name no longer
    /// resolves and `intern` reuses the id. Returns how many ids are free. The caller passes
    /// every kind anything still holds (entities, logged events, a transaction's saved copies).
    pub fn give_back(&mut self, in_use: impl Fn(Kind) -> bool) -> usize {
        for id in BUILTIN_NAMES.len()..self.names.len() {
            let kind = Kind(id as u16);
            if in_use(kind) || self.names[id].is_empty() {
                continue;
            }
            let name = std::mem::take(&mut self.names[id]);
            self.by_name.remove(&name);
            self.free.push(kind);
        }
        // Lowest ids first (deterministic reuse).
        self.free.sort_unstable_by(|a, b| b.cmp(a));
        self.free.len()
    }

    #[inline]
    pub fn name(&self, kind: Kind) -> &str {
        &self.names[kind.0 as usize]
    }

    #[inline]
    pub fn info(&self, kind: Kind) -> &KindInfo {
        &self.infos[kind.0 as usize]
    }

    #[inline]
    pub fn name_hash(&self, kind: Kind) -> u64 {
        self.infos[kind.0 as usize].name_hash
    }

    /// Ids handed out (given-back ones included).
    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Kinds with a name (interned and not given back).
    pub fn live(&self) -> usize {
        self.names.len() - self.free.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_have_fixed_ids() {
        let t = KindTable::default();
        assert_eq!(t.lookup("+1/+1"), Some(PLUS_ONE));
        assert_eq!(t.lookup("poison"), Some(POISON));
        assert_eq!(t.name(WOUND), "wound");
        assert_eq!(t.lookup("vigilance"), Some(KW_VIGILANCE));
    }

    #[test]
    fn rule_122_1a_pt_kinds() {
        assert_eq!(parse_pt("+1/+1"), Some((1, 1)));
        assert_eq!(parse_pt("-0/-2"), Some((0, -2)));
        assert_eq!(parse_pt("+1/+1x"), None);
        assert_eq!(parse_pt("1/1"), None);
        assert_eq!(parse_pt("+1234567890/+1"), None);
        assert_eq!(polarity_of("+2/+0"), Polarity::Good);
        assert_eq!(polarity_of("-2/+1"), Polarity::Bad);
        assert_eq!(polarity_of("+1/-1"), Polarity::Neutral);
    }

    #[test]
    fn polarity_table() {
        assert_eq!(polarity_of("poison"), Polarity::Bad);
        assert_eq!(polarity_of("energy"), Polarity::Good);
        assert_eq!(polarity_of("lifelink"), Polarity::Good);
        assert_eq!(polarity_of("finality"), Polarity::Neutral);
        assert_eq!(polarity_of("my custom"), Polarity::Neutral);
    }

    #[test]
    fn given_back_ids_are_reused_and_their_names_forgotten() {
        let mut t = KindTable::default();
        let a = t.intern("velocity").unwrap();
        let b = t.intern("age").unwrap();
        assert_eq!(t.give_back(|k| k == b), 1);
        assert_eq!(t.lookup("velocity"), None);
        assert_eq!(t.lookup("age"), Some(b));
        assert_eq!(
            t.lookup("+1/+1"),
            Some(PLUS_ONE),
            "built-in kinds are never given back"
        );
        let c = t.intern("-2/-0").unwrap();
        assert_eq!(c, a, "the id is reused");
        assert_eq!((t.name(c), t.info(c).toughness), ("-2/-0", 0));
        assert_eq!(t.info(c).power, -2);
        assert_eq!(t.name_hash(c), name_hash("-2/-0"));
        assert_eq!(t.live(), BUILTIN_NAMES.len() + 2);
    }

    #[test]
    fn a_full_table_refuses_until_ids_are_given_back() {
        let mut t = KindTable::default();
        let mut last = None;
        for i in 0..MAX_KINDS - BUILTIN_NAMES.len() {
            last = t.intern(&format!("k{i}"));
        }
        assert!(last.is_some() && t.len() == MAX_KINDS);
        assert_eq!(t.intern("one more"), None);
        assert_eq!(t.give_back(|k| k != Kind(40)), 1);
        assert_eq!(t.intern("one more"), Some(Kind(40)));
        assert_eq!(t.intern("and another"), None);
    }

    #[test]
    fn custom_kinds_intern_once() {
        let mut t = KindTable::default();
        let a = t.intern("velocity").unwrap();
        assert_eq!(t.intern("velocity"), Some(a));
        assert_eq!(t.name(a), "velocity");
    }
}
