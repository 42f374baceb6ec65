// Accessibility, held by a test (issue 41). axe-core (from npm, pinned in
// the Makefile's NODE_TOOLS) checks every route and the states a player
// meets (the dialogs, hints, the editor, the clock, Opok's picker, Nim's
// "Show me", a lesson after a wrong answer) at 1280 and 360 px, in the
// light, dark and high-contrast themes: a violation (of any impact; the
// issue asks for no serious or critical one) fails the test, unless it is
// one of the known false positives listed in KNOWN by rule and selector,
// with the reason. The themes come from the
// browser's preferences (prefers-color-scheme, prefers-contrast), which the
// app follows. The DOM and ARIA rules run once per width (the theme only
// changes colours); the colour rules run in every theme.
//
// What axe does not judge is measured from the computed colours: the focus
// ring on a board square and the legal-move dots against the board (3:1),
// number and date fields (4.5:1) and white on the green of primary buttons
// in the dark theme (4.5:1). And the live region: a move against the
// computer, then the player's announcement and the computer's, both kept,
// in that order.
import { createRequire } from "node:module";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eventApi, createEvent } from "./event-api.mjs";
import { serveSite, root, launchBrowser, freshPage, run, assert, liveMessages, shot, closeAll } from "./browser.mjs";

const require = createRequire(join(root, ".tools", "package.json"));
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const state = mkdtempSync(join(tmpdir(), "mind-sports-a11y-"));
const server = await serveSite(process.env.DIST ?? join(root, "dist"), 0, ["--state", state]);
const browser = await launchBrowser();

const WIDTHS = [1280, 360];
const THEMES = {
  light: { colorScheme: "light", contrast: "no-preference" },
  dark: { colorScheme: "dark", contrast: "no-preference" },
  contrast: { colorScheme: "light", contrast: "more" },
};
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** What axe reports that is no barrier: a rule, the CSS selector of the
 *  elements it is wrong about, and why. */
const KNOWN = [
  {
    rule: "label-content-name-mismatch",
    selector: ".square:has(> .inner-coord)",
    why: "on a phone (and in the editor) an edge square draws its row's or column's coordinate inside it (aria-hidden); " +
      "the square's name says its whole name (\"a2, empty\"), which is what a speech user says, not the coordinate",
  },
  {
    rule: "landmark-unique",
    selector: "main:has(iframe)",
    why: "the embed builder's preview is a frame, a page of its own with its own <main>; the page has one",
  },
  {
    rule: "page-has-heading-one",
    selector: "html:has(main.embed-main)",
    why: "an embedded frame is a part of its host's page (a board, a lesson), under the host's headings",
  },
];

/** The KNOWN entries seen in this run (each must be: a fixed one leaves). */
const seen = new Set();

/** The page's violations that are not KNOWN, as lines (of every impact:
 *  the issue asks for none serious or critical, and there are none of the
 *  others either); `rules` limits the run to those rules. */
async function violations(page, rules) {
  const options = rules
    ? { runOnly: { type: "rule", values: rules }, resultTypes: ["violations"] }
    : { runOnly: { type: "tag", values: TAGS }, resultTypes: ["violations"] };
  const known = KNOWN.map(({ rule, selector }) => ({ rule, selector }));
  const { found, excused } = await page.evaluate(
    async ([options, known]) => {
      const result = await window.axe.run(document, options);
      const excused = [];
      const found = result.violations.flatMap((v) =>
        v.nodes
          .filter((n) => {
            // A node in a frame has a selector for each frame on the way.
            let el = null;
            for (const [i, selector] of n.target.entries()) el = (i ? el?.contentDocument : document)?.querySelector(selector);
            const k = known.findIndex((k) => k.rule === v.id && el?.matches(k.selector));
            if (k >= 0) excused.push(k);
            return k < 0;
          })
          .map((n) => ({ rule: v.id, impact: n.impact ?? v.impact, target: n.target.flat().join(" "), why: n.failureSummary })),
      );
      return { found, excused };
    },
    [options, known],
  );
  excused.forEach((k) => seen.add(k));
  return found
    .map((f) => `${f.rule} (${f.impact}) at ${f.target}: ${f.why.replace(/\s+/g, " ").slice(0, 240)}`);
}

/** Sets the browser's preferences to `theme` and waits for the app to
 *  follow them (a frame sets its own look from its link). */
