"""Policy inference (ai/inference.py): sampled deals weighted by how natural the other seats' choices look."""

from __future__ import annotations

import random

import pytest

from belote.ai import hard, inference, normal
from belote.ai.inference import MISS, BidReader, choice_weight, first_fives, plays
from belote.ai.knowledge import Knowledge
from belote.bidding import ROUND2_ACTIONS, bid_trump
from test_ai_hard import mask, play_view

def hands_now(k: Knowledge, seat1: str, seat2: str, seat3: str) -> list[int]:
    """Seat 0's hand from its knowledge and the given hands of the others (cards not yet played)."""
    return [k.hand, mask(seat1), mask(seat2), mask(seat3)]


def test_a_seat_that_did_not_win_a_trick_it_could_have_won_last_is_less_likely_to_hold_the_winner():
    """Seat 1, last on seat 2's KD, followed 9D: a deal in which it had AD too (Normal would have
    taken the trick with it) weighs MISS; a deal in which 9D was its only diamond weighs 1."""
    k = Knowledge.from_view(play_view([], "2: KD 8D 7D 9D"))
    order = plays(k)
    card = {code: mask(code).bit_length() - 1 for code in ("KD", "8D", "7D", "9D")}
    assert order == [(2, card["KD"]), (3, card["8D"]), (0, card["7D"]), (1, card["9D"])]
    with_ace = hands_now(k, "AD 7H 9H TC 9C 8C 7C", "JS TS 9S 8S 7S TD QD", "AH TH KH QH JH 8H JD")
    without = hands_now(k, "8H 7H 9H TC 9C 8C 7C", "JS TS 9S 8S 7S TD QD", "AH TH KH QH JH AD JD")
    assert choice_weight(k, with_ace, order, MISS, (1,)) == pytest.approx(MISS)
    assert choice_weight(k, without, order, MISS, (1,)) == 1.0
    assert choice_weight(k, with_ace, order, 1.0, (1,)) == 1.0  # inference off


def test_forced_cards_say_nothing():
    """Seat 3 had only 8D when diamonds were led: no weight, whatever else it holds."""
    k = Knowledge.from_view(play_view([], "2: KD 8D"))
    order = plays(k)
    for seat1, seat3 in (("AD TD 9D 7D 7H 9H TC 9C", "AH TH KH QH JH 8H 7C"),
                         ("AD TD 9D 7D AH TH TC 9C", "7H 9H KH QH JH 8H 7C")):
        hands = hands_now(k, seat1, "QD JD TS 9S 8S 7S 8C", seat3)
        assert choice_weight(k, hands, order, MISS, (3,)) == 1.0



def test_oversampling_keeps_n_deals_and_fewer_of_the_unnatural_ones():
    """Hard draws three times the deals it wants and keeps as many as it wants in proportion
    to their weights: the kept deals give seat 1 (which did not win a trick with AD) the ace
    less often than plain draws do, and every kept deal obeys the view."""
    k = Knowledge.from_view(play_view([], "2: KD 8D 7D 9D"))
    ace = mask("AD")
    plain = hard.Plan(200, 200, 4, 3, "normal", 1.0, "none", 1)
    inferred = hard.Plan(200, 200, 4, 3, "normal", MISS, "opponents", 3)
    drawn = hard._worlds(k, random.Random(4), 200, plain)
    kept = hard._worlds(k, random.Random(4), 200, inferred)
    assert sum(w for _, w in drawn) == 200 and sum(w for _, w in kept) == 200

    def share(worlds):
        return sum(w for h, w in worlds if h[1] & ace) / sum(w for _, w in worlds)

    assert share(kept) < 0.8 * share(drawn)
    for hands, _ in kept:
        for s in range(4):
            assert hands[s] & k.known[s] == k.known[s]
            assert not hands[s] & ~(k.allowed[s] | k.known[s])


