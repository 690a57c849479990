//! What the evaluation counts on the board. Every count belongs to one term, and every term
//! has one weight for the middlegame and one for the endgame ([`super::Weights`]): the
//! evaluation is the weighted sum, so the tuner can read the same counts ([`Trace`]) and fit
//! the weights to game results.
//!
//! Counts are White's minus Black's. The terms, and why each is there:
//! - **Material** and **piece-square tables** (kings too): most of what decides a game.
//! - **Mobility**: the squares a knight, bishop, rook or queen reaches that hold no piece of
//!   its own side and no enemy pawn guards, one weight per count.
//! - **Passed pawns** by rank, **doubled** and **isolated** pawns.
//! - **Rooks on open and half-open files**, the **bishop pair**.
//! - **King safety**: own pawns in front of the king (in Avalanche the opponent pushes those
//!   very pawns, so one that can still be pushed is a term of its own), open files beside it,
//!   and the squares around it that enemy pieces attack, by the attacker's kind.
//!   In chess also the **king danger**: those attacks weighted by the attacker's kind
//!   (queens most) when two pieces or more make them, one weight per step, so that it can
//!   grow faster than the attacks.
//! - **Threats** (chess only): pieces that a pawn attacks, knights and bishops that a knight
//!   or bishop attacks, rooks that a knight or bishop attacks, queens that a lesser piece
//!   attacks, and pieces attacked and not defended. The quiescence search sees captures
//!   only: these tell it what the next turn will have to answer.
//! - **More of the king** (chess only): each kind of piece that can check the enemy king from
//!   a square the enemy does not attack (those checks add to the king danger too), squares
//!   around the king that enemy pieces attack and nothing but its king or queen defends, the
//!   nearest own pawn ahead of the king on its file and the files beside it by rank (its
//!   shelter), and the nearest enemy pawn there (the storm), apart when an own pawn blocks it.
//! - **More of the pawns and pieces** (chess only): connected pawns by rank (side by side or
//!   guarded), backward pawns, own pawns on a bishop's colour, knights and bishops behind a
//!   pawn, their distance to their king, pieces a pawn would attack after a safe push, space
//!   behind the pawns in the centre, and the king's distance to its nearest pawn.
//! - **Tempo**: the side to move.
//! - **Avalanche**: a pawn waiting for its promotion choice belongs to the side to move, which
//!   makes it a queen at once. The pusher must push when it can: enemy pawns one step from
//!   promotion are pushes it would rather not make (more so when the new queen would check
//!   its king), and having one safe push or none is the game's zugzwang. Those pushes cost
//!   more when fewer than two safe pushes are left (then they may be forced), so each has a
//!   term for either case.
//!
//! In chess the terms of pawns and kings alone ([`pawns_and_kings`]) are counted apart, so
//! that the search can keep their sums by pawn structure ([`super::PawnCache`]).

use rules::attacks;
use rules::{Bitboard, Color, Position, Role, Square};

/// Material of pawn, knight, bishop, rook, queen.
pub(crate) const MATERIAL: usize = 0;
/// Piece-square tables: 64 squares (a1 = 0, from White's side) for each role, pawn first.
pub(crate) const PST: usize = MATERIAL + 5;
/// Mobility of knight, bishop, rook, queen: one term per count of squares.
pub(crate) const MOBILITY: usize = PST + 6 * 64;
/// How many counts each mobile role can have.
pub(crate) const MOBILITY_COUNTS: [usize; 4] = [9, 14, 15, 28];
const MOBILITY_START: [usize; 4] = [0, 9, 23, 38];
/// Passed pawns by how many ranks they stand from their own back rank (1–6 used).
pub(crate) const PASSED: usize = MOBILITY + 66;
pub(crate) const DOUBLED: usize = PASSED + 8;
pub(crate) const ISOLATED: usize = DOUBLED + 1;
pub(crate) const ROOK_OPEN: usize = ISOLATED + 1;
pub(crate) const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
pub(crate) const BISHOP_PAIR: usize = ROOK_HALF_OPEN + 1;
pub(crate) const SHIELD: usize = BISHOP_PAIR + 1;
pub(crate) const SHIELD_PUSHABLE: usize = SHIELD + 1;
pub(crate) const OPEN_FILE_NEAR_KING: usize = SHIELD_PUSHABLE + 1;
/// Attacks on the squares around the enemy king by knights, bishops, rooks, queens.
pub(crate) const KING_ZONE: usize = OPEN_FILE_NEAR_KING + 1;
pub(crate) const TEMPO: usize = KING_ZONE + 4;
pub(crate) const PENDING_PROMOTION: usize = TEMPO + 1;
/// Enemy pawns one push from promotion: with two safe pushes or more, and with fewer.
pub(crate) const PUSH_TO_PROMOTION: usize = PENDING_PROMOTION + 1;
/// The same pawns whose queen would check the pusher's king: calm, forced.
pub(crate) const CHECKING_PROMOTION: usize = PUSH_TO_PROMOTION + 2;
pub(crate) const NO_SAFE_PUSH: usize = CHECKING_PROMOTION + 2;
pub(crate) const ONE_SAFE_PUSH: usize = NO_SAFE_PUSH + 1;
/// Enemy knights, bishops, rooks and queens a pawn attacks.
pub(crate) const THREAT_BY_PAWN: usize = ONE_SAFE_PUSH + 1;
/// Enemy knights and bishops a knight or bishop attacks.
pub(crate) const THREAT_MINOR_BY_MINOR: usize = THREAT_BY_PAWN + 1;
/// Enemy rooks a knight or bishop attacks.
pub(crate) const THREAT_ROOK_BY_MINOR: usize = THREAT_MINOR_BY_MINOR + 1;
/// Enemy queens a knight, bishop or rook attacks.
pub(crate) const THREAT_QUEEN_BY_PIECE: usize = THREAT_ROOK_BY_MINOR + 1;
/// Enemy knights, bishops, rooks and queens attacked and not defended.
pub(crate) const HANGING: usize = THREAT_QUEEN_BY_PIECE + 1;
/// Passed pawns whose square ahead is empty and unattacked, by how many ranks they stand
/// from their own back rank.
pub(crate) const PASSED_FREE: usize = HANGING + 1;
/// Passed pawns: the enemy king's distance to the square ahead less the own king's, one term
/// per rank as above.
pub(crate) const PASSED_KING_RACE: usize = PASSED_FREE + 8;
/// Knights on an outpost: ranks 4–6, guarded by a pawn, out of the enemy pawns' reach.
pub(crate) const OUTPOST: usize = PASSED_KING_RACE + 8;
/// Enemy pawns attacked by a piece and not defended.
pub(crate) const WEAK_PAWN_ATTACKED: usize = OUTPOST + 1;
/// The danger to the enemy king (chess only), one term per step of [`danger_step`]: the
/// weighted count of attacks on the squares around it when two pieces or more take part.
pub(crate) const KING_DANGER: usize = WEAK_PAWN_ATTACKED + 1;
/// How many steps of king danger there are; the last holds every greater danger.
const KING_DANGER_STEPS: usize = 16;
/// The king danger of one attack on a square around the king by a knight, bishop, rook,
/// queen.
const DANGER_PER_ATTACK: [i32; 4] = [2, 2, 3, 5];
/// The king danger of a safe check by a knight, bishop, rook, queen.
const DANGER_PER_SAFE_CHECK: [i32; 4] = [6, 5, 8, 6];
/// A knight, bishop, rook or queen that can check the enemy king from a square no enemy
/// piece, pawn or king attacks (chess): one term per kind.
pub(crate) const SAFE_CHECK: usize = KING_DANGER + KING_DANGER_STEPS;
/// Squares around the enemy king that a piece attacks and no enemy pawn, knight, bishop or
/// rook defends (chess).
pub(crate) const KING_ZONE_WEAK: usize = SAFE_CHECK + 4;
/// The king's shelter on its file and the files beside it (chess): each file's nearest own
/// pawn ahead of the king by how many ranks it stands from its own back rank, 0 for none.
pub(crate) const SHELTER: usize = KING_ZONE_WEAK + 1;
/// The storm on the same files: each file's nearest enemy pawn ahead of the king, by its
/// rank counted from the king's side (0 for none), when no own pawn blocks it.
pub(crate) const STORM: usize = SHELTER + 8;
/// A storming pawn that an own pawn blocks, one square in front of it.
pub(crate) const STORM_BLOCKED: usize = STORM + 8;
/// Pawns beside an own pawn on the same rank or guarded by one, by rank from home (chess).
pub(crate) const CONNECTED: usize = STORM_BLOCKED + 1;
/// Pawns that no own pawn beside them can ever guard and whose square ahead an enemy pawn
/// guards (chess).
pub(crate) const BACKWARD: usize = CONNECTED + 8;
/// Own pawns on the squares of a bishop's colour, for each bishop (chess).
pub(crate) const BISHOP_PAWNS: usize = BACKWARD + 1;
/// Knights and bishops with a pawn right in front of them (chess).
pub(crate) const MINOR_BEHIND_PAWN: usize = BISHOP_PAWNS + 1;
/// Enemy knights, bishops, rooks and queens that a pawn would attack after a push to a
/// square it could hold (chess).
pub(crate) const THREAT_PAWN_PUSH: usize = MINOR_BEHIND_PAWN + 1;
/// Squares of the four centre files on ranks 2–4 from home that no enemy pawn attacks and no
/// own pawn stands on (chess).
pub(crate) const SPACE: usize = THREAT_PAWN_PUSH + 1;
/// The knights' and bishops' distances to their own king, added up (chess).
pub(crate) const KING_PROTECTOR: usize = SPACE + 1;
/// The king's distance to its nearest own pawn (chess).
pub(crate) const KING_PAWN_DISTANCE: usize = KING_PROTECTOR + 1;
/// Enemy knights and bishops a rook attacks and no enemy pawn guards (chess).
pub(crate) const THREAT_MINOR_BY_ROOK: usize = KING_PAWN_DISTANCE + 1;
/// Enemy pawns and pieces the king attacks and nothing defends (chess).
pub(crate) const THREAT_BY_KING: usize = THREAT_MINOR_BY_ROOK + 1;
/// Rooks on a file with a queen of either side (chess).
pub(crate) const ROOK_QUEEN_FILE: usize = THREAT_BY_KING + 1;
/// Own pawns and pieces pinned to their king by an enemy bishop, rook or queen (chess).
pub(crate) const PINNED: usize = ROOK_QUEEN_FILE + 1;
/// Bishops that see two centre squares through everything but pawns (chess).
pub(crate) const BISHOP_LONG_DIAGONAL: usize = PINNED + 1;
/// Bishops on an outpost, as knights on one (chess).
pub(crate) const BISHOP_OUTPOST: usize = BISHOP_LONG_DIAGONAL + 1;
/// Squares both sides' pieces attack and no enemy pawn guards: the enemy pieces' moves
/// restricted (chess).
pub(crate) const RESTRICTED: usize = BISHOP_OUTPOST + 1;
/// Squares the own pieces attack on the enemy king's flank (files a–d for a king on a–c,
/// c–f on d–e, e–h on f–h), in its camp (its five ranks nearest home) (chess).
pub(crate) const KING_FLANK_ATTACK: usize = RESTRICTED + 1;
/// Rooks on the back rank with at most three squares to go to, shut in by their own king
/// standing nearer the centre (chess).
pub(crate) const TRAPPED_ROOK: usize = KING_FLANK_ATTACK + 1;
/// How many terms there are.
pub const COUNT: usize = TRAPPED_ROOK + 1;

