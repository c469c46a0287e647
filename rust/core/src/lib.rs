//! cardstate-core: the rules kernel of collectible card games (README layout).
//!
//! Pure Rust, no Python: the game state with its counter store, damage routing (CR 120),
//! proliferate (701.34), state-based actions (704), the Berserk property rules, events, the
//! incremental hash and the binary codec. The exact semantics are docs/SEMANTICS.md.
#![forbid(unsafe_code)]

pub mod berserk;
pub mod codec;
pub mod counters;
pub mod damage;
pub mod destruction;
pub mod error;
pub mod events;
pub mod game;
pub mod hash;
pub mod idset;
pub mod keywords;
pub mod kinds;
pub mod limits;
pub mod names;
pub mod observe;
pub mod ops;
pub mod proliferate;
pub mod replacement;
pub mod sba;
pub use game::store;
pub mod template;
pub mod zones;

pub use damage::{DamageKind, Prevention};
pub use error::{Class, Error, Reason, Result};
pub use events::{Event, EventKind};
pub use game::{CardSpec, CostSpec, Game, Ruleset};
pub use kinds::{Kind, Polarity};
pub use zones::Zone;
