//! Activation costs (602.1) and the costs of permanents sacrificed or tapped, as the compiled
//! form writes them.

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
    /// Tapping `count` untapped permanents of the payer's matching `filter` (602.2b: "Tap ten
    /// untapped Elves you control"; not the source when {T} taps it too).
    #[serde(default)]
    pub tap_untapped: Option<SacrificeCost>,
    /// An Equipment's "Equipped creature has '{1}, {T}, Tap ~: …'", offered as the
    /// Equipment's: the {T} of the creature it is attached to (302.6), paid by the game that
    /// keeps attachments.
    #[serde(default)]
    pub tap_attached: bool,
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
        if let Some(t) = &self.tap_untapped {
            d.field("tap_untapped", t);
        }
        if self.tap_attached {
            d.field("tap_attached", &true);
        }
        d.finish()
    }
}

/// Sacrificing `count` permanents of the payer's matching `filter` as a cost (701.21a: which
/// ones is the payer's choice, 601.2h); tapping as many untapped ones (`tap_untapped`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct SacrificeCost {
    pub filter: Filter,
    pub count: u32,
}
