"""Normal: judges the trick in front of it and bids from a hand evaluation (RULES.md).

Play, from the view alone (own hand, the cards played so far, who played them):
- following: wins cheaply when it can and the win will hold; does not overtake a partner
  who is master; gives points to a partner who is sure to win (smear); trumps with the
  lowest trump that wins, keeping its master trumps; otherwise plays low from short suits;
- leading: the taker's side draws trumps with a master trump; then it cashes its master
  cards; then it leads towards its partner's strengths (suits the partner led or won
  with, suits the partner can ruff when defending); else a low card that risks little.
Bidding: a points-like evaluation of the hand with the turned card (trump length, J and
9 of trump, side aces and guarded tens, voids, belote), plus position, against a threshold.

Deterministic: no randomness is needed; ties break on card ints, never on set order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..bidding import PASS, ROUND2_ACTIONS, TAKE, bid_trump
from ..cards import (
    ABOVE,
    ALL_CARDS,
    ACE,
    CARD_CODES,
    CODE_TO_CARD,
    JACK,
    KING,
    NINE,
    POINTS,
    QUEEN,
    STRENGTH,
    SUIT_MASKS,
    TEN,
    Card,
    Mask,
    cards_of,
    mask_of_codes,
)
from ..phases import BIDDING
from .knowledge import History, Play

# ------------------------------------------------------------------ bidding weights
# Tuned with the arena (python -m belote.arena --a normal --b easy / --b normal).
TRUMP_VALUE = {JACK: 36, NINE: 22, ACE: 13, TEN: 15, KING: 9, QUEEN: 9, 1: 5, 0: 5}  # 8, 7
EXTRA_TRUMP = 7  # each trump beyond the second
SIDE_ACE = 13
SIDE_TEN_WITH_ACE = 9
SIDE_TEN_GUARDED = 4
VOID_WITH_TRUMPS = 6
BELOTE_BONUS = 10
LEAD_BONUS = 4  # our side leads the first trick
TAKE_THRESHOLD = 60
DEALER_BONUS = 3  # round 1, the dealer: last to speak, everybody else passed
ROUND2_THRESHOLD = 60
# ------------------------------------------------------------------ play weights
KEEP_TRUMP = 0.5  # share of a non-master trump's points we expect to lose by keeping it
KEEP_PLAIN = 0.5  # the same for a non-master plain card
MASTER_KEEP = 8  # what a master plain card is worth beyond its points (it wins a trick later)
DRAW_LOW_TRUMPS = 2  # the taker without a master trump draws with its lowest from this many trumps
SHORT_SUIT = 1.5  # discard cost per card held in the suit (short suits go first)
DEFENDER_TRUMP_LEAD = 25  # lead cost of a trump for the defenders
TAKER_TRUMP_LEAD = 6  # and for the taker's side
SAFE_LEAD_LEFT = 0  # a master side card is led when this many cards of its suit are still out
FOLLOW_LEFT = 1  # an opponent not known void is taken to follow while this many of the suit are out
PARTNER_LEADS_TRUMP = 1  # the taker's partner leads its lowest trump once (1) or never (0)


# OPPONENTS_AFTER[seat][cards on the trick]: the opponents still to play to it after ``seat``.
OPPONENTS_AFTER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((seat + i) & 3 for i in range(1, 4 - n) if i % 2 == 1) for n in range(4)) for seat in range(4)
)


class Table:
    """The deal as seat ``seat`` sees it: its own hand and legal cards over the public :class:`History`.

    Cheap to build (the look-ahead of Hard builds one per simulated decision): it shares the
    history's lists, and reads nothing of a view itself.
    """

    __slots__ = ("seat", "trump", "taker", "hand", "legal", "unseen", "trick", "tricks", "voids", "led_by",
                 "won_with")

    def __init__(self, seat: int, taker: int, hand: Mask, legal: Mask, history: History) -> None:
        """The table of ``seat`` holding ``hand`` (``legal`` of it playable now)."""
        self.seat = seat
        self.trump = history.trump
        self.taker = taker
        self.hand = hand
        self.legal = legal
        self.unseen: Mask = ALL_CARDS & ~history.played & ~hand  # cards held by the other three seats
        self.trick: list[Play] = history.trick
        self.tricks: list[list[Play]] = history.tricks
        self.voids = history.voids  # bit s: void in suit s
        self.led_by = history.led_by  # bit s: seat led suit s
        self.won_with = history.won_with  # bit s: won a trick with suit s

    @property
    def partner(self) -> int:
        """The partner's seat."""
        return (self.seat + 2) & 3

    @property
    def we_took(self) -> bool:
        """True when our side holds the contract."""
        return (self.taker - self.seat) & 1 == 0

    def is_master(self, c: Card) -> bool:
        """True when no unseen card of c's suit beats c."""
        return not (self.unseen & ABOVE[self.trump][c])

    def opponents_after(self) -> tuple[int, ...]:
        """The opponents who still play to the current trick after this seat."""
        return OPPONENTS_AFTER[self.seat][len(self.trick)]


