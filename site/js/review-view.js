// review-view.js: draws the deal review dialog (#dlg-review) from state.review, and only reads it.
// review.js owns that state. The four hands face up (the cards left at the position shown), the
// trick on the table (or the turned card before the first), the decision of the card to come: the
// person's legal cards carry their values (the card played, the best ones, the loss and ?/??), a
// computer's card its reason and, for Hard, where it believed the unseen cards were. Text goes in
// with textContent only. Each part is built afresh and put in only when it differs from what is
// on show (show()): #review-decision and #review-position are live regions, and decisions keep
// arriving while the review is open (the computer seats' in the background), so a screen reader
// hears a part again only when it changed.

import { t, tSeat, seatName, formatNumber, hasKey } from "./i18n.js";
import { state, LEVEL_KEYS, RESULT_KEYS, levelOfSeat } from "./state.js";
import { bidDecisions, personCards } from "./outline.js";
import { bidText, cardDiv, cardName, cardShort, suitName, suitLabel, suitOf, suitPip } from "./cards.js";
import { decisionAt } from "./review.js";
import { el, headerCell, tableHead } from "./dom.js";
import { announce } from "./live.js";

const SUITS = ["C", "D", "H", "S"];
const $ = (id) => document.getElementById(id);
let drawn = null; // the review object last drawn, and in which language
let drawnLang = null;

/** A seat with its level: "West (Hard)"; the person: "You". */
function seatWithLevel(seat) {
  return seat === 0 ? seatName(0) : t("review_seat_level", { player: seatName(seat), level: t(LEVEL_KEYS[levelOfSeat(seat)]) });
}

/** A hint-table reason (docs/contracts.md "Hint reasons") in the page's language. */
export function reasonText(why, spoken = false) {
  if (!why || !hasKey(why.key)) return "";
  const args = why.args || {};
  const p = {};
  if (typeof args.suit === "string") p.suit = suitName(args.suit);
  if (Number.isInteger(args.seat)) p.seat_name = seatName(args.seat);
  if (typeof args.card === "string") p.card = spoken ? cardName(args.card) : cardShort(args.card);
  return t(why.key, p);
}

/** A line shown with short cards ("A♣") and said with their names ("ace of clubs"): a screen reader
 * spells the short form out letter by letter and symbol by symbol. */
function twoWays(shown, said) {
  if (shown === said) return document.createTextNode(shown);
  const out = el("span", "two-ways");
  const eye = el("span", "", shown);
  eye.setAttribute("aria-hidden", "true");
  out.append(eye, el("span", "sr-only", said));
  return out;
}

/** What a screen reader says of an element drawn by twoWays (its spoken half). */
export function spokenText(node) {
  return node.querySelector(".sr-only")?.textContent ?? node.textContent;
}

/** The 32 cards of the deal in play order: [{seat, card}]. */
function played(header) {
  return header.tricks.flatMap((tr) => tr.cards);
}

/** What the review shows at its position: the hands left, the trick on the table, its winner. */
function position(r) {
  const order = played(r.header);
  const gone = new Set(order.slice(0, r.pos).map((c) => c.card));
  const hands = r.header.hands.map((h) => h.filter((c) => !gone.has(c)));
  let trick = [];
  let winner = null;
  if (r.pos > 0) {
    const done = r.pos % 4 === 0;
    const n = done ? r.pos / 4 - 1 : Math.floor(r.pos / 4);
    trick = order.slice(n * 4, r.pos);
    if (done) winner = r.header.tricks[n].winner;
  }
  return { order, hands, trick, winner };
}

/** Makes `box` hold `nodes` (elements or strings), changing only what differs: a node equal to
 * the one in its place stays, an element of the same tag keeps its identity and gets the new
 * attributes and children. A live region then announces only what changed (the whole panel was
 * read again when a value arrived or Why? opened), and the focused button stays the same node. */
function show(box, nodes) {
  patchChildren(box, nodes.map((n) => (typeof n === "string" ? document.createTextNode(n) : n)));
}

