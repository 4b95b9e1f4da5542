"""The engine's exception types, and how a bad input is shown in their messages."""

from __future__ import annotations

import reprlib
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
