//! The seed's own program (the Simulation shogi thesis, `docs/sources.md`;
//! its appendix A: the Java classes `Kyokumen`, `GenerateMoves`, `Sikou` and
//! `MainTest`), ported statement for statement so that its table 9 can be
//! replayed as the seed played it, with a switch for each place where it
//! departs from the game and the player as we read them from its text
//! ([`Variant`]). Line numbers count the lines of the plain-text copy of the
//! thesis the port was made from (not in the repository), in which appendix
//! A begins at line 551.
//!
//! Its data as the Java has them: a square is `suji * 16 + dan` (files and
//! ranks 1..5), a 16 x 11 board walled round; a piece is its kind (FU 1, KY
//! 2, KE 3, GI 4, KI 5, KA 6, HI 7, TO 8, GY 9) with `SENTE` (16) or `GOTE`
//! (32) set; captured pieces go to hand as KY, GI, KI or HI; the start is the
//! Java's `ShokiBan` (the mirror image of ours, an equivalent game).
//!
//! What the seed's program does and our reading of the text did not
//! ([`Variant::SEED`] has all of it, [`Variant::OURS`] none):
//! - its root (`getBetter`, line 2313) stores `getMax(...)` of each move
//!   without the minus the recursion has (line 2179): each move carries the
//!   opponent's score, and the sort (lines 2322-2337) puts the moves best for
//!   the opponent first, where the random choice (lines 2347-2350) favours;
//! - `komaValue` (lines 1471-1479) is one static table for both players,
//!   sente's pieces at one set of values and gote's at the other: the
//!   "varied" player is the side whose pieces the table values by the varied
//!   set, and both players search with that same table;
//! - a drop takes the piece's 1.5x out of the evaluation but never adds it
//!   on the board (lines 1657-1668), so a dropped piece counts nothing and
//!   costs its full value when it is taken;
//! - the evaluation holds no points: `initEval` adds 1.5x the points once at
//!   the start (lines 1774-1796), when they are 0, and nothing updates them;
//! - drops show only the hand's face (`Te(koma, 0, to, false, ...)`, line
//!   1132; the hand holds KY, GI, KI, HI, lines 1620-1641): lance, silver,
//!   gold or rook, never tokin, bishop, knight or pawn;
//! - no game is drawn: `clone` (lines 1516-1536) does not copy the points,
//!   so every position kept for the repetition test (line 1976) has 0 points
//!   and equals the game's (lines 1574-1575) only while its points are 0 too;
//!   and the main loop (lines 1970-2026) has no length limit;
//! - the +1 a move earns is given by the main loop only (line 2022), never
//!   inside the search.

use crate::series::{read_rounds, Played, Seats, SeriesGame};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

pub const SENTE: u8 = 16;
pub const GOTE: u8 = 32;
pub const WALL: u8 = 64;
pub const EMPTY: u8 = 0;
const FU: u8 = 1;
const KY: u8 = 2;
const KE: u8 = 3;
const GI: u8 = 4;
const KI: u8 = 5;
const KA: u8 = 6;
const HI: u8 = 7;
const TO: u8 = 8;
const GY: u8 = 9;

/// The Java's `MUGEN`.
const MUGEN: i32 = 99_999_999;
/// The Java's `DEPTHMAX`.
pub const DEPTH: u32 = 4;

/// `diffDan` and `diffSuji` of `KomaMoves`: 0-2 toward rank 5 (sente's
/// back), 3-4 sideways, 5-7 toward rank 1, 8-9 sente's knight, 10-11 gote's.
const DIFF_DAN: [i32; 12] = [1, 1, 1, 0, 0, -1, -1, -1, -2, -2, 2, 2];
const DIFF_SUJI: [i32; 12] = [-1, 0, 1, 1, -1, 1, 0, -1, 1, -1, -1, 1];

fn diff(direction: usize) -> i32 {
    DIFF_SUJI[direction] * 16 + DIFF_DAN[direction]
}

/// `(suji, dan)` offsets.
type Offsets = &'static [(i32, i32)];

