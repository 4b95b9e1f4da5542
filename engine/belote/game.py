"""The match: deals one after another, the score sheet, the litige reserve, the target, save and replay.

``Game`` is the checked public API (README, docs/contracts.md). Every public method validates its input
completely before it changes anything, so a refused action leaves the game exactly as it
was. One deal's own rules run in :class:`~belote.deal.Deal`, a seat's view is built by
:mod:`belote.view`, and a save is the seed, the target, any scripted decks (and the first
deal's dealer when it is not seat 3) and the action list, replayed through this same checked
path by :meth:`Game.from_dict`.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from .cards import CARD_CODES, CODE_TO_CARD, SUITS, Card
from .deal import Deal, deck_for
from .errors import IllegalAction, shown, shown_names
from .events import Event, LastDeal, SheetRow, copy_row, sheet_row
from .phases import OVER
from .scoring import score_deal
from .view import SeatView, seat_view

SAVE_FORMAT = "belote-save"
SAVE_VERSION = 1
SAVE_KEYS = ("format", "version", "seed", "target", "decks", "actions")
OPTIONAL_SAVE_KEYS = ("first_dealer",)  # written only when not the default
FIRST_DEALER = 3
INT_BITS = 4096  # any int the API takes is printable (CPython prints at most 4,300 digits): a save stays JSON-ready


def _check_int(value: Any, name: str) -> int:
    if type(value) is not int:
        raise ValueError(f"{name} must be an int, got {type(value).__name__}: {shown(value)}")
    if value.bit_length() > INT_BITS:
        raise ValueError(f"{name} must be an int of at most {INT_BITS} bits, got one of {value.bit_length()}")
    return value


def _parse_deck(deck: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(deck, (list, tuple)):
        raise ValueError(f"{where} must be a list of 32 card codes, got {type(deck).__name__}")
    if len(deck) != 32:
        raise ValueError(f"{where} must hold 32 cards, got {len(deck)}")
    cards = []
    for i, code in enumerate(deck):
        c = CODE_TO_CARD.get(code) if type(code) is str else None
        if c is None:
            raise ValueError(f"{where}[{i}] is not a card code: {shown(code)}")
        cards.append(c)
    if len(set(cards)) != 32:
        raise ValueError(f"{where} repeats a card")
    return tuple(cards)


def deal_deck(save: dict[str, Any], number: int) -> list[str]:
    """The deck deal ``number`` of a save (:meth:`Game.to_dict`) is dealt from: a scripted one,
    else the seed's shuffle."""
    decks: list[list[str]] = save["decks"]
    if number < len(decks):
        return list(decks[number])
    return [CARD_CODES[c] for c in deck_for(save["seed"], number)]


