// End-to-end tests of a club's event run on the server (issue 29) through
// the real server: the organiser's page, four players registering from
// four browser contexts, two rounds paired and played online to the end
// (one board over the board, its result entered by both players), the
// standings followed live in an embed frame on another origin, and the
// server killed (SIGKILL) mid-round and restarted on the same port and
// state without losing anything.
import { mkdtempSync, existsSync, statSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, extname } from "node:path";
import { eventApi, createEvent } from "./event-api.mjs";
import { serveSite, root, artifacts, launchBrowser, freshPage, acceptDialogs, run, assert, shot, spoken, hostPage, screenshotsToDocs, closeAll } from "./browser.mjs";

const DIST = process.env.DIST ?? join(root, "dist");
const state = mkdtempSync(join(tmpdir(), "mind-sports-events-"));

// A club's site on another origin embedding the event's standings.
const host = createServer((req, res) => {
  const src = new URL(req.url, "http://x").searchParams.get("src") ?? "";
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(hostPage(src, 520, new URL(url).origin));
});
await new Promise((resolve) => host.listen(0, "127.0.0.1", resolve));
const HOST = `http://127.0.0.1:${host.address().port}`;

// The same site served as static files only (no club server).
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json", ".png": "image/png" };
const staticSite = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const file = join(DIST, path.endsWith("/") ? path + "index.html" : path);
  if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory()) {
    res.writeHead(404, { "content-type": "text/plain" });
    return res.end("not found");
  }
  res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
  res.end(readFileSync(file));
});
await new Promise((resolve) => staticSite.listen(0, "127.0.0.1", resolve));
const STATIC = `http://127.0.0.1:${staticSite.address().port}/`;

/** A club manager's file: 4 players, 2 Swiss rounds of 4×4 Othello, none played. */
const CLUB_FILE = JSON.stringify({
  name: "Club night", game: "othello", format: "swiss", size: 4, rounds: 2,
  players: ["Ada", "Bo", "Cy", "Di"].map((name) => ({ name })), games: [],
});

/** Loads CLUB_FILE into the club page `page`. */
async function loadClubFile(page) {
  await page.waitForSelector("[data-testid=club-import]", { state: "attached" });
  await page.setInputFiles("[data-testid=club-import]", { name: "club.json", mimeType: "application/json", buffer: Buffer.from(CLUB_FILE) });
  await page.waitForSelector("[data-testid=club-run-online]");
}

/** Starts the server on `port` (0: a free one) with the test's state. */
const start = (port) => serveSite(DIST, port, ["--state", state, "--embed-origin", HOST]);

let server = await start(0);
const url = server.url;
const port = Number(new URL(url).port);

/** Kills the server with SIGKILL mid-round and starts it again on the
 *  same port and state. */
async function crashAndRestart() {
  await new Promise((resolve) => {
    server.child.once("exit", resolve);
    server.child.kill("SIGKILL");
  });
  server = await start(port);
}

const browser = await launchBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

async function open(fragment, viewport = DESKTOP) {
  const page = await freshPage(browser, viewport);
  // Publishing asks first; the organiser says yes.
  acceptDialogs(page);
  await page.goto(url + fragment);
  return page;
}

const api = eventApi(url);

const status = (page) => page.textContent("[data-testid=online-status]");
const over = (text) => /wins|drawn/.test(text);

/** Plays the online games of `pairs` (each [first, second] on their game
 *  pages) to their ends, the first legal square each move. */
