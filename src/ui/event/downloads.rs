//! The event's files for spreadsheets, offered to everyone under the
//! standings: the workbook (standings with the tie-breaks' parts, the
//! rounds, the players; headings in the page's language) and the
//! standings as CSV, comma- or semicolon-separated (Czech and Russian
//! spreadsheets expect semicolons and decimal commas).

use yew::prelude::*;

use super::super::context::use_texts;
use super::api;

/// Props of [`Downloads`].
#[derive(Properties, PartialEq)]
pub struct DownloadsProps {
    /// The event's id.
    pub event: AttrValue,
}

/// The links to the event's spreadsheet files.
#[function_component(Downloads)]
pub fn downloads(props: &DownloadsProps) -> Html {
    let t = use_texts();
    let e = t.event();
    let link = |what: String, label: &'static str, id: &'static str| {
        let href = api::path(&props.event, &what);
        // An empty `download` keeps the server's file name: the event's.
        html! { <a class="button" {href} download="" data-testid={id}>{ label }</a> }
    };
    html! {
        <p class="buttons no-print event-downloads" data-testid="event-downloads">
            { link(format!("export.xlsx?lang={}", t.lang().code()), e.download_xlsx(), "event-download-xlsx") }
            { link("standings.csv".into(), e.download_csv(), "event-download-csv") }
            { link("standings.csv?sep=semicolon".into(), e.download_csv_semicolon(), "event-download-csv-semicolon") }
        </p>
    }
}
