//! `engine lessons`: the lessons as data (`list`) and every stated answer
//! proved by the engine, every text checked by the wording rules (`check`,
//! exit status 2 if one fails; `--json` prints `{"checked", "failed",
//! "reasons"}` either way).

use serde_json::json;

use crate::engine::clock::SystemClock;
use mind_sports_core::learn::lesson::Stage;
use mind_sports_core::learn::{check, lesson, STAGES};

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
    match step {
        "list" => Ok(list(&stages)),
        "check" => check_all(&stages),
        other => Err(ArgsError::Conflict(format!("unknown step lessons {other}")).into()),
    }
}

/// Every lesson with its route, kind, opponent and whether it holds.
fn list(stages: &[(&str, Stage)]) -> Report {
    let clock = SystemClock::new();
    let lessons: Vec<_> = stages
        .iter()
        .flat_map(|(name, stage)| {
            let clock = &clock;
            stage.lessons.iter().map(move |l| {
                json!({
                    "id": l.id,
                    "game": stage.game.name(),
                    "stage": name,
                    "kind": l.goal.name(),
                    "route": format!("#/learn/{}/{}", stage.game.name(), l.id),
                    "languages": ["en", "cs", "ru"],
                    "opponent": l.opponent.name(),
                    "verified": check::check(l, clock).is_ok(),
                })
            })
        })
        .collect();
    Report {
        text: format!("{} lessons in {} stages", lessons.len(), stages.len()),
        json: json!({ "lessons": lessons }),
    }
}

/// The check of every stage: the report, which is also the error when a
/// lesson fails.
fn check_all(stages: &[(&str, Stage)]) -> Result<Report, CliError> {
    let clock = SystemClock::new();
    let checked: usize = stages.iter().map(|(_, s)| s.lessons.len()).sum();
    let failures: Vec<(String, String)> = stages
        .iter()
        .flat_map(|(_, stage)| check::check_stage(stage, &clock))
        .map(|(id, e)| (id, e.to_string()))
        .collect();
    let failed: Vec<&str> = failures.iter().map(|(id, _)| id.as_str()).collect();
    let reasons: Vec<String> = failures
        .iter()
        .map(|(id, why)| format!("{id}: {why}"))
        .collect();
    let text = if failed.is_empty() {
        format!("{checked} lessons checked, all hold")
    } else {
        format!("{checked} lessons checked; failed: {}", reasons.join("; "))
    };
    let report = Report {
        text,
        json: json!({ "checked": checked, "failed": failed, "reasons": reasons }),
    };
    if failed.is_empty() {
        Ok(report)
    } else {
        Err(CliError::Failed(report))
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn shipped() -> Vec<(&'static str, Stage)> {
        STAGES
            .iter()
            .map(|&(name, text)| (name, lesson::parse_stage(text).unwrap()))
            .collect()
    }

    #[test]
    fn a_failed_check_reports_what_failed_as_a_passing_one_does() {
        let mut stages = shipped();
        let Ok(report) = check_all(&stages) else {
            panic!("the shipped lessons fail")
        };
        assert_eq!(report.json["failed"], json!([]));
        let total = report.json["checked"].clone();
        // One wrong answer: the report still says what was checked, and
        // which lesson failed and why (not {"error": …}).
        stages[0].1.lessons[1].answer.push("a1".into());
        let id = stages[0].1.lessons[1].id.clone();
        let Err(CliError::Failed(report)) = check_all(&stages) else {
            panic!("a wrong answer passed")
        };
        assert_eq!(report.json["checked"], total);
        assert_eq!(report.json["failed"], json!([id]));
        assert!(report.json["reasons"][0]
            .as_str()
            .unwrap()
            .starts_with(&format!("{id}: ")));
        assert!(report.json.get("error").is_none());
    }
}
