// The installable, offline app: the manifest and icons, the home page's
// load without the search worker, every route and the computer opponent
// offline after one visit (the learning pages too), and a new version offered between games only.
// The site is a copy of dist/, so that the test can bring a new build.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { serveSite, launch, run, assert, root, shot, moveCount, closeAll } from "./browser.mjs";

const site = mkdtempSync(join(tmpdir(), "mind-sports-site-"));
cpSync(join(root, "dist"), site, { recursive: true });

let server = await serveSite(site);
const origin = server.url;
const context = await launch({ width: 1100, height: 900 });
const page = context.pages()[0] || (await context.newPage());
page.errors = [];
page.on("pageerror", (e) => page.errors.push(String(e)));

/** The width and height in a PNG's header. */
function pngSize(bytes) {
  assert(bytes.subarray(1, 4).toString() === "PNG", "a PNG");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

const controlled = () => page.evaluate(() => Boolean(navigator.serviceWorker.controller));

/** Waits until `test(arg)`, an async function run in the page, is true.
 * (waitForFunction would take the promise itself as the truthy answer.) */
async function until(test, arg, ms = 30000, what = "the page's condition") {
  const deadline = Date.now() + ms;
  while (!(await page.evaluate(test, arg))) {
    assert(Date.now() < deadline, `${what} within ${ms} ms`);
    await page.waitForTimeout(250);
  }
}

/** Waits until the service worker holds every file of `names` in its
 *  current cache (one look at the cache each time, not one per file). */
async function cached(names, ms = 60000) {
  await until(
    async (names) => {
      const kept = [];
      for (const key of await caches.keys()) {
        const cache = await caches.open(key);
        for (const request of await cache.keys()) kept.push(request.url);
      }
      return names.every((name) => kept.some((url) => url.endsWith("/" + name)));
    },
    names,
    ms,
    `the ${names.length} kept files cached`,
  );
}

/** The build version the active service worker serves (from sw.js). */
const activeVersion = () =>
  page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith("mind-sports-")).sort().join(","));

/** Opens a route by its fragment, as a link would (no network needed). */
async function route(fragment) {
  await page.evaluate((f) => (location.hash = f), fragment);
}

/** Plays one human move in the current game and waits for the computer's reply. */
async function moveAgainstComputer(square, after) {
  const before = await moveCount(page);
  await square();
  await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length >= n + 2, before, {
    timeout: 60000,
  });
  if (after) await after();
}

