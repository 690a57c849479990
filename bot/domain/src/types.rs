//! The vocabulary fronts share with the service: who asks, what they ask, what comes back.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rules::{Color, Game, Outcome, Position, Role, Square, Turn, Variant};

use crate::Lang;
use crate::messages::{Message, Players};
use crate::rating::RatingFamily;
use crate::review::ReviewSheet;
use crate::timing::{Clocks, TimeControl};
use crate::tournaments::{RoundShown, StandingsTable};
use crate::{TournamentAsk, TournamentId};

/// A Discord channel (a thread is a channel too), or a console room.
pub type ChannelId = u64;
/// A Discord server.
pub type GuildId = u64;
/// A Discord user, or a console user name hashed to a number.
pub type UserId = u64;
/// A game, and the challenge it grew from (they share the id).
pub type GameId = u64;

/// A person: their id and the name shown for them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct User {
    /// The stable id.
    pub id: UserId,
    /// The display name.
    pub name: String,
}

/// Where a command comes from: the server, the channel and the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The server, or `None` in direct messages and the console without one.
    pub guild: Option<GuildId>,
    /// The channel the command was given in; it holds at most one game or challenge.
    pub channel: ChannelId,
    /// Who gave it.
    pub user: User,
    /// The languages the front knows for the user and the server.
    pub locale: Locale,
}

/// The languages a front reports with a command: the user's own, and the server's preferred
/// one. Private replies are in the user's language, public ones in the server's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Locale {
    /// The user's language, if the front knows it and the catalogs have it.
    pub user: Option<Lang>,
    /// The server's preferred language, if the front knows it and the catalogs have it.
    pub server: Option<Lang>,
}

impl Locale {
    /// Both the user and the server speak `lang` (the console, tests).
    pub const fn both(lang: Lang) -> Locale {
        Locale {
            user: Some(lang),
            server: Some(lang),
        }
    }
}

/// The colour a challenger asks for.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Default,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
    strum::VariantNames,
)]
#[strum(serialize_all = "lowercase")]
pub enum ColorChoice {
    /// The challenger plays White.
    White,
    /// The challenger plays Black.
    Black,
    /// Colours are drawn when the challenge is accepted.
    #[default]
    Random,
}

/// Where a challenger asks the game to start from, besides the variant's usual start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupChoice {
    /// Setup number 0–959 (518 is the usual setup).
    Number(u16),
    /// A setup drawn at random when the game starts.
    Random,
    /// Any position of the variant, as FEN (X-FEN or Shredder-FEN in the Chess960 family):
    /// the game is never rated.
    Position(String),
}

/// A step of the draw-offer exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawAction {
    /// Offer a draw (accepts the opponent's standing offer, if there is one).
    Offer,
    /// Accept the opponent's offer.
    Accept,
    /// Decline the opponent's offer.
    Decline,
}

/// A step of the takeback exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakebackAction {
    /// Ask to take back your last turn (grants the opponent's standing request, if any).
    Offer,
    /// Grant the opponent's request.
    Accept,
    /// Refuse the opponent's request.
    Decline,
}

