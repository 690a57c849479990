//! The computer opponent: a reserved player per level (and per Elo of Stockfish, where the
//! install configured it) whose turns the service plays itself, right after the human's and
//! under the same game lock, and hints in games against it.
//!
//! The level lives in the computer's user id (one reserved id per level or Elo), so a game
//! against the computer needs nothing more in storage and survives a restart as it is.
//! Searches run on the blocking pool, at most one per core at a time (a semaphore), so many
//! games against the computer queue for the engine instead of filling the pool that renders
//! boards. A turn Stockfish cannot give (it failed twice, or the install no longer has it) is
//! played by nadare's own engine at the level nearest its Elo.

use std::sync::atomic::AtomicBool;

use domain::messages::{Refusal, TurnMsg};
use domain::{Board, Computer, Origin, Reply, computer_player, is_computer};
use engine::review::assess;
use engine::{Engine, Level};
use rules::{Color, Game, Turn};

use super::play::refuse_turn;
use super::{Games, SlotGuard};
use crate::live::{Live, Slot, game_in};
use crate::replies::board_of;

/// Who plays for the computer to move in `live`, if the game goes on and the computer is to
/// move.
fn computer_to_move(live: &Live) -> Option<Computer> {
    if live.outcome().is_some() {
        return None;
    }
    computer_player(live.player(live.to_move()).id)
}

/// Whether one of the players of `live` is the computer.
fn against_computer(live: &Live) -> bool {
    is_computer(live.row.white.id) || is_computer(live.row.black.id)
}

impl Games {
    /// Plays the computer's turn if the game in `guard` waits for it, stores and announces it
    /// like any turn. `None` when the computer is not to move (or the search found nothing).
    pub(crate) async fn computer_moves(&self, guard: &mut SlotGuard) -> Option<Reply> {
        let Slot::Game(live) = &mut **guard else {
            return None;
        };
        let computer = computer_to_move(live)?;
        let seed = live.row.id ^ (live.game.turns().len() as u64).rotate_left(32);
        let game = live.game.clone();
        let turn = match computer {
            Computer::Level(n) => {
                self.think(game, Level::new(n).unwrap_or(Level::MIN), seed)
                    .await?
            }
            Computer::Stockfish(elo) => self.ask_stockfish(game, elo, seed).await?,
        };
        let mut reply = self.play_turn(live, turn).await;
        reply.mentions.retain(|id| !is_computer(*id));
        Some(reply)
    }

    /// A turn for the side to move in `game`, searched at `level` on the engine pool.
    async fn think(&self, game: Game, level: Level, seed: u64) -> Option<Turn> {
        let turn = self
            .ctx
            .on_engine(move || {
                let stop = AtomicBool::new(false);
                Engine::new().search(&game, &level.limits(seed), &stop).best
            })
            .await;
        found(turn)
    }

    /// Stockfish's turn at `elo`, or, when it cannot give one, nadare's at the level nearest
    /// that Elo.
    async fn ask_stockfish(&self, game: Game, elo: u16, seed: u64) -> Option<Turn> {
        let fallback = Level::nearest_elo(elo);
        let Some(pool) = self.stockfish.clone() else {
            tracing::warn!(elo, %fallback, "a game against Stockfish, which is not configured");
            return self.think(game, fallback, seed).await;
        };
        let asked = game.clone();
        match self.ctx.on_engine(move || pool.play(&asked, elo)).await? {
            Ok(turn) => Some(turn),
            Err(e) => {
                tracing::error!(error = %e, elo, %fallback, "Stockfish gave no turn");
                self.think(game, fallback, seed).await
            }
        }
    }

    /// Whether Stockfish is configured.
    pub(crate) fn has_stockfish(&self) -> bool {
        self.stockfish.is_some()
    }

    /// The best turn in `game` as a review judges it: the same search at the same depth
    /// (the configured review depth), so a hint and a review never disagree.
    async fn best_as_reviewed(&self, game: Game) -> Option<Turn> {
        let depth = self.ctx.review_depth(game.variant());
        found(self.ctx.on_engine(move || assess(&game, depth).best).await)
    }

