"""belote.analysis: the analysis worker's JSON handler (docs/contracts.md, "Analysis worker").

It answers with the review of belote.review, decision by decision, for every seat; it never
answers with the save (whose seed deals the match's future deals); errors come back as data.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from belote import Game, ai
from belote.ai.levels import move_seed
from belote.analysis import KEEP, Analysis, set_heartbeat
from belote.bridge import Bridge
from belote.review import deal_review, hard_in_seat

LEVELS = ["hard", "normal", "easy"]
AI_SEED = 12


@pytest.fixture(scope="module")
def match() -> dict[str, Any]:
    """A bridge save with two played deals and a thrown-in one finished, the computers at LEVELS."""
    g = Game(seed=1, target=5000)  # deal 1 is thrown in
    while sum(r["result"] != "thrown_in" for r in g.view(0)["sheet"]) < 2:
        seat = g.to_act
        level = "normal" if seat == 0 else LEVELS[seat - 1]
        g.play(ai.choose_action(g.view(seat), level, move_seed(AI_SEED, g.move_number)))
    return {"game": g.to_dict(), "levels": LEVELS, "ai_seed": AI_SEED}


def played_deals(save: dict[str, Any]) -> list[int]:
    return [r["deal"] for r in Game.from_dict(save["game"]).view(0)["sheet"] if r["result"] != "thrown_in"]


def call(analysis: Analysis, method: str, params: dict[str, Any]) -> dict[str, Any]:
    return json.loads(analysis.handle(json.dumps({"id": 9, "method": method, "params": params})))


def ok(analysis: Analysis, method: str, params: dict[str, Any]) -> Any:
    reply = call(analysis, method, params)
    assert reply["ok"], reply
    return reply["result"]


def test_decisions_one_at_a_time_are_the_whole_review_of_every_seat(match):
    analysis = Analysis()
    deal = played_deals(match)[0]
    opened = ok(analysis, "open", {"key": "k", "save": match, "deal": deal})
    whole = deal_review(match["game"], deal, (0, 1, 2, 3), levels=LEVELS, ai_seed=AI_SEED)
    assert opened["header"] == {k: v for k, v in whole.items() if k != "decisions"}
    assert len(opened["outline"]) == len(whole["decisions"])
    # any order: the person's cards first, as the page asks
    order = sorted(range(len(whole["decisions"])), key=lambda i: opened["outline"][i]["seat"] != 0)
    for i in order:
        assert ok(analysis, "decision", {"key": "k", "index": i}) == whole["decisions"][i]


def test_no_answer_carries_the_save(match):
    analysis = Analysis()
    deal = played_deals(match)[0]
    opened = ok(analysis, "open", {"key": "k", "save": match, "deal": deal})
    text = json.dumps([opened, ok(analysis, "decision", {"key": "k", "index": 0}),
                       ok(analysis, "hard_in_seat", {"save": match, "deal": deal})])
    for secret in ('"seed"', '"actions"', '"ai_seed"', '"decks"'):
        assert secret not in text


def test_hard_in_seat_is_the_reviews(match):
    deal = played_deals(match)[1]
    got = ok(Analysis(), "hard_in_seat", {"save": match, "deal": deal})
    assert got == {"row": hard_in_seat(match["game"], deal, LEVELS, AI_SEED)["row"]}


def test_hard_in_seat_beats_after_each_move_of_its_long_call(match):
    """The worker's sign of life during the one long call: one beat per action of the deal."""
    deal = played_deals(match)[1]
    beats: list[int] = []
    set_heartbeat(lambda: beats.append(1))
    try:
        ok(Analysis(), "hard_in_seat", {"save": match, "deal": deal})
    finally:
        set_heartbeat(None)
    played = hard_in_seat(match["game"], deal, LEVELS, AI_SEED)["save"]
    first = next(i for i, a in enumerate(played["actions"]) if Game.from_dict({**played, "actions": played["actions"][:i]}).deal_number == deal)
    assert len(beats) == len(played["actions"]) - first > 32  # the deal's bids and its 32 cards
    before = len(beats)
    ok(Analysis(), "hard_in_seat", {"save": match, "deal": deal})  # unset: no beat, no error
    assert len(beats) == before


