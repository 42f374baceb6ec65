// End-to-end test of the way back (issue 37) through the real server: an
// officer who has only the club's private link manages the club's event
// from the club page ("Manage": the organiser's panel with the club's
// token); the organiser's page keeps a late entry's link over a reload,
// copies it, and reissues a player's link (the new link opens the
// player's place, the old one says to ask the organiser); a player opens
// "Continue on another device" and continues in a second browser context
// from its link. Each new link panel is photographed at 1280 and 360 px
// in Czech and English (docs/screenshots/club-evening/recovery-*).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eventApi } from "./event-api.mjs";
import { serveSite, root, artifacts, launchBrowser, freshPage, acceptDialogs, run, assert, screenshotsToDocs, closeAll } from "./browser.mjs";

const DIST = process.env.DIST ?? join(root, "dist");
const state = mkdtempSync(join(tmpdir(), "mind-sports-recovery-"));
const server = await serveSite(DIST, 0, ["--state", state, "--max-requests-per-second", "500", "--max-reads-per-second", "2000"]);
const url = server.url;
const browser = await launchBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };
const VIEWS = [["cs", DESKTOP], ["en", DESKTOP], ["cs", PHONE], ["en", PHONE]];
const api = eventApi(url);
const pages = [];
const shots = [];

/** A page in `lang` at `viewport` (its own storage), the clipboard allowed. */
async function open(address, viewport, lang) {
  const page = await freshPage(browser, viewport, { permissions: ["clipboard-read", "clipboard-write"] });
  await page.addInitScript((lang) => localStorage.setItem("mind-sports.lang", lang), lang);
  await page.goto(address);
  pages.push(page);
  return page;
}

/** A picture of the element `selector` of `page`, for the docs. */
async function panel(page, selector, name) {
  await page.locator(selector).first().screenshot({ path: join(artifacts, `${name}.png`) });
  shots.push(name);
}

/** Clicks `button` of `page` and checks that the clipboard holds `text`. */
async function copies(page, button, text) {
  await page.click(button);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert(copied === text, `Copy put ${copied} on the clipboard, not ${text}`);
}

/** The tokens this page's browser keeps for `event`. */
const kept = async (page, event) => JSON.parse(await page.evaluate(() => localStorage.getItem("mind-sports.events")))[event];

let club;
let clubToken;
let event;
let organiserToken;
const tokens = {};
const NAMES = ["Petr Novák", "Eva Dvořáková", "Jan Svoboda", "Lucie Horáková"];

