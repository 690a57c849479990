//! Challenges: making one, and accepting, declining, cancelling it.

use std::time::Duration;

use domain::clock::millis;
use domain::messages::{ChallengeMsg, Message, RatingMsg, Refusal};
use domain::rating::RatingFamily;
use domain::timing::TimeControl;
use domain::{
    Action, ChallengeEnd, ChallengeRecord, ColorChoice, Command, Computer, GameRecord, GameState,
    Origin, Reply, SetupChoice, User, computer_player, is_computer,
};
use rand::Rng;
use rules::{Game, Position, Variant};

use super::Challenges;
use crate::games::{SlotGuard, clocks};
use crate::live::{Live, Slot};
use crate::replies::{game_reply, save_failed};

/// What a challenger asks for.
pub(crate) struct Ask {
    pub(crate) opponent: Option<User>,
    pub(crate) variant: Variant,
    pub(crate) setup: Option<SetupChoice>,
    pub(crate) color: ColorChoice,
    pub(crate) deadline: Option<Duration>,
    pub(crate) time: Option<TimeControl>,
    pub(crate) rated: Option<bool>,
}

impl Ask {
    /// What a challenge command asks; `None` for any other command.
    pub(crate) fn of(command: &Command) -> Option<Ask> {
        let Command::Challenge {
            opponent,
            variant,
            setup,
            color,
            deadline,
            time,
            rated,
        } = command
        else {
            return None;
        };
        Some(Ask {
            opponent: opponent.clone(),
            variant: *variant,
            setup: setup.clone(),
            color: *color,
            deadline: *deadline,
            time: *time,
            rated: *rated,
        })
    }
}

impl Challenges {
    pub(crate) async fn challenge(
        &self,
        origin: &Origin,
        guard: &mut SlotGuard,
        ask: Ask,
    ) -> Reply {
        let ask = ask.with_defaults();
        match &**guard {
            Slot::Challenge(c) if c.challenger.id == origin.user.id => {
                return Reply::private(Refusal::OwnChallengeOpen);
            }
            Slot::Challenge(c) => {
                return Reply::private(Refusal::ChallengeOpen {
                    challenger: c.challenger.name.clone(),
                });
            }
            Slot::Game(live) if live.outcome().is_none() => {
                return Reply::private(Refusal::GameGoingOn {
                    players: live.players(),
                });
            }
            Slot::Game(_) | Slot::Free | Slot::Retired => {}
        }
        let ask = match self.check_ask(origin, &ask) {
            Ok(Some(start)) => Ask {
                setup: Some(SetupChoice::Position(start.start().to_fen())),
                ..ask
            },
            Ok(None) => ask,
            Err(e) => return Reply::private(e),
        };
        // A game on a clock has no deadline per turn.
        let deadline = match ask.time {
            Some(_) => None,
            None => ask.deadline.or(self.ctx.config.default_deadline),
        };
        let now = self.ctx.now_ms();
        let ttl = millis(self.ctx.config.challenge_ttl);
        let id = match self.ctx.store(self.ctx.db().new_id()).await {
            Ok(id) => id,
            Err(e) => return save_failed(&e),
        };
        let row = ChallengeRecord {
            id,
            guild: origin.guild,
            channel: origin.channel,
            challenger: origin.user.clone(),
            opponent: ask.opponent.clone(),
            variant: ask.variant,
            setup: ask.setup.clone(),
            color: ask.color,
            deadline,
            time: ask.time,
            created_ms: now,
            expires_ms: now.saturating_add(ttl),
            // Rated by default between two people in a server; never against oneself or the
            // computer, nor from a position.
            rated: ask.rated.unwrap_or(true)
                && origin.guild.is_some()
                && !matches!(ask.setup, Some(SetupChoice::Position(_)))
                && ask
                    .opponent
                    .as_ref()
                    .is_none_or(|o| o.id != origin.user.id && !is_computer(o.id)),
        };
        if ask
            .opponent
            .as_ref()
            .is_some_and(|o| o.id == origin.user.id || is_computer(o.id))
        {
            // Practice against yourself, or a game against the computer: nobody needs to
            // accept.
            return self.start(guard, row, false).await;
        }
        if let Err(e) = self.ctx.store(self.ctx.db().insert_challenge(&row)).await {
            return save_failed(&e);
        }
        self.games.replace_slot(guard, Slot::Challenge(row.clone()));
        let opponent = row.opponent.as_ref().map(|o| o.name.clone());
        let challenged = ChallengeMsg::Challenged {
            challenger: row.challenger.name.clone(),
            opponent: opponent.clone(),
            variant: row.variant,
            setup: row.setup.clone(),
            color: row.color,
            deadline: row.deadline,
            time: row.time,
        };
        let answer = ChallengeMsg::AnswerWithin {
            opponent,
            ttl: self.ctx.config.challenge_ttl,
        };
        let rated = RatingMsg::Rated {
            rated: row.rated,
            family: RatingFamily::of(row.variant, row.time),
        };
        Reply {
            messages: vec![challenged.into(), rated.into(), answer.into()],
            game: Some(row.id),
            actions: vec![Action::AcceptChallenge, Action::DeclineChallenge],
            mentions: row.opponent.iter().map(|o| o.id).collect(),
            ..Reply::default()
        }
    }

