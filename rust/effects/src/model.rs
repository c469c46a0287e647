//! The data model: compiled card definitions as the Python compiler writes them
//! (docs/CARDS.md, "The compiled form"). Parsed once; names of types, keywords and zones are
//! resolved to the kernel's bit sets while parsing, so the runtime compares integers.

use cardstate_core::keywords::{self, Keywords, Types};
use cardstate_core::{Kind, Zone};
use serde::Deserialize;
use std::collections::BTreeMap;

/// A card of a [`crate::CardDb`]: its index there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId(pub u16);

/// The five colours, in WUBRG order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum Colour {
    W,
    U,
    B,
    R,
    G,
}

impl Colour {
    pub const ALL: [Colour; 5] = [Colour::W, Colour::U, Colour::B, Colour::R, Colour::G];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// A mana cost as printed (202.1): generic, coloured, colourless, X, hybrid and Phyrexian
/// symbols.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ManaCost {
    pub text: String,
    pub generic: u32,
    /// W, U, B, R, G.
    pub coloured: [u8; 5],
    pub colourless: u8,
    /// The number of {X} symbols.
    pub x: u8,
    pub hybrid: Vec<[Colour; 2]>,
    /// The colour of each Phyrexian symbol ({U/P}: pay {U} or 2 life).
    pub phyrexian: Vec<Colour>,
    /// Mana value with X = 0 (202.3).
    pub mana_value: u32,
}

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
    /// Only a static ability's filters name subtypes (their kernel texts do).
    #[serde(default)]
    subtypes: Vec<String>,
}

/// Which entities match (docs/CARDS.md): objects with any of `types` (empty: any) in `zone`,
/// players if `players`; all of `keywords`; `other` excludes the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "FilterData")]
pub struct Filter {
    pub types: Types,
    pub players: bool,
    pub objects: bool,
    pub controller: Option<Rel>,
    pub keywords: Keywords,
    pub other: bool,
    pub zone: Zone,
}

impl TryFrom<FilterData> for Filter {
    type Error = String;

    fn try_from(d: FilterData) -> Result<Filter, String> {
        let mut types = Types::default();
        for t in &d.types {
            types.0 |= keywords::card_type(t)
                .ok_or_else(|| format!("unknown type {t:?}"))?
                .0;
        }
        let mut kw = Keywords::EMPTY;
        for k in &d.keywords {
            kw = kw.union(keywords::keyword(k).ok_or_else(|| format!("unknown keyword {k:?}"))?);
        }
        let zone = Zone::parse(&d.zone).map_err(|e| e.to_string())?;
        if !d.subtypes.is_empty() {
            return Err("a filter names subtypes only in a static ability".into());
        }
        Ok(Filter {
            types,
            players: d.players,
            objects: d.objects,
            controller: d.controller,
            keywords: kw,
            other: d.other,
            zone,
        })
    }
}

/// Who or what an effect acts on.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "s", rename_all = "snake_case")]
pub enum Selector {
    /// The source object.
    This,
    /// The controller of the spell or ability.
    You,
    EachOpponent,
    /// The object or player the trigger event was about.
    Triggering,
    /// The top card of the controller's library (the lowest id there, as a bare kernel's
    /// library is drawn); only Berserk cards name it.
    TopOfLibrary,
    /// The still-legal entities chosen for declared target `i`.
    Target {
        i: u8,
    },
    /// Every entity matching the filter, in id order.
    Each {
        filter: Filter,
    },
}

/// A number an effect uses.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "a", rename_all = "snake_case")]
pub enum Amount {
    Const {
        n: u64,
    },
    X,
    /// The {E} paid by the last "pay any amount of {E}" of this resolution.
    ThatMuch,
    /// Counters of a kind on the first entity selected.
    Counters {
        of: Selector,
        counter: String,
    },
    /// The number of entities selected.
    Count {
        of: Selector,
    },
    /// The cost of the first object selected, X counted as 0, with the cost modifiers that
    /// apply to it (Berserk 105.1, 104.3).
    Cost {
        of: Selector,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "c", rename_all = "snake_case")]
pub enum Condition {
    AtLeast { amount: Amount, n: i64 },
}

