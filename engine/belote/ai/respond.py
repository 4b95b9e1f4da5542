"""Best response: one team's best play in a fully known deal against opponents who play Normal.

The exact search (:mod:`~belote.ai.solver`) values a card as if all four seats played
perfectly. Real opponents do not: Hard's policy inference already weighs its sampled deals
by how Normal would have played them, and its rollouts let every seat play Normal's card.
Here the team to move searches every line of its own (a max over its cards, both seats
seeing the sampled deal) while each opponent plays the card Normal plays from its own hand
and the public history (:class:`~belote.ai.knowledge.History`). Against any fixed
opponent policy this is at least the double-dummy value, and more where Normal errs.

Values are future diffs, team 0's view, as in :mod:`~belote.ai.search`. Trick starts are
kept in a table (the hands, the leader, the capot flags and what Normal reads of the past
play), shared by every deal of one decision; the last trick is played out directly. A search
plays each card on its own hands, trick and history and takes it back
(:meth:`~belote.ai.knowledge.History.snapshot`) instead of copying the position for every card
it tries: Hard's 4-trick decisions took 5-21% less CPU in four paired runs, with the same values.
Equal 0-point cards (:func:`~belote.ai.solver.collapse`) are searched once. The cost grows fast
with the tricks left: Hard uses it for its last four.
"""

from __future__ import annotations

from ..cards import POINTS, Card, Mask
from ..playstate import LAST_TRICK_BONUS, PlayState
from ..rules import legal_mask, winning_index
from ..scoring import CAPOT_BONUS
from . import normal as _normal
from .knowledge import History
from .solver import capot_flags, collapse, trick_blockers

# A trick start: the four hands, the leader | capot flags << 2 | trump << 4, then what Normal
# reads of the past play beyond the cards gone (voids, suits led and won with, by seat; whether a
# trump was led follows from the suits led).
RespondKey = tuple[int, ...]


class Responder:
    """The best-response search of ``team`` against Normal opponents in deals taken by one seat."""

    def __init__(self, taker: int, team: int) -> None:
        """A search for the team ``team`` (0 or 1) in a deal taken by seat ``taker``."""
        self.taker = taker
        self.team = team
        self.table: dict[RespondKey, int] = {}  # valid for any hands and trump: shared across sampled deals

    def values(self, ps: PlayState, pub: History, cards: Mask | None = None) -> dict[Card, int]:
        """The future diff (team 0 view) after each of ``cards`` (default: every legal card) of
        the seat to act, one of ``team``'s; ``pub`` is the public history up to ``ps``."""
        assert ps.to_act & 1 == self.team
        todo = ps.legal_mask() if cards is None else cards
        search = _Search(self, ps, pub)
        return {c: search.after(ps.to_act, c) for c in range(32) if todo >> c & 1}

    def value(self, ps: PlayState, pub: History) -> int:
        """The future diff (team 0 view) of ``ps`` with ``team`` at its best against Normal."""
        return _Search(self, ps, pub).value(ps.to_act)


class _Search:
    """One deal's search: its own hands, trick and history, played on and taken back in place
    (``ps`` and ``pub`` of the caller stay as they are)."""

    def __init__(self, responder: Responder, ps: PlayState, pub: History) -> None:
        self.taker, self.team, self.table = responder.taker, responder.team, responder.table
        self.trump = ps.trump
        self.pts = POINTS[ps.trump]
        self.hands = ps.hands[:]
        self.trick = ps.trick[:]  # the cards on the table
        self.pub = pub.copy()
        self.leader = ps.leader
        self.n_tricks = ps.n_tricks
        self.cap = capot_flags(ps.tricks_won, ps.n_tricks)

    def after(self, seat: int, c: Card) -> int:
        """The future diff once ``seat`` plays ``c``: the points it moves and the value after it."""
        hands, trick, pub = self.hands, self.trick, self.pub
        snap = pub.snapshot(seat)
        w = pub.note(seat, c)  # the trick's winner once c completes it
        hands[seat] ^= 1 << c
        trick.append(c)
        if w < 0:
            v = self.value((seat + 1) & 3)
        else:
            pts = self.pts
            won = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
            leader, cap = self.leader, self.cap
            self.cap &= 1 << (w & 1)
            self.leader = w
            self.n_tricks += 1
            if self.n_tricks == 8:  # only when the search starts in the last trick
                won += LAST_TRICK_BONUS + (CAPOT_BONUS if self.cap else 0)
            self.trick = []
            v = (won if w & 1 == 0 else -won) + self.value(w)
            self.trick, self.leader, self.cap = trick, leader, cap
            self.n_tricks -= 1
        trick.pop()
        hands[seat] ^= 1 << c
        pub.restore(seat, snap)
        return v

    def value(self, seat: int) -> int:
        """The future diff (team 0 view) with ``seat`` to act; trick starts through the table."""
        if self.n_tricks >= 7:  # the last trick (or none left)
            return self._last(seat) if self.n_tricks == 7 else 0
        if self.trick:
            return self._turn(seat)
        pub = self.pub
        key = (*self.hands, seat | self.cap << 2 | self.trump << 4, *pub.voids, *pub.led_by, *pub.won_with)
        v = self.table.get(key)
        if v is None:
            v = self.table[key] = self._turn(seat)
        return v

    def _turn(self, seat: int) -> int:
        """One seat's turn: Normal's card for an opponent, the best of ours for the team."""
        hands = self.hands
        legal = legal_mask(hands[seat], self.trick, self.trump)
        if seat & 1 != self.team:
            return self.after(seat, _normal.card_for(seat, self.taker, hands[seat], legal, self.pub))
        if legal & (legal - 1):
            legal = collapse(legal, trick_blockers(hands, seat, self.trick), self.trump)
        sign = -1 if self.team else 1
        best = None
        while legal:
            low = legal & -legal
            legal ^= low
            v = sign * self.after(seat, low.bit_length() - 1)
            if best is None or v > best:
                best = v
        assert best is not None
        return sign * best

    def _last(self, seat: int) -> int:
        """The last trick, every card forced: the points it moves (team 0 view)."""
        pts, hands = self.pts, self.hands
        cards = self.trick[:]
        while len(cards) < 4:
            cards.append(hands[seat].bit_length() - 1)
            seat = (seat + 1) & 3
        w = (self.leader + winning_index(cards, self.trump)) & 3
        won = pts[cards[0]] + pts[cards[1]] + pts[cards[2]] + pts[cards[3]] + LAST_TRICK_BONUS
        if self.cap >> (w & 1) & 1:
            won += CAPOT_BONUS
        return won if w & 1 == 0 else -won
