//! Challenges and offers: making a challenge, accepting, declining, withdrawing it (the game
//! it starts), rematches, and ending or rewinding a game by a player's word (resignation,
//! draws, takebacks, aborts). They act on the channel's slot the facade locked through
//! [`Games`], and keep no state of their own: a challenge lives in its channel's slot.

mod challenge;
mod offers;
mod rematch;

use std::sync::Arc;

use super::context::Context;
use super::games::Games;

pub(crate) use challenge::Ask;

/// Challenges, rematches and a player's offers.
pub(crate) struct Challenges {
    ctx: Arc<Context>,
    games: Arc<Games>,
}

impl Challenges {
    /// The challenges of the channels `games` holds.
    pub(crate) fn new(ctx: Arc<Context>, games: Arc<Games>) -> Challenges {
        Challenges { ctx, games }
    }
}
