//! Reviews in words: a review's figures, how far one has come, why none was made; and the
//! words of what goes with a review: its graph's title and legend, its worst mistakes each
//! on a board with the better turn as an arrow, and the comments of its annotated record (a
//! PGN file for standard chess and Chess960, nadare's record for Avalanche).

use rules::{Annotation, Color, Game, Position};

use super::Say;
use crate::fluent_args;
use crate::i18n::{Lang, Surface};
use domain::messages::{MarkLine, Ply, ReviewMsg, ReviewStep, ReviewSummary};
use domain::{Board, Eval, Judgement, ReviewSheet};
use render::{EvalGraph, GraphLegend, GraphMark, Scene, Severity};

/// The most mistakes shown on boards of their own: with the graph and the annotated record,
/// well within Discord's ten files a message.
pub const MISTAKE_BOARDS: usize = 6;

pub(super) fn words(say: &Say, message: &ReviewMsg) -> String {
    let args = match message {
        ReviewMsg::Summary(summary) => return summary_words(say, message, summary),
        ReviewMsg::Step(step) => return step_words(say, message, step),
        ReviewMsg::NoSuchTurn { id, turns } => fluent_args![("id", *id), ("turns", *turns)],
        ReviewMsg::Waiting { id }
        | ReviewMsg::NotFinished { id }
        | ReviewMsg::NoTurns { id }
        | ReviewMsg::Failed { id } => fluent_args![("id", *id)],
        ReviewMsg::Progress { id, done, total } => {
            fluent_args![("id", *id), ("done", *done), ("total", *total)]
        }
        ReviewMsg::NoGame => fluent_args![],
    };
    say.says(message, &args)
}

/// The summary `s` of `message`: a heading under its key, then a line per player and mark.
fn summary_words(say: &Say, message: &ReviewMsg, s: &ReviewSummary) -> String {
    let heading = say.says(
        message,
        &fluent_args![
            ("id", s.id),
            ("players", say.players(&s.players)),
            ("kind", say.kind(s.kind)),
            ("depth", s.depth)
        ],
    );
    let mut lines = vec![say.style.strong(&heading)];
    for color in Color::ALL {
        let name = match color {
            Color::White => &s.players.white,
            Color::Black => &s.players.black,
        };
        let player = say.player(name, color);
        let [inaccuracies, mistakes, blunders] = s.counts[color.index()];
        lines.push(match s.accuracy[color.index()] {
            Some(tenths) => say.text(
                "review-player",
                &fluent_args![
                    ("player", player),
                    ("accuracy", percent(tenths)),
                    ("inaccuracies", inaccuracies),
                    ("mistakes", mistakes),
                    ("blunders", blunders)
                ],
            ),
            None => say.text("review-player-idle", &fluent_args![("player", player)]),
        });
    }
    lines.extend(s.marks.iter().map(|m| mark_words(say, m)));
    if s.unlisted > 0 {
        lines.push(say.text("review-unlisted", &fluent_args![("count", s.unlisted)]));
    }
    if let Some(turn) = &s.decided {
        lines.push(say.text(
            "review-decided",
            &fluent_args![("turn", say.code(&say.ply(turn)))],
        ));
    }
    let boards = s.marks.iter().any(|m| m.judgement != Judgement::Inaccuracy);
    lines.push(say.plain(if boards {
        "review-attached-boards"
    } else {
        "review-attached"
    }));
    lines.join("\n")
}

/// A position stepped to: where it stands in the game and its evaluation, then the turn
/// that led to it when the review marked it, and whether it decided the game.
fn step_words(say: &Say, message: &ReviewMsg, step: &ReviewStep) -> String {
    let heading = say.says_form(
        message,
        if step.played.is_some() {
            "after"
        } else {
            "start"
        },
        &fluent_args![
            ("id", step.id),
            ("turn", step.turn),
            ("turns", step.turns),
            (
                "played",
                step.played
                    .as_ref()
                    .map_or_else(String::new, |p| say.code(&say.ply(p)))
            ),
            ("eval", eval_text(step.eval))
        ],
    );
    let mut lines = vec![heading];
    lines.extend(step.mark.as_ref().map(|m| mark_words(say, m)));
    if step.decided {
        lines.push(say.plain("review-step-decided"));
    }
    lines.join("\n")
}

/// "3... Nf6: blunder (−41.2%). Better: 3... g6 4. Qf3".
fn mark_words(say: &Say, m: &MarkLine) -> String {
    let judgement = judgement(say, m.judgement);
    let loss = percent(m.loss);
    let turn = say.code(&say.ply(&m.played));
    if m.better.is_empty() {
        return say.text(
            "review-mark-alone",
            &fluent_args![("turn", turn), ("judgement", judgement), ("loss", loss)],
        );
    }
    say.text(
        "review-mark",
        &fluent_args![
            ("turn", turn),
            ("judgement", judgement),
            ("loss", loss),
            ("line", say.code(&line(&m.played, &m.better)))
        ],
    )
}

