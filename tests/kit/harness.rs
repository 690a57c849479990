//! The service harness: a service on a temporary database with a hand-driven clock, driven by
//! console command lines, whose replies are drawn as a front draws them; and the helpers the
//! suites share (reply readers, seeded games, sample records).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use console::{CONSOLE_GUILD, Request, parse_line, room_channel};
use domain::messages::{Message, NoticeMsg, Refusal, TurnMsg, ViewMsg};
use domain::timing::{Clocks, TimeControl};
use domain::{ChannelId, Command, GameRecord, GameState, Locale, Notice, Origin, Reply, User};
use rules::{Color, EndReason, Game, Position, Turn, Variant};
use service::{GameService, ManualClock, Options, ServiceConfig};
use storage::Storage;

/// A reply as the console shows it in English, for messages and errors of tests.
pub fn text(reply: &Reply) -> String {
    present::reply_text(reply, present::i18n::Surface::Console)
}

/// The rules' reason and the suggestions of a refused turn; panics for any other reply.
pub fn illegal(reply: &Reply) -> (&rules::MoveError, &[String]) {
    assert!(reply.private, "a refusal is private: {reply:?}");
    reply
        .messages
        .iter()
        .find_map(|m| match m {
            Message::Refusal(Refusal::Illegal { error, suggestions }) => {
                Some((error, suggestions.as_slice()))
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("not an illegal turn: {reply:?}"))
}

/// The notation of every turn a reply announces as played.
pub fn played(reply: &Reply) -> Vec<&str> {
    reply
        .messages
        .iter()
        .filter_map(|m| match m {
            Message::Turn(TurnMsg::Played { ply, .. }) => Some(ply.notation.as_str()),
            _ => None,
        })
        .collect()
}

/// The refusal a reply says, if any.
pub fn refusal(reply: &Reply) -> Option<&Refusal> {
    reply.messages.iter().find_map(|m| match m {
        Message::Refusal(r) => Some(r),
        _ => None,
    })
}

/// Whether a reply announces a game lost on time.
pub fn lost_on_time(reply: &Reply) -> bool {
    reply
        .messages
        .iter()
        .any(|m| matches!(m, Message::Notice(NoticeMsg::LostOnTime { .. })))
}

/// A guild id whose shard among `total` is `shard` (Discord puts `(id >> 22) % total` there),
/// told apart from others of the same shard by `salt`.
pub fn guild_in_shard(shard: u64, total: u64, salt: u64) -> u64 {
    ((salt * total + shard) << 22) | (salt & 0x3F_FFFF)
}

/// The record a reply shows (the `moves` command), or `""` for none.
pub fn record(reply: &Reply) -> &str {
    reply
        .messages
        .iter()
        .find_map(|m| match m {
            Message::View(ViewMsg::Record { record, .. }) => Some(record.as_str()),
            _ => None,
        })
        .unwrap_or_default()
}

/// The result a reply announces, if it ends the game.
pub fn over(reply: &Reply) -> Option<rules::Outcome> {
    reply.messages.iter().find_map(|m| match m {
        Message::Turn(TurnMsg::Over(o)) => Some(*o),
        _ => None,
    })
}

/// A service on a database file in a temporary folder, with a manual clock.
pub struct Harness {
    /// The service under test.
    pub service: GameService,
    /// Its clock, moved by hand.
    pub clock: Arc<ManualClock>,
    /// Its store, for looking behind the service's back.
    pub storage: Storage,
    /// Draws the replies' boards and replays, as a front does once the service answered.
    pub renderer: Arc<render::Renderer>,
    /// The database file.
    pub db: PathBuf,
    /// The service's settings, kept for restarts.
    pub config: ServiceConfig,
    /// The languages every command of the harness comes with.
    pub locale: Locale,
    _dir: tempfile::TempDir,
}

/// 2026-01-01T00:00:00Z: tests start here.
pub fn epoch() -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(1_767_225_600)
}

/// A renderer with the default options.
pub fn renderer() -> Arc<render::Renderer> {
    Arc::new(render::Renderer::new(render::RenderOptions::default()).expect("renderer"))
}

impl Harness {
    /// A harness with the default settings.
    pub async fn new() -> Harness {
        Harness::with_config(ServiceConfig::default()).await
    }

    /// A harness with these settings.
    pub async fn with_config(config: ServiceConfig) -> Harness {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = dir.path().join("nadare.db");
        let storage = Storage::open(&db).expect("open storage");
        let clock = Arc::new(ManualClock::new(epoch()));
        let service = GameService::open(config.clone(), Arc::new(storage.clone()), clock.clone())
            .await
            .expect("open service");
        Harness {
            service,
            clock,
            storage,
            renderer: renderer(),
            db,
            config,
            locale: Locale::default(),
            _dir: dir,
        }
    }

    /// A second service on the same database file, as after a restart.
    pub async fn restart(&mut self) {
        self.service.shutdown().await;
        let storage = Storage::open(&self.db).expect("reopen storage");
        self.service = GameService::open(
            self.config.clone(),
            Arc::new(storage.clone()),
            self.clock.clone(),
        )
        .await
        .expect("reopen service");
        self.storage = storage;
    }

    /// Runs a console-style line (`alice> move e4`) in room `room`.
    pub async fn say_in(&self, room: &str, line: &str) -> Reply {
        let parsed = parse_line(line).unwrap_or_else(|e| panic!("bad test line `{line}`: {e}"));
        let origin = Origin {
            guild: Some(CONSOLE_GUILD),
            channel: room_channel(room),
            user: parsed.user,
            locale: self.locale,
        };
        self.execute(&origin, parsed.command).await
    }

    /// The service's reply to a console-style line in the main room as it gives it: its board
    /// and replay still data, not drawn.
    pub async fn say_undrawn(&self, line: &str) -> Reply {
        let parsed = parse_line(line).unwrap_or_else(|e| panic!("bad test line `{line}`: {e}"));
        let origin = Origin {
            user: parsed.user,
            ..self.origin("")
        };
        self.service
            .execute(&origin, parsed.command, Options::default())
            .await
    }

    /// The service's reply to `request` (a game command or a tournament's) from `origin`, its
    /// pictures drawn as a front draws them.
    pub async fn execute(&self, origin: &Origin, request: impl Into<Request>) -> Reply {
        let mut reply = self
            .service
            .execute(origin, request, Options::default())
            .await;
        present::draw(&self.renderer, &mut reply, None).await;
        reply
    }

    /// The notices due now, their pictures drawn as a front draws them.
    pub async fn sweep(&self) -> Vec<Notice> {
        let mut notices = self.service.sweep().await;
        for notice in &mut notices {
            present::draw(&self.renderer, &mut notice.reply, None).await;
        }
        notices
    }

    /// The notices a timer posts when game `id`'s clock runs out: waits (up to ten seconds
    /// of real time, nothing settling the game meanwhile) until the timer has stored its
    /// end, then sweeps as the front it wakes does. Panics if the timer never ends it.
    pub async fn timed_notices(&self, id: u64) -> Vec<Notice> {
        let start = std::time::Instant::now();
        loop {
            let stored = domain::Games::load_game(&self.storage, id)
                .await
                .expect("load")
                .expect("stored");
            if stored.row.state.finished.is_some() {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "game {id}'s timer did not end it"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        println!(
            "game {id} ended by its timer {:?} after the clock moved",
            start.elapsed()
        );
        self.sweep().await
    }

    /// Where `user` gives commands in the main room.
    pub fn origin(&self, user: &str) -> Origin {
        Origin {
            guild: Some(CONSOLE_GUILD),
            channel: main_room(),
            user: console::user(user),
            locale: self.locale,
        }
    }

    /// Runs a console-style line in the main room.
    pub async fn say(&self, line: &str) -> Reply {
        self.say_in("main", line).await
    }

    /// Runs a command for a user in a channel.
    pub async fn run(&self, channel: ChannelId, user: &str, command: Command) -> Reply {
        let origin = Origin {
            guild: Some(CONSOLE_GUILD),
            channel,
            user: console::user(user),
            locale: self.locale,
        };
        self.execute(&origin, command).await
    }

    /// Moves the clock on by `by`.
    pub fn advance(&self, by: Duration) {
        self.clock.advance(by);
    }
}

/// The main room's channel id.
pub fn main_room() -> ChannelId {
    room_channel("main")
}

/// A small deterministic generator (xorshift64*), so found games never change.
pub struct Rng(u64);

impl Rng {
    /// The generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// The next number below `n` (0 for `n` = 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// The legal turns of `pos` except the pushes that lose at once.
pub fn turns_that_do_not_lose(pos: &Position) -> Vec<Turn> {
    pos.legal_turns()
        .into_iter()
        .filter(|t| !pos.is_losing_push(t))
        .collect()
}

/// A game found by play the rules core verifies: from `variant` (and setup), each side takes a
/// mate when one exists, never plays a losing push, and otherwise plays a seeded random legal
/// turn; the first seed whose game ends in checkmate wins. Returns the canonical notations.
pub fn find_mating_game(variant: Variant, chess960: Option<u16>) -> Vec<String> {
    for seed in 1..200 {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(variant, chess960).expect("setup");
        while game.outcome().is_none() && game.turns().len() < 300 {
            let turns = turns_that_do_not_lose(game.position());
            if turns.is_empty() {
                break;
            }
            let mate = turns.iter().find(|t| {
                let mut g = game.clone();
                g.play(**t).is_ok()
                    && g.outcome()
                        .is_some_and(|o| o.reason == EndReason::Checkmate)
            });
            let turn = match mate {
                Some(t) => *t,
                None => turns[rng.below(turns.len())],
            };
            game.play(turn).expect("legal turn");
        }
        if game
            .outcome()
            .is_some_and(|o| o.reason == EndReason::Checkmate)
        {
            return game.notations();
        }
    }
    panic!("no mating game found for {variant}");
}

/// What a reply shows of a game going on: its first `n` turns, no result.
pub fn plies(n: usize) -> domain::Shown {
    domain::Shown {
        plies: n,
        over: false,
    }
}

/// A user with an id and a display name.
pub fn user(id: u64, name: &str) -> User {
    User {
        id,
        name: name.to_string(),
    }
}

/// A game record with every stored field set, some to values a backend could mangle: names
/// with non-ASCII letters and quotes, a Chess960 setup and its start as FEN, a deadline, a
/// clock (a berserk Black), an offer and a half-entered turn.
pub fn sample_game(id: u64, guild: Option<u64>, channel: u64) -> GameRecord {
    GameRecord {
        id,
        guild,
        channel,
        variant: Variant::AvalancheBalanced,
        chess960: Some(518),
        start_fen: Some(rules::STANDARD_START.to_string()),
        white: user(1, "Ålice ♟"),
        black: user(2, "bob \"the\" rook"),
        deadline: Some(Duration::from_secs(86_400)),
        time: Some(TimeControl {
            base: Duration::from_millis(90_500),
            increment: Duration::from_secs(2),
        }),
        created_ms: 1_000,
        rated: true,
        state: GameState {
            turn_started_ms: 2_000,
            reminded: true,
            draw_offer: Some(Color::Black),
            takeback: None,
            pending: Some("prefix:-:g1f3".into()),
            finished: None,
            revision: 0,
            clocks: Some(Clocks {
                white_ms: 90_500,
                black_ms: 87_250,
            }),
            berserk: [false, true],
        },
    }
}
