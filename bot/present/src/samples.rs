//! One sample of every message, presented in every language on every surface: each is
//! worded under its variant's key, and no message may fall back to a missing catalog key.
//!
//! One test compares the samples of each area with its enum's variants (strum's `EnumCount`)
//! and words each, so a new variant fails it until it has a sample and its key is in every
//! catalog; another asks for the forms a message is worded apart in (an empty list, each
//! language, on and off).

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use domain::Id;
use domain::timing::TimeControl;
use strum::EnumCount;

use rules::{
    CastleObstacle, CastleSide, Color, EndReason, FenError, MoveError, NoPush, Outcome, Position,
    Push, Role, SetupError, Square, Unreadable, Variant,
};

use super::{ASKED, action_label, message_text};
use crate::i18n::{Lang, Surface, catalogs};
use domain::messages::{
    ArchiveLine, ArchiveMsg, BoardLine, ChallengeLine, ChallengeMsg, EarlyEnd, ForgetPlan,
    GameKind, GameLine, InfoMsg, Keyed, MarkLine, Message, NoticeMsg, OfferMsg, Place, Players,
    Ply, PrivacyMsg, PushChoice, RatingMsg, Refusal, RematchMsg, ReviewMsg, ReviewStep,
    ReviewSummary, SettingsMsg, Shown, ShownChange, ShownRating, StandingLine, TournamentMsg,
    TurnMsg, VacationMsg, ViewMsg,
};
use domain::rating::RatingFamily;
use domain::{
    Action, BoardResult, ColorChoice, Eval, Judgement, SetupChoice, TournamentFormat,
    TournamentState,
};

fn players() -> Players {
    Players {
        white: "alice".into(),
        black: "*bob*".into(),
    }
}

fn kind() -> GameKind {
    GameKind {
        variant: Variant::Avalanche,
        chess960: Some(12),
        from_position: false,
    }
}

fn ply() -> Ply {
    Ply {
        number: 3,
        mover: Color::Black,
        notation: "Nf6/e5".into(),
    }
}

fn square(name: &str) -> Square {
    name.parse().unwrap_or(Square::A1)
}

fn outcome() -> Outcome {
    Outcome {
        winner: Some(Color::Black),
        reason: EndReason::Checkmate,
    }
}

fn challenge() -> Vec<ChallengeMsg> {
    vec![
        ChallengeMsg::Challenged {
            challenger: "alice".into(),
            opponent: None,
            variant: Variant::Avalanche,
            setup: Some(SetupChoice::Number(7)),
            color: ColorChoice::White,
            deadline: Some(Duration::from_secs(86_400)),
            time: None,
        },
        ChallengeMsg::AnswerWithin {
            opponent: Some("bob".into()),
            ttl: Duration::from_secs(600),
        },
        ChallengeMsg::Challenged {
            challenger: "alice".into(),
            opponent: Some("bob".into()),
            variant: Variant::Standard,
            setup: Some(SetupChoice::Position(
                "4k3/8/8/8/8/8/8/4K2R w K - 0 1".into(),
            )),
            color: ColorChoice::Random,
            deadline: None,
            time: TimeControl::parse("3+2").ok(),
        },
        ChallengeMsg::Started {
            players: players(),
            kind: kind(),
        },
        ChallengeMsg::Started {
            players: players(),
            kind: GameKind {
                variant: Variant::Standard,
                chess960: None,
                from_position: true,
            },
        },
        ChallengeMsg::PracticeStarted {
            player: "alice".into(),
            kind: kind(),
        },
        ChallengeMsg::TurnDeadline {
            deadline: Duration::from_secs(3600),
        },
        ChallengeMsg::Clock {
            time: TimeControl {
                base: Duration::from_secs(300),
                increment: Duration::from_secs(3),
            },
            first_turn: Duration::from_secs(60),
        },
        ChallengeMsg::Clock {
            time: TimeControl {
                base: Duration::from_secs(30),
                increment: Duration::ZERO,
            },
            first_turn: Duration::from_secs(30),
        },
        ChallengeMsg::Declined {
            by: "bob".into(),
            challenger: "alice".into(),
        },
        ChallengeMsg::Withdrawn { by: "alice".into() },
    ]
}

fn turn() -> Vec<TurnMsg> {
    vec![
        TurnMsg::Played {
            ply: ply(),
            player: "bob".into(),
        },
        TurnMsg::DrawOfferLapsed {
            player: "alice".into(),
        },
        TurnMsg::ToMove {
            player: "alice".into(),
            color: Color::White,
            check: true,
            promotion: Some(square("e8")),
            deadline: Some(Duration::from_secs(90_000)),
            clock: None,
        },
        TurnMsg::ToMove {
            player: "bob".into(),
            color: Color::Black,
            check: false,
            promotion: None,
            deadline: None,
            clock: Some(58_300),
        },
        TurnMsg::Over(outcome()),
        TurnMsg::LosingPush {
            notation: "Nf3/e4".into(),
        },
        TurnMsg::PromotionChosen {
            square: Some(square("a8")),
            role: Role::Queen,
        },
        TurnMsg::MoveNoted {
            input: "Nf3".into(),
            opponent: "bob".into(),
            pushes: vec![
                PushChoice {
                    to: square("a6"),
                    loses: false,
                },
                PushChoice {
                    to: square("b6"),
                    loses: true,
                },
                PushChoice {
                    to: square("c6"),
                    loses: false,
                },
            ],
        },
        TurnMsg::Dropped,
        TurnMsg::Hint {
            notation: "e4".into(),
        },
    ]
}

