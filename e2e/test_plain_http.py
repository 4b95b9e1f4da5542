"""The game served over plain HTTP from a name other than localhost (a LAN address, an intranet, an
HTTP-only host) is not a secure context: no crypto.subtle, no service worker, no Web Locks. The
match's key for the statistics and the reviews was a crypto.subtle digest, so the first scored deal
threw in the engine worker: "Something went wrong: Cannot read properties of undefined (reading
'digest')", the deal's save never stored, and a deal ended by a computer's card left the page on
"… is thinking" for good. site/js/sha256.js now gives the same digest everywhere.

Chromium is started with a host rule that sends the name `belote.test` to this machine, so the
page's origin is http://belote.test:<port>, insecure as any LAN address is, on any machine.
"""
from __future__ import annotations

import hashlib
import json

import pytest
from playwright.sync_api import Page

from conftest import BOOT_TIMEOUT_MS, READY, launch_chromium
from test_stats_store import KEY, before_last_card, reviews_counted
from ui_helpers import MY_TURN, READ_ENTRY, load_save, saved

pytestmark = pytest.mark.service_worker  # plain http itself must be what leaves the service worker out

HOST = "belote.test"
LOADED = "#dlg-review[open][data-loaded='1'][data-values='8']"


@pytest.fixture(scope="module")
def insecure_browser(playwright_instance):
    browser = launch_chromium(playwright_instance, extra_args=[f"--host-resolver-rules=MAP {HOST} 127.0.0.1"])
    yield browser
    browser.close()


@pytest.fixture
def insecure_page(insecure_browser, guard, site_url: str):
    """A page of the insecure origin, failing the test on any console or page error like `page`."""
    url = site_url.replace("127.0.0.1", HOST)
    guard.allow_origin(url)
    context = insecure_browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(30_000)
    guard.attach(context)
    page = context.new_page()
    page.goto(url + "icons/icon.svg")  # a page of the origin, to reach its storage
    yield page
    context.close()
    guard.check()


def match_key(save: dict) -> str:
    """stats.js matchKey: the first 8 bytes of SHA-256 over the match's seeds, as JSON.stringify writes them."""
    game = save["game"]
    seeds = [game["seed"], save["ai_seed"], game["decks"], game.get("first_dealer", 3)]
    return hashlib.sha256(json.dumps(seeds, separators=(",", ":")).encode()).hexdigest()[:16]


def test_a_deal_played_over_plain_http_is_saved_counted_and_reviewed(insecure_page: Page):
    page = insecure_page
    save = before_last_card(seed=12, target=1000)
    load_save(page, save)
    page.goto(page.url.split("icons/")[0] + "?speed=instant&nosw=1")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("() => [isSecureContext, typeof crypto.subtle]") == [False, "undefined"]
    page.wait_for_selector(MY_TURN, state="attached")
    page.click("#hand button:not([disabled])")  # the last card: the deal is scored
    page.wait_for_function("() => Number(document.querySelector('#app').dataset.dealsDone) >= 1")
    # The next deal's bidding comes (the computers bid on from the stored save): nothing stopped.
    page.wait_for_selector(MY_TURN, state="attached", timeout=30_000)
    assert page.text_content("#alerts").strip() == ""
    stored = saved(page)
    assert len(stored["game"]["actions"]) > len(save["game"]["actions"])
    stats = page.evaluate(READ_ENTRY, "stats")
    assert stats["levels"][KEY]["deals"] == 1
    assert stats["played"]["match"] == match_key(save)  # the key crypto.subtle gave
    [deal] = stats["played"]["deals"]

    # The review (the analysis worker keys it by the same digest) loads and counts the deal.
    page.click("#btn-sheet")
    page.click("#dlg-sheet .review-open")
    page.wait_for_selector(LOADED, timeout=90_000)
    reviews_counted(page, 1)
    assert list(page.evaluate(READ_ENTRY, "stats")["reviews"]) == [f"{match_key(save)}:{deal}"]
