//! A scripted GUI session with the UCI front, in memory: the test plays the GUI on one
//! side of two pipes while `engine::uci::serve` runs on a thread of its own, so commands
//! arrive while a search runs, as they do from a real GUI.
//!
//! Turns and lines the engine sends are checked with the rules crate (each played from
//! the position set up), never with the engine's own opinion.

use std::io::{BufReader, Read, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::Duration;

use rules::{Draws, Game, Position, Variant};

/// How long a test waits for a line before it gives up: a hang guard, far above any search
/// the session asks for, not a timing assertion.
const PATIENCE: Duration = Duration::from_secs(120);

/// The engine's input: lines the test sends, then the end of input when the test hangs up.
struct Pipe {
    lines: Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl Read for Pipe {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            match self.lines.recv() {
                Ok(mut line) => {
                    line.push(b'\n');
                    self.pending = line;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// The engine's output, cut into lines for the test.
struct Lines {
    to_test: Sender<String>,
    partial: Vec<u8>,
}

impl Write for Lines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.partial.extend_from_slice(buf);
        while let Some(end) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line).trim_end().to_string();
            // The test may have stopped listening; the session still ends normally.
            let _ = self.to_test.send(text);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The GUI side of a session.
struct Gui {
    to_engine: Option<Sender<Vec<u8>>>,
    from_engine: Receiver<String>,
    engine: Option<JoinHandle<std::io::Result<Lines>>>,
}

impl Gui {
    fn start() -> Gui {
        let (to_engine, lines) = channel();
        let (to_test, from_engine) = channel();
        let input = BufReader::new(Pipe {
            lines,
            pending: Vec::new(),
        });
        let output = Lines {
            to_test,
            partial: Vec::new(),
        };
        let engine = std::thread::spawn(move || engine::uci::serve(input, output));
        Gui {
            to_engine: Some(to_engine),
            from_engine,
            engine: Some(engine),
        }
    }

    fn send(&self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// Sends a line of any bytes, UTF-8 or not.
    fn send_bytes(&self, line: &[u8]) {
        if let Some(to) = &self.to_engine {
            to.send(line.to_vec()).expect("the session is running");
        }
    }

    /// The lines the engine sends up to and including the first one `last` accepts.
    fn until(&self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self
                .from_engine
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| panic!("no answer; so far: {lines:#?}"));
            let done = last(&line);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sends `isready` and gives what came before `readyok`.
    fn sync(&self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// The lines up to and including the next `bestmove`.
    fn bestmove(&self) -> Vec<String> {
        self.until(|l| l.starts_with("bestmove"))
    }

    /// Sends `go` with `args` and checks that the turn chosen is legal in `pos`, the
    /// position set up; the lines up to and including the `bestmove`.
    fn go_legally(&self, pos: &Position, args: &str) -> Vec<String> {
        self.send(&format!("go {args}"));
        let lines = self.bestmove();
        let turn = chosen(lines.last().expect("a bestmove"));
        assert!(playable(pos, &[turn]), "{args}: {lines:?}");
        lines
    }

    /// Sends `quit` and checks that the session ends.
    fn quit(mut self) {
        self.send("quit");
        self.to_engine = None;
        if let Some(engine) = self.engine.take() {
            engine.join().expect("no panic").expect("the session ends");
        }
    }
}

/// The value after `key` in an `info` line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|&w| w == key)?;
    words.get(i + 1).copied()
}

/// The line's `pv`, turn by turn.
fn pv(line: &str) -> Vec<&str> {
    line.split_whitespace()
        .skip_while(|&w| w != "pv")
        .skip(1)
        .collect()
}

/// The chosen turn of a `bestmove` line.
fn chosen(line: &str) -> &str {
    field(line, "bestmove").expect("a bestmove line")
}

/// True when every turn of `line` can be played one after another from `start`.
fn playable(start: &Position, line: &[&str]) -> bool {
    let mut game = Game::from_position(start.clone()).with_draws(Draws::Claimed);
    line.iter().all(|t| game.play_str(t).is_ok())
}

fn start() -> Position {
    Position::new_game(Variant::Standard, None).unwrap()
}

fn infos(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect()
}

#[test]
fn the_handshake_declares_the_options() {
    let gui = Gui::start();
    gui.send("uci");
    let lines = gui.until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name nadare"));
    for option in [
        "option name Hash type spin default 16 min 1 max 1024",
        "option name Threads type spin default 1 min 1 max 1",
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name UCI_Chess960 type check default false",
        "option name Ponder type check default false",
        "option name Level type spin default 0 min 0 max 8",
        "option name Clear Hash type button",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}: {lines:#?}");
    }
    assert!(gui.sync().is_empty());
    gui.quit();
}

#[test]
fn good_options_are_taken_silently_and_bad_ones_answered() {
    let gui = Gui::start();
    for good in [
        "setoption name Hash value 1",
        "setoption name Threads value 1",
        "setoption name MultiPV value 2",
        "setoption name UCI_Chess960 value false",
        "setoption name Move Overhead value 50",
        "setoption name ponder value true",
        "setoption name Level value 0",
        "setoption name Clear Hash",
    ] {
        gui.send(good);
        assert!(gui.sync().is_empty(), "{good}");
    }
    for (bad, says) in [
        ("setoption name Hash value 0", "Hash"),
        ("setoption name Hash value lots", "lots"),
        ("setoption name Threads value 2", "from 1 to 1"),
        ("setoption name MultiPV value -1", "MultiPV"),
        ("setoption name UCI_Chess960 value maybe", "true or false"),
        ("setoption name Contempt value 20", "Contempt"),
        ("setoption name Level value 9", "from 0 to 8"),
        ("setoption Hash 8", "name"),
        ("xyzzy", "xyzzy"),
    ] {
        gui.send(bad);
        let lines = gui.sync();
        assert!(
            lines.len() == 1 && lines[0].starts_with("info string") && lines[0].contains(says),
            "{bad}: {lines:?}"
        );
    }
    // Hash 1 MB still searches.
    gui.send("position startpos");
    gui.go_legally(&start(), "depth 2");
    gui.quit();
}

#[test]
fn a_level_searches_no_deeper_than_it_may_whatever_go_allows() {
    let gui = Gui::start();
    for (level, depth) in [("2", 2), ("4", 3)] {
        gui.send(&format!("setoption name Level value {level}"));
        gui.send("position startpos moves e2e4 e7e5");
        gui.send("go depth 10");
        let lines = gui.bestmove();
        let deepest = infos(&lines)
            .iter()
            .filter_map(|l| field(l, "depth")?.parse::<u32>().ok())
            .max();
        assert_eq!(deepest, Some(depth), "level {level}: {lines:#?}");
        assert!(playable(
            &start(),
            &["e2e4", "e7e5", chosen(lines.last().unwrap())]
        ));
    }
    // Back to full strength: go's depth rules again.
    gui.send("setoption name Level value 0");
    gui.send("position startpos");
    gui.send("go depth 5");
    let lines = gui.bestmove();
    let closing = &lines[lines.len() - 2];
    assert_eq!(field(closing, "depth"), Some("5"), "{closing}");
    gui.quit();
}

/// The nodes a `go depth 9` from the Queen's Gambit Declined visits, by its closing line.
fn nodes_to_depth_9(gui: &Gui) -> u64 {
    gui.send("position startpos moves d2d4 d7d5 c2c4 e7e6 b1c3 g8f6");
    gui.send("go depth 9");
    let lines = gui.bestmove();
    let last = infos(&lines).pop().expect("a closing info line").clone();
    field(&last, "nodes")
        .and_then(|n| n.parse().ok())
        .expect("a node count")
}

#[test]
fn a_games_searches_share_their_table_until_ucinewgame_or_clear_hash() {
    let gui = Gui::start();
    gui.send("ucinewgame");
    let fresh = nodes_to_depth_9(&gui);
    // The same search again starts from what the first one stored, and by the third the
    // table holds most of the tree (103 870, 6 901 and 2 165 nodes with the network of
    // 2026-12-04).
    let again = nodes_to_depth_9(&gui);
    let third = nodes_to_depth_9(&gui);
    assert!(
        again < fresh && third < fresh / 2,
        "{fresh} nodes fresh, {again} again, {third} the third time"
    );
    // Each forgets it: the search is the first one again, node for node.
    for forget in [
        "ucinewgame",
        "setoption name Clear Hash",
        "setoption name Hash value 16",
    ] {
        gui.send(forget);
        assert_eq!(nodes_to_depth_9(&gui), fresh, "after {forget}");
    }
    gui.quit();
}

#[test]
fn go_infinite_waits_for_stop_even_when_it_has_found_a_mate() {
    // The issue's example: Ra8# is found at once, the answer waits for `stop`.
    let gui = Gui::start();
    gui.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    gui.send("go infinite");
    let seen = gui.until(|l| l.contains("score mate 1"));
    let before_stop = gui.sync();
    assert!(
        !seen
            .iter()
            .chain(&before_stop)
            .any(|l| l.starts_with("bestmove")),
        "{seen:?} {before_stop:?}"
    );
    gui.send("stop");
    let lines = gui.bestmove();
    assert_eq!(lines.last().unwrap(), "bestmove a1a8");
    let closing = &lines[lines.len() - 2];
    assert!(closing.contains("score mate 1"), "{closing}");
    assert_eq!(pv(closing), ["a1a8"]);
    gui.quit();
}

#[test]
fn go_infinite_on_a_finished_game_waits_for_stop_and_answers_the_null_turn() {
    let gui = Gui::start();
    // Black is checkmated.
    gui.send("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    gui.send("go infinite");
    assert!(!gui.sync().iter().any(|l| l.starts_with("bestmove")));
    gui.send("stop");
    let lines = gui.bestmove();
    assert_eq!(lines.last().unwrap(), "bestmove 0000");
    assert!(
        lines.iter().any(|l| l.contains("score mate 0")),
        "{lines:?}"
    );
    gui.quit();
}

#[test]
fn go_ponder_answers_only_after_ponderhit_or_stop() {
    let gui = Gui::start();
    gui.send("position startpos moves e2e4 e7e5");
    gui.send("go ponder wtime 1000 btime 1000");
    gui.until(|l| l.starts_with("info depth 2 "));
    assert!(!gui.sync().iter().any(|l| l.starts_with("bestmove")));
    gui.send("ponderhit");
    let lines = gui.bestmove();
    let mut pos = start();
    for t in ["e2e4", "e7e5"] {
        pos = pos.play(&pos.parse_turn(t).unwrap()).unwrap();
    }
    assert!(playable(&pos, &[chosen(lines.last().unwrap())]));

    // A ponder search of a mate ends by itself and still waits.
    gui.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    gui.send("go ponder movetime 100000");
    gui.until(|l| l.contains("score mate 1"));
    assert!(!gui.sync().iter().any(|l| l.starts_with("bestmove")));
    gui.send("stop");
    assert_eq!(gui.bestmove().last().unwrap(), "bestmove a1a8");
    gui.quit();
}

#[test]
fn a_position_that_fails_leaves_none_and_go_says_so() {
    // The issue's example: e2e5 is not a move after 1. e4 e5.
    let gui = Gui::start();
    gui.send("position startpos moves e2e4");
    gui.send("position startpos moves e2e4 e7e5 e2e5");
    let lines = gui.sync();
    assert!(
        lines.len() == 1 && lines[0].starts_with("info string") && lines[0].contains("e2e5"),
        "{lines:?}"
    );
    gui.send("go depth 3");
    let lines = gui.bestmove();
    assert_eq!(lines.last().unwrap(), "bestmove 0000");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("no position")),
        "{lines:?}"
    );
    // A bad FEN too; then a good position searches again.
    gui.send("position fen 8/8/8/8 w - - 0 1");
    assert!(gui.sync()[0].starts_with("info string"));
    gui.send("go movetime 50");
    assert_eq!(gui.bestmove().last().unwrap(), "bestmove 0000");
    gui.send("position startpos");
    gui.send("go depth 1");
    assert_ne!(gui.bestmove().last().unwrap(), "bestmove 0000");
    gui.quit();
}

#[test]
fn the_pv_is_the_whole_line_and_a_closing_info_gives_the_bestmove_first() {
    let gui = Gui::start();
    gui.send("position startpos moves d2d4");
    gui.send("go depth 5");
    let lines = gui.bestmove();
    let mut pos = start();
    pos = pos.play(&pos.parse_turn("d2d4").unwrap()).unwrap();
    let infos = infos(&lines);
    for info in &infos {
        for key in [
            "depth", "seldepth", "multipv", "score", "nodes", "nps", "time", "hashfull", "pv",
        ] {
            assert!(field(info, key).is_some(), "{key} missing: {info}");
        }
        let line = pv(info);
        let depth: usize = field(info, "depth").unwrap().parse().unwrap();
        assert!(line.len() >= depth, "a line shorter than its depth: {info}");
        assert!(playable(&pos, &line), "{info}");
        let seldepth: usize = field(info, "seldepth").unwrap().parse().unwrap();
        assert!(seldepth >= depth, "{info}");
    }
    let closing = lines[lines.len() - 2].as_str();
    assert_eq!(field(closing, "depth"), Some("5"));
    let best = lines.last().unwrap();
    assert_eq!(pv(closing)[0], chosen(best));
    assert_eq!(field(best, "ponder"), Some(pv(closing)[1]));
    gui.quit();
}

#[test]
fn multipv_gives_the_best_turns_each_ranked() {
    let gui = Gui::start();
    gui.send("setoption name MultiPV value 3");
    gui.send("position startpos");
    gui.send("go depth 3");
    let lines = gui.bestmove();
    let closing: Vec<&String> = lines[lines.len() - 4..lines.len() - 1].iter().collect();
    let mut firsts = Vec::new();
    let mut scores = Vec::new();
    for (k, info) in closing.iter().enumerate() {
        assert_eq!(field(info, "multipv"), Some((k + 1).to_string().as_str()));
        assert_eq!(field(info, "depth"), Some("3"));
        let line = pv(info);
        assert!(playable(&start(), &line), "{info}");
        firsts.push(line[0]);
        scores.push(field(info, "cp").unwrap().parse::<i32>().unwrap());
    }
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{closing:?}");
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    assert_eq!(chosen(lines.last().unwrap()), firsts[0]);
    gui.quit();
}

#[test]
fn commands_are_read_while_a_search_runs() {
    let gui = Gui::start();
    gui.send("position startpos");
    gui.send("go infinite");
    gui.until(|l| l.starts_with("info depth 1 "));
    assert!(!gui.sync().iter().any(|l| l.starts_with("bestmove")));
    gui.send("stop");
    let lines = gui.bestmove();
    assert!(playable(&start(), &[chosen(lines.last().unwrap())]));
    gui.quit();
}

#[test]
fn clock_movetime_and_node_limits_answer_legal_turns() {
    let gui = Gui::start();
    gui.send("ucinewgame");
    for go in [
        "go movetime 100",
        "go wtime 500 btime 500 winc 10 binc 10",
        "go wtime 500 btime 500 movestogo 1",
        "go nodes 2000",
        "go mate 1",
    ] {
        gui.send("position startpos moves g1f3");
        gui.send(go);
        let lines = gui.bestmove();
        let mut pos = start();
        pos = pos.play(&pos.parse_turn("g1f3").unwrap()).unwrap();
        assert!(playable(&pos, &[chosen(lines.last().unwrap())]), "{go}");
    }
    gui.quit();
}

#[test]
fn chess960_castles_king_onto_rook() {
    let gui = Gui::start();
    gui.send("setoption name UCI_Chess960 value true");
    // White's only sensible turn is O-O (b1h1), which the GUI sends as king takes rook.
    gui.send("position fen rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1 moves b1h1");
    assert!(gui.sync().is_empty());
    gui.send("go depth 2");
    let lines = gui.bestmove();
    let mut game = Game::from_position(
        Position::from_fen(Variant::Chess960, "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1").unwrap(),
    );
    game.play_str("b1h1").unwrap();
    let pos = game.position().clone();
    assert!(playable(&pos, &[chosen(lines.last().unwrap())]));
    gui.quit();
}

#[test]
fn a_line_that_is_not_utf8_is_answered_and_the_session_goes_on() {
    let gui = Gui::start();
    gui.send_bytes(b"position startpos moves e2e4 \xff\xfe");
    let lines = gui.sync();
    assert!(
        lines.len() == 1 && lines[0].starts_with("info string not UTF-8"),
        "{lines:?}"
    );
    // The line changed nothing: the start position is still the one set up.
    gui.send_bytes(b"\xc3\x28\r");
    assert_eq!(gui.sync().len(), 1);
    gui.go_legally(&start(), "depth 2");
    gui.quit();
}

/// Threefold repetition and the fifty-move rule are draws a GUI claims, and a dead
/// position or a 150-ply clock one it declares: while a turn is legal (as perft counts), the
/// engine names one and takes the GUI's next moves.
#[test]
fn the_engine_plays_on_past_draws_the_gui_calls() {
    let gui = Gui::start();
    let shuffle = "g1f3 g8f6 f3g1 f6g8 ".repeat(3);
    let after = |moves: &str| {
        let mut pos = start();
        for t in moves.split_whitespace() {
            pos = pos.play(&pos.parse_turn(t).unwrap()).unwrap();
        }
        pos
    };
    for moves in [shuffle.trim().to_string(), format!("{shuffle}e2e4")] {
        gui.send(&format!("position startpos moves {moves}"));
        assert!(gui.sync().is_empty(), "the position is set up: {moves}");
        gui.go_legally(&after(&moves), "depth 3");
    }
    for fen in [
        // The fifty-move rule, then past 150 plies.
        "4k3/8/8/8/8/8/8/R3K3 w - - 100 80",
        "4k3/8/8/8/8/8/8/R3K3 w - - 150 100",
        // King and knight against king, moves after it.
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1 moves f1g3 e8d7",
    ] {
        let (fen, moves) = fen.split_once(" moves ").unwrap_or((fen, ""));
        let pos = Position::from_fen(Variant::Standard, fen).unwrap();
        let pos = moves
            .split_whitespace()
            .fold(pos, |pos, t| pos.play(&pos.parse_turn(t).unwrap()).unwrap());
        assert!(pos.perft(1) > 0);
        let suffix = if moves.is_empty() {
            String::new()
        } else {
            format!(" moves {moves}")
        };
        gui.send(&format!("position fen {fen}{suffix}"));
        assert!(gui.sync().is_empty(), "the position is set up: {fen}");
        gui.go_legally(&pos, "depth 3");
    }
    gui.quit();
}
