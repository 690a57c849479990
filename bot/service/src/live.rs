//! What a channel holds, and a game in progress with everything the service keeps about it.

use rules::{Color, Game, Outcome, Position};

use domain::messages::{
    ChallengeMsg, GameKind, Message, NoticeMsg, Players, Ply, Refusal, TurnMsg,
};
use domain::timing::Clocks;
use domain::{
    ChallengeRecord, Faces, GameId, GameRecord, GuildId, Reply, Shown, StoredGame, User, UserId,
    is_computer,
};

use super::error::ServiceError;
use super::pending::Pending;

/// The contents of a channel's slot.
#[derive(Debug)]
pub(crate) enum Slot {
    /// Nothing here.
    Free,
    /// An open challenge.
    Challenge(ChallengeRecord),
    /// A game, going on or recently finished.
    Game(Box<Live>),
    /// The slot was taken out of the map; whoever finds it must look the channel up again.
    Retired,
}

impl Slot {
    /// The id of the challenge or game here.
    pub(crate) fn id(&self) -> Option<GameId> {
        match self {
            Slot::Challenge(c) => Some(c.id),
            Slot::Game(g) => Some(g.row.id),
            Slot::Free | Slot::Retired => None,
        }
    }

    /// The server of the challenge or game here.
    pub(crate) fn guild(&self) -> Option<GuildId> {
        match self {
            Slot::Challenge(c) => c.guild,
            Slot::Game(g) => g.row.guild,
            Slot::Free | Slot::Retired => None,
        }
    }
}

/// The game in the slot, or the reply that says there is none.
pub(crate) fn game_in(slot: &mut Slot) -> Result<&mut Live, Box<Reply>> {
    match slot {
        Slot::Game(live) => Ok(live),
        Slot::Challenge(c) => Err(Box::new(Reply::private(Refusal::NotStarted {
            challenger: c.challenger.name.clone(),
        }))),
        Slot::Free | Slot::Retired => Err(Box::new(Reply::private(Refusal::NoGame))),
    }
}

/// A game with its players, its stored state and any half-entered turn.
#[derive(Debug)]
pub(crate) struct Live {
    /// The stored facts and state.
    pub(crate) row: GameRecord,
    /// The game itself.
    pub(crate) game: Game,
    /// What the player to move has entered of their turn so far.
    pub(crate) pending: Option<Pending>,
    /// What was stored as shown to the players when the game was loaded (`None`: nothing,
    /// not even its start); the marks made since are the service's `shown`.
    pub(crate) announced: Option<Shown>,
    /// Both sides' remaining times after each ply, in a game on a clock (else empty).
    pub(crate) clocks: Vec<Clocks>,
}

impl Live {
    /// A stored game as it stood: its turns replayed, its half-entered turn and its result
    /// restored.
    pub(crate) fn restore(stored: StoredGame) -> Result<Live, ServiceError> {
        let (row, announced, clocks) = (stored.row, stored.announced, stored.clocks);
        let mut game = match &row.start_fen {
            Some(fen) => Position::from_fen(row.variant, fen)
                .map(Game::from_position)
                .map_err(|source| ServiceError::Start {
                    game: row.id,
                    source,
                })?,
            None => Game::new(row.variant, row.chess960).map_err(|source| ServiceError::Setup {
                game: row.id,
                source,
            })?,
        };
        for (i, notation) in stored.turns.iter().enumerate() {
            let replayed = game
                .position()
                .parse_turn(notation)
                .and_then(|turn| game.play(turn));
            if let Err(source) = replayed {
                return Err(ServiceError::Replay {
                    game: row.id,
                    ply: i + 1,
                    notation: notation.clone(),
                    source,
                });
            }
        }
        if let Some(finished) = row.state.finished
            && game.outcome().is_none()
        {
            game.set_outcome(finished.outcome);
        }
        let pending = row.state.pending.as_deref().and_then(|p| {
            let decoded = Pending::decode(p);
            if decoded.is_none() {
                tracing::warn!(
                    game = row.id,
                    pending = p,
                    "dropping an unreadable half-entered turn"
                );
            }
            decoded
        });
        Ok(Live {
            row,
            game,
            pending,
            announced,
            clocks,
        })
    }

    /// The player of `color`.
    pub(crate) fn player(&self, color: Color) -> &User {
        match color {
            Color::White => &self.row.white,
            Color::Black => &self.row.black,
        }
    }

    /// The colours `user` plays: none, one, or both in a game against themself.
    pub(crate) fn colors_of(&self, user: UserId) -> Vec<Color> {
        Color::ALL
            .into_iter()
            .filter(|c| self.player(*c).id == user)
            .collect()
    }

