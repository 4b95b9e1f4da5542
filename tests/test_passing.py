"""What passing is worth: the rest of the bidding by Normal, and the deal it completes (ai/passing.py)."""

from __future__ import annotations

import random

from belote import Game
from belote.ai import hard
from belote.ai import normal as _normal
from belote.ai.knowledge import Knowledge
from belote.ai.passing import after_pass, bidders_after
from belote.ai.sampling import BidDealSampler
from belote.bidding import PASS, bid_trump
from belote.cards import ALL_CARDS


def test_bidders_after_a_pass_finish_the_round_then_bid_round_two_from_the_dealers_left():
    assert bidders_after(1, 0, False) == [(2, False), (3, False), (0, False),
                                          (1, True), (2, True), (3, True), (0, True)]
    assert bidders_after(0, 0, False) == [(1, True), (2, True), (3, True), (0, True)]  # the dealer, last in round 1
    assert bidders_after(2, 1, True) == [(3, True), (0, True), (1, True)]
    assert bidders_after(1, 1, True) == []  # the dealer passing in round 2 throws the cards in


def bidding_views(n: int) -> list[dict]:
    """Views of seats about to bid, in seeded games played by Normal."""
    out = []
    for seed in range(n):
        g = Game(seed=500 + seed, target=10**9)
        while g.view(g.to_act)["phase"] != "play":
            v = g.view(g.to_act)
            out.append(v)
            g.play(_normal.choose(v))
    return out


def test_the_deal_after_a_pass_is_a_complete_deal_that_the_bids_after_ours_lead_to():
    """In every sampled deal: the four hands hold the 32 cards, 8 each, our five among ours; the
    taker holds the turned card and would take with five of its cards, as Normal, in its turn;
    nobody before it in the order would have; a throw-in means nobody would have."""
    rng = random.Random(3)
    taken = thrown = 0
    for v in bidding_views(12):
        k = Knowledge.from_view(v)
        draw = BidDealSampler(k).draw
        order = bidders_after(k.seat, v["dealer"], v["phase"] != "bid1")
        for _ in range(6):
            hands = draw(rng)
            after = after_pass(k, hands, v["dealer"], v["phase"] != "bid1", rng)
            if after is None:
                thrown += 1
                continue
            taken += 1
            taker, trump, full = after
            assert [h.bit_count() for h in full] == [8, 8, 8, 8]
            assert full[0] | full[1] | full[2] | full[3] == ALL_CARDS
            assert full[k.seat] & k.hand == k.hand
            assert full[taker] >> k.turned & 1
            assert (taker, True) in order or (taker, False) in order
    assert taken > 20 and thrown > 0


def test_the_bids_in_the_simulation_are_normals_from_the_five_cards_the_seat_had():
    """Replaying one sampled deal's bids: the first seat in order whose five cards Normal would bid
    with is the taker, with that bid's trump."""
    rng = random.Random(8)
    checked = 0
    for v in bidding_views(8):
        k = Knowledge.from_view(v)
        hands = BidDealSampler(k).draw(rng)
        state = rng.getstate()
        after = after_pass(k, hands, v["dealer"], v["phase"] != "bid1", rng)
        # The same draws again, to read the fives the simulation dealt.
        rng.setstate(state)
        fives = [0, 0, 0, 0]
        fives[k.seat] = k.hand
        for s in k.others():
            for c in rng.sample(sorted(c for c in range(32) if hands[s] >> c & 1), 5):
                fives[s] |= 1 << c
        expected = None
        for s, r2 in bidders_after(k.seat, v["dealer"], v["phase"] != "bid1"):
            a = _normal.bid_action(fives[s], k.turned, s, v["dealer"], r2)
            if a != PASS:
                expected = (s, bid_trump(a, k.turned >> 3))
                break
        assert (after[:2] if after else None) == expected
        checked += expected is not None
    assert checked > 10


def test_hard_values_passing_by_simulation_when_asked():
    """With bid_pass="sim", the bar a take must beat is passing's simulated value plus the
    margin, not the margin alone; with the default it is the margin; the takes' values are the
    same deals' either way."""
    seen = 0
    for i, v in enumerate(bidding_views(6)):
        if len(v["legal_actions"]) < 2:
            continue
        zero = hard.decide(v, i, time_limit=None)
        sim = hard.decide(v, i, time_limit=None, bid_pass="sim")
        margin = hard.TAKE_MARGIN if v["phase"] == "bid1" else hard.TAKE_MARGIN2
        assert zero.values[PASS] == margin
        assert {a: x for a, x in sim.values.items() if a != PASS} == {a: x for a, x in zero.values.items() if a != PASS}
        seen += sim.values[PASS] != margin
        best = max((a for a in sim.values if a != PASS), key=lambda a: sim.values[a])
        assert (sim.action == best) == (sim.values[best] > sim.values[PASS])
    assert seen > 5
