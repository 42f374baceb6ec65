// End-to-end tests of the Othello page: the release build served on
// loopback, driven in headless Chromium. Screenshots go to artifacts/.
import {
  serveDist, launchBrowser, freshPage, run, assert, count, moveCount, movesReach, liveText, liveMessages, spoken, shot, paste,
  waitForHuman as waitForHumanOn, playToTheEnd as playWholeGame,
  closeAll,
} from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();

/** Opens the app at `fragment` (e.g. "#/othello?white=human"). */
async function open(fragment = "#/othello", viewport) {
  const page = await freshPage(browser, viewport);
  await page.goto(server.url + fragment);
  await page.waitForSelector(".board .square");
  return page;
}

const boardString = async (page) => page.inputValue("[data-testid=board-string]");

const waitForHuman = (page, timeout) => waitForHumanOn(page, ".square.legal", timeout);

/** A board where the side to move has no move but the other side has. */
const blackMustPass = "O".repeat(61) + "X--";
const whiteMustPass = "X".repeat(61) + "O--";

let failed = 1;
try {
  failed = await run({
    "the start position shows four legal moves": async () => {
      const page = await open("#/othello?white=human");
      assert((await page.$$(".board .square")).length === 64, "64 squares");
      const legal = await page.$$eval(".square.legal", (els) => els.map((e) => e.dataset.square).sort());
      assert(JSON.stringify(legal) === JSON.stringify(["c4", "d3", "e6", "f5"]), `legal moves ${legal}`);
      assert((await count(page, "black")) === 2 && (await count(page, "white")) === 2, "2–2");
      const label = await page.getAttribute("[data-square=d3]", "aria-label");
      assert(label === "d3, empty, legal move", `label ${label}`);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a whole game against the computer to the end": async () => {
      const page = await open("#/othello?black=human&white=c1");
      const result = await playWholeGame(page, ".square.legal", async () => (await page.$$(".square.legal"))[0].click());
      const scores = result.match(/(\d+)–(\d+)/);
      assert(scores, `result line: ${result}`);
      assert(Number(scores[1]) + Number(scores[2]) === 64, `world scoring sums to 64: ${result}`);
      assert(Number(scores[1]) >= Number(scores[2]), `winner first: ${result}`);
      const black = await count(page, "black");
      const white = await count(page, "white");
      const winner = black > white ? "Black wins" : white > black ? "White wins" : "Draw";
      assert(result.includes(winner), `${result} with ${black}–${white} discs`);
      assert((await spoken(page, (t) => t.includes("Game over"))).includes("Game over"), "the end is announced");
      await shot(page, "othello-game-over");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a person who must pass is told why and confirms": async () => {
      const page = await open(`#/othello?start=${blackMustPass}X&white=c1`);
      const prompt = await page.textContent(".pass-notice");
      assert(prompt.includes("Black has no legal move and must pass"), prompt);
      assert((await page.$$(".square.legal")).length === 0, "no square is playable");
      await shot(page, "othello-pass-prompt");
      await page.click("button.pass");
      // White (the computer) then takes g8 and the game ends.
      await page.waitForSelector(".result", { timeout: 20000 });
      const result = await page.textContent(".result");
      assert(result.includes("White wins 64–0"), result);
    },

    "the computer's pass is announced": async () => {
      const page = await open(`#/othello?start=${whiteMustPass}O&black=human&white=c5`);
      await page.waitForFunction(() => document.querySelector("#live").textContent.includes("passes"), null, { timeout: 20000 });
      const said = await liveText(page);
      assert(said.includes("Computer (White) has no legal move and passes"), said);
      assert((await page.textContent("[data-testid=moves]")).includes("pass"), "the pass is in the move list");
      assert((await page.$$(".square.legal")).length === 1, "black can play h8");
    },

    "undo takes back the move and the reply; redo replays them": async () => {
      const page = await open("#/othello?white=c1");
      for (let i = 0; i < 2; i++) {
        await waitForHuman(page);
        const before = await moveCount(page);
        await (await page.$$(".square.legal"))[0].click();
        await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length >= n + 2, before);
      }
      const after = await boardString(page);
      assert((await moveCount(page)) === 4, "4 moves played");
      await page.click("button.undo");
      assert((await page.$$(".move.current")).length === 1, "one current move");
      assert((await page.textContent(".move.current")).startsWith("2."), "back to after move 2");
      await page.click("button.undo");
      assert((await page.textContent(".move.current")).includes("Start"), "back to the start");
      await page.click("button.redo");
      await page.click("button.redo");
      assert((await boardString(page)) === after, "redo restores the position");
      // A new move after going back replaces the old line.
      await page.click("button.undo");
      const legal = await page.$$eval(".square.legal", (els) => els.map((e) => e.dataset.square));
      const other = legal[legal.length - 1];
      await page.click(`[data-square=${other}]`);
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 4);
      assert(!(await page.$(".move.future")), "no stale continuation");
    },

    "pasting a transcript loads it; a bad one is refused and the game kept": async () => {
      const page = await open("#/othello?white=human");
      await paste(page, "1. F5 d6 2. c3 D3 c4");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 5);
      const good = await boardString(page);
      await paste(page, "f5 d6 c9");
      const notice = await page.textContent("[data-testid=notice]");
      assert(notice.includes("Move 3 (c9, character 7): not a square."), notice);
      assert((await boardString(page)) === good, "the game is kept");
      await paste(page, "f5 d6 a1");
      assert((await page.textContent("[data-testid=notice]")).includes("Move 3 (a1): illegal for Black."), "illegal move named");
      assert((await moveCount(page)) === 5, "still 5 moves");
    },

    "a share link restores the game exactly; a tampered one keeps the game": async () => {
      const page = await open("#/othello?white=human&size=6&variant=anti");
      for (const square of ["c2", "b4", "c5"]) {
        await page.click(`[data-square=${square}]`);
      }
      await page.click("button.undo");
      const href = await page.getAttribute("[data-testid=share-link]", "href");
      assert(href.includes("size=6") && href.includes("variant=anti") && href.includes("at=2"), href);
      const copy = await open(href.slice(server.url.length));
      assert((await boardString(copy)) === (await boardString(page)), "same position");
      assert((await moveCount(copy)) === 3, "same line");
      assert((await copy.textContent(".move.current")).startsWith("2."), "same cursor");
      assert((await copy.$$(".board .square")).length === 36, "6×6");
      const bad = await open("#/othello?size=8&moves=f5d6zz");
      const notice = await bad.textContent("[data-testid=notice]");
      assert(notice.includes("This link does not describe a valid game"), notice);
      assert((await moveCount(bad)) === 0, "a fresh board when nothing was saved");
      // With a game in progress, a bad link keeps it.
      await copy.goto(server.url + "#/othello?moves=f5%C2%B2");
      await copy.waitForSelector("[data-testid=notice]");
      assert((await copy.textContent("[data-testid=notice]")).includes("The game you had is still here"), "kept");
      assert((await moveCount(copy)) === 3 && (await boardString(copy)) === (await boardString(page)), "the same game");
    },

    "a reload restores the game; a corrupt save is reported and set aside": async () => {
      const page = await open("#/othello?white=human");
      for (const square of ["f5", "d6", "c3"]) {
        await page.click(`[data-square=${square}]`);
      }
      const before = await boardString(page);
      await page.reload();
      await page.waitForSelector(".board .square");
      assert((await boardString(page)) === before, "same position after reload");
      assert((await moveCount(page)) === 3, "same moves");
      await page.evaluate(() => localStorage.setItem("mind-sports.othello.game", '{"version":1,"settings":'));
      await page.reload();
      await page.waitForSelector(".board .square");
      const notice = await page.textContent("[data-testid=notice]");
      assert(notice.includes("could not be restored"), notice);
      assert((await moveCount(page)) === 0, "a fresh game");
      const saved = await page.evaluate(() => localStorage.getItem("mind-sports.othello.game"));
      assert(saved && JSON.parse(saved).version === 1, "a valid save replaced the corrupt one");
      const aside = await page.evaluate(() => localStorage.getItem("mind-sports.othello.game.unreadable"));
      assert(aside === '{"version":1,"settings":', "the unreadable save is kept aside");
    },

    "keyboard-only play": async () => {
      const page = await open("#/othello?white=human");
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate(() => document.activeElement?.dataset?.square)) break;
      }
      assert((await page.evaluate(() => document.activeElement.dataset.square)) === "d3", "the board's tab stop is the cursor");
      await page.keyboard.press("Enter");
      assert((await movesReach(page, 1)) === 1, "Enter played d3");
      {
        const said = await spoken(page, (t) => t === "Black d3, flips d4.");
        assert(said === "Black d3, flips d4.", said);
      }
      // Arrows move the cursor; "m" jumps to the next legal move.
      await page.keyboard.press("ArrowRight");
      assert((await page.evaluate(() => document.activeElement.dataset.square)) === "e3", "arrow right");
      await page.keyboard.press("m");
      const target = await page.evaluate(() => document.activeElement.dataset.square);
      assert(["c3", "e3", "c5"].includes(target) || target > "e3", `next legal ${target}`);
      const label = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
      assert(label.endsWith("legal move"), label);
      await page.keyboard.press(" ");
      assert((await movesReach(page, 2)) === 2, "Space played");
      await page.keyboard.press("m");
      await page.keyboard.press("Enter");
      assert((await movesReach(page, 3)) === 3, "third move");
      await page.keyboard.press("u");
      assert((await page.textContent(".move.current")).startsWith("2."), "u undoes");
      await page.keyboard.press("s");
      await page.waitForFunction(() => document.querySelector("#live").textContent.includes("Black"));
      {
        const said = await spoken(page, (t) => t.startsWith("Black "));
        assert(said.startsWith("Black "), said);
      }
      await page.keyboard.press("l");
      {
        const said = await spoken(page, (t) => t.startsWith("Last move: White"));
        assert(said.startsWith("Last move: White"), said);
      }
      // The typed-move box.
      await page.fill("#move-input", "");
      const legal = await page.$$eval(".square.legal", (els) => els.map((e) => e.dataset.square));
      await page.fill("#move-input", legal[0].toUpperCase());
      await page.press("#move-input", "Enter");
      assert((await moveCount(page)) === 3, "typed move played");
    },

    "the live region speaks every move, repeats included": async () => {
      const page = await open("#/othello?white=human");
      await page.click("[data-square=f5]");
      {
        const said = await spoken(page, (t) => t === "Black f5, flips e5.");
        assert(said === "Black f5, flips e5.", said);
      }
      await page.keyboard.press("s");
      await page.waitForFunction(() => /Black 4/.test(document.querySelector("#live > :last-child")?.textContent));
      await page.keyboard.press("s");
      await page.waitForFunction(() => [...document.querySelectorAll("#live > [data-said]")].filter((p) => /Black 4/.test(p.textContent)).length === 2);
      const [first, second] = (await liveMessages(page)).slice(-2);
      assert(first.n !== second.n && first.text === second.text, `a repeated message is a new one: ${JSON.stringify([first, second])}`);
      assert((await page.getAttribute("#live", "aria-live")) === "polite", "polite");
    },

    "the language switch changes every text and is remembered": async () => {
      const page = await open("#/othello?white=human");
      await page.selectOption("#language", "cs");
      await page.waitForFunction(() => document.documentElement.lang === "cs");
      assert((await page.textContent("button.new-game")) === "Nová hra", "Czech button");
      assert((await page.textContent(".turn")).includes("Jste na tahu"), "Czech status");
      assert((await page.getAttribute("[data-square=d3]", "aria-label")) === "d3, prázdné, možný tah", "Czech square name");
      await shot(page, "othello-czech");
      await page.reload();
      await page.waitForSelector(".board .square");
      assert((await page.textContent("button.new-game")) === "Nová hra", "remembered");
      await page.selectOption("#language", "ru");
      await page.waitForFunction(() => document.documentElement.lang === "ru");
      assert((await page.textContent("button.new-game")) === "Новая игра", "Russian");
      await page.click("[data-square=d3]");
      {
        const said = await spoken(page, (t) => t.startsWith("Чёрные d3"));
        assert(said.startsWith("Чёрные d3"), said);
      }
    },

    "a browser in Czech starts in Czech": async () => {
      const page = await freshPage(browser, { width: 1000, height: 800 }, { locale: "cs-CZ" });
      await page.goto(server.url + "#/");
      await page.waitForSelector(".game-card");
      assert((await page.textContent(".game-card .button.primary")) === "Hrát", "Czech home page");
    },

    "the page stays responsive while the computer thinks; move now plays at once": async () => {
      const page = await freshPage(browser);
      await page.addInitScript(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: "longtask", buffered: true });
      });
      await page.goto(server.url + "#/othello?white=c7&time=3000");
      await page.waitForSelector(".board .square");
      await page.waitForTimeout(500);
      const start = await page.evaluate(() => performance.now());
      await page.click("[data-square=f5]");
      await page.waitForFunction(() => document.querySelector("[data-testid=thinking]"), null, { timeout: 10000 });
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 2, null, { timeout: 20000 });
      const end = await page.evaluate(() => performance.now());
      const tasks = await page.evaluate(([s, e]) => window.__longTasks.filter((t) => t.start >= s && t.start <= e), [start, end]);
      const longest = Math.max(0, ...tasks.map((t) => t.duration));
      console.log(`     main-thread tasks over 50 ms during ${Math.round(end - start)} ms of thinking: ${tasks.length} (longest ${Math.round(longest)} ms)`);
      // Usually none at all; on two cores with the worker on one, the
      // system now and then holds the page's thread back, so the limit is
      // the one users notice: an input answered within 100 ms (RAIL).
      assert(longest < 100, `long tasks: ${JSON.stringify(tasks)}`);
      // Move now: the computer answers within a moment instead of 30 s.
      await page.evaluate(() => {
        location.hash = "#/othello?white=c7&time=30000";
      });
      await page.reload();
      await page.waitForSelector(".board .square");
      await page.click("[data-square=f5]");
      await page.waitForFunction(() => document.querySelector("[data-testid=thinking]"), null, { timeout: 10000 });
      const clicked = Date.now();
      await page.click("button.move-now");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 2, null, { timeout: 5000 });
      assert(Date.now() - clicked < 3000, "move now answered at once");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a selective endgame solve shows how sure it is": async () => {
      // FFO #45, 24 empties, Black to move: the strongest level climbs from
      // its loosest selective solve towards exact, and the panel says so.
      const ffo45 = "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO--";
      const page = await freshPage(browser);
      await page.addInitScript(() => {
        window.__depths = [];
        new MutationObserver(() => {
          const depth = document.querySelector("[data-testid=thinking] dd");
          if (depth && window.__depths.at(-1) !== depth.textContent) window.__depths.push(depth.textContent);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto(server.url + `#/othello?start=${ffo45}X&black=c7&white=human&time=1000`);
      await page.waitForFunction(() => window.__depths.some((d) => /selective, \d+% sure/.test(d)), null, { timeout: 20000 });
      await shot(page, "othello-desktop-selective");
      // The move comes within the plan's eight per-move times (the page's
      // watchdog once took that for a hung worker and gave up).
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 1, null, { timeout: 30000 });
      const depths = await page.evaluate(() => window.__depths);
      console.log(`     depths shown: ${depths.join(" | ")}`);
      assert(depths.some((d) => /^24 \(selective, (86|93|97|99)% sure\)$/.test(d)), depths.join(" | "));
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "hints show an evaluation on every legal move": async () => {
      const page = await open("#/othello?white=human");
      await page.click("button.hints");
      await page.waitForFunction(() => document.querySelectorAll(".hint").length === 4, null, { timeout: 15000 });
      assert((await page.$$(".hint.best")).length >= 1, "the best move is marked");
      const label = await page.getAttribute(".square.best", "aria-label");
      assert(/evaluation [+-]\d/.test(label) && label.includes("best"), label);
      await page.waitForSelector("[data-testid=graph]");
      await shot(page, "othello-desktop-hints");
    },

    "the editor sets up a position to play from": async () => {
      const page = await open("#/othello?white=human");
      await page.click("button.edit-position");
      await page.click("#paint-black");
      await page.click(".editor [data-square=a1]");
      await page.click("#side-white");
      await page.click("button.play-from-here");
      await page.waitForSelector(".board .square");
      const board = await boardString(page);
      assert(board.startsWith("X") && board.endsWith(" O"), board);
      // An impossible position is refused with a reason.
      await page.click("button.edit-position");
      await page.click("#paint-empty");
      await page.click(".editor [data-square=d4]");
      await page.click("button.play-from-here");
      const notice = await page.textContent(".editor .notice");
      assert(notice.includes("Centre square d4 is empty"), notice);
    },

    "the new-game dialog sets size, variant and players": async () => {
      const page = await open("#/othello?white=human");
      // Keyboard: N opens it, Escape closes it and focus returns.
      await page.keyboard.press("n");
      await page.waitForSelector("[role=dialog]");
      assert(await page.evaluate(() => document.activeElement.closest("[role=dialog]") !== null), "focus in the dialog");
      await page.keyboard.press("Escape");
      assert(!(await page.$("[role=dialog]")), "Escape closes");
      assert(await page.evaluate(() => document.activeElement.classList.contains("new-game")), "focus returns");
      await page.click("button.new-game");
      await page.check("#size-6");
      await page.selectOption("#variant", "anti");
      await page.selectOption("#white-player", "c2");
      await shot(page, "othello-new-game-dialog");
      await page.click("button.start-game");
      assert((await page.$$(".board .square")).length === 36, "6×6");
      await page.click(".square.legal");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 2, null, { timeout: 10000 });
    },

    "the rules page exercise counts the moves found": async () => {
      const rules = await freshPage(browser);
      await rules.goto(server.url + "#/othello/rules");
      await rules.waitForSelector(".exercise .square");
      await rules.click(".exercise [data-square=e2]");
      assert((await rules.textContent("[data-testid=exercise-message]")).includes("e2 flips e3 e4"), "right move explained");
      await rules.click(".exercise [data-square=a1]");
      assert((await rules.textContent("[data-testid=exercise-message]")).includes("not a legal move"), "wrong move");
      for (const s of ["b3", "c3", "f3", "b4", "f4", "b5", "g5", "g6"]) await rules.click(`.exercise [data-square=${s}]`);
      assert((await rules.textContent("[data-testid=exercise-count]")) === "Found 9 of 9.", "all found");
      assert((await rules.textContent("[data-testid=exercise-message]")).includes("All 9 found"), "done");
      await shot(rules, "othello-rules");
    },

    "screenshots of the main screens on a phone and in high contrast": async () => {
      const phone = await open("#/othello?white=human", { width: 360, height: 740 });
      await phone.click("[data-square=d3]");
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= 360, `no sideways scrolling on a phone (${width} px)`);
      const size = await phone.$eval("[data-square=a1]", (e) => e.getBoundingClientRect().width);
      assert(size >= 44, `touch targets ${size} px`);
      await shot(phone, "othello-phone");
      await phone.goto(server.url + "#/othello/rules");
      await phone.waitForSelector(".exercise");
      await shot(phone, "othello-rules-phone");
      const contrast = await open("#/othello?white=human");
      await contrast.click("button.contrast-toggle");
      await contrast.click("[data-square=d3]");
      await shot(contrast, "othello-high-contrast");
      const home = await open("#/othello");
      await home.goto(server.url + "#/");
      await home.waitForSelector(".game-card");
      await shot(home, "home");
    },
  });
} finally {
  await closeAll({ browser, server });
}
process.exit(failed ? 1 : 0);
