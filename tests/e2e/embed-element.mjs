// The <mind-sports-board> element of static/embed.js, on its own: a host
// page on one loopback origin includes embed.js from another (the "app",
// here a fake frame page that answers like the real one: `ready`, `resize`,
// and an answer to every page message), and a third origin tries to talk to
// the host page. Checks the frame's address, its height from `resize`, the
// events, the methods' messages (sent once the frame is ready), that
// messages from another window or origin are ignored, and a reload on an
// attribute change (`live` among the attributes). And the origins of tests/data/embed-origins.txt, the
// list the frame's own rule is tested against (tests/embed.rs): the element's
// rule agrees with every line, a host page at each `page` origin gets
// `ms-ready` and its queued call answered when the origin is accepted, and
// `ms-error` (and a board without `parent`) when it is refused.
// Needs no build of the app: `node tests/e2e/embed-element.mjs`.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { root, launchBrowser, freshPage, run, assert } from "./browser.mjs";

const EMBED_JS = readFileSync(join(root, "static", "embed.js"), "utf8");

/** The origins the frame and the element must agree on: { accepted, page, text }. */
const ORIGINS = readFileSync(join(root, "tests", "data", "embed-origins.txt"), "utf8")
  .split("\n")
  .filter((line) => line.trim() && !line.startsWith("#"))
  .map((line) => {
    const [verdict, page, ...rest] = line.split(" ");
    return { accepted: verdict === "yes", page: page === "page", text: rest.join(" ") };
  });

/** The fake frame: reads its route like the app, posts to `parent` only. */
const FRAME = `<!doctype html><meta charset="utf-8"><body style="margin:0">
<div style="height:321px">fake frame</div>
<script>
const [, game, query] = location.hash.match(/^#\\/embed\\/(\\w+)\\??(.*)$/);
const parentOrigin = new URLSearchParams(query).get("parent");
const send = (m) => parentOrigin && window.parent.postMessage({ source: "mind-sports", version: 1, ...m }, parentOrigin);
addEventListener("message", (e) => {
  if (e.origin !== parentOrigin || e.source !== window.parent) return;
  if (e.data.type === "newGame" && e.data.away) location.href = e.data.away;
  else if (e.data.type === "play") send({ type: "move", ply: 3, move: e.data.move, moves: "f5d6" + e.data.move, toMove: "white" });
  else send({ type: "position", ply: 2, move: "d6", moves: "f5d6", toMove: "black", echo: e.data });
});
send({ type: "ready", game, size: 8, variant: "standard", mode: "view", hash: location.hash });
// The content's height (the document's is never less than the frame's).
send({ type: "resize", height: Math.ceil(document.body.getBoundingClientRect().height) });
</script>`;

/** A page that pretends to be the frame, posting to whoever embeds it. */
const ROGUE = `<!doctype html><script>
parent.postMessage({ source: "mind-sports", version: 1, type: "move", ply: 9, move: "evil" }, "*");
parent.postMessage({ source: "mind-sports", version: 1, type: "resize", height: 5 }, "*");
</script>`;

const host = (app, third) => `<!doctype html><meta charset="utf-8"><title>club</title>
<script>
window.events = [];
for (const name of ["ms-ready", "ms-resize", "ms-move", "ms-position", "ms-error", "ms-gameover"])
  document.addEventListener(name, (e) => window.events.push({ name, detail: e.detail, target: e.target.id }));
</script>
<script src="${app}embed.js"></script>
<mind-sports-board id="board" game="othello" moves="f5d6" mode="view" level="5" coords="0"></mind-sports-board>
<script>document.getElementById("board").play("c3");</script>
<iframe id="rogue" src="${third}rogue.html"></iframe>
<iframe id="twin" src="${app}rogue.html"></iframe>`;

