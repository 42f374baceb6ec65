//! The app's texts in English, Czech and Russian.
//!
//! Every language is a [`Texts`] value with every field filled in (the
//! compiler enforces completeness); templates use `{name}` placeholders
//! filled by [`fill`]. Notation (a–h, 1–8) is the same in every language.

mod cs;
mod en;
pub mod opok;
pub mod othello;
mod ru;

use serde::{Deserialize, Serialize};

/// A language of the interface.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Czech.
    Cs,
    /// Russian.
    Ru,
}

impl Lang {
    /// Every language, in the order of the switch.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Cs, Lang::Ru];

    /// The BCP 47 code (`en`, `cs`, `ru`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Cs => "cs",
            Lang::Ru => "ru",
        }
    }

    /// The language's own name.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Cs => "Čeština",
            Lang::Ru => "Русский",
        }
    }

    /// The language with code `code` (`cs`, `cs-CZ`, `RU`…).
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The first supported language of the browser's preference list, or English.
    pub fn preferred<'a>(browser: impl IntoIterator<Item = &'a str>) -> Lang {
        browser
            .into_iter()
            .find_map(Lang::from_code)
            .unwrap_or_default()
    }

    /// This language's texts.
    pub fn texts(self) -> &'static Texts {
        match self {
            Lang::En => &en::EN,
            Lang::Cs => &cs::CS,
            Lang::Ru => &ru::RU,
        }
    }
}

/// Replaces each `{name}` in `template` by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

