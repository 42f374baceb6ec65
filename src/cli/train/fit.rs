//! `engine train fit`: the weights that best predict the labels, phase by
//! phase, by regularised least squares.
//!
//! For each phase the fit minimises
//! `Σ c·(label − Σ weights of the sample's features)² + λ·Σ weight²`
//! over the samples of the phase (`c = 1`) and of the two next to it
//! (`c = --neighbours`, so a phase borrows some of its neighbours' data),
//! with preconditioned conjugate gradients on the normal equations.
//! The ridge term `λ` pulls the weights of rarely seen configurations
//! towards zero, so that one odd game cannot give them a big value;
//! configurations seen fewer than `--min-count` times are left at zero.
//! A share of the samples (`--validation`) is kept out of the fit to
//! measure how well the weights predict positions they never saw.

use std::fmt::Write as _;

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::engine::hashing::mix;
use crate::engine::othello::eval::DISC;
use crate::engine::othello::pattern::features::{indices, CANONICAL, FEATURES, TABLE_LEN};
use crate::engine::othello::pattern::weights::{phase_of, Weights, PHASES};

use super::super::common::Threads;
use super::super::numbers::{decimal, whole};
use super::super::parallel::map_in_parallel;
use super::super::{evaluation, CliError, Report};
use super::samples::{self, Label, Sample};

/// Fitting parameters.
#[derive(Clone, Copy)]
struct Options {
    ridge: f64,
    iterations: usize,
    neighbour_weight: f64,
    min_count: f64,
    validation: f64,
    unit: u8,
}

/// One training row: the canonical feature indices and the label in discs.
struct Row {
    features: [u32; FEATURES],
    target: f64,
    phase: usize,
    validation: bool,
}

/// How one phase's fit went.
struct PhaseFit {
    weights: Vec<f64>,
    rows: usize,
    train_rmse: f64,
    validation_rmse: f64,
    validation_rows: usize,
    used: usize,
    iterations: usize,
}

fn predict(weights: &[f64], features: &[u32; FEATURES]) -> f64 {
    features.iter().map(|&f| weights[f as usize]).sum()
}

/// The root mean square error of `weights` on the rows of `phase`.
fn rmse<'a>(weights: &[f64], rows: impl Iterator<Item = &'a Row>) -> (f64, usize) {
    let (sum, n) = rows.fold((0.0, 0), |(sum, n), row| {
        let e = predict(weights, &row.features) - row.target;
        (sum + e * e, n + 1)
    });
    ((sum / f64::from(n.max(1) as u32)).sqrt(), n)
}

/// Ridge regression for one phase by preconditioned conjugate gradients.
fn fit_phase(rows: &[Row], phase: usize, options: Options) -> PhaseFit {
    // The rows of this phase and its neighbours, with their weight.
    let training: Vec<(&Row, f64)> = rows
        .iter()
        .filter(|r| !r.validation)
        .filter_map(|r| match r.phase.abs_diff(phase) {
            0 => Some((r, 1.0)),
            1 if options.neighbour_weight > 0.0 => Some((r, options.neighbour_weight)),
            _ => None,
        })
        .collect();

    // The diagonal of XᵀCX, the right-hand side XᵀCy and the counts.
    let mut diagonal = vec![0.0f64; TABLE_LEN];
    let mut rhs = vec![0.0f64; TABLE_LEN];
    for &(row, c) in &training {
        let mut sorted = row.features;
        sorted.sort_unstable();
        let mut i = 0;
        while i < sorted.len() {
            let mut j = i;
            while j < sorted.len() && sorted[j] == sorted[i] {
                j += 1;
            }
            let multiplicity = (j - i) as f64;
            diagonal[sorted[i] as usize] += c * multiplicity * multiplicity;
            rhs[sorted[i] as usize] += c * multiplicity * row.target;
            i = j;
        }
    }
    // Preconditioner; zero for the entries left out of the fit.
    let inverse: Vec<f64> = diagonal
        .iter()
        .map(|&d| {
            if d >= options.min_count {
                1.0 / (d + options.ridge)
            } else {
                0.0
            }
        })
        .collect();
    let used = inverse.iter().filter(|&&m| m > 0.0).count();

    let apply = |p: &[f64], out: &mut [f64]| {
        for (o, &v) in out.iter_mut().zip(p) {
            *o = options.ridge * v;
        }
        for &(row, c) in &training {
            let q = c * predict(p, &row.features);
            for &f in &row.features {
                out[f as usize] += q;
            }
        }
    };
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();

    let mut weights = vec![0.0f64; TABLE_LEN];
    let mut residual = rhs;
    let mut z: Vec<f64> = residual.iter().zip(&inverse).map(|(r, m)| r * m).collect();
    let mut direction = z.clone();
    let mut rz = dot(&residual, &z);
    let start = rz.max(1e-300);
    let mut product = vec![0.0f64; TABLE_LEN];
    let mut iterations = 0;
    while iterations < options.iterations && rz > start * 1e-12 {
        apply(&direction, &mut product);
        let alpha = rz / dot(&direction, &product);
        for i in 0..TABLE_LEN {
            weights[i] += alpha * direction[i];
            residual[i] -= alpha * product[i];
            z[i] = residual[i] * inverse[i];
        }
        let next = dot(&residual, &z);
        let beta = next / rz;
        for i in 0..TABLE_LEN {
            direction[i] = z[i] + beta * direction[i];
        }
        rz = next;
        iterations += 1;
    }

    let (train_rmse, own_rows) = rmse(
        &weights,
        rows.iter().filter(|r| !r.validation && r.phase == phase),
    );
    let (validation_rmse, validation_rows) = rmse(
        &weights,
        rows.iter().filter(|r| r.validation && r.phase == phase),
    );
    PhaseFit {
        weights,
        rows: own_rows,
        train_rmse,
        validation_rmse,
        validation_rows,
        used,
        iterations,
    }
}

