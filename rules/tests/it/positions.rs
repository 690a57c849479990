//! Every position a game can reach, ended games included, is stated by its FEN and read back
//! as the same position; every record reads back as the same game, in every variant and
//! Chess960 setup; and a FEN with a check no turn can give is refused (issue 19).

use rules::{Color, EndReason, FenError, Game, Outcome, Position, Variant};

use crate::common::{Rng, pos};

/// Checks that `p`'s FEN reads back as `p` and writes the same FEN again.
fn fen_round_trips(p: &Position, context: &dyn Fn() -> String) {
    let fen = p.to_fen();
    match Position::from_fen(p.variant(), &fen) {
        Ok(back) => {
            assert_eq!(back.to_fen(), fen, "{}", context());
            assert_eq!(&back, p, "{fen}: {}", context());
        }
        Err(e) => panic!("{fen} is refused: {e} ({})", context()),
    }
}

/// Checks that `game`'s record reads back as the same game.
fn record_round_trips(game: &Game) {
    let record = game.to_record(&[]);
    let back = Game::from_record(&record)
        .unwrap_or_else(|e| panic!("{e}\n{record}"))
        .0;
    assert_eq!(back.variant(), game.variant(), "{record}");
    assert_eq!(back.chess960_number(), game.chess960_number(), "{record}");
    assert_eq!(back.start(), game.start(), "{record}");
    assert_eq!(back.notations(), game.notations(), "{record}");
    assert_eq!(back.position(), game.position(), "{record}");
    assert_eq!(back.outcome(), game.outcome(), "{record}");
    assert_eq!(back.to_record(&[]), record);
}

/// The variants that may start from `setup`, each with the setup number to give.
fn starts(setup: u16) -> Vec<(Variant, Option<u16>)> {
    let mut out = vec![
        (Variant::Chess960, Some(setup)),
        (Variant::Avalanche, Some(setup)),
        (Variant::AvalancheBalanced, Some(setup)),
    ];
    if setup == 518 {
        out.extend(
            Variant::ALL
                .map(|v| (v, None))
                .into_iter()
                .filter(|(v, _)| *v != Variant::Chess960),
        );
    }
    out
}

#[test]
fn every_chess960_setup_round_trips_two_plies_deep_in_every_variant() {
    let mut rng = Rng(0x9600_2f1e_55aa_1234);
    let mut positions = 0;
    for setup in 0..960 {
        for (variant, number) in starts(setup) {
            let context = || format!("{variant} from setup {setup}");
            let game = Game::new(variant, number).unwrap_or_else(|e| panic!("{e}"));
            let start = game.start().clone();
            fen_round_trips(&start, &context);
            // The FEN of the game and the FEN tag of its record name the same castling.
            let field = |fen: String| fen.split(' ').nth(2).map(str::to_string);
            let record = game.to_record(&[]);
            let tag = record.lines().find_map(|l| {
                l.strip_prefix("[FEN \"")?
                    .strip_suffix("\"]")
                    .map(str::to_string)
            });
            if let Some(tag) = tag {
                let read = Position::from_fen(variant, &tag).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(read, start, "{tag}: {}", context());
                assert_eq!(field(read.to_fen()), field(start.to_fen()), "{}", context());
            }
            record_round_trips(&game);
            let firsts = start.legal_turns();
            let sampled = rng.below(firsts.len());
            for (i, first) in firsts.iter().enumerate() {
                let after = start.play(first).unwrap_or_else(|e| panic!("{e}"));
                fen_round_trips(&after, &context);
                positions += 1;
                // Every reply to one first turn, and one reply to each other.
                let replies = after.legal_turns();
                let chosen: Vec<_> = if i == sampled {
                    replies
                } else {
                    replies
                        .get(rng.below(replies.len()))
                        .copied()
                        .into_iter()
                        .collect()
                };
                for reply in chosen {
                    let last = after.play(&reply).unwrap_or_else(|e| panic!("{e}"));
                    fen_round_trips(&last, &context);
                    positions += 1;
                }
            }
            let mut two = game.clone();
            for _ in 0..2 {
                let turns = two.position().legal_turns();
                if let Some(turn) = turns.get(rng.below(turns.len())) {
                    two.play(*turn).unwrap_or_else(|e| panic!("{e}"));
                }
            }
            record_round_trips(&two);
        }
    }
    assert!(positions > 500_000, "{positions} positions");
}

