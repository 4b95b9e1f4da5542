/**
 * engine-client.js: the page's handle on the Python engine, which runs in a module Web Worker
 * (js/worker.js: self-hosted Pyodide + the belote wheel + belote.bridge).
 *
 * API (stable; js/main.js relies on it; shapes of methods/results: docs/contracts.md "Bridge"):
 *
 *   import { createEngine, EngineError, BUILD } from "./engine-client.js";
 *
 *   const engine = createEngine({ onProgress, onSteps, onCrash, timeoutMs: 30000, role });
 *     role                        "match" (default: the worker keeps and plays the match) or
 *                                 "analysis" (the same engine reviewing finished deals: js/analysis-host.js)
 *     onProgress({ stage, ms })   optional; stage is "runtime" (Pyodide loading), "engine"
 *                                 (installing the wheel), "import" (importing belote), then
 *                                 "ready". ms = since createEngine.
 *     onDownload({ loaded, total })  optional; bytes of the boot's downloads arrived so far, and
 *                                 what the build expects them to weigh (at most every 250 ms).
 *     onSteps(msg)                the computer moves the worker plays after a change of the match,
 *                                 one message per move: {token, steps, view, moves, levels, stored, lost,
 *                                 save?} ({practice: true, save} for a practice's moves; steps_error
 *                                 messages come as {error: EngineError, token}).
 *     onCrash(err)                the worker died or stopped answering once ready (err.type
 *                                 "WorkerCrashed" | "NoAnswer"); pending calls reject with err.
 *     onAnalysis(msg)             analysis workers: a decision of a review as it is valued,
 *                                 {key, index, decision}, or {key, index, error, type} when it
 *                                 could not be valued (docs/contracts.md "Analysis worker").
 *   engine.listen({ onSteps, onCrash, onAnalysis, onDownload })   sets those handlers later.
 *   engine.ready  -> Promise<{ pyodide: "314.0.7", belote: "1.0.0", build: "<build id>", bytecode, storage, role, bootMs }>
 *                    bytecode: true when the engine was imported from the precompiled wheel
 *                    rejects with an EngineError when the boot fails or times out.
 *   engine.call(method, params = {}) -> Promise<result>
 *                    waits for the boot, sends {id, method, params}, resolves with the bridge's
 *                    `result`; an engine error (bad action, bad save...) rejects with an
 *                    EngineError whose .type is the Python exception name ("IllegalAction",
 *                    "ValueError", ...) and .message the engine's message; params nested
 *                    deeper than 64 levels are refused before they are sent ("BadRequest").
 *   engine.state  -> "booting" | "ready" | "failed" | "closed"
 *   engine.error  -> the EngineError once state is "failed", else null
 *   engine.terminate()  stops the worker; pending calls reject with type "Closed".
 *   engine.expect(on)   computer moves are (on) / are no longer awaited; an analysis engine: a
 *                       review on show waits for it (js/review.js, while its dialog is open).
 *   Liveness: while a call or (after expect(true)) a computer move or a review is awaited, a worker silent for
 *   quietMs (4 s) is pinged; no answer within quietMs more means dead or hung: the engine fails
 *   with "NoAnswer" and onCrash is called.
 *
 *   Boot failure types (show role="alert" with a Retry button for any of them):
 *     "BootTimeout"  no sign of progress (a stage reached, bytes downloaded) for timeoutMs (wrong
 *                    MIME type, blocked wasm: these hang); a slow download that moves never times out
 *     "BootError"    the runtime, the wheel or the import failed, or a download was refused or broke off (message
 *                    names the cause/file)
 *     "WorkerError"  the worker script itself could not start
 *     "BuildMismatch" the worker's files are another build's than the page's: only a reload helps
 *   Retry: engine.terminate(); engine = createEngine(...)   (a reload works too).
 *
 *   Once ready, <html data-engine-build="..."> holds the build the worker itself runs (tests
 *   compare it with <meta name="belote-build">: one page never mixes two deploys).
 *
 *   BUILD (re-exported from the generated js/build-info.js):
 *     { version, build, pyodide, pyodideDir, wheel, engineWheel, micropipWheel, stdlib, pyodideLock, bootBytes }
 *     URLs are relative to the site root.
 */
import { BUILD } from "./build-info.js";

export { BUILD };

