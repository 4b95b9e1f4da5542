"""The bidding vocabulary: the actions of each round and the trump a bid names.

Round 1 offers ``"pass"`` or ``"take"`` (the turned card's suit as trump); round 2 offers
``"pass"`` or ``"take:X"`` for every suit X but the turned one (RULES.md, "A deal").

>>> from belote.cards import HEARTS
>>> ROUND2_ACTIONS[HEARTS]
('pass', 'take:C', 'take:D', 'take:S')
>>> bid_trump("take", HEARTS), bid_trump("take:S", HEARTS), bid_trump("pass", HEARTS)
(2, 3, None)
"""

from __future__ import annotations

from .cards import SUITS, Suit

PASS = "pass"
TAKE = "take"
NAME_PREFIX = "take:"
ROUND1_ACTIONS: tuple[str, ...] = (PASS, TAKE)
# Round 2 offers every suit but the turned one, indexed by the turned suit.
ROUND2_ACTIONS: tuple[tuple[str, ...], ...] = tuple(
    (PASS, *(NAME_PREFIX + s for i, s in enumerate(SUITS) if i != turned)) for turned in range(4)
)


def bid_trump(action: str, turned_suit: Suit) -> Suit | None:
    """The trump a bid names: the turned suit for ``"take"``, X for ``"take:X"``, None for a pass (trusted input)."""
    if action == PASS:
        return None
    if action == TAKE:
        return turned_suit
    return SUITS.index(action[len(NAME_PREFIX)])


def bid_trumps(turned_suit: Suit) -> dict[str, str]:
    """Every taking bid of a deal with its trump code, e.g. ``{"take": "H", "take:C": "C", ...}`` (for the page)."""
    out = {TAKE: SUITS[turned_suit]}
    for action in ROUND2_ACTIONS[turned_suit][1:]:
        out[action] = action[len(NAME_PREFIX):]
    return out
