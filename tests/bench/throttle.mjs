// A slow link in front of a local server: a TCP proxy whose connections
// share one downstream and one upstream bandwidth and add a delay in each
// direction. Unlike the browser's own network emulation, it also slows the
// requests of web workers and the service worker.
import net from "node:net";

/**
 * Starts a proxy to `target` (a URL); returns { url, stop, received, reset }
 * (`received`: the bytes sent down since the last `reset`). `down` and
 * `up` are bytes per second, `latency` the round trip in ms.
 */
export async function slowLink(target, { down, up, latency }) {
  const { hostname, port } = new URL(target);
  const links = { down: pacer(down), up: pacer(up) };
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    relay(client, upstream, links.up, latency / 2);
    relay(upstream, client, links.down, latency / 2);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", close).on("error", close);
    upstream.on("close", close).on("error", close);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    received: () => links.down.bytes,
    /** Resolves once nothing has crossed the link for half a second. */
    quiet: async () => {
      while (performance.now() < Math.max(links.down.busyUntil(), links.up.busyUntil()) + 500) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    reset: () => (links.down.bytes = 0),
    stop: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** A shared link of `rate` bytes per second: when may `bytes` arrive? */
function pacer(rate) {
  let free = 0;
  const link = (bytes) => {
    link.bytes += bytes;
    const now = performance.now();
    free = Math.max(free, now) + (bytes / rate) * 1000;
    return free - now;
  };
  link.bytes = 0;
  link.busyUntil = () => free;
  return link;
}

/** Slices of a chunk: a link delivers a large read piece by piece. */
const SLICE = 8192;

/** Copies `from` to `to`, each chunk after its transfer time and `delay`,
 *  in order. */
function relay(from, to, link, delay) {
  let last = 0;
  from.on("data", (chunk) => {
    for (let at = 0; at < chunk.length; at += SLICE) {
      const slice = chunk.subarray(at, at + SLICE);
      const due = Math.max(performance.now() + link(slice.length) + delay, last);
      last = due;
      setTimeout(() => to.writable && to.write(slice), due - performance.now());
    }
  });
  from.on("end", () => setTimeout(() => to.end(), Math.max(0, last - performance.now())));
}
