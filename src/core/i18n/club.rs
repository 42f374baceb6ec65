//! The club page's texts in English, Czech and Russian (a module of its
//! own carries them, like the learning pages').
//!
//! [`ClubPlayTexts`] holds the texts of corrections, CSV import and result
//! slips: a struct of this file (the `texts!` declarations live in
//! `texts.rs`), with the same rules, checked by this file's test.

use super::texts::ClubTable;
use super::{Lang, Plural, Texts};

/// A number as a result or the standings show it: `1`, `½`, `2½`,
/// `12.25` (never `-0`).
pub fn number(x: f64) -> String {
    let x = x + 0.0;
    let whole = x.trunc();
    if x.fract() == 0.0 {
        format!("{whole}")
    } else if x.fract() == 0.5 {
        if whole == 0.0 {
            "½".into()
        } else {
            format!("{whole}½")
        }
    } else {
        format!("{:.2}", x)
    }
}

/// English.
pub(super) const EN: ClubTable = ClubTable {
    lang: Lang::En,
    title: "Club tournament",
    export_json: "Save the tournament (JSON)",
    export_csv: "Standings as CSV",
    import_json: "Load a tournament (JSON or CSV)",
    print: "Print",
    run_online: "Run online",
    run_online_control: "Time control of the online games",
    run_online_new: "Create an event from settings or a file",
    running_online: "Creating the event on the club's server…",
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
    withdrawn_start: "withdrawn before round 1",
    round: "Round {n}",
    pair_round: "Pair round {n}",
    name_label: "Name of the tournament (optional)",
    place_label: "Place (optional)",
    date_label: "Date (optional)",
    rating: "Rating",
    club: "Club",
    withdraw_confirm_othello: "In the Brightwell quotient of each of their opponents, the game against them then counts as set aside (half the board + c × the opponent's own points).",
    opponent: "Opponent",
    opponents_points: "Opponent's points",
    counts: "Counts",
    set_aside_withdrew: "set aside: withdrew",
    set_aside_bye: "set aside: bye",
    brightwell_sum: "Brightwell as a sum",
    unreadable_download: "Download the unreadable tournament",
    unreadable_retry: "Set it aside again",
    unreadable_discard: "Discard it",
    unreadable_discard_confirm: "Discard the unreadable tournament? It cannot be recovered unless you downloaded it.",
    unsaved: "Not saved on this device: the browser's storage is full or turned off. What you see stays on this page only; after a reload the last saved state comes back. Save the tournament to a file (JSON), or free space for this site, then try again.",
    unsaved_blocked: "Not saved on this device: the unreadable tournament above is still kept where this one would be saved, and nothing is saved over it. Download it, then set it aside or discard it; then try again.",
    try_again: "Try saving again",
    results_refused: "Some results cannot be: see the boards marked below.",
    round_heading: "Round",
    withdraw_label: "Withdraw {name}",
    withdraw_confirm: "Withdraw {name} after round {round}? {name} will not be paired again; the games played stay in the standings. Undo takes it back.",
    withdraw_confirm_start: "Withdraw {name} before round 1? {name} will not be paired. Undo takes it back.",
    brightwell_show: "How the Brightwell quotient of {name} is made up",
    brightwell_heading: "The Brightwell quotient of {name}",
    unreadable_moved: "The tournament kept on this device could not be read: {reason} Nothing is lost: it was set aside under “{key}”. Download it to keep it, or to send it to whoever maintains this site.",
    unreadable_kept: "The tournament kept on this device could not be read: {reason} The browser's storage has no room to set it aside, so it stays where it is and nothing is saved over it. Download it, then free space for this site and set it aside again, or discard it.",
    late_added: "{name} is entered and is paired from the next round.",
    withdrawn: "{name} is withdrawn.",
    brightwell_caption: Plural {
        one: "Brightwell quotient (BQ): for each game, the player's discs + c × the opponent's final points; a game against a player who withdrew, and a bye, count {half} + c × the player's own points instead. c = {c}: {squares} squares ÷ {rounds} round, rounded.",
        few: "Brightwell quotient (BQ): for each game, the player's discs + c × the opponent's final points; a game against a player who withdrew, and a bye, count {half} + c × the player's own points instead. c = {c}: {squares} squares ÷ {rounds} rounds, rounded.",
        many: "Brightwell quotient (BQ): for each game, the player's discs + c × the opponent's final points; a game against a player who withdrew, and a bye, count {half} + c × the player's own points instead. c = {c}: {squares} squares ÷ {rounds} rounds, rounded.",
    },
    rounds_count: Plural {
        one: "{n} round",
        few: "{n} rounds",
        many: "{n} rounds",
    },
    players_count: Plural {
        one: "{n} player",
        few: "{n} players",
        many: "{n} players",
    },
};

