//! Playing turns: whole or in steps, promotion choices, losing pushes, mistakes with
//! suggestions.

use domain::messages::{Message, PushChoice, Refusal, TurnMsg};
use domain::suggest::closest;
use domain::timing::Charge;
use domain::{Action, EarlyPrivacy, Finished, Origin, Reply, StoreError};
use rules::{MoveError, ParsedInput, Position, Turn, TurnPrefix};

use super::clocks;
use super::results::change_messages;
use super::{Games, SlotGuard};
use crate::live::{Live, game_in};
use crate::pending::Pending;
use crate::replies::{game_over, game_reply, not_a_player, save_failed};

/// How many suggestions a mistake gets.
const SUGGESTIONS: usize = 5;

/// Why a player may not act on the turn now, if they may not.
pub(crate) fn refuse_turn(live: &Live, origin: &Origin) -> Option<Reply> {
    if live.outcome().is_some() {
        return Some(game_over(live));
    }
    let colors = live.colors_of(origin.user.id);
    if colors.is_empty() {
        return Some(not_a_player(live));
    }
    if !colors.contains(&live.to_move()) {
        let color = live.to_move();
        return Some(
            Reply::private(Refusal::NotYourTurn {
                player: live.player(color).name.clone(),
                color,
            })
            .with_game(live.row.id),
        );
    }
    None
}

impl Games {
    pub(crate) async fn play_input(
        &self,
        origin: &Origin,
        guard: &mut SlotGuard,
        input: &str,
        early: &EarlyPrivacy,
    ) -> Reply {
        let live = match game_in(guard) {
            Ok(live) => live,
            Err(reply) => return *reply,
        };
        if let Some(refusal) = refuse_turn(live, origin) {
            return refusal;
        }
        let pos = live.game.position().clone();
        let prefix = match &live.pending {
            Some(Pending::Prefix(p)) => *p,
            _ => TurnPrefix::default(),
        };
        match read_input(&pos, input, &prefix) {
            Err(error) => Reply::private(Refusal::Illegal {
                suggestions: suggestions(&pos, &prefix, input, &error),
                error,
            })
            .with_game(live.row.id),
            Ok(ParsedInput::Complete(turn)) => {
                if live.pending == Some(Pending::Confirm(turn)) {
                    return self.play_turn(live, turn).await;
                }
                if pos.is_losing_push(&turn) {
                    early.mark_private();
                    let notation = pos.turn_to_notation(&turn);
                    if let Err(e) = self.set_pending(live, Some(Pending::Confirm(turn))).await {
                        return save_failed(&e);
                    }
                    let mut reply =
                        Reply::private(TurnMsg::LosingPush { notation }).with_game(live.row.id);
                    reply.actions = vec![Action::ConfirmPush, Action::CancelPush];
                    return reply;
                }
                self.play_turn(live, turn).await
            }
            Ok(ParsedInput::NeedsMove { promotion }) => {
                early.mark_private();
                let square = pos.pending_promotion();
                let pending = Pending::Prefix(TurnPrefix {
                    promotion: Some(promotion),
                    mv: None,
                });
                if let Err(e) = self.set_pending(live, Some(pending)).await {
                    return save_failed(&e);
                }
                Reply::private(TurnMsg::PromotionChosen {
                    square,
                    role: promotion,
                })
                .with_game(live.row.id)
            }
            Ok(ParsedInput::NeedsPush { prefix, pushes }) => {
                early.mark_private();
                let pushes = pushes
                    .iter()
                    .map(|p| PushChoice {
                        to: p.to,
                        loses: pos.is_losing_push(&Turn {
                            promotion: prefix.promotion,
                            mv: prefix.mv,
                            push: Some(*p),
                        }),
                    })
                    .collect();
                if let Err(e) = self.set_pending(live, Some(Pending::Prefix(prefix))).await {
                    return save_failed(&e);
                }
                Reply::private(TurnMsg::MoveNoted {
                    input: input.trim().to_owned(),
                    opponent: live.player(live.to_move().opposite()).name.clone(),
                    pushes,
                })
                .with_game(live.row.id)
            }
        }
    }

