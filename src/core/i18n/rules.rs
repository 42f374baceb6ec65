//! The rules pages' sections in English, Czech and Russian (apart from the
//! games' texts, so that only the learning module, which draws the rules
//! pages, carries them).

use super::texts::{NimRulesTable, OpokRulesTable, OthelloRulesTable};
use super::Lang;

/// The Othello rules page, English.
pub(super) const OTHELLO_EN: OthelloRulesTable = OthelloRulesTable {
    lang: Lang::En,
    rules_intro: "Othello is played by two players, Black and White, on a board of 8×8 squares with discs that are black on one side and white on the other.",
    rules_setup_title: "Start",
    rules_setup: "Four discs stand in the centre: white on d4 and e5, black on d5 and e4. Black moves first. Columns are a–h from the left, rows 1–8 from the top.",
    rules_moves_title: "Moves",
    rules_moves: "A move places a disc of your colour on an empty square so that, in at least one of the eight directions, a continuous line of your opponent's discs lies between the new disc and another disc of yours. Every such line in every direction is flipped to your colour. Lines that end at an empty square or the edge are not flipped, and flipped discs do not flip anything in turn.",
    rules_pass_title: "Passing",
    rules_pass: "If you have a legal move you must play one. If you have none, you pass and your opponent moves again; passing is only allowed then. The app always tells you why you must pass and waits for you to confirm, unless you have chosen to pass automatically.",
    rules_end_title: "End and scoring",
    rules_end: "The game ends when neither player can move, which includes a full board. The player with more discs wins. World scoring: empty squares are added to the winner's discs, so the scores always add up to 64. With equal discs the game is a draw and the empty squares are split evenly.",
    rules_scoring_example: "Example: a game ends 40–20 with 4 squares empty; it is scored 44–20. A 30–30 finish with 4 empty squares is a 32–32 draw.",
    rules_clock_title: "Clocks",
    rules_clock: "In tournaments each player has 20–25 minutes. A player whose time runs out loses; if the discs favoured that player, the result is recorded as 33–31 for the winner.",
    rules_notation_title: "Notation",
    rules_notation: "A game is written as its squares in order, for example f5d6c3d3c4f4f6f3e6e7. Passes are not written. When loading a game the app accepts capitals, spaces, move numbers and written passes (pass, pa, ps, --); a wrong or illegal move is reported with its number.",
    rules_variants_title: "Variants",
    rules_sizes: "Board size 4×4, 6×6 or 8×8: the same rules, the four centre squares start as on 8×8 and the scores add up to the number of squares. With perfect play White wins on 4×4 and on 6×6 (16–20); 8×8 is a draw.",
    rules_anti: "Anti-Othello: the same moves, but the player with fewer discs wins. The result is shown as the disc counts; empty squares are not reassigned, and equal counts are a draw.",
    rules_reversi: "Historical Reversi opening: the board starts empty. Each player places two discs, Black first, on the four centre squares, flipping nothing; from the fifth move on the normal rules apply.",
};

