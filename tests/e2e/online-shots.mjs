// Screenshots of online play for issue 28's note (docs/screenshots/online/):
// the lobby (1280 and 360 px in English, and in Czech and Russian), the
// "Play online" dialog, a live game on a phone and the watch page. Serves
// dist/ with a fresh state, as online.mjs does. `node tests/e2e/online-shots.mjs`
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveSite, root, launchBrowser, freshPage } from "./browser.mjs";

const out = join(root, "docs", "screenshots", "online");
mkdirSync(out, { recursive: true });
const state = mkdtempSync(join(tmpdir(), "mind-sports-online-shots-"));
const server = await serveSite(process.env.DIST ?? join(root, "dist"), 0, ["--state", state]);
const url = server.url;
const browser = await launchBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

/** A page at `fragment` in `lang`, in a fresh context. */
async function open(fragment, viewport, lang = "en") {
  const page = await freshPage(browser, viewport);
  await page.addInitScript((lang) => localStorage.setItem("mind-sports.lang", lang), lang);
  await page.goto(url + fragment);
  return page;
}
const save = (page, name, fullPage = true) => page.screenshot({ path: join(out, `${name}.png`), fullPage });
const status = (page) => page.textContent("[data-testid=online-status]");

try {
  // Two public challenges in the lobby, and one private game played a little.
  for (const [fragment, name, days] of [["#/othello?size=6", "Eva", false], ["#/nim?start=nim:3+nim:5+nim:7", "Anna", true]]) {
    const page = await open(fragment, DESKTOP);
    await page.click("[data-testid=play-online]");
    await page.waitForSelector("[data-testid=online-create]");
    await page.fill("[data-testid=online-create] [data-testid=online-name]", name);
    if (days) await page.check("#online-correspondence");
    await page.check("[data-testid=online-public]");
    if (!days) {
      for (const [viewport, size] of [[DESKTOP, 1280], [PHONE, 360]]) {
        await page.setViewportSize(viewport);
        await save(page, `invitation-dialog-${size}`, false);
      }
    }
    await page.click("[data-testid=online-create-game]");
    await page.waitForSelector("[data-testid=online-invitation]");
  }
  for (const [lang, viewport, size] of [["en", DESKTOP, 1280], ["en", PHONE, 360], ["cs", DESKTOP, 1280], ["ru", DESKTOP, 1280]]) {
    const page = await open("#/online", viewport, lang);
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=challenge]").length === 2);
    await save(page, `lobby-${lang}-${size}`);
  }

  const eva = await open("#/othello", DESKTOP);
  await eva.click("[data-testid=play-online]");
  await eva.waitForSelector("[data-testid=online-create]");
  await eva.fill("[data-testid=online-create] [data-testid=online-name]", "Eva");
  await eva.check("#online-colour-first");
  await eva.click("[data-testid=online-create-game]");
  await eva.waitForSelector("[data-testid=online-invitation]");
  await save(eva, "invitation-1280");
  const invitation = await eva.inputValue("[data-testid=online-invitation]");
  const watch = await eva.inputValue("[data-testid=online-watch-link]");
  const petr = await open(invitation.slice(url.length), PHONE);
  await petr.waitForSelector("[data-testid=online-join]");
  await save(petr, "invitation-join-360");
  await petr.fill("[data-testid=online-join] [data-testid=online-name]", "Petr");
  await petr.click("[data-testid=online-take-seat]");
  await petr.waitForSelector("[data-testid=online-game]");
  const players = [eva, petr];
  for (let n = 0; n < 6; n++) {
    let mover = null;
    while (!mover) {
      for (const page of players) if ((await status(page)).endsWith("Your move.")) mover = page;
      await eva.waitForTimeout(50);
    }
    const before = await mover.$$eval("[data-testid=moves] li", (l) => l.length);
    await (await mover.$$(".square.legal"))[0].click();
    await mover.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before);
  }
  await petr.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 6);
  await save(petr, "live-game-phone-360");
  for (const [viewport, size] of [[DESKTOP, 1280], [PHONE, 360]]) {
    const watcher = await open(watch.slice(url.length), viewport);
    await watcher.waitForFunction(() => document.querySelector("[data-testid=online-status]")?.textContent.includes("watching"));
    await watcher.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 6);
    await save(watcher, `watch-${size}`);
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(state, { recursive: true, force: true });
}
