//! Tournaments in a server: created, joined, started, and carried round by round.
//!
//! Nothing about a tournament is held in memory: each command and each step reads it from the
//! store, and every change of its round or state is a conditional write, so a round is paired
//! once whichever process sees its last game end first. Each game is played in a room of its
//! own that the front opens ([`GameRooms`]); its id is reserved when the round is paired, so a
//! board's game is started once, and a process that stopped between a game's end and the next
//! round carries on at its first sweep ([`GameService::progress`] is idempotent).
//!
//! Decisions: one tournament at a time per server (open or running); Chess960 tournaments
//! play one setup per round, the same on every board (drawn when the round is paired); a game
//! lost on time before the loser's first move is a forfeit, and a player with two forfeits is
//! withdrawn; an aborted game is lost by both (a double forfeit); a withdrawn player's games
//! of later rounds are forfeited (round robin) or not paired (Swiss).

use std::sync::Arc;

use rand::Rng;
use rules::{Color, EndReason, Outcome, Variant};
use tournament::tiebreak::{self, System};
use tournament::{Colour, Entry, Pairing, Player, Tournament, berger, dutch};

use super::live::Slot;
use super::messages::{BoardLine, StandingLine, TournamentMsg};
use super::{
    BoardResult, ChallengeRecord, ColorChoice, GameRooms, GameService, Notice, Origin, Reply,
    SetupChoice, StoreError, StoredGame, TournamentAsk, TournamentBoard, TournamentFormat,
    TournamentId, TournamentRecord, TournamentState, User, UserId, save_failed, stamped,
};

/// The rounds of a Swiss when none are asked for.
const DEFAULT_SWISS_ROUNDS: u32 = 5;

/// The most rounds a Swiss may have.
pub const MAX_SWISS_ROUNDS: u32 = 30;

/// Forfeits after which a player is withdrawn.
const FORFEITS_TO_REMOVE: usize = 2;

impl GameService {
    /// Tells the service where tournament games are played: without rooms, tournaments
    /// cannot start.
    pub fn set_rooms(&self, rooms: Arc<dyn GameRooms>) {
        if self.shared.rooms.set(rooms).is_err() {
            tracing::warn!("game rooms were set twice; keeping the first");
        }
    }

    /// Carries out a tournament command for `origin`. What follows from it in other
    /// channels (games started) is queued for the next [`sweep`](GameService::sweep).
    pub async fn tournament(&self, origin: &Origin, ask: TournamentAsk) -> Reply {
        let mut reply = self.tournament_answer(origin, ask).await;
        let follow = self.settle_tournaments().await;
        self.queue_notices(follow);
        reply.lang = if reply.private {
            self.private_lang(origin)
        } else {
            self.public_lang(origin)
        };
        reply
    }

