"""Statistics a tampered or damaged store holds never cost the match (site/js/stats.js normalise,
site/js/match-store.js write): the engine worker counts a deal's end in the same IndexedDB
transaction as the save that holds it, so a statistics record that made the counting throw used to
abort the match's save at every deal end; uncaught in the worker, the exception also killed the
engine (restarted again and again, "The game engine restarted" shown), the deal was never counted,
and the Statistics button did nothing (a page error). Now a record of another shape is read as no
statistics at all: the deal is saved, no notice, no restart, and the statistics start afresh.
(Unit level: tests/test_stats_js.py runs the same records through stats.js in Node.)

The match is reached fast, as in e2e/test_review.py: a save built here under CPython leaves the
person one card before the end of a played deal; `load_save` stores it beside the planted
statistics record and the page resumes it.
"""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

from belote import Game, ai
from belote.ai.levels import move_seed
from conftest import BOOT_TIMEOUT_MS, READY
from ui_helpers import MY_TURN, NO_BACKGROUND_REVIEWS, READ_ENTRY, WRITE_ENTRY, act_once, deals_done, kept_reviews, load_save, moves, reach_storage, saved, wait_until

LEVELS = ["easy", "easy", "easy"]
KEY = ",".join(LEVELS)
AI_SEED = 4242
COUNTS = {"matches": 2, "won": 1, "deals": 30, "taken": 12, "made": 9, "failed": 3, "capots": 1, "points": 2400}
NOTICE = "[data-notice]"  # "storage" (this browser keeps no data) or "recovered" (the engine restarted)

# name -> a statistics record no build of the game writes, one for each way such records broke the
# page before normalise checked every entry: the deal's save (countEvents threw in the worker's
# write), the figures (a count added as a string) and the dialog (its label threw). Every other
# malformed shape takes the same path here once normalise reads it as none: tests/test_stats_js.py
# runs 21 of them through every function of stats.js in Node.
MALFORMED = {
    "a levels entry that is a string": {"version": 1, "levels": {KEY: "many", "normal,normal,hard": dict(COUNTS)}, "reviews": {}},
    "a count that is a string": {"version": 1, "levels": {KEY: {**COUNTS, "points": "lots"}}, "reviews": {}},
    "a review whose levels is not a string": {"version": 1, "levels": {}, "reviews": {"1234:0": {"levels": 3, "loss": 4, "decisions": 8}}},
}
LEVELS_NULL = {"version": 1, "levels": None, "reviews": {}}  # the end of a match, below


def before_last_card(seed: int, target: int) -> dict:
    """The bridge's save of a match whose first played deal waits for the person's last card
    (every action chosen as the page's worker would: seat 0 by Easy here)."""
    game = Game(seed=seed, target=target)
    while True:
        seat = game.to_act
        view = game.view(seat)
        if seat == 0 and view["phase"] == "play" and len(view["hand"]) == 1:
            return {"game": game.to_dict(), "levels": LEVELS, "ai_seed": AI_SEED}
        game.play(ai.choose_action(view, "easy", move_seed(AI_SEED, game.move_number)))


def plant(page: Page, save: dict, stats) -> None:
    """Stores `save` as the match in progress and `stats` as the statistics record."""
    load_save(page, save)
    page.evaluate(WRITE_ENTRY, {"key": "stats", "record": stats})


def untroubled(page: Page) -> None:
    """No notice (the match not kept, the engine restarted) and no engine restart: before the fix,
    the exception in the store's callback aborted the save and, uncaught in the worker, killed it."""
    notice = page.query_selector(NOTICE)
    assert notice is None, notice.text_content()
    assert page.get_attribute("#app", "data-recoveries") in (None, "", "0")


def open_stats(page: Page) -> dict[str, str]:
    """Opens the Statistics dialog by its button: the figures it shows, by data-stat; closes it."""
    page.click("#btn-stats")
    page.wait_for_selector("#dlg-stats[open] [data-stat]", timeout=10_000)
    shown = {el.get_attribute("data-stat"): el.text_content().strip()
             for el in page.query_selector_all("#dlg-stats [data-stat]")}
    shown["empty"] = page.query_selector("#dlg-stats .muted") is not None
    shown["damaged"] = page.query_selector("#dlg-stats .notice-text") is not None  # "could not be read"
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-stats[open]", state="detached")
    return shown