/// The light squares (b1, d1, …, a2, …).
const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);

/// d4, e4, d5 and e5.
const CENTRE: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// The full phase: every knight, bishop, rook and queen on the board.
pub(crate) const FULL_PHASE: i32 = 24;

/// Receives the counts of a position's terms.
pub(super) trait Sink {
    /// `count` more of `term` (White's minus Black's).
    fn add(&mut self, term: usize, count: i32);
}

/// The counts of a position's terms, for the tuner: `(term, count)` pairs, no term twice,
/// no zero count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    /// The counts.
    pub counts: Vec<(u16, i16)>,
    /// The phase, 0 (kings and pawns) to 24 (every piece on).
    pub phase: u8,
}

impl Sink for Vec<(u16, i16)> {
    fn add(&mut self, term: usize, count: i32) {
        if count != 0 {
            self.push((term as u16, count as i16));
        }
    }
}

/// The counts of `pos`'s terms.
pub fn trace(pos: &Position) -> Trace {
    let mut raw: Vec<(u16, i16)> = Vec::with_capacity(64);
    terms(pos, &mut raw);
    raw.sort_unstable_by_key(|(term, _)| *term);
    let mut counts: Vec<(u16, i16)> = Vec::with_capacity(raw.len());
    for (term, count) in raw {
        match counts.last_mut() {
            Some((last, sum)) if *last == term => *sum += count,
            _ => counts.push((term, count)),
        }
    }
    counts.retain(|(_, count)| *count != 0);
    Trace {
        counts,
        phase: phase(pos) as u8,
    }
}

/// The game phase: 24 with all pieces on, 0 with only kings and pawns.
pub(super) fn phase(pos: &Position) -> i32 {
    let weight = |role, w: i32| pos.role_bb(role).count() as i32 * w;
    (weight(Role::Knight, 1)
        + weight(Role::Bishop, 1)
        + weight(Role::Rook, 2)
        + weight(Role::Queen, 4))
    .min(FULL_PHASE)
}

/// The square `sq` as White sees it: Black's pieces are mirrored rank for rank.
fn relative(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.index(),
        Color::Black => sq.index() ^ 56,
    }
}

/// How many ranks `sq` lies from `color`'s back rank.
fn rank_from_home(color: Color, sq: Square) -> usize {
    usize::from(match color {
        Color::White => sq.rank(),
        Color::Black => 7 - sq.rank(),
    })
}

/// The a-file.
const FILE_A: u64 = Bitboard::file(0).0;

/// The files beside each file, by file: looked up, since the evaluation asks for them for
/// every pawn.
const NEIGHBOUR_FILES: [u64; 8] = {
    let mut files = [0; 8];
    let mut file = 0;
    while file < 8 {
        if file > 0 {
            files[file] |= FILE_A << (file - 1);
        }
        if file < 7 {
            files[file] |= FILE_A << (file + 1);
        }
        file += 1;
    }
    files
};

