//! The game service: challenges, turns, offers, deadlines and views, independent of any front.
//!
//! Each channel holds at most one challenge or game, kept in a `DashMap` of per-channel async
//! locks: commands on different channels run in parallel, commands on one channel run one at a
//! time. No map guard is ever held across an `.await`. Every state change is committed to
//! the [`GameStore`] before the reply that announces it is returned; rendering runs on the
//! blocking pool.
//!
//! Several processes may share one database, each serving its own shards: a process loads the
//! unfinished games of its servers at start, and every write of a game is conditional on the
//! revision the process last read. A write refused that way (another process, or a stale copy,
//! got there first) changes nothing; the channel is then reloaded from the database and the
//! user is told to look again.

mod announce;
mod archive;
mod challenge;
mod computer;
mod config;
mod error;
mod export;
mod gone;
mod live;
mod offers;
mod pending;
mod play;
mod privacy;
mod rating;
mod rematch;
mod review;
mod standings;
mod stockfish;
mod sweep;
mod tournament;
mod tournament_archive;
mod tournament_model;
mod vacation;
mod view;

use std::future::Future;
use std::sync::Arc;

use dashmap::DashMap;
use rules::Color;

use tokio::sync::{Mutex, OwnedMutexGuard};

pub use archive::REPLAY_TURN_LIMIT;
pub use config::ServiceConfig;
pub use domain::clock::{Clock, ManualClock, SystemClock};
use domain::clock::{from_unix_ms, to_unix_ms};
pub use error::ServiceError;
pub use export::{FORMAT as DATA_FORMAT, VERSION as DATA_VERSION};
pub use stockfish::StockfishSettings;
pub use tournament::MAX_SWISS_ROUNDS;
pub use tournament_archive::tournament_report;

// The domain's types, for this crate's modules to name as `super::…`.
use domain::messages::{self, InfoMsg, NoticeMsg, Refusal};
use domain::*;

use live::{Live, Slot};

/// The game service. Cheap to clone: clones share everything.
#[derive(Clone)]
pub struct GameService {
    shared: Arc<Shared>,
}

struct Shared {
    config: ServiceConfig,
    store: Arc<dyn GameStore>,
    clock: Arc<dyn Clock>,
    /// One lock per channel with a challenge or game.
    slots: DashMap<ChannelId, Arc<Mutex<Slot>>>,
    /// Where each challenge or game in `slots` lives, for buttons that carry its id.
    channels: DashMap<GameId, ChannelId>,
    /// Challenges and games whose last write met a newer state in the database: their
    /// channel is reloaded once the command that met it is done.
    conflicted: DashMap<GameId, ()>,
    /// Reports made at start (games set aside, turns not yet announced) for the first sweep,
    /// with their server: they are worded in its language when they go out, so a language
    /// learnt after the start (see [`GameService::note_server_lang`]) is the one used.
    startup_notices: std::sync::Mutex<Vec<(Option<GuildId>, Notice)>>,
    /// How many turns of each game held here are stored as shown to its players, as loaded
    /// and then as marked (see [`GameService::mark_shown`]).
    shown: DashMap<GameId, usize>,
    /// Notices for the next sweep: vacations begun or ended in other channels.
    queued_notices: std::sync::Mutex<Vec<Notice>>,
    /// Raised when a command queues notices, so a front's sweeper posts them at once
    /// rather than at its next tick.
    notices_queued: tokio::sync::Notify,
    /// One permit per core for the computer's searches.
    engine_permits: Arc<tokio::sync::Semaphore>,
    /// Stockfish's processes, where the install configured it.
    stockfish: Option<Arc<stockfish::StockfishPool>>,
    /// The language each server was last seen to prefer, for what is said there unasked.
    guild_langs: DashMap<GuildId, Lang>,
    /// Outside servers (DMs and group DMs): the language last seen in each channel, for what
    /// is said there unasked.
    channel_langs: DashMap<ChannelId, Lang>,
    /// The vacations under way: games of these players have their deadlines paused.
    vacations: DashMap<UserId, Vacation>,
    /// The language each server's admins chose for its public messages, over its Discord
    /// locale (loaded at start; set by [`Command::Language`]).
    guild_overrides: DashMap<GuildId, Lang>,
    /// The servers whose admins turned players' pictures off (loaded at start; set by
    /// [`Command::Avatars`]).
    hidden_faces: DashMap<GuildId, ()>,
    /// Where tournament games are played (set by the front; see [`GameService::set_rooms`]).
    rooms: std::sync::OnceLock<Arc<dyn GameRooms>>,
    /// Games that ended since tournaments were last carried on.
    ended_games: std::sync::Mutex<Vec<GameId>>,
    /// Tournaments with a game that found no room, tried again at the next sweep.
    roomless: std::sync::Mutex<Vec<TournamentId>>,
    /// Whether this process has carried on the running tournaments once since its start.
    tournaments_resumed: std::sync::atomic::AtomicBool,
    /// The tries made to post again turns whose answer was not delivered.
    retries: DashMap<GameId, announce::Retry>,
    /// The reviews running in this process, by game: whoever asks for one waits on it.
    reviews: DashMap<GameId, tokio::sync::watch::Receiver<review::Run>>,
    /// One permit: reviews run one at a time.
    review_turn: Arc<tokio::sync::Semaphore>,
    /// Raised at shutdown: reviews stop between two positions (and are made again after the
    /// restart).
    stopping: std::sync::atomic::AtomicBool,
}

