// End-to-end tests of running a club's event from the organiser's view
// (issue 29), beside events.mjs: players added, withdrawn and late-entered
// through the page, a bye, a forfeit by the start limit, a result entered,
// corrected and undone, the log saying who and when, a player's private
// link opened in another browser and played from, the pairings and live
// frames on another origin, the printed page, and the exports read by
// `engine standings`; creating an event from settings and by uploading a
// file (and the refusals of bad ones, said in words); a browser that
// cannot keep the private link. After each step the page's standings are checked
// against `GET /api/v1/events/<id>/standings`.
import { mkdtempSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eventApi, createEvent } from "./event-api.mjs";
import { serveSite, root, artifacts, launchBrowser, freshPage, acceptDialogs, run, assert, shot, hostPage, spoken, screenshotsToDocs, refuseStorage, closeAll } from "./browser.mjs";

const DIST = process.env.DIST ?? join(root, "dist");
const ENGINE = process.env.ENGINE ?? join(root, "target", "release", "engine");
const state = mkdtempSync(join(tmpdir(), "mind-sports-event-manage-"));

// A club's site on another origin embedding the event's frames.
const host = createServer((req, res) => {
  const src = new URL(req.url, "http://x").searchParams.get("src") ?? "";
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(hostPage(src, 900, new URL(url).origin));
});
await new Promise((resolve) => host.listen(0, "127.0.0.1", resolve));
const HOST = `http://127.0.0.1:${host.address().port}`;

const server = await serveSite(DIST, 0, ["--state", state, "--embed-origin", HOST]);
const url = server.url;
const browser = await launchBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the pages asked (their confirmations). */
const questions = [];

async function open(fragment, viewport = DESKTOP, options = {}) {
  const page = await freshPage(browser, viewport, options);
  // Publishing, undo and withdrawals ask first; the organiser says yes.
  acceptDialogs(page, questions);
  await page.goto(url + fragment);
  return page;
}

const api = eventApi(url);

/** The standings table of `page` (or a frame): [name, points] in order. */
const tablePoints = (page) =>
  page.$$eval("[data-testid=club-standings] tbody tr", (rows) =>
    rows.filter((r) => r.querySelector("th")).map((r) => [r.querySelector("th").firstChild.textContent.trim(), Number(r.querySelectorAll("td")[1].textContent.replace("½", ".5"))]));

/** The server's standings of `id`: [name, points] in order. */
const apiPoints = async (id) => (await api(`/events/${id}/standings`)).body.standings.map((s) => [s.name, s.points]);

/** Waits until the page's standings equal the server's (they follow the
 *  live stream), and returns them. */
async function standingsAgree(page, id, what) {
  let seen;
  let expected;
  for (let i = 0; i < 80; i++) {
    expected = JSON.stringify(await apiPoints(id));
    seen = JSON.stringify(await tablePoints(page).catch(() => null));
    if (seen === expected) return JSON.parse(seen);
    await sleep(250);
  }
  throw new Error(`${what}: the page's standings ${seen} are not the server's ${expected}`);
}

const status = (page) => page.textContent("[data-testid=online-status]");
const over = (text) => /wins|drawn/.test(text);

/** Plays one online game (its two players' pages) a move at a time until
 *  `stop` says so or the game is over, the first legal square each move. */
async function play(pair, stop = async () => false) {
  for (let turn = 0; turn < 200; turn++) {
    const texts = await Promise.all(pair.map(status));
    if (texts.every(over) || (await stop())) return;
    const mover = pair.find((_, k) => texts[k].endsWith("Your move."));
    const legal = mover ? await mover.$$(".square.legal") : [];
    if (legal.length) {
      const before = await mover.$$eval("[data-testid=moves] li", (l) => l.length);
      await legal[0].click();
      await mover.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before, { timeout: 10000 });
    }
    await sleep(50);
  }
  throw new Error("the game did not end");
}

/** Adds `name` through the organiser's form; returns their private link. */
async function addPlayer(page, name) {
  const links = (await page.$$("[data-testid=event-player-link]")).length;
  await page.fill("[data-testid=event-add-name]", name);
  await page.click("[data-testid=event-add]");
  await page.waitForFunction((n) => document.querySelectorAll("[data-testid=event-player-link]").length > n, links, { timeout: 10000 });
  const all = await page.$$eval("[data-testid=event-player-link]", (codes) => codes.map((c) => [c.parentElement.querySelector("strong").textContent, c.textContent]));
  return all.find(([who]) => who === name)[1];
}

