//! The club's refusals as sentences in English, Czech and Russian: what
//! the page says when a file, a form, a pairing or a result is refused,
//! and (in English) what `engine standings` and `engine pair` print. Each
//! error type's `Display` is its English sentence from here, so that the
//! words are written once.

use super::club::number;
use super::texts::{ClubErrorTable, ClubErrorTexts};
use super::Lang;
use crate::club::csv::{CsvReason, ImportError, ParseCsvError, MAX_FILE_BYTES};
use crate::club::pairing::PairError;
use crate::club::result::ResultError;
use crate::club::setup::{LineProblem, SetupError};
use crate::club::text::{shown, NameError, MAX_CHARS};
use crate::club::tournament::{CorrectError, JsonError, JsonProblem, Labelled, TournamentError};

/// The club's errors in English, as `Display` gives them (the server's
/// answers and logs, the command line): the club returns them typed, and
/// only the texts put them in words.
macro_rules! english {
    ($($error:ty => $words:ident),+ $(,)?) => {
        $(impl std::fmt::Display for $error {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&Lang::En.texts().club_errors().$words(self))
            }
        })+
    };
}

english! {
    ParseCsvError => csv,
    ImportError => import,
    PairError => pair,
    SetupError => setup,
    NameError => name,
    CorrectError => correct,
    TournamentError => tournament,
}

/// English.
pub(super) const EN: ClubErrorTable = ClubErrorTable {
    lang: Lang::En,
    csv_unclosed_quote: "A quoted field is never closed.",
    csv_text_after_quote: "There is text after a closing quote.",
    csv_no_tournament: "There is no tournament line (tournament,game,format,size,rounds).",
    csv_second_tournament: "There is a second tournament line.",
    csv_standings: "This is the standings table, which has no games: load the tournament's CSV or JSON file.",
    pair_finished: "The tournament is finished: every planned round has its results.",
    too_few_players: "A tournament needs at least two players.",
    too_many_parts: "A line has at most three parts, separated by commas: name, rating, club.",
    the_name: "The name",
    tournament_name: "The tournament's name",
    place: "The place",
    name_empty: "is empty",
    name_line_break: "has a line break",
    json_syntax: "This is not a tournament file: the JSON is broken at line {line}, column {column}.",
    json_eof: "This is not a tournament file: it ends too early (line {line}, column {column}).",
    json_unknown_field: "This is not a tournament file: “{field}” (line {line}, column {column}) is not a field of tournament files.",
    json_missing_field: "This is not a tournament file: the field “{field}” is missing (line {line}, column {column}).",
    json_unknown_value: "This is not a tournament file: “{value}” (line {line}, column {column}) is not one of the values allowed there.",
    json_wrong_value: "This is not a tournament file: the value at line {line}, column {column} is of the wrong kind.",
    unknown_game: "“{game}” is not a game of the club (othello, opok or nim).",
    board_size: "Othello has no board of side {size} (4, 6, 8 or 10).",
    rounds: "The tournament plans {rounds} rounds; it must plan 1 to 100.",
    entry_round: "A game or bye of round {round}, but the tournament plans rounds 1 to {rounds}.",
    too_many_players: "The tournament has {players} players; the club page takes at most {limit}.",
    text_error: "{what} {problem}.",
    player_name: "The name of player {n}",
    player_club: "The club of player {n}",
    name_control: "has a control character ({code})",
    name_too_long: "is longer than {limit} characters",
    date: "“{date}” is not a date: write it as 2027-03-14.",
    duplicate_name: "Two players are called “{name}”.",
    unknown_player: "“{name}” is not a player of this tournament.",
    plays_themselves: "“{name}” cannot play themselves.",
    paired_twice: "“{name}” is paired twice in round {round}.",
    score_othello: "{score} is not an Othello result on this board: two whole disc counts, together at most {squares}.",
    score_other: "{score} is not a result: 1–0, ½–½ or 0–1.",
    game_and_bye: "An entry of round {round} names both a game and a bye: it must be one or the other.",
    incomplete_game: "A game of round {round} has no “{field}”.",
    file_too_large: "The file is too large ({size} MB): a tournament file has at most {limit} MB.",
    at_line: "Line {line}: {reason}",
    csv_unknown_record: "“{kind}” is not a kind of line (tournament, player, game, bye or record).",
    csv_missing: "The column {column} is empty or missing.",
    csv_extra: "There is one field too many (“{value}”).",
    csv_number: "“{value}” in the column {column} is not a number.",
    csv_format: "“{format}” is not a format (swiss, round-robin or double-round-robin).",
    pair_too_few: "Round {round} cannot be paired: fewer than two players are still playing.",
    pair_too_many: "This format pairs at most {limit} players, and {players} are playing.",
    pair_round_robin: "A round robin of {players} players has {table} rounds, but the tournament plans {planned}.",
    no_such_game: "Round {round} has no game on board {board}.",
    rating: "The rating “{value}” is not a number.",
    duplicate: "“{name}” is a player already.",
    full: "The tournament has {limit} players, the most it takes.",
    result_missing_discs: "Board {board}: enter both disc counts.",
    result_missing_choice: "Board {board}: choose the result.",
    result_not_whole: "Board {board}: disc counts are whole numbers from 0 to {squares}.",
    result_too_many: "Board {board}: {black} + {white} = {total} discs, more than the board's {squares} squares.",
};