async function playOut(pairs) {
  const active = [...pairs];
  for (let turn = 0; turn < 200 && active.length; turn++) {
    for (let i = active.length - 1; i >= 0; i--) {
      const players = active[i];
      const texts = await Promise.all(players.map(status));
      if (texts.every(over)) {
        active.splice(i, 1);
        continue;
      }
      const mover = players.find((_, k) => texts[k].endsWith("Your move."));
      if (!mover) continue;
      const legal = await mover.$$(".square.legal");
      if (!legal.length) continue;
      const before = await mover.$$eval("[data-testid=moves] li", (l) => l.length);
      await legal[0].click();
      await mover.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before, { timeout: 10000 });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert(active.length === 0, "every game was played to its end");
}

/** The player pages by name. */
const byName = {};
let event;
let organiser;
let embed;

/** Opens each player's game of the round from their event page ("Play"). */
async function toGames(round, names) {
  const pages = [];
  for (const name of names) {
    const page = byName[name];
    await page.goto(url + `#/event/${event}`);
    await page.waitForFunction((r) => (document.querySelector("[data-testid=event-your-game]")?.textContent ?? "").includes(`round ${r}`), round, { timeout: 15000 });
    await page.click("[data-testid=event-play]");
    await page.waitForSelector("[data-testid=online-game]");
    pages.push(page);
  }
  return pages;
}

/** The boards of the event's last round. */
const lastRound = async () => (await api(`/events/${event}/rounds`)).body.rounds.at(-1);

/** The standings' points in the embed frame, by name. */
async function framePoints() {
  const frame = embed.frames().find((f) => f.url().includes("#/embed/event"));
  return frame.$$eval("[data-testid=club-standings] tbody tr", (rows) =>
    Object.fromEntries(rows.filter((r) => r.querySelector("th")).map((r) => [r.querySelector("th").firstChild.textContent, r.querySelectorAll("td")[1].textContent])));
}

let failed = 1;
try {
  failed = await run({
    "the organiser creates an event and opens the private link; the token leaves the address": async () => {
      const created = await createEvent(api, "Autumn Blitz", { rounds: 2, start_limit_s: 600 });
      event = created.event;
      organiser = await open(`#/event/${event}?organiser=${created.organiser}`);
      await organiser.waitForSelector("[data-testid=event-organiser]");
      assert(!organiser.url().includes("organiser="), `the token left the address: ${organiser.url()}`);
      assert((await organiser.textContent("[data-testid=event-name]")) === "Autumn Blitz", "the name");
      assert((await organiser.textContent("[data-testid=event-game]")).includes("4×4"), "the board");
      assert((await organiser.textContent("[data-testid=event-control]")) === "3+2", "the time control");
      await organiser.reload();
      await organiser.waitForSelector("[data-testid=event-organiser]");
    },

    "four players register from four browsers (one a phone); the page says who they are": async () => {
      for (const [name, viewport] of [["Eva", DESKTOP], ["Petr", PHONE], ["Ivan", DESKTOP], ["Olga", DESKTOP]]) {
        const page = await open(`#/event/${event}`, viewport);
        await page.waitForSelector("[data-testid=event-register]");
        await page.fill("[data-testid=event-name-input]", name);
        await page.click("[data-testid=event-register-button]");
        await page.waitForSelector("[data-testid=event-player]");
        assert((await page.textContent("[data-testid=event-player]")).includes(`as ${name}`), name);
        byName[name] = page;
      }
      // A name with markup is refused and said.
      const other = await open(`#/event/${event}`);
      await other.waitForSelector("[data-testid=event-register]");
      await other.fill("[data-testid=event-name-input]", "<b>x</b>");
      await other.click("[data-testid=event-register-button]");
      await other.waitForSelector("[data-testid=event-register-problem]");
      await other.close();
      await organiser.waitForFunction(() => document.querySelector("[data-testid=event-players]").textContent.startsWith("4"));
      await shot(byName.Petr, "event-registered-360");
    },

    "the standings are embedded on another origin, which hears ready and resize": async () => {
      const src = `${url}#/embed/event?id=${event}&view=standings&parent=${encodeURIComponent(HOST)}`;
      embed = await freshPage(browser, DESKTOP);
      await embed.goto(`${HOST}/host?src=${encodeURIComponent(src)}`);
      await embed.waitForFunction(() => window.got.some((m) => m.data.type === "ready"), null, { timeout: 15000 });
      await embed.waitForFunction(() => window.got.some((m) => m.data.type === "resize"), null, { timeout: 15000 });
      const points = await framePoints();
      assert(Object.keys(points).length === 4, JSON.stringify(points));
    },

    "round 1 is published: each player hears their game, one board played online, one over the board": async () => {
      await organiser.click("[data-testid=event-publish]");
      await organiser.waitForSelector("[data-testid=event-round-1]");
      for (const page of Object.values(byName)) {
        await page.waitForFunction(() => /round 1/.test(document.querySelector("[data-testid=event-your-game]")?.textContent ?? ""), null, { timeout: 15000 });
        assert((await spoken(page, (t) => t.includes("round 1"), 5000)).includes("round 1"), "the game is announced");
      }
      await shot(organiser, "event-organiser-1280");
      await shot(byName.Petr, "event-player-360");
      const round = await lastRound();
      const [online, overTheBoard] = round.boards;
      // Board 2 over the board: both players enter 10–6; the first entry waits.
      const [b, w] = [byName[overTheBoard.black], byName[overTheBoard.white]];
      for (const [page, i] of [[b, 0], [w, 1]]) {
        await page.fill(`[data-score='1-2-0']`, "10");
        await page.fill(`[data-score='1-2-1']`, "6");
        await page.click("[data-testid=event-score-1-2] [data-testid=event-score-send]");
        await page.waitForSelector("[data-testid=event-player-notice]");
        // One entry does not count, and the public never sees it.
        if (i === 0) {
          const waiting = (await lastRound()).boards[1];
          assert(waiting.score === null && waiting.reported.every((r) => r === null), JSON.stringify(waiting));
        }
      }
      await organiser.waitForFunction(() => document.querySelector("[data-testid=event-board-1-2] [data-testid=event-result]").textContent === "10–6");
      // Board 1 online to the end.
      const pages = await toGames(1, [online.black, online.white]);
      await playOut([pages]);
      await organiser.waitForFunction(() => /^\d+–\d+/.test(document.querySelector("[data-testid=event-board-1-1] [data-testid=event-result]").textContent), null, { timeout: 15000 });
      // The embed followed: two points handed out.
      await embed.waitForFunction(() => true);
      let total = 0;
      for (let i = 0; i < 50; i++) {
        total = Object.values(await framePoints()).reduce((s, p) => s + Number(p.replace("½", ".5")), 0);
        if (total === 2) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      assert(total === 2, `the embedded standings hand out 2 points: ${JSON.stringify(await framePoints())}`);
      await shot(embed, "event-embed-host-1280");
    },

    "round 2 is published, the server is killed mid-round and restarted; the round is played to its end": async () => {
      await organiser.goto(url + `#/event/${event}`);
      await organiser.waitForSelector("[data-testid=event-publish]");
      await organiser.click("[data-testid=event-publish]");
      await organiser.waitForSelector("[data-testid=event-round-2]");
      const round = await lastRound();
      const pairs = [];
      for (const board of round.boards) pairs.push(await toGames(2, [board.black, board.white]));
      // A move on board 1, then the crash.
      const mover = async (pages) => {
        for (let i = 0; i < 100; i++) {
          for (const p of pages) if ((await status(p)).endsWith("Your move.")) return p;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error("nobody to move");
      };
      const first = await mover(pairs[0]);
      await (await first.$$(".square.legal"))[0].click();
      await first.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 1);
      await crashAndRestart();
      const after = await lastRound();
      assert(JSON.stringify(after.boards.map((b) => [b.black, b.white, b.game])) === JSON.stringify(round.boards.map((b) => [b.black, b.white, b.game])), "the round survived");
      const game = await api(`/games/${round.boards[0].game}`);
      assert(game.status === 200, `the game survived: ${JSON.stringify(game)}`);
      for (const pages of pairs) for (const p of pages) await p.waitForFunction(() => document.querySelector("[data-testid=online-status]").textContent.endsWith("Your move.") || /opponent|Waiting|move/.test(document.querySelector("[data-testid=online-status]").textContent), null, { timeout: 20000 });
      await playOut(pairs);
      await organiser.waitForFunction(() => document.querySelector("[data-testid=event-stage]").textContent === "Finished", null, { timeout: 15000 });
      let total = 0;
      for (let i = 0; i < 50; i++) {
        total = Object.values(await framePoints()).reduce((s, p) => s + Number(p.replace("½", ".5")), 0);
        if (total === 4) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      assert(total === 4, `the embedded standings after two rounds: ${JSON.stringify(await framePoints())}`);
    },

    "the club page's Run online puts its tournament on the server and opens the organiser's view; a static site says it needs the server": async () => {
      const club = await open("#/club");
      await loadClubFile(club);
      assert((await club.getAttribute("[data-testid=club-new-event]", "href")) === "#/event/new", "Run online links the creation page");
      await club.selectOption("[data-testid=club-run-control]", "5+3");
      await club.click("[data-testid=club-run-online]");
      await club.waitForSelector("[data-testid=event-organiser]", { timeout: 15000 });
      assert(!club.url().includes("organiser="), `the token left the address: ${club.url()}`);
      assert((await club.textContent("[data-testid=event-name]")) === "Club night", "the file's name");
      assert((await club.textContent("[data-testid=event-control]")) === "5+3", "the chosen control");
      assert((await club.textContent("[data-testid=event-players]")).startsWith("4"), "the file's players");
      await club.click("[data-testid=event-publish]");
      await club.waitForSelector("[data-testid=event-round-1]");
      assert(club.errors.length === 0, club.errors.join("\n"));
      const offline = await freshPage(browser, DESKTOP);
      await offline.goto(STATIC + "#/club");
      await loadClubFile(offline);
      await offline.click("[data-testid=club-run-online]");
      await offline.waitForFunction(() => /needs? the club's own server/.test(document.querySelector("[data-testid=club-run-note]")?.textContent ?? ""), null, { timeout: 15000 });
    },

    "the organiser's log, the public page's standings and pairings, printed and on a phone": async () => {
      await organiser.click("[data-testid=event-show-log]");
      await organiser.waitForSelector("[data-testid=event-log] li");
      const log = await organiser.textContent("[data-testid=event-log]");
      for (const words of ["event created", "Eva entered", "round 1 published", "round 2 published", "entered by a player"]) {
        assert(log.includes(words), `the log says ${words}: ${log.slice(0, 400)}`);
      }
      const visitor = await open(`#/event/${event}`);
      await visitor.waitForSelector("[data-testid=club-standings]");
      await visitor.waitForSelector("[data-testid=event-round-2]");
      assert(!(await visitor.$("[data-testid=event-organiser]")), "a visitor has no organiser's view");
      await shot(visitor, "event-public-1280");
      await visitor.emulateMedia({ media: "print" });
      await shot(visitor, "event-print");
      const phone = await open(`#/event/${event}`, PHONE);
      await phone.waitForSelector("[data-testid=event-round-2]");
      await phone.waitForSelector("[data-testid=club-standings]");
      await shot(phone, "event-public-360");
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `the phone page fits 360 px (${overflow} px over)`);
      for (const page of [visitor, phone]) assert(page.errors.length === 0, page.errors.join("\n"));
      // The pages open through the restart saw requests fail while the
      // server was down; nothing else.
      for (const page of [organiser, ...Object.values(byName)]) {
        const other = page.errors.filter((e) => !/net::ERR_|WebSocket connection/.test(e));
        assert(other.length === 0, other.join("\n"));
      }
      screenshotsToDocs("events", ["event-public-1280", "event-public-360", "event-organiser-1280", "event-player-360", "event-embed-host-1280"]);
    },
  });
} finally {
  await closeAll({ browser, server, hosts: [host, staticSite], folders: [state] });
}
process.exit(failed ? 1 : 0);
