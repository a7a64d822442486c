use super::*;

/// A software chip that checks a command timeline (cycles as the controller
/// decides them, the pins' delay being the same for all) against the
/// datasheet rules the controller must keep; the first broken rule, named.
fn check_timeline(commands: &[(u64, Command)]) -> Result<(), String> {
    #[derive(Clone, Copy, Default)]
    struct Bank {
        open: Option<u32>,
        activated: Option<u64>,
        precharged: Option<u64>,
        last_write: Option<u64>,
    }
    let mut banks = [Bank::default(); BANKS as usize];
    let mut last_refresh: Option<u64> = None;
    let mut last_cycle: Option<u64> = None;
    let mut mode_loaded: Option<u64> = None;
    let since = |then: Option<u64>, now: u64| then.map_or(u64::MAX, |t| now - t);
    for &(cycle, command) in commands {
        if last_cycle.is_some_and(|last| cycle <= last) {
            return Err(format!("two commands in cycle {cycle} or out of order"));
        }
        last_cycle = Some(cycle);
        if since(mode_loaded, cycle) < T_MRD {
            return Err(format!("{command:?} in cycle {cycle} within tMRD"));
        }
        let idle = |banks: &[Bank; BANKS as usize], what: &str| -> Result<(), String> {
            for (b, bank) in banks.iter().enumerate() {
                if bank.open.is_some() {
                    return Err(format!("{what} in cycle {cycle} with bank {b} open"));
                }
                if since(bank.precharged, cycle) < T_RP {
                    return Err(format!("{what} in cycle {cycle} within tRP of bank {b}"));
                }
            }
            if since(last_refresh, cycle) < T_RFC {
                return Err(format!("{what} in cycle {cycle} within tRFC"));
            }
            Ok(())
        };
        match command {
            Command::Refresh => {
                idle(&banks, "REFRESH")?;
                if let Some(last) = last_refresh {
                    if cycle - last > REFRESH_LIMIT_CYCLES {
                        return Err(format!(
                            "{} cycles between REFRESHes in {last} and {cycle}",
                            cycle - last
                        ));
                    }
                }
                last_refresh = Some(cycle);
            }
            Command::LoadMode => {
                idle(&banks, "LOAD MODE")?;
                mode_loaded = Some(cycle);
            }
            Command::PrechargeAll => {
                for bank in banks.iter_mut() {
                    bank.open = None;
                    bank.precharged = Some(cycle);
                }
            }
            Command::Activate { bank, row } => {
                let b = &mut banks[bank as usize];
                if b.open.is_some() {
                    return Err(format!("ACTIVE in cycle {cycle}: bank {bank} open"));
                }
                if since(b.precharged, cycle) < T_RP || since(b.activated, cycle) < T_RC {
                    return Err(format!("ACTIVE in cycle {cycle} within tRP or tRC"));
                }
                if since(last_refresh, cycle) < T_RFC {
                    return Err(format!("ACTIVE in cycle {cycle} within tRFC"));
                }
                b.open = Some(row);
                b.activated = Some(cycle);
            }
            Command::Read { bank, .. } | Command::Write { bank, .. } => {
                let b = &mut banks[bank as usize];
                if b.open.is_none() || since(b.activated, cycle) < T_RCD {
                    return Err(format!(
                        "{command:?} in cycle {cycle}: not open tRCD before"
                    ));
                }
                if let Command::Write { auto_precharge, .. } = command {
                    b.last_write = Some(cycle);
                    if auto_precharge {
                        // The chip precharges tWR after the beat.
                        let start = cycle + T_WR;
                        if since(b.activated, start) < T_RAS {
                            return Err(format!("auto-precharge in cycle {start} within tRAS"));
                        }
                        b.open = None;
                        b.precharged = Some(start);
                        b.last_write = None;
                    }
                }
            }
            Command::Precharge { bank } => {
                let b = &mut banks[bank as usize];
                if since(b.activated, cycle) < T_RAS {
                    return Err(format!("PRECHARGE in cycle {cycle} within tRAS"));
                }
                if since(b.last_write, cycle) < T_WR {
                    return Err(format!("PRECHARGE in cycle {cycle} within tWR"));
                }
                b.open = None;
                b.precharged = Some(cycle);
                b.last_write = None;
            }
        }
    }
    Ok(())
}

/// A small deterministic generator for the tests' requests.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random request that fits a row.
fn random_request(rng: &mut Lcg) -> (Kind, u32, u32) {
    let kind = if rng.below(2) == 0 {
        Kind::Read
    } else {
        Kind::Write
    };
    let beats = if rng.below(4) == 0 {
        MAX_BEATS
    } else {
        1 + rng.below(u64::from(MAX_BEATS)) as u32
    };
    let location = locate(rng.below(u64::from(WORDS)) as u32);
    let column = location.column.min(COLUMNS - beats);
    (kind, address_of(Location { column, ..location }), beats)
}

