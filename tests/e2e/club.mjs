// End-to-end tests of the club page (#/club, a module of its own): a
// 6-player Othello round robin and a 10-player Opok Swiss, from entry to
// printed standings; the standings shown are checked against `engine
// standings` on the file the page exports. Then corrections of earlier
// results (the standings follow, the pairings do not, undo takes them
// back), the tournament saved as CSV and loaded back (a bad file refused
// with the tournament kept), and the round's result slips as printed.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveDist, launchBrowser, freshPage, run, assert, root, shot, artifacts } from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();
const ENGINE = join(root, "target", "release", "engine");

async function start(game, format, players, rounds = 5, viewport = { width: 1280, height: 900 }) {
  const page = await freshPage(browser, viewport);
  // Printing is counted instead of opening the print dialog.
  await page.addInitScript(() => {
    window.printed = 0;
    window.print = () => {
      window.printed++;
    };
  });
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

/** Pairs and enters every round (or `upTo` rounds) with results from
 *  `result(round, board)`. */
async function playRounds(page, othello, result, upTo = 20) {
  for (let round = 1; round <= 20; round++) {
    if (await page.$("[data-testid=club-finished]")) return round - 1;
    if (round > upTo) return upTo;
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

/** The text of the file the button `label` saves. */
async function saved(page, label) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click(`button:has-text("${label}")`)]);
  return readFileSync(await download.path(), "utf8");
}

/** The page's tournament file, through `engine standings`. */
async function engineStandings(page) {
  const dir = mkdtempSync(join(tmpdir(), "club-"));
  const file = join(dir, "t.json");
  writeFileSync(file, await saved(page, "Save the tournament (JSON)"));
  return JSON.parse(execFileSync(ENGINE, ["standings", file, "--json"], { encoding: "utf8" })).standings;
}

/** Loads `text` as the file `name` through the page's import control. */
const load = (page, name, text) =>
  page.setInputFiles("[data-testid=club-import]", { name, mimeType: name.endsWith(".csv") ? "text/csv" : "application/json", buffer: Buffer.from(text) });

/** The standings table's rows as text, cell by cell. */
const standingsRows = (page) =>
  page.$$eval("[data-testid=club-standings] tbody tr", (rows) => rows.map((r) => [...r.children].map((c) => c.textContent).join("|")));