def choose(view: Mapping[str, Any], seed: int = 0) -> str:
    """Normal's action for the view: a bid during the bidding, else a card."""
    legal: list[str] = view["legal_actions"]
    if len(legal) == 1:
        return legal[0]
    if view["phase"] in BIDDING:
        return bid(view)
    return CARD_CODES[play_card(read_table(view))]


# ----------------------------------------------------------------------- reading


def read_table(view: Mapping[str, Any]) -> Table:
    """The view's deal as Normal sees it (the play history read by :class:`History`)."""
    return Table(view["seat"], view["taker"], mask_of_codes(view["hand"]), mask_of_codes(view["legal_actions"]),
                 History.from_view(view))


# ----------------------------------------------------------------------- play


def play_card(t: Table) -> Card:
    """The card to play: lead or follow."""
    if not t.trick:
        return lead(t)
    return follow(t)


def card_for(seat: int, taker: int, hand: Mask, legal: Mask, history: History) -> Card:
    """Normal's card for ``seat`` holding ``hand``, given its ``legal`` cards and the public
    ``history``: the only legal card without asking (the searches that model Normal call this)."""
    if legal & (legal - 1):
        return play_card(Table(seat, taker, hand, legal, history))
    return legal.bit_length() - 1


def holds_trick(t: Table, c: Card, led: int, opps: Sequence[int]) -> bool:
    """True when ``c``, winning now, cannot (or very likely cannot) be beaten by ``opps``."""
    trump = t.trump
    unseen = t.unseen
    voids = t.voids
    trump_bit = 1 << trump
    if c >> 3 == trump:
        if not (unseen & ABOVE[trump][c]):
            return True
        for o in opps:
            if not voids[o] & trump_bit:
                break
        else:
            return True
        # A ruff of a plain suit holds when the opponents after us still follow that suit.
        return led != trump and _all_follow(t, opps, led)
    if unseen & ABOVE[trump][c]:
        led_bit = 1 << led
        for o in opps:
            if not voids[o] & led_bit:
                return False
    if not unseen & SUIT_MASKS[trump]:
        return True
    for o in opps:
        if not voids[o] & trump_bit and not _likely_follows(t, o, led):
            return False
    return True


def _all_follow(t: Table, opps: Sequence[int], suit: int) -> bool:
    """True when every seat of ``opps`` is likely to follow ``suit`` (:func:`_likely_follows`)."""
    for o in opps:
        if not _likely_follows(t, o, suit):
            return False
    return True


def _likely_follows(t: Table, seat: int, suit: int) -> bool:
    """True when ``seat`` is not known void in ``suit`` and enough of it is still out."""
    return not t.voids[seat] >> suit & 1 and (t.unseen & SUIT_MASKS[suit]).bit_count() >= FOLLOW_LEFT


def _future_value(t: Table, c: Card) -> float:
    """What keeping c is worth for later tricks (masters are worth keeping)."""
    trump = t.trump
    pts = POINTS[trump][c]
    master = not (t.unseen & ABOVE[trump][c])
    if c >> 3 == trump:
        rank = STRENGTH[trump][c] - 8  # 0 (7) .. 7 (J)
        if master:
            return pts + 15 + rank
        return pts * KEEP_TRUMP + 3 + rank
    if master:
        return pts + MASTER_KEEP
    return pts * KEEP_PLAIN


