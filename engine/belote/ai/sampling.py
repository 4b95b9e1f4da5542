"""Deals consistent with a seat's knowledge, drawn exactly and deterministically.

Each hidden card goes to one seat that may hold it (``Knowledge.allowed``), every seat
ends with exactly its hand size, and the known cards (the taker's turned card, the
belote holder's K/Q) stay where they are. The draw is sequential, most constrained
card first; before giving a card to a seat it checks Hall's condition on the cards
still to place (for every set X of seats, the cards that only X may hold fit in X's
free places), kept as a running "slack" per set, so the draw never dead-ends, never
retries and never loops. A seat is chosen with probability proportional to
``weight * free places``: with neutral weights and no constraint that is a uniformly
random deal. Only ints and lists are iterated, so a seeded ``random.Random`` gives the
same deals on every platform. What does not depend on the draw (the card order, the starting
slack, each card's seats and the sets of seats a gift to one of them uses) is prepared once
(:class:`Split`, :class:`HandSampler`): Hard draws up to 192 deals a decision from it.
"""

from __future__ import annotations

import random
from typing import TypeVar

from ..cards import Mask
from .knowledge import Knowledge

T = TypeVar("T")


def sample_hands(k: Knowledge, rng: random.Random) -> list[Mask]:
    """The four hands now (play phase): ours, plus a draw of the hidden cards for the others."""
    return HandSampler(k).draw(rng)


def sample_bid_deal(k: Knowledge, rng: random.Random) -> list[Mask]:
    """Full 8-card hands if we take now: ours gets the turned card and 2 more, the others 8."""
    return BidDealSampler(k).draw(rng)


class HandSampler:
    """:func:`sample_hands` prepared once for a seat's knowledge, drawn many times (same deals)."""

    def __init__(self, k: Knowledge) -> None:
        self.hands = [0, 0, 0, 0]
        self.hands[k.seat] = k.hand
        self.seats = k.others()
        caps, allowed = [], []
        for s in self.seats:
            self.hands[s] = k.known[s]
            caps.append(k.sizes[s] - k.known[s].bit_count())
            allowed.append(k.allowed[s] & ~k.known[s])
        free = k.hidden & ~(k.known[0] | k.known[1] | k.known[2] | k.known[3])
        self.split = Split(free, caps, allowed, [k.weights[s] for s in self.seats])

    def draw(self, rng: random.Random) -> list[Mask]:
        """One deal: the four hands."""
        hands = self.hands[:]
        for s, drawn in zip(self.seats, self.split.draw(rng)):
            hands[s] |= drawn
        return hands


class BidDealSampler:
    """:func:`sample_bid_deal` prepared once for a seat's knowledge, drawn many times (same deals)."""

    def __init__(self, k: Knowledge) -> None:
        self.seat, self.seats = k.seat, k.others()
        self.mine = k.hand | 1 << k.turned
        weights = [[1.0] * 32] + [k.weights[s] for s in self.seats]
        self.split = Split(k.hidden, [2] + [8] * 3, [k.hidden] * 4, weights)

    def draw(self, rng: random.Random) -> list[Mask]:
        """One deal: the four full hands."""
        drawn = self.split.draw(rng)
        hands = [0, 0, 0, 0]
        hands[self.seat] = self.mine | drawn[0]
        for s, d in zip(self.seats, drawn[1:]):
            hands[s] = d
        return hands


def assign(
    cards: Mask,
    caps: list[int],
    allowed: list[Mask],
    weights: list[list[float]],
    rng: random.Random,
) -> list[Mask]:
    """Split ``cards`` among n seats: exactly ``caps[i]`` each, only ``allowed[i]`` cards.

    If the constraints cannot be met (never with a legal game's deductions) they are
    dropped rather than failing: the result still has the right sizes.
    """
    return Split(cards, caps, allowed, weights).draw(rng)


class Split:
    """:func:`assign`'s problem prepared once: the card order, the starting slack and, per card,
    its seats with their weights and the sets of seats whose slack a gift to that seat uses."""

    def __init__(self, cards: Mask, caps: list[int], allowed: list[Mask], weights: list[list[float]]) -> None:
        n = len(caps)
        order = _ordered_cards(cards, allowed, weights, n)
        slack = _slack(order, caps, n)
        if sum(caps) != len(order):
            raise ValueError(f"{len(order)} cards for {sum(caps)} places")
        if min(slack) < 0 or (order and order[0][0] == 0):
            allowed = [cards] * n  # inconsistent knowledge: keep the sizes, drop the voids
            order = _ordered_cards(cards, allowed, weights, n)
            slack = _slack(order, caps, n)
        self.n, self.caps, self.slack = n, caps[:], slack
        full = (1 << n) - 1
        self.plan: list[tuple[int, list[tuple[int, float, tuple[int, ...]]]]] = []
        for _, _, c, seats in order:
            # Giving c to seat i uses a place of every set X holding i; where X does not
            # hold all of c's seats, c did not count in X's need: X must have room to spare.
            opts = [(i, weights[i][c], tuple(x for x in range(1, full + 1) if x >> i & 1 and seats & ~x))
                    for i in range(n) if seats >> i & 1]
            self.plan.append((1 << c, opts))

    def draw(self, rng: random.Random) -> list[Mask]:
        """One split: a hand (mask) per seat."""
        caps, slack = self.caps[:], self.slack[:]
        out = [0] * self.n
        for bit, opts in self.plan:
            if len(opts) == 1:
                i = opts[0][0]  # one possible seat: no draw (and Hall's condition keeps a place)
            else:
                choices: list[tuple[int, tuple[int, ...]]] = []
                ws: list[float] = []
                total = 0.0
                for i, w, xs in opts:
                    if not caps[i]:
                        continue
                    for x in xs:
                        if slack[x] <= 0:
                            break
                    else:
                        choices.append((i, xs))
                        wi = w * caps[i]
                        ws.append(wi)
                        total += wi
                i, xs = _pick(choices, ws, total, rng)
                for x in xs:
                    slack[x] -= 1
            caps[i] -= 1
            out[i] |= bit
        return out


def _ordered_cards(cards: Mask, allowed: list[Mask], weights: list[list[float]],
                   n: int) -> list[tuple[int, float, int, int]]:
    """(possible seats, -weight skew, card, seat bits) per card, most constrained first.

    Cards whose weights differ most between seats go before neutral ones: a card is drawn
    with its weights only while it still has a choice of seat.
    """
    order = []
    m = cards
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        seats = 0
        for i in range(n):
            if allowed[i] & low:
                seats |= 1 << i
        ws = [weights[i][c] for i in range(n) if seats >> i & 1]
        skew = max(ws) / min(ws) if ws else 1.0
        order.append((seats.bit_count(), -skew, c, seats))
    order.sort()
    return order


def _slack(order: list[tuple[int, float, int, int]], caps: list[int], n: int) -> list[int]:
    """For each set X of seats: free places of X minus the cards only X may hold."""
    full = (1 << n) - 1
    slack = [0] * (full + 1)
    for x in range(1, full + 1):
        room = sum(caps[i] for i in range(n) if x >> i & 1)
        need = sum(1 for *_, seats in order if seats & ~x == 0)
        slack[x] = room - need
    return slack


def _pick(choices: list[T], weights: list[float], total: float, rng: random.Random) -> T:
    """One of ``choices`` with probability proportional to ``weights``."""
    if len(choices) == 1:
        return choices[0]
    r = rng.random() * total
    for i, w in zip(choices, weights):
        r -= w
        if r < 0:
            return i
    return choices[-1]
