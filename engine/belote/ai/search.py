"""Look-ahead over a fully known deal: the exact double-dummy solver, its oracle, fast rollouts.

Values are **future diffs**, team 0's view (see :mod:`~belote.ai.solver`): team 0's points
from here minus team 1's, the last trick's 10 and the capot's +-90 included.

- :func:`solve`, :func:`root_values` (every legal card's value), :func:`best_cards` (the
  cards of best value), :func:`makes` (does a team reach a card total?) and
  :class:`Solver` (a reusable table): the exact search of
  :mod:`~belote.ai.solver`, re-exported here.
- :func:`exhaustive`: plain minimax over every legal card (no pruning, no table), the
  reference the tests hold the solver to.
- :func:`rollout`: plays the deal out with a cheap greedy policy that sees all hands.
"""

from __future__ import annotations

from ..cards import POINTS, STRENGTH, SUIT_MASKS, Mask, Suit, cards_of
from ..playstate import PlayState
from ..rules import legal_mask, winning_index
from ..scoring import CAPOT_BONUS
from .solver import (
    INF,
    Solver,
    best_cards,
    capot_flags,
    collapse,
    makes,
    play_scored,
    root_values,
    solve,
)

__all__ = [
    "CAPOT_BONUS", "INF", "Solver", "best_cards", "capot_flags", "collapse", "exhaustive", "makes",
    "play_scored", "policy", "rollout", "root_values", "solve",
]


def exhaustive(ps: PlayState) -> int:
    """The exact future diff of ``ps`` by plain minimax over every legal card (slow, tests)."""
    cap = capot_flags(ps.tricks_won, ps.n_tricks)
    return _exhaustive(ps, cap)


def _exhaustive(ps: PlayState, cap: int) -> int:
    if ps.done:
        return 0
    values = []
    m = ps.legal_mask()
    while m:
        low = m & -m
        m ^= low
        child = ps.copy()
        before = child.points[:]
        n = child.n_tricks
        w = child.play(low.bit_length() - 1)
        delta = (child.points[0] - before[0]) - (child.points[1] - before[1])
        ncap = cap
        if child.n_tricks != n:
            ncap = cap & (1 << (w & 1))
            if child.done and ncap:
                delta += CAPOT_BONUS if w & 1 == 0 else -CAPOT_BONUS
        values.append(delta + _exhaustive(child, ncap))
    return max(values) if ps.to_act & 1 == 0 else min(values)


# --------------------------------------------------------------------- rollouts


def rollout(ps: PlayState, stop_left: int = 0) -> tuple[int, int]:
    """Play ``ps`` on (in place) with the greedy policy until ``stop_left`` tricks remain.

    Returns (diff so far of the tricks it played, team 0 view, capot adjustment included
    when the deal ends; capot flags at the stop).
    """
    trump = ps.trump
    cap = capot_flags(ps.tricks_won, ps.n_tricks)
    diff = 0
    strength = STRENGTH[trump]
    pts = POINTS[trump]
    while 8 - ps.n_tricks > stop_left:
        c = policy(ps.hands, ps.to_act, ps.trick, trump, strength, pts)
        delta, cap = play_scored(ps, c, cap)
        diff += delta
    return diff, cap


def _beaten_later(hands: list[Mask], seat: int, trick_len: int, led: int, trump: Suit,
                  card: int, strength: tuple[int, ...]) -> bool:
    """Whether an opponent still to play can beat ``card`` (winning the trick now)."""
    sm = SUIT_MASKS[led]
    tm = SUIT_MASKS[trump]
    top = strength[card]
    for k in range(1, 4 - trick_len):
        s = (seat + k) & 3
        if (s ^ seat) & 1 == 0:
            continue  # the partner
        h = hands[s]
        if h & sm:
            if card >> 3 == led and led != trump:
                if _has_above(h & sm, top, strength):
                    return True
            elif led == trump and _has_above(h & sm, top, strength):
                return True
        elif h & tm:
            if card >> 3 != trump or _has_above(h & tm, top, strength):
                return True
    return False


def _has_above(m: Mask, top: int, strength: tuple[int, ...]) -> bool:
    """Whether mask ``m`` holds a card stronger than ``top``."""
    while m:
        low = m & -m
        if strength[low.bit_length() - 1] > top:
            return True
        m ^= low
    return False


def policy(hands: list[Mask], seat: int, trick: list[int], trump: Suit,
           strength: tuple[int, ...], pts: tuple[int, ...]) -> int:
    """A cheap greedy card for ``seat`` seeing every hand (the rollout policy)."""
    legal = legal_mask(hands[seat], trick, trump)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    cards = cards_of(legal)
    if not trick:
        return _lead(hands, seat, cards, trump, strength, pts)
    led = trick[0] >> 3
    n = len(trick)
    w = winning_index(trick, trump)
    win_card = trick[w]
    if w == n - 2 and not _beaten_later(hands, seat, n, led, trump, win_card, strength):
        # The partner wins: give it points, from a plain suit if possible.
        return max(cards, key=lambda c: ((c >> 3) != trump, pts[c], -strength[c]))
    top = strength[win_card]
    winners = [c for c in cards if ((c >> 3) == led or (c >> 3) == trump) and strength[c] > top]
    if winners:
        winners.sort(key=strength.__getitem__)
        for c in winners:
            if not _beaten_later(hands, seat, n, led, trump, c, strength):
                return c
    return min(cards, key=lambda c: ((c >> 3) == trump, pts[c], strength[c]))


def _lead(hands: list[Mask], seat: int, cards: list[int], trump: Suit,
          strength: tuple[int, ...], pts: tuple[int, ...]) -> int:
    """Lead a card that wins the trick if one does, else the cheapest plain card."""
    left, right = hands[(seat + 1) & 3], hands[(seat + 3) & 3]
    tm = SUIT_MASKS[trump]
    best, best_key = -1, -1
    for c in cards:
        sm = SUIT_MASKS[c >> 3]
        top = strength[c]
        safe = True
        for h in (left, right):
            if h & sm:
                if _has_above(h & sm, top, strength):
                    safe = False
            elif c >> 3 != trump and h & tm:
                safe = False
        if safe:
            k = pts[c] + (20 if c >> 3 == trump and (left | right) & tm else 0)
            if k > best_key:
                best, best_key = c, k
    if best >= 0:
        return best
    return min(cards, key=lambda c: ((c >> 3) == trump, pts[c], strength[c]))
