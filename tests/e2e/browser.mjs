// Shared helpers for the end-to-end tests: serve dist/ on loopback, start
// Debian's Chromium through playwright-core, collect screenshots.
import { createRequire } from "node:module";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { copyFileSync, mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, "..", "..");
const require = createRequire(join(root, ".tools", "package.json"));
const { chromium } = require("playwright-core");

export const artifacts = join(here, "artifacts");
mkdirSync(artifacts, { recursive: true });

const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The production server (`make build` builds it), as `make serve` runs it
 *  ($SERVE names another build of it). */
export const SERVER = process.env.SERVE ?? join(root, "target", "release", "serve");

/**
 * Serves `dir` with the project's server on loopback (on `port`, or a free
 * one), with its precompressed files and cache headers, and the server's
 * other options `args` (`--state DIR`); returns { url, stop, child } (the
 * server's process). `stop` takes the signal to send (SIGTERM by default;
 * SIGKILL for a crash).
 */
export async function serveSite(dir, port = 0, args = []) {
  const server = spawn(SERVER, ["--dir", dir, "--port", String(port), ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (chunk) => {
      out += chunk;
      const found = out.match(/on (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (found) resolve(found[1]);
    });
    server.on("exit", (code) => reject(new Error(`the server stopped (${code}): ${out}`)));
    setTimeout(() => reject(new Error(`the server did not start: ${out}`)), 10000);
  });
  // Stopping resolves once the server is gone (and its port free).
  const stop = (signal = "SIGTERM") =>
    new Promise((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) return resolve();
      server.once("exit", () => resolve());
      server.kill(signal);
    });
  return { url, stop, child: server };
}

/** Serves dist/ (or the folder in $DIST, for a build of one's own beside
 *  another's); returns { url, stop }. */
export const serveDist = () => serveSite(process.env.DIST ?? join(root, "dist"));

/** What the browser's pages reported during the current test (page
 *  errors, console errors, failed requests): printed when the test fails,
 *  so that a page that never started says why. */
const reported = [];

/** Keeps what `page` reports for a failing test's report. */
function watch(page) {
  const keep = (text) => reported.push(`${page.url()}: ${text}`.slice(0, 400));
  page.on("pageerror", (e) => keep(`page error: ${e}`));
  page.on("console", (m) => m.type() === "error" && keep(`console: ${m.text()}`));
  page.on("requestfailed", (r) => keep(`request failed: ${r.url()} ${r.failure()?.errorText ?? ""}`));
}

/** Starts headless Chromium with a fresh profile; returns the context. */
export async function launch(viewport = { width: 1100, height: 900 }) {
  const profile = mkdtempSync(join(tmpdir(), "mind-sports-e2e-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport,
  });
  context.pages().forEach(watch);
  context.on("page", watch);
  return context;
}

/** Starts headless Chromium (with the flags `extra` besides the usual
 *  ones); each test then opens its own context. */
export async function launchBrowser(extra = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extra],
  });
}

/**
 * A page in a fresh context (its own storage) that records page errors;
 * `page.errors` lists them.
 */
export async function freshPage(browser, viewport = { width: 1200, height: 900 }, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  watch(page);
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error" && !/favicon/.test(m.text())) page.errors.push(m.text());
  });
  return page;
}

/** Makes `page` say yes to every confirmation it asks (an organiser
 *  publishing, undoing, withdrawing), keeping the questions in `asked`. */
export function acceptDialogs(page, asked = []) {
  page.on("dialog", (dialog) => {
    asked.push(dialog.message());
    dialog.accept();
  });
  return asked;
}

