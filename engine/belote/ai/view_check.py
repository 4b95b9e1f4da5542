"""The shape of a seat's view, checked before any AI level reads it (:func:`~.levels.choose_action`).

A malformed view gets a ValueError naming the field (``bad view: tricks[0].cards[2].card: a
card code expected, got 'ZZ'``) instead of whatever a level would trip over. A shape check
(types, codes, ranges) plus the few facts a level relies on (the legal cards are in the hand,
the hand has the size the view gives it, a bid can always pass); not a rules check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..bidding import PASS, ROUND1_ACTIONS, ROUND2_ACTIONS
from ..cards import CODE_TO_CARD, SUITS
from ..errors import shown
from ..phases import BID1, BID2, BIDDING, OVER, PLAY

# The keys of a view that some level reads (easy, normal, hard and the Knowledge they share);
# the rest of a view (scores, sheet, to_act, ...) no level looks at, so it is not checked.
VIEW_KEYS: tuple[str, ...] = (
    "seat", "phase", "deal_number", "dealer", "hand", "hand_sizes", "turned_card", "bids", "trump",
    "taker", "leader", "trick", "tricks", "trick_points", "belote", "reserve", "legal_actions",
)
_PHASES = frozenset((BID1, BID2, PLAY, OVER))
_BID_CODES: frozenset[str] = frozenset(ROUND1_ACTIONS).union(*ROUND2_ACTIONS)
_SUIT_CODES = frozenset(SUITS)  # a set, not SUITS itself: `"" in "CDHS"` and `"CD" in "CDHS"` are true
# Counts a view carries (deal_number, reserve, trick_points) stay below what a JS number holds
# exactly; the bound also keeps a huge int out of Hard's seed string (CPython cannot print an int
# of more than 4,300 digits).
_COUNT_MAX = 2**53 - 1
_SEED_BITS = 64  # the same reason for the seed: any 64-bit seed, signed or not



def check_seed(seed: Any) -> None:
    """Raise ValueError unless ``seed`` is None or an int of at most 64 bits (a bool is no seed)."""
    if seed is not None and (type(seed) is not int or seed.bit_length() > _SEED_BITS):
        raise ValueError(f"bad seed: None or an int of at most {_SEED_BITS} bits expected, got {shown(seed)}")


def check_view(view: Any) -> None:
    """Raise ValueError naming the first field of ``view`` that no level could read.

    A shape check (types, codes, ranges, the fields a level needs in the play), not a rules
    check: a view whose cards break the rules still passes. Every ``Game.view(seat)`` passes.
    """
    if not isinstance(view, Mapping):
        raise ValueError(f"bad view: a mapping (a seat's view) expected, got {shown(view)}")
    missing = [key for key in VIEW_KEYS if key not in view]
    if missing:
        raise ValueError(f"bad view: missing {', '.join(missing)}")
    phase = view["phase"]
    if type(phase) is not str or phase not in _PHASES:
        raise _bad("phase", f"one of {', '.join(sorted(_PHASES))}", phase)
    playing = phase == PLAY  # the play reads the contract and the trick's leader: None will not do
    _seat("seat", view["seat"])
    _seat("dealer", view["dealer"])
    _seat("taker", view["taker"], none=not playing)
    _seat("leader", view["leader"], none=not playing)
    _trump(view["trump"], none=not playing)
    _count("deal_number", view["deal_number"], _COUNT_MAX)
    _count("reserve", view["reserve"], _COUNT_MAX)
    _code("turned_card", view["turned_card"], CODE_TO_CARD, "card code")
    _codes("hand", view["hand"], CODE_TO_CARD, "card code", 8)
    _counts("hand_sizes", view["hand_sizes"], 4, 8)
    _counts("trick_points", view["trick_points"], 2, _COUNT_MAX)
    _bids(view["bids"])
    _plays("trick", view["trick"], 0, 3)
    _tricks(view["tricks"])
    _belote(view["belote"])
    _legal(view["legal_actions"], phase)
    _consistent(view, phase)


def _bad(field: str, expected: str, value: Any) -> ValueError:
    """The error for a field: its path, what was expected, and the value shown bounded."""
    return ValueError(f"bad view: {field}: {expected} expected, got {shown(value)}")


def _items(field: str, value: Any, least: int, most: int, what: str) -> Sequence[Any]:
    """``value`` as a list (or tuple) of ``least``-``most`` items; never a str, whose items are letters."""
    if (type(value) is not list and type(value) is not tuple) or not least <= len(value) <= most:
        size = f"{most}" if least == most else f"at most {most}" if not least else f"{least}-{most}"
        raise _bad(field, f"a list of {size} {what}", value)
    return value


def _entry(field: str, value: Any, keys: tuple[str, ...]) -> Mapping[str, Any]:
    """``value`` as a mapping holding ``keys``."""
    if type(value) is not dict and not isinstance(value, Mapping):
        raise _bad(field, f"a mapping of {', '.join(keys)}", value)
    for key in keys:
        if key not in value:
            raise ValueError(f"bad view: {field}: missing {key}")
    return value


def _seat(field: str, value: Any, none: bool = False) -> None:
    """A seat 0-3 (or None where ``none``); a bool is no seat."""
    if (value is not None or not none) and (type(value) is not int or not 0 <= value <= 3):
        raise _bad(field, "a seat 0-3 or None" if none else "a seat 0-3", value)


def _count(field: str, value: Any, most: int) -> None:
    """An int 0-``most``; a bool is no count."""
    if type(value) is not int or not 0 <= value <= most:
        raise _bad(field, f"an int 0-{most}", value)


def _counts(field: str, value: Any, size: int, most: int) -> None:
    """A list of exactly ``size`` ints 0-``most``."""
    for i, n in enumerate(_items(field, value, size, size, f"ints 0-{most}")):
        _count(f"{field}[{i}]", n, most)


def _trump(value: Any, none: bool) -> None:
    """A suit letter (or None where ``none``: before the contract)."""
    if (value is not None or not none) and (type(value) is not str or value not in _SUIT_CODES):
        raise _bad("trump", f"a suit letter ({', '.join(SUITS)}){' or None' if none else ''}", value)


def _code(field: str, value: Any, table: Mapping[str, Any] | frozenset[str], what: str) -> None:
    """One of the codes of ``table`` (a str first: a list is no dict key)."""
    if type(value) is not str or value not in table:
        raise _bad(field, f"a {what}", value)


def _codes(field: str, value: Any, table: Mapping[str, Any] | frozenset[str], what: str, most: int) -> None:
    """A list of at most ``most`` codes of ``table``."""
    for i, code in enumerate(_items(field, value, 0, most, what + "s")):
        _code(f"{field}[{i}]", code, table, what)


def _plays(field: str, value: Any, least: int, most: int) -> None:
    """A list of ``least``-``most`` plays: {seat, card}."""
    for i, entry in enumerate(_items(field, value, least, most, "plays {seat, card}")):
        if type(entry) is dict:  # the usual case first, without building a path (up to 31 plays a view)
            seat, card = entry.get("seat"), entry.get("card")
            if type(seat) is int and 0 <= seat <= 3 and type(card) is str and card in CODE_TO_CARD:
                continue
        path = f"{field}[{i}]"
        play = _entry(path, entry, ("seat", "card"))
        _seat(path + ".seat", play["seat"])
        _code(path + ".card", play["card"], CODE_TO_CARD, "card code")


def _tricks(value: Any) -> None:
    """This deal's finished tricks: at most 8 of {cards: four plays, winner} (what the levels read)."""
    for i, entry in enumerate(_items("tricks", value, 0, 8, "tricks {cards, winner}")):
        path = f"tricks[{i}]"
        trick = _entry(path, entry, ("cards", "winner"))
        _plays(path + ".cards", trick["cards"], 4, 4)
        _seat(path + ".winner", trick["winner"])