    pub(crate) async fn confirm_push(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        let live = match game_in(guard) {
            Ok(live) => live,
            Err(reply) => return *reply,
        };
        if let Some(refusal) = refuse_turn(live, origin) {
            return refusal;
        }
        match live.pending {
            Some(Pending::Confirm(turn)) => self.play_turn(live, turn).await,
            _ => Reply::private(Refusal::NoTurnToConfirm).with_game(live.row.id),
        }
    }

    pub(crate) async fn cancel_push(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        let live = match game_in(guard) {
            Ok(live) => live,
            Err(reply) => return *reply,
        };
        if let Some(refusal) = refuse_turn(live, origin) {
            return refusal;
        }
        if live.pending.is_none() {
            return Reply::private(Refusal::NoHalfTurn).with_game(live.row.id);
        }
        if let Err(e) = self.set_pending(live, None).await {
            return save_failed(&e);
        }
        Reply::private(TurnMsg::Dropped).with_game(live.row.id)
    }

    /// Stores a new half-entered turn (or none).
    async fn set_pending(
        &self,
        live: &mut Live,
        pending: Option<Pending>,
    ) -> Result<(), StoreError> {
        let mut state = live.row.state.next();
        state.pending = pending.as_ref().map(Pending::encode);
        self.ctx
            .store(self.ctx.db().update_game(live.row.id, &state, None))
            .await?;
        live.row.state = state;
        live.pending = pending;
        Ok(())
    }

    /// Plays a legal turn, stores it, and announces it with the new board.
    pub(crate) async fn play_turn(&self, live: &mut Live, turn: Turn) -> Reply {
        let before = live.game.position().clone();
        let notation = before.turn_to_notation(&turn);
        let ply = live.game.turns().len();
        let mover = before.side_to_move();
        let now = self.ctx.now_ms();
        let clocks = match clocks::after_turn(&self.ctx, live, now) {
            Some(Charge::Flagged) => {
                // The flag fell before the turn came: the game is lost (or drawn) on time.
                return match self.settle_clock(live).await {
                    Some(reply) => reply,
                    None => Reply::private(Refusal::SaveFailed).with_game(live.row.id),
                };
            }
            Some(Charge::InTime(clocks)) => Some(clocks),
            None => None,
        };
        if let Err(error) = live.game.play(turn) {
            return Reply::private(Refusal::Illegal {
                error,
                suggestions: Vec::new(),
            });
        }
        let mut state = live.row.state.next();
        state.turn_started_ms = now;
        state.clocks = clocks;
        state.reminded = false;
        state.pending = None;
        state.takeback = None;
        let lapsed = state.draw_offer == Some(mover.opposite());
        if lapsed {
            state.draw_offer = None;
        }
        state.finished = live.outcome().map(|outcome| Finished {
            outcome,
            at_ms: now,
        });
        if state.finished.is_some() {
            state.draw_offer = None;
        }
        let rated = match self
            .ctx
            .store(self.write_game(&live.row, Some((ply, &notation)), &state))
            .await
        {
            Ok(rated) => rated,
            Err(e) => {
                live.game.take_back();
                return save_failed(&e);
            }
        };
        live.row.state = state;
        live.pending = None;
        live.clocks.extend(clocks);
        let mut messages: Vec<Message> = vec![live.played(ply, &notation).into()];
        if lapsed {
            messages.push(
                TurnMsg::DrawOfferLapsed {
                    player: live.player(mover.opposite()).name.clone(),
                }
                .into(),
            );
        }
        messages.push(live.status().into());
        messages.extend(change_messages(rated.as_ref()));
        game_reply(live, messages)
    }
}

