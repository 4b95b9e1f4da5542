"""The shape of a seat's view, checked before any AI level reads it (:func:`~.levels.choose_action`).

A malformed view gets a ValueError naming the field (``bad view: tricks[0].cards[2].card: a
card code expected, got 'ZZ'``) instead of whatever a level would trip over. A shape check
(types, codes, ranges) plus the facts a level builds on: the seat to act is the one whose turn
it is, the legal actions are exactly what the rules offer it (the cards from the engine's own
:func:`~belote.rules.legal_mask`), every hand has the size the deal so far leaves it. It does not
replay the finished tricks (who won them, what each seat had to play).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..bidding import PASS, ROUND1_ACTIONS, ROUND2_ACTIONS
from ..cards import CODE_TO_CARD, SUITS, Mask, mask_codes, mask_of_codes
from ..deal import FIRST_HAND, FULL_HAND
from ..errors import shown
from ..phases import BID1, BID2, BIDDING, OVER, PLAY
from ..rules import legal_mask

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


def checked_view(view: Any) -> dict[str, Any]:
    """A copy of the keys a level reads, each read once into plain dicts and lists, once checked.

    Levels read only this copy: a Mapping whose reads change after the check (or a view that
    carries more than a level may read) cannot slip anything past it.
    """
    _check_keys(view)
    copy = {key: _plain(view[key], 0) for key in VIEW_KEYS}
    _check_fields(copy)
    return copy


def _plain(value: Any, depth: int) -> Any:
    """`value` with its lists, tuples and mappings copied, as deep as a view goes (a card of a
    trick of `tricks`); anything deeper is left as it is, inside a value the check refuses."""
    if depth > 4:
        return value
    if type(value) is list:
        return [_plain(item, depth + 1) for item in value]
    if type(value) is tuple:
        return tuple(_plain(item, depth + 1) for item in value)
    if isinstance(value, Mapping):
        return {key: _plain(item, depth + 1) for key, item in value.items()}
    return value


def _check_keys(view: Any) -> None:
    if not isinstance(view, Mapping):
        raise ValueError(f"bad view: a mapping (a seat's view) expected, got {shown(view)}")
    missing = [key for key in VIEW_KEYS if key not in view]
    if missing:
        raise ValueError(f"bad view: missing {', '.join(missing)}")


def check_view(view: Any) -> None:
    """Raise ValueError naming the first field of ``view`` that no level could read.

    A shape check (types, codes, ranges, the fields a level needs in the play), then the facts
    a level builds on (:func:`_consistent`): the turn, the legal actions, the hand sizes. The
    finished tricks are not replayed. Every ``Game.view(seat)`` passes.
    """
    _check_keys(view)
    _check_fields(view)


def _check_fields(view: Mapping[str, Any]) -> None:
    """check_view past its keys: each field's shape, then the facts they must agree on."""
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
    """The facts a level builds on: its hand has the size the view says and no card is seen twice,
    a bid may always pass (a level passes when nothing else is worth it), and in each phase the
    seat to act, the legal actions and the hand sizes fit the deal so far."""
    hand, legal = view["hand"], view["legal_actions"]
    if view["hand_sizes"][view["seat"]] != len(hand):
        raise ValueError(f"bad view: hand_sizes[{view['seat']}] is {view['hand_sizes'][view['seat']]}, "
                         f"but hand holds {len(hand)} cards")
    held = mask_of_codes(hand)  # the codes are checked by now
    if held.bit_count() != len(hand):
        raise _bad("hand", "distinct card codes", hand)
    if phase in BIDDING:
        if legal and PASS not in legal:
            raise _bad("legal_actions", f"bids that include {PASS!r}", legal)
        # Round 1 takes the turned suit; round 2 names any other (the levels read the suit from the card).
        allowed = ROUND1_ACTIONS if phase == BID1 else ROUND2_ACTIONS[CODE_TO_CARD[view["turned_card"]] >> 3]
        if not set(legal) <= set(allowed):
            raise _bad("legal_actions", f"bids of {phase} with the turned card {view['turned_card']}", legal)
        _bidding_fits(view, phase, held, allowed)
    elif phase == PLAY:
        offered = mask_of_codes(legal)
        if offered & ~held:
            raise _bad("legal_actions", "cards of the hand", legal)
        _play_fits(view, held, offered)