def _bids(value: Any) -> None:
    """This deal's bids: at most 8 (two rounds of four) of {seat, action}."""
    for i, entry in enumerate(_items("bids", value, 0, 8, "bids {seat, action}")):
        path = f"bids[{i}]"
        bid = _entry(path, entry, ("seat", "action"))
        _seat(path + ".seat", bid["seat"])
        _code(path + ".action", bid["action"], _BID_CODES, "bid code")


def _belote(value: Any) -> None:
    """The belote calls: at most 2 of {seat} (the levels read who called, not what)."""
    for i, entry in enumerate(_items("belote", value, 0, 2, "calls {seat, call}")):
        path = f"belote[{i}]"
        _seat(path + ".seat", _entry(path, entry, ("seat",))["seat"])


def _legal(value: Any, phase: str) -> None:
    """Bid codes while bidding, card codes in the play, nothing once the match is over."""
    if phase in BIDDING:
        _codes("legal_actions", value, _BID_CODES, "bid code", len(ROUND2_ACTIONS[0]))
    else:
        _codes("legal_actions", value, CODE_TO_CARD, "card code", 8)
        if value and phase == OVER:
            raise ValueError(f"bad view: legal_actions: none once the match is over, got {shown(value)}")


def _consistent(view: Mapping[str, Any], phase: str) -> None:
    """The facts a level builds on: its hand has the size the view says, the legal cards are in
    it, a bid may always pass (a level passes when nothing else is worth it), and the bids fit
    the round and the turned card."""
    hand, legal = view["hand"], view["legal_actions"]
    if view["hand_sizes"][view["seat"]] != len(hand):
        raise ValueError(f"bad view: hand_sizes[{view['seat']}] is {view['hand_sizes'][view['seat']]}, "
                         f"but hand holds {len(hand)} cards")
    if len(set(hand)) != len(hand):
        raise _bad("hand", "distinct card codes", hand)
    if phase in BIDDING:
        if legal and PASS not in legal:
            raise _bad("legal_actions", f"bids that include {PASS!r}", legal)
        # Round 1 takes the turned suit; round 2 names any other (the levels read the suit from the card).
        allowed = ROUND1_ACTIONS if phase == BID1 else ROUND2_ACTIONS[CODE_TO_CARD[view["turned_card"]] >> 3]
        if not set(legal) <= set(allowed):
            raise _bad("legal_actions", f"bids of {phase} with the turned card {view['turned_card']}", legal)
    elif not set(legal) <= set(hand):
        raise _bad("legal_actions", "cards of the hand", legal)