/// Everything a user can ask of the service.
///
/// [`CommandKind`] names each variant without its data, so that a test can go through every
/// command (`CommandKind::iter()`): each front has one checking that it can ask for each.
#[derive(Clone, Debug, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(CommandKind),
    derive(Hash, strum::EnumIter),
    doc = "Which [`Command`] it is, without its data."
)]
pub enum Command {
    /// Challenge someone (or anyone, with no opponent) to a game in this channel.
    Challenge {
        /// The challenged player; `None` for an open challenge anyone may take.
        opponent: Option<User>,
        /// The rule set.
        variant: Variant,
        /// A Chess960 setup or a position; `None` for the variant's usual start (random for
        /// `chess960`).
        setup: Option<SetupChoice>,
        /// The challenger's colour.
        color: ColorChoice,
        /// The time each player has for a turn; `None` for the configured default.
        deadline: Option<Duration>,
        /// A chess clock instead of deadlines: base time and increment.
        time: Option<TimeControl>,
        /// Rated or casual; `None` for the default: rated between two people (a game
        /// against the computer or oneself is never rated).
        rated: Option<bool>,
    },
    /// Accept the challenge in this channel.
    Accept,
    /// Decline the challenge in this channel.
    Decline,
    /// Withdraw your challenge, or drop the turn you have half entered.
    Cancel,
    /// A turn, whole or one step of it, in any notation rules.md reads.
    Move(String),
    /// The piece for your pawn waiting on its last rank (Avalanche).
    Promote(Role),
    /// Play the turn whose push loses, after all.
    ConfirmPush,
    /// Do not play the turn whose push loses; choose again.
    CancelPush,
    /// Give up the game.
    Resign,
    /// Offer, accept or decline a draw.
    Draw(DrawAction),
    /// Request, accept or decline a takeback.
    Takeback(TakebackAction),
    /// Call the game off while a side has not moved yet.
    Abort,
    /// In an arena game, before one's first turn: half the clock, no increment, a point
    /// more for a win.
    Berserk,
    /// A turn suggested by the engine, in games against the computer only.
    Hint,
    /// Show the board; `flip` shows it from the other side.
    Board {
        /// Turn the board around.
        flip: bool,
    },
    /// The record so far, as text and as a PGN-style file.
    Moves,
    /// The game's position, for the caller alone: its FEN, the record so far, and in
    /// Avalanche the pushes open to the side to move.
    Position,
    /// The games going on in this server.
    Games,
    /// A Chess960 setup: the numbered one, or one drawn at random.
    Chess960(Option<u16>),
    /// The commands.
    Help,
    /// The rules of a variant, or the list of variants.
    Rules(Option<Variant>),
    /// A new challenge to the other player of the finished game in this channel: colours
    /// swapped, the same variant, setup, deadline and rating.
    Rematch,
    /// The animated replay of a game: the one given, else the latest in this channel.
    Gif(Option<GameId>),
    /// A page of the finished games of this server (or of your direct-message games).
    History {
        /// Only this player's games, when set.
        user: Option<UserId>,
        /// The page, from 1.
        page: u32,
    },
    /// One game of the archive: final board, record, replay, result and rating changes.
    ShowGame(GameId),
    /// Start a vacation of some days, or end the one under way.
    Vacation(VacationAsk),
    /// A player's ratings in this server (the caller's by default), in every rating family
    /// (standard chess at each speed, the other variant families) or one.
    Rating {
        /// Whose; `None` for the caller.
        user: Option<User>,
        /// Which family; `None` for all.
        family: Option<RatingFamily>,
    },
    /// The leaderboard of a rating family in this server, with the caller's own place.
    Leaderboard {
        /// Which family; `None` for the one the caller has played most.
        family: Option<RatingFamily>,
    },
    /// Sets (or with `None`, clears) the language of this server's public messages. Only the
    /// server's admins may: the front checks that before giving the command.
    Language(Option<Lang>),
    /// Shows (`true`) or hides players' pictures in the name bars of this server's boards.
    /// Only the server's admins may: the front checks that before giving the command.
    Avatars(bool),
    /// The engine's review of a finished game: each player's accuracy, the turns marked as
    /// inaccuracies, mistakes and blunders with a better line, the deciding turn, the
    /// evaluation graph and the annotated record.
    Review {
        /// The game; `None` for the finished game in this channel, else the caller's latest
        /// finished game here.
        game: Option<GameId>,
        /// Show the position after this many turns, reviewed, instead of the summary.
        turn: Option<usize>,
    },
    /// What nadare stores about its users, for how long, and how to have it removed.
    Privacy,
    /// Everything stored about the caller, as a file only they see.
    MyData,
    /// Deletes or anonymises everything stored about the caller, once they confirm it.
    Forget(ForgetAsk),
}

/// What a `forget` command asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForgetAsk {
    /// What forgetting would do, with the buttons to go ahead or not.
    Ask,
    /// Forget, as asked and confirmed.
    Confirm,
    /// Do not forget after all.
    Cancel,
}

