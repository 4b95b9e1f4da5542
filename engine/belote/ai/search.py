"""Look-ahead over a fully known deal: an exact double-dummy solver and fast rollouts.

Values are seen from team 0 and cover only what is still to be won: the **future diff**
= team 0's points from here minus team 1's (card points, the 10 for the last trick, and
+-90 when a team completes a capot, since a capot is worth 252 to 0 instead of a split
of 162). Both teams' deal scores are monotone in it, so minimax on it is minimax on
the score.

- :func:`solve`: alpha-beta with a transposition table keyed on the four remaining
  hands, the leader and who may still make a capot (at trick boundaries, where the
  future does not depend on the past), and move ordering: equivalent cards collapsed
  (0-point cards of one hand with no other seat's card between them), the table's best
  move first, then winners first.
- :func:`exhaustive`: plain minimax over every legal card (no pruning, no table), the
  reference the tests hold :func:`solve` to.
- :func:`rollout`: plays the deal out with a cheap greedy policy that sees all hands.
"""

from __future__ import annotations

from ..cards import POINTS, STRENGTH, SUIT_MASKS, Mask, Suit, cards_of
from ..playstate import LAST_TRICK_BONUS, PlayState
from ..rules import legal_mask, winning_index

CAPOT_BONUS = 90  # 252 - 162
INF = 10_000


def _zero_cards(trump: Suit) -> Mask:
    """The 0-point cards: 7 8 9 of plain suits, 7 8 of trump (the only equal-point runs)."""
    m = 0
    for s in range(4):
        ranks = (0, 1) if s == trump else (0, 1, 2)
        for r in ranks:
            m |= 1 << (s * 8 + r)
    return m


ZERO_CARDS: tuple[Mask, ...] = tuple(_zero_cards(t) for t in range(4))


def collapse(moves: Mask, blockers: Mask, trump: Suit) -> Mask:
    """``moves`` without cards equivalent to a lower kept one (same hand, suit, 0 points)."""
    z = moves & ZERO_CARDS[trump]
    if not z & (z - 1):
        return moves
    for sm in SUIT_MASKS:
        zs = z & sm
        if zs & (zs - 1):
            prev = zs & -zs
            rest = zs ^ prev
            while rest:
                b = rest & -rest
                rest ^= b
                if (b - 1) & ~((prev << 1) - 1) & blockers:
                    prev = b  # another seat's card (or the trick's) lies between: keep it
                else:
                    moves ^= b
    return moves


def capot_flags(tricks_won: list[int], n_tricks: int) -> int:
    """Bit t set when team t has won every trick so far (both at the start)."""
    if n_tricks == 0:
        return 3
    if tricks_won[0] == n_tricks:
        return 1
    if tricks_won[1] == n_tricks:
        return 2
    return 0


