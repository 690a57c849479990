//! The game service: challenges, turns, offers, deadlines, tournaments, reviews and users'
//! data, independent of any front, answering in data.
//!
//! [`GameService`] is a thin facade over parts that each own their state and their logic:
//! `games` (each channel's challenge or game behind its own async lock, turns, the
//! computer, deadlines, turns announced), `challenges` (challenges, rematches, offers),
//! `tournaments`, `review`, `archive` (finished games and ratings), `settings`
//! (languages and pictures), `vacation` and `privacy` (`mydata`, `forget`), and the
//! `sweep`. They share a `context`: the configuration, the store, the clock, the engine's
//! permits and the notices waiting for the sweep. [`GameService::execute`] routes a command to
//! its part and then words nothing: it settles the tournaments of games that ended and sets
//! the reply's language and pictures.
//!
//! Every state change is committed to the [`GameStore`] before the reply that announces it
//! is returned; no map guard is held across an `.await`; searches run on the blocking pool.

mod archive;
mod away;
mod challenges;
mod config;
mod context;
mod error;
mod export;
mod games;
mod live;
mod pending;
mod privacy;
mod replies;
mod review;
mod settings;
mod stockfish;
mod sweep;
mod tournaments;
mod vacation;

use std::sync::Arc;

pub use config::ServiceConfig;
pub use domain::MAX_SWISS_ROUNDS;
pub use domain::clock::{Clock, ManualClock, SystemClock};
pub use error::ServiceError;
pub use export::{FORMAT as DATA_FORMAT, VERSION as DATA_VERSION};
pub use games::SUGGESTIONS_WAIT;
pub use replies::REPLAY_TURN_LIMIT;
pub use stockfish::StockfishSettings;
pub use tournaments::tournament_report;

use domain::messages::{InfoMsg, PrivacyMsg, Refusal};
use domain::{
    ChannelId, Command, EarlyPrivacy, GameId, GameRooms, GameStore, GuildId, Lang, Notice, Origin,
    Owed, Progress, Reply, Request, RoundShown, Shown, Sight, StoredGame, TournamentSummary,
    UserId,
};

use archive::Archive;
use away::Away;
use challenges::{Ask, Challenges};
use context::Context;
use games::{Games, SlotGuard};
use live::Live;
use privacy::Privacy;
use review::Reviews;
use settings::Settings;
use sweep::Sweep;
use tournaments::Tournaments;
use vacation::Vacations;

/// What a front passes along with a command besides the command itself: where to note early
/// that the reply will be private, and where to hear how far a long command has come. The
/// default asks for neither.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'a> {
    early: Option<&'a EarlyPrivacy>,
    progress: Option<&'a Progress>,
}

impl<'a> Options<'a> {
    /// Raises `early` as soon as the reply is known to be private, before storage or
    /// rendering (a front that must acknowledge early acknowledges privately then).
    pub fn noting(self, early: &'a EarlyPrivacy) -> Options<'a> {
        Options {
            early: Some(early),
            ..self
        }
    }

    /// Tells `progress` how far a long command (a review) has come while it runs.
    pub fn watching(self, progress: &'a Progress) -> Options<'a> {
        Options {
            progress: Some(progress),
            ..self
        }
    }
}

/// The game service. Cheap to clone: clones share everything.
#[derive(Clone)]
pub struct GameService {
    parts: Arc<Parts>,
}

/// The parts a command is routed to.
struct Parts {
    ctx: Arc<Context>,
    settings: Arc<Settings>,
    games: Arc<Games>,
    challenges: Arc<Challenges>,
    tournaments: Arc<Tournaments>,
    archive: Arc<Archive>,
    reviews: Arc<Reviews>,
    vacations: Arc<Vacations>,
    privacy: Privacy,
    sweep: Sweep,
}

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
        let ctx = Arc::new(Context::new(config, store, clock));
        let settings = Arc::new(Settings::load(Arc::clone(&ctx)).await?);
        let away = Arc::new(Away::of(ctx.db().active_vacations().await?));
        let games = Games::load(Arc::clone(&ctx), Arc::clone(&away)).await?;
        // A game held here that another process changed is reloaded; when changes may have
        // been missed, every game is, before its next command.
        let held = Arc::clone(&games);
        ctx.hear_other_processes(move |game| match game {
            Some(game) => held.changed_elsewhere(game),
            None => held.maybe_changed_elsewhere(),
        });
        let challenges = Arc::new(Challenges::new(Arc::clone(&ctx), Arc::clone(&games)));
        let tournaments = Arc::new(Tournaments::new(
            Arc::clone(&ctx),
            Arc::clone(&games),
            Arc::clone(&challenges),
            Arc::clone(&settings),
        ));
        let archive = Arc::new(Archive::new(Arc::clone(&ctx), Arc::clone(&games)));
        let reviews = Arc::new(Reviews::new(
            Arc::clone(&ctx),
            Arc::clone(&games),
            Arc::clone(&archive),
        ));
        let vacations = Arc::new(Vacations::new(
            Arc::clone(&ctx),
            Arc::clone(&games),
            Arc::clone(&settings),
            Arc::clone(&away),
        ));
        let privacy = Privacy::new(
            Arc::clone(&ctx),
            Arc::clone(&games),
            Arc::clone(&challenges),
            Arc::clone(&tournaments),
            Arc::clone(&settings),
            away,
        );
        let sweep = Sweep::new(
            Arc::clone(&ctx),
            Arc::clone(&settings),
            Arc::clone(&games),
            Arc::clone(&vacations),
            Arc::clone(&tournaments),
        );
        reviews.resume().await;
        Ok(GameService {
            parts: Arc::new(Parts {
                ctx,
                settings,
                games,
                challenges,
                tournaments,
                archive,
                reviews,
                vacations,
                privacy,
                sweep,
            }),
        })
    }

