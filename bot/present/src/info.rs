//! Help and the rules, from the front's help file and the shared rules file.

use super::Say;
use crate::fluent_args;
use domain::messages::InfoMsg;

pub(super) fn words(say: &Say, message: &InfoMsg) -> String {
    match message {
        InfoMsg::Help | InfoMsg::VariantsOverview => say.says(message, &fluent_args![]),
        InfoMsg::Rules(variant) => say.says_form(message, variant.id(), &fluent_args![]),
    }
}
