//! The search: iterative deepening over whole turns, principal-variation alpha-beta with a
//! transposition table, null-move pruning, and a quiescence search.
//!
//! Why each part is there:
//! - **Whole turns.** The unit of the tree is the turn the rules define: in Avalanche the
//!   promotion choice, the move and the push together. The push is the mover's own
//!   decision, so it belongs to the mover's node; a pawn the push sends to its last rank is
//!   then the opponent's decision (its promotion choice opens the opponent's turn). The two
//!   sudden endings are leaves: a promotion into check wins for its maker, a push that
//!   exposes the pusher's own king loses for the pusher.
//! - **Turns built when searched.** A node asks the rules for its half turns (choice and
//!   move, some 35) and scores every (half turn, push) pair from them; the position after
//!   a whole turn is built only when that turn is searched. Building all of them first (some
//!   160 in an Avalanche middlegame) cost most of the time, when a cut-off often comes at
//!   the first turn. In chess, where a move is a whole turn, a node asks for its legal
//!   moves alone and builds the position after one only when it is searched.
//! - **Iterative deepening** gives a usable turn at any moment, so the time limit can cut
//!   the search off, and fills the table with good first turns for the next depth. From
//!   depth 4 each iteration starts with an **aspiration window** around the last score:
//!   in chess ±25 cp, widened on the side the score falls out of by 25, 50, 100, … cp
//!   until it holds; in Avalanche ±40 cp, opened at once.
//! - **PVS** searches the first (best-ordered) turn with a full window and the rest with a
//!   null window, re-searching only when one of them surprises. The principal variation is
//!   collected in a triangular table, and the table never cuts a PV node short, so the
//!   whole line reaches the GUI.
//! - **Move ordering** (table turn, winning endings, captures that do not lose material by
//!   most valuable victim, promotions, killers, history, then captures that lose material)
//!   is what lets alpha-beta cut; with about 160 turns a node in Avalanche it matters more
//!   than anywhere. The push is scored with its move: pushes that hand the opponent a
//!   promotion or make an enemy pawn attack one of the pusher's pieces are tried late, and
//!   one that makes it attack the pusher's king (a loss) last. In chess a cut-off raises
//!   its quiet move's history and lowers that of the quiet moves tried before it, each
//!   step smaller the nearer the score is to its bound; so does a second history, of the
//!   quiet move (piece and square) one, two and four plies after the moves before it (the
//!   continuation history), which the ordering adds to the first.
//! - **Static exchange evaluation** (the `see` module) tells captures that lose material.
//!   In chess, near the horizon, a turn that loses too much on its square by it is not
//!   tried at all (SEE pruning).
//! - **Null-move pruning**: where the side to move is so far ahead that even passing keeps
//!   it above beta in a search three or more turns shallower, the node is cut. In Avalanche
//!   a pass still pushes, since every turn does and the push is often what hurts: the pass
//!   makes the cheapest push, and is not tried when every push costs something (a pawn sent
//!   to promote or onto a piece), which is Avalanche's zugzwang. Nor in check, with a
//!   promotion pending, on the principal variation, or without pieces besides pawns.
//!   In chess the pass is reduced more the deeper the node and the further the static
//!   score is above beta, and not tried where the table's upper bound is below beta: a
//!   search found nothing to reach beta there, and a pass seldom does.
//! - **Reverse futility** (chess only): a node near the horizon whose static score is
//!   above beta by a margin for each turn left is cut without searching. It answers
//!   halfway between the static score and beta, not the static score: a guess that far
//!   above beta, handed up the tree (the node above stores it as its upper bound),
//!   overstated what the node holds.
//! - **Futility**: near the horizon (two turns in Avalanche, five in chess), quiet turns
//!   are not tried where the static score is too far below alpha for them to help.
//! - **Late-move reductions and pruning** search the quiet turns at the end of the list
//!   less deeply, and near the horizon not at all; without them the Avalanche branching
//!   factor leaves the search very shallow.
//! - **Check extension** keeps forcing lines, mates in particular, inside the horizon; in
//!   chess only for checks that do not lose material on their square (SEE), since a check
//!   that gives a piece away is seldom the forcing line.
//! - **Singular extension** (chess): a table turn that every other turn falls well short of
//!   in a shallower search (the table turn left out) is searched a turn deeper; if another
//!   turn reaches beta even without it, the node is cut (multi-cut).
//! - **Quiescence** follows captures that do not lose material, promotions and the sudden
//!   endings until the position is quiet, so the evaluation is never asked about a piece
//!   that is about to be taken; each capture with its cheapest push. In check it tries
//!   every turn. A pending promotion is looked at (it may win at once). In chess it takes
//!   the table's bounds and its turn first, as the main search does.
//! - **A cache of static scores** by position key: iterative deepening, re-searches and
//!   transpositions ask for the same positions' evaluations again and again.
//! - **The network's layers by ply** (standard chess and Chess960, evaluated by the network
//!   of `eval::net`): a node's hidden layers are brought from its parent's with the rows of
//!   the two to four men its turn changed, rather than summed from every man.
//! - **Repetitions, the fifty-move rule and insufficient material** are draws in the tree
//!   too, with the game's own history taken into account.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rules::{Color, Game, HalfTurn, Move, MoveList, Position, Push, Role, Turn, TurnStep};

use crate::eval::net::{Accumulator, Net};
use crate::eval::{Packed, PawnCache, Weights, value};
use crate::see::{see, takes_up_or_even};
use crate::tt::{Bound, Entry, Table};
use crate::zobrist::{hash, hash_after, splitmix64};