function patchChildren(parent, next) {
  const old = [...parent.childNodes];
  const common = Math.min(old.length, next.length);
  for (let k = 0; k < common; k++) patchNode(old[k], next[k]);
  for (let k = common; k < old.length; k++) old[k].remove();
  parent.append(...next.slice(common));
}

function patchNode(a, b) {
  if (a.isEqualNode(b)) return;
  if (a.nodeType !== Node.ELEMENT_NODE || a.nodeName !== b.nodeName) {
    a.replaceWith(b);
    return;
  }
  for (const { name } of [...a.attributes]) if (!b.hasAttribute(name)) a.removeAttribute(name);
  for (const { name, value } of [...b.attributes]) if (a.getAttribute(name) !== value) a.setAttribute(name, value);
  patchChildren(a, [...b.childNodes]);
}

/** The failure of the whole review or of decision i, or null. */
function failureOf(r, i) {
  if (r.error) return r.error;
  return i >= 0 && r.errors && Object.hasOwn(r.errors, i) ? r.errors[i] : null;
}

/** "The review is not available: <reason>" with a Retry button (Reload when the worker's files
 * are another build's: a Retry would meet them again). */
function failureLine(reason, reload = false) {
  const p = el("p", "review-error", t("review_failed", { reason }));
  const retry = el("button", "review-retry", t(reload ? "reload" : "retry"));
  retry.type = "button";
  retry.dataset.intent = reload ? "reload-page" : "review-retry";
  p.append(" ", retry);
  return p;
}

// ---- the summary line ---------------------------------------------------------------------------

function summaryText(r) {
  if (r.error) return t("review_failed", { reason: r.error });
  if (!r.header) return t("review_loading");
  const mine = personCards(r.outline);
  const failed = mine.find((i) => !r.decisions[i] && failureOf(r, i));
  if (failed !== undefined) return t("review_failed", { reason: failureOf(r, failed) });
  if (!mine.every((i) => r.decisions[i])) return t("review_summary_pending");
  const first = r.decisions[mine[0]];
  const best = Math.max(...Object.values(first.values));
  const cost = mine.reduce((sum, i) => sum + r.decisions[i].loss, 0);
  const got = r.header.row.card_points[0];
  // what every other card from then on changed (the partner's slips, the opponents'): the figures
  // add up, best - cost + others = got (values and card points alike count a capot as 252)
  const others = got - best + cost;
  return t("review_summary", { best, got, cost, others: signed(others) });
}

/** A figure with its sign: "+34", "-12", "0". */
function signed(v) {
  return `${v > 0 ? "+" : ""}${formatNumber(v)}`;
}

/** "West took hearts · Made", with the suit's pip. */
function contractLabel(h) {
  return suitLabel(h.trump, rowContract(h.row));
}

/** Who took a sheet row's deal and in what: "North took spades" ("You took spades"). */
export function contractLine(row) {
  return tSeat("contract_line", row.taker, { player: seatName(row.taker), suit: suitName(row.trump) });
}

/** A sheet row's contract and result: "North took spades · Made", or "Thrown in". */
function rowContract(row) {
  const result = t(RESULT_KEYS[row.result]);
  if (row.taker === null || row.taker === undefined) return result;
  return `${contractLine(row)} · ${result}`;
}

function hardLine(r) {
  const box = $("review-hard");
  box.hidden = !r.hard;
  let text = "";
  if (r.hard?.running) text = t("review_hard_running");
  else if (r.hard?.error) text = t("review_failed", { reason: r.hard.error });
  else if (r.hard) {
    const hard = r.hard.row;
    const mine = r.header.row;
    // who took and in what: Hard in the seat may bid otherwise (pass, and North take spades)
    text = t("review_hard_result", {
      us: hard.points[0], them: hard.points[1], contract: rowContract(hard),
      you_us: mine.points[0], you_them: mine.points[1], // the header says your own contract
    });
  }
  if (r.hard?.row) box.dataset.hardPoints = r.hard.row.points.join(",");
  else delete box.dataset.hardPoints;
  if (box.textContent === text) return;
  box.textContent = text;
  // The result comes seconds after the click, away from the focus: say it (once, when it changes).
  if (r.hard && !r.hard.running) announce(text);
}

