/**
 * sw-register.js: the service worker (sw.js) that makes the game play offline, and how a new build
 * takes over without ever interrupting a match.
 *
 *   import { takeWaitingBuild, registerServiceWorker, applyUpdate } from "./sw-register.js";
 *   if (await takeWaitingBuild()) return;        // first thing: a build waiting since an earlier visit
 *   registerServiceWorker({ after, onUpdateReady, playing, betweenDeals });   // never throws, never logs an error
 *   applyUpdate();                                // the player accepted the offer: reload onto the new build
 *   deferUpdate();                                // the player put it off (Later)
 *
 * A new build takes over at the next visit (takeWaitingBuild: before anything is shown, and only
 * when no other tab is playing a match on the current build, since it would be left with its cache
 * deleted), or when the player accepts the offer that onUpdateReady() lets the page make between
 * deals. A build that finishes installing while this page runs is offered, never forced: the page
 * does not reload by itself while `playing()` says it has a match on the table; a build that takes
 * the page over then (a takeover the browser held past takeWaitingBuild's wait) stays offered, and
 * applyUpdate reloads onto it, since this page's own files are gone from the cache. The registration
 * waits for the promise `after` (the game: first table drawn or boot failed), so that on a first
 * visit the precache takes the runtime from the HTTP cache instead of competing with the boot.
 *
 * Marks the root element for tests and the UI:
 *   <html data-sw="active">        the service worker confirmed its caches hold its whole build (it
 *                                  fills them again first if the browser evicted them): offline
 *                                  play works from now on
 *   <html data-sw="unavailable">   no service worker here (e.g. inside a third-party iframe)
 *   <html data-sw-update="ready">  a newer build is installed and waits, or has taken this page over
 *                                  while a match held its reload (offered to the player either way)
 * Add ?nosw=1 to the URL to skip the service worker (benchmarks).
 */
const root = document.documentElement;
const LOCK = "belote-match"; // held by the tab that plays (js/tabs.js)
let registration = null;
// This page asked for the new build (Update now) in the last TAKEOVER_WAIT_MS: its reload is wanted
// if the takeover lands by then and between deals. A takeover the browser holds longer (another
// tab's request in flight) lands when the player may be in a deal: it is offered again instead.
let accepted = false;
let acceptTimer = 0;
let offerUpdate = () => {}; // marks the root and tells the page (registerServiceWorker's onUpdateReady)
// Set once another service worker than the one that served this page's files controls it (e.g. a
// takeover held past takeWaitingBuild's wait that landed during a match): the page is then behind,
// its build's cache deleted, and a new engine worker would load the other build's files. Watched
// from the module's start, so a takeover that lands before registerServiceWorker runs counts too.
let tookOver = false;
if (navigator.serviceWorker?.controller) {
  navigator.serviceWorker.addEventListener("controllerchange", () => { tookOver = true; });
}
// A takeover normally lands within a second; past this, the page boots on the build it has.
const TAKEOVER_WAIT_MS = 4000;

function mark(name, value) {
  root.dataset[name] = value;
}

// Asks the active service worker whether its caches hold its whole build: "active" only once it
// says so (after an eviction it precaches again first; an older worker never answers).
const asking = new Set(); // the ports, kept referenced until the answer comes
function confirmOffline(worker) {
  const { port1, port2 } = new MessageChannel();
  asking.add(port1);
  port1.onmessage = ({ data }) => {
    asking.delete(port1);
    port1.close();
    if (data && data.ok) mark("sw", "active");
  };
  try {
    worker.postMessage({ type: "check-caches" }, [port2]);
  } catch {
    asking.delete(port1); // gone redundant meanwhile: a newer build's worker answers for itself
  }
}

function disabled() {
  return !navigator.serviceWorker || new URLSearchParams(location.search).has("nosw");
}

// sessionStorage may be refused (storage blocked for the site): then no reload guard is kept.
function session(action, key, value) {
  try {
    return action === "get" ? sessionStorage.getItem(key)
      : action === "set" ? sessionStorage.setItem(key, value) : sessionStorage.removeItem(key);
  } catch {
    return null;
  }
}

/** True when another tab holds the match lock (asked before this tab claims it). */
async function matchOpenElsewhere() {
  try {
    const { held = [] } = await navigator.locks.query();
    return held.some((lock) => lock.name === LOCK);
  } catch {
    return false; // no Web Locks (or refused): nothing to protect across tabs
  }
}

/**
 * At startup: a newer build that finished installing during an earlier visit takes over now, and the
 * page reloads onto it before it shows anything. Resolves true when that reload is on its way, false
 * when the page should boot on the build it has (nothing waits, or the takeover is held).
 */
