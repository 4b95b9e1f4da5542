#!/usr/bin/env python3
"""Page load: navigation -> playable, cold and warm, against a bare page of the npm runtime.

    python bench/page_bench.py [--runs 5] [--site dist/site]

Three pages, each in a fresh on-disk Chromium profile per run, visited twice:
  game        the game, as players get it (its service worker registers after the first table);
  game nosw   the same page with ?nosw=1: no service worker, the browser's HTTP cache only;
  bare        dev/bare.html: the npm Pyodide runtime as it ships (full python_stdlib.zip and
              pyodide-lock.json), booted in a module worker, one Python call, no service worker.
  cold  first visit: empty HTTP cache, no service worker yet;
  warm  a return visit: the browser is closed once the first visit has settled (service worker
        installed, caches written) and started again on the same profile, so the service
        worker starts from scratch as it does for a returning player.
Time = navigation start -> `[data-ready="1"]` (the game: engine booted, match started, table
drawn), on the page's own clock. The three pages alternate within each run (the order rotates)
so load on the machine hits them alike; each ratio is taken within a run (paired) and the
median over runs is printed. Bytes = what the server sent for a visit (200 responses; 304s and
cache hits cost nothing), by file for the cold visits. Targets (issue 12): game cold <= 1.00 x
bare cold; game warm <= 1.05 x game nosw warm. Then the ways of installing the wheel in the
worker are timed (dev/engine.html). The load average is printed with the figures: run it on a
quiet machine.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from serve import serve_built_site  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

CHROMIUM = os.environ.get("BELOTE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
GAME_QUERY = "?levels=easy,easy,easy&seed=1"
PAGES = {"game": GAME_QUERY, "game nosw": GAME_QUERY + "&nosw=1", "bare": "dev/bare.html"}
COLD_TARGET = 1.00   # game cold / bare cold
WARM_TARGET = 1.05   # game warm / game nosw warm
SETTLE_S = 1.0       # before a visit: let the browser finish starting
LINGER_S = 2.0       # after a visit: let V8 write its code caches before the browser closes
# Records when [data-ready="1"] appears, on the page's clock (ms since navigation start).
# Init scripts are injected by the DevTools protocol, so the pages' CSP does not block them.
READY_PROBE = """
(() => {
  const mark = () => {
    if (!window.__readyAt && document.querySelector('[data-ready="1"]')) window.__readyAt = performance.now();
  };
  new MutationObserver(mark).observe(document, {subtree: true, childList: true, attributes: true,
                                                attributeFilter: ["data-ready"]});
})();
"""


def load() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def sent(site: Path, hits: list[tuple[str, int]]) -> Counter[str]:
    """Bytes sent per file for the given server hits (200 responses only)."""
    files: Counter[str] = Counter()
    for path, status in hits:
        if status != 200:
            continue
        rel = unquote(urlsplit(path).path).lstrip("/")
        f = site / rel
        if f.is_dir():
            f, rel = f / "index.html", (rel + "/index.html").lstrip("/")
        if f.is_file():
            files[rel] += f.stat().st_size
    return files


def launch(pw, profile: str):
    kwargs = {"args": ARGS, "headless": True}
    if Path(CHROMIUM).exists():
        kwargs["executable_path"] = CHROMIUM
    context = pw.chromium.launch_persistent_context(profile, **kwargs)
    context.add_init_script(READY_PROBE)
    return context


def visit(context, url: str, wait_sw: bool) -> float:
    page = context.pages[0] if context.pages else context.new_page()
    page.goto("about:blank")
    time.sleep(SETTLE_S)
    page.goto(url)
    page.wait_for_selector('[data-ready="1"]', state="attached", timeout=120_000)
    ready = page.evaluate("window.__readyAt") / 1000
    if wait_sw:  # the first visit installs the service worker (precache) after the first table
        page.wait_for_selector('html[data-sw="active"]', state="attached", timeout=120_000)
    time.sleep(LINGER_S)
    return ready


def one_run(pw, site: Path, server, base: str, name: str) -> dict:
    """Cold visit, browser restart, warm visit; times and bytes sent."""
    with tempfile.TemporaryDirectory(prefix="belote-bench-profile-") as profile:
        out: dict = {}
        for kind in ("cold", "warm"):
            start = len(server.hits)
            context = launch(pw, profile)
            try:
                out[kind] = visit(context, base + PAGES[name], wait_sw=(name == "game" and kind == "cold"))
            finally:
                context.close()
            out[f"{kind}_files"] = sent(site, server.hits[start:])
    return out


def install_times(pw, base: str, runs: int) -> dict[str, float]:
    """Runtime ready -> wheel installed, by install method, and the import of belote.bridge
    after it, from dev/engine.html's progress stages; medians over runs."""
    kwargs = {"args": ARGS, "headless": True}
    if Path(CHROMIUM).exists():
        kwargs["executable_path"] = CHROMIUM
    browser = pw.chromium.launch(**kwargs)
    times: dict[str, list[float]] = {"unpack": [], "loadPackage": []}
    imports: list[float] = []
    try:
        for _ in range(runs):
            for method in times:
                context = browser.new_context()
                page = context.new_page()
                page.goto(f"{base}dev/engine.html?wheel={method}")
                page.wait_for_selector('#app:not([data-ready="0"])', state="attached", timeout=120_000)
                result = json.loads(page.get_attribute("#app", "data-result") or "null")
                failure = page.text_content("#out")
                context.close()
                if not result:  # a figure missing without a word hid a broken install path once
                    raise RuntimeError(f"dev/engine.html?wheel={method} did not boot: {failure[:300]}")
                stages = {s["stage"]: s["ms"] for s in result["stages"]}
                times[method].append(stages["import"] - stages["engine"])
                imports.append(stages["ready"] - stages["import"])
    finally:
        browser.close()
    out = {m: statistics.median(v) for m, v in times.items() if v}
    if imports:
        out["then import belote.bridge"] = statistics.median(imports)
    return out


