//! Bytes of a duel (docs/DUEL.md, "Bytes"): the set-up (seed, turn limit, `auto_pass`, the
//! options, the decks by card name) and the log of what happened (actions, set-up cards,
//! resamples). Reading replays the
//! log, so every state read back is one the rules reach, and hostile bytes are refused by the
//! same checks as calls: an error, never a panic, never unbounded work beyond the input's size.

use std::hash::{Hash, Hasher};

use cardstate_core::Zone;

use crate::cards::Pool;
use crate::duel::{Duel, DuelError, Op, Options, Prior};

const MAGIC: &[u8; 4] = b"CSDU";
/// The format's version: 3 since the set-up has the options (`Options`: a byte of flags after
/// `auto_pass`); version 2 (schema 2's action space, docs/DUEL.md "Actions", without the
/// options) is read with every option off (`Options::FAST`). The log is of action ids, so
/// bytes of version 1 (schema 1's ids) can't be replayed.
const VERSION: u8 = 3;

/// The options byte's flags: bit 0, `mulligans` (103.5); bit 1, `assign_damage` (510.1c). The
/// other bits are refused.
const MULLIGANS: u8 = 1;
const ASSIGN_DAMAGE: u8 = 2;
const OPTIONS: u8 = MULLIGANS | ASSIGN_DAMAGE;

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], DuelError> {
        if self.b.len() - self.at < n {
            return Err(DuelError("duel bytes are truncated".into()));
        }
        let s = &self.b[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, DuelError> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16, DuelError> {
        Ok(u16::from_le_bytes(
            self.take(2)?.try_into().expect("2 bytes"),
        ))
    }
    fn u32(&mut self) -> Result<u32, DuelError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }
    fn u64(&mut self) -> Result<u64, DuelError> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }
}

fn bad<T>(what: &str) -> Result<T, DuelError> {
    Err(DuelError(format!("bad duel bytes: {what}")))
}

