"""Hints: the strongest level's action for a view, with a one-line reason to show the player.

``hint(view, seed)`` returns ``{"action", "reason", "reason_key", "reason_args"}``. The
action is Hard's choice; the reason describes the situation that choice answers, in
English, plus a translation key and its arguments (docs/contracts.md, "Hint reasons").

Argument values are the engine's own codes, so the page needs no mapping: ``card`` is a card
code (``"AS"``), ``suit`` a suit code (``"C" "D" "H" "S"``), ``seat`` a seat number 0-3. The
English line names a seat relative to the viewer at the bottom: play goes from seat s to
s + 1 "to the left", so viewer + 1 sits at the left ("West"), viewer + 2 is the partner,
viewer + 3 sits at the right ("East").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bidding import PASS, TAKE, bid_trump
from ..cards import CODE_TO_CARD, POINTS, SUIT_MASKS, SUITS, Card, cards_of, mask_of_codes
from ..phases import BIDDING
from ..rules import beats, winning_index
from .knowledge import Knowledge
from .levels import choose_checked
from .normal import ROUND2_THRESHOLD, TAKE_THRESHOLD, Table, bid_action, hand_value, round1_value
from .view_check import checked_view

SUIT_TEXT = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = ("\u2663", "\u2666", "\u2665", "\u2660")  # ♣ ♦ ♥ ♠
RANK_TEXT = ("7", "8", "9", "10", "J", "Q", "K", "A")
SEAT_TEXT = ("You", "West", "Partner", "East")  # by (seat - viewer) % 4

# reason_key -> English template (the same text goes to the UI's catalogue).
REASONS: dict[str, str] = {
    "hint.take": "strong trumps: take",
    "hint.take_suit": "strong {suit}: take {suit} as trump",
    "hint.pass": "weak hand: pass",
    "hint.take_bold": "take: worth the risk",
    "hint.take_suit_bold": "take {suit} as trump: worth the risk",
    "hint.pass_risk": "pass: taking is too risky",
    "hint.only_card": "your only legal card",
    "hint.draw_trumps": "{card} is master: draw the trumps",
    "hint.master": "{card} is master",
    "hint.give_points": "partner is winning: give points",
    "hint.partner_master": "partner is winning: do not overtake",
    "hint.partner_wins": "partner is winning",
    "hint.ruff": "trump it: {seat_name} is winning",
    "hint.win_cheap": "win the trick cheaply",
    "hint.win": "win the trick",
    "hint.secure": "make sure your side wins this trick",
    "hint.must_overtake": "you must play higher",
    "hint.only_higher": "no lower card to play",
    "hint.discard": "lowest card: you cannot win this trick",
    "hint.cannot_win": "you cannot win this trick",
    "hint.duck": "let this trick go: keep your winners for later",
    "hint.void": "{seat_name} is out of {suit}",
    "hint.avoid": "avoid {suit}: {seat_name} is out of it",
    "hint.partner_void": "partner is out of {suit}: they can trump",
    "hint.partner_suit": "lead partner's suit ({suit})",
    "hint.lead_safe": "safe lead: keep your strong cards for later",
    "hint.lead_card": "lead {card}",
}

# The same reasons as the deal review gives them for a computer seat's decision (review_key):
# said of that seat, to the person, so no "you" or "partner" that would read as the person's own.
WHY: dict[str, str] = {
    "why.take": "strong trumps: take",
    "why.take_suit": "strong {suit}: take {suit} as trump",
    "why.pass": "weak hand: pass",
    "why.take_bold": "take: worth the risk",
    "why.take_suit_bold": "take {suit} as trump: worth the risk",
    "why.pass_risk": "pass: taking is too risky",
    "why.only_card": "the only legal card",
    "why.draw_trumps": "{card} is master: draw the trumps",
    "why.master": "{card} is master",
    "why.give_points": "their partner is winning: give points",
    "why.partner_master": "their partner is winning: do not overtake",
    "why.partner_wins": "their partner is winning",
    "why.ruff": "trump it: the other side is winning",
    "why.win_cheap": "win the trick cheaply",
    "why.win": "win the trick",
    "why.secure": "make sure their side wins this trick",
    "why.must_overtake": "they must play higher",
    "why.only_higher": "no lower card to play",
    "why.discard": "lowest card: they cannot win this trick",
    "why.cannot_win": "they cannot win this trick",
    "why.duck": "let this trick go: keep the winners for later",
    "why.void": "{seat_name}: out of {suit}",
    "why.avoid": "avoid {suit}: {seat_name} is out of it",
    "why.partner_void": "their partner is out of {suit}: they can trump",
    "why.partner_suit": "lead their partner's suit ({suit})",
    "why.lead_safe": "safe lead: keep the strong cards for later",
    "why.lead_card": "lead {card}",
}


def review_key(key: str) -> str:
    """The review's key (WHY) for a hint's reason key (REASONS): "hint.ruff" -> "why.ruff"."""
    return "why." + key.removeprefix("hint.")


HINT_LEVEL = "hard"  # the level whose choice a hint shows


def card_text(code: str) -> str:
    """``"TS"`` -> ``"10♠"``."""
    c = CODE_TO_CARD[code]
    return RANK_TEXT[c & 7] + SUIT_SYMBOLS[c >> 3]


def reason(key: str, viewer: int, *, card: str | None = None, suit: int | None = None,
           seat: int | None = None) -> dict[str, Any]:
    """A reason in English (seats named as ``viewer`` sees them) with its key and code arguments."""
    args: dict[str, Any] = {}
    fmt: dict[str, str] = {}
    if card is not None:
        args["card"], fmt["card"] = card, card_text(card)
    if suit is not None:
        args["suit"], fmt["suit"] = SUITS[suit], SUIT_TEXT[suit]
    if seat is not None:
        args["seat"], fmt["seat_name"] = seat, SEAT_TEXT[(seat - viewer) & 3]
    return {"reason": REASONS[key].format(**fmt), "reason_key": key, "reason_args": args}


def hint(view: Mapping[str, Any], seed: int | None = None) -> dict[str, Any]:
    """The hinted action for ``view`` and why, ready for the page."""
    view = checked_view(view)  # one checked copy for the choice and its reason
    action = choose_checked(view, HINT_LEVEL, seed)
    return {"action": action, **explain(view, action)}


def explain(view: Mapping[str, Any], action: str) -> dict[str, Any]:
    """A one-line reason for ``action`` in ``view``."""
    viewer = view["seat"]
    if view["phase"] in BIDDING:
        return _explain_bid(view, action)
    if len(view["legal_actions"]) == 1:
        return reason("hint.only_card", viewer)
    k = Knowledge.from_view(view)
    assert k.taker is not None
    t = Table(k.seat, k.taker, k.hand, k.legal, k.history)
    c = CODE_TO_CARD[action]
    if not t.trick:
        return _explain_lead(t, c, action)
    return _explain_follow(t, c, action)


def _explain_bid(view: Mapping[str, Any], action: str) -> dict[str, Any]:
    """Why pass or take: "weak hand" / "strong trumps" only where Normal's hand evaluation agrees
    (passing a hand it would take is "too risky"; taking one it would pass is "worth the risk")."""
    viewer, turned = view["seat"], CODE_TO_CARD[view["turned_card"]]
    hand = mask_of_codes(view["hand"])
    round2 = TAKE not in view["legal_actions"]
    if action == PASS:
        normal_passes = bid_action(hand, turned, viewer, view["dealer"], round2) == PASS
        return reason("hint.pass" if normal_passes else "hint.pass_risk", viewer)
    first_lead = (viewer - view["dealer"]) & 1 == 1
    if action == TAKE:
        strong = round1_value(hand, turned, viewer, view["dealer"]) >= TAKE_THRESHOLD
        return reason("hint.take" if strong else "hint.take_bold", viewer)
    suit = bid_trump(action, turned >> 3)
    assert suit is not None  # a naming bid
    strong = hand_value(hand | (1 << turned), suit, first_lead) > ROUND2_THRESHOLD  # Normal names a suit only above it
    return reason("hint.take_suit" if strong else "hint.take_suit_bold", viewer, suit=suit)


def _trumps_out_for(t: Table, seat: int) -> bool:
    """Whether ``seat`` may still hold a trump, as the viewer knows: one is unseen and it is not known void."""
    return bool(t.unseen & SUIT_MASKS[t.trump]) and not t.voids[seat] >> t.trump & 1


def _explain_lead(t: Table, c: Card, code: str) -> dict[str, Any]:
    """Why lead c: draw trumps, a master, partner's void or suit, an opponent's void, or safety."""
    trump, me = t.trump, t.seat
    s = c >> 3
    opponents = ((me + 1) & 3, (me + 3) & 3)
    # drawing trumps: only while an opponent may still hold one (not when the partner holds the rest)
    if s == trump and t.we_took and t.is_master(c) and any(_trumps_out_for(t, o) for o in opponents):
        return reason("hint.draw_trumps", me, card=code)
    if t.is_master(c) and t.unseen & SUIT_MASKS[s]:
        return reason("hint.master", me, card=code)
    p = t.partner
    if s != trump and t.voids[p] >> s & 1 and _trumps_out_for(t, p):
        return reason("hint.partner_void", me, suit=s)
    for o in opponents:
        for suit in range(4):
            void = t.voids[o] >> suit & 1 and _trumps_out_for(t, o)  # a void matters while it can trump
            if void and suit != s and suit != trump and t.hand & SUIT_MASKS[suit]:
                return reason("hint.avoid", me, seat=o, suit=suit)  # a suit this lead keeps off
    if s != trump and (t.led_by[p] | t.won_with[p]) >> s & 1:
        return reason("hint.partner_suit", me, suit=s)
    if t.is_master(c):  # none of its suit left out: still the highest
        return reason("hint.master", me, card=code)
    if POINTS[trump][c] >= 10:  # not "safe", nor keeping the strong cards: said plainly
        return reason("hint.lead_card", me, card=code)
    return reason("hint.lead_safe", me)


def _explain_follow(t: Table, c: Card, code: str) -> dict[str, Any]:
    """Why play c on the trick: give points, secure, ruff, win (cheaply), a void after us, let the
    trick go, or throw the lowest card. Every fact a reason states holds for the legal cards."""
    trump, me = t.trump, t.seat
    cards = [x for _, x in t.trick]
    led = cards[0] >> 3
    best_seat, best = t.trick[winning_index(cards, trump)]
    wins = beats(c, best, led, trump)
    points = POINTS[trump]
    legal = cards_of(t.legal)
    winners = [x for x in legal if beats(x, best, led, trump)]
    if best_seat == t.partner and not wins:
        if points[c] >= 10 or (points[c] > 0 and c >> 3 != trump):
            return reason("hint.give_points", me)
        # "do not overtake" only when a legal card could have
        return reason("hint.partner_master" if winners else "hint.partner_wins", me)
    if wins:
        if best_seat == t.partner:
            # every legal card overtakes: a trump lead obliges going higher; in another suit the
            # seat simply holds no lower card (no rule makes it overtake its partner there)
            if len(winners) == len(legal):
                return reason("hint.must_overtake" if led == trump else "hint.only_higher", me)
            return reason("hint.secure", me)
        if c >> 3 == trump and led != trump:
            return reason("hint.ruff", me, seat=best_seat)
        if t.is_master(c) and len(cards) < 3:
            return reason("hint.master", me, card=code)
        # "cheaply" only when no winning card gives fewer points to the trick
        cheapest = min(points[x] for x in winners)
        return reason("hint.win_cheap" if points[c] == cheapest else "hint.win", me)
    for o in t.opponents_after():
        if t.voids[o] >> led & 1 and _trumps_out_for(t, o) and led != trump:
            return reason("hint.void", me, seat=o, suit=led)
    if winners:  # it could have won the trick, and does not
        return reason("hint.duck", me)
    # "lowest" in points, and in its suit too: not a 9 beside a 7 of its suit (both worth 0)
    lowest = min(points[x] for x in legal)
    lower_twin = any(x >> 3 == c >> 3 and points[x] == points[c] and beats(c, x, c >> 3, trump) for x in legal)
    return reason("hint.discard" if points[c] == lowest and not lower_twin else "hint.cannot_win", me)
