//! Ending or rewinding a game by a player's word: resignation, draws, takebacks, aborts.

use rules::{Color, EndReason, Outcome};

use super::live::Live;
use super::play::{game_in, status_line};
use super::{
    DrawAction, GameService, Origin, Reply, Slot, SlotGuard, TakebackAction, game_over,
    not_a_player, save_failed,
};
use super::{Finished, GameState, StoreError};

/// The caller's colour in a game that is still on: the side to move for someone playing both
/// sides. A refusal for strangers and finished games.
fn player_color(live: &Live, origin: &Origin) -> Result<Color, Box<Reply>> {
    if live.outcome().is_some() {
        return Err(Box::new(game_over(live)));
    }
    match live.colors_of(origin.user.id).as_slice() {
        [] => Err(Box::new(not_a_player(live))),
        [one] => Ok(*one),
        _ => Ok(live.to_move()),
    }
}

/// The game in the slot and the caller's colour in it; a refusal otherwise.
fn player_in<'a>(slot: &'a mut Slot, origin: &Origin) -> Result<(&'a mut Live, Color), Box<Reply>> {
    let live = game_in(slot)?;
    let color = player_color(live, origin)?;
    Ok((live, color))
}

/// The standing offer a player makes or answers.
#[derive(Clone, Copy)]
enum Offer {
    Draw,
    Takeback,
}

impl GameService {
    /// Sets (`Some(by)`) or withdraws (`None`) the standing `offer`, stores it, and tells
    /// `notify` with a ping.
    async fn set_offer(
        &self,
        live: &mut Live,
        offer: Offer,
        by: Option<Color>,
        notify: Color,
        text: String,
    ) -> Reply {
        let mut state = live.row.state.next();
        match offer {
            Offer::Draw => state.draw_offer = by,
            Offer::Takeback => state.takeback = by,
        }
        if let Err(e) = self.save_state(live, state).await {
            return save_failed(&e);
        }
        Reply {
            text,
            game: Some(live.row.id),
            mentions: vec![live.player(notify).id],
            ..Reply::default()
        }
    }

    pub(super) async fn resign(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        let (live, color) = match player_in(guard, origin) {
            Ok(found) => found,
            Err(reply) => return *reply,
        };
        let outcome = Outcome {
            winner: Some(color.opposite()),
            reason: EndReason::Resignation,
        };
        let text = format!("**{}** resigns.", live.label(color));
        self.finish(live, outcome, text, color).await
    }

    pub(super) async fn abort(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        let (live, color) = match player_in(guard, origin) {
            Ok(found) => found,
            Err(reply) => return *reply,
        };
        if live.game.turns().len() >= 2 {
            return Reply::private(
                "Both sides have moved, so the game can no longer be aborted: `resign` or offer a `draw`.",
            )
            .with_game(live.row.id);
        }
        let outcome = Outcome {
            winner: None,
            reason: EndReason::Aborted,
        };
        let text = format!("**{}** aborted the game.", live.player(color).name);
        self.finish(live, outcome, text, Color::White).await
    }

    pub(super) async fn draw(
        &self,
        origin: &Origin,
        guard: &mut SlotGuard,
        action: DrawAction,
    ) -> Reply {
        let (live, color) = match player_in(guard, origin) {
            Ok(found) => found,
            Err(reply) => return *reply,
        };
        let standing = live.row.state.draw_offer;
        let agreed = Outcome {
            winner: None,
            reason: EndReason::DrawAgreed,
        };
        match action {
            DrawAction::Offer if live.is_solo() => {
                let text = format!("**{}** agrees a draw with themself.", origin.user.name);
                self.finish(live, agreed, text, live.to_move()).await
            }
            DrawAction::Offer | DrawAction::Accept if standing == Some(color.opposite()) => {
                let text = format!(
                    "**{}** accepts {}'s draw offer.",
                    live.player(color).name,
                    live.player(color.opposite()).name
                );
                self.finish(live, agreed, text, color).await
            }
            DrawAction::Offer if standing == Some(color) => {
                Reply::private("Your draw offer stands; wait for the answer.")
                    .with_game(live.row.id)
            }
            DrawAction::Offer => {
                let text = format!(
                    "**{}** offers a draw. {}: `draw accept` or `draw decline` (a move declines it too).",
                    live.player(color).name,
                    live.player(color.opposite()).name
                );
                self.set_offer(live, Offer::Draw, Some(color), color.opposite(), text)
                    .await
            }
            DrawAction::Accept | DrawAction::Decline if standing != Some(color.opposite()) => {
                Reply::private("There is no draw offer from your opponent to answer.")
                    .with_game(live.row.id)
            }
            DrawAction::Accept => {
                Reply::private("There is no draw offer to accept.").with_game(live.row.id)
            }
            DrawAction::Decline => {
                let text = format!(
                    "**{}** declines {}'s draw offer. The game goes on.",
                    live.player(color).name,
                    live.player(color.opposite()).name
                );
                self.set_offer(live, Offer::Draw, None, color.opposite(), text)
                    .await
            }
        }
    }

