"""An embedded game must not take the keyboard away from its host page.

A blog embeds the game in an iframe (README "Embed it in a page or a blog"); a reader types in a
comment box on the host page while the game boots or while the computer players play. A page
that moves the focus to its first bid or card when the person's turn comes (focusTurn), or opens
"Match over" with showModal(), takes the keyboard from the host page: the keys the reader goes on
typing land in the game (an "n" opens New game, "h" asks a hint, "s" the score sheet...). The page
waits for the focus instead (render.js focusTurn, main.js raiseDialog)."""
from __future__ import annotations

import time

from conftest import BOOT_TIMEOUT_MS, READY
from ui_helpers import BID, MY_TURN, moves, next_frame


HOST_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A blog post about Belote</title></head>
<body>
<h1>Play a hand of Belote</h1>
<p><label>Comment <input id="comment" autocomplete="off"></label></p>
<iframe src="{src}" width="360" height="480" title="Belote" loading="eager"></iframe>
</body>
</html>
"""


def host_with_game(page, site_url, serve_dir, guard, tmp_path, query):
    src = f"{site_url}?embed=1&{query}"
    (tmp_path / "index.html").write_text(HOST_PAGE.format(src=src))
    host = serve_dir(tmp_path, csp=False).replace("127.0.0.1", "localhost")  # another site
    guard.allow_origin(host)
    page.set_viewport_size({"width": 800, "height": 700})
    page.goto(host)
    frame = page.wait_for_selector("iframe").content_frame()
    return frame


def host_focus(page) -> str:
    return page.evaluate("document.activeElement ? (document.activeElement.id || document.activeElement.tagName) : ''")


def test_typing_on_the_host_page_while_the_game_boots_keeps_the_focus(page, site_url, serve_dir, guard, tmp_path):
    """The reader clicks into the host's comment box while the game loads: the first turn (the
    person bids first in deal 1) must not pull the focus into the frame."""
    frame = host_with_game(page, site_url, serve_dir, guard, tmp_path, "speed=fast&seed=8&levels=easy,easy,easy")
    page.click("#comment")
    assert host_focus(page) == "comment"
    frame.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    frame.wait_for_selector(MY_TURN, state="attached")
    next_frame(frame)
    next_frame(frame)
    focused_in_frame = frame.evaluate("document.activeElement && document.activeElement.outerHTML.slice(0, 80)")
    assert host_focus(page) == "comment", f"the game took the focus: the host has {host_focus(page)!r}, the frame {focused_in_frame!r}"
    page.keyboard.type("nice")
    assert page.input_value("#comment") == "nice"
    assert frame.query_selector("dialog[open]") is None


def test_typing_on_the_host_page_while_the_computer_plays_keeps_the_focus(page, site_url, serve_dir, guard, tmp_path):
    """The reader bids in the frame (so the frame had the focus once), then clicks the host's
    comment box and types while West, North and East bid: their turn coming back must leave the
    keyboard where the reader put it."""
    frame = host_with_game(page, site_url, serve_dir, guard, tmp_path, "speed=slow&seed=8&levels=easy,easy,easy")
    frame.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    frame.wait_for_selector(MY_TURN, state="attached")
    before = moves(frame)
    frame.click(f"{BID}[data-action='pass']")
    deadline = time.monotonic() + 10
    while moves(frame) == before and time.monotonic() < deadline:
        time.sleep(0.02)
    assert moves(frame) > before
    page.click("#comment")
    assert host_focus(page) == "comment"
    # The three computer bids take some 4 s at slow speed; the person's turn comes back after them
    # (or a new deal when all pass: the person bids again, first or later).
    page.keyboard.type("abc")
    frame.wait_for_selector(MY_TURN, state="attached", timeout=30_000)
    next_frame(frame)
    next_frame(frame)
    page.keyboard.type("nhs")
    typed = page.input_value("#comment")
    assert host_focus(page) == "comment" and typed == "abcnhs", (
        f"the game took the focus: the host has {host_focus(page)!r}, the comment box holds {typed!r}, "
        f"dialog open in the game: {frame.query_selector('dialog[open]') is not None}")


TALL_HOST = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A long blog post</title></head>
<body>
<h1>A long post; the game is further down</h1>
<p><label>Search <input id="comment" autocomplete="off"></label></p>
<div style="height: 2500px">...</div>
<iframe src="{src}" width="360" height="480" title="Belote" loading="eager"></iframe>
<div style="height: 1500px">...</div>
</body>
</html>
"""


