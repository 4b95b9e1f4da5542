"""r25k review (scratch): build B reaches a return visit with a match in progress through a slow,
then broken, link. What does the page show while B downloads, does the match stay, and does a
half-finished update leave offline play (on A) whole?"""
from __future__ import annotations

import functools
import threading
import time

import pytest

from conftest import BOOT_TIMEOUT_MS, READY
from serve import Link, make_server, start_in_thread
from test_offline import (  # noqa: F401  (persistent is a fixture)
    QUERY, SW_ACTIVE, SW_UPDATE_READY, build, controlled_page, deploy, persistent, saved, stamps, stop,
)
from ui_helpers import act_once

REGISTRATION = """navigator.serviceWorker.getRegistration().then((r) => r && {
    installing: !!r.installing, waiting: !!r.waiting, active: !!r.active})"""


class Flaky(Link):
    """One slow link that can break: a broken link resets every response in flight and refuses new ones."""

    def __init__(self, rate: float) -> None:
        super().__init__(rate)
        self.broken = threading.Event()
        self.slow = threading.Event()

    def send(self, n: int) -> None:
        if self.broken.is_set():
            raise ConnectionResetError("link broken")
        if self.slow.is_set():
            super().send(n)


def flaky_server(directory, rate):
    server = make_server(directory, 0)
    link = Flaky(rate)
    site = server.RequestHandlerClass

    class Handler(site.func):
        def do_GET(self) -> None:
            if link.broken.is_set():
                self.close_connection = True
                return  # no answer at all: ERR_EMPTY_RESPONSE, as a dead link
            super().do_GET()

    Handler.link = link
    server.RequestHandlerClass = functools.partial(Handler, *site.args, **site.keywords)
    start_in_thread(server)
    return server, f"http://127.0.0.1:{server.server_address[1]}/", link


@pytest.fixture
def flaky_builds(tmp_path, tmp_path_factory):
    base = tmp_path_factory.getbasetemp()
    a = build(tmp_path / "a", "test-A", base)
    b = build(tmp_path / "b", "test-B", base)
    current = tmp_path / "current"
    current.symlink_to(a, target_is_directory=True)
    server, url, link = flaky_server(current, rate=6000)
    yield server, url, link, lambda: deploy(tmp_path, current, b)
    link.broken.clear()
    stop(server)


def sample(page) -> dict:
    return {
        "sw": page.get_attribute("html", "data-sw"),
        "update": page.get_attribute("html", "data-sw-update"),
        "analysis": page.get_attribute("html", "data-analysis"),
        "reg": page.evaluate(REGISTRATION),
        "offer": page.query_selector('[data-notice="update"]') is not None,
        "alerts": [a.inner_text()[:80] for a in page.query_selector_all('[role="alert"]') if a.is_visible()],
    }


def start_match(ctx, url):
    page = controlled_page(ctx, url)
    for _ in range(3):
        act_once(page)
    kept = saved(page)["game"]["actions"]
    page.close()
    return kept


def test_return_visit_while_b_installs_over_a_slow_link(persistent, flaky_builds):
    server, url, link, deploy_b = flaky_builds
    ctx, guard = persistent(url)
    kept = start_match(ctx, url)
    deploy_b()
    link.slow.set()  # from now on 6 kB/s for everything from the network
    page = ctx.new_page()
    t0 = time.monotonic()
    page.goto(url + QUERY)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    print(f"READY after {time.monotonic() - t0:.1f} s, stamps {stamps(page)}")
    assert stamps(page) == ("test-A", "test-A")
    assert saved(page)["game"]["actions"][: len(kept)] == kept
    timeline = []
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        s = sample(page)
        timeline.append((round(time.monotonic() - t0, 1), s))
        if s["update"] == "ready":
            break
        if page.query_selector('#app[data-my-turn="1"]') and len(timeline) % 5 == 0:
            act_once(page)
        time.sleep(1)
    last = None
    for t, s in timeline:
        if s != last:
            print(t, s)
        last = s
    hits = [p for p, _ in server.hits]
    print("requests since B:", len(hits))
    guard.check()
    assert timeline[-1][1]["update"] == "ready", "B was never offered"


