//! The LZW compression of GIF image data, tuned for replay frames.
//!
//! A replay frame is mostly one transparent index, and the general-purpose encoder of the
//! `gif` crate spent about 9 ns per pixel on it: three quarters of a 60-turn replay's time.
//! This one keeps the string table as a dense array, one slot per (code, next index), so
//! each input pixel costs one array read; the array is kept across frames and its entries
//! carry the generation of the table that wrote them, so a table reset is one increment
//! rather than a megabyte cleared. Strings of one repeated index (the run symbol, the
//! transparent one) are kept by length in a small array of their own, so a run of it is
//! measured once and then costs one step per code written rather than one per pixel. The output is the standard GIF variant of LZW (codes
//! written least significant bit first, a clear code first, a code size that grows to 12 bits
//! and a clear code when the table is full, an end code last), so any GIF decoder reads it.

/// The largest code GIF allows, plus one: codes are at most 12 bits.
const MAX_CODES: usize = 1 << 12;

/// Compresses indices below `1 << min_code_size` into GIF's LZW code stream.
pub(crate) struct LzwEncoder {
    min_code_size: u8,
    /// `slots[code << min_code_size | index]`: the code of the string `code` + `index`, in the
    /// low 16 bits, valid when the high 16 bits equal `generation`.
    slots: Vec<u32>,
    /// `runs[n]`: the code of the string of `n` run symbols, for `n` from 2 to the longest
    /// such string in the table now.
    runs: Vec<u16>,
    generation: u32,
}

/// The code stream being written: codes packed least significant bit first.
struct BitWriter<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    bits: u32,
}

impl BitWriter<'_> {
    #[inline]
    fn put(&mut self, code: u16, size: u8) {
        self.acc |= u64::from(code) << self.bits;
        self.bits += u32::from(size);
        while self.bits >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.bits -= 8;
        }
    }

    fn flush(&mut self) {
        if self.bits > 0 {
            self.out.push(self.acc as u8);
            self.acc = 0;
            self.bits = 0;
        }
    }
}

impl LzwEncoder {
    /// An encoder for indices of `min_code_size` bits (2 to 8).
    pub fn new(min_code_size: u8) -> LzwEncoder {
        let min_code_size = min_code_size.clamp(2, 8);
        LzwEncoder {
            min_code_size,
            slots: vec![0; MAX_CODES << min_code_size],
            runs: vec![0; MAX_CODES + 2],
            generation: 0,
        }
    }

    /// Starts a fresh string table: entries of older generations no longer count.
    fn reset_table(&mut self) {
        self.generation += 1;
        if self.generation > u32::from(u16::MAX) {
            self.slots.fill(0);
            self.generation = 1;
        }
    }

    /// Writes `code` after its string's one-longer successor was added as `next`, then widens
    /// the codes or, when the table is full, writes a clear code and starts a fresh table.
    /// Returns whether the table was reset.
    fn emit(&mut self, w: &mut BitWriter<'_>, code: u16, next: &mut u16, size: &mut u8) -> bool {
        *next += 1;
        w.put(code, *size);
        if usize::from(*next) > 1 << *size && *size < 12 {
            *size += 1;
        }
        if usize::from(*next) <= MAX_CODES {
            return false;
        }
        w.put(1 << self.min_code_size, *size);
        self.reset_table();
        *size = self.min_code_size + 1;
        *next = (1 << self.min_code_size) + 2;
        true
    }

