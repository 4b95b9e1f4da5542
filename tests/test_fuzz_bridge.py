"""Hostile input at the bridge (issue 13, point 7): Hypothesis throws requests and saves at it.

Requests: any JSON, raw text and mutated request text, near-valid requests with one field
mutated (wrong types, huge ints, NaN/Infinity, unicode, deep nesting, extra keys), and
sequences of them on one session. Saves: saves of real games (random legal play, scripted
decks, another first dealer), then mutated (actions dropped, swapped, replaced, retyped,
keys added and removed, decks tampered, huge action lists).

Properties: ``handle`` never raises; every reply is strict JSON (no NaN) with exactly the
documented keys; an ``ok`` reply has the documented shape, its views checked card by card and
against a fresh ``Game.from_dict`` of its save; after an error reply the session's snapshot is
byte-identical to before; an accepted save is a game that follows the rules (replayed through
``Game`` it gives the same view, and play goes on from it). The bugs the fuzzers found have
their own regression tests at the end.

Deterministic (derandomize=True, no example database) with bounded examples, as
tests/test_invariants.py.
"""
from __future__ import annotations

import copy
import json
import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote import Game, ai
from belote.ai.explain import REASONS
from belote.bridge import MAX_DEPTH, MAX_SAFE_INT, Bridge
from belote.cards import CARD_CODES
from belote.view import SeatView

FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=150,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])
FEW = settings(FUZZ, max_examples=60)

CODES = frozenset(CARD_CODES)
VIEW_KEYS = set(SeatView.__annotations__)
SNAPSHOT_KEYS = {"view", "steps", "moves", "levels", "save"}
SAVE_KEYS = {"game", "levels", "ai_seed"}
STEP_KEYS = {"seat", "action", "events", "view", "moves"}
HINT_KEYS = {"action", "reason", "reason_key", "reason_args"}
BIDS = ["pass", "take", "take:C", "take:D", "take:H", "take:S"]
FAST_LEVELS = ("easy", "normal")  # computer seats a fuzz run lets play (Hard thinks for long)
SNAPSHOT = json.dumps({"id": "probe", "method": "snapshot"})


# ------------------------------------------------------------------------------ checks


def _no_constant(name: str) -> Any:
    raise AssertionError(f"reply holds {name}: not JSON")


def parse_reply(text: Any) -> dict[str, Any]:
    """The reply as strict JSON (what the page's JSON.parse reads) with exactly the documented keys."""
    assert isinstance(text, str)
    reply = json.loads(text, parse_constant=_no_constant)
    assert isinstance(reply, dict)
    if reply.get("ok") is True:
        assert set(reply) == {"id", "ok", "result"}, reply.keys()
    else:
        assert reply.get("ok") is False and set(reply) == {"id", "ok", "error", "type"}, reply
        assert isinstance(reply["error"], str) and reply["error"]
        assert isinstance(reply["type"], str) and reply["type"].isidentifier()
        assert reply["type"] != "InternalError", reply  # the bridge's own fault, never the input's
    return reply


