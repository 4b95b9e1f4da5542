"""One named test per obligation and scoring rule of RULES.md, on exact scripted deals.

Each situation is built with Game(decks=[...]) from the hands the test wants (helpers.py
turns hands into a deck in the documented deck order).  Expected values are written
out from RULES.md by hand, never computed by the engine.
"""

from __future__ import annotations

import random

import pytest

from belote import Game
from helpers import (
    bid_to,
    build_deck,
    cards,
    new_game,
    of_type,
    play_cards,
    play_out_deal,
    random_decks,
    throw_in,
)

TRUMP_ORDER = "J9ATKQ87"  # strongest first (RULES.md)
PLAIN_ORDER = "ATKQJ987"
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"J": 2, "9": 0, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
RANKS = "789TJQKA"
SUITS = "CDHS"


def card_order(cs):
    return sorted(cs, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0])))


def situation(hands, turned, taker, plays, void=None, trump=None):
    """A game on its first trick (seat 0 leads, dealer 3) after `plays`."""
    g = new_game(hands, turned, taker, trump=trump, void=void)
    assert g.to_act == 0
    play_cards(g, plays)
    return g


def hand_of(g, seat):
    return g.view(seat)["hand"]


# --------------------------------------------------------------------------------------
# What a player may play
# --------------------------------------------------------------------------------------

def test_leader_may_play_any_card():
    """1. Leading: any card of the hand, in card-int order."""
    g = situation({0: "JH 7C AS TD 8H"}, "JH", 0, "")
    assert g.legal_actions() == card_order(hand_of(g, 0))
    assert len(g.legal_actions()) == 8


FOLLOW_CASES = [
    # (id, hands, void, turned, taker, plays, expected)
    ("follow-spade-with-trumps-in-hand", {0: "AS JH", 1: "7S KS 7H 8H 7C 8C 7D 8D"}, None,
     "JH", 0, "AS", ["7S", "KS"]),
    ("follow-lower-card-allowed", {0: "7S JH", 1: "8S AS 9H 7C 8C 7D 8D TC"}, None,
     "JH", 0, "7S", ["8S", "AS"]),
    ("follow-partner-winning-still-follows", {0: "AS JH", 1: "7S", 2: "8S 9S 7H 8H 7C 8C 9C TC"},
     {1: "H"}, "JH", 0, "AS 7S", ["8S", "9S"]),
]


@pytest.mark.parametrize("hands,void,turned,taker,plays,expected",
                         [c[1:] for c in FOLLOW_CASES], ids=[c[0] for c in FOLLOW_CASES])
def test_follow_suit_when_plain_suit_led(hands, void, turned, taker, plays, expected):
    """2a. Holding a non-trump suit led: any card of that suit, nothing else (no trumping)."""
    g = situation(hands, turned, taker, plays, void=void)
    assert g.legal_actions() == expected


def test_trump_led_must_overtrump_even_when_partner_wins():
    """2b. Trump led: a higher trump is compulsory even if the partner is winning."""
    # seat 0 leads AH, seat 1 plays 7H (its only trump), seat 2 (partner, holding J 9 8 K) must beat AH
    g = situation({0: "TH AH", 1: "7H", 2: "JH 9H 8H KH"}, "TH", 0, "AH 7H", void={1: "H"})
    assert g.legal_actions() == ["9H", "JH"]


def test_trump_led_no_higher_trump_any_trump():
    """2b. Trump led and no trump higher than those in the trick: any trump (not a discard)."""
    g = situation({0: "JH AS", 1: "7H 9H QH AC KC"}, "AS", 0, "JH", trump="H")
    assert g.legal_actions() == ["7H", "9H", "QH"]


FREE_DISCARD_PARTNER = [
    # partner (seat 1) trumped the spade lead; seat 3 void in spades, holds trumps
    ("partner-winning-by-trump",
     {0: "7S", 1: "8H", 2: "KS", 3: "7H 9H 7C 8C AD TD 7D QC"}, {1: "S", 3: "S"}, "JH", 0,
     "7S 8H KS", ["7C", "8C", "QC", "7D", "TD", "AD", "7H", "9H"]),
    # partner (seat 0) leads the ace; seat 2 void in spades, holds trumps
    ("partner-winning-by-plain-card",
     {0: "AS", 1: "7S", 2: "7H 9H 7C 8C AD TD 7D QC"}, {2: "S"}, "JH", 0,
     "AS 7S", ["7C", "8C", "QC", "7D", "TD", "AD", "7H", "9H"]),
]


@pytest.mark.parametrize("hands,void,turned,taker,plays,expected",
                         [c[1:] for c in FREE_DISCARD_PARTNER], ids=[c[0] for c in FREE_DISCARD_PARTNER])
def test_void_partner_winning_free_discard(hands, void, turned, taker, plays, expected):
    """3a. Not holding the suit led while the partner is winning: any card."""
    g = situation(hands, turned, taker, plays, void=void)
    assert g.legal_actions() == card_order(expected)


MUST_TRUMP = [
    # seat 1 void in spades after seat 0's ace: any trump (no trump in the trick yet)
    ("opponent-led", {0: "AS", 1: "7H 8H 7C 8C 9C TC JC QC"}, {1: "S"}, "JH", 0, "AS",
     ["7H", "8H"]),
    # partner led, but an opponent now wins with a higher card of the suit
    ("opponent-overtook-partner", {0: "KS", 1: "AS", 2: "7H QH 7C 8C 9C TC JC QC"}, {2: "S"},
     "JH", 0, "KS AS", ["7H", "QH"]),
]