/// The Othello rules page, Czech.
pub(super) const OTHELLO_CS: OthelloRulesTable = OthelloRulesTable {
    lang: Lang::Cs,
    rules_intro: "Othello hrají dva hráči, černý a bílý, na desce 8×8 polí (othelieru) s kameny, které jsou z jedné strany černé a z druhé bílé.",
    rules_setup_title: "Začátek",
    rules_setup: "Na čtyřech středových polích stojí kameny: bílé na d4 a e5, černé na d5 a e4. Začíná černý. Sloupce jsou a–h zleva, řady 1–8 shora.",
    rules_moves_title: "Tahy",
    rules_moves: "Hráč na tahu položí kámen své barvy na prázdné pole tak, aby alespoň v jednom z osmi směrů ležela mezi novým kamenem a jiným jeho kamenem souvislá řada soupeřových kamenů. Všechny takto obstoupené řady ve všech směrech se otočí na jeho barvu. Řada, která končí prázdným polem nebo okrajem desky, se neotáčí, a otočené kameny už nic dalšího neotáčejí.",
    rules_pass_title: "Pas",
    rules_pass: "Kdo má možný tah, musí táhnout. Kdo žádný nemá, pasuje a soupeř táhne znovu; jindy pasovat nelze. Aplikace vždy řekne, proč musíte pasovat, a počká na vaše potvrzení, pokud jste nezvolili automatické pasování.",
    rules_end_title: "Konec a počítání",
    rules_end: "Hra končí, když nemůže táhnout ani jeden hráč (i při plné desce). Vyhrává ten, kdo má více kamenů. Podle světových pravidel se prázdná pole připočítají vítězi, takže součet skóre je vždy 64. Při shodném počtu kamenů je remíza a prázdná pole se rozdělí napůl.",
    rules_scoring_example: "Příklad: partie skončí 40:20 a 4 pole zůstanou prázdná; výsledek je 44:20. Stav 30:30 se 4 prázdnými poli je remíza 32:32.",
    rules_clock_title: "Hodiny",
    rules_clock: "Na turnajích má každý hráč 20–25 minut. Kdo překročí čas, prohrává; pokud mu přitom kameny na desce dávaly převahu, zapíše se výsledek 33:31 pro vítěze.",
    rules_notation_title: "Zápis",
    rules_notation: "Partie se zapisuje jako pole tahů v pořadí, např. f5d6c3d3c4f4f6f3e6e7. Pasy se nezapisují. Při načítání aplikace přijme velká písmena, mezery, čísla tahů i zapsané pasy (pass, pa, ps, --); chybný nebo nepřípustný tah ohlásí s jeho číslem.",
    rules_variants_title: "Varianty",
    rules_sizes: "Deska 4×4, 6×6 nebo 8×8: stejná pravidla, čtyři středová pole začínají jako na 8×8 a součet skóre je počet polí. Při bezchybné hře vyhrává bílý na 4×4 i 6×6 (16:20); 8×8 končí remízou.",
    rules_anti: "Žravé Othello: stejné tahy, ale vyhrává hráč s menším počtem kamenů. Výsledek se uvádí jako počty kamenů; prázdná pole se nikomu nepřičítají a shoda je remíza.",
    rules_reversi: "Historické zahájení Reversi: deska je na začátku prázdná. Každý hráč položí dva kameny, černý první, na čtyři středová pole, aniž by cokoli otočil; od pátého tahu platí běžná pravidla.",
};

/// The Othello rules page, Russian.
pub(super) const OTHELLO_RU: OthelloRulesTable = OthelloRulesTable {
    lang: Lang::Ru,
    rules_intro: "В отелло играют двое, чёрные и белые, на доске 8×8 клеток фишками, которые с одной стороны чёрные, а с другой белые.",
    rules_setup_title: "Начало",
    rules_setup: "В центре стоят четыре фишки: белые на d4 и e5, чёрные на d5 и e4. Первыми ходят чёрные. Вертикали обозначаются буквами a–h слева направо, горизонтали — цифрами 1–8 сверху вниз.",
    rules_moves_title: "Ходы",
    rules_moves: "Игрок ставит фишку своего цвета на пустую клетку так, чтобы хотя бы в одном из восьми направлений между ней и другой его фишкой лежал непрерывный ряд фишек соперника. Все такие ряды во всех направлениях переворачиваются в его цвет. Ряд, который кончается пустой клеткой или краем доски, не переворачивается, а перевёрнутые фишки больше ничего не переворачивают.",
    rules_pass_title: "Пас",
    rules_pass: "Если ход есть, его нужно сделать. Если хода нет, игрок пасует, и соперник ходит снова; в других случаях пасовать нельзя. Приложение всегда объясняет, почему нужно пасовать, и ждёт вашего подтверждения, если вы не выбрали автоматический пас.",
    rules_end_title: "Конец и подсчёт",
    rules_end: "Игра заканчивается, когда ни один игрок не может сделать ход (в том числе при заполненной доске). Побеждает тот, у кого больше фишек. По мировым правилам пустые клетки добавляются победителю, так что сумма очков всегда равна 64. При равенстве фишек — ничья, пустые клетки делятся пополам.",
    rules_scoring_example: "Пример: партия закончилась 40:20 при 4 пустых клетках; записывается 44:20. Счёт 30:30 при 4 пустых клетках — ничья 32:32.",
    rules_clock_title: "Часы",
    rules_clock: "На турнирах у каждого игрока 20–25 минут. Кто просрочил время, проигрывает; если при этом фишки на доске были в его пользу, записывается 33:31 в пользу победителя.",
    rules_notation_title: "Запись",
    rules_notation: "Партия записывается клетками ходов по порядку, например f5d6c3d3c4f4f6f3e6e7. Пасы не записываются. При загрузке приложение принимает заглавные буквы, пробелы, номера ходов и записанные пасы (pass, pa, ps, --); о неверном или недопустимом ходе сообщается с его номером.",
    rules_variants_title: "Варианты",
    rules_sizes: "Доска 4×4, 6×6 или 8×8: правила те же, четыре центральные клетки в начале как на 8×8, сумма очков равна числу клеток. При безошибочной игре белые выигрывают на 4×4 и на 6×6 (16:20); на 8×8 — ничья.",
    rules_anti: "Анти-реверси: ходы те же, но побеждает тот, у кого меньше фишек. Результат показывается числом фишек; пустые клетки никому не добавляются, равенство — ничья.",
    rules_reversi: "Историческое начало реверси: в начале доска пуста. Каждый игрок ставит по две фишки, чёрные первыми, на четыре центральные клетки, ничего не переворачивая; с пятого хода действуют обычные правила.",
};

