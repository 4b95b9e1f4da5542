"""The table on touch phones, as a phone's browser shows it: a window shorter than the screen (the
address bar and the toolbars take the rest), 320 px wide phones, a landscape phone under its bars,
a notch. Each case was seen failing on a phone-sized touch context before its fix."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

from test_review import resume
from ui_helpers import MY_TURN, NO_BACKGROUND_REVIEWS, moves, next_frame, play_until, touch_page

EASY = f"levels=easy,easy,easy&speed=instant&seed=5&{NO_BACKGROUND_REVIEWS}"
BOXES = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length).map((e) => {
  const r = e.getBoundingClientRect();
  return {id: e.dataset.action || e.dataset.card || e.id || e.className, x: r.x, y: r.y, w: r.width, h: r.height}; })"""
PAGE_SIZE = "[document.documentElement.scrollWidth, innerWidth, document.documentElement.scrollHeight, innerHeight]"


def boot(page: Page, open_game, query: str) -> None:
    """The game at `query`, the person's turn on show."""
    open_game(page, query)
    page.wait_for_selector(MY_TURN, state="attached")
    next_frame(page)


def to_round_two(page: Page) -> None:
    """Taps Pass until the person speaks in round 2 (seed 5: everyone passes round 1)."""
    for _ in range(20):
        page.wait_for_selector(MY_TURN, state="attached")
        if page.get_attribute("#app", "data-phase") != "bid1":
            break
        before = moves(page)
        page.locator('#bids button[data-action="pass"]').tap()
        deadline = time.monotonic() + 10
        while moves(page) == before and time.monotonic() < deadline:
            time.sleep(0.02)
    assert page.get_attribute("#app", "data-phase") == "bid2"
    next_frame(page)
    # the person speaks first in round 2 (East deals): no bubble yet, not round 1's four passes
    assert page.evaluate("document.querySelectorAll('.seat .bubble:not([hidden])').length") == 0


def take_and_play(page: Page) -> None:
    page.locator('#bids button[data-action^="take"]').first.tap()
    play_until(page, lambda: page.get_attribute("#app", "data-phase") == "play"
               and page.query_selector(MY_TURN) is not None, tap=True)
    next_frame(page)


