// render.js: draws the page from `state` (state.js), and only reads it. Called through
// requestRender() (state.update's listener), which batches changes into one redraw per animation
// frame. Text goes in with textContent only. One memo (drawn) remembers what each region shows,
// so a region is rebuilt only when what it shows changed; invalidate() forgets it all.

import { t, tSeat, seatName, formatNumber } from "./i18n.js";
import {
  state, isMyTurn, tableCards, lastTrick, delays, handFocus, offerUpdate, matchView,
  LEVEL_KEYS, RESULT_KEYS, levelOfSeat, practiceOver,
} from "./state.js";
import { fillFace, cardDiv, cardBack, cardName, suitName, suitPip, suitLabel, bidText } from "./cards.js";
import { slideIn } from "./anim.js";
import { el, headerCell, tableHead } from "./dom.js";
import { renderReview, reasonText, contractLine } from "./review-view.js";
import { announce } from "./live.js";
import { trickSentence } from "./narrate.js";

const $ = (sel) => document.querySelector(sel);
let frame = 0;
const afterRender = [];
const memo = new Map(); // region -> the key of what it shows
let slidN = 0; // state.lastCard.n of the last card slid in

/** True (and remembered) when region `name` must be redrawn because its `key` changed. */
function changed(name, key) {
  if (memo.get(name) === key) return false;
  memo.set(name, key);
  return true;
}

/** Forgets what was drawn (after a language switch) so the next render rebuilds it all. */
export function invalidate() {
  memo.clear();
}

export function requestRender(then) {
  if (then) afterRender.push(then);
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    render();
    for (const fn of afterRender.splice(0)) fn();
  });
}

export function render() {
  const app = $("#app");
  const v = state.view;
  app.dataset.phase = v ? v.phase : "";
  app.dataset.myTurn = isMyTurn() ? "1" : "0";
  app.dataset.dealNumber = v ? String(v.deal_number) : "";
  app.dataset.dealsDone = v ? String(v.sheet.length) : "";
  app.dataset.moves = String(state.moves); // actions of the match shown so far (tests wait on it)
  app.dataset.recoveries = String(state.recoveries); // engines restarted after a crash (tests wait on it)
  app.dataset.tab = state.tab;
  // A deal ended: from its last trick until its summary goes, the next deal's hand, bids, backs and
  // badges (its dealer) wait hidden, so nothing of it looks playable or is said before it comes.
  app.dataset.dealEnd = state.dealEnd ? "1" : "0";
  app.dataset.summary = state.summaryShown ? "1" : "0";
  app.classList.toggle("embed", state.embed);
  app.classList.toggle("four-colour", !!state.settings.fourColour);
  // Busy: the table only. On the whole page it held back the alerts and the live log inside it
  // (a screen reader may wait for a busy region), as the engine restarted after a crash.
  $("#table").setAttribute("aria-busy", state.boot === "loading" ? "true" : "false");
  renderScores(v);
  renderSeats(v);
  renderCenter(v);
  renderStatus(v);
  renderBids(v);
  renderOverActions(v);
  renderHand(v);
  renderAlerts();
  renderToolbar(v);
  renderPractice(v);
  renderReview();
}

/** The score bar: the match's scores and reserve (during a practice those it waits at: the practice's
 * deal adds nothing to them); in the middle, the deal on the table (or the practice's label). */
function renderScores(v) {
  const m = matchView();
  // A deal that ended (the view already holds the next one): its number and trump until its summary
  // goes, and the match's scores and reserve as they stood before it until the summary tells them
  // (the sheet row before it has them).
  const ended = state.dealEnd;
  const before = ended && !state.summaryShown && !state.practice && m
    ? m.sheet[ended.deal - 1] || { scores: [0, 0], reserve: 0 } : null;
  const scores = before ? before.scores : m ? m.scores : [0, 0];
  for (const team of [0, 1]) {
    const node = document.querySelector(`[data-score-team="${team}"]`);
    node.textContent = formatNumber(scores[team]);
  }
  const deal = ended ? ended.deal : v?.deal_number;
  $("#target-info").textContent = !v ? "" : state.practice ? t("practice_label", { n: state.practice.deal + 1 })
    : `${t("deal_number", { n: deal + 1 })} · ${t("target_label", { target: v.target })}`;
  const reserve = before ? before.reserve : m ? m.reserve : 0;
  $("#reserve-info").textContent = reserve > 0 ? t("reserve_label", { points: reserve }) : "";
  const trump = $("#trump-info");
  const trumpShown = ended ? ended.trump || "" : v && v.trump ? v.trump : "";
  if (changed("trump", trumpShown)) {
    trump.replaceChildren();
    if (trumpShown) trump.append(suitLabel(trumpShown, t("trump_badge", { suit: suitName(trumpShown) })));
  }
}

