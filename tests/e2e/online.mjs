// End-to-end tests of online play (issue 28) through the real server:
// `serve` with a fresh SQLite state on a free port serving dist/; two
// browser contexts as the two players and a third as a watcher; the
// server killed and restarted on the same port and state; a hostile
// client's socket opened from a page; two instances on one PostgreSQL.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveSite, root, launchBrowser, freshPage, run, assert, shot, spoken, hostPage, closeAll } from "./browser.mjs";

// A club's site on another origin, which embeds a frame following a live
// game: `/host?src=<frame address>` records what the frame posts.
const host = createServer((req, res) => {
  const src = new URL(req.url, "http://x").searchParams.get("src") ?? "";
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(hostPage(src, 480, new URL(url).origin));
});
await new Promise((resolve) => host.listen(0, "127.0.0.1", resolve));
const HOST = `http://127.0.0.1:${host.address().port}`;

const state = mkdtempSync(join(tmpdir(), "mind-sports-online-"));
const serverArgs = ["--state", state, "--embed-origin", HOST];
const site = process.env.DIST ?? join(root, "dist");
let server = await serveSite(site, 0, serverArgs);
const url = server.url;
/** Kills the server as a crash would (SIGKILL) and starts it again on the
 *  same port and state. */
async function crashAndRestart() {
  await server.stop("SIGKILL");
  server = await serveSite(site, Number(new URL(url).port), serverArgs);
  assert(server.url === url, `${server.url} is not ${url}`);
}
const browser = await launchBrowser();

const PHONE = { width: 360, height: 780 };

/** Opens `fragment` of the app at `base` (this test's server unless
 *  told) in a fresh context (its own storage). */
async function open(fragment, viewport, base = url) {
  const page = await freshPage(browser, viewport);
  if (process.env.DEBUG_WS) {
    page.on("websocket", (ws) => {
      ws.on("framesent", (f) => console.log("sent", fragment.slice(0, 30), f.payload));
      ws.on("framereceived", (f) => console.log("got ", fragment.slice(0, 30), String(f.payload).slice(0, 300)));
    });
  }
  await page.goto(base + fragment);
  return page;
}

const status = (page) => page.textContent("[data-testid=online-status]");
const moves = (page) => page.$$eval("[data-testid=moves] li", (items) => items.length);

/** Waits until every page shows `n` moves. */
async function allAt(pages, n) {
  for (const page of pages) {
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length === n, n, { timeout: 10000 });
  }
}

/** Creates a game from a game page's "Play online": returns the
 *  creator's page, on the new game's page. */
async function create(page, { name, colour, correspondence, isPublic, completes }) {
  await page.click("[data-testid=play-online]");
  await page.waitForSelector("[data-testid=online-create]");
  await page.fill("[data-testid=online-create] [data-testid=online-name]", name);
  await page.check(`#online-colour-${colour}`);
  if (completes) await page.check("[data-testid=online-completes]");
  if (correspondence) {
    await page.check("#online-correspondence");
    await page.selectOption("[data-testid=online-days]", "1");
  }
  if (isPublic) await page.check("[data-testid=online-public]");
  await page.click("[data-testid=online-create-game]");
  await page.waitForSelector("[data-testid=online-game]");
}