@pytest.mark.parametrize("hands,void,turned,taker,plays,expected",
                         [c[1:] for c in MUST_TRUMP], ids=[c[0] for c in MUST_TRUMP])
def test_void_opponent_winning_must_trump(hands, void, turned, taker, plays, expected):
    """3b. Not holding the suit led, an opponent winning, holding trumps: must trump."""
    g = situation(hands, turned, taker, plays, void=void)
    assert g.legal_actions() == expected


def test_void_opponent_trumped_must_overtrump():
    """3b. An opponent trumped: a higher trump is compulsory when held."""
    # seat 1 trumps 9H on the 7S lead; seat 2 (void in spades) holds JH and 7H
    g = situation({0: "7S", 1: "9H", 2: "JH 7H 7C 8C 9C TC QC KC"}, "AH", 0, "7S 9H",
                  void={1: "S", 2: "S"})
    assert g.legal_actions() == ["JH"]


def test_void_opponent_trumped_no_higher_must_undertrump():
    """3b. An opponent trumped and no higher trump held: must still play a trump (under-trump)."""
    g = situation({0: "7S", 1: "9H", 2: "7H 8H 7C 8C 9C TC QC KC"}, "AH", 0, "7S 9H",
                  void={1: "S", 2: "S"})
    assert g.legal_actions() == ["7H", "8H"]


NO_TRUMP_DISCARD = [
    ("plain-suit-led", {0: "AS", 1: "7C 8C 9C TC 7D 8D 9D TD"}, {1: "SH"}, "JH", 0, "AS"),
    ("trump-led-no-trump-held", {0: "JH", 1: "7C 8C 9C TC 7D 8D 9D TD"}, {1: "H"}, "JH", 0, "JH"),
]


@pytest.mark.parametrize("hands,void,turned,taker,plays",
                         [c[1:] for c in NO_TRUMP_DISCARD], ids=[c[0] for c in NO_TRUMP_DISCARD])
def test_void_and_no_trump_free_discard(hands, void, turned, taker, plays):
    """3c. Not holding the suit led and no trump: any card."""
    g = situation(hands, turned, taker, plays, void=void)
    assert g.legal_actions() == card_order(cards(hands[1]))


def test_partner_overtrumped_by_opponent_must_overtrump():
    """'Currently winning' is the trick so far: once an opponent over-trumps the partner, trumping higher is due."""
    # seat 0 leads 7S; seat 1 trumps 8H; seat 2 over-trumps 9H; seat 3 (void in spades, its
    # partner seat 1 now beaten) must beat the 9H: only the JH qualifies
    g = situation({0: "7S", 1: "8H", 2: "9H", 3: "JH 7H 7C 8C 9C TC QC KC"}, "JH", 3, "7S 8H 9H",
                  void={1: "S", 2: "S", 3: "S"})
    assert g.legal_actions() == ["JH"]


# --------------------------------------------------------------------------------------
# Trick winners and card orders
# --------------------------------------------------------------------------------------

TRICKS = [
    # (id, hands, void, plays (first trick, seats 0..3), winner)
    ("no-trump-highest-of-led-suit", {0: "KS", 1: "7S", 2: "AS", 3: "TS"}, None, "KS 7S AS TS", 2),
    ("no-trump-offsuit-ace-loses", {0: "9S", 1: "AC", 2: "7S", 3: "AD"}, {1: "SH", 3: "SH"},
     "9S AC 7S AD", 0),
    ("lowest-trump-beats-ace", {0: "AS", 1: "7H", 2: "TS", 3: "KS"}, {1: "S"}, "AS 7H TS KS", 1),
    ("highest-trump-wins", {0: "AS", 1: "8H", 2: "9H", 3: "KS"}, {1: "S", 2: "S"}, "AS 8H 9H KS", 2),
    ("trump-led-highest-trump", {0: "KH", 1: "9H", 2: "7H", 3: "JH"}, {2: "H"}, "KH 9H 7H JH", 3),
]


@pytest.mark.parametrize("hands,void,plays,winner", [c[1:] for c in TRICKS], ids=[c[0] for c in TRICKS])
def test_trick_winner(hands, void, plays, winner):
    """The trick goes to the highest trump in it, or else to the highest card of the suit led."""
    turned = "AH" if "AH" not in " ".join(hands.values()) else "TH"
    hands = dict(hands)
    taker = 0
    if turned not in hands[0]:
        hands[0] = hands[0] + " " + turned
    g = new_game(hands, turned, taker, void=void)
    events = play_cards(g, plays)
    tricks = of_type(events, "trick")
    assert len(tricks) == 1
    assert tricks[0]["winner"] == winner
    assert g.to_act == winner, "the winner leads the next trick"
    assert g.view(0)["leader"] == winner


def stronger(a, b, order):
    return order.index(a[0]) < order.index(b[0])


