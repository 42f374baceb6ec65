//! The app's texts in English, Czech and Russian.
//!
//! Every language is a set of tables (`en.rs`, `cs.rs`, `ru.rs` and one
//! file per area) with every field filled in (the compiler enforces
//! completeness). [`Texts`] and its areas hold only the language and read
//! the tables one text at a time, so that a wasm module links only the
//! texts it shows (`texts.rs`). Templates use `{name}` placeholders
//! filled by `fill`. A side's name goes into a template as a [`SideName`]
//! and the template picks the case it needs (`{color.gen}`); a text with a
//! count has one form per plural category ([`Plural`]), picked by the
//! count in the text's language. Notation (a–h, 1–8) is the same in every
//! language.

mod clock;
pub mod club;
mod club_errors;
mod clubs;
mod cs;
mod diagram;
mod embed;
mod en;
mod event;
mod learn;
pub mod nim;
mod online;
pub mod opok;
pub mod othello;
pub mod pages;
pub mod plain;
mod ru;
mod rules;
mod saving;
pub mod session;
mod texts;

pub use texts::{
    ClockTexts, ClubErrorTexts, ClubTexts, ClubsTexts, CommonTexts, EmbedTexts, EventTexts,
    LearnTexts, NimRulesTexts, NimTexts, OnlineTexts, OpokRulesTexts, OpokTexts, OthelloRulesTexts,
    OthelloTexts, Texts,
};

pub use crate::lang::Lang;

impl Lang {
    /// This language's texts.
    pub fn texts(self) -> &'static Texts {
        Texts::of(self)
    }
}

/// Which plural form a count takes in `lang`: 0 one, 1 few, 2 many (the
/// CLDR cardinal rules of English, Czech and Russian, for whole numbers;
/// "many" stands for CLDR "other" in English and Czech).
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
    lang.texts().nim.tokens(n)
}

/// A text whose words depend on a count: its form for each plural
/// category of [`plural_form`]. English has no "few": it writes `few` like
/// `many`, which is never picked there.
#[derive(Debug)]
pub struct Plural {
    /// For one (English and Czech: 1; Russian: 1, 21, 31…, not 11).
    pub one: &'static str,
    /// For a few (Czech: 2–4; Russian: 2–4, 22–24…, not 12–14).
    pub few: &'static str,
    /// For the rest (0, 5–20, 25…; English: everything but 1).
    pub many: &'static str,
}

impl Plural {
    /// The form for `n` in `lang`.
    pub fn pick(&self, lang: Lang, n: u64) -> &'static str {
        [self.one, self.few, self.many][plural_form(lang, n)]
    }

    /// Its forms as text entries: each form must hold every placeholder,
    /// except that the count may be left out of "one" where that form is
    /// only ever used for 1 ("the lifted piece").
    fn entries(
        &self,
        lang: Lang,
        name: &str,
        params: &[&'static str],
        count: &'static str,
    ) -> Vec<Entry> {
        let one_is_only_one = (0..=1000).filter(|&n| plural_form(lang, n) == 0).eq([1]);
        [("one", self.one), ("few", self.few), ("many", self.many)]
            .into_iter()
            .map(|(form, text)| {
                let mut entry = Entry::new(format!("{name}.{form}"), text, params);
                if form == "one" && one_is_only_one {
                    entry.optional = Some(count);
                } else {
                    entry.params.push(count);
                }
                entry
            })
            .collect()
    }
}

/// A side's name ("Black", "Circles", "first player") in the forms the
/// sentences need. A template asks for a form: `{side}` the nominative,
/// `{side.acc}` the accusative, `{side.gen}` the genitive; a text that
/// starts with the name gets a capital. English uses one form for all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SideName {
    /// Nominative, as written inside a sentence: "Black", "černý", "чёрные".
    pub nom: &'static str,
    /// Accusative ("pro černého", "за чёрных").
    pub acc: &'static str,
    /// Genitive ("věž koleček", "у чёрных").
    pub gen: &'static str,
}

