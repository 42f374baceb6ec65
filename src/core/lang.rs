//! The app's languages: English, Czech and Russian. Below everything
//! that names a language (a frame's `lang`, a saved preference); the words
//! themselves are the texts' ([`crate::i18n`]).

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
}