#[test]
fn every_position_of_random_games_round_trips_ended_ones_included() {
    let mut rng = Rng(0x5eed_0019_c0ff_ee42);
    let mut ended = std::collections::HashMap::new();
    for game_no in 0..600 {
        let variant = Variant::ALL[game_no % Variant::ALL.len()];
        let number = match (variant.allows_chess960_setup(), variant) {
            (_, Variant::Chess960) => Some(rng.below(960) as u16),
            (true, _) if rng.below(2) == 0 => Some(rng.below(960) as u16),
            _ => None,
        };
        let mut game = Game::new(variant, number).unwrap_or_else(|e| panic!("{e}"));
        for ply in 0..300 {
            let context = || format!("{variant}, setup {number:?}, game {game_no}, ply {ply}");
            fen_round_trips(game.position(), &context);
            if game.outcome().is_some() {
                break;
            }
            // Turns that end the game are rare: take one, when there is one, now and then.
            let mut turns = Vec::new();
            game.position()
                .visit_turns(&mut |s| turns.push((s.turn, s.ends_game)));
            let ending: Vec<_> = turns.iter().filter(|(_, e)| *e).collect();
            let (turn, _) = match ending.first() {
                Some(t) if rng.below(8) == 0 => **t,
                _ => turns[rng.below(turns.len())],
            };
            game.play(turn)
                .unwrap_or_else(|e| panic!("{e}: {}", context()));
        }
        if let Some(outcome) = game.outcome() {
            *ended.entry(outcome.reason).or_insert(0) += 1;
            let finished = Game::from_position(game.position().clone());
            if matches!(
                outcome.reason,
                EndReason::ExposedOwnKing | EndReason::PromotedIntoCheck
            ) {
                assert_eq!(finished.outcome().map(|o| o.winner), Some(outcome.winner));
                assert_eq!(finished.position().legal_turns(), []);
                assert_eq!(finished.position().perft(2), 0);
            }
        }
        record_round_trips(&game);
    }
    for reason in [
        EndReason::Checkmate,
        EndReason::ExposedOwnKing,
        EndReason::PromotedIntoCheck,
    ] {
        assert!(
            ended.contains_key(&reason),
            "no walk ended by {reason:?}: {ended:?}"
        );
    }
}

#[test]
fn the_end_of_a_self_exposure_loss_loads_as_that_finished_game() {
    // White's Kg2 is legal; the push f4-f3 then attacks it: White loses.
    let mut game = Game::from_position(pos(Variant::Avalanche, "k7/8/8/8/5p2/8/8/7K w - - 0 1"));
    game.play_str("Kg2/f3").unwrap_or_else(|e| panic!("{e}"));
    let fen = game.position().to_fen();
    assert_eq!(fen, "k7/8/8/8/8/5p2/6K1/8 b - - 0 1");
    let end = pos(Variant::Avalanche, &fen);
    assert_eq!(&end, game.position());
    assert_eq!(end.legal_turns(), []);
    assert_eq!((end.perft(1), end.perft(3)), (0, 0));
    assert_eq!(
        Game::from_position(end).outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::ExposedOwnKing
        })
    );
    assert!(
        game.position().parse_turn("Ka7/g2").is_err(),
        "no turn after the end"
    );
    // The same placement is no position of orthodox chess.
    assert!(Position::from_fen(Variant::Standard, &fen).is_err());
}

/// Parses `fen` in `variant`; true when it is accepted.
fn accepted(variant: Variant, fen: &str) -> Result<(), FenError> {
    Position::from_fen(variant, fen).map(|_| ())
}

