// review.js: the deal review in the page. It owns the analysis engine (a second worker: js/worker.js
// booted with role "analysis", js/analysis-host.js) and the review's part of the state
// (state.review); review-view.js draws it. The analysis worker reads the stored match itself: the
// page names a deal, never holds the save (it passes one only when storage is refused, or a
// practice's, which holds no secret). Decisions arrive one by one as they are valued.
//
// Position in the review: pos 0-32, the cards played so far; at pos p the table shows the trick of
// card p (or, between two tricks, the one just won) and the decision is card p's (docs/contracts.md
// "Page test hooks", the Review entry).
//
// Failures: a decision the worker could not value is kept in state.review.errors {index: message}
// and shown at its card with a Retry (the worker values it again); while the dialog is open the
// analysis worker is watched (engine.expect(true): pinged when silent), so a dead or hung worker
// sets state.review.error, shown with a Retry that opens the review again on a new worker.

import { createEngine } from "./engine-client.js";
import { state, update } from "./state.js";
import { personCards } from "./outline.js";

const ANALYSIS_QUIET_MS = 30000; // one decision can take seconds on a slow phone: not a hang
const ANALYSIS_BOOT_MS = 60000;

let analysis = null;
// "Hard in my seat"'s results by review key (source, match, deal): a review opened again shows it
// instead of a button that plays the whole deal again
const hardResults = new Map();
let hooks = { openDialog() {}, startPractice() {}, matchSave: () => null };

/** openDialog(id); startPractice(deal): play a match deal again; matchSave(): the save kept in
 * memory when storage is refused (else null). */
export function configure(h) {
  hooks = { ...hooks, ...h };
}

/** The analysis engine, started on first use (again after a crash). */
function engine() {
  if (!analysis || analysis.state === "failed" || analysis.state === "closed") {
    const started = createEngine({ role: "analysis", timeoutMs: ANALYSIS_BOOT_MS, quietMs: ANALYSIS_QUIET_MS, onAnalysis, onCrash });
    analysis = started;
    // test hook: <html data-analysis="ready"> once the analysis worker answers
    started.ready.then(() => { if (analysis === started) document.documentElement.dataset.analysis = "ready"; }, () => {});
  }
  return analysis;
}

/** Starts the analysis worker ahead of the first review (the page calls it once the table is up). */
export function bootAnalysis() {
  engine();
}

function saveParam(source, practiceSave) {
  return source === "practice" ? practiceSave : hooks.matchSave();
}

/** A deal was just scored: review the person's decisions in the background, before anyone asks. */
export function prepare(source, deal, practiceSave = null) {
  engine().call("review", { source, deal, save: saveParam(source, practiceSave), focus: false }).catch(() => {});
}

/** Records when the person's first and all card values arrived (the bench reads them). */
function timed(r) {
  const mine = personCards(r.outline);
  const now = performance.now();
  const out = {};
  if (r.firstAt === null && mine.length && r.decisions[mine[0]]) out.firstAt = now - r.openedAt;
  if (r.allAt === null && mine.length && mine.every((i) => r.decisions[i])) out.allAt = now - r.openedAt;
  return out;
}

function setReview(change) {
  update((s) => {
    if (!s.review) return {};
    const next = { ...s.review, ...(typeof change === "function" ? change(s.review) : change) };
    return { review: { ...next, ...timed(next) } };
  });
}

/**
 * Opens the review of deal `deal`: source "match" (a deal of the match's sheet) or "practice"
 * (the practice just played, whose save the page holds). `matchDeal`: the match deal a practice
 * replays (what "Play this deal again" deals). `from`: the dialog it was opened from ("dlg-sheet"),
 * which closing the review goes back to (see returnDialog).
 */
export async function openReview(source, deal, { practiceSave = null, matchDeal = deal, pos = 0, from = null } = {}) {
  const token = Symbol("review");
  update({
    review: {
      token, source, deal, matchDeal, practiceSave, from, key: null, header: null, outline: null, decisions: {}, errors: {},
      pos, why: false, bidWhy: false, hard: null, error: null, openedAt: performance.now(), firstAt: null, allAt: null,
    },
  });
  hooks.openDialog("dlg-review");
  const served = engine();
  served.expect(true); // watched while the dialog is open: a dead worker is noticed (onCrash)
  try {
    const r = await served.call("review", { source, deal, save: saveParam(source, practiceSave), focus: true });
    if (state.review?.token !== token) return;
    // "Hard in my seat" already played for this deal (in this visit): its result comes back with it
    const hard = hardResults.get(r.key) || null;
    setReview((old) => ({ key: r.key, header: r.header, outline: r.outline, decisions: { ...r.decisions, ...old.decisions },
      hard: old.hard || hard }));
    if (state.dialog !== "dlg-review") served.call("unfocus", { key: r.key }).catch(() => {}); // closed before it came
    if (state.review.pos > 0) want(state.review); // a Retry's position, or steps taken meanwhile: its decision first
  } catch (e) {
    if (state.review?.token === token) setReview({ error: e.message || String(e), reload: e?.type === "BuildMismatch" });
  }
}

function without(errors, index) {
  if (!Object.hasOwn(errors, index)) return errors;
  const out = { ...errors };
  delete out[index];
  return out;
}

/** A decision valued by the analysis worker (for the review on show; others wait in its cache),
 * or {key, index, error}: that decision could not be valued. */
function onAnalysis(msg) {
  const r = state.review;
  if (!r || msg.key !== r.key || !Number.isInteger(msg.index)) return;
  if (msg.decision) {
    setReview((old) => ({ decisions: { ...old.decisions, [msg.index]: msg.decision }, errors: without(old.errors, msg.index) }));
  } else if (msg.error !== undefined && !r.decisions[msg.index]) {
    setReview((old) => ({ errors: { ...old.errors, [msg.index]: String(msg.error) } }));
  }
}

