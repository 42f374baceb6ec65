// Trunk's post-build hook (Trunk.toml): completes the built site in the
// staging directory before Trunk moves it to dist/.
//  1. writes sw.js: the service worker with this build's precache lists and
//     a version derived from the files' contents;
//  2. in release builds, writes .gz and .br copies beside every text and
//     wasm file, for servers that send precompressed files;
//  3. prints every module's size; with SIZE_BUDGET=strict (as `make test`
//     builds) a search worker over its budget fails the build (a page's
//     size is held by its route: tests/bench/route-sizes.mjs).
// Run by hand: `node src/pwa/finish.mjs DIR` (DIR defaults to dist).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync, readdirSync, statSync, unlinkSync, mkdirSync } from "node:fs";
import { join, relative, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { everyName, keepMatching } from "./frame-sheet.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const site = process.env.TRUNK_STAGING_DIR || process.argv[2] || "dist";
const release = (process.env.TRUNK_PROFILE || "release") === "release";

/** What the search worker may not exceed over the wire (brotli, as
 *  served), in bytes: issue 40's budget; it is fetched when the computer
 *  first thinks. What a page costs is held by route, over the wire, at
 *  issue 40's budgets (tests/bench/route-sizes.mjs, in `make test`): a
 *  page opened by its link fetches one module, its own, which starts the
 *  app (index.html), so a module's size is its route's, less the page and
 *  the style sheet. */
const WORKER_BUDGET_BR = 300_000;
const COMPRESSIBLE = /\.(wasm|js|css|html|svg|webmanifest|json)$/;
const COPIES = /\.(gz|br)$/;
/** The modules besides the app's (their wasm, unhashed: `othello_bg.wasm`)
 *  by name; a module's files are its wasm and its glue (`othello.js`), and
 *  a frame's module has its style sheet (`nimlesson.css`). */
const MODULES = new Set(readdirSync(site).flatMap((name) => name.match(/^([a-z]+)_bg\.wasm$/)?.[1] ?? []));
const moduleOf = (name) => {
  const module = name.match(/^([a-z]+)(_bg\.wasm|\.js|\.css)$/)?.[1];
  return MODULES.has(module) ? module : null;
};
/** What the first paint does not need, cached once the page is idle: the
 *  modules (the app's first page needs none of them; the worker is one)
 *  and the learning data, fetched when one of their pages opens. */
const LAZY = (path) => moduleOf(path) !== null || /^learn\/.*\.json$/.test(path);

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

// First, in release builds, every module's wasm-bindgen glue minified (Trunk
// minifies the app's own, and the style sheet, with `minify` in
// Trunk.toml, but not a module's): about 2 KB less over the wire on every
// page opened by its link (tests/bench/route-sizes.mjs). terser is one of
// the Makefile's node tools.
if (release) {
  const tools = process.env.TOOLS || join(here, "..", "..", ".tools");
  let terser;
  try {
    terser = await import(pathToFileURL(join(tools, "node_modules", "terser", "main.js")).href);
  } catch {
    console.error(`terser is missing from ${tools} (make node-tools installs it)`);
    process.exit(1);
  }
  for (const module of MODULES) {
    const path = join(site, `${module}.js`);
    const { code } = await terser.minify(readFileSync(path, "utf8"), { module: true, compress: { passes: 2 } });
    writeFileSync(path, code);
  }
}

// 0. The learning data, fetched when a learning page opens (not part of the
// first load): every stage file of data/lessons/ in course order (by game,
// then number) as one file per language, each text in that language only
// (`lessons-cs.json`: 18 KB over the wire where all three took 49 KB),
// and the puzzles, both without their indents.
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
/** `value` with each of its texts (an object of exactly `en`, `cs`, `ru`)
 *  in `lang` only. */
const inLanguage = (value, lang) => {
  if (Array.isArray(value)) return value.map((v) => inLanguage(v, lang));
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value).sort().join();
  if (keys === "cs,en,ru") return { [lang]: value[lang] };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inLanguage(v, lang)]));
};
for (const lang of ["en", "cs", "ru"]) {
  writeFileSync(join(site, "learn", `lessons-${lang}.json`), JSON.stringify(inLanguage(stages, lang)));
  // A lesson's frame reads its game's stages only (`lessons-othello-en.json`:
  // 7 KB over the wire where the whole course takes 16).
  for (const game of GAMES) {
    const own = stages.filter(([name]) => name.startsWith(`${game}-`));
    writeFileSync(join(site, "learn", `lessons-${game}-${lang}.json`), JSON.stringify(inLanguage(own, lang)));
  }
}
writeFileSync(
  join(site, "learn", "puzzles.json"),
  JSON.stringify(JSON.parse(readFileSync(join(data, "othello-puzzles.json"), "utf8"))),
);