class Game:
    """A match of classic team Belote for four seats, from the first deal to the target."""

    def __init__(
        self,
        seed: int | None = None,
        target: int = 1000,
        *,
        decks: Sequence[Sequence[str]] | None = None,
        first_dealer: int = FIRST_DEALER,
    ) -> None:
        """Start a match; the first deal is dealt by ``first_dealer`` (seat 3 unless told) and the bidding is open."""
        if seed is None:
            # SystemRandom, not `secrets`: random is loaded already, secrets costs ~8 ms to import in the page
            seed = random.SystemRandom().randrange(2**32)
        self._seed = _check_int(seed, "seed")
        self._target = _check_int(target, "target")
        if target <= 0:
            raise ValueError(f"target must be a positive int, got {target}")
        if _check_int(first_dealer, "first_dealer") not in range(4):
            raise ValueError(f"first_dealer must be a seat 0-3, got {first_dealer}")
        self._first_dealer = first_dealer
        if decks is None:
            decks = []
        if not isinstance(decks, (list, tuple)):
            raise ValueError(f"decks must be a list of decks, got {type(decks).__name__}")
        self._decks = [_parse_deck(d, f"decks[{i}]") for i, d in enumerate(decks)]
        self._actions: list[str] = []
        self._scores = [0, 0]
        self._reserve = 0
        self._sheet: list[SheetRow] = []
        self._last_deal: LastDeal | None = None
        self._winner: int | None = None
        self._deal = self._new_deal(0, first_dealer)

    # ----------------------------------------------------------------- public API

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for; None once the match is over."""
        return None if self._winner is not None else self._deal.to_act

    @property
    def phase(self) -> str:
        """``"bid1"``, ``"bid2"``, ``"play"`` or ``"over"``."""
        return OVER if self._winner is not None else self._deal.phase

    @property
    def seed(self) -> int:
        """The match seed: deal n is shuffled from (seed, n)."""
        return self._seed

    @property
    def target(self) -> int:
        """The score that ends the match."""
        return self._target

    @property
    def first_dealer(self) -> int:
        """The dealer of the match's first deal (3 unless the match was made with another)."""
        return self._first_dealer

    @property
    def scores(self) -> tuple[int, int]:
        """Match totals of team 0 (seats 0, 2) and team 1 (seats 1, 3)."""
        return (self._scores[0], self._scores[1])

    @property
    def winner(self) -> int | None:
        """The team that won the match, or None while it goes on."""
        return self._winner

    @property
    def deal_number(self) -> int:
        """The 0-based number of the current deal (thrown-in deals count)."""
        return self._deal.number

    @property
    def move_number(self) -> int:
        """How many actions (bids and cards) the match has had so far."""
        return len(self._actions)

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        return self._deal.dealer

    def legal_actions(self) -> list[str]:
        """The legal actions of ``to_act`` in the documented order (docs/contracts.md)."""
        return [] if self._winner is not None else self._deal.legal_actions()

    def play(self, action: str) -> list[dict[str, Any]]:
        """Apply ``action`` for ``to_act`` and return the public events it caused."""
        if type(action) is not str:
            raise IllegalAction(f"action must be a str, got {type(action).__name__}: {shown(action)}")
        if self._winner is not None:
            raise IllegalAction(f"illegal action {shown(action)}: the match is over")
        deal = self._deal
        events = deal.apply(action)
        if events is None:
            where = f"seat {deal.to_act}, deal {deal.number}, phase {deal.phase}"
            raise IllegalAction(f"illegal action {shown(action)} ({where}): {deal.refusal(action)}; "
                                f"legal: {deal.legal_actions()}")
        self._actions.append(action)
        if deal.finished:
            self._finish_deal(events)
        return events  # type: ignore[return-value]  # TypedDicts are the documented dicts

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, JSON-ready: its own hand and the public table, nothing more."""
        if type(seat) is not int or not 0 <= seat <= 3:
            raise ValueError(f"seat must be an int 0-3, got {shown(seat)}")
        v: SeatView = seat_view(self._deal, seat, phase=self.phase, to_act=self.to_act,
                                legal=self.legal_actions() if seat == self.to_act else [], scores=self._scores, target=self._target,
                                reserve=self._reserve, sheet=self._sheet, last_deal=self._last_deal,
                                winner=self._winner)
        return v  # type: ignore[return-value]

    def to_dict(self) -> dict[str, Any]:
        """A lossless, JSON-ready save of the match (docs/contracts.md, "Save format")."""
        save: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "seed": self._seed,
            "target": self._target,
            "decks": [[CARD_CODES[c] for c in d] for d in self._decks],
            "actions": list(self._actions),
        }
        if self._first_dealer != FIRST_DEALER:  # so every save of a default match stays as it was
            save["first_dealer"] = self._first_dealer
        return save

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Restore a save; a tampered or truncated one raises ValueError naming the fault."""
        if not isinstance(data, dict):
            raise ValueError(f"save must be a dict, got {type(data).__name__}")
        missing = [k for k in SAVE_KEYS if k not in data]
        if missing:
            raise ValueError(f"save is missing {', '.join(missing)}")
        extra = data.keys() - set(SAVE_KEYS) - set(OPTIONAL_SAVE_KEYS)
        if extra:
            raise ValueError(f"save has unknown keys: {shown_names(extra)}")
        if data["format"] != SAVE_FORMAT:
            raise ValueError(f"save format must be {SAVE_FORMAT!r}, got {shown(data['format'])}")
        if _check_int(data["version"], "save version") != SAVE_VERSION:
            raise ValueError(f"save version {data['version']} is not supported (only {SAVE_VERSION})")
        seed = _check_int(data["seed"], "save seed")
        target = _check_int(data["target"], "save target")
        actions = data["actions"]
        if not isinstance(actions, list):
            raise ValueError(f"save actions must be a list, got {type(actions).__name__}")
        if not isinstance(data["decks"], list):
            raise ValueError(f"save decks must be a list, got {type(data['decks']).__name__}")
        first_dealer = _check_int(data.get("first_dealer", FIRST_DEALER), "save first_dealer")
        if first_dealer not in range(4):
            raise ValueError(f"save first_dealer must be a seat 0-3, got {first_dealer}")
        game = cls(seed=seed, target=target, decks=data["decks"], first_dealer=first_dealer)
        for i, action in enumerate(actions):
            try:
                game.play(action)
            except IllegalAction as exc:
                raise ValueError(f"save action {i} ({shown(action)}) is refused: {exc}") from None
        return game

    def copy(self) -> Game:
        """An independent copy of the match."""
        return copy.deepcopy(self)

    def __repr__(self) -> str:
        return (
            f"<Game seed={self._seed} target={self._target} deal={self._deal.number} "
            f"phase={self.phase} to_act={self.to_act} scores={self._scores}>"
        )

    # ------------------------------------------------------------- the deal cycle

    def _new_deal(self, number: int, dealer: int) -> Deal:
        deck = self._decks[number] if number < len(self._decks) else deck_for(self._seed, number)
        return Deal(number, dealer, deck)

    def _finish_deal(self, events: list[Event]) -> None:
        """Score the finished deal onto the sheet, then deal the next one or end the match."""
        deal = self._deal
        if deal.thrown_in:  # nobody scores: the match cannot end here
            self._sheet.append(sheet_row(deal.number, deal.dealer, None, None, None, self._reserve, self._scores))
            events.append({"type": "thrown_in", "deal": deal.number, "dealer": deal.dealer})
            winner = None
        else:
            ps, taker, trump = deal.play, deal.taker, deal.trump
            assert ps is not None and taker is not None and trump is not None  # a played deal has a contract
            s = score_deal(taker, ps.points, ps.tricks_won, deal.belote_team(), self._reserve)
            self._scores[0] += s.points[0]
            self._scores[1] += s.points[1]
            # The reserve is paid before the end-of-match check; one still held when the match ends
            # is lost, so the deal's row (built after the check) already holds none.
            winner = self._match_winner()
            self._reserve = s.reserve if winner is None else 0
            row = sheet_row(deal.number, deal.dealer, taker, SUITS[trump], s, self._reserve, self._scores)
            self._sheet.append(row)
            self._last_deal = {"tricks": deal.tricks, "taker": taker, "trump": SUITS[trump]}
            events.append({"type": "deal_scored", **copy_row(row)})
        if winner is not None:
            self._winner = winner
            events.append({"type": "match_over", "winner": winner, "scores": list(self._scores)})
            return
        self._deal = self._new_deal(deal.number + 1, (deal.dealer + 1) & 3)
        events.append({"type": "deal", "deal": self._deal.number, "dealer": self._deal.dealer,
                       "turned_card": CARD_CODES[self._deal.turned]})

    def _match_winner(self) -> int | None:
        """The team that has won the match with the scores as they stand, or None (RULES.md, "End of the match")."""
        a, b = self._scores
        if max(a, b) >= self._target and a != b:
            return 0 if a > b else 1
        return None
