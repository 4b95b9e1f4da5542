"""Helpers for driving the table UI in e2e tests (site/js: the hooks are documented in
docs/contracts.md "Page test hooks"): click whatever the page offers until a condition holds."""
from __future__ import annotations

import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Browser, BrowserContext, Frame, Page

LEGACY_SAVE_KEY = "belote.save.v1"  # where builds before the worker kept the match
MY_TURN = '#app[data-my-turn="1"]'
BID = "#bids button:not([disabled])"
LEGAL_CARD = "#hand button:not([disabled])"
# A query part for tests whose subject is not the deal review: the page boots its analysis worker
# only when a review is opened (site/js/params.js), so no second runtime boots and no finished deal
# is valued in the background. Measured on one deal of test_play: 10.2 -> 7.0 s of renderer CPU,
# CPU the suite's other worker needs. The reviews' own tests keep the page's default.
NO_BACKGROUND_REVIEWS = "analysis=0"
# A statement for an async page function: waits until the page's finite animations (a card sliding
# in, the hand settling after a resize) have ended, so what follows measures the layout they leave.
FINITE_ANIMATIONS_ENDED = """await Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime < Infinity)
    .map((a) => a.finished.catch(() => null)));"""
# For a worker's evaluate(BUSY, ms): keeps it busy for `ms` (as a Hard move thinking, or a decision
# being valued on a slow phone, does): the requests that come meanwhile queue behind it.
BUSY = """(ms) => { setTimeout(() => { const t = Date.now(); while (Date.now() - t < ms) {} }, 0); }"""
# For a worker's evaluate(HOLD_CALLS, method): the page's calls of `method` wait in the worker,
# unanswered, until evaluate("() => self.releaseHeldCalls()"), which settles once they are answered.
# Unlike BUSY, no deadline: a test makes something happen meanwhile, however slow the host.
# (Pings and other calls are answered as usual: the page sees a live engine.)
HOLD_CALLS = """(method) => {
  const handle = self.onmessage;
  const held = [];
  self.onmessage = (event) => (event.data?.method === method ? void held.push(event) : handle(event));
  self.heldCalls = () => held.length;
  self.releaseHeldCalls = () => new Promise((resolve) => {
    const waiting = new Set(held.map((event) => event.data.id));
    const post = self.postMessage;
    self.postMessage = (msg, ...rest) => {
      post.call(self, msg, ...rest);
      if (waiting.delete(msg?.id) && !waiting.size) { self.postMessage = post; resolve(held.length); }
    };
    self.onmessage = handle;
    held.forEach((event) => handle(event));
    if (!held.length) { self.postMessage = post; resolve(0); }
  });
}"""


def _in_store(params: str, body: str) -> str:
    """A page function ``(params) => Promise`` that opens the engine worker's store
    (site/js/match-store.js: IndexedDB "belote", store "match") and runs ``body`` with it
    open as ``db``; ``body`` closes it and settles with ``resolve``/``reject``."""
    return f"""({params}) => new Promise((resolve, reject) => {{
  const open = indexedDB.open("belote", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("match");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {{
    const db = open.result;
{body}
  }};
}})"""


# The record of the match in progress: key "current".
READ_RECORD = _in_store("", """\
    const get = db.transaction("match", "readonly").objectStore("match").get("current");
    get.onsuccess = () => { db.close(); resolve(get.result || null); };
    get.onerror = () => { db.close(); reject(get.error); };""")
# The entry under `key` in that store (null when there is none).
READ_ENTRY = _in_store("key", """\
    const get = db.transaction("match", "readonly").objectStore("match").get(key);
    get.onsuccess = () => { db.close(); resolve(get.result === undefined ? null : get.result); };
    get.onerror = () => { db.close(); reject(get.error); };""")
# Puts `record` under `key` in that store, or deletes the key when `record` is null.
WRITE_ENTRY = _in_store("{key, record}", """\
    const tx = db.transaction("match", "readwrite");
    if (record === null) tx.objectStore("match").delete(key);
    else tx.objectStore("match").put(record, key);
    tx.oncomplete = () => { db.close(); resolve(true); };
    tx.onerror = () => { db.close(); reject(tx.error); };""")
# The values reviews kept (site/js/match-store.js keepReview): {"review:<key>": record}.
READ_REVIEWS = _in_store("", """\
    const store = db.transaction("match", "readonly").objectStore("match");
    const range = IDBKeyRange.bound("review:", "review:\\uffff");
    const keys = store.getAllKeys(range), values = store.getAll(range);
    values.onsuccess = () => {
      db.close();
      resolve(Object.fromEntries(keys.result.map((k, i) => [k, values.result[i]])));
    };
    values.onerror = () => { db.close(); reject(values.error); };""")