def _best_winner(t: Table, winners: Mask) -> Card:
    """Among the cards of ``winners`` (they win the trick), the one that banks most for the least
    future loss; ties to the weakest, then the lowest card."""
    pts = POINTS[t.trump]
    strength = STRENGTH[t.trump]
    best, best_key = -1, None
    for c in cards_of(winners):
        key = (pts[c] - _future_value(t, c), -strength[c], -c)
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def follow(t: Table) -> Card:
    """The card to play on a started trick."""
    trump = t.trump
    trick = t.trick
    led = trick[0][1] >> 3
    # The card winning the trick so far (rules.winning_index, over the (seat, card) pairs).
    strength = STRENGTH[trump]
    winner, best = trick[0]
    top = strength[best]
    for seat, c in trick[1:]:
        s = c >> 3
        if (s == trump or s == led) and strength[c] > top:
            winner, best, top = seat, c, strength[c]
    # The legal cards that beat ``best`` (rules.beats): stronger cards of its suit, and any trump
    # when it is a plain card (``best`` is always of the led suit or a trump).
    above = ABOVE[trump][best]
    beat = t.legal & (above if best >> 3 == trump else above | SUIT_MASKS[trump])
    opps = OPPONENTS_AFTER[t.seat][len(trick)]
    if winner == (t.seat + 2) & 3:  # the partner
        if not opps or holds_trick(t, best, led, opps):
            return smear(t, cards_of(t.legal))
        # Partner winning but not safe: secure it only with a card that surely holds.
        pts = POINTS[trump]
        on_table = 0
        for _, c in trick:
            on_table += pts[c]
        sure = 0
        for c in cards_of(beat):
            if holds_trick(t, c, led, opps):
                sure |= 1 << c
        forced = beat == t.legal  # e.g. must go higher on a trump lead
        if sure and (on_table >= 10 or forced and all(pts[c] for c in cards_of(t.legal))):
            return _best_winner(t, sure)
        return discard(t, cards_of(t.legal), led)
    if beat:
        if not opps:
            return _best_winner(t, beat)
        sure = 0
        for c in cards_of(beat):
            if holds_trick(t, c, led, opps):
                sure |= 1 << c
        if sure:
            return _best_winner(t, sure)
        if not t.legal & ~SUIT_MASKS[trump]:
            return min(cards_of(beat), key=lambda c: strength[c])  # cheapest ruff
    return discard(t, cards_of(t.legal), led)


def smear(t: Table, legal: list[Card]) -> Card:
    """Partner is sure to win: give it the most points we can spare."""
    trump = t.trump
    pts = POINTS[trump]
    strength = STRENGTH[trump]
    above = ABOVE[trump]
    unseen = t.unseen
    early = len(t.tricks) < 6
    best, best_key = -1, None
    for c in legal:
        # How welcome c is on the partner's trick (trumps last).
        if c >> 3 == trump:
            gift: float = -100 - strength[c]  # trumps only when nothing else is legal
        else:
            gift = float(pts[c])
            if not unseen & above[c] and unseen & SUIT_MASKS[c >> 3] and early:
                gift -= MASTER_KEEP  # a master can win its own trick later
        key = (gift, -strength[c], -c)
        if best_key is None or key > best_key:
            best, best_key = c, key
    assert best_key is not None
    if best_key[0] <= 0 and best >> 3 != trump:
        return discard(t, legal, t.trick[0][1] >> 3)
    return best


def discard(t: Table, legal: list[Card], led: int) -> Card:
    """The card that costs least: low, from a short suit, never a master or a guard."""
    trump = t.trump
    pts = POINTS[trump]
    strength = STRENGTH[trump]
    above = ABOVE[trump]
    hand = t.hand
    unseen = t.unseen
    best, best_cost = -1, 0.0
    for c in legal:
        # What throwing c away costs us.
        s = c >> 3
        if s == trump:
            cost: float = 100 + strength[c] * 3 + pts[c]
        else:
            cost = pts[c] * 2.0 + strength[c] * 0.5
            if not unseen & above[c]:
                cost += 20  # a master
            in_suit = (hand & SUIT_MASKS[s]).bit_count()
            if s != led:
                cost += in_suit * SHORT_SUIT  # short suits first: a void lets us ruff later
                ten = s * 8 + TEN
                if in_suit == 2 and hand >> ten & 1 and c != ten and unseen & above[ten]:
                    cost += 12  # keep the guard of a ten
        if best < 0 or cost < best_cost or cost == best_cost and c < best:
            best, best_cost = c, cost
    return best


