"""Offline and updates (issue 5, item 1), in a persistent (on-disk) Chromium profile like a
real visitor's: after one visit the game boots and plays with the server stopped; a new
build moves the next visits to the new version and no page ever runs files of two builds."""
from __future__ import annotations

import contextlib
import fcntl
import functools
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from conftest import BOOT_TIMEOUT_MS, READY, ROOT
from serve import make_server, start_in_thread
from ui_helpers import MY_TURN, act_once, play_deal, play_until, saved

pytestmark = pytest.mark.service_worker  # offline play is the service worker's

QUERY = "?levels=easy,easy,easy&speed=instant&seed=5"
SW_ACTIVE = 'html[data-sw="active"]'
SW_UPDATE_READY = 'html[data-sw-update="ready"]'


def serve(directory: Path):
    server = make_server(directory, 0)
    start_in_thread(server)
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def stop(server) -> None:
    server.shutdown()
    server.server_close()


def stamps(page) -> tuple[str, str]:
    """(the page's build stamp, the build the engine worker itself runs)."""
    return (page.get_attribute('meta[name="belote-build"]', "content"),
            page.get_attribute("html", "data-engine-build"))


def wasm_downloads(server) -> int:
    """Full downloads of the wasm (a 304 answer to a revalidation, e.g. by the analysis worker, is none)."""
    return sum(1 for path, status in server.hits if path.endswith("pyodide.asm.wasm") and status != 304)


def test_after_one_visit_the_game_boots_and_plays_with_the_server_stopped(persistent, site_dir):
    server, url = serve(site_dir)
    ctx, guard = persistent(url)
    page = first_visit(ctx, url)
    assert wasm_downloads(server) == 1  # the service worker's precache reused it (disk profile)
    stop(server)

    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    play_deal(page)
    # and a brand-new tab, offline too
    other = ctx.new_page()
    other.goto(url + QUERY)
    other.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    guard.check()


def test_offline_with_the_http_cache_cleared_the_game_boots_from_the_service_workers_caches(persistent, site_dir):
    # The service worker takes the wasm from the HTTP cache while that holds it (V8 keeps its
    # compiled code there); without it, and without the server, its own runtime cache answers.
    server, url = serve(site_dir)
    ctx, guard = persistent(url)
    page = ctx.new_page()
    page.goto(url + QUERY)
    page.wait_for_selector(SW_ACTIVE, state="attached", timeout=BOOT_TIMEOUT_MS)
    stop(server)
    ctx.new_cdp_session(page).send("Network.clearBrowserCache")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-engine-build") == page.get_attribute('meta[name="belote-build"]', "content")
    guard.check()


