// End-to-end test of an online event's games through the real server
// (issue 37): the clocks start only when both players are there (not at
// publication); a player absent when the start limit passes loses by
// forfeit (said as a forfeit, never "on time"); a result the organiser
// enters on a board still being played is asked first, then ends that
// game on both players' pages and on the club website's live frame (as
// decided by the organiser); an event's game offers "Forfeit this game"
// instead of Abort, no rematch, and links back to its event; a friendly
// rematch's clock waits for both players too. Screenshots of the new
// texts (1280 and 360 px, Czech and English) go to the artifacts (and to
// docs/screenshots/club-evening/ with DOCS_SCREENSHOTS set).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eventApi } from "./event-api.mjs";
import { serveSite, root, launchBrowser, freshPage, acceptDialogs, run, assert, shot, clubSite, screenshotsToDocs, closeAll } from "./browser.mjs";

const DIST = process.env.DIST ?? join(root, "dist");
const state = mkdtempSync(join(tmpdir(), "mind-sports-event-online-"));

// The club's website, on another origin, with the event's live boards.
const { host, HOST } = await clubSite(() => new URL(url).origin);

const server = await serveSite(DIST, 0, ["--state", state, "--embed-origin", HOST, "--max-requests-per-second", "500", "--max-reads-per-second", "2000"]);
const url = server.url;
const browser = await launchBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };
const api = eventApi(url);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const SHOTS = [];

/** A page in `lang` at `viewport`. */
async function open(address, viewport = DESKTOP, lang = "en") {
  const page = await freshPage(browser, viewport);
  await page.addInitScript((lang) => localStorage.setItem("mind-sports.lang", lang), lang);
  await page.goto(url + address);
  return page;
}

/** A screenshot kept for the docs. */
async function keep(page, name) {
  await shot(page, name);
  SHOTS.push(name);
}

const text = (page, testid) => page.textContent(`[data-testid=${testid}]`).catch(() => null);
const waitText = (page, testid, pattern, timeout = 10000) =>
  page.waitForFunction(
    ([testid, source]) => new RegExp(source).test(document.querySelector(`[data-testid=${testid}]`)?.textContent ?? ""),
    [testid, pattern.source],
    { timeout },
  ).catch(async () => {
    throw new Error(`${testid} does not say ${pattern}: ${await text(page, testid)}`);
  });
/** Seconds a clock shows (`1:58` → 118). */
const seconds = async (page, seat) => {
  const [m, s] = (await text(page, `online-clock-${seat}`)).trim().split(":").map(Number);
  return m * 60 + s;
};

// The event: four players, 4×4 Othello at 2+0, a start limit of 20 s.
const START_LIMIT_S = 20;
let event;
let organiser;
const tokens = {};
let round;
let published;
const pages = {};
const manage = (action) => api(`/events/${event}/manage`, { token: organiser, action });
const gamePage = (name, board, viewport, lang) => open(`#/online/othello/${board.game}?seat=${tokens[name]}`, viewport, lang);

