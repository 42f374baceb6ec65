//! An event as a spreadsheet an organiser opens in Excel or LibreOffice
//! in any locale: an `.xlsx` workbook (numbers stored as numbers, so a
//! Czech Excel's decimal comma changes nothing) with the standings (the
//! Brightwell quotient and its parts for Othello, Buchholz and
//! Sonneborn–Berger otherwise), every round's pairings and results, and
//! the players; and the standings as CSV with a byte order mark, comma-
//! or semicolon-separated. Headings in the reader's language.

use mind_sports_core::club::csv::{standings_csv, Separator, BOM};
use mind_sports_core::club::standings::{standings, Standing};
use mind_sports_core::club::tournament::{Entry, Tournament};
use mind_sports_core::i18n::Lang;
use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

/// The standings as CSV for a spreadsheet: the byte order mark, then the
/// club manager's standings columns with `separator`.
pub fn standings_file(t: &Tournament, separator: Separator) -> String {
    format!("{BOM}{}", standings_csv(t, &standings(t), separator))
}

/// A sheet's name as Excel takes it: at most 31 characters, none of
/// `[]:*?/\`.
fn sheet_name(name: &str) -> String {
    name.chars()
        .filter(|c| !"[]:*?/\\".contains(*c))
        .take(31)
        .collect()
}

/// The event `t` as a workbook, its headings in `lang`.
pub fn workbook(t: &Tournament, lang: Lang) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let rows = standings(t);
    let texts = lang.texts().club();
    standings_sheet(book.add_worksheet(), t, &rows, lang, &bold)?
        .set_name(sheet_name(texts.standings()))?;
    rounds_sheet(book.add_worksheet(), t, lang, &bold)?.set_name(sheet_name(texts.results()))?;
    players_sheet(book.add_worksheet(), t, &rows, lang, &bold)?
        .set_name(sheet_name(texts.players()))?;
    book.save_to_buffer()
}

/// Writes `headings` in bold on the first row, which stays in view.
fn headings(sheet: &mut Worksheet, headings: &[String], bold: &Format) -> Result<(), XlsxError> {
    for (col, text) in headings.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, text, bold)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    Ok(())
}

fn standings_sheet<'a>(
    sheet: &'a mut Worksheet,
    t: &Tournament,
    rows: &[Standing],
    lang: Lang,
    bold: &Format,
) -> Result<&'a mut Worksheet, XlsxError> {
    let c = lang.texts().club();
    let mut columns: Vec<String> = ["#", c.name(), c.rating(), c.club(), c.points()]
        .map(str::to_string)
        .to_vec();
    if t.is_othello() {
        columns.extend([
            format!("{} (BQ)", c.brightwell()),
            c.discs().to_string(),
            format!("BQ: {}", c.discs()),
            format!("BQ: {}", c.opponents_points()),
            format!("BQ: {}", c.set_aside_bye().split(':').next().unwrap_or("")),
            "BQ: c".to_string(),
        ]);
    } else {
        columns.extend(["Buchholz".to_string(), "Sonneborn–Berger".to_string()]);
    }
    headings(sheet, &columns, bold)?;
    for (i, r) in rows.iter().enumerate() {
        let row = i as u32 + 1;
        let player = &t.players[r.player];
        sheet.write_number(row, 0, r.rank as f64)?;
        sheet.write_string(row, 1, &r.name)?;
        if let Some(rating) = player.rating {
            sheet.write_number(row, 2, rating)?;
        }
        if let Some(club) = &player.club {
            sheet.write_string(row, 3, club)?;
        }
        sheet.write_number(row, 4, r.points)?;
        let numbers = match (r.brightwell_sum, r.discs) {
            (Some(sum), Some(discs)) => vec![
                sum.total(),
                discs,
                sum.discs,
                sum.opponents_points,
                f64::from(sum.set_aside),
                f64::from(sum.c),
            ],
            _ => vec![r.buchholz, r.sonneborn_berger],
        };
        for (j, x) in numbers.into_iter().enumerate() {
            sheet.write_number(row, 5 + j as u16, x)?;
        }
    }
    sheet.autofit();
    Ok(sheet)
}