impl SideName {
    /// The forms a template may ask for, by name.
    pub const FORMS: [&'static str; 2] = ["acc", "gen"];

    /// Every form with its name.
    pub fn forms(&self) -> [(&'static str, &'static str); 3] {
        [("nom", self.nom), ("acc", self.acc), ("gen", self.gen)]
    }
}

/// A value a template is filled with: any text or number as it is, or a
/// side's name in the form the placeholder asks for.
pub trait Fill {
    /// The words for a placeholder asking for `form` (`{side.gen}`: `gen`);
    /// `first` when the placeholder starts the text.
    fn fill_in(&self, form: Option<&str>, first: bool) -> String;
}

impl<T: std::fmt::Display + ?Sized> Fill for T {
    fn fill_in(&self, _form: Option<&str>, _first: bool) -> String {
        self.to_string()
    }
}

impl Fill for SideName {
    fn fill_in(&self, form: Option<&str>, first: bool) -> String {
        let word = match form {
            Some("acc") => self.acc,
            Some("gen") => self.gen,
            _ => self.nom,
        };
        if first {
            plain::capitalized(word)
        } else {
            word.to_string()
        }
    }
}

/// One text of a language, for the tests: its name, its words, the
/// placeholders it must have and one it may have.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Area and name (`opok.choose_landing.few`).
    pub name: String,
    /// The words.
    pub text: &'static str,
    /// The placeholders it must use, and no others…
    pub params: Vec<&'static str>,
    /// …but this one, which it may use.
    pub optional: Option<&'static str>,
}

impl Entry {
    fn new(name: String, text: &'static str, params: &[&'static str]) -> Entry {
        Entry {
            name,
            text,
            params: params.to_vec(),
            optional: None,
        }
    }
}