// The boot (index.html) starts the app from the module of the page opened
// (a game's page, a frame…) and the app's own module otherwise, so Trunk's
// start of the app (a module script and the app's preloads) is taken out
// and the boot is told the app's hashed name.
{
  const path = join(site, "index.html");
  let html = readFileSync(path, "utf8");
  // As Trunk writes it, minified (`trunk build --minify`) or not.
  const start = html.match(/<script type="?module"?>\s*import init,\s*\*\s*as bindings from\s*['"]\.\/(app-[0-9a-f]+)\.js['"];?[\s\S]*?<\/script>/);
  if (start) {
    const app = start[1];
    html = html
      .replace(start[0], "")
      .replace(new RegExp(`<link\\b[^>]*\\bhref="?\\./${app}(_bg\\.wasm|\\.js)"?(?:\\s[^>]*)?>`, "g"), "")
      .replace(/(globalThis\.mindSportsApp\s*=\s*)"app"/, `$1"${app}"`);
    writeFileSync(path, html);
  }
  if (!/globalThis\.mindSportsApp\s*=\s*"app-[0-9a-f]+"/.test(html) || /import init/.test(html) || /href="?\.\/app-/.test(html)) {
    console.error("index.html: the boot does not name the built app, or Trunk's start of it is left");
    console.error(html);
    process.exit(1);
  }
}

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

// The style sheets. A frame on a club's page draws a board, a lesson, a
// live game or a club's table, not the site's pages, so a frame's module
// has a sheet of its own: the rules of the site's (styles/main.css) it can
// match (./frame-sheet.mjs), about 3 KB of its 7 over the wire. The boot
// (index.html) links a frame's own sheet or the site's; its object
// `mindSportsSheets` is written here with the site's hashed name and
// integrity (Trunk's link to it taken out) and the modules with a sheet.
{
  const path = join(site, "index.html");
  let html = readFileSync(path, "utf8");
  const SHEETS = /(globalThis\.mindSportsSheets\s*=\s*)\{[^}]*\}/;
  const link = html.match(/<link\b[^>]*\bhref="?\.\/(main-[0-9a-f]+\.css)"?[^>]*>/);
  const sheets = link
    ? { site: link[1], integrity: link[0].match(/\bintegrity="?([^"\s>]+)/)?.[1] ?? "" }
    : JSON.parse(html.match(SHEETS)?.[0].replace(/^[^{]*/, "") ?? "null");
  if (!sheets?.site || !SHEETS.test(html)) {
    console.error("index.html: Trunk's link to the style sheet, or the boot's mindSportsSheets, is missing");
    process.exit(1);
  }
  const css = readFileSync(join(site, sheets.site), "utf8");
  const built = (name) => readFileSync(join(site, name)).toString("latin1");
  // A name the code builds from pieces (src/ui/shell/layout.rs and
  // src/ui/online/page.rs: `format!("{}-page", G::ROUTE)`), never whole.
  const PIECED = /^(othello|opok|nim)-page$/;
  const siteText = files(site)
    .filter((p) => /\.(wasm|js|html)$/.test(p))
    .map((p) => built(relative(site, p)))
    .join("\n");
  const unbuilt = [...everyName(css)].filter((name) => !PIECED.test(name) && !siteText.includes(name));
  if (unbuilt.length) {
    console.error(`${sheets.site}: classes or ids no code of the site names (a dead rule, or a name built from pieces: PIECED): ${unbuilt.join(" ")}`);
    process.exit(1);
  }
  sheets.own = [...MODULES].filter((module) => /(frame|live|lesson)$/.test(module)).sort();
  for (const module of sheets.own) {
    const text = [`${module}_bg.wasm`, `${module}.js`, "index.html"].map(built).join("\n");
    writeFileSync(join(site, `${module}.css`), keepMatching(css, (name) => PIECED.test(name) || text.includes(name)));
  }
  html = html.replace(link?.[0] ?? "", "").replace(SHEETS, (_, name) => name + JSON.stringify(sheets));
  writeFileSync(path, html);
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
  // The search worker first: the service worker keeps these one by one,
  // and the computer opponent is what a player misses most offline.
  lazy: paths.filter(LAZY).sort((a, b) => (moduleOf(b) === "worker") - (moduleOf(a) === "worker")),
};
writeFileSync(join(site, "sw.js"), `const BUILD = ${JSON.stringify(build)};\n${template}`);

// 2 and 3. Compressed copies and the sizes.
const sizes = {};
/** The group of a built file: the app's own files, or a module's. */
const groupOf = (name) => (/^(app-.*\.(js|wasm)|main-.*\.css)$/.test(name) ? "app" : moduleOf(name));
for (const path of files(site)) {
  const name = relative(site, path);
  if (!COMPRESSIBLE.test(name) || !release) continue;
  const bytes = readFileSync(path);
  const [gz, br] = [gzip(bytes), brotli(bytes)];
  writeFileSync(`${path}.gz`, gz);
  writeFileSync(`${path}.br`, br);
  const group = groupOf(name);
  if (group) {
    sizes[group] ??= [0, 0, 0];
    sizes[group][0] += bytes.length;
    sizes[group][1] += gz.length;
    sizes[group][2] += br.length;
  }
}

if (release) {
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  console.log(`build ${build.version}: the modules (a page's cost is its route's: tests/bench/route-sizes.mjs)`);
  const groups = Object.keys(sizes).sort((a, b) => (a === "app" ? -1 : b === "app" ? 1 : a.localeCompare(b)));
  for (const group of groups) {
    const [raw, gz, br] = sizes[group];
    const note = group === "worker" ? `   budget ${kb(WORKER_BUDGET_BR)} brotli: ${br <= WORKER_BUDGET_BR ? "ok" : "over"}` : "";
    console.log(`  ${group.padEnd(13)} ${kb(raw).padStart(10)} raw ${kb(gz).padStart(10)} gzip ${kb(br).padStart(10)} brotli${note}`);
  }
  // The README's size table is written from this (tests/docs/tables.mjs).
  const target = process.env.CARGO_TARGET_DIR || join(here, "..", "..", "target");
  mkdirSync(target, { recursive: true });
  writeFileSync(join(target, "site-sizes.json"), JSON.stringify(sizes) + "\n");
  if (sizes.worker?.[2] > WORKER_BUDGET_BR) {
    console.error(`the search worker is over its budget: ${kb(sizes.worker[2])} brotli, at most ${kb(WORKER_BUDGET_BR)}`);
    if (process.env.SIZE_BUDGET === "strict") process.exit(1);
  }
}