/// What a `vacation` command asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VacationAsk {
    /// Pause your deadlines for this many days.
    Days(u32),
    /// End your vacation now; unused days come back.
    End,
}

/// Which page of the archive a page button shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageRef {
    /// Only this player's games, when set.
    pub user: Option<UserId>,
    /// The page, from 1.
    pub page: u32,
}

impl PageRef {
    /// The arguments a button's id carries: `PAGE` or `PAGE.USER`.
    fn token(self) -> String {
        match self.user {
            Some(user) => format!("{}.{user}", self.page),
            None => self.page.to_string(),
        }
    }

    /// The page written by [`PageRef::token`].
    fn from_token(token: &str) -> Option<PageRef> {
        let (page, user) = match token.split_once('.') {
            Some((page, user)) => (page, Some(user.parse().ok()?)),
            None => (token, None),
        };
        Some(PageRef {
            user,
            page: page.parse().ok().filter(|p| *p >= 1)?,
        })
    }
}

/// A position of a reviewed game a button shows: the game, and the turns played to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepRef {
    /// The game.
    pub game: GameId,
    /// The turns played to the position (0: the start).
    pub turn: usize,
}

impl StepRef {
    /// The arguments a button's id carries: `GAME.TURN`.
    fn token(self) -> String {
        format!("{}.{}", self.game, self.turn)
    }

    /// The position written by [`StepRef::token`].
    fn from_token(token: &str) -> Option<StepRef> {
        let (game, turn) = token.split_once('.')?;
        Some(StepRef {
            game: game.parse().ok()?,
            turn: turn.parse().ok()?,
        })
    }
}

/// A button a reply offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Accept the challenge.
    AcceptChallenge,
    /// Decline the challenge.
    DeclineChallenge,
    /// Resign the game (a front may ask first).
    Resign,
    /// Resign the game, asked and confirmed.
    ConfirmResign,
    /// Offer a draw.
    OfferDraw,
    /// Show the board from the other side.
    Flip,
    /// Choose this piece for the pending promotion.
    Promote(Role),
    /// Play the losing push after all.
    ConfirmPush,
    /// Choose another turn instead of the losing push.
    CancelPush,
    /// Challenge the other player of a finished game again, colours swapped.
    Rematch,
    /// Go berserk in an arena game (half the clock, a point more for a win).
    Berserk,
    /// Show an earlier page of the archive.
    PreviousPage(PageRef),
    /// Show a later page of the archive.
    NextPage(PageRef),
    /// Join this tournament (on its announcement).
    JoinTournament(TournamentId),
    /// Leave this tournament before its start (on its announcement).
    LeaveTournament(TournamentId),
    /// Forget everything stored about me, as asked.
    ConfirmForget,
    /// Do not forget me.
    CancelForget,
    /// Step through a reviewed game from its start (on its review).
    StepThrough(GameId),
    /// Show an earlier position of a reviewed game, in place of this one.
    StepBack(StepRef),
    /// Show a later position of a reviewed game, in place of this one.
    StepForward(StepRef),
}

impl Action {
    /// Every button.
    pub const ALL: [Action; 23] = [
        Action::AcceptChallenge,
        Action::DeclineChallenge,
        Action::Resign,
        Action::ConfirmResign,
        Action::OfferDraw,
        Action::Flip,
        Action::Promote(Role::Queen),
        Action::Promote(Role::Rook),
        Action::Promote(Role::Bishop),
        Action::Promote(Role::Knight),
        Action::ConfirmPush,
        Action::CancelPush,
        Action::Rematch,
        Action::Berserk,
        Action::PreviousPage(PageRef {
            user: None,
            page: 1,
        }),
        Action::NextPage(PageRef {
            user: Some(1),
            page: 2,
        }),
        Action::JoinTournament(1),
        Action::LeaveTournament(1),
        Action::ConfirmForget,
        Action::CancelForget,
        Action::StepThrough(1),
        Action::StepBack(StepRef { game: 1, turn: 0 }),
        Action::StepForward(StepRef { game: 1, turn: 1 }),
    ];

