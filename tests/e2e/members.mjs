// End-to-end test of a club's member list and seeding (issue 37): an
// officer keeps the club's members on its page (names, optional ratings,
// a refused rating said in a sentence), an event of the club offers them
// at registration (picking a member fills in their rating), and round 1
// is seeded by the club's rating list, then the rating given. Screenshots
// of the member list and the registration, cs and en, 1280 and 360 px.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveSite, root, launchBrowser, freshPage, run, assert, shot, screenshotsToDocs, closeAll } from "./browser.mjs";

const DIST = process.env.DIST ?? join(root, "dist");
const state = mkdtempSync(join(tmpdir(), "mind-sports-members-"));
const server = await serveSite(DIST, 0, ["--state", state]);
const url = server.url;
const browser = await launchBrowser();
const SIZES = { 1280: { width: 1280, height: 900 }, 360: { width: 360, height: 780 } };

const api = async (path, body) => {
  const res = await fetch(url + "api/v1" + path, body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
};

/** A page in `lang` at `width` px. */
async function open(address, width, lang) {
  const page = await freshPage(browser, SIZES[width]);
  await page.addInitScript((lang) => localStorage.setItem("mind-sports.lang", lang), lang);
  await page.goto(address);
  return page;
}

/** An event of the club played at the tables, `names` registered. */
async function eventInClub(club, token, name, names) {
  const settings = { name, game: "othello", rules: "size=8", timing: { kind: "live", control: "25+0" },
    format: "swiss", rounds: 3, at_tables: true, club, club_token: token };
  const created = await api("/events", settings);
  assert(created.status === 201 || created.status === 200, JSON.stringify(created));
  for (const player of names) {
    const entered = await api(`/events/${created.body.event}/register`, { name: player });
    assert(entered.status === 201, JSON.stringify(entered));
  }
  return created.body;
}

let club;
let token;
let second;
const SHOTS = [];

const failed = await run({
  async "the club's officers keep its members on its page"() {
    ({ club, token } = (await api("/clubs", { name: "Šachový klub Brno" })).body);
    // A first evening makes the rating list: Ann beats Cid, Bob draws Dan.
    const first = await eventInClub(club, token, "First", ["Ann", "Bob", "Cid", "Dan"]);
    const manage = (action) => api(`/events/${first.event}/manage`, { token: first.organiser, action });
    assert((await manage({ type: "publish" })).status === 200, "publish");
    const round = (await api(`/events/${first.event}/rounds`)).body.rounds[0];
    for (const board of round.boards) {
      const score = board.board === 1 ? [40, 24] : [32, 32];
      assert((await manage({ type: "result", round: 1, board: board.board, score })).status === 200, "result");
    }
    const page = await open(`${url}#/clubs/${club}?token=${token}`, 1280, "en");
    await page.waitForSelector("[data-testid=club-no-members]");
    const add = async (name, rating) => {
      await page.fill("[data-testid=club-member-name]", name);
      await page.fill("[data-testid=club-member-rating]", rating);
      await page.click("[data-testid=club-member-save]");
    };
    await add("Eva Malá", "1700");
    await page.waitForSelector("[data-testid=club-member]");
    await add("Fay", "1400");
    await add("Ann", "");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=club-member]").length === 3);
    // A rating above 4000 is refused with a sentence; nothing changes.
    await add("Gus", "5000");
    const note = await page.textContent("[data-testid=club-member-note]");
    assert(/0 to 4000/.test(note), note);
    const rows = await page.$$eval("[data-testid=club-member]", (rs) => rs.map((r) => r.textContent));
    assert(rows.length === 3 && rows.some((r) => r.startsWith("Eva Malá1700")), rows.join(" | "));
    const listed = (await api(`/clubs/${club}`)).body.members;
    assert(JSON.stringify(listed) === JSON.stringify([{ name: "Ann" }, { name: "Eva Malá", rating: 1700 }, { name: "Fay", rating: 1400 }]), JSON.stringify(listed));
    // Removing one.
    await add("Zed", "");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=club-member]").length === 4);
    await page.click("[data-testid=club-member]:has-text('Zed') [data-testid=club-member-remove]");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=club-member]").length === 3);
    assert(page.errors.length === 0, page.errors.join("\n"));
    await page.context().close();
    for (const lang of ["en", "cs"]) {
      for (const width of [1280, 360]) {
        const seen = await open(`${url}#/clubs/${club}?token=${token}`, width, lang);
        await seen.waitForSelector("[data-testid=club-member]");
        await seen.waitForSelector("[data-testid=ratings-period-note]");
        const overflow = await seen.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert(overflow <= 0, `the club page fits at ${width} px (${overflow} px over)`);
        const name = `ratings-members-${lang}-${width}`;
        await shot(seen, name);
        SHOTS.push(name);
        await seen.context().close();
      }
    }
  },

  async "registration picks a member and round 1 is seeded"() {
    second = await eventInClub(club, token, "Second", ["ANN"]);
    for (const lang of ["en", "cs"]) {
      for (const width of [1280, 360]) {
        const page = await open(`${url}#/event/${second.event}`, width, lang);
        await page.waitForSelector("[data-testid=event-register]");
        await page.waitForFunction(() => document.querySelectorAll("#event-members option").length === 3);
        await page.fill("[data-testid=event-name-input]", "Eva Malá");
        const rating = await page.inputValue("[data-testid=event-rating-input]");
        assert(rating === "1700", `the member's rating filled in: ${rating}`);
        const name = `ratings-register-${lang}-${width}`;
        await shot(page, name);
        SHOTS.push(name);
        if (lang === "en" && width === 1280) {
          await page.click("[data-testid=event-register-button]");
          await page.waitForSelector("[data-testid=event-register]", { state: "detached" });
        }
        assert(page.errors.length === 0, page.errors.join("\n"));
        await page.context().close();
      }
    }
    // The list wins over a given rating; a given rating seeds the rest.
    assert((await api(`/events/${second.event}/register`, { name: "Cid", rating: 2000 })).status === 201, "Cid");
    assert((await api(`/events/${second.event}/register`, { name: "Fay", rating: 1400 })).status === 201, "Fay");
    const refused = await api(`/events/${second.event}/register`, { name: "Gus", rating: 9999 });
    assert(refused.status === 409 && refused.body.refusal.reason === "rating", JSON.stringify(refused));
    const published = await api(`/events/${second.event}/manage`, { token: second.organiser, action: { type: "publish" } });
    assert(published.status === 200, JSON.stringify(published));
    const round = (await api(`/events/${second.event}/rounds`)).body.rounds[0];
    const pairs = round.boards.map((b) => [b.black, b.white].sort().join(" – "));
    // Eva 1700 (given), ANN 1662 (list), Fay 1400 (given), Cid 1338 (list).
    assert(JSON.stringify(pairs) === JSON.stringify(["Eva Malá – Fay", "ANN – Cid"]), JSON.stringify(pairs));
  },
});

screenshotsToDocs("club-evening", SHOTS);
await closeAll({ browser, server, folders: [state] });
process.exit(failed ? 1 : 0);
