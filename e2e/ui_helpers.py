"""Helpers for driving the table UI in e2e tests (site/js: the hooks are documented in
docs/contracts.md "Page test hooks"): click whatever the page offers until a condition holds."""
from __future__ import annotations

import json
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

SAVE_KEY = "belote.save.v1"
MY_TURN = '#app[data-my-turn="1"]'
BID = "#bids button:not([disabled])"
LEGAL_CARD = "#hand button:not([disabled])"


def saved(page: Page) -> dict | None:
    """The bridge's save object the page stored after its last action."""
    raw = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    return json.loads(raw)["save"] if raw else None


def next_frame(page: Page) -> None:
    """Waits until the page has drawn (renders are batched in requestAnimationFrame)."""
    page.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))")


def deals_done(page: Page) -> int:
    value = page.get_attribute("#app", "data-deals-done")
    return int(value) if value else 0


def act_once(page: Page, *, tap: bool = False, prefer: str = "take", timeout: float = 30.0) -> None:
    """Waits for the person's turn, then plays: a bid (`prefer` when offered) or the first legal card."""
    page.wait_for_selector(MY_TURN, state="attached", timeout=timeout * 1000)
    bids = page.query_selector_all(BID)
    if bids:
        chosen = next((b for b in bids if b.get_attribute("data-action") == prefer), bids[0])
    else:
        chosen = page.query_selector(LEGAL_CARD)
    if chosen is None:  # the turn ended between the two looks (a re-render): try again
        return
    before = len((saved(page) or {}).get("game", {}).get("actions", []))
    try:
        if tap:
            chosen.tap(timeout=5000)
        else:
            chosen.click(timeout=5000)
    except PlaywrightError as e:  # redrawn away under us (the page was mid-render): look again
        if "not attached" in str(e) or "Timeout" in str(e):
            return
        raise
    # Wait until the engine accepted it (the save grew) and the page drew the result.
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if len((saved(page) or {}).get("game", {}).get("actions", [])) > before:
            next_frame(page)
            return
        time.sleep(0.02)
    raise AssertionError("the page did not send the action to the engine")


def play_until(page: Page, done, *, tap: bool = False, limit: int = 2000, timeout: float = 60.0) -> None:
    """Acts whenever it is the person's turn until done() is true."""
    for _ in range(limit):
        if done():
            return
        if page.query_selector(MY_TURN) is None:
            if page.query_selector("#dlg-over[open]"):
                return
            time.sleep(0.03)
            continue
        act_once(page, tap=tap, timeout=timeout)
    raise AssertionError("play_until: gave up")


def play_deal(page: Page, *, tap: bool = False) -> None:
    """Plays until one more deal has been scored (a thrown-in deal counts as a deal)."""
    start = deals_done(page)
    deadline = time.monotonic() + 180
    play_until(page, lambda: deals_done(page) > start or time.monotonic() > deadline, tap=tap)
    assert deals_done(page) > start, "no deal was finished within 3 minutes"
