//! A club on the server's texts in English, Czech and Russian: "Club on
//! the server" on the club page, the club's page (`#/clubs/<id>`), its
//! rating list and a player's history, the ratings frame, and the snippet
//! builder's club frames.

use super::texts::{ClubsTable, ClubsTexts};
use super::Lang;
use crate::online::club::{ClubError, ClubRefusal};

impl ClubsTexts {
    /// What a club request's error answer (`status`, `body`) says to the
    /// person.
    pub fn error(&self, status: u16, body: &str) -> String {
        let said = match crate::json::from_str::<ClubError>(body) {
            Ok(ClubError::NotFound) => self.not_found(),
            Ok(ClubError::Name { .. }) => self.name_problem(),
            Ok(ClubError::WrongToken) => self.wrong_token(),
            Ok(ClubError::WrongOrganiser) => self.wrong_organiser(),
            Ok(ClubError::NoSuchEvent) => self.no_such_event(),
            Ok(ClubError::Refused {
                refusal: ClubRefusal::OtherClub,
            }) => self.other_club(),
            Ok(ClubError::Refused {
                refusal: ClubRefusal::Rating,
            }) => self.member_rating_problem(),
            Ok(ClubError::Refused {
                refusal: ClubRefusal::TooManyMembers,
            }) => self.too_many_members(),
            Ok(ClubError::Refused {
                refusal: ClubRefusal::NoSuchMember,
            }) => self.no_such_member(),
            Ok(ClubError::Unavailable) => self.unavailable(),
            _ if status == 404 => self.not_found(),
            _ => self.refused_other(),
        };
        said.into()
    }
}

/// English.
pub(super) const EN: ClubsTable = ClubsTable {
    lang: Lang::En,
    server_heading: "Club on the server",
    server_intro: "Put the club on the club's server: its events gather there, with a rating list and frames for the club's website.",
    club_name: "Club name",
    create: "Create the club",
    creating: "Creating…",
    no_server: "A club on the server needs the club's own server (make serve), and it could not be reached.",
    not_found: "There is no such club on this server.",
    name_problem: "Write a name of 1 to 100 characters (no control characters, no < or >).",
    wrong_token: "This browser's club token is not accepted for this club.",
    wrong_organiser: "This browser's organiser token is not accepted for that event.",
    no_such_event: "There is no such event on this server.",
    other_club: "That event belongs to another club already.",
    refused_other: "The server refused that.",
    unavailable: "The server's database is not available just now; try again.",
    kept_clubs: "Your clubs (this browser keeps their tokens):",
    store_failed: "This browser could not keep the club's token (its storage is full or blocked). Copy the private link below and keep it safe: without it you cannot add events to the club.",
    private_link: "The club's private link (whoever has it adds events to the club and manages every one of them; keep it secret):",
    events_heading: "Events",
    no_events: "The club has no events yet.",
    attach_heading: "Add an event you organise",
    attach: "Add to the club",
    attached: "The event joined the club.",
    nothing_to_attach: "This browser organises no event outside the club.",
    ratings_heading: "Rating list",
    no_ratings: "No rated game yet.",
    rank: "Rank",
    name: "Name",
    rating: "Rating",
    games: "Games",
    provisional_mark: "?",
    provisional_note: "? marks a provisional rating: the player's strength is not yet known to within ±220 points (a deviation above 110). It settles after about a dozen games.",
    sort_hint: "Press a column's header to sort by it; press a name to see the player's games.",
    event: "Event",
    round: "Round",
    score: "Score",
    rating_after: "Rating after the month",
    close: "Close",
    run_in: "In the club",
    new_event: "New event in this club",
    manage: "Manage",
    no_club: "No club",
    ratings_updated: "The rating list was updated.",
    print: "Print",
    club_frames_heading: "A club's frames: its events and its rating list",
    frame_kind: "What to embed",
    kind_board: "A board",
    kind_event: "A club event",
    kind_ratings: "A club's rating list",
    event_id: "Event id",
    club_id: "Club id",
    view: "View",
    view_standings: "Standings",
    view_pairings: "Pairings",
    view_live: "Live boards",
    history_hint: "Each round the player played: their games, their score and their rating after that month.",
    period_note: "Rated by Glicko-2, a calendar month a rating period: every game of the month counts at once, against the ratings at its start (Glicko-2 wants about 10 to 15 games a player in a period, which one evening never gives). Forfeits and byes are not rated.",
    members_heading: "Members",
    no_members: "The club keeps no members yet.",
    member_save: "Save the member",
    member_remove: "Remove",
    member_rating_problem: "A member's rating is a whole number from 0 to 4000 (or leave it empty).",
    too_many_members: "The club keeps the most members it may (1000).",
    no_such_member: "There is no member of that name.",
    history_heading: "{name}: rating history",
    event_number: "Event {number}",
    sorted_by: "Sorted by {column}.",
    provisional_of: "{rating}, provisional",
};