/// Czech.
pub(super) const CS: ClubErrorTable = ClubErrorTable {
    lang: Lang::Cs,
    csv_unclosed_quote: "Pole v uvozovkách není uzavřené.",
    csv_text_after_quote: "Za uzavírací uvozovkou následuje text.",
    csv_no_tournament: "Chybí řádek turnaje (tournament,game,format,size,rounds).",
    csv_second_tournament: "Soubor má druhý řádek turnaje.",
    csv_standings: "Toto je tabulka pořadí, která neobsahuje partie: načtěte soubor turnaje (CSV nebo JSON).",
    pair_finished: "Turnaj je u konce: všechna plánovaná kola mají výsledky.",
    too_few_players: "Turnaj potřebuje alespoň dva hráče.",
    too_many_parts: "Řádek má nejvýše tři části oddělené čárkami: jméno, rating, klub.",
    the_name: "Jméno",
    tournament_name: "Název turnaje",
    place: "Místo konání",
    name_empty: "je prázdné",
    name_line_break: "obsahuje zalomení řádku",
    json_syntax: "Toto není soubor turnaje: JSON je porušený na řádku {line}, ve sloupci {column}.",
    json_eof: "Toto není soubor turnaje: předčasně končí (řádek {line}, sloupec {column}).",
    json_unknown_field: "Toto není soubor turnaje: „{field}“ (řádek {line}, sloupec {column}) není pole souboru turnaje.",
    json_missing_field: "Toto není soubor turnaje: chybí pole „{field}“ (řádek {line}, sloupec {column}).",
    json_unknown_value: "Toto není soubor turnaje: „{value}“ (řádek {line}, sloupec {column}) není jedna z povolených hodnot.",
    json_wrong_value: "Toto není soubor turnaje: hodnota na řádku {line}, ve sloupci {column} je nesprávného druhu.",
    unknown_game: "„{game}“ není hra klubu (othello, opok nebo nim).",
    board_size: "Othello nemá desku o straně {size} (4, 6, 8 nebo 10).",
    rounds: "Počet plánovaných kol je {rounds}; turnaj musí mít 1 až 100 kol.",
    entry_round: "Partie nebo volno z {round}. kola, ale turnaj plánuje jen kola 1 až {rounds}.",
    too_many_players: "Počet hráčů turnaje je {players}; klubová stránka jich zvládne nejvýše {limit}.",
    text_error: "{what} {problem}.",
    player_name: "Jméno {n}. hráče",
    player_club: "Klub {n}. hráče",
    name_control: "obsahuje řídicí znak ({code})",
    name_too_long: "je delší než {limit} znaků",
    date: "„{date}“ není datum: zapište ho jako 2027-03-14.",
    duplicate_name: "Dva hráči se jmenují „{name}“.",
    unknown_player: "„{name}“ není hráčem tohoto turnaje.",
    plays_themselves: "„{name}“ nemůže hrát sám se sebou.",
    paired_twice: "„{name}“ je v {round}. kole nalosován dvakrát.",
    score_othello: "{score} není výsledek othella na této desce: dva celé počty kamenů, dohromady nejvýše {squares}.",
    score_other: "{score} není výsledek: 1–0, ½–½ nebo 0–1.",
    game_and_bye: "Záznam {round}. kola uvádí partii i volno zároveň: musí to být jedno, nebo druhé.",
    incomplete_game: "Partie {round}. kola nemá pole „{field}“.",
    file_too_large: "Soubor je příliš velký ({size} MB): soubor turnaje má nejvýše {limit} MB.",
    at_line: "Řádek {line}: {reason}",
    csv_unknown_record: "„{kind}“ není druh řádku (tournament, player, game, bye nebo record).",
    csv_missing: "Sloupec {column} je prázdný nebo chybí.",
    csv_extra: "Řádek má o jedno pole víc („{value}“).",
    csv_number: "„{value}“ ve sloupci {column} není číslo.",
    csv_format: "„{format}“ není systém turnaje (swiss, round-robin nebo double-round-robin).",
    pair_too_few: "{round}. kolo nelze nalosovat: hrají už méně než dva hráči.",
    pair_too_many: "Tento systém losuje nejvýše {limit} hráčů; hráčů ve hře je {players}.",
    pair_round_robin: "Turnaj každý s každým s počtem hráčů {players} má podle Bergerových tabulek počet kol {table}, turnaj jich však plánuje {planned}.",
    no_such_game: "V {round}. kole se na {board}. stole nehrálo.",
    rating: "Rating „{value}“ není číslo.",
    duplicate: "„{name}“ už je hráčem turnaje.",
    full: "Turnaj má {limit} hráčů, víc jich nepojme.",
    result_missing_discs: "Stůl {board}: zadejte počty kamenů obou hráčů.",
    result_missing_choice: "Stůl {board}: vyberte výsledek.",
    result_not_whole: "Stůl {board}: počty kamenů jsou celá čísla od 0 do {squares}.",
    result_too_many: "Stůl {board}: {black} + {white} = {total} kamenů, víc než {squares} polí desky.",
};