/// [`front_span`] by colour and square, looked up for the same reason.
const FRONT_SPANS: [[u64; 64]; 2] = {
    let mut spans = [[0; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        let files = (FILE_A << file) | NEIGHBOUR_FILES[file];
        // The ranks beyond `sq`'s, towards each colour's promotion.
        let north = if rank == 7 {
            0
        } else {
            !0u64 << (8 * (rank + 1))
        };
        let south = (1u64 << (8 * rank)) - 1;
        spans[0][sq] = files & north;
        spans[1][sq] = files & south;
        sq += 1;
    }
    spans
};

/// The files beside `file` (one or two of them).
fn neighbour_files(file: u8) -> Bitboard {
    Bitboard(NEIGHBOUR_FILES[usize::from(file & 7)])
}

/// The squares ahead of `sq` for `color`, on its file and the files beside it.
fn front_span(color: Color, sq: Square) -> Bitboard {
    Bitboard(FRONT_SPANS[color.index()][sq.index()])
}

/// True when no pawn of `their_pawns` stands ahead of `color`'s pawn on `sq`, on its file or
/// the files beside it.
fn is_passed(color: Color, sq: Square, their_pawns: Bitboard) -> bool {
    (front_span(color, sq) & their_pawns).is_empty()
}

/// The squares `color`'s pawns attack.
fn pawn_attacks(pos: &Position, color: Color) -> Bitboard {
    attacks::pawns(color, pos.pieces(color, Role::Pawn))
}

/// Feeds every term's count of `pos` to `sink`.
pub(super) fn terms(pos: &Position, sink: &mut impl Sink) {
    if splits_pawns_and_kings(pos) {
        pawns_and_kings(pos, sink);
    }
    other_terms(pos, sink);
}

/// True when [`pawns_and_kings`] counts `pos`'s terms that depend on its pawns and kings
/// alone, and [`other_terms`] leaves them out (chess; in Avalanche the opponent's pushes make
/// a pawn's worth depend on every piece).
pub(super) fn splits_pawns_and_kings(pos: &Position) -> bool {
    !pos.variant().rules().push
}

/// The terms of a chess position that depend on its pawns and kings alone: pawns' material,
/// pawns' and kings' squares, the pawn structure, the kings' shelter and the storms against
/// them, space, and the kings' distance to their pawns. A search meets few pawn structures
/// and each at thousands of nodes, so it keeps these by pawns and kings
/// ([`super::PawnCache`]).
pub(super) fn pawns_and_kings(pos: &Position, sink: &mut impl Sink) {
    let guarded = [
        pawn_attacks(pos, Color::White),
        pawn_attacks(pos, Color::Black),
    ];
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        for sq in pos.pieces(color, Role::Pawn) {
            sink.add(MATERIAL + Role::Pawn.index(), sign);
            sink.add(PST + Role::Pawn.index() * 64 + relative(color, sq), sign);
        }
        if let Some(king) = pos.king_square(color) {
            sink.add(PST + Role::King.index() * 64 + relative(color, king), sign);
        }
        pawn_structure(pos, color, None, sink);
        king_shelter(pos, color, false, sink);
        pawn_shape(pos, color, &guarded, sink);
    }
}

/// Every term [`pawns_and_kings`] leaves out; in Avalanche, every term.
pub(super) fn other_terms(pos: &Position, sink: &mut impl Sink) {
    let avalanche = pos.variant().rules().push;
    let split = splits_pawns_and_kings(pos);
    let pending = pos.pending_promotion();
    let occupied = pos.occupied();
    let guarded = [
        pawn_attacks(pos, Color::White),
        pawn_attacks(pos, Color::Black),
    ];
    // The squares each side's pieces attack: all of them, and each kind's (knights, bishops,
    // rooks, queens).
    let mut attacked = [Bitboard::EMPTY; 2];
    let mut by_kind = [[Bitboard::EMPTY; 4]; 2];
    // The attacks on the enemy king's squares, weighted by the attacker's kind, and how many
    // pieces make them.
    let mut danger = [(0, 0); 2];
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let them = color.opposite();
        let own = pos.color_bb(color);
        let own_pawns = pos.pieces(color, Role::Pawn);
        let their_pawns = pos.pieces(them, Role::Pawn);
        let their_zone = king_zone(pos, them);
        let (weighted, attackers) = &mut danger[color.index()];
        for role in Role::ALL {
            if split && matches!(role, Role::Pawn | Role::King) {
                continue;
            }
            for sq in pos.pieces(color, role) {
                if role == Role::Pawn && pending == Some(sq) {
                    sink.add(PENDING_PROMOTION, sign);
                    continue;
                }
                if let Some(material) = role_material(role) {
                    sink.add(MATERIAL + material, sign);
                }
                sink.add(PST + role.index() * 64 + relative(color, sq), sign);
                let reach = match role {
                    Role::Knight => attacks::knight(sq),
                    Role::Bishop => attacks::bishop(sq, occupied),
                    Role::Rook => attacks::rook(sq, occupied),
                    Role::Queen => attacks::queen(sq, occupied),
                    Role::Pawn | Role::King => continue,
                };
                let mobile = role.index() - 1;
                attacked[color.index()] |= reach;
                by_kind[color.index()][mobile] |= reach;
                let squares = (reach & !own & !guarded[them.index()]).count() as usize;
                let count = squares.min(MOBILITY_COUNTS[mobile] - 1);
                sink.add(MOBILITY + MOBILITY_START[mobile] + count, sign);
                let zone_attacks = (reach & their_zone).count() as i32;
                sink.add(KING_ZONE + mobile, sign * zone_attacks);
                if zone_attacks > 0 {
                    *attackers += 1;
                    *weighted += zone_attacks * DANGER_PER_ATTACK[mobile];
                }
                if role == Role::Rook {
                    let file = Bitboard::file(sq.file());
                    if (file & own_pawns).is_empty() {
                        let open = (file & their_pawns).is_empty();
                        sink.add(if open { ROOK_OPEN } else { ROOK_HALF_OPEN }, sign);
                    }
                }
            }
        }
        if pos.pieces(color, Role::Bishop).count() >= 2 {
            sink.add(BISHOP_PAIR, sign);
        }
        if !split {
            pawn_structure(pos, color, pending, sink);
            king_shelter(pos, color, avalanche, sink);
        }
        if avalanche {
            push_danger(pos, color, sink);
        }
        if let Some(king) = pos.king_square(color) {
            attacked[color.index()] |= attacks::king(king);
        }
    }
    if !avalanche {
        let board = Board {
            pos,
            guarded,
            attacked,
            by_kind,
        };
        for color in Color::ALL {
            board.chess_terms(color, danger[color.index()], sink);
        }
    }
    let to_move = if pos.side_to_move() == Color::White {
        1
    } else {
        -1
    };
    sink.add(TEMPO, to_move);
}

/// The king of `color` and the squares around it.
fn king_zone(pos: &Position, color: Color) -> Bitboard {
    pos.king_square(color)
        .map_or(Bitboard::EMPTY, |k| attacks::king(k).with(k))
}

/// A chess position with the squares each side attacks, for the terms counted in standard
/// chess and Chess960 only (the Avalanche weights were never fitted with them).
struct Board<'a> {
    pos: &'a Position,
    /// The squares each side's pawns attack.
    guarded: [Bitboard; 2],
    /// The squares each side's pieces (king included) attack.
    attacked: [Bitboard; 2],
    /// The squares each side's knights, bishops, rooks, queens attack.
    by_kind: [[Bitboard; 4]; 2],
}

