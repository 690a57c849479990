//! The TRF reader and writer: the sample files, round trips, accelerations, typed errors on
//! bad input, and the lines refused because nadare would pair otherwise.

use tournament::trf::{self, Pair, TrfErrorKind};
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
        let again = trf::read(&trf::write(&t).expect("writes")).expect("written file reads");
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
    let text = trf::write(&t).expect("writes");
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
    assert_eq!(trf::read(&trf::write(&t).expect("writes")), Ok(t));
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

/// A player line of pairing number `number` with points column `points` and round fields
/// `rounds` (each ten columns: opponent, colour, result).
fn player(number: &str, points: &str, rounds: &[&str]) -> String {
    let head = format!("001 {number:>4}      {:<33}", format!("P{number}"));
    let fields: String = rounds.iter().map(|r| format!("  {r}")).collect();
    format!("{head:<80}{points:>4}     {fields}")
}

/// Reads `lines` as one file; the error's line, column and kind.
fn refused(lines: &[String]) -> (usize, usize, TrfErrorKind) {
    let error = trf::read(&lines.join("\n")).expect_err("refused");
    (error.line, error.column, error.kind)
}

#[test]
fn a_file_that_contradicts_itself_is_refused_naming_the_line() {
    let good = [
        player("1", "1.0", &["   2 w 1"]),
        player("2", "0.0", &["   1 b 0"]),
    ];
    let t = trf::read(&good.join("\n")).expect("reads");
    assert_eq!(t.players[0].rounds[0].opponent, Some(2));

    let zero = [player("0", "", &[])];
    assert_eq!(refused(&zero), (1, 5, TrfErrorKind::ZeroPairingNumber));

    let selfish = [player("1", "1.0", &["   1 w 1"]), player("2", "0.0", &[])];
    let (line, column, kind) = refused(&selfish);
    assert_eq!((line, column), (1, 92));
    assert_eq!(
        kind,
        TrfErrorKind::PairedWithSelf {
            player: 1,
            round: 1
        }
    );

    let pair = Pair {
        player: 1,
        opponent: 2,
        round: 1,
    };
    let both_won = [good[0].clone(), player("2", "1.0", &["   1 b 1"])];
    assert_eq!(
        refused(&both_won),
        (1, 99, TrfErrorKind::ResultsDisagree(pair))
    );
    let both_white = [good[0].clone(), player("2", "0.0", &["   1 w 0"])];
    assert_eq!(
        refused(&both_white),
        (1, 97, TrfErrorKind::ColoursDisagree(pair))
    );
    let elsewhere = [
        good[0].clone(),
        player("2", "0.0", &["   3 b 0"]),
        player("3", "1.0", &["   2 w 1"]),
    ];
    assert_eq!(
        refused(&elsewhere),
        (1, 92, TrfErrorKind::OpponentDisagrees(pair))
    );
    let miscounted = [good[0].clone(), player("2", "0.5", &["   1 b 0"])];
    let (line, column, kind) = refused(&miscounted);
    assert_eq!((line, column), (2, 81));
    assert_eq!(
        kind,
        TrfErrorKind::ScoreMismatch {
            player: 2,
            given: Points(1),
            counted: Points(0),
        }
    );
    assert!(kind.to_string().contains("0.5 points"), "{kind}");
    let unreadable = [player("1", "1.x", &[])];
    assert_eq!(
        refused(&unreadable),
        (1, 81, TrfErrorKind::BadNumber("1.x".into()))
    );
}

#[test]
fn the_points_column_may_leave_out_a_bye_entered_ahead() {
    // Round 2 is to be paired; player 1 asked for a half-point bye in it.
    for points in ["1.0", "1.5", "1,5", "1"] {
        let lines = [
            player("1", points, &["   2 w 1", "0000 - H"]),
            player("2", "0", &["   1 b 0"]),
        ];
        assert!(trf::read(&lines.join("\n")).is_ok(), "{points}");
    }
    let lines = [
        player("1", "2.0", &["   2 w 1", "0000 - H"]),
        player("2", "0", &["   1 b 0"]),
    ];
    assert!(trf::read(&lines.join("\n")).is_err());
}

