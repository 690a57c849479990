//! The squares that show a move on a board (`Position::shown_squares`): a castling's are
//! where the king went from and to, or the rook's when the king stays, in all 960 setups and
//! both directions; any other move's are its own.

use rules::{Color, Piece, Position, Role, Variant, chess960};

/// The setup `n` with only its king and rooks on the back ranks behind the pawns, both
/// sides free to castle both ways.
fn kings_and_rooks(n: u16, to_move: Color) -> Position {
    let rank: String = chess960::back_rank_string(n)
        .expect("a setup")
        .chars()
        .map(|c| if matches!(c, 'K' | 'R') { c } else { '1' })
        .collect();
    let files: String = rank
        .char_indices()
        .filter(|&(_, c)| c == 'R')
        .map(|(i, _)| char::from(b'A' + i as u8))
        .collect();
    let side = if to_move == Color::White { 'w' } else { 'b' };
    let fen = format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{rank} {side} {files}{} - 0 1",
        rank.to_lowercase(),
        files.to_lowercase()
    );
    Position::from_fen(Variant::Chess960, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn castlings_are_shown_on_the_kings_squares_and_other_moves_on_their_own() {
    let mut castlings = 0;
    let mut kings_staying = 0;
    for n in 0..960 {
        for color in Color::ALL {
            let before = kings_and_rooks(n, color);
            for turn in before.legal_turns() {
                let mv = turn.mv.expect("a move");
                let (from, to) = before.shown_squares(mv);
                let castling = before.piece_at(mv.to) == Some(Piece::new(color, Role::Rook));
                if !castling {
                    assert_eq!((from, to), (mv.from, mv.to), "setup {n}");
                    continue;
                }
                castlings += 1;
                let after = before.play(&turn).expect("legal");
                let king = Piece::new(color, Role::King);
                if after.piece_at(mv.from) == Some(king) {
                    // The king stayed: the rook's squares, from its start to where it stands.
                    kings_staying += 1;
                    assert_eq!(from, mv.to, "setup {n}");
                    assert_eq!(after.piece_at(to), Some(Piece::new(color, Role::Rook)));
                } else {
                    // The king's start and where it stands now, never the rook's start.
                    assert_eq!(from, mv.from, "setup {n}");
                    assert_eq!(after.piece_at(to), Some(king), "setup {n}");
                    assert!(to.rank() == mv.from.rank() && matches!(to.file(), 2 | 6));
                }
            }
        }
    }
    // Both sides castle both ways in nearly every setup (not where the other rook stands on
    // the king's destination, as king b1, rooks a1 and c1).
    assert!(castlings > 3600, "{castlings} castlings");
    assert!(kings_staying > 0, "some kings castle without moving");
}
