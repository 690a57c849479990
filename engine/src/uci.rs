//! The Universal Chess Interface (`nadare uci`), so standard chess GUIs and tournament
//! managers (cutechess-cli, fastchess, Arena) can run the engine, for standard chess and
//! Chess960 (`setoption name UCI_Chess960 value true`), with no bot code behind it.
//!
//! [`serve`] speaks the protocol over any reader and writer, so a test can play the GUI
//! in memory; [`run`] is it on standard input and output. Commands are read on the calling
//! thread while a search runs on its own, so `stop`, `ponderhit` and `isready` are answered
//! at once. A third thread per search watches the clock: the GUI's time is managed here,
//! not by the engine's [`Limits`], because a ponder search only learns its deadline when
//! `ponderhit` arrives.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rules::{Color, Draws, Game, Position, Turn, Variant};

use crate::search::mate_in;
use crate::{Engine, Level, Limits, Memory, SearchResult};

/// A search's score as UCI says it: `mate N` or `cp N`.
pub fn score(result: &SearchResult) -> String {
    score_of(result.score)
}

/// A score as UCI says it.
fn score_of(score: i32) -> String {
    match mate_in(score) {
        Some(n) => format!("mate {n}"),
        None => format!("cp {score}"),
    }
}

/// The options' bounds: the table size in MB and the lines of a multi-line search.
const HASH_MB: (u64, u64, u64) = (16, 1, 1024);
const MULTI_PV: (u64, u64, u64) = (1, 1, 256);
/// Milliseconds kept back from every time budget for the answer to reach the GUI.
const MOVE_OVERHEAD_MS: (u64, u64, u64) = (30, 0, 5000);
/// The playing level, 0 for full strength.
const LEVEL: (u64, u64, u64) = (0, 0, 8);
/// The clock is shared out over this many turns when the GUI does not say (`movestogo`).
const MOVES_TO_GO: u64 = 25;

/// Speaks UCI on standard input and output until `quit` or the end of input.
pub fn run() -> std::io::Result<()> {
    serve(std::io::stdin().lock(), std::io::stdout()).map(drop)
}

/// Speaks UCI, reading commands from `input` and answering on `output`, until `quit` or
/// the end of input; gives the writer back once every search has ended.
pub fn serve<R: BufRead, W: Write + Send + 'static>(mut input: R, output: W) -> std::io::Result<W> {
    let out = Arc::new(Mutex::new(output));
    let mut session = Session {
        out: Arc::clone(&out),
        options: Options::default(),
        game: parse_position(&["startpos"], false),
        search: None,
        searches: 0,
        memory: Arc::new(Mutex::new(None)),
    };
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        let line = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        match std::str::from_utf8(line) {
            Ok(line) => {
                if !session.command(line) {
                    break;
                }
            }
            // A line a GUI garbled is answered as any other bad line is, and the session
            // goes on.
            Err(_) => session.send(&format!(
                "info string not UTF-8, ignored: {}",
                String::from_utf8_lossy(line)
            )),
        }
    }
    session.finish();
    drop(session);
    match Arc::try_unwrap(out) {
        Ok(out) => Ok(out.into_inner().unwrap_or_else(|e| e.into_inner())),
        Err(_) => Err(std::io::Error::other("the output is still in use")),
    }
}

/// Writes one line and flushes it; a GUI that has gone away cannot be told anything more.
fn send<W: Write>(out: &Mutex<W>, line: &str) {
    let mut out = lock(out);
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// Locks `m`, going on with the data even if a thread panicked holding it.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The options a GUI can set.
#[derive(Clone, Debug)]
struct Options {
    hash_mb: u64,
    multipv: u64,
    chess960: bool,
    move_overhead: Duration,
    /// The level to play at (`Level`, 1–8); full strength when none (0).
    level: Option<Level>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: HASH_MB.0,
            multipv: MULTI_PV.0,
            chess960: false,
            move_overhead: Duration::from_millis(MOVE_OVERHEAD_MS.0),
            level: None,
        }
    }
}

