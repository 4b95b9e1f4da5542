"""Hostile input at the page's edges (issue 13, point 7), the smoke test in Chromium: hostile URL
parameters and hostile stored data boot the game with the defaults and it plays, with no console
error (the `page` fixture fails on any). The rules of readParams are fuzzed in Node by
tests/test_fuzz_params.py, the bridge by tests/test_fuzz_bridge.py."""
from __future__ import annotations

import json

from playwright.sync_api import Page

from conftest import BOOT_TIMEOUT_MS, READY
from ui_helpers import LEGACY_SAVE_KEY, act_once, clear_store, moves, reach_storage, saved

SETTINGS_KEY = "belote.settings.v1"
DEFAULT_LEVELS = ["normal", "normal", "normal"]
# A request 2500 deep killed Pyodide in the worker (the old bridge; ~2000 survived); from ~2900 the
# worker could not even read the message and never answered; past ~3000 the page's postMessage fails.
DEPTH = 2500

# query -> what the new match must be made of (the defaults wherever the value is hostile)
HOSTILE_QUERIES = [
    ("levels=<script>alert(1)</script>&target=1e309&seed=-1&lang=__proto__&speed=instant",
     {"levels": DEFAULT_LEVELS, "target": 1000}),
    ("speed=constructor&lang=constructor&levels=hard,normal,hard,easy&target=100001&seed=1e3",
     {"levels": DEFAULT_LEVELS, "target": 1000}),
    ("embed=1&embed=0&lang=toString&levels=,easy,,easy,easy,&target=%20700%20&seed=%31%32&speed=__proto__#<img src=x>",
     {"levels": ["easy"] * 3, "target": 700, "seed": 12}),
]


def forget_everything(page: Page) -> None:
    """A browser that never played: no stored match, no settings (the page is on the site's origin)."""
    clear_store(page)
    page.evaluate("() => localStorage.clear()")


def test_hostile_queries_boot_with_the_defaults_and_play(page: Page, site_url: str):
    reach_storage(page, site_url)
    for query, match in HOSTILE_QUERIES:
        forget_everything(page)
        page.goto(site_url + "?" + query)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("() => document.documentElement.lang") == "en", query
        save = saved(page)
        assert save["levels"] == match["levels"], query
        assert save["game"]["target"] == match["target"], query
        if "seed" in match:
            assert save["game"]["seed"] == match["seed"], query
        assert page.query_selector("script:not([src])") is None and page.query_selector("img[src=x]") is None
        assert page.query_selector("[role=alert]") is None, query
        act_once(page, timeout=60)  # it plays
        assert moves(page) >= 1


