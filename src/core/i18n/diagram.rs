//! The texts of the game pages' diagram dialog in English, Czech and
//! Russian (the diagram module carries them, like the club page's).

use super::texts::DiagramTable;
use super::Lang;

/// English.
pub(super) const EN: DiagramTable = DiagramTable {
    lang: Lang::En,
    heading: "Diagram of the position",
    preview: "Preview",
    coords: "Coordinates",
    last_move: "Mark the last move",
    numbers: "Move numbers",
    print: "Black and white, for print",
    caption: "Caption under the diagram",
    download_svg: "Download SVG",
    download_png: "Download PNG",
    title: "{game}: position after move {n}",
    start: "{game}: start position",
};

/// Czech.
pub(super) const CS: DiagramTable = DiagramTable {
    lang: Lang::Cs,
    heading: "Diagram pozice",
    preview: "Náhled",
    coords: "Souřadnice",
    last_move: "Vyznačit poslední tah",
    numbers: "Čísla tahů",
    print: "Černobíle, pro tisk",
    caption: "Popisek pod diagramem",
    download_svg: "Stáhnout SVG",
    download_png: "Stáhnout PNG",
    title: "{game}: pozice po tahu {n}",
    start: "{game}: výchozí pozice",
};

/// Russian.
pub(super) const RU: DiagramTable = DiagramTable {
    lang: Lang::Ru,
    heading: "Диаграмма позиции",
    preview: "Предпросмотр",
    coords: "Координаты",
    last_move: "Отметить последний ход",
    numbers: "Номера ходов",
    print: "Чёрно-белая, для печати",
    caption: "Подпись под диаграммой",
    download_svg: "Скачать SVG",
    download_png: "Скачать PNG",
    title: "{game}: позиция после хода {n}",
    start: "{game}: начальная позиция",
};