/** Runs named async test functions, reporting each; returns the failures. */
export async function run(tests) {
  let failed = 0;
  for (const [name, test] of Object.entries(tests)) {
    const started = Date.now();
    reported.length = 0;
    try {
      await test();
      console.log(`ok   ${name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed++;
      console.log(`FAIL ${name}: ${error.stack || error}`);
      const last = reported.slice(-20);
      if (last.length) console.log(`  what the pages reported:\n    ${last.join("\n    ")}`);
    }
  }
  console.log(`${Object.keys(tests).length - failed} passed, ${failed} failed`);
  return failed;
}

export function assert(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

/** The number in a score element (`[data-testid=<name>-count]`). */
export const count = async (page, name) => Number((await page.textContent(`[data-testid=${name}-count]`)).replace(/\D/g, ""));
/** Moves in the move list. */
export const moveCount = async (page) => (await page.$$("[data-testid=moves] li")).length;
/**
 * The number of moves in the record once it is `expected`, or after `ms`
 * if it never gets there: a key press is answered a render later, which
 * a loaded machine can delay.
 */
export const movesReach = async (page, expected, ms = 5000) => {
  await page
    .waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length === n, expected, { timeout: ms })
    .catch(() => {});
  return moveCount(page);
};
/** The live region's messages, oldest first: [{ n, text }] (each
 *  announcement is an element of its own, numbered; src/ui/common/live.rs). */
export const liveMessages = (page, region = "#live") =>
  page.$$eval(`${region} > [data-said]`, (said) => said.map((p) => ({ n: Number(p.dataset.said), text: p.textContent.trim() })));
/** What the live region said last ("" when it has said nothing). */
export const liveText = async (page) => (await liveMessages(page)).pop()?.text ?? "";
/**
 * What the live region says once `expected` (a predicate on the text)
 * holds, or after `ms` if it never does: announcements arrive a render
 * after the move they describe.
 */
export async function spoken(page, expected, ms = 3000) {
  const until = Date.now() + ms;
  let text = await liveText(page);
  while (!expected(text) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    text = await liveText(page);
  }
  return text;
}
/** Saves a full-page screenshot as artifacts/<name>.png. */
/** A club's page on another origin that embeds the frame at `src`, `width`
 *  px wide: it records what the frame posts in `window.got` (following its
 *  height), and `window.send(message)` posts to the frame at `app`. */
export const hostPage = (src, width, app) => `<!doctype html><meta charset="utf-8"><title>club</title><body style="margin:0">
<iframe id="f" src="${src.replace(/"/g, "&quot;")}" style="width:${width}px;height:600px;border:0"></iframe>
<script>
window.got = [];
addEventListener("message", (e) => {
  if (e.source !== document.getElementById("f").contentWindow) return;
  window.got.push({ origin: e.origin, data: e.data });
  if (e.data && e.data.type === "resize") document.getElementById("f").style.height = e.data.height + "px";
});
window.send = (m) => document.getElementById("f").contentWindow.postMessage(
  Object.assign({ source: "mind-sports-host", version: 1 }, m), ${JSON.stringify(app)});
</script>`;

/** A club's website on another origin (127.0.0.1, a port of its own):
 *  `/…?src=<frame>&width=<px>` is a `hostPage` around the frame; `app()`
 *  gives the app's origin, asked when a page is served (the app's server
 *  may start later). Returns the server and its address. */
export async function clubSite(app) {
  const host = createServer((req, res) => {
    const query = new URL(req.url, "http://x").searchParams;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(hostPage(query.get("src") ?? "", Number(query.get("width")) || 560, app()));
  });
  await new Promise((resolve) => host.listen(0, "127.0.0.1", resolve));
  return { host, HOST: `http://127.0.0.1:${host.address().port}` };
}

/** With DOCS_SCREENSHOTS set, copies the named screenshots from the
 *  artifacts to docs/screenshots/<folder>/: the docs' pictures change only
 *  when someone asks for it, never by a test run. */
export function screenshotsToDocs(folder, names) {
  if (!process.env.DOCS_SCREENSHOTS) return;
  const docs = join(root, "docs", "screenshots", folder);
  mkdirSync(docs, { recursive: true });
  for (const name of names) copyFileSync(join(artifacts, `${name}.png`), join(docs, `${name}.png`));
}

/** Makes `page` (before any of its scripts run, and again on reloads) a
 *  browser whose local storage refuses to write `key`, as a full or
 *  blocked storage does: the page must say so rather than lose a token. */
export const refuseStorage = (page, key) => page.addInitScript((refused) => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (name, value) {
    if (name === refused) throw new DOMException("full", "QuotaExceededError");
    return set.call(this, name, value);
  };
}, key);

export const shot = (page, name) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });

/** Pastes `text` as if with Ctrl+V outside any text field. */
export async function paste(page, text) {
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
  }, text);
}

/** Waits until a person can act: a square matching `playable`, a pass
 *  button or the end. */
export async function waitForHuman(page, playable, timeout = 30000) {
  await page.waitForFunction(
    (playable) => document.querySelector(playable) || document.querySelector("button.pass") || document.querySelector(".result"),
    playable,
    { timeout },
  );
}

/** Plays a whole game: `move` makes one human move when a square matching
 *  `playable` waits; passes are confirmed. Returns the result line. */
export async function playToTheEnd(page, playable, move, turns = 70) {
  for (let turn = 0; turn < turns; turn++) {
    await waitForHuman(page, playable);
    if (await page.$(".result")) break;
    const pass = await page.$("button.pass");
    if (pass) {
      await pass.click();
      continue;
    }
    const before = await moveCount(page);
    await move();
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before);
  }
  return page.textContent(".result");
}

/** Ends a test file, passed or not: closes the browser (or context),
 *  stops the server, closes the host pages' servers and removes the state
 *  folders. */
export async function closeAll({ browser, server, hosts = [], folders = [] }) {
  await browser.close();
  await server.stop();
  for (const host of hosts) host.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