async function setTheme(page, theme) {
  await page.emulateMedia(THEMES[theme]);
  const expected = { theme: theme === "dark" ? "dark" : "light", contrast: theme === "contrast" ? "high" : "normal" };
  await page.waitForFunction(
    (e) => location.hash.startsWith("#/embed/") || (document.documentElement.dataset.theme === e.theme && document.documentElement.dataset.contrast === e.contrast),
    expected,
  );
}

/** Two frames: styles applied and painted. */
const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** axe on the page as it is now, at both widths and in every theme;
 *  returns the problems, each line naming `where`. */
async function audit(page, where) {
  const problems = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 780 });
    for (const theme of Object.keys(THEMES)) {
      await setTheme(page, theme);
      await settle(page);
      const found = await violations(page, theme === "light" ? null : COLOUR_RULES);
      problems.push(...found.map((f) => `${where} ${width}px ${theme}: ${f}`));
    }
  }
  await setTheme(page, "light");
  await page.setViewportSize({ width: 1280, height: 900 });
  return problems;
}

/** A page of its own (axe in every document and frame it loads), light,
 *  1280 px, without motion. */
async function axePage() {
  const page = await freshPage(browser, { width: 1280, height: 900 }, { reducedMotion: "reduce" });
  await page.context().addInitScript({ content: AXE });
  return page;
}

/** Goes to `fragment` (within the page: the modules stay loaded) and waits
 *  for `ready`. */
async function visit(page, fragment, ready) {
  await page.goto(server.url + fragment);
  await page.waitForSelector(ready, { timeout: 20000 });
}

// --- contrast measured from computed colours ----------------------------------

/** In the page: the contrast ratio of `fg` over the effective background
 *  of element `el` (its own or its ancestors', alpha blended), both CSS
 *  colours, or of `fg` over `bg` when given. */
const CONTRAST = `
  window.a11yContrast = (fg, el, bg) => {
    const parse = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m[3] ?? 1]; };
    const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3])).concat(1);
    const background = (e) => {
      const layers = [];
      for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
        const c = parse(getComputedStyle(n).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] === 1) break;
      }
      let colour = [255, 255, 255, 1];
      for (const layer of layers.reverse()) colour = over(layer, colour);
      return colour;
    };
    const lum = (c) => 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2]);
    const ch = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    const under = bg ? parse(bg) : background(el);
    const top = over(parse(fg), under);
    const [a, b] = [lum(top), lum(under)].sort((x, y) => y - x);
    return Math.round(((a + 0.05) / (b + 0.05)) * 100) / 100;
  };`;

/** The contrast of `property` of the element at `selector` against its
 *  background (or against the background of `against`). */
const contrastOf = (page, selector, property, against) =>
  page.evaluate(
    ([selector, property, against]) => {
      const el = document.querySelector(selector);
      const bgEl = against ? document.querySelector(against) : el;
      return window.a11yContrast(getComputedStyle(el)[property], bgEl, null);
    },
    [selector, property, against],
  );