type SlotGuard = OwnedMutexGuard<Slot>;

impl GameService {
    /// Opens the service on `store`, reloading the open challenges and unfinished games of
    /// the servers in `config.shards`, and their games finished within the retention time (for
    /// `board` and `moves`).
    ///
    /// A stored game that cannot be read or no longer replays is set aside: logged, reported
    /// in its channel by the first [`sweep`](GameService::sweep), and left in the database
    /// unchanged. The other games start as usual.
    pub async fn open(
        config: ServiceConfig,
        store: Arc<dyn GameStore>,
        clock: Arc<dyn Clock>,
    ) -> Result<GameService, ServiceError> {
        let retention = i64::try_from(config.finished_retention.as_millis()).unwrap_or(i64::MAX);
        let since = to_unix_ms(clock.now()).saturating_sub(retention);
        let unfinished = store.load_unfinished(config.shards).await?;
        let finished = store.load_finished_since(config.shards, since).await?;
        let settings = store.load_guild_settings(config.shards).await?;
        let guild_overrides: DashMap<GuildId, Lang> = settings
            .iter()
            .filter_map(|s| Some((s.guild, s.lang?)))
            .collect();
        let hidden_faces: DashMap<GuildId, ()> = settings
            .iter()
            .filter(|s| !s.avatars)
            .map(|s| (s.guild, ()))
            .collect();
        let slots = DashMap::new();
        let channels = DashMap::new();
        let shown = DashMap::new();
        let mut startup_notices = Vec::new();
        for damaged in unfinished.damaged {
            tracing::error!(
                game = damaged.id,
                error = %damaged.error,
                "set aside a stored game that cannot be read; it stays in the database unchanged"
            );
            if let Some(channel) = damaged.channel {
                startup_notices.push((
                    None,
                    Notice {
                        channel,
                        reply: Reply::public(NoticeMsg::SetAside {
                            game: damaged.id,
                            detail: damaged.error.clone(),
                        }),
                    },
                ));
            }
        }
        for stored in unfinished.games {
            let (id, channel, guild) = (stored.row.id, stored.row.channel, stored.row.guild);
            let live = match Live::restore(stored) {
                Ok(live) => live,
                Err(e) => {
                    tracing::error!(
                        game = id,
                        error = %e,
                        "set aside a stored game that no longer replays; it stays in the \
                         database unchanged"
                    );
                    startup_notices.push((
                        guild,
                        Notice {
                            channel,
                            reply: Reply::public(NoticeMsg::SetAside {
                                game: i64::try_from(id).unwrap_or(i64::MAX),
                                detail: e.to_string(),
                            }),
                        },
                    ));
                    continue;
                }
            };
            if slots.contains_key(&channel) {
                tracing::warn!(
                    game = id,
                    channel,
                    "two unfinished games in one channel; keeping the first"
                );
                continue;
            }
            startup_notices.extend(unannounced_notice(&live).map(|n| (live.row.guild, n)));
            if let Some(plies) = live.announced {
                shown.insert(id, plies);
            }
            channels.insert(id, channel);
            slots.insert(channel, Arc::new(Mutex::new(Slot::Game(Box::new(live)))));
        }
        for challenge in unfinished.challenges {
            if slots.contains_key(&challenge.channel) {
                tracing::warn!(
                    challenge = challenge.id,
                    "challenge in a channel with a game; ignoring it"
                );
                continue;
            }
            channels.insert(challenge.id, challenge.channel);
            slots.insert(
                challenge.channel,
                Arc::new(Mutex::new(Slot::Challenge(challenge))),
            );
        }
        // The latest finished game of a channel without anything newer comes back for viewing.
        for stored in finished.into_iter().rev() {
            let (id, channel) = (stored.row.id, stored.row.channel);
            if slots.contains_key(&channel) {
                continue;
            }
            match Live::restore(stored) {
                Ok(live) => {
                    startup_notices.extend(unannounced_notice(&live).map(|n| (live.row.guild, n)));
                    if let Some(plies) = live.announced {
                        shown.insert(id, plies);
                    }
                    channels.insert(id, channel);
                    slots.insert(channel, Arc::new(Mutex::new(Slot::Game(Box::new(live)))));
                }
                Err(e) => tracing::warn!(game = id, error = %e, "a finished game does not replay"),
            }
        }
        let vacations = DashMap::new();
        for v in store.active_vacations().await? {
            vacations.insert(v.user, v);
        }
        let stockfish = match config.stockfish.clone() {
            Some(settings) => Some(Arc::new(
                tokio::task::spawn_blocking(move || stockfish::StockfishPool::start(settings))
                    .await
                    .map_err(|e| ServiceError::Task(e.to_string()))??,
            )),
            None => None,
        };
        tracing::info!(slots = slots.len(), shards = %config.shards, "game service open");
        let service = GameService {
            shared: Arc::new(Shared {
                config,
                store,
                clock,
                shown,
                slots,
                channels,
                conflicted: DashMap::new(),
                startup_notices: std::sync::Mutex::new(startup_notices),
                queued_notices: std::sync::Mutex::new(Vec::new()),
                notices_queued: tokio::sync::Notify::new(),
                engine_permits: Arc::new(tokio::sync::Semaphore::new(
                    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
                )),
                stockfish,
                guild_langs: DashMap::new(),
                channel_langs: DashMap::new(),
                vacations,
                guild_overrides,
                hidden_faces,
                rooms: std::sync::OnceLock::new(),
                ended_games: std::sync::Mutex::new(Vec::new()),
                roomless: std::sync::Mutex::new(Vec::new()),
                tournaments_resumed: std::sync::atomic::AtomicBool::new(false),
                retries: DashMap::new(),
                reviews: DashMap::new(),
                review_turn: Arc::new(tokio::sync::Semaphore::new(1)),
                stopping: std::sync::atomic::AtomicBool::new(false),
            }),
        };
        service.resume_reviews().await;
        Ok(service)
    }