/// The Opok rules page, English.
pub(super) const OPOK_EN: OpokRulesTable = OpokRulesTable {
    lang: Lang::En,
    rules_intro: "Opok is a stacking game for two players, Circles and Squares, on a square board. It comes from a Russian puzzle book whose pictures are lost, so these are the rules as this app plays them.",
    rules_setup_title: "Start",
    rules_setup: "The board is N×N, from 3×3 to 9×9 (5×5 is the smallest interesting size and the default). Each player owns N² pieces, all standing as one stack on their home corner: Circles on a1 (top left), Squares on the opposite corner. Circles move first.",
    rules_moves_title: "Moves",
    rules_moves: "Choose one of your stacks of height h ≥ 2 and lift k pieces off it, 1 ≤ k ≤ h − 1: at least one piece always stays, so a stack of one can never move. The lifted stack then walks exactly k orthogonal steps, one square per piece, and stops on the last square as a new stack.",
    rules_walk: "Every square the walk enters must be empty: it can neither jump over nor stop on any stack, its own or the opponent's (the part left on the origin is a stack too). It may not step straight back to the square it has just left, but it may otherwise cross or revisit its own path. Only the origin, k and the landing square matter; moves are written from:k:to, e.g. a1:3:b3.",
    rules_parity: "On a checkerboard every step changes the square's colour, so the colour of the landing square depends only on whether k is even or odd.",
    rules_capture_title: "Capture",
    rules_capture: "After a move, look from the landing square in the four orthogonal directions. If the squares next to it hold an unbroken row of one or more enemy stacks and the square after that row holds one of your stacks, the row is enclosed. It is captured when the two enclosing stacks together are strictly higher than the whole row (heights after the move). Only those two stacks count, not stacks behind them. Captured stacks leave the game. Diagonals never capture.",
    rules_capture_landing: "Only the landing stack captures: a stack that moves into a gap between two enemy stacks is safe, as in other custodian-capture games. All four directions are checked and every qualifying row is captured, each judged on the position before anything is removed. If the far enclosing stack is the origin of the same move, it counts with the pieces left on it.",
    rules_corner: "A stack in a corner can never be captured, and a home corner always keeps at least one piece, so nobody is ever wiped out.",
    rules_end_title: "End and result",
    rules_end: "A player who cannot move passes and the other keeps moving alone. The game ends when neither can move; it always ends, because every move lowers the total of (height − 1) over all stacks by one. Each player scores the squares occupied by their stacks, whatever their height; the player with more squares wins, and equal counts are a draw.",
    rules_notation_title: "Records",
    rules_notation: "A game record lists the moves separated by spaces, with pass for a forced pass (a left-out forced pass is accepted when loading). A wrong or illegal move is reported with its number.",
    rules_source_note: "The book's text is vague in places and its diagrams are lost: the whole rule set on this page is our interpretation of it.",
};

