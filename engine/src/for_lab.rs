//! Engine internals for nadare-lab's self-play, training and matches only, hidden from the
//! documentation: not part of the engine's API, and free to change with the engine. The bot
//! and every other crate use the engine through its documented items.

use rules::Position;

use crate::Engine;

pub use crate::zobrist::splitmix64;

/// Whether `pos` is quiet for `engine`: its quiescence search (captures, promotions and
/// sudden endings followed out) finds nothing better than its static evaluation, so the
/// evaluation alone is what a game's result can be compared with.
pub fn is_quiet(engine: &Engine, pos: &Position) -> bool {
    engine.quiescence(pos) == engine.static_eval(pos)
}
