"""The endgame searched over the seat's information sets: one card for every deal it cannot tell apart.

Sampling values a card by solving each sampled deal on its own. When the later cards are chosen
with the whole deal in sight (the double-dummy solver, or :mod:`.respond` for our team), each
deal gets its own best line, though the seat will have to play one card in all the deals it
cannot tell apart then: *strategy fusion* (Frank and Basin 1998), which the alpha-mu search of
Cazenave and Ventos (2019) removes for the declarer of Bridge by choosing each of its moves once
for a set of deals. Here the seat to act does the same in the last tricks against seats that
play Normal's card (partner and opponents, from their own hand and the public history, as in
Hard's rollouts): after each of its cards every sampled deal is played on to its next turn, the
deals are grouped by what the seat has seen meanwhile (the other seats' cards, in order), and in
each group it plays the one card with the best total over the group's deals. Nothing is fused:
the value is exact expectimax over the seat's information sets, for these deals and this model of
the other seats. Its cost grows with the seat's choices times the deals (no table: two deals never
share a position unless they are the same deal), so Hard uses it only for its last tricks.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import ALL_CARDS, Card, Mask, cards_of
from ..playstate import PlayState
from . import normal as _normal
from .knowledge import History
from .solver import capot_flags, collapse, play_scored

# A deal being searched: the position, the public history, its weight, the final card-point
# diff's part so far (team 0 minus team 1, from the search's start), the capot flags, and its
# score function (final diff -> our team's deal score minus theirs).
State = tuple[PlayState, History, float, int, int, Callable[[int], float]]


def card_totals(base: PlayState, pub: History, taker: int, cards: list[Card],
                deals: list[tuple[list[Mask], float, Callable[[int], float]]]) -> dict[Card, float]:
    """For each of ``cards`` of the seat to act in ``base``: the weighted sum over ``deals`` (the
    four hands, the weight, the score of a final diff counted from ``base``) of the deal score
    when the seat plays each later card once for all the deals it cannot tell apart."""
    me = base.to_act
    cap = capot_flags(base.tricks_won, base.n_tricks)
    group: list[State] = []
    for hands, w, score in deals:
        ps = base.copy()
        ps.hands = hands[:]
        group.append((ps, pub, w, 0, cap, score))
    return {c: _after(group, c, me, taker) for c in cards}


def _after(group: list[State], c: Card, me: int, taker: int) -> float:
    """The weighted total of ``group`` (deals ``me`` cannot tell apart, ``me`` to act) once ``me``
    plays ``c`` and later plays its best card for each set of deals it cannot tell apart."""
    total = 0.0
    later: dict[tuple[Card, ...], list[State]] = {}  # what me sees before its next turn -> deals
    card_for = _normal.card_for
    for ps0, pub0, w, diff, cap, score in group:
        ps, pub = ps0.copy(), pub0.copy()
        pub.note(me, c)
        delta, cap = play_scored(ps, c, cap)
        diff += delta
        seen: list[Card] = []
        while not ps.done and ps.to_act != me:
            seat = ps.to_act
            x = card_for(seat, taker, ps.hands[seat], ps.legal_mask(), pub)
            pub.note(seat, x)
            delta, cap = play_scored(ps, x, cap)
            diff += delta
            seen.append(x)
        if ps.done:
            total += w * score(diff)
        else:
            later.setdefault(tuple(seen), []).append((ps, pub, w, diff, cap, score))
    for same in later.values():  # insertion order: the deals' order, whatever the hashing
        total += _best(same, me, taker)
    return total


def _best(group: list[State], me: int, taker: int) -> float:
    """The best weighted total ``me`` reaches over ``group`` with one card for all of it."""
    ps = group[0][0]  # same hand of me, same trick: the same legal cards in every deal
    legal = ps.legal_mask()
    if legal & (legal - 1):
        hidden: Mask = ALL_CARDS & ~group[0][1].played & ~ps.hands[me]
        blockers = hidden
        for x in ps.trick:
            blockers |= 1 << x
        legal = collapse(legal, blockers, ps.trump)
    return max(_after(group, c, me, taker) for c in cards_of(legal))