def test_hostile_stored_settings_and_a_deeply_nested_save_are_refused_and_the_game_plays(page: Page, site_url: str):
    """Settings no page wrote (a target of 1e300, wrong types, prototype names) fall back to the
    defaults, and a stored save nested DEPTH deep is refused with a message (the engine client
    refuses it before the worker); the new match then plays."""
    reach_storage(page, site_url)
    forget_everything(page)
    hostile_settings = {"lang": "__proto__", "speed": "constructor", "levels": "easy,easy,easy",
                        "target": 1e300, "fourColour": "yes"}
    deep = "[" * DEPTH + "]" * DEPTH
    legacy = '{"save": {"game": ' + deep + ', "levels": ["easy", "easy", "easy"]}}'
    page.evaluate("([k, v, lk, lv]) => { localStorage.setItem(k, v); localStorage.setItem(lk, lv); }",
                  [SETTINGS_KEY, json.dumps(hostile_settings), LEGACY_SAVE_KEY, legacy])
    page.goto(site_url + "?speed=instant")
    alert = page.wait_for_selector("[role=alert]", timeout=BOOT_TIMEOUT_MS)
    assert "could not be restored" in alert.text_content()
    assert "nested deeper than 64" in alert.text_content()  # refused before the worker: the engine lives
    page.click("[role=alert] button")  # a new match: its first turn (data-ready came with the alert)
    page.wait_for_selector('#app[data-my-turn="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    save = saved(page)
    assert save["game"]["target"] == 1000 and save["levels"] == DEFAULT_LEVELS
    assert page.evaluate("() => document.documentElement.lang") == "en"
    act_once(page, timeout=60)
    assert moves(page) >= 1


# The worker's methods with hostile params, through the page's engine client, from a page of the
# site that starts no engine of its own (the rules): each call is answered (a result or a typed
# error), none kills or hangs the engine.
HOSTILE_CALLS = """async () => {
  const { createEngine } = await import("/js/engine-client.js");
  const engine = createEngine({ timeoutMs: 120000 });
  await engine.ready;
  const nested = (d, leaf) => { let v = leaf; for (let i = 0; i < d; i++) v = [v]; return v; };
  const easy = ["easy", "easy", "easy"];
  // [label, method, params]; the resumes first, while no match is stored (then `legacy` is read)
  const calls = [
    ["deep legacy", "resume", { owner: "t", legacy: { game: nested(30, 0), levels: easy } }],
    ["unsafe seed", "resume", { owner: "t", legacy: { game: { format: "belote-save", version: 1, seed: 2 ** 60,
                                                               target: 1000, decks: [], actions: [] }, levels: easy } }],
    ["legacy text", "resume", { owner: "t", legacy: "x" }],
    ["legacy NaN", "resume", { owner: "t", legacy: { game: NaN, levels: Infinity } }],
    ["odd owner", "resume", { owner: { id: 1 }, seed: "7", legacy: nested(40, 0) }],
    ["no legacy", "resume", { owner: "t", seed: -1, legacy: null }],
    ["kept text", "resume", { owner: "t", kept: "x", legacy: null }],
    ["deep kept", "resume", { owner: "t", kept: nested(40, 0) }],
    ["huge target", "new_game", { owner: "t", target: 1e300, levels: easy }],
    ["infinite target", "new_game", { owner: "t", target: Infinity, seed: NaN, levels: easy }],
    ["proto level", "new_game", { owner: "t", levels: ["easy", "easy", "__proto__"] }],
    ["params text", "new_game", "not an object"],
    ["game", "new_game", { owner: "t", seed: 3, levels: easy }],
    ["deep action", "play", { action: nested(40, "pass") }],
    ["very deep action", "play", { action: nested(2900, "pass") }],
    ["object action", "play", { action: { toString: "pass" } }],
    ["extra param", "play", { action: "pass", owner: "x" }],
    ["proto method", "__proto__", {}],
    ["constructor", "constructor", {}],
    ["inherited", "hasOwnProperty", {}],
    ["hint extra", "hint", { extra: 1 }],
    ["snapshot number", "snapshot", 5],
    ["again", "new_game", { owner: "t", seed: 3, levels: easy }],
    ["pass", "play", { action: "pass" }],
  ];
  const out = [];
  for (const [label, method, params] of calls) {
    const answer = engine.call(method, params).then(
      (result) => ({ ok: true, moves: result && result.moves }),
      (e) => ({ ok: false, type: e.type, message: String(e.message).slice(0, 160) }));
    const late = new Promise((resolve) => setTimeout(() => resolve({ ok: false, type: "NoReply" }), 20000));
    out.push({ label, ...(await Promise.race([answer, late])) });
  }
  engine.terminate();
  return out;
}"""


def test_worker_methods_answer_hostile_params_and_keep_playing(page: Page, site_url: str):
    page.goto(site_url + "rules/en.html")  # no match stored: `resume` reads `legacy`
    page.set_default_timeout(4 * 60_000)
    answers = page.evaluate(HOSTILE_CALLS)
    for a in answers:
        assert a["ok"] or (a["type"].isidentifier() and a["type"] not in
                           ("NoReply", "InternalError", "WorkerCrashed", "NoAnswer", "Closed")), a
    got = {a.pop("label"): a for a in answers}
    assert got["again"]["ok"] and got["pass"] == {"ok": True, "moves": 1}  # the engine plays on
    assert got["deep legacy"]["type"] == "BadRequest" and "deeper than 32" in got["deep legacy"]["message"]  # the bridge
    assert got["deep action"]["type"] == "BadRequest" and "deeper than 32" in got["deep action"]["message"]
    assert got["very deep action"]["type"] == "BadRequest" and "deeper than 64" in got["very deep action"]["message"]
    assert got["unsafe seed"]["type"] == "ValueError" and "seed" in got["unsafe seed"]["message"]  # past 2**53
    assert got["legacy text"]["type"] == got["legacy NaN"]["type"] == got["kept text"]["type"] == "ValueError"
    assert got["deep kept"]["type"] == "BadRequest" and "deeper than 32" in got["deep kept"]["message"]
    # No stored match here, so the legacy copy is what resume would load, whatever seed is asked
    # for (the page asks before a link replaces a match): 40 levels deep, the bridge refuses it.
    assert got["odd owner"]["type"] == "BadRequest" and "deeper than 32" in got["odd owner"]["message"]
    assert got["huge target"]["type"] == got["infinite target"]["type"] == "BadRequest"
    assert {got[k]["type"] for k in ("proto method", "constructor", "inherited", "hint extra", "extra param")} == {"BadRequest"}