def _replayed_weight(k, hands, order, miss, seats):
    """The plain definition: replay the deal so far with the sampled hands, one choice at a time."""
    from belote.ai import normal
    from belote.ai.knowledge import History
    from belote.playstate import PlayState

    then = hands[:]
    for seat, c in order:
        then[seat] |= 1 << c
    ps = PlayState(then, k.trump, order[0][0])
    pub = History(k.trump)
    weight = 1.0
    for seat, c in order:
        legal = ps.legal_mask()
        if seat in seats and legal & (legal - 1):
            if normal.play_card(normal.Table(seat, k.taker, ps.hands[seat], legal, pub)) != c:
                weight *= miss
        pub.note(seat, c)
        ps.play(c)
    return weight


@pytest.mark.parametrize("seats", [(1, 3), (1, 2, 3)])
def test_the_reader_weighs_each_deal_as_a_plain_replay_does(seats):
    """ChoiceReader factors a deal's weight by seat and keeps each seat's factor by hand: over
    random deals after ten plays, its weights equal the plain replay's, float for float."""
    from belote.ai.inference import ChoiceReader
    from belote.ai.sampling import sample_hands

    k = Knowledge.from_view(play_view(["2: KD 8D 7D 9D", "2: TS 7S 8S 9S"], "2: 9H TH"))
    order = plays(k)
    reader = ChoiceReader(k, order, MISS, seats)
    rng = random.Random(7)
    seen = set()
    for _ in range(300):
        hands = sample_hands(k, rng)
        w = reader.weight(hands)
        assert w == _replayed_weight(k, hands, order, MISS, seats)
        seen.add(w)
    assert len(seen) > 1  # the choices did tell deals apart


# ------------------------------------------------------------------------------- bids


def round2_view() -> dict:
    """Seat 0's first lead: 7D turned, everybody passed round 1, seat 1 named hearts in round 2
    (seat 0 passed before it). Dealer 3."""
    view = play_view([])
    view["turned_card"] = "7D"
    view["bids"] = [{"seat": s, "action": "pass"} for s in (0, 1, 2, 3)] + [
        {"seat": 0, "action": "pass"}, {"seat": 1, "action": "take:H"}]
    return view


def test_a_taker_whose_hand_normal_would_not_have_taken_with_weighs_less():
    """Seat 1 took the turned 7H: with the J, 9, A, 10 and K of hearts every choice of its first
    five cards takes (weight 1); with no heart but the 7, none does (weight MISS)."""
    k = Knowledge.from_view(play_view([]))
    assert k.taker == 1
    reader = BidReader(k, MISS, (1, 3))
    strong = mask("7H JH 9H AH TH KH AS AD")
    weak = mask("7H 8S 7S 8C 7C 8D 7D QS")
    assert reader.factor(1, strong) == 1.0
    assert reader.factor(1, weak) == pytest.approx(MISS)
    assert reader.factor(3, weak) == 1.0  # seat 3 never bid: its hand says nothing
    assert BidReader(k, 1.0, (1, 3)).factor(1, weak) == 1.0  # inference off


def test_a_seat_that_passed_the_turned_suit_is_less_likely_to_have_held_its_jack_and_nine():
    """Seat 3, the dealer, passed 7D in round 1 and again in round 2: a hand with the J, 9 and A
    of diamonds weighs less than one without them: Normal takes with the J and the 9 or the A
    of diamonds, which holds in 6/7 of the ways to have had the J among its first five cards
    (exactly: 1 - 15/28 * (1 - MISS) = 0.571)."""
    k = Knowledge.from_view(round2_view())
    reader = BidReader(k, MISS, (1, 3))
    assert reader.dealer == 3
    diamonds = reader.factor(3, mask("JD 9D AD 8H 7S 8S 7C 8C"))
    plain = reader.factor(3, mask("8D 9H 8H 7S 8S KS 7C 8C"))
    assert diamonds == pytest.approx(0.571, abs=0.05) and plain == 1.0
    # seat 1 passed diamonds, then named hearts: strong hearts explain both bids, weak ones do not
    assert reader.factor(1, mask("JH 9H AH TH 7D 7C 8D 9C")) > 0.7
    assert reader.factor(1, mask("8H 7H QS TS 7D 7C 8D 9C")) == pytest.approx(MISS)