/// What a kind does in `(suji, dan)` steps for sente (rank 1 is forward):
/// single steps and slides.
fn motion(kind: u8) -> (Offsets, Offsets) {
    const GOLD: [(i32, i32); 6] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
    const SILVER: [(i32, i32); 5] = [(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)];
    const KING: [(i32, i32); 8] = [
        (-1, -1),
        (0, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
    ];
    const DIAGONALS: [(i32, i32); 4] = [(-1, -1), (1, -1), (-1, 1), (1, 1)];
    const LINES: [(i32, i32); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];
    match kind {
        FU => (&[(0, -1)], &[]),
        KY => (&[], &[(0, -1)]),
        KE => (&[(1, -2), (-1, -2)], &[]),
        GI => (&SILVER, &[]),
        KI | TO => (&GOLD, &[]),
        KA => (&[], &DIAGONALS),
        HI => (&[], &LINES),
        GY => (&KING, &[]),
        _ => (&[], &[]),
    }
}

/// `canMove[direction][koma]` (steps) and `canJump[direction][koma]`
/// (slides), derived from the pieces' moves; they agree with the Java's
/// tables, lines 612-985.
struct Tables {
    can_move: [[bool; 48]; 12],
    can_jump: [[bool; 48]; 12],
}

static TABLES: std::sync::LazyLock<Tables> = std::sync::LazyLock::new(|| {
    let mut tables = Tables {
        can_move: [[false; 48]; 12],
        can_jump: [[false; 48]; 12],
    };
    for side in [SENTE, GOTE] {
        let forward = if side == SENTE { 1 } else { -1 };
        for kind in FU..=GY {
            let (steps, slides) = motion(kind);
            for direction in 0..12 {
                let step = (DIFF_SUJI[direction], DIFF_DAN[direction] * forward);
                let koma = usize::from(side | kind);
                tables.can_move[direction][koma] = steps.contains(&step);
                tables.can_jump[direction][koma] = direction < 8 && slides.contains(&step);
            }
        }
    }
    tables
});

/// `Koma.PROMOTE`: the face after a move (every piece but the king turns over).
fn promoted(koma: u8) -> u8 {
    let side = koma & (SENTE | GOTE);
    side | match koma & 15 {
        FU => HI,
        HI => FU,
        KY => TO,
        TO => KY,
        KE => KI,
        KI => KE,
        GI => KA,
        KA => GI,
        other => other,
    }
}

/// The hand piece a captured piece becomes, the captor's (`move`, lines 1618-1641).
fn to_hand(captured: u8) -> u8 {
    let captor = if captured & SENTE != 0 { GOTE } else { SENTE };
    captor
        | match captured & 15 {
            KY | TO => KY,
            GI | KA => GI,
            KI | KE => KI,
            HI | FU => HI,
            other => panic!("the seed's program took a king ({other}): its hand array overflows"),
        }
}

fn is_self(teban: u8, koma: u8) -> bool {
    koma & teban != 0
}

fn is_enemy(teban: u8, koma: u8) -> bool {
    koma & (SENTE | GOTE) & !teban != 0
}

fn side_index(teban: u8) -> usize {
    usize::from(teban == GOTE)
}

fn other(teban: u8) -> u8 {
    teban ^ (SENTE | GOTE)
}

/// Where the seed's program departs from the game and the player as we
/// read them; `true` is the seed's behaviour throughout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The root scores each move from the opponent's side (line 2313).
    pub root_unnegated: bool,
    /// One evaluation table for both players: sente's pieces at the sente
    /// player's values, gote's at the gote player's (lines 1471-1479).
    /// Otherwise each player values both sides' pieces by its own values.
    pub shared_table: bool,
    /// A dropped piece is never added to the evaluation (lines 1657-1668).
    pub drop_eval_bug: bool,
    /// The points are not in the evaluation (lines 1774-1796). Otherwise each
    /// side's points count 1.5 times, as in [`super::eval::SeedEvaluation`].
    pub no_points_in_eval: bool,
    /// Drops show the hand's face only (line 1132). Otherwise either face.
    pub front_drops_only: bool,
    /// The repetition test compares with points-less copies (lines 1516-1536,
    /// 1574-1575, 1976-1995): a game is not drawn in practice. Otherwise
    /// fourfold repetition draws.
    pub lost_repetition: bool,
    /// The search gives no +1 a move (line 2022 only). Otherwise it does.
    pub no_turn_points_in_search: bool,
}

impl Variant {
    /// The seed's program as printed.
    pub const SEED: Variant = Variant {
        root_unnegated: true,
        shared_table: true,
        drop_eval_bug: true,
        no_points_in_eval: true,
        front_drops_only: true,
        lost_repetition: true,
        no_turn_points_in_search: true,
    };

    /// The game and player as we implement them (`seed:depth=4`).
    pub const OURS: Variant = Variant {
        root_unnegated: false,
        shared_table: false,
        drop_eval_bug: false,
        no_points_in_eval: false,
        front_drops_only: false,
        lost_repetition: false,
        no_turn_points_in_search: false,
    };

    const NAMES: [&'static str; 7] = [
        "root",
        "table",
        "drop-eval",
        "points-eval",
        "drop-face",
        "repetition",
        "turn-points",
    ];

    fn flags(&mut self) -> [&mut bool; 7] {
        [
            &mut self.root_unnegated,
            &mut self.shared_table,
            &mut self.drop_eval_bug,
            &mut self.no_points_in_eval,
            &mut self.front_drops_only,
            &mut self.lost_repetition,
            &mut self.no_turn_points_in_search,
        ]
    }

