//! Users' data in words: what is stored, the question before forgetting and its answer, and
//! what the file of one's data holds.

use super::Say;
use crate::fluent_args;
use domain::messages::{ForgetPlan, PrivacyMsg};

pub(super) fn words(say: &Say, message: &PrivacyMsg) -> String {
    let args = match message {
        PrivacyMsg::Confirm(plan) | PrivacyMsg::Forgotten(plan) => {
            let done = matches!(message, PrivacyMsg::Forgotten(_));
            let mut lines = vec![say.says(message, &fluent_args![])];
            lines.extend(plan_lines(say, plan, done));
            lines.push(say.plain(if done {
                "privacy-play-again"
            } else {
                "privacy-forget-how"
            }));
            return lines.join("\n");
        }
        PrivacyMsg::Policy | PrivacyMsg::NothingStored | PrivacyMsg::Kept => fluent_args![],
        PrivacyMsg::NotForgotten { ended } => fluent_args![("ended", *ended)],
        PrivacyMsg::Export {
            games,
            ratings,
            tournaments,
        } => fluent_args![
            ("games", *games),
            ("ratings", *ratings),
            ("tournaments", *tournaments)
        ],
    };
    say.says(message, &args)
}

/// A line for each part of `plan` that is not empty, as what will be done or (`done`) what
/// was; the vacations and names last, always.
fn plan_lines(say: &Say, plan: &ForgetPlan, done: bool) -> Vec<String> {
    let parts = [
        ("privacy-plan-games", plan.games),
        ("privacy-plan-resigned", plan.resigned),
        ("privacy-plan-aborted", plan.aborted),
        ("privacy-plan-challenges", plan.challenges),
        ("privacy-plan-ratings", plan.ratings),
        ("privacy-plan-tournaments", plan.tournaments),
    ];
    let key = |key: &str| {
        if done {
            format!("{key}.done")
        } else {
            key.to_owned()
        }
    };
    let mut lines: Vec<String> = parts
        .into_iter()
        .filter(|(_, count)| *count > 0)
        .map(|(k, count)| say.text(&key(k), &fluent_args![("count", count)]))
        .collect();
    lines.push(say.plain(&key("privacy-plan-rest")));
    lines
}
