//! A test plan for the SDRAM rig (`hdl::SdramRig`) from its specification,
//! `model::sdram`: random reads and writes (and now and then a `sync`) at
//! random times, the inputs of every cycle, and what the rig must show in
//! every cycle, each access's cycles the model's and each read's words
//! those a software copy of the memory holds. The rust-hdl and the
//! Verilator tests drive the same plan.

#![allow(dead_code)] // each test binary uses its own subset

use model::sdram::{
    locate, Controller, Kind, COLUMNS, INIT_CYCLES, MAX_BEATS, PAD_OUT_STAGES, ROWS, T_RFC,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;

/// What the bench drives in one cycle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Inputs {
    /// `valid`.
    pub valid: bool,
    /// The request's fields.
    pub write: bool,
    /// A `sync`.
    pub sync: bool,
    /// The first word.
    pub address: u32,
    /// Beats less one.
    pub last_beat: u32,
    /// `write_data`.
    pub write_data: u16,
}

impl Inputs {
    /// The request as the rig's 34-bit `SdramRequest` port: `write` at bit
    /// 0, `sync` at bit 1, the address at bits 2..26, the beats less one at
    /// 26..34 (the struct's fields from the lowest, in order).
    pub fn request_bits(&self) -> u64 {
        u64::from(self.write)
            | u64::from(self.sync) << 1
            | u64::from(self.address) << 2
            | u64::from(self.last_beat) << 26
    }
}

/// What the rig shows in one cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outputs {
    /// `ready`.
    pub ready: bool,
    /// `write_strobe`.
    pub write_strobe: bool,
    /// `read_valid`.
    pub read_valid: bool,
    /// `read_data` while `read_valid` (else not compared: `None`).
    pub read_data: Option<u16>,
    /// The chip model's `error`.
    pub error: bool,
    /// The chip model sees a REFRESH.
    pub refresh: bool,
}

/// A plan: every cycle's inputs and outputs, and the accesses made.
pub struct Plan {
    /// The inputs of cycles `0..`.
    pub inputs: Vec<Inputs>,
    /// The outputs of the same cycles.
    pub expected: Vec<Outputs>,
    /// The accesses, in order.
    pub accesses: Vec<model::sdram::Access>,
    /// The cycles the chip sees a REFRESH.
    pub refreshes: Vec<u64>,
    /// The syncs' cycles taken.
    pub syncs: Vec<u64>,
}

/// A random access of up to `max_beats` beats: a write anywhere, or a read
/// of words written before (the copy knows them).
fn random_access(
    rng: &mut StdRng,
    written: &[(u32, u32)],
    max_beats: u32,
    row_span: u32,
) -> (Kind, u32, u32) {
    let beats = if rng.random_range(0..5) == 0 {
        max_beats
    } else {
        rng.random_range(1..=max_beats)
    };
    if !written.is_empty() && rng.random_range(0..2) == 0 {
        let (start, len) = written[rng.random_range(0..written.len())];
        let len_read = rng.random_range(1..=len);
        let offset = rng.random_range(0..=len - len_read);
        return (Kind::Read, start + offset, len_read);
    }
    let row = rng.random_range(0..row_span.min(ROWS));
    let bank = rng.random_range(0..4);
    let column = rng.random_range(0..=COLUMNS - beats);
    let address = row << 11 | bank << 9 | column;
    (Kind::Write, address, beats)
}

/// Builds a plan request by request, the model saying when each is taken.
pub struct Builder {
    rng: StdRng,
    controller: Controller,
    memory: HashMap<u32, u16>,
    /// Requests: presented from, taken in, and what.
    requests: Vec<(u64, u64, Inputs)>,
    strobes: Vec<u64>,
    data_in: HashMap<u64, u16>,
    reads: HashMap<u64, u16>,
    /// Cycles `ready` is low: [from, to).
    busy: Vec<(u64, u64)>,
    refreshes: Vec<u64>,
    accesses: Vec<model::sdram::Access>,
    syncs: Vec<u64>,
}

