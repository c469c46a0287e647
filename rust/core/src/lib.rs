//! cardstate-core: the rules kernel of collectible card games (README layout).
//!
//! Pure Rust, no Python: the game state with its counter store, damage routing (CR 120),
//! proliferate (701.34), state-based actions (704), replacement and continuous effects
//! (614–616, 611–613), the Berserk property rules, events, the incremental hash and the binary
//! codec. The exact semantics are docs/SEMANTICS.md; the byte format docs/FORMAT.md.
//!
//! The surface: [`Game`] and its methods (every rule is a method of the game), the values they
//! take and give, re-exported here ([`Zone`], [`Kind`], [`Event`], [`CardSpec`], [`Destroyed`],
//! [`ProliferateChoice`], the effects' types), the errors ([`Error`] with a machine-readable
//! [`Reason`]), and four public modules that are vocabularies, tables of names and numbers:
//! [`kinds`] (counter kinds), [`keywords`] (keywords and card types), [`ops`] (the operations of
//! `apply`) and [`limits`]. Every module that implements a rule (damage, state-based actions,
//! proliferate, replacement and continuous effects, destruction, codec, counters, Berserk
//! properties, hashing, names, the game's state) is private.
//!
//! ```
//! use cardstate_core::{CardSpec, Game, Ruleset, Zone};
//!
//! let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
//! let spec = CardSpec {
//!     name: "Grizzly Bears".into(),
//!     types: vec!["creature".into()],
//!     power: Some(2),
//!     toughness: Some(2),
//!     ..CardSpec::default()
//! };
//! let bear = g.create(0, Zone::Battlefield, &spec).unwrap();
//! g.add_counters(bear, "+1/+1", 2).unwrap();
//! assert_eq!(g.count_by_name(bear, "+1/+1").unwrap(), 2);
//! // 122.3: +1/+1 and -1/-1 counters annihilate as a state-based action.
//! g.add_counters(bear, "-1/-1", 1).unwrap();
//! g.run_state_based_actions().unwrap();
//! assert_eq!(g.count_by_name(bear, "+1/+1").unwrap(), 1);
//! assert_eq!(g.power(bear).unwrap(), Some(3));
//! assert_eq!(g.count_by_name(bear, "-1/-1").unwrap(), 0);
//! // Bytes round-trip to an equal game.
//! assert!(Game::from_bytes(&g.to_bytes()).unwrap() == g);
//! ```
#![forbid(unsafe_code)]

mod affected_text;
mod berserk;
mod clone_fields;
mod codec;
mod continuous;
mod counters;
mod damage;
mod destruction;
mod error;
mod events;
mod game;
mod hash;
mod idset;
pub mod keywords;
pub mod kinds;
pub mod limits;
mod names;
mod observe;
pub mod ops;
mod proliferate;
mod replacement;
mod sba;
mod subtypes;
mod template;
mod zones;

pub use continuous::{
    Affected, AffectedSpec, Change, ContinuousEffect, FilterClause, PowerToughness, CHANGE_NAMES,
};
pub use damage::{DamageKind, Prevention};
pub use destruction::Destroyed;
pub use error::{Class, Error, Reason, Result};
pub use events::{Event, EventKind, EventParts};
pub use game::{
    players_out_of_range, CardSpec, Cost, CostSpec, Entity, Game, Ruleset, NO_ID, RULESET_NAMES,
    STARTING_LIFE,
};
pub use kinds::{Kind, Polarity};
pub use observe::{feature_count, feature_names, BASE_FEATURES};
pub use proliferate::{ProliferateChoice, ProliferateForm};
pub use zones::{Zone, ZONE_NAMES};

pub use codec::{OLDEST_VERSION as OLDEST_FORMAT_VERSION, VERSION as FORMAT_VERSION};
pub use counters::CounterSet;
pub use names::{Subtype, Subtypes};
pub use replacement::{
    Clause, Effect, ReplacementEffect, Scope, EFFECT_NAMES, MAX_EFFECT_AMOUNT, THIS_PERMANENT,
};
pub use template::CheckedCard;
