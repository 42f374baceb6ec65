// End-to-end tests of the take-away games page in the served release build.
import { serveDist, launchBrowser, freshPage, run, assert, moveCount, spoken, shot, paste, closeAll } from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();

async function open(fragment, viewport) {
  const page = await freshPage(browser, viewport);
  await page.goto(server.url + fragment);
  await page.waitForSelector(".heaps .heap");
  return page;
}

const legalTokens = (page) => page.$$(".token:not(.illegal)");

let failed = 1;
try {
  failed = await run({
    "the perfect computer wins from an N-position": async () => {
      const page = await open("#/nim?start=nim:3+nim:4+nim:5&first=c7&second=human");
      for (let turn = 0; turn < 20; turn++) {
        await page.waitForFunction(
          () => document.querySelector(".result") || document.querySelector(".turn:not(.thinking)"),
          null,
          { timeout: 20000 },
        );
        if (await page.$(".result")) break;
        const before = await moveCount(page);
        const tokens = await legalTokens(page);
        await tokens[tokens.length - 1].click();
        await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before);
      }
      // The person played the computer: told so, not by turn.
      const result = await page.textContent(".result");
      assert(result.includes("The computer wins"), result);
      assert((await spoken(page, (t) => t.includes("The computer wins"))).includes("The computer wins"), "announced");
      await shot(page, "nim-game-over");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "each rule's illegal amounts are greyed and refused with the reason": async () => {
      const cases = [
        ["half:9", [5, 6, 7, 8, 9], "Half: at most 4 from 9."],
        ["dim:12", [5, 7, 8, 9, 10, 11], "Dim: 5 does not divide 12."],
        ["aliquot:12", [5, 7, 8, 9, 10, 11, 12], "Aliquot: 5 does not divide 12."],
        ["evenodd:9", [1, 3, 5, 7], "Even/Odd: an odd amount only when it is the whole (odd) heap."],
        ["sub{1,3,4}:10", [2, 5, 6, 7, 8, 9, 10], "Subtraction {1, 3, 4}: 2 is not in {1, 3, 4}."],
      ];
      for (const [heap, illegal, firstReason] of cases) {
        const page = await open(`#/nim?start=${heap}&second=human`);
        const greyed = await page.$$eval(".token.illegal", (els) => els.map((e) => Number(e.dataset.take)).sort((a, b) => a - b));
        assert(JSON.stringify(greyed) === JSON.stringify(illegal), `${heap}: illegal ${greyed}`);
        const first = Math.min(...illegal);
        const token = `.token[data-take='${first}']`;
        assert((await page.getAttribute(token, "title")) === firstReason, `${heap}: ${await page.getAttribute(token, "title")}`);
        assert((await page.getAttribute(token, "aria-label")).endsWith(firstReason), "the reason is read out");
        await page.click(token, { force: true });
        assert((await moveCount(page)) === 0, `${heap}: refused`);
        // Typed in as a record it is refused with the same reason.
        await paste(page, `1:${first}`);
        assert((await page.textContent("[data-testid=notice]")).includes(firstReason), "record refused");
        await page.context().close();
      }
    },

    "misère play changes the winner of (1, 1)": async () => {
      for (const [misere, winner] of [["0", "Second player wins"], ["1", "First player wins"]]) {
        const page = await open(`#/nim?start=nim:1+nim:1&misere=${misere}&first=human&second=human`);
        const outcome = await page.textContent("[data-testid=outcome]");
        assert(outcome.startsWith(misere === "1" ? "N" : "P"), outcome);
        await page.click(".heap[data-heap='0'] .token");
        await page.click(".heap[data-heap='1'] .token");
        assert((await page.textContent(".result")).includes(winner), `misère=${misere}`);
      }
    },

    "the theory panel for (11, 5, 12, 20)": async () => {
      const page = await open("#/nim?start=nim:11+nim:5+nim:12+nim:20&second=human");
      for (const [i, g] of [[0, 11], [1, 5], [2, 12], [3, 20]]) {
        assert((await page.textContent(`[data-testid=grundy-${i}]`)) === `g = ${g}`, `g of heap ${i}`);
      }
      const rows = await page.$$eval("[data-testid=nimsum-table] tr", (trs) =>
        trs.map((tr) => tr.textContent));
      assert(rows[rows.length - 1] === "2210110", `nim-sum row ${rows[rows.length - 1]}`);
      const odd = await page.$$eval("[data-testid=nimsum-table] tr.sum td.odd", (tds) => tds.length);
      assert(odd === 3, "three odd columns");
      assert((await page.textContent("[data-testid=outcome]")).startsWith("N"), "N-position");
      await page.click("button.show-me");
      assert((await page.textContent("[data-testid=winning-moves]")) === "Winning moves: 4:18", "only 18 from the heap of 20");
      assert((await page.$$(".token.winning")).length === 1, "highlighted on the heap");
      await page.click(".strip-cell[data-n='6']");
      assert((await page.textContent("[data-testid=mex]")).includes("The smallest value not reached is 6."), "mex spelled out");
      await shot(page, "nim-theory");
    },

    "heaps are numbered from 1 in the move list, the result, links and the autosave; old ones still read": async () => {
      // A share link written before heaps were numbered from 1 (no v=2):
      // the computer took 18 from the fourth heap first.
      const old = "#/nim?first=c7&second=human&start=nim:11+nim:5+nim:12+nim:20&moves=3:18,0:11,2:5,1:5,2:5,2:2,3:2";
      const labels = (page) => page.$$eval("[data-testid=moves] li", (items) => items.map((li) => li.textContent.replace(/^\d+\.\s*/, "")));
      const line = ["4:18", "1:11", "3:5", "2:5", "3:5", "3:2", "4:2"];
      const sameGame = async (page, what) => {
        await page.waitForSelector(".result");
        assert(JSON.stringify(await labels(page)) === JSON.stringify(line), `${what}: ${await labels(page)}`);
        const result = await page.textContent(".result");
        assert(result.includes("Game over. The computer wins."), `${what}: ${result}`);
      };
      const page = await open(old);
      await sameGame(page, "the old link");
      assert((await page.textContent("[data-testid=transcript]")) === line.join(" "), "the record copied");
      await page.dispatchEvent("[data-testid=share-link]", "pointerdown");
      const href = await page.getAttribute("[data-testid=share-link]", "href");
      assert(href.includes("v=2&") && href.includes("moves=4:18,1:11,3:5,2:5,3:5,3:2,4:2"), href);
      const copy = await open(href.slice(server.url.length));
      await sameGame(copy, "the new link");
      await copy.reload();
      await sameGame(copy, "the autosave");
      const saved = await copy.evaluate(() => localStorage.getItem("mind-sports.nim.game"));
      assert(saved.includes('"moves":["4:18,1:11,3:5,2:5,3:5,3:2,4:2"]') && saved.includes('"moves_version":2'), saved);
      // An autosave written before: heaps from 0, no moves_version.
      const oldSave = saved.replace("4:18,1:11,3:5,2:5,3:5,3:2,4:2", "3:18,0:11,2:5,1:5,2:5,2:2,3:2").replace(',"moves_version":2', "");
      assert(oldSave !== saved && !oldSave.includes("moves_version"), oldSave);
      const restored = await freshPage(browser);
      await restored.addInitScript((text) => localStorage.setItem("mind-sports.nim.game", text), oldSave);
      await restored.goto(server.url + "#/nim");
      await sameGame(restored, "the old autosave");
      // Two people are told the winner by turn.
      const people = await open(old.replace("first=c7", "first=human"));
      assert((await people.textContent(".result")).includes("Game over. First player wins."), "two people");
      assert(page.errors.length === 0 && copy.errors.length === 0, [...page.errors, ...copy.errors].join("\n"));
    },

    "a misère sum of six small components is decided by the worker; a too large one says so in time": async () => {
      const six = "nim:8+dim:8+aliquot:8+evenodd:8+half:8+sub{1,3,4}:8";
      const page = await open(`#/nim?v=2&misere=1&first=human&second=human&start=${six}`);
      const started = Date.now();
      await page.waitForSelector("[data-testid=outcome], .theory .notice", { timeout: 10000 });
      const decided = Date.now() - started;
      assert(!(await page.$(".theory .notice")), await page.textContent(".theory"));
      assert((await page.textContent("[data-testid=outcome]")).startsWith("N"), "an N-position");
      await page.click("button.show-me");
      assert((await page.textContent("[data-testid=winning-moves]")) === "Winning moves: 1:7", await page.textContent("[data-testid=winning-moves]"));
      console.log(`  six components decided in the browser in ${decided} ms`);
      // 34 heaps of Half: too large, refused within the worker's time.
      const many = Array(34).fill("half:15").join("+") + "+dim:2";
      const large = await open(`#/nim?v=2&misere=1&first=human&second=human&start=${many}`);
      const asked = Date.now();
      await large.waitForSelector(".theory .notice", { timeout: 10000 });
      const refused = Date.now() - asked;
      assert((await large.textContent(".theory .notice")).includes("too large to decide exactly"), "refused");
      assert(!(await large.textContent("body")).includes("restarted"), "the worker was not replaced");
      console.log(`  34 heaps refused in the browser in ${refused} ms`);
      assert(page.errors.length === 0 && large.errors.length === 0, [...page.errors, ...large.errors].join("\n"));
    },

    "keyboard-only play": async () => {
      const page = await open("#/nim?start=nim:4+half:8&second=human");
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate(() => document.activeElement?.classList.contains("token"))) break;
      }
      const first = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
      assert(first === "Heap 1: take 1 of 4", first);
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("Enter");
      assert((await moveCount(page)) === 1, "took 2 from heap 1");
      {
        const said = await spoken(page, (t) => t.startsWith("First player took 2 from heap 1 (Nim); 2 tokens left."));
        assert(said.startsWith("First player took 2 from heap 1 (Nim); 2 tokens left."), said);
      }
      // Tab to the next heap and take 1 there.
      await page.focus(".heap[data-heap='1'] .token[tabindex='0']");
      await page.keyboard.press("Enter");
      assert((await moveCount(page)) === 2, "second move");
      await page.keyboard.press("u");
      assert((await moveCount(page)) === 2 && (await page.textContent(".move.current")).startsWith("1."), "undo");
      await page.keyboard.press("t");
      assert(!(await page.$(".theory")), "theory hidden with T");
    },

    "huge heaps use an amount field": async () => {
      const page = await open("#/nim?start=nim:1000000000000+half:999&second=human");
      await page.fill("#amount-1", "600");
      assert((await page.textContent(".big-heap .reason")).includes("Half: at most 499 from 999."), "reason shown");
      await page.fill("#amount-0", "999999999999");
      await page.click(".heap[data-heap='0'] button[type=submit]");
      assert((await page.textContent("[data-testid=heap-0]")) === "Heap 1, 1 token, Nim", "one left, in the singular");
    },

    "the new-game dialog builds a custom misère sum": async () => {
      const page = await open("#/nim?second=human");
      await page.click("button.new-game");
      await page.selectOption("#nim-preset", "custom");
      await page.check("#play-misere");
      await page.click("button.start-game");
      assert((await page.textContent(".convention")).includes("Misère"), "misère");
      assert((await page.$$(".heaps .heap")).length === 2, "the custom heaps");
      await page.waitForSelector("[data-testid=outcome]");
      await shot(page, "nim-misere");
    },

    "the rules page and a phone": async () => {
      const page = await open("#/nim", { width: 360, height: 740 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= 360, `no sideways scrolling (${width} px)`);
      await shot(page, "nim-phone");
      await page.goto(server.url + "#/nim/rules");
      await page.waitForSelector(".rules-table");
      assert((await page.$$(".rules-table tr")).length === 6, "six rules");
      await page.selectOption("#language", "ru");
      await page.waitForFunction(() => document.documentElement.lang === "ru");
      assert((await page.textContent("h1")) === "Ним и другие игры со взятием", "Russian rules page");
      await shot(page, "nim-rules-ru");
    },
  });
} finally {
  await closeAll({ browser, server });
}
process.exit(failed ? 1 : 0);
