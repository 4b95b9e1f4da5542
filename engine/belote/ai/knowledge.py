"""What one seat knows, read once from its view: the one reader of a view for every AI level.

:class:`History` is the public record of the play (what every seat saw), kept card by card
with :meth:`History.note`, so a look-ahead can extend it cheaply:

- ``played``/``played_by``: the cards seen, and who played each;
- ``trick`` (the cards on the table) and ``tricks`` (the finished ones), as (seat, card);
- ``voids[s]`` (bit x: seat s is out of suit x: it failed to follow, or failed to trump
  when its partner was not winning) and ``no_trump_above[s]`` (trumps it cannot hold: it
  under-trumped, or did not go higher on a trump lead);
- ``led_by[s]`` and ``won_with[s]`` (bit x: s led suit x / won a trick with a card of x).

:class:`Knowledge` adds the seat's own cards and what the view says about the hidden ones:

- ``known[s]``: cards certainly in s's hand (the turned card once taken and not yet
  played is the taker's; a seat that called "belote" holds the other of K/Q of trump);
- ``allowed[s]``: the hidden cards s may still hold (the hard constraints above);
- ``weights[s][c]``: a soft likelihood factor (1.0 neutral) read from the bids (a seat
  that passed the turned suit is less likely to hold its J or 9, a round-2 passer less
  likely to hold a jack, the taker more likely to hold trumps) and from the play, each
  inference a named factor: a seat last to a plain trick an opponent holds that followed
  low holds no card above (``NO_OVERTAKE_LAST``), nor the suit's master when it was second
  or third (``NO_OVERTAKE_MASTER``); last on its partner's plain trick, it gave less than
  the ten: not the ten (``NO_SMEAR_TEN``); it led a plain suit with another card while the
  ace was out: not the ace (``LED_BELOW_ACE``); the taker led a plain suit while trumps
  were out: not the master trump (``TAKER_NO_DRAW``).

The sampler (:mod:`belote.ai.sampling`) draws deals that respect every hard constraint,
weighted by ``weights``. Seats are absolute (0-3): for seat 0, ``k.is_void(1, HEARTS)``
says "West is out of hearts" (seat 1 sits at seat 0's left). Everything here is a pure
function of the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bidding import PASS, bid_trump
from ..cards import ABOVE, ACE, ALL_CARDS, CODE_TO_CARD, JACK, NINE, POINTS, STRENGTH, SUIT_MASKS, SUITS, TEN
from ..cards import TRUMPS_ABOVE, Card, Mask, belote_pair, cards_of, mask_of_codes
from ..phases import BIDDING
from ..rules import best_trump, winning_index

# Soft factors from the bids (tuned with the arena; 1.0 means no information).
PASSED_TURNED_J9 = 0.35  # passed the turned suit in round 1: its J or 9 is less likely
PASSED_ROUND2_J = 0.6  # passed every suit in round 2: a J anywhere is less likely
TAKER_TOP_TRUMP = 3.0  # the taker's J or 9 of trump
TAKER_TRUMP = 1.8  # any other trump for the taker
# Soft factors from the play: what a seat would have played had it held the card.
NO_OVERTAKE_LAST = 0.15  # last to a plain trick an opponent holds, followed low: no card above
NO_OVERTAKE_MASTER = 0.4  # second or third, followed low under an opponent: not the suit's master
NO_SMEAR_TEN = 0.35  # last, partner winning a plain trick, followed with less than 10: not the ten
LED_BELOW_ACE = 0.4  # led a plain suit with another card while its ace was out: not the ace
TAKER_NO_DRAW = 0.5  # the taker led a plain suit while trumps were out: not the master trump

Play = tuple[int, Card]  # (seat, card)
# History.snapshot: played; the seat's played_by, voids, no_trump_above and led_by; won_with;
# the trick in progress; how many tricks are finished.
HistorySnapshot = tuple[Mask, Mask, int, Mask, int, list[int], list[Play], int]


class History:
    """The public record of one deal's play so far, extended card by card."""

    __slots__ = ("trump", "played", "played_by", "trick", "tricks", "voids", "no_trump_above",
                 "led_by", "won_with")

    def __init__(self, trump: int) -> None:
        """An empty record: the start of the play under ``trump``."""
        self.trump = trump
        self.played: Mask = 0
        self.played_by: list[Mask] = [0, 0, 0, 0]
        self.trick: list[Play] = []
        self.tricks: list[list[Play]] = []
        self.voids = [0, 0, 0, 0]
        self.no_trump_above: list[Mask] = [0, 0, 0, 0]
        self.led_by = [0, 0, 0, 0]
        self.won_with = [0, 0, 0, 0]

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> History:
        """The record of a view's deal: every finished trick, then the cards on the table."""
        h = cls(SUITS.index(view["trump"]) if view.get("trump") else -1)
        if h.trump < 0:
            return h  # bidding: nothing played yet
        for t in view.get("tricks") or []:
            for e in t["cards"]:
                h.note(e["seat"], CODE_TO_CARD[e["card"]])
        for e in view.get("trick") or []:
            h.note(e["seat"], CODE_TO_CARD[e["card"]])
        return h

    def copy(self) -> History:
        """A copy that can be extended without touching this one (finished tricks are shared)."""
        new = History.__new__(History)
        new.trump, new.played, new.played_by = self.trump, self.played, self.played_by[:]
        new.trick, new.tricks = self.trick[:], self.tricks[:]
        new.voids, new.no_trump_above = self.voids[:], self.no_trump_above[:]
        new.led_by, new.won_with = self.led_by[:], self.won_with[:]
        return new

    def note(self, seat: int, c: Card) -> int:
        """Record that ``seat`` played ``c`` on the trick in progress (RULES.md obligations); the
        trick's winner if ``c`` completed it, else -1."""
        trick, trump = self.trick, self.trump
        suit = c >> 3
        if not trick:
            self.led_by[seat] |= 1 << suit
        else:
            led = trick[0][1] >> 3
            if suit != led:
                self.voids[seat] |= 1 << led  # failed to follow
                if led != trump:
                    cards = [x for _, x in trick]
                    if winning_index(cards, trump) != len(cards) - 2:
                        # The partner was not winning: the seat had to trump (over-trump if it could).
                        if suit != trump:
                            self.voids[seat] |= 1 << trump
                        else:
                            best = best_trump(cards, trump)
                            if best >= 0 and not TRUMPS_ABOVE[trump][best] >> c & 1:
                                self.no_trump_above[seat] |= TRUMPS_ABOVE[trump][best]
            elif led == trump:
                best = best_trump([x for _, x in trick], trump)
                if not TRUMPS_ABOVE[trump][best] >> c & 1:
                    self.no_trump_above[seat] |= TRUMPS_ABOVE[trump][best]  # did not go higher
        trick.append((seat, c))
        self.played |= 1 << c
        self.played_by[seat] |= 1 << c
        if len(trick) == 4:
            w, wc = trick[winning_index([x for _, x in trick], trump)]
            self.won_with[w] |= 1 << (wc >> 3)
            self.tricks.append(trick)
            self.trick = []
            return w
        return -1

    def snapshot(self, seat: int) -> HistorySnapshot:
        """What :meth:`note` for ``seat`` may change, for :meth:`restore`: a search takes its
        card back on one record instead of copying the record for every card it tries."""
        return (self.played, self.played_by[seat], self.voids[seat], self.no_trump_above[seat],
                self.led_by[seat], self.won_with[:], self.trick, len(self.tricks))

    def restore(self, seat: int, snap: HistorySnapshot) -> None:
        """Undo the one :meth:`note` for ``seat`` made since ``snap`` was taken."""
        (self.played, self.played_by[seat], self.voids[seat], self.no_trump_above[seat],
         self.led_by[seat], self.won_with[:], trick, n_tricks) = snap
        trick.pop()  # note appended its card to this list (and filed it under tricks if it was the fourth)
        self.trick = trick
        del self.tricks[n_tricks:]

    def winning(self) -> Play | None:
        """The (seat, card) currently winning the trick on the table, or None when none is started."""
        if not self.trick:
            return None
        return self.trick[winning_index([x for _, x in self.trick], self.trump)]


