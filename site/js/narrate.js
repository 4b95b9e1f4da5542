// narrate.js: what a screen reader hears of each move (the page's aria-live log): the events
// of a step as sentences in the page's language. No state, no timers: timeline.js calls it.

import { t, tSeat, seatName } from "./i18n.js";
import { cardName, suitName } from "./cards.js";
import { announce } from "./live.js";

/** Announces the events of one step; `view` is the person's view after them. In a practice (match
 * deal `practiceDeal` played again, a match to 1 point inside the engine) its end is the
 * practice's, not the match's: no "match over", no match score, no deal dealt next. */
export function narrate(events, view, { practiceDeal = null } = {}) {
  for (const ev of events) {
    if (practiceDeal !== null && ev.type === "match_over") continue;
    const text = sentence(ev, view, practiceDeal);
    if (text) announce(text);
  }
}

/** "West wins the trick, 33 points. Of them, 10 for the last trick.": a trick event or a view's
 * finished trick ({winner, points, bonus}), said and shown (the Last trick dialog). */
export function trickSentence(trick) {
  const won = tSeat("announce_trick", trick.winner, { player: seatName(trick.winner), points: trick.points });
  return trick.bonus ? `${won} ${t("announce_trick_bonus", { points: trick.bonus })}` : won;
}

function sentence(ev, view, practiceDeal = null) {
  const practice = practiceDeal !== null;
  switch (ev.type) {
    case "bid":
      return ev.action === "pass" ? tSeat("announce_pass", ev.seat, { player: seatName(ev.seat) }) : "";
    case "contract":
      return tSeat("announce_take", ev.taker, { player: seatName(ev.taker), suit: suitName(ev.trump) });
    case "card":
      return tSeat("announce_card", ev.seat, { player: seatName(ev.seat), card: cardName(ev.card, view.trump || view.last_deal?.trump) });
    case "belote":
      return t(ev.call === "belote" ? "announce_belote" : "announce_rebelote", { player: seatName(ev.seat) });
    case "trick":
      return trickSentence(ev);
    case "deal_scored":
      if (practice) return t("announce_practice_scored", { us: ev.points[0], them: ev.points[1] }); // the match's score is unchanged
      return t("announce_deal_scored", { us: ev.points[0], them: ev.points[1], total_us: ev.scores[0], total_them: ev.scores[1] });
    case "thrown_in": // a practice thrown in is over: nothing is dealt again (Bridge._thrown_in_end)
      return practice ? t("announce_practice_thrown_in", { n: practiceDeal + 1 }) : t("announce_thrown_in");
    case "deal":
      return tSeat("announce_new_deal", ev.dealer, { dealer: seatName(ev.dealer), card: cardName(ev.turned_card) });
    case "match_over": {
      const [us, them] = ev.scores;
      return t(ev.winner === 0 ? "announce_match_over_won" : "announce_match_over_lost", { us, them });
    }
    default:
      return "";
  }
}

/** Announces the deal a table starts on (a new match, a practice, a match resumed before its
 * first bid): the deals after it are announced by their "deal" event. */
export function narrateDealStart(view) {
  if (view.phase !== "bid1" || view.bids.length) return;
  announce(sentence({ type: "deal", dealer: view.dealer, turned_card: view.turned_card }, view));
}

/** Announces that it is the person's turn, in the words of the phase. */
export function narrateTurn(view) {
  announce(view.phase === "bid1" ? t("status_your_bid_round1")
    : view.phase === "bid2" ? t("status_your_bid_round2") : t("status_your_play"));
}
