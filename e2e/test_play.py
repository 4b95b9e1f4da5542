"""The table in a real Chromium: a person plays by clicking/tapping, against the engine in the
worker. Hooks used: #app[data-ready], button[data-card] (disabled unless legal),
button[data-action], [data-score-team], #app[data-my-turn|data-deals-done|data-moves], the save
the engine worker keeps in IndexedDB (compared with the CPython engine replaying the same actions)."""
from __future__ import annotations

import json
import time

from playwright.sync_api import Page, expect

from belote import Game
from conftest import READY, BOOT_TIMEOUT_MS
from ui_helpers import (FINITE_ANIMATIONS_ENDED, LEGACY_SAVE_KEY, MY_TURN, NO_BACKGROUND_REVIEWS, WATCH_SUMMARIES, act_once, clear_store, deals_done,
                        load_save, moves, next_frame, play_deal, play_until, reach_storage, saved, summaries, touch_page,
                        wait_until)

EASY = f"levels=easy,easy,easy&{NO_BACKGROUND_REVIEWS}"


def engine_view(page: Page) -> dict:
    """The person's view of the saved match, rebuilt by the engine under CPython."""
    return Game.from_dict(saved(page)["game"]).view(0)


def table_state(page: Page) -> dict:
    """What the table shows (hand, legal cards, trick, scores) and the stored actions."""
    return {
        "hand": [b.get_attribute("data-card") for b in page.query_selector_all("#hand button")],
        "legal": [b.get_attribute("data-card") for b in page.query_selector_all("#hand button:not([disabled])")],
        "trick": sorted(c.get_attribute("data-card") for c in page.query_selector_all("#trick [data-card]")),
        "scores": shown_scores(page),
        "actions": saved(page)["game"]["actions"],
    }


def shown_scores(page: Page) -> list[int]:
    return [int(page.text_content(f'[data-score-team="{team}"]').strip()) for team in (0, 1)]


def test_play_a_whole_deal_by_clicking(page: Page, open_game):
    open_game(page, f"{EASY}&speed=fast&seed=11")
    page.wait_for_selector(MY_TURN, state="attached")
    # Bidding: exactly the legal bids are offered; cards are not playable yet.
    view = engine_view(page)
    offered = [b.get_attribute("data-action") for b in page.query_selector_all("#bids button")]
    assert offered == view["legal_actions"]
    assert page.query_selector_all("#hand button:not([disabled])") == []
    assert [b.get_attribute("data-card") for b in page.query_selector_all("#hand button")] == view["hand"]
    play_deal(page)
    assert deals_done(page) == 1
    assert shown_scores(page) == engine_view(page)["scores"]


def test_only_legal_cards_are_enabled_and_a_disabled_card_cannot_be_played(page: Page, open_game):
    open_game(page, f"{EASY}&speed=instant&seed=5")

    def found_disabled() -> bool:
        if page.query_selector(MY_TURN) is None or page.get_attribute("#app", "data-phase") != "play":
            return False
        return page.query_selector("#hand button[disabled]") is not None

    play_until(page, found_disabled)
    view = engine_view(page)
    enabled = [b.get_attribute("data-card") for b in page.query_selector_all("#hand button:not([disabled])")]
    assert enabled == [c for c in view["hand"] if c in view["legal_actions"]]
    assert sorted(enabled) == sorted(view["legal_actions"])
    illegal = page.query_selector("#hand button[disabled]")
    code = illegal.get_attribute("data-card")
    assert code not in view["legal_actions"]
    actions = len(saved(page)["game"]["actions"])
    illegal.click(force=True)
    page.keyboard.press("Enter")  # a disabled button never holds focus, Enter plays nothing
    # The engine answers requests in order: a legal card played now shows whatever went before it.
    # Exactly one action more, and it is that card: the disabled one was never sent.
    legal_code = enabled[0]
    shown = moves(page)
    page.click(f'#hand button[data-card="{legal_code}"]')
    wait_until(lambda: moves(page) != shown, what="the legal card to be shown")
    assert saved(page)["game"]["actions"][actions:actions + 1] == [legal_code]
    assert code not in saved(page)["game"]["actions"][actions:]
    assert page.query_selector(f'#hand button[data-card="{code}"]') is not None
    assert page.query_selector("[role=alert]") is None