    /// Reads `seed` or `ours`, then `+NAME` (the seed's behaviour) or `-NAME`
    /// (ours) for any of `root`, `table`, `drop-eval`, `points-eval`,
    /// `drop-face`, `repetition`, `turn-points`: `seed-root` is the seed's
    /// program with the root's minus put back.
    pub fn parse(text: &str) -> Result<Variant, String> {
        let (mut variant, mut rest) = if let Some(rest) = text.strip_prefix("seed") {
            (Variant::SEED, rest)
        } else if let Some(rest) = text.strip_prefix("ours") {
            (Variant::OURS, rest)
        } else {
            return Err(format!("`{text}`: a variant starts with `seed` or `ours`"));
        };
        while !rest.is_empty() {
            let on = match rest.as_bytes()[0] {
                b'+' => true,
                b'-' => false,
                _ => return Err(format!("`{rest}`: expected +NAME or -NAME")),
            };
            rest = &rest[1..];
            let name = Variant::NAMES
                .iter()
                .copied()
                .filter(|name| rest.starts_with(name))
                .max_by_key(|name| name.len())
                .ok_or_else(|| {
                    format!(
                        "`{rest}`: no such switch (known: {})",
                        Variant::NAMES.join(", ")
                    )
                })?;
            let index = Variant::NAMES.iter().position(|n| *n == name).unwrap();
            *variant.flags()[index] = on;
            rest = &rest[name.len()..];
        }
        Ok(variant)
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut copy = *self;
        let flags: Vec<bool> = copy.flags().iter().map(|b| **b).collect();
        let seed: Vec<&str> = Variant::NAMES
            .iter()
            .zip(&flags)
            .filter(|(_, on)| **on)
            .map(|(n, _)| *n)
            .collect();
        write!(
            f,
            "seed's: {}",
            if seed.is_empty() {
                "none".to_string()
            } else {
                seed.join(" ")
            }
        )
    }
}

/// Piece values by pair, as the Java's `komaValue` holds them: `values[0]`
/// for sente's pieces, `values[1]` for gote's (negative in the table).
pub fn koma_value(values: [[i32; 4]; 2]) -> [i32; 48] {
    let mut table = [0; 48];
    for (side, sign) in [(SENTE, 1), (GOTE, -1)] {
        let [lt, sb, gn, rp] = values[side_index(side)];
        for (kind, value) in [
            (FU, rp),
            (KY, lt),
            (KE, gn),
            (GI, sb),
            (KI, gn),
            (KA, sb),
            (HI, rp),
            (TO, lt),
            (GY, 10_000),
        ] {
            table[usize::from(side | kind)] = sign * value;
        }
    }
    table
}

/// A move, the Java's `Te`: the piece moved (or dropped, as it comes from
/// hand), from (0: a drop), to, what stood there; `face` the piece a drop
/// puts down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Te {
    pub koma: u8,
    pub from: i32,
    pub to: i32,
    pub capture: u8,
    pub face: u8,
}

impl Te {
    fn text(&self) -> String {
        const NAMES: [&str; 10] = ["", "FU", "KY", "KE", "GI", "KI", "KA", "HI", "TO", "GY"];
        let square = |p: i32| format!("{}{}", p >> 4, p & 15);
        if self.from == 0 {
            format!("{}*{}", NAMES[usize::from(self.face & 15)], square(self.to))
        } else {
            format!("{}{}", square(self.from), square(self.to))
        }
    }
}

/// The Java's `Kyokumen`, with one incremental evaluation per table in use.
#[derive(Clone, Debug)]
pub struct Kyokumen {
    ban: [u8; 176],
    hand: [u8; 48],
    /// `handP`: the points.
    pub hand_p: [i32; 2],
    pub teban: u8,
    /// `eval` under each player's table, from sente's side.
    eval: [i32; 2],
    /// `kingS`, `kingG`.
    king: [i32; 2],
}

impl Kyokumen {
    fn empty() -> Kyokumen {
        let mut ban = [WALL; 176];
        for suji in 1..=5 {
            for dan in 1..=5 {
                ban[(suji << 4) + dan] = EMPTY;
            }
        }
        Kyokumen {
            ban,
            hand: [0; 48],
            hand_p: [0, 0],
            teban: SENTE,
            eval: [0, 0],
            king: [-34, -34],
        }
    }

    /// The Java's start (`ShokiBan`, lines 1886-1892, set at 1941-1945), its
    /// `initAll` (its `initKingPos` leaves gote's king at -34, lines
    /// 1750-1760, until a gote king move is made or taken back).
    pub fn start(tables: &[[i32; 48]; 2]) -> Kyokumen {
        let mut k = Kyokumen::empty();
        let rows = [
            [GOTE | TO, GOTE | KI, GOTE | GY, GOTE | GI, GOTE | FU],
            [EMPTY; 5],
            [EMPTY; 5],
            [EMPTY; 5],
            [SENTE | FU, SENTE | GI, SENTE | GY, SENTE | KI, SENTE | TO],
        ];
        for dan in 1..=5usize {
            for suji in 1..=5usize {
                k.ban[(suji << 4) + dan] = rows[dan - 1][5 - suji];
            }
        }
        k.init_eval(tables);
        k.king = [0x35, -34];
        k
    }

