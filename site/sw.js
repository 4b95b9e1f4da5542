// sw.js: offline play. Precaches the site (cache keyed by the build id) and the Pyodide runtime
// (its own long-lived cache keyed by the Pyodide version, so a game update does not download
// the 11 MB runtime again), and deletes its scope's other caches on activate. A new build
// installs in the background and takes over on the next visit, or mid-page when the player
// accepts the update between deals ({type: "skip-waiting"} from sw-register.js applyUpdate: the
// page then reloads, so one page never mixes files of two builds). build_wheel.py fills in MANIFEST, with the SHA-256 of
// every file: nothing is stored unless its bytes are the build's.
// Cache names carry the scope's path, so two copies of the game on one origin (/games/belote/,
// /games/belote-beta/) keep theirs. Caches the browser evicted are filled again when a page asks
// (sw-register.js, after its boot), so offline play comes back with the next online visit.
//
// Serving: cache first. The wasm alone comes from the browser's HTTP cache while that still
// holds the response the runtime cache verified: a same-URL response passed through, for which
// V8 finds the code it compiled on the last visit. Served from Cache Storage, the 9.6 MB wasm
// had no code cache on the first return visit and was compiled again (about 3 s of compiler CPU,
// a second of wall time on two cores).
// The JS files stay in Cache Storage: traced, they compile the same way as from the HTTP cache
// (pyodide.asm.mjs: 25 ms on the first return visit, from a code cache after that, either way).
// Offline, or once the HTTP cache has dropped it, the wasm comes from the runtime cache too, and
// so it does while a new build installs or waits: a passed-through response streams through this
// worker for a while, and Chromium drops a skipWaiting activation when the outgoing worker gets
// requests at the moment it is stopped (the e2e update test caught the new build left waiting).
const MANIFEST = /*@BUILD@*/null;

const SCOPE = new URL("./", self.location.href);
const PREFIX = `belote:${new URL(self.registration.scope).pathname}:`;
const SITE_CACHE = `${PREFIX}site-${MANIFEST.build}`;
const RUNTIME_CACHE = `${PREFIX}runtime-${MANIFEST.pyodide}`;
// Names before they carried the scope; the runtime one may hold this very runtime (no new download).
const LEGACY = /^belote-(site|runtime)-/;
const LEGACY_RUNTIME = `belote-runtime-${MANIFEST.pyodide}`;
const RUNTIME_ROOT = new URL("../", new URL(MANIFEST.runtime[0][0], SCOPE)).href;  // .../pyodide/
const RUNTIME_PATHS = new Set(MANIFEST.runtime.map(([u]) => new URL(u, SCOPE).pathname));
const WASM_PATHS = new Set([...RUNTIME_PATHS].filter((p) => p.endsWith(".wasm")));

// Opened once per service worker start, not on every request (dropped when found evicted, and
// when the open failed: a rejection kept here would fail every request until the worker stops).
let siteCache = null;
let runtimeCache = null;
const openSite = () => (siteCache ??= caches.open(SITE_CACHE).catch((e) => { siteCache = null; throw e; }));
const openRuntime = () => (runtimeCache ??= caches.open(RUNTIME_CACHE).catch((e) => { runtimeCache = null; throw e; }));

/** The stored response for `key`, or undefined: a cache that cannot be read is a miss, and the
 * network still answers (online, no page fails to load for an error of Cache Storage). */
async function lookup(open, key, options) {
  try {
    return await (await open()).match(key, options);
  } catch {
    return undefined;
  }
}

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

const verified = async (response, hash) => !!response && response.ok && (await sha256(response)) === hash;

// Files keep their names across builds (and a runtime file may have arrived broken, a deploy
// mid-upload), so the HTTP cache may hold other bytes than the manifest's. A file is taken from
// the HTTP cache when its bytes are this build's: on a first visit the page has just downloaded
// most of them. Any other copy is fetched again ("reload"); a file that still does not match
// fails the precache, which the next visit retries: a cache never holds a mix of two builds.
async function fetchVerified(url, hash) {
  const key = new URL(url, SCOPE).href;
  let response = await fetch(new Request(key, { cache: "force-cache" })).catch(() => null);
  if (!(await verified(response, hash))) {
    response = await fetch(new Request(key, { cache: "reload" }));
    if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
    if ((await sha256(response)) !== hash) throw new Error(`precache ${url}: not the bytes of build ${MANIFEST.build}`);
  }
  return response;
}