export async function takeWaitingBuild() {
  if (disabled() || !navigator.serviceWorker.controller) return false;
  const reg = await navigator.serviceWorker.getRegistration().catch(() => null);
  if (!reg || !reg.waiting || session("get", "belote-sw-reloaded")) {
    session("remove", "belote-sw-reloaded");
    return false;
  }
  if (await matchOpenElsewhere()) return false; // that tab's match keeps its build until it is done
  const waiting = reg.waiting;
  // it took over meanwhile (another tab asked): registerServiceWorker sees the takeover
  if (!waiting) return false;
  session("set", "belote-sw-reloaded", "1"); // one try: never a reload loop
  const sw = navigator.serviceWorker;
  return new Promise((resolve) => {
    const reload = () => {
      resolve(true);
      location.reload();
    };
    // Chromium holds the activation while the old worker still has requests in flight (up to
    // 5 minutes: w3c/ServiceWorker#916). Play on this build meanwhile; registerServiceWorker
    // reloads onto the new one when it takes over, unless a match is on the table by then.
    setTimeout(() => {
      sw.removeEventListener("controllerchange", reload);
      resolve(false);
    }, TAKEOVER_WAIT_MS);
    sw.addEventListener("controllerchange", reload, { once: true });
    waiting.postMessage({ type: "skip-waiting" });
  });
}

/**
 * The player accepted the new build: it takes over and this page reloads onto it (the match resumes).
 * Returns false when there is nothing to move to (no build waits, none has taken over). `onHeld()`:
 * the browser held the takeover past TAKEOVER_WAIT_MS (the page stays on its build; see deferUpdate).
 */
export function applyUpdate(onHeld = () => {}) {
  if (disabled()) return false;
  if (tookOver) {
    // The new build took over already (the page did not reload: a match was on): reload onto it.
    accepted = true;
    location.reload();
    return true;
  }
  if (!registration || !registration.waiting) return false;
  accepted = true;
  clearTimeout(acceptTimer);
  acceptTimer = setTimeout(() => {
    deferUpdate();
    onHeld();
  }, TAKEOVER_WAIT_MS);
  registration.waiting.postMessage({ type: "skip-waiting" });
  return true;
}

/** The player put the new build off (Later), or its takeover is held: a takeover landing from now
 * on is offered again, never a reload in the middle of a deal. */
export function deferUpdate() {
  clearTimeout(acceptTimer);
  accepted = false;
}

export async function registerServiceWorker({
  after = Promise.resolve(), onUpdateReady = () => {}, playing = () => false, betweenDeals = () => true,
} = {}) {
  if (disabled()) {
    mark("sw", "unavailable");
    return null;
  }
  const sw = navigator.serviceWorker;
  offerUpdate = () => {
    mark("swUpdate", "ready");
    onUpdateReady();
  };
  if (sw.controller) {
    // A new build took over (this page accepted it, another tab with no match open took it at
    // startup, or a takeover asked for by takeWaitingBuild landed late). Reload onto it unless that
    // would interrupt a match on this table: then keep offering it, and applyUpdate reloads.
    const moved = () => {
      if (!playing() || (accepted && betweenDeals())) location.reload();
      else {
        deferUpdate();
        offerUpdate();
      }
    };
    sw.addEventListener("controllerchange", moved);
    if (tookOver) moved(); // it landed before this listener was added
  }
  try {
    await after;
  } catch {
    // whatever happened to the boot, offline support is still worth installing
  }
  const script = new URL("../sw.js", import.meta.url).href;
  const watched = new WeakSet();
  const watch = (worker) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    const check = () => {
      if (worker.state === "activated" && !sw.controller) confirmOffline(worker);
      if (worker.state === "installed" && sw.controller) offerUpdate();
      if (worker.state === "redundant") worker.removeEventListener("statechange", check);
    };
    worker.addEventListener("statechange", check);
    check();
  };
  const adopt = (reg) => {
    if (registration === reg) return;
    registration = reg;
    if (reg.active) confirmOffline(reg.active);
    watch(reg.installing);
    watch(reg.waiting);
    reg.addEventListener("updatefound", () => watch(reg.installing));
  };
  // register() waits behind any update in progress: a new build's install, its precache minutes
  // long on a slow link, kept this page from saying it plays offline (and its review worker
  // waited for that). The registration the page already has answers at once.
  const existing = await sw.getRegistration().catch(() => null);
  if (existing?.active?.scriptURL === script) adopt(existing);
  try {
    adopt(await sw.register(script, { updateViaCache: "none" }));
  } catch {
    if (!registration) mark("sw", "unavailable"); // third-party iframe, private mode...: the game still plays online
  }
  return registration;
}
