"""Embedding (issue 5, item 3): a page on another site (a blog) embeds the game in an iframe
with URL parameters, and a deal is played inside the frame. The host page is served from a
second local port on `localhost`, the game from `127.0.0.1`: another origin and another
site, so the game is a third-party iframe as on a real blog."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from conftest import BOOT_TIMEOUT_MS, READY
from ui_helpers import BID, LEGAL_CARD, MY_TURN, deals_done, next_frame

pytestmark = pytest.mark.service_worker  # an embedded page finds out for itself whether it may have one

EMBED_QUERY = "embed=1&lang=it&levels=hard,normal,hard&target=500"

# A blog post with the game; {before} and {after}: what the post has around it.
HOST_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A blog post about Belote</title></head>
<body>
<h1>Play a hand of Belote</h1>
{before}
<iframe src="{src}" width="360" height="480" title="Belote" loading="eager"></iframe>
{after}
</body>
</html>
"""


def host_with_game(page, site_url, serve_dir, guard, tmp_path, query, before="", after=""):
    """Opens a host page on another site (localhost, the game on 127.0.0.1) that embeds the game
    with `query`; returns the game's frame (360x480, the frame size the README suggests)."""
    src = f"{site_url}?{query}"
    (tmp_path / "index.html").write_text(HOST_PAGE.format(src=src, before=before, after=after))
    host = serve_dir(tmp_path, csp=False).replace("127.0.0.1", "localhost")
    guard.allow_origin(host)
    page.set_viewport_size({"width": 800, "height": 700})
    page.goto(host)
    return page.wait_for_selector("iframe").content_frame()


def person_action(frame):
    """The button a person presses now in the frame: take if offered, else the first bid, else a
    legal card; None when it is not the person's turn."""
    if frame.query_selector(MY_TURN) is None:
        return None
    bids = frame.query_selector_all(BID)
    chosen = next((b for b in bids if b.get_attribute("data-action") == "take"), bids[0] if bids else None)
    return chosen or frame.query_selector(LEGAL_CARD)


def test_game_boots_and_plays_a_deal_inside_a_cross_site_iframe(page, site_url, serve_dir, guard, tmp_path):
    frame = host_with_game(page, site_url, serve_dir, guard, tmp_path, f"{EMBED_QUERY}&speed=fast&seed=8")
    frame.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert frame.url.startswith(site_url)
    assert frame.evaluate("document.documentElement.lang") == "it"
    assert frame.evaluate("[innerWidth, innerHeight]") == [360, 480]
    # the URL parameters reached the game: target 500 is shown
    next_frame(frame)  # the table is drawn on the frame after it is ready
    assert "500" in frame.text_content("#target-info")
    # embed mode fits the frame: no horizontal scrolling
    assert frame.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    # A third-party frame may be refused storage: then the game says once that the match cannot be kept.
    refused = frame.evaluate("navigator.locks.query().then(() => false, () => true)")
    if refused:
        assert frame.query_selector('[data-notice="storage"]') is not None
    play_deal_by_clicking(frame)
    if refused:
        assert len(frame.query_selector_all('[data-notice="storage"]')) <= 1
    # the service worker is either refused (third-party iframe) or works: never an error
    assert frame.get_attribute("html", "data-sw") in (None, "active", "unavailable")


def play_deal_by_clicking(frame, limit_s: float = 180) -> None:
    """Plays one deal in the frame by clicking (storage may be refused to a third-party iframe,
    so nothing here reads the stored match)."""
    deadline = time.monotonic() + limit_s
    while deals_done(frame) < 1:
        assert time.monotonic() < deadline, "no deal finished inside the iframe"
        chosen = person_action(frame)
        if chosen is None:
            time.sleep(0.05)
            continue
        try:
            chosen.click(timeout=5000)
        except PlaywrightError:  # redrawn under us: look again
            continue
        # wait until the page has taken the action (the button goes away or the turn passes)
        until = time.monotonic() + 15
        while time.monotonic() < until:
            try:
                if not chosen.is_visible() or chosen.is_disabled() or not frame.query_selector(MY_TURN):
                    break
            except PlaywrightError:  # the button was redrawn away: the action was taken
                break
            time.sleep(0.03)


def test_a_notice_in_the_frame_leaves_the_bids_and_the_hand_in_it(page, site_url, serve_dir, guard, tmp_path):
    """A cross-site frame is refused storage by default here, so every visitor gets the notice
    "This browser does not let the game keep data…". It took 150 px of the 480 and pushed the
    bids and the whole hand below the frame's edge. It now lies over the top of the frame, and the
    bids and the hand stay inside, while bidding and while playing."""
    from test_fit import FIT_JS

    frame = host_with_game(page, site_url, serve_dir, guard, tmp_path, "embed=1&levels=easy,easy,easy&speed=instant&seed=5")
    frame.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    frame.wait_for_selector(MY_TURN, state="attached")
    frame.wait_for_selector('[data-notice="storage"]')
    next_frame(frame)
    bidding = frame.evaluate(FIT_JS, "#bids button")
    frame.click("#bids button[data-action='take']")
    frame.wait_for_selector(LEGAL_CARD, state="attached", timeout=30_000)
    next_frame(frame)
    playing = frame.evaluate(FIT_JS, "#hand button")
    assert frame.is_visible('[data-notice="storage"]')
    assert not bidding["problems"] and not playing["problems"], (bidding["problems"], playing["problems"])
