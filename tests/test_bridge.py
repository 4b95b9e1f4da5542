"""belote.bridge: the JSON protocol the page's worker speaks (docs/contracts.md, "Bridge").

Each test names the promise it guards: replies matched by id, errors as data (never an
exception out of handle), the game left unchanged by any refused request, saves that resume,
steps that carry the match forward, and computer players whose seeds never depend on the deck.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from belote import Game, ai
from belote import bridge as bridge_module
from belote.ai.levels import move_seed
from belote.bridge import Bridge

LEVELS = [ai.LEVELS[0]] * 3


@pytest.fixture
def bridge() -> Bridge:
    return Bridge()


def call(bridge: Bridge, method: str, params: Any = None, req_id: Any = 1) -> dict[str, Any]:
    request: dict[str, Any] = {"id": req_id, "method": method}
    if params is not None:
        request["params"] = params
    reply = json.loads(bridge.handle(json.dumps(request)))
    assert reply["id"] == req_id
    return reply


def ok(bridge: Bridge, method: str, params: Any = None) -> Any:
    reply = call(bridge, method, params)
    assert reply["ok"], reply
    return reply["result"]


def err(bridge: Bridge, method: str, params: Any = None) -> dict[str, Any]:
    reply = call(bridge, method, params)
    assert reply["ok"] is False and set(reply) == {"id", "ok", "error", "type"}, reply
    assert isinstance(reply["error"], str) and reply["error"]
    return reply


def new_game(bridge: Bridge, seed: int = 7, target: int = 500) -> dict[str, Any]:
    return ok(bridge, "new_game", {"seed": seed, "target": target, "levels": LEVELS})


def play_until_person(bridge: Bridge, snap: dict[str, Any]) -> dict[str, Any]:
    """Let the computer seats act until seat 0 is to act (or the match is over)."""
    while snap["view"]["to_act"] not in (0, None):
        snap = ok(bridge, "advance")
    return snap


def test_new_game_snapshot_is_the_persons_view_and_the_save(bridge):
    snap = new_game(bridge)
    game = Game(seed=7, target=500)
    assert snap["view"] == game.view(0)
    assert snap["steps"] == [] and snap["moves"] == 0 and snap["levels"] == LEVELS
    assert snap["save"] == {"game": game.to_dict(), "levels": LEVELS, "ai_seed": snap["save"]["ai_seed"]}
    assert type(snap["save"]["ai_seed"]) is int


def test_reply_echoes_any_json_id(bridge):
    for req_id in (1, "abc", None, 2.5):
        assert call(bridge, "new_game", {"seed": 1, "levels": LEVELS}, req_id=req_id)["ok"]


def test_play_returns_events_and_matches_the_engine(bridge):
    snap = new_game(bridge)
    game = Game(seed=7, target=500)
    action = snap["view"]["legal_actions"][-1]
    result = ok(bridge, "play", {"action": action})
    [step] = result["steps"]
    assert step["seat"] == 0 and step["action"] == action
    assert step["events"] == game.play(action)
    assert step["view"] == result["view"] == game.view(0)
    assert step["moves"] == result["moves"] == 1


@pytest.mark.parametrize(
    "params, why",
    [
        ({"action": "jh"}, "lower-case code"),
        ({"action": " pass"}, "padded"),
        ({"action": None}, "null"),
        ({"action": 3}, "an int"),
        ({"action": "AS"}, "a card during bidding"),
        ({}, "no action"),
        ({"action": "pass", "extra": 1}, "unknown param"),
    ],
)
def test_bad_play_is_refused_as_data_and_changes_nothing(bridge, params, why):
    before = new_game(bridge)
    reply = err(bridge, "play", params)
    assert reply["type"] in ("IllegalAction", "BadRequest"), why
    assert ok(bridge, "snapshot") == before


def test_play_refused_when_a_computer_seat_is_to_act(bridge):
    new_game(bridge)
    ok(bridge, "play", {"action": "pass"})
    before = ok(bridge, "snapshot")
    assert before["view"]["to_act"] == 1
    reply = err(bridge, "play", {"action": "pass"})
    assert reply["type"] == "IllegalAction" and "seat 1" in reply["error"]
    assert ok(bridge, "snapshot") == before


def test_advance_plays_nothing_when_the_person_is_to_act(bridge):
    before = new_game(bridge)
    assert ok(bridge, "advance") == before  # no step: the worker's loop stops here
    assert ok(bridge, "snapshot") == before


def test_advance_plays_a_legal_action_for_the_seat_to_act(bridge):
    new_game(bridge)
    ok(bridge, "play", {"action": "pass"})
    game = Game(seed=7, target=500)
    game.play("pass")
    legal = game.legal_actions()
    result = ok(bridge, "advance")
    [step] = result["steps"]
    assert step["seat"] == 1 and step["action"] in legal
    assert step["events"] == game.play(step["action"])
    assert step["view"] == result["view"] == game.view(0)


def run_actions(b: Bridge, n: int, seed: int, ai_seed: int) -> list[str]:
    """The first n actions of a match, the person always playing its first legal action."""
    snap = ok(b, "new_game", {"seed": seed, "ai_seed": ai_seed, "levels": ["hard", "normal", "hard"]})
    actions = []
    for _ in range(n):
        if snap["view"]["to_act"] == 0:
            snap = ok(b, "play", {"action": snap["view"]["legal_actions"][0]})
        else:
            snap = ok(b, "advance")
        actions.append(snap["steps"][0]["action"])
    return actions


def test_ai_is_deterministic_for_an_ai_seed():
    assert run_actions(Bridge(), 30, 11, 5) == run_actions(Bridge(), 30, 11, 5)


def test_the_ai_seed_is_drawn_apart_from_the_deck_seed(monkeypatch):
    """What an AI is handed besides its view never depends on the deck: the seeds of the computer
    moves are the same for two matches with other decks and one AI stream, and differ with another."""
    seen: list[tuple[int, int]] = []
    real = ai.choose_action

    def recording(view, level="easy", seed=None):
        seen.append((len(view["bids"]) + sum(len(t["cards"]) for t in view["tricks"]) + len(view["trick"]), seed))
        return real(view, level, seed)

    monkeypatch.setattr(bridge_module.ai, "choose_action", recording)
    seeds = {}
    for deck_seed, ai_seed in ((1, 42), (2, 42), (3, 43)):
        seen.clear()
        b = Bridge()
        ok(b, "new_game", {"seed": deck_seed, "ai_seed": ai_seed, "levels": LEVELS})
        ok(b, "play", {"action": "pass"})
        for _ in range(3):
            ok(b, "advance")
        assert len(seen) >= 2 and all(s == move_seed(ai_seed, m) for m, s in seen)
        seeds[(deck_seed, ai_seed)] = [s for _, s in seen][:2]
    assert seeds[(1, 42)] == seeds[(2, 42)] != seeds[(3, 43)]
    # A new match draws its AI stream at random, not from the deck seed.
    assert new_game(Bridge(), seed=1)["save"]["ai_seed"] != new_game(Bridge(), seed=1)["save"]["ai_seed"]


def test_every_bit_of_an_ai_seed_counts():
    """Seeds up to 2**53-1 are accepted, so two that differ only above bit 31 give other moves;
    32-bit seeds (the ones the bridge draws) keep the moves they always had."""
    assert [move_seed(s, m) for s, m in ((0, 0), (1, 5), (2**32 - 1, 99), (123456789, 1000))] == \
        [0, 654822608, 298704907, 546930917]
    for low, move in ((1, 5), (7, 3), (0, 0)):
        seeds = {move_seed(low + (high << 32), move) for high in (0, 1, 2, 2**20, 2**21 - 1)}
        assert len(seeds) == 5


def test_hint_gives_hards_action_and_a_reason(bridge):
    snap = new_game(bridge)
    hint = ok(bridge, "hint")
    assert set(hint) == {"action", "reason", "reason_key", "reason_args"}
    assert hint["action"] in snap["view"]["legal_actions"]
    assert hint["action"] == ai.choose_action(snap["view"], level="hard", seed=hint_seed(snap))
    assert isinstance(hint["reason"], str)
    assert isinstance(hint["reason_key"], str) and isinstance(hint["reason_args"], dict)
    assert ok(bridge, "snapshot") == snap  # a hint plays nothing


def hint_seed(snap: dict[str, Any]) -> int:
    return move_seed(snap["save"]["ai_seed"], snap["moves"])


def test_hint_refused_when_not_the_persons_turn(bridge):
    new_game(bridge)
    ok(bridge, "play", {"action": "pass"})
    assert err(bridge, "hint")["type"] == "IllegalAction"


def test_save_resumes_exactly_in_a_new_worker(bridge):
    snap = play_until_person(bridge, new_game(bridge, seed=3))
    for _ in range(12):  # into the play phase: bids, then cards
        if snap["view"]["to_act"] is None:
            break
        if snap["view"]["to_act"] == 0:
            snap = ok(bridge, "play", {"action": snap["view"]["legal_actions"][-1]})
        snap = play_until_person(bridge, snap)
    other = Bridge()
    resumed = ok(other, "load", {"save": json.loads(json.dumps(snap["save"]))})
    assert resumed == {**snap, "steps": []}
    # and the computer seats choose the same as they would have
    if snap["view"]["to_act"] == 0:
        action = snap["view"]["legal_actions"][0]
        a = ok(bridge, "play", {"action": action})
        b = ok(other, "play", {"action": action})
        assert a == b
        if a["view"]["to_act"] not in (0, None):
            assert ok(bridge, "advance") == ok(other, "advance")


def test_a_save_of_the_previous_format_resumes_with_a_fresh_ai_stream(bridge):
    """Saves written before the AI stream existed ({game, levels}) still resume."""
    old = new_game(Bridge(), seed=4)["save"]
    del old["ai_seed"]
    resumed = ok(bridge, "load", {"save": old})
    assert resumed["save"]["game"] == old["game"] and type(resumed["save"]["ai_seed"]) is int


@pytest.mark.parametrize(
    "mutate, why",
    [
        (lambda s: s["game"]["actions"].append("AS"), "an action that is not legal"),
        (lambda s: s["game"].update(actions=["take", "take"]), "a second take"),
        (lambda s: s["game"].pop("seed"), "truncated game"),
        (lambda s: s.update(levels=["easy", "godlike", "easy"]), "unknown level"),
        (lambda s: s.update(levels=["easy"]), "too few levels"),
        (lambda s: s.pop("levels"), "no levels"),
        (lambda s: s.update(extra=1), "unknown key"),
        (lambda s: s.update(ai_seed="7"), "ai_seed not an int"),
        (lambda s: s.update(ai_seed=-1), "negative ai_seed"),
        (lambda s: s["game"].update(format="chess"), "wrong format"),
    ],
)
def test_bad_save_is_refused_and_the_current_match_kept(bridge, mutate, why):
    current = new_game(bridge, seed=5)
    other = Bridge()
    save = new_game(other, seed=9)["save"]
    mutate(save)
    reply = err(bridge, "load", {"save": save})
    assert reply["type"] in ("ValueError", "IllegalAction"), why
    assert ok(bridge, "snapshot") == current


def test_events_since_gives_the_events_of_the_moves_past_a_point_and_changes_nothing(bridge):
    """A restarted engine counts the deals that moves it could not store ended: the events of a
    save's actions from `since` on are the steps' events as they were played, in order."""
    snap = new_game(bridge, seed=11)
    played: list[tuple[int, list[dict[str, Any]]]] = []  # (moves before the step, its events)
    while not any(row["result"] != "thrown_in" for row in snap["view"]["sheet"]):
        before = snap["moves"]
        snap = ok(bridge, "play", {"action": snap["view"]["legal_actions"][-1]}) if snap["view"]["to_act"] == 0 \
            else ok(bridge, "advance")
        played += [(before, step["events"]) for step in snap["steps"]]
    since = snap["moves"] // 2
    events = [ev for before, evs in played if before >= since for ev in evs]
    current = ok(bridge, "snapshot")
    got = ok(Bridge(), "events_since", {"save": snap["save"], "since": since})["events"]
    assert got == events and [ev for ev in got if ev["type"] == "deal_scored"]
    assert ok(bridge, "events_since", {"save": snap["save"], "since": snap["moves"]})["events"] == []
    assert ok(bridge, "snapshot") == current  # the match in progress is unchanged
    for since in (-1, snap["moves"] + 1, "3", 2.0, None, True):
        assert err(bridge, "events_since", {"save": snap["save"], "since": since})["type"] == "BadRequest"
    assert err(bridge, "events_since", {"save": {"game": {}}, "since": 0})["type"] == "ValueError"
    assert ok(bridge, "snapshot") == current


def test_steps_since_gives_the_steps_and_the_view_the_table_was_handed_and_changes_nothing(bridge):
    """A page that comes back shows the moves it had not shown: from a save, the person's view
    after `since` actions and the steps after them are exactly those the match handed the page as
    it played (a deal's end and the next deal included)."""
    snap = new_game(bridge, seed=11)
    views = {0: snap["view"]}  # moves -> the person's view then
    steps: list[dict[str, Any]] = []
    while len([row for row in snap["view"]["sheet"] if row["result"] != "thrown_in"]) < 2:
        snap = ok(bridge, "play", {"action": snap["view"]["legal_actions"][0]}) if snap["view"]["to_act"] == 0 \
            else ok(bridge, "advance")
        steps += snap["steps"]
        views[snap["moves"]] = snap["view"]
    current = ok(bridge, "snapshot")
    for since in (0, 1, snap["moves"] - 40, snap["moves"] - 1, snap["moves"]):
        got = ok(Bridge(), "steps_since", {"save": snap["save"], "since": since})
        assert got["view"] == views[since]
        assert got["steps"] == steps[since:]
    assert any(ev["type"] == "deal_scored" for step in steps[snap["moves"] - 40:] for ev in step["events"])
    assert ok(bridge, "snapshot") == current  # the match in progress is unchanged
    for since in (-1, snap["moves"] + 1, "3", 2.0, None, True):
        assert err(bridge, "steps_since", {"save": snap["save"], "since": since})["type"] == "BadRequest"
    assert err(bridge, "steps_since", {"save": {"game": {}}, "since": 0})["type"] == "ValueError"


@pytest.mark.parametrize("save", [None, [], "x", {"game": {}}, 3])
def test_malformed_save_object_is_refused(bridge, save):
    assert err(bridge, "load", {"save": save})["type"] == "ValueError"


@pytest.mark.parametrize(
    "params",
    [
        {"seed": "7", "levels": LEVELS},
        {"seed": True, "levels": LEVELS},
        {"seed": 1, "target": 0, "levels": LEVELS},
        {"seed": 1, "target": 10.5, "levels": LEVELS},
        {"seed": 1, "levels": ["easy", "easy"]},
        {"seed": 1, "levels": ["easy", "easy", "grandmaster"]},
        {"seed": 1, "levels": LEVELS, "colour": "red"},
        {"seed": 1, "levels": LEVELS, "ai_seed": 1.5},
    ],
)
def test_bad_new_game_params_are_refused_and_the_match_kept(bridge, params):
    current = new_game(bridge)
    assert err(bridge, "new_game", params)["type"] == "BadRequest"
    assert ok(bridge, "snapshot") == current


def test_new_game_defaults(bridge):
    snap = ok(bridge, "new_game", {})
    assert snap["view"]["target"] == 1000
    assert len(snap["save"]["levels"]) == 3
    assert isinstance(snap["save"]["game"]["seed"], int)  # a random seed, kept for the save


@pytest.mark.parametrize(
    "raw",
    ["", "not json", "[1, 2]", '"x"', '{"id": 4, "method": "dance"}', '{"id": 4, "method": 5}',
     '{"id": 4, "method": "snapshot", "params": [1]}'],
)
def test_malformed_requests_are_answered_never_raised(bridge, raw):
    reply = json.loads(bridge.handle(raw))
    assert reply["ok"] is False and reply["type"] == "BadRequest"


def test_methods_before_any_game_say_so(bridge):
    for method, params in [("snapshot", {}), ("play", {"action": "pass"}), ("advance", {}), ("hint", {})]:
        assert err(bridge, method, params)["type"] == "NoGame"


def test_a_whole_match_through_the_bridge_ends_with_a_winner(bridge):
    snap = new_game(bridge, seed=21, target=300)
    for _ in range(5000):
        view = snap["view"]
        if view["to_act"] is None:
            break
        if view["to_act"] == 0:
            snap = ok(bridge, "play", {"action": view["legal_actions"][0]})
        else:
            snap = ok(bridge, "advance")
    view = snap["view"]
    assert view["phase"] == "over" and view["winner"] in (0, 1)
    assert max(view["scores"]) >= 300
    assert err(bridge, "play", {"action": "pass"})["type"] == "IllegalAction"
    assert ok(bridge, "advance")["steps"] == []


def test_module_handle_keeps_one_session():
    from belote import bridge as module

    module.reset()
    first = json.loads(module.handle(json.dumps({"id": 1, "method": "new_game", "params": {"seed": 2, "levels": LEVELS}})))
    again = json.loads(module.handle(json.dumps({"id": 2, "method": "snapshot"})))
    assert again["result"] == first["result"]
    module.reset()
    assert json.loads(module.handle(json.dumps({"id": 3, "method": "snapshot"})))["type"] == "NoGame"


# ------------------------------------------------------------------ the practice session


def finished_match(seed: int = 7) -> tuple[Bridge, Bridge, dict[str, Any]]:
    """A match session with one played (not thrown-in) deal finished, and its practice session."""
    match = Bridge()
    snap = ok(match, "new_game", {"seed": seed, "target": 5000, "levels": LEVELS, "ai_seed": 3})
    while not any(r["result"] != "thrown_in" for r in snap["view"]["sheet"]):
        view = snap["view"]
        snap = ok(match, "play", {"action": "take" if "take" in view["legal_actions"] else view["legal_actions"][0]}) \
            if view["to_act"] == 0 else ok(match, "advance")
    return match, Bridge(practice_of=match), snap


def test_a_practice_begins_only_with_start():
    """A practice is a finished deal of the match again: new_game or load would make it anything else."""
    match, practice, _ = finished_match()
    for method in ("new_game", "load", "events_since", "steps_since"):
        reply = call(practice, method, {"seed": 3})
        assert reply["ok"] is False and reply["type"] == "BadRequest" and "unknown method" in reply["error"]
    reply = call(practice, "play", {"action": "pass"})
    assert reply["type"] == "NoGame" and "call start first" in reply["error"]
    assert call(Bridge(), "play", {"action": "pass"})["error"].endswith("call new_game or load first")


def play_practice(practice: Bridge, snap: dict[str, Any], bid: str = "take") -> dict[str, Any]:
    """Plays the practice to its end: the person bids `bid` when it may, else plays its first
    legal action; the computers theirs."""
    for _ in range(200):
        view = snap["view"]
        if view["sheet"]:
            return snap
        legal = view["legal_actions"]
        snap = ok(practice, "play", {"action": bid if bid in legal else legal[0]}) if view["to_act"] == 0 \
            else ok(practice, "advance")
    raise AssertionError("the practice did not end")


def test_practice_deals_a_finished_deal_again_and_leaves_the_match_alone():
    match, practice, snap = finished_match()
    row = next(r for r in snap["view"]["sheet"] if r["result"] != "thrown_in")
    before = ok(match, "snapshot")
    start = ok(practice, "start", {"deal": row["deal"]})
    view = start["view"]
    assert view["dealer"] == row["dealer"] and view["sheet"] == [] and view["scores"] == [0, 0]
    assert start["levels"] == LEVELS and start["moves"] == 0
    # the same cards: the person's hand of the match deal, as the match dealt it
    replay = Game.from_dict(before["save"]["game"])
    deal_start = Game.from_dict({**before["save"]["game"], "actions": []})
    while deal_start.deal_number < row["deal"]:
        deal_start.play(replay.to_dict()["actions"][deal_start.move_number])
    assert view["hand"] == deal_start.view(0)["hand"] and view["turned_card"] == deal_start.view(0)["turned_card"]
    end = play_practice(practice, start)
    assert len(end["view"]["sheet"]) == 1
    assert ok(match, "snapshot") == before  # the match, its score and its save untouched


def test_a_practice_plays_its_one_deal_and_stops():
    match, practice, snap = finished_match(seed=11)
    deal = next(r["deal"] for r in snap["view"]["sheet"] if r["result"] != "thrown_in")
    end = play_practice(practice, ok(practice, "start", {"deal": deal}))
    view = end["view"]
    assert view["to_act"] is None and view["hand"] == [] and view["legal_actions"] == []
    assert ok(practice, "advance")["steps"] == []
    assert err(practice, "play", {"action": "pass"})["type"] == "IllegalAction"
    assert err(practice, "hint")["type"] == "IllegalAction"
    # its own deck seed: the match's would deal the match's next deals after it
    assert end["save"]["game"]["seed"] != snap["save"]["game"]["seed"]
    assert end["save"]["ai_seed"] != snap["save"]["ai_seed"]


def test_a_thrown_in_practice_stops_too():
    for seed in range(1, 60):
        match, practice, snap = finished_match(seed=seed)
        deal = next(r["deal"] for r in snap["view"]["sheet"] if r["result"] != "thrown_in")
        end = play_practice(practice, ok(practice, "start", {"deal": deal}), bid="pass")
        if end["view"]["sheet"][0]["result"] == "thrown_in":
            break
    else:
        pytest.skip("no seed where all four pass")
    assert ok(practice, "advance")["steps"] == []  # the next deal is dealt, but nobody plays it
    assert err(practice, "play", {"action": "pass"})["error"].endswith("the practice deal is over")


def thrown_in_practice() -> tuple[Bridge, dict[str, Any], dict[str, Any]]:
    """A practice whose deal all four passed twice: the practice session, its start snapshot and the
    snapshot the last pass answered."""
    for seed in range(1, 60):
        match, practice, snap = finished_match(seed=seed)
        deal = next(r["deal"] for r in snap["view"]["sheet"] if r["result"] != "thrown_in")
        start = ok(practice, "start", {"deal": deal})
        end = play_practice(practice, start, bid="pass")
        if end["view"]["sheet"][0]["result"] == "thrown_in":
            return practice, start, end
    raise AssertionError("no seed where all four pass")


def test_a_thrown_in_practice_shows_no_further_deal():
    """bridge.py: a practice deals no further deal and shows none. Once thrown in, the table keeps
    that deal (deal 0, its 8 passes, nobody to act), never the new deal's 5 cards and a computer to
    bid while play and advance are refused; the last pass's step has no "deal" event."""
    practice, start, end = thrown_in_practice()
    first = start["view"]
    for view in (end["view"], end["steps"][-1]["view"], ok(practice, "snapshot")["view"],
                 ok(practice, "advance")["view"]):
        assert (view["deal_number"], view["dealer"], view["hand"], view["turned_card"]) == (
            0, first["dealer"], first["hand"], first["turned_card"])
        assert view["phase"] == "bid2" and view["to_act"] is None and view["legal_actions"] == []
        assert [b["action"] for b in view["bids"]] == ["pass"] * 8
        assert [r["result"] for r in view["sheet"]] == ["thrown_in"]
    assert [e["type"] for e in end["steps"][-1]["events"]] == ["bid", "thrown_in"]
    assert end["moves"] == 8 and len(end["save"]["game"]["actions"]) == 8


def test_a_thrown_in_match_deal_still_deals_the_next():
    """Only the practice stops there: the match itself deals the next deal after a throw-in."""
    b = Bridge()
    for seed in range(1, 60):
        snap = ok(b, "new_game", {"seed": seed, "levels": ["easy"] * 3, "ai_seed": 1})
        while not snap["view"]["sheet"]:
            snap = ok(b, "play", {"action": "pass"}) if snap["view"]["to_act"] == 0 else ok(b, "advance")
        if snap["view"]["sheet"][0]["result"] == "thrown_in":
            break
    else:
        raise AssertionError("no seed where all four pass")
    assert [e["type"] for e in snap["steps"][-1]["events"]] == ["bid", "thrown_in", "deal"]
    view = snap["view"]
    assert view["deal_number"] == 1 and view["phase"] == "bid1" and len(view["hand"]) == 5


@pytest.mark.parametrize("deal, why", [(5, "out of range"), ("0", "int"), (None, "int")])
def test_practice_of_a_deal_that_is_not_finished_is_refused(deal, why):
    match, practice, snap = finished_match()
    before = ok(match, "snapshot")
    unfinished = len(snap["view"]["sheet"])
    reply = err(practice, "start", {"deal": deal if deal != 5 else unfinished + 4})
    assert why in reply["error"]
    assert "not finished" in err(practice, "start", {"deal": unfinished})["error"]
    assert err(practice, "snapshot")["type"] == "NoGame" and ok(match, "snapshot") == before


def test_module_handle_routes_the_practice_session():
    from belote import bridge as module

    module.reset()
    send = lambda request: json.loads(module.handle(json.dumps(request)))  # noqa: E731
    assert send({"id": 1, "method": "new_game", "params": {"seed": 7, "levels": LEVELS}})["ok"]
    assert send({"id": 2, "session": "practice", "method": "snapshot"})["type"] == "NoGame"
    assert send({"id": 3, "session": "nope", "method": "snapshot"})["type"] == "BadRequest"
    assert send({"id": 4, "method": "start", "params": {"deal": 0}})["type"] == "BadRequest"  # match has no start
    assert send({"id": 5, "session": "practice", "method": "start", "params": {"deal": 0}})["error"].startswith("deal 0 is not finished")
    module.reset()
