"""JSON bridge for the page's Web Worker: ``handle(request_json) -> reply_json``.

One match per worker (module-level session); the person is seat 0, seats 1-3 are computer
players. Protocol (docs/contracts.md, "Bridge"): a request ``{"id", "method", "params"}``
gets ``{"id", "ok": true, "result"}`` or ``{"id", "ok": false, "error", "type"}``; nothing
raises out of ``handle``, and a refused request leaves the session as it was.

A second session, ``"practice"`` (a request's ``"session"`` key), plays one finished deal of
the match again outside it (``start``): the same cards and dealer, never stored as the match.

A match moves in *steps*: one action and what followed it (its events and the person's view
after it). ``play`` answers the person's action with its step; ``advance`` plays one computer
move and answers with its step; the worker calls ``advance`` until the person is to act, so
the page plays the steps back while the next computer move is being thought about.

The computer players draw their seeds from the match's own AI stream (``ai_seed``, drawn
apart from the deck seed and kept in the save): nothing handed to an AI depends on the deck.

>>> import json
>>> reply = json.loads(handle(json.dumps({"id": 1, "method": "new_game",
...                                       "params": {"seed": 7, "levels": ["easy"] * 3}})))
>>> reply["ok"], reply["result"]["view"]["legal_actions"], reply["result"]["steps"]
(True, ['pass', 'take'], [])
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable, Mapping
from typing import Any

from . import ai
from .ai.levels import move_seed
from .bidding import PASS
from .errors import IllegalAction, shown, shown_names
from .game import Game
from .review import practice_save

PERSON = 0
DEFAULT_TARGET = 1000
SAVE_KEYS = {"game", "levels", "ai_seed"}
# The page's JSON numbers are doubles: an int beyond this would come back changed from its storage.
MAX_SAFE_INT = 2**53 - 1
# Requests nest 6 deep (a load's deck lists); Pyodide's parser dies past a few thousand levels.
MAX_DEPTH = 32
_JSON_TOKEN = re.compile(r'["\[\]{}]')
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
SESSIONS = ("match", "practice")
# A practice is a match of one deal: with a target of 1 point it is over once its deal is scored,
# so no further deal is dealt (and none is shown). A deal thrown in ends it too: the game deals
# the next one, but the practice keeps showing the thrown-in deal (Bridge._thrown_in_end).
PRACTICE_TARGET = 1


class BadRequest(ValueError):
    """A request that is not valid JSON, names no known method, or has malformed params."""


class NoGame(ValueError):
    """A method that needs a match was called before new_game or load."""


def _default_level() -> str:
    return "normal" if "normal" in ai.LEVELS else ai.LEVELS[0]


def _check_levels(levels: Any) -> list[str]:
    if not isinstance(levels, list) or len(levels) != 3:
        raise BadRequest(f"levels must be a list of 3 levels (seats 1, 2, 3), got {shown(levels)}")
    for level in levels:
        if not isinstance(level, str) or level not in ai.LEVELS:
            raise BadRequest(f"unknown AI level {shown(level)}; known levels: {', '.join(ai.LEVELS)}")
    return list(levels)


def _check_seed(value: Any, name: str) -> int | None:
    if value is not None and (type(value) is not int or not 0 <= value <= MAX_SAFE_INT):
        raise BadRequest(f"{name} must be a non-negative int or null, got {shown(value)}")
    return value


def _check_target(value: Any, name: str) -> int:
    if type(value) is not int or not 0 < value <= MAX_SAFE_INT:
        raise BadRequest(f"{name} must be a positive int up to 2**53 - 1, got {shown(value)}")
    return value


def _refuse_constant(name: str) -> Any:
    raise BadRequest(f"request is not JSON: {name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400 reads as inf, which no JSON reply can hold
        raise BadRequest(f"request is not JSON this bridge reads: {shown(text)} is beyond a double")
    return value


def _parse_request(text: Any) -> Any:
    """The request as Python values: strict JSON (no NaN, Infinity or number beyond a double), at most MAX_DEPTH deep."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadRequest(f"request is not JSON: {exc}") from None
    if not isinstance(text, str):
        raise BadRequest(f"request must be a JSON string, got {type(text).__name__}")
    if text.count("[") + text.count("{") > MAX_DEPTH:
        _check_depth(text)
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except BadRequest:
        raise
    except (ValueError, RecursionError) as exc:
        raise BadRequest(f"request is not JSON: {exc}") from None


def _check_depth(text: str) -> None:
    """Refuses text nested deeper than MAX_DEPTH before the recursive parser sees it (linear time)."""
    depth, pos = 0, 0
    while (m := _JSON_TOKEN.search(text, pos)) is not None:
        ch, pos = m.group(), m.end()
        if ch == '"':  # skip the string: brackets inside it are text
            string = _JSON_STRING.match(text, pos - 1)
            if string is None:
                raise BadRequest(f"request is not JSON: a string at {pos - 1} does not end")
            pos = string.end()
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise BadRequest(f"request nested deeper than {MAX_DEPTH} levels")
        else:
            depth -= 1