def js_safe(value: Any, where: str = "save") -> None:
    """Every number survives the page's JSON (doubles): ints within 2**53, no float at all."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, int):
        assert -MAX_SAFE_INT <= value <= MAX_SAFE_INT, f"{where}: {value} is not a safe JS integer"
    elif isinstance(value, list):
        for i, v in enumerate(value):
            js_safe(v, f"{where}[{i}]")
    elif isinstance(value, dict):
        for k, v in value.items():
            js_safe(v, f"{where}.{k}")
    else:
        raise AssertionError(f"{where}: {type(value).__name__} in a save")


def check_view(view: dict[str, Any], game: Game) -> None:
    """A view(0): documented keys, valid card codes, consistent hand sizes, legal actions legal."""
    assert set(view) == VIEW_KEYS and view["seat"] == 0
    hand, trick, sizes = view["hand"], view["trick"], view["hand_sizes"]
    played = [e["card"] for t in view["tricks"] for e in t["cards"]] + [e["card"] for e in trick]
    seen = [*hand, *played]
    assert all(c in CODES for c in [*seen, view["turned_card"]]), seen
    assert len(set(seen)) == len(seen), "a card seen twice"
    assert sizes[0] == len(hand) and all(type(n) is int and 0 <= n <= 8 for n in sizes)
    if view["phase"] in ("bid1", "bid2"):
        assert sizes == [5, 5, 5, 5] and not played and view["turned_card"] not in hand
    elif view["phase"] == "play":
        assert len(trick) < 4 and len(view["tricks"]) < 8
        on_table = {e["seat"] for e in trick}
        for seat in range(4):
            assert sizes[seat] == 8 - len(view["tricks"]) - (seat in on_table)
    legal = view["legal_actions"]
    if view["to_act"] == 0:
        assert legal == game.legal_actions() != []
        if view["phase"] == "play":
            assert set(legal) <= set(hand)
        else:
            assert set(legal) <= set(BIDS)
    else:
        assert legal == []
    if view["phase"] == "over":
        assert view["to_act"] is None and view["winner"] in (0, 1)


def check_snapshot(result: Any) -> Game:
    """The documented snapshot, its view that of a fresh Game.from_dict of its own save; that game."""
    assert isinstance(result, dict) and set(result) == SNAPSHOT_KEYS
    save = result["save"]
    assert set(save) == SAVE_KEYS
    assert save["levels"] == result["levels"] and len(save["levels"]) == 3
    assert all(level in ai.LEVELS for level in save["levels"])
    assert type(save["ai_seed"]) is int and 0 <= save["ai_seed"] <= MAX_SAFE_INT
    js_safe(save)
    assert json.loads(json.dumps(save)) == save
    game = Game.from_dict(save["game"])
    assert game.to_dict() == save["game"]
    assert result["moves"] == game.move_number == len(save["game"]["actions"])
    assert result["view"] == game.view(0)
    check_view(result["view"], game)
    for step in result["steps"]:
        assert set(step) == STEP_KEYS and step["seat"] in range(4) and isinstance(step["action"], str)
        assert all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in step["events"])
    if result["steps"]:
        assert result["steps"][-1]["view"] == result["view"]
        assert result["steps"][-1]["moves"] == result["moves"]
    return game


def check_steps_replay(before_save: dict[str, Any], result: dict[str, Any]) -> None:
    """Each step was a legal action from the save before it: replayed through Game, same events and view."""
    game = Game.from_dict(before_save["game"])
    for step in result["steps"]:
        assert step["seat"] == game.to_act and step["action"] in game.legal_actions()
        assert game.play(step["action"]) == step["events"]
        assert game.view(0) == step["view"] and game.move_number == step["moves"]


def check_hint(result: Any, snapshot: dict[str, Any]) -> None:
    assert isinstance(result, dict) and set(result) == HINT_KEYS
    assert result["action"] in snapshot["view"]["legal_actions"]
    assert isinstance(result["reason"], str) and result["reason_key"] in REASONS
    assert isinstance(result["reason_args"], dict)


def probe(bridge: Bridge) -> str:
    """The session as bytes: the reply to a snapshot request (an error before any match)."""
    return bridge.handle(SNAPSHOT)


def send(bridge: Bridge, request_text: Any) -> dict[str, Any]:
    """Send one request and check every promise that holds whatever the request was."""
    before = probe(bridge)
    reply = parse_reply(bridge.handle(request_text))  # raises only if handle raised: the test fails
    if not reply["ok"]:
        assert probe(bridge) == before, f"a refused request changed the session: {reply}"
        return reply
    method = json.loads(request_text)["method"]
    if method == "hint":
        check_hint(reply["result"], json.loads(before)["result"])
        assert probe(bridge) == before  # a hint plays nothing
    else:
        check_snapshot(reply["result"])
        if method in ("play", "advance"):
            check_steps_replay(json.loads(before)["result"]["save"], reply["result"])
        elif method == "snapshot":
            assert probe(bridge) == before
    return reply


# -------------------------------------------------------------------------- strategies


def nested(depth: int, leaf: str = "0") -> str:
    return "[" * depth + leaf + "]" * depth


HOSTILE_SCALARS = [
    None, True, False, 0, 1, -1, 3, 2**31, 2**32, 2**53 - 1, 2**53, -(2**53), 10**30, 10**400, 0.5, -0.0, 1e308,
    float("nan"), float("inf"), float("-inf"), "", " ", "pass", "take", "take:", "take:H", "PASS", "JH", "jh",
    "J♥", "10H", "\u0000", "\ud800", "\U0001f0a1", "é", "__proto__", "constructor", "normal", "hard", "x" * 5000,
]
# Ints at the edges of what the page's numbers (doubles) and the engine's domains hold. (Hypothesis
# favours the first entries of a list: the hostile ones come first.)
EDGE_INTS = [2**53, 10**30, -1, 2**53 + 1, 2**63, 10**400, -(2**53), 2**53 - 1, 0, 1, 3, 4, 2**31, 2**32]
json_leaves = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(), st.text(max_size=12), st.sampled_from(HOSTILE_SCALARS),
)
json_values = st.recursive(
    json_leaves,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
hostile = st.one_of(st.sampled_from(HOSTILE_SCALARS), st.sampled_from(EDGE_INTS), json_values,
                    st.sampled_from([[], {}, [[[]]], {"": {}}, ["easy"] * 3, ["easy"] * 4, list(CARD_CODES)]))
# Raw JSON text that Python's json.dumps cannot write: ints past the 4300-digit limit, deep nesting.
RAW_HOSTILE = ["9" * 5000, "-" + "9" * 4301, nested(MAX_DEPTH - 4), nested(MAX_DEPTH), nested(MAX_DEPTH + 1),
               nested(5000), nested(100_000), '{"a":' * 3000 + "0" + "}" * 3000, "NaN", "-Infinity", "1e400"]
METHODS = ["new_game", "load", "play", "advance", "hint", "snapshot"]
ODD_METHODS = ["", "Play", "play ", "_snapshot", "handle", "__init__", "_methods", "seed_now", "reset", "\u0000"]


@st.composite
def real_games(draw, max_actions: int = 120) -> Game:
    """A match of random legal play (fewer thrown-in deals than chance would give), sometimes scripted."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    decks = []
    for _ in range(draw(st.integers(0, 2))):
        deck = list(CARD_CODES)
        rng.shuffle(deck)
        decks.append(deck)
    game = Game(seed=draw(st.integers(0, 2**32)), target=draw(st.sampled_from([1, 80, 300, 1000, 2000])),
                decks=decks, first_dealer=draw(st.sampled_from([3, 3, 0, 1, 2])))
    for _ in range(draw(st.integers(0, max_actions))):
        if game.to_act is None:
            break
        legal = game.legal_actions()
        takes = [a for a in legal if a != "pass"]
        game.play(rng.choice(takes) if takes and rng.random() < 0.3 else rng.choice(legal))
    return game


