// boot.js: the page's first script. It starts the engine worker at once, so the Python runtime
// loads while main.js's module graph, the translations and the first paint are on their way.
// main.js takes that engine with startEngine(); Retry gets a fresh one from the same call.
import { createEngine } from "./engine-client.js";

const BOOT_TIMEOUT_MS = 45000;
let started = createEngine({ timeoutMs: BOOT_TIMEOUT_MS });

/** The engine started at page load the first time it is asked for, a new one after that. */
export function startEngine() {
  const engine = started || createEngine({ timeoutMs: BOOT_TIMEOUT_MS });
  started = null;
  return engine;
}
