// How fast the app opens on a slow phone connection: Chromium on loopback
// behind a slow link (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip;
// tests/bench/throttle.mjs, which also slows the search worker's download,
// where the browser's own emulation would not) with a 4× slower CPU, the
// release build served by the project's server.
// Prints, for a first and a repeat visit: when the home page can be used,
// when the Othello board can be used (and, on a first visit, the learning
// pages and an embedded board), what was transferred, and how long
// the computer's first answer takes when the person moves at once or after
// two seconds. A benchmark: it reports, it asserts nothing about time.
// Usage: `make bench-load` (after `make build`), or node tests/bench/load.mjs [--runs N]
import { serveDist, launch } from "../e2e/browser.mjs";
import { slowLink } from "./throttle.mjs";

const runs = Number(process.argv[process.argv.indexOf("--runs") + 1] || 3);
const NETWORK = { latency: 150, down: 1_600_000 / 8, up: 750_000 / 8 };
const CPU_SLOWDOWN = 4;

// Records, in the page's own clock (0 = the navigation's start), when the
// first element matching each selector appears.
const RECORDER = `
  window.__seen = {};
  const watched = {
    home: 'a[href="#/othello"]',
    board: ".board .square.legal",
    learn: ".learn-card h2 a",
    frame: "[data-testid=embed] .square",
  };
  new MutationObserver(() => {
    for (const [name, selector] of Object.entries(watched))
      if (!(name in window.__seen) && document.querySelector(selector)) window.__seen[name] = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true });
`;

async function slowCpu(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { transferred: () => link.received(), reset: () => link.reset() };
}

/** Opens `fragment` and returns when `name`'s element appeared (ms). */
async function open(page, url, name) {
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction((name) => window.__seen && name in window.__seen, name, { timeout: 60000, polling: 50 });
  return page.evaluate((name) => window.__seen[name], name);
}

/** Plays f5 after `pause` ms and returns how long the computer took to answer (ms). */
async function firstAnswer(page, pause) {
  await page.waitForTimeout(pause);
  const started = await page.evaluate(() => performance.now());
  await page.click('[data-square="f5"]');
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length >= 2, null, {
    timeout: 60000,
    polling: 20,
  });
  return (await page.evaluate(() => performance.now())) - started;
}

/** A fresh browser profile under emulation: a first visit, on an idle link. */
async function freshVisitor() {
  await link.quiet();
  const context = await launch({ width: 412, height: 900 });
  await context.addInitScript(RECORDER);
  const page = context.pages()[0] || (await context.newPage());
  const meter = await slowCpu(context, page);
  return { context, page, meter };
}

const GAME = "#/othello?black=human&white=c1";

const server = await serveDist();
const link = await slowLink(server.url, NETWORK);
const rows = [];
try {
  for (let run = 0; run < runs; run++) {
    const row = {};
    // The home page, then the same person coming back.
    let { context, page, meter } = await freshVisitor();
    row.home = [await open(page, link.url, "home")];
    await page.waitForLoadState("networkidle");
    row.homeBytes = [meter.transferred()];
    await page.waitForTimeout(3000); // the service worker settles
    await link.quiet();
    meter.reset();
    row.home.push(await open(page, link.url + "?again", "home"));
    await page.waitForLoadState("networkidle");
    row.homeBytes.push(meter.transferred());
    await context.close();

    // A link straight to a game: the board and the computer's first
    // answer when the person moves at once (the worker may still be
    // loading) or after two seconds; then a repeat visit.
    row.answer = [];
    for (const pause of [0, 2000]) {
      ({ context, page, meter } = await freshVisitor());
      const board = await open(page, link.url + GAME, "board");
      row.answer.push(await firstAnswer(page, pause));
      if (pause === 0) {
        row.board = [board];
        row.boardBytes = [meter.transferred()];
        await context.close();
      }
    }
    await page.waitForTimeout(3000);
    await link.quiet();
    meter.reset();
    await page.evaluate(() => localStorage.clear());
    row.board.push(await open(page, link.url + "?again" + GAME, "board"));
    row.boardBytes.push(meter.transferred());
    row.answer.push(await firstAnswer(page, 2000));
    await context.close();

    // The learning pages (their module and the lessons) and a club's
    // embedded board, each on a first visit.
    for (const [name, fragment] of [["learn", "#/learn"], ["frame", "#/embed/othello"]]) {
      ({ context, page, meter } = await freshVisitor());
      row[name] = await open(page, link.url + fragment, name);
      await page.waitForLoadState("networkidle");
      row[`${name}Bytes`] = meter.transferred();
      await context.close();
    }
    rows.push(row);
  }
} finally {
  link.stop();
  server.stop();
}

const ms = (x) => `${Math.round(x)} ms`;
const kb = (x) => `${(x / 1000).toFixed(0)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `network ${(NETWORK.down * 8) / 1e6} Mbit/s down, ${NETWORK.latency} ms round trip; ` +
    `CPU ${CPU_SLOWDOWN}× slower; ${runs} runs: median [each run]`,
);
const line = (label, values, bytes) =>
  console.log(`${label.padEnd(58)} ${ms(median(values)).padStart(8)}  [${values.map(ms).join(", ")}]` +
    (bytes ? `  transferred ${kb(median(bytes))}` : ""));
for (const [visit, i] of [["first", 0], ["repeat", 1]]) {
  line(`${visit} visit: home page usable`, rows.map((r) => r.home[i]), rows.map((r) => r.homeBytes[i]));
  line(`${visit} visit: Othello board usable (a link to a game)`, rows.map((r) => r.board[i]), rows.map((r) => r.boardBytes[i]));
}
line("first visit: learning page usable (#/learn)", rows.map((r) => r.learn), rows.map((r) => r.learnBytes));
line("first visit: embedded board usable (#/embed/othello)", rows.map((r) => r.frame), rows.map((r) => r.frameBytes));
line("first visit: computer's first answer, person moves at once", rows.map((r) => r.answer[0]));
line("first visit: computer's first answer, person moves after 2 s", rows.map((r) => r.answer[1]));
line("repeat visit: computer's first answer, person moves after 2 s", rows.map((r) => r.answer[2]));
