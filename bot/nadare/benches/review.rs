//! The time a whole game takes to review through the game service at the default depth, the
//! figure of the review's budget (a 60-turn game within a minute on one core): a 60-turn game
//! of standard chess and one of Avalanche, each played by the engine against itself (level 5,
//! from a random opening, the first of the seeds to last 60 turns), entered through the
//! service turn by turn, resigned, then reviewed with `Command::Review` on an in-memory SQLite
//! store; then asked for again, answered from the store. One run each: a review takes tens of
//! seconds, so this prints its figures rather than sampling them with criterion. A review
//! searches one position at a time on one engine permit, so it uses one core whatever the
//! machine has.
//!
//! `cargo bench -p nadare --bench review`

use std::sync::Arc;
use std::time::Instant;

use domain::messages::{Message, ReviewMsg};
use domain::{Command, Locale, Origin, User};
use engine::{Engine, Level};
use lab::arena::{MatchSettings, Player, choose, random_opening};
use rules::{Game, Variant};
use service::{GameService, Options, ServiceConfig, SystemClock};
use storage::Storage;

/// Turns each game lasts (both sides': 120 plies).
const TURNS: usize = 60;

/// A game of `variant` the engine plays against itself that lasts [`TURNS`] turns, cut there.
fn long_game(variant: Variant) -> Game {
    let engine = Engine::new();
    let Some(level) = Level::new(5).map(Player::Level) else {
        panic!("level 5 exists");
    };
    let settings = MatchSettings {
        variant,
        movetime_cap: Some(std::time::Duration::from_millis(40)),
        time_scale: None,
        depth_cap: None,
        nodes_cap: None,
        threads: 1,
        max_turns: 2 * TURNS,
        random_plies: 4,
        seed: 1,
    };
    let mut seed = 0;
    loop {
        seed += 1;
        let mut game = match random_opening(variant, 4, seed) {
            Ok(game) => game,
            Err(e) => panic!("opening: {e}"),
        };
        while game.outcome().is_none() && game.turns().len() < 2 * TURNS {
            let Some(turn) = choose(
                &engine,
                level,
                &game,
                &settings,
                seed ^ game.turns().len() as u64,
            ) else {
                break;
            };
            if game.play(turn).is_err() {
                break;
            }
        }
        if game.outcome().is_none() && game.turns().len() == 2 * TURNS {
            return game;
        }
    }
}

fn origin(user: &str, id: u64) -> Origin {
    Origin {
        guild: Some(1),
        channel: 10,
        user: User {
            id,
            name: user.into(),
        },
        locale: Locale::default(),
    }
}

/// Plays `game` through `service` between alice (White) and bob, resigns it, and returns
/// its id.
async fn entered(service: &GameService, game: &Game) -> u64 {
    let (alice, bob) = (origin("alice", 1), origin("bob", 2));
    let challenge = Command::Challenge {
        opponent: Some(bob.user.clone()),
        variant: game.variant(),
        setup: None,
        color: domain::ColorChoice::White,
        deadline: None,
        time: None,
        rated: Some(false),
    };
    service.execute(&alice, challenge, Options::default()).await;
    let Some(id) = service
        .execute(&bob, Command::Accept, Options::default())
        .await
        .game
    else {
        panic!("no game started");
    };
    // The opening was random from the start, so the game replays from the usual setup.
    for (ply, notation) in game.notations().into_iter().enumerate() {
        let mover = if ply % 2 == 0 { &alice } else { &bob };
        let reply = service
            .execute(mover, Command::Move(notation.clone()), Options::default())
            .await;
        assert!(!reply.private, "ply {ply} `{notation}`: {reply:?}");
    }
    service
        .execute(&alice, Command::Resign, Options::default())
        .await;
    id
}

fn main() {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => panic!("runtime: {e}"),
    };
    runtime.block_on(async {
        for variant in [Variant::Standard, Variant::Avalanche] {
            let game = long_game(variant);
            let storage = match Storage::open_in_memory() {
                Ok(storage) => storage,
                Err(e) => panic!("storage: {e}"),
            };
            let service = match GameService::open(
                ServiceConfig::default(),
                Arc::new(storage),
                Arc::new(SystemClock),
            )
            .await
            {
                Ok(service) => service,
                Err(e) => panic!("service: {e}"),
            };
            let id = entered(&service, &game).await;
            let carol = origin("carol", 3);
            let ask = || {
                service.execute(
                    &carol,
                    Command::Review {
                        game: Some(id),
                        turn: None,
                    },
                    Options::default(),
                )
            };
            let started = Instant::now();
            let reply = ask().await;
            let first = started.elapsed();
            let Some(Message::Review(ReviewMsg::Summary(summary))) = reply.messages.first() else {
                panic!("no review: {reply:?}");
            };
            let started = Instant::now();
            ask().await;
            let again = started.elapsed();
            println!(
                "{}: {} turns ({} positions) at depth {}: reviewed in {:.1} s, \
                 {:.2} s a position; asked again: {:.1} ms; accuracy {:?}, marks {:?}",
                variant.id(),
                game.turns().len() / 2,
                game.turns().len() + 1,
                summary.depth,
                first.as_secs_f64(),
                first.as_secs_f64() / (game.turns().len() + 1) as f64,
                again.as_secs_f64() * 1000.0,
                summary.accuracy,
                summary.counts,
            );
        }
    });
}