@st.composite
def real_saves(draw) -> dict[str, Any]:
    """A bridge save of a real game; its computer seats easy or normal."""
    game = draw(real_games())
    levels = draw(st.lists(st.sampled_from(FAST_LEVELS), min_size=3, max_size=3))
    save = {"game": game.to_dict(), "levels": levels, "ai_seed": draw(st.integers(0, MAX_SAFE_INT))}
    if draw(st.integers(0, 9)) == 0:
        del save["ai_seed"]  # a save of the previous format
    return save


def random_action(draw) -> Any:
    return draw(st.one_of(st.sampled_from([*CARD_CODES, *BIDS]), hostile))


@st.composite
def mutated_saves(draw) -> dict[str, Any]:
    """A real save with one to three mutations."""
    save = copy.deepcopy(draw(real_saves()))
    for _ in range(draw(st.integers(1, 3))):
        save = draw(st.sampled_from(SAVE_MUTATIONS))(draw, save)
    return save


def _game(save: Any) -> dict[str, Any] | None:
    game = save.get("game") if isinstance(save, dict) else None
    return game if isinstance(game, dict) else None


def _actions(save: Any) -> list[Any] | None:
    game = _game(save)
    actions = game.get("actions") if game else None
    return actions if isinstance(actions, list) else None


def _index(draw, items: list[Any]) -> int:
    return draw(st.integers(0, len(items) - 1))


def m_drop_action(draw, save):
    acts = _actions(save)
    if acts:
        del acts[_index(draw, acts)]
    return save


def m_swap_actions(draw, save):
    acts = _actions(save)
    if acts and len(acts) > 1:
        i, j = _index(draw, acts), _index(draw, acts)
        acts[i], acts[j] = acts[j], acts[i]
    return save


