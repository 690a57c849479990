//! The tuning tools for a network: `nadare tune eval` writes the linear evaluation of each
//! sample from White's side, and `nadare match --a-net` refuses a file that is not a network.

use super::replay::nadare;

#[test]
fn tune_eval_scores_each_sample_from_whites_side() {
    let dir = tempfile::tempdir().unwrap();
    let samples = dir.path().join("samples.txt");
    let evals = dir.path().join("evals.txt");
    // A position, the same with the colours swapped and the board turned, and one where
    // White is a queen up.
    std::fs::write(
        &samples,
        "0.5 standard r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w - - 0 1\n\
         0.5 standard r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2N1PN2/PP2BPPP/R1BQ1RK1 b - - 0 1\n\
         1 standard rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1\n",
    )
    .unwrap();
    let out = nadare(&[
        "tune",
        "eval",
        samples.to_str().unwrap(),
        "-o",
        evals.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = std::fs::read_to_string(&evals).unwrap();
    let values: Vec<i32> = text.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(values.len(), 3, "{text}");
    assert_eq!(values[0], -values[1], "{text}");
    assert!(values[2] > 600, "{text}");
}

#[test]
fn tune_eval_names_a_bad_line_and_match_refuses_a_bad_network() {
    let dir = tempfile::tempdir().unwrap();
    let samples = dir.path().join("samples.txt");
    std::fs::write(&samples, "0.5 standard 8/8/8/8/8/8/8/8 w - - 0 1\n").unwrap();
    let out = nadare(&[
        "tune",
        "eval",
        samples.to_str().unwrap(),
        "-o",
        dir.path().join("evals.txt").to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1"), "{err}");

    let net = dir.path().join("net.bin");
    std::fs::write(&net, b"not a network").unwrap();
    let out = nadare(&[
        "match",
        "--variant",
        "standard",
        "--a",
        "1",
        "--b",
        "1",
        "--games",
        "1",
        "--a-net",
        net.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is not a network file"), "{err}");
}
