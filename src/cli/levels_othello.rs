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

use super::common::{Progress, Threads};
use super::levels::ThinkTimeArgs;
use super::matches::{play_game, PlayerFn, Tally};
use super::numbers::whole;
use super::openings::play_from_openings;
use super::openings::{openings_from_args, OpeningsFile};
use super::{CliError, Report};

/// `engine levels othello`.
#[derive(clap::Args, Debug)]
pub struct LevelsArgs {
    /// The openings (the first 50 unless --count).
    #[command(flatten)]
    pub openings: OpeningsFile,
    /// How long the levels think.
    #[command(flatten)]
    pub time: ThinkTimeArgs,
    /// The strongest level measured (2 to 7; 7 unless given)
    #[arg(long, value_name = "L", value_parser = whole(2u8, 7, "a level"))]
    pub levels: Option<u8>,
    /// Threads (2 unless given).
    #[command(flatten)]
    pub threads: Threads,
    /// Progress.
    #[command(flatten)]
    pub progress: Progress,
}

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
pub fn levels(args: &LevelsArgs) -> Result<Report, CliError> {
    let (openings_path, openings) = openings_from_args(&args.openings, Some(50))?;
    let time = args.time.think_time(0.1);
    let top = args.levels.unwrap_or(7);
    let threads = args.threads.threads.unwrap_or(2);
    let progress = args.progress.of("games");

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
