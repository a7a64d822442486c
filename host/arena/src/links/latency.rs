//! `arena referee-bench`: the time the referee itself adds to each move over
//! pseudo-terminal pairs. Two instant players (random engines) sit on the
//! far sides of two pseudo-terminals (openpty through `serialport`), the
//! referee on the near sides as on serial ports. For every move but a game's
//! last, the time from the mover's starting to write its 4 bytes to the opponent's
//! reading the last byte of the request that carries the move: the reply
//! crossing one pseudo-terminal, the referee checking it, and the request
//! crossing the other.

use super::open::open_serial;
use super::run::{Match, MatchOptions};
use blokus::Engine;
use games::blokus::RandomEngine;
use protocol::Limits;
use protocol::Scheme;
use protocol::{Event, PlayerLink};
use serialport::{SerialPort, TTYPort};
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a bench player saw, stamped.
#[derive(Clone, Copy, Debug)]
enum Stamp {
    /// Its move's last byte written.
    Replied(usize, Instant),
    /// A move request's last byte read.
    Asked(usize, Instant),
    /// A new game (the team code written): no pairing across it.
    NewGame(Instant),
}

/// Plays instantly on `port` (player number `me`), stamping replies and requests.
fn bench_player(mut port: TTYPort, me: usize, stamps: Arc<Mutex<Vec<Stamp>>>) {
    let mut machine = PlayerLink::new(*b"LB", None);
    let mut engine = RandomEngine::new(me as u64 + 77);
    let mut buffer = [0u8; 64];
    loop {
        let n = match port.read(&mut buffer) {
            Ok(0) => return,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => continue,
            Err(_) => return,
        };
        let read_at = Instant::now();
        for &byte in &buffer[..n] {
            let reply = match machine.received(byte) {
                Some(Event::Send(team)) => {
                    stamps.lock().unwrap().push(Stamp::NewGame(read_at));
                    if port.write_all(&team).is_err() {
                        return;
                    }
                    continue;
                }
                Some(Event::Move(position)) => {
                    stamps.lock().unwrap().push(Stamp::Asked(me, read_at));
                    let m = engine.choose(&position);
                    machine.answer(m.code()).to_vec()
                }
                _ => continue,
            };
            // Stamped as the write starts: its bytes cannot reach the
            // referee earlier, however the threads are scheduled.
            let writing = Instant::now();
            if port.write_all(&reply).is_err() {
                return;
            }
            stamps.lock().unwrap().push(Stamp::Replied(me, writing));
        }
    }
}

/// Latencies the referee added, one per move that was followed by a request,
/// and the number of moves played.
pub fn measure(games: usize, scheme: Scheme) -> anyhow::Result<(Vec<Duration>, usize)> {
    let stamps = Arc::new(Mutex::new(Vec::new()));
    let mut links = Vec::new();
    let mut players = Vec::new();
    for me in 0..2 {
        let (mut master, slave) = TTYPort::pair()?;
        let path = slave
            .name()
            .ok_or_else(|| anyhow::anyhow!("the pseudo-terminal has no name"))?;
        master.set_timeout(Duration::from_millis(100))?;
        links.push(open_serial(&path, 115_200)?);
        drop(slave);
        let stamps = stamps.clone();
        players.push(std::thread::spawn(move || bench_player(master, me, stamps)));
    }
    let links: [_; 2] = links.try_into().map_err(|_| anyhow::anyhow!("two links"))?;
    let options = MatchOptions {
        scheme,
        limits: Limits::default(),
        games,
        swap: false,
        record: None,
        json: None,
        sim_wall_guard: protocol::SIM_WALL_GUARD,
    };
    let reports = Match::new(links, options).run(&mut std::io::sink())?;
    let moves = reports.iter().map(|r| r.moves.len()).sum();
    for p in players {
        let _ = p.join();
    }
    let mut stamps = stamps.lock().unwrap().clone();
    // In time order (two threads pushed them).
    stamps.sort_by_key(|s| match *s {
        Stamp::Replied(_, at) | Stamp::Asked(_, at) | Stamp::NewGame(at) => at,
    });
    // A reply, then the next request to the other player, with no reply between.
    let mut latencies = Vec::new();
    let mut last_reply: Option<(usize, Instant)> = None;
    for stamp in stamps {
        match stamp {
            Stamp::Replied(who, at) => last_reply = Some((who, at)),
            Stamp::NewGame(_) => last_reply = None,
            Stamp::Asked(who, at) => {
                if let Some((mover, replied)) = last_reply.take() {
                    if mover != who {
                        latencies.push(at.saturating_duration_since(replied));
                    }
                }
            }
        }
    }
    Ok((latencies, moves))
}

/// The `q`-quantile (0..=1) of sorted `values`.
pub fn quantile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_over_pseudo_terminals_gives_one_latency_per_answered_move() {
        let (mut latencies, moves) = measure(2, Scheme::S2014).unwrap();
        // Every move but each game's last is followed by a request to the other side.
        assert_eq!(latencies.len(), moves - 2);
        latencies.sort();
        // Far below the move limit even on a loaded machine.
        assert!(quantile(&latencies, 0.5) < Duration::from_millis(200));
    }
}