/// Czech.
pub(super) const CS: ClubTable = ClubTable {
    lang: Lang::Cs,
    title: "Klubový turnaj",
    export_json: "Uložit turnaj (JSON)",
    export_csv: "Pořadí jako CSV",
    import_json: "Načíst turnaj (JSON nebo CSV)",
    print: "Tisk",
    run_online: "Spustit online",
    run_online_control: "Tempo partií online",
    run_online_new: "Založit turnaj podle nastavení nebo ze souboru",
    running_online: "Zakládám turnaj na serveru klubu…",
    undo: "Vrátit poslední zápis",
    new_tournament: "Nový turnaj",
    new_confirm: "Začít nový turnaj? Turnaj uložený v tomto zařízení bude nahrazen (pokud ho potřebujete, nejdřív ho uložte).",
    players: "Hráči",
    late_entry: "Pozdní přihláška (jméno, Enter)",
    withdraw: "Odhlásit",
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
    save_round: "Uložit kolo",
    game: "Hra",
    format: "Systém",
    swiss: "Švýcarský",
    round_robin: "Každý s každým",
    double_round_robin: "Každý s každým dvakrát",
    rounds: "Počet kol (švýcarský systém)",
    players_help: "Hráči, jeden na řádek: jméno, nebo jméno, rating, klub",
    start: "Zahájit turnaj",
    withdrawn_after: "odstoupení po {round}. kole",
    withdrawn_start: "odstoupení před 1. kolem",
    round: "{n}. kolo",
    pair_round: "Nalosovat {n}. kolo",
    name_label: "Název turnaje (nepovinné)",
    place_label: "Místo konání (nepovinné)",
    date_label: "Datum (nepovinné)",
    rating: "Rating",
    club: "Klub",
    withdraw_confirm_othello: "V Brightwellově koeficientu každého jeho soupeře se pak partie s ním počítá jako vyřazená (polovina desky + c × vlastní body soupeře).",
    opponent: "Soupeř",
    opponents_points: "Body soupeře",
    counts: "Započteno",
    set_aside_withdrew: "vyřazeno: odstoupení soupeře",
    set_aside_bye: "vyřazeno: volno",
    brightwell_sum: "Brightwell jako součet",
    unreadable_download: "Stáhnout nečitelný turnaj",
    unreadable_retry: "Znovu odložit",
    unreadable_discard: "Zahodit",
    unreadable_discard_confirm: "Zahodit nečitelný turnaj? Pokud jste si ho nestáhli, nepůjde obnovit.",
    unsaved: "Neuloženo v tomto zařízení: úložiště prohlížeče je plné nebo vypnuté. To, co vidíte, zůstane jen na této stránce; po obnovení stránky se vrátí naposledy uložený stav. Uložte turnaj do souboru (JSON), nebo uvolněte místo pro tento web a zkuste to znovu.",
    unsaved_blocked: "Neuloženo v tomto zařízení: nečitelný turnaj výše je stále uložen tam, kam by se ukládal tento, a nic se přes něj neukládá. Stáhněte si ho, pak ho odložte nebo zahoďte a zkuste to znovu.",
    try_again: "Zkusit znovu uložit",
    results_refused: "Některé výsledky nejsou možné: viz označené stoly níže.",
    round_heading: "Kolo",
    withdraw_label: "Odhlásit hráče {name}",
    withdraw_confirm: "Odhlásit hráče {name} po {round}. kole? Hráč {name} už nebude losován; odehrané partie zůstanou v pořadí. Tlačítko Vrátit to vezme zpět.",
    withdraw_confirm_start: "Odhlásit hráče {name} před 1. kolem? Hráč {name} nebude losován. Tlačítko Vrátit to vezme zpět.",
    brightwell_show: "Jak se skládá Brightwellův koeficient hráče {name}",
    brightwell_heading: "Brightwellův koeficient hráče {name}",
    unreadable_moved: "Turnaj uložený v tomto zařízení nelze přečíst: {reason} Nic se neztratilo: byl odložen pod klíčem „{key}“. Stáhněte si ho, abyste ho zachovali nebo ho poslali správci tohoto webu.",
    unreadable_kept: "Turnaj uložený v tomto zařízení nelze přečíst: {reason} V úložišti prohlížeče není místo, kam ho odložit, takže zůstává, kde je, a nic se přes něj neukládá. Stáhněte si ho, pak uvolněte místo pro tento web a znovu ho odložte, nebo ho zahoďte.",
    late_added: "Přihláška: {name}; losuje se od příštího kola.",
    withdrawn: "Odhlášení: {name}.",
    brightwell_caption: Plural {
        one: "Brightwellův koeficient (BQ): za každou partii kameny hráče + c × konečné body soupeře; partie se soupeřem, který odstoupil, a volno se místo toho počítají jako {half} + c × vlastní body hráče. c = {c}: {squares} polí ÷ {rounds} kolo, zaokrouhleno.",
        few: "Brightwellův koeficient (BQ): za každou partii kameny hráče + c × konečné body soupeře; partie se soupeřem, který odstoupil, a volno se místo toho počítají jako {half} + c × vlastní body hráče. c = {c}: {squares} polí ÷ {rounds} kola, zaokrouhleno.",
        many: "Brightwellův koeficient (BQ): za každou partii kameny hráče + c × konečné body soupeře; partie se soupeřem, který odstoupil, a volno se místo toho počítají jako {half} + c × vlastní body hráče. c = {c}: {squares} polí ÷ {rounds} kol, zaokrouhleno.",
    },
    rounds_count: Plural {
        one: "{n} kolo",
        few: "{n} kola",
        many: "{n} kol",
    },
    players_count: Plural {
        one: "{n} hráč",
        few: "{n} hráči",
        many: "{n} hráčů",
    },
};

