// timeline.js: plays the engine's steps back, one at a time, with their pauses. The owner of the
// game's pace: every pause of the table (thinking, trick hold, collect, deal summary, call-outs,
// the match-over dialog) and the generation token that cancels them all live here (the engine
// client owns its liveness timers; the boot its own).
//
// A step is one action and what followed it: {seat, action, events, view, moves} (docs/contracts.md
// "Page <-> engine"). Steps arrive from the engine as it decides them; the table shows them in
// order, each after its pause, and waits between two steps while a dialog is open. The person's
// turn starts when the last step has been played back (state.playing false, see onIdle).

import { state, update, delays } from "./state.js";
import { collectTrick } from "./anim.js";
import { requestRender, trickElements } from "./render.js";
import { narrate } from "./narrate.js";

let generation = 0; // bumped by reset(): everything scheduled before it is dropped
let token = null; // the engine's token of the match whose steps are played
let queue = [];
let running = false;
let wake = null; // resumes a run waiting for a dialog to close
let held = false; // holdSteps(): steps wait, kept, until releaseSteps() or reset()
const holds = new Set(); // the pauses in progress: {finish, skippable}
let cardCount = 0;
const calloutTimers = new Map();
let hooks = { onIdle() {}, onMatchOver() {}, onShown() {} };

/** onIdle(): the last step was played back; onMatchOver(event): time to show the result;
 * onShown(step): a step was shown whole (not called for a step a reset cut short). */
export function configure(h) {
  hooks = { ...hooks, ...h };
}

/** Starts over for match `matchToken`: drops the queued steps, every timer and what was on show. */
export function reset(matchToken) {
  generation++;
  token = matchToken;
  queue = [];
  running = false;
  held = false;
  for (const h of [...holds]) h.finish();
  if (wake) wake();
  for (const timer of calloutTimers.values()) clearTimeout(timer);
  calloutTimers.clear();
  update({ playing: false, shownTrick: null, dealEnd: null, summaryShown: false, callouts: {}, thrownIn: false });
}

/** Queues the steps of match `matchToken` (steps of another match are stale: dropped). */
export function push(matchToken, steps) {
  if (matchToken !== token || !steps.length) return;
  queue.push(...steps);
  if (!running) run(generation);
}

/** The person moves on: ends the deal summary now. */
export function skip() {
  for (const h of [...holds]) if (h.skippable) h.finish();
}

/** A dialog closed: the table goes on. */
export function resume() {
  if (wake) wake();
}

/** The table waits, its steps kept (a practice being started: it takes the table with reset(), or
 * is refused and the match goes on from where it stood with releaseSteps()). */
export function holdSteps() {
  held = true;
}

/** Ends holdSteps(): the kept steps play on. */
export function releaseSteps() {
  held = false;
  if (wake) wake();
}