function seatSkeleton(node, seat) {
  if (node.querySelector(".seat-label")) return;
  const label = el("div", "seat-label");
  label.append(el("span", "seat-name"), el("span", "seat-level"), el("span", "badges"));
  const backs = el("div", "backs");
  backs.setAttribute("aria-hidden", "true");
  const bubble = el("div", "bubble");
  bubble.setAttribute("aria-hidden", "true");
  node.append(label, seat === 0 ? el("div", "backs-none") : backs, bubble);
}

function renderSeats(v) {
  for (let seat = 0; seat < 4; seat++) {
    const node = document.querySelector(`.seat[data-seat="${seat}"]`);
    seatSkeleton(node, seat);
    node.querySelector(".seat-name").textContent = seatName(seat);
    const level = node.querySelector(".seat-level");
    level.textContent = seat === 0 ? "" : t(LEVEL_KEYS[levelOfSeat(seat)]);
    const role = seat === 0 ? "" : t(seat === 2 ? "role_partner" : "role_opponent");
    const cards = v ? v.hand_sizes[seat] : 0;
    node.setAttribute("aria-label", seat === 0
      ? t("seat_label_you", { cards })
      : `${t("seat_label", { name: seatName(seat), role, level: level.textContent })}, ${t("cards_in_hand", { n: cards })}`);
    node.classList.toggle("to-act", !!v && v.to_act === seat && v.phase !== "over");
    node.classList.toggle("partner", seat === 2);

    const badges = node.querySelector(".badges");
    badges.replaceChildren();
    if (v && v.dealer === seat) {
      const b = el("span", "badge dealer", t("dealer_badge"));
      badges.append(b);
    }
    if (v && v.taker === seat && v.trump) {
      const b = el("span", `badge taker suit-${v.trump}`);
      b.append(el("span", "", t("taker_badge")), suitPip(v.trump, "pip inline-pip"));
      b.title = t("trump_badge", { suit: suitName(v.trump) });
      badges.append(b);
    }

    if (seat !== 0) {
      const backs = node.querySelector(".backs");
      if (backs.childElementCount !== cards) {
        backs.replaceChildren(...Array.from({ length: cards }, cardBack));
      }
    }

    const bubble = node.querySelector(".bubble");
    let text = "";
    let kind = "";
    const callout = state.callouts[seat];
    if (callout && (callout.kind === "belote" || callout.kind === "rebelote")) {
      text = t(callout.kind === "belote" ? "callout_belote" : "callout_rebelote");
      kind = "callout";
    } else if (callout && callout.kind === "contract") {
      text = t("bid_take_suit", { suit: suitName(callout.suit) }); // the contract just made: "Take hearts"
      kind = "take";
    } else if (v && (v.phase === "bid1" || v.phase === "bid2")) {
      // this round's bids only: round 2 starts with no bubble (its four passes of round 1 are
      // gone), so it shows that a new round began and who has spoken in it
      const round = v.phase === "bid2" ? v.bids.slice(4) : v.bids;
      const mine = round.filter((b) => b.seat === seat);
      if (mine.length) {
        text = bidText(mine[mine.length - 1].action, v.bid_trumps);
        kind = mine[mine.length - 1].action === "pass" ? "pass" : "take";
      }
    }
    bubble.textContent = text;
    bubble.dataset.kind = kind;
    bubble.hidden = !text;
  }
}

/** "3.2 MB" as the page's language writes it ("3,2 Mo" in French). */
function megabytes(bytes) {
  const format = new Intl.NumberFormat(state.settings.lang, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 });
  return format.format(bytes / 1e6);
}

/** While the engine boots: how much of its download has come (a slow link shows it moving). */
function renderDownload() {
  const download = state.boot === "loading" ? state.download : null;
  const shown = !!download && download.total > 0;
  $("#boot-download").hidden = !shown;
  if (!shown) return;
  const loaded = Math.min(download.loaded, download.total);
  $("#boot-progress").value = loaded / download.total;
  $("#boot-bytes").textContent = `${megabytes(loaded)} / ${megabytes(download.total)}`;
}

