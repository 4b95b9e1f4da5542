"""Shared e2e fixtures: the built site on a local port, Debian's Chromium, strict pages.

Fixtures (use them, do not start your own servers/browsers):
  site_dir      Path of a private build of the site, made once per run by build_wheel.py (one
                for all the pytest-xdist workers)
                (BELOTE_E2E_SITE=<dir> reuses an existing build, e.g. dist/site)
  site_url      "http://127.0.0.1:<port>/" serving site_dir with the right MIME types + CSP
  browser       one headless /usr/bin/chromium per session (Playwright sync API)
  context       a fresh browser context (in-memory profile) per test
  page          a fresh page in it. The test FAILS at teardown on any console error, page
                error, or request to an origin other than site_url's (and those added with
                `guard.allow_origin(...)`).
  guard         the recorder behind `page`: guard.allow_origin(url), guard.allow_console(regex)
                for a test that provokes an error on purpose; guard.console, guard.errors,
                guard.requests for assertions. A failed test's report lists the requests that
                failed, the last console messages and each open page's state (#app's data-*,
                its alerts, the stored match).
  open_game     open_game(page, query="") -> page: go to the game and wait for [data-ready="1"];
                open_game.site_url is site_url (for ui_helpers.reach_storage before a first boot)
  serve_dir     serve_dir(path, csp=True, rate=None) -> base URL: serve another folder on another
                free port (embedding host page: csp=False; a second build...; rate: bytes a
                second for all its responses together, a slow link); stopped at session end.
  match         (per file) a played deal one card before its end, the match once it is over and
                its native review: {"save", "done", "deal", "review"} (test_review.review_match)
  persistent    persistent(site_url) -> (context, guard): a browser with a profile on disk
  two_builds    (server, url, deploy_b): builds A and B of the site, served from a link on A
Service workers: every context a test's guard watches is a browser without service workers (as
a third-party iframe or plain http gives the page: no offline layer, no precache), unless the
test is marked `service_worker` (the tests of offline play, updates, the boot and embedding are).
Helpers: READY = '[data-ready="1"]', BOOT_TIMEOUT_MS.
Waiting: use wait_for_selector / expect-style locators; the pages' strict CSP breaks
wait_for_function. Screenshots of failed tests land in e2e/artifacts/.
"""
from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "engine"))  # this checkout's engine, whatever the venv installed
from serve import make_server, start_in_thread  # noqa: E402
from ui_helpers import READ_RECORD  # noqa: E402

READY = '[data-ready="1"]'
BOOT_TIMEOUT_MS = 60_000
ARTIFACTS = ROOT / "e2e" / "artifacts"
CHROMIUM = os.environ.get("BELOTE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # WebAssembly by V8's baseline compiler only. Each test's fresh context compiled the runtime's
    # hot functions again with the optimizing tier, in the background, and a test is over before
    # that pays: test_review, test_play and test_reliability (-n 2) took 235 and 256 s with it,
    # against 261 and 287 s without (one pair in each order, 2026-12-07). The Python the tests
    # run is the same; the benches (bench/) run Chromium as players do.
    "--js-flags=--liftoff-only",
]
# Hides the service worker API, as a browser without it does: the page then skips its offline layer
# (js/sw-register.js: data-sw="unavailable"). A fresh context's install and precache cost the
# tests that are not about them about 0.9-1.3 s of CPU each (4 boots a setting, 2026-12-07).
NO_SERVICE_WORKER = ('Object.defineProperty(Navigator.prototype, "serviceWorker", '
                     '{ get: () => undefined, configurable: true });')