/// The name of a judgement.
fn judgement(say: &Say, judgement: Judgement) -> String {
    say.plain(match judgement {
        Judgement::Inaccuracy => "review-inaccuracy",
        Judgement::Mistake => "review-mistake",
        Judgement::Blunder => "review-blunder",
    })
}

/// The key of a judgement's name at the start of a record's comment.
fn comment_key(judgement: Judgement) -> &'static str {
    match judgement {
        Judgement::Inaccuracy => "review-comment-inaccuracy",
        Judgement::Mistake => "review-comment-mistake",
        Judgement::Blunder => "review-comment-blunder",
    }
}

/// Tenths as a percentage: "87.3%".
fn percent(tenths: u16) -> String {
    format!("{}.{}%", tenths / 10, tenths % 10)
}

/// The turns of a line from the ply of `from` on, numbered as records number them:
/// "3... g6 4. Qf3 Nf6".
fn line(from: &Ply, turns: &[String]) -> String {
    let mut words = Vec::new();
    let (mut number, mut mover) = (from.number, from.mover);
    for (i, turn) in turns.iter().enumerate() {
        match mover {
            Color::White => words.push(format!("{number}.")),
            Color::Black if i == 0 => words.push(format!("{number}...")),
            Color::Black => {}
        }
        words.push(turn.clone());
        if mover == Color::Black {
            number += 1;
        }
        mover = mover.opposite();
    }
    words.join(" ")
}

/// An evaluation as records write it: `+0.35`, `-1.20`, `#3`, `#-2`.
fn eval_text(eval: Eval) -> String {
    match eval {
        Eval::Centipawns(cp) => format!(
            "{}{}.{:02}",
            if cp < 0 { "-" } else { "+" },
            cp.unsigned_abs() / 100,
            cp.unsigned_abs() % 100
        ),
        Eval::Mate {
            winner: Color::White,
            turns,
        } => format!("#{turns}"),
        Eval::Mate { turns, .. } => format!("#-{turns}"),
    }
}

/// The graph of `sheet`'s review, its title and subtitle in `lang`.
pub(crate) fn graph(sheet: &ReviewSheet, lang: Lang) -> EvalGraph {
    // The image uses shared messages only, which every surface has.
    let say = Say::new(lang, Surface::Console);
    let start = sheet.game.start();
    EvalGraph {
        title: say.text(
            "review-graph-title",
            &fluent_args![
                ("white", sheet.players.white.as_str()),
                ("black", sheet.players.black.as_str())
            ],
        ),
        subtitle: say.text(
            "review-graph-subtitle",
            &fluent_args![
                ("kind", say.kind(sheet.kind)),
                ("depth", sheet.review.depth)
            ],
        ),
        expected: sheet
            .review
            .evals
            .iter()
            .map(|e| e.white_expectation())
            .collect(),
        marks: sheet
            .review
            .marks
            .iter()
            .map(|m| GraphMark {
                ply: m.ply,
                severity: match m.judgement {
                    Judgement::Inaccuracy => Severity::Inaccuracy,
                    Judgement::Mistake => Severity::Mistake,
                    Judgement::Blunder => Severity::Blunder,
                },
            })
            .collect(),
        decided: sheet.review.decided,
        first_turn: start.fullmove_number(),
        black_first: start.side_to_move() == Color::Black,
        legend: GraphLegend {
            white: say.plain("review-graph-white"),
            inaccuracy: say.plain("review-comment-inaccuracy"),
            mistake: say.plain("review-comment-mistake"),
            blunder: say.plain("review-comment-blunder"),
            decided: say.plain("review-graph-decided"),
        },
    }
}

/// The ply of turn `p` of a game starting from `start`, with its `notation`.
fn ply_at(start: &Position, p: usize, notation: &str) -> Ply {
    let offset = u32::from(start.side_to_move() == Color::Black);
    let index = u32::try_from(p).unwrap_or(u32::MAX).saturating_add(offset);
    Ply {
        number: start.fullmove_number().saturating_add(index / 2),
        mover: if index % 2 == 0 {
            Color::White
        } else {
            Color::Black
        },
        notation: notation.to_owned(),
    }
}

