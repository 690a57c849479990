//! The buttons under a reply: their rows, labels and styles, and the custom id each carries
//! (`nadare:GAME:ACTION`), so a press works on any message and after any restart. Pressing one
//! is handled in [`buttons`](super::buttons).

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use domain::{Action, GameId};
use present::i18n::{self, Lang, Surface};

const PREFIX: &str = "nadare";
/// Discord shows at most five buttons in a row.
const PER_ROW: usize = 5;

/// The custom id of `action` for `game`.
pub fn custom_id(game: GameId, action: Action) -> String {
    format!("{PREFIX}:{game}:{}", action.token())
}

/// Reads a custom id written by [`custom_id`].
pub fn parse(custom_id: &str) -> Option<(GameId, Action)> {
    let mut parts = custom_id.splitn(3, ':');
    if parts.next()? != PREFIX {
        return None;
    }
    let game = parts.next()?.parse().ok()?;
    let action = Action::from_token(parts.next()?)?;
    Some((game, action))
}

fn style(action: Action) -> ButtonStyle {
    match action {
        Action::AcceptChallenge => ButtonStyle::Success,
        Action::DeclineChallenge
        | Action::Resign
        | Action::ConfirmResign
        | Action::ConfirmPush
        | Action::ConfirmForget => ButtonStyle::Danger,
        Action::Promote(_) | Action::Rematch | Action::Berserk => ButtonStyle::Primary,
        Action::PreviousPage(_)
        | Action::NextPage(_)
        | Action::StepThrough(_)
        | Action::StepBack(_)
        | Action::StepForward(_) => ButtonStyle::Secondary,
        Action::JoinTournament(_) => ButtonStyle::Success,
        Action::LeaveTournament(_) => ButtonStyle::Secondary,
        Action::OfferDraw | Action::Flip | Action::CancelPush | Action::CancelForget => {
            ButtonStyle::Secondary
        }
    }
}

/// The rows of buttons for `actions` on a reply about `game`, labelled in `lang`.
pub fn rows(game: GameId, actions: &[Action], lang: Lang) -> Vec<CreateActionRow> {
    actions
        .chunks(PER_ROW)
        .map(|chunk| {
            CreateActionRow::Buttons(
                chunk
                    .iter()
                    .map(|action| {
                        CreateButton::new(custom_id(game, *action))
                            .label(present::action_label(*action, lang, Surface::Discord))
                            .style(style(*action))
                    })
                    .collect(),
            )
        })
        .collect()
}

/// The prefix of the "Play on the web" button's custom id (`nadare-web:GAME`).
const WEB_PREFIX: &str = "nadare-web";

/// The row linking a board of `game` to its live page at `watch`: "Watch live", and "Play on
/// the web" while the game goes on (it answers the presser with their own play link).
pub fn web_row(game: GameId, watch: &str, going_on: bool, lang: Lang) -> CreateActionRow {
    let mut buttons = vec![CreateButton::new_link(watch).label(i18n::plain(
        lang,
        Surface::Discord,
        "button-watch-live",
    ))];
    if going_on {
        buttons.push(
            CreateButton::new(format!("{WEB_PREFIX}:{game}"))
                .label(i18n::plain(lang, Surface::Discord, "button-play-web"))
                .style(ButtonStyle::Secondary),
        );
    }
    CreateActionRow::Buttons(buttons)
}

/// The game of a "Play on the web" button's custom id.
pub fn parse_web(custom_id: &str) -> Option<GameId> {
    custom_id
        .strip_prefix(WEB_PREFIX)?
        .strip_prefix(':')?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn web_buttons_read_back_and_stay_apart_from_game_buttons() {
        assert_eq!(parse_web("nadare-web:42"), Some(42));
        assert_eq!(parse_web("nadare-web:x"), None);
        assert_eq!(parse_web("nadare-webs:42"), None);
        assert_eq!(parse("nadare-web:42"), None);
        assert_eq!(parse_web(&custom_id(42, Action::Flip)), None);
    }

    #[test]
    fn custom_ids_round_trip() {
        let pages = [
            Action::PreviousPage(domain::PageRef {
                user: Some(u64::MAX),
                page: u32::MAX,
            }),
            Action::NextPage(domain::PageRef {
                user: None,
                page: 2,
            }),
        ];
        for action in Action::ALL.into_iter().chain(pages) {
            let id = custom_id(u64::MAX, action);
            assert!(
                id.len() <= 100,
                "Discord limits custom ids to 100 characters"
            );
            assert_eq!(parse(&id), Some((u64::MAX, action)));
        }
    }

    #[test]
    fn foreign_or_broken_ids_are_ignored() {
        for id in [
            "",
            "nadare",
            "nadare:12",
            "nadare:x:accept",
            "nadare:1:nope",
            "other:1:accept",
            "nadare:0:page-next",
            "nadare:0:page-next:0",
            "nadare:0:page-next:2.x",
            "nadare:0:rematch:2",
        ] {
            assert_eq!(parse(id), None, "{id}");
        }
    }

    #[test]
    fn rows_hold_five_buttons_at_most() {
        let actions = [Action::Resign; 7];
        let rows = rows(3, &actions, Lang::En);
        assert_eq!(rows.len(), 2);
    }
}