/** The page whose player is to move, among `pages`. */
async function mover(pages) {
  const until = Date.now() + 10000;
  while (Date.now() < until) {
    for (const page of pages) {
      if ((await status(page)).endsWith("Your move.")) return page;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nobody is to move: ${await Promise.all(pages.map(status))}`);
}

const over = (text) => /wins|drawn/.test(text);

/** Creates a game on `fragment`'s page and seats a second player from the
 *  invitation: returns [creator, guest, invitation]. */
async function pair(fragment, options, guestViewport) {
  const first = await open(fragment);
  await first.waitForSelector("[data-testid=play-online]");
  await create(first, { name: "Eva", colour: "first", ...options });
  await first.waitForFunction(() => document.querySelector("[data-testid=online-status]").textContent.includes("Waiting for an opponent"));
  const invitation = await first.inputValue("[data-testid=online-invitation]");
  const second = await open(invitation.slice(url.length), guestViewport);
  await second.waitForSelector("[data-testid=online-join]");
  await second.fill("[data-testid=online-join] [data-testid=online-name]", "Petr");
  await second.click("[data-testid=online-take-seat]");
  await second.waitForSelector("[data-testid=online-game]");
  await mover([first, second]);
  return [first, second, invitation];
}

/** The game's id in an online page's address. */
const gameId = (page) => page.url().match(/#\/online\/[a-z]+\/([a-z0-9]+)/)[1];

/** Plays one Othello move on the mover's page (the first legal square);
 *  returns the number of moves after it, once `pages` all show it. */
async function othelloMove(players, pages) {
  const page = await mover(players);
  const before = await moves(page);
  await (await page.$$(".square.legal"))[0].click();
  await allAt(pages, before + 1);
  return before + 1;
}


/** The server's view of game `id` (`GET /api/v1/games/<id>`), read from `page`. */
const serverView = (page, id) => page.evaluate(async (id) => (await fetch(`/api/v1/games/${id}`)).json(), id);

/** Creates a game through the API from `page` (any page of the app) with
 *  the live `control`: returns the creator's seat (game, token, invite). */
const createByApi = (page, game, control) =>
  page.evaluate(
    async ([game, control]) => {
      const body = { setup: { game, rules: "", timing: { kind: "live", control } }, name: "Eva", colour: "first" };
      const response = await fetch("/api/v1/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`create: ${response.status} ${await response.text()}`);
      return response.json();
    },
    [game, control],
  );

/** Takes the free seat of the invitation `link` in a fresh context as Petr. */
async function takeSeat(link, viewport) {
  const page = await open(link.slice(url.length), viewport);
  await page.waitForSelector("[data-testid=online-join]");
  await page.fill("[data-testid=online-join] [data-testid=online-name]", "Petr");
  await page.click("[data-testid=online-take-seat]");
  await page.waitForSelector("[data-testid=online-game]");
  return page;
}

/** What a hostile client gets from the game's socket: opens it from
 *  `page`, sends `messages` (strings) once open, and returns what came back
 *  within `ms` and whether the server closed the socket. */
const hostile = (page, id, messages, ms = 1500) =>
  page.evaluate(
    ([id, messages, ms]) =>
      new Promise((resolve) => {
        const got = [];
        let closed = false;
        const socket = new WebSocket(`ws://${location.host}/api/v1/games/${id}/live`);
        socket.onmessage = (e) => got.push(String(e.data).slice(0, 300));
        socket.onclose = () => (closed = true);
        socket.onopen = () => {
          for (const m of messages) if (socket.readyState === WebSocket.OPEN) socket.send(m);
        };
        setTimeout(() => {
          socket.close();
          resolve({ got, closed });
        }, ms);
      }),
    [id, messages, ms],
  );

/** A throwaway PostgreSQL cluster (`scratch-postgres`, built with the
 *  server): returns { database, stop }. */
async function scratchPostgres() {
  const program = join(root, "target", "release", "scratch-postgres");
  const child = spawn(program, [], { stdio: ["pipe", "pipe", "inherit"] });
  const database = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const found = out.match(/^(postgres:\/\/\S+)$/m);
      if (found) resolve(found[1]);
    });
    child.on("exit", (code) => reject(new Error(`scratch-postgres stopped (${code}): ${out}`)));
    setTimeout(() => reject(new Error(`PostgreSQL did not start: ${out}`)), 60000);
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.stdin.end();
    });
  return { database, stop };
}

