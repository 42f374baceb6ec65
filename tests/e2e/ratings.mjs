// End-to-end tests of a club on the server (issue 29) through the real
// server: the club created from `#/club` (its private link keeps the token
// and leaves the address), an event run online in the club ("Run online"
// offers it), its rounds driven through the API for speed, then the club
// page's rating list against `GET /clubs/<id>/ratings` (every player, the
// numbers, the provisional marks), sorting by the headers (mouse and
// keyboard, `aria-sort`), a player's history, the ratings frame on another
// origin following a new result live, the custom element
// `kind="ratings"`, and the snippet builder's club frames.
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveSite, root, artifacts, launchBrowser, freshPage, run, assert, shot, hostPage, screenshotsToDocs, refuseStorage, closeAll } from "./browser.mjs";

const DIST = process.env.DIST ?? join(root, "dist");
const state = mkdtempSync(join(tmpdir(), "mind-sports-ratings-"));

// A club's site on another origin: a frame (`/host?src=…`) or the custom
// element (`/element?club=…`).
const host = createServer((req, res) => {
  const query = new URL(req.url, "http://x").searchParams;
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  if (req.url.startsWith("/element")) {
    const club = (query.get("club") ?? "").replace(/[^a-z0-9]/g, "");
    return res.end(`<!doctype html><meta charset="utf-8"><title>club site</title>
<h1 style="font-family:sans-serif">Our club</h1>
<script src="${url}embed.js" defer></script>
<mind-sports-board kind="ratings" club="${club}" style="max-width:640px"></mind-sports-board>`);
  }
  res.end(hostPage(query.get("src") ?? "", 560, new URL(url).origin));
});
await new Promise((resolve) => host.listen(0, "127.0.0.1", resolve));
const HOST = `http://127.0.0.1:${host.address().port}`;

/** A club manager's file: 6 players, 3 Swiss rounds of 4×4 Othello. */
const CLUB_FILE = JSON.stringify({
  name: "Autumn cup", game: "othello", format: "swiss", size: 4, rounds: 3,
  players: ["Ada", "Bo", "Cy", "Di", "Eva", "Fil"].map((name) => ({ name })), games: [],
});

const server = await serveSite(DIST, 0, ["--state", state, "--embed-origin", HOST]);
const url = server.url;
const browser = await launchBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

