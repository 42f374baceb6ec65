// Before/after screenshots of issue 38 (docs/screenshots/online-trust/):
// the same steps on a build before the issue and on this one, each picture
// at the width and in the language where the problem was seen (Eva at
// 1280 px in English, Petr on a 360 px phone in Czech, the club's site).
// Not part of `make test`: the steps wait rather than assert, so that they
// run on the old build too.
//   SHOTS=after node tests/e2e/online-trust-shots.mjs
//   SHOTS=before SERVE=/tmp/old/serve DIST=/tmp/old/dist node tests/e2e/online-trust-shots.mjs
import { createServer } from "node:http";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveSite, root, launchBrowser, freshPage } from "./browser.mjs";

const SUFFIX = process.env.SHOTS ?? "after";
const out = join(root, "docs", "screenshots", "online-trust");
mkdirSync(out, { recursive: true });
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

const host = createServer((req, res) => {
  const query = new URL(req.url, "http://x").searchParams;
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  const attr = (text) => String(text).replace(/"/g, "&quot;");
  if (req.url.startsWith("/element")) {
    return res.end(`<!doctype html><meta charset="utf-8"><title>club</title><body style="margin:8px;width:560px;font-family:sans-serif">
<h1>Club evening</h1><script src="${attr(url)}embed.js"></script>
<mind-sports-board game="othello" live="${attr(query.get("live"))}"></mind-sports-board>`);
  }
  res.end(`<!doctype html><meta charset="utf-8"><title>club</title><body style="margin:8px;font-family:sans-serif">
<h1>Club evening</h1><iframe src="${attr(query.get("src"))}" style="width:480px;height:560px;border:1px solid #ccc"></iframe>`);
});
await new Promise((resolve) => host.listen(0, "127.0.0.1", resolve));
const HOST = `http://127.0.0.1:${host.address().port}`;
const UNLISTED = `http://localhost:${host.address().port}`;
const state = mkdtempSync(join(tmpdir(), "mind-sports-trust-shots-"));
const server = await serveSite(process.env.DIST ?? join(root, "dist"), 0, ["--state", state, "--embed-origin", HOST]);
const url = server.url;
const browser = await launchBrowser();

async function open(fragment, viewport = DESKTOP, lang = "en", base = url) {
  const page = await freshPage(browser, viewport);
  await page.addInitScript((lang) => localStorage.setItem("mind-sports.lang", lang), lang);
  await page.goto(base + fragment);
  return page;
}
const save = (page, name) => page.screenshot({ path: join(out, `${name}-${SUFFIX}.png`), fullPage: true });
const pause = (page, ms) => page.waitForTimeout(ms);
const moves = (page) => page.$$eval("[data-testid=moves] li", (items) => items.length);
const waitMoves = (page, n) =>
  page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length >= n, n, { timeout: 10000 }).catch(() => {});
