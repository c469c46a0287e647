//! Keyword abilities the kernel reads, card types and supertypes, as small bit sets.

/// A set of keyword abilities.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Keywords(pub u32);

/// Known keywords, in bit order.
pub const KEYWORD_NAMES: &[&str] = &[
    "flying",
    "first strike",
    "double strike",
    "deathtouch",
    "decayed",
    "defender",
    "exalted",
    "haste",
    "hexproof",
    "indestructible",
    "infect",
    "lifelink",
    "menace",
    "reach",
    "shadow",
    "toxic",
    "trample",
    "vigilance",
    "wither",
    "can't block",
    "can't be blocked",
    "can't be blocked by walls",
    "attacks each combat if able",
    "protection from white",
    "protection from blue",
    "protection from black",
    "protection from red",
    "protection from green",
    "protection from everything",
    "hexproof from instants",
];

impl Keywords {
    pub const EMPTY: Keywords = Keywords(0);
    pub const FLYING: Keywords = Keywords(1 << 0);
    pub const FIRST_STRIKE: Keywords = Keywords(1 << 1);
    pub const DOUBLE_STRIKE: Keywords = Keywords(1 << 2);
    pub const DEATHTOUCH: Keywords = Keywords(1 << 3);
    pub const DECAYED: Keywords = Keywords(1 << 4);
    pub const DEFENDER: Keywords = Keywords(1 << 5);
    pub const EXALTED: Keywords = Keywords(1 << 6);
    pub const HASTE: Keywords = Keywords(1 << 7);
    pub const HEXPROOF: Keywords = Keywords(1 << 8);
    pub const INDESTRUCTIBLE: Keywords = Keywords(1 << 9);
    pub const INFECT: Keywords = Keywords(1 << 10);
    pub const LIFELINK: Keywords = Keywords(1 << 11);
    pub const MENACE: Keywords = Keywords(1 << 12);
    pub const REACH: Keywords = Keywords(1 << 13);
    pub const SHADOW: Keywords = Keywords(1 << 14);
    pub const TOXIC: Keywords = Keywords(1 << 15);
    pub const TRAMPLE: Keywords = Keywords(1 << 16);
    pub const VIGILANCE: Keywords = Keywords(1 << 17);
    pub const WITHER: Keywords = Keywords(1 << 18);
    /// "This creature can't block." (509.1a: a restriction on blocking).
    pub const CANT_BLOCK: Keywords = Keywords(1 << 19);
    /// "This creature can't be blocked." (509.1b: a restriction on blocking).
    pub const CANT_BE_BLOCKED: Keywords = Keywords(1 << 20);
    /// "This creature can't be blocked by Walls." (509.1b).
    pub const CANT_BE_BLOCKED_BY_WALLS: Keywords = Keywords(1 << 21);
    /// "This creature attacks each combat if able." (508.1d: a requirement on attacking).
    pub const ATTACKS_EACH_COMBAT: Keywords = Keywords(1 << 22);
    /// "Protection from white" (702.16a); the next four bits are blue, black, red and green,
    /// the colours in WUBRG order (`protection_from_colour`).
    pub const PROTECTION_FROM_WHITE: Keywords = Keywords(1 << 23);
    /// "Protection from everything" (702.16j).
    pub const PROTECTION_FROM_EVERYTHING: Keywords = Keywords(1 << 28);
    /// "Hexproof from instants" (702.11d: "hexproof from [quality]", a hexproof ability).
    pub const HEXPROOF_FROM_INSTANTS: Keywords = Keywords(1 << 29);
    /// Every protection keyword (702.16): from each colour and from everything.
    pub const PROTECTION: Keywords = Keywords(0b11_1111 << 23);

    /// "Protection from" the colours of a mask (bit i: WUBRG's i-th colour).
    #[inline]
    pub fn protection_from_colours(colours: u8) -> Keywords {
        Keywords(u32::from(colours & 0b1_1111) << 23)
    }

    #[inline]
    pub fn contains(self, other: Keywords) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }
    #[inline]
    pub fn intersects(self, other: Keywords) -> bool {
        self.0 & other.0 != 0
    }
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub fn union(self, other: Keywords) -> Keywords {
        Keywords(self.0 | other.0)
    }
    #[inline]
    pub fn without(self, other: Keywords) -> Keywords {
        Keywords(self.0 & !other.0)
    }
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        KEYWORD_NAMES
            .iter()
            .enumerate()
            .filter(move |(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, n)| *n)
    }
}