fn offer() -> Vec<OfferMsg> {
    let (a, b) = (String::from("alice"), String::from("bob"));
    vec![
        OfferMsg::Resigned {
            player: a.clone(),
            color: Color::White,
        },
        OfferMsg::Aborted { player: a.clone() },
        OfferMsg::SelfDraw { player: a.clone() },
        OfferMsg::DrawOffered {
            by: a.clone(),
            to: b.clone(),
        },
        OfferMsg::DrawAccepted {
            by: b.clone(),
            offerer: a.clone(),
        },
        OfferMsg::DrawDeclined {
            by: b.clone(),
            offerer: a.clone(),
        },
        OfferMsg::SelfTakeback { player: a.clone() },
        OfferMsg::TakebackRequested {
            by: a.clone(),
            to: b.clone(),
        },
        OfferMsg::TakebackGranted {
            by: b.clone(),
            requester: a.clone(),
        },
        OfferMsg::TakebackDeclined {
            by: b,
            requester: a,
        },
    ]
}

fn view() -> Vec<ViewMsg> {
    vec![
        ViewMsg::Game {
            players: players(),
            kind: kind(),
            last: Some(ply()),
        },
        ViewMsg::Record {
            record: "1. e4/d6 Nf6/e5".into(),
            clipped: true,
        },
        ViewMsg::NoTurnsYet,
        ViewMsg::Position {
            fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
            xfen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
            pushes: Some((Color::White, vec![square("a6"), square("e5")])),
        },
        ViewMsg::Position {
            fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
            xfen: None,
            pushes: Some((Color::Black, Vec::new())),
        },
        ViewMsg::Games {
            games: vec![GameLine {
                id: 4,
                players: players(),
                kind: kind(),
                move_number: 9,
                to_move: "alice".into(),
                channel: 77,
            }],
            more: 2,
            challenges: vec![ChallengeLine {
                id: 5,
                challenger: "carol".into(),
                opponent: None,
                variant: Variant::Chess960,
                channel: 78,
            }],
        },
        ViewMsg::NoGames,
        ViewMsg::Chess960Setup {
            number: 518,
            back_rank: "RNBQKBNR".into(),
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        },
    ]
}

fn info() -> Vec<InfoMsg> {
    let mut all = vec![InfoMsg::Help, InfoMsg::VariantsOverview];
    all.extend(Variant::ALL.map(InfoMsg::Rules));
    all
}

fn notice() -> Vec<NoticeMsg> {
    vec![
        NoticeMsg::ChallengeExpired {
            challenger: "alice".into(),
            opponent: Some("bob".into()),
        },
        NoticeMsg::LostOnTime {
            player: "bob".into(),
            color: Color::Black,
            deadline: Duration::from_secs(600),
        },
        NoticeMsg::Flagged {
            player: "bob".into(),
            color: Color::Black,
            drawn: false,
        },
        NoticeMsg::Flagged {
            player: "alice".into(),
            color: Color::White,
            drawn: true,
        },
        NoticeMsg::FirstTurnMissed {
            player: "bob".into(),
            color: Color::Black,
            limit: Duration::from_secs(60),
        },
        NoticeMsg::Reminder {
            player: "alice".into(),
            game: 3,
            players: players(),
            left: Duration::from_secs(1800),
        },
        NoticeMsg::SetAside {
            game: -4,
            detail: "turn 3 (Ke9) is illegal".into(),
        },
        NoticeMsg::AnnouncedAfterRestart,
        NoticeMsg::AnnouncedLate,
    ]
}

fn refusal() -> Vec<Refusal> {
    let name = || String::from("bob");
    vec![
        Refusal::NoGame,
        Refusal::OwnChallengeOpen,
        Refusal::ChallengeOpen { challenger: name() },
        Refusal::GameGoingOn { players: players() },
        Refusal::TooManyChallenges { limit: 3 },
        Refusal::NoStockfish,
        Refusal::StockfishChessOnly {
            variant: Variant::Avalanche,
        },
        Refusal::DeadlineOutOfRange {
            min: Duration::from_secs(60),
            max: Duration::from_secs(14 * 86_400),
        },
        Refusal::FixedSetup {
            variant: Variant::AvalancheReversed,
        },
        Refusal::BadSetup(SetupError::Chess960Number(1000)),
        Refusal::BadPosition(FenError::FieldCount(2)),
        Refusal::PositionOver { outcome: outcome() },
        Refusal::AlreadyStarted,
        Refusal::NoChallengeToAccept,
        Refusal::NotYoursToAccept { opponent: name() },
        Refusal::OwnChallengeAccept,
        Refusal::NoChallengeToDecline,
        Refusal::OwnChallengeDecline,
        Refusal::OpenChallengeDecline,
        Refusal::NotYoursToDecline { opponent: name() },
        Refusal::OnlyChallengerCancels { challenger: name() },
        Refusal::NothingToCancel,
        Refusal::NotStarted { challenger: name() },
        Refusal::NotPlaying { players: players() },
        Refusal::NotYourTurn {
            player: name(),
            color: Color::Black,
        },
        Refusal::GameOver(outcome()),
        Refusal::Illegal {
            error: MoveError::NoPieceOn(square("e3")),
            suggestions: vec!["e4".into(), "Nf3".into()],
        },
        Refusal::NoTurnToConfirm,
        Refusal::NoHalfTurn,
        Refusal::TooLateToAbort,
        Refusal::DrawOfferStands,
        Refusal::NoDrawOffer,
        Refusal::TakebackStands,
        Refusal::NoTakebackRequest,
        Refusal::NothingToTakeBack,
        Refusal::HintsAgainstComputerOnly,
        Refusal::NoHint,
        Refusal::Misrouted,
        Refusal::Conflict,
        Refusal::SaveFailed,
    ]
}

