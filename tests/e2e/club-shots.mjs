// The club page's wording and layout, before and after issue 27's items 14
// and 15, as screenshot pairs: `node tests/e2e/club-shots.mjs before` (with
// DIST set to a build of the code before the change) or `… after` (this
// build) writes docs/screenshots/first-week/<when>-club-<what>-<lang>-<width>.png
// at 1280 and 360 px, each in the language where the defect was seen:
// - summary-cs: the Czech summary line ("4 kol" before, "4 kola" after);
// - players-ru: the Russian players' list (the button "Выбыл", a state,
//   before; an action after; ratings and clubs shown after);
// - standings-en: an Othello Swiss after round 1 (the bye's discs "-0"
//   before; the Discs column hidden in a scroller at 360 px);
// - round-en: the result entry with 50 + 30 on one board, saved (two
//   unlabelled boxes and a general error before);
// - print-en: the page as printed (headed "Club tournament" before).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { serveDist, launchBrowser, freshPage, root } from "./browser.mjs";

const when = process.argv[2];
if (!["before", "after"].includes(when)) throw new Error("usage: club-shots.mjs before|after");
const out = join(root, "docs", "screenshots", "first-week");
mkdirSync(out, { recursive: true });
const server = await serveDist();
const browser = await launchBrowser();

/** A page in `lang` at `width`, with a tournament started from the setup form. */
async function started(lang, width, { game = "othello", rounds = 4, players, name }) {
  const page = await freshPage(browser, { width, height: 900 });
  await page.addInitScript((lang) => localStorage.setItem("mind-sports.lang", lang), lang);
  await page.goto(server.url + "#/club");
  await page.waitForSelector("[data-testid=club-start]");
  await page.selectOption("[data-testid=club-game]", game);
  await page.fill("[data-testid=club-rounds]", String(rounds));
  if (name && (await page.$("[data-testid=club-name]"))) {
    await page.fill("[data-testid=club-name]", name.title);
    await page.fill("[data-testid=club-place]", name.place);
    await page.fill("[data-testid=club-date]", name.date);
  }
  await page.fill("[data-testid=club-player-list]", players.join("\n"));
  await page.click("[data-testid=club-start]");
  await page.waitForSelector("[data-testid=club-pair]");
  return page;
}

/** Pairs round 1 and enters `result(board)` on every board. */
async function firstRound(page, result) {
  await page.click("[data-testid=club-pair]");
  await page.waitForSelector("[data-testid=club-round]");
  const boards = await page.$$eval("[data-result$='-0']", (fields) => fields.length);
  for (let board = 0; board < boards; board++) {
    const [a, b] = result(board);
    await page.fill(`[data-result="${board}-0"]`, String(a));
    await page.fill(`[data-result="${board}-1"]`, String(b));
  }
  return boards;
}

const players = ["Ann Black, 1850, Praha", "Bob White, 1720, Brno", "Cid Green, 1600", "Dan Grey, 1540, Praha", "Eva Brown"];
const shots = {
  "summary-cs": async (width) => {
    const page = await started("cs", width, { players, rounds: 4 });
    return page;
  },
  "players-ru": async (width) => {
    const page = await started("ru", width, { players, rounds: 4 });
    return page;
  },
  "standings-en": async (width) => {
    const page = await started("en", width, { players, rounds: 4 });
    await firstRound(page, (board) => [40 - board * 4, 24 + board * 4]);
    await page.click("[data-testid=club-save]");
    await page.waitForFunction(() => !document.querySelector("[data-testid=club-round]"));
    return page;
  },
  "round-en": async (width) => {
    const page = await started("en", width, { players, rounds: 4 });
    await firstRound(page, (board) => (board === 1 ? [50, 30] : [33, 31]));
    await page.click("[data-testid=club-save]");
    await page.waitForSelector("[data-testid=club-round] [role=alert]");
    return page;
  },
  "print-en": async (width) => {
    const page = await started("en", width, {
      players,
      rounds: 4,
      name: { title: "Spring Open 2027", place: "Praha, Klub Othello", date: "2027-03-14" },
    });
    await firstRound(page, (board) => [40 - board * 4, 24 + board * 4]);
    await page.click("[data-testid=club-save]");
    await page.waitForFunction(() => !document.querySelector("[data-testid=club-round]"));
    await page.emulateMedia({ media: "print" });
    return page;
  },
};

try {
  for (const [what, make] of Object.entries(shots)) {
    for (const width of [1280, 360]) {
      const page = await make(width);
      const path = join(out, `${when}-club-${what}-${width}.png`);
      await page.screenshot({ path, fullPage: true });
      console.log(path);
      await page.context().close();
    }
  }
} finally {
  await browser.close();
  server.stop();
}
