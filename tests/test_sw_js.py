"""site/sw.js's fetch path, run in Node with a scripted Cache Storage: an error of Cache Storage never
fails a page's request while the network answers, and a failed open is tried again on the next
request (a rejected open kept for the worker's life failed every file of every reload)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build_wheel  # noqa: E402

SW_JS = ROOT / "site" / "sw.js"
MANIFEST = {
    "build": "test-build",
    "pyodide": "0.0.0",
    "site": [["./", "0" * 64], ["js/main.js", "1" * 64]],
    "runtime": [["pyodide/pyodide.mjs", "2" * 64], ["pyodide/pyodide.asm.wasm", "3" * 64]],
}

# The worker's global scope: its registration, its event listeners, Cache Storage whose first
# `opens_failing` opens reject (as an internal error of the browser's storage does), and a network
# that answers every URL. Each request of `requests` is fetched through the worker's fetch handler in
# turn; the answer is "cache:<url>", "network:<url>" or "failed: <error>".
PROBE = """
import vm from "node:vm";
import { readFileSync } from "node:fs";
const { code, requests, opensFailing } = JSON.parse(readFileSync(0, "utf8"));
const scope = "https://game.test/belote/";
const listeners = {};
let opens = 0;
const store = new Map();
const cache = {
  match: async (key) => {
    const url = typeof key === "string" ? key : key.url;
    return store.has(url) ? new Response(`cache:${url}`) : undefined;
  },
  put: async (key, response) => { store.set(String(key), response); },
  keys: async () => [...store.keys()].map((url) => new Request(url)),
};
const caches = {
  open: async () => {
    opens += 1;
    if (opens <= opensFailing) throw new Error("Unexpected internal error.");
    return cache;
  },
  keys: async () => [], has: async () => false, delete: async () => true, match: async () => undefined,
};
const sandbox = {
  location: { href: scope + "sw.js" },
  registration: { scope, installing: null, waiting: null },
  serviceWorker: { state: "activated" },
  addEventListener: (type, fn) => { listeners[type] = fn; },
  skipWaiting: () => {},
  caches, crypto, URL, Request, Response, Headers, Map, Set, Promise, Array, Uint8Array, JSON,
  fetch: async (request) => new Response(`network:${typeof request === "string" ? request : request.url}`),
};
sandbox.self = sandbox;
vm.createContext(sandbox);
vm.runInContext(code, sandbox);
store.set(scope + "js/main.js", null);
store.set(scope + "pyodide/pyodide.mjs", null);
const answers = [];
for (const url of requests) {
  let answered = null;
  listeners.fetch({ request: new Request(url), respondWith: (p) => { answered = p; } });
  try {
    answers.push(await (await answered).text());
  } catch (e) {
    answers.push(`failed: ${e.message}`);
  }
}
process.stdout.write(JSON.stringify(answers));
"""


@pytest.fixture(scope="module")
def built_sw(tmp_path_factory) -> str:
    """site/sw.js with MANIFEST filled in by the build's own step."""
    folder = tmp_path_factory.mktemp("sw")
    shutil.copy(SW_JS, folder / "sw.js")
    build_wheel.write_sw_manifest(folder, MANIFEST)
    return (folder / "sw.js").read_text(encoding="utf-8")


def fetch_through_worker(code: str, requests: list[str], opens_failing: int) -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run([node, "--input-type=module", "-e", PROBE],
                          input=json.dumps({"code": code, "requests": requests, "opensFailing": opens_failing}),
                          capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)


MAIN = "https://game.test/belote/js/main.js"
RUNTIME = "https://game.test/belote/pyodide/pyodide.mjs"


def test_files_come_from_the_cache_when_it_opens(built_sw):
    assert fetch_through_worker(built_sw, [MAIN, RUNTIME], opens_failing=0) == [f"cache:{MAIN}", f"cache:{RUNTIME}"]


def test_a_cache_that_fails_to_open_is_a_miss_and_is_opened_again_on_the_next_request(built_sw):
    # one failed open for each cache (the site's, then the runtime's), then both open
    answers = fetch_through_worker(built_sw, [MAIN, RUNTIME, MAIN, RUNTIME], opens_failing=2)
    assert answers == [f"network:{MAIN}", f"network:{RUNTIME}", f"cache:{MAIN}", f"cache:{RUNTIME}"]


def test_a_cache_that_never_opens_leaves_every_file_to_the_network(built_sw):
    answers = fetch_through_worker(built_sw, [MAIN, RUNTIME, MAIN], opens_failing=100)
    assert answers == [f"network:{MAIN}", f"network:{RUNTIME}", f"network:{MAIN}"]