/// Russian.
pub(super) const RU: ClubTable = ClubTable {
    lang: Lang::Ru,
    title: "Клубный турнир",
    export_json: "Сохранить турнир (JSON)",
    export_csv: "Таблица в CSV",
    import_json: "Загрузить турнир (JSON или CSV)",
    print: "Печать",
    run_online: "Провести онлайн",
    run_online_control: "Контроль времени онлайн-партий",
    run_online_new: "Создать турнир по настройкам или из файла",
    running_online: "Создаю турнир на сервере клуба…",
    undo: "Отменить последнюю запись",
    new_tournament: "Новый турнир",
    new_confirm: "Начать новый турнир? Турнир, сохранённый на этом устройстве, будет заменён (при необходимости сначала сохраните его).",
    players: "Участники",
    late_entry: "Поздняя заявка (имя, Enter)",
    withdraw: "Снять с турнира",
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
    save_round: "Сохранить тур",
    game: "Игра",
    format: "Система",
    swiss: "Швейцарская",
    round_robin: "Круговая",
    double_round_robin: "Двухкруговая",
    rounds: "Число туров (швейцарская система)",
    players_help: "Участники, по одному в строке: имя или имя, рейтинг, клуб",
    start: "Начать турнир",
    withdrawn_after: "выбытие после {round}-го тура",
    withdrawn_start: "выбытие до 1-го тура",
    round: "Тур {n}",
    pair_round: "Жеребьёвка {n}-го тура",
    name_label: "Название турнира (необязательно)",
    place_label: "Место проведения (необязательно)",
    date_label: "Дата (необязательно)",
    rating: "Рейтинг",
    club: "Клуб",
    withdraw_confirm_othello: "В коэффициенте Брайтуэлла каждого его соперника партия с ним будет тогда считаться отложенной (половина доски + c × собственные очки соперника).",
    opponent: "Соперник",
    opponents_points: "Очки соперника",
    counts: "Учтено",
    set_aside_withdrew: "отложено: соперник выбыл из турнира",
    set_aside_bye: "отложено: пропуск тура",
    brightwell_sum: "Брайтуэлл как сумма",
    unreadable_download: "Скачать нечитаемый турнир",
    unreadable_retry: "Отложить снова",
    unreadable_discard: "Удалить",
    unreadable_discard_confirm: "Удалить нечитаемый турнир? Если вы его не скачали, восстановить его будет нельзя.",
    unsaved: "Не сохранено на этом устройстве: хранилище браузера переполнено или отключено. То, что вы видите, останется только на этой странице; после перезагрузки вернётся последнее сохранённое состояние. Сохраните турнир в файл (JSON) или освободите место для этого сайта и попробуйте снова.",
    unsaved_blocked: "Не сохранено на этом устройстве: нечитаемый турнир выше всё ещё хранится там, куда сохранялся бы этот, и поверх него ничего не сохраняется. Скачайте его, затем отложите или удалите и попробуйте снова.",
    try_again: "Попробовать сохранить снова",
    results_refused: "Некоторые результаты невозможны: см. отмеченные столы ниже.",
    round_heading: "Тур",
    withdraw_label: "Снять с турнира: {name}",
    withdraw_confirm: "Снять участника {name} с турнира после {round}-го тура? Больше он не попадёт в пары; сыгранные партии останутся в таблице. Кнопка «Отменить» вернёт его.",
    withdraw_confirm_start: "Снять участника {name} с турнира до 1-го тура? Он не попадёт в пары. Кнопка «Отменить» вернёт его.",
    brightwell_show: "Из чего складывается коэффициент Брайтуэлла: {name}",
    brightwell_heading: "Коэффициент Брайтуэлла: {name}",
    unreadable_moved: "Турнир, сохранённый на этом устройстве, не читается: {reason} Ничего не потеряно: он отложен под ключом «{key}». Скачайте его, чтобы сохранить или отправить тем, кто обслуживает этот сайт.",
    unreadable_kept: "Турнир, сохранённый на этом устройстве, не читается: {reason} В хранилище браузера нет места, чтобы его отложить, поэтому он остаётся на месте и поверх него ничего не сохраняется. Скачайте его, затем освободите место для этого сайта и отложите его снова или удалите.",
    late_added: "Заявка: {name}; в парах со следующего тура.",
    withdrawn: "Выбытие из турнира: {name}.",
    brightwell_caption: Plural {
        one: "Коэффициент Брайтуэлла (BQ): за каждую партию — фишки игрока + c × итоговые очки соперника; партия с выбывшим соперником и пропуск тура считаются вместо этого как {half} + c × собственные очки игрока. c = {c}: {squares} полей ÷ {rounds} тур, с округлением.",
        few: "Коэффициент Брайтуэлла (BQ): за каждую партию — фишки игрока + c × итоговые очки соперника; партия с выбывшим соперником и пропуск тура считаются вместо этого как {half} + c × собственные очки игрока. c = {c}: {squares} полей ÷ {rounds} тура, с округлением.",
        many: "Коэффициент Брайтуэлла (BQ): за каждую партию — фишки игрока + c × итоговые очки соперника; партия с выбывшим соперником и пропуск тура считаются вместо этого как {half} + c × собственные очки игрока. c = {c}: {squares} полей ÷ {rounds} туров, с округлением.",
    },
    rounds_count: Plural {
        one: "{n} тур",
        few: "{n} тура",
        many: "{n} туров",
    },
    players_count: Plural {
        one: "{n} участник",
        few: "{n} участника",
        many: "{n} участников",
    },
};

