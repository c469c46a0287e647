//! The event log (SEMANTICS §2). Events are plain data; names are resolved when Python reads them.

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
    /// A player proliferated (701.34), whatever was chosen, none included.
    Proliferated,
    /// An object was created on the battlefield (a token entering: enter-the-battlefield
    /// abilities trigger on it, 603.6a).
    Created,
    /// A token outside the battlefield ceased to exist (704.5d): `target`, `zone_from` the zone
    /// it was in.
    CeasedToExist,
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
            EventKind::Proliferated => "proliferated",
            EventKind::Created => "created",
            EventKind::CeasedToExist => "ceased_to_exist",
        }
    }

    /// Every kind, in declaration order.
    pub const ALL: [EventKind; 13] = [
        EventKind::CountersAdded,
        EventKind::CountersRemoved,
        EventKind::LifeLost,
        EventKind::LifeGained,
        EventKind::Damage,
        EventKind::Wounded,
        EventKind::Healed,
        EventKind::Destroyed,
        EventKind::ZoneChange,
        EventKind::PlayerLost,
        EventKind::Proliferated,
        EventKind::Created,
        EventKind::CeasedToExist,
    ];

    /// The kind of that name (`as_str`), if any.
    pub fn parse(name: &str) -> Option<EventKind> {
        EventKind::ALL.into_iter().find(|k| k.as_str() == name)
    }
}

/// One event: 32 bytes of plain data (the hot paths push many), read through accessors that
/// give `None` for the fields that don't apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    kind: EventKind,
    /// Bit 0: `amount` is set; bit 1: `combat` is set; bit 2: combat damage.
    flags: u8,
    zone_from: u8,
    zone_to: u8,
    counter: u16,
    source: u32,
    target: u32,
    new_id: u32,
    amount: u64,
}

const NONE_U32: u32 = u32::MAX;
const NONE_U16: u16 = u16::MAX;
const NONE_U8: u8 = u8::MAX;

#[inline]
fn opt32(v: u32) -> Option<u32> {
    (v != NONE_U32).then_some(v)
}

impl Event {
    #[inline]
    pub(crate) fn new(kind: EventKind, target: u32) -> Event {
        Event {
            kind,
            flags: 0,
            zone_from: NONE_U8,
            zone_to: NONE_U8,
            counter: NONE_U16,
            source: NONE_U32,
            target,
            new_id: NONE_U32,
            amount: 0,
        }
    }

    #[inline]
    pub(crate) fn counters(added: bool, target: u32, kind: Kind, amount: u64) -> Event {
        let k = if added {
            EventKind::CountersAdded
        } else {
            EventKind::CountersRemoved
        };
        Event {
            counter: kind.0,
            ..Event::with_amount(k, target, amount)
        }
    }

    #[inline]
    pub(crate) fn with_amount(kind: EventKind, target: u32, amount: u64) -> Event {
        Event {
            flags: 1,
            amount,
            ..Event::new(kind, target)
        }
    }

    #[inline]
    pub(crate) fn with_source(mut self, source: Option<u32>) -> Event {
        self.source = source.unwrap_or(NONE_U32);
        self
    }

    #[inline]
    pub(crate) fn with_combat(mut self, combat: bool) -> Event {
        self.flags |= 2 | (combat as u8) << 2;
        self
    }

    #[inline]
    pub(crate) fn with_move(mut self, from: Zone, to: Zone, new_id: u32) -> Event {
        self.zone_from = from as u8;
        self.zone_to = to as u8;
        self.new_id = new_id;
        self
    }

    #[inline]
    pub(crate) fn with_zone_from(mut self, from: Zone) -> Event {
        self.zone_from = from as u8;
        self
    }

    #[inline]
    pub fn kind(&self) -> EventKind {
        self.kind
    }
    #[inline]
    pub fn source(&self) -> Option<u32> {
        opt32(self.source)
    }
    #[inline]
    pub fn target(&self) -> Option<u32> {
        opt32(self.target)
    }
    #[inline]
    pub fn amount(&self) -> Option<u64> {
        (self.flags & 1 != 0).then_some(self.amount)
    }
    #[inline]
    pub fn counter(&self) -> Option<Kind> {
        (self.counter != NONE_U16).then_some(Kind(self.counter))
    }
    #[inline]
    pub fn combat(&self) -> Option<bool> {
        (self.flags & 2 != 0).then_some(self.flags & 4 != 0)
    }
    #[inline]
    pub fn zone_from(&self) -> Option<Zone> {
        Zone::from_u8(self.zone_from)
    }
    #[inline]
    pub fn zone_to(&self) -> Option<Zone> {
        Zone::from_u8(self.zone_to)
    }
    #[inline]
    pub fn new_id(&self) -> Option<u32> {
        opt32(self.new_id)
    }

    /// An event from the values its accessors give (so a copy can be rebuilt from them).
    pub fn from_parts(parts: EventParts) -> Event {
        let mut e =
            Event::new(parts.kind, parts.target.unwrap_or(NONE_U32)).with_source(parts.source);
        if let Some(amount) = parts.amount {
            e.flags |= 1;
            e.amount = amount;
        }
        if let Some(k) = parts.counter {
            e.counter = k.0;
        }
        if let Some(combat) = parts.combat {
            e = e.with_combat(combat);
        }
        e.zone_from = parts.zone_from.map_or(NONE_U8, |z| z as u8);
        e.zone_to = parts.zone_to.map_or(NONE_U8, |z| z as u8);
        e.new_id = parts.new_id.unwrap_or(NONE_U32);
        e
    }
}

/// The values of an event's accessors, for `Event::from_parts`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventParts {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_small_and_read_back() {
        assert_eq!(std::mem::size_of::<Event>(), 32);
        let e = Event::counters(true, 7, Kind(3), 2).with_source(Some(4));
        assert_eq!(e.target(), Some(7));
        assert_eq!(e.source(), Some(4));
        assert_eq!(e.amount(), Some(2));
        assert_eq!(e.counter(), Some(Kind(3)));
        assert_eq!(e.combat(), None);
        assert_eq!(e.zone_from(), None);
        let m =
            Event::new(EventKind::ZoneChange, 1).with_move(Zone::Battlefield, Zone::Graveyard, 9);
        assert_eq!(m.zone_to(), Some(Zone::Graveyard));
        assert_eq!(m.new_id(), Some(9));
        assert_eq!(m.amount(), None);
        let d = Event::with_amount(EventKind::Damage, 1, 0).with_combat(false);
        assert_eq!(d.combat(), Some(false));
        for e in [e, m, d] {
            let parts = EventParts {
                kind: e.kind(),
                source: e.source(),
                target: e.target(),
                amount: e.amount(),
                counter: e.counter(),
                combat: e.combat(),
                zone_from: e.zone_from(),
                zone_to: e.zone_to(),
                new_id: e.new_id(),
            };
            assert_eq!(Event::from_parts(parts), e);
            assert_eq!(EventKind::parse(e.kind().as_str()), Some(e.kind()));
        }
    }
}