@pytest.mark.parametrize("led", [r + "H" for r in TRUMP_ORDER])
def test_trump_order_J_9_A_T_K_Q_8_7(led):
    """Trump order J 9 A 10 K Q 8 7: the trumps that beat the led trump are exactly the stronger ones."""
    others = [r + "H" for r in TRUMP_ORDER if r + "H" != led]
    turned = others[-1]  # seat 1 takes and keeps all the other trumps
    hands = {0: led, 1: " ".join(others)}
    g = new_game(hands, turned, 1, void={0: "H", 2: "H", 3: "H"})
    play_cards(g, led)
    higher = [c for c in others if stronger(c, led, TRUMP_ORDER)]
    assert g.legal_actions() == card_order(higher or others)
    # play the weakest legal card and check who wins
    pick = min(g.legal_actions(), key=lambda c: -TRUMP_ORDER.index(c[0]))
    events = play_cards(g, [pick])
    while g.view(0)["trick"]:
        events += g.play(g.legal_actions()[0])
    assert of_type(events, "trick")[0]["winner"] == (1 if higher else 0)


PLAIN_PAIRS = [(PLAIN_ORDER[i] + "S", PLAIN_ORDER[i + 1] + "S") for i in range(7)]


@pytest.mark.parametrize("hi,lo", PLAIN_PAIRS, ids=[f"{h}>{l}" for h, l in PLAIN_PAIRS])
@pytest.mark.parametrize("hi_first", [True, False], ids=["hi-led", "lo-led"])
def test_plain_order_A_T_K_Q_J_9_8_7(hi, lo, hi_first):
    """Plain-suit order A 10 K Q J 9 8 7 decides a trick without trumps."""
    first, second = (hi, lo) if hi_first else (lo, hi)
    hands = {0: first + " AH", 1: second}
    g = new_game(hands, "AH", 0, void={2: "SH", 3: "SH"})
    events = play_cards(g, [first, second])
    for _ in range(2):
        events += g.play(g.legal_actions()[0])
    assert of_type(events, "trick")[0]["winner"] == (0 if hi_first else 1)


# --------------------------------------------------------------------------------------
# Card points
# --------------------------------------------------------------------------------------

POINT_CASES = [(r + "H", True) for r in RANKS] + [(r + "S", False) for r in RANKS]


@pytest.mark.parametrize("card,is_trump", POINT_CASES,
                         ids=[f"{c}-{'trump' if t else 'plain'}" for c, t in POINT_CASES])
def test_card_points_table(card, is_trump):
    """Card points: trump J20 9:14 A11 T10 K4 Q3 8:0 7:0; other suits J2 9:0 A11 T10 K4 Q3 8:0 7:0."""
    if is_trump:
        # seat 0 holds every trump (hearts) and leads `card`; the others discard 7C 8C 7D (0 each)
        turned = "7H" if card != "7H" else "8H"
        hands = {0: "7H 8H 9H TH JH QH KH AH", 1: "7C", 2: "8C", 3: "7D"}
        g = new_game(hands, turned, 0, void={1: "H", 2: "H", 3: "H"})
        events = play_cards(g, [card, "7C", "8C", "7D"])
        expected = TRUMP_POINTS[card[0]]
    else:
        # seat 0 holds every spade and leads `card`; 7C and 8C are discarded (0 each) and
        # seat 3, holding only hearts (trump), must trump with the 7H (0)
        hands = {0: "7S 8S 9S TS JS QS KS AS", 1: "7C", 2: "8C", 3: "7H 8H 9H TH JH QH KH AH"}
        g = new_game(hands, "8H", 3, void={1: "SH", 2: "SH"})
        events = play_cards(g, [card, "7C", "8C", "7H"])
        expected = PLAIN_POINTS[card[0]]
    trick = of_type(events, "trick")[0]
    assert trick["points"] == expected
    assert g.view(0)["trick_points"][trick["winner"] % 2] == expected


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_last_trick_ten_and_162_per_deal(seed):
    """The last trick earns 10 more; cards plus last trick make 162 in every deal."""
    rng = random.Random(seed)
    deck = random_decks(rng, 1)[0]
    g = Game(seed=seed, decks=[deck])
    g.play("take")
    trump = g.view(0)["trump"]
    events = play_out_deal(g, choose=lambda legal: rng.choice(legal))
    tricks = of_type(events, "trick")
    assert len(tricks) == 8
    for i, t in enumerate(tricks):
        table = [TRUMP_POINTS if c["card"][1] == trump else PLAIN_POINTS for c in t["cards"]]
        base = sum(tb[c["card"][0]] for tb, c in zip(table, t["cards"]))
        assert t["points"] == base + (10 if i == 7 else 0), (i, t)
    assert sum(t["points"] for t in tricks) == 162
    row = of_type(events, "deal_scored")[0]
    if row["capot"] is None:
        assert sum(row["card_points"]) == 162
    else:
        assert sorted(row["card_points"]) == [0, 252]


# --------------------------------------------------------------------------------------
# Belote - rebelote
# --------------------------------------------------------------------------------------

def _belote_pairs(events):
    """(card event, following event) pairs for the belote events."""
    out = []
    for i, e in enumerate(events):
        if e["type"] == "belote":
            out.append((events[i - 1], e))
    return out


