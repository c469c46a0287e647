//! The continuous effects the game holds (CR 611, 613): what each changes, what it affects,
//! as data. The rules that apply them in layer order are `crate::continuous`.

use super::replacement_effect::Clause;
use crate::error::{overflow, refuse, Reason, Result};
use crate::keywords::{self, Keywords};
use crate::kinds::Kind;
use crate::limits::stat_ok;
use crate::names::Subtype;

/// What an effect changes, and so its layer (613.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Layer 6: the affected objects gain a keyword (`value`: toxic N's N, 0 for the others).
    AddKeyword(Keywords, u32),
    /// Layer 6: they lose a keyword (Melira, Sylvok Outcast: "lose infect").
    RemoveKeyword(Keywords),
    /// Layer 7a: a characteristic-defining ability defines their power and toughness (604.3).
    DefinePowerToughness(i32, i32),
    /// Layer 7b: their base power and toughness become N/M (613.4b: an animated land).
    SetBasePowerToughness(i32, i32),
    /// Layer 7c: +N/+M ("creatures you control get +1/+1", a pump until end of turn).
    ModifyPowerToughness(i32, i32),
    /// Layer 7e: their power and toughness are switched (613.4e), after the counters of 7d.
    SwitchPowerToughness,
    /// Layer 4 (613.1d): they have a subtype in addition to their other types (205.1b: "it's
    /// a Knight in addition to its other types").
    AddSubtype(Subtype),
    /// Layer 4 (613.1d): they lose all their subtypes, at its timestamp (205.1a: "it becomes a
    /// Werewolf" is this, then the Werewolf added; "it loses all other creature types").
    LoseSubtypes,
    /// Layer 6 (613.1f): they lose all abilities, at its timestamp: their keywords then (an
    /// ability an effect grants later stays), and the continuous effects of which they are the
    /// source stop applying. Only on a locked-in set (611.2c: "Enchanted creature loses all
    /// abilities" is the Aura's effect on what it is attached to).
    LoseAllAbilities,
    /// Layer 4 (613.1d): they have all creature types (205.3m: "a 3/3 creature with vigilance
    /// and all creature types"), a flag rather than a list, until a later loss of the subtypes.
    AllCreatureTypes,
}

pub const CHANGE_NAMES: [&str; 10] = [
    "add_keyword",
    "remove_keyword",
    "define_power_toughness",
    "set_base_power_toughness",
    "modify_power_toughness",
    "switch_power_toughness",
    "add_subtype",
    "lose_subtypes",
    "lose_all_abilities",
    "all_creature_types",
];

impl Change {
    pub fn code(self) -> u8 {
        match self {
            Change::AddKeyword(..) => 0,
            Change::RemoveKeyword(_) => 1,
            Change::DefinePowerToughness(..) => 2,
            Change::SetBasePowerToughness(..) => 3,
            Change::ModifyPowerToughness(..) => 4,
            Change::SwitchPowerToughness => 5,
            Change::AddSubtype(_) => 6,
            Change::LoseSubtypes => 7,
            Change::LoseAllAbilities => 8,
            Change::AllCreatureTypes => 9,
        }
    }

