"""The command line shared by the benches that run Hard with the arena's options."""

from __future__ import annotations

import argparse
from typing import Any

from belote.arena import check_options, parse_options


def parse_args(doc: str, deals: int, seed: int, argv: list[str] | None) -> tuple[argparse.Namespace, dict[str, Any]]:
    """``--deals``, ``--seed`` and ``--opt hard.NAME=VALUE`` (as in the arena) parsed from ``argv``:
    the arguments and Hard's options (any other level's option is refused)."""
    p = argparse.ArgumentParser(description=doc.splitlines()[0])
    p.add_argument("--deals", type=int, default=deals)
    p.add_argument("--seed", type=int, default=seed)
    p.add_argument("--opt", action="append", default=[], help="hard.NAME=VALUE, as in the arena")
    args = p.parse_args(argv)
    parsed = parse_options(args.opt, None)
    if set(parsed) - {"hard"}:
        p.error("only hard.NAME=VALUE options")
    try:
        check_options(parsed)  # a misspelt name or a wrong type: a usage error, as in the arena
    except ValueError as exc:
        p.error(str(exc))
    return args, parsed.get("hard", {})
