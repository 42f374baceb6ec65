// End-to-end test of `serve` behind the web servers a club puts in front
// of it (issue 36): Debian's nginx and Caddy with TLS (a throwaway
// certificate made here with openssl), each running the configuration
// README gives — its ```nginx and ```caddyfile blocks under "Behind a
// proxy", read from README itself, so that the documented configuration
// is the tested one — started by this test as an unprivileged user on a
// port of its own, one after the other on the same port. Through each,
// two browsers play an online game to its end over the proxy's
// WebSockets, and a spoofed X-Forwarded-For does not lift the limit of
// open challenges.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveSite, root, launchBrowser, freshPage, run, assert, closeAll } from "./browser.mjs";

/** The site's name in the test (the browser maps it to 127.0.0.1). */
const NAME = "games.test";
const NGINX = "/usr/sbin/nginx";
const CADDY = "/usr/bin/caddy";
for (const program of [NGINX, CADDY, "/usr/bin/openssl"]) {
  assert(existsSync(program), `${program} is missing: make test installs nginx and caddy (apt-get install nginx caddy)`);
}

const dir = mkdtempSync(join(tmpdir(), "mind-sports-proxy-"));
const isRoot = process.getuid() === 0;
/** The unprivileged user the proxies run as when the test is root. */
const USER = "nobody";

// A throwaway certificate for games.test (and 127.0.0.1), valid a day.
const cert = join(dir, "cert.pem");
const key = join(dir, "key.pem");
execFileSync("openssl", [
  "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
  "-subj", `/CN=${NAME}`, "-addext", `subjectAltName=DNS:${NAME},IP:127.0.0.1`, "-keyout", key, "-out", cert,
], { stdio: "ignore" });
if (isRoot) {
  const uid = Number(execFileSync("id", ["-u", USER]).toString());
  const gid = Number(execFileSync("id", ["-g", USER]).toString());
  chownSync(dir, uid, gid);
  for (const file of [cert, key]) chownSync(file, uid, gid);
}
chmodSync(dir, 0o755);

/** A free port on 127.0.0.1. */
const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** README's configuration block of `kind` (```nginx, ```caddyfile). */
function readmeBlock(kind) {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const found = readme.match(new RegExp("```" + kind + "\\n([\\s\\S]*?)```"));
  assert(found, `README has a \`\`\`${kind} block`);
  return found[1];
}

/** README's block with this test's certificate, names, ports and upstream
 *  for README's placeholders. */
function adapted(block, port, upstream) {
  const text = block
    .replaceAll("/etc/ssl/games.example/fullchain.pem", cert)
    .replaceAll("/etc/ssl/games.example/privkey.pem", key)
    .replaceAll("127.0.0.1:8080", upstream)
    .replace(/\blisten 443\b/g, `listen 127.0.0.1:${port}`)
    .replace(/^games\.example \{/m, `${NAME}:${port} {`)
    .replaceAll("games.example", NAME);
  assert(!text.includes("games.example") && !text.includes(":8080"), `every placeholder replaced:\n${text}`);
  return text;
}

/** Starts `program args` as the unprivileged user; returns the child. */
function startAs(program, args, env = {}) {
  const [command, words] = isRoot ? ["runuser", ["-u", USER, "--", program, ...args]] : [program, args];
  const child = spawn(command, words, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  child.said = "";
  child.stdout.on("data", (d) => (child.said += d));
  child.stderr.on("data", (d) => (child.said += d));
  return child;
}

/** nginx with README's server block inside a minimal main configuration
 *  of its own (pid, logs and temporary files in the test's folder). */
function startNginx(port, upstream) {
  const conf = join(dir, "nginx.conf");
  writeFileSync(conf, `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
${adapted(readmeBlock("nginx"), port, upstream)}
}
`);
  return startAs(NGINX, ["-p", dir, "-c", conf, "-e", `${dir}/nginx-error.log`, "-g", "daemon off;"]);
}

/** Caddy with README's site block after global options of its own (no
 *  admin endpoint, no redirect server on port 80, its data in the test's
 *  folder). */
function startCaddy(port, upstream) {
  const conf = join(dir, "Caddyfile");
  writeFileSync(conf, `{
  admin off
  auto_https disable_redirects
  skip_install_trust
  storage file_system ${dir}/caddy
}
${adapted(readmeBlock("caddyfile"), port, upstream)}
`);
  const home = { HOME: dir, XDG_DATA_HOME: `${dir}/caddy`, XDG_CONFIG_HOME: `${dir}/caddy` };
  return startAs(CADDY, ["run", "--config", conf, "--adapter", "caddyfile"], home);
}

/** Stops a proxy and waits for it. */
const stopProxy = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

/** The address the test's own requests come from: a client elsewhere
 *  than the proxy. From 127.0.0.1, the trusted proxy's own address, the
 *  proxy's entry for the client would be taken for one more trusted hop
 *  and the spoofed entry left of it read as the client's (as it would for
 *  a player on the proxy's machine itself). */
const CLIENT = "127.0.0.2";

/** An HTTPS request to the proxy on `port` for games.test: { status, body }. */
const fetchVia = (port, method, path, body = null, headers = {}) =>
  new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1", localAddress: CLIENT, port, method, path, servername: NAME, rejectUnauthorized: false,
        headers: { host: `${NAME}:${port}`, "content-type": "application/json", ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode, body: text }));
      },
    );
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });

/** Waits until the proxy on `port` serves the app. */
async function ready(port, child) {
  const until = Date.now() + 20000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the proxy stopped: ${child.said}`);
    const got = await fetchVia(port, "GET", "/").catch(() => null);
    if (got?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the proxy did not answer: ${child.said}`);
}

const port = await freePort();
const base = `https://${NAME}:${port}`;
const state = mkdtempSync(join(tmpdir(), "mind-sports-proxy-state-"));
const server = await serveSite(process.env.DIST ?? join(root, "dist"), 0, [
  "--state", state,
  // README's options behind a proxy on this machine.
  "--trusted-proxies", "127.0.0.1", "--public-url", base,
  "--max-open-challenges", "1",
]);
const upstream = new URL(server.url).host;
const browser = await launchBrowser(["--ignore-certificate-errors", `--host-resolver-rules=MAP ${NAME} 127.0.0.1`]);

const status = (page) => page.textContent("[data-testid=online-status]");
const moves = (page) => page.$$eval("[data-testid=moves] li", (items) => items.length);
const over = (text) => /wins|drawn/.test(text);

/** The page whose player is to move. */
async function mover(pages) {
  const until = Date.now() + 10000;
  while (Date.now() < until) {
    for (const page of pages) if ((await status(page)).endsWith("Your move.")) return page;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nobody is to move: ${await Promise.all(pages.map(status))}`);
}

/** Two browsers (contexts of their own) play 4×4 Othello to its end
 *  through the proxy. */
async function playThrough() {
  const eva = await freshPage(browser);
  await eva.goto(`${base}/#/othello?size=4`);
  await eva.click("[data-testid=play-online]");
  await eva.fill("[data-testid=online-create] [data-testid=online-name]", "Eva");
  await eva.check("#online-colour-first");
  await eva.click("[data-testid=online-create-game]");
  await eva.waitForFunction(() => document.querySelector("[data-testid=online-status]")?.textContent.includes("Waiting for an opponent"));
  const invitation = await eva.inputValue("[data-testid=online-invitation]");
  assert(invitation.startsWith(`${base}/#/online/othello/`), invitation);
  // The open challenge says until when it waits, here and in "My online
  // games" (a day for a live game).
  assert((await eva.textContent("[data-testid=online-expires]")).includes("stays open until"), "the game page says when it expires");
  await eva.goto(`${base}/#/online`);
  await eva.waitForFunction(() => /waiting for an opponent until \S/.test(document.querySelector("[data-testid=my-game]")?.textContent ?? ""));
  await eva.goBack();
  await eva.waitForSelector("[data-testid=online-invitation]");
  const petr = await freshPage(browser, { width: 360, height: 780 });
  await petr.goto(invitation);
  await petr.fill("[data-testid=online-join] [data-testid=online-name]", "Petr");
  await petr.click("[data-testid=online-take-seat]");
  await petr.waitForSelector("[data-testid=online-game]");
  const players = [eva, petr];
  for (let turn = 0; turn < 20 && !over(await status(eva)); turn++) {
    const page = await mover(players);
    const before = await moves(page);
    await (await page.$$(".square.legal"))[0].click();
    for (const each of players) {
      await each.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before, { timeout: 10000 });
    }
  }
  for (const page of players) await page.waitForFunction(() => /wins|drawn/.test(document.querySelector("[data-testid=online-status]").textContent));
  assert((await moves(eva)) === (await moves(petr)) && (await moves(eva)) > 4, "both saw every move");
  await eva.context().close();
  await petr.context().close();
}

/** A spoofed X-Forwarded-For through the proxy on `port`: the limit of
 *  one open challenge holds whatever the client writes. */
async function spoofRefused() {
  const challenge = JSON.stringify({ setup: { game: "nim", rules: "", timing: { kind: "live", control: "5+0" } }, name: "Mallory", colour: "first", public: true });
  const first = await fetchVia(port, "POST", "/api/v1/games", challenge, { "x-forwarded-for": "203.0.113.1" });
  assert(first.status === 201, `the first challenge: ${first.status} ${first.body}`);
  for (const spoof of ["203.0.113.2", "203.0.113.3, 198.51.100.7", "::1"]) {
    const again = await fetchVia(port, "POST", "/api/v1/games", challenge, { "x-forwarded-for": spoof });
    assert(again.status === 429 && again.body.includes("open_challenges_per_address"), `spoofed ${spoof}: ${again.status} ${again.body}`);
  }
  const seated = JSON.parse(first.body);
  // The lobby lists it with the moment it expires.
  const lobby = await freshPage(browser);
  await lobby.goto(`${base}/#/online`);
  await lobby.waitForSelector("[data-testid=challenge-expires]");
  assert(/\d/.test(await lobby.textContent("[data-testid=challenge-expires]")), "the lobby says when the challenge expires");
  await lobby.context().close();
  const cancelled = await fetchVia(port, "POST", `/api/v1/games/${seated.game}/cancel`, JSON.stringify({ token: seated.token }));
  assert(cancelled.status === 200, `cancel: ${cancelled.status}`);
}

let failed = 1;
try {
  failed = await run(
    Object.fromEntries(
      [["nginx", startNginx], ["Caddy", startCaddy]].map(([name, start]) => [
        `through ${name} with TLS: two browsers play online, a spoofed X-Forwarded-For is refused`,
        async () => {
          const proxy = start(port, upstream);
          try {
            await ready(port, proxy);
            await playThrough();
            await spoofRefused();
          } finally {
            await stopProxy(proxy);
          }
        },
      ]),
    ),
  );
} finally {
  await closeAll({ browser, server, folders: [dir, state] });
}
process.exit(failed ? 1 : 0);
