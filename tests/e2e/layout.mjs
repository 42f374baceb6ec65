// Layout of every page on a phone (360 px) and a desktop (1280 px), in
// every language and theme: nothing may widen the page, and the parts that
// grow (status lines, move lists, dialogs) stay inside their place.
// Screenshots of each page go to artifacts/layout-*.png.
import { serveDist, launchBrowser, freshPage, run, assert, shot, closeAll } from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();

const LANGS = ["en", "cs", "ru"];
const THEMES = ["light", "dark", "contrast"];
const WIDTHS = [360, 1280];
const ROUTES = {
  home: "#/",
  othello: "#/othello?white=human",
  "othello-rules": "#/othello/rules",
  opok: "#/opok?squares=human",
  "opok-rules": "#/opok/rules",
  nim: "#/nim?second=human",
  "nim-rules": "#/nim/rules",
};
// An anti-Othello game played to its end: the longest status line.
const ANTI_END =
  "#/othello?variant=anti&black=human&white=human&moves=" +
  "c4c3e6c5d3e3e2f3c2d2d1f7d6f6e7c6d7f1g5d8b6c1b3h4f8e8b1b5c8a3g8b2a4a5b4b7e1g7g2h1a7c7g4a1a2g3g6h7b8a6h5f4g1h2f5f2h6a8h8h3";

/** A page in `lang` and `theme`, `width` px wide, at `fragment`. */
async function open(fragment, { lang = "en", theme = "light", width = 1280 } = {}) {
  const page = await freshPage(browser, { width, height: 900 }, { colorScheme: theme === "dark" ? "dark" : "light" });
  await page.addInitScript(
    ([lang, contrast]) => {
      localStorage.setItem("mind-sports.lang", lang);
      localStorage.setItem("mind-sports.contrast", contrast ? "high" : "normal");
    },
    [lang, theme === "contrast"],
  );
  await page.goto(server.url + fragment);
  await page.waitForSelector("main h1");
  await page.waitForFunction((lang) => document.documentElement.lang === lang, lang);
  return page;
}

/** How far the page reaches past the window's right edge, in px. */
const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Elements that stick out of the window sideways (for the message). */
const outside = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("main *, header *")]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > window.innerWidth + 0.5 || r.left < -0.5);
      })
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} ${Math.round(e.getBoundingClientRect().right)}`),
  );

let failed = 1;
try {
  failed = await run({
    "no page is wider than the window, in any language, theme or width": async () => {
      const problems = [];
      for (const [name, fragment] of Object.entries(ROUTES)) {
        for (const width of WIDTHS) {
          for (const lang of LANGS) {
            for (const theme of THEMES) {
              const page = await open(fragment, { lang, theme, width });
              const extra = await overflow(page);
              if (extra > 0) problems.push(`${name} ${lang} ${theme} ${width}px: +${extra} px ${await outside(page)}`);
              if (lang === "en" || theme === "light") await shot(page, `layout-${name}-${lang}-${theme}-${width}`);
              assert(page.errors.length === 0, page.errors.join("\n"));
              await page.context().close();
            }
          }
        }
      }
      assert(problems.length === 0, problems.join("\n"));
    },

    "a long result line wraps instead of widening the page": async () => {
      for (const lang of LANGS) {
        for (const width of WIDTHS) {
          const page = await open(ANTI_END, { lang, width });
          await page.waitForSelector(".result");
          const extra = await overflow(page);
          assert(extra <= 0, `${lang} ${width}px: +${extra} px ${await outside(page)}`);
          const panel = await page.$eval(".side-panel", (e) => e.getBoundingClientRect().right);
          assert(panel <= width, `${lang} ${width}px: the side panel ends at ${panel}`);
          await shot(page, `layout-anti-end-${lang}-${width}`);
          await page.context().close();
        }
      }
    },

    "the move list keeps each move on one line and scrolls within a bounded height": async () => {
      const page = await open(ANTI_END, { lang: "ru", width: 1280 });
      await page.waitForSelector(".result");
      // Every move is as high as the first: none breaks over two lines.
      const moves = await page.$$eval("[data-testid=moves] li", (items) =>
        items.map((li) => ({ height: li.getBoundingClientRect().height, text: li.textContent })),
      );
      const split = moves.filter((m) => m.height > moves[0].height + 1);
      assert(split.length === 0, `moves over two lines: ${JSON.stringify(split.slice(0, 3))}`);
      const list = await page.$eval("[data-testid=moves]", (e) => ({
        height: e.getBoundingClientRect().height,
        scroll: e.scrollHeight,
        overflow: getComputedStyle(e).overflowY,
      }));
      assert(list.height <= 320, `the list is ${list.height} px high`);
      assert(list.scroll > list.height && /auto|scroll/.test(list.overflow), `the list scrolls: ${JSON.stringify(list)}`);
      await page.context().close();
    },

    "selecting an Opok stack does not move the board": async () => {
      for (const [width, size] of [[360, 5], [1280, 5], [1280, 3], [1280, 9]]) {
        const page = await open(`#/opok?squares=human&size=${size}`, { width });
        // On a phone the panel is under the play area and may move down.
        const watched = width > 860 ? [".board", ".side-panel"] : [".board"];
        const place = () =>
          page.evaluate((watched) => watched.map((s) => {
            const r = document.querySelector(s).getBoundingClientRect();
            return [Math.round(r.left), Math.round(r.top)];
          }), watched);
        const before = await place();
        await page.click("[data-square=a1]");
        await page.waitForSelector(".picker");
        const after = await place();
        assert(JSON.stringify(before) === JSON.stringify(after), `${width}px ${size}×${size}: the board and panel moved from ${before} to ${after}`);
        assert((await overflow(page)) <= 0, `${width}px: the picker widens the page`);
        await shot(page, `layout-opok-selected-${width}`);
        await page.context().close();
      }
    },

    "hint scores stay inside their squares on a phone": async () => {
      const page = await open("#/othello?white=human", { width: 360 });
      await page.click("button.hints");
      await page.waitForSelector(".hint");
      await page.waitForTimeout(1500);
      const outside = await page.$$eval(".hint", (hints) =>
        hints
          .map((h) => [h.getBoundingClientRect(), h.closest(".square").getBoundingClientRect(), h.textContent])
          .filter(([inner, square]) => inner.left < square.left - 0.5 || inner.right > square.right + 0.5)
          .map(([, , text]) => text),
      );
      assert(outside.length === 0, `hints wider than their square: ${outside}`);
      await shot(page, "layout-hints-360");
      await page.context().close();
    },

    "the new-game dialogs fit a phone in every language": async () => {
      for (const route of ["othello", "opok", "nim"]) {
        for (const lang of LANGS) {
          const page = await open(ROUTES[route], { lang, width: 360 });
          await page.click("button.new-game");
          await page.waitForSelector(".dialog");
          if (route === "nim") await page.selectOption("#nim-preset", "custom");
          const dialog = await page.$eval(".dialog", (e) => ({ right: e.getBoundingClientRect().right, scroll: e.scrollWidth, width: e.clientWidth }));
          assert(dialog.right <= 360 && dialog.scroll <= dialog.width, `${route} ${lang}: ${JSON.stringify(dialog)} ${await outside(page)}`);
          if (lang !== "en") await shot(page, `layout-dialog-${route}-${lang}`);
          await page.context().close();
        }
      }
    },
  });
} finally {
  await closeAll({ browser, server });
}
process.exit(failed ? 1 : 0);