# What a failed test's report says of a page: read with a bounded wait (a hung page must not hang the
# run); the stored match as the tests read it (ui_helpers.READ_RECORD; where none is, that creates the
# empty database, harmless once the test has failed).
PAGE_STATE = """async () => {
  const app = document.getElementById("app");
  const said = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent.trim().replace(/\\s+/g, " ")).filter(Boolean);
  const stored = await Promise.race([
    (%s)().then((r) => (r ? `${r.save?.game?.actions?.length} actions, owner ${r.owner}` : "none"), (e) => `unreadable: ${e}`),
    new Promise((resolve) => setTimeout(() => resolve("no answer from IndexedDB in 2 s"), 2000)),
  ]);
  return JSON.stringify({ app: app ? { ...app.dataset } : null, said: said("#alerts > *"), stored });
}""" % READ_RECORD


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class Guard:
    """Records what a page must never do; `check()` turns it into a test failure."""

    def __init__(self, site_url: str, service_worker: bool = True) -> None:
        self.origins = {origin_of(site_url)}
        self.service_worker = service_worker  # False: the contexts it watches have none
        self.console: list[str] = []       # every console message, "type: text"
        self.errors: list[str] = []        # console errors + page errors + foreign requests
        self.requests: list[str] = []      # every request URL (page, workers, service worker)
        self.failed: list[str] = []        # "url: reason" of every request that failed
        self._allowed_console: list[re.Pattern[str]] = []

    def allow_origin(self, url: str) -> None:
        self.origins.add(origin_of(url))

    def allow_console(self, pattern: str) -> None:
        """Accept console and page errors matching `pattern` (a test that provokes one on purpose)."""
        self._allowed_console.append(re.compile(pattern))

    def on_console(self, msg) -> None:
        text = f"{msg.type}: {msg.text}"
        self.console.append(text)
        if msg.type == "error" and not any(p.search(msg.text) for p in self._allowed_console):
            loc = msg.location or {}
            self.errors.append(f"console error: {msg.text} ({loc.get('url', '')}:{loc.get('lineNumber', '')})")

    def on_page_error(self, exc) -> None:
        if not any(p.search(str(exc)) for p in self._allowed_console):
            # where it was thrown (a bare "Failed to fetch" says nothing of whose fetch it was)
            where = " | ".join(line.strip() for line in (getattr(exc, "stack", "") or "").splitlines()[1:])
            self.errors.append(f"page error: {exc}" + (f" (at {where})" if where else ""))

    def on_request(self, request) -> None:
        url = request.url
        self.requests.append(url)
        if url.startswith(("http:", "https:", "ws:", "wss:")) and origin_of(url) not in self.origins:
            self.errors.append(f"request to another origin: {request.method} {url}")

    def on_request_failed(self, request) -> None:
        self.failed.append(f"{request.url}: {request.failure}")

    def attach(self, context: BrowserContext) -> None:
        """Watches `context` (and sets it up: no service worker unless the test is marked so)."""
        if not self.service_worker:
            context.add_init_script(NO_SERVICE_WORKER)
        context.on("request", self.on_request)
        context.on("requestfailed", self.on_request_failed)
        context.on("page", self.attach_page)

    def attach_page(self, page: Page) -> None:
        page.on("console", self.on_console)
        page.on("pageerror", self.on_page_error)
        page.on("worker", lambda w: w.on("console", self.on_console) if hasattr(w, "on") else None)

    def report(self) -> str:
        """What went by, for a failed test's report (a module that did not load, the page's last words)."""
        failed = "\n  ".join(self.failed) or "none"
        return f"requests that failed:\n  {failed}\nlast console messages:\n  " + "\n  ".join(self.console[-30:])

    def tables(self, context: BrowserContext | None) -> str:
        """Each open page of `context` as a failure found it: its #app state (data-*), its alerts and
        notices, and the match its origin stores (how many actions, which tab owns it)."""
        lines = []
        for page in (context.pages if context is not None else []):
            try:
                state = page.locator("html").evaluate(PAGE_STATE, timeout=3000)
            except Exception as e:  # noqa: BLE001 - a crashed or hung page: say so and go on
                state = f"unreadable ({str(e).splitlines()[0]})"
            lines.append(f"{page.url}\n    {state}")
        return "\n  ".join(lines) or "none"

    def check(self) -> None:
        if self.errors:
            raise AssertionError("page misbehaved:\n  " + "\n  ".join(self.errors))


