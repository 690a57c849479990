//! The static evaluation, in centipawns from the side to move's point of view.
//!
//! Each term is here for a reason the variants give:
//! - **Material** decides most games of every variant. A pawn waiting on its last rank for
//!   its promotion choice belongs to the side to move, which turns it into a queen at once,
//!   so it counts as one.
//! - **Piece-square tables** (Michniewski's simplified tables, with a middlegame and an
//!   endgame king table blended by the material left) steer pieces to good squares, the
//!   cheapest positional knowledge there is.
//! - **Pawn advance.** In Avalanche every turn pushes an enemy pawn, so pawns run towards
//!   promotion by themselves: an advanced pawn is worth much more than in orthodox chess,
//!   where the term is a small passed-pawn bonus.
//! - **Push danger.** The pusher must push when it can. Enemy pawns one step from their
//!   promotion are pushes the pusher would rather not make (they hand over a queen, and one
//!   whose promotion square attacks the pusher's king ends the game); so is a push that
//!   makes the pawn attack the pusher's own king (the pusher loses at once). The fewer safe
//!   pushes a side has, the nearer it is to being forced into one of those.
//! - **King safety.** Own pawns in front of the king shelter it; in Avalanche the opponent
//!   pushes those very pawns forward, opening files and diagonals, so a shield pawn that can
//!   still be pushed shelters less, and an open file next to the king costs more.
//! - **Bishop pair** and a small **tempo** bonus, as in most engines.

use rules::{Bitboard, Color, Position, Role, Square};

/// Piece values in centipawns, by [`Role::index`] (pawn, knight, bishop, rook, queen, king).
pub const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// The value of `role` in centipawns (a king counts 0: it is never traded).
pub fn value(role: Role) -> i32 {
    VALUES[role.index()]
}

/// Tables from White's side, written as the board is seen: the first row is rank 8.
#[rustfmt::skip]
const PST: [[i32; 64]; 6] = [
    // pawn
    [  0,  0,  0,  0,  0,  0,  0,  0,
      50, 50, 50, 50, 50, 50, 50, 50,
      10, 10, 20, 30, 30, 20, 10, 10,
       5,  5, 10, 25, 25, 10,  5,  5,
       0,  0,  0, 20, 20,  0,  0,  0,
       5, -5,-10,  0,  0,-10, -5,  5,
       5, 10, 10,-20,-20, 10, 10,  5,
       0,  0,  0,  0,  0,  0,  0,  0],
    // knight
    [-50,-40,-30,-30,-30,-30,-40,-50,
     -40,-20,  0,  0,  0,  0,-20,-40,
     -30,  0, 10, 15, 15, 10,  0,-30,
     -30,  5, 15, 20, 20, 15,  5,-30,
     -30,  0, 15, 20, 20, 15,  0,-30,
     -30,  5, 10, 15, 15, 10,  5,-30,
     -40,-20,  0,  5,  5,  0,-20,-40,
     -50,-40,-30,-30,-30,-30,-40,-50],
    // bishop
    [-20,-10,-10,-10,-10,-10,-10,-20,
     -10,  0,  0,  0,  0,  0,  0,-10,
     -10,  0,  5, 10, 10,  5,  0,-10,
     -10,  5,  5, 10, 10,  5,  5,-10,
     -10,  0, 10, 10, 10, 10,  0,-10,
     -10, 10, 10, 10, 10, 10, 10,-10,
     -10,  5,  0,  0,  0,  0,  5,-10,
     -20,-10,-10,-10,-10,-10,-10,-20],
    // rook
    [  0,  0,  0,  0,  0,  0,  0,  0,
       5, 10, 10, 10, 10, 10, 10,  5,
      -5,  0,  0,  0,  0,  0,  0, -5,
      -5,  0,  0,  0,  0,  0,  0, -5,
      -5,  0,  0,  0,  0,  0,  0, -5,
      -5,  0,  0,  0,  0,  0,  0, -5,
      -5,  0,  0,  0,  0,  0,  0, -5,
       0,  0,  0,  5,  5,  0,  0,  0],
    // queen
    [-20,-10,-10, -5, -5,-10,-10,-20,
     -10,  0,  0,  0,  0,  0,  0,-10,
     -10,  0,  5,  5,  5,  5,  0,-10,
      -5,  0,  5,  5,  5,  5,  0, -5,
       0,  0,  5,  5,  5,  5,  0, -5,
     -10,  5,  5,  5,  5,  5,  0,-10,
     -10,  0,  5,  0,  0,  0,  0,-10,
     -20,-10,-10, -5, -5,-10,-10,-20],
    // king, middlegame
    [-30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -20,-30,-30,-40,-40,-30,-30,-20,
     -10,-20,-20,-20,-20,-20,-20,-10,
      20, 20,  0,  0,  0,  0, 20, 20,
      20, 30, 10,  0,  0, 10, 30, 20],
];