/// The Opok rules page, Czech.
pub(super) const OPOK_CS: OpokRulesTable = OpokRulesTable {
    lang: Lang::Cs,
    rules_intro: "Opok je hra s věžemi z kamenů pro dva hráče, kolečka a čtverečky, na čtvercové desce. Pochází z ruské sbírky úloh, jejíž obrázky se ztratily, takže zde jsou pravidla tak, jak je hraje tato aplikace.",
    rules_setup_title: "Začátek",
    rules_setup: "Deska má N×N polí, od 3×3 do 9×9 (5×5 je nejmenší zajímavá velikost a je výchozí). Každý hráč má N² kamenů, na začátku všechny v jedné věži ve svém domácím rohu: kolečka na a1 (vlevo nahoře), čtverečky v protějším rohu. Začínají kolečka.",
    rules_moves_title: "Tahy",
    rules_moves: "Vyberte svou věž výšky h ≥ 2 a zvedněte z ní k kamenů, 1 ≤ k ≤ h − 1: aspoň jeden kámen vždy zůstane, takže věž z jediného kamene nikdy netáhne. Zvednutá věž pak ujde přesně k kroků svisle či vodorovně, jedno pole na kámen, a zastaví se na posledním poli jako nová věž.",
    rules_walk: "Každé pole, na které vstoupí, musí být prázdné: nesmí přeskočit žádnou věž ani se na ní zastavit, vlastní ani soupeřovu (zbytek na výchozím poli je také věž). Nesmí se vrátit přímo na pole, ze kterého právě přišla, jinak ale smí křížit a opakovat vlastní cestu. Záleží jen na výchozím poli, k a poli dopadu; tahy se píší odkud:k:kam, např. a1:3:b3.",
    rules_parity: "Každý krok vede na pole opačné barvy (jako na šachovnici), takže barva pole dopadu závisí jen na tom, zda je k sudé, nebo liché.",
    rules_capture_title: "Braní",
    rules_capture: "Po tahu se podívejte z pole dopadu do čtyř směrů (svisle a vodorovně). Pokud na sousedních polích stojí souvislá řada jedné či více soupeřových věží a na poli za touto řadou stojí vaše věž, je řada obklíčena. Sebrána je, když jsou obě obkličující věže dohromady vyšší než celá řada (výšky po tahu; rovnost nestačí). Počítají se jen tyto dvě věže, ne ty za nimi. Sebrané věže odcházejí ze hry. Úhlopříčky nikdy neberou.",
    rules_capture_landing: "Bere jen věž, která právě dopadla: věž, která vstoupí do mezery mezi dvě soupeřovy, je v bezpečí, jako v jiných hrách s braním obklíčením. Kontrolují se všechny čtyři směry a bere se každá vyhovující řada, každá posouzená podle pozice před odebráním čehokoli. Je-li vzdálenou obkličující věží zbytek na výchozím poli téhož tahu, počítá se jen s kameny, které na něm zůstaly.",
    rules_corner: "Věž v rohu nelze nikdy sebrat a v domácím rohu vždy zůstane aspoň jeden kámen, takže nikdo nikdy nepřijde o vše.",
    rules_end_title: "Konec a výsledek",
    rules_end: "Kdo nemůže táhnout, pasuje, a druhý táhne dál sám. Hra končí, když nemůže táhnout ani jeden; skončí vždy, protože každý tah sníží součet hodnot (výška − 1) všech věží o jedna. Každý hráč získá tolik bodů, kolik polí obsadí svými věžemi, bez ohledu na jejich výšku; více polí vyhrává, shoda je remíza.",
    rules_notation_title: "Záznam",
    rules_notation: "Záznam partie tvoří tahy oddělené mezerami, vynucený pas se píše pass (vynechaný vynucený pas se při načítání přijme). Chybný nebo nepřípustný tah aplikace ohlásí s jeho číslem.",
    rules_source_note: "Text knihy je místy nejasný a obrázky se ztratily: všechna pravidla na této stránce jsou naším výkladem.",
};