@pytest.mark.parametrize("holder,taker", [(2, 0), (1, 0)], ids=["takers-side", "defenders-side"])
def test_belote_rebelote_announced_in_order_with_seat(holder, taker):
    """Holding K+Q of trump: 'belote' right after the first of them, 'rebelote' after the second, seat named."""
    # seat 0 leads 7H; seat 1 plays 8H (or its Q if it is the holder); the holder plays the Q first
    if holder == 2:
        hands = {0: "JH 7H", 1: "8H", 2: "QH KH"}
        void = {1: "H", 2: "H", 3: "H"}
        first = "7H 8H QH"
    else:
        hands = {0: "JH 7H", 1: "QH KH", 2: "8H"}
        void = {1: "H", 2: "H", 3: "H"}
        first = "7H QH 8H"
    g = new_game(hands, "JH", taker, void=void)
    events = play_cards(g, first)
    while g.view(0)["trick"]:
        events += g.play(g.legal_actions()[0])
    assert g.to_act == holder  # the Q won the trick
    events += play_cards(g, "KH")
    events += play_out_deal(g)
    pairs = _belote_pairs(events)
    assert [(c["card"], b["seat"], b["call"]) for c, b in pairs] == [
        ("QH", holder, "belote"), ("KH", holder, "rebelote")]
    for c, b in pairs:
        assert c["type"] == "card" and c["seat"] == holder
    row = of_type(events, "deal_scored")[0]
    expected = [0, 0]
    expected[holder % 2] = 20
    assert row["belote"] == expected


@pytest.mark.parametrize("turned,other", [("KH", "QH"), ("QH", "KH")])
def test_belote_with_the_picked_up_turned_card(turned, other):
    """The turned K (or Q) of trump picked up by the taker counts for belote."""
    g = new_game({0: f"{turned} {other}"}, turned, 0)
    events = play_cards(g, turned)
    assert [e for e in events if e["type"] == "belote"] == [{"type": "belote", "seat": 0, "call": "belote"}]
    events = play_out_deal(g, choose=lambda legal: other if other in legal else legal[0])
    assert {"type": "belote", "seat": 0, "call": "rebelote"} in events
    assert of_type(events, "deal_scored")[0]["belote"] == [20, 0]


def test_belote_with_cards_received_at_completion():
    """K and Q held once the deal is completed (one arriving with the last 3 cards) make belote."""
    # seat 1's first five are 7C 8C 9C TC QH; the KH arrives at completion
    deck = build_deck({1: "7C 8C 9C TC QH KH JC QC"}, "JH", taker=0)
    assert deck.index("KH") >= 21, "the KH is dealt at completion"
    g = Game(seed=1, decks=[deck])
    g.play("take")
    events = play_out_deal(g, choose=lambda legal: [c for c in legal if c in ("KH", "QH")][0]
                           if any(c in ("KH", "QH") for c in legal) else legal[0])
    assert [(e["seat"], e["call"]) for e in of_type(events, "belote")] == [(1, "belote"), (1, "rebelote")]


def test_no_belote_when_K_and_Q_are_split():
    """K and Q of trump in two hands (even partners') announce nothing."""
    g = new_game({0: "KH", 2: "QH"}, "JH", 0)
    events = play_out_deal(g)
    assert of_type(events, "belote") == []
    assert of_type(events, "deal_scored")[0]["belote"] == [0, 0]


# --------------------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------------------

# Deals found with tests/reference.py and checked by hand; dealer 3, seat 0 takes the
# turned suit in round 1 and the cards are played in this order.
MADE = dict(hands={0: "8C 9H 9S KC TS KH 8H TD", 1: "7S JC JH 7D JS QC QH QD",
                   2: "TH 8D 9D TC 7H JD 8S AH", 3: "7C QS KS KD AS AC AD 9C"},
            turned="KH", seq="TD 7D 8D KD KH JH TH QS QD JD AD 9H TS 7S 8S KS KC QC TC 9C "
                             "7H AS 8H QH JS AH AC 9S 9D 7C 8C JC")  # 111 - 51
DEDANS = dict(hands={0: "KD 9D 8S AD 9H QH 7S QS", 1: "JD 7H TH 8H 7C 9C JS KS",
                     2: "9S KH AC AS 7D KC JC 8D", 3: "TD TC JH QD QC AH 8C TS"},
              turned="QH", seq="7S JS 9S TS QD 9D JD 7D AH 9H 8H KH KD TH 8D TD 7C JC 8C 8S "
                               "AS JH QS KS TC QH 9C AC AD 7H KC QC")  # 55 - 107
DEDANS_DEF_BELOTE = dict(
    hands={0: "TD JC 8C 8H TH 7H 9S KC", 1: "KD 9C QH AS JH 8S KH 8D",
           2: "TS QS AD 7S 7D 9H AH TC", 3: "KS AC QD 7C JS 9D QC JD"},
    turned="7H", seq="9S 8S 7S KS 9D TD 8D 7D 8C 9C TC 7C AD QD TH KD JC JH AH AC AS TS JS 7H "
                     "8H QH 9H JD QS QC KC KH")  # 90 - 72, belote to seat 1
DEDANS_TAKER_BELOTE = dict(
    hands={0: "7D TS KS 8C 8D QS TH KC", 1: "8S KD 9S 9H 7H QH QC JH",
           2: "QD 8H 9C KH JC TD AH AD", 3: "TC 9D AC AS JS 7S JD 7C"},
    turned="QS", seq="TH 7H AH JS 9D 8D KD TD AD JD 7D 9S QC JC 7C KC 8C 8S 9C TC QH 8H AC QS "
                     "TS 9H KH AS 7S KS JH QD")  # 59 - 103, belote to seat 0 (taker)