def test_a_whole_match_to_500(page: Page, open_game):
    open_game(page, f"{EASY}&speed=instant&target=500&seed=21")
    deadline = time.monotonic() + 600
    play_until(page, lambda: page.query_selector("#dlg-over[open]") is not None or time.monotonic() > deadline,
               limit=100000)
    page.wait_for_selector("#dlg-over[open]", timeout=10_000)
    view = engine_view(page)
    assert view["phase"] == "over" and view["winner"] in (0, 1)
    assert max(view["scores"]) >= 500
    assert shown_scores(page) == view["scores"]
    # The score sheet lists every deal.
    page.click("#dlg-over [data-intent='score-sheet']")
    page.wait_for_selector("#dlg-sheet[open]")
    assert len(page.query_selector_all("#sheet-body tbody tr")) == len(view["sheet"])
    # Each deal's running total says what it is: a bare "Σ" from the style sheet before. It shows
    # "Σ 182" (a phone's column has no room for a word), the footer's "Σ Total" says what Σ is,
    # and a screen reader hears "total 182".
    running = page.query_selector_all("#sheet-body tbody .running")
    scores = [row["scores"][team] for row in view["sheet"] for team in (0, 1)]
    assert [el.text_content() for el in running] == [f"Σ {n}total {n}" for n in scores]
    assert [el.query_selector(".sr-only").text_content() for el in running] == [f"total {n}" for n in scores]
    assert page.text_content("#sheet-body tfoot th") == "Σ Total"
    # Closed, the sheet left only "The match is over.": the way on stays on the table, focused.
    page.keyboard.press("Escape")
    again = "#over-actions [data-intent='play-again']"
    page.wait_for_function(f"() => document.activeElement === document.querySelector(\"{again}\")", timeout=5_000)
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('app').dataset.phase === 'bid1'", timeout=30_000)
    assert page.is_hidden("#over-actions") and engine_view(page)["scores"] == [0, 0]


def test_scores_and_table_match_the_engine(page: Page, open_game):
    open_game(page, f"{EASY}&speed=instant&seed=8&target=2000")
    for _ in range(2):
        play_deal(page)
    page.wait_for_selector(MY_TURN, state="attached")  # every computer move made so far is shown
    next_frame(page)
    view = engine_view(page)
    assert shown_scores(page) == view["scores"] and sum(view["scores"]) > 0
    assert page.get_attribute("#app", "data-deals-done") == str(len(view["sheet"]))
    hand = [b.get_attribute("data-card") for b in page.query_selector_all("#hand button")]
    assert hand == view["hand"]


def test_phone_viewport_plays_a_deal_by_tapping(browser, guard, open_game):
    context, page = touch_page(browser, guard, 360, 640)
    try:
        open_game(page, f"{EASY}&speed=fast&seed=12")
        # Everything fits the width; every control is a 44 px target.
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        play_until(page, lambda: page.get_attribute("#app", "data-phase") == "play"
                   and page.query_selector(MY_TURN) is not None, tap=True)
        boxes = [b.bounding_box() for b in page.query_selector_all("#hand button, .toolbar button")]
        assert all(box["width"] >= 44 and box["height"] >= 44 for box in boxes), boxes
        assert all(box["x"] >= 0 and box["x"] + box["width"] <= 360 for box in boxes), boxes
        play_deal(page, tap=True)
        assert shown_scores(page) == engine_view(page)["scores"]
    finally:
        context.close()
    guard.check()


