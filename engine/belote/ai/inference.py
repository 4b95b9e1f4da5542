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


def choice_weight(k: Knowledge, hands: list[Mask], order: list[tuple[int, int]], miss: float,
                  seats: tuple[int, ...]) -> float:
    """The weight of the sampled ``hands`` (hands now): ``miss`` to the power of the choices of
    ``seats`` that Normal, holding the sampled hand then, would have made otherwise."""
    if miss >= 1.0 or not order:
        return 1.0
    assert k.trump is not None and k.taker is not None
    then = hands[:]
    for seat, c in order:
        then[seat] |= 1 << c
    ps = PlayState(then, k.trump, order[0][0])
    pub = History(k.trump)
    table, play_card, taker = _normal.Table, _normal.play_card, k.taker
    weight = 1.0
    for seat, c in order:
        if seat in seats:
            legal = ps.legal_mask()
            if legal & (legal - 1) and play_card(table(seat, taker, ps.hands[seat], legal, pub)) != c:
                weight *= miss
        pub.note(seat, c)
        ps.play(c)
    return weight