def off_screen(page: Page, selector: str, width: int, height: int) -> list[dict]:
    return [b for b in page.evaluate(BOXES, selector)
            if b["x"] < 0 or b["y"] < 0 or b["x"] + b["w"] > width + 0.5 or b["y"] + b["h"] > height + 0.5]


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("size", [(375, 548), (360, 560)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_bidding_and_the_hand_fit_a_phone_browsers_window(browser, guard, open_game, size, lang):
    """An iPhone SE in Safari shows 375x548, a 360x640 Android in Chrome about 360x560: in round 2
    the bids and the hand were 590 px down the page, the hand cut to the tops of its cards."""
    width, height = size
    context, page = touch_page(browser, guard, width, height)
    try:
        boot(page, open_game, f"lang={lang}&{EASY}")
        to_round_two(page)
        problems = [("round 2", b) for b in off_screen(page, "#bids button, #hand button", width, height)]
        size_now = page.evaluate(PAGE_SIZE)
        if size_now[2] > size_now[3]:
            problems.append(("round 2 scrolls", size_now))
        take_and_play(page)
        problems += [("play", b) for b in off_screen(page, "#hand button", width, height)]
    finally:
        context.close()
    assert not problems, problems


@pytest.mark.parametrize("size", [(640, 290), (732, 300)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_landscape_phone_under_its_bars_keeps_north_on_screen(browser, guard, open_game, size):
    """North's name and bid were above the top of the page (y -21), out of reach: the table's
    overflow went up. Nothing is above the top now, and the bids and the hand are on screen."""
    width, height = size
    context, page = touch_page(browser, guard, width, height)
    try:
        boot(page, open_game, EASY)
        to_round_two(page)
        above = [b for b in page.evaluate(BOXES, ".seat-label, .bubble:not([hidden])") if b["y"] < 0]
        cut = off_screen(page, "#bids button, #hand button", width, height)
    finally:
        context.close()
    assert not above and not cut, (above, cut)


# Each control of the title row: on screen, not under another element, and its text not cut.
REACHABLE = """() => ["#btn-stats", "#lang-select", "#rules-link"].map((sel) => {
  const e = document.querySelector(sel), r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  const fits = sel !== "#lang-select" || (() => {  // the chosen language's name, measured in the picker's font
    const c = document.createElement("canvas").getContext("2d");
    const style = getComputedStyle(e);
    c.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;  // 20: the arrow
    return c.measureText(e.selectedOptions[0].textContent).width <= room;
  })();
  return {sel, x: r.x, y: r.y, w: r.width, h: r.height, onTop: !!hit && (hit === e || e.contains(hit)), fits};
})"""


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("size", [(844, 390), (640, 360)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_landscape_phone_keeps_the_language_rules_and_statistics_on_the_table(browser, guard, open_game, size, lang):
    """On a landscape phone the title row was hidden: no language picker, Rules or Statistics on
    the table (only in New game and the score sheet), beside 230 px of empty side panel. They head
    the side panel now, the language's name not cut ("Tiếng Việ")."""
    width, height = size
    context, page = touch_page(browser, guard, width, height)
    try:
        boot(page, open_game, f"lang={lang}&{EASY}")
        bad = title_row_problems(page, width)
    finally:
        context.close()
    assert not bad, bad


def test_a_320_px_phone_shows_the_whole_language_name(browser, guard, open_game):
    """At 320 px the picker read "Tiếng Việ": the title row's room went to its other controls."""
    context, page = touch_page(browser, guard, 320, 568)
    try:
        boot(page, open_game, f"lang=vi&{EASY}")
        bad = title_row_problems(page, 320)
    finally:
        context.close()
    assert not bad, bad


def title_row_problems(page: Page, width: int) -> list[dict]:
    """The title row's controls that are off screen, below the score bar's top, covered or cut."""
    score = page.evaluate(BOXES, ".scorebar")[0]
    return [c for c in page.evaluate(REACHABLE) if not (c["w"] and c["onTop"] and c["fits"]) or c["x"] < 0 or c["y"] < 0
            or c["x"] + c["w"] > width + 0.5 or c["y"] + c["h"] > score["y"] + 0.5]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_320_px_phone_reaches_every_card_and_bid(browser, guard, open_game, lang):
    """At 320 px the hand (8 x 44 px) ran off both edges, the first card's rank unseen; French
    round-2 bids started at x -10, where no scrolling reaches; the page was 336 px wide."""
    context, page = touch_page(browser, guard, 320, 568)
    try:
        boot(page, open_game, f"lang={lang}&{EASY}")
        to_round_two(page)
        problems = [("round 2", b) for b in off_screen(page, "#bids button", 320, 10_000)]
        take_and_play(page)
        problems += [("play", b) for b in off_screen(page, "#hand button, .topbar > *", 320, 10_000)]
        size_now = page.evaluate(PAGE_SIZE)
        if size_now[0] > 320:
            problems.append(("the page is wider than the phone", size_now))
    finally:
        context.close()
    assert not problems, problems


def test_your_own_bubble_leaves_the_status_line_readable(browser, guard, open_game):
    """In Vietnamese your round-1 "Bỏ qua" bubble shrank to its longest word, wrapped onto two
    lines and lay over the line that says what to do in round 2."""
    context, page = touch_page(browser, guard, 360, 640)
    try:
        boot(page, open_game, f"lang=vi&{EASY}")
        to_round_two(page)
        covered = page.evaluate("""() => {
          const bubble = document.querySelector('.seat-0 .bubble').getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(document.getElementById('status'));
          return [...range.getClientRects()].filter((r) => r.bottom > bubble.top + 1 && r.top < bubble.bottom - 1
            && r.right > bubble.left && r.left < bubble.right).length; }""")
    finally:
        context.close()
    assert covered == 0


@pytest.mark.parametrize("lang", ["hi", "lt"])
def test_pass_is_as_wide_a_target_as_the_rest(browser, guard, open_game, lang):
    """Pass ("पास": 32 px wide) sat 4 px from "Take …": a tap just off it took."""
    context, page = touch_page(browser, guard, 360, 640)
    try:
        boot(page, open_game, f"lang={lang}&{EASY}")
        bids = page.evaluate(BOXES, "#bids button")
    finally:
        context.close()
    assert bids and all(b["w"] >= 44 and b["h"] >= 44 for b in bids), bids


def test_nothing_lies_under_a_notch(browser, guard, open_game):
    """viewport-fit=cover lets the page draw under a notch and rounded corners; only the bottom
    inset was kept clear. In landscape (47 px insets) West's label and the toolbar lay under them."""
    problems = []
    for width, height, insets in [(390, 844, {"top": 47, "bottom": 34, "left": 0, "right": 0}),
                                  (844, 390, {"top": 0, "bottom": 21, "left": 47, "right": 47})]:
        context, page = touch_page(browser, guard, width, height)
        try:
            context.new_cdp_session(page).send("Emulation.setSafeAreaInsetsOverride", {"insets": insets})
            boot(page, open_game, EASY)
            for b in page.evaluate(BOXES, ".topbar > *, .scorebar, .seat-label, #bids button, #hand button, .toolbar button"):
                if b["w"] and (b["x"] < insets["left"] or b["x"] + b["w"] > width - insets["right"]
                               or b["y"] < insets["top"] or b["y"] + b["h"] > height - insets["bottom"]):
                    problems.append((width, height, b))
        finally:
            context.close()
    assert not problems, problems


def test_the_score_sheets_review_links_are_finger_sized(browser, guard, open_game, match):
    """The deal numbers that open a deal's review were 20x15 px targets: a tap within 14 px of the
    number's middle, across and down, now opens it."""
    context, page = touch_page(browser, guard, 360, 640)
    try:
        resume(page, open_game, match["done"], "speed=instant&nosw=1")
        page.locator("#btn-sheet").tap()
        page.wait_for_selector("#dlg-sheet[open] .review-open")
        misses = page.evaluate("""() => [...document.querySelectorAll('#dlg-sheet .review-open')].flatMap((link) => {
          const r = link.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
          return [[-14, 0], [14, 0], [0, -14], [0, 14]].filter(([dx, dy]) =>
            document.elementFromPoint(x + dx, y + dy)?.closest('.review-open') !== link).map((d) => [link.textContent, d]); })""")
    finally:
        context.close()
    assert not misses, misses



@pytest.mark.parametrize("size", [(768, 1024), (834, 1194)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_tablet_held_upright_spreads_the_table_over_its_height(browser, guard, open_game, size):
    """On a tablet held upright the table stopped at its laptop height and left a band of empty
    felt between the scores and North (225 px at 768x1024). The players now sit at the edges,
    the trick stays its size in the middle, and nothing scrolls."""
    width, height = size
    context, page = touch_page(browser, guard, width, height)
    try:
        boot(page, open_game, EASY)
        got = page.evaluate("""() => {
          const box = (s) => document.querySelector(s).getBoundingClientRect();
          const score = box('.scorebar'), north = box('.seat-2'), mat = box('.center'), you = box('.seat-0');
          return {band: north.top - score.bottom, above: mat.top - north.bottom, below: you.top - mat.bottom,
                  mat: mat.height, trick: parseFloat(getComputedStyle(document.querySelector('.center')).minHeight)};
        }""")
        size_now = page.evaluate(PAGE_SIZE)
        off = off_screen(page, "#bids button, #hand button", width, height)
    finally:
        context.close()
    assert got["band"] < 24, got
    # the mat is centred between North and You, no taller than the trick needs and a margin
    assert abs(got["above"] - got["below"]) < 24 and got["mat"] <= got["trick"] + 130, got
    assert size_now[2] <= size_now[3] and size_now[0] <= size_now[1] and not off, (size_now, off)


def test_a_touch_screens_turn_draws_no_ring_that_looks_like_advice(browser, guard, open_game):
    """The page gives the first bid the focus at each turn, for a keyboard; on a touch screen
    Chromium drew the keyboard's ring around Pass before the first tap, where it read as the
    suggested bid. A key pressed brings the rings back."""
    context, page = touch_page(browser, guard, 360, 640)
    ring = "() => { const a = document.activeElement; return [a.dataset.action || '', getComputedStyle(a).outlineStyle]; }"
    try:
        boot(page, open_game, EASY)
        page.wait_for_selector("#bids button:focus", state="attached")
        on_touch = page.evaluate(ring)
        page.keyboard.press("ArrowRight")
        with_keys = page.evaluate(ring)
    finally:
        context.close()
    assert on_touch[1] == "none", on_touch
    assert with_keys[0] and with_keys[1] != "none", with_keys


def test_the_new_game_fields_are_16_px_on_a_touch_screen(browser, guard, open_game):
    """iOS Safari zooms the page into a field under 16 px when it is tapped, and the page stays
    zoomed: the custom target's field was 14.4 px, the level pickers 12.8 px (Lithuanian's
    "Sudėtingas" did not fit three abreast at 16 px: Hard is "Sunkus" now, the usual word)."""
    context, page = touch_page(browser, guard, 360, 640)
    try:
        boot(page, open_game, EASY)
        page.locator("#btn-new").tap()
        pickers = page.eval_on_selector_all("#dlg-new select", "(s) => s.map((e) => parseFloat(getComputedStyle(e).fontSize))")
        page.locator("#dlg-new input[value=custom]").tap()
        field = page.locator("#dlg-new input[name=customTarget]")
        field.wait_for(state="visible")
        size = field.evaluate("(f) => parseFloat(getComputedStyle(f).fontSize)")
    finally:
        context.close()
    assert size >= 16, size
    assert len(pickers) == 4 and min(pickers) >= 16, pickers  # the three levels and the language
