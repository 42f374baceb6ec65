// Times the engine compiled to wasm under Node: perft from the start and the
// FFO endgames, with the same table size as `engine bench --full` natively.
// Usage (after `make bench-wasm` has built target/wasm-bench):
//   node tests/bench/wasm.mjs [--perft DEPTH] [--ffo FIRST-LAST] [--table-bits N] [--build DIR] [--json] [--probes]
// (--build: another build's directory, to compare two builds side by side;
// --json: one JSON object at the end, as `engine bench --ffo … --json`
// prints it: {"ffo": [{number, best, score, correct, nodes, seconds}]};
// --probes: first the memory microbenchmark of src/bin/wasm_bench.rs, whose
// native figures `cargo run --release --bin wasm-bench` prints).
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const require = createRequire(import.meta.url);
const defaultBuild = new URL('../../target/wasm-bench', import.meta.url).pathname;
const engine = require(resolve(option('--build', defaultBuild), 'wasm-bench.js'));
const perftDepth = Number(option('--perft', '11'));
const [first, last] = option('--ffo', '40-49').split('-').map(Number);
const tableBits = Number(option('--table-bits', '22'));

if (args.includes('--probes')) {
  const count = 20_000_000;
  engine.probe_table_fill();
  for (const prefetch of [false, true]) {
    const start = performance.now();
    const sum = engine.probe_table(count, prefetch, 0);
    const ns = ((performance.now() - start) * 1e6) / count;
    console.log(`wasm, 4 KiB pages, ${prefetch ? 'prefetched (no-op)' : 'no prefetch'}: ${ns.toFixed(1)} ns a read (checksum ${sum})`);
  }
}

const started = performance.now();
const leaves = engine.perft_start(perftDepth);
const perftSeconds = (performance.now() - started) / 1000;
console.log(`perft ${perftDepth}: ${leaves} leaves in ${perftSeconds.toFixed(3)} s = ` +
  `${(leaves / perftSeconds / 1e6).toFixed(1)} M leaves/s`);

// The tables are allocated before the timed solves, as natively (a build
// older than allocate_tables allocates them in its first solve).
engine.allocate_tables?.(tableBits);
let totalSeconds = 0;
let totalNodes = 0;
const ffo = [];
const json = args.includes('--json');
for (let number = first; number <= last; number++) {
  const start = performance.now();
  const result = engine.solve_ffo(number, tableBits);
  const seconds = (performance.now() - start) / 1000;
  if (result.startsWith('error')) {
    console.log(`FFO #${number}: ${result}`);
    process.exitCode = 1;
    continue;
  }
  // The suite's own score and first listed move come with the result.
  const [best, score, nodes, bestScore, bestMove] = result.split(' ');
  const correct = Number(score) === Number(bestScore) ? 'ok' : 'WRONG';
  if (correct !== 'ok') process.exitCode = 1;
  totalSeconds += seconds;
  totalNodes += Number(nodes);
  ffo.push({ number, best, score: Number(score), correct: correct === 'ok', nodes: Number(nodes), seconds });
  console.log(`FFO #${number}: ${best} ${Number(score) >= 0 ? '+' : ''}${score} (${correct}, ` +
    `first listed ${bestMove.toLowerCase()}) ${nodes.padStart(12)} nodes ${seconds.toFixed(3).padStart(8)} s`);
}
console.log(`FFO #${first}-#${last}: ${totalNodes} nodes in ${totalSeconds.toFixed(3)} s`);
if (json) console.log(JSON.stringify({ ffo }));
