"""r25k review (scratch): "Update now" clicked while Chromium holds the takeover (another page of
build A has a request in flight through A's service worker, as on a slow link, or a stream Chromium
still counts for A). What does the player see, and when does the page finally reload?"""
from __future__ import annotations

import time

from conftest import BOOT_TIMEOUT_MS, READY
from test_offline import (  # noqa: F401  (persistent and two_builds are fixtures)
    controlled_page, hold, install_b, page_id, persistent, saved, stamps, two_builds,
)
from ui_helpers import MY_TURN, act_once

OFFER = '[data-notice="update"]'
APPLY = OFFER + ' button[data-intent="apply-update"]'


def test_update_now_with_a_held_takeover_never_reloads_the_page_mid_deal(persistent, two_builds):
    server, url, deploy_b = two_builds
    release = hold(server, "/held")
    ctx, guard = persistent(url)
    page = controlled_page(ctx, url)
    install_b(page, deploy_b)
    page.wait_for_selector(OFFER, state="attached", timeout=30_000)  # bidding: between deals
    # Another page of A's (no match: a rules page) with a request A's worker keeps in flight.
    rules = ctx.new_page()
    rules.goto(url + "rules/en.html")
    rules.evaluate("fetch('/held').catch(() => {}); 0")
    page.bring_to_front()
    try:
        loaded = page_id(page)
        page.click(APPLY)
        page.wait_for_timeout(6000)
        # What the player sees after "Update now": nothing happened, the offer is still there.
        still_offered = page.query_selector(OFFER) is not None
        same_page = page_id(page) == loaded
        print("after Update now (6 s): offer still shown:", still_offered, "| same page:", same_page,
              "| stamps:", stamps(page))
        assert same_page, "the takeover was not held: the scenario did not happen"
        # The player goes on playing: into the card play of the deal.
        deadline = time.monotonic() + 120
        while not (page.get_attribute("#app", "data-phase") == "play" and page.query_selector(MY_TURN)):
            assert time.monotonic() < deadline
            if page.query_selector(MY_TURN):
                act_once(page)
            else:
                page.wait_for_timeout(50)
        act_once(page)  # a card of the deal is on the table
        moves_before = saved(page)["game"]["actions"]
        phase = page.get_attribute("#app", "data-phase")
        print("mid-deal: phase", phase, "moves", len(moves_before))
    finally:
        release.set()  # A's request ends: the held takeover lands now
    # The takeover lands mid-deal: does the page reload by itself in the middle of the deal?
    reloaded = False
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if page_id(page) != loaded:
                reloaded = True
                break
        except Exception:  # noqa: BLE001 (navigating)
            reloaded = True
            break
        time.sleep(0.2)
    if reloaded:
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        print("reloaded onto", stamps(page), "phase", page.get_attribute("#app", "data-phase"))
    guard.check()
    assert not reloaded, (f"the page reloaded by itself in the middle of a deal (phase {phase}), "
                          "a minute after 'Update now' seemed to do nothing")


def test_later_after_an_update_now_that_seemed_to_do_nothing_is_not_overridden(persistent, two_builds):
    """The player clicks "Update now", nothing happens (the takeover is held), so they click "Later"
    (put it off for this match) once the offer comes back at the next deal... or simply play on.
    The held takeover landing later still reloads the page: "Later" does not cancel `accepted`."""
    server, url, deploy_b = two_builds
    release = hold(server, "/held")
    ctx, guard = persistent(url)
    page = controlled_page(ctx, url)
    install_b(page, deploy_b)
    page.wait_for_selector(OFFER, state="attached", timeout=30_000)
    rules = ctx.new_page()
    rules.goto(url + "rules/en.html")
    rules.evaluate("fetch('/held').catch(() => {}); 0")
    page.bring_to_front()
    try:
        loaded = page_id(page)
        page.click(APPLY)
        page.wait_for_timeout(5000)
        assert page_id(page) == loaded, "the takeover was not held: the scenario did not happen"
        page.click(OFFER + ' button[data-intent="dismiss-update"]')  # "Later"
        page.wait_for_selector(OFFER, state="detached")
        act_once(page)
    finally:
        release.set()
    deadline = time.monotonic() + 20
    reloaded = False
    while time.monotonic() < deadline and not reloaded:
        try:
            reloaded = page_id(page) != loaded
        except Exception:  # noqa: BLE001 (navigating)
            reloaded = True
        time.sleep(0.2)
    if reloaded:
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    guard.check()
    assert not reloaded, "the page reloaded onto B although the player chose Later"
