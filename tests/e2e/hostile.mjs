// Hostile input in the browser: share links that anyone can send (bad
// values, other scripts' digits, control bytes, lone surrogates, huge
// numbers, 100 KB values) must leave a page that still plays, with nothing
// logged as a panic; a panic shows a banner and the reload brings the game
// back; a worker that dies is replaced and the game goes on.
import { serveDist, launchBrowser, freshPage, run, assert, moveCount, shot, closeAll } from "./browser.mjs";

const server = await serveDist();
const browser = await launchBrowser();

const big = (unit, bytes) => unit.repeat(Math.ceil(bytes / unit.length));
const HUGE = "18446744073709551616";

const links = {
  othello: [
    "moves=%C2%B2", "moves=f5%C2%B2", "moves=f5d6%C2%BD", "moves=f5%D9%A3", "moves=f%E2%81%B5",
    "white=human&moves=%EF%BD%86%EF%BC%95", "start=%C3%A9", `start=${"-".repeat(64)}%C3%A9`, `start=${"X".repeat(63)}%00X`,
    `size=${HUGE}`, "size=-8", "size=%EF%BC%98", "variant=%00", "black=c99", "white=c%C2%B2", "time=1e400",
    "time=99999999999", `at=${HUGE}`, "at=-1", "moves=%ED%A0%80", "moves=\uD800", "moves=%", "moves=%%%",
    "a=b=c&&&", "=", "moves=f5&moves=d6", "board=" + "X".repeat(64), `moves=${big("f5", 100_000)}`,
    `moves=${big("é²", 100_000)}`, `start=${big("-", 100_000)}`,
  ],
  opok: [
    "size=0", "size=10", `size=${HUGE}`, "moves=a1:99999999999:b3", "moves=a1:3:b3%C2%B2", "moves=%C2%B2",
    "moves=%00", "time=-1", "time=%D9%A3", "circles=c0", "squares=c8", "at=999", "position=c9", "moves=a%ED%A0%80:1:b1",
    `moves=${big("a1:1:a2 ", 100_000)}`, `moves=${big("ы", 100_000)}`,
  ],
  nim: [
    `start=nim:${HUGE}`, "start=nim:%C2%B2", "start=sub{10000000}:5", "start=sub{0}:5", "start=sub{}:5",
    `start=${Array(100).fill("nim:1").join("+")}`, `moves=${Array(20000).fill("0:1").join(",")}&start=nim:100000`,
    "misere=2", "start=%00", "moves=0:%C2%B2", `moves=0:${HUGE}`, "first=c9", "at=5", "start=sub{1,x}:5",
    `start=sub{${big("1,", 100_000)}x}:5`, `start=${big("%C3%A9", 100_000)}`,
  ],
};

/** The links above that are valid after all (full-width forms are read). */
const valid = new Set(["white=human&moves=%EF%BD%86%EF%BC%95"]);

/** Legal targets a person can click in each game, and how to play one. */
const games = {
  othello: {
    ready: ".board .square",
    async play(page) {
      const before = await moveCount(page);
      await page.click(".square.legal");
      await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before);
    },
  },
  opok: {
    ready: ".board .square",
    async play(page) {
      const before = await moveCount(page);
      await page.click(".square.movable");
      await page.waitForSelector(".square.landing");
      await page.click(".square.landing");
      await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before);
    },
  },
  nim: {
    ready: ".heaps .heap",
    async play(page) {
      const before = await moveCount(page);
      await page.click(".token:not(.illegal)");
      await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before);
    },
  },
};

function panics(page) {
  return page.errors.filter((e) => /panic|unreachable|already borrowed|RuntimeError/i.test(e));
}

