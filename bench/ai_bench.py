#!/usr/bin/env python3
"""AI time per decision: each level in CPython, and Hard in the page (Pyodide in a worker).

    python bench/ai_bench.py [--deals 6] [--page-deals 2] [--site dist/site] [--no-page]

CPython: every level decides on the same views, collected from seeded matches played by
Normal (bids and cards, every seat), so the levels are timed on identical positions.
Page: the built site's own engine worker (js/engine-client.js) plays seeded deals with
Hard at every computer seat; each computer move is timed from the page (from the request, or
the move before, to the move's arrival), i.e. what a player waits for beyond the readable
delay. Figures: p50, p95, max.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from host_speed import reference_line, reference_ms

from belote import Game, ai
from belote.arena import percentile

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("BELOTE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Runs in the page: boot a second engine worker, play `deals` deals with Hard everywhere
# (seat 0 follows the hint, which is Hard's choice too), and time every computer move: the worker
# posts each move once decided and stored, so a move's time is from the request or the previous
# move to its arrival in the page (what a player waits for beyond the readable delay).
PAGE_SCRIPT = """
async ([deals, seed]) => {
  const { createEngine } = await import("../js/engine-client.js");
  const times = [];
  let finished = 0;
  let last = 0;
  let token = null;
  let turn = null; // resolves when the person is to act (or the match is over)
  const count = (steps) => {
    for (const st of steps) finished += st.events.filter((e) => e.type === "deal_scored" || e.type === "thrown_in").length;
  };
  const engine = createEngine({
    timeoutMs: 120000,
    onSteps: (msg) => {
      if (msg.token !== token || msg.error) return;
      const now = performance.now();
      times.push(now - last);
      last = now;
      count(msg.steps);
      if (msg.view.to_act === 0 || msg.view.to_act === null) turn(msg.view);
    },
  });
  await engine.ready;
  const waitTurn = (reply) => new Promise((resolve) => {
    turn = resolve;
    if (reply.view.to_act === 0 || reply.view.to_act === null) resolve(reply.view);
  });
  // this engine takes the page's match first (only resume takes one: a new game over a match
  // another owner holds is refused), then deals its own over it
  await engine.call("resume", { owner: "bench" });
  last = performance.now();
  let reply = await engine.call("new_game", { owner: "bench", seed, target: 100000, levels: ["hard", "hard", "hard"] });
  token = reply.token;
  let view = await waitTurn(reply);
  while (finished < deals && view.to_act === 0) {
    const hint = await engine.call("hint", {});
    last = performance.now();
    reply = await engine.call("play", { action: hint.action });
    count(reply.steps);
    view = await waitTurn(reply);
  }
  engine.terminate();
  return times;
}
"""


def percentiles(times_ms: list[float]) -> str:
    """p50, p95 and max of a list of milliseconds, formatted."""
    return (f"p50 {statistics.median(times_ms):8.2f} ms   p95 {percentile(times_ms, 95):8.2f} ms   "
            f"max {max(times_ms):8.2f} ms")


def collect_views(deals: int, seed: int) -> list[dict[str, Any]]:
    """The decision views of `deals` deals played by Normal at every seat."""
    game = Game(seed=seed, target=10**9)
    views: list[dict[str, Any]] = []
    done = 0
    while done < deals:
        view = game.view(game.to_act)  # type: ignore[arg-type]  # never None below the target
        views.append(view)
        for event in game.play(ai.choose_action(view, "normal", seed=len(views))):
            done += event["type"] in ("deal_scored", "thrown_in")
    return views


def cpython_figures(deals: int, seed: int) -> None:
    """Print each level's time per decision on the same views."""
    views = collect_views(deals, seed)
    print(f"AI time per decision, CPython {sys.version.split()[0]}, {len(views)} decisions "
          f"from {deals} deals (bids and cards):")
    times: dict[str, list[float]] = {}
    for level in ai.LEVELS:
        times[level] = []
        for i, view in enumerate(views):
            start = time.perf_counter()
            ai.choose_action(view, level, seed=i)
            times[level].append((time.perf_counter() - start) * 1000)
        print(f"  {level:<7} {percentiles(times[level])}")
    # Hard's budget in a unit that does not move with the host (see host_speed.py); the times
    # above are wall clock, the reference CPU: the same on a quiet machine, as benches want.
    ref = reference_ms()
    print(f"  {reference_line(ref)}; Hard's p95 is {percentile(times['hard'], 95) / ref:.2f} references")


def page_figures(site: Path, deals: int, seed: int) -> None:
    """Print Hard's time per decision in the page, through the engine worker."""
    if not (site / "dev" / "engine.html").is_file():
        # served anyway, the page would be a 404 and the wait below would last its 2 minutes
        sys.exit(f"ai_bench: no built site at {site}: run `make site` (or give --site), or --no-page")
    sys.path.insert(0, str(ROOT / "tools"))
    from playwright.sync_api import sync_playwright
    from serve import make_server, start_in_thread

    server = make_server(site)
    start_in_thread(server)
    url = f"http://127.0.0.1:{server.server_address[1]}/dev/engine.html"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            # bypass_csp: the page forbids eval, and this script is the bench's, not the site's.
            page = browser.new_context(bypass_csp=True).new_page()
            page.goto(url)
            page.wait_for_selector('[data-ready="1"]', timeout=120_000)
            times = page.evaluate(PAGE_SCRIPT, [deals, seed])
            browser.close()
    finally:
        server.shutdown()
    print(f"AI time per decision in the page (Pyodide worker, to the page), Hard, "
          f"{len(times)} decisions from {deals} deals:")
    print(f"  hard    {percentiles(times)}")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--page-deals", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--site", type=Path, default=ROOT / "dist" / "site")
    parser.add_argument("--no-page", action="store_true")
    args = parser.parse_args()
    cpython_figures(args.deals, args.seed)
    if not args.no_page:
        page_figures(args.site, args.page_deals, args.seed)


if __name__ == "__main__":
    main()