    /// Whether the computer playing `color` in `game` accepts a draw offered to it, by its
    /// evaluation after a hint's search ([`accepts_draw`]); it declines when it cannot search.
    pub(crate) async fn computer_accepts_draw(&self, game: Game, color: Color) -> bool {
        let depth = self.ctx.review_depth(game.variant());
        let plies = game.turns().len();
        let white = self
            .ctx
            .on_engine(move || assess(&game, depth).white_score)
            .await;
        white.is_some_and(|white| {
            let own = if color == Color::White { white } else { -white };
            accepts_draw(own, plies)
        })
    }

    /// A turn suggested to the player to move, in games against the computer only.
    pub(crate) async fn hint(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        let live = match game_in(guard) {
            Ok(live) => live,
            Err(reply) => return *reply,
        };
        if !against_computer(live) {
            return Reply::private(Refusal::HintsAgainstComputerOnly).with_game(live.row.id);
        }
        if let Some(refusal) = refuse_turn(live, origin) {
            return refusal;
        }
        let (id, game) = (live.row.id, live.game.clone());
        let position = game.position().clone();
        // The board from the side of the player asking, the turn drawn as an arrow on it.
        let board = board_of(live, position.side_to_move());
        match self.best_as_reviewed(game).await {
            Some(turn) => Reply {
                board: Some(Board {
                    arrows: Board::arrows_of(&position, &turn),
                    ..board
                }),
                ..Reply::private(TurnMsg::Hint {
                    notation: position.turn_to_notation(&turn),
                })
                .with_game(id)
            },
            None => Reply::private(Refusal::NoHint).with_game(id),
        }
    }
}

/// The computer's answer to a draw offer, by its own score (centipawns, positive when it
/// stands better) after `plies` half-turns: it accepts when it stands worse by half a pawn or
/// more, or when the game is level (within a fifth of a pawn) after both sides' 20th turn.
pub(crate) fn accepts_draw(score: i32, plies: usize) -> bool {
    score <= -50 || (score.abs() <= 20 && plies >= 40)
}

/// The turn a search found in a game that goes on; its absence is logged.
fn found(turn: Option<Option<Turn>>) -> Option<Turn> {
    let turn = turn?;
    if turn.is_none() {
        tracing::error!("the engine found no turn in a game that goes on");
    }
    turn
}

/// The human's reply followed by the computer's answer: one public message with both turns,
/// the board after the computer's.
pub(crate) fn followed_by_computer(first: Reply, then: Reply) -> Reply {
    Reply {
        messages: first.messages.into_iter().chain(then.messages).collect(),
        lang: then.lang,
        board: then.board.or(first.board),
        replay: then.replay.or(first.replay),
        standings: then.standings.or(first.standings),
        review: then.review.or(first.review),
        image: None,
        files: if then.files.is_empty() {
            first.files
        } else {
            then.files
        },
        private: first.private && then.private,
        game: then.game.or(first.game),
        actions: then.actions,
        mentions: then.mentions,
        shows: then.shows.or(first.shows),
        shows_round: then.shows_round.or(first.shows_round),
        tells: then.tells.or(first.tells),
        tone: then.tone.or(first.tone),
        watch: then.watch.or(first.watch),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computer_accepts_a_draw_when_worse_or_level_late() {
        assert!(accepts_draw(-50, 0) && accepts_draw(-900, 3));
        assert!(!accepts_draw(-49, 39) && !accepts_draw(0, 39) && !accepts_draw(300, 80));
        assert!(accepts_draw(20, 40) && accepts_draw(-20, 41));
        assert!(!accepts_draw(21, 40));
    }

    /// The domain's reserved levels are exactly the engine's.
    #[test]
    fn the_domains_levels_are_the_engines() {
        let engine: Vec<u8> = Level::all().map(Level::number).collect();
        let domain: Vec<u8> = domain::LEVELS.collect();
        assert_eq!(domain, engine);
        assert!(domain::LEVELS.contains(&domain::DEFAULT_LEVEL));
    }
}
