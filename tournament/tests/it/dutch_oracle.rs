//! The Dutch system against more tournaments paired round by round by bbpPairings, the
//! FIDE-endorsed program: every round of each file, cut and paired as in `dutch.rs`, equal to
//! the file board by board, colours and bye included. The files are the ones that once
//! differed, one or two for each cause found, and stand for the rest of the shared data and
//! of the random tournaments `scripts/swiss-oracle.py` compares (see `tests/data/README.md`).

use super::dutch::differences;

/// From the shared data (`swiss-more/`): name and text.
const SHARED: [(&str, &str); 8] = [
    // A forfeit loss to a lower score is no float (C14-C21 in the next two rounds).
    (
        "more-004",
        include_str!("../data/swiss-more/more-004-p150-r5.trf"),
    ),
    (
        "more-007",
        include_str!("../data/swiss-more/more-007-p12-r10.trf"),
    ),
    (
        "more-136",
        include_str!("../data/swiss-more/more-136-p13-r8.trf"),
    ),
    (
        "more-147",
        include_str!("../data/swiss-more/more-147-p9-r6.trf"),
    ),
    // Round 1 with requested byes: the initial colour by effective pairing number.
    (
        "more-021",
        include_str!("../data/swiss-more/more-021-p128-r4.trf"),
    ),
    (
        "more-102",
        include_str!("../data/swiss-more/more-102-p31-r4.trf"),
    ),
    (
        "more-133",
        include_str!("../data/swiss-more/more-133-p27-r5.trf"),
    ),
    // Both: round 1 and round 4.
    (
        "more-058",
        include_str!("../data/swiss-more/more-058-p40-r7.trf"),
    ),
];

/// Made by bbpPairings' generator (`-g`, seed in the name) for `scripts/swiss-oracle.py`.
const GENERATED: [(&str, &str); 2] = [
    // The last round: the bye score is above the last group's (its player may not have the
    // bye), and C9 chooses who floats down to it.
    (
        "gen-1050",
        include_str!("../data/swiss-generated/gen-1050-p87-r9.trf"),
    ),
    (
        "gen-1108",
        include_str!("../data/swiss-generated/gen-1108-p67-r11.trf"),
    ),
];

/// Fails with the rounds that differ.
fn assert_same(files: &[(&str, &str)]) {
    let diffs = differences(files);
    assert!(
        diffs.is_empty(),
        "{} rounds differ:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

#[test]
fn shared_tournaments_pair_as_the_oracle_did() {
    assert_same(&SHARED);
}

#[test]
fn generated_tournaments_pair_as_the_oracle_did() {
    assert_same(&GENERATED);
}
