// End-to-end: play Othello against the computer in the served release build.
import { serveDist, launch, run, assert, artifacts } from "./browser.mjs";
import { join } from "node:path";

const server = await serveDist();
const context = await launch();

async function openGame() {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(server.url);
  await page.waitForSelector(".board .square");
  return { page, errors };
}

const count = async (page, color) =>
  Number((await page.textContent(`[data-testid=${color}-count]`)).replace(/\D/g, ""));

async function waitForHumanTurn(page) {
  await page.waitForFunction(
    () => document.querySelector(".square.legal") || document.querySelector(".result") || document.querySelector("button.pass"),
    null,
    { timeout: 20000 },
  );
}

let failed = 1;
try {
  failed = await run({
    "the start position is shown with four legal moves": async () => {
      const { page, errors } = await openGame();
      assert((await page.$$(".board .square")).length === 64, "64 squares");
      const legal = await page.$$eval(".square.legal", (els) => els.map((e) => e.dataset.square).sort());
      assert(JSON.stringify(legal) === JSON.stringify(["c4", "d3", "e6", "f5"]), `legal moves ${legal}`);
      assert((await count(page, "black")) === 2 && (await count(page, "white")) === 2, "2–2");
      const label = await page.getAttribute("[data-square=d3]", "aria-label");
      assert(label === "d3, empty, legal move", `label ${label}`);
      assert(errors.length === 0, errors.join("\n"));
      await page.close();
    },

    "a few moves against the computer, answered by the worker": async () => {
      const { page, errors } = await openGame();
      for (let move = 0; move < 4; move++) {
        await waitForHumanTurn(page);
        const legal = await page.$$(".square.legal");
        if (legal.length === 0) break;
        const before = (await page.textContent("[data-testid=moves]")).trim().split(/\s+/).filter(Boolean).length;
        await legal[0].click();
        // The computer answers: two more moves in the list.
        await page.waitForFunction(
          (n) => document.querySelector("[data-testid=moves]").textContent.trim().split(/\s+/).filter(Boolean).length >= n + 2 ||
            document.querySelector(".result"),
          before,
          { timeout: 20000 },
        );
      }
      const moves = (await page.textContent("[data-testid=moves]")).trim().split(/\s+/);
      assert(moves.length >= 8, `moves played: ${moves}`);
      const total = (await count(page, "black")) + (await count(page, "white"));
      assert(total === 4 + moves.length, `discs ${total} after ${moves.length} moves`);
      assert((await page.$$(".square.last")).length === 1, "last move marked");
      await page.screenshot({ path: join(artifacts, "othello-desktop.png") });
      assert(errors.length === 0, errors.join("\n"));
      await page.close();
    },
  });
} finally {
  await context.close();
  server.stop();
}
process.exit(failed ? 1 : 0);