def lead(t: Table) -> Card:
    """The card to lead."""
    trump = t.trump
    hand = t.legal
    unseen = t.unseen
    my_trumps = hand & SUIT_MASKS[trump]
    other_trumps = unseen & SUIT_MASKS[trump]
    opps = [(t.seat + 1) & 3, (t.seat + 3) & 3]
    # 1. The taker's side draws trumps with a master trump.
    if t.we_took and my_trumps and other_trumps:
        masters = [c for c in cards_of(my_trumps) if t.is_master(c)]
        opp_trumps_possible = not all(t.voids[o] & (1 << trump) for o in opps)
        if opp_trumps_possible:
            if masters:
                return max(masters, key=lambda c: STRENGTH[trump][c])
            if t.seat == t.taker and my_trumps.bit_count() >= DRAW_LOW_TRUMPS:
                return min(cards_of(my_trumps), key=lambda c: STRENGTH[trump][c])
            if t.seat != t.taker and PARTNER_LEADS_TRUMP and not any(tr[0][1] >> 3 == trump for tr in t.tricks):
                return min(cards_of(my_trumps), key=lambda c: STRENGTH[trump][c])
    # 2. Cash a master side card that will not be ruffed.
    ruffs = _ruff_suits(t, opps)
    above = ABOVE[trump]
    pts = POINTS[trump]
    best, best_key = -1, None
    for c in cards_of(hand & ~SUIT_MASKS[trump]):
        if not unseen & above[c] and _safe_lead(t, c, opps, ruffs):
            key = (pts[c], -c)
            if best_key is None or key > best_key:
                best, best_key = c, key
    if best_key is not None:
        return best
    # 3. Towards the partner's strengths.
    p = t.partner
    pref = (t.led_by[p] | t.won_with[p]) & ~(1 << trump)
    if not t.we_took and other_trumps and not t.voids[p] & (1 << trump):
        pref |= t.voids[p] & ~(1 << trump)  # partner can ruff
    for s in sorted(range(4), key=lambda s: -(hand & SUIT_MASKS[s]).bit_count()):
        if pref >> s & 1 and hand & SUIT_MASKS[s] and not ruffs >> s & 1:
            return min(cards_of(hand & SUIT_MASKS[s]), key=lambda c: (POINTS[trump][c], STRENGTH[trump][c]))
    # 4. A low card that risks little.
    best, best_cost = -1, 0.0
    for c in cards_of(hand):
        cost = _lead_cost(t, c, ruffs)
        if best < 0 or cost < best_cost:  # cards_of is in card order: ties go to the lowest card
            best, best_cost = c, cost
    return best


def _ruff_suits(t: Table, opps: Sequence[int]) -> int:
    """Bit s set when an opponent of ``opps`` is known void in suit s and may still hold trumps."""
    if not t.unseen & SUIT_MASKS[t.trump]:
        return 0
    out = 0
    for o in opps:
        if not t.voids[o] >> t.trump & 1:
            out |= t.voids[o]
    return out


def _safe_lead(t: Table, c: Card, opps: Sequence[int], ruffs: int) -> bool:
    """A master side card led now is unlikely to be ruffed by an opponent (``ruffs``: :func:`_ruff_suits`)."""
    s = c >> 3
    if ruffs >> s & 1:
        return False
    if not t.unseen & SUIT_MASKS[t.trump]:
        return True
    return (t.unseen & SUIT_MASKS[s]).bit_count() >= SAFE_LEAD_LEFT or all(t.voids[o] >> t.trump & 1 for o in opps)