/// The score of a mate now; a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this (either sign) are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INFINITY: i32 = MATE + 1;
/// The deepest iteration and the deepest ply (search plus quiescence).
pub const MAX_DEPTH: u32 = 64;
const MAX_PLY: usize = 128;
/// How many of a node's turns are picked one by one before the rest are sorted.
const SELECTED: usize = 4;
/// The most slots of the cache of static scores (1 MB).
const EVAL_CACHE_SIZE: usize = 1 << 16;
/// The pawn cache's slots, as a power of two: a search meets a few thousand pawn structures.
const PAWN_CACHE_BITS: u32 = 13;
/// How many nodes pass between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 256;
/// The bound of a quiet move's history score.
const HISTORY_MAX: i32 = 16_384;
/// How many plies back the continuation history looks for the move a quiet move follows.
const FOLLOW_UP_PLIES: [usize; 3] = [1, 2, 4];
/// The static score of a node in check, where there is none.
const NO_EVAL: i32 = -INFINITY;

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
        mate_in(self.score)
    }
}

/// Moves to mate that `score` means (positive: the side to move mates), when it is a mate
/// score.
pub fn mate_in(score: i32) -> Option<i32> {
    if score > MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        Some(-(MATE + score + 1) / 2)
    } else {
        None
    }
}

/// The engine: its settings only, so one value can serve any number of threads at once
/// (`Send + Sync`); each search builds its own tables, unless it is given the [`Memory`]
/// of the game's earlier searches ([`Engine::search_remembering`]).
#[derive(Clone, Debug)]
pub struct Engine {
    table_bits: u32,
    weights: Arc<Weights>,
    /// The same weights as the search evaluates with them.
    packed: Arc<Packed>,
    /// The network that evaluates standard chess and Chess960; without one, the linear
    /// evaluation does.
    net: Option<Arc<Net>>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// An engine with a transposition table of 2^18 entries (about 6 MB) per search.
    pub fn new() -> Engine {
        Engine::with_table_bits(18)
    }

    /// An engine whose searches use a table of `2^bits` entries (8 ≤ bits ≤ 26).
    pub fn with_table_bits(bits: u32) -> Engine {
        warm_up();
        let weights = Weights::builtin();
        Engine {
            table_bits: bits.clamp(8, 26),
            packed: Arc::new(Packed::new(&weights)),
            weights: Arc::new(weights),
            net: Some(Net::builtin()),
        }
    }

    /// This engine evaluating with `weights` instead of the built-in ones.
    pub fn with_weights(self, weights: Weights) -> Engine {
        Engine {
            packed: Arc::new(Packed::new(&weights)),
            weights: Arc::new(weights),
            ..self
        }
    }

    /// This engine evaluating standard chess and Chess960 with `net` (one trained by
    /// `nadare tune net`) instead of the built-in network.
    pub fn with_net(self, net: Net) -> Engine {
        Engine {
            net: Some(Arc::new(net)),
            ..self
        }
    }

    /// This engine evaluating standard chess and Chess960 with the linear evaluation of
    /// its weights, as it evaluates the Avalanche family, instead of a network.
    pub fn linear(self) -> Engine {
        Engine { net: None, ..self }
    }

    /// The weights this engine evaluates with.
    pub fn weights(&self) -> &Weights {
        &self.weights
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
        self.search_remembering(&mut self.memory(), game, limits, stop, info)
    }

    /// A fresh [`Memory`] of this engine's table size, for the searches of one game.
    pub fn memory(&self) -> Memory {
        Memory {
            table: Table::new(self.table_bits),
            history: Vec::new(),
            follow_ups: Vec::new(),
        }
    }

    /// As [`Engine::search_with_info`], starting from what the game's earlier searches left
    /// in `memory` and leaving this one's there for the next.
    pub fn search_remembering(
        &self,
        memory: &mut Memory,
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
        let mut searcher = self.searcher(&mut memory.table, history, start, limits, stop);
        // A finished game's score: won, lost (mate 0) or drawn for the side to move.
        let over = game.outcome().map(|o| match o.winner {
            Some(winner) if winner == root.side_to_move() => MATE,
            Some(_) => -MATE,
            None => 0,
        });
        // In chess the histories carry over too (in Avalanche they only grow, so they start
        // afresh).
        let chess = !root.variant().rules().push;
        if chess && !memory.follow_ups.is_empty() {
            searcher.history = std::mem::take(&mut memory.history);
            searcher.follow_ups = std::mem::take(&mut memory.follow_ups);
        }
        let result = searcher.iterate(&root, over, limits, info);
        if chess {
            memory.history = searcher.history;
            memory.follow_ups = searcher.follow_ups;
        }
        result
    }

    /// A search's state, before its first node.
    fn searcher<'a>(
        &'a self,
        table: &'a mut Table,
        path: Vec<u64>,
        start: Instant,
        limits: &Limits,
        stop: &'a AtomicBool,
    ) -> Searcher<'a> {
        let cache_size = table.size().min(EVAL_CACHE_SIZE);
        Searcher {
            table,
            eval_cache: vec![(0, 0); cache_size],
            pawn_cache: PawnCache::new(PAWN_CACHE_BITS),
            packed: &self.packed,
            net: self.net.as_deref(),
            accumulators: self
                .net
                .as_ref()
                .map(|net| vec![net.empty(); MAX_PLY + 2])
                .unwrap_or_default(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            seldepth: 0,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![[0; 64]; 64],
            evals: vec![NO_EVAL; MAX_PLY + 2],
            played: vec![None; MAX_PLY + 2],
            excluded: vec![None; MAX_PLY + 2],
            follow_ups: Vec::new(),
            orthodox: true,
            path,
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
            known_check: None,
        }
    }

    /// The quiescence search's score of `pos` for the side to move (captures, promotions
    /// and sudden endings followed until the position is quiet), with no history before it.
    pub(crate) fn quiescence(&self, pos: &Position) -> i32 {
        let stop = AtomicBool::new(false);
        // Quiescence looks the table up only to order turns: a small one will do.
        let limits = Limits::default();
        let mut table = Table::new(8);
        let mut searcher = self.searcher(&mut table, Vec::new(), Instant::now(), &limits, &stop);
        searcher.set_variant(pos);
        searcher.quiesce(pos, hash(pos), -INFINITY, INFINITY, 0, 0)
    }

    /// The static evaluation of `pos` for the side to move, as the search sees it.
    pub(crate) fn static_eval(&self, pos: &Position) -> i32 {
        match &self.net {
            Some(net) if !pos.variant().rules().push => net.evaluate(pos),
            _ => self.weights.evaluate(pos),
        }
    }
}