impl Duel {
    /// The duel as bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 4 * self.record.log.len());
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.extend_from_slice(&self.record.seed.to_le_bytes());
        out.extend_from_slice(&self.state.turn_limit.to_le_bytes());
        out.push(self.state.auto_pass as u8);
        let o = self.state.options;
        let flag = |on: bool, bit: u8| if on { bit } else { 0 };
        out.push(flag(o.mulligans, MULLIGANS) | flag(o.assign_damage, ASSIGN_DAMAGE));
        // The card names used, once each; decks and ops refer to them by index.
        let pool = self.state.pool;
        let names: Vec<&str> = (0..pool.len()).map(|c| pool.name(c as u16)).collect();
        out.extend_from_slice(&(names.len() as u16).to_le_bytes());
        for n in &names {
            let b = n.as_bytes();
            out.extend_from_slice(&(b.len() as u16).to_le_bytes());
            out.extend_from_slice(b);
        }
        for deck in self.record.decks.iter() {
            out.extend_from_slice(&(deck.len() as u32).to_le_bytes());
            for &c in deck {
                out.extend_from_slice(&c.to_le_bytes());
            }
        }
        out.extend_from_slice(&(self.record.log.len() as u32).to_le_bytes());
        for op in &self.record.log {
            match *op {
                Op::Action(a) => {
                    out.push(0);
                    out.extend_from_slice(&a.to_le_bytes());
                }
                Op::AddCard { player, card, zone } => {
                    out.push(1);
                    out.push(player);
                    out.extend_from_slice(&card.to_le_bytes());
                    out.push(zone as u8);
                }
                Op::Resample { player, seed } => {
                    out.push(2);
                    out.push(player);
                    out.extend_from_slice(&seed.to_le_bytes());
                }
                // The prior written out: its cards of nonzero weight, by their index in the
                // names above.
                Op::ResampleFrom {
                    player,
                    seed,
                    prior,
                } => {
                    out.push(3);
                    out.push(player);
                    out.extend_from_slice(&seed.to_le_bytes());
                    let weights = self.record.priors[prior as usize].weights();
                    let nonzero = weights.iter().filter(|&&w| w > 0).count();
                    out.extend_from_slice(&(nonzero as u16).to_le_bytes());
                    for (c, &w) in weights.iter().enumerate().filter(|(_, &w)| w > 0) {
                        out.extend_from_slice(&(c as u16).to_le_bytes());
                        out.extend_from_slice(&w.to_le_bytes());
                    }
                }
            }
        }
        out
    }

    /// Reads bytes written by `to_bytes`, with its cards looked up by name in `cards`.
    pub fn from_bytes(cards: Pool, b: &[u8]) -> Result<Duel, DuelError> {
        let mut r = Reader { b, at: 0 };
        if r.take(4)? != MAGIC {
            return bad("not a duel");
        }
        let version = r.u8()?;
        match version {
            2 | VERSION => {}
            1 => {
                return bad(
                    "version 1: a log of the action ids of schema 1, which mean other actions \
                     now; they can't be replayed",
                )
            }
            _ => return bad("unknown format version"),
        }
        let seed = r.u64()?;
        let turn_limit = r.u32()?;
        let auto_pass = match r.u8()? {
            0 => false,
            1 => true,
            _ => return bad("auto_pass flag"),
        };
        let options = if version == 2 {
            Options::FAST
        } else {
            match r.u8()? {
                flags if flags & !OPTIONS == 0 => Options {
                    mulligans: flags & MULLIGANS != 0,
                    assign_damage: flags & ASSIGN_DAMAGE != 0,
                },
                _ => return bad("unknown options"),
            }
        };
        let n = r.u16()? as usize;
        let mut map = Vec::with_capacity(n.min(b.len()));
        for _ in 0..n {
            let len = r.u16()? as usize;
            let name = std::str::from_utf8(r.take(len)?).or_else(|_| bad("card name"))?;
            match cards.by_name(name) {
                Some(c) => map.push(c),
                None => return Err(DuelError(format!("bad duel bytes: unknown card {name:?}"))),
            }
        }
        let card = |i: u16| -> Result<u16, DuelError> {
            map.get(i as usize)
                .copied()
                .map_or_else(|| bad("card index"), Ok)
        };
        let mut decks: [Vec<u16>; 2] = Default::default();
        for deck in &mut decks {
            let len = r.u32()? as usize;
            if len > (b.len() - r.at) / 2 {
                return bad("deck length");
            }
            for _ in 0..len {
                deck.push(card(r.u16()?)?);
            }
        }
        let mut d = Duel::with_options(cards, &decks[0], &decks[1], seed, turn_limit, options)?;
        if !auto_pass {
            d.set_auto_pass(false);
        }
        let ops = r.u32()? as usize;
        if ops > b.len() - r.at {
            return bad("log length");
        }
        let mut last_prior: Option<(&[u8], Prior)> = None;
        for _ in 0..ops {
            match r.u8()? {
                0 => d.apply_action(r.u32()?)?,
                1 => {
                    let p = r.u8()? as usize;
                    let c = card(r.u16()?)?;
                    let zone = Zone::from_u8(r.u8()?).map_or_else(|| bad("zone"), Ok)?;
                    d.add_card(p, c, zone)?;
                }
                2 => {
                    let p = r.u8()? as usize;
                    if p > 1 {
                        return bad("player");
                    }
                    let s = r.u64()?;
                    // In place (`resample` would copy the duel, its log included: quadratic).
                    d.deal_again(p, s, None);
                }
                3 => {
                    let p = r.u8()? as usize;
                    if p > 1 {
                        return bad("player");
                    }
                    let s = r.u64()?;
                    let from = r.at;
                    let n = r.u16()? as usize;
                    let written = r.take(6 * n)?;
                    // The same prior written again is the same prior (the search logs one
                    // prior for many resamples).
                    let prior = match &last_prior {
                        Some((bytes, prior)) if *bytes == &b[from..r.at] => prior.clone(),
                        _ => {
                            let mut weights = vec![0u32; cards.len()];
                            for entry in written.chunks_exact(6) {
                                let c = card(u16::from_le_bytes([entry[0], entry[1]]))?;
                                let w = u32::from_le_bytes(entry[2..].try_into().expect("4 bytes"));
                                if weights[c as usize] != 0 || w == 0 {
                                    return bad("prior");
                                }
                                weights[c as usize] = w;
                            }
                            let prior = Prior::new(cards, &weights)
                                .map_err(|e| DuelError(format!("bad duel bytes: {}", e.0)))?;
                            last_prior = Some((&b[from..r.at], prior.clone()));
                            prior
                        }
                    };
                    d.deal_again(p, s, Some(&prior));
                }
                _ => return bad("log entry"),
            }
        }
        if r.at != b.len() {
            return bad("trailing bytes");
        }
        Ok(d)
    }

    /// A 64-bit hash of the position (`State`: the kernel's hash and the duel's own state),
    /// equal for equal positions; deterministic on every machine.
    pub fn state_hash(&self) -> u64 {
        // SipHash with fixed keys: the same on every machine and run.
        #[allow(deprecated)]
        let mut h = std::hash::SipHasher::new();
        self.state.hash(&mut h);
        h.finish()
    }
}
