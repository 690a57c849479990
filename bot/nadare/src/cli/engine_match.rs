//! `nadare match`: the engine against itself (or the greedy player), alternating colours,
//! with the result and the Elo difference it suggests; either side may evaluate with weights
//! from a file, and a sequential test may stop the match once it is decided.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, bail};
use engine::Engine;
use engine::eval::Weights;
use engine::eval::net::Net;
use lab::arena::{MatchSettings, Player, run_match};
use lab::stats::{Sprt, Verdict};
use rules::{Color, Position, Variant};

use super::tune::weights_from;

/// Arguments of `nadare match`.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// The variant played.
    #[arg(long, default_value = "standard")]
    pub variant: Variant,
    /// The first player: a level 1–8, or `greedy`.
    #[arg(long)]
    pub a: Player,
    /// The second player: a level 1–8, or `greedy`.
    #[arg(long)]
    pub b: Player,
    /// How many games (the first player is White in the odd-numbered ones).
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// A file of start positions, one FEN a line (`#` starts a comment); each is played
    /// twice, colours swapped. Without it each pair of games starts from a few random turns.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Cap every level's thinking time a turn, in milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Multiply every level's thinking time by this factor (0.1: a tenth), keeping the
    /// levels' ratios.
    #[arg(long)]
    pub time_scale: Option<f64>,
    /// Cap every level's search depth, in turns.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search every turn to this many nodes instead of for a time: equal work for both
    /// sides however busy the machine is.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// The first player evaluates with the weights of this file (`nadare tune fit --out`).
    #[arg(long, value_name = "FILE")]
    pub a_weights: Option<PathBuf>,
    /// The second player evaluates with the weights of this file.
    #[arg(long, value_name = "FILE")]
    pub b_weights: Option<PathBuf>,
    /// The first player evaluates standard chess and Chess960 with this network (`nadare
    /// tune net --out`) instead of the built-in one.
    #[arg(long, value_name = "FILE", conflicts_with = "a_linear")]
    pub a_net: Option<PathBuf>,
    /// The second player evaluates with this network.
    #[arg(long, value_name = "FILE", conflicts_with = "b_linear")]
    pub b_net: Option<PathBuf>,
    /// The first player evaluates standard chess and Chess960 with the linear evaluation
    /// (of its weights), as it evaluates the Avalanche family, instead of a network.
    #[arg(long)]
    pub a_linear: bool,
    /// The second player evaluates with the linear evaluation.
    #[arg(long)]
    pub b_linear: bool,
    /// Stop as soon as a sequential probability ratio test decides between "the first player
    /// is no more than ELO0 stronger" and "it is at least ELO1 stronger" (5% errors), e.g.
    /// `--sprt 0,10`; `--games` is then the most games played.
    #[arg(long, value_name = "ELO0,ELO1", value_parser = sprt_parser)]
    pub sprt: Option<Sprt>,
    /// Games played at once, each on a thread of its own.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Random turns from the start that make a random opening.
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// A game still going after this many turns is scored a draw.
    #[arg(long, default_value_t = 300)]
    pub max_turns: usize,
    /// The seed of the openings and of the levels' imprecision.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Reads `--sprt ELO0,ELO1`.
fn sprt_parser(arg: &str) -> Result<Sprt, String> {
    let (elo0, elo1) = arg
        .split_once(',')
        .ok_or_else(|| format!("expected ELO0,ELO1 (e.g. 0,10), found {arg:?}"))?;
    let number = |s: &str| {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| format!("{s:?} is not an Elo difference"))
    };
    let (elo0, elo1) = (number(elo0)?, number(elo1)?);
    if elo1 <= elo0 {
        return Err(format!("ELO1 must be above ELO0, found {arg:?}"));
    }
    Ok(Sprt { elo0, elo1 })
}

/// The positions of an openings file.
fn read_openings(path: &PathBuf, variant: Variant) -> anyhow::Result<Vec<Position>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read openings from {}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let pos = Position::from_fen(variant, line)
            .with_context(|| format!("{} line {}: not a FEN", path.display(), n + 1))?;
        out.push(pos);
    }
    if out.is_empty() {
        bail!("{} holds no position", path.display());
    }
    Ok(out)
}

/// Runs `nadare match`: a line per game, then the score and Elo difference of `a` as the
/// last line.
pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    if args.games == 0 {
        bail!("a match needs at least one game");
    }
    if args.time_scale.is_some_and(|s| !(s.is_finite() && s > 0.0)) {
        bail!("--time-scale must be a positive number");
    }
    if args.nodes == Some(0) || args.threads == 0 {
        bail!("--nodes and --threads must be at least 1");
    }
    let engines = [
        evaluating(
            weights_from(args.a_weights.as_deref())?,
            args.a_net.as_deref(),
            args.a_linear,
        )?,
        evaluating(
            weights_from(args.b_weights.as_deref())?,
            args.b_net.as_deref(),
            args.b_linear,
        )?,
    ];
    let openings = match &args.openings {
        Some(path) => read_openings(path, args.variant)?,
        None => Vec::new(),
    };
    let settings = MatchSettings {
        variant: args.variant,
        movetime_cap: args.movetime.map(Duration::from_millis),
        time_scale: args.time_scale,
        depth_cap: args.depth,
        nodes_cap: args.nodes,
        threads: args.threads,
        max_turns: args.max_turns,
        random_plies: args.random_plies,
        seed: args.seed,
    };
    let (a, b) = (args.a, args.b);
    let sprt = args.sprt;
    let score = run_match(
        [&engines[0], &engines[1]],
        a,
        b,
        args.games,
        &openings,
        &settings,
        &mut |n, a_color, report, score| {
            let (white, black) = match a_color {
                Color::White => (a, b),
                Color::Black => (b, a),
            };
            println!(
                "game {}: {white} (White) - {black} (Black): {} by {}, {} turns",
                n + 1,
                report.outcome.result_str(),
                report.outcome.reason.describe(),
                report.turns
            );
            match sprt.map(|test| (test, test.verdict(score))) {
                Some((test, verdict)) if verdict != Verdict::Continue => {
                    println!(
                        "SPRT [{}, {}] after {} games: LLR {:.2}, {}",
                        test.elo0,
                        test.elo1,
                        score.games(),
                        test.llr(score),
                        match verdict {
                            Verdict::Stronger => "H1 accepted (stronger)",
                            _ => "H0 accepted (not stronger)",
                        }
                    );
                    ControlFlow::Break(())
                }
                _ => ControlFlow::Continue(()),
            }
        },
    )?;
    println!("{} against {} in {}: {score}", a, b, args.variant);
    if let Some(test) = sprt.filter(|t| t.verdict(&score) == Verdict::Continue) {
        println!(
            "SPRT [{}, {}] after {} games: LLR {:.2} (bounds ±{:.2}), undecided",
            test.elo0,
            test.elo1,
            score.games(),
            test.llr(&score),
            Sprt::BOUND
        );
    }
    Ok(())
}

/// An engine with `weights`, evaluating chess with the linear evaluation, the network of
/// `path`, or the built-in network.
fn evaluating(weights: Weights, path: Option<&Path>, linear: bool) -> anyhow::Result<Engine> {
    let engine = Engine::new().with_weights(weights);
    if linear {
        return Ok(engine.linear());
    }
    let Some(path) = path else {
        return Ok(engine);
    };
    let bytes = std::fs::read(path)
        .with_context(|| format!("cannot read a network from {}", path.display()))?;
    let net =
        Net::parse(&bytes).with_context(|| format!("{} is not a network file", path.display()))?;
    Ok(engine.with_net(net))
}
