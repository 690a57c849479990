//! The Universal Chess Interface on standard input and output (`nadare uci`), so standard
//! chess GUIs and tournament managers (cutechess-cli, fastchess, Arena) can run the engine,
//! for standard chess and Chess960 (`setoption name UCI_Chess960 value true`), with no bot
//! code behind it.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use rules::{Color, Game, Position, Turn, Variant};

use crate::{Engine, Limits, SearchResult};

/// A search's score as UCI says it: `mate N` or `cp N`.
pub fn score(result: &SearchResult) -> String {
    match result.mate_in() {
        Some(n) => format!("mate {n}"),
        None => format!("cp {}", result.score),
    }
}

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Prints one line to standard output at once (the search thread prints too).
fn send(line: &str) {
    let mut out = std::io::stdout().lock();
    // A GUI that has gone away cannot be told anything more.
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
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
        Some((&"startpos", rest)) => (START_FEN.to_string(), rest),
        Some((&"fen", rest)) => {
            let end = rest
                .iter()
                .position(|&w| w == "moves")
                .unwrap_or(rest.len());
            (rest[..end].join(" "), &rest[end..])
        }
        _ => return Err("expected `startpos` or `fen`".to_string()),
    };
    let start = Position::from_fen(variant, &fen).map_err(|e| e.to_string())?;
    let mut game = Game::from_position(start);
    if let Some((&"moves", moves)) = rest.split_first() {
        for mv in moves {
            game.play_str(mv).map_err(|e| format!("move {mv}: {e}"))?;
        }
    }
    Ok(game)
}

/// The limits a `go` command asks for, for the side to move `side`.
fn parse_go(args: &[&str], side: Color) -> Limits {
    let mut limits = Limits::default();
    let value = |key: &str| -> Option<u64> {
        let i = args.iter().position(|&w| w == key)?;
        args.get(i + 1)?.parse().ok()
    };
    limits.depth = value("depth").and_then(|d| u32::try_from(d).ok());
    limits.nodes = value("nodes");
    limits.movetime = value("movetime").map(Duration::from_millis);
    let (time, inc) = match side {
        Color::White => (value("wtime"), value("winc")),
        Color::Black => (value("btime"), value("binc")),
    };
    if let Some(time) = time {
        // A share of the clock left, plus most of the increment, never more than a third
        // of the clock.
        let moves = value("movestogo").unwrap_or(30).max(1);
        let budget = (time / moves + inc.unwrap_or(0) * 3 / 4)
            .min(time / 3)
            .max(1);
        limits.movetime = Some(Duration::from_millis(budget));
    }
    limits
}

/// Runs the UCI loop on standard input until `quit` or its end.
/// Speaks UCI on standard input and output until `quit` or the end of input.
pub fn run() -> std::io::Result<()> {
    let engine = Arc::new(Engine::new());
    let mut chess960 = false;
    let mut game = parse_position(&["startpos"], false).map_err(std::io::Error::other)?;
    let stop = Arc::new(AtomicBool::new(false));
    let mut search: Option<JoinHandle<()>> = None;
    let finish = |search: &mut Option<JoinHandle<()>>, stop: &AtomicBool| {
        stop.store(true, Ordering::Relaxed);
        if let Some(handle) = search.take() {
            let _ = handle.join();
        }
    };
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["uci", ..] => {
                send(&format!("id name nadare {}", env!("CARGO_PKG_VERSION")));
                send("id author the nadare authors");
                send("option name UCI_Chess960 type check default false");
                send("uciok");
            }
            ["isready", ..] => send("readyok"),
            ["setoption", "name", "UCI_Chess960", "value", v, ..] => {
                chess960 = v.eq_ignore_ascii_case("true");
            }
            ["ucinewgame", ..] => {
                finish(&mut search, &stop);
                game = parse_position(&["startpos"], chess960).map_err(std::io::Error::other)?;
            }
            ["position", args @ ..] => {
                finish(&mut search, &stop);
                match parse_position(args, chess960) {
                    Ok(g) => game = g,
                    Err(e) => send(&format!("info string cannot set up the position: {e}")),
                }
            }
            ["go", args @ ..] => {
                finish(&mut search, &stop);
                stop.store(false, Ordering::Relaxed);
                let limits = parse_go(args, game.position().side_to_move());
                let (engine, stop, game) = (Arc::clone(&engine), Arc::clone(&stop), game.clone());
                search = Some(std::thread::spawn(move || {
                    let root = game.position().clone();
                    let report = |r: &SearchResult| {
                        let ms = r.elapsed.as_millis().max(1);
                        send(&format!(
                            "info depth {} score {} nodes {} nps {} time {} pv {}",
                            r.depth,
                            score(r),
                            r.nodes,
                            u128::from(r.nodes) * 1000 / ms,
                            ms,
                            uci_line(&root, &r.pv)
                        ));
                    };
                    let result = engine.search_with_info(&game, &limits, &stop, &mut |r| report(r));
                    let best = result
                        .best
                        .map_or_else(|| "0000".to_string(), |t| root.turn_to_uci(&t));
                    send(&format!("bestmove {best}"));
                }));
            }
            ["stop", ..] => finish(&mut search, &stop),
            ["quit", ..] => break,
            _ => {}
        }
    }
    finish(&mut search, &stop);
    Ok(())
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
    }

    #[test]
    fn clock_time_is_shared_out() {
        let limits = parse_go(
            &["wtime", "60000", "btime", "1000", "winc", "1000"],
            Color::White,
        );
        // 60000 / 30 + 750.
        assert_eq!(limits.movetime, Some(Duration::from_millis(2750)));
        let limits = parse_go(&["wtime", "60000", "btime", "900"], Color::Black);
        // 900 / 30, a third of the clock at most.
        assert_eq!(limits.movetime, Some(Duration::from_millis(30)));
        assert_eq!(parse_go(&["depth", "7"], Color::White).depth, Some(7));
    }
}
