//! The club page's texts in English, Czech and Russian (a module of its
//! own carries them, like the learning pages').
//!
//! [`ClubPlayTexts`] holds the texts of corrections, CSV import and result
//! slips: a struct of this file (the `texts!` declarations live in
//! `texts.rs`), with the same rules, checked by this file's test.

use super::texts::ClubTexts;
use super::{Lang, Texts};

/// English.
pub(super) const EN: ClubTexts = ClubTexts {
    lang: Lang::En,
    title: "Club tournament",
    export_json: "Save the tournament (JSON)",
    export_csv: "Standings as CSV",
    import_json: "Load a tournament (JSON or CSV)",
    print: "Print",
    undo: "Undo the last entry",
    new_tournament: "New tournament",
    new_confirm: "Start a new tournament? The one kept on this device is replaced (save it first if you need it).",
    players: "Players",
    late_entry: "Late entry (name, Enter)",
    withdraw: "Withdraw",
    standings: "Standings",
    name: "Name",
    points: "Points",
    brightwell: "Brightwell",
    discs: "Discs",
    bye: "bye",
    finished: "All rounds are played: these are the final standings.",
    results: "Results",
    board: "Board",
    first: "First",
    second: "Second",
    result: "Result",
    results_missing: "Enter every result (Othello: both disc counts, at most the board's squares together).",
    save_round: "Save the round",
    game: "Game",
    format: "Format",
    swiss: "Swiss",
    round_robin: "Round robin",
    double_round_robin: "Double round robin",
    rounds: "Rounds (Swiss)",
    players_help: "Players, one per line: name, or name, rating, club",
    start: "Start the tournament",
    withdrawn_after: "withdrawn after round {round}",
    round: "Round {n}",
    pair_round: "Pair round {n}",
    summary: "{game}: {rounds} rounds, {players} players.",
};

/// Czech.
pub(super) const CS: ClubTexts = ClubTexts {
    lang: Lang::Cs,
    title: "Klubový turnaj",
    export_json: "Uložit turnaj (JSON)",
    export_csv: "Pořadí jako CSV",
    import_json: "Načíst turnaj (JSON nebo CSV)",
    print: "Tisk",
    undo: "Vrátit poslední zápis",
    new_tournament: "Nový turnaj",
    new_confirm: "Začít nový turnaj? Turnaj uložený v tomto zařízení bude nahrazen (pokud ho potřebujete, nejdřív ho uložte).",
    players: "Hráči",
    late_entry: "Pozdní přihláška (jméno, Enter)",
    withdraw: "Odstoupit",
    standings: "Pořadí",
    name: "Jméno",
    points: "Body",
    brightwell: "Brightwell",
    discs: "Kameny",
    bye: "volno",
    finished: "Všechna kola jsou odehrána: toto je konečné pořadí.",
    results: "Výsledky",
    board: "Stůl",
    first: "První",
    second: "Druhý",
    result: "Výsledek",
    results_missing: "Zadejte všechny výsledky (Othello: počty kamenů obou hráčů, dohromady nejvýše počet polí).",
    save_round: "Uložit kolo",
    game: "Hra",
    format: "Systém",
    swiss: "Švýcarský",
    round_robin: "Každý s každým",
    double_round_robin: "Každý s každým dvakrát",
    rounds: "Počet kol (švýcarský systém)",
    players_help: "Hráči, jeden na řádek: jméno, nebo jméno, rating, klub",
    start: "Zahájit turnaj",
    withdrawn_after: "odstoupil(a) po {round}. kole",
    round: "{n}. kolo",
    pair_round: "Nalosovat {n}. kolo",
    summary: "{game}: {rounds} kol, hráčů: {players}.",
};

/// Russian.
pub(super) const RU: ClubTexts = ClubTexts {
    lang: Lang::Ru,
    title: "Клубный турнир",
    export_json: "Сохранить турнир (JSON)",
    export_csv: "Таблица в CSV",
    import_json: "Загрузить турнир (JSON или CSV)",
    print: "Печать",
    undo: "Отменить последнюю запись",
    new_tournament: "Новый турнир",
    new_confirm: "Начать новый турнир? Турнир, сохранённый на этом устройстве, будет заменён (при необходимости сначала сохраните его).",
    players: "Участники",
    late_entry: "Поздняя заявка (имя, Enter)",
    withdraw: "Выбыл",
    standings: "Турнирная таблица",
    name: "Имя",
    points: "Очки",
    brightwell: "Брайтуэлл",
    discs: "Фишки",
    bye: "свободен",
    finished: "Все туры сыграны: это итоговая таблица.",
    results: "Результаты",
    board: "Стол",
    first: "Первый",
    second: "Второй",
    result: "Результат",
    results_missing: "Введите все результаты (отелло: число фишек обоих игроков, в сумме не больше числа полей).",
    save_round: "Сохранить тур",
    game: "Игра",
    format: "Система",
    swiss: "Швейцарская",
    round_robin: "Круговая",
    double_round_robin: "Двухкруговая",
    rounds: "Число туров (швейцарская система)",
    players_help: "Участники, по одному в строке: имя или имя, рейтинг, клуб",
    start: "Начать турнир",
    withdrawn_after: "выбыл после {round}-го тура",
    round: "Тур {n}",
    pair_round: "Жеребьёвка {n}-го тура",
    summary: "{game}: туров — {rounds}, участников — {players}.",
};

