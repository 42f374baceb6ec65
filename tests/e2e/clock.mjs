// End-to-end tests of the game clock (every game page has it, from the
// shell): a flag that falls records the world rules' result (checked
// against `engine replay … --time-loss`), a clock kept across a reload,
// and the computer keeping to its own time.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { serveDist, launchBrowser, freshPage, run, assert, root, spoken, shot, closeAll } from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();
const ENGINE = join(root, "target", "release", "engine");

async function open(fragment, viewport) {
  const page = await freshPage(browser, viewport);
  await page.goto(server.url + fragment);
  await page.waitForSelector("[data-testid=clock-control]");
  return page;
}

/** Chooses a typed time control. */
async function control(page, text) {
  await page.selectOption("[data-testid=clock-control]", "custom");
  await page.fill("[data-testid=clock-custom]", text);
  await page.press("[data-testid=clock-custom]", "Enter");
  await page.waitForSelector("[data-testid=clock-0]");
}

/** Plays `moves` (squares) on the board. */
async function play(page, moves) {
  for (const square of moves) {
    const before = await page.$$eval("[data-testid=moves] li", (l) => l.length);
    await page.click(`[data-square="${square}"]`);
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before);
  }
}

/** Each face: whether it runs, waits (paused on it), and its time. */
const faces = (page) =>
  page.evaluate(() =>
    [0, 1].map((i) => {
      const face = document.querySelector(`[data-testid=clock-${i}]`);
      return { running: face.classList.contains("running"), waiting: face.classList.contains("waiting"), time: face.querySelector(".clock-time").textContent };
    }),
  );

/** Checks that `side`'s clock (0 Black, 1 White) alone runs: highlighted,
 *  its time going down within `ms` (past a delay), the other's standing
 *  still. */
async function runsFor(page, side, label, ms = 1300) {
  const alone = (s) => document.querySelector(`[data-testid=clock-${s}]`)?.classList.contains("running") && !document.querySelector(`[data-testid=clock-${1 - s}]`).classList.contains("running");
  await page.waitForFunction(alone, side, { timeout: 10000 }).catch(() => {});
  const before = await faces(page);
  await page.waitForTimeout(ms);
  const after = await faces(page);
  assert(before[side].running && !before[1 - side].running, `${label}: ${JSON.stringify(before)}`);
  assert(after[side].time !== before[side].time && after[1 - side].time === before[1 - side].time, `${label}: ${JSON.stringify([before, after])}`);
}

/** Checks that the clock is stopped: no face runs, both times stand
 *  still, and it offers to start. */
async function stopped(page, label) {
  const before = await faces(page);
  await page.waitForTimeout(1100);
  const after = await faces(page);
  assert(!before[0].running && !before[1].running && JSON.stringify(before) === JSON.stringify(after), `${label}: ${JSON.stringify([before, after])}`);
  assert((await page.textContent("[data-testid=clock-toggle]")).includes("Start"), `${label}: offers to start`);
}

/** Checks that the clock is paused on `side`'s move ("Start clock" starts
 *  it), both times standing still; with `pause`, pauses it first. */
async function waitsOn(page, side, label, pause) {
  if (pause) await page.click("[data-testid=clock-toggle]");
  await page.waitForFunction((s) => document.querySelector(`[data-testid=clock-${s}]`)?.classList.contains("waiting"), side, { timeout: 10000 }).catch(() => {});
  const before = await faces(page);
  await page.waitForTimeout(1100);
  const after = await faces(page);
  assert(before[side].waiting && !before[1 - side].waiting && !before[0].running && !before[1].running, `${label}: ${JSON.stringify(before)}`);
  assert(JSON.stringify(before) === JSON.stringify(after), `${label}: ${JSON.stringify([before, after])}`);
  assert((await page.textContent("[data-testid=clock-toggle]")).includes("Start"), `${label}: offers to start`);
}

/** Waits for the computer's reply: `n` moves and the person's turn. */
async function replied(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length === n && !document.querySelector(".turn.thinking"), n, { timeout: 20000 });
}

/** The numbers of the result line ("… 33–31."). */
const resultScore = async (page) => (await page.textContent(".result")).match(/(\d+)\s*[–-]\s*(\d+)/).slice(1).map(Number);

