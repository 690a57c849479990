//! Tournaments in a server: created, joined, started, and carried round by round.
//!
//! Nothing about a tournament is held in memory: each command and each step reads it from the
//! store, and every change of its round or state is a conditional write, so a round is paired
//! once whichever process sees its last game end first. Each game is played in a room of its
//! own that the front opens ([`GameRooms`]); its id is reserved when the round is paired, so a
//! board's game is started once, and a process that stopped between a game's end and the next
//! round carries on at its first sweep ([`Tournaments::progress`] is idempotent).
//!
//! Decisions: one tournament at a time per server (open or running); Chess960 tournaments
//! play one setup per round, the same on every board (drawn when the round is paired); a game
//! lost on time before the loser's first move is a forfeit, and a player with two forfeits is
//! withdrawn; an aborted game is lost by both (a double forfeit); a withdrawn player's games
//! of later rounds are forfeited (round robin) or not paired (Swiss).

mod archive;
mod arena;
mod arenas;
mod model;
mod standings;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use domain::clock::millis;
use domain::input::clean_name;
use domain::messages::{BoardLine, EarlyEnd, NoticeMsg, TournamentMsg};
use domain::timing::TimeControl;
use domain::{
    Action, BoardResult, ChallengeRecord, ChannelId, ColorChoice, GameRooms, GuildId, Locale,
    Notice, Organiser, Origin, Owed, Reply, Room, RoundShown, SetupChoice, StoreError, StoredGame,
    TournamentAsk, TournamentBoard, TournamentFormat, TournamentId, TournamentRecord,
    TournamentState, TournamentSummary, User, Withdrawal,
};
use domain::{
    DEFAULT_ARENA_LENGTH, MAX_ARENA_LENGTH, MAX_SWISS_ROUNDS, MAX_TOURNAMENT_NAME, MIN_ARENA_LENGTH,
};
use rand::Rng;
use rules::{Color, EndReason, Outcome, Variant};
use tournament::{Pairing, berger, dutch};

use super::challenges::Challenges;
use super::context::{Context, lock};
use super::games::Games;
use super::live::Slot;
use super::replies::{save_failed, stamped};
use super::settings::Settings;
use model::{in_order, model, plays, total_rounds};
use standings::standings_reply;

pub use archive::tournament_report;

/// The rounds of a Swiss when none are asked for.
const DEFAULT_SWISS_ROUNDS: u32 = 5;

/// The soonest a tournament may be set to start by itself.
const MIN_START: Duration = Duration::from_secs(60);

/// The latest a tournament may be set to start by itself.
const MAX_START: Duration = Duration::from_secs(30 * DAY_SECS);

/// Seconds in a day.
const DAY_SECS: u64 = 24 * 60 * 60;

/// The clock of an arena whose creator named none (lichess's usual).
const DEFAULT_ARENA_TIME: &str = "3+2";

/// Forfeits after which a player is withdrawn.
const FORFEITS_TO_REMOVE: usize = 2;

/// The tournaments: where their games are played, and what waits for the next sweep.
pub(crate) struct Tournaments {
    ctx: Arc<Context>,
    games: Arc<Games>,
    challenges: Arc<Challenges>,
    settings: Arc<Settings>,
    /// Where tournament games are played (set by the front; see [`Tournaments::set_rooms`]).
    rooms: OnceLock<Arc<dyn GameRooms>>,
    /// Tournaments with a game that found no room, tried again at the next sweep.
    roomless: Mutex<Vec<TournamentId>>,
    /// Whether this process has carried on the running tournaments once since its start.
    resumed: AtomicBool,
    /// Arenas whose time is up, to carry on (end) at the next sweep.
    ending: Arc<Mutex<Vec<TournamentId>>>,
}

impl Tournaments {
    /// The tournaments played in the games `games` holds, started as `challenges` start
    /// games.
    pub(crate) fn new(
        ctx: Arc<Context>,
        games: Arc<Games>,
        challenges: Arc<Challenges>,
        settings: Arc<Settings>,
    ) -> Tournaments {
        Tournaments {
            ctx,
            games,
            challenges,
            settings,
            rooms: OnceLock::new(),
            roomless: Mutex::new(Vec::new()),
            resumed: AtomicBool::new(false),
            ending: Arc::new(Mutex::new(Vec::new())),
        }
    }

    /// Tells the service where tournament games are played: without rooms, tournaments
    /// cannot start.
    pub(crate) fn set_rooms(&self, rooms: Arc<dyn GameRooms>) {
        if self.rooms.set(rooms).is_err() {
            tracing::warn!("game rooms were set twice; keeping the first");
        }
    }