    fn init_eval(&mut self, tables: &[[i32; 48]; 2]) {
        for (t, table) in tables.iter().enumerate() {
            self.eval[t] = 0;
            for suji in 1..=5 {
                for dan in 1..=5 {
                    self.eval[t] += table[usize::from(self.ban[(suji << 4) + dan])];
                }
            }
            for (&count, &value) in self.hand.iter().zip(table.iter()) {
                self.eval[t] += i32::from(count) * 3 * value / 2;
            }
        }
    }

    pub fn get(&self, p: i32) -> u8 {
        if !(0..176).contains(&p) {
            return WALL;
        }
        self.ban[p as usize]
    }

    fn put(&mut self, p: i32, koma: u8) {
        self.ban[p as usize] = koma;
    }

    /// `move` (lines 1612-1672), with `drop_eval_bug` off adding the dropped
    /// piece's board value.
    fn make(&mut self, te: &Te, tables: &[[i32; 48]; 2], variant: &Variant) {
        let target = self.get(te.to);
        if target != EMPTY {
            let koma = to_hand(target);
            self.hand[usize::from(koma)] += 1;
            self.hand_p[side_index(koma & (SENTE | GOTE))] += 3;
            for (t, table) in tables.iter().enumerate() {
                self.eval[t] -= table[usize::from(target)];
                self.eval[t] += 3 * table[usize::from(koma)] / 2;
            }
        }
        if te.from == 0 {
            self.hand[usize::from(te.koma)] -= 1;
            self.hand_p[side_index(te.koma & (SENTE | GOTE))] -= 10;
            for (t, table) in tables.iter().enumerate() {
                self.eval[t] -= 3 * table[usize::from(te.koma)] / 2;
                if !variant.drop_eval_bug {
                    self.eval[t] += table[usize::from(te.face)];
                }
            }
            self.put(te.to, te.face);
        } else {
            self.put(te.from, EMPTY);
            // The flip changes no value: both faces of a pair are worth the same.
            self.put(te.to, promoted(te.koma));
        }
        if te.koma == SENTE | GY {
            self.king[0] = te.to;
        } else if te.koma == GOTE | GY {
            self.king[1] = te.to;
        }
    }

    /// `back` (lines 1676-1746).
    fn back(&mut self, te: &Te, tables: &[[i32; 48]; 2], variant: &Variant) {
        self.put(te.to, te.capture);
        if te.capture != EMPTY {
            let koma = to_hand(te.capture);
            self.hand[usize::from(koma)] -= 1;
            self.hand_p[side_index(koma & (SENTE | GOTE))] -= 3;
            for (t, table) in tables.iter().enumerate() {
                self.eval[t] += table[usize::from(te.capture)];
                self.eval[t] -= 3 * table[usize::from(koma)] / 2;
            }
        }
        if te.from == 0 {
            self.hand[usize::from(te.koma)] += 1;
            self.hand_p[side_index(te.koma & (SENTE | GOTE))] += 10;
            for (t, table) in tables.iter().enumerate() {
                self.eval[t] += 3 * table[usize::from(te.koma)] / 2;
                if !variant.drop_eval_bug {
                    self.eval[t] -= table[usize::from(te.face)];
                }
            }
        } else {
            self.put(te.from, te.koma);
        }
        if te.koma == SENTE | GY {
            self.king[0] = te.from;
        } else if te.koma == GOTE | GY {
            self.king[1] = te.from;
        }
    }

    /// Whether `teban`'s king is attacked (`removeSelfMate`'s test, lines
    /// 1040-1075, at the king's square as tracked).
    fn king_attacked(&self, teban: u8) -> bool {
        let tables = &*TABLES;
        let king = self.king[side_index(teban)];
        for direction in 0..12 {
            let koma = self.get(king - diff(direction));
            if is_enemy(teban, koma) && tables.can_move[direction][usize::from(koma)] {
                return true;
            }
        }
        for direction in 0..8 {
            let mut pos = king - diff(direction);
            loop {
                let koma = self.get(pos);
                if koma == WALL || is_self(teban, koma) {
                    break;
                }
                if is_enemy(teban, koma) {
                    if tables.can_jump[direction][usize::from(koma)] {
                        return true;
                    }
                    break;
                }
                pos -= diff(direction);
            }
        }
        false
    }

