"""What one seat can deduce about the hidden cards, from its view alone.

``Knowledge.from_view(view)`` replays the public history of the deal (the bids, every
trick and the trick on the table, the belote calls) and keeps, per other seat:

- ``known[s]``: cards certainly in its hand (the turned card once taken and not yet
  played is the taker's; a seat that called "belote" holds the other of K/Q of trump);
- ``allowed[s]``: the hidden cards it may still hold (hard constraints), built from
  ``voids[s]`` (suits it is out of: it failed to follow, or failed to trump when it had
  to) and ``no_trump_above[s]`` (trumps it cannot hold: it under-trumped, did not
  over-trump when obliged, or did not go higher on a trump lead);
- ``weights[s][c]``: a soft likelihood factor (1.0 neutral) read from the bids: a
  seat that passed the turned suit is less likely to hold its J or 9, a round-2 passer
  less likely to hold a strong suit, the taker more likely to hold trumps.

The sampler (:mod:`belote.ai.sampling`) draws deals that respect every hard constraint,
weighted by ``weights``. Hints may read ``voids`` (bit s of ``voids[seat]``: out of suit
s): for seat 0, ``k.is_void(1, HEARTS)`` says "West is out of hearts" (seat 1 sits at
seat 0's left, West in the UI). Everything here is a pure function of the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..cards import (
    CODE_TO_CARD,
    JACK,
    KING,
    NINE,
    QUEEN,
    STRENGTH,
    SUIT_MASKS,
    SUITS,
    TRUMPS_ABOVE,
    Card,
    Mask,
    mask_of_codes,
)
from ..rules import best_trump, winning_index

ALL_CARDS: Mask = (1 << 32) - 1

# Soft factors from the bids (tuned with the arena; 1.0 means no information).
PASSED_TURNED_J9 = 0.35  # passed the turned suit in round 1: its J or 9 is less likely
PASSED_ROUND2_J = 0.6  # passed every suit in round 2: a J anywhere is less likely
TAKER_TOP_TRUMP = 3.0  # the taker's J or 9 of trump
TAKER_TRUMP = 1.8  # any other trump for the taker


@dataclass
class Knowledge:
    """The deductions of ``seat`` about the hidden cards of one deal."""

    seat: int
    phase: str
    trump: int | None
    taker: int | None
    turned: Card
    hand: Mask
    played: Mask = 0
    played_by: list[Mask] = field(default_factory=lambda: [0, 0, 0, 0])
    hidden: Mask = 0  # cards in the other seats' hands (and, while bidding, the stock)
    sizes: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    known: list[Mask] = field(default_factory=lambda: [0, 0, 0, 0])
    voids: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # bit s set: void in suit s
    no_trump_above: list[Mask] = field(default_factory=lambda: [0, 0, 0, 0])
    excluded: list[Mask] = field(default_factory=lambda: [0, 0, 0, 0])  # other certain absences
    allowed: list[Mask] = field(default_factory=lambda: [0, 0, 0, 0])
    weights: list[list[float]] = field(default_factory=lambda: [[1.0] * 32 for _ in range(4)])
    belote_seat: int | None = None  # seat known to hold (or have held) both K and Q of trump
    belote_impossible: bool = False  # no seat can hold both K and Q of trump

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Knowledge:
        """All the deductions of ``view["seat"]`` from its view of the current deal."""
        trump_code = view.get("trump")
        k = cls(
            seat=view["seat"],
            phase=view["phase"],
            trump=SUITS.index(trump_code) if trump_code else None,
            taker=view.get("taker"),
            turned=CODE_TO_CARD[view["turned_card"]],
            hand=mask_of_codes(view["hand"]),
            sizes=list(view["hand_sizes"]),
        )
        k._replay_cards(view)
        k.hidden = ALL_CARDS & ~k.hand & ~k.played
        if k.phase in ("bid1", "bid2"):
            k.hidden &= ~(1 << k.turned)
        k._read_turned_card()
        k._read_belote(view)
        k._build_allowed()
        k._read_bids(view)
        return k

    # ----------------------------------------------------------------- queries

    def is_void(self, seat: int, suit: int) -> bool:
        """True when ``seat`` is known to hold no card of ``suit``."""
        return bool(self.voids[seat] >> suit & 1)

    def holds(self, seat: int, c: Card) -> bool:
        """True when ``seat`` certainly holds card ``c``."""
        return bool(self.known[seat] >> c & 1)

    def may_hold(self, seat: int, c: Card) -> bool:
        """True when ``seat`` may hold card ``c`` (known or allowed)."""
        return bool(self.allowed[seat] >> c & 1)

    def others(self) -> list[int]:
        """The other three seats, in seat order."""
        return [s for s in range(4) if s != self.seat]

    # --------------------------------------------------------------- deductions

    def _replay_cards(self, view: Mapping[str, Any]) -> None:
        """Replay every trick of the deal in order, collecting plays and obligations."""
        tricks = [t["cards"] for t in view.get("tricks") or []]
        if view.get("trick"):
            tricks.append(view["trick"])
        for cards in tricks:
            so_far: list[Card] = []
            for entry in cards:
                c, s = CODE_TO_CARD[entry["card"]], entry["seat"]
                if so_far and self.trump is not None:
                    self._read_play(s, c, so_far)
                so_far.append(c)
                self.played |= 1 << c
                self.played_by[s] |= 1 << c

    def _read_play(self, s: int, c: Card, trick: list[Card]) -> None:
        """Deduce from seat ``s`` playing ``c`` on ``trick`` (RULES.md obligations)."""
        trump = self.trump
        assert trump is not None
        led = trick[0] >> 3
        suit = c >> 3
        best = best_trump(trick, trump)
        if suit != led:
            self.voids[s] |= 1 << led  # failed to follow
            if led != trump and winning_index(trick, trump) != len(trick) - 2:
                # The partner is not winning: the seat had to trump (over-trump if it could).
                if suit != trump:
                    self.voids[s] |= 1 << trump
                elif best >= 0 and not TRUMPS_ABOVE[trump][best] >> c & 1:
                    self.no_trump_above[s] |= TRUMPS_ABOVE[trump][best]
        elif led == trump and not TRUMPS_ABOVE[trump][best] >> c & 1:
            # Trump led and the seat did not go higher: it has no higher trump.
            self.no_trump_above[s] |= TRUMPS_ABOVE[trump][best]

    def _read_turned_card(self) -> None:
        """The taker picked up the turned card: it holds it until it plays it."""
        if self.taker is not None and self.taker != self.seat and not self.played >> self.turned & 1:
            self.known[self.taker] |= 1 << self.turned

    def _read_belote(self, view: Mapping[str, Any]) -> None:
        """Belote calls place the other of K/Q; a K/Q of trump played silently rules it out."""
        trump = self.trump
        if trump is None:
            return
        king, queen = trump * 8 + KING, trump * 8 + QUEEN
        pair = (1 << king) | (1 << queen)
        callers = [b["seat"] for b in view.get("belote") or []]
        if callers:
            s = callers[0]
            self.belote_seat = s
            rest = pair & ~self.played_by[s]
            if s != self.seat and rest & self.hidden:
                self.known[s] |= rest & self.hidden
            return
        if self.hand & pair == pair:
            self.belote_seat = self.seat
            return
        if self.hand & pair or any(self.played_by[s] & pair for s in range(4)):
            # One of K/Q is ours or was played without a call: nobody holds both.
            self.belote_impossible = True
        # A seat whose hand completes a K/Q pair would have called when it played the first.
        for s in range(4):
            if s != self.seat and self.played_by[s] & pair:
                self.excluded[s] |= pair & ~self.played_by[s]

    def _build_allowed(self) -> None:
        """Hard constraints: what each other seat may hold."""
        for s in range(4):
            if s == self.seat:
                self.allowed[s] = self.hand
                continue
            banned = self.no_trump_above[s] | self.excluded[s]
            for suit in range(4):
                if self.voids[s] >> suit & 1:
                    banned |= SUIT_MASKS[suit]
            self.allowed[s] = (self.hidden & ~banned) | self.known[s]

    def _read_bids(self, view: Mapping[str, Any]) -> None:
        """Soft weights from the bids: passers lack strength, the taker has trumps."""
        turned_suit = self.turned >> 3
        for i, bid in enumerate(view.get("bids") or []):
            s, action = bid["seat"], bid["action"]
            if s == self.seat:
                continue
            w = self.weights[s]
            if action == "pass" and i < 4:
                for r in (JACK, NINE):
                    w[turned_suit * 8 + r] *= PASSED_TURNED_J9
            elif action == "pass":
                for suit in range(4):
                    if suit != turned_suit:
                        w[suit * 8 + JACK] *= PASSED_ROUND2_J
            else:
                named = turned_suit if action == "take" else SUITS.index(action[5])
                for r in range(8):
                    w[named * 8 + r] *= TAKER_TOP_TRUMP if r in (JACK, NINE) else TAKER_TRUMP


def seat_name(seat: int, me: int) -> str:
    """A seat relative to ``me``: "me", "left opponent", "partner" or "right opponent"."""
    rel = (seat - me) & 3
    return ("me", "left opponent", "partner", "right opponent")[rel]
