// main.js: wires the page. The engine worker (engine-client.js, Python) keeps the match and
// answers with steps; the timeline (timeline.js) plays them back; render.js draws `state`;
// input.js turns clicks and keys into intents, handled here. No rule of the game lives here:
// what can be played is view.legal_actions. How a move travels: docs/contracts.md.

import { startEngine } from "./boot.js";
import { registerServiceWorker, takeWaitingBuild, applyUpdate, deferUpdate } from "./sw-register.js";
import { loadLanguage, pickLanguage, applyStatic, t } from "./i18n.js";
import { state, update, setChangeListener, isMyTurn, matchInProgress, lastTrick, betweenDeals, LEVELS, SPEEDS, isTarget } from "./state.js";
import { readParams } from "./params.js";
import * as storage from "./storage.js";
import { requestRender, focusTurn, invalidate, hintText } from "./render.js";
import { bindInput } from "./input.js";
import { openDialog, closeDialogs, bindDialogs, refreshOpenDialog, readNewGame, fillLanguageSelect } from "./dialogs.js";
import { announce, prepareDialogLogs } from "./live.js";
import { narrateTurn, narrateDealStart } from "./narrate.js";
import * as timeline from "./timeline.js";
import { createTab } from "./tabs.js";
import * as review from "./review.js";
import { openMatchStore } from "./match-store.js";
import { emptyStats } from "./stats.js";

const params = readParams();
const tab = createTab({ onLost: () => matchMoved() });
const session = {
  engine: null,
  linkSeed: params.seed ?? null, // the URL's seed=: deals the first new match only, never without asking
  pending: null, // {settings, seed}: the new match waiting for "abandon this match?"
  inFlight: null, // {action, moves}: the person's action sent, not yet answered
  recoverySave: null, // when storage is refused, the worker hands the save over (a restart resumes it)
  storageWarned: false,
  analysisBooted: false,
  analysisStarted: false, // its gate passed: scored deals are reviewed in the background from then on
  overPending: false, // the match ended while a dialog was open: its dialog comes when that one closes
  statsStore: undefined, // the page's own handle on the stored statistics (null: storage refused)
  matchKey: null, // the key of the match on the table (the worker's): what the table showed is kept under it
};

// ---- settings ---------------------------------------------------------------------------

function initialSettings() {
  const stored = storage.loadSettings();
  const s = { ...state.settings };
  if (Object.hasOwn(SPEEDS, stored.speed)) s.speed = stored.speed;
  if (Array.isArray(stored.levels) && stored.levels.length === 3 && stored.levels.every((l) => LEVELS.includes(l))) s.levels = stored.levels;
  if (isTarget(stored.target)) s.target = stored.target; // 1e300 would be refused by the engine at every visit
  s.fourColour = stored.fourColour === true;
  s.lang = pickLanguage(params.lang || stored.lang);
  if (params.speed) s.speed = params.speed;
  if (params.levels) s.levels = params.levels;
  if (params.target) s.target = params.target;
  return s;
}

function persistSettings() {
  const { lang, speed, levels, target, fourColour } = state.settings;
  storage.saveSettings({ lang, speed: speed === "instant" ? "fast" : speed, levels, target, fourColour });
}

/** Shows the page in `lang` (English if its file cannot be read); false when a later choice
 * superseded this one while its file was on its way (that one applies instead). */
async function setLanguage(lang) {
  const loaded = await loadLanguage(lang);
  if (loaded === null) return false;
  update((s) => ({ settings: { ...s.settings, lang: loaded } }));
  applyStatic(document);
  for (const a of document.querySelectorAll(".rules-link")) {
    a.href = `rules/${loaded}.html`;
    // The rules page's way back loads the game, which resumes the match: in this tab, so that no
    // second copy opens locked out of it. An embed opens them in a tab of their own instead (its
    // frame would come back without embed=1).
    if (state.embed) Object.assign(a, { target: "_blank", rel: "noopener" });
  }
  fillLanguageSelect(document.getElementById("lang-select"));
  document.title = t("app_title");
  invalidate();
  refreshOpenDialog();
  requestRender();
  return true;
}