def test_resume_mid_trick_after_reload(page: Page, open_game):
    open_game(page, f"{EASY}&speed=instant&seed=14")

    def mid_trick() -> bool:
        if page.query_selector(MY_TURN) is None or page.get_attribute("#app", "data-phase") != "play":
            return False
        return len(page.query_selector_all("#trick [data-card]")) in (1, 2, 3)

    play_until(page, mid_trick)
    before = table_state(page)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(MY_TURN, state="attached")
    after = table_state(page)
    assert after == before
    # ...and the game goes on from there.
    act_once(page)


def test_resume_mid_bidding_and_settings(page: Page, open_game):
    open_game(page, f"{EASY}&speed=instant&seed=15&target=700")
    page.wait_for_selector(MY_TURN, state="attached")
    page.select_option("#lang-select", "fr")
    page.wait_for_selector("html[lang='fr']", state="attached")
    bids = [b.get_attribute("data-action") for b in page.query_selector_all("#bids button")]
    page.goto(page.url.split("?")[0])  # no URL parameters: everything comes from the save
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(MY_TURN, state="attached")
    page.wait_for_selector("html[lang='fr']", state="attached")
    assert [b.get_attribute("data-action") for b in page.query_selector_all("#bids button")] == bids
    assert engine_view(page)["target"] == 700


def test_tampered_save_is_refused_with_a_message_and_a_new_game(page: Page, open_game, guard):
    open_game(page, f"{EASY}&speed=instant&seed=16")
    play_until(page, lambda: len(saved(page)["game"]["actions"]) >= 6)
    page.wait_for_selector(MY_TURN, state="attached")  # the worker is idle: no write can follow
    save = saved(page)
    save["game"]["actions"][5] = "AS" if save["game"]["actions"][5] != "AS" else "7C"
    save["game"]["actions"].insert(0, "take:Z")
    load_save(page, save)
    page.reload()
    alert = page.wait_for_selector("[role=alert]", timeout=BOOT_TIMEOUT_MS)
    assert "could not be restored" in alert.text_content()
    english = page.text_content("[role=alert] p")
    assert page.get_attribute("#app", "data-ready") == "1"  # the boot is over: what it shows is the alert
    assert saved(page) == save  # nothing is thrown away until the person chooses
    # The alert follows a language switch, its reason (the engine's, in English) kept.
    page.select_option("#lang-select", "fr")
    page.wait_for_selector("html[lang='fr']", state="attached")
    # <html lang> changes as the catalogue loads; the alert is drawn again in the next frame
    page.wait_for_selector("[role=alert] p:has-text('Votre partie')", state="attached")
    french = page.text_content("[role=alert] p")
    assert french.startswith("Votre partie enregistrée n’a pas pu être restaurée (") and french != english
    assert english[english.index("("):] in french
    page.click("[role=alert] button")
    page.wait_for_selector(MY_TURN, state="attached")
    page.wait_for_selector("[role=alert]", state="detached")
    fresh = saved(page)["game"]
    assert fresh["seed"] == 16 and fresh["actions"] == []  # the new match (seat 0 speaks first)


def test_a_match_saved_by_the_previous_build_is_resumed_and_moved_into_the_worker(page: Page, open_game):
    """Builds before this one kept the match in localStorage: it is resumed, stored, then forgotten there."""
    open_game(page, f"{EASY}&speed=instant&seed=19")
    play_until(page, lambda: moves(page) >= 5)
    game = saved(page)["game"]
    old = {"save": {"game": game, "levels": ["easy", "easy", "easy"]}, "savedAt": "2026-11-30T10:00:00Z"}
    clear_store(page)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [LEGACY_SAVE_KEY, json.dumps(old)])
    page.goto(page.url.split("?")[0])
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    next_frame(page)  # the resumed match is drawn on the frame after it is ready
    assert moves(page) >= len(game["actions"])
    assert saved(page)["game"]["actions"][: len(game["actions"])] == game["actions"]
    assert page.evaluate("(key) => localStorage.getItem(key)", LEGACY_SAVE_KEY) is None