impl Board<'_> {
    /// `color`'s chess terms; `danger` is its weighted attacks on the enemy king's squares
    /// and how many pieces make them.
    fn chess_terms(&self, color: Color, danger: (i32, i32), sink: &mut impl Sink) {
        let pos = self.pos;
        let sign = if color == Color::White { 1 } else { -1 };
        let them = color.opposite();
        let (us, they) = (color.index(), them.index());
        let minors = pos.pieces(them, Role::Knight) | pos.pieces(them, Role::Bishop);
        let rooks = pos.pieces(them, Role::Rook);
        let queens = pos.pieces(them, Role::Queen);
        let pieces = minors | rooks | queens;
        let count = |b: Bitboard| sign * b.count() as i32;
        let by_minor = self.by_kind[us][0] | self.by_kind[us][1];
        sink.add(THREAT_BY_PAWN, count(self.guarded[us] & pieces));
        sink.add(THREAT_MINOR_BY_MINOR, count(by_minor & minors));
        sink.add(THREAT_ROOK_BY_MINOR, count(by_minor & rooks));
        sink.add(
            THREAT_QUEEN_BY_PIECE,
            count((by_minor | self.by_kind[us][2]) & queens),
        );
        let defended = self.attacked[they] | self.guarded[they];
        let covered = self.attacked[us] | self.guarded[us];
        sink.add(HANGING, count(covered & pieces & !defended));
        sink.add(
            WEAK_PAWN_ATTACKED,
            count(self.attacked[us] & pos.pieces(them, Role::Pawn) & !defended),
        );
        passers_and_outposts(pos, color, &self.guarded, defended, sink);
        // A pawn's push to a square the enemy pawns do not attack and that it would hold.
        let forward = |b: Bitboard| match color {
            Color::White => b.north(),
            Color::Black => b.south(),
        };
        let pushed = forward(pos.pieces(color, Role::Pawn)) & !pos.occupied();
        let holdable = pushed & !self.guarded[they] & (covered | !defended);
        let push_threats = attacks::pawns(color, holdable);
        sink.add(THREAT_PAWN_PUSH, count(push_threats & pieces));
        let (mut weighted, attackers) = danger;
        if let Some(king) = pos.king_square(them) {
            let occupied = pos.occupied();
            let safe = !defended & !pos.color_bb(color);
            let diagonal = attacks::bishop(king, occupied);
            let straight = attacks::rook(king, occupied);
            let checks = [
                attacks::knight(king),
                diagonal,
                straight,
                diagonal | straight,
            ];
            for (kind, squares) in checks.into_iter().enumerate() {
                if (self.by_kind[us][kind] & squares & safe).is_nonempty() {
                    sink.add(SAFE_CHECK + kind, sign);
                    weighted += DANGER_PER_SAFE_CHECK[kind];
                }
            }
            let their_guards = self.guarded[they]
                | self.by_kind[they][0]
                | self.by_kind[they][1]
                | self.by_kind[they][2];
            sink.add(
                KING_ZONE_WEAK,
                count(king_zone(pos, them) & self.attacked[us] & !their_guards),
            );
        }
        if attackers >= 2 {
            sink.add(KING_DANGER + danger_step(weighted), sign);
        }
        self.minor_pieces(color, sink);
        self.more_threats(color, minors, defended, sink);
    }

    /// `color`'s threats by rooks and the king, rooks on a queen's file, pieces pinned to
    /// its king, the enemy moves it restricts, its attacks on the enemy king's flank, and
    /// rooks its own king shuts in (chess); `minors` is the enemy knights and bishops,
    /// `defended` every square the enemy attacks.
    fn more_threats(
        &self,
        color: Color,
        minors: Bitboard,
        defended: Bitboard,
        sink: &mut impl Sink,
    ) {
        let pos = self.pos;
        let sign = if color == Color::White { 1 } else { -1 };
        let them = color.opposite();
        let (us, they) = (color.index(), them.index());
        let count = |b: Bitboard| sign * b.count() as i32;
        let occupied = pos.occupied();
        let own = pos.color_bb(color);
        let theirs = pos.color_bb(them);
        sink.add(
            THREAT_MINOR_BY_ROOK,
            count(self.by_kind[us][2] & minors & !self.guarded[they]),
        );
        let their_king = pos.king_square(them);
        let own_king = pos.king_square(color);
        if let Some(king) = own_king {
            let prey = theirs & !defended & !pos.pieces(them, Role::King);
            sink.add(THREAT_BY_KING, count(attacks::king(king) & prey));
            let diagonal = pos.pieces(them, Role::Bishop) | pos.pieces(them, Role::Queen);
            let straight = pos.pieces(them, Role::Rook) | pos.pieces(them, Role::Queen);
            let snipers = (attacks::bishop(king, Bitboard::EMPTY) & diagonal)
                | (attacks::rook(king, Bitboard::EMPTY) & straight);
            let pinned = snipers
                .map(|sniper| attacks::between(king, sniper) & occupied)
                .filter(|blockers| blockers.count() == 1 && (*blockers & own).is_nonempty())
                .count();
            sink.add(PINNED, sign * pinned as i32);
        }
        let queens = pos.role_bb(Role::Queen);
        for rook in pos.pieces(color, Role::Rook) {
            if (Bitboard::file(rook.file()) & queens).is_nonempty() {
                sink.add(ROOK_QUEEN_FILE, sign);
            }
            let shut_in = own_king.is_some_and(|king| {
                rank_from_home(color, rook) == 0
                    && rank_from_home(color, king) == 0
                    && (king.file() < 4) == (rook.file() < king.file())
            });
            if shut_in && (attacks::rook(rook, occupied) & !own).count() <= 3 {
                sink.add(TRAPPED_ROOK, sign);
            }
        }
        let pawns = pos.role_bb(Role::Pawn);
        for bishop in pos.pieces(color, Role::Bishop) {
            if (attacks::bishop(bishop, pawns) & CENTRE).count() >= 2 {
                sink.add(BISHOP_LONG_DIAGONAL, sign);
            }
            if is_outpost(
                color,
                bishop,
                self.guarded[us],
                pos.pieces(them, Role::Pawn),
            ) {
                sink.add(BISHOP_OUTPOST, sign);
            }
        }
        sink.add(
            RESTRICTED,
            count(self.attacked[us] & self.attacked[they] & !self.guarded[they]),
        );
        if let Some(king) = their_king {
            let camp = match them {
                Color::White => Bitboard(0x0000_00FF_FFFF_FFFF),
                Color::Black => Bitboard(0xFFFF_FFFF_FF00_0000),
            };
            let flank = match king.file() {
                0..=2 => Bitboard(0x0F0F_0F0F_0F0F_0F0F),
                3..=4 => Bitboard(0x3C3C_3C3C_3C3C_3C3C),
                _ => Bitboard(0xF0F0_F0F0_F0F0_F0F0),
            };
            sink.add(KING_FLANK_ATTACK, count(self.attacked[us] & camp & flank));
        }
    }

    /// `color`'s bishops' own pawns on their colour, knights and bishops behind pawns, and
    /// their distance to their king (chess).
    fn minor_pieces(&self, color: Color, sink: &mut impl Sink) {
        let pos = self.pos;
        let sign = if color == Color::White { 1 } else { -1 };
        let own_pawns = pos.pieces(color, Role::Pawn);
        let forward: i8 = if color == Color::White { 1 } else { -1 };
        let king = pos.king_square(color);
        for bishop in pos.pieces(color, Role::Bishop) {
            let colour = if LIGHT_SQUARES.contains(bishop) {
                LIGHT_SQUARES
            } else {
                !LIGHT_SQUARES
            };
            sink.add(BISHOP_PAWNS, sign * (own_pawns & colour).count() as i32);
        }
        let pawns = pos.role_bb(Role::Pawn);
        let minors = pos.pieces(color, Role::Knight) | pos.pieces(color, Role::Bishop);
        for minor in minors {
            if minor
                .offset(0, forward)
                .is_some_and(|ahead| pawns.contains(ahead))
            {
                sink.add(MINOR_BEHIND_PAWN, sign);
            }
            if let Some(king) = king {
                sink.add(KING_PROTECTOR, sign * distance(minor, king));
            }
        }
    }
}