class Knowledge:
    """Everything ``seat`` knows about one deal, read once from its view."""

    __slots__ = ("seat", "phase", "trump", "taker", "turned", "hand", "legal", "sizes",
                 "bids", "history", "hidden", "known", "excluded", "allowed", "weights",
                 "belote_seat", "belote_impossible")

    def __init__(self, view: Mapping[str, Any]) -> None:
        """All the deductions of ``view["seat"]`` from its view of the current deal."""
        self.seat: int = view["seat"]
        self.phase: str = view["phase"]
        trump_code = view.get("trump")
        self.trump: int | None = SUITS.index(trump_code) if trump_code else None
        self.taker: int | None = view.get("taker")
        self.turned: Card = CODE_TO_CARD[view["turned_card"]]
        self.hand: Mask = mask_of_codes(view["hand"])
        self.legal: Mask = 0 if self.phase in BIDDING else mask_of_codes(view.get("legal_actions") or [])
        self.sizes: list[int] = list(view["hand_sizes"])
        self.bids: list[tuple[int, str]] = [(b["seat"], b["action"]) for b in view.get("bids") or []]
        self.history = History.from_view(view)
        self.hidden: Mask = ALL_CARDS & ~self.hand & ~self.history.played
        if self.phase in BIDDING:
            self.hidden &= ~(1 << self.turned)
        self.known: list[Mask] = [0, 0, 0, 0]
        self.excluded: list[Mask] = [0, 0, 0, 0]  # certain absences beyond voids and trump limits
        self.allowed: list[Mask] = [0, 0, 0, 0]
        self.weights: list[list[float]] = [[1.0] * 32 for _ in range(4)]
        self.belote_seat: int | None = None  # the seat known to hold (or have held) both K and Q of trump
        self.belote_impossible = False  # no seat can hold both K and Q of trump
        self._read_turned_card()
        self._read_belote(view)
        self._build_allowed()
        self._read_bids()
        self._read_play()

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Knowledge:
        """All the deductions of ``view["seat"]`` from its view of the current deal."""
        return cls(view)

    # ----------------------------------------------------------------- queries

    @property
    def voids(self) -> list[int]:
        """Per seat, bit x set: out of suit x."""
        return self.history.voids

    @property
    def no_trump_above(self) -> list[Mask]:
        """Per seat, the trumps it cannot hold (it under-trumped or did not go higher)."""
        return self.history.no_trump_above

    @property
    def played(self) -> Mask:
        """The cards played so far this deal."""
        return self.history.played

    @property
    def unseen(self) -> Mask:
        """The cards in the other seats' hands (and, while bidding, the stock)."""
        return self.hidden

    @property
    def partner(self) -> int:
        """The partner's seat."""
        return (self.seat + 2) & 3

    def is_void(self, seat: int, suit: int) -> bool:
        """True when ``seat`` is known to hold no card of ``suit``."""
        return bool(self.history.voids[seat] >> suit & 1)

    def holds(self, seat: int, c: Card) -> bool:
        """True when ``seat`` certainly holds card ``c``."""
        return bool(self.known[seat] >> c & 1)

    def may_hold(self, seat: int, c: Card) -> bool:
        """True when ``seat`` may hold card ``c`` (known or allowed)."""
        return bool(self.allowed[seat] >> c & 1)

    def others(self) -> list[int]:
        """The other three seats, in seat order."""
        return [s for s in range(4) if s != self.seat]

    def bid_trump(self, action: str) -> int | None:
        """The trump a bid of this deal names, None for a pass."""
        return bid_trump(action, self.turned >> 3)

    # --------------------------------------------------------------- deductions

    def _read_turned_card(self) -> None:
        """The taker picked up the turned card: it holds it until it plays it."""
        if self.taker is not None and self.taker != self.seat and not self.history.played >> self.turned & 1:
            self.known[self.taker] |= 1 << self.turned

    def _read_belote(self, view: Mapping[str, Any]) -> None:
        """Belote calls place the other of K/Q; a K/Q of trump played silently rules it out."""
        if self.trump is None:
            return
        pair = belote_pair(self.trump)
        played_by = self.history.played_by
        callers = [b["seat"] for b in view.get("belote") or []]
        if callers:
            s = callers[0]
            self.belote_seat = s
            rest = pair & ~played_by[s]
            if s != self.seat and rest & self.hidden:
                self.known[s] |= rest & self.hidden
            return
        if self.hand & pair == pair:
            self.belote_seat = self.seat
            return
        if self.hand & pair or any(played_by[s] & pair for s in range(4)):
            # One of K/Q is ours or was played without a call: nobody holds both.
            self.belote_impossible = True
        # A seat whose hand completes a K/Q pair would have called when it played the first.
        for s in range(4):
            if s != self.seat and played_by[s] & pair:
                self.excluded[s] |= pair & ~played_by[s]

    def _build_allowed(self) -> None:
        """Hard constraints: what each other seat may hold."""
        h = self.history
        for s in range(4):
            if s == self.seat:
                self.allowed[s] = self.hand
                continue
            banned = h.no_trump_above[s] | self.excluded[s]
            for suit in range(4):
                if h.voids[s] >> suit & 1:
                    banned |= SUIT_MASKS[suit]
            self.allowed[s] = (self.hidden & ~banned) | self.known[s]

    def _read_bids(self) -> None:
        """Soft weights from the bids: passers lack strength, the taker has trumps."""
        turned_suit = self.turned >> 3
        for i, (s, action) in enumerate(self.bids):
            if s == self.seat:
                continue
            w = self.weights[s]
            if action == PASS and i < 4:
                for r in (JACK, NINE):
                    w[turned_suit * 8 + r] *= PASSED_TURNED_J9
            elif action == PASS:
                for suit in range(4):
                    if suit != turned_suit:
                        w[suit * 8 + JACK] *= PASSED_ROUND2_J
            else:
                named = bid_trump(action, turned_suit)
                assert named is not None
                for r in range(8):
                    w[named * 8 + r] *= TAKER_TOP_TRUMP if r in (JACK, NINE) else TAKER_TRUMP

    def _read_play(self) -> None:
        """Soft weights from the play: the cards a seat would have played had it held them."""
        trump = self.trump
        if trump is None:
            return
        h = self.history
        above, pts, strength = ABOVE[trump], POINTS[trump], STRENGTH[trump]
        gone = 0  # the cards played before the card being read
        for trick in (*h.tricks, h.trick):
            if not trick:
                continue
            leader, first = trick[0]
            led = first >> 3
            if leader != self.seat and led != trump:
                self._lead_weights(leader, first, gone)
            gone |= 1 << first
            cards = [first]
            for i in range(1, len(trick)):
                s, c = trick[i]
                wi = winning_index(cards, trump)
                wseat, win = trick[wi][0], cards[wi]
                if s != self.seat and led != trump and c >> 3 == led:
                    w = self.weights[s]
                    out = above[win] & ~gone & ~(1 << c)  # the led suit's cards above the winner, still out
                    if (wseat ^ s) & 1 and win >> 3 == led and strength[c] < strength[win] and out:
                        if i == 3:
                            for x in cards_of(out):
                                w[x] *= NO_OVERTAKE_LAST
                        else:
                            master = max(cards_of(out), key=strength.__getitem__)
                            w[master] *= NO_OVERTAKE_MASTER
                    elif i == 3 and wseat == (s + 2) & 3 and pts[c] < 10:
                        ten, ace = led * 8 + TEN, led * 8 + ACE
                        # the ten is no master (a master is worth keeping for a trick of its own)
                        if not (gone | 1 << c) >> ten & 1 and ten != win and (win == ace or not gone >> ace & 1):
                            w[ten] *= NO_SMEAR_TEN
                gone |= 1 << c
                cards.append(c)

    def _lead_weights(self, leader: int, c: Card, gone: Mask) -> None:
        """A plain lead: the leader holds neither the suit's ace it did not lead first nor,
        if it is the taker and trumps were out, the master trump."""
        trump = self.trump
        assert trump is not None
        w = self.weights[leader]
        ace = (c >> 3) * 8 + ACE
        if c != ace and not gone >> ace & 1:
            w[ace] *= LED_BELOW_ACE
        if leader == self.taker:
            out = SUIT_MASKS[trump] & ~gone
            if out.bit_count() >= 3:
                master = max(cards_of(out), key=STRENGTH[trump].__getitem__)
                w[master] *= TAKER_NO_DRAW
