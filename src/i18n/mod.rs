//! The app's texts in English, Czech and Russian.
//!
//! Every language is a [`Texts`] value with every field filled in (the
//! compiler enforces completeness); templates use `{name}` placeholders
//! filled by [`fill`]. Notation (a–h, 1–8) is the same in every language.

mod cs;
mod en;
pub mod nim;
pub mod opok;
pub mod othello;
mod ru;
pub mod session;

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

/// Which plural form a count takes in `lang`: 0 one, 1 few, 2 many (the
/// CLDR cardinal rules of English, Czech and Russian, for whole numbers).
pub fn plural_form(lang: Lang, n: u64) -> usize {
    match lang {
        Lang::En => usize::from(n != 1) * 2,
        Lang::Cs => match n {
            1 => 0,
            2..=4 => 1,
            _ => 2,
        },
        Lang::Ru => match (n % 10, n % 100) {
            (1, r) if r != 11 => 0,
            (2..=4, r) if !(12..=14).contains(&r) => 1,
            _ => 2,
        },
    }
}

/// "7 tokens" in `lang`, with the right plural form.
pub fn tokens(lang: Lang, n: u64) -> String {
    let t = lang.texts();
    let template = [t.tokens_one, t.tokens_few, t.tokens_many][plural_form(lang, n)];
    fill(template, &[("n", &n.to_string())])
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
    notation_wide, nim_rules_limits_title, nim_rules_limits,
    engine_failed, engine_restarted, crash_title, crash_kept, crash_reload, dismiss,
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
    /// `{color}`
    said_auto_passed,
    /// `{n}`
    said_shown,
    said_shown_start,
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
    // Take-away games
    nim_name, nim_blurb, rule_nim, rule_dim, rule_aliquot, rule_evenodd, rule_half,
    /// `{set}`
    rule_sub,
    rule_nim_desc, rule_dim_desc, rule_aliquot_desc, rule_evenodd_desc, rule_half_desc,
    /// `{set}`
    rule_sub_desc,
    refuse_nothing,
    /// `{rule}`, `{n}`
    refuse_more_than_heap,
    /// `{rule}`, `{c}`, `{set}`
    refuse_not_in_set,
    /// `{rule}`, `{c}`, `{n}`
    refuse_not_divisor,
    /// `{rule}`
    refuse_whole,
    /// `{rule}`
    refuse_odd,
    /// `{rule}`
    refuse_even_whole,
    /// `{rule}`, `{max}`, `{n}`
    refuse_half,
    first_player, second_player, first_player_lower, second_player_lower,
    /// `{who}`
    nim_your_move,
    /// `{who}`
    nim_wins,
    /// `{i}`, `{tokens}` (see [`tokens`]), `{rule}`
    heap_label,
    /// `{n}`: the three plural forms (one, few, many) of a number of tokens
    tokens_one,
    /// `{n}`
    tokens_few,
    /// `{n}`
    tokens_many,
    /// `{i}`, `{c}`, `{n}`
    token_label,
    heap_take, heap_amount, theory, grundy_values, nimsum_title, nimsum_explain, outcome_p, outcome_n,
    show_me,
    /// `{list}`
    winning_moves_label,
    no_winning_moves,
    /// `{rule}`
    strip_title,
    strip_up_to,
    /// `{n}`, `{g}`
    mex_title,
    mex_choose,
    /// `{n}`, `{list}`
    mex_reached,
    /// `{g}`
    mex_result,
    /// `{n}`
    mex_none,
    /// `{pre}`, `{p}`
    period_note,
    misere_note, misere_budget, analysing,
    preset, preset_three, preset_source,
    /// `{rule}`, `{n}`
    preset_single,
    random_game, custom_game, add_heap, remove_heap, heap_size, heap_rule, sub_set, play_convention,
    normal_play, misere_play, nim_level_note,
    /// `{n}`, `{token}`
    err_nim_not_a_move,
    /// `{n}`, `{max}`
    err_nim_record_full,
    /// `{i}`
    err_nim_no_heap,
    /// `{n}`, `{reason}`
    err_nim_move,
    err_nim_set, err_nim_size, err_nim_period, err_nim_no_heaps,
    /// `{i}`, `{token}`
    err_nim_bad_heap,
    /// `{i}`, `{token}`
    err_nim_bad_size,
    /// `{n}`, `{max}`
    err_nim_too_many,
    /// `{i}`, `{reason}`
    err_nim_rule,
    /// `{rule}`
    err_nim_unknown_rule,
    /// `{who}`, `{c}`, `{i}`, `{rule}`, `{left}`
    said_nim_took,
    /// `{c}`, `{i}`, `{rule}`, `{left}`
    said_nim_computer_took,
    nim_keyboard_help, nim_record_label,
    nim_rules_title, nim_rules_intro, nim_rules_play_title, nim_rules_play, nim_rules_table_title,
    nim_rules_pn_title, nim_rules_pn, nim_rules_sg_title, nim_rules_sg, nim_rules_sum_title, nim_rules_sum,
    nim_rules_example, nim_rules_misere_title, nim_rules_misere, nim_rules_closed_title, nim_rules_closed,
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
            "rule_nim",
            "rule_dim",
            "rule_aliquot",
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
    fn plural_forms_follow_each_language() {
        assert_eq!(tokens(Lang::En, 1), "1 token");
        assert_eq!(tokens(Lang::En, 7), "7 tokens");
        assert_eq!(tokens(Lang::Cs, 3), "3 žetony");
        assert_eq!(tokens(Lang::Cs, 5), "5 žetonů");
        assert_eq!(tokens(Lang::Ru, 21), "21 фишка");
        assert_eq!(tokens(Lang::Ru, 22), "22 фишки");
        assert_eq!(tokens(Lang::Ru, 12), "12 фишек");
    }

    #[test]
    fn fill_replaces_placeholders() {
        assert_eq!(fill("{a}–{b}", &[("a", "40"), ("b", "24")]), "40–24");
    }
}