let failed = 1;
try {
  failed = await run({
    "the manifest and icons make the app installable": async () => {
      await page.goto(origin);
      await page.waitForSelector('a[href="#/othello"]');
      const link = await page.getAttribute('link[rel="manifest"]', "href");
      const manifest = JSON.parse(readFileSync(join(site, link), "utf8"));
      for (const field of ["name", "short_name", "start_url", "background_color", "theme_color"]) {
        assert(manifest[field], `manifest ${field}`);
      }
      assert(manifest.display === "standalone", "display standalone");
      const icons = manifest.icons;
      const png = (size, purpose) =>
        icons.find((i) => i.type === "image/png" && i.sizes === `${size}x${size}` && i.purpose === purpose);
      for (const size of [192, 512]) {
        for (const purpose of ["any", "maskable"]) {
          const icon = png(size, purpose);
          assert(icon, `a ${purpose} PNG of ${size} px`);
          const response = await page.request.get(origin + icon.src);
          assert(response.ok(), `${icon.src} is served`);
          const [w, h] = pngSize(await response.body());
          assert(w === size && h === size, `${icon.src} is ${w}×${h}`);
        }
      }
      const svg = icons.find((i) => i.type === "image/svg+xml");
      assert(svg && (await page.request.get(origin + svg.src)).ok(), "an SVG icon");
      const themes = await page.$$eval('meta[name="theme-color"]', (m) => m.map((e) => e.getAttribute("media")));
      assert(themes.some((m) => m.includes("light")) && themes.some((m) => m.includes("dark")), `theme colours ${themes}`);
    },

    "the home page's load does not fetch the search worker": async () => {
      const fresh = await context.newPage();
      const requested = [];
      fresh.on("request", (r) => requested.push(r.url()));
      await fresh.goto(origin + "?first-visit", { waitUntil: "load" });
      await fresh.waitForSelector('a[href="#/othello"]');
      await fresh.waitForLoadState("networkidle");
      const worker = requested.filter((u) => /worker/.test(u));
      assert(worker.length === 0, `fetched during the load: ${worker}`);
      assert(requested.some((u) => /_bg\.wasm$/.test(u)), "the app itself was fetched");
      await fresh.close();
    },

    "precompressed files and cache headers": async () => {
      const html = readFileSync(join(site, "index.html"), "utf8");
      const wasm = `${html.match(/mindSportsApp = "(app-[0-9a-f]+)"/)[1]}_bg.wasm`;
      const head = (path, encoding) =>
        execFileSync("curl", ["-sI", "-H", `Accept-Encoding: ${encoding}`, origin + path], { encoding: "utf8" });
      const br = head(wasm, "br, gzip");
      assert(/content-encoding: br/i.test(br), `brotli: ${br}`);
      assert(/cache-control: public, max-age=31536000, immutable/i.test(br), `immutable: ${br}`);
      assert(/content-type: application\/wasm/i.test(br), `wasm type: ${br}`);
      assert(/content-encoding: gzip/i.test(head(wasm, "gzip")), "gzip");
      assert(/cache-control: no-cache/i.test(head("", "br")), "the page is revalidated");
      assert(/cache-control: no-cache/i.test(head("worker_bg.wasm", "br")), "the unhashed worker is revalidated");
    },

    "after one visit, every page and the computer work offline": async () => {
      await page.goto(origin);
      await page.waitForSelector('a[href="#/othello"]');
      await page.waitForFunction(() => navigator.serviceWorker.controller, null, { timeout: 30000 });
      // The search worker is kept once the page is idle, without a game page,
      // and before the rest: every page's module and the learning data.
      const lazy = JSON.parse(readFileSync(join(site, "sw.js"), "utf8").match(/^const BUILD = (.*);$/m)[1]).lazy;
      assert(lazy[0].startsWith("worker") && lazy[1].startsWith("worker"), `the worker first: ${lazy.slice(0, 2)}`);
      for (const path of ["learn.js", "learn_bg.wasm", "learn/lessons-en.json", "learn/lessons-cs.json", "learn/lessons-ru.json", "learn/puzzles.json"]) {
        assert(lazy.includes(path), `${path} is kept`);
      }
      await cached(lazy);
      await server.stop();
      await context.setOffline(true);
      await page.reload();
      await page.waitForSelector('a[href="#/othello"]');
      assert(await controlled(), "the page comes from the service worker");

      await route("#/othello?black=human&white=c1");
      await page.waitForSelector(".square.legal");
      await moveAgainstComputer(() => page.click('[data-square="f5"]'));

      await route("#/opok?circles=human&squares=c1&size=4");
      await page.waitForSelector(".square.movable");
      await moveAgainstComputer(async () => {
        await (await page.$$(".square.movable"))[0].click();
        await page.waitForSelector(".square.landing");
        const landings = await page.$$(".square.landing");
        await landings[landings.length - 1].click();
      });

      await route("#/nim?start=nim:3+nim:4+nim:6&first=human&second=c7");
      await page.waitForSelector(".heaps .heap .token:not(.illegal)");
      await moveAgainstComputer(async () => {
        const tokens = await page.$$(".token:not(.illegal)");
        await tokens[tokens.length - 1].click();
      });

      for (const rules of ["#/othello/rules", "#/opok/rules", "#/nim/rules"]) {
        await route(rules);
        await page.waitForFunction((r) => location.hash === r && document.querySelector("main h1:not(.visually-hidden)"), rules);
      }
      await route("#/learn/nim/nim-1-1");
      await page.waitForSelector("[data-testid=answer-p]");
      await page.click("[data-testid=answer-p]");
      await page.waitForSelector("[data-testid=solved]");
      await route("#/puzzles");
      await page.waitForSelector("[data-testid=next-puzzle]");
      await route("#/");
      await page.waitForSelector('a[href="#/othello"]');
      await shot(page, "offline-home");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a new version is offered between games, never during one": async () => {
      // Online again, on the same origin (the service worker belongs to it).
      await context.setOffline(false);
      await server.stop(); // gone already, unless the test before failed
      server = await serveSite(site, new URL(origin).port);
      const before = await activeVersion();

      // A game in progress.
      await route("#/othello?black=human&white=human");
      await page.waitForSelector(".square.legal");
      await page.click('[data-square="f5"]');
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 1);
      await page.evaluate(() => (window.__sameDocument = true));

      // A new build arrives: another file, so another precache version.
      const index = join(site, "index.html");
      writeFileSync(index, readFileSync(index, "utf8").replace("</body>", "<!-- next build --></body>"));
      execFileSync("node", [join(root, "src", "pwa", "finish.mjs"), site], { stdio: "ignore" });
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
      await until(async () => Boolean((await navigator.serviceWorker.getRegistration()).waiting), null, 30000, "a waiting version");
      await page.waitForTimeout(500);
      assert(!(await page.$("[data-testid=update-offer]")), "no offer during a game");
      assert(await page.evaluate(() => window.__sameDocument), "the game's page was not reloaded");
      assert((await moveCount(page)) === 1, "the game is intact");

      // Between games: the offer, and the reload it asks for.
      await route("#/");
      await page.waitForSelector("[data-testid=update-offer]");
      await shot(page, "update-offer");
      // It is said, and it fits a phone in every language.
      const live = await page.textContent("#live");
      assert(live.includes("A new version"), `announced: ${live}`);
      await page.setViewportSize({ width: 360, height: 800 });
      for (const lang of ["cs", "ru", "en"]) {
        await page.selectOption("#language", lang);
        await page.waitForFunction((l) => document.documentElement.lang === l, lang);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert(wide <= 0, `${lang}: ${wide} px wider than a phone`);
        await shot(page, `update-offer-360-${lang}`);
      }
      await page.setViewportSize({ width: 1100, height: 900 });
      await page.click("[data-testid=update-offer] button");
      await page.waitForFunction(() => !window.__sameDocument, null, { timeout: 30000 });
      await page.waitForSelector('a[href="#/othello"]');
      const after = await activeVersion();
      assert(after !== before && !after.includes(",") , `one cache, the new one: ${before} → ${after}`);
      await route("#/othello");
      await page.waitForSelector(".square");
      assert((await moveCount(page)) === 1, "the game in progress came back after the update");
    },
  });
} finally {
  await closeAll({ browser: context, server });
}
process.exit(failed ? 1 : 0);