/// Russian.
pub(super) const RU: ClubErrorTable = ClubErrorTable {
    lang: Lang::Ru,
    csv_unclosed_quote: "Поле в кавычках не закрыто.",
    csv_text_after_quote: "После закрывающей кавычки идёт текст.",
    csv_no_tournament: "Нет строки турнира (tournament,game,format,size,rounds).",
    csv_second_tournament: "В файле вторая строка турнира.",
    csv_standings: "Это турнирная таблица, в ней нет партий: загрузите файл турнира (CSV или JSON).",
    pair_finished: "Турнир окончен: у всех запланированных туров есть результаты.",
    too_few_players: "Для турнира нужны хотя бы два участника.",
    too_many_parts: "В строке не больше трёх частей через запятую: имя, рейтинг, клуб.",
    the_name: "Имя",
    tournament_name: "Название турнира",
    place: "Место проведения",
    name_empty: "пустое",
    name_line_break: "содержит перевод строки",
    json_syntax: "Это не файл турнира: JSON нарушен в строке {line}, столбце {column}.",
    json_eof: "Это не файл турнира: он обрывается (строка {line}, столбец {column}).",
    json_unknown_field: "Это не файл турнира: «{field}» (строка {line}, столбец {column}) — не поле файла турнира.",
    json_missing_field: "Это не файл турнира: нет поля «{field}» (строка {line}, столбец {column}).",
    json_unknown_value: "Это не файл турнира: «{value}» (строка {line}, столбец {column}) — недопустимое значение.",
    json_wrong_value: "Это не файл турнира: значение в строке {line}, столбце {column} не того вида.",
    unknown_game: "«{game}» — не игра клуба (othello, opok или nim).",
    board_size: "В отелло нет доски со стороной {size} (4, 6, 8 или 10).",
    rounds: "Запланировано туров: {rounds}; в турнире должно быть от 1 до 100 туров.",
    entry_round: "Партия или пропуск {round}-го тура, но турнир планирует только туры с 1-го по {rounds}-й.",
    too_many_players: "Участников в турнире: {players}; клубная страница принимает не больше {limit}.",
    text_error: "{what} {problem}.",
    player_name: "Имя {n}-го участника",
    player_club: "Клуб {n}-го участника",
    name_control: "содержит управляющий символ ({code})",
    name_too_long: "длиннее {limit} символов",
    date: "«{date}» — не дата: запишите её как 2027-03-14.",
    duplicate_name: "Двух участников зовут «{name}».",
    unknown_player: "«{name}» — не участник этого турнира.",
    plays_themselves: "«{name}» не может играть сам с собой.",
    paired_twice: "«{name}» дважды в паре в {round}-м туре.",
    score_othello: "{score} — не результат отелло на этой доске: два целых числа фишек, в сумме не больше {squares}.",
    score_other: "{score} — не результат: 1–0, ½–½ или 0–1.",
    game_and_bye: "Запись {round}-го тура называет и партию, и пропуск: должно быть что-то одно.",
    incomplete_game: "У партии {round}-го тура нет поля «{field}».",
    file_too_large: "Файл слишком велик ({size} МБ): файл турнира — не больше {limit} МБ.",
    at_line: "Строка {line}: {reason}",
    csv_unknown_record: "«{kind}» — не вид строки (tournament, player, game, bye или record).",
    csv_missing: "Столбец {column} пуст или отсутствует.",
    csv_extra: "В строке лишнее поле («{value}»).",
    csv_number: "«{value}» в столбце {column} — не число.",
    csv_format: "«{format}» — не система турнира (swiss, round-robin или double-round-robin).",
    pair_too_few: "Жеребьёвка {round}-го тура невозможна: играющих участников меньше двух.",
    pair_too_many: "Эта система составляет пары не больше чем для {limit} участников, а играющих {players}.",
    pair_round_robin: "В круговом турнире с числом участников {players} по таблицам Бергера туров {table}, а турнир планирует {planned}.",
    no_such_game: "В {round}-м туре за {board}-м столом партии нет.",
    rating: "Рейтинг «{value}» — не число.",
    duplicate: "«{name}» уже участвует в турнире.",
    full: "В турнире {limit} участников — больше он не принимает.",
    result_missing_discs: "Стол {board}: введите число фишек обоих игроков.",
    result_missing_choice: "Стол {board}: выберите результат.",
    result_not_whole: "Стол {board}: число фишек — целое от 0 до {squares}.",
    result_too_many: "Стол {board}: {black} + {white} = {total} фишек, больше {squares} полей доски.",
};

