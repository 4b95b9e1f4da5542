#!/usr/bin/env python3
"""How fast this host runs Python like the engine's: a fixed loop, timed, for scaling budgets.

    python bench/host_speed.py

Hard's budget is a time (p95 <= 120 ms CPU a decision), and this project's hosts have differed
by about 1.5 times in speed from one session to the next: the same code's p95 moves with the
host. The benches print this reference beside their times, so a figure can be carried to
another host (``ms x its reference / this reference``) and a budget stated in reference units
does not move with the host. The loop does the engine's kind of work (bit masks, popcounts,
small lists, calls) and imports nothing from it, so it stays the same whatever the engine
becomes. Figure: process CPU ms, the fastest of ``repeat`` runs (the others measure the noise).
"""

from __future__ import annotations

import sys
import time

LOOPS = 200_000


def _step(hand: int, trick: list[int], i: int) -> int:
    """One unit of work: mask arithmetic, a popcount, list reads: a card choice's shape."""
    low = hand & -hand
    trick[i & 3] = low.bit_length()
    return (hand ^ low) | ((i * 2654435761) & 0xFFFFFFFF) + (trick[(i + 1) & 3] + hand.bit_count())


def reference_ms(repeat: int = 5) -> float:
    """Process CPU ms of the fixed loop, fastest of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        trick = [0, 0, 0, 0]
        hand = 0xF0F0F0F0
        start = time.process_time()
        for i in range(LOOPS):
            hand = _step(hand, trick, i) & 0xFFFFFFFF or 0xF0F0F0F0
        best = min(best, (time.process_time() - start) * 1000.0)
    return best


def reference_line(ms: float | None = None) -> str:
    """The reference (``ms`` if already timed) as the benches print it."""
    ms = reference_ms() if ms is None else ms
    return f"host reference (bench/host_speed.py): {ms:.1f} ms CPU, CPython {sys.version.split()[0]}"


if __name__ == "__main__":
    print(reference_line())
