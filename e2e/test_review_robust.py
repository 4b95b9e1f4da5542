"""The deal review when things go wrong, and what a screen reader hears of it.

- A decision the analysis worker cannot value ({kind: "analysis", key, index, error}) is said at
  its card within a bounded wait, with a Retry, never "Valuing this card…" forever.
- An analysis worker that dies while a review is open is noticed (the open review keeps it
  watched: engine.expect) and said, with a Retry that opens the review on a new worker.
- The live regions #review-decision and #review-position are left alone while decisions other
  than the one on show arrive (the computer seats' are valued in the background): a screen reader
  hears each change once.
- A kept review (IndexedDB `review:<key>`, this build's) with a decision of another shape, altered
  by hand or damaged, is not used for that decision: it is valued again. Its loss used to be
  summed into the statistics as it was ("lots": every statistic then read as unreadable), and a
  decision that is not an object broke every render of the review.

Failures are injected as e2e/test_reliability.py does: a script in the page or the worker (here
an init script that wraps the page's `Worker`, so the analysis worker's messages can be altered
or held on their way to js/engine-client.js), or `close()` run in the worker (a silent death).
"""
from __future__ import annotations

import time

from playwright.sync_api import Page

from test_review import LOADED, at, go_to, resume, review_from_sheet, shown_values, stats
from ui_helpers import BUSY, READ_ENTRY, WRITE_ENTRY, keep_review, load_save, match_key_and_build, next_frame, reach_storage, wait_until, worker_named

REVIEW_UP = "#dlg-review[open][data-loaded='1']"
FAILURE = "#review-decision .review-error"
RETRY = "#review-decision [data-intent='review-retry']"

# Wraps the page's Worker: the analysis worker's {kind: "analysis"} messages go through
# window.__analysisFilter(msg, deliver) when a test sets one (deliver() hands the message on).
WRAP_WORKER = """(() => {
  const Native = window.Worker;
  window.__analysisFilter = null;
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      this.__role = options && options.name;
    }
    get onmessage() { return super.onmessage; }
    set onmessage(handler) {
      if (!handler || this.__role !== "analysis") { super.onmessage = handler; return; }
      super.onmessage = (event) => {
        const msg = event.data;
        const deliver = (m = msg) => handler.call(this, m === msg ? event : { data: m });
        if (msg && msg.kind === "analysis" && window.__analysisFilter) window.__analysisFilter(msg, deliver);
        else deliver();
      };
    }
  };
})();"""

# The person's first valued card comes as the error analysis-host.js posts when a decision cannot
# be valued, each time it is posted, until the test sets window.__failing = false (the worker
# keeps the real value: a Retry asks for it again).
FAIL_FIRST_PERSON_CARD = WRAP_WORKER + """
window.__failed = null;
window.__failing = true;
window.__analysisFilter = (msg, deliver) => {
  const d = msg.decision;
  if (window.__failed === null && d && d.seat === 0 && d.kind === "card") window.__failed = msg.index;
  if (window.__failing && d && msg.index === window.__failed) {
    deliver({ kind: "analysis", key: msg.key, index: msg.index, error: "injected failure", type: "InternalError" });
  } else deliver();
};"""

# The computer seats' decisions are held back (counted in __background.held) until
# __background.release() hands them all on; after that they pass (counted in .passed).
HOLD_BACKGROUND = WRAP_WORKER + """
window.__background = { hold: true, held: [], passed: 0 };
window.__background.release = () => {
  const b = window.__background;
  b.hold = false;
  const n = b.held.length;
  for (const deliver of b.held.splice(0)) { deliver(); b.passed += 1; }
  return n;
};
window.__analysisFilter = (msg, deliver) => {
  const b = window.__background;
  if (!msg.decision || msg.decision.seat === 0) return deliver();
  if (b.hold) b.held.push(deliver);
  else { deliver(); b.passed += 1; }
};"""

# Counts every change under the two live regions from now on (a text node replaced by an equal
# one is a change a screen reader announces again).
OBSERVE_LIVE = """() => {
  window.__liveChanges = [];
  const note = (records) => {
    for (const r of records) window.__liveChanges.push(`${r.target.id || r.target.parentElement?.closest("[id]")?.id}:${r.type}`);
  };
  const observer = new MutationObserver(note);
  for (const id of ["review-decision", "review-position"]) {
    observer.observe(document.getElementById(id), { childList: true, subtree: true, characterData: true });
  }
  window.__liveObserver = observer;
}"""


def first_person_card(match: dict) -> tuple[dict, int]:
    """The person's first card decision of the reviewed deal, and its position (0-31)."""
    d = next(d for d in match["review"]["decisions"] if d["seat"] == 0 and d["kind"] == "card")
    return d, d["trick"] * 4 + d["position"]


def analysis_worker(page: Page):
    """The analysis worker (js/worker.js named by its role), not the game's nor the service worker."""
    return worker_named(page, "analysis")


def open_review(page: Page) -> None:
    page.click("#btn-sheet")
    page.click("#dlg-sheet .review-open")
    page.wait_for_selector(REVIEW_UP, timeout=90_000)