const api = async (path, body) => {
  const res = await fetch(url + "api/v1" + path, body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
};

let club;
let event;
let organiserToken;
let owner;

/** The discs of board `b`: a win, a draw, a loss by turns (4×4: 16 discs). */
const SCORES = [[10, 6], [8, 8], [3, 13]];

/** Publishes the next round and enters every board's result. */
async function playRound() {
  const manage = (action) => api(`/events/${event}/manage`, { token: organiserToken, action });
  const published = await manage({ type: "publish" });
  assert(published.status === 200, `publish: ${JSON.stringify(published)}`);
  const rounds = (await api(`/events/${event}/rounds`)).body.rounds;
  const round = rounds.at(-1);
  for (const board of round.boards) {
    const score = SCORES[(board.board + round.round) % SCORES.length];
    const done = await manage({ type: "result", round: round.round, board: board.board, score });
    assert(done.status === 200, `result: ${JSON.stringify(done)}`);
  }
}

/** The rating list as a page shows it: name, rank, rating, games, provisional. */
const shown = (page) => page.$$eval("[data-testid=ratings-row]", (rows) => rows.map((row) => ({
  rank: Number(row.querySelector("[data-testid=ratings-rank]").textContent),
  name: row.querySelector("[data-testid=ratings-name]").textContent,
  rating: row.querySelector("[data-testid=ratings-rating]").dataset.rating,
  games: Number(row.querySelector("[data-testid=ratings-games]").textContent),
  provisional: row.dataset.provisional === "true",
  marked: !!row.querySelector("[data-testid=ratings-provisional]"),
})));

/** The list the server gives, written as the page writes it. */
async function expected() {
  const list = (await api(`/clubs/${club}/ratings`)).body;
  return list.players.map((p) => ({
    rank: p.rank, name: p.name, rating: `${p.rating.toFixed(0)} ±${p.deviation.toFixed(0)}`,
    games: p.games, provisional: p.provisional, marked: p.provisional,
  }));
}

/** The ratings frame of page `page`. */
const ratingsFrame = (page) => page.frames().find((f) => f.url().includes("#/embed/ratings"));

let failed = 1;
try {
  failed = await run({
    "a club is created from #/club; its private link keeps the token and leaves the address": async () => {
      owner = await freshPage(browser, DESKTOP);
      await owner.goto(url + "#/club");
      await owner.waitForSelector("[data-testid=club-on-server]");
      await owner.fill("[data-testid=club-server-name]", "Brno Othello Club");
      await owner.click("[data-testid=club-server-create]");
      await owner.waitForSelector("[data-testid=club-page]", { timeout: 15000 });
      const hash = await owner.evaluate(() => location.hash);
      assert(/^#\/clubs\/[a-z0-9]+$/.test(hash), `the token left the address: ${hash}`);
      club = hash.slice("#/clubs/".length);
      assert((await owner.textContent("[data-testid=club-name]")) === "Brno Othello Club", "the club's name");
      const kept = JSON.parse(await owner.evaluate(() => localStorage.getItem("mind-sports.clubs")));
      assert(kept[club]?.token, `the token is kept: ${JSON.stringify(kept)}`);
      const link = await owner.inputValue("[data-testid=club-private-link]");
      assert(link.endsWith(`#/clubs/${club}?token=${kept[club].token}`), `the private link: ${link}`);
      await owner.waitForSelector("[data-testid=club-no-events]");
      // The club's token is not a visitor's: a fresh browser has no private link.
      const visitor = await freshPage(browser, DESKTOP);
      await visitor.goto(url + `#/clubs/${club}`);
      await visitor.waitForSelector("[data-testid=club-page]");
      assert(!(await visitor.$("[data-testid=club-private-link]")), "a visitor sees no private link");
      await visitor.close();
    },

    "a name with markup is refused and said": async () => {
      const page = await freshPage(browser, DESKTOP);
      await page.goto(url + "#/club");
      await page.waitForSelector("[data-testid=club-on-server]");
      await page.fill("[data-testid=club-server-name]", "<b>x</b>");
      await page.click("[data-testid=club-server-create]");
      await page.waitForFunction(() => /1 to 100 characters/.test(document.querySelector("[data-testid=club-server-note]")?.textContent ?? ""), null, { timeout: 15000 });
      await page.close();
    },

    "Run online offers the club, and the event is created in it": async () => {
      await owner.goto(url + "#/club");
      await owner.waitForSelector("[data-testid=club-import]", { state: "attached" });
      await owner.setInputFiles("[data-testid=club-import]", { name: "club.json", mimeType: "application/json", buffer: Buffer.from(CLUB_FILE) });
      await owner.waitForSelector("[data-testid=club-run-club]");
      assert((await owner.inputValue("[data-testid=club-run-club]")) === club, "the kept club is offered first");
      await owner.click("[data-testid=club-run-online]");
      await owner.waitForSelector("[data-testid=event-organiser]", { timeout: 15000 });
      event = (await owner.evaluate(() => location.hash)).match(/#\/event\/([a-z0-9]+)/)[1];
      organiserToken = JSON.parse(await owner.evaluate(() => localStorage.getItem("mind-sports.events")))[event].organiser;
      const read = (await api(`/clubs/${club}`)).body;
      assert(read.events.length === 1 && read.events[0].event === event, `the club's events: ${JSON.stringify(read)}`);
    },

    "two rounds' results make the rating list; the club page shows it as the server gives it": async () => {
      await playRound();
      await playRound();
      await owner.goto(url + `#/clubs/${club}`);
      await owner.waitForSelector("[data-testid=club-event]");
      assert((await owner.textContent("[data-testid=club-event]")).includes("Autumn cup"), "the event is listed");
      assert((await owner.getAttribute("[data-testid=club-event] a", "href")) === `#/event/${event}`, "the event's link");
      const want = await expected();
      assert(want.length === 6, `six players rated: ${JSON.stringify(want)}`);
      await owner.waitForFunction((n) => document.querySelectorAll("[data-testid=ratings-row]").length === n, want.length, { timeout: 15000 });
      const got = await shown(owner);
      assert(JSON.stringify(got) === JSON.stringify(want), `the list:\n${JSON.stringify(got)}\n${JSON.stringify(want)}`);
      assert(want.some((p) => p.provisional), "after two rounds ratings are provisional");
      await owner.waitForSelector("[data-testid=ratings-provisional-note]");
      await shot(owner, "ratings-club-1280");
    },

    "the headers sort the list, by mouse and keyboard, and say their order": async () => {
      await owner.click("[data-testid=ratings-sort-name]");
      const names = (await shown(owner)).map((p) => p.name);
      assert(JSON.stringify(names) === JSON.stringify([...names].sort((a, b) => a.localeCompare(b))), `by name: ${names}`);
      const sortOf = (id) => owner.$eval(`[data-testid=${id}]`, (b) => b.closest("th").getAttribute("aria-sort"));
      assert((await sortOf("ratings-sort-name")) === "ascending", "name ascending");
      assert((await sortOf("ratings-sort-rank")) === "none", "rank none");
      await owner.focus("[data-testid=ratings-sort-games]");
      await owner.keyboard.press("Enter");
      assert((await sortOf("ratings-sort-games")) === "descending", "games descending");
      let games = (await shown(owner)).map((p) => p.games);
      assert(games.every((g, i) => i === 0 || games[i - 1] >= g), `games descending: ${games}`);
      await owner.keyboard.press("Space");
      assert((await sortOf("ratings-sort-games")) === "ascending", "games ascending");
      games = (await shown(owner)).map((p) => p.games);
      assert(games.every((g, i) => i === 0 || games[i - 1] <= g), `games ascending: ${games}`);
      await owner.click("[data-testid=ratings-sort-rating]");
      const ratings = (await shown(owner)).map((p) => Number(p.rating.split(" ")[0]));
      assert(ratings.every((r, i) => i === 0 || ratings[i - 1] >= r), `rating descending: ${ratings}`);
      await owner.click("[data-testid=ratings-sort-rank]");
    },

    "a player's history opens on a click and on Enter, round by round": async () => {
      const list = (await api(`/clubs/${club}/ratings`)).body;
      const first = list.players[0];
      await owner.click(`[data-testid=ratings-name][data-player="${first.name}"]`);
      await owner.waitForSelector("[data-testid=ratings-history]");
      const rows = await owner.$$eval("[data-testid=history-row]", (r) => r.map((row) => [...row.cells].map((c) => c.textContent)));
      assert(rows.length === first.history.length, `one line a round: ${JSON.stringify(rows)}`);
      const last = first.history.at(-1);
      assert(rows.at(-1)[0] === "Autumn cup" && rows.at(-1)[1] === String(last.round), `the event and round: ${rows.at(-1)}`);
      assert(rows.at(-1)[4] === `${last.rating.toFixed(0)} ±${last.deviation.toFixed(0)}`, `the rating after: ${rows.at(-1)}`);
      assert((await owner.getAttribute(`[data-player="${first.name}"]`, "aria-expanded")) === "true", "expanded");
      await shot(owner, "ratings-history-1280");
      await owner.click("[data-testid=history-close]");
      assert(!(await owner.$("[data-testid=ratings-history]")), "closed");
      assert(await owner.evaluate((n) => document.activeElement?.dataset.player === n, first.name), "focus back on the name");
      const second = list.players[1];
      await owner.focus(`[data-player="${second.name}"]`);
      await owner.keyboard.press("Enter");
      await owner.waitForSelector("[data-testid=ratings-history]");
      assert((await owner.textContent("[data-testid=ratings-history] h3")).startsWith(second.name), "Enter opens the history");
      const phone = await freshPage(browser, PHONE);
      await phone.goto(url + `#/clubs/${club}`);
      await phone.waitForSelector("[data-testid=ratings-row]");
      await phone.click(`[data-player="${second.name}"]`);
      await phone.waitForSelector("[data-testid=ratings-history]");
      await shot(phone, "ratings-club-360");
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `the phone page fits 360 px (${overflow} px over)`);
      await phone.emulateMedia({ media: "print" });
      await shot(phone, "ratings-print");
      assert(phone.errors.length === 0, phone.errors.join("\n"));
      await phone.close();
    },

    "the ratings frame on another origin hears ready and resize, and follows a new result live": async () => {
      const src = `${url}#/embed/ratings?club=${club}&parent=${encodeURIComponent(HOST)}`;
      const embed = await freshPage(browser, DESKTOP);
      await embed.goto(`${HOST}/host?src=${encodeURIComponent(src)}`);
      await embed.waitForFunction(() => window.got.some((m) => m.data.type === "ready" && m.data.variant === "ratings"), null, { timeout: 15000 });
      await embed.waitForFunction(() => window.got.some((m) => m.data.type === "resize"), null, { timeout: 15000 });
      const frame = ratingsFrame(embed);
      await frame.waitForSelector("[data-testid=ratings-row]");
      const before = await shown(frame);
      assert(JSON.stringify(before) === JSON.stringify(await expected()), "the frame shows the server's list");
      const total = (rows) => rows.reduce((s, p) => s + p.games, 0);
      await playRound();
      await frame.waitForFunction((n) => {
        const games = [...document.querySelectorAll("[data-testid=ratings-games]")].reduce((s, c) => s + Number(c.textContent), 0);
        return games > n;
      }, total(before), { timeout: 15000 });
      // The round's results come one by one: the frame catches up with
      // the server's list once the last is in.
      let after = await shown(frame);
      for (const until = Date.now() + 15000; Date.now() < until && JSON.stringify(after) !== JSON.stringify(await expected()); ) {
        await frame.waitForTimeout(250);
        after = await shown(frame);
      }
      assert(JSON.stringify(after) === JSON.stringify(await expected()), `the frame follows: ${JSON.stringify(after)}`);
      // The club page open meanwhile followed too.
      await owner.waitForFunction((n) => [...document.querySelectorAll("[data-testid=ratings-games]")].reduce((s, c) => s + Number(c.textContent), 0) > n, total(before), { timeout: 15000 });
      await frame.click("[data-testid=ratings-name]");
      await frame.waitForSelector("[data-testid=ratings-history]");
      await shot(embed, "ratings-embed-host-1280");
      const phone = await freshPage(browser, PHONE);
      await phone.goto(`${HOST}/host?src=${encodeURIComponent(src)}`);
      await phone.waitForFunction(() => window.got.some((m) => m.data.type === "resize"), null, { timeout: 15000 });
      await shot(phone, "ratings-embed-host-360");
      await phone.close();
      assert(embed.errors.length === 0, embed.errors.join("\n"));
      await embed.close();
    },

    "the custom element kind=\"ratings\" draws the list": async () => {
      const page = await freshPage(browser, DESKTOP);
      await page.goto(`${HOST}/element?club=${club}`);
      await page.waitForFunction(() => document.querySelector("mind-sports-board iframe"), null, { timeout: 15000 });
      const src = await page.getAttribute("mind-sports-board iframe", "src");
      assert(src.includes(`#/embed/ratings?club=${club}`) && src.includes(`parent=${encodeURIComponent(HOST)}`), src);
      await page.waitForFunction(() => true);
      let frame;
      for (let i = 0; i < 100 && !(frame = ratingsFrame(page)); i++) await new Promise((r) => setTimeout(r, 100));
      await frame.waitForSelector("[data-testid=ratings-row]", { timeout: 15000 });
      assert((await shown(frame)).length === 6, "six players in the element");
      await shot(page, "ratings-element-1280");
      await page.close();
    },

    "the snippet builder offers the ratings frame and the event frame": async () => {
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await freshPage(browser, viewport);
        await page.goto(url + "#/embed");
        await page.waitForSelector("[data-testid=builder-club]");
        await page.selectOption("[data-testid=builder-club-kind]", "ratings");
        await page.fill("[data-testid=builder-club-id]", club);
        await page.press("[data-testid=builder-club-id]", "Enter");
        await page.waitForSelector("[data-testid=builder-club-element]");
        const element = await page.inputValue("[data-testid=builder-club-element]");
        assert(element.includes(`<mind-sports-board kind="ratings" club="${club}">`), element);
        const preview = page.frames().find((f) => f.url().includes("#/embed/ratings"));
        await preview.waitForSelector("[data-testid=ratings-row]", { timeout: 15000 });
        const wide = viewport === DESKTOP ? "1280" : "360";
        await page.$eval("[data-testid=builder-club]", (s) => s.scrollIntoView());
        await shot(page, `ratings-builder-${wide}`);
        await page.selectOption("[data-testid=builder-club-kind]", "event");
        await page.fill("[data-testid=builder-club-id]", event);
        await page.press("[data-testid=builder-club-id]", "Enter");
        await page.selectOption("[data-testid=builder-club-view]", "live");
        await page.waitForFunction(() => document.querySelector("[data-testid=builder-club-element]")?.value.includes('view="live"'));
        const eventElement = await page.inputValue("[data-testid=builder-club-element]");
        assert(eventElement.includes(`kind="event" event="${event}" view="live"`), eventElement);
        // The frame snippet needs the site's address (issue 37: it sizes the frame).
        await page.fill("[data-testid=builder-club-parent]", "https://club.example");
        await page.press("[data-testid=builder-club-parent]", "Enter");
        const iframe = await (await page.waitForSelector("[data-testid=builder-club-iframe]")).inputValue();
        assert(iframe.replace(/&amp;/g, "&").includes(`#/embed/event?id=${event}&view=live&parent=`) && iframe.includes('m.type === "resize"'), iframe);
        if (viewport === PHONE) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert(overflow <= 0, `the builder fits 360 px (${overflow} px over)`);
        }
        assert(page.errors.length === 0, page.errors.join("\n"));
        await page.close();
      }
      assert(owner.errors.filter((e) => !/net::ERR_|WebSocket connection/.test(e)).length === 0, owner.errors.join("\n"));
      screenshotsToDocs("events", ["ratings-club-1280", "ratings-club-360", "ratings-history-1280", "ratings-embed-host-1280", "ratings-embed-host-360", "ratings-builder-1280", "ratings-builder-360"]);
    },

    "an event this browser organises outside the club joins it from the club page, by its name": async () => {
      // The organiser creates a second event from settings (not in the club).
      await owner.goto(url + "#/event/new");
      await owner.waitForSelector("[data-testid=event-create-settings]");
      await owner.fill("[data-testid=event-new-name]", "Winter cup");
      await owner.click("[data-testid=event-new-create]");
      await owner.waitForSelector("[data-testid=event-organiser]", { timeout: 15000 });
      const second = (await owner.evaluate(() => location.hash)).match(/#\/event\/([a-z0-9]+)/)[1];
      await owner.goto(url + `#/clubs/${club}`);
      await owner.waitForSelector("[data-testid=club-attach-event]");
      // The choice names the event; the club's own event is not offered.
      await owner.waitForFunction(() => [...document.querySelectorAll("[data-testid=club-attach-event] option")].some((o) => o.textContent.trim() === "Winter cup"), null, { timeout: 15000 });
      const offered = await owner.$$eval("[data-testid=club-attach-event] option", (os) => os.map((o) => o.value));
      assert(offered.includes(second) && !offered.includes(event), `offered: ${offered}`);
      await owner.selectOption("[data-testid=club-attach-event]", second);
      await owner.click("[data-testid=club-attach-button]");
      await owner.waitForSelector("[data-testid=club-attach-note].right", { timeout: 15000 });
      await owner.waitForFunction(() => document.querySelectorAll("[data-testid=club-event]").length === 2, null, { timeout: 15000 });
      const read = (await api(`/clubs/${club}`)).body;
      assert(JSON.stringify(read.events.map((e) => e.event)) === JSON.stringify([event, second]), `the club's events: ${JSON.stringify(read)}`);
      const log = (await api(`/events/${second}/log`, { token: JSON.parse(await owner.evaluate(() => localStorage.getItem("mind-sports.events")))[second].organiser })).body;
      assert(log.entries.some((e) => e.change?.type === "club"), `the event's log says it joined: ${JSON.stringify(log.entries.map((e) => e.change?.type))}`);
    },

    "a browser that cannot keep the club's token says so and shows the private link": async () => {
      const page = await freshPage(browser, PHONE);
      await refuseStorage(page, "mind-sports.clubs");
      await page.goto(url + "#/club");
      await page.waitForSelector("[data-testid=club-on-server]");
      await page.fill("[data-testid=club-server-name]", "Chess and Othello Ostrava");
      await page.click("[data-testid=club-server-create]");
      await page.waitForSelector("[data-testid=club-store-failed]", { timeout: 15000 });
      const link = await page.inputValue("[data-testid=club-private-link]");
      const id = (await page.evaluate(() => location.hash)).match(/#\/clubs\/([a-z0-9]+)/)[1];
      assert(new RegExp(`#/clubs/${id}\\?token=[0-9a-f]+$`).test(link), `the link to copy: ${link}`);
      assert((await page.evaluate(() => localStorage.getItem("mind-sports.clubs"))) === null, "nothing was kept");
      // The link shown is the club's: it opens the private view elsewhere.
      const other = await freshPage(browser, DESKTOP);
      await other.goto(link);
      await other.waitForSelector("[data-testid=club-private-link]", { timeout: 15000 });
      await shot(page, "ratings-club-store-failed-360");
      await other.close();
      await page.close();
    },
  });
} finally {
  await closeAll({ browser, server, hosts: [host], folders: [state] });
}
process.exit(failed ? 1 : 0);