/// The Opok rules page, Russian.
pub(super) const OPOK_RU: OpokRulesTable = OpokRulesTable {
    lang: Lang::Ru,
    rules_intro: "Опок — игра со столбиками фишек для двоих, кругов и квадратов, на квадратной доске. Она взята из русского сборника задач, рисунки которого утеряны, поэтому здесь правила такие, какими их понимает это приложение.",
    rules_setup_title: "Начало",
    rules_setup: "Доска N×N, от 3×3 до 9×9 (5×5 — самая маленькая интересная доска, она и выбрана по умолчанию). У каждого игрока N² фишек, и в начале все они стоят одним столбиком в домашнем углу: круги на a1 (слева сверху), квадраты в противоположном углу. Первыми ходят круги.",
    rules_moves_title: "Ходы",
    rules_moves: "Выберите свой столбик высотой h ≥ 2 и снимите с него k фишек, 1 ≤ k ≤ h − 1: хотя бы одна фишка всегда остаётся, поэтому столбик из одной фишки ходить не может. Снятый столбик проходит ровно k шагов по вертикали и горизонтали, по полю на фишку, и останавливается на последнем поле новым столбиком.",
    rules_walk: "Каждое поле, на которое он вступает, должно быть пустым: нельзя ни перешагнуть через другой столбик, свой или чужой, ни встать на него (остаток на исходном поле — тоже столбик). Нельзя вернуться на шаг назад, на поле, с которого столбик только что пришёл, но в остальном путь может пересекать и повторять сам себя. Важны только исходное поле, k и конечное поле; ходы записываются откуда:k:куда, например a1:3:b3.",
    rules_parity: "Каждый шаг ведёт на поле другого цвета (как на шахматной доске), поэтому цвет конечного поля зависит только от чётности k.",
    rules_capture_title: "Рубка",
    rules_capture: "После хода посмотрите с конечного поля в четырёх направлениях (по вертикали и горизонтали). Если соседние поля занимает непрерывный ряд из одного или нескольких столбиков соперника, а на поле за этим рядом стоит ваш столбик, ряд взят в захват. Он срублен, если два охватывающих столбика вместе строго выше всего ряда (высоты после хода). Считаются только эти два столбика, а не стоящие за ними. Срубленные столбики уходят из игры. Диагонали в рубке не участвуют.",
    rules_capture_landing: "Рубит только пришедший столбик: столбик, вставший в промежуток между двумя столбиками соперника, в безопасности, как в других играх с захватом. Проверяются все четыре направления, срубается каждый подходящий ряд, и каждый оценивается по позиции до снятия фишек. Если дальний охватывающий столбик — остаток на исходном поле того же хода, он считается с оставшимися на нём фишками.",
    rules_corner: "Столбик в углу срубить нельзя, а в домашнем углу всегда остаётся хотя бы одна фишка, так что никто не теряет всё.",
    rules_end_title: "Конец и результат",
    rules_end: "Игрок, который не может ходить, пасует, а другой продолжает ходить один. Игра заканчивается, когда ходить не может никто; она всегда заканчивается, потому что каждый ход уменьшает сумму (высота − 1) по всем столбикам на единицу. Каждый получает столько очков, сколько полей заняли его столбики, независимо от их высоты; побеждает тот, у кого больше полей, равенство — ничья.",
    rules_notation_title: "Запись",
    rules_notation: "Запись партии — ходы через пробел, вынужденный пас пишется pass (пропущенный вынужденный пас при загрузке принимается). О неверном или недопустимом ходе сообщается с его номером.",
    rules_source_note: "Текст книги местами неясен, а рисунки утеряны: все правила на этой странице — наше толкование.",
};