def test_a_decision_that_cannot_be_valued_says_so_and_retry_values_it(page: Page, open_game, match):
    page.add_init_script(FAIL_FIRST_PERSON_CARD)
    # analysis=0: the analysis worker starts with the review, so every value comes as a message
    resume(page, open_game, match["done"], "speed=instant&analysis=0")
    open_review(page)
    first, pos = first_person_card(match)
    go_to(page, pos)
    page.wait_for_selector("#review-decision:has-text('injected failure')", timeout=30_000)
    assert page.query_selector(RETRY) is not None
    panel = page.text_content("#review-decision")
    assert "Valuing" not in panel and "not available" in panel, panel
    summary = page.text_content("#review-summary")
    assert "Valuing your cards" not in summary and "injected failure" in summary, summary
    assert page.query_selector("#review-table .review-seat-0 .review-card.legal") is None

    page.evaluate("window.__failing = false")
    page.click(RETRY)  # the worker valued it: it is posted again
    page.wait_for_selector("#review-table .review-seat-0 .review-card.legal", timeout=30_000)
    assert shown_values(page) == first["values"]
    assert page.query_selector(FAILURE) is None
    page.wait_for_selector(LOADED, timeout=60_000)
    assert "injected failure" not in page.text_content("#review-summary")


def test_an_analysis_worker_dying_while_the_review_is_open_says_so(page: Page, open_game, match):
    page.clock.install()  # time flows as usual; the test skips the liveness check's minute below
    resume(page, open_game, match["done"], "speed=instant")
    review_from_sheet(page)
    first, pos = first_person_card(match)
    go_to(page, pos)
    analysis_worker(page).evaluate("close()")  # dies without a word, like a killed process
    # noticed by the liveness ping (quiet 30 s, then 30 s without an answer), not by a call
    page.clock.fast_forward(31_000)  # quiet: pinged
    page.clock.fast_forward(31_000)  # no answer: dead
    page.wait_for_selector("#review-decision:has-text('stopped answering')", timeout=30_000)
    assert page.query_selector(RETRY) is not None
    assert "stopped answering" in page.text_content("#review-summary")

    page.click(RETRY)  # a new analysis worker, the same position
    # The dialog still says loaded (the values shown before the worker died) until the retry's
    # first draw: wait for that draw, or LOADED matches the old state at once.
    page.wait_for_selector(RETRY, state="detached", timeout=10_000)
    page.wait_for_selector(LOADED, timeout=90_000)
    at(page, pos)
    assert page.query_selector(FAILURE) is None
    assert shown_values(page) == first["values"]


def test_a_review_opened_from_the_score_sheet_closes_back_to_it(page: Page, open_game, match):
    """Closing a review opened from the score sheet goes back to the sheet, on the deal's button
    (the next deal is reviewed from there), by Escape or by Close; the sheet then closes to its
    own button on the table."""
    resume(page, open_game, match["done"], "speed=instant&analysis=0")
    button = f"#dlg-sheet [data-intent='review'][data-deal='{match['deal']}']"
    focused_deal = "() => document.activeElement?.dataset.deal ?? null"
    page.click("#btn-sheet")
    for close in (lambda: page.keyboard.press("Escape"), lambda: page.click("#dlg-review .review-close")):
        page.click(button)
        page.wait_for_selector("#dlg-review[open]")
        assert page.query_selector("#dlg-sheet[open]") is None
        close()
        page.wait_for_selector("#dlg-sheet[open]")
        assert page.query_selector("#dlg-review[open]") is None
        assert page.evaluate(focused_deal) == str(match["deal"])
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")
    page.wait_for_selector("#btn-sheet:focus", state="attached")  # where the sheet was opened from


def test_decisions_arriving_for_other_cards_leave_the_live_regions_alone(page: Page, open_game, match):
    page.add_init_script(HOLD_BACKGROUND)
    resume(page, open_game, match["done"], "speed=instant")
    review_from_sheet(page)  # the person's 8 cards valued; the computers' are being valued
    first, pos = first_person_card(match)
    go_to(page, pos)
    deadline = time.monotonic() + 90
    while page.evaluate("window.__background.held.length") < 4:
        assert time.monotonic() < deadline, "the computer seats' decisions did not come"
        time.sleep(0.2)
    next_frame(page)
    decision_text = page.text_content("#review-decision")
    page.evaluate(OBSERVE_LIVE)
    released = page.evaluate("window.__background.release()")
    assert released >= 4
    next_frame(page)
    time.sleep(1.0)  # and whatever else is valued meanwhile
    next_frame(page)
    assert page.evaluate("window.__background.passed") >= released
    assert page.evaluate("window.__liveChanges") == []
    assert page.text_content("#review-decision") == decision_text

    # what is on show still changes them
    page.keyboard.press("ArrowRight")
    at(page, pos + 1)
    next_frame(page)
    changed = page.evaluate("window.__liveChanges")
    assert any(c.startswith("review-position") for c in changed), changed
    assert any(c.startswith("review-decision") for c in changed), changed