/// Czech.
pub(super) const CS: ClubsTable = ClubsTable {
    lang: Lang::Cs,
    server_heading: "Klub na serveru",
    server_intro: "Dejte klub na jeho server: shromáždí se tam jeho turnaje, rating a rámečky pro web klubu.",
    club_name: "Název klubu",
    create: "Založit klub",
    creating: "Zakládám…",
    no_server: "Klub na serveru potřebuje vlastní server klubu (make serve) a ten není dostupný.",
    not_found: "Takový klub na tomto serveru není.",
    name_problem: "Napište název o 1 až 100 znacích (bez řídicích znaků, bez < a >).",
    wrong_token: "Klíč klubu uložený v tomto prohlížeči tento klub nepřijímá.",
    wrong_organiser: "Klíč pořadatele uložený v tomto prohlížeči ten turnaj nepřijímá.",
    no_such_event: "Takový turnaj na tomto serveru není.",
    other_club: "Ten turnaj už patří jinému klubu.",
    refused_other: "Server to odmítl.",
    unavailable: "Databáze serveru teď není dostupná; zkuste to znovu.",
    kept_clubs: "Vaše kluby (tento prohlížeč má jejich klíče):",
    store_failed: "Tento prohlížeč nemohl uložit klíč klubu (úložiště je plné nebo zakázané). Zkopírujte si soukromý odkaz níže a dobře ho uschovejte: bez něj do klubu nepřidáte turnaje.",
    private_link: "Soukromý odkaz klubu (kdo ho má, přidává do klubu turnaje a řídí každý z nich; nikomu ho nedávejte):",
    events_heading: "Turnaje",
    no_events: "Klub zatím nemá žádné turnaje.",
    attach_heading: "Přidat turnaj, který pořádáte",
    attach: "Přidat do klubu",
    attached: "Turnaj je v klubu.",
    nothing_to_attach: "Tento prohlížeč nepořádá žádný turnaj mimo klub.",
    ratings_heading: "Rating",
    no_ratings: "Zatím žádná hodnocená partie.",
    rank: "Pořadí",
    name: "Jméno",
    rating: "Rating",
    games: "Partie",
    provisional_mark: "?",
    provisional_note: "? označuje předběžný rating: síla hráče ještě není známa s přesností ±220 bodů (odchylka nad 110). Ustálí se asi po tuctu partií.",
    sort_hint: "Stiskem záhlaví sloupce podle něj seřadíte; stiskem jména uvidíte partie hráče.",
    event: "Turnaj",
    round: "Kolo",
    score: "Body",
    rating_after: "Rating po měsíci",
    close: "Zavřít",
    run_in: "V klubu",
    new_event: "Nový turnaj v tomto klubu",
    manage: "Řídit",
    no_club: "Bez klubu",
    ratings_updated: "Rating se změnil.",
    print: "Tisk",
    club_frames_heading: "Rámce klubu: turnaje a rating",
    frame_kind: "Co vložit",
    kind_board: "Deska",
    kind_event: "Klubový turnaj",
    kind_ratings: "Rating klubu",
    event_id: "Id turnaje",
    club_id: "Id klubu",
    view: "Zobrazení",
    view_standings: "Pořadí",
    view_pairings: "Párování",
    view_live: "Živé desky",
    history_hint: "Každé kolo, které hráč hrál: jeho partie, body a rating po tom měsíci.",
    period_note: "Počítá se Glicko-2, ratingovým obdobím je kalendářní měsíc: všechny partie měsíce se hodnotí najednou proti ratingům z jeho začátku (Glicko-2 chce asi 10 až 15 partií hráče za období, což jeden klubový večer nedá). Kontumace a volné losy se nehodnotí.",
    members_heading: "Členové",
    no_members: "Klub zatím nevede žádné členy.",
    member_save: "Uložit člena",
    member_remove: "Odebrat",
    member_rating_problem: "Rating člena je celé číslo od 0 do 4000 (nebo pole nechte prázdné).",
    too_many_members: "Klub už vede nejvyšší počet členů (1000).",
    no_such_member: "Člen tohoto jména v klubu není.",
    history_heading: "{name}: vývoj ratingu",
    event_number: "Turnaj {number}",
    sorted_by: "Seřazeno podle sloupce {column}.",
    provisional_of: "{rating}, předběžný",
};

