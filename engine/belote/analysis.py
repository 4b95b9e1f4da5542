"""JSON handler of the page's analysis worker: deal reviews, one decision at a time.

The analysis worker is a second engine beside the one that plays the match (docs/contracts.md,
"Analysis worker"). It reads the stored match itself and hands ``handle`` the save; every answer
is about a finished deal, which is public once its 32 cards are played: nothing here ever sends
the save (its seed deals every future deal) back. Same protocol as :mod:`belote.bridge`:
``{"id", "method", "params"}`` -> ``{"id", "ok": true, "result"}`` or ``{"id", "ok": false,
"error", "type"}``.

- ``open`` ``{key, save, deal}``: the review of finished deal ``deal`` of ``save`` (the bridge's
  ``{game, levels, ai_seed}``), every seat reviewed, kept under ``key`` -> ``{header, outline}``
  (:class:`~belote.review.DealReview`: the first card decision is the slow one).
- ``decision`` ``{key, index}``: decision ``index`` of that review, valued.
- ``hard_in_seat`` ``{save, deal}``: the deal played again with Hard in seat 0 -> ``{row}``.
- ``close`` ``{key}``: forget a review.

``set_heartbeat(beat)``: ``beat()`` is called after each move of ``hard_in_seat`` (the worker
posts a sign of life, so a long call on a slow device is not taken for a hung worker).

>>> import json
>>> from belote import Game
>>> g = Game(seed=7)
>>> while not g.view(0)["sheet"]:
...     _ = g.play(g.legal_actions()[-1] if g.phase == "bid1" else g.legal_actions()[0])
>>> save = {"game": g.to_dict(), "levels": ["easy"] * 3, "ai_seed": 1}
>>> reply = json.loads(handle(json.dumps({"id": 1, "method": "open", "params": {"key": "m0", "save": save, "deal": 0}})))
>>> reply["ok"], len(reply["result"]["outline"]), sorted(reply["result"]["header"])[:3]
(True, 33, ['belote', 'bid_trumps', 'bids'])
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from .bridge import SAVE_KEYS, BadRequest, Method, _check_levels, _check_params, _check_seed, serve
from .errors import shown
from .review import DealReview, ReviewDecision, hard_in_seat

SEATS = (0, 1, 2, 3)
KEEP = 3  # reviews kept open (each holds a solver table): the open one and the latest deals


_heartbeat: Callable[[], object] | None = None  # set by the worker: posts {kind: "busy"}


def _beat() -> None:
    if _heartbeat is not None:
        _heartbeat()


def set_heartbeat(beat: Callable[[], object] | None) -> None:
    """Have ``beat()`` called during long calls (after each move of ``hard_in_seat``)."""
    global _heartbeat
    _heartbeat = beat


class NoReview(ValueError):
    """A decision asked of a review that is not open (never opened, or forgotten since)."""


def _check_key(params: dict[str, Any]) -> str:
    key = params.get("key")
    if not isinstance(key, str) or not key:
        raise BadRequest(f"key must be a non-empty string, got {shown(key)}")
    return key


def _check_save(save: Any) -> dict[str, Any]:
    """The bridge's save: {game, levels, ai_seed}, its levels and AI stream checked as the bridge's load does."""
    if not isinstance(save, dict) or set(save) != SAVE_KEYS:
        raise ValueError("bad save: an object with the keys 'game', 'levels' and 'ai_seed'")
    _check_levels(save["levels"])
    _check_seed(save["ai_seed"], "ai_seed")
    return save


class Analysis:
    """The open reviews of one analysis worker, by key (the least recently used goes first)."""

    def __init__(self) -> None:
        self._reviews: OrderedDict[str, DealReview] = OrderedDict()
        self._methods: dict[str, Method] = {
            "open": self.open,
            "decision": self.decision,
            "hard_in_seat": self.hard_in_seat,
            "close": self.close,
        }

    def handle(self, request_json: str) -> str:
        """Answer one JSON request with one JSON reply; errors come back as data."""
        return serve(request_json, self.method)

    def method(self, request: dict[str, Any]) -> Method:
        """The method a request names (BadRequest for any other)."""
        name = request.get("method")
        if not isinstance(name, str) or name not in self._methods:
            raise BadRequest(f"unknown method {shown(name)}; known: {', '.join(self._methods)}")
        return self._methods[name]

    def open(self, params: dict[str, Any]) -> dict[str, Any]:
        """{key, save, deal} -> {header, outline}: the deal replayed and checked (milliseconds)."""
        _check_params(params, {"key", "save", "deal"})
        key = _check_key(params)
        save = _check_save(params.get("save"))
        review = DealReview(save["game"], params.get("deal"), SEATS, levels=save["levels"], ai_seed=save["ai_seed"])
        self._reviews[key] = review
        self._reviews.move_to_end(key)
        while len(self._reviews) > KEEP:
            self._reviews.popitem(last=False)
        return {"header": review.header(), "outline": review.outline()}

    def decision(self, params: dict[str, Any]) -> ReviewDecision:
        """{key, index} -> that decision of an open review, valued."""
        _check_params(params, {"key", "index"})
        key = _check_key(params)
        review = self._reviews.get(key)
        if review is None:
            raise NoReview(f"no open review {shown(key)}: open it first")
        index: Any = params.get("index")  # DealReview checks it (ValueError when not an index)
        decision = review.decision(index)
        self._reviews.move_to_end(key)  # only once answered: a refused request changes nothing
        return decision

    def hard_in_seat(self, params: dict[str, Any]) -> dict[str, Any]:
        """{save, deal} -> {row}: the deal's sheet row with Hard in seat 0 (review.hard_in_seat)."""
        _check_params(params, {"save", "deal"})
        save = _check_save(params.get("save"))
        row = hard_in_seat(save["game"], params.get("deal"), save["levels"], save["ai_seed"], on_move=_beat)["row"]
        return {"row": row}

    def close(self, params: dict[str, Any]) -> dict[str, Any]:
        """{key} -> {closed: bool}: forget that review."""
        _check_params(params, {"key"})
        return {"closed": self._reviews.pop(_check_key(params), None) is not None}


_analysis = Analysis()


def handle(request_json: str) -> str:
    """Answer one JSON request of the analysis worker."""
    return _analysis.handle(request_json)


def reset() -> None:
    """Forget every open review (tests)."""
    global _analysis
    _analysis = Analysis()
