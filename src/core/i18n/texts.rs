//! The app's texts, by area (what every page shares, then each game),
//! declared once with their placeholders. A text with placeholders is
//! filled only through its method, whose parameters are its placeholders:
//! a call with a wrong or missing value does not compile, and a language
//! whose text lacks a placeholder or has an unknown one fails the tests.
//!
//! Four kinds of texts:
//! - `plain`: read as they are;
//! - `sides`: a side's name in the forms sentences need ([`SideName`]);
//! - `templates`: filled by a method named like the text; a side's name
//!   goes in as a [`SideName`], and the template picks its form:
//!   `{side}` (nominative), `{side.acc}` (accusative), `{side.gen}`
//!   (genitive); a text that starts with a side's name gets a capital;
//! - `counted`: templates with a count (marked `#`, always the method's
//!   last parameter), one form per plural category ([`Plural`]), picked by
//!   the count in the text's language.

use super::{Entry, Plural, SideName};

/// Declares an area of texts (see the module's documentation): its table
/// (`$table`, the values of one language, written in the language files
/// named after `at`: English, Czech, Russian) and its accessor (`$name`,
/// only the language), whose methods read one text each from the table of
/// its language. A module links only the texts whose methods it calls:
/// each method reads its text in a `const` block, a constant of its own
/// (the text's address, or a side's or a count's few addresses), so
/// nothing points into a table but the reads of `entries()`.
macro_rules! texts {
    ($(#[$doc:meta])* $name:ident in $table:ident at [$en:expr, $cs:expr, $ru:expr] {
        plain: $($plain:ident),* ;
        sides: $($side:ident),* ;
        templates: $($template:ident($($param:ident),+)),* ;
        counted: $($counted:ident($($cparam:ident,)* #$count:ident)),* $(,)?
    }) => {
        #[doc = concat!("The words of [`", stringify!($name), "`] in one language (a language file fills it in).")]
        #[derive(Debug)]
        pub struct $table {
            /// The language of these texts (it picks the plural forms).
            pub lang: super::Lang,
            $(#[doc = "A text as shown."] pub(super) $plain: &'static str,)*
            $(#[doc = "A side's name in the forms sentences need."] pub(super) $side: SideName,)*
            $(#[doc = "A template."] pub(super) $template: &'static str,)*
            $(#[doc = "A template with a count."] pub(super) $counted: Plural,)*
        }

        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct $name {
            /// The language of these texts (it picks the plural forms).
            pub lang: super::Lang,
        }

        impl $name {
            /// This area's texts in `lang`.
            #[allow(dead_code)] // an area reached only through `Texts`' fields
            pub(super) fn of(lang: super::Lang) -> &'static $name {
                match lang {
                    super::Lang::En => &$name { lang: super::Lang::En },
                    super::Lang::Cs => &$name { lang: super::Lang::Cs },
                    super::Lang::Ru => &$name { lang: super::Lang::Ru },
                }
            }

            /// The whole table of this language (for [`Self::entries`]
            /// only: a module that reads it links every text of the area).
            fn table(&self) -> &'static $table {
                match self.lang {
                    super::Lang::En => &$en,
                    super::Lang::Cs => &$cs,
                    super::Lang::Ru => &$ru,
                }
            }
            $(
                #[doc = concat!("The text `", stringify!($plain), "`, as shown.")]
                pub fn $plain(&self) -> &'static str {
                    match self.lang {
                        super::Lang::En => const { $en.$plain },
                        super::Lang::Cs => const { $cs.$plain },
                        super::Lang::Ru => const { $ru.$plain },
                    }
                }
            )*
            $(
                #[doc = concat!("The side's name `", stringify!($side), "` in the forms sentences need.")]
                pub fn $side(&self) -> SideName {
                    match self.lang {
                        super::Lang::En => const { $en.$side },
                        super::Lang::Cs => const { $cs.$side },
                        super::Lang::Ru => const { $ru.$side },
                    }
                }
            )*
            $(
                #[doc = concat!("The text `", stringify!($template), "`, filled.")]
                pub fn $template(&self, $($param: impl super::Fill),+) -> String {
                    let template = match self.lang {
                        super::Lang::En => const { $en.$template },
                        super::Lang::Cs => const { $cs.$template },
                        super::Lang::Ru => const { $ru.$template },
                    };
                    super::fill(template, &[$((stringify!($param), &$param as &dyn super::Fill)),+])
                }
            )*
            $(
                #[doc = concat!("The text `", stringify!($counted), "`, filled, in the plural form of `", stringify!($count), "`.")]
                pub fn $counted(&self, $($cparam: impl super::Fill,)* $count: u64) -> String {
                    let forms = match self.lang {
                        super::Lang::En => const { $en.$counted },
                        super::Lang::Cs => const { $cs.$counted },
                        super::Lang::Ru => const { $ru.$counted },
                    };
                    super::fill(
                        forms.pick(self.lang, $count),
                        &[$((stringify!($cparam), &$cparam as &dyn super::Fill),)* (stringify!($count), &$count as &dyn super::Fill)],
                    )
                }
            )*

            /// Every text: its name, its words and its placeholders (a side's
            /// name gives one entry per form, a counted text one per plural form).
            pub fn entries(&self) -> Vec<Entry> {
                let table = self.table();
                assert_eq!(table.lang, self.lang, "a table in the wrong language");
                #[allow(unused_mut)] // an area without sides or counted texts
                let mut entries = vec![
                    $(Entry::new(stringify!($plain).to_string(), table.$plain, &[]),)*
                    $(Entry::new(stringify!($template).to_string(), table.$template, &[$(stringify!($param)),+]),)*
                ];
                $(
                    for (form, text) in table.$side.forms() {
                        entries.push(Entry::new(format!("{}.{form}", stringify!($side)), text, &[]));
                    }
                )*
                $(
                    entries.extend(table.$counted.entries(
                        table.lang,
                        stringify!($counted),
                        &[$(stringify!($cparam)),*],
                        stringify!($count),
                    ));
                )*
                entries
            }
        }
    };
}

texts! {
    /// What every page shares: the app, the game controls, records, dialogs, notices and announcements.
    CommonTexts in CommonTable at [super::en::EN.common, super::cs::CS.common, super::ru::RU.common] {
        plain:
            app_name, nav_games, language, dark_theme, high_contrast, not_found_title, game_controls, home_intro, play, rules,
            back_to_games, skip_to_content, auto_pass, human, computer, resume, pass, game_over, new_game,
            undo, redo, move_now, copy_moves, load_moves, copy_link, close, depth, score, line,
            moves, start_position, new_game_title, board_size, level, level_1, level_2,
            level_3, level_4, level_5, level_6, level_7, think_time, start_game, cancel,
            moves_copied, link_copied, notation_wide, engine_failed, engine_restarted,
            crash_title, crash_kept, crash_reload, dismiss, update_ready, update_reload, err_game_over, saved_corrupt,
            saved_version, empty_square, said_shown_start, said_no_moves_yet, said_undone,
            said_redone, said_new_game, said_loaded, interpretation, learn_title, learn_lessons,
            learn_puzzles, learn_set, learn_teacher, learn_results, loading, load_failed, try_again,
            club_title, embed_title, embed_this, clock, no_clock, clock_start, clock_pause, clock_custom, clock_bad, clock_next_game, clock_completes,
            diagram, diagram_failed, play_online, online_play, online_game, event_title, online_link, online_failed,
            store_failed_game, store_failed_club, store_failed_progress,
            store_failed_setting;
        sides: ;
        templates:
            thinking(color), computer_paused(color), draw(a, b), disc_counts(black, white),
            seconds(seconds), link_error(reason), saved_error(reason), err_after_end(n, token),
            err_link_key(key), err_link_value(value, key), said_computer_passed(color),
            said_shown(n), said_last_move(color, square), flag_fell(side), low_time(side),
            on_time(side), completing(side, winner), not_found_text(address);
        counted:
    }
}

texts! {
    /// Othello: colours, results, squares, the editor, the rules page and its exercise.
    OthelloTexts in OthelloTable at [super::en::EN.othello, super::cs::CS.othello, super::ru::RU.othello] {
        plain:
            name, blurb, black, white, black_disc, white_disc, anti_result_note, hints, legal_moves,
            analyse_game, set_up_position, board_string, load_board, exact_result, evaluation_graph,
            graph_empty, graph_black_ahead, graph_white_ahead, graph_move, variant,
            variant_standard, variant_anti, variant_reversi, err_board_side, err_link_size,
            paste_hint, paste_label, board_label, legal_move, last_move_mark, flipped_mark,
            best_move, board_label_aria, keyboard_help, move_box_label, move_box_placeholder,
            play_move, editor_title, editor_paint, side_to_move, clear_board, play_from_here,
            editor_help, rules_title, exercise_title, exercise_task, exercise_done, exercise_reset,
            search_workers, search_workers_note, search_speed;
        sides: black_forms, white_forms;
        templates:
            your_move(color), must_pass(color), black_wins(a, b), white_wins(a, b),
            err_not_a_square(n, token, offset), err_illegal_move(n, square, color),
            err_pass_not_allowed(n, color), err_board_length(n),
            err_board_square(index, found), err_overlap(square), err_off_board(square),
            err_empty_centre(square), err_outside_centre(square),
            err_square_illegal(square, color), err_must_pass(color), err_cannot_pass(color),
            hint_score(score), selective_result(percent), said_moved(color, square, flips),
            said_computer_moved(color, square, flips), said_passed(color),
            said_auto_passed(color), said_to_move(color), said_score(black, white),
            not_a_move(text), exercise_found(n), exercise_right(square, flips),
            exercise_wrong(square), exercise_again(square);
        counted:
            search_rate(rate, #workers),
    }
}

texts! {
    /// Opok: sides, putting a move together, records, the rules page and its diagrams.
    OpokTexts in OpokTable at [super::en::EN.opok, super::cs::CS.opok, super::ru::RU.opok] {
        plain:
            name, blurb, circles, squares, lift, fewer, more, cancel_selection, board_label,
            can_move, selected, landing, last_landing, captured_mark, err_move_illegal,
            keyboard_help, record_label, paste_hint, rules_title, diagrams_title, diagrams_intro,
            diagram_gap, diagram_out_of_line, verdict_captured, verdict_safe;
        sides: circles_forms, squares_forms;
        templates:
            your_move(side), choose_k(square), must_pass(side), circles_win(a, b),
            squares_win(a, b), stack(owner, h), said_moved(side, mv),
            said_computer_moved(side, mv), said_captures(list), said_score(c, s),
            said_last_move(side, mv), said_passed(side), said_auto_passed(side),
            said_to_move(side), err_not_a_move(n, token), err_illegal(n, token, side),
            err_pass_not_allowed(n, side), diagram_captured(a, b, sum, row),
            diagram_not_stronger(a, b, sum, row), diagram_neighbours(a, b, sum, row);
        counted:
            choose_landing(#k), no_landing(#k)
    }
}

texts! {
    /// Nim and the take-away games: rules of taking, theory, presets, records and the rules page.
    NimTexts in NimTable at [super::en::EN.nim, super::cs::CS.nim, super::ru::RU.nim] {
        plain:
            name, blurb, rule_nim, rule_dim, rule_aliquot, rule_evenodd, rule_half, rule_nim_desc,
            rule_dim_desc, rule_aliquot_desc, rule_evenodd_desc, rule_half_desc, refuse_nothing,
            first_player, second_player, heap_take, heap_amount, theory, grundy_values,
            nimsum_title, nimsum_explain, outcome_p, outcome_n, show_me, no_winning_moves,
            strip_up_to, mex_choose, misere_note, misere_budget, analysing, preset, preset_three,
            preset_source, random_game, custom_game, add_heap, remove_heap, heap_size, heap_rule,
            sub_set, play_convention, normal_play, misere_play, level_note, err_set, err_size,
            err_period, err_no_heaps, keyboard_help, record_label, rules_title, you_win,
            computer_wins;
        sides: first_player_forms, second_player_forms;
        templates:
            rule_sub(set), rule_sub_desc(set), refuse_more_than_heap(rule, n),
            refuse_not_in_set(rule, c, set), refuse_not_divisor(rule, c, n),
            refuse_whole(rule), refuse_odd(rule), refuse_even_whole(rule),
            refuse_half(rule, max, n), your_move(who), wins(who), heap_label(i, tokens, rule),
            token_label(i, c, n), winning_moves_label(list), strip_title(rule),
            mex_title(n, g), mex_reached(n, list), mex_result(g), mex_none(n),
            period_note(pre, p), preset_single(rule, n), err_not_a_move(n, token),
            err_record_full(n, max), err_no_heap(i), err_move(n, reason),
            err_bad_heap(i, token), err_bad_size(i, token), err_too_many(n, max),
            err_rule(i, reason), err_unknown_rule(rule);
        counted:
            tokens(#n), said_took(who, c, i, rule, #left), said_computer_took(c, i, rule, #left)
    }
}

texts! {
    /// Learning: lessons, puzzles, progress and teacher sets.
    LearnTexts in LearnTable at [super::learn::EN, super::learn::CS, super::learn::RU] {
        plain:
             intro,   puzzles_intro, daily, next_puzzle,
              hint, hint_region, hint_show, start_again, next_lesson,
            check, answer_label, right, wrong, already, not_found, progress_title,
            export, import, reset_progress, reset_confirm, reset_done, imported, pieces_to_lift,
            pick_stack, outcome_p_button, outcome_n_button, kind_wipeout, kind_corner,
            kind_parity, kind_only_move, kind_exact_score, kind_best_move, task_wipeout,
            task_parity, task_only_move, task_exact_score, task_best_move, score_question,
            verified_exact, verified_deep, rating_note, why_cannot_land,
            why_no_capture, solved_puzzle, wrong_puzzle,
            teacher_intro, set_name, make_link, set_link, set_empty,  set_intro,
            result_code, your_name, get_code,  results_intro, paste_codes,
            show_table, learner, solved_count, refused_codes, set_bad, code_copied, choose_items,
            pick_puzzles, pass_button,
            star_rule, play_again, hint_region_note, hint_show_played, lost_cannot_move,
            lost_last_token, answer_yes, answer_no, lesson_broken, mark_found, mark_answer,
            mark_region, mark_flips, mark_tried, line_title, line_start, line_back, line_next,
            line_end, rating_new_note, progress_set_aside, progress_kept, err_progress_large,
            err_progress_format, err_progress_value, err_set_title_hidden, err_set_empty,
            err_name_empty, err_name_hidden, err_code_not, err_code_check, err_code_short,
            err_code_extra, err_code_name_text, err_code_name_empty, err_code_name_long,
            err_code_name_hidden, err_code_other_set, err_outcomes, kind_about_wipeout;
        sides: ;
        templates:
            found(found, total), why_occupied(square), why_no_flips(square),
            task_corner(turns), your_rating(rating), puzzle_rating(rating), corner_lost(square),
            stage_stars(got, max), score_answer(mine, theirs), lesson_number(n, total),
            puzzle_number(n, total),
            rules_of(game), game_turn(mine, theirs), game_move(mine), take_move(heap, n),
            opok_move(from, k, to), answer_is(list), heaps_now(sizes, nimsum),
            heaps_now_values(sizes, values, nimsum), lost_game(mine, theirs),
            lost_margin(mine, theirs, needed), line_move(n, total, side, square),
            line_pass(n, total, side), line_at_start(total), rating_change(before, after, delta),
            err_progress_newer(version), err_progress_unknown(version), err_set_long(max),
            err_set_key(key), err_set_escape(key), err_set_utf8(key), err_set_title_long(max),
            err_set_many(max), err_set_id(token), err_set_twice(item), err_name_long(max),
            err_code_long(max), err_code_version(version, ours), err_code_char(at, found),
            err_code_items(max), refused_line(line, text, why);
        counted:
            why_flips(square, #n), stars(#n)
    }
}

texts! {
    /// The club page: tournaments, rounds, results and standings.
    ClubTexts in ClubTable at [super::club::EN, super::club::CS, super::club::RU] {
        plain:
            title, export_json, export_csv, import_json, print, undo, new_tournament, new_confirm,
            players, late_entry, withdraw, withdrawn_start, standings, name, points, brightwell, discs, bye, finished,
            results, board, first, second, result, save_round, game, format, swiss,
            round_robin, double_round_robin, rounds, players_help, start,
            name_label, place_label, date_label, rating, club, withdraw_confirm_othello,
            opponent, opponents_points, counts, set_aside_withdrew, set_aside_bye, brightwell_sum,
            unreadable_download, unreadable_retry, unreadable_discard, unreadable_discard_confirm,
            unsaved, unsaved_blocked, try_again, results_refused, round_heading, run_online,
            run_online_control, run_online_new, running_online;
        sides: ;
        templates:
            withdrawn_after(round), round(n), pair_round(n), withdraw_label(name),
            withdraw_confirm(name, round), withdraw_confirm_start(name), brightwell_show(name),
            brightwell_heading(name), unreadable_moved(reason, key), unreadable_kept(reason),
            late_added(name), withdrawn(name);
        counted:
            brightwell_caption(c, half, squares, #rounds), rounds_count(#n), players_count(#n)
    }
}

texts! {
    /// The club's refusals (files, forms, pairings, results) as sentences:
    /// the page's in the reader's language, the commands' in English
    /// (`i18n/club_errors.rs` puts them together).
    ClubErrorTexts in ClubErrorTable at [super::club_errors::EN, super::club_errors::CS, super::club_errors::RU] {
        plain:
            csv_unclosed_quote, csv_text_after_quote, csv_no_tournament, csv_second_tournament,
            csv_standings, pair_finished, too_few_players, too_many_parts, the_name,
            tournament_name, place, name_empty, name_line_break;
        sides: ;
        templates:
            json_syntax(line, column), json_eof(line, column), json_unknown_field(field, line, column),
            json_missing_field(field, line, column), json_unknown_value(value, line, column),
            json_wrong_value(line, column), unknown_game(game), board_size(size), rounds(rounds),
            entry_round(round, rounds), too_many_players(players, limit), text_error(what, problem),
            player_name(n), player_club(n), name_control(code), name_too_long(limit), date(date),
            duplicate_name(name), unknown_player(name), plays_themselves(name),
            paired_twice(name, round), score_othello(score, squares), score_other(score),
            game_and_bye(round), incomplete_game(round, field), file_too_large(size, limit),
            at_line(line, reason), csv_unknown_record(kind), csv_missing(column), csv_extra(value),
            csv_number(column, value), csv_format(format), pair_too_few(round),
            pair_too_many(players, limit), pair_round_robin(players, table, planned),
            no_such_game(round, board), rating(value), duplicate(name), full(limit),
            result_missing_discs(board), result_missing_choice(board),
            result_not_whole(board, squares), result_too_many(board, black, white, total, squares);
        counted:
    }
}

texts! {
    /// The diagram dialog of the game pages (its own module carries them).
    DiagramTexts in DiagramTable at [super::diagram::EN, super::diagram::CS, super::diagram::RU] {
        plain:
            heading, preview, coords, last_move, numbers, print, caption, download_svg,
            download_png;
        sides: ;
        templates:
            title(game, n), start(game);
        counted:
    }
}

texts! {
    /// The game clock's options and what its presses say (beside the
    /// clock's first texts in [`CommonTexts`]).
    ClockTexts in ClockTable at [super::clock::EN, super::clock::CS, super::clock::RU] {
        plain:
            switching, by_move, by_press, press_help;
        sides: ;
        templates:
            press_side(side, time), pressed(side, next), press_not_running(side),
            press_early(side);
        counted:
    }
}

texts! {
    /// The embed snippet builder (`#/embed`) and the analysis of an
    /// `analyse` frame (the frames' module carries them).
    EmbedTexts in EmbedTable at [super::embed::EN, super::embed::CS, super::embed::RU] {
        plain:
            heading, intro, game, mode, mode_view, mode_play, mode_analyse, mode_lesson, mode_puzzle, lesson, puzzle, side, level, theme, theme_auto,
            theme_light, theme_dark, theme_contrast, language, lang_visitor, coords, controls,
            controls_none, controls_nav, controls_full, size, start, moves, ply, parent, apply,
            width, preview, iframe_code, element_code, copy, copied, problems,
            analysing, only_move, analysis_label, iframe_needs_parent, nav_label, nav_first,
            nav_previous, nav_next, nav_last;
        sides: ;
        templates:
            engine_line(score, depth, line), engine_exact(score, line);
        counted:
    }
}

texts! {
    /// Online play (issue 28): the "Play online" dialog of every game
    /// page, the online game's page, the lobby and "My online games".
    OnlineTexts in OnlineTable at [super::online::EN, super::online::CS, super::online::RU] {
        plain:
            create_heading, create_intro, your_name,
            name_problem, timing, live, correspondence, clock_kind, sudden_death, fischer,
            bronstein, simple_delay, minutes, seconds, days, colour, random, public, create,
            creating, invitation, invitation_private, watch_link, copy, copied, waiting, join,
            joining, watching, your_move, connecting, reconnecting, resign, resign_confirm, abort,
            claim, rematch, rematch_sent, open_rematch, settle, cancel_challenge, no_server,
            not_found, refused_not_your_turn, refused_moved_on, refused_illegal, refused_abort,
            refused_present, refused_other, server_error, not_sent_watching, not_sent_reviewing,
            over_draw, over_aborted, over_cancelled, over_expired, open_until_heading, reason_finished, reason_time, reason_completed,
            reason_resigned, reason_abandoned, my_games, my_games_empty, my_move_short,
            their_move_short, open_short, over_short, lobby_intro, lobby_empty, accept, waits,
            settings, time_control, game, lobby_link, completing, present, absent, live_region,
            you_offline, not_sent_waiting, claim_now, rematch_accept, rematch_asked_button,
            abort_confirm, keep_playing, sudden_short, fischer_short, bronstein_short, delay_short,
            first_move, you, to_last_move, games_your_move, games_their_move, games_open,
            games_over, result_won, result_lost, result_drawn, result_aborted, transcript, analyse,
            waited, just_now, clock_runs, your_move_title, notify_offer, notify_denied,
            notify_unsupported, private_link, private_link_help, seat_not_kept, problem_origin,
            problem_token, opponent_joined_title, frame_problem_origin, frame_problem_not_found,
            result_column, date_column, forfeit_game, forfeit_confirm, reason_forfeit,
            reason_decided, over_double_forfeit, over_decided_draw, clocks_wait;
        sides: ;
        templates:
            to_move(name), wins(name, how), score(first, second), joined(name), left(name),
            back(name), rematch_asked(name), claim_wait(seconds), deadline(date), vs(first, second),
            invited(name), sending(mv), waiting_offline(mv), claim_in(time), rematch_waiting(name),
            control(minutes, seconds), control_sudden(minutes), deadline_theirs(name, date),
            days_hours(days, hours), minutes_ago(minutes), hours_ago(hours), days_ago(days),
            notify_your_move(game), open_until(date), waiting_until(date), back_to_event(round);
        counted:
            days_a_move(#days)
    }
}

texts! {
    /// A club's events on the server (issue 29): the event page
    /// (`#/event/<id>`) for everyone, its player's and organiser's views,
    /// and the event frames.
    EventTexts in EventTable at [super::event::EN, super::event::CS, super::event::RU] {
        plain:
            connecting, reconnecting, no_server, not_found, stage_registering, stage_playing,
            stage_between, stage_finished, swiss, round_robin, game, time_control, format, stage,
            players, pairings, board, first, second, result, state, watch, playing, not_started,
            bye, no_rounds, register_heading, your_name, register, registering, name_problem,
            waiting_round, your_bye, play, report_heading, report, report_sent, organiser,
            organiser_link, public_link, publish, add_player, add, withdraw, publish_confirm, undo_confirm, enter, correct,
            undo, log, export_json, export_csv, download_xlsx, download_csv,
            download_csv_semicolon, print, player_links, who_organiser,
            who_registration, who_server, refused_round_not_finished, refused_finished,
            refused_unknown_player, refused_name_taken, refused_already_withdrawn,
            refused_no_such_board, refused_has_result, refused_no_result, refused_score,
            refused_not_your_board, refused_nothing_to_undo, refused_full,
            refused_registration_closed, refused_over, refused_table_fixed, refused_at_table, wrong_token,
            refused_other, done, log_created, log_registration_opened, log_registration_closed,
            withdrawn, live_region, standings_heading,
            your_game_heading, keep_link, create_heading, create_intro, create_settings,
            create_upload, event_name, board_size, rounds_field, start_limit_minutes, create,
            upload_file, upload_unreadable, error_malformed, error_too_large,
            error_limit, error_unavailable, name_markup, setup_rounds, setup_start_limit,
            setup_size, setup_game, file_json, file_csv, file_too_many_players,
            file_duplicate_name, file_name, awaiting_result, disputed, disputed_yours,
            at_tables_field, to_table, how_time, how_resigned, how_abandoned, how_organiser,
            how_players, double_forfeit, keep_this_link, link_replaced, another_device,
            another_device_hint, reissue, link_not_here, by_club, qr_label, your_link, refused_rating,
            log_seeded, rating_optional;
        sides: ;
        templates:
            round_of(round, rounds), round_heading(round), your_game(round, side, opponent),
            you_are(name), board_of(board), refused_pairing(detail),
            who_player(name), log_entered(name), log_withdrawn(name, round), log_withdrawn_before(name),
            log_published(round), log_reported(round, board, score),
            log_result(round, board, score), log_corrected(round, board, score),
            log_start_limit(round), log_undone(round, board), log_at_table(round, board), withdraw_confirm(name), log_club(club), round_published(round),
            game_ready(round), score(first, second), forfeit(side), setup_other(problem),
            file_other(problem, detail), refused_game_running(board),
            result_ends_game(board, black, white), reissue_confirm(name), log_reissued(name);
        counted:
            players_count(#count)
    }
}

texts! {
    /// A club on the server (issue 29): "Club on the server" on `#/club`,
    /// the club's page (`#/clubs/<id>`), its rating list, the ratings
    /// frame, and the snippet builder's club frames.
    ClubsTexts in ClubsTable at [super::clubs::EN, super::clubs::CS, super::clubs::RU] {
        plain:
            server_heading, server_intro, club_name, create, creating, no_server, not_found,
            name_problem, wrong_token, wrong_organiser, no_such_event, other_club, refused_other,
            unavailable, kept_clubs, store_failed, private_link, events_heading, no_events,
            attach_heading, attach, attached, nothing_to_attach, ratings_heading, no_ratings, rank,
            name, rating, games, provisional_mark, provisional_note, sort_hint, event, round, score,
            rating_after, close, run_in, no_club, new_event, manage, ratings_updated, print, club_frames_heading, frame_kind, kind_board,
            kind_event, kind_ratings, event_id, club_id, view, view_standings, view_pairings,
            view_live, history_hint, period_note, members_heading, no_members, member_save,
            member_remove, member_rating_problem, too_many_members, no_such_member;
        sides: ;
        templates:
            history_heading(name), event_number(number), sorted_by(column), provisional_of(rating);
        counted:
    }
}

texts! {
    /// The Othello rules page: its sections (apart, so that only the learning
    /// module, which draws the rules pages, carries them).
    OthelloRulesTexts in OthelloRulesTable at [super::rules::OTHELLO_EN, super::rules::OTHELLO_CS, super::rules::OTHELLO_RU] {
        plain:
            rules_intro, rules_setup_title, rules_setup, rules_moves_title, rules_moves,
            rules_pass_title, rules_pass, rules_end_title, rules_end, rules_scoring_example,
            rules_clock_title, rules_clock, rules_notation_title, rules_notation,
            rules_variants_title, rules_sizes, rules_anti, rules_reversi;
        sides: ;
        templates: ;
        counted:
    }
}

texts! {
    /// The Opok rules page: its sections (apart, so that only the learning
    /// module, which draws the rules pages, carries them).
    OpokRulesTexts in OpokRulesTable at [super::rules::OPOK_EN, super::rules::OPOK_CS, super::rules::OPOK_RU] {
        plain:
            rules_intro, rules_setup_title, rules_setup, rules_moves_title, rules_moves, rules_walk,
            rules_parity, rules_capture_title, rules_capture, rules_capture_landing, rules_corner,
            rules_end_title, rules_end, rules_notation_title, rules_notation, rules_source_note;
        sides: ;
        templates: ;
        counted:
    }
}

texts! {
    /// The take-away games' rules page: its sections (apart, so that only the learning
    /// module, which draws the rules pages, carries them).
    NimRulesTexts in NimRulesTable at [super::rules::NIM_EN, super::rules::NIM_CS, super::rules::NIM_RU] {
        plain:
            rules_limits_title, rules_limits, rules_intro, rules_play_title, rules_play,
            rules_table_title, rules_pn_title, rules_pn, rules_sg_title, rules_sg, rules_sum_title,
            rules_sum, rules_example, rules_misere_title, rules_misere, rules_closed_title,
            rules_closed;
        sides: ;
        templates: ;
        counted:
    }
}

texts! {
    /// What a game page says about games it keeps: the games put aside for a
    /// link's game, an autosave that could not be set aside (apart, so that
    /// only the game pages' modules carry them).
    SavingTexts in SavingTable at [super::saving::EN, super::saving::CS, super::saving::RU] {
        plain:
            put_aside_done, put_aside_failed, put_aside_title, put_aside_open, put_aside_finished,
            put_aside_playing;
        sides: ;
        templates:
            saved_kept(reason), put_aside_open_label(game);
        counted:
            put_aside_moves(#n)
    }
}

/// The words of [`Texts`]' shared areas in one language (a language file
/// fills it in).
#[derive(Debug)]
pub struct TextsTable {
    /// What every page shares.
    pub(super) common: CommonTable,
    /// Othello's texts.
    pub(super) othello: OthelloTable,
    /// Opok's texts.
    pub(super) opok: OpokTable,
    /// The take-away games' texts.
    pub(super) nim: NimTable,
}

/// English (the words are in `en.rs`).
static EN: Texts = Texts::new(super::Lang::En);
/// Czech (the words are in `cs.rs`).
static CS: Texts = Texts::new(super::Lang::Cs);
/// Russian (the words are in `ru.rs`).
static RU: Texts = Texts::new(super::Lang::Ru);

/// Every text of the interface in one language, by area: each area reads
/// its texts one by one, so that a module links only those it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Texts {
    /// What every page shares: the app, the game controls, records, dialogs, notices and announcements.
    pub common: CommonTexts,
    /// Othello: colours, results, squares, the editor, the rules page and its exercise.
    pub othello: OthelloTexts,
    /// Opok: sides, putting a move together, records, the rules page and its diagrams.
    pub opok: OpokTexts,
    /// Nim and the take-away games: rules of taking, theory, presets, records and the rules page.
    pub nim: NimTexts,
}

impl Texts {
    /// Every text in `lang`.
    pub(super) fn of(lang: super::Lang) -> &'static Texts {
        match lang {
            super::Lang::En => &EN,
            super::Lang::Cs => &CS,
            super::Lang::Ru => &RU,
        }
    }

    /// Every text in `lang`, by value.
    const fn new(lang: super::Lang) -> Texts {
        Texts {
            common: CommonTexts { lang },
            othello: OthelloTexts { lang },
            opok: OpokTexts { lang },
            nim: NimTexts { lang },
        }
    }

    /// The learning pages' texts (apart, so that only the learning module,
    /// which has a wasm of its own, carries them).
    pub fn learn(&self) -> &'static LearnTexts {
        LearnTexts::of(self.lang())
    }

    /// The club page's texts (apart, like the learning pages').
    pub fn club(&self) -> &'static ClubTexts {
        ClubTexts::of(self.lang())
    }

    /// The club's refusals (apart, like the club page's texts).
    pub fn club_errors(&self) -> &'static ClubErrorTexts {
        ClubErrorTexts::of(self.lang())
    }

    /// The embed snippet builder's texts (apart, like the club page's).
    pub fn embed(&self) -> &'static EmbedTexts {
        EmbedTexts::of(self.lang())
    }

    /// The diagram dialog's texts (apart, like the club page's).
    pub fn diagram(&self) -> &'static DiagramTexts {
        DiagramTexts::of(self.lang())
    }

    /// What a game page says about the games it keeps (apart, like the
    /// club page's).
    pub fn saving(&self) -> &'static SavingTexts {
        SavingTexts::of(self.lang())
    }

    /// The game clock's texts (apart, so that they can grow without
    /// touching the shared ones).
    pub fn clock(&self) -> &'static ClockTexts {
        ClockTexts::of(self.lang())
    }

    /// Online play's texts (apart, like the club page's).
    pub fn online(&self) -> &'static OnlineTexts {
        OnlineTexts::of(self.lang())
    }

    /// A club's events' texts (apart, like online play's).
    pub fn event(&self) -> &'static EventTexts {
        EventTexts::of(self.lang())
    }

    /// A club on the server's texts (apart, like the events').
    pub fn clubs(&self) -> &'static ClubsTexts {
        ClubsTexts::of(self.lang())
    }

    /// The Othello rules page's sections (apart, like the learning pages').
    pub fn othello_rules(&self) -> &'static OthelloRulesTexts {
        OthelloRulesTexts::of(self.lang())
    }

    /// The Opok rules page's sections (apart, like the learning pages').
    pub fn opok_rules(&self) -> &'static OpokRulesTexts {
        OpokRulesTexts::of(self.lang())
    }

    /// The take-away games' rules page's sections (apart, like the learning pages').
    pub fn nim_rules(&self) -> &'static NimRulesTexts {
        NimRulesTexts::of(self.lang())
    }

    /// The language of these texts.
    pub fn lang(&self) -> super::Lang {
        self.common.lang
    }

    /// Every text, named by its area (`opok.choose_landing.few`).
    pub fn entries(&self) -> Vec<Entry> {
        let areas = [
            ("common", self.common.entries()),
            ("othello", self.othello.entries()),
            ("opok", self.opok.entries()),
            ("nim", self.nim.entries()),
            ("learn", self.learn().entries()),
            ("club", self.club().entries()),
            ("club_errors", self.club_errors().entries()),
            ("diagram", self.diagram().entries()),
            ("saving", self.saving().entries()),
            ("clock", self.clock().entries()),
            ("embed", self.embed().entries()),
            ("online", self.online().entries()),
            ("event", self.event().entries()),
            ("clubs", self.clubs().entries()),
            ("othello_rules", self.othello_rules().entries()),
            ("opok_rules", self.opok_rules().entries()),
            ("nim_rules", self.nim_rules().entries()),
        ];
        areas
            .into_iter()
            .flat_map(|(area, entries)| {
                entries.into_iter().map(move |entry| Entry {
                    name: format!("{area}.{}", entry.name),
                    ..entry
                })
            })
            .collect()
    }
}