/** The person chose a language: a link's lang= (e.g. the rules page's way back) no longer
 * overrides it when the page reloads. An embed keeps it: there the host page picks the language. */
function dropLinkLanguage() {
  if (state.embed) return;
  const url = new URL(location.href);
  if (!url.searchParams.has("lang")) return;
  url.searchParams.delete("lang");
  history.replaceState(history.state, "", url);
}

// ---- the engine's answers -> state ----------------------------------------------------------

function reason(e) {
  return e && e.message ? e.message : String(e);
}

function engineError(e) {
  update({ alert: { kind: "engine", key: "engine_error", params: { reason: reason(e) } } });
}

/** What every answer about the match says of its storage: warn once, keep a copy if it is not kept.
 * A write refused because another tab took the match is not a storage failure: the match moved. */
function noteStorage(reply) {
  if (reply.lost) {
    matchMoved();
    return;
  }
  session.recoverySave = reply.stored ? null : reply.save || session.recoverySave;
  if (reply.stored) storage.clearLegacySave(); // the worker has it now: the old copy can go
  if (!reply.stored && !session.storageWarned) {
    session.storageWarned = true;
    update({ notice: { kind: "storage", key: "storage_not_kept" } });
  }
}

/** The boot is over and the page shows what it will show: a table, the other tab's notice, or the
 * alert that the stored match cannot be read or restored (not a failed boot's): #app[data-ready]. */
function markReady() {
  document.getElementById("app").dataset.ready = "1";
}

/** A new or resumed match: the table starts from its view. */
function adoptMatch(reply) {
  if (reply.lost) { // another tab took the match while this one asked: its match stays, this tab says so
    matchMoved();
    markReady();
    return;
  }
  timeline.reset(reply.token);
  noteStorage(reply);
  update({ view: reply.view, moves: reply.moves, token: reply.token, levels: reply.levels, busy: false, alert: null, hint: null });
  session.matchKey = reply.key;
  storage.saveShown(reply.key, reply.moves);
  markReady();
  // A match come back to from a move before its last (a reload while the computers played): the
  // moves the table had not shown are played back first; the timeline's end calls onIdle.
  if (reply.steps?.length) timeline.push(reply.token, reply.steps);
  else onIdle();
}

/** A step of the match has been shown whole (its trick gathered, its summary gone): kept, so
 * that a page that comes back plays back only what comes after it. */
function onShown(step) {
  if (!state.practice && session.matchKey) storage.saveShown(session.matchKey, step.moves);
}

/** Steps of the match in play (the answer to the person's move, or computer moves as they come),
 * or of the practice. A deal just scored is reviewed at once in the background. */
function adoptSteps(reply) {
  const practice = !!reply.practice;
  if (practice && !state.practice) return; // a practice the person has left
  if (practice) update((s) => ({ practice: { ...s.practice, save: reply.save } }));
  else noteStorage(reply);
  for (const step of reply.steps) {
    const scored = step.events.find((e) => e.type === "deal_scored" && e.result !== "thrown_in");
    // Only once the analysis worker has passed its gate (onIdle): a deal scored before would boot
    // it early (racing the first visit's precache), or at all with analysis=0. The gate's own
    // background review then takes the last played deal.
    if (scored && session.analysisStarted) review.prepare(practice ? "practice" : "match", scored.deal, practice ? reply.save : null);
  }
  timeline.push(reply.token, reply.steps);
}

const ANALYSIS_WAIT_MS = 15000; // the analysis worker boots anyway if the service worker is slow

/** Resolves once the service worker is active, is not available, or after ANALYSIS_WAIT_MS. */
function analysisGate() {
  const active = (session.swSettled || Promise.resolve(null))
    .then((reg) => (reg ? navigator.serviceWorker.ready : null))
    .catch(() => null);
  return Promise.race([active, timeline.after(ANALYSIS_WAIT_MS)]);
}

