// End-to-end tests of the club page (#/club, a module of its own): a
// 6-player Othello round robin and a 10-player Opok Swiss, from entry to
// printed standings; the standings shown are checked against `engine
// standings` on the file the page exports.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveDist, launchBrowser, freshPage, run, assert, root, shot } from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();
const ENGINE = join(root, "target", "release", "engine");

async function start(game, format, players, rounds = 5) {
  const page = await freshPage(browser, { width: 1280, height: 900 });
  await page.goto(server.url + "#/club");
  await page.waitForSelector("[data-testid=club-start]");
  await page.selectOption("[data-testid=club-game]", game);
  await page.selectOption("[data-testid=club-format]", format);
  if (format === "swiss") await page.fill("[data-testid=club-rounds]", String(rounds));
  await page.fill("[data-testid=club-player-list]", players.join("\n"));
  await page.click("[data-testid=club-start]");
  await page.waitForSelector("[data-testid=club-pair]");
  return page;
}

/** Pairs and enters every round with results from `result(round, board)`. */
async function playRounds(page, othello, result) {
  for (let round = 1; round <= 20; round++) {
    if (await page.$("[data-testid=club-finished]")) return round - 1;
    await page.click("[data-testid=club-pair]");
    await page.waitForSelector("[data-testid=club-round]");
    const boards = await page.$$eval("[data-testid=club-round] tbody tr", (rows) => rows.length);
    for (let board = 0; board < boards; board++) {
      const [a, b] = result(round, board);
      if (othello) {
        await page.fill(`[data-result="${board}-0"]`, String(a));
        await page.fill(`[data-result="${board}-1"]`, String(b));
      } else {
        await page.selectOption(`[data-result="${board}-0"]`, a > b ? "1-0" : a < b ? "0-1" : "0.5-0.5");
      }
    }
    await page.click("[data-testid=club-save]");
    await page.waitForFunction(() => !document.querySelector("[data-testid=club-round]"));
  }
  throw new Error("the tournament never ended");
}

/** The standings table as [name, points] rows. */
const shown = (page) =>
  page.$$eval("[data-testid=club-standings] tbody tr", (rows) =>
    rows.map((r) => [r.querySelector("th").textContent, r.querySelectorAll("td")[1].textContent]),
  );

/** The page's tournament file, through `engine standings`. */
async function engineStandings(page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Save the tournament (JSON)")]);
  const dir = mkdtempSync(join(tmpdir(), "club-"));
  const file = join(dir, "t.json");
  writeFileSync(file, readFileSync(await download.path()));
  return JSON.parse(execFileSync(ENGINE, ["standings", file, "--json"], { encoding: "utf8" })).standings;
}

const points = (text) => Number(text.replace("½", ".5").replace(/^\./, "0."));

let failed = 1;
try {
  failed = await run({
    "a 6-player Othello round robin from entry to printed standings": async () => {
      const players = ["Ann", "Bob", "Cid", "Dan", "Eva", "Fay"];
      const page = await start("othello", "round-robin", players);
      // Board 1's first player wins 40–24, the others draw 32–32.
      const rounds = await playRounds(page, true, (_, board) => (board === 0 ? [40, 24] : [32, 32]));
      assert(rounds === 5, `${rounds} rounds`);
      const table = await shown(page);
      const expected = await engineStandings(page);
      assert(table.length === 6, `${table.length} rows`);
      for (const [i, row] of expected.entries()) {
        assert(table[i][0] === row.name && points(table[i][1]) === row.points, `${table[i]} against ${JSON.stringify(row)}`);
      }
      const header = await page.textContent("[data-testid=club-standings] thead");
      assert(header.includes("Brightwell"), header);
      await page.emulateMedia({ media: "print" });
      await shot(page, "club-round-robin-print");
      assert(!(await page.isVisible("[data-testid=club-undo]")), "the buttons are not printed");
      await page.emulateMedia({ media: "screen" });
      // The standings are kept across a reload; undo takes the last round back.
      await page.reload();
      await page.waitForSelector("[data-testid=club-finished]");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a 10-player Opok Swiss: no rematch, a withdrawal, undo": async () => {
      const players = Array.from({ length: 10 }, (_, i) => `P${i + 1}, ${2000 - i * 50}`);
      const page = await start("opok", "swiss", players, 5);
      // Round 1, then a withdrawal, then the rest.
      await page.click("[data-testid=club-pair]");
      await page.waitForSelector("[data-testid=club-round]");
      const boards = await page.$$eval("[data-testid=club-round] tbody tr", (rows) => rows.length);
      assert(boards === 5, `${boards} boards`);
      for (let b = 0; b < boards; b++) await page.selectOption(`[data-result="${b}-0"]`, "1-0");
      // A missing result is refused first.
      await page.selectOption('[data-result="0-0"]', "");
      await page.click("[data-testid=club-save]");
      await page.waitForSelector("[data-testid=club-round] [role=alert]");
      await page.selectOption('[data-result="0-0"]', "1-0");
      await page.click("[data-testid=club-save]");
      await page.waitForFunction(() => !document.querySelector("[data-testid=club-round]"));
      await page.click("[data-testid=club-players] li:nth-child(10) button");
      await page.waitForSelector("text=withdrawn after round 1");
      // Undo the withdrawal, then withdraw again.
      await page.click("[data-testid=club-undo]");
      await page.waitForFunction(() => !document.body.textContent.includes("withdrawn after round 1"));
      await page.click("[data-testid=club-players] li:nth-child(10) button");
      const rounds = await playRounds(page, false, (round, board) => (board % 3 === 0 ? [0.5, 0.5] : [1, 0]));
      assert(rounds === 4, `${rounds} more rounds after the first`);
      const file = await engineStandings(page);
      const table = await shown(page);
      for (const [i, row] of file.entries()) {
        assert(table[i][0] === row.name && points(table[i][1]) === row.points, `${table[i]} against ${JSON.stringify(row)}`);
      }
      // Nobody met twice.
      const results = await page.$$eval(".club-results li li", (l) => l.map((x) => x.textContent));
      const met = new Set();
      for (const line of results.filter((l) => l.includes(" – "))) {
        const [a, rest] = line.split(" – ");
        const b = rest.split(" ")[0];
        const key = [a, b].sort().join("|");
        assert(!met.has(key), `a rematch: ${key}`);
        met.add(key);
      }
      await shot(page, "club-swiss");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },
  });
} finally {
  await browser.close();
  server.stop();
}
process.exit(failed ? 1 : 0);