function renderCenter(v) {
  $("#loading").hidden = state.boot !== "loading";
  renderDownload();
  const center = $("#center");

  // The turned card, face up during bidding.
  const turned = $("#turned");
  const bidding = v && (v.phase === "bid1" || v.phase === "bid2");
  const showTurned = bidding && !state.dealEnd && !state.shownTrick ? v.turned_card : null;
  if (changed("turned", showTurned)) {
    turned.replaceChildren();
    if (showTurned) {
      const card = cardDiv(showTurned);
      card.setAttribute("aria-label", t("turned_card_label", { card: cardName(showTurned) }));
      turned.append(card);
    }
  }
  turned.hidden = !showTurned;

  // The trick: one slot per seat.
  const { cards, winner } = tableCards();
  const bySeat = [null, null, null, null];
  for (const c of cards) bySeat[c.seat] = c.card;
  for (let seat = 0; seat < 4; seat++) {
    const slot = center.querySelector(`.slot[data-slot="${seat}"]`);
    const code = bySeat[seat];
    if (changed(`slot${seat}`, code)) {
      slot.replaceChildren();
      if (code) {
        const trump = v?.trump || v?.last_deal?.trump;
        const card = cardDiv(code, trump);
        // who played it: the slots' places say so only to the eye
        card.setAttribute("aria-label", t("trick_card_label", { player: seatName(seat), card: cardName(code, trump) }));
        slot.append(card);
        const last = state.lastCard;
        if (last && last.n !== slidN && last.card === code) {
          slidN = last.n; // each card slides in once, when it arrives
          slideIn(card, seat, delays().anim);
        }
      }
    }
    slot.classList.toggle("winner", winner === seat && !!code);
  }

  const note = $("#trick-note");
  let noteText = "";
  if (winner !== null && winner !== undefined && !state.summaryShown) noteText = tSeat("trick_winner", winner, { player: seatName(winner) });
  else if (state.thrownIn && v && v.phase === "bid1" && !v.bids.length) noteText = t("announce_thrown_in");
  note.textContent = noteText;
  note.hidden = !noteText;
  note.classList.toggle("note-top", !!noteText && (winner === null || winner === undefined));

  renderSummary(v);
  center.dataset.trump = v?.trump || "";
}

function renderSummary(v) {
  const box = $("#deal-summary");
  const row = state.summaryShown ? state.dealEnd : null;
  box.hidden = !row;
  if (!changed("summary", row)) return;
  box.replaceChildren();
  if (!row) return;
  box.append(...summaryContent(row, v, "deal-summary-title"));
  const buttons = el("div", "summary-buttons");
  if (row.result !== "thrown_in") buttons.append(reviewButton(row, t("review_button")));
  const ok = el("button", "primary", t("continue"));
  ok.type = "button";
  ok.dataset.intent = "dismiss-summary";
  buttons.append(ok);
  box.append(buttons);
}

/** A button that opens the review of a finished deal (of the match, or of the practice on show). */
function reviewButton(row, text, label) {
  const b = el("button", "review-open", text);
  b.type = "button";
  b.dataset.intent = "review";
  b.dataset.deal = String(row.deal);
  b.dataset.source = state.practice ? "practice" : "match";
  if (label) b.setAttribute("aria-label", label);
  return b;
}

/** The practice's bar: which deal is played again, and the way back to the match. */
function renderPractice(v) {
  const bar = $("#practice-bar");
  const p = state.practice;
  // over once its last trick and its summary have been shown (the view holds the end before they are)
  const over = p && practiceOverShown();
  if (!changed("practice", p ? `${p.deal}:${over}` : "")) return;
  bar.hidden = !p;
  bar.replaceChildren();
  if (!p) return;
  bar.append(el("p", "", t(over ? "practice_over" : "practice_banner", { n: p.deal + 1 })));
  if (over && v.sheet[0].result !== "thrown_in") bar.append(reviewButton(v.sheet[0], t("review_button")));
  const back = button(t("practice_back"), "practice-back", over);
  bar.append(back);
}

/** The body of an end-of-deal summary. A practice's names the match's deal it played again, and has
 * no match total (its own "match" is that one deal). */
