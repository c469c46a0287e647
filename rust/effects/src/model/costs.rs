//! The costs an ability's definition names: an activation cost (602.1), its counters removed,
//! a sacrifice (701.21a).

use super::{Filter, ManaCost};
use serde::Deserialize;

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct RemoveCost {
    pub counter: String,
    pub n: u64,
}

/// An activation cost (602.1): mana, {T}, {E}, removing counters from the source, sacrificing
/// it, sacrificing another permanent of the controller's matching a filter (701.21a; which
/// one is the game's choice as the cost is paid).
#[derive(Clone, PartialEq, Eq, Deserialize)]
pub struct ActivationCost {
    pub mana: Option<ManaCost>,
    pub tap: bool,
    pub energy: u64,
    pub remove_counters: Option<RemoveCost>,
    pub sacrifice: bool,
    #[serde(default)]
    pub sacrifice_another: Option<Filter>,
    /// Cards discarded as the cost is paid (701.9a: which ones is the payer's choice).
    #[serde(default)]
    pub discard: u32,
    /// A loyalty ability's cost (606.4): "+N:" puts N loyalty counters on the source, "−N:"
    /// removes N, "0:" neither; `None` for any other ability.
    #[serde(default)]
    pub loyalty: Option<i64>,
}

// Written as `Filter`'s is (the fingerprint): `sacrifice_another` only when there is one.
impl std::fmt::Debug for ActivationCost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("ActivationCost");
        d.field("mana", &self.mana)
            .field("tap", &self.tap)
            .field("energy", &self.energy)
            .field("remove_counters", &self.remove_counters)
            .field("sacrifice", &self.sacrifice);
        if let Some(s) = &self.sacrifice_another {
            d.field("sacrifice_another", s);
        }
        if self.discard > 0 {
            d.field("discard", &self.discard);
        }
        if let Some(n) = self.loyalty {
            d.field("loyalty", &n);
        }
        d.finish()
    }
}

/// Sacrificing `count` permanents of the payer's matching `filter` as a cost (701.21a: which
/// ones is the payer's choice, 601.2h).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct SacrificeCost {
    pub filter: Filter,
    pub count: u32,
}
