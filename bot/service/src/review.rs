//! Reviews of finished games: the engine goes over every position of a game (any variant),
//! marks its inaccuracies, mistakes and blunders with a better line, gives each player an
//! accuracy figure and finds the turn that decided it (`engine::review`).
//!
//! A review never runs under a game lock: the game is read from the store. It runs in a task
//! of its own, so a request that stops waiting leaves it running, and whoever asks for the
//! same game meanwhile waits for the same run. Reviews run one at a time in a process (a
//! semaphore of one), and each position takes an engine permit only while it is searched
//! (`engine::review::Reviewer`): the permits are handed out in turn, so a computer's turn in
//! a live game waits for one position at most (under a second at the default depths), and a
//! review never holds more than one core.
//!
//! The store holds a review as under way before its first position is searched, and done
//! once it is finished, so a second request is answered at once. A review under way when the
//! process stopped is begun again when the service opens, and again whenever it is asked for
//! and not running: never lost silently.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use dashmap::DashMap;
use dashmap::mapref::entry::Entry;
use domain::messages::{LISTED_MARKS, MarkLine, ReviewMsg, ReviewStep, ReviewSummary};
use domain::{
    Action, Board, Eval, GameReview, Judgement, Mark, Progress, ReviewSheet, ReviewStatus, StepRef,
};
use engine::review::{self, Review, Reviewer};
use engine::search::MATE_BOUND;
use rules::{Color, Game};
use tokio::sync::watch;

use domain::messages::ArchiveMsg;
use domain::{ArchiveQuery, EarlyPrivacy, GameId, Origin, Reply};
use tokio::sync::Semaphore;

use super::archive::Archive;
use super::context::Context;
use super::games::Games;
use super::live::{Live, Slot};
use super::replies::record_tags;

/// What a review is asked for: which game, and the summary or one position.
pub(crate) struct Asked {
    /// The game; `None` for the one [`Reviews::game_to_review`] picks.
    pub(crate) game: Option<GameId>,
    /// The turns played to the position to show; `None` for the summary.
    pub(crate) turn: Option<usize>,
}

/// How a review running in this process stands, as those waiting for it see it.
#[derive(Clone, Debug)]
pub(crate) enum Run {
    /// Waiting for another review to finish.
    Waiting,
    /// Positions searched of all.
    Searching {
        /// Positions searched.
        done: usize,
        /// Positions in all.
        total: usize,
    },
    /// Finished (and stored, unless the store failed).
    Done(Arc<GameReview>),
    /// Given up: the bot is stopping, or the engine failed.
    Failed,
}

/// The reviews: those running in this process, and the permit that runs them one at a time.
pub(crate) struct Reviews {
    ctx: Arc<Context>,
    games: Arc<Games>,
    archive: Arc<Archive>,
    /// The reviews running in this process, by game: whoever asks for one waits on it.
    runs: DashMap<GameId, watch::Receiver<Run>>,
    /// One permit: reviews run one at a time.
    turn: Arc<Semaphore>,
    /// Raised at shutdown: reviews stop between two positions (and are made again after the
    /// restart).
    stopping: AtomicBool,
}

impl Reviews {
    /// The reviews of the games `games` and `archive` read.
    pub(crate) fn new(ctx: Arc<Context>, games: Arc<Games>, archive: Arc<Archive>) -> Reviews {
        Reviews {
            ctx,
            games,
            archive,
            runs: DashMap::new(),
            turn: Arc::new(Semaphore::new(1)),
            stopping: AtomicBool::new(false),
        }
    }

    /// Stops the reviews under way between two positions; they are made again after the
    /// restart.
    pub(crate) fn stop(&self) {
        self.stopping.store(true, Ordering::Release);
    }

    /// The review of game `asked`, or of the game [`Reviews::game_to_review`] picks,
    /// telling `progress` how far it has come while it is made: its summary, or the position
    /// after the turn asked for.
    pub(crate) async fn review(
        self: &Arc<Self>,
        origin: &Origin,
        asked: Asked,
        early: &EarlyPrivacy,
        progress: &Progress,
    ) -> Reply {
        let refused = |reply: Reply| {
            early.mark_private();
            reply
        };
        if asked.turn.is_some() {
            // A position stepped to is for whoever asked.
            early.mark_private();
        }
        let live = match self.game_to_review(origin, asked.game).await {
            Ok(live) => live,
            Err(reply) => return refused(*reply),
        };
        let id = live.row.id;
        if live.outcome().is_none() {
            return refused(Reply::private(ReviewMsg::NotFinished { id }));
        }
        let turns = live.game.turns().len();
        if turns == 0 {
            return refused(Reply::private(ReviewMsg::NoTurns { id }));
        }
        if asked.turn.is_some_and(|t| t > turns) {
            return refused(Reply::private(ReviewMsg::NoSuchTurn { id, turns }));
        }
        match (self.reviewed(&live, progress).await, asked.turn) {
            (Some(review), None) => review_reply(&live, review),
            (Some(review), Some(turn)) => step_reply(&live, &review, turn),
            (None, _) => refused(Reply::private(ReviewMsg::Failed { id })),
        }
    }