macro_rules! texts {
    ($($(#[$doc:meta])* $field:ident),* $(,)?) => {
        /// Every text of the interface in one language.
        #[derive(Debug)]
        pub struct Texts {
            $($(#[$doc])* pub $field: &'static str,)*
        }

        impl Texts {
            /// Every text with its field name (for completeness checks).
            pub fn entries(&self) -> Vec<(&'static str, &'static str)> {
                vec![$((stringify!($field), self.$field)),*]
            }
        }
    };
}

texts! {
    // Shell
    app_name, nav_games, language, high_contrast, home_intro, play, rules, back_to_games,
    othello_name, othello_blurb, skip_to_board,
    // Colours and players
    black, white, black_lower, white_lower, human, computer,
    // Status
    /// `{color}`
    your_move,
    /// `{color}`
    thinking,
    /// `{color}`
    computer_paused,
    resume,
    /// `{color}`
    must_pass,
    pass,
    /// `{a}`, `{b}`
    black_wins,
    /// `{a}`, `{b}`
    white_wins,
    /// `{a}`, `{b}`
    draw,
    game_over,
    anti_result_note,
    /// `{black}`, `{white}`
    disc_counts,
    // Toolbar
    new_game, undo, redo, move_now, hints, legal_moves, analyse_game, copy_moves, load_moves,
    copy_link, set_up_position, board_string, load_board, close,
    // Thinking panel
    depth, score, line, exact_result,
    // Move list and graph
    moves, start_position, evaluation_graph, graph_empty,
    // New game dialog
    new_game_title, board_size, variant, variant_standard, variant_anti, variant_reversi,
    level, level_1, level_2, level_3, level_4, level_5, level_6, level_7, think_time,
    /// `{seconds}`
    seconds, start_game, cancel,
    // Notices
    moves_copied, link_copied,
    /// `{reason}`
    link_error,
    /// `{reason}`
    saved_error,
    /// `{n}`, `{token}`
    err_not_a_square,
    /// `{n}`, `{square}`, `{color}`
    err_illegal_move,
    /// `{n}`, `{color}`
    err_pass_not_allowed,
    /// `{n}`, `{token}`
    err_after_end,
    /// `{n}`
    err_board_length,
    /// `{index}`, `{found}`
    err_board_square,
    err_board_side,
    /// `{square}`
    err_overlap,
    /// `{square}`
    err_off_board,
    /// `{square}`
    err_empty_centre,
    /// `{square}`
    err_outside_centre,
    /// `{square}`, `{color}`
    err_square_illegal,
    /// `{color}`
    err_must_pass,
    /// `{color}`
    err_cannot_pass,
    err_game_over,
    /// `{key}`
    err_link_key,
    /// `{value}`, `{key}`
    err_link_value,
    err_link_size, saved_corrupt, saved_version,
    paste_hint, paste_label, board_label,
    // Squares (screen reader)
    empty_square, legal_move, last_move_mark, flipped_mark,
    /// `{score}`
    hint_score,
    best_move,
    board_label_aria,
    // Announcements
    /// `{color}`, `{square}`, `{flips}`
    said_moved,
    /// `{color}`, `{square}`, `{flips}`
    said_computer_moved,
    /// `{color}`
    said_passed,
    /// `{color}`
    said_computer_passed,
    /// `{black}`, `{white}`
    said_score,
    /// `{color}`
    said_to_move,
    /// `{color}`, `{square}`
    said_last_move,
    said_no_moves_yet,
    /// `{n}`
    said_undone,
    /// `{n}`
    said_redone,
    said_new_game, said_loaded,
    // Keyboard
    keyboard_help, move_box_label, move_box_placeholder, play_move,
    /// `{text}`
    not_a_move,
    // Editor
    editor_title, editor_paint, side_to_move, clear_board, play_from_here, editor_help,
    // Rules page
    rules_title, rules_intro, rules_setup_title, rules_setup, rules_moves_title, rules_moves,
    rules_pass_title, rules_pass, rules_end_title, rules_end, rules_scoring_example,
    rules_clock_title, rules_clock, rules_notation_title, rules_notation,
    rules_variants_title, rules_sizes, rules_anti, rules_reversi, interpretation,
    exercise_title, exercise_task,
    /// `{n}`
    exercise_found,
    /// `{square}`, `{flips}`
    exercise_right,
    /// `{square}`
    exercise_wrong,
    /// `{square}`
    exercise_again,
    exercise_done, exercise_reset,
    // Opok
    opok_name, opok_blurb, circles, squares, circles_lower, squares_lower,
    /// `{side}`
    opok_your_move,
    /// `{square}`
    opok_choose_k,
    /// `{k}`
    opok_choose_landing,
    /// `{k}`
    opok_no_landing,
    /// `{side}`
    opok_must_pass,
    /// `{a}`, `{b}`
    opok_circles_win,
    /// `{a}`, `{b}`
    opok_squares_win,
    opok_lift, opok_fewer, opok_more, opok_cancel_selection, opok_board_label,
    /// `{owner}`, `{h}`
    opok_stack,
    opok_can_move, opok_selected, opok_landing, opok_last_landing, opok_captured_mark,
    /// `{side}`, `{move}`
    said_opok_moved,
    /// `{side}`, `{move}`
    said_opok_computer_moved,
    /// `{list}`
    said_opok_captures,
    /// `{c}`, `{s}`
    said_opok_score,
    /// `{side}`, `{move}`
    said_opok_last_move,
    /// `{n}`, `{token}`
    err_opok_not_a_move,
    /// `{n}`, `{token}`, `{side}`
    err_opok_illegal,
    /// `{n}`, `{side}`
    err_opok_pass_not_allowed,
    err_opok_move_illegal,
    opok_keyboard_help, opok_record_label, opok_paste_hint,
    opok_rules_title, opok_rules_intro, opok_rules_setup_title, opok_rules_setup, opok_rules_moves_title,
    opok_rules_moves, opok_rules_walk, opok_rules_parity, opok_rules_capture_title, opok_rules_capture,
    opok_rules_capture_landing, opok_rules_corner, opok_rules_end_title, opok_rules_end,
    opok_rules_notation_title, opok_rules_notation, opok_rules_source_note, opok_diagrams_title, opok_diagrams_intro,
    /// `{a}`, `{b}`, `{sum}`, `{row}`
    opok_diagram_captured,
    /// `{a}`, `{b}`, `{sum}`, `{row}`
    opok_diagram_not_stronger,
    /// `{a}`, `{b}`, `{sum}`, `{row}`
    opok_diagram_neighbours,
    opok_diagram_gap, opok_diagram_out_of_line, opok_verdict_captured, opok_verdict_safe,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholders(text: &str) -> Vec<String> {
        let mut found: Vec<String> = text
            .split('{')
            .skip(1)
            .filter_map(|part| part.split_once('}').map(|(name, _)| name.to_string()))
            .collect();
        found.sort();
        found.dedup();
        found
    }

    #[test]
    fn every_language_has_every_text_with_the_same_placeholders() {
        let english = Lang::En.texts().entries();
        for lang in [Lang::Cs, Lang::Ru] {
            let other = lang.texts().entries();
            for ((name, en), (_, text)) in english.iter().zip(&other) {
                assert!(!text.trim().is_empty(), "{lang:?}.{name} is empty");
                assert_eq!(placeholders(en), placeholders(text), "{lang:?}.{name}");
            }
        }
    }

    #[test]
    fn translations_are_not_left_in_english() {
        // Texts that may legitimately be the same in every language.
        let same = [
            "app_name",
            "othello_name",
            "exact_result",
            "level_6",
            "seconds",
            "opok_name",
            "said_opok_moved",
        ];
        let english = Lang::En.texts().entries();
        for lang in [Lang::Cs, Lang::Ru] {
            let untranslated: Vec<&str> = english
                .iter()
                .zip(lang.texts().entries())
                .filter(|((name, en), (_, text))| {
                    en == text && en.len() > 3 && !same.contains(name)
                })
                .map(|((name, _), _)| *name)
                .collect();
            assert!(
                untranslated.is_empty(),
                "{lang:?} untranslated: {untranslated:?}"
            );
        }
    }

    #[test]
    fn the_browser_preference_picks_the_language() {
        assert_eq!(Lang::preferred(["cs-CZ", "en"]), Lang::Cs);
        assert_eq!(Lang::preferred(["de", "ru-RU"]), Lang::Ru);
        assert_eq!(Lang::preferred(["de"]), Lang::En);
        assert_eq!(Lang::from_code("RU"), Some(Lang::Ru));
    }

    #[test]
    fn fill_replaces_placeholders() {
        assert_eq!(fill("{a}–{b}", &[("a", "40"), ("b", "24")]), "40–24");
    }
}