def test_unreadable_save_is_refused_too(page: Page, open_game):
    open_game(page, f"{EASY}&speed=instant&seed=17")
    clear_store(page)
    page.evaluate("(key) => localStorage.setItem(key, '{not json')", LEGACY_SAVE_KEY)
    page.reload()
    alert = page.wait_for_selector("[role=alert]", timeout=BOOT_TIMEOUT_MS)
    assert "could not be restored" in alert.text_content()
    assert alert.query_selector("button") is not None


def test_new_game_asks_before_abandoning_a_match(page: Page, open_game):
    open_game(page, f"{EASY}&speed=instant&seed=18")
    act_once(page)
    actions = len(saved(page)["game"]["actions"])
    page.click("#btn-new")
    page.wait_for_selector("#dlg-new[open]")
    page.check("#dlg-new input[name=target][value='500']")
    page.click("#dlg-new button[type=submit]")
    page.wait_for_selector("#dlg-confirm[open]")
    page.click("#dlg-confirm [data-intent='close-dialog']")  # cancel: the match is kept
    page.wait_for_selector("dialog[open]", state="detached")
    assert len(saved(page)["game"]["actions"]) >= actions
    page.click("#btn-new")
    page.wait_for_selector("#dlg-new[open]")
    # Cancelling changed nothing: the form shows the match's settings again.
    assert page.is_checked("#dlg-new input[name=target][value='1000']")
    page.check("#dlg-new input[name=target][value='500']")
    page.click("#dlg-new button[type=submit]")
    page.click("#dlg-confirm [data-intent='confirm-new-game']")
    page.wait_for_selector("dialog[open]", state="detached")
    # (wait_for_function breaks under the CSP: poll instead)
    wait_until(lambda: engine_view(page)["target"] == 500, timeout=10, what="the engine's target 500")


import pytest  # noqa: E402


@pytest.mark.parametrize("query,sizes", [
    ("", [(360, 640), (1366, 650), (800, 600), (1920, 1080), (640, 360)]),  # + a landscape phone
    ("lang=vi&", [(412, 780), (768, 700)]), ("lang=hi&", [(1280, 800), (844, 390)]),
    ("lang=lt&", [(800, 600)]), ("lang=fr&", [(1024, 600)]), ("embed=1&", [(360, 480)]),
], ids=["en", "vi", "hi", "lt", "fr", "embed"])
def test_the_table_fits_the_screen_while_bidding_and_playing(browser, guard, site_url, query, sizes):
    """Nothing to scroll to: the hand, the bids and the toolbar are on screen in every phase.
    One page per language, resized through its sizes (a phone turned, a window dragged)."""
    context = browser.new_context(viewport={"width": sizes[0][0], "height": sizes[0][1]})
    guard.attach(context)
    page = context.new_page()
    try:
        page.goto(f"{site_url}?{query}{EASY}&speed=instant&seed=5")
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector(MY_TURN, state="attached")
        for width, height in sizes:
            assert_fits(page, width, height, "bidding")
        play_until(page, lambda: page.get_attribute("#app", "data-phase") == "play"
                   and page.query_selector(MY_TURN) is not None)
        for width, height in sizes:
            assert_fits(page, width, height, "playing")
    finally:
        context.close()
    guard.check()


# The hand's cards slide to their new places after a resize (for a moment past the edge): the
# layout is what is left once the finite animations end.
FITS_AFTER_ANIMATIONS = """async () => {
  """ + FINITE_ANIMATIONS_ENDED + """
  const root = document.documentElement;
  return [root.scrollWidth <= innerWidth, root.scrollHeight <= innerHeight];
}"""