export function summaryContent(row, v, titleId) {
  const p = state.practice;
  const title = el("h2", "summary-title", t(p ? "summary_title_practice" : "summary_title",
    { n: (p ? p.deal : row.deal) + 1, result: t(RESULT_KEYS[row.result]) }));
  if (titleId) title.id = titleId;
  const contract = el("p", "summary-contract");
  if (row.taker !== null && row.taker !== undefined) {
    contract.append(suitLabel(row.trump, contractLine(row)));
  } else {
    contract.textContent = t("contract_none");
  }
  const table = el("table", "summary-table");
  const thead = tableHead([t("team_us"), t("team_them")], true);
  const body = el("tbody");
  const line = (key, values, cls) => {
    const tr = el("tr", cls || "");
    tr.append(headerCell("row", t(key)), ...values.map((x) => el("td", "num", typeof x === "number" ? formatNumber(x) : x)));
    body.append(tr);
  };
  line("summary_card_points", row.card_points);
  if (row.belote.some((x) => x)) line("summary_belote", row.belote);
  if (row.capot !== null && row.capot !== undefined) line("summary_capot", [0, 1].map((tm) => (tm === row.capot ? "✓" : "")));
  if (row.reserve_paid.some((x) => x)) line("summary_reserve_paid", row.reserve_paid);
  line("summary_points", row.points, "points");
  if (!p) line("summary_total", row.scores, "total");
  table.append(thead, body);
  const out = [title, contract, table];
  const held = heldByLitige(row);
  if (row.reserve > 0) out.push(el("p", "summary-reserve", t("summary_reserve_held", { points: row.reserve })));
  // a practice is a match of one deal, which its litige ends (the reserve then lost): say what the match would hold
  else if (p && held) out.push(el("p", "summary-reserve", t("summary_reserve_practice", { points: held })));
  return out;
}

/** The card points a litige deal put into the reserve (the takers'), 0 for any other deal. */
function heldByLitige(row) {
  return row.result === "litige" ? row.card_points[row.taker & 1] : 0;
}

/** The hint's one-line reason in the page's language (docs/contracts.md "Hint reasons"): the
 * engine's English line only for a key this page does not know. */
export function hintText(h, spoken = false) {
  return reasonText({ key: h.reason_key, args: h.reason_args }, spoken) || h.reason || t("hint_fallback", { action: h.action });
}

function renderStatus(v) {
  const status = $("#status");
  let text = "";
  if (state.hint) text = t("status_hint", { reason: hintText(state.hint) });
  else if (state.boot === "loading") text = t("status_loading");
  else if (!v) text = state.boot === "ready" ? t("status_no_game") : "";
  else if (state.dealEnd) text = ""; // the deal's end and its summary: nobody is thinking yet
  // a practice's one deal is over (scored or thrown in), not the match, which waits behind it
  else if (state.practice && v.sheet.length > 0) text = practiceOverShown() ? t("practice_over", { n: state.practice.deal + 1 }) : "";
  else if (v.phase === "over") text = t("status_match_over");
  else if (isMyTurn()) {
    text = v.phase === "bid1" ? t("status_your_bid_round1")
      : v.phase === "bid2" ? t("status_your_bid_round2") : t("status_your_play");
  } else if (v.to_act !== null && v.to_act !== 0) text = t("status_thinking", { player: seatName(v.to_act) });
  status.textContent = text;
  status.classList.toggle("hinting", !!state.hint);
}

function keyedButtons(container, keys, make) {
  const existing = new Map();
  for (const b of container.children) existing.set(b.dataset.key, b);
  const list = keys.map((k) => existing.get(k) || make(k));
  for (const [k, b] of existing) if (!keys.includes(k)) b.remove();
  list.forEach((b, i) => {
    if (container.children[i] !== b) container.insertBefore(b, container.children[i] || null);
  });
  return list;
}

