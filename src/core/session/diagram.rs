//! The diagram dialog of the game pages, independent of the web: the game
//! it is given (a share link), what the person chooses to show, the
//! [`Options`] of [`crate::diagram`] that makes, and the name of the file
//! saved.

use crate::diagram::{Legend, Options, Theme, DEFAULT_SIZE_PX};

/// How many times wider than the SVG a saved PNG is (sharp in print).
pub const PNG_SCALE: u32 = 2;

/// What the diagram dialog shows, as chosen there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DiagramChoices {
    /// Coordinates around the board (heap numbers in take-away games).
    pub coords: bool,
    /// The last move marked.
    pub last_move: bool,
    /// Move numbers (in games whose diagrams have them).
    pub move_numbers: bool,
    /// Black and white, for print.
    pub print: bool,
    /// A caption under the board.
    pub caption: bool,
}

impl Default for DiagramChoices {
    /// Coordinates and the last move: what a diagram in a newsletter shows.
    fn default() -> DiagramChoices {
        DiagramChoices {
            coords: true,
            last_move: true,
            move_numbers: false,
            print: false,
            caption: false,
        }
    }
}

impl DiagramChoices {
    /// The options of the diagram: `numbered` when the game's diagrams have
    /// move numbers; `title` its accessible name; `caption` the lines under
    /// the board (used when a caption is chosen).
    pub fn options(&self, numbered: bool, title: String, caption: Vec<String>) -> Options {
        Options {
            coords: self.coords,
            last_move: self.last_move,
            move_numbers: numbered && self.move_numbers,
            size_px: DEFAULT_SIZE_PX,
            theme: if self.print {
                Theme::Print
            } else {
                Theme::Light
            },
            title: Some(title),
            legend: if self.caption && !caption.is_empty() {
                Legend::Lines(caption)
            } else {
                Legend::None
            },
        }
    }
}

/// The saved file's name: the game's route and the position
/// (`othello-move-12.svg`, `nim-start.png`).
pub fn file_name(route: &str, ply: usize, extension: &str) -> String {
    if ply == 0 {
        format!("{route}-start.{extension}")
    } else {
        format!("{route}-move-{ply}.{extension}")
    }
}

/// The route and the query of a game page's share link
/// (`…#/othello?size=8&moves=f5`: `othello`, `size=8&moves=f5`).
pub fn game_of_link(url: &str) -> Option<(&str, &str)> {
    let (_, fragment) = url.split_once('#')?;
    let fragment = fragment.strip_prefix('/')?;
    Some(fragment.split_once('?').unwrap_or((fragment, "")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_make_the_options() {
        let choices = DiagramChoices {
            move_numbers: true,
            print: true,
            caption: true,
            ..DiagramChoices::default()
        };
        let options = choices.options(true, "T".into(), vec!["Black to move.".into()]);
        assert!(options.coords && options.last_move && options.move_numbers);
        assert_eq!(options.theme, Theme::Print);
        assert_eq!(options.title.as_deref(), Some("T"));
        assert_eq!(options.legend, Legend::Lines(vec!["Black to move.".into()]));
        assert_eq!(options.size_px, DEFAULT_SIZE_PX);
        // A game without move numbers, no caption lines.
        let options = choices.options(false, "T".into(), Vec::new());
        assert!(!options.move_numbers);
        assert_eq!(options.legend, Legend::None);
    }

    #[test]
    fn the_defaults_show_coordinates_and_the_last_move() {
        let options = DiagramChoices::default().options(true, "T".into(), vec!["x".into()]);
        assert!(options.coords && options.last_move && !options.move_numbers);
        assert_eq!(options.theme, Theme::Light);
        assert_eq!(options.legend, Legend::None);
    }

    #[test]
    fn share_links_give_the_game() {
        assert_eq!(
            game_of_link("https://x.org/app/#/othello?size=8&moves=f5d6"),
            Some(("othello", "size=8&moves=f5d6"))
        );
        assert_eq!(game_of_link("./#/nim"), Some(("nim", "")));
        assert_eq!(game_of_link("https://x.org/"), None);
    }

    #[test]
    fn file_names_say_the_game_and_the_move() {
        assert_eq!(file_name("othello", 12, "svg"), "othello-move-12.svg");
        assert_eq!(file_name("nim", 0, "png"), "nim-start.png");
    }
}
