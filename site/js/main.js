// main.js: wires the page. The engine (engine-client.js, Python in a worker) owns the game;
// this module moves its snapshots into `state`, asks for a redraw, saves, and paces the
// computer players. No rule of the game lives here: what can be played is view.legal_actions.

import { startEngine } from "./boot.js";
import { registerServiceWorker } from "./sw-register.js";
import { collectTrick } from "./anim.js";
import { loadLanguage, pickLanguage, applyStatic, t, tSeat, hasKey } from "./i18n.js";
import { state, isMyTurn, matchInProgress, delays, LEVELS, SPEEDS } from "./state.js";
import { readParams } from "./params.js";
import * as storage from "./storage.js";
import { requestRender, seatName, focusTurn, invalidate } from "./render.js";
import { bindInput } from "./input.js";
import { openDialog, closeDialogs, refreshOpenDialog, readNewGame, fillLanguageSelect } from "./dialogs.js";
import { cardName, cardShort, suitName } from "./cards.js";
import { announce } from "./live.js";

const params = readParams();
let engine = null;
let generation = 0; // bumped by every new game/load: late replies of an older game are dropped
let aiTimer = 0;
let summaryTimer = 0;
let overTimer = 0;
let pendingSettings = null;
let firstGame = true;
const calloutTimers = {};

// ---- settings ---------------------------------------------------------------------------

