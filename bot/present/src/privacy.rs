//! Users' data in words: what is stored, the question before forgetting and its answer, and
//! what the file of one's data holds.

use super::Say;
use crate::fluent_args;
use domain::messages::{ForgetPlan, PrivacyMsg};

pub(super) fn words(say: &Say, message: &PrivacyMsg) -> String {
    match message {
        PrivacyMsg::Policy => say.plain("privacy-policy"),
        PrivacyMsg::Confirm(plan) => {
            let mut lines = vec![say.plain("privacy-confirm")];
            lines.extend(plan_lines(say, plan, false));
            lines.push(say.plain("privacy-forget-how"));
            lines.join("\n")
        }
        PrivacyMsg::Forgotten(plan) => {
            let mut lines = vec![say.plain("privacy-forgotten")];
            lines.extend(plan_lines(say, plan, true));
            lines.push(say.plain("privacy-play-again"));
            lines.join("\n")
        }
        PrivacyMsg::NothingStored => say.plain("privacy-nothing-stored"),
        PrivacyMsg::Kept => say.plain("privacy-kept"),
        PrivacyMsg::NotForgotten { ended } => {
            say.text("privacy-not-forgotten", &fluent_args![("ended", *ended)])
        }
        PrivacyMsg::Export {
            games,
            ratings,
            tournaments,
        } => say.text(
            "privacy-export",
            &fluent_args![
                ("games", *games),
                ("ratings", *ratings),
                ("tournaments", *tournaments)
            ],
        ),
    }
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
