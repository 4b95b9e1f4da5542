// outline.js: reading a review's outline (docs/contracts.md "Deal review"), shared by the analysis
// worker and the page: no DOM, no state.

/** The indexes of the person's card decisions in a review's outline, in play order. */
export function personCards(outline) {
  return indexesWhere(outline, (o) => o.seat === 0 && o.kind === "card");
}

/** The indexes of the bid decisions in a review's outline, in bidding order. */
export function bidDecisions(outline) {
  return indexesWhere(outline, (o) => o.kind === "bid");
}

function indexesWhere(outline, test) {
  return outline ? outline.map((o, i) => (test(o) ? i : -1)).filter((i) => i >= 0) : [];
}
