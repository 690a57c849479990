//! A game laid out for its page, as JSON: every position from the start with what marks it
//! (the turn that led there, its push, check, a pending promotion), the players, the status
//! in the reader's language, and, for the player to move, every legal turn of the position.
//! The page only filters that list: it never works out a rule itself. A game on a clock
//! carries both clocks at each position, and how long the current turn had run on the
//! service's clock when the view was made, so the page runs the clock of the side to move
//! from its own monotonic time and never from the browser's date.

use domain::messages::TurnMsg;
use domain::timing::{Clocks, is_first_turn};
use domain::{GameReview, Judgement, Sight, UserId};
use present::i18n::{self, Lang, Surface};
use rules::{Color, Position, Turn};
use serde::Serialize;

/// The page's whole picture of a game.
#[derive(Debug, Serialize)]
pub(crate) struct View {
    /// The game's number, as Discord and the console name it.
    number: u64,
    /// What is played, in the reader's language.
    title: String,
    /// White's player.
    white: Side,
    /// Black's player.
    black: Side,
    /// The colour(s) the reader plays: `white`, `black`, `both` (a game against oneself), or
    /// none.
    you: Option<&'static str>,
    /// The index of the first position in `plies` (0: the start).
    first: usize,
    /// Every position from `first` on.
    plies: Vec<PlyView>,
    /// Whose turn it is, or the result, in the reader's language.
    status: String,
    /// The result (`1-0`, `½-½`…), once the game is over.
    result: Option<&'static str>,
    /// The turns the reader may make now (empty unless it is their move).
    turns: Vec<TurnView>,
    /// The standing draw offer's side.
    draw_offer: Option<&'static str>,
    /// The standing takeback request's side.
    takeback: Option<&'static str>,
    /// The engine's review of the finished game, when one was made.
    review: Option<ReviewView>,
    /// The game's clock; `None` without one.
    clock: Option<ClockView>,
}

/// A game's clock as the page runs it (each position's times are on its ply).
#[derive(Debug, Serialize)]
struct ClockView {
    /// The time control, as typed (`3+2`).
    control: String,
    /// The side whose clock runs now: the side to move, until the game is over.
    running: Option<&'static str>,
    /// How long the current turn had run when the view was made, by the service's clock.
    elapsed_ms: i64,
    /// The first-turn limit, while the running side is at its first turn (its clock does not
    /// run: the game is aborted once this much has passed).
    first_turn_ms: Option<i64>,
}

/// Both sides' times, in milliseconds.
#[derive(Debug, Serialize)]
struct ClocksView {
    /// White's.
    white: i64,
    /// Black's.
    black: i64,
}

impl From<Clocks> for ClocksView {
    fn from(clocks: Clocks) -> ClocksView {
        ClocksView {
            white: clocks.white_ms,
            black: clocks.black_ms,
        }
    }
}

/// A review as the page draws it: its graph and the marks in the move list.
#[derive(Debug, Serialize)]
struct ReviewView {
    /// White's expected score (0–1) in each position, the start first.
    expectations: Vec<f64>,
    /// The marked turns.
    marks: Vec<MarkView>,
    /// The ply (from 1) of the turn that decided the game.
    decided: Option<usize>,
    /// "Accuracy: White 91.2% · Black 78.5%", in the reader's language.
    accuracy: String,
}

/// A marked turn.
#[derive(Debug, Serialize)]
struct MarkView {
    /// The position after it (from 1).
    ply: usize,
    /// Its sign: `?!`, `?` or `??`.
    sign: &'static str,
    /// "Mistake. Better: Nf3", in the reader's language.
    note: String,
}

/// A player.
#[derive(Debug, Serialize)]
struct Side {
    /// The name shown.
    name: String,
    /// Whether nadare's engine (or Stockfish) plays this side.
    computer: bool,
}

/// One position of the game.
#[derive(Debug, Serialize)]
struct PlyView {
    /// The pieces, as FEN's first field: the eighth rank first, a run of empty squares as
    /// its length (the page only lays it out).
    board: String,
    /// The turn that led here, in nadare's notation.
    notation: Option<String>,
    /// Its move's squares as drawn (a castling: the king's from and to).
    from: Option<String>,
    /// See `from`.
    to: Option<String>,
    /// Its push: the pawn's square before and after.
    push: Option<[String; 2]>,
    /// The square of a king in check.
    check: Option<String>,
    /// The square of a pawn waiting to promote (Avalanche).
    promo: Option<String>,
    /// The side to move here.
    side: &'static str,
    /// Both clocks here, in a game on a clock: after the turn that led here; at the last
    /// position, as the current turn began (or as the game ended).
    clocks: Option<ClocksView>,
}