/// The session: options, the position set up (or why none is) and the running search.
struct Session<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    options: Options,
    /// The position of the last `position` command, or why it could not be set up.
    game: Result<Game, String>,
    search: Option<Running>,
    /// Searches started, which seed a level's imprecision.
    searches: u64,
    /// What the game's searches so far learnt (its table), made at the first `go` after
    /// `ucinewgame`, `Clear Hash` or a new `Hash`; only the running search uses it.
    memory: Arc<Mutex<Option<Memory>>>,
}

/// A search under way: its threads and what they share with the command loop.
struct Running {
    shared: Arc<Shared>,
    threads: [JoinHandle<()>; 2],
}

/// What the command loop, the search thread and the clock thread share.
struct Shared {
    stop: AtomicBool,
    state: Mutex<State>,
    wake: Condvar,
}

/// How a search may end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// When a limit is reached: answer at once.
    Normal,
    /// `go infinite`: answer only after `stop`, even when the search is over earlier.
    Infinite,
    /// `go ponder`: as infinite until `ponderhit`, then a normal search with the clock.
    Ponder,
}

/// The time a search may use, from the moment it counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Budget {
    /// No new iteration starts after this.
    soft: Option<Duration>,
    /// The search stops here.
    hard: Option<Duration>,
}

/// The changing part of a search's shared state.
struct State {
    mode: Mode,
    budget: Budget,
    /// When the budget started counting: the `go`, or the `ponderhit`.
    since: Instant,
    /// The bestmove has been sent.
    done: bool,
}

impl State {
    /// When `part` of the budget runs out, if it counts yet (not while pondering).
    fn deadline(&self, part: Option<Duration>) -> Option<Instant> {
        match self.mode {
            Mode::Normal => part.map(|d| self.since + d),
            Mode::Infinite | Mode::Ponder => None,
        }
    }
}

/// What a `go` command asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Go {
    limits: Limits,
    infinite: bool,
    ponder: bool,
    movetime: Option<u64>,
    time: [Option<u64>; 2],
    inc: [Option<u64>; 2],
    movestogo: Option<u64>,
    /// Words of the command that were not understood.
    unknown: Vec<String>,
}

