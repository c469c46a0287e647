//! What effects act on and the numbers they use: selectors, amounts, the turn's history they
//! read, and conditions.

use super::Filter;
use serde::Deserialize;

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
    /// The card discarded to pay the spell's additional cost (601.2h), in the graveyard.
    Discarded,
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
    /// The controllers of the objects selected, each once (last known information).
    ControllerOf {
        of: Box<Selector>,
    },
    /// The cards in the graveyards of the players selected ("target player's graveyard"),
    /// each player's in id order.
    GraveyardOf {
        of: Box<Selector>,
    },
    /// Those of the entities `of` selects that match `filter` now ("if it was a creature
    /// card": read before it moves).
    Matching {
        of: Box<Selector>,
        filter: Filter,
    },
    /// The permanent the source (an Aura or Equipment) is attached to: "equipped creature",
    /// "enchanted creature" (the game's: none unless given, `Ctx::with_attached`).
    Attached,
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
    /// The life lost by this resolution's `lose_life` operations so far (119.3).
    LifeLost,
    /// The cards discarded by this resolution's `discard` operations so far ("If you do",
    /// 608.2c: "You may discard a card. If you do, draw a card.").
    CardsDiscarded,
    /// The permanents sacrificed by this resolution's `sacrifice` operations so far ("If you
    /// do", 608.2c).
    PermanentsSacrificed,
    /// The power of the first object selected (208.1; 0 if none or negative).
    Power {
        of: Selector,
    },
    /// The life total of the first player selected (119.1; 0 if none or negative).
    Life {
        of: Selector,
    },
    /// The toughness of the first object selected (208.1; last known information for one that
    /// left, 608.2h; 0 if none or negative).
    Toughness {
        of: Selector,
    },
    /// How many different mana values (202.3) the objects selected have.
    DistinctManaValues {
        of: Selector,
    },
    /// The negative of an amount: only a pump's power or toughness ("-2/-2").
    Minus {
        of: Box<Amount>,
    },
    /// What happened this turn (603.4, 207.2c: morbid, raid), as the game tells it
    /// (`Ctx::with_history`).
    ThisTurn {
        what: TurnFact,
    },
    /// 1 if the resolving spell was kicked (702.33d: "if this spell was kicked"), else 0: the
    /// game's (`Ctx::with_kicked`).
    Kicked,
    /// The excess damage (120.10, 702.2c) dealt by this resolution's `deal_damage` operations.
    ExcessDamage,
}

/// A fact of the turn's history an amount reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnFact {
    /// The creatures that died this turn (700.4), any player's: "if a creature died this turn".
    CreaturesDied,
    /// 1 if the controller attacked with a creature this turn (508.1: "if you attacked this
    /// turn"), else 0.
    YouAttacked,
    /// The controller's opponents who lost life this turn (119.3: "if an opponent lost life
    /// this turn").
    OpponentsLostLife,
    /// The life the controller gained this turn (119.9: "the amount of life you gained this
    /// turn").
    YouGainedLife,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "c", rename_all = "snake_case")]
pub enum Condition {
    AtLeast { amount: Amount, n: i64 },
    Exactly { amount: Amount, n: i64 },
}

impl Condition {
    /// The amount the condition reads.
    pub fn amount(&self) -> &Amount {
        match self {
            Condition::AtLeast { amount, .. } | Condition::Exactly { amount, .. } => amount,
        }
    }
}