/// A legal turn of the player to move.
#[derive(Debug, Serialize)]
struct TurnView {
    /// The turn in nadare's notation: what the page sends back.
    notation: String,
    /// The piece chosen for a pawn waiting to promote, as its letter.
    choice: Option<char>,
    /// The move's square, if the turn has a move.
    from: Option<String>,
    /// Where the move goes (a castling: the rook's square).
    to: Option<String>,
    /// Another square a click may mean for the same move (a castling: where the king lands).
    also: Option<String>,
    /// The piece a pawn becomes on its last rank, as its letter.
    promotion: Option<char>,
    /// The push after the move: the pawn's square before and after.
    push: Option<[String; 2]>,
    /// Whether the push exposes the mover's king and loses the game (asks to confirm).
    loses: bool,
}

/// The side's word in the page's data.
const fn side(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl View {
    /// `sight` as `reader` sees it, in `lang`, its positions from `from` on (a page that has
    /// the earlier ones asks only for the rest; past the last, the last).
    pub(crate) fn of(sight: &Sight, reader: Option<UserId>, lang: Lang, from: usize) -> View {
        let row = &sight.row;
        let you = reader.and_then(|r| match (row.white.id == r, row.black.id == r) {
            (true, true) => Some("both"),
            (true, false) => Some("white"),
            (false, true) => Some("black"),
            (false, false) => None,
        });
        let played = &sight.played;
        let first = from.min(played.turns().len());
        let over = played.outcome();
        let pos = played.position();
        let to_move = pos.side_to_move();
        let mover = match to_move {
            Color::White => &row.white,
            Color::Black => &row.black,
        };
        let turns = if over.is_none() && reader == Some(mover.id) {
            turns_of(pos)
        } else {
            Vec::new()
        };
        View {
            number: row.id,
            title: present::kind_text(sight.kind, lang),
            white: Side {
                name: row.white.name.clone(),
                computer: domain::is_computer(row.white.id),
            },
            black: Side {
                name: row.black.name.clone(),
                computer: domain::is_computer(row.black.id),
            },
            you,
            first,
            plies: plies_of(sight, first),
            status: present::message_text(
                &still_status(&sight.status).into(),
                lang,
                Surface::Console,
            ),
            result: over.map(|o| o.result_str()),
            turns,
            draw_offer: row.state.draw_offer.map(side),
            takeback: row.state.takeback.map(side),
            review: sight.review.as_ref().map(|r| review_of(r, lang)),
            clock: clock_of(sight),
        }
    }
}

/// The clock of `sight`'s game for the page; `None` without one.
fn clock_of(sight: &Sight) -> Option<ClockView> {
    let time = sight.row.time?;
    let clocks = sight.clocks.as_ref()?;
    let played = &sight.played;
    let running = played
        .outcome()
        .is_none()
        .then(|| side(played.position().side_to_move()));
    let first_turn_ms = (running.is_some() && is_first_turn(played.turns().len()))
        .then(|| domain::clock::millis(clocks.first_turn_limit));
    Some(ClockView {
        control: time.to_string(),
        running,
        elapsed_ms: sight.turn_elapsed_ms().unwrap_or(0),
        first_turn_ms,
    })
}

/// `review` for the page, its words in `lang`.
fn review_of(review: &GameReview, lang: Lang) -> ReviewView {
    let percent = |a: Option<u16>| {
        a.map_or_else(
            || "–".to_owned(),
            |a| format!("{:.1}%", f64::from(a) / 10.0),
        )
    };
    let accuracy = i18n::text(
        lang,
        Surface::Console,
        "page-accuracy",
        &present::fluent_args![
            ("white", percent(review.accuracy[0])),
            ("black", percent(review.accuracy[1]))
        ],
    );
    let marks = review
        .marks
        .iter()
        .map(|mark| {
            let (sign, key) = match mark.judgement {
                Judgement::Inaccuracy => ("?!", "page-inaccuracy"),
                Judgement::Mistake => ("?", "page-mistake"),
                Judgement::Blunder => ("??", "page-blunder"),
            };
            let better = mark.better.first().cloned().unwrap_or_default();
            let note = i18n::text(
                lang,
                Surface::Console,
                key,
                &present::fluent_args![("better", better)],
            );
            MarkView {
                ply: mark.ply + 1,
                sign,
                note,
            }
        })
        .collect();
    ReviewView {
        expectations: review.evals.iter().map(|e| e.white_expectation()).collect(),
        marks,
        decided: review.decided.map(|ply| ply + 1),
        accuracy,
    }
}

/// Every position of `sight`'s game from `first` on, with its marks and clocks.
fn plies_of(sight: &Sight, first: usize) -> Vec<PlyView> {
    let game = &sight.played;
    let clocks_at = |ply: usize| {
        sight
            .clocks
            .as_ref()
            .and_then(|c| c.at.get(ply).copied())
            .map(ClocksView::from)
    };
    let mut plies = Vec::new();
    if first == 0 {
        plies.push(ply_view(game.start(), None, clocks_at(0)));
    }
    for (i, turn) in game
        .turns()
        .iter()
        .enumerate()
        .skip(first.saturating_sub(1))
    {
        let (Some(before), Some(after)) = (game.position_at(i), game.position_at(i + 1)) else {
            break;
        };
        let notation = before.turn_to_notation(turn);
        plies.push(ply_view(
            after,
            Some((before, turn, notation)),
            clocks_at(i + 1),
        ));
    }
    plies
}

/// One position, marked with the turn that led to it, with both `clocks` there.
fn ply_view(
    pos: &Position,
    led: Option<(&Position, &Turn, String)>,
    clocks: Option<ClocksView>,
) -> PlyView {
    let board = pos
        .to_fen()
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_owned();
    let shown = led
        .as_ref()
        .and_then(|(before, turn, _)| turn.mv.map(|m| before.shown_squares(m)));
    let check = pos
        .is_check()
        .then(|| pos.king_square(pos.side_to_move()))
        .flatten();
    PlyView {
        board,
        from: shown.map(|(f, _)| f.to_string()),
        to: shown.map(|(_, t)| t.to_string()),
        push: led
            .as_ref()
            .and_then(|(_, turn, _)| turn.push.map(|p| [p.from.to_string(), p.to.to_string()])),
        notation: led.map(|(_, _, n)| n),
        check: check.map(|sq| sq.to_string()),
        promo: pos.pending_promotion().map(|sq| sq.to_string()),
        side: side(pos.side_to_move()),
        clocks,
    }
}

/// Every legal turn of `pos`, as the page offers them.
fn turns_of(pos: &Position) -> Vec<TurnView> {
    pos.legal_turns()
        .iter()
        .map(|turn| {
            let also = turn.mv.and_then(|m| {
                let (_, shown) = pos.shown_squares(m);
                (shown != m.to).then(|| shown.to_string())
            });
            TurnView {
                notation: pos.turn_to_notation(turn),
                choice: turn.promotion.map(|r| r.upper_char()),
                from: turn.mv.map(|m| m.from.to_string()),
                to: turn.mv.map(|m| m.to.to_string()),
                also,
                promotion: turn.mv.and_then(|m| m.promotion).map(|r| r.upper_char()),
                push: turn.push.map(|p| [p.from.to_string(), p.to.to_string()]),
                loses: pos.is_losing_push(turn),
            }
        })
        .collect()
}

/// The page's fixed words in `lang`, as JSON: its buttons, prompts and notes.
pub(crate) fn words(lang: Lang) -> serde_json::Value {
    let keys = [
        "flip",
        "resign",
        "resign-confirm",
        "draw-offer",
        "draw-accept",
        "draw-decline",
        "takeback-offer",
        "takeback-accept",
        "takeback-decline",
        "promote",
        "choose-piece",
        "push-pick",
        "push-loses",
        "cancel",
        "type-turn",
        "send",
        "watching",
        "live",
        "reconnecting",
        "decided",
        "review",
        "first-turn",
        "first-turn-hint",
    ];
    let map = keys
        .iter()
        .map(|k| {
            let text = i18n::plain(lang, Surface::Console, &format!("page-{k}"));
            ((*k).to_owned(), serde_json::Value::String(text))
        })
        .collect();
    serde_json::Value::Object(map)
}

/// The status as the page says it: without the time left as the turn began, which the page's
/// own clocks show ticking (words saying `1:00` beside a clock at `0:41` would contradict it).
fn still_status(status: &TurnMsg) -> TurnMsg {
    let mut status = status.clone();
    if let TurnMsg::ToMove { clock, .. } = &mut status {
        *clock = None;
    }
    status
}