/// One operation of a program (docs/CARDS.md lists them). `Test`, `May`, `MayPayEnergy` set
/// the flag that the next `JumpUnless` reads.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Op {
    PutCounters {
        on: Selector,
        counter: String,
        n: Amount,
        /// The built-in kind of that name (the same in every game), set as the database is
        /// made: the runtime then names the kind by id, not by name.
        #[serde(skip)]
        builtin: Option<Kind>,
    },
    RemoveCounters {
        of: Selector,
        counter: String,
        n: Amount,
        #[serde(skip)]
        builtin: Option<Kind>,
    },
    Proliferate,
    DealDamage {
        to: Selector,
        n: Amount,
        source: Selector,
    },
    Destroy {
        what: Selector,
    },
    Draw {
        who: Selector,
        n: Amount,
    },
    GainLife {
        who: Selector,
        n: Amount,
    },
    LoseLife {
        who: Selector,
        n: Amount,
    },
    GetEnergy {
        who: Selector,
        n: Amount,
    },
    MayPayEnergy {
        n: u64,
    },
    PayAnyEnergy,
    Pump {
        who: Selector,
        power: Amount,
        toughness: Amount,
    },
    Grant {
        who: Selector,
        keyword: String,
    },
    /// "Switch its power and toughness until end of turn" (613.4e).
    Switch {
        who: Selector,
    },
    Tap {
        what: Selector,
    },
    Untap {
        what: Selector,
    },
    CreateToken {
        card: String,
        n: Amount,
        who: Selector,
    },
    Regenerate {
        what: Selector,
    },
    CounterSpell {
        what: Selector,
    },
    /// "Prevent all [combat] damage that would be dealt this turn" to what `affects` names
    /// (kernel filter texts, "you" the controller): 615.1a, until end of turn.
    PreventDamage {
        affects: Vec<String>,
        combat: bool,
    },
    May,
    Test {
        cond: Condition,
    },
    JumpUnless {
        to: u32,
    },
    Jump {
        to: u32,
    },
    /// The escape hatch: a Python callable, run only where Python is.
    Python {
        index: u32,
    },
    /// Berserk: "strength becomes n" (104.3.1).
    SetStrength {
        who: Selector,
        n: Amount,
    },
    /// Berserk: "lives become n" (104.3.1).
    SetLives {
        who: Selector,
        n: Amount,
    },
    /// Berserk: heal by n.
    Heal {
        who: Selector,
        n: Amount,
    },
    /// Berserk: remove every strength and life effect.
    RemoveEffects {
        who: Selector,
    },
    /// Berserk: the controller takes control (104.3.4).
    GainControl {
        what: Selector,
    },
    /// Berserk: becomes these types (classic 108.1–108.2).
    BecomeType {
        what: Selector,
        types: Vec<String>,
        subtypes: Option<Vec<String>>,
    },
    /// Berserk: becomes elite or ordinary (classic 108.1).
    BecomeElite {
        what: Selector,
        elite: bool,
    },
    /// Berserk: gains or loses flying (classic 108.1–108.2).
    SetFlying {
        what: Selector,
        flying: bool,
    },
    /// Berserk: draw n cards, each costing `less` less while in hand (104.3).
    DrawCheaper {
        who: Selector,
        n: Amount,
        less: u32,
    },
}

/// Operations of one ability's program at most.
pub const MAX_OPERATIONS: usize = 1 << 16;

/// Targets one ability declares at most, the counts of its declared targets added up (a
/// resolution keeps which of them are still legal in one 64-bit set, 608.2b).
pub const MAX_TARGETS: usize = 64;

/// A declared target: `count` distinct entities matching `filter` (115.1).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct TargetSpec {
    pub filter: Filter,
    pub count: u8,
}

/// The events triggered abilities wait for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerEvent {
    Enters,
    Dies,
    Attacks,
    BecomesBlocked,
    DealsCombatDamageToPlayer,
    DealsDamage,
    YouCast,
    CountersPut,
    YouProliferate,
    Upkeep,
    BecomesTarget,
    /// Berserk: wounds are placed on it ("при ранении").
    Wounded,
    /// Berserk: wounds are healed on it ("при лечении").
    Healed,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct RemoveCost {
    pub counter: String,
    pub n: u64,
}

/// An activation cost (602.1): mana, {T}, {E}, removing counters from the source, sacrificing it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ActivationCost {
    pub mana: Option<ManaCost>,
    pub tap: bool,
    pub energy: u64,
    pub remove_counters: Option<RemoveCost>,
    pub sacrifice: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    Instant,
    Sorcery,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Triggered {
    pub event: TriggerEvent,
    /// `This`, or `Each{filter}` relative to the controller ("a creature you control").
    pub subject: Selector,
    pub by_spell: bool,
    /// The intervening "if" (603.4), checked when it triggers (the program checks it again).
    pub condition: Option<Condition>,
    pub targets: Vec<TargetSpec>,
    pub program: Vec<Op>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Activated {
    pub cost: ActivationCost,
    pub timing: Timing,
    pub targets: Vec<TargetSpec>,
    pub program: Vec<Op>,
}

/// An ability of a card.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ability {
    /// What an instant or sorcery does as it resolves.
    Spell {
        targets: Vec<TargetSpec>,
        program: Vec<Op>,
    },
    Triggered(Triggered),
    Activated(Activated),
    /// A mana ability (605): the game holding the mana pool resolves it.
    Mana {
        produces: String,
        cost: ActivationCost,
    },
    /// "~ enters with n counters" (614.1c).
    EntersWithCounters {
        counter: String,
        n: Amount,
    },
    /// A static replacement / "can't" effect, made live in the kernel (CR 614) while the
    /// source is on the battlefield: the kernel's effect name, clauses, counter kind, amount.
    Replacement {
        effect: String,
        affects: Vec<String>,
        counter: Option<String>,
        amount: Option<u64>,
    },
    /// A characteristic-changing static ability.
    Static {
        /// The kernel's continuous-effect filter texts for the ability's filters (the
        /// compiled form's `affected`, which the runtime doesn't read).
        affects: Vec<String>,
        power: i32,
        toughness: i32,
        /// Keyword name -> value (toxic's N; 1 for the others), in name order.
        gains: BTreeMap<String, u64>,
        loses: Vec<String>,
    },
    /// Berserk: a static cost modifier (104.3) while the source is in play: cards in hand or in
    /// play of these subtypes and types, controlled by `controller` (relative to the source's
    /// controller as it enters; none: anyone), cost `amount` more.
    CostModifier {
        amount: i32,
        subtypes: Vec<String>,
        types: Vec<String>,
        controller: Option<Rel>,
    },
    /// Berserk: the permanents the kernel filter texts `affects` name have the game's keyword.
    HaveKeyword {
        keyword: String,
        affects: Vec<String>,
    },
}