def test_the_game_further_down_the_host_page_does_not_scroll_or_focus_it(page, site_url, serve_dir, guard, tmp_path):
    """The reader is at the top of a long post, typing in its search box; the game below the fold
    boots (the iframe is eager; Chromium draws no frame of an off-screen cross-site iframe, so its
    table is drawn once it is scrolled into view). Neither booting nor scrolling the game into view
    may move the focus or the scroll position."""
    src = f"{site_url}?embed=1&speed=fast&seed=8&levels=easy,easy,easy"
    (tmp_path / "index.html").write_text(TALL_HOST.format(src=src))
    host = serve_dir(tmp_path, csp=False).replace("127.0.0.1", "localhost")
    guard.allow_origin(host)
    page.set_viewport_size({"width": 800, "height": 700})
    page.goto(host)
    page.click("#comment")
    frame = page.wait_for_selector("iframe").content_frame()
    frame.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    time.sleep(1.0)
    assert (host_focus(page), page.evaluate("scrollY")) == ("comment", 0)
    # the reader scrolls down with the wheel (focus stays in the search box) until the game shows
    page.mouse.move(400, 100)
    page.mouse.wheel(0, 2300)
    frame.wait_for_selector(MY_TURN, state="attached")
    next_frame(frame)
    next_frame(frame)
    time.sleep(0.3)
    page.keyboard.type("n")
    assert (host_focus(page), page.input_value("#comment")) == ("comment", "n"), (
        f"scrolling the game into view took the focus: the host has {host_focus(page)!r}; "
        f"dialog open in the game: {frame.query_selector('dialog[open]') is not None}")


def test_the_match_over_dialog_does_not_take_the_focus_from_the_host_page(page, site_url, serve_dir, guard, tmp_path):
    """The reader plays the last card of a short match (target 1) in the frame, then goes back to
    the host's comment box while the last trick and the deal summary are shown: the "Match over"
    dialog (showModal) must not pull the keyboard into the frame."""
    from playwright.sync_api import Error as PlaywrightError
    from ui_helpers import LEGAL_CARD
    frame = host_with_game(page, site_url, serve_dir, guard, tmp_path, "speed=normal&seed=8&levels=easy,easy,easy&target=1")
    frame.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "the deal did not reach the person's last card"
        if frame.query_selector(MY_TURN) is None:
            time.sleep(0.05)
            continue
        bids = frame.query_selector_all(BID)
        chosen = next((b for b in bids if b.get_attribute("data-action") == "take"), bids[0] if bids else None)
        chosen = chosen or frame.query_selector(LEGAL_CARD)
        if chosen is None:
            continue
        last = not bids and len(frame.query_selector_all("#hand button")) == 1
        before = moves(frame)
        try:
            chosen.click(timeout=5000)
        except PlaywrightError:
            continue
        until = time.monotonic() + 15
        while moves(frame) == before and time.monotonic() < until:
            time.sleep(0.02)
        if last:
            break
    page.click("#comment")
    assert host_focus(page) == "comment"
    frame.wait_for_selector('#app[data-phase="over"]', state="attached", timeout=60_000)
    time.sleep(7)  # the deal summary (3.5 s at normal speed), then the match-over pause (1.3 s)
    opened = frame.query_selector("#dlg-over[open]") is not None
    page.keyboard.type("ok")
    assert (host_focus(page), page.input_value("#comment")) == ("comment", "ok"), (
        f"Match over took the focus: the host has {host_focus(page)!r} (dialog open: {opened})")
    # back in the game, the result is there to see
    frame.click("#status")
    frame.wait_for_selector("#dlg-over[open]", timeout=5000)