/// Reads `input` given the half-entered turn `prefix`. With part of a turn entered, other
/// input may start the turn afresh: keeping the promotion choice made, or from nothing (another
/// choice); a bare square while a push is awaited is taken as the push. A refusal names what
/// the input was read as: with a move noted, input that is a turn of its own gets the reason it
/// would get fresh (`Nf5/c5`, an illegal push: that push and the pushes open); input that is no
/// notation at all is no push (the pushes open for the noted move).
fn read_input(pos: &Position, input: &str, prefix: &TurnPrefix) -> Result<ParsedInput, MoveError> {
    let continued = pos.parse_turn_input(input, prefix);
    let awaiting_push = prefix.mv.is_some() && is_bare_square(input);
    if continued.is_ok() || *prefix == TurnPrefix::default() || awaiting_push {
        return continued;
    }
    let choice = TurnPrefix {
        promotion: prefix.promotion,
        mv: None,
    };
    let afresh = if choice == *prefix {
        continued.clone()
    } else {
        pos.parse_turn_input(input, &choice)
    };
    if afresh.is_ok() {
        return afresh;
    }
    if let ok @ Ok(_) = pos.parse_turn_input(input, &TurnPrefix::default()) {
        return ok;
    }
    match afresh {
        Err(fresh) if prefix.mv.is_some() && !matches!(fresh, MoveError::Unparseable { .. }) => {
            Err(fresh)
        }
        _ => continued,
    }
}

/// True for input that is only a square (`a6`, `/a6`), marks aside.
fn is_bare_square(input: &str) -> bool {
    let core = input
        .trim()
        .trim_start_matches('/')
        .trim_end_matches(['+', '#', '!', '?']);
    core.parse::<rules::Square>().is_ok()
}

/// What the player to move may enter next, in canonical notation: with a move noted, the
/// squares of its pushes; with a promotion chosen, the turns that use it; otherwise every
/// legal whole turn, or with `spread` only the first turn of each distinct move.
pub(crate) fn candidates(live: &Live, spread: bool) -> Vec<String> {
    let pos = live.game.position();
    let turns = pos.legal_turns();
    let prefix = match &live.pending {
        Some(Pending::Prefix(p)) => *p,
        _ => TurnPrefix::default(),
    };
    if prefix.mv.is_some() {
        let pushes = pushes_after(&turns, &prefix);
        if !pushes.is_empty() {
            return pushes;
        }
    }
    let mut out: Vec<String> = Vec::new();
    let mut moves = Vec::new();
    for turn in turns.iter() {
        if prefix.promotion.is_some() && turn.promotion != prefix.promotion {
            continue;
        }
        if spread {
            if moves.contains(&turn.mv) {
                continue;
            }
            moves.push(turn.mv);
        }
        out.push(pos.turn_to_notation(turn));
    }
    out
}

/// The squares the pushes of the move noted in `prefix` land on (empty without a noted move,
/// or for a move that has no push).
fn pushes_after(turns: &[Turn], prefix: &TurnPrefix) -> Vec<String> {
    turns
        .iter()
        .filter(|t| prefix.mv.is_some() && t.mv == prefix.mv && t.promotion == prefix.promotion)
        .filter_map(|t| t.push.map(|p| p.to.to_string()))
        .collect()
}

/// Legal input close to what was typed: pushes when a move waits for one, moves alone when
/// an Avalanche move was typed without a push, whole turns otherwise; none when the refusal
/// itself lists what may be written (a pawn's promotions).
fn suggestions(pos: &Position, prefix: &TurnPrefix, typed: &str, error: &MoveError) -> Vec<String> {
    if matches!(
        error,
        MoveError::PromotionMissing { promotions } | MoveError::PromotionToKing { promotions }
            if !promotions.is_empty()
    ) {
        return Vec::new();
    }
    let turns = pos.legal_turns();
    if prefix.mv.is_some() {
        let pushes = pushes_after(&turns, prefix);
        if !pushes.is_empty() {
            return closest(typed, &pushes, SUGGESTIONS);
        }
    }
    let whole: Vec<String> = turns.iter().map(|t| pos.turn_to_notation(t)).collect();
    if pos.variant().rules().push && !typed.contains('/') {
        let moves: Vec<String> = whole
            .iter()
            .map(|n| {
                let head = n.split('/').next().unwrap_or(n);
                head.trim_end_matches(['+', '#']).to_string()
            })
            .collect();
        return closest(typed, &moves, SUGGESTIONS);
    }
    closest(typed, &whole, SUGGESTIONS)
}
