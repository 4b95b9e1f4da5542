"""Hypothesis-driven random playouts: invariants that hold in every deal of every match.

Deterministic (derandomize=True, no example database) so CI runs the same examples.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote import Game
from helpers import CARD_CODES, random_decks

SETTINGS = settings(derandomize=True, database=None, deadline=None, max_examples=250,
                    suppress_health_check=[HealthCheck.too_slow])


def same_game(a, b):
    assert a.to_dict() == b.to_dict()
    assert a.to_act == b.to_act and a.legal_actions() == b.legal_actions()
    for s in range(4):
        assert a.view(s) == b.view(s)


def check_all_views(g):
    """Only the seat to act has legal actions; hand_sizes match the hands."""
    views = [g.view(s) for s in range(4)]
    sizes = [len(v["hand"]) for v in views]
    for s, v in enumerate(views):
        assert v["hand_sizes"] == sizes
        assert v["to_act"] == g.to_act
        if s == g.to_act:
            assert v["legal_actions"] == g.legal_actions() != []
        else:
            assert v["legal_actions"] == []
    return views


def play_match_checking(g, rnd, decks, stats, roundtrip_at, pass_bias):
    """Play a whole match with random legal actions, checking every invariant on the way."""
    steps = 0
    deal_start_checked = None
    while g.to_act is not None:
        v = g.view(g.to_act)
        n = v["deal_number"]
        if deal_start_checked != n:
            # a fresh deal: 5 cards each, 21 distinct cards with the turned one
            views = check_all_views(g)
            hands = [set(x["hand"]) for x in views]
            assert [len(h) for h in hands] == [5, 5, 5, 5]
            dealt = set().union(*hands) | {v["turned_card"]}
            assert len(dealt) == 21 and dealt <= CARD_CODES
            if n < len(decks):  # scripted: hands + turned + stock are exactly the deck
                assert dealt == set(decks[n][:21])
                assert v["turned_card"] == decks[n][20]
            deal_start_checked = n
            played, tricks, scores_before = [], [], list(v["scores"])
            bids, belotes = [], []
        if steps == roundtrip_at:
            clone = Game.from_dict(json.loads(json.dumps(g.to_dict())))
            same_game(clone, g)
        legal = g.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        phase = v["phase"]
        action = rnd.choice(legal)
        if phase != "play" and rnd.random() < pass_bias:
            action = "pass"
        if phase == "play":
            assert action in v["hand"]
        events = g.play(action)
        steps += 1
        if phase != "play" and any(e["type"] == "contract" for e in events):
            views = check_all_views(g)
            hands = [set(x["hand"]) for x in views]
            assert [len(h) for h in hands] == [8, 8, 8, 8]
            assert set().union(*hands) == CARD_CODES
            taker = views[0]["taker"]
            assert views[0]["turned_card"] in hands[taker]
        for e in events:
            if e["type"] == "bid":
                bids.append({"seat": e["seat"], "action": e["action"]})
            elif e["type"] == "belote":
                belotes.append({"seat": e["seat"], "call": e["call"]})
            elif e["type"] == "card":
                played.append(e["card"])
            elif e["type"] == "trick":
                tricks.append(e)
                assert len(e["cards"]) == 4 and len({c["seat"] for c in e["cards"]}) == 4
                if len(tricks) < 8 and g.to_act is not None:
                    views = check_all_views(g)
                    assert views[0]["hand_sizes"] == [8 - len(tricks)] * 4
                    # the view's record of the deal matches what the events said
                    vt = views[1]["tricks"]
                    assert [(t["winner"], t["cards"], t["points"]) for t in vt] == [
                        (t["winner"], t["cards"], t["points"]) for t in tricks]
                    leaders = [(views[1]["dealer"] + 1) % 4] + [t["winner"] for t in tricks[:-1]]
                    assert [t["leader"] for t in vt] == leaders
                    assert [t["cards"][0]["seat"] for t in vt] == leaders
                    assert views[1]["leader"] == tricks[-1]["winner"] == g.to_act
                    assert views[2]["trick_points"] == [sum(t["points"] for t in tricks if t["winner"] % 2 == k)
                                                        for k in (0, 1)]
                    assert views[3]["bids"] == bids and views[3]["belote"] == belotes
            elif e["type"] == "deal_scored":
                stats["deals"] += 1
                assert len(tricks) == 8
                assert len(played) == 32 and set(played) == CARD_CODES, "every card played once"
                assert sum(t["points"] for t in tricks) == 162
                won = [sum(1 for t in tricks if t["winner"] % 2 == team) for team in (0, 1)]
                if 8 in won:
                    stats["capot"] += 1
                    assert e["capot"] == won.index(8)
                    assert sorted(e["card_points"]) == [0, 252]
                else:
                    assert e["capot"] is None
                    assert e["card_points"] == [sum(t["points"] for t in tricks if t["winner"] % 2 == team)
                                                for team in (0, 1)]
                    assert sum(e["card_points"]) == 162
                assert e["scores"] == [scores_before[i] + e["points"][i] for i in (0, 1)]
                assert all(p >= 0 for p in e["points"]) and e["reserve"] >= 0
            elif e["type"] == "thrown_in":
                stats["thrown_in"] += 1
        if g.to_act is None:
            v = g.view(0)
            s0, s1 = v["scores"]
            assert v["phase"] == "over" and max(s0, s1) >= v["target"] and s0 != s1
            assert v["winner"] == (0 if s0 > s1 else 1)
            assert g.legal_actions() == []
            assert all(g.view(s)["legal_actions"] == [] for s in range(4))
    return steps


STATS: dict = {"deals": 0, "capot": 0, "thrown_in": 0}


@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), target=st.sampled_from([300, 1000, 1500]),
       scripted=st.integers(0, 6), choice_seed=st.integers(0, 2**31 - 1),
       roundtrip_at=st.integers(0, 300), pass_bias=st.sampled_from([0.0, 0.0, 0.7]))
def random_match_keeps_every_invariant(seed, target, scripted, choice_seed, roundtrip_at, pass_bias):
    """One Hypothesis example: a random match played out, every invariant checked on the way."""
    import random as _random

    rnd = _random.Random(choice_seed)  # Hypothesis picks the seed of the players' choices
    decks = random_decks(_random.Random(seed), scripted)
    g = Game(seed=seed, target=target, decks=decks)
    play_match_checking(g, rnd, decks, STATS, roundtrip_at, pass_bias)
    clone = Game.from_dict(g.to_dict())
    same_game(clone, g)


def test_random_matches_keep_every_invariant():
    """162 (or 252) card points and 8 tricks a deal, 32 distinct cards, every card once, hand sizes,
    only the seat to act has legal actions, the match ends properly, save/restore is exact; and the
    playouts ran over thousands of deals (else they prove little)."""
    for key in STATS:
        STATS[key] = 0
    random_match_keeps_every_invariant()  # Hypothesis runs every example; a failure shows the smallest
    assert STATS["deals"] >= 1000, STATS
    assert STATS["capot"] > 0 and STATS["thrown_in"] > 0, STATS
