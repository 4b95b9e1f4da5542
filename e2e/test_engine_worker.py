"""The engine worker without the UI (dev/engine.html): boot, calls matched by id, errors as data,
and boot failures that fail fast with a typed error instead of hanging. (The broken wheel is
covered on the game page in test_boot.py; the loadPackage install path by make bench.)"""
import json

from conftest import BOOT_TIMEOUT_MS

DONE = '#app:not([data-ready="0"])'


def open_engine_page(page, site_url, query=""):
    page.goto(site_url + "dev/engine.html" + query)
    page.wait_for_selector(DONE, state="attached", timeout=BOOT_TIMEOUT_MS)
    return page.get_attribute("#app", "data-ready")


def test_worker_boots_plays_and_returns_errors_as_data(page, site_url):
    assert open_engine_page(page, site_url) == "1", page.text_content("#out")
    result = json.loads(page.get_attribute("#app", "data-result"))
    build = json.loads(page.context.request.get(site_url + "build.json").text())
    assert result["info"]["pyodide"] == build["pyodide"]
    assert result["info"]["belote"] == build["version"]
    assert result["info"]["build"] == build["build"]
    assert result["info"]["bytecode"] is True  # the precompiled wheel: importing compiled nothing
    assert [s["stage"] for s in result["stages"]] == ["runtime", "engine", "import", "ready"]
    assert result["events"] == [{"type": "bid", "seat": 0, "action": result["action"]}]
    assert result["refused"]["type"] == "IllegalAction"


def test_missing_wheel_fails_fast_with_boot_error(page, site_url, guard):
    guard.allow_console(r"404")
    page.route("**/wheels/belote-*.whl", lambda route: route.fulfill(status=404, body="gone"))
    assert open_engine_page(page, site_url) == "error"
    assert page.get_attribute("#app", "data-error") == "BootError"
    assert "belote-" in page.text_content("#out") and "404" in page.text_content("#out")


def test_a_slow_download_that_keeps_coming_is_not_a_hang(page, site_dir, serve_dir, guard):
    """The boot's clock counts silence, not time: on a link that brings the boot's ~10.6 MB in
    about 13 s, a 7 s timeout does not fire (it did, when the whole boot had to fit in it: a phone
    on a slow network never got in), and the page hears how much has come. The silences left are
    the runtime's start after the last byte (1.0-1.4 s on a host at 2.3x the reference, two
    processes spinning beside it) and CI's hiccups (once over 3 s): 7 s leaves room for both."""
    url = serve_dir(site_dir, rate=800_000)
    guard.allow_origin(url)
    assert open_engine_page(page, url, "?timeout=7000") == "1", page.text_content("#out")
    download = json.loads(page.get_attribute("#app", "data-result"))["download"]
    build = json.loads(page.context.request.get(url + "build.json").text())
    assert download and download["total"] == build["bootBytes"] and 0 < download["loaded"] <= download["total"], download


def test_a_runtime_file_refused_fails_the_boot_at_once_with_its_name(page, site_url, guard):
    """The runtime's loader leaves a refused standard library unhandled until the wasm is up, then
    logs it: the boot fails at once instead, naming the file and the status, and nothing escapes."""
    guard.allow_console(r"404")
    page.route("**/stdlib/python_stdlib-*.zip", lambda route: route.fulfill(status=404, body="gone"))
    assert open_engine_page(page, site_url) == "error"
    assert page.get_attribute("#app", "data-error") == "BootError"
    out = page.text_content("#out")
    assert "python_stdlib-" in out and "HTTP 404" in out, out


def test_a_boot_that_broke_off_leaves_no_unhandled_error_while_the_loader_goes_on(page, site_url, guard):
    """A download that breaks off fails the boot at once, but the runtime's loader goes on (a page
    being unloaded cuts every download: CI saw it while the caches were cleared under a booting
    worker). The loader's own fetch, in flight, fails too: it is neither left unhandled nor logged
    by the loader once the wasm is up. Here the wheel and the standard library break off together,
    and the page's terminate() is put off 8 s, so the worker lives on past its boot_error."""
    guard.allow_console(r"Failed to load resource|net::ERR_FAILED")
    wheel, stdlib = [], []

    def hold_wheel(route) -> None:
        wheel.append(route)  # answered when the loader's fetch is in flight

    def break_both(route) -> None:
        stdlib.append(route.request.url)
        for held in wheel:
            held.abort()
        route.abort()

    page.route("**/wheels/belote-*.whl", hold_wheel)
    page.route("**/stdlib/python_stdlib-*.zip", break_both)
    page.add_init_script("""(() => {
      const terminate = Worker.prototype.terminate;
      Worker.prototype.terminate = function () { setTimeout(() => terminate.call(this), 8000); };
    })();""")
    assert open_engine_page(page, site_url) == "error"
    assert page.get_attribute("#app", "data-error") == "BootError"
    assert wheel and stdlib
    out = page.text_content("#out")
    assert "cannot fetch" in out and ("belote-" in out or "python_stdlib-" in out), out  # the first to fail
    page.wait_for_timeout(5000)  # the loader goes on meanwhile (the wasm comes up in 1-3 s)


def test_wasm_that_never_arrives_times_out(page, site_url):
    # A wrong MIME type or a blocked wasm makes Pyodide hang: the client's timeout must fire.
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
    assert open_engine_page(page, site_url, "?timeout=3000") == "error"
    assert page.get_attribute("#app", "data-error") == "BootTimeout"


def test_wrong_wasm_mime_type_does_not_hang(page, site_url, guard):
    guard.allow_console(r"wasm|WebAssembly|MIME|Incorrect response")
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(
        status=200, body=b"\0asm\x01\0\0\0", content_type="text/plain"))
    assert open_engine_page(page, site_url, "?timeout=8000") == "error"
    assert page.get_attribute("#app", "data-error") in ("BootTimeout", "BootError")


def test_wasm_blocked_by_csp_does_not_hang(page, site_url, guard):
    # A host whose CSP lacks 'wasm-unsafe-eval' (the worker takes its CSP from its own response).
    guard.allow_console(r"WebAssembly|wasm|Content Security Policy|unsafe-eval")

    def strict_worker(route):
        response = route.fetch()
        headers = {**response.headers, "content-security-policy": "default-src 'self'; script-src 'self'"}
        route.fulfill(response=response, headers=headers)

    page.route("**/js/worker.js*", strict_worker)
    assert open_engine_page(page, site_url, "?timeout=10000") == "error"
    assert page.get_attribute("#app", "data-error") in ("BootTimeout", "BootError")
