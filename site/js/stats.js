/**
 * stats.js: the person's statistics, as pure functions over one record (no DOM, no storage).
 * The record lives in IndexedDB beside the match (js/match-store.js, key "stats"); the engine
 * worker counts a deal in the same transaction as the save that holds its end, so a deal counts
 * exactly once (reloads, crashes, two tabs); the analysis worker adds a reviewed deal's loss
 * under its (match, deal) key, so a deal reviewed twice counts once. Shape (docs/contracts.md
 * "Statistics"):
 *
 *   {version: 1,
 *    levels: {"normal,normal,hard": {matches, won, deals, taken, made, failed, capots, points}},
 *    reviews: {"<match key>:<deal>": {levels: "normal,normal,hard", loss, decisions}},
 *    played: {match: "<match key>", deals: [0, 1, ...]}}     (optional)
 *
 * By the levels of the computer players (seats 1-3). `matches` counts the matches finished or
 * abandoned (New game over a match begun), `won` those won; `deals` counts played deals (not
 * thrown in), `points` the points the person's side scored in them, `taken` the deals the person
 * took, `made` those it made, `failed` those it did not (dedans or litige), `capots` the deals
 * the person's side took every trick of. `played` lists the deals of the latest match counted
 * into this record: only those count when reviewed, so a deal played before a reset never comes
 * back through its review.
 */

import { sha256 } from "./sha256.js";

export const VERSION = 1;
const COUNTERS = ["matches", "won", "deals", "taken", "made", "failed", "capots", "points"];

export function emptyStats() {
  return { version: VERSION, levels: {}, reviews: {} };
}

const LEVELS_KEY = /^[a-z]+,[a-z]+,[a-z]+$/;

/** True for an object made by `{...}` or JSON (not an array, null, or a class's instance). */
export function plain(x) {
  return x !== null && typeof x === "object" && Object.getPrototypeOf(x) === Object.prototype;
}

/** True for a count or a sum of points: a finite number >= 0. */
export function count(x) {
  return typeof x === "number" && Number.isFinite(x) && x >= 0;
}

function playedWellFormed(p) {
  return p === undefined
    || (plain(p) && typeof p.match === "string" && Array.isArray(p.deals) && p.deals.every((d) => Number.isInteger(d) && d >= 0));
}

/** True when every entry of the record has the documented shape (plain objects, counts finite
 * and not negative, levels keys of three names). */
function wellFormed(record) {
  if (!plain(record) || record.version !== VERSION || !plain(record.levels) || !plain(record.reviews)) return false;
  if (!playedWellFormed(record.played)) return false;
  for (const [key, c] of Object.entries(record.levels)) {
    if (!LEVELS_KEY.test(key) || !plain(c) || !COUNTERS.every((name) => count(c[name]))) return false;
  }
  for (const r of Object.values(record.reviews)) {
    if (!plain(r) || typeof r.levels !== "string" || !LEVELS_KEY.test(r.levels) || !count(r.loss) || !count(r.decisions)) {
      return false;
    }
  }
  return true;
}

/** A stored record, or a fresh one when there is none or it is of another shape (another version,
 * or any entry of the wrong type: a tampered or damaged record starts afresh, never throws). */
export function normalise(record) {
  return wellFormed(record) ? record : emptyStats();
}

/** True when a record is stored but cannot be read (damaged, tampered, or a newer build's): the
 * dialog says so, and the next count keeps a copy of it before starting afresh. */
export function damaged(record) {
  return record !== null && record !== undefined && !wellFormed(record);
}

/** A short stable name of a match (its seeds, hashed: the key never shows them). Synchronous, and
 * the same digest crypto.subtle gave, which a page served over plain HTTP does not have. */
export function matchKey(save) {
  const text = JSON.stringify([save.game.seed, save.ai_seed, save.game.decks, save.game.first_dealer ?? 3]);
  return [...sha256(text).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function zero() {
  return Object.fromEntries(COUNTERS.map((k) => [k, 0]));
}

/** The record with the events of a match's steps counted (deal_scored rows, match_over); `match`
 * is the match's key (matchKey), under which its played deals are listed. */
export function countEvents(record, events, levels, match) {
  const out = structuredClone(normalise(record));
  const key = levels.join(",");
  const c = out.levels[key] || zero();
  for (const ev of events) {
    if (ev.type === "deal_scored" && ev.result !== "thrown_in") {
      if (out.played?.match !== match) out.played = { match, deals: [] };
      if (!out.played.deals.includes(ev.deal)) out.played.deals.push(ev.deal);
      c.deals += 1;
      c.points += ev.points[0];
      if (ev.taker === 0) {
        c.taken += 1;
        if (ev.result === "made") c.made += 1;
        else c.failed += 1;
      }
      if (ev.capot === 0) c.capots += 1;
    } else if (ev.type === "match_over") {
      c.matches += 1;
      if (ev.winner === 0) c.won += 1;
    }
  }
  out.levels[key] = c;
  return out;
}

/** True when the events are worth a write of the record. */
export function counts(events) {
  return events.some((ev) => ev.type === "match_over" || (ev.type === "deal_scored" && ev.result !== "thrown_in"));
}

/** The record with a match abandoned (a New game over it once begun): played, not won. */
export function countAbandoned(record, levels) {
  const out = structuredClone(normalise(record));
  const key = levels.join(",");
  out.levels[key] = out.levels[key] || zero();
  out.levels[key].matches += 1;
  return out;
}

/** The record with deal `deal` of match `match` reviewed: `loss` card points over `decisions`
 * decisions. Only a deal this record counted as played counts (not one from before a reset), and
 * only a loss and a number of decisions that are counts: anything else would damage the record. */
export function countReview(record, match, deal, levels, loss, decisions) {
  const out = structuredClone(normalise(record));
  if (!count(loss) || !count(decisions)) return out;
  if (out.played?.match !== match || !out.played.deals.includes(deal)) return out;
  out.reviews[`${match}:${deal}`] = { levels: levels.join(","), loss, decisions };
  return out;
}

/** The level combinations that have figures, in a fixed order. */
export function levelKeys(record) {
  const r = normalise(record);
  const keys = new Set([...Object.keys(r.levels), ...Object.values(r.reviews).map((x) => x.levels)]);
  return [...keys].sort();
}

/**
 * The figures of one level combination (or every one, `key` null):
 * {matches, won, deals, taken, made, failed, capots, pointsPerDeal, reviewed, lossPerDecision}
 * (pointsPerDeal and lossPerDecision null when nothing was counted).
 */
export function summary(record, key = null) {
  const r = normalise(record);
  const c = zero();
  for (const [k, v] of Object.entries(r.levels)) {
    if (key !== null && k !== key) continue;
    for (const name of COUNTERS) c[name] += Number(v[name]) || 0;
  }
  let loss = 0;
  let decisions = 0;
  let reviewed = 0;
  for (const v of Object.values(r.reviews)) {
    if (key !== null && v.levels !== key) continue;
    loss += Number(v.loss) || 0;
    decisions += Number(v.decisions) || 0;
    reviewed += 1;
  }
  const { points, ...rest } = c;
  return {
    ...rest,
    pointsPerDeal: c.deals ? points / c.deals : null,
    reviewed,
    lossPerDecision: decisions ? loss / decisions : null,
  };
}
