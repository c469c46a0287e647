//! What a resolution is about ([`Ctx`]): the ability, its source, controller, targets and
//! what the game tells it (combat, the turn's history, the trigger event's amount).

use super::TurnHistory;
use crate::db::CardDb;
use crate::error::{invalid, Result};
use crate::model::CardId;
use crate::targets::InCombat;
use smallvec::SmallVec;

/// Chosen targets, in declaration order (target i with count c takes c entries).
pub type Targets = SmallVec<[u32; 4]>;

/// What a resolution is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ctx {
    pub card: CardId,
    /// Index of the ability in the card's `abilities`.
    pub ability: u16,
    /// The source object (the spell on the stack, the permanent), if there is one.
    pub source: Option<u32>,
    pub controller: u32,
    pub targets: Targets,
    pub x: u64,
    /// The object or player the trigger event was about.
    pub triggering: Option<u32>,
    /// The creatures attacking and those blocking (506.4) as it resolves: the game's, which
    /// the kernel doesn't know (none unless given, `with_combat`).
    pub attacking: SmallVec<[u32; 4]>,
    pub blocking: SmallVec<[u32; 4]>,
    /// What happened this turn (the game's: the kernel keeps no history; none unless given,
    /// `with_history`).
    pub history: TurnHistory,
    /// The card discarded to pay the spell's additional cost (601.2h), as it is in the
    /// graveyard (the game's: none unless given, `with_discarded`).
    pub discarded: Option<u32>,
    /// The permanent the source is attached to as it resolves (301.5, 303.4: the game's, which
    /// the kernel doesn't know; none unless given, `with_attached`).
    pub attached: Option<u32>,
    /// The resolving spell was kicked (702.33d; the game's: not unless given, `with_kicked`).
    pub kicked: bool,
    /// The amount the trigger event carried ("that many", "that much": the damage dealt, the
    /// life lost), which `THAT_MUCH` reads until an operation sets it (`with_that_much`).
    pub that_much: u64,
    /// The damage divided among a target's entities as it was put on the stack (601.2d), by
    /// position among them (the game's: none unless given, `with_division`; without one a
    /// divided amount is split evenly).
    pub division: SmallVec<[u64; 4]>,
}

// Hashed as before there were creatures in combat to tell: the lists only when there are any
// (a duel's pinned state hashes stay).
impl std::hash::Hash for Ctx {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (
            self.card,
            self.ability,
            self.source,
            self.controller,
            &self.targets,
            self.x,
            self.triggering,
        )
            .hash(h);
        if !self.attacking.is_empty() || !self.blocking.is_empty() {
            (&self.attacking, &self.blocking).hash(h);
        }
        // The history only when there is some (the pinned hashes of games without it stay).
        if self.history != TurnHistory::default() {
            self.history.hash(h);
        }
        if self.discarded.is_some() {
            self.discarded.hash(h);
        }
        if self.attached.is_some() {
            (2u8, self.attached).hash(h);
        }
        if self.kicked {
            (3u8, self.kicked).hash(h);
        }
        if self.that_much != 0 {
            (4u8, self.that_much).hash(h);
        }
        if !self.division.is_empty() {
            (5u8, &self.division).hash(h);
        }
    }
}

impl Ctx {
    /// The spell ability of `card` (an instant or sorcery) controlled by `controller`.
    pub fn spell(db: &CardDb, card: CardId, controller: u32) -> Result<Ctx> {
        let Some((i, _, _)) = db.card(card).spell() else {
            return invalid(format!(
                "card {:?} has no spell ability (it is not an instant or a sorcery)",
                db.card(card).name
            ));
        };
        Ok(Ctx::ability(card, i as u16, controller))
    }

    pub fn ability(card: CardId, ability: u16, controller: u32) -> Ctx {
        Ctx {
            card,
            ability,
            source: None,
            controller,
            targets: Targets::new(),
            x: 0,
            triggering: None,
            attacking: SmallVec::new(),
            blocking: SmallVec::new(),
            history: TurnHistory::default(),
            discarded: None,
            attached: None,
            kicked: false,
            that_much: 0,
            division: SmallVec::new(),
        }
    }

    /// The damage divided among a target's entities (601.2d), by position among them.
    pub fn with_division(mut self, division: &[u64]) -> Ctx {
        self.division = SmallVec::from_slice(division);
        self
    }

    pub fn with_source(mut self, source: u32) -> Ctx {
        self.source = Some(source);
        self
    }

    pub fn with_targets(mut self, targets: &[u32]) -> Ctx {
        self.targets = Targets::from_slice(targets);
        self
    }

    pub fn with_x(mut self, x: u64) -> Ctx {
        self.x = x;
        self
    }

    pub fn with_triggering(mut self, who: u32) -> Ctx {
        self.triggering = Some(who);
        self
    }

    /// The amount the trigger event carried ("that many", 603.2): `THAT_MUCH` as it begins.
    pub fn with_that_much(mut self, n: u64) -> Ctx {
        self.that_much = n;
        self
    }

    /// The creatures attacking and blocking as it resolves (506.4).
    pub fn with_combat(mut self, attacking: &[u32], blocking: &[u32]) -> Ctx {
        self.attacking = SmallVec::from_slice(attacking);
        self.blocking = SmallVec::from_slice(blocking);
        self
    }

    /// What happened this turn, as the game tells it (603.4).
    /// The card discarded to pay the spell's additional cost (601.2h).
    pub fn with_discarded(mut self, card: u32) -> Ctx {
        self.discarded = Some(card);
        self
    }

    /// The permanent the source is attached to ("equipped creature", 301.5).
    pub fn with_attached(mut self, attached: Option<u32>) -> Ctx {
        self.attached = attached;
        self
    }

    /// The resolving spell was kicked (702.33d: "if this spell was kicked").
    pub fn with_kicked(mut self) -> Ctx {
        self.kicked = true;
        self
    }

    pub fn with_history(mut self, history: TurnHistory) -> Ctx {
        self.history = history;
        self
    }

    /// The creatures in combat, as filters read them.
    pub fn combat(&self) -> InCombat<'_> {
        InCombat {
            attacking: &self.attacking,
            blocking: &self.blocking,
            since: self.history.first_object,
        }
    }
}
