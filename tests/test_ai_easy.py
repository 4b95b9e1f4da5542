"""The Easy AI (RULES.md, 'What each AI level may know'): it plays its smallest legal card.

Smallest: a non-trump before a trump; within those the lowest in the suit's order
(trump J 9 A 10 K Q 8 7, others A 10 K Q J 9 8 7); ties between suits: fewest points,
then suit order C D H S.
"""

from __future__ import annotations

import copy
import random

import pytest

from belote import Game, ai
from helpers import build_deck

TRUMP_ORDER = "J9ATKQ87"
PLAIN_ORDER = "ATKQJ987"
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"J": 2, "9": 0, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}


def smallest(legal, trump):
    def key(c):
        is_trump = c[1] == trump
        order = TRUMP_ORDER if is_trump else PLAIN_ORDER
        pts = (TRUMP_POINTS if is_trump else PLAIN_POINTS)[c[0]]
        # weaker = later in the order: negate the position for "lowest first"
        return (is_trump, -order.index(c[0]), pts, "CDHS".index(c[1]))
    return min(legal, key=key)


def test_smallest_helper_matches_the_rule_text():
    """The test's own reading of 'smallest legal card' on hand-made cases."""
    assert smallest(["7H", "AS"], "H") == "AS"  # non-trump before trump
    assert smallest(["JC", "9D"], "H") == "9D"  # 9 is below J outside trumps
    assert smallest(["8H", "QH"], "H") == "8H"
    assert smallest(["QH", "9H"], "H") == "QH"  # in trumps 9 is above Q
    assert smallest(["7D", "7C", "7S"], "H") == "7C"  # tie: suit order C D H S
    assert smallest(["AD", "AC"], "S") == "AC"


def test_easy_plays_its_smallest_legal_card_and_only_legal_actions():
    """Over random deals, Easy's card is always the smallest legal card; every choice is legal."""
    rng = random.Random(31)
    cards_checked = 0
    for seed in range(25):
        g = Game(seed=seed, target=500)
        while g.to_act is not None and cards_checked < 4000:
            v = g.view(g.to_act)
            before = copy.deepcopy(v)
            choice = ai.choose_action(v, level="easy", seed=seed)
            assert v == before, "the AI must not modify the view it is given"
            assert choice in v["legal_actions"]
            if v["phase"] == "play":
                assert choice == smallest(v["legal_actions"], v["trump"]), (v["hand"], v["trick"])
                cards_checked += 1
            # the other seats play randomly so Easy meets every kind of situation
            g.play(choice if rng.random() < 0.5 else rng.choice(g.legal_actions()))
    assert cards_checked >= 1500


def test_easy_passes_with_a_weak_hand():
    """Easy takes only with a very strong hand: no trump, no honour at all -> pass in both rounds."""
    deck = build_deck({0: "7C 8C 7D 8D 7S"}, "7H")
    g = Game(seed=1, decks=[deck])
    assert ai.choose_action(g.view(0), level="easy") == "pass"
    for _ in range(4):
        g.play("pass")
    assert g.to_act == 0 and g.view(0)["phase"] == "bid2"
    assert ai.choose_action(g.view(0), level="easy") == "pass"


@pytest.mark.parametrize("level", ["", "Easy", "EASY", "medium", "impossible", None, 1])
def test_unknown_level_refused_listing_known_levels(level):
    """An unknown level raises ValueError whose message lists belote.ai.LEVELS."""
    g = Game(seed=1)
    with pytest.raises(ValueError) as info:
        ai.choose_action(g.view(0), level=level)
    for known in ai.LEVELS:
        assert known in str(info.value)


def test_levels_constant():
    """belote.ai.LEVELS names the three levels."""
    assert set(ai.LEVELS) == {"easy", "normal", "hard"}