fn push(to: &str) -> Push {
    Push {
        from: square(to),
        to: square(to),
    }
}

/// The four promotions of a pawn moving as `stem` (`bxa8=Q`, …).
fn promotions(stem: &str) -> Vec<String> {
    ["Q", "R", "B", "N"]
        .iter()
        .map(|r| format!("{stem}={r}"))
        .collect()
}

/// Every rules error and reason, each index once at least.
fn move_errors() -> Vec<MoveError> {
    let mut all = vec![
        MoveError::GameOver,
        MoveError::PromotionChoiceDue {
            square: square("e8"),
        },
        MoveError::NoMoveAfterChoice { role: Role::Rook },
        MoveError::NoPendingPromotion,
        MoveError::NoPieceCanReach {
            role: Role::Bishop,
            to: square("c4"),
        },
        MoveError::NoPieceOn(square("d4")),
        MoveError::CannotMoveThere {
            role: Role::Queen,
            from: square("d1"),
            to: square("d8"),
        },
        MoveError::Ambiguous {
            role: Role::Knight,
            to: square("d2"),
            candidates: vec![square("b1"), square("f3"), square("f1")],
        },
        MoveError::LeavesKingInCheck { in_check: true },
        MoveError::LeavesKingInCheck { in_check: false },
        MoveError::PromotionMissing {
            promotions: Vec::new(),
        },
        MoveError::PromotionMissing {
            promotions: promotions("bxa8"),
        },
        MoveError::PromotionToKing {
            promotions: promotions("b8"),
        },
        MoveError::PromotionToKing {
            promotions: Vec::new(),
        },
        MoveError::PromotionNotAllowed,
        MoveError::PushRequired {
            pushable: vec![push("a6"), push("b6")],
        },
        MoveError::CannotPush {
            to: square("h6"),
            pushable: vec![push("a6")],
        },
        MoveError::CannotPush {
            to: square("h6"),
            pushable: Vec::new(),
        },
        MoveError::UnreadablePush {
            input: "Nf3/x".into(),
            pushable: vec![push("a6"), push("b6"), push("c6")],
        },
        MoveError::UnreadablePush {
            input: "x".into(),
            pushable: Vec::new(),
        },
    ];
    for (i, reason) in [
        Unreadable::Empty,
        Unreadable::NoMove,
        Unreadable::NotNotation,
        Unreadable::NoDestination,
        Unreadable::ChoiceAlreadyMade,
        Unreadable::ChoiceNeedsPiece,
        Unreadable::ChoiceEndsGame,
        Unreadable::MoveAfterChoice,
        Unreadable::PushSquare,
    ]
    .into_iter()
    .enumerate()
    {
        let input = if i == 0 { String::new() } else { "Zz9".into() };
        all.push(MoveError::Unparseable { input, reason });
    }
    for (i, reason) in [
        CastleObstacle::Moved,
        CastleObstacle::NoKing,
        CastleObstacle::InCheck,
        CastleObstacle::Blocked,
        CastleObstacle::Attacked,
        CastleObstacle::NotPossible,
    ]
    .into_iter()
    .enumerate()
    {
        let side = if i == 0 {
            CastleSide::Queen
        } else {
            CastleSide::King
        };
        all.push(MoveError::CannotCastle { side, reason });
    }
    for reason in [
        NoPush::NotAvalanche,
        NoPush::BalancedFirstTurn,
        NoPush::NoPawnCanStep,
    ] {
        all.push(MoveError::NoPushAllowed { reason });
    }
    all
}

/// The index of a rules error's variant, and of its reason.
fn move_error_index(e: &MoveError) -> usize {
    match e {
        MoveError::Unparseable { reason, .. } => match reason {
            Unreadable::Empty => 0,
            Unreadable::NoMove => 1,
            Unreadable::NotNotation => 2,
            Unreadable::NoDestination => 3,
            Unreadable::ChoiceAlreadyMade => 4,
            Unreadable::ChoiceNeedsPiece => 5,
            Unreadable::ChoiceEndsGame => 6,
            Unreadable::MoveAfterChoice => 7,
            Unreadable::PushSquare => 8,
        },
        MoveError::GameOver => 9,
        MoveError::PromotionChoiceDue { .. } => 10,
        MoveError::NoMoveAfterChoice { .. } => 11,
        MoveError::NoPendingPromotion => 12,
        MoveError::NoPieceCanReach { .. } => 13,
        MoveError::NoPieceOn(_) => 14,
        MoveError::CannotMoveThere { .. } => 15,
        MoveError::Ambiguous { .. } => 16,
        MoveError::LeavesKingInCheck { .. } => 17,
        MoveError::CannotCastle { reason, .. } => match reason {
            CastleObstacle::Moved => 18,
            CastleObstacle::NoKing => 19,
            CastleObstacle::InCheck => 20,
            CastleObstacle::Blocked => 21,
            CastleObstacle::Attacked => 22,
            CastleObstacle::NotPossible => 23,
        },
        MoveError::PromotionMissing { .. } => 24,
        MoveError::PromotionNotAllowed => 25,
        MoveError::PushRequired { .. } => 26,
        MoveError::CannotPush { .. } => 27,
        MoveError::NoPushAllowed { reason } => match reason {
            NoPush::NotAvalanche => 28,
            NoPush::BalancedFirstTurn => 29,
            NoPush::NoPawnCanStep => 30,
        },
        MoveError::PromotionToKing { .. } => 31,
        MoveError::UnreadablePush { .. } => 32,
    }
}

