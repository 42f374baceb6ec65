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
pub mod pages;
mod ru;
pub mod session;
mod texts;

pub use texts::{CommonTexts, NimTexts, OpokTexts, OthelloTexts, Texts};

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
    let template = [t.nim.tokens_one, t.nim.tokens_few, t.nim.tokens_many][plural_form(lang, n)];
    fill(template, &[("n", &n.to_string())])
}

/// Replaces each `{name}` in `template` by its value (texts are filled
/// through their methods, which name every value).
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholders(text: &str) -> Vec<String> {
        let mut found: Vec<String> = text
            .split('{')
            .skip(1)
            .filter_map(|part| part.split_once('}').map(|(name, _)| name.to_string()))
            .filter(|name| {
                !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_')
            })
            .collect();
        found.sort();
        found.dedup();
        found
    }

    #[test]
    fn every_text_of_every_language_has_exactly_its_declared_placeholders() {
        let english = Lang::En.texts().entries();
        for lang in Lang::ALL {
            let entries = lang.texts().entries();
            assert_eq!(entries.len(), english.len());
            for ((name, text, declared), (en_name, _, _)) in entries.iter().zip(&english) {
                assert_eq!(name, en_name);
                assert!(!text.trim().is_empty(), "{lang:?} {name} is empty");
                let mut wanted: Vec<String> = declared.iter().map(|p| p.to_string()).collect();
                wanted.sort();
                assert_eq!(
                    placeholders(text),
                    wanted,
                    "{lang:?} {name}: {text:?} must use exactly the placeholders {declared:?}"
                );
            }
        }
    }

    #[test]
    fn a_template_is_filled_with_every_value_it_names() {
        let t = Lang::Cs.texts();
        let text = t.othello.said_moved("Černý", "d3", "d4");
        assert!(text.contains("d3") && text.contains("d4"), "{text}");
        assert!(!text.contains('{'), "{text}");
        let text = t.nim.said_took("První hráč", 3, 2, "Nim", 4);
        assert!(!text.contains('{'), "{text}");
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
        ];
        let english = Lang::En.texts().entries();
        for lang in [Lang::Cs, Lang::Ru] {
            let untranslated: Vec<&str> = english
                .iter()
                .zip(lang.texts().entries())
                .filter(|((name, en, _), (_, text, _))| {
                    en == text && en.len() > 3 && !same.contains(&name.as_str())
                })
                .map(|((name, _, _), _)| name.as_str())
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