/// A score as the messages show it: `50–30`, `½–½`.
fn score_text([a, b]: [f64; 2]) -> String {
    format!("{}–{}", number(a), number(b))
}

impl ClubErrorTexts {
    /// Why a name or label is refused, after what it names (`what`).
    fn text(&self, what: &str, e: &NameError) -> String {
        let problem = match e {
            NameError::Empty => self.name_empty().to_string(),
            NameError::LineBreak => self.name_line_break().to_string(),
            NameError::Control(c) => self.name_control(format!("U+{:04X}", u32::from(*c))),
            NameError::TooLong => self.name_too_long(MAX_CHARS),
        };
        self.text_error(what, problem)
    }

    /// Why a name typed in is refused ("The name is empty.").
    pub fn name(&self, e: &NameError) -> String {
        self.text(self.the_name(), e)
    }

    /// Why a JSON text is not a tournament file.
    fn json(&self, e: &JsonError) -> String {
        let (line, column) = (e.line, e.column);
        match &e.problem {
            JsonProblem::Syntax => self.json_syntax(line, column),
            JsonProblem::Eof => self.json_eof(line, column),
            JsonProblem::UnknownField(f) => self.json_unknown_field(shown(f), line, column),
            JsonProblem::MissingField(f) => self.json_missing_field(shown(f), line, column),
            JsonProblem::UnknownValue(v) => self.json_unknown_value(shown(v), line, column),
            JsonProblem::WrongValue => self.json_wrong_value(line, column),
        }
    }

