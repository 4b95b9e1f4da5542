"""Offline and updates (issue 5, item 1), in a persistent (on-disk) Chromium profile like a
real visitor's: after one visit the game boots and plays with the server stopped; a new
build moves the next visits to the new version and no page ever runs files of two builds."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS, READY, ROOT, Guard
from serve import make_server, start_in_thread
from ui_helpers import play_deal

QUERY = "?levels=easy,easy,easy&speed=fast&seed=5"
SW_ACTIVE = 'html[data-sw="active"]'
SW_UPDATE_READY = 'html[data-sw-update="ready"]'


@pytest.fixture
def persistent(playwright_instance, tmp_path):
    """Opens persistent contexts (a profile on disk) and closes them at the end."""
    contexts = []

    def open_(site_url: str):
        kwargs = {"args": CHROMIUM_ARGS, "headless": True, "viewport": {"width": 1280, "height": 800}}
        if Path(CHROMIUM).exists():
            kwargs["executable_path"] = CHROMIUM
        ctx = playwright_instance.chromium.launch_persistent_context(str(tmp_path / "profile"), **kwargs)
        ctx.set_default_timeout(30_000)
        contexts.append(ctx)
        guard = Guard(site_url)
        guard.attach(ctx)
        for page in ctx.pages:
            guard.attach_page(page)
        return ctx, guard

    yield open_
    for ctx in contexts:
        ctx.close()


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
    return sum(1 for path, _ in server.hits if path.endswith("pyodide.asm.wasm"))


def test_after_one_visit_the_game_boots_and_plays_with_the_server_stopped(persistent, site_dir):
    server, url = serve(site_dir)
    ctx, guard = persistent(url)
    page = ctx.new_page()
    page.goto(url + QUERY)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(SW_ACTIVE, state="attached", timeout=BOOT_TIMEOUT_MS)
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


def build(out: Path, build_id: str) -> Path:
    subprocess.run([sys.executable, str(ROOT / "build_wheel.py"), "--out", str(out), "--build-id", build_id],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return out


def test_a_new_build_takes_over_on_the_next_visits_without_mixing(persistent, tmp_path):
    a = build(tmp_path / "a", "test-A")
    b = build(tmp_path / "b", "test-B")
    current = tmp_path / "current"
    current.symlink_to(a, target_is_directory=True)
    server, url = serve(current)
    try:
        ctx, guard = persistent(url)

        first = ctx.new_page()
        first.goto(url + QUERY)
        first.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        first.wait_for_selector(SW_ACTIVE, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert stamps(first) == ("test-A", "test-A")
        first.close()

        # Deploy B (atomically, like a static host swapping folders).
        tmp_link = tmp_path / "current.new"
        tmp_link.symlink_to(b, target_is_directory=True)
        os.replace(tmp_link, current)
        hits_before = len(server.hits)

        # Next visit: still one consistent build (A from the cache); B installs meanwhile.
        second = ctx.new_page()
        second.goto(url + QUERY)
        second.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        page_build, engine_build = stamps(second)
        assert page_build == engine_build
        if page_build == "test-A":
            second.wait_for_selector(SW_UPDATE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)

        # The visit after, with the second tab still open: build B, all of it, in both tabs
        # (the new tab takes B at startup; the old tab reloads onto B instead of running on
        # with files whose cache was just replaced).
        third = ctx.new_page()
        third.goto(url + QUERY)
        for tab in (third, second):
            tab.wait_for_selector('meta[name="belote-build"][content="test-B"]', state="attached",
                                  timeout=BOOT_TIMEOUT_MS)
            tab.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
            assert stamps(tab) == ("test-B", "test-B")
        caches = third.evaluate("caches.keys()")
        assert "belote-site-test-B" in caches and "belote-site-test-A" not in caches, caches
        assert [c for c in caches if c.startswith("belote-runtime-")], caches
        # the 13 MB runtime was not downloaded again for the new build
        assert not [p for p, _ in server.hits[hits_before:] if "/pyodide/" in p], server.hits[hits_before:]
        guard.check()
    finally:
        stop(server)
