// worker.js: module Web Worker that runs the Python engine and keeps the match.
// Boot: {kind: "boot", config} from engine-client.js -> load the self-hosted Pyodide, install the
// belote wheel from the site itself, import belote.bridge. Then every {id, method, params} is
// answered (docs/contracts.md "Bridge" and "Page <-> engine"):
//   - bridge methods (new_game, play, hint, snapshot) by belote.bridge.handle, JSON in, JSON out;
//   - "resume": the match kept in IndexedDB (js/match-store.js), claimed for this tab;
//   - "practice_start", and play/hint with {session: "practice"}: one finished deal played again
//     in the bridge's practice session, never stored (its steps: {kind: "steps", practice: true}).
// A deal's end is counted in the statistics (js/stats.js) in the same IndexedDB transaction as
// the save that holds it. With config.role "analysis" the same boot serves the analysis worker
// instead (belote.analysis + js/analysis-host.js: reviews of finished deals).
// The worker keeps the match: every change is stored before it is answered, and the save never
// leaves the worker (the page holds only the person's view). After a change, while a computer
// seat is to act, it plays the computer moves one by one and posts each as it is decided:
//   {kind: "steps", token, steps, view, moves, levels, stored, lost, save?} (a practice's: practice: true, save)
// so the page animates a move while the next one is being thought about. Other messages:
//   {kind: "progress", stage}  {kind: "download", loaded, total}  {kind: "ready", info}
//   {kind: "boot_error", error, type ("BootError" | "BuildMismatch")}  {kind: "busy"} (the analysis worker, during a long call)
//   {id, ok, result} | {id, ok: false, error, type}

import { BUILD } from "./build-info.js";
import { openMatchStore } from "./match-store.js";
import { countAbandoned, countEvents, counts, matchKey } from "./stats.js";
import { createAnalysisHost } from "./analysis-host.js";

let handle = null;
let booting = null;
let owner = null; // the page's tab id: only its worker writes the stored match
let token = 0; // bumped by every new or resumed match: steps of an older one are stale
let matchId = null; // the match's key (stats.js matchKey): the page keeps with it the last move it showed
let store; // undefined: not opened yet; null: storage refused
let lostToOtherTab = false;
let lastStored = false; // the match's last write was stored (a snapshot says so, not whether a store is open)
// What writes that failed could not count (a deal's or a match's end, a match abandoned), as
// [{match, levels, events} | {abandoned}]: counted with the next write of that match that lands
// (its save holds those moves, so a deal still counts once, with a save that holds it).
let uncounted = [];
let practiceToken = 0; // bumped by every practice: steps of an older one are stale
let host = null; // the methods this worker answers (the match's HOST, or the analysis host)

function post(msg) {
  self.postMessage(msg);
}

/** Watches the boot's downloads through fetch (the runtime's wasm and standard library, the
 * wheel): posts {kind: "download", loaded, total} as bytes arrive, at most every 250 ms, and
 * rejects `failed` when one cannot start, is refused (an error status) or breaks off. Pyodide's wasm
 * loader only logs such a failure and then waits for ever; the page would show a spinner until its
 * timeout. */
function watchDownloads(total) {
  const realFetch = self.fetch;
  let loaded = 0;
  let lastPost = 0;
  let booted = false;
  let broken = false;
  let rejectBoot;
  const failed = new Promise((_, reject) => { rejectBoot = reject; });
  failed.catch(() => {});
  const rejectFailed = (error) => {
    if (booted) return;
    broken = true;
    rejectBoot(error);
  };
  // Once a download has failed, the boot fails with its message and the page ends this worker. The
  // runtime's loader is left waiting: a failed or refused fetch, and any fetch after it, never
  // answers it (thrown back, it was left unhandled, then logged). What still fails is an echo (a
  // body cut off under the loader), not reported again.
  const never = () => new Promise(() => {});
  self.addEventListener("unhandledrejection", (event) => {
    if (broken) event.preventDefault();
  });
  const report = (force) => {
    const now = performance.now();
    if (!force && now - lastPost < 250) return;
    lastPost = now;
    post({ kind: "download", loaded, total });
  };
  async function count(url, body) {
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        loaded += value.byteLength;
        report(false);
      }
      report(true);
    } catch (e) {
      rejectFailed(new Error(`the download of ${url} broke off: ${(e && e.message) || e}`));
    }
  }
  self.fetch = async (input, init) => {
    if (broken) return never();
    const url = String(input instanceof Request ? input.url : input);
    let response;
    try {
      response = await realFetch(input, init);
    } catch (e) {
      rejectFailed(new Error(`cannot fetch ${url}: ${(e && e.message) || e}`));
      return never();
    }
    if (!response.ok) {
      rejectFailed(new Error(`cannot fetch ${url}: HTTP ${response.status}`));
      return never();
    }
    // a copy of the body, read as it arrives (the original keeps its URL: the browser caches
    // the wasm's compiled code by it)
    if (response.body) count(url, response.clone().body);
    return response;
  };
  /** The attempt is over (`ok`: it booted, and a late failure of its downloads no longer counts). */
  const stop = (ok) => {
    booted = ok;
    self.fetch = realFetch;
  };
  return { failed, stop };
}

