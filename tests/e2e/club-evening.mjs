// End-to-end test of a club evening at the tables (issue 37) through the
// real server: a club on the server and an event in it played at the
// tables (no online games, no clocks); the organiser in Czech at 1280 px;
// four players register and report their results from their phones
// (Czech, 360 px), four more are added by the organiser and report
// through the API; one disagreement is settled by the organiser, one
// board is entered by the organiser, a player withdraws and a late entry
// joins; the club's website on another origin shows the event's
// standings and the club's rating list at 1280 and 360 px, and they
// follow every result; the final standings are `engine standings` on the
// export, and the finished event takes nobody more.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eventApi } from "./event-api.mjs";
import { serveSite, root, launchBrowser, freshPage, acceptDialogs, run, assert, shot, clubSite, closeAll } from "./browser.mjs";

const DIST = process.env.DIST ?? join(root, "dist");
const ENGINE = join(root, "target", "release", "engine");
const state = mkdtempSync(join(tmpdir(), "mind-sports-evening-"));

// The club's website, on another origin, embedding a frame of ours.
const { host, HOST } = await clubSite(() => new URL(url).origin);

// Thirteen people on one machine share its address: the per-address
// request limits (10 writes and 50 reads a second) are for one person.
const server = await serveSite(DIST, 0, ["--state", state, "--embed-origin", HOST, "--max-requests-per-second", "500", "--max-reads-per-second", "2000"]);
const url = server.url;
const browser = await launchBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };
const api = eventApi(url);

/** A page in `lang` at `viewport`. */
async function open(address, viewport, lang = "cs") {
  const page = await freshPage(browser, viewport);
  await page.addInitScript((lang) => localStorage.setItem("mind-sports.lang", lang), lang);
  await page.goto(address);
  return page;
}

const PHONES = ["Petr Novák", "Eva Dvořáková", "Jan Svoboda", "Lucie Horáková"];
const ADDED = ["Karel Malý", "Marie Černá", "Tomáš Bílý", "Zdeněk Veselý"];

let club;
let event;
let organiserToken;
let organiser;
/** The phones' pages and every player's token, by name. */
const phones = {};
const tokens = {};
/** The club's website: the event frame and the ratings frame, each at 1280 and 360 px. */
const sites = [];

/** What the organiser's page asked (its confirmations). */
const questions = [];

const manage = (action) => api(`/events/${event}/manage`, { token: organiserToken, action });
const rounds = async () => (await api(`/events/${event}/rounds`)).body.rounds;

/** `name` reports `score` for their board: on their phone (the page's
 *  form), or through the API; waits until the server has it. */
