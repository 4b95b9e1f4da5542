// state.js: the one state object of the page, the one function that changes it, and pure
// helpers that read it. Nothing here touches the DOM: render.js draws from this state (and only
// reads it); every change goes through update(), which then asks for a redraw.

export const LEVELS = ["easy", "normal", "hard"];
export const TARGETS = [500, 1000, 2000];

/** A target the page offers (URL, stored settings, the custom field): an int 1..100000. */
export function isTarget(n) {
  return Number.isInteger(n) && n >= 1 && n <= 100000;
}

/** Delays in milliseconds for each speed. "instant" is for tests (URL speed=instant). */
export const SPEEDS = {
  // deal: the summary's pause. 3.5 s at normal was too short to read it, or to reach its Review on a phone.
  slow: { ai: 1300, trick: 1700, deal: 7000, anim: 420, callout: 2200 },
  normal: { ai: 750, trick: 1100, deal: 5000, anim: 260, callout: 1600 },
  fast: { ai: 250, trick: 500, deal: 1500, anim: 140, callout: 900 },
  instant: { ai: 0, trick: 0, deal: 0, anim: 0, callout: 400 },
};

export const state = {
  boot: "loading", // "loading" | "ready" | "failed": the engine worker
  download: null, // while it boots: {loaded, total} bytes of its downloads (engine-client onDownload)
  embed: false, // ?embed=1: no page chrome
  settings: {
    lang: "en",
    speed: "normal",
    levels: ["normal", "normal", "normal"], // seats 1, 2, 3
    target: 1000,
    fourColour: false,
  },
  view: null, // the person's view as shown now: the engine's view(0) after the last step played back
  moves: 0, // actions of the match so far, as shown
  token: null, // the engine's token of the match (a number) or practice ("p<n>") on the table: answers to another are stale
  levels: null, // the computer players of the match in progress (seats 1-3)
  busy: false, // the person's action (or a new match) is on its way to the engine
  playing: false, // the timeline is playing moves back: the person waits for it
  shownTrick: null, // a finished trick kept on the table for a moment: {cards, winner}
  lastCard: null, // {seat, card, n}: the card that just arrived (render slides it in, once per n)
  callouts: {}, // seat -> {kind: "belote" | "rebelote" | "contract", suit}, for a moment
  dealEnd: null, // the sheet row of the deal just finished, from its last card until its summary goes
  summaryShown: false, // dealEnd's summary is on show (only ever while dealEnd is set)
  thrownIn: false, // the last deal was thrown in (its note shows until the next bid)
  hint: null, // the hint's {action, reason, reason_key, reason_args} (shown as its key, translated)
  // Messages are kept as an i18n key and its parameters, translated when drawn: a language
  // switch re-draws them in the new language.
  alert: null, // {kind: "boot" | "read" | "save" | "engine" | "crash", key, params?, reload?}
  recoveries: 0, // how many times a dead engine was noticed and restarted (recover() in main.js)
  notice: null, // {kind: "storage" (said once) | "recovered" (after a restart), key, params?}: dismissable
  tab: "here", // "here" | "elsewhere" (another tab plays this match) | "moved" (it moved to another tab)
  // "none" | "ready" (a new build is installed: offered between deals) | "later" (the player put
  // it off: not offered again in this match; the next match offers it again, main.js) |
  // "applying" (Update now pressed: waiting for the takeover, back to "ready" if it is held)
  newBuild: "none",
  handFocus: null, // the hand card that holds the roving tabindex (as last moved by the keyboard)
  dialog: null, // the id of the open dialog, if any
  review: null, // the deal review on show (review.js): {source, deal, header, outline, decisions, pos, ...}
  practice: null, // a finished deal played again outside the match: {deal, save, match} (the match waits;
  // `match`: its {view, moves, token} as shown when the practice began: those above are the practice's)
  stats: null, // the Statistics dialog: {record, key, confirm, kept, unread} (stats-view.js)
};

let onChange = () => {};

/** Registers the one listener of changes (main.js: the renderer). */
export function setChangeListener(fn) {
  onChange = fn;
}