impl<W: Write + Send + 'static> Session<W> {
    fn send(&self, line: &str) {
        send(&self.out, line);
    }

    /// Handles one line; false on `quit`. Unknown words before a command are skipped, as
    /// the protocol asks.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let start = words
            .iter()
            .position(|w| COMMANDS.contains(w))
            .unwrap_or(words.len());
        let Some((&command, args)) = words.get(start..).and_then(<[&str]>::split_first) else {
            if !words.is_empty() {
                self.send(&format!("info string unknown command: {line}"));
            }
            return true;
        };
        match command {
            "uci" => self.identify(),
            "isready" => self.send("readyok"),
            "debug" | "register" => {}
            "setoption" => self.set_option(args),
            "ucinewgame" => {
                self.forget();
                // The start position until the GUI sets one (setup 518 in Chess960).
                self.game = parse_position(&["startpos"], self.options.chess960);
            }
            "position" => {
                self.finish();
                self.game = parse_position(args, self.options.chess960);
                if let Err(e) = &self.game {
                    self.send(&format!(
                        "info string position not set up, none is until the next `position`: {e}"
                    ));
                }
            }
            "go" => self.go(args),
            "stop" => self.finish(),
            "ponderhit" => self.ponderhit(),
            _ => return false,
        }
        true
    }

    fn identify(&self) {
        self.send(&format!("id name nadare {}", env!("CARGO_PKG_VERSION")));
        self.send("id author the nadare authors");
        let spin = |name: &str, (default, min, max): (u64, u64, u64)| {
            format!("option name {name} type spin default {default} min {min} max {max}")
        };
        self.send(&spin("Hash", HASH_MB));
        self.send("option name Clear Hash type button");
        // The search runs on one thread.
        self.send(&spin("Threads", (1, 1, 1)));
        self.send(&spin("MultiPV", MULTI_PV));
        self.send(&spin("Move Overhead", MOVE_OVERHEAD_MS));
        self.send(&spin("Level", LEVEL));
        self.send("option name Ponder type check default false");
        self.send("option name UCI_Chess960 type check default false");
        self.send("uciok");
    }

    /// `setoption name NAME [value VALUE]`; a name may have spaces.
    fn set_option(&mut self, args: &[&str]) {
        let Some((&"name", rest)) = args.split_first() else {
            self.send("info string setoption needs `name`");
            return;
        };
        let split = rest
            .iter()
            .position(|&w| w == "value")
            .unwrap_or(rest.len());
        let (name, value) = rest.split_at(split);
        let name = name.join(" ");
        let value = value.get(1..).unwrap_or_default().join(" ");
        let spin = |(_, min, max): (u64, u64, u64)| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|v| (min..=max).contains(v))
                .ok_or_else(|| {
                    format!("{name} must be a whole number from {min} to {max}, not `{value}`")
                })
        };
        let check = || -> Result<bool, String> {
            match value.to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!("{name} must be true or false, not `{value}`")),
            }
        };
        let result = match name.to_ascii_lowercase().as_str() {
            "hash" => spin(HASH_MB).map(|v| {
                self.forget();
                self.options.hash_mb = v;
            }),
            "clear hash" => {
                self.forget();
                Ok(())
            }
            "threads" => spin((1, 1, 1)).map(drop),
            "multipv" => spin(MULTI_PV).map(|v| self.options.multipv = v),
            "move overhead" => spin(MOVE_OVERHEAD_MS)
                .map(|v| self.options.move_overhead = Duration::from_millis(v)),
            "ponder" => check().map(drop),
            "uci_chess960" => check().map(|v| self.options.chess960 = v),
            "level" => spin(LEVEL).map(|v| {
                self.options.level = u8::try_from(v).ok().and_then(Level::new);
            }),
            _ => Err(format!("no option named `{name}`")),
        };
        if let Err(e) = result {
            self.send(&format!("info string {e}"));
        }
    }

    /// Starts a search of the position set up.
    fn go(&mut self, args: &[&str]) {
        self.finish();
        let game = self.game.clone();
        let side = game
            .as_ref()
            .map_or(Color::White, |g| g.position().side_to_move());
        let mut go = parse_go(args);
        if !go.unknown.is_empty() {
            self.send(&format!(
                "info string ignored in go: {}",
                go.unknown.join(" ")
            ));
        }
        go.limits.multipv = self.options.multipv as usize;
        if let Some(level) = self.options.level {
            self.searches += 1;
            go.limits = at_level(go.limits, level, self.searches);
        }
        let mode = if go.ponder {
            Mode::Ponder
        } else if go.infinite {
            Mode::Infinite
        } else {
            Mode::Normal
        };
        let shared = Arc::new(Shared {
            stop: AtomicBool::new(false),
            state: Mutex::new(State {
                mode,
                budget: budget(&go, side, self.options.move_overhead),
                since: Instant::now(),
                done: false,
            }),
            wake: Condvar::new(),
        });
        let engine = Engine::with_hash_megabytes(self.options.hash_mb as usize);
        let searcher = {
            let (shared, out) = (Arc::clone(&shared), Arc::clone(&self.out));
            // A level searches afresh every turn, as the bot's does, so that it is as strong
            // as the level measured.
            let memory = self
                .options
                .level
                .is_none()
                .then(|| Arc::clone(&self.memory));
            std::thread::spawn(move || {
                let mut kept = memory.as_ref().map(|memory| lock(memory));
                let mut fresh = None;
                let memory = match kept.as_deref_mut() {
                    Some(slot) => slot.get_or_insert_with(|| engine.memory()),
                    None => fresh.insert(engine.memory()),
                };
                search(&engine, memory, game, &go.limits, &shared, &out);
            })
        };
        let clock = {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || watch_clock(&shared))
        };
        self.search = Some(Running {
            shared,
            threads: [searcher, clock],
        });
    }

    /// `ponderhit`: the pondered turn was played; the search goes on with the clock.
    fn ponderhit(&self) {
        let Some(running) = &self.search else {
            return;
        };
        let mut state = lock(&running.shared.state);
        if state.mode == Mode::Ponder {
            state.mode = Mode::Normal;
            state.since = Instant::now();
        }
        running.shared.wake.notify_all();
    }

    /// Stops the search under way, if any, and drops what the game's searches learnt: the
    /// next search starts with an empty table.
    fn forget(&mut self) {
        self.finish();
        *lock(&self.memory) = None;
    }

    /// Stops the search under way, if any, and waits for its bestmove.
    fn finish(&mut self) {
        if let Some(running) = self.search.take() {
            running.shared.stop.store(true, Ordering::Relaxed);
            running.shared.wake.notify_all();
            for thread in running.threads {
                let _ = thread.join();
            }
        }
    }
}

