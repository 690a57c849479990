//! Checks on what the help and rules catalogs say: within Discord's message limit in every
//! language and front, and stating the facts of docs/rules.md that tell the variants apart.

use super::{Lang, Surface, plain};
use domain::Id;

const RULES: [&str; 6] = [
    "variants-overview",
    "rules-standard",
    "rules-chess960",
    "rules-avalanche",
    "rules-avalanche-balanced",
    "rules-avalanche-reversed",
];

#[test]
fn help_and_rules_fit_in_one_discord_message() {
    for lang in Lang::all() {
        for surface in Surface::ALL {
            for key in RULES.iter().chain(&["help", "privacy-policy"]) {
                let text = plain(lang, surface, key);
                let length = text.chars().count();
                assert!(
                    (200..=2000).contains(&length),
                    "{lang:?} {surface:?} `{key}`: {length} characters"
                );
            }
        }
    }
}

#[test]
fn the_rules_state_what_sets_each_variant_apart() {
    for lang in Lang::all() {
        let text = |key| plain(lang, Surface::Console, key);
        for id in [
            "standard",
            "chess960",
            "avalanche",
            "avalanche-balanced",
            "avalanche-reversed",
        ] {
            assert!(
                text("variants-overview").contains(&format!("`{id}`")),
                "{id}"
            );
        }
        assert!(text("rules-chess960").contains("518"));
        assert!(text("rules-chess960").contains("959"));
        let reversed = text("rules-avalanche-reversed");
        for fact in ["d8", "e8", "d8→f8", "h8→e8", "d8→b8", "a8→c8"] {
            assert!(reversed.contains(fact), "{lang:?}: {fact}");
        }
        for key in [
            "rules-avalanche",
            "rules-avalanche-balanced",
            "rules-avalanche-reversed",
        ] {
            let avalanche = text(key);
            for notation in ["`Nf3/a3`", "`Nf3//`", "`=N Kd2/e6`"] {
                assert!(avalanche.contains(notation), "{lang:?} {key}: {notation}");
            }
        }
        assert!(!text("rules-standard").contains("Nf3/a3"));
        // The rules command is written the front's way.
        let discord = plain(lang, Surface::Discord, "variants-overview");
        let command = match lang {
            Lang::En => "`/rules`",
            Lang::Ja => "`/ルール`",
        };
        assert!(discord.contains(command), "{discord}");
        let console = plain(lang, Surface::Console, "variants-overview");
        assert!(console.contains(" rules ") && !console.contains("/rules"));
    }
}

#[test]
fn japanese_rules_use_one_word_for_the_push() {
    let avalanche = plain(Lang::Ja, Surface::Console, "rules-avalanche");
    assert!(avalanche.contains("押し出し"));
    assert!(!avalanche.contains("プッシュ"));
    for term in [
        "チェックメイト",
        "ステイルメイト",
        "アンパッサン",
        "キャスリング",
    ] {
        assert!(
            avalanche.contains(term)
                || plain(Lang::Ja, Surface::Console, "rules-standard").contains(term),
            "{term}"
        );
    }
}

/// The help of each front names every command declared there (but itself): Discord's every
/// slash command by its name in the reader's language, the console's every command word.
#[test]
fn the_help_names_every_declared_command() {
    let mut missing = Vec::new();
    for lang in Lang::all() {
        let discord = plain(lang, Surface::Discord, "help");
        let console = plain(lang, Surface::Console, "help");
        for spec in domain::commands::COMMANDS
            .iter()
            .filter(|c| c.name != "help")
        {
            let name = plain(lang, Surface::Discord, &format!("command-{}", spec.name));
            if spec.slash && !discord.contains(&format!("`/{name}")) {
                missing.push(format!("{lang:?} Discord: /{name}"));
            }
            if !console.contains(&format!("`{}", spec.name)) {
                missing.push(format!("{lang:?} console: {}", spec.name));
            }
        }
    }
    assert!(missing.is_empty(), "not in the help: {missing:?}");
}