impl Builder {
    /// A plan from power-up, its words and junk drawn from `seed`.
    pub fn new(seed: u64) -> Builder {
        Builder {
            rng: StdRng::seed_from_u64(seed),
            controller: Controller::new(),
            memory: HashMap::new(),
            requests: Vec::new(),
            strobes: Vec::new(),
            data_in: HashMap::new(),
            reads: HashMap::new(),
            busy: vec![(0, INIT_CYCLES)],
            refreshes: Vec::new(),
            accesses: Vec::new(),
            syncs: Vec::new(),
        }
    }

    /// Owed refreshes: decided in the idle cycle before the command (`ready`
    /// low from then), seen by the chip a stage after it.
    fn owed(&mut self, list: &[u64]) {
        for &r in list {
            self.busy.push((r - 1, r - 1 + T_RFC));
            self.refreshes.push(r + PAD_OUT_STAGES);
        }
    }

    /// A `sync` presented from `now`: the cycle it is taken.
    pub fn sync(&mut self, now: u64) -> u64 {
        let sync = self.controller.sync(now).unwrap();
        self.owed(&sync.refreshes);
        self.refreshes.push(sync.refresh + PAD_OUT_STAGES);
        self.busy.push((sync.accepted + 1, sync.done));
        let request = Inputs {
            valid: true,
            sync: true,
            ..Default::default()
        };
        self.requests.push((now, sync.accepted, request));
        self.syncs.push(sync.accepted);
        sync.accepted
    }

    /// An access presented from `now`, a write's words random; the
    /// model's account of it.
    pub fn access(
        &mut self,
        kind: Kind,
        now: u64,
        address: u32,
        beats: u32,
    ) -> model::sdram::Access {
        let access = self.controller.access(kind, now, address, beats).unwrap();
        self.owed(&access.refreshes);
        self.busy.push((access.accepted + 1, access.done));
        let request = Inputs {
            valid: true,
            write: kind == Kind::Write,
            sync: false,
            address,
            last_beat: beats - 1,
            write_data: 0,
        };
        self.requests.push((now, access.accepted, request));
        for b in 0..beats {
            let cycle = access.first_beat + u64::from(b);
            match kind {
                Kind::Write => {
                    let word: u16 = self.rng.random();
                    self.memory.insert(address + b, word);
                    self.strobes.push(cycle - 1);
                    self.data_in.insert(cycle, word);
                }
                Kind::Read => {
                    let word = *self
                        .memory
                        .get(&(address + b))
                        .expect("the plan reads only words it wrote");
                    self.reads.insert(cycle, word);
                }
            }
        }
        self.accesses.push(access.clone());
        access
    }

    /// The plan, `tail` cycles after the controller is idle (or after
    /// `now`, if later), junk on every input the rig must not read.
    pub fn finish(mut self, now: u64, tail: u64) -> Plan {
        let end = self.controller.idle_from().max(now) + tail;
        let idle = self.controller.idle_until(end);
        self.owed(&idle);
        let rng = &mut self.rng;
        let cycles = end as usize;
        let mut inputs: Vec<Inputs> = (0..cycles)
            .map(|_| Inputs {
                valid: false,
                write: rng.random(),
                sync: false,
                address: rng.random_range(0..1 << 24),
                last_beat: rng.random_range(0..256),
                write_data: rng.random(),
            })
            .collect();
        for &(from, taken, request) in &self.requests {
            for t in from..=taken {
                let write_data = inputs[t as usize].write_data;
                inputs[t as usize] = Inputs {
                    write_data,
                    ..request
                };
            }
        }
        for (&t, &word) in &self.data_in {
            inputs[t as usize].write_data = word;
        }
        let mut expected = vec![
            Outputs {
                ready: true,
                write_strobe: false,
                read_valid: false,
                read_data: None,
                error: false,
                refresh: false,
            };
            cycles
        ];
        for &(from, to) in &self.busy {
            for t in from..to.min(end) {
                expected[t as usize].ready = false;
            }
        }
        // A sync is taken while refreshing too.
        for &t in &self.syncs {
            expected[t as usize].ready = true;
        }
        for &t in &self.strobes {
            expected[t as usize].write_strobe = true;
        }
        for (&t, &word) in &self.reads {
            expected[t as usize].read_valid = true;
            expected[t as usize].read_data = Some(word);
        }
        let mut refreshes: Vec<u64> = model::sdram::init_commands()
            .into_iter()
            .filter(|(_, c)| *c == model::sdram::Command::Refresh)
            .map(|(t, _)| t + PAD_OUT_STAGES)
            .chain(self.refreshes)
            .filter(|&t| t < end)
            .collect();
        refreshes.sort_unstable();
        for &t in &refreshes {
            expected[t as usize].refresh = true;
        }
        Plan {
            inputs,
            expected,
            accesses: self.accesses,
            refreshes,
            syncs: self.syncs,
        }
    }
}