/// `limits` as `level` plays: no deeper, no longer and no more precise than it, whatever the
/// GUI allows; `nth`, the session's search count, draws the level's imprecision, so a match
/// of several games does not repeat one game.
fn at_level(limits: Limits, level: Level, nth: u64) -> Limits {
    let own = level.limits(nth);
    let least = |a: Option<u32>, b: Option<u32>| a.into_iter().chain(b).min();
    Limits {
        depth: least(limits.depth, own.depth),
        movetime: limits.movetime.into_iter().chain(own.movetime).min(),
        noise: own.noise,
        seed: own.seed,
        ..limits
    }
}

/// Every command word of the protocol; anything before one on a line is skipped.
pub const COMMANDS: [&str; 11] = [
    "uci",
    "isready",
    "debug",
    "register",
    "setoption",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
];

/// The search thread: searches, waits for `stop` (or `ponderhit`) when the GUI asked
/// it to, then sends the closing lines and the bestmove.
fn search<W: Write>(
    engine: &Engine,
    memory: &mut Memory,
    game: Result<Game, String>,
    limits: &Limits,
    shared: &Shared,
    out: &Mutex<W>,
) {
    let result = game.as_ref().map(|game| {
        let root = game.position().clone();
        engine.search_remembering(memory, game, limits, &shared.stop, &mut |r| {
            report(out, &root, r);
            let state = lock(&shared.state);
            if state
                .deadline(state.budget.soft)
                .is_some_and(|d| Instant::now() >= d)
            {
                shared.stop.store(true, Ordering::Relaxed);
            }
        })
    });
    let mut state = lock(&shared.state);
    while state.mode != Mode::Normal && !shared.stop.load(Ordering::Relaxed) {
        state = shared.wake.wait(state).unwrap_or_else(|e| e.into_inner());
    }
    state.done = true;
    shared.wake.notify_all();
    drop(state);
    match (&game, result) {
        (Ok(game), Ok(result)) => {
            let root = game.position();
            report(out, root, &result);
            let best = result
                .best
                .map_or_else(|| "0000".to_string(), |t| root.turn_to_uci(&t));
            let ponder = match result.pv.as_slice() {
                [first, reply, ..] => root
                    .play(first)
                    .map(|next| format!(" ponder {}", next.turn_to_uci(reply)))
                    .unwrap_or_default(),
                _ => String::new(),
            };
            send(out, &format!("bestmove {best}{ponder}"));
        }
        (_, Err(why)) | (Err(why), _) => {
            send(out, &format!("info string no position to search: {why}"));
            send(out, "bestmove 0000");
        }
    }
}

/// The clock thread: raises the stop flag at the hard deadline, which `ponderhit` may set
/// while it waits; ends with the search.
fn watch_clock(shared: &Shared) {
    let mut state = lock(&shared.state);
    while !state.done && !shared.stop.load(Ordering::Relaxed) {
        match state.deadline(state.budget.hard) {
            Some(deadline) => {
                let now = Instant::now();
                if now >= deadline {
                    shared.stop.store(true, Ordering::Relaxed);
                    break;
                }
                state = shared
                    .wake
                    .wait_timeout(state, deadline - now)
                    .map_or_else(|e| e.into_inner().0, |(s, _)| s);
            }
            None => state = shared.wake.wait(state).unwrap_or_else(|e| e.into_inner()),
        }
    }
}