def _check_params(params: Mapping[str, Any], allowed: set[str]) -> None:
    extra = params.keys() - allowed
    if extra:
        raise BadRequest(f"unknown params: {shown_names(extra)}")


def new_ai_seed() -> int:
    """A fresh AI stream for a match, independent of its deck seed."""
    return random.SystemRandom().randrange(2**32)


Method = Callable[[dict[str, Any]], Any]


def serve(request_json: Any, route: Callable[[dict[str, Any]], Method | None]) -> str:
    """Answer one JSON request with one JSON reply; ``route(request)`` names its method.

    Errors come back as data (``{"ok": false, "error", "type"}``), never as an exception.
    """
    req_id: Any = None
    try:
        request = _parse_request(request_json)
        if not isinstance(request, dict):
            raise BadRequest(f"request must be an object, got {type(request).__name__}")
        req_id = request.get("id")
        params = request.get("params", {})
        if params is None:
            params = {}
        fn = route(request)
        if fn is None:
            raise BadRequest(f"unknown method {shown(request.get('method'))}")
        if not isinstance(params, dict):
            raise BadRequest(f"params must be an object, got {type(params).__name__}")
        reply = {"id": req_id, "ok": True, "result": fn(params)}
    except Exception as exc:  # every failure is an answer, never a dead worker
        reply = {"id": req_id, "ok": False, "error": str(exc), "type": type(exc).__name__}
    try:
        return json.dumps(reply, separators=(",", ":"), allow_nan=False)
    except (ValueError, TypeError, RecursionError) as exc:  # never raised: results are plain JSON
        return json.dumps({"id": None, "ok": False, "error": f"reply is not JSON: {exc}",
                           "type": "InternalError"}, separators=(",", ":"))


