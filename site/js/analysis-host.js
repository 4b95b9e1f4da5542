// analysis-host.js: the methods of the analysis worker (js/worker.js booted with role "analysis").
// A second engine beside the match's: it reads the stored match itself (js/match-store.js; the page
// hands a save over only when the browser refuses storage, or for a practice, whose save holds no
// secret), has belote.analysis value the decisions of a finished deal one at a time, and posts each
// as it is ready: {kind: "analysis", key, index, decision} (or {key, index, error, type}). Answers carry
// public data only: a finished deal, never the save (its seed deals every future deal).
//
//   review {source: "match" | "practice", deal, save?, focus}  -> {key, header, outline, decisions}
//       focus: the review on show (every seat's decisions, before any other review's); without it
//       (the page's "this deal was just scored") only the person's decisions, in the background.
//   want {key, index}         that decision next (the person stepped onto it, or a Retry after
//                             an error); one already valued is posted again
//   unfocus {key}             the review is no longer on show: only the person's decisions go on
//   hard_in_seat {source, deal, save?}  -> {row}: the deal with Hard in seat 0
// Order of work: the person's cards in play order (the page's first values), the person's bids,
// then the computer seats' decisions; one decision per job, so a request waits one decision at most.
// When every card of the person in a match deal is valued, its loss joins the statistics under the
// deal's (match, deal) key (js/stats.js), once however often the deal is reviewed.
// What a review of a match deal valued is kept in IndexedDB (match-store.js keepReview: public data,
// a finished deal; a practice's stays in memory only) with the build that valued it, so a deal
// reviewed again after a reload, here or in another tab, shows its values at once; another build
// values it afresh (Hard's choices may differ).

import { count, countReview, matchKey, plain } from "./stats.js";
import { personCards } from "./outline.js";

const KEEP = 8; // reviews whose decisions stay here (the engine keeps fewer open: they are re-opened)

/** True when a kept decision has the shape belote.review's decision has for `outlined` (the same
 * kind, seat, move and action; a card's values, best cards and loss as the page reads them; a
 * bid's null), so the review dialog and the statistics can use it as if just valued. */
function keptDecision(d, outlined) {
  if (!plain(d) || d.kind !== outlined.kind || d.seat !== outlined.seat || d.move !== outlined.move
    || d.played !== outlined.played) return false;
  if (d.kind !== "card") return d.values === null && d.loss === null;
  return plain(d.values) && Object.values(d.values).every(count) && Object.hasOwn(d.values, d.played)
    && count(d.loss) && Array.isArray(d.best) && d.best.every((c) => Object.hasOwn(d.values, c));
}

class HostError extends Error {
  constructor(type, message) {
    super(message);
    this.type = type;
  }
}

/** The decisions in the order they are valued: the person's cards, the person's bids, then (all) the rest. */
function order(outline, all) {
  const idx = outline.map((_, i) => i);
  const mine = (kind) => idx.filter((i) => outline[i].seat === 0 && outline[i].kind === kind);
  return [...mine("card"), ...mine("bid"), ...(all ? idx.filter((i) => outline[i].seat !== 0) : [])];
}

/** Review `r` values the person's decisions only, or (`all`) every seat's: its queue, what of those
 * is not valued yet, in order. */
function queueUp(r, all) {
  r.all = all;
  r.queue = order(r.outline, all).filter((i) => !r.done.has(i));
}

