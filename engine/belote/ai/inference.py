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
"""

from __future__ import annotations

from ..cards import Mask
from ..playstate import PlayState
from . import normal as _normal
from .knowledge import History, Knowledge

MISS = 0.2  # the weight factor of each choice Normal would not have made (measured against 0.5 and 0.1)


def plays(k: Knowledge) -> list[tuple[int, int]]:
    """The deal's plays so far, in order: (seat, card)."""
    h = k.history
    return [p for trick in (*h.tricks, h.trick) for p in trick]


class ChoiceReader:
    """Weighs sampled deals by the past choices of ``seats`` (see the module docstring); the
    public history before each of those choices is built once, not once per deal."""

    def __init__(self, k: Knowledge, order: list[tuple[int, int]], miss: float, seats: tuple[int, ...]) -> None:
        """A reader of the plays ``order`` (from :func:`plays`) of ``k``'s deal."""
        assert k.trump is not None and k.taker is not None
        self.trump, self.taker = k.trump, k.taker
        self.order = order if miss < 1.0 else []
        self.miss = miss
        pub = History(k.trump)
        self.before: list[History | None] = []  # the history a choice of ``seats`` was made on
        for seat, c in self.order:
            self.before.append(pub.copy() if seat in seats else None)
            pub.note(seat, c)

    def weight(self, hands: list[Mask]) -> float:
        """``miss`` to the power of the choices that Normal, holding the sampled ``hands``
        (hands now) then, would have made otherwise."""
        order = self.order
        if not order:
            return 1.0
        then = hands[:]
        for seat, c in order:
            then[seat] |= 1 << c
        ps = PlayState(then, self.trump, order[0][0])
        table, play_card, taker, miss = _normal.Table, _normal.play_card, self.taker, self.miss
        weight = 1.0
        for (seat, c), pub in zip(order, self.before):
            if pub is not None:
                legal = ps.legal_mask()
                if legal & (legal - 1) and play_card(table(seat, taker, ps.hands[seat], legal, pub)) != c:
                    weight *= miss
            ps.play(c)
        return weight


def choice_weight(k: Knowledge, hands: list[Mask], order: list[tuple[int, int]], miss: float,
                  seats: tuple[int, ...]) -> float:
    """The weight of the sampled ``hands`` (hands now): ``miss`` to the power of the choices of
    ``seats`` that Normal, holding the sampled hand then, would have made otherwise."""
    return ChoiceReader(k, order, miss, seats).weight(hands)
