// What issue 41 changed that can be seen, as screenshot pairs:
// `node tests/e2e/a11y-shots.mjs before` (with DIST set to a build before
// the change) or `… after` (this build) writes
// docs/screenshots/issue-41/<when>-<scene>.png:
// - focus-light, focus-dark: a board square focused from the keyboard
//   (the ring and the legal-move dots on the green);
// - dark-home, dark-othello: white on the green of the Play buttons and of
//   the pressed "Legal moves" in the dark theme;
// - contrast-nim-theory, contrast-club-setup, contrast-event-new: number
//   and date fields in high contrast;
// - header-360: the header on a phone (the Dark theme switch) and
//   not-found: an address that names no page (#/learn/puzzles), after only
//   (before, there was no switch, and the home page was shown).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { serveSite, launchBrowser, freshPage, root } from "./browser.mjs";

const when = process.argv[2];
if (!["before", "after"].includes(when)) throw new Error("usage: a11y-shots.mjs before|after");
const out = join(root, "docs", "screenshots", "issue-41");
mkdirSync(out, { recursive: true });
const server = await serveSite(process.env.DIST ?? join(root, "dist"));
const browser = await launchBrowser();

/** A page at `fragment`, `width` px wide, in the `scheme` colour scheme,
 *  with high contrast chosen when `contrast`. */
async function open(fragment, { width = 1280, scheme = "light", contrast = false } = {}) {
  const page = await freshPage(browser, { width, height: width > 400 ? 900 : 780 }, { colorScheme: scheme, reducedMotion: "reduce" });
  await page.addInitScript((contrast) => {
    localStorage.setItem("mind-sports.lang", "en");
    if (contrast) localStorage.setItem("mind-sports.contrast", "high");
  }, contrast);
  await page.goto(server.url + fragment);
  await page.waitForSelector("main h1");
  return page;
}

const save = (page, name, options = {}) => page.screenshot({ path: join(out, `${when}-${name}.png`), fullPage: true, ...options });
/** The box of `selector` grown by `margin` px, for a clipped screenshot. */
const around = async (page, selector, margin = 12) => {
  const box = await page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
  });
  return { x: Math.max(0, box.x - margin), y: Math.max(0, box.y - margin), width: box.width + 2 * margin, height: box.height + 2 * margin };
};

for (const scheme of ["light", "dark"]) {
  const page = await open("#/othello?white=human", { scheme });
  await page.waitForSelector(".board .square");
  await page.focus(".board [tabindex='0']");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowLeft");
  await save(page, `focus-${scheme}`, { clip: await around(page, ".board-frame") });
  await page.context().close();
}
{
  const page = await open("#/", { scheme: "dark" });
  await page.waitForSelector(".game-cards");
  await save(page, "dark-home");
  await page.context().close();
}
{
  const page = await open("#/othello?white=human", { scheme: "dark" });
  await page.waitForSelector(".board .square");
  await save(page, "dark-othello", { clip: await around(page, ".side-panel .controls", 24) });
  await page.context().close();
}
{
  const page = await open("#/nim?start=nim:11+nim:5+nim:12+nim:20&second=human", { contrast: true });
  await page.waitForSelector("button.theory-toggle");
  if ((await page.getAttribute("button.theory-toggle", "aria-pressed")) !== "true") await page.click("button.theory-toggle");
  await page.waitForSelector("#strip-up-to");
  await save(page, "contrast-nim-theory", { clip: await around(page, ".strip-controls", 16) });
  await page.context().close();
}
{
  const page = await open("#/club", { width: 360, contrast: true });
  await page.waitForSelector("[data-testid=club-date]");
  await page.fill("[data-testid=club-date]", "2026-12-03");
  await page.locator("[data-testid=club-rounds]").scrollIntoViewIfNeeded();
  await save(page, "contrast-club-setup");
  await page.context().close();
}
{
  const page = await open("#/event/new", { width: 360, contrast: true });
  await page.waitForSelector("#event-new-rounds");
  await page.locator("#event-new-rounds").scrollIntoViewIfNeeded();
  await save(page, "contrast-event-new");
  await page.context().close();
}
if (when === "after") {
  const page = await open("#/othello", { width: 360 });
  await save(page, "header-360", { clip: await around(page, ".app-header", 4) });
  await page.context().close();
}
if (when === "after") {
  const page = await open("#/learn/puzzles");
  await page.waitForSelector(".game-cards");
  await save(page, "not-found");
  await page.context().close();
}
await browser.close();
await server.stop();
console.log(`screenshots in ${out}`);