/** The timeline has shown every step: the person's turn, or the engine is thinking. */
function onIdle() {
  const v = state.view;
  const computerToAct = !!v && v.to_act !== null && v.to_act !== 0 && state.tab === "here";
  if (session.engine) session.engine.expect(computerToAct);
  if (state.practice && v?.sheet.length) requestRender(focusTurn); // a practice over: Back to the match
  if (isMyTurn()) {
    narrateTurn(v);
    requestRender(focusTurn);
    // The analysis worker boots once the table is up and the match waits for the person.
    if (!session.analysisBooted && !params.lateAnalysis) {
      session.analysisBooted = true;
      const played = state.practice ? [] : v.sheet.filter((row) => row.result !== "thrown_in");
      // Once offline support is installed (or unavailable): on a first visit the second engine's
      // runtime requests then come after the precache (measured: booting it at once made the
      // next visit's wasm compile again).
      analysisGate().then(() => {
        session.analysisStarted = true;
        review.bootAnalysis();
        // after a reload: the last played deal is the one most likely reviewed (kept values make it instant)
        if (played.length) review.prepare("match", Math.max(...played.map((row) => row.deal)));
      });
    }
  }
}

/** The match is over: say so, once the dialog the person has open (a review...) is closed. */
function onMatchOver() {
  if (state.practice) return; // a practice "match" is one deal: its end is said by narrate.js and shown by the practice bar
  if (state.dialog) session.overPending = true;
  else raiseDialog("dlg-over", matchIsOver);
}

function matchIsOver() {
  return !state.practice && state.view?.phase === "over";
}

/** Opens a dialog the page raises by itself (no click asked for it). A page without the focus
 * (an embed while the reader types in the host page) waits for it: showModal() would take the
 * keyboard from the host page. `stillWanted()` is asked again then. */
function raiseDialog(id, stillWanted) {
  if (!stillWanted()) return; // e.g. the match moved to another tab while the answer came
  if (document.hasFocus()) {
    openDialog(id);
    return;
  }
  window.addEventListener("focus", () => {
    if (!state.dialog && stillWanted()) openDialog(id);
  }, { once: true });
}

timeline.configure({ onIdle, onMatchOver, onShown });

function onSteps(msg) {
  if (msg.error) {
    // Only the table's own: a move of a practice the person has left, or of a match since
    // replaced, failing on its way is dropped, as its steps would be (timeline.push).
    if (msg.token === state.token || msg.token === state.practice?.match?.token) engineError(msg.error);
    return;
  }
  adoptSteps(msg);
}

// ---- the match ------------------------------------------------------------------------------

/** A new match (dealt from `seed`, else the link's seed if not used yet, else at random), over the
 * stored one: only the tab that owns the match may do that (a tab that lost it writes nothing). */
async function startNewGame(seed = null) {
  if (state.tab !== "here") return;
  const settings = state.settings;
  closeDialogs();
  timeline.reset(null);
  leavePractice();
  seed ??= session.linkSeed;
  session.linkSeed = null;
  session.inFlight = null;
  session.overPending = false;
  // An update put off with "Later" was put off for the match that ends here: offer it again.
  update((s) => ({ busy: true, hint: null, alert: null, view: null, moves: 0, token: null,
    newBuild: s.newBuild === "later" ? "ready" : s.newBuild }));
  try {
    const reply = await session.engine.call("new_game", { owner: tab.id, seed, target: settings.target, levels: settings.levels });
    if (!reply.lost) narrateDealStart(reply.view);
    adoptMatch(reply);
  } catch (e) {
    update({ busy: false });
    if (!isCrash(e)) engineError(e);
  }
}

/** The stored match for this tab (or a previous build's), else a new one. A link's seed= that
 * names another match than the one in progress asks first (the abandon dialog); Cancel plays on. */