    /// Carries out a tournament command for `origin`. What follows from it in other
    /// channels (games started) is queued for the next sweep.
    pub(crate) async fn answer(&self, origin: &Origin, ask: TournamentAsk) -> Reply {
        let Some(guild) = origin.guild else {
            return Reply::private(TournamentMsg::NoServer);
        };
        let named = ask.tournament();
        let current = match named {
            Some(id) => match self.ctx.db().tournament(id).await {
                Ok(Some(t)) if t.guild == guild => Some(t),
                Ok(_) => return Reply::private(TournamentMsg::Unknown { id }),
                Err(e) => return save_failed(&e),
            },
            None => match self.ctx.db().guild_tournaments(guild).await {
                Ok(list) => {
                    let live = list.iter().position(|t| t.state.is_live());
                    match live {
                        Some(at) => list.into_iter().nth(at),
                        None => list.into_iter().next(),
                    }
                }
                Err(e) => return save_failed(&e),
            },
        };
        if let TournamentAsk::Create {
            name,
            variant,
            format,
            rounds,
            deadline,
            time,
            length,
            rated,
            random_setup,
            start,
            by,
        } = ask
        {
            if let Some(t) = current.filter(|t| t.state.is_live()) {
                return Reply::private(TournamentMsg::OneAtATime { name: t.name });
            }
            let name = clean_name(&name);
            if name.is_empty() || name.chars().count() > usize::from(MAX_TOURNAMENT_NAME) {
                return Reply::private(TournamentMsg::BadName {
                    max: MAX_TOURNAMENT_NAME,
                });
            }
            match self.may_organise(guild, &by).await {
                Ok(true) => {}
                Ok(false) => return Reply::private(TournamentMsg::NotOrganiser),
                Err(e) => return save_failed(&e),
            }
            let rounds = match format {
                TournamentFormat::Swiss => rounds.unwrap_or(DEFAULT_SWISS_ROUNDS),
                _ => 0,
            };
            if format == TournamentFormat::Swiss && !(1..=MAX_SWISS_ROUNDS).contains(&rounds) {
                return Reply::private(TournamentMsg::BadRounds {
                    max: MAX_SWISS_ROUNDS,
                });
            }
            if random_setup && !variant.allows_chess960_setup() {
                return Reply::private(TournamentMsg::FixedSetup { variant });
            }
            let arena = format == TournamentFormat::Arena;
            let length = arena.then(|| length.unwrap_or(DEFAULT_ARENA_LENGTH));
            if length.is_some_and(|l| !(MIN_ARENA_LENGTH..=MAX_ARENA_LENGTH).contains(&l)) {
                return Reply::private(TournamentMsg::BadLength {
                    min: MIN_ARENA_LENGTH,
                    max: MAX_ARENA_LENGTH,
                });
            }
            // An arena is played on a clock: lichess's usual 3+2 unless another is asked.
            let time = match time {
                Some(time) => Some(time),
                None if arena => TimeControl::parse(DEFAULT_ARENA_TIME).ok(),
                None => None,
            };
            if start.is_some_and(|s| s < MIN_START || s > MAX_START) {
                return Reply::private(TournamentMsg::BadStart {
                    max_days: MAX_START.as_secs() / DAY_SECS,
                });
            }
            let id = match self.ctx.db().new_id().await {
                Ok(id) => id,
                Err(e) => return save_failed(&e),
            };
            // Games on a clock have no deadline per turn.
            let deadline = match time {
                Some(_) => None,
                None => deadline.or(self.ctx.config.default_deadline),
            };
            let now = self.ctx.now_ms();
            let t = TournamentRecord {
                id,
                guild,
                channel: origin.channel,
                name: name.clone(),
                variant,
                format,
                rounds,
                deadline,
                time,
                length,
                ends_ms: None,
                rated,
                random_setup: random_setup || variant == Variant::Chess960,
                starts_ms: start.map(|s| now.saturating_add(millis(s))),
                state: TournamentState::Open,
                round: 0,
                creator: origin.user.clone(),
                created_ms: now,
                players: Vec::new(),
                boards: Vec::new(),
            };
            if let Err(e) = self.ctx.db().create_tournament(&t).await {
                return save_failed(&e);
            }
            let mut reply = Reply {
                actions: vec![Action::JoinTournament(id), Action::LeaveTournament(id)],
                ..Reply::public(TournamentMsg::Created {
                    name,
                    variant,
                    format,
                    rounds,
                    rated,
                    deadline,
                    random_setup: t.random_setup,
                    start,
                    time,
                    length,
                })
            };
            if format == TournamentFormat::Swiss && rounds > 1 {
                reply.messages.push(
                    TournamentMsg::RoundsNeedPlayers {
                        rounds,
                        players: dutch::sure_players(rounds),
                    }
                    .into(),
                );
            }
            return reply;
        }
        if let TournamentAsk::Organisers(role) = ask {
            let stored = self
                .ctx
                .db()
                .set_organiser_role(guild, role.as_ref().map(|r| r.id))
                .await;
            return match stored {
                Ok(()) => Reply::public(TournamentMsg::Organisers {
                    role: role.map(|r| r.name),
                }),
                Err(e) => save_failed(&e),
            };
        }
        let Some(t) = current else {
            return Reply::private(TournamentMsg::NoTournament);
        };
        match ask {
            TournamentAsk::Create { .. } | TournamentAsk::Organisers(_) => {
                Reply::private(TournamentMsg::NoTournament)
            }
            TournamentAsk::Join(_) => self.join(origin, &t).await,
            TournamentAsk::Leave(named) => self.leave(origin, &t, named.is_none()).await,
            TournamentAsk::Start => self.start_tournament(origin, &t).await,
            TournamentAsk::Standings(_) => standings_reply(&t),
            TournamentAsk::Pairings { round, .. } => {
                let round = round.unwrap_or(t.round);
                if round == 0 || round > t.round {
                    return Reply::private(TournamentMsg::NoRound { round });
                }
                Reply::public(round_msg(&t, round))
            }
            TournamentAsk::Info(_) => Reply::public(TournamentMsg::Info {
                id: t.id,
                name: t.name.clone(),
                variant: t.variant,
                format: t.format,
                rounds: total_rounds(&t),
                state: t.state,
                round: t.round,
                rated: t.rated,
                players: t.players.iter().map(|p| p.user.name.clone()).collect(),
            }),
            TournamentAsk::Cancel => {
                if origin.user.id != t.creator.id {
                    return Reply::private(TournamentMsg::NotCreator {
                        creator: t.creator.name.clone(),
                    });
                }
                if !t.state.is_live() {
                    return Reply::private(TournamentMsg::NotRunning { name: t.name });
                }
                match self.cancel_tournament(&t).await {
                    Ok(()) => Reply::public(TournamentMsg::Cancelled { name: t.name }),
                    Err(e) => save_failed(&e),
                }
            }
        }
    }

