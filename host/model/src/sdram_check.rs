//! The board's SDRAM check (`hdl::SdramCheck`), which a person runs after
//! flashing a board: every word of a span written and read back with four
//! patterns, the errors counted, the first recorded, and each pass timed in
//! clock cycles; its report is one ASCII line ([`Report::line`]). The board
//! runs it when it receives [`REQUEST`] outside a game (`model::player`).
//!
//! # The check
//! A `sync` first (`crate::sdram`: the refresh count restarts, so that the
//! passes' cycles depend only on the span), then eight passes over the
//! words `0..words` ([`DEFAULT_WORDS`] on the board, all 32 MB; a
//! Verilator model takes another span from its command line): for each
//! pattern a write pass, then a read pass comparing every word with it.
//! Each pass is bursts of [`BURST`] words at increasing addresses, a burst
//! presented as soon as the one before is taken (the controller then runs
//! them back to back); a pass starts in the cycle after the last beat of
//! the one before (the first: the cycle after the `sync` is taken) and ends
//! with its own last beat (a write's last word taken, a read's last word
//! read); its cycles count both ends.
//!
//! The patterns ([`pattern_word`]), word `i` the `i`-th of a pass:
//! 0. the address as data: `i & 0xffff ^ (i >> 16) << 8`;
//! 1. its complement;
//! 2. walking ones: bit `i % 16` alone;
//! 3. pseudo-random: the low 16 bits of the `i + 1`-th state of
//!    [`Xorshift32`] from [`RANDOM_SEED`].
//!
//! # The report
//! `SDRAM` and twelve fields, each a space and eight lower-case hex digits,
//! then CR LF ([`REPORT_LEN`] bytes): the words checked; the errors; the
//! first failure's pass (top 8 bits) and address (low 24 bits); its word
//! read (top 16 bits) and the word expected (low 16); the cycles of passes
//! 0 to 7. With no error the failure's fields are zero.

use crate::clock::CLOCK_HZ;
use crate::random::Xorshift32;
use crate::sdram::{Controller, Kind, INIT_CYCLES, WORDS};
use std::fmt;

/// The byte that asks the board for its SDRAM check: outside the contest
/// protocol, and taken only outside a game.
pub const REQUEST: u8 = b'?';
/// The words the board checks: all of them.
pub const DEFAULT_WORDS: u32 = WORDS;
/// Words a burst.
pub const BURST: u32 = 256;
/// Patterns, each a write pass and a read pass.
pub const PATTERNS: usize = 4;
/// Passes.
pub const PASSES: usize = 2 * PATTERNS;
/// The pseudo-random pattern's first state.
pub const RANDOM_SEED: u32 = 0x5D4A_11CE;
/// Fields of the report line.
pub const FIELDS: usize = 4 + PASSES;
/// The report line's start.
pub const REPORT_PREFIX: &[u8] = b"SDRAM";
/// Bytes of the report line: the prefix, the fields, CR LF.
pub const REPORT_LEN: usize = REPORT_PREFIX.len() + FIELDS * 9 + 2;
/// The patterns' names, for people.
pub const PATTERN_NAMES: [&str; PATTERNS] = [
    "address as data",
    "its complement",
    "walking ones",
    "pseudo-random",
];

/// Word `i` of `pattern` (0 to 3), `random` the pseudo-random pattern's
/// state before it (advanced here for pattern 3).
pub fn pattern_word(pattern: usize, i: u32, random: &mut Xorshift32) -> u16 {
    let address = (i & 0xffff) ^ ((i >> 16) << 8);
    match pattern {
        0 => address as u16,
        1 => !address as u16,
        2 => 1 << (i % 16),
        3 => random.draw() as u16,
        _ => panic!("there are {PATTERNS} patterns, not {}", pattern + 1),
    }
}

/// Whether `words` is a span the check takes: a whole number of bursts,
/// 1 to 65,536 of them.
pub fn check_span(words: u32) -> Result<(), String> {
    if words == 0 || words > WORDS || !words.is_multiple_of(BURST) {
        Err(format!(
            "the SDRAM check's span is a multiple of {BURST} words from {BURST} to {WORDS}, not {words}"
        ))
    } else {
        Ok(())
    }
}

/// The first word that read wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Its read pass (1, 3, 5 or 7).
    pub pass: u8,
    /// Its address.
    pub address: u32,
    /// The word read.
    pub read: u16,
    /// The word expected.
    pub expected: u16,
}

/// The check's result, as its report line carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// Words checked.
    pub words: u32,
    /// Words read wrong, over the four read passes.
    pub errors: u32,
    /// The first of them.
    pub first: Option<Failure>,
    /// Each pass's cycles.
    pub pass_cycles: [u32; PASSES],
}