let failed = 1;
try {
  failed = await run({
    "an Othello game between two browsers, watched live, played to its end (a reload mid-game resumes)": async () => {
      const eva = await open("#/othello?size=4");
      await eva.waitForSelector("[data-testid=play-online]");
      await create(eva, { name: "Eva", colour: "first" });
      await eva.waitForFunction(() => document.querySelector("[data-testid=online-status]").textContent.includes("Waiting for an opponent"));
      const invitation = await eva.inputValue("[data-testid=online-invitation]");
      assert(/#\/online\/othello\/[a-z0-9]+\?invite=[0-9a-f]+$/.test(invitation), invitation);
      const watchLink = await eva.inputValue("[data-testid=online-watch-link]");
      await shot(eva, "online-invitation");

      // The friend opens the invitation on a phone, names themself and plays.
      const petr = await open(invitation.slice(url.length), PHONE);
      await petr.waitForSelector("[data-testid=online-join]");
      assert((await petr.textContent("[data-testid=online-join] h2")).includes("Eva invites you"), "the invitation names its host");
      await petr.fill("[data-testid=online-join] [data-testid=online-name]", "Petr");
      await petr.click("[data-testid=online-take-seat]");
      await petr.waitForSelector("[data-testid=online-game]");
      assert((await spoken(eva, (t) => t.includes("Petr took the seat"), 10000)).includes("Petr took the seat"), "the host hears who joined");

      const watcher = await open(watchLink.slice(url.length));
      await watcher.waitForSelector("[data-testid=online-game]");
      await watcher.waitForFunction(() => document.querySelector("[data-testid=online-status]").textContent.includes("watching"));

      // The clocks: 5+3, Black's running on every page.
      const before = await eva.textContent("[data-testid=online-clock-0]");
      await eva.waitForTimeout(1500);
      const after = await eva.textContent("[data-testid=online-clock-0]");
      assert(before !== after, `the running clock ticks: ${before} → ${after}`);
      assert((await watcher.textContent("[data-testid=online-clock-1]")).startsWith("5:00"), "White's clock waits");

      const players = [eva, petr];
      let played = 0;
      let reloaded = false;
      for (let turn = 0; turn < 30 && !over(await status(eva)); turn++) {
        const page = await mover(players);
        const squares = await page.$$(".square.legal");
        assert(squares.length > 0, "a legal square");
        // Counted before the click: the server's answer may come at once.
        const before = await moves(page);
        await squares[0].click();
        await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before, { timeout: 10000 });
        played = await moves(page);
        await allAt([eva, petr, watcher], played);
        if (played === 1) {
          assert(/Black|f5|[a-d][1-4]/.test(await spoken(petr, (t) => t.length > 0)), "the move is said on the other device");
        }
        if (!reloaded && played >= 3) {
          // A reload mid-game: the game comes back from the server.
          await shot(petr, "online-game-360");
          await petr.reload();
          await petr.waitForSelector("[data-testid=online-game]");
          await allAt([petr], played);
          reloaded = true;
        }
      }
      assert(reloaded, "the game was long enough to reload");
      for (const page of [eva, petr, watcher]) {
        await page.waitForFunction(() => /wins|drawn/.test(document.querySelector("[data-testid=online-status]").textContent));
      }
      const result = await status(watcher);
      assert(/\d+–\d+\./.test(result), `the discs are given: ${result}`);
      assert((await status(eva)).startsWith(result.split(" You")[0].slice(0, 10)), "the same result for everyone");
      await shot(watcher, "online-watch");
      assert(await eva.$("[data-testid=online-rematch]"), "a rematch is offered");
      // Watchers never get the players' buttons.
      assert(!(await watcher.$("[data-testid=online-rematch]")), "no rematch for a watcher");
      for (const page of [eva, petr, watcher]) assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a take-away game from the lobby, by correspondence, to its end": async () => {
      const anna = await open("#/nim?start=nim:3+nim:2");
      await anna.waitForSelector("[data-testid=play-online]");
      await create(anna, { name: "Anna", colour: "second", correspondence: true, isPublic: true });

      const boris = await open("#/online", PHONE);
      await boris.waitForSelector("[data-testid=challenge]");
      const row = await boris.textContent("[data-testid=challenge]");
      assert(row.includes("Anna") && row.includes("1 day a move"), row);
      await shot(boris, "online-lobby");
      await boris.fill("#lobby-name", "Boris");
      await boris.click("[data-testid=accept]");
      await boris.waitForSelector("[data-testid=online-game]");
      // Boris moves first (Anna chose the second seat).
      await boris.waitForFunction(() => document.querySelector("[data-testid=online-status]").textContent.includes("Your move."));

      const players = [anna, boris];
      for (let turn = 0; turn < 10 && !over(await status(anna)); turn++) {
        const page = await mover(players);
        const n = await moves(page);
        const tokens = await page.$$(".token:not(.illegal)");
        await tokens[tokens.length - 1].click();
        await allAt(players, n + 1);
      }
      await anna.waitForFunction(() => /wins/.test(document.querySelector("[data-testid=online-status]").textContent));
      assert((await status(boris)).includes("wins"), await status(boris));

      // My online games, in the lobby (the home page links to it): the
      // game, finished, with Anna's result.
      await anna.goto(url + "#/");
      await anna.click("[data-testid=lobby-link]");
      await anna.waitForSelector("[data-testid=my-games-over] [data-testid=my-game]");
      await anna.waitForFunction(() => /won|lost/.test(document.querySelector("[data-testid=my-games-over] [data-testid=my-game]").textContent));
      await shot(anna, "online-my-games");
      for (const page of players) assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a player offline for 10 s: the move made offline is sent when back, and the game goes on": async () => {
      const [eva, petr] = await pair("#/othello", {});
      const players = [eva, petr];
      await othelloMove(players, players);
      await othelloMove(players, players);
      const away = await mover(players);
      const other = away === eva ? petr : eva;
      const before = await moves(away);
      await away.context().setOffline(true);
      await away.waitForFunction(() => document.querySelector("[data-testid=online-status]").textContent.includes("reconnecting"), null, { timeout: 10000 });
      // The move is made offline: it waits, and the other player does not see it.
      await (await away.$$(".square.legal"))[0].click();
      await away.waitForTimeout(10000);
      assert((await moves(other)) === before, "no move reached the other player while offline");
      await shot(away, "online-offline");
      await away.context().setOffline(false);
      await allAt(players, before + 1);
      // The game goes on from both sides.
      const n = await othelloMove(players, players);
      await othelloMove(players, players);
      await allAt(players, n + 1);
      assert(!(await status(eva)).includes("reconnecting") && !(await status(petr)).includes("reconnecting"), "both connected");
      for (const page of players) assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a watcher and a frame on another site follow a live game; the frame posts every move": async () => {
      const [eva, petr] = await pair("#/othello?size=6", {});
      const players = [eva, petr];
      const id = gameId(eva);
      await othelloMove(players, players);
      const watcher = await open(`#/online/othello/${id}`, PHONE);
      await watcher.waitForSelector("[data-testid=online-status]");
      await watcher.waitForFunction(() => document.querySelector("[data-testid=online-status]").textContent.includes("watching"));
      const frameSrc = `${url}#/embed/othello?live=${id}&parent=${encodeURIComponent(HOST)}`;
      const club = await freshPage(browser, { width: 600, height: 800 });
      await club.goto(`${HOST}/host?src=${encodeURIComponent(frameSrc)}`);
      const got = () => club.evaluate(() => window.got.map((m) => ({ ...m.data, _origin: m.origin })));
      await club.waitForFunction(() => window.got.some((m) => m.data.type === "position"), null, { timeout: 15000 });
      const first = await got();
      assert(first[0].type === "ready" && first[0].size === 6 && first[0]._origin === new URL(url).origin, JSON.stringify(first[0]));
      const position = first.find((m) => m.type === "position");
      assert(position.ply === 1 && position.moves.length === 2, JSON.stringify(position));
      for (let i = 0; i < 3; i++) await othelloMove(players, [eva, petr, watcher]);
      await club.waitForFunction(() => window.got.filter((m) => m.data.type === "move").length >= 3, null, { timeout: 10000 });
      const moved = (await got()).filter((m) => m.type === "move");
      assert(moved.map((m) => m.ply).join() === "2,3,4", JSON.stringify(moved));
      const last = moved[2];
      assert(last.moves.length === 8 && last.moves.endsWith(last.move), JSON.stringify(last));
      const frame = club.frames().find((f) => f.url().includes("/embed/"));
      assert(await frame.$("[data-testid=embed] .square"), "the frame draws the board");
      assert((await frame.textContent("[data-testid=live-status]")).length > 0, "the frame says where the game stands");
      await shot(club, "online-embed-live");
      await shot(watcher, "online-watch-360");
      for (const page of [eva, petr, watcher, club]) assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "an Opok game between two browsers to its end": async () => {
      const [eva, petr] = await pair("#/opok?size=4", {}, PHONE);
      const players = [eva, petr];
      for (let turn = 0; turn < 200 && !over(await status(eva)); turn++) {
        const page = await mover(players);
        if (over(await status(page))) break;
        const n = await moves(page);
        await (await page.$$(".square.movable"))[0].click();
        await page.waitForSelector(".square.landing");
        await (await page.$$(".square.landing"))[0].click();
        await allAt(players, n + 1).catch(async () => {
          // A forced pass is played with the move: two entries.
          await allAt(players, n + 2);
        });
      }
      for (const page of players) {
        await page.waitForFunction(() => /wins|drawn/.test(document.querySelector("[data-testid=online-status]").textContent));
      }
      assert((await status(eva)).split(".")[0] === (await status(petr)).split(".")[0], `${await status(eva)} / ${await status(petr)}`);
      await shot(petr, "online-opok-over-360");
      for (const page of players) assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a flag falls at a six-second control: the server ends the game with the WOF score": async () => {
      const eva = await open("#/othello");
      await eva.waitForSelector("[data-testid=play-online]");
      const seat = await createByApi(eva, "othello", "0.1+0");
      await eva.goto(`${url}#/online/othello/${seat.game}?seat=${seat.token}`);
      await eva.waitForSelector("[data-testid=online-game]");
      const petr = await takeSeat(`${url}#/online/othello/${seat.game}?invite=${seat.invite}`, PHONE);
      const players = [eva, petr];
      await othelloMove(players, players);
      // Petr (White) does not move: his six seconds run out on the server.
      for (const page of players) {
        await page.waitForFunction(() => /wins/.test(document.querySelector("[data-testid=online-status]").textContent), null, { timeout: 15000 });
      }
      const view = await serverView(eva, seat.game);
      const ending = JSON.stringify(view.brief.status);
      assert(ending.includes('"reason":"time"'), ending);
      // Black's four discs and the 59 empty squares against White's one
      // (RULES.md §1): 63-1.
      assert(ending.includes('"points":[63,1]'), ending);
      assert(/63–1/.test(await status(petr)), await status(petr));
      await shot(petr, "online-flag-360");
      for (const page of players) assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "the server killed (SIGKILL) mid-game and started again: the game goes on with every move kept": async () => {
      const [eva, petr] = await pair("#/othello?size=6", {});
      const players = [eva, petr];
      const id = gameId(eva);
      for (let i = 0; i < 3; i++) await othelloMove(players, players);
      await crashAndRestart();
      // Both pages reconnect by themselves and show the three moves.
      await allAt(players, 3);
      for (let i = 0; i < 2; i++) await othelloMove(players, players);
      const view = await serverView(eva, id);
      assert(view.moves.length === 5, JSON.stringify(view.moves));
      for (const page of players) assert(!(await status(page)).includes("reconnecting"), await status(page));
      for (const page of players) assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a hostile client (a forged token, moves without a seat, a huge message, a flood) is refused and the game goes on": async () => {
      const [eva, petr] = await pair("#/othello", {});
      const players = [eva, petr];
      const id = gameId(eva);
      await othelloMove(players, players);
      const intruder = await open("#/");
      const forged = await hostile(intruder, id, [JSON.stringify({ type: "hello", token: "f".repeat(32) }), JSON.stringify({ type: "move", id: 1, ply: 1, mv: "d3" })]);
      assert(forged.closed || forged.got.some((m) => /"error"|refus/.test(m)), `forged token: ${JSON.stringify(forged)}`);
      const noHello = await hostile(intruder, id, [JSON.stringify({ type: "move", id: 1, ply: 1, mv: "d3" })]);
      assert(noHello.closed || noHello.got.some((m) => /hello_first/.test(m)), `a move before hello: ${JSON.stringify(noHello)}`);
      const watcherMove = await hostile(intruder, id, [JSON.stringify({ type: "hello" }), JSON.stringify({ type: "move", id: 2, ply: 1, mv: "d3" })]);
      assert(watcherMove.got.some((m) => /not_playing|refus/.test(m)) || watcherMove.closed, `a watcher's move: ${JSON.stringify(watcherMove)}`);
      const large = await hostile(intruder, id, [JSON.stringify({ type: "hello" }), "y".repeat(10000)]);
      assert(large.got.some((m) => /too_large/.test(m)), `a 10 kB message is refused: ${JSON.stringify(large).slice(0, 300)}`);
      const huge = await hostile(intruder, id, [JSON.stringify({ type: "hello" }), "x".repeat(2 << 20)]);
      assert(huge.closed, `a 2 MB message closes the socket: ${JSON.stringify(huge).slice(0, 300)}`);
      const flood = await hostile(intruder, id, [JSON.stringify({ type: "hello" }), ...Array.from({ length: 400 }, (_, i) => JSON.stringify({ type: "ping", id: i }))], 2500);
      assert(flood.closed || flood.got.some((m) => /limit/.test(m)), `a flood is cut: ${flood.got.length} answers, closed ${flood.closed}`);
      // Nothing of it reached the game: one move, and the players go on.
      assert((await moves(eva)) === 1 && (await moves(petr)) === 1, "the intruder's moves were not played");
      await othelloMove(players, players);
      await othelloMove(players, players);
      for (const page of players) assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "two server instances on one PostgreSQL: the players on different instances, a watcher on either, a game to its end": async () => {
      const postgres = await scratchPostgres();
      const instances = [];
      try {
        for (let i = 0; i < 2; i++) instances.push(await serveSite(site, 0, ["--database", postgres.database]));
        const [a, b] = instances.map((instance) => instance.url);
        assert(a !== b, "two ports");
        const eva = await open("#/othello?size=4", undefined, a);
        await eva.waitForSelector("[data-testid=play-online]");
        await create(eva, { name: "Eva", colour: "first" });
        await eva.waitForFunction(() => document.querySelector("[data-testid=online-status]").textContent.includes("Waiting for an opponent"));
        const invitation = await eva.inputValue("[data-testid=online-invitation]");
        assert(invitation.startsWith(a), invitation);
        // Petr follows the same link on the other instance.
        const petr = await open(invitation.slice(a.length), PHONE, b);
        await petr.waitForSelector("[data-testid=online-join]");
        await petr.fill("[data-testid=online-join] [data-testid=online-name]", "Petr");
        await petr.click("[data-testid=online-take-seat]");
        await petr.waitForSelector("[data-testid=online-game]");
        const id = gameId(eva);
        const watcher = await open(`#/online/othello/${id}`, undefined, b);
        await watcher.waitForSelector("[data-testid=online-status]");
        await watcher.waitForFunction(() => document.querySelector("[data-testid=online-status]").textContent.includes("watching"));
        const players = [eva, petr];
        for (let turn = 0; turn < 40 && !over(await status(eva)); turn++) {
          const page = await mover(players);
          const n = await moves(page);
          await (await page.$$(".square.legal"))[0].click();
          await allAt([eva, petr, watcher], n + 1).catch(() => allAt([eva, petr, watcher], n + 2));
        }
        for (const page of [eva, petr, watcher]) {
          await page.waitForFunction(() => /wins|drawn/.test(document.querySelector("[data-testid=online-status]").textContent));
        }
        const fromA = await serverView(eva, id);
        const fromB = await serverView(petr, id);
        assert(JSON.stringify(fromA.moves) === JSON.stringify(fromB.moves) && fromA.moves.length > 0, `${fromA.moves} / ${fromB.moves}`);
        assert(JSON.stringify(fromA.brief.status) === JSON.stringify(fromB.brief.status), JSON.stringify([fromA.brief.status, fromB.brief.status]));
        assert((await status(eva)).split(".")[0] === (await status(petr)).split(".")[0], `${await status(eva)} / ${await status(petr)}`);
        for (const page of [eva, petr, watcher]) assert(page.errors.length === 0, page.errors.join("\n"));
      } finally {
        for (const instance of instances) await instance.stop();
        await postgres.stop();
      }
    },

    "seed 004's completion chosen in the dialog is the game's": async () => {
      const [eva] = await pair("#/othello", { completes: true });
      const view = await eva.evaluate(async (id) => (await fetch(`/api/v1/games/${id}`)).json(), gameId(eva));
      assert(view.setup.timing.kind === "live" && view.setup.timing.completes === true, JSON.stringify(view.setup));
      const plain = await open("#/nim");
      await plain.click("[data-testid=play-online]");
      await plain.waitForSelector("[data-testid=online-create]");
      assert(!(await plain.$("[data-testid=online-completes]")), "no completion for a take-away game");
      for (const page of [eva, plain]) assert(page.errors.length === 0, page.errors.join("\n"));
    },
  });
} finally {
  await closeAll({ browser, server, hosts: [host], folders: [state] });
}
process.exit(failed ? 1 : 0);