def _in_turn(first: int, n: int) -> int:
    """The seat that acts ``n`` turns after ``first`` (play goes to the left: RULES.md)."""
    return (first + n) & 3


def _bidding_fits(view: Mapping[str, Any], phase: str, held: Mask, allowed: Sequence[str]) -> None:
    """While bidding: every bid so far a pass in turn from the dealer's left (a take ends the
    bidding; round 2 starts there again), the seat to bid next, 5 cards each, nothing played."""
    bids, legal, seat = view["bids"], view["legal_actions"], view["seat"]
    first = _in_turn(view["dealer"], 1)  # the dealer's left speaks first in both rounds
    rounds = len(bids) // 4  # rounds of four bids finished
    if rounds != (0 if phase == BID1 else 1):
        raise _bad("bids", f"{'0-3' if phase == BID1 else '4-7'} bids in {phase}", bids)
    for i, bid in enumerate(bids):
        if bid["action"] != PASS or bid["seat"] != _in_turn(first, i):
            raise _bad(f"bids[{i}]", f"a pass by seat {_in_turn(first, i)} (the bidding ends at a take)", bid)
    if legal:
        if seat != _in_turn(first, len(bids)):
            raise ValueError(f"bad view: seat {seat} has legal actions, but seat {_in_turn(first, len(bids))} bids next")
        if len(set(legal)) != len(allowed):  # a subset of them (checked above), so: all of them
            raise _bad("legal_actions", f"the bids of {phase}: {', '.join(allowed)}", legal)
    if view["hand_sizes"].count(FIRST_HAND) != 4:
        raise _bad("hand_sizes", f"{FIRST_HAND} cards each while bidding", view["hand_sizes"])
    if view["trick"] or view["tricks"]:
        raise ValueError("bad view: trick, tricks: no card is played before the contract")
    if held >> CODE_TO_CARD[view["turned_card"]] & 1:
        raise _bad("hand", f"no turned card {view['turned_card']} while bidding", view["hand"])


def _play_fits(view: Mapping[str, Any], held: Mask, offered: Mask) -> None:
    """In the play: the trick's cards in turn from its leader, the seat to act next, its legal
    cards those the rules allow (:func:`~belote.rules.legal_mask`), each hand 8 cards less one per
    card played. (A card seen twice is left to Hard's sampler, which refuses it with a ValueError:
    finding it here would read every played card at every decision.)"""
    leader, trick, tricks, seat = view["leader"], view["trick"], view["tricks"], view["seat"]
    table: list[int] = []
    on_table = 0  # the seats that played to the trick in progress
    for i, entry in enumerate(trick):
        if entry["seat"] != _in_turn(leader, i):
            raise _bad(f"trick[{i}].seat", f"seat {_in_turn(leader, i)} ({i} after the leader {leader})", entry["seat"])
        table.append(CODE_TO_CARD[entry["card"]])
        on_table |= 1 << entry["seat"]
    if view["legal_actions"]:
        if seat != _in_turn(leader, len(trick)):
            raise ValueError(f"bad view: seat {seat} has legal actions, but seat {_in_turn(leader, len(trick))} "
                             f"plays next (leader {leader}, {len(trick)} cards on the table)")
        rules = legal_mask(held, table, SUITS.index(view["trump"]))
        if offered != rules:  # masks: the same answer whatever the order of the codes
            raise _bad("legal_actions", f"the cards the rules allow ({', '.join(mask_codes(rules))})",
                       view["legal_actions"])
    sizes, left = view["hand_sizes"], FULL_HAND - len(tricks)
    for s in range(4):
        size = left - (on_table >> s & 1)
        if sizes[s] != size:
            raise ValueError(f"bad view: hand_sizes[{s}] is {sizes[s]}, but {len(tricks)} finished tricks "
                             f"and the trick in progress leave it {size}")