def test_kept_deals_give_a_round_one_passer_the_turned_suits_jack_and_nine_less_often():
    """At the first lead, with the bids read, the kept deals put JD and 9D together in seat 3's
    hand less often than plain draws weighted the same way do. (Not much less: with both it would
    have taken only if both were among its first five cards, 5/8 * 4/7 of the time.)"""
    k = Knowledge.from_view(round2_view())
    both = mask("JD 9D")
    with_bids = hard.Plan(1500, 1500, 4, 3, "normal", MISS, "opponents", 3, MISS)
    without = hard.Plan(1500, 1500, 4, 3, "normal", MISS, "opponents", 3, 1.0)

    def share(plan):
        worlds = hard._worlds(k, random.Random(5), 1500, plan)
        return sum(w for h, w in worlds if h[3] & both == both) / sum(w for _, w in worlds)

    assert share(with_bids) < 0.85 * share(without)


def test_counting_normals_round_one_takes_equals_listing_every_five():
    """round1_takes counts, without listing them, the five-card parts Normal takes with: the
    same count as round1_value on each part of first_fives, for hands of 3 to 8 cards, every
    seat and dealer (lead and dealer bonuses), and hands near the threshold both ways."""
    rng = random.Random(11)
    took = passed = 0
    for _ in range(1500):
        turned = rng.randrange(32)
        cards = 0
        for c in rng.sample([c for c in range(32) if c != turned], rng.choice([3, 5, 6, 7, 8])):
            cards |= 1 << c
        seat, dealer = rng.randrange(4), rng.randrange(4)
        fives = first_fives(cards)
        takes = sum(1 for m in fives if normal.round1_value(m, turned, seat, dealer) >= normal.TAKE_THRESHOLD)
        assert normal.round1_takes(cards, turned, seat, dealer) == (takes, len(fives))
        took += 0 < takes
        passed += takes < len(fives)
    assert took > 100 and passed > 100


def test_normals_round_two_bid_is_the_best_hand_value_above_the_threshold():
    """bid_action in round 2 (each named suit's value from the suits' parts computed once)
    names the suit whose hand_value is highest above ROUND2_THRESHOLD, the first of equals,
    else passes: the definition, on random hands for every turned suit, seat and dealer."""
    rng = random.Random(12)
    named = passed = 0
    for _ in range(3000):
        turned = rng.randrange(32)
        hand = 0
        for c in rng.sample([c for c in range(32) if c != turned], 5):
            hand |= 1 << c
        seat, dealer = rng.randrange(4), rng.randrange(4)
        best, best_value = "pass", float(normal.ROUND2_THRESHOLD)
        for action in ROUND2_ACTIONS[turned >> 3][1:]:
            v = normal.hand_value(hand | 1 << turned, bid_trump(action, turned >> 3), (seat - dealer) & 1 == 1)
            if v > best_value:
                best, best_value = action, v
        assert normal.bid_action(hand, turned, seat, dealer, True) == best
        named += best != "pass"
        passed += best == "pass"
    assert named > 300 and passed > 300


def test_readers_of_the_same_bids_share_five_card_weights_without_changing_a_factor():
    """Every reader of one deal's bids shares the weights of five-card parts (a cache across the
    decisions of a deal): a reader whose weights other readers filled, for another seat with
    two bids and for the same seat on other hands, gives each factor as a reader starting empty."""
    k = Knowledge.from_view(round2_view())
    rng = random.Random(13)
    free = [c for c in range(32) if not k.hand >> c & 1 and c != k.turned]
    hands = []
    for _ in range(60):
        h = 0
        for c in rng.sample(free, 8):
            h |= 1 << c
        hands.append(h)
    inference._five_weights.cache_clear()
    fresh = [BidReader(k, MISS, (1, 3)).factor(s, h) for h in hands for s in (1, 3)]
    inference._five_weights.cache_clear()
    other_seat = BidReader(k, MISS, (0,))  # seat 0 passed twice, seat 1 passed then named hearts
    same_seat = BidReader(k, MISS, (1,))
    for h in hands:
        other_seat.factor(0, h)
    for h in hands[::2]:
        same_seat.factor(1, h)
    assert len(inference._five_weights(k.turned, same_seat.dealer, tuple(k.bids), MISS)) > 0
    shared = [BidReader(k, MISS, (1, 3)).factor(s, h) for h in hands for s in (1, 3)]
    assert shared == fresh and len(set(fresh)) > 3