/// The step of king danger of `danger` weighted attacks: three a step, the last step
/// holding the rest. Its weights grow faster than the attacks, which the linear zone terms
/// cannot: one attacker is seldom a threat, three together often decide the game.
fn danger_step(danger: i32) -> usize {
    (danger / 3).clamp(0, KING_DANGER_STEPS as i32 - 1) as usize
}

/// The king's distance (in king moves) between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let d = |x: u8, y: u8| i32::from(x.abs_diff(y));
    d(a.file(), b.file()).max(d(a.rank(), b.rank()))
}

/// `color`'s passed pawns free to advance and its kings' race to them, and its knights on
/// outposts (chess); `their_cover` is every square the opponent attacks.
fn passers_and_outposts(
    pos: &Position,
    color: Color,
    guarded: &[Bitboard; 2],
    their_cover: Bitboard,
    sink: &mut impl Sink,
) {
    let sign = if color == Color::White { 1 } else { -1 };
    let them = color.opposite();
    let forward: i8 = if color == Color::White { 1 } else { -1 };
    let their_pawns = pos.pieces(them, Role::Pawn);
    let kings = (pos.king_square(color), pos.king_square(them));
    for sq in pos.pieces(color, Role::Pawn) {
        let Some(stop) = sq.offset(0, forward) else {
            continue;
        };
        if !is_passed(color, sq, their_pawns) {
            continue;
        }
        let rank = rank_from_home(color, sq);
        if !pos.occupied().contains(stop) && !their_cover.contains(stop) {
            sink.add(PASSED_FREE + rank, sign);
        }
        if let (Some(own), Some(theirs)) = kings {
            let race = distance(theirs, stop) - distance(own, stop);
            sink.add(PASSED_KING_RACE + rank, sign * race);
        }
    }
    for sq in pos.pieces(color, Role::Knight) {
        if is_outpost(color, sq, guarded[color.index()], their_pawns) {
            sink.add(OUTPOST, sign);
        }
    }
}

/// True when `color`'s piece on `sq` stands on an outpost: 4–6 ranks from home, guarded by
/// an own pawn (`own_guard`), and no enemy pawn can ever attack it.
fn is_outpost(color: Color, sq: Square, own_guard: Bitboard, their_pawns: Bitboard) -> bool {
    let reachable = front_span(color, sq) & !Bitboard::file(sq.file()) & their_pawns;
    (3..=5).contains(&rank_from_home(color, sq)) && own_guard.contains(sq) && reachable.is_empty()
}

/// `color`'s shelter and the storm against it, connected and backward pawns, space, and its
/// king's distance to its pawns (chess); `guarded` is the squares each side's pawns attack.
fn pawn_shape(pos: &Position, color: Color, guarded: &[Bitboard; 2], sink: &mut impl Sink) {
    let sign = if color == Color::White { 1 } else { -1 };
    let them = color.opposite();
    let own_pawns = pos.pieces(color, Role::Pawn);
    let their_pawns = pos.pieces(them, Role::Pawn);
    let forward: i8 = if color == Color::White { 1 } else { -1 };
    let king = pos.king_square(color);
    if let Some(king) = king {
        let home = rank_from_home(color, king);
        let centre = king.file().clamp(1, 6);
        for file in centre - 1..=centre + 1 {
            let on_file = Bitboard::file(file);
            let nearest = |pawns: Bitboard, owner: Color| {
                (pawns & on_file)
                    .map(|sq| rank_from_home(color, sq))
                    .filter(|&rank| rank >= home && (owner == color || rank > home))
                    .min()
            };
            let own = nearest(own_pawns, color);
            let theirs = nearest(their_pawns, them);
            sink.add(SHELTER + own.unwrap_or(0), sign);
            match (own, theirs) {
                (Some(o), Some(t)) if t == o + 1 => sink.add(STORM_BLOCKED, sign),
                (_, Some(t)) => sink.add(STORM + t, sign),
                (_, None) => sink.add(STORM, sign),
            }
        }
    }
    for sq in own_pawns {
        let rank = rank_from_home(color, sq);
        let beside = neighbour_files(sq.file());
        let phalanx = (beside & Bitboard::rank(sq.rank()) & own_pawns).is_nonempty();
        if phalanx || guarded[color.index()].contains(sq) {
            sink.add(CONNECTED + rank, sign);
        }
        let supporters = (beside & own_pawns).any(|p| rank_from_home(color, p) <= rank);
        let stop_guarded = sq
            .offset(0, forward)
            .is_some_and(|stop| guarded[them.index()].contains(stop));
        if !supporters && stop_guarded {
            sink.add(BACKWARD, sign);
        }
    }
    let space_ranks = match color {
        Color::White => Bitboard::rank(1) | Bitboard::rank(2) | Bitboard::rank(3),
        Color::Black => Bitboard::rank(4) | Bitboard::rank(5) | Bitboard::rank(6),
    };
    let centre_files =
        Bitboard::file(2) | Bitboard::file(3) | Bitboard::file(4) | Bitboard::file(5);
    let space = centre_files & space_ranks & !guarded[them.index()] & !own_pawns;
    sink.add(SPACE, sign * space.count() as i32);
    if let Some(king) = king {
        let nearest = own_pawns.map(|p| distance(king, p)).min();
        sink.add(KING_PAWN_DISTANCE, sign * nearest.unwrap_or(0));
    }
}

/// The material term of `role`; a king has none.
fn role_material(role: Role) -> Option<usize> {
    (role != Role::King).then(|| role.index())
}

/// Passed, doubled and isolated pawns of `color` (a pawn waiting for its promotion choice
/// is no longer a pawn).
fn pawn_structure(pos: &Position, color: Color, pending: Option<Square>, sink: &mut impl Sink) {
    let sign = if color == Color::White { 1 } else { -1 };
    let own_pawns = pos.pieces(color, Role::Pawn);
    let their_pawns = pos.pieces(color.opposite(), Role::Pawn);
    for sq in own_pawns {
        if pending == Some(sq) {
            continue;
        }
        if is_passed(color, sq, their_pawns) {
            sink.add(PASSED + rank_from_home(color, sq), sign);
        }
        if (neighbour_files(sq.file()) & own_pawns).is_empty() {
            sink.add(ISOLATED, sign);
        }
    }
    for file in 0..8 {
        let on_file = (Bitboard::file(file) & own_pawns).count() as i32;
        if on_file > 1 {
            sink.add(DOUBLED, sign * (on_file - 1));
        }
    }
}

