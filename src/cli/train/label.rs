//! `engine train label`: scores for the positions. Near the end the exact
//! result from the endgame solver; earlier, a search of fixed depth with
//! the evaluation being improved (the mean of its last two depths), so
//! that each round of training learns from searches with the previous
//! round's weights. Exact labels already
//! in the input are kept.

use std::fmt::Write as _;

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::engine::othello::eval::{Evaluator, DISC};
use crate::engine::othello::Analyzer;
use crate::engine::search::{Budget, Limits};

use super::super::common::{Progress, Threads};
use super::super::numbers::whole;
use super::super::parallel::map_in_parallel;
use super::super::{evaluation, CliError, Report};
use super::samples::{self, Label, Sample};

/// How positions are labelled.
struct Options {
    exact_empties: u32,
    depth: u32,
    evaluator: Evaluator,
}

/// `sample` with its label, and the milliseconds it took.
fn label(options: &Options, analyzer: &mut Analyzer, sample: Sample) -> (Sample, f64) {
    if sample.label == Label::Exact {
        return (sample, 0.0);
    }
    let clock = SystemClock::new();
    let position = sample.position();
    let empties = sample.empties();
    let labelled = if empties <= options.exact_empties {
        let solution = analyzer
            .solve(&position, &Budget::new(Limits::default(), &clock))
            .expect("no limit");
        Sample {
            score: (solution.score * DISC) as i16,
            label: Label::Exact,
            depth: 0,
            ..sample
        }
    } else {
        // A fresh table for every position keeps the labels independent of
        // the order (and of the number of threads).
        analyzer.clear();
        let mut scores = Vec::new();
        let result = analyzer.analyse(
            &position,
            &Budget::new(Limits::depth(options.depth), &clock),
            &mut |progress| scores.push(progress.score),
        );
        // The mean of the last two depths: searches of even and odd depth
        // judge the side to move differently, and learning from one
        // parity alone teaches the evaluation that bias, round after round.
        let score = match scores.as_slice() {
            [.., before, last] if !result.exact => (before + last) / 2,
            _ => result.score,
        };
        Sample {
            // A heuristic score beyond the largest result says no more.
            score: score.clamp(-64 * DISC, 64 * DISC) as i16,
            label: if result.exact {
                Label::Exact
            } else {
                Label::Searched
            },
            depth: if result.exact { 0 } else { options.depth as u8 },
            ..sample
        }
    };
    (labelled, clock.elapsed_seconds() * 1e3)
}

/// `engine train label`.
#[derive(clap::Args, Debug)]
pub struct LabelArgs {
    /// The positions to label, FILE[,FILE…]
    #[arg(long = "in", value_name = "FILE")]
    pub input: String,
    /// Where the labelled positions are written
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// Solve exactly from this many empties (0 to 30; 16 unless given)
    #[arg(long, value_name = "EMPTIES", value_parser = whole(0u32, 30, "a number of empties"))]
    pub exact: Option<u32>,
    /// The depth of the searches earlier (1 to 30; 4 unless given)
    #[arg(long, value_name = "D", value_parser = whole(1u32, 30, "a depth"))]
    pub depth: Option<u32>,
    /// The evaluation E (standard unless given)
    #[arg(long, value_name = "E")]
    pub eval: Option<String>,
    /// Threads (1 unless given).
    #[command(flatten)]
    pub threads: Threads,
    /// Progress.
    #[command(flatten)]
    pub progress: Progress,
}

/// Runs `engine train label`.
pub fn label_command(args: &LabelArgs) -> Result<Report, CliError> {
    let (input, out) = (args.input.as_str(), args.out.as_str());
    let options = Options {
        exact_empties: args.exact.unwrap_or(16),
        depth: args.depth.unwrap_or(4),
        evaluator: evaluation::evaluator(args.eval.as_deref().unwrap_or("standard"))?,
    };
    let threads = args.threads.threads.unwrap_or(1);
    let progress = args.progress.of("positions");

    let input_samples = samples::read_all(input)?;
    let clock = SystemClock::new();
    let labelled = map_in_parallel(
        input_samples.len(),
        threads,
        || Analyzer::new(16).with_evaluator(options.evaluator),
        |analyzer, i| label(&options, analyzer, input_samples[i]),
        progress,
    );
    let seconds = clock.elapsed_seconds();
    let samples: Vec<Sample> = labelled.iter().map(|&(s, _)| s).collect();
    samples::write(out, &samples)?;

    // Time per position by empties: what the next run can afford.
    let mut by_empties = vec![(0usize, 0.0f64); 61];
    for &(s, ms) in &labelled {
        let entry = &mut by_empties[s.empties() as usize];
        entry.0 += 1;
        entry.1 += ms;
    }
    let exact = samples.iter().filter(|s| s.label == Label::Exact).count();
    let mut text = format!(
        "{} positions labelled in {seconds:.1} s: {exact} exact, {} searched to depth {} with {:?}; written to {out}\nempties: positions, mean ms\n",
        samples.len(),
        samples.len() - exact,
        options.depth,
        options.evaluator
    );
    let mut timing = Vec::new();
    for (empties, &(count, ms)) in by_empties.iter().enumerate().filter(|(_, e)| e.0 > 0) {
        let mean = ms / count as f64;
        let _ = writeln!(text, "{empties:2}: {count:7} {mean:9.2}");
        timing.push(json!({ "empties": empties, "positions": count, "mean_ms": mean }));
    }
    Ok(Report {
        json: json!({
            "positions": samples.len(),
            "exact": exact,
            "searched": samples.len() - exact,
            "seconds": seconds,
            "timing": timing,
            "out": out,
        }),
        text,
    })
}