export class EngineError extends Error {
  constructor(type, message) {
    super(message);
    this.name = "EngineError";
    this.type = type;
  }
}

const SITE_ROOT = new URL("../", import.meta.url);
// A worker busy with one move answers a ping within a second or two; this long silent is dead.
const QUIET_MS = 4000;
// The bridge reads requests 32 levels deep; params nested a few thousand deep (a tampered save)
// would not even reach it: the worker fails to read such a message and never answers. Deeper
// than this, a call is refused here as the bridge would refuse it.
const MAX_PARAMS_DEPTH = 64;

/** True when `value` nests objects or arrays deeper than `limit` (depth first: quick on cycles too). */
function nestsDeeper(value, limit) {
  const stack = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop();
    if (v === null || typeof v !== "object") continue;
    if (depth >= limit) return true;
    for (const key of Object.keys(v)) stack.push([v[key], depth + 1]);
  }
  return false;
}

export function createEngine({
  onProgress = () => {}, onSteps = () => {}, onCrash = () => {}, onAnalysis = () => {}, onDownload = () => {},
  timeoutMs = 30000, quietMs = QUIET_MS, wheelMethod, role = "match",
} = {}) {
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const pending = new Map();
  let nextId = 1;
  let timer = null;
  let worker = null;
  let lastHeard = 0;
  let expecting = false;
  let pingSent = 0; // when the outstanding ping was sent, 0 when none
  let monitor = 0;

  const engine = {
    state: "booting",
    error: null,
    ready: null,
    call,
    expect,
    listen,
    terminate,
  };

  /** Replaces the onSteps / onCrash handlers (boot.js starts the engine before main.js has them). */
  function listen(handlers) {
    if (handlers.onSteps) onSteps = handlers.onSteps;
    if (handlers.onCrash) onCrash = handlers.onCrash;
    if (handlers.onAnalysis) onAnalysis = handlers.onAnalysis;
    if (handlers.onDownload) onDownload = handlers.onDownload;
  }

  let resolveReady;
  let rejectReady;
  engine.ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // A boot failure is reported through engine.ready and every call; never unhandled.
  engine.ready.catch(() => {});

  function fail(type, message) {
    // While booting this rejects `ready`; once ready (the worker crashed) it rejects the calls.
    if (engine.state !== "booting" && engine.state !== "ready") return;
    const wasReady = engine.state === "ready";
    const err = new EngineError(wasReady && type === "WorkerError" ? "WorkerCrashed" : type, message);
    engine.state = "failed";
    engine.error = err;
    clearTimeout(timer);
    clearInterval(monitor);
    if (worker) worker.terminate();
    rejectAll(err);
    rejectReady(err);  // no effect once ready has resolved
    if (wasReady) {
      try {
        onCrash(err);
      } catch (e) {
        setTimeout(() => { throw e; });
      }
    }
  }

  function rejectAll(err) {
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
  }

  // Liveness: while an answer or a computer move is awaited and the worker has been quiet for
  // quietMs, ping it; a ping unanswered for quietMs more means a dead or hung worker.
  function watch() {
    if (engine.state !== "ready" || !(pending.size || expecting)) {
      pingSent = 0;
      return;
    }
    const now = performance.now();
    if (pingSent && now - pingSent > quietMs) {
      fail("NoAnswer", role === "analysis" ? "the analysis engine stopped answering" : "the game engine stopped answering");
    } else if (!pingSent && now - lastHeard > quietMs) {
      pingSent = now;
      worker.postMessage({ kind: "ping" });
    }
  }

  /** Tells the client that computer moves are awaited (so a silent worker is noticed). */
  function expect(on) {
    expecting = !!on;
    if (expecting) lastHeard = Math.max(lastHeard, performance.now());
  }

  function progress(stage) {
    try {
      onProgress({ stage, ms: since() });
    } catch (e) {
      // A broken progress callback must not break the boot.
      setTimeout(() => { throw e; });
    }
  }

  function onMessage(event) {
    const msg = event.data;
    if (!msg || typeof msg !== "object") return;
    lastHeard = performance.now();
    pingSent = 0;
    if (msg.kind === "pong") return;
    if (msg.kind === "progress") {
      if (engine.state === "booting") armBootTimer();
      progress(msg.stage);
    } else if (msg.kind === "download") {
      if (engine.state !== "booting") return;
      armBootTimer();
      try {
        onDownload({ loaded: msg.loaded, total: msg.total });
      } catch (e) {
        setTimeout(() => { throw e; });
      }
    } else if (msg.kind === "ready") {
      if (engine.state !== "booting") return;
      clearTimeout(timer);
      engine.state = "ready";
      monitor = setInterval(watch, Math.max(250, quietMs / 4));
      document.documentElement.dataset.engineBuild = msg.info.build;  // test hook: the worker's build
      progress("ready");
      resolveReady({ ...msg.info, bootMs: since() });
    } else if (msg.kind === "boot_error") {
      fail(msg.type === "BuildMismatch" ? "BuildMismatch" : "BootError", msg.error);
    } else if (msg.kind === "analysis") {
      if (engine.state !== "ready") return;
      try {
        onAnalysis(msg);
      } catch (e) {
        setTimeout(() => { throw e; });
      }
    } else if (msg.kind === "steps" || msg.kind === "steps_error") {
      if (engine.state !== "ready") return;
      const out = msg.kind === "steps" ? msg : { token: msg.token, error: new EngineError(msg.type, msg.error) };
      try {
        onSteps(out);
      } catch (e) {
        setTimeout(() => { throw e; });
      }
    } else if (typeof msg.id === "number" && pending.has(msg.id)) {
      const { resolve, reject } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.ok) resolve(msg.result);
      else reject(new EngineError(msg.type || "Error", msg.error || "engine error"));
    }
  }

  async function call(method, params = {}) {
    await engine.ready;
    if (engine.state !== "ready") {
      throw engine.error || new EngineError("Closed", "the engine was stopped");
    }
    if (nestsDeeper(params, MAX_PARAMS_DEPTH)) {
      throw new EngineError("BadRequest", `request nested deeper than ${MAX_PARAMS_DEPTH} levels`);
    }
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, method, params });
    });
  }

  function terminate() {
    if (engine.state === "closed") return;
    const wasBooting = engine.state === "booting";
    engine.state = "closed";
    clearTimeout(timer);
    clearInterval(monitor);
    if (worker) worker.terminate();
    const err = new EngineError("Closed", "the engine was stopped");
    rejectAll(err);
    if (wasBooting) rejectReady(err);
  }

  /** (Re)starts the boot's clock: it fails when nothing moved for timeoutMs (a slow phone link
   * that keeps bringing bytes is not a hang). */
  function armBootTimer() {
    clearTimeout(timer);
    timer = setTimeout(
      () => fail("BootTimeout", `the game engine did not start: nothing came for ${Math.round(timeoutMs / 1000)} s`),
      timeoutMs,
    );
  }

  progress("runtime");
  armBootTimer();
  try {
    // the name tells the two workers apart in devtools and tests (the URL stays one cached file)
    worker = new Worker(new URL(`js/worker.js?v=${BUILD.build}`, SITE_ROOT), { type: "module", name: role });
  } catch (e) {
    fail("WorkerError", `cannot start the engine worker: ${e.message}`);
    return engine;
  }
  worker.onmessage = onMessage;
  worker.onerror = (e) => {
    e.preventDefault();
    fail("WorkerError", `the engine worker failed: ${e.message || "script error"}`);
  };
  worker.onmessageerror = () => fail("WorkerError", "the engine worker sent an unreadable message");
  worker.postMessage({
    kind: "boot",
    config: {
      siteRoot: SITE_ROOT.href,
      pyodideDir: BUILD.pyodideDir,
      // the game unpacks the precompiled wheel; the dev page can time the pure one both ways
      wheel: wheelMethod === "pure" || wheelMethod === "loadPackage" ? BUILD.wheel : BUILD.engineWheel,
      build: BUILD.build,
      wheelMethod: wheelMethod === "loadPackage" ? "loadPackage" : "unpack",
      // the game's trimmed standard library (tools/stdlib_modules.txt) and the runtime's lock header
      // without packages; the dev page's loadPackage install takes the runtime's own (loadPackage
      // imports importlib.metadata, which the game leaves out)
      ...(wheelMethod !== "loadPackage" && { stdLib: BUILD.stdlib, lockFile: BUILD.pyodideLock }),
      downloadBytes: BUILD.bootBytes, // what the boot fetches: its download progress counts against it
      role,
    },
  });
  return engine;
}
