//! `engine bench`: fixed workloads whose speed is worth tracking: perft from
//! the start, the evaluations alone, a midgame search (its node count is
//! the bench signature that changes only when the search's behaviour
//! changes) and FFO endgames.

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::engine::othello::eval::Evaluator;
use crate::engine::othello::ffo::{self, FfoPosition};
use crate::engine::othello::pattern::weights::shipped;
use crate::engine::othello::perft::perft;
use crate::engine::othello::{Analyzer, Position, Rules};
use crate::engine::rng::Rng;
use crate::engine::search::{Budget, Limits};

use super::numbers::range;
use super::{CliError, Report};

/// `engine bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// The long versions (perft 12 instead of 9, …)
    #[arg(long)]
    pub full: bool,
    /// Only these FFO endgames, FIRST-LAST (1 to 79): nodes, time, right or
    /// wrong
    #[arg(long, value_name = "FIRST-LAST", value_parser = range(1u32, 79, "a range of FFO numbers"))]
    pub ffo: Option<(u32, u32)>,
}

/// Runs the benchmarks; `--full` runs the long versions, `--ffo FIRST-LAST`
/// only those FFO endgames.
pub fn bench(args: &BenchArgs) -> Result<Report, CliError> {
    let full = args.full;
    if let Some(numbers) = args.ffo {
        let (text, json) = endgames(numbers)?;
        return Ok(Report { json, text });
    }
    let mut text = Vec::new();

    let perft_depth = if full { 12 } else { 9 };
    let clock = SystemClock::new();
    let leaves = perft(&Position::start(Rules::default()), perft_depth);
    let perft_seconds = clock.elapsed_seconds();
    let rate = leaves as f64 / perft_seconds.max(1e-9);
    text.push(format!(
        "perft {perft_depth}: {leaves} leaves in {perft_seconds:.3} s = {:.1} M leaves/s",
        rate / 1e6
    ));

    let positions = random_positions(10_000);
    let mut evaluations = Vec::new();
    for (name, evaluator) in [
        ("hand-made", Evaluator::HandMade),
        ("pattern", Evaluator::Pattern(shipped())),
    ] {
        let clock = SystemClock::new();
        let rounds = 20;
        let mut checksum = 0i64;
        for _ in 0..rounds {
            for p in &positions {
                checksum += i64::from(evaluator.evaluate(std::hint::black_box(p)));
            }
        }
        let seconds = clock.elapsed_seconds();
        let rate = (rounds * positions.len()) as f64 / seconds.max(1e-9);
        text.push(format!(
            "evaluation ({name}): {:.2} M positions/s (checksum {checksum})",
            rate / 1e6
        ));
        evaluations.push(json!({ "evaluator": name, "per_second": rate }));
    }

    let search_depth = if full { 12 } else { 9 };
    let clock = SystemClock::new();
    let mut analyzer = Analyzer::new(20);
    let result = analyzer.analyse(
        &Position::start(Rules::default()),
        &Budget::new(Limits::depth(search_depth), &clock),
        &mut |_| {},
    );
    let search_seconds = clock.elapsed_seconds();
    text.push(format!(
        "search depth {search_depth} from the start: {} nodes in {search_seconds:.3} s = {:.0} k nodes/s (best {})",
        result.nodes,
        result.nodes as f64 / search_seconds.max(1e-9) / 1e3,
        result.best.map(|m| m.to_string()).unwrap_or_default()
    ));

    let last = if full { 49 } else { 44 };
    let (endgame_text, endgame_json) = endgames((40, last))?;
    text.push(endgame_text);
    Ok(Report {
        json: json!({
            "perft": { "depth": perft_depth, "nodes": leaves, "seconds": perft_seconds, "leaves_per_second": rate },
            "evaluation": evaluations,
            "search": { "depth": search_depth, "nodes": result.nodes, "seconds": search_seconds },
            "ffo": endgame_json["ffo"],
            "ffo_total": endgame_json["ffo_total"],
        }),
        text: text.join("\n"),
    })
}

/// Solves the FFO endgames numbered `first..=last`, each from cleared
/// tables, and checks the scores and best moves. The tables are allocated
/// once, as the app and `engine nboard` do: on Linux allocating them (huge
/// pages) takes the kernel about half a second.
fn endgames((first, last): (u32, u32)) -> Result<(String, serde_json::Value), CliError> {
    let mut text = Vec::new();
    let mut endgames = Vec::new();
    let mut total_seconds = 0.0;
    let mut total_nodes = 0;
    let mut analyzer = Analyzer::new(22);
    for FfoPosition {
        number,
        position,
        best_score,
        best_moves,
        ..
    } in ffo::positions().filter(|p| (first..=last).contains(&p.number))
    {
        // Each solve starts from empty tables, zeroed in the timing.
        let clock = SystemClock::new();
        analyzer.clear();
        let solution = analyzer
            .solve(&position, &Budget::new(Limits::default(), &clock))
            .ok_or_else(|| CliError::NoResult("a solve was interrupted".into()))?;
        let seconds = clock.elapsed_seconds();
        total_seconds += seconds;
        total_nodes += solution.nodes;
        let best = solution.best.map(|m| m.to_string()).unwrap_or_default();
        let correct = solution.score == best_score
            && best_moves.iter().any(|m| m.eq_ignore_ascii_case(&best));
        text.push(format!(
            "FFO #{number}: {best} {:+} ({}) {:>12} nodes {seconds:8.3} s",
            solution.score,
            if correct { "ok" } else { "WRONG" },
            solution.nodes
        ));
        endgames.push(json!({
            "number": number,
            "best": best,
            "score": solution.score,
            "correct": correct,
            "nodes": solution.nodes,
            "seconds": seconds,
        }));
    }
    text.push(format!(
        "FFO #{first}-#{last}: {total_nodes} nodes in {total_seconds:.3} s"
    ));
    let json = json!({
        "ffo": endgames,
        "ffo_total": { "nodes": total_nodes, "seconds": total_seconds },
    });
    Ok((text.join("\n"), json))
}

/// Unfinished positions from random games with a fixed seed, all stages.
fn random_positions(count: usize) -> Vec<Position> {
    let mut rng = Rng::new(2024);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut p = Position::start(Rules::default());
        while let Some(&mv) = rng.choose(&p.moves()) {
            positions.push(p);
            p = p.play(mv);
        }
    }
    positions.truncate(count);
    positions
}