    /// Why a tournament (a file, or what a form made) is refused.
    pub fn tournament(&self, e: &TournamentError) -> String {
        use TournamentError as E;
        match e {
            E::Json(e) => self.json(e),
            E::UnknownGame(game) => self.unknown_game(shown(game)),
            E::BoardSize(size) => self.board_size(size),
            E::Rounds(rounds) => self.rounds(rounds),
            E::EntryRound { round, rounds } => self.entry_round(round, rounds),
            E::TooManyPlayers { players, limit } => self.too_many_players(players, limit),
            E::Text { what, error } => {
                let what = match what {
                    Labelled::Player(n) => self.player_name(n),
                    Labelled::Club(n) => self.player_club(n),
                    Labelled::Tournament => self.tournament_name().to_string(),
                    Labelled::Place => self.place().to_string(),
                };
                self.text(&what, error)
            }
            E::Date(date) => self.date(shown(date)),
            E::DuplicateName(name) => self.duplicate_name(shown(name)),
            E::UnknownPlayer(name) => self.unknown_player(shown(name)),
            E::PlaysThemselves(name) => self.plays_themselves(shown(name)),
            E::PairedTwice { name, round } => self.paired_twice(shown(name), round),
            E::Score {
                score,
                othello: true,
                squares,
            } => self.score_othello(score_text(*score), squares),
            E::Score { score, .. } => self.score_other(score_text(*score)),
            E::GameAndBye { round } => self.game_and_bye(round),
            E::IncompleteGame { round, missing } => self.incomplete_game(round, missing),
        }
    }

    /// Why a CSV file is refused, with its line.
    pub fn csv(&self, e: &ParseCsvError) -> String {
        let reason = match &e.reason {
            CsvReason::UnclosedQuote => self.csv_unclosed_quote().to_string(),
            CsvReason::TextAfterQuote => self.csv_text_after_quote().to_string(),
            CsvReason::UnknownRecord(kind) => self.csv_unknown_record(shown(kind)),
            CsvReason::Missing(column) => self.csv_missing(column),
            CsvReason::Extra(value) => self.csv_extra(shown(value)),
            CsvReason::Number { column, value } => self.csv_number(column, shown(value)),
            CsvReason::Format(format) => self.csv_format(shown(format)),
            CsvReason::NoTournament => self.csv_no_tournament().to_string(),
            CsvReason::SecondTournament => self.csv_second_tournament().to_string(),
            CsvReason::Standings => self.csv_standings().to_string(),
            CsvReason::Tournament(e) => self.tournament(e),
        };
        match e.line {
            Some(line) => self.at_line(line, reason),
            None => reason,
        }
    }

    /// Why a file (JSON or CSV) is not loaded.
    pub fn import(&self, e: &ImportError) -> String {
        let megabytes = |bytes: usize| format!("{:.1}", bytes as f64 / 1e6);
        match e {
            ImportError::TooLarge(bytes) => {
                self.file_too_large(megabytes(*bytes), MAX_FILE_BYTES / 1_000_000)
            }
            ImportError::Json(e) => self.tournament(e),
            ImportError::Csv(e) => self.csv(e),
        }
    }

    /// Why the next round is not paired.
    pub fn pair(&self, e: &PairError) -> String {
        match e {
            PairError::Finished { .. } => self.pair_finished().to_string(),
            PairError::TooFewPlayers { round, .. } => self.pair_too_few(round),
            PairError::TooManyPlayers { players, limit } => self.pair_too_many(players, limit),
            PairError::RoundRobinRounds {
                players,
                table,
                planned,
            } => self.pair_round_robin(players, table, planned),
        }
    }