    async fn tournament_answer(&self, origin: &Origin, ask: TournamentAsk) -> Reply {
        let Some(guild) = origin.guild else {
            return Reply::private(TournamentMsg::NoServer);
        };
        let current = match self.db().guild_tournaments(guild).await {
            Ok(list) => {
                let live = list.iter().position(|t| {
                    matches!(t.state, TournamentState::Open | TournamentState::Running)
                });
                match live {
                    Some(at) => list.into_iter().nth(at),
                    None => list.into_iter().next(),
                }
            }
            Err(e) => return save_failed(&e),
        };
        if let TournamentAsk::Create {
            name,
            variant,
            format,
            rounds,
            deadline,
            rated,
        } = ask
        {
            if let Some(t) = current
                .filter(|t| matches!(t.state, TournamentState::Open | TournamentState::Running))
            {
                return Reply::private(TournamentMsg::OneAtATime { name: t.name });
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
            let id = match self.db().new_id().await {
                Ok(id) => id,
                Err(e) => return save_failed(&e),
            };
            let deadline = deadline.or(self.shared.config.default_deadline);
            let t = TournamentRecord {
                id,
                guild,
                channel: origin.channel,
                name: name.clone(),
                variant,
                format,
                rounds,
                deadline,
                rated,
                state: TournamentState::Open,
                round: 0,
                creator: origin.user.clone(),
                created_ms: self.now_ms(),
                players: Vec::new(),
                boards: Vec::new(),
            };
            if let Err(e) = self.db().create_tournament(&t).await {
                return save_failed(&e);
            }
            return Reply::public(TournamentMsg::Created {
                name,
                variant,
                format,
                rounds,
                rated,
                deadline,
            });
        }
        let Some(t) = current else {
            return Reply::private(TournamentMsg::NoTournament);
        };
        match ask {
            TournamentAsk::Create { .. } => Reply::private(TournamentMsg::NoTournament),
            TournamentAsk::Join => self.join(origin, &t).await,
            TournamentAsk::Leave => self.leave(origin, &t).await,
            TournamentAsk::Start => self.start_tournament(origin, &t).await,
            TournamentAsk::Standings => Reply::public(standings_msg(&t)),
            TournamentAsk::Pairings(round) => {
                let round = round.unwrap_or(t.round);
                if round == 0 || round > t.round {
                    return Reply::private(TournamentMsg::NoRound { round });
                }
                Reply::public(round_msg(&t, round))
            }
            TournamentAsk::Info => Reply::public(TournamentMsg::Info {
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
                if !matches!(t.state, TournamentState::Open | TournamentState::Running) {
                    return Reply::private(TournamentMsg::NotRunning { name: t.name });
                }
                let moved = self
                    .db()
                    .advance_tournament(
                        t.id,
                        (t.round, t.state),
                        (t.round, TournamentState::Cancelled),
                        &[],
                    )
                    .await;
                match moved {
                    Ok(()) => Reply::public(TournamentMsg::Cancelled { name: t.name }),
                    Err(e) => save_failed(&e),
                }
            }
        }
    }

    async fn join(&self, origin: &Origin, t: &TournamentRecord) -> Reply {
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
        match self.db().join_tournament(t.id, &origin.user).await {
            Ok(()) => Reply::public(TournamentMsg::Joined {
                name: t.name.clone(),
                player: origin.user.name.clone(),
                players: t.players.len() + 1,
            }),
            Err(e) => save_failed(&e),
        }
    }

    async fn leave(&self, origin: &Origin, t: &TournamentRecord) -> Reply {
        let user = origin.user.id;
        let entrant = t.players.iter().find(|p| p.user.id == user);
        match (t.state, entrant) {
            (TournamentState::Open, Some(_)) => {
                match self.db().leave_tournament(t.id, user).await {
                    Ok(()) => Reply::public(TournamentMsg::Left {
                        name: t.name.clone(),
                        player: origin.user.name.clone(),
                        players: t.players.len() - 1,
                    }),
                    Err(e) => save_failed(&e),
                }
            }
            (TournamentState::Running, Some(p)) if !p.withdrawn => {
                if let Err(e) = self.withdraw(t, &origin.user).await {
                    return save_failed(&e);
                }
                Reply::public(TournamentMsg::Withdrew {
                    name: t.name.clone(),
                    player: origin.user.name.clone(),
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
        self.db().withdraw_player(t.id, user.id).await?;
        let Some(board) = t
            .round_boards(t.round)
            .find(|b| b.result.is_none() && plays(b, user.id))
        else {
            return Ok(());
        };
        let room = match board.game {
            Some(game) => self.channel_of_game(game).await,
            None => None,
        };
        if let Some(channel) = room {
            let mut guard = self.slot(channel).await;
            let origin = Origin {
                guild: Some(t.guild),
                channel,
                user: user.clone(),
                locale: domain::Locale::default(),
            };
            let reply = self.resign(&origin, &mut guard).await;
            if !reply.private {
                let lang = self.guild_lang(Some(t.guild));
                let reply = Reply {
                    lang,
                    ..stamped(&guard, reply)
                };
                self.queue_notices(vec![Notice { channel, reply }]);
                return Ok(());
            }
        }
        let result = if board.white.id == user.id {
            BoardResult::BlackForfeit
        } else {
            BoardResult::WhiteForfeit
        };
        match self
            .db()
            .record_board(t.id, board.round, board.board, result)
            .await
        {
            Err(e) if !e.is_conflict() => Err(e),
            _ => {
                let follow = self.progress(t.id).await;
                self.queue_notices(follow);
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
        if self.shared.rooms.get().is_none() {
            return Reply::private(TournamentMsg::NoRooms);
        }
        let boards = match self.pair(t, 1).await {
            Ok(boards) => boards,
            Err(reply) => return *reply,
        };
        let moved = self
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
        let follow = self.progress(t.id).await;
        self.queue_notices(follow);
        let mut started = t.clone();
        started.boards = boards;
        started.round = 1;
        Reply::public(round_msg(&started, 1))
    }

    /// The boards of round `round`, with game ids reserved and byes and forfeits decided.
    async fn pair(
        &self,
        t: &TournamentRecord,
        round: u32,
    ) -> Result<Vec<TournamentBoard>, Box<Reply>> {
        let mut order: Vec<_> = t.players.iter().collect();
        order.sort_by_key(|p| (p.seq, p.user.id));
        let n = u32::try_from(order.len()).unwrap_or(u32::MAX);
        let unpairable = || {
            Box::new(Reply::private(TournamentMsg::Unpairable {
                name: t.name.clone(),
            }))
        };
        let pairings: Vec<Pairing> = match t.format {
            TournamentFormat::RoundRobin => berger::round_robin(n),
            TournamentFormat::DoubleRoundRobin => berger::double_round_robin(n),
            TournamentFormat::Swiss => {
                let model = model(t, &order, Some(round));
                vec![
                    dutch::pair_next_round(&model)
                        .map_err(|_| unpairable())?
                        .pairings,
                ]
            }
        }
        .into_iter()
        .nth(if t.format == TournamentFormat::Swiss {
            0
        } else {
            round as usize - 1
        })
        .ok_or_else(unpairable)?;
        let setup = (t.variant == Variant::Chess960).then(|| rand::rng().random_range(0..960));
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
                None => Some(
                    self.db()
                        .new_id()
                        .await
                        .map_err(|e| Box::new(save_failed(&e)))?,
                ),
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
            });
        }
        Ok(boards)
    }

    /// Carries tournament `id` as far as it goes now: starts the current round's games not
    /// started yet, stores the results of those that ended, and when the round is complete
    /// pairs the next one (or finishes the tournament). Safe to call any number of times,
    /// from any process: each step is a conditional write. Returns what to post.
    pub(crate) async fn progress(&self, id: TournamentId) -> Vec<Notice> {
        let mut notices = Vec::new();
        loop {
            let t = match self.db().tournament(id).await {
                Ok(Some(t)) if t.state == TournamentState::Running => t,
                Ok(_) => break,
                Err(e) => {
                    tracing::error!(tournament = id, error = %e, "could not read a tournament");
                    break;
                }
            };
            let mut recorded = false;
            for b in t.round_boards(t.round).filter(|b| b.result.is_none()) {
                let Some(game) = b.game else { continue };
                match self.db().load_game(game).await {
                    Ok(None) => notices.extend(self.start_board(&t, b).await),
                    Ok(Some(stored)) => {
                        let Some(finished) = stored.row.state.finished else {
                            continue;
                        };
                        let result = board_result(&stored, finished.outcome);
                        match self.db().record_board(t.id, b.round, b.board, result).await {
                            Ok(()) => notices.extend(self.count_forfeits(&t, b, result).await),
                            Err(e) if e.is_conflict() => {}
                            Err(e) => {
                                tracing::error!(tournament = id, error = %e, "could not store a result");
                                return notices;
                            }
                        }
                        recorded = true;
                    }
                    Err(e) => {
                        tracing::error!(tournament = id, game, error = %e, "could not read a game");
                        return notices;
                    }
                }
            }
            if recorded {
                continue;
            }
            if t.round_boards(t.round).any(|b| b.result.is_none()) {
                break;
            }
            let lang = self.guild_lang(Some(t.guild));
            let post = |message: TournamentMsg| Notice {
                channel: t.channel,
                reply: Reply {
                    lang,
                    ..Reply::public(message)
                },
            };
            if t.round >= total_rounds(&t) {
                let done = self
                    .db()
                    .advance_tournament(
                        t.id,
                        (t.round, TournamentState::Running),
                        (t.round, TournamentState::Finished),
                        &[],
                    )
                    .await;
                if done.is_ok() {
                    let standings = standings_msg(&t);
                    let winners = match &standings {
                        TournamentMsg::Standings { lines, .. } => lines
                            .iter()
                            .filter(|l| l.rank == 1)
                            .map(|l| l.name.clone())
                            .collect(),
                        _ => Vec::new(),
                    };
                    notices.push(post(standings));
                    notices.push(post(TournamentMsg::Finished {
                        name: t.name.clone(),
                        winners,
                    }));
                }
                break;
            }
            let next = t.round + 1;
            let boards = match self.pair(&t, next).await {
                Ok(boards) => boards,
                Err(reply) => {
                    notices.push(Notice {
                        channel: t.channel,
                        reply: Reply { lang, ..*reply },
                    });
                    break;
                }
            };
            let moved = self
                .db()
                .advance_tournament(
                    t.id,
                    (t.round, TournamentState::Running),
                    (next, TournamentState::Running),
                    &boards,
                )
                .await;
            if moved.is_err() {
                // Another process paired it (or the tournament was cancelled meanwhile).
                break;
            }
            notices.push(post(standings_msg(&t)));
            let mut paired = t.clone();
            paired.boards.extend(boards);
            notices.push(post(round_msg(&paired, next)));
        }
        notices
    }

    /// Starts a board's game in a room of its own; the notice announcing it there.
    async fn start_board(&self, t: &TournamentRecord, b: &TournamentBoard) -> Option<Notice> {
        let rooms = self.shared.rooms.get()?;
        let game = b.game?;
        let name = format!("t{}-r{}-b{}", t.id, b.round, b.board);
        let Some(channel) = rooms.open_room(t.guild, t.channel, &name).await else {
            tracing::warn!(
                tournament = t.id,
                room = name,
                "no room for a tournament game"
            );
            return None;
        };
        let mut guard = self.slot(channel).await;
        if matches!(&*guard, Slot::Challenge(_))
            || matches!(&*guard, Slot::Game(live) if live.outcome().is_none())
        {
            tracing::warn!(tournament = t.id, room = name, "the game's room is taken");
            return None;
        }
        let now = self.now_ms();
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
            created_ms: now,
            expires_ms: now,
            rated: t.rated,
        };
        let mut reply = self.start(&mut guard, challenge, false).await;
        if reply.private {
            return None;
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
            lang: self.guild_lang(Some(t.guild)),
            ..stamped(&guard, reply)
        };
        self.apply_avatar_setting(&mut reply);
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
        if withdrawn || earlier + 1 < FORFEITS_TO_REMOVE {
            return None;
        }
        self.db().withdraw_player(t.id, loser.id).await.ok()?;
        Some(Notice {
            channel: t.channel,
            reply: Reply {
                lang: self.guild_lang(Some(t.guild)),
                ..Reply::public(TournamentMsg::Removed {
                    name: t.name.clone(),
                    player: loser.name,
                })
            },
        })
    }

    /// Carries on the tournaments of the games that ended since the last call, and (once
    /// per process, at the first call) every running tournament of the servers served.
    pub(crate) async fn settle_tournaments(&self) -> Vec<Notice> {
        let mut ids = Vec::new();
        if !self
            .shared
            .tournaments_resumed
            .swap(true, std::sync::atomic::Ordering::SeqCst)
        {
            match self
                .db()
                .running_tournaments(self.shared.config.shards)
                .await
            {
                Ok(running) => ids.extend(running.iter().map(|t| t.id)),
                Err(e) => tracing::error!(error = %e, "could not load the running tournaments"),
            }
        }
        let ended = std::mem::take(
            &mut *self
                .shared
                .ended_games
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        for game in ended {
            match self.db().board_of_game(game).await {
                Ok(Some((id, _, _))) if !ids.contains(&id) => ids.push(id),
                Ok(_) => {}
                Err(e) => {
                    tracing::error!(game, error = %e, "could not look up a game's tournament")
                }
            }
        }
        let mut notices = Vec::new();
        for id in ids {
            notices.extend(self.progress(id).await);
        }
        notices
    }

    /// Notes that a game ended, for [`GameService::settle_tournaments`].
    pub(crate) fn note_ended(&self, game: domain::GameId) {
        self.shared
            .ended_games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(game);
    }
}

/// Whether `user` plays on board `b`.
fn plays(b: &TournamentBoard, user: UserId) -> bool {
    b.white.id == user || b.black.as_ref().is_some_and(|u| u.id == user)
}

/// The rounds a tournament has in all: a Swiss's as set, a round robin's by its players.
fn total_rounds(t: &TournamentRecord) -> u32 {
    let n = u32::try_from(t.players.len()).unwrap_or(u32::MAX);
    let single = (n + n % 2).saturating_sub(1);
    match t.format {
        TournamentFormat::Swiss => t.rounds,
        TournamentFormat::RoundRobin => single,
        TournamentFormat::DoubleRoundRobin => single * 2,
    }
}

/// What a finished game brings its board: a loss on time before the loser's first move is
/// a forfeit, an aborted game a double forfeit.
fn board_result(stored: &StoredGame, outcome: Outcome) -> BoardResult {
    let plies = stored.turns.len();
    match (outcome.winner, outcome.reason) {
        (Some(Color::White), EndReason::Timeout) if plies <= 1 => BoardResult::WhiteForfeit,
        (Some(Color::Black), EndReason::Timeout) if plies == 0 => BoardResult::BlackForfeit,
        (Some(Color::White), _) => BoardResult::WhiteWins,
        (Some(Color::Black), _) => BoardResult::BlackWins,
        (None, EndReason::Aborted) => BoardResult::DoubleForfeit,
        (None, _) => BoardResult::Draw,
    }
}

/// The tournament as the pairing rules see it: players numbered in joining order, one entry
/// per round (a board without a result yet, or no board, is an absence). With `next`, a
/// withdrawn player is marked absent from that round, so a Swiss does not pair them.
fn model(t: &TournamentRecord, order: &[&domain::Entrant], next: Option<u32>) -> Tournament {
    let number = |user: UserId| {
        order
            .iter()
            .position(|p| p.user.id == user)
            .and_then(|i| u32::try_from(i + 1).ok())
    };
    let absent = Entry {
        opponent: None,
        colour: None,
        outcome: tournament::Outcome::ZeroBye,
    };
    let players = order
        .iter()
        .map(|p| {
            let mut rounds: Vec<Entry> = (1..=t.round)
                .map(|r| {
                    t.round_boards(r)
                        .find(|b| plays(b, p.user.id))
                        .and_then(|b| entry(b, p.user.id == b.white.id, &number))
                        .unwrap_or(absent)
                })
                .collect();
            if next.is_some() && p.withdrawn {
                rounds.push(absent);
            }
            Player {
                number: number(p.user.id).unwrap_or(0),
                name: p.user.name.clone(),
                rating: None,
                rounds,
            }
        })
        .collect();
    Tournament {
        name: Some(t.name.clone()),
        total_rounds: Some(total_rounds(t)),
        initial_colour: None,
        players,
    }
}

/// A board's entry for white (`as_white`) or black, once it has a result.
fn entry(
    b: &TournamentBoard,
    as_white: bool,
    number: &dyn Fn(UserId) -> Option<u32>,
) -> Option<Entry> {
    use tournament::Outcome as O;
    let result = b.result?;
    let opponent = if as_white {
        b.black.as_ref().and_then(|u| number(u.id))
    } else {
        number(b.white.id)
    };
    let (white, black) = match result {
        BoardResult::Bye => {
            return Some(Entry {
                opponent: None,
                colour: None,
                outcome: O::PairingBye,
            });
        }
        BoardResult::WhiteWins => (O::Win, O::Loss),
        BoardResult::BlackWins => (O::Loss, O::Win),
        BoardResult::Draw => (O::Draw, O::Draw),
        BoardResult::WhiteForfeit => (O::ForfeitWin, O::ForfeitLoss),
        BoardResult::BlackForfeit => (O::ForfeitLoss, O::ForfeitWin),
        BoardResult::DoubleForfeit => (O::ForfeitLoss, O::ForfeitLoss),
    };
    Some(Entry {
        opponent,
        colour: Some(if as_white {
            Colour::White
        } else {
            Colour::Black
        }),
        outcome: if as_white { white } else { black },
    })
}

/// The standings of `t` after the results stored so far.
fn standings_msg(t: &TournamentRecord) -> TournamentMsg {
    let mut order: Vec<_> = t.players.iter().collect();
    order.sort_by_key(|p| (p.seq, p.user.id));
    let model = model(t, &order, None);
    let swiss = t.format == TournamentFormat::Swiss;
    let system = if swiss {
        System::Swiss
    } else {
        System::RoundRobin
    };
    let lines = tiebreak::standings(&model, system)
        .into_iter()
        .filter_map(|s| {
            let p = order.get(s.number as usize - 1)?;
            Some(StandingLine {
                rank: s.rank,
                name: p.user.name.clone(),
                halves: s.points.0,
                tiebreaks: s.tiebreaks.iter().map(|v| v.0).collect(),
                withdrawn: p.withdrawn,
            })
        })
        .collect();
    let after = (1..=t.round)
        .rev()
        .find(|&r| t.round_boards(r).all(|b| b.result.is_some()))
        .unwrap_or(0);
    TournamentMsg::Standings {
        name: t.name.clone(),
        after,
        swiss,
        lines,
    }
}

/// Round `round`'s boards.
fn round_msg(t: &TournamentRecord, round: u32) -> TournamentMsg {
    TournamentMsg::Round {
        name: t.name.clone(),
        round,
        rounds: total_rounds(t),
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
