"""A new build whose takeover the browser holds (another page of the old build has a request in
flight) after the player pressed Update now between deals: when it lands later, in the middle of a
deal, the page does not reload by itself (it reloaded mid-deal, the player's click lost, even after
Later); the update is offered again, and taken between deals. Found by a review, 2026-12-05.
Until 2026-12-06 the page showed nothing for the 4 s it waits after Update now, nor after them."""
from __future__ import annotations

import time

import pytest

from test_offline import controlled_page, hold, install_b, keep_a_request_open, page_id, saved
from ui_helpers import MY_TURN, act_once

pytestmark = pytest.mark.service_worker  # a new build arrives through the service worker

OFFER = '[data-notice="update"]'
APPLY = OFFER + ' button[data-intent="apply-update"]'
HELD = '[data-notice="update-held"]'
# Records each state the button takes ([aria-disabled, text, focused]) and the held notice's
# arrival, as they happen: read afterwards, however long the host took to show them.
WATCH_BUTTON = """([button, held]) => {
  window.__buttonStates = [];
  const note = () => {
    const b = document.querySelector(button);
    const state = b ? [b.getAttribute("aria-disabled"), b.textContent, document.activeElement === b] : null;
    const now = document.querySelector(held) ? ["held"] : state;
    if (JSON.stringify(window.__buttonStates.at(-1)) !== JSON.stringify(now)) window.__buttonStates.push(now);
  };
  note();
  new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
}"""


def test_a_held_takeover_after_update_now_does_not_reload_the_page_mid_deal(persistent, two_builds):
    server, url, deploy_b = two_builds
    release = hold(server, "/held")
    ctx, guard = persistent(url)
    page = controlled_page(ctx, url)
    install_b(page, deploy_b)
    page.wait_for_selector(OFFER, state="attached", timeout=30_000)  # bidding: between deals
    try:
        keep_a_request_open(ctx, url, release)  # a page of the old build
        page.bring_to_front()
        loaded = page_id(page)
        page.focus(APPLY)
        page.evaluate(WATCH_BUTTON, [APPLY, HELD])
        page.keyboard.press("Enter")
        # Held past 4 s: the page says it stays on this version, and offers the update again.
        page.wait_for_selector(HELD, state="attached", timeout=10_000)
        # Pressed, the button said so at once (nothing showed for those 4 s), and kept the focus.
        states = page.evaluate("window.__buttonStates")
        assert ["true", "Updating…", True] in states, states
        assert states.index(["true", "Updating…", True]) < states.index(["held"]), states
        assert "could not start yet" in page.text_content(HELD)
        assert page.text_content(APPLY) == "Update now" and page.get_attribute(APPLY, "aria-disabled") is None
        assert page_id(page) == loaded, "the takeover was not held: the scenario did not happen"
        deadline = time.monotonic() + 120
        while not (page.get_attribute("#app", "data-phase") == "play" and page.query_selector(MY_TURN)):
            assert time.monotonic() < deadline
            if page.query_selector(MY_TURN):
                act_once(page)
            else:
                page.wait_for_timeout(50)
        act_once(page)  # a card of the deal is on the table
        moves = saved(page)["game"]["actions"]
        page.evaluate("""() => { window.__tookOver = false;
          navigator.serviceWorker.addEventListener('controllerchange', () => { window.__tookOver = true; }); }""")
    finally:
        release.set()  # the old build's request ends: the held takeover lands now
    page.wait_for_function("() => window.__tookOver", timeout=20_000)  # (a reload loses the flag: fails here)
    page.wait_for_timeout(1500)  # a reload would have begun by now
    assert page.get_attribute("html", "data-sw-update") == "ready"  # offered again
    assert page_id(page) == loaded, "the page reloaded by itself in the middle of a deal"
    assert saved(page)["game"]["actions"][: len(moves)] == moves
    guard.check()
