// Times the page's analysis with N search workers (issue 30): the built
// site (dist/, after `trunk build --release`) served on loopback, in
// headless Chromium; for each FFO endgame (pasted), the Othello page's
// hints solve every move exactly (the test hook `solveScoresWithin`),
// timed from the click to the exact result, with each worker count in
// turn (one page each, its workers loaded first; their tables are kept
// from one position to the next, as on the page).
// Usage: node tests/bench/pool.mjs [--ffo FIRST-LAST] [--workers 1,2] [--json]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { serveDist, launchBrowser, freshPage, paste, root } from "../e2e/browser.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const [first, last] = option("--ffo", "40-49").split("-").map(Number);
const counts = option("--workers", "1,2").split(",").map(Number);

/** FFO #`number`: the board as the page's link takes it, and the suite's best score. */
function ffo(number) {
  const line = readFileSync(`${root}/tests/data/ffo/ffo-40-59.obf`, "utf8").split("\n")[number - 40];
  const [board, side] = line.split(";")[0].trim().split(/\s+/);
  const best = Number(line.split(";")[1].split(":")[1]);
  return { start: `${board} ${side}`, best };
}

const server = await serveDist();
const browser = await launchBrowser();
const load = () => loadavg().map((l) => l.toFixed(2)).join(" ");
console.log(`load average at the start: ${load()}`);
const results = {};
try {
  for (const workers of counts) {
    results[workers] = [];
    // One page per worker count; its workers loaded (the start position's
    // hints, four moves) before anything is timed.
    const page = await freshPage(browser);
    await page.addInitScript((n) => localStorage.setItem("mind-sports.search-workers", n), String(workers));
    await page.goto(`${server.url}?test-hooks#/othello?black=human&white=human`);
    await page.waitForSelector(".board .square");
    await page.click("button.hints");
    await page.waitForFunction(() => document.querySelectorAll(".hint").length === 4, null, { timeout: 60000 });
    await page.waitForFunction((n) => document.documentElement.dataset.searchWorkers === n, String(Math.min(workers, 4)));
    await page.click("button.hints");
    await page.evaluate(() => window.mindSportsTest.solveScoresWithin(1800000));
    for (let number = first; number <= last; number++) {
      const { start, best } = ffo(number);
      await paste(page, start);
      await page.waitForFunction((b) => document.querySelector("[data-testid=board-string]").value.replace(/\s/g, "") === b,
        start.replace(/\s/g, ""));
      const started = Date.now();
      await page.click("button.hints");
      await page.waitForFunction(
        () => /exact/.test(document.querySelector("[data-testid=thinking]")?.textContent ?? ""),
        null, { timeout: 1800000, polling: 50 });
      const seconds = (Date.now() - started) / 1000;
      const bestHint = await page.textContent(".square .hint.best");
      const answered = await page.evaluate(() => document.documentElement.dataset.searchWorkers);
      const correct = Number(bestHint) === best;
      results[workers].push({ number, best: bestHint, correct, seconds, answered: Number(answered) });
      console.log(`${workers} worker(s), FFO #${number}: best ${bestHint} (${correct ? "ok" : "WRONG"}), ` +
        `${answered} answered, ${seconds.toFixed(2)} s`);
      if (!correct) process.exitCode = 1;
      await page.click("button.hints");
    }
    await page.context().close();
    const total = results[workers].reduce((sum, r) => sum + r.seconds, 0);
    console.log(`${workers} worker(s), FFO #${first}-#${last}: ${total.toFixed(1)} s (load average now ${load()})`);
  }
  if (counts.length > 1) {
    const total = (w) => results[w].reduce((sum, r) => sum + r.seconds, 0);
    const base = counts[0];
    for (const w of counts.slice(1)) {
      console.log(`wall-time ratio ${base} worker(s) / ${w}: ${(total(base) / total(w)).toFixed(2)}`);
    }
  }
  if (args.includes("--json")) console.log(JSON.stringify(results));
} finally {
  await browser.close();
  server.stop();
}
