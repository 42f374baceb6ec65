//! The page's buttons: the tournament saved as JSON or CSV, the standings
//! as CSV, a file loaded (read by the one reader, `club::csv::read`: a
//! file that is refused says why in the reader's language and changes
//! nothing; one that is read is shown, and kept only once drawn), print,
//! undo, a new tournament.

use yew::prelude::*;

use crate::club::csv::{read, standings_csv, to_csv, Separator, BOM};
use crate::club::standings::standings;
use crate::i18n::Texts;

use super::super::browser;
use super::state::Club;

/// The buttons under the tournament (or the setup form).
pub fn actions(t: &'static Texts, club: &Club) -> Html {
    let current = club.tournament();
    // A JSON or CSV file; one that is refused leaves the tournament as it is.
    let import = {
        let club = club.clone();
        browser::on_file_text(Callback::from(move |text: Option<String>| {
            match read(&text.unwrap_or_default()) {
                Ok(loaded) => {
                    club.replace(Some(loaded));
                    club.pending.set(None);
                    club.slips.set(false);
                    club.notice.set(t.club_play().imported().into());
                }
                Err(e) => {
                    club.notice.set(String::new());
                    club.message
                        .set(t.club_play().import_failed(t.club_errors().import(&e)));
                }
            }
        }))
    };
    let export = |name: &'static str,
                  kind: &'static str,
                  write: fn(&crate::club::tournament::Tournament) -> String| {
        let current = current.clone();
        Callback::from(move |_| {
            if let Some(current) = &current {
                browser::download(name, kind, &write(current));
            }
        })
    };
    let undo = {
        let club = club.clone();
        Callback::from(move |_| club.undo())
    };
    let new_tournament = {
        let club = club.clone();
        Callback::from(move |_| {
            if browser::window().confirm_with_message(t.club().new_confirm()) == Ok(true) {
                club.replace(None);
            }
        })
    };
    html! {
        <div class="card-actions no-print">
            if current.is_some() {
                <button onclick={export("tournament.json", "application/json", |c| c.to_text())}>{ t.club().export_json() }</button>
                <button onclick={export("tournament.csv", "text/csv", |c| format!("{BOM}{}", to_csv(c)))}>{ t.club_play().export_tournament_csv() }</button>
                <button onclick={export("standings.csv", "text/csv", |c| format!("{BOM}{}", standings_csv(c, &standings(c), Separator::Comma)))}>{ t.club().export_csv() }</button>
            }
            <label class="button file-button">{ t.club().import_json() }
                <input type="file" accept="application/json,.json,text/csv,.csv" class="visually-hidden" onchange={import} data-testid="club-import" />
            </label>
            <button onclick={Callback::from(|_| { let _ = browser::window().print(); })}>{ t.club().print() }</button>
            <button onclick={undo} disabled={club.history.borrow().is_empty()} data-testid="club-undo">{ t.club().undo() }</button>
            if current.is_some() {
                <button onclick={new_tournament}>{ t.club().new_tournament() }</button>
            }
        </div>
    }
}
