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
import { serveDist, launchBrowser, freshPage, run, assert, root, shot, artifacts, closeAll } from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();
const ENGINE = join(root, "target", "release", "engine");

async function start(game, format, players, rounds = 5, viewport = { width: 1280, height: 900 }, lang = "en") {
  const page = await freshPage(browser, viewport);
  await page.addInitScript((lang) => localStorage.getItem("mind-sports.lang") || localStorage.setItem("mind-sports.lang", lang), lang);
  // Questions (a withdrawal, a new tournament) are answered yes unless a
  // test says otherwise; what they asked is kept.
  page.questions = [];
  page.answer = true;
  page.on("dialog", (dialog) => {
    page.questions.push(dialog.message());
    return page.answer ? dialog.accept() : dialog.dismiss();
  });
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
    rows.map((r) => [r.querySelector("th").firstChild.textContent, r.querySelectorAll("td")[1].textContent]),
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

/** The tournament kept in the browser, parsed (null when none). */
const kept = (page) =>
  page.evaluate(() => {
    const text = localStorage.getItem("mind-sports.club");
    return text ? JSON.parse(text) : null;
  });

/** Fills the page's storage to the last byte with junk, so that the next
 *  save fails as on a device whose storage is full. */
const fillStorage = (page) =>
  page.evaluate(() => {
    let chunk = "x".repeat(1 << 20);
    for (let i = 0; chunk.length > 0; i++) {
      try {
        localStorage.setItem(`junk${i}`, chunk);
      } catch {
        chunk = chunk.slice(0, chunk.length >> 1);
      }
    }
  });

/** Frees what `fillStorage` took. */
const freeStorage = (page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("junk")).forEach((k) => localStorage.removeItem(k)));

/** The setup form filled in with a name, place and date, and started. */
async function startNamed(page, players, rounds = 4) {
  await page.fill("[data-testid=club-name]", "Spring Open 2027");
  await page.fill("[data-testid=club-place]", "Praha, Klub Othello");
  await page.fill("[data-testid=club-date]", "2027-03-14");
  await page.fill("[data-testid=club-rounds]", String(rounds));
  await page.fill("[data-testid=club-player-list]", players.join("\n"));
  await page.click("[data-testid=club-start]");
  await page.waitForSelector("[data-testid=club-pair]");
}

/** A Brightwell sum as shown ("93 + 21 × 4 + 1 × 48"), worked out. */
function worked(sum) {
  const [discs, rest] = sum.split(" + ").reduce(
    ([first, terms], part, i) => (i === 0 ? [points(part), terms] : [first, terms.concat([part])]),
    [0, []],
  );
  return rest.reduce((total, term) => {
    const [a, b] = term.split(" × ").map(points);
    return total + a * b;
  }, discs);
}

/** A valid Othello tournament file of `n` players and `rounds` rounds
 *  played (each player plays every round; the first half against the
 *  second, shifted each round). */
function bigTournament(n, rounds) {
  const players = Array.from({ length: n }, (_, i) => ({ name: `Player ${i + 1}`, rating: 1000 + i, club: `Club ${i % 40}` }));
  const games = [];
  const half = n / 2;
  for (let round = 1; round <= rounds; round++) {
    for (let i = 0; i < half; i++) {
      const j = half + ((i + round) % half);
      const black = 20 + ((i * 7 + round) % 25);
      games.push({ round, black: players[i].name, white: players[j].name, score: [black, 64 - black] });
    }
  }
  return { name: "National Open", game: "othello", rounds: Math.max(rounds, 11), players, games };
}

/** The tests whose names contain $ONLY (all without it). */
const only = (tests) => Object.fromEntries(Object.entries(tests).filter(([name]) => name.includes(process.env.ONLY ?? "")));