// ---- the table -----------------------------------------------------------------------------------

/** A seat's hand: its name, then its cards; the person's legal cards carry their values at a decision. */
function seatBox(r, seat, cards, decision) {
  const box = el("div", `review-seat review-seat-${seat}`);
  box.setAttribute("role", "group");
  const badges = [];
  if (r.header.dealer === seat) badges.push(t("dealer_badge"));
  if (r.header.taker === seat) badges.push(t("taker_badge"));
  const label = el("div", "review-seat-label", [seatWithLevel(seat), ...badges].join(" · "));
  box.setAttribute("aria-label", `${seatWithLevel(seat)}, ${t("cards_in_hand", { n: cards.length })}`);
  const row = el("div", "review-cards");
  for (const code of cards) row.append(handCard(r, code, decision));
  box.append(label, row);
  box.dataset.seat = String(seat);
  return box;
}

function handCard(r, code, decision) {
  const trump = r.header.trump;
  const card = cardDiv(code, trump);
  const wrap = el("div", "review-card");
  wrap.append(card);
  wrap.dataset.card = code;
  if (!decision || !decision.values) return wrap;
  if (!Object.hasOwn(decision.values, code)) {
    wrap.classList.add("not-legal");
    return wrap;
  }
  const value = decision.values[code];
  const best = decision.best.includes(code);
  const isPlayed = decision.played === code;
  wrap.classList.add("legal");
  wrap.classList.toggle("best", best);
  wrap.classList.toggle("played", isPlayed);
  wrap.dataset.value = String(value);
  if (best) wrap.dataset.best = "1";
  if (isPlayed) wrap.dataset.played = "1";
  const tag = el("span", "review-value", `${best ? "★" : ""}${formatNumber(value)}`);
  tag.setAttribute("aria-hidden", "true");
  wrap.append(tag);
  if (isPlayed && decision.flag) {
    const flag = el("span", `review-flag flag-${decision.flag === "??" ? "blunder" : "mistake"}`, decision.flag);
    flag.setAttribute("aria-hidden", "true");
    wrap.append(flag);
  }
  const parts = [cardName(code, trump), t("review_points", { points: value })];
  if (best) parts.push(t("review_best"));
  if (isPlayed) parts.push(t("review_played_mark"));
  if (isPlayed && decision.flag) parts.push(t(decision.flag === "??" ? "review_flag_blunder" : "review_flag_mistake"));
  card.setAttribute("aria-label", parts.join(", "));
  return wrap;
}

function center(r, trick, winner) {
  const box = el("div", "review-center");
  const where = el("p", "review-where", positionText(r));
  where.setAttribute("aria-hidden", "true"); // #review-position says it to screen readers
  box.append(where);
  if (r.pos === 0) {
    const turned = el("figure", "review-turned");
    const card = cardDiv(r.header.turned_card);
    card.setAttribute("aria-label", t("turned_card_label", { card: cardName(r.header.turned_card) }));
    turned.append(card, el("figcaption", "", t("review_turned")));
    box.append(turned);
    return box;
  }
  const table = el("div", "review-trick");
  table.setAttribute("role", "group");
  table.setAttribute("aria-label", t("review_trick_label", { n: Math.floor((r.pos - 1) / 4) + 1 }));
  for (const c of trick) {
    const slot = el("div", `review-slot review-slot-${c.seat}`);
    slot.append(cardDiv(c.card, r.header.trump));
    if (winner === c.seat) slot.classList.add("winner");
    table.append(slot);
  }
  box.append(table);
  return box;
}

// ---- the decision of the card to come -----------------------------------------------------------

/** The bidding in one line; where the person's bid differs from Hard's, Hard's beside it. Its Why?
 * (r.bidWhy) lists each bid in turn: a computer's reason, and for the person's Hard's own figures. */
