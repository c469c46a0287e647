//! The header (docs/FORMAT.md §2.1): magic, version, ruleset, players, the seed and the random
//! stream's position.

use super::read::{malformed, Reader};
use super::write::Writer;
use super::{Format, MAGIC, VERSION};
use crate::error::Result;
use crate::game::{Game, Ruleset, MAX_PLAYERS};
use rand_core::SeedableRng;

/// What the header says, and so what every later section is read as.
pub(super) struct Header {
    pub format: Format,
    pub ruleset: Ruleset,
    pub players: u32,
    pub seed: u64,
    pub record_events: bool,
    pub rng_draws: u64,
    /// The player whose turn it is (102.1); player 0 in a format without it.
    pub active_player: u32,
}

impl Header {
    /// The random stream: the seed's PCG-64 stream, advanced by the draws made so far.
    pub fn rng(&self) -> rand_pcg::Pcg64 {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(self.seed);
        rng.advance(self.rng_draws as u128);
        rng
    }
}

pub(super) fn write(w: &mut Writer, g: &Game) {
    w.bytes(MAGIC);
    w.u16(VERSION);
    w.u8(g.ruleset as u8);
    w.u32(g.num_players);
    w.u64(g.seed);
    w.u8(g.record_events as u8);
    // The random stream is the seed's PCG-64 stream, advanced by the draws made so far.
    w.u64(g.rng_draws);
    w.u32(g.active_player);
}

pub(super) fn read(r: &mut Reader<'_>) -> Result<Header> {
    if r.take(4).ok() != Some(MAGIC.as_slice()) {
        return malformed("not a cardstate game (bad magic)");
    }
    let version = r.u16()?;
    let Some(format) = Format::of(version) else {
        return malformed(&format!("unsupported format version {version}"));
    };
    let ruleset = Ruleset::from_u8(r.u8()?).map_or_else(|| malformed("ruleset"), Ok)?;
    let players = r.u32()?;
    if players == 0 || players > MAX_PLAYERS {
        return malformed("player count");
    }
    let seed = r.u64()?;
    let record_events = r.bool()?;
    let rng_draws = r.u64()?;
    let active_player = if format.active_player { r.u32()? } else { 0 };
    if active_player >= players {
        return malformed("active player");
    }
    Ok(Header {
        format,
        ruleset,
        players,
        seed,
        record_events,
        rng_draws,
        active_player,
    })
}