    /// The game to review: game `asked` if the caller may see it; else the finished game in
    /// this channel; else the caller's latest finished game in this server (outside a
    /// server, of their own direct-message games).
    async fn game_to_review(
        &self,
        origin: &Origin,
        asked: Option<GameId>,
    ) -> Result<Live, Box<Reply>> {
        if let Some(id) = asked {
            return self.archive.visible_game(origin, id).await;
        }
        let here = match self.games.existing_slot(origin.channel).await {
            Some(guard) => match &*guard {
                Slot::Game(live) if live.outcome().is_some() => Some(live.row.id),
                _ => None,
            },
            None => None,
        };
        if let Some(id) = here {
            return self.archive.visible_game(origin, id).await;
        }
        let query = ArchiveQuery {
            guild: origin.guild,
            user: Some(origin.user.id),
            page: 0,
            per_page: 1,
        };
        match self.ctx.db().finished_games(&query).await {
            Ok(page) => match page.games.first() {
                Some(latest) => self.archive.visible_game(origin, latest.row.id).await,
                None => Err(Box::new(Reply::private(ReviewMsg::NoGame))),
            },
            Err(e) => {
                tracing::error!(error = %e, "could not read the archive");
                Err(Box::new(Reply::private(ArchiveMsg::Unavailable)))
            }
        }
    }

    /// The review of the finished game `live`: the stored one, else the one running here,
    /// else one begun now. `None` when it could not be made.
    async fn reviewed(self: &Arc<Self>, live: &Live, progress: &Progress) -> Option<GameReview> {
        let id = live.row.id;
        let depth = match self.ctx.db().review(id).await {
            Ok(Some(stored)) => match stored.status {
                ReviewStatus::Done { review, .. } => return Some(refreshed(&live.game, review)),
                ReviewStatus::UnderWay => Some(stored.depth),
            },
            Ok(None) => None,
            Err(e) => {
                tracing::error!(game = id, error = %e, "could not read a review");
                return None;
            }
        };
        let mut run = self.review_run(live, depth);
        loop {
            let now = run.borrow_and_update().clone();
            match now {
                Run::Waiting => progress.report(ReviewMsg::Waiting { id }),
                Run::Searching { done, total } => {
                    progress.report(ReviewMsg::Progress { id, done, total });
                }
                Run::Done(review) => return Some((*review).clone()),
                Run::Failed => return None,
            }
            if run.changed().await.is_err() {
                // The run ended: its last word, or a failure if it had none.
                return match &*run.borrow() {
                    Run::Done(review) => Some((**review).clone()),
                    _ => None,
                };
            }
        }
    }

    /// The run of `live`'s review in this process, started if there is none: at `depth` when
    /// one is stored under way, else at the configured depth, stored as under way first.
    fn review_run(self: &Arc<Self>, live: &Live, depth: Option<u32>) -> watch::Receiver<Run> {
        let id = live.row.id;
        let (tx, rx) = match self.runs.entry(id) {
            Entry::Occupied(running) if running.get().has_changed().is_ok() => {
                return running.get().clone();
            }
            entry => {
                let total = live.game.turns().len() + 1;
                let (tx, rx) = watch::channel(Run::Searching { done: 0, total });
                entry.insert(rx.clone());
                (tx, rx)
            }
        };
        let (begin, depth) = match depth {
            Some(depth) => (false, depth),
            None => (true, self.ctx.review_depth(live.row.variant)),
        };
        let service = Arc::clone(self);
        let game = live.game.clone();
        tokio::spawn(async move {
            let run = service.run_review(id, game, depth, begin, &tx).await;
            tx.send_replace(run);
            service.runs.remove(&id);
        });
        rx
    }