/// Whether a sample is kept out of the fit: a fixed share, by its discs,
/// so that the same position is always on the same side.
fn held_out(sample: &Sample, share: f64) -> bool {
    let h = mix(sample.player ^ mix(sample.opponent));
    (h % 10_000) as f64 / 10_000.0 < share
}

/// `engine train fit`.
#[derive(clap::Args, Debug)]
pub struct FitArgs {
    /// The labelled positions, FILE[,FILE…]
    #[arg(long = "in", value_name = "FILE")]
    pub input: String,
    /// Where the weights are written
    #[arg(long, value_name = "WEIGHTS")]
    pub out: String,
    /// The ridge (0 to 10 000; 4 unless given)
    #[arg(long, value_name = "R", value_parser = decimal(0.0, 1e4, "a number"))]
    pub ridge: Option<f64>,
    /// Iterations (1 to 100 000; 300 unless given)
    #[arg(long, value_name = "N", value_parser = whole(1usize, 100_000, "a number of iterations"))]
    pub iterations: Option<usize>,
    /// The weight of a pattern's neighbours (0 to 1; 0.5 unless given)
    #[arg(long, value_name = "W", value_parser = decimal(0.0, 1.0, "a weight"))]
    pub neighbours: Option<f64>,
    /// Patterns seen fewer times are smoothed (0 to 10^6; 3 unless given)
    #[arg(long = "min-count", value_name = "N", value_parser = decimal(0.0, 1e6, "a count"))]
    pub min_count: Option<f64>,
    /// The share held out for validation (0 to 0.5; 0.05 unless given)
    #[arg(long, value_name = "SHARE", value_parser = decimal(0.0, 0.5, "a share"))]
    pub validation: Option<f64>,
    /// The weights' unit in hundredths of a disc (1 to 100; 4 unless
    /// given)
    #[arg(long, value_name = "U", value_parser = whole(1u8, 100, "hundredths of a disc"))]
    pub unit: Option<u8>,
    /// Threads (1 unless given).
    #[command(flatten)]
    pub threads: Threads,
}

/// Runs `engine train fit`.
pub fn fit(args: &FitArgs) -> Result<Report, CliError> {
    let (input, out) = (args.input.as_str(), args.out.as_str());
    let options = Options {
        ridge: args.ridge.unwrap_or(4.0),
        iterations: args.iterations.unwrap_or(300),
        neighbour_weight: args.neighbours.unwrap_or(0.5),
        min_count: args.min_count.unwrap_or(3.0),
        validation: args.validation.unwrap_or(0.05),
        unit: args.unit.unwrap_or(4),
    };
    let threads = args.threads.threads.unwrap_or(1);

    let clock = SystemClock::new();
    let all = samples::read_all(input)?;
    let canonical = &*CANONICAL;
    let rows: Vec<Row> = all
        .iter()
        .filter(|s| s.label != Label::None)
        .map(|s| {
            let mut features = indices(s.player, s.opponent);
            for f in features.iter_mut() {
                *f = canonical[*f as usize];
            }
            Row {
                features,
                target: f64::from(s.score) / f64::from(DISC),
                phase: phase_of(s.empties()),
                validation: held_out(s, options.validation),
            }
        })
        .collect();
    if rows.is_empty() {
        return Err(CliError::NoResult(format!("{input}: no labelled samples")));
    }

    let fits = map_in_parallel(
        PHASES,
        threads,
        || (),
        |_, phase| fit_phase(&rows, phase, options),
        None,
    );
    let weights = Weights::from_canonical(options.unit, |phase, index| fits[phase].weights[index]);
    let bytes = evaluation::write_weights(out, &weights)?;
    let seconds = clock.elapsed_seconds();

    let mut text = format!(
        "{} samples ({} held out), λ {}, neighbours {}, unit {}/100 disc; {out}: {bytes} bytes, {seconds:.1} s\nphase empties  samples  fitted  iterations  rmse train  rmse held-out (discs)\n",
        rows.len(),
        rows.iter().filter(|r| r.validation).count(),
        options.ridge,
        options.neighbour_weight,
        options.unit
    );
    let mut phases = Vec::new();
    for (phase, f) in fits.iter().enumerate() {
        let high = 60 - 5 * phase;
        let _ = writeln!(
            text,
            "{phase:5} {:>7} {:8} {:7} {:11} {:11.2} {:11.2} ({} samples)",
            format!("{}-{high}", high - 4),
            f.rows,
            f.used,
            f.iterations,
            f.train_rmse,
            f.validation_rmse,
            f.validation_rows
        );
        phases.push(json!({
            "phase": phase,
            "samples": f.rows,
            "fitted": f.used,
            "iterations": f.iterations,
            "rmse_train": f.train_rmse,
            "rmse_validation": f.validation_rmse,
            "validation_samples": f.validation_rows,
        }));
    }
    Ok(Report {
        json: json!({ "samples": rows.len(), "bytes": bytes, "out": out, "seconds": seconds, "phases": phases }),
        text,
    })
}
