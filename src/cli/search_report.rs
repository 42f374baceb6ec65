//! What `engine search` prints for every game: a line per completed depth
//! and the answer, in text or JSON.

use serde_json::json;

use crate::engine::search::{Progress, SearchResult};

use super::Report;

/// One completed depth: `depth  6 score   +1.25 nodes … ms  pv …`, the
/// score in the game's units (`unit` hundredths each).
pub fn progress_line<M>(p: &Progress<M>, unit: i32, name: impl Fn(&M) -> String) -> String {
    let pv: Vec<String> = p.pv.iter().map(name).collect();
    format!(
        "depth {:2} score {:+7.2} nodes {:>10} {:>8.1} ms  pv {}",
        p.depth,
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
        "best {} score {score:+.2}{} depth {} in {seconds:.3} s",
        best.as_deref().unwrap_or("none"),
        if result.exact { " (exact)" } else { "" },
        result.depth
    ));
    Report {
        json: json!({
            "best": best,
            "score": score,
            "exact": result.exact,
            "depth": result.depth,
            "pv": pv,
            "nodes": result.nodes,
            "seconds": seconds,
        }),
        text: lines.join("\n"),
    }
}