# The page's match key of a save and its build (what analysis-host.js keeps a review under).
def plant_kept_review(page: Page, open_game, match, index: int, decision) -> None:
    """Stores the finished match with every decision of its deal kept by this build (CPython's
    values), decision `index` replaced by `decision`, and statistics counting the deal as played."""
    reach_storage(page, open_game.site_url)
    load_save(page, match["done"])
    key, build = match_key_and_build(page, match["done"], open_game.site_url)
    decisions = {str(i): d for i, d in enumerate(match["review"]["decisions"])}
    decisions[str(index)] = decision
    keep_review(page, f"review:match:{key}:{match['deal']}", {"build": build, "decisions": decisions})
    played = {"version": 1, "levels": {}, "reviews": {}, "played": {"match": key, "deals": [match["deal"]]}}
    page.evaluate(WRITE_ENTRY, {"key": "stats", "record": played})


def person_cards(match: dict) -> list[int]:
    """The indexes of the person's card decisions in the deal's outline (every seat, play order)."""
    return [i for i, d in enumerate(match["review"]["decisions"]) if d["seat"] == 0 and d["kind"] == "card"]


def test_a_kept_decision_with_a_loss_that_is_not_a_number_is_valued_again(page: Page, open_game, match):
    first = person_cards(match)[0]
    plant_kept_review(page, open_game, match, first, {**match["review"]["decisions"][first], "loss": "lots"})
    open_game(page, "speed=instant")  # the boot reviews the last played deal
    deadline = time.monotonic() + 60
    while not (page.evaluate(READ_ENTRY, "stats") or {}).get("reviews"):
        assert time.monotonic() < deadline, "the deal's review was never counted"
        page.wait_for_timeout(250)
    [counted] = page.evaluate(READ_ENTRY, "stats")["reviews"].values()
    loss = sum(match["review"]["decisions"][i]["loss"] for i in person_cards(match))
    assert counted["loss"] == loss and counted["decisions"] == 8, counted  # CPython's, not "0lots…"
    shown = stats(page)
    assert shown["reviewed"] == "1" and shown["loss"] == f"{loss / 8:.1f}", shown


def test_a_kept_decision_that_is_not_a_decision_is_valued_again(page: Page, open_game, match):
    first = person_cards(match)[0]
    plant_kept_review(page, open_game, match, first, 5)
    open_game(page, "speed=instant&analysis=0")
    review_from_sheet(page)  # all 8 cards valued (every render threw: the review never loaded)
    d, pos = first_person_card(match)
    go_to(page, pos)
    assert shown_values(page) == d["values"]


def test_steps_taken_while_the_review_loads_are_kept(page: Page, open_game, match):
    """On a slow phone the review's outline waits behind a decision being valued (9.8 s measured
    at a sixth of this machine's speed): arrow keys pressed meanwhile were dropped. They are kept
    and shown once the outline is there."""
    resume(page, open_game, match["done"], "speed=instant")
    page.wait_for_selector("html[data-analysis='ready']", state="attached", timeout=90_000)
    analysis_worker(page).evaluate(BUSY, 6000)  # the clicks and the check below fit in it on a stalled host
    page.click("#btn-sheet")
    page.click("#dlg-sheet .review-open")
    page.wait_for_selector("#dlg-review[open]")
    assert page.get_attribute("#dlg-review", "data-loaded") != "1"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(REVIEW_UP, timeout=90_000)
    at(page, 2)


# Every decision the analysis worker posts from now on, by seat, on its way to the page.
COUNT_DECISIONS = """() => {
  window.__seats = [];
  window.__analysisFilter = (msg, deliver) => { window.__seats.push(msg.decision ? msg.decision.seat : null); deliver(); };
}"""


def decisions_until_quiet(page: Page, quiet: float = 3.0, limit: float = 90.0) -> list[int | None]:
    """The seats of the decisions posted since COUNT_DECISIONS, once none came for `quiet` seconds."""
    deadline = time.monotonic() + limit
    seen, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        n = page.evaluate("window.__seats.length")
        if n != seen:
            seen, since = n, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
        time.sleep(0.1)
    return page.evaluate("window.__seats")


def test_a_closed_review_values_only_the_persons_decisions_until_it_shows_again(page: Page, open_game, match):
    """Closed, a review went on valuing the computer seats' decisions (24 in a deal), taking a
    core from the match's computer moves; now it values only what the statistics count, the
    person's, and the computer seats' again once it is opened again."""
    page.add_init_script(WRAP_WORKER)
    resume(page, open_game, match["done"], "speed=instant")
    review_from_sheet(page)
    page.keyboard.press("Escape")  # the review closes back to the score sheet
    page.wait_for_selector("#dlg-review:not([open])", state="attached")
    page.evaluate(COUNT_DECISIONS)
    after_close = decisions_until_quiet(page)
    # one computer decision may have been under way when the page closed it, one more queued
    assert sum(1 for seat in after_close if seat != 0) <= 2, after_close
    page.keyboard.press("Escape")
    page.evaluate(COUNT_DECISIONS)
    review_from_sheet(page)
    wait_until(lambda: any(seat not in (0, None) for seat in page.evaluate("window.__seats")), timeout=60,
               what="a computer seat's decision valued once the review shows again")
