// Before/after screenshots of issue 37 (docs/screenshots/club-evening/): a
// club evening's pages on a build before the issue and on this one, each
// picture at the width and in the language where the problem was seen (the
// organiser in Czech at 1280 px, players on 360 px phones, the club's
// website at 1280 and 360 px). Not part of `make test`: the steps wait
// rather than assert, so that they run on the old build too (which knows
// no events at the tables: there the organiser enters every result).
//   SHOTS=after node tests/e2e/club-evening-shots.mjs
//   SHOTS=before SERVE=/tmp/old/serve DIST=/tmp/old/dist node tests/e2e/club-evening-shots.mjs
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eventApi } from "./event-api.mjs";
import { serveSite, root, launchBrowser, freshPage, clubSite, closeAll } from "./browser.mjs";

const SUFFIX = process.env.SHOTS ?? "after";
const out = join(root, "docs", "screenshots", "club-evening");
mkdirSync(out, { recursive: true });
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

const { host, HOST } = await clubSite(() => new URL(url).origin);
const state = mkdtempSync(join(tmpdir(), "mind-sports-evening-shots-"));
const server = await serveSite(process.env.DIST ?? join(root, "dist"), 0, [
  "--state", state, "--embed-origin", HOST, "--max-requests-per-second", "500", "--max-reads-per-second", "2000",
]);
const url = server.url;
const api = eventApi(url);
const browser = await launchBrowser();

async function open(address, viewport = DESKTOP, lang = "cs") {
  const page = await freshPage(browser, viewport);
  await page.addInitScript((lang) => localStorage.setItem("mind-sports.lang", lang), lang);
  page.on("dialog", (dialog) => dialog.accept());
  await page.goto(address);
  return page;
}
const save = (page, name) => page.screenshot({ path: join(out, `${name}-${SUFFIX}.png`), fullPage: true });
const settle = (page, selector) => page.waitForSelector(selector, { timeout: 15000 }).catch(() => {});
/** Runs one step; a step the old build cannot do is said, not fatal. */
async function step(name, body) {
  try {
    await body();
    console.log(`shot ${name}`);
  } catch (error) {
    console.log(`skip ${name}: ${error.message.split("\n")[0]}`);
  }
}

const NAMES = ["Petr Novák", "Eva Dvořáková", "Jan Svoboda", "Lucie Horáková"];
const tokens = {};
const made = await api("/clubs", { name: "Brněnský klub Othello" });
const club = made.body.club;
const clubToken = made.body.token;
const settings = { name: "Klubový večer", game: "othello", rules: "size=8", timing: { kind: "live", control: "25+0" },
  format: "swiss", rounds: 2, club, club_token: clubToken };
let created = await api("/events", { ...settings, at_tables: true });
const atTables = created.status === 201;
if (!atTables) created = await api("/events", settings);
const event = created.body.event;
const organiserToken = created.body.organiser;
const manage = (action) => api(`/events/${event}/manage`, { token: organiserToken, action });
const organiserAddress = `${url}#/event/${event}?organiser=${organiserToken}`;
for (const name of NAMES) tokens[name] = (await api(`/events/${event}/register`, { name })).body.token;

try {
  await step("create-cs-360", async () => {
    const page = await open(`${url}#/event/new?club=${club}`, PHONE);
    await settle(page, "[data-testid=event-new-name]");
    await save(page, "create-cs-360");
  });
  await step("club-cs-1280", async () => {
    const page = await open(`${url}#/clubs/${club}?token=${clubToken}`);
    await settle(page, "[data-testid=club-new-event], [data-testid=club-events]");
    await page.waitForTimeout(500);
    await save(page, "club-cs-1280");
  });
  await step("duplicate-cs-360", async () => {
    const page = await open(`${url}#/event/${event}`, PHONE);
    await settle(page, "[data-testid=event-name-input]");
    await page.fill("[data-testid=event-name-input]", "petr  NOVÁK");
    await page.click("[data-testid=event-register-button]");
    await page.waitForTimeout(1500);
    await save(page, "duplicate-cs-360");
  });
  await manage({ type: "publish" });
  const boards = async () => (await api(`/events/${event}/rounds`)).body.rounds.at(-1).boards;
  const round1 = await boards();
  await step("player-round1-cs-360", async () => {
    const name = round1[0].white;
    const page = await open(`${url}#/event/${event}?player=${tokens[name]}`, PHONE);
    await settle(page, "[data-testid=event-your-game]");
    await page.waitForTimeout(500);
    await save(page, "player-round1-cs-360");
  });
  // Board 1: the players disagree; board 2: they agree.
  const report = (name, round, board, score) => api(`/events/${event}/report`, { token: tokens[name], round, board, score });
  await report(round1[0].black, 1, 1, [40, 24]);
  await report(round1[0].white, 1, 1, [24, 40]);
  await report(round1[1].black, 1, 2, [33, 31]);
  await report(round1[1].white, 1, 2, [33, 31]);
  await step("dispute-cs-1280", async () => {
    const page = await open(`${url}#/event/${event}`);
    await settle(page, "[data-testid=event-round-1]");
    await page.waitForTimeout(500);
    await save(page, "dispute-cs-1280");
  });
  await manage({ type: "result", round: 1, board: 1, score: [40, 24] });
  if (!atTables) await manage({ type: "result", round: 1, board: 2, score: [33, 31] });
  await manage({ type: "withdraw", name: "Lucie Horáková" });
  await manage({ type: "add", name: "Hana Nová" });
  await manage({ type: "publish" });
  for (const b of await boards()) await manage({ type: "result", round: 2, board: b.board, score: [32, 32] });
  for (const [lang, viewport, name] of [["cs", DESKTOP, "organiser-finished-cs-1280"], ["en", DESKTOP, "organiser-finished-en-1280"], ["cs", PHONE, "organiser-finished-cs-360"]]) {
    await step(name, async () => {
      const page = await open(organiserAddress, viewport, lang);
      await settle(page, "[data-testid=event-organiser]");
      const log = await page.$("[data-testid=event-organiser] button:text-matches('Záznam|log', 'i')");
      if (log) await log.click();
      await settle(page, "[data-testid=event-log]");
      await page.waitForTimeout(500);
      await save(page, name);
    });
  }
  for (const [kind, src] of [
    ["event", `${url}#/embed/event?id=${event}&view=standings&parent=${encodeURIComponent(HOST)}`],
    ["pairings", `${url}#/embed/event?id=${event}&view=pairings&parent=${encodeURIComponent(HOST)}`],
    ["ratings", `${url}#/embed/ratings?club=${club}&parent=${encodeURIComponent(HOST)}`],
  ]) {
    for (const viewport of [DESKTOP, PHONE]) {
      const name = `frame-${kind}-${viewport.width}`;
      await step(name, async () => {
        const width = Math.min(560, viewport.width - 16);
        const page = await open(`${HOST}/host?width=${width}&src=${encodeURIComponent(src)}`, viewport);
        await page.waitForTimeout(3000);
        await save(page, name);
      });
    }
  }
  await step("event-public-en-360", async () => {
    const page = await open(`${url}#/event/${event}`, PHONE, "en");
    await settle(page, "[data-testid=event-round-1]");
    await page.waitForTimeout(500);
    await save(page, "event-public-en-360");
  });
} finally {
  await closeAll({ browser, server, hosts: [host], folders: [state] });
}