#[rustfmt::skip]
const KING_END: [i32; 64] = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -50,-30,-30,-30,-30,-30,-30,-50,
];

/// Extra worth of an Avalanche pawn by how many ranks it has advanced (0 = start rank).
const AVALANCHE_ADVANCE: [i32; 8] = [0, 0, 8, 20, 40, 75, 0, 0];
/// A pending pawn on 7th rank from its own side: one push from promotion.
const SEVENTH_RANK: i32 = 120;
/// The cost to the side that must push of having no safe push, and of having only one.
const NO_SAFE_PUSH: i32 = 250;
const ONE_SAFE_PUSH: i32 = 40;
/// An enemy pawn one step from promotion whose promotion square would attack the pusher's
/// king: a push the pusher may one day be forced to make, and one that loses at once.
const CHECKING_PROMOTION: i32 = 150;
/// King shelter: per own pawn in front of the king, and per open file beside it.
const SHIELD_PAWN: i32 = 12;
const OPEN_FILE_NEAR_KING: i32 = 20;
const BISHOP_PAIR: i32 = 30;
const TEMPO: i32 = 10;

/// The table square for a piece of `color` on `sq`: White's ranks are mirrored because the
/// tables are written from rank 8 down.
fn table_index(color: Color, sq: Square) -> usize {
    let rank = match color {
        Color::White => 7 - sq.rank(),
        Color::Black => sq.rank(),
    };
    usize::from(rank) * 8 + usize::from(sq.file())
}

/// How many ranks `sq` lies ahead of `color`'s pawn start rank.
fn advance(color: Color, sq: Square) -> usize {
    let rank = match color {
        Color::White => sq.rank(),
        Color::Black => 7 - sq.rank(),
    };
    usize::from(rank.saturating_sub(1))
}

/// The game phase: 24 with all pieces on, 0 with only kings and pawns.
fn phase(pos: &Position) -> i32 {
    let weight = |role, w: i32| pos.role_bb(role).count() as i32 * w;
    (weight(Role::Knight, 1)
        + weight(Role::Bishop, 1)
        + weight(Role::Rook, 2)
        + weight(Role::Queen, 4))
    .min(24)
}

/// The evaluation of `pos` for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let phase = phase(pos);
    let avalanche = pos.variant().rules().push;
    let pending = pos.pending_promotion();
    let mut white = 0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let mut score = 0;
        for role in Role::ALL {
            for sq in pos.pieces(color, role) {
                let idx = table_index(color, sq);
                score += match role {
                    Role::King => (PST[5][idx] * phase + KING_END[idx] * (24 - phase)) / 24,
                    Role::Pawn if pending == Some(sq) => value(Role::Queen) - 30,
                    Role::Pawn => {
                        let extra = if avalanche {
                            AVALANCHE_ADVANCE[advance(color, sq)]
                        } else {
                            // A passed-pawn-like bonus growing as the board empties.
                            AVALANCHE_ADVANCE[advance(color, sq)] * (24 - phase) / 48
                        };
                        value(role) + PST[0][idx] + extra
                    }
                    _ => value(role) + PST[role.index()][idx],
                };
            }
        }
        if pos.pieces(color, Role::Bishop).count() >= 2 {
            score += BISHOP_PAIR;
        }
        score += king_shelter(pos, color, avalanche) * phase / 24;
        if avalanche {
            score -= push_danger(pos, color);
        }
        white += sign * score;
    }
    let us = pos.side_to_move();
    let sign = if us == Color::White { 1 } else { -1 };
    sign * white + TEMPO
}

