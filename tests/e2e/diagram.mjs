// End-to-end tests of the diagram dialog every game page has (the records
// panel's "Diagram" button; the dialog is a module of its own,
// diagram.js): opened by keyboard, its choices change the live preview, the
// page's shortcuts wait while it is open, Escape closes it and gives the
// focus back to the button; the SVG saved is well-formed and the same
// bytes `engine diagram` writes for the same moves and options; the PNG
// saved is a PNG twice the SVG's size. Screenshots of the dialog in every
// language at 1280 and 360 px.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveDist, launchBrowser, freshPage, run, assert, root, artifacts, count, moveCount, closeAll } from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();
const ENGINE = join(root, "target", "release", "engine");
const LANGS = ["en", "cs", "ru"];
const scratch = mkdtempSync(join(tmpdir(), "mind-sports-diagram-"));

// A position of each game, as a link opens it and as `engine diagram` reads it.
const OPOK_MOVES = "a1:13:c4 e5:14:b4 a1:8:e1 b4:4:d2 a1:3:c2 e5:9:e2";
const GAMES = {
  othello: {
    fragment: "#/othello?black=human&white=human&moves=f5d6c3d3c4",
    engine: ["othello", "--moves", "f5d6c3d3c4"],
    plies: 5,
    numbers: true,
    // Every disc is one circle of its colour.
    pieces: async (page, svg) => {
      for (const color of ["black", "white"]) {
        const drawn = await svg.$$eval(`circle.${color}`, (l) => l.length);
        const shown = await count(page, color);
        assert(drawn === shown, `${color}: ${drawn} circles, ${shown} on the board`);
      }
    },
  },
  opok: {
    fragment: `#/opok?circles=human&squares=human&moves=${OPOK_MOVES.replaceAll(" ", ",")}`,
    engine: ["opok", "--moves", OPOK_MOVES],
    plies: 6,
    numbers: true,
    // Every stack's top piece carries its side's class.
    pieces: async (page, svg) => {
      for (const side of ["circles", "squares"]) {
        const drawn = await svg.$$eval(`.${side}`, (l) => l.length);
        const shown = await count(page, side);
        assert(drawn === shown, `${side}: ${drawn} stacks drawn, ${shown} on the board`);
      }
    },
  },
  nim: {
    fragment: "#/nim?v=2&misere=1&first=human&second=human&start=nim:3+nim:4+nim:5&moves=1:2,3:1",
    engine: ["nim", "--heaps", "nim:3 nim:4 nim:5", "--moves", "1:2,3:1", "--misere"],
    plies: 2,
    numbers: false,
    // Heaps of 1, 4 and 4 tokens; the last move took one.
    pieces: async (_page, svg) => {
      const tokens = await svg.$$eval(".token", (l) => l.length);
      assert(tokens === 9, `${tokens} tokens drawn, 9 in the heaps`);
      const taken = await svg.$$eval(".taken", (l) => l.length);
      assert(taken === 1, `${taken} tokens shown taken, the last move took 1`);
    },
  },
};

/** A game page in `lang`, `width` px wide. */
async function open(route, { lang = "en", width = 1280 } = {}) {
  const page = await freshPage(browser, { width, height: 900 }, { acceptDownloads: true });
  await page.addInitScript((lang) => localStorage.setItem("mind-sports.lang", lang), lang);
  await page.goto(server.url + GAMES[route].fragment);
  await page.waitForSelector("button.diagram-open");
  await page.waitForFunction((lang) => document.documentElement.lang === lang, lang);
  return page;
}

/** Opens the dialog from the keyboard; returns the preview's SVG. */
async function openDialog(page) {
  await page.focus("button.diagram-open");
  await page.keyboard.press("Enter");
  await page.waitForSelector("[data-testid=diagram-preview] svg");
  return page.$("[data-testid=diagram-preview] svg");
}

/** Switches the checkbox `id` from the keyboard; waits for the new preview. */
async function toggle(page, id) {
  const before = await page.$eval("[data-testid=diagram-preview]", (e) => e.innerHTML);
  await page.focus(`#${id}`);
  await page.keyboard.press("Space");
  await page.waitForFunction((before) => document.querySelector("[data-testid=diagram-preview]").innerHTML !== before, before);
}

const texts = (page) => page.$$eval("[data-testid=diagram-preview] svg text", (l) => l.map((t) => t.textContent));
const checked = (page, id) => page.$eval(`#${id}`, (e) => e.checked);

/** The file a button of the dialog saves, by keyboard: its name and bytes. */
async function save(page, button) {
  await page.focus(button);
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

/** True when the browser reads `text` as an SVG document. */
const wellFormed = (page, text) =>
  page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    return !doc.querySelector("parsererror") && doc.documentElement.localName === "svg";
  }, text);

const unescape = (text) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");

/** What `engine diagram` writes for `route`'s game with `flags`. */
function engineSvg(route, flags, title) {
  const out = join(scratch, `${route}-${flags.join("")}.svg`);
  execFileSync(ENGINE, ["diagram", ...GAMES[route].engine, ...flags, "--title", title, "--out", out]);
  return readFileSync(out, "utf8");
}

