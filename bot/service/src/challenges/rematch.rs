//! Rematches: a player of a finished game challenges the other again, colours swapped, the
//! same variant, Chess960 setup, deadline and rating (rated or casual). Against the computer
//! or oneself the new game starts at once, as any challenge of theirs does; otherwise the
//! other player must accept.

use rules::{Color, EndReason};

use domain::messages::{Refusal, RematchMsg};
use domain::{ColorChoice, Origin, Reply, SetupChoice};

use super::Challenges;
use super::challenge::Ask;
use crate::games::SlotGuard;
use crate::live::Slot;
use crate::replies::not_a_player;

impl Challenges {
    pub(crate) async fn rematch(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        let live = match &**guard {
            Slot::Game(live) => live,
            Slot::Challenge(c) => {
                return Reply::private(Refusal::ChallengeOpen {
                    challenger: c.challenger.name.clone(),
                });
            }
            Slot::Free | Slot::Retired => return Reply::private(RematchMsg::NoFinishedGame),
        };
        let Some(outcome) = live.outcome() else {
            return Reply::private(Refusal::GameGoingOn {
                players: live.players(),
            });
        };
        if outcome.reason == EndReason::Aborted {
            return Reply::private(RematchMsg::AfterAbort).with_game(live.row.id);
        }
        let colors = live.colors_of(origin.user.id);
        let Some(&played) = colors.first() else {
            return not_a_player(live);
        };
        let (color, opponent) = if live.is_solo() {
            (ColorChoice::White, live.row.white.clone())
        } else {
            let color = match played {
                Color::White => ColorChoice::Black,
                Color::Black => ColorChoice::White,
            };
            (color, live.player(played.opposite()).clone())
        };
        let ask = Ask {
            opponent: Some(opponent),
            variant: live.row.variant,
            setup: match &live.row.start_fen {
                Some(fen) => Some(SetupChoice::Position(fen.clone())),
                None => live
                    .game
                    .chess960_number()
                    .filter(|_| live.row.variant.allows_chess960_setup())
                    .map(SetupChoice::Number),
            },
            color,
            deadline: live.row.deadline,
            time: live.row.time,
            rated: Some(live.row.rated),
        };
        let mut reply = self.challenge(origin, guard, ask).await;
        if !reply.private {
            reply.messages.insert(
                0,
                RematchMsg::Asked {
                    by: origin.user.name.clone(),
                }
                .into(),
            );
        }
        reply
    }
}
