//! The search: iterative deepening over whole turns, principal-variation alpha-beta with a
//! transposition table, and a quiescence search.
//!
//! Why each part is there:
//! - **Whole turns.** The unit of the tree is the turn the rules define: in Avalanche the
//!   promotion choice, the move and the push together. The push is the mover's own
//!   decision, so it belongs to the mover's node; a pawn the push sends to its last rank is
//!   then the opponent's decision (its promotion choice opens the opponent's turn). The two
//!   sudden endings are leaves: a promotion into check wins for its maker, a push that
//!   exposes the pusher's own king loses for the pusher.
//! - **Iterative deepening** gives a usable turn at any moment, so the time limit can cut
//!   the search off, and fills the table with good first turns for the next depth.
//! - **PVS** searches the first (best-ordered) turn with a full window and the rest with a
//!   null window, re-searching only when one of them surprises.
//! - **Move ordering** (table turn, winning endings, captures by most valuable victim,
//!   killers, history) is what lets alpha-beta cut; with about 160 turns a node in Avalanche
//!   it matters more than anywhere. Pushes that hand the opponent a promotion or make an
//!   enemy pawn attack one of the pusher's pieces are tried late.
//! - **Late-move reductions** search the quiet turns at the end of the list less deeply;
//!   without them the Avalanche branching factor leaves the search very shallow.
//! - **Check extension** keeps forcing lines, mates in particular, inside the horizon.
//! - **Quiescence** follows captures, promotions and the sudden endings until the position
//!   is quiet, so the evaluation is never asked about a piece that is about to be taken. It
//!   understands pushes: every push of a capture turn is tried (a push can put an enemy
//!   pawn where it forks), and a pending promotion is looked at (it may win at once).
//! - **Repetitions, the fifty-move rule and insufficient material** are draws in the tree
//!   too, with the game's own history taken into account.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rules::{Color, Game, Position, Role, Turn, TurnStep};

use crate::eval::{evaluate, value};
use crate::tt::{Bound, Entry, Table};
use crate::zobrist::{hash, splitmix64};

/// The score of a mate now; a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this (either sign) are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INFINITY: i32 = MATE + 1;
/// The deepest iteration and the deepest ply (search plus quiescence).
pub const MAX_DEPTH: u32 = 64;
const MAX_PLY: usize = 128;
/// How many nodes pass between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 256;

/// What bounds one search. With neither a depth nor a time, the search runs until the stop
/// flag is raised (or to [`MAX_DEPTH`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in turns.
    pub depth: Option<u32>,
    /// The most time to think.
    pub movetime: Option<Duration>,
    /// The most nodes to visit.
    pub nodes: Option<u64>,
    /// Deliberate imprecision for the low levels: each root turn gets a fixed random bonus
    /// between 0 and this many centipawns, so close (and not so close) turns are mixed up.
    pub noise: i32,
    /// The seed of that randomness; the same seed gives the same choice.
    pub seed: u64,
    /// How many best root turns get an exact score and a line of their own (0 and 1 both
    /// mean the best one alone); see [`SearchResult::lines`].
    pub multipv: usize,
}