/** The results of round `round` as shown (without the buttons). */
const roundResults = (page, round) =>
  page.$$eval(`.club-results > li:nth-child(${round}) li span`, (spans) => spans.map((s) => s.textContent));

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
      // The final standings as printed: the table without the buttons.
      await page.emulateMedia({ media: "print" });
      await shot(page, "club-swiss-print");
      assert(!(await page.isVisible("[data-testid=club-undo]")), "the buttons are not printed");
      assert((await shown(page)).length === 10, "every player in the printed standings");
      await page.emulateMedia({ media: "screen" });
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a correction of an earlier round: the standings follow, the pairings stay, undo takes it back": async () => {
      const page = await start("othello", "round-robin", ["Ann", "Bob", "Cid", "Dan", "Eva", "Fay"]);
      // Three rounds: board 1 wins 40–24, the others draw 32–32.
      await playRounds(page, true, (_, board) => (board === 0 ? [40, 24] : [32, 32]), 3);
      const before = await standingsRows(page);
      const laterRounds = [await roundResults(page, 2), await roundResults(page, 3)];
      const round1 = await roundResults(page, 1);
      // Round 1, board 2 was a draw; correct it to 20–44.
      await page.click("[data-testid=club-edit-1-2]");
      await page.waitForSelector("[data-testid=club-edit] input[data-edit='0']");
      assert((await page.inputValue("[data-edit='0']")) === "32" && (await page.inputValue("[data-edit='1']")) === "32", "the fields hold the result entered");
      const focused = await page.evaluate(() => document.activeElement.getAttribute("data-edit"));
      assert(focused === "0", `the first field has the focus: ${focused}`);
      const note = await page.textContent("[data-testid=club-edit]");
      assert(note.includes("pairings already made stay as they are"), note);
      // A result that cannot be is refused as for a new one (60 + 31 > 64).
      await page.fill("[data-edit='0']", "60");
      await page.fill("[data-edit='1']", "31");
      await page.click("[data-testid=club-save-correction]");
      await page.waitForSelector("[data-testid=club-edit] [role=alert]");
      assert(JSON.stringify(await standingsRows(page)) === JSON.stringify(before), "a refused correction changes nothing");
      await page.fill("[data-edit='0']", "20");
      await page.fill("[data-edit='1']", "44");
      await page.setViewportSize({ width: 1280, height: 900 });
      await shot(page, "club-correction");
      await page.setViewportSize({ width: 360, height: 800 });
      await shot(page, "club-correction-360");
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.press("[data-edit='1']", "Enter");
      await page.waitForFunction(() => !document.querySelector("[data-testid=club-edit]"));
      const notice = await page.textContent("[data-testid=club-notice]");
      assert(notice.includes("Round 1, board 2: the result is corrected"), notice);
      const after = await standingsRows(page);
      assert(JSON.stringify(after) !== JSON.stringify(before), "the standings changed");
      const corrected = await roundResults(page, 1);
      assert(corrected[1].endsWith("20:44") && corrected[0] === round1[0] && corrected[2] === round1[2], corrected.join(" / "));
      // Only that result changed: the later rounds' pairings and results are as they were.
      assert(JSON.stringify([await roundResults(page, 2), await roundResults(page, 3)]) === JSON.stringify(laterRounds), "later rounds unchanged");
      // The standings shown are those `engine standings` computes from the saved file.
      const expected = await engineStandings(page);
      const table = await shown(page);
      for (const [i, row] of expected.entries()) {
        assert(table[i][0] === row.name && points(table[i][1]) === row.points, `${table[i]} against ${JSON.stringify(row)}`);
      }
      const brightwell = await page.$$eval("[data-testid=club-standings] tbody tr", (rows) => rows.map((r) => r.querySelectorAll("td")[2].textContent));
      for (const [i, row] of expected.entries()) {
        assert(points(brightwell[i]) === row.brightwell, `BQ ${brightwell[i]} against ${row.brightwell}`);
      }
      // Kept across a reload.
      await page.reload();
      await page.waitForSelector("[data-testid=club-standings]");
      assert(JSON.stringify(await standingsRows(page)) === JSON.stringify(after), "the correction is kept");
      assert((await roundResults(page, 1))[1].endsWith("20:44"), "the corrected result is kept");
      // Undo takes a correction back like any entry.
      await page.click("[data-testid=club-edit-1-1]");
      await page.fill("[data-edit='0']", "24");
      await page.fill("[data-edit='1']", "40");
      await page.click("[data-testid=club-save-correction]");
      await page.waitForFunction(() => !document.querySelector("[data-testid=club-edit]"));
      assert((await roundResults(page, 1))[0].endsWith("24:40"), "corrected again");
      await page.click("[data-testid=club-undo]");
      await page.waitForFunction(() => document.querySelector(".club-results li li span").textContent.endsWith("40:24"));
      assert(JSON.stringify(await standingsRows(page)) === JSON.stringify(after), "undo restores the standings");
      // Escape leaves a result as it was.
      await page.click("[data-testid=club-edit-2-1]");
      await page.fill("[data-edit='0']", "1");
      await page.press("[data-edit='0']", "Escape");
      await page.waitForFunction(() => !document.querySelector("[data-testid=club-edit]"));
      assert(JSON.stringify(await roundResults(page, 2)) === JSON.stringify(laterRounds[0]), "cancelled");
      // The focus goes back once the form is gone (an effect after the redraw).
      await page
        .waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "club-edit-2-1", null, { timeout: 5000 })
        .catch(() => {});
      const focusedAfter = await page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);
      assert(focusedAfter === "club-edit-2-1", `the focus returns to the button: ${focusedAfter}`);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "an Opok correction (a select), and the tournament saved as CSV and loaded back; a bad file is refused": async () => {
      const players = ["Ann, 1900, Praha", 'Bob "the Wall", 1800', "Cid", "Dan", "Eva"];
      const page = await start("opok", "swiss", players, 4);
      await playRounds(page, false, (round, board) => (board === 0 ? [0.5, 0.5] : [1, 0]), 2);
      await page.click("[data-testid=club-players] li:nth-child(5) button");
      await page.waitForSelector("text=withdrawn after round 2");
      // Correct round 1, board 1 (a draw) to a win of the second player.
      const before = await standingsRows(page);
      await page.click("[data-testid=club-edit-1-1]");
      assert((await page.inputValue("[data-testid=club-edit] select")) === "0.5-0.5", "the select holds the result entered");
      await page.selectOption("[data-testid=club-edit] select", "0-1");
      await page.click("[data-testid=club-save-correction]");
      await page.waitForFunction(() => !document.querySelector("[data-testid=club-edit]"));
      assert((await roundResults(page, 1))[0].endsWith("0:1"), (await roundResults(page, 1))[0]);
      assert(JSON.stringify(await standingsRows(page)) !== JSON.stringify(before), "the standings changed");
      // Saved as CSV and as JSON.
      const csv = await saved(page, "Save the tournament (CSV)");
      const json = JSON.parse(await saved(page, "Save the tournament (JSON)"));
      assert(csv.startsWith("record,game,format,size,rounds\r\ntournament,opok,swiss,8,4\r\n"), csv);
      assert(csv.includes('player,"Bob ""the Wall""",1800,,\r\n'), csv);
      const shownBefore = await standingsRows(page);
      const resultsBefore = await page.textContent("[data-testid=club-results]");
      // A bad file, then the standings table, are refused; the tournament stays.
      const stored = await page.evaluate(() => localStorage.getItem("mind-sports.club"));
      const lines = csv.split("\r\n").length;
      await load(page, "bad.csv", csv + 'game,3,"Zed","Ann",1,0\r\n');
      await page.waitForSelector("[data-testid=club-message]");
      const message = await page.textContent("[data-testid=club-message]");
      assert(message === `The file was not loaded, and the tournament in progress is unchanged: line ${lines}: "Zed" is not a player of this tournament`, message);
      assert(JSON.stringify(await standingsRows(page)) === JSON.stringify(shownBefore), "the standings are kept");
      assert((await page.evaluate(() => localStorage.getItem("mind-sports.club"))) === stored, "the stored tournament is kept");
      const standingsCsv = await saved(page, "Standings as CSV");
      await load(page, "standings.csv", standingsCsv);
      await page.waitForFunction(() => document.querySelector("[data-testid=club-message]").textContent.includes("standings table"));
      await load(page, "broken.csv", 'tournament,opok,swiss,8,4\nplayer,"Ann\n');
      await page.waitForFunction(() => document.querySelector("[data-testid=club-message]").textContent.includes("line 2: a quoted field is never closed"));
      await shot(page, "club-import-refused");
      assert(JSON.stringify(await standingsRows(page)) === JSON.stringify(shownBefore), "still kept");
      // A fresh browser loads the CSV: the same tournament (the JSON it
      // saves is the JSON saved here), the same standings and results.
      const other = await start("opok", "swiss", ["X", "Y"], 2);
      await load(other, "tournament.csv", csv);
      await other.waitForSelector("text=The tournament is loaded.");
      const again = JSON.parse(await saved(other, "Save the tournament (JSON)"));
      assert(JSON.stringify(again) === JSON.stringify(json), `${JSON.stringify(again)} against ${JSON.stringify(json)}`);
      assert(JSON.stringify(await standingsRows(other)) === JSON.stringify(shownBefore), "the same standings");
      assert((await other.textContent("[data-testid=club-results]")) === resultsBefore, "the same results");
      assert((await saved(other, "Save the tournament (CSV)")) === csv, "the same CSV");
      // And it goes on: the next round is paired as on the first page.
      await page.click("[data-testid=club-pair]");
      await other.click("[data-testid=club-pair]");
      const pairsOf = (p) => p.$$eval("[data-testid=club-round] tbody tr", (rows) => rows.map((r) => r.textContent));
      assert(JSON.stringify(await pairsOf(page)) === JSON.stringify(await pairsOf(other)), "the same pairings");
      // Opok's slips: first and second player, a result to circle.
      await other.click("[data-testid=club-print-slips]");
      const slip = await other.textContent("[data-testid=club-slip]");
      assert(slip.includes("Round 3 · Board 1") && slip.includes("First") && slip.includes("Second") && slip.includes("Result (circle one)"), slip);
      await other.setViewportSize({ width: 360, height: 800 });
      await other.locator("[data-testid=club-slips]").screenshot({ path: join(artifacts, "club-slips-opok-360.png") });
      // Undo takes the load back.
      await other.click("[data-testid=club-undo]");
      await other.waitForFunction(() => document.querySelectorAll("[data-testid=club-players] li").length === 2);
      assert(page.errors.length === 0 && other.errors.length === 0, page.errors.concat(other.errors).join("\n"));
    },

    "the round's result slips, as printed": async () => {
      const players = Array.from({ length: 14 }, (_, i) => `Player ${i + 1} ${"Longname".repeat(i % 3)}`);
      const page = await start("othello", "swiss", players, 5);
      await playRounds(page, true, (_, board) => [33 + board, 31 - board], 1);
      await page.click("[data-testid=club-pair]");
      await page.waitForSelector("[data-testid=club-round]");
      const boards = await page.$$eval("[data-testid=club-round] tbody tr", (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
      assert(boards.length === 7, `${boards.length} boards`);
      await page.click("[data-testid=club-print-slips]");
      await page.waitForSelector("[data-testid=club-slips]");
      await page.waitForFunction(() => window.printed === 1);
      const slips = await page.$$eval("[data-testid=club-slip]", (list) => list.map((s) => s.textContent));
      assert(slips.length === 7, `${slips.length} slips`);
      for (const [i, [board, black, white]] of boards.entries()) {
        const slip = slips[i];
        assert(slip.includes(`Round 2 · Board ${board}`) && slip.includes(`● Black${black}`) && slip.includes(`○ White${white}`), slip);
        assert(slip.includes("Discs") && slip.includes("Signature") && slip.includes("Othello 8×8"), slip);
      }
      await page.setViewportSize({ width: 360, height: 800 });
      await shot(page, "club-slips-360");
      await page.locator("[data-testid=club-slips]").screenshot({ path: join(artifacts, "club-slips-360-detail.png") });
      // Printed: the slips alone, none split across pages.
      await page.setViewportSize({ width: 794, height: 1123 });
      await page.emulateMedia({ media: "print" });
      await shot(page, "club-slips-print");
      for (const hidden of ["[data-testid=club-standings]", "[data-testid=club-round]", "h1", "[data-testid=club-slips-close]", "[data-testid=club-results]"]) {
        assert(!(await page.isVisible(hidden)), `${hidden} is printed`);
      }
      assert(await page.isVisible("[data-testid=club-slip]"), "the slips are printed");
      const breaks = await page.$$eval("[data-testid=club-slip]", (list) => list.map((s) => getComputedStyle(s).breakInside));
      assert(breaks.every((b) => b === "avoid"), breaks.join());
      const pdf = await page.pdf({ format: "A4" });
      writeFileSync(join(artifacts, "club-slips.pdf"), pdf);
      const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) || []).length;
      assert(pages === 2, `7 slips on ${pages} A4 pages (5 to a page)`);
      await page.emulateMedia({ media: "screen" });
      // The page prints as before once the slips are closed.
      await page.click("[data-testid=club-slips-close]");
      await page.waitForFunction(() => !document.querySelector("[data-testid=club-slips]"));
      const focused = await page.evaluate(() => document.activeElement.getAttribute("data-testid"));
      assert(focused === "club-print-slips", `focus back on the button: ${focused}`);
      await page.emulateMedia({ media: "print" });
      assert(await page.isVisible("[data-testid=club-standings]"), "the standings print again");
      await page.emulateMedia({ media: "screen" });
      // Saving the round closes them for good: the next round's slips
      // are shown only when asked for.
      await page.click("[data-testid=club-print-slips]");
      await page.waitForFunction(() => window.printed === 2);
      for (let b = 0; b < boards.length; b++) {
        await page.fill(`[data-result="${b}-0"]`, "40");
        await page.fill(`[data-result="${b}-1"]`, "24");
      }
      await page.click("[data-testid=club-save]");
      await page.waitForFunction(() => !document.querySelector("[data-testid=club-slips]"));
      await page.click("[data-testid=club-pair]");
      await page.waitForSelector("[data-testid=club-round]");
      assert(!(await page.$("[data-testid=club-slips]")), "no slips until asked for");
      assert((await page.evaluate(() => window.printed)) === 2, "no print until asked for");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },
  });
} finally {
  await browser.close();
  server.stop();
}
process.exit(failed ? 1 : 0);
