//! The event log (SPEC §8). Events are plain data; names are resolved when Python reads them.

use crate::kinds::Kind;
use crate::zones::Zone;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum EventKind {
    CountersAdded,
    CountersRemoved,
    LifeLost,
    LifeGained,
    Damage,
    Wounded,
    Healed,
    Destroyed,
    ZoneChange,
    PlayerLost,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::CountersAdded => "counters_added",
            EventKind::CountersRemoved => "counters_removed",
            EventKind::LifeLost => "life_lost",
            EventKind::LifeGained => "life_gained",
            EventKind::Damage => "damage",
            EventKind::Wounded => "wounded",
            EventKind::Healed => "healed",
            EventKind::Destroyed => "destroyed",
            EventKind::ZoneChange => "zone_change",
            EventKind::PlayerLost => "player_lost",
        }
    }
}

/// One event; fields that don't apply are `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    pub kind: EventKind,
    pub source: Option<u32>,
    pub target: Option<u32>,
    pub amount: Option<u64>,
    pub counter: Option<Kind>,
    pub combat: Option<bool>,
    pub zone_from: Option<Zone>,
    pub zone_to: Option<Zone>,
    pub new_id: Option<u32>,
}

impl Event {
    pub(crate) fn new(kind: EventKind, target: u32) -> Event {
        Event {
            kind,
            source: None,
            target: Some(target),
            amount: None,
            counter: None,
            combat: None,
            zone_from: None,
            zone_to: None,
            new_id: None,
        }
    }

    pub(crate) fn counters(added: bool, target: u32, kind: Kind, amount: u64) -> Event {
        let k = if added {
            EventKind::CountersAdded
        } else {
            EventKind::CountersRemoved
        };
        Event {
            counter: Some(kind),
            amount: Some(amount),
            ..Event::new(k, target)
        }
    }

    pub(crate) fn amount(kind: EventKind, target: u32, amount: u64) -> Event {
        Event {
            amount: Some(amount),
            ..Event::new(kind, target)
        }
    }
}
