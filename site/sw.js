// sw.js: offline play. Precaches the site (cache keyed by the build id) and the Pyodide runtime
// (its own long-lived cache keyed by the Pyodide version, so a game update does not download
// the 11 MB runtime again), and deletes other versions' caches on activate. A new build
// installs in the background and takes over on the next visit (no skipWaiting mid-page: one
// page never mixes files of two builds). build_wheel.py fills in MANIFEST.
//
// Serving: cache first. The wasm alone comes from the browser's HTTP cache while that still
// holds it: a same-URL response passed through, for which V8 finds the code it compiled on the
// last visit. Served from Cache Storage, the 9.6 MB wasm had no code cache on the first return
// visit and was compiled again (about 3 s of compiler CPU, a second of wall time on two cores).
// The JS files stay in Cache Storage: traced, they compile the same way as from the HTTP cache
// (pyodide.asm.mjs: 25 ms on the first return visit, from a code cache after that, either way).
// Offline, or once the HTTP cache has dropped it, the wasm comes from the runtime cache too, and
// so it does while a new build installs or waits: a passed-through response streams through this
// worker for a while, and Chromium drops a skipWaiting activation when the outgoing worker gets
// requests at the moment it is stopped (the e2e update test caught the new build left waiting).
const MANIFEST = /*@BUILD@*/null;

const PREFIX = "belote-";
const SITE_CACHE = `${PREFIX}site-${MANIFEST.build}`;
const RUNTIME_CACHE = `${PREFIX}runtime-${MANIFEST.pyodide}`;
const SCOPE = new URL("./", self.location.href);
const RUNTIME_PATHS = new Set(MANIFEST.runtime.map((u) => new URL(u, SCOPE).pathname));
const WASM_PATHS = new Set([...RUNTIME_PATHS].filter((p) => p.endsWith(".wasm")));

// Opened once per service worker start, not on every request.
let siteCache = null;
let runtimeCache = null;
const openSite = () => (siteCache ??= caches.open(SITE_CACHE));
const openRuntime = () => (runtimeCache ??= caches.open(RUNTIME_CACHE));

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Site files keep their names across builds, so the HTTP cache may hold another build's copy.
// Each is taken from the HTTP cache when its bytes are this build's (the SHA-256 in the
// manifest): on a first visit the page has just downloaded most of them. Any other copy is
// fetched again ("reload"); a file that still does not match (a deploy in progress) fails the
// install, which the next visit retries: the cache never holds a mix of two builds.
async function fetchSiteFile(url, hash) {
  const key = new URL(url, SCOPE).href;
  let response = await fetch(new Request(key, { cache: "force-cache" })).catch(() => null);
  if (!(response && response.ok && (await sha256(response)) === hash)) {
    response = await fetch(new Request(key, { cache: "reload" }));
    if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
    if ((await sha256(response)) !== hash) throw new Error(`precache ${url}: not the bytes of build ${MANIFEST.build}`);
  }
  return response;
}

async function precacheSite() {
  const cache = await openSite();
  const byHash = new Map();  // one download for the same bytes under two names ("./", index.html)
  for (const [url, hash] of MANIFEST.site) byHash.set(hash, [...(byHash.get(hash) || []), url]);
  await Promise.all([...byHash].map(async ([hash, urls]) => {
    const response = await fetchSiteFile(urls[0], hash);
    const copies = urls.map((_, i) => (i ? response.clone() : response));  // all before any is read
    await Promise.all(urls.map((url, i) => cache.put(new URL(url, SCOPE).href, copies[i])));
  }));
}

// The runtime's folder is versioned, so its files never change: keep what an earlier build
// stored, and take the rest from the HTTP cache when the page has just downloaded them.
async function precacheRuntime() {
  const cache = await openRuntime();
  await Promise.all(MANIFEST.runtime.map(async (url) => {
    const key = new URL(url, SCOPE).href;
    if (await cache.match(key)) return;
    let response = await fetch(new Request(key, { cache: "force-cache" }));
    if (!response.ok) response = await fetch(new Request(key, { cache: "reload" }));
    if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
    await cache.put(key, response);
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([precacheSite(), precacheRuntime()]));
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

async function fromHttpCache(url) {
  try {
    // only-if-cached: never the network (that is the last resort below); same URL, same
    // request mode, so Chromium treats the answer as passed through and keeps its code cache.
    const response = await fetch(new Request(url, { cache: "only-if-cached", mode: "same-origin" }));
    return response.ok ? response : null;
  } catch {
    return null;  // not in the HTTP cache
  }
}

async function runtimeFile(request, url) {
  const updating = self.registration.installing || self.registration.waiting;
  return (WASM_PATHS.has(url.pathname) && !updating && (await fromHttpCache(url.href)))
    || (await (await openRuntime()).match(url.href))
    || fetch(request);
}

async function siteFile(request, url) {
  // Navigations carry URL parameters (?embed=1&lang=it...): match the page itself.
  const key = request.mode === "navigate" ? new URL("./" + url.pathname.slice(SCOPE.pathname.length), SCOPE).href : request;
  return (await (await openSite()).match(key, { ignoreSearch: true })) || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  event.respondWith(RUNTIME_PATHS.has(url.pathname) ? runtimeFile(request, url) : siteFile(request, url));
});