    /// `generateLegalMoves` (lines 1106-1136; the part lost between pages is
    /// written anew here, in the order of lesserpyon, the book program the
    /// seed's is built on, as its book describes it): the board's
    /// pieces square by square (file 1 first, rank 1 first), steps in
    /// direction order then slides, then drops kind by kind (FU..HI) on every
    /// empty square when the side has 10 points; those that leave the king
    /// attacked removed.
    pub fn legal_moves(&mut self, tables: &[[i32; 48]; 2], variant: &Variant) -> Vec<Te> {
        let t = &*TABLES;
        let teban = self.teban;
        let mut pseudo = Vec::with_capacity(96);
        for suji in 1..=5 {
            for dan in 1..=5 {
                let from = (suji << 4) + dan;
                let koma = self.get(from);
                if !is_self(teban, koma) {
                    continue;
                }
                for direction in 0..12 {
                    if t.can_move[direction][usize::from(koma)] {
                        let to = from + diff(direction);
                        if (1..=5).contains(&(to >> 4)) && (1..=5).contains(&(to & 15)) {
                            let target = self.get(to);
                            if is_self(teban, target) {
                                continue;
                            }
                            pseudo.push(Te {
                                koma,
                                from,
                                to,
                                capture: target,
                                face: 0,
                            });
                        }
                    }
                }
                for direction in 0..8 {
                    if t.can_jump[direction][usize::from(koma)] {
                        for i in 1..9 {
                            let to = from + diff(direction) * i;
                            let target = self.get(to);
                            if target == WALL || is_self(teban, target) {
                                break;
                            }
                            pseudo.push(Te {
                                koma,
                                from,
                                to,
                                capture: target,
                                face: 0,
                            });
                            if target != EMPTY {
                                break;
                            }
                        }
                    }
                }
            }
        }
        if self.hand_p[side_index(teban)] >= 10 {
            for kind in FU..=HI {
                let koma = kind | teban;
                if self.hand[usize::from(koma)] == 0 {
                    continue;
                }
                for suji in 1..=5 {
                    for dan in 1..=5 {
                        let to = (suji << 4) + dan;
                        if self.get(to) != EMPTY {
                            continue;
                        }
                        let faces = if variant.front_drops_only {
                            [koma, koma]
                        } else {
                            [koma, promoted(koma)]
                        };
                        for (i, face) in faces.into_iter().enumerate() {
                            if i == 1 && face == koma {
                                break;
                            }
                            pseudo.push(Te {
                                koma,
                                from: 0,
                                to,
                                capture: EMPTY,
                                face,
                            });
                        }
                    }
                }
            }
        }
        pseudo.retain(|te| {
            self.make(te, tables, variant);
            let attacked = self.king_attacked(teban);
            self.back(te, tables, variant);
            !attacked
        });
        pseudo
    }

    /// `evaluate` under table `t`, from sente's side.
    fn evaluate(&self, t: usize, variant: &Variant) -> i32 {
        let points = if variant.no_points_in_eval {
            0
        } else {
            3 * self.hand_p[0] / 2 - 3 * self.hand_p[1] / 2
        };
        self.eval[t] + points
    }

    /// Plays `te` as the main loop does (lines 2021-2025): the move, +1 to
    /// the mover, the turn passed.
    pub fn play(&mut self, te: &Te, tables: &[[i32; 48]; 2], variant: &Variant) {
        self.make(te, tables, variant);
        self.hand_p[side_index(self.teban)] += 1;
        self.teban = other(self.teban);
    }

    /// `equals` (lines 1549-1576).
    fn same(&self, other: &Kyokumen) -> bool {
        self.teban == other.teban
            && (1..=5).all(|suji| {
                (1..=5).all(|dan| self.ban[(suji << 4) + dan] == other.ban[(suji << 4) + dan])
            })
            && self.hand[17..40] == other.hand[17..40]
            && self.hand_p == other.hand_p
    }
}

/// The Java's `Sikou`: a depth-4 alpha-beta and its random choice, with the
/// evaluation table `t` of the position's.
pub struct Sikou {
    pub t: usize,
    pub rng: StdRng,
}

impl Sikou {
    /// `getMax` (lines 2156-2205): negamax alpha-beta, the leaf from the
    /// side to move's view, no legal move `-MUGEN`.
    fn get_max(
        &self,
        k: &mut Kyokumen,
        tables: &[[i32; 48]; 2],
        variant: &Variant,
        mut alpha: i32,
        beta: i32,
        depth: u32,
    ) -> i32 {
        if depth >= DEPTH {
            let eval = k.evaluate(self.t, variant);
            return if k.teban == SENTE { eval } else { -eval };
        }
        let mut moves = k.legal_moves(tables, variant);
        // Captures first: the search's values are the same in any order, and
        // it cuts sooner.
        moves.sort_by_key(|te| std::cmp::Reverse(te.capture != EMPTY));
        let mut value = -MUGEN;
        for te in &moves {
            let mover = k.teban;
            k.make(te, tables, variant);
            if !variant.no_turn_points_in_search {
                k.hand_p[side_index(mover)] += 1;
            }
            k.teban = other(mover);
            let eval = -self.get_max(k, tables, variant, -beta, -alpha, depth + 1);
            k.teban = mover;
            if !variant.no_turn_points_in_search {
                k.hand_p[side_index(mover)] -= 1;
            }
            k.back(te, tables, variant);
            if eval > value {
                value = eval;
                if eval > alpha {
                    alpha = eval;
                }
                if eval >= beta {
                    break;
                }
            }
        }
        value
    }

