"""Hints: the strongest level's action for a view, with a one-line reason to show the player.

``hint(view, seed)`` returns ``{"action", "reason", "reason_key", "reason_args"}``. The
action is Hard's choice; the reason describes the situation that choice answers, in
English, plus a translation key and its arguments (docs/contracts.md, "Hint reasons").

Seats in reasons are named relative to the viewer sitting at the bottom: play goes from
seat s to s + 1 "to the left", so the next seat (viewer + 1) sits at the left, "West";
viewer + 2 is the partner ("North"); viewer + 3 sits at the right, "East".
Argument values are stable ids for the UI: ``seat`` is "west" | "partner" | "east",
``suit`` is "clubs" | "diamonds" | "hearts" | "spades", ``card`` is a card code ("AS").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import CODE_TO_CARD, POINTS, SUIT_MASKS, SUITS, Card
from ..rules import winning_index
from . import normal

SUIT_IDS = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = ("\u2663", "\u2666", "\u2665", "\u2660")  # ♣ ♦ ♥ ♠
RANK_TEXT = ("7", "8", "9", "10", "J", "Q", "K", "A")
SEAT_IDS = ("you", "west", "partner", "east")  # by (seat - viewer) % 4
SEAT_TEXT = {"west": "West", "partner": "Partner", "east": "East"}

# reason_key -> English template (the same text goes to the UI's catalogue).
REASONS: dict[str, str] = {
    "hint.take": "strong trumps: take",
    "hint.take_suit": "strong {suit}: take {suit} as trump",
    "hint.pass": "weak hand: pass",
    "hint.only_card": "your only legal card",
    "hint.draw_trumps": "{card} is master: draw the trumps",
    "hint.master": "{card} is master",
    "hint.give_points": "partner is winning: give points",
    "hint.partner_master": "partner is winning: do not overtake",
    "hint.ruff": "trump it: {seat_name} is winning",
    "hint.win_cheap": "win the trick cheaply",
    "hint.secure": "make sure your side wins this trick",
    "hint.discard": "lowest card: you cannot win this trick",
    "hint.void": "{seat_name} is out of {suit}",
    "hint.partner_void": "partner is out of {suit}: they can trump",
    "hint.partner_suit": "lead partner's suit ({suit})",
    "hint.lead_safe": "safe lead: keep your strong cards for later",
}


def card_text(code: str) -> str:
    """``"TS"`` -> ``"10♠"``."""
    c = CODE_TO_CARD[code]
    return RANK_TEXT[c & 7] + SUIT_SYMBOLS[c >> 3]


def reason(key: str, **args: str) -> dict[str, Any]:
    """A reason in English with its key and arguments."""
    fmt = dict(args)
    if "card" in fmt:
        fmt["card"] = card_text(fmt["card"])
    if "seat" in fmt:
        fmt["seat_name"] = SEAT_TEXT[fmt["seat"]]
    return {"reason": REASONS[key].format(**fmt), "reason_key": key, "reason_args": dict(args)}


HINT_LEVEL = "hard"  # the level whose choice a hint shows


def hint(view: Mapping[str, Any], seed: int | None = None) -> dict[str, Any]:
    """The hinted action for ``view`` and why, ready for the page."""
    from . import choose_action

    action = choose_action(view, HINT_LEVEL, seed)
    return {"action": action, **explain(view, action)}


def explain(view: Mapping[str, Any], action: str) -> dict[str, Any]:
    """A one-line reason for ``action`` in ``view``."""
    if view["phase"] in ("bid1", "bid2"):
        if action == "pass":
            return reason("hint.pass")
        if action == "take":
            return reason("hint.take")
        return reason("hint.take_suit", suit=SUIT_IDS[SUITS.index(action[5])])
    if len(view["legal_actions"]) == 1:
        return reason("hint.only_card")
    t = normal.read_table(view)
    _add_voids(t, view)
    c = CODE_TO_CARD[action]
    if not t.trick:
        return _explain_lead(t, c, action)
    return _explain_follow(t, c, action)


def _add_voids(t: normal.Table, view: Mapping[str, Any]) -> None:
    """Merge the deeper void deductions of ai/knowledge.py (Hard's) when available."""
    try:
        from .knowledge import Knowledge

        k = Knowledge.from_view(view)
        for s in range(4):
            t.voids[s] |= k.voids[s] & 0xF
    except Exception:  # noqa: BLE001 - a hint must never fail for want of deeper deductions
        pass


def _rel(t: normal.Table, seat: int) -> str:
    """The id of a seat relative to the viewer: west, partner or east."""
    return SEAT_IDS[(seat - t.seat) & 3]


def _explain_lead(t: normal.Table, c: Card, code: str) -> dict[str, Any]:
    """Why lead c: draw trumps, a master, partner's void or suit, an opponent's void, or safety."""
    trump = t.trump
    s = c >> 3
    if s == trump and t.we_took and t.is_master(c) and t.unseen & SUIT_MASKS[trump]:
        return reason("hint.draw_trumps", card=code)
    if t.is_master(c) and t.unseen & SUIT_MASKS[s]:
        return reason("hint.master", card=code)
    p = t.partner
    if s != trump and t.voids[p] >> s & 1 and not t.voids[p] >> trump & 1:
        return reason("hint.partner_void", suit=SUIT_IDS[s])
    for o in ((t.seat + 1) & 3, (t.seat + 3) & 3):
        for suit in range(4):
            void = t.voids[o] >> suit & 1 and not t.voids[o] >> trump & 1
            if void and suit != s and suit != trump and t.hand & SUIT_MASKS[suit]:
                return reason("hint.void", seat=_rel(t, o), suit=SUIT_IDS[suit])
    if s != trump and (t.led_by[p] | t.won_with[p]) >> s & 1:
        return reason("hint.partner_suit", suit=SUIT_IDS[s])
    return reason("hint.lead_safe")


def _explain_follow(t: normal.Table, c: Card, code: str) -> dict[str, Any]:
    """Why play c on the trick: give points, secure, ruff, win cheaply, a void after us, or discard."""
    trump = t.trump
    cards = [x for _, x in t.trick]
    led = cards[0] >> 3
    wi = winning_index(cards, trump)
    best, best_seat = cards[wi], t.trick[wi][0]
    wins = normal._beats(c, best, led, trump)
    if best_seat == t.partner and not wins:
        if POINTS[trump][c] >= 10 or (POINTS[trump][c] > 0 and c >> 3 != trump):
            return reason("hint.give_points")
        return reason("hint.partner_master")
    if wins:
        if best_seat == t.partner:
            return reason("hint.secure")
        if c >> 3 == trump and led != trump:
            return reason("hint.ruff", seat=_rel(t, best_seat))
        if t.is_master(c) and len(cards) < 3:
            return reason("hint.master", card=code)
        return reason("hint.win_cheap")
    for o in normal._opponents_after(t):
        if t.voids[o] >> led & 1 and not t.voids[o] >> trump & 1 and led != trump:
            return reason("hint.void", seat=_rel(t, o), suit=SUIT_IDS[led])
    return reason("hint.discard")
