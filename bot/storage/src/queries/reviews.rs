//! Reviews of finished games: the statements beginning and finishing one, the queries reading
//! them back, and their stored form (evaluations and marked turns as text).

use domain::{
    Eval, GameId, GameReview, Judgement, Mark, ReviewStatus, ShardSet, StoreError, StoredReview,
};
use rules::Color;

use crate::codec::{SHARD_CONDITION, bad, id_in, id_out, shard_values};
use crate::sql::{Columns, SqlValue, Step};

/// The columns of `reviews`, in [`read_review`] order.
const COLUMNS: &str = "game_id, depth, started_ms, finished_ms, evals, accuracy_white, \
    accuracy_black, decided_ply, marks";

/// Stores a review as under way, unless the game has one.
const BEGIN: &str = "INSERT INTO reviews (game_id, depth, started_ms) VALUES (?1, ?2, ?3) \
    ON CONFLICT (game_id) DO NOTHING";

/// Stores a review's result.
const FINISH: &str = "UPDATE reviews SET finished_ms = ?2, evals = ?3, accuracy_white = ?4, \
    accuracy_black = ?5, decided_ply = ?6, marks = ?7 WHERE game_id = ?1";

/// Inserts a review as it is (an import).
pub(crate) const INSERT: &str = "INSERT INTO reviews (game_id, depth, started_ms, finished_ms, \
    evals, accuracy_white, accuracy_black, decided_ply, marks) \
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)";

/// One game's review.
pub(crate) fn review_sql(game: GameId) -> Result<(String, Vec<SqlValue>), StoreError> {
    Ok((
        format!("SELECT {COLUMNS} FROM reviews WHERE game_id = ?1"),
        vec![id_in(game)?.into()],
    ))
}

/// Every review, by game (an export).
pub(crate) fn all_sql() -> String {
    format!("SELECT {COLUMNS} FROM reviews ORDER BY game_id")
}

/// The games of the servers in `shards` whose review is under way, oldest begun first.
pub(crate) fn under_way_sql(shards: ShardSet) -> (String, Vec<SqlValue>) {
    (
        format!(
            "SELECT reviews.game_id FROM reviews JOIN games ON games.id = reviews.game_id \
             WHERE reviews.finished_ms IS NULL AND {SHARD_CONDITION} \
             ORDER BY reviews.started_ms, reviews.game_id"
        ),
        shard_values(shards),
    )
}

/// The statement storing that `game`'s review is under way: a conflict if it has one.
pub(crate) fn begin_step(game: GameId, depth: u32, started_ms: i64) -> Result<Step, StoreError> {
    Ok(Step::one(
        BEGIN,
        vec![id_in(game)?.into(), depth.into(), started_ms.into()],
        "review",
        game,
    ))
}

/// The statement storing `game`'s finished review: a conflict if none was begun.
pub(crate) fn finish_step(
    game: GameId,
    finished_ms: i64,
    review: &GameReview,
) -> Result<Step, StoreError> {
    let mut values = vec![id_in(game)?.into(), finished_ms.into()];
    values.extend(result_values(review)?);
    Ok(Step::one(FINISH, values, "review", game))
}

/// The values of [`INSERT`].
pub(crate) fn insert_values(stored: &StoredReview) -> Result<Vec<SqlValue>, StoreError> {
    let mut values = vec![
        id_in(stored.game)?.into(),
        stored.depth.into(),
        stored.started_ms.into(),
    ];
    match &stored.status {
        ReviewStatus::UnderWay => values.extend(std::iter::repeat_n(SqlValue::Null, 6)),
        ReviewStatus::Done {
            finished_ms,
            review,
        } => {
            values.push((*finished_ms).into());
            values.extend(result_values(review)?);
        }
    }
    Ok(values)
}

/// The values of a finished review, `evals` to `marks`.
fn result_values(review: &GameReview) -> Result<Vec<SqlValue>, StoreError> {
    let ply = |p: usize| {
        i64::try_from(p).map_err(|_| StoreError::Backend(format!("ply {p} is too large")))
    };
    Ok(vec![
        evals_text(&review.evals).into(),
        review.accuracy[0].map(u32::from).into(),
        review.accuracy[1].map(u32::from).into(),
        review.decided.map(ply).transpose()?.into(),
        marks_text(&review.marks).into(),
    ])
}