    /// Each legal move's score as `getBetter` (lines 2278-2320) stores it:
    /// `getMax` of the position after it, negated unless `root_unnegated`;
    /// sorted best first, equal scores in generation order (its selection
    /// sort, lines 2322-2337, is stable).
    pub fn scores(
        &self,
        k: &mut Kyokumen,
        tables: &[[i32; 48]; 2],
        variant: &Variant,
    ) -> Vec<(Te, i32)> {
        let moves = k.legal_moves(tables, variant);
        let mut scored = Vec::with_capacity(moves.len());
        for te in moves {
            let mover = k.teban;
            k.make(&te, tables, variant);
            if !variant.no_turn_points_in_search {
                k.hand_p[side_index(mover)] += 1;
            }
            k.teban = other(mover);
            let value = self.get_max(k, tables, variant, -MUGEN, MUGEN, 1);
            k.teban = mover;
            if !variant.no_turn_points_in_search {
                k.hand_p[side_index(mover)] -= 1;
            }
            k.back(&te, tables, variant);
            scored.push((
                te,
                if variant.root_unnegated {
                    value
                } else {
                    -value
                },
            ));
        }
        scored.sort_by_key(|(_, value)| std::cmp::Reverse(*value));
        scored
    }

    /// `getNextTe`: the rank the smaller of two uniform random ranks (lines
    /// 2347-2350).
    pub fn choose(
        &mut self,
        k: &mut Kyokumen,
        tables: &[[i32; 48]; 2],
        variant: &Variant,
    ) -> Option<Te> {
        let scored = self.scores(k, tables, variant);
        if scored.is_empty() {
            return None;
        }
        let r1 = self.rng.random_range(0..scored.len());
        let r2 = self.rng.random_range(0..scored.len());
        Some(scored[r1.min(r2)].0)
    }
}

/// How a game of the seed's program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side (0 sente, 1 gote) with no legal move lost.
    Mated(usize),
    /// The same position a fourth time.
    Repetition,
    /// The length cap (a safety net: the seed's loop has none).
    Length,
}

/// One game of the seed's program, `values[0]` the sente player's pair
/// values, `values[1]` the gote player's; the moves and how it ended.
pub fn play_game(
    values: [[i32; 4]; 2],
    variant: &Variant,
    seed: u64,
    max_plies: usize,
) -> (Vec<Te>, Ending) {
    let tables = if variant.shared_table {
        let shared = koma_value(values);
        [shared, shared]
    } else {
        [
            koma_value([values[0], values[0]]),
            koma_value([values[1], values[1]]),
        ]
    };
    let mut players = [0, 1].map(|t| Sikou {
        t,
        rng: StdRng::seed_from_u64(seed.wrapping_mul(2).wrapping_add(t as u64)),
    });
    let mut k = Kyokumen::start(&tables);
    let mut history: Vec<Kyokumen> = Vec::new();
    let mut moves = Vec::new();
    loop {
        if moves.len() >= max_plies {
            return (moves, Ending::Length);
        }
        let mut kept = k.clone();
        if variant.lost_repetition {
            kept.hand_p = [0, 0];
        }
        history.push(kept);
        let legal = k.legal_moves(&tables, variant);
        if legal.is_empty() {
            return (moves, Ending::Mated(side_index(k.teban)));
        }
        if history.iter().filter(|h| h.same(&k)).count() >= 4 {
            return (moves, Ending::Repetition);
        }
        let te = players[side_index(k.teban)]
            .choose(&mut k, &tables, variant)
            .expect("a legal move");
        k.play(&te, &tables, variant);
        moves.push(te);
    }
}

/// Reads `LT/SB/GN/RP` or `average`.
pub fn parse_values(spec: &str) -> Result<[i32; 4], String> {
    if spec == "average" {
        return Ok([900, 1400, 950, 1550]);
    }
    let values = super::eval::PairValues::parse(spec)?;
    Ok([
        values.lance_tokin,
        values.silver_bishop,
        values.gold_knight,
        values.rook_pawn,
    ])
}

/// The seed's program as a series table: an entrant is a set of pair values
/// (`LT/SB/GN/RP` or `average`), seat 0 sente.
pub struct SeedProgramTable {
    pub variant: Variant,
    pub seed: u64,
    pub max_plies: usize,
    /// Plies and games played so far (for the mean length).
    plies: AtomicU64,
    games: AtomicU64,
}

impl SeedProgramTable {
    pub fn new(variant: Variant, seed: u64, max_plies: usize) -> SeedProgramTable {
        SeedProgramTable {
            variant,
            seed,
            max_plies,
            plies: AtomicU64::new(0),
            games: AtomicU64::new(0),
        }
    }

    /// The mean length of the games this table has played, in plies.
    pub fn mean_plies(&self) -> f64 {
        self.plies.load(Ordering::SeqCst) as f64 / self.games.load(Ordering::SeqCst).max(1) as f64
    }
}

impl SeriesGame for SeedProgramTable {
    fn seats(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: usize) -> String {
        ["first", "second"][seat].to_string()
    }

    fn check(&self, spec: &str) -> anyhow::Result<()> {
        parse_values(spec).map_err(anyhow::Error::msg)?;
        Ok(())
    }