/// Every setup error.
fn setup_errors() -> Vec<SetupError> {
    let all = vec![
        SetupError::Chess960Number(1000),
        SetupError::MissingNumber,
        SetupError::FixedSetup("Avalanche"),
    ];
    for e in &all {
        match e {
            SetupError::Chess960Number(_)
            | SetupError::MissingNumber
            | SetupError::FixedSetup(_) => {}
        }
    }
    all
}

/// One FEN error of each kind, from the rules core itself (the match keeps it whole).
fn fen_errors() -> Vec<FenError> {
    let read = |fen: &str| Position::from_fen(Variant::Standard, fen).err();
    let all: Vec<FenError> = [
        "8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w KK - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - x 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
        "4k3/8/8/8/8/8/8/4K3",
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
    ]
    .into_iter()
    .filter_map(read)
    .collect();
    for e in &all {
        match e {
            FenError::Placement(_)
            | FenError::SideToMove(_)
            | FenError::Castling { .. }
            | FenError::CastlingTwice { .. }
            | FenError::EnPassant(_)
            | FenError::HalfmoveClock(_)
            | FenError::FullmoveNumber(_)
            | FenError::FieldCount(_)
            | FenError::Illegal(_) => {}
        }
    }
    assert_eq!(all.len(), 9, "each sample FEN is refused");
    all
}

/// The area of a message, its variant's key, and how many variants its area has.
fn variant(m: &Message) -> (&'static str, &'static str, usize) {
    match m {
        Message::Challenge(m) => ("challenge", m.key(), ChallengeMsg::COUNT),
        Message::Turn(m) => ("turn", m.key(), TurnMsg::COUNT),
        Message::Offer(m) => ("offer", m.key(), OfferMsg::COUNT),
        Message::View(m) => ("view", m.key(), ViewMsg::COUNT),
        Message::Info(m) => ("info", m.key(), InfoMsg::COUNT),
        Message::Notice(m) => ("notice", m.key(), NoticeMsg::COUNT),
        Message::Refusal(m) => ("refusal", m.key(), Refusal::COUNT),
        Message::Archive(m) => ("archive", m.key(), ArchiveMsg::COUNT),
        Message::Rematch(m) => ("rematch", m.key(), RematchMsg::COUNT),
        Message::Vacation(m) => ("vacation", m.key(), VacationMsg::COUNT),
        Message::Rating(m) => ("rating", m.key(), RatingMsg::COUNT),
        Message::Settings(m) => ("settings", m.key(), SettingsMsg::COUNT),
        Message::Tournament(m) => ("tournament", m.key(), TournamentMsg::COUNT),
        Message::Review(m) => ("review", m.key(), ReviewMsg::COUNT),
        Message::Privacy(m) => ("privacy", m.key(), PrivacyMsg::COUNT),
    }
}

/// Refusals worded by the rules' own errors (`move-error-*`, `setup-error-*`), not under a
/// key of their own.
fn worded_by_the_rules(m: &Message) -> bool {
    matches!(
        m,
        Message::Refusal(Refusal::Illegal { .. } | Refusal::BadSetup(_))
    )
}

/// What `word` says, and the catalog keys it asked for.
fn asking(word: impl FnOnce() -> String) -> (String, Vec<String>) {
    ASKED.with(|a| a.borrow_mut().clear());
    let text = word();
    (text, ASKED.with(|a| a.take()))
}