fn rounds_sheet<'a>(
    sheet: &'a mut Worksheet,
    t: &Tournament,
    lang: Lang,
    bold: &Format,
) -> Result<&'a mut Worksheet, XlsxError> {
    let texts = lang.texts();
    let c = texts.club();
    let (first, second) = if t.is_othello() {
        (texts.othello.black(), texts.othello.white())
    } else {
        (c.first(), c.second())
    };
    let round = c.round("").trim().to_string();
    let columns = [round.as_str(), c.board(), first, second, first, second]
        .map(|s| s.to_string())
        .to_vec();
    headings(sheet, &columns, bold)?;
    let mut boards = std::collections::HashMap::new();
    for (i, entry) in t.games.iter().enumerate() {
        let row = i as u32 + 1;
        match entry {
            Entry::Game {
                round,
                black,
                white,
                score,
            } => {
                let board = boards.entry(*round).or_insert(0u32);
                *board += 1;
                sheet.write_number(row, 0, f64::from(*round))?;
                sheet.write_number(row, 1, f64::from(*board))?;
                sheet.write_string(row, 2, black)?;
                sheet.write_string(row, 3, white)?;
                sheet.write_number(row, 4, score[0])?;
                sheet.write_number(row, 5, score[1])?;
            }
            Entry::Bye { round, bye } => {
                sheet.write_number(row, 0, f64::from(*round))?;
                sheet.write_string(row, 1, c.bye())?;
                sheet.write_string(row, 2, bye)?;
            }
        }
    }
    sheet.autofit();
    Ok(sheet)
}

fn players_sheet<'a>(
    sheet: &'a mut Worksheet,
    t: &Tournament,
    rows: &[Standing],
    lang: Lang,
    bold: &Format,
) -> Result<&'a mut Worksheet, XlsxError> {
    let c = lang.texts().club();
    let withdrawn = c.withdrawn_after("").trim().to_string();
    let columns = [
        c.name(),
        c.rating(),
        c.club(),
        withdrawn.as_str(),
        c.points(),
    ]
    .map(str::to_string)
    .to_vec();
    headings(sheet, &columns, bold)?;
    for (i, p) in t.players.iter().enumerate() {
        let row = i as u32 + 1;
        sheet.write_string(row, 0, &p.name)?;
        if let Some(rating) = p.rating {
            sheet.write_number(row, 1, rating)?;
        }
        if let Some(club) = &p.club {
            sheet.write_string(row, 2, club)?;
        }
        if let Some(after) = p.withdrawn_after {
            sheet.write_number(row, 3, f64::from(after))?;
        }
        let points = rows
            .iter()
            .find(|r| r.player == i)
            .map_or(0.0, |r| r.points);
        sheet.write_number(row, 4, points)?;
    }
    sheet.autofit();
    Ok(sheet)
}

/// A file name for the event's `extension` file: its name with what file
/// systems refuse taken out (the event's id when it has no name).
pub fn file_name(t: &Tournament, id: &str, extension: &str) -> String {
    let name: String = t
        .name
        .as_deref()
        .unwrap_or(id)
        .chars()
        .map(|c| {
            if "<>:\"/\\|?*".contains(c) || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .collect();
    format!("{}.{extension}", name.trim_matches(['.', ' ']))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mind_sports_core::club::tournament::{Format as Pairing, Player};

    fn event() -> Tournament {
        let mut t = Tournament::new("othello", Pairing::Swiss, 8, 2);
        t.name = Some("Jarní turnaj: 2027/1".into());
        t.players = ["Petr Novák", "Eva Dvořáková", "Jan"]
            .map(Player::named)
            .to_vec();
        t.games = vec![
            Entry::Game {
                round: 1,
                black: "Petr Novák".into(),
                white: "Eva Dvořáková".into(),
                score: [40.5, 23.5],
            },
            Entry::Bye {
                round: 1,
                bye: "Jan".into(),
            },
        ];
        t
    }

    #[test]
    fn csv_has_a_byte_order_mark_and_a_semicolon_form_with_decimal_commas() {
        let t = event();
        let comma = standings_file(&t, Separator::Comma);
        assert!(comma.starts_with(BOM));
        assert!(comma.contains("\"Petr Novák\""));
        let semi = standings_file(&t, Separator::Semicolon);
        assert!(semi.starts_with(BOM));
        let line = semi.lines().find(|l| l.contains("Petr")).unwrap();
        assert!(line.contains(";\"Petr Novák\";;;1;40,5;"), "{line}");
        assert!(!line.contains("40.5"), "decimal commas: {line}");
    }

    #[test]
    fn the_workbook_is_a_zip_and_is_named_after_the_event() {
        for lang in [Lang::En, Lang::Cs, Lang::Ru] {
            let bytes = workbook(&event(), lang).unwrap();
            assert_eq!(&bytes[..2], b"PK", "an xlsx file is a zip archive");
        }
        assert_eq!(
            file_name(&event(), "x1", "xlsx"),
            "Jarní turnaj_ 2027_1.xlsx"
        );
        let mut nameless = event();
        nameless.name = None;
        assert_eq!(file_name(&nameless, "x1", "csv"), "x1.csv");
        assert_eq!(sheet_name("Pořadí [a/b]: *?"), "Pořadí ab ");
    }
}