/// A `reviews` row.
pub(crate) fn read_review(r: &dyn Columns) -> Result<StoredReview, StoreError> {
    let game = id_out(r.int(0)?, "reviews", "game_id")?;
    let depth = u32::try_from(r.int(1)?).map_err(|_| bad("reviews", "depth", "out of range"))?;
    let status = match r.opt_int(3)? {
        None => ReviewStatus::UnderWay,
        Some(finished_ms) => {
            let accuracy = |at: usize, column: &'static str| {
                r.opt_int(at)?
                    .map(|a| u16::try_from(a).map_err(|_| bad("reviews", column, a.to_string())))
                    .transpose()
            };
            let decided = r
                .opt_int(7)?
                .map(|p| {
                    usize::try_from(p).map_err(|_| bad("reviews", "decided_ply", p.to_string()))
                })
                .transpose()?;
            ReviewStatus::Done {
                finished_ms,
                review: GameReview {
                    depth,
                    evals: evals_out(&r.text(4)?)?,
                    accuracy: [
                        accuracy(5, "accuracy_white")?,
                        accuracy(6, "accuracy_black")?,
                    ],
                    marks: marks_out(&r.text(8)?)?,
                    decided,
                },
            }
        }
    };
    Ok(StoredReview {
        game,
        depth,
        started_ms: r.int(2)?,
        status,
    })
}

/// A game id read alone.
pub(crate) fn read_game_id(r: &dyn Columns) -> Result<GameId, StoreError> {
    id_out(r.int(0)?, "reviews", "game_id")
}

/// Evaluations as stored: `35 -12 #3 #-0`.
fn evals_text(evals: &[Eval]) -> String {
    evals
        .iter()
        .map(|e| match e {
            Eval::Centipawns(cp) => cp.to_string(),
            Eval::Mate {
                winner: Color::White,
                turns,
            } => format!("#{turns}"),
            Eval::Mate {
                winner: Color::Black,
                turns,
            } => format!("#-{turns}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Evaluations as [`evals_text`] wrote them.
fn evals_out(text: &str) -> Result<Vec<Eval>, StoreError> {
    let bad_eval = |word: &str| bad("reviews", "evals", word);
    text.split_whitespace()
        .map(|word| match word.strip_prefix('#') {
            Some(mate) => {
                let (winner, turns) = match mate.strip_prefix('-') {
                    Some(turns) => (Color::Black, turns),
                    None => (Color::White, mate),
                };
                let turns = turns.parse().map_err(|_| bad_eval(word))?;
                Ok(Eval::Mate { winner, turns })
            }
            None => word
                .parse()
                .map(Eval::Centipawns)
                .map_err(|_| bad_eval(word)),
        })
        .collect()
}

/// A judgement's stored name.
fn judgement_id(judgement: Judgement) -> &'static str {
    match judgement {
        Judgement::Inaccuracy => "inaccuracy",
        Judgement::Mistake => "mistake",
        Judgement::Blunder => "blunder",
    }
}

/// Marked turns as stored: one a line, tab-separated fields.
fn marks_text(marks: &[Mark]) -> String {
    marks
        .iter()
        .map(|m| {
            let mut fields = vec![
                m.ply.to_string(),
                judgement_id(m.judgement).to_owned(),
                m.loss.to_string(),
            ];
            fields.extend(m.better.iter().map(|t| t.replace(['\t', '\n'], " ")));
            fields.join("\t")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Marked turns as [`marks_text`] wrote them.
fn marks_out(text: &str) -> Result<Vec<Mark>, StoreError> {
    text.lines()
        .filter(|line| !line.is_empty())
        .map(|line| {
            let bad_mark = || bad("reviews", "marks", line);
            let mut fields = line.split('\t');
            let ply = fields
                .next()
                .and_then(|f| f.parse().ok())
                .ok_or_else(bad_mark)?;
            let judgement = match fields.next() {
                Some("inaccuracy") => Judgement::Inaccuracy,
                Some("mistake") => Judgement::Mistake,
                Some("blunder") => Judgement::Blunder,
                _ => return Err(bad_mark()),
            };
            let loss = fields
                .next()
                .and_then(|f| f.parse().ok())
                .ok_or_else(bad_mark)?;
            Ok(Mark {
                ply,
                judgement,
                loss,
                better: fields.map(str::to_owned).collect(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_and_marks_read_back_as_written() {
        let evals = vec![
            Eval::Centipawns(35),
            Eval::Centipawns(-1200),
            Eval::Mate {
                winner: Color::White,
                turns: 3,
            },
            Eval::Mate {
                winner: Color::Black,
                turns: 0,
            },
        ];
        assert_eq!(evals_text(&evals), "35 -1200 #3 #-0");
        assert_eq!(evals_out(&evals_text(&evals)).expect("reads"), evals);
        let marks = vec![
            Mark {
                ply: 5,
                judgement: Judgement::Blunder,
                loss: 997,
                better: vec!["g6".into(), "Qf3".into(), "Nf6".into()],
            },
            Mark {
                ply: 8,
                judgement: Judgement::Inaccuracy,
                loss: 51,
                better: vec!["=Q Nf3/e5".into()],
            },
            Mark {
                ply: 9,
                judgement: Judgement::Mistake,
                loss: 120,
                better: Vec::new(),
            },
        ];
        assert_eq!(marks_out(&marks_text(&marks)).expect("reads"), marks);
        assert!(evals_out("35 #x").is_err() && marks_out("1\tgood\t3").is_err());
    }
}