    /// Carries out `request` (a game command or a tournament's) for `origin` and says what
    /// happened, with what `options` asks for while it runs. Refusals and mistakes are private
    /// replies; nothing changes for them. What a tournament command starts in other channels
    /// (its games) is queued for the next [`sweep`](GameService::sweep).
    pub async fn execute(
        &self,
        origin: &Origin,
        request: impl Into<Request>,
        options: Options<'_>,
    ) -> Reply {
        let reply = match request.into() {
            Request::Game(command) => {
                let (unnoted, unwatched) = (EarlyPrivacy::default(), Progress::default());
                let early = options.early.unwrap_or(&unnoted);
                let progress = options.progress.unwrap_or(&unwatched);
                self.answer(origin, command, early, progress).await
            }
            Request::Tournament(ask) => self.parts.tournaments.answer(origin, ask).await,
        };
        self.settled(origin, reply).await
    }

    /// An answer to `origin` made ready to go: the tournaments of games that ended are carried
    /// on (with every game lock given back), and the server's picture setting and the
    /// language are applied, asked after the answer since it may just have changed them.
    async fn settled(&self, origin: &Origin, mut reply: Reply) -> Reply {
        let parts = &self.parts;
        let follow = parts.tournaments.settle_tournaments().await;
        parts.ctx.outbox.queue(follow);
        parts.settings.apply_avatar_setting(&mut reply);
        reply.lang = if reply.private {
            parts.settings.private_lang(origin)
        } else {
            parts.settings.public_lang(origin)
        };
        reply
    }

    /// The reply to `command`, from the part it belongs to, before its language is chosen.
    async fn answer(
        &self,
        origin: &Origin,
        command: Command,
        early: &EarlyPrivacy,
        progress: &Progress,
    ) -> Reply {
        let parts = &self.parts;
        match command {
            Command::Help => Reply::public(InfoMsg::Help),
            Command::Rules(None) => Reply::public(InfoMsg::VariantsOverview),
            Command::Rules(Some(v)) => Reply::public(InfoMsg::Rules(v)),
            Command::Rating { user, family } => {
                let user = user.unwrap_or_else(|| origin.user.clone());
                archive::answered(parts.archive.rating_view(origin.guild, user, family).await)
            }
            Command::Leaderboard { family } => archive::answered(
                parts
                    .archive
                    .leaderboard_view(origin.guild, origin.user.id, family)
                    .await,
            ),
            Command::Language(lang) => parts.settings.set_language(origin, lang).await,
            Command::Avatars(shown) => parts.settings.set_avatars(origin, shown).await,
            Command::Chess960(n) => replies::chess960(n),
            Command::Games => parts.games.list(origin).await,
            Command::History { user, page } => parts.archive.history(origin, user, page).await,
            Command::ShowGame(id) => parts.archive.show_game(origin, id).await,
            Command::Gif(id) => parts.archive.gif(origin, id).await,
            Command::Review { game, turn } => {
                let asked = review::Asked { game, turn };
                parts.reviews.review(origin, asked, early, progress).await
            }
            Command::Vacation(ask) => parts.vacations.vacation(origin, ask).await,
            Command::Privacy => Reply::private(PrivacyMsg::Policy),
            Command::MyData => {
                early.mark_private();
                parts.privacy.my_data(origin).await
            }
            Command::Forget(ask) => {
                early.mark_private();
                parts.privacy.forget(origin, ask).await
            }
            Command::Board { flip } => {
                let view = |slot: &live::Slot| games::board(slot, flip);
                parts.games.look(origin.channel, view).await
            }
            Command::Moves => parts.games.look(origin.channel, replies::moves).await,
            Command::Position => {
                early.mark_private();
                parts.games.peek(origin.channel, replies::position).await
            }
            command => {
                let moves = matches!(
                    command,
                    Command::Move(_) | Command::Promote(_) | Command::ConfirmPush
                );
                let (mut guard, note) = parts.games.command_slot(origin.channel).await;
                let reply = self
                    .channel_command(origin, &mut guard, command, early)
                    .await;
                let mut reply = parts
                    .games
                    .command_done(guard, origin.channel, note, reply)
                    .await;
                // A move ends its player's vacation (with the lock given back: ending it
                // visits every game of theirs).
                if moves
                    && !reply.private
                    && let Some(ended) = parts
                        .vacations
                        .end_vacation_of(origin.user.id, &origin.user.name)
                        .await
                {
                    reply.messages.push(ended.into());
                }
                reply
            }
        }
    }