function bidding(r) {
  const bidIndexes = bidDecisions(r.outline);
  const trumps = r.header.bid_trumps;
  const parts = r.header.bids.map((b, n) => {
    const text = `${seatName(b.seat)}: ${bidText(b.action, trumps)}`;
    const d = r.decisions[bidIndexes[n]];
    return b.seat === 0 && d && d.hard !== b.action ? t("review_bid_hard", { bid: text, hard: bidText(d.hard, trumps) }) : text;
  });
  const text = t("review_bidding", { bids: parts.join(", ") });
  const bids = r.header.bids.map((b, n) => ({ b, d: r.decisions[bidIndexes[n]] }));
  if (!bids.length) return [el("p", "review-bidding", text)];
  // the line itself opens the reasons (a disclosure: no room for a button of its own on a phone)
  const line = el("p", "review-bidding");
  const why = el("button", "review-bidding-why");
  why.type = "button";
  why.dataset.intent = "review-bid-why";
  why.setAttribute("aria-expanded", r.bidWhy ? "true" : "false");
  why.setAttribute("aria-controls", "review-bid-reasons");
  why.append(text, el("span", "sr-only", ` ${t("review_why")}`));
  why.title = t("review_why");
  line.append(why);
  if (!r.bidWhy) return [line];
  const list = el("ul", "review-bid-reasons");
  list.id = "review-bid-reasons";
  for (const { b, d } of bids) {
    const bid = bidText(b.action, trumps);
    if (b.seat === 0) {
      if (d?.estimate) list.append(el("li", "", estimateText(d.estimate, bid, trumps)));
      continue;
    }
    // a computer seat's bids are valued after the person's decisions: "…" until then
    const reason = d ? reasonText(d.why) : "…";
    list.append(el("li", "", t("review_bid_reason", { player: seatWithLevel(b.seat), bid, reason })));
  }
  return [line, list];
}

/** Hard's figures for one of the person's bids: "You (pass): Hard's estimate over 48 deals, our
 * points minus theirs: take hearts -25; Hard takes above 0". */
function estimateText(e, bid, trumps) {
  const takes = Object.keys(e.takes).sort((a, b) => e.takes[b] - e.takes[a] || (a < b ? -1 : 1));
  const options = takes.map((a) => `${bidText(a, trumps)} ${signed(e.takes[a])}`).join(", ");
  return t("review_bid_estimates", { player: seatName(0), bid, n: e.deals, options, bar: signed(e.bar) });
}

/** What #review-decision shows; when the review failed as a whole (a dead worker), that too, with
 * its Retry, under what was valued before. */
function decisionPanel(r, i, pos) {
  const out = decisionParts(r, i, pos);
  if (r.error && !out.some((n) => n.classList.contains("review-error"))) out.push(failureLine(r.error, r.reload));
  return out;
}

