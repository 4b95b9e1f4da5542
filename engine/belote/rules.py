"""The play obligations, the trick winner and the belote holder, as pure functions over ints and masks.

These are the trusted fast internals: callers pass well-formed values and get no checks.
:func:`legal_mask` is the one statement of "what a player may play" (RULES.md); the
refusal reason of :func:`refusal` is read off the mask it returns, never re-derived.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import CARD_CODES, POINTS, STRENGTH, SUIT_MASKS, TRUMPS_ABOVE, Card, Mask, Suit, belote_pair

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def winning_index(trick: Sequence[Card], trump: Suit) -> int:
    """Index in ``trick`` (cards in play order) of the card that wins it if it ended now."""
    strength = STRENGTH[trump]
    led = trick[0] >> 3
    best = 0
    best_key = strength[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        suit = c >> 3
        if suit == trump or suit == led:
            key = strength[c]
            if key > best_key:
                best, best_key = i, key
    return best


def beats(c: Card, best: Card, led: Suit, trump: Suit) -> bool:
    """True when ``c``, played now, beats ``best``, the card currently winning a trick led in ``led``."""
    s = c >> 3
    if s == trump:
        return best >> 3 != trump or STRENGTH[trump][c] > STRENGTH[trump][best]
    return s == led and best >> 3 == led and STRENGTH[trump][c] > STRENGTH[trump][best]


def legal_mask(hand: Mask, trick: Sequence[Card], trump: Suit) -> Mask:
    """The cards of ``hand`` that may be played on ``trick`` (RULES.md, "What a player may play")."""
    if not trick:
        return hand  # leading: any card
    led = trick[0] >> 3
    trumps = hand & SUIT_MASKS[trump]
    if led == trump:
        if not trumps:
            return hand
        higher = trumps & TRUMPS_ABOVE[trump][best_trump(trick, trump)]
        return higher or trumps  # go higher if you can, even over the partner
    follow = hand & SUIT_MASKS[led]
    if follow:
        return follow
    if winning_index(trick, trump) == len(trick) - 2:
        return hand  # the partner is winning: free discard
    if not trumps:
        return hand
    best = best_trump(trick, trump)
    if best < 0:
        return trumps  # must trump
    return trumps & TRUMPS_ABOVE[trump][best] or trumps  # over-trump, else under-trump


def refusal(hand: Mask, trick: Sequence[Card], trump: Suit, c: Card) -> str | None:
    """Why card ``c`` may not be played now, in words, or None when it may.

    The reason names the obligation the legal cards reflect: all of the suit led, or all
    trumps (higher than the best trump on the table when that is what they are).
    """
    legal = legal_mask(hand, trick, trump)
    if legal >> c & 1:
        return None
    if not hand >> c & 1:
        return f"{CARD_CODES[c]} is not in the hand"
    led = trick[0] >> 3
    if not legal & ~SUIT_MASKS[led]:
        if led != trump:
            return f"must follow {SUIT_NAMES[led]}"
        if c >> 3 != trump:
            return f"must follow {SUIT_NAMES[led]}"
    best = best_trump(trick, trump)
    if best >= 0 and not legal & ~TRUMPS_ABOVE[trump][best]:
        return f"must play a trump higher than {CARD_CODES[best]}"
    return f"must play a trump ({SUIT_NAMES[trump]})"


def best_trump(trick: Sequence[Card], trump: Suit) -> Card:
    """The strongest trump in ``trick``, or -1 when it holds none."""
    strength = STRENGTH[trump]
    best, best_key = -1, -1
    for c in trick:
        if c >> 3 == trump and strength[c] > best_key:
            best, best_key = c, strength[c]
    return best


def trick_points(trick: Sequence[Card], trump: Suit) -> int:
    """The card points of a trick's cards (without the last-trick bonus)."""
    pts = POINTS[trump]
    return pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]


def belote_holder(hands: Sequence[Mask], trump: Suit) -> int | None:
    """The seat holding both K and Q of trump in the completed deal's hands, or None."""
    pair = belote_pair(trump)
    for seat in range(4):
        if hands[seat] & pair == pair:
            return seat
    return None