MADE_DEF_BELOTE = dict(
    hands={0: "JD JC AD AC QS TC 8H JH", 1: "QH 7S KD 8C 9C AS QD TD",
           2: "7H AH JS 8D TH 7C TS 8S", 3: "KC KH 9D 7D 9H QC KS 9S"},
    turned="TC", seq="JH QH 7H KH QC AC 9C 7C 7S 8S KS QS 9H 8H 8C TH AS JS 9S TC JD QD 8D 7D "
                     "KD AH 9D AD JC TD TS KC")  # 103 - 59, belote to seat 3 (defender)
CAPOT_DEF_BELOTE = dict(
    hands={0: "JH 7S AS 9H TC AH TH 8C", 1: "KH TD JC QC KD 7D 9C QH",
           2: "AC 8H 8D TS QS KS AD 9D", 3: "QD 7H JS 7C 8S JD KC 9S"},
    turned="AH", seq="JH QH 8H 7H 9H KH AD 7C AH 7D AC 8S TH 9C TS 9S AS JC KS JS TC QC QS KC "
                     "8C KD 9D JD 7S TD 8D QD")  # takers win all 8 tricks, belote to seat 1
LITIGE = dict(hands={0: "TC KS 8S 9S AS TH KC 8H", 1: "AH QD QS 9H JD QH AC 7S",
                     2: "7C AD JC JS KH JH TD 7D", 3: "TS QC 8C 9C KD 8D 9D 7H"},
              turned="TH", seq="8H 9H JH 7H 7D 9D TH QD KC AC JC 9C JD AD 8D 9S TD KD TC AH "
                               "QS JS TS 8S 8C AS QH 7C 7S KH QC KS")  # 81 - 81
LITIGE_TAKER_BELOTE = dict(
    hands={0: "JS JD 9S TD JH 8C 7C TC", 1: "KS AH TH AS AC 9H 8S 9C",
           2: "KC QS QH JC 7D KH 7H QC", 3: "TS 7S AD 9D KD QD 8D 8H"},
    turned="8C", seq="9S 8S QS TS AD TD AH 7D QD JD KS QC JC KD TC AC QH 8H JH TH 9C KC 9D 7C "
                     "AS 7H 7S JS 9H KH 8D 8C")  # 71 + 20 belote (seat 2) = 91 - 91


def rotated(deal, k):
    """The same deal shifted k seats to the left (for the deal k places later: dealer+k)."""
    return dict(hands={(s + k) % 4: h for s, h in deal["hands"].items()},
                turned=deal["turned"], seq=deal["seq"], taker=k % 4)


def deck_of(deal, k=0):
    d = rotated(deal, k)
    return build_deck(d["hands"], d["turned"], taker=d["taker"], dealer=(3 + k) % 4)


def play_deal(g, deal, k):
    """Bid (taker = seat k takes the turned suit in round 1) and play the scripted cards."""
    d = rotated(deal, k)
    events = bid_to(g, d["taker"], d["turned"][1])
    events += play_cards(g, d["seq"])
    return events


def scored(events):
    rows = of_type(events, "deal_scored")
    assert len(rows) == 1
    return rows[0]


def run_deal(deal, target=1000):
    g = Game(seed=1, target=target, decks=[deck_of(deal)])
    return g, scored(play_deal(g, deal, 0))


def test_made_each_team_scores_its_total():
    """Made: takers' total above the defenders': each team scores its own total."""
    g, row = run_deal(MADE)
    assert (row["result"], row["card_points"], row["belote"], row["points"]) == (
        "made", [111, 51], [0, 0], [111, 51])
    assert g.view(0)["scores"] == [111, 51]


def test_dedans_defenders_score_162():
    """Dedans: takers' total below the defenders': defenders 162, takers nothing."""
    g, row = run_deal(DEDANS)
    assert (row["result"], row["card_points"], row["points"]) == ("dedans", [55, 107], [0, 162])
    assert row["capot"] is None


def test_dedans_when_defenders_hold_belote():
    """Takers' card points above 81 are not enough if the defenders' belote makes their total higher."""
    g, row = run_deal(DEDANS_DEF_BELOTE)
    # takers 90 < defenders 72 + 20 = 92
    assert (row["result"], row["card_points"], row["belote"], row["points"]) == (
        "dedans", [90, 72], [0, 20], [0, 182])
    belotes = [(e["seat"], e["call"]) for e in of_type(play_cards_log(DEDANS_DEF_BELOTE), "belote")]
    assert belotes == [(1, "belote"), (1, "rebelote")]


def play_cards_log(deal):
    g = Game(seed=1, decks=[deck_of(deal)])
    return play_deal(g, deal, 0)


def test_failing_takers_keep_their_belote():
    """Dedans with the takers' belote: defenders 162, the takers keep their 20."""
    g, row = run_deal(DEDANS_TAKER_BELOTE)
    assert (row["result"], row["card_points"], row["belote"], row["points"]) == (
        "dedans", [59, 103], [20, 0], [20, 162])


def test_made_defenders_keep_their_belote():
    """Made against the defenders' belote: the defenders score their cards plus 20."""
    g, row = run_deal(MADE_DEF_BELOTE)
    assert (row["result"], row["card_points"], row["belote"], row["points"]) == (
        "made", [103, 59], [0, 20], [103, 79])