/** Enters `score` on board `round-board` through the organiser's fields. */
async function enter(page, round, board, score) {
  await page.fill(`[data-score='${round}-${board}-0']`, String(score[0]));
  await page.fill(`[data-score='${round}-${board}-1']`, String(score[1]));
  await page.click(`[data-testid=event-score-${round}-${board}] [data-testid=event-score-send]`);
  const shown = `${score[0]}–${score[1]}`;
  try {
    await page.waitForFunction(([r, b, s]) => document.querySelector(`[data-testid=event-board-${r}-${b}] [data-testid=event-result]`)?.textContent === s, [round, board, shown], { timeout: 10000 });
  } catch (error) {
    // What the page shows instead: the board, the notice, the fields.
    const seen = await page.evaluate(([r, b]) => ({
      result: document.querySelector(`[data-testid=event-board-${r}-${b}] [data-testid=event-result]`)?.textContent,
      notice: document.querySelector("[data-testid=event-notice]")?.textContent,
      form: document.querySelector(`[data-testid=event-score-${r}-${b}]`)?.innerText,
      fields: [...document.querySelectorAll(`[data-testid=event-score-${r}-${b}] input`)].map((f) => f.value),
    }), [round, board]);
    throw new Error(`board ${round}-${board} does not show ${shown}: ${JSON.stringify(seen)} (${error.message})`);
  }
}

let event;
let organiser;
/** The organiser's token (the test's own requests act as the organiser). */
let organiserToken;
/** The players' private links, and their pages (each its own context). */
const links = {};
const players = {};
let frames;

