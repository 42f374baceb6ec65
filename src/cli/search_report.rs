//! What `engine search` prints for every game: a line per completed depth
//! and the answer, in text or JSON.

use serde_json::json;

use crate::engine::search::{Progress, SearchResult};

use super::Report;

/// One completed depth: `depth  6 score   +1.25 nodes … ms  pv …`, the
/// score in the game's units (`unit` hundredths each); a selective solve's
/// depth carries its confidence, as in Edax (`depth 24@93%`).
pub fn progress_line<M>(p: &Progress<M>, unit: i32, name: impl Fn(&M) -> String) -> String {
    let pv: Vec<String> = p.pv.iter().map(name).collect();
    format!(
        "depth {:2}{} score {:+7.2} nodes {:>10} {:>8.1} ms  pv {}",
        p.depth,
        confidence_mark(p.confidence),
        f64::from(p.score) / f64::from(unit),
        p.nodes,
        p.elapsed_ms,
        pv.join(" ")
    )
}

/// The report of a finished search: the progress `lines` and the answer
/// as text, or the answer as JSON.
pub fn search_report<M>(
    result: &SearchResult<M>,
    seconds: f64,
    unit: i32,
    name: impl Fn(&M) -> String,
    mut lines: Vec<String>,
) -> Report {
    let best = result.best.as_ref().map(&name);
    let pv: Vec<String> = result.pv.iter().map(&name).collect();
    let score = f64::from(result.score) / f64::from(unit);
    lines.push(format!(
        "best {} score {score:+.2}{} depth {}{} in {seconds:.3} s",
        best.as_deref().unwrap_or("none"),
        if result.exact { " (exact)" } else { "" },
        result.depth,
        confidence_mark(result.confidence),
    ));
    Report {
        json: json!({
            "best": best,
            "score": score,
            "exact": result.exact,
            "confidence": result.confidence,
            "depth": result.depth,
            "pv": pv,
            "nodes": result.nodes,
            "seconds": seconds,
        }),
        text: lines.join("\n"),
    }
}

/// `@93%` after the depth of a selective solve, nothing otherwise.
fn confidence_mark(confidence: Option<u8>) -> String {
    confidence.map(|c| format!("@{c}%")).unwrap_or_default()
}
