"""A seat's view of the match: its own hand, the public table, nothing more (docs/contracts.md).

:func:`seat_view` is the only way out of the state, for the page and the AI alike. The hand
comes in display order: the trump suit first once known, then the other suits alternating
colours, strongest first.
"""

from __future__ import annotations

import itertools
from typing import TypedDict

from .bidding import bid_trumps
from .cards import CARD_CODES, PLAIN_ORDER, STRENGTH, SUIT_MASKS, SUITS, Mask, iter_cards
from .deal import Deal
from .events import CardEntry, LastDeal, SheetRow, TrickRecord, copy_last_deal, copy_row, copy_trick
from .phases import PLAY

# Suit colours for the display order of a hand: C and S black, D and H red.
SUIT_COLOURS = (0, 1, 1, 0)
DISPLAY_BASE = (3, 2, 0, 1)  # S H C D: the tie-break among equally alternating orders


class BidEntry(TypedDict):
    seat: int
    action: str


class BeloteEntry(TypedDict):
    seat: int
    call: str


class SeatView(TypedDict):
    """What one seat may know (docs/contracts.md, "view(seat)")."""

    seat: int
    phase: str
    deal_number: int
    dealer: int
    to_act: int | None
    hand: list[str]
    hand_sizes: list[int]
    turned_card: str
    bids: list[BidEntry]
    bid_trumps: dict[str, str]
    trump: str | None
    taker: int | None
    leader: int | None
    trick: list[CardEntry]
    tricks: list[TrickRecord]
    trick_points: list[int]
    belote: list[BeloteEntry]
    scores: list[int]
    target: int
    reserve: int
    sheet: list[SheetRow]
    last_deal: LastDeal | None
    legal_actions: list[str]
    winner: int | None


def seat_view(deal: Deal, seat: int, *, phase: str, to_act: int | None, legal: list[str], scores: list[int],
              target: int, reserve: int, sheet: list[SheetRow], last_deal: LastDeal | None,
              winner: int | None) -> SeatView:
    """The view of ``seat`` (trusted: 0-3) of the current deal and the match facts given."""
    ps = deal.play if phase == PLAY else None  # the trick in progress and its leader: only while playing
    hands = deal.current_hands()
    return {
        "seat": seat,
        "phase": phase,
        "deal_number": deal.number,
        "dealer": deal.dealer,
        "to_act": to_act,
        "hand": display_hand(hands[seat], deal.trump),
        "hand_sizes": [h.bit_count() for h in hands],
        "turned_card": CARD_CODES[deal.turned],
        "bids": [{"seat": s, "action": a} for s, a in deal.bids],
        "bid_trumps": bid_trumps(deal.turned >> 3),
        "trump": SUITS[deal.trump] if deal.trump is not None else None,
        "taker": deal.taker,
        "leader": ps.leader if ps is not None else None,
        "trick": deal.trick_entries() if ps is not None else [],
        "tricks": [copy_trick(t) for t in deal.tricks],
        # from the deal's play, not ps: once the match is over they still add up its tricks
        "trick_points": list(deal.play.points) if deal.play is not None else [0, 0],
        "belote": [{"seat": s, "call": c} for s, c in deal.belote_calls],
        "scores": list(scores),
        "target": target,
        "reserve": reserve,
        "sheet": [copy_row(r) for r in sheet],
        "last_deal": copy_last_deal(last_deal),
        "legal_actions": legal if seat == to_act else [],
        "winner": winner,
    }


def _display_suits(held: tuple[int, ...], trump: int | None) -> tuple[int, ...]:
    """The held suits ordered trump first, then with as few same-colour neighbours as can be."""
    best: tuple[int, ...] = ()
    best_key: tuple[int, tuple[int, ...]] | None = None
    for order in itertools.permutations(sorted(held, key=DISPLAY_BASE.index)):
        if trump is not None and trump in held and order[0] != trump:
            continue
        clashes = sum(SUIT_COLOURS[a] == SUIT_COLOURS[b] for a, b in zip(order, order[1:]))
        key = (clashes, tuple(DISPLAY_BASE.index(x) for x in order))
        if best_key is None or key < best_key:
            best, best_key = order, key
    return best


def display_hand(hand: Mask, trump: int | None) -> list[str]:
    """A hand in display order: trump suit first, colours alternating, strongest first."""
    held = tuple(s for s in range(4) if hand & SUIT_MASKS[s])
    strength = PLAIN_ORDER if trump is None else None
    out: list[str] = []
    for suit in _display_suits(held, trump):
        cards = list(iter_cards(hand & SUIT_MASKS[suit]))
        if strength is not None:
            cards.sort(key=lambda c: PLAIN_ORDER[c & 7], reverse=True)
        else:
            cards.sort(key=STRENGTH[trump].__getitem__, reverse=True)  # type: ignore[index]
        out.extend(CARD_CODES[c] for c in cards)
    return out
