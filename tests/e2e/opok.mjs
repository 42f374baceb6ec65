// End-to-end tests of the Opok page in the served release build.
import {
  serveDist, launchBrowser, freshPage, run, assert, count, moveCount, spoken, shot, paste,
  waitForHuman as waitForHumanOn, playToTheEnd as playWholeGame,
  closeAll,
} from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();

async function open(fragment, viewport) {
  const page = await freshPage(browser, viewport);
  await page.goto(server.url + fragment);
  await page.waitForSelector(".opok .board .square");
  return page;
}

const waitForHuman = (page, timeout) => waitForHumanOn(page, ".square.movable", timeout);

const focused = (page) => page.evaluate(() => document.activeElement?.dataset?.square);

/** Moves the keyboard cursor to `target` with the arrow keys. */
async function arrowTo(page, target) {
  const from = await focused(page);
  const dx = target.charCodeAt(0) - from.charCodeAt(0);
  const dy = Number(target.slice(1)) - Number(from.slice(1));
  for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? "ArrowRight" : "ArrowLeft");
  for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? "ArrowDown" : "ArrowUp");
  assert((await focused(page)) === target, `cursor on ${target}`);
}

/** Plays a whole game; `move` makes one human move. Returns the result line. */
const playToTheEnd = (page, move) => playWholeGame(page, ".square.movable", move, 60);

function checkResult(result, circles, squares) {
  const m = result.match(/(\d+)–(\d+)/);
  assert(m, `result: ${result}`);
  const winner = circles > squares ? "Circles win" : squares > circles ? "Squares win" : "Draw";
  assert(result.includes(winner), `${result} with ${circles}–${squares}`);
  assert(Number(m[1]) === Math.max(circles, squares) && Number(m[2]) === Math.min(circles, squares), result);
}

// Found by random play: after these moves Circles play c4:9:e3 and capture
// the squares stack on e2; after the second record Circles must pass.
const beforeCapture = "a1:13:c4 e5:14:b4 a1:8:e1 b4:4:d2 a1:3:c2 e5:9:e2";
const beforePass = "a1:3:a2 e5:7:d3 a2:2:b3 e5:11:b1 b3:1:c3 e5:4:e3";

