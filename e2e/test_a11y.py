"""Accessibility of the table (issue 5, item 5): axe-core finds no violation on the table, the
dialogs and the rules page; a whole deal is played with the keyboard alone; an aria-live region
announces bids, cards, tricks and scores; focus is visible; reduced motion is respected."""
from __future__ import annotations

import time

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from conftest import BOOT_TIMEOUT_MS, READY
from ui_helpers import MY_TURN, NO_BACKGROUND_REVIEWS, RECORD_ANNOUNCED, act_once, deals_done, moves, next_frame, play_until

EASY = f"levels=easy,easy,easy&{NO_BACKGROUND_REVIEWS}"


@pytest.fixture
def axe_page(browser, guard, site_url):
    """A page whose CSP lets axe-core's injected script run (the game's own CSP stays strict
    in every other test)."""
    context = browser.new_context(bypass_csp=True, viewport={"width": 1024, "height": 768})
    guard.attach(context)
    page = context.new_page()
    yield page
    context.close()
    guard.check()


def no_violations(page: Page, context=None) -> None:
    results = Axe().run(page, context=context) if context else Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def open_table(page: Page, site_url: str, query: str) -> None:
    page.goto(f"{site_url}?{query}")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(MY_TURN, state="attached")
    next_frame(page)


def test_axe_table_while_bidding_and_playing(axe_page: Page, site_url: str):
    open_table(axe_page, site_url, f"{EASY}&speed=instant&seed=31")
    no_violations(axe_page)
    play_until(axe_page, lambda: axe_page.get_attribute("#app", "data-phase") == "play"
               and axe_page.query_selector(MY_TURN) is not None)
    next_frame(axe_page)
    no_violations(axe_page)


@pytest.mark.parametrize("button,dialog", [
    ("#btn-new", "#dlg-new"), ("#btn-sheet", "#dlg-sheet"), ("#btn-last", "#dlg-last"),
])
def test_axe_dialogs(axe_page: Page, site_url: str, button: str, dialog: str):
    open_table(axe_page, site_url, f"{EASY}&speed=instant&seed=32&target=2000")
    # Finish a deal first, so the sheet and the last trick have something to show.
    start = deals_done(axe_page)
    play_until(axe_page, lambda: deals_done(axe_page) > start)
    axe_page.wait_for_selector(MY_TURN, state="attached")
    axe_page.click(button)
    axe_page.wait_for_selector(f"{dialog}[open]")
    no_violations(axe_page)


def test_axe_confirm_and_match_over_dialogs(axe_page: Page, site_url: str):
    open_table(axe_page, site_url, f"{EASY}&speed=instant&seed=33&target=1")
    axe_page.click("#btn-new")
    axe_page.click("#dlg-new button[type=submit]")  # nothing played yet: no question asked
    axe_page.wait_for_selector("dialog[open]", state="detached")
    play_until(axe_page, lambda: moves(axe_page) >= 1)
    axe_page.click("#btn-new")
    axe_page.click("#dlg-new button[type=submit]")
    axe_page.wait_for_selector("#dlg-confirm[open]")
    no_violations(axe_page)
    axe_page.click("#dlg-confirm [data-intent='confirm-new-game']")
    axe_page.wait_for_selector("dialog[open]", state="detached")
    play_until(axe_page, lambda: axe_page.query_selector("#dlg-over[open]") is not None)
    axe_page.wait_for_selector("#dlg-over[open]")
    no_violations(axe_page)


def test_axe_boot_failure_alert(axe_page: Page, site_url: str, guard):
    guard.allow_console(r".")
    axe_page.route("**/*.whl", lambda route: route.abort())
    axe_page.goto(f"{site_url}?nosw=1")
    alert = axe_page.wait_for_selector("[role=alert]", timeout=BOOT_TIMEOUT_MS)
    assert alert.query_selector("button") is not None
    guard.errors.clear()
    no_violations(axe_page)


def test_axe_rules_page(axe_page: Page, site_url: str):
    axe_page.goto(f"{site_url}rules/en.html")
    no_violations(axe_page)


