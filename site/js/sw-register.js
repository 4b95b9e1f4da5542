/**
 * sw-register.js: registers the service worker (sw.js) that makes the game play offline.
 *
 *   import { registerServiceWorker } from "./sw-register.js";
 *   registerServiceWorker();   // call once at startup; never throws, never logs an error
 *
 * Marks the root element for tests and the UI:
 *   <html data-sw="active">        the page's build is precached (offline play works from now on)
 *   <html data-sw="unavailable">   no service worker here (e.g. inside a third-party iframe)
 *   <html data-sw-update="ready">  a newer build is installed; the next visit uses it
 * Updates never switch a running page to other files: a newer build found at startup is
 * activated and the page reloads once, before the game has started; one found later waits
 * for the next visit. Add ?nosw=1 to the URL to skip the service worker (benchmarks).
 */
const root = document.documentElement;

function mark(name, value) {
  root.dataset[name] = value;
}

export async function registerServiceWorker() {
  const sw = navigator.serviceWorker;
  if (!sw || new URLSearchParams(location.search).has("nosw")) {
    mark("sw", "unavailable");
    return null;
  }
  let reg;
  try {
    reg = await sw.register(new URL("../sw.js", import.meta.url), { updateViaCache: "none" });
  } catch {
    mark("sw", "unavailable");   // third-party iframe, private mode...: the game still plays online
    return null;
  }
  if (reg.waiting && sw.controller && !sessionStorage.getItem("belote-sw-reloaded")) {
    // A newer build finished installing during an earlier visit: take it now, at startup.
    sessionStorage.setItem("belote-sw-reloaded", "1");
    sw.addEventListener("controllerchange", () => location.reload(), { once: true });
    reg.waiting.postMessage({ type: "skip-waiting" });
    return reg;
  }
  sessionStorage.removeItem("belote-sw-reloaded");
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