function renderBids(v) {
  const box = $("#bids");
  const bidPhase = v && (v.phase === "bid1" || v.phase === "bid2") && state.boot === "ready";
  const actions = bidPhase && v.to_act === 0 ? v.legal_actions : [];
  if (changed("bids", v ? `${v.deal_number}:${v.phase}` : "")) {
    box.replaceChildren(); // new deal or round: rebuild the labels
  }
  const buttons = keyedButtons(box, actions, (action) => {
    const b = el("button", "bid");
    b.type = "button";
    b.dataset.key = action;
    b.dataset.action = action;
    const suit = v.bid_trumps[action];
    if (!suit) b.textContent = t("bid_pass");
    else {
      b.append(suitLabel(suit, t("bid_take_suit", { suit: suitName(suit) })));
      b.classList.add("take");
    }
    return b;
  });
  for (const b of buttons) {
    b.disabled = !isMyTurn();
    markHint(b, state.hint && state.hint.action === b.dataset.action);
  }
  // The row stays through the bidding, empty between the person's turns, and through the play as
  // an empty spacer (main.css: .bids.spacer): the table above it moved 52 px each time the
  // person's turn came and went, and again each time the bidding ended or began.
  box.classList.toggle("spacer", !bidPhase);
  box.classList.toggle("waiting", bidPhase && !actions.length);
  // "true", not toggleAttribute's empty value, which ARIA reads as not hidden at all
  if (actions.length) box.removeAttribute("aria-hidden");
  else box.setAttribute("aria-hidden", "true");
}

/** The match is over and its dialog closed (Escape, or the score sheet it opened): the way on stays
 * on the table. */
function renderOverActions(v) {
  const shown = matchOverShown(v);
  $("#over-actions").hidden = !shown;
  $("#hand").hidden = shown; // empty: its row goes to the buttons (a 360x480 embed has no other)
}

/** The match is over and shown: its last trick, its summary and their pauses are done. */
function matchOverShown(v = state.view) {
  return !!v && v.phase === "over" && !state.practice && !state.playing && state.boot === "ready" && state.tab === "here";
}

function renderHand(v) {
  const box = $("#hand");
  const hand = v ? v.hand : [];
  const playing = v && v.phase === "play" && isMyTurn();
  const legal = new Set(playing ? v.legal_actions : []);
  if (changed("hand", v?.trump || "")) {
    box.replaceChildren(); // accessible names mention the trump: rebuild
  }
  const buttons = keyedButtons(box, hand, (code) => {
    const b = el("button");
    b.type = "button";
    b.dataset.key = code;
    fillFace(b, code);
    b.setAttribute("aria-label", cardName(code, v?.trump));
    return b;
  });
  const focus = handFocus();
  box.style.setProperty("--n", String(buttons.length));
  buttons.forEach((b, i) => {
    const code = b.dataset.card;
    b.style.setProperty("--i", String(i));
    const isLegal = legal.has(code);
    b.disabled = !isLegal;
    b.classList.toggle("legal", isLegal);
    b.classList.toggle("dimmed", playing && !isLegal);
    b.tabIndex = code === focus ? 0 : -1;
    markHint(b, state.hint && state.hint.action === code);
  });
}

/** Marks the hinted bid or card: its ring for the eye, its reason as its description for a screen
 * reader (said when the hint moves the focus to it, and whenever it is reached again). */
function markHint(b, hinted) {
  b.classList.toggle("hinted", !!hinted);
  if (hinted) {
    b.dataset.hint = "1";
    b.setAttribute("aria-description", t("status_hint", { reason: hintText(state.hint, true) }));
  } else {
    delete b.dataset.hint;
    b.removeAttribute("aria-description");
  }
}

function button(text, intent, primary = false) {
  const b = el("button", primary ? "primary" : "", text);
  b.type = "button";
  b.dataset.intent = intent;
  return b;
}

// What #alerts has said: a rebuild of the area for another reason says nothing again. A notice or
// the update offer once per page (the offer hides during every deal and comes back between deals);
// an alert each time it comes (two crashes are two alerts).
const saidStatus = new Set();
let alertsShown = new Set();

/** Says each message of #alerts when it first shows: a status (a notice, the update offer)
 * inserted already filled is not announced, and an alert behind a modal dialog (the page inert)
 * is not heard; both go to the log a screen reader hears now (live.js). An alert with no modal
 * open is announced by its role. */
function sayNewMessages(messages) {
  const modal = !!document.querySelector("dialog:modal");
  const alertsNow = new Set();
  for (const { text, status } of messages) {
    if (status) {
      if (!saidStatus.has(text)) announce(text);
      saidStatus.add(text);
    } else {
      if (modal && !alertsShown.has(text)) announce(text);
      alertsNow.add(text);
    }
  }
  alertsShown = alertsNow;
}