/// A Berserk card's cost (105.1): `base` plus `x` times X.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct BerserkCost {
    pub text: String,
    pub base: u32,
    pub x: u8,
}

/// A Berserk card's base properties («Берсерк. Герои», classic Berserk 108): the compiled
/// form's `"berserk"` object of a card (a Magic card has none). A database keeps them beside
/// the cards' definitions (`CardDb::berserk`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct BerserkProperties {
    pub cost: Option<BerserkCost>,
    /// Its element as printed (горы, леса, степи, болота, тьма, нейтральная), if given.
    pub element: Option<String>,
    /// The kernel's strength: the one value, or the weak strike of three.
    pub strength: Option<u32>,
    /// The three strike values (weak, medium, strong) of a classic creature.
    pub strikes: Option<[u32; 3]>,
    pub lives: Option<u32>,
    pub movement: Option<u32>,
    pub flying: bool,
    pub elite: bool,
    /// The game's keywords ("уязвимость").
    pub keywords: Vec<String>,
    /// Empty for a card with its published text; else what the definition is made from.
    pub reconstructed: String,
}

/// A compiled card definition.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct CardDef {
    pub name: String,
    pub cost: Option<ManaCost>,
    pub types: Vec<String>,
    pub supertypes: Vec<String>,
    pub subtypes: Vec<String>,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub loyalty: Option<u32>,
    /// Keyword name -> value (1 for plain keywords; toxic's value).
    pub keywords: BTreeMap<String, i64>,
    #[serde(rename = "oracle")]
    pub oracle_text: String,
    /// The non-game elements of rule 109.
    pub info: serde_json::Value,
    /// Uses a Python callable: Rust-only paths refuse to run it.
    pub python: bool,
    pub abilities: Vec<Ability>,
}

impl CardDef {
    pub fn is_type(&self, t: &str) -> bool {
        self.types.iter().any(|x| x == t)
    }

    /// The spell ability of an instant or sorcery.
    pub fn spell(&self) -> Option<(usize, &[TargetSpec], &[Op])> {
        self.abilities
            .iter()
            .enumerate()
            .find_map(|(i, a)| match a {
                Ability::Spell { targets, program } => {
                    Some((i, targets.as_slice(), program.as_slice()))
                }
                _ => None,
            })
    }

    /// The activated abilities (mana abilities included), with their ability indices, in order:
    /// the duel's "ability k" counts these.
    pub fn activated(&self) -> impl Iterator<Item = (usize, &Ability)> {
        self.abilities
            .iter()
            .enumerate()
            .filter(|(_, a)| matches!(a, Ability::Activated(_) | Ability::Mana { .. }))
    }

    /// The triggered abilities with their indices.
    pub fn triggered(&self) -> impl Iterator<Item = (usize, &Triggered)> {
        self.abilities
            .iter()
            .enumerate()
            .filter_map(|(i, a)| match a {
                Ability::Triggered(t) => Some((i, t)),
                _ => None,
            })
    }

    /// The mana symbol a mana ability of this card produces, if it has one.
    pub fn produces(&self) -> Option<&str> {
        self.abilities.iter().find_map(|a| match a {
            Ability::Mana { produces, .. } => Some(produces.as_str()),
            _ => None,
        })
    }

    /// Whether it is a permanent card (110.4a; a Berserk spell is not one).
    pub fn is_permanent_card(&self) -> bool {
        !self.is_type("instant") && !self.is_type("sorcery") && !self.is_type("spell")
    }
}

/// The whole compiled form: format version, cards, decks.
#[derive(Clone, Debug, Deserialize)]
pub struct PoolFile {
    pub version: u32,
    pub cards: Vec<CardDef>,
    pub decks: BTreeMap<String, Vec<String>>,
}
