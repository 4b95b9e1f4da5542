"""One deal's state machine: dealing, the two bidding rounds, the play of 8 tricks and belote.

A :class:`Deal` is internals: :meth:`Deal.apply` applies an action only when it is legal
(else returns None and changes nothing), and returns the public events it caused.
Scoring the finished deal and starting the next one are the match's job (``game.Game``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .bidding import ROUND1_ACTIONS, ROUND2_ACTIONS, bid_trump
from .cards import CARD_CODES, CODE_TO_CARD, KING, QUEEN, SUITS, Card, Mask, mask_codes
from .events import CardEntry, Event, TrickRecord
from .phases import BID1, BID2, PLAY
from .playstate import LAST_TRICK_BONUS, PlayState
from .rules import belote_holder, refusal

# Deck order (docs/contracts.md): 3 cards to each seat from the dealer's left, then 2 each,
# then the turned card; after a take 3 more each (the taker 2) from DEAL_REST on.
FIRST_HAND = 5  # the cards each seat holds while the deal is bid
FULL_HAND = 8  # the cards each seat holds once the deal is completed: one per trick
TURNED_INDEX = 4 * FIRST_HAND
DEAL_REST = 21


def deck_for(seed: int, number: int) -> tuple[Card, ...]:
    """The shuffled deck of deal ``number`` of a match: depends only on (seed, number)."""
    deck = list(range(32))
    # A str seed goes through sha512: the same on every platform and Python version.
    random.Random(f"belote:{seed}:{number}").shuffle(deck)
    return tuple(deck)


def first_hands(deck: Sequence[Card], dealer: int) -> list[Mask]:
    """The four hands of 5 cards dealt from ``deck``: 3 to each seat from the dealer's left, then 2."""
    first = (dealer + 1) & 3
    hands = [0, 0, 0, 0]
    for i in range(4):
        seat = (first + i) & 3
        for c in (*deck[3 * i : 3 * i + 3], *deck[12 + 2 * i : 14 + 2 * i]):
            hands[seat] |= 1 << c
    return hands


def complete_hands(hands: list[Mask], deck: Sequence[Card], dealer: int, taker: int) -> None:
    """Deal the rest in place once ``taker`` takes: the turned card to it, 3 more cards each (it 2)."""
    first = (dealer + 1) & 3
    pos = DEAL_REST
    for i in range(4):
        seat = (first + i) & 3
        n = 2 if seat == taker else 3
        for c in deck[pos : pos + n]:
            hands[seat] |= 1 << c
        pos += n
    hands[taker] |= 1 << deck[TURNED_INDEX]