const tests = {};
for (const [game, queries] of Object.entries(links)) {
  tests[`hostile ${game} links leave a page that still plays`] = async () => {
    const page = await freshPage(browser);
    const human = game === "nim" ? "first=human&second=human" : game === "opok" ? "squares=human" : "white=human";
    await page.goto(`${server.url}#/${game}?${human}`);
    await page.waitForSelector(games[game].ready);
    await games[game].play(page);
    let kept = await moveCount(page);
    for (const query of queries) {
      const started = Date.now();
      await page.goto(`${server.url}#/${game}?${query}`);
      // The page reads the link, then takes it out of the address.
      await page.waitForFunction((game) => location.hash === `#/${game}`, game, { timeout: 10000 });
      await page.waitForSelector(games[game].ready, { timeout: 10000 });
      const ms = Date.now() - started;
      assert(ms < 5000, `${game}?${query.slice(0, 60)} took ${ms} ms`);
      assert(panics(page).length === 0, `${game}?${query.slice(0, 60)}: ${panics(page).join("\n")}`);
      const notice = await page.$("[data-testid=notice]");
      if (valid.has(query)) {
        // A valid link's game is shown; the game it replaces is put aside
        // and the page says so (issue 27, item 5), nothing else.
        const said = notice ? await notice.textContent() : "";
        assert(!notice || said.includes("Games put aside"), `${query} is valid: ${said.slice(0, 200)}`);
        kept = await moveCount(page);
        continue;
      }
      // A refused link says why and keeps the game that was there.
      assert(notice, `${game}?${query.slice(0, 60)}: no notice`);
      const text = await notice.textContent();
      assert(text.includes("does not describe a valid game") && text.length < 2000, `${query.slice(0, 60)}: ${text.slice(0, 200)}`);
      const moves = await moveCount(page);
      assert(moves === kept, `${game}?${query.slice(0, 60)}: the game was not kept (${moves} moves, not ${kept}; ${text.slice(0, 100)})`);
    }
    // The page still plays: back to a game between two people, a move.
    await page.goto(`${server.url}#/${game}?${human}`);
    await page.waitForSelector(games[game].ready);
    await games[game].play(page);
    assert(panics(page).length === 0, panics(page).join("\n"));
    await shot(page, `hostile-${game}-after`);
  };
}

tests["the computer moves on huge heaps and in misère sums it cannot decide"] = async () => {
  const page = await freshPage(browser);
  for (const start of [
    "half:1000000000000000000+nim:5&misere=1",
    "sub{2000000}:1000000000000+nim:18446744073709551615",
    "evenodd:18446744073709551615+dim:18401055938125660800&misere=1",
  ]) {
    await page.goto(`${server.url}#/nim?start=${start}&first=c7&second=human`);
    await page.waitForFunction(() => location.hash === "#/nim");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length >= 1, null, { timeout: 20000 });
    const notice = await page.$("[data-testid=notice]");
    assert(!notice, `${start}: ${notice && (await notice.textContent())}`);
  }
  assert(panics(page).length === 0 && page.errors.length === 0, page.errors.join("\n"));
  await shot(page, "hostile-nim-huge");
};

tests["a panic shows a banner in the user's language; the reload brings the game back"] = async () => {
  for (const lang of ["en", "cs", "ru"]) {
    const page = await freshPage(browser, { width: 1200, height: 900 });
    await page.addInitScript((lang) => localStorage.setItem("mind-sports.lang", lang), lang);
    await page.goto(`${server.url}?test-hooks#/othello?white=human`);
    await page.waitForSelector(".board .square");
    await games.othello.play(page);
    await games.othello.play(page);
    await page.evaluate(() => window.mindSportsTest.panic()).catch(() => {});
    await page.waitForSelector("#crash-banner button");
    const text = await page.textContent("#crash-banner");
    const expected = { en: "Something went wrong", cs: "Něco se pokazilo", ru: "Что-то пошло не так" }[lang];
    assert(text.includes(expected), `${lang}: ${text}`);
    assert(await page.evaluate(() => document.activeElement?.closest("#crash-banner") !== null), "focus on the banner");
    await shot(page, `panic-banner-${lang}`);
    await Promise.all([page.waitForNavigation(), page.click("#crash-banner button")]);
    await page.waitForSelector(".board .square");
    assert((await moveCount(page)) === 2, "the autosaved game is back");
    assert(!(await page.$("#crash-banner")), "no banner after the reload");
  }
};

tests["a worker that dies is replaced, the request asked again and the game kept"] = async () => {
  const page = await freshPage(browser);
  await page.goto(`${server.url}?test-hooks#/othello?black=human&white=c2&time=1000`);
  await page.waitForSelector(".board .square");
  // One normal exchange, so the worker is loaded.
  await page.click(".square.legal");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length >= 2, null, { timeout: 30000 });
  await page.waitForSelector(".square.legal");
  await page.evaluate(() => window.mindSportsTest.crashWorker());
  await page.click(".square.legal");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length >= 4, null, { timeout: 30000 });
  const news = await page.textContent("[data-testid=worker-news]");
  assert(news.includes("restarted"), news);
  await shot(page, "worker-restarted");
  // Page errors may name the worker's own panic; nothing on the page panicked.
  assert(!page.errors.some((e) => /Mind Sports: /.test(e)), page.errors.join("\n"));
  await games.othello.play(page);
};

let failed = 1;
try {
  failed = await run(tests);
} finally {
  await closeAll({ browser, server });
}
process.exit(failed ? 1 : 0);
