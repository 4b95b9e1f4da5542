"""The engine's exception types, and how a bad input is shown in their messages."""

from __future__ import annotations

import reprlib
from collections.abc import Iterable
from typing import Any

_SHORT = reprlib.Repr()
_SHORT.maxlevel = 3  # nested junk is shown three levels deep, never recursed into further
_SHORT.maxstring = 60
_SHORT.maxother = 60
_SHORT.maxlong = 40


class IllegalAction(ValueError):
    """An action that is malformed, unknown, or not legal for the seat to act now."""


def shown(value: Any) -> str:
    """A short repr of any input for an error message: bounded in depth and length, and never
    itself an error (an int of more than 4,300 digits has no repr in CPython)."""
    try:
        return _SHORT.repr(value)
    except Exception:  # a repr that fails: the message still names the type
        return f"<{type(value).__name__}>"


def shown_names(names: Iterable[Any], limit: int = 5) -> str:
    """At most `limit` names (keys, params) for an error message, sorted, and how many more:
    a save with 100,000 unknown keys names five, not all 100,000."""
    texts = sorted(n if isinstance(n, str) and len(n) <= 60 else shown(n) for n in names)
    more = len(texts) - limit
    return ", ".join(texts[:limit]) + (f" and {more} more" if more > 0 else "")