let failed = 1;
try {
  failed = await run(only({
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
      // The refusal is said beside what was typed, which stays to be mended.
      const kept = [await page.inputValue("[data-edit='0']"), await page.inputValue("[data-edit='1']")];
      assert(JSON.stringify(kept) === '["60","31"]', `the fields after the refusal: ${kept}`);
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
      // A byte order mark first, for Excel (the reader takes it off).
      assert(csv.startsWith("\ufeffrecord,game,format,size,rounds,name,place,date\r\ntournament,opok,swiss,8,4,,,\r\n"), csv);
      assert(csv.includes('player,"Bob ""the Wall""",1800,,\r\n'), csv);
      const shownBefore = await standingsRows(page);
      const resultsBefore = await page.textContent("[data-testid=club-results]");
      // A bad file, then the standings table, are refused; the tournament stays.
      const stored = await page.evaluate(() => localStorage.getItem("mind-sports.club"));
      const lines = csv.split("\r\n").length;
      await load(page, "bad.csv", csv + 'game,3,"Zed","Ann",1,0\r\n');
      await page.waitForSelector("[data-testid=club-message]");
      const message = await page.textContent("[data-testid=club-message]");
      assert(message === `The file was not loaded, and the tournament in progress is unchanged: Line ${lines}: “Zed” is not a player of this tournament.`, message);
      assert(JSON.stringify(await standingsRows(page)) === JSON.stringify(shownBefore), "the standings are kept");
      assert((await page.evaluate(() => localStorage.getItem("mind-sports.club"))) === stored, "the stored tournament is kept");
      const standingsCsv = await saved(page, "Standings as CSV");
      await load(page, "standings.csv", standingsCsv);
      await page.waitForFunction(() => document.querySelector("[data-testid=club-message]").textContent.includes("standings table"));
      await load(page, "broken.csv", 'tournament,opok,swiss,8,4\nplayer,"Ann\n');
      await page.waitForFunction(() => document.querySelector("[data-testid=club-message]").textContent.includes("Line 2: A quoted field is never closed."));
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
      // Board, Black and White: the names beside the fields, without the marks.
      const boards = await page.$$eval("[data-testid=club-round] tbody tr", (rows) =>
        rows.map((r) => [...r.children].map((c) => c.textContent.replace(/^[●○] /, ""))).map((cells) => [cells[0], cells[1], cells[4]]),
      );
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

    "item 14: the Brightwell quotient is shown as its sum, with c, on screen and in print; a withdrawal is asked first": async () => {
      const players = ["Ann Black, 1850, Praha", "Bob White, 1720, Brno", "Cid Green", "Dan Grey", "Eva Brown"];
      const page = await start("othello", "swiss", players, 4);
      await playRounds(page, true, (_, board) => [40 - 4 * board, 24 + 4 * board], 1);
      const rule = await page.textContent("[data-testid=club-bq-rule]");
      assert(rule.includes("32 + c × the player's own points") && rule.includes("c = 16: 64 squares ÷ 4 rounds"), rule);
      // Bob's opponent of round 1.
      const round1 = await roundResults(page, 1);
      const bobs = round1.find((line) => line.includes("Bob White"));
      const opponent = bobs.split(" – ").map((s) => s.replace(/ \d+:\d+$/, "")).find((name) => name !== "Bob White");
      // A withdrawal is asked first; "no" changes nothing.
      page.answer = false;
      await page.click("[data-testid=club-players] li:nth-child(2) button");
      assert(page.questions.length === 1, page.questions.join(" | "));
      const question = page.questions[0];
      assert(question.startsWith("Withdraw Bob White after round 1?") && question.includes("set aside"), question);
      assert(!(await page.textContent("[data-testid=club-players]")).includes("withdrawn"), "not withdrawn on no");
      page.answer = true;
      await page.click("[data-testid=club-players] li:nth-child(2) button");
      await page.waitForSelector("text=withdrawn after round 1");
      // Every line's quotient is its sum, worked out.
      const lines = await page.$$eval("[data-testid=club-standings] tbody tr:not(.bq-details)", (rows) =>
        rows.map((r) => [r.querySelector("th").firstChild.textContent, r.querySelectorAll("td")[2].textContent, r.querySelector(".bq-sum").textContent]),
      );
      assert(lines.length === 5, lines.join(" | "));
      for (const [name, bq, sum] of lines) assert(worked(sum) === points(bq), `${name}: ${bq} = ${sum}`);
      // The opponent's game against Bob is set aside: their sum says so, and
      // their details say why.
      const row = lines.find(([name]) => name === opponent);
      assert(row[2].includes(" + 1 × "), `${opponent}: ${row[2]}`);
      const index = await page.$$eval("[data-testid=club-players] li", (items, name) => items.findIndex((li) => li.textContent.startsWith(name)), opponent);
      await page.click(`[data-testid=club-bq-${index}]`);
      await page.waitForSelector("[data-testid=club-bq-details]");
      const details = await page.textContent("[data-testid=club-bq-details]");
      assert(details.includes("Bob White") && details.includes("set aside: withdrew"), details);
      const total = await page.textContent("[data-testid=club-bq-total]");
      assert(total === `${row[2]} = ${row[1]}`, `${total} against ${row[2]} = ${row[1]}`);
      assert((await page.getAttribute(`[data-testid=club-bq-${index}]`, "aria-expanded")) === "true", "expanded");
      // Eva's bye is set aside too.
      const eva = lines.find(([name]) => name === "Eva Brown");
      assert(eva[2] === "0 + 16 × 0 + 1 × 48", `Eva: ${eva[2]}`);
      await shot(page, "club-bq-details");
      // In print: the rule, and every sum.
      await page.emulateMedia({ media: "print" });
      assert(await page.isVisible("[data-testid=club-bq-rule]"), "the rule is printed");
      assert(await page.isVisible("[data-testid=club-standings] tbody tr .bq-sum"), "the sums are printed");
      await shot(page, "club-bq-print");
      await page.emulateMedia({ media: "screen" });
      // The same figures as `engine standings`.
      const expected = await engineStandings(page);
      for (const e of expected) {
        const line = lines.find(([name]) => name === e.name);
        assert(points(line[1]) === e.brightwell, `${e.name}: ${line[1]} against ${e.brightwell}`);
      }
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "item 15: the tournament's name, place and date, ratings and clubs, labelled result fields with the bad board marked, no -0, the boards offered, 360 px": async () => {
      const page = await freshPage(browser, { width: 1280, height: 900 });
      page.on("dialog", (dialog) => dialog.accept());
      await page.goto(server.url + "#/club");
      await page.waitForSelector("[data-testid=club-start]");
      const sizes = await page.$$eval("[data-testid=club-size] option", (options) => options.map((o) => o.value));
      assert(JSON.stringify(sizes) === '["8","6","4"]', `boards offered: ${sizes}`);
      await startNamed(page, ["Ann Black, 1850, Praha", "Bob White, 1720, Brno", "Cid Green", "Dan Grey, 1540, Praha", "Eva Brown"]);
      assert((await page.textContent("[data-testid=club-title]")) === "Spring Open 2027", "the name heads the page");
      const event = await page.textContent("[data-testid=club-event]");
      assert(event.startsWith("Praha, Klub Othello · ") && event.includes("March") && event.includes("14") && event.includes("2027"), event);
      const summary = await page.textContent("[data-testid=club-summary]");
      assert(summary === "Othello 8×8 · Swiss · 4 rounds · 5 players", summary);
      const list = await page.textContent("[data-testid=club-players]");
      assert(list.includes("Ann Black · 1850 · Praha") && list.includes("Bob White · 1720 · Brno"), list);
      const table = () => page.textContent("[data-testid=club-standings]");
      assert((await table()).includes("1850 · Praha") && !(await table()).includes("-0"), await table());
      // Round 1: every field is labelled by its player's name.
      await page.click("[data-testid=club-pair]");
      await page.waitForSelector("[data-testid=club-round]");
      const labels = await page.$$eval("[data-testid=club-round] input", (inputs) => inputs.map((i) => (i.labels[0] ? i.labels[0].textContent : "")));
      assert(labels.length === 4 && labels.every((l) => /^[●○] \w+ \w+$/.test(l)), labels.join(" | "));
      // 50 + 30 on board 2: that board is marked and says why; board 1 is not.
      await page.fill('[data-result="0-0"]', "33");
      await page.fill('[data-result="0-1"]', "31");
      await page.fill('[data-result="1-0"]', "50");
      await page.fill('[data-result="1-1"]', "30");
      await page.click("[data-testid=club-save]");
      await page.waitForSelector("[data-testid=club-board-error]");
      const errors = await page.$$eval("[data-testid=club-board-error]", (rows) => rows.map((r) => r.textContent));
      assert(JSON.stringify(errors) === JSON.stringify(["Board 2: 50 + 30 = 80 discs, more than the board's 64 squares."]), errors.join(" | "));
      const invalid = await page.$$eval("[data-testid=club-round] input", (inputs) => inputs.map((i) => i.getAttribute("aria-invalid")));
      assert(JSON.stringify(invalid) === JSON.stringify([null, null, "true", "true"]), invalid.join());
      const focused = await page.evaluate(() => document.activeElement.getAttribute("data-result"));
      assert(focused === "1-0", `the focus is on board 2: ${focused}`);
      await page.setViewportSize({ width: 360, height: 800 });
      await shot(page, "club-board-marked-360");
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.fill('[data-result="1-0"]', "40");
      await page.fill('[data-result="1-1"]', "24");
      await page.click("[data-testid=club-save]");
      await page.waitForFunction(() => !document.querySelector("[data-testid=club-round]"));
      // The bye's discs are 0, never -0.
      assert(!(await table()).includes("-0"), await table());
      // The files carry the name, place and date; the print heads with them.
      const json = JSON.parse(await saved(page, "Save the tournament (JSON)"));
      assert(json.name === "Spring Open 2027" && json.place === "Praha, Klub Othello" && json.date === "2027-03-14", JSON.stringify(json));
      const csv = await saved(page, "Save the tournament (CSV)");
      assert(csv.includes('tournament,othello,swiss,8,4,"Spring Open 2027","Praha, Klub Othello",2027-03-14\r\n'), csv);
      const standingsCsv = await saved(page, "Standings as CSV");
      assert(standingsCsv.startsWith("\ufeffrank,name,rating,club,points,brightwell,discs,") && !standingsCsv.includes("-0"), standingsCsv);
      await page.emulateMedia({ media: "print" });
      assert((await page.isVisible("[data-testid=club-title]")) && (await page.isVisible("[data-testid=club-event]")), "the heading is printed");
      await page.emulateMedia({ media: "screen" });
      // At 360 px every column of the standings is on the screen.
      await page.setViewportSize({ width: 360, height: 800 });
      const fits = await page.$eval("[data-testid=club-standings]", (t) => {
        const box = t.getBoundingClientRect();
        return [box.right, t.parentElement.scrollWidth, t.parentElement.clientWidth];
      });
      assert(fits[0] <= 360 && fits[1] <= fits[2], `the standings at 360 px: ${fits}`);
      await shot(page, "club-standings-360");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "item 15: Czech and Russian words (4 kola, an action to withdraw)": async () => {
      const players = ["Ann", "Bob", "Cid", "Dan", "Eva"];
      const cs = await start("othello", "swiss", players, 4, { width: 1280, height: 900 }, "cs");
      const csSummary = await cs.textContent("[data-testid=club-summary]");
      assert(csSummary === "Othello 8×8 · Švýcarský · 4 kola · 5 hráčů", csSummary);
      const ru = await start("othello", "swiss", players.slice(0, 3), 4, { width: 1280, height: 900 }, "ru");
      const ruSummary = await ru.textContent("[data-testid=club-summary]");
      assert(ruSummary === "Отелло 8×8 · Швейцарская · 4 тура · 3 участника", ruSummary);
      const button = await ru.textContent("[data-testid=club-players] li:nth-child(1) button");
      assert(button === "Снять с турнира", button);
      assert((await ru.getAttribute("[data-testid=club-players] li:nth-child(1) button", "aria-label")) === "Снять с турнира: Ann", "named");
      assert(cs.errors.length === 0 && ru.errors.length === 0, cs.errors.concat(ru.errors).join("\n"));
    },

    "item 22: a 10 000-player file is refused with a clear message and the kept tournament stays; a file at the limit is drawn in bounded time": async () => {
      const page = await start("othello", "swiss", ["Ann", "Bob", "Cid"], 3);
      await playRounds(page, true, () => [33, 31], 1);
      const before = await page.evaluate(() => localStorage.getItem("mind-sports.club"));
      const rows = await standingsRows(page);
      const huge = { game: "othello", rounds: 9, players: Array.from({ length: 10000 }, (_, i) => ({ name: `Player ${i + 1}` })), games: [] };
      const hugeCsv = "tournament,othello,swiss,8,9\r\n" + huge.players.map((p) => `player,"${p.name}",,,\r\n`).join("");
      for (const [name, text] of [["huge.json", JSON.stringify(huge)], ["huge.csv", hugeCsv]]) {
        const where = name.endsWith(".csv") ? "Line 1002: " : "";
        const expected = `The file was not loaded, and the tournament in progress is unchanged: ${where}The tournament has 10000 players; the club page takes at most 1000.`;
        await load(page, name, text);
        await page
          .waitForFunction((expected) => document.querySelector("[data-testid=club-message]")?.textContent === expected, expected, { timeout: 20000 })
          .catch(() => {});
        const message = await page.textContent("[data-testid=club-message]");
        assert(message === expected, message);
        assert((await page.evaluate(() => localStorage.getItem("mind-sports.club"))) === before, "the kept tournament is unchanged");
        assert(JSON.stringify(await standingsRows(page)) === JSON.stringify(rows), "the page shows it still");
      }
      await page.reload();
      await page.waitForSelector("[data-testid=club-standings]");
      assert(JSON.stringify(await standingsRows(page)) === JSON.stringify(rows), "after a reload too");
      // At the limit: 1000 players and 100 rounds, all played (50 000
      // games). Drawn (the last round's results; the others open on
      // request), then kept.
      const limit = JSON.stringify(bigTournament(1000, 100));
      const started = Date.now();
      await load(page, "limit.json", limit);
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=club-standings] tbody tr").length === 1000, null, { timeout: 60000 });
      const drawn = Date.now() - started;
      await page.waitForFunction(() => (localStorage.getItem("mind-sports.club") || "").includes("National Open"));
      assert((await kept(page)).games.length === 50000, "kept once drawn");
      console.log(`     1000 players, 100 rounds (${limit.length} bytes): drawn in ${drawn} ms`);
      assert(drawn < 15000, `drawn in ${drawn} ms`);
      const open = await page.$$eval(".club-results details", (rounds) => rounds.map((d) => d.open));
      assert(open.length === 100 && open.filter(Boolean).length === 1 && open[99], `the last round open: ${open.filter(Boolean).length}`);
      await page.click(".club-results > li:nth-child(1) summary");
      await page.waitForFunction(() => document.querySelectorAll(".club-results > li:nth-child(1) li").length === 500);
      // A withdrawal at that size.
      const clicked = Date.now();
      await page.click("[data-testid=club-players] li:nth-child(500) button");
      await page.waitForSelector("text=withdrawn after round 100");
      console.log(`     a withdrawal among 1000 players: ${Date.now() - clicked} ms`);
      assert(Date.now() - clicked < 5000, "a withdrawal is quick");
      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=club-standings] tbody tr").length === 1000, null, { timeout: 60000 });
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "item 24: a save that fails is told on the page, and the kept copy stays as it was": async () => {
      const page = await start("othello", "swiss", ["Ann", "Bob", "Cid", "Dan"], 3);
      await playRounds(page, true, () => [33, 31], 1);
      const round1 = await page.evaluate(() => localStorage.getItem("mind-sports.club"));
      await fillStorage(page);
      await playRounds(page, true, () => [40, 24], 1);
      await page.waitForSelector("[data-testid=club-unsaved]");
      const said = await page.textContent("[data-testid=club-unsaved]");
      assert(said.includes("Not saved on this device") && said.includes("Save the tournament to a file"), said);
      assert(await page.isVisible("[data-testid=store-failed]"), "the app's banner tells it too");
      assert((await page.evaluate(() => localStorage.getItem("mind-sports.club"))) === round1, "the kept copy is round 1's");
      assert((await page.$$(".club-results > li")).length === 2, "the page shows round 2");
      await shot(page, "club-unsaved");
      // Space freed: saved again on request.
      await freeStorage(page);
      await page.click("[data-testid=club-save-again]");
      await page.waitForFunction(() => !document.querySelector("[data-testid=club-unsaved]"));
      assert((await kept(page)).games.filter((g) => g.round === 2).length === 2, "round 2 is kept now");
      // Full again: a reload shows what is kept, never what was not saved.
      await fillStorage(page);
      await playRounds(page, true, () => [40, 24], 1);
      await page.waitForSelector("[data-testid=club-unsaved]");
      await page.reload();
      await page.waitForSelector("[data-testid=club-standings]");
      assert((await page.$$(".club-results > li")).length === 2, "after a reload, the two rounds kept");
      await freeStorage(page);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "item 25: an unreadable kept tournament is set aside and told; when it cannot be, nothing is saved over it": async () => {
      const text = JSON.stringify({ game: "othello", rounds: 3, organiser: "Eve", players: [{ name: "Ann" }, { name: "Bob" }], games: [] });
      const page = await freshPage(browser, { width: 1280, height: 900 });
      page.on("dialog", (dialog) => dialog.accept());
      await page.goto(server.url);
      await page.evaluate((text) => localStorage.setItem("mind-sports.club", text), text);
      await page.goto(server.url + "#/club");
      await page.waitForSelector("[data-testid=club-unreadable]");
      const notice = await page.textContent("[data-testid=club-unreadable]");
      assert(notice.includes("could not be read") && notice.includes("“organiser”") && notice.includes("set aside under “mind-sports.club.unreadable”"), notice);
      const storage = await page.evaluate(() => [localStorage.getItem("mind-sports.club"), localStorage.getItem("mind-sports.club.unreadable")]);
      assert(storage[0] === null && storage[1] === text, JSON.stringify(storage));
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=club-unreadable-download]")]);
      assert(readFileSync(await download.path(), "utf8") === text, "the download is the text kept");
      await shot(page, "club-unreadable");
      // No room to set it aside: it stays, and a new tournament is not
      // saved over it until it is dealt with.
      const full = await freshPage(browser, { width: 1280, height: 900 });
      full.on("dialog", (dialog) => dialog.accept());
      await full.goto(server.url);
      await full.evaluate((text) => localStorage.setItem("mind-sports.club", text), text);
      await fillStorage(full);
      await full.goto(server.url + "#/club");
      await full.waitForSelector("[data-testid=club-unreadable]");
      const kept1 = await full.textContent("[data-testid=club-unreadable]");
      assert(kept1.includes("no room to set it aside"), kept1);
      await full.fill("[data-testid=club-player-list]", "Cid\nDan");
      await full.click("[data-testid=club-start]");
      await full.waitForSelector("[data-testid=club-unsaved]");
      assert((await full.textContent("[data-testid=club-unsaved]")).includes("nothing is saved over it"), "blocked");
      assert((await full.evaluate(() => localStorage.getItem("mind-sports.club"))) === text, "the unreadable one is still there");
      await freeStorage(full);
      await full.click("[data-testid=club-unreadable-retry]");
      await full.waitForFunction(() => !document.querySelector("[data-testid=club-unreadable]"));
      await full.waitForFunction(() => !document.querySelector("[data-testid=club-unsaved]"));
      const after = await full.evaluate(() => [JSON.parse(localStorage.getItem("mind-sports.club")).players.length, localStorage.getItem("mind-sports.club.unreadable")]);
      assert(after[0] === 2 && after[1] === text, JSON.stringify(after));
      assert(page.errors.length === 0 && full.errors.length === 0, page.errors.concat(full.errors).join("\n"));
    },

    "item 26: names that look like formulas are written as text in both CSV files, and read back": async () => {
      const players = ["=cmd|' /C calc'!A0", "+41 Bob", "-Cid", "@Dan", "Eva"];
      const page = await start("opok", "swiss", players, 3);
      await playRounds(page, false, () => [1, 0], 1);
      const csv = await saved(page, "Save the tournament (CSV)");
      const standingsCsv = await saved(page, "Standings as CSV");
      for (const file of [csv, standingsCsv]) {
        // Every text field is quoted: none may start, inside its quotes, as a formula.
        assert(!/,"[=+\-@\t\r]/.test(file), file);
        for (const name of ["'=cmd|' /C calc'!A0", "'+41 Bob", "'-Cid", "'@Dan"]) assert(file.includes(`"${name}"`), `${name} in ${file}`);
      }
      const other = await start("opok", "swiss", ["X", "Y"], 2);
      await load(other, "tournament.csv", csv);
      await other.waitForSelector("text=The tournament is loaded.");
      const names = await other.$$eval("[data-testid=club-players] .player-name", (spans) => spans.map((s) => s.textContent));
      assert(JSON.stringify(names) === JSON.stringify(players), names.join(" | "));
      assert(page.errors.length === 0 && other.errors.length === 0, page.errors.concat(other.errors).join("\n"));
    },

    "item 30: an entry that is a game and a bye, and names that are not names, are refused with a sentence in the reader's language": async () => {
      const page = await start("nim", "swiss", ["Ann", "Bob", "Cid"], 3);
      const file = { game: "nim", rounds: 2, players: [{ name: "Ann" }, { name: "Bob" }, { name: "Cid" }], games: [{ round: 1, black: "Ann", white: "Bob", score: [1, 0], bye: "Cid" }] };
      await load(page, "mixed.json", JSON.stringify(file));
      await page.waitForSelector("[data-testid=club-message]");
      const message = await page.textContent("[data-testid=club-message]");
      assert(message.endsWith("An entry of round 1 names both a game and a bye: it must be one or the other."), message);
      // Late entries: nothing visible, or a name already there.
      for (const [typed, said] of [["\u200b\u00a0", "The name is empty."], [" Ann\u200b", "“Ann” is a player already."]]) {
        await page.fill("[data-testid=club-late]", typed);
        await page.press("[data-testid=club-late]", "Enter");
        await page.waitForSelector("[data-testid=club-late-error]");
        assert((await page.textContent("[data-testid=club-late-error]")) === said, await page.textContent("[data-testid=club-late-error]"));
      }
      assert((await page.$$("[data-testid=club-players] li")).length === 3, "no entry added");
      // The setup form in Czech.
      const cs = await freshPage(browser, { width: 1280, height: 900 });
      await cs.addInitScript(() => localStorage.setItem("mind-sports.lang", "cs"));
      await cs.goto(server.url + "#/club");
      await cs.waitForSelector("[data-testid=club-start]");
      for (const [list, said] of [
        ["Ann\n\u200b, 1500\nBob", "Řádek 2: Jméno je prázdné."],
        ["Ann\nB\u001b[2Jb", "Řádek 2: Jméno obsahuje řídicí znak (U+001B)."],
        ["Ann\nAnn\u00a0", "Řádek 2: „Ann“ už je hráčem turnaje."],
        ["Ann", "Turnaj potřebuje alespoň dva hráče."],
      ]) {
        await cs.fill("[data-testid=club-player-list]", list);
        await cs.click("[data-testid=club-start]");
        await cs.waitForFunction((said) => document.querySelector("[data-testid=club-setup-error]")?.textContent === said, said, { timeout: 5000 }).catch(() => {});
        assert((await cs.textContent("[data-testid=club-setup-error]")) === said, `${JSON.stringify(list)}: ${await cs.textContent("[data-testid=club-setup-error]")}`);
      }
      assert(page.errors.length === 0 && cs.errors.length === 0, page.errors.concat(cs.errors).join("\n"));
    },
  }));
} finally {
  await closeAll({ browser, server });
}
process.exit(failed ? 1 : 0);