    /// Carries out `command` for `origin` and says what happened. Refusals and mistakes are
    /// private replies; nothing changes for them.
    pub async fn execute(&self, origin: &Origin, command: Command) -> Reply {
        self.execute_noting(origin, command, &EarlyPrivacy::default())
            .await
    }

    /// [`GameService::execute`], marking `early` as soon as the reply is known to be private,
    /// before storage or rendering.
    pub async fn execute_noting(
        &self,
        origin: &Origin,
        command: Command,
        early: &EarlyPrivacy,
    ) -> Reply {
        self.execute_watching(origin, command, early, &Progress::default())
            .await
    }

    /// [`GameService::execute_noting`], telling `progress` how far a long command (a review)
    /// has come while it runs.
    pub async fn execute_watching(
        &self,
        origin: &Origin,
        command: Command,
        early: &EarlyPrivacy,
        progress: &Progress,
    ) -> Reply {
        let reply = self.answer(origin, command, early, progress).await;
        self.settled(origin, reply).await
    }

    /// An answer to `origin` made ready to go: the tournaments of games that ended are carried
    /// on (with every game lock given back), and the server's picture setting and the
    /// language are applied, asked after the answer since it may just have changed them.
    async fn settled(&self, origin: &Origin, mut reply: Reply) -> Reply {
        let follow = self.settle_tournaments().await;
        self.queue_notices(follow);
        self.apply_avatar_setting(&mut reply);
        reply.lang = if reply.private {
            self.private_lang(origin)
        } else {
            self.public_lang(origin)
        };
        reply
    }

    /// The language of what is said only to the user of `origin`: their client's, else the
    /// server's (see [`GameService::public_lang`]).
    pub fn private_lang(&self, origin: &Origin) -> Lang {
        origin
            .locale
            .user
            .unwrap_or_else(|| self.public_lang(origin))
    }

    /// The language of what is said publicly where `origin` is: the server's preferred one,
    /// remembered for what the service says there unasked (reminders, timeouts) and for
    /// commands that come without it (typed moves); English when it was never seen. The
    /// server's admins' choice (the `language` command) comes first.
    pub fn public_lang(&self, origin: &Origin) -> Lang {
        if let Some(chosen) = self.chosen_lang(origin.guild) {
            return chosen;
        }
        match (origin.locale.server, origin.guild) {
            (Some(lang), Some(guild)) => {
                self.note_server_lang(guild, lang);
                lang
            }
            (Some(lang), None) => {
                self.shared.channel_langs.insert(origin.channel, lang);
                lang
            }
            (None, guild) => self.place_lang(guild, origin.channel),
        }
    }