/** The alerts area: an error (role=alert) with what to do, a tab notice, a one-time storage notice. */
function renderAlerts() {
  const box = $("#alerts");
  const a = state.alert;
  const n = state.notice;
  const offer = offerUpdate();
  const alertText = a ? t(a.key, a.params) : "";
  const key = [a ? `${a.kind}:${alertText}` : "", `${!!state.view}`, state.tab, n ? n.kind : "", offer && state.newBuild].join("|");
  if (!changed("alert", key)) return;
  // the person's button drawn again (Update now, then "Updating…") keeps the focus
  const focused = box.contains(document.activeElement) ? document.activeElement.dataset.intent : null;
  box.replaceChildren();
  const messages = [];
  if (state.tab !== "here") {
    messages.push({ text: t(state.tab === "moved" ? "tab_moved" : "tab_elsewhere"), status: false });
    const div = el("div", "alert alert-tab");
    div.setAttribute("role", "alert");
    div.dataset.tab = state.tab;
    div.append(el("p", "", t(state.tab === "moved" ? "tab_moved" : "tab_elsewhere")), button(t("tab_play_here"), "take-over", true));
    box.append(div);
  }
  if (a) {
    messages.push({ text: alertText, status: false });
    const div = el("div", `alert alert-${a.kind}`);
    div.setAttribute("role", "alert");
    div.append(el("p", "", alertText));
    if (a.kind === "boot") div.append(a.reload ? button(t("reload"), "reload-page", true) : button(t("retry"), "retry-boot", true));
    else if (a.kind === "read") div.append(button(t("retry"), "retry-resume", true));
    else if (a.kind === "save") div.append(button(t("start_new_game"), "new-game-now", true));
    else if (a.kind !== "crash") {
      div.append(button(t("close"), "dismiss-alert"));
      if (!state.view && state.boot === "ready") div.append(button(t("start_new_game"), "new-game-now", true));
    }
    box.append(div);
  }
  if (offer) {
    messages.push({ text: t("update_ready"), status: true });
    const div = el("div", "notice notice-update");
    div.setAttribute("role", "status");
    div.dataset.notice = "update";
    const now = button(t(state.newBuild === "applying" ? "update_applying" : "update_now"), "apply-update", true);
    // asked for, waiting for the takeover: stays focusable (a disabled button drops the focus)
    if (state.newBuild === "applying") now.setAttribute("aria-disabled", "true");
    div.append(el("p", "", t("update_ready")), now, button(t("update_later"), "dismiss-update"));
    box.append(div);
  }
  if (n) {
    const div = el("div", `notice notice-${n.kind}`);
    div.setAttribute("role", "status");
    div.dataset.notice = n.kind;
    div.append(el("p", "", t(n.key, n.params)), button(t("close"), "dismiss-notice"));
    box.append(div);
    messages.push({ text: t(n.key, n.params), status: true });
  }
  if (focused) box.querySelector(`[data-intent='${focused}']`)?.focus({ preventScroll: true });
  sayNewMessages(messages);
}

function renderToolbar(v) {
  $("#btn-hint").disabled = !isMyTurn() || !v;
  $("#btn-last").disabled = !lastTrick(v);
  $("#btn-sheet").disabled = !v;
  $("#btn-new").disabled = state.boot !== "ready";
}

/** A practice whose deal is over and shown: its last trick and summary gone (its bar then offers
 * Back to the match as the thing to do). state.js practiceOver: over, shown or not. */
function practiceOverShown() {
  return practiceOver() && !state.summaryShown && !state.shownTrick;
}

/** Moves keyboard focus to the first thing to do when it is the person's turn (or, a practice
 * over, to Back to the match; the match over, to Play again). */
export function focusTurn() {
  const over = practiceOverShown();
  const matchOver = matchOverShown();
  if ((!isMyTurn() && !over && !matchOver) || document.querySelector("dialog[open]")) return;
  // A page without the focus (an embed while the reader types in the host page) would take it
  // from the host: wait for it to come back (main.js renders with focusTurn on window focus).
  if (!document.hasFocus()) return;
  const active = document.activeElement;
  // a dialog just closed still holds the focus for a moment (Chromium moves it to <body> later)
  const idle = !active || active === document.body || active.disabled || !active.isConnected
    || active.closest("#hand, #bids, #deal-summary, dialog:not([open])");
  if (!idle) return;
  const target = over ? document.querySelector("#practice-bar [data-intent='practice-back']")
    : matchOver ? document.querySelector("#over-actions [data-intent='play-again']")
    : document.querySelector("#bids button:not([disabled])") || document.querySelector("#hand button[tabindex='0']:not([disabled])");
  if (target && target !== active) target.focus({ preventScroll: true });
}