    /// Appends the code stream of `data` to `out`, preceded by the minimum code size byte as
    /// GIF stores it. Indices must be below `1 << min_code_size` (higher ones are taken modulo
    /// that, for safety, and may compress worse); runs of `run_symbol` are the fast case.
    pub fn encode(&mut self, data: &[u8], run_symbol: u8, out: &mut Vec<u8>) {
        let m = self.min_code_size;
        let clear = 1u16 << m;
        let end = clear + 1;
        let first_free = clear + 2;
        let mask = clear - 1;
        let run_symbol = u16::from(run_symbol) & mask;
        out.push(m);
        let mut w = BitWriter {
            out,
            acc: 0,
            bits: 0,
        };
        let mut size = m + 1;
        let mut next = first_free;
        self.reset_table();
        w.put(clear, size);
        let Some((&first, rest)) = data.split_first() else {
            w.put(end, size);
            w.flush();
            return;
        };
        let mut current = u16::from(first) & mask;
        // When the current string is `run` run symbols and nothing else, `run`; else 0.
        let mut run = usize::from(current == run_symbol);
        // The longest string of run symbols in the table: all shorter ones are there too.
        let mut longest_run = 1;
        let mut i = 0;
        while let Some(&byte) = rest.get(i) {
            let index = u16::from(byte) & mask;
            if run > 0 && index == run_symbol {
                let ahead = run_length(&rest[i..], byte);
                i += ahead;
                let mut left = ahead;
                loop {
                    let step = (longest_run - run).min(left);
                    run += step;
                    left -= step;
                    current = if run == 1 { run_symbol } else { self.runs[run] };
                    if left == 0 {
                        break;
                    }
                    // The table knows no longer run: write this one, add it one longer.
                    longest_run += 1;
                    self.runs[longest_run] = next;
                    if self.emit(&mut w, current, &mut next, &mut size) {
                        longest_run = 1;
                    }
                    run = 1;
                    left -= 1;
                }
                continue;
            }
            i += 1;
            let slot = &mut self.slots[usize::from(current) << m | usize::from(index)];
            if *slot >> 16 == self.generation {
                current = *slot as u16;
                run = 0;
                continue;
            }
            *slot = self.generation << 16 | u32::from(next);
            if self.emit(&mut w, current, &mut next, &mut size) {
                longest_run = 1;
            }
            current = index;
            run = usize::from(index == run_symbol);
        }
        w.put(current, size);
        // The decoder adds an entry on reading that last code and may widen its codes for it.
        if usize::from(next) >= 1 << size && size < 12 {
            size += 1;
        }
        w.put(end, size);
        w.flush();
    }
}

/// How many bytes `data` starts with that equal `byte`.
fn run_length(data: &[u8], byte: u8) -> usize {
    // Whole blocks first, compared without an early exit so that they vectorise.
    const BLOCK: usize = 32;
    let whole = data
        .chunks_exact(BLOCK)
        .take_while(|block| block.iter().fold(true, |all, &b| all & (b == byte)))
        .count()
        * BLOCK;
    whole
        + data[whole..]
            .iter()
            .position(|&b| b != byte)
            .unwrap_or(data.len() - whole)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes a GIF code stream (after its minimum code size byte) the textbook way.
    fn decode(stream: &[u8]) -> Vec<u8> {
        let m = stream[0];
        let data = &stream[1..];
        let clear = 1usize << m;
        let end = clear + 1;
        let mut size = m + 1;
        let mut table: Vec<Vec<u8>> = (0..clear + 2).map(|i| vec![i as u8]).collect();
        let mut out = Vec::new();
        let mut prev: Option<Vec<u8>> = None;
        let (mut acc, mut bits, mut pos) = (0u64, 0u32, 0usize);
        loop {
            while bits < u32::from(size) {
                acc |= u64::from(data[pos]) << bits;
                pos += 1;
                bits += 8;
            }
            let code = (acc & ((1 << size) - 1)) as usize;
            acc >>= size;
            bits -= u32::from(size);
            if code == clear {
                table.truncate(clear + 2);
                size = m + 1;
                prev = None;
                continue;
            }
            if code == end {
                return out;
            }
            let entry = match (table.get(code), &prev) {
                (Some(e), _) => e.clone(),
                (None, Some(p)) => {
                    let mut e = p.clone();
                    e.push(p[0]);
                    e
                }
                (None, None) => panic!("code {code} before any string"),
            };
            if let Some(p) = prev
                && table.len() < MAX_CODES
            {
                let mut added = p;
                added.push(entry[0]);
                table.push(added);
                if table.len() == 1 << size && size < 12 {
                    size += 1;
                }
            }
            out.extend_from_slice(&entry);
            prev = Some(entry);
        }
    }

    #[test]
    fn streams_decode_to_their_input_through_table_resets_and_code_growth() {
        let mut encoder = LzwEncoder::new(7);
        let mut seed = 12345u32;
        let mut noise = || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (seed >> 16) as u8 & 0x7f
        };
        let mixed: Vec<u8> = (0..200_000)
            .map(|i| if i % 1000 < 900 { 96 } else { noise() })
            .collect();
        let random: Vec<u8> = (0..50_000).map(|_| noise()).collect();
        let runs: Vec<u8> = (0..100_000u32)
            .map(|i| if i.count_ones() % 3 == 0 { 3 } else { 96 })
            .collect();
        for data in [vec![], vec![5], vec![96; 100_000], mixed, random, runs] {
            for run_symbol in [96, 3, 0] {
                let mut out = Vec::new();
                encoder.encode(&data, run_symbol, &mut out);
                assert_eq!(decode(&out), data, "{} indices", data.len());
            }
        }
    }
}
