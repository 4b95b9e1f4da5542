// boot.js: the page's first module. It starts the engine worker at once, so the Python runtime
// loads while main.js's module graph, the translations and the first paint are on their way.
// main.js takes that engine with startEngine(); Retry gets a fresh one from the same call.
// (A module that fails to load stops this one and main.js alike: js/boot-guard.js says so.)
import { createEngine, EngineError, BUILD } from "./engine-client.js";

// Nothing moved for this long (no stage reached, no byte downloaded): a hang, not a slow link.
const BOOT_TIMEOUT_MS = 45000;

/** A built page names its build (<meta name="belote-build">); js/build-info.js of another build
 * beside it (an old copy kept by a cache) would start that build's engine: refuse it at once. */
function buildMismatch() {
  const page = document.querySelector('meta[name="belote-build"]')?.content;
  if (!page || page === BUILD.build) return null;
  return new EngineError("BuildMismatch", `the page is build ${page} but its scripts are build ${BUILD.build}: reload the page`);
}

/** An engine that failed before it started: main.js shows its boot alert. */
function failedEngine(error) {
  const ready = Promise.reject(error);
  ready.catch(() => {});
  return { state: "failed", error, ready, call: () => ready, expect() {}, listen() {}, terminate() {} };
}

function newEngine() {
  const mismatch = buildMismatch();
  return mismatch ? failedEngine(mismatch) : createEngine({ timeoutMs: BOOT_TIMEOUT_MS });
}

let started = newEngine();

/** The engine started at page load the first time it is asked for, a new one after that. */
export function startEngine() {
  const engine = started || newEngine();
  started = null;
  return engine;
}