#[test]
fn every_value_written_stays_within_its_field() {
    let bye = Entry {
        opponent: None,
        colour: None,
        outcome: Outcome::FullBye,
    };
    let one = |number: u32, name: &str, rating: Option<u32>, byes: usize| Player {
        number,
        name: name.into(),
        rating,
        rounds: vec![bye; byes],
    };
    let mut t = Tournament {
        name: Some("Spring\nOpen".into()),
        players: vec![one(
            1,
            &format!("{}\u{7}tail", "名".repeat(40)),
            Some(9999),
            99,
        )],
        ..Tournament::default()
    };
    t.players[0].rounds.push(Entry {
        outcome: Outcome::HalfBye,
        ..bye
    });
    let text = trf::write(&t).expect("99.5 points and a rating of 9999 fit");
    let line = text.lines().nth(1).expect("a player line");
    let name: String = line.chars().skip(14).take(33).collect();
    assert_eq!(name, "名".repeat(33), "the name cut to its 33 columns");
    assert_eq!(line.chars().nth(47), Some(' '));
    let points: String = line.chars().skip(80).take(4).collect();
    assert_eq!(points, "99.5");
    assert!(text.starts_with("012 SpringOpen\n"), "{text}");
    let back = trf::read(&text).expect("reads back");
    assert_eq!(back.players[0].name, "名".repeat(33));

    let too_wide = |t: &Tournament| trf::write(t).expect_err("too wide");
    t.players[0].rounds.push(bye);
    let error = too_wide(&t);
    assert_eq!(
        (error.field, error.player, error.value.as_str(), error.width),
        ("points", 1, "100.5", 4)
    );
    t.players = vec![one(1, "a", Some(10_000), 0)];
    assert_eq!(too_wide(&t).field, "rating");
    t.players = vec![one(10_000, "a", None, 0)];
    assert_eq!(too_wide(&t).field, "pairing number");
}

/// Found by the `trf` fuzz target: control characters in a name were read but never written,
/// so the file written read back as another tournament.
#[test]
fn names_are_read_without_control_characters_as_they_are_written() {
    let text = format!(
        "012 \u{1}Spring\0 Open\u{7f}\n{}",
        "001    1      \u{7}Ann\u{1b}[31m Lee\t\u{1}"
    );
    let t = trf::read(&text).expect("reads");
    assert_eq!(t.name.as_deref(), Some("Spring Open"));
    assert_eq!(t.players[0].name, "Ann[31m Lee");
    let written = trf::write(&t).expect("writes");
    assert_eq!(trf::read(&written), Ok(t));
}

/// Found by the `trf` fuzz target: an acceleration of 120 points, read from `120`, was refused
/// when written as `120.0`, one column too wide; whole points of 100 or more are written
/// without the decimals, as they are read.
#[test]
fn whole_points_past_99_are_written_without_decimals() {
    let t = trf::read("XXA    1  120 9999").expect("reads");
    assert_eq!(t.accelerations[&1], [Points(240), Points(19_998)]);
    let written = trf::write(&t).expect("120 and 9999 fit four columns");
    assert!(written.ends_with("XXA    1  120 9999\n"), "{written}");
    assert_eq!(trf::read(&written), Ok(t));

    let win = Entry {
        opponent: None,
        colour: None,
        outcome: Outcome::FullBye,
    };
    let t = Tournament {
        players: vec![Player {
            number: 1,
            name: "A".into(),
            rating: None,
            rounds: vec![win; 100],
        }],
        ..Tournament::default()
    };
    let written = trf::write(&t).expect("100 points fit four columns");
    let points: String = written.chars().skip(80).take(4).collect();
    assert_eq!(points, " 100");
    assert_eq!(trf::read(&written), Ok(t));
}

/// Issue 52: a line longer than any TRF writes is refused before it is read (a 20 MB line
/// cost 170 MB of memory), naming it; the longest real line still reads.
#[test]
fn a_line_longer_than_any_trf_writes_is_refused() {
    let name = format!("012 {}", "x".repeat(trf::MAX_LINE));
    let long = [name, player("1", "0.0", &[]), player("2", "0.0", &[])];
    assert_eq!(
        refused(&long),
        (1, trf::MAX_LINE + 1, TrfErrorKind::LineTooLong)
    );
    let (wins, losses) = (["   2 w 1", "   2 b 0"], ["   1 b 0", "   1 w 1"]);
    let rounds: Vec<&str> = (0..99).map(|r| wins[r % 2]).collect();
    let answers: Vec<&str> = (0..99).map(|r| losses[r % 2]).collect();
    let longest = [player("1", "50.0", &rounds), player("2", "49.0", &answers)];
    assert!(longest[0].len() > 1000 && longest[0].len() <= trf::MAX_LINE);
    let t = trf::read(&longest.join("\n")).expect("the longest real line reads");
    assert_eq!(t.players[0].rounds.len(), 99);
}
