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
play), shared by every deal of one decision; the last trick is played out directly.
Equal 0-point cards (:func:`~belote.ai.solver.collapse`) are searched once. The cost grows
fast with the tricks left: Hard uses it for its last four.
"""

from __future__ import annotations

from ..cards import Card, Mask
from ..playstate import PlayState
from . import normal as _normal
from .knowledge import History
from .solver import capot_flags, collapse, play_scored, trick_blockers

# A trick start: the four hands, the leader | capot flags << 2 | trump << 4, then what Normal
# reads of the past play beyond the cards gone (voids, suits led and won with, by seat; a trump
# led yet).
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
        cap = capot_flags(ps.tricks_won, ps.n_tricks)
        todo = ps.legal_mask() if cards is None else cards
        return {c: self._after(ps, pub, c, cap) for c in range(32) if todo >> c & 1}

    def value(self, ps: PlayState, pub: History) -> int:
        """The future diff (team 0 view) of ``ps`` with ``team`` at its best against Normal."""
        return self._value(ps.copy(), pub.copy(), capot_flags(ps.tricks_won, ps.n_tricks))

    def _after(self, ps: PlayState, pub: History, c: Card, cap: int) -> int:
        """The future diff of ``ps`` once the seat to act plays ``c``, on copies (``ps`` and ``pub`` stay)."""
        child = ps.copy()
        p2 = pub.copy()
        p2.note(ps.to_act, c)
        delta, ncap = play_scored(child, c, cap)
        return delta + self._value(child, p2, ncap)

    def _value(self, ps: PlayState, pub: History, cap: int) -> int:
        """The future diff of ``ps`` (team 0 view); trick starts through the table. ``ps`` and
        ``pub`` are the search's own: they may be played on."""
        if ps.n_tricks >= 7:  # the last trick: every card is forced
            diff = 0
            while ps.n_tricks < 8:
                delta, cap = play_scored(ps, ps.hands[ps.to_act].bit_length() - 1, cap)
                diff += delta
            return diff
        if ps.trick:
            return self._search(ps, pub, cap)
        trump = pub.trump
        key = (*ps.hands, ps.to_act | cap << 2 | trump << 4, *pub.voids, *pub.led_by, *pub.won_with,
               int(any(t[0][1] >> 3 == trump for t in pub.tricks)))
        v = self.table.get(key)
        if v is None:
            v = self.table[key] = self._search(ps, pub, cap)
        return v

    def _search(self, ps: PlayState, pub: History, cap: int) -> int:
        """One seat's turn: Normal's card for an opponent, the best of ours for the team."""
        seat = ps.to_act
        legal = ps.legal_mask()
        if seat & 1 != self.team:
            c = _normal.card_for(seat, self.taker, ps.hands[seat], legal, pub)
            pub.note(seat, c)  # one card to try: play on in place
            delta, cap = play_scored(ps, c, cap)
            return delta + self._value(ps, pub, cap)
        if legal & (legal - 1):
            legal = collapse(legal, trick_blockers(ps), ps.trump)
        sign = -1 if self.team else 1
        best = None
        for c in range(32):
            if legal >> c & 1:
                v = sign * self._after(ps, pub, c, cap)
                if best is None or v > best:
                    best = v
        assert best is not None
        return sign * best