/// The `info` lines of one iteration, one per line of a multi-line search.
fn report<W: Write>(out: &Mutex<W>, root: &Position, r: &SearchResult) {
    let ms = r.elapsed.as_millis().max(1);
    let nps = u128::from(r.nodes) * 1000 / ms;
    if r.best.is_none() {
        // No legal turn: mated or stalemated.
        send(
            out,
            &format!(
                "info depth 0 score {} nodes {} nps {nps} time {ms}",
                score(r),
                r.nodes
            ),
        );
        return;
    }
    for (k, line) in r.lines.iter().enumerate() {
        send(
            out,
            &format!(
                "info depth {} seldepth {} multipv {} score {} nodes {} nps {nps} time {ms} hashfull {} pv {}",
                r.depth.max(1),
                r.seldepth.max(r.depth),
                k + 1,
                score_of(line.score),
                r.nodes,
                r.hashfull,
                uci_line(root, &line.pv)
            ),
        );
    }
}

/// The turns of `line` from `pos` in UCI.
fn uci_line(pos: &Position, line: &[Turn]) -> String {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for turn in line {
        out.push(pos.turn_to_uci(turn));
        match pos.play(turn) {
            Ok(next) => pos = next,
            Err(_) => break,
        }
    }
    out.join(" ")
}

/// The game a `position` command describes, or why it cannot be set up.
fn parse_position(args: &[&str], chess960: bool) -> Result<Game, String> {
    let variant = if chess960 {
        Variant::Chess960
    } else {
        Variant::Standard
    };
    let (fen, rest) = match args.split_first() {
        Some((&"startpos", rest)) => (rules::STANDARD_START.to_string(), rest),
        Some((&"fen", rest)) => {
            let end = rest
                .iter()
                .position(|&w| w == "moves")
                .unwrap_or(rest.len());
            let (fen, moves) = rest.split_at(end);
            (fen.join(" "), moves)
        }
        _ => return Err("expected `startpos` or `fen`".to_string()),
    };
    let start = Position::from_fen(variant, &fen).map_err(|e| format!("FEN `{fen}`: {e}"))?;
    // The GUI claims or declares draws; the engine answers while a turn is legal.
    let mut game = Game::from_position(start).with_draws(Draws::Claimed);
    match rest.split_first() {
        None => {}
        Some((&"moves", moves)) => {
            for mv in moves {
                game.play_str(mv).map_err(|e| format!("move {mv}: {e}"))?;
            }
        }
        Some((word, _)) => return Err(format!("expected `moves`, not `{word}`")),
    }
    Ok(game)
}

/// What a `go` command asks for.
fn parse_go(args: &[&str]) -> Go {
    let mut go = Go::default();
    let mut words = args.iter();
    while let Some(&word) = words.next() {
        match word {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            _ => {
                let value = words.clone().next().and_then(|w| w.parse::<u64>().ok());
                let slot = match word {
                    "depth" | "mate" | "nodes" => None,
                    "movetime" => Some(&mut go.movetime),
                    "wtime" => Some(&mut go.time[0]),
                    "btime" => Some(&mut go.time[1]),
                    "winc" => Some(&mut go.inc[0]),
                    "binc" => Some(&mut go.inc[1]),
                    "movestogo" => Some(&mut go.movestogo),
                    _ => {
                        go.unknown.push(word.to_string());
                        continue;
                    }
                };
                let Some(value) = value else {
                    go.unknown.push(word.to_string());
                    continue;
                };
                words.next();
                let plies = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
                match (word, slot) {
                    (_, Some(slot)) => *slot = Some(value),
                    ("depth", None) => go.limits.depth = Some(plies(value)),
                    // A mate in N turns is within 2N plies.
                    ("mate", None) => go.limits.depth = Some(plies(value.saturating_mul(2))),
                    (_, None) => go.limits.nodes = Some(value),
                }
            }
        }
    }
    go
}

