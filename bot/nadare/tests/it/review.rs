//! `review` in the console: a short game with a known blunder reviewed at the default depth,
//! its figures printed, its graph and annotated record written to the output folder.

use crate::script::nadare;

/// Scholar's mate: 3...Nf6 is the blunder that lets 4.Qxf7# in.
const SCHOLARS_MATE: &str = "alice> challenge bob standard white
bob> accept
alice> move e4
bob> move e5
alice> move Qh5
bob> move Nc6
alice> move Bc4
bob> move Nf6
alice> move Qxf7#
bob> review
";

#[test]
fn the_blunder_of_scholars_mate_is_marked_in_the_console() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = nadare(dir.path(), SCHOLARS_MATE).output().expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let review = stdout
        .split("bob> review")
        .nth(1)
        .unwrap_or_else(|| panic!("no review: {stdout}"));
    assert!(review.contains("Review of game #1"), "{review}");
    assert!(review.contains("depth 11"), "{review}");
    assert!(review.contains("3... Nf6: blunder"), "{review}");
    assert!(
        review.contains("The game was decided by 3... Nf6."),
        "{review}"
    );
    assert!(
        review.contains("bob (Black): accuracy") && review.contains("1 blunder"),
        "{review}"
    );
    let pgn = std::fs::read_to_string(dir.path().join("boards/nadare-review-1.pgn"))
        .unwrap_or_else(|e| panic!("the annotated record: {e}\n{review}"));
    assert!(pgn.contains("3... Nf6 $4 {"), "{pgn}");
    assert!(
        pgn.contains("[Annotator \"nadare review, depth 11\"]"),
        "{pgn}"
    );
    assert!(review.contains("nadare-review-1.pgn"), "{review}");
    let (game, _) = rules::Game::from_record(&pgn).expect("the record reads back");
    assert_eq!(game.turns().len(), 7);
}