def _lead_cost(t: Table, c: Card, ruffs: int) -> float:
    """How much leading c risks: points, unguarded honours, trumps as a defender (``ruffs``:
    :func:`_ruff_suits`)."""
    trump = t.trump
    s = c >> 3
    pts = POINTS[trump][c]
    cost = pts * 2.0 + STRENGTH[trump][c] * 0.3
    in_suit = (t.hand & SUIT_MASKS[s]).bit_count()
    if s == trump:
        cost += TAKER_TRUMP_LEAD if t.we_took else DEFENDER_TRUMP_LEAD
        return cost
    if c & 7 == TEN and not t.is_master(c):
        cost += 15
    if ruffs >> s & 1:
        cost += 10
    if in_suit == 1 and t.hand & SUIT_MASKS[trump] and pts == 0:
        cost -= 3  # a singleton: the void lets us ruff later
    ten = s * 8 + TEN
    if in_suit == 2 and t.hand >> ten & 1 and c != ten and not t.is_master(ten):
        cost += 10  # would leave the ten bare
    return cost


# ----------------------------------------------------------------------- bidding


def _trump_part(pattern: int) -> float:
    """What the trump suit's cards (``pattern``: bit r = rank r held) add to a hand's value."""
    value = 0.0
    for r in range(8):
        if pattern >> r & 1:
            value += TRUMP_VALUE[r]
    value += max(0, pattern.bit_count() - 2) * EXTRA_TRUMP
    if pattern >> KING & 1 and pattern >> QUEEN & 1:
        value += BELOTE_BONUS
    return value


def _side_part(pattern: int) -> float:
    """What a plain suit's cards add (its void bonus aside: that depends on the trumps held)."""
    if pattern >> ACE & 1:
        return SIDE_ACE + (SIDE_TEN_WITH_ACE if pattern >> TEN & 1 else 0)
    if pattern >> TEN & 1 and pattern.bit_count() >= 2:
        return SIDE_TEN_GUARDED
    return 0.0


def _void_part(voids: int, two_trumps: bool) -> float:
    """What side-suit voids add: something only with two trumps or more to ruff with."""
    return float(voids * VOID_WITH_TRUMPS) if two_trumps else 0.0


# By suit pattern: hand_value is a sum over the suits (Hard's bid reading calls it thousands of times).
TRUMP_PART = tuple(_trump_part(p) for p in range(256))
SIDE_PART = tuple(_side_part(p) for p in range(256))
# By (two trumps or more, side voids): the one statement of the void bonus for every evaluator below.
VOID_PART = tuple(tuple(_void_part(v, bool(t)) for v in range(4)) for t in (0, 1))


def hand_value(hand: Mask, trump: int, first_lead: bool) -> float:
    """A points-like strength of a hand (taken card included) with ``trump`` as trump."""
    trumps = hand >> (trump * 8) & 255
    value = TRUMP_PART[trumps]
    voids = 0
    for s in range(4):
        if s != trump:
            side = hand >> (s * 8) & 255
            value += SIDE_PART[side]
            voids += not side
    value += VOID_PART[trumps & (trumps - 1) != 0][voids]
    if first_lead:
        value += LEAD_BONUS
    return value


def bid(view: Mapping[str, Any]) -> str:
    """Take (or name a suit) when the hand evaluates above the threshold, else pass."""
    hand = mask_of_codes(view["hand"])
    round2 = TAKE not in view["legal_actions"]
    return bid_action(hand, CODE_TO_CARD[view["turned_card"]], view["seat"], view["dealer"], round2)


def round1_value(hand: Mask, turned: Card, seat: int, dealer: int) -> float:
    """Normal's round-1 evaluation of ``hand`` (its five cards) taking the turned card."""
    value = hand_value(hand | (1 << turned), turned >> 3, (seat - dealer) & 1 == 1)
    return value + DEALER_BONUS if seat == dealer else value


@lru_cache(maxsize=4096)
def _suit_parts(pattern: int, is_trump: bool, add: int) -> tuple[tuple[int, float, bool, int], ...]:
    """The sub-patterns of a suit's ``pattern`` grouped by (cards, their part of the hand value
    with ``add`` (the turned card's rank bit, in trumps), whether that is two cards or more (in
    trumps) or none (a void in a side suit)): (cards, part, flag, how many), fewest cards first."""
    part = TRUMP_PART if is_trump else SIDE_PART
    groups: dict[tuple[int, float, bool], int] = {}
    sub = pattern
    while True:
        full = sub | add
        key = (sub.bit_count(), part[full], full & (full - 1) != 0 if add else not full)
        groups[key] = groups.get(key, 0) + 1
        if not sub:
            break
        sub = (sub - 1) & pattern
    return tuple(sorted((k, v, f, n) for (k, v, f), n in groups.items()))


