// Nothing a player did is lost to storage: a share link opened over a game
// in progress puts that game aside (and it comes back); a save that fails
// (storage full) is told at once; an unreadable autosave that cannot be set
// aside stays where it is and is not saved over.
import { serveDist, launchBrowser, freshPage, run, assert, moveCount, shot, closeAll } from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();

const KEY = "mind-sports.othello.game";

/** Opens `fragment` in `page` (a fresh one if none) and waits for the board. */
async function open(fragment, page) {
  page ??= await freshPage(browser);
  await page.goto(server.url + fragment);
  await page.waitForSelector(".board .square");
  await page.waitForTimeout(200);
  return page;
}

const transcript = (page) => page.textContent("[data-testid=transcript]");
const notice = async (page) => (await (await page.$("[data-testid=notice]"))?.textContent()) ?? "";

/** Fills the page's storage to the last byte, so that any write fails. */
const fillStorage = (page) =>
  page.evaluate(() => {
    let n = 0;
    for (let size = 1 << 20; size >= 1; size >>= 1) {
      const chunk = "x".repeat(size);
      for (;;) {
        try {
          localStorage.setItem(`filler-${n++}`, chunk);
        } catch {
          break;
        }
      }
    }
    // The last few characters, as one-letter keys.
    for (let i = 0; i < 36; i++) {
      try {
        localStorage.setItem(i.toString(36), "");
      } catch {
        // full
      }
    }
    return n;
  });

const freeStorage = (page) =>
  page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith("filler-") || key.length === 1) localStorage.removeItem(key);
    }
  });

let failed = 1;
try {
  failed = await run({
    "a share link puts the game in progress aside, and it comes back": async () => {
      const page = await open("#/othello?white=human");
      for (const square of ["f5", "d6", "c3"]) await page.click(`[data-square=${square}]`);
      const mine = await transcript(page);
      // A friend's link, opened in the same browser.
      await open("#/othello?white=human&moves=c4c3", page);
      assert((await transcript(page)) === "c4c3", "the link's game is shown");
      assert((await notice(page)).includes("The game you were playing is kept"), await notice(page));
      const listed = await page.textContent("[data-testid=put-aside]");
      assert(listed.includes("Games put aside") && listed.includes("3 moves") && listed.includes("in progress"), listed);
      await shot(page, "othello-put-aside");
      // The link's game is the autosave now; the old one is kept aside.
      await page.reload();
      await page.waitForSelector(".board .square");
      assert((await transcript(page)) === "c4c3", "the link's game is saved");
      // Back to the game put aside: the link's game is put aside in turn.
      await page.click("[data-testid=put-aside] a");
      await page.waitForFunction((t) => document.querySelector("[data-testid=transcript]")?.textContent === t, mine);
      const now = await page.textContent("[data-testid=put-aside]");
      assert(now.includes("2 moves") && !now.includes("3 moves"), now);
      await page.reload();
      await page.waitForSelector(".board .square");
      assert((await transcript(page)) === mine, "the game brought back is the autosave");
      // The same link twice keeps one copy.
      await open("#/othello?white=human&moves=c4c3", page);
      const once = await page.$$eval("[data-testid=put-aside] li", (items) => items.length);
      assert(once === 1, `${once} games put aside`);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a link over a fresh game puts nothing aside": async () => {
      const page = await open("#/othello");
      await open("#/othello?white=human&moves=c4", page);
      assert(!(await page.$("[data-testid=put-aside]")), "nothing listed");
      assert(!(await notice(page)).includes("kept"), "nothing said");
    },

    "storage full: the link's game is shown but the game in progress is not saved over": async () => {
      const page = await open("#/othello?white=human");
      for (const square of ["f5", "d6"]) await page.click(`[data-square=${square}]`);
      const mine = await page.evaluate((key) => localStorage.getItem(key), KEY);
      await fillStorage(page);
      await open("#/othello?white=human&moves=c4c3e6", page);
      assert((await notice(page)).includes("could not be put aside"), await notice(page));
      await page.click(".square.legal");
      await page.waitForTimeout(300);
      const kept = await page.evaluate((key) => localStorage.getItem(key), KEY);
      assert(kept === mine, "the game in progress is still the autosave");
      await freeStorage(page);
    },

    "storage full: a move that cannot be saved is told at once, with the way out": async () => {
      const page = await open("#/othello?white=human");
      await page.click("[data-square=f5]");
      await fillStorage(page);
      await page.click("[data-square=d6]");
      await page.waitForSelector("[data-testid=store-failed]", { timeout: 3000 });
      const banner = await page.textContent("[data-testid=store-failed]");
      assert(banner.includes("This game could not be saved") && banner.includes("Copy link"), banner);
      assert((await moveCount(page)) === 2, "the game goes on");
      await freeStorage(page);
    },

    "an unreadable autosave that cannot be set aside stays, and is not saved over": async () => {
      const page = await open("#/othello?white=human");
      const broken = '{"version":1,"settings":' + "x".repeat(2000);
      await page.evaluate(([key, broken]) => localStorage.setItem(key, broken), [KEY, broken]);
      await fillStorage(page);
      await page.reload();
      await page.waitForSelector(".board .square");
      assert((await notice(page)).includes("too full to set it aside"), await notice(page));
      await page.click("[data-square=f5]");
      await page.waitForTimeout(300);
      const still = await page.evaluate((key) => localStorage.getItem(key), KEY);
      assert(still === broken, "the unreadable autosave is where it was");
      await freeStorage(page);
      await page.reload();
      await page.waitForSelector(".board .square");
      assert((await notice(page)).includes("it was set aside"), await notice(page));
      const aside = await page.evaluate((key) => localStorage.getItem(`${key}.unreadable`), KEY);
      assert(aside === broken, "set aside once there is room");
    },
  });
} finally {
  await closeAll({ browser, server });
}
process.exit(failed ? 1 : 0);