class Solver:
    """Exact double-dummy alpha-beta for one deal's trump, with a reusable table."""

    def __init__(self, trump: Suit) -> None:
        """A solver for ``trump``; its table stays valid for any hands of that trump."""
        self.trump = trump
        self.tt: dict[tuple[int, int, int, int, int, int], tuple[int, int, int]] = {}
        self.nodes = 0

    def value(self, ps: PlayState, alpha: int = -INF, beta: int = INF) -> int:
        """The future diff (team 0 view) of ``ps`` under perfect play by all four seats."""
        cap = capot_flags(ps.tricks_won, ps.n_tricks)
        return self._search(ps.hands[:], ps.leader, ps.trick[:], 8 - ps.n_tricks, cap, alpha, beta)

    def _search(self, hands: list[Mask], leader: int, trick: list[int], left: int, cap: int,
                alpha: int, beta: int) -> int:
        trump = self.trump
        strength = STRENGTH[trump]
        pts = POINTS[trump]
        tt = self.tt

        def ab(seat: int, leader: int, left: int, cap: int, alpha: int, beta: int) -> int:
            self.nodes += 1
            n = len(trick)
            key = None
            best_move = -1
            if n == 0:
                key = (hands[0], hands[1], hands[2], hands[3], leader, cap)
                entry = tt.get(key)
                if entry is not None:
                    lo, hi, best_move = entry
                    if lo >= beta or lo == hi:
                        return lo
                    if hi <= alpha:
                        return hi
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
            hand = hands[seat]
            legal = legal_mask(hand, trick, trump)
            if legal & (legal - 1):
                others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
                for c in trick:
                    others |= 1 << c
                legal = collapse(legal, others, trump)
            moves = _ordered(legal, trick, trump, strength, pts, best_move)
            maximizing = not seat & 1
            a0, b0 = alpha, beta
            best = -INF if maximizing else INF
            found = -1
            for c in moves:
                hands[seat] ^= 1 << c
                trick.append(c)
                if n == 3:
                    w = (leader + winning_index(trick, trump)) & 3
                    won = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
                    ncap = cap & (1 << (w & 1))
                    if left == 1:
                        won += LAST_TRICK_BONUS + (CAPOT_BONUS if ncap else 0)
                    delta = -won if w & 1 else won
                    saved = trick[:]
                    trick.clear()
                    if left == 1:
                        v = delta
                    else:
                        v = delta + ab(w, w, left - 1, ncap, alpha - delta, beta - delta)
                    trick[:] = saved
                else:
                    v = ab((seat + 1) & 3, leader, left, cap, alpha, beta)
                trick.pop()
                hands[seat] ^= 1 << c
                if maximizing:
                    if v > best:
                        best, found = v, c
                        if v > alpha:
                            alpha = v
                else:
                    if v < best:
                        best, found = v, c
                        if v < beta:
                            beta = v
                if alpha >= beta:
                    break
            if key is not None:
                lo, hi = -INF, INF
                if best <= a0:
                    hi = best
                elif best >= b0:
                    lo = best
                else:
                    lo = hi = best
                old = tt.get(key)
                if old is not None:  # keep the tighter of both bounds
                    lo, hi = max(lo, old[0]), min(hi, old[1])
                tt[key] = (lo, hi, found)
            return best

        return ab((leader + len(trick)) & 3, leader, left, cap, alpha, beta)


def _ordered(legal: Mask, trick: list[int], trump: Suit, strength: tuple[int, ...],
             pts: tuple[int, ...], first: int) -> list[int]:
    """Moves in search order: the table's best move, then winners, then cheap cards."""
    cards = []
    m = legal
    while m:
        low = m & -m
        cards.append(low.bit_length() - 1)
        m ^= low
    if len(cards) == 1:
        return cards
    if not trick:
        cards.sort(key=strength.__getitem__, reverse=True)  # strong leads first
    else:
        led = trick[0] >> 3
        w = winning_index(trick, trump)
        top = strength[trick[w]]
        partner = w == len(trick) - 2

        def key(c: int) -> int:
            s = c >> 3
            beats = (s == led or s == trump) and strength[c] > top
            if partner:
                return -pts[c] * 32 + strength[c]  # feed the partner, keep strength
            if beats:
                return -1000 + strength[c]  # cheapest winner first
            return pts[c] * 32 + strength[c]  # then the cheapest loser

        cards.sort(key=key)
    if first >= 0 and first in cards:
        cards.remove(first)
        cards.insert(0, first)
    return cards


def solve(ps: PlayState, tt_solver: Solver | None = None) -> int:
    """The exact future diff of ``ps`` (team 0 view) by alpha-beta."""
    solver = tt_solver or Solver(ps.trump)
    return solver.value(ps)


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


def play_scored(ps: PlayState, c: int, cap: int) -> tuple[int, int]:
    """Play ``c``; the points it moves (team 0 minus team 1, capot bonus included) and the new capot flags."""
    before0, before1 = ps.points
    w = ps.play(c)
    if w < 0:
        return 0, cap
    delta = (ps.points[0] - before0) - (ps.points[1] - before1)
    cap &= 1 << (w & 1)
    if ps.n_tricks == 8 and cap:
        delta += CAPOT_BONUS if w & 1 == 0 else -CAPOT_BONUS
    return delta, cap


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