    /// Makes the review of `game` at `depth` (stored as under way first when `begin`), one
    /// position at a time on the engine pool, telling `tx` how far it has come; stores it.
    async fn run_review(
        &self,
        id: GameId,
        game: Game,
        depth: u32,
        begin: bool,
        tx: &watch::Sender<Run>,
    ) -> Run {
        if begin {
            match self
                .ctx
                .db()
                .begin_review(id, depth, self.ctx.now_ms())
                .await
            {
                Ok(()) => {}
                // Begun already (a retried write, or a request that found none a moment
                // before): it is under way either way.
                Err(e) if e.is_conflict() => {}
                Err(e) => {
                    tracing::error!(game = id, error = %e, "could not store a review as begun");
                    return Run::Failed;
                }
            }
        }
        let turn = Arc::clone(&self.turn);
        let _one_review = match Arc::clone(&turn).try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                tx.send_replace(Run::Waiting);
                match turn.acquire_owned().await {
                    Ok(permit) => permit,
                    Err(_) => return Run::Failed,
                }
            }
        };
        let started = std::time::Instant::now();
        let mut reviewer = Reviewer::new(game.clone(), depth);
        let total = reviewer.total();
        tx.send_replace(Run::Searching { done: 0, total });
        while !reviewer.is_done() {
            if self.stopping.load(Ordering::Acquire) {
                tracing::info!(
                    game = id,
                    "a review stopped with the bot; it is made again after a restart"
                );
                return Run::Failed;
            }
            let step = self
                .ctx
                .on_engine(move || {
                    reviewer.step();
                    reviewer
                })
                .await;
            reviewer = match step {
                Some(reviewer) => reviewer,
                None => return Run::Failed,
            };
            tx.send_replace(Run::Searching {
                done: reviewer.done(),
                total,
            });
        }
        let review = game_review(&game, &reviewer.finish());
        tracing::info!(
            game = id,
            depth,
            positions = total,
            ms = started.elapsed().as_millis(),
            "reviewed a game"
        );
        if let Err(e) = self
            .ctx
            .db()
            .finish_review(id, self.ctx.now_ms(), &review)
            .await
        {
            tracing::error!(
                game = id,
                error = %e,
                "could not store a review; it stays under way and is made again when asked"
            );
        }
        Run::Done(Arc::new(review))
    }

    /// Begins again the reviews of this process's servers left under way by a process that
    /// stopped (each in a task of its own, one at a time like any review).
    pub(crate) async fn resume(self: &Arc<Self>) {
        let under_way = match self
            .ctx
            .db()
            .reviews_under_way(self.ctx.config.shards)
            .await
        {
            Ok(ids) => ids,
            Err(e) => {
                tracing::error!(error = %e, "could not read the reviews under way");
                return;
            }
        };
        for id in under_way {
            let stored = match self.ctx.db().load_game(id).await {
                Ok(Some(stored)) => stored,
                Ok(None) => continue,
                Err(e) => {
                    tracing::error!(game = id, error = %e, "could not read a game under review");
                    continue;
                }
            };
            let depth = match self.ctx.db().review(id).await {
                Ok(Some(stored)) => stored.depth,
                Ok(None) => continue,
                Err(e) => {
                    tracing::error!(game = id, error = %e, "could not read a review");
                    continue;
                }
            };
            match Live::restore(stored) {
                Ok(live) => {
                    tracing::info!(game = id, "resuming a review left under way");
                    drop(self.review_run(&live, Some(depth)));
                }
                Err(e) => {
                    tracing::error!(game = id, error = %e, "a game under review does not replay")
                }
            }
        }
    }
}

/// The reply showing `review` of the finished game `live`: its figures, and as data its graph
/// and annotated record.
fn review_reply(live: &Live, review: GameReview) -> Reply {
    let id = live.row.id;
    let first = live.game.start().side_to_move();
    let notations = live.game.notations();
    let ply = |p: usize| live.ply(p, notations.get(p).map_or("", String::as_str));
    let mut worst: Vec<_> = review.marks.iter().collect();
    worst.sort_by_key(|m| (std::cmp::Reverse(m.loss), m.ply));
    worst.truncate(LISTED_MARKS);
    worst.sort_by_key(|m| m.ply);
    let summary = ReviewSummary {
        id,
        players: live.players(),
        kind: live.kind(),
        depth: review.depth,
        accuracy: review.accuracy,
        counts: review.counts(first),
        marks: worst
            .iter()
            .map(|m| MarkLine {
                played: ply(m.ply),
                judgement: m.judgement,
                loss: m.loss,
                better: m.better.clone(),
            })
            .collect(),
        unlisted: review.marks.len() - worst.len(),
        decided: review.decided.map(ply),
    };
    Reply {
        review: Some(Box::new(ReviewSheet {
            id,
            game: live.game.clone(),
            tags: record_tags(live),
            players: live.players(),
            kind: live.kind(),
            review,
        })),
        game: Some(id),
        actions: vec![Action::StepThrough(id)],
        ..Reply::public(ReviewMsg::Summary(Box::new(summary)))
    }
}