/// The time a `go` may use for the side to move: all of `movetime` but the overhead; from
/// a clock, a share of what is left (over `movestogo` turns, or [`MOVES_TO_GO`]) and most
/// of the increment as the usual length, stopping the deepening after six tenths of it
/// (the next iteration would rarely finish), and at most three times it or half the clock.
fn budget(go: &Go, side: Color, overhead: Duration) -> Budget {
    let ms = Duration::from_millis;
    if let Some(movetime) = go.movetime {
        return Budget {
            soft: None,
            hard: Some(ms(movetime).saturating_sub(overhead).max(ms(1))),
        };
    }
    let Some(time) = go.time[side.index()] else {
        return Budget::default();
    };
    let left = ms(time).saturating_sub(overhead).max(ms(1));
    let inc = ms(go.inc[side.index()].unwrap_or(0));
    let moves = go.movestogo.unwrap_or(MOVES_TO_GO).clamp(1, MOVES_TO_GO) as u32;
    let usual = (left / moves + inc * 3 / 4).min(left);
    let most = if moves == 1 { left } else { left / 2 };
    let hard = (usual * 3).min(most.max(usual));
    Budget {
        soft: Some((usual * 6 / 10).min(hard)),
        hard: Some(hard),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_with_moves_and_chess960_castling_are_read() {
        let game = parse_position(&["startpos", "moves", "e2e4", "e7e5", "g1f3"], false).unwrap();
        assert_eq!(game.turns().len(), 3);
        let fen = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";
        let mut args = vec!["fen"];
        args.extend(fen.split(' '));
        args.extend(["moves", "b1h1"]);
        let game = parse_position(&args, true).unwrap();
        assert_eq!(game.notations(), vec!["O-O"]);
        assert!(parse_position(&["startpos", "moves", "e2e5"], false).is_err());
        assert!(parse_position(&["startpos", "e2e4"], false).is_err());
    }

    #[test]
    fn go_words_are_read_and_unknown_ones_kept() {
        let go = parse_go(&[
            "wtime", "60000", "btime", "1000", "winc", "1000", "ponder", "depth", "7", "what",
        ]);
        assert_eq!(go.time, [Some(60_000), Some(1_000)]);
        assert_eq!(go.inc, [Some(1_000), None]);
        assert!(go.ponder && !go.infinite);
        assert_eq!(go.limits.depth, Some(7));
        assert_eq!(go.unknown, vec!["what"]);
        assert_eq!(parse_go(&["mate", "2"]).limits.depth, Some(4));
        assert_eq!(parse_go(&["nodes", "x"]).unknown, vec!["nodes", "x"]);
    }

    #[test]
    fn clock_time_is_shared_out() {
        let none = Duration::ZERO;
        let ms = Duration::from_millis;
        // All of movetime but the overhead.
        let go = parse_go(&["movetime", "1000"]);
        assert_eq!(budget(&go, Color::White, ms(30)).hard, Some(ms(970)));
        // 60 s / 25 + 750 ms usual; at most three times that.
        let go = parse_go(&["wtime", "60000", "btime", "1000", "winc", "1000"]);
        let b = budget(&go, Color::White, none);
        assert_eq!(b.hard, Some(ms(3 * 3150)));
        assert_eq!(b.soft, Some(ms(3150 * 6 / 10)));
        // Black's 1 s clock: at most half of it.
        assert_eq!(budget(&go, Color::Black, none).hard, Some(ms(120)));
        // The last turn before the time control may use the whole clock.
        let go = parse_go(&["wtime", "5000", "btime", "5000", "movestogo", "1"]);
        assert_eq!(budget(&go, Color::White, none).hard, Some(ms(5000)));
        assert_eq!(
            budget(&parse_go(&["infinite"]), Color::White, none),
            Budget::default()
        );
    }
}
