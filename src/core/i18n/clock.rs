//! The game clock's options and what its presses say, in English, Czech
//! and Russian.

use super::texts::ClockTable;
use super::Lang;

/// English.
pub(super) const EN: ClockTable = ClockTable {
    lang: Lang::En,
    switching: "Switching the clock",
    by_move: "The move switches the clock",
    by_press: "Each player presses their own side",
    press_help:
        "After your move, press your side of the clock, or Space (Enter then plays on the board).",
    press_side: "Press the clock: {side}, {time}",
    pressed: "{side} pressed the clock. {next}: the clock runs.",
    press_not_running: "{side}: your clock is not running.",
    press_early: "{side}: move first, then press the clock.",
};

/// Czech.
pub(super) const CS: ClockTable = ClockTable {
    lang: Lang::Cs,
    switching: "Přepínání hodin",
    by_move: "Hodiny přepne tah",
    by_press: "Každý hráč mačká svou stranu",
    press_help:
        "Po svém tahu stiskněte svou stranu hodin, nebo mezerník (na desce pak hraje Enter).",
    press_side: "Stisknout hodiny: {side}, {time}",
    pressed: "{side}: hodiny stisknuty. {next}: běží čas.",
    press_not_running: "{side}: vaše hodiny neběží.",
    press_early: "{side}: nejdřív táhněte, potom stiskněte hodiny.",
};

/// Russian.
pub(super) const RU: ClockTable = ClockTable {
    lang: Lang::Ru,
    switching: "Переключение часов",
    by_move: "Часы переключает ход",
    by_press: "Каждый игрок нажимает свою сторону",
    press_help:
        "После своего хода нажмите свою сторону часов или пробел (на доске тогда ходит Enter).",
    press_side: "Нажать часы: {side}, {time}",
    pressed: "{side}: часы нажаты. {next}: идёт время.",
    press_not_running: "{side}: ваши часы не идут.",
    press_early: "{side}: сначала сделайте ход, потом нажмите часы.",
};
