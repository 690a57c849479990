//! `nadare tune`: the evaluation's weights fitted to self-play games by Texel's method.
//! `play` writes the quiet positions of games the engine plays against itself, `fit` fits
//! the weights to them and writes a weights file (for `nadare match --a-weights`) and, once
//! a match has shown them stronger, the Rust source of the built-in tables.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};
use engine::Engine;
use engine::eval::Weights;
use engine::tune::{FitSettings, PlaySettings, fit, parse_sample, play};
use rules::Variant;

/// Arguments of `nadare tune`.
#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    /// Play or fit.
    #[command(subcommand)]
    pub command: TuneCommand,
}

/// What `nadare tune` does.
#[derive(Debug, clap::Subcommand)]
pub enum TuneCommand {
    /// Play the engine against itself and append each game's quiet positions, with the
    /// game's result, to a samples file (`SCORE VARIANT FEN` a line).
    Play(PlayArgs),
    /// Fit the weights of one variant family to samples files.
    Fit(FitArgs),
    /// Write the linear evaluation of each sample (centipawns, White's view), a line each,
    /// for training the network on what the linear evaluation leaves
    /// (`scripts/train-net.py --base`).
    Eval(EvalArgs),
}

/// Arguments of `nadare tune eval`.
#[derive(Debug, clap::Args)]
pub struct EvalArgs {
    /// A samples file.
    #[arg(value_name = "SAMPLES")]
    pub samples: PathBuf,
    /// Evaluate with the weights of this file instead of the built-in ones.
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,
    /// The file written: one evaluation a line, in the samples' order.
    #[arg(long, short, value_name = "FILE")]
    pub out: PathBuf,
}

/// Arguments of `nadare tune play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The variant played (Chess960: a setup drawn at random for each game).
    #[arg(long, default_value = "standard")]
    pub variant: Variant,
    /// How many games.
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// The nodes searched a turn.
    #[arg(long, default_value_t = 5_000)]
    pub nodes: u64,
    /// Random turns from the start that make each game's opening.
    #[arg(long, default_value_t = 8)]
    pub random_plies: usize,
    /// A game still going after this many turns is a draw.
    #[arg(long, default_value_t = 300)]
    pub max_turns: usize,
    /// The seed of the openings: another seed, other games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once, each on a thread of its own.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The engine evaluates with the weights of this file instead of the built-in ones.
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,
    /// The samples file, appended to.
    #[arg(long, short, value_name = "FILE")]
    pub out: PathBuf,
}

/// Arguments of `nadare tune fit`.
#[derive(Debug, clap::Args)]
pub struct FitArgs {
    /// Samples files written by `nadare tune play`.
    #[arg(required = true, value_name = "SAMPLES")]
    pub samples: Vec<PathBuf>,
    /// The family fitted: `standard` (standard chess and Chess960) or `avalanche`; samples of
    /// the other family are skipped.
    #[arg(long, default_value = "standard")]
    pub family: Variant,
    /// Start from the weights of this file instead of the built-in ones.
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// Passes over the samples.
    #[arg(long, default_value_t = 400)]
    pub epochs: u32,
    /// The learning rate: centipawns a pass moves a weight per unit of the error's slope.
    #[arg(long, default_value_t = 100_000.0)]
    pub rate: f64,
    /// The pull back towards the starting weights (L2): larger keeps the fit nearer them.
    #[arg(long, default_value_t = 0.0)]
    pub l2: f64,
    /// Keep the terms whose names start with PREFIX as they start (e.g. `--freeze material
    /// --freeze pst` fits only the other terms); repeat for more.
    #[arg(long, value_name = "PREFIX")]
    pub freeze: Vec<String>,
    /// The share of the samples, the last of each file (whole games, in the order played),
    /// held out of the fit and only measured: an error that falls there too is learnt, not
    /// remembered.
    #[arg(long, default_value_t = 0.1)]
    pub holdout: f64,
    /// The weights file written: both families, the other one as it started.
    #[arg(long, short, value_name = "FILE")]
    pub out: PathBuf,
    /// Also write the weights as the Rust source of the built-in tables
    /// (`engine/src/eval/tables.rs`).
    #[arg(long, value_name = "FILE")]
    pub rust: Option<PathBuf>,
}

/// Reads the weights of `path` (a file `nadare tune fit` wrote), or the built-in ones.
pub(crate) fn weights_from(path: Option<&Path>) -> anyhow::Result<Weights> {
    let Some(path) = path else {
        return Ok(Weights::builtin());
    };
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read weights from {}", path.display()))?;
    Weights::parse(&text).with_context(|| format!("{} is not a weights file", path.display()))
}

/// Runs `nadare tune`.
pub fn run(args: TuneArgs) -> anyhow::Result<()> {
    match args.command {
        TuneCommand::Play(args) => run_play(args),
        TuneCommand::Fit(args) => run_fit(args),
        TuneCommand::Eval(args) => run_eval(args),
    }
}