@pytest.mark.parametrize("method, params, kind, words", [
    ("open", {"key": "k", "save": {"game": {}}, "deal": 0}, "ValueError", "bad save"),
    ("open", {"key": "", "deal": 0}, "BadRequest", "key"),
    ("open", {"key": "k", "deal": 99}, "ValueError", "out of range"),
    ("decision", {"key": "never", "index": 0}, "NoReview", "open it first"),
    ("hard_in_seat", {"deal": "1"}, "ValueError", "bad deal index"),
    ("nope", {}, "BadRequest", "unknown method"),
])
def test_bad_requests_are_answered_as_errors(match, method, params, kind, words):
    if method in ("open", "hard_in_seat") and "save" not in params:
        params = {**params, "save": match}
    reply = call(Analysis(), method, params)
    assert reply["ok"] is False and reply["type"] == kind and words in reply["error"], reply


def test_a_thrown_in_deal_is_refused(match):
    g = Game.from_dict(match["game"])
    thrown = [r["deal"] for r in g.view(0)["sheet"] if r["result"] == "thrown_in"]
    if not thrown:
        pytest.skip("no thrown-in deal in this match")
    reply = call(Analysis(), "open", {"key": "k", "save": match, "deal": thrown[0]})
    assert reply["ok"] is False and "thrown in" in reply["error"]
    # Hard in seat 0 and a practice would play out hands nobody ever saw.
    reply = call(Analysis(), "hard_in_seat", {"save": match, "deal": thrown[0]})
    assert reply["ok"] is False and "thrown in" in reply["error"]
    match_bridge = Bridge()
    assert json.loads(match_bridge.handle(json.dumps({"id": 1, "method": "load", "params": {"save": match}})))["ok"]
    practice = Bridge(practice_of=match_bridge)
    reply = json.loads(practice.handle(json.dumps({"id": 2, "method": "start", "params": {"deal": thrown[0]}})))
    assert reply["ok"] is False and "thrown in" in reply["error"] and "save" not in json.dumps(reply)


def test_a_refused_decision_request_leaves_the_order_of_forgetting_alone(match):
    analysis = Analysis()
    deal = played_deals(match)[0]
    for n in range(KEEP):
        ok(analysis, "open", {"key": f"k{n}", "save": match, "deal": deal})
    assert "out of range" in call(analysis, "decision", {"key": "k0", "index": 999})["error"]
    assert "an int expected" in call(analysis, "decision", {"key": "k0", "index": "x"})["error"]
    ok(analysis, "open", {"key": "new", "save": match, "deal": deal})  # k0, least recently used, goes
    assert call(analysis, "decision", {"key": "k0", "index": 0})["type"] == "NoReview"
    assert ok(analysis, "decision", {"key": "k1", "index": 0})["kind"] == "bid"


def test_a_save_with_bad_levels_or_ai_seed_is_refused_as_the_bridge_refuses_it(match):
    for bad in ({**match, "levels": None}, {**match, "levels": ["hard"] * 2}, {**match, "ai_seed": "1"}):
        for method, params in (("open", {"key": "k", "save": bad, "deal": 0}), ("hard_in_seat", {"save": bad, "deal": 0})):
            reply = call(Analysis(), method, params)
            assert reply["ok"] is False and reply["type"] == "BadRequest", reply


def test_errors_show_bad_input_briefly():
    reply = json.loads(Analysis().handle(json.dumps({"id": 1, "method": ["x" * 50] * 20_000, "params": {}})))
    assert reply["ok"] is False and len(reply["error"]) < 600  # a million characters before
    reply = call(Analysis(), "close", {"key": ["x" * 50] * 20_000})
    assert reply["ok"] is False and len(reply["error"]) < 600  # a million characters before


def test_old_reviews_are_forgotten_and_a_decision_index_is_checked(match):
    analysis = Analysis()
    deal = played_deals(match)[0]
    for n in range(KEEP + 1):
        ok(analysis, "open", {"key": f"k{n}", "save": match, "deal": deal})
    assert call(analysis, "decision", {"key": "k0", "index": 0})["type"] == "NoReview"
    assert ok(analysis, "decision", {"key": f"k{KEEP}", "index": 0})["kind"] == "bid"
    assert "out of range" in call(analysis, "decision", {"key": f"k{KEEP}", "index": 999})["error"]
    assert ok(analysis, "close", {"key": f"k{KEEP}"}) == {"closed": True}
    assert ok(analysis, "close", {"key": f"k{KEEP}"}) == {"closed": False}