    pub(super) async fn takeback(
        &self,
        origin: &Origin,
        guard: &mut SlotGuard,
        action: TakebackAction,
    ) -> Reply {
        let (live, color) = match player_in(guard, origin) {
            Ok(found) => found,
            Err(reply) => return *reply,
        };
        let standing = live.row.state.takeback;
        match action {
            TakebackAction::Offer if live.is_solo() => {
                if live.game.turns().is_empty() {
                    return Reply::private("There is no turn to take back.").with_game(live.row.id);
                }
                self.apply_takeback(
                    live,
                    1,
                    format!("**{}** takes back a turn.", origin.user.name),
                )
                .await
            }
            TakebackAction::Offer if super::is_computer(live.player(color.opposite()).id) => {
                // The computer grants every takeback at once.
                let plies = plies_to_take_back(live, color);
                if plies == 0 {
                    return Reply::private("You have no turn to take back yet.")
                        .with_game(live.row.id);
                }
                let text = format!(
                    "**{}** grants {}'s takeback.",
                    live.player(color.opposite()).name,
                    live.player(color).name
                );
                self.apply_takeback(live, plies, text).await
            }
            TakebackAction::Offer | TakebackAction::Accept
                if standing == Some(color.opposite()) =>
            {
                let requester = color.opposite();
                let plies = plies_to_take_back(live, requester);
                let text = format!(
                    "**{}** grants {}'s takeback.",
                    live.player(color).name,
                    live.player(requester).name
                );
                self.apply_takeback(live, plies, text).await
            }
            TakebackAction::Offer if standing == Some(color) => {
                Reply::private("Your takeback request stands; wait for the answer.")
                    .with_game(live.row.id)
            }
            TakebackAction::Offer => {
                if plies_to_take_back(live, color) == 0 {
                    return Reply::private("You have no turn to take back yet.")
                        .with_game(live.row.id);
                }
                let text = format!(
                    "**{}** asks to take back their last turn. {}: `takeback accept` or `takeback decline`.",
                    live.player(color).name,
                    live.player(color.opposite()).name
                );
                self.set_offer(live, Offer::Takeback, Some(color), color.opposite(), text)
                    .await
            }
            TakebackAction::Accept | TakebackAction::Decline => {
                if standing != Some(color.opposite()) {
                    return Reply::private(
                        "There is no takeback request from your opponent to answer.",
                    )
                    .with_game(live.row.id);
                }
                let text = format!(
                    "**{}** declines {}'s takeback request.",
                    live.player(color).name,
                    live.player(color.opposite()).name
                );
                self.set_offer(live, Offer::Takeback, None, color.opposite(), text)
                    .await
            }
        }
    }

    /// Removes the last `plies` plies, stores that, and shows the board.
    async fn apply_takeback(&self, live: &mut Live, plies: usize, text: String) -> Reply {
        let keep = live.game.turns().len().saturating_sub(plies);
        let mut undone = Vec::new();
        while live.game.turns().len() > keep {
            match live.game.take_back() {
                Some(turn) => undone.push(turn),
                None => break,
            }
        }
        let mut state = live.row.state.next();
        state.takeback = None;
        state.draw_offer = None;
        state.pending = None;
        state.reminded = false;
        state.turn_started_ms = self.now_ms();
        let id = live.row.id;
        if let Err(e) = self.store(self.db().take_back(id, keep, &state)).await {
            for turn in undone.into_iter().rev() {
                if let Err(err) = live.game.play(turn) {
                    tracing::error!(game = id, error = %err, "could not restore a turn after a failed takeback");
                }
            }
            return save_failed(&e);
        }
        live.row.state = state;
        live.pending = None;
        let text = format!("{text}\n{}", status_line(live));
        self.game_reply(live, live.to_move(), text).await
    }

    /// Ends the game with `outcome`, stores it, and shows the final board from `orientation`.
    pub(super) async fn finish(
        &self,
        live: &mut Live,
        outcome: Outcome,
        text: String,
        orientation: Color,
    ) -> Reply {
        let mut state = live.row.state.next();
        state.finished = Some(Finished {
            outcome,
            at_ms: self.now_ms(),
        });
        state.draw_offer = None;
        state.takeback = None;
        state.pending = None;
        if let Err(e) = self.save_state(live, state).await {
            return save_failed(&e);
        }
        live.game.set_outcome(outcome);
        live.pending = None;
        let text = format!("{text}\n{}", status_line(live));
        self.game_reply(live, orientation, text).await
    }

    /// Stores a game's new state and keeps it.
    pub(super) async fn save_state(
        &self,
        live: &mut Live,
        state: GameState,
    ) -> Result<(), StoreError> {
        self.store(self.write_game(&live.row, None, &state)).await?;
        live.row.state = state;
        Ok(())
    }
}

/// How many plies a takeback by `requester` removes: their last turn and any reply to it.
fn plies_to_take_back(live: &Live, requester: Color) -> usize {
    let played = live.game.turns().len();
    // Plies `requester` has played: with White starting, White played ceil(n/2).
    let start = live.game.start().side_to_move();
    let theirs = if requester == start {
        played.div_ceil(2)
    } else {
        played / 2
    };
    if theirs == 0 {
        0
    } else if live.to_move() == requester {
        2.min(played)
    } else {
        1
    }
}