def m_replace_action(draw, save):
    acts = _actions(save)
    if acts:
        acts[_index(draw, acts)] = random_action(draw)
    return save


def m_insert_action(draw, save):
    acts = _actions(save)
    if acts is not None:
        acts.insert(draw(st.integers(0, len(acts))), random_action(draw))
    return save


def m_truncate_actions(draw, save):
    acts = _actions(save)
    if acts:
        del acts[_index(draw, acts):]
    return save


def m_huge_actions(draw, save):
    """Thousands of actions: passes (whole thrown-in deals, legal at a deal's start), garbage, or the list again."""
    acts = _actions(save)
    if acts is not None:
        kind = draw(st.sampled_from(["passes", "garbage", "repeat"]))
        if kind == "passes":
            acts.extend(["pass"] * (8 * draw(st.integers(1, 400))))
        elif kind == "garbage":
            acts.extend([random_action(draw)] * draw(st.integers(1000, 50_000)))
        else:
            acts.extend(acts * draw(st.integers(1, 20)))
    return save


def m_retype(draw, save):
    """One field of the save or its game replaced by a value of any type."""
    game = _game(save)
    target = game if game is not None and draw(st.booleans()) else save
    if isinstance(target, dict):
        key = draw(st.sampled_from(sorted(target) + ["first_dealer"]))
        target[key] = draw(hostile)
    return save


def m_drop_key(draw, save):
    game = _game(save)
    target = game if game is not None and draw(st.booleans()) else save
    if isinstance(target, dict) and target:
        del target[draw(st.sampled_from(sorted(target)))]
    return save


def m_add_key(draw, save):
    game = _game(save)
    target = game if game is not None and draw(st.booleans()) else save
    if isinstance(target, dict):
        key = draw(st.sampled_from(["first_dealer", "extra", "", "__proto__", "Actions", "scores", "winner"]))
        target[key] = draw(hostile)
    return save


def m_tamper_deck(draw, save):
    """A scripted deck added, or one with a card replaced, repeated, removed or miswritten."""
    game = _game(save)
    if game is None or not isinstance(game.get("decks"), list):
        return save
    decks = game["decks"]
    rng = random.Random(draw(st.integers(0, 2**32)))
    if not decks or draw(st.booleans()):
        deck = list(CARD_CODES)
        rng.shuffle(deck)
        decks.insert(draw(st.integers(0, len(decks))), deck)  # a valid deck: the same game no more
        return save
    deck = decks[_index(draw, decks)]
    if not isinstance(deck, list) or not deck:
        return save
    how = draw(st.sampled_from(["replace", "repeat", "remove", "lower", "append", "swap"]))
    i = _index(draw, deck)
    if how == "replace":
        deck[i] = random_action(draw)
    elif how == "repeat":
        deck[i] = deck[(i + 1) % len(deck)]
    elif how == "remove":
        del deck[i]
    elif how == "lower":
        deck[i] = str(deck[i]).lower()
    elif how == "append":
        deck.append(deck[i])
    else:
        j = _index(draw, deck)
        deck[i], deck[j] = deck[j], deck[i]  # still a deck: another deal
    return save


def m_edge_number(draw, save):
    """A number of the save at an edge (past 2**53, negative, huge), the actions maybe cut to a few bids."""
    game = _game(save)
    if game is None:
        return save
    field = draw(st.sampled_from(["seed", "seed", "target", "version", "first_dealer", "ai_seed"]))
    (save if field == "ai_seed" else game)[field] = draw(st.sampled_from(EDGE_INTS))
    actions = _actions(save)
    if actions is not None and draw(st.booleans()):  # bids stay legal with another deck, cards do not
        del actions[draw(st.integers(0, 4)):]
    return save


def m_levels(draw, save):
    if isinstance(save, dict):
        save["levels"] = draw(st.one_of(
            st.lists(st.sampled_from([*FAST_LEVELS, "hard", "Easy", "", "oracle"]), max_size=4), hostile))
    return save


def m_ai_seed(draw, save):
    if isinstance(save, dict):
        save["ai_seed"] = draw(hostile)
    return save


def m_whole(draw, save):
    """The save replaced by its game alone, a list, a scalar."""
    return draw(st.sampled_from([_game(save), [save], "save", 0, None, {}]))