async function resumeOrStart() {
  const legacy = storage.loadLegacySave();
  const linked = { levels: state.settings.levels, target: state.settings.target }; // the link's, for its match
  let reply;
  try {
    reply = await session.engine.call("resume", {
      owner: tab.id,
      seed: session.linkSeed,
      kept: session.recoverySave, // the page's copy of moves storage refused: the newest of this tab's
      legacy: legacy.save,
      shown: storage.loadShown(),
    });
  } catch (e) {
    if (isCrash(e)) return;
    if (e.type === "StorageReadError") { // nothing changed: the match may read fine in a moment
      update({ busy: false, view: null, alert: { kind: "read", key: "save_unreadable", params: { reason: reason(e) } } });
    } else {
      update({ busy: false, alert: { kind: "save", key: "save_corrupt", params: { reason: reason(e) } } });
    }
    markReady();
    return;
  }
  if (!reply.found) {
    if (legacy.error) {
      update({ alert: { kind: "save", key: "save_corrupt", params: { reason: legacy.error } } });
      markReady();
      return;
    }
    await startNewGame();
    return;
  }
  const latest = reply.steps?.length ? reply.steps[reply.steps.length - 1] : reply; // after the moves played back
  const inProgress = latest.view.phase !== "over" && latest.moves > 0;
  if (reply.otherSeed && !inProgress) {
    await startNewGame(); // nothing to lose: the linked deals at once
    return;
  }
  if (reply.otherSeed) session.pending = { settings: linked, seed: session.linkSeed };
  session.linkSeed = null; // asked once: a restart or a take-over resumes without asking again
  update((s) => ({ settings: { ...s.settings, levels: reply.levels.slice(), target: reply.view.target } }));
  announce(t("announce_resumed"));
  narrateDealStart(reply.view);
  adoptMatch(reply);
  if (reply.otherSeed) raiseDialog("dlg-confirm", () => !!session.pending);
  else if (reply.view.phase === "over") onMatchOver(); // after a dialog the person has open (a review)
}

async function playAction(action) {
  if (!isMyTurn() || !state.view.legal_actions.includes(action)) return;
  timeline.skip();
  const practice = !!state.practice;
  session.inFlight = practice ? null : { action, moves: state.moves };
  update({ busy: true, hint: null });
  try {
    const reply = await session.engine.call("play", practice ? { action, session: "practice" } : { action });
    session.inFlight = null;
    adoptSteps(reply); // queued before busy ends: the person never gets a turn in between
    update({ busy: false });
  } catch (e) {
    if (isCrash(e)) return; // recover() replays the action if the engine had not kept it
    session.inFlight = null;
    update({ busy: false });
    if (e.type === "MatchMoved") matchMoved();
    else engineError(e);
  }
}

async function askHint() {
  if (!isMyTurn()) return;
  const { token, moves } = state; // the table asked about: a match and a practice may be at the same move count
  try {
    const h = await session.engine.call("hint", state.practice ? { session: "practice" } : {});
    if (state.token !== token || state.moves !== moves || !isMyTurn()) return;
    // kept as the engine's key and arguments: drawn (and said) in the language of the moment
    const hint = { action: h.action, reason: h.reason, reason_key: h.reason_key, reason_args: h.reason_args };
    const patch = { hint };
    if (state.view.phase === "play") patch.handFocus = h.action;
    update(patch, () => {
      const el = document.querySelector(`#hand [data-card="${h.action}"], #bids [data-action="${h.action}"]`);
      // said once: by the hinted button's description when the focus moves to it, else in the log
      if (el && !el.disabled && el !== document.activeElement && document.hasFocus()) el.focus({ preventScroll: true });
      else announce(t("status_hint", { reason: hintText(hint, true) })); // cards said by name
    });
  } catch (e) {
    if (!isCrash(e)) engineError(e);
  }
}

