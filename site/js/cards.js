// cards.js: card faces and backs, drawn with DOM + the SVG suit symbols defined in index.html.
// Suits differ by shape (the pips), not only by colour; the rank is text.

import { t } from "./i18n.js";
import { CARD_SUIT_KEYS, RANK_NAME_KEYS, RANK_SHORT_KEYS, SUIT_KEYS, SUIT_SYMBOLS } from "./state.js";

const SVG_NS = "http://www.w3.org/2000/svg";

export function rankOf(code) {
  return code[0];
}

export function suitOf(code) {
  return code[1];
}

export function rankText(code) {
  const r = rankOf(code);
  return RANK_SHORT_KEYS[r] ? t(RANK_SHORT_KEYS[r]) : r;
}

/** "jack of hearts" (with "(trump)" when trump is given and matches). */
export function cardName(code, trump = null) {
  const params = { rank: t(RANK_NAME_KEYS[rankOf(code)]), suit: t(CARD_SUIT_KEYS[suitOf(code)]) };
  const isTrump = trump && suitOf(code) === trump;
  // The queen has its own templates: in Hindi the word agrees with her (पान की बेगम, हुकुम का इक्का).
  if (rankOf(code) === "Q") return isTrump ? t("card_name_queen_trump", params) : t("card_name_queen", params);
  return isTrump ? t("card_name_trump", params) : t("card_name", params);
}

/** "A♠": rank text and suit symbol, for short mentions in sentences. */
export function cardShort(code) {
  return rankText(code) + SUIT_SYMBOLS[suitOf(code)];
}

export function suitName(suit) {
  return t(SUIT_KEYS[suit]);
}

export function suitPip(suit, className = "pip") {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", className);
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG_NS, "use");
  use.setAttribute("href", `#suit-${suit}`);
  svg.append(use);
  return svg;
}

/** A bid in words, as the table's bubbles and the review say it: "Pass", "Take hearts".
 * `bidTrumps`: the engine's trump of each taking bid (a view's or a review header's bid_trumps). */
export function bidText(action, bidTrumps) {
  const suit = bidTrumps[action];
  return suit ? t("bid_take_suit", { suit: suitName(suit) }) : t("bid_pass");
}

/** A suit shown as symbol + name, e.g. for a bid button or a badge. */
export function suitLabel(suit, text) {
  const span = document.createElement("span");
  span.className = `suit-label suit-${suit}`;
  span.append(suitPip(suit, "pip inline-pip"));
  const label = document.createElement("span");
  label.textContent = text;
  span.append(label);
  return span;
}

/** Fills `el` (a button or div with class "card") with the face of `code`. */
export function fillFace(el, code) {
  const suit = suitOf(code);
  el.classList.add("card", `suit-${suit}`);
  el.dataset.card = code;
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.setAttribute("aria-hidden", "true");
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = rankText(code);
  corner.append(rank, suitPip(suit, "pip corner-pip"));
  el.append(corner, suitPip(suit, "pip big-pip"));
  return el;
}

/** A face-up card that is not a control (table, dialogs): a div with an accessible name. */
export function cardDiv(code, trump = null) {
  const div = document.createElement("div");
  div.setAttribute("role", "img");
  div.setAttribute("aria-label", cardName(code, trump));
  return fillFace(div, code);
}

export function cardBack() {
  const div = document.createElement("div");
  div.className = "card back";
  div.setAttribute("aria-hidden", "true");
  return div;
}

export { SUIT_SYMBOLS };