SAVE_MUTATIONS = [m_drop_action, m_swap_actions, m_replace_action, m_insert_action, m_truncate_actions,
                  m_huge_actions, m_retype, m_edge_number, m_edge_number, m_drop_key, m_add_key, m_tamper_deck, m_levels, m_ai_seed, m_whole]


def encode(obj: Any) -> str:
    """JSON text as a hostile sender might write it: Python's json writes NaN and Infinity too."""
    return json.dumps(obj)


@st.composite
def near_valid_requests(draw) -> str:
    """A well-formed request for a method, each of its params kept, dropped or replaced (a wrong type,
    an edge number, anything), then maybe one thing about the request itself wrong."""
    method = draw(st.sampled_from(METHODS))
    params: dict[str, Any] = {
        "new_game": {"seed": 7, "target": 500, "levels": ["easy", "normal", "easy"], "ai_seed": 3},
        "load": {"save": draw(real_saves())},
        "play": {"action": draw(st.sampled_from([*BIDS, *CARD_CODES]))},
    }.get(method, {})
    for key in sorted(params):
        how = draw(st.sampled_from(["edge", "hostile", "drop", "keep", "keep"]))
        if how == "drop":
            del params[key]
        elif how == "hostile":
            params[key] = draw(hostile)
        elif how == "edge" and key == "save":
            m_edge_number(draw, params[key])
        elif how == "edge":
            params[key] = draw(st.sampled_from(EDGE_INTS))
    request: dict[str, Any] = {"id": draw(st.integers(0, 10**6)), "method": method, "params": params}
    how = draw(st.sampled_from(["raw", "id", "none", "extra_param", "method", "params", "drop", "extra",
                                "raw", "none"]))
    if how == "extra_param":
        params[draw(st.sampled_from(["extra", "", "__proto__", "owner", "legacy", "Seed"]))] = draw(hostile)
    elif how == "id":
        request["id"] = draw(hostile)
    elif how == "method":
        request["method"] = draw(st.one_of(st.sampled_from(ODD_METHODS), hostile))
    elif how == "params":
        request["params"] = draw(hostile)
    elif how == "drop":
        del request[draw(st.sampled_from(sorted(request)))]
    elif how == "extra":
        request[draw(st.text(max_size=6))] = draw(hostile)
    elif how == "raw":  # a value only raw text can hold, at a field
        raw = draw(st.sampled_from(RAW_HOSTILE))
        field = draw(st.sampled_from(["id", "params", *sorted(params)]))
        if field in ("id", "params"):
            return encode({**request, field: 0}).replace(f'"{field}": 0', f'"{field}": {raw}', 1)
        return encode({**request, "params": {**params, field: 0}}).replace(f'"{field}": 0', f'"{field}": {raw}', 1)
    return encode(request)


@st.composite
def mangled_text(draw) -> str:
    """The text of a valid request with characters deleted, inserted or replaced."""
    text = list(encode({"id": 1, "method": draw(st.sampled_from(METHODS)),
                        "params": {"seed": 1, "levels": ["easy"] * 3, "action": "pass"}}))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["del", "ins", "rep"]))
        ch = draw(st.sampled_from(list('{}[]",:\\0 eE-+.nN') + ["\ud800", "\u00e9", "\x00"]))
        if op == "ins" or not text:
            text.insert(i, ch)
        elif op == "del":
            del text[min(i, len(text) - 1)]
        else:
            text[min(i, len(text) - 1)] = ch
    return "".join(text)


any_request_text = st.one_of(
    st.text(max_size=40),
    json_values.map(encode),
    st.dictionaries(st.sampled_from(["id", "method", "params", "x"]), json_values, max_size=4).map(encode),
    st.sampled_from(RAW_HOSTILE),
    mangled_text(),
)


@st.composite
def sessions(draw) -> Bridge:
    """A session with no match, or with a real match loaded (computer seats easy or normal)."""
    bridge = Bridge()
    if draw(st.integers(0, 4)):
        reply = parse_reply(bridge.handle(encode({"id": 0, "method": "load", "params": {"save": draw(real_saves())}})))
        assert reply["ok"], reply
    return bridge


# -------------------------------------------------------------------------- properties


