//! Static exchange evaluation: what a capture wins or loses once every piece that can
//! take back on its square has done so, cheapest first, each side free to stop. The search
//! orders captures that lose material after the quiet turns that look promising, and the
//! quiescence search skips them, which keeps it from following every capture of a
//! defended piece (in Avalanche, where pushed pawns attack pieces all the time, that was
//! most of the tree).
//!
//! It looks at the board before the turn's push: a push can add or take away a defender,
//! which the search itself then sees.

use rules::{Bitboard, Move, Position, Role, Square};

use crate::eval::value;

/// What a king is worth in an exchange: more than anything it could win, so it takes last.
const KING: i32 = 20_000;

/// The exchange value of a piece.
fn worth(role: Role) -> i32 {
    match role {
        Role::King => KING,
        role => value(role),
    }
}

/// The material the side to move gains by `mv` and the exchanges on its square that
/// follow, both sides taking back with their cheapest piece while it pays.
pub(crate) fn see(pos: &Position, mv: Move) -> i32 {
    let us = pos.side_to_move();
    let Some(mover) = pos.piece_at(mv.from) else {
        return 0;
    };
    let target = mv.to;
    let victim = match pos.piece_at(target) {
        Some(p) if p.color != us => worth(p.role),
        // En passant takes a pawn; anything else here takes nothing.
        None if mover.role == Role::Pawn && mv.from.file() != target.file() => value(Role::Pawn),
        _ => 0,
    };
    let mut gains = [0i32; 32];
    gains[0] = victim;
    let mut on_square = match mv.promotion {
        Some(role) => {
            gains[0] += value(role) - value(Role::Pawn);
            worth(role)
        }
        None => worth(mover.role),
    };
    let mut occupied = pos.occupied() & !Bitboard::from_square(mv.from);
    let mut side = us.opposite();
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let attackers = pos.attackers_to(target, occupied) & occupied & pos.color_bb(side);
        let Some((role, from)) = cheapest(pos, attackers) else {
            break;
        };
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        if (-gains[depth - 1]).max(gains[depth]) < 0 {
            break;
        }
        occupied &= !Bitboard::from_square(from);
        on_square = worth(role);
        side = side.opposite();
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// True when a `mover` taking a `victim` cannot lose material, whatever the exchange on the
/// square: the victim is worth at least the taker, and the taker is no king (which
/// [`value`] counts as nothing). [`see`] of such a capture is never below 0, so whoever
/// only asks whether a capture loses need not count the exchange.
pub(crate) fn takes_up_or_even(mover: Role, victim: Role) -> bool {
    mover != Role::King && value(victim) >= value(mover)
}

/// The cheapest piece among `attackers` and its square.
fn cheapest(pos: &Position, attackers: Bitboard) -> Option<(Role, Square)> {
    Role::ALL
        .into_iter()
        .find_map(|role| (attackers & pos.role_bb(role)).first().map(|sq| (role, sq)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Variant;

    fn see_of(fen: &str, mv: &str) -> i32 {
        let pos = Position::from_fen(Variant::Standard, fen).unwrap();
        let turn = pos.parse_turn(mv).unwrap();
        see(&pos, turn.mv.unwrap())
    }

    #[test]
    fn taking_a_piece_worth_the_taker_never_loses() {
        // The ordering counts no exchange for these: every such capture of some busy
        // positions, promotions among them, must come out even or better.
        let fens = [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "1r2k3/P1pq4/2n5/3Rp3/2Q5/5N2/8/4K3 w - - 0 1",
        ];
        let mut checked = 0;
        for fen in fens {
            let pos = Position::from_fen(Variant::Standard, fen).unwrap();
            for mv in pos.legal_moves() {
                let (Some(mover), Some(victim)) = (pos.piece_at(mv.from), pos.piece_at(mv.to))
                else {
                    continue;
                };
                if takes_up_or_even(mover.role, victim.role) {
                    assert!(see(&pos, mv) >= 0, "{mv:?} in {fen}");
                    checked += 1;
                }
            }
        }
        assert!(checked >= 5, "{checked}");
    }

    #[test]
    fn exchanges_are_counted_to_the_end() {
        // An undefended pawn: a pawn won.
        assert_eq!(see_of("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "Rxd5"), 100);
        // A pawn defended by a pawn, taken by a rook: a rook for a pawn.
        assert_eq!(
            see_of("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "Rxd5"),
            100 - 500
        );
        // Knight takes a defended knight, the rook behind it takes back last: even.
        assert_eq!(
            see_of("4k3/3r4/4p3/3n4/8/4N3/8/3RK3 w - - 0 1", "Nxd5"),
            320 - 320
        );
        // A queen taken by a pawn: a queen won, whatever follows.
        assert_eq!(see_of("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "exd5"), 900);
    }
}
