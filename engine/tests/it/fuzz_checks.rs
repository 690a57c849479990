//! The check the `uci_lines` fuzz target of `fuzz/` runs on each input, shared with
//! `fuzz_regressions`, which replays every input that ever failed it. It panics when a rule
//! is broken and uses only the public API. The fuzz target includes this file with `#[path]`.

use engine::uci::COMMANDS;

/// The first words of the lines an engine sends.
const ANSWERS: [&str; 6] = ["id", "option", "uciok", "readyok", "bestmove", "info"];

/// How many lines of each kind a session must answer, and how.
#[derive(Debug, Default, PartialEq, Eq)]
struct Answers {
    /// `uci`: `uciok`.
    uciok: usize,
    /// `isready`: `readyok`.
    readyok: usize,
    /// `go`: `bestmove`.
    bestmove: usize,
    /// A line that is not UTF-8: `info string not UTF-8, ignored: …`.
    not_utf8: usize,
    /// A line with no command word: `info string unknown command: …`.
    unknown: usize,
}

/// UCI lines: the session never stops before `quit` or the end of input, and answers every
/// line that asks for an answer (`uci`, `isready`, `go`) once, and a line it cannot read
/// with an `info string`; everything it sends is a UCI answer. Input: the lines a GUI sends.
/// Inputs naming the `Hash` option are skipped: a GUI may ask for a table of a gigabyte,
/// which is slow to make, not wrong.
pub fn uci_lines(data: &[u8]) {
    if data.windows(4).any(|w| w.eq_ignore_ascii_case(b"hash")) {
        return;
    }
    let mut expected = Answers::default();
    for line in data.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let Ok(line) = std::str::from_utf8(line) else {
            expected.not_utf8 += 1;
            continue;
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.iter().find(|w| COMMANDS.contains(w)) {
            Some(&"uci") => expected.uciok += 1,
            Some(&"isready") => expected.readyok += 1,
            Some(&"go") => expected.bestmove += 1,
            Some(&"quit") => break,
            Some(_) => {}
            None if words.is_empty() => {}
            None => expected.unknown += 1,
        }
    }
    let output = engine::uci::serve(data, Vec::new())
        .unwrap_or_else(|e| panic!("the session ended with an error: {e}"));
    let output = String::from_utf8(output).expect("the answers are UTF-8");
    let mut answered = Answers::default();
    for line in output.lines() {
        let first = line.split(' ').next().unwrap_or_default();
        assert!(ANSWERS.contains(&first), "not a UCI answer: `{line}`");
        match first {
            "uciok" => answered.uciok += 1,
            "readyok" => answered.readyok += 1,
            "bestmove" => answered.bestmove += 1,
            _ if line.starts_with("info string not UTF-8") => answered.not_utf8 += 1,
            _ if line.starts_with("info string unknown command") => answered.unknown += 1,
            _ => {}
        }
    }
    assert_eq!(answered, expected, "answers:\n{output}");
}
