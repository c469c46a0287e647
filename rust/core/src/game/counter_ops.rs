//! Putting, removing, paying and moving counters (122; SEMANTICS §4).

use super::{EffectKinds, Game};
use crate::error::{overflow, refuse, Error, Reason, Result};
use crate::kinds::{self, Kind, KindRef};

impl Game {
    /// Puts n counters of a kind on a player or object.
    pub fn add_counters<'a>(
        &mut self,
        id: u32,
        kind: impl Into<KindRef<'a>>,
        n: u64,
    ) -> Result<()> {
        self.add_counters_by(id, kind.into(), n, false)
    }

    /// Puts n counters of a kind on an object as a cost (117.1: a loyalty ability's "+N",
    /// 606.4): through the replacement effects that apply to a cost (614.1a; not the "N times
    /// that many" ones, which replace an effect's putting, 609.1).
    pub fn add_counters_as_cost<'a>(
        &mut self,
        id: u32,
        kind: impl Into<KindRef<'a>>,
        n: u64,
    ) -> Result<()> {
        self.add_counters_by(id, kind.into(), n, true)
    }

    /// Puts n counters on `id`, through the replacement effects that apply (614.1a), those
    /// that apply to a cost only where `as_cost`.
    #[inline]
    fn add_counters_by(&mut self, id: u32, kind: KindRef<'_>, n: u64, as_cost: bool) -> Result<()> {
        self.live(id)?;
        let known = self.known_kind(kind)?;
        if n == 0 {
            return Ok(());
        }
        let kind = match known {
            Ok(k) => k,
            Err(name) => self.intern_kind(name)?,
        };
        if self.effects_of_kind(EffectKinds::COUNTERS) {
            let n = if as_cost {
                self.counters_to_put_as_cost(id, kind, n)
            } else {
                self.counters_to_put(id, kind, n)
            };
            return self.put_counters(id, kind, n);
        }
        self.put_counters(id, kind, n)
    }

    /// Removes up to n counters; returns how many were removed.
    pub fn remove_counters<'a>(
        &mut self,
        id: u32,
        kind: impl Into<KindRef<'a>>,
        n: u64,
    ) -> Result<u64> {
        self.live(id)?;
        match self.known_kind(kind.into())? {
            Ok(kind) => Ok(self.take_counters(id, kind, n)),
            Err(_) => Ok(0),
        }
    }

    /// Pays n counters as a cost: all or nothing (`CannotPay`).
    pub fn pay_counters<'a>(
        &mut self,
        id: u32,
        kind: impl Into<KindRef<'a>>,
        n: u64,
    ) -> Result<()> {
        self.live(id)?;
        let kind = kind.into();
        Self::check_kind(kind)?;
        if n == 0 {
            return Ok(());
        }
        let kind = self.held_kind(id, kind, n, "pay")?;
        self.take_counters(id, kind, n);
        Ok(())
    }

    /// The kind of the n counters (n > 0) that `id` must hold for an all-or-nothing change
    /// (paying, 122.5 moving); `CannotPay` naming what it has otherwise.
    fn held_kind(&mut self, id: u32, kind: KindRef<'_>, n: u64, verb: &str) -> Result<Kind> {
        let resolved = self.resolve_kind(kind);
        let have = resolved.map_or(0, |k| self.entities[id as usize].counters.get(k));
        match resolved {
            Some(k) if have >= n => Ok(k),
            _ => {
                let name = match kind {
                    KindRef::Name(name) => name,
                    KindRef::Kind(k) => self.kind_name(k),
                };
                Err(Error::CannotPay(format!(
                    "can't {verb} {n} {name} counters: {id} has {have}"
                )))
            }
        }
    }

    /// 122.5: moves n counters of a kind from `from` to `to`: removed from the one (all n, or
    /// `CannotPay` and nothing changes), then put on the other through the replacement effects
    /// (614.1a). Returns how many were put.
    pub fn move_counters<'a>(
        &mut self,
        from: u32,
        to: u32,
        kind: impl Into<KindRef<'a>>,
        n: u64,
    ) -> Result<u64> {
        self.live(from)?;
        self.live(to)?;
        let kind = kind.into();
        Self::check_kind(kind)?;
        if from == to {
            return refuse(
                Reason::SameEntity,
                format!("can't move counters from {from} to itself"),
            );
        }
        if n == 0 {
            return Ok(0);
        }
        let kind = self.held_kind(from, kind, n, "move")?;
        // 122.5: counters that can't be put on the other aren't moved at all.
        if !self.replacements.is_empty() && self.counters_forbidden(to, kind) {
            return Ok(0);
        }
        let put = if self.replacements.is_empty() {
            n
        } else {
            self.counters_to_put(to, kind, n)
        };
        let room = self.entities[to as usize]
            .counters
            .get(kind)
            .checked_add(put);
        if room.is_none() {
            return overflow(&format!("the {} count", self.kind_name(kind)));
        }
        self.take_counters(from, kind, n);
        self.put_counters(to, kind, put)?;
        Ok(put)
    }

    /// 122.8: puts on `to` the counters `from` had as it last existed (its last known
    /// information if it left), each kind through the replacement effects; all or nothing.
    pub fn put_counters_from(&mut self, from: u32, to: u32) -> Result<()> {
        self.object(from)?;
        self.live(to)?;
        if from == to {
            return refuse(
                Reason::SameEntity,
                format!("can't put {from}'s counters on itself"),
            );
        }
        let counters: smallvec::SmallVec<[(Kind, u64); 4]> =
            self.entities[from as usize].counters.iter().collect();
        self.transaction(|g| {
            for (k, n) in counters {
                let n = if g.replacements.is_empty() {
                    n
                } else {
                    g.counters_to_put(to, k, n)
                };
                g.put_counters(to, k, n)?;
            }
            Ok(())
        })
    }

    /// Pays {E} (107.14): all or nothing.
    pub fn pay_energy(&mut self, p: u32, n: u64) -> Result<()> {
        self.player(p)?;
        self.pay_counters(p, kinds::ENERGY, n)
    }
}