# --------------------------------------------------------------------------- site


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """A private build of the current sources (so a teammate's rebuild of dist/site cannot
    change files under a running test); BELOTE_E2E_SITE=<dir> uses an existing build instead."""
    given = os.environ.get("BELOTE_E2E_SITE")
    if given:
        return Path(given).resolve()
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        out = tmp_path_factory.mktemp("e2e") / "site"
        subprocess.run([sys.executable, str(ROOT / "build_wheel.py"), "--out", str(out)], cwd=ROOT, check=True)
        return out
    # Under pytest-xdist (make test): one build for every worker of this run, in the run's own
    # temporary folder; the first worker builds it while the others wait on the lock. No test
    # writes into the site.
    shared = tmp_path_factory.getbasetemp().parent
    out = shared / "e2e-site"
    with open(shared / "e2e-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (shared / "e2e-site.built").exists():
            subprocess.run([sys.executable, str(ROOT / "build_wheel.py"), "--out", str(out)], cwd=ROOT, check=True)
            (shared / "e2e-site.built").touch()
    return out


@pytest.fixture(scope="session")
def serve_dir():
    servers = []

    def serve(directory: Path | str, csp: bool = True, rate: float | None = None) -> str:
        server = make_server(directory, 0, csp=csp, rate=rate)
        start_in_thread(server)
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(site_dir: Path, serve_dir) -> str:
    return serve_dir(site_dir)


# ------------------------------------------------------------------------ browser


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as pw:
        yield pw


def launch_chromium(pw, extra_args: list[str] = (), **kwargs) -> Browser:
    """Debian's Chromium when present (no browser downloads here), else Playwright's own;
    `extra_args`: command-line switches added to CHROMIUM_ARGS."""
    args = [*CHROMIUM_ARGS, *extra_args]
    if Path(CHROMIUM).exists():
        return pw.chromium.launch(executable_path=CHROMIUM, args=args, **kwargs)
    return pw.chromium.launch(args=args, **kwargs)


@pytest.fixture(scope="session")
def browser(playwright_instance) -> Browser:
    browser = launch_chromium(playwright_instance)
    yield browser
    browser.close()


@pytest.fixture
def guard(site_url: str, request) -> Guard:
    return Guard(site_url, service_worker=request.node.get_closest_marker("service_worker") is not None)


# A fresh in-memory context per test. Measured and not adopted (2026-12-07): one persistent profile per
# worker, its storage cleared between tests (CDP Storage.clearDataForOrigin), whose HTTP cache keeps the
# runtime and its compiled code: a boot took 1.3-1.5 s less Chromium CPU in a probe, but test_play and
# test_stats_store (-n 3) took 217 s against 230 s, one run each, within this host's swings, for tests
# that would no longer start from a browser of their own. (The probe needs a page left open in the
# profile between tests: with none, no boot was faster.)
@pytest.fixture
def context(browser: Browser, guard: Guard) -> BrowserContext:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(30_000)
    guard.attach(context)
    yield context
    context.close()


@pytest.fixture
def page(context: BrowserContext, guard: Guard, request) -> Page:
    page = context.new_page()
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)[-120:]
        try:
            page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        except Exception:  # a crashed page cannot be photographed; the failure says enough
            pass
    guard.check()


@pytest.fixture
def open_game(site_url: str):
    def open_(page: Page, query: str = "", timeout: float = BOOT_TIMEOUT_MS) -> Page:
        page.goto(site_url + (("?" + query.lstrip("?")) if query else ""))
        page.wait_for_selector(READY, state="attached", timeout=timeout)
        return page
    open_.site_url = site_url
    return open_


# ------------------------------------------------------------------ fixtures several files share
# Defined here, so a test file names them as arguments and imports nothing it does not call; the
# data they build comes from the file whose subject it is.


@pytest.fixture(scope="module")
def match() -> dict:
    """A played deal's save one card before its end, that match once the deal is over, the deal's
    number and its review as CPython gives it (test_review.review_match), built once per file."""
    from test_review import review_match
    return review_match()


@pytest.fixture
def persistent(playwright_instance, tmp_path):
    """Opens persistent contexts (a profile on disk, like a real visitor's) and closes them at the end."""
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


@pytest.fixture
def two_builds(tmp_path, tmp_path_factory):
    """Builds A and B of the site and a server on a folder link that starts on A: (server, url,
    deploy_b), deploy_b() swapping the served folder to B as a static host would."""
    from test_offline import build, deploy, serve, stop

    # This run's own folder: under pytest-xdist the workers' base folders share it, so one build
    # serves them all (as site_dir); alone, the base folder (a new one each run).
    base = tmp_path_factory.getbasetemp()
    shared_dir = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    a = build(tmp_path / "a", "test-A", shared_dir)
    b = build(tmp_path / "b", "test-B", shared_dir)
    current = tmp_path / "current"
    current.symlink_to(a, target_is_directory=True)
    server, url = serve(current)
    yield server, url, lambda: deploy(tmp_path, current, b)
    stop(server)


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)
    guard = item.funcargs.get("guard") if hasattr(item, "funcargs") else None
    if rep.failed and isinstance(guard, Guard) and not hasattr(item, "guard_reported"):
        item.guard_reported = True  # once: a failed call's teardown may fail on the guard too
        tables = guard.tables(item.funcargs.get("context"))
        rep.sections.append(("what the pages did (guard)", guard.report() + "\nthe pages at the failure:\n  " + tables))


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "service_worker: the test's pages may install the game's service worker")


def pytest_sessionstart(session) -> None:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        print(f"e2e: {CHROMIUM} not found; trying Playwright's own Chromium", file=sys.stderr)
