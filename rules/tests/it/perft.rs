//! Every line of the perft suites in rules/tests/data/perft. Depths up to 5 run in the
//! normal test run (the rules core is built optimised even in the test profile); depth 6
//! is ignored there and run with
//! `cargo test --release -p nadare-rules --test it -- perft --ignored`.

use std::ops::RangeInclusive;

use rules::{Position, Variant};

use crate::common::data_path;

/// One line of a suite: a position and its perft counts by depth.
pub struct Case {
    pub fen: String,
    counts: Vec<(u32, u64)>,
}

/// The lines of the suite `name` in rules/tests/data/perft.
pub fn suite(name: &str) -> Vec<Case> {
    let path = data_path(&format!("perft/{name}"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut fields = line.split(';');
            let fen = fields.next().unwrap_or_default().trim().to_string();
            let counts = fields
                .filter_map(|f| {
                    let (key, value) = f.trim().split_once(' ')?;
                    let depth = key.strip_prefix('D')?.parse().ok()?;
                    Some((depth, value.trim().parse().ok()?))
                })
                .collect();
            Case { fen, counts }
        })
        .collect()
}

fn check(name: &str, variant: Variant, depths: RangeInclusive<u32>) {
    let cases = suite(name);
    assert!(!cases.is_empty(), "{name} is empty");
    let mut checked = 0;
    for case in &cases {
        let pos =
            Position::from_fen(variant, &case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in case.counts.iter().filter(|(d, _)| depths.contains(d)) {
            assert_eq!(pos.perft(depth), expected, "{} at depth {depth}", case.fen);
            checked += 1;
        }
    }
    assert!(checked >= cases.len(), "{name}: too few counts checked");
}

#[test]
fn standard_suite_to_depth_5() {
    check("standard.epd", Variant::Standard, 1..=5);
}

#[test]
fn chess960_start_suite_to_depth_5() {
    check("chess960-start-sample.epd", Variant::Chess960, 1..=5);
}

#[test]
fn chess960_midgame_suite_to_depth_5() {
    check("chess960-midgame-sample.epd", Variant::Chess960, 1..=5);
}

#[test]
fn chess960_start_suite_setup_numbers_match_the_fens() {
    let path = data_path("perft/chess960-start-sample.epd");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut checked = 0;
    for line in text.lines() {
        let fen = line.split(';').next().unwrap_or_default().trim();
        let Some(n) = line
            .split(';')
            .find_map(|f| f.trim().strip_prefix("SP ")?.trim().parse::<u16>().ok())
        else {
            continue;
        };
        let from_number = Position::new_game(Variant::Chess960, Some(n)).map(|p| p.to_fen());
        assert_eq!(from_number.as_deref(), Ok(fen), "setup {n}");
        checked += 1;
    }
    assert_eq!(checked, 60);
}

#[test]
fn avalanche_start_counts_of_rules_md() {
    let count = |v, d| {
        Position::new_game(v, None)
            .map(|p| p.perft(d))
            .unwrap_or_default()
    };
    assert_eq!(count(Variant::Avalanche, 1), 160);
    assert_eq!(count(Variant::Avalanche, 2), 27488);
    assert_eq!(count(Variant::Avalanche, 3), 5077103);
    assert_eq!(count(Variant::AvalancheBalanced, 1), 20);
    assert_eq!(count(Variant::AvalancheBalanced, 2), 3112);
    assert_eq!(count(Variant::AvalancheBalanced, 3), 577471);
}

#[test]
#[ignore = "deep: run with `cargo test --release -p nadare-rules --test it -- perft --ignored`"]
fn standard_suite_depth_6() {
    check("standard.epd", Variant::Standard, 6..=6);
}

#[test]
#[ignore = "deep: run with `cargo test --release -p nadare-rules --test it -- perft --ignored`"]
fn chess960_suites_depth_6() {
    check("chess960-start-sample.epd", Variant::Chess960, 6..=6);
    check("chess960-midgame-sample.epd", Variant::Chess960, 6..=6);
}
