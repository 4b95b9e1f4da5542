"""Nothing lost (issue 13): one match in two tabs of one browser profile, an engine that dies
mid-match, storage the browser refuses. Hooks: #app[data-tab], [data-intent="take-over"],
#app[data-moves], #app[data-recoveries] (dead engines restarted), the match stored by the worker
(ui_helpers.saved)."""
from __future__ import annotations

import time

from playwright.sync_api import Page

from conftest import BOOT_TIMEOUT_MS, READY
from ui_helpers import MY_TURN, NO_BACKGROUND_REVIEWS, act_once, moves, next_frame, play_until, saved, wait_until, worker_named

EASY = f"levels=easy,easy,easy&speed=instant&{NO_BACKGROUND_REVIEWS}"
TAKE_OVER = '[role=alert] button[data-intent="take-over"]'


def stored_actions(page: Page) -> list[str]:
    """The actions of the match the engine stored ([] when none is stored)."""
    record = saved(page)
    return record["game"]["actions"] if record else []


def test_two_tabs_never_fork_the_match(context, site_url, guard):
    """Tab A plays; tab B says the match is open elsewhere and offers to play here; taking it over
    moves the match with every move A made, A says it moved, and A's later clicks write nothing."""
    a = context.new_page()
    a.goto(site_url + f"?{EASY}&seed=31")
    a.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    play_until(a, lambda: moves(a) >= 10)
    a.wait_for_selector(MY_TURN, state="attached")  # A's worker is idle: nothing more is stored
    played_in_a = stored_actions(a)

    b = context.new_page()
    b.goto(site_url)  # a second tab of the same profile, no parameters
    b.wait_for_selector('#app[data-tab="elsewhere"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert b.query_selector(TAKE_OVER) is not None
    assert b.query_selector(MY_TURN) is None  # nothing to play on a copy
    assert stored_actions(a) == played_in_a  # opening B changed nothing

    b.click(TAKE_OVER)
    b.wait_for_selector('#app[data-tab="here"]', state="attached")
    a.wait_for_selector('#app[data-tab="moved"]', state="attached", timeout=10_000)
    assert a.query_selector(TAKE_OVER) is not None and a.query_selector(MY_TURN) is None
    wait_until(lambda: moves(b) >= len(played_in_a), what="B resumes A's match")
    assert stored_actions(b)[: len(played_in_a)] == played_in_a  # no move of A's lost

    play_until(b, lambda: moves(b) >= len(played_in_a) + 6)
    b.wait_for_selector(MY_TURN, state="attached")
    played_in_b = stored_actions(b)
    # A's cards are dead now: clicking one plays nothing and overwrites nothing.
    card = a.query_selector("#hand button")
    if card is not None:
        card.click(force=True)
    time.sleep(0.3)
    assert stored_actions(b) == played_in_b

    # A takes it back: B's moves come with it (A in front: a background tab's pace is throttled).
    a.bring_to_front()
    a.click(TAKE_OVER)
    b.wait_for_selector('#app[data-tab="moved"]', state="attached", timeout=10_000)
    a.wait_for_selector('#app[data-tab="here"]', state="attached")
    wait_until(lambda: moves(a) >= len(played_in_b), what="A resumes B's match")
    assert stored_actions(a)[: len(played_in_b)] == played_in_b
    act_once(a)
    a.close()
    b.close()
    guard.check()


def engine_worker(page: Page):
    """The game's engine worker (not the service worker, nor the analysis worker: named by its role)."""
    return worker_named(page, "match")


# Drops the worker's computer moves on their way to the page (its answers still come): the page waits
# for a computer seat that the worker has in fact already played and stored.
HOLD_STEPS = """() => {
  const post = self.postMessage.bind(self);
  self.postMessage = (msg) => { if (!msg || msg.kind !== "steps") post(msg); };
}"""


# Records every crash alert the page shows, however briefly: it goes as soon as the new engine is
# ready (0.6-1.4 s measured), about as long as one poll of wait_for_selector (every 500 ms), which
# can miss it. The tests wait on #app[data-recoveries] and check this record.
WATCH_CRASH_ALERTS = """() => {
  window.__crashAlerts = [];
  new MutationObserver((records) => {
    for (const r of records) for (const node of r.addedNodes) {
      if (node.nodeType === 1 && node.matches("[role=alert].alert-crash")) window.__crashAlerts.push(node.textContent);
    }
  }).observe(document.getElementById("alerts"), { childList: true, subtree: true });
}"""


def wait_for_restart(page: Page, recoveries: int = 1) -> None:
    """Waits until the page has noticed the dead engine and started a new one (it said so: a crash
    alert was shown, as recorded since WATCH_CRASH_ALERTS) and that alert is gone again."""
    page.wait_for_selector(f'#app[data-recoveries="{recoveries}"]', state="attached", timeout=20_000)
    assert page.evaluate("window.__crashAlerts"), "the person was not told the engine stopped"
    page.wait_for_selector("[role=alert].alert-crash", state="detached", timeout=BOOT_TIMEOUT_MS)
    # and, once the match is back, a status that stays until closed says nothing was lost
    notice = page.wait_for_selector('[data-notice="recovered"][role=status]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert notice.text_content().strip()


def test_a_dead_engine_during_a_computer_turn_is_restarted_and_the_match_goes_on(page: Page, open_game, guard):
    open_game(page, f"{EASY}&seed=32")
    page.wait_for_selector(MY_TURN, state="attached")
    worker = engine_worker(page)
    worker.evaluate(HOLD_STEPS)
    page.click('#bids button[data-action="pass"]')  # the computer seats are to act next
    wait_until(lambda: len(stored_actions(page)) >= 4, what="the computers' moves stored")
    shown = moves(page)
    stored = stored_actions(page)
    assert shown < len(stored)  # the table still waits for them
    page.evaluate(WATCH_CRASH_ALERTS)
    worker.evaluate("close()")  # the worker dies without a word, like a killed process
    wait_for_restart(page)
    wait_until(lambda: moves(page) >= len(stored), timeout=60, what="the table shows the stored moves")
    assert stored_actions(page)[: len(stored)] == stored  # resumed from the last stored move
    act_once(page)  # and the match goes on
    page.click('[data-notice="recovered"] button[data-intent="dismiss-notice"]')
    page.wait_for_selector('[data-notice="recovered"]', state="detached")  # closed


def test_a_dead_engine_with_the_persons_move_in_flight_replays_that_move(page: Page, open_game, guard):
    open_game(page, f"{EASY}&seed=33")
    play_until(page, lambda: page.get_attribute("#app", "data-phase") == "play"
               and page.query_selector(MY_TURN) is not None)
    before = stored_actions(page)
    page.evaluate(WATCH_CRASH_ALERTS)
    engine_worker(page).evaluate("close()")
    card = page.query_selector("#hand button:not([disabled])")
    code = card.get_attribute("data-card")
    card.click()  # sent to a dead worker: no answer
    wait_for_restart(page)
    wait_until(lambda: len(saved(page)["game"]["actions"]) > len(before), timeout=60, what="the move replayed")
    after = stored_actions(page)
    assert after[: len(before) + 1] == before + [code]  # the person's move, once, in its place


# Every write of the worker's store fails as when the disk is full (QuotaExceededError).
FULL_DISK = """() => {
  self.__put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function () { throw new DOMException("the disk is full", "QuotaExceededError"); };
}"""
DISK_BACK = "() => { IDBObjectStore.prototype.put = self.__put; }"


def test_full_storage_says_once_the_match_cannot_be_kept_plays_on_and_keeps_trying(page: Page, open_game):
    open_game(page, f"{EASY}&seed=34")
    play_until(page, lambda: moves(page) >= 2)
    worker = engine_worker(page)
    worker.evaluate(FULL_DISK)
    stored = stored_actions(page)
    act_once(page)
    notice = page.wait_for_selector('[data-notice="storage"]', timeout=10_000)
    assert "cannot be kept" in notice.text_content()
    page.select_option("#lang-select", "lt")  # the notice follows a language switch
    page.wait_for_selector("html[lang='lt']", state="attached")
    # <html lang> changes as the catalogue loads; the notice is drawn again in the next frame
    page.wait_for_selector('[data-notice="storage"] p:has-text("Ši naršyklė")', state="attached")
    assert page.text_content('[data-notice="storage"] p').startswith("Ši naršyklė neleidžia žaidimui saugoti duomenų")
    page.click('[data-notice="storage"] button')
    play_until(page, lambda: moves(page) >= len(stored) + 8)  # plays on
    assert page.query_selector('[data-notice="storage"]') is None  # said once, not at every move
    assert stored_actions(page) == stored  # nothing could be written meanwhile
    worker.evaluate(DISK_BACK)
    shown = moves(page)
    act_once(page)
    wait_until(lambda: len(stored_actions(page)) > shown, what="the next move stored")  # it kept trying
    assert page.query_selector("[role=alert]") is None


def test_site_data_cleared_while_playing_is_written_again_at_the_next_move(page: Page, open_game, site_url: str):
    """The person clears the site's data while a match is open: the browser closes the open
    IndexedDB connections. The engine used to keep its closed one, so every later write failed
    (the page said the match could not be kept, though storage worked). It opens another: the
    next move stores the whole match again, and nothing is said."""
    open_game(page, f"{EASY}&seed=35")
    play_until(page, lambda: moves(page) >= 3)
    page.context.new_cdp_session(page).send("Storage.clearDataForOrigin",
                                            {"origin": site_url.rstrip("/"), "storageTypes": "indexeddb"})
    assert saved(page) is None
    shown = moves(page)
    act_once(page)
    wait_until(lambda: len(stored_actions(page)) > shown, what="the match stored again")
    assert page.query_selector('[data-notice="storage"]') is None


# The next read of the store fails (as IndexedDB may: UnknownError, a disk read error); later ones work.
ONE_FAILED_READ = """() => {
  const get = IDBObjectStore.prototype.get;
  let failed = false;
  IDBObjectStore.prototype.get = function (...args) {
    if (!failed) { failed = true; throw new DOMException("read error", "UnknownError"); }
    return get.apply(this, args);
  };
}"""


def test_a_stored_match_that_cannot_be_read_once_is_not_replaced(context, site_url, guard):
    """One failed IndexedDB read when the match is resumed ("Play here", a reload, a restart) read
    as "nothing stored": a new match was dealt and written over the stored one, without a word.
    Now the page says the match could not be read and offers Retry, which resumes it whole."""
    guard.allow_console(r"StorageReadError|could not be read")
    a = context.new_page()
    a.goto(site_url + f"?{EASY}&seed=49")
    a.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    play_until(a, lambda: moves(a) >= 12)
    a.wait_for_selector(MY_TURN, state="attached")
    before = stored_actions(a)
    b = context.new_page()
    b.goto(site_url)
    b.wait_for_selector('#app[data-tab="elsewhere"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    engine_worker(b).evaluate(ONE_FAILED_READ)
    b.click(TAKE_OVER)
    b.wait_for_selector(".alert-read [data-intent='retry-resume']", timeout=10_000)
    assert stored_actions(b) == before  # nothing written over it
    assert b.query_selector("#hand button:not([disabled]), #bids button:not([disabled])") is None
    b.click(".alert-read [data-intent='retry-resume']")
    b.wait_for_selector(MY_TURN, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert moves(b) == len(before) and stored_actions(b) == before


# Every request to the engine worker answered a second late, in order (a slow phone, a busy disk).
SLOW_REQUESTS = """() => {
  const orig = self.onmessage;
  self.onmessage = (e) => { if (e.data && e.data.kind === "ping") orig(e); else setTimeout(() => orig(e), 1000); };
}"""

# Records the first enabled bid or card as soon as the tab says it plays here and shows a turn,
# and clicks it (a person quick to play on).
CLICK_WHEN_HERE = """() => {
  window.__clicks = [];
  const app = document.getElementById("app");
  const obs = new MutationObserver(() => {
    if (app.dataset.tab !== "here" || app.dataset.myTurn !== "1") return;
    const b = document.querySelector("#bids button:not([disabled]), #hand button:not([disabled])");
    if (!b) return;
    window.__clicks.push({ action: b.dataset.action || b.dataset.card, moves: Number(app.dataset.moves) });
    obs.disconnect();
    b.click();
  });
  obs.observe(document.body, { attributes: true, childList: true, subtree: true });
}"""


def test_after_play_here_the_old_table_is_not_playable_until_the_match_is_back(context, site_url, guard):
    """"Play here" showed the tab's old table as the person's turn until the resume answered: a
    click there was played on the other tab's match, a position the person never saw (or refused
    with "illegal action"). The table waits now, and the first turn offered is the match's own."""
    a = context.new_page()
    a.goto(site_url + f"?{EASY}&seed=41")
    a.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    a.wait_for_selector(MY_TURN, state="attached")
    a_moves = moves(a)
    b = context.new_page()
    b.goto(site_url)
    b.wait_for_selector('#app[data-tab="elsewhere"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    b.click(TAKE_OVER)
    a.wait_for_selector('#app[data-tab="moved"]', state="attached", timeout=10_000)
    wait_until(lambda: moves(b) >= a_moves, what="B resumes")
    for _ in range(6):  # B plays on: the match moves away from what A's table shows
        act_once(b)
    b.wait_for_selector(MY_TURN, state="attached")
    in_b = len(stored_actions(b))
    a.bring_to_front()
    engine_worker(a).evaluate(SLOW_REQUESTS)
    a.evaluate(CLICK_WHEN_HERE)
    a.click(TAKE_OVER)
    b.wait_for_selector('#app[data-tab="moved"]', state="attached", timeout=10_000)
    wait_until(lambda: a.evaluate("window.__clicks.length") > 0 and moves(a) > in_b, what="A plays its first turn")
    clicks = a.evaluate("window.__clicks")
    assert clicks[0]["moves"] == in_b, clicks  # the click was on the match's own position
    assert a.query_selector("[role=alert].alert-engine") is None
    guard.check()


# Keeps the token of the worker's last message about the match or a practice (self.__token).
NOTE_TOKEN = """() => {
  const post = self.postMessage.bind(self);
  self.postMessage = (msg) => {
    const token = msg?.token ?? msg?.result?.token; // steps, or the answer to a move
    if (token !== undefined) self.__token = token;
    post(msg);
  };
}"""
POST_STEPS_ERROR = """(token) => postMessage({ kind: "steps_error", token, error: "a move failed", type: "InternalError" })"""


def test_a_failed_move_of_a_left_practice_or_a_replaced_match_is_not_the_tables(page: Page, open_game):
    """A computer move that failed on its way said "The game engine stopped…" over the table even
    when it was a move of a practice the person had left or of a match since replaced, whose steps
    the page drops. Only a failure of the table's own match (or practice) is shown now."""
    open_game(page, f"{EASY}&nosw=1&seed=34")
    worker = engine_worker(page)
    worker.evaluate(NOTE_TOKEN)
    act_once(page)
    current = worker.evaluate("self.__token")
    assert isinstance(current, int) and current >= 1, current
    for stale in (0, "p0"):  # before the first match; before the first practice (both count from 1)
        worker.evaluate(POST_STEPS_ERROR, stale)
    page.wait_for_selector(MY_TURN, state="attached")
    next_frame(page)
    assert page.query_selector("#alerts [role=alert]") is None, page.text_content("#alerts")
    worker.evaluate(POST_STEPS_ERROR, current)  # the table's own match: said
    page.wait_for_selector("#alerts .alert-engine", timeout=10_000)


# Every value #app[data-moves] takes, in order, from the page's start (window.__shownMoves).
# The last value a page showed is kept in its tab's sessionStorage as it goes (read after a reload).
MOVES_AT_UNLOAD = "e2e-moves-at-unload"
RECORD_MOVES = """(() => {
  window.__shownMoves = [];
  const watch = () => {
    const app = document.getElementById("app");
    if (!app) return; // a page of the origin that is not the game's (reach_storage's icon)
    const note = () => { const n = app.dataset.moves; if (n !== undefined && window.__shownMoves.at(-1) !== +n) window.__shownMoves.push(+n); };
    note();
    new MutationObserver(note).observe(app, { attributes: true, attributeFilter: ["data-moves"] });
    addEventListener("pagehide", () => sessionStorage.setItem("%s", String(window.__shownMoves.at(-1) ?? 0)));
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch); else watch();
})();""" % MOVES_AT_UNLOAD


def moves_shown(page: Page) -> list[int]:
    """The values #app[data-moves] took since the page opened (RECORD_MOVES), from the match on (0 until then)."""
    return [n for n in page.evaluate("window.__shownMoves") if n]


def test_a_reload_while_the_computers_play_shows_their_moves_not_only_their_result(page: Page, open_game):
    """Reloaded 0.3 s after the person's card, the page opened where the engine stood: three
    computer cards and a gathered trick never shown (moves 22 -> 27 in the player review). It
    plays back now, from the last move it had shown whole, every move up to the person's turn.
    (The reload comes once the computers' moves are stored; the table shows them 1.3 s apart.)"""
    page.add_init_script(RECORD_MOVES)
    query = "levels=easy,easy,easy&nosw=1&seed=21"
    open_game(page, f"{query}&speed=instant")
    play_until(page, lambda: page.get_attribute("#app", "data-phase") == "play" and moves(page) >= 12
               and page.query_selector(MY_TURN) is not None)
    open_game(page, f"{query}&speed=slow")  # the same match, at the pace a person reads it
    page.wait_for_selector(MY_TURN, state="attached")
    before = moves(page)
    page.click("#hand button:not([disabled])")
    page.wait_for_selector(f"#app[data-moves='{before + 1}']", state="attached")
    wait_until(lambda: len(stored_actions(page)) >= before + 4, what="the computers' moves stored")  # decided ahead
    open_game(page, f"{query}&speed=fast")
    shown = int(page.evaluate(f"sessionStorage.getItem('{MOVES_AT_UNLOAD}')"))  # what the table showed as it went
    page.wait_for_selector(MY_TURN, state="attached", timeout=30_000)
    stored = len(stored_actions(page))
    # At this pace the computers' cards show 1.3 s apart: some were still to come at the reload
    assert before < shown < before + 4, (before, shown)
    seen = moves_shown(page)
    assert seen[0] == shown, (shown, stored, seen)  # where the table was left, then each move
    assert seen == list(range(shown, stored + 1)), (shown, stored, seen)


def test_a_reload_during_the_deal_summary_shows_the_deal_end_again(page: Page, open_game):
    """Reloaded while a deal's summary showed, the page opened in the next deal, its bidding done
    by the computers unseen: no last trick, no summary. The deal's last card is played back, its
    trick gathered and its summary shown, then the next deal's bids."""
    from test_play import at_the_last_card

    page.add_init_script(RECORD_MOVES)
    at_the_last_card(page, open_game)
    page.click("#hand button:not([disabled])")  # the person's last card; the deal's comes after it
    page.wait_for_selector("#deal-summary:not([hidden])", timeout=15_000)  # for 5 s
    title = page.text_content("#deal-summary h2")
    last = moves(page)  # the deal's last card, whose step ends with the summary
    open_game(page, "speed=fast")
    page.wait_for_selector("#deal-summary:not([hidden])", timeout=15_000)
    assert page.text_content("#deal-summary h2") == title
    page.wait_for_selector(MY_TURN, state="attached", timeout=30_000)
    seen = moves_shown(page)
    assert seen == list(range(last - 1, len(stored_actions(page)) + 1)), (last, seen)