    /// Notes that `guild` prefers `lang`, for what is said there unasked (notices from
    /// [`sweep`](GameService::sweep)) until a command says otherwise. A front that knows a
    /// server's language before any command comes (the console's `--lang`) tells it here.
    pub fn note_server_lang(&self, guild: GuildId, lang: Lang) {
        self.shared.guild_langs.insert(guild, lang);
    }

    /// The language a server's admins chose for its public messages, if they did.
    fn chosen_lang(&self, guild: Option<GuildId>) -> Option<Lang> {
        guild.and_then(|g| self.shared.guild_overrides.get(&g).map(|l| *l.value()))
    }

    /// The language of what is said publicly unasked in `channel` of `guild`: the server's, or
    /// outside servers the one last seen in the channel.
    pub(crate) fn place_lang(&self, guild: Option<GuildId>, channel: ChannelId) -> Lang {
        match guild {
            Some(_) => self.guild_lang(guild),
            None => self
                .shared
                .channel_langs
                .get(&channel)
                .map(|l| *l.value())
                .unwrap_or_default(),
        }
    }

    /// The language of what is said publicly in `guild` unasked: the one last seen there.
    pub(crate) fn guild_lang(&self, guild: Option<GuildId>) -> Lang {
        self.chosen_lang(guild)
            .or_else(|| guild.and_then(|g| self.shared.guild_langs.get(&g).map(|l| *l.value())))
            .unwrap_or_default()
    }

    /// The reply to `command`, before its language is chosen.
    async fn answer(
        &self,
        origin: &Origin,
        command: Command,
        early: &EarlyPrivacy,
        progress: &Progress,
    ) -> Reply {
        match command {
            Command::Help => Reply::public(InfoMsg::Help),
            Command::Rules(None) => Reply::public(InfoMsg::VariantsOverview),
            Command::Rules(Some(v)) => Reply::public(InfoMsg::Rules(v)),
            Command::Rating { user, family } => {
                let user = user.unwrap_or_else(|| origin.user.clone());
                rating::answered(self.rating_view(origin.guild, user, family).await)
            }
            Command::Leaderboard { family } => rating::answered(
                self.leaderboard_view(origin.guild, origin.user.id, family)
                    .await,
            ),
            Command::Language(lang) => self.set_language(origin, lang).await,
            Command::Avatars(shown) => self.set_avatars(origin, shown).await,
            Command::Chess960(n) => Self::chess960(n),
            Command::Games => self.games(origin).await,
            Command::History { user, page } => self.history(origin, user, page).await,
            Command::ShowGame(id) => self.show_game(origin, id).await,
            Command::Gif(id) => self.gif(origin, id).await,
            Command::Review { game } => self.review(origin, game, early, progress).await,
            Command::Vacation(ask) => self.vacation(origin, ask).await,
            Command::Privacy => Reply::private(messages::PrivacyMsg::Policy),
            Command::MyData => {
                early.mark_private();
                self.my_data(origin).await
            }
            Command::Forget(ask) => {
                early.mark_private();
                self.forget(origin, ask).await
            }
            Command::Board { flip } => match self.existing_slot(origin.channel).await {
                Some(mut guard) => {
                    let note = self.settle(&mut guard, false).await;
                    let reply = Self::board(origin, &guard, flip);
                    stamped(&guard, with_note(note, reply))
                }
                None => Reply::private(Refusal::NoGame),
            },
            Command::Position => {
                early.mark_private();
                match self.existing_slot(origin.channel).await {
                    Some(guard) => view::position(&guard),
                    None => Reply::private(Refusal::NoGame),
                }
            }
            Command::Moves => match self.existing_slot(origin.channel).await {
                Some(mut guard) => {
                    let note = self.settle(&mut guard, false).await;
                    let reply = view::moves(&guard);
                    stamped(&guard, with_note(note, reply))
                }
                None => Reply::private(Refusal::NoGame),
            },
            command => {
                let moves = matches!(
                    command,
                    Command::Move(_) | Command::Promote(_) | Command::ConfirmPush
                );
                let mut guard = self.slot(origin.channel).await;
                let mut note = self.settle(&mut guard, false).await;
                // A computer's turn left unplayed (the process stopped while it thought).
                if let Some(late) = self.computer_moves(&mut guard).await {
                    note = Some(match note {
                        Some(n) => computer::followed_by(n, late),
                        None => late,
                    });
                }
                let mut reply = self
                    .channel_command(origin, &mut guard, command, early)
                    .await;
                if let Some(answer) = self.computer_moves(&mut guard).await {
                    reply = computer::followed_by(reply, answer);
                }
                self.reload_if_conflicted(&mut guard, origin.channel).await;
                let reply = stamped(&guard, with_note(note, reply));
                if matches!(*guard, Slot::Free) {
                    self.retire(&mut guard, origin.channel);
                }
                drop(guard);
                // A move ends its player's vacation (with the lock given back: ending it
                // visits every game of theirs).
                let mut reply = reply;
                if moves
                    && !reply.private
                    && let Some(ended) = self
                        .end_vacation_of(origin.user.id, &origin.user.name)
                        .await
                {
                    reply.messages.push(ended.into());
                }
                reply
            }
        }
    }