    pub fn name(self) -> &'static str {
        CHANGE_NAMES[self.code() as usize]
    }

    /// The layer it applies in (613.1): "4", "6", "7a", "7b", "7c" or "7e".
    pub fn layer(self) -> &'static str {
        ["6", "6", "7a", "7b", "7c", "7e", "4", "4", "6", "4"][self.code() as usize]
    }

    /// The subtype it adds.
    pub fn subtype(self) -> Option<Subtype> {
        match self {
            Change::AddSubtype(s) => Some(s),
            _ => None,
        }
    }

    /// The keyword it adds or removes.
    pub fn keyword(self) -> Option<Keywords> {
        match self {
            Change::AddKeyword(k, _) | Change::RemoveKeyword(k) => Some(k),
            _ => None,
        }
    }

    /// The power and toughness it sets or adds.
    pub fn power_toughness(self) -> Option<(i32, i32)> {
        match self {
            Change::DefinePowerToughness(p, t)
            | Change::SetBasePowerToughness(p, t)
            | Change::ModifyPowerToughness(p, t) => Some((p, t)),
            _ => None,
        }
    }

    /// The change of that code with those arguments, checked (the API and the codec both come
    /// here): a keyword for the keyword changes, power and toughness for the P/T ones, nothing
    /// for a switch; a value only for gaining toxic (at least 1; 1 if not given).
    pub fn build(
        code: u8,
        keyword: Option<&str>,
        value: Option<u64>,
        power: Option<i64>,
        toughness: Option<i64>,
    ) -> Result<Change> {
        let name = CHANGE_NAMES.get(code as usize).copied().unwrap_or("?");
        let on_keywords = code <= 1;
        if on_keywords {
            if power.is_some() || toughness.is_some() {
                return value_err(format!("{name} takes no power or toughness"));
            }
            let Some(kw) = keyword else {
                return value_err(format!("{name} needs a keyword="));
            };
            let k = keywords::keyword(kw).ok_or_else(|| keywords::unknown(kw))?;
            if code == 1 {
                if value.is_some() {
                    return value_err(format!("{name} takes no value"));
                }
                return Ok(Change::RemoveKeyword(k));
            }
            let n = match (k == Keywords::TOXIC, value) {
                (true, None) => 1,
                (true, Some(0)) => return value_err("toxic needs a value of at least 1, got 0"),
                (true, Some(n)) if n > u32::MAX as u64 => return overflow("the toxic value"),
                (true, Some(n)) => n as u32,
                (false, None) => 0,
                (false, Some(_)) => {
                    return value_err(format!("{kw} is not a valued keyword: give no value"))
                }
            };
            return Ok(Change::AddKeyword(k, n));
        }
        if code == 6 {
            return value_err(format!("{name} needs a subtype="));
        }
        if code > 9 {
            return value_err(format!("unknown continuous effect code {code}"));
        }
        if keyword.is_some() || value.is_some() {
            return value_err(format!("{name} takes no keyword or value"));
        }
        if (7..=9).contains(&code) {
            if power.is_some() || toughness.is_some() {
                return value_err(format!("{name} takes no power or toughness"));
            }
            return Ok(match code {
                7 => Change::LoseSubtypes,
                8 => Change::LoseAllAbilities,
                _ => Change::AllCreatureTypes,
            });
        }
        if code == 5 {
            if power.is_some() || toughness.is_some() {
                return value_err(format!("{name} takes no power or toughness"));
            }
            return Ok(Change::SwitchPowerToughness);
        }
        let (Some(p), Some(t)) = (power, toughness) else {
            return value_err(format!("{name} needs power= and toughness="));
        };
        if !stat_ok(p) || !stat_ok(t) {
            return overflow(&format!("the power/toughness of {name}"));
        }
        let (p, t) = (p as i32, t as i32);
        Ok(match code {
            2 => Change::DefinePowerToughness(p, t),
            3 => Change::SetBasePowerToughness(p, t),
            _ => Change::ModifyPowerToughness(p, t),
        })
    }

    pub fn parse(
        name: &str,
        keyword: Option<&str>,
        value: Option<u64>,
        power: Option<i64>,
        toughness: Option<i64>,
    ) -> Result<Change> {
        match CHANGE_NAMES.iter().position(|n| *n == name) {
            Some(code) => Change::build(code as u8, keyword, value, power, toughness),
            None => refuse(
                Reason::UnknownName,
                format!(
                    "unknown continuous effect {name:?}; valid effects: {}",
                    CHANGE_NAMES.join(", ")
                ),
            ),
        }
    }
}

