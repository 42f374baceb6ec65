// End-to-end tests of issue 38, online play a club member trusts, through
// the real server (`serve`, a fresh SQLite state, `--claim-after 5`): Eva
// at 1280 px in English, Petr on a 360 px phone in Czech, a watcher, and a
// club's site on another origin. Petr's page may go through a TCP proxy
// that can make his live connection silent (open, but nothing the server
// sends gets through): a half-open socket.
import { createServer } from "node:http";
import { createServer as createTcp, connect } from "node:net";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveSite, root, launchBrowser, freshPage, run, assert, shot, refuseStorage, closeAll } from "./browser.mjs";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

// A club's site: `/two?a=<frame>&b=<frame>` embeds two frames and records
// what each posts (`window.got`: { frame, data }); `/element?live=<id>`
// uses <mind-sports-board> with `live`. Reached as 127.0.0.1 (an origin
// the server lets embed live games) or as localhost (one it does not).
const host = createServer((req, res) => {
  const query = new URL(req.url, "http://x").searchParams;
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  const attr = (text) => String(text).replace(/"/g, "&quot;");
  if (req.url.startsWith("/element")) {
    res.end(`<!doctype html><meta charset="utf-8"><title>club</title><body style="margin:0;width:600px">
<script>window.errors = []; document.addEventListener("ms-error", (e) => window.errors.push(e.detail));</script>
<script src="${attr(url)}embed.js"></script>
<mind-sports-board game="othello" live="${attr(query.get("live"))}"></mind-sports-board>`);
    return;
  }
  res.end(`<!doctype html><meta charset="utf-8"><title>club</title><body style="margin:0">
<iframe id="a" src="${attr(query.get("a"))}" style="width:480px;height:420px;border:0"></iframe>
<iframe id="b" src="${attr(query.get("b"))}" style="width:480px;height:420px;border:0"></iframe>
<script>
window.got = [];
addEventListener("message", (e) => {
  for (const id of ["a", "b"]) if (e.source === document.getElementById(id).contentWindow) window.got.push({ frame: id, data: e.data });
});
</script>`);
});
await new Promise((resolve) => host.listen(0, "127.0.0.1", resolve));
const HOST = `http://127.0.0.1:${host.address().port}`;
const UNLISTED = `http://localhost:${host.address().port}`;

const state = mkdtempSync(join(tmpdir(), "mind-sports-online-trust-"));
const site = process.env.DIST ?? join(root, "dist");
const server = await serveSite(site, 0, ["--state", state, "--embed-origin", HOST, "--claim-after", "5"]);
const url = server.url;

/** A TCP proxy to the server: `silence()` makes every live connection
 *  made through it so far deaf (the server's frames are dropped, the
 *  socket stays open); connections made later work. */
const proxied = [];
const proxy = createTcp((client) => {
  const upstream = connect(Number(new URL(url).port), "127.0.0.1");
  const pair = { live: false, deaf: false };
  proxied.push(pair);
  client.on("data", (chunk) => {
    if (/^GET [^\r]*\/live HTTP/.test(chunk.toString("latin1", 0, 200))) pair.live = true;
    upstream.write(chunk);
  });
  upstream.on("data", (chunk) => pair.deaf || client.write(chunk));
  for (const [a, b] of [[client, upstream], [upstream, client]]) {
    a.on("error", () => b.destroy());
    a.on("close", () => b.destroy());
  }
});
await new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const PROXIED = `http://127.0.0.1:${proxy.address().port}/`;
const silence = () => proxied.filter((p) => p.live).forEach((p) => (p.deaf = true));

const browser = await launchBrowser();
const opened = [];

/** Opens `fragment` in a fresh context in `lang` at `viewport` (through
 *  `base`, the server unless told). */
async function open(fragment, { viewport = DESKTOP, lang = "en", base = url, before } = {}) {
  const page = await freshPage(browser, viewport);
  opened.push(page);
  await page.addInitScript((lang) => {
    try {
      localStorage.setItem("mind-sports.lang", lang);
    } catch {
      // A frame whose storage is refused keeps its default language.
    }
  }, lang);
  if (before) await before(page);
  await page.goto(base + fragment);
  return page;
}

/** Closes the pages of a test (each holds live connections). */
async function closePages() {
  for (const page of opened.splice(0)) {
    assert(page.errors.length === 0, page.errors.join("\n"));
    await page.context().close();
  }
}

const text = (page, testid) => page.textContent(`[data-testid=${testid}]`);
const status = (page) => text(page, "online-status");
const moves = (page) => page.$$eval("[data-testid=moves] li", (items) => items.length);
const waitText = (page, testid, pattern, timeout = 10000) =>
  page.waitForFunction(
    ([testid, source]) => new RegExp(source).test(document.querySelector(`[data-testid=${testid}]`)?.textContent ?? ""),
    [testid, pattern.source],
    { timeout },
  );
const waitMoves = (page, n, timeout = 10000) =>
  page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length === n, n, { timeout });