let failed = 1;
try {
  failed = await run({
    "an online event is published: no clock runs until both players of a board are there": async () => {
      const created = await api("/events", {
        name: "Online evening", game: "othello", rules: "size=4", timing: { kind: "live", control: "2+0" },
        format: "swiss", rounds: 2, start_limit_s: START_LIMIT_S,
      });
      assert(created.status === 201, JSON.stringify(created));
      ({ event, organiser } = created.body);
      for (const name of ["Ann", "Ben", "Cat", "Dan"]) {
        const entered = await api(`/events/${event}/register`, { name });
        assert(entered.status === 201, JSON.stringify(entered));
        tokens[name] = entered.body.token;
      }
      const answer = await manage({ type: "publish" });
      assert(answer.status === 200, JSON.stringify(answer));
      published = Date.now();
      round = (await api(`/events/${event}/rounds`)).body.rounds[0];
      const [one, two] = round.boards;
      // Board 1: Black (English, 1280 px) comes first and waits.
      pages.black = await gamePage(one.black, one, DESKTOP, "en");
      await pages.black.waitForSelector("[data-testid=online-game]");
      await waitText(pages.black, "online-clocks-wait", /The clocks start when both players are here/);
      await sleep(2500);
      assert((await seconds(pages.black, 0)) === 120 && (await seconds(pages.black, 1)) === 120, `no clock runs: ${await text(pages.black, "online-clock-0")}`);
      const view = await (await fetch(`${url}api/v1/games/${one.game}`)).json();
      assert(view.brief.clock.running === null && view.brief.status.state === "playing", JSON.stringify(view.brief));
      // An event's game: no Abort, a forfeit that says it loses; a link back.
      assert((await text(pages.black, "online-abort")) === "Forfeit this game", await text(pages.black, "online-abort"));
      const back = await pages.black.$eval("[data-testid=online-event-link]", (a) => [a.getAttribute("href"), a.textContent]);
      assert(back[0] === `#/event/${event}` && back[1] === "Back to the event (round 1)", back.join(" "));
      await pages.black.click("[data-testid=online-abort]");
      await pages.black.waitForSelector(".online-confirm");
      const said = await pages.black.textContent(".online-confirm");
      assert(/Forfeit this game\? You lose it by forfeit/.test(said), said);
      await keep(pages.black, "online-clocks-wait-en-1280");
      await pages.black.click(".online-confirm button:not(.danger)");
      // Board 2: only Black comes (Czech, on a phone); White never does.
      pages.cat = await gamePage(two.black, two, PHONE, "cs");
      await pages.cat.waitForSelector("[data-testid=online-game]");
      await waitText(pages.cat, "online-clocks-wait", /Hodiny se spustí, až budou přítomni oba hráči/);
      await keep(pages.cat, "online-clocks-wait-cs-360");
      // White of board 1 (Czech, a phone) comes: the clock starts, Black's time runs.
      pages.white = await gamePage(one.white, one, PHONE, "cs");
      await pages.white.waitForSelector("[data-testid=online-game]");
      await pages.black.waitForSelector("[data-testid=online-clocks-wait]", { state: "detached", timeout: 10000 });
      await sleep(2200);
      assert((await seconds(pages.black, 0)) < 120, `Black's clock runs: ${await text(pages.black, "online-clock-0")}`);
      assert((await seconds(pages.black, 1)) === 120, "White's waits for its turn");
      assert((await text(pages.white, "online-abort")) === "Prohrát kontumačně", await text(pages.white, "online-abort"));
      // Black plays a move: White's time runs.
      await (await pages.black.$$(".square.legal"))[0].click();
      await pages.white.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 1, null, { timeout: 10000 });
    },

    "a player absent when the start limit passes loses by forfeit, not on time": async () => {
      const two = round.boards[1];
      const left = START_LIMIT_S * 1000 - (Date.now() - published);
      await waitText(pages.cat, "online-status", /Vyhrává .*, kontumačně/, left + 15000);
      const status = await text(pages.cat, "online-status");
      assert(!/na čas/.test(status), status);
      const board = (await api(`/events/${event}/rounds`)).body.rounds[0].boards[1];
      assert(JSON.stringify(board.how) === JSON.stringify({ by: "forfeit", seat: 1 }), JSON.stringify(board));
      assert(new RegExp(`^Vyhrává ${two.black}, kontumačně`).test(status), status);
      assert(!(await pages.cat.$("[data-testid=online-rematch]")), "no rematch in an event");
      await keep(pages.cat, "online-forfeit-cs-360");
      const watcher = await open(`#/online/othello/${two.game}`, DESKTOP, "en");
      await waitText(watcher, "online-status", /wins, by forfeit/);
      await keep(watcher, "online-forfeit-en-1280");
      await watcher.context().close();
      // Board 1 was started before the limit: it goes on.
      const one = await (await fetch(`${url}api/v1/games/${round.boards[0].game}`)).json();
      assert(one.brief.status.state === "playing", JSON.stringify(one.brief));
    },

    "the organiser's result on a running board is asked first, then ends the game for both players and the live frame": async () => {
      const one = round.boards[0];
      // The club's website follows the round's live boards.
      const src = `${url}#/embed/event?id=${event}&view=live&parent=${encodeURIComponent(HOST)}`;
      const site = await freshPage(browser, DESKTOP);
      await site.goto(`${HOST}/host?src=${encodeURIComponent(src)}`);
      const inner = () => site.frames().find((f) => f.url().includes(`live=${one.game}`));
      for (let i = 0; i < 60 && !inner(); i++) await sleep(250);
      assert(inner(), "the live board's game frame");
      await inner().waitForSelector("[data-testid=live-status]", { timeout: 15000 });
      // Without the organiser's word the server refuses, in a type.
      const refused = await manage({ type: "result", round: 1, board: 1, score: [10, 6] });
      assert(refused.status === 409 && refused.body.refusal.reason === "game_running", JSON.stringify(refused));
      const page = await open(`#/event/${event}?organiser=${organiser}`);
      const asked = acceptDialogs(page);
      await page.waitForSelector("[data-score='1-1-0']");
      await page.fill("[data-score='1-1-0']", "10");
      await page.fill("[data-score='1-1-1']", "6");
      await page.click("[data-testid=event-score-1-1] [data-testid=event-score-send]");
      await page.waitForFunction(() => /^10–6/.test(document.querySelector("[data-testid=event-board-1-1] [data-testid=event-result]")?.textContent ?? ""), null, { timeout: 10000 });
      assert(asked.length === 1 && asked[0].includes("Board 1") && asked[0].includes(one.black) && asked[0].includes(one.white) && /The game ends at once/.test(asked[0]), asked.join(" | "));
      await waitText(pages.black, "online-status", new RegExp(`${one.black} wins, as decided by the organiser\\. 10–6\\.`));
      await waitText(pages.white, "online-status", new RegExp(`Vyhrává ${one.black}, podle rozhodnutí pořadatele\\.`));
      await waitText(inner(), "live-status", /as decided by the organiser/, 15000);
      for (const player of [pages.black, pages.white]) {
        assert(!(await player.$("[data-testid=online-rematch]")), "no rematch in an event");
      }
      const board = (await api(`/events/${event}/rounds`)).body.rounds[0].boards[0];
      assert(JSON.stringify(board.score) === "[10,6]" && board.how.by === "organiser", JSON.stringify(board));
      await keep(pages.black, "online-decided-en-1280");
      await keep(pages.white, "online-decided-cs-360");
      await keep(site, "online-decided-frame-1280");
      for (const p of [page, site, pages.black, pages.white, pages.cat]) await p.context().close();
    },

    "a friendly rematch's clock waits until both players have it open": async () => {
      const eva = await open("#/");
      const seat = await eva.evaluate(async () => {
        const body = { setup: { game: "othello", rules: "size=4", timing: { kind: "live", control: "1+0" } }, name: "Eva", colour: "first" };
        return (await fetch("/api/v1/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
      });
      await eva.goto(`${url}#/online/othello/${seat.game}?seat=${seat.token}`);
      await eva.waitForSelector("[data-testid=online-game]");
      const petr = await open(`#/online/othello/${seat.game}?invite=${seat.invite}`, PHONE, "cs");
      await petr.fill("[data-testid=online-join] [data-testid=online-name]", "Petr");
      await petr.click("[data-testid=online-take-seat]");
      await petr.waitForSelector("[data-testid=online-game]");
      assert(!(await eva.$("[data-testid=online-event-link]")), "a friendly game has no event");
      await eva.click("[data-testid=online-resign]");
      await eva.click("[data-testid=online-resign-confirm]");
      await petr.click("[data-testid=online-rematch]");
      await eva.click("[data-testid=online-rematch]");
      await eva.click("[data-testid=online-open-rematch]");
      await eva.waitForFunction((id) => !location.hash.includes(id), seat.game);
      await waitText(eva, "online-clocks-wait", /The clocks start when both players are here/);
      await sleep(2500);
      assert((await seconds(eva, 0)) === 60 && (await seconds(eva, 1)) === 60, `the rematch's clocks wait: ${await text(eva, "online-clock-0")} ${await text(eva, "online-clock-1")}`);
      await keep(eva, "online-rematch-wait-en-1280");
      await petr.click("[data-testid=online-open-rematch]");
      await petr.waitForFunction((id) => !location.hash.includes(id), seat.game);
      await eva.waitForSelector("[data-testid=online-clocks-wait]", { state: "detached", timeout: 10000 });
      await sleep(2200);
      const running = [await seconds(eva, 0), await seconds(eva, 1)];
      assert(running.some((s) => s < 60), `a clock runs once both are there: ${running}`);
      for (const p of [eva, petr]) await p.context().close();
    },
  });
  screenshotsToDocs("club-evening", SHOTS);
} finally {
  await closeAll({ browser, server, hosts: [host], folders: [state] });
}
process.exit(failed ? 1 : 0);