/// The subtype named before the plural type of a filter text ("Zombie creatures you control"
/// -> "Zombie", "creatures you control"; "Time Lord permanents" -> "Time Lord", "permanents"),
/// or none.
pub(crate) fn split_subtype(text: &str) -> (Option<&str>, &str) {
    let what_end = [
        " you control",
        " your opponents control",
        " opponents control",
    ]
    .iter()
    .find_map(|suffix| text.find(suffix))
    .unwrap_or(text.len());
    match text[..what_end].rfind(' ') {
        Some(at) => (Some(&text[..at]), &text[at + 1..]),
        None => (None, text),
    }
}

/// A refusal of arguments that don't go together (or don't fit the effect).
pub(crate) fn value_err<T>(msg: impl Into<String>) -> Result<T> {
    refuse(Reason::Incompatible, msg)
}

/// One text of a continuous effect's filter (611.3a): the permanents of `clause`, of subtype
/// `subtype` if one is named ("Zombie creatures you control", 205.3), the source left out if
/// `other` ("other Zombie creatures you control").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FilterClause {
    pub clause: Clause,
    pub subtype: Option<Subtype>,
    pub other: bool,
    /// A quality the permanent must have too ("… with a +1/+1 counter on it", "… with
    /// flying").
    pub with: Option<With>,
}

/// A quality a filter's permanents have (611.3a: read continuously).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum With {
    /// One or more counters of a built-in kind ("each creature you control with a +1/+1
    /// counter on it").
    Counter(Kind),
    /// A keyword, read through layer 6 (613.1f): only for an effect of layer 7, whose
    /// application depends on it (613.8).
    Keyword(Keywords),
}

/// What a static ability of the source needs to apply "as long as" it holds (611.3a: read
/// continuously), "your" its controller's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// Threshold (207.2c): "as long as there are N or more cards in your graveyard".
    GraveyardAtLeast(u32),
    /// "As long as this creature has N or more <kind> counters on it" (a built-in kind).
    CountersAtLeast(Kind, u32),
    /// "As long as it's untapped" (the source's tapped status, 110.5).
    Untapped,
    /// "During your turn" (102.1: its controller is the active player).
    YourTurn,
    /// "As long as your life total is N or more" (119.1: its controller's life total; "greater
    /// than your starting life total" is N = the starting life total + 1, 103.4).
    LifeAtLeast(u32),
}

/// Which permanents an effect affects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Affected {
    /// Every permanent matching one of the clauses, now (611.3a: evaluated continuously).
    Filter(Vec<FilterClause>),
    /// The source itself ("this creature has ...").
    This,
    /// The source itself as long as its controller controls a permanent matching one of the
    /// clauses ("As long as you control an artifact, this creature gets +1/+0", 611.3a:
    /// evaluated continuously).
    ThisWhile(Vec<FilterClause>),
    /// The objects locked in as the effect began (611.2c: a resolved spell's or ability's
    /// "until end of turn" effect), in the order given; one that leaves is no longer affected.
    Fixed(Vec<u32>),
    /// The source itself as long as the condition holds ("Threshold — This creature gets
    /// +2/+1 as long as there are seven or more cards in your graveyard", 611.3a).
    ThisIf(Condition),
    /// Every permanent matching one of the clauses as long as the condition holds for the
    /// source ("During your turn, creatures you control with +1/+1 counters on them have
    /// first strike", 611.3a: both read continuously).
    FilterIf(Condition, Vec<FilterClause>),
}

/// What a caller names as affected: filter texts, or the ids of a locked-in set.
#[derive(Clone, Copy, Debug)]
pub enum AffectedSpec<'a> {
    Texts(&'a [String]),
    Ids(&'a [u32]),
}

/// Power and toughness (`None`: a non-creature without a value).
pub type PowerToughness = (Option<i128>, Option<i128>);

/// A continuous effect. Its timestamp is its place in the game's list (613.7: creation order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContinuousEffect {
    pub id: u32,
    pub change: Change,
    pub affected: Affected,
    /// The permanent whose static ability it is: it ends when that leaves the battlefield
    /// (611.3a), and "you" is that permanent's controller.
    pub source: Option<u32>,
    /// "You" when there is no source.
    pub controller: Option<u32>,
    pub until_end_of_turn: bool,
}