def assert_fits(page: Page, width: int, height: int, phase: str) -> None:
    """At width x height: no scrolling, the toolbar clear of the language picker, and every hand,
    bid and toolbar button within the screen's height."""
    page.set_viewport_size({"width": width, "height": height})
    next_frame(page)
    where = f"{width}x{height} {phase}"
    assert page.evaluate(FITS_AFTER_ANIMATIONS) == [True, True], where
    toolbar, picker = page.query_selector(".toolbar").bounding_box(), page.query_selector(".lang-pick").bounding_box()
    if picker and picker["width"]:  # the toolbar never runs under the language picker
        assert toolbar["x"] + toolbar["width"] <= picker["x"] or toolbar["y"] >= picker["y"] + picker["height"], where
    for el in page.query_selector_all("#hand button, #bids button, .toolbar button"):
        box = el.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= height + 1, (where, el.get_attribute("data-card"), box)


def test_hint_marks_a_legal_action_and_says_why(page: Page, open_game):
    open_game(page, f"{EASY}&speed=instant&seed=19")
    for phase in ("bid", "play"):
        if phase == "play":
            play_until(page, lambda: page.get_attribute("#app", "data-phase") == "play"
                       and page.query_selector(MY_TURN) is not None)
        else:
            page.wait_for_selector(MY_TURN, state="attached")
        page.click("#btn-hint")
        hinted = page.wait_for_selector("[data-hint='1']")
        action = hinted.get_attribute("data-card") or hinted.get_attribute("data-action")
        assert action in engine_view(page)["legal_actions"]
        assert not hinted.is_disabled()
        status = page.text_content("#status")
        assert status.startswith("Hint: ") and len(status) > len("Hint: ") + 3, status
        assert "hint." not in status  # a translated reason, never a raw key


def test_new_game_dialog_custom_target_and_levels(page: Page, open_game):
    open_game(page, f"{EASY}&speed=instant&seed=20")
    page.click("#btn-new")
    page.wait_for_selector("#dlg-new[open]")
    page.select_option("#dlg-new select[name=level2]", "hard")
    page.check("#dlg-new input[name=target][value='custom']")
    page.fill("#dlg-new input[name=customTarget]", "")
    page.click("#dlg-new button[type=submit]")  # custom chosen, no number: refused, said why
    assert page.get_attribute("#dlg-new input[name=customTarget]", "aria-invalid") == "true"
    page.fill("#dlg-new input[name=customTarget]", "0")
    page.click("#dlg-new button[type=submit]")  # below the minimum: the browser refuses it
    assert page.query_selector("#dlg-new input[name=customTarget]:invalid") is not None
    assert page.query_selector("#dlg-new[open]") is not None  # the dialog stays
    page.fill("#dlg-new input[name=customTarget]", "750")
    page.click("#dlg-new button[type=submit]")
    page.wait_for_selector("dialog[open]", state="detached")
    wait_until(lambda: engine_view(page)["target"] == 750, timeout=10, what="the engine's target 750")
    assert saved(page)["levels"] == ["easy", "hard", "easy"]
    # The save is written before the next animation frame redraws the seats: wait for the redraw.
    expect(page.locator(".seat-2 .seat-level")).to_have_text("Hard", timeout=5000)