/** A promise resolved after `ms` (a deadline the page waits on; not cancelled by reset). */
export function after(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function run(gen) {
  running = true;
  update({ playing: true });
  while (gen === generation && queue.length) {
    if (!(await mayGoOn(gen))) break;
    const step = queue.shift();
    await play(step, gen);
    if (gen === generation) hooks.onShown(step);
  }
  if (gen !== generation) return;
  running = false;
  update({ playing: false });
  hooks.onIdle();
}

/** Waits while a dialog is open (the table stays as the dialog shows it) or the steps are held;
 * true when the run may go on. */
async function mayGoOn(gen) {
  while (gen === generation && (state.dialog || held)) {
    let mine;
    await new Promise((resolve) => { wake = mine = resolve; });
    // a reset() woke this run and a newer one may be waiting already: leave its resolver alone
    if (wake === mine) wake = null;
  }
  return gen === generation;
}

/** A pause of `ms` that reset() cancels; resolves true when the run may go on. It counts from the
 * frame that draws the table as it stands (at most DRAW_WAIT_MS later): on a busy device a frame
 * comes late, and a move whose pause ran out before its frame was replaced by the next one unseen.
 * `keepWhile()`: at the end of the pause, wait on while it is true (checked every KEEP_CHECK_MS). */
function hold(ms, gen, { skippable = false, keepWhile = null } = {}) {
  if (gen !== generation) return Promise.resolve(false);
  if (!ms) return Promise.resolve(true);
  return new Promise((resolve) => {
    let timer = 0;
    const h = { skippable, finish: () => {
      clearTimeout(timer);
      holds.delete(h);
      resolve(gen === generation);
    } };
    const due = () => {
      if (keepWhile && gen === generation && keepWhile()) timer = setTimeout(due, KEEP_CHECK_MS);
      else h.finish();
    };
    holds.add(h);
    drawn().then(() => {
      if (holds.has(h)) timer = setTimeout(due, ms); // not finished (skipped, reset) meanwhile
    });
  });
}

const KEEP_CHECK_MS = 300;
const DRAW_WAIT_MS = 1000; // a page out of view draws nothing: the table goes on without the frame

/** Resolves once the table as it stands is drawn (at once on a hidden page, which draws nothing;
 * after DRAW_WAIT_MS at most: a frame of the game scrolled out of view in an iframe never comes). */
function drawn() {
  return new Promise((resolve) => {
    if (document.hidden) {
      resolve();
      return;
    }
    const late = setTimeout(resolve, DRAW_WAIT_MS);
    requestRender(() => {
      clearTimeout(late);
      resolve();
    });
  });
}

/** The deal summary is in use by keyboard or a screen reader (the focus on its Review or Continue,
 * shown as such): it stays until Continue or the focus leaves it, not until its timer ends. A
 * click on its Review leaves the focus there, unshown, when the review closes: the match goes on. */
function summaryInUse() {
  return !!document.querySelector("#deal-summary :focus-visible");
}

/** A word by a seat (belote, rebelote, the contract) in its bubble for a moment. */
function flash(seat, callout, ms) {
  update((s) => ({ callouts: { ...s.callouts, [seat]: callout } }));
  clearTimeout(calloutTimers.get(seat));
  calloutTimers.set(seat, setTimeout(() => {
    calloutTimers.delete(seat);
    update((s) => {
      const { [seat]: _gone, ...rest } = s.callouts;
      return { callouts: rest };
    });
  }, ms));
}

async function play(step, gen) {
  const d = delays();
  if (step.seat !== 0 && !(await hold(d.ai, gen))) return; // the computer's move comes after a readable pause
  // A dialog opened during that pause (the score sheet, the last trick) shows the table as it
  // was: the move waits for it to close, or the dialog would go stale behind itself.
  if (!(await mayGoOn(gen))) return;
  const ev = (type) => step.events.find((e) => e.type === type);
  const card = ev("card");
  const scored = ev("deal_scored");
  update({
    view: step.view,
    moves: step.moves,
    hint: null,
    lastCard: card ? { seat: card.seat, card: card.card, n: ++cardCount } : state.lastCard,
    thrownIn: state.thrownIn && !ev("bid"),
    // The view already holds the next deal: until the summary goes, the table shows the deal that
    // ended (its last trick, then its summary), not the next one's hand, dealer or "… is thinking".
    ...(scored ? { dealEnd: scored } : {}),
  });
  // The next deal is said once it is on the table: after the deal summary, not with "Deal over".
  const dealt = ev("deal");
  const practiceDeal = state.practice ? state.practice.deal : null;
  narrate(step.events.filter((e) => e !== dealt), step.view, { practiceDeal });
  const contract = ev("contract");
  if (contract) {
    flash(contract.taker, { kind: "contract", suit: contract.trump }, d.callout);
    if (!(await hold(d.trick, gen))) return; // let the contract be seen
  }
  const belote = ev("belote");
  if (belote) flash(belote.seat, { kind: belote.call }, d.callout);
  const trick = ev("trick");
  if (trick) {
    update({ shownTrick: { cards: trick.cards, winner: trick.winner } });
    if (!(await hold(d.trick, gen))) return;
    await collectTrick(trickElements(), trick.winner, d.anim);
    if (gen !== generation) return;
    update({ shownTrick: null });
  }
  if (scored) {
    update({ summaryShown: true }); // its time counts from the frame that draws it (hold)
    const going = await hold(d.deal, gen, { skippable: true, keepWhile: summaryInUse });
    if (gen === generation) update({ summaryShown: false, dealEnd: null });
    if (!going) return;
  }
  if (ev("thrown_in")) {
    update({ thrownIn: true });
    if (!(await hold(d.trick * 1.5, gen))) return;
  }
  if (dealt) narrate([dealt], step.view, { practiceDeal });
  const over = ev("match_over");
  if (over && (await hold(d.trick + 200, gen))) hooks.onMatchOver(over);
}