    fn play(&self, game: u32, seats: &Seats) -> anyhow::Result<Played> {
        let values = [
            parse_values(&seats.specs[0]).map_err(anyhow::Error::msg)?,
            parse_values(&seats.specs[1]).map_err(anyhow::Error::msg)?,
        ];
        let started = std::time::Instant::now();
        let (moves, ending) = play_game(
            values,
            &self.variant,
            self.seed.wrapping_add(u64::from(game)),
            self.max_plies,
        );
        let elapsed = started.elapsed();
        self.plies.fetch_add(moves.len() as u64, Ordering::SeqCst);
        self.games.fetch_add(1, Ordering::SeqCst);
        let (points, result) = match ending {
            Ending::Mated(0) => (vec![0.0, 1.0], "0-1 (sente mated)"),
            Ending::Mated(_) => (vec![1.0, 0.0], "1-0 (gote mated)"),
            Ending::Repetition => (vec![0.5, 0.5], "1/2-1/2 (repetition)"),
            Ending::Length => (vec![0.5, 0.5], "1/2-1/2 (length)"),
        };
        let mut record = format!(
            "[Round {}]\n[Program Simulation shogi thesis, {}]\n[Players first={} second={}]\n[Plies {}]\n",
            game + 1,
            self.variant,
            seats.specs[0],
            seats.specs[1],
            moves.len()
        );
        for (i, te) in moves.iter().enumerate() {
            let _ = write!(
                record,
                "{}{}",
                if i % 20 == 0 { "" } else { " " },
                te.text()
            );
            if i % 20 == 19 || i + 1 == moves.len() {
                record.push('\n');
            }
        }
        let _ = writeln!(record, "[Result {result}]\n");
        let plies = moves.len() as u32;
        let per_side = [plies.div_ceil(2), plies / 2];
        Ok(Played {
            game,
            a_seat: seats.a_seat,
            points,
            measure: None,
            adjudicated: matches!(ending, Ending::Repetition | Ending::Length),
            thinking: per_side.iter().map(|&n| (elapsed / 2, n)).collect(),
            record,
        })
    }

