//! Whole games through the service, one per variant, to mate or to a draw rule.

use domain::messages::{ChallengeMsg, Message, Refusal};
use domain::{ColorChoice, Command, Games, Reply};
use rules::{Color, EndReason, Game, Move, Outcome, Role, Turn, Variant};
use testkit::harness::{Harness, find_mating_game, main_room, over, played, refusal, text};

const PNG: &[u8] = b"\x89PNG";

/// alice challenges bob with `options`, plays White, and bob accepts.
async fn start(h: &Harness, options: &str) -> Reply {
    let reply = h
        .say(&format!("alice> challenge bob {options} white"))
        .await;
    assert!(!reply.private, "{}", text(&reply));
    assert_eq!(reply.mentions.len(), 1);
    let reply = h.say("bob> accept").await;
    assert!(!reply.private, "{}", text(&reply));
    assert!(
        matches!(
            reply.messages.first(),
            Some(Message::Challenge(ChallengeMsg::Started { players, .. })) if players.white == "alice"
        ),
        "{reply:?}"
    );
    reply
}

/// The steps a player may type for a turn: whole, or split into promotion, move and push.
fn steps(notation: &str, split: bool) -> Vec<String> {
    if !split {
        return vec![notation.to_string()];
    }
    let (promotion, rest) = match notation.strip_prefix('=') {
        Some(r) => match r.split_once(' ') {
            Some((p, rest)) => (Some(format!("={p}")), rest),
            None => (None, notation),
        },
        None => (None, notation),
    };
    let mut out: Vec<String> = promotion.into_iter().collect();
    match rest.rsplit_once('/') {
        Some((mv, push)) if !push.is_empty() && !mv.ends_with('/') => {
            out.push(mv.to_string());
            out.push(push.to_string());
        }
        _ => out.push(rest.to_string()),
    }
    out
}

/// Plays `notations` alternately as alice (White) and bob; every third turn goes in steps.
/// Checks each announcement and returns the last one.
async fn play(h: &Harness, notations: &[String]) -> Reply {
    let mut last = Reply::default();
    for (i, notation) in notations.iter().enumerate() {
        let who = if i.is_multiple_of(2) { "alice" } else { "bob" };
        let parts = steps(notation, i % 3 == 1);
        for (k, part) in parts.iter().enumerate() {
            let reply = h.say(&format!("{who}> move {part}")).await;
            if k + 1 < parts.len() {
                assert!(
                    reply.private,
                    "step `{part}` of `{notation}`: {}",
                    text(&reply)
                );
                assert!(reply.image.is_none());
            } else {
                last = reply;
            }
        }
        assert!(
            !last.private,
            "turn {} `{notation}` refused: {}",
            i + 1,
            text(&last)
        );
        assert_eq!(
            played(&last),
            [notation.as_str()],
            "`{notation}` not announced"
        );
        assert!(
            last.image
                .as_deref()
                .is_some_and(|png| png.starts_with(PNG))
        );
    }
    last
}

/// The game stored for the main room's last game.
async fn stored(h: &Harness, id: u64) -> domain::StoredGame {
    h.storage
        .load_game(id)
        .await
        .expect("load")
        .expect("game stored")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn standard_fools_mate() {
    let h = Harness::new().await;
    let first = start(&h, "standard").await;
    let id = first.game.expect("game id");
    let notations: Vec<String> = ["f3", "e5", "g4", "Qh4#"].map(String::from).to_vec();
    let last = play(&h, &notations).await;
    assert_eq!(
        over(&last),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Checkmate
        })
    );
    // The console's English words for it, from the catalog.
    assert!(
        text(&last).contains("0-1 — Black wins by checkmate."),
        "{}",
        text(&last)
    );
    assert!(last.mentions.is_empty());
    let game = stored(&h, id).await;
    assert_eq!(game.turns, notations);
    let finished = game.row.state.finished.expect("finished");
    assert_eq!(finished.outcome.reason, EndReason::Checkmate);
    // After the end, moves come back with the record file; further moves are refused.
    let moves = h.say("carol> moves").await;
    let (_, record) = moves.files.into_iter().next().expect("record file");
    let record = String::from_utf8(record).expect("utf-8");
    assert!(record.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{record}");
    let after = h.say("alice> move e4").await;
    assert!(
        after.private && matches!(refusal(&after), Some(Refusal::GameOver(_))),
        "{after:?}"
    );
}