/// The check on a memory: `read(address, written)` gives the word read back
/// at `address` where `written` was written (the identity for a perfect
/// memory), on the controller's schedule (`crate::sdram`).
pub fn check(words: u32, read: &mut dyn FnMut(u32, u16) -> u16) -> Report {
    check_span(words).unwrap_or_else(|e| panic!("{e}"));
    let mut controller = Controller::new();
    // Any time will do: the passes' cycles count from the sync.
    let sync = controller.sync(INIT_CYCLES).expect("a sync at power-up");
    let mut start = sync.accepted + 1;
    let mut errors = 0u32;
    let mut first = None;
    let mut pass_cycles = [0u32; PASSES];
    for (pass, cycles) in pass_cycles.iter_mut().enumerate() {
        let (pattern, kind) = (pass / 2, [Kind::Write, Kind::Read][pass % 2]);
        let mut now = start;
        let mut last_beat = 0;
        for burst in 0..words / BURST {
            let access = controller
                .access(kind, now, burst * BURST, BURST)
                .expect("bursts within their rows");
            now = access.accepted + 1;
            last_beat = access.last_beat;
        }
        if kind == Kind::Read {
            let mut random = Xorshift32(RANDOM_SEED);
            for address in 0..words {
                let expected = pattern_word(pattern, address, &mut random);
                let got = read(address, expected);
                if got != expected {
                    errors += 1;
                    first.get_or_insert(Failure {
                        pass: pass as u8,
                        address,
                        read: got,
                        expected,
                    });
                }
            }
        }
        *cycles = u32::try_from(last_beat - start + 1).expect("a pass within 2^32 cycles");
        start = last_beat + 1;
    }
    Report {
        words,
        errors,
        first,
        pass_cycles,
    }
}

/// The check on a perfect memory.
pub fn perfect(words: u32) -> Report {
    check(words, &mut |_, written| written)
}

impl Report {
    /// The twelve fields, in the line's order.
    pub fn fields(&self) -> [u32; FIELDS] {
        let (failed_at, words_seen) = self.first.map_or((0, 0), |f| {
            (
                u32::from(f.pass) << 24 | f.address,
                u32::from(f.read) << 16 | u32::from(f.expected),
            )
        });
        let mut fields = [0; FIELDS];
        fields[..4].copy_from_slice(&[self.words, self.errors, failed_at, words_seen]);
        fields[4..].copy_from_slice(&self.pass_cycles);
        fields
    }

    /// The report line, as the board sends it.
    pub fn line(&self) -> Vec<u8> {
        let mut line = REPORT_PREFIX.to_vec();
        for field in self.fields() {
            line.extend(format!(" {field:08x}").bytes());
        }
        line.extend(b"\r\n");
        debug_assert_eq!(line.len(), REPORT_LEN);
        line
    }

    /// A report line read back (its CR LF optional), or what is wrong with it.
    pub fn parse(line: &[u8]) -> Result<Report, String> {
        let text = std::str::from_utf8(line)
            .map_err(|_| "the report is not ASCII".to_string())?
            .trim_end_matches(['\r', '\n']);
        let rest = text
            .strip_prefix("SDRAM")
            .ok_or_else(|| format!("`{text}` does not start with SDRAM"))?;
        let fields: Vec<u32> = rest
            .split(' ')
            .skip(1)
            .map(|f| {
                (f.len() == 8)
                    .then(|| u32::from_str_radix(f, 16).ok())
                    .flatten()
                    .ok_or_else(|| format!("`{f}` in `{text}` is not 8 hex digits"))
            })
            .collect::<Result<_, _>>()?;
        if fields.len() != FIELDS || !rest.starts_with(' ') {
            return Err(format!(
                "`{text}` has {} fields, not {FIELDS}",
                fields.len()
            ));
        }
        let first = (fields[1] > 0).then(|| Failure {
            pass: (fields[2] >> 24) as u8,
            address: fields[2] & 0xff_ffff,
            read: (fields[3] >> 16) as u16,
            expected: fields[3] as u16,
        });
        let mut pass_cycles = [0; PASSES];
        pass_cycles.copy_from_slice(&fields[4..]);
        Ok(Report {
            words: fields[0],
            errors: fields[1],
            first,
            pass_cycles,
        })
    }

    /// The cycles of the whole check's passes.
    pub fn cycles(&self) -> u64 {
        self.pass_cycles.iter().map(|&c| u64::from(c)).sum()
    }

    /// A pass's speed in MB/s (10^6 bytes a second) at the board's clock.
    pub fn megabytes_per_second(&self, pass: usize) -> f64 {
        let seconds = f64::from(self.pass_cycles[pass]) / CLOCK_HZ as f64;
        f64::from(self.words) * 2.0 / seconds / 1e6
    }
}

