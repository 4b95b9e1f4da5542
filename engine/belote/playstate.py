"""A fast, unchecked model of the play phase of one deal, for the engine and the AI.

``PlayState`` holds the four hands as masks and applies cards without validation:
callers pick from :meth:`PlayState.legal_mask`. Copying one is cheap, which is what
look-ahead search needs.
"""

from __future__ import annotations

from .cards import POINTS, SUIT_MASKS, Card, Mask, Suit
from .rules import legal_mask, winning_index

LAST_TRICK_BONUS = 10


class PlayState:
    """Hands, the trick on the table and the points won so far in the play of a deal."""

    __slots__ = ("hands", "trump", "leader", "to_act", "trick", "points", "tricks_won", "n_tricks")

    def __init__(self, hands: list[Mask], trump: Suit, leader: int) -> None:
        self.hands = hands
        self.trump = trump
        self.leader = leader
        self.to_act = leader
        self.trick: list[Card] = []
        self.points = [0, 0]
        self.tricks_won = [0, 0]
        self.n_tricks = 0

    def copy(self) -> PlayState:
        """An independent copy."""
        new = PlayState.__new__(PlayState)
        new.hands = self.hands[:]
        new.trump = self.trump
        new.leader = self.leader
        new.to_act = self.to_act
        new.trick = self.trick[:]
        new.points = self.points[:]
        new.tricks_won = self.tricks_won[:]
        new.n_tricks = self.n_tricks
        return new

    @property
    def done(self) -> bool:
        """True once the 8 tricks are played."""
        return self.n_tricks == 8

    def legal_mask(self) -> Mask:
        """The cards the seat to act may play."""
        return legal_mask(self.hands[self.to_act], self.trick, self.trump)

    def play(self, c: Card) -> int:
        """Play ``c`` for the seat to act, unchecked; returns the trick's winner or -1."""
        seat = self.to_act
        self.hands[seat] &= ~(1 << c)
        trick = self.trick
        trick.append(c)
        if len(trick) < 4:
            self.to_act = (seat + 1) & 3
            return -1
        winner = (self.leader + winning_index(trick, self.trump)) & 3
        pts = POINTS[self.trump]
        won = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
        self.n_tricks += 1
        if self.n_tricks == 8:
            won += LAST_TRICK_BONUS
        team = winner & 1
        self.points[team] += won
        self.tricks_won[team] += 1
        self.leader = self.to_act = winner
        self.trick = []
        return winner

    def trumps_left(self, seat: int) -> Mask:
        """The trumps still in a seat's hand."""
        return self.hands[seat] & SUIT_MASKS[self.trump]