const serverView = (page, id) => page.evaluate(async (id) => (await fetch(`/api/v1/games/${id}`)).json(), id);

/** Creates a game through the API as Eva (first): her seat. */
const createByApi = (page, setup, extra = {}) =>
  page.evaluate(
    async ([setup, extra]) => {
      const body = { setup, name: "Eva", colour: "first", ...extra };
      const response = await fetch("/api/v1/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`create: ${response.status} ${await response.text()}`);
      return response.json();
    },
    [setup, extra],
  );
const live = (control, game = "othello", rules = "") => ({ game, rules, timing: { kind: "live", control } });

/** Eva's game of `setup`, her page on her private link, and Petr (in
 *  Czech, on a phone, through `petrBase`) seated from the invitation. */
async function pair(setup, { petrBase = url, petrViewport = PHONE } = {}) {
  const eva = await open("#/");
  await eva.waitForSelector("[data-testid=lobby-link], main");
  const seat = await createByApi(eva, setup);
  await eva.goto(`${url}#/online/${setup.game}/${seat.game}?seat=${seat.token}`);
  await eva.waitForSelector("[data-testid=online-game]");
  const petr = await open(`#/online/${setup.game}/${seat.game}?invite=${seat.invite}`, { viewport: petrViewport, lang: "cs", base: petrBase });
  await petr.waitForSelector("[data-testid=online-join]");
  await petr.fill("[data-testid=online-join] [data-testid=online-name]", "Petr");
  await petr.click("[data-testid=online-take-seat]");
  await petr.waitForSelector("[data-testid=online-game]");
  await waitText(eva, "online-status", /Your move|to move/);
  return { eva, petr, seat };
}

/** Plays the first legal Othello square on `page`; waits for `pages` to show it. */
async function play(page, pages) {
  const before = await moves(page);
  await (await page.$$(".square.legal"))[0].click();
  for (const other of pages) await waitMoves(other, before + 1);
}

let failed = 1;
try {
  failed = await run({
    "the invitation says the game; the seat token leaves the address; the host sees who joined; squares are legal only on one's own move": async () => {
      // Eva's browser grants notifications (recorded), and her tab can be
      // put in the background.
      const eva = await open("#/", { before: (page) => page.addInitScript(() => {
        window.shown = [];
        window.Notification = class {
          static permission = "granted";
          static requestPermission() { return Promise.resolve("granted"); }
          constructor(title, options) { window.shown.push(`${title}: ${options?.body ?? ""}`); }
        };
        Object.defineProperty(Document.prototype, "hidden", { get: () => Boolean(window.away) });
      }) });
      const seat = await createByApi(eva, live("5+3", "othello", "size=8&variant=standard"));
      await eva.goto(`${url}#/online/othello/${seat.game}?seat=${seat.token}`);
      await eva.waitForSelector("[data-testid=online-game]");
      await eva.check("[data-testid=online-notify]");
      await eva.waitForFunction(() => document.querySelector("[data-testid=online-notify]").checked);
      // Kept, the token goes from the address; the private link says it.
      await eva.waitForFunction(() => !location.hash.includes("seat="));
      assert((await eva.inputValue("[data-testid=online-private-link]")).endsWith(`?seat=${seat.token}`), "the private link is on the page");
      await eva.reload();
      await waitText(eva, "online-status", /Waiting for an opponent/);
      assert(!(await eva.$("[data-testid=online-join]")), "still her seat after the reload");
      // A browser that cannot keep the seat keeps the token in the address, and says so.
      const blocked = await open(`#/online/othello/${seat.game}?seat=${seat.token}`, { before: (page) => refuseStorage(page, "mind-sports.online.seats") });
      await blocked.waitForSelector("[data-testid=online-seat-not-kept]");
      assert(blocked.url().includes(`seat=${seat.token}`), blocked.url());
      await blocked.context().close();
      opened.splice(opened.indexOf(blocked), 1);

      const petr = await open(`#/online/othello/${seat.game}?invite=${seat.invite}`, { viewport: PHONE, lang: "cs" });
      await petr.waitForSelector("[data-testid=online-join]");
      const facts = await text(petr, "online-join-facts");
      for (const part of ["Othello 8×8", "5 min + 3 s (Fischer)", "Černý", "první tah", "Eva", "Bílý", "vy"]) {
        assert(facts.includes(part), `the invitation says ${part}: ${facts}`);
      }
      await shot(petr, "trust-invitation-cs-360");
      await eva.evaluate(() => (window.away = true));
      await petr.fill("[data-testid=online-join] [data-testid=online-name]", "Petr");
      await petr.click("[data-testid=online-take-seat]");
      await petr.waitForSelector("[data-testid=online-game]");
      await waitText(eva, "online-notice", /Petr took the seat/);
      await eva.waitForFunction(() => window.shown.length >= 1);
      const shown = await eva.evaluate(() => window.shown.join(" | "));
      assert(/^Opponent joined: Petr took the seat\. The game starts\. Your move\.$/.test(shown), shown);
      await eva.evaluate(() => (window.away = false));
      await waitText(eva, "online-status", /Your move/);
      assert((await eva.title()).startsWith("Your move"), await eva.title());
      assert((await text(eva, "online-facts")).includes("5 min + 3 s (Fischer)"), await text(eva, "online-facts"));
      assert((await text(petr, "online-facts")).includes("5 min + 3 s (Fischer)"), await text(petr, "online-facts"));
      assert((await text(eva, "black-count")).includes("2") && (await text(petr, "white-count")).includes("2"), "the discs are counted");
      assert((await text(petr, "online-presence-0")) === "online", await text(petr, "online-presence-0"));
      // On the opponent's move no square is a legal move, nor said to be one.
      const labels = await petr.$$eval(".square", (squares) => squares.map((s) => s.getAttribute("aria-label") ?? s.textContent));
      assert(!(await petr.$(".square.legal")) && !labels.some((l) => /platný tah|legal/i.test(l)), labels.join("|"));
      await play(eva, [eva, petr]);
      assert((await text(petr, "white-count")).includes("1"), await text(petr, "white-count"));
      assert((await petr.title()).startsWith("Jste na tahu"), await petr.title());
      // An earlier position on one's own move: no move marks, a tap says why.
      await petr.click(".move-list button.start");
      await petr.waitForFunction(() => !document.querySelector(".square.legal"));
      await (await petr.$$(".square"))[0].click();
      await waitText(petr, "online-notice", /dřívější pozici/);
      await petr.click("[data-testid=online-to-last]");
      await petr.waitForSelector(".square.legal");
      await petr.waitForFunction(() => !document.querySelector("[data-testid=online-notice]"));
      await shot(eva, "trust-game-en-1280");
      await shot(petr, "trust-game-cs-360");
      await closePages();
    },

    "a move sent on a silent socket is played once after the reconnection; offline, the move waits on the board; a second tap is refused in words": async () => {
      const { eva, petr, seat } = await pair(live("5+0"), { petrBase: PROXIED });
      await play(eva, [eva, petr]);
      // Petr's connection goes deaf: his move reaches the server, nothing comes back.
      silence();
      await (await petr.$$(".square.legal"))[0].click();
      await waitMoves(petr, 2, 2000);
      await waitText(petr, "online-status", /Odesílám váš tah [a-h][1-8]/);
      await waitMoves(eva, 2);
      await (await petr.$$(".square:not(.legal)"))[0].click();
      await waitText(petr, "online-notice", /už je na cestě/);
      await shot(petr, "trust-in-flight-cs-360");
      // No answer within a few seconds: a new connection, the move sent
      // again and answered as played.
      await petr.waitForFunction(() => !/Odesílám/.test(document.querySelector("[data-testid=online-status]").textContent), null, { timeout: 15000 });
      assert((await serverView(eva, seat.game)).moves.length === 2, "played once");
      assert((await moves(petr)) === 2, "shown once");
      assert(!/pokračovala/.test((await text(petr, "online-notice").catch(() => "")) ?? ""), "not refused as moved on");
      await play(eva, [eva, petr]);

      // Offline: the move shows on the board and waits; Eva is not said to be connected.
      await petr.context().setOffline(true);
      await waitText(petr, "online-status", /Offline/);
      assert(!(await petr.$("[data-testid=online-presence-0]")), "the opponent's presence is not claimed while offline");
      assert((await text(petr, "online-presence-1")) === "jste offline", await text(petr, "online-presence-1"));
      await (await petr.$$(".square.legal"))[0].click();
      await waitMoves(petr, 4, 2000);
      await waitText(petr, "online-status", /Jste offline\. Váš tah [a-h][1-8] čeká/);
      await (await petr.$$(".square:not(.legal)"))[0].click();
      await waitText(petr, "online-notice", /už je na cestě/);
      await shot(petr, "trust-offline-move-cs-360");
      assert((await moves(eva)) === 3, "nothing reached Eva");
      await petr.context().setOffline(false);
      await waitMoves(eva, 4);
      await waitText(petr, "online-status", /^(?!.*(Odesílám|offline)).*$/i);
      assert((await serverView(eva, seat.game)).moves.length === 4, "played once");
      await closePages();
    },

    "abort asks first; the claim says when it becomes possible, then wins": async () => {
      const { eva, petr } = await pair(live("5+0"));
      await eva.click("[data-testid=online-abort]");
      await eva.waitForSelector("[data-testid=online-abort-confirm]");
      await shot(eva, "trust-abort-confirm-en-1280");
      await eva.click("text=Keep playing");
      await eva.waitForSelector("[data-testid=online-abort]");
      await play(eva, [eva, petr]);
      await petr.context().close();
      opened.splice(opened.indexOf(petr), 1);
      await waitText(eva, "online-claim-wait", /claim the win in 0:0[1-5]/);
      assert(!(await eva.$("[data-testid=online-claim]")), "no button before it is possible");
      await shot(eva, "trust-claim-wait-en-1280");
      await eva.waitForSelector("[data-testid=online-claim]", { timeout: 10000 });
      await eva.click("[data-testid=online-claim]");
      await waitText(eva, "online-status", /Eva wins, the opponent left/);
      await closePages();
    },

    "a six-second game: the winner's points first; the rematch offer is seen on both pages; a game nobody starts aborts; My online games keep them": async () => {
      const { eva, petr, seat } = await pair(live("0.1+0"));
      await play(eva, [eva, petr]);
      await play(petr, [eva, petr]);
      // Eva's six seconds run out: 3-3 on the board, the empties to Petr.
      await waitText(eva, "online-status", /Petr wins, on time\. 61–3\./, 15000);
      await waitText(petr, "online-status", /Vyhrává Petr, na čas\. 61–3\./);
      await petr.click("[data-testid=online-rematch]");
      await waitText(eva, "online-rematch-state", /Petr asks for a rematch/);
      await waitText(petr, "online-rematch-state", /Čeká se na odpověď: Eva/);
      assert(await petr.$eval("[data-testid=online-rematch]", (b) => b.disabled), "asked once");
      await shot(eva, "trust-rematch-offer-en-1280");
      await shot(petr, "trust-rematch-waiting-cs-360");
      assert((await text(eva, "online-rematch")) === "Accept the rematch", await text(eva, "online-rematch"));
      await eva.click("[data-testid=online-rematch]");
      await eva.waitForSelector("[data-testid=online-open-rematch]");
      await petr.waitForSelector("[data-testid=online-open-rematch]");
      await eva.click("[data-testid=online-open-rematch]");
      await eva.waitForFunction((id) => !location.hash.includes(id), seat.game);
      await eva.waitForSelector("[data-testid=online-game]");
      // Its clock waits for both players (issue 37): Petr opens it too.
      await waitText(eva, "online-clocks-wait", /The clocks start when both players are here/);
      await petr.click("[data-testid=online-open-rematch]");
      await petr.waitForFunction((id) => !location.hash.includes(id), seat.game);
      // Nobody moves in the rematch: aborted when the first clock runs out, not lost.
      await waitText(eva, "online-status", /The game was aborted\./, 15000);

      // My online games: both, finished, with result, date and time.
      await eva.goto(`${url}#/online`);
      await eva.waitForFunction(() => document.querySelectorAll("[data-testid=my-games-over] [data-testid=my-game]").length === 2);
      const rows = await eva.$$eval("[data-testid=my-games-over] [data-testid=my-game]", (rows) => rows.map((r) => r.textContent));
      assert(rows.some((r) => /Eva – Petr/.test(r) && /lost 3–61/.test(r) && /0\.1 min/.test(r)), rows.join(" | "));
      assert(rows.some((r) => /Petr – Eva/.test(r) && /aborted/.test(r)), rows.join(" | "));
      assert(rows.every((r) => /\d{1,2}\/\d{1,2}\/\d{4}|\d{4}/.test(r)), `dated: ${rows.join(" | ")}`);
      await shot(eva, "trust-my-games-en-1280");
      const played = (await eva.$$("[data-testid=my-games-over] [data-testid=my-game]")).length;
      const lost = eva.locator("[data-testid=my-games-over] [data-testid=my-game]", { hasText: "lost" });
      const [transcript] = await Promise.all([eva.waitForEvent("download"), lost.locator("[data-testid=my-game-transcript]").click()]);
      const written = readFileSync(await transcript.path(), "utf8");
      assert(/\[First "Eva"\]/.test(written) && /\[Result "3-61"\]/.test(written) && /\[TimeControl "0\.1\+0"\]/.test(written), written);
      const [ggf] = await Promise.all([eva.waitForEvent("download"), lost.locator("[data-testid=my-game-ggf]").click()]);
      assert(ggf.suggestedFilename().endsWith(".ggf") && /PB\[Eva\]PW\[Petr\]RE\[-58:t\]/.test(readFileSync(await ggf.path(), "utf8")), "GGF");
      assert(played === 2, `${played}`);
      // Analyse: the game on its own page, with the engine.
      assert(/^#\/othello\?.*moves=d3c3/.test(await lost.locator("[data-testid=my-game-analyse]").getAttribute("href")), "the share link");
      await lost.locator("[data-testid=my-game-analyse]").click();
      await eva.waitForSelector(".othello-page [data-testid=moves]");
      await waitMoves(eva, 2);
      await petr.goto(`${url}#/online`);
      await petr.waitForSelector("[data-testid=my-games-over] [data-testid=my-game]");
      await waitText(petr, "my-games-over", /Eva – Petr/);
      await shot(petr, "trust-my-games-cs-360");
      await closePages();
    },

    "frames on an unlisted origin and for an unknown game say so, post error and stop; the element follows `live`; the frame's clocks say whose and which runs": async () => {
      const eva = await open("#/");
      const seat = await createByApi(eva, live("5+0"));
      await eva.goto(`${url}#/online/othello/${seat.game}?seat=${seat.token}`);
      await eva.waitForSelector("[data-testid=online-game]");
      const frame = (id, parent) => `${url}#/embed/othello?live=${id}&parent=${encodeURIComponent(parent)}`;
      const club = await open("", { base: `${UNLISTED}/two?a=${encodeURIComponent(frame(seat.game, UNLISTED))}&b=${encodeURIComponent(frame("zz2345678923", UNLISTED))}` });
      const sockets = { a: 0, b: 0 };
      club.on("websocket", (ws) => {
        if (ws.url().includes(seat.game)) sockets.a++;
        if (ws.url().includes("zz2345678923")) sockets.b++;
      });
      await club.waitForFunction(() => ["a", "b"].every((f) => window.got.some((m) => m.frame === f && m.data.type === "error")), null, { timeout: 15000 });
      const errors = await club.evaluate(() => window.got.filter((m) => m.data.type === "error").map((m) => `${m.frame}: ${m.data.message}`));
      assert(errors.some((e) => /^a: .*origin/.test(e)) && errors.some((e) => /^b: .*no game/.test(e)), errors.join(" | "));
      const frames = club.frames().filter((f) => f.url().includes("/embed/"));
      const said = await Promise.all(frames.map((f) => f.textContent("[data-testid=live-problem]")));
      assert(said.some((t) => /may not show/.test(t)) && said.some((t) => /no such game/.test(t)), said.join(" | "));
      await shot(club, "trust-frames-refused-en");
      // The frames do not try again (they opened a connection each, 18 in 10 s before).
      await club.waitForTimeout(6000);
      assert(sockets.a <= 1 && sockets.b <= 1, JSON.stringify(sockets));

      // The element's `live` follows the game, with the clocks named.
      const petr = await open(`#/online/othello/${seat.game}?invite=${seat.invite}`, { viewport: PHONE, lang: "cs" });
      await petr.waitForSelector("[data-testid=online-join]");
      await petr.fill("[data-testid=online-join] [data-testid=online-name]", "Petr");
      await petr.click("[data-testid=online-take-seat]");
      await petr.waitForSelector("[data-testid=online-game]");
      const element = await open("", { base: `${HOST}/element?live=${seat.game}` });
      const shown = () => element.frames().find((f) => f.url().includes("/embed/"));
      await element.waitForFunction(() => document.querySelector("mind-sports-board iframe")?.src.includes("live="));
      await element.waitForFunction(() => true);
      let inFrame = null;
      for (let i = 0; i < 100 && !inFrame; i++) {
        inFrame = shown();
        if (!inFrame) await element.waitForTimeout(100);
      }
      await inFrame.waitForSelector("[data-testid=live-clock-0]", { timeout: 15000 });
      const clocks = await inFrame.textContent(".embed-clocks");
      assert(/Black/.test(clocks) && /Eva/.test(clocks) && /White/.test(clocks) && /Petr/.test(clocks), clocks);
      assert((await inFrame.$$(".embed-clock.running")).length === 1, "one clock runs");
      assert((await inFrame.textContent("[data-testid=black-count]")).includes("2"), "the discs are counted");
      await shot(element, "trust-element-live-en");
      assert((await element.evaluate(() => window.errors.length)) === 0, "no ms-error");
      await closePages();
    },

    "Nim online at 1280 px uses the width; a correspondence deadline says whose, in days; the lobby shows colour and age": async () => {
      const eva = await open("#/");
      const setup = { game: "nim", rules: "start=nim:5+nim:7+nim:9", timing: { kind: "correspondence", days: 3 } };
      const seat = await createByApi(eva, setup, { public: true, colour: "second" });
      await eva.goto(`${url}#/online/nim/${seat.game}?seat=${seat.token}`);
      await eva.waitForSelector("[data-testid=online-game]");
      const petr = await open("#/online");
      await petr.waitForSelector("[data-testid=challenge]");
      const row = await text(petr, "challenge");
      assert(/First player/.test(await text(petr, "challenge-colour")) && /just now|min/.test(await text(petr, "challenge-age")), row);
      await shot(petr, "trust-lobby-en-1280");
      await petr.fill("#lobby-name", "Petr");
      await petr.click("[data-testid=accept]");
      await petr.waitForSelector("[data-testid=online-game]");
      await waitText(petr, "online-status", /Your move/);
      const width = await petr.$eval(".play-area", (area) => area.getBoundingClientRect().width);
      assert(width > 400, `the heaps have room: ${width} px`);
      await waitText(eva, "online-deadline", /^Petr moves by /);
      await waitText(petr, "online-deadline", /^Your move by /);
      assert(/^2 d 23 h$/.test(await text(petr, "online-clock-0")), await text(petr, "online-clock-0"));
      await shot(petr, "trust-nim-en-1280");
      await shot(eva, "trust-deadline-en-1280");
      await closePages();
    },
  });
} finally {
  for (const page of opened) await page.context().close().catch(() => {});
  proxy.close();
  await closeAll({ browser, server, hosts: [host], folders: [state] });
}
process.exit(failed ? 1 : 0);