/// Builds the rules' attack tables, which are made on first use (a quarter of a second),
/// so that the first search's clock is not spent on them.
fn warm_up() {
    if let Ok(pos) = Position::new_game(rules::Variant::Standard, None) {
        std::hint::black_box(pos.is_check());
    }
}

/// How one pass over the root turns ended.
enum RootPass {
    /// Every turn searched within the window.
    Done,
    /// The time or node limit, or the stop flag, cut it off.
    Aborted,
    /// No turn reached the window's low end.
    Low,
    /// A turn reached the window's high end.
    High,
}

/// Half the width of the aspiration window in Avalanche, in centipawns.
const ASPIRATION: i32 = 40;
/// Half the width of the first aspiration window in chess, and its first widening step.
const CHESS_ASPIRATION: i32 = 25;

/// One root turn between iterations.
struct RootTurn {
    step: TurnStep,
    noise: i32,
    /// The score of the last search that gave it an exact one, else `-INFINITY`.
    score: i32,
    /// Its line from that search.
    pv: Vec<Turn>,
}

/// What the searches of one game keep from one turn to the next: the transposition table,
/// so that a search starts from what the last one learnt of the positions ahead (the reply
/// it expected above all). Only the searches of one game should share one.
pub struct Memory {
    table: Table,
    history: Vec<[i32; 64]>,
    follow_ups: Vec<i32>,
}

/// The state of one search.
struct Searcher<'a> {
    table: &'a mut Table,
    /// Static scores by position key (a power of two of slots, always replacing; key 0
    /// marks an empty slot): iterative deepening, re-searches and transpositions evaluate
    /// the same positions again and again, and the evaluation is a third of a node's time.
    eval_cache: Vec<(u64, i32)>,
    /// The sums of the terms of pawns and kings (chess), by pawns and kings.
    pawn_cache: PawnCache,
    packed: &'a Packed,
    /// The engine's network, which evaluates when [`Searcher::orthodox`] (standard chess
    /// and Chess960), if it has one.
    net: Option<&'a Net>,
    /// The network's hidden layers by ply: each node's are brought from its parent's (or
    /// from those the same ply held last), a few rows added and taken away.
    accumulators: Vec<Accumulator>,
    /// The triangular table of lines: `pv[ply]` is the best line found from the node at
    /// `ply`, filled from `pv[ply + 1]` whenever a turn raises alpha.
    pv: Vec<Vec<Turn>>,
    /// The deepest ply reached.
    seldepth: usize,
    /// Two moves per ply that last cut off there (whatever their push).
    killers: Vec<[Option<Move>; 2]>,
    /// How often a quiet move (from, to) cut off; in chess, less how often it was tried
    /// before one that did, kept within ±[`HISTORY_MAX`].
    history: Vec<[i32; 64]>,
    /// The static score of the node at each ply of the current line ([`NO_EVAL`] in check).
    evals: Vec<i32>,
    /// The turn played at each ply of the current line, as [`Played`] (none for a pass).
    played: Vec<Option<Played>>,
    /// The table turn left out at each ply while the search checks whether it is singular.
    excluded: Vec<Option<Turn>>,
    /// In chess: how often a quiet move ([`Played`]) cut off one, two and four plies after
    /// another, within ±[`HISTORY_MAX`] (continuation history); 768 × 768 scores.
    follow_ups: Vec<i32>,
    /// True in variants without pushes (standard chess, Chess960): the pruning below that
    /// was measured only there applies only there.
    orthodox: bool,
    /// Keys of the game's positions before the root and of the current line.
    path: Vec<u64>,
    nodes: u64,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stop: &'a AtomicBool,
    aborted: bool,
    /// Whether the position handed to the next [`Searcher::search`] or
    /// [`Searcher::quiesce`] is in check, when the caller already knows (a parent finds out
    /// for its check extension): taken by that call before anything else, so that it never
    /// answers for another position.
    known_check: Option<bool>,
}

/// Every legal turn of `pos` with the position after it (the root's turns, all searched).
fn children(pos: &Position) -> Vec<TurnStep> {
    let mut out = Vec::with_capacity(48);
    pos.visit_turns(&mut |step| out.push(step));
    out
}

/// A turn waiting at a node: its half turn (in chess its move), its push and its ordering
/// score. The position after it is built only when it is searched.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    half: usize,
    push: Option<Push>,
    score: i32,
}

/// The turns of a node before any is built. With pushes, the half turns: each holds the
/// position after its move, from which its pushes are scored. In chess, where a move is a
/// whole turn, the legal moves alone: the position after one is built only if it is
/// searched, and a cut-off often comes at the first.
#[expect(
    clippy::large_enum_variant,
    reason = "one lives on the stack of each node; boxing the moves would allocate at every node"
)]
enum Children {
    Halves(Vec<HalfTurn>),
    Moves(MoveList),
}

impl Children {
    /// Every turn of `pos`.
    fn of(pos: &Position) -> Children {
        if pos.variant().rules().push {
            Children::Halves(pos.half_turns())
        } else {
            Children::Moves(pos.legal_moves())
        }
    }

    /// The turns of `pos` that quiescence follows out of check: promotion choices, moves
    /// that promote, and moves onto an enemy piece (so not en passant, which quiescence
    /// has never followed); a promotion choice that wins alone is always kept. In chess
    /// only captures and promotions are generated at all.
    fn noisy(pos: &Position) -> Children {
        let keep = |promotion: Option<Role>, mv: Move| {
            promotion.is_some() || mv.promotion.is_some() || captured(pos, Some(mv)).is_some()
        };
        if pos.variant().rules().push {
            Children::Halves(pos.half_turns_with(keep))
        } else {
            let mut moves = pos.legal_captures();
            moves.retain(|mv| keep(None, *mv));
            Children::Moves(moves)
        }
    }

