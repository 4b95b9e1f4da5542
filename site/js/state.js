// state.js: the one state object of the page, and pure helpers that read it.
// Nothing here touches the DOM; render.js draws from this state, main.js changes it.

export const LEVELS = ["easy", "normal", "hard"];
export const TARGETS = [500, 1000, 2000];

/** Delays in milliseconds for each speed. "instant" is for tests (URL speed=instant). */
export const SPEEDS = {
  slow: { ai: 1300, trick: 1700, deal: 5000, anim: 420, callout: 2200 },
  normal: { ai: 750, trick: 1100, deal: 3500, anim: 260, callout: 1600 },
  fast: { ai: 250, trick: 500, deal: 1500, anim: 140, callout: 900 },
  instant: { ai: 0, trick: 0, deal: 0, anim: 0, callout: 400 },
};

export const state = {
  boot: "loading", // "loading" | "ready" | "failed"
  embed: false,
  settings: {
    lang: "en",
    speed: "normal",
    levels: ["normal", "normal", "normal"], // seats 1, 2, 3
    target: 1000,
    fourColour: false,
  },
  view: null, // the engine's view(0) (docs/contracts.md)
  save: null, // the bridge's save object of that view
  busy: false, // a request to the engine is in flight
  shownTrick: null, // a finished trick kept on the table for a moment: {cards, winner}
  animate: null, // {seat, card} the card that just arrived on the table
  callouts: {}, // seat -> "belote" | "rebelote", for a moment
  dealSummary: null, // the sheet row of the deal just finished
  thrownIn: false, // the last deal was thrown in
  hint: null, // {action, text}
  alert: null, // {kind: "boot" | "save" | "engine", text}
  handFocus: null, // the hand card that holds the roving tabindex
  dialog: null, // the id of the open dialog, if any
};

export const SEAT_NAME_KEYS = ["seat_name_you", "seat_name_west", "seat_name_north", "seat_name_east"];
export const LEVEL_KEYS = { easy: "level_easy", normal: "level_normal", hard: "level_hard" };
export const SUIT_KEYS = { C: "suit_clubs", D: "suit_diamonds", H: "suit_hearts", S: "suit_spades" };
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
  return !!v && v.to_act === 0 && v.legal_actions.length > 0 && !s.busy && s.boot === "ready";
}

/** True once the match has begun and is not over: starting anew would throw it away. */
export function matchInProgress(s = state) {
  const v = s.view;
  if (!v || v.phase === "over") return false;
  const actions = s.save?.game?.actions;
  return Array.isArray(actions) ? actions.length > 0 : true;
}

export function levelOfSeat(seat, s = state) {
  const levels = s.save?.levels || s.settings.levels;
  return levels[seat - 1] || "normal";
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
  if (!v) return { cards: [], winner: null };
  if (v.trick?.length) return { cards: v.trick, winner: null };
  if (s.shownTrick) return s.shownTrick;
  return { cards: [], winner: null };
}

export function delays(s = state) {
  return SPEEDS[s.settings.speed] || SPEEDS.normal;
}
