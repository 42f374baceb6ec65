// What half-sent requests do to `serve` (issue 36): the case —
// 1100 requests from one address that never finish their head, against a
// server limited to 1024 open files. Starts `serve` (target/release/serve,
// or $SERVE) with that limit on a fresh SQLite state, opens the
// connections from 127.0.0.1, and while they are held measures what
// another address gets (a page, and a game created: the database must
// still open its files); then how long the held ones last. Prints one JSON
// line. Timings are reported, never asserted.
//
// With --addresses N the connections come from N addresses
// (127.0.1.1…), as a spread-out attack's would.
//
//   node tests/bench/slowloris.mjs [--connections 1100] [--files 1024] [--addresses 1]
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const CONNECTIONS = arg("--connections", 1100);
const FILES = arg("--files", 1024);
const ADDRESSES = arg("--addresses", 1);
/** The address connection `i` comes from. */
const from = (i) => (ADDRESSES === 1 ? "127.0.0.1" : `127.0.1.${(i % ADDRESSES) + 1}`);
const SERVE = process.env.SERVE ?? join(root, "target", "release", "serve");

const dir = mkdtempSync(join(tmpdir(), "mind-sports-slowloris-"));
writeFileSync(join(dir, "index.html"), "<!doctype html><title>x</title>");
const server = spawn("sh", ["-c", `ulimit -n ${FILES} && exec "$0" "$@"`, SERVE, "--dir", dir, "--port", "0", "--state", join(dir, "state")], {
  stdio: ["ignore", "pipe", "pipe"],
});
let log = "";
server.stderr.on("data", (d) => (log += d));
const address = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (d) => {
    out += d;
    const found = out.match(/on http:\/\/(127\.0\.0\.1):(\d+)\//);
    if (found) resolve({ host: found[1], port: Number(found[2]) });
  });
  server.on("exit", (code) => reject(new Error(`serve stopped (${code}): ${log}`)));
});

/** A raw HTTP/1.1 exchange from `local`: { status, ms } or { error }. */
function exchange(local, text) {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ ...address, localAddress: local });
    let got = "";
    socket.setTimeout(30000, () => socket.destroy(new Error("no answer in 30 s")));
    socket.on("connect", () => socket.write(text));
    socket.on("data", (d) => {
      got += d;
      if (/\r\n\r\n/.test(got)) {
        socket.destroy();
        resolve({ status: Number(got.split(" ")[1]), ms: Math.round(performance.now() - started), body: got.split("\r\n\r\n")[1].slice(0, 120) });
      }
    });
    socket.on("error", (e) => resolve({ error: e.message, ms: Math.round(performance.now() - started) }));
  });
}

const held = [];
const told = { refused: 0, closed: 0 };
const opened = performance.now();
for (let i = 0; i < CONNECTIONS; i++) {
  await new Promise((resolve) => {
    const socket = connect({ ...address, localAddress: from(i) });
    socket.said = "";
    socket.on("connect", () => {
      socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
      resolve();
    });
    socket.on("data", (d) => (socket.said += d));
    socket.on("close", () => {
      socket.closedAt = performance.now();
      if (socket.said.startsWith("HTTP/1.1 429")) told.refused++;
      else told.closed++;
    });
    socket.on("error", () => resolve());
    held.push(socket);
  });
}
const openMs = Math.round(performance.now() - opened);
await new Promise((resolve) => setTimeout(resolve, 500));
const page = await exchange("127.0.0.2", "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
const body = JSON.stringify({ setup: { game: "nim", rules: "", timing: { kind: "live", control: "5+0" } }, name: "Eva", colour: "first", public: true });
const create = await exchange(
  "127.0.0.3",
  `POST /api/v1/games HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
);
const sameAddress = await exchange(from(0), "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
const heldNow = held.filter((s) => !s.closedAt).length;
// Until every held connection is closed by the server (at most 60 s).
const until = performance.now() + 60000;
while (held.some((s) => !s.closedAt) && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
const lastClosed = Math.max(...held.map((s) => s.closedAt ?? Infinity));
const after = await exchange(from(0), "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
console.log(
  JSON.stringify({
    connections: CONNECTIONS,
    addresses: ADDRESSES,
    open_files: FILES,
    opened_in_ms: openMs,
    answered_429: told.refused,
    held_after_500_ms: heldNow,
    other_address_page: page,
    other_address_create: create,
    same_address_while_held: sameAddress,
    last_held_closed_after_ms: Number.isFinite(lastClosed) ? Math.round(lastClosed - opened) : null,
    same_address_after: after,
    server_still_running: server.exitCode === null,
  }),
);
server.kill("SIGTERM");
rmSync(dir, { recursive: true, force: true });
process.exit(0);
