//! The engine's choices: always legal, mates and the Avalanche sudden wins found, no turn
//! that loses at once when another exists, the same choice twice at a fixed depth.
//!
//! Forced wins are checked by an exhaustive look with the rules alone (every reply, every
//! follow-up), never by the engine's own opinion.

use std::sync::atomic::AtomicBool;

use engine::{Engine, Level, Limits};
use rules::{Color, EndReason, Game, Position, Turn, Variant};

/// A small random-number generator for the test positions (splitmix64).
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn fen(variant: Variant, fen: &str) -> Position {
    Position::from_fen(variant, fen).unwrap()
}

fn best(pos: &Position, depth: u32) -> Turn {
    Engine::new()
        .search_position(pos, &Limits::depth(depth), &AtomicBool::new(false))
        .best
        .expect("a legal turn exists")
}

/// The game after `turns` from `pos`.
fn after(pos: &Position, turns: &[Turn]) -> Game {
    let mut game = Game::from_position(pos.clone());
    for t in turns {
        game.play(*t).unwrap();
    }
    game
}

/// True when `winner` wins within `turns_left` of its own turns from `game`, whatever the
/// opponent does (the rules decide; no evaluation involved).
fn forced_win(game: &Game, winner: Color, turns_left: u32) -> bool {
    if let Some(outcome) = game.outcome() {
        return outcome.winner == Some(winner);
    }
    let pos = game.position();
    let turns = pos.legal_turns();
    let play = |t: &Turn| {
        let mut g = game.clone();
        g.play(*t).unwrap();
        g
    };
    if pos.side_to_move() == winner {
        turns_left > 0
            && turns
                .iter()
                .any(|t| forced_win(&play(t), winner, turns_left - 1))
    } else {
        turns
            .iter()
            .all(|t| forced_win(&play(t), winner, turns_left))
    }
}

/// Positions from random games of every variant, with Chess960 setups for those that
/// allow them.
fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut state = seed;
    let mut out = Vec::new();
    while out.len() < count {
        let variant = Variant::ALL[(next(&mut state) % 5) as usize];
        let setup = (variant.rules().setups == rules::Setups::Chess960
            || variant.allows_chess960_setup() && next(&mut state).is_multiple_of(2))
        .then(|| (next(&mut state) % 960) as u16);
        let mut game = Game::new(variant, setup).unwrap();
        let plies = 4 + next(&mut state) % 60;
        for _ in 0..plies {
            let turns = game.position().legal_turns();
            if game.outcome().is_some() || turns.is_empty() {
                break;
            }
            let turn = turns[(next(&mut state) % turns.len() as u64) as usize];
            game.play(turn).unwrap();
        }
        if game.outcome().is_none() {
            out.push(game.position().clone());
        }
    }
    out
}

#[test]
fn only_legal_turns_in_random_positions_of_every_variant() {
    for (i, pos) in random_positions(40, 7).iter().enumerate() {
        let turn = best(pos, 2);
        assert!(
            pos.is_legal(&turn),
            "position {i} {}: {turn:?}",
            pos.to_fen()
        );
    }
}

#[test]
fn only_legal_turns_deeper_in_random_positions_of_every_variant() {
    // Deep enough for every pruning to act: null move, late-move reductions, exchanges.
    let positions = random_positions(25, 21);
    for variant in Variant::ALL {
        assert!(
            positions.iter().any(|p| p.variant() == variant),
            "{variant:?} is missing"
        );
    }
    for (i, pos) in positions.iter().enumerate() {
        let turn = best(pos, 4);
        assert!(
            pos.is_legal(&turn),
            "position {i} {}: {turn:?}",
            pos.to_fen()
        );
    }
}

