//! Ending or rewinding a game by a player's word: resignation, draws, takebacks, aborts.

use domain::messages::{OfferMsg, Refusal};
use domain::{DrawAction, Origin, Reply, TakebackAction, is_computer};
use rules::{Color, EndReason, Outcome};

use super::Challenges;
use crate::games::SlotGuard;
use crate::games::clocks;
use crate::live::{Live, Slot, game_in};
use crate::replies::{game_over, game_reply, not_a_player, save_failed};

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

impl Challenges {
    /// Sets (`Some(by)`) or withdraws (`None`) the standing `offer`, stores it, and tells
    /// `notify` with a ping.
    async fn set_offer(
        &self,
        live: &mut Live,
        offer: Offer,
        by: Option<Color>,
        notify: Color,
        message: OfferMsg,
    ) -> Reply {
        let mut state = live.row.state.next();
        match offer {
            Offer::Draw => state.draw_offer = by,
            Offer::Takeback => state.takeback = by,
        }
        if let Err(e) = self.games.save_state(live, state).await {
            return save_failed(&e);
        }
        Reply {
            messages: vec![message.into()],
            game: Some(live.row.id),
            mentions: vec![live.player(notify).id],
            ..Reply::default()
        }
    }

    pub(crate) async fn resign(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        let (live, color) = match player_in(guard, origin) {
            Ok(found) => found,
            Err(reply) => return *reply,
        };
        let outcome = Outcome {
            winner: Some(color.opposite()),
            reason: EndReason::Resignation,
        };
        let message = OfferMsg::Resigned {
            player: live.player(color).name.clone(),
            color,
        };
        self.games.finish(live, outcome, message.into()).await
    }

    pub(crate) async fn abort(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        let (live, color) = match player_in(guard, origin) {
            Ok(found) => found,
            Err(reply) => return *reply,
        };
        if live.game.turns().len() >= 2 {
            return Reply::private(Refusal::TooLateToAbort).with_game(live.row.id);
        }
        let outcome = Outcome {
            winner: None,
            reason: EndReason::Aborted,
        };
        let message = OfferMsg::Aborted {
            player: live.player(color).name.clone(),
        };
        self.games.finish(live, outcome, message.into()).await
    }

    pub(crate) async fn draw(
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
                let message = OfferMsg::SelfDraw {
                    player: origin.user.name.clone(),
                };
                self.games.finish(live, agreed, message.into()).await
            }
            DrawAction::Offer | DrawAction::Accept if standing == Some(color.opposite()) => {
                let message = OfferMsg::DrawAccepted {
                    by: live.player(color).name.clone(),
                    offerer: live.player(color.opposite()).name.clone(),
                };
                self.games.finish(live, agreed, message.into()).await
            }
            DrawAction::Offer if is_computer(live.player(color.opposite()).id) => {
                // The computer answers at once, by its evaluation.
                let computer = color.opposite();
                let (by, offerer) = (
                    live.player(computer).name.clone(),
                    live.player(color).name.clone(),
                );
                if self
                    .games
                    .computer_accepts_draw(live.game.clone(), computer)
                    .await
                {
                    let message = OfferMsg::DrawAccepted { by, offerer };
                    self.games.finish(live, agreed, message.into()).await
                } else {
                    let message = OfferMsg::DrawDeclined { by, offerer };
                    self.set_offer(live, Offer::Draw, None, color, message)
                        .await
                }
            }
            DrawAction::Offer if standing == Some(color) => {
                Reply::private(Refusal::DrawOfferStands).with_game(live.row.id)
            }
            DrawAction::Offer => {
                let message = OfferMsg::DrawOffered {
                    by: live.player(color).name.clone(),
                    to: live.player(color.opposite()).name.clone(),
                };
                self.set_offer(live, Offer::Draw, Some(color), color.opposite(), message)
                    .await
            }
            // An offer from the opponent is accepted above.
            DrawAction::Accept => Reply::private(Refusal::NoDrawOffer).with_game(live.row.id),
            DrawAction::Decline if standing != Some(color.opposite()) => {
                Reply::private(Refusal::NoDrawOffer).with_game(live.row.id)
            }
            DrawAction::Decline => {
                let message = OfferMsg::DrawDeclined {
                    by: live.player(color).name.clone(),
                    offerer: live.player(color.opposite()).name.clone(),
                };
                self.set_offer(live, Offer::Draw, None, color.opposite(), message)
                    .await
            }
        }
    }

    pub(crate) async fn takeback(
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
                    return Reply::private(Refusal::NothingToTakeBack).with_game(live.row.id);
                }
                let message = OfferMsg::SelfTakeback {
                    player: origin.user.name.clone(),
                };
                self.apply_takeback(live, 1, message).await
            }
            TakebackAction::Offer if is_computer(live.player(color.opposite()).id) => {
                // The computer grants every takeback at once.
                let plies = plies_to_take_back(live, color);
                if plies == 0 {
                    return Reply::private(Refusal::NothingToTakeBack).with_game(live.row.id);
                }
                let message = OfferMsg::TakebackGranted {
                    by: live.player(color.opposite()).name.clone(),
                    requester: live.player(color).name.clone(),
                };
                self.apply_takeback(live, plies, message).await
            }
            TakebackAction::Offer | TakebackAction::Accept
                if standing == Some(color.opposite()) =>
            {
                let requester = color.opposite();
                let plies = plies_to_take_back(live, requester);
                let message = OfferMsg::TakebackGranted {
                    by: live.player(color).name.clone(),
                    requester: live.player(requester).name.clone(),
                };
                self.apply_takeback(live, plies, message).await
            }
            TakebackAction::Offer if standing == Some(color) => {
                Reply::private(Refusal::TakebackStands).with_game(live.row.id)
            }
            TakebackAction::Offer => {
                if plies_to_take_back(live, color) == 0 {
                    return Reply::private(Refusal::NothingToTakeBack).with_game(live.row.id);
                }
                let message = OfferMsg::TakebackRequested {
                    by: live.player(color).name.clone(),
                    to: live.player(color.opposite()).name.clone(),
                };
                self.set_offer(
                    live,
                    Offer::Takeback,
                    Some(color),
                    color.opposite(),
                    message,
                )
                .await
            }
            TakebackAction::Accept | TakebackAction::Decline => {
                if standing != Some(color.opposite()) {
                    return Reply::private(Refusal::NoTakebackRequest).with_game(live.row.id);
                }
                let message = OfferMsg::TakebackDeclined {
                    by: live.player(color).name.clone(),
                    requester: live.player(color.opposite()).name.clone(),
                };
                self.set_offer(live, Offer::Takeback, None, color.opposite(), message)
                    .await
            }
        }
    }

    /// Removes the last `plies` plies, stores that, and shows the board.
    async fn apply_takeback(&self, live: &mut Live, plies: usize, message: OfferMsg) -> Reply {
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
        state.turn_started_ms = self.ctx.now_ms();
        // A takeback on a clock brings back the clocks as they stood at the turn taken back.
        state.clocks = clocks::clocks_at(live, keep);
        let id = live.row.id;
        if let Err(e) = self
            .ctx
            .store(self.ctx.db().take_back(id, keep, &state))
            .await
        {
            for turn in undone.into_iter().rev() {
                if let Err(err) = live.game.play(turn) {
                    tracing::error!(game = id, error = %err, "could not restore a turn after a failed takeback");
                }
            }
            return save_failed(&e);
        }
        self.ctx.changed(id);
        live.row.state = state;
        live.pending = None;
        live.clocks.truncate(keep);
        let messages = vec![message.into(), live.status().into()];
        game_reply(live, messages)
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