#[test]
fn checks_no_turn_can_give_are_refused() {
    let refused = [
        // Triple check by Qd8, Qe7 and Bd7.
        "r2Qk1nr/3BQ3/8/4b3/6p1/8/2R5/R3K2R b KQkq - 0 1",
        // Two knights.
        "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1",
        // A pawn and a knight.
        "4k3/3P4/5N2/8/8/8/8/4K3 b - - 0 1",
        // Two rooks on either side of the king on one rank.
        "8/8/8/R3k2R/8/8/8/4K3 b - - 0 1",
    ];
    for fen in refused {
        assert!(accepted(Variant::Standard, fen).is_err(), "{fen}");
        assert!(
            cozy_chess::Board::from_fen(fen, false).is_err()
                || cozy_chess::Board::from_fen(fen, false).is_ok_and(|b| b.checkers().len() == 2),
            "{fen}"
        );
    }
    // In Avalanche a push uncovers a line besides the move's checks: a rook arriving on a5
    // and one uncovered on h5 when the pawn on f5 steps to f4, or a third checker.
    assert!(accepted(Variant::Avalanche, "8/8/8/R3k2R/5p2/8/8/4K3 b - - 0 1").is_ok());
    assert!(accepted(Variant::Avalanche, "4k3/8/3N4/7B/8/8/8/4RK2 b - - 0 1").is_ok());
    assert!(accepted(Variant::Avalanche, "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1").is_err());
    // Legal double checks stay accepted.
    for fen in [
        "4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1",
        "4k3/8/8/1B6/8/8/8/4RK2 b - - 0 1",
    ] {
        assert!(accepted(Variant::Standard, fen).is_ok(), "{fen}");
    }
}

#[test]
fn checks_are_refused_as_cozy_chess_refuses_them_and_only_impossible_double_checks_besides() {
    let mut rng = Rng(0xc0_5e_c4_ec_5a_1e);
    let letters = ['Q', 'R', 'B', 'N', 'P'];
    let mut compared = 0;
    let mut refused = 0;
    for _ in 0..300 {
        let mut game = Game::new(Variant::Standard, None).unwrap_or_else(|e| panic!("{e}"));
        for _ in 0..rng.below(60) {
            let turns = game.position().legal_turns();
            match turns.get(rng.below(turns.len())) {
                Some(t) if game.outcome().is_none() => {
                    game.play(*t).unwrap_or_else(|e| panic!("{e}"))
                }
                _ => break,
            }
        }
        let base = game.position().clone();
        for _ in 0..20 {
            // Add up to three pieces of the side not to move on empty squares.
            let mut board: Vec<Vec<char>> = base
                .to_fen()
                .split(' ')
                .next()
                .unwrap_or_default()
                .split('/')
                .map(|rank| {
                    rank.chars()
                        .flat_map(|c| match c.to_digit(10) {
                            Some(n) => vec!['.'; n as usize],
                            None => vec![c],
                        })
                        .collect()
                })
                .collect();
            let them = base.side_to_move().opposite();
            for _ in 0..=rng.below(3) {
                let (rank, file) = (rng.below(8), rng.below(8));
                let letter = letters[rng.below(letters.len())];
                if board[rank][file] == '.' && !(letter == 'P' && (rank == 0 || rank == 7)) {
                    board[rank][file] = if them == Color::White {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    };
                }
            }
            let placement: Vec<String> = board
                .iter()
                .map(|rank| {
                    let mut out = String::new();
                    let mut empty = 0;
                    for &c in rank {
                        if c == '.' {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push(c);
                        }
                    }
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                    }
                    out
                })
                .collect();
            let side = if them == Color::White { "b" } else { "w" };
            let fen = format!("{} {side} - - 0 1", placement.join("/"));
            let cozy = cozy_chess::Board::from_fen(&fen, false);
            let ours = accepted(Variant::Standard, &fen);
            let counts_ok = board
                .iter()
                .flatten()
                .filter(|c| c.is_ascii_uppercase())
                .count()
                <= 16
                && board
                    .iter()
                    .flatten()
                    .filter(|c| c.is_ascii_lowercase())
                    .count()
                    <= 16
                && board.iter().flatten().filter(|&&c| c == 'P').count() <= 8
                && board.iter().flatten().filter(|&&c| c == 'p').count() <= 8;
            if !counts_ok {
                continue;
            }
            compared += 1;
            match (&cozy, &ours) {
                (Ok(_), Ok(())) | (Err(_), Err(_)) => {}
                (Ok(board), Err(e)) => {
                    refused += 1;
                    assert_eq!(board.checkers().len(), 2, "{fen}: {e}");
                }
                (Err(e), Ok(())) => panic!("{fen}: cozy-chess refuses it ({e:?}), nadare not"),
            }
        }
    }
    assert!(
        compared > 3000 && refused > 0,
        "{compared} compared, {refused} refused"
    );
}