def test_the_table_stays_put_as_the_persons_bidding_turn_comes_and_goes(page: Page, open_game):
    """The row of bids appeared at the person's turn and went after it: the table above it, the
    turned card with it, jumped 52 px each time (under the finger on a phone). The row stays
    through the bidding, empty between turns, with nothing in it to press."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, f"{EASY}&speed=normal&seed=12")
    page.wait_for_selector(f"{MY_TURN}[data-phase='bid1']", state="attached", timeout=30_000)
    turned_top = "() => document.querySelector('#turned').getBoundingClientRect().top"
    mine = page.evaluate(turned_top)
    page.click('#bids button[data-action="pass"]')
    page.wait_for_function("() => !document.querySelector('#bids button')")  # the computers bid next
    assert page.get_attribute("#app", "data-phase") in ("bid1", "bid2")
    assert page.evaluate(turned_top) == mine
    assert page.get_attribute("#bids", "aria-hidden") == "true"  # an empty value is not hidden to ARIA


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844), (360, 560)])
def test_the_table_stays_put_when_the_bidding_ends(page: Page, open_game, width, height):
    """When the bidding ended the row of bids went, and the table, which sits on the hand, went
    52 px lower (at 1280x800 and 390x844, where it is at its tallest), and back up at the next
    deal's bidding. Through the play the row is now an empty spacer; where room is short (360x560)
    the table takes that room first, as before."""
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, f"{EASY}&speed=fast&seed=5")
    page.wait_for_selector(f"{MY_TURN}[data-phase='bid1']", state="attached", timeout=30_000)
    box = "() => { const r = document.querySelector('#table').getBoundingClientRect(); return [r.top, r.height]; }"
    bidding = page.evaluate(box)
    page.click('#bids button[data-action="take"]')
    page.wait_for_selector(f"{MY_TURN}[data-phase='play']", state="attached", timeout=30_000)
    playing = page.evaluate(box)
    spacer = page.evaluate("() => document.querySelector('#bids').getBoundingClientRect().height")
    if width >= 390:
        assert abs(playing[0] - bidding[0]) < 1 and abs(playing[1] - bidding[1]) < 1, (bidding, playing)
    else:  # the table grew into the row's room, and the spacer kept next to none of it
        assert playing[1] > bidding[1] + 40 and spacer < 1, (bidding, playing, spacer)


def at_the_last_card(page: Page, open_game) -> None:
    """The game at normal speed, its first played deal waiting for the person's last card (seed 12)."""
    from test_stats_store import before_last_card

    reach_storage(page, open_game.site_url)
    load_save(page, before_last_card(seed=12, target=1000))
    open_game(page, "speed=normal")
    page.wait_for_selector(MY_TURN, state="attached")


# Frames come `window.__frameDelay` ms late (0: on time), as on a busy device.
LATE_FRAMES = """(() => {
  const raf = window.requestAnimationFrame.bind(window);
  window.__frameDelay = 0;
  window.requestAnimationFrame = (fn) => (window.__frameDelay ? setTimeout(() => raf(fn), window.__frameDelay) : raf(fn));
})();"""