/** The one way to change the state: merge `patch` (or what `patch(state)` returns), then redraw. */
export function update(patch, afterRender) {
  Object.assign(state, typeof patch === "function" ? patch(state) : patch);
  onChange(afterRender);
}

export const SEAT_NAME_KEYS = ["seat_name_you", "seat_name_west", "seat_name_north", "seat_name_east"];
export const LEVEL_KEYS = { easy: "level_easy", normal: "level_normal", hard: "level_hard" };
export const SUIT_KEYS = { C: "suit_clubs", D: "suit_diamonds", H: "suit_hearts", S: "suit_spades" };
// The suit as a card's name says it (Lithuanian: the genitive, "kryžių valetas").
export const CARD_SUIT_KEYS = { C: "card_suit_clubs", D: "card_suit_diamonds", H: "card_suit_hearts", S: "card_suit_spades" };
export const RANK_NAME_KEYS = {
  7: "rank_name_7", 8: "rank_name_8", 9: "rank_name_9", T: "rank_name_10",
  J: "rank_name_jack", Q: "rank_name_queen", K: "rank_name_king", A: "rank_name_ace",
};
export const RANK_SHORT_KEYS = {
  T: "rank_short_10", J: "rank_short_jack", Q: "rank_short_queen", K: "rank_short_king", A: "rank_short_ace",
};
export const RESULT_KEYS = {
  made: "result_made", dedans: "result_dedans", litige: "result_litige", thrown_in: "result_thrown_in",
};
export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

export function isMyTurn(s = state) {
  const v = s.view;
  return !!v && v.to_act === 0 && v.legal_actions.length > 0 && !s.busy && !s.playing
    && s.boot === "ready" && s.tab === "here" && !practiceOver(s);
}

/** The match's view: the table's, or during a practice the one it waits at (its score bar and sheet). */
export function matchView(s = state) {
  return s.practice ? s.practice.match.view : s.view;
}

/** A practice whose one deal has ended (scored or thrown in): nothing more to play in it. */
export function practiceOver(s = state) {
  return !!s.practice && !!s.view && s.view.sheet.length > 0;
}

/** True once the match has begun and is not over: starting anew would throw it away. During a
 * practice the table shows the practice, so the match's own progress decides (it cannot end while it
 * waits: the person plays in each deal). */
export function matchInProgress(s = state) {
  const m = s.practice ? s.practice.match : s;
  return !!m.view && m.view.phase !== "over" && m.moves > 0;
}

export function levelOfSeat(seat, s = state) {
  const levels = s.levels || s.settings.levels;
  return levels[seat - 1] || "normal";
}

/** True while a new build may be offered: it is ready (or the person just asked for it: "applying"),
 * this tab plays, and no deal is being played. */
export function offerUpdate(s = state) {
  return (s.newBuild === "ready" || s.newBuild === "applying") && s.tab === "here" && betweenDeals(s);
}

/** No deal is being played on the table: a reload to a new build interrupts nothing. */
export function betweenDeals(s = state) {
  return !s.view || s.view.phase !== "play";
}

/** The finished trick the "last trick" dialog shows: {trick, previousDeal} or null. */
export function lastTrick(view) {
  if (!view) return null;
  if (view.tricks?.length) return { trick: view.tricks[view.tricks.length - 1], previousDeal: false };
  const last = view.last_deal?.tricks;
  if (last?.length) return { trick: last[last.length - 1], previousDeal: true };
  return null;
}

/** What the middle of the table shows: cards with seats, and the winner when finished. */
export function tableCards(s = state) {
  const v = s.view;
  if (!v || s.summaryShown) return { cards: [], winner: null };
  if (v.trick?.length) return { cards: v.trick, winner: null };
  if (s.shownTrick) return s.shownTrick;
  return { cards: [], winner: null };
}

/** The hand card that holds the roving tabindex: the one last focused if still legal, else the first legal. */
export function handFocus(s = state) {
  const v = s.view;
  const legal = isMyTurn(s) && v.phase === "play" ? v.legal_actions : [];
  if (legal.includes(s.handFocus)) return s.handFocus;
  return v ? v.hand.find((c) => legal.includes(c)) || null : null;
}

export function delays(s = state) {
  return SPEEDS[s.settings.speed] || SPEEDS.normal;
}
