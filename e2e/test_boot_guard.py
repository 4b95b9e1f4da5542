"""A page whose scripts or translations cannot load says so, with a way out, instead of a spinner.

- A module that cannot load, compile or link (a missing or corrupt js/build-info.js, a syntax
  error, an old main.js beside a new boot.js): none of the modules runs; js/boot-guard.js (a
  classic script) puts `#load-error` (role=alert, a Reload button) where the spinner was, and
  Reload boots the game once the file is back.
- A normal boot, a slow one included (the runtime held back), never shows it.
- js/build-info.js of another build than the page's <meta name="belote-build">: boot.js refuses
  to start the engine and the boot alert says to reload.
- A missing or corrupt translation: English throughout (strings, <html lang>, the language
  select, the saved choice); English itself missing: the guard's message with Reload.
"""
from __future__ import annotations

import json
import time

import pytest

from conftest import BOOT_TIMEOUT_MS, READY
from test_boot import ALERT, RETRY
from test_reliability import engine_worker

pytestmark = pytest.mark.service_worker  # the boot as players get it

LOAD_ERROR = '#load-error[role="alert"]'
RELOAD = "#load-error button"
RELOAD_ALERT = "[role=alert] button[data-intent='reload-page']"  # the game's own boot alert
GUARD_WAIT_MS = 10_000  # the message comes as soon as the modules have failed: well under this
OLD_MAIN = 'import { startEngine, noSuchExport } from "./boot.js";\nstartEngine();\n'