// ---- the practice: a finished deal played again, outside the match ---------------------------

/** Deals finished match deal `deal` again as a practice; the match waits (its save untouched). Its
 * table (view, moves, token) is kept with the practice: whether a match is in progress is the
 * match's, not the practice's (matchInProgress); its score bar and sheet stay on show (render.js);
 * a tab whose match moves shows it again (matchMoved). A match that ended meanwhile says so on the
 * way back (backToMatch). */
async function startPractice(deal) {
  if (state.boot !== "ready" || state.tab !== "here") return;
  session.overPending = false;
  closeDialogs();
  // The table waits, its steps kept: a practice refused leaves it exactly as it was, playing on.
  // (Dropped here, the steps had to come back through the match's snapshot; with that refused too,
  // the table looked playable while every move of the person was played unseen.)
  timeline.holdSteps();
  const wasPractice = !!state.practice;
  update({ busy: true, hint: null });
  try {
    const reply = await session.engine.call("practice_start", { deal });
    if (state.tab !== "here") { // the match moved meanwhile: no practice in a tab that lost it
      session.engine.call("practice_stop").catch(() => {});
      return;
    }
    update((s) => ({
      practice: { deal, save: reply.save, match: s.practice ? s.practice.match : { view: s.view, moves: s.moves, token: s.token } },
      view: reply.view, moves: reply.moves, token: reply.token, busy: false, alert: null,
    }));
    timeline.reset(reply.token);
    announce(t("practice_banner", { n: deal + 1 })); // the one voice: the bar beside it is not a live region
    narrateDealStart(reply.view);
    onIdle();
  } catch (e) {
    update({ busy: false });
    if (isCrash(e)) return; // recover() resumes the match
    // A practice the worker began before its answer was lost plays no moves unseen; one on the
    // table before goes on (the worker keeps it when a start fails)
    if (!wasPractice) session.engine.call("practice_stop").catch(() => {});
    timeline.releaseSteps();
    if (!state.playing) onIdle(); // the person's turn again: said and focused, as after any wait
    engineError(e);
  }
}

/** Shows the match as it stands now (its snapshot), leaving any practice. Throws the refusal when
 * the table is still the one it was asked for (a crash is recover()'s); does nothing when the table
 * changed meanwhile (another Back, a new game, the match moved). */
async function showMatchAgain() {
  const token = state.token;
  let reply;
  try {
    reply = await session.engine.call("snapshot");
  } catch (e) {
    if (!isCrash(e) && state.token === token) throw e;
    return;
  }
  if (state.token !== token) return;
  leavePractice();
  adoptMatch(reply);
  session.overPending = false;
  if (state.view.phase === "over") openDialog("dlg-over");
}

/** Forgets the practice (its computer moves stop); the caller shows the match again. Returns the
 * match's table as it was when the practice began ({view, moves, token}), or null. */
function leavePractice() {
  if (!state.practice) return null;
  const { match } = state.practice;
  update({ practice: null });
  if (session.engine) session.engine.call("practice_stop").catch(() => {});
  return match;
}

/** Back from the practice: the match as it stands now (and "Match over" if it is). The practice
 * stays on the table until the match's snapshot is here: if it is refused, the person keeps the
 * practice (and the error) and may try again. */
async function backToMatch() {
  if (!state.practice) return;
  closeDialogs();
  try {
    await showMatchAgain();
  } catch (e) {
    engineError(e); // the practice stays on the table: Back again once the engine answers
  }
}

// ---- statistics ------------------------------------------------------------------------------

async function statsStore() {
  if (session.statsStore === undefined || session.statsStore === null) session.statsStore = await openMatchStore();
  return session.statsStore;
}

async function openStats() {
  const store = await statsStore();
  let record = null;
  let unread = false; // the read failed: the figures are not known, not zero
  if (store) {
    try {
      record = await store.readStats();
    } catch {
      unread = true;
    }
  }
  update((s) => ({ stats: { record, key: s.stats?.key ?? null, confirm: false, kept: !!store, unread } }));
  openDialog("dlg-stats");
}