fn run_eval(args: EvalArgs) -> anyhow::Result<()> {
    let weights = weights_from(args.weights.as_deref())?;
    let file = File::open(&args.samples)
        .with_context(|| format!("cannot read samples from {}", args.samples.display()))?;
    let mut text = String::new();
    for (n, line) in BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| format!("cannot read {}", args.samples.display()))?;
        let (_, position) = parse_sample(&line).map_err(|problem| {
            anyhow::anyhow!("{} line {}: {problem}", args.samples.display(), n + 1)
        })?;
        let score = weights.evaluate(&position);
        let white = if position.side_to_move() == rules::Color::White {
            score
        } else {
            -score
        };
        text.push_str(&format!("{white}\n"));
    }
    render::save(&args.out, text.as_bytes())
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    Ok(())
}

fn run_play(args: PlayArgs) -> anyhow::Result<()> {
    if args.games == 0 || args.nodes == 0 || args.threads == 0 {
        bail!("--games, --nodes and --threads must be at least 1");
    }
    let engine = Engine::new().with_weights(weights_from(args.weights.as_deref())?);
    let file = File::options()
        .create(true)
        .append(true)
        .open(&args.out)
        .with_context(|| format!("cannot open {}", args.out.display()))?;
    // A game's lines go out in one write, straight to the file: a run stopped at any moment
    // leaves whole lines of whole games, which `fit` reads.
    let mut out = file;
    let settings = PlaySettings {
        variant: args.variant,
        games: args.games,
        nodes: args.nodes,
        random_plies: args.random_plies,
        max_turns: args.max_turns,
        seed: args.seed,
        threads: args.threads,
    };
    let started = Instant::now();
    let (mut games, mut positions) = (0u32, 0usize);
    let mut failed: Option<std::io::Error> = None;
    play(&engine, &settings, &mut |_, samples| {
        games += 1;
        positions += samples.len();
        let lines: String = samples.iter().map(|s| format!("{s}\n")).collect();
        if let Err(e) = out.write_all(lines.as_bytes()) {
            failed.get_or_insert(e);
        }
        if games.is_multiple_of(50) {
            eprintln!(
                "{games} games, {positions} positions, {:.0} s",
                started.elapsed().as_secs_f64()
            );
        }
    })?;
    if let Some(e) = failed {
        return Err(e).with_context(|| format!("cannot write to {}", args.out.display()));
    }
    println!(
        "{games} games, {positions} quiet positions appended to {} in {:.0} s",
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run_fit(args: FitArgs) -> anyhow::Result<()> {
    if !(0.0..1.0).contains(&args.holdout) {
        bail!("--holdout must be at least 0 and below 1");
    }
    let rate = args.rate.is_finite() && args.rate > 0.0;
    let l2 = args.l2.is_finite() && args.l2 >= 0.0;
    if !(rate && l2) {
        bail!("--rate must be a positive number and --l2 a number of at least 0");
    }
    let avalanche = args.family.rules().push;
    let mut positions = Vec::new();
    let mut holdout = Vec::new();
    for path in &args.samples {
        let mut read = Vec::new();
        let file = File::open(path)
            .with_context(|| format!("cannot read samples from {}", path.display()))?;
        for (n, line) in BufReader::new(file).lines().enumerate() {
            let line = line.with_context(|| format!("cannot read {}", path.display()))?;
            if line.trim().is_empty() {
                continue;
            }
            let (sample, position) = parse_sample(&line).map_err(|problem| {
                anyhow::anyhow!("{} line {}: {problem}", path.display(), n + 1)
            })?;
            if sample.variant.rules().push == avalanche {
                read.push((position, sample.white_score));
            }
        }
        let kept = read.len() - (read.len() as f64 * args.holdout) as usize;
        holdout.extend(read.split_off(kept));
        positions.extend(read);
    }
    if positions.is_empty() {
        bail!(
            "no samples of the {} family",
            if avalanche { "avalanche" } else { "standard" }
        );
    }
    let mut weights = weights_from(args.from.as_deref())?;
    let settings = FitSettings {
        epochs: args.epochs,
        rate: args.rate,
        l2: args.l2,
        frozen: (0..engine::eval::terms::COUNT)
            .filter(|&t| {
                let name = engine::eval::terms::name(t);
                args.freeze.iter().any(|p| name.starts_with(p.as_str()))
            })
            .collect(),
    };
    let started = Instant::now();
    let report = fit(
        weights.table(args.family),
        &positions,
        &holdout,
        &settings,
        &mut |epoch, error, held| eprintln!("epoch {epoch}: error {error:.6}, held out {held:.6}"),
    );
    *weights.table_mut(args.family) = report.table;
    // Whole or not at all: a half-written weights file or table would not read back.
    render::save(&args.out, weights.to_text().as_bytes())
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    if let Some(rust) = &args.rust {
        render::save(rust, weights.to_rust().as_bytes())
            .with_context(|| format!("cannot write {}", rust.display()))?;
    }
    println!(
        "{} samples ({} held out), k {:.3}: error {:.6} before, {:.6} after; held out {:.6} \
         before, {:.6} after ({:.0} s); weights in {}",
        report.samples,
        holdout.len(),
        report.k,
        report.error_before,
        report.error_after,
        report.holdout_before,
        report.holdout_after,
        started.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(())
}