/// The words of [`ClubPlayTexts`] in one language.
#[derive(Debug)]
struct ClubPlayTable {
    /// The language of the table (the test checks it).
    #[cfg_attr(not(test), allow(dead_code))]
    lang: Lang,
    edit: &'static str,
    edit_label: &'static str,
    save_correction: &'static str,
    correction_note: &'static str,
    corrected: &'static str,
    export_tournament_csv: &'static str,
    import_failed: &'static str,
    imported: &'static str,
    print_slips: &'static str,
    slips_heading: &'static str,
    slips_note: &'static str,
    close_slips: &'static str,
    slip_title: &'static str,
    signature: &'static str,
    circle_result: &'static str,
}

/// One text of [`ClubPlayTable`] in `lang` (only that text is linked).
macro_rules! play_text {
    ($lang:expr, $text:ident) => {
        match $lang {
            Lang::En => const { PLAY_EN.$text },
            Lang::Cs => const { PLAY_CS.$text },
            Lang::Ru => const { PLAY_RU.$text },
        }
    };
}

/// The club page's texts of corrections, CSV import and result slips: a
/// method per text, reading it from its language's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClubPlayTexts {
    /// The language of these texts.
    pub lang: Lang,
}

/// Plain texts of [`ClubPlayTexts`]: each a method with its doc comment.
macro_rules! play_plain {
    ($($(#[$doc:meta])* $text:ident),* $(,)?) => {
        impl ClubPlayTexts {
            $(
                $(#[$doc])*
                pub fn $text(&self) -> &'static str {
                    play_text!(self.lang, $text)
                }
            )*
        }
    };
}

play_plain! {
    /// The button that opens a result for correction.
    edit,
    /// The button that saves a correction.
    save_correction,
    /// What a correction does (shown with its fields).
    correction_note,
    /// The button that saves the whole tournament as CSV.
    export_tournament_csv,
    /// Said when a file is loaded.
    imported,
    /// The button that shows and prints the round's result slips.
    print_slips,
    /// What the slips are (on screen, above them).
    slips_note,
    /// The button that closes the slips.
    close_slips,
    /// A slip's column for the players' signatures.
    signature,
    /// A slip's column for a result to circle (not Othello).
    circle_result,
}

impl ClubPlayTexts {
    /// The templates and their placeholders (for the test).
    #[cfg(test)]
    fn templates(&self) -> [(&'static str, &'static str, &'static [&'static str]); 5] {
        [
            (
                "edit_label",
                play_text!(self.lang, edit_label),
                &["round", "board"],
            ),
            (
                "corrected",
                play_text!(self.lang, corrected),
                &["round", "board"],
            ),
            (
                "import_failed",
                play_text!(self.lang, import_failed),
                &["reason"],
            ),
            (
                "slips_heading",
                play_text!(self.lang, slips_heading),
                &["round"],
            ),
            (
                "slip_title",
                play_text!(self.lang, slip_title),
                &["round", "board"],
            ),
        ]
    }

    /// The accessible name of the button that edits a result.
    pub fn edit_label(&self, round: u32, board: usize) -> String {
        super::fill(
            play_text!(self.lang, edit_label),
            &[
                ("round", &round as &dyn super::Fill),
                ("board", &board as &dyn super::Fill),
            ],
        )
    }

    /// Said when a result is corrected.
    pub fn corrected(&self, round: u32, board: usize) -> String {
        super::fill(
            play_text!(self.lang, corrected),
            &[
                ("round", &round as &dyn super::Fill),
                ("board", &board as &dyn super::Fill),
            ],
        )
    }

    /// Said when a file cannot be loaded, with the reason.
    pub fn import_failed(&self, reason: impl std::fmt::Display) -> String {
        super::fill(
            play_text!(self.lang, import_failed),
            &[("reason", &reason.to_string() as &dyn super::Fill)],
        )
    }

    /// The heading of the slips of a round.
    pub fn slips_heading(&self, round: u32) -> String {
        super::fill(
            play_text!(self.lang, slips_heading),
            &[("round", &round as &dyn super::Fill)],
        )
    }

    /// The title of one slip.
    pub fn slip_title(&self, round: u32, board: usize) -> String {
        super::fill(
            play_text!(self.lang, slip_title),
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
            Lang::En => &ClubPlayTexts { lang: Lang::En },
            Lang::Cs => &ClubPlayTexts { lang: Lang::Cs },
            Lang::Ru => &ClubPlayTexts { lang: Lang::Ru },
        }
    }
}

/// English.
const PLAY_EN: ClubPlayTable = ClubPlayTable {
    lang: Lang::En,
    edit: "Edit",
    edit_label: "Edit the result of round {round}, board {board}",
    save_correction: "Save the correction",
    correction_note: "The standings are recomputed; pairings already made stay as they are.",
    corrected: "Round {round}, board {board}: the result is corrected and the standings recomputed. Pairings already made stay as they are.",
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
const PLAY_CS: ClubPlayTable = ClubPlayTable {
    lang: Lang::Cs,
    edit: "Opravit",
    edit_label: "Opravit výsledek {round}. kola na {board}. stole",
    save_correction: "Uložit opravu",
    correction_note: "Pořadí se přepočítá; už vylosovaná kola zůstanou beze změny.",
    corrected: "Výsledek {round}. kola na {board}. stole je opraven a pořadí přepočítáno. Už vylosovaná kola zůstávají beze změny.",
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
const PLAY_RU: ClubPlayTable = ClubPlayTable {
    lang: Lang::Ru,
    edit: "Исправить",
    edit_label: "Исправить результат {round}-го тура за {board}-м столом",
    save_correction: "Сохранить исправление",
    correction_note: "Таблица будет пересчитана; уже составленные пары туров не изменятся.",
    corrected: "Результат {round}-го тура за {board}-м столом исправлен, таблица пересчитана. Уже составленные пары туров не изменились.",
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
            assert_eq!(play_text!(lang, lang), lang);
            let plain = [
                t.edit(),
                t.save_correction(),
                t.correction_note(),
                t.export_tournament_csv(),
                t.imported(),
                t.print_slips(),
                t.slips_note(),
                t.close_slips(),
                t.signature(),
                t.circle_result(),
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