/// Shield pawns in front of `color`'s king minus open files beside it. In Avalanche a
/// shield pawn the opponent can still push forward counts half.
fn king_shelter(pos: &Position, color: Color, avalanche: bool) -> i32 {
    let Some(king) = pos.king_square(color) else {
        return 0;
    };
    let own_pawns = pos.pieces(color, Role::Pawn);
    let occupied = pos.occupied();
    let forward: i8 = if color == Color::White { 1 } else { -1 };
    let mut score = 0;
    for df in -1i8..=1 {
        let Some(file_sq) = king.offset(df, 0) else {
            continue;
        };
        let file = Bitboard::file(file_sq.file());
        if (file & own_pawns).is_empty() {
            score -= OPEN_FILE_NEAR_KING;
        }
        for dr in 1i8..=2 {
            let Some(sq) = king.offset(df, dr * forward) else {
                continue;
            };
            if own_pawns.contains(sq) {
                let pushable = sq
                    .offset(0, forward)
                    .is_some_and(|ahead| !occupied.contains(ahead));
                score += if avalanche && pushable {
                    SHIELD_PAWN / 2
                } else {
                    SHIELD_PAWN
                };
            }
        }
    }
    score
}

/// What the pushes `color` will have to make cost it: enemy pawns it could push only onto
/// its own back rank or next to its own king, and too few pushes that are safe.
fn push_danger(pos: &Position, color: Color) -> i32 {
    let them = color.opposite();
    let occupied = pos.occupied();
    let king = pos.king_square(color);
    let forward: i8 = if them == Color::White { 1 } else { -1 };
    let mut safe = 0;
    let mut pushable = 0;
    let mut danger = 0;
    for pawn in pos.pieces(them, Role::Pawn) {
        let Some(to) = pawn.offset(0, forward) else {
            continue;
        };
        if occupied.contains(to) {
            continue;
        }
        pushable += 1;
        let promotes = to.rank() == color.back_rank();
        let attacks_king = king.is_some_and(|k| {
            k.rank() as i8 == to.rank() as i8 + forward && k.file().abs_diff(to.file()) == 1
        });
        if promotes {
            danger += SEVENTH_RANK;
            if king.is_some_and(|k| promotion_would_check(pos, to, k)) {
                danger += CHECKING_PROMOTION;
            }
        } else if !attacks_king {
            safe += 1;
        }
    }
    if pushable > 0 {
        danger += match safe {
            0 => NO_SAFE_PUSH,
            1 => ONE_SAFE_PUSH,
            _ => 0,
        };
    }
    // The threat is the forced push: with several safe pushes left it is only a threat.
    if safe >= 2 { danger / 3 } else { danger }
}

/// True when a queen or a knight on `sq` would attack the king on `king`.
fn promotion_would_check(pos: &Position, sq: Square, king: Square) -> bool {
    let df = i32::from(king.file()) - i32::from(sq.file());
    let dr = i32::from(king.rank()) - i32::from(sq.rank());
    if (df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1) {
        return true;
    }
    if df != 0 && dr != 0 && df.abs() != dr.abs() {
        return false;
    }
    let (sf, sr) = (df.signum() as i8, dr.signum() as i8);
    let mut cur = sq;
    loop {
        let Some(next) = cur.offset(sf, sr) else {
            return false;
        };
        if next == king {
            return true;
        }
        if pos.occupied().contains(next) {
            return false;
        }
        cur = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Variant;

    fn eval(variant: Variant, fen: &str) -> i32 {
        evaluate(&Position::from_fen(variant, fen).unwrap())
    }

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        for variant in [Variant::Standard, Variant::Avalanche] {
            let start = Position::new_game(variant, None).unwrap();
            assert_eq!(evaluate(&start), TEMPO);
        }
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        let white = eval(
            Variant::Avalanche,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
        );
        let black = eval(
            Variant::Avalanche,
            "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 0 1",
        );
        assert_eq!(white, black);
    }

    #[test]
    fn an_extra_queen_is_worth_about_a_queen() {
        let up = eval(Variant::Standard, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert!((800..1100).contains(&up), "{up}");
        let down = eval(Variant::Standard, "4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!((-1100..-800).contains(&down), "{down}");
    }

    #[test]
    fn a_pending_promotion_counts_as_a_queen_for_its_owner() {
        let pending = eval(Variant::Avalanche, "P3k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert!(pending > 700, "{pending}");
    }

    #[test]
    fn having_to_push_a_pawn_onto_a_checking_promotion_is_bad() {
        // Black must push White's a7 pawn, the only one that can move; from a8 a queen
        // would check the king on e8 along the rank.
        let forced = eval(Variant::Avalanche, "4k3/P7/8/8/8/8/8/4K3 b - - 0 1");
        let free = eval(Variant::Avalanche, "4k3/8/8/8/8/8/P7/4K3 b - - 0 1");
        assert!(forced < free - 300, "{forced} vs {free}");
    }
}