#[test]
fn the_timings_are_the_slowest_part_s_in_whole_cycles() {
    assert_eq!(
        (T_RCD, T_RP, T_RC, T_RAS, T_RFC, T_WR, T_MRD),
        (2, 2, 4, 3, 4, 2, 2)
    );
    assert_eq!(READ_LATENCY, 4);
    assert_eq!(INIT_WAIT_CYCLES, 10_000);
    assert_eq!(INIT_CYCLES, 10_035);
    assert_eq!(REFRESH_LIMIT_CYCLES, 390);
    assert_eq!(MODE_REGISTER, 0x020);
    assert_eq!(
        (access_cycles(false, 1), access_cycles(true, 1)),
        (5, 6),
        "L + 4 and L + 5"
    );
    assert_eq!(MAX_ACCESS_CYCLES, 261);
    assert_eq!(MAX_REFRESH_INTERVAL, 386);
    // Each figure's cycles cover it, one cycle fewer would not.
    for (ps, cycles) in [(21_000, T_RCD), (66_000, T_RC), (44_000, T_RAS)] {
        assert!(
            cycles * 20_000 >= ps && (cycles - 1) * 20_000 < ps,
            "{ps} ps"
        );
    }
}

#[test]
fn addresses_are_row_bank_column() {
    assert_eq!(
        locate(0x00_0201),
        Location {
            bank: 1,
            row: 0,
            column: 1
        }
    );
    assert_eq!(
        locate(0xff_ffff),
        Location {
            bank: 3,
            row: ROWS - 1,
            column: COLUMNS - 1
        }
    );
    assert_eq!(locate(1 << 11).row, 1);
    let mut rng = Lcg(7);
    for _ in 0..10_000 {
        let address = rng.below(u64::from(WORDS)) as u32;
        assert_eq!(address_of(locate(address)), address);
    }
}

#[test]
fn a_read_and_a_write_follow_the_schedule() {
    let mut controller = Controller::new();
    let read = controller.read(0, 0x1234, 1).unwrap();
    let a = INIT_CYCLES;
    assert_eq!(
        (read.accepted, read.first_beat, read.last_beat, read.done),
        (a, a + 7, a + 7, a + 5)
    );
    let Location { bank, row, column } = locate(0x1234);
    assert_eq!(
        read.commands(),
        [
            (a + 1, Command::Activate { bank, row }),
            (a + 3, Command::Read { bank, column }),
            (a + 4, Command::Precharge { bank }),
        ]
    );
    // Presented while the read runs: taken when it is done.
    let write = controller.write(a + 1, 0x800, MAX_BEATS).unwrap();
    let b = a + 5;
    assert_eq!(write.accepted, b);
    assert_eq!((write.first_beat, write.last_beat), (b + 3, b + 258));
    assert_eq!(write.done, b + 261);
    let commands = write.commands();
    assert_eq!(commands.len(), 257, "ACTIVE and 256 WRITEs");
    assert_eq!(
        commands[255],
        (
            b + 257,
            Command::Write {
                bank: 0,
                column: 254,
                auto_precharge: false
            }
        )
    );
    assert_eq!(
        commands[256],
        (
            b + 258,
            Command::Write {
                bank: 0,
                column: 255,
                auto_precharge: true
            }
        )
    );
    assert!(read.refreshes.is_empty() && write.refreshes.is_empty());
}

#[test]
fn a_refresh_waits_for_the_longest_access_and_no_longer() {
    let mut controller = Controller::new();
    let credit = INIT_CYCLES + REFRESH_PERIOD;
    // Taken the cycle before the first credit: the refresh waits for it.
    let write = controller.write(credit - 1, 0, MAX_BEATS).unwrap();
    assert_eq!(write.accepted, credit - 1);
    assert_eq!(write.done, credit - 1 + MAX_ACCESS_CYCLES);
    // Presented as it ends, the next request comes after the owed refreshes
    // (three credits came during the write).
    let read = controller.read(write.done, 0, 1).unwrap();
    assert_eq!(
        read.refreshes,
        [write.done + 1, write.done + 5, write.done + 9]
    );
    assert_eq!(read.accepted, write.done + 3 * T_RFC);
    assert_eq!(read.refreshes[0] - credit, MAX_ACCESS_CYCLES);
}

#[test]
fn an_idle_controller_refreshes_every_period() {
    let mut controller = Controller::new();
    let refreshes = controller.idle_until(INIT_CYCLES + 10 * REFRESH_PERIOD + 1);
    let expected: Vec<u64> = (1..=10)
        .map(|k| INIT_CYCLES + k * REFRESH_PERIOD + 1)
        .collect();
    assert_eq!(refreshes, expected);
    // A request presented in the cycle a credit comes waits for its refresh.
    let credit = INIT_CYCLES + 11 * REFRESH_PERIOD;
    let read = controller.read(credit, 0, 1).unwrap();
    assert_eq!(read.refreshes, [credit + 1]);
    assert_eq!(read.accepted, credit + T_RFC);
}

