"""Policy inference: how well a sampled deal explains the cards the other seats chose.

A sampled deal gives every seat a hand now; with the cards each seat has played, that is
its hand at every earlier turn. Replaying the deal so far, each card another seat chose
(when it had a choice) is compared with what a reasonable player holding that sampled
hand would have played there: Normal's card, from that hand and the public history only.
A deal in which the seats' choices look natural is more likely than one in which they
look like mistakes, so each choice Normal would not have made multiplies the deal's
weight by ``miss`` (0 < miss <= 1; 1 turns the inference off). This is the policy-based
inference of strong trick-taking programs (Skat: Rebstock, Solinas, Buro 2019), with a
hand-written policy in place of a learned one. The factor stays above 0: a seat is
not Normal, and a deal is only made less likely, never ruled out.

The bids are read the same way (:class:`BidReader`): a seat bid holding five of the cards
it holds in the sampled deal (or has played since), and each bid Normal would not have
made from them weighs ``miss``, averaged over every way to pick those five.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..bidding import PASS
from ..cards import Mask, cards_of
from ..rules import legal_mask
from . import normal as _normal
from .knowledge import History, Knowledge

MISS = 0.2  # the weight factor of each choice Normal would not have made (measured against 0.5 and 0.1)


def plays(k: Knowledge) -> list[tuple[int, int]]:
    """The deal's plays so far, in order: (seat, card)."""
    h = k.history
    return [p for trick in (*h.tricks, h.trick) for p in trick]


class ChoiceReader:
    """Weighs sampled deals by the past choices of ``seats`` (see the module docstring).

    A choice depends on the chooser's own hand and the public history alone, so a deal's
    weight is a product over the seats of a factor of each seat's hand: the public history
    and the table before each choice are built once, and each seat's factor is kept by
    hand (late in the deal the sampled hands repeat a lot)."""

    def __init__(self, k: Knowledge, order: list[tuple[int, int]], miss: float, seats: tuple[int, ...]) -> None:
        """A reader of the plays ``order`` (from :func:`plays`) of ``k``'s deal."""
        assert k.trump is not None and k.taker is not None
        self.trump, self.taker = k.trump, k.taker
        self.order = order if miss < 1.0 else []
        # Each choice of a seat of ``seats``: (its card, the cards it played from then on,
        # the trick on the table then, the public history then).
        self.choices: dict[int, list[tuple[int, Mask, list[int], History]]] = {s: [] for s in seats}
        played = [0, 0, 0, 0]  # every card each seat has played in ``order``
        for seat, c in self.order:
            played[seat] |= 1 << c
        pub = History(k.trump)
        trick: list[int] = []
        for seat, c in self.order:
            if seat in self.choices:
                later = played[seat] & ~pub.played_by[seat]
                self.choices[seat].append((c, later, trick[:], pub.copy()))
            pub.note(seat, c)
            trick = [] if len(trick) == 3 else [*trick, c]
        self._misses: dict[tuple[int, Mask], int] = {}
        # miss ** n, multiplied out one factor at a time (the float a choice-by-choice product gives)
        self._power = [1.0]
        for _ in range(len(self.order)):
            self._power.append(self._power[-1] * miss)

    def misses(self, seat: int, hand: Mask) -> int:
        """How many of ``seat``'s choices Normal, holding ``hand`` (its hand now) then, would have made otherwise."""
        key = (seat, hand)
        n = self._misses.get(key)
        if n is None:
            n = 0
            trump, taker = self.trump, self.taker
            for c, later, trick, pub in self.choices[seat]:
                then = hand | later
                legal = legal_mask(then, trick, trump)
                if _normal.card_for(seat, taker, then, legal, pub) != c:
                    n += 1
            self._misses[key] = n
        return n

    def weight(self, hands: list[Mask]) -> float:
        """``miss`` to the power of the choices that Normal, holding the sampled ``hands``
        (hands now) then, would have made otherwise."""
        if not self.order:
            return 1.0
        return self._power[sum(self.misses(s, hands[s]) for s in self.choices)]