let failed = 1;
try {
  const page = await axePage();
  await page.context().addInitScript({ content: CONTRAST });
  const api = eventApi(server.url);
  failed = await run({
    "axe: every route, at 1280 and 360 px, light, dark and high contrast": async () => {
      const club = await api("/clubs", { name: "Brno Othello Club" });
      assert(club.status === 201, JSON.stringify(club));
      const event = await createEvent(api, "Autumn Swiss", { rounds: 3 });
      const seat = await api("/games", { setup: { game: "othello", rules: "", timing: { kind: "correspondence", days: 3 } }, name: "Eva", colour: "first" });
      assert(seat.status === 201, JSON.stringify(seat));
      const routes = [
        ["#/", ".game-cards"],
        ["#/othello", ".board .square"],
        ["#/othello/rules", "main h1"],
        ["#/opok", ".board .square"],
        ["#/opok/rules", "main h1"],
        ["#/nim", ".heaps .heap"],
        ["#/nim/rules", "main h1"],
        ["#/learn", ".learn"],
        ["#/learn/nim", ".learn"],
        ["#/learn/opok/opok-1-1", ".lesson-board"],
        ["#/learn/teacher", ".learn"],
        ["#/learn/results?i=nim-1-1", ".learn"],
        ["#/puzzles", ".learn"],
        ["#/puzzles/daily", ".lesson-board .square"],
        ["#/club", "[data-testid=club-on-server]"],
        [`#/clubs/${club.body.club}`, "[data-testid=club-page]"],
        ["#/embed", "iframe"],
        ["#/online", "main h1"],
        [`#/online/othello/${seat.body.game}?seat=${seat.body.token}`, "[data-testid=online-game]"],
        ["#/event/new", "[data-testid=event-create]"],
        [`#/event/${event.event}`, "main h1"],
        ["#/embed/othello?moves=f5d6c3", ".embed .square"],
        ["#/embed/nim?theme=contrast", ".embed .heap"],
        ["#/learn/puzzles", "[data-testid=not-found]"],
      ];
      const problems = [];
      for (const [fragment, ready] of routes) {
        await visit(page, fragment, ready);
        problems.push(...(await audit(page, fragment)));
      }
      assert(problems.length === 0, `\n  ${problems.join("\n  ")}`);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "axe: the dialogs, hints, the editor, the clock, Opok's picker, Nim's \"Show me\", a wrong answer": async () => {
      const problems = [];
      /** Audits the state `act` leads to, once `shown` is there; a dialog
       *  is closed after. */
      const state = async (name, act, shown) => {
        await act();
        await page.waitForSelector(shown, { timeout: 20000 });
        problems.push(...(await audit(page, name)));
        if (await page.$("[role=dialog]")) {
          await page.keyboard.press("Escape");
          await page.waitForSelector("[role=dialog]", { state: "detached" });
        }
      };
      // From another module's page, so that the game's link starts a game.
      await visit(page, "#/othello?white=c1", ".board .square");
      await state("new-game dialog", () => page.click("button.new-game"), "[role=dialog]");
      await state("diagram dialog", () => page.click("button.diagram-open"), "[role=dialog] svg");
      await state("play-online dialog", () => page.click("[data-testid=play-online]"), "[role=dialog]");
      await state("hints and the clock", async () => {
        await page.click("button.hints");
        await page.selectOption("[data-testid=clock-control]", "5+3");
      }, ".hint");
      await state("the editor", () => page.click("button.edit-position"), ".editor");
      await visit(page, "#/opok?squares=human", ".board .square");
      await state("Opok's picker", () => page.click("[data-square=a1]"), ".picker");
      await visit(page, "#/nim?start=nim:11+nim:5+nim:12+nim:20&second=human", ".heaps .heap");
      await state("Nim's Show me", async () => {
        if ((await page.getAttribute("button.theory-toggle", "aria-pressed")) !== "true") await page.click("button.theory-toggle");
        await page.click("button.show-me");
      }, ".token.winning");
      await visit(page, "#/learn/othello/othello-2-1", ".lesson-board .square");
      await state("a lesson after a wrong answer", () => page.click(".lesson-board [data-square=a1]"), ".feedback");
      assert(problems.length === 0, `\n  ${problems.join("\n  ")}`);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "axe in Czech: the game pages, a lesson and the new-game dialog (light, 1280 and 360 px)": async () => {
      await page.selectOption("#language", "cs");
      await page.waitForFunction(() => document.documentElement.lang === "cs");
      const problems = [];
      const pages = [
        ["#/othello", ".board .square"],
        ["#/opok", ".board .square"],
        ["#/nim?start=nim:11+nim:5+nim:12+nim:20&second=human", ".heaps .heap"],
        ["#/learn/nim/nim-1-1", ".lesson-board, .heaps"],
        ["#/learn/puzzles", "[data-testid=not-found]"],
      ];
      for (const [fragment, ready] of pages) {
        await visit(page, fragment, ready);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          problems.push(...(await violations(page)).map((f) => `cs ${fragment} ${width}px: ${f}`));
        }
      }
      await visit(page, "#/othello", ".board .square");
      await page.click("button.new-game");
      await page.waitForSelector("[role=dialog]");
      problems.push(...(await violations(page)).map((f) => `cs new-game dialog 360px: ${f}`));
      await page.keyboard.press("Escape");
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.selectOption("#language", "en");
      await page.waitForFunction(() => document.documentElement.lang === "en");
      assert(problems.length === 0, `\n  ${problems.join("\n  ")}`);
    },

    "the game toolbar is named and one tab stop, and the arrows move within it": async () => {
      await visit(page, "#/othello?white=human", ".board .square");
      assert((await page.getAttribute("[role=toolbar]", "aria-label")) === "Game", "the toolbar's name");
      const stops = await page.$$eval("[role=toolbar] button", (b) => b.filter((e) => e.tabIndex === 0).map((e) => e.textContent));
      assert(stops.length === 1 && stops[0] === "New game", `tab stops: ${stops}`);
      // Tab from the board reaches the toolbar once; the arrows move on
      // (skipping disabled buttons) and wrap; the stop follows the focus.
      await page.focus(".board [tabindex='0']");
      for (let i = 0; i < 40 && !(await page.evaluate(() => document.activeElement.closest("[role=toolbar]"))); i++) await page.keyboard.press("Tab");
      const focused = () => page.evaluate(() => document.activeElement.textContent);
      assert((await focused()) === "New game", `Tab reaches ${await focused()}`);
      await page.keyboard.press("ArrowRight");
      assert((await focused()) === "Hints", `after New game, past the disabled Undo, Redo and Move now: ${await focused()}`);
      await page.keyboard.press("End");
      const last = await focused();
      await page.keyboard.press("ArrowRight");
      assert((await focused()) === "New game", `wraps from ${last}`);
      await page.keyboard.press("ArrowLeft");
      assert((await focused()) === last, "and back");
      assert((await page.$$eval("[role=toolbar] button[tabindex='0']", (b) => b.map((e) => e.textContent))).join() === last, "the stop follows");
      await page.keyboard.press("Tab");
      assert(!(await page.evaluate(() => document.activeElement.closest("[role=toolbar]"))), "Tab leaves the toolbar");
    },

    "the Dark theme switch is kept; lessons have titles of their own; dialogs are in the body; an unknown address says so": async () => {
      await visit(page, "#/", ".game-cards");
      await page.click("button.dark-toggle");
      assert((await page.getAttribute("html", "data-theme")) === "dark" && (await page.getAttribute("button.dark-toggle", "aria-pressed")) === "true", "dark on a light system");
      await page.reload();
      await page.waitForSelector(".game-cards");
      assert((await page.getAttribute("html", "data-theme")) === "dark", "kept across a reload");
      await page.click("button.dark-toggle");
      assert((await page.getAttribute("html", "data-theme")) === "light", "and back");
      // A choice outlives the system's preference: forget it, for the
      // tests that follow the system's.
      await page.evaluate(() => localStorage.removeItem("mind-sports.theme"));
      await page.reload();
      await page.waitForSelector(".game-cards");
      const titles = [];
      for (const id of ["nim-1-1", "nim-1-2"]) {
        await visit(page, `#/learn/nim/${id}`, ".lesson-board, .heaps");
        const heading = await page.textContent("main h1");
        await page.waitForFunction((h) => document.title.startsWith(h), heading);
        titles.push(await page.title());
      }
      assert(titles[0] !== titles[1] && titles.every((t) => t.endsWith(" · Lessons · Mind Sports")), `lesson titles: ${titles}`);
      await visit(page, "#/othello", ".board .square");
      for (const open of ["button.diagram-open", "[data-testid=play-online]"]) {
        await page.click(open);
        await page.waitForSelector("[role=dialog]");
        assert(await page.$eval("[role=dialog]", (d) => d.closest("body") !== null), `${open}: its dialog is in the body`);
        await page.keyboard.press("Escape");
        await page.waitForSelector("[role=dialog]", { state: "detached" });
      }
      await visit(page, "#/learn/puzzles", "[data-testid=not-found]");
      assert((await page.title()) === "Page not found · Mind Sports", await page.title());
      assert((await page.textContent("main")).includes("There is no page at #/learn/puzzles."), "it says which address");
      assert(await page.$(".game-cards"), "and offers the games");
    },

    "every known false positive is still seen (a fixed one leaves the list)": async () => {
      const stale = KNOWN.filter((_, i) => !seen.has(i)).map((k) => `${k.rule} at ${k.selector}`);
      assert(stale.length === 0, `not seen any more: ${stale.join("; ")}`);
    },

    "the player's move and the computer's reply are both announced, in order (Othello, Nim)": async () => {
      const games = [
        ["#/othello?white=c1", ".board .square", () => page.click("[data-square=f5]"), /^Black f5, flips e5\.$/, /^Computer \(White\) plays [a-h][1-8], flips /],
        ["#/nim?start=nim:3+nim:5", ".heaps .heap", async () => {
          await page.focus(".heap[data-heap='0'] .token[tabindex='0']");
          await page.keyboard.press("Enter");
        }, /^First player took 1 from heap 1/, /^Computer took /],
      ];
      for (const [fragment, ready, move, mine, theirs] of games) {
        await visit(page, fragment, ready);
        // Every change of the region from now on: what was added, what was
        // removed or rewritten.
        await page.evaluate(() => {
          window.heard = [];
          const live = document.querySelector("#live");
          window.listening?.disconnect();
          window.listening = new MutationObserver((records) => {
            for (const r of records) {
              // A message is an element of the region's own; anything else
              // (its text filled in, a message rewritten or taken away) is
              // a change a screen reader may not read.
              const own = r.target === live;
              for (const n of r.addedNodes) window.heard.push(own ? { added: n.textContent, at: performance.now() } : { filled: n.textContent });
              for (const n of r.removedNodes) window.heard.push({ removed: n.textContent });
              if (r.type === "characterData") window.heard.push({ rewritten: r.target.data });
            }
          });
          window.listening.observe(live, { childList: true, subtree: true, characterData: true });
        });
        await move();
        await page.waitForFunction(() => window.heard.filter((h) => h.added).length >= 2, null, { timeout: 20000 });
        const heard = await page.evaluate(() => window.heard);
        const added = heard.filter((h) => h.added);
        assert(mine.test(added[0].added) && theirs.test(added[1].added), `${fragment}: heard ${JSON.stringify(heard)}`);
        assert(!heard.some((h) => h.removed !== undefined || h.rewritten !== undefined), `${fragment}: nothing said is taken back: ${JSON.stringify(heard)}`);
        const kept = (await liveMessages(page)).map((m) => m.text);
        assert(kept.indexOf(added[0].added) === kept.length - 2 && kept.indexOf(added[1].added) === kept.length - 1, `${fragment}: the region keeps both: ${kept}`);
        console.log(`  ${fragment}: the reply was added ${Math.round(added[1].at - added[0].at)} ms after the move`);
      }
    },

    "the focus ring and the legal-move dots stand out from the board (3:1), in every theme": async () => {
      const found = [];
      for (const [fragment, ready] of [["#/othello?white=human", ".board .square .marker"], ["#/opok?squares=human", ".board .square"]]) {
        await visit(page, fragment, ready);
        await page.focus(".board [tabindex='0']");
        // A key, so that the focus shows as it does for a keyboard user.
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowLeft");
        for (const theme of Object.keys(THEMES)) {
          await setTheme(page, theme);
          await settle(page);
          const ring = await page.evaluate(() => {
            const square = document.activeElement;
            const style = getComputedStyle(square);
            return { square: square.dataset.square, width: style.outlineWidth, ratio: window.a11yContrast(style.outlineColor, square, null) };
          });
          found.push(`${fragment} ${theme}: ring ${ring.ratio}:1 (${ring.width})`);
          assert(ring.square && ring.width === "3px" && ring.ratio >= 3, `${fragment} ${theme}: the focus ring ${JSON.stringify(ring)}`);
          if (await page.$(".board .marker")) {
            const dot = await contrastOf(page, ".board .marker", "backgroundColor", ".board .square:has(.marker)");
            found.push(`${fragment} ${theme}: dot ${dot}:1`);
            assert(dot >= 3, `${fragment} ${theme}: the legal-move dot ${dot}:1`);
          }
        }
        await setTheme(page, "light");
      }
      console.log(`  ${found.join("; ")}`);
    },

    "number and date fields and primary buttons are readable (4.5:1), in every theme": async () => {
      const found = [];
      const fields = [
        ["#/nim?start=nim:11+nim:5&second=human", "#strip-up-to", async () => {
          if ((await page.getAttribute("button.theory-toggle", "aria-pressed")) !== "true") await page.click("button.theory-toggle");
        }],
        ["#/club", "[data-testid=club-date]", null],
        ["#/club", "[data-testid=club-rounds]", null],
        ["#/event/new", "#event-new-rounds", null],
        ["#/event/new", "#event-new-start-limit", null],
        ["#/", ".button.primary", null],
        ["#/othello", "button.legal-toggle[aria-pressed=true]", null],
      ];
      for (const [fragment, selector, open] of fields) {
        await page.goto(server.url + fragment);
        if (open) {
          await page.waitForSelector("button.theory-toggle");
          await open();
        }
        await page.waitForSelector(selector);
        // A value to read in each field.
        const value = { number: "12", date: "2026-12-03" }[await page.$eval(selector, (e) => (e.tagName === "INPUT" ? e.type : ""))];
        if (value) await page.fill(selector, value);
        for (const theme of Object.keys(THEMES)) {
          await setTheme(page, theme);
          await settle(page);
          const ratio = await contrastOf(page, selector, "color");
          found.push(`${selector} ${theme} ${ratio}:1`);
          assert(ratio >= 4.5, `${fragment} ${selector} ${theme}: text ${ratio}:1`);
        }
        await setTheme(page, "light");
      }
      console.log(`  ${found.join("; ")}`);
    },
  });
} finally {
  await closeAll({ browser, server, folders: [state] });
}
process.exit(failed ? 1 : 0);
