"""Run what the game's worker runs, in the pinned Pyodide with the trimmed standard library.

tools/stdlib.mjs boots Pyodide with the site's python_stdlib-<hash>.zip as its only library,
installs the engine wheel the way js/worker.js does, imports this file and calls ``main()``.
A module the game imports but tools/stdlib_modules.txt leaves out fails here with
ModuleNotFoundError, and the build stops. Under CPython (``python tools/stdlib_check.py``)
the same checks run against the full library: handy while writing a new one.

To cover new game code, add a function decorated with ``@check`` that drives it the way the
page does (through ``belote.bridge`` where the page goes through it).
"""
from __future__ import annotations

import json
import sys
import traceback
import warnings
import zipfile
from collections.abc import Callable
from typing import Any

CHECKS: list[Callable[[], str]] = []
LEVELS = ["easy", "normal", "hard"]  # seats 1, 2, 3: every AI level plays


def check(fn: Callable[[], str]) -> Callable[[], str]:
    """Register a check: it raises on failure and returns a one-line summary."""
    CHECKS.append(fn)
    return fn


def call(method: str, **params: Any) -> dict[str, Any]:
    """One request through the bridge, as the worker sends it; the parsed reply."""
    from belote import bridge

    reply: dict[str, Any] = json.loads(bridge.handle(json.dumps({"id": 1, "method": method, "params": params})))
    return reply


def result(method: str, **params: Any) -> Any:
    reply = call(method, **params)
    if not reply["ok"]:
        raise AssertionError(f"{method} {params}: {reply['type']}: {reply['error']}")
    return reply["result"]


FINISHED: dict[str, Any] = {}  # the save of the match played to its end, for the checks after it


@check
def whole_match_through_the_bridge() -> str:
    """A match to its end: the person plays Hard's hint, seats 1-3 play easy, normal, hard."""
    snap = result("new_game", seed=11, ai_seed=5, target=300, levels=LEVELS)
    moves = hints = 0
    while snap["view"]["phase"] != "over":
        if snap["view"]["to_act"] == 0:
            hint = result("hint")
            if not hint["reason_key"].startswith("hint."):
                raise AssertionError(f"hint without a reason key: {hint}")
            snap = result("play", action=hint["action"])
            hints += 1
        else:
            snap = result("advance")
        moves += len(snap["steps"])
    view = snap["view"]
    if view["winner"] not in (0, 1) or max(view["scores"]) < 300:
        raise AssertionError(f"the match did not end properly: {view['scores']}, winner {view['winner']}")
    FINISHED.update(snap["save"])
    return f"{moves} moves, {hints} hints, {len(view['sheet'])} deals, scores {view['scores']}"


@check
def deal_review() -> str:
    """The review of the match's first played deal: every card of the person valued double dummy."""
    from belote import Game
    from belote.review import deal_review as review

    if not FINISHED:
        raise AssertionError("no finished match to review")
    rows = Game.from_dict(FINISHED["game"]).view(0)["sheet"]
    deal = next(i for i, row in enumerate(rows) if row["result"] != "thrown_in")
    out = review(FINISHED["game"], deal, [0], levels=FINISHED["levels"], ai_seed=FINISHED["ai_seed"])
    cards = [d for d in out["decisions"] if d["kind"] == "card"]
    if len(cards) != 8 or not all(d["played"] in d["values"] for d in cards):
        raise AssertionError(f"unexpected review: {len(cards)} card decisions")
    return f"deal {deal}: {len(out['decisions'])} decisions, losses {[d['loss'] for d in cards]}"


@check
def practice_session() -> str:
    """A finished deal of that match played again in the bridge's practice session, to its end."""
    from belote import Game, bridge

    def practice(method: str, **params: Any) -> dict[str, Any]:
        reply = json.loads(bridge.handle(json.dumps({"id": 1, "session": "practice", "method": method, "params": params})))
        if not reply["ok"]:
            raise AssertionError(f"practice {method} {params}: {reply['type']}: {reply['error']}")
        return reply["result"]

    rows = Game.from_dict(FINISHED["game"]).view(0)["sheet"]
    deal = next(i for i, row in enumerate(rows) if row["result"] != "thrown_in")
    snap = practice("start", deal=deal)
    while not snap["view"]["sheet"]:
        legal = snap["view"]["legal_actions"]
        snap = practice("play", action="take" if "take" in legal else legal[0]) if snap["view"]["to_act"] == 0 \
            else practice("advance")
    return f"deal {deal} again: {snap['view']['sheet'][0]['result']}"