async function precacheSite() {
  const byHash = new Map();  // one download for the same bytes under two names ("./", index.html)
  for (const [url, hash] of MANIFEST.site) byHash.set(hash, [...(byHash.get(hash) || []), url]);
  // All fetched before any is stored: refilling the active build's cache never leaves it half full
  // for long while a page loads.
  const fetched = await Promise.all(
    [...byHash].map(async ([hash, urls]) => [urls, await fetchVerified(urls[0], hash)]));
  const cache = await openSite();
  await Promise.all(fetched.flatMap(([urls, response]) => {
    const copies = urls.map((_, i) => (i ? response.clone() : response));  // all before any is read
    return urls.map((url, i) => cache.put(new URL(url, SCOPE).href, copies[i]));
  }));
}

// The runtime's folder is versioned, so its files stay the same across builds: keep what an
// earlier build stored, or take it from a cache named the old way, when its bytes check out.
async function precacheRuntime() {
  const cache = await openRuntime();
  await Promise.all(MANIFEST.runtime.map(async ([url, hash]) => {
    const key = new URL(url, SCOPE).href;
    if (await verified(await cache.match(key), hash)) return;
    const old = await caches.match(key, { cacheName: LEGACY_RUNTIME });
    await cache.put(key, (await verified(old, hash)) ? old : await fetchVerified(url, hash));
  }));
}

async function complete() {
  for (const [name, count] of [[SITE_CACHE, MANIFEST.site.length], [RUNTIME_CACHE, MANIFEST.runtime.length]]) {
    if (!(await caches.has(name)) || (await (await caches.open(name)).keys()).length < count) return false;
  }
  return true;
}

// True once this build's caches are whole; after an eviction (the worker stays registered while
// Cache Storage is cleared) it precaches again first. One refill at a time.
let refilling = null;
function ensureCaches() {
  return (refilling ??= (async () => {
    if (await complete()) return true;
    if (self.serviceWorker?.state === "redundant") return false;  // a newer build has taken over
    siteCache = runtimeCache = null;  // handles to the deleted caches
    await Promise.all([precacheSite(), precacheRuntime()]);
    return complete();
  })().catch(() => false).finally(() => { refilling = null; }));
}

// A cache named the old way belongs to this scope when it holds this scope's files.
async function legacyOfThisScope(name) {
  const keys = await (await caches.open(name)).keys();
  return keys.some((request) => request.url === SCOPE.href || request.url.startsWith(RUNTIME_ROOT));
}

self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([precacheSite(), precacheRuntime()]));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keep = new Set([SITE_CACHE, RUNTIME_CACHE]);
    for (const name of await caches.keys()) {
      const stale = name.startsWith(PREFIX) ? !keep.has(name) : LEGACY.test(name) && (await legacyOfThisScope(name));
      if (stale) await caches.delete(name);
    }
  })());
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "skip-waiting") self.skipWaiting();
  if (type === "check-caches") event.waitUntil(ensureCaches().then((ok) => event.ports[0]?.postMessage({ ok })));
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

// The HTTP cache's copy may have arrived broken: it is used only when it is the response the
// runtime cache verified (same length and validators). Hashing it instead cost 0.4 s a visit.
const signature = (r) => ["content-length", "etag", "last-modified"].map((h) => r.headers.get(h) || "").join("|");
const sameResponse = (a, b) => signature(a) !== "||" && signature(a) === signature(b);

async function runtimeFile(request, url) {
  const stored = await lookup(openRuntime, url.href);
  const updating = self.registration.installing || self.registration.waiting;
  if (stored && WASM_PATHS.has(url.pathname) && !updating) {
    const cached = await fromHttpCache(url.href);
    if (cached && sameResponse(cached, stored)) return cached;
  }
  return stored || fetch(request);
}

async function siteFile(request, url) {
  // Navigations carry URL parameters (?embed=1&lang=it...): match the page itself.
  const key = request.mode === "navigate" ? new URL("./" + url.pathname.slice(SCOPE.pathname.length), SCOPE).href : request;
  return (await lookup(openSite, key, { ignoreSearch: true })) || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  event.respondWith(RUNTIME_PATHS.has(url.pathname) ? runtimeFile(request, url) : siteFile(request, url));
});