let failed = 1;
try {
  failed = await run({
    "an officer who lost the organiser's link continues from the club's page": async () => {
      const made = await api("/clubs", { name: "Brněnský klub Othello" });
      assert(made.status === 201, JSON.stringify(made));
      [club, clubToken] = [made.body.club, made.body.token];
      const created = await api("/events", {
        name: "Klubový večer", game: "othello", rules: "size=8", timing: { kind: "live", control: "25+0" },
        format: "swiss", rounds: 3, at_tables: true, club, club_token: clubToken,
      });
      assert(created.status === 201, JSON.stringify(created));
      [event, organiserToken] = [created.body.event, created.body.organiser];
      for (const name of NAMES) {
        const entered = await api(`/events/${event}/register`, { name });
        assert(entered.status === 201, JSON.stringify(entered));
        tokens[name] = entered.body.token;
      }
      // The club's private link is all the officer has.
      for (const [lang, viewport] of VIEWS) {
        const page = await open(`${url}#/clubs/${club}?token=${clubToken}`, viewport, lang);
        await page.waitForSelector("[data-testid=club-event-manage]", { timeout: 15000 });
        const link = await page.inputValue("[data-testid=club-private-link]");
        assert(link === `${url}#/clubs/${club}?token=${clubToken}`, `the club's link: ${link}`);
        assert(await page.isVisible("[data-testid=keep-this-link]"), "the prompt to keep the link");
        await copies(page, "[data-testid=club-private-link-copy]", link);
        await panel(page, ".club-private", `recovery-club-link-${lang}-${viewport.width}`);
        await panel(page, "[data-testid=club-events]", `recovery-club-manage-${lang}-${viewport.width}`);
        if (lang !== "cs" || viewport !== DESKTOP) await page.context().close();
      }
      const officer = pages.find((p) => !p.isClosed());
      const asked = acceptDialogs(officer);
      await officer.click("[data-testid=club-event-manage]");
      await officer.waitForSelector("[data-testid=event-by-club]", { timeout: 15000 });
      assert(!(await officer.$("[data-testid=event-organiser-link]")), "the club's token is not shown as the organiser's link");
      await officer.click("[data-testid=event-publish]");
      assert(asked.length === 1, "publishing asks first");
      await officer.waitForSelector("[data-testid=event-round-1]", { timeout: 15000 });
      assert((await api(`/events/${event}`)).body.round === 1, "the club's token published round 1");
      // Another club's token manages nothing here.
      const other = await api("/clubs", { name: "Jiný klub" });
      const refused = await api(`/events/${event}/manage`, { token: other.body.token, action: { type: "undo" } });
      assert(refused.status === 403 && refused.body.error === "wrong_token", JSON.stringify(refused));
      await officer.context().close();
    },

    "the organiser keeps a late entry's link over a reload and reissues a player's link": async () => {
      const organiser = await open(`${url}#/event/${event}?organiser=${organiserToken}`, DESKTOP, "cs");
      const asked = acceptDialogs(organiser);
      await organiser.waitForSelector("[data-testid=event-organiser]", { timeout: 15000 });
      const own = await organiser.inputValue("[data-testid=event-organiser-link]");
      assert(own === `${url}#/event/${event}?organiser=${organiserToken}`, `the organiser's link: ${own}`);
      await copies(organiser, "[data-testid=event-organiser-link-copy]", own);
      await organiser.fill("[data-testid=event-add-name]", "Hana Nová");
      await organiser.click("[data-testid=event-add]");
      const late = "[data-testid=event-player-line][data-name='Hana Nová'] [data-testid=event-player-link]";
      await organiser.waitForSelector(late, { timeout: 15000 });
      const lateLink = await organiser.textContent(late);
      // A reload keeps it (before, the late entry's link was gone).
      await organiser.reload();
      await organiser.waitForSelector(late, { timeout: 15000 });
      assert((await organiser.textContent(late)) === lateLink, "the late entry's link after a reload");
      const lateToken = lateLink.split("player=")[1];
      assert((await api(`/events/${event}/me`, { token: lateToken })).body.name === "Hana Nová", "the kept link is Hana's");
      await copies(organiser, "[data-testid=event-player-line][data-name='Hana Nová'] [data-testid=event-player-link-copy]", lateLink);

      // Eva's phone holds her old link.
      const eva = "Eva Dvořáková";
      const old = await open(`${url}#/event/${event}?player=${tokens[eva]}`, PHONE, "cs");
      await old.waitForSelector("[data-testid=event-your-game]", { timeout: 15000 });
      // Its requests with the old token are refused (403), as they must be.
      old.refusedOnPurpose = true;
      // Her link was given at registration: not shown, reissued.
      const line = `[data-testid=event-player-line][data-name='${eva}']`;
      assert(!(await organiser.$(`${line} [data-testid=event-player-link]`)), "a link given elsewhere is not shown");
      await organiser.click(`${line} [data-testid=event-reissue]`);
      assert(/Eva Dvořáková.*přestane platit/.test(asked.at(-1)), `reissuing asks first: ${asked.at(-1)}`);
      await organiser.waitForSelector(`${line} [data-testid=event-player-link]`, { timeout: 15000 });
      const newLink = await organiser.textContent(`${line} [data-testid=event-player-link]`);
      const newToken = newLink.split("player=")[1];
      assert(newToken && newToken !== tokens[eva], "a new token");
      // The old link says to ask the organiser.
      await old.reload();
      await old.waitForFunction(() => /Požádejte pořadatele/.test(document.querySelector("[data-testid=event-player-problem]")?.textContent ?? ""), null, { timeout: 15000 });
      const refused = await api(`/events/${event}/me`, { token: tokens[eva] });
      assert(refused.status === 403, `the old token: ${JSON.stringify(refused)}`);
      // The new one opens her place (in the same browser: it replaces the old).
      await old.goto(newLink);
      await old.waitForFunction((name) => (document.querySelector("[data-testid=event-player]")?.textContent ?? "").includes(name), eva, { timeout: 15000 });
      assert((await kept(old, event)).player[1] === newToken, "the new token is kept");
      tokens[eva] = newToken;
      await old.context().close();
      // The panels in both languages and widths, in browsers holding
      // what the organiser's holds.
      const storage = await organiser.evaluate(() => localStorage.getItem("mind-sports.events"));
      await organiser.context().close();
      for (const [lang, viewport] of VIEWS) {
        const page = await freshPage(browser, viewport);
        await page.addInitScript(([lang, storage]) => {
          localStorage.setItem("mind-sports.lang", lang);
          localStorage.setItem("mind-sports.events", storage);
        }, [lang, storage]);
        await page.goto(`${url}#/event/${event}`);
        pages.push(page);
        await page.waitForSelector(`${line} [data-testid=event-player-link]`, { timeout: 15000 });
        await panel(page, ".event-organiser .private-link", `recovery-organiser-link-${lang}-${viewport.width}`);
        await panel(page, "[data-testid=event-player-links]", `recovery-player-links-${lang}-${viewport.width}`);
        await page.context().close();
      }
    },

    "a player on a new phone continues from the link on the old one": async () => {
      const name = "Jan Svoboda";
      for (const [lang, viewport] of VIEWS) {
        const phone = await open(`${url}#/event/${event}?player=${tokens[name]}`, viewport, lang);
        await phone.waitForSelector("[data-testid=event-device-open]", { timeout: 15000 });
        await phone.click("[data-testid=event-device-open]");
        const link = await phone.inputValue("[data-testid=event-device-link]");
        assert(link === `${url}#/event/${event}?player=${tokens[name]}`, `the player's own link: ${link}`);
        const path = await phone.getAttribute("[data-testid=event-device-qr] path", "d");
        assert(path && path.length > 200, "a QR code");
        const box = await phone.locator("[data-testid=event-device-qr]").boundingBox();
        assert(box.width >= 150 && box.width <= viewport.width, `the code fits: ${box.width} px`);
        await panel(phone, "[data-testid=event-device]", `recovery-device-${lang}-${viewport.width}`);
        if (lang === "cs" && viewport === PHONE) {
          await copies(phone, "[data-testid=event-device-link-copy]", link);
          // The new phone: registering again is refused (the name is
          // taken); the link opens the player's place.
          const fresh = await open(`${url}#/event/${event}`, PHONE, "cs");
          await fresh.waitForSelector("[data-testid=event-page]", { timeout: 15000 });
          await fresh.goto(link);
          await fresh.waitForFunction((name) => (document.querySelector("[data-testid=event-player]")?.textContent ?? "").includes(name), name, { timeout: 15000 });
          assert((await kept(fresh, event)).player[1] === tokens[name], "the second phone keeps the token");
          assert(!(await fresh.evaluate(() => location.hash)).includes("player="), "the token left the address");
          await fresh.waitForSelector("[data-testid=event-your-game]", { timeout: 15000 });
          const board = (await api(`/events/${event}/me`, { token: tokens[name] })).body.board;
          assert(board && (await fresh.textContent("[data-testid=event-your-game]")).includes("1"), "the second phone shows the game");
          await fresh.context().close();
        }
        await phone.context().close();
      }
      for (const page of pages) {
        const errors = page.errors.filter((e) => !(page.refusedOnPurpose && /status of 403/.test(e)));
        assert(errors.length === 0, errors.join("\n"));
      }
    },
  });
} finally {
  await closeAll({ browser, server, folders: [state] });
}
if (!failed) screenshotsToDocs("club-evening", shots);
process.exit(failed ? 1 : 0);
