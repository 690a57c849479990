//! The tools for the network: `nadare tune net` trains one from labelled samples that
//! `nadare match --a-net` then plays with, a bad sample line is named, and `match` refuses a
//! file that is not a network.

use super::replay::nadare;

/// A samples file of a few positions and the same with the colours swapped and the board
/// turned, each labelled as Stockfish might.
fn samples(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("samples.txt");
    let lines = [
        "0.62 standard r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w - - 0 1",
        "0.38 standard r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2N1PN2/PP2BPPP/R1BQ1RK1 b - - 0 1",
        "0.02 standard rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        "0.98 standard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
    ];
    let text: String = lines
        .iter()
        .cycle()
        .take(40)
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn tune_net_writes_a_network_that_match_plays_with() {
    let dir = tempfile::tempdir().unwrap();
    let samples = samples(dir.path());
    let net = dir.path().join("net.bin");
    let out = nadare(&[
        "tune",
        "net",
        samples.to_str().unwrap(),
        "--epochs",
        "2",
        "--batch",
        "8",
        "--holdout",
        "0.25",
        "-o",
        net.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("30 samples (10 held out)"), "{said}");
    assert_eq!(
        std::fs::metadata(&net).unwrap().len(),
        engine::eval::net::Net::BYTES as u64
    );
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
        "--depth",
        "1",
        "--a-net",
        net.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
}

#[test]
fn tune_net_names_a_bad_line_and_match_refuses_a_bad_network() {
    let dir = tempfile::tempdir().unwrap();
    let samples = dir.path().join("samples.txt");
    std::fs::write(&samples, "0.5 standard 8/8/8/8/8/8/8/8 w - - 0 1\n").unwrap();
    let out = nadare(&[
        "tune",
        "net",
        samples.to_str().unwrap(),
        "-o",
        dir.path().join("net.bin").to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1"), "{err}");

    let net = dir.path().join("net.bin");
    std::fs::write(&net, b"not a network").unwrap();
    let play = |extra: &[&str]| {
        let mut args = vec![
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
        ];
        args.extend_from_slice(extra);
        nadare(&args)
    };
    let out = play(&[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is not a network file"), "{err}");
    // A network and the linear evaluation for one side at once is refused.
    let out = play(&["--a-linear"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--a-linear"), "{err}");
}
