"""Keyboard and pointer input: rapid repeated input while the engine or the timeline is busy
sends one action; the focus after an error, a dialog, a new match (keyboard-only play); the
shortcuts (H, L, S, N: the footer's help in every language) whatever the keyboard layout (a
Hindi InScript layout types Devanagari letters: `event.code` names the key)."""
from __future__ import annotations

import time

from playwright.sync_api import Page

from ui_helpers import BID, LEGAL_CARD, MY_TURN, NO_BACKGROUND_REVIEWS, moves, next_frame, play_until


# Counts the requests the page sends to the engine worker, by method (the page's side of the
# postMessage, before the worker sees it).
COUNT_CALLS = """
window.__calls = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (msg, ...rest) {
  if (msg && typeof msg === "object" && typeof msg.method === "string") window.__calls.push(msg.method);
  return post.call(this, msg, ...rest);
};
"""


def plays_sent(page: Page) -> int:
    return page.evaluate("window.__calls.filter((m) => m === 'play').length")


def wait_moves_above(page: Page, n: int, timeout: float = 15) -> None:
    end = time.monotonic() + timeout
    while moves(page) <= n and time.monotonic() < end:
        time.sleep(0.02)
    assert moves(page) > n


def to_play_phase(page: Page) -> None:
    play_until(page, lambda: page.get_attribute("#app", "data-phase") == "play" and page.query_selector(MY_TURN) is not None)
    next_frame(page)


def test_double_click_on_a_bid_and_on_a_card_sends_one_play_each(page: Page, open_game):
    page.add_init_script(COUNT_CALLS)
    open_game(page, f"speed=normal&seed=5&levels=easy,easy,easy&{NO_BACKGROUND_REVIEWS}")
    page.wait_for_selector(MY_TURN, state="attached")
    next_frame(page)
    before = moves(page)
    page.dblclick(f"{BID}[data-action='take']")
    wait_moves_above(page, before)
    time.sleep(0.3)
    assert plays_sent(page) == 1
    to_play_phase(page)
    sent = plays_sent(page)
    before = moves(page)
    page.dblclick(LEGAL_CARD)
    wait_moves_above(page, before)
    time.sleep(0.5)
    assert plays_sent(page) == sent + 1
    assert page.query_selector("#alerts [role=alert]") is None


def test_double_enter_and_enter_plus_space_send_one_play(page: Page, open_game):
    page.add_init_script(COUNT_CALLS)
    open_game(page, f"speed=normal&seed=5&levels=easy,easy,easy&{NO_BACKGROUND_REVIEWS}")
    to_play_phase(page)
    for keys in (("Enter", "Enter"), ("Enter", " ")):
        page.wait_for_selector(MY_TURN, state="attached")
        page.wait_for_selector("#hand button:focus", timeout=10_000)
        sent = plays_sent(page)
        before = moves(page)
        page.keyboard.press(keys[0])
        page.keyboard.press(keys[1])
        wait_moves_above(page, before)
        time.sleep(0.5)
        assert plays_sent(page) == sent + 1, keys
        assert page.query_selector("#alerts [role=alert]") is None


# The engine refuses the next "play" once window.__refuseNext is set (the action is swapped for
# one that is never legal), so the page gets an IllegalAction error as from a real refusal.
REFUSE_NEXT = """
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (msg, ...rest) {
  if (window.__refuseNext && msg && msg.method === "play") {
    window.__refuseNext = false;
    msg = { ...msg, params: { ...msg.params, action: "ZZ" } };
  }
  return post.call(this, msg, ...rest);
};
"""


def focused(page: Page) -> str:
    return page.evaluate("""() => { const a = document.activeElement;
      return a ? (a.dataset.card || a.dataset.action || a.dataset.intent || a.id || a.tagName) : '' }""")


def test_after_a_refused_move_the_alert_is_closed_by_keyboard_and_focus_comes_back_to_the_hand(page: Page, open_game, guard):
    guard.allow_console("IllegalAction|ZZ")
    page.add_init_script(REFUSE_NEXT)
    open_game(page, f"speed=fast&seed=5&levels=easy,easy,easy&{NO_BACKGROUND_REVIEWS}")
    play_until(page, lambda: page.get_attribute("#app", "data-phase") == "play" and page.query_selector(MY_TURN) is not None)
    next_frame(page)
    page.wait_for_selector("#hand button:focus", timeout=10_000)
    page.evaluate("window.__refuseNext = true")
    before = moves(page)
    page.keyboard.press("Enter")
    page.wait_for_selector("#alerts .alert-engine", timeout=10_000)
    page.wait_for_selector(MY_TURN, state="attached")
    next_frame(page)
    assert moves(page) == before
    # the person can still play: a legal card is enabled, and the keyboard gets to the alert's Close
    assert page.query_selector("#hand button:not([disabled])") is not None
    where = focused(page)
    # Tab until the alert's Close button (at most 30 steps)
    for _ in range(30):
        if focused(page) == "dismiss-alert":
            break
        page.keyboard.press("Tab")
    assert focused(page) == "dismiss-alert", f"focus after the error: {where!r}; Close never reached"
    page.keyboard.press("Enter")
    page.wait_for_selector("#alerts .alert-engine", state="detached")
    next_frame(page)
    next_frame(page)
    assert page.evaluate("document.activeElement.closest('#hand') !== null"), f"focus after Close: {focused(page)!r}"
    page.keyboard.press("Enter")
    end = time.monotonic() + 10
    while moves(page) == before and time.monotonic() < end:
        time.sleep(0.02)
    assert moves(page) > before