    async fn channel_command(
        &self,
        origin: &Origin,
        guard: &mut SlotGuard,
        command: Command,
        early: &EarlyPrivacy,
    ) -> Reply {
        match command {
            Command::Challenge {
                opponent,
                variant,
                setup,
                color,
                deadline,
                rated,
            } => {
                let ask = challenge::Ask {
                    opponent,
                    variant,
                    setup,
                    color,
                    deadline,
                    rated,
                };
                self.challenge(origin, guard, ask).await
            }
            Command::Accept => self.accept(origin, guard).await,
            Command::Decline => self.decline(origin, guard).await,
            Command::Cancel => self.cancel(origin, guard).await,
            Command::Move(input) => self.play_input(origin, guard, &input, early).await,
            Command::Promote(role) => {
                let input = format!("={}", role.upper_char());
                self.play_input(origin, guard, &input, early).await
            }
            Command::ConfirmPush => self.confirm_push(origin, guard).await,
            Command::CancelPush => {
                early.mark_private();
                self.cancel_push(origin, guard).await
            }
            Command::Resign => self.resign(origin, guard).await,
            Command::Draw(action) => self.draw(origin, guard, action).await,
            Command::Takeback(action) => self.takeback(origin, guard, action).await,
            Command::Abort => self.abort(origin, guard).await,
            Command::Rematch => self.rematch(origin, guard).await,
            Command::Hint => {
                early.mark_private();
                self.hint(origin, guard).await
            }
            Command::Board { .. }
            | Command::Moves
            | Command::Position
            | Command::Games
            | Command::History { .. }
            | Command::ShowGame(_)
            | Command::Gif(_)
            | Command::Review { .. }
            | Command::Vacation(_)
            | Command::Chess960(_)
            | Command::Help
            | Command::Rules(_)
            | Command::Rating { .. }
            | Command::Leaderboard { .. }
            | Command::Language(_)
            | Command::Avatars(_)
            | Command::Privacy
            | Command::MyData
            | Command::Forget(_) => Reply::private(Refusal::Misrouted),
        }
    }

    /// Legal turns for the player to move in `origin`'s channel that match what they typed,
    /// best first, at most `limit` (for autocomplete). Empty for anyone else.
    ///
    /// With part of a turn noted, the rest is offered (the pushes after a noted move). With
    /// nothing typed, one turn per distinct move, so the list spreads over the position. When
    /// the game is busy longer than [`SUGGESTIONS_WAIT`] the answer is empty rather than late.
    pub async fn move_suggestions(
        &self,
        origin: &Origin,
        typed: &str,
        limit: usize,
    ) -> Vec<String> {
        let Ok(Some(guard)) =
            tokio::time::timeout(SUGGESTIONS_WAIT, self.existing_slot(origin.channel)).await
        else {
            return Vec::new();
        };
        let Slot::Game(live) = &*guard else {
            return Vec::new();
        };
        if live.outcome().is_some() || !live.colors_of(origin.user.id).contains(&live.to_move()) {
            return Vec::new();
        }
        let candidates = play::candidates(live, typed.trim().is_empty());
        suggest::complete(typed, &candidates, limit)
    }

    /// Whether `user` is the player to move in the game in `channel` (for typed moves).
    pub async fn is_player_to_move(&self, channel: ChannelId, user: UserId) -> bool {
        let Some(guard) = self.existing_slot(channel).await else {
            return false;
        };
        match &*guard {
            Slot::Game(live) => live.outcome().is_none() && live.player(live.to_move()).id == user,
            _ => false,
        }
    }