    /// The tournaments of `guild` whose name holds `typed` (any case) or whose id starts
    /// with it, newest first, at most `max`: for a front's autocomplete.
    pub(crate) async fn choices(
        &self,
        guild: GuildId,
        typed: &str,
        max: usize,
    ) -> Vec<TournamentSummary> {
        let list = match self.ctx.db().guild_tournaments(guild).await {
            Ok(list) => list,
            Err(e) => {
                tracing::warn!(guild, error = %e, "could not list the server's tournaments");
                return Vec::new();
            }
        };
        let typed = typed.trim().to_lowercase();
        let number = typed.trim_start_matches('#');
        list.into_iter()
            .filter(|t| {
                t.name.to_lowercase().contains(&typed)
                    || (!number.is_empty() && t.id.to_string().starts_with(number))
            })
            .take(max)
            .map(|t| TournamentSummary {
                id: t.id,
                name: t.name,
                state: t.state,
            })
            .collect()
    }

    /// Cancels `t`, open or running, from the round and state it was read in.
    pub(crate) async fn cancel_tournament(&self, t: &TournamentRecord) -> Result<(), StoreError> {
        self.ctx
            .db()
            .advance_tournament(
                t.id,
                (t.round, t.state),
                (t.round, TournamentState::Cancelled),
                &[],
            )
            .await
    }

    /// Cancels the open and running tournaments of `guild` (only those announced in
    /// `channel`, when given).
    pub(crate) async fn cancel_in(&self, guild: GuildId, channel: Option<ChannelId>) {
        let list = match self.ctx.db().guild_tournaments(guild).await {
            Ok(list) => list,
            Err(e) => {
                tracing::error!(guild, error = %e, "could not read the tournaments of a place gone");
                return;
            }
        };
        let live = list
            .iter()
            .filter(|t| t.state.is_live() && channel.is_none_or(|c| c == t.channel));
        for t in live {
            let cancelled = self.cancel_tournament(t).await;
            match cancelled {
                Ok(()) => tracing::info!(
                    tournament = t.id,
                    "cancelled a tournament whose place is gone"
                ),
                Err(e) => {
                    tracing::warn!(tournament = t.id, error = %e, "could not cancel a tournament whose place is gone")
                }
            }
        }
    }

    async fn join(&self, origin: &Origin, t: &TournamentRecord) -> Reply {
        if t.format == TournamentFormat::Arena && t.state == TournamentState::Running {
            return self.join_arena(origin, t).await;
        }
        if t.state != TournamentState::Open {
            return Reply::private(TournamentMsg::NotOpen {
                name: t.name.clone(),
            });
        }
        if t.players.iter().any(|p| p.user.id == origin.user.id) {
            return Reply::private(TournamentMsg::AlreadyIn {
                name: t.name.clone(),
            });
        }
        match self.ctx.db().join_tournament(t.id, &origin.user).await {
            Ok(()) => Reply::public(TournamentMsg::Joined {
                name: t.name.clone(),
                player: origin.user.name.clone(),
                players: t.players.len() + 1,
            }),
            Err(e) => save_failed(&e),
        }
    }

    /// Takes the caller out of `t`: before the start, or with `may_withdraw` after it.
    pub(crate) async fn leave(
        &self,
        origin: &Origin,
        t: &TournamentRecord,
        may_withdraw: bool,
    ) -> Reply {
        let user = origin.user.id;
        let entrant = t.players.iter().find(|p| p.user.id == user);
        match (t.state, entrant) {
            (TournamentState::Open, Some(_)) => {
                match self.ctx.db().leave_tournament(t.id, user).await {
                    Ok(()) => Reply::public(TournamentMsg::Left {
                        name: t.name.clone(),
                        player: origin.user.name.clone(),
                        players: t.players.len() - 1,
                    }),
                    Err(e) => save_failed(&e),
                }
            }
            (TournamentState::Running, Some(p))
                if t.format == TournamentFormat::Arena && !p.withdrawn =>
            {
                self.pause_arena(origin, t, p.seq).await
            }
            (TournamentState::Running, Some(p)) if may_withdraw && !p.withdrawn => {
                if let Err(e) = self.withdraw(t, &origin.user).await {
                    return save_failed(&e);
                }
                Reply {
                    tells: Some(Owed::Withdrawal {
                        tournament: t.id,
                        seq: p.seq,
                    }),
                    ..Reply::public(TournamentMsg::Withdrew {
                        name: t.name.clone(),
                        player: origin.user.name.clone(),
                    })
                }
            }
            (TournamentState::Running, Some(p)) if !p.withdrawn => {
                Reply::private(TournamentMsg::NotOpen {
                    name: t.name.clone(),
                })
            }
            (TournamentState::Open | TournamentState::Running, _) => {
                Reply::private(TournamentMsg::NotIn {
                    name: t.name.clone(),
                })
            }
            _ => Reply::private(TournamentMsg::NotOpen {
                name: t.name.clone(),
            }),
        }
    }