def paired(results: dict[str, list[dict]], a: str, ka: str, b: str, kb: str) -> float:
    return statistics.median(x[ka] / y[kb] for x, y in zip(results[a], results[b]))


def print_bytes(results: dict[str, list[dict]]) -> None:
    """Bytes sent on a cold visit, by file (the last run's; every run sends the same files)."""
    game, bare = results["game"][-1]["cold_files"], results["bare"][-1]["cold_files"]
    print("\nBytes sent on a cold visit, by file (game: until its service worker is installed)")
    print(f"  {'file':52}{'game':>12}{'bare':>12}")
    for name in sorted(set(game) | set(bare), key=lambda n: -max(game[n], bare[n])):
        if max(game[name], bare[name]) >= 10_000:
            print(f"  {name:52}{game[name]:12,}{bare[name]:12,}")
    small = [n for n in set(game) | set(bare) if max(game[n], bare[n]) < 10_000]
    print(f"  {f'{len(small)} files under 10 kB':52}{sum(game[n] for n in small):12,}{sum(bare[n] for n in small):12,}")
    print(f"  {'total':52}{sum(game.values()):12,}{sum(bare.values()):12,}")
    print(f"  game sends {(sum(bare.values()) - sum(game.values())) / 1e6:.2f} MB less than the bare npm runtime page"
          f"; warm visits send {sum(results['game'][-1]['warm_files'].values()):,} bytes (game),"
          f" {sum(results['game nosw'][-1]['warm_files'].values()):,} (nosw), {sum(results['bare'][-1]['warm_files'].values()):,} (bare)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--install-runs", type=int, default=3, help="runs of the wheel-install timing (0: skip)")
    ap.add_argument("--site", type=Path, default=ROOT / "dist" / "site")
    args = ap.parse_args(argv)
    site = args.site.resolve()
    server, base = serve_built_site(site)
    results: dict[str, list[dict]] = {name: [] for name in PAGES}
    t0 = time.time()
    print(f"Page load, {args.runs} runs of {', '.join(PAGES)} (alternating); {load()}", flush=True)
    with sync_playwright() as pw:
        names = list(PAGES)
        for run in range(args.runs):
            order = names[run % len(names):] + names[:run % len(names)]
            for name in order:
                r = one_run(pw, site, server, base, name)
                results[name].append(r)
                print(f"  run {run + 1}/{args.runs} {name:10} cold {r['cold']:.2f} s  warm {r['warm']:.2f} s  ({load()})",
                      flush=True)
        installs = install_times(pw, base, args.install_runs) if args.install_runs else {}
    server.shutdown()

    print(f"\nNavigation -> [data-ready=\"1\"], medians of {args.runs} runs ({time.time() - t0:.0f} s; {load()})")
    print(f"  {'':12}{'cold s':>9}{'warm s':>9}{'cold MB':>10}{'warm MB':>10}")
    for name, runs in results.items():
        med = {k: statistics.median(r[k] for r in runs) for k in ("cold", "warm")}
        mb = {k: statistics.median(sum(r[f"{k}_files"].values()) for r in runs) / 1e6 for k in ("cold", "warm")}
        print(f"  {name:12}{med['cold']:9.2f}{med['warm']:9.2f}{mb['cold']:10.2f}{mb['warm']:10.3f}")
    cold = paired(results, "game", "cold", "bare", "cold")
    warm = paired(results, "game", "warm", "game nosw", "warm")
    print("Paired ratios (median over runs of the ratio within each run):")
    print(f"  game cold / bare cold          {cold:.3f}   target <= {COLD_TARGET:.2f}: {'met' if cold <= COLD_TARGET else 'NOT met'}")
    print(f"  game warm / game nosw warm     {warm:.3f}   target <= {WARM_TARGET:.2f}: {'met' if warm <= WARM_TARGET else 'NOT met'}")
    print(f"  game warm / bare warm          {paired(results, 'game', 'warm', 'bare', 'warm'):.3f}")
    print(f"  game nosw cold / bare cold     {paired(results, 'game nosw', 'cold', 'bare', 'cold'):.3f}")
    cost = statistics.median(g["warm"] - n["warm"] for g, n in zip(results["game"], results["game nosw"]))
    print(f"Service worker's cost on a warm visit (game - game nosw, paired median): {cost * 1000:+.0f} ms")
    print_bytes(results)
    if installs:
        print("\nIn the worker, runtime ready -> wheel installed (median ms): "
              + ", ".join(f"{m} {v:.0f}" for m, v in installs.items())
              + "  (the game uses unpack: fetch during the boot + pyodide.unpackArchive)")
    print(f"({load()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