/** Reset asks once more, on the same button; `clicks` is the click's count (event.detail): the
 * second click of a double click or double tap is not an answer to a question not yet read. */
async function resetStats(clicks = 1) {
  if (!state.stats || state.stats.unread) return; // never reset figures the person cannot see
  if (!state.stats.confirm) {
    update((s) => ({ stats: { ...s.stats, confirm: true } }));
    refreshOpenDialog();
    announce(t("stats_reset_confirm"));
    return;
  }
  if (clicks > 1) return;
  const store = await statsStore();
  const record = store ? await store.updateStats(() => emptyStats()).catch(() => null) : null;
  if (record === null) { // nothing was reset: say so, and show what is still stored
    update((s) => ({ stats: { ...s.stats, confirm: false } }));
    refreshOpenDialog();
    announce(t("stats_reset_failed"));
    return;
  }
  update((s) => ({ stats: { ...s.stats, record, confirm: false } }));
  refreshOpenDialog();
  announce(t("stats_reset_done"));
}

// ---- the engine's life ------------------------------------------------------------------------

// Settles once the first table is up or the boot has failed: the service worker waits for it.
let bootSettled;
const firstBootSettled = new Promise((resolve) => { bootSettled = resolve; });

function isCrash(e) {
  return e && (e.type === "WorkerCrashed" || e.type === "NoAnswer" || e.type === "Closed");
}

/** Starts an engine; resolves true once it is ready (false: the boot failed, the alert says so). */
async function startEngineWorker() {
  if (session.engine) session.engine.terminate();
  const engine = startEngine();
  session.engine = engine;
  engine.listen({ onSteps, onCrash: (e) => recover(e), onDownload: (download) => update({ download }) });
  // a Retry: the failure it answers is no longer true while the new boot runs
  update((s) => ({ boot: "loading", download: null, alert: s.alert?.kind === "boot" ? null : s.alert }));
  try {
    await engine.ready;
  } catch (e) {
    if (session.engine !== engine) return false;
    // another build's files (a new build took this page over): only a reload brings the page in step
    const alert = e && e.type === "BootTimeout" ? { kind: "boot", key: "boot_timeout" }
      : { kind: "boot", key: "boot_failed", params: { reason: reason(e) }, reload: e?.type === "BuildMismatch" };
    update({ boot: "failed", download: null, alert });
    return false;
  }
  if (session.engine !== engine) return false;
  update({ boot: "ready", download: null, alert: null });
  return true;
}

async function bootEngine() {
  const [held, ready] = await Promise.all([tab.claim(), startEngineWorker()]);
  try {
    if (!ready) return;
    if (held === "elsewhere") {
      update({ tab: "elsewhere" });
      markReady();
      return;
    }
    await resumeOrStart();
  } finally {
    bootSettled();
  }
}

/** The engine died or stopped answering: say so, start a new one, resume from the last stored move. */
async function recover(err) {
  timeline.reset(null);
  leavePractice();
  // busy until the match is resumed: the new engine may hold moves this table never showed, so a
  // click on the old table would be played on a position the person has not seen
  update((s) => ({
    busy: true,
    alert: { kind: "crash", key: "engine_restarting", params: { reason: reason(err) } },
    recoveries: s.recoveries + 1,
  }));
  const inFlight = session.inFlight;
  session.inFlight = null;
  if (!(await startEngineWorker()) || state.tab !== "here") {
    update({ busy: false });
    return;
  }
  await resumeOrStart();
  // The crash alert goes as soon as the new engine is ready (under a second): say it came
  // back and the match is whole, until the person closes it (a storage notice stays first).
  if (state.boot === "ready" && !state.alert && !state.notice) {
    update({ notice: { kind: "recovered", key: "engine_restarted" } });
  }
  // The person's move the dead engine had not kept: play it again.
  if (inFlight && state.moves === inFlight.moves && isMyTurn() && state.view.legal_actions.includes(inFlight.action)) {
    playAction(inFlight.action);
  }
}