/// The take-away games' rules page, English.
pub(super) const NIM_EN: NimRulesTable = NimRulesTable {
    lang: Lang::En,
    rules_limits_title: "Heaps of any size",
    rules_limits: "A heap may hold any number of tokens up to 18 446 744 073 709 551 615, and a sum has at most 64 heaps; values and winning moves come from the formulas above, instantly at any size. A subtraction set is answered through its period, which the app looks for among the first 16 777 216 values; a set whose period lies further out is refused. Misère sums other than Nim are solved by a search with a budget; when it runs out the app says so, and the computer plays by normal-play theory.",
    rules_intro: "Two players take turns removing tokens from heaps. Both always have the same moves (the games are impartial); a move takes at least one token from one heap, as that heap's rule allows.",
    rules_play_title: "Winning",
    rules_play: "Normal play: the player who cannot move loses. With Aliquot, Half, Even/Odd and sets without 1 a heap can be stuck with tokens left, so this is not always the same as taking the last token. Misère play: the player who makes the last move loses, and a player who cannot move at all wins.",
    rules_table_title: "The rules (c tokens taken from a heap of n)",
    rules_pn_title: "P- and N-positions",
    rules_pn: "A position where nobody can move is a P-position (the previous player has won). A position is an N-position (the next player wins) exactly when some move reaches a P-position; otherwise it is a P-position.",
    rules_sg_title: "The Sprague–Grundy function",
    rules_sg: "g(x) is the smallest non-negative number that is not the value of a position reachable in one move (the mex). Positions without moves have g = 0, and g = 0 exactly at P-positions.",
    rules_sum_title: "Sums of games",
    rules_sum: "A move in a sum of games is a move in one of them. The value of a sum is the nim-sum (XOR: binary addition without carrying) of the values of its parts, so a sum is a P-position exactly when the nim-sum is 0. In Nim g(n) = n.",
    rules_example: "Example from the source: heaps (11, 5, 12, 20) have nim-sum 22, an N-position; the only winning move takes 18 from the heap of 20.",
    rules_misere_title: "Misère play",
    rules_misere: "Sprague–Grundy theory does not decide misère sums in general. Misère Nim has a classic rule: play as in normal Nim unless the move would leave only heaps of one token; then leave an odd number of them. Other misère sums are solved here by searching the positions.",
    rules_closed_title: "Known values",
    rules_closed: "Dim: g(n) = ν₂(n) + 1 (ν₂ counts the trailing zero bits); Aliquot: g(n) = ν₂(n); Half: g(2m) = m, g(2m+1) = g(m); Even/Odd: g(2m+1) = m + 1, g(2m) = m − 1; subtraction sets are eventually periodic, e.g. {1,2,3}: g(n) = n mod 4.",
};

/// The take-away games' rules page, Czech.
pub(super) const NIM_CS: NimRulesTable = NimRulesTable {
    lang: Lang::Cs,
    rules_limits_title: "Hromádky libovolné velikosti",
    rules_limits: "Hromádka může mít až 18 446 744 073 709 551 615 žetonů a součet nejvýše 64 hromádek; hodnoty a vítězné tahy dávají vzorce výše, okamžitě pro jakoukoli velikost. Odebírací množinu aplikace počítá přes její periodu, kterou hledá mezi prvními 16 777 216 hodnotami; množinu s periodou dál odmítne. Součty v misère jiné než Nim se řeší prohledáváním s omezeným rozpočtem; když rozpočet nestačí, aplikace to oznámí a počítač hraje podle teorie normální hry.",
    rules_intro: "Dva hráči střídavě odebírají žetony z hromádek. Oba mají vždy stejné tahy (hry jsou nestranné); tah odebere aspoň jeden žeton z jedné hromádky, jak dovoluje její pravidlo.",
    rules_play_title: "Výhra",
    rules_play: "Normální hra: kdo nemůže táhnout, prohrává. U pravidel Aliquot, Polovina, Sudá/lichá a množin bez 1 může hromádka uvíznout se žetony, takže to není vždy totéž jako vzít poslední žeton. Misère: kdo provede poslední tah, prohrává, a kdo nemůže táhnout vůbec, vyhrává.",
    rules_table_title: "Pravidla (c žetonů z hromádky n)",
    rules_pn_title: "P-pozice a N-pozice",
    rules_pn: "Pozice, ze které nelze táhnout, je P-pozice (vyhrál předchozí hráč). Pozice je N-pozice (vyhraje hráč na tahu) právě tehdy, když z ní nějaký tah vede do P-pozice; jinak je to P-pozice.",
    rules_sg_title: "Funkce Sprague–Grundy",
    rules_sg: "g(x) je nejmenší nezáporné číslo, které není hodnotou žádné pozice dosažitelné jedním tahem (mex). Pozice bez tahů mají g = 0 a g = 0 je přesně v P-pozicích.",
    rules_sum_title: "Součty her",
    rules_sum: "Tah v součtu her je tah v jedné z nich. Hodnota součtu je nim-součet (XOR: dvojkové sčítání bez přenosu) hodnot jeho částí, takže součet je P-pozice právě tehdy, když je nim-součet 0. V Nimu platí g(n) = n.",
    rules_example: "Příklad z předlohy: hromádky (11, 5, 12, 20) mají nim-součet 22, jde o N-pozici; jediný vítězný tah odebere 18 z hromádky 20.",
    rules_misere_title: "Hra misère",
    rules_misere: "Teorie Sprague–Grundy obecně nerozhoduje součty v misère. Misère Nim má klasické pravidlo: hrajte jako v normálním Nimu, pokud by tah nenechal jen hromádky s jedním žetonem; pak nechte lichý počet takových hromádek. Ostatní součty v misère se zde řeší prohledáním pozic.",
    rules_closed_title: "Známé hodnoty",
    rules_closed: "Dim: g(n) = ν₂(n) + 1 (ν₂ počítá koncové nulové bity); Aliquot: g(n) = ν₂(n); Polovina: g(2m) = m, g(2m+1) = g(m); Sudá/lichá: g(2m+1) = m + 1, g(2m) = m − 1; odebírací množiny jsou od jistého místa periodické, např. {1,2,3}: g(n) = n mod 4.",
};