impl Limits {
    /// Search to exactly `depth` turns: deterministic.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for at most `movetime`.
    pub fn movetime(movetime: Duration) -> Limits {
        Limits {
            movetime: Some(movetime),
            ..Limits::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The turn to play; `None` only when the side to move has no legal turn (or the game
    /// is over).
    pub best: Option<Turn>,
    /// Its score in centipawns for the side to move (noise included), or a mate score.
    pub score: i32,
    /// The last iteration completed.
    pub depth: u32,
    /// Nodes visited (search and quiescence).
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The expected line, starting with `best`.
    pub pv: Vec<Turn>,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// How full the transposition table is, in thousandths.
    pub hashfull: u32,
    /// The best root turns' lines, best first, as many as [`Limits::multipv`] asks for (and
    /// the root has): the first is `score` and `pv`.
    pub lines: Vec<Line>,
}

/// One root turn's line of a multi-line search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The score of the line's first turn, as [`SearchResult::score`].
    pub score: i32,
    /// The line, starting with the root turn.
    pub pv: Vec<Turn>,
}

impl SearchResult {
    /// Moves to mate (positive: the side to move mates; negative: it is mated), when the
    /// score is a mate score.
    pub fn mate_in(&self) -> Option<i32> {
        if self.score > MATE_BOUND {
            Some((MATE - self.score + 1) / 2)
        } else if self.score < -MATE_BOUND {
            Some(-(MATE + self.score + 1) / 2)
        } else {
            None
        }
    }
}

/// The engine: its settings only, so one value can serve any number of threads at once
/// (`Send + Sync`); each search builds its own tables.
#[derive(Clone, Debug)]
pub struct Engine {
    table_bits: u32,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// An engine with a transposition table of 2^18 entries (about 6 MB) per search.
    pub fn new() -> Engine {
        warm_up();
        Engine { table_bits: 18 }
    }

    /// An engine whose searches use a table of `2^bits` entries (8 ≤ bits ≤ 26).
    pub fn with_table_bits(bits: u32) -> Engine {
        warm_up();
        Engine {
            table_bits: bits.clamp(8, 26),
        }
    }

    /// An engine whose searches use a table of at most `megabytes` MB (the largest power
    /// of two of entries that fits, at least 2^8 and at most 2^26 entries).
    pub fn with_hash_megabytes(megabytes: usize) -> Engine {
        let entries = megabytes.saturating_mul(1 << 20) / Table::ENTRY_BYTES;
        Engine::with_table_bits(entries.max(1).ilog2())
    }

    /// Chooses a turn for the side to move in `game`, whose history counts for repetitions.
    /// Runs on the calling thread until a limit is reached or `stop` is raised.
    pub fn search(&self, game: &Game, limits: &Limits, stop: &AtomicBool) -> SearchResult {
        self.search_with_info(game, limits, stop, &mut |_| {})
    }

    /// Chooses a turn in `pos`, with no history before it.
    pub fn search_position(
        &self,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> SearchResult {
        self.search(&Game::from_position(pos.clone()), limits, stop)
    }

    /// As [`Engine::search`], calling `info` after each completed iteration.
    pub fn search_with_info(
        &self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let start = Instant::now();
        let mut history: Vec<u64> = (0..=game.turns().len())
            .filter_map(|ply| game.position_at(ply))
            .map(hash)
            .collect();
        let root = game.position().clone();
        // The game's last position is the root; the search pushes it again itself.
        history.pop();
        let mut searcher = Searcher {
            table: Table::new(self.table_bits),
            pv: vec![Vec::new(); MAX_PLY + 2],
            seldepth: 0,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![[0; 64]; 64],
            path: history,
            nodes: 0,
            start,
            // The clock is read every few nodes and the answer takes a moment to leave:
            // stop a little early so the whole search stays within the budget.
            deadline: limits
                .movetime
                .map(|t| start + t.saturating_sub((t / 40).min(Duration::from_millis(40)))),
            node_limit: limits.nodes,
            stop,
            aborted: false,
        };
        // A finished game's score: won, lost (mate 0) or drawn for the side to move.
        let over = game.outcome().map(|o| match o.winner {
            Some(winner) if winner == root.side_to_move() => MATE,
            Some(_) => -MATE,
            None => 0,
        });
        searcher.iterate(&root, over, limits, info)
    }
}

/// Builds the rules' attack tables, which are made on first use (a quarter of a second),
/// so that the first search's clock is not spent on them.
fn warm_up() {
    if let Ok(pos) = Position::new_game(rules::Variant::Standard, None) {
        std::hint::black_box(pos.is_check());
    }
}

/// One root turn between iterations.
struct RootTurn {
    step: TurnStep,
    noise: i32,
    /// The score of the last search that gave it an exact one, else `-INFINITY`.
    score: i32,
    /// Its line from that search.
    pv: Vec<Turn>,
}

/// The state of one search.
struct Searcher<'a> {
    table: Table,
    /// The triangular table of lines: `pv[ply]` is the best line found from the node at
    /// `ply`, filled from `pv[ply + 1]` whenever a turn raises alpha.
    pv: Vec<Vec<Turn>>,
    /// The deepest ply reached.
    seldepth: usize,
    killers: Vec<[Option<Turn>; 2]>,
    history: Vec<[i32; 64]>,
    /// Keys of the game's positions before the root and of the current line.
    path: Vec<u64>,
    nodes: u64,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stop: &'a AtomicBool,
    aborted: bool,
}

/// Every legal turn of `pos` with the position after it.
fn children(pos: &Position) -> Vec<TurnStep> {
    let mut out = Vec::with_capacity(48);
    pos.visit_turns(&mut |step| out.push(step));
    out
}

/// The score, for the mover in `parent`, of a turn that ends the game by itself.
fn ended_score(parent: &Position, step: &TurnStep, ply: usize) -> i32 {
    let mover = parent.side_to_move();
    let win = MATE - (ply as i32 + 1);
    match step.turn.mv {
        // Promoted into check: the mover wins.
        None if step.after.king_attacked(mover.opposite()) => win,
        // No move after the choice, the mover still to move: mate or stalemate.
        None if step.after.is_check() => -win,
        None => 0,
        // The push exposed the mover's king: the mover loses.
        Some(_) => -win,
    }
}

/// The piece `step` takes, if any.
fn captured(parent: &Position, step: &TurnStep) -> Option<Role> {
    let mv = step.turn.mv?;
    let victim = parent.piece_at(mv.to)?;
    (victim.color != parent.side_to_move()).then_some(victim.role)
}

/// True when a turn changes material or hands over a promotion: such turns are neither
/// reduced nor pruned, and quiescence follows them.
fn is_noisy(parent: &Position, step: &TurnStep) -> bool {
    let mover = parent.side_to_move();
    captured(parent, step).is_some()
        || step.turn.mv.is_some_and(|m| m.promotion.is_some())
        || step.turn.promotion.is_some()
        || step
            .turn
            .push
            .is_some_and(|p| p.to.rank() == mover.back_rank())
}

/// How much the push of `step` costs its mover, for ordering: sending an enemy pawn to its
/// promotion, or to a square where it attacks one of the mover's pieces.
fn push_cost(parent: &Position, step: &TurnStep) -> i32 {
    let Some(push) = step.turn.push else {
        return 0;
    };
    let mover = parent.side_to_move();
    if push.to.rank() == mover.back_rank() {
        return 2_000;
    }
    let forward: i8 = if mover == Color::White { -1 } else { 1 };
    let mut cost = 0;
    for df in [-1i8, 1] {
        if let Some(sq) = push.to.offset(df, forward)
            && let Some(piece) = step.after.piece_at(sq)
            && piece.color == mover
            && piece.role != Role::Pawn
        {
            cost = cost.max(value(piece.role));
        }
    }
    cost
}

impl Searcher<'_> {
    /// True when the search must stop now; looks at the clock every few nodes.
    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            let spent = self.node_limit.is_some_and(|n| self.nodes >= n);
            if late || spent || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// True when the position on top of the path repeats one since the last irreversible
    /// turn.
    fn is_repetition(&self, pos: &Position) -> bool {
        let Some((&key, before)) = self.path.split_last() else {
            return false;
        };
        let window = (pos.halfmove_clock() as usize).min(before.len());
        before[before.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&k| k == key)
    }

    /// Iterative deepening from the root.
    fn iterate(
        &mut self,
        root: &Position,
        game_over: Option<i32>,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
            seldepth: 0,
            hashfull: 0,
            lines: Vec::new(),
        };
        if let Some(score) = game_over {
            result.score = score;
            return result;
        }
        let mut turns: Vec<RootTurn> = children(root)
            .into_iter()
            .enumerate()
            .map(|(i, step)| RootTurn {
                step,
                noise: noise(limits, i),
                score: 0,
                pv: Vec::new(),
            })
            .collect();
        if turns.is_empty() {
            result.score = if root.is_check() { -MATE } else { 0 };
            return result;
        }
        // Before any iteration: the best-ordered turn, so a stop at once still answers.
        for t in &mut turns {
            t.score = self.order_score(root, &t.step, None, 0);
        }
        turns.sort_by_key(|t| std::cmp::Reverse(t.score));
        for t in &mut turns {
            t.score = -INFINITY;
            t.pv = vec![t.step.turn];
        }
        result.best = turns.first().map(|t| t.step.turn);
        result.pv = result.best.into_iter().collect();
        let root_key = hash(root);
        self.path.push(root_key);
        let multipv = limits.multipv.clamp(1, turns.len());
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            let completed = self.search_root(root, &mut turns, depth as i32, multipv);
            // A partial iteration counts too: the last choice was searched first, so a
            // turn that beat it at this depth is better.
            if let Some(best) = turns.first().filter(|t| t.score > -INFINITY) {
                result.best = Some(best.step.turn);
                result.score = best.score;
                result.pv.clone_from(&best.pv);
                result.lines = lines(&turns, multipv);
            }
            if completed {
                result.depth = depth;
            }
            result.nodes = self.nodes;
            result.elapsed = self.start.elapsed();
            result.seldepth = self.seldepth as u32;
            result.hashfull = self.table.hashfull();
            if !completed {
                break;
            }
            info(&result);
            if turns.len() == 1 || result.score.abs() > MATE_BOUND && depth > 1 {
                break;
            }
            if let Some(total) = limits.movetime
                && self.start.elapsed() * 2 > total
            {
                break;
            }
        }
        if result.pv.first() != result.best.as_ref() {
            result.pv = result.best.into_iter().collect();
        }
        if result.lines.is_empty() {
            result.lines = vec![Line {
                score: result.score,
                pv: result.pv.clone(),
            }];
        }
        result
    }

    /// One iteration at the root; sorts `turns` best first, the first `multipv` of them
    /// with exact scores. False when it was cut off.
    fn search_root(
        &mut self,
        root: &Position,
        turns: &mut [RootTurn],
        depth: i32,
        multipv: usize,
    ) -> bool {
        let beta = INFINITY;
        let in_check = root.is_check();
        // The exact scores found so far, best first: alpha is the `multipv`-th of them.
        let mut exact: Vec<i32> = Vec::with_capacity(turns.len());
        for i in 0..turns.len() {
            let alpha = exact.get(multipv - 1).copied().unwrap_or(-INFINITY);
            let noise = turns[i].noise;
            self.pv[1].clear();
            let raw = if turns[i].step.ends_game {
                ended_score(root, &turns[i].step, 0)
            } else {
                let after = &turns[i].step.after;
                self.path.push(hash(after));
                let ext = i32::from(after.is_check() && !in_check);
                let child_depth = depth - 1 + ext;
                let raw = if alpha == -INFINITY {
                    -self.search(after, child_depth, -beta, INFINITY, 1)
                } else {
                    let a = alpha - noise;
                    let mut s = -self.search(after, child_depth, -a - 1, -a, 1);
                    if s > a && !self.aborted {
                        s = -self.search(after, child_depth, -beta, -a, 1);
                    }
                    s
                };
                self.path.pop();
                raw
            };
            if self.aborted {
                // Keep the turns searched so far in front, best first.
                turns[..i].sort_by_key(|t| std::cmp::Reverse(t.score));
                return false;
            }
            let score = if raw.abs() < MATE_BOUND {
                raw + noise
            } else {
                raw
            };
            let turn = &mut turns[i];
            if score > alpha {
                turn.score = score;
                turn.pv.clear();
                turn.pv.push(turn.step.turn);
                turn.pv.extend_from_slice(&self.pv[1]);
                let at = exact.partition_point(|&s| s >= score);
                exact.insert(at, score);
            } else {
                turn.score = -INFINITY;
            }
        }
        // Stable: among equal scores the earlier (better ordered) turn stays first.
        turns.sort_by_key(|t| std::cmp::Reverse(t.score));
        if let Some(best) = turns.first() {
            self.table.store(Entry {
                key: hash(root),
                best: Some(best.step.turn),
                score: best.score,
                depth,
                bound: Bound::Exact,
            });
        }
        true
    }

    /// Records that `turn` raised alpha at `ply`: its line is the turn and the child's line.
    fn update_pv(&mut self, ply: usize, turn: Turn) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        if let (Some(line), Some(child)) = (head.last_mut(), tail.first()) {
            line.clear();
            line.push(turn);
            line.extend_from_slice(child);
        }
    }

    /// The ordering score of a turn: higher is tried first.
    fn order_score(
        &self,
        parent: &Position,
        step: &TurnStep,
        table_turn: Option<Turn>,
        ply: usize,
    ) -> i32 {
        if table_turn == Some(step.turn) {
            return 10_000_000;
        }
        if step.ends_game {
            return ended_score(parent, step, ply).signum() * 5_000_000;
        }
        let mut score = -push_cost(parent, step);
        if let Some(role) = step.turn.promotion {
            score += value(role);
        }
        let Some(mv) = step.turn.mv else {
            return score;
        };
        if let Some(victim) = captured(parent, step) {
            let attacker = parent.piece_at(mv.from).map_or(0, |p| value(p.role));
            score += 1_000_000 + 10 * value(victim) - attacker / 10;
        } else if let Some(role) = mv.promotion {
            score += 900_000 + value(role);
        } else if self.killers[ply.min(MAX_PLY)].contains(&Some(step.turn)) {
            score += 800_000;
        } else {
            score += self.history[mv.from.index()][mv.to.index()].min(700_000);
        }
        score
    }

    /// The negamax search of `pos` to `depth` turns, window (`alpha`, `beta`).
    fn search(&mut self, pos: &Position, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if let Some(line) = self.pv.get_mut(ply) {
            line.clear();
        }
        if pos.halfmove_clock() >= 100 || pos.is_insufficient_material() || self.is_repetition(pos)
        {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.should_stop() {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let key = self.path.last().copied().unwrap_or_else(|| hash(pos));
        let entry = self.table.probe(key);
        // No cut-off from the table on the principal variation: it would cut its line short.
        if let Some(e) = entry
            && e.depth >= depth
            && !pv_node
        {
            let score = from_table(e.score, ply);
            match e.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
        }
        let steps = children(pos);
        let in_check = pos.is_check();
        if steps.is_empty() {
            return if in_check { -(MATE - ply as i32) } else { 0 };
        }
        let table_turn = entry.and_then(|e| e.best);
        let mut order: Vec<(i32, usize)> = steps
            .iter()
            .enumerate()
            .map(|(i, s)| (self.order_score(pos, s, table_turn, ply), i))
            .collect();
        order.sort_by_key(|&(score, i)| (std::cmp::Reverse(score), i));
        // Futility: near the horizon, quiet turns cannot lift a hopeless static score.
        let futile = !in_check && depth <= 2 && alpha.abs() < MATE_BOUND && {
            let margin = 120 * depth + 80;
            evaluate(pos) + margin <= alpha
        };
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_turn = None;
        for (searched, &(_, i)) in order.iter().enumerate() {
            let step = &steps[i];
            if let Some(line) = self.pv.get_mut(ply + 1) {
                line.clear();
            }
            let score = if step.ends_game {
                ended_score(pos, step, ply)
            } else {
                let noisy = is_noisy(pos, step);
                let gives_check = step.after.is_check();
                let quiet = !noisy && !gives_check;
                if quiet
                    && searched > 0
                    && (futile || late_move_prunable(depth, searched, in_check))
                {
                    continue;
                }
                self.path.push(hash(&step.after));
                let ext = i32::from(gives_check && ply < 2 * depth as usize + 4);
                let child_depth = depth - 1 + ext;
                let score = if searched == 0 {
                    -self.search(&step.after, child_depth, -beta, -alpha, ply + 1)
                } else {
                    let reduction =
                        if depth >= 3 && searched >= 3 && !in_check && !noisy && ext == 0 {
                            late_move_reduction(depth, searched)
                        } else {
                            0
                        };
                    let mut s = -self.search(
                        &step.after,
                        child_depth - reduction,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                    );
                    if s > alpha && reduction > 0 && !self.aborted {
                        s = -self.search(&step.after, child_depth, -alpha - 1, -alpha, ply + 1);
                    }
                    if s > alpha && s < beta && !self.aborted {
                        s = -self.search(&step.after, child_depth, -beta, -alpha, ply + 1);
                    }
                    s
                };
                self.path.pop();
                score
            };
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_turn = Some(step.turn);
            }
            if score > alpha {
                alpha = score;
                if pv_node {
                    self.update_pv(ply, step.turn);
                }
            }
            if alpha >= beta {
                if !is_noisy(pos, step)
                    && let Some(mv) = step.turn.mv
                {
                    let slot = &mut self.killers[ply.min(MAX_PLY)];
                    if slot[0] != Some(step.turn) {
                        slot[1] = slot[0];
                        slot[0] = Some(step.turn);
                    }
                    let h = &mut self.history[mv.from.index()][mv.to.index()];
                    *h += depth * depth;
                }
                break;
            }
        }
        if best_turn.is_none() {
            // Every turn was pruned as futile: the static score stands for them.
            return alpha;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Entry {
            key,
            best: best_turn,
            score: to_table(best_score, ply),
            depth,
            bound,
        });
        best_score
    }

    /// Quiescence: captures, promotions and sudden endings until the position is quiet.
    fn quiesce(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: u32,
    ) -> i32 {
        if let Some(line) = self.pv.get_mut(ply) {
            line.clear();
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.should_stop() {
            return 0;
        }
        let in_check = pos.is_check();
        let stand = evaluate(pos);
        if ply >= MAX_PLY || (qdepth >= 6 && !in_check) || qdepth >= 10 {
            return stand;
        }
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let steps = children(pos);
        if steps.is_empty() {
            return if in_check { -(MATE - ply as i32) } else { 0 };
        }
        let mut order: Vec<(i32, usize)> = steps
            .iter()
            .enumerate()
            .filter(|(_, s)| in_check || s.ends_game || is_noisy(pos, s))
            .filter(|(_, s)| {
                // Delta pruning: a capture that cannot bring the score near alpha.
                in_check
                    || s.ends_game
                    || captured(pos, s).map_or(1_000, value) + stand + 200 > alpha
            })
            .map(|(i, s)| (self.order_score(pos, s, None, ply), i))
            .collect();
        order.sort_by_key(|&(score, i)| (std::cmp::Reverse(score), i));
        let mut best = if in_check { -INFINITY } else { stand };
        let mut tried: Vec<(Option<Role>, Option<rules::Move>)> = Vec::new();
        for &(_, i) in &order {
            let step = &steps[i];
            // Out of check, the two best-ordered pushes of each capture are enough to see
            // whether a push spoils it; more would multiply the quiescence tree.
            let part = (step.turn.promotion, step.turn.mv);
            if !in_check && !step.ends_game {
                if tried.iter().filter(|&&p| p == part).count() >= 2 {
                    continue;
                }
                tried.push(part);
            }
            let score = if step.ends_game {
                ended_score(pos, step, ply)
            } else {
                -self.quiesce(&step.after, -beta, -alpha, ply + 1, qdepth + 1)
            };
            if self.aborted {
                return 0;
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        if best == -INFINITY { stand } else { best }
    }
}

/// True when a quiet turn this late in the list is not searched at all near the horizon:
/// with the pushes, an Avalanche node has some 160 turns, most of them the same few moves
/// with pushes that the ordering already ranks poorly.
fn late_move_prunable(depth: i32, searched: usize, in_check: bool) -> bool {
    !in_check && depth <= 3 && searched >= 4 + 4 * (depth * depth) as usize
}

/// How many turns to take off a late quiet turn's depth.
fn late_move_reduction(depth: i32, searched: usize) -> i32 {
    let r = 1 + i32::from(searched >= 8) + i32::from(searched >= 24) + i32::from(depth >= 6);
    r.min(depth - 2)
}

/// The lines of the first `count` turns that have exact scores.
fn lines(turns: &[RootTurn], count: usize) -> Vec<Line> {
    turns
        .iter()
        .take(count)
        .filter(|t| t.score > -INFINITY)
        .map(|t| Line {
            score: t.score,
            pv: t.pv.clone(),
        })
        .collect()
}

/// The root noise of turn number `index` (0 when the limits ask for none).
fn noise(limits: &Limits, index: usize) -> i32 {
    if limits.noise <= 0 {
        return 0;
    }
    let r = splitmix64(limits.seed ^ splitmix64(index as u64 + 1));
    (r % (limits.noise as u64 + 1)) as i32
}

/// A mate score made relative to the node, for storing.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored mate score made relative to the root again.
fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