/** Another tab took the match: stop showing moves here and offer to take it back. Nothing this
 * tab still shows may start a match over it: the held-back end-of-match dialog and an alert about
 * the match (a corrupt save's "Start a new game") go; a failed start's Retry stays. */
function matchMoved() {
  if (state.tab === "moved") return;
  session.overPending = false;
  session.pending = null;
  update((s) => ({ tab: "moved", busy: false, hint: null, alert: s.alert?.kind === "boot" ? s.alert : null }));
  timeline.reset(null);
  closeDialogs();
  // A practice on the table gives way to the match as it was shown (as any tab whose match moved).
  const match = leavePractice();
  if (match) update({ view: match.view, moves: match.moves, token: match.token });
  if (session.engine) session.engine.expect(false);
}

async function takeOver() {
  await tab.takeOver();
  // busy until the match is resumed here: the table still shows this tab's old position, and a
  // click on it would be played on the other tab's match (adoptMatch clears it)
  update({ tab: "here", busy: state.boot === "ready" });
  if (state.boot === "ready") await resumeOrStart();
}

// ---- intents ------------------------------------------------------------------------------

function onIntent(name, arg, event = null) {
  if (name.startsWith("review") && review.onIntent(name, arg)) return;
  switch (name) {
    case "stats":
      openStats();
      break;
    case "stats-reset":
      resetStats(event ? event.detail : 1);
      break;
    case "practice-back":
      backToMatch();
      break;
    case "play":
      playAction(arg);
      break;
    case "hint":
      askHint();
      break;
    case "last-trick":
      if (lastTrick(state.view)) openDialog("dlg-last");
      break;
    case "score-sheet":
      if (state.view) openDialog("dlg-sheet");
      break;
    case "new-game":
      if (state.boot === "ready" && state.tab === "here") openDialog("dlg-new");
      break;
    case "new-game-now":
    case "play-again":
      startNewGame();
      break;
    case "confirm-new-game":
      if (session.pending) startWith(session.pending.settings, session.pending.seed);
      else closeDialogs(); // nothing left to start (the match moved): the button still closes
      session.pending = null;
      break;
    case "close-dialog":
      closeDialogs();
      break;
    case "dismiss-summary":
      timeline.skip();
      break;
    case "dismiss-alert":
      update({ alert: null }, focusTurn);
      break;
    case "dismiss-notice":
      update({ notice: null }, focusTurn);
      break;
    case "retry-boot":
      bootEngine();
      break;
    case "reload-page":
      location.reload();
      break;
    case "retry-resume":
      update({ alert: null, busy: true });
      resumeOrStart();
      break;
    case "take-over":
      takeOver();
      break;
    case "apply-update":
      if (state.newBuild === "applying") break; // asked already: its button says so
      if (!applyUpdate(updateHeld)) update({ newBuild: "none" });
      else update({ newBuild: "applying" }); // the reload normally comes within a second
      break;
    case "dismiss-update":
      deferUpdate();
      update({ newBuild: "later" }, focusTurn);
      break;
    default:
      break;
  }
}

/** Update now was pressed, but the browser holds the new build's takeover (another page of this
 * build is still loading something): the page stays on its build and says so; the offer stays. */
function updateHeld() {
  if (state.newBuild !== "applying") return;
  update({ newBuild: "ready", notice: { kind: "update-held", key: "update_held" } });
}

