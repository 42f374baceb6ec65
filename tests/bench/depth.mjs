// The depth a midgame search completes in a fixed time, for several
// engine builds and thread counts (issue 30: does a second thread search
// deeper?): `engine search othello --time-ms MS --selective on --threads N`
// on midgame positions from a match's records (the 6th to 30th move of
// every other game), the configurations interleaved position by position.
// Usage: node tests/bench/depth.mjs [--ms 300] [--games 10]
//   [--records docs/bench/threads-match-deepest.json] LABEL=ENGINE:THREADS ...
// (default: one=target/release/engine:1 two=target/release/engine:2)
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { root } from "../e2e/browser.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args.splice(i, 2)[1] : fallback;
};
const ms = option("--ms", "300");
const games = Number(option("--games", "10"));
const records = option("--records", `${root}/docs/bench/threads-match-deepest.json`);
const engine = `${root}/target/release/engine`;
const configs = (args.length ? args : [`one=${engine}:1`, `two=${engine}:2`]).map((spec) => {
  const [label, rest] = spec.split("=");
  const at = rest.lastIndexOf(":");
  return { label, engine: rest.slice(0, at), threads: rest.slice(at + 1), depths: [], wall: 0 };
});

const positions = [];
for (const game of JSON.parse(readFileSync(records, "utf8")).results.filter((_, i) => i % 2 === 0).slice(0, games)) {
  const moves = game.moves.split(" ");
  for (const plies of [6, 12, 18, 24, 30]) {
    const played = moves.slice(0, plies);
    if (!played.includes("pass")) positions.push(game.opening + played.join(""));
  }
}

console.log(`load ${loadavg()[0].toFixed(1)}; ${positions.length} positions, ${ms} ms each`);
for (const position of positions) {
  const seen = configs.map((c) => {
    const started = performance.now();
    const out = execFileSync(c.engine, ["search", "othello", "--moves", position, "--time-ms", ms, "--selective", "on", "--threads", c.threads, "--json"]);
    c.wall += performance.now() - started;
    const { depth } = JSON.parse(out);
    c.depths.push(depth);
    return `${c.label} ${depth}`;
  });
  console.log(`${position.slice(0, 40).padEnd(40)} ${seen.join(", ")}`);
}
const base = configs[0].depths;
for (const c of configs) {
  const mean = c.depths.reduce((a, b) => a + b, 0) / c.depths.length;
  const deeper = c.depths.filter((d, i) => d > base[i]).length;
  console.log(`${c.label}: mean depth ${mean.toFixed(2)}, deeper than ${configs[0].label} on ${deeper} of ${c.depths.length}, mean wall ${(c.wall / c.depths.length).toFixed(0)} ms`);
}
console.log(`load ${loadavg()[0].toFixed(1)}`);
