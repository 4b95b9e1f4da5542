// sw.js: offline play. Precaches the site (cache keyed by the build id) and the Pyodide runtime
// (its own long-lived cache keyed by the Pyodide version, so a game update does not download
// the 13 MB runtime again), serves cache-first, and deletes other versions' caches on activate.
// A new build installs in the background and takes over on the next visit (no skipWaiting
// mid-page: one page never mixes files of two builds). build_wheel.py fills in MANIFEST.
const MANIFEST = /*@BUILD@*/null;

const PREFIX = "belote-";
const SITE_CACHE = `${PREFIX}site-${MANIFEST.build}`;
const RUNTIME_CACHE = `${PREFIX}runtime-${MANIFEST.pyodide}`;
const SCOPE = new URL("./", self.location.href);
const RUNTIME_PATHS = new Set(MANIFEST.runtime.map((u) => new URL(u, SCOPE).pathname));

async function precache(cacheName, urls, { immutable }) {
  const cache = await caches.open(cacheName);
  await Promise.all(urls.map(async (url) => {
    const key = new URL(url, SCOPE).href;
    if (immutable && (await cache.match(key))) return;
    // Site files keep their names across builds: always fetch them fresh ("reload"), never a
    // stale copy from the HTTP cache. The runtime's folder is versioned, so its files never
    // change: take them from the HTTP cache when the page has just downloaded them.
    let response = await fetch(new Request(key, { cache: immutable ? "force-cache" : "reload" }));
    if (!response.ok && immutable) response = await fetch(new Request(key, { cache: "reload" }));
    if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
    await cache.put(key, response);
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([
    precache(SITE_CACHE, MANIFEST.site, { immutable: false }),
    // Same Pyodide version = same bytes: keep what an earlier build already stored.
    precache(RUNTIME_CACHE, MANIFEST.runtime, { immutable: true }),
  ]));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keep = new Set([SITE_CACHE, RUNTIME_CACHE]);
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
    }
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  event.respondWith((async () => {
    const inRuntime = RUNTIME_PATHS.has(url.pathname);
    const cache = await caches.open(inRuntime ? RUNTIME_CACHE : SITE_CACHE);
    // Navigations carry URL parameters (?embed=1&lang=it...): match the page itself.
    const key = request.mode === "navigate" ? new URL("./" + url.pathname.slice(SCOPE.pathname.length), SCOPE).href : request;
    const hit = await cache.match(key, { ignoreSearch: true });
    if (hit) return hit;
    return fetch(request);
  })());
});