    fn is_empty(&self) -> bool {
        match self {
            Children::Halves(halves) => halves.is_empty(),
            Children::Moves(moves) => moves.is_empty(),
        }
    }

    /// The whole turn of `candidate` with the position after it.
    fn step(&self, pos: &Position, candidate: &Candidate) -> Option<TurnStep> {
        match self {
            Children::Halves(halves) => halves.get(candidate.half)?.complete(candidate.push),
            Children::Moves(moves) => pos.play_unchecked(*moves.get(candidate.half)?),
        }
    }

    /// The move of `candidate`, if it has one.
    fn mv(&self, candidate: &Candidate) -> Option<Move> {
        match self {
            Children::Halves(halves) => halves.get(candidate.half)?.mv(),
            Children::Moves(moves) => moves.get(candidate.half).copied(),
        }
    }

    /// True when `candidate`'s promotion choice alone wins.
    fn wins(&self, candidate: &Candidate) -> bool {
        match self {
            Children::Halves(halves) => halves.get(candidate.half).is_some_and(HalfTurn::wins),
            Children::Moves(_) => false,
        }
    }
}

/// A move as the continuation history knows it: the piece (colour and role) and where it
/// went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Played(usize);

impl Played {
    /// How many there are: 12 pieces × 64 squares.
    const COUNT: usize = 12 * 64;

    /// The move `mv` in `parent`, if a piece makes it.
    fn of(parent: &Position, mv: Move) -> Option<Played> {
        let piece = parent.piece_at(mv.from)?;
        Some(Played(
            (piece.color.index() * 6 + piece.role.index()) * 64 + mv.to.index(),
        ))
    }
}