def test_a_link_that_breaks_mid_update_leaves_a_whole_and_b_comes_next_visit(persistent, flaky_builds):
    server, url, link, deploy_b = flaky_builds
    ctx, guard = persistent(url)
    guard.allow_console(r"ERR_EMPTY_RESPONSE|ERR_CONNECTION|Failed to fetch|net::")
    kept = start_match(ctx, url)
    deploy_b()
    link.slow.set()
    page = ctx.new_page()
    page.goto(url + QUERY)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    # wait until B installs (its precache is on the slow link)
    deadline = time.monotonic() + 60
    while not (page.evaluate(REGISTRATION) or {}).get("installing"):
        assert time.monotonic() < deadline, "B never started installing"
        time.sleep(0.2)
    time.sleep(2)
    link.broken.set()  # the link dies mid-precache
    t0 = time.monotonic()
    while (page.evaluate(REGISTRATION) or {}).get("installing"):
        assert time.monotonic() - t0 < 120, "B's install never ended after the link broke"
        time.sleep(0.5)
    print(f"install over {time.monotonic() - t0:.1f} s after the break:", sample(page))
    print("caches:", page.evaluate("caches.keys()"))
    act_once(page)
    kept = saved(page)["game"]["actions"]
    # offline (dead link): a reload boots A whole and keeps the match
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    print("offline reload:", stamps(page), sample(page))
    assert stamps(page) == ("test-A", "test-A")
    assert saved(page)["game"]["actions"][: len(kept)] == kept
    page.close()
    # the link comes back (still slow): the next visit installs B and offers it
    link.broken.clear()
    nxt = ctx.new_page()
    nxt.goto(url + QUERY)
    nxt.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    nxt.wait_for_selector(SW_UPDATE_READY, state="attached", timeout=240_000)
    print("after the link came back:", stamps(nxt), sample(nxt), nxt.evaluate("caches.keys()"))
    guard.errors[:] = [e for e in guard.errors if "ERR_" not in e]
    guard.check()


def test_reloads_during_bs_slow_install_then_after_it(persistent, flaky_builds):
    server, url, link, deploy_b = flaky_builds
    ctx, guard = persistent(url)
    kept = start_match(ctx, url)
    deploy_b()
    link.slow.set()
    page = ctx.new_page()
    page.goto(url + QUERY)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    deadline = time.monotonic() + 60
    while not (page.evaluate(REGISTRATION) or {}).get("installing"):
        assert time.monotonic() < deadline, "B never started installing"
        time.sleep(0.2)
    for i in range(2):  # the player reloads twice while B still downloads
        time.sleep(2)
        t0 = time.monotonic()
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        print(f"reload {i} mid-install: READY in {time.monotonic() - t0:.1f} s", stamps(page), sample(page))
        assert saved(page)["game"]["actions"][: len(kept)] == kept
    page.wait_for_selector(SW_UPDATE_READY, state="attached", timeout=240_000)
    print("B installed:", sample(page))
    kept = saved(page)["game"]["actions"]
    t0 = time.monotonic()
    hits0 = len(server.hits)
    page.reload()  # the next visit: B takes over before anything is shown
    for _ in range(40):
        try:
            print(round(time.monotonic() - t0, 1), page.get_attribute('meta[name="belote-build"]', "content"),
                  page.evaluate(REGISTRATION), page.evaluate("sessionStorage.getItem('belote-sw-reloaded')"),
                  page.get_attribute("#app", "data-ready"), server.hits[hits0:])
        except Exception as e:  # noqa: BLE001
            print("eval failed", str(e)[:80])
        time.sleep(0.5)
    page.wait_for_selector('meta[name="belote-build"][content="test-B"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    print(f"on B after {time.monotonic() - t0:.1f} s:", stamps(page), sample(page), page.evaluate("caches.keys()"))
    assert stamps(page) == ("test-B", "test-B")
    assert saved(page)["game"]["actions"][: len(kept)] == kept
    guard.check()
