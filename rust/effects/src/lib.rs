//! cardstate-effects: the card-effect layer over the kernel (docs/CARDS.md).
//!
//! Cards are defined once in Python (`cardstate.cards`) and compiled to a plain-data form
//! ([`model`]); this crate embeds the compiled built-in pool ([`CardDb::pool`]) and runs the
//! compiled programs on a [`cardstate_core::Game`]: resumable resolutions ([`Resolution`]),
//! target legality (608.2b), the triggered abilities a list of events fires, and placing a card
//! with its static abilities.
#![forbid(unsafe_code)]

pub mod berserk;
mod checked;
pub mod db;
pub mod error;
pub mod facts;
mod load;
pub mod model;
mod registry;
mod start;

pub use db::CardDb;
pub use error::{Error, Result};
pub use facts::{CardFacts, ManaSymbols};
pub use load::{FORMAT_VERSION, POOL_JSON};
pub use model::{
    Ability, ActivationCost, Amount, BerserkCost, BerserkProperties, CardDef, CardId, Colour,
    Destination, Filter, ManaCost, Op, Selector, TargetSpec, Timing, TriggerEvent, TurnFact,
    MAX_OPERATIONS, MAX_TARGETS,
};

/// The decks of the built-in pool.
pub fn decks() -> &'static std::collections::BTreeMap<String, Vec<String>> {
    CardDb::pool().decks()
}
pub mod protection;
pub mod runtime;
pub mod targets;
pub use runtime::{
    Choice, ChoiceRequest, Ctx, Host, KernelHost, Outcome, Resolution, Step, TurnHistory,
};
pub mod place;
pub mod triggers;
pub use place::{enters, has_power_toughness_counts, place, sync_power_toughness_counts};
pub use targets::{candidates, legal_target, legal_target_in, matches_in, InCombat};
pub use triggers::{
    fired, fired_among, fired_among_with_history, fired_by_kernel_events, fired_events,
    fired_events_with_history, fired_gained, CardEvent, Fired, GameEvent, NO_SPELL,
};