    /// Why a challenge asking for this could not be made anywhere, if it could not (see
    /// [`GameService::check_challenge`](crate::GameService::check_challenge)).
    pub(crate) fn check_challenge(&self, origin: &Origin, command: &Command) -> Option<Reply> {
        let ask = Ask::of(command)?.with_defaults();
        self.check_ask(origin, &ask).err().map(Reply::private)
    }

    /// Refuses what no channel's state could allow: the setup or position, the deadline, one
    /// challenge too many. Gives the game a position asked for starts (`None` for any other
    /// start).
    fn check_ask(&self, origin: &Origin, ask: &Ask) -> Result<Option<Game>, Refusal> {
        let start = check_setup(ask)?;
        let opponent = ask.opponent.as_ref().and_then(|o| computer_player(o.id));
        if let Some(Computer::Stockfish(_)) = opponent {
            if !matches!(ask.variant, Variant::Standard | Variant::Chess960) {
                return Err(Refusal::StockfishChessOnly {
                    variant: ask.variant,
                });
            }
            if !self.games.has_stockfish() {
                return Err(Refusal::NoStockfish);
            }
        }
        let limit = self.ctx.config.max_open_challenges;
        if self.games.open_challenges_of(origin.user.id) >= limit {
            return Err(Refusal::TooManyChallenges { limit });
        }
        if let Some(d) = ask.deadline.or(self.ctx.config.default_deadline) {
            let config = &self.ctx.config;
            if d < config.min_deadline || d > config.max_deadline {
                return Err(Refusal::DeadlineOutOfRange {
                    min: config.min_deadline,
                    max: config.max_deadline,
                });
            }
        }
        Ok(start)
    }

    pub(crate) async fn accept(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        let row = match &**guard {
            Slot::Challenge(c) => c.clone(),
            Slot::Game(live) if live.outcome().is_none() => {
                return Reply::private(Refusal::AlreadyStarted);
            }
            _ => return Reply::private(Refusal::NoChallengeToAccept),
        };
        match &row.opponent {
            Some(o) if o.id != origin.user.id => {
                return Reply::private(Refusal::NotYoursToAccept {
                    opponent: o.name.clone(),
                });
            }
            None if row.challenger.id == origin.user.id => {
                return Reply::private(Refusal::OwnChallengeAccept);
            }
            _ => {}
        }
        let row = ChallengeRecord {
            opponent: Some(origin.user.clone()),
            ..row
        };
        self.start(guard, row, true).await
    }

    /// Starts the game a challenge asked for; `from_challenge` when a stored challenge closes.
    pub(crate) async fn start(
        &self,
        guard: &mut SlotGuard,
        challenge: ChallengeRecord,
        from_challenge: bool,
    ) -> Reply {
        let opponent = challenge
            .opponent
            .clone()
            .unwrap_or_else(|| challenge.challenger.clone());
        let challenger_white = match challenge.color {
            ColorChoice::White => true,
            ColorChoice::Black => false,
            ColorChoice::Random => rand::rng().random_bool(0.5),
        };
        let (white, black) = if challenger_white {
            (challenge.challenger.clone(), opponent)
        } else {
            (opponent, challenge.challenger.clone())
        };
        let number = match &challenge.setup {
            None | Some(SetupChoice::Position(_)) => None,
            Some(SetupChoice::Number(n)) => Some(*n),
            Some(SetupChoice::Random) => Some(rand::rng().random_range(0..960)),
        };
        let (game, start_fen) = match &challenge.setup {
            Some(SetupChoice::Position(fen)) => match position_game(challenge.variant, fen) {
                Ok(game) => {
                    let fen = game.start().to_fen();
                    (game, Some(fen))
                }
                Err(refusal) => return Reply::private(refusal),
            },
            _ => match Game::new(challenge.variant, number) {
                Ok(g) => (g, None),
                Err(e) => return Reply::private(Refusal::BadSetup(e)),
            },
        };
        let now = self.ctx.now_ms();
        // Never rated against oneself or the computer, nor from a position, whatever the
        // challenge said.
        let rated = challenge.rated
            && start_fen.is_none()
            && white.id != black.id
            && !is_computer(white.id)
            && !is_computer(black.id);
        let row = GameRecord {
            id: challenge.id,
            guild: challenge.guild,
            channel: challenge.channel,
            variant: challenge.variant,
            chess960: game.chess960_number(),
            start_fen,
            white,
            black,
            deadline: challenge.deadline,
            time: challenge.time,
            created_ms: now,
            rated,
            state: GameState {
                turn_started_ms: now,
                clocks: challenge
                    .time
                    .map(|time| clocks::start_clocks(time, [false, false])),
                ..GameState::default()
            },
        };
        let closes = from_challenge.then_some(challenge.id);
        if let Err(e) = self.ctx.store(self.ctx.db().start_game(closes, &row)).await {
            return save_failed(&e);
        }
        self.ctx.changed(row.id);
        let live = Live {
            row,
            game,
            pending: None,
            announced: None,
            clocks: Vec::new(),
        };
        let mut messages: Vec<Message> = vec![live.started().into()];
        let people =
            !live.is_solo() && !is_computer(live.row.white.id) && !is_computer(live.row.black.id);
        if people && live.row.guild.is_some() {
            messages.push(
                RatingMsg::Rated {
                    rated: live.row.rated,
                    family: RatingFamily::of(live.row.variant, live.row.time),
                }
                .into(),
            );
        }
        if let Some(deadline) = live.row.deadline {
            messages.push(ChallengeMsg::TurnDeadline { deadline }.into());
        }
        if let Some(time) = live.row.time {
            messages.push(
                ChallengeMsg::Clock {
                    time,
                    first_turn: self.ctx.config.first_turn_limit,
                }
                .into(),
            );
        }
        messages.push(live.status().into());
        self.games.watch_clock(&live);
        self.games.replace_slot(guard, Slot::Game(Box::new(live)));
        let Slot::Game(live) = &**guard else {
            return Reply::private(Refusal::Misrouted);
        };
        game_reply(live, messages)
    }