/// The reply showing the position of the finished game `live` after `turn` turns, as
/// `review` judged it: the board with the turn that led to it marked and, when the review
/// marked that turn, the better turn as an arrow; its evaluation and judgement in words; and
/// buttons to the positions before and after. Only the caller sees it.
fn step_reply(live: &Live, review: &GameReview, turn: usize) -> Reply {
    let id = live.row.id;
    let game = &live.game;
    let turns = game.turns().len();
    let Some(position) = game.position_at(turn) else {
        return Reply::private(ReviewMsg::NoSuchTurn { id, turns });
    };
    let notations = game.notations();
    let last = turn.checked_sub(1);
    let before = last.and_then(|p| game.position_at(p));
    let mark = last.and_then(|p| review.marks.iter().find(|m| m.ply == p));
    let better = mark
        .and_then(|m| m.better.first())
        .zip(before)
        .and_then(|(notation, before)| before.parse_turn(notation).ok().map(|t| (before, t)));
    let played = last.map(|p| live.ply(p, notations.get(p).map_or("", String::as_str)));
    let step = ReviewStep {
        id,
        turn,
        turns,
        played: played.clone(),
        eval: review
            .evals
            .get(turn)
            .copied()
            .unwrap_or(Eval::Centipawns(0)),
        mark: mark.zip(played).map(|(m, played)| MarkLine {
            played,
            judgement: m.judgement,
            loss: m.loss,
            better: m.better.clone(),
        }),
        decided: last.is_some() && last == review.decided,
    };
    let board = Board {
        position: position.clone(),
        last_turn: before
            .zip(last.and_then(|p| game.turns().get(p)))
            .map(|(before, turn)| (before.clone(), *turn)),
        orientation: live.shown_side(),
        players: live.players(),
        chess960: game.chess960_number(),
        outcome: (turn == turns).then(|| live.outcome()).flatten(),
        faces: Some(live.faces()),
        arrows: better
            .map(|(before, t)| Board::arrows_of(before, &t))
            .unwrap_or_default(),
        clocks: crate::games::clocks::clocks_at(live, turn),
    };
    let mut actions = Vec::new();
    if let Some(back) = turn.checked_sub(1) {
        actions.push(Action::StepBack(StepRef {
            game: id,
            turn: back,
        }));
    }
    if turn < turns {
        actions.push(Action::StepForward(StepRef {
            game: id,
            turn: turn + 1,
        }));
    }
    Reply {
        board: Some(board),
        game: Some(id),
        actions,
        ..Reply::private(ReviewMsg::Step(Box::new(step)))
    }
}

/// The review of `game` as the engine made it, the better lines written in the game's
/// notation.
fn game_review(game: &Game, review: &Review) -> GameReview {
    let tenths = |x: f64| (x * 10.0).round().clamp(0.0, 1000.0) as u16;
    let marks = review
        .turns
        .iter()
        .filter_map(|t| {
            let judgement = match t.judgement? {
                review::Judgement::Inaccuracy => Judgement::Inaccuracy,
                review::Judgement::Mistake => Judgement::Mistake,
                review::Judgement::Blunder => Judgement::Blunder,
            };
            let mut line = Game::from_position(game.position_at(t.ply)?.clone());
            for turn in &t.better {
                if line.play(*turn).is_err() {
                    break;
                }
            }
            Some(Mark {
                ply: t.ply,
                judgement,
                loss: tenths(t.loss * 100.0),
                better: line.notations(),
            })
        })
        .collect();
    GameReview {
        depth: review.depth,
        evals: review.scores.iter().map(|s| eval_of(*s)).collect(),
        accuracy: review.accuracy.map(|a| a.map(tenths)),
        marks,
        decided: review.decided,
    }
}

/// A review's accuracy and deciding mistake computed again from its evaluations, as the
/// engine computes them now: a review stored before they followed lichess (when a plain mean
/// gave a side that dropped a rook and the queen 93%) shows what a new one would.
fn refreshed(game: &Game, mut review: GameReview) -> GameReview {
    let scores: Vec<i32> = review.evals.iter().map(|e| score_of(*e)).collect();
    let first = game.start().side_to_move();
    let tenths = |x: f64| (x * 10.0).round().clamp(0.0, 1000.0) as u16;
    review.accuracy = review::game_accuracy(first, &scores).map(|a| a.map(tenths));
    review.decided = review::deciding(first, game.outcome().and_then(|o| o.winner), &scores);
    review
}

