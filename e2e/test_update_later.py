"""A new build that takes over later than the page asked it to (Chromium held the takeover, the page
booted on its own build, then a match began): the page is now behind its service worker, its
build's cache deleted. It must keep offering the update, and "Update now" must move it to the new
build, not just hide the offer."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from conftest import BOOT_TIMEOUT_MS, READY
from test_offline import held_takeover, page_id, stamps
from ui_helpers import MY_TURN, play_until, wait_until

pytestmark = pytest.mark.service_worker  # a new build arrives through the service worker

OFFER = '[data-notice="update"]'
APPLY = OFFER + ' button[data-intent="apply-update"]'


def wait_for_takeover(page, timeout: float = 60.0) -> None:
    """Until B controls the page (no wait_for_function: the page's CSP blocks it)."""
    wait_until(lambda: page.evaluate("""navigator.serviceWorker.getRegistration().then((r) =>
                              !!r && !r.waiting && !!r.active && r.active === navigator.serviceWorker.controller)"""),
               timeout, what="build B to take over")


def test_update_now_after_a_held_takeover_that_landed_mid_match_moves_the_page_to_the_new_build(persistent, two_builds):
    with held_takeover(persistent, two_builds) as (nxt, guard):
        # The player starts the match: a card is to be played.
        play_until(nxt, lambda: nxt.get_attribute("#app", "data-phase") == "play"
                   and nxt.query_selector(MY_TURN) is not None)
        loaded = page_id(nxt)
    # Leaving the block ended A's last request: the takeover it held lands now, mid-deal.
    wait_for_takeover(nxt)
    deadline = time.monotonic() + 30
    while "belote:/:site-test-A" in nxt.evaluate("caches.keys()"):  # B's activate deletes A's files
        assert time.monotonic() < deadline, nxt.evaluate("caches.keys()")
        time.sleep(0.1)
    nxt.wait_for_timeout(500)
    assert page_id(nxt) == loaded and stamps(nxt) == ("test-A", "test-A")  # the deal was not interrupted

    # The deal ends: the offer is (still) made between deals.
    deal = int(nxt.get_attribute("#app", "data-deals-done"))
    play_until(nxt, lambda: int(nxt.get_attribute("#app", "data-deals-done")) != deal)
    assert nxt.get_attribute("html", "data-sw-update") == "ready"
    nxt.wait_for_selector(OFFER, state="attached", timeout=30_000)
    nxt.click(APPLY)
    # "Update now" moves the page to B. Before the fix nothing waited any more, so the offer just
    # vanished and the page stayed on A, whose files B had deleted.
    try:
        nxt.wait_for_selector('meta[name="belote-build"][content="test-B"]', state="attached", timeout=30_000)
    except PlaywrightTimeoutError:
        raise AssertionError("'Update now' left the page on build A (offer still shown: %s, reloaded: %s)"
                             % (bool(nxt.query_selector(OFFER)), page_id(nxt) != loaded)) from None
    nxt.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert stamps(nxt) == ("test-B", "test-B")
    assert page_id(nxt) != loaded
    guard.check()