impl fmt::Display for Report {
    /// The report for people: the span, the errors and the first, each
    /// pass's time and speed.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        writeln!(
            f,
            "SDRAM check: {} words ({} KB) written and read back with {PATTERNS} patterns",
            self.words,
            u64::from(self.words) * 2 / 1024
        )?;
        match self.first {
            None => writeln!(f, "errors: none")?,
            Some(first) => writeln!(
                f,
                "errors: {} words read wrong; the first in pass {} ({}) at word {:#08x}: read {:#06x}, expected {:#06x} (bits {:#06x} differ)",
                self.errors,
                first.pass,
                PATTERN_NAMES[usize::from(first.pass) / 2 % PATTERNS],
                first.address,
                first.read,
                first.expected,
                first.read ^ first.expected
            )?,
        }
        for pass in 0..PASSES {
            writeln!(
                f,
                "pass {pass}: {:<5} {:<16} {:>10} cycles {:>9.3} ms {:>6.1} MB/s",
                ["write", "read"][pass % 2],
                PATTERN_NAMES[pass / 2],
                self.pass_cycles[pass],
                f64::from(self.pass_cycles[pass]) * 1e3 / CLOCK_HZ as f64,
                self.megabytes_per_second(pass)
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sdram::{access_cycles, REFRESH_PERIOD, SYNC_CYCLES, T_RFC};

    #[test]
    fn the_patterns_are_as_documented() {
        let mut random = Xorshift32(RANDOM_SEED);
        assert_eq!(pattern_word(0, 0x12_3456, &mut random), 0x3456 ^ 0x1200);
        assert_eq!(pattern_word(1, 0x12_3456, &mut random), !(0x3456 ^ 0x1200));
        assert_eq!(pattern_word(2, 17, &mut random), 2);
        let first = Xorshift32::next_state(RANDOM_SEED) as u16;
        assert_eq!(pattern_word(3, 0, &mut random), first);
        assert_eq!(random.0, Xorshift32::next_state(RANDOM_SEED));
    }

    #[test]
    fn a_perfect_memory_reports_no_error_and_the_controller_s_cycles() {
        let report = perfect(BURST);
        assert_eq!((report.errors, report.first), (0, None));
        // One burst a pass. The write, presented the cycle after the sync
        // is taken, waits for the sync's wait (SYNC_CYCLES - 1 cycles); its
        // last word is taken 3 + 255 cycles after. The read pass waits for
        // the write to end (2 cycles) and pays the two refreshes credited
        // meanwhile (2 T_RFC), then its last word is at read_data 1 + T_RCD
        // + READ_LATENCY - 1 + 256 cycles after it is taken.
        assert_eq!(
            report.pass_cycles[0],
            (SYNC_CYCLES - 1 + 3 + 255 + 1) as u32
        );
        assert_eq!(report.pass_cycles[1], (2 + 2 * T_RFC + 7 + 255 + 1) as u32);
        assert!(REFRESH_PERIOD * 2 < u64::from(report.pass_cycles[0]));
        // The same span gives the same cycles whatever the memory reads.
        let faulty = check(4 * BURST, &mut |_, w| w & !8);
        assert_eq!(faulty.pass_cycles, perfect(4 * BURST).pass_cycles);
        assert!(faulty.pass_cycles[0] > 4 * access_cycles(true, 256) as u32);
    }

    #[test]
    fn a_stuck_bit_is_counted_and_the_first_failure_recorded() {
        let report = check(2 * BURST, &mut |_, written| written | 1 << 3);
        let first = report.first.unwrap();
        assert_eq!((first.pass, first.address), (1, 0));
        assert_eq!((first.read, first.expected), (8, 0));
        // Walking ones: the bit is already set in one word of 16.
        let stuck = |p: usize| -> u32 {
            let mut random = Xorshift32(RANDOM_SEED);
            (0..2 * BURST)
                .filter(|&i| pattern_word(p, i, &mut random) & 8 == 0)
                .count() as u32
        };
        assert_eq!(report.errors, (0..PATTERNS).map(stuck).sum::<u32>());
    }

    #[test]
    fn the_report_line_round_trips_and_bad_lines_are_named() {
        let report = check(BURST, &mut |a, w| if a == 7 { w ^ 0x100 } else { w });
        let line = report.line();
        assert_eq!(line.len(), REPORT_LEN);
        assert!(line.starts_with(b"SDRAM 00000100 00000004 01000007 "));
        assert!(line.ends_with(b"\r\n"));
        assert_eq!(Report::parse(&line).unwrap(), report);
        for (bad, says) in [
            (&b"SDRAX 00000100"[..], "does not start with SDRAM"),
            (b"SDRAM 00000100 00000000", "2 fields, not 12"),
            (b"SDRAM 0000010g", "not 8 hex digits"),
            (b"SDRAM\xff", "not ASCII"),
        ] {
            let error = Report::parse(bad).unwrap_err();
            assert!(error.contains(says), "{error}");
        }
        let shown = report.to_string();
        assert!(shown.contains("4 words read wrong"), "{shown}");
        assert!(shown.contains("pass 7: read"), "{shown}");
    }

    #[test]
    fn the_whole_memory_is_checked_at_about_ninety_megabytes_a_second() {
        let report = perfect(DEFAULT_WORDS);
        for pass in 0..PASSES {
            let speed = report.megabytes_per_second(pass);
            assert!((85.0..100.0).contains(&speed), "pass {pass}: {speed} MB/s");
        }
        assert!(check_span(DEFAULT_WORDS).is_ok());
        assert!(check_span(100).unwrap_err().contains("not 100"));
        assert!(check_span(0).is_err());
    }
}