class Deal:
    """The cards, the bids and the play of one deal, from the shuffle to the last trick."""

    __slots__ = ("number", "dealer", "deck", "hands", "turned", "phase", "bids", "bidder", "taker",
                 "trump", "play", "tricks", "belote_seat", "belote_calls", "thrown_in", "finished")

    def __init__(self, number: int, dealer: int, deck: tuple[Card, ...]) -> None:
        """Deal 5 cards to each seat and turn the next one: the bidding is open at the dealer's left."""
        self.number = number
        self.dealer = dealer
        self.deck = deck
        self.hands: list[Mask] = first_hands(deck, dealer)
        self.turned: Card = deck[TURNED_INDEX]
        self.phase = BID1
        self.bids: list[tuple[int, str]] = []
        self.bidder: int | None = (dealer + 1) & 3  # the seat to bid, while bidding
        self.taker: int | None = None
        self.trump: int | None = None
        self.play: PlayState | None = None
        self.tricks: list[TrickRecord] = []
        self.belote_seat: int | None = None
        self.belote_calls: list[tuple[int, str]] = []  # (seat, "belote" | "rebelote")
        self.thrown_in = False
        self.finished = False  # the 8 tricks are played, or all four passed twice

    # ---------------------------------------------------------------- queries

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the deal waits for; None once it is over."""
        if self.finished:
            return None
        return self.play.to_act if self.play is not None else self.bidder

    def current_hands(self) -> list[Mask]:
        """The four hands as they are now (the play's, once the deal is completed)."""
        return self.play.hands if self.play is not None else self.hands

    def legal_actions(self) -> list[str]:
        """The legal actions of ``to_act`` in the documented order (docs/contracts.md)."""
        if self.finished:
            return []
        if self.play is not None:
            return mask_codes(self.play.legal_mask())
        if self.phase == BID1:
            return list(ROUND1_ACTIONS)
        return list(ROUND2_ACTIONS[self.turned >> 3])

    def refusal(self, action: str) -> str:
        """Why ``action`` is not legal now, in words (for IllegalAction messages)."""
        if self.play is not None:
            c = CODE_TO_CARD.get(action, -1)
            if c < 0:
                return "not a card code (codes are rank 7 8 9 T J Q K A + suit C D H S, e.g. 'JH')"
            ps = self.play
            return refusal(ps.hands[ps.to_act], ps.trick, ps.trump, c) or "not legal now"
        if len(action) == 6 and action.startswith("take:") and action[5] in SUITS:
            if self.phase == BID1:
                return "round 1 takes the turned suit ('take'); a suit is named in round 2"
            if action[5:] == SUITS[self.turned >> 3]:
                return "round 2 cannot name the turned suit"
        if action in CODE_TO_CARD:
            return "cards are played after the bidding"
        return "not a bid now"

    def trick_entries(self) -> list[CardEntry]:
        """The cards on the table in play order, with their seats."""
        ps = self.play
        if ps is None:
            return []
        return [{"seat": (ps.leader + i) & 3, "card": CARD_CODES[c]} for i, c in enumerate(ps.trick)]

    # ---------------------------------------------------------------- actions

    def apply(self, action: str) -> list[Event] | None:
        """Apply ``action`` (a str) if it is legal now and return the public events it caused;
        None, with nothing changed, when it is not."""
        if self.finished:
            return None
        ps = self.play
        if ps is not None:
            c = CODE_TO_CARD.get(action, -1)
            if c < 0 or not ps.legal_mask() >> c & 1:
                return None
            return self._play_card(c, action)
        if action not in (ROUND1_ACTIONS if self.phase == BID1 else ROUND2_ACTIONS[self.turned >> 3]):
            return None
        return self._bid(action)

    def _bid(self, action: str) -> list[Event]:
        seat = self.bidder
        assert seat is not None  # bidding always has a seat to act
        self.bids.append((seat, action))
        events: list[Event] = [{"type": "bid", "seat": seat, "action": action}]
        trump = bid_trump(action, self.turned >> 3)
        if trump is not None:
            self._complete(seat, trump)
            events.append({"type": "contract", "taker": seat, "trump": SUITS[trump]})
        elif len(self.bids) == 4:
            self.phase = BID2
            self.bidder = (self.dealer + 1) & 3
        elif len(self.bids) == 8:
            self.thrown_in = self.finished = True
            self.bidder = None
        else:
            self.bidder = (seat + 1) & 3
        return events

    def _complete(self, taker: int, trump: int) -> None:
        """The taker picks up the turned card; 3 more cards each (the taker 2); play opens."""
        hands = self.hands
        complete_hands(hands, self.deck, self.dealer, taker)
        self.taker, self.trump = taker, trump
        self.belote_seat = belote_holder(hands, trump)
        self.phase = PLAY
        self.bidder = None
        self.play = PlayState(hands[:], trump, (self.dealer + 1) & 3)

    def _play_card(self, c: Card, code: str) -> list[Event]:
        ps = self.play
        assert ps is not None
        seat = ps.to_act
        events: list[Event] = [{"type": "card", "seat": seat, "card": code}]
        if seat == self.belote_seat and c >> 3 == self.trump and c & 7 in (KING, QUEEN):
            call = "rebelote" if self.belote_calls else "belote"
            self.belote_calls.append((seat, call))
            events.append({"type": "belote", "seat": seat, "call": call})
        leader, trick = ps.leader, ps.trick
        before = ps.points[0] + ps.points[1]
        winner = ps.play(c)
        if winner >= 0:
            cards: list[CardEntry] = [{"seat": (leader + i) & 3, "card": CARD_CODES[t]} for i, t in enumerate(trick)]
            points = ps.points[0] + ps.points[1] - before
            self.finished = ps.done
            bonus = LAST_TRICK_BONUS if self.finished else 0  # counted in points: the page says so
            self.tricks.append({"leader": leader, "cards": cards, "winner": winner, "points": points, "bonus": bonus})
            events.append({"type": "trick", "winner": winner,
                           "cards": [{"seat": x["seat"], "card": x["card"]} for x in cards], "points": points,
                           "bonus": bonus})
        return events

    def belote_team(self) -> int | None:
        """The team of the belote-rebelote holder, or None."""
        return None if self.belote_seat is None else self.belote_seat & 1

