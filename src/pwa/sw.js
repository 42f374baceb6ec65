// The service worker: keeps one build's files for offline use.
// `finish.mjs` prepends `const BUILD = { version, core, lazy }` after each
// Trunk build: `core` is what the first paint needs (cached on install),
// `lazy` the search worker, cached once the page says it is idle, so that
// loading the home page never fetches the worker.
const PREFIX = "mind-sports-";
const CACHE = PREFIX + BUILD.version;
const INDEX = new URL("./index.html", self.location).href;
const LAZY = new Set(BUILD.lazy.map((path) => new URL(path, self.location).href));

// Files named by their content's hash (Trunk's, printed without leading
// zeros: 12 to 16 hex digits; see src/server/policy.rs) are taken from the HTTP cache when
// the page has just loaded them (no second download); the others are
// revalidated, so that a new build's unhashed files are never stale.
const HASHED = /-[0-9a-f]{12,16}[._]/;
const fresh = (path) =>
  new Request(new URL(path, self.location), { cache: HASHED.test(path) ? "default" : "no-cache" });

self.addEventListener("install", (event) => {
  // No skipWaiting: a new version waits until the page, between games,
  // asks for it ("activate").
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(BUILD.core.map(fresh))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

async function cacheLazy() {
  const cache = await caches.open(CACHE);
  for (const path of BUILD.lazy) {
    const request = fresh(path);
    if (!(await cache.match(request))) {
      try {
        await cache.add(request);
      } catch {
        // Offline now: the next idle page tries again.
      }
    }
  }
}

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "activate") self.skipWaiting();
  else if (type === "cache-lazy") event.waitUntil(cacheLazy());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const navigation = request.mode === "navigate";
      const hit = await cache.match(navigation ? INDEX : request, { ignoreSearch: navigation });
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok && LAZY.has(request.url)) await cache.put(request, response.clone());
      return response;
    })(),
  );
});