def round1_takes(cards: Mask, turned: Card, seat: int, dealer: int) -> tuple[int, int]:
    """Of the five-card parts of ``cards`` (``cards`` itself if it has five or fewer), how many
    :func:`round1_value` takes with, and how many parts there are.

    The count that :func:`round1_value` gives part by part, without listing the parts:
    :func:`hand_value` is a sum over the suits (plus the voids' bonus), so each suit's
    sub-patterns are grouped by what they add and the groups combined (Hard reads the bids of
    every deal it samples this way). Every term is a whole number, so the sums are exact in
    any order."""
    trump = turned >> 3
    size = min(5, cards.bit_count())
    base = (LEAD_BONUS if (seat - dealer) & 1 == 1 else 0) + (DEALER_BONUS if seat == dealer else 0)
    trumps = _suit_parts(cards >> (trump * 8) & 255, True, 1 << (turned & 7))
    s1, s2, s3 = (_suit_parts(cards >> (s * 8) & 255, False, 0) for s in range(4) if s != trump)
    # The last two side suits merged: by cards, (their parts, their voids, how many).
    rest: dict[int, list[tuple[float, int, int]]] = {}
    for k2, b2, v2, c2 in s2:
        for k3, b3, v3, c3 in s3:
            rest.setdefault(k2 + k3, []).append((b2 + b3, v2 + v3, c2 * c3))
    takes = total = 0
    for kt, a, two, ct in trumps:
        for k1, b1, v1, c1 in s1:
            if kt + k1 > size:
                break
            for b23, v23, c23 in rest.get(size - kt - k1, ()):
                voids = v1 + v23
                value = a + b1 + b23 + base + VOID_PART[two][voids]
                n = ct * c1 * c23
                total += n
                if value >= TAKE_THRESHOLD:
                    takes += n
    return takes, total


def bid_action(hand: Mask, turned: Card, seat: int, dealer: int, round2: bool) -> str:
    """Normal's bid holding ``hand`` (its five cards): round 1 take or pass, round 2 the best suit or pass."""
    if not round2:
        return TAKE if round1_value(hand, turned, seat, dealer) >= TAKE_THRESHOLD else PASS
    # hand_value for each named suit, from the four suits' parts computed once (Hard reads
    # the bids of every deal it samples this way). Every part is a whole number, so the sums
    # equal hand_value's exactly.
    with_turned = hand | (1 << turned)
    patterns = [with_turned >> (s * 8) & 255 for s in range(4)]
    sides = [SIDE_PART[p] for p in patterns]
    side_total = sides[0] + sides[1] + sides[2] + sides[3]
    voids = patterns.count(0)
    lead = LEAD_BONUS if (seat - dealer) & 1 == 1 else 0  # our side holds the seat at the dealer's left
    best, best_value = PASS, float(ROUND2_THRESHOLD)
    for action, named in ROUND2_NAMED[turned >> 3]:
        trumps = patterns[named]
        # voids may count the named suit only when it is empty, and then VOID_PART adds nothing
        v = TRUMP_PART[trumps] + side_total - sides[named] + lead + VOID_PART[trumps & (trumps - 1) != 0][voids]
        if v > best_value:
            best, best_value = action, v
    return best


def _named(action: str, turned_suit: int) -> tuple[str, int]:
    """A round-2 naming bid with the suit it names."""
    suit = bid_trump(action, turned_suit)
    assert suit is not None
    return action, suit


# Round 2's naming bids with their suits, by the turned suit.
ROUND2_NAMED: tuple[tuple[tuple[str, int], ...], ...] = tuple(
    tuple(_named(action, turned_suit) for action in ROUND2_ACTIONS[turned_suit][1:]) for turned_suit in range(4)
)