/** Boots the runtime and the engine, or fails at once when a download breaks off. */
function boot(config) {
  const downloads = watchDownloads(Number(config.downloadBytes) || 0);
  const attempt = bootRuntime(config);
  // The watch ends with the attempt, not with the race: after a download broke off (a page being
  // unloaded cuts them all) the runtime's loader went on and started its next fetch through the
  // plain fetch, and that failure was left unhandled as a bare "Failed to fetch".
  attempt.then(() => downloads.stop(true), () => downloads.stop(false));
  return Promise.race([attempt, downloads.failed]);
}

async function bootRuntime(config) {
  // The page and this worker must come from one build: never run a mix of two deploys.
  if (config.build !== BUILD.build) {
    const mismatch = new Error(`the page is build ${config.build} but the engine worker is build ${BUILD.build}: reload the page`);
    mismatch.type = "BuildMismatch"; // a Retry would meet the same worker: the page offers Reload
    throw mismatch;
  }
  const root = new URL(config.siteRoot);
  const indexURL = new URL(config.pyodideDir, root).href;
  const wheelURL = new URL(config.wheel, root).href;
  // The wheel downloads while the runtime boots; unpacking it is then ~tens of ms.
  // (through the boot's watch: a fetch that fails or is refused fails the boot, naming the file)
  const wheelBytes = config.wheelMethod === "unpack" ? fetch(wheelURL).then((r) => r.arrayBuffer()) : null;
  if (wheelBytes) wheelBytes.catch(() => {});
  const storeReady = openMatchStore().then((s) => { store = s; });

  let loadPyodide;
  try {
    ({ loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href));
  } catch (e) {
    throw new Error(`cannot load the Python runtime (${indexURL}pyodide.mjs): ${e.message}`);
  }
  const pyodide = await loadPyodide({
    indexURL,
    // The game's own standard library (only the modules it needs, as bytecode) and a lock file
    // without packages, both from the build (build_wheel.py): 2 MB less to download than the
    // runtime's python_stdlib.zip and pyodide-lock.json, and no stdlib module to compile.
    ...(config.stdLib && { stdLibURL: new URL(config.stdLib, root).href }),
    ...(config.lockFile && { lockFileContents: config.lockFile }),
    stdout: () => {},
    stderr: (s) => console.warn(s),
  });
  post({ kind: "progress", stage: "engine" });

  if (config.wheelMethod === "loadPackage") {
    const errors = [];
    await pyodide.loadPackage(wheelURL, { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
    if (errors.length) throw new Error(`cannot install ${wheelURL}: ${errors.join("; ")}`);
  } else {
    const bytes = await wheelBytes;
    const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
    try {
      pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
    } catch (e) {
      throw new Error(`cannot install ${wheelURL}: ${e.message}`);
    }
    // Only site-packages changed, so only its finder forgets its listing:
    // importlib.invalidate_caches() would also re-read the stdlib zip's index (~40 ms).
    pyodide.runPython(`import sys
finder = sys.path_importer_cache.get(${JSON.stringify(sitePackages)})
if finder is not None:
    finder.invalidate_caches()`);
  }
  post({ kind: "progress", stage: "import" });
  const analysis = config.role === "analysis";
  const engineModule = pyodide.pyimport(analysis ? "belote.analysis" : "belote.bridge");
  handle = engineModule.handle;
  // "Hard in my seat" is one long Python call: a sign of life after each of its moves keeps a
  // slow device's worker from being taken for a hung one (engine-client.js hears any message)
  if (analysis) engineModule.set_heartbeat(() => post({ kind: "busy" }));
  // bytecode: the engine came precompiled (the cp3XX wheel), so the import compiled nothing
  const infoProxy = pyodide.runPython(
    "import belote; [getattr(belote, '__version__', ''), belote.__spec__.origin.endswith('.pyc')]",
  );
  const [version, bytecode] = infoProxy.toJs();
  infoProxy.destroy();
  await storeReady;
  host = analysis ? createAnalysisHost({ python: bridgeCall, post, store, enqueue, build: BUILD.build }) : HOST;
  return { pyodide: pyodide.version, belote: version, build: BUILD.build, bytecode, storage: !!store, role: analysis ? "analysis" : "match" };
}

// ---- the bridge ---------------------------------------------------------------------------

class BridgeError extends Error {
  constructor(type, message) {
    super(message);
    this.type = type;
  }
}

/** One bridge call (of the match's session, or `session` "practice"): the result, or a
 * BridgeError with the Python exception's name. */
function bridgeCall(method, params = {}, session = "match") {
  const reply = JSON.parse(handle(JSON.stringify({ id: 0, session, method, params })));
  if (!reply.ok) throw new BridgeError(reply.type, reply.error);
  return reply.result;
}

// ---- the stored match -----------------------------------------------------------------------

/** Stores the save, and counts the deals and the match its steps end in the statistics (in the
 * same transaction); false when storage is refused or the match now belongs to another tab. */
async function persist(save, steps = [], abandoned = null) {
  lastStored = await write(save, steps, abandoned);
  return lastStored;
}

/** persist's one attempt; `abandoned`: the levels of a match begun that this new one replaces
 * (counted as played, not won, with the new match's first save). */
async function write(save, steps, abandoned) {
  const events = steps.flatMap((s) => s.events).filter((ev) => counts([ev]));
  const match = uncounted.length || events.length ? matchKey(save) : null;
  // only this match's: a save of another (a new game, a match taken over) does not hold their moves
  const batch = uncounted.filter((b) => b.abandoned || b.match === match);
  if (events.length) batch.push({ match, levels: save.levels, events });
  if (abandoned) batch.push({ abandoned });
  if (store === null) store = await openMatchStore(); // keep trying: storage may come back
  if (!store) {
    uncounted = batch;
    return false;
  }
  const stats = !batch.length ? null : (record) => batch.reduce((counted, b) => (b.abandoned
    ? countAbandoned(counted, b.abandoned) : countEvents(counted, b.events, b.levels, b.match)), record);
  try {
    const outcome = await store.write(save, owner, BUILD.build, stats);
    if (outcome === "taken") lostToOtherTab = true;
    uncounted = []; // counted with this save, or gone with moves another tab's match never had
    return outcome === "ok";
  } catch {
    uncounted = batch; // the next write that lands counts them: its save holds these moves too
    return false; // quota exceeded, storage cleared under us...: play on, say it is not kept
  }
}

/** The save to resume: the stored one, or `kept` (the page's copy) when it continues the same match
 * further (its moves could not be stored: nothing the person played is dropped). */
function furthest(stored, kept) {
  if (!stored || !kept) return stored || kept;
  return continues(stored, kept) ? kept : stored;
}

/** `later` is `earlier`'s match played further: same seed, `earlier`'s actions a shorter prefix. */
function continues(earlier, later) {
  return reaches(earlier, later) && later.game.actions.length > earlier.game.actions.length;
}

/** `later` is `earlier`'s match, as far or further: same seed, `earlier`'s actions a prefix. */
function reaches(earlier, later) {
  const a = earlier?.game?.actions;
  const b = later?.game?.actions;
  return Array.isArray(a) && Array.isArray(b) && b.length >= a.length
    && earlier.game.seed === later.game.seed && a.every((action, i) => action === b[i]);
}

/** The deals and match end that a dead engine's moves beyond the stored save (`since` actions)
 * ended: never counted, since a deal counts with the write that stores it. Counted with the next
 * write of this match that lands, as a failed write's are. */
function countUnstored(save, since) {
  const ended = bridgeCall("events_since", { save, since }).events.filter((ev) => counts([ev]));
  if (ended.length) uncounted.push({ match: matchKey(save), levels: save.levels, events: ended });
}

/** What the page gets for a change of the match: the save stays here, unless it could not be
 * stored: then the page keeps it in memory, to resume a restarted engine (issue: storage refused). */
function forPage(result, stored) {
  const out = { view: result.view, steps: result.steps, moves: result.moves, levels: result.levels, token, key: matchId, stored,
    lost: lostToOtherTab };
  if (!stored) out.save = result.save;
  return out;
}

// One job at a time: a request, or one computer move. A computer move queues the next one only
// once it is posted, so a request that arrives meanwhile (a new game, a hint) goes in between.
let queue = Promise.resolve();
function enqueue(job) {
  const run = queue.then(job);
  queue = run.catch(() => {});
  return run;
}

const REPLAY_MOVES = 80; // at most about two deals are played back to a page that comes back

/** What a page that comes back had not shown of the match: {view, moves, steps} from the move it
 * last showed (`shown`: its record {key, moves}), played back before what comes next; or {}. */
function unseen(result, key, shown) {
  const since = shown?.key === key ? shown.moves : null;
  if (!Number.isInteger(since) || since < Math.max(0, result.moves - REPLAY_MOVES) || since >= result.moves) return {};
  try {
    const { view, steps } = bridgeCall("steps_since", { save: result.save, since });
    return { view, moves: since, steps };
  } catch {
    return {}; // never in the way of the match itself: it opens where it stands
  }
}

/** One computer move of match `mine`, posted once it is stored; then the next, until the person is to act. */
async function advance(mine) {
  if (mine !== token || lostToOtherTab) return;
  let result;
  try {
    result = bridgeCall("advance");
  } catch (e) {
    post({ kind: "steps_error", token: mine, error: e.message, type: e.type || "InternalError" });
    return;
  }
  if (!result.steps.length) return;
  let stored;
  try {
    stored = await persist(result.save, result.steps);
  } catch (e) {
    // Never a silent stop: the page would wait on "West is thinking…" for good.
    post({ kind: "steps_error", token: mine, error: String(e.message || e), type: e.type || "InternalError" });
    return;
  }
  post({ kind: "steps", ...forPage(result, stored) });
  followUp(result);
}

/** While a computer seat is to act, queue its move. */
function followUp(result) {
  const next = result.view.to_act;
  const mine = token;
  if (next !== 0 && next !== null && !lostToOtherTab) setTimeout(() => enqueue(() => advance(mine)), 0);
}

/** A change of the match: store it, answer it, then let the computer seats play. */
async function changed(result, { fresh = false, abandoned = null } = {}) {
  if (fresh) {
    token++;
    matchId = matchKey(result.save);
  }
  const stored = await persist(result.save, result.steps, abandoned);
  followUp(result);
  return forPage(result, stored);
}

// ---- the practice: a finished deal played again, outside the match ----------------------------

/** A practice answer: like a match's, its own token; its save (fresh seeds, a public deal) included. */
function forPractice(result) {
  return { view: result.view, steps: result.steps, moves: result.moves, levels: result.levels, token: `p${practiceToken}`,
    practice: true, stored: false, save: result.save };
}

/** The practice's computer moves, one job each, posted as they are decided. */
function followPractice(result) {
  const next = result.view.to_act;
  const mine = practiceToken;
  if (next === 0 || next === null) return;
  setTimeout(() => enqueue(() => {
    if (mine !== practiceToken) return;
    let step;
    try {
      step = bridgeCall("advance", {}, "practice");
    } catch (e) {
      post({ kind: "steps_error", token: `p${mine}`, error: e.message, type: e.type || "InternalError" });
      return;
    }
    if (!step.steps.length) return; // the practice deal is over
    post({ kind: "steps", ...forPractice(step) });
    followPractice(step);
  }), 0);
}

/** The levels of the match this worker plays, when it has begun and is not over (else null):
 * a New game over it abandons it, which the statistics count as a match played and not won. */
function begunMatchLevels() {
  try {
    const now = bridgeCall("snapshot");
    return now.moves > 0 && now.view.phase !== "over" ? now.save.levels : null;
  } catch {
    return null; // no match yet
  }
}

const HOST = {
  /** Bridge params plus {owner}: this tab's id, the owner of the stored match from now on. */
  async new_game({ owner: tabId = owner, ...params }) {
    owner = tabId;
    lostToOtherTab = false;
    // No claim: only the tab that holds the match starts another over it (resume is the one way
    // to take a match). A new game asked for just before another tab took the match (it waited
    // behind a computer's move) is refused by its first write's owner check: the reply says
    // `lost`, and the other tab's match stays stored.
    const abandoned = begunMatchLevels();
    return changed(bridgeCall("new_game", params), { fresh: true, abandoned });
  },
  async play({ session = "match", ...params }) {
    if (session === "practice") {
      const result = bridgeCall("play", params, "practice");
      followPractice(result);
      return forPractice(result);
    }
    if (lostToOtherTab) throw new BridgeError("MatchMoved", "this match is being played in another tab");
    return changed(bridgeCall("play", params));
  },
  /** {deal}: finished deal `deal` of the match dealt again as a practice (the match untouched). */
  async practice_start(params) {
    const result = bridgeCall("start", params, "practice");
    practiceToken++;
    followPractice(result);
    return forPractice(result);
  },
  /** The page left the practice: its computer moves stop. */
  async practice_stop() {
    practiceToken++;
    return {};
  },
  /** {owner, seed?, kept?, legacy?}: resume the stored match for tab `owner`, or a save kept
   * elsewhere: `kept`, the page's copy of moves storage refused, when no other tab has written since
   * (it is then the newest, even of another match: a new game that could not be stored), else
   * `kept` or `legacy` (a previous build's) when none is stored or it continues the stored match
   * further; `otherSeed`: a `seed` was asked for and the match resumed is another (the page asks). */
  async resume({ owner: tabId = owner, seed = null, kept = null, legacy = null, shown = null } = {}) {
    owner = tabId;
    lostToOtherTab = false;
    let record = null;
    try {
      record = store ? await store.claim(owner) : null;
    } catch (e) {
      // Not "nothing stored": a new match would be written over the one that could not be read.
      throw new BridgeError("StorageReadError", `the stored match could not be read (${String((e && e.message) || e)})`);
    }
    const stored = record?.save;
    // The page's copy is the newest when no other tab wrote since, unless the stored save is that
    // same match as far or further (the dead engine stored a move it never posted)
    const newest = kept && (!record?.owner || record.owner === tabId) && !reaches(kept, stored);
    const save = newest ? kept : furthest(stored, kept || legacy);
    if (!save) return { found: false, stored: !!store };
    const result = bridgeCall("load", { save }); // a bad save throws: the page says so, the record stays
    // The deals of moves no write that landed held were never counted: past the stored save, or all
    // of them when the page's copy is another match (a new game never stored)
    if (save === kept) countUnstored(result.save, continues(stored, kept) ? stored.game.actions.length : 0);
    else if (stored && save === legacy) countUnstored(result.save, stored.game.actions.length);
    const otherSeed = seed !== null && save?.game?.seed !== seed;
    const reply = await changed(result, { fresh: true });
    return { found: true, otherSeed, ...reply, ...unseen(result, reply.key, shown) };
  },
  async snapshot() {
    return forPage(bridgeCall("snapshot"), lastStored);
  },
  async hint({ session = "match", ...params }) {
    return bridgeCall("hint", params, session);
  },
};

async function answer(msg) {
  const method = Object.hasOwn(host, msg.method) ? host[msg.method] : null;
  try {
    if (!method) throw new BridgeError("BadRequest", `unknown method ${JSON.stringify(msg.method)}`);
    post({ id: msg.id, ok: true, result: await method(msg.params ?? {}) });
  } catch (e) {
    post({ id: msg.id, ok: false, error: String(e.message || e), type: e.type || "InternalError" });
  }
}

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg && msg.kind === "ping") {
    post({ kind: "pong" }); // liveness, answered at once (between two computer moves at worst)
    return;
  }
  if (msg && msg.kind === "boot") {
    if (booting) return;
    booting = boot(msg.config);
    try {
      post({ kind: "ready", info: await booting });
    } catch (e) {
      post({ kind: "boot_error", error: String((e && e.message) || e), type: e?.type === "BuildMismatch" ? e.type : "BootError" });
    }
    return;
  }
  if (!host) {
    try {
      await booting;
    } catch {
      post({ id: msg.id, ok: false, error: "the engine did not start", type: "BootError" });
      return;
    }
  }
  enqueue(() => answer(msg));
};
