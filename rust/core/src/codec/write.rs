//! The encoder's primitives (docs/FORMAT.md §1): little-endian numbers, strings, options.

use crate::game::NO_ID;
use crate::names::{NameTable, Subtype};

pub(super) struct Writer {
    out: Vec<u8>,
}

impl Writer {
    pub(super) fn with_capacity(n: usize) -> Writer {
        Writer {
            out: Vec::with_capacity(n),
        }
    }
    pub(super) fn into_bytes(self) -> Vec<u8> {
        self.out
    }
    pub(super) fn bytes(&mut self, v: &[u8]) {
        self.out.extend_from_slice(v);
    }
    pub(super) fn u8(&mut self, v: u8) {
        self.out.push(v);
    }
    pub(super) fn u16(&mut self, v: u16) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn u32(&mut self, v: u32) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn u64(&mut self, v: u64) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn i64(&mut self, v: i64) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn str(&mut self, s: &str) {
        self.u32(s.len() as u32);
        self.out.extend_from_slice(s.as_bytes());
    }
    pub(super) fn opt_i32(&mut self, v: Option<i32>) {
        match v {
            None => self.u8(0),
            Some(v) => {
                self.u8(1);
                self.u32(v as u32);
            }
        }
    }
    pub(super) fn opt_u32(&mut self, v: Option<u32>) {
        self.opt_i32(v.map(|v| v as i32));
    }
    /// An `id?`: the id, or `NO_ID` for none.
    pub(super) fn opt_id(&mut self, id: Option<u32>) {
        self.u32(id.unwrap_or(NO_ID));
    }
    /// Subtypes by name (ids are the game's own).
    pub(super) fn subtypes(&mut self, names: &NameTable, v: &[Subtype]) {
        self.u32(v.len() as u32);
        for &s in v {
            self.str(names.name(s));
        }
    }
}