def test_capot_by_takers_against_defenders_belote():
    """A capot does not take the defenders' belote: 252 for the takers, 20 for the defenders."""
    g, row = run_deal(CAPOT_DEF_BELOTE)
    assert (row["result"], row["capot"], row["card_points"], row["belote"], row["points"]) == (
        "made", 0, [252, 0], [0, 20], [252, 20])


def test_litige_defenders_score_takers_points_held():
    """Litige: equal totals; defenders score theirs, takers nothing, takers' card points held in reserve."""
    g, row = run_deal(LITIGE)
    assert (row["result"], row["card_points"], row["points"], row["reserve"]) == (
        "litige", [81, 81], [0, 81], 81)
    assert g.view(0)["reserve"] == 81
    assert g.view(0)["scores"] == [0, 81]


def test_litige_with_takers_belote():
    """Litige with the takers' belote: they keep the 20; only their card points go to the reserve."""
    g, row = run_deal(LITIGE_TAKER_BELOTE)
    assert (row["result"], row["card_points"], row["belote"], row["points"], row["reserve"]) == (
        "litige", [71, 91], [20, 0], [20, 91], 71)


def test_litige_twice_reserve_adds_up_then_paid_to_team_scoring_more():
    """Reserve of two litiges in a row adds up and goes to the team that scores more next."""
    decks = [deck_of(LITIGE, 0), deck_of(LITIGE, 1), deck_of(MADE, 2)]
    g = Game(seed=1, decks=decks)
    r0 = scored(play_deal(g, LITIGE, 0))  # seat 0 takes: [0, 81], reserve 81
    r1 = scored(play_deal(g, LITIGE, 1))  # seat 1 takes: [81, 0], reserve 162
    r2 = scored(play_deal(g, MADE, 2))  # seat 2 takes and makes 111 - 51: team 0 scores more
    assert (r0["points"], r0["reserve"]) == ([0, 81], 81)
    assert (r1["result"], r1["points"], r1["reserve"], r1["reserve_paid"]) == ("litige", [81, 0], 162, [0, 0])
    assert (r2["result"], r2["reserve_paid"], r2["points"], r2["reserve"]) == (
        "made", [162, 0], [111 + 162, 51], 0)
    assert g.view(0)["scores"] == [81 + 273, 81 + 51]
    assert g.view(0)["reserve"] == 0


def test_reserve_paid_to_defenders_when_takers_fail():
    """After a litige, a dedans pays the reserve to the defenders (the team scoring more)."""
    decks = [deck_of(LITIGE, 0), deck_of(DEDANS, 1)]
    g = Game(seed=1, decks=decks)
    scored(play_deal(g, LITIGE, 0))  # [0, 81], reserve 81
    r1 = scored(play_deal(g, DEDANS, 1))  # seat 1 takes and fails: team 0 defends, 162
    assert (r1["result"], r1["reserve_paid"], r1["points"], r1["reserve"]) == (
        "dedans", [81, 0], [162 + 81, 0], 0)
    assert g.view(0)["scores"] == [243, 81]


def test_thrown_in_deal_does_not_pay_the_reserve():
    """A thrown-in deal after a litige neither scores nor pays the reserve; the next played deal does."""
    decks = [deck_of(LITIGE, 0), build_deck({}, "7C"), deck_of(MADE, 2)]
    g = Game(seed=1, decks=decks)
    scored(play_deal(g, LITIGE, 0))
    events = []
    for _ in range(8):
        events += g.play("pass")
    assert of_type(events, "deal_scored") == []
    assert len(of_type(events, "thrown_in")) == 1
    assert g.view(0)["reserve"] == 81 and g.view(0)["scores"] == [0, 81]
    r2 = scored(play_deal(g, MADE, 2))
    assert (r2["reserve_paid"], r2["points"]) == ([81, 0], [192, 51])


def test_capot_by_the_takers_252():
    """Takers win all 8 tricks: card total 252 (not 162), defenders 0."""
    # seat 3 holds every trump (with K+Q) and takes: it wins every trick
    hands = {0: "7S 8S 9S TS JS QS KS AS", 1: "7C 8C 9C TC JC QC KC AC",
             2: "7D 8D 9D TD JD QD KD AD", 3: "7H 8H 9H TH JH QH KH AH"}
    g = new_game(hands, "JH", 3)
    events = play_out_deal(g)
    assert [t["winner"] for t in of_type(events, "trick")] == [3] * 8
    row = scored(events)
    assert (row["result"], row["capot"], row["card_points"], row["belote"], row["points"]) == (
        "made", 1, [0, 252], [0, 20], [0, 272])


def test_capot_by_the_defenders_252():
    """Defenders win all 8 tricks: they score 252 plus their belote, the takers nothing."""
    # seat 0 names hearts in round 2 but seat 3 holds every heart
    hands = {0: "7S 8S 9S TS JS QS KS AS", 1: "7C 8C 9C TC JC QC KC AC",
             2: "7D 8D 9D TD JD QD KD AD", 3: "7H 8H 9H TH JH QH KH AH"}
    g = new_game(hands, "AS", 0, trump="H")
    assert g.view(0)["trump"] == "H" and g.view(0)["taker"] == 0
    events = play_out_deal(g)
    row = scored(events)
    assert (row["result"], row["capot"], row["card_points"], row["belote"], row["points"]) == (
        "dedans", 1, [0, 252], [0, 20], [0, 272])


