// Trunk's post-build hook (Trunk.toml): completes the built site in the
// staging directory before Trunk moves it to dist/.
//  1. writes sw.js: the service worker with this build's precache lists and
//     a version derived from the files' contents;
//  2. in release builds, writes .gz and .br copies beside every text and
//     wasm file, for servers that send precompressed files;
//  3. prints the sizes the first load pays against their targets (issue 14:
//     the app ≤ 250 KB gzipped, the worker ≤ 450 KB); with
//     SIZE_BUDGET=strict (as `make test` builds) a build over its limit
//     fails.
// Run by hand: `node src/pwa/finish.mjs DIR` (DIR defaults to dist).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync, readdirSync, statSync, unlinkSync, mkdirSync } from "node:fs";
import { join, relative, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
const site = process.env.TRUNK_STAGING_DIR || process.argv[2] || "dist";
const release = (process.env.TRUNK_PROFILE || "release") === "release";

/** What the first load should cost, gzipped, in bytes. */
const TARGETS = {
  app: 250_000,
  othello: 300_000,
  opok: 300_000,
  nim: 300_000,
  learn: 300_000,
  club: 300_000,
  diagram: 200_000,
  frame: 250_000,
  online: 300_000,
  event: 302_000,
  worker: 450_000,
};
/** What a build may not exceed: a group's size when its limit was last set
 *  plus about 1–2%, so that it can only shrink; never more than the target
 *  where the target is met (the worker, the app).
 *  - app: 126 KB gz since the game pages became modules of their own (it
 *    was 369 KB with them; issue 14's target is 250 KB).
 *  - othello, opok, nim: each game's page (board, session, analysis,
 *    records, clock), fetched by its page only, beside the app when the page
 *    is opened by its link (index.html): 245, 222 and 245 KB when first built.
 *  - learn: the learning and rules pages, 315 KB with the rules pages,
 *    325 KB with the lessons and puzzles of embedded frames (their light
 *    address reader and the frame messages), 346 KB with the first week's
 *    learning fixes (issue 27: every error in three languages, a puzzle's
 *    line played on the board, every lesson shown another way on a retry,
 *    games kept on the board when lost, two new Opok goals).
 *  - club: the club page and the embed snippet builder (271 KB with it;
 *    the builder reads the three games' share links); at most its target
 *    until issue 29's "Run online" (the button, its time control and the
 *    loader that calls the event module, which does the request and opens
 *    the organiser's view): 299.8 -> 303.1 KB (target unmet).
 *  - frame: the embedded frames (`frame.js`, issue 16; fetched only by
 *    `#/embed/…` frames, never by the app's pages; not `embed.js`, the
 *    webmasters' custom element): the three games' boards and sessions and
 *    the embed core, 280 KB when first built, 292 KB with the engine's view
 *    in Opok's and the take-away games' analyse frames (target unmet).
 *  Since the rules pages' sections became texts of their own (i18n/rules.rs,
 *    carried by the learning module only), every other module is about
 *    10 KB smaller: app 115.9, othello 236.2, opok 213.2, nim 235.2,
 *    club 262.9, diagram 142.0, frame 282.4.
 *  - app 124.5 since issue 27: the banner that tells a failed save of any
 *    module, and the module host outside the app's Yew tree (a module's
 *    page in the app's tree ran the app's handlers); othello 246.2, opok
 *    222.2, nim 245.1 with the games put aside and who plays each side.
 *  - The game clock in the session (issue 27: whose clock runs follows the
 *    record, players pressing their own side, the computer's share sent
 *    with its job) costs each game's module about 4.8 KB and the frames'
 *    (three games' sessions) 5.0 KB.
 *  - learn 329.5 and frame 286.1 (before the clock) since issue 27's embed
 *    items: lessons and puzzles in frames read their address with the
 *    frame's own reader (item 28); the frame answers every message, says
 *    every refusal in a sentence and ends an abandoned search worker at
 *    once (items 7, 27, 30).
 *  - app and learn again with the first week's learning texts (issue 27:
 *    every error of the progress file, the teachers' sets and codes a
 *    sentence in three languages, the star rule, the rating's move; the
 *    learning texts are part of the app's `Texts`): about 2 KB.
 *  - learn: 2.5 KB more with the exact misère search of take-away sums
 *    (issue 27, item 18: engine::nim::misere, its own stack and position
 *    table), which the lessons' opponent runs in the page.
 *  - othello 258.8 and nim 252.3 with the page's pool of search workers
 *    (issue 30: a slot, watchdog and replacement per worker, the "Search
 *    workers" setting; in othello also the hints shared out and merged,
 *    the setting's dialog field and the speed line): +7.4 and +2.5 KB.
 *  - othello 260.0, opok 230.8, nim 253.7 with both: the pool of search
 *    workers and the "Play online" button that loads the online module
 *    (its route, the shared dialog host): about 1 KB each over either
 *    alone.
 *  - online: online play (issue 28; `online.js`, fetched by `#/online…`
 *    and `#/embed/<game>?live=…` and by a game page's "Play online"): the
 *    lobby, the three games' boards and sessions for the online games'
 *    pages, the protocol's decoders, the live connection, the dialog and
 *    the live frame: 363.4 KB when first built (target unmet). Out of the
 *    game modules (353 KB each with it) and the app (153.6).
 *  - event: a club's events on the server (issue 29; `event.js`, fetched
 *    by `#/event/…` and `#/embed/event?…` only): the event page, the
 *    player's and organiser's views, the event frames; it carries the
 *    club page's standings table and tournament reader (one table for
 *    both), the club's result fields and refusals, the live connection
 *    and the frames' reports. A module of its own because neither the
 *    online module (364.8 of 368 KB) nor the club page's (299.8 of 300)
 *    had room: 295.6 KB when first built (326.9 with the frames' own
 *    parameter reader, which brings the three games' replays; the event
 *    frame reads its few keys itself); 300.2 KB once merged with the
 *    clubs (the summary's club, the log's club and registration changes
 *    and their texts), hence 302 KB; 314.1 KB with `#/event/new` (creating
 *    an event from settings or by uploading a file: two forms, the
 *    refusals said in words, their texts in three languages) and the
 *    notice of a private link the browser could not keep, hence 316 KB;
 *    then a club on the server (issue 29: the club's page `#/clubs/<id>`,
 *    its live rating list, a player's history, the ratings frame, the club
 *    token's keeping, their texts in three languages; +51.3 KB on its own,
 *    298.6 to 349.9), together 361.5 KB; 365.0 KB with the names of the events a club's
 *    organiser may add (read from their summaries), hence 367 KB. Target unmet: a module of
 *    the club's own pages (`clubs.js`) would take about 50 KB off again.
 *  - club: 317.6 KB with "Club on the server" (the form, the clubs kept,
 *    the choice of club in "Run online") and the builder's club frames
 *    (issue 29), hence 321 KB (target unmet).
 *  Issue 41 (accessibility): announcements kept as messages of their own
 *    in the live region (every module that speaks), the Dark theme switch
 *    and the system's contrast and scheme followed, the page that says an
 *    address names none, the game toolbar's keys and tab stop, a lesson's
 *    page title, and their texts in three languages: app 127.6 -> 131.3 KB,
 *    othello 260.1 -> 261.9, opok 230.9 -> 232.7, nim 253.8 -> 255.5,
 *    learn 349.6 -> 351.1 (from the README's table of 31f9aeb), hence
 *    132, 263.5, 234, 257 and 353 KB.
 *  Issues 36 and 38 (online play a member trusts, the server behind a
 *    proxy): a move pending until acknowledged and sent again, the
 *    rematch offer and its waiting shown, the refusals said (claim's wait,
 *    a refused frame with backoff), the game's facts (time control,
 *    colours, disc counts), the private link's place, the challenges'
 *    expiry, long messages read in parts, and their texts in three
 *    languages: online 364.8 -> 428.5 KB, event (which carries the online
 *    protocol) 365.0 -> 377.3 KB, hence 432 and 381 KB. Targets unmet; the
 *    routes' own budgets are issue 40's.
 *  Issue 37 (a club evening): events played at the tables (the create
 *    and upload forms' choice, a board moved to the table, "awaiting
 *    result" and the dispute), the spreadsheets' links under the
 *    standings, the new refusals and their texts in three languages:
 *    event 377.3 -> 381.8 KB, frame (the event frame's pairings) 294.9
 *    -> 295.2 KB, hence 385 and 297 KB; the app 131.9 -> 132.2 KB (the
 *    events' texts travel with every module's texts), hence 133 KB. Then
 *    undo's answer, the organiser's confirmations and the public link with
 *    its Copy button: event 385.6 KB, hence 387 KB. Then a way back: every
 *    private link with Copy and "keep this link", the players' links on the
 *    organiser's panel (kept, copied, reissued), "Manage" with the club's
 *    token, "continue on another device" with its QR code (qrcodegen in
 *    byte mode drawn as one SVG path) and their texts in three languages:
 *    event 385.2 -> 397.1 KB. And online events' games: the clocks that
 *    wait for both players (a room that folds the new events: started,
 *    forfeited, decided), "Forfeit this game", the way back to the event,
 *    the forfeit, double forfeit and organiser's endings in three
 *    languages, and the organiser's question before a result ends a
 *    running game: online 434.5 KB, hence 435 KB; event 388.6 KB alone,
 *    both together about 400 KB.
 *    Then the club's
 *    member list on its page (an officer's form), registration's and
 *    "add"'s member choice and rating field, the rating period's note
 *    and their texts in three languages (issue 37, ratings): event 397.2
 *    KB (a rating is read as a whole number: a decimal reader would be
 *    14 KB more). All three together: event 413.7 KB, hence 415 KB; the club
 *    module (the builder's club section, the member list's texts, which
 *    travel with the clubs' texts) 321.6 KB; then the builder's text fields
 *    that keep what is being typed (a component with its draft): 323.2 KB,
 *    hence 324 KB.
 *  - issue 39 split the code into crates (engine < core < web app): the
 *    same code, but a generic function used by two crates is now built in
 *    each, and wasm-opt merges only the copies that came out identical
 *    (twiggy: no one function grew; +0.3% to +1% spread over many). app
 *    133.1, club 325.2, frame 297.7, online 438.7, event 417.3 KB, hence
 *    their limits; the worker, its glue built for size, 402.1 -> 387.6 KB. */
const LIMITS = {
  app: 133_500,
  othello: 263_500,
  opok: 234_000,
  nim: 257_000,
  learn: 353_000,
  club: 326_000,
  diagram: 200_000,
  frame: 298_500,
  online: 440_000,
  event: 418_500,
  worker: 450_000,
};
const COMPRESSIBLE = /\.(wasm|js|css|html|svg|webmanifest|json)$/;
const COPIES = /\.(gz|br)$/;
const WORKER = /^worker(_bg\.wasm|\.js)$/;
/** The learning pages' module and data, the club page's module and the
 *  diagram dialog's, online play's, fetched when one of their pages (the
 *  dialog) opens. */
const LEARN = /^(learn(_bg\.wasm|\.js|\/.*\.json)|(othello|opok|nim|club|diagram|frame|online|event)(_bg\.wasm|\.js))$/;
/** What the first paint does not need: cached once the page is idle. */
const LAZY = (path) => WORKER.test(path) || LEARN.test(path);

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const gzip = (bytes) => zlib.gzipSync(bytes, { level: 9 });
const brotli = (bytes) =>
  zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });

// 0. The learning data, fetched when a learning page opens (not part of the
// first load): every stage file of data/lessons/ in course order (by game,
// then number) as one file, and the puzzles, both without their indents.
const data = join(here, "..", "..", "data");
const GAMES = ["othello", "opok", "nim"];
const stageOrder = (name) => {
  const [, game, n] = name.match(/^([a-z]+)-(\d+)\.json$/) ?? [];
  return GAMES.includes(game) ? GAMES.indexOf(game) * 1000 + Number(n) : null;
};
const stages = readdirSync(join(data, "lessons"))
  .filter((name) => stageOrder(name) !== null)
  .sort((a, b) => stageOrder(a) - stageOrder(b))
  .map((name) => [name.replace(/\.json$/, ""), JSON.parse(readFileSync(join(data, "lessons", name), "utf8"))]);
mkdirSync(join(site, "learn"), { recursive: true });
writeFileSync(join(site, "learn", "lessons.json"), JSON.stringify(stages));
writeFileSync(
  join(site, "learn", "puzzles.json"),
  JSON.stringify(JSON.parse(readFileSync(join(data, "othello-puzzles.json"), "utf8"))),
);

// Trunk builds the app and its modules in parallel; a file two of them
// write (wasm-bindgen's snippets) can be hashed by one while another
// rewrites it, and a page whose integrity does not match never starts.
// So the page's every file must exist with the integrity it names, and no
// module may bring snippets (src/ui/module_section.rs says how to do
// without). A build that fails this check fails, budget or not.
const page = readFileSync(join(site, "index.html"), "utf8");
const broken = [];
for (const [tag] of page.matchAll(/<(?:link|script)\b[^>]*>/g)) {
  const href = tag.match(/\b(?:href|src)="\.?\/?([^"]+)"/)?.[1];
  const integrity = tag.match(/\bintegrity="([^"]+)"/)?.[1];
  if (!href || /^[a-z]+:/.test(href)) continue;
  let bytes;
  try {
    bytes = readFileSync(join(site, href));
  } catch {
    if (integrity || /rel="(stylesheet|modulepreload|preload)"/.test(tag)) broken.push(`${href}: missing`);
    continue;
  }
  if (integrity) {
    const [algorithm, digest] = integrity.split(/-(.*)/s);
    const actual = createHash(algorithm).update(bytes).digest("base64");
    if (actual !== digest) broken.push(`${href}: integrity ${integrity}, file ${algorithm}-${actual}`);
  }
}
const snippets = files(site).filter((path) => relative(site, path).startsWith("snippets"));
if (snippets.length) broken.push(`wasm-bindgen snippets, which the parallel builds race on: ${snippets.map((p) => relative(site, p))}`);
if (broken.length) {
  console.error(`the built page would not start:\n  ${broken.join("\n  ")}`);
  process.exit(1);
}