@check
def analysis_worker() -> str:
    """What the analysis worker runs (belote.analysis): a deal of every seat, Hard's belief, Hard in seat 0."""
    from belote import Game, analysis

    def ask(method: str, **params: Any) -> Any:
        reply = json.loads(analysis.handle(json.dumps({"id": 1, "method": method, "params": params})))
        if not reply["ok"]:
            raise AssertionError(f"analysis {method}: {reply['type']}: {reply['error']}")
        return reply["result"]

    rows = Game.from_dict(FINISHED["game"]).view(0)["sheet"]
    deal = next(i for i, row in enumerate(rows) if row["result"] != "thrown_in")
    opened = ask("open", key="k", save=FINISHED, deal=deal)
    decisions = [ask("decision", key="k", index=i) for i in range(len(opened["outline"]))]
    beliefs = sum(1 for d in decisions if d["belief"])
    if not beliefs:
        raise AssertionError("the Hard seat's decisions carry no belief")
    row = ask("hard_in_seat", save=FINISHED, deal=deal)["row"]
    return f"deal {deal}: {len(decisions)} decisions, {beliefs} beliefs; Hard in seat 0 {row['points']}"


@check
def save_and_resume() -> str:
    """A save from the page's storage resumes the same match (replayed through the checked path)."""
    snap = result("new_game", seed=5, target=1000, levels=LEVELS)
    for _ in range(12):
        snap = (result("play", action=snap["view"]["legal_actions"][0]) if snap["view"]["to_act"] == 0
                else result("advance"))
    resumed = result("load", save=json.loads(json.dumps(snap["save"])))
    if resumed["view"] != snap["view"]:
        raise AssertionError("the resumed match differs from the saved one")
    return f"resumed after {len(snap['save']['game']['actions'])} actions"


@check
def errors_come_back_as_data() -> str:
    """Refused and malformed requests answer with the error's type, as the page shows them."""
    from belote import bridge

    result("new_game", seed=1, target=1000, levels=LEVELS)
    cases = {
        "IllegalAction": call("play", action="nonsense"),
        "BadRequest": call("no_such_method"),
        "ValueError": call("load", save={"game": {"format": "belote-save"}, "levels": LEVELS, "ai_seed": 1}),
    }
    for expected, reply in cases.items():
        if reply["ok"] or reply["type"] != expected:
            raise AssertionError(f"expected {expected}, got {reply}")
    not_json = json.loads(bridge.handle("{not json"))
    if not_json["ok"] or not_json["type"] != "BadRequest":
        raise AssertionError(f"expected BadRequest for bad JSON, got {not_json}")
    return ", ".join(sorted([*cases, "BadRequest (JSON)"]))


@check
def tracebacks_and_warnings() -> str:
    """The formatting an uncaught error or a warning goes through (also what PythonError uses)."""
    from belote import Game

    try:
        Game(seed=1).play("nonsense")
    except Exception:
        text = traceback.format_exc()
    else:
        raise AssertionError("an illegal action was accepted")
    if "IllegalAction" not in text or "Traceback" not in text:
        raise AssertionError(f"unexpected traceback: {text!r}")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.warn("stdlib check", RuntimeWarning)
    shown = warnings.formatwarning(caught[0].message, caught[0].category, caught[0].filename, caught[0].lineno)
    if "RuntimeWarning: stdlib check" not in shown:
        raise AssertionError(f"unexpected warning text: {shown!r}")
    return f"traceback of {len(text.splitlines())} lines, warning formatted"


def stdlib_modules_unused(stdlib_zip: str) -> list[str]:
    """Modules of the trimmed zip that nothing imported (candidates to drop from the list)."""
    with zipfile.ZipFile(stdlib_zip) as z:
        names = [n[:-4].removesuffix("/__init__").replace("/", ".") for n in z.namelist() if n.endswith(".pyc")]
    return sorted(n for n in names if n not in sys.modules)


def main(stdlib_zip: str | None = None) -> dict[str, Any]:
    """Run every check; ``{"ok", "checks": [{name, ok, summary|error}], "unused"}``."""
    report: dict[str, Any] = {"ok": True, "checks": []}
    for fn in CHECKS:
        try:
            report["checks"].append({"name": fn.__name__, "ok": True, "summary": fn()})
        except BaseException:  # a missing module is a ModuleNotFoundError: report it, fail the build
            report["ok"] = False
            report["checks"].append({"name": fn.__name__, "ok": False, "error": traceback.format_exc()})
    report["unused"] = stdlib_modules_unused(stdlib_zip) if stdlib_zip else []
    return report


if __name__ == "__main__":
    out = main()
    print(json.dumps(out, indent=1))
    sys.exit(0 if out["ok"] else 1)