/// The refusal of a keyword name that is not one, listing the valid names.
#[cold]
pub fn unknown(name: &str) -> crate::Error {
    crate::Error::refused(
        crate::error::Reason::UnknownName,
        format!(
            "unknown keyword {name:?}; valid keywords: {}",
            KEYWORD_NAMES.join(", ")
        ),
    )
}

/// The keyword of that name.
pub fn keyword(name: &str) -> Option<Keywords> {
    KEYWORD_NAMES
        .iter()
        .position(|n| *n == name)
        .map(|i| Keywords(1 << i))
}

/// The keywords a keyword counter of the same name grants (122.1b), in bit order.
pub const KEYWORD_COUNTER_NAMES: &[&str] = &[
    "flying",
    "first strike",
    "double strike",
    "deathtouch",
    "decayed",
    "exalted",
    "haste",
    "hexproof",
    "indestructible",
    "lifelink",
    "menace",
    "reach",
    "shadow",
    "trample",
    "vigilance",
];

/// Keyword counters (122.1b) grant their keyword; other kinds grant nothing.
pub fn counter_keyword(name: &str) -> Keywords {
    if KEYWORD_COUNTER_NAMES.contains(&name) {
        keyword(name).unwrap_or_default()
    } else {
        Keywords::EMPTY
    }
}

/// A set of card types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Types(pub u16);

/// Card types of both games, in bit order (Berserk's creature and artifact share Magic's bits).
pub const TYPE_NAMES: &[&str] = &[
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "planeswalker",
    "sorcery",
    "terrain",
    "equipment",
    "spell",
    "event",
    "hero",
];

impl Types {
    pub const ARTIFACT: Types = Types(1 << 0);
    pub const BATTLE: Types = Types(1 << 1);
    pub const CREATURE: Types = Types(1 << 2);
    pub const ENCHANTMENT: Types = Types(1 << 3);
    pub const INSTANT: Types = Types(1 << 4);
    pub const KINDRED: Types = Types(1 << 5);
    pub const LAND: Types = Types(1 << 6);
    pub const PLANESWALKER: Types = Types(1 << 7);
    pub const SORCERY: Types = Types(1 << 8);
    pub const TERRAIN: Types = Types(1 << 9);
    pub const EQUIPMENT: Types = Types(1 << 10);
    pub const SPELL: Types = Types(1 << 11);
    pub const EVENT: Types = Types(1 << 12);
    pub const HERO: Types = Types(1 << 13);
    /// Types of the Magic rulesets.
    pub const MAGIC: Types = Types(0b1_1111_1111);
    /// Types of the Berserk ruleset.
    pub const BERSERK: Types = Types(0b11_1110_0000_0101);

    #[inline]
    pub fn contains(self, other: Types) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }
    #[inline]
    pub fn intersects(self, other: Types) -> bool {
        self.0 & other.0 != 0
    }
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        TYPE_NAMES
            .iter()
            .enumerate()
            .filter(move |(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, n)| *n)
    }
}

/// The type of that name.
pub fn card_type(name: &str) -> Option<Types> {
    TYPE_NAMES
        .iter()
        .position(|n| *n == name)
        .map(|i| Types(1 << i))
}

/// A set of supertypes (205.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Supertypes(pub u8);

/// The supertypes of the Magic rulesets (205.4a), in bit order (the Berserk ruleset has none).
pub const SUPERTYPE_NAMES: &[&str] = &["basic", "legendary", "ongoing", "snow", "world"];

impl Supertypes {
    pub const EMPTY: Supertypes = Supertypes(0);
    /// 205.4c: a land with this supertype is a basic land.
    pub const BASIC: Supertypes = Supertypes(1 << 0);
    /// 205.4d: the legend rule (704.5j) applies to legendary permanents.
    pub const LEGENDARY: Supertypes = Supertypes(1 << 1);
    /// Every supertype.
    pub const ALL: Supertypes = Supertypes(0b1_1111);