# --------------------------------------------------------------------------------------
# The deal: dealing, bidding, completion, rotation
# --------------------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", [3, 0, 1, 2])
def test_deal_order_3_then_2_from_dealers_left(dealer):
    """Deal: 3 cards each from the dealer's left, then 2 each, then the turned card."""
    rng = random.Random(dealer)
    pre = (dealer - 3) % 4
    decks = random_decks(rng, pre + 1)
    g = Game(seed=5, decks=decks)
    for _ in range(pre):
        throw_in(g)
    d = decks[pre]
    v = g.view(0)
    assert v["dealer"] == dealer and v["deal_number"] == pre and v["phase"] == "bid1"
    assert v["turned_card"] == d[20]
    for i in range(4):
        seat = (dealer + 1 + i) % 4
        expected = d[3 * i: 3 * i + 3] + d[12 + 2 * i: 14 + 2 * i]
        assert sorted(g.view(seat)["hand"]) == sorted(expected)
    assert g.view(0)["hand_sizes"] == [5, 5, 5, 5]
    assert g.to_act == (dealer + 1) % 4


@pytest.mark.parametrize("taker", [0, 1, 2, 3])
def test_completion_three_each_taker_two_plus_turned(taker):
    """Completion from the dealer's left: 3 more cards each, the taker 2 plus the turned card."""
    rng = random.Random(100 + taker)
    d = random_decks(rng, 1)[0]
    g = Game(seed=5, decks=[d])
    first5 = {s: set(g.view(s)["hand"]) for s in range(4)}
    bid_to(g, taker, d[20][1])
    pos = 21
    for seat in (0, 1, 2, 3):  # dealer 3: from seat 0
        n = 2 if seat == taker else 3
        expected = first5[seat] | set(d[pos: pos + n]) | ({d[20]} if seat == taker else set())
        pos += n
        assert set(g.view(seat)["hand"]) == expected, seat
    assert g.view(0)["hand_sizes"] == [8, 8, 8, 8]


def test_round1_offers_pass_and_take():
    """Round 1: each player from the dealer's left may 'pass' or 'take' the turned suit."""
    g = Game(seed=3)
    for seat in (0, 1, 2, 3):
        assert g.to_act == seat
        assert g.legal_actions() == ["pass", "take"]
        g.play("pass")
    assert g.view(0)["phase"] == "bid2"


@pytest.mark.parametrize("suit", list(SUITS))
def test_round2_never_offers_the_turned_suit(suit):
    """Round 2: 'pass' or name any suit but the turned one, from the dealer's left."""
    g = Game(seed=1, decks=[build_deck({}, "7" + suit)])
    for _ in range(4):
        g.play("pass")
    assert g.view(0)["phase"] == "bid2"
    assert g.to_act == 0
    assert g.legal_actions() == ["pass"] + ["take:" + s for s in SUITS if s != suit]


@pytest.mark.parametrize("round2", [False, True], ids=["round1", "round2"])
def test_first_take_ends_the_bidding(round2):
    """The first take ends the bidding; the taker picks up the turned card; play starts."""
    g = Game(seed=1, decks=[build_deck({}, "7S")])
    if round2:
        for _ in range(4):
            g.play("pass")
    g.play("pass")
    events = g.play("take:H" if round2 else "take")
    assert events[0] == {"type": "bid", "seat": 1, "action": "take:H" if round2 else "take"}
    assert {"type": "contract", "taker": 1, "trump": "H" if round2 else "S"} in events
    v = g.view(1)
    assert v["phase"] == "play" and v["taker"] == 1 and v["trump"] == ("H" if round2 else "S")
    assert "7S" in v["hand"]
    assert len(v["bids"]) == (6 if round2 else 2)
    assert g.to_act == 0


@pytest.mark.parametrize("dealer,taker", [(3, 2), (3, 0), (0, 3), (1, 1)])
def test_first_trick_led_by_dealers_left(dealer, taker):
    """The player at the dealer's left leads the first trick, whoever took."""
    g = new_game({}, "7S", taker, dealer=dealer)
    assert g.view(0)["dealer"] == dealer
    assert g.to_act == (dealer + 1) % 4
    assert g.view(0)["leader"] == (dealer + 1) % 4


def test_thrown_in_deal_nobody_scores_next_dealer_new_deal():
    """All pass twice: nobody scores, the next dealer deals a new deal (new cards)."""
    d0, d1 = random_decks(random.Random(9), 2)
    g = Game(seed=1, decks=[d0, d1])
    events = []
    for _ in range(8):
        events += g.play("pass")
    assert [e["type"] for e in events[-2:]] == ["thrown_in", "deal"]
    assert events[-2]["deal"] == 0
    assert events[-1] == {"type": "deal", "deal": 1, "dealer": 0, "turned_card": d1[20]}
    v = g.view(1)
    assert v["scores"] == [0, 0] and v["dealer"] == 0 and v["deal_number"] == 1
    assert v["phase"] == "bid1" and g.to_act == 1
    assert sorted(v["hand"]) == sorted(d1[0:3] + d1[12:14])
    assert v["turned_card"] == d1[20]
    assert v["bids"] == []
    rows = v["sheet"]
    assert len(rows) == 1 and rows[0]["result"] == "thrown_in" and rows[0]["points"] == [0, 0]


