// Every button of every page does its own job only: clicked one by one
// (on the game pages after the computer has moved), none of them changes
// what belongs to the app — the contrast, the language, what is stored for
// them. Two Yew apps (the app and a page's module, two wasm modules) once
// shared a DOM subtree and ran each other's handlers for the same click
// (Nim's "Theory" also switched High contrast): src/ui/module_section.rs.
import { serveDist, launchBrowser, freshPage, run, assert, closeAll } from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();

/** What belongs to the app, not to any page. */
const appState = (page) =>
  page.evaluate(() => ({
    contrast: document.documentElement.getAttribute("data-contrast"),
    lang: document.documentElement.getAttribute("lang"),
    storedContrast: localStorage.getItem("mind-sports.contrast"),
    storedLang: localStorage.getItem("mind-sports.lang"),
    pressed: document.querySelector(".app-header [aria-pressed]")?.getAttribute("aria-pressed") ?? null,
  }));

/** The page's own buttons (not the header's), visible and enabled, as
 *  indexes among every button of the document. */
const pageButtons = (page) =>
  page.$$eval("button", (buttons) =>
    buttons
      .map((b, i) => ({ b, i }))
      .filter(({ b }) => !b.closest(".app-header") && !b.disabled && b.offsetParent !== null)
      .map(({ b, i }) => ({ i, text: (b.getAttribute("aria-label") || b.textContent).trim().slice(0, 40) })),
  );

/** The game pages are set up with the computer having moved. */
const setUp = {
  "#/othello": async (page) => {
    await page.click(".square.legal");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length >= 2, null, { timeout: 20000 });
  },
  "#/opok?circles=human&squares=c4": async (page) => {
    await (await page.$$(".square.movable"))[0].click();
    await page.waitForSelector(".square.landing");
    const landings = await page.$$(".square.landing");
    await landings[landings.length - 1].click();
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length >= 2, null, { timeout: 20000 });
  },
  "#/nim": async (page) => {
    await page.click(".heap[data-heap='0'] .token");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length >= 2, null, { timeout: 20000 });
  },
};

// The pages with buttons of their own (the rules pages of Opok and the
// take-away games, the lists of lessons and puzzles have links only).
const PAGES = [
  "#/othello",
  "#/opok?circles=human&squares=c4",
  "#/nim",
  "#/othello/rules",
  "#/learn",
  "#/learn/othello/othello-1-1",
  "#/learn/opok/opok-1-1",
  "#/learn/nim/nim-1-1",
  "#/puzzles/wipeout-bf96bde7",
  "#/learn/teacher",
  "#/club",
  "#/embed",
];

/** Opens `fragment` in a fresh page, set up, and waits for its buttons. */
async function open(fragment) {
  const page = await freshPage(browser);
  await page.goto(server.url + fragment);
  // The home page is the app's; every other page is a module's, drawn once
  // the module has loaded.
  await page.waitForSelector(".home, [data-module-host]:not([hidden]) .module-root > *", { timeout: 20000 });
  await page.waitForTimeout(500);
  if (setUp[fragment]) await setUp[fragment](page);
  return page;
}

/** Clicks every page button of `fragment` in turn; returns the clicks made. */
async function clickEveryButton(fragment) {
  let page = await open(fragment);
  const before = await appState(page);
  const seen = new Set();
  let clicks = 0;
  for (let round = 0; round < 200; round++) {
    const buttons = (await pageButtons(page)).filter((b) => !seen.has(`${b.i}:${b.text}`));
    if (buttons.length === 0) break;
    const { i, text } = buttons[0];
    seen.add(`${i}:${text}`);
    const address = page.url();
    await page.evaluate((i) => document.querySelectorAll("button")[i].click(), i);
    clicks++;
    await page.waitForTimeout(120);
    const after = await appState(page);
    assert(
      JSON.stringify(after) === JSON.stringify(before),
      `${fragment}: "${text}" changed the app: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
    );
    // Dialogs close; a button that left the page is followed back.
    await page.keyboard.press("Escape");
    if (page.url() !== address) {
      await page.close();
      page = await open(fragment);
    }
  }
  await page.close();
  return clicks;
}

let failed = 1;
try {
  const tests = {};
  for (const fragment of PAGES) {
    tests[`every button of ${fragment} leaves the app's contrast and language alone`] = async () => {
      const clicks = await clickEveryButton(fragment);
      assert(clicks > 0, `${fragment}: no buttons clicked`);
    };
  }
  failed = await run(tests);
} finally {
  await closeAll({ browser, server });
}
process.exit(failed ? 1 : 0);
