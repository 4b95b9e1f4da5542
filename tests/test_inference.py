"""Policy inference (ai/inference.py): sampled deals weighted by how natural the other seats' choices look."""

from __future__ import annotations

import random

import pytest

from belote.ai import hard
from belote.ai.inference import MISS, choice_weight, plays
from belote.ai.knowledge import Knowledge
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