async function report(name, round, board, score) {
  const phone = phones[name];
  if (!phone) {
    const answer = await api(`/events/${event}/report`, { token: tokens[name], round, board, score });
    assert(answer.status === 200, `${name}'s report: ${JSON.stringify(answer)}`);
    return;
  }
  const form = `[data-testid=event-score-${round}-${board}]`;
  await phone.waitForSelector(form, { timeout: 15000 });
  await phone.fill(`[data-score='${round}-${board}-0']`, String(score[0]));
  await phone.fill(`[data-score='${round}-${board}-1']`, String(score[1]));
  await phone.click(`${form} [data-testid=event-score-send]`);
  const until = Date.now() + 10000;
  while (Date.now() < until) {
    const me = (await api(`/events/${event}/me`, { token: tokens[name] })).body;
    const seat = me.seat ?? 0;
    if (me.board?.score || JSON.stringify(me.board?.reported?.[seat]) === JSON.stringify(score)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name}'s report from the phone did not arrive`);
}

/** The points a standings table shows, by name. */
const tablePoints = (frame) =>
  frame.$$eval("[data-testid=club-standings] tbody tr", (rows) =>
    Object.fromEntries(rows.filter((r) => r.querySelector("th")).map((r) => [r.querySelector("th").firstChild.textContent, Number(r.querySelectorAll("td")[1].textContent.replace("½", ".5"))])));

/** Every frame of the club's website shows what the server has now: the
 *  event's points and the rating list's games. */
async function sitesFollow(what) {
  const want = Object.fromEntries((await api(`/events/${event}/standings`)).body.standings.map((s) => [s.name, s.points]));
  const games = (await api(`/clubs/${club}/ratings`)).body.players.reduce((sum, p) => sum + p.games, 0);
  for (const site of sites) {
    const frame = site.page.frames().find((f) => f.url().includes(`#/embed/${site.kind}`));
    if (site.kind === "event") {
      await frame.waitForFunction((want) => {
        const rows = [...document.querySelectorAll("[data-testid=club-standings] tbody tr")].filter((r) => r.querySelector("th"));
        const got = Object.fromEntries(rows.map((r) => [r.querySelector("th").firstChild.textContent, Number(r.querySelectorAll("td")[1].textContent.replace("½", ".5"))]));
        return Object.entries(want).every(([name, points]) => got[name] === points);
      }, want, { timeout: 15000 }).catch(async () => {
        throw new Error(`${what}: the event frame at ${site.width} px shows ${JSON.stringify(await tablePoints(frame))}, the server ${JSON.stringify(want)}`);
      });
    } else {
      await frame.waitForFunction((n) => [...document.querySelectorAll("[data-testid=ratings-games]")].reduce((s, c) => s + Number(c.textContent), 0) === n, games, { timeout: 15000 }).catch(() => {
        throw new Error(`${what}: the ratings frame at ${site.width} px does not show ${games} games`);
      });
    }
  }
}

/** Publishes the next round from the organiser's page; its boards. */
async function publish(round) {
  await organiser.click("[data-testid=event-publish]");
  assert(/párování dalšího kola/.test(questions.at(-1)), `publishing asks first: ${questions.at(-1)}`);
  await organiser.waitForSelector(`[data-testid=event-round-${round}]`, { timeout: 15000 });
  const boards = (await rounds()).at(-1).boards;
  assert(boards.every((b) => b.game === null && b.at_table), `no online games at the tables: ${JSON.stringify(boards)}`);
  return boards;
}

/** The organiser enters a board's result on the page. */
async function enter(round, board, score) {
  await organiser.fill(`[data-score='${round}-${board}-0']`, String(score[0]));
  await organiser.fill(`[data-score='${round}-${board}-1']`, String(score[1]));
  await organiser.click(`[data-testid=event-score-${round}-${board}] [data-testid=event-score-send]`);
  await organiser.waitForFunction(([r, b, s]) => document.querySelector(`[data-testid=event-board-${r}-${b}] [data-testid=event-result]`)?.textContent === s, [round, board, `${score[0]}–${score[1]}`], { timeout: 10000 });
  // The result says how it came about.
  const how = await organiser.textContent(`[data-testid=event-board-${round}-${board}] [data-testid=event-how]`);
  assert(how === "(zadáno pořadatelem)", `entered by the organiser: ${how}`);
}

/** Both players of `b` report `score`; the website follows. */
async function bothReport(round, b, score) {
  await report(b.black, round, b.board, score);
  await report(b.white, round, b.board, score);
  await sitesFollow(`round ${round}, board ${b.board}`);
}

/** The discs of a board: varied, every one a whole 64. */
const SCORES = [[40, 24], [33, 31], [32, 32], [20, 44], [50, 14]];
const scoreOf = (round, board) => SCORES[(round * 3 + board) % SCORES.length];

let failed = 1;
try {
  failed = await run({
    "the organiser makes an event at the tables in the club; four players register from their phones, four are added": async () => {
      const made = await api("/clubs", { name: "Brněnský klub Othello" });
      assert(made.status === 201, JSON.stringify(made));
      club = made.body.club;
      // The club's officer opens the club's private link and makes the
      // evening's event from the club page, the club chosen.
      organiser = await open(`${url}#/clubs/${club}?token=${made.body.token}`, DESKTOP);
      acceptDialogs(organiser, questions);
      await organiser.click("[data-testid=club-new-event]");
      await organiser.waitForSelector("[data-testid=event-new-club]");
      assert((await organiser.inputValue("[data-testid=event-new-club]")) === club, "the club is chosen");
      await organiser.fill("[data-testid=event-new-name]", "Klubový večer");
      await organiser.selectOption("[data-testid=event-new-size]", "8");
      await organiser.selectOption("[data-testid=event-new-control]", "25+0");
      await organiser.fill("[data-testid=event-new-rounds]", "3");
      await organiser.check("[data-testid=event-new-at-tables]");
      await shot(organiser, "evening-new-event-cs-1280");
      await organiser.click("[data-testid=event-new-create]");
      await organiser.waitForSelector("[data-testid=event-organiser]", { timeout: 15000 });
      event = (await organiser.evaluate(() => location.hash)).match(/#\/event\/([a-z0-9]+)/)[1];
      organiserToken = JSON.parse(await organiser.evaluate(() => localStorage.getItem("mind-sports.events")))[event].organiser;
      const summary = (await api(`/events/${event}`)).body;
      assert(summary.at_tables && summary.club === club && summary.setup.rules.includes("size=8"), JSON.stringify(summary));
      // The public link to send the players is on the organiser's page.
      const publicLink = await organiser.inputValue("[data-testid=event-public-link]");
      assert(publicLink === `${url}#/event/${event}`, `the public link: ${publicLink}`);
      for (const name of PHONES) {
        const phone = await open(`${url}#/event/${event}`, PHONE);
        await phone.waitForSelector("[data-testid=event-register]");
        await phone.fill("[data-testid=event-name-input]", name);
        await phone.click("[data-testid=event-register-button]");
        await phone.waitForSelector("[data-testid=event-player]", { timeout: 15000 });
        const kept = JSON.parse(await phone.evaluate(() => localStorage.getItem("mind-sports.events")));
        tokens[name] = kept[event].player[1];
        phones[name] = phone;
      }
      // A name written alike is the same name.
      const twin = await open(`${url}#/event/${event}`, PHONE);
      await twin.waitForSelector("[data-testid=event-register]");
      await twin.fill("[data-testid=event-name-input]", "petr  NOVÁK");
      await twin.click("[data-testid=event-register-button]");
      await twin.waitForFunction(() => /stejně psané/.test(document.querySelector("[data-testid=event-register-problem]")?.textContent ?? ""), null, { timeout: 10000 });
      await twin.context().close();
      for (const name of ADDED) {
        const added = await manage({ type: "add", name });
        assert(added.status === 200, JSON.stringify(added));
        tokens[name] = added.body.token;
      }
      assert((await api(`/events/${event}`)).body.players === 8, "eight players");
    },

    "the club's website shows the event's standings and the rating list at 1280 and 360 px": async () => {
      for (const [kind, src] of [
        ["event", `${url}#/embed/event?id=${event}&view=standings&parent=${encodeURIComponent(HOST)}`],
        ["ratings", `${url}#/embed/ratings?club=${club}&parent=${encodeURIComponent(HOST)}`],
      ]) {
        for (const viewport of [DESKTOP, PHONE]) {
          const width = Math.min(560, viewport.width - 16);
          const page = await open(`${HOST}/host?width=${width}&src=${encodeURIComponent(src)}`, viewport);
          await page.waitForFunction(() => window.got.some((m) => m.data.type === "ready"), null, { timeout: 15000 });
          sites.push({ kind, page, width: viewport.width });
        }
      }
      const frame = sites[0].page.frames().find((f) => f.url().includes("#/embed/event"));
      await frame.waitForSelector("[data-testid=club-standings]");
      assert(Object.keys(await tablePoints(frame)).length === 8, "eight players in the frame");
    },

    "round 1 at the tables: no clocks; the phones report; a disagreement is shown as one and settled by the organiser": async () => {
      const boards = await publish(1);
      // No clock runs: the phones offer the result form, no Play button.
      const someone = phones[PHONES[0]];
      await someone.waitForFunction(() => (document.querySelector("[data-testid=event-your-game]")?.textContent ?? "").includes("1"), null, { timeout: 15000 });
      assert(!(await someone.$("[data-testid=event-play]")), "no online game to play");
      const [disputed, ...rest] = boards;
      await report(disputed.black, 1, disputed.board, [40, 24]);
      await report(disputed.white, 1, disputed.board, [24, 40]);
      const publicView = (await rounds())[0].boards[0];
      assert(publicView.disputed && publicView.reported.every((r) => r === null), `the public sees a dispute only: ${JSON.stringify(publicView)}`);
      await organiser.waitForFunction(() => /rozhodne pořadatel/.test(document.querySelector("[data-testid=event-board-1-1] [data-testid=event-result]")?.textContent ?? ""), null, { timeout: 10000 });
      const involved = phones[disputed.black] ?? phones[disputed.white];
      if (involved) await involved.waitForSelector("[data-testid=event-disputed]", { timeout: 10000 });
      await shot(organiser, "evening-dispute-cs-1280");
      await enter(1, disputed.board, [40, 24]);
      await sitesFollow("the settled dispute");
      for (const b of rest) await bothReport(1, b, scoreOf(1, b.board));
      await organiser.waitForFunction(() => document.querySelectorAll("[data-testid=event-round-1] [data-testid=event-result]").length === 4, null, { timeout: 10000 });
      const how = await organiser.textContent(`[data-testid=event-board-1-${rest[0].board}] [data-testid=event-how]`);
      assert(how === "(nahlášeno oběma hráči)", `reported by both players: ${how}`);
    },

    "round 2: a player withdraws, a late entry joins, the organiser enters a board": async () => {
      const leaving = ADDED[3];
      const withdrawn = await manage({ type: "withdraw", name: leaving });
      assert(withdrawn.status === 200, JSON.stringify(withdrawn));
      // The standings mark who withdrew.
      await organiser.waitForFunction(() => /odstoupení po 1\. kole/.test(document.querySelector("[data-testid=standings-withdrawn]")?.textContent ?? ""), null, { timeout: 10000 });
      // Registration closed when play started: the late entry is the organiser's.
      const closed = await api(`/events/${event}/register`, { name: "Hana Nová" });
      assert(closed.status === 409 && closed.body.refusal.reason === "registration_closed", JSON.stringify(closed));
      await organiser.fill("[data-testid=event-add-name]", "Hana Nová");
      await organiser.click("[data-testid=event-add]");
      const until = Date.now() + 10000;
      let players = [];
      while (Date.now() < until && !players.some((p) => p.name === "Hana Nová")) {
        players = (await api(`/events/${event}/players`)).body.players;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert(players.some((p) => p.name === "Hana Nová"), `the late entry: ${JSON.stringify(players)}`);
      // Her link is on the organiser's page; her board's result the organiser enters.
      const boards = await publish(2);
      const seated = boards.flatMap((b) => [b.black, b.white]);
      assert(!seated.includes(leaving) && seated.includes("Hana Nová"), `paired: ${seated}`);
      const [byOrganiser, ...rest] = boards;
      await enter(2, byOrganiser.board, scoreOf(2, byOrganiser.board));
      await sitesFollow("the organiser's board");
      for (const b of rest) {
        if ([b.black, b.white].some((name) => !tokens[name])) await enter(2, b.board, scoreOf(2, b.board));
        else await bothReport(2, b, scoreOf(2, b.board));
      }
    },

    "round 3 and the end: the standings are engine standings on the export; the event takes nobody more": async () => {
      const boards = await publish(3);
      for (const b of boards) {
        if ([b.black, b.white].some((name) => !tokens[name])) await enter(3, b.board, scoreOf(3, b.board));
        else await bothReport(3, b, scoreOf(3, b.board));
      }
      const summary = (await api(`/events/${event}`)).body;
      assert(summary.stage === "finished", JSON.stringify(summary));
      const file = join(state, "evening.json");
      writeFileSync(file, await (await fetch(`${url}api/v1/events/${event}/export.json`)).text());
      const engine = JSON.parse(execFileSync(ENGINE, ["standings", file, "--json"], { encoding: "utf8" }));
      const served = (await api(`/events/${event}/standings`)).body;
      assert(JSON.stringify(engine) === JSON.stringify(served), "engine standings on the export is the server's");
      const refused = await manage({ type: "add", name: "Pozdní Příchozí" });
      assert(refused.status === 409 && refused.body.refusal.reason === "over", JSON.stringify(refused));
      // The organiser's page offers no more publishing, entries or withdrawals, and says why.
      await organiser.waitForSelector("[data-testid=event-over]", { timeout: 10000 });
      for (const gone of ["event-publish", "event-add", "event-withdraw"]) {
        assert(!(await organiser.$(`[data-testid=${gone}]`)), `no ${gone} once the event is over`);
      }
      await sitesFollow("the end");
      for (const site of sites) {
        await shot(site.page, `evening-${site.kind}-frame-${site.width}`);
        const frame = site.page.frames().find((f) => f.url().includes(`#/embed/${site.kind}`));
        for (const [where, page] of [["the club's page", site.page], ["the frame", frame]]) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert(overflow <= 0, `${where} of the ${site.kind} frame fits at ${site.width} px (${overflow} px over)`);
        }
      }
      await shot(phones[PHONES[0]], "evening-player-cs-360");
      await shot(organiser, "evening-organiser-cs-1280");
      for (const page of [organiser, ...Object.values(phones), ...sites.map((s) => s.page)]) {
        assert(page.errors.length === 0, page.errors.join("\n"));
      }
    },
  });
} finally {
  await closeAll({ browser, server, hosts: [host], folders: [state] });
}
process.exit(failed ? 1 : 0);
