// outline.js: reading a review's outline (docs/contracts.md "Deal review"), shared by the analysis
// worker and the page: no DOM, no state.

/** The indexes of the person's card decisions in a review's outline, in play order. */
export function personCards(outline) {
  return outline ? outline.map((o, i) => (o.seat === 0 && o.kind === "card" ? i : -1)).filter((i) => i >= 0) : [];
}