    /// Withdraws `user`: paired no more, and their game of the current round resigned (or,
    /// when it never started, forfeited).
    async fn withdraw(&self, t: &TournamentRecord, user: &User) -> Result<(), StoreError> {
        self.ctx
            .db()
            .withdraw_player(t.id, user.id, Withdrawal::Withdrew)
            .await?;
        let Some(board) = t
            .round_boards(t.round)
            .find(|b| b.result.is_none() && plays(b, user.id))
        else {
            return Ok(());
        };
        let room = match board.game {
            Some(game) => self.games.channel_of_game(game),
            None => None,
        };
        if let Some(channel) = room {
            let mut guard = self.games.slot(channel).await;
            let origin = Origin {
                guild: Some(t.guild),
                channel,
                user: user.clone(),
                locale: Locale::default(),
            };
            let reply = self.challenges.resign(&origin, &mut guard).await;
            if !reply.private {
                let lang = self.settings.guild_lang(Some(t.guild));
                let reply = Reply {
                    lang,
                    ..stamped(&guard, reply)
                };
                self.ctx.outbox.queue(vec![Notice { channel, reply }]);
                return Ok(());
            }
        }
        let result = if board.white.id == user.id {
            BoardResult::BlackForfeit
        } else {
            BoardResult::WhiteForfeit
        };
        match self
            .ctx
            .db()
            .record_board(t.id, board.round, board.board, result, [false, false])
            .await
        {
            Err(e) if !e.is_conflict() => Err(e),
            _ => {
                let follow = self.progress(t.id).await;
                self.ctx.outbox.queue(follow);
                Ok(())
            }
        }
    }

    async fn start_tournament(&self, origin: &Origin, t: &TournamentRecord) -> Reply {
        if origin.user.id != t.creator.id {
            return Reply::private(TournamentMsg::NotCreator {
                creator: t.creator.name.clone(),
            });
        }
        if t.state != TournamentState::Open {
            return Reply::private(TournamentMsg::NotOpen {
                name: t.name.clone(),
            });
        }
        if t.players.len() < 2 {
            return Reply::private(TournamentMsg::TooFew {
                name: t.name.clone(),
                players: t.players.len(),
            });
        }
        self.begin(t).await
    }

    /// Pairs round 1 of open tournament `t` and starts it; its games begin at the next
    /// settling. The reply announces the round.
    async fn begin(&self, t: &TournamentRecord) -> Reply {
        if self.rooms.get().is_none() {
            return Reply::private(TournamentMsg::NoRooms);
        }
        let paired = match t.format {
            TournamentFormat::Arena => self.arena_wave(t).await.map_err(Unpaired::Store),
            _ => self.pair(t, 1).await,
        };
        let boards = match paired {
            Ok(boards) => boards,
            Err(Unpaired::Rules(_)) => {
                return Reply::private(TournamentMsg::Unpairable {
                    name: t.name.clone(),
                });
            }
            Err(Unpaired::Store(e)) => return save_failed(&e),
        };
        let moved = self
            .ctx
            .db()
            .advance_tournament(
                t.id,
                (0, TournamentState::Open),
                (1, TournamentState::Running),
                &boards,
            )
            .await;
        if let Err(e) = moved {
            return save_failed(&e);
        }
        if let Some(length) = t.length {
            let ends_ms = self.ctx.now_ms().saturating_add(millis(length));
            if let Err(e) = self.ctx.db().set_tournament_end(t.id, ends_ms).await {
                tracing::error!(tournament = t.id, error = %e, "could not store an arena's end");
            }
            self.wake_at_end(t.id, ends_ms);
        }
        let follow = self.progress(t.id).await;
        self.ctx.outbox.queue(follow);
        let mut started = t.clone();
        started.boards = boards;
        started.round = 1;
        let mut reply = Reply {
            shows_round: Some(RoundShown {
                tournament: t.id,
                round: 1,
                over: false,
            }),
            ..Reply::public(round_msg(&started, 1))
        };
        let players = u32::try_from(t.players.len()).unwrap_or(u32::MAX);
        let sure = dutch::sure_rounds(players);
        if t.format == TournamentFormat::Swiss && sure < t.rounds {
            reply.messages.push(
                TournamentMsg::MayEndEarly {
                    name: t.name.clone(),
                    players: t.players.len(),
                    rounds: t.rounds,
                    sure,
                }
                .into(),
            );
        }
        reply
    }

    /// Starts the open tournaments whose start time has come: each start is tried once (the
    /// time is cleared first, conditionally, so one process tries it); one with too few
    /// players stays open for its creator to start, and says so. Returns what to post.
    pub(crate) async fn start_due_tournaments(&self) -> Vec<Notice> {
        let due = match self
            .ctx
            .db()
            .due_tournaments(self.ctx.config.shards, self.ctx.now_ms())
            .await
        {
            Ok(due) => due,
            Err(e) => {
                tracing::error!(error = %e, "could not load the tournaments due to start");
                return Vec::new();
            }
        };
        let mut notices = Vec::new();
        for t in due {
            match self.ctx.db().clear_tournament_start(t.id).await {
                Ok(()) => {}
                Err(e) if e.is_conflict() => continue,
                Err(e) => {
                    tracing::error!(tournament = t.id, error = %e, "could not clear a start time");
                    continue;
                }
            }
            let reply = if t.players.len() < 2 {
                Reply::public(TournamentMsg::NotStarted {
                    name: t.name.clone(),
                    players: t.players.len(),
                })
            } else {
                Reply {
                    private: false,
                    ..self.begin(&t).await
                }
            };
            notices.push(Notice {
                channel: t.channel,
                reply: Reply {
                    lang: self.settings.guild_lang(Some(t.guild)),
                    ..reply
                },
            });
        }
        notices
    }