/// Russian.
pub(super) const RU: ClubsTable = ClubsTable {
    lang: Lang::Ru,
    server_heading: "Клуб на сервере",
    server_intro: "Разместите клуб на его сервере: там собираются его турниры, рейтинг-лист и рамки для сайта клуба.",
    club_name: "Название клуба",
    create: "Создать клуб",
    creating: "Создаю…",
    no_server: "Клубу на сервере нужен собственный сервер клуба (make serve), а он недоступен.",
    not_found: "Такого клуба на этом сервере нет.",
    name_problem: "Введите название от 1 до 100 символов (без управляющих символов, без < и >).",
    wrong_token: "Ключ клуба, сохранённый в этом браузере, не подходит к этому клубу.",
    wrong_organiser: "Ключ организатора, сохранённый в этом браузере, не подходит к этому турниру.",
    no_such_event: "Такого турнира на этом сервере нет.",
    other_club: "Этот турнир уже принадлежит другому клубу.",
    refused_other: "Сервер отказал.",
    unavailable: "База данных сервера сейчас недоступна; попробуйте ещё раз.",
    kept_clubs: "Ваши клубы (этот браузер хранит их ключи):",
    store_failed: "Этот браузер не смог сохранить ключ клуба (хранилище заполнено или запрещено). Скопируйте личную ссылку ниже и сохраните её: без неё вы не сможете добавлять турниры в клуб.",
    private_link: "Личная ссылка клуба (у кого она есть, тот добавляет турниры в клуб и управляет каждым из них; держите её в тайне):",
    events_heading: "Турниры",
    no_events: "У клуба пока нет турниров.",
    attach_heading: "Добавить турнир, который вы проводите",
    attach: "Добавить в клуб",
    attached: "Турнир добавлен в клуб.",
    nothing_to_attach: "Этот браузер не проводит турниров вне клуба.",
    ratings_heading: "Рейтинг-лист",
    no_ratings: "Рейтинговых партий пока нет.",
    rank: "Место",
    name: "Имя",
    rating: "Рейтинг",
    games: "Партии",
    provisional_mark: "?",
    provisional_note: "? отмечает предварительный рейтинг: сила игрока ещё не известна с точностью ±220 пунктов (отклонение больше 110). Он устанавливается примерно после дюжины партий.",
    sort_hint: "Нажмите на заголовок столбца, чтобы упорядочить по нему; нажмите на имя, чтобы увидеть партии игрока.",
    event: "Турнир",
    round: "Тур",
    score: "Очки",
    rating_after: "Рейтинг после месяца",
    close: "Закрыть",
    run_in: "В клубе",
    new_event: "Новый турнир в этом клубе",
    manage: "Управлять",
    no_club: "Без клуба",
    ratings_updated: "Рейтинг-лист обновлён.",
    print: "Печать",
    club_frames_heading: "Фреймы клуба: турниры и рейтинг-лист",
    frame_kind: "Что встроить",
    kind_board: "Доска",
    kind_event: "Турнир клуба",
    kind_ratings: "Рейтинг-лист клуба",
    event_id: "Id турнира",
    club_id: "Id клуба",
    view: "Вид",
    view_standings: "Таблица",
    view_pairings: "Пары",
    view_live: "Доски вживую",
    history_hint: "Каждый тур, сыгранный игроком: его партии, очки и рейтинг после того месяца.",
    period_note: "Рейтинг по Glicko-2, рейтинговый период — календарный месяц: все партии месяца учитываются разом, против рейтингов на его начало (Glicko-2 нужно около 10–15 партий игрока за период, а один клубный вечер столько не даёт). Неявки и свободные туры не учитываются.",
    members_heading: "Члены клуба",
    no_members: "Клуб пока не ведёт список членов.",
    member_save: "Сохранить",
    member_remove: "Убрать",
    member_rating_problem: "Рейтинг члена клуба — целое число от 0 до 4000 (или оставьте поле пустым).",
    too_many_members: "В списке клуба уже наибольшее число членов (1000).",
    no_such_member: "Члена клуба с таким именем нет.",
    history_heading: "{name}: история рейтинга",
    event_number: "Турнир {number}",
    sorted_by: "Упорядочено по столбцу «{column}».",
    provisional_of: "{rating}, предварительный",
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts in each language (the tables' words, read one by one).
    const EN: ClubsTexts = ClubsTexts { lang: Lang::En };
    const CS: ClubsTexts = ClubsTexts { lang: Lang::Cs };
    const RU: ClubsTexts = ClubsTexts { lang: Lang::Ru };

    #[test]
    fn errors_are_said_in_every_language() {
        assert_eq!(
            EN.error(403, r#"{"error":"wrong_token"}"#),
            EN.wrong_token()
        );
        let other = r#"{"error":"refused","refusal":{"reason":"other_club"}}"#;
        assert_eq!(CS.error(409, other), CS.other_club());
        assert_eq!(RU.error(404, "<html>"), RU.not_found());
        assert_eq!(EN.error(500, ""), EN.refused_other());
    }
}