    /// A stable short id for a button (`accept`, `promote-q`), to combine with a game id.
    pub fn id(self) -> &'static str {
        match self {
            Action::AcceptChallenge => "accept",
            Action::DeclineChallenge => "decline",
            Action::Resign => "resign",
            Action::ConfirmResign => "resign-yes",
            Action::OfferDraw => "draw",
            Action::Flip => "flip",
            Action::Promote(Role::Queen) => "promote-q",
            Action::Promote(Role::Rook) => "promote-r",
            Action::Promote(Role::Bishop) => "promote-b",
            Action::Promote(_) => "promote-n",
            Action::ConfirmPush => "confirm-push",
            Action::CancelPush => "cancel-push",
            Action::Rematch => "rematch",
            Action::Berserk => "berserk",
            Action::PreviousPage(_) => "page-previous",
            Action::NextPage(_) => "page-next",
            Action::JoinTournament(_) => "tournament-join",
            Action::LeaveTournament(_) => "tournament-leave",
            Action::ConfirmForget => "forget-yes",
            Action::CancelForget => "forget-no",
            Action::StepThrough(_) => "review-steps",
            Action::StepBack(_) => "review-back",
            Action::StepForward(_) => "review-forward",
        }
    }

    /// The id with the arguments the action carries (`page-next:3.USER`), for a button's
    /// custom id; [`Action::id`] for actions without arguments.
    pub fn token(self) -> String {
        match self {
            Action::PreviousPage(page) | Action::NextPage(page) => {
                format!("{}:{}", self.id(), page.token())
            }
            Action::JoinTournament(id) | Action::LeaveTournament(id) | Action::StepThrough(id) => {
                format!("{}:{id}", self.id())
            }
            Action::StepBack(step) | Action::StepForward(step) => {
                format!("{}:{}", self.id(), step.token())
            }
            _ => self.id().to_owned(),
        }
    }

    /// The action for a token written by [`Action::token`].
    pub fn from_token(token: &str) -> Option<Action> {
        match token.split_once(':') {
            Some(("page-previous", page)) => PageRef::from_token(page).map(Action::PreviousPage),
            Some(("page-next", page)) => PageRef::from_token(page).map(Action::NextPage),
            Some(("tournament-join", id)) => id.parse().ok().map(Action::JoinTournament),
            Some(("tournament-leave", id)) => id.parse().ok().map(Action::LeaveTournament),
            Some(("review-steps", id)) => id.parse().ok().map(Action::StepThrough),
            Some(("review-back", step)) => StepRef::from_token(step).map(Action::StepBack),
            Some(("review-forward", step)) => StepRef::from_token(step).map(Action::StepForward),
            Some(_) => None,
            None => Action::from_id(token),
        }
    }

    /// Whether the action shows another position of a reviewed game in place of the one its
    /// message shows.
    pub fn steps_a_review(self) -> bool {
        matches!(self, Action::StepBack(_) | Action::StepForward(_))
    }

    /// Whether the action is about no game (a page of the archive, forgetting the presser),
    /// so it is carried out where its button is.
    pub fn is_about_no_game(self) -> bool {
        matches!(
            self,
            Action::PreviousPage(_)
                | Action::NextPage(_)
                | Action::ConfirmForget
                | Action::CancelForget
        )
    }

    /// The action for an id written by [`Action::id`].
    pub fn from_id(id: &str) -> Option<Action> {
        Some(match id {
            "accept" => Action::AcceptChallenge,
            "decline" => Action::DeclineChallenge,
            "resign" => Action::Resign,
            "resign-yes" => Action::ConfirmResign,
            "draw" => Action::OfferDraw,
            "flip" => Action::Flip,
            "promote-q" => Action::Promote(Role::Queen),
            "promote-r" => Action::Promote(Role::Rook),
            "promote-b" => Action::Promote(Role::Bishop),
            "promote-n" => Action::Promote(Role::Knight),
            "confirm-push" => Action::ConfirmPush,
            "cancel-push" => Action::CancelPush,
            "rematch" => Action::Rematch,
            "berserk" => Action::Berserk,
            "forget-yes" => Action::ConfirmForget,
            "forget-no" => Action::CancelForget,
            _ => return None,
        })
    }

    /// What a press of this button asks.
    pub fn request(self) -> Request {
        let game = |command| Request::Game(command);
        match self {
            Action::AcceptChallenge => game(Command::Accept),
            Action::DeclineChallenge => game(Command::Decline),
            Action::Resign | Action::ConfirmResign => game(Command::Resign),
            Action::OfferDraw => game(Command::Draw(DrawAction::Offer)),
            Action::Flip => game(Command::Board { flip: true }),
            Action::Promote(role) => game(Command::Promote(role)),
            Action::ConfirmPush => game(Command::ConfirmPush),
            Action::CancelPush => game(Command::CancelPush),
            Action::Rematch => game(Command::Rematch),
            Action::Berserk => game(Command::Berserk),
            Action::PreviousPage(p) | Action::NextPage(p) => game(Command::History {
                user: p.user,
                page: p.page,
            }),
            Action::JoinTournament(id) => Request::Tournament(TournamentAsk::Join(Some(id))),
            Action::LeaveTournament(id) => Request::Tournament(TournamentAsk::Leave(Some(id))),
            Action::ConfirmForget => game(Command::Forget(ForgetAsk::Confirm)),
            Action::CancelForget => game(Command::Forget(ForgetAsk::Cancel)),
            Action::StepThrough(id) => game(Command::Review {
                game: Some(id),
                turn: Some(0),
            }),
            Action::StepBack(step) | Action::StepForward(step) => game(Command::Review {
                game: Some(step.game),
                turn: Some(step.turn),
            }),
        }
    }
}