    /// Whether `by` may create a tournament in `guild`: they may manage it, or have the
    /// role its admins chose.
    async fn may_organise(&self, guild: GuildId, by: &Organiser) -> Result<bool, StoreError> {
        if by.manages_server {
            return Ok(true);
        }
        let settings = self.ctx.db().guild_settings(guild).await?;
        Ok(settings
            .organiser_role
            .is_some_and(|role| by.roles.contains(&role)))
    }

    /// The boards of round `round`, with game ids reserved and byes and forfeits decided.
    async fn pair(
        &self,
        t: &TournamentRecord,
        round: u32,
    ) -> Result<Vec<TournamentBoard>, Unpaired> {
        let order = in_order(t);
        let n = u32::try_from(order.len()).unwrap_or(u32::MAX);
        let pairings: Vec<Pairing> = match t.format {
            // An arena pairs its free players in waves (`arenas`), never by rounds.
            TournamentFormat::Arena => return Err(Unpaired::Rules(EarlyEnd::NoPairing)),
            TournamentFormat::RoundRobin => berger::round_robin(n)
                .into_iter()
                .nth(round.saturating_sub(1) as usize)
                .ok_or(Unpaired::Rules(EarlyEnd::NoPairing))?,
            TournamentFormat::DoubleRoundRobin => berger::double_round_robin(n)
                .into_iter()
                .nth(round.saturating_sub(1) as usize)
                .ok_or(Unpaired::Rules(EarlyEnd::NoPairing))?,
            TournamentFormat::Swiss => {
                let model = model(t, &order, t.round, Some(round));
                match dutch::pair_next_round(&model) {
                    Ok(paired) => paired.pairings,
                    Err(e) => {
                        tracing::info!(tournament = t.id, round, error = %e, "a round cannot be paired");
                        return Err(Unpaired::Rules(match e {
                            dutch::DutchError::TooFewPlayers => EarlyEnd::TooFewLeft,
                            dutch::DutchError::TooLarge => EarlyEnd::TooLarge,
                            dutch::DutchError::NoValidPairing
                            | dutch::DutchError::EntryAfterRound { .. } => EarlyEnd::NoPairing,
                        }));
                    }
                }
            }
        };
        let setup = t.random_setup.then(|| rand::rng().random_range(0..960));
        let entrant = |number: u32| order.get(number as usize - 1).copied();
        let mut boards = Vec::new();
        for (at, pairing) in pairings.iter().enumerate() {
            let board = u32::try_from(at + 1).unwrap_or(u32::MAX);
            let (white, black) = match *pairing {
                Pairing::Game { white, black } => (entrant(white), entrant(black)),
                Pairing::Bye(p) => (entrant(p), None),
            };
            let Some(white) = white else { continue };
            let result = match (white.withdrawn, black.map(|b| b.withdrawn)) {
                (_, None) => Some(BoardResult::Bye),
                (true, Some(true)) => Some(BoardResult::DoubleForfeit),
                (true, Some(false)) => Some(BoardResult::BlackForfeit),
                (false, Some(true)) => Some(BoardResult::WhiteForfeit),
                (false, Some(false)) => None,
            };
            let game = match result {
                None => Some(self.ctx.db().new_id().await.map_err(Unpaired::Store)?),
                Some(_) => None,
            };
            boards.push(TournamentBoard {
                round,
                board,
                white: white.user.clone(),
                black: black.map(|b| b.user.clone()),
                game,
                setup,
                result,
                berserk: [false, false],
            });
        }
        Ok(boards)
    }

    /// Carries tournament `id` as far as it goes now: starts the current round's games not
    /// started yet, stores the results of those that ended, and when the round is complete
    /// pairs the next one (or finishes the tournament). An arena's games of every wave are
    /// carried on alike, and its free players paired in a new wave while its time lasts
    /// ([`Tournaments::next_wave`]). Safe to call any number of times, from any process:
    /// each step is a conditional write. Returns what to post.
    pub(crate) async fn progress(&self, id: TournamentId) -> Vec<Notice> {
        let mut notices = Vec::new();
        loop {
            let t = match self.ctx.db().tournament(id).await {
                Ok(Some(t)) if t.state == TournamentState::Running => t,
                Ok(_) => break,
                Err(e) => {
                    tracing::error!(tournament = id, error = %e, "could not read a tournament");
                    break;
                }
            };
            let arena = t.format == TournamentFormat::Arena;
            // An arena's games of every wave may still be under way; a round's, only its own.
            let open: Vec<&TournamentBoard> = if arena {
                t.boards.iter().collect()
            } else {
                t.round_boards(t.round).collect()
            };
            let Some(recorded) = self.carry_boards(&t, open.into_iter(), &mut notices).await else {
                return notices;
            };
            if recorded {
                continue;
            }
            let next = t.round + 1;
            let boards = if arena {
                match self.next_wave(&t, &mut notices).await {
                    Some(boards) => boards,
                    None => break,
                }
            } else {
                if t.round_boards(t.round).any(|b| b.result.is_none()) {
                    break;
                }
                if t.round >= total_rounds(&t) {
                    notices.extend(self.finish(&t, None).await);
                    break;
                }
                match self.pair(&t, next).await {
                    Ok(boards) => boards,
                    Err(Unpaired::Rules(why)) => {
                        notices.extend(self.finish(&t, Some(why)).await);
                        break;
                    }
                    Err(Unpaired::Store(e)) => {
                        tracing::error!(tournament = id, error = %e, "could not pair the next round");
                        break;
                    }
                }
            };
            let moved = self
                .ctx
                .db()
                .advance_tournament(
                    t.id,
                    (t.round, TournamentState::Running),
                    (next, TournamentState::Running),
                    &boards,
                )
                .await;
            if moved.is_err() {
                // Another process paired it (or the tournament was cancelled meanwhile): its
                // games start there.
                break;
            }
            // An arena's waves start their games without a notice of their own (at the next
            // step, each in its room); a round is announced with the standings before it.
            if !arena {
                let mut paired = t.clone();
                paired.boards.extend(boards);
                notices.extend(self.round_notices(&t, &paired, next));
            }
        }
        notices
    }