/// The worst mistakes and blunders of `sheet`'s review (at most [`MISTAKE_BOARDS`], in the
/// order played), each as its ply and the board before it: seen from the mover's side, the
/// turn before it marked, the better turn drawn as an arrow (its move, and its push in
/// Avalanche), the judgement and the turn played in the heading and the better turn in the
/// status line, in `lang`.
pub(crate) fn mistake_scenes(sheet: &ReviewSheet, lang: Lang) -> Vec<(usize, Scene)> {
    let say = Say::new(lang, Surface::Console);
    let game = &sheet.game;
    let mut worst: Vec<_> = sheet
        .review
        .marks
        .iter()
        .filter(|m| m.judgement != Judgement::Inaccuracy)
        .collect();
    worst.sort_by_key(|m| (std::cmp::Reverse(m.loss), m.ply));
    worst.truncate(MISTAKE_BOARDS);
    worst.sort_by_key(|m| m.ply);
    let notations = game.notations();
    worst
        .into_iter()
        .filter_map(|m| {
            let before = game.position_at(m.ply)?;
            let mut scene = Scene::from_game(game, m.ply)?;
            scene.orientation = before.side_to_move();
            let better = m.better.first().and_then(|b| {
                let mut line = Game::from_position(before.clone());
                line.play_str(b).ok()
            });
            if let Some(turn) = &better {
                scene.arrows = Board::arrows_of(before, turn);
            }
            scene.white = crate::image::person(&sheet.players.white, lang);
            scene.black = crate::image::person(&sheet.players.black, lang);
            let mut labels = crate::image::labels(&scene, None, lang);
            let played = ply_at(game.start(), m.ply, "");
            let notation = notations.get(m.ply).map_or("", String::as_str);
            labels.heading = say.text(
                "review-board-heading",
                &fluent_args![
                    ("judgement", say.plain(comment_key(m.judgement))),
                    ("turn", line(&played, &[notation.to_owned()]))
                ],
            );
            if better.is_some() {
                labels.status = say.text(
                    "review-board-better",
                    &fluent_args![("turn", line(&played, &m.better[..1]))],
                );
            }
            scene.labels = Some(labels);
            Some((m.ply, scene))
        })
        .collect()
}

/// The annotated record of `sheet`'s game: after every turn the evaluation it led to (as
/// `[%eval …]`, which lichess and ChessBase read); after a marked turn its glyph (`$6`
/// inaccuracy, `$2` mistake, `$4` blunder) and a comment in `lang` with the evaluations
/// before and after and the better line; after the deciding turn a comment saying so.
pub(crate) fn annotated_record(sheet: &ReviewSheet, lang: Lang) -> Vec<u8> {
    let say = Say::new(lang, Surface::Console);
    let review = &sheet.review;
    let game = &sheet.game;
    let start = game.start();
    let ply_of = |p: usize, notation: &str| ply_at(start, p, notation);
    let notes = (0..game.turns().len())
        .map(|ply| {
            let mut parts = Vec::new();
            if let Some(after) = review.evals.get(ply + 1)
                && !matches!(after, Eval::Mate { turns: 0, .. })
            {
                parts.push(format!(
                    "[%eval {}]",
                    eval_text(*after).trim_start_matches('+')
                ));
            }
            let mark = review.marks.iter().find(|m| m.ply == ply);
            if let Some(m) = mark {
                let evals = |i: usize| {
                    review
                        .evals
                        .get(i)
                        .map_or_else(String::new, |e| eval_text(*e))
                };
                let key = if m.better.is_empty() {
                    "review-comment-alone"
                } else {
                    "review-comment"
                };
                parts.push(say.text(
                    key,
                    &fluent_args![
                        ("judgement", say.plain(comment_key(m.judgement))),
                        ("before", evals(ply)),
                        ("after", evals(ply + 1)),
                        ("line", line(&ply_of(ply, ""), &m.better))
                    ],
                ));
            }
            if review.decided == Some(ply) {
                parts.push(say.plain("review-comment-decided"));
            }
            Annotation {
                ply,
                nag: mark.map(|m| match m.judgement {
                    Judgement::Inaccuracy => 6,
                    Judgement::Mistake => 2,
                    Judgement::Blunder => 4,
                }),
                comment: parts.join(" "),
            }
        })
        .collect::<Vec<_>>();
    let mut tags = sheet.tags.clone();
    tags.push((
        "Annotator".into(),
        say.text("review-annotator", &fluent_args![("depth", review.depth)]),
    ));
    game.to_annotated_record(&tags, &notes).into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(number: u32, mover: Color) -> Ply {
        Ply {
            number,
            mover,
            notation: String::new(),
        }
    }

    #[test]
    fn lines_are_numbered_as_records_number_them() {
        let turns = ["g6", "Qf3", "Nf6", "Qb3"].map(String::from);
        assert_eq!(
            line(&ply(3, Color::Black), &turns),
            "3... g6 4. Qf3 Nf6 5. Qb3"
        );
        assert_eq!(line(&ply(7, Color::White), &turns[..2]), "7. g6 Qf3");
        assert_eq!(line(&ply(1, Color::White), &[]), "");
    }

    #[test]
    fn evaluations_are_written_as_pawns_or_mates() {
        assert_eq!(eval_text(Eval::Centipawns(35)), "+0.35");
        assert_eq!(eval_text(Eval::Centipawns(-1207)), "-12.07");
        assert_eq!(eval_text(Eval::Centipawns(0)), "+0.00");
        let mate = |winner, turns| Eval::Mate { winner, turns };
        assert_eq!(eval_text(mate(Color::White, 3)), "#3");
        assert_eq!(eval_text(mate(Color::Black, 1)), "#-1");
        assert_eq!(percent(873), "87.3%");
        assert_eq!(percent(1000), "100.0%");
    }
}