let failed = 1;
try {
  failed = await run({
    "a flag falls at 1+0 on 8×8: the result is the world rules' (33–31 when the discs favoured the loser)": async () => {
      const page = await open("#/othello?black=human&white=human");
      // A real 1+0 game: the flag falls a minute into Black's time.
      await page.selectOption("[data-testid=clock-control]", "1+0");
      await page.waitForSelector("[data-testid=clock-0]");
      // After f5 f4 d3 d6 Black is to move with 5 discs to White's 3: when
      // Black's flag falls, White is recorded 33–31.
      const moves = ["f5", "f4", "d3", "d6"];
      await play(page, moves);
      await page.waitForSelector(".result", { timeout: 90000 });
      const loser = (await page.textContent(".result")).includes("Black") ? "black" : "white";
      const expected = JSON.parse(execFileSync(ENGINE, ["replay", "othello", moves.join(""), "--time-loss", loser, "--json"], { encoding: "utf8" }));
      const [a, b] = await resultScore(page);
      const [ea, eb] = expected.score.split("-").map(Number);
      assert(Math.max(a, b) === Math.max(ea, eb) && Math.min(a, b) === Math.min(ea, eb), `${a}-${b} against ${expected.score}`);
      assert((await page.textContent(".result")).includes("lost on time"), await page.textContent(".result"));
      assert(loser === "black" && a + b === 64 && Math.min(a, b) === 31, `${loser}: ${a}-${b}`);
      assert((await spoken(page, (t) => /out of time/.test(t))).includes("out of time"), "announced");
      await shot(page, "clock-flag-8x8");
      // The game is over: no move is taken.
      await page.click('[data-square="c3"]');
      assert((await page.$$eval("[data-testid=moves] li", (l) => l.length)) === moves.length, "no move after the flag");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "seed 004: after the flag the winner completes the game, at least a one-disc win": async () => {
      const page = await open("#/othello?size=6&black=human&white=human");
      await control(page, "0.03+0");
      await page.check("[data-testid=clock-completes]");
      await play(page, ["c2", "b2"]);
      await page.waitForSelector("[data-testid=completing]", { timeout: 10000 });
      const loser = (await page.textContent("[data-testid=completing]")).startsWith("Black") ? "black" : "white";
      assert(!(await page.$(".result")), "the game goes on");
      // The winner plays both sides to the end.
      for (let i = 0; i < 40 && !(await page.$(".result")); i++) {
        const before = await page.$$eval("[data-testid=moves] li", (l) => l.length);
        const legal = await page.$(".square.legal");
        if (!legal) break;
        await legal.click();
        await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n || document.querySelector(".result"), before);
      }
      await page.waitForSelector(".result");
      const transcript = (await page.textContent("[data-testid=transcript]")).replace(/\s+/g, "");
      const expected = JSON.parse(
        execFileSync(ENGINE, ["replay", "othello", transcript, "--size", "6", "--time-loss", loser, "--completed", "--json"], { encoding: "utf8" }),
      );
      const [a, b] = await resultScore(page);
      assert(`${a}-${b}` === expected.score || `${b}-${a}` === expected.score, `${a}-${b} against ${expected.score}`);
      assert((await page.textContent(".result")).includes("lost on time"), await page.textContent(".result"));
      await shot(page, "clock-completed-6x6");
      // Kept across a reload: still over, the same score.
      await page.reload();
      await page.waitForSelector(".result");
      assert(JSON.stringify(await resultScore(page)) === JSON.stringify([a, b]), "the same result after a reload");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a flag falls on 6×6": async () => {
      const page = await open("#/othello?size=6&black=human&white=human");
      await control(page, "0.02+0");
      const moves = ["c2", "b2"];
      await play(page, moves);
      await page.waitForSelector(".result", { timeout: 10000 });
      const loser = (await page.textContent(".result")).includes("Black") ? "black" : "white";
      const expected = JSON.parse(
        execFileSync(ENGINE, ["replay", "othello", moves.join(""), "--size", "6", "--time-loss", loser, "--json"], { encoding: "utf8" }),
      );
      const [a, b] = await resultScore(page);
      const [ea, eb] = expected.score.split("-").map(Number);
      assert(Math.max(a, b) === Math.max(ea, eb) && Math.min(a, b) === Math.min(ea, eb), `${a}-${b} against ${expected.score}`);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "the clock is kept across a reload, paused": async () => {
      const page = await open("#/othello?black=human&white=human");
      await page.selectOption("[data-testid=clock-control]", "5+3");
      await play(page, ["f5"]);
      await page.waitForTimeout(1500);
      const white = await page.textContent("[data-testid=clock-1] .clock-time");
      assert(white < "5:00" && white >= "4:57", `white ${white}`);
      await page.reload();
      await page.waitForSelector("[data-testid=clock-1]");
      const black = await page.textContent("[data-testid=clock-0] .clock-time");
      assert(black === "5:03", `black ${black} (Fischer +3)`);
      const after = await page.textContent("[data-testid=clock-1] .clock-time");
      await page.waitForTimeout(1200);
      assert((await page.textContent("[data-testid=clock-1] .clock-time")) === after, "paused after the reload");
      assert((await page.textContent("[data-testid=clock-toggle]")).includes("Start"), "offers to start");
      await page.click("[data-testid=clock-toggle]");
      await page.waitForTimeout(1200);
      assert((await page.textContent("[data-testid=clock-1] .clock-time")) < after, "runs again");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "the clock travels in the share link, and a flag with it": async () => {
      const page = await open("#/othello?black=human&white=human");
      await page.selectOption("[data-testid=clock-control]", "5+3");
      await play(page, ["f5", "d6"]);
      await page.click("[data-testid=clock-toggle]");
      const times = [await page.textContent("[data-testid=clock-0] .clock-time"), await page.textContent("[data-testid=clock-1] .clock-time")];
      // The link is brought up to date as it is used (the copy button
      // builds it the same way; this hidden anchor is for tests).
      await page.dispatchEvent("[data-testid=share-link]", "pointerdown");
      const link = await page.getAttribute("[data-testid=share-link]", "href");
      assert(/&clock=5%2B3;\d+;\d+;0;2(;u\d+)?$/.test(link), link);
      const other = await freshPage(browser);
      await other.goto(link);
      await other.waitForSelector("[data-testid=clock-1]");
      const shown = [await other.textContent("[data-testid=clock-0] .clock-time"), await other.textContent("[data-testid=clock-1] .clock-time")];
      assert(JSON.stringify(shown) === JSON.stringify(times), `${shown} against ${times}`);
      assert((await other.textContent("[data-testid=clock-toggle]")).includes("Start"), "paused");
      assert((await other.$$eval("[data-testid=moves] li", (l) => l.length)) === 2, "the moves");
      // A game lost on time is shared lost on time.
      await control(page, "0.03+0");
      await page.waitForFunction(() => document.querySelector("[data-testid=clock-0] .clock-time")?.textContent.startsWith("0:0"));
      await page.click("[data-testid=clock-toggle]");
      await page.waitForSelector(".result", { timeout: 10000 });
      await page.dispatchEvent("[data-testid=share-link]", "pointerdown");
      const lost = await page.getAttribute("[data-testid=share-link]", "href");
      const third = await freshPage(browser);
      await third.goto(lost);
      await third.waitForSelector(".result");
      assert((await third.textContent(".result")).includes("lost on time"), await third.textContent(".result"));
      // A clock that does not belong to the game refuses the link, keeping the game.
      const fourth = await freshPage(browser);
      await fourth.goto(server.url + "#/othello?moves=f5&clock=5%2B3;1000;1000;0;7");
      await fourth.waitForSelector("[data-testid=notice]");
      assert((await fourth.textContent("[data-testid=notice]")).includes("clock"), await fourth.textContent("[data-testid=notice]"));
      for (const p of [page, other, third, fourth]) assert(p.errors.length === 0, p.errors.join("\n"));
    },

    "after Undo the clock runs for the side to move, in every mode, by mouse and by U (issue 27, item 1)": async () => {
      for (const [text, by] of [["3+2", "mouse"], ["3+0", "key"], ["3b2", "mouse"], ["3d2", "key"]]) {
        // A simple delay of 2 s: the time goes down after it.
        const runs = (side, label) => runsFor(page, side, label, text.includes("d") ? 3300 : 1300);
        const page = await open("#/othello?black=human&white=c4");
        await control(page, text);
        await page.click('[data-square="f5"]');
        await replied(page, 2);
        await runs(0, `${text}: Black after the reply`);
        if (by === "mouse") await page.click("button.undo");
        else await page.keyboard.press("u");
        await page.waitForSelector("button.move.start.current");
        await stopped(page, `${text}: undone`);
        await page.click('[data-square="e6"]');
        await replied(page, 2);
        assert((await page.textContent(".turn")).includes("Black"), await page.textContent(".turn"));
        await runs(0, `${text}: Black's move after e6 and the reply`);
        await waitsOn(page, 0, `${text}: paused on Black's move`, "pause");
        // The move list: after e6 White is to move (paused there).
        await page.click('[data-testid=moves] li:nth-child(1) button');
        await waitsOn(page, 1, `${text}: White's move in the move list`);
        // Redo (R) to the end: Black's move, paused; started, Black's runs.
        await page.keyboard.press("r");
        await page.waitForSelector('[data-testid=moves] li:nth-child(2) button[aria-current]');
        await waitsOn(page, 0, `${text}: redone to Black's move`);
        await page.click("[data-testid=clock-toggle]");
        await runs(0, `${text}: started again`);
        // A reload: on Black's move, paused, then Black's again.
        await page.reload();
        await page.waitForSelector("[data-testid=clock-0]");
        await waitsOn(page, 0, `${text}: reloaded`);
        await page.click("[data-testid=clock-toggle]");
        await runs(0, `${text}: started after the reload`);
        // A new game: the control's full times, on Black's move, paused.
        await page.click("button.new-game");
        await page.click("button.start-game");
        await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 0);
        await waitsOn(page, 0, `${text}: a new game`);
        const full = (await faces(page)).map((f) => f.time);
        assert(full[0] === "3:00" && full[1] === "3:00", `${text}: ${full}`);
        assert(page.errors.length === 0, page.errors.join("\n"));
        await page.context().close();
      }
    },

    "two people press their own side of the clock, by a tap and by Space, at 1280 and 360 px (issue 27, item 3)": async () => {
      for (const [width, height] of [[1280, 900], [360, 780]]) {
        const page = await open("#/othello?black=human&white=human", { width, height });
        await page.selectOption("[data-testid=clock-control]", "5+3");
        await page.selectOption("[data-testid=clock-switching]", "press");
        await page.waitForSelector("button[data-testid=clock-0]");
        await play(page, ["f5"]);
        await waitsOn(page, 0, `${width}: the move does not switch the clock`);
        // Black taps Black's side: White's clock runs, and it is said.
        await page.click("[data-testid=clock-0]");
        await runsFor(page, 1, `${width}: Black pressed`);
        assert(/Black pressed the clock\. White: the clock runs\./.test(await spoken(page, (t) => /pressed/.test(t))), await page.textContent("#live"));
        // White presses before moving: refused, said.
        await page.keyboard.press("Space");
        assert(/move first/.test(await spoken(page, (t) => /move first/.test(t))), await page.textContent("#live"));
        await runsFor(page, 1, `${width}: still White's`);
        // White moves: White's clock runs on until White presses (Space, with
        // a board square focused: Space presses the clock, it plays nothing).
        await play(page, ["d6"]);
        await runsFor(page, 1, `${width}: White moved, not pressed`);
        await page.focus('[data-square="c3"]');
        await page.keyboard.press("Space");
        await runsFor(page, 0, `${width}: White pressed with Space`);
        assert((await page.$$eval("[data-testid=moves] li", (l) => l.length)) === 2, "Space played no move");
        const black = (await faces(page))[0].time;
        assert(black <= "5:03" && black >= "5:00", `Black ${black} (Fischer +3 at the press)`);
        await shot(page, `clock-press-${width}`);
        // Kept across a reload with its option; the share link carries it.
        await page.reload();
        await page.waitForSelector("button[data-testid=clock-0]");
        assert((await page.inputValue("[data-testid=clock-switching]")) === "press", "the option is kept");
        await waitsOn(page, 0, `${width}: reloaded`);
        await page.dispatchEvent("[data-testid=share-link]", "pointerdown");
        const link = await page.getAttribute("[data-testid=share-link]", "href");
        assert(/&clock=5%2B3;\d+;\d+;0;2(;u\d+)?;t$/.test(link), link);
        // The page fits a phone: nothing wider than the viewport.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert(wide <= width, `${width}: the page is ${wide} px wide`);
        assert(page.errors.length === 0, page.errors.join("\n"));
        await page.context().close();
      }
    },

    "the computer keeps to its own clock at 0.2+0": async () => {
      const page = await open("#/othello?black=human&white=c7");
      await control(page, "0.2+0");
      for (const square of ["f5", "d3", "c5", "f3"]) {
        if (await page.$(".result")) break;
        await page.waitForSelector(".square.legal", { timeout: 20000 });
        const legal = await page.$$eval(".square.legal", (s) => s.map((b) => b.dataset.square));
        await page.click(`[data-square="${legal.includes(square) ? square : legal[0]}"]`);
        await page.waitForFunction(() => !document.querySelector(".turn.thinking"), null, { timeout: 20000 });
      }
      const result = await page.$(".result");
      const text = result ? await result.textContent() : "";
      assert(!/White lost on time/.test(text), text);
      const white = await page.textContent("[data-testid=clock-1] .clock-time");
      assert(white !== "0:00.0", `white ${white}`);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },
  });
} finally {
  await closeAll({ browser, server });
}
process.exit(failed ? 1 : 0);
