// End-to-end tests of the learning pages (their own module, learn.js) in
// the served release build, by keyboard only: a lesson of each game (the
// club's all-legal-moves example, a capture diagram of the book, P or N),
// a puzzle, hints, wrong tries, stars and progress kept across a reload,
// and a teacher's set whose result code the results page reads; the first
// week's findings (issue 27, items 9-13, 23, 30).
// Screenshots of a lesson per game at 1280 and 360 px in each language go
// to tests/e2e/artifacts/ (ignored by git); with DOCS_SCREENSHOTS=1 they
// refresh the documentation's copies in docs/screenshots/issue-15/ instead,
// so that a test run never leaves the tree dirty.
import { readFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { serveDist, launchBrowser, freshPage, run, assert, root, artifacts, closeAll } from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();
const course = JSON.parse(readFileSync(join(root, "dist", "learn", "lessons-en.json"), "utf8"));
const lesson = (id) => course.flatMap(([, stage]) => stage.lessons).find((l) => l.id === id);
const puzzles = JSON.parse(readFileSync(join(root, "dist", "learn", "puzzles.json"), "utf8")).puzzles;
const screenshots = process.env.DOCS_SCREENSHOTS === "1" ? join(root, "docs", "screenshots", "issue-15") : join(artifacts, "learn");
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

/** Where symmetry `k` of an n×n board takes a square (as learn::transform
 *  does: bit 4 transposes, bit 1 mirrors the columns, bit 2 the rows). */
function mapName(k, name, n) {
  const [c, r] = coords(name);
  let [x, y] = k & 4 ? [r, c] : [c, r];
  if (k & 1) x = n - 1 - x;
  if (k & 2) y = n - 1 - y;
  return String.fromCharCode(97 + x) + (y + 1);
}

/** The discs of a lesson's board, square by square (a1, b1, …). */
const discs = (page) =>
  page.$$eval(".lesson-board .square", (s) => s.map((b) => b.querySelector(".disc")?.className.replace("disc ", "") ?? "-"));

/** The symmetry that takes the board `before` to `after`, or null. */
function symmetryBetween(before, after, n) {
  const names = before.map((_, i) => String.fromCharCode(97 + (i % n)) + (Math.floor(i / n) + 1));
  for (let k = 0; k < 8; k++) {
    if (names.every((name, i) => after[names.indexOf(mapName(k, name, n))] === before[i])) return k;
  }
  return null;
}

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
      assert(fetched.includes("/learn.js") && fetched.includes("/learn/lessons-en.json"), fetched.join(" "));
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a lesson comes in the reader's language only, and in another when the reader switches": async () => {
      const page = await freshPage(browser);
      const fetched = [];
      page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
      await page.goto(server.url + "#/learn/othello/othello-1-6");
      const stage = JSON.parse(readFileSync(join(root, "data", "lessons", "othello-1.json"), "utf8"));
      const title = stage.lessons.find((l) => l.id === "othello-1-6").title;
      const heading = () => page.textContent(".lesson-number + h1");
      await page.waitForFunction((en) => document.querySelector(".lesson-number + h1")?.textContent === en, title.en);
      const courses = () => fetched.filter((p) => p.startsWith("/learn/lessons"));
      assert(courses().join() === "/learn/lessons-en.json", courses().join());
      await page.selectOption("#language", "cs");
      await page.waitForFunction((cs) => document.querySelector(".lesson-number + h1")?.textContent === cs, title.cs);
      assert(courses().join() === "/learn/lessons-en.json,/learn/lessons-cs.json", courses().join());
      await page.selectOption("#language", "en");
      await page.waitForFunction((en) => document.querySelector(".lesson-number + h1")?.textContent === en, title.en);
      assert((await heading()) === title.en, await heading());
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
      // One hint and one wrong try: one star (each costs one).
      assert(stars === "1 star", stars);
      assert((await page.textContent("[data-testid=learn-live]")).includes("Right!"), "announced");
      await page.reload();
      await page.goto(server.url + "#/learn/othello");
      await page.waitForSelector(".stage");
      const kept = await page.getAttribute(`a[href='#/learn/othello/${id}'] + .stars`, "aria-label");
      assert(kept === "1 star", `kept: ${kept}`);
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
      const before = await discs(page);
      let after = before;
      for (let i = 0; i < 6 && after.join() === before.join(); i++) {
        await page.click("[data-testid=start-again]");
        after = await discs(page);
      }
      assert(after.join() !== before.join(), "the board never changed");
      // The symmetry that turned the board turns the answer: the four
      // squares of the lesson, moved, solve it.
      const k = symmetryBetween(before, after, 8);
      assert(k !== null, "the new board is no symmetry of the old one");
      const moved = lesson("othello-1-1").answer.map((a) => mapName(k, a, 8));
      for (const square of moved) await page.click(`.lesson-board [data-square=${square}]`);
      await page.waitForSelector("[data-testid=solved]");
      assert((await page.$$(".lesson-board .mark-tried")).length === 0, "no moved answer was wrong");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "an Opok board is mirrored and take-away heaps reordered on a retry": async () => {
      let page = await open("#/learn/opok/opok-1-5");
      await page.waitForSelector(".lesson-board .square");
      const stacks = () => page.$$eval(".lesson-board .square", (s) => s.map((b) => b.querySelector(".stack")?.textContent ?? "-"));
      const before = await stacks();
      await page.click("[data-testid=start-again]");
      const after = await stacks();
      assert(after.join() !== before.join(), "the Opok board is the same");
      // Mirrored in the main diagonal: b1 is now a2, and a3, b2 now c1, b2.
      const at = (name) => { const [c, r] = coords(name); return r * 5 + c; };
      assert(after[at("a2")] === before[at("b1")] && after[at("b1")] === "-", `${after}`);
      assert((await page.textContent(".instruction")).includes("a2"), await page.textContent(".instruction"));
      for (const square of ["c1", "b2"]) await page.click(`.lesson-board [data-square=${square}]`);
      await page.waitForSelector("[data-testid=solved]");
      await page.close();
      page = await open("#/learn/nim/nim-1-3");
      await page.waitForSelector(".heaps .heap");
      const sizes = () => page.$$eval(".heaps .heap", (hs) => hs.map((h) => h.querySelectorAll(".token").length));
      assert((await sizes()).join() === "3,4,5", `${await sizes()}`);
      await page.click("[data-testid=start-again]");
      const order = await sizes();
      assert(order.join() !== "3,4,5" && [...order].sort().join() === "3,4,5", `${order}`);
      // The answer moved with its heap: take 2 from the 3, wherever it is.
      const three = order.indexOf(3);
      await page.click(`.heaps .heap >> nth=${three} >> .token >> nth=1`);
      await page.waitForSelector("[data-testid=solved]");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a puzzle by keyboard: a hint, the answer, the rating moves and is kept": async () => {
      const puzzle = puzzles[0];
      const page = await open(`#/puzzles/${puzzle.id}`);
      await page.waitForSelector(".lesson-board .square");
      await tabTo(page, "[data-testid=hint]");
      await page.keyboard.press("Enter");
      await page.waitForSelector(".square.mark-region");
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
      await page.waitForFunction(() => !/nim-1-1/.test(document.querySelector(".set-items li a").textContent));
      const lessonTitle = await page.textContent(".set-items li a >> nth=0");
      await tabTo(page, "[data-testid=learner-name]");
      await page.keyboard.type("Anna");
      await page.keyboard.press("Enter");
      const code = await page.inputValue("[data-testid=result-code]");
      assert(/^MS1-/.test(code), code);
      // The teacher reads it (and a mistyped one).
      await page.goto(link.replace("#/learn/set?", "#/learn/results?"));
      await page.waitForSelector("[data-testid=codes]");
      // The set's items by their titles, numbered once (by the list).
      await page.waitForFunction((title) => document.querySelector(".set-items li").textContent === title, lessonTitle);
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
        const marked = await page.$(".lesson-board .square.mark-answer");
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
      // The lost game stays on the board until the learner plays again.
      assert((await page.$$eval(".lesson-board .disc", (d) => d.length)) > start, "the final position is shown");
      await page.click("[data-testid=play-again]");
      assert((await page.$$eval(".lesson-board .disc", (d) => d.length)) === start, "the lesson starts again");
      // With the answer shown each turn, the corner comes in time.
      while (!(await page.textContent("[data-testid=hint]")).includes("Show the answer")) await page.click("[data-testid=hint]");
      await page.click("[data-testid=hint]");
      for (let turn = 0; turn < 6 && !(await page.$("[data-testid=solved]")); turn++) {
        const marked = await page.$(".lesson-board .square.mark-answer");
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
      await page.waitForFunction(() => document.querySelector("[data-testid=feedback]")?.textContent.includes("You: a3. The computer: b2."));
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

    "a take-away game says its moves from heap 1, keeps a lost game on the board, and its hint tells the heaps now": async () => {
      const page = await open("#/learn/nim/nim-1-6");
      await page.waitForSelector(".heaps .heap");
      const sizes = () => page.$$eval(".heaps .heap", (hs) => hs.map((h) => h.querySelectorAll(".token").length));
      // Take all three from the first heap: a losing move.
      await page.click(".heaps .heap >> nth=0 >> .token >> nth=0");
      await page.waitForFunction(() => document.querySelector("[data-testid=feedback]")?.textContent.includes("The computer:"));
      const said = await feedback(page);
      assert(said.startsWith("You: heap 1, take 3. The computer: heap "), said);
      assert(!/\d:\d/.test(said), `a raw move: ${said}`);
      // The hint tells the heaps as they are now, not 3, 5 and 7.
      await page.click("[data-testid=hint]");
      const now = await page.textContent("[data-testid=heaps-now]");
      assert(now.startsWith(`The heaps now: ${(await sizes()).join(", ")}.`), now);
      // Play on badly (one token from the first heap that has one) until lost.
      for (let turn = 0; turn < 20 && !(await page.$("[data-testid=play-again]")); turn++) {
        const heap = (await sizes()).findIndex((n) => n > 0);
        const count = (await sizes())[heap];
        await page.click(`.heaps .heap >> nth=${heap} >> .token >> nth=${count - 1}`);
      }
      const lost = await feedback(page);
      assert(lost.startsWith("Not right.") && lost.includes("you lose"), lost);
      // The final position stays: every heap empty, nothing to take.
      assert((await sizes()).every((n) => n === 0), `${await sizes()}`);
      await page.click("[data-testid=play-again]");
      assert((await sizes()).join() === "3,5,7", `${await sizes()}`);
      await winNim(page);
      await page.waitForSelector("[data-testid=solved]");
      const stars = await page.getAttribute("[data-testid=solved] .stars", "aria-label");
      assert(stars === "1 star", `a loss and a hint: ${stars}`);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "the hint ladder: the area leaves out the square tried wrong, the answer shows every square left, the success says it once": async () => {
      const page = await open("#/learn/othello/othello-1-1");
      await page.waitForSelector(".lesson-board .square");
      await page.click("[data-square=c3]");
      await page.click("[data-square=d3]");
      while (!(await page.textContent("[data-testid=hint]")).includes("Show where")) await page.click("[data-testid=hint]");
      await page.click("[data-testid=hint]");
      const area = await page.$$eval(".lesson-board .mark-region", (s) => s.map((b) => b.dataset.square));
      assert(area.length > 0 && area.length <= 9, `${area}`);
      assert(!area.includes("c3") && !area.includes("d4") && !area.includes("d3"), `${area}`);
      assert(area.some((s) => ["c4", "e6", "f5"].includes(s)), `${area}`);
      assert((await page.$$(".lesson-board .mark-tried")).length === 1, "c3 is marked as tried");
      await page.click("[data-testid=hint]");
      const shown = await page.$$eval(".lesson-board .mark-answer", (s) => s.map((b) => b.dataset.square).sort());
      assert(shown.join() === "c4,e6,f5", `${shown}`);
      const last = await page.$$eval("[data-testid=hints] li", (l) => l.map((x) => x.textContent));
      assert(last[last.length - 1] === "The answer: c4, e6, f5.", `${last}`);
      for (const square of shown) await page.click(`[data-square=${square}]`);
      await page.waitForSelector("[data-testid=solved]");
      const said = await feedback(page);
      assert(said.startsWith("Right! Each of these four squares") && !said.includes("Right: "), said);
      assert(!last.some((x) => x.trim() === "" || /^\d+\.$/.test(x.trim())), "no empty hint");
      // The star rule, on the Learn page.
      await page.goto(server.url + "#/learn");
      const rule = await page.textContent("[data-testid=star-rule]");
      assert(rule.includes("each wrong answer, lost game or hint costs one"), rule);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "every stage opens with a lesson that explains, with the rules' link": async () => {
      const page = await open("#/learn/othello");
      await page.waitForSelector(".stage");
      const firsts = await page.$$eval(".stage .lesson-list li:first-child a", (a) => a.map((x) => x.getAttribute("href")));
      assert(firsts[0] === "#/learn/othello/othello-1-6", `${firsts}`);
      for (const href of firsts) {
        await page.goto(server.url + href);
        await page.waitForSelector("[data-testid=explain]");
      }
      await page.goto(server.url + "#/learn/nim");
      await page.waitForSelector(".stage");
      assert((await page.getAttribute(".stage .lesson-list li:first-child a", "href")) === "#/learn/nim/nim-1-8", "Nim starts with its rules");
      await page.click(".stage .lesson-list li:first-child a");
      await page.waitForSelector("[data-testid=explain]");
      assert((await page.textContent("[data-testid=explain]")).includes("whoever takes the last token wins"), "the rules explained");
      await page.click("[data-testid=rules-link]");
      await page.waitForFunction(() => location.hash === "#/nim/rules");
      await page.goto(server.url + "#/learn/opok/opok-1-1");
      await page.waitForSelector(".instruction");
      const opok = await page.textContent(".instruction");
      assert(opok.includes("walk together") && !opok.includes("one step per piece"), opok);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "a wipeout puzzle says what it means, plays its line on the board, and a new rating's fall is explained": async () => {
      const puzzle = puzzles.find((p) => p.kind === "wipeout");
      const page = await open(`#/puzzles/${puzzle.id}`);
      await page.waitForSelector(".lesson-board .square");
      assert((await page.textContent("[data-testid=kind-about]")).includes("the wipe-out comes at the end of the line"), "the kind explained");
      // A miss first: the rating falls far, and the page says why.
      const wrong = await page.$$eval(".lesson-board .square", (s, answer) => s.find((b) => !b.querySelector(".disc") && b.dataset.square !== answer).dataset.square, puzzle.solution[0]);
      await page.click(`[data-square=${wrong}]`);
      const change = await page.textContent("[data-testid=rating-change]");
      const [, before, after] = change.match(/Your rating: (\d+) → (\d+)/);
      assert(Number(before) - Number(after) >= 100, change);
      assert(change.includes("still new"), change);
      await page.click(`[data-square=${puzzle.solution[0]}]`);
      await page.waitForSelector("[data-testid=solution]");
      // The line, move by move, on the board.
      const step = () => page.textContent("[data-testid=line-step]");
      assert((await step()).includes(`(move 1 of ${puzzle.solution.length})`), await step());
      const board1 = await discs(page);
      await page.click("[data-testid=line-next]");
      assert((await step()).includes(`(move 2 of ${puzzle.solution.length})`), await step());
      for (let i = 2; i < puzzle.solution.length; i++) await page.click("[data-testid=line-next]");
      const end = await discs(page);
      assert(end.join() !== board1.join(), "the board follows the line");
      const mover = puzzle.board.endsWith("X") ? "black" : "white";
      const theirs = mover === "black" ? "white" : "black";
      assert(!end.includes(theirs), `the opponent's discs are gone at the end: ${end.filter((d) => d !== "-").length}`);
      assert(!(await page.textContent(".learn")).includes(" pass "), "no move list as text");
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "an unreadable stored progress is set aside, or left alone when there is no room, and the learner is told": async () => {
      // Set aside: copied under another key, and a fresh progress is kept.
      let page = await freshPage(browser);
      await page.goto(server.url + "#/");
      await page.evaluate(() => localStorage.setItem("mind-sports.progress", "{broken"));
      await page.goto(server.url + "#/learn/nim/nim-1-1");
      await page.waitForSelector("[data-testid=progress-notice]");
      assert((await page.textContent("[data-testid=progress-notice]")).includes("set aside"), "told");
      assert((await page.evaluate(() => localStorage.getItem("mind-sports.progress.unreadable"))) === "{broken", "copied");
      await page.click("[data-testid=answer-p]");
      await page.waitForSelector("[data-testid=solved]");
      assert((await page.evaluate(() => localStorage.getItem("mind-sports.progress"))).includes("nim-1-1"), "the new progress is kept");
      await page.close();
      // No room for the copy: the unreadable progress stays as it was.
      page = await freshPage(browser);
      await page.goto(server.url + "#/");
      const broken = "{broken" + "x".repeat(8000);
      await page.evaluate((broken) => {
        localStorage.setItem("mind-sports.progress", broken);
        let size = 1 << 20;
        for (let i = 0; size >= 512; i++) {
          try {
            localStorage.setItem(`filler-${i}`, "x".repeat(size));
          } catch {
            size >>= 1;
          }
        }
      }, broken);
      await page.goto(server.url + "#/learn/nim/nim-1-1");
      await page.waitForSelector("[data-testid=progress-notice]");
      const notice = await page.textContent("[data-testid=progress-notice]");
      assert(notice.includes("no room to set it aside") && notice.includes("save your progress to a file"), notice);
      await page.click("[data-testid=answer-p]");
      await page.waitForSelector("[data-testid=solved]");
      assert((await page.evaluate(() => localStorage.getItem("mind-sports.progress"))) === broken, "never overwritten");
      assert((await page.evaluate(() => localStorage.getItem("mind-sports.progress.unreadable"))) === null, "no copy");
      // The visit's progress is held in memory: the stars show.
      await page.goto(server.url + "#/learn/nim");
      await page.waitForSelector(".stage");
      const stars = await page.getAttribute("a[href='#/learn/nim/nim-1-1'] + .stars", "aria-label");
      assert(stars === "3 stars", stars);
      assert(page.errors.length === 0, page.errors.join("\n"));
    },

    "names that differ only by invisible characters are one learner; errors are sentences in the reader's language": async () => {
      const page = await open("#/learn/teacher", "cs");
      await page.waitForSelector("[data-testid=make-set]");
      await page.click("summary >> nth=2");
      await page.check("[data-lesson='nim-1-1']");
      // A change inside the learning pages leaves the app's language alone.
      assert((await page.evaluate(() => document.documentElement.lang)) === "cs", "still Czech");
      await page.click("[data-testid=make-set]");
      const link = await page.inputValue("[data-testid=set-link]");
      const codes = [];
      for (const name of ["Anna", "An\u200bna", "Anna\u00a0"]) {
        await page.goto(link);
        await page.waitForSelector("[data-testid=learner-name]");
        await page.fill("[data-testid=learner-name]", name);
        await page.click("[data-testid=make-code]");
        codes.push(await page.inputValue("[data-testid=result-code]"));
      }
      await page.goto(link.replace("#/learn/set?", "#/learn/results?"));
      await page.waitForSelector("[data-testid=codes]");
      await page.fill("[data-testid=codes]", [...codes, "MS1-NOPE-00"].join("\n"));
      await page.click("[data-testid=show-table]");
      assert((await page.$$("[data-testid=class-table] tbody tr")).length === 1, "one learner");
      const refused = await page.textContent("[data-testid=refused]");
      assert(refused.startsWith("Řádek 4 (MS1-NOPE-00): ") && refused.trim().endsWith("."), refused);
      await page.close();
      // A progress file of version 0, in Czech: a Czech sentence, not "newer".
      const cs = await open("#/learn", "cs");
      await cs.waitForSelector(".learn-progress input[type=file]");
      const zero = JSON.stringify({ version: 0, learner: { r: 15000, d: 3500, v: 60000 } });
      await cs.setInputFiles(".learn-progress input[type=file]", { name: "p.json", mimeType: "application/json", buffer: Buffer.from(zero) });
      await cs.waitForSelector("text=neznámý formát");
      assert((await cs.evaluate(() => document.documentElement.lang)) === "cs", "loading a file leaves the language alone");
      assert(cs.errors.length === 0, cs.errors.join("\n"));
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
  await closeAll({ browser, server });
}
process.exit(failed ? 1 : 0);
