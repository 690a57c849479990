//! Writes the sample boards of docs/boards.md: `cargo run --release -p nadare-render --example samples
//! [DIR]` (default `docs/images`).

use std::error::Error;

use render::{
    ClockFace, CrossResult, EvalGraph, GraphMark, Headings, Labels, RenderOptions, Renderer, Scene,
    Severity, StandingRow, Standings, Theme,
};
use rules::{Color, EndReason, Game, Outcome, Position, Role, Square, Variant};

fn sq(name: &str) -> Result<Square, Box<dyn Error>> {
    Ok(name.parse()?)
}

fn draw(dir: &str, file: &str, theme: Theme, scene: &Scene) -> Result<(), Box<dyn Error>> {
    let renderer = Renderer::new(RenderOptions {
        board_px: 512,
        theme,
    })?;
    let png = renderer.render_png(scene)?;
    std::fs::write(format!("{dir}/{file}"), &png)?;
    println!("{dir}/{file}: {} bytes", png.len());
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/images".into());
    std::fs::create_dir_all(&dir)?;

    let mut start = Scene::from_position(&Position::new_game(Variant::Standard, None)?);
    start.white = "Magnus".into();
    start.black = "Hikaru".into();
    draw(&dir, "start.png", Theme::Classic, &start)?;

    // Black has played Bd5-c6 and pushed White's e-pawn to e8: White first chooses its piece.
    let fen = "r3P1k1/pp3ppp/2b5/8/4p3/2N5/PPP2PPP/R1BQKBNR w KQ - 0 14";
    let mut avalanche = Scene::from_position(&Position::from_fen(Variant::Avalanche, fen)?);
    avalanche.last_move = Some((sq("d5")?, sq("c6")?));
    avalanche.last_push = Some((sq("e7")?, sq("e8")?));
    avalanche.arrows = vec![(sq("c3")?, sq("e4")?)];
    avalanche.white = "Ralph Betza".into();
    avalanche.black = "名人 🐉 Meijin".into();
    draw(&dir, "avalanche.png", Theme::Slate, &avalanche)?;

    // White chose a knight for that pawn, took on e4 and pushed: e8 keeps the promotion's gold.
    let before = Position::from_fen(Variant::Avalanche, fen)?;
    let (c3, e4, a6) = (sq("c3")?, sq("e4")?, sq("a6")?);
    let turn = before
        .legal_turns()
        .into_iter()
        .find(|t| {
            t.promotion == Some(Role::Knight)
                && t.mv.is_some_and(|m| (m.from, m.to) == (c3, e4))
                && t.push.is_some_and(|p| p.to == a6)
        })
        .ok_or("=N Nxe4/a6 is legal")?;
    let mut promoted = Scene::from_position(&before.play(&turn)?);
    promoted.set_last_turn(&before, &turn);
    promoted.white = "Ralph Betza".into();
    promoted.black = "名人 🐉 Meijin".into();
    draw(&dir, "promoted.png", Theme::Slate, &promoted)?;

    // White castled, and Black let the deadline pass: the king's squares marked, the result
    // on two lines.
    let mut game = Game::new(Variant::Standard, None)?;
    for turn in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"] {
        game.play_str(turn)?;
    }
    game.set_outcome(Outcome {
        winner: Some(Color::White),
        reason: EndReason::Timeout,
    });
    let mut castled = Scene::from_game(&game, game.turns().len()).ok_or("a scene")?;
    castled.result = game.outcome().map(|o| {
        format!(
            "{} · White wins on time (missed move deadline)",
            o.result_str()
        )
    });
    castled.white = "Alice".into();
    castled.black = "Bob".into();
    draw(&dir, "castled.png", Theme::Green, &castled)?;

    let fen = "r1bq1rk1/ppp2Bpp/2np1n2/2b1p3/4P3/2NP1N2/PPP2PPP/R1BQK2R b KQ - 0 7";
    let mut check = Scene::from_position(&Position::from_fen(Variant::Standard, fen)?);
    check.orientation = Color::Black;
    check.last_move = Some((sq("c4")?, sq("f7")?));
    check.white = "Alice".into();
    check.black = "Bob the very patient endgame enthusiast".into();
    draw(&dir, "black-check.png", Theme::Green, &check)?;

    // Japanese names and words, as a Japanese message catalog would supply them.
    let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5";
    let mut japanese = Scene::from_position(&Position::from_fen(Variant::Standard, fen)?);
    japanese.last_move = Some((sq("g8")?, sq("f6")?));
    japanese.white = "なだれ太郎".into();
    japanese.black = "山田花子 🐉".into();
    japanese.labels = Some(Labels {
        heading: "スタンダード".into(),
        status: "5手目・白の手番".into(),
        white: "白".into(),
        black: "黒".into(),
    });
    draw(&dir, "japanese.png", Theme::Classic, &japanese)?;

    // A blitz game: White's clock runs; Black, who just moved, is down to seconds.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let mut clocks = Scene::from_position(&Position::from_fen(Variant::Standard, fen)?);
    clocks.last_move = Some((sq("g8")?, sq("f6")?));
    clocks.white = "Magnus".into();
    clocks.black = "Hikaru".into();
    clocks.white_clock = Some(ClockFace {
        text: "2:47".into(),
        running: true,
        low: false,
    });
    clocks.black_clock = Some(ClockFace {
        text: "0:07.3".into(),
        running: false,
        low: true,
    });
    draw(&dir, "clocks.png", Theme::Classic, &clocks)?;

    let renderer = Renderer::new(RenderOptions::default())?;
    for (file, standings) in [
        ("standings-round-robin.png", round_robin()),
        ("standings-swiss.png", swiss()),
    ] {
        let png = renderer.render_standings(&standings)?;
        std::fs::write(format!("{dir}/{file}"), &png)?;
        println!("{dir}/{file}: {} bytes", png.len());
    }
    let png = renderer.render_graph(&review_graph())?;
    std::fs::write(format!("{dir}/review-graph.png"), &png)?;
    println!("{dir}/review-graph.png: {} bytes", png.len());
    Ok(())
}

