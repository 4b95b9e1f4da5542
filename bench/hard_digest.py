#!/usr/bin/env python3
"""A fingerprint of Hard's decisions: did a change that should keep every card keep them?

    python bench/hard_digest.py [--deals 20] [--seed 11] [--opt hard.NAME=VALUE ...]

Hard decides on the views ``bench/ai_bench.py`` times (seeded matches played by Normal, bids and
cards), each with a choice, seeded by its index and with no time cap. Two digests are printed:
of the actions with their option values, and of everything a decision returns (the belief and the
number of deals too). A speed-up or a refactor that keeps Hard's play keeps both; a change of
play changes the first. The figures depend only on the code, the deals and the options, never on
the machine.
"""

from __future__ import annotations

import hashlib
import sys

from ai_bench import collect_views
from hard_options import parse_args

from belote.ai import hard


def digests(deals: int, seed: int, options: dict[str, object]) -> tuple[int, str, str]:
    """(decisions, digest of actions and values, digest of whole decisions) over the bench's views."""
    plays, whole = hashlib.sha256(), hashlib.sha256()
    n = 0
    for i, view in enumerate(collect_views(deals, seed)):
        if len(view["legal_actions"]) < 2:
            continue
        d = hard.decide(view, i, time_limit=None, **options)
        n += 1
        plays.update(repr((d.action, d.values)).encode())
        whole.update(repr((d.action, sorted(d.values.items()), sorted(d.belief.items()), d.samples)).encode())
    return n, plays.hexdigest()[:12], whole.hexdigest()[:12]


def main(argv: list[str] | None = None) -> int:
    """Print the digests."""
    args, options = parse_args(__doc__, 20, 11, argv)
    n, play, whole = digests(args.deals, args.seed, options)
    print(f"Hard over {n} decisions ({args.deals} deals, seed {args.seed}, options {options or 'none'}): "
          f"play {play}  whole {whole}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