/// A plan of `count` random accesses of up to `max_beats` beats in the
/// first `row_span` rows of each bank, seeded by `seed`, with a `sync` now
/// and then and idle stretches long enough for the controller to refresh
/// while idle; the run ends `tail` cycles after the last access.
pub fn plan(seed: u64, count: usize, max_beats: u32, row_span: u32, tail: u64) -> Plan {
    assert!((1..=MAX_BEATS).contains(&max_beats));
    let mut builder = Builder::new(seed);
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5d7a);
    let mut written: Vec<(u32, u32)> = Vec::new();
    let mut now = rng.random_range(0..INIT_CYCLES + 50);
    for i in 0..count {
        if i % 40 == 17 {
            now = builder.sync(now) + 1 + rng.random_range(0..3);
            continue;
        }
        let (kind, address, beats) = random_access(&mut rng, &written, max_beats, row_span);
        let access = builder.access(kind, now, address, beats);
        if kind == Kind::Write {
            written.push((address, beats));
        }
        // The next request: while this one runs, as it ends, or later.
        now = match rng.random_range(0..4) {
            0 => access.accepted + 1,
            1 => access.done,
            2 => access.done + rng.random_range(0..20),
            _ => access.done + rng.random_range(0..400),
        };
    }
    builder.finish(now, tail)
}

/// The first cycles where `seen` differs from `plan`'s expected outputs,
/// described (empty when they agree).
pub fn differences(plan: &Plan, seen: &[Outputs]) -> Vec<String> {
    assert_eq!(seen.len(), plan.expected.len(), "a sample a cycle");
    plan.expected
        .iter()
        .zip(seen)
        .enumerate()
        .filter(|(_, (want, got))| {
            let data_differs = want.read_valid && want.read_data != got.read_data;
            want.ready != got.ready
                || want.write_strobe != got.write_strobe
                || want.read_valid != got.read_valid
                || data_differs
                || want.error != got.error
                || want.refresh != got.refresh
        })
        .take(8)
        .map(|(t, (want, got))| format!("cycle {t}: expected {want:?}, the rig shows {got:?}"))
        .collect()
}

/// The longest stretch, in cycles, between two REFRESHes the chip sees.
pub fn longest_refresh_interval(refresh: impl Iterator<Item = bool>) -> u64 {
    let cycles: Vec<u64> = refresh
        .enumerate()
        .filter(|(_, r)| *r)
        .map(|(t, _)| t as u64)
        .collect();
    cycles.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0)
}

/// How many distinct banks and rows a plan's accesses touch.
pub fn coverage(plan: &Plan) -> (usize, usize) {
    let mut banks = std::collections::HashSet::new();
    let mut rows = std::collections::HashSet::new();
    for a in &plan.accesses {
        let l = locate(a.address);
        banks.insert(l.bank);
        rows.insert((l.bank, l.row));
    }
    (banks.len(), rows.len())
}

/// The worst wait for a refresh: after a `sync`, a 256-beat write taken
/// the cycle before the first credit, then a read of it.
pub fn worst_refresh_plan() -> Plan {
    use model::sdram::REFRESH_PERIOD;
    let mut builder = Builder::new(3);
    let synced = builder.sync(INIT_CYCLES + 3);
    let credit = synced + 1 + REFRESH_PERIOD;
    let write = builder.access(Kind::Write, credit - 1, 0x1200, MAX_BEATS);
    assert_eq!(write.accepted, credit - 1);
    let read = builder.access(Kind::Read, write.done, 0x1200, MAX_BEATS);
    builder.finish(read.done, 200)
}