    /// Starts the games of `boards` (of `t`) not started yet and stores the results of
    /// those that ended, with who went berserk, adding what to post to `notices`. Whether a
    /// result was stored (the tournament should be read again); `None` when the store failed
    /// (logged).
    async fn carry_boards<'a>(
        &self,
        t: &TournamentRecord,
        boards: impl Iterator<Item = &'a TournamentBoard>,
        notices: &mut Vec<Notice>,
    ) -> Option<bool> {
        let mut recorded = false;
        for b in boards.filter(|b| b.result.is_none()) {
            let Some(game) = b.game else { continue };
            match self.ctx.db().load_game(game).await {
                Ok(None) => notices.extend(self.start_board(t, b).await),
                Ok(Some(stored)) => {
                    let Some(finished) = stored.row.state.finished else {
                        continue;
                    };
                    let result = board_result(&stored, finished.outcome);
                    let berserk = stored.row.state.berserk;
                    match self
                        .ctx
                        .db()
                        .record_board(t.id, b.round, b.board, result, berserk)
                        .await
                    {
                        Ok(()) => notices.extend(self.count_forfeits(t, b, result).await),
                        Err(e) if e.is_conflict() => {}
                        Err(e) => {
                            tracing::error!(tournament = t.id, error = %e, "could not store a result");
                            return None;
                        }
                    }
                    recorded = true;
                }
                Err(e) => {
                    tracing::error!(tournament = t.id, game, error = %e, "could not read a game");
                    return None;
                }
            }
        }
        Some(recorded)
    }

    /// The notices of round `round`'s start: the standings of `before` (the tournament as
    /// its last round ended), then the round's pairings in `paired`, stamped as showing that
    /// round.
    fn round_notices(
        &self,
        before: &TournamentRecord,
        paired: &TournamentRecord,
        round: u32,
    ) -> [Notice; 2] {
        let lang = self.settings.guild_lang(Some(before.guild));
        let notice = |reply: Reply| Notice {
            channel: before.channel,
            reply: Reply { lang, ..reply },
        };
        [
            notice(standings_reply(before)),
            notice(Reply {
                shows_round: Some(RoundShown {
                    tournament: before.id,
                    round,
                    over: false,
                }),
                ..Reply::public(round_msg(paired, round))
            }),
        ]
    }

    /// Finishes running tournament `t` after its current round (stored first, conditionally,
    /// so one process finishes it): the final notice, opened by why it ended `early` when it
    /// did. `None` when it was not finished here.
    async fn finish(&self, t: &TournamentRecord, early: Option<EarlyEnd>) -> Option<Notice> {
        let done = self
            .ctx
            .db()
            .advance_tournament(
                t.id,
                (t.round, TournamentState::Running),
                (t.round, TournamentState::Finished),
                &[],
            )
            .await;
        if let Err(e) = done {
            if !e.is_conflict() {
                tracing::error!(tournament = t.id, error = %e, "could not finish a tournament");
            }
            return None;
        }
        if early.is_some() {
            tracing::info!(
                tournament = t.id,
                round = t.round,
                "a tournament ended early"
            );
        }
        let mut ended = t.clone();
        ended.state = TournamentState::Finished;
        Some(self.end_notice(&ended, early).await)
    }

    /// The final notice of finished tournament `t`, opened by why it ended `early` when it
    /// did, and stamped as showing its end.
    async fn end_notice(&self, t: &TournamentRecord, early: Option<EarlyEnd>) -> Notice {
        let mut reply = self.final_reply(t).await;
        reply.shows_round = Some(RoundShown {
            tournament: t.id,
            round: t.round,
            over: true,
        });
        if let Some(why) = early {
            reply.messages.insert(
                0,
                TournamentMsg::EndedEarly {
                    name: t.name.clone(),
                    played: t.round,
                    planned: total_rounds(t),
                    why,
                }
                .into(),
            );
        }
        Notice {
            channel: t.channel,
            reply: Reply {
                lang: self.settings.guild_lang(Some(t.guild)),
                ..reply
            },
        }
    }

    /// The notices of what a tournament stored and never showed when the process stopped
    /// (see [`RoundShown`]): the current round's standings and pairings, or the final
    /// notice (with why it ended early, found again), each opened by "Announced after a
    /// restart".
    async fn unannounced(&self) -> Vec<Notice> {
        let shards = self.ctx.config.shards;
        let late = match self.ctx.db().unannounced_tournaments(shards).await {
            Ok(late) => late,
            Err(e) => {
                tracing::error!(error = %e, "could not load the tournaments to announce");
                return Vec::new();
            }
        };
        let mut notices = Vec::new();
        for t in late {
            let mut shown = if t.state == TournamentState::Finished {
                let early = if t.round < total_rounds(&t) {
                    match self.pair(&t, t.round + 1).await {
                        Err(Unpaired::Rules(why)) => Some(why),
                        _ => None,
                    }
                } else {
                    None
                };
                vec![self.end_notice(&t, early).await]
            } else {
                self.round_notices(&t, &t, t.round).to_vec()
            };
            if let Some(first) = shown.first_mut() {
                first
                    .reply
                    .messages
                    .insert(0, NoticeMsg::AnnouncedAfterRestart.into());
            }
            notices.extend(shown);
        }
        notices
    }

    /// Starts a board's game in a room of its own; the notice announcing it there.
    async fn start_board(&self, t: &TournamentRecord, b: &TournamentBoard) -> Option<Notice> {
        let rooms = self.rooms.get()?;
        let game = b.game?;
        let room = Room {
            guild: t.guild,
            parent: t.channel,
            tournament: t.id,
            name: &t.name,
            round: b.round,
            board: b.board,
            white: &b.white.name,
            black: b.black.as_ref().map_or("", |u| u.name.as_str()),
            lang: self.settings.guild_lang(Some(t.guild)),
        };
        let Some(channel) = rooms.open_room(&room).await else {
            tracing::warn!(
                tournament = t.id,
                room = room.code(),
                "no room for a tournament game"
            );
            self.retry_later(t.id);
            return None;
        };
        let mut guard = self.games.slot(channel).await;
        if matches!(&*guard, Slot::Challenge(_))
            || matches!(&*guard, Slot::Game(live) if live.outcome().is_none())
        {
            tracing::info!(
                tournament = t.id,
                room = room.code(),
                "the game's room is taken"
            );
            self.retry_later(t.id);
            return None;
        }
        let now = self.ctx.now_ms();
        let challenge = ChallengeRecord {
            id: game,
            guild: Some(t.guild),
            channel,
            challenger: b.white.clone(),
            opponent: b.black.clone(),
            variant: t.variant,
            setup: b.setup.map(SetupChoice::Number),
            color: ColorChoice::White,
            deadline: t.deadline,
            time: t.time,
            created_ms: now,
            expires_ms: now,
            rated: t.rated,
        };
        let mut reply = self.challenges.start(&mut guard, challenge, false).await;
        if reply.private {
            return None;
        }
        if t.format == TournamentFormat::Arena {
            // Either player may go berserk before their first turn.
            reply.actions.insert(0, Action::Berserk);
        }
        reply.messages.insert(
            0,
            TournamentMsg::Game {
                name: t.name.clone(),
                round: b.round,
                board: b.board,
            }
            .into(),
        );
        let mut reply = Reply {
            lang: self.settings.guild_lang(Some(t.guild)),
            ..stamped(&guard, reply)
        };
        self.settings.apply_avatar_setting(&mut reply);
        Some(Notice { channel, reply })
    }

    /// After a forfeit loss: the notice of the loser's removal at their second one.
    async fn count_forfeits(
        &self,
        t: &TournamentRecord,
        b: &TournamentBoard,
        result: BoardResult,
    ) -> Option<Notice> {
        let loser = match result {
            BoardResult::WhiteForfeit => b.black.clone()?,
            BoardResult::BlackForfeit => b.white.clone(),
            _ => return None,
        };
        let earlier = t
            .boards
            .iter()
            .filter(|o| (o.round, o.board) != (b.round, b.board))
            .filter(|o| match o.result {
                Some(BoardResult::WhiteForfeit) => {
                    o.black.as_ref().is_some_and(|u| u.id == loser.id)
                }
                Some(BoardResult::BlackForfeit) => o.white.id == loser.id,
                _ => false,
            })
            .count();
        let withdrawn = t
            .players
            .iter()
            .any(|p| p.user.id == loser.id && p.withdrawn);
        let seq = t.players.iter().find(|p| p.user.id == loser.id)?.seq;
        if withdrawn || earlier + 1 < FORFEITS_TO_REMOVE {
            return None;
        }
        self.ctx
            .db()
            .withdraw_player(t.id, loser.id, Withdrawal::Removed)
            .await
            .ok()?;
        Some(self.withdrawal_notice(t, seq, Withdrawal::Removed, loser.name))
    }

    /// The notice of the withdrawal (or removal) of `player`, entry number `seq` of `t`,
    /// stamped as telling it.
    fn withdrawal_notice(
        &self,
        t: &TournamentRecord,
        seq: u32,
        why: Withdrawal,
        player: String,
    ) -> Notice {
        let name = t.name.clone();
        let message = match why {
            Withdrawal::Withdrew if t.format == TournamentFormat::Arena => {
                TournamentMsg::Paused { name, player }
            }
            Withdrawal::Withdrew => TournamentMsg::Withdrew { name, player },
            Withdrawal::Removed => TournamentMsg::Removed { name, player },
        };
        Notice {
            channel: t.channel,
            reply: Reply {
                lang: self.settings.guild_lang(Some(t.guild)),
                tells: Some(Owed::Withdrawal {
                    tournament: t.id,
                    seq,
                }),
                ..Reply::public(message)
            },
        }
    }

    /// The notices of the withdrawals from tournaments stored and never shown when the process
    /// stopped, each opened by "Announced after a restart".
    async fn unannounced_withdrawals(&self) -> Vec<Notice> {
        let shards = self.ctx.config.shards;
        let owed = match self.ctx.db().unannounced_withdrawals(shards).await {
            Ok(owed) => owed,
            Err(e) => {
                tracing::error!(error = %e, "could not load the withdrawals to announce");
                return Vec::new();
            }
        };
        let mut notices = Vec::new();
        let mut loaded: Option<TournamentRecord> = None;
        for (id, seq, why) in owed {
            if loaded.as_ref().is_none_or(|t| t.id != id) {
                loaded = match self.ctx.db().tournament(id).await {
                    Ok(t) => t,
                    Err(e) => {
                        tracing::error!(tournament = id, error = %e, "could not read a tournament");
                        None
                    }
                };
            }
            let Some(t) = loaded.as_ref().filter(|t| t.id == id) else {
                continue;
            };
            let Some(player) = t.players.iter().find(|p| p.seq == seq) else {
                continue;
            };
            let mut notice = self.withdrawal_notice(t, seq, why, player.user.name.clone());
            notice
                .reply
                .messages
                .insert(0, NoticeMsg::AnnouncedAfterRestart.into());
            notices.push(notice);
        }
        notices
    }

    /// Carries on the tournaments of the games that ended since the last call, and (once
    /// per process, at the first call) every running tournament of the servers served.
    pub(crate) async fn settle_tournaments(&self) -> Vec<Notice> {
        let mut ids = Vec::new();
        let mut notices = Vec::new();
        if !self.resumed.swap(true, Ordering::SeqCst) {
            notices.extend(self.unannounced().await);
            notices.extend(self.unannounced_withdrawals().await);
            match self
                .ctx
                .db()
                .running_tournaments(self.ctx.config.shards)
                .await
            {
                Ok(running) => {
                    for t in &running {
                        if let Some(ends_ms) = t.ends_ms {
                            self.wake_at_end(t.id, ends_ms);
                        }
                    }
                    ids.extend(running.iter().map(|t| t.id));
                }
                Err(e) => tracing::error!(error = %e, "could not load the running tournaments"),
            }
        }
        for id in std::mem::take(&mut *lock(&self.ending)) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        let ended = self.games.take_ended();
        for game in ended {
            match self.ctx.db().board_of_game(game).await {
                Ok(Some((id, _, _))) if !ids.contains(&id) => ids.push(id),
                Ok(_) => {}
                Err(e) => {
                    tracing::error!(game, error = %e, "could not look up a game's tournament")
                }
            }
        }
        for id in ids {
            notices.extend(self.progress(id).await);
        }
        notices
    }

    /// Notes that tournament `id` has a game that could not start (no room, or its room
    /// taken), to try again at the next sweep.
    fn retry_later(&self, id: TournamentId) {
        let mut waiting = lock(&self.roomless);
        if !waiting.contains(&id) {
            waiting.push(id);
        }
    }

    /// Tries again to start the games that found no room (at each sweep).
    pub(crate) async fn retry_rooms(&self) -> Vec<Notice> {
        let waiting = std::mem::take(&mut *lock(&self.roomless));
        let mut notices = Vec::new();
        for id in waiting {
            notices.extend(self.progress(id).await);
        }
        notices
    }
}