/** The checks of one game's dialog, in English. */
async function checkGame(route) {
  const page = await open(route);
  const moves = await moveCount(page);
  const svg = await openDialog(page);
  assert(await page.evaluate(() => document.activeElement.id === "diagram-coords"), "the focus is on the first choice");
  assert((await page.$("#diagram-numbers")) !== null === GAMES[route].numbers, "move numbers offered where the game has them");
  // The defaults: coordinates and the last move.
  assert((await checked(page, "diagram-coords")) && (await checked(page, "diagram-last")), "coordinates and the last move by default");
  await GAMES[route].pieces(page, svg);
  const title = await page.$eval("[data-testid=diagram-preview] svg title", (t) => t.textContent);
  assert(title.endsWith(`: position after move ${GAMES[route].plies}`), `title: ${title}`);
  // Coordinates come and go with their choice.
  const withCoords = (await texts(page)).length;
  await toggle(page, "diagram-coords");
  const without = await texts(page);
  assert(without.length < withCoords, `coordinates off: ${without.length} texts, ${withCoords} with them`);
  // Column letters (board games) or heap numbers (take-away games).
  const coordinate = route === "nim" ? "3" : "a";
  assert(!without.includes(coordinate), `no coordinates left: ${without}`);
  await toggle(page, "diagram-coords");
  assert((await texts(page)).length === withCoords, "coordinates back");
  // The page's shortcuts wait while the dialog is open (U would undo).
  await page.focus(".dialog button.download-svg");
  await page.keyboard.press("u");
  assert((await moveCount(page)) === moves, "no undo under the dialog");
  // Black and white, move numbers where there are any: the file saved is
  // what the command line writes.
  await toggle(page, "diagram-print");
  const flags = ["--coords", "--last-move", "--print"];
  if (GAMES[route].numbers) {
    await toggle(page, "diagram-numbers");
    flags.push("--numbers");
  }
  const saved = await save(page, ".dialog button.download-svg");
  const text = saved.bytes.toString("utf8");
  assert(saved.name === `${route}-move-${GAMES[route].plies}.svg`, `file name ${saved.name}`);
  assert(await wellFormed(page, text), "the saved SVG is well-formed");
  const savedTitle = unescape(text.match(/<title>([^<]*)<\/title>/)[1]);
  const expected = engineSvg(route, flags, savedTitle);
  assert(text === expected, `${route}: the page's SVG differs from engine diagram ${flags.join(" ")}:\n${text.slice(0, 400)}\n---\n${expected.slice(0, 400)}`);
  // The PNG: a PNG twice the SVG's width.
  const png = await save(page, ".dialog button.download-png");
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  assert(signature.every((b, i) => png.bytes[i] === b), `PNG signature: ${[...png.bytes.subarray(0, 8)]}`);
  assert(png.name === saved.name.replace(/svg$/, "png"), `PNG name ${png.name}`);
  const width = Number(text.match(/<svg[^>]* width="(\d+)"/)[1]);
  assert(png.bytes.readUInt32BE(16) === 2 * width, `PNG ${png.bytes.readUInt32BE(16)} px wide, the SVG ${width}`);
  // Escape closes the dialog and the focus goes back to the button.
  await page.focus("#diagram-coords");
  await page.keyboard.press("Escape");
  await page.waitForSelector(".dialog", { state: "detached" });
  assert(await page.evaluate(() => document.activeElement.matches("button.diagram-open")), "the focus is back on the button");
  // Opened again: the choices are kept.
  await openDialog(page);
  assert(await checked(page, "diagram-print"), "the choices are kept");
  await page.click(".dialog button.cancel");
  await page.waitForSelector(".dialog", { state: "detached" });
  assert(page.errors.length === 0, page.errors.join("\n"));
  await page.context().close();
}

let failed = 1;
try {
  failed = await run({
    "Othello: preview, choices, SVG as engine diagram, PNG, Escape": () => checkGame("othello"),
    "Opok: preview, choices, SVG as engine diagram, PNG, Escape": () => checkGame("opok"),
    "take-away games: preview, choices, SVG as engine diagram, PNG, Escape": () => checkGame("nim"),

    "the diagram shows the move the page shows (after going back)": async () => {
      const page = await open("othello");
      await page.click("[data-testid=moves] [data-ply='2']");
      await page.waitForSelector("[data-testid=moves] [data-ply='2'][aria-current=step]");
      await openDialog(page);
      const title = await page.$eval("[data-testid=diagram-preview] svg title", (t) => t.textContent);
      assert(title.endsWith("move 2"), title);
      const discs = await page.$$eval("[data-testid=diagram-preview] svg circle.black, [data-testid=diagram-preview] svg circle.white", (l) => l.length);
      assert(discs === 6, `${discs} discs after two moves`);
      await page.keyboard.press("Escape");
      await page.context().close();
    },

    "captions and titles in every language; the dialog fits a desktop and a phone": async () => {
      const caption = { othello: { en: "to move", cs: "Na tahu", ru: "Ходят" }, nim: { en: "Misère", cs: "Misère", ru: "Мизер" } };
      for (const route of Object.keys(GAMES)) {
        for (const lang of LANGS) {
          for (const width of [1280, 360]) {
            const page = await open(route, { lang, width });
            await openDialog(page);
            await toggle(page, "diagram-caption");
            const words = (await texts(page)).join(" ");
            const expected = caption[route]?.[lang];
            if (expected) assert(words.includes(expected), `${route} ${lang}: the caption says ${words}`);
            const dialog = await page.$eval(".dialog", (e) => ({ right: e.getBoundingClientRect().right, scroll: e.scrollWidth, width: e.clientWidth }));
            assert(dialog.right <= width && dialog.scroll <= dialog.width, `${route} ${lang} ${width}: ${JSON.stringify(dialog)}`);
            // The window as it is seen (the dialog is fixed to it).
            await page.screenshot({ path: join(artifacts, `diagram-${route}-${lang}-${width}.png`) });
            await page.context().close();
          }
        }
      }
    },
  });
} finally {
  await closeAll({ browser, server });
}
process.exit(failed ? 1 : 0);