/** The card at pos (the bidding too at the start), its values or reason, or why it has none. */
function decisionParts(r, i, pos) {
  const out = [];
  if (!r.header) {
    if (r.error) out.push(failureLine(r.error, r.reload));
    return out;
  }
  if (pos === 0) out.push(...bidding(r));
  if (pos >= 32) {
    const row = r.header.row;
    out.push(el("p", "", t("review_end", { us: row.points[0], them: row.points[1] })));
    return out;
  }
  const card = position(r).order[pos];
  const d = r.decisions[i];
  const who = card.seat;
  const line = el("p", "review-move");
  const moveText = (name) => (who === 0 ? t("review_you_played", { card: name(card.card) })
    : t("review_played", { player: seatWithLevel(who), card: name(card.card) }));
  const strong = el("strong");
  strong.append(twoWays(moveText(cardShort), moveText(cardName)));
  line.append(strong);
  out.push(line);
  if (!d) {
    const failed = failureOf(r, i);
    out.push(failed ? failureLine(failed) : el("p", "muted review-valuing", t("review_valuing")));
    return out;
  }
  if (who === 0) {
    const facts = (name, join) => {
      const out = [t("review_points", { points: d.values[d.played] })];
      if (d.loss > 0) out.push(t("review_loss", { points: d.loss }));
      out.push(t("review_best_cards", { cards: d.best.map((c) => name(c)).join(join), n: d.best.length }));
      out.push(t("review_hard_choice", { card: name(d.hard) }));
      return out.join(" · ");
    };
    const p = el("p", "review-facts");
    p.append(twoWays(facts(cardShort, " "), facts(cardName, ", ")));
    if (d.flag) p.prepend(el("span", `review-flag-text flag-${d.flag === "??" ? "blunder" : "mistake"}`, `${d.flag} `));
    out.push(p);
    return out;
  }
  const why = el("button", "review-why", t("review_why"));
  why.type = "button";
  why.dataset.intent = "review-why";
  why.setAttribute("aria-expanded", r.why ? "true" : "false");
  why.setAttribute("aria-controls", "review-reason");
  line.append(" ", why);
  if (!r.why) return out;
  const reason = el("div", "review-reason");
  reason.id = "review-reason";
  // not read out as it is added (its belief table would be, cell by cell): renderReview says the
  // reason line once; the table stays there to be read at will
  reason.setAttribute("aria-live", "off");
  const reasonLine = el("p");
  reasonLine.append(twoWays(t("review_reason", { reason: reasonText(d.why) }), t("review_reason", { reason: reasonText(d.why, true) })));
  reason.append(reasonLine);
  if (d.belief && Object.keys(d.belief).length) reason.append(heatMap(r, who, d.belief));
  out.push(reason);
  return out;
}

/** Where a Hard seat believed each unseen card was: suits by rows, the other seats by columns,
 * each card a chip shaded by its probability. */