/// Random requests at random times: every command timeline keeps the
/// datasheet's rules and the refresh limit, refreshes are one a period on
/// average, and beats are where the schedule says.
#[test]
fn random_requests_keep_every_timing() {
    let mut rng = Lcg(2025);
    let mut controller = Controller::new();
    let mut timeline = init_commands();
    let mut now = 0;
    let mut last_taken = 0;
    for _ in 0..3_000 {
        // Presented while busy, at once, or after a pause.
        now = match rng.below(3) {
            0 => last_taken + 1,
            1 => controller.idle_from(),
            _ => controller.idle_from() + rng.below(600),
        }
        .max(now);
        let (kind, address, beats) = random_request(&mut rng);
        let access = controller.access(kind, now, address, beats).unwrap();
        assert!(access.accepted >= now);
        timeline.extend(access.refreshes.iter().map(|&r| (r, Command::Refresh)));
        let commands = access.commands();
        let first = commands[1].0;
        let beat_offset = match kind {
            Kind::Read => READ_LATENCY,
            Kind::Write => 0,
        };
        assert_eq!(access.first_beat, first + beat_offset);
        assert_eq!(access.last_beat, first + beat_offset + u64::from(beats) - 1);
        timeline.extend(commands);
        last_taken = access.accepted;
        now = last_taken + 1;
    }
    let end = controller.idle_from() + 2 * REFRESH_PERIOD;
    timeline.extend(
        controller
            .idle_until(end)
            .into_iter()
            .map(|r| (r, Command::Refresh)),
    );
    check_timeline(&timeline).unwrap();
    let refreshes: Vec<u64> = timeline
        .iter()
        .filter(|(_, c)| *c == Command::Refresh)
        .map(|&(t, _)| t)
        .collect();
    let longest = refreshes.windows(2).map(|w| w[1] - w[0]).max().unwrap();
    assert!(longest <= MAX_REFRESH_INTERVAL, "{longest}");
    let run = end - INIT_CYCLES;
    let expected = run / REFRESH_PERIOD;
    let counted = refreshes.len() as u64 - INIT_REFRESHES;
    assert!(
        counted.abs_diff(expected) <= MAX_OWED,
        "{counted} vs {expected}"
    );
}

#[test]
fn the_power_up_sequence_keeps_the_chip_s_rules() {
    let commands = init_commands();
    assert_eq!(commands[0], (INIT_WAIT_CYCLES, Command::PrechargeAll));
    assert_eq!(commands.len() as u64, INIT_REFRESHES + 2);
    let (mode, _) = *commands.last().unwrap();
    assert_eq!(mode + T_MRD - 1, INIT_CYCLES);
    check_timeline(&commands).unwrap();
    // An access at once after power-up keeps tMRD.
    let mut timeline = commands;
    timeline.extend(Controller::new().read(0, 0, 4).unwrap().commands());
    check_timeline(&timeline).unwrap();
}

#[test]
fn the_timeline_check_refuses_a_broken_rule() {
    let read = Controller::new().read(0, 0, 1).unwrap();
    let mut commands = read.commands();
    // The PRECHARGE one cycle early (the read dropped) breaks tRAS.
    commands.remove(1);
    commands[1].0 -= 1;
    let error = check_timeline(&commands).unwrap_err();
    assert!(error.contains("tRAS"), "{error}");
    // After a write's auto-precharge, an ACTIVE a cycle early breaks tRP.
    let mut controller = Controller::new();
    let write = controller.write(0, 0, 2).unwrap();
    let read = controller.read(write.accepted + 1, 0, 1).unwrap();
    assert_eq!(read.accepted, write.done);
    let good = [write.commands(), read.commands()].concat();
    check_timeline(&good).unwrap();
    let mut bad = good.clone();
    bad[write.commands().len()].0 -= 1;
    let error = check_timeline(&bad).unwrap_err();
    assert!(error.contains("tRP"), "{error}");
}