def choice_weight(k: Knowledge, hands: list[Mask], order: list[tuple[int, int]], miss: float,
                  seats: tuple[int, ...]) -> float:
    """The weight of the sampled ``hands`` (hands now): ``miss`` to the power of the choices of
    ``seats`` that Normal, holding the sampled hand then, would have made otherwise."""
    return ChoiceReader(k, order, miss, seats).weight(hands)


def first_fives(full: Mask) -> list[Mask]:
    """Every five-card part of ``full`` (8 cards, or the taker's 7 without the turned card):
    the hands it may have bid with, the rest dealt after the bids."""
    bits = [1 << c for c in cards_of(full)]
    return [full ^ sum(late) for late in combinations(bits, len(bits) - 5)] if len(bits) > 5 else [full]


@lru_cache(maxsize=2)
def _five_weights(turned: int, dealer: int, bids: tuple[tuple[int, str], ...], miss: float) -> dict[int, float]:
    """The weights of five-card parts by ``five cards << 2 | seat``, for the readers of one deal's
    bids: each a pure function of its key, so sharing them changes no result (up to about 10 MB
    a deal; the last two deals' are kept)."""
    return {}


class BidReader:
    """Weighs sampled deals by the bids of ``seats``: how likely Normal, dealt the sampled
    hand's first five cards, would have bid as the seat did.

    A seat's hand when it bid is five of its eight cards (the taker's eight less the turned
    card and two more); which five is not known, so the factor is the mean over every way
    of choosing them of ``miss`` to the power of the bids Normal would have made otherwise."""

    def __init__(self, k: Knowledge, miss: float, seats: tuple[int, ...]) -> None:
        """A reader of ``k``'s bids by ``seats`` (their bids in order, with the dealer)."""
        self.turned, self.taker, self.miss = k.turned, k.taker, miss
        self.dealer = (k.bids[0][0] - 1) & 3 if k.bids else 0
        self.played_by = k.history.played_by
        self.bids: dict[int, list[tuple[bool, str]]] = {s: [] for s in seats}
        if miss < 1.0:
            for i, (s, action) in enumerate(k.bids):
                if s in self.bids:
                    self.bids[s].append((i >= 4, action))
        self._factors: dict[tuple[int, Mask], float] = {}
        # By five cards and seat: the sampled hands share most of their five-card parts, within a
        # decision and across the decisions of a deal (every reader of the same bids shares them).
        self._five_weights = _five_weights(self.turned, self.dealer, tuple(k.bids), miss)

    def factor(self, seat: int, hand: Mask) -> float:
        """The mean weight factor of ``seat``'s bids when it holds ``hand`` now."""
        bids = self.bids[seat]
        if not bids:
            return 1.0
        key = (seat, hand)
        f = self._factors.get(key)
        if f is None:
            full = hand | self.played_by[seat]
            if seat == self.taker:
                full &= ~(1 << self.turned)
            turned, dealer, miss = self.turned, self.dealer, self.miss
            if len(bids) == 1 and not bids[0][0]:  # one round-1 bid, the common case: counted, not listed
                takes, parts = _normal.round1_takes(full, turned, seat, dealer)
                hits = takes if bids[0][1] != PASS else parts - takes
                total = hits + (parts - hits) * miss
            else:
                fives = first_fives(full)
                parts = len(fives)
                total = 0.0
                weights = self._five_weights
                for m in fives:
                    w = weights.get(m << 2 | seat)
                    if w is None:
                        w = 1.0
                        for round2, action in bids:
                            if _normal.bid_action(m, turned, seat, dealer, round2) != action:
                                w *= miss
                        weights[m << 2 | seat] = w
                    total += w
            f = self._factors[key] = total / parts
        return f

    def weight(self, hands: list[Mask]) -> float:
        """The product of the seats' factors for the sampled ``hands`` (hands now)."""
        w = 1.0
        for s in self.bids:
            w *= self.factor(s, hands[s])
        return w
