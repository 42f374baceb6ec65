// Checks that every frame looks the same with its own style sheet as with
// the site's (src/pwa/frame-sheet.mjs): every element's computed style,
// and its ::before and ::after, in the frames of each kind (boards, live
// games, a club's tables, lessons, puzzles), themes and languages, at 360
// and 1280 px, before and after a click on the board (not an analysis:
// its hints follow the search's timing; no click where the computer
// plays, whose answer may differ between loads). The built site in
// dist/ (or $DIST) is served as built, then as a copy whose boot links the
// site's sheet for every frame. Prints the differences; exits 1 on any.
// About 20 minutes: `node tests/bench/frame-sheets.mjs` after a release
// build (not in `make test`).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { root, serveSite, launchBrowser, freshPage } from "../e2e/browser.mjs";
const ROUTES = [
  "#/embed/othello", "#/embed/opok", "#/embed/nim", "#/embed/nim?heaps=3,4,5&mode=play",
  "#/embed/othello?mode=play&theme=dark", "#/embed/opok?mode=play&theme=contrast&coords=0",
  "#/embed/othello?live=ab23cd45ef67", "#/embed/opok?live=ab23cd45ef67", "#/embed/nim?live=ab23cd45ef67",
  "#/embed/event?id=ab12&view=standings", "#/embed/ratings?club=ab12",
  "#/embed/othello?mode=lesson&lesson=othello-1-6", "#/embed/othello?lesson=othello-2-1&lang=cs",
  "#/embed/opok?mode=lesson&lesson=opok-1-1&lang=ru", "#/embed/nim?mode=lesson&lesson=nim-1-1",
  "#/embed/nim?lesson=nim-1-9", "#/embed/nim?lesson=nim-2-1", "#/embed/nim?lesson=nim-3-1", "#/embed/nim?lesson=nim-4-1",
  "#/embed/othello?mode=puzzle", "#/embed/othello?mode=puzzle&theme=dark", "#/embed/othello?x=1&mode=bogus",
];
const collect = () => {
  const out = [];
  for (const el of document.querySelectorAll("*")) {
    for (const pseudo of [null, "::before", "::after"]) {
      const s = getComputedStyle(el, pseudo);
      if (pseudo && (s.content === "none" || s.content === "normal")) continue;
      const props = {};
      for (let i = 0; i < s.length; i++) props[s[i]] = s.getPropertyValue(s[i]);
      out.push([el.tagName + "." + el.className + (pseudo ?? ""), JSON.stringify(props)]);
    }
  }
  return out;
};
async function run(dir) {
  const server = await serveSite(dir);
  const browser = await launchBrowser();
  const result = {};
  try {
    for (const route of ROUTES) for (const width of [360, 1280]) {
      const page = await freshPage(browser, { width, height: 800 });
      await page.goto(server.url + route);
      await page.waitForTimeout(2500);
      const sheets = await page.evaluate(() => [...document.styleSheets].map((s) => s.href?.split("/").pop() ?? "inline"));
      const states = [await page.evaluate(collect)];
      // Not where the computer answers: its reply may differ between loads.
      const target = /mode=play/.test(route) ? null : await page.$(".square.legal, .token:not(.illegal), .square.landing");
      if (target) { await target.click().catch(() => {}); await page.waitForTimeout(1500); states.push(await page.evaluate(collect)); }
      result[`${route} @${width}`] = { sheets, states };
      await page.close();
    }
  } finally { await browser.close(); await server.stop(); }
  return result;
}
const built = process.env.DIST ?? join(root, "dist");
// The copy: its boot's list of modules with a sheet of their own emptied,
// in the page and in its compressed copies (which the server prefers).
const copy = mkdtempSync(join(tmpdir(), "site-sheet-"));
cpSync(built, copy, { recursive: true });
const page = join(copy, "index.html");
const html = readFileSync(page, "utf8").replace(/"own":\[[^\]]*\]/, '"own":[]');
writeFileSync(page, html);
writeFileSync(`${page}.br`, brotliCompressSync(html));
writeFileSync(`${page}.gz`, gzipSync(html));
let a, b;
try {
  a = await run(copy);
  b = await run(built);
} finally {
  rmSync(copy, { recursive: true, force: true });
}
let bad = 0, elements = 0;
for (const key of Object.keys(a)) {
  const [sa, sb] = [a[key], b[key]];
  console.log(key, sa.sheets.join(","), "|", sb.sheets.join(","), sa.states.map((s) => s.length).join("/"));
  const site = (sheets) => sheets.some((name) => /^main-/.test(name));
  if (!site(sa.sheets) || site(sb.sheets)) {
    bad++;
    console.log("  not the sheets compared: the site's, then the frame's own");
  }
  sa.states.forEach((state, i) => {
    const other = sb.states[i] ?? [];
    if (other.length !== state.length) { bad++; console.log("  DOM differs", state.length, other.length); return; }
    state.forEach(([name, style], j) => {
      elements++;
      if (other[j][0] !== name) { bad++; console.log("  element differs", name, other[j][0]); return; }
      if (other[j][1] !== style) {
        bad++;
        const [pa, pb] = [JSON.parse(style), JSON.parse(other[j][1])];
        const keys = new Set([...Object.keys(pa), ...Object.keys(pb)]);
        const diff = [...keys].filter((k) => pa[k] !== pb[k]).map((k) => `${k}: ${pa[k]} -> ${pb[k]}`);
        if (!diff.length) { bad--; return; }
        console.log("  style differs", name, diff.slice(0, 6).join("; "));
      }
    });
  });
}
console.log(`${elements} element states compared, ${bad} differ`);
if (bad) process.exit(1);
