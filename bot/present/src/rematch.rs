//! Rematches in words.

use super::Say;
use crate::fluent_args;
use domain::messages::RematchMsg;

pub(super) fn words(say: &Say, message: &RematchMsg) -> String {
    let args = match message {
        RematchMsg::Asked { by } => fluent_args![("player", say.name(by))],
        RematchMsg::NoFinishedGame | RematchMsg::AfterAbort => fluent_args![],
    };
    say.says(message, &args)
}
