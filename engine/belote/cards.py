"""Cards as small ints, hands as bitmasks, and the rank tables that drive the rules.

A card is ``suit * 8 + rank`` with suits C D H S = 0..3 and ranks 7 8 9 T J Q K A = 0..7.
A hand (or any set of cards) is a 32-bit mask with bit ``card`` set. Strings such as
``"JH"`` appear only at the API edge, through :func:`parse_card` and :data:`CARD_CODES`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeAlias

Card: TypeAlias = int
Suit: TypeAlias = int
Mask: TypeAlias = int

SUITS = "CDHS"
RANKS = "789TJQKA"
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

ALL_CARDS: Mask = (1 << 32) - 1
SUIT_MASKS: tuple[Mask, ...] = tuple(0xFF << (8 * s) for s in range(4))

CARD_CODES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
CODE_TO_CARD: dict[str, Card] = {code: i for i, code in enumerate(CARD_CODES)}

# Strength within a suit (higher beats lower), indexed by rank 7 8 9 T J Q K A.
PLAIN_ORDER = (0, 1, 2, 6, 3, 4, 5, 7)  # A T K Q J 9 8 7
TRUMP_ORDER = (0, 1, 6, 4, 7, 2, 3, 5)  # J 9 A T K Q 8 7
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)


def card(suit: Suit, rank: int) -> Card:
    """The card int of a suit and a rank index."""
    return suit * 8 + rank


def suit_of(c: Card) -> Suit:
    """The suit index of a card."""
    return c >> 3


def rank_of(c: Card) -> int:
    """The rank index (7=0 .. A=7) of a card."""
    return c & 7


def bit(c: Card) -> Mask:
    """The one-card mask of a card."""
    return 1 << c


# SUIT_CARDS[suit][byte]: the cards of one suit's byte of a mask, lowest first. A mask is read
# a byte at a time: four lookups instead of a loop per card (the look-ahead lists cards often).
SUIT_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(s * 8 + r for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4)
)
_C0, _C1, _C2, _C3 = SUIT_CARDS


def cards_of(mask: Mask) -> list[Card]:
    """The cards of a card mask (32 bits) as a list, lowest card int first."""
    return [*_C0[mask & 255], *_C1[(mask >> 8) & 255], *_C2[(mask >> 16) & 255], *_C3[mask >> 24]]


def iter_cards(mask: Mask) -> Iterator[Card]:
    """The cards of a mask, lowest card int first."""
    return iter(cards_of(mask))


def mask_of(cards: "Iterator[Card] | list[Card] | tuple[Card, ...]") -> Mask:
    """The mask holding the given cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def mask_of_codes(codes: "Iterable[str]") -> Mask:
    """The mask of exact card codes such as ``["JH", "TS"]`` (trusted: unknown codes raise KeyError)."""
    m = 0
    for code in codes:
        m |= 1 << CODE_TO_CARD[code]
    return m


def parse_card(code: str) -> Card:
    """The card int of an exact code such as ``"JH"``; raises ValueError otherwise."""
    try:
        return CODE_TO_CARD[code]
    except (KeyError, TypeError):
        raise ValueError(f"not a card code: {code!r}") from None


def card_code(c: Card) -> str:
    """The code of a card int, e.g. ``"JH"``."""
    return CARD_CODES[c]


def codes(mask: Mask) -> list[str]:
    """The codes of a mask's cards, in card-int order."""
    return [CARD_CODES[c] for c in iter_cards(mask)]


def _strength_table(trump: Suit) -> tuple[int, ...]:
    # Trumps rank above every plain card: 8 + trump order.
    return tuple(
        8 + TRUMP_ORDER[c & 7] if c >> 3 == trump else PLAIN_ORDER[c & 7] for c in range(32)
    )


def _points_table(trump: Suit) -> tuple[int, ...]:
    return tuple(TRUMP_POINTS[c & 7] if c >> 3 == trump else PLAIN_POINTS[c & 7] for c in range(32))


# STRENGTH[trump][card] and POINTS[trump][card]: table look-ups instead of branches.
STRENGTH: tuple[tuple[int, ...], ...] = tuple(_strength_table(t) for t in range(4))
POINTS: tuple[tuple[int, ...], ...] = tuple(_points_table(t) for t in range(4))


def _above(trump: Suit) -> tuple[Mask, ...]:
    strength = STRENGTH[trump]
    table = []
    for c in range(32):
        base = c & ~7
        table.append(sum(1 << o for o in range(base, base + 8) if strength[o] > strength[c]))
    return tuple(table)


# ABOVE[trump][card]: the cards of the card's own suit that beat it (its suit's order under that trump).
ABOVE: tuple[tuple[Mask, ...], ...] = tuple(_above(t) for t in range(4))
# TRUMPS_ABOVE[trump][card]: the trumps that beat a trump card (0 for plain cards).
TRUMPS_ABOVE: tuple[tuple[Mask, ...], ...] = tuple(
    tuple(ABOVE[t][c] if c >> 3 == t else 0 for c in range(32)) for t in range(4)
)


def belote_pair(trump: Suit) -> Mask:
    """The king and queen of trump: the pair whose holder announces belote-rebelote."""
    return (1 << (trump * 8 + KING)) | (1 << (trump * 8 + QUEEN))


# Codes by suit and by the byte of that suit's bits: legal action lists without a loop per card.
SUIT_BYTE_CODES: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(CARD_CODES[s * 8 + r] for r in range(8) if byte >> r & 1) for byte in range(256))
    for s in range(4)
)


def mask_codes(mask: Mask) -> list[str]:
    """The codes of a mask's cards in card-int order (fast path for legal action lists)."""
    t = SUIT_BYTE_CODES
    return [
        *t[0][mask & 0xFF],
        *t[1][(mask >> 8) & 0xFF],
        *t[2][(mask >> 16) & 0xFF],
        *t[3][mask >> 24],
    ]


def hand_points(mask: Mask, trump: Suit) -> int:
    """The card points of a set of cards under a trump."""
    pts = POINTS[trump]
    return sum(pts[c] for c in iter_cards(mask))