/** The new-game form's settings: the language applies at once; the rest with the new match. */
async function onNewGameSubmit(event) {
  event.preventDefault();
  const chosen = readNewGame();
  if (!chosen) return;
  if (chosen.lang !== state.settings.lang) {
    if (await setLanguage(chosen.lang)) dropLinkLanguage();
    persistSettings();
  }
  // How the table looks and moves applies at once, like the language, even if the match in
  // progress is kept (it was lost before when the person declined to abandon the match). The
  // form shows the test speed "instant" as Fast: kept unless another speed is chosen.
  const shownSpeed = state.settings.speed === "instant" ? "fast" : state.settings.speed;
  if (chosen.speed !== shownSpeed || chosen.fourColour !== state.settings.fourColour) {
    update((s) => ({ settings: { ...s.settings, speed: chosen.speed === shownSpeed ? s.settings.speed : chosen.speed,
      fourColour: chosen.fourColour } }));
    persistSettings();
  }
  if (matchInProgress()) {
    session.pending = { settings: { ...state.settings, ...chosen }, seed: null }; // kept only if the match is abandoned
    openDialog("dlg-confirm");
  } else startWith(chosen);
}

function startWith(settings, seed = null) {
  if (state.tab !== "here") return;
  update((s) => ({ settings: { ...s.settings, ...settings } }));
  persistSettings();
  startNewGame(seed);
}

async function main() {
  setChangeListener(requestRender);
  // A build installed during an earlier visit takes over now, before anything is shown.
  if (await takeWaitingBuild()) return;
  // Offline support installs after the first table is drawn: on a first visit its precache then
  // reads the runtime from the HTTP cache instead of competing with the boot and the first deal.
  // A build that installs while the page runs is offered between deals, never forced on a match.
  session.swSettled = registerServiceWorker({
    after: firstBootSettled,
    onUpdateReady: () => update((s) => ({ newBuild: s.newBuild === "later" ? "later" : "ready" })),
    playing: () => (matchInProgress() || !!state.practice) && state.tab === "here", // a reload would drop the practice
    betweenDeals, // where the offer is made (state.js offerUpdate)
  });
  update({ settings: initialSettings(), embed: !!params.embed });
  prepareDialogLogs();
  window.addEventListener("focus", () => requestRender(focusTurn)); // focusTurn waited for it
  await setLanguage(state.settings.lang);
  bindInput(document.getElementById("app"), onIntent, {
    onHandFocus: (card) => update({ handFocus: card }),
  });
  bindDialogs((closed) => {
    const back = closed === "dlg-review" ? review.returnDialog() : null;
    requestRender(focusTurn);
    timeline.resume();
    if (state.dialog || state.tab !== "here") return;
    if (session.overPending) {
      session.overPending = false;
      if (state.view?.phase === "over" && !state.practice) openDialog("dlg-over");
    } else if (back) {
      // a review opened from the score sheet closes back to it, on the deal it reviewed
      openDialog(back.dialog);
      document.querySelector(`#${back.dialog} [data-intent='review'][data-deal='${back.deal}']`)?.focus();
    }
  });
  const form = document.getElementById("new-game-form");
  form.addEventListener("submit", onNewGameSubmit);
  // The custom target counts only when chosen: a preset clears it (an invalid number left there,
  // hidden, blocked Start without a word: the browser validates the field even when unused).
  form.addEventListener("change", (event) => {
    if (event.target.name !== "target" || event.target.value === "custom") return;
    form.elements.customTarget.value = "";
    form.elements.customTarget.removeAttribute("aria-invalid");
  });
  review.configure({ openDialog, startPractice, matchSave: () => session.recoverySave });
  review.bindReviewKeys(document.getElementById("dlg-review"));
  document.getElementById("dlg-stats").addEventListener("change", (event) => {
    if (event.target.id !== "stats-levels") return;
    update((s) => ({ stats: { ...s.stats, key: event.target.value || null, confirm: false } }));
    refreshOpenDialog();
    document.getElementById("stats-levels")?.focus();
  });
  document.getElementById("lang-select").addEventListener("change", async (event) => {
    if (await setLanguage(event.target.value)) dropLinkLanguage();
    persistSettings();
  });
  await bootEngine();
}

main();