    fn read_records(
        &self,
        text: &str,
        a_seat: &dyn Fn(u32) -> usize,
    ) -> Result<Vec<Played>, String> {
        read_rounds(text, a_seat, |text| {
            let line = text
                .lines()
                .find(|l| l.starts_with("[Result "))
                .ok_or("no result")?;
            Ok(Some(if line.contains("1-0") {
                (vec![1.0, 0.0], false)
            } else if line.contains("0-1") {
                (vec![0.0, 1.0], false)
            } else {
                (vec![0.5, 0.5], true)
            }))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::position::{self as ours, Position};
    use super::*;

    /// Our face codes as the Java's kinds.
    fn kind(face: u8) -> u8 {
        match face {
            ours::PAWN => FU,
            ours::LANCE => KY,
            ours::KNIGHT => KE,
            ours::SILVER => GI,
            ours::ROOK => HI,
            ours::TOKIN => TO,
            ours::GOLD => KI,
            ours::BISHOP => KA,
            _ => GY,
        }
    }

    /// Our cell (row = rank - 1, column 0 = file 5) as the Java's square.
    fn square(cell: usize) -> i32 {
        let (row, column) = ((cell / 5) as i32, (cell % 5) as i32);
        (5 - column) * 16 + row + 1
    }

    fn from_ours(position: &Position, tables: &[[i32; 48]; 2]) -> Kyokumen {
        let mut k = Kyokumen::empty();
        for cell in 0..25 {
            let piece = position.at(cell);
            if piece != 0 {
                let side = if piece & ours::GOTE != 0 { GOTE } else { SENTE };
                k.put(square(cell), side | kind(piece & 15));
                if piece & 15 == ours::KING {
                    k.king[side_index(side)] = square(cell);
                }
            }
        }
        for (side, colour) in [SENTE, GOTE].into_iter().enumerate() {
            for (index, &face) in ours::HAND_KINDS.iter().enumerate() {
                // The hand holds lance, silver, gold, rook: the Java's hand faces.
                let hand = match kind(face) {
                    FU => HI,
                    KE => KI,
                    other => other,
                };
                k.hand[usize::from(colour | hand)] = position.hand(side, index);
            }
            k.hand_p[side] = i32::from(position.points().unwrap()[side]);
        }
        k.teban = if position.side() == 0 { SENTE } else { GOTE };
        k.init_eval(tables);
        k
    }

    /// A move as (from, to, face put down), in the Java's squares.
    fn ours_as_java(m: &ours::Move) -> (i32, i32, u8) {
        let from = if m.is_drop() {
            0
        } else {
            square(m.from as usize)
        };
        (from, square(m.to as usize), kind(m.face_after()))
    }

    fn java(te: &Te) -> (i32, i32, u8) {
        let face = if te.from == 0 {
            te.face
        } else {
            promoted(te.koma)
        };
        (te.from, te.to, face & 15)
    }

    #[test]
    fn the_port_has_our_legal_moves_along_random_games() {
        let tables = [koma_value([[900, 1400, 950, 1550]; 2]); 2];
        let variant = Variant::OURS;
        let mut rng = StdRng::seed_from_u64(7);
        let mut positions = 0;
        for _ in 0..40 {
            let mut position = Position::start(true);
            for _ in 0..120 {
                let mut moves = Vec::new();
                position.generate(&mut moves);
                let mut k = from_ours(&position, &tables);
                let mut expected: Vec<_> = moves.iter().map(ours_as_java).collect();
                let mut got: Vec<_> = k.legal_moves(&tables, &variant).iter().map(java).collect();
                expected.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, expected, "{position}");
                positions += 1;
                if moves.is_empty() {
                    break;
                }
                position.make(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(positions > 2_000);
    }

    #[test]
    fn the_start_is_the_mirror_of_ours_and_drops_show_the_hand_face_in_the_seed() {
        let tables = [koma_value([[900, 1400, 950, 1550]; 2]); 2];
        let mut k = Kyokumen::start(&tables);
        let mut mirrored = from_ours(&Position::start(true), &tables);
        let count = |k: &mut Kyokumen| k.legal_moves(&tables, &Variant::SEED).len();
        assert_eq!(count(&mut k), 12);
        assert_eq!(count(&mut mirrored), 12);
        assert_eq!(k.get(0x55), SENTE | FU);
        assert_eq!(k.get(0x11), GOTE | FU);
        // Sente with a rook in hand and 10 points: one face per square in the
        // seed, two in ours.
        k.hand[usize::from(SENTE | HI)] = 1;
        k.hand_p = [10, 10];
        let drops = |variant: &Variant, k: &mut Kyokumen| {
            k.legal_moves(&tables, variant)
                .iter()
                .filter(|te| te.from == 0)
                .count()
        };
        assert_eq!(drops(&Variant::SEED, &mut k), 15);
        assert_eq!(drops(&Variant::OURS, &mut k), 30);
    }

    #[test]
    fn the_seeds_root_puts_the_move_best_for_the_opponent_first() {
        // Sente's rook can take gote's undefended gold: ours ranks it first,
        // the seed's root (no minus) last, each move's score negated.
        let tables = [koma_value([[900, 1400, 950, 1550]; 2]); 2];
        let mut k = Kyokumen::empty();
        for (p, koma) in [
            (0x35, SENTE | GY),
            (0x31, GOTE | GY),
            (0x53, SENTE | HI),
            (0x13, GOTE | KI),
        ] {
            k.put(p, koma);
        }
        k.king = [0x35, 0x31];
        k.init_eval(&tables);
        let take = |te: &Te| te.from == 0x53 && te.to == 0x13;
        let sikou = Sikou {
            t: 0,
            rng: StdRng::seed_from_u64(1),
        };
        let ours = sikou.scores(&mut k, &tables, &Variant::OURS);
        assert!(take(&ours[0].0), "{ours:?}");
        let root = Variant {
            root_unnegated: true,
            ..Variant::OURS
        };
        let seed = sikou.scores(&mut k, &tables, &root);
        assert_eq!(seed.last().unwrap().1, -ours[0].1, "{seed:?}");
        let rank = seed.iter().position(|(te, _)| take(te)).unwrap();
        assert_eq!(seed[rank].1, -ours[0].1);
    }

    #[test]
    fn the_seeds_drop_costs_the_piece_twice_in_its_evaluation() {
        let tables = [koma_value([[900, 1400, 950, 1550]; 2]); 2];
        let mut k = Kyokumen::start(&tables);
        k.hand[usize::from(SENTE | HI)] = 1;
        k.hand_p = [10, 0];
        k.init_eval(&tables);
        let before = k.eval[0];
        let drop = Te {
            koma: SENTE | HI,
            from: 0,
            to: 0x33,
            capture: EMPTY,
            face: SENTE | HI,
        };
        for (variant, change) in [(Variant::SEED, -2325), (Variant::OURS, -775)] {
            k.make(&drop, &tables, &variant);
            assert_eq!(k.eval[0] - before, change);
            k.back(&drop, &tables, &variant);
            assert_eq!(k.eval[0], before);
        }
    }

    #[test]
    fn variants_read_and_a_seed_game_ends() {
        assert_eq!(Variant::parse("seed").unwrap(), Variant::SEED);
        assert_eq!(Variant::parse("ours").unwrap(), Variant::OURS);
        let v = Variant::parse("seed-root-table").unwrap();
        assert!(!v.root_unnegated && !v.shared_table && v.drop_eval_bug);
        let v = Variant::parse("ours+repetition").unwrap();
        assert!(v.lost_repetition && !v.root_unnegated);
        assert!(Variant::parse("seed+nothing").is_err());
        let (moves, ending) = play_game([[900, 1400, 950, 1550]; 2], &Variant::OURS, 3, 400);
        assert!(!moves.is_empty() && moves.len() <= 400, "{ending:?}");
    }
}