def build(out: Path, build_id: str, shared_dir: Path) -> Path:
    """A copy at `out` of the site built with `build_id` (a test may change its copy). Each build
    is made once in `shared_dir` and copied from there: the two builds every update test needs
    took about 20 s of each test's setup."""
    shared = shared_dir / f"e2e-build-{build_id}"
    with open(f"{shared}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not Path(f"{shared}.built").exists():
            shutil.rmtree(shared, ignore_errors=True)
            subprocess.run([sys.executable, str(ROOT / "build_wheel.py"), "--out", str(shared), "--build-id", build_id],
                           cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
            Path(f"{shared}.built").touch()
    shutil.copytree(shared, out, symlinks=True)
    return out


def deploy(tmp_path: Path, current: Path, target: Path) -> None:
    """Swaps the served folder atomically, like a static host."""
    tmp_link = tmp_path / "current.new"
    tmp_link.symlink_to(target, target_is_directory=True)
    os.replace(tmp_link, current)


class Release(threading.Event):
    """Set, it answers the held requests; `arrived` is set once one of them reached the server."""

    def __init__(self) -> None:
        super().__init__()
        self.arrived = threading.Event()


def hold(server, path: str, answer: bool = False) -> Release:
    """Requests for `path` get their answer only once the returned event is set (or after 120 s):
    204, or with `answer` the file itself."""
    release = Release()
    site = server.RequestHandlerClass  # functools.partial(SiteHandler, directory=...)

    class Held(site.func):
        def do_GET(self) -> None:
            if self.path == path:
                release.arrived.set()
                release.wait(120)
                if not answer:
                    self.send_response(204)
                    self.end_headers()
                    return
            super().do_GET()

    server.RequestHandlerClass = functools.partial(Held, *site.args, **site.keywords)
    return release


def first_visit(ctx, url: str):
    """A first visit to the game: booted, and its build precached (offline play works from now on)."""
    page = ctx.new_page()
    page.goto(url + QUERY)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(SW_ACTIVE, state="attached", timeout=BOOT_TIMEOUT_MS)
    return page


def controlled_page(ctx, url: str):
    """A page of the game on a return visit: controlled by the active build's service worker."""
    page = first_visit(ctx, url)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    return page


def install_b(page, deploy_b) -> None:
    """Deploys build B and lets `page` find it: B installs and waits, offered to the player."""
    deploy_b()
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_selector(SW_UPDATE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)


def page_id(page) -> float:
    """Changes when the page reloads."""
    return page.evaluate("performance.timeOrigin")


def test_a_build_installed_while_a_page_boots_never_reloads_it(persistent, two_builds):
    """B installs during the boot of a page running A: the page plays on A (no reload after its
    first table), B is offered, and the next visit runs B, all of it."""
    server, url, deploy_b = two_builds
    ctx, guard = persistent(url)
    first = ctx.new_page()
    first.goto(url + QUERY)
    first.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    first.wait_for_selector(SW_ACTIVE, state="attached", timeout=BOOT_TIMEOUT_MS)
    first.close()

    deploy_b()
    hits_before = len(server.hits)
    second = ctx.new_page()
    second.goto(url + QUERY)  # the navigation's update check installs B during this boot
    second.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    loaded = page_id(second)
    assert stamps(second) == ("test-A", "test-A")
    second.wait_for_selector(SW_UPDATE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    second.wait_for_selector('[data-notice="update"]', state="attached")  # offered (bidding: between deals)
    act_once(second)
    second.wait_for_timeout(1500)
    assert page_id(second) == loaded and stamps(second) == ("test-A", "test-A")  # never forced
    second.close()
    guard.check()
    ctx.close()

    # The next visit, in a new browser session on the same profile. Right after the close, in the
    # same session, B's activation waits until A has no work left (w3c/ServiceWorker#916), and
    # Chromium can count a response stream of a page closed earlier as A's work until its 5-minute
    # limit: here 7 of 10 tries that navigated at once were held past 60 s (one measured: about
    # 300 s), and CI saw this navigation's commit held past 60 s (3a17703). A new session is free.
    ctx, guard = persistent(url)
    third = ctx.new_page()
    third.goto(url + QUERY, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
    third.wait_for_selector('meta[name="belote-build"][content="test-B"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    third.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert stamps(third) == ("test-B", "test-B")
    caches = third.evaluate("caches.keys()")
    assert "belote:/:site-test-B" in caches and "belote:/:site-test-A" not in caches, caches
    # the 13 MB runtime was not downloaded again for the new build
    assert not [p for p, _ in server.hits[hits_before:] if p.endswith(".wasm")], server.hits[hits_before:]
    guard.check()


def keep_a_request_open(ctx, url: str, release: Release) -> None:
    """Opens a page of the controlling build (its rules, no match) whose request for /held that
    build's service worker keeps in flight (`hold`), so Chromium holds any takeover until `release`."""
    rules = ctx.new_page()
    rules.goto(url + "rules/en.html")
    assert rules.evaluate("!!navigator.serviceWorker.controller")
    rules.evaluate("fetch('/held').catch(() => {}); 0")
    assert release.arrived.wait(30), "the held request never reached the server"


@contextlib.contextmanager
def held_takeover(persistent, two_builds):
    """A page that asked build B to take over while a page of A's keeps a request in flight, so
    Chromium holds the takeover: yields (that page, booted on A with B offered, its guard);
    leaving the block ends the held request, and the takeover lands then."""
    server, url, deploy_b = two_builds
    release = hold(server, "/held")
    ctx, guard = persistent(url)
    page = controlled_page(ctx, url)
    install_b(page, deploy_b)
    try:
        keep_a_request_open(ctx, url, release)  # a page of A's that holds no match
        page.close()
        nxt = ctx.new_page()
        nxt.goto(url + QUERY)
        nxt.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert nxt.evaluate("sessionStorage.getItem('belote-sw-reloaded')") == "1"  # it asked B to take over
        assert stamps(nxt) == ("test-A", "test-A")  # and booted on A after 4 s
        nxt.wait_for_selector(SW_UPDATE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        yield nxt, guard
    finally:
        release.set()


def test_a_takeover_the_browser_holds_lets_the_next_page_boot_on_its_own_build(persistent, two_builds):
    """B waits from an earlier visit, and the next page asks it to take over, but Chromium holds
    the activation while A still answers a request: the page does not sit blank, it boots on A
    within seconds, with B still offered."""
    with held_takeover(persistent, two_builds) as (_, guard):
        pass
    guard.check()


def test_a_return_visit_while_a_new_build_installs_is_ready_for_offline_play_at_once(persistent, two_builds):
    """register() waits behind an update in progress: while B's precache hung on a slow link, a
    page of A marked itself ready for offline play (and started its review worker) only once B's
    install had ended. It takes the registration it already has now."""
    server, url, deploy_b = two_builds
    ctx, guard = persistent(url)
    first = first_visit(ctx, url)
    release = hold(server, "/", answer=True)  # B's index.html: its install hangs (A's pages come from its cache)
    try:
        deploy_b()
        first.evaluate("navigator.serviceWorker.getRegistration().then((r) => { r.update(); })")
        first.wait_for_function("() => navigator.serviceWorker.getRegistration().then((r) => !!r.installing)")
        second = ctx.new_page()
        second.goto(url + QUERY)
        second.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        second.wait_for_selector(SW_ACTIVE, state="attached", timeout=10_000)
        # B still hangs (a register() call may start its install again: polled, not read once)
        second.wait_for_function("() => navigator.serviceWorker.getRegistration().then((r) => !!r.installing && !r.waiting)",
                                 timeout=10_000)
        assert stamps(second) == ("test-A", "test-A")
    finally:
        release.set()
    second.wait_for_selector(SW_UPDATE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)  # then B is offered
    guard.check()


def test_an_update_put_off_with_later_is_offered_again_by_the_next_match(persistent, two_builds):
    """"Later" hides the offer for the rest of the match, between deals too; a new match offers it
    again (before, "Later" hid it for as long as the page stayed open)."""
    server, url, deploy_b = two_builds
    ctx, guard = persistent(url)
    page = controlled_page(ctx, url)
    install_b(page, deploy_b)
    offer = '[data-notice="update"]'
    page.wait_for_selector(offer, state="attached", timeout=30_000)  # bidding: between deals
    page.click(offer + ' button[data-intent="dismiss-update"]')
    page.wait_for_selector(offer, state="detached")
    deal = int(page.get_attribute("#app", "data-deals-done"))
    play_until(page, lambda: int(page.get_attribute("#app", "data-deals-done")) != deal)
    page.wait_for_timeout(300)
    assert page.query_selector(offer) is None  # put off for this match
    page.click("#btn-new")
    page.wait_for_selector("#dlg-new[open]")
    page.click("#dlg-new button[type=submit]")
    page.click("#dlg-confirm [data-intent='confirm-new-game']")
    page.wait_for_selector(offer, state="attached", timeout=30_000)  # the next match offers it again
    assert stamps(page) == ("test-A", "test-A")  # offered, never forced
    guard.check()


def test_a_build_installed_during_a_deal_is_offered_between_deals_and_keeps_the_match(persistent, two_builds):
    """B installs while a deal is played: no reload, no offer during the deal; once the deal is
    over the offer appears, and accepting it reloads onto B with every move of the match kept.
    A second tab opened meanwhile stays on A (the match's tab keeps its build) and follows to B."""
    server, url, deploy_b = two_builds
    ctx, guard = persistent(url)
    page = controlled_page(ctx, url)
    play_until(page, lambda: page.get_attribute("#app", "data-phase") == "play"
               and page.query_selector(MY_TURN) is not None)
    loaded = page_id(page)

    install_b(page, deploy_b)
    other = ctx.new_page()  # a second tab meanwhile: the match is open in the first
    other.goto(url)
    other.wait_for_selector('#app[data-tab="elsewhere"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert stamps(other)[0] == "test-A"  # B waits: the playing tab's files stay whole
    page.bring_to_front()  # the person plays on in the first tab (a background tab's pace is throttled)
    deal = int(page.get_attribute("#app", "data-deals-done"))
    while True:
        # One read of both: the render that ends the deal also shows the offer, and two
        # separate reads could straddle it.
        done, offered = page.evaluate("""() => [Number(document.getElementById("app").dataset.dealsDone),
                                                 !!document.querySelector('[data-notice="update"]')]""")
        if done != deal:
            break
        assert not offered  # never mid-deal
        if page.query_selector(MY_TURN) is not None:
            act_once(page)
        else:
            page.wait_for_timeout(50)
    assert page_id(page) == loaded and stamps(page) == ("test-A", "test-A")
    page.wait_for_selector('[data-notice="update"]', state="attached", timeout=30_000)
    moves_kept = saved(page)["game"]["actions"]
    page.click('[data-notice="update"] button[data-intent="apply-update"]')
    page.wait_for_selector('meta[name="belote-build"][content="test-B"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert stamps(page) == ("test-B", "test-B")
    assert saved(page)["game"]["actions"][: len(moves_kept)] == moves_kept  # the match resumed whole
    other.wait_for_selector('meta[name="belote-build"][content="test-B"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    guard.check()
