//! cardstate-core: the rules kernel of collectible card games (README layout).
//!
//! Pure Rust, no Python: the game state with its counter store, damage routing (CR 120),
//! proliferate (701.34), state-based actions (704), replacement and continuous effects
//! (614–616, 611–613), the Berserk property rules, events, the incremental hash and the binary
//! codec. The exact semantics are docs/SEMANTICS.md; the byte format docs/FORMAT.md.
//!
//! The surface: [`Game`] and its methods (every rule is a method of the game), the values they
//! take and give ([`Zone`], [`Kind`], [`Event`], [`CardSpec`], the effects' types), the errors
//! ([`Error`] with a machine-readable [`Reason`]), and the public modules for the vocabularies
//! (`kinds`, `keywords`, `events`, `continuous`, `damage`, `destruction`, `proliferate`, `ops`,
//! `observe`, `limits`, `zones`, `game`). The rules' own modules (state-based actions, codec,
//! counters, replacement, Berserk properties, hashing, names) are private.
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

mod berserk;
mod codec;
pub mod continuous;
mod counters;
pub mod damage;
pub mod destruction;
pub mod error;
pub mod events;
pub mod game;
mod hash;
mod idset;
pub mod keywords;
pub mod kinds;
pub mod limits;
mod names;
pub mod observe;
pub mod ops;
pub mod proliferate;
mod replacement;
mod sba;
pub use game::store;
mod template;
pub mod zones;

pub use damage::{DamageKind, Prevention};
pub use error::{Class, Error, Reason, Result};
pub use events::{Event, EventKind};
pub use game::{CardSpec, CostSpec, Game, Ruleset};
pub use kinds::{Kind, Polarity};
pub use zones::Zone;

pub use codec::{OLDEST_VERSION as OLDEST_FORMAT_VERSION, VERSION as FORMAT_VERSION};
pub use counters::CounterSet;
pub use names::{Subtype, Subtypes};
pub use replacement::{
    Clause, Effect, ReplacementEffect, Scope, EFFECT_NAMES, MAX_EFFECT_AMOUNT, THIS_PERMANENT,
};