/// Knights out and back twice: the start position stands for the third time.
fn knight_shuffle(variant: Variant, chess960: Option<u16>) -> Vec<String> {
    let mut game = Game::new(variant, chess960).expect("setup");
    let knight_move = |game: &Game| -> Turn {
        let pos = game.position();
        pos.legal_turns()
            .into_iter()
            .find(|t| {
                t.mv.is_some_and(|m| pos.piece_at(m.from).is_some_and(|p| p.role == Role::Knight))
            })
            .expect("a knight move")
    };
    let out_w = knight_move(&game);
    game.play(out_w).expect("legal");
    let out_b = knight_move(&game);
    game.play(out_b).expect("legal");
    let back = |t: Turn| {
        let m = t.mv.expect("move");
        Turn::from_move(Move {
            from: m.to,
            to: m.from,
            promotion: None,
        })
    };
    for turn in [
        back(out_w),
        back(out_b),
        out_w,
        out_b,
        back(out_w),
        back(out_b),
    ] {
        game.play(turn).expect("legal");
    }
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(EndReason::ThreefoldRepetition)
    );
    game.notations()
}

/// Issue 10: a Chess960 challenge without a setup number, as the Discord front sends it,
/// starts from a setup drawn at random instead of a challenge nobody can accept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess960_challenge_without_a_number_starts_a_random_setup() {
    let h = Harness::new().await;
    let alice = h.origin("alice");
    let challenge = Command::Challenge {
        opponent: Some(console::user("bob")),
        variant: Variant::Chess960,
        setup: None,
        color: ColorChoice::White,
        deadline: None,
        time: None,
        rated: None,
    };
    assert_eq!(h.service.check_challenge(&alice, &challenge), None);
    let r = h.execute(&alice, challenge).await;
    assert!(!r.private, "{}", text(&r));
    let r = h.say("bob> accept").await;
    assert!(!r.private, "{}", text(&r));
    let Some(Message::Challenge(ChallengeMsg::Started { kind, .. })) = r.messages.first() else {
        panic!("the game did not start: {r:?}");
    };
    assert_eq!(kind.variant, Variant::Chess960);
    let number = kind.chess960.expect("a setup number");
    assert!(number < 960);
    let game = stored(&h, r.game.expect("id")).await;
    assert_eq!(game.row.chess960, Some(number));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chess960_to_threefold_repetition() {
    let h = Harness::new().await;
    let first = start(&h, "chess960 411").await;
    assert!(
        matches!(
            first.messages.first(),
            Some(Message::Challenge(ChallengeMsg::Started { kind, .. })) if kind.chess960 == Some(411)
        ),
        "{first:?}"
    );
    let notations = knight_shuffle(Variant::Chess960, Some(411));
    let last = play(&h, &notations).await;
    assert_eq!(
        over(&last),
        Some(Outcome {
            winner: None,
            reason: EndReason::ThreefoldRepetition
        })
    );
    let game = stored(&h, first.game.expect("id")).await;
    assert_eq!(game.row.chess960, Some(411));
    assert_eq!(game.turns, notations);
}

async fn avalanche_to_mate(options: &str, variant: Variant, chess960: Option<u16>) {
    let h = Harness::new().await;
    let first = start(&h, options).await;
    let id = first.game.expect("id");
    let notations = find_mating_game(variant, chess960);
    let last = play(&h, &notations).await;
    assert!(
        over(&last).is_some_and(|o| o.reason == EndReason::Checkmate && o.winner.is_some()),
        "{last:?}"
    );
    let game = stored(&h, id).await;
    assert_eq!(game.row.variant, variant);
    assert_eq!(game.turns, notations);
    assert_eq!(
        game.row.state.finished.map(|f| f.outcome.reason),
        Some(EndReason::Checkmate)
    );
    // The stored record replays to the same end in the rules core.
    let mut replay = Game::new(variant, game.row.chess960).expect("setup");
    for n in &game.turns {
        replay.play_str(n).expect("stored turn replays");
    }
    assert_eq!(
        replay.outcome().map(|o| o.reason),
        Some(EndReason::Checkmate)
    );
    let board = h
        .run(main_room(), "carol", Command::Board { flip: false })
        .await;
    assert!(board.image.is_some() && !board.private);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn avalanche_to_mate_with_two_step_turns() {
    avalanche_to_mate("avalanche", Variant::Avalanche, None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn balanced_avalanche_to_mate() {
    avalanche_to_mate("avalanche-balanced", Variant::AvalancheBalanced, None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reversed_avalanche_to_mate() {
    avalanche_to_mate("avalanche-reversed", Variant::AvalancheReversed, None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn avalanche_960_to_mate() {
    avalanche_to_mate("avalanche 177", Variant::Avalanche, Some(177)).await;
}

#[test]
fn turns_split_into_the_steps_players_type() {
    assert_eq!(steps("Nf3/a6", true), ["Nf3", "a6"]);
    assert_eq!(steps("Bb4+/c4", true), ["Bb4+", "c4"]);
    assert_eq!(steps("Nf3//", true), ["Nf3//"]);
    assert_eq!(steps("=Q Kd2/e6", true), ["=Q", "Kd2", "e6"]);
    assert_eq!(steps("e4", true), ["e4"]);
    assert_eq!(steps("Nf3/a6", false), ["Nf3/a6"]);
}