// Copies from an earlier run (by hand on dist/) are made again.
for (const path of files(site)) if (COPIES.test(path)) unlinkSync(path);

// 1. The service worker.
const paths = files(site)
  .map((path) => relative(site, path).split("\\").join("/"))
  .filter((path) => path !== "sw.js")
  .sort();
const template = readFileSync(join(here, "sw.js"), "utf8");
const hash = createHash("sha256").update(template);
for (const path of paths) hash.update(path).update("\0").update(readFileSync(join(site, path)));
const build = {
  version: hash.digest("hex").slice(0, 16),
  core: paths.filter((path) => !LAZY(path)),
  lazy: paths.filter(LAZY),
};
writeFileSync(join(site, "sw.js"), `const BUILD = ${JSON.stringify(build)};\n${template}`);

// 2 and 3. Compressed copies and the budget.
const sizes = Object.fromEntries(Object.keys(TARGETS).map((group) => [group, [0, 0, 0]]));
/** The group of a built file: the app's own files, or a module's. */
const groupOf = (name) =>
  WORKER.test(name)
    ? "worker"
    : /^(app-.*\.(js|wasm)|main-.*\.css)$/.test(name)
      ? "app"
      : (name.match(/^([a-z]+)(_bg\.wasm|\.js)$/)?.[1] ?? null);
