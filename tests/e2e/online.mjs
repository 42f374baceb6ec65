// End-to-end tests of online play (issue 28) through the real server:
// `serve` with a fresh SQLite state on a free port serving dist/; two
// browser contexts as the two players and a third as a watcher.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveSite, root, launchBrowser, freshPage, run, assert, shot, spoken } from "./browser.mjs";

const state = mkdtempSync(join(tmpdir(), "mind-sports-online-"));
const server = await serveSite(process.env.DIST ?? join(root, "dist"), 0, ["--state", state]);
const url = server.url;
const browser = await launchBrowser();

const PHONE = { width: 360, height: 780 };

/** Opens `fragment` in a fresh context (its own storage). */
async function open(fragment, viewport) {
  const page = await freshPage(browser, viewport);
  if (process.env.DEBUG_WS) {
    page.on("websocket", (ws) => {
      ws.on("framesent", (f) => console.log("sent", fragment.slice(0, 30), f.payload));
      ws.on("framereceived", (f) => console.log("got ", fragment.slice(0, 30), String(f.payload).slice(0, 300)));
    });
  }
  await page.goto(url + fragment);
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
async function create(page, { name, colour, correspondence, isPublic }) {
  await page.click("[data-testid=play-online]");
  await page.waitForSelector("[data-testid=online-create]");
  await page.fill("[data-testid=online-create] [data-testid=online-name]", name);
  await page.check(`#online-colour-${colour}`);
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

      // My online games on the home page: the game, over.
      await anna.goto(url + "#/");
      await anna.waitForSelector("[data-testid=my-game]");
      await anna.waitForFunction(() => document.querySelector("[data-testid=my-game]").textContent.includes("over"));
      await shot(anna, "online-my-games");
      for (const page of players) assert(page.errors.length === 0, page.errors.join("\n"));
    },
  });
} finally {
  await browser.close();
  await server.stop();
  rmSync(state, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