@FUZZ
@given(bridge=sessions(), text=any_request_text)
def test_any_text_gets_a_json_reply_and_changes_nothing_unless_accepted(bridge, text):
    send(bridge, text)


@FUZZ
@given(bridge=sessions(), text=near_valid_requests())
def test_near_valid_requests_are_answered_and_refusals_change_nothing(bridge, text):
    reply = send(bridge, text)
    try:
        sent = json.loads(text, parse_constant=_refuse, parse_float=_finite)
    except (ValueError, RecursionError):
        return  # not JSON (or a number no double holds): nothing to echo
    if isinstance(sent, dict) and depth(sent) <= MAX_DEPTH:  # a request it reads: its id comes back
        assert reply["id"] == sent.get("id")


def _refuse(name: str) -> Any:
    raise ValueError(name)


def _finite(text: str) -> float:
    if not math.isfinite(value := float(text)):
        raise ValueError(text)
    return value


def depth(value: Any) -> int:
    """How deep a JSON value nests (a scalar: 0)."""
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    return 0


def field(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A param's value: valid, an edge int, any int, or anything at all."""
    return st.one_of(valid, st.sampled_from(EDGE_INTS), st.integers(), hostile)


new_game_params = st.fixed_dictionaries({}, optional={
    "seed": field(st.none() | st.integers(0, MAX_SAFE_INT)),
    "target": field(st.integers(1, 5000)),
    "levels": field(st.lists(st.sampled_from([*FAST_LEVELS, "hard"]), min_size=3, max_size=3)),
    "ai_seed": field(st.none() | st.integers(0, MAX_SAFE_INT)),
    "extra": hostile,
})


@FUZZ
@given(bridge=sessions(), params=new_game_params, req_id=field(st.integers()))
def test_new_game_with_any_params_starts_a_match_it_can_save_or_changes_nothing(bridge, params, req_id):
    reply = send(bridge, encode({"id": req_id, "method": "new_game", "params": params}))
    if reply["ok"]:
        view = reply["result"]["view"]
        assert view["target"] == params.get("target", 1000) and reply["result"]["moves"] == 0
        assert reply["result"]["levels"] == params.get("levels", ["normal"] * 3)


@FUZZ
@given(bridge=sessions(), action=st.one_of(st.sampled_from([*BIDS, *CARD_CODES]), hostile),
       extra=st.none() | st.dictionaries(st.text(max_size=5), hostile, max_size=2))
def test_play_with_any_action_is_the_engines_answer_or_changes_nothing(bridge, action, extra):
    before = json.loads(probe(bridge))
    reply = send(bridge, encode({"id": 1, "method": "play", "params": {"action": action, **(extra or {})}}))
    legal = before["ok"] and before["result"]["view"]["to_act"] == 0 and action in before["result"]["view"]["legal_actions"]
    assert reply["ok"] == (legal and not extra), reply


@pytest.mark.parametrize("raw", RAW_HOSTILE, ids=lambda raw: raw if len(raw) < 12 else f"{raw[:4]}..{len(raw)}")
@pytest.mark.parametrize("where", ["id", "params", "seed", "target", "levels", "save", "action"])
def test_raw_hostile_values_anywhere_are_refused_or_read(raw, where):
    """Every value only raw text can hold (4301-digit ints, NaN, 1e400, deep nesting) at every field."""
    bridge = Bridge()
    send(bridge, encode({"id": 0, "method": "new_game", "params": {"seed": 2, "levels": ["easy"] * 3}}))
    method = {"save": "load", "action": "play"}.get(where, "new_game")
    request = {"id": 1, "method": method, "params": {}}
    if where in ("id", "params"):
        request[where] = "@"
    else:
        request["params"][where] = "@"
    reply = send(bridge, encode(request).replace('"@"', raw, 1))
    accepted = where == "id" and raw == nested(MAX_DEPTH - 4)  # the one value a request may hold there
    assert reply["ok"] == accepted, reply
    if accepted:
        assert reply["id"] == json.loads(raw)


@FEW
@given(bridge=sessions(), seed=st.integers(0, 2**32), n=st.integers(1, 25))
def test_sequences_of_requests_keep_every_promise(bridge, seed, n):
    """Legal moves, refused moves and malformed requests interleaved on one session."""
    rng = random.Random(seed)
    for i in range(n):
        probe_reply = json.loads(probe(bridge))
        view = probe_reply["result"]["view"] if probe_reply["ok"] else None
        roll = rng.random()
        if view is None or roll < 0.05:
            params = {"seed": rng.randrange(2**32), "target": rng.choice([1, 100, 1000]),
                      "levels": [rng.choice(FAST_LEVELS) for _ in range(3)]}
            request = {"id": i, "method": "new_game", "params": params}
        elif roll < 0.45 and view["to_act"] == 0:
            request = {"id": i, "method": "play", "params": {"action": rng.choice(view["legal_actions"])}}
        elif roll < 0.7:
            request = {"id": i, "method": "advance", "params": {}}
        elif roll < 0.73:
            request = {"id": i, "method": "hint"}
        elif roll < 0.8:
            request = {"id": i, "method": "play", "params": {"action": rng.choice([*CARD_CODES, *BIDS, 7, None])}}
        elif roll < 0.85:
            save = probe_reply["result"]["save"]
            request = {"id": i, "method": "load", "params": {"save": save}}
        else:
            request = {"id": i, "method": rng.choice(METHODS + ODD_METHODS),
                       "params": rng.choice([{}, None, [], {"action": "pass", "x": 1}, {"save": None}, "x"])}
        send(bridge, encode(request))


def load_and_play_on(bridge: Bridge, save: Any, rng: random.Random, steps: int) -> None:
    """Load `save`; when accepted, check it is its game replayed, then play on from it."""
    before = probe(bridge)
    text = encode({"id": 1, "method": "load", "params": {"save": save}})
    reply = send(bridge, text)
    if not reply["ok"]:
        assert probe(bridge) == before
        return
    result = reply["result"]
    assert result["steps"] == []
    expected = Game.from_dict(save["game"])  # the bridge accepted it: Game does too, to the same match
    assert result["view"] == expected.view(0) and result["save"]["game"]["actions"] == save["game"]["actions"]
    assert result["levels"] == save["levels"]
    if save.get("ai_seed") is not None:
        assert result["save"]["ai_seed"] == save["ai_seed"]
    for _ in range(steps):
        view = result["view"]
        if view["to_act"] is None:
            break
        if view["to_act"] == 0:
            request = {"id": 2, "method": "play", "params": {"action": rng.choice(view["legal_actions"])}}
        elif all(level in FAST_LEVELS for level in result["levels"]):
            request = {"id": 2, "method": "advance", "params": {}}
        else:
            break
        reply = send(bridge, encode(request))
        assert reply["ok"], reply
        result = reply["result"]
        assert len(result["steps"]) == 1


@FUZZ
@given(bridge=sessions(), save=mutated_saves(), seed=st.integers(0, 2**32))
def test_mutated_saves_are_refused_cleanly_or_load_a_game_that_follows_the_rules(bridge, save, seed):
    load_and_play_on(bridge, save, random.Random(seed), steps=6)


@FEW
@given(bridge=sessions(), save=real_saves(), seed=st.integers(0, 2**32))
def test_real_saves_load_as_the_same_game_and_play_on(bridge, save, seed):
    load_and_play_on(bridge, json.loads(json.dumps(save)), random.Random(seed), steps=12)
    assert json.loads(probe(bridge))["ok"]


# ---------------------------------------------------------------------- regression tests
# Each names a bug the fuzzers above found, fixed in belote/bridge.py.


def test_regression_nan_and_infinity_in_a_request_are_refused_not_echoed_as_invalid_json():
    """Python's json reads NaN/Infinity (and 1e400 as inf) and wrote them back: the reply `{"id":NaN,...}`
    broke the page's JSON.parse; with the reply guard, a new_game with id 1e400 started the match and
    still answered an error. Now such a request is refused before anything runs."""
    bridge = Bridge()
    for raw in ('{"id": NaN, "method": "snapshot"}', '{"id": Infinity, "method": "x"}',
                '{"id": 1, "method": "new_game", "params": {"seed": -Infinity}}',
                '{"id": 1e400, "method": "new_game", "params": {}}', '{"id": -1e309, "method": "snapshot"}'):
        reply = parse_reply(bridge.handle(raw))
        assert reply["ok"] is False and reply["type"] == "BadRequest" and reply["id"] is None
        assert "not JSON" in reply["error"]


def test_regression_deep_nesting_is_refused_before_the_parser():
    """A request nested 10 000 deep (a tampered stored save) overflowed the stack of Pyodide's
    recursive JSON parser: a fatal error that killed the engine (under CPython a RecursionError)."""
    bridge = Bridge()
    parse_reply(bridge.handle(encode({"id": 0, "method": "new_game", "params": {"seed": 1, "levels": ["easy"] * 3}})))
    before = probe(bridge)
    for depth in (MAX_DEPTH + 1, 10_000, 1_000_000):
        for text in (f'{{"id": {nested(depth)}, "method": "snapshot"}}',
                     f'{{"id": 1, "method": "load", "params": {{"save": {nested(depth)}}}}}',
                     "{" * depth):
            reply = parse_reply(bridge.handle(text))
            assert reply["ok"] is False and reply["type"] == "BadRequest", reply
        assert probe(bridge) == before
    # Brackets inside strings are text, and a request as deep as the limit is read.
    reply = parse_reply(bridge.handle(f'{{"id": "{"[" * 100}", "method": "snapshot"}}'))
    assert reply["ok"] and reply["id"] == "[" * 100
    deep_id = json.loads(nested(MAX_DEPTH - 1))
    reply = parse_reply(bridge.handle(encode({"id": deep_id, "method": "snapshot"})))
    assert reply["ok"] and reply["id"] == deep_id


def test_regression_a_target_the_page_cannot_keep_is_refused():
    """new_game took any positive int target; past 2**53 the page's JSON rounds it, so the stored
    save came back with a float target (1e+30) and the match could never be resumed."""
    bridge = Bridge()
    for target in (2**53, 10**30, 10**400):
        reply = parse_reply(bridge.handle(encode({"id": 1, "method": "new_game", "params": {"target": target}})))
        assert reply["type"] == "BadRequest" and "target" in reply["error"]
    reply = parse_reply(bridge.handle(encode({"id": 1, "method": "new_game", "params": {"target": MAX_SAFE_INT}})))
    assert reply["ok"] and reply["result"]["view"]["target"] == MAX_SAFE_INT


@pytest.mark.parametrize("field, value", [("seed", 2**53), ("seed", 2**64 + 1), ("seed", -1),
                                          ("target", 2**53), ("target", 10**30)])
def test_regression_a_save_the_page_cannot_keep_is_refused(field, value):
    """load took any int seed and target (Game.from_dict does): a seed past 2**53 comes back from the
    page's storage as another seed, another deck, and a negative one no new_game ever made."""
    bridge = Bridge()
    reply = parse_reply(bridge.handle(encode({"id": 1, "method": "new_game", "params": {"seed": 3, "levels": ["easy"] * 3}})))
    save = reply["result"]["save"]
    save["game"][field] = value
    Game.from_dict(save["game"])  # the Python API keeps accepting it
    before = probe(bridge)
    reply = parse_reply(bridge.handle(encode({"id": 2, "method": "load", "params": {"save": save}})))
    assert reply["type"] == "ValueError" and field in reply["error"]
    assert probe(bridge) == before


def test_a_reply_that_cannot_be_json_is_an_error_reply(monkeypatch):
    """The last guard of handle: a result JSON cannot write (never made by the methods) is an error, not NaN."""
    bridge = Bridge()
    monkeypatch.setitem(bridge._methods, "snapshot", lambda params: {"x": float("nan")})
    reply = json.loads(bridge.handle(SNAPSHOT), parse_constant=_no_constant)
    assert set(reply) == {"id", "ok", "error", "type"} and reply["ok"] is False
    assert reply["type"] == "InternalError" and "not JSON" in reply["error"]


def test_a_huge_list_of_garbage_actions_is_refused_quickly():
    bridge = Bridge()
    save = parse_reply(bridge.handle(encode({"id": 1, "method": "new_game", "params": {"seed": 3}})))["result"]["save"]
    save["game"]["actions"] = ["take:X"] * 1_000_000
    reply = parse_reply(bridge.handle(encode({"id": 2, "method": "load", "params": {"save": save}})))
    assert reply["type"] == "ValueError" and "action 0" in reply["error"]