function initialSettings() {
  const stored = storage.loadSettings();
  const s = { ...state.settings };
  if (Object.hasOwn(SPEEDS, stored.speed)) s.speed = stored.speed;
  if (Array.isArray(stored.levels) && stored.levels.length === 3 && stored.levels.every((l) => LEVELS.includes(l))) s.levels = stored.levels;
  if (Number.isInteger(stored.target) && stored.target > 0) s.target = stored.target;
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

async function setLanguage(lang) {
  state.settings.lang = await loadLanguage(lang);
  applyStatic(document);
  for (const a of document.querySelectorAll(".rules-link")) a.href = `rules/${state.settings.lang}.html`;
  fillLanguageSelect(document.getElementById("lang-select"));
  document.title = t("app_title");
  invalidate();
  refreshOpenDialog();
  requestRender();
}

// ---- engine replies -> state --------------------------------------------------------------

function clearTimers() {
  clearTimeout(aiTimer);
  clearTimeout(summaryTimer);
  clearTimeout(overTimer);
  for (const k of Object.keys(calloutTimers)) clearTimeout(calloutTimers[k]);
  state.callouts = {};
}

/** A word by a seat (belote, rebelote, the contract) shown in its bubble for a moment. */
function showCallout(seat, what, ms) {
  state.callouts[seat] = what;
  clearTimeout(calloutTimers[seat]);
  calloutTimers[seat] = setTimeout(() => {
    delete state.callouts[seat];
    requestRender();
  }, ms);
}

function applyEvents(events) {
  const d = delays();
  const v = state.view;
  for (const ev of events) {
    switch (ev.type) {
      case "bid":
        if (ev.action === "pass") announce(tSeat("announce_pass", ev.seat, { player: seatName(ev.seat) }));
        break;
      case "contract":
        announce(tSeat("announce_take", ev.taker, { player: seatName(ev.taker), suit: suitName(ev.trump) }));
        showCallout(ev.taker, { contract: ev.trump }, d.callout);
        state.contractPause = true;
        break;
      case "card":
        state.shownTrick = null;
        state.dealSummary = null;
        state.thrownIn = false;
        state.animate = { seat: ev.seat, card: ev.card };
        announce(tSeat("announce_card", ev.seat, { player: seatName(ev.seat), card: cardName(ev.card, v?.trump) }));
        break;
      case "belote": {
        showCallout(ev.seat, ev.call, d.callout);
        const key = ev.call === "belote" ? "announce_belote" : "announce_rebelote";
        announce(t(key, { player: seatName(ev.seat) }));
        break;
      }
      case "trick":
        state.shownTrick = { cards: ev.cards, winner: ev.winner };
        announce(tSeat("announce_trick", ev.winner, { player: seatName(ev.winner), points: ev.points }));
        break;
      case "deal_scored": {
        const row = ev;
        announce(t("announce_deal_scored", { us: row.points[0], them: row.points[1], total_us: row.scores[0], total_them: row.scores[1] }));
        // Let the last trick be seen, then show the deal's summary for a while.
        clearTimeout(summaryTimer);
        summaryTimer = setTimeout(() => {
          state.shownTrick = null;
          state.dealSummary = row;
          requestRender();
          summaryTimer = setTimeout(() => dismissSummary(false), d.deal);
        }, state.shownTrick ? d.trick : 0);
        state.summaryPending = true;
        break;
      }
      case "thrown_in":
        state.thrownIn = true;
        announce(t("announce_thrown_in"));
        break;
      case "deal":
        announce(tSeat("announce_new_deal", ev.dealer, { dealer: seatName(ev.dealer), card: cardName(ev.turned_card) }));
        break;
      case "match_over": {
        const [us, them] = ev.scores;
        announce(t(ev.winner === 0 ? "announce_match_over_won" : "announce_match_over_lost", { us, them }));
        clearTimeout(overTimer);
        overTimer = setTimeout(() => openDialog("dlg-over"), d.trick + 200);
        break;
      }
      default:
        break;
    }
  }
}

function adopt(snapshot, events = []) {
  const wasMyTurn = state.view && state.view.to_act === 0;
  state.view = snapshot.view;
  state.save = snapshot.save;
  storage.saveGame(snapshot.save);
  applyEvents(events);
  const v = snapshot.view;
  if (v.to_act === 0 && v.phase !== "over" && (!wasMyTurn || events.length)) {
    announce(v.phase === "bid1" ? t("status_your_bid_round1")
      : v.phase === "bid2" ? t("status_your_bid_round2") : t("status_your_play"));
  }
  document.getElementById("app").dataset.ready = "1";
  requestRender(focusTurn);
  schedule();
}

function dismissSummary(reschedule = true) {
  clearTimeout(summaryTimer);
  state.summaryPending = false;
  if (state.dealSummary) {
    state.dealSummary = null;
    requestRender(focusTurn);
  }
  if (reschedule) schedule();
}

function engineError(e) {
  state.alert = { kind: "engine", text: t("engine_error", { reason: e && e.message ? e.message : String(e) }) };
  requestRender();
}

// ---- pacing the computer players ------------------------------------------------------

function schedule() {
  clearTimeout(aiTimer);
  const contractPause = state.contractPause;
  state.contractPause = false;
  const v = state.view;
  if (!v || state.boot !== "ready" || state.alert || v.phase === "over" || v.to_act === null || v.to_act === 0) return;
  if (document.querySelector("dialog[open]")) return; // the table waits while a dialog is open; closing it resumes
  const d = delays();
  let wait = d.ai;
  if (state.shownTrick) wait = Math.max(wait, d.trick);
  if (state.thrownIn && !v.bids.length) wait = Math.max(wait, d.trick * 1.5);
  if (contractPause) wait = Math.max(wait, d.trick); // let the contract be seen first
  if (state.summaryPending || state.dealSummary) wait = Math.max(wait, (state.shownTrick ? d.trick : 0) + d.deal);
  aiTimer = setTimeout(collectThenAiStep, wait);
}

/** Sweeps a finished trick toward its winner, then lets the next computer player act. */
async function collectThenAiStep() {
  const shown = state.shownTrick;
  if (shown && !document.querySelector("dialog[open]")) {
    const mine = generation;
    const cards = [...document.querySelectorAll("#trick .slot .card")];
    await collectTrick(cards, shown.winner, delays().anim);
    if (mine !== generation) return;
    if (state.shownTrick === shown) {
      state.shownTrick = null;
      requestRender();
    }
  }
  aiStep();
}

async function aiStep() {
  if (document.querySelector("dialog[open]")) return; // resumed when the dialog closes
  const mine = generation;
  state.busy = true;
  requestRender();
  try {
    const reply = await engine.call("ai_play", {});
    if (mine !== generation) return;
    state.busy = false;
    if (state.dealSummary) dismissSummary(false);
    adopt(reply.snapshot, reply.events);
  } catch (e) {
    if (mine !== generation) return;
    state.busy = false;
    engineError(e);
  }
}

// ---- the person's actions -------------------------------------------------------------

async function playAction(action) {
  if (!isMyTurn() || !state.view.legal_actions.includes(action)) return;
  const mine = generation;
  state.hint = null;
  state.busy = true;
  dismissSummary(false);
  requestRender();
  try {
    const reply = await engine.call("play", { action });
    if (mine !== generation) return;
    state.busy = false;
    adopt(reply.snapshot, reply.events);
  } catch (e) {
    if (mine !== generation) return;
    state.busy = false;
    engineError(e);
    try {
      adopt(await engine.call("snapshot", {}));
    } catch {
      /* the alert already says what went wrong */
    }
  }
}

/** The hint's one-line reason in the page's language (docs/contracts.md "Hint reasons"). */
function hintText(h) {
  const args = h.reason_args || {};
  if (!h.reason_key || !hasKey(h.reason_key)) return h.reason || t("hint_fallback", { action: h.action });
  const params = {};
  if (typeof args.suit === "string") params.suit = suitName(args.suit);
  if (Number.isInteger(args.seat)) params.seat_name = seatName(args.seat);
  if (typeof args.card === "string") params.card = cardShort(args.card);
  return t(h.reason_key, params);
}

async function askHint() {
  if (!isMyTurn()) return;
  const mine = generation;
  try {
    const h = await engine.call("hint", {});
    if (mine !== generation || !isMyTurn()) return;
    const text = hintText(h);
    state.hint = { action: h.action, text };
    announce(t("status_hint", { reason: text }));
    if (h.action.length === 2) state.handFocus = h.action;
    requestRender(() => {
      const el = document.querySelector(`#hand [data-card="${h.action}"], #bids [data-action="${h.action}"]`);
      if (el && !el.disabled) el.focus({ preventScroll: true });
    });
  } catch (e) {
    if (mine === generation) engineError(e);
  }
}

async function startNewGame(settings = state.settings) {
  generation++;
  clearTimers();
  closeDialogs();
  Object.assign(state, { shownTrick: null, dealSummary: null, summaryPending: false, hint: null, alert: null, thrownIn: false, busy: true });
  const seed = firstGame && params.seed !== undefined ? params.seed : null;
  firstGame = false;
  requestRender();
  const mine = generation;
  try {
    const snap = await engine.call("new_game", { seed, target: settings.target, levels: settings.levels });
    if (mine !== generation) return;
    state.busy = false;
    adopt(snap);
  } catch (e) {
    if (mine !== generation) return;
    state.busy = false;
    engineError(e);
  }
}

async function resumeOrStart() {
  const stored = storage.loadGame();
  if (stored.error) {
    state.alert = { kind: "save", text: t("save_corrupt", { reason: stored.error }) };
    requestRender();
    return;
  }
  const seedMatches = params.seed === undefined || stored.save?.game?.seed === params.seed;
  if (!stored.save || !seedMatches) {
    await startNewGame();
    return;
  }
  generation++;
  const mine = generation;
  try {
    const snap = await engine.call("load", { save: stored.save });
    if (mine !== generation) return;
    firstGame = false;
    if (Array.isArray(snap.save?.levels)) state.settings.levels = snap.save.levels.slice();
    state.settings.target = snap.view.target;
    adopt(snap);
    announce(t("announce_resumed"));
    if (snap.view.phase === "over") openDialog("dlg-over");
  } catch (e) {
    if (mine !== generation) return;
    state.alert = { kind: "save", text: t("save_corrupt", { reason: e && e.message ? e.message : String(e) }) };
    requestRender();
  }
}

// Settles once the first table is up or the boot has failed: the service worker waits for it.
let bootSettled;
const firstBootSettled = new Promise((resolve) => { bootSettled = resolve; });

async function bootEngine() {
  state.boot = "loading";
  state.alert = null;
  requestRender();
  if (engine) engine.terminate();
  engine = startEngine();
  try {
    await engine.ready;
  } catch (e) {
    state.boot = "failed";
    const text = e && e.type === "BootTimeout" ? t("boot_timeout") : t("boot_failed", { reason: e && e.message ? e.message : String(e) });
    state.alert = { kind: "boot", text };
    requestRender();
    bootSettled();
    return;
  }
  state.boot = "ready";
  requestRender();
  try {
    await resumeOrStart();
  } finally {
    bootSettled();
  }
}

// ---- intents ------------------------------------------------------------------------------

function onIntent(name, arg) {
  switch (name) {
    case "play":
      playAction(arg);
      break;
    case "hint":
      askHint();
      break;
    case "last-trick":
      if (!document.getElementById("btn-last").disabled) openDialog("dlg-last");
      break;
    case "score-sheet":
      if (state.view) openDialog("dlg-sheet");
      break;
    case "new-game":
      if (state.boot === "ready") openDialog("dlg-new");
      break;
    case "new-game-now":
      startNewGame();
      break;
    case "play-again":
      startNewGame();
      break;
    case "confirm-new-game":
      if (pendingSettings) startNewGame(pendingSettings);
      pendingSettings = null;
      break;
    case "close-dialog":
      closeDialogs();
      requestRender(focusTurn);
      break;
    case "dismiss-summary":
      dismissSummary(true);
      break;
    case "dismiss-alert":
      state.alert = null;
      requestRender(focusTurn);
      schedule();
      break;
    case "retry-boot":
      bootEngine();
      break;
    default:
      break;
  }
}

async function onNewGameSubmit(event) {
  event.preventDefault();
  const chosen = readNewGame();
  if (!chosen) return;
  const langChanged = chosen.lang !== state.settings.lang;
  Object.assign(state.settings, chosen);
  persistSettings();
  if (langChanged) await setLanguage(chosen.lang);
  if (matchInProgress()) {
    pendingSettings = { ...state.settings };
    openDialog("dlg-confirm");
  } else startNewGame();
}

async function main() {
  // Offline support installs after the first table is drawn: on a first visit its precache then
  // reads the runtime from the HTTP cache instead of competing with the boot and the first deal.
  registerServiceWorker({ after: firstBootSettled });
  state.settings = initialSettings();
  state.embed = !!params.embed;
  await setLanguage(state.settings.lang);
  bindInput(document.getElementById("app"), onIntent, {
    onHandFocus: (card) => {
      state.handFocus = card;
      requestRender();
    },
  });
  document.getElementById("new-game-form").addEventListener("submit", onNewGameSubmit);
  document.getElementById("lang-select").addEventListener("change", async (event) => {
    await setLanguage(event.target.value);
    persistSettings();
  });
  for (const dlg of document.querySelectorAll("dialog")) {
    dlg.addEventListener("close", () => {
      if (!document.querySelector("dialog[open]")) {
        state.dialog = null;
        requestRender(focusTurn);
        schedule();
      }
    });
  }
  await bootEngine();
}

main();