/// The club page's texts of corrections, CSV import and result slips.
#[derive(Debug)]
pub struct ClubPlayTexts {
    /// The language of these texts.
    pub lang: Lang,
    /// The button that opens a result for correction.
    pub edit: &'static str,
    edit_label: &'static str,
    /// The button that saves a correction.
    pub save_correction: &'static str,
    /// What a correction does (shown with its fields).
    pub correction_note: &'static str,
    corrected: &'static str,
    correction_bad: &'static str,
    /// The button that saves the whole tournament as CSV.
    pub export_tournament_csv: &'static str,
    import_failed: &'static str,
    /// Said when a file is loaded.
    pub imported: &'static str,
    /// The button that shows and prints the round's result slips.
    pub print_slips: &'static str,
    slips_heading: &'static str,
    /// What the slips are (on screen, above them).
    pub slips_note: &'static str,
    /// The button that closes the slips.
    pub close_slips: &'static str,
    slip_title: &'static str,
    /// A slip's column for the players' signatures.
    pub signature: &'static str,
    /// A slip's column for a result to circle (not Othello).
    pub circle_result: &'static str,
}

impl ClubPlayTexts {
    /// The templates and their placeholders (for the test).
    #[cfg(test)]
    fn templates(&self) -> [(&'static str, &'static str, &'static [&'static str]); 6] {
        [
            ("edit_label", self.edit_label, &["round", "board"]),
            ("corrected", self.corrected, &["round", "board"]),
            ("correction_bad", self.correction_bad, &["squares"]),
            ("import_failed", self.import_failed, &["reason"]),
            ("slips_heading", self.slips_heading, &["round"]),
            ("slip_title", self.slip_title, &["round", "board"]),
        ]
    }

    /// The accessible name of the button that edits a result.
    pub fn edit_label(&self, round: u32, board: usize) -> String {
        super::fill(
            self.edit_label,
            &[
                ("round", &round as &dyn super::Fill),
                ("board", &board as &dyn super::Fill),
            ],
        )
    }

    /// Said when a result is corrected.
    pub fn corrected(&self, round: u32, board: usize) -> String {
        super::fill(
            self.corrected,
            &[
                ("round", &round as &dyn super::Fill),
                ("board", &board as &dyn super::Fill),
            ],
        )
    }

    /// Said when a corrected Othello result is not one.
    pub fn correction_bad(&self, squares: u32) -> String {
        super::fill(
            self.correction_bad,
            &[("squares", &squares as &dyn super::Fill)],
        )
    }

    /// Said when a file cannot be loaded, with the reason.
    pub fn import_failed(&self, reason: impl std::fmt::Display) -> String {
        super::fill(
            self.import_failed,
            &[("reason", &reason.to_string() as &dyn super::Fill)],
        )
    }

    /// The heading of the slips of a round.
    pub fn slips_heading(&self, round: u32) -> String {
        super::fill(self.slips_heading, &[("round", &round as &dyn super::Fill)])
    }

    /// The title of one slip.
    pub fn slip_title(&self, round: u32, board: usize) -> String {
        super::fill(
            self.slip_title,
            &[
                ("round", &round as &dyn super::Fill),
                ("board", &board as &dyn super::Fill),
            ],
        )
    }
}

impl Texts {
    /// The club page's texts of corrections, CSV import and result slips.
    pub fn club_play(&self) -> &'static ClubPlayTexts {
        match self.lang() {
            Lang::En => &PLAY_EN,
            Lang::Cs => &PLAY_CS,
            Lang::Ru => &PLAY_RU,
        }
    }
}

