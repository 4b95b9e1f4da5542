"""The match state machine: deals, bidding, play, scoring and the match to a target.

``Game`` is the checked public API (DESIGN.md). Every public method validates its
input completely before it changes anything, so a refused action leaves the game
exactly as it was. The play itself runs on the unchecked :class:`PlayState`.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Sequence
from typing import Any

from .cards import (
    CARD_CODES,
    CODE_TO_CARD,
    KING,
    PLAIN_ORDER,
    QUEEN,
    STRENGTH,
    SUIT_MASKS,
    SUITS,
    TRUMPS_ABOVE,
    Card,
    Mask,
    iter_cards,
    mask_codes,
)
from .errors import IllegalAction
from .playstate import PlayState
from .rules import winning_index
from .scoring import score_deal

SAVE_FORMAT = "belote-save"
SAVE_VERSION = 1
FIRST_DEALER = 3
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

BID1, BID2, PLAY, OVER = "bid1", "bid2", "play", "over"
ROUND1_ACTIONS = ("pass", "take")
# Round 2 offers every suit but the turned one, indexed by the turned suit.
ROUND2_ACTIONS = tuple(
    ("pass", *(f"take:{s}" for i, s in enumerate(SUITS) if i != turned)) for turned in range(4)
)
# Suit colours for the display order of a hand: C and S black, D and H red.
SUIT_COLOURS = (0, 1, 1, 0)
DISPLAY_BASE = (3, 2, 0, 1)  # S H C D: the tie-break among equally alternating orders


def _deck_for(seed: int, number: int) -> list[Card]:
    """The shuffled deck of deal ``number``: depends only on (seed, number)."""
    deck = list(range(32))
    # A str seed goes through sha512: the same on every platform and Python version.
    random.Random(f"belote:{seed}:{number}").shuffle(deck)
    return deck


def _check_int(value: Any, name: str) -> int:
    if type(value) is not int:
        raise ValueError(f"{name} must be an int, got {type(value).__name__}: {value!r}")
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
            raise ValueError(f"{where}[{i}] is not a card code: {code!r}")
        cards.append(c)
    if len(set(cards)) != 32:
        raise ValueError(f"{where} repeats a card")
    return tuple(cards)


class Game:
    """A match of classic team Belote for four seats, from the first deal to the target."""

    def __init__(
        self,
        seed: int | None = None,
        target: int = 1000,
        *,
        decks: Sequence[Sequence[str]] | None = None,
    ) -> None:
        """Start a match; the first deal is dealt by seat 3 and the bidding is open."""
        if seed is None:
            # SystemRandom, not `secrets`: random is loaded already, secrets costs ~8 ms to import in the page
            seed = random.SystemRandom().randrange(2**32)
        self._seed = _check_int(seed, "seed")
        self._target = _check_int(target, "target")
        if target <= 0:
            raise ValueError(f"target must be a positive int, got {target}")
        if decks is None:
            decks = []
        if not isinstance(decks, (list, tuple)):
            raise ValueError(f"decks must be a list of decks, got {type(decks).__name__}")
        self._decks = [_parse_deck(d, f"decks[{i}]") for i, d in enumerate(decks)]
        self._actions: list[str] = []
        self._scores = [0, 0]
        self._reserve = 0
        self._sheet: list[dict[str, Any]] = []
        self._last_deal: dict[str, Any] | None = None
        self._winner: int | None = None
        self._deal_number = -1
        self._start_deal(FIRST_DEALER)

    # ----------------------------------------------------------------- public API

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for; None once the match is over."""
        if self._phase == PLAY:
            return self._play.to_act
        return self._to_act

    @property
    def phase(self) -> str:
        """``"bid1"``, ``"bid2"``, ``"play"`` or ``"over"``."""
        return self._phase

    @property
    def seed(self) -> int:
        """The match seed: deal n is shuffled from (seed, n)."""
        return self._seed

    @property
    def target(self) -> int:
        """The score that ends the match."""
        return self._target

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
        return self._deal_number

    @property
    def move_number(self) -> int:
        """How many actions (bids and cards) the match has had so far."""
        return len(self._actions)

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        return self._dealer

    def legal_actions(self) -> list[str]:
        """The legal actions of ``to_act`` in the documented order (docs/contracts.md)."""
        phase = self._phase
        if phase == PLAY:
            return mask_codes(self._play.legal_mask())
        if phase == BID1:
            return list(ROUND1_ACTIONS)
        if phase == BID2:
            return list(ROUND2_ACTIONS[self._turned >> 3])
        return []

    def play(self, action: str) -> list[dict[str, Any]]:
        """Apply ``action`` for ``to_act`` and return the public events it caused."""
        if type(action) is not str:
            raise IllegalAction(
                f"action must be a str, got {type(action).__name__}: {action!r}"
            )
        phase = self._phase
        if phase == PLAY:
            c = CODE_TO_CARD.get(action, -1)
            if c < 0 or not (self._play.legal_mask() >> c) & 1:
                raise IllegalAction(self._refusal(action))
            return self._play_card(c, action)
        if phase == BID1:
            if action != "pass" and action != "take":
                raise IllegalAction(self._refusal(action))
        elif phase == BID2:
            if action not in ROUND2_ACTIONS[self._turned >> 3]:
                raise IllegalAction(self._refusal(action))
        else:
            raise IllegalAction(f"illegal action {action!r}: the match is over")
        return self._bid(action)

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, JSON-ready: its own hand and the public table, nothing more."""
        if type(seat) is not int or not 0 <= seat <= 3:
            raise ValueError(f"seat must be an int 0-3, got {seat!r}")
        ps = self._play if self._phase == PLAY else None
        trump = self._trump
        hands = ps.hands if ps is not None else self._hands
        trick: list[dict[str, Any]] = []
        leader = None
        if ps is not None:
            leader = ps.leader
            trick = [{"seat": (leader + i) & 3, "card": CARD_CODES[c]} for i, c in enumerate(ps.trick)]
        to_act = self.to_act
        return {
            "seat": seat,
            "phase": self._phase,
            "deal_number": self._deal_number,
            "dealer": self._dealer,
            "to_act": to_act,
            "hand": _display_hand(hands[seat], trump),
            "hand_sizes": [h.bit_count() for h in hands],
            "turned_card": CARD_CODES[self._turned],
            "bids": [{"seat": s, "action": a} for s, a in self._bids],
            "trump": SUITS[trump] if trump is not None else None,
            "taker": self._taker,
            "leader": leader,
            "trick": trick,
            "tricks": [_copy_trick(t) for t in self._tricks],
            "trick_points": list(ps.points) if ps is not None else [0, 0],
            "belote": [dict(b) for b in self._belote_calls],
            "scores": list(self._scores),
            "target": self._target,
            "reserve": self._reserve,
            "sheet": [_copy_row(r) for r in self._sheet],
            "last_deal": _copy_last_deal(self._last_deal),
            "legal_actions": self.legal_actions() if seat == to_act else [],
            "winner": self._winner,
        }

    def to_dict(self) -> dict[str, Any]:
        """A lossless, JSON-ready save of the match (docs/contracts.md, "Save format")."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "seed": self._seed,
            "target": self._target,
            "decks": [[CARD_CODES[c] for c in d] for d in self._decks],
            "actions": list(self._actions),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Restore a save; a tampered or truncated one raises ValueError naming the fault."""
        if not isinstance(data, dict):
            raise ValueError(f"save must be a dict, got {type(data).__name__}")
        expected = {"format", "version", "seed", "target", "decks", "actions"}
        missing = sorted(expected - data.keys())
        if missing:
            raise ValueError(f"save is missing {', '.join(missing)}")
        extra = sorted(str(k) for k in data.keys() - expected)
        if extra:
            raise ValueError(f"save has unknown keys: {', '.join(extra)}")
        if data["format"] != SAVE_FORMAT:
            raise ValueError(f"save format must be {SAVE_FORMAT!r}, got {data['format']!r}")
        if _check_int(data["version"], "save version") != SAVE_VERSION:
            raise ValueError(f"save version {data['version']} is not supported (only {SAVE_VERSION})")
        seed = _check_int(data["seed"], "save seed")
        target = _check_int(data["target"], "save target")
        actions = data["actions"]
        if not isinstance(actions, list):
            raise ValueError(f"save actions must be a list, got {type(actions).__name__}")
        if not isinstance(data["decks"], list):
            raise ValueError(f"save decks must be a list, got {type(data['decks']).__name__}")
        game = cls(seed=seed, target=target, decks=data["decks"])
        for i, action in enumerate(actions):
            try:
                game.play(action)
            except IllegalAction as exc:
                raise ValueError(f"save action {i} ({action!r}) is refused: {exc}") from None
        return game

    def copy(self) -> Game:
        """An independent copy of the match."""
        return copy.deepcopy(self)

    def __repr__(self) -> str:
        return (
            f"<Game seed={self._seed} target={self._target} deal={self._deal_number} "
            f"phase={self._phase} to_act={self.to_act} scores={self._scores}>"
        )

    # ------------------------------------------------------------- the deal cycle

    def _start_deal(self, dealer: int) -> None:
        self._deal_number += 1
        n = self._deal_number
        deck = self._decks[n] if n < len(self._decks) else _deck_for(self._seed, n)
        self._deck = deck
        self._dealer = dealer
        first = (dealer + 1) & 3
        hands = [0, 0, 0, 0]
        for i in range(4):
            seat = (first + i) & 3
            for c in (*deck[3 * i : 3 * i + 3], *deck[12 + 2 * i : 14 + 2 * i]):
                hands[seat] |= 1 << c
        self._hands = hands
        self._turned: Card = deck[20]
        self._phase = BID1
        self._to_act: int | None = first
        self._bids: list[tuple[int, str]] = []
        self._trump: int | None = None
        self._taker: int | None = None
        self._tricks: list[dict[str, Any]] = []
        self._belote_calls: list[dict[str, Any]] = []
        self._belote_seat: int | None = None

    def _bid(self, action: str) -> list[dict[str, Any]]:
        seat = self._to_act
        assert seat is not None  # bidding always has a seat to act
        self._actions.append(action)
        self._bids.append((seat, action))
        events: list[dict[str, Any]] = [{"type": "bid", "seat": seat, "action": action}]
        if action != "pass":
            trump = self._turned >> 3 if action == "take" else SUITS.index(action[5])
            self._complete_deal(seat, trump)
            events.append({"type": "contract", "taker": seat, "trump": SUITS[trump]})
        elif len(self._bids) == 4:
            self._phase = BID2
            self._to_act = (self._dealer + 1) & 3
        elif len(self._bids) == 8:
            self._throw_in(events)
        else:
            self._to_act = (seat + 1) & 3
        return events

    def _complete_deal(self, taker: int, trump: int) -> None:
        deck, hands = self._deck, self._hands
        first = (self._dealer + 1) & 3
        pos = 21
        for i in range(4):
            seat = (first + i) & 3
            n = 2 if seat == taker else 3
            for c in deck[pos : pos + n]:
                hands[seat] |= 1 << c
            pos += n
        hands[taker] |= 1 << self._turned
        self._taker, self._trump = taker, trump
        pair = (1 << (trump * 8 + KING)) | (1 << (trump * 8 + QUEEN))
        self._belote_seat = next((s for s in range(4) if hands[s] & pair == pair), None)
        self._phase = PLAY
        self._to_act = None
        self._play = PlayState(hands, trump, first)

    def _play_card(self, c: Card, code: str) -> list[dict[str, Any]]:
        ps = self._play
        seat = ps.to_act
        self._actions.append(code)
        events: list[dict[str, Any]] = [{"type": "card", "seat": seat, "card": code}]
        if seat == self._belote_seat and c >> 3 == self._trump and c & 7 in (KING, QUEEN):
            call = "rebelote" if self._belote_calls else "belote"
            self._belote_calls.append({"seat": seat, "call": call})
            events.append({"type": "belote", "seat": seat, "call": call})
        leader, trick = ps.leader, ps.trick
        before = ps.points[0] + ps.points[1]
        winner = ps.play(c)
        if winner >= 0:
            cards = [{"seat": (leader + i) & 3, "card": CARD_CODES[t]} for i, t in enumerate(trick)]
            points = ps.points[0] + ps.points[1] - before
            self._tricks.append({"leader": leader, "cards": cards, "winner": winner, "points": points})
            events.append(
                {"type": "trick", "winner": winner, "cards": [dict(x) for x in cards], "points": points}
            )
            if ps.n_tricks == 8:
                self._finish_deal(events)
        return events

    def _finish_deal(self, events: list[dict[str, Any]]) -> None:
        ps = self._play
        taker, trump = self._taker, self._trump
        assert taker is not None and trump is not None  # a played deal has a contract
        belote_team = self._belote_seat & 1 if self._belote_seat is not None else None
        s = score_deal(taker, ps.points, ps.tricks_won, belote_team, self._reserve)
        self._scores[0] += s.points[0]
        self._scores[1] += s.points[1]
        self._reserve = s.reserve
        row = {
            "deal": self._deal_number,
            "dealer": self._dealer,
            "taker": taker,
            "trump": SUITS[trump],
            "result": s.result,
            "card_points": list(s.card_points),
            "belote": list(s.belote),
            "capot": s.capot,
            "reserve_paid": list(s.reserve_paid),
            "reserve": s.reserve,
            "points": list(s.points),
            "scores": list(self._scores),
        }
        self._sheet.append(row)
        self._last_deal = {"tricks": self._tricks, "taker": taker, "trump": SUITS[trump]}
        events.append({"type": "deal_scored", **_copy_row(row)})
        self._next_deal_or_end(events)

    def _throw_in(self, events: list[dict[str, Any]]) -> None:
        row = {
            "deal": self._deal_number,
            "dealer": self._dealer,
            "taker": None,
            "trump": None,
            "result": "thrown_in",
            "card_points": [0, 0],
            "belote": [0, 0],
            "capot": None,
            "reserve_paid": [0, 0],
            "reserve": self._reserve,
            "points": [0, 0],
            "scores": list(self._scores),
        }
        self._sheet.append(row)
        events.append({"type": "thrown_in", "deal": self._deal_number, "dealer": self._dealer})
        self._next_deal_or_end(events)

    def _next_deal_or_end(self, events: list[dict[str, Any]]) -> None:
        a, b = self._scores
        if max(a, b) >= self._target and a != b:
            self._winner = 0 if a > b else 1
            self._reserve = 0  # a reserve still held at the end is lost
            self._phase = OVER
            self._to_act = None
            events.append({"type": "match_over", "winner": self._winner, "scores": [a, b]})
            return
        self._start_deal((self._dealer + 1) & 3)
        events.append(
            {
                "type": "deal",
                "deal": self._deal_number,
                "dealer": self._dealer,
                "turned_card": CARD_CODES[self._turned],
            }
        )

    # ------------------------------------------------------------------ messages

    def _refusal(self, action: str) -> str:
        """Why ``action`` is refused now, with a compact picture of the state."""
        seat = self.to_act
        where = f"seat {seat}, deal {self._deal_number}, phase {self._phase}"
        legal = self.legal_actions()
        if self._phase == PLAY:
            c = CODE_TO_CARD.get(action, -1)
            if c < 0:
                why = "not a card code (codes are rank 7 8 9 T J Q K A + suit C D H S, e.g. 'JH')"
            else:
                why = self._card_refusal(c)
        elif action.startswith("take:") and action[5:] == SUITS[self._turned >> 3]:
            why = "round 2 cannot name the turned suit"
        elif action in CODE_TO_CARD:
            why = "cards are played after the bidding"
        else:
            why = "not a bid now"
        return f"illegal action {action!r} ({where}): {why}; legal: {legal}"

    def _card_refusal(self, c: Card) -> str:
        ps = self._play
        hand = ps.hands[ps.to_act]
        if not hand >> c & 1:
            return f"{CARD_CODES[c]} is not in the hand"
        trump = ps.trump
        led = ps.trick[0] >> 3
        if hand & SUIT_MASKS[led] and c >> 3 != led:
            return f"must follow {SUIT_NAMES[led]}"
        if led == trump or winning_index(ps.trick, trump) != len(ps.trick) - 2:
            best = max((t for t in ps.trick if t >> 3 == trump), key=STRENGTH[trump].__getitem__, default=-1)
            if best >= 0 and hand & TRUMPS_ABOVE[trump][best]:
                return f"must play a trump higher than {CARD_CODES[best]}"
            return f"must play a trump ({SUIT_NAMES[trump]})"
        return "not legal now"


def _copy_trick(trick: dict[str, Any]) -> dict[str, Any]:
    """A copy of a finished trick record that shares nothing with the game."""
    return {**trick, "cards": [dict(c) for c in trick["cards"]]}


def _copy_row(row: dict[str, Any]) -> dict[str, Any]:
    """A copy of a score-sheet row (its values are ints, strings, None or flat lists)."""
    return {k: v[:] if isinstance(v, list) else v for k, v in row.items()}


def _copy_last_deal(last: dict[str, Any] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {**last, "tricks": [_copy_trick(t) for t in last["tricks"]]}


def _display_suits(held: tuple[int, ...], trump: int | None) -> tuple[int, ...]:
    """The held suits ordered trump first, then with as few same-colour neighbours as can be."""
    best: tuple[int, ...] = ()
    best_key: tuple[int, tuple[int, ...]] | None = None
    for order in itertools.permutations(sorted(held, key=DISPLAY_BASE.index)):
        if trump is not None and trump in held and order[0] != trump:
            continue
        clashes = sum(SUIT_COLOURS[a] == SUIT_COLOURS[b] for a, b in zip(order, order[1:]))
        key = (clashes, tuple(DISPLAY_BASE.index(x) for x in order))
        if best_key is None or key < best_key:
            best, best_key = order, key
    return best


def _display_hand(hand: Mask, trump: int | None) -> list[str]:
    """A hand in display order: trump suit first, colours alternating, strongest first."""
    held = tuple(s for s in range(4) if hand & SUIT_MASKS[s])
    order = PLAIN_ORDER if trump is None else None
    out: list[str] = []
    for suit in _display_suits(held, trump):
        cards = list(iter_cards(hand & SUIT_MASKS[suit]))
        if order is not None:
            cards.sort(key=lambda c: PLAIN_ORDER[c & 7], reverse=True)
        else:
            cards.sort(key=STRENGTH[trump].__getitem__, reverse=True)  # type: ignore[index]
        out.extend(CARD_CODES[c] for c in cards)
    return out
