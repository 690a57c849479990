//! Another UCI engine (Stockfish) in a process of its own, driven as a GUI drives it, for
//! standard chess and Chess960 games at a chosen Elo.
//!
//! [`External::start`] runs the program and checks in the handshake that it can limit its
//! strength (`UCI_LimitStrength`, `UCI_Elo`); [`External::play`] sets up a game's start
//! and turns and gives back the engine's turn, checked by the rules. Every answer is waited
//! for with a deadline, read by a thread of the process's own, so a program that hangs or
//! dies is an error, never a stuck game. The process is killed when the value is dropped.

use std::io::{BufRead, BufReader, Write};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use rules::{Game, Turn, Variant};

/// How long the handshake (`uci` to `uciok`, `isready` to `readyok`) may take.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// How much longer than its time a move the engine may take to answer `go`.
const GRACE: Duration = Duration::from_secs(5);

/// What went wrong with the other engine.
#[derive(Debug, thiserror::Error)]
pub enum ExternalError {
    /// The program could not be run.
    #[error("cannot run the UCI engine {path}: {source}")]
    Start {
        /// The program.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The program did not answer in time.
    #[error("the UCI engine did not answer `{asked}` within {waited:?}")]
    Silent {
        /// The command it did not answer.
        asked: String,
        /// How long it was waited for.
        waited: Duration,
    },
    /// The program ended, or closed its output.
    #[error("the UCI engine stopped")]
    Stopped,
    /// Writing to the program failed.
    #[error("cannot write to the UCI engine: {0}")]
    Write(#[from] std::io::Error),
    /// The program cannot limit its strength to an Elo.
    #[error("the UCI engine {path} has no UCI_LimitStrength and UCI_Elo options")]
    NoElo {
        /// The program.
        path: PathBuf,
    },
    /// The engine plays only standard chess and Chess960.
    #[error("the UCI engine does not play {0}")]
    Variant(Variant),
    /// The engine answered a turn that is not legal, or none.
    #[error("the UCI engine answered `{0}`, not a legal turn")]
    Illegal(String),
}

/// A UCI engine running in its own process.
#[derive(Debug)]
pub struct External {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    elo: RangeInclusive<u16>,
}

impl External {
    /// Runs the program at `path` and goes through the UCI handshake.
    pub fn start(path: &Path) -> Result<External, ExternalError> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| ExternalError::Start {
                path: path.to_path_buf(),
                source,
            })?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ExternalError::Stopped);
        };
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = External {
            child,
            input,
            lines,
            elo: 0..=0,
        };
        engine.send("uci")?;
        let mut elo = None;
        let mut limits = false;
        engine.until("uci", HANDSHAKE, |line| {
            if line.starts_with("option name UCI_LimitStrength ") {
                limits = true;
            }
            if line.starts_with("option name UCI_Elo ") {
                elo = spin_range(line);
            }
            line == "uciok"
        })?;
        match (limits, elo) {
            (true, Some(range)) => engine.elo = range,
            _ => {
                return Err(ExternalError::NoElo {
                    path: path.to_path_buf(),
                });
            }
        }
        engine.send("setoption name UCI_LimitStrength value true")?;
        engine.ready()?;
        Ok(engine)
    }

    /// The Elo range the engine can play at.
    pub fn elo_range(&self) -> RangeInclusive<u16> {
        self.elo.clone()
    }

    /// The engine's turn in `game` at `elo` (brought into [`External::elo_range`]), thinking
    /// for `movetime`.
    pub fn play(
        &mut self,
        game: &Game,
        elo: u16,
        movetime: Duration,
    ) -> Result<Turn, ExternalError> {
        let variant = game.variant();
        if !matches!(variant, Variant::Standard | Variant::Chess960) {
            return Err(ExternalError::Variant(variant));
        }
        let elo = elo.clamp(*self.elo.start(), *self.elo.end());
        let chess960 = variant == Variant::Chess960;
        self.send(&format!("setoption name UCI_Chess960 value {chess960}"))?;
        self.send(&format!("setoption name UCI_Elo value {elo}"))?;
        let mut position = format!("position fen {}", game.start().to_fen());
        let mut at = game.start().clone();
        for (i, turn) in game.turns().iter().enumerate() {
            position.push_str(if i == 0 { " moves " } else { " " });
            position.push_str(&at.turn_to_uci(turn));
            at = at
                .play(turn)
                .map_err(|_| ExternalError::Illegal(position.clone()))?;
        }
        self.send(&position)?;
        self.ready()?;
        self.send(&format!("go movetime {}", movetime.as_millis()))?;
        let mut best = None;
        self.until("go", movetime + GRACE, |line| {
            let mut words = line.split_whitespace();
            if words.next() == Some("bestmove") {
                best = Some(words.next().unwrap_or_default().to_string());
                true
            } else {
                false
            }
        })?;
        let best = best.unwrap_or_default();
        let now = game.position();
        now.legal_turns()
            .into_iter()
            .find(|turn| now.turn_to_uci(turn) == best)
            .ok_or(ExternalError::Illegal(best))
    }

    /// `isready`, waiting for `readyok`.
    fn ready(&mut self) -> Result<(), ExternalError> {
        self.send("isready")?;
        self.until("isready", HANDSHAKE, |line| line == "readyok")
    }

    fn send(&mut self, line: &str) -> Result<(), ExternalError> {
        writeln!(self.input, "{line}")?;
        self.input.flush()?;
        Ok(())
    }

    /// Reads lines until `done` says so, for at most `wait`.
    fn until(
        &mut self,
        asked: &str,
        wait: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<(), ExternalError> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(line.trim()) => return Ok(()),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ExternalError::Silent {
                        asked: asked.to_string(),
                        waited: wait,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => return Err(ExternalError::Stopped),
            }
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The `min` and `max` of an `option … type spin` line.
fn spin_range(line: &str) -> Option<RangeInclusive<u16>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let value = |key: &str| -> Option<u16> {
        let i = words.iter().position(|&w| w == key)?;
        words.get(i + 1)?.parse().ok()
    };
    let (min, max) = (value("min")?, value("max")?);
    (min <= max).then_some(min..=max)
}
