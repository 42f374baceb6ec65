// End-to-end tests of the page's search workers (issue 30): the "Search
// workers" setting, the hints' exact solve shared by two workers (the
// same result as one worker's), stopping it mid-solve, and the setting
// kept across a reload. The release build served on loopback, driven in
// headless Chromium; screenshots go to artifacts/.
import { serveDist, launchBrowser, freshPage, run, assert, shot, closeAll } from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();

// FFO #40 (20 empties, Black to move: a2 +38) solves in seconds; FFO #45
// (24 empties) takes minutes, long enough to stop mid-solve.
const ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------X";
const ffo45 = "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO--X";

/**
 * Counts the web workers the page makes and ends, before its scripts run.
 */
const countWorkers = () => {
  window.__workers = { made: 0, ended: 0 };
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      window.__workers.made++;
    }
    terminate() {
      window.__workers.ended++;
      super.terminate();
    }
  };
};

/** A page (in `page`'s context, if given) with the test hooks at `fragment`. */
async function open(fragment, page) {
  page ??= await freshPage(browser);
  await page.addInitScript(countWorkers);
  await page.goto(`${server.url}?test-hooks#${fragment}`);
  await page.waitForSelector(".board .square");
  return page;
}

/** Chooses `workers` in the new-game dialog, by keyboard, and starts. */
async function chooseWorkers(page, workers) {
  await page.keyboard.press("n");
  await page.waitForSelector("#search-workers");
  await page.focus("#search-workers");
  await page.selectOption("#search-workers", String(workers));
  await page.focus("button.start-game");
  await page.keyboard.press("Enter");
  await page.waitForSelector("[role=dialog]", { state: "detached" });
}

/** Every hint on the board: its square and score, sorted. */
const hints = (page) =>
  page.$$eval(".square", (squares) =>
    squares
      .filter((s) => s.querySelector(".hint"))
      .map((s) => `${s.dataset.square} ${s.querySelector(".hint").textContent}`)
      .sort());

/** Switches hints on for `board` solved exactly; returns the hints and what the panel said. */
async function solve(page, board) {
  await page.goto(`${server.url}?test-hooks#/othello?start=${board}&black=human&white=human`);
  await page.reload();
  await page.waitForSelector(".board .square");
  await page.evaluate(() => window.mindSportsTest.solveScoresWithin(120000));
  // Hints are kept on across a reload: off first, so that they solve.
  if ((await page.getAttribute("button.hints", "aria-pressed")) === "true") await page.click("button.hints");
  const started = Date.now();
  await page.click("button.hints");
  await page.waitForFunction(() => /exact/.test(document.querySelector("[data-testid=thinking]")?.textContent ?? ""),
    null, { timeout: 120000 });
  const seconds = (Date.now() - started) / 1000;
  return {
    seconds,
    hints: await hints(page),
    panel: await page.textContent("[data-testid=thinking]"),
    speed: await page.textContent("[data-testid=thinking] .speed"),
    answered: await page.evaluate(() => document.documentElement.dataset.searchWorkers),
  };
}