# An init script: every line the live log (#live) is given, in order, in window.__announced (the log
# keeps only its last few, and at instant speed more arrive between two polls).
RECORD_ANNOUNCED = """
  window.__announced = [];
  document.addEventListener("DOMContentLoaded", () => {
    const log = document.getElementById("live");
    if (log) new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) window.__announced.push(n.textContent);
    }).observe(log, { childList: true });
  });
"""


# Things the page shows for a moment (a deal summary stays 1.5 s at fast) are read and acted on in the
# page, in the task that shows them: a test round trip there lost the race on a stalled host.
WATCH_SUMMARIES = """() => {
  window.__summaries = [];
  const box = document.querySelector("#deal-summary");
  new MutationObserver(() => {
    const last = window.__summaries.at(-1);
    if (!box.hidden && (!last || last.hiddenAt !== null)) {
      window.__summaries.push({ shownAt: performance.now(), hiddenAt: null, text: box.innerText,
        title: box.querySelector("#deal-summary-title")?.textContent ?? null, total: !!box.querySelector("tr.total") });
    } else if (box.hidden && last && last.hiddenAt === null) {
      last.hiddenAt = performance.now();
    }
  }).observe(box, { attributes: true, attributeFilter: ["hidden"], childList: true });
}"""
DISMISS_SUMMARY = """() => {
  const ok = document.querySelector("#deal-summary:not([hidden]) [data-intent='dismiss-summary']");
  if (ok) ok.click();
  return !!ok;
}"""
CLICK_WHEN = """([watch, target, count]) => {
  const check = () => {
    if (document.querySelectorAll(watch).length < count) return false;
    obs.disconnect();
    document.querySelector(target).click();
    return true;
  };
  const obs = new MutationObserver(check);
  if (!check()) obs.observe(document.documentElement, { attributes: true, childList: true, subtree: true });
}"""


def summaries(page: Page) -> list[dict]:
    """The deal summaries shown since WATCH_SUMMARIES: {shownAt, hiddenAt (null while on show), text, title, total}."""
    return page.evaluate("window.__summaries")


def click_when(page: Page, watch: str, target: str, count: int = 1) -> None:
    """Clicks `target` in the page the moment `watch` matches `count` elements (now, if it already does)."""
    page.evaluate(CLICK_WHEN, [watch, target, count])


def touch_page(browser: Browser, guard, width: int, height: int) -> tuple[BrowserContext, Page]:
    """A phone's context (touch, a mobile viewport of width x height, 2x pixels), watched by
    `guard` like the `page` fixture's, and a page in it; the caller closes the context."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2)
    context.set_default_timeout(30_000)
    guard.attach(context)
    return context, context.new_page()


def stored_record(page: Page) -> dict | None:
    """The stored record {save, owner, savedAt, build} of the match in progress, or None."""
    return page.evaluate(READ_RECORD)


def saved(page: Page) -> dict | None:
    """The bridge's save object {game, levels, ai_seed} the engine stored after its last action."""
    record = stored_record(page)
    return record["save"] if record else None


# Registers the game's service worker as sw-register.js does (same script URL, so the game's page
# adopts the registration) and resolves once it is active: its precache is done. Nothing to do in a
# browser without service workers (e2e/conftest.py: tests not marked `service_worker`).
INSTALL_SERVICE_WORKER = """async (script) => {
  if (!navigator.serviceWorker) return;
  await navigator.serviceWorker.register(script, { updateViaCache: "none" });
  await navigator.serviceWorker.ready;
}"""


def reach_storage(page: Page, site_url: str) -> None:
    """Opens a static file of the site's origin, with the game's service worker installed where the
    test's browser has them: storage can be written before the game's first load, without booting a
    runtime only to navigate away from it (~3.5 s of CPU a boot). The game then opens as on a return
    visit, as after such a boot: on a first visit its analysis worker would wait for the precache, and
    the precache's CPU would shift a test's timing."""
    page.goto(site_url + "icons/icon.svg")
    page.evaluate(INSTALL_SERVICE_WORKER, site_url + "sw.js")


def load_save(page: Page, save: dict, owner: str | None = None) -> None:
    """Stores `save` as the match in progress (the page resumes it on its next load)."""
    page.evaluate(WRITE_ENTRY, {"key": "current", "record": {"save": save, "owner": owner, "savedAt": "test", "build": "test"}})


def clear_store(page: Page) -> None:
    """Forgets the stored match (as on a browser that never played)."""
    page.evaluate(WRITE_ENTRY, {"key": "current", "record": None})


