#!/usr/bin/env python3
"""Exact solver speed: every legal card's value, and "does the contract make?", on random deals.

    python bench/solver_bench.py [--deals 40] [--deals8 12] [--seed 1] [--repeat 3]

A position with N tricks left: a random deal (32 cards, trump and leader drawn from the
seed), played on by random legal cards until N tricks remain (at a trick boundary).
For each position: :func:`~belote.ai.search.root_values` with a fresh solver (the exact
value of every legal card), timed in process CPU ms, and the nodes it searched; at 8
tricks also :func:`~belote.ai.search.makes` for a drawn taker's team and 82 card points.
Figures: median, p90 and max over the positions. Each position is timed ``--repeat``
times (a fresh solver each time, so the same nodes) and its fastest run counts, as
``timeit`` advises: the other runs measure the machine (this 2-core host's speed swings by
a quarter within minutes), not the code. The median of the first runs alone is printed
beside it, and the nodes, which no machine changes.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from host_speed import reference_line

from belote.ai.search import Solver, makes, root_values
from belote.arena import percentile
from belote.cards import mask_of
from belote.playstate import PlayState


def position(seed: int, left: int) -> PlayState:
    """A random deal played on by random legal cards until ``left`` tricks remain."""
    rng = random.Random(f"solver-bench:{seed}")
    deck = rng.sample(range(32), 32)
    ps = PlayState([mask_of(deck[s * 8 : s * 8 + 8]) for s in range(4)], rng.randrange(4), rng.randrange(4))
    while 8 - ps.n_tricks > left or ps.trick:
        legal = ps.legal_mask()
        ps.play(rng.choice([c for c in range(32) if legal >> c & 1]))
    return ps


def figures(samples: list[float]) -> str:
    """Median, p90 and max of a list, formatted."""
    s = sorted(samples)
    p90 = percentile(s, 90)
    return f"median {statistics.median(s):9.1f}  p90 {p90:9.1f}  max {s[-1]:9.1f}"


def timed(fn, *args):  # type: ignore[no-untyped-def]
    """(result, CPU ms) of one call."""
    t0 = time.process_time()
    out = fn(*args)
    return out, (time.process_time() - t0) * 1000.0


def fastest(repeat: int, fn, *args):  # type: ignore[no-untyped-def]
    """(result, fastest CPU ms, first run's CPU ms) over ``repeat`` calls of ``fn(*args)``."""
    out, first = timed(fn, *args)
    best = first
    for _ in range(repeat - 1):
        _, t = timed(fn, *args)
        best = min(best, t)
    return out, best, first


def main() -> None:
    """Print the figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=40, help="positions for 4, 5 and 6 tricks left")
    p.add_argument("--deals8", type=int, default=12, help="positions for 8 tricks left")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeat", type=int, default=3, help="runs per position; the fastest counts")
    args = p.parse_args()
    repeat = max(1, args.repeat)
    print(f"Exact solver, CPython {sys.version.split()[0]}, process CPU time, fastest of {repeat} "
          f"runs a position, load average {os.getloadavg()[0]:.2f}")
    for left in (4, 5, 6, 8):
        n = args.deals8 if left == 8 else args.deals
        ms, firsts, nodes = [], [], []
        for i in range(n):
            ps = position(args.seed * 100_000 + left * 1000 + i, left)
            solvers: list[Solver] = []

            def values(ps: PlayState = ps, solvers: list[Solver] = solvers) -> None:
                solvers.append(Solver(ps.trump))  # fresh each run: every run searches the same nodes
                root_values(ps, solvers[-1])

            _, t, first = fastest(repeat, values)
            ms.append(t)
            firsts.append(first)
            nodes.append(float(solvers[0].nodes))
        print(f"  root_values, {left} tricks left, {n} deals: ms {figures(ms)}   "
              f"nodes median {statistics.median(nodes):8.0f}   (first runs: median {statistics.median(firsts):.1f} ms)")
    n = args.deals8
    ms = []
    made = 0
    for i in range(n):
        ps = position(args.seed * 100_000 + 8000 + i, 8)
        taker = random.Random(f"solver-bench-taker:{args.seed}:{i}").randrange(4)
        ok, t, _ = fastest(repeat, makes, ps, taker & 1, 82)
        made += ok
        ms.append(t)
    print(f"  makes (82 card points), 8 tricks left, {n} deals: ms {figures(ms)}   made {made} of {n}")
    print(f"  {reference_line()}")


if __name__ == "__main__":
    main()
