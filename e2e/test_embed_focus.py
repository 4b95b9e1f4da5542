"""An embedded game must not take the keyboard away from its host page.

A blog embeds the game in an iframe (README "Embed it in a page or a blog"); a reader types in a
comment box on the host page while the game boots or while the computer players play. A page
that moves the focus to its first bid or card when the person's turn comes (focusTurn), or opens
"Match over" with showModal(), takes the keyboard from the host page: the keys the reader goes on
typing land in the game (an "n" opens New game, "h" asks a hint, "s" the score sheet...). The page
waits for the focus instead (render.js focusTurn, main.js raiseDialog). And a game scrolled out of
the host page's view (no animation frames) goes on at its pace once it is back."""
from __future__ import annotations

import time

from playwright.sync_api import Error as PlaywrightError

from conftest import BOOT_TIMEOUT_MS, READY
from test_embed import host_with_game as embedded, person_action
from ui_helpers import BID, MY_TURN, NO_BACKGROUND_REVIEWS, moves, next_frame


COMMENT_BOX = '<p><label>Comment <input id="comment" autocomplete="off"></label></p>'


def host_with_game(page, site_url, serve_dir, guard, tmp_path, query, **around):
    """The game embedded (embed=1) in a blog post with a comment box above it (no review worker: test_embed
    keeps the page's default)."""
    return embedded(page, site_url, serve_dir, guard, tmp_path, f"embed=1&{NO_BACKGROUND_REVIEWS}&{query}",
                    **({"before": COMMENT_BOX} | around))


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


# A long post: the game below the fold.
TALL = {"before": COMMENT_BOX + '\n<div style="height: 2500px">...</div>', "after": '<div style="height: 1500px">...</div>'}


def test_the_game_further_down_the_host_page_does_not_scroll_or_focus_it(page, site_url, serve_dir, guard, tmp_path):
    """The reader is at the top of a long post, typing in its search box; the game below the fold
    boots (the iframe is eager; Chromium draws no frame of an off-screen cross-site iframe, so its
    table is drawn once it is scrolled into view). Neither booting nor scrolling the game into view
    may move the focus or the scroll position."""
    frame = host_with_game(page, site_url, serve_dir, guard, tmp_path, "speed=fast&seed=8&levels=easy,easy,easy", **TALL)
    page.click("#comment")
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
    frame = host_with_game(page, site_url, serve_dir, guard, tmp_path, "speed=fast&seed=8&levels=easy,easy,easy&target=1")
    frame.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "the deal did not reach the person's last card"
        chosen = person_action(frame)
        if chosen is None:
            time.sleep(0.05)
            continue
        last = chosen.get_attribute("data-card") is not None and len(frame.query_selector_all("#hand button")) == 1
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
    time.sleep(4)  # the deal summary (1.5 s at fast speed), then the match-over pause (0.7 s)
    opened = frame.query_selector("#dlg-over[open]") is not None
    page.keyboard.type("ok")
    assert (host_focus(page), page.input_value("#comment")) == ("comment", "ok"), (
        f"Match over took the focus: the host has {host_focus(page)!r} (dialog open: {opened})")
    # back in the game, the result is there to see
    frame.click("#status")
    frame.wait_for_selector("#dlg-over[open]", timeout=5000)


def test_game_scrolled_out_of_view_during_the_computers_turns_goes_on_when_back(page, site_url, serve_dir, guard, tmp_path):
    """Pacing without animation frames: Chromium draws no frame of a cross-site iframe scrolled
    out of view (as of a hidden tab: requestAnimationFrame and animations stop; headless Chromium
    cannot hide a tab, so this is the stand-in). The game must neither stall for good nor pile its
    pauses up: scrolled back, it goes on to the person's next turn at its usual pace."""
    frame = host_with_game(page, site_url, serve_dir, guard, tmp_path, "speed=normal&seed=8&levels=easy,easy,easy", **TALL)
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