def test_keyboard_only_plays_a_deal(page: Page, open_game):
    """No mouse: focus moves to what there is to do; arrows move through the hand; Enter plays;
    L and S open the last trick and the score sheet, Escape closes them."""
    open_game(page, f"{EASY}&speed=fast&seed=34")
    start = deals_done(page)
    saw_arrow_move = False
    opened = set()
    deadline = time.monotonic() + 240
    while deals_done(page) == start and time.monotonic() < deadline:
        if page.query_selector(MY_TURN) is None or page.query_selector("#deal-summary:not([hidden])"):
            time.sleep(0.05)
            continue
        focused = page.wait_for_selector("#hand button:focus, #bids button:focus", timeout=5000)
        before = moves(page)
        if focused.get_attribute("data-action") is not None:
            # Bidding: End and Home reach the last and first bids (the bids row had only arrows), then
            # move to "take" (or the first suit in round 2) with the arrows, and Enter.
            actions = [b.get_attribute("data-action") for b in page.query_selector_all("#bids button:not([disabled])")]
            page.keyboard.press("End")
            assert page.query_selector("#bids button:focus").get_attribute("data-action") == actions[-1]
            page.keyboard.press("Home")
            assert page.query_selector("#bids button:focus").get_attribute("data-action") == actions[0]
            page.keyboard.press("ArrowRight")
            assert page.query_selector("#bids button:focus").get_attribute("data-action") != "pass"
        else:
            legal = page.query_selector_all("#hand button:not([disabled])")
            if len(legal) > 1:
                first = focused.get_attribute("data-card")
                page.keyboard.press("ArrowRight")
                moved = page.query_selector("#hand button:focus").get_attribute("data-card")
                assert moved != first
                saw_arrow_move = True
            if "last" not in opened and page.query_selector("#btn-last:not([disabled])"):
                page.keyboard.press("Escape")  # not in a dialog: harmless
                page.query_selector("#hand button:focus").press("l")
                page.wait_for_selector("#dlg-last[open]")
                page.keyboard.press("Escape")
                page.wait_for_selector("#dlg-last[open]", state="detached")
                opened.add("last")
                page.wait_for_selector("#hand button:focus")
        page.keyboard.press("Enter")
        end = time.monotonic() + 10
        while moves(page) == before and time.monotonic() < end:
            time.sleep(0.02)
        assert moves(page) > before, "Enter did not play"
        next_frame(page)
    assert deals_done(page) > start
    assert saw_arrow_move and "last" in opened
    page.keyboard.press("s")
    page.wait_for_selector("#dlg-sheet[open]")
    assert len(page.query_selector_all("#sheet-body tbody tr")) >= 1
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-sheet[open]", state="detached")


def test_live_region_announces_the_game(page: Page, open_game):
    # The log keeps its last 8 lines, and at instant speed more than 8 can arrive between two
    # polls, so an observer installed before the page boots records every line as it comes.
    page.add_init_script(RECORD_ANNOUNCED)
    open_game(page, f"{EASY}&speed=instant&seed=35")
    live = page.query_selector("#live")
    assert live.get_attribute("aria-live") == "polite"
    act_once(page, prefer="pass")  # so that the other seats speak after the person
    # Until a deal has been played and scored (a deal nobody takes is thrown in, unplayed).
    play_until(page, lambda: any(t.startswith("Deal over") for t in page.evaluate("window.__announced")))
    texts: list[str] = page.evaluate("window.__announced")
    joined = " | ".join(texts)
    for fragment in ("plays the", "wins the trick", "Deal over"):
        assert fragment in joined, f"no announcement with {fragment!r}: {joined[:600]}"
    # The person passed first, so each bid after that is announced with the seat's name.
    assert "You pass." in texts, joined[:600]
    assert any(t.endswith(" passes.") or " takes. Trump is " in t for t in texts), joined[:600]


def test_focus_is_visible_and_targets_are_big(page: Page, open_game):
    open_game(page, f"{EASY}&speed=instant&seed=36")
    page.wait_for_selector(MY_TURN, state="attached")
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    focused = page.wait_for_selector(":focus-visible")
    style = focused.evaluate("el => getComputedStyle(el).outlineStyle + ' ' + getComputedStyle(el).outlineWidth")
    assert not style.startswith("none") and not style.endswith(" 0px"), style
    for el in page.query_selector_all("button:visible"):
        box = el.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (el.text_content(), box)


def test_reduced_motion_stops_animations(browser, guard, site_url):
    context = browser.new_context(reduced_motion="reduce")
    guard.attach(context)
    page = context.new_page()
    try:
        page.goto(f"{site_url}?{EASY}&speed=normal&seed=37")
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector(MY_TURN, state="attached")
        play_until(page, lambda: len(page.query_selector_all("#trick [data-card]")) >= 1)
        assert page.evaluate("document.getAnimations().length") == 0
        card = page.query_selector("#hand button")
        assert card.evaluate("el => getComputedStyle(el).transitionDuration") in ("0s", "0s, 0s")
    finally:
        context.close()
    guard.check()
