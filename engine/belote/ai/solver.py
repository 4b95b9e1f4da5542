"""The exact double-dummy solver: alpha-beta over a table of bounds, searched trick by trick.

Values are seen from team 0 and cover only what is still to be won: the **future diff**
= team 0's points from here minus team 1's (card points, the 10 for the last trick, and
+-90 when a team completes a capot, since a capot is worth 252 to 0 instead of a split
of 162). Both teams' deal scores are monotone in it, so minimax on it is minimax on
the score.

How it searches (nodes summed over the bench's 30 positions with 6 tricks left; each
idea kept because it paid, see bench/solver_bench.py for the times):

- Negamax over single cards, the trick's state (led suit, card to beat, its seat, its
  points) passed down; a table of bounds at trick starts (the four hands, the leader and
  the capot flags), whose entries also keep the leads in search order.
- Exact values by zero-window searches (MTD(f)) from a guess (-15% against one full
  window per card), bisecting the proven range after a few steps (-8% more).
- Equal-power runs (cards of one hand with no other hand's card between them): where
  the trick's team is fixed whatever the run gives (the last card of a trick, masters
  nobody can beat or trump), only the run's most points (ours) or fewest (theirs) are
  searched, since the other cards of the run are dominated; 0-point cards of a run are
  always one move (-45% nodes).
- Bounds at trick starts from the top trumps: a run of the highest trumps held by one
  team ends in that team's tricks whatever is played (-16%, from 3 tricks left; from 2
  or 4 it searched more).
- Bounds from cashing, from 4 tricks left: the leader's side-suit masters, led while no
  opponent can ruff (or after drawing the opponents' trumps with its own top trumps), win
  their tricks with every card the other hands must drop on them (at 8 tricks -7% nodes
  over the bench's 12 positions, -10% instructions on 4 of them; at 6 -3% nodes and the
  same instructions).
- Move order: the table's best lead, then leads by history (cut-offs weighted by
  tricks left, -12%), strong first; following, the cheapest winner against an opponent,
  points to a partner.
- The last two tricks: one flat exact routine, its values kept in a table of their own
  (-40%: a position there is solved once instead of once per window).

- Cheap Python (measured in time or instructions): one function for trick starts and
  one for following cards (-20% time at 8 tricks), keys as tuples of small ints (-3%
  instructions), table entries of ints and tuples only (the garbage collector leaves them),
  the two-trick routine reading each hand's two cards once (-9% instructions at 6 tricks
  left, -7% at 8), following cards' search order looked up by their mask instead of
  listed and sorted at each node (x0.92 time at 8 tricks, x0.93 at 6, paired).

Tried and dropped (measured): enhanced transposition cut-offs (-5% nodes, no time
saved), exact values from 3 tricks left (+34% nodes), a rollout as the first guess
(+8%), history for following cards (+21%), aspiration windows instead of MTD(f) (+6% at
8 tricks), solving the root first (+15%), a fast path for forced cards and inlined legal
moves (no change, -2%), equal-power pairs inside the two-trick routine (more
instructions), per-suit tables for the move order (more instructions), MTD(f) steps that
grow after repeated fails (-1% to +5% nodes), a table of bounds after a trick's first card
(more nodes), keys with each suit's 0-point cards renumbered (-7% nodes at 8 tricks, no
time saved), leading masters first after the history (-2% nodes at 8 tricks, more time), following
nodes' legal cards and order kept by the whole position (+7% time at 6 tricks, +12% at 8:
the key costs more than it saves), the node counter as a closure variable and the legal
cards written out in the following node (no change), one dict for the runs of every suit
and mode (x1.02-x1.03), fewer MTD(f) steps before bisecting
(3 or 4: -5% to +4% nodes at 8 tricks, depending on the positions drawn), a flat routine for
the last three tricks written like the two-trick one (each position's exact value once, in a
table of its own: x1.51 time at 8 tricks; searched in the window each time, no table: x1.15).
Even with each card's exact value as its first guess the search keeps 0.85 of its nodes:
the cost is the proof itself, so what is left to gain is in bounds and pruning.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import PLAIN_POINTS, POINTS, STRENGTH, SUIT_MASKS, TRUMP_POINTS, TRUMPS_ABOVE, Card, Mask, Suit, cards_of
from ..playstate import LAST_TRICK_BONUS, PlayState
from ..scoring import CAPOT_BONUS  # 252 - 162: what a capot adds to a deal's card points
# A trick start in the tables: the four hands, then the leader | capot flags << 2 (a tuple
# of small ints: cheaper to build and hash than one 130-bit int).
Key = tuple[int, int, int, int, int]
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


def _beats_table(trump: Suit) -> tuple[Mask, ...]:
    """BEATS[card]: the cards that beat ``card`` when it wins a trick (led suit or trump)."""
    strength = STRENGTH[trump]
    tm = SUIT_MASKS[trump]
    out = []
    for w in range(32):
        m = 0 if w >> 3 == trump else tm
        for c in range(32):
            if c >> 3 == w >> 3 and strength[c] > strength[w]:
                m |= 1 << c
        out.append(m)
    return tuple(out)


BEATS: tuple[tuple[Mask, ...], ...] = tuple(_beats_table(t) for t in range(4))


def _run_table() -> tuple[int, ...]:
    """DROP[low3 << 3 | blockers3]: the 0-point cards of one suit (bits 0-2) equivalent to a lower kept one."""
    out = []
    for i in range(64):
        cards, blockers = i >> 3, i & 7
        drop = 0
        prev = -1
        for r in range(3):
            if cards >> r & 1:
                if prev >= 0 and not blockers & (((1 << r) - 1) & ~((2 << prev) - 1)):
                    drop |= 1 << r
                else:
                    prev = r
        out.append(drop)
    return tuple(out)


DROP = _run_table()

# Ranks of a suit from weakest to strongest, and their points: plain suits, then trump.
RANK_ORDER = ((0, 1, 2, 4, 5, 6, 3, 7), (0, 1, 5, 6, 3, 7, 2, 4))
RANK_POINTS = (PLAIN_POINTS, TRUMP_POINTS)
KEEP_HIGH, KEEP_LOW, KEEP_EQUAL = 0, 1, 2


def _runs(kind: int, mode: int, cards: int, blockers: int) -> int:
    """The cards of one suit (a byte of rank bits) kept when a run keeps one card.

    A run: our cards with no blocker (another hand's card) between them in strength, so
    equal in power. KEEP_HIGH keeps its strongest (most points: the trick is surely ours),
    KEEP_LOW its weakest (the trick is surely theirs), KEEP_EQUAL every card with points
    and the weakest 0-point card (the 0-point ones are fully equivalent)."""
    kept = 0
    run: list[int] = []
    for r in (*RANK_ORDER[kind], -1):
        if r >= 0 and cards >> r & 1:
            run.append(r)
        elif r < 0 or blockers >> r & 1:
            if run:
                if mode == KEEP_HIGH:
                    kept |= 1 << run[-1]
                elif mode == KEEP_LOW:
                    kept |= 1 << run[0]
                else:
                    zeros = [x for x in run if not RANK_POINTS[kind][x]]
                    for x in run:
                        if RANK_POINTS[kind][x] or x == zeros[0]:
                            kept |= 1 << x
            run = []
    return kept


def _top_trumps(held: int, ours: int) -> tuple[int, int]:
    """(owner, points) of the run of highest trumps held by one team: owner 1 when ``ours``
    (a byte of trump ranks, within ``held``), 0 when the other team's, -1 when none is left."""
    owner, sure = -1, 0
    for r in reversed(RANK_ORDER[1]):
        if held >> r & 1:
            o = ours >> r & 1
            if owner < 0:
                owner = o
            elif o != owner:
                break
            sure += TRUMP_POINTS[r]
    return owner, sure


# Filled on demand, shared by every solver: RUNS[mode][is_trump] maps (cards byte << 8 |
# blockers byte) to what _runs keeps; TOP_TRUMPS maps (trumps held << 8 | ours) to _top_trumps.
RUNS: tuple[tuple[dict[int, int], dict[int, int]], ...] = tuple(({}, {}) for _ in range(3))
TOP_TRUMPS: dict[int, tuple[int, int]] = {}


def _top_table(kind: int) -> tuple[int, ...]:
    """TOP[byte]: the rank of the strongest card of a suit byte (-1 for none)."""
    out = []
    for b in range(256):
        top = -1
        for r in RANK_ORDER[kind]:
            if b >> r & 1:
                top = r
        out.append(top)
    return tuple(out)


TOP = (_top_table(0), _top_table(1))
# SUIT_POINTS[is_trump][byte]: the card points of a suit byte.
SUIT_POINTS = tuple(tuple(sum(RANK_POINTS[k][r] for r in range(8) if b >> r & 1) for b in range(256)) for k in (0, 1))
# MTD(f) steps from the guess before bisecting the proven range, when wider than MTD_SPAN.
MTD_STEPS = 5
MTD_SPAN = 16
BOUND_LEFT = 3  # measured: 2 and 4 search more nodes
CASH_LEFT = 4  # measured: from 3 the bound costs more than the nodes it saves


def _order_keys(trump: Suit) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Sort keys by card: (cheap first: points then strength, strong first: strength then points)."""
    pts, st = POINTS[trump], STRENGTH[trump]
    cheap = tuple(pts[c] * 32 + st[c] for c in range(32))
    strong = tuple(-(st[c] * 32 + pts[c]) for c in range(32))
    return cheap, strong


ORDER_KEYS = tuple(_order_keys(t) for t in range(4))


class Solver:
    """Exact double-dummy search for one trump, with a table of bounds reused across calls."""

    def __init__(self, trump: Suit) -> None:
        """A solver for ``trump``; its table stays valid for any hands of that trump."""
        self.trump = trump
        # key (a Key): the four hands, the leader and the capot flags (trick starts only),
        # value: (lower bound, upper bound, the leads in search order, best first) in the
        # leader's team's view. The
        # two-trick table and the history live with the search (valid for any hands too).
        self.tt: dict[Key, tuple[int, int, tuple[int, ...]]] = {}
        self.nodes = 0
        self._hands = [0, 0, 0, 0]
        self._lead, self._node = _make_search(trump, self.tt, self._hands, self)

    def value(self, ps: PlayState, alpha: int = -INF, beta: int = INF, guess: int = 0) -> int:
        """The future diff (team 0 view) of ``ps`` under perfect play by all four seats.

        With the full window (the default) the exact value, found by zero-window searches
        from ``guess`` (MTD(f)); with a window, fail-soft: a result <= ``alpha`` is an upper
        bound, >= ``beta`` a lower bound."""
        if alpha <= -INF and beta >= INF:
            pts = POINTS[self.trump]
            r = LAST_TRICK_BONUS + CAPOT_BONUS + sum(pts[c] for c in ps.trick)
            for h in ps.hands:
                r += sum(pts[c] for c in cards_of(h))
            # Every value here has the parity of r (the points still to win split two
            # ways, a capot's 90 is even), so a window (b - 1, b + 1) of width two around
            # a value b of that parity either proves the value is b or moves a bound past it.
            lo, hi = -r, r
            g = min(max(guess, lo), hi)
            if (g ^ r) & 1:
                g += 1 if g < hi else -1
            steps = 0
            while lo < hi:
                if steps >= MTD_STEPS and hi - lo > MTD_SPAN:
                    b = (lo + hi) >> 1
                    if (b ^ r) & 1:
                        b += 1
                else:
                    b = g
                steps += 1
                g = self._window(ps, b - 1, b + 1)
                if g < b:
                    hi = g
                elif g > b:
                    lo = g
                else:
                    return g
            return g
        return self._window(ps, alpha, beta)

    def _window(self, ps: PlayState, alpha: int, beta: int) -> int:
        """One alpha-beta search of ``ps`` in the window (alpha, beta), team 0 view."""
        if ps.n_tricks == 8:
            return 0
        self._hands[:] = ps.hands
        cap = capot_flags(ps.tricks_won, ps.n_tricks)
        left = 8 - ps.n_tricks
        trick = ps.trick
        seat = ps.to_act
        pos = len(trick)
        led, win, wseat, tpts = 0, 0, 0, 0
        if pos:
            pts = POINTS[self.trump]
            beats = BEATS[self.trump]
            led, win, wseat = trick[0] >> 3, trick[0], ps.leader
            for i in range(pos):
                c = trick[i]
                tpts += pts[c]
                if beats[win] >> c & 1:
                    win, wseat = c, (ps.leader + i) & 3
        sign = -1 if seat & 1 else 1
        if sign < 0:
            alpha, beta = -beta, -alpha
        if pos == 0:
            return sign * self._lead(seat, left, cap, alpha, beta)
        return sign * self._node(seat, pos, led, win, wseat, tpts, left, cap, alpha, beta)


def _make_search(trump: Suit, tt: dict[Key, tuple[int, int, tuple[int, ...]]], hands: list[Mask],
                 stats: Solver) -> tuple[Callable[..., int], Callable[..., int]]:
    """The negamax search over ``hands`` (mutated in place and restored), bound to one trump:
    (the trick start, a card to follow)."""
    pts = POINTS[trump]
    beats = BEATS[trump]
    tm = SUIT_MASKS[trump]
    above = TRUMPS_ABOVE[trump]
    suit_masks = SUIT_MASKS
    cheap, strong = ORDER_KEYS[trump]
    cheap_key = cheap.__getitem__
    strong_key = strong.__getitem__
    last_bonus = LAST_TRICK_BONUS
    capot_bonus = CAPOT_BONUS
    suit_pts = tuple(SUIT_POINTS[s == trump] for s in range(4))
    tz = trump * 8
    top_trumps = TOP_TRUMPS
    bound_left = BOUND_LEFT
    exact2: dict[Key, int] = {}  # two tricks left: exact values, same keys as the table
    hist = [0] * 32  # history: cut-offs by card, weighted by tricks left
    hist_key = hist.__getitem__

    caches = tuple(tuple(RUNS[mode][s == trump] for s in range(4)) for mode in range(3))

    def runs(cards: Mask, blockers: Mask, mode: int) -> Mask:
        """``cards`` with each run reduced to what ``mode`` keeps (see :func:`_runs`)."""
        out = 0
        while cards:
            s = (cards.bit_length() - 1) >> 3
            s8 = s << 3
            part = cards & suit_masks[s]
            cards ^= part
            b = part >> s8
            if b & (b - 1):
                k = b << 8 | (blockers >> s8) & 255
                cache = caches[mode][s]
                r = cache.get(k)
                if r is None:
                    r = cache[k] = _runs(s == trump, mode, b, k & 255)
                out |= r << s8
            else:
                out |= part
        return out

    def masters(cards: Mask, opp1: Mask, opp2: Mask) -> Mask:
        """The cards of one suit that no card of the opponents' hands ``opp1``, ``opp2`` can beat."""
        s = (cards.bit_length() - 1) >> 3
        sm = suit_masks[s]
        if s != trump and (not opp1 & sm and opp1 & tm or not opp2 & sm and opp2 & tm):
            return 0  # an opponent may trump
        o = (opp1 | opp2) & sm
        if not o:
            return cards
        top = TOP[s == trump][(o >> (s << 3)) & 255] + (s << 3)
        return cards & beats[top] & sm

    def prune(legal: Mask, seat: int, pos: int, win: int, wseat: int) -> Mask:
        """The legal cards worth searching: one per run of equal power where the trick's
        team is fixed (the most points if ours, the fewest if theirs), equal 0-point cards once."""
        others = (hands[0] | hands[1] | hands[2] | hands[3]) ^ hands[seat]
        if pos == 0:
            opp1, opp2 = hands[seat ^ 1], hands[seat ^ 3]
            out = 0
            for sm in suit_masks:
                ss = legal & sm
                if ss & (ss - 1):
                    top = masters(ss, opp1, opp2)
                    rest = ss ^ top
                    out |= (runs(top, others, 0) if top & (top - 1) else top) | \
                        (runs(rest, others, 2) if rest & (rest - 1) else rest)
                else:
                    out |= ss
            return out
        others |= 1 << win
        winners = legal & beats[win]
        losers = legal ^ winners
        if winners & (winners - 1):
            if pos == 3:
                winners = runs(winners, others, 0)
            else:
                top = masters(winners, hands[(seat + 1) & 3], 0)
                rest = winners ^ top
                winners = (runs(top, others, 0) if top & (top - 1) else top) | \
                    (runs(rest, others, 2) if rest & (rest - 1) else rest)
        if losers & (losers - 1):
            if pos == 3:
                mode = 0 if (wseat ^ seat) & 1 == 0 else 1
            elif (wseat ^ seat) & 1 == 0:  # the partner holds the trick: ours unless beaten
                mode = 2 if hands[(seat + 1) & 3] & beats[win] else 0
            elif pos == 2:
                mode = 1  # only an opponent is still to play
            else:  # an opponent holds it: theirs unless the partner, last, beats it
                mode = 2 if hands[(seat + 2) & 3] & beats[win] else 1
            losers = runs(losers, others, mode)
        return winners | losers

    def last_trick(leader: int, cap: int) -> int:
        """The forced last trick: its value for the leader's team."""
        c = hands[leader].bit_length() - 1
        win, wseat, won = c, leader, pts[c]
        for k in (1, 2, 3):
            s = (leader + k) & 3
            c = hands[s].bit_length() - 1
            won += pts[c]
            if beats[win] >> c & 1:
                win, wseat = c, s
        won += last_bonus
        if cap >> (wseat & 1) & 1:
            won += capot_bonus
        return won if (wseat ^ leader) & 1 == 0 else -won

    def card_points(m: Mask) -> int:
        """The card points of a mask."""
        return suit_pts[0][m & 255] + suit_pts[1][(m >> 8) & 255] + suit_pts[2][(m >> 16) & 255] + suit_pts[3][m >> 24]

    def follow(hand: Mask, led: int, win: Card, partner: bool) -> Mask:
        """The cards of ``hand`` that may follow to a trick led in ``led`` and held by ``win``."""
        if led != trump:
            f = hand & suit_masks[led]
            if f:
                return f
            if partner:
                return hand  # the partner holds the trick: free discard
        t = hand & tm
        return ((t & above[win]) or t) if t else hand

    def two_tricks(leader: int, cap: int) -> int:
        """The exact value, for the leader's team, of the last two tricks (two cards a hand)."""
        stats.nodes += 1
        h0, h1 = hands[leader], hands[(leader + 1) & 3]
        h2, h3 = hands[(leader + 2) & 3], hands[(leader + 3) & 3]
        # Each hand's two cards, low then high; the card a hand keeps for the last trick is
        # their sum minus the one it plays.
        b = h0 & -h0
        p0, q0 = b.bit_length() - 1, (h0 ^ b).bit_length() - 1
        b = h1 & -h1
        p1, q1 = b.bit_length() - 1, (h1 ^ b).bit_length() - 1
        b = h2 & -h2
        p2, q2 = b.bit_length() - 1, (h2 ^ b).bit_length() - 1
        b = h3 & -h3
        p3, q3 = b.bit_length() - 1, (h3 ^ b).bit_length() - 1
        s0, s1, s2, s3 = p0 + q0, p1 + q1, p2 + q2, p3 + q3
        total = last_bonus + card_points(h0 | h1 | h2 | h3)
        team = leader & 1
        # one team takes both tricks: everything, and the capot if it has won every trick
        both_us = total + capot_bonus if cap >> team & 1 else total
        both_them = -total - capot_bonus if cap >> (team ^ 1) & 1 else -total
        best = -INF
        for a in (p0, q0):
            led = a >> 3
            x0 = s0 - a
            f1 = follow(h1, led, a, False)
            low1 = INF
            for b in (p1, q1) if f1 == h1 else (f1.bit_length() - 1,):
                x1 = s1 - b
                if beats[a] >> b & 1:
                    w1, r1 = b, 1
                else:
                    w1, r1 = a, 0
                f2 = follow(h2, led, w1, r1 == 0)
                high2 = -INF
                for c in (p2, q2) if f2 == h2 else (f2.bit_length() - 1,):
                    x2 = s2 - c
                    if beats[w1] >> c & 1:
                        w2, r2 = c, 2
                    else:
                        w2, r2 = w1, r1
                    p = pts[a] + pts[b] + pts[c]
                    f3 = follow(h3, led, w2, r2 == 1)
                    low3 = INF
                    for d in (p3, q3) if f3 == h3 else (f3.bit_length() - 1,):
                        x3 = s3 - d
                        # The last trick, led by the first one's winner: ``first`` and ``last``
                        # are the winners' teams (0: the leader's). Written out for each of the
                        # four leaders: a loop over the rotated cards lost the routine's gain.
                        if beats[w2] >> d & 1:
                            first = last = 1
                            lw = x3
                            if beats[lw] >> x0 & 1:
                                lw, last = x0, 0
                            if beats[lw] >> x1 & 1:
                                lw, last = x1, 1
                            if beats[lw] >> x2 & 1:
                                last = 0
                        elif r2 == 0:
                            first = last = 0
                            lw = x0
                            if beats[lw] >> x1 & 1:
                                lw, last = x1, 1
                            if beats[lw] >> x2 & 1:
                                lw, last = x2, 0
                            if beats[lw] >> x3 & 1:
                                last = 1
                        elif r2 == 1:
                            first = last = 1
                            lw = x1
                            if beats[lw] >> x2 & 1:
                                lw, last = x2, 0
                            if beats[lw] >> x3 & 1:
                                lw, last = x3, 1
                            if beats[lw] >> x0 & 1:
                                last = 0
                        else:
                            first = last = 0
                            lw = x2
                            if beats[lw] >> x3 & 1:
                                lw, last = x3, 1
                            if beats[lw] >> x0 & 1:
                                lw, last = x0, 0
                            if beats[lw] >> x1 & 1:
                                last = 1
                        if first == last:
                            v = both_them if first else both_us
                        elif first:  # each team takes one trick: the first's points, the rest
                            v = total - 2 * (p + pts[d])
                        else:
                            v = 2 * (p + pts[d]) - total
                        if v < low3:
                            low3 = v
                            if v <= high2:
                                break
                    if low3 > high2:
                        high2 = low3
                        if high2 >= low1:
                            break
                if high2 < low1:
                    low1 = high2
                    if low1 <= best:
                        break
            if low1 > best:
                best = low1
        return best

    side_suits = tuple(s for s in range(4) if s != trump)
    trump_top = TOP[1]

    def side_cash(hand: Mask, opp1: Mask, opp2: Mask, part: Mask, t1: int, t2: int) -> tuple[int, int]:
        """(points, tricks) the leader surely takes by leading its side-suit masters while no
        opponent can ruff (``t1``, ``t2``: the opponents' trumps): the masters and every
        card another hand must drop on them."""
        sure = 0
        tricks = 0
        for s in side_suits:
            sm = suit_masks[s]
            ls = hand & sm
            if not ls:
                continue
            o1, o2 = opp1 & sm, opp2 & sm
            if t1 and not o1 or t2 and not o2:
                continue  # an opponent ruffs at once
            mast = masters(ls, o1, o2)  # the suit's cards only: the ruffs are checked above
            if not mast:
                continue
            m = k = mast.bit_count()
            if t1 and o1.bit_count() < k:
                k = o1.bit_count()
            if t2 and o2.bit_count() < k:
                k = o2.bit_count()
            if k == m:
                sure += card_points(mast)
            else:
                sure += sum(sorted((pts[c] for c in cards_of(mast)), reverse=True)[:k])
            for h in (o1, o2, part & sm):
                if h and h.bit_count() <= k:
                    sure += card_points(h)  # it must follow every time: all of it falls
            tricks += k
        return sure, tricks

    def cashable(hand: Mask, seat: int, left: int) -> int:
        """Points the leader's team surely wins, beyond its top trumps, by cashing side-suit
        masters: at once while no opponent can ruff, or after drawing the opponents' trumps
        with the leader's own top trumps (their trumps then fall too)."""
        opp1, opp2, part = hands[seat ^ 1], hands[seat ^ 3], hands[seat ^ 2]
        t1, t2 = opp1 & tm, opp2 & tm
        sure, tricks = side_cash(hand, opp1, opp2, part, t1, t2)
        if tricks >= left:
            sure += last_bonus
        if t1 or t2:
            top = trump_top[(t1 | t2 | part & tm) >> tz] + tz
            draw = hand & beats[top] & tm  # the leader's trumps above every other trump
            n = draw.bit_count()
            if n >= t1.bit_count() and n >= t2.bit_count():
                s2, k2 = side_cash(hand, opp1, opp2, part, 0, 0)
                s2 += card_points(t1 | t2)
                if n + k2 >= left:
                    s2 += last_bonus
                if s2 > sure:
                    sure = s2
        return sure

    def lead(seat: int, left: int, cap: int, alpha: int, beta: int) -> int:
        """Negamax value (for ``seat``'s team) of the trick start where ``seat`` leads."""
        stats.nodes += 1
        if left == 1:
            return last_trick(seat, cap)
        key = (hands[0], hands[1], hands[2], hands[3], seat | cap << 2)
        if left == 2:  # exact, once per position: cheaper than windows at this depth
            v = exact2.get(key)
            if v is None:
                v = exact2[key] = two_tricks(seat, cap)
            return v
        hand = hands[seat]
        entry = tt.get(key)
        if entry is not None:
            lo, hi, moves = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            slo, shi = -INF, INF
            if left >= bound_left:
                # Bounds: the top trumps held by one team end in that team's tricks.
                mine = hand | hands[seat ^ 2]
                held = mine | hands[seat ^ 1] | hands[seat ^ 3]
                r = last_bonus + card_points(held)
                k = (held >> tz) & 255
                k = k << 8 | (mine >> tz) & 255
                top = top_trumps.get(k)
                if top is None:
                    top = top_trumps[k] = _top_trumps(k >> 8, k & 255)
                owner, sure = top
                cash = cashable(hand, seat, left) if left >= CASH_LEFT else 0
                if owner == 1:
                    sure += cash
                    lo = 2 * sure - r
                    hi = r + capot_bonus if cap >> (seat & 1) & 1 else r
                elif owner == 0:
                    lo = -r - capot_bonus if cap >> (~seat & 1) & 1 else -r
                    hi = r - 2 * sure
                else:
                    lo = -r - capot_bonus if cap >> (~seat & 1) & 1 else -r
                    hi = r + capot_bonus if cap >> (seat & 1) & 1 else r
                if owner != 1 and cash and 2 * cash - r > lo:
                    lo = 2 * cash - r
                if hi <= alpha:
                    return hi
                if lo >= beta:
                    return lo
                slo, shi = lo, hi
            # Leads in search order, kept with the table entry: history first, then
            # strong ones; the best lead found moves to the front.
            order = cards_of(prune(hand, seat, 0, 0, 0) if hand & (hand - 1) else hand)
            order.sort(key=strong_key)
            order.sort(key=hist_key, reverse=True)
            moves = tuple(order)  # a tuple of ints: the garbage collector soon leaves it alone
        a0 = alpha
        best = -INF
        found = moves[0]
        nseat = (seat + 1) & 3
        for c in moves:
            hands[seat] = hand ^ 1 << c
            v = -node(nseat, 1, c >> 3, c, seat, pts[c], left, cap, -beta, -alpha)
            if v > best:
                best = v
                found = c
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        hist[c] += left * left
                        break
        hands[seat] = hand
        if best <= a0:
            lo, hi = -INF, best
        elif best >= beta:
            lo, hi = best, INF
        else:
            lo = hi = best
        if entry is not None:  # keep the tighter of both bounds
            if entry[0] > lo:
                lo = entry[0]
            if entry[1] < hi:
                hi = entry[1]
        else:  # and the static bounds
            if slo > lo:
                lo = slo
            if shi < hi:
                hi = shi
        if found != moves[0]:
            i = moves.index(found)
            moves = (found, *moves[:i], *moves[i + 1 :])
        tt[key] = (lo, hi, moves)
        return best

    # Following cards in search order, by legal cards: against an opponent's trick (keyed with
    # the cards that beat it), and when the partner holds it.
    against: dict[int, tuple[int, ...]] = {}
    for_partner: dict[int, tuple[int, ...]] = {}

    def order_against(legal: Mask, winners: Mask) -> tuple[int, ...]:
        """The cheapest winner first, then the cheapest other cards."""
        return (*sorted(cards_of(winners), key=cheap_key), *sorted(cards_of(legal ^ winners), key=cheap_key))

    def node(seat: int, pos: int, led: int, win: int, wseat: int, tpts: int, left: int, cap: int,
             alpha: int, beta: int) -> int:
        """Negamax value (for ``seat``'s team) with ``pos`` (1 to 3) cards on the table."""
        stats.nodes += 1
        hand = hands[seat]
        legal = follow(hand, led, win, (wseat ^ seat) & 1 == 0)
        # Move order: the cheapest winner when an opponent holds the trick, else points
        # for the partner.
        if legal & (legal - 1):
            legal = prune(legal, seat, pos, win, wseat)
            # The order depends on the cards alone: built once per solver, then looked up.
            if (wseat ^ seat) & 1:
                k = legal << 32 | legal & beats[win]
                moves = against.get(k)
                if moves is None:
                    moves = against[k] = order_against(legal, k & 0xFFFFFFFF)
            else:
                moves = for_partner.get(legal)
                if moves is None:
                    moves = for_partner[legal] = tuple(sorted(cards_of(legal), key=cheap_key, reverse=True))
        else:
            moves = (legal.bit_length() - 1,)
        best = -INF
        nseat = (seat + 1) & 3
        for c in moves:
            bitc = 1 << c
            hands[seat] = hand ^ bitc
            if pos < 3:
                if beats[win] & bitc:
                    v = -node(nseat, pos + 1, led, c, seat, tpts + pts[c], left, cap, -beta, -alpha)
                else:
                    v = -node(nseat, pos + 1, led, win, wseat, tpts + pts[c], left, cap, -beta, -alpha)
            else:
                w = seat if beats[win] & bitc else wseat
                won = tpts + pts[c]
                ncap = cap & (1 << (w & 1))
                if left == 1:
                    won += last_bonus + (capot_bonus if ncap else 0)
                    v = -won if (w ^ seat) & 1 else won
                elif left == 3:  # the next trick starts the last two: straight to their table
                    k2 = (hands[0], hands[1], hands[2], hands[3], w | ncap << 2)
                    x = exact2.get(k2)
                    if x is None:
                        x = exact2[k2] = two_tricks(w, ncap)
                    v = -won - x if (w ^ seat) & 1 else won + x
                elif (w ^ seat) & 1:
                    # the other team won the trick and leads: our value is minus theirs
                    v = -won - lead(w, left - 1, ncap, -won - beta, -won - alpha)
                else:
                    v = won + lead(w, left - 1, ncap, alpha - won, beta - won)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        hands[seat] = hand
        return best

    return lead, node


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


def solve(ps: PlayState, tt_solver: Solver | None = None) -> int:
    """The exact future diff of ``ps`` (team 0 view)."""
    solver = tt_solver or Solver(ps.trump)
    return solver.value(ps)


def trick_blockers(hands: list[Mask], seat: int, trick: list[Card]) -> Mask:
    """The cards that split a run of ``seat`` (to act): the other hands' and the trick's."""
    m = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[seat]
    for c in trick:
        m |= 1 << c
    return m


def _per_card(ps: PlayState, solve_child: Callable[[PlayState, int], int], cards: Mask | None = None) -> dict[int, int]:
    """``solve_child(child, delta)`` for every legal card's child position (``delta``: the
    points the card moved), or for those of ``cards``; equivalent cards (a run of 0-point
    cards) solved once."""
    legal = ps.legal_mask()
    kept = collapse(legal, trick_blockers(ps.hands, ps.to_act, ps.trick), ps.trump)
    want = legal if cards is None else legal & cards
    cap = capot_flags(ps.tricks_won, ps.n_tricks)
    solved: dict[int, int] = {}  # kept card -> its value
    out: dict[int, int] = {}
    for c in cards_of(want):
        # A card left out of ``kept`` has the value of the highest kept card below it in its suit.
        rep = c if kept >> c & 1 else (kept & ((1 << c) - 1) & SUIT_MASKS[c >> 3]).bit_length() - 1
        if rep not in solved:
            child = ps.copy()
            delta, _ = play_scored(child, rep, cap)
            solved[rep] = solve_child(child, delta)
        out[c] = solved[rep]
    return out


def root_values(ps: PlayState, solver: Solver | None = None, cards: Mask | None = None) -> dict[int, int]:
    """The exact future diff (team 0 view, counted from ``ps``) of every legal card of the seat to
    act (or of those of ``cards``).

    Equivalent cards (a run of 0-point cards, see :func:`collapse`) are searched once and
    share the value."""
    search = solver or Solver(ps.trump)
    guess = [0]  # each card's search starts from the previous card's value

    def exact(child: PlayState, delta: int) -> int:
        guess[0] = delta + search.value(child, guess=guess[0] - delta)
        return guess[0]

    return _per_card(ps, exact, cards)


def best_cards(ps: PlayState, solver: Solver | None = None) -> list[int]:
    """The legal cards of best exact value for the seat to act's team, lowest card first.

    Cheaper than :func:`root_values` when only the best matter: one exact search of ``ps``,
    then one zero-window question per card ("does it reach that value?")."""
    search = solver or Solver(ps.trump)
    best = search.value(ps)
    team0 = ps.to_act & 1 == 0

    def reaches(child: PlayState, delta: int) -> int:
        need = best - delta
        if team0:
            return int(search.value(child, need - 1, need) >= need)
        return int(search.value(child, need, need + 1) <= need)

    return [c for c, ok in _per_card(ps, reaches).items() if ok]


def makes(ps: PlayState, team: int, target: int, solver: Solver | None = None) -> bool:
    """Whether ``team`` ends the deal with at least ``target`` card points under perfect play.

    Card points are the team's final card total: what it has won before ``ps`` plus the rest,
    252 for a capot. One zero-window search: e.g. ``makes(ps, taker & 1, 82)`` asks whether the
    taker's team takes more than half of 162 (add the belote to the caller's target if needed)."""
    if target <= 0:
        return True
    if target > 252:
        return False
    final = 2 * target - 162 if target <= 162 else 252  # the final diff (team's view) needed
    sign = 1 if team == 0 else -1
    need = final - sign * (ps.points[0] - ps.points[1])  # future diff, team's view
    solver = solver or Solver(ps.trump)
    if team == 0:
        return solver.value(ps, need - 1, need) >= need
    return solver.value(ps, -need, -need + 1) <= -need