/// The take-away games' rules page, Russian.
pub(super) const NIM_RU: NimRulesTable = NimRulesTable {
    lang: Lang::Ru,
    rules_limits_title: "Кучки любого размера",
    rules_limits: "В кучке может быть до 18 446 744 073 709 551 615 фишек, в сумме — не больше 64 кучек; значения и выигрывающие ходы дают формулы выше, мгновенно при любом размере. Множество вычитания считается через его период, который приложение ищет среди первых 16 777 216 значений; множество с периодом дальше отклоняется. Мизерные суммы, кроме нима, решаются перебором с ограниченным бюджетом; если его не хватает, приложение сообщает об этом, а компьютер играет по теории обычной игры.",
    rules_intro: "Двое по очереди берут фишки из кучек. У обоих всегда одни и те же ходы (игры беспристрастны); ход забирает хотя бы одну фишку из одной кучки, как разрешает её правило.",
    rules_play_title: "Выигрыш",
    rules_play: "Обычная игра: кто не может сделать ход, проигрывает. В аликвоте, половине, чёт/нечете и множествах без 1 кучка может застрять с фишками, так что это не всегда то же, что взять последнюю фишку. Мизер: кто делает последний ход, проигрывает, а кто не может сделать ни одного хода, выигрывает.",
    rules_table_title: "Правила (c фишек из кучки n)",
    rules_pn_title: "P- и N-позиции",
    rules_pn: "Позиция, из которой нет ходов, — P-позиция (выиграл предыдущий игрок). Позиция — N-позиция (выигрывает следующий) ровно тогда, когда какой-то ход ведёт в P-позицию; иначе это P-позиция.",
    rules_sg_title: "Функция Шпрага–Гранди",
    rules_sg: "g(x) — наименьшее неотрицательное число, не равное значению ни одной позиции, достижимой одним ходом (mex). У позиций без ходов g = 0, и g = 0 ровно в P-позициях.",
    rules_sum_title: "Суммы игр",
    rules_sum: "Ход в сумме игр — ход в одной из них. Значение суммы — ним-сумма (XOR: двоичное сложение без переносов) значений её частей, поэтому сумма — P-позиция ровно тогда, когда ним-сумма равна 0. В ниме g(n) = n.",
    rules_example: "Пример из текста: кучки (11, 5, 12, 20) имеют ним-сумму 22, это N-позиция; единственный выигрывающий ход берёт 18 из кучки 20.",
    rules_misere_title: "Мизер",
    rules_misere: "Теория Шпрага–Гранди в общем случае не решает мизерные суммы. Для мизерного нима есть классическое правило: играйте как в обычном ниме, пока ход не оставит только кучки из одной фишки; тогда оставьте нечётное число таких кучек. Другие мизерные суммы здесь решаются перебором позиций.",
    rules_closed_title: "Известные значения",
    rules_closed: "Дим: g(n) = ν₂(n) + 1 (ν₂ — число нулевых битов в конце); аликвота: g(n) = ν₂(n); половина: g(2m) = m, g(2m+1) = g(m); чёт/нечет: g(2m+1) = m + 1, g(2m) = m − 1; множества вычитания с некоторого места периодичны, например {1,2,3}: g(n) = n mod 4.",
};
