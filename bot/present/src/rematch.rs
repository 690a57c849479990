//! Rematches in words.

use super::Say;
use crate::fluent_args;
use domain::messages::RematchMsg;

pub(super) fn words(say: &Say, message: &RematchMsg) -> String {
    match message {
        RematchMsg::Asked { by } => {
            say.text("rematch-asked", &fluent_args![("player", say.name(by))])
        }
        RematchMsg::NoFinishedGame => say.plain("rematch-no-finished-game"),
        RematchMsg::AfterAbort => say.plain("rematch-after-abort"),
    }
}