let failed = 1;
try {
  failed = await run({
    "the organiser adds four players and hands out their links; the standings are the server's": async () => {
      const created = await createEvent(api, "Town Rapid", { rounds: 3, start_limit_s: 600 });
      event = created.event;
      organiserToken = created.organiser;
      organiser = await open(`#/event/${event}?organiser=${created.organiser}`);
      await organiser.waitForSelector("[data-testid=event-organiser]");
      for (const name of ["Ann", "Ben", "Cat", "Dan"]) links[name] = await addPlayer(organiser, name);
      for (const link of Object.values(links)) assert(/#\/event\/[a-z0-9]+\?player=[0-9a-f]{40}$/.test(link), link);
      const points = await standingsAgree(organiser, event, "after the additions");
      assert(points.length === 4, JSON.stringify(points));
    },

    "Cat withdraws before round 1; round 1 has a bye; each player's link opens their view in another browser": async () => {
      await organiser.click("[data-testid=event-withdraw][aria-label='Withdraw: Cat']");
      assert(/^Withdraw Cat\?/.test(questions.at(-1)), `the question names the player: ${questions.at(-1)}`);
      await organiser.waitForFunction(() => /Cat \(withdrawn\)/.test(document.querySelector(".event-organiser .club-players").textContent), null, { timeout: 10000 });
      const listed = (await api(`/events/${event}/players`)).body.players.find((p) => p.name === "Cat");
      assert(listed.withdrawn_after === 0, JSON.stringify(listed));
      await organiser.click("[data-testid=event-publish]");
      await organiser.waitForSelector("[data-testid=event-round-1]");
      const round = (await api(`/events/${event}/rounds`)).body.rounds[0];
      assert(round.boards.length === 1 && round.bye, `three players: one board and a bye: ${JSON.stringify(round)}`);
      assert((await organiser.textContent("[data-testid=event-round-1] [data-testid=event-bye]")).includes(round.bye), "the page shows the bye");
      for (const name of ["Ann", "Ben", "Dan"]) {
        const page = await freshPage(browser, name === "Dan" ? PHONE : DESKTOP);
        await page.goto(links[name]);
        await page.waitForSelector("[data-testid=event-player]");
        assert(!page.url().includes("player="), `the token left the address: ${page.url()}`);
        assert((await page.textContent("[data-testid=event-player]")).includes(`as ${name}`), name);
        players[name] = page;
      }
      await players[round.bye].waitForFunction(() => /bye/i.test(document.querySelector("[data-testid=event-your-game]").textContent));
      await shot(players.Dan, "event-manage-player-link-360");
      await standingsAgree(organiser, event, "after round 1's bye");
    },

    "the pairings and live frames on another origin: the live frame follows the boards' moves and clocks": async () => {
      const round = (await api(`/events/${event}/rounds`)).body.rounds[0];
      const board = round.boards[0];
      frames = {};
      for (const view of ["pairings", "live"]) {
        const src = `${url}#/embed/event?id=${event}&view=${view}&parent=${encodeURIComponent(HOST)}`;
        frames[view] = await freshPage(browser, DESKTOP);
        await frames[view].goto(`${HOST}/host?src=${encodeURIComponent(src)}`);
        await frames[view].waitForFunction(() => window.got.some((m) => m.data.type === "ready"), null, { timeout: 15000 });
      }
      const pairings = frames.pairings.frames().find((f) => f.url().includes("view=pairings"));
      await pairings.waitForSelector("[data-testid=event-board-1-1]");
      const row = await pairings.textContent("[data-testid=event-board-1-1]");
      assert(row.includes(board.black) && row.includes(board.white), `the pairings frame shows board 1: ${row}`);
      assert((await pairings.textContent("[data-testid=event-bye]")).includes(round.bye), "the pairings frame shows the bye");
      assert(!(await pairings.$("[data-testid=event-score-send]")), "no result fields in a frame");
      const watch = await pairings.$eval("[data-testid=event-board-1-1] [data-testid=event-watch]", (a) => [a.target, a.href]);
      assert(watch[0] === "_blank" && watch[1].startsWith(url) && watch[1].includes(`#/online/othello/${board.game}`), `a game opens in a tab of its own, not in the frame: ${watch}`);
      // The players open their game from their links' pages.
      const pair = [];
      for (const name of [board.black, board.white]) {
        await players[name].click("[data-testid=event-play]");
        await players[name].waitForSelector("[data-testid=online-game]");
        pair.push(players[name]);
      }
      const live = frames.live;
      const outer = live.frames().find((f) => f.url().includes("view=live"));
      await outer.waitForSelector("[data-testid=event-live-board]");
      assert((await outer.$$("[data-testid=event-live-board]")).length === round.boards.length, "a live board per board of the round");
      const inner = () => live.frames().find((f) => f.url().includes(`live=${board.game}`));
      for (let i = 0; i < 60 && !inner(); i++) await sleep(250);
      assert(inner(), "the live board's game frame");
      await inner().waitForSelector("[data-testid=embed] .square", { timeout: 15000 });
      await inner().waitForSelector("[data-testid=live-clock-0]", { timeout: 15000 });
      const boardHtml = () => inner().$eval(".embed-board", (b) => b.innerHTML);
      const before = await boardHtml();
      // Two moves: the board in the frame changes with them.
      let moves = 0;
      await play(pair, async () => ++moves > 2);
      await live.waitForFunction(() => true);
      let changed = false;
      for (let i = 0; i < 40 && !changed; i++) {
        changed = (await boardHtml()) !== before;
        if (!changed) await sleep(250);
      }
      assert(changed, "the live frame's board follows the moves");
      const clocks = await inner().$$eval("[data-testid^=live-clock-]", (c) => c.map((e) => e.textContent));
      assert(clocks.length === 2 && clocks.every((c) => /^\d+:\d\d/.test(c)), `the live frame's clocks: ${clocks}`);
      // Each clock says whose it is: the board's players, in its order.
      const owners = await inner().$$eval(".embed-clock-name", (c) => c.map((e) => e.textContent));
      const seated = [board.black, board.white];
      assert(JSON.stringify(owners) === JSON.stringify(seated), `the clocks' owners: ${owners} (${seated})`);
      await shot(live, "event-live-frame-1280");
      await shot(frames.pairings, "event-pairings-frame-1280");
      await play(pair);
      await organiser.waitForFunction(() => /^\d+–\d+/.test(document.querySelector("[data-testid=event-board-1-1] [data-testid=event-result]").textContent), null, { timeout: 15000 });
      await standingsAgree(organiser, event, "after round 1's game");
    },

    "Eve enters late and is paired from round 2; the organiser enters round 2's results": async () => {
      await organiser.goto(url + `#/event/${event}`);
      await organiser.waitForSelector("[data-testid=event-organiser]");
      links.Eve = await addPlayer(organiser, "Eve");
      const eve = (await api(`/events/${event}/players`)).body.players.find((p) => p.name === "Eve");
      assert(eve && eve.points === 0, JSON.stringify(eve));
      await organiser.click("[data-testid=event-publish]");
      await organiser.waitForSelector("[data-testid=event-round-2]");
      const round = (await api(`/events/${event}/rounds`)).body.rounds[1];
      const paired = round.boards.flatMap((b) => [b.black, b.white]).sort();
      assert(JSON.stringify(paired) === JSON.stringify(["Ann", "Ben", "Dan", "Eve"]), `Eve paired, Cat not: ${paired}`);
      // Board 2's result is half typed when board 1's arrives from
      // elsewhere (the organiser's other device): the page redraws and
      // keeps what is typed.
      await organiser.fill("[data-score='2-2-0']", "3");
      const other = await api(`/events/${event}/manage`, { token: organiserToken, action: { type: "result", round: 2, board: 1, score: [10, 6] } });
      assert(other.status === 200, JSON.stringify(other));
      await organiser.waitForFunction(() => document.querySelector("[data-testid=event-board-2-1] [data-testid=event-result]")?.textContent === "10–6", null, { timeout: 10000 });
      const kept = await organiser.inputValue("[data-score='2-2-0']");
      assert(kept === "3", `the half-typed result after a redraw: "${kept}"`);
      await enter(organiser, 2, 2, [3, 13]);
      await standingsAgree(organiser, event, "after round 2's results");
    },

    "the organiser corrects a finished result, the standings recompute; undo takes it back": async () => {
      const before = await standingsAgree(organiser, event, "before the correction");
      await enter(organiser, 2, 1, [4, 12]);
      const corrected = await standingsAgree(organiser, event, "after the correction");
      assert(JSON.stringify(corrected) !== JSON.stringify(before), `the correction changed the standings: ${JSON.stringify(corrected)}`);
      await organiser.click("[data-testid=event-undo]");
      assert(/^Take back the last result/.test(questions.at(-1)), `undo asks first: ${questions.at(-1)}`);
      await organiser.waitForFunction(() => /round 2, board 1: taken back/.test(document.querySelector("[data-testid=event-notice]")?.textContent ?? ""), null, { timeout: 10000 });
      await organiser.waitForFunction(() => document.querySelector("[data-testid=event-board-2-1] [data-testid=event-result]").textContent === "10–6", null, { timeout: 10000 });
      const undone = await standingsAgree(organiser, event, "after undo");
      assert(JSON.stringify(undone) === JSON.stringify(before), `undo gave back ${JSON.stringify(undone)}, not ${JSON.stringify(before)}`);
    },

    "the log says each change, who made it and when": async () => {
      await organiser.click("[data-testid=event-show-log]");
      await organiser.waitForSelector("[data-testid=event-log] li");
      const lines = await organiser.$$eval("[data-testid=event-log] li", (l) => l.map((e) => e.textContent));
      const has = (who, words) => lines.some((l) => l.includes(` · ${who} · `) && l.includes(words) && /\d{1,2}:\d\d:\d\d/.test(l));
      for (const [who, words] of [
        ["organiser", "Ann entered"], ["organiser", "Cat withdrew before the first round"], ["organiser", "round 1 published"],
        ["server", "round 1, board 1"], ["organiser", "Eve entered"], ["organiser", "round 2, board 1: 10–6"],
        ["organiser", "round 2, board 1 corrected to 4–12"], ["organiser", "round 2, board 1: taken back"],
      ]) assert(has(who, words), `the log says "${words}" by ${who}, with its time: ${lines.join("\n")}`);
      await shot(organiser, "event-organiser-log-1280");
    },

    "the printed page shows the standings and pairings without the controls": async () => {
      const printed = await freshPage(browser, DESKTOP);
      await printed.goto(url + `#/event/${event}`);
      await printed.waitForSelector("[data-testid=club-standings]");
      await printed.close();
      await organiser.emulateMedia({ media: "print" });
      try {
        await shot(organiser, "event-print-1280");
        for (const shown of ["club-standings", "event-round-2", "event-round-1"]) {
          assert(await organiser.isVisible(`[data-testid=${shown}]`), `${shown} is printed`);
        }
        for (const hidden of ["event-organiser", "event-score-2-1", "event-watch"]) {
          const seen = await organiser.$$eval(`[data-testid=${hidden}]`, (all) => all.some((e) => e.getClientRects().length > 0));
          assert(!seen, `${hidden} is not printed`);
        }
      } finally {
        await organiser.emulateMedia({ media: "screen" });
      }
    },

    "the JSON and CSV exports download, and engine standings on them gives the page's standings": async () => {
      const page = await tablePoints(organiser);
      const server = (await api(`/events/${event}/standings`)).body;
      for (const kind of ["json", "csv"]) {
        const [download] = await Promise.all([organiser.waitForEvent("download"), organiser.click(`[data-testid=event-export-${kind}]`)]);
        const file = join(state, `export.${kind}`);
        await download.saveAs(file);
        assert(download.suggestedFilename() === `Town Rapid.${kind}`, `named after the event: ${download.suggestedFilename()}`);
        assert(readFileSync(file, "utf8").includes("Eve"), `the ${kind} export holds the late entry`);
        const engine = JSON.parse(execFileSync(ENGINE, ["standings", file, "--json"], { encoding: "utf8" }));
        assert(JSON.stringify(engine) === JSON.stringify(server), `engine standings on the ${kind} export is the server's: ${JSON.stringify(engine).slice(0, 300)}`);
        const points = engine.standings.map((s) => [s.name, s.points]);
        assert(JSON.stringify(points) === JSON.stringify(page), `engine standings on the ${kind} export is the page's: ${JSON.stringify(points)} / ${JSON.stringify(page)}`);
      }
      // Everyone's spreadsheets under the standings: a workbook, and the
      // standings as CSV with a byte order mark (semicolons when asked).
      const spreadsheet = async (testid) => {
        const [download] = await Promise.all([organiser.waitForEvent("download"), organiser.click(`[data-testid=${testid}]`)]);
        const file = join(state, download.suggestedFilename());
        await download.saveAs(file);
        return { name: download.suggestedFilename(), bytes: readFileSync(file) };
      };
      const book = await spreadsheet("event-download-xlsx");
      assert(book.name === "Town Rapid.xlsx" && book.bytes.subarray(0, 2).toString() === "PK", `a workbook: ${book.name}`);
      const semicolons = await spreadsheet("event-download-csv-semicolon");
      const text = semicolons.bytes.toString("utf8");
      assert(text.startsWith("\ufeffrank;name;") && text.includes('"Eve"'), `standings CSV: ${text.slice(0, 120)}`);
    },

    "a player who does not start within the start limit forfeits; the bye and the forfeit are in the standings": async () => {
      const created = await createEvent(api, "Quick start", { rounds: 2, start_limit_s: 6 });
      const id = created.event;
      const page = await open(`#/event/${id}?organiser=${created.organiser}`);
      await page.waitForSelector("[data-testid=event-organiser]");
      const quick = {};
      for (const name of ["Ola", "Pat", "Quin"]) quick[name] = await addPlayer(page, name);
      await page.click("[data-testid=event-publish]");
      await page.waitForSelector("[data-testid=event-round-1]");
      const round = (await api(`/events/${id}/rounds`)).body.rounds[0];
      // White opens the game; Black never comes and is absent at the limit.
      const white = await freshPage(browser, DESKTOP);
      await white.goto(quick[round.boards[0].white]);
      await white.click("[data-testid=event-play]");
      await white.waitForSelector("[data-testid=online-game]");
      await page.waitForFunction((who) => document.querySelector("[data-testid=event-board-1-1] [data-testid=event-how]")?.textContent.includes(`${who} forfeited`), round.boards[0].black, { timeout: 20000 });
      assert((await page.textContent("[data-testid=event-board-1-1] [data-testid=event-result]")).startsWith("2–14"), "a forfeit at the start of 4×4 is 2–14");
      const points = Object.fromEntries(await standingsAgree(page, id, "after the forfeit"));
      assert(points[round.boards[0].white] === 1 && points[round.bye] === 1 && points[round.boards[0].black] === 0, JSON.stringify(points));
      await page.click("[data-testid=event-show-log]");
      await page.waitForFunction(() => /server · round 1: the start limit passed/.test(document.querySelector("[data-testid=event-log]")?.textContent ?? ""), null, { timeout: 10000 }).catch(async () => {
        throw new Error(`the log says the start limit: ${await page.textContent("[data-testid=event-log]")}`);
      });
      await shot(page, "event-forfeit-1280");
      await white.context().close();
    },

    "an event is created from settings alone on #/event/new (a phone), and its organiser's view opens": async () => {
      const page = await open("#/event/new", PHONE);
      await page.waitForSelector("[data-testid=event-create-settings]");
      await page.fill("[data-testid=event-new-name]", "Spring Open");
      // The numbers typed first stay while the form redraws for another game.
      await page.fill("[data-testid=event-new-rounds]", "3");
      await page.fill("[data-testid=event-new-start-limit]", "5");
      await page.selectOption("[data-testid=event-new-game]", "nim");
      await page.selectOption("[data-testid=event-new-game]", "othello");
      const typed = [await page.inputValue("[data-testid=event-new-rounds]"), await page.inputValue("[data-testid=event-new-start-limit]")];
      assert(JSON.stringify(typed) === '["3","5"]', `the rounds and start limit after choosing the game: ${typed}`);
      await page.selectOption("[data-testid=event-new-size]", "4");
      await page.selectOption("[data-testid=event-new-control]", "3+2");
      await page.selectOption("[data-testid=event-new-format]", "round_robin");
      await shot(page, "event-create-360");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `the form fits 360 px (${overflow} px over)`);
      // By keyboard: Enter in a field submits the form.
      await page.focus("[data-testid=event-new-name]");
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-testid=event-organiser]", { timeout: 15000 });
      assert(!page.url().includes("organiser="), `the token left the address: ${page.url()}`);
      const id = page.url().match(/#\/event\/([a-z0-9]+)/)[1];
      const summary = (await api(`/events/${id}`)).body;
      assert(summary.name === "Spring Open" && summary.setup.game === "othello" && summary.setup.rules.includes("size=4"), JSON.stringify(summary));
      assert(summary.format === "round-robin" && summary.start_limit_s === 300 && summary.setup.timing.control === "3+2", JSON.stringify(summary));
      assert((await page.textContent("[data-testid=event-format]")) === "Round robin", "the page says the pairing");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "an event is created by uploading a tournament file (the CSV exported above, and a JSON file)": async () => {
      const page = await open("#/event/new");
      await page.waitForSelector("[data-testid=event-create-upload]");
      await page.selectOption("[data-testid=event-upload-control]", "5+3");
      await page.setInputFiles("[data-testid=event-upload-file]", join(state, "export.csv"));
      await page.waitForSelector("[data-testid=event-organiser]", { timeout: 15000 });
      const id = page.url().match(/#\/event\/([a-z0-9]+)/)[1];
      assert(JSON.stringify(await apiPoints(id)) === JSON.stringify(await apiPoints(event)), "the uploaded event has the exported event's standings");
      assert((await page.textContent("[data-testid=event-control]")) === "5+3", "the chosen control");
      const json = await open("#/event/new");
      await json.waitForSelector("[data-testid=event-create-upload]");
      const file = JSON.stringify({ name: "Club night", game: "othello", format: "swiss", size: 4, rounds: 2, players: ["Ada", "Bo", "Cy"].map((name) => ({ name })), games: [] });
      await json.setInputFiles("[data-testid=event-upload-file]", { name: "club.json", mimeType: "application/json", buffer: Buffer.from(file) });
      await json.waitForSelector("[data-testid=event-organiser]", { timeout: 15000 });
      assert((await json.textContent("[data-testid=event-players]")).startsWith("3"), "the file's players");
    },

    "a bad or hostile upload is refused in words, and nothing is created": async () => {
      const page = await open("#/event/new");
      await page.waitForSelector("[data-testid=event-create-upload]");
      const many = JSON.stringify({ name: "Huge", game: "othello", format: "swiss", size: 8, rounds: 5, players: Array.from({ length: 10000 }, (_, i) => ({ name: `P${i}` })), games: [] });
      const huge = "x".repeat(300 * 1024);
      const markup = JSON.stringify({ name: "Night", game: "othello", format: "swiss", size: 4, rounds: 2, players: [{ name: "<script>alert(1)</script>" }, { name: "Bo" }], games: [] });
      for (const [file, words] of [
        ["{ not json", /not a tournament file/],
        [markup, /may not contain < or >/],
        [many, /too many players/],
        [huge, /too large/],
        ["name,points\n", /not a tournament (file|table)/],
      ]) {
        await page.setInputFiles("[data-testid=event-upload-file]", { name: "bad.json", mimeType: "application/json", buffer: Buffer.from(file) });
        await page.waitForFunction((re) => new RegExp(re).test(document.querySelector("[data-testid=event-upload-problem]")?.textContent ?? ""), words.source, { timeout: 15000 }).catch(async () => {
          throw new Error(`${words}: ${await page.textContent("[data-testid=event-upload-problem]").catch(() => "(nothing said)")}`);
        });
        assert(words.test(await spoken(page, (t) => words.test(t), 3000)), `${words} is announced`);
        assert(page.url().endsWith("#/event/new"), "no event was opened");
      }
      await shot(page, "event-upload-refused-1280");
      // An event's name with markup is refused in words, as players' and
      // clubs' names are (names end up on clubs' websites), and nothing
      // is created.
      await page.fill("[data-testid=event-new-name]", "<b>Bold</b> Cup");
      await page.click("[data-testid=event-new-create]");
      await page.waitForFunction(() => /may not contain < or >/.test(document.querySelector("[data-testid=event-create-problem]")?.textContent ?? ""), null, { timeout: 15000 });
      assert(page.url().endsWith("#/event/new"), "no event was opened");
      // The refusals' answers (400, 413) are the console's only complaints.
      const other = page.errors.filter((e) => !/status of (400|413)/.test(e));
      assert(other.length === 0, other.join("\n"));
    },

    "a browser that cannot keep the private link says so, shows the link to copy, and keeps the seat while open": async () => {
      const created = await createEvent(api, "No storage", { rounds: 1 });
      const id = created.event;
      const page = await freshPage(browser, PHONE);
      await refuseStorage(page, "mind-sports.events");
      await page.goto(url + `#/event/${id}?organiser=${created.organiser}`);
      await page.waitForSelector("[data-testid=event-keep-link]", { timeout: 15000 });
      const link = await page.inputValue("[data-testid=event-keep-link-value]");
      assert(link.endsWith(`#/event/${id}?organiser=${created.organiser}`), link);
      assert(/could not keep your private link/.test(await spoken(page, (t) => /could not keep/.test(t), 5000)), "announced");
      await page.waitForSelector("[data-testid=event-organiser]");
      await shot(page, "event-keep-link-360");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `the page fits 360 px (${overflow} px over)`);
      await page.reload();
      await page.waitForSelector("[data-testid=event-organiser]", { timeout: 15000 });
      // A player who registers in such a browser is told the same, with their link.
      const player = await freshPage(browser, DESKTOP);
      await refuseStorage(player, "mind-sports.events");
      await player.goto(url + `#/event/${id}`);
      await player.waitForSelector("[data-testid=event-register]");
      await player.fill("[data-testid=event-name-input]", "Zoe");
      await player.click("[data-testid=event-register-button]");
      await player.waitForSelector("[data-testid=event-keep-link]");
      await player.waitForSelector("[data-testid=event-player]");
      const mine = await player.inputValue("[data-testid=event-keep-link-value]");
      assert(new RegExp(`#/event/${id}\\?player=[0-9a-f]{40}$`).test(mine), mine);
      const other = await open(mine.slice(mine.indexOf("#")));
      await other.waitForSelector("[data-testid=event-player]");
      assert((await other.textContent("[data-testid=event-player]")).includes("as Zoe"), "the link is Zoe's");
    },
  });
  if (!failed) screenshotsToDocs("events", ["event-live-frame-1280", "event-pairings-frame-1280", "event-print-1280", "event-organiser-log-1280", "event-create-360", "event-upload-refused-1280", "event-keep-link-360"]);
} finally {
  await closeAll({ browser, server, hosts: [host], folders: [state] });
}
process.exit(failed ? 1 : 0);