def test_the_deal_summary_holds_the_table_until_it_goes(page: Page, open_game):
    """The deal summary showed for 3.5 s at normal speed: too short to read it, or to reach its
    Review on a phone. Under it, the next deal was already on the table: its hand, its bid buttons
    (disabled, though they looked pressable), "North is thinking…" and "Deal 3" in the score bar
    while the box summed up deal 2. Now it stays 5 s, and the next deal waits behind it, counted
    from the frame that draws it: drawn 0.4 s late on a busy host, it showed 4.6 s."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.add_init_script(LATE_FRAMES)
    at_the_last_card(page, open_game)
    page.evaluate(WATCH_SUMMARIES)
    page.evaluate("window.__frameDelay = 600")  # the frames until the summary's come late
    page.click("#hand button:not([disabled])")  # the last card of the deal
    page.wait_for_selector("#deal-summary:not([hidden])", timeout=15_000)
    page.evaluate("window.__frameDelay = 0")
    title = page.text_content("#deal-summary h2")
    deal = int(page.get_attribute("#deal-summary [data-intent='review']", "data-deal")) + 1
    assert title.startswith(f"Deal {deal}:")

    def table() -> dict:
        return page.evaluate("""() => ({
          summary: document.querySelector('#app').dataset.summary,
          status: document.querySelector('#status').textContent,
          scorebar: document.querySelector('#target-info').textContent,
          hidden: ['#hand', '#bids', '.seat-1 .backs', '.seat-2 .badges'].map((s) => getComputedStyle(document.querySelector(s)).visibility),
        })""")

    during = table()
    assert during["summary"] == "1"
    assert during["status"] == ""  # not "West is thinking…": the table waits for the summary
    assert during["scorebar"].startswith(f"Deal {deal} ")  # the deal summed up, not the next one
    assert during["hidden"] == ["hidden"] * 4  # the next deal's Dealer badge too
    # It goes by itself, 5 s after it came (the old 3.5 s long past), timed in the page: a test
    # that slept to 3.8 s and then clicked lost the race on a stalled host.
    page.wait_for_selector("#deal-summary", state="hidden", timeout=30_000)
    [shown] = summaries(page)
    assert shown["hiddenAt"] - shown["shownAt"] >= 4_800, shown
    after = table()
    assert after["summary"] == "0" and after["hidden"] == ["visible"] * 4
    assert after["scorebar"].startswith(f"Deal {deal + 1} ")


def test_each_move_is_drawn_before_the_next_replaces_it_when_frames_come_late(page: Page, open_game):
    """The pauses between the computers' moves are timers; a frame is drawn when the device gets to
    it. On a busy device (a page under 8x CPU throttling, just reloaded) a move's frame came after
    the next move's pause had ended, so that move was never drawn: a trick's last card was skipped.
    A pause now counts from the frame that draws the move before it."""
    from test_reliability import RECORD_MOVES, moves_shown

    page.add_init_script(LATE_FRAMES)
    page.add_init_script(RECORD_MOVES)
    open_game(page, f"{EASY}&speed=fast&seed=5")
    play_until(page, lambda: page.get_attribute("#app", "data-phase") == "play" and page.query_selector(MY_TURN)
               is not None and page.query_selector("#trick [data-card]") is None)  # the person leads
    before = moves(page)
    page.evaluate("window.__frameDelay = 400")  # later than the computers' 250 ms pause at this speed
    page.click("#hand button:not([disabled])")  # then the computers' three cards, a trick gathered...
    wait_until(lambda: moves(page) >= before + 4, timeout=30, what="the computers' three cards")
    page.wait_for_selector(MY_TURN, state="attached", timeout=30_000)  # ...up to the person's next card
    page.evaluate("window.__frameDelay = 0")
    seen = [n for n in moves_shown(page) if n > before]
    assert seen == list(range(before + 1, moves(page) + 1)), (before, seen)


def test_the_last_trick_is_shown_with_its_own_deal_not_the_next(page: Page, open_game):
    """While a deal's last trick was on the table, the rest of the table already showed the next
    deal: its number and the new scores in the score bar, the new hand, the dealer's badge and
    "West is thinking…", before the trick was gathered (player review). Now the deal that ended
    stays on show, with the scores as they stood before it, until its summary tells them."""
    page.set_viewport_size({"width": 390, "height": 844})
    at_the_last_card(page, open_game)
    deal = engine_view(page)["deal_number"]
    scores = shown_scores(page)
    page.click("#hand button:not([disabled])")  # the person's last card: the deal ends in this trick
    page.wait_for_selector("#trick-note:not([hidden])", timeout=15_000)  # "… wins the trick": the last one

    def table() -> dict:
        return page.evaluate("""() => ({
          end: document.querySelector('#app').dataset.dealEnd,
          summary: document.querySelector('#deal-summary').hidden ? 0 : 1,
          trick: document.querySelectorAll('#trick [data-card]').length,
          status: document.querySelector('#status').textContent,
          scorebar: document.querySelector('#target-info').textContent,
          hidden: ['#hand', '.seat-1 .backs', '.seat-1 .badges'].map((s) => getComputedStyle(document.querySelector(s)).visibility),
        })""")

    during = table()
    assert during["summary"] == 0 and during["trick"] == 4, during  # still the last trick, no summary yet
    assert during["scorebar"].startswith(f"Deal {deal + 1} "), during  # not the next deal's number
    assert shown_scores(page) == scores  # the summary tells the deal's points, not the score bar before it
    assert during["status"] == "" and during["hidden"] == ["hidden"] * 3, during  # not "West is thinking…"
    assert during["end"] == "1"
    page.wait_for_selector("#deal-summary:not([hidden])", timeout=15_000)
    assert shown_scores(page) == engine_view(page)["sheet"][deal]["scores"]
    page.click("#deal-summary [data-intent='dismiss-summary']")
    page.wait_for_selector("#deal-summary", state="hidden")
    assert page.get_attribute("#app", "data-deal-end") == "0"
    assert page.text_content("#target-info").startswith(f"Deal {deal + 2} ")


def test_a_toolbar_button_that_cannot_be_used_looks_off(page: Page, open_game):
    """Hint and Last trick, disabled on a computer's turn and at a deal's first trick, looked exactly
    like New game: players pressed them and thought them broken (player review)."""
    open_game(page, f"{EASY}&speed=normal&seed=12")
    page.wait_for_selector(f"{MY_TURN}[data-phase='bid1']", state="attached", timeout=30_000)
    opacity = "(s) => getComputedStyle(document.querySelector(s)).opacity"
    assert page.evaluate(opacity, "#btn-hint") == "1" and page.evaluate(opacity, "#btn-new") == "1"
    assert page.is_disabled("#btn-last")  # no trick played yet
    assert float(page.evaluate(opacity, "#btn-last")) <= 0.5
    page.click('#bids button[data-action="pass"]')
    page.wait_for_selector("#btn-hint[disabled]", state="attached")  # the computers' turns
    assert float(page.evaluate(opacity, "#btn-hint")) <= 0.5 and page.evaluate(opacity, "#btn-new") == "1"


@pytest.mark.parametrize("width,height,lang", [(390, 844, "en"), (360, 640, "fr")])
def test_a_played_card_leaves_its_players_name_and_badges_readable(page: Page, open_game, width, height, lang):
    """On phones East's label, with the Dealer and Taker badges on one line, reached far into the
    table, and the card East played covered its name or the Dealer badge (player review). Seed 21:
    East deals and takes."""
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, f"levels=normal,normal,normal&speed=fast&seed=21&lang={lang}")
    box = """(s) => { const e = document.querySelector(s); if (!e) return null;
      const r = e.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; }"""
    for _ in range(20):  # measured on the person's turn: East's card has slid in by then
        page.wait_for_selector(MY_TURN, state="attached")
        if page.evaluate(box, ".slot-3 .card"):
            break
        act_once(page, prefer="pass")
    assert page.query_selector(".slot-3 .card"), "East played no card"
    # where it lies once it has slid in (the slide may still run on the person's turn)
    page.wait_for_function("() => document.querySelector('.slot-3 .card').getAnimations().every((a) => a.playState !== 'running')")
    card = page.evaluate(box, ".slot-3 .card")
    # the words (a range over each one's contents), not the badges' padding, which the card may touch
    words = page.evaluate("""() => [...document.querySelectorAll('.seat-3 :is(.seat-name, .badge)')].map((e) => {
      const range = document.createRange(); range.selectNodeContents(e); const r = range.getBoundingClientRect();
      return [e.textContent, r.left, r.right, r.top, r.bottom]; })""")
    assert len(words) == 3, words  # East, Dealer, Taker
    for text, left, right, top, bottom in words:
        apart = left >= card[1] - 1 or right <= card[0] + 1 or top >= card[3] - 1 or bottom <= card[2] + 1
        assert apart, (text, (left, right, top, bottom), card)


def test_an_empty_score_sheet_opens_on_close(page: Page, open_game):
    """Before the first deal ends the score sheet has no row: it opened with the focus on
    Statistics, though Close is drawn as its default, so Enter opened another dialog."""
    open_game(page, f"{EASY}&speed=instant&seed=5")
    page.wait_for_selector(MY_TURN, state="attached")
    page.keyboard.press("s")
    page.wait_for_selector("#dlg-sheet[open]")
    assert page.evaluate("document.activeElement.dataset.intent") == "close-dialog"
    page.keyboard.press("Enter")
    page.wait_for_selector("#dlg-sheet[open]", state="detached")
    assert page.query_selector("dialog[open]") is None