#[test]
fn only_legal_turns_with_pending_promotions_checks_and_no_push() {
    for (variant, f) in [
        // White's pawn waits on e8 for its promotion choice; no choice checks.
        (Variant::Avalanche, "4P3/8/8/8/1k6/8/p7/4K3 w - - 0 1"),
        // Black's pawn waits on a1 while Black is in check (a queen or rook there wins).
        (Variant::Avalanche, "4k2R/8/8/8/8/8/8/p3K3 b - - 0 1"),
        // In check from a knight.
        (
            Variant::Avalanche,
            "4k3/pppp4/8/8/8/3n4/PPPPP3/4K3 w - - 0 1",
        ),
        // No enemy pawn can step forward: turns without a push.
        (Variant::Avalanche, "4k3/8/8/8/3p4/3P4/8/4K3 w - - 0 1"),
        // Balanced Avalanche: White's first turn has no push.
        (
            Variant::AvalancheBalanced,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        // Reversed Avalanche from its start.
        (
            Variant::AvalancheReversed,
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        // Standard chess in check.
        (Variant::Standard, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"),
    ] {
        let pos = fen(variant, f);
        for depth in 1..=3 {
            let turn = best(&pos, depth);
            assert!(pos.is_legal(&turn), "{f} depth {depth}: {turn:?}");
        }
    }
}

#[test]
fn the_no_push_turn_is_written_with_a_double_slash() {
    let pos = fen(Variant::Avalanche, "4k3/8/8/8/3p4/3P4/8/4K3 w - - 0 1");
    let turn = best(&pos, 2);
    assert!(turn.push.is_none());
    assert!(pos.turn_to_notation(&turn).ends_with("//"));
}

#[test]
fn mates_in_one() {
    // Back-rank mate: Ra8#.
    let pos = fen(Variant::Standard, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(pos.turn_to_notation(&best(&pos, 2)), "Ra8#");
    // In Avalanche the push after Ra8 would give Black's king air (f6, g6 or h6), so
    // the back rank is not a mate; here Black's pawns cannot be pushed (blocked by
    // White's), the turn has no push and Ra8 mates.
    let pos = fen(Variant::Avalanche, "6k1/5ppp/5PPP/8/8/8/8/R5K1 w - - 0 1");
    let turn = best(&pos, 2);
    let game = after(&pos, &[turn]);
    assert_eq!(
        game.outcome().map(|o| (o.winner, o.reason)),
        Some((Some(Color::White), EndReason::Checkmate)),
        "{}",
        pos.turn_to_notation(&turn)
    );
}

#[test]
fn mate_in_two_with_the_rook_ladder() {
    // 1. Ra7 Kg8 2. Rb8#; no mate in one (Ra8+ and Rb8+ leave g7 and h7 open).
    let pos = fen(Variant::Standard, "7k/8/8/8/8/8/8/RR4K1 w - - 0 1");
    let result = Engine::new().search_position(&pos, &Limits::depth(4), &AtomicBool::new(false));
    assert_eq!(result.mate_in(), Some(2));
    let turn = result.best.unwrap();
    assert!(forced_win(&after(&pos, &[turn]), Color::White, 1));
}

#[test]
fn mate_in_two_with_pushes_in_avalanche() {
    // The rook ladder with a Black pawn that White must push every turn, which changes
    // nothing (the king stands away from the g1 square a pawn on h2 would attack):
    // 1. Ra7/h4 and 2. Rb8# whatever Black does.
    let pos = fen(Variant::Avalanche, "7k/8/8/7p/8/8/8/RR1K4 w - - 0 1");
    let result = Engine::new().search_position(&pos, &Limits::depth(4), &AtomicBool::new(false));
    assert_eq!(result.mate_in(), Some(2), "{:?}", result.best);
    let turn = result.best.unwrap();
    assert!(turn.push.is_some());
    assert!(forced_win(&after(&pos, &[turn]), Color::White, 1));
}

#[test]
fn mate_in_one_in_chess960() {
    // Re8# against the king on b8, walled in by its own pawns.
    let pos = fen(Variant::Chess960, "1k6/ppp5/8/8/8/8/5PPP/4R1K1 w - - 0 1");
    let turn = best(&pos, 3);
    assert!(
        forced_win(&after(&pos, &[turn]), Color::White, 0),
        "{}",
        pos.turn_to_notation(&turn)
    );
}

#[test]
fn promotes_into_check_to_win_at_once() {
    // White's pawn waits on a8; a queen or rook there attacks the king on h8 along the rank.
    let pos = fen(Variant::Avalanche, "P6k/8/8/8/8/8/8/4K3 w - - 0 1");
    let turn = best(&pos, 1);
    assert!(turn.mv.is_none(), "{}", pos.turn_to_notation(&turn));
    let game = after(&pos, &[turn]);
    assert_eq!(
        game.outcome().map(|o| (o.winner, o.reason)),
        Some((Some(Color::White), EndReason::PromotedIntoCheck))
    );
}

#[test]
fn leaves_the_opponent_only_fatal_pushes() {
    // Black's king on h8 can only go to g8 (the rook holds the 7th rank, the pawns g7).
    // There, pushing f6-f7 or h6-h7 attacks its own king and loses; only the a4 pawn is
    // a safe push. Ba5 blocks it, and every Black turn then loses at once.
    let pos = fen(Variant::Avalanche, "7k/1R6/5P1P/8/P7/2B5/8/4K3 w - - 0 1");
    let turn = best(&pos, 3);
    let game = after(&pos, &[turn]);
    assert!(
        forced_win(&game, Color::White, 0),
        "{}",
        pos.turn_to_notation(&turn)
    );
    if game.outcome().is_none() {
        for reply in game.position().legal_turns() {
            assert!(game.position().is_losing_push(&reply));
        }
    }
}

#[test]
fn never_pushes_into_its_own_loss_at_any_level() {
    // Pushing d3-d2 would attack White's own king on e1; a7-a6 is safe.
    let pos = fen(Variant::Avalanche, "4k3/p7/8/8/8/3p4/8/4K3 w - - 0 1");
    let engine = Engine::new();
    for level in Level::all() {
        for seed in 0..3 {
            let mut limits = level.limits(seed);
            limits.movetime = None;
            limits.depth = limits.depth.map(|d| d.min(3));
            let turn = engine
                .search_position(&pos, &limits, &AtomicBool::new(false))
                .best
                .unwrap();
            assert!(
                !pos.is_losing_push(&turn),
                "level {level} seed {seed}: {}",
                pos.turn_to_notation(&turn)
            );
        }
    }
}

#[test]
fn never_loses_at_once_in_random_avalanche_positions() {
    let avalanche: Vec<Position> = random_positions(60, 11)
        .into_iter()
        .filter(|p| p.variant().rules().push)
        .collect();
    for pos in &avalanche {
        let turns = pos.legal_turns();
        let safe_exists = turns.iter().any(|t| !pos.is_losing_push(t));
        let turn = best(pos, 1);
        assert!(
            !safe_exists || !pos.is_losing_push(&turn),
            "{}: {}",
            pos.to_fen(),
            pos.turn_to_notation(&turn)
        );
    }
}

#[test]
fn the_same_turn_twice_at_a_fixed_depth() {
    for (variant, f) in [
        (
            Variant::Standard,
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        ),
        (
            Variant::Avalanche,
            "rnbqkbnr/pp1p1ppp/2p5/4p3/3P4/2N2N2/PPP1PPPP/R1BQKB1R b KQkq - 0 3",
        ),
    ] {
        let pos = fen(variant, f);
        let engine = Engine::new();
        let limits = Limits::depth(if variant.rules().push { 3 } else { 5 });
        let a = engine.search_position(&pos, &limits, &AtomicBool::new(false));
        let b = engine.search_position(&pos, &limits, &AtomicBool::new(false));
        assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    }
}

#[test]
fn a_raised_stop_flag_still_gives_a_legal_turn() {
    let pos = Position::new_game(Variant::Avalanche, None).unwrap();
    let result = Engine::new().search_position(&pos, &Limits::default(), &AtomicBool::new(true));
    assert!(pos.is_legal(&result.best.unwrap()));
}

#[test]
fn no_turn_when_the_game_is_over() {
    // Black is checkmated.
    let pos = fen(Variant::Standard, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    let result = Engine::new().search_position(&pos, &Limits::depth(3), &AtomicBool::new(false));
    assert_eq!(result.best, None);
}

#[test]
fn one_engine_serves_many_threads() {
    fn shared<T: Send + Sync>(_: &T) {}
    let engine = Engine::new();
    shared(&engine);
    let pos = Position::new_game(Variant::Avalanche, None).unwrap();
    let stop = AtomicBool::new(false);
    let turns: Vec<Option<Turn>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|_| s.spawn(|| engine.search_position(&pos, &Limits::depth(2), &stop).best))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(turns[0], turns[1]);
    assert!(pos.is_legal(&turns[0].unwrap()));
}