    /// Notes that the first `plies` turns of `game` have been shown to its players: a front
    /// calls it after delivering a reply stamped with [`Reply::shows_plies`], so a turn stored
    /// while that reply was on its way still counts as unannounced.
    ///
    /// It takes no game lock: the mark is written straight to the store, and not at all when
    /// it is the one stored already. A smaller mark than the stored one is written too: after
    /// a takeback the turns past it are new, and must count as unannounced. (It stays a write
    /// of its own, after the reply: a mark kept back for a later write would be lost with the
    /// process, and a restart would then announce again turns already shown.)
    pub async fn mark_shown(&self, game: GameId, plies: usize) {
        if self.shared.shown.get(&game).is_some_and(|m| *m == plies) {
            return;
        }
        match self.shared.store.mark_announced(game, plies).await {
            Ok(()) => {
                self.shared.shown.insert(game, plies);
            }
            Err(e) => tracing::warn!(game, error = %e, "could not store the turns shown"),
        }
    }

    /// Whether the challenge or game in `channel` is outside any server (a DM or group DM);
    /// `None` when the service holds none there.
    pub async fn outside_servers(&self, channel: ChannelId) -> Option<bool> {
        let guard = self.existing_slot(channel).await?;
        guard.id()?;
        Some(guard.guild().is_none())
    }

    /// The channel of a challenge or game still held by the service (buttons carry game ids).
    pub async fn channel_of_game(&self, game: GameId) -> Option<ChannelId> {
        self.shared.channels.get(&game).map(|c| *c.value())
    }

    /// Returns once a command has queued notices (a vacation begun or ended tells the
    /// player's other games) since the last call: a front sweeps then rather than wait for
    /// its next tick. A wake-up raised while nobody waits is kept for the next call.
    pub async fn notices_queued(&self) {
        self.shared.notices_queued.notified().await;
    }

