//! Zones (CR 400).

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Zone {
    Library = 0,
    Hand = 1,
    Battlefield = 2,
    Graveyard = 3,
    Exile = 4,
    Stack = 5,
    Command = 6,
}

pub const ZONE_NAMES: [&str; 7] = [
    "library",
    "hand",
    "battlefield",
    "graveyard",
    "exile",
    "stack",
    "command",
];

impl Zone {
    pub const ALL: [Zone; 7] = [
        Zone::Library,
        Zone::Hand,
        Zone::Battlefield,
        Zone::Graveyard,
        Zone::Exile,
        Zone::Stack,
        Zone::Command,
    ];

    pub fn as_str(self) -> &'static str {
        ZONE_NAMES[self as usize]
    }

    pub fn from_u8(v: u8) -> Option<Zone> {
        Zone::ALL.get(v as usize).copied()
    }

    /// Parses a zone name; the error lists the valid ones.
    pub fn parse(name: &str) -> crate::Result<Zone> {
        match ZONE_NAMES.iter().position(|z| *z == name) {
            Some(i) => Ok(Zone::ALL[i]),
            None => Err(crate::Error::refused(
                crate::error::Reason::UnknownName,
                format!(
                    "unknown zone {name:?}; valid zones: {}",
                    ZONE_NAMES.join(", ")
                ),
            )),
        }
    }
}
