// What each route costs over the wire on a cold load: a fresh browser
// profile opens the route of the release build served by the project's
// server (brotli, as a visitor gets it) and adds up every response's
// encoded length until the network is idle and 2.5 s more. The service
// worker is kept out: its precache is fetched once the page is idle, and
// is not what the page waits for.
// A fresh context each time: an empty cache, as on a first visit.
// Prints a table (route, KB, the largest files) and writes it to
// target/route-sizes.json. Exits 1 when a route fetches more than one
// module (its own, which starts the app; index.html), or when a route
// that met its budget (issue 40: 250 KB a page, 200 KB an embedded frame
// (a board, a live game, an event, a rating list), 300 KB the snippet
// builder) is over it (`make test` runs it so); with --budgets, when any
// route is over its budget (`make route-sizes`).
// Usage: node tests/bench/route-sizes.mjs [--budgets] (after `make build`)
import { writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { serveDist, launchBrowser, root } from "../e2e/browser.mjs";

/** The routes, each with its budget in KB (1 KB = 1000 bytes). */
const ROUTES = [
  ["home", "#/", 250],
  ["othello", "#/othello", 250],
  ["opok", "#/opok", 250],
  ["nim", "#/nim", 250],
  ["learn", "#/learn", 250],
  ["puzzles", "#/puzzles", 250],
  ["rules", "#/othello/rules", 250],
  ["teacher", "#/learn/teacher", 250],
  ["club", "#/club", 250],
  ["online", "#/online", 250],
  ["online game", "#/online/othello/ab23cd45ef67", 250],
  ["online Opok game", "#/online/opok/ab23cd45ef67", 250],
  ["online Nim game", "#/online/nim/ab23cd45ef67", 250],
  ["event", "#/event/new", 250],
  ["event page", "#/event/k7qz3mfa9tbe", 250],
  ["club on the server", "#/clubs/ab12", 250],
  ["frame", "#/embed/othello", 200],
  ["opok frame", "#/embed/opok", 200],
  ["nim frame", "#/embed/nim", 200],
  // A frame following a live game, an event's and a club's rating list:
  // the ids need not exist, the modules are what they cost.
  ["live frame", "#/embed/othello?live=ab23cd45ef67", 200],
  ["live Opok frame", "#/embed/opok?live=ab23cd45ef67", 200],
  ["live Nim frame", "#/embed/nim?live=ab23cd45ef67", 200],
  ["event frame", "#/embed/event?id=ab12&view=standings", 200],
  ["ratings frame", "#/embed/ratings?club=ab12", 200],
  ["lesson frame", "#/embed/othello?mode=lesson&lesson=othello-1-6", 200],
  ["Opok lesson frame", "#/embed/opok?mode=lesson&lesson=opok-1-1", 200],
  ["Nim lesson frame", "#/embed/nim?mode=lesson&lesson=nim-1-1", 200],
  ["puzzle frame", "#/embed/othello?mode=puzzle", 200],
  ["builder", "#/embed", 300],
];

/** The routes that met their budget: `make test` holds them to it (the
 *  budget, never the size measured); a route joins when it meets its. */
const HELD = new Set([
  "home", "othello", "opok", "nim", "learn", "puzzles", "rules", "teacher", "club", "online", "event",
  "event page", "club on the server", "online game", "online Opok game", "online Nim game", "frame", "opok frame",
  "nim frame", "live frame", "live Opok frame", "live Nim frame", "ratings frame", "event frame", "puzzle frame",
  "builder", "lesson frame", "Opok lesson frame", "Nim lesson frame",
]);

/** The bytes `fragment` costs a first visit, by file. */
async function cold(browser, url, fragment) {
  // No service worker: it would answer some of the page's own fetches
  // from the cache it fills meanwhile, depending on which comes first.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: "block" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const names = new Map();
  const files = new Map();
  cdp.on("Network.responseReceived", (e) => names.set(e.requestId, new URL(e.response.url).pathname));
  cdp.on("Network.loadingFinished", (e) => {
    const name = names.get(e.requestId) ?? e.requestId;
    files.set(name, (files.get(name) ?? 0) + e.encodedDataLength);
  });
  await page.goto(url + fragment, { waitUntil: "networkidle", timeout: 60000 });
  // A module fetches its data once it has started (the lessons), which on
  // a busy machine can be after the network first fell quiet: wait until
  // 2.5 s pass with nothing new.
  for (let quiet = -1, waited = 0; quiet !== files.size && waited < 30000; waited += 2500) {
    quiet = files.size;
    await page.waitForTimeout(2500);
  }
  await context.close();
  return files;
}

const strict = process.argv.includes("--budgets");
const { url, stop } = await serveDist();
const browser = await launchBrowser();
const rows = [];
const wrong = [];
try {
  for (const [name, fragment, budget] of ROUTES) {
    const files = await cold(browser, url, fragment);
    const total = [...files.values()].reduce((a, b) => a + b, 0);
    const largest = [...files.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([file, bytes]) => `${file.replace(/^\//, "").replace(/-[0-9a-f]{16}/, "")} ${(bytes / 1000).toFixed(0)}`);
    rows.push({ route: fragment, name, kb: Number((total / 1000).toFixed(1)), budget, largest });
    // A route fetches one module, the one that draws it (the app's on the
    // home page), which starts the app: index.html's boot must name the
    // module Route::module names (the builder's preview is drawn by the
    // builder's module, and a lesson's or a puzzle's frame mounts its module).
    const modules = [...files.keys()].filter((f) => /_bg\.wasm$/.test(f));
    const drawn = /lesson frame|puzzle frame/.test(name) ? 2 : 1;
    if (modules.length > drawn) wrong.push(`${fragment} fetches ${modules.join(", ")}`);
    // One style sheet: a frame's own (the site's rules it can match,
    // src/pwa/frame-sheet.mjs), any other page's the site's.
    const sheets = [...files.keys()].filter((f) => /\.css$/.test(f));
    const site = sheets.filter((f) => /\/main-[0-9a-f]+\.css$/.test(f));
    if (sheets.length !== 1 || site.length !== (/frame/.test(name) ? 0 : 1)) {
      wrong.push(`${fragment} fetches the style sheets ${sheets.join(", ") || "none"}`);
    }
  }
} finally {
  await browser.close();
  await stop();
}

for (const r of rows) {
  const verdict = r.kb <= r.budget ? "ok" : "OVER";
  console.log(`${r.route.padEnd(16)} ${r.kb.toFixed(1).padStart(7)} KB  budget ${r.budget}  ${verdict}  (${r.largest.join(", ")})`);
}
mkdirSync(join(root, "target"), { recursive: true });
writeFileSync(join(root, "target", "route-sizes.json"), JSON.stringify(rows, null, 1) + "\n");
if (wrong.length) {
  console.error(`what a route does not draw:\n  ${wrong.join("\n  ")}`);
  process.exit(1);
}
const over = rows.filter((r) => r.kb > r.budget && (strict || HELD.has(r.name)));
if (over.length) {
  console.error(`over budget: ${over.map((r) => `${r.route} ${r.kb} KB (budget ${r.budget})`).join(", ")}`);
  process.exit(1);
}
