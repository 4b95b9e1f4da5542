"""Who may write the match (nothing lost): only the tab that owns it, and never without asking.
A tab that lost the match to another tab can no longer start a game over it, whatever it still
shows (an alert's "Start a new game", the end-of-match dialog held back behind another dialog);
the tab that lost it is not told its storage failed; Retry after a failed start plays here; a
`?seed=` link asks before it replaces the match in progress. Hooks: #app[data-tab], the alerts
(docs/contracts.md "Page test hooks"), the match the worker stored (ui_helpers.stored_record)."""
from __future__ import annotations

import time

from playwright.sync_api import Page

from belote import Game, ai
from belote.ai.levels import move_seed
from conftest import BOOT_TIMEOUT_MS, READY
from test_reliability import DISK_BACK, FULL_DISK, TAKE_OVER, engine_worker, stored_actions
from ui_helpers import (BID, HOLD_CALLS, LEGAL_CARD, MY_TURN, READ_ENTRY, act_once, click_when, kept_reviews, load_save, match_key_and_build, moves, next_frame,
                        play_deal, play_until, reach_storage, saved, stored_record, wait_until)

EASY = "levels=easy,easy,easy&speed=instant"
NEW_GAME_NOW = '[role=alert] button[data-intent="new-game-now"]'


def open_tab(context, url: str) -> Page:
    page = context.new_page()
    page.goto(url)
    return page