/// Moves the best-scored candidate of `list[from..]` to `from`, keeping the earliest of
/// equal ones (so the order, and the search, is the same every time).
fn select_best(list: &mut [Candidate], from: usize) {
    let mut best = from;
    for i in from + 1..list.len() {
        if list[i].score > list[best].score {
            best = i;
        }
    }
    list[from..=best].rotate_right(1);
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

/// The piece `mv` takes in `parent`, if any.
fn captured(parent: &Position, mv: Option<Move>) -> Option<Role> {
    let victim = parent.piece_at(mv?.to)?;
    (victim.color != parent.side_to_move()).then_some(victim.role)
}

/// True when a turn changes material or hands over a promotion: such turns are neither
/// reduced nor pruned.
fn is_noisy(parent: &Position, turn: &Turn) -> bool {
    let mover = parent.side_to_move();
    captured(parent, turn.mv).is_some()
        || turn.mv.is_some_and(|m| m.promotion.is_some())
        || turn.promotion.is_some()
        || turn.push.is_some_and(|p| p.to.rank() == mover.back_rank())
}

/// The ordering cost of a push that makes the pusher's own king attacked by the pushed
/// pawn: the pusher loses at once, so it comes last.
const LOSING_PUSH: i32 = 5_000_000;

/// How much `push` costs its mover, for ordering: sending an enemy pawn to its promotion,
/// or to a square where it attacks one of the mover's pieces (its king: the mover loses).
/// `board` is the position after the mover's move, before or after the push.
fn push_cost(board: &Position, mover: Color, push: Option<Push>) -> i32 {
    let Some(push) = push else {
        return 0;
    };
    if push.to.rank() == mover.back_rank() {
        return 2_000;
    }
    let forward: i8 = if mover == Color::White { -1 } else { 1 };
    // Most pushes attack nothing of the mover's: look at the board only for those that do.
    let pieces = board.color_bb(mover) & !board.role_bb(Role::Pawn);
    let mut cost = 0;
    for df in [-1i8, 1] {
        if let Some(sq) = push.to.offset(df, forward)
            && pieces.contains(sq)
            && let Some(piece) = board.piece_at(sq)
        {
            match piece.role {
                Role::King => return LOSING_PUSH,
                role => cost = cost.max(value(role)),
            }
        }
    }
    cost
}

/// The push a pass makes: the cheapest for the passer, if it has any push; `None` inside
/// when the pass has no push; nothing when every push is costly, for then passing is no
/// guide to what a move would do (the pusher may be in zugzwang).
fn pass_push(pos: &Position, pass: &HalfTurn) -> Option<Option<Push>> {
    let mover = pos.side_to_move();
    if pass.pushes().next().is_none() {
        return Some(None);
    }
    pass.pushes()
        .map(|p| (push_cost(pass.position(), mover, Some(p)), p))
        .filter(|&(cost, _)| cost == 0)
        .map(|(_, p)| Some(p))
        .next()
}

/// True when `color` has a piece besides its king and pawns.
fn has_pieces(pos: &Position, color: Color) -> bool {
    (pos.color_bb(color) & !(pos.role_bb(Role::Pawn) | pos.role_bb(Role::King))).is_nonempty()
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

    /// Sets what depends on the variant of `root`: the pruning measured in chess, and the
    /// network's part in the evaluation.
    fn set_variant(&mut self, root: &Position) {
        self.orthodox = !root.variant().rules().push;
    }

    /// The static score of `pos`, whose key is `key`, at `ply`, from the cache if it is
    /// there.
    fn evaluate(&mut self, pos: &Position, key: u64, ply: usize) -> i32 {
        let slot = (key as usize) & (self.eval_cache.len() - 1);
        if let Some(&(cached, score)) = self.eval_cache.get(slot)
            && cached == key
            && key != 0
        {
            return score;
        }
        let score = match self.net {
            Some(net) if self.orthodox => {
                let (before, rest) = self.accumulators.split_at_mut(ply.min(MAX_PLY + 1));
                match rest.first_mut() {
                    Some(acc) => {
                        net.bring(acc, before.last(), pos);
                        net.output(acc, pos.side_to_move())
                    }
                    None => net.evaluate(pos),
                }
            }
            _ => self.packed.evaluate(pos, &mut self.pawn_cache),
        };
        if let Some(cell) = self.eval_cache.get_mut(slot) {
            *cell = (key, score);
        }
        score
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
            t.score = self.root_order(root, &t.step);
        }
        turns.sort_by_key(|t| std::cmp::Reverse(t.score));
        for t in &mut turns {
            t.score = -INFINITY;
            t.pv = vec![t.step.turn];
        }
        result.best = turns.first().map(|t| t.step.turn);
        result.pv = result.best.into_iter().collect();
        self.set_variant(root);
        if self.orthodox && self.follow_ups.is_empty() {
            self.follow_ups = vec![0; Played::COUNT * Played::COUNT];
        }
        let root_key = hash(root);
        self.path.push(root_key);
        let multipv = limits.multipv.clamp(1, turns.len());
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        // Aspiration: from depth 4, a window around the last score, widened on the side
        // where the score falls out of it; in chess step by step, each step twice the one
        // before, in Avalanche at once.
        let (half_window, first_step) = if self.orthodox {
            (CHESS_ASPIRATION, CHESS_ASPIRATION)
        } else {
            (ASPIRATION, INFINITY)
        };
        for depth in 1..=max_depth {
            let mut window = (-INFINITY, INFINITY);
            if depth >= 4 && multipv == 1 && limits.noise <= 0 && result.score.abs() < MATE_BOUND {
                window = (result.score - half_window, result.score + half_window);
            }
            let mut step = first_step;
            let completed = loop {
                match self.search_root(root, &mut turns, depth as i32, multipv, window) {
                    RootPass::Done => break true,
                    RootPass::Aborted => break false,
                    RootPass::Low => window.0 = window.0.saturating_sub(step).max(-INFINITY),
                    RootPass::High => window.1 = window.1.saturating_add(step).min(INFINITY),
                }
                step = step.saturating_mul(2);
            };
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

    /// One pass over the root turns within the window (`low`, `high`); sorts `turns` best
    /// first, the first `multipv` of them with exact scores when it is done.
    fn search_root(
        &mut self,
        root: &Position,
        turns: &mut [RootTurn],
        depth: i32,
        multipv: usize,
        (low, high): (i32, i32),
    ) -> RootPass {
        let in_check = root.is_check();
        // The exact scores found so far, best first: alpha is the `multipv`-th of them,
        // and at least the window's low end.
        let mut exact: Vec<i32> = Vec::with_capacity(turns.len());
        for i in 0..turns.len() {
            let alpha = exact
                .get(multipv - 1)
                .copied()
                .unwrap_or(-INFINITY)
                .max(low);
            let noise = turns[i].noise;
            self.pv[1].clear();
            let raw = if turns[i].step.ends_game {
                ended_score(root, &turns[i].step, 0)
            } else {
                let after = &turns[i].step.after;
                self.played[0] = turns[i].step.turn.mv.and_then(|m| Played::of(root, m));
                self.path.push(hash(after));
                let ext = i32::from(after.is_check() && !in_check);
                let child_depth = depth - 1 + ext;
                let (a, b) = (alpha - noise, high - noise);
                let raw = if i == 0 || alpha == -INFINITY {
                    -self.search(after, child_depth, -b, -a, 1, true)
                } else {
                    let mut s = -self.search(after, child_depth, -a - 1, -a, 1, true);
                    if s > a && !self.aborted {
                        s = -self.search(after, child_depth, -b, -a, 1, true);
                    }
                    s
                };
                self.path.pop();
                raw
            };
            if self.aborted {
                // Keep the turns searched so far in front, best first.
                turns[..i].sort_by_key(|t| std::cmp::Reverse(t.score));
                return RootPass::Aborted;
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
            if score >= high {
                // Above the window: this turn goes first, and the iteration is searched
                // again with the window open above.
                turns[..=i].sort_by_key(|t| std::cmp::Reverse(t.score));
                return RootPass::High;
            }
        }
        if exact.is_empty() && low > -INFINITY {
            return RootPass::Low;
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
        RootPass::Done
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

    /// The ordering score of a turn's promotion choice and move, before its push: higher
    /// is tried first. Captures that win or trade material come first (most valuable
    /// victim, then least valuable attacker), then promotions, the killers, the quiet moves
    /// by history, and last the captures that lose material.
    fn move_score(
        &self,
        parent: &Position,
        promotion: Option<Role>,
        mv: Option<Move>,
        ply: usize,
    ) -> i32 {
        let mut score = promotion.map_or(0, value);
        let Some(mv) = mv else {
            return score;
        };
        if let Some(victim) = captured(parent, Some(mv)) {
            let attacker = parent.piece_at(mv.from).map(|p| p.role);
            let worth = attacker.map_or(0, value);
            let exchange = if attacker.is_some_and(|a| takes_up_or_even(a, victim)) {
                0
            } else {
                see(parent, mv)
            };
            score += if exchange >= 0 {
                1_000_000 + 10 * value(victim) - worth / 10
            } else {
                -100_000 + exchange
            };
        } else if let Some(role) = mv.promotion {
            score += 900_000 + value(role);
        } else if self.killers[ply.min(MAX_PLY)].contains(&Some(mv)) {
            score += 800_000;
        } else {
            score += self.history[mv.from.index()][mv.to.index()].min(700_000);
            if self.orthodox
                && let Some(now) = Played::of(parent, mv)
            {
                for back in FOLLOW_UP_PLIES {
                    if let Some(i) = self.follow_up(ply, back, now)
                        && let Some(h) = self.follow_ups.get(i)
                    {
                        score += h;
                    }
                }
            }
        }
        score
    }

    /// The ordering score of a root turn.
    fn root_order(&self, root: &Position, step: &TurnStep) -> i32 {
        if step.ends_game {
            return ended_score(root, step, 0).signum() * 5_000_000;
        }
        self.move_score(root, step.turn.promotion, step.turn.mv, 0)
            - push_cost(&step.after, root.side_to_move(), step.turn.push)
    }

    /// The turns of `children` as candidates, scored; in quiescence (`quiet_too` false)
    /// only the captures, promotions and promotion choices, each with its cheapest push.
    fn candidates(
        &self,
        pos: &Position,
        children: &Children,
        table_turn: Option<Turn>,
        ply: usize,
        quiet_too: bool,
    ) -> Vec<Candidate> {
        let halves = match children {
            Children::Halves(halves) => halves,
            Children::Moves(moves) => {
                return self.move_candidates(pos, moves, table_turn, ply, quiet_too);
            }
        };
        let mut out = Vec::with_capacity(halves.len() * 4);
        for (i, half) in halves.iter().enumerate() {
            if half.wins() {
                out.push(Candidate {
                    half: i,
                    push: None,
                    score: 5_000_000,
                });
                continue;
            }
            let noisy = captured(pos, half.mv()).is_some()
                || half.mv().is_some_and(|m| m.promotion.is_some())
                || half.promotion().is_some();
            if !quiet_too && !noisy {
                continue;
            }
            let base = self.move_score(pos, half.promotion(), half.mv(), ply);
            if !quiet_too && base < 0 && half.promotion().is_none() {
                // A capture that loses material: not worth following in quiescence.
                continue;
            }
            let first = out.len();
            let mover = pos.side_to_move();
            let mut turn = Turn {
                promotion: half.promotion(),
                mv: half.mv(),
                push: None,
            };
            let score = |turn: &Turn| {
                if table_turn == Some(*turn) {
                    10_000_000
                } else {
                    base - push_cost(half.position(), mover, turn.push)
                }
            };
            let mut pushes = half.pushes().peekable();
            if pushes.peek().is_none() {
                out.push(Candidate {
                    half: i,
                    push: None,
                    score: score(&turn),
                });
                continue;
            }
            for push in pushes {
                turn.push = Some(push);
                out.push(Candidate {
                    half: i,
                    push: Some(push),
                    score: score(&turn),
                });
            }
            if !quiet_too {
                // The cheapest push alone: whether a push spoils the capture is for the
                // main search to find; trying more multiplied the quiescence tree.
                let mine = &mut out[first..];
                mine.sort_by_key(|c| std::cmp::Reverse(c.score));
                out.truncate(first + 1);
            }
        }
        out
    }

    /// [`Searcher::candidates`] in chess, where every turn is a move alone.
    fn move_candidates(
        &self,
        pos: &Position,
        moves: &MoveList,
        table_turn: Option<Turn>,
        ply: usize,
        quiet_too: bool,
    ) -> Vec<Candidate> {
        let mut out = Vec::with_capacity(moves.len());
        for (i, &mv) in moves.iter().enumerate() {
            if !quiet_too && captured(pos, Some(mv)).is_none() && mv.promotion.is_none() {
                continue;
            }
            let base = self.move_score(pos, None, Some(mv), ply);
            if !quiet_too && base < 0 {
                // A capture that loses material: not worth following in quiescence.
                continue;
            }
            let turn = Turn {
                promotion: None,
                mv: Some(mv),
                push: None,
            };
            out.push(Candidate {
                half: i,
                push: None,
                score: if table_turn == Some(turn) {
                    10_000_000
                } else {
                    base
                },
            });
        }
        out
    }

    /// The negamax search of `pos` to `depth` turns, window (`alpha`, `beta`); `null` when a
    /// pass may be tried.
    fn search(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        null: bool,
    ) -> i32 {
        let known_check = self.known_check.take();
        if let Some(line) = self.pv.get_mut(ply) {
            line.clear();
        }
        if pos.halfmove_clock() >= 100 || pos.is_insufficient_material() || self.is_repetition(pos)
        {
            return 0;
        }
        let key = self.path.last().copied().unwrap_or_else(|| hash(pos));
        if depth <= 0 || ply >= MAX_PLY {
            self.known_check = known_check;
            return self.quiesce(pos, key, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.should_stop() {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let entry = self.table.probe(key);
        let excluded = self.excluded.get(ply).copied().flatten();
        // No cut-off from the table on the principal variation: it would cut its line short.
        if let Some(e) = entry
            && e.depth >= depth
            && !pv_node
            && excluded.is_none()
            && let Some(score) = table_cutoff(&e, ply, alpha, beta)
        {
            return score;
        }
        let in_check = known_check.unwrap_or_else(|| pos.is_check());
        let static_eval = if in_check {
            NO_EVAL
        } else {
            self.evaluate(pos, key, ply)
        };
        if let Some(slot) = self.evals.get_mut(ply) {
            *slot = static_eval;
        }
        // Better than two plies ago, when the same side was to move: less likely to fail low.
        let improving = !in_check
            && ply >= 2
            && self
                .evals
                .get(ply - 2)
                .is_some_and(|&e| e == NO_EVAL || static_eval > e);
        let calm = !in_check && beta.abs() < MATE_BOUND && pos.pending_promotion().is_none();
        // Reverse futility: so far above beta that no reply near the horizon brings it back.
        // The answer is tempered toward beta: the static score is a guess.
        if self.orthodox
            && calm
            && !pv_node
            && excluded.is_none()
            && depth <= 6
            && static_eval - 80 * (depth - i32::from(improving)) >= beta
        {
            return (static_eval + beta) / 2;
        }
        if null
            && excluded.is_none()
            && calm
            && !pv_node
            && depth >= 3
            && static_eval >= beta
            && !(self.orthodox
                && entry
                    .is_some_and(|e| e.bound == Bound::Upper && from_table(e.score, ply) < beta))
            && has_pieces(pos, pos.side_to_move())
            && let Some(score) = self.try_pass(pos, depth, beta, static_eval, ply)
        {
            return score;
        }
        let children = Children::of(pos);
        if children.is_empty() {
            return if in_check { -(MATE - ply as i32) } else { 0 };
        }
        let table_turn = entry.and_then(|e| e.best);
        // Singular extension (chess): a table turn that scored well at nearly this depth is
        // searched a turn deeper if every other turn falls well short of it in a shallower
        // search; if one reaches above beta even without it, the node is cut.
        let singular = entry.filter(|e| {
            self.orthodox
                && depth >= 7
                && excluded.is_none()
                && e.depth >= depth - 3
                && e.bound != Bound::Upper
                && e.score.abs() < MATE_BOUND
        });
        let mut order = self.candidates(pos, &children, table_turn, ply, true);
        // Futility: near the horizon, quiet turns cannot lift a hopeless static score.
        let futile = !in_check && alpha.abs() < MATE_BOUND && {
            if self.orthodox {
                depth <= 5 && static_eval + 90 * depth + 60 <= alpha
            } else {
                depth <= 2 && static_eval + 120 * depth + 80 <= alpha
            }
        };
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_turn = None;
        let mut searched = 0;
        // The quiet moves tried before a cut-off, to lower their history.
        let mut quiets_tried: Vec<Move> = Vec::new();
        for n in 0..order.len() {
            // The first few are picked one by one (a cut-off often comes at once), the
            // rest sorted in one go.
            match n.cmp(&SELECTED) {
                std::cmp::Ordering::Less => select_best(&mut order, n),
                std::cmp::Ordering::Equal => order[n..].sort_by_key(|c| std::cmp::Reverse(c.score)),
                std::cmp::Ordering::Greater => {}
            }
            let candidate = order[n];
            let Some(step) = children.step(pos, &candidate) else {
                continue;
            };
            if excluded == Some(step.turn) {
                continue;
            }
            if let Some(line) = self.pv.get_mut(ply + 1) {
                line.clear();
            }
            let noisy = is_noisy(pos, &step.turn);
            let score = if step.ends_game {
                ended_score(pos, &step, ply)
            } else {
                let gives_check = step.after.is_check();
                let quiet = !noisy && !gives_check;
                if quiet
                    && searched > 0
                    && (futile || late_move_prunable(depth, searched, in_check))
                {
                    continue;
                }
                // SEE pruning (chess): near the horizon, a turn that loses material on its
                // square (a capture more than a pawn a turn left, a quiet move more than
                // about a third of a pawn a turn left, squared) is not tried.
                if self.orthodox
                    && searched > 0
                    && !in_check
                    && !gives_check
                    && depth <= 6
                    && let Some(mv) = step.turn.mv
                    && mv.promotion.is_none()
                {
                    let limit = if noisy {
                        -100 * depth
                    } else {
                        -30 * depth * depth
                    };
                    if see(pos, mv) < limit {
                        continue;
                    }
                }
                // The exchange is looked at last: only for checks that would be extended.
                let mut ext = i32::from(
                    gives_check
                        && ply < 2 * depth as usize + 4
                        && (!self.orthodox || step.turn.mv.is_none_or(|mv| see(pos, mv) >= 0)),
                );
                if let Some(e) = singular
                    && ext == 0
                    && e.best == Some(step.turn)
                {
                    let s_beta = from_table(e.score, ply) - 2 * depth;
                    if let Some(slot) = self.excluded.get_mut(ply) {
                        *slot = Some(step.turn);
                    }
                    let s = self.search(pos, (depth - 1) / 2, s_beta - 1, s_beta, ply, false);
                    if let Some(slot) = self.excluded.get_mut(ply) {
                        *slot = None;
                    }
                    if self.aborted {
                        return 0;
                    }
                    if s < s_beta {
                        ext = 1;
                    } else if s_beta >= beta {
                        return s_beta;
                    }
                }
                self.played[ply] = step.turn.mv.and_then(|m| Played::of(pos, m));
                self.path.push(hash_after(key, pos, &step.after));
                let child_depth = depth - 1 + ext;
                let score = if searched == 0 {
                    -self.search_child(&step.after, gives_check, child_depth, -beta, -alpha, ply)
                } else {
                    let reduction =
                        if depth >= 3 && searched >= 3 && !in_check && !noisy && ext == 0 {
                            late_move_reduction(depth, searched)
                        } else {
                            0
                        };
                    let mut s = -self.search_child(
                        &step.after,
                        gives_check,
                        child_depth - reduction,
                        -alpha - 1,
                        -alpha,
                        ply,
                    );
                    if s > alpha && reduction > 0 && !self.aborted {
                        s = -self.search_child(
                            &step.after,
                            gives_check,
                            child_depth,
                            -alpha - 1,
                            -alpha,
                            ply,
                        );
                    }
                    if s > alpha && s < beta && !self.aborted {
                        s = -self.search_child(
                            &step.after,
                            gives_check,
                            child_depth,
                            -beta,
                            -alpha,
                            ply,
                        );
                    }
                    s
                };
                self.path.pop();
                score
            };
            searched += 1;
            if self.aborted {
                return 0;
            }
            if self.orthodox
                && !noisy
                && let Some(mv) = step.turn.mv
            {
                quiets_tried.push(mv);
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
                if !noisy && let Some(mv) = step.turn.mv {
                    let slot = &mut self.killers[ply.min(MAX_PLY)];
                    if slot[0] != Some(mv) {
                        slot[1] = slot[0];
                        slot[0] = Some(mv);
                    }
                    self.reward(pos, ply, mv, &quiets_tried, depth);
                }
                break;
            }
        }
        if best_turn.is_none() {
            // Every turn was pruned as futile: the static score stands for them.
            return alpha;
        }
        if excluded.is_some() {
            return best_score;
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

    /// [`Searcher::search`] of `after`, the position after a turn of the node at `ply`, in
    /// check when `gives_check` (as the node found out for its extension); a pass allowed.
    fn search_child(
        &mut self,
        after: &Position,
        gives_check: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.known_check = Some(gives_check);
        self.search(after, depth, alpha, beta, ply + 1, true)
    }

    /// Records that the quiet move `mv` cut off at `depth` after the quiet moves `tried`
    /// (itself among them). In chess the others' history is lowered, each step smaller the
    /// nearer the score is to its bound; in Avalanche, where the same move comes back with
    /// every push, the move's history only grows (capped when read).
    fn reward(&mut self, pos: &Position, ply: usize, mv: Move, tried: &[Move], depth: i32) {
        if !self.orthodox {
            self.history[mv.from.index()][mv.to.index()] += depth * depth;
            return;
        }
        // A step of a twentieth of the bound at depth 5, a tenth at most (as Ethereal scales
        // it): with depth² alone the scores stayed within a few hundred, far inside the
        // bound, where its pull never acted and what cut off long ago counted as much as
        // what cuts off now.
        let bonus = (16 * depth * depth + 128 * (depth - 1).max(0)).min(1_536);
        let gravity = |h: &mut i32, change: i32| *h += change - *h * change.abs() / HISTORY_MAX;
        for other in tried {
            let change = if *other == mv { bonus } else { -bonus };
            gravity(
                &mut self.history[other.from.index()][other.to.index()],
                change,
            );
            let Some(now) = Played::of(pos, *other) else {
                continue;
            };
            for back in FOLLOW_UP_PLIES {
                if let Some(i) = self.follow_up(ply, back, now)
                    && let Some(h) = self.follow_ups.get_mut(i)
                {
                    gravity(h, change);
                }
            }
        }
    }

    /// The move played `back` plies before the node at `ply`, if any (not a pass).
    fn before(&self, ply: usize, back: usize) -> Option<Played> {
        self.played.get(ply.checked_sub(back)?).copied().flatten()
    }

    /// The index in [`Searcher::follow_ups`] of `now` played `back` plies after another
    /// move, at the node at `ply`.
    fn follow_up(&self, ply: usize, back: usize, now: Played) -> Option<usize> {
        Some(self.before(ply, back)?.0 * Played::COUNT + now.0)
    }

    /// Null-move pruning: if passing (and, in Avalanche, still making the cheapest push)
    /// keeps the score at or above `beta` in a reduced search, a move would too, and the
    /// node is cut. Not tried when every push of the pass is costly: being forced to push
    /// is Avalanche's zugzwang, which a pass would hide. Gives the cut-off score, if any.
    fn try_pass(
        &mut self,
        pos: &Position,
        depth: i32,
        beta: i32,
        static_eval: i32,
        ply: usize,
    ) -> Option<i32> {
        let pass = pos.pass();
        let step = pass.complete(pass_push(pos, &pass)?)?;
        if step.ends_game {
            return None;
        }
        let reduction = if self.orthodox {
            3 + depth / 3 + ((static_eval - beta) / 200).min(2)
        } else {
            3 + depth / 6
        };
        self.played[ply] = None;
        self.path.push(hash(&step.after));
        let score = -self.search(
            &step.after,
            depth - 1 - reduction,
            -beta,
            -beta + 1,
            ply + 1,
            false,
        );
        self.path.pop();
        if self.aborted || score < beta {
            return None;
        }
        // A mate found after a pass is not one the position has.
        Some(if score > MATE_BOUND { beta } else { score })
    }

    /// Quiescence: captures, promotions and sudden endings until the position is quiet.
    fn quiesce(
        &mut self,
        pos: &Position,
        key: u64,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: u32,
    ) -> i32 {
        let known_check = self.known_check.take();
        if let Some(line) = self.pv.get_mut(ply) {
            line.clear();
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.should_stop() {
            return 0;
        }
        let in_check = known_check.unwrap_or_else(|| pos.is_check());
        // In chess the table answers here too: any stored depth is at least quiescence's,
        // and a position near the horizon was often searched by the iteration before.
        let entry = if self.orthodox {
            self.table.probe(key)
        } else {
            None
        };
        if let Some(score) = entry.and_then(|e| table_cutoff(&e, ply, alpha, beta)) {
            return score;
        }
        let stand = self.evaluate(pos, key, ply);
        if ply >= MAX_PLY || (qdepth >= 6 && !in_check) || qdepth >= 10 {
            return stand;
        }
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let children = if in_check {
            Children::of(pos)
        } else {
            Children::noisy(pos)
        };
        if children.is_empty() {
            return if in_check {
                -(MATE - ply as i32)
            } else {
                stand
            };
        }
        let table_turn = entry.and_then(|e| e.best);
        let mut order = self.candidates(pos, &children, table_turn, ply, in_check);
        if !in_check {
            // Delta pruning: a capture that cannot bring the score near alpha.
            order.retain(|c| {
                children.wins(c)
                    || captured(pos, children.mv(c)).map_or(1_000, value) + stand + 200 > alpha
            });
        }
        order.sort_by_key(|c| std::cmp::Reverse(c.score));
        let mut best = if in_check { -INFINITY } else { stand };
        for candidate in order {
            let Some(step) = children.step(pos, &candidate) else {
                continue;
            };
            let score = if step.ends_game {
                ended_score(pos, &step, ply)
            } else {
                let after_key = hash_after(key, pos, &step.after);
                -self.quiesce(&step.after, after_key, -beta, -alpha, ply + 1, qdepth + 1)
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

/// The score a table entry gives a node at `ply` searched with the window (`alpha`,
/// `beta`), when its bound settles the node: exact, or beyond the window on its side.
fn table_cutoff(e: &Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_table(e.score, ply);
    match e.bound {
        Bound::Exact => Some(score),
        Bound::Lower if score >= beta => Some(score),
        Bound::Upper if score <= alpha => Some(score),
        _ => None,
    }
}

/// True when a quiet turn this late in the list is not searched at all near the horizon:
/// with the pushes, an Avalanche node has some 160 turns, most of them the same few moves
/// with pushes that the ordering already ranks poorly.
fn late_move_prunable(depth: i32, searched: usize, in_check: bool) -> bool {
    !in_check && depth <= 5 && searched >= 4 + 4 * (depth * depth) as usize
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