function heatMap(r, seat, belief) {
  const table = el("table", "review-heat");
  table.dataset.heat = "1";
  table.append(el("caption", "", t("review_belief_title", { player: seatName(seat) })));
  const others = [0, 1, 2, 3].filter((s) => s !== seat);
  const thead = tableHead(others.map(seatName), true);
  const body = el("tbody");
  for (const suit of SUITS) {
    const cards = Object.keys(belief).filter((c) => suitOf(c) === suit);
    if (!cards.length) continue;
    const tr = el("tr");
    const th = headerCell("row", undefined, `suit-${suit}`);
    th.append(suitPip(suit, "pip inline-pip"), el("span", "sr-only", suitName(suit)));
    tr.append(th);
    for (const s of others) {
      const td = el("td");
      for (const c of cards) {
        const share = belief[c][s];
        if (!(share >= 0.05)) continue; // below 5 %: noise, and room on a phone
        const chip = el("span", `heat-chip suit-${suit}`, cardShort(c).slice(0, -1));
        chip.style.setProperty("--p", String(Math.round(share * 100) / 100));
        chip.dataset.card = c;
        chip.setAttribute("role", "img");
        chip.setAttribute("aria-label", t("review_belief_cell", { card: cardName(c), percent: Math.round(share * 100) }));
        td.append(chip);
      }
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(thead, body);
  return table;
}

function positionText(r) {
  if (r.pos === 0) return t("review_position_start");
  if (r.pos >= 32) return t("review_position_end");
  return t("review_position", { trick: Math.floor(r.pos / 4) + 1, card: (r.pos % 4) + 1 });
}

// ---- the whole dialog ------------------------------------------------------------------------------

/** Redraws the review dialog when what it shows changed (called with every render). */
export function renderReview() {
  const dlg = $("dlg-review");
  const r = state.review;
  if (!dlg || !dlg.open || !r) return;
  const lang = state.settings.lang;
  if (r === drawn && lang === drawnLang) return;
  const opened = r.why && !(drawn && drawn.token === r.token && drawn.why);
  const fresh = !drawn || drawn.token !== r.token; // just opened: showModal focused the first control, "i"
  drawn = r;
  drawnLang = lang;
  const focusedIntent = dlg.contains(document.activeElement) ? document.activeElement.dataset.intent || "" : "";

  $("dlg-review-title").textContent = t(r.source === "practice" ? "review_title_practice" : "review_title", { n: r.matchDeal + 1 });
  const summary = [];
  if (r.header) {
    const contract = el("span", "review-contract", "");
    contract.append(contractLabel(r.header));
    summary.push(contract, " · "); // "... · Made · Card points: ...": two statements, not one
  }
  summary.push(el("span", "", summaryText(r)));
  show($("review-summary"), summary);
  const table = $("review-table");
  const ready = !!r.header;
  dlg.dataset.pos = String(r.pos);
  dlg.dataset.loaded = ready ? "1" : "0";
  for (const b of dlg.querySelectorAll(".review-nav button, [data-intent='review-hard'], [data-intent='review-practice']")) b.disabled = !ready;
  if (ready) {
    const mine = personCards(r.outline);
    dlg.dataset.values = String(mine.filter((i) => r.decisions[i]).length);
    if (r.firstAt !== null) dlg.dataset.firstMs = String(Math.round(r.firstAt));
    if (r.allAt !== null) dlg.dataset.allMs = String(Math.round(r.allAt));
    const nav = dlg.querySelectorAll(".review-nav button");
    // At an end of the deal the steps that lead past it stay focusable (aria-disabled, and the
    // step is clamped): Enter pressed again on Next at the last card stays there, where a
    // disabled button would push the focus onto another step button (back to the start).
    for (const b of nav) {
      const back = ["review-first", "review-prev-trick", "review-prev"].includes(b.dataset.intent);
      if (back ? r.pos === 0 : r.pos >= 32) b.setAttribute("aria-disabled", "true");
      else b.removeAttribute("aria-disabled");
    }
    // Used once: it stays focusable (aria-disabled, the click is ignored), so the focus stays
    // where the person left it while the result line says what Hard made.
    const hardButton = dlg.querySelector("[data-intent='review-hard']");
    if (r.hard) hardButton.setAttribute("aria-disabled", "true");
    else hardButton.removeAttribute("aria-disabled");
  } else {
    delete dlg.dataset.values;
  }
  show($("review-position"), ready ? [positionText(r)] : []);
  const i = ready ? decisionAt(r, r.pos) : -1;
  if (ready) {
    const { hands, trick, winner } = position(r);
    const d = i >= 0 ? r.decisions[i] : null;
    const grid = el("div", "review-grid");
    grid.append(seatBox(r, 2, hands[2], null), seatBox(r, 1, hands[1], null), center(r, trick, winner),
      seatBox(r, 3, hands[3], null), seatBox(r, 0, hands[0], d && d.seat === 0 ? d : null));
    show(table, [grid]);
  } else {
    show(table, []);
  }
  show($("review-decision"), decisionPanel(r, i, r.pos));
  hardLine(r);
  if (opened) {
    const line = $("review-reason");
    line?.scrollIntoView({ block: "nearest" }); // the reason just opened
    if (line?.firstElementChild) announce(spokenText(line.firstElementChild));
  }
  // Keep the focus in the dialog: on the control that had it if it is still there (it may have
  // been rebuilt, or disabled at an end of the deal), else on a step button, else on Close.
  const active = document.activeElement;
  const parked = ready && dlg.dataset.parked === "1" && active?.dataset.intent === "close-dialog";
  dlg.dataset.parked = ready ? "0" : "1"; // while loading, the focus waits on Close
  if (fresh || !dlg.contains(active) || active.disabled || parked) {
    const again = !parked && !fresh && focusedIntent && dlg.querySelector(`[data-intent="${focusedIntent}"]:not([disabled])`);
    // the step forward, not |‹ (the first step button): an Enter then would go back to the start
    (again || dlg.querySelector("[data-intent='review-next']:not([disabled])") || dlg.querySelector(".review-close"))
      ?.focus({ preventScroll: true });
  }
}
