//! Games against the computer through the console binary: whole games in every variant, a
//! restart while the computer was to move, and hints.

use std::path::Path;

use domain::{Games, StoredGame, computer, computer_level};
use engine::review::{assess, default_depth};
use rules::{Color, Game, Variant};
use storage::Storage;
use testkit::stores::block_on;

/// The most turns the human plays before resigning; the games below end well before.
const TURN_CAP: usize = 300;

/// The console's output for `script`, which must run to its end.
fn nadare(dir: &Path, script: &str) -> String {
    let out = crate::script::nadare(dir, script)
        .output()
        .expect("run nadare");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stored(dir: &Path) -> StoredGame {
    let storage = Storage::open(&dir.join("nadare.db")).expect("open");
    block_on(storage.load_game(1))
        .expect("load")
        .expect("game 1")
}

/// The game a stored record replays to, checked turn by turn by the rules crate.
fn replay(stored: &StoredGame) -> Game {
    let mut game = Game::new(stored.row.variant, stored.row.chess960).expect("setup");
    for notation in &stored.turns {
        let turn = game.position().parse_turn(notation).expect("stored turn");
        game.play(turn).expect("legal stored turn");
    }
    game
}

/// Plays a whole game of `variant` against the computer at level 1, the human always
/// choosing the first legal turn (so the run is the same every time), one console run per
/// human turn (the database carries the game from run to run).
fn whole_game(variant: Variant, human: Color) {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = nadare(
        dir.path(),
        &format!(
            "alice> challenge computer level 1 {} {}\n",
            variant.id(),
            if human == Color::White {
                "white"
            } else {
                "black"
            }
        ),
    );
    assert!(out.contains("The game is on"), "{out}");
    let record = stored(dir.path());
    let bot = if human == Color::White {
        &record.row.black
    } else {
        &record.row.white
    };
    assert_eq!(computer_level(bot.id), Some(1));
    let mut human_turns = 0;
    loop {
        let record = stored(dir.path());
        let game = replay(&record);
        if record.row.state.finished.is_some() {
            assert_eq!(
                game.outcome(),
                record.row.state.finished.map(|f| f.outcome),
                "the stored result is the rules' result"
            );
            break;
        }
        // The computer always answers at once: the human is to move whenever the game goes on.
        assert_eq!(game.position().side_to_move(), human, "{:?}", record.turns);
        assert!(
            human_turns < TURN_CAP,
            "the game did not end within the cap"
        );
        let turns = game.position().legal_turns();
        let turn = turns.first().expect("a legal turn in a game that goes on");
        let notation = game.position().turn_to_notation(turn);
        let out = nadare(dir.path(), &format!("alice> move {notation}\n"));
        assert!(!out.contains("not your turn"), "{out}");
        human_turns += 1;
    }
    let record = stored(dir.path());
    assert!(human_turns > 0);
    assert_eq!(
        record.announced.map(|s| s.plies),
        Some(record.turns.len()),
        "every turn shown"
    );
}

#[test]
fn a_whole_standard_game_against_the_computer() {
    whole_game(Variant::Standard, Color::White);
}

#[test]
fn a_whole_chess960_game_against_the_computer_opening() {
    whole_game(Variant::Chess960, Color::Black);
}

#[test]
fn whole_avalanche_games_against_the_computer() {
    for (i, variant) in Variant::ALL
        .into_iter()
        .filter(|v| !matches!(v, Variant::Standard | Variant::Chess960))
        .enumerate()
    {
        whole_game(
            variant,
            if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
        );
    }
}

#[test]
fn the_computer_plays_its_turn_after_a_restart_in_the_middle_of_its_thinking() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = nadare(dir.path(), "alice> challenge computer level 2 white\n");
    assert!(out.contains("The game is on"), "{out}");
    {
        // The human's turn is committed as the service would, and the process dies while the
        // computer thinks: nothing of the computer's is stored.
        let storage = Storage::open(&dir.path().join("nadare.db")).expect("open");
        let game = block_on(storage.load_game(1)).expect("load").expect("game");
        assert_eq!(game.turns.len(), 0);
        block_on(storage.record_turn(1, 0, "e4", &game.row.state.next(), None)).expect("turn");
    }
    let out = nadare(dir.path(), "carol> board\n");
    let bot = computer(2);
    assert!(out.contains("1. e4 — alice (White)"), "{out}");
    assert_eq!(
        out.matches("\n  1... ").count(),
        1,
        "the computer's answer is announced once: {out}"
    );
    // Its name is shown with its colour inside its parentheses: "nadare (level 2, Black)".
    let shown = bot.name.replace(')', ", Black)");
    assert!(out.contains(&shown), "{out}");
    let record = stored(dir.path());
    assert_eq!(record.turns.len(), 2, "{:?}", record.turns);
    assert_eq!(record.announced.map(|s| s.plies), Some(2));
    let out = nadare(dir.path(), "carol> board\n");
    assert!(!out.contains("Announced after"), "announced once: {out}");
    assert_eq!(stored(dir.path()).turns.len(), 2, "played once");
}

#[test]
fn hints_are_given_against_the_computer_only() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = nadare(
        dir.path(),
        "alice> challenge computer white\nalice> hint\n\
         bob@people> challenge carol\ncarol@people> accept\nbob@people> hint\n",
    );
    // The hint is the turn a review judges best there: the same search at the same depth.
    let start = Game::new(Variant::Standard, None).expect("the setup");
    let best = assess(&start, default_depth(Variant::Standard))
        .best
        .expect("a turn");
    let hint = format!("A hint: {}", start.position().turn_to_notation(&best));
    assert!(out.contains(&hint), "`{hint}` in {out}");
    assert!(
        out.contains("Hints are only for games against the computer"),
        "{out}"
    );
    // The hint changed nothing: the human is still to move, no turn stored.
    assert!(stored(dir.path()).turns.is_empty());
}

#[test]
fn the_computer_grants_a_takeback_of_the_humans_last_turn_and_its_answer() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = nadare(
        dir.path(),
        "alice> challenge computer level 1 white\nalice> move e4\n",
    );
    assert!(out.contains("1. e4 — alice"), "{out}");
    assert_eq!(stored(dir.path()).turns.len(), 2, "the computer answered");
    let out = nadare(dir.path(), "alice> takeback\n");
    assert!(
        out.contains("nadare (level 1) grants alice's takeback"),
        "{out}"
    );
    let record = stored(dir.path());
    assert!(record.turns.is_empty(), "{:?}", record.turns);
    // White to move again, so the computer does not play.
    let out = nadare(dir.path(), "alice> move d4\n");
    assert!(out.contains("1. d4 — alice"), "{out}");
    assert_eq!(stored(dir.path()).turns.len(), 2);
}