let failed = 1;
try {
  failed = await run({
    "the start: two stacks of 25 on their home corners": async () => {
      const page = await open("#/opok?squares=human");
      assert((await page.$$(".opok .board .square")).length === 25, "5×5");
      assert((await page.getAttribute("[data-square=a1]", "aria-label")) === "a1, Circles, height 25, can move", "a1 label");
      assert((await page.getAttribute("[data-square=e5]", "aria-label")) === "e5, Squares, height 25", "e5 label");
      assert((await count(page, "circles")) === 1 && (await count(page, "squares")) === 1, "1–1");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a whole game against the computer by clicking": async () => {
      const page = await open("#/opok?circles=human&squares=c1");
      const result = await playToTheEnd(page, async () => {
        await (await page.$$(".square.movable"))[0].click();
        await page.waitForSelector(".square.landing");
        const landings = await page.$$(".square.landing");
        await landings[landings.length - 1].click();
      });
      checkResult(result, await count(page, "circles"), await count(page, "squares"));
      assert((await spoken(page, (t) => t.includes("Game over"))).includes("Game over"), "the end is announced");
      await shot(page, "opok-game-over");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a whole game against the computer by keyboard": async () => {
      const page = await open("#/opok?circles=human&squares=c1&size=4");
      for (let i = 0; i < 40 && !(await focused(page)); i++) await page.keyboard.press("Tab");
      assert((await focused(page)) === "a1", "the board's tab stop");
      const result = await playToTheEnd(page, async () => {
        if (!(await focused(page))) await page.focus("[data-square=a1]");
        const stack = await page.$eval(".square.movable", (e) => e.dataset.square);
        await arrowTo(page, stack);
        await page.keyboard.press("Enter");
        await page.waitForSelector(".square.landing");
        // The pieces to lift: a digit picks the number (the page moves to
        // the nearest number that can land).
        await page.keyboard.press("1");
        const landing = await page.$eval(".square.landing", (e) => e.dataset.square);
        await arrowTo(page, landing);
        await page.keyboard.press(" ");
      });
      checkResult(result, await count(page, "circles"), await count(page, "squares"));
    },

    "choosing how many pieces to lift and capturing": async () => {
      const page = await open(`#/opok?squares=human&moves=${beforeCapture.replaceAll(" ", ",")}`);
      assert((await count(page, "squares")) === 4, "four squares stacks before");
      await page.click("[data-square=c4]");
      await page.fill("#lift", "9");
      await page.dispatchEvent("#lift", "input");
      await page.waitForSelector("[data-square=e3].landing");
      await shot(page, "opok-choosing");
      await page.click("[data-square=e3]");
      assert((await count(page, "squares")) === 3, "e2 was captured");
      assert(!(await page.$("[data-square=e2] .stack:not(.leaving)")), "e2 is empty");
      const said = await spoken(page, (t) => t === "Circles c4:9:e3. Captures e2 (9).");
      assert(said === "Circles c4:9:e3. Captures e2 (9).", said);
      assert((await page.getAttribute("[data-square=e2]", "aria-label")).includes("just captured"), "marked");
      await shot(page, "opok-capture");
    },

    "a person who must pass is told and confirms": async () => {
      const page = await open(`#/opok?squares=c1&moves=${beforePass.replaceAll(" ", ",")}`);
      const prompt = await page.textContent(".pass-notice");
      assert(prompt.includes("Circles cannot move and must pass"), prompt);
      assert((await page.$$(".square.movable")).length === 0, "nothing to move");
      await page.click("button.pass");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length >= 8, null, { timeout: 20000 });
      assert((await page.textContent("[data-testid=moves]")).includes("pass"), "the pass is recorded");
    },

    "pasting a record loads it; a bad one is refused": async () => {
      const page = await open("#/opok?squares=human");
      await paste(page, "a1:3:b3 e5:1:e4");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 2);
      await paste(page, "a1:3:b3 e5:1:zz");
      const notice = await page.textContent("[data-testid=notice]");
      assert(notice.includes("Move 2 (e5:1:zz): not a move"), notice);
      await paste(page, "a1:2:b1");
      assert((await page.textContent("[data-testid=notice]")).includes("Move 1 (a1:2:b1): illegal for Circles"), "illegal named");
      assert((await moveCount(page)) === 2, "the game is kept");
    },

    "share link, reload and undo": async () => {
      const page = await open("#/opok?squares=human&size=6");
      await paste(page, "a1:3:b3 f6:1:f5 b3:1:b4");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 3);
      await page.click("button.undo");
      const href = await page.getAttribute("[data-testid=share-link]", "href");
      const copy = await open(href.slice(server.url.length));
      assert((await copy.$$(".opok .board .square")).length === 36, "6×6");
      assert((await moveCount(copy)) === 3 && (await copy.textContent(".move.current")).startsWith("2."), "same line and cursor");
      await copy.reload();
      await copy.waitForSelector(".opok .board .square");
      assert((await moveCount(copy)) === 3, "restored after reload");
    },

    "the rules page shows the capture examples": async () => {
      const page = await freshPage(browser);
      await page.goto(server.url + "#/opok/rules");
      await page.waitForSelector("[data-testid=diagrams]");
      const verdicts = await page.$$eval(".diagram strong", (els) => els.map((e) => e.textContent));
      assert(verdicts.filter((v) => v === "Captured").length === 4, `verdicts ${verdicts}`);
      assert((await page.textContent(".opok-rules")).includes("Our interpretation"), "interpretations shown");
      await shot(page, "opok-rules");
    },

    "phone layout and Czech": async () => {
      const page = await open("#/opok?squares=human&size=9", { width: 360, height: 740 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= 360, `no sideways scrolling (${width} px)`);
      const size = await page.$eval("[data-square=a1]", (e) => e.getBoundingClientRect().width);
      assert(size >= 39, `9×9 squares ${size} px`);
      await page.selectOption("#language", "cs");
      await page.waitForFunction(() => document.documentElement.lang === "cs");
      assert((await page.getAttribute("[data-square=a1]", "aria-label")).startsWith("a1, věž koleček, výška 81"), "Czech label");
      await shot(page, "opok-phone-czech");
    },
  });
} finally {
  await closeAll({ browser, server });
}
process.exit(failed ? 1 : 0);