/// Shield pawns in front of `color`'s king, and open files beside it. In Avalanche a
/// shield pawn the opponent can still push forward is a term of its own.
fn king_shelter(pos: &Position, color: Color, avalanche: bool, sink: &mut impl Sink) {
    let Some(king) = pos.king_square(color) else {
        return;
    };
    let sign = if color == Color::White { 1 } else { -1 };
    let own_pawns = pos.pieces(color, Role::Pawn);
    let occupied = pos.occupied();
    let forward: i8 = if color == Color::White { 1 } else { -1 };
    for df in -1i8..=1 {
        let Some(file_sq) = king.offset(df, 0) else {
            continue;
        };
        if (Bitboard::file(file_sq.file()) & own_pawns).is_empty() {
            sink.add(OPEN_FILE_NEAR_KING, sign);
        }
        for dr in 1i8..=2 {
            let Some(sq) = king.offset(df, dr * forward) else {
                continue;
            };
            if own_pawns.contains(sq) {
                let pushable = sq
                    .offset(0, forward)
                    .is_some_and(|ahead| !occupied.contains(ahead));
                let term = if avalanche && pushable {
                    SHIELD_PUSHABLE
                } else {
                    SHIELD
                };
                sink.add(term, sign);
            }
        }
    }
}

/// The pushes `color` will have to make: enemy pawns it could push only onto its own back
/// rank (worse when the new queen would check its king), and too few pushes that are safe
/// (neither promoting nor attacking its own king).
fn push_danger(pos: &Position, color: Color, sink: &mut impl Sink) {
    let sign = if color == Color::White { 1 } else { -1 };
    let them = color.opposite();
    let occupied = pos.occupied();
    let king = pos.king_square(color);
    let forward: i8 = if them == Color::White { 1 } else { -1 };
    let mut safe = 0;
    let mut pushable = 0;
    let mut promoting = 0;
    let mut checking = 0;
    for pawn in pos.pieces(them, Role::Pawn) {
        let Some(to) = pawn.offset(0, forward) else {
            continue;
        };
        if occupied.contains(to) {
            continue;
        }
        pushable += 1;
        let attacks_king = king.is_some_and(|k| {
            k.rank() as i8 == to.rank() as i8 + forward && k.file().abs_diff(to.file()) == 1
        });
        if to.rank() == color.back_rank() {
            promoting += 1;
            if king.is_some_and(|k| promotion_would_check(pos, to, k)) {
                checking += 1;
            }
        } else if !attacks_king {
            safe += 1;
        }
    }
    let forced = usize::from(safe < 2);
    sink.add(PUSH_TO_PROMOTION + forced, sign * promoting);
    sink.add(CHECKING_PROMOTION + forced, sign * checking);
    if pushable > 0 {
        match safe {
            0 => sink.add(NO_SAFE_PUSH, sign),
            1 => sink.add(ONE_SAFE_PUSH, sign),
            _ => {}
        }
    }
}

/// True when a queen or a knight on `sq` would attack the king on `king`.
fn promotion_would_check(pos: &Position, sq: Square, king: Square) -> bool {
    let occupied = pos.occupied().without(sq);
    (attacks::queen(sq, occupied) | attacks::knight(sq)).contains(king)
}

