//! What a game page says about the games it keeps, in English, Czech and
//! Russian (the game pages' modules carry them, like the club page's).

use super::texts::SavingTable;
use super::{Lang, Plural};

/// English.
pub(super) const EN: SavingTable = SavingTable {
    lang: Lang::En,
    put_aside_done: "The game you were playing is kept: it is under “Games put aside”, from where you can go back to it.",
    put_aside_failed: "The game you were playing could not be put aside (the browser's storage is full), so it is kept as it was and this game is not saved. Free space for this site in the browser's settings, or copy this game's link.",
    put_aside_title: "Games put aside",
    put_aside_open: "Go back to it",
    put_aside_finished: "finished",
    put_aside_playing: "in progress",
    saved_kept: "The saved game could not be restored ({reason}), and the browser's storage is too full to set it aside: it is kept as it was, and this game is not saved until there is space.",
    put_aside_open_label: "Go back to it: the game put aside, {game}",
    put_aside_moves: Plural {
        one: "{n} move",
        few: "{n} moves",
        many: "{n} moves",
    },
};

/// Czech.
pub(super) const CS: SavingTable = SavingTable {
    lang: Lang::Cs,
    put_aside_done: "Partie, kterou jste hráli, je uschována v „Odložených partiích“, odkud se k ní můžete vrátit.",
    put_aside_failed: "Partii, kterou jste hráli, se nepodařilo odložit (úložiště prohlížeče je plné), proto zůstává uložena tak, jak byla, a tato partie se neukládá. Uvolněte v nastavení prohlížeče místo pro tento web, nebo si zkopírujte odkaz na tuto partii.",
    put_aside_title: "Odložené partie",
    put_aside_open: "Vrátit se k ní",
    put_aside_finished: "dohraná",
    put_aside_playing: "rozehraná",
    saved_kept: "Uloženou partii se nepodařilo obnovit ({reason}) a úložiště prohlížeče je příliš plné, aby ji šlo odložit: zůstává, jak byla, a tato partie se neukládá, dokud nebude místo.",
    put_aside_open_label: "Vrátit se k ní: k odložené partii {game}",
    put_aside_moves: Plural {
        one: "{n} tah",
        few: "{n} tahy",
        many: "{n} tahů",
    },
};

/// Russian.
pub(super) const RU: SavingTable = SavingTable {
    lang: Lang::Ru,
    put_aside_done: "Партия, которую вы играли, сохранена в «Отложенных партиях», откуда к ней можно вернуться.",
    put_aside_failed: "Партию, которую вы играли, не удалось отложить (хранилище браузера переполнено), поэтому она сохранена как была, а эта партия не сохраняется. Освободите место для этого сайта в настройках браузера или скопируйте ссылку на эту партию.",
    put_aside_title: "Отложенные партии",
    put_aside_open: "Вернуться к ней",
    put_aside_finished: "окончена",
    put_aside_playing: "не окончена",
    saved_kept: "Сохранённую партию не удалось восстановить ({reason}), а хранилище браузера слишком переполнено, чтобы её отложить: она сохранена как была, а эта партия не сохраняется, пока не появится место.",
    put_aside_open_label: "Вернуться к ней: к отложенной партии {game}",
    put_aside_moves: Plural {
        one: "{n} ход",
        few: "{n} хода",
        many: "{n} ходов",
    },
};
