"""What passing is worth to a bidding seat: the rest of the bidding by Normal, then the play.

Hard's bid compares each trump it may name with passing (RULES.md, "A deal"). Passing is not
worth 0: after it, another seat may take, and that deal is played too. :func:`after_pass` gives
that deal for one sampled deal, which Hard plays out and values as it does its own takes. The
sampled deal comes from :class:`~belote.ai.sampling.BidDealSampler` (the four full hands as if
we take): each other seat's first five cards are five of its eight, drawn at random, and the
rest (our two, their three each) is the stock the completion deals out. Every seat bids after us as Normal would from its five cards (our own round-2 bid
too); if someone takes, the stock is dealt out (the taker gets the turned card and two); if
all pass twice, the cards are thrown in.
"""

from __future__ import annotations

import random

from ..bidding import PASS, bid_trump
from ..cards import Mask, cards_of
from . import normal as _normal
from .knowledge import Knowledge


def bidders_after(seat: int, dealer: int, round2: bool) -> list[tuple[int, bool]]:
    """The (seat, round 2?) still to bid, in order, after ``seat`` passes: the rest of this round
    from ``seat``'s left to the dealer, then, in round 1, all four again in round 2."""
    order = [((seat + i) & 3, round2) for i in range(1, (dealer - seat) % 4 + 1)]
    if not round2:
        order += [((dealer + i) & 3, True) for i in range(1, 5)]
    return order


def after_pass(k: Knowledge, hands: list[Mask], dealer: int, round2: bool,
               rng: random.Random) -> tuple[int, int, list[Mask]] | None:
    """Who takes, the trump and the four completed hands if we pass now, in one sampled deal
    (``hands``: the four full hands as if we took), or None when all pass twice (thrown in).
    ``rng`` draws the others' first five cards and the stock's order."""
    seat, turned = k.seat, k.turned
    fives = [0, 0, 0, 0]
    fives[seat] = k.hand
    stock = hands[seat] & ~(k.hand | 1 << turned)  # the two cards we would have had
    for s in k.others():
        five = 0
        for c in rng.sample(cards_of(hands[s]), 5):
            five |= 1 << c
        fives[s] = five
        stock |= hands[s] & ~five
    for s, r2 in bidders_after(seat, dealer, round2):
        action = _normal.bid_action(fives[s], turned, s, dealer, r2)
        if action != PASS:
            trump = bid_trump(action, turned >> 3)
            assert trump is not None
            return s, trump, _complete(fives, s, turned, stock, dealer, rng)
    return None


def _complete(fives: list[Mask], taker: int, turned: int, stock: Mask, dealer: int,
              rng: random.Random) -> list[Mask]:
    """The four hands once the deal is completed (RULES.md): the taker gets the turned card and
    two stock cards, every other seat three, from a shuffled stock."""
    cards = cards_of(stock)
    rng.shuffle(cards)
    full = fives[:]
    full[taker] |= 1 << turned
    at = 0
    for i in range(1, 5):
        s = (dealer + i) & 3
        n = 2 if s == taker else 3
        for c in cards[at:at + n]:
            full[s] |= 1 << c
        at += n
    return full