KEY_AND_BUILD = """async ([save, site]) => {
  const { matchKey } = await import(new URL("js/stats.js", site));
  const { BUILD } = await import(new URL("js/build-info.js", site));
  return [await matchKey(save), BUILD.build];
}"""


def match_key_and_build(page: Page, save: dict, site_url: str) -> tuple[str, str]:
    """The page's own key for `save`'s match (stats.js matchKey) and the build the page runs."""
    key, build = page.evaluate(KEY_AND_BUILD, [save, site_url])
    return key, build


def kept_reviews(page: Page) -> dict[str, dict]:
    """What the analysis worker kept of each review: {"review:<key>": {build, decisions}}."""
    return page.evaluate(READ_REVIEWS)


def keep_review(page: Page, key: str, record: dict | None) -> None:
    """Replaces (None: forgets) a review's kept values."""
    page.evaluate(WRITE_ENTRY, {"key": key, "record": record})


def forget_reviews(page: Page) -> None:
    """Forgets every review's kept values (as if no deal had been reviewed in this browser)."""
    for key in kept_reviews(page):
        keep_review(page, key, None)


def wait_until(check, timeout: float = 30.0, what: str = "condition") -> None:
    """Polls ``check()`` every 50 ms until it is true; fails naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what} ({timeout} s)"
        time.sleep(0.05)


def moves(page: Page) -> int:
    """How many actions of the match the table has shown."""
    value = page.get_attribute("#app", "data-moves")
    return int(value) if value else 0


def next_frame(page: Page | Frame) -> None:
    """Waits until the page has drawn (renders are batched in requestAnimationFrame)."""
    page.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))")


def deals_done(page: Page) -> int:
    value = page.get_attribute("#app", "data-deals-done")
    return int(value) if value else 0


def act_once(page: Page, *, tap: bool = False, prefer: str = "take", timeout: float = 30.0) -> None:
    """Waits for the person's turn, then plays: a bid (`prefer` when offered) or the first legal card.

    Returns once the table has shown the action (the moves counter grew); raises when that does
    not happen within `timeout` seconds. A button redrawn away under the click is looked up again.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        page.wait_for_selector(MY_TURN, state="attached", timeout=max(1.0, deadline - time.monotonic()) * 1000)
        bids = page.query_selector_all(BID)
        if bids:
            chosen = next((b for b in bids if b.get_attribute("data-action") == prefer), bids[0])
        else:
            chosen = page.query_selector(LEGAL_CARD)
        if chosen is None:  # the turn ended between the two looks (a re-render): look again
            continue
        before = moves(page)
        try:
            if tap:
                chosen.tap(timeout=5000)
            else:
                chosen.click(timeout=5000)
        except PlaywrightError as e:  # redrawn away under us (the page was mid-render): look again
            if "not attached" in str(e) or "Timeout" in str(e):
                continue
            raise
        while time.monotonic() < deadline:
            if moves(page) > before:
                next_frame(page)
                return
            time.sleep(0.02)
    raise AssertionError(f"the person's action was not shown within {timeout} s")


def play_until(page: Page, done, *, tap: bool = False, limit: int = 2000, timeout: float = 60.0) -> None:
    """Acts whenever it is the person's turn until done() is true."""
    for _ in range(limit):
        if done():
            return
        if page.query_selector(MY_TURN) is None:
            if page.query_selector("#dlg-over[open]"):
                return
            time.sleep(0.03)
            continue
        act_once(page, tap=tap, timeout=timeout)
    raise AssertionError("play_until: gave up")


def play_deal(page: Page, *, tap: bool = False) -> None:
    """Plays until one more deal has been scored (a thrown-in deal counts as a deal)."""
    start = deals_done(page)
    deadline = time.monotonic() + 180
    play_until(page, lambda: deals_done(page) > start or time.monotonic() > deadline, tap=tap)
    assert deals_done(page) > start, "no deal was finished within 3 minutes"
    # The score bar tells the deal's result with its summary (its last trick shows the scores before it).
    page.wait_for_function("() => { const a = document.querySelector('#app').dataset; return a.dealEnd !== '1' || a.summary === '1'; }")


def worker_named(page: Page, role: str):
    """The page's js/worker.js named ``role`` ("match": the game's engine, "analysis": the deal
    review's), the newest if it was restarted; never the service worker."""
    found = [w for w in page.workers if "/js/worker.js" in w.url and _worker_name(w) == role]
    assert found, [w.url for w in page.workers]
    return found[-1]


def _worker_name(worker) -> str | None:
    """A worker's name, or None when it ended while the page's workers were listed (ci112: one in
    the list was gone by the time it was asked)."""
    try:
        return worker.evaluate("self.name")
    except PlaywrightError:
        return None
