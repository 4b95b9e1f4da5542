#!/usr/bin/env python3
"""Hard's CPU time per decision in two versions of the engine, interleaved in one process.

    python bench/hard_ab.py --a REV_OR_DIR [--b REV_OR_DIR] [--deals 20] [--seed 11] [--rounds 2]

This host's speed drifts by 1.5 times within minutes (``bench/host_speed.py``), so two runs of
``ai_bench.py`` one after the other can differ more than two versions of the code do. Here both
versions decide on the same views (``ai_bench.py``'s, with a choice) in the same process, one
after the other decision by decision (the order alternating), so a drift slows both alike.
``--a`` and ``--b``: a git revision of this repository or an ``engine`` directory (``--b``
defaults to the working tree's). Printed: each version's total, p50 and p95 (process CPU, mean
of the rounds), the ratio of the totals and the median per-decision ratio, and whether both
versions made the same decisions (a speed-up must not change a card).
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from types import ModuleType

from ai_bench import collect_views

from belote.arena import percentile

ROOT = Path(__file__).resolve().parent.parent


def engine_copy(source: str, name: str, into: Path) -> None:
    """Copy the ``belote`` package of ``source`` (a directory or a git revision) to ``into/name``:
    its imports are relative, so two copies under two names live side by side."""
    path = Path(source)
    if path.is_dir():
        shutil.copytree(path / "belote" if (path / "belote").is_dir() else path, into / name)
        return
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", source, "engine/belote"],
                         check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(tar)) as t:
        t.extractall(into / "_tmp", filter="data")
    (into / "_tmp" / "engine" / "belote").rename(into / name)


def main() -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", default=str(ROOT / "engine"))
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        engine_copy(args.a, "belote_a", Path(tmp))
        engine_copy(args.b, "belote_b", Path(tmp))
        sys.path.insert(0, tmp)
        hards: dict[str, ModuleType] = {n: importlib.import_module(f"belote_{n}.ai.hard") for n in "ab"}
        views = [(i, v) for i, v in enumerate(collect_views(args.deals, args.seed)) if len(v["legal_actions"]) > 1]
        cpu = {n: [0.0] * len(views) for n in "ab"}
        actions: dict[str, list[str]] = {n: [] for n in "ab"}
        for r in range(args.rounds):
            for j, (i, view) in enumerate(views):
                for n in ("ab" if (j + r) % 2 == 0 else "ba"):
                    start = time.process_time()
                    action = hards[n].decide(view, i, time_limit=None).action
                    cpu[n][j] += (time.process_time() - start) * 1000 / args.rounds
                    if r == 0:
                        actions[n].append(action)
    print(f"Hard, process CPU ms per decision, {len(views)} decisions of {args.deals} deals (seed {args.seed}), "
          f"{args.rounds} rounds interleaved:")
    for n, source in (("a", args.a), ("b", args.b)):
        print(f"  {n} ({source}): total {sum(cpu[n]) / 1000:.2f} s   p50 {percentile(cpu[n], 50):.1f}   "
              f"p95 {percentile(cpu[n], 95):.1f}   max {max(cpu[n]):.1f}")
    ratios = [b / a for a, b in zip(cpu["a"], cpu["b"]) if a > 0]
    print(f"  b/a: total {sum(cpu['b']) / sum(cpu['a']):.3f}, median per decision {statistics.median(ratios):.3f}; "
          f"same decisions: {'yes' if actions['a'] == actions['b'] else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