def test_dialog_opened_during_a_trick_and_closed_gives_focus_back_at_the_next_turn(page: Page, open_game):
    open_game(page, f"speed=slow&seed=5&levels=easy,easy,easy&{NO_BACKGROUND_REVIEWS}")
    play_until(page, lambda: page.get_attribute("#app", "data-phase") == "play" and page.query_selector(MY_TURN) is not None)
    next_frame(page)
    page.wait_for_selector("#hand button:focus", timeout=10_000)
    before = moves(page)
    page.keyboard.press("Enter")
    end = time.monotonic() + 10
    while moves(page) == before and time.monotonic() < end:
        time.sleep(0.02)
    # while the computers play: open the score sheet with S, resize to a landscape phone, close
    page.keyboard.press("s")
    page.wait_for_selector("#dlg-sheet[open]")
    page.set_viewport_size({"width": 640, "height": 360})
    time.sleep(2.5)
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-sheet[open]", state="detached")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_selector(MY_TURN, state="attached", timeout=30_000)
    next_frame(page)
    next_frame(page)
    assert page.evaluate("document.activeElement.closest('#hand, #bids') !== null"), focused(page)


def keyboard_turn(page: Page) -> None:
    """Plays the person's turn with the keyboard alone: Enter on what has the focus (a bid: Take)."""
    page.wait_for_selector(MY_TURN, state="attached", timeout=30_000)
    next_frame(page)
    next_frame(page)
    el = page.wait_for_selector("#hand button:focus, #bids button:focus", timeout=5000)
    if el.get_attribute("data-action") == "pass":
        page.keyboard.press("ArrowRight")
    before = moves(page)
    page.keyboard.press("Enter")
    end = time.monotonic() + 10
    while moves(page) == before and time.monotonic() < end:
        time.sleep(0.02)
    assert moves(page) > before


def test_keyboard_only_play_again_after_match_over_lands_on_the_bids(page: Page, open_game):
    open_game(page, f"speed=instant&seed=5&levels=easy,easy,easy&target=1&{NO_BACKGROUND_REVIEWS}")
    end = time.monotonic() + 120
    while page.query_selector("#dlg-over[open]") is None:
        assert time.monotonic() < end
        if page.query_selector(MY_TURN) is None:
            time.sleep(0.03)
            continue
        keyboard_turn(page)
    page.wait_for_selector("#dlg-over[open]")
    for _ in range(6):
        if focused(page) == "play-again":
            break
        page.keyboard.press("Tab")
    assert focused(page) == "play-again"
    page.keyboard.press("Enter")
    page.wait_for_selector("#dlg-over[open]", state="detached")
    page.wait_for_selector(MY_TURN, state="attached", timeout=30_000)
    next_frame(page)
    next_frame(page)
    assert page.evaluate("document.activeElement.closest('#bids') !== null"), focused(page)
    keyboard_turn(page)


# The key events a Hindi (InScript) layout sends for the physical keys S and H (key = the letter
# typed, code = the key): dispatched on the focused element as the browser would.
PRESS = """([key, code]) => {
  const target = document.activeElement || document.body;
  target.dispatchEvent(new KeyboardEvent("keydown", { key, code, bubbles: true, cancelable: true }));
}"""


def test_shortcuts_work_on_a_hindi_keyboard_layout(page: Page, open_game):
    open_game(page, f"lang=hi&speed=instant&seed=5&levels=easy,easy,easy&{NO_BACKGROUND_REVIEWS}")
    page.wait_for_selector(MY_TURN, state="attached")
    next_frame(page)
    # sanity: the Latin layout's S opens the score sheet
    page.evaluate(PRESS, ["s", "KeyS"])
    page.wait_for_selector("#dlg-sheet[open]", timeout=2000)
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-sheet[open]", state="detached")
    next_frame(page)
    # InScript: the S key types "े", the N key "ल"
    page.evaluate(PRESS, ["े", "KeyS"])
    next_frame(page)
    assert page.query_selector("#dlg-sheet[open]") is not None, "S on a Hindi layout did not open the score sheet"