class Bridge:
    """One session: the match in progress, the levels of seats 1-3 and the match's AI stream.

    ``Bridge(practice_of=match)`` is a practice session: ``start`` deals it a finished deal of
    ``match``'s game again, and it plays that one deal only.
    """

    def __init__(self, practice_of: Bridge | None = None) -> None:
        self.game: Game | None = None
        self.levels: list[str] = [_default_level()] * 3
        self.ai_seed = 0
        self.practice_of = practice_of
        self.ended_view: dict[str, Any] | None = None  # a practice's thrown-in deal, shown from then on
        # A practice begins only with ``start`` (a finished deal of the match); a match with new_game or load.
        begin: dict[str, Method] = (
            {"new_game": self.new_game, "load": self.load, "events_since": self.events_since,
             "steps_since": self.steps_since}
            if practice_of is None else {"start": self.start})
        self._methods: dict[str, Method] = {
            **begin,
            "play": self.play,
            "advance": self.advance,
            "hint": self.hint,
            "snapshot": self.snapshot,
        }

    # ------------------------------------------------------------------ protocol

    def handle(self, request_json: str) -> str:
        """Answer one JSON request with one JSON reply; errors come back as data."""
        return serve(request_json, self.method)

    def method(self, request: dict[str, Any]) -> Method | None:
        """The method a request names, or None."""
        name = request.get("method")
        if not isinstance(name, str) or name not in self._methods:
            raise BadRequest(f"unknown method {shown(name)}; known: {', '.join(self._methods)}")
        return self._methods[name]

    # ------------------------------------------------------------------- methods

    def new_game(self, params: dict[str, Any]) -> dict[str, Any]:
        """Start a match: {seed: int|null, target: int, levels: [3 levels], ai_seed: int|null} -> snapshot."""
        _check_params(params, {"seed", "target", "levels", "ai_seed"})
        seed = _check_seed(params.get("seed"), "seed")
        ai_seed = _check_seed(params.get("ai_seed"), "ai_seed")
        target = _check_target(params.get("target", DEFAULT_TARGET), "target")
        levels = _check_levels(params.get("levels", [_default_level()] * 3))
        self.game = Game(seed=seed, target=target)
        self.levels = levels
        self.ai_seed = new_ai_seed() if ai_seed is None else ai_seed
        return self._snapshot([])

    def load(self, params: dict[str, Any]) -> dict[str, Any]:
        """Resume {save: {game: <to_dict()>, levels: [...], ai_seed: int}}; a bad save keeps the current match.

        A save of the previous format (no ``ai_seed``) resumes with a fresh AI stream.
        """
        _check_params(params, {"save"})
        game, levels, ai_seed = _read_save(params.get("save"))
        self.game, self.levels = game, levels
        self.ai_seed = new_ai_seed() if ai_seed is None else ai_seed
        return self._snapshot([])

    def events_since(self, params: dict[str, Any]) -> dict[str, Any]:
        """{save, since: int} -> {events}: the events of the save's actions from index ``since`` on,
        in order; the match in progress is unchanged. A restarted engine counts with it the deals
        that moves it could not store ended (a deal counts with the write that stores it)."""
        return {"events": [ev for step in _replay(params, views=False)[1] for ev in step["events"]]}

    def steps_since(self, params: dict[str, Any]) -> dict[str, Any]:
        """{save, since: int} -> {view, steps}: the person's view after the save's first ``since``
        actions, and the steps of the actions after them as the table was handed them; the match
        in progress is unchanged. A page that comes back shows with it what it had not shown."""
        view, steps = _replay(params)
        return {"view": view, "steps": steps}

    def start(self, params: dict[str, Any]) -> dict[str, Any]:
        """Practice sessions: {deal: int} -> the snapshot of finished deal ``deal`` of the match
        dealt again (same cards and dealer, the match's computer levels), nothing played.

        The practice gets its own deck seed (the match's would deal the match's next deals after
        it) and AI stream, and a target of 1 point: it is over once its deal is scored. The
        match is only read.
        """
        _check_params(params, {"deal"})
        assert self.practice_of is not None  # only practice sessions have this method
        match = self.practice_of._need_game()
        save = practice_save(match.to_dict(), params.get("deal"))
        game = Game.from_dict({**save, "seed": new_ai_seed(), "target": PRACTICE_TARGET})
        self.game, self.levels, self.ai_seed = game, list(self.practice_of.levels), new_ai_seed()
        self.ended_view = None
        return self._snapshot([])

    def play(self, params: dict[str, Any]) -> dict[str, Any]:
        """The person's action {action: str} -> snapshot with its step."""
        _check_params(params, {"action"})
        game = self._need_game()
        if self._practice_over():
            raise IllegalAction(f"illegal action {shown(params.get('action'))}: the practice deal is over")
        if game.to_act != PERSON:
            raise IllegalAction(f"illegal action {shown(params.get('action'))}: {self._whose_turn(game)}")
        if "action" not in params:
            raise BadRequest("play needs params.action")
        return self._act(PERSON, params["action"])

    def advance(self, params: dict[str, Any]) -> dict[str, Any]:
        """The computer seat to act plays -> snapshot with its step (no step when it is not a computer's turn)."""
        _check_params(params, set())
        game = self._need_game()
        seat = game.to_act
        if seat is None or seat == PERSON or self._practice_over():
            return self._snapshot([])
        action = ai.choose_action(game.view(seat), level=self.levels[seat - 1], seed=self.seed_now())
        return self._act(seat, action)

    def hint(self, params: dict[str, Any]) -> dict[str, Any]:
        """What Hard would play for the person -> {action, reason, reason_key, reason_args} (ai.hint)."""
        _check_params(params, set())
        game = self._need_game()
        if game.to_act != PERSON or self._practice_over():
            raise IllegalAction(f"no hint: {self._whose_turn(game)}")
        return _hint_reply(ai.hint(game.view(PERSON), seed=self.seed_now()))

    def snapshot(self, params: dict[str, Any]) -> dict[str, Any]:
        """The person's view and the save of the match in progress."""
        _check_params(params, set())
        return self._snapshot([])

    # ------------------------------------------------------------------- helpers

    def seed_now(self) -> int:
        """The seed of the decision the match waits for: from the AI stream and the move number only."""
        return move_seed(self.ai_seed, self._need_game().move_number)

    def _practice_over(self) -> bool:
        """A practice session whose one deal has ended (scored or thrown in)."""
        return self.practice_of is not None and self.game is not None and bool(self.game.view(PERSON)["sheet"])

    def _need_game(self) -> Game:
        if self.game is None:
            first = "start" if self.practice_of is not None else "new_game or load"
            raise NoGame(f"no {'practice' if self.practice_of is not None else 'match'} in progress: call {first} first")
        return self.game

    def _act(self, seat: int, action: Any) -> dict[str, Any]:
        """Play ``action`` for ``seat`` (the game checks it) -> the snapshot with its step."""
        game = self._need_game()
        # a practice keeps the table before a pass: the last pass of a thrown-in deal needs it
        before = game.view(PERSON) if self.practice_of is not None and action == PASS else None
        events = game.play(action)
        step = self._step(seat, action, events)
        if before is not None and any(e["type"] == "thrown_in" for e in events):
            step = self._thrown_in_end(step, before)
        return self._snapshot([step])

    def _thrown_in_end(self, step: dict[str, Any], before: dict[str, Any]) -> dict[str, Any]:
        """A practice's deal thrown in ends the practice: its step shows that deal after its last
        pass (``before`` and the step's bid; the sheet holds its row), not the deal the game dealt
        next, and drops that deal's event. Kept as the practice's view from then on."""
        last = {"seat": step["seat"], "action": step["action"]}
        self.ended_view = {**before, "to_act": None, "legal_actions": [], "bids": [*before["bids"], last],
                           "sheet": step["view"]["sheet"]}
        return {**step, "events": [e for e in step["events"] if e["type"] != "deal"], "view": self.ended_view}

    def _step(self, seat: int, action: str, events: list[dict[str, Any]]) -> dict[str, Any]:
        return _step_of(self._need_game(), seat, action, events)

    def _snapshot(self, steps: list[dict[str, Any]]) -> dict[str, Any]:
        game = self._need_game()
        shown_view = self.ended_view if self.ended_view is not None else game.view(PERSON)
        return {
            "view": steps[-1]["view"] if steps else shown_view,
            "steps": steps,
            "moves": game.move_number,
            "levels": list(self.levels),
            "save": {"game": game.to_dict(), "levels": list(self.levels), "ai_seed": self.ai_seed},
        }

    def _whose_turn(self, game: Game) -> str:
        if self._practice_over():
            return "the practice deal is over"
        if game.to_act is None:
            return "the match is over"
        return f"seat {game.to_act} is to act"