BROKEN = {
    "build-info missing": ("**/js/build-info.js", 404, "not here"),
    "build-info corrupt": ("**/js/build-info.js", 200, "export const BUILD = {version: "),
    "main.js syntax error": ("**/js/main.js", 200, "import { startEngine } from './boot.js'\nstartEngine(;\n"),
    "old main.js beside a new boot.js": ("**/js/main.js", 200, OLD_MAIN),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_module_that_cannot_load_gets_a_message_and_a_working_reload(page, site_url, guard, case):
    pattern, status, body = BROKEN[case]
    guard.allow_console(r"404|SyntaxError|Unexpected|noSuchExport|does not provide")
    page.route(pattern, lambda route: route.fulfill(status=status, body=body, content_type="text/javascript"))
    started = time.monotonic()
    page.goto(site_url + "?levels=easy,easy,easy")
    page.wait_for_selector(RELOAD, state="visible", timeout=GUARD_WAIT_MS)
    assert time.monotonic() - started < GUARD_WAIT_MS / 1000
    text = page.text_content(LOAD_ERROR)
    assert text.startswith("The game could not load"), text
    assert page.text_content(RELOAD) == "Reload"
    assert page.get_attribute("#table", "aria-busy") == "false"
    assert page.get_attribute("#app", "data-ready") != "1"
    # the file is back: Reload boots the game
    page.unroute(pattern)
    page.click(RELOAD)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.query_selector("#load-error") is None


def test_the_message_speaks_the_pages_language(page, site_url, guard):
    guard.allow_console(r"404")
    page.route("**/js/build-info.js", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(site_url + "?lang=fr")
    page.wait_for_selector(RELOAD, state="visible", timeout=GUARD_WAIT_MS)
    assert page.text_content(RELOAD) == "Recharger"
    assert page.get_attribute("#load-error", "lang") == "fr"


def test_normal_and_slow_boots_show_no_message(page, context, site_url):
    held = []  # the runtime's wasm, held back (continued from this thread: a handler that waits
    # would block Playwright's own loop) on the context, which sees the worker's requests
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site_url + "?levels=easy,easy,easy", wait_until="domcontentloaded")
    page.wait_for_selector("#loading .spinner", state="visible", timeout=10_000)
    page.wait_for_timeout(6_000)  # the runtime still held back: loading, no message
    assert held, "the runtime was not requested"
    assert page.is_visible("#loading .spinner")
    assert page.query_selector("#load-error") is None
    for route in held:
        route.continue_()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.query_selector("#load-error") is None
    assert page.query_selector(ALERT) is None


def test_scripts_that_stall_for_a_minute_get_the_message_which_goes_when_they_arrive(page, site_url, guard):
    """The guard's backstop: a module still missing 60 s after the page began (here js/main.js held
    back; Playwright's clock skips the minute) gets the message; once it arrives and runs, the
    message goes."""
    page.clock.install()
    held = []  # continued from this thread (a handler that waits would block Playwright's loop)
    page.route("**/js/main.js", lambda route: held.append(route))
    page.goto(site_url + "?levels=easy,easy,easy", wait_until="commit")
    page.wait_for_selector("#loading .spinner", state="attached", timeout=10_000)
    deadline = time.monotonic() + 10
    while not held:
        assert time.monotonic() < deadline, "js/main.js was not requested"
        page.wait_for_timeout(50)
    page.wait_for_timeout(1_000)
    assert page.query_selector("#load-error") is None  # not before the minute
    page.clock.fast_forward("01:01")
    page.wait_for_selector(RELOAD, state="visible", timeout=GUARD_WAIT_MS)
    text = page.text_content(LOAD_ERROR)
    assert "did not arrive within 60 s" in text, text
    held[0].continue_()
    # main.js runs: the message goes. (The boot is not waited for: the skipped minute also ran out
    # the 45 s boot timer of the engine boot.js started while main.js was held, so it times out.)
    page.wait_for_selector("#load-error", state="detached", timeout=GUARD_WAIT_MS)


def test_scripts_of_another_build_are_refused_with_the_boot_alert(page, context, site_url):
    real = context.request.get(site_url + "js/build-info.js").text()
    build = json.loads(context.request.get(site_url + "build.json").text())["build"]
    stale = real.replace(build, "0000000000")
    assert stale != real
    # the whole context: the engine worker would read the same stale copy
    context.route("**/js/build-info.js", lambda route: route.fulfill(status=200, body=stale, content_type="text/javascript"))
    page.goto(site_url + "?levels=easy,easy,easy")
    # Reload, not Retry: a Retry would meet the same files (it did, for ever)
    page.wait_for_selector(RELOAD_ALERT, state="visible", timeout=GUARD_WAIT_MS)
    assert page.query_selector(RETRY) is None
    text = page.text_content(ALERT)
    assert build in text and "0000000000" in text and "reload" in text, text
    assert page.get_attribute("#app", "data-ready") != "1"
    context.unroute("**/js/build-info.js")
    page.click(RELOAD_ALERT)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


def test_an_engine_restarted_on_another_builds_files_offers_reload(page, context, site_url, guard):
    """A page left on its build while a new one took over (a takeover the browser held until a
    match was on) has its engine crash: the new worker loads the other build's files and refuses to
    run them. The alert offered Retry, which met the same files every time."""
    page.goto(site_url + "?levels=easy,easy,easy&nosw=1")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    real = context.request.get(site_url + "js/build-info.js").text()
    build = json.loads(context.request.get(site_url + "build.json").text())["build"]
    context.route("**/js/build-info.js", lambda route: route.fulfill(status=200, body=real.replace(build, "0000000000"),
                                                                   content_type="text/javascript"))
    engine_worker(page).evaluate("close()")  # the engine dies: the person's next move finds out
    page.click("#bids button[data-action='pass']")  # the page starts a new engine, on the other build's files
    page.wait_for_selector(RELOAD_ALERT, state="visible", timeout=BOOT_TIMEOUT_MS)
    assert "0000000000" in page.text_content(ALERT)
    context.unroute("**/js/build-info.js")
    page.click(RELOAD_ALERT)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


def stored_lang(page):
    raw = page.evaluate("() => localStorage.getItem('belote.settings.v1')")
    return json.loads(raw).get("lang") if raw else None


@pytest.mark.parametrize("broken", ["missing", "corrupt"])
def test_a_broken_translation_falls_back_to_english_throughout(page, site_url, guard, broken):
    guard.allow_console(r"404")
    if broken == "missing":
        page.route("**/i18n/fr.json", lambda route: route.fulfill(status=404, body="not here"))
    else:
        page.route("**/i18n/fr.json", lambda route: route.fulfill(status=200, body='{"app_title": "Bel', content_type="application/json"))
    page.goto(site_url + "?lang=fr&levels=easy,easy,easy")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "lang") == "en"
    assert page.text_content("#btn-new") == "New game"
    assert page.get_attribute("#rules-link", "href") == "rules/en.html"
    assert page.eval_on_selector("#lang-select", "el => el.value") == "en"
    # the person picks French again: still English, and English is what is remembered
    page.select_option("#lang-select", "fr")
    deadline = time.monotonic() + 10
    while stored_lang(page) is None and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert stored_lang(page) == "en"
    assert page.get_attribute("html", "lang") == "en"
    assert page.query_selector("#load-error") is None


def test_missing_english_shows_a_clear_error_with_reload(page, site_url, guard):
    guard.allow_console(r"404")
    page.route("**/i18n/en.json", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(site_url + "?lang=en&levels=easy,easy,easy")
    page.wait_for_selector(RELOAD, state="visible", timeout=GUARD_WAIT_MS)
    text = page.text_content(LOAD_ERROR)
    assert "The game could not load" in text and "i18n/en.json" in text and "404" in text, text
    assert page.get_attribute("#app", "data-ready") != "1"
    page.unroute("**/i18n/en.json")
    page.click(RELOAD)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "lang") == "en"
    assert page.query_selector("#load-error") is None