/** Serves `pages` (path → [type, text or a function of nothing]) on a free loopback port. */
async function serve(pages) {
  const server = createServer((request, response) => {
    const path = new URL(request.url, "http://x").pathname;
    if (path === "/favicon.ico") return response.writeHead(204).end();
    const page = pages[path];
    if (!page) return response.writeHead(404).end();
    response.writeHead(200, { "content-type": page[0], "cache-control": "no-store" });
    response.end(typeof page[1] === "function" ? page[1]() : page[1]);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, stop: () => server.close() };
}

const html = "text/html; charset=utf-8";
const appSite = await serve({ "/": [html, FRAME], "/embed.js": ["text/javascript", EMBED_JS], "/rogue.html": [html, ROGUE] });
const thirdSite = await serve({ "/rogue.html": [html, ROGUE] });
const hostSite = await serve({ "/": [html, () => host(appSite.url, thirdSite.url)] });
const browser = await launchBrowser();

const events = (page, name) => page.evaluate((name) => window.events.filter((e) => e.name === name), name);
const until = (page, test, arg) => page.waitForFunction(test, arg, { timeout: 10000 });

const failed = await run({
  async "the element makes the frame, sizes it and re-dispatches its messages"() {
    const page = await freshPage(browser);
    await page.goto(hostSite.url);
    await until(page, () => window.events.some((e) => e.name === "ms-resize"));
    const [ready] = await events(page, "ms-ready");
    assert(ready.detail.game === "othello" && ready.target === "board", JSON.stringify(ready));
    const parent = encodeURIComponent(new URL(hostSite.url).origin);
    const src = await page.getAttribute("mind-sports-board iframe", "src");
    const expected = `${appSite.url}#/embed/othello?moves=f5d6&mode=view&level=5&coords=0&parent=${parent}`;
    assert(src === expected, `${src} != ${expected}`);
    assert(ready.detail.hash === new URL(expected).hash, ready.detail.hash);
    const height = await page.$eval("mind-sports-board iframe", (f) => f.style.height);
    assert(height === "321px", `height ${height}`);
    // play() before the frame was ready was sent once it was.
    await until(page, () => window.events.some((e) => e.name === "ms-move"));
    const moves = await events(page, "ms-move");
    assert(moves.length === 1 && moves[0].detail.move === "c3", JSON.stringify(moves));
    assert(page.errors.length === 0, page.errors.join("\n"));
  },

  async "messages from another window or origin are ignored"() {
    const page = await freshPage(browser);
    await page.goto(hostSite.url);
    await until(page, () => window.events.some((e) => e.name === "ms-move"));
    // Both rogue frames have posted by the time they have loaded.
    await page.waitForFunction(() => [...document.querySelectorAll("#rogue, #twin")].every((f) => f.contentDocument === null || f.contentDocument.readyState === "complete"));
    await page.waitForTimeout(300);
    const moves = await events(page, "ms-move");
    assert(moves.every((m) => m.detail.move !== "evil"), JSON.stringify(moves));
    const resizes = await events(page, "ms-resize");
    assert(resizes.every((r) => r.detail.height !== 5), JSON.stringify(resizes));
    let height = await page.$eval("mind-sports-board iframe", (f) => f.style.height);
    assert(height === "321px", `height ${height}`);
    // The element's own frame, navigated to another origin, is not heard.
    await page.evaluate((away) => {
      const board = document.getElementById("board");
      board.querySelector("iframe").addEventListener("load", () => (window.awayLoaded = true));
      board.newGame({ away });
    }, `${thirdSite.url}rogue.html`);
    await until(page, () => window.awayLoaded === true);
    await page.waitForTimeout(500);
    assert((await events(page, "ms-move")).every((m) => m.detail.move !== "evil"), "a message of another origin in the frame");
    height = await page.$eval("mind-sports-board iframe", (f) => f.style.height);
    assert(height === "321px", `height ${height}`);
  },

  async "the methods post the host messages of the API"() {
    const page = await freshPage(browser);
    await page.goto(hostSite.url);
    await until(page, () => window.events.some((e) => e.name === "ms-ready"));
    await page.evaluate(() => {
      const board = document.getElementById("board");
      board.setPosition({ moves: "f5" });
      board.newGame({ mode: "play", level: 2 });
      board.goToPly("1");
      board.setLang("cs");
      board.setTheme("dark");
      board.flip();
    });
    await until(page, () => window.events.filter((e) => e.name === "ms-position").length >= 6);
    const echoes = (await events(page, "ms-position")).map((e) => JSON.stringify(e.detail.echo));
    const envelope = (fields) => JSON.stringify({ ...fields });
    const expected = [
      envelope({ moves: "f5", source: "mind-sports-host", version: 1, type: "setPosition" }),
      envelope({ mode: "play", level: 2, source: "mind-sports-host", version: 1, type: "newGame" }),
      envelope({ ply: 1, source: "mind-sports-host", version: 1, type: "goToPly" }),
      envelope({ lang: "cs", source: "mind-sports-host", version: 1, type: "setLang" }),
      envelope({ theme: "dark", source: "mind-sports-host", version: 1, type: "setTheme" }),
      envelope({ source: "mind-sports-host", version: 1, type: "flip" }),
    ];
    assert(JSON.stringify(echoes) === JSON.stringify(expected), `${echoes.join("\n")}`);
  },

  async "the element's rule for its page's origin is the frame's: every line of the shared list"() {
    const page = await freshPage(browser);
    await page.goto(hostSite.url);
    await until(page, () => window.events.some((e) => e.name === "ms-ready"));
    const verdicts = await page.evaluate((texts) => texts.map((t) => customElements.get("mind-sports-board").acceptsParent(t)), ORIGINS.map((o) => o.text));
    const wrong = ORIGINS.filter((o, i) => verdicts[i] !== o.accepted).map((o) => `${o.accepted ? "accepted" : "refused"} by the frame: ${o.text}`);
    assert(ORIGINS.length > 50 && wrong.length === 0, wrong.join("\n"));
  },

  async "a host page at a real origin: ms-ready when the frame accepts it, ms-error when it refuses it"() {
    for (const origin of ORIGINS.filter((o) => o.page)) {
      const page = await freshPage(browser);
      // The host page is served at that origin, and the app at a public
      // one (a public page may not reach loopback addresses), by the
      // browser's own interception.
      const app = "https://app.mind-sports.example/";
      const pages = { "/": [html, FRAME], "/embed.js": ["text/javascript", EMBED_JS], "/rogue.html": [html, ROGUE] };
      await page.route((url) => url.origin === new URL(app).origin, (route) => {
        const [type, body] = pages[new URL(route.request().url()).pathname] || ["text/plain", ""];
        return route.fulfill({ status: body ? 200 : 404, contentType: type, body });
      });
      await page.route((url) => url.origin === new URL(origin.text).origin, (route) =>
        route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: host(app, app) }));
      await page.goto(`${origin.text}/`);
      const seen = await page.evaluate(() => location.origin);
      assert(seen.toLowerCase() === new URL(origin.text).origin.toLowerCase(), `${origin.text}: the page is at ${seen}`);
      const src = await (await page.waitForSelector("mind-sports-board iframe", { state: "attached" })).getAttribute("src");
      if (origin.accepted) {
        // The queued play() is answered once the frame is ready.
        await until(page, () => window.events.some((e) => e.name === "ms-move"));
        assert(src.includes(`&parent=${encodeURIComponent(seen)}`), `${origin.text}: ${src}`);
        assert((await events(page, "ms-error")).length === 0, `${origin.text}: ${JSON.stringify(await events(page, "ms-error"))}`);
      } else {
        // Said at once for the queued play(), and again once the frame has loaded.
        await until(page, () => window.events.filter((e) => e.name === "ms-error").length >= 2);
        const [first] = await events(page, "ms-error");
        assert(first.detail.type === "error" && first.detail.message.startsWith("play: this page's origin") && first.target === "board", JSON.stringify(first));
        assert(!src.includes("parent="), `${origin.text}: ${src}`);
        await page.waitForTimeout(300);
        assert((await events(page, "ms-ready")).length === 0, `${origin.text}: ready without a parent`);
      }
      assert(page.errors.length === 0, `${origin.text}: ${page.errors.join("\n")}`);
      await page.close();
    }
  },

  async "an attribute change reloads the frame once"() {
    const page = await freshPage(browser);
    await page.goto(hostSite.url);
    await until(page, () => window.events.some((e) => e.name === "ms-ready"));
    await page.evaluate(() => {
      const board = document.getElementById("board");
      board.setAttribute("moves", "f5");
      board.setAttribute("theme", "dark");
      board.removeAttribute("level");
      // A live game's id goes to the frame as every parameter does.
      board.setAttribute("live", "ab23cd45ef67");
    });
    await until(page, () => window.events.filter((e) => e.name === "ms-ready").length >= 2);
    await page.waitForTimeout(300);
    const ready = await events(page, "ms-ready");
    assert(ready.length === 2, `${ready.length} ready events`);
    assert(/\?moves=f5&mode=view&theme=dark&coords=0&live=ab23cd45ef67&parent=/.test(ready[1].detail.hash), ready[1].detail.hash);
    assert((await page.$$("mind-sports-board iframe")).length === 1, "one frame");
    // Sent to the new frame only once it is ready.
    await page.evaluate(() => document.getElementById("board").flip());
    await until(page, () => window.events.filter((e) => e.name === "ms-position").length >= 1);
  },
});

await browser.close();
for (const site of [appSite, thirdSite, hostSite]) site.stop();
process.exit(failed ? 1 : 0);