let failed = 1;
try {
  failed = await run({
    "the search workers setting is kept across a reload": async () => {
      const page = await open("/othello?white=human");
      await page.click("button.new-game");
      const shown = await page.inputValue("#search-workers");
      const cores = await page.evaluate(() => navigator.hardwareConcurrency);
      const expected = Math.min(8, Math.max(1, cores - 1));
      assert(shown === String(expected), `default ${shown} with ${cores} cores`);
      const options = await page.$$eval("#search-workers option", (os) => os.map((o) => o.value).join(","));
      assert(options === "1,2,3,4,5,6,7,8", options);
      await shot(page, "pool-dialog-desktop");
      await page.keyboard.press("Escape");
      await chooseWorkers(page, 2);
      assert((await page.evaluate(() => localStorage.getItem("mind-sports.search-workers"))) === "2", "stored");
      await page.reload();
      await page.waitForSelector(".board .square");
      await page.click("button.new-game");
      assert((await page.inputValue("#search-workers")) === "2", "kept after a reload");
      // Cancel leaves the setting as it was.
      await page.selectOption("#search-workers", "5");
      await page.keyboard.press("Escape");
      assert((await page.evaluate(() => localStorage.getItem("mind-sports.search-workers"))) === "2", "cancel keeps 2");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "the dialog fits a phone": async () => {
      const phone = await freshPage(browser, { width: 360, height: 740 });
      await phone.goto(`${server.url}#/othello?white=human`);
      await phone.waitForSelector(".board .square");
      await phone.click("button.new-game");
      await phone.waitForSelector("#search-workers");
      await phone.$eval("#search-workers", (e) => e.scrollIntoView());
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= 360, `no sideways scrolling (${width} px)`);
      const box = await phone.$eval("#search-workers-note", (e) => e.getBoundingClientRect().right);
      assert(box <= 360, `the note fits (${box})`);
      await shot(phone, "pool-dialog-phone");
    },

    "two workers solve an endgame as one does": async () => {
      const page = await open("/othello?white=human");
      await chooseWorkers(page, 2);
      const two = await solve(page, ffo40);
      console.log(`     2 workers: ${two.seconds.toFixed(1)} s, ${two.speed}`);
      await shot(page, "pool-two-workers-solved");
      assert(two.answered === "2", `workers that answered: ${two.answered}`);
      assert(/2 workers/.test(two.speed), two.speed);
      assert(two.hints.includes("a2 +38"), two.hints.join(", "));
      assert(/a2/.test(two.panel) && /\+38/.test(two.panel), two.panel);
      await chooseWorkers(page, 1);
      const one = await solve(page, ffo40);
      console.log(`     1 worker: ${one.seconds.toFixed(1)} s, ${one.speed}`);
      assert(one.answered === "1", `workers that answered: ${one.answered}`);
      assert(/1 worker\b/.test(one.speed), one.speed);
      assert(JSON.stringify(one.hints) === JSON.stringify(two.hints), `${one.hints} vs ${two.hints}`);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "stopping mid-solve ends both workers' searches": async () => {
      const page = await open("/othello?white=human");
      await chooseWorkers(page, 2);
      await page.goto(`${server.url}?test-hooks#/othello?start=${ffo45}&black=human&white=human`);
      await page.waitForSelector(".board .square");
      await page.evaluate(() => window.mindSportsTest.solveScoresWithin(600000));
      const before = await page.evaluate(() => ({ ...window.__workers }));
      await page.click("button.hints");
      // Both workers have reported (their shallow scores), the solve runs.
      await page.waitForFunction(() => document.documentElement.dataset.searchWorkers === "2", null, { timeout: 30000 });
      await page.waitForSelector("[data-testid=thinking] dl");
      await page.waitForTimeout(1500);
      assert(!/exact/.test(await page.textContent("[data-testid=thinking]")), "still solving");
      await page.click("button.hints");
      const after = await page.evaluate(() => ({ ...window.__workers }));
      assert(after.ended - before.ended >= 2, `workers ended: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
      // No further progress: no hint comes back.
      await page.waitForTimeout(3000);
      assert((await hints(page)).length === 0, "no hints after stopping");
      assert(!(await page.$("[data-testid=thinking] dl")), "no progress after stopping");
      // The page is usable: a move is played, and a new analysis works.
      await page.click("[data-square=b2]");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 1);
      await page.evaluate(() => window.mindSportsTest.solveScoresWithin(0));
      await page.click("button.hints");
      await page.waitForFunction(() => document.querySelectorAll(".hint").length > 0, null, { timeout: 30000 });
      await shot(page, "pool-after-stop");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },
  });
} finally {
  await closeAll({ browser, server });
}
process.exit(failed ? 1 : 0);
