// Measures the FFO endgames #40-#49 natively and in wasm on this machine,
// interleaved (native, wasm, native, wasm: the faster of each side's runs,
// as the machine is shared and noisy), and writes docs/bench/ffo.json: the
// one source of the README's speed table (tests/docs/tables.mjs writes the
// table from it and checks it). `make bench-record` builds both first.
//   node tests/bench/record.mjs [--runs N] [--ffo FIRST-LAST]
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const runs = Number(option("--runs", "2"));
const range = option("--ffo", "40-49");

/** The last line of `output` that is a JSON object. */
const lastJson = (output) => JSON.parse(output.trim().split("\n").filter((l) => l.startsWith("{")).pop());

const native = () =>
  lastJson(execFileSync(join(root, "target", "release", "engine"), ["bench", "--ffo", range, "--json"], { encoding: "utf8" })).ffo;
const wasm = () =>
  lastJson(execFileSync("node", [join(root, "tests", "bench", "wasm.mjs"), "--perft", "1", "--ffo", range, "--json"], { encoding: "utf8" })).ffo;

const best = { native: new Map(), wasm: new Map() };
// The 1-minute load average before each measurement: the record says how
// busy the shared machine was (quiet is below 1.5 on its 2 cores).
const loads = [];
for (let run = 0; run < runs; run++) {
  for (const [side, measure] of [["native", native], ["wasm", wasm]]) {
    loads.push(loadavg()[0]);
    for (const p of measure()) {
      if (!p.correct) throw new Error(`FFO #${p.number} solved wrong in ${side}: ${JSON.stringify(p)}`);
      const seen = best[side].get(p.number);
      if (seen && seen.nodes !== p.nodes) throw new Error(`FFO #${p.number}: node counts differ between runs`);
      if (!seen || p.seconds < seen.seconds) best[side].set(p.number, p);
    }
    console.error(`run ${run + 1}/${runs}: ${side} done`);
  }
}
const positions = [...best.native.values()].map((n) => {
  const w = best.wasm.get(n.number);
  if (w.nodes !== n.nodes || w.score !== n.score) throw new Error(`FFO #${n.number}: native and wasm differ`);
  return { number: n.number, best: n.best, score: n.score, nodes: n.nodes, native_s: +n.seconds.toFixed(3), wasm_s: +w.seconds.toFixed(3) };
});
const commit = execFileSync("git", ["-C", root, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
const record = {
  date: new Date().toISOString().slice(0, 10),
  commit,
  machine: `${cpus().length} cores, ${cpus()[0]?.model ?? "unknown"}, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}${Math.max(...loads) >= 1.5 ? " (busy: times are noisy, the ratio less so)" : ""}`,
  method: `make bench-record: engine bench --ffo ${range} and tests/bench/wasm.mjs interleaved, ${runs} runs each, the faster kept`,
  positions,
};
const file = join(root, "docs", "bench", "ffo.json");
writeFileSync(file, JSON.stringify(record, null, 1) + "\n");
console.log(readFileSync(file, "utf8"));