    /// The reply to a command on the challenge or game in `origin`'s channel, whose lock
    /// `guard` holds.
    async fn channel_command(
        &self,
        origin: &Origin,
        guard: &mut SlotGuard,
        command: Command,
        early: &EarlyPrivacy,
    ) -> Reply {
        let (games, challenges) = (&self.parts.games, &self.parts.challenges);
        match command {
            command @ Command::Challenge { .. } => match Ask::of(&command) {
                Some(ask) => challenges.challenge(origin, guard, ask).await,
                None => Reply::private(Refusal::Misrouted),
            },
            Command::Accept => challenges.accept(origin, guard).await,
            Command::Decline => challenges.decline(origin, guard).await,
            Command::Cancel => challenges.cancel(origin, guard).await,
            Command::Move(input) => games.play_input(origin, guard, &input, early).await,
            Command::Promote(role) => {
                let input = format!("={}", role.upper_char());
                games.play_input(origin, guard, &input, early).await
            }
            Command::ConfirmPush => games.confirm_push(origin, guard).await,
            Command::CancelPush => {
                early.mark_private();
                games.cancel_push(origin, guard).await
            }
            Command::Resign => challenges.resign(origin, guard).await,
            Command::Draw(action) => challenges.draw(origin, guard, action).await,
            Command::Takeback(action) => challenges.takeback(origin, guard, action).await,
            Command::Abort => challenges.abort(origin, guard).await,
            Command::Berserk => games.berserk(origin, guard).await,
            Command::Rematch => challenges.rematch(origin, guard).await,
            Command::Hint => {
                early.mark_private();
                games.hint(origin, guard).await
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

    /// Why a challenge asking for this could not be made anywhere, if it could not: a setup
    /// the variant cannot start from, a deadline out of range, too many open challenges of
    /// the challenger's. A front may check this before preparing a place (a thread) for it.
    pub fn check_challenge(&self, origin: &Origin, command: &Command) -> Option<Reply> {
        self.parts.challenges.check_challenge(origin, command)
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
        self.parts
            .games
            .move_suggestions(origin, typed, limit)
            .await
    }

    /// Whether `user` is the player to move in the game in `channel` (for typed moves).
    pub async fn is_player_to_move(&self, channel: ChannelId, user: UserId) -> bool {
        self.parts.games.is_player_to_move(channel, user).await
    }

    /// The tournaments of `guild` whose name holds `typed` (any case) or whose id starts
    /// with it, newest first, at most `max`: for a front's autocomplete.
    pub async fn tournament_choices(
        &self,
        guild: GuildId,
        typed: &str,
        max: usize,
    ) -> Vec<TournamentSummary> {
        self.parts.tournaments.choices(guild, typed, max).await
    }

    /// Tells the service where tournament games are played: without rooms, tournaments
    /// cannot start.
    pub fn set_rooms(&self, rooms: Arc<dyn GameRooms>) {
        self.parts.tournaments.set_rooms(rooms);
    }

    /// The language of what is said only to the user of `origin`: their client's, else the
    /// server's (see [`GameService::public_lang`]).
    pub fn private_lang(&self, origin: &Origin) -> Lang {
        self.parts.settings.private_lang(origin)
    }

    /// The language of what is said publicly where `origin` is: the server's preferred one,
    /// remembered for what the service says there unasked (reminders, timeouts) and for
    /// commands that come without it (typed moves); English when it was never seen. The
    /// server's admins' choice (the `language` command) comes first.
    pub fn public_lang(&self, origin: &Origin) -> Lang {
        self.parts.settings.public_lang(origin)
    }

    /// Notes that `guild` prefers `lang`, for what is said there unasked (notices from
    /// [`sweep`](GameService::sweep)) until a command says otherwise. A front that knows a
    /// server's language before any command comes (the console's `--lang`) tells it here.
    pub fn note_server_lang(&self, guild: GuildId, lang: Lang) {
        self.parts.settings.note_server_lang(guild, lang);
    }

    /// Notes that the first turns of `game`, and its result when `shown` says so, have been
    /// shown to its players: a front calls it after delivering a reply stamped with
    /// [`Reply::shows`], so a turn or a result stored while that reply was on its way still
    /// counts as unannounced.
    ///
    /// It takes no game lock: the mark is written straight to the store, and not at all when
    /// it is the one stored already. A smaller mark than the stored one is written too: after
    /// a takeback the turns past it are new, and must count as unannounced. (It stays a write
    /// of its own, after the reply: a mark kept back for a later write would be lost with the
    /// process, and a restart would then announce again turns already shown.)
    pub async fn mark_shown(&self, game: GameId, shown: Shown) {
        self.parts.games.mark_shown(game, shown).await;
    }

    /// Notes that a tournament's announcements have been shown as far as `shown` says (a
    /// round's pairings, its end): a front calls it after delivering a reply stamped with
    /// [`Reply::shows_round`], so one stored and never delivered is announced after a
    /// restart. A failed write is only logged (the announcement then comes once more).
    pub async fn mark_round_shown(&self, shown: RoundShown) {
        if let Err(e) = self.parts.ctx.db().mark_round_shown(shown).await {
            tracing::warn!(tournament = shown.tournament, error = %e, "could not store a round shown");
        }
    }

    /// Notes that the notice `owed` (stamped as [`Reply::tells`]: a challenge's lapse, a
    /// withdrawal from a tournament) has been shown: a front calls it after delivering the
    /// reply, so one stored and never delivered is announced after a restart. A failed write
    /// is only logged (the notice then comes once more).
    pub async fn mark_told(&self, owed: Owed) {
        let db = self.parts.ctx.db();
        let marked = match owed {
            Owed::Lapse(challenge) => db.mark_lapse_announced(challenge).await,
            Owed::Withdrawal { tournament, seq } => {
                db.mark_withdrawal_announced(tournament, seq).await
            }
        };
        if let Err(e) = marked {
            tracing::warn!(?owed, error = %e, "could not store a notice as told");
        }
    }

    /// The front could not post the notice announcing `game`'s turns (it may not post in the
    /// game's channel for now): that try does not count, so the turns wait for the channel
    /// instead of using up their tries.
    pub fn not_announced(&self, game: GameId) {
        self.parts.games.not_announced(game);
    }

    /// The front may post in `channel` again: turns of its game not yet shown are posted at
    /// the next sweep, which starts now, whatever their tries and waits so far.
    pub fn announce_again(&self, channel: ChannelId) {
        self.parts.games.announce_again(channel);
    }

    /// Whether the challenge or game in `channel` is outside any server (a DM or group DM);
    /// `None` when the service holds none there.
    pub async fn outside_servers(&self, channel: ChannelId) -> Option<bool> {
        self.parts.games.outside_servers(channel).await
    }

    /// The channel of a challenge or game still held by the service (buttons carry game ids).
    pub async fn channel_of_game(&self, game: GameId) -> Option<ChannelId> {
        self.parts.games.channel_of_game(game)
    }

    /// `game` as a watcher sees it (a front that draws its own board: the web page), as held
    /// here or as stored; `None` for an id that is no game.
    pub async fn sight(&self, game: GameId) -> Option<Sight> {
        self.parts.games.sight(game).await
    }

    /// The ids of games whose stored state changes from now on (a turn, a takeback, an offer,
    /// the start, the end), here or through another process on the database, each told once
    /// its write is done. `None`, or a receiver that fell far behind and is told it lagged,
    /// means changes may have been missed: look again at every game watched.
    pub fn changes(&self) -> tokio::sync::broadcast::Receiver<Option<GameId>> {
        self.parts.ctx.changes()
    }

    /// Posts `notice` in its channel with the next sweep, which starts now: a front that is
    /// not the channel's (the web page) hands over what the channel must be told, such as a
    /// turn played there, and the channel's front announces it and marks it shown.
    pub fn tell_channel(&self, notice: Notice) {
        self.parts.ctx.outbox.queue([notice]);
    }

    /// Carries out `command` of `user` on `game` wherever the game is: in its own channel, as
    /// if given there (a front that reaches games by their id: the web page). When another
    /// process on the database plays it, it is loaded for this command and let go after it;
    /// that process reloads it when told of the change. A game that does not exist is
    /// `NoGame`.
    pub async fn execute_on(
        &self,
        game: GameId,
        user: domain::User,
        locale: domain::Locale,
        command: Command,
    ) -> Reply {
        let games = &self.parts.games;
        let Some((channel, borrowed)) = games.borrow(game).await else {
            return Reply::private(Refusal::NoGame);
        };
        let guild = games.guild_of(channel).await;
        let origin = Origin {
            guild,
            channel,
            user,
            locale,
        };
        let reply = self.execute(&origin, command, Options::default()).await;
        if borrowed {
            games.give_back(channel).await;
        }
        reply
    }

    /// The secret called `name` (the web board's signing key): the one stored, else `fresh`,
    /// stored now; every process on the database gets the same one.
    pub async fn keep_secret(&self, name: &str, fresh: &str) -> Result<String, ServiceError> {
        Ok(self.parts.ctx.db().secret(name, fresh).await?)
    }

    /// Spends the single-use token `nonce`, valid until `expires_ms`: `true` the first time,
    /// `false` once spent, by any process on the database.
    pub async fn spend_token(&self, nonce: &str, expires_ms: i64) -> Result<bool, ServiceError> {
        let now = self.parts.ctx.now_ms();
        Ok(self
            .parts
            .ctx
            .db()
            .spend_token(nonce, expires_ms, now)
            .await?)
    }

    /// The time on the service's clock, in Unix milliseconds (a manual one in tests).
    pub fn now_ms(&self) -> i64 {
        self.parts.ctx.now_ms()
    }

    /// Returns once a command has queued notices (a vacation begun or ended tells the
    /// player's other games) since the last call: a front sweeps then rather than wait for
    /// its next tick. A wake-up raised while nobody waits is kept for the next call.
    pub async fn notices_queued(&self) {
        self.parts.ctx.outbox.queued().await;
    }

    /// Reminders, timeouts and expired challenges due now. Call it periodically; it is also
    /// safe to call at any time (each is announced once).
    pub async fn sweep(&self) -> Vec<Notice> {
        self.parts.sweep.run().await
    }

    /// Channel (or thread) `channel` of `guild` was deleted: its open challenge lapses and
    /// its game under way is aborted, both stored, and the channel is forgotten; a tournament
    /// announced there is cancelled (its games' threads went with it). What follows in a
    /// tournament's channel is queued for the next sweep.
    pub async fn channel_gone(&self, guild: Option<GuildId>, channel: ChannelId) {
        self.parts.sweep.channel_gone(guild, channel).await;
    }

    /// The bot left server `guild` (removed, or the server deleted; not an outage): every
    /// challenge and game there ends as in [`GameService::channel_gone`], its open or running
    /// tournaments are cancelled, and its settings are removed (a server that adds the bot
    /// again starts from the defaults).
    pub async fn guild_gone(&self, guild: GuildId) {
        self.parts.sweep.guild_gone(guild).await;
    }

    /// Writes everything out to the database; call before exit. Reviews under way stop
    /// between two positions; they are made again after the restart.
    pub async fn shutdown(&self) {
        self.parts.reviews.stop();
        // No clock runs out while the process stops: the next start resumes every clock.
        self.parts.ctx.stop_timers();
        if let Err(e) = self.parts.ctx.db().flush().await {
            tracing::warn!(error = %e, "could not flush the database at shutdown");
        }
    }

    /// The number of channels holding a challenge or game.
    pub fn active_channels(&self) -> usize {
        self.parts.games.active_channels()
    }

    /// The configuration in force.
    pub fn config(&self) -> &ServiceConfig {
        &self.parts.ctx.config
    }

    /// The time on the service's clock: a front times its waits by it, so tests on a manual
    /// clock move them too.
    pub fn now(&self) -> std::time::SystemTime {
        self.parts.ctx.now()
    }
}

/// Whether a stored game replays under the rules (for verifying a copied database).
pub fn replays(stored: &StoredGame) -> Result<(), ServiceError> {
    Live::restore(stored.clone()).map(drop)
}