for (const path of files(site)) {
  const name = relative(site, path);
  if (!COMPRESSIBLE.test(name) || !release) continue;
  const bytes = readFileSync(path);
  const [gz, br] = [gzip(bytes), brotli(bytes)];
  writeFileSync(`${path}.gz`, gz);
  writeFileSync(`${path}.br`, br);
  const group = groupOf(name);
  if (sizes[group]) {
    sizes[group][0] += bytes.length;
    sizes[group][1] += gz.length;
    sizes[group][2] += br.length;
  }
}

if (release) {
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  let over = false;
  console.log(`build ${build.version}: what a first load fetches`);
  for (const [group, [raw, gz, br]] of Object.entries(sizes)) {
    over ||= gz > LIMITS[group];
    const verdict = gz <= TARGETS[group] ? "ok" : gz <= LIMITS[group] ? "over target" : "OVER LIMIT";
    console.log(
      `  ${group.padEnd(7)} ${kb(raw).padStart(10)} raw ${kb(gz).padStart(10)} gzip ${kb(br).padStart(10)} brotli` +
        `   target ${kb(TARGETS[group])} gzip: ${verdict}`,
    );
  }
  // The README's size table is written from this (tests/docs/tables.mjs).
  const target = process.env.CARGO_TARGET_DIR || join(here, "..", "..", "target");
  mkdirSync(target, { recursive: true });
  writeFileSync(join(target, "site-sizes.json"), JSON.stringify(sizes) + "\n");
  if (over) {
    console.error(`a size limit is exceeded (gzip): ${JSON.stringify(LIMITS)}`);
    if (process.env.SIZE_BUDGET === "strict") process.exit(1);
  }
}
