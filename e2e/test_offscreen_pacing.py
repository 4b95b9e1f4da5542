"""Pacing without animation frames. Chromium draws no frame of a cross-site iframe
scrolled out of view (as of a hidden tab: requestAnimationFrame and animations stop; headless
Chromium cannot hide a tab, so this is the stand-in). The game must neither stall for good nor
pile its pauses up: scrolled back, it goes on to the person's next turn at its usual pace."""
from __future__ import annotations

import time

from conftest import BOOT_TIMEOUT_MS, READY
from test_embed_focus import TALL_HOST
from ui_helpers import BID, MY_TURN, moves, next_frame


def test_game_scrolled_out_of_view_during_the_computers_turns_goes_on_when_back(page, site_url, serve_dir, guard, tmp_path):
    src = f"{site_url}?embed=1&speed=normal&seed=8&levels=easy,easy,easy"
    (tmp_path / "index.html").write_text(TALL_HOST.format(src=src))
    host = serve_dir(tmp_path, csp=False).replace("127.0.0.1", "localhost")
    guard.allow_origin(host)
    page.set_viewport_size({"width": 800, "height": 700})
    page.goto(host)
    frame = page.wait_for_selector("iframe").content_frame()
    frame.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("document.querySelector('iframe').scrollIntoView()")
    for _ in range(3):  # three turns of the person, each followed by the computers out of view
        frame.wait_for_selector(MY_TURN, state="attached", timeout=30_000)
        next_frame(frame)
        before = moves(frame)
        bids = frame.query_selector_all(BID)
        target = bids[0] if bids else frame.query_selector("#hand button:not([disabled])")
        target.click()
        end = time.monotonic() + 10
        while moves(frame) == before and time.monotonic() < end:
            time.sleep(0.02)
        assert moves(frame) > before
        page.evaluate("scrollTo(0, 0)")  # the game leaves the view
        time.sleep(6)
        page.evaluate("document.querySelector('iframe').scrollIntoView()")
        t0 = time.monotonic()
        frame.wait_for_selector(MY_TURN, state="attached", timeout=15_000)
        assert time.monotonic() - t0 < 12
    assert frame.query_selector("#alerts [role=alert]") is None
