#!/usr/bin/env python3
"""Deal review speed in CPython: the whole review of seat 0, its first card's values, all eight.

    python bench/review_bench.py [--deals 12] [--seed 1]

Deals: the first played deals of seeded matches played by Normal at every seat (seat 0
stands for the person), Hard's seeds drawn by ``move_seed`` as the bridge does. For each
deal, in process CPU seconds, each from a fresh :class:`~belote.review.DealReview` (the
save replayed and checked again, as a stateless call would):
- ``deal_review(save, deal)`` for seat 0 (target <= 3 s median);
- time to the first card decision's values (the replay, then that one decision: what the
  page waits for before it can show any value; the page target is 1.5 s in Pyodide);
- time to all eight card decisions (the replay, then the cards in play order; bids left
  out; the page target is 8 s in Pyodide, which runs ~2x slower than CPython).
Figures: median and max over the deals, with the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any

from belote import Game, ai
from belote.ai.levels import move_seed
from belote.review import DealReview, deal_review


def finished_deals(n: int, seed: int) -> list[tuple[dict[str, Any], int]]:
    """(save, deal index) of ``n`` played deals from seeded matches of Normal at every seat."""
    out: list[tuple[dict[str, Any], int]] = []
    match = 0
    while len(out) < n:
        ai_seed = seed * 1000 + match
        g = Game(seed=seed * 7919 + match, target=100_000)
        while len(g.view(0)["sheet"]) < 3:
            seat = g.to_act
            assert seat is not None
            g.play(ai.choose_action(g.view(seat), "normal", move_seed(ai_seed, g.move_number)))
        for row in g.view(0)["sheet"]:
            if row["result"] != "thrown_in" and len(out) < n:
                out.append((g.to_dict(), row["deal"]))
        match += 1
    return out


def cpu(fn: Any, *args: Any) -> tuple[Any, float]:
    """(result, process CPU seconds) of one call."""
    t0 = time.process_time()
    out = fn(*args)
    return out, time.process_time() - t0


def first_card(save: dict[str, Any], deal: int) -> None:
    """The replay, then the first card decision of seat 0 valued."""
    r = DealReview(save, deal)
    r.decision([d["kind"] for d in r.outline()].index("card"))


def all_cards(save: dict[str, Any], deal: int) -> None:
    """The replay, then seat 0's eight card decisions in play order."""
    r = DealReview(save, deal)
    for i, d in enumerate(r.outline()):
        if d["kind"] == "card":
            r.decision(i)


def line(name: str, secs: list[float]) -> str:
    """A figure line: median and max seconds."""
    return f"  {name:<44} median {statistics.median(secs):6.2f} s   max {max(secs):6.2f} s"


def main() -> None:
    """Print the figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=12)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    deals = finished_deals(args.deals, args.seed)
    print(f"Deal review, seat 0, CPython {sys.version.split()[0]}, process CPU time, {len(deals)} deals, "
          f"load average {os.getloadavg()[0]:.2f}")
    whole, first, cards = [], [], []
    for save, deal in deals:
        first.append(cpu(first_card, save, deal)[1])
        cards.append(cpu(all_cards, save, deal)[1])
        whole.append(cpu(deal_review, save, deal)[1])
    print(line("deal_review(save, deal) (target <= 3 s)", whole))
    print(line("first card decision's values", first))
    print(line("all eight card decisions", cards))
    print(f"  per deal, first card s: {' '.join(f'{x:.2f}' for x in first)}")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