export function createAnalysisHost({ python, post, store, enqueue, build = "" }) {
  const reviews = new Map(); // key -> {key, source, id, deal, save, header, outline, done, queue, all, counted}
  const creating = new Map(); // key -> the review being opened
  let focus = null;
  let pumping = false;

  /** The save to review: the page's copy when it hands one (moves storage refused: newer than the
   * stored record, which may even be of the match before), else the stored match. */
  async function saveOf(source, given) {
    if (given || source === "practice") return given || null;
    const record = store ? await store.read().catch(() => null) : null;
    return record ? record.save : null;
  }

  function open(r) {
    return python("open", { key: r.key, save: r.save, deal: r.deal });
  }

  /** Values one decision; a review the engine has let go of is opened again (milliseconds). */
  function value(r, index) {
    try {
      return python("decision", { key: r.key, index });
    } catch (e) {
      if (e.type !== "NoReview") throw e;
      open(r);
      return python("decision", { key: r.key, index });
    }
  }

  function next() {
    const focused = reviews.get(focus);
    if (focused && focused.queue.length) return focused;
    return [...reviews.values()].reverse().find((r) => r.queue.length) || null;
  }

  /** One decision of the most wanted review, then the next job, until nothing is left. */
  function step() {
    const r = next();
    if (!r) {
      pumping = false;
      return;
    }
    const index = r.queue.shift();
    if (!r.done.has(index)) {
      try {
        const decision = value(r, index);
        r.done.set(index, decision);
        post({ kind: "analysis", key: r.key, index, decision });
        countLoss(r);
        const personsLast = r.outline[index].seat === 0 && r.outline[index].kind === "card"
          && personCards(r.outline).every((i) => r.done.has(i));
        if (!r.queue.length || personsLast) keep(r);
      } catch (e) {
        post({ kind: "analysis", key: r.key, index, error: String(e.message || e), type: e.type || "InternalError" });
      }
    }
    setTimeout(() => enqueue(step), 0);
  }

  function pump() {
    if (pumping) return;
    pumping = true;
    setTimeout(() => enqueue(step), 0);
  }

  /** What the review valued so far, into IndexedDB (a failure only costs the values next time). A
   * practice's is not kept: nothing opens it after a reload, and it would push a match's out. */
  function keep(r) {
    if (!store || !r.done.size || r.source !== "match") return;
    store.keepReview(r.key, { build, decisions: Object.fromEntries(r.done) }).catch(() => {});
  }

  /** Decisions this build valued in an earlier visit (or another tab), into r.done. One of another
   * shape (damaged or altered by hand) is left out: it is valued again, never shown or counted. */
  async function kept(r) {
    const record = store && r.source === "match" ? await store.readReview(r.key).catch(() => null) : null;
    if (!plain(record) || record.build !== build || !plain(record.decisions)) return;
    for (const [i, decision] of Object.entries(record.decisions)) {
      const index = Number(i);
      if (Number.isInteger(index) && index >= 0 && index < r.outline.length && keptDecision(decision, r.outline[index])) {
        r.done.set(index, decision);
      }
    }
  }

  /** The person's loss over their cards of a match deal, once all are valued: into the statistics. */
  function countLoss(r) {
    if (r.counted || r.source !== "match" || !store) return;
    const cards = personCards(r.outline);
    if (!cards.every((i) => r.done.has(i))) return;
    r.counted = true;
    const loss = cards.reduce((sum, i) => sum + r.done.get(i).loss, 0);
    store.updateStats((record) => countReview(record, r.id, r.deal, r.save.levels, loss, cards.length)).catch(() => {});
  }

  async function create(key, source, id, deal, save) {
    const r = { key, source, id, deal, save, done: new Map(), all: false, counted: false };
    Object.assign(r, open(r)); // header, outline (a bad deal index throws: the page says so)
    await kept(r);
    queueUp(r, false);
    countLoss(r);
    return r;
  }

  return {
    async review({ source = "match", deal, save = null, focus: focused = false } = {}) {
      if (source !== "match" && source !== "practice") throw new HostError("BadRequest", `unknown source ${JSON.stringify(source)}`);
      const s = await saveOf(source, save);
      if (!s) throw new HostError("NoMatch", "no match to review: nothing is stored");
      const id = matchKey(s);
      const key = `${source}:${id}:${deal}`;
      let r = reviews.get(key);
      if (!r) {
        // one review per key, even when the page asks twice while the kept values are read
        if (!creating.has(key)) creating.set(key, create(key, source, id, deal, s).finally(() => creating.delete(key)));
        r = await creating.get(key);
      }
      reviews.delete(key);
      reviews.set(key, r); // the most recent last
      while (reviews.size > KEEP) reviews.delete(reviews.keys().next().value);
      if (focused) {
        focus = key;
        if (!r.all) queueUp(r, true);
      }
      pump();
      return { key, header: r.header, outline: r.outline, decisions: Object.fromEntries(r.done) };
    },

    /** {key}: that review is no longer on show: the computer seats' decisions it has not valued
     * wait until it is again (a `review` with focus); the person's are still valued (the statistics
     * count them). A phone's second core then goes back to the match's computer moves. */
    async unfocus({ key }) {
      const r = reviews.get(key);
      if (focus === key) focus = null;
      if (r && r.all) queueUp(r, false);
      return {};
    },

    async want({ key, index }) {
      const r = reviews.get(key);
      if (!r) throw new HostError("NoReview", `no review ${JSON.stringify(key)}`);
      if (r.done.has(index)) post({ kind: "analysis", key, index, decision: r.done.get(index) });
      else r.queue = [index, ...r.queue.filter((i) => i !== index)];
      focus = key;
      pump();
      return {};
    },

    async hard_in_seat({ source = "match", deal, save = null } = {}) {
      const s = await saveOf(source, save);
      if (!s) throw new HostError("NoMatch", "no match to review: nothing is stored");
      return python("hard_in_seat", { save: s, deal });
    },
  };
}
