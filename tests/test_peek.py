"""Peek (belote.peek): Hard's look-ahead handed the true deal, a yardstick the arena alone may field.

It must stay out of reach of anything that only holds a view, value its options in the
true deal and nothing else, and, when it bids in the true deal, see the cards the game
would really deal.
"""

from __future__ import annotations

import pytest

from belote import Game, ai, arena, peek
from belote.ai import hard, normal
from belote.cards import CODE_TO_CARD, mask_of_codes
from belote.game import deal_deck

FAST = {"samples": 4, "exact_samples": 4, "bid_samples": 4, "time_limit": None}


def all_hands(g: Game) -> list[int]:
    return [mask_of_codes(g.view(s)["hand"]) for s in range(4)]


def to_play(seed: int, tricks: int) -> Game:
    """A match whose first deal Normal bids and plays until ``tricks`` tricks are done."""
    g = Game(seed=seed, target=10**9)
    while g.phase != "play" or len(g.view(0)["tricks"]) < tricks:
        g.play(ai.choose_action(g.view(g.to_act), "normal"))
    return g


def test_no_view_reaches_a_given_deal():
    """Peek is no AI level (tests/test_oracle.py), and Hard's own entry takes no deal: only
    decide_in, which no level calls, does."""
    assert peek.NAME in arena.YARDSTICKS
    g = Game(seed=1, target=10**9)
    with pytest.raises(TypeError):
        hard.choose(g.view(g.to_act), 0, given=all_hands(g))


@pytest.mark.parametrize("tricks", [1, 5])
def test_hard_in_a_given_deal_values_that_deal_alone(tricks):
    """With rollouts (1 trick done) and with the exact endgame (5 done): one deal, the true
    one, so the belief puts every hidden card in its true hand, and the seed changes nothing."""
    g = to_play(3, tricks)
    view = g.view(g.to_act)
    hands = all_hands(g)
    d = hard.decide_in(view, hands, 1, **FAST)
    assert d.samples == 1
    assert d.belief
    for code, shares in d.belief.items():
        holder = next(s for s in range(4) if hands[s] & mask_of_codes([code]))
        assert shares[holder] == 1.0, (code, shares)
    again = hard.decide_in(view, hands, 99, **FAST)
    assert (again.action, again.values) == (d.action, d.values)


def test_the_hands_peek_bids_with_are_the_hands_the_game_deals():
    """For every seat, the deal completed as if it takes is what the game deals when it does."""
    for seat_offset in range(4):
        g = Game(seed=7, target=10**9)
        view = g.view(g.to_act)
        taker = (view["dealer"] + 1 + seat_offset) & 3
        deck = [CODE_TO_CARD[c] for c in deal_deck(g.to_dict(), 0)]
        expected = peek.completed(view, deck, taker)
        while g.to_act != taker:
            g.play("pass")
        g.play(next(a for a in g.legal_actions() if a != "pass"))
        assert g.phase == "play"
        assert all_hands(g) == expected


def test_peek_plays_in_the_true_deal_and_bids_as_told():
    """In play its card is Hard's in the true deal; it bids like Normal by default, like Hard or
    in the true deal when told; a wrong bid option is refused before any deal is played."""
    g = to_play(5, 2)
    view = g.view(g.to_act)
    play = peek.player(g, FAST)
    assert play(view, 4) == hard.decide_in(view, all_hands(g), 4, **FAST).action
    assert len(view["tricks"]) == 2  # 6 tricks left: with left=4, Hard's own card
    assert hard.choose(view, 4, **FAST) != play(view, 4)  # (they differ here, so this tells)
    assert peek.player(g, {"left": 4, **FAST})(view, 4) == hard.choose(view, 4, **FAST)
    assert peek.player(g, {"play": 0, **FAST})(view, 4) == hard.choose(view, 4, **FAST)
    bidding = Game(seed=5, target=10**9)
    bview = bidding.view(bidding.to_act)
    assert peek.player(bidding)(bview, 0) == normal.bid(bview)
    assert peek.player(bidding, {"bid": "hard", **FAST})(bview, 0) == hard.choose(bview, 0, **FAST)
    assert peek.player(bidding, {"bid": "peek", **FAST})(bview, 0) in bview["legal_actions"]
    with pytest.raises(ValueError, match="peek.bid"):
        arena.run("peek", "normal", 1, workers=1, options={"peek": {"bid": "best"}})
    with pytest.raises(ValueError, match="peek.left"):
        peek.settings({"left": 9})
    assert peek.settings({"play": 0, "left": 4, "samples": 4}) == (0, "normal", {"samples": 4, "bid_with": "normal"})


def test_the_arena_fields_peek():
    """One duplicate deal: two games, both sides timed."""
    records = arena.run("peek", "easy", 1, seed=2, workers=1, options={"peek": FAST})
    s = arena.summarize(records, "peek", "easy")
    assert s["games"] == 2 and s["timing"]["peek"]["decisions"] > 0