fn review() -> Vec<ReviewMsg> {
    let mark = |judgement, better: &[&str]| MarkLine {
        played: ply(),
        judgement,
        loss: 412,
        better: better.iter().map(|t| (*t).to_owned()).collect(),
    };
    let summary = |accuracy, unlisted, decided| {
        ReviewMsg::Summary(Box::new(ReviewSummary {
            id: 12,
            players: players(),
            kind: kind(),
            depth: 5,
            accuracy,
            counts: [[1, 0, 2], [0, 1, 0]],
            marks: vec![
                mark(Judgement::Blunder, &["Nc6/e5", "Nf3/e4"]),
                mark(Judgement::Mistake, &[]),
                mark(Judgement::Inaccuracy, &["a6/a3"]),
            ],
            unlisted,
            decided,
        }))
    };
    vec![
        summary([Some(873), Some(1000)], 3, Some(ply())),
        summary([Some(0), None], 0, None),
        ReviewMsg::Waiting { id: 12 },
        ReviewMsg::Progress {
            id: 12,
            done: 12,
            total: 61,
        },
        ReviewMsg::NotFinished { id: 12 },
        ReviewMsg::NoGame,
        ReviewMsg::NoTurns { id: 12 },
        ReviewMsg::Failed { id: 12 },
        ReviewMsg::Step(Box::new(ReviewStep {
            id: 12,
            turn: 0,
            turns: 40,
            played: None,
            eval: Eval::Centipawns(20),
            mark: None,
            decided: false,
        })),
        ReviewMsg::Step(Box::new(ReviewStep {
            id: 12,
            turn: 6,
            turns: 40,
            played: Some(ply()),
            eval: Eval::Mate {
                winner: Color::White,
                turns: 2,
            },
            mark: Some(mark(Judgement::Blunder, &["g6"])),
            decided: true,
        })),
        ReviewMsg::NoSuchTurn { id: 12, turns: 1 },
        ReviewMsg::NoSuchTurn { id: 12, turns: 40 },
    ]
}

fn tournament() -> Vec<TournamentMsg> {
    let name = || "Spring *960*".to_string();
    let line = |rank, player: &str, halves, withdrawn| StandingLine {
        rank,
        name: player.into(),
        halves,
        tiebreaks: vec![29, 6],
        withdrawn,
    };
    vec![
        TournamentMsg::Created {
            name: name(),
            variant: Variant::Chess960,
            format: TournamentFormat::Swiss,
            rounds: 5,
            rated: true,
            deadline: Some(Duration::from_secs(86_400)),
            random_setup: true,
            start: None,
            time: None,
            length: None,
        },
        TournamentMsg::Created {
            name: name(),
            variant: Variant::Avalanche,
            format: TournamentFormat::DoubleRoundRobin,
            rounds: 0,
            rated: false,
            deadline: None,
            random_setup: false,
            start: Some(Duration::from_secs(7_200)),
            time: None,
            length: None,
        },
        TournamentMsg::Created {
            name: name(),
            variant: Variant::Standard,
            format: TournamentFormat::Arena,
            rounds: 0,
            rated: true,
            deadline: None,
            random_setup: false,
            start: None,
            time: TimeControl::parse("3+2").ok(),
            length: Some(Duration::from_secs(3_600)),
        },
        TournamentMsg::Paused {
            name: name(),
            player: "bob".into(),
        },
        TournamentMsg::Returned {
            name: name(),
            player: "bob".into(),
        },
        TournamentMsg::Berserk {
            player: "alice".into(),
        },
        TournamentMsg::NotArenaGame,
        TournamentMsg::TooLateToBerserk,
        TournamentMsg::BadLength {
            min: Duration::from_secs(300),
            max: Duration::from_secs(86_400),
        },
        TournamentMsg::Joined {
            name: name(),
            player: "alice".into(),
            players: 1,
        },
        TournamentMsg::Left {
            name: name(),
            player: "bob".into(),
            players: 3,
        },
        TournamentMsg::Withdrew {
            name: name(),
            player: "bob".into(),
        },
        TournamentMsg::Removed {
            name: name(),
            player: "bob".into(),
        },
        TournamentMsg::Round {
            name: name(),
            round: 7,
            rounds: 0,
            boards: vec![BoardLine {
                board: 1,
                white: "alice".into(),
                black: Some("bob".into()),
                result: None,
            }],
        },
        TournamentMsg::Round {
            name: name(),
            round: 2,
            rounds: 5,
            boards: vec![
                BoardLine {
                    board: 1,
                    white: "alice".into(),
                    black: Some("bob".into()),
                    result: Some(BoardResult::Draw),
                },
                BoardLine {
                    board: 2,
                    white: "carol".into(),
                    black: Some("dave".into()),
                    result: None,
                },
                BoardLine {
                    board: 3,
                    white: "erin".into(),
                    black: None,
                    result: Some(BoardResult::Bye),
                },
            ],
        },
        TournamentMsg::Game {
            name: name(),
            round: 2,
            board: 1,
        },
        TournamentMsg::Standings {
            name: name(),
            after: 2,
            format: TournamentFormat::Swiss,
            lines: vec![line(1, "alice", 3, false), line(2, "bob", 0, true)],
        },
        TournamentMsg::Standings {
            name: name(),
            after: 7,
            format: TournamentFormat::RoundRobin,
            lines: vec![line(1, "alice", 10, false), line(1, "carol", 10, false)],
        },
        TournamentMsg::Info {
            id: 17,
            name: name(),
            variant: Variant::Standard,
            format: TournamentFormat::RoundRobin,
            rounds: 7,
            state: TournamentState::Running,
            round: 3,
            rated: true,
            players: vec!["alice".into(), "bob".into()],
        },
        TournamentMsg::Info {
            id: 1_234_567,
            name: name(),
            variant: Variant::Standard,
            format: TournamentFormat::RoundRobin,
            rounds: 0,
            state: TournamentState::Open,
            round: 0,
            rated: false,
            players: Vec::new(),
        },
        TournamentMsg::Finished {
            name: name(),
            winners: vec!["alice".into()],
        },
        TournamentMsg::Finished {
            name: name(),
            winners: vec!["alice".into(), "carol".into()],
        },
        TournamentMsg::EndedEarly {
            name: name(),
            played: 3,
            planned: 4,
            why: EarlyEnd::NoPairing,
        },
        TournamentMsg::EndedEarly {
            name: name(),
            played: 2,
            planned: 5,
            why: EarlyEnd::TooFewLeft,
        },
        TournamentMsg::EndedEarly {
            name: name(),
            played: 7,
            planned: 9,
            why: EarlyEnd::TooLarge,
        },
        TournamentMsg::RoundsNeedPlayers {
            rounds: 5,
            players: 9,
        },
        TournamentMsg::MayEndEarly {
            name: name(),
            players: 5,
            rounds: 4,
            sure: 3,
        },
        TournamentMsg::Cancelled { name: name() },
        TournamentMsg::NoServer,
        TournamentMsg::NoTournament,
        TournamentMsg::OneAtATime { name: name() },
        TournamentMsg::NotOpen { name: name() },
        TournamentMsg::NotRunning { name: name() },
        TournamentMsg::AlreadyIn { name: name() },
        TournamentMsg::NotIn { name: name() },
        TournamentMsg::TooFew {
            name: name(),
            players: 1,
        },
        TournamentMsg::NotCreator {
            creator: "alice".into(),
        },
        TournamentMsg::NoRound { round: 4 },
        TournamentMsg::BadRounds { max: 30 },
        TournamentMsg::BadName { max: 50 },
        TournamentMsg::NoRooms,
        TournamentMsg::Unpairable { name: name() },
        TournamentMsg::Organisers {
            role: Some("Arbiters".into()),
        },
        TournamentMsg::Organisers { role: None },
        TournamentMsg::NotStarted {
            name: name(),
            players: 1,
        },
        TournamentMsg::NotOrganiser,
        TournamentMsg::FixedSetup {
            variant: Variant::Standard,
        },
        TournamentMsg::BadStart { max_days: 30 },
        TournamentMsg::Records { games: 1 },
        TournamentMsg::Records { games: 28 },
        TournamentMsg::Unknown { id: 1_234_567 },
    ]
}