def _read_save(save: Any) -> tuple[Game, list[str], int | None]:
    """A page save {game, levels, ai_seed?} checked -> (game, levels, ai_seed or None); ValueError naming the fault."""
    if not isinstance(save, dict) or not {"game", "levels"} <= set(save) <= SAVE_KEYS:
        raise ValueError("save must be an object with the keys 'game', 'levels' and 'ai_seed'")
    try:
        levels = _check_levels(save["levels"])
        ai_seed = _check_seed(save.get("ai_seed"), "ai_seed")
    except BadRequest as exc:
        raise ValueError(f"save: {exc}") from None
    game = Game.from_dict(save["game"])
    try:  # what this bridge would never have saved: the page's numbers could not keep it
        _check_seed(game.seed, "seed")
        _check_target(game.target, "target")
    except BadRequest as exc:
        raise ValueError(f"save game: {exc}") from None
    return game, levels, ai_seed


def _step_of(game: Game, seat: int, action: str, events: list[dict[str, Any]]) -> dict[str, Any]:
    """The step of ``action``, just played by ``seat`` in ``game``, as the page gets it."""
    return {"seat": seat, "action": action, "events": events, "view": game.view(PERSON), "moves": game.move_number}


def _replay(params: dict[str, Any], views: bool = True) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """{save, since: int} checked -> (the person's view after the first ``since`` actions, the
    steps of the actions after them); a bad save raises ValueError, as ``load``. ``views=False``:
    no view is built (None, and steps of seat, action and events only)."""
    _check_params(params, {"save", "since"})
    data = _read_save(params.get("save"))[0].to_dict()
    actions: list[str] = data["actions"]
    since = params.get("since")
    if type(since) is not int or not 0 <= since <= len(actions):
        raise BadRequest(f"since must be an int from 0 to {len(actions)}, got {shown(since)}")
    game = Game.from_dict({**data, "actions": actions[:since]})
    view = game.view(PERSON) if views else None
    steps = []
    for action in actions[since:]:
        seat = game.to_act
        if seat is None:  # from_dict has replayed every action: none comes after the match's end
            raise ValueError("the save has an action after the match's end")
        events = game.play(action)
        steps.append(_step_of(game, seat, action, events) if views else {"seat": seat, "action": action, "events": events})
    return view, steps


def _hint_reply(result: Mapping[str, Any]) -> dict[str, Any]:
    """The hint reply: exactly action, reason, reason_key, reason_args (docs/contracts.md)."""
    return {"action": result["action"], "reason": result["reason"],
            "reason_key": result["reason_key"], "reason_args": dict(result["reason_args"])}


_session = Bridge()
_practice = Bridge(practice_of=_session)


def _route(request: dict[str, Any]) -> Method | None:
    """The method of the session a request names (``"session"``: "match", the default, or "practice")."""
    name = request.get("session", "match")
    if name not in SESSIONS:
        raise BadRequest(f"unknown session {shown(name)}; known: {', '.join(SESSIONS)}")
    return (_session if name == "match" else _practice).method(request)


def handle(request_json: str) -> str:
    """Answer one JSON request of the page's worker (docs/contracts.md, "Bridge")."""
    return serve(request_json, _route)


def reset() -> None:
    """Forget the match in progress and the practice (tests)."""
    global _session, _practice
    _session = Bridge()
    _practice = Bridge(practice_of=_session)
