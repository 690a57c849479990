//! `nadare tune`: the evaluation fitted to self-play games. `play` writes the quiet
//! positions of games the engine plays against itself; `fit` fits the linear evaluation's
//! weights to them by Texel's method and writes a weights file (for `nadare match
//! --a-weights`) and, once a match has shown them stronger, the Rust source of the built-in
//! tables; `net` trains the network of standard chess and Chess960 on them, once they are
//! labelled (`scripts/stockfish-labels.py`), and writes a network file (for `nadare match
//! --a-net`, or to be built in as `engine/src/eval/standard.net`).

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};
use engine::Engine;
use engine::eval::Weights;
use lab::tune::{FitSettings, PlaySettings, Point, TrainSettings, fit, parse_sample, play, train};
use rules::{Position, Variant};

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
    /// Train the evaluation network of standard chess and Chess960 on labelled samples
    /// files and write it.
    Net(NetArgs),
}

/// Arguments of `nadare tune net`.
#[derive(Debug, clap::Args)]
pub struct NetArgs {
    /// Samples files, labelled (`scripts/stockfish-labels.py`); samples of the Avalanche
    /// family are skipped.
    #[arg(required = true, value_name = "SAMPLES")]
    pub samples: Vec<PathBuf>,
    /// Passes over the samples.
    #[arg(long, default_value_t = 10)]
    pub epochs: u32,
    /// Samples a step.
    #[arg(long, default_value_t = 16_384)]
    pub batch: usize,
    /// Adam's learning rate in the first pass.
    #[arg(long, default_value_t = 0.001)]
    pub rate: f32,
    /// The rate is multiplied by this after each pass.
    #[arg(long, default_value_t = 0.7)]
    pub decay: f32,
    /// The logistic curve's scale: the expected score of `cp` centipawns is
    /// `1 / (1 + 10^(-k·cp/400))`. The default is the one at which the linear evaluation
    /// fits Stockfish's labels best (`nadare tune fit` reports it), so that the network's
    /// centipawns are those the search's margins were set in.
    #[arg(long, default_value_t = 1.82)]
    pub k: f64,
    /// The share of the samples, the last of each file (whole games), held out and only
    /// measured; the pass that does best on them is the one written.
    #[arg(long, default_value_t = 0.05)]
    pub holdout: f64,
    /// Also train on each sample turned left to right.
    #[arg(long)]
    pub mirror: bool,
    /// Threads that share each step.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The seed of the first weights and of the samples' order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The network file written.
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
        TuneCommand::Net(args) => run_net(args),
    }
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
        "{}, {} appended to {} in {:.0} s",
        super::output::count(games, "game"),
        super::output::count(positions as u64, "quiet position"),
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run_fit(args: FitArgs) -> anyhow::Result<()> {
    let rate = args.rate.is_finite() && args.rate > 0.0;
    let l2 = args.l2.is_finite() && args.l2 >= 0.0;
    if !(rate && l2) {
        bail!("--rate must be a positive number and --l2 a number of at least 0");
    }
    let avalanche = args.family.rules().push;
    let (mut positions, mut holdout) = (Vec::new(), Vec::new());
    read_samples(
        &args.samples,
        avalanche,
        args.holdout,
        &mut |held, sample| {
            if held {
                holdout.push(sample);
            } else {
                positions.push(sample);
            }
        },
    )?;
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

/// Reads the samples of the family (Avalanche or not) of `files`, handing each to `sink`
/// with whether it is held out: the last `holdout` share of each file (whole games, in the
/// order played).
fn read_samples(
    files: &[PathBuf],
    avalanche: bool,
    holdout: f64,
    sink: &mut dyn FnMut(bool, (Position, f64)),
) -> anyhow::Result<()> {
    if !(0.0..1.0).contains(&holdout) {
        bail!("--holdout must be at least 0 and below 1");
    }
    for path in files {
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
        let kept = read.len() - (read.len() as f64 * holdout) as usize;
        for (n, sample) in read.into_iter().enumerate() {
            sink(n >= kept, sample);
        }
    }
    Ok(())
}

fn run_net(args: NetArgs) -> anyhow::Result<()> {
    let positive = |x: f64| x.is_finite() && x > 0.0;
    if !(positive(f64::from(args.rate)) && positive(args.k) && positive(f64::from(args.decay))) {
        bail!("--rate, --decay and --k must be positive numbers");
    }
    if args.batch == 0 || args.threads == 0 {
        bail!("--batch and --threads must be at least 1");
    }
    let (mut points, mut holdout) = (Vec::new(), Vec::new());
    read_samples(
        &args.samples,
        false,
        args.holdout,
        &mut |held, (pos, score)| {
            if held {
                holdout.push((pos, score));
            } else {
                let point = Point::new(&pos, score);
                if args.mirror {
                    points.push(point.mirrored());
                }
                points.push(point);
            }
        },
    )?;
    if points.is_empty() || holdout.is_empty() {
        bail!("no samples of standard chess or Chess960 to train on and hold out");
    }
    let settings = TrainSettings {
        epochs: args.epochs,
        batch: args.batch,
        rate: args.rate,
        decay: args.decay,
        k: args.k,
        threads: args.threads,
        seed: args.seed,
    };
    let started = Instant::now();
    eprintln!("{} samples, {} held out", points.len(), holdout.len());
    let trained = train(&mut points, &holdout, &settings, &mut |epoch| {
        eprintln!(
            "epoch {}: error {:.6}, held out {:.6} ({:.0} s)",
            epoch.number,
            epoch.error,
            epoch.holdout,
            started.elapsed().as_secs_f64()
        );
    });
    render::save(&args.out, &trained.net)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    println!(
        "{} samples ({} held out): held out {:.6} before, {:.6} after ({:.0} s); network in {}",
        points.len(),
        holdout.len(),
        trained.holdout_before,
        trained.holdout,
        started.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(())
}
