//! `engine lessons`: the lessons as data (`list`) and every stated answer
//! proved by the engine (`check`, exit status 2 if one fails).

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::learn::{check, lesson, STAGES};

use super::usage::ArgsError;
use super::{CliError, Report};

/// Runs `engine lessons STEP` (`list` or `check`).
pub fn lessons(step: &str) -> Result<Report, CliError> {
    let mut stages = Vec::new();
    for (name, text) in STAGES {
        let stage =
            lesson::parse_stage(text).map_err(|e| CliError::NoResult(format!("{name}: {e}")))?;
        stages.push((name, stage));
    }
    let clock = SystemClock::new();
    match step {
        "list" => {
            let lessons: Vec<_> = stages
                .iter()
                .flat_map(|(name, stage)| {
                    stage.lessons.iter().map(move |l| {
                        json!({
                            "id": l.id,
                            "game": stage.game.name(),
                            "stage": name,
                            "kind": l.goal.name(),
                            "route": format!("#/learn/{}/{}", stage.game.name(), l.id),
                            "languages": ["en", "cs", "ru"],
                            "opponent": l.opponent.name(),
                            "verified": check::check(l, &clock).is_ok(),
                        })
                    })
                })
                .collect();
            Ok(Report {
                text: format!("{} lessons in {} stages", lessons.len(), stages.len()),
                json: json!({ "lessons": lessons }),
            })
        }
        "check" => {
            let mut checked = 0;
            let mut failed = Vec::new();
            let mut reasons = Vec::new();
            for (_, stage) in &stages {
                for l in &stage.lessons {
                    checked += 1;
                    if let Err(e) = check::check(l, &clock) {
                        failed.push(l.id.clone());
                        reasons.push(format!("{}: {e}", l.id));
                    }
                }
            }
            let report = Report {
                text: format!("{checked} lessons checked; failed: {}", reasons.join("; ")),
                json: json!({ "checked": checked, "failed": failed }),
            };
            if failed.is_empty() {
                Ok(report)
            } else {
                Err(CliError::NoResult(report.text))
            }
        }
        other => Err(ArgsError::Conflict(format!("unknown step lessons {other}")).into()),
    }
}
