"""The game page boots from its own origin only, paints a loading state at once, and turns
any boot failure into a role="alert" message with a Retry button (never an endless spinner)."""
from __future__ import annotations

import json

import pytest

from conftest import BOOT_TIMEOUT_MS, READY, origin_of

pytestmark = pytest.mark.service_worker  # the boot as players get it

ALERT = '[role="alert"]'
RETRY = '[role="alert"] button[data-intent="retry-boot"]'


def test_boot_reaches_ready_from_the_site_alone(page, open_game, site_url, guard):
    open_game(page, "levels=easy,easy,easy")
    build = json.loads(page.context.request.get(site_url + "build.json").text())
    # one build throughout: the page's stamp, the worker's own build-info, build.json
    assert page.get_attribute('meta[name="belote-build"]', "content") == build["build"]
    assert page.get_attribute("html", "data-engine-build") == build["build"]
    # the self-hosted runtime and the versioned, precompiled wheel were used; nothing else was asked for
    urls = guard.requests
    assert site_url + build["engineWheel"] in urls
    assert site_url + build["wheel"] not in urls
    assert any(u.startswith(site_url + build["pyodideDir"]) and u.endswith("pyodide.asm.wasm") for u in urls)
    assert {origin_of(u) for u in urls if u.startswith("http")} == {origin_of(site_url)}
    assert page.query_selector(ALERT) is None


def test_loading_state_is_painted_before_the_engine_is_ready(page, site_url):
    # The wasm is held (its route kept, answered later): a handler that waited instead would
    # block Playwright's dispatcher, and every check below with it, for the whole wait.
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site_url + "?levels=easy,easy,easy", wait_until="domcontentloaded")
    page.wait_for_selector("#loading", state="visible", timeout=10_000)
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the wasm was never asked for"
    assert page.get_attribute("#app", "data-ready") != "1" and page.is_visible("#loading")
    held[0].continue_()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert not page.is_visible("#loading")


def test_missing_wheel_shows_an_alert_with_retry_that_recovers(page, site_url, guard):
    guard.allow_console(r"404")
    page.route("**/wheels/belote-*.whl", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(site_url + "?levels=easy,easy,easy")
    page.wait_for_selector(RETRY, state="visible", timeout=BOOT_TIMEOUT_MS)
    text = page.text_content(ALERT)
    assert "404" in text and "wheels/belote-" in text, text  # the file and the status
    assert page.get_attribute("#app", "data-ready") != "1"
    # the file is back: Retry boots the game without a reload
    page.unroute("**/wheels/belote-*.whl")
    page.click(RETRY)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.query_selector(RETRY) is None


def test_broken_wheel_shows_an_alert_with_retry(page, site_url):
    page.route("**/wheels/belote-*.whl",
               lambda route: route.fulfill(status=200, body=b"PK\x03\x04 broken", content_type="application/zip"))
    page.goto(site_url + "?levels=easy,easy,easy")
    page.wait_for_selector(RETRY, state="visible", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("#app", "data-ready") != "1"


def test_missing_runtime_file_shows_an_alert_with_retry(page, site_url, guard):
    # Pyodide itself logs the failed stdlib download; the page must still say so and offer Retry.
    guard.allow_console(r"python_stdlib|standard library")
    page.route("**/python_stdlib*.zip", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(site_url + "?levels=easy,easy,easy")
    page.wait_for_selector(RETRY, state="visible", timeout=BOOT_TIMEOUT_MS)


def test_a_slow_first_visit_shows_its_download_moving(page, site_dir, serve_dir, guard):
    """A phone on a slow link waits for the boot's ~10.6 MB: the page said one unchanging
    sentence for the whole download. It now shows the megabytes that have come, in the page's
    language, and they move."""
    url = serve_dir(site_dir, rate=1_500_000)
    guard.allow_origin(url)
    page.goto(url + "?lang=fr&levels=easy,easy,easy&speed=instant&nosw=1")
    page.wait_for_selector("#boot-download:not([hidden]) #boot-progress", state="visible", timeout=20_000)
    # the text and the bar read in one task: read one by one, a render between the two reads made
    # the bar move ahead of a text read just before it
    shown = """() => [document.getElementById("boot-bytes").textContent, document.getElementById("boot-progress").value,
                     document.getElementById("app").dataset.ready === "1"]"""
    first = page.evaluate(shown)
    later = first
    for _ in range(40):
        page.wait_for_timeout(100)
        later = page.evaluate(shown)
        if later[2] or (later[1] > first[1] and later[0] != first[0]):
            break
    assert later[1] > first[1] and later[0] != first[0], (first, later)
    assert "Mo" in later[0], later  # French megabytes
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.is_hidden("#boot-download")


def test_a_download_that_breaks_off_is_said_at_once_and_retry_starts_clean(page, site_dir, serve_dir, guard):
    """The network drops during the wasm's download: Pyodide's loader only logged it and the
    page showed its spinner for 45 s before blaming slowness. It now names the download within
    seconds; Retry then takes the failure and its button away while the new boot loads."""
    # no console or page error is allowed: the alert says it, and the loader's own copy of the
    # fetch's error (which it left unhandled: "Failed to fetch" in the worker) is not thrown too
    url = serve_dir(site_dir, rate=2_000_000)  # the retry's boot takes seconds: long enough to look at
    guard.allow_origin(url)
    page.route("**/pyodide.asm.wasm", lambda route: route.abort("internetdisconnected"))
    page.goto(url + "?levels=easy,easy,easy&speed=instant&nosw=1")
    page.wait_for_selector(RETRY, state="visible", timeout=15_000)
    assert "pyodide.asm.wasm" in page.text_content(ALERT)
    page.unroute("**/pyodide.asm.wasm")
    page.click(RETRY)
    page.wait_for_selector("#loading", state="visible", timeout=5_000)
    during = (page.query_selector(ALERT), page.query_selector(RETRY))
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert during == (None, None), "the failure and its Retry stayed up while the new boot loaded"