/// The name of `term`, as the weights file writes it (`pst.knight.f3`, `mobility.rook.7`).
pub fn name(term: usize) -> String {
    const ROLES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    const SINGLE: [(usize, &str); 39] = [
        (THREAT_MINOR_BY_ROOK, "threat.minor_by_rook"),
        (THREAT_BY_KING, "threat.by_king"),
        (ROOK_QUEEN_FILE, "rook.queen_file"),
        (PINNED, "pinned"),
        (BISHOP_LONG_DIAGONAL, "bishop.long_diagonal"),
        (BISHOP_OUTPOST, "bishop.outpost"),
        (RESTRICTED, "restricted"),
        (KING_FLANK_ATTACK, "king.flank_attacks"),
        (TRAPPED_ROOK, "rook.trapped"),
        (KING_ZONE_WEAK, "king.zone_weak"),
        (STORM_BLOCKED, "king.storm_blocked"),
        (BACKWARD, "pawn.backward"),
        (BISHOP_PAWNS, "bishop.pawns_on_colour"),
        (MINOR_BEHIND_PAWN, "minor.behind_pawn"),
        (THREAT_PAWN_PUSH, "threat.pawn_push"),
        (SPACE, "space"),
        (KING_PROTECTOR, "king.protector_distance"),
        (KING_PAWN_DISTANCE, "king.pawn_distance"),
        (OUTPOST, "knight.outpost"),
        (WEAK_PAWN_ATTACKED, "threat.weak_pawn"),
        (THREAT_BY_PAWN, "threat.by_pawn"),
        (THREAT_MINOR_BY_MINOR, "threat.minor_by_minor"),
        (THREAT_ROOK_BY_MINOR, "threat.rook_by_minor"),
        (THREAT_QUEEN_BY_PIECE, "threat.queen_by_piece"),
        (HANGING, "threat.hanging"),
        (DOUBLED, "pawn.doubled"),
        (ISOLATED, "pawn.isolated"),
        (ROOK_OPEN, "rook.open_file"),
        (ROOK_HALF_OPEN, "rook.half_open_file"),
        (BISHOP_PAIR, "bishop_pair"),
        (SHIELD, "king.shield"),
        (SHIELD_PUSHABLE, "king.shield_pushable"),
        (OPEN_FILE_NEAR_KING, "king.open_file"),
        (TEMPO, "tempo"),
        (PENDING_PROMOTION, "avalanche.pending_promotion"),
        (PUSH_TO_PROMOTION, "avalanche.push_to_promotion.calm"),
        (PUSH_TO_PROMOTION + 1, "avalanche.push_to_promotion.forced"),
        (CHECKING_PROMOTION, "avalanche.checking_promotion.calm"),
        (
            CHECKING_PROMOTION + 1,
            "avalanche.checking_promotion.forced",
        ),
    ];
    if let Some((_, name)) = SINGLE.iter().find(|(t, _)| *t == term) {
        return (*name).to_owned();
    }
    match term {
        t if t < PST => format!("material.{}", ROLES[t - MATERIAL]),
        t if t < MOBILITY => {
            let (role, sq) = ((t - PST) / 64, (t - PST) % 64);
            let square = Square::new((sq % 8) as u8, (sq / 8) as u8).map_or_else(
                || sq.to_string(),
                |s| format!("{}{}", s.file_char(), s.rank_char()),
            );
            format!("pst.{}.{square}", ROLES[role])
        }
        t if t < PASSED => {
            let offset = t - MOBILITY;
            let mobile = MOBILITY_START
                .iter()
                .rposition(|&start| start <= offset)
                .unwrap_or(0);
            format!(
                "mobility.{}.{}",
                ROLES[mobile + 1],
                offset - MOBILITY_START[mobile]
            )
        }
        t if t < DOUBLED => format!("pawn.passed.{}", t - PASSED),
        t if (PASSED_FREE..PASSED_KING_RACE).contains(&t) => {
            format!("pawn.passed_free.{}", t - PASSED_FREE)
        }
        t if (PASSED_KING_RACE..OUTPOST).contains(&t) => {
            format!("pawn.passed_king_race.{}", t - PASSED_KING_RACE)
        }
        t if (KING_DANGER..SAFE_CHECK).contains(&t) => format!("king.danger.{}", t - KING_DANGER),
        t if (SAFE_CHECK..KING_ZONE_WEAK).contains(&t) => {
            format!("king.safe_check.{}", ROLES[t - SAFE_CHECK + 1])
        }
        t if (SHELTER..STORM).contains(&t) => format!("king.shelter.{}", t - SHELTER),
        t if (STORM..STORM_BLOCKED).contains(&t) => format!("king.storm.{}", t - STORM),
        t if (CONNECTED..BACKWARD).contains(&t) => format!("pawn.connected.{}", t - CONNECTED),
        t if (KING_ZONE..TEMPO).contains(&t) => {
            format!("king.zone_attacks.{}", ROLES[t - KING_ZONE + 1])
        }
        NO_SAFE_PUSH => "avalanche.no_safe_push".to_owned(),
        ONE_SAFE_PUSH => "avalanche.one_safe_push".to_owned(),
        t => format!("term.{t}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Variant;

    fn count(pos: &Position, term: usize) -> i16 {
        trace(pos)
            .counts
            .iter()
            .find(|(t, _)| usize::from(*t) == term)
            .map_or(0, |(_, c)| *c)
    }

    #[test]
    fn front_spans_hold_the_squares_ahead_on_three_files() {
        for color in Color::ALL {
            for from in (0..64u8).filter_map(|i| Square::new(i % 8, i / 8)) {
                let expected: Vec<Square> = (0..64u8)
                    .filter_map(|i| Square::new(i % 8, i / 8))
                    .filter(|to| {
                        let ahead = match color {
                            Color::White => to.rank() > from.rank(),
                            Color::Black => to.rank() < from.rank(),
                        };
                        ahead && to.file().abs_diff(from.file()) <= 1
                    })
                    .collect();
                assert_eq!(front_span(color, from).collect::<Vec<_>>(), expected);
                let beside = neighbour_files(from.file());
                assert_eq!(
                    beside.count(),
                    if matches!(from.file(), 0 | 7) { 8 } else { 16 }
                );
                assert!((beside & Bitboard::file(from.file())).is_empty());
            }
        }
    }

    #[test]
    fn pawn_structure_is_counted_as_by_hand() {
        // White: a2 and a3 (doubled, isolated, passed), d5 (isolated, passed). Black: g7 and
        // h7 (passed, each beside the other).
        let pos =
            Position::from_fen(Variant::Standard, "4k3/6pp/8/3P4/8/P7/P7/4K3 w - - 0 1").unwrap();
        assert_eq!(count(&pos, PASSED + 1), 1 - 2);
        assert_eq!(count(&pos, PASSED + 2), 1);
        assert_eq!(count(&pos, PASSED + 4), 1);
        assert_eq!(count(&pos, ISOLATED), 3);
        assert_eq!(count(&pos, DOUBLED), 1);
        assert_eq!(count(&pos, MATERIAL), 1);
        assert_eq!(trace(&pos).phase, 0);
    }

    #[test]
    fn king_danger_is_counted_as_by_hand() {
        // Around Black's king on g8 (f7, f8, g7, g8, h7, h8) the knight on g5 attacks f7
        // and h7 (2 × 2), the queen on h4 h7 and h8 (2 × 5): 14; the queen can check safely
        // from c4 (6 more): 20, the seventh step (3 a step).
        let fen = "6k1/8/8/6N1/7Q/8/8/6K1 w - - 0 1";
        let pos = Position::from_fen(Variant::Standard, fen).unwrap();
        let steps = |pos: &Position| -> Vec<i16> {
            (KING_DANGER..SAFE_CHECK).map(|t| count(pos, t)).collect()
        };
        assert_eq!(
            steps(&pos),
            [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        );
        // The same attack on White's king counts for Black.
        let mirrored = "6k1/8/8/7q/6n1/8/8/6K1 b - - 0 1";
        let pos = Position::from_fen(Variant::Standard, mirrored).unwrap();
        assert_eq!(
            steps(&pos),
            [0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        );
        // The queen alone is no danger yet.
        let alone = "6k1/8/8/8/7Q/8/8/6K1 w - - 0 1";
        let pos = Position::from_fen(Variant::Standard, alone).unwrap();
        assert_eq!(steps(&pos), [0; KING_DANGER_STEPS]);
    }

    #[test]
    fn threats_are_counted_as_by_hand() {
        // The pawn on d4 attacks the knight on c5 and the bishop on e5; the knight on f3
        // attacks that bishop and the queen on g5. The knight and the queen are attacked and
        // undefended (the queen defends the bishop along the fifth rank). Black attacks
        // nothing but the pawn on d4.
        let fen = "4k3/8/8/2n1b1q1/3P4/5N2/8/4K3 w - - 0 1";
        let pos = Position::from_fen(Variant::Standard, fen).unwrap();
        assert_eq!(count(&pos, THREAT_BY_PAWN), 2);
        assert_eq!(count(&pos, THREAT_MINOR_BY_MINOR), 1);
        assert_eq!(count(&pos, THREAT_ROOK_BY_MINOR), 0);
        assert_eq!(count(&pos, THREAT_QUEEN_BY_PIECE), 1);
        assert_eq!(count(&pos, HANGING), 2);
        // Avalanche's weights have no threats: nothing is counted there.
        let pos = Position::from_fen(Variant::Avalanche, fen).unwrap();
        assert_eq!(count(&pos, THREAT_BY_PAWN), 0);
    }

    #[test]
    fn passers_outposts_and_weak_pawns_are_counted_as_by_hand() {
        // White's d5 is free to advance (rank 4 from home), d4 is blocked by it; Black's h7
        // is passed but the rook on h1 covers h6, and attacks h7, which nothing defends.
        // The kings' race: to d5 (d4's square ahead) Black's king is one step further than
        // White's, to d6 one nearer, to h6 as far. The knight on e5 stands on an outpost.
        let fen = "4k3/7p/8/3PN3/3P4/4K3/8/7R w - - 0 1";
        let pos = Position::from_fen(Variant::Standard, fen).unwrap();
        assert_eq!(count(&pos, PASSED_FREE + 4), 1);
        assert_eq!(count(&pos, PASSED_FREE + 1), 0);
        // d5 (rank 4): -1; d4 (rank 3): +1; h7 (Black's rank 1): 0.
        assert_eq!(count(&pos, PASSED_KING_RACE + 4), -1);
        assert_eq!(count(&pos, PASSED_KING_RACE + 3), 1);
        assert_eq!(count(&pos, OUTPOST), 1);
        assert_eq!(count(&pos, WEAK_PAWN_ATTACKED), 1);
    }

    #[test]
    fn mobility_and_open_files_are_counted_as_by_hand() {
        // The knight on b1 reaches a3, c3 and d2, but the pawn on b4 guards a3 and c3: one
        // square. The rook on h1 stands on an open file; the one on e8 on a file with only
        // White's pawn (half open for Black).
        let pos = Position::from_fen(Variant::Standard, "4r1k1/8/8/8/1p6/8/4P3/1N2K2R w - - 0 1")
            .unwrap();
        let knight_one = MOBILITY + MOBILITY_START[0] + 1;
        assert_eq!(count(&pos, knight_one), 1);
        assert_eq!(count(&pos, ROOK_OPEN), 1);
        assert_eq!(count(&pos, ROOK_HALF_OPEN), -1);
    }
    #[test]
    fn shelter_storm_and_pawns_are_counted_as_by_hand() {
        // White's king on g1 has f2 and g2 (rank 1 from home) and h3 (rank 2) before it,
        // and Black's h4 stands blocked in front of h3. Black's king on b8 has no pawn on the
        // a, b or c files, and no storm against it. f2 and g2 stand side by side, g2 guards h3;
        // h4 can never be guarded and g2 guards h3, the square ahead of it: backward.
        let fen = "1k6/8/8/8/7p/7P/5PP1/6K1 w - - 0 1";
        let pos = Position::from_fen(Variant::Standard, fen).unwrap();
        assert_eq!(count(&pos, SHELTER), -3);
        assert_eq!(count(&pos, SHELTER + 1), 2);
        assert_eq!(count(&pos, SHELTER + 2), 1);
        assert_eq!(count(&pos, STORM), 2 - 3);
        assert_eq!(count(&pos, STORM_BLOCKED), 1);
        assert_eq!(count(&pos, CONNECTED + 1), 2);
        assert_eq!(count(&pos, CONNECTED + 2), 1);
        assert_eq!(count(&pos, BACKWARD), -1);
        // g1 is one step from f2, b8 six from h4.
        assert_eq!(count(&pos, KING_PAWN_DISTANCE), 1 - 6);
        // c2–f4 less f2 for White, c5–f7 for Black.
        assert_eq!(count(&pos, SPACE), 11 - 12);
    }

    #[test]
    fn safe_checks_and_weak_squares_are_counted_as_by_hand() {
        // The rook on a1 and the queen on h1 can both check from a8, which Black does not
        // attack; the queen attacks h7, which no black pawn or piece defends. Black's pawn
        // on f7 storms the f file beside White's bare king; Black's king keeps f7, g7, h7.
        let fen = "6k1/5ppp/8/8/8/8/8/R3K2Q w - - 0 1";
        let pos = Position::from_fen(Variant::Standard, fen).unwrap();
        assert_eq!(count(&pos, SAFE_CHECK), 0);
        assert_eq!(count(&pos, SAFE_CHECK + 1), 0);
        assert_eq!(count(&pos, SAFE_CHECK + 2), 1);
        assert_eq!(count(&pos, SAFE_CHECK + 3), 1);
        assert_eq!(count(&pos, KING_ZONE_WEAK), 1);
        assert_eq!(count(&pos, SHELTER), 3);
        assert_eq!(count(&pos, SHELTER + 1), -3);
        assert_eq!(count(&pos, STORM), 2 - 3);
        assert_eq!(count(&pos, STORM + 6), 1);
        assert_eq!(count(&pos, CONNECTED + 1), -3);
        assert_eq!(count(&pos, KING_PAWN_DISTANCE), -1);
        // One queen attacking the king's squares is no danger yet, safe checks or not.
        assert!((KING_DANGER..SAFE_CHECK).all(|t| count(&pos, t) == 0));
    }

    #[test]
    fn minor_pieces_and_pawn_pushes_are_counted_as_by_hand() {
        // d3-d4 would attack the knight on c5 from a square Black does not attack. The
        // knight on d2 stands behind d3, one step from its king; the bishop on c1 two steps,
        // with f2 on its colour; Black's knight three steps from its king, and it can take
        // d3 with check, a square White does not defend.
        let fen = "4k3/8/8/2n5/8/3P4/3N1P2/2B1K3 w - - 0 1";
        let pos = Position::from_fen(Variant::Standard, fen).unwrap();
        assert_eq!(count(&pos, THREAT_PAWN_PUSH), 1);
        assert_eq!(count(&pos, MINOR_BEHIND_PAWN), 1);
        assert_eq!(count(&pos, KING_PROTECTOR), 1 + 2 - 3);
        assert_eq!(count(&pos, BISHOP_PAWNS), 1);
        assert_eq!(count(&pos, SAFE_CHECK), -1);
        assert_eq!(count(&pos, BACKWARD), 0);
        assert_eq!(count(&pos, SPACE), 10 - 12);
        // Avalanche's weights have none of these: nothing is counted there.
        let pos = Position::from_fen(Variant::Avalanche, fen).unwrap();
        assert_eq!(count(&pos, THREAT_PAWN_PUSH), 0);
        assert_eq!(count(&pos, SAFE_CHECK), 0);
    }

    /// `fen` with the colours swapped and the board turned over (no castling, no en passant).
    fn mirrored(fen: &str) -> String {
        let fields: Vec<&str> = fen.split(' ').collect();
        let ranks: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|rank| {
                rank.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        format!("{} {side} - - 0 1", ranks.join("/"))
    }

    #[test]
    fn pins_rooks_kings_bishops_and_flanks_are_counted_as_by_hand() {
        let cases: [(&str, &[(usize, i16)]); 4] = [
            // The bishop on b4 pins the knight on c3 to White's king; the rook on h1 has two
            // squares (f1, g1), shut in by its king on e1. Black's king attacks nothing.
            (
                "4k3/8/8/8/1b6/2N5/6PP/4K2R w - - 0 1",
                &[(PINNED, 1), (TRAPPED_ROOK, 1), (THREAT_BY_KING, 0)],
            ),
            // The rook on d1 shares its file with the queen on d8 and attacks the knight on
            // d5, which no pawn guards; the bishop on b2 sees d4 and e5.
            (
                "3qk3/8/8/3n4/8/8/1B6/3RK3 w - - 0 1",
                &[
                    (ROOK_QUEEN_FILE, 1),
                    (THREAT_MINOR_BY_ROOK, 1),
                    (BISHOP_LONG_DIAGONAL, 1),
                    (BISHOP_OUTPOST, 0),
                ],
            ),
            // The rook on d1 attacks d4–d8 on the king's flank (files c–f) in Black's camp
            // (ranks 4–8). Both kings' sides attack d7 and d8 (Black's king, White's rook);
            // White's pawn on c6 guards d7, so Black restricts White on d8 alone.
            (
                "4k3/8/2P5/8/8/8/8/3RK3 w - - 0 1",
                &[(KING_FLANK_ATTACK, 5), (RESTRICTED, 1)],
            ),
            // White's king attacks the undefended knight on d2; the bishop on d5 stands on an
            // outpost (guarded by the pawn on e4, no black pawn to chase it) and sees one
            // centre square only (e4, its own pawn).
            (
                "4k3/8/8/3B4/4P3/8/3n4/4K3 w - - 0 1",
                &[
                    (THREAT_BY_KING, 1),
                    (BISHOP_OUTPOST, 1),
                    (BISHOP_LONG_DIAGONAL, 0),
                ],
            ),
        ];
        for (fen, expected) in cases {
            let pos = Position::from_fen(Variant::Standard, fen).unwrap();
            for &(term, want) in expected {
                assert_eq!(count(&pos, term), want, "{} in {fen}", name(term));
            }
        }
    }

    #[test]
    fn every_count_changes_sign_when_the_colours_are_swapped() {
        let fens = [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 1",
            "2r3k1/pp3ppp/4p3/3pP3/3P1P2/P1R3P1/1P4KP/8 b - - 0 1",
            "3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 0 1",
            "6k1/1b3pp1/p3p2p/1p1n4/3P4/P1N2BP1/1P3PKP/8 w - - 0 1",
            "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(Variant::Standard, fen).unwrap();
            let turned = Position::from_fen(Variant::Standard, &mirrored(fen)).unwrap();
            let negated: Vec<(u16, i16)> = trace(&pos)
                .counts
                .iter()
                .map(|&(term, count)| (term, -count))
                .collect();
            assert_eq!(trace(&turned).counts, negated, "{fen}");
        }
    }
}