def take_over(b: Page, a: Page) -> None:
    """Tab b, which says the match is played elsewhere, takes it from tab a."""
    b.wait_for_selector('#app[data-tab="elsewhere"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    b.click(TAKE_OVER)
    b.wait_for_selector('#app[data-tab="here"]', state="attached")
    a.wait_for_selector('#app[data-tab="moved"]', state="attached", timeout=10_000)


def tampered(save: dict) -> dict:
    """`save` with an action no match can hold first: the bridge refuses to load it."""
    bad = {**save, "game": {**save["game"], "actions": ["take:Z", *save["game"]["actions"]]}}
    return bad


def test_a_tab_that_lost_the_match_cannot_start_a_game_from_its_corrupt_save_alert(context, site_url, guard):
    """A shows the corrupt-save alert (its button starts a new game); B takes the match and starts
    a new one; A's alert is gone with the match, and nothing A does overwrites B's match."""
    a = open_tab(context, site_url + f"?{EASY}&seed=41")
    a.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    play_until(a, lambda: moves(a) >= 3)
    a.wait_for_selector(MY_TURN, state="attached")
    load_save(a, tampered(saved(a)))
    a.reload()
    a.wait_for_selector(NEW_GAME_NOW, timeout=BOOT_TIMEOUT_MS)
    assert a.get_attribute("#app", "data-ready") == "1"  # the boot is over: what it shows is the alert

    b = open_tab(context, site_url + f"?{EASY}")
    take_over(b, a)
    b.click(NEW_GAME_NOW, timeout=BOOT_TIMEOUT_MS)  # B finds the same corrupt save and starts anew
    b.wait_for_selector(READY, state="attached")
    act_once(b)
    act_once(b)
    b.wait_for_selector(MY_TURN, state="attached")
    record = stored_record(b)
    assert len(record["save"]["game"]["actions"]) >= 2

    next_frame(a)
    stale = a.query_selector(NEW_GAME_NOW)
    if stale is not None:  # what the person would click in A
        stale.click()
    time.sleep(1.0)
    assert stored_record(b) == record  # B's match is whole
    assert stale is None, "the tab that lost the match still offers to start a game over it"
    assert b.get_attribute("#app", "data-tab") == "here"
    a.close()
    b.close()
    guard.check()


def last_card_save(seed: int) -> dict:
    """A match to 1 point whose first deal waits for the person's last card: that card ends it."""
    game = Game(seed=seed, target=1)
    while True:
        seat = game.to_act
        view = game.view(seat)
        if seat == 0 and view["phase"] == "play" and len(view["hand"]) == 1:
            return {"game": game.to_dict(), "levels": ["easy", "easy", "easy"], "ai_seed": 4242}
        game.play(ai.choose_action(view, "easy", move_seed(4242, game.move_number)))


def test_the_held_back_end_of_match_dialog_does_not_open_in_the_tab_that_lost_the_match(context, site_url, guard):
    """A's match ends while A's score sheet is open (the end-of-match dialog waits for it); B takes
    the match: closing A's sheet must not bring up A's "Play again", and no new game starts from A."""
    a = open_tab(context, site_url + f"?{EASY}")
    a.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    a.wait_for_selector(MY_TURN, state="attached")
    load_save(a, last_card_save(3))
    a.goto(site_url + "?speed=fast")  # pauses long enough to open a dialog as the match ends
    a.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    b = open_tab(context, site_url)
    b.wait_for_selector('#app[data-tab="elsewhere"]', state="attached", timeout=BOOT_TIMEOUT_MS)

    # the sheet opens in the page as the match ends (a click from here, late on a stalled host, met
    # the end-of-match dialog that had opened in the meantime)
    click_when(a, '#app[data-phase="over"]', "#btn-sheet")
    a.click(LEGAL_CARD)  # the last card: the match ends once the computers have answered
    a.wait_for_selector('#app[data-phase="over"]', state="attached", timeout=20_000)
    a.wait_for_selector("#dlg-sheet[open]")
    time.sleep(3.0)  # the trick, the deal summary and the end of the match play back behind it
    assert a.query_selector("#dlg-over[open]") is None  # held back while the sheet is open

    take_over(b, a)
    b.wait_for_selector("#dlg-over[open]", timeout=BOOT_TIMEOUT_MS)  # B resumed the finished match
    record = stored_record(b)
    next_frame(a)
    held_back = a.query_selector("#dlg-over[open]")
    if held_back is not None:  # what the person would click in A
        a.click('#dlg-over[open] [data-intent="play-again"]')
    else:  # a stale button the page still has: it must do nothing in a tab that lost the match
        a.evaluate("""() => document.querySelector('#dlg-over [data-intent="play-again"]').click()""")
    time.sleep(1.0)
    assert stored_record(b) == record  # B's match is whole
    assert held_back is None, "the end-of-match dialog opened in the tab that lost the match"
    assert a.get_attribute("#app", "data-tab") == "moved"
    a.close()
    b.close()
    guard.check()


def test_the_tab_that_lost_the_match_is_not_told_its_storage_failed(context, site_url, guard):
    """A's write finds the match claimed by another tab: A says the match moved, not that it cannot be
    kept, and a real storage failure later (A took the match back) is still reported."""
    a = open_tab(context, site_url + f"?{EASY}&seed=43")
    a.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    play_until(a, lambda: moves(a) >= 2)
    a.wait_for_selector(MY_TURN, state="attached")
    # Another tab claims the stored match (as B's take-over does) before A hears it lost the lock.
    load_save(a, saved(a), owner="another-tab")
    a.click(f"{BID}, {LEGAL_CARD}")  # A's engine writes: the match is taken
    a.wait_for_selector('#app[data-tab="moved"]', state="attached", timeout=10_000)
    next_frame(a)
    assert a.query_selector('[data-notice="storage"]') is None, "false storage notice"
    assert stored_record(a)["owner"] == "another-tab"  # A wrote nothing over it

    b = open_tab(context, site_url)
    take_over(b, a)
    b.wait_for_selector(MY_TURN, state="attached")
    a.click(TAKE_OVER)  # A plays again...
    a.wait_for_selector('#app[data-tab="here"]', state="attached")
    b.wait_for_selector('#app[data-tab="moved"]', state="attached", timeout=10_000)
    a.wait_for_selector(MY_TURN, state="attached")
    engine_worker(a).evaluate(FULL_DISK)  # ... and its storage now fails for real: that is said
    act_once(a)
    notice = a.wait_for_selector('[data-notice="storage"]', timeout=10_000)
    assert "cannot be kept" in notice.text_content()
    engine_worker(a).evaluate(DISK_BACK)
    a.close()
    b.close()
    guard.check()


def test_retry_after_a_failed_start_plays_here(page: Page, site_url, guard):
    """The first start failed (the wheel missing) while this tab already holds the match: Retry
    starts the match here, not "open in another tab"."""
    guard.allow_console(r"404")
    page.route("**/wheels/belote-*.whl", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(site_url + f"?{EASY}")
    retry = '[role="alert"] button[data-intent="retry-boot"]'
    page.wait_for_selector(retry, state="visible", timeout=BOOT_TIMEOUT_MS)
    page.unroute("**/wheels/belote-*.whl")
    page.click(retry)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    next_frame(page)
    assert page.get_attribute("#app", "data-tab") == "here"
    act_once(page)  # and it plays
    assert stored_record(page) is not None


def test_a_seed_link_asks_before_it_replaces_the_match_in_progress(page: Page, open_game, site_url):
    """With a match in progress, a link with another seed opens the match and asks (the abandon
    dialog): Cancel keeps playing it; Abandon starts the linked deals."""
    open_game(page, f"{EASY}&seed=51")
    play_until(page, lambda: moves(page) >= 4)
    page.wait_for_selector(MY_TURN, state="attached")
    played = stored_actions(page)

    page.goto(site_url + f"?{EASY}&seed=52")
    page.wait_for_selector("#dlg-confirm[open]", timeout=BOOT_TIMEOUT_MS)
    assert saved(page)["game"]["seed"] == 51 and stored_actions(page) == played  # nothing replaced yet
    assert moves(page) == len(played)  # the match in progress is on the table behind the question
    page.click('#dlg-confirm [data-intent="close-dialog"]')
    page.wait_for_selector("#dlg-confirm", state="hidden")
    act_once(page)  # it goes on
    wait_until(lambda: len(stored_actions(page)) > len(played), what="the next move stored")
    assert saved(page)["game"]["seed"] == 51 and stored_actions(page)[: len(played)] == played

    page.goto(site_url + f"?{EASY}&seed=52")
    page.wait_for_selector("#dlg-confirm[open]", timeout=BOOT_TIMEOUT_MS)
    page.click('#dlg-confirm [data-intent="confirm-new-game"]')
    wait_until(lambda: saved(page)["game"]["seed"] == 52, what="the linked deals")
    page.wait_for_selector(MY_TURN, state="attached")
    assert moves(page) == len(stored_actions(page)) < 4

    page.goto(site_url + f"?{EASY}&seed=52")  # the linked match itself: resumed, nothing asked
    page.wait_for_selector(MY_TURN, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.query_selector("#dlg-confirm[open]") is None


def next_deal_save(seed: int) -> dict:
    """A match whose first deal is played and scored, the person to act in the second."""
    game = Game(seed=seed, target=5000)
    while not (game.to_act == 0 and len(game.view(0)["sheet"]) >= 1):
        seat = game.to_act
        game.play(ai.choose_action(game.view(seat), "easy", move_seed(4242, game.move_number)))
    return {"game": game.to_dict(), "levels": ["easy", "easy", "easy"], "ai_seed": 4242}


def test_moves_storage_refused_survive_a_practice_and_a_dead_engine(page: Page, site_url, guard):
    """Storage refuses every write; the person plays on, plays a finished deal again and comes back
    (the engine's snapshot must not claim the match is stored), then the engine dies: the match
    resumes with every move played, not from the last one stored."""
    from test_reliability import WATCH_CRASH_ALERTS, wait_for_restart
    reach_storage(page, site_url)
    load_save(page, next_deal_save(3))  # deal 0 played and made
    page.goto(site_url + "?speed=instant")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    stored = len(stored_actions(page))
    engine_worker(page).evaluate(FULL_DISK)
    act_once(page)
    act_once(page)
    page.wait_for_selector(MY_TURN, state="attached")
    played = moves(page)
    assert played > stored and len(stored_actions(page)) == stored  # not kept: the page holds the copy
    page.click('[data-notice="storage"] button[data-intent="dismiss-notice"]')

    page.click("#btn-sheet")
    page.click('#dlg-sheet [data-intent="review"][data-deal="0"]')
    page.wait_for_selector("#dlg-review[open][data-loaded='1']", timeout=90_000)
    page.click("[data-intent='review-practice']")
    page.wait_for_selector("#practice-bar:not([hidden])")
    page.click("#practice-bar [data-intent='practice-back']")
    page.wait_for_selector("#practice-bar", state="hidden")
    page.wait_for_selector(f'#app[data-moves="{played}"]', state="attached")
    page.wait_for_selector(MY_TURN, state="attached")

    page.evaluate(WATCH_CRASH_ALERTS)
    engine_worker(page).evaluate("close()")
    page.click(f"{BID}, {LEGAL_CARD}")  # sent to a dead engine: it is noticed, restarted, and replayed
    wait_for_restart(page)
    wait_until(lambda: len(stored_actions(page)) > played, timeout=60, what="every move resumed and stored")
    # the worker stores a move before the page draws it: the table follows within a frame or two
    wait_until(lambda: moves(page) > played, timeout=10, what="the table to show the resumed moves")


# The page's match key of a save (js/stats.js matchKey: what statistics and kept reviews are filed under).
def test_a_new_game_storage_refused_is_reviewed_and_survives_a_dead_engine(page: Page, site_url, guard):
    """Storage refuses every write, then the person starts a New game: only the page holds it, the
    older match stays stored. A finished deal of the new match is reviewed from the page's copy (the
    stored match's deal of that number has other cards), and when the engine dies the new match
    resumes, not the stored one, with its finished deal counted once a write lands."""
    from test_reliability import WATCH_CRASH_ALERTS, wait_for_restart
    reach_storage(page, site_url)
    old = next_deal_save(3)  # its deal 0 is played: a review of "deal 0" could show it
    load_save(page, old)
    old_key, _ = match_key_and_build(page, old, site_url)
    page.goto(site_url + "?speed=instant")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    engine_worker(page).evaluate(FULL_DISK)
    page.click("#btn-new")
    page.click("#dlg-new button[type=submit]")
    page.click("#dlg-confirm [data-intent='confirm-new-game']")  # the stored match is in progress
    page.wait_for_selector('#app[data-deals-done="0"]', state="attached")
    play_deal(page)
    assert saved(page)["game"]["seed"] == old["game"]["seed"]  # the new match is not stored
    page.click('[data-notice="storage"] button[data-intent="dismiss-notice"]')

    page.click("#btn-sheet")
    page.click('#dlg-sheet [data-intent="review"][data-deal="0"]')
    page.wait_for_selector("#dlg-review[open][data-loaded='1']", timeout=90_000)
    # (the stored match's last deal may be kept too: the analysis worker's start reviews it)
    wait_until(lambda: any(k.startswith("review:match:") and old_key not in k for k in kept_reviews(page)),
               what="the new match's deal reviewed and its values kept")
    page.keyboard.press("Escape")
    # the review closes back to the sheet it came from, in the dialog's "close" event (a task after
    # the review hides): an Escape sent before the sheet is open again was lost, and the sheet then
    # opened and held the table (stop 52's CI: no turn came within 30 s)
    page.wait_for_selector("#dlg-sheet[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")
    page.wait_for_selector(MY_TURN, state="attached")
    played = moves(page)

    page.evaluate(WATCH_CRASH_ALERTS)
    engine_worker(page).evaluate("close()")
    page.click(f"{BID}, {LEGAL_CARD}")  # sent to a dead engine: it is noticed, restarted, and replayed
    wait_for_restart(page)
    wait_until(lambda: len(saved(page)["game"]["actions"]) > played, timeout=60, what="the new match resumed and stored")
    resumed = saved(page)
    assert resumed["game"]["seed"] != old["game"]["seed"]
    new_key, _ = match_key_and_build(page, resumed, site_url)
    assert any(new_key in k for k in kept_reviews(page))  # what was reviewed is this match's deal
    stats = page.evaluate(READ_ENTRY, "stats")
    assert stats["played"] == {"match": new_key, "deals": [0]}  # counted with the first write that landed


def test_a_new_game_asked_just_before_the_match_was_taken_does_not_replace_it(context, site_url, guard):
    """A confirms New game while its engine is busy (a computer thinking) and B takes the match
    meanwhile: A's new game, answered later, claimed the stored match without asking and replaced
    B's 11 moves with a new deal (B then showed "moved" too, and nobody could play). Now the new
    game's first write meets B's ownership: B's match stays, B plays on, A says it moved."""
    a = open_tab(context, site_url + f"?{EASY}&seed=61")
    a.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    play_until(a, lambda: moves(a) >= 6)
    a.wait_for_selector(MY_TURN, state="attached")
    taken = saved(a)["game"]
    b = open_tab(context, site_url + f"?{EASY}")
    b.wait_for_selector('#app[data-tab="elsewhere"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    a.bring_to_front()
    a.click("#btn-new")
    a.click("#dlg-new button[type=submit]")
    a.wait_for_selector("#dlg-confirm[open]")
    a_engine = engine_worker(a)
    a_engine.evaluate(HOLD_CALLS, "new_game")  # as if busy with a computer's move, for as long as it takes
    a.click("#dlg-confirm [data-intent='confirm-new-game']")  # sent while A still holds the match
    wait_until(lambda: a_engine.evaluate("() => self.heldCalls()") == 1, what="A's new game sent to its engine")
    b.bring_to_front()
    take_over(b, a)  # before A's engine reaches the new game
    b.wait_for_selector(MY_TURN, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert a_engine.evaluate("() => self.releaseHeldCalls()") == 1  # A's engine answers its new game now
    act_once(b)
    wait_until(lambda: len(stored_record(b)["save"]["game"]["actions"]) > len(taken["actions"]), what="B's move stored")
    stored = stored_record(b)["save"]["game"]
    assert stored["seed"] == taken["seed"] and stored["actions"][:len(taken["actions"])] == taken["actions"], "B's match was replaced"
    assert (a.get_attribute("#app", "data-tab"), b.get_attribute("#app", "data-tab")) == ("moved", "here")
