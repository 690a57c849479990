//! The TRF reader and writer: the sample files, round trips, accelerations, typed errors on
//! bad input, and the lines refused because nadare would pair otherwise.

use tournament::trf::{self, TrfErrorKind};
use tournament::{Colour, Entry, Outcome, Player, Points, Tournament};

const SAMPLE: &str = include_str!("../data/swiss/sample-1-p7-r5.trf");

#[test]
fn reads_a_sample_with_its_scores() {
    let t = trf::read(SAMPLE).expect("sample reads");
    assert_eq!(t.players.len(), 7);
    assert_eq!(t.name.as_deref(), Some("AutoTest Tournament 777001"));
    let p3 = t.player(3).expect("player 3");
    assert_eq!(p3.rounds.len(), 5);
    assert_eq!(p3.score(), Points(5));
    assert_eq!(
        p3.rounds[3],
        Entry {
            opponent: None,
            colour: None,
            outcome: Outcome::PairingBye
        }
    );
    assert_eq!(
        p3.rounds[0],
        Entry {
            opponent: Some(6),
            colour: Some(Colour::White),
            outcome: Outcome::Draw
        }
    );
    assert_eq!(t.player(2).map(Player::score), Some(Points(8)));
}

#[test]
fn every_sample_reads_back_equal_after_writing() {
    for text in [
        SAMPLE,
        include_str!("../data/swiss/sample-2-p12-r7.trf"),
        include_str!("../data/swiss/sample-3-p25-r9.trf"),
        include_str!("../data/swiss/sample-4-p60-r9.trf"),
    ] {
        let mut t = trf::read(text).expect("sample reads");
        t.total_rounds = Some(9);
        t.initial_colour = Some(Colour::Black);
        let again = trf::read(&trf::write(&t)).expect("written file reads");
        assert_eq!(again, t);
    }
}

#[test]
fn a_hand_made_tournament_round_trips() {
    let t = Tournament {
        name: Some("Grand Prix 1991".into()),
        total_rounds: Some(3),
        initial_colour: Some(Colour::White),
        accelerations: Default::default(),
        players: vec![
            Player {
                number: 1,
                name: "Ōta, Hanako".into(),
                rating: Some(2100),
                rounds: vec![
                    Entry {
                        opponent: Some(2),
                        colour: Some(Colour::White),
                        outcome: Outcome::ForfeitWin,
                    },
                    Entry {
                        opponent: None,
                        colour: None,
                        outcome: Outcome::HalfBye,
                    },
                ],
            },
            Player {
                number: 2,
                name: "Smith".into(),
                rating: None,
                rounds: vec![
                    Entry {
                        opponent: Some(1),
                        colour: Some(Colour::Black),
                        outcome: Outcome::ForfeitLoss,
                    },
                    Entry {
                        opponent: None,
                        colour: None,
                        outcome: Outcome::PairingBye,
                    },
                ],
            },
        ],
    };
    let text = trf::write(&t);
    assert!(text.contains("XXR 3\n") && text.contains("XXC white1\n"));
    assert_eq!(trf::read(&text), Ok(t));
}

/// A valid player line to break.
fn line() -> String {
    "001    1      Test0001 Player0001               2654                             3.5    2     4 w =     6 b 1".to_owned()
}