/** The analysis worker died or stopped answering: the review it served says so (with a Retry). */
function onCrash(err) {
  if (state.review && !state.review.error) setReview({ error: err.message || String(err), reload: err?.type === "BuildMismatch" });
}

/** Asks the worker for the decision at the review's position next, unless it is there or failed. */
function want(r) {
  if (!r || !r.key || r.error) return;
  const i = decisionAt(r, r.pos);
  if (i < 0 || r.decisions[i] || Object.hasOwn(r.errors, i)) return;
  const token = r.token;
  engine().call("want", { key: r.key, index: i }).catch((e) => {
    if (state.review?.token === token) setReview((old) => ({ errors: { ...old.errors, [i]: e.message || String(e) } }));
  });
}

/** Retry: the review again on a (new) worker when it failed as a whole, else the decision on show. */
function retry() {
  const r = state.review;
  if (!r) return;
  if (r.error || !r.header) {
    openReview(r.source, r.deal, { practiceSave: r.practiceSave, matchDeal: r.matchDeal, pos: r.pos, from: r.from });
    return;
  }
  const i = decisionAt(r, r.pos);
  if (i < 0 || !Object.hasOwn(r.errors, i)) return;
  setReview((old) => ({ errors: without(old.errors, i) }));
  want(state.review);
}

/** The outline index of the card decision at position pos (card number pos of the deal), or -1. */
export function decisionAt(r, pos) {
  if (!r.outline || pos >= 32) return -1;
  return r.outline.findIndex((o) => o.kind === "card" && o.trick * 4 + o.position === pos);
}

function goTo(pos) {
  const r = state.review;
  if (!r) return;
  // Before the outline has come (a slow phone: it waits behind a decision being valued), a step
  // is kept and shown once it is there, not dropped.
  const p = Math.max(0, Math.min(32, pos));
  setReview({ pos: p, why: false, bidWhy: false });
  want(state.review);
}

const STEPS = {
  "review-first": () => 0,
  "review-prev-trick": (p) => (p % 4 ? p - (p % 4) : p - 4),
  "review-prev": (p) => p - 1,
  "review-next": (p) => p + 1,
  "review-next-trick": (p) => p - (p % 4) + 4,
  "review-last": () => 32,
};

const KEYS = {
  ArrowLeft: "review-prev", ArrowRight: "review-next", ArrowUp: "review-prev-trick", ArrowDown: "review-next-trick",
  PageUp: "review-prev-trick", PageDown: "review-next-trick", Home: "review-first", End: "review-last",
};

async function hardInSeat() {
  const r = state.review;
  if (!r || r.hard || !r.key) return;
  const { token, key } = r;
  setReview({ hard: { running: true } });
  try {
    const got = await engine().call("hard_in_seat", { source: r.source, deal: r.deal, save: saveParam(r.source, r.practiceSave) });
    hardResults.set(key, { row: got.row }); // kept even if the review was closed meanwhile
    if (state.review?.token === token) setReview({ hard: { row: got.row } });
  } catch (e) {
    if (state.review?.token === token) setReview({ hard: { error: e.message || String(e) } });
  }
}

/** Where closing the review goes back to: {dialog, deal} when it was opened from a dialog (the
 * score sheet, to review the next deal from there), else null. */
export function returnDialog() {
  const r = state.review;
  return r && r.from ? { dialog: r.from, deal: r.deal } : null;
}

/** The review's intents (input.js data-intent="review-..."); true when handled. */
export function onIntent(name, arg) {
  if (name === "review") {
    const b = arg && arg.dataset ? arg.dataset : {};
    const deal = Number(b.deal);
    if (!Number.isInteger(deal)) return true;
    if (b.source === "practice") openReview("practice", deal, { practiceSave: state.practice?.save, matchDeal: state.practice?.deal });
    else openReview("match", deal, { from: state.dialog === "dlg-sheet" ? "dlg-sheet" : null });
    return true;
  }
  if (Object.hasOwn(STEPS, name)) {
    if (state.review) goTo(STEPS[name](state.review.pos));
    return true;
  }
  if (name === "review-why") {
    if (state.review) setReview((r) => ({ why: !r.why }));
    return true;
  }
  if (name === "review-bid-why") {
    if (state.review) setReview((r) => ({ bidWhy: !r.bidWhy }));
    return true;
  }
  if (name === "review-retry") {
    retry();
    return true;
  }
  if (name === "review-hard") {
    hardInSeat();
    return true;
  }
  if (name === "review-practice") {
    if (!state.review) return true;
    setReview({ from: null }); // the practice takes the table: no way back to the sheet
    hooks.startPractice(state.review.matchDeal);
    return true;
  }
  return false;
}

/** The arrow keys, Page Up/Down, Home and End step through the deal while the review is open
 * (wherever the focus is: a button that was just disabled leaves it on the page's body); once the
 * dialog closes, the analysis worker is no longer watched (nothing on show waits for it), and
 * values only the person's decisions of that review (the computer seats' wait for it to show again). */
export function bindReviewKeys(dialog) {
  dialog.addEventListener("close", () => {
    analysis?.expect(false);
    const key = state.review?.key;
    if (analysis && key) analysis.call("unfocus", { key }).catch(() => {});
  });
  document.addEventListener("keydown", (event) => {
    if (!dialog.open || event.altKey || event.ctrlKey || event.metaKey || !Object.hasOwn(KEYS, event.key)) return;
    event.preventDefault();
    onIntent(KEYS[event.key]);
  });
}