/// What a user asks: a command of the game service, or a tournament command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// A game command (`/move`, `/challenge` …).
    Game(Command),
    /// A tournament command.
    Tournament(TournamentAsk),
}

impl From<Command> for Request {
    fn from(command: Command) -> Request {
        Request::Game(command)
    }
}

impl From<TournamentAsk> for Request {
    fn from(ask: TournamentAsk) -> Request {
        Request::Tournament(ask)
    }
}

/// What the service answers to a command.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Reply {
    /// What happened, or why not: events and refusals as data, in order. Each front words
    /// them from the catalogs (see the `present` crate).
    pub messages: Vec<Message>,
    /// The language the reply is to be worded in, and its board image is drawn in.
    pub lang: Lang,
    /// The board to show, as data: the presentation labels it in `lang` and draws it.
    pub board: Option<Board>,
    /// A finished game's animated replay to attach, as data, drawn by the presentation.
    pub replay: Option<Replay>,
    /// A tournament's standings to show as a table, as data, drawn by the presentation.
    pub standings: Option<StandingsTable>,
    /// A game's review, as data: the presentation draws its graph and writes its annotated
    /// record among the `files`.
    pub review: Option<Box<ReviewSheet>>,
    /// The board as a PNG (or the standings table, in a reply without a board), once the
    /// presentation has drawn it; the service never sets it.
    pub image: Option<Vec<u8>>,
    /// Attachments besides the board: file name and bytes (the record for `moves`; the
    /// presentation adds a game's animated replay).
    pub files: Vec<(String, Vec<u8>)>,
    /// Only the caller should see it (errors and refusals, half-entered turns).
    pub private: bool,
    /// The game (or challenge) the reply is about.
    pub game: Option<GameId>,
    /// Buttons to offer.
    pub actions: Vec<Action>,
    /// Users to ping: the player to move, the challenged player.
    pub mentions: Vec<UserId>,
    /// How much of its game this reply shows its players (its turns, and its result), stamped
    /// by the service while it holds the game: once the reply is delivered that counts as
    /// announced (see `GameService::mark_shown`).
    pub shows: Option<Shown>,
    /// How far a tournament's announcements this reply shows (a round's pairings, the end),
    /// stamped by the service: once delivered that counts as announced (see
    /// `GameService::mark_round_shown`).
    pub shows_round: Option<RoundShown>,
    /// The notice owed to players that this reply tells (a challenge's lapse, a withdrawal
    /// from a tournament), stamped by the service: once delivered it counts as told (see
    /// `GameService::mark_told`).
    pub tells: Option<Owed>,
    /// Where the game shown stands, for a front that colours a board by it.
    pub tone: Option<Tone>,
    /// The address of the game's live page on the web, set by a front that has one (the
    /// service never sets it): the board then links to it.
    pub watch: Option<String>,
}