/// English.
const PLAY_EN: ClubPlayTexts = ClubPlayTexts {
    lang: Lang::En,
    edit: "Edit",
    edit_label: "Edit the result of round {round}, board {board}",
    save_correction: "Save the correction",
    correction_note: "The standings are recomputed; pairings already made stay as they are.",
    corrected: "Round {round}, board {board}: the result is corrected and the standings recomputed. Pairings already made stay as they are.",
    correction_bad: "Enter both disc counts: whole numbers, together at most {squares}.",
    export_tournament_csv: "Save the tournament (CSV)",
    import_failed: "The file was not loaded, and the tournament in progress is unchanged: {reason}",
    imported: "The tournament is loaded.",
    print_slips: "Print result slips",
    slips_heading: "Result slips for round {round}",
    slips_note: "One slip per board: the players write in the result and sign. Only the slips are printed.",
    close_slips: "Close the slips",
    slip_title: "Round {round} · Board {board}",
    signature: "Signature",
    circle_result: "Result (circle one)",
};

/// Czech.
const PLAY_CS: ClubPlayTexts = ClubPlayTexts {
    lang: Lang::Cs,
    edit: "Opravit",
    edit_label: "Opravit výsledek {round}. kola na {board}. stole",
    save_correction: "Uložit opravu",
    correction_note: "Pořadí se přepočítá; už vylosovaná kola zůstanou beze změny.",
    corrected: "Výsledek {round}. kola na {board}. stole je opraven a pořadí přepočítáno. Už vylosovaná kola zůstávají beze změny.",
    correction_bad: "Zadejte počty kamenů obou hráčů: celá čísla, dohromady nejvýše {squares}.",
    export_tournament_csv: "Uložit turnaj (CSV)",
    import_failed: "Soubor se nenačetl a rozehraný turnaj zůstal beze změny: {reason}",
    imported: "Turnaj je načten.",
    print_slips: "Vytisknout výsledkové lístky",
    slips_heading: "Výsledkové lístky {round}. kola",
    slips_note: "Jeden lístek na každý stůl: hráči zapíší výsledek a podepíšou se. Vytisknou se jen lístky.",
    close_slips: "Zavřít lístky",
    slip_title: "{round}. kolo · {board}. stůl",
    signature: "Podpis",
    circle_result: "Výsledek (zakroužkujte)",
};

/// Russian.
const PLAY_RU: ClubPlayTexts = ClubPlayTexts {
    lang: Lang::Ru,
    edit: "Исправить",
    edit_label: "Исправить результат {round}-го тура за {board}-м столом",
    save_correction: "Сохранить исправление",
    correction_note: "Таблица будет пересчитана; уже составленные пары туров не изменятся.",
    corrected: "Результат {round}-го тура за {board}-м столом исправлен, таблица пересчитана. Уже составленные пары туров не изменились.",
    correction_bad: "Введите число фишек обоих игроков: целые числа, в сумме не больше {squares}.",
    export_tournament_csv: "Сохранить турнир (CSV)",
    import_failed: "Файл не загружен, текущий турнир не изменился: {reason}",
    imported: "Турнир загружен.",
    print_slips: "Печать бланков результатов",
    slips_heading: "Бланки результатов {round}-го тура",
    slips_note: "По одному бланку на стол: игроки вписывают результат и расписываются. Печатаются только бланки.",
    close_slips: "Закрыть бланки",
    slip_title: "Тур {round} · стол {board}",
    signature: "Подпись",
    circle_result: "Результат (обведите)",
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The `{name}` placeholders of a text, sorted.
    fn placeholders(text: &str) -> Vec<&str> {
        let mut found: Vec<&str> = text
            .split('{')
            .skip(1)
            .filter_map(|part| part.split_once('}').map(|(name, _)| name))
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    #[test]
    fn every_play_text_is_there_with_exactly_its_placeholders() {
        for lang in Lang::ALL {
            let t = lang.texts().club_play();
            assert_eq!(t.lang, lang);
            let plain = [
                t.edit,
                t.save_correction,
                t.correction_note,
                t.export_tournament_csv,
                t.imported,
                t.print_slips,
                t.slips_note,
                t.close_slips,
                t.signature,
                t.circle_result,
            ];
            for text in plain {
                assert!(!text.trim().is_empty(), "{lang:?}: an empty text");
                assert!(!text.contains('{'), "{lang:?} {text:?}: a placeholder");
            }
            for (name, text, params) in t.templates() {
                let mut wanted = params.to_vec();
                wanted.sort_unstable();
                assert_eq!(placeholders(text), wanted, "{lang:?} {name}: {text:?}");
            }
        }
        let cs = Lang::Cs.texts().club_play();
        assert_eq!(cs.slip_title(3, 2), "3. kolo · 2. stůl");
        assert_eq!(
            Lang::En.texts().club_play().import_failed("line 4: the round is missing"),
            "The file was not loaded, and the tournament in progress is unchanged: line 4: the round is missing"
        );
    }
}
