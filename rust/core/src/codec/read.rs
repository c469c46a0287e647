//! The decoder's cursor over hostile bytes (docs/FORMAT.md §1, §3): every read is checked
//! against what remains, and every failure is one `malformed game bytes: …` error.

use crate::error::{Error, Reason, Result};
use crate::game::NO_ID;
use crate::names::{NameTable, Subtypes};

/// The error of any malformed input, saying `what` was wrong.
pub(super) fn malformed<T>(what: &str) -> Result<T> {
    Err(Error::refused(
        Reason::Malformed,
        format!("malformed game bytes: {what}"),
    ))
}

/// An `id?` of one of `entities` entities: none, or an id below their number (else `what` was
/// malformed).
pub(super) fn entity_or_none(id: u32, entities: usize, what: &str) -> Result<Option<u32>> {
    match id {
        NO_ID => Ok(None),
        id if (id as usize) < entities => Ok(Some(id)),
        _ => malformed(what),
    }
}

/// The cursor. Its fixed-size reads are `#[inline]`: out of line, each was a call of its own
/// (7% of decoding a game with many effects).
pub(super) struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub(super) fn new(data: &'a [u8]) -> Reader<'a> {
        Reader { data, pos: 0 }
    }
    /// The end of the data: it must come exactly after the last section.
    pub(super) fn finish(&self) -> Result<()> {
        if self.pos != self.data.len() {
            return malformed("trailing bytes");
        }
        Ok(())
    }
    #[inline]
    pub(super) fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if self.data.len() - self.pos < n {
            return malformed("unexpected end of data");
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }
    #[inline]
    pub(super) fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    #[inline]
    pub(super) fn u16(&mut self) -> Result<u16> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().expect("2")))
    }
    #[inline]
    pub(super) fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4")))
    }
    #[inline]
    pub(super) fn u64(&mut self) -> Result<u64> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("8")))
    }
    #[inline]
    pub(super) fn i64(&mut self) -> Result<i64> {
        Ok(self.u64()? as i64)
    }
    #[inline]
    pub(super) fn bool(&mut self) -> Result<bool> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => malformed("a flag is neither 0 nor 1"),
        }
    }
    /// A count of items each taking at least `min_size` bytes: bounded by what remains.
    pub(super) fn count(&mut self, min_size: usize, limit: usize, what: &str) -> Result<usize> {
        let n = self.u32()? as usize;
        if n > limit || n.saturating_mul(min_size) > self.data.len() - self.pos {
            return malformed(&format!("{what} count {n} is out of bounds"));
        }
        Ok(n)
    }
    pub(super) fn str(&mut self) -> Result<&'a str> {
        // Any length the API accepts; bounded by the bytes that remain.
        let n = self.count(1, usize::MAX, "name length")?;
        std::str::from_utf8(self.take(n)?).or_else(|_| malformed("a name is not UTF-8"))
    }
    pub(super) fn opt_i32(&mut self) -> Result<Option<i32>> {
        Ok(if self.bool()? {
            Some(self.u32()? as i32)
        } else {
            None
        })
    }
    pub(super) fn opt_u64(&mut self) -> Result<Option<u64>> {
        Ok(if self.bool()? {
            Some(self.u64()?)
        } else {
            None
        })
    }
    /// Subtype names, interned into the decoded game's table (as many as the API takes: any
    /// number, bounded here by the bytes that remain).
    pub(super) fn subtypes(&mut self, names: &mut NameTable) -> Result<Subtypes> {
        let n = self.count(4, usize::MAX, "subtype")?;
        let mut v = Subtypes::with_capacity(n);
        for _ in 0..n {
            let s = self.str()?;
            if s.is_empty() {
                return malformed("an empty subtype");
            }
            v.push(names.intern(s));
        }
        Ok(v)
    }
}