/// Why a round was not paired.
enum Unpaired {
    /// The rules (or the pairing program's limits) allow no pairing of it.
    Rules(EarlyEnd),
    /// The store failed while reserving its games.
    Store(StoreError),
}

/// What a finished game brings its board: a loss on time before the loser's first move is
/// a forfeit, an aborted game a double forfeit.
fn board_result(stored: &StoredGame, outcome: Outcome) -> BoardResult {
    let plies = stored.turns.len();
    let clocked = stored.row.time.is_some();
    match (outcome.winner, outcome.reason) {
        // On a clock, a game aborted before a side's first turn is that side's forfeit.
        (None, EndReason::Aborted) if clocked && plies == 0 => BoardResult::BlackForfeit,
        (None, EndReason::Aborted) if clocked && plies == 1 => BoardResult::WhiteForfeit,
        (Some(Color::White), EndReason::Timeout) if plies <= 1 => BoardResult::WhiteForfeit,
        (Some(Color::Black), EndReason::Timeout) if plies == 0 => BoardResult::BlackForfeit,
        (Some(Color::White), _) => BoardResult::WhiteWins,
        (Some(Color::Black), _) => BoardResult::BlackWins,
        (None, EndReason::Aborted) => BoardResult::DoubleForfeit,
        (None, _) => BoardResult::Draw,
    }
}

/// Round `round`'s boards.
fn round_msg(t: &TournamentRecord, round: u32) -> TournamentMsg {
    TournamentMsg::Round {
        name: t.name.clone(),
        round,
        rounds: match t.format {
            TournamentFormat::Arena => 0,
            _ => total_rounds(t),
        },
        boards: t
            .round_boards(round)
            .map(|b| BoardLine {
                board: b.board,
                white: b.white.name.clone(),
                black: b.black.as_ref().map(|u| u.name.clone()),
                result: b.result,
            })
            .collect(),
    }
}