impl std::fmt::Debug for Reply {
    /// The reply with its image and files as their sizes, not their bytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reply")
            .field("messages", &self.messages)
            .field("lang", &self.lang)
            .field("board", &self.board.is_some())
            .field(
                "replay",
                &self.replay.as_ref().map(|r| r.played.turns().len()),
            )
            .field("standings", &self.standings.as_ref().map(|s| s.lines.len()))
            .field("review", &self.review.as_ref().map(|r| r.id))
            .field("image", &self.image.as_ref().map(Vec::len))
            .field(
                "files",
                &self
                    .files
                    .iter()
                    .map(|(name, bytes)| (name, bytes.len()))
                    .collect::<Vec<_>>(),
            )
            .field("private", &self.private)
            .field("game", &self.game)
            .field("actions", &self.actions)
            .field("mentions", &self.mentions)
            .field("shows", &self.shows)
            .field("shows_round", &self.shows_round)
            .field("tells", &self.tells)
            .field("tone", &self.tone)
            .field("watch", &self.watch)
            .finish()
    }
}

/// How much of a game its players have been shown: its first `plies` turns, and its result
/// when `over`. What a delivered reply shows is marked so; what was stored and not marked is
/// announced again, by the sweep or after a restart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The turns shown.
    pub plies: usize,
    /// Whether the game's result was shown.
    pub over: bool,
}

/// A notice owed to players, besides a game's turns and result ([`Shown`]) and a tournament's
/// rounds: stored with what it tells, it counts as told once a delivered reply showed it;
/// one stored and never told is announced after a restart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owed {
    /// A challenge (by id) lapsed unanswered.
    Lapse(GameId),
    /// A player's withdrawal (or removal) from a tournament: the tournament, and the
    /// player's entry number (`seq`), which stays theirs when their data is forgotten.
    Withdrawal {
        /// The tournament.
        tournament: TournamentId,
        /// The player's entry number.
        seq: u32,
    },
}

/// A board to show, as data: the position, its highlights and its players. The presentation
/// draws it, with words in the reply's language and the players' pictures where the front
/// has them; the result is said once the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The position shown.
    pub position: Position,
    /// The turn that led to it, with the position it was played from, if any: its move (a
    /// castling on the king's squares), its push and a promotion chosen are marked.
    pub last_turn: Option<(Position, Turn)>,
    /// The side shown at the bottom.
    pub orientation: Color,
    /// The players' names as stored (blank for a setup shown on its own).
    pub players: Players,
    /// The Chess960 setup the game started from, named on the board.
    pub chess960: Option<u16>,
    /// How the game ended, if it has.
    pub outcome: Option<Outcome>,
    /// Whose pictures the name bars may show; `None` shows the icons.
    pub faces: Option<Faces>,
    /// Arrows drawn over the board, from and to: a hint's turn ([`Board::arrows_of`]).
    pub arrows: Vec<(Square, Square)>,
    /// Both sides' remaining times at the position shown, in a game with a clock; the side
    /// to move is the one whose clock runs (none once the game is over).
    pub clocks: Option<Clocks>,
}

impl Board {
    /// The arrows of `turn` played from `before`: its move (a castling from the king's square
    /// to where the king goes, as lichess draws it, or the rook's when the king stays) and
    /// its push.
    pub fn arrows_of(before: &Position, turn: &Turn) -> Vec<(Square, Square)> {
        turn.mv
            .map(|m| before.shown_squares(m))
            .into_iter()
            .chain(turn.push.map(|p| (p.from, p.to)))
            .collect()
    }

    /// `position` on its own, seen from White's side: no players, no highlights.
    pub fn of_position(position: Position) -> Board {
        Board {
            position,
            last_turn: None,
            orientation: Color::White,
            players: Players {
                white: String::new(),
                black: String::new(),
            },
            chess960: None,
            outcome: None,
            faces: None,
            arrows: Vec::new(),
            clocks: None,
        }
    }
}

