//! Filters (docs/CARDS.md): which objects and players match, with type, keyword and zone names
//! resolved to the kernel's bit sets as the card data is parsed.

use cardstate_core::keywords::{self, Keywords, Types};
use cardstate_core::Zone;
use serde::Deserialize;

/// Who a filter's controller condition is relative to the ability's controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rel {
    You,
    Opponent,
}

#[derive(Deserialize)]
struct FilterData {
    types: Vec<String>,
    players: bool,
    objects: bool,
    controller: Option<Rel>,
    keywords: Vec<String>,
    other: bool,
    zone: String,
    #[serde(default)]
    subtypes: Vec<String>,
    #[serde(default)]
    not_types: Vec<String>,
    #[serde(default)]
    without: Vec<String>,
    #[serde(default)]
    power_at_least: Option<i64>,
    #[serde(default)]
    combat: Option<CombatRole>,
    #[serde(default)]
    any_of: Vec<FilterData>,
    #[serde(default)]
    mana_value_at_most: Option<u32>,
    #[serde(default)]
    nontoken: bool,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    mana_value_at_most_power: bool,
    #[serde(default)]
    not_subtypes: Vec<String>,
    #[serde(default)]
    with_counter: Option<String>,
    #[serde(default)]
    put_there_this_turn: bool,
}

/// What a filter asks of a creature's part in combat (506.4): attacking, blocking, or either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatRole {
    Attacking,
    Blocking,
    AttackingOrBlocking,
}

/// Which entities match (docs/CARDS.md): objects with any of `types` (empty: any) and any of
/// `subtypes` (empty: any) in `zone`, none of `not_types`, all of `keywords` and none of
/// `without`, a power of at least `power_at_least`, a mana value of at most
/// `mana_value_at_most`, in combat as `combat` says, not a token if `nontoken`, matching one
/// of `any_of` (empty: no alternatives); players if `players`; `other` excludes the source.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "FilterData")]
pub struct Filter {
    pub types: Types,
    pub players: bool,
    pub objects: bool,
    pub controller: Option<Rel>,
    pub keywords: Keywords,
    pub other: bool,
    pub zone: Zone,
    pub subtypes: Vec<Box<str>>,
    pub not_types: Types,
    pub without: Keywords,
    pub power_at_least: Option<i64>,
    pub combat: Option<CombatRole>,
    pub any_of: Vec<Filter>,
    /// "With mana value N or less" (202.3).
    pub mana_value_at_most: Option<u32>,
    /// Only objects that aren't tokens (111.1: "nontoken").
    pub nontoken: bool,
    /// Only objects of this name (201.2: "named Hare Apparent").
    pub name: Option<Box<str>>,
    /// "With mana value less than or equal to this creature's power" (202.3, 208.1): at most
    /// the source's power (its last known power if it left, 608.2h; none: nothing matches).
    pub mana_value_at_most_power: bool,
    /// None of these subtypes (205.3: "non-Bear").
    pub not_subtypes: Vec<Box<str>>,
    /// Only objects with a counter of this kind on them (122.1: "with a +1/+1 counter on it").
    pub with_counter: Option<Box<str>>,
    /// Only objects that came to their zone this turn (400.7: "a creature card … that was put
    /// there this turn"), as the game knows the turn (`InCombat::since`).
    pub put_there_this_turn: bool,
}

// The definitions' text is what a database's fingerprint hashes (`CardDb::fingerprint`): the
// parts most definitions don't use are written only when used, so that a card that doesn't use
// them keeps its fingerprint (and the games of a pool their pinned digests) as the model grows.
impl std::fmt::Debug for Filter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Filter");
        d.field("types", &self.types)
            .field("players", &self.players)
            .field("objects", &self.objects)
            .field("controller", &self.controller)
            .field("keywords", &self.keywords)
            .field("other", &self.other)
            .field("zone", &self.zone);
        if !self.subtypes.is_empty() {
            d.field("subtypes", &self.subtypes);
        }
        if self.not_types.0 != 0 {
            d.field("not_types", &self.not_types);
        }
        if !self.without.is_empty() {
            d.field("without", &self.without);
        }
        if let Some(n) = self.power_at_least {
            d.field("power_at_least", &n);
        }
        if self.nontoken {
            d.field("nontoken", &true);
        }
        if let Some(c) = self.combat {
            d.field("combat", &c);
        }
        if !self.any_of.is_empty() {
            d.field("any_of", &self.any_of);
        }
        if let Some(n) = self.mana_value_at_most {
            d.field("mana_value_at_most", &n);
        }
        if let Some(n) = &self.name {
            d.field("name", n);
        }
        if self.mana_value_at_most_power {
            d.field("mana_value_at_most_power", &true);
        }
        if !self.not_subtypes.is_empty() {
            d.field("not_subtypes", &self.not_subtypes);
        }
        if let Some(k) = &self.with_counter {
            d.field("with_counter", k);
        }
        if self.put_there_this_turn {
            d.field("put_there_this_turn", &true);
        }
        d.finish()
    }
}

fn types_of(names: &[String]) -> Result<Types, String> {
    let mut types = Types::default();
    for t in names {
        types.0 |= keywords::card_type(t)
            .ok_or_else(|| format!("unknown type {t:?}"))?
            .0;
    }
    Ok(types)
}

fn keywords_of(names: &[String]) -> Result<Keywords, String> {
    let mut kw = Keywords::EMPTY;
    for k in names {
        kw = kw.union(keywords::keyword(k).ok_or_else(|| format!("unknown keyword {k:?}"))?);
    }
    Ok(kw)
}

impl TryFrom<FilterData> for Filter {
    type Error = String;

    fn try_from(d: FilterData) -> Result<Filter, String> {
        let zone = Zone::parse(&d.zone).map_err(|e| e.to_string())?;
        if d.subtypes
            .iter()
            .chain(&d.not_subtypes)
            .any(|s| s.is_empty())
        {
            return Err("a subtype is a non-empty name".into());
        }
        let mut any_of = Vec::with_capacity(d.any_of.len());
        for alt in d.any_of {
            if !alt.any_of.is_empty() {
                return Err("a filter of any_of has no any_of of its own".into());
            }
            any_of.push(Filter::try_from(alt)?);
        }
        Ok(Filter {
            types: types_of(&d.types)?,
            players: d.players,
            objects: d.objects,
            controller: d.controller,
            keywords: keywords_of(&d.keywords)?,
            other: d.other,
            zone,
            subtypes: d.subtypes.into_iter().map(String::into_boxed_str).collect(),
            not_types: types_of(&d.not_types)?,
            without: keywords_of(&d.without)?,
            power_at_least: d.power_at_least,
            combat: d.combat,
            any_of,
            mana_value_at_most: d.mana_value_at_most,
            nontoken: d.nontoken,
            name: d.name.map(String::into_boxed_str),
            mana_value_at_most_power: d.mana_value_at_most_power,
            not_subtypes: d
                .not_subtypes
                .into_iter()
                .map(String::into_boxed_str)
                .collect(),
            with_counter: d.with_counter.map(String::into_boxed_str),
            put_there_this_turn: d.put_there_this_turn,
        })
    }
}
