//! `engine levels othello`: the strength ladder of the computer levels on
//! 8×8, each level playing the one below it from the match openings, every
//! opening once with each colour.

use std::fmt::Write;

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::engine::othello::levels::{choose_move, think_ms};
use crate::engine::othello::{Analyzer, Level, Move, Position};
use crate::engine::rng::Rng;
use crate::engine::strength::ThinkTime;

use super::args::{number_in, Args};
use super::levels::think_time;
use super::matches::{play_game, PlayerFn, Tally};
use super::openings::{openings_from_args, play_from_openings};
use super::parallel::wants_progress;
use super::{CliError, Report};

/// A level playing with `analyzer`'s tables; `seed` drives its
/// misjudgements.
fn level_player<'a>(
    analyzer: &'a mut Analyzer,
    level: Level,
    seed: u64,
    time: ThinkTime,
    clock: &'a SystemClock,
) -> PlayerFn<'a, Position> {
    let mut rng = Rng::new(seed);
    Box::new(move |position: &Position| {
        choose_move(
            analyzer,
            position,
            level,
            time,
            clock,
            &mut rng,
            &mut |_| {},
        )
        .best
        .unwrap_or(Move::Pass)
    })
}

/// Plays `stronger` against `weaker` from every opening with both colours.
fn pairing(
    stronger: Level,
    weaker: Level,
    openings: &[(String, Position)],
    time: ThinkTime,
    threads: usize,
    progress: Option<&str>,
) -> Tally {
    let clock = SystemClock::new();
    let margins = play_from_openings(
        openings,
        threads,
        progress,
        || (Analyzer::new(18), Analyzer::new(18)),
        |(ours, theirs), game, start, stronger_first| {
            ours.clear();
            theirs.clear();
            let seed = game as u64 * 7919 + u64::from(stronger.number());
            play_game(
                start,
                &mut level_player(ours, stronger, seed, time, &clock),
                &mut level_player(theirs, weaker, seed ^ 0xABCD, time, &clock),
                stronger_first,
            )
        },
    );
    let mut tally = Tally::default();
    for margin in margins {
        tally.add(margin);
    }
    tally
}

/// Runs the ladder.
pub fn levels(words: &[String]) -> Result<Report, CliError> {
    let args = Args::parse(
        words,
        &[
            "openings",
            "count",
            "think-ms",
            "time-scale",
            "levels",
            "threads",
        ],
        &["json", "progress"],
    )?;
    args.finish()?;
    let (openings_path, openings) = openings_from_args(&args, Some(50))?;
    let time = think_time(&args, 0.1)?;
    let top = args
        .parsed("--levels", "a level from 2 to 7", number_in(2u8, 7))?
        .unwrap_or(7);
    let threads = args.threads(2)?;
    let progress = wants_progress(args.switch("--progress")).then_some("games");

    let level_ms = |n| think_ms(Level::new(n).expect("a level"), time).expect("a timed level");
    let mut text = format!(
        "Othello levels (8x8): each level against the one below, {} opening(s) ({openings_path}) with both colours; level 7 thinks {} ms a move, level 6 {} ms\n  pairing | W-D-L (score) | disc difference\n",
        openings.len(),
        level_ms(7),
        level_ms(6),
    );
    let mut rows = Vec::new();
    let clock = SystemClock::new();
    for n in 2..=top {
        let stronger = Level::new(n).expect("levels 2 to 7 exist");
        let weaker = Level::new(n - 1).expect("levels 1 to 6 exist");
        let tally = pairing(stronger, weaker, &openings, time, threads, progress);
        let (mean, error) = tally.margin();
        let _ = writeln!(
            text,
            "  {} vs {} | {}-{}-{} ({:.1}%) | {mean:+.2} ± {error:.2}",
            stronger.number(),
            weaker.number(),
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score_rate(),
        );
        rows.push(json!({
            "level": stronger.number(),
            "against": weaker.number(),
            "wins": tally.wins,
            "draws": tally.draws,
            "losses": tally.losses,
            "disc_difference": mean,
            "disc_difference_error": error,
        }));
    }
    let _ = write!(text, "{:.0} s", clock.elapsed_seconds());
    Ok(Report {
        json: json!({
            "openings": openings.len(),
            "think_ms": time.strongest_ms,
            "time_scale": time.scale,
            "table": rows,
        }),
        text,
    })
}
