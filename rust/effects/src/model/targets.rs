//! A declared target of a spell or ability (115.1, 601.2c).

use super::Filter;
use serde::Deserialize;

/// A declared target: `count` distinct entities matching `filter` (115.1); "up to `count`"
/// (601.2c: from 0 to `count` of them) if `up_to`; "other targets" (115.3: none chosen for an
/// earlier target of the ability) if `distinct`.
#[derive(Clone, PartialEq, Eq, Deserialize)]
pub struct TargetSpec {
    pub filter: Filter,
    pub count: u8,
    #[serde(default)]
    pub up_to: bool,
    #[serde(default)]
    pub distinct: bool,
    /// "Target cards from a single graveyard": those chosen are all in one player's graveyard
    /// (601.2c).
    #[serde(default)]
    pub single_graveyard: bool,
    /// "Up to one target Equipment attached to that creature": an "up to" target whose
    /// entities are attached to the entity chosen for the first target (the host's
    /// attachments, 601.2c, 608.2b).
    #[serde(default)]
    pub attached_to_first_target: bool,
}

// Written as `Filter`'s is (the fingerprint): its flags only when set.
impl std::fmt::Debug for TargetSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("TargetSpec");
        d.field("filter", &self.filter).field("count", &self.count);
        if self.up_to {
            d.field("up_to", &true);
        }
        if self.distinct {
            d.field("distinct", &true);
        }
        if self.single_graveyard {
            d.field("single_graveyard", &true);
        }
        if self.attached_to_first_target {
            d.field("attached_to_first_target", &true);
        }
        d.finish()
    }
}