    /// The side the game's boards are shown from in its channel, the same from its first
    /// board to its replay so that nothing turns under a watcher: the person's side in a game
    /// against the computer, White's in any other (as lichess shows a game to its watchers).
    /// A private view (`Flip`) shows the other side.
    pub(crate) fn shown_side(&self) -> Color {
        if is_computer(self.row.white.id) && !is_computer(self.row.black.id) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// True when one person plays both sides.
    pub(crate) fn is_solo(&self) -> bool {
        self.row.white.id == self.row.black.id
    }

    /// The people who play the game, each once (never the computer): whom a notice that
    /// ends it pings.
    pub(crate) fn people(&self) -> Vec<UserId> {
        let mut people = vec![self.row.white.id, self.row.black.id];
        people.dedup();
        people.retain(|id| !is_computer(*id));
        people
    }

    /// The side to move.
    pub(crate) fn to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    /// The result, once the game is over.
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// Whose pictures the game's boards may show.
    pub(crate) fn faces(&self) -> Faces {
        Faces {
            guild: self.row.guild,
            white: self.row.white.id,
            black: self.row.black.id,
        }
    }

    /// The players' names.
    pub(crate) fn players(&self) -> Players {
        Players {
            white: self.row.white.name.clone(),
            black: self.row.black.name.clone(),
        }
    }

    /// Ply `ply` (0-based) of the record, with its number as a record writes it.
    pub(crate) fn ply(&self, ply: usize, notation: &str) -> Ply {
        let start = self.game.start();
        let offset = usize::from(start.side_to_move() == Color::Black);
        let index = ply + offset;
        let number = start.fullmove_number() as usize + index / 2;
        Ply {
            number: u32::try_from(number).unwrap_or(u32::MAX),
            mover: if index.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
            notation: notation.to_owned(),
        }
    }

    /// Ply `ply` announced: the turn and who played it.
    pub(crate) fn played(&self, ply: usize, notation: &str) -> TurnMsg {
        let ply = self.ply(ply, notation);
        TurnMsg::Played {
            player: self.player(ply.mover).name.clone(),
            ply,
        }
    }

    /// The game's start as announced: who plays whom (or alone), and what.
    pub(crate) fn started(&self) -> ChallengeMsg {
        if self.is_solo() {
            ChallengeMsg::PracticeStarted {
                player: self.row.white.name.clone(),
                kind: self.kind(),
            }
        } else {
            ChallengeMsg::Started {
                players: self.players(),
                kind: self.kind(),
            }
        }
    }

    /// The stored turns from ply `from` on, as they are announced after `why`; `None` when
    /// there are none.
    pub(crate) fn unannounced(&self, from: usize, why: NoticeMsg) -> Option<Vec<Message>> {
        let notations = self.game.notations();
        let missed = notations.get(from..).filter(|m| !m.is_empty())?;
        let mut messages = vec![Message::Notice(why)];
        for (i, notation) in missed.iter().enumerate() {
            messages.push(self.played(from + i, notation).into());
        }
        Some(messages)
    }

    /// Everything of the game as it stands: its turns, and its result once it is over.
    pub(crate) fn shown(&self) -> Shown {
        Shown {
            plies: self.game.turns().len(),
            over: self.outcome().is_some(),
        }
    }

    /// Whose turn it is, check, a pending promotion, the deadline; or the result.
    pub(crate) fn status(&self) -> TurnMsg {
        if let Some(o) = self.outcome() {
            return TurnMsg::Over(o);
        }
        let pos = self.game.position();
        let color = self.to_move();
        TurnMsg::ToMove {
            player: self.player(color).name.clone(),
            color,
            check: pos.is_check(),
            promotion: pos.pending_promotion(),
            deadline: self.row.deadline,
            clock: self
                .row
                .state
                .clocks
                .filter(|_| !domain::timing::is_first_turn(self.game.turns().len()))
                .map(|c| c.of(color)),
        }
    }

    /// What is played: the variant and the setup number.
    pub(crate) fn kind(&self) -> GameKind {
        GameKind {
            variant: self.row.variant,
            chess960: self.game.chess960_number(),
            from_position: self.row.start_fen.is_some(),
        }
    }
}

impl Live {
    /// The game as a watcher sees it, with its `clocks` as they stand.
    pub(crate) fn sight(&self, clocks: Option<domain::SightClocks>) -> domain::Sight {
        domain::Sight {
            row: self.row.clone(),
            played: self.game.clone(),
            kind: self.kind(),
            status: self.status(),
            review: None,
            clocks,
        }
    }
}
