/**
 * sw-register.js: registers the service worker (sw.js) that makes the game play offline.
 *
 *   import { registerServiceWorker } from "./sw-register.js";
 *   registerServiceWorker({ after });   // call once at startup; never throws, never logs an error
 *
 * The registration waits for the promise `after` (the game passes one that settles once its
 * first table is drawn or its boot failed), so that on a first visit the precache takes the
 * runtime from the HTTP cache instead of downloading 13 MB twice and competing with the boot.
 *
 * Marks the root element for tests and the UI:
 *   <html data-sw="active">        the page's build is precached (offline play works from now on)
 *   <html data-sw="unavailable">   no service worker here (e.g. inside a third-party iframe)
 *   <html data-sw-update="ready">  a newer build is installed; the next visit uses it
 * Updates never leave a page running on files of two builds: a newer build found at startup
 * is activated and the page reloads once, before the game has started; one found later waits
 * for the next visit; a tab whose build another tab replaced reloads (the match resumes). Add ?nosw=1 to the URL to skip the service worker (benchmarks).
 */
const root = document.documentElement;

function mark(name, value) {
  root.dataset[name] = value;
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

export async function registerServiceWorker({ after = Promise.resolve() } = {}) {
  const sw = navigator.serviceWorker;
  if (!sw || new URLSearchParams(location.search).has("nosw")) {
    mark("sw", "unavailable");
    return null;
  }
  if (sw.controller) {
    // Another tab switched this origin to a newer build (its old cache is gone): reload onto
    // it rather than run on with files of two builds. The match resumes from its save.
    sw.addEventListener("controllerchange", () => location.reload(), { once: true });
  }
  // A newer build waiting since an earlier visit is taken at once, before the engine boots.
  const early = await sw.getRegistration().catch(() => null);
  if (!(early && early.waiting && sw.controller)) {
    try {
      await after;
    } catch {
      // whatever happened to the boot, offline support is still worth installing
    }
  }
  let reg;
  try {
    reg = await sw.register(new URL("../sw.js", import.meta.url), { updateViaCache: "none" });
  } catch {
    mark("sw", "unavailable");   // third-party iframe, private mode...: the game still plays online
    return null;
  }
  if (reg.waiting && sw.controller && !session("get", "belote-sw-reloaded")) {
    // A newer build finished installing during an earlier visit: take it now, at startup.
    session("set", "belote-sw-reloaded", "1");
    reg.waiting.postMessage({ type: "skip-waiting" });  // then "controllerchange" reloads
    return reg;
  }
  session("remove", "belote-sw-reloaded");
  const watch = (worker) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === "activated" && !sw.controller) mark("sw", "active");
      if (worker.state === "installed" && sw.controller) mark("swUpdate", "ready");
      if (worker.state === "redundant") worker.removeEventListener("statechange", check);
    };
    worker.addEventListener("statechange", check);
    check();
  };
  if (reg.active) mark("sw", "active");
  watch(reg.installing);
  watch(reg.waiting);
  reg.addEventListener("updatefound", () => watch(reg.installing));
  return reg;
}