def resume(page: Page, open_game, save: dict, stats, query: str = f"speed=instant&{NO_BACKGROUND_REVIEWS}") -> None:
    """Stores `save` and `stats`, then opens the game on them, at the person's turn (by default with
    the analysis worker asleep: a deal's review counted in the background is not these tests' subject)."""
    reach_storage(page, open_game.site_url)
    plant(page, save, stats)
    open_game(page, query)
    page.wait_for_selector(MY_TURN, state="attached")


def last_card(page: Page) -> None:
    """Plays the person's last card of the deal."""
    page.click("#hand button:not([disabled])")


@pytest.mark.parametrize("stats", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_statistics_record_never_costs_the_deals_save(page: Page, open_game, stats):
    save = before_last_card(seed=3, target=5000)
    # (analysis=0, resume's default: a review in the background would change "reviewed" between the
    # two looks at the figures, as seen under 12x CPU throttling)
    resume(page, open_game, save, stats)
    # Unreadable statistics open as none at all (before: the button did nothing).
    before = open_stats(page)
    assert before["empty"] and before["deals"] == "0" and before["matches"] == "0", before
    assert before["damaged"]  # and says why (it said nothing before)

    last_card(page)
    page.wait_for_selector('#app[data-deals-done="1"]', state="attached", timeout=30_000)
    page.wait_for_selector(MY_TURN, state="attached", timeout=30_000)  # the next deal waits for the person
    shown = moves(page)
    untroubled(page)
    assert len(saved(page)["game"]["actions"]) == shown  # stored up to what the table shows

    # The statistics started afresh with this deal; the match resumes where it was.
    after = open_stats(page)
    assert not after["empty"] and after["deals"] == "1" and after["matches"] == "0", after
    assert not after["damaged"]
    assert page.evaluate(READ_ENTRY, "stats-damaged") == stats  # the unreadable record kept aside, not lost
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(MY_TURN, state="attached")
    assert deals_done(page) == 1 and moves(page) == shown
    untroubled(page)
    assert open_stats(page) == after


def test_a_malformed_statistics_record_never_costs_the_end_of_the_match(page: Page, open_game):
    """With a target of 1 the deal ends the match: the match's end is stored and counted."""
    save = before_last_card(seed=5, target=1)
    resume(page, open_game, save, LEVELS_NULL)
    last_card(page)
    page.wait_for_selector("#dlg-over[open]", timeout=30_000)
    untroubled(page)
    stored = Game.from_dict(saved(page)["game"])
    assert stored.winner is not None  # the match's end is what the store holds
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-over[open]", state="detached")
    counted = open_stats(page)
    assert counted["deals"] == "1" and counted["matches"] == "1", counted
    page.reload()
    page.wait_for_selector("#dlg-over[open]", timeout=BOOT_TIMEOUT_MS)  # resumed at the match's end
    untroubled(page)


def reviews_counted(page: Page, n: int, timeout: float = 120) -> None:
    """Waits until the stored statistics hold `n` reviewed deals (the analysis worker counts a deal
    once its person's cards are all valued)."""
    deadline = time.monotonic() + timeout
    while len((page.evaluate(READ_ENTRY, "stats") or {}).get("reviews", {})) < n:
        assert time.monotonic() < deadline, "the deal's review was never counted"
        page.wait_for_timeout(250)


def test_reset_asks_first_even_on_a_double_click_and_holds_after_a_reload(page: Page, open_game):
    """Reset asks once more on the same button: a double click (or tap) answered its own question.
    And a reset used to come undone: at each boot the page reviews the last played deal again in the
    background, and that review counted the deal from before the reset into the fresh record
    ("Deals played 0, Deals reviewed 1"). Only a deal the record counted as played counts now."""
    resume(page, open_game, before_last_card(seed=3, target=5000), None, "speed=instant")  # reviews on
    last_card(page)
    page.wait_for_selector('#app[data-deals-done="1"]', state="attached", timeout=30_000)
    reviews_counted(page, 1)
    counted = open_stats(page)
    assert counted["deals"] == "1" and counted["reviewed"] == "1", counted

    page.click("#btn-stats")
    page.wait_for_selector("#dlg-stats[open] [data-stat]")
    page.dblclick("#stats-reset")
    assert page.text_content("#stats-reset") == "Really reset?"  # asked, not answered
    assert page.text_content("#dlg-stats [data-stat='deals']") == "1"
    page.click("#stats-reset")  # the answer
    page.wait_for_selector("#dlg-stats [data-stat='deals']:text-is('0')")
    page.keyboard.press("Escape")

    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(MY_TURN, state="attached")
    page.wait_for_selector("html[data-analysis='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(3000)  # the background review of deal 1 (kept values: at once) has had its chance
    after = open_stats(page)
    assert after["deals"] == "0" and after["reviewed"] == "0" and after["loss"] == "–", after


def test_an_abandoned_match_counts_as_played_and_not_won(page: Page, open_game):
    """New game over a match begun ("The match in progress will be lost"): the match counts as
    played and not won. It was in no count at all, so abandoning every match going badly kept
    "Matches won" at "Matches played". (With analysis=0, which keeps the analysis worker asleep
    until a review is opened: a deal scored used to boot it.)"""
    resume(page, open_game, before_last_card(seed=3, target=5000), None)
    last_card(page)
    page.wait_for_selector('#app[data-deals-done="1"]', state="attached", timeout=30_000)
    page.wait_for_selector(MY_TURN, state="attached")
    page.click("#btn-new")
    page.click("#dlg-new button[type=submit]")
    page.click("#dlg-confirm [data-intent='confirm-new-game']")
    page.wait_for_selector('#app[data-deals-done="0"]', state="attached", timeout=30_000)
    page.wait_for_selector(MY_TURN, state="attached")
    shown = open_stats(page)
    assert shown["matches"] == "1" and shown["won"] == "0" and shown["deals"] == "1", shown
    assert page.get_attribute("html", "data-analysis") is None
    # a new match not yet begun abandons nothing (read once the newer match is stored: the
    # person's turn alone was the older one's too)
    older = saved(page)["game"]["seed"]
    page.click("#btn-new")
    page.click("#dlg-new button[type=submit]")
    page.wait_for_selector("#dlg-new[open]", state="detached")
    wait_until(lambda: saved(page)["game"]["seed"] != older, timeout=30, what="the new match to be stored")
    page.wait_for_selector(MY_TURN, state="attached")
    assert open_stats(page)["matches"] == "1"


# Keeps 12 reviews through the page's own store module, as the analysis worker does.
KEEP_TWELVE = """async (base) => {
  const { openMatchStore } = await import(base + "js/match-store.js");
  const store = await openMatchStore();
  for (let i = 0; i < 12; i++) await store.keepReview(`match:new${i}:0`, { build: "b", decisions: {} });
}"""


def test_a_damaged_list_of_kept_reviews_still_bounds_them(page: Page, site_url: str):
    """The list of kept reviews (key "reviews", oldest first) altered into something else was read
    as empty: the review records it listed were never deleted, so REVIEWS_KEPT (12) no longer
    bounded what a browser keeps. The records themselves are listed again then."""
    page.goto(site_url + "icons/icon.svg")  # a page of the origin, to reach its storage
    for i in range(12):
        page.evaluate(WRITE_ENTRY, {"key": f"review:match:old{i}:0", "record": {"build": "b", "decisions": {}}})
    page.evaluate(WRITE_ENTRY, {"key": "reviews", "record": {"tampered": True}})
    page.evaluate(KEEP_TWELVE, site_url)
    new = [f"match:new{i}:0" for i in range(12)]
    assert sorted(kept_reviews(page)) == sorted(f"review:{k}" for k in new)  # the old ones went first
    assert page.evaluate(READ_ENTRY, "reviews") == new


# The page's next read of the "stats" key fails (a disk read error); the ones after it work.
ONE_FAILED_STATS_READ = """() => {
  const get = IDBObjectStore.prototype.get;
  let failed = false;
  IDBObjectStore.prototype.get = function (key, ...rest) {
    if (!failed && key === "stats") { failed = true; throw new DOMException("read error", "UnknownError"); }
    return get.call(this, key, ...rest);
  };
}"""


def test_a_statistics_read_that_fails_is_not_shown_as_no_statistics(page: Page, site_url: str):
    """A read of 30 stored matches failed once: the dialog said "Nothing counted yet", zeros, and
    offered Reset, as if they were gone. It now says they could not be read and offers no Reset;
    opened again, they are there."""
    stored = {"version": 1, "reviews": {}, "levels": {KEY: {**COUNTS, "matches": 30}}}
    page.goto(site_url + "icons/icon.svg")
    page.evaluate(WRITE_ENTRY, {"key": "stats", "record": stored})
    page.goto(site_url + "?speed=instant&nosw=1&analysis=0&levels=easy,easy,easy")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate(ONE_FAILED_STATS_READ)
    page.click("#btn-stats")
    page.wait_for_selector("#dlg-stats[open]")
    shown = (page.text_content("#stats-body"), page.is_visible("#stats-reset"), page.query_selector("#dlg-stats [data-stat]"))
    page.keyboard.press("Escape")
    page.click("#btn-stats")
    page.wait_for_selector("#dlg-stats[open] [data-stat='matches']")
    again = page.text_content("#dlg-stats [data-stat='matches']")
    assert page.evaluate(READ_ENTRY, "stats") == stored
    assert "could not be read" in shown[0] and not shown[1] and shown[2] is None, shown
    assert again == "30"


@pytest.mark.parametrize("back", ["room_again", "engine_dies"])
def test_a_deal_that_ended_while_storage_failed_counts_once_storage_is_back(page: Page, open_game, back):
    """The disk is full when the deal ends, then it has room again: the next save stored holds the
    whole deal, but the statistics never counted it (its count went with the failed write). The
    worker now keeps what a failed write could not count for the next write of that match.
    `engine_dies`: the engine dies before that write, and the new one resumes from the page's copy
    of the match: it counts the deal that copy ended beyond the stored save (it was never counted)."""
    from test_reliability import DISK_BACK, FULL_DISK, WATCH_CRASH_ALERTS, engine_worker

    resume(page, open_game, before_last_card(seed=3, target=5000), None)
    engine_worker(page).evaluate(FULL_DISK)
    last_card(page)
    page.wait_for_selector('#app[data-deals-done="1"]', state="attached", timeout=30_000)
    page.wait_for_selector(MY_TURN, state="attached", timeout=30_000)
    assert (page.evaluate(READ_ENTRY, "stats") or {}).get("levels", {}).get(KEY) is None  # not kept yet
    if back == "engine_dies":
        page.evaluate(WATCH_CRASH_ALERTS)
        engine_worker(page).evaluate("close()")
        page.click(f"{MY_TURN} #bids button:not([disabled])")  # sent to a dead worker: noticed, replayed
        page.wait_for_selector('#app[data-recoveries="1"]', state="attached", timeout=20_000)
        page.wait_for_selector("[role=alert].alert-crash", state="detached", timeout=BOOT_TIMEOUT_MS)
    else:
        engine_worker(page).evaluate(DISK_BACK)
        act_once(page)
    wait_until(lambda: len(saved(page)["game"]["actions"]) >= moves(page), what="the match stored again")
    played = [r for r in Game.from_dict(saved(page)["game"]).view(0)["sheet"] if r["result"] != "thrown_in"]
    counted = (page.evaluate(READ_ENTRY, "stats") or {}).get("levels", {}).get(KEY, {})
    assert len(played) == 1 and counted.get("deals") == 1, (len(played), counted)