fn archive() -> Vec<ArchiveMsg> {
    let line = |id, plies| ArchiveLine {
        id,
        players: players(),
        kind: kind(),
        outcome: outcome(),
        plies,
        date: "2025-01-31".into(),
    };
    vec![
        ArchiveMsg::History {
            player: Some("*bob*".into()),
            page: 2,
            pages: 3,
            total: 25,
            games: vec![line(12, 1), line(11, 40)],
        },
        ArchiveMsg::History {
            player: None,
            page: 1,
            pages: 1,
            total: 1,
            games: vec![line(3, 7)],
        },
        ArchiveMsg::Empty { player: None },
        ArchiveMsg::Empty {
            player: Some("bob".into()),
        },
        ArchiveMsg::Shown {
            id: 12,
            players: players(),
            kind: kind(),
            outcome: outcome(),
            date: "2025-01-31".into(),
        },
        ArchiveMsg::Analysis {
            url: "https://lichess.org/analysis/standard/8/8/8/8/8/8/8/8_w_-_-_0_1".into(),
        },
        ArchiveMsg::Replay { id: 12 },
        ArchiveMsg::ReplayTooLong {
            turns: 420,
            limit: 300,
        },
        ArchiveMsg::ReplayFailed,
        ArchiveMsg::UnknownGame { id: 99 },
        ArchiveMsg::Unavailable,
    ]
}

fn rematch() -> Vec<RematchMsg> {
    vec![
        RematchMsg::Asked { by: "*bob*".into() },
        RematchMsg::NoFinishedGame,
        RematchMsg::AfterAbort,
    ]
}

fn vacation() -> Vec<VacationMsg> {
    vec![
        VacationMsg::Started {
            player: "alice".into(),
            days: 3,
            games: 2,
            left: 11,
        },
        VacationMsg::Started {
            player: "alice".into(),
            days: 1,
            games: 1,
            left: 1,
        },
        VacationMsg::Paused {
            player: "alice".into(),
            days: 3,
        },
        VacationMsg::Ended {
            player: "alice".into(),
            days_used: 1,
            left: 13,
        },
        VacationMsg::Resumed {
            player: "alice".into(),
        },
        VacationMsg::TooLong { asked: 20, left: 4 },
        VacationMsg::NoDays,
        VacationMsg::AlreadyOn,
        VacationMsg::NotOn,
    ]
}

fn shown(rating: i32, provisional: bool) -> Shown {
    Shown {
        rating,
        deviation: if provisional { 290 } else { 60 },
        provisional,
    }
}

fn place(rank: u64, name: &str) -> Place {
    Place {
        rank,
        name: name.into(),
        shown: shown(1700 - 10 * rank as i32, rank > 2),
        games: rank as u32,
    }
}