/** The card elements of the trick on the table (the timeline sweeps them toward the winner). */
export function trickElements() {
  return [...document.querySelectorAll("#trick .slot .card")];
}

/** A deal's running total: "Σ 162" on show (the room of a phone's column), "total 162" said. */
function runningTotal(points) {
  const box = el("span", "running");
  const shown = el("span", "", formatNumber(points));
  shown.prepend(sigma());
  shown.setAttribute("aria-hidden", "true");
  box.append(shown, el("span", "sr-only", t("sheet_running", { points })));
  return box;
}

function sigma() {
  const s = el("span", "sigma", "Σ ");
  s.setAttribute("aria-hidden", "true");
  return s;
}

export function lastTrickContent(v) {
  const found = lastTrick(v);
  if (!found) return [el("p", "", t("last_trick_none"))];
  const out = [];
  if (found.previousDeal) {
    // the deal it is from: the last one played (not "the previous deal": one thrown in since may lie between)
    const played = v.sheet.filter((row) => row.result !== "thrown_in");
    out.push(el("p", "muted", t("last_trick_of_deal", { n: played[played.length - 1].deal + 1 })));
  }
  const trump = found.previousDeal ? v.last_deal.trump : v.trump;
  const grid = el("div", "last-trick");
  for (const c of found.trick.cards) {
    const cell = el("figure", "last-card");
    const card = cardDiv(c.card, trump);
    cell.append(card, el("figcaption", "", seatName(c.seat)));
    if (c.seat === found.trick.winner) cell.classList.add("winner");
    grid.append(cell);
  }
  out.push(grid, el("p", "", trickSentence(found.trick)));
  return out;
}

export function sheetContent(v) {
  if (!v || !v.sheet.length) return [el("p", "", t("sheet_empty"))];
  const table = el("table", "sheet");
  const thead = tableHead(["sheet_deal", "sheet_contract", "sheet_result", "team_us", "team_them"].map((key) => t(key)));
  const body = el("tbody");
  for (const row of v.sheet) {
    const tr = el("tr", `result-${row.result}`);
    const th = headerCell("row", formatNumber(row.deal + 1), "num");
    // During a practice these are the match's deals, not linked: a review button then would be the practice's.
    if (row.result !== "thrown_in" && !state.practice) {
      // the deal's number opens its review (a link-like button: the row keeps its height)
      const label = t("review_deal_label", { n: row.deal + 1 });
      const b = reviewButton(row, formatNumber(row.deal + 1), label);
      b.title = label;
      th.replaceChildren(b);
    }
    const contract = el("td");
    if (row.taker !== null && row.taker !== undefined) contract.append(suitLabel(row.trump, seatName(row.taker)));
    else contract.textContent = t("contract_none");
    tr.append(th, contract, el("td", "", t(RESULT_KEYS[row.result])));
    for (const team of [0, 1]) {
      const td = el("td", "num");
      td.append(el("strong", "", formatNumber(row.points[team])));
      const parts = [];
      if (row.result !== "thrown_in") parts.push(t("sheet_cards_short", { points: row.card_points[team] }));
      if (row.belote[team]) parts.push(t("sheet_belote_short", { points: row.belote[team] }));
      if (row.capot === team) parts.push(t("sheet_capot_short"));
      if (row.reserve_paid[team]) parts.push(t("sheet_reserve_short", { points: row.reserve_paid[team] }));
      // the takers' card points of a litige, while the reserve holds them (lost if the deal ended the match)
      const held = heldByLitige(row);
      if (row.reserve > 0 && team === (row.taker & 1) && held) parts.push(t("sheet_reserve_held_short", { points: held }));
      if (parts.length) td.append(el("span", "detail", parts.join(" · ")));
      td.append(runningTotal(row.scores[team]));
      tr.append(td);
    }
    body.append(tr);
  }
  const foot = el("tfoot");
  const total = el("tr");
  const th = headerCell("row", t("sheet_total_row"));
  th.prepend(sigma()); // "Σ Total": says what the Σ by each deal's numbers is
  th.colSpan = 3;
  total.append(th, el("td", "num", formatNumber(v.scores[0])), el("td", "num", formatNumber(v.scores[1])));
  foot.append(total);
  table.append(thead, body, foot);
  const out = [table];
  if (v.reserve > 0) out.push(el("p", "", t("summary_reserve_held", { points: v.reserve })));
  return out;
}