    /// Why a correction is refused.
    pub fn correct(&self, e: &CorrectError) -> String {
        match e {
            CorrectError::NoSuchGame { round, board } => self.no_such_game(round, board),
            CorrectError::Score(e) => self.tournament(e),
        }
    }

    /// What is wrong with a player typed in (a late entry, or a line of
    /// the setup form's list).
    pub fn line_problem(&self, problem: &LineProblem) -> String {
        match problem {
            LineProblem::Name(e) => self.name(e),
            LineProblem::Rating(value) => self.rating(value),
            LineProblem::TooManyParts => self.too_many_parts().to_string(),
            LineProblem::Duplicate(name) => self.duplicate(name),
            LineProblem::Full { limit } => self.full(limit),
        }
    }

    /// Why the setup form's tournament is not started.
    pub fn setup(&self, e: &SetupError) -> String {
        match e {
            SetupError::TooFewPlayers => self.too_few_players().to_string(),
            SetupError::Line { line, problem } => self.at_line(line, self.line_problem(problem)),
            SetupError::Date(date) => self.date(shown(date)),
            SetupError::Tournament(e) => self.tournament(e),
        }
    }

    /// Why the result of board `board` is refused.
    pub fn result(&self, board: usize, othello: bool, e: &ResultError, squares: u32) -> String {
        match e {
            ResultError::Missing if othello => self.result_missing_discs(board),
            ResultError::Missing => self.result_missing_choice(board),
            ResultError::NotWhole => self.result_not_whole(board, squares),
            ResultError::TooMany {
                discs: [b, w],
                squares,
            } => self.result_too_many(board, b, w, b + w, squares),
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::club::csv::read;

    /// Every refusal of a few bad files, in every language: a sentence
    /// (a capital or a quote first, a full stop last), and not English in
    /// Czech or Russian.
    #[test]
    fn every_refusal_is_a_sentence_in_the_readers_language() {
        let files = [
            "{\"game\": \"nim\",",
            "{\"game\": \"chess\", \"rounds\": 2, \"players\": [], \"games\": []}",
            "{\"game\": \"nim\", \"rounds\": 2, \"players\": [{\"name\": \"\\u0000\"}], \"games\": []}",
            "tournament,nim,swiss,8,2\nplayer,Ann\ngame,1,Ann,Zed,1,0\n",
            "rank,name\n",
            "tournament,othello,swiss,8,2\nplayer,A\nplayer,B\ngame,1,A,B,50,30\n",
        ];
        for lang in Lang::ALL {
            let t = lang.texts().club_errors();
            for file in files {
                let said = t.import(&read(file).unwrap_err());
                assert!(said.ends_with('.'), "{lang:?} {file:?}: {said}");
                let first = said.chars().next().unwrap();
                assert!(
                    first.is_uppercase() || "“„«".contains(first),
                    "{lang:?} {file:?}: {said}"
                );
                if lang != Lang::En {
                    let english = Lang::En
                        .texts()
                        .club_errors()
                        .import(&read(file).unwrap_err());
                    assert_ne!(said, english, "{lang:?} {file:?}");
                }
            }
        }
        let en = Lang::En.texts().club_errors();
        assert_eq!(
            en.import(&read("tournament,othello,swiss,8,2\nplayer,A\nplayer,B\ngame,1,A,B,50,30\n").unwrap_err()),
            "Line 4: 50–30 is not an Othello result on this board: two whole disc counts, together at most 64."
        );
        assert_eq!(
            Lang::Cs.texts().club_errors().result(
                2,
                true,
                &ResultError::TooMany {
                    discs: [50, 30],
                    squares: 64
                },
                64
            ),
            "Stůl 2: 50 + 30 = 80 kamenů, víc než 64 polí desky."
        );
    }
}