    #[inline]
    pub fn contains(self, other: Supertypes) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        SUPERTYPE_NAMES
            .iter()
            .enumerate()
            .filter(move |(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, n)| *n)
    }
}

/// The supertype of that name.
pub fn supertype(name: &str) -> Option<Supertypes> {
    SUPERTYPE_NAMES
        .iter()
        .position(|n| *n == name)
        .map(|i| Supertypes(1 << i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_match_names() {
        assert_eq!(keyword("infect"), Some(Keywords::INFECT));
        assert_eq!(keyword("wither"), Some(Keywords::WITHER));
        assert_eq!(keyword("lifelink"), Some(Keywords::LIFELINK));
        assert_eq!(keyword("toxic"), Some(Keywords::TOXIC));
        assert_eq!(card_type("planeswalker"), Some(Types::PLANESWALKER));
        assert_eq!(card_type("hero"), Some(Types::HERO));
        for n in [
            "artifact",
            "creature",
            "terrain",
            "equipment",
            "spell",
            "event",
            "hero",
        ] {
            assert!(Types::BERSERK.contains(card_type(n).unwrap()), "{n}");
        }
        assert!(!Types::BERSERK.intersects(Types::PLANESWALKER));
        assert!(Types::MAGIC.contains(card_type("sorcery").unwrap()));
        assert!(!Types::MAGIC.intersects(Types::HERO));
        assert_eq!(supertype("legendary"), Some(Supertypes::LEGENDARY));
        assert_eq!(
            Supertypes::ALL.names().collect::<Vec<_>>(),
            SUPERTYPE_NAMES.to_vec()
        );
    }

    /// Each named constant is the bit of its name in the one list.
    #[test]
    fn the_named_bits_are_the_lists_bits() {
        let kw = [
            Keywords::FLYING,
            Keywords::FIRST_STRIKE,
            Keywords::DOUBLE_STRIKE,
            Keywords::DEATHTOUCH,
            Keywords::DECAYED,
            Keywords::DEFENDER,
            Keywords::EXALTED,
            Keywords::HASTE,
            Keywords::HEXPROOF,
            Keywords::INDESTRUCTIBLE,
            Keywords::INFECT,
            Keywords::LIFELINK,
            Keywords::MENACE,
            Keywords::REACH,
            Keywords::SHADOW,
            Keywords::TOXIC,
            Keywords::TRAMPLE,
            Keywords::VIGILANCE,
            Keywords::WITHER,
            Keywords::CANT_BLOCK,
            Keywords::CANT_BE_BLOCKED,
            Keywords::CANT_BE_BLOCKED_BY_WALLS,
            Keywords::ATTACKS_EACH_COMBAT,
            Keywords::PROTECTION_FROM_WHITE,
            Keywords::protection_from_colours(0b10),
            Keywords::protection_from_colours(0b100),
            Keywords::protection_from_colours(0b1000),
            Keywords::protection_from_colours(0b1_0000),
            Keywords::PROTECTION_FROM_EVERYTHING,
            Keywords::HEXPROOF_FROM_INSTANTS,
        ];
        assert_eq!(kw.len(), KEYWORD_NAMES.len());
        for (k, name) in kw.iter().zip(KEYWORD_NAMES) {
            assert_eq!(keyword(name), Some(*k), "{name}");
        }
        let types = [
            Types::ARTIFACT,
            Types::BATTLE,
            Types::CREATURE,
            Types::ENCHANTMENT,
            Types::INSTANT,
            Types::KINDRED,
            Types::LAND,
            Types::PLANESWALKER,
            Types::SORCERY,
            Types::TERRAIN,
            Types::EQUIPMENT,
            Types::SPELL,
            Types::EVENT,
            Types::HERO,
        ];
        assert_eq!(types.len(), TYPE_NAMES.len());
        for (t, name) in types.iter().zip(TYPE_NAMES) {
            assert_eq!(card_type(name), Some(*t), "{name}");
        }
    }

    #[test]
    fn rule_122_1b_keyword_counters() {
        assert_eq!(counter_keyword("lifelink"), Keywords::LIFELINK);
        assert!(counter_keyword("infect").is_empty());
        assert!(counter_keyword("wither").is_empty());
    }
}