/// After a `sync`, the timeline depends only on the requests: two
/// controllers with different pasts agree cycle for cycle from it on.
#[test]
fn a_sync_makes_the_timeline_depend_on_the_requests_alone() {
    let mut rng = Lcg(11);
    let mut a = Controller::new();
    let mut b = Controller::new();
    a.idle_until(INIT_CYCLES + 777);
    for _ in 0..5 {
        let (kind, address, beats) = random_request(&mut rng);
        b.access(kind, b.idle_from() + rng.below(50), address, beats)
            .unwrap();
    }
    let now = a.idle_from().max(b.idle_from()) + 300;
    let sync_a = a.sync(now).unwrap();
    let sync_b = b.sync(sync_a.accepted).unwrap();
    assert_eq!(sync_b.accepted, sync_a.accepted, "both idle, nothing owed");
    assert_eq!(sync_a.refresh, sync_a.accepted + 1);
    for _ in 0..200 {
        let (kind, address, beats) = random_request(&mut rng);
        let now = a.idle_from() + rng.below(200);
        let x = a.access(kind, now, address, beats).unwrap();
        let y = b.access(kind, now, address, beats).unwrap();
        assert_eq!(x, y);
    }
    // The first credit after a sync is a period after its refresh.
    let mut c = Controller::new();
    let sync = c.sync(INIT_CYCLES).unwrap();
    assert_eq!(
        c.idle_until(sync.refresh + REFRESH_PERIOD + 1),
        [sync.refresh + REFRESH_PERIOD + 1]
    );
}

#[test]
fn bad_requests_are_named() {
    let mut controller = Controller::new();
    let cases = [
        (0, 0, "1 to 256 beats, not 0"),
        (0, 257, "not 257"),
        (WORDS, 1, "beyond the SDRAM"),
        (COLUMNS - 2, 3, "past the end of its row"),
    ];
    for (address, beats, says) in cases {
        let error = controller.read(0, address, beats).unwrap_err();
        assert!(error.to_string().contains(says), "{error}");
    }
    let taken = controller.read(0, 0, 1).unwrap().accepted;
    let error = controller.write(taken, 0, 1).unwrap_err();
    assert_eq!(
        error,
        SdramError::OutOfOrder {
            now: taken,
            last: taken
        }
    );
    assert!(controller.write(taken + 1, COLUMNS - 3, 3).is_ok());
}

/// A `sync` requested while a refresh is under way is taken at once, and
/// the controller's timeline from it on is the one of a `sync` taken idle
/// (`Controller::synced`): the same accesses taken in the same cycles after
/// it, whatever the controller was doing; every timing kept.
#[test]
fn a_sync_requested_during_a_refresh_gives_the_same_later_timeline() {
    // Idle from power-up, the first refresh is decided at the first credit.
    let decided = INIT_CYCLES + REFRESH_PERIOD;
    let mut rng = Lcg(7);
    let requests: Vec<(u64, Kind, u32, u32)> = (0..40)
        .map(|_| {
            let (kind, address, beats) = random_request(&mut rng);
            (rng.below(300), kind, address, beats)
        })
        .collect();
    for offset in 0..T_RFC + 2 {
        let now = decided + offset;
        let mut controller = Controller::new();
        let sync = controller.sync(now).unwrap();
        assert_eq!((sync.accepted, sync.done), (now, now + SYNC_CYCLES));
        match offset {
            // Presented as the refresh would be decided: it goes first.
            0 => assert_eq!((&sync.refreshes[..], sync.refresh), (&[][..], now + 1)),
            // A refresh under way: the sync's own follows it.
            o if o < T_RFC => {
                assert_eq!(sync.refreshes, [decided + 1]);
                assert_eq!(sync.refresh, decided + T_RFC + 1);
            }
            _ => assert_eq!(
                (&sync.refreshes[..], sync.refresh),
                (&[decided + 1][..], now + 1)
            ),
        }
        assert_eq!(controller, Controller::synced(now));
        let mut timeline = init_commands();
        timeline.extend(sync.refreshes.iter().map(|&r| (r, Command::Refresh)));
        timeline.push((sync.refresh, Command::Refresh));
        // The same accesses, each presented the same cycles after the sync,
        // are taken the same cycles after it.
        let mut reference = Controller::synced(0);
        let mut t = 0;
        for &(pause, kind, address, beats) in &requests {
            t += 1 + pause;
            let got = controller.access(kind, now + t, address, beats).unwrap();
            let want = reference.access(kind, t, address, beats).unwrap();
            assert_eq!(got.accepted - now, want.accepted, "offset {offset}");
            assert_eq!(got.done - now, want.done);
            let shifted: Vec<u64> = want.refreshes.iter().map(|r| r + now).collect();
            assert_eq!(got.refreshes, shifted);
            timeline.extend(got.refreshes.iter().map(|&r| (r, Command::Refresh)));
            timeline.extend(got.commands());
            t = want.accepted;
        }
        check_timeline(&timeline).unwrap();
    }
    // Behind an access, a sync waits for it and then goes before a refresh
    // owed.
    let mut controller = Controller::new();
    let write = controller
        .write(decided - 2, 0, MAX_BEATS)
        .expect("a write before the first credit");
    let sync = controller.sync(write.accepted + 1).unwrap();
    assert_eq!(sync.accepted, write.done);
    assert_eq!((sync.refreshes.len(), sync.refresh), (0, write.done + 1));
}