fn rating() -> Vec<RatingMsg> {
    let line = |family, rating, games| ShownRating {
        family,
        shown: shown(rating, games < 5),
        games,
        wins: games,
        draws: 0,
        losses: 0,
    };
    let ratings = vec![
        line(RatingFamily::Blitz, 1720, 12),
        line(RatingFamily::Correspondence, 1580, 30),
        line(RatingFamily::Avalanche, 1662, 1),
    ];
    vec![
        RatingMsg::Rated {
            rated: true,
            family: RatingFamily::Avalanche,
        },
        RatingMsg::Rated {
            rated: true,
            family: RatingFamily::Bullet,
        },
        RatingMsg::Rated {
            rated: false,
            family: RatingFamily::Correspondence,
        },
        RatingMsg::Changed(ShownChange {
            name: "*bob*".into(),
            family: RatingFamily::Chess960,
            before: shown(1500, true),
            after: shown(1338, true),
        }),
        RatingMsg::Ratings {
            name: "alice".into(),
            family: None,
            ratings,
        },
        RatingMsg::Ratings {
            name: "alice".into(),
            family: None,
            ratings: Vec::new(),
        },
        RatingMsg::Ratings {
            name: "alice".into(),
            family: Some(RatingFamily::Avalanche),
            ratings: Vec::new(),
        },
        RatingMsg::NoServer,
        RatingMsg::Leaderboard {
            family: RatingFamily::Rapid,
            players: 12,
            top: vec![place(1, "alice"), place(2, "*bob*"), place(3, "carol")],
            own: Some(place(11, "dave")),
        },
        RatingMsg::Leaderboard {
            family: RatingFamily::Correspondence,
            players: 1,
            top: vec![place(1, "alice")],
            own: None,
        },
        RatingMsg::Leaderboard {
            family: RatingFamily::Avalanche,
            players: 0,
            top: Vec::new(),
            own: None,
        },
    ]
}

fn settings() -> Vec<SettingsMsg> {
    vec![
        SettingsMsg::Language(Some(Lang::En)),
        SettingsMsg::Language(Some(Lang::Ja)),
        SettingsMsg::Language(None),
        SettingsMsg::NoServer,
        SettingsMsg::Avatars(true),
        SettingsMsg::Avatars(false),
        SettingsMsg::AvatarsNoServer,
    ]
}

fn privacy() -> Vec<PrivacyMsg> {
    let plan = ForgetPlan {
        games: 12,
        resigned: 1,
        aborted: 1,
        challenges: 2,
        ratings: 3,
        tournaments: 1,
    };
    let little = ForgetPlan {
        games: 1,
        ..ForgetPlan::default()
    };
    vec![
        PrivacyMsg::Policy,
        PrivacyMsg::Confirm(plan),
        PrivacyMsg::Forgotten(plan),
        PrivacyMsg::NothingStored,
        PrivacyMsg::Kept,
        PrivacyMsg::NotForgotten { ended: 2 },
        PrivacyMsg::Export {
            games: 12,
            ratings: 3,
            tournaments: 1,
        },
        PrivacyMsg::Confirm(little),
        PrivacyMsg::NotForgotten { ended: 0 },
    ]
}

/// A sample of every message.
pub(crate) fn every_message() -> Vec<Message> {
    let mut all: Vec<Message> = Vec::new();
    all.extend(challenge().into_iter().map(Message::from));
    all.extend(turn().into_iter().map(Message::from));
    all.extend(offer().into_iter().map(Message::from));
    all.extend(view().into_iter().map(Message::from));
    all.extend(info().into_iter().map(Message::from));
    all.extend(notice().into_iter().map(Message::from));
    all.extend(refusal().into_iter().map(Message::from));
    all.extend(archive().into_iter().map(Message::from));
    all.extend(rematch().into_iter().map(Message::from));
    all.extend(vacation().into_iter().map(Message::from));
    all.extend(rating().into_iter().map(Message::from));
    all.extend(settings().into_iter().map(Message::from));
    all.extend(tournament().into_iter().map(Message::from));
    all.extend(review().into_iter().map(Message::from));
    all.extend(privacy().into_iter().map(Message::from));
    all.extend(move_errors().into_iter().map(|error| {
        Message::from(Refusal::Illegal {
            error,
            suggestions: Vec::new(),
        })
    }));
    all.extend(
        setup_errors()
            .into_iter()
            .map(|e| Message::from(Refusal::BadSetup(e))),
    );
    all.extend(
        fen_errors()
            .into_iter()
            .map(|e| Message::from(Refusal::BadPosition(e))),
    );
    all
}

/// Every variant of every area has a sample, and every sample is worded in every language on
/// every surface under its variant's key (or a form of it, `KEY-FORM`), asking for no missing
/// message and leaving no variable unfilled.
#[test]
fn every_variant_is_worded_under_its_key_everywhere() {
    let mut covered: BTreeMap<&str, (BTreeSet<&str>, usize)> = BTreeMap::new();
    for message in every_message() {
        let (area, key, count) = variant(&message);
        covered
            .entry(area)
            .or_insert((BTreeSet::new(), count))
            .0
            .insert(key);
        let form = format!("{key}-");
        for lang in Lang::all() {
            for surface in Surface::ALL {
                let (text, asked) = asking(|| message_text(&message, lang, surface));
                let missing: Vec<_> = asked
                    .iter()
                    .filter(|k| !catalogs().has(lang, surface, k))
                    .collect();
                assert!(
                    missing.is_empty(),
                    "{lang:?} {surface:?}: {message:?} uses missing {missing:?}"
                );
                assert!(
                    worded_by_the_rules(&message)
                        || asked.iter().any(|k| k == key || k.starts_with(&form)),
                    "{lang:?} {surface:?}: {message:?} is not worded under `{key}`: {asked:?}"
                );
                assert!(!text.trim().is_empty(), "{lang:?} {surface:?}: {message:?}");
                assert!(!text.contains('{'), "{lang:?} {surface:?}: {text}");
            }
        }
    }
    assert_eq!(covered.len(), 15, "an area has no sample: {covered:?}");
    for (area, (keys, count)) in &covered {
        assert_eq!(
            keys.len(),
            *count,
            "{area}: a variant has no sample: {keys:?}"
        );
    }
}

