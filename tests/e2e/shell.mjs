// End-to-end tests of what the game shell gives every game: forced passes,
// shortcuts by key position, announcements for a screen reader, focus and
// titles across routes. The release build, served on loopback, in headless
// Chromium.
import {
  serveDist, launchBrowser, freshPage, run, assert, moveCount, liveText, liveMessages, spoken, shot, paste,
  closeAll,
} from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();

/** Opens `fragment` and waits for the page's heading. */
async function open(fragment, viewport, options) {
  const page = await freshPage(browser, viewport, options);
  await page.goto(server.url + fragment);
  await page.waitForSelector("main h1");
  return page;
}

/** A board where Black, to move, has no move but White has. */
const blackMustPass = "O".repeat(61) + "X--X";

/** Sends a key as a Russian keyboard does: the letter differs, the key's
 *  place (`code`) is the same. */
async function russianKey(page, key, code, options = {}) {
  await page.evaluate(
    ([key, code, options]) => {
      const target = document.activeElement || document.body;
      target.dispatchEvent(new KeyboardEvent("keydown", { key, code, bubbles: true, cancelable: true, ...options }));
    },
    [key, code, options],
  );
}

const activeElement = (page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    return e ? { tag: e.tagName.toLowerCase(), text: e.textContent.trim(), square: e.dataset?.square, heap: e.closest("[data-heap]")?.dataset.heap } : null;
  });