/// Fills each `{name}` (or `{name.form}`) of `template` with its value,
/// in one pass (a value's own braces are left alone); braces that name no
/// value (a set such as `{1,3,4}`) stay as they are.
fn fill(template: &str, values: &[(&str, &dyn Fill)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let filled = after.find('}').and_then(|close| {
            let inner = &after[..close];
            let (name, form) = match inner.split_once('.') {
                Some((name, form)) => (name, Some(form)),
                None => (inner, None),
            };
            let (_, value) = values.iter().find(|(n, _)| *n == name)?;
            Some((close, value.fill_in(form, out.is_empty())))
        });
        match filled {
            Some((close, words)) => {
                out.push_str(&words);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parameters that are sides' names: only they may ask for a form.
    const SIDE_PARAMS: [&str; 4] = ["color", "side", "owner", "who"];

    /// The placeholders of `text` (`{name}`, `{name.form}`), or what is
    /// wrong with them: a brace that opens a lowercase name must close a
    /// well-formed placeholder (a set such as `{1,3,4}` is not one).
    fn placeholders(text: &str) -> Result<Vec<(String, Option<String>)>, String> {
        let mut found = Vec::new();
        for part in text.split('{').skip(1) {
            if !part.starts_with(|c: char| c.is_ascii_lowercase()) {
                continue;
            }
            let inner = part
                .split_once('}')
                .map(|(inner, _)| inner)
                .ok_or_else(|| format!("unclosed placeholder {{{part}"))?;
            let (name, form) = match inner.split_once('.') {
                Some((name, form)) => (name, Some(form.to_string())),
                None => (inner, None),
            };
            let word =
                |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '_');
            if !word(name) || !form.as_deref().is_none_or(word) {
                return Err(format!("malformed placeholder {{{inner}}}"));
            }
            found.push((name.to_string(), form));
        }
        Ok(found)
    }

    #[test]
    fn every_text_of_every_language_has_exactly_its_declared_placeholders() {
        let english = Lang::En.texts().entries();
        for lang in Lang::ALL {
            let entries = lang.texts().entries();
            assert_eq!(entries.len(), english.len());
            for (entry, en) in entries.iter().zip(&english) {
                let name = &entry.name;
                assert_eq!(name, &en.name);
                assert!(!entry.text.trim().is_empty(), "{lang:?} {name} is empty");
                let found = placeholders(entry.text)
                    .unwrap_or_else(|e| panic!("{lang:?} {name}: {:?}: {e}", entry.text));
                for (param, form) in &found {
                    if let Some(form) = form {
                        assert!(
                            SIDE_PARAMS.contains(&param.as_str())
                                && SideName::FORMS.contains(&form.as_str()),
                            "{lang:?} {name}: {{{param}.{form}}} is not a side's form"
                        );
                    }
                }
                let mut used: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
                used.sort();
                used.dedup();
                let mut wanted = entry.params.clone();
                wanted.sort();
                let without_optional: Vec<&str> = used
                    .iter()
                    .copied()
                    .filter(|p| Some(*p) != entry.optional)
                    .collect();
                assert_eq!(
                    without_optional, wanted,
                    "{lang:?} {name}: {:?} must use exactly the placeholders {:?} (and may use {:?})",
                    entry.text, entry.params, entry.optional
                );
            }
        }
    }

    #[test]
    fn a_template_is_filled_with_every_value_it_names() {
        let t = Lang::Cs.texts();
        let text = t.othello.said_moved(t.othello.black_forms(), "d3", "d4");
        assert_eq!(text, "Černý d3, otáčí d4.");
        let text = t.nim.said_took(t.nim.first_player_forms(), 3, 2, "Nim", 4);
        assert_eq!(
            text,
            "První hráč vzal 3 z hromádky 2 (Nim); zbývají 4 žetony."
        );
    }

    #[test]
    fn a_side_takes_the_form_its_sentence_needs() {
        let (cs, ru, en) = (Lang::Cs.texts(), Lang::Ru.texts(), Lang::En.texts());
        let cases = [
            (
                cs.othello
                    .err_illegal_move(5, "a1", cs.othello.black_forms()),
                "Tah 5 (a1): pro černého nepřípustný.",
            ),
            (
                cs.othello
                    .said_computer_moved(cs.othello.white_forms(), "d3", "d4"),
                "Počítač hraje za bílého: d3, otáčí d4.",
            ),
            (
                cs.opok.said_to_move(cs.opok.circles_forms()),
                "Na tahu jsou kolečka.",
            ),
            (
                cs.nim.wins(cs.nim.second_player_forms()),
                "Vyhrává druhý hráč",
            ),
            (
                ru.othello
                    .said_computer_moved(ru.othello.white_forms(), "d3", "d4"),
                "Компьютер играет за белых: d3, переворачивает d4.",
            ),
            (
                ru.othello.must_pass(ru.othello.black_forms()),
                "У чёрных нет допустимых ходов, нужно пасовать.",
            ),
            (
                ru.opok.err_illegal(1, "a1:2:b1", ru.opok.circles_forms()),
                "Ход 1 (a1:2:b1): недопустим для кругов.",
            ),
            (
                ru.nim.wins(ru.nim.first_player_forms()),
                "Побеждает первый игрок",
            ),
            (
                en.nim.wins(en.nim.first_player_forms()),
                "First player wins",
            ),
            (
                en.opok.said_passed(en.opok.squares_forms()),
                "Squares pass.",
            ),
            (
                en.othello.said_passed(en.othello.black_forms()),
                "Black passes.",
            ),
        ];
        for (said, expected) in cases {
            assert_eq!(said, expected);
        }
    }

    #[test]
    fn translations_are_not_left_in_english() {
        // Texts that may legitimately be the same in every language.
        let same = [
            "common.app_name",
            "othello.name",
            "othello.exact_result",
            "common.level_6",
            "common.seconds",
            "opok.name",
            "opok.said_moved",
            "nim.rule_nim",
            "nim.rule_dim",
            "nim.rule_aliquot",
            // A person's name (the quotient's author).
            "club.brightwell",
            // The same word in Czech; a sentence of two placeholders.
            "club.rating",
            "club_errors.text_error",
            // The same word in Czech.
            "common.diagram",
            // Two numbers and a dash.
            "online.score",
            // Two names and a dash.
            "online.vs",
            // Persons' names (the time controls' inventors).
            "online.fischer_short",
            "online.bronstein_short",
            // Czech writes the same units (min, s, h, d: minuta, sekunda,
            // hodina, den).
            "online.control",
            "online.control_sudden",
            "online.days_hours",
            "online.minutes_ago",
            "online.hours_ago",
            "online.days_ago",
            "event.score",
            // The same word in Czech.
            "event.who_server",
            // The same word in Czech.
            "clubs.rating",
        ];
        let english = Lang::En.texts().entries();
        for lang in [Lang::Cs, Lang::Ru] {
            let untranslated: Vec<&str> = english
                .iter()
                .zip(lang.texts().entries())
                .filter(|(en, text)| {
                    en.text == text.text && en.text.len() > 3 && !same.contains(&en.name.as_str())
                })
                .map(|(en, _)| en.name.as_str())
                .collect();
            assert!(
                untranslated.is_empty(),
                "{lang:?} untranslated: {untranslated:?}"
            );
        }
    }

    #[test]
    fn every_area_knows_its_language() {
        for lang in Lang::ALL {
            let t = lang.texts();
            assert_eq!(
                [t.common.lang, t.othello.lang, t.opok.lang, t.nim.lang],
                [lang; 4]
            );
            assert_eq!(t.lang(), lang);
        }
    }

    #[test]
    fn the_browser_preference_picks_the_language() {
        assert_eq!(Lang::preferred(["cs-CZ", "en"]), Lang::Cs);
        assert_eq!(Lang::preferred(["de", "ru-RU"]), Lang::Ru);
        assert_eq!(Lang::preferred(["de"]), Lang::En);
        assert_eq!(Lang::from_code("RU"), Some(Lang::Ru));
    }

    /// The counts every counted text is read with.
    const COUNTS: [u64; 8] = [1, 2, 5, 21, 22, 25, 11, 12];

    /// `text(lang, n)` for every count contains the expected words.
    fn reads(lang: Lang, text: impl Fn(u64) -> String, expected: [&str; 8]) {
        for (n, words) in COUNTS.into_iter().zip(expected) {
            let said = text(n);
            assert!(
                said.contains(words),
                "{lang:?} {n}: {said:?} should contain {words:?}"
            );
        }
    }

    #[test]
    fn plural_categories_follow_cldr() {
        let forms = |lang| COUNTS.map(|n| plural_form(lang, n));
        assert_eq!(forms(Lang::En), [0, 2, 2, 2, 2, 2, 2, 2]);
        assert_eq!(forms(Lang::Cs), [0, 1, 2, 2, 2, 2, 2, 2]);
        assert_eq!(forms(Lang::Ru), [0, 1, 2, 0, 1, 2, 2, 2]);
        assert_eq!(plural_form(Lang::Ru, 111), 2);
        assert_eq!(plural_form(Lang::Ru, 101), 0);
        assert_eq!(plural_form(Lang::Ru, 0), 2);
        assert_eq!(plural_form(Lang::Cs, 0), 2);
        assert_eq!(plural_form(Lang::En, 0), 2);
    }

    #[test]
    fn tokens_are_counted_in_every_language() {
        let count = |lang: Lang| move |n| tokens(lang, n);
        reads(
            Lang::En,
            count(Lang::En),
            [
                "1 token",
                "2 tokens",
                "5 tokens",
                "21 tokens",
                "22 tokens",
                "25 tokens",
                "11 tokens",
                "12 tokens",
            ],
        );
        reads(
            Lang::Cs,
            count(Lang::Cs),
            [
                "1 žeton",
                "2 žetony",
                "5 žetonů",
                "21 žetonů",
                "22 žetonů",
                "25 žetonů",
                "11 žetonů",
                "12 žetonů",
            ],
        );
        reads(
            Lang::Ru,
            count(Lang::Ru),
            [
                "1 фишка",
                "2 фишки",
                "5 фишек",
                "21 фишка",
                "22 фишки",
                "25 фишек",
                "11 фишек",
                "12 фишек",
            ],
        );
        assert_eq!(tokens(Lang::Cs, 3), "3 žetony");
        assert_eq!(tokens(Lang::Ru, 21), "21 фишка");
    }

    #[test]
    fn lifted_pieces_are_counted_in_every_language() {
        let landing = |lang: Lang| move |k| lang.texts().opok.choose_landing(k);
        reads(
            Lang::En,
            landing(Lang::En),
            [
                "where the lifted piece lands",
                "where the 2 lifted pieces land",
                "where the 5 lifted pieces land",
                "where the 21 lifted pieces land",
                "where the 22 lifted pieces land",
                "where the 25 lifted pieces land",
                "where the 11 lifted pieces land",
                "where the 12 lifted pieces land",
            ],
        );
        reads(
            Lang::Cs,
            landing(Lang::Cs),
            [
                "kam dopadne zvednutý kámen",
                "kam dopadnou 2 zvednuté kameny",
                "kam dopadne 5 zvednutých kamenů",
                "kam dopadne 21 zvednutých kamenů",
                "kam dopadne 22 zvednutých kamenů",
                "kam dopadne 25 zvednutých kamenů",
                "kam dopadne 11 zvednutých kamenů",
                "kam dopadne 12 zvednutých kamenů",
            ],
        );
        reads(
            Lang::Ru,
            landing(Lang::Ru),
            [
                "куда придёт 1 снятая фишка",
                "куда придут 2 снятые фишки",
                "куда придут 5 снятых фишек",
                "куда придёт 21 снятая фишка",
                "куда придут 22 снятые фишки",
                "куда придут 25 снятых фишек",
                "куда придут 11 снятых фишек",
                "куда придут 12 снятых фишек",
            ],
        );
        let nowhere = |lang: Lang| move |k| lang.texts().opok.no_landing(k);
        reads(
            Lang::En,
            nowhere(Lang::En),
            [
                "1 piece cannot",
                "2 pieces cannot",
                "5 pieces cannot",
                "21 pieces cannot",
                "22 pieces cannot",
                "25 pieces cannot",
                "11 pieces cannot",
                "12 pieces cannot",
            ],
        );
        reads(
            Lang::Cs,
            nowhere(Lang::Cs),
            [
                "1 kámen odsud nikam nedojde",
                "2 kameny odsud nikam nedojdou",
                "5 kamenů odsud nikam nedojde",
                "21 kamenů odsud nikam nedojde",
                "22 kamenů odsud nikam nedojde",
                "25 kamenů odsud nikam nedojde",
                "11 kamenů odsud nikam nedojde",
                "12 kamenů odsud nikam nedojde",
            ],
        );
        reads(
            Lang::Ru,
            nowhere(Lang::Ru),
            [
                "1 фишка отсюда никуда не дойдёт",
                "2 фишки отсюда никуда не дойдут",
                "5 фишек отсюда никуда не дойдут",
                "21 фишка отсюда никуда не дойдёт",
                "22 фишки отсюда никуда не дойдут",
                "25 фишек отсюда никуда не дойдут",
                "11 фишек отсюда никуда не дойдут",
                "12 фишек отсюда никуда не дойдут",
            ],
        );
    }

    #[test]
    fn tokens_left_are_counted_in_every_language() {
        for lang in Lang::ALL {
            let t = lang.texts();
            let who = t.nim.first_player_forms();
            let person = move |left| t.nim.said_took(who, 1, 2, "Nim", left);
            let computer = move |left| t.nim.said_computer_took(1, 2, "Nim", left);
            let expected = match lang {
                Lang::En => [
                    "; 1 token left.",
                    "; 2 tokens left.",
                    "; 5 tokens left.",
                    "; 21 tokens left.",
                    "; 22 tokens left.",
                    "; 25 tokens left.",
                    "; 11 tokens left.",
                    "; 12 tokens left.",
                ],
                Lang::Cs => [
                    "; zbývá 1 žeton.",
                    "; zbývají 2 žetony.",
                    "; zbývá 5 žetonů.",
                    "; zbývá 21 žetonů.",
                    "; zbývá 22 žetonů.",
                    "; zbývá 25 žetonů.",
                    "; zbývá 11 žetonů.",
                    "; zbývá 12 žetonů.",
                ],
                Lang::Ru => [
                    "; осталась 1 фишка.",
                    "; осталось 2 фишки.",
                    "; осталось 5 фишек.",
                    "; осталась 21 фишка.",
                    "; осталось 22 фишки.",
                    "; осталось 25 фишек.",
                    "; осталось 11 фишек.",
                    "; осталось 12 фишек.",
                ],
            };
            reads(lang, person, expected);
            reads(lang, computer, expected);
        }
    }

    #[test]
    fn fill_replaces_placeholders_once_and_leaves_sets_alone() {
        assert_eq!(fill("{a}–{b}", &[("a", &"40"), ("b", &"24")]), "40–24");
        assert_eq!(
            fill(
                "{rule}: {c} is not in {set}.",
                &[("rule", &"Sub {set}"), ("c", &2), ("set", &"{1, 3}")]
            ),
            "Sub {set}: 2 is not in {1, 3}."
        );
        assert_eq!(
            fill("g(n) for {1,2,3} and {x", &[("x", &1)]),
            "g(n) for {1,2,3} and {x"
        );
        let side = SideName {
            nom: "černý",
            acc: "černého",
            gen: "černého",
        };
        assert_eq!(
            fill("{s} táhne, {s.acc} nic", &[("s", &side)]),
            "Černý táhne, černého nic"
        );
    }
}