def test_dealer_rotates_after_every_deal():
    """The dealer passes to the left after every deal, played or thrown in."""
    g = Game(seed=11)
    dealers = []
    rng = random.Random(11)
    for n in range(6):
        v = g.view(0)
        dealers.append(v["dealer"])
        assert v["deal_number"] == n
        assert g.to_act == (v["dealer"] + 1) % 4
        if n % 2:
            throw_in(g)
        else:
            g.play("take")
            play_out_deal(g, choose=lambda legal: rng.choice(legal))
    assert dealers == [3, 0, 1, 2, 3, 0]


# --------------------------------------------------------------------------------------
# The match
# --------------------------------------------------------------------------------------

CAPOT_HANDS = {0: "7S 8S 9S TS JS QS KS AS", 1: "7C 8C 9C TC JC QC KC AC",
               2: "7D 8D 9D TD JD QD KD AD", 3: "7H 8H 9H TH JH QH KH AH"}


def capot_deck(dealer):
    """Seat 3 holds every heart and takes hearts (turned JH): a capot with belote, 272 to team 1."""
    return build_deck(CAPOT_HANDS, "JH", taker=3, dealer=dealer)


def test_match_ends_at_custom_target():
    """After a deal, a team at or above the target (here 500) with the higher score wins the match."""
    g = Game(seed=1, target=500, decks=[capot_deck(3), capot_deck(0)])
    bid_to(g, 3, "H")
    events = play_out_deal(g)
    assert of_type(events, "match_over") == [] and g.view(0)["scores"] == [0, 272]
    bid_to(g, 3, "H")
    events = play_out_deal(g)
    assert of_type(events, "match_over") == [{"type": "match_over", "winner": 1, "scores": [0, 544]}]
    assert of_type(events, "deal") == []
    assert g.to_act is None
    assert g.legal_actions() == []
    v = g.view(0)
    assert v["phase"] == "over" and v["winner"] == 1 and v["legal_actions"] == []
    for seat in range(4):
        assert g.view(seat)["to_act"] is None


def test_default_target_is_1000():
    """The match is played to 1000 by default."""
    assert Game(seed=1).view(0)["target"] == 1000


def test_tie_at_or_above_target_plays_on():
    """Both teams equal at/above the target: play goes on until one is ahead after a deal."""
    decks = [deck_of(MADE, 0), deck_of(MADE, 1), capot_deck(1)]
    g = Game(seed=1, target=150, decks=decks)
    scored(play_deal(g, MADE, 0))  # [111, 51]
    events = play_deal(g, MADE, 1)  # seat 1 takes and makes: [162, 162]
    assert g.view(0)["scores"] == [162, 162]
    assert of_type(events, "match_over") == []
    assert g.to_act is not None and g.view(0)["phase"] == "bid1"
    bid_to(g, 3, "H")
    events = play_out_deal(g)
    assert of_type(events, "match_over") == [{"type": "match_over", "winner": 1, "scores": [162, 434]}]


def test_a_reserve_still_held_when_the_match_ends_is_lost():
    """A litige that ends the match: the takers' 81 go to no later deal (RULES.md), so the deal's
    sheet row and its deal_scored event hold no reserve, as the view says."""
    g = Game(seed=1, target=81, decks=[deck_of(LITIGE)])
    events = play_deal(g, LITIGE, 0)  # seat 0 takes: [0, 81], 81 would be held
    row = scored(events)
    assert (row["result"], row["points"], row["reserve_paid"], row["reserve"]) == ("litige", [0, 81], [0, 0], 0)
    assert of_type(events, "match_over") == [{"type": "match_over", "winner": 1, "scores": [0, 81]}]
    v = g.view(0)
    assert v["reserve"] == 0 and v["sheet"][-1] == {k: x for k, x in row.items() if k != "type"}


def test_a_litige_that_does_not_end_the_match_still_holds_its_reserve():
    """The same litige one point short of the target: the reserve is held, in the row and the view."""
    g = Game(seed=1, target=82, decks=[deck_of(LITIGE)])
    row = scored(play_deal(g, LITIGE, 0))
    assert row["reserve"] == 81 and g.view(0)["reserve"] == 81 and g.to_act is not None


def test_reserve_is_paid_before_the_end_of_match_check():
    """The reserve paid in a deal counts toward the target at the end of that deal."""
    decks = [deck_of(LITIGE, 0), deck_of(MADE, 1)]
    g = Game(seed=1, target=250, decks=decks)
    scored(play_deal(g, LITIGE, 0))  # [0, 81], reserve 81
    events = play_deal(g, MADE, 1)  # team 1 makes 111 (+81) vs 51: 273 >= 250 only with the reserve
    assert scored(events)["points"] == [51, 192]
    assert of_type(events, "match_over") == [{"type": "match_over", "winner": 1, "scores": [51, 273]}]


def test_reserve_still_held_at_match_end_is_lost():
    """A litige that ends the match: its reserve goes to nobody."""
    g = Game(seed=1, target=50, decks=[deck_of(LITIGE, 0)])
    events = play_deal(g, LITIGE, 0)
    assert scored(events)["result"] == "litige"
    assert of_type(events, "match_over") == [{"type": "match_over", "winner": 1, "scores": [0, 81]}]
    assert g.view(0)["scores"] == [0, 81]
    assert g.to_act is None and g.legal_actions() == []
