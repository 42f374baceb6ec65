// End-to-end tests of the learning pages (their own module, learn.js) in
// the served release build, by keyboard only: a lesson of each game (the
// club's all-legal-moves example, a capture diagram of the book, P or N),
// a puzzle, hints, wrong tries, stars and progress kept across a reload,
// and a teacher's set whose result code the results page reads.
// Screenshots of a lesson per game at 1280 and 360 px in each language go
// to docs/screenshots/issue-15/.
import { readFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { serveDist, launchBrowser, freshPage, run, assert, root } from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();
const course = JSON.parse(readFileSync(join(root, "dist", "learn", "lessons.json"), "utf8"));
const lesson = (id) => course.flatMap(([, stage]) => stage.lessons).find((l) => l.id === id);
const puzzles = JSON.parse(readFileSync(join(root, "dist", "learn", "puzzles.json"), "utf8")).puzzles;
const screenshots = join(root, "docs", "screenshots", "issue-15");
mkdirSync(screenshots, { recursive: true });

/** Presses `key` until the focused element matches `selector`. */
async function tabTo(page, selector, key = "Tab", most = 80) {
  for (let i = 0; i < most; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`no focus on ${selector} after ${most} presses of ${key}`);
}

/** Column and row of a square's name (`b3` → [1, 2]). */
const coords = (name) => [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];

/** Moves the board's cursor (focus on a square) to `name` with the arrow
 *  keys and presses Enter. */
async function pickSquare(page, name) {
  await tabTo(page, ".lesson-board .square");
  const at = await page.evaluate(() => document.activeElement.dataset.square);
  const [c0, r0] = coords(at);
  const [c1, r1] = coords(name);
  for (let i = 0; i < Math.abs(c1 - c0); i++) await page.keyboard.press(c1 > c0 ? "ArrowRight" : "ArrowLeft");
  for (let i = 0; i < Math.abs(r1 - r0); i++) await page.keyboard.press(r1 > r0 ? "ArrowDown" : "ArrowUp");
  const now = await page.evaluate(() => document.activeElement.dataset.square);
  assert(now === name, `the cursor is on ${now}, not ${name}`);
  await page.keyboard.press("Enter");
}

/** Wins a game of Nim heaps by leaving a nim-sum of 0 after every take. */
async function winNim(page) {
  for (let turn = 0; turn < 40 && !(await page.$("[data-testid=solved]")); turn++) {
    const sizes = await page.$$eval(".heaps .heap", (hs) => hs.map((h) => h.querySelectorAll(".token").length));
    const sum = sizes.reduce((a, b) => a ^ b, 0);
    const heap = sizes.findIndex((h) => (h ^ sum) < h);
    assert(heap >= 0, `no winning move in ${sizes}`);
    const take = sizes[heap] - (sizes[heap] ^ sum);
    const tokens = await page.$$(`.heaps .heap >> nth=${heap} >> .token`);
    await tokens[sizes[heap] - take].click();
  }
}

const feedback = (page) => page.textContent("[data-testid=feedback]");

async function open(fragment, lang = "en", viewport) {
  const page = await freshPage(browser, viewport);
  await page.addInitScript((lang) => {
    if (!sessionStorage.getItem("lang-set")) {
      localStorage.setItem("mind-sports.lang", lang);
      sessionStorage.setItem("lang-set", "1");
    }
  }, lang);
  await page.goto(server.url + fragment);
  return page;
}

let failed = 1;
try {
  failed = await run({
    "the first load does not fetch the learning module; a learning page does": async () => {
      const page = await freshPage(browser);
      const fetched = [];
      page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
      await page.goto(server.url);
      await page.waitForSelector(".game-card");
      await page.waitForTimeout(300);
      assert(!fetched.some((p) => /learn/.test(p)), `home fetched ${fetched.join(" ")}`);
      await page.click("a[href='#/learn']");
      await page.waitForSelector(".learn-card h2 a");
      assert(fetched.includes("/learn.js") && fetched.includes("/learn/lessons.json"), fetched.join(" "));
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "the club's example by keyboard: a wrong try, a hint, all nine moves, stars kept across a reload": async () => {
      const id = "othello-2-1";
      const page = await open(`#/learn/othello/${id}`);
      await page.waitForSelector(".lesson-board .square");
      // A wrong square first: it is explained.
      await pickSquare(page, "a1");
      assert((await feedback(page)).includes("a1 would flip nothing"), await feedback(page));
      // A hint: the ladder's first text.
      await tabTo(page, "[data-testid=hint]");
      await page.keyboard.press("Enter");
      await page.waitForSelector(".hints li");
      const answer = lesson(id).answer;
      for (const [i, square] of answer.entries()) {
        await pickSquare(page, square);
        const said = await feedback(page);
        if (i + 1 < answer.length) assert(said.includes(`Found ${i + 1} of ${answer.length}`), said);
      }
      await page.waitForSelector("[data-testid=solved]");
      const stars = await page.getAttribute("[data-testid=solved] .stars", "aria-label");
      // One hint and one wrong try (par 2): two stars.
      assert(stars === "2 stars", stars);
      assert((await page.textContent("[data-testid=learn-live]")).includes("Right!"), "announced");
      await page.reload();
      await page.goto(server.url + "#/learn/othello");
      await page.waitForSelector(".stage");
      const kept = await page.getAttribute(`a[href='#/learn/othello/${id}'] + .stars`, "aria-label");
      assert(kept === "2 stars", `kept: ${kept}`);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a capture diagram of the book by keyboard: a non-capture refused, then the capture": async () => {
      const page = await open("#/learn/opok/opok-2-1");
      await page.waitForSelector(".lesson-board .square");
      // Lift 1 from a1 and walk to a2: legal, but it captures nothing.
      await pickSquare(page, "a1");
      await page.waitForSelector("[data-testid=lift]");
      await pickSquare(page, "a2");
      assert((await feedback(page)).includes("captures nothing"), await feedback(page));
      // Lift 2 and land on a3, under the square on b3.
      await pickSquare(page, "a1");
      await tabTo(page, ".lift-picker button:last-of-type");
      await page.keyboard.press("Enter");
      assert((await page.textContent("[data-testid=lift]")) === "2", "two pieces lifted");
      await tabTo(page, ".lesson-board .square", "Shift+Tab");
      await pickSquare(page, "a3");
      await page.waitForSelector("[data-testid=solved]");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "P or N by keyboard, and the next lesson": async () => {
      const page = await open("#/learn/nim/nim-1-1");
      await page.waitForSelector("[data-testid=answer-n]");
      await tabTo(page, "[data-testid=answer-n]");
      await page.keyboard.press("Enter");
      assert((await feedback(page)).startsWith("Not right."), await feedback(page));
      await tabTo(page, "[data-testid=answer-p]", "Shift+Tab");
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-testid=solved]");
      await tabTo(page, "[data-testid=next]");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => location.hash === "#/learn/nim/nim-1-2");
      await page.waitForSelector("[data-testid=check-sum]");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "start again shows the position under another symmetry, with the answer moved with it": async () => {
      const page = await open("#/learn/othello/othello-1-1");
      await page.waitForSelector(".lesson-board .square");
      const board = () => page.$$eval(".lesson-board .square", (s) => s.map((b) => b.querySelector(".disc")?.className ?? "-").join(","));
      const before = await board();
      let changed = false;
      for (let i = 0; i < 6 && !changed; i++) {
        await page.click("text=Start again");
        changed = (await board()) !== before;
      }
      assert(changed, "the board never changed");
      // Still four legal moves, wherever they are now.
      const legal = await page.$$eval(".lesson-board .square", (s) => s.length);
      assert(legal === 64, "a full board");
    },

    "a puzzle by keyboard: a hint, the answer, the rating moves and is kept": async () => {
      const puzzle = puzzles[0];
      const page = await open(`#/puzzles/${puzzle.id}`);
      await page.waitForSelector(".lesson-board .square");
      await tabTo(page, "[data-testid=hint]");
      await page.keyboard.press("Enter");
      await page.waitForSelector(".square.shown");
      await pickSquare(page, puzzle.solution[0]);
      await page.waitForSelector("[data-testid=solution]");
      const rating = async () => Number((await page.textContent(".rating")).match(/Your puzzle rating: (\d+)/)[1]);
      const after = await rating();
      // A hint counts as a miss: the rating falls.
      assert(after < 1500, `rating ${after}`);
      await page.goto(server.url + "#/puzzles");
      await page.reload();
      await page.waitForSelector("[data-testid=learner-rating]");
      const kept = Number((await page.textContent("[data-testid=learner-rating]")).match(/(\d+)/)[1]);
      assert(kept === after, `kept ${kept}, was ${after}`);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a teacher's set: the link, the learner's result code, the class table": async () => {
      const page = await open("#/learn/teacher");
      await page.waitForSelector("[data-testid=make-set]");
      await page.click("summary >> nth=2");
      await page.check("[data-lesson='nim-1-1']");
      await page.fill("[data-testid=set-name]", "Class 4B");
      await page.fill("[data-testid=set-puzzles]", "1");
      await page.click("[data-testid=make-set]");
      const link = await page.inputValue("[data-testid=set-link]");
      assert(link.includes("#/learn/set?") && link.includes("nim-1-1") && link.includes(puzzles[0].id), link);
      // The learner solves the lesson, then asks for a code.
      await page.goto(server.url + "#/learn/nim/nim-1-1");
      await page.waitForSelector("[data-testid=answer-p]");
      await page.click("[data-testid=answer-p]");
      await page.goto(link);
      await page.waitForSelector("[data-testid=learner-name]");
      await tabTo(page, "[data-testid=learner-name]");
      await page.keyboard.type("Anna");
      await page.keyboard.press("Enter");
      const code = await page.inputValue("[data-testid=result-code]");
      assert(/^MS1-/.test(code), code);
      // The teacher reads it (and a mistyped one).
      await page.goto(link.replace("#/learn/set?", "#/learn/results?"));
      await page.waitForSelector("[data-testid=codes]");
      await page.fill("[data-testid=codes]", `${code}\n${code.slice(0, -1)}X`);
      await page.click("[data-testid=show-table]");
      const row = await page.textContent("[data-testid=class-table] tbody tr");
      assert(row.includes("Anna") && row.includes("✓"), row);
      assert((await page.$$("[data-testid=refused] li")).length === 1, "the mistyped code is refused");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "progress saved to a file, reset after a confirmation, and loaded back": async () => {
      const page = await open("#/learn/nim/nim-1-1");
      await page.waitForSelector("[data-testid=answer-p]");
      await page.click("[data-testid=answer-p]");
      await page.waitForSelector("[data-testid=solved]");
      await page.goto(server.url + "#/learn");
      await page.waitForSelector(".learn-progress button");
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Save progress to a file")]);
      const saved = readFileSync(await download.path(), "utf8");
      assert(JSON.parse(saved).lessons["nim-1-1"] === 3, saved);
      // Reset: refused once, then confirmed.
      page.once("dialog", (d) => d.dismiss());
      await page.click("[data-testid=reset-progress]");
      assert((await page.evaluate(() => localStorage.getItem("mind-sports.progress"))).includes("nim-1-1"), "kept after cancel");
      page.once("dialog", (d) => d.accept());
      await page.click("[data-testid=reset-progress]");
      await page.waitForSelector("text=Progress reset.");
      assert(!(await page.evaluate(() => localStorage.getItem("mind-sports.progress"))).includes("nim-1-1"), "reset");
      // A damaged file is refused with the reason; the saved one loads.
      await page.setInputFiles(".learn-progress input[type=file]", { name: "bad.json", mimeType: "application/json", buffer: Buffer.from("{\"version\": 9") });
      await page.waitForSelector("text=not a progress file");
      await page.setInputFiles(".learn-progress input[type=file]", { name: "p.json", mimeType: "application/json", buffer: Buffer.from(saved) });
      await page.waitForSelector("text=Progress loaded.");
      await page.goto(server.url + "#/learn/nim");
      await page.waitForSelector(".stage");
      const stars = await page.getAttribute("a[href='#/learn/nim/nim-1-1'] + .stars", "aria-label");
      assert(stars === "3 stars", stars);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a Grundy table: the wrong cells are marked, then the right table passes": async () => {
      const page = await open("#/learn/nim/nim-1-5");
      await page.waitForSelector("[data-testid=g0]");
      const values = lesson("nim-1-5").answer[0].split(",");
      for (const [n, v] of values.entries()) await page.fill(`[data-testid=g${n}]`, n === 3 ? "7" : v);
      await page.press("[data-testid=g0]", "Enter");
      await page.waitForSelector(".wrong-cell [data-testid=g3]");
      assert((await page.$$(".wrong-cell")).length === 1, "one wrong cell marked");
      await page.fill("[data-testid=g3]", values[3]);
      await page.press("[data-testid=g3]", "Enter");
      await page.waitForSelector("[data-testid=solved]");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a nim-sum added in binary, column by column, the wrong column marked": async () => {
      const page = await open("#/learn/nim/nim-1-2");
      await page.waitForSelector("[data-testid=check-sum]");
      const values = await page.$$eval(".binary-sum tbody tr:not(.sum-row) th", (l) => l.map((x) => Number(x.textContent)));
      const sum = values.reduce((a, b) => a ^ b, 0);
      assert(String(sum) === lesson("nim-1-2").answer[0], `${values} → ${sum}`);
      // Every column right but the last (bit 0), then that one fixed by
      // keyboard (Tab to its switch, Enter).
      for (let b = 0; b < 8; b++) {
        const on = ((sum >> b) & 1) === 1;
        const want = b === 0 ? !on : on;
        if (want && (await page.$(`[data-testid=bit${b}]`))) await page.click(`[data-testid=bit${b}]`);
      }
      await page.click("[data-testid=check-sum]");
      await page.waitForSelector(".binary-sum .wrong-cell [data-testid=bit0]");
      assert((await page.$$(".binary-sum .wrong-cell")).length === 1, "one wrong column");
      await tabTo(page, "[data-testid=bit0]");
      await page.keyboard.press("Enter");
      await page.click("[data-testid=check-sum]");
      await page.waitForSelector("[data-testid=solved]");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a game against the perfect take-away player, won with the nim-sum": async () => {
      const page = await open("#/learn/nim/nim-1-6");
      await page.waitForSelector(".heaps .heap");
      await winNim(page);
      await page.waitForSelector("[data-testid=solved]");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "an Othello endgame played out against perfect replies, with the answer shown": async () => {
      const page = await open("#/learn/othello/othello-5-5");
      await page.waitForSelector(".lesson-board .square");
      // A losing move first: the game is lost and starts again.
      while (await page.$("[data-testid=hint]:not([disabled])")) {
        if ((await page.textContent("[data-testid=hint]")).includes("Show the answer")) {
          await page.click("[data-testid=hint]");
          break;
        }
        await page.click("[data-testid=hint]");
      }
      for (let turn = 0; turn < 10 && !(await page.$("[data-testid=solved]")); turn++) {
        const marked = await page.$(".lesson-board .square.marked");
        assert(marked, "the perfect move is shown");
        await marked.click();
      }
      await page.waitForSelector("[data-testid=solved]");
      const said = await page.textContent("[data-testid=feedback]");
      assert(said.includes("Right!"), said);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a corner lesson played against the replies that hold the corner off": async () => {
      const page = await open("#/learn/othello/othello-4-2");
      await page.waitForSelector(".lesson-board .square");
      // A move that gives the corner up loses the try and starts again.
      const answer = lesson("othello-4-2").answer;
      const start = await page.$$eval(".lesson-board .disc", (d) => d.length);
      const squares = await page.$$eval(".lesson-board .square", (s) => s.map((b) => b.dataset.square));
      let lost = false;
      for (const square of squares.filter((s) => !answer.includes(s) && !["a1", "h1", "a8", "h8"].includes(s))) {
        await page.click(`[data-square="${square}"]`);
        const said = await feedback(page);
        if (said.includes("keep you out of the corners")) {
          lost = true;
          break;
        }
      }
      assert(lost, "a move that gives the corner up is refused");
      assert((await page.$$eval(".lesson-board .disc", (d) => d.length)) === start, "the lesson starts again");
      // With the answer shown each turn, the corner comes in time.
      while (!(await page.textContent("[data-testid=hint]")).includes("Show the answer")) await page.click("[data-testid=hint]");
      await page.click("[data-testid=hint]");
      for (let turn = 0; turn < 6 && !(await page.$("[data-testid=solved]")); turn++) {
        const marked = await page.$(".lesson-board .square.marked");
        assert(marked, "a forcing move is shown");
        await marked.click();
      }
      await page.waitForSelector("[data-testid=solved]");
      assert(start > 0, "a board");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "scripted replies and a computer level answer the learner": async () => {
      // othello-4-5: White's reply is set (b2, the X-square); its first try
      // is shown as written.
      let page = await open("#/learn/othello/othello-4-5");
      await page.waitForSelector(".lesson-board .square");
      assert(JSON.stringify(lesson("othello-4-5").opponent) === JSON.stringify({ replies: ["b2"] }), "the lesson's script");
      await pickSquare(page, "a3");
      await page.waitForFunction(() => document.querySelector("[data-testid=feedback]")?.textContent.includes("a3 → b2"));
      await pickSquare(page, "a1");
      await page.waitForSelector("[data-testid=solved]");
      assert((await feedback(page)).includes("whole diagonal"), await feedback(page));
      assert(page.errors.length === 0, page.errors.join("\n"));
      await page.close();
      // nim-1-7: the computer at level 3; the nim-sum wins whatever it takes.
      page = await open("#/learn/nim/nim-1-7");
      await page.waitForSelector(".heaps .heap");
      await winNim(page);
      await page.waitForSelector("[data-testid=solved]");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a bad set link and an unknown lesson are explained": async () => {
      const page = await open("#/learn/set?i=NOT%ZZ");
      await page.waitForSelector("[role=alert]");
      await page.goto(server.url + "#/learn/othello/othello-99-9");
      await page.waitForSelector("text=There is no such lesson or puzzle.");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "screenshots: a lesson per game at 1280 and 360 px in each language": async () => {
      for (const lang of ["en", "cs", "ru"]) {
        for (const width of [1280, 360]) {
          for (const id of ["othello-2-1", "opok-2-1", "nim-1-3"]) {
            const game = id.split("-")[0];
            const page = await open(`#/learn/${game}/${id}`, lang, { width, height: 900 });
            await page.waitForSelector(".lesson-play");
            await page.waitForTimeout(100);
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
            assert(overflow <= 0, `${id} ${lang} ${width}: ${overflow} px too wide`);
            await page.screenshot({ path: join(screenshots, `${id}-${lang}-${width}.png`), fullPage: true });
            await page.context().close();
          }
        }
      }
    },
  });
} finally {
  await browser.close();
  server.stop();
}
process.exit(failed ? 1 : 0);
