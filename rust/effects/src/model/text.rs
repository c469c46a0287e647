//! The definitions' text (`Debug`) that a pool's fingerprint reads (`CardDb::fingerprint`):
//! written as the derive would, the fields added since only when set, so that a pool without
//! them keeps its fingerprint.

use super::{Activated, Triggered};

impl std::fmt::Debug for Triggered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Triggered");
        d.field("event", &self.event)
            .field("subject", &self.subject)
            .field("by_spell", &self.by_spell)
            .field("condition", &self.condition)
            .field("targets", &self.targets)
            .field("program", &self.program);
        if self.from_graveyard {
            d.field("from_graveyard", &true);
        }
        if !self.modes.is_empty() {
            d.field("modes", &self.modes);
        }
        if self.once_each_turn {
            d.field("once_each_turn", &true);
        }
        if self.carries_amount {
            d.field("carries_amount", &true);
        }
        if self.gained {
            d.field("gained", &true);
        }
        d.finish()
    }
}

impl std::fmt::Debug for Activated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Activated");
        d.field("cost", &self.cost)
            .field("timing", &self.timing)
            .field("targets", &self.targets)
            .field("program", &self.program);
        if self.once {
            d.field("once", &true);
        }
        if self.from_graveyard {
            d.field("from_graveyard", &true);
        }
        d.finish()
    }
}