#[test]
fn bad_input_is_a_typed_error_with_its_place() {
    let bad_result = line().replace("6 b 1", "6 b 7");
    let error = trf::read(&bad_result).expect_err("bad result");
    assert_eq!((error.line, error.column), (1, 109));
    assert_eq!(error.kind, TrfErrorKind::BadResult("7".into()));

    let bad_colour = format!("012 x\n{}", line().replace("4 w =", "4 x ="));
    let error = trf::read(&bad_colour).expect_err("bad colour");
    assert_eq!((error.line, error.column), (2, 97));

    let bad_number = line().replace("001    1", "001   x1");
    let error = trf::read(&bad_number).expect_err("bad number");
    assert_eq!(error.kind, TrfErrorKind::BadNumber("x1".into()));

    let unknown = trf::read(&line()).expect_err("opponent 4 is missing");
    assert_eq!(unknown.kind, TrfErrorKind::UnknownOpponent(4));

    let twice = format!("{}\n{}", line(), line());
    assert!(matches!(
        trf::read(&twice).map_err(|e| e.kind),
        Err(TrfErrorKind::Duplicate(1))
    ));
    let bye_with_colour = line().replace("4 w =", "0 w U");
    assert_eq!(
        trf::read(&bye_with_colour).map_err(|e| e.kind),
        Err(TrfErrorKind::Inconsistent)
    );
    assert!(trf::read("XXR many").is_err());
    assert!(trf::read("XXC red").is_err());
}

#[test]
fn short_lines_and_odd_characters_never_panic() {
    for text in [
        "001",
        "001 ",
        "001    1 é",
        "001    1      ü",
        "XXR",
        "\u{feff}001",
    ] {
        let _ = trf::read(text);
    }
    let cut = line();
    for end in 0..cut.len() {
        if let Some(prefix) = cut.get(..end) {
            let _ = trf::read(prefix);
        }
    }
}

#[test]
fn accelerations_are_read_as_the_endorsed_program_reads_them() {
    let text = [
        "001    1      A                                 2000                             0.0",
        "001    2      B                                 1900                             0.0",
        "001    3      C                                 1800                             0.0",
        "142 7",
        "152 B",
        "XXA    1  1.0  1.0  0.5",
        "XXA    1       0.5",
        "250       0.5   2   3    2    3",
    ]
    .join("\n");
    let t = trf::read(&text).expect("reads");
    assert_eq!(t.total_rounds, Some(7));
    assert_eq!(t.initial_colour, Some(Colour::Black));
    // XXA lines add rounds to a player's list; a 250 line fills rounds 2-3 of players 2-3.
    let accelerations: Vec<(u32, Vec<Points>)> = t.accelerations.clone().into_iter().collect();
    let half = Points::DRAW;
    assert_eq!(
        accelerations,
        [
            (1, vec![Points::WIN, Points::WIN, half, Points(0), half]),
            (2, vec![Points(0), half, half]),
            (3, vec![Points(0), half, half]),
        ]
    );
    assert_eq!(t.acceleration(1, 2), half);
    assert_eq!(t.acceleration(1, 9), Points(0));
    assert_eq!(trf::read(&trf::write(&t)), Ok(t));
}

#[test]
fn lines_that_would_change_the_pairing_otherwise_are_refused() {
    let player =
        "001    1      A                                 2000                             0.0";
    let refused = |extra: &str| {
        matches!(
            trf::read(&format!("{player}\n{extra}")).map_err(|e| e.kind),
            Err(TrfErrorKind::Unsupported { .. })
        )
    };
    for line in [
        "192 FIDE_DUTCH_2025_BAKU",
        "192 FIDE_BURSTEIN",
        "BBW  3.0",
        "BBD  1.0",
        "162  W 3.0    D 1.0    L 0.0",
        "XXP 1 2",
        "260   1   9    1    2",
        "240   2    1",
        "013 Team A",
    ] {
        assert!(refused(line), "{line}");
    }
    for line in [
        "192 FIDE_DUTCH_2025",
        "092 FIDE_DUTCH_2025",
        "BBW  1.0",
        "BBU  1.0",
        "BBZ  0.0",
        "162  W 1.0    D 0.5    L 0.0",
        "022 Somewhere",
    ] {
        assert!(trf::read(&format!("{player}\n{line}")).is_ok(), "{line}");
    }
    for line in [
        "XXA    1  0.3",
        "XXA    1  x",
        "250   1.0  1.0   1   1    1    1",
    ] {
        assert!(
            matches!(
                trf::read(&format!("{player}\n{line}")).map_err(|e| e.kind),
                Err(TrfErrorKind::BadValue(_))
            ),
            "{line}"
        );
    }
}