    pub(crate) async fn decline(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        let Slot::Challenge(c) = &**guard else {
            return Reply::private(Refusal::NoChallengeToDecline);
        };
        let c = c.clone();
        match &c.opponent {
            _ if c.challenger.id == origin.user.id => {
                return Reply::private(Refusal::OwnChallengeDecline);
            }
            None => return Reply::private(Refusal::OpenChallengeDecline),
            Some(o) if o.id != origin.user.id => {
                return Reply::private(Refusal::NotYoursToDecline {
                    opponent: o.name.clone(),
                });
            }
            Some(_) => {}
        }
        let id = c.id;
        if let Err(e) = self
            .ctx
            .store(self.ctx.db().end_challenge(id, ChallengeEnd::Declined))
            .await
        {
            return save_failed(&e);
        }
        self.games.replace_slot(guard, Slot::Free);
        Reply {
            messages: vec![
                ChallengeMsg::Declined {
                    by: origin.user.name.clone(),
                    challenger: c.challenger.name.clone(),
                }
                .into(),
            ],
            game: Some(id),
            mentions: vec![c.challenger.id],
            ..Reply::default()
        }
    }

    pub(crate) async fn cancel(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        match &**guard {
            Slot::Challenge(c) if c.challenger.id == origin.user.id => {
                let id = c.id;
                if let Err(e) = self
                    .ctx
                    .store(self.ctx.db().end_challenge(id, ChallengeEnd::Cancelled))
                    .await
                {
                    return save_failed(&e);
                }
                self.games.replace_slot(guard, Slot::Free);
                Reply::public(ChallengeMsg::Withdrawn {
                    by: origin.user.name.clone(),
                })
                .with_game(id)
            }
            Slot::Challenge(c) => Reply::private(Refusal::OnlyChallengerCancels {
                challenger: c.challenger.name.clone(),
            }),
            Slot::Game(_) => self.games.cancel_push(origin, guard).await,
            Slot::Free | Slot::Retired => Reply::private(Refusal::NothingToCancel),
        }
    }
}

impl Ask {
    /// The ask with the service's defaults filled in: a Chess960 game without a setup
    /// number starts from a random setup.
    fn with_defaults(self) -> Ask {
        let setup = match (self.variant, self.setup) {
            (Variant::Chess960, None) => Some(SetupChoice::Random),
            (_, setup) => setup,
        };
        Ask { setup, ..self }
    }
}

/// Refuses setups and positions the variant cannot start from, before anyone accepts; gives
/// the game a position starts.
fn check_setup(ask: &Ask) -> Result<Option<Game>, Refusal> {
    match &ask.setup {
        None => Ok(None),
        Some(SetupChoice::Position(fen)) => position_game(ask.variant, fen).map(Some),
        Some(_) if !ask.variant.allows_chess960_setup() => Err(Refusal::FixedSetup {
            variant: ask.variant,
        }),
        Some(SetupChoice::Random) => Ok(None),
        Some(SetupChoice::Number(n)) => Game::new(ask.variant, Some(*n))
            .map(|_| None)
            .map_err(Refusal::BadSetup),
    }
}

/// A game of `variant` from the position `fen`, refused when the FEN cannot be read or
/// the rules already end the game there.
fn position_game(variant: Variant, fen: &str) -> Result<Game, Refusal> {
    let start = Position::from_fen(variant, fen).map_err(Refusal::BadPosition)?;
    let game = Game::from_position(start);
    match game.outcome() {
        Some(outcome) => Err(Refusal::PositionOver { outcome }),
        None => Ok(game),
    }
}