let failed = 1;
try {
  failed = await run({
    "a forced pass is played automatically, said and noted; the switch asks instead": async () => {
      const page = await open(`#/othello?start=${blackMustPass}&white=human`);
      // A position opened from a link asks first.
      assert(await page.$("button.pass"), "the link's position asks for the pass");
      const auto = page.locator(".auto-pass input");
      assert(await auto.isChecked(), "passing automatically is the default");
      await auto.uncheck();
      assert(await page.$("button.pass"), "still asking with the switch off");
      await auto.check();
      await page.waitForSelector("[data-testid=pass-note]");
      const note = await page.textContent("[data-testid=pass-note]");
      assert(/Black/.test(note) && /pass/.test(note), `the note: ${note}`);
      const said = await spoken(page, (t) => /pass/.test(t));
      assert(/Black/.test(said) && /pass/.test(said), `said: ${said}`);
      assert((await page.textContent("[data-testid=moves]")).includes("pass"), "the pass is in the move list");
      assert(await page.$(".square.legal"), "White to move");
      await shot(page, "shell-auto-pass");
      // Remembered across a reload.
      await auto.uncheck();
      await page.reload();
      await page.waitForSelector("main h1");
      assert(!(await page.locator(".auto-pass input").isChecked()), "the choice is kept");
    },

    "Enter on the pass button passes": async () => {
      const page = await open(`#/othello?start=${blackMustPass}&white=c1`);
      await page.locator(".auto-pass input").uncheck();
      await page.focus("button.pass");
      await page.keyboard.press("Enter");
      await page.waitForSelector(".result", { timeout: 20000 });
      assert((await moveCount(page)) === 2, "the pass and White's reply");
    },

    "shortcuts follow the key's place, so they work on a Russian layout": async () => {
      const page = await open("#/othello?white=human");
      await page.click("[data-square=d3]");
      await page.click("[data-square=c3]");
      assert((await moveCount(page)) === 2, "two moves");
      await russianKey(page, "г", "KeyU");
      await page.waitForFunction(() => document.querySelector(".move.current")?.dataset.ply === "1");
      await russianKey(page, "к", "KeyR");
      await page.waitForFunction(() => document.querySelector(".move.current")?.dataset.ply === "2");
      await russianKey(page, "я", "KeyZ", { ctrlKey: true });
      await page.waitForFunction(() => document.querySelector(".move.current")?.dataset.ply === "1");
      await russianKey(page, "д", "KeyL");
      const said = await spoken(page, (t) => t.includes("d3"));
      assert(said.includes("d3"), `the last move on L: ${said}`);
      await russianKey(page, "т", "KeyN");
      await page.waitForSelector(".dialog");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a keyboard-only game logs no error or warning": async () => {
      const page = await open("#/othello?black=human&white=c1");
      const warnings = [];
      page.on("console", (m) => {
        if (m.type() === "warning" || m.type() === "error") warnings.push(m.text());
      });
      await page.keyboard.press("Tab"); // the skip link
      for (let turn = 0; turn < 70; turn++) {
        await page.waitForFunction(
          () => document.querySelector(".square.legal") || document.querySelector(".result") || document.querySelector("button.pass"),
          null,
          { timeout: 30000 },
        );
        if (await page.$(".result")) break;
        const before = await moveCount(page);
        if (await page.$("button.pass")) {
          await page.focus("button.pass");
        } else {
          await page.keyboard.press("KeyM"); // the next legal square
        }
        await page.keyboard.press("Enter");
        await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before);
      }
      assert(await page.$(".result"), "the game ended");
      assert(warnings.length === 0 && page.errors.length === 0, [...warnings, ...page.errors].join("\n"));
    },

    "Enter on an illegal square is refused aloud, every time": async () => {
      const page = await open("#/othello?white=human");
      await page.focus("[data-square=d3]");
      await page.keyboard.press("ArrowRight"); // e3: not a legal move
      assert((await activeElement(page)).square === "e3", "the cursor on e3");
      await page.keyboard.press("Enter");
      const first = await spoken(page, (t) => t.includes("e3"));
      assert(first.includes("e3"), `said: ${first}`);
      assert((await page.textContent("[data-testid=notice]")).includes("e3"), "shown too");
      const before = (await liveMessages(page)).pop().n;
      await page.keyboard.press("Enter");
      await page.waitForFunction((n) => Number(document.querySelector("#live > :last-child")?.dataset.said) > n, before);
      assert((await liveText(page)).includes("e3"), "said again");
      assert((await moveCount(page)) === 0, "nothing played");
    },

    "the move list: going to a move is said and marked; loading is said as loading": async () => {
      const page = await open("#/othello?white=human");
      await page.click("[data-square=d3]");
      await page.click("[data-square=c3]");
      await page.click("[data-ply='1']");
      const said = await spoken(page, (t) => /1/.test(t) && !/c3/.test(t));
      assert(/move 1|1/.test(said), `said: ${said}`);
      assert((await page.getAttribute("[data-ply='1']", "aria-current")) === "step", "aria-current on the move shown");
      assert((await page.getAttribute("[data-ply='2']", "aria-current")) === null, "only there");
      const beforeLoad = await liveText(page);
      await paste(page, "f5 d6 c3 d3");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 4);
      const loaded = await spoken(page, (t) => t !== beforeLoad);
      const newGame = await page.evaluate(() => "New game.");
      assert(!loaded.includes(newGame), `loading is not "new game": ${loaded}`);
      assert(/load/i.test(loaded), `said: ${loaded}`);
    },

    "a new page: its title, the focus on its heading, an empty live region, a skip link": async () => {
      const page = await open("#/othello?white=human");
      assert((await page.title()).startsWith("Othello"), `title ${await page.title()}`);
      await page.click("[data-square=d3]");
      assert((await spoken(page, (t) => t.length > 0)).length > 0, "something was said");
      await page.click("nav a[href='#/opok']");
      await page.waitForSelector(".opok .board");
      assert((await page.title()).startsWith("Opok"), `title ${await page.title()}`);
      const focused = await activeElement(page);
      assert(focused.tag === "h1" && focused.text === "Opok", `focus on ${JSON.stringify(focused)}`);
      assert((await liveText(page)) === "", `the live region still says ${await liveText(page)}`);
      await page.click("nav a[href='#/nim']");
      await page.waitForSelector(".heaps");
      assert((await page.title()).includes("Nim"), `title ${await page.title()}`);
      // The language changes the title too.
      await page.selectOption("#language", "cs");
      await page.waitForFunction(() => document.documentElement.lang === "cs");
      assert((await page.title()) !== "", "a Czech title");
      // The skip link is the first stop and takes the focus to the page.
      await page.goto(server.url + "#/othello");
      await page.reload();
      await page.waitForSelector("main h1");
      await page.keyboard.press("Tab");
      const skip = await activeElement(page);
      assert(skip.tag === "a", `the first stop is ${JSON.stringify(skip)}`);
      assert(await page.isVisible(".skip-link"), "visible when focused");
      await page.keyboard.press("Enter");
      assert((await activeElement(page)).tag === "h1", "the skip link goes to the page's heading");
      assert(page.url().endsWith("#/othello"), `the route is kept: ${page.url()}`);
    },

    "scores are read, not hidden from a screen reader": async () => {
      const page = await open("#/othello?white=human");
      const hidden = await page.$$eval("[data-testid$=-count]", (scores) => scores.filter((s) => s.closest("[aria-hidden=true]")).length);
      assert(hidden === 0, "no score is aria-hidden");
      const text = await page.textContent("[data-testid=black-count]");
      assert(/Black/.test(text) && /2/.test(text), text);
    },

    "who plays each side is on the page, in every game and language": async () => {
      const cases = [
        ["#/othello?white=c4", "Black: Human · White: Computer (4 · Club player)"],
        ["#/othello?black=c7&white=human", "Black: Computer (7 · Strongest) · White: Human"],
        ["#/opok?circles=human&squares=human", "Circles: Human · Squares: Human"],
        ["#/nim?first=human&second=c2", "First player: Human · Second player: Computer (2 · Novice)"],
      ];
      for (const [fragment, expected] of cases) {
        const page = await open(fragment);
        await page.waitForSelector("[data-testid=seats]");
        const seats = await page.textContent("[data-testid=seats]");
        assert(seats === expected, `${fragment}: ${seats}`);
        await page.close();
      }
      const page = await open("#/othello?white=c4", undefined, { locale: "cs-CZ" });
      await page.waitForSelector("[data-testid=seats]");
      const czech = await page.textContent("[data-testid=seats]");
      assert(czech.startsWith("Černý: Člověk · Bílý: Počítač (4"), czech);
    },

    "copying says so beside the buttons, not under the board": async () => {
      const page = await open("#/othello?white=human", { width: 1280, height: 800 }, { permissions: ["clipboard-read", "clipboard-write"] });
      await page.click("[data-square=f5]");
      await page.click("button.copy-link");
      const note = page.locator("[data-testid=copied]");
      assert((await note.textContent()) === "Link copied.", await note.textContent());
      const button = await page.locator("button.copy-link").boundingBox();
      const box = await note.boundingBox();
      assert(box.y > button.y && box.y - (button.y + button.height) < 80, `the note ${JSON.stringify(box)} is right under the button ${JSON.stringify(button)}`);
      const underBoard = (await (await page.$("[data-testid=notice]"))?.textContent()) ?? "";
      assert(!underBoard.includes("copied"), `not under the board: ${underBoard}`);
      await page.click("button.copy-moves");
      assert((await note.textContent()) === "All moves of the game copied.", await note.textContent());
    },

    "after a take-away move the focus stays on the heaps": async () => {
      const page = await open("#/nim?start=nim:3+nim:4+nim:5&first=human&second=c1");
      await page.focus("[data-heap='2'] .token[tabindex='0']");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("Enter"); // takes 2 from heap 3
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 2, null, { timeout: 20000 });
      await page.waitForTimeout(300);
      const focused = await activeElement(page);
      assert(focused.tag === "button" && focused.heap !== undefined, `focus on ${JSON.stringify(focused)}`);
      // And the keyboard goes on from there.
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length >= 3, null, { timeout: 20000 });
    },
  });
} finally {
  await closeAll({ browser, server });
}
process.exit(failed ? 1 : 0);