/// The engine score for White of an evaluation: a mate in `n` of the winner's turns is a
/// mate score `2n − 1` plies away.
fn score_of(eval: Eval) -> i32 {
    match eval {
        Eval::Centipawns(cp) => cp,
        Eval::Mate { winner, turns } => {
            let plies = i32::try_from(turns.saturating_mul(2)).unwrap_or(i32::MAX);
            let score = engine::MATE - plies.saturating_sub(1).max(0);
            match winner {
                Color::White => score,
                Color::Black => -score,
            }
        }
    }
}

/// The evaluation of an engine score for White (a mate is beyond the engine's mate bound).
fn eval_of(white_score: i32) -> Eval {
    if white_score.abs() <= MATE_BOUND {
        return Eval::Centipawns(white_score);
    }
    let plies = engine::MATE.saturating_sub(white_score.abs()).max(0);
    Eval::Mate {
        winner: if white_score > 0 {
            Color::White
        } else {
            Color::Black
        },
        turns: u32::try_from(plies + 1).unwrap_or(0) / 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The domain's scale of expected score is the one the engine's review judges by.
    #[test]
    fn the_domains_expectation_is_the_engines() {
        for cp in (-2_000..=2_000).step_by(7) {
            let domain = Eval::Centipawns(cp).white_expectation();
            let engine = review::expectation(cp);
            assert!(
                (domain - engine).abs() < 1e-12,
                "{cp}: {domain} against {engine}"
            );
        }
        for score in [engine::MATE, engine::MATE - 7, -engine::MATE + 2] {
            let domain = eval_of(score).white_expectation();
            let engine = review::expectation(score);
            assert!(
                (domain - engine).abs() < 1e-12,
                "{score}: {domain} against {engine}"
            );
        }
    }

    /// An evaluation turned back into a score is the evaluation again, so a stored review's
    /// figures computed again from its evaluations are those of the scores it was made from.
    #[test]
    fn evaluations_become_the_scores_they_came_from() {
        for score in [0, 35, -1_207, MATE_BOUND, -MATE_BOUND] {
            assert_eq!(score_of(eval_of(score)), score);
        }
        for plies in [0, 1, 2, 5, 12] {
            for sign in [1, -1] {
                let score = sign * (engine::MATE - plies);
                assert_eq!(eval_of(score_of(eval_of(score))), eval_of(score));
                assert!(score_of(eval_of(score)).abs() > MATE_BOUND);
            }
        }
    }

    /// A stored review's accuracy and deciding turn are those the engine gives its scores now,
    /// whatever was stored.
    #[test]
    fn a_stored_reviews_figures_are_computed_again() {
        let mut game = Game::new(rules::Variant::Standard, None).expect("a game");
        for turn in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
            game.play_str(turn).expect("a turn");
        }
        let scores = [20, 30, 10, 60, 40, 50, engine::MATE - 1, engine::MATE];
        let stored = GameReview {
            depth: 4,
            evals: scores.iter().map(|s| eval_of(*s)).collect(),
            accuracy: [Some(930), Some(930)],
            marks: Vec::new(),
            decided: Some(1),
        };
        let review = refreshed(&game, stored);
        let tenths = |x: f64| (x * 10.0).round() as u16;
        let expected = review::game_accuracy(Color::White, &scores).map(|a| a.map(tenths));
        assert_eq!(review.accuracy, expected);
        assert!(review.accuracy[1] < Some(700), "{:?}", review.accuracy);
        assert_eq!(review.decided, Some(5), "3... Nf6 let the mate in");
    }

    /// Scores past the mate bound are mates in whole turns of the winner; others are scores.
    #[test]
    fn engine_scores_become_evaluations() {
        assert_eq!(eval_of(35), Eval::Centipawns(35));
        assert_eq!(eval_of(-MATE_BOUND), Eval::Centipawns(-MATE_BOUND));
        let mate_in = |plies: i32| engine::MATE - plies;
        assert_eq!(
            eval_of(mate_in(1)),
            Eval::Mate {
                winner: Color::White,
                turns: 1
            }
        );
        assert_eq!(
            eval_of(-mate_in(3)),
            Eval::Mate {
                winner: Color::Black,
                turns: 2
            }
        );
        assert_eq!(
            eval_of(-engine::MATE),
            Eval::Mate {
                winner: Color::Black,
                turns: 0
            }
        );
    }
}
