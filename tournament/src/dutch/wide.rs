//! A fixed-width signed integer (two's complement over 64-bit limbs) for the edge weights of
//! the Dutch system, which pack one field per pairing criterion, most important first.

use std::cmp::Ordering;
use std::ops::{Add, Sub};

use crate::matching::Weight;

/// The number of 64-bit limbs.
const LIMBS: usize = 10;

/// How many bits a weight may use: the matcher's duals reach twice the largest weight and
/// its slacks add two duals, and one bit is the sign.
pub const CAPACITY: u32 = (LIMBS as u32) * 64 - 4;

/// A signed integer of `64 * LIMBS` bits; limb 0 is the least significant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Wide([u64; LIMBS]);

impl Wide {
    /// Zero.
    pub const ZERO: Wide = Wide([0; LIMBS]);

    /// A small non-negative value.
    pub fn from_u64(value: u64) -> Wide {
        let mut limbs = [0; LIMBS];
        limbs[0] = value;
        Wide(limbs)
    }

    /// Shifted left by `bits` (less than 64 · LIMBS).
    pub fn shl(self, bits: u32) -> Wide {
        let limbs = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0u64; LIMBS];
        for i in (limbs..LIMBS).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << rest;
            if rest > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - rest);
            }
            out[i] = v;
        }
        Wide(out)
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    fn negative(&self) -> bool {
        self.0[LIMBS - 1] >> 63 == 1
    }
}

impl Add for Wide {
    type Output = Wide;
    fn add(self, other: Wide) -> Wide {
        let mut out = [0u64; LIMBS];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (a, c1) = self.0[i].overflowing_add(other.0[i]);
            let (b, c2) = a.overflowing_add(u64::from(carry));
            *slot = b;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl Sub for Wide {
    type Output = Wide;
    fn sub(self, other: Wide) -> Wide {
        let mut out = [0u64; LIMBS];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (a, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (b, b2) = a.overflowing_sub(u64::from(borrow));
            *slot = b;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl Ord for Wide {
    fn cmp(&self, other: &Wide) -> Ordering {
        match (self.negative(), other.negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..LIMBS).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl PartialOrd for Wide {
    fn partial_cmp(&self, other: &Wide) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Weight for Wide {
    fn zero() -> Self {
        Wide::ZERO
    }
    fn is_odd(&self) -> bool {
        self.0[0] & 1 == 1
    }
    fn one() -> Self {
        Wide::from_u64(1)
    }
    fn half(self) -> Self {
        let sign = if self.negative() { u64::MAX } else { 0 };
        let mut out = [0u64; LIMBS];
        for (i, slot) in out.iter_mut().enumerate() {
            let high = if i + 1 < LIMBS { self.0[i + 1] } else { sign };
            *slot = (self.0[i] >> 1) | (high << 63);
        }
        Wide(out)
    }
}

/// Builds a weight field by field, most significant first.
#[derive(Debug, Clone, Copy, Default)]
pub struct Fields {
    value: Wide,
}

impl Fields {
    /// Appends a field `bits` wide holding `value`.
    pub fn push(self, bits: u32, value: u64) -> Fields {
        Fields {
            value: self.value.shl(bits) + Wide::from_u64(value),
        }
    }

    /// Appends a field `bits` wide holding a wide value (such as a per-score sub-field sum).
    pub fn push_wide(self, bits: u32, value: Wide) -> Fields {
        Fields {
            value: self.value.shl(bits) + value,
        }
    }

    /// The weight.
    pub fn done(self) -> Wide {
        self.value
    }
}
