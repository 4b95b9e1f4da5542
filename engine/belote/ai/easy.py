"""Easy: plays its smallest legal card; takes only with a very strong hand (RULES.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bidding import PASS, TAKE, bid_trump
from ..cards import CODE_TO_CARD, JACK, NINE, PLAIN_ORDER, PLAIN_POINTS, SUITS, TRUMP_ORDER, TRUMP_POINTS
from ..phases import BIDDING


def choose(view: Mapping[str, Any], seed: int) -> str:
    """Easy's action for the view: a bid during the bidding, else its smallest legal card."""
    legal: list[str] = view["legal_actions"]
    if view["phase"] in BIDDING:
        return _bid(view, legal)
    return min(legal, key=lambda code: smallness(code, view["trump"]))


def smallness(code: str, trump: str | None) -> tuple[int, int, int, int]:
    """Sort key, smallest first: non-trump before trump, order in its suit, points, suit C D H S."""
    c = CODE_TO_CARD[code]
    suit, rank = c >> 3, c & 7
    if trump is not None and SUITS[suit] == trump:
        return (1, TRUMP_ORDER[rank], TRUMP_POINTS[rank], suit)
    return (0, PLAIN_ORDER[rank], PLAIN_POINTS[rank], suit)


def _very_strong(cards: list[int], suit: int) -> bool:
    """J and 9 of the suit and at least four cards of it: a hand that cannot really fail."""
    ranks = {c & 7 for c in cards if c >> 3 == suit}
    return JACK in ranks and NINE in ranks and len(ranks) >= 4


def _bid(view: Mapping[str, Any], legal: list[str]) -> str:
    hand = [CODE_TO_CARD[c] for c in view["hand"]]
    turned = CODE_TO_CARD[view["turned_card"]]
    if TAKE in legal:
        return TAKE if _very_strong(hand + [turned], turned >> 3) else PASS
    for action in legal:  # round 2, in suit order C D H S
        named = bid_trump(action, turned >> 3)
        if named is not None and _very_strong(hand, named):
            return action
    return PASS