    /// Reminders, timeouts and expired challenges due now. Call it periodically; it is also
    /// safe to call at any time (each is announced once).
    pub async fn sweep(&self) -> Vec<Notice> {
        // Vacations first: a game whose vacation just ended has its clock moved on before
        // its deadline is looked at.
        let resumed = self.settle_vacations().await;
        let all = self.all_slots();
        let startup = std::mem::take(
            &mut *self
                .shared
                .startup_notices
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        let mut notices: Vec<Notice> = startup
            .into_iter()
            .map(|(guild, mut notice)| {
                notice.reply.lang = self.place_lang(guild, notice.channel);
                notice
            })
            .collect();
        notices.append(
            &mut self
                .shared
                .queued_notices
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        notices.extend(resumed);
        for (channel, slot) in all {
            let mut guard = slot.lock_owned().await;
            let lang = self.place_lang(guard.guild(), channel);
            if let Some(reply) = self.settle(&mut guard, true).await {
                let reply = Reply {
                    lang,
                    ..stamped(&guard, reply)
                };
                notices.push(Notice { channel, reply });
            }
            if let Some(reply) = self.computer_moves(&mut guard).await {
                let reply = Reply {
                    lang,
                    ..stamped(&guard, reply)
                };
                notices.push(Notice { channel, reply });
            }
            if let Some(mut notice) = self.late_turns(&guard) {
                notice.reply.lang = lang;
                notices.push(notice);
            }
            self.reload_if_conflicted(&mut guard, channel).await;
            if self.is_stale(&guard) {
                self.retire(&mut guard, channel);
            }
        }
        // Timeouts above may have ended tournament games; and after a restart, rounds left
        // unpaired are paired here, and games that found no room are tried again.
        notices.extend(self.start_due_tournaments().await);
        notices.extend(self.settle_tournaments().await);
        notices.extend(self.retry_rooms().await);
        for notice in &mut notices {
            self.apply_avatar_setting(&mut notice.reply);
        }
        notices
    }

    /// Writes everything out to the database; call before exit. Reviews under way stop
    /// between two positions; they are made again after the restart.
    pub async fn shutdown(&self) {
        self.shared
            .stopping
            .store(true, std::sync::atomic::Ordering::Release);
        if let Err(e) = self.shared.store.flush().await {
            tracing::warn!(error = %e, "could not flush the database at shutdown");
        }
    }

    /// The number of channels holding a challenge or game.
    pub fn active_channels(&self) -> usize {
        self.shared.slots.len()
    }

    /// The configuration in force.
    pub fn config(&self) -> &ServiceConfig {
        &self.shared.config
    }

    /// The time on the service's clock: a front times its waits by it, so tests on a manual
    /// clock move them too.
    pub fn now(&self) -> std::time::SystemTime {
        self.shared.clock.now()
    }

    fn now_ms(&self) -> i64 {
        to_unix_ms(self.shared.clock.now())
    }

    /// The store, for the calls [`GameService::store`] runs.
    fn db(&self) -> &dyn GameStore {
        &*self.shared.store
    }

    /// After a command or a sweep: if a write in `guard`'s channel met a newer state in the
    /// database, replace what this process holds there by what the database holds.
    async fn reload_if_conflicted(&self, guard: &mut SlotGuard, channel: ChannelId) {
        let Some(id) = guard.id() else { return };
        if self.shared.conflicted.remove(&id).is_none() {
            return;
        }
        let stored = match self.shared.store.load_channel(channel).await {
            Ok(stored) => stored,
            Err(e) => {
                tracing::error!(channel, error = %e, "could not reload a channel after a conflict");
                self.shared.conflicted.insert(id, ());
                return;
            }
        };
        let fresh = if let Some(game) = stored.games.into_iter().next() {
            match Live::restore(game) {
                Ok(live) => Slot::Game(Box::new(live)),
                Err(e) => {
                    tracing::error!(channel, error = %e, "a reloaded game does not replay");
                    return;
                }
            }
        } else if let Some(challenge) = stored.challenges.into_iter().next() {
            Slot::Challenge(challenge)
        } else {
            Slot::Free
        };
        tracing::info!(
            channel,
            game = id,
            "reloaded a channel changed by another process"
        );
        self.shared.channels.remove(&id);
        if let Some(new_id) = fresh.id() {
            self.shared.channels.insert(new_id, channel);
        }
        **guard = fresh;
    }

    /// The locked slot of `channel`, created empty if there is none.
    async fn slot(&self, channel: ChannelId) -> SlotGuard {
        loop {
            let slot = self
                .shared
                .slots
                .entry(channel)
                .or_insert_with(|| Arc::new(Mutex::new(Slot::Free)))
                .clone();
            let guard = slot.lock_owned().await;
            if !matches!(*guard, Slot::Retired) {
                return guard;
            }
        }
    }

    /// The locked slot of `channel`, if it has one.
    async fn existing_slot(&self, channel: ChannelId) -> Option<SlotGuard> {
        loop {
            let slot = self.shared.slots.get(&channel).map(|s| s.value().clone())?;
            let guard = slot.lock_owned().await;
            if !matches!(*guard, Slot::Retired) {
                return Some(guard);
            }
        }
    }

    /// Takes the slot out of the map; anyone waiting for it will look the channel up again.
    fn retire(&self, guard: &mut SlotGuard, channel: ChannelId) {
        let old = std::mem::replace(&mut **guard, Slot::Retired);
        if let Some(id) = old.id() {
            self.shared.channels.remove(&id);
            self.shared.shown.remove(&id);
            self.shared.retries.remove(&id);
        }
        let mutex = OwnedMutexGuard::mutex(guard).clone();
        self.shared
            .slots
            .remove_if(&channel, |_, v| Arc::ptr_eq(v, &mutex));
    }

    /// Empty, or holding a game finished longer ago than the retention time.
    fn is_stale(&self, slot: &Slot) -> bool {
        match slot {
            Slot::Free => true,
            Slot::Game(live) => live.row.state.finished.is_some_and(|f| {
                let retention = i64::try_from(self.shared.config.finished_retention.as_millis())
                    .unwrap_or(i64::MAX);
                self.now_ms().saturating_sub(f.at_ms) >= retention
            }),
            Slot::Challenge(_) | Slot::Retired => false,
        }
    }

    /// Awaits a store call, logging a failure and noting a conflict so the channel is
    /// reloaded after the command.
    async fn store<T>(
        &self,
        call: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        let result = call.await;
        match &result {
            Err(StoreError::Conflict { id, .. }) => {
                tracing::warn!(game = id, "write refused: the database holds a newer state");
                self.shared.conflicted.insert(*id, ());
            }
            Err(e) => tracing::error!(error = %e, "storage write failed"),
            Ok(_) => {}
        }
        result
    }

    /// Leaves the players' pictures off `reply`'s board and replay where the game's server
    /// turned them off.
    fn apply_avatar_setting(&self, reply: &mut Reply) {
        let hidden = |faces: &Option<Faces>| {
            faces
                .and_then(|f| f.guild)
                .is_some_and(|g| self.shared.hidden_faces.contains_key(&g))
        };
        if let Some(board) = &mut reply.board
            && hidden(&board.faces)
        {
            board.faces = None;
        }
        if let Some(replay) = &mut reply.replay
            && hidden(&replay.faces)
        {
            replay.faces = None;
        }
    }

    /// The board of a game's current position seen from `orientation`.
    fn board_of(live: &Live, orientation: Color) -> Board {
        Board {
            position: live.game.position().clone(),
            last_turn: live.game.last_turn().copied(),
            orientation,
            players: live.players(),
            chess960: live.game.chess960_number(),
            outcome: live.outcome(),
            faces: Some(live.faces()),
        }
    }
}

/// The notice of the turns of a game stored but not yet shown to its players before a
/// restart, if any.
fn unannounced_notice(live: &Live) -> Option<Notice> {
    late_notice(live, live.announced?, NoticeMsg::AnnouncedAfterRestart)
}

/// The notice of the turns of `live` from ply `from` on, announced after `why`, with the
/// board, pinging the player to move.
fn late_notice(live: &Live, from: usize, why: NoticeMsg) -> Option<Notice> {
    let mut messages = live.unannounced(from, why)?;
    messages.push(live.status().into());
    let mover = live.to_move();
    let mentions = match live.outcome() {
        None => vec![live.player(mover).id],
        Some(_) => Vec::new(),
    };
    Some(Notice {
        channel: live.row.channel,
        reply: Reply {
            messages,
            board: Some(GameService::board_of(live, mover)),
            shows_plies: Some(live.game.turns().len()),
            game: Some(live.row.id),
            mentions,
            ..Reply::default()
        },
    })
}

/// `reply` stamped with how many turns of its game it shows, read from the game held in
/// `slot` while the reply was made (another game's reply, or none, is left unstamped).
fn stamped(slot: &Slot, mut reply: Reply) -> Reply {
    if let Slot::Game(live) = slot
        && reply.game == Some(live.row.id)
    {
        reply.shows_plies = Some(live.game.turns().len());
    }
    reply
}

/// How long autocomplete waits for a busy game: Discord drops answers after three seconds.
pub const SUGGESTIONS_WAIT: std::time::Duration = std::time::Duration::from_millis(800);

/// Puts an announcement that happened first (a timeout, an expiry) before a reply; the
/// result is public, since the announcement is news for everyone.
fn with_note(note: Option<Reply>, reply: Reply) -> Reply {
    match note {
        None => reply,
        Some(mut note) => {
            note.messages.extend(reply.messages);
            if note.board.is_none() {
                note.board = reply.board;
            }
            note.replay = reply.replay;
            note.files = reply.files;
            note
        }
    }
}

/// A refusal for anyone who is not playing.
fn not_a_player(live: &Live) -> Reply {
    Reply::private(Refusal::NotPlaying {
        players: live.players(),
    })
    .with_game(live.row.id)
}

/// A refusal for a game that has ended.
fn game_over(live: &Live) -> Reply {
    match live.outcome() {
        Some(outcome) => Reply::private(Refusal::GameOver(outcome)),
        None => Reply::private(Refusal::Misrouted),
    }
    .with_game(live.row.id)
}

/// An apology for a write that failed; nothing changed.
fn save_failed(error: &StoreError) -> Reply {
    if error.is_conflict() {
        return Reply::private(Refusal::Conflict);
    }
    Reply::private(Refusal::SaveFailed)
}

/// Whether a stored game replays under the rules (for verifying a copied database).
pub fn replays(stored: &StoredGame) -> Result<(), ServiceError> {
    Live::restore(stored.clone()).map(drop)
}

#[cfg(test)]
mod tests {
    use rules::Variant;

    use super::*;

    /// Autocomplete must answer within Discord's three seconds: a game whose lock is held
    /// gets no suggestions after [`SUGGESTIONS_WAIT`] rather than a late answer. (Paused
    /// time: the wait is measured on tokio's clock, not the wall.)
    #[tokio::test(start_paused = true)]
    async fn suggestions_do_not_wait_for_a_busy_game() {
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = storage::Storage::open(&dir.path().join("nadare.db")).expect("storage");
        let service = GameService::open(
            ServiceConfig::default(),
            Arc::new(storage),
            Arc::new(SystemClock),
        )
        .await
        .expect("service");
        let alice = User {
            id: 1,
            name: "alice".into(),
        };
        let origin = Origin {
            guild: None,
            channel: 7,
            user: alice.clone(),
            locale: Locale::default(),
        };
        let practice = Command::Challenge {
            opponent: Some(alice),
            variant: Variant::Standard,
            setup: None,
            color: ColorChoice::White,
            deadline: None,
            rated: None,
        };
        assert!(!service.execute(&origin, practice).await.private);

        let busy = service.slot(7).await;
        let asked = tokio::time::Instant::now();
        assert!(service.move_suggestions(&origin, "e", 25).await.is_empty());
        assert_eq!(asked.elapsed(), SUGGESTIONS_WAIT);
        drop(busy);
        let offered = service.move_suggestions(&origin, "e", 25).await;
        assert!(offered.iter().any(|m| m == "e4"), "{offered:?}");
    }
}
