//! A whole game in Japanese through the console's commands: the events are checked as data,
//! and the console's words come from the Japanese catalog.

use console::CONSOLE_GUILD;
use domain::messages::{ChallengeMsg, Message, Refusal, TurnMsg};
use domain::{Action, Locale, Reply};
use present::i18n::{Lang, Surface};
use present::{action_label, reply_text};
use rules::{Color, EndReason, Outcome};
use testkit::harness::{Harness, over, played};

fn console(reply: &Reply) -> String {
    reply_text(reply, Surface::Console)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_japanese() {
    let mut h = Harness::new().await;
    h.locale = Locale::both(Lang::Ja);

    let r = h.say("alice> challenge bob white").await;
    assert!(!r.private && r.lang == Lang::Ja, "{r:?}");
    assert!(
        matches!(
            r.messages.first(),
            Some(Message::Challenge(ChallengeMsg::Challenged { challenger, opponent: Some(o), .. }))
                if challenger == "alice" && o == "bob"
        ),
        "{r:?}"
    );
    assert!(
        console(&r).contains("aliceがbobに通常のチェス"),
        "{}",
        console(&r)
    );
    assert_eq!(
        action_label(r.actions[0], r.lang, Surface::Console),
        "受ける"
    );

    let r = h.say("bob> accept").await;
    assert!(
        r.messages.iter().any(|m| matches!(
            m,
            Message::Challenge(ChallengeMsg::Started { players, .. })
                if players.white == "alice" && players.black == "bob"
        )),
        "{r:?}"
    );
    assert!(console(&r).contains("対局開始"), "{}", console(&r));
    assert!(
        console(&r).contains("alice（白）の手番です。"),
        "{}",
        console(&r)
    );

    // A refusal is private, in the user's language, and changes nothing.
    let r = h.say("bob> move e5").await;
    assert!(r.private, "{r:?}");
    assert!(
        matches!(
            r.messages.first(),
            Some(Message::Refusal(Refusal::NotYourTurn { player, color: Color::White }))
                if player == "alice"
        ),
        "{r:?}"
    );
    assert_eq!(
        console(&r),
        "あなたの手番ではありません。alice（白）の手番です。"
    );
    let r = h.say("alice> move Qh5").await;
    assert!(
        console(&r).contains("h5に行けるあなたのクイーンはありません。"),
        "{}",
        console(&r)
    );

    let mut last = Reply::default();
    for (who, turn) in [
        ("alice", "f3"),
        ("bob", "e5"),
        ("alice", "g4"),
        ("bob", "Qh4#"),
    ] {
        last = h.say(&format!("{who}> move {turn}")).await;
        assert!(!last.private && last.lang == Lang::Ja, "{last:?}");
        assert_eq!(played(&last), [turn]);
    }
    assert_eq!(
        over(&last),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Checkmate,
        })
    );
    assert!(last.image.is_some());
    let said = console(&last);
    assert!(said.contains("2... Qh4# — bob（黒）"), "{said}");
    assert!(said.contains("0-1 — チェックメイトで黒の勝ち。"), "{said}");
    assert!(
        !last
            .messages
            .iter()
            .any(|m| matches!(m, Message::Turn(TurnMsg::ToMove { .. }))),
        "nobody is to move: {last:?}"
    );
    // The same reply on Discord: names bold, notation as it is, words from the same catalog.
    let discord = reply_text(&last, Surface::Discord);
    assert!(
        discord.contains("**2... Qh4#** — **bob**（黒）"),
        "{discord}"
    );
    assert_eq!(
        action_label(Action::Flip, Lang::Ja, Surface::Discord),
        "盤を反転"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_replies_follow_the_user_and_public_ones_the_server() {
    let mut h = Harness::new().await;
    h.locale = Locale {
        user: Some(Lang::Ja),
        server: Some(Lang::En),
    };
    let r = h.say("alice> challenge bob white").await;
    assert!(!r.private && r.lang == Lang::En, "{r:?}");
    assert!(
        console(&r).contains("alice challenges bob"),
        "{}",
        console(&r)
    );
    let r = h.say("alice> accept").await;
    assert!(r.private && r.lang == Lang::Ja, "{r:?}");
    assert_eq!(
        console(&r),
        "この挑戦はbob宛てです。受けられるのはその人だけです。"
    );
    // Without any locale (a typed move), the server's language last seen.
    h.locale = Locale::default();
    let r = h.say("alice> accept").await;
    assert_eq!(r.lang, Lang::En);
    assert_eq!(
        console(&r),
        "This challenge is for bob; only they can accept it."
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_without_a_locale_speaks_the_servers_language_last_seen() {
    let mut h = Harness::new().await;
    let r = h.say("alice> challenge bob white").await;
    assert_eq!(r.lang, Lang::En, "never seen: English");
    h.locale = Locale {
        user: None,
        server: Some(Lang::Ja),
    };
    h.say("bob> accept").await;
    h.locale = Locale::default();
    let r = h.say("alice> move e4").await;
    assert!(!r.private && r.lang == Lang::Ja, "{r:?}");
    assert!(
        console(&r).contains("bob（黒）の手番です。"),
        "{}",
        console(&r)
    );
}

/// Issue 10: a server's language told at start (as the console tells its `--lang`) words the
/// notices given before any command there: turns announced after a restart, and a challenge
/// that expires.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notices_before_any_command_speak_the_language_told_at_start() {
    let mut h = Harness::new().await;
    h.say("alice> challenge bob white").await;
    let start = h.say("bob> accept").await;
    h.service
        .mark_shown(
            start.game.expect("the game started"),
            start.shows.expect("the start shows the game"),
        )
        .await;
    // Stored, but never marked as shown: the restart announces it.
    h.say("alice> move e4").await;
    h.say_in("side", "carol> challenge dave").await;
    h.restart().await;
    h.service.note_server_lang(CONSOLE_GUILD, Lang::Ja);
    h.advance(h.config.challenge_ttl + std::time::Duration::from_secs(1));
    let notices = h.sweep().await;
    let texts: Vec<String> = notices.iter().map(|n| console(&n.reply)).collect();
    assert!(
        notices.iter().all(|n| n.reply.lang == Lang::Ja),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("再起動のため遅れてお知らせします：\n1. e4")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("carolからdaveへの挑戦は応答がないまま期限切れになりました。")),
        "{texts:?}"
    );
}