/// The players whose pictures a board's name bars may show, and where the game is played (a
/// player may have a picture of their own in a server). The front finds the pictures; the
/// presentation draws the computer's own icon for the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Faces {
    /// The server of the game, or `None` outside one.
    pub guild: Option<GuildId>,
    /// White's player.
    pub white: UserId,
    /// Black's player.
    pub black: UserId,
}

/// A finished game's animated replay: the game, drawn one frame per position, the result
/// on the last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The game's id (it names the file).
    pub game: GameId,
    /// The game replayed, from its start.
    pub played: Game,
    /// The side shown at the bottom of every frame.
    pub orientation: Color,
    /// The players' names as stored.
    pub players: Players,
    /// How the game ended, said on the last frame.
    pub outcome: Option<Outcome>,
    /// Whose pictures the name bars may show; `None` shows the icons.
    pub faces: Option<Faces>,
    /// The game's time control, when it was played with a clock.
    pub time: Option<TimeControl>,
    /// Both sides' remaining times after each ply (empty without a clock).
    pub clocks: Vec<Clocks>,
}

/// Where a game shown on a board stands: whose move it is, or how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// The game goes on; this side is to move.
    ToMove(Color),
    /// The game is over and this side won.
    Won(Color),
    /// The game is over without a winner (a draw or an abort).
    Drawn,
}

impl Reply {
    /// A public reply saying `message`.
    pub fn public(message: impl Into<Message>) -> Reply {
        Reply {
            messages: vec![message.into()],
            ..Reply::default()
        }
    }

    /// A reply only the caller sees: refusals, errors, steps of a turn.
    pub fn private(message: impl Into<Message>) -> Reply {
        Reply {
            messages: vec![message.into()],
            private: true,
            ..Reply::default()
        }
    }

    /// Whether the reply says `message`.
    pub fn says(&self, message: &Message) -> bool {
        self.messages.contains(message)
    }

    /// Links the reply, when it is a public board of a game, to the game's live page on the
    /// web board `web` (a front that has one calls it before drawing the board).
    pub fn link_to_web(&mut self, web: &dyn crate::WebLinks) {
        if let Some(game) = self.game
            && self.board.is_some()
            && !self.private
        {
            self.watch = Some(web.watch(game));
        }
    }

    /// The same reply about `game`.
    pub fn with_game(mut self, game: GameId) -> Reply {
        self.game = Some(game);
        self
    }
}

/// A message nobody asked for: a deadline reminder, a timeout, an expired challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Where to post it.
    pub channel: ChannelId,
    /// What to post.
    pub reply: Reply,
}

/// Raised by the service as soon as it knows its reply will be private (a refusal, a step of a
/// turn), before the slow part (storage, rendering), so a front that must acknowledge a request
/// early (Discord's deferral) can acknowledge it privately.
#[derive(Debug, Default)]
pub struct EarlyPrivacy(AtomicBool);

impl EarlyPrivacy {
    /// Notes that the reply will be private.
    pub fn mark_private(&self) {
        self.0.store(true, Ordering::Release);
    }

    /// Whether the reply is known to be private.
    pub fn is_private(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }
}

/// Where the service says how far a long command (a review) has come while the front waits
/// for its reply: a front that shows it (Discord edits its deferred answer) gives a callback;
/// the default hears nothing.
#[derive(Default)]
pub struct Progress(Option<Box<dyn Fn(Message) + Send + Sync>>);

impl Progress {
    /// Progress told to `report`, as messages (a [`ReviewMsg`](crate::messages::ReviewMsg)).
    pub fn new(report: impl Fn(Message) + Send + Sync + 'static) -> Progress {
        Progress(Some(Box::new(report)))
    }

    /// Tells the front how far the command has come.
    pub fn report(&self, message: impl Into<Message>) {
        if let Some(report) = &self.0 {
            report(message.into());
        }
    }
}

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Progress").field(&self.0.is_some()).finish()
    }
}