const createByApi = (page, setup, extra = {}) =>
  page.evaluate(async ([setup, extra]) => {
    const body = { setup, name: "Eva", colour: "first", ...extra };
    const response = await fetch("/api/v1/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return response.json();
  }, [setup, extra]);
const live = (control, game = "othello", rules = "") => ({ game, rules, timing: { kind: "live", control } });

/** Eva (1280, English) and Petr (360, Czech) at a new game of `setup`. */
async function pair(setup, shotInvitation) {
  const eva = await open("#/");
  const seat = await createByApi(eva, setup);
  await eva.goto(`${url}#/online/${setup.game}/${seat.game}?seat=${seat.token}`);
  await eva.waitForSelector("[data-testid=online-game]");
  const petr = await open(`#/online/${setup.game}/${seat.game}?invite=${seat.invite}`, PHONE, "cs");
  await petr.waitForSelector("[data-testid=online-join]");
  if (shotInvitation) await save(petr, shotInvitation);
  await petr.fill("[data-testid=online-join] [data-testid=online-name]", "Petr");
  await petr.click("[data-testid=online-take-seat]");
  await petr.waitForSelector("[data-testid=online-game]");
  await pause(eva, 800);
  return { eva, petr, seat };
}
async function play(page, others = []) {
  const n = await moves(page);
  await page.waitForSelector(".square.legal");
  await (await page.$$(".square.legal"))[0].click();
  for (const other of [page, ...others]) await waitMoves(other, n + 1);
}

try {
  // The invitation, the game's page, a move seen, the opponent joined.
  {
    const { eva, petr } = await pair(live("5+3", "othello", "size=8&variant=standard"), "invitation-cs-360");
    await save(eva, "joined-en-1280");
    await play(eva, [petr]);
    await save(petr, "game-cs-360");
    // Petr looks at the start on his own move.
    await petr.click(".move-list button.start").catch(() => {});
    await pause(petr, 500);
    await save(petr, "review-cs-360");
    await eva.click("[data-testid=online-abort]").catch(() => {});
    await pause(eva, 500);
    await save(eva, "abort-en-1280");
    // Offline, Petr taps a square, then another.
    await petr.click("[data-testid=online-to-last]").catch(() => {});
    await petr.click("[data-testid=moves] li:last-child button, [data-testid=moves] li:last-child").catch(() => {});
    await pause(petr, 300);
    await petr.context().setOffline(true);
    await pause(petr, 1500);
    const legal = await petr.$$(".square.legal");
    if (legal.length) await legal[0].click();
    await pause(petr, 400);
    const empty = await petr.$$(".square:not(.legal)");
    if (empty.length) await empty[0].click();
    await pause(petr, 600);
    await save(petr, "offline-move-cs-360");
    await petr.context().setOffline(false);
    await pause(petr, 2000);
    await play(eva, [petr]).catch(() => {});
    // Petr leaves: Eva's claim.
    await petr.context().close();
    await pause(eva, 2500);
    await save(eva, "claim-en-1280");
    await eva.click("[data-testid=online-claim]").catch(() => {});
    await pause(eva, 1500);
    await save(eva, "claim-pressed-en-1280");
    await eva.context().close();
  }
  // A six-second game lost on time; the rematch offer; the rematch nobody starts.
  {
    const { eva, petr } = await pair(live("0.1+0"));
    await play(eva, [petr]);
    await play(petr, [eva]);
    await eva.waitForFunction(() => /wins/.test(document.querySelector("[data-testid=online-status]").textContent), null, { timeout: 15000 }).catch(() => {});
    await petr.click("[data-testid=online-rematch]");
    await pause(petr, 1200);
    await save(eva, "rematch-offer-en-1280");
    await save(petr, "rematch-waiting-cs-360");
    await eva.click("[data-testid=online-rematch]");
    await eva.waitForSelector("[data-testid=online-open-rematch]").catch(() => {});
    await eva.click("[data-testid=online-open-rematch]").catch(() => {});
    await pause(eva, 8000);
    await save(eva, "rematch-unstarted-en-1280");
    for (const [page, name] of [[eva, "my-games-en-1280"], [petr, "my-games-cs-360"]]) {
      await page.goto(`${url}#/online`);
      await page.waitForSelector("[data-testid=my-game]").catch(() => {});
      await pause(page, 1500);
      await save(page, name);
    }
    await eva.context().close();
    await petr.context().close();
  }
  // Frames on the club's site: an unlisted origin, an unknown game; the
  // element with `live`.
  {
    const eva = await open("#/");
    const seat = await createByApi(eva, live("5+0"));
    const refused = await open("", DESKTOP, "en", `${UNLISTED}/frame?src=${encodeURIComponent(`${url}#/embed/othello?live=${seat.game}&parent=${encodeURIComponent(UNLISTED)}`)}`);
    let sockets = 0;
    refused.on("websocket", () => sockets++);
    await pause(refused, 4000);
    await save(refused, "frame-origin-en");
    const unknown = await open("", DESKTOP, "en", `${HOST}/frame?src=${encodeURIComponent(`${url}#/embed/othello?live=zz2345678923&parent=${encodeURIComponent(HOST)}`)}`);
    await pause(unknown, 4000);
    await save(unknown, "frame-unknown-en");
    console.log(`${SUFFIX}: a refused frame opened ${sockets} connections in 4 s`);
    await eva.goto(`${url}#/online/othello/${seat.game}?seat=${seat.token}`);
    const petr = await open(`#/online/othello/${seat.game}?invite=${seat.invite}`, PHONE, "cs");
    await petr.waitForSelector("[data-testid=online-join]");
    await petr.fill("[data-testid=online-join] [data-testid=online-name]", "Petr");
    await petr.click("[data-testid=online-take-seat]");
    await petr.waitForSelector("[data-testid=online-game]");
    await play(eva, [petr]);
    const element = await open("", DESKTOP, "en", `${HOST}/element?live=${seat.game}`);
    await pause(element, 4000);
    await save(element, "element-live-en");
    const frame = await open("", DESKTOP, "en", `${HOST}/frame?src=${encodeURIComponent(`${url}#/embed/othello?live=${seat.game}&parent=${encodeURIComponent(HOST)}`)}`);
    await pause(frame, 3000);
    await save(frame, "frame-clocks-en");
    for (const page of [eva, petr, refused, unknown, element, frame]) await page.context().close();
  }
  // Nim at 1280; a correspondence deadline; the lobby.
  {
    const eva = await open("#/");
    const setup = { game: "nim", rules: "start=nim:5+nim:7+nim:9", timing: { kind: "correspondence", days: 3 } };
    const seat = await createByApi(eva, setup, { public: true, colour: "second" });
    await eva.goto(`${url}#/online/nim/${seat.game}?seat=${seat.token}`);
    await eva.waitForSelector("[data-testid=online-game]");
    const lobby = await open("#/online");
    await lobby.waitForSelector("[data-testid=challenge]");
    await save(lobby, "lobby-en-1280");
    await lobby.fill("#lobby-name", "Petr");
    await lobby.click("[data-testid=accept]");
    await lobby.waitForSelector("[data-testid=online-game]");
    await pause(lobby, 1500);
    await save(lobby, "nim-en-1280");
    await save(eva, "deadline-en-1280");
    await eva.context().close();
    await lobby.context().close();
  }
  // Opok on a phone with the stack's picker open; the create dialog on a phone.
  {
    const { eva, petr } = await pair(live("5+0", "opok", "size=7"));
    await (await eva.$$(".square.movable"))[0]?.click();
    await pause(eva, 300);
    const landing = await eva.$$(".square.landing");
    if (landing.length) await landing[0].click();
    await waitMoves(petr, 1);
    await (await petr.$$(".square.movable"))[0]?.click();
    await pause(petr, 500);
    await save(petr, "opok-picker-cs-360");
    const dialog = await open("#/othello", PHONE, "cs");
    await dialog.click("[data-testid=play-online]");
    await dialog.waitForSelector("[data-testid=online-create]");
    await pause(dialog, 500);
    await dialog.screenshot({ path: join(out, `create-dialog-cs-360-${SUFFIX}.png`) });
    for (const page of [eva, petr, dialog]) await page.context().close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
  host.close();
  rmSync(state, { recursive: true, force: true });
}