#[test]
fn the_samples_cover_every_rules_error() {
    let rules: BTreeSet<usize> = move_errors().iter().map(move_error_index).collect();
    let expected: BTreeSet<usize> = (0..33).collect();
    assert_eq!(rules, expected, "rules: a move error has no sample");
}

/// The forms a message variant is worded apart in each have a sample: ratings rated and
/// casual, an empty list of ratings, a leaderboard empty and without the asker's place, each
/// language of the server setting, pictures on and off, and a review with and without a
/// deciding turn.
#[test]
fn the_samples_cover_the_forms_worded_apart() {
    let all = every_message();
    let has = |wanted: &dyn Fn(&Message) -> bool, form: &str| {
        assert!(all.iter().any(wanted), "no sample of {form}");
    };
    has(
        &|m| matches!(m, Message::Rating(RatingMsg::Rated { rated: true, .. })),
        "rated",
    );
    has(
        &|m| matches!(m, Message::Rating(RatingMsg::Rated { rated: false, .. })),
        "casual",
    );
    has(
        &|m| matches!(m, Message::Rating(RatingMsg::Ratings { family: None, ratings, .. }) if ratings.is_empty()),
        "no ratings",
    );
    has(
        &|m| matches!(m, Message::Rating(RatingMsg::Ratings { family: Some(_), ratings, .. }) if ratings.is_empty()),
        "no ratings in the family asked for",
    );
    has(
        &|m| matches!(m, Message::Rating(RatingMsg::Leaderboard { top, .. }) if top.is_empty()),
        "an empty leaderboard",
    );
    has(
        &|m| matches!(m, Message::Rating(RatingMsg::Leaderboard { top, own: None, .. }) if !top.is_empty()),
        "a leaderboard without the asker",
    );
    for lang in Lang::all() {
        has(
            &|m| *m == Message::Settings(SettingsMsg::Language(Some(lang))),
            lang.id(),
        );
    }
    has(
        &|m| *m == Message::Settings(SettingsMsg::Language(None)),
        "no language",
    );
    for shown in [true, false] {
        has(
            &|m| *m == Message::Settings(SettingsMsg::Avatars(shown)),
            "pictures on or off",
        );
    }
    for decided in [true, false] {
        has(
            &|m| matches!(m, Message::Review(ReviewMsg::Summary(s)) if s.decided.is_some() == decided),
            "a review with or without a deciding turn",
        );
    }
}

/// What users are told about their data fits in one Discord message, says both commands the
/// front's way, and words each part of forgetting in both languages.
#[test]
fn the_privacy_words_fit_discord_and_name_the_commands() {
    for lang in Lang::all() {
        for message in privacy() {
            let text = message_text(&message.into(), lang, Surface::Discord);
            assert!(text.chars().count() <= 2000, "{lang:?}: {text}");
        }
        let policy = message_text(&PrivacyMsg::Policy.into(), lang, Surface::Discord);
        let console = message_text(&PrivacyMsg::Policy.into(), lang, Surface::Console);
        let (mydata, forget) = match lang {
            Lang::En => ("`/mydata`", "`/forget`"),
            Lang::Ja => ("`/自分のデータ`", "`/データ削除`"),
        };
        assert!(
            policy.contains(mydata) && policy.contains(forget),
            "{policy}"
        );
        assert!(
            console.contains("`forget`") && !console.contains('/'),
            "{console}"
        );
    }
    let plan = ForgetPlan {
        games: 2,
        resigned: 1,
        ..ForgetPlan::default()
    };
    let ask = message_text(
        &PrivacyMsg::Confirm(plan).into(),
        Lang::En,
        Surface::Discord,
    );
    assert!(ask.contains("Your 2 games stay"), "{ask}");
    assert!(ask.contains("A game under way is resigned"), "{ask}");
    assert!(
        !ask.contains("aborted") && ask.contains("Press Forget me"),
        "{ask}"
    );
    let done = message_text(
        &PrivacyMsg::Forgotten(plan).into(),
        Lang::Ja,
        Surface::Console,
    );
    assert!(
        done.contains("投了しました") && !done.contains("中止"),
        "{done}"
    );
    let ask = message_text(
        &PrivacyMsg::Confirm(plan).into(),
        Lang::Ja,
        Surface::Console,
    );
    assert!(ask.contains("`forget confirm`"), "{ask}");
}

#[test]
fn every_button_has_a_label_in_every_language() {
    for action in Action::ALL {
        for lang in Lang::all() {
            for surface in Surface::ALL {
                let (label, asked) = asking(|| action_label(action, lang, surface));
                let missing = asked.iter().any(|k| !catalogs().has(lang, surface, k));
                assert!(!missing, "{lang:?}: {action:?} has no label");
                assert!(!label.is_empty() && label.chars().count() <= 80, "{label}");
            }
        }
    }
}
