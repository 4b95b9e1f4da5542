#!/usr/bin/env python3
"""The deal review in the page: time to the person's first card values and to all eight, and
what booting the analysis worker costs the match.

    python bench/review_page_bench.py [--deals 6] [--runs 4] [--site dist/site]

Deals: the first played deal of seeded matches (Normal at every seat; the person's cards chosen
by Normal too), built under CPython and stored with the page's own IndexedDB layout, the person
one card before the end. Times are the page's own clock (the review dialog's data-first-ms and
data-all-ms: from the click that opens the review to the values drawn). Two ways in:
- from the deal summary: the last card played at normal speed, Review clicked as soon as the
  summary shows (the analysis worker started on the deal as soon as it was scored);
- from the score sheet after a reload: the values the summary's review kept in IndexedDB;
- from the score sheet after a reload, never reviewed: the kept values deleted first, so the
  analysis worker (booted, and started on the last played deal as the page does after a reload)
  values the deal from scratch.
Targets (issue 11): first values <= 1.5 s, all eight <= 8 s.

Boot cost: a match against three Hard players, the person acting at once; wall time from the
person's first turn until the first 16 actions are shown (speed=instant), with the analysis
worker booting at that first turn (as the game does) or not at all (?analysis=0). Runs alternate.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "engine"))
from serve import serve_built_site  # noqa: E402
from ui_helpers import MY_TURN, forget_reviews, load_save, moves  # noqa: E402

from belote import Game, ai  # noqa: E402
from belote.ai.levels import move_seed  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CHROMIUM = os.environ.get("BELOTE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LEVELS = ["normal", "normal", "normal"]
READY = '[data-ready="1"]'
VALUES = "#dlg-review[open][data-values='8'][data-all-ms]"


def last_card_save(seed: int) -> dict:
    """A bridge save: the first played deal of Game(seed), the person about to play its last card."""
    game = Game(seed=seed, target=5000)
    ai_seed = 1000 + seed
    while True:
        seat = game.to_act
        view = game.view(seat)
        if seat == 0 and view["phase"] == "play" and len(view["hand"]) == 1:
            return {"game": game.to_dict(), "levels": LEVELS, "ai_seed": ai_seed}
        game.play(ai.choose_action(view, "normal", move_seed(ai_seed, game.move_number)))


def review_times(page) -> tuple[float, float]:
    page.wait_for_selector(VALUES, state="attached", timeout=120_000)
    return (int(page.get_attribute("#dlg-review", "data-first-ms")) / 1000,
            int(page.get_attribute("#dlg-review", "data-all-ms")) / 1000)


def review_after_reload(page, base: str) -> tuple[float, float]:
    """Opens the game again (the analysis worker booted), then the review of the sheet's deal."""
    page.goto(base + "?speed=instant")
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    page.wait_for_selector("html[data-analysis='ready']", state="attached", timeout=120_000)
    page.click("#btn-sheet")
    page.click("#dlg-sheet .review-open")
    return review_times(page)


def one_deal(browser, base: str, save: dict) -> dict[str, tuple[float, float]]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(base + "?speed=instant&levels=easy,easy,easy")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        load_save(page, save)
        page.goto(base + "?speed=normal")
        page.wait_for_selector(MY_TURN, state="attached", timeout=120_000)
        page.wait_for_selector("html[data-analysis='ready']", state="attached", timeout=120_000)
        page.click("#hand button:not([disabled])")
        page.click("#deal-summary:not([hidden]) [data-intent='review']", timeout=60_000)
        summary = review_times(page)
        sheet = review_after_reload(page, base)
        forget_reviews(page)
        fresh = review_after_reload(page, base)
        return {"summary": summary, "sheet": sheet, "fresh": fresh}
    finally:
        context.close()


def match_time(browser, base: str, seed: int, analysis: bool, actions: int = 16) -> float:
    """Seconds from the person's first turn until `actions` actions are shown, acting at once."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(base + f"?levels=hard,hard,hard&speed=instant&seed={seed}" + ("" if analysis else "&analysis=0"))
        page.wait_for_selector(MY_TURN, state="attached", timeout=120_000)
        t0 = time.monotonic()
        while moves(page) < actions:
            page.wait_for_selector(MY_TURN, state="attached", timeout=120_000)
            if moves(page) >= actions:
                break
            button = page.query_selector("#bids button[data-action='take']") or page.query_selector(
                "#bids button, #hand button:not([disabled])")
            before = moves(page)
            button.click()
            while moves(page) == before:
                time.sleep(0.01)
        return time.monotonic() - t0
    finally:
        context.close()


def line(name: str, xs: list[float], target: float | None = None) -> str:
    verdict = "" if target is None else ("  met" if statistics.median(xs) <= target else "  NOT met")
    return (f"  {name:<44} median {statistics.median(xs):5.2f} s   max {max(xs):5.2f} s"
            + (f"   (target {target} s on the median:{verdict})" if target else ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--runs", type=int, default=4)
    ap.add_argument("--site", type=Path, default=ROOT / "dist" / "site")
    args = ap.parse_args(argv)
    site = args.site.resolve()
    server, base = serve_built_site(site)
    load0 = os.getloadavg()[0]
    results: dict[str, dict[str, list[float]]] = {k: {"first": [], "all": []} for k in ("summary", "sheet", "fresh")}
    boot: dict[bool, list[float]] = {True: [], False: []}
    with sync_playwright() as pw:
        kwargs = {"args": ARGS, "headless": True}
        if Path(CHROMIUM).exists():
            kwargs["executable_path"] = CHROMIUM
        browser = pw.chromium.launch(**kwargs)
        try:
            for n in range(args.deals):
                got = one_deal(browser, base, last_card_save(n + 1))
                for way, (first, every) in got.items():
                    results[way]["first"].append(first)
                    results[way]["all"].append(every)
                print(f"  deal {n + 1}: summary first {got['summary'][0]:.2f} s all {got['summary'][1]:.2f} s;"
                      f" sheet first {got['sheet'][0]:.2f} s all {got['sheet'][1]:.2f} s;"
                      f" never reviewed first {got['fresh'][0]:.2f} s all {got['fresh'][1]:.2f} s", flush=True)
            for run in range(args.runs):
                for analysis in (True, False) if run % 2 == 0 else (False, True):
                    boot[analysis].append(match_time(browser, base, 50 + run, analysis))
                print(f"  boot run {run + 1}: with analysis {boot[True][-1]:.2f} s, without {boot[False][-1]:.2f} s",
                      flush=True)
        finally:
            browser.close()
    server.shutdown()
    print(f"\nDeal review in the page, {args.deals} deals (load average {load0:.1f} -> {os.getloadavg()[0]:.1f}, "
          f"{os.cpu_count()} cores)")
    print(line("from the deal summary: first card's values", results["summary"]["first"], 1.5))
    print(line("from the deal summary: all eight", results["summary"]["all"], 8.0))
    print(line("score sheet after a reload: first card's values", results["sheet"]["first"], 1.5))
    print(line("score sheet after a reload: all eight", results["sheet"]["all"], 8.0))
    print(line("never reviewed, after a reload: first values", results["fresh"]["first"], 1.5))
    print(line("never reviewed, after a reload: all eight", results["fresh"]["all"], 8.0))
    paired = [a - b for a, b in zip(boot[True], boot[False])]
    print(f"\nAnalysis worker boot vs the match ({args.runs} paired runs, 16 actions against three Hard players):")
    print(line("with the analysis worker booting", boot[True]))
    print(line("without (?analysis=0)", boot[False]))
    print(f"  {'cost to the match (paired difference)':<44} median {statistics.median(paired):+5.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