/// A reviewed game of 60 turns: even for a while, a mistake by White, Black's blunder back,
/// then White's win, decided on turn 38.
fn review_graph() -> EvalGraph {
    let expected = (0..=119)
        .map(|ply: i32| {
            let t = f64::from(ply);
            let drift = 0.5 + 0.05 * (t / 5.0).sin();
            match ply {
                0..=30 => drift,
                31..=50 => drift - 0.2,
                51..=74 => 0.62 + 0.04 * (t / 3.0).sin(),
                _ => (0.9 + 0.001 * (t - 75.0)).min(1.0),
            }
        })
        .collect();
    let mark = |ply, severity| GraphMark { ply, severity };
    EvalGraph {
        title: "Ralph Betza – なだれ太郎".into(),
        subtitle: "Avalanche · depth 5".into(),
        expected,
        marks: vec![
            mark(12, Severity::Inaccuracy),
            mark(30, Severity::Mistake),
            mark(49, Severity::Blunder),
            mark(73, Severity::Blunder),
            mark(90, Severity::Inaccuracy),
        ],
        decided: Some(73),
        first_turn: 1,
        black_first: false,
        legend: render::GraphLegend {
            white: "White's chances".into(),
            inaccuracy: "Inaccuracy".into(),
            mistake: "Mistake".into(),
            blunder: "Blunder".into(),
            decided: "Decided here".into(),
        },
    }
}

/// A double round robin of six after seven of its ten rounds, one player withdrawn.
fn round_robin() -> Standings {
    use CrossResult::{Draw, ForfeitLoss, ForfeitWin, Loss, Win};
    let names = [
        "Ralph Betza",
        "なだれ太郎",
        "Alice",
        "山田花子（やまだはなこ）",
        "Bob the very patient endgame enthusiast",
        "Carol",
    ];
    // Results of each row against each column, in the order played.
    let grid: [[&[CrossResult]; 6]; 6] = [
        [&[], &[Win, Draw], &[Win], &[Draw, Win], &[Win], &[Win]],
        [&[Loss, Draw], &[], &[Draw], &[Win], &[Win, Win], &[Draw]],
        [&[Loss], &[Draw], &[], &[Win], &[Draw], &[Win, Draw]],
        [&[Draw, Loss], &[Loss], &[Loss], &[], &[ForfeitWin], &[Win]],
        [
            &[Loss],
            &[Loss, Loss],
            &[Draw],
            &[ForfeitLoss],
            &[],
            &[Draw],
        ],
        [&[Loss], &[Draw], &[Loss, Draw], &[Loss], &[Draw], &[]],
    ];
    let rows = names
        .iter()
        .zip(&grid)
        .enumerate()
        .map(|(i, (name, results))| {
            let against: Vec<Vec<CrossResult>> = results.iter().map(|r| r.to_vec()).collect();
            let halves = against
                .iter()
                .flatten()
                .map(|r| match r {
                    Win | ForfeitWin => 2,
                    Draw => 1,
                    Loss | ForfeitLoss => 0,
                })
                .sum();
            StandingRow {
                rank: i as u32 + 1,
                name: (*name).into(),
                halves,
                tiebreaks: vec![0, 40 - 5 * i as u32],
                withdrawn: i == 4,
                against,
            }
        })
        .collect();
    Standings {
        title: "Avalanche Grand Prix".into(),
        subtitle: "After round 7 of 10".into(),
        headings: Headings {
            rank: "#".into(),
            player: "Player".into(),
            points: "Pts".into(),
            tiebreaks: vec!["DE".into(), "SB".into()],
        },
        rows,
        meetings: 2,
    }
}

/// A Swiss of 24 after five rounds, in Japanese.
fn swiss() -> Standings {
    let rows = (0..24u32)
        .map(|i| StandingRow {
            rank: i + 1,
            name: if i % 3 == 1 {
                format!("プレイヤー{}", i + 1)
            } else {
                format!("player {}", i + 1)
            },
            halves: 10 - i * 10 / 24,
            tiebreaks: vec![60 - 2 * i, 50 - 2 * i],
            withdrawn: i == 20,
            against: Vec::new(),
        })
        .collect();
    Standings {
        title: "冬のスイス式".into(),
        subtitle: "第5回戦終了時（全7回戦）".into(),
        headings: Headings {
            rank: "順位".into(),
            player: "プレイヤー".into(),
            points: "得点".into(),
            tiebreaks: vec!["BH-C1".into(), "SB".into()],
        },
        rows,
        meetings: 0,
    }
}
