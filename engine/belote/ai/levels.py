"""The registry of AI levels and the one checked way to ask a level for an action."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import easy, hard, normal

Chooser = Callable[[Mapping[str, Any], int], str]

_CHOOSERS: dict[str, Chooser] = {"easy": easy.choose, "normal": normal.choose, "hard": hard.choose}
LEVELS: tuple[str, ...] = tuple(_CHOOSERS)


def choose_action(view: Mapping[str, Any], level: str = "easy", seed: int | None = None) -> str:
    """One of ``view["legal_actions"]``, chosen by the given level."""
    chooser = _CHOOSERS.get(level) if isinstance(level, str) else None
    if chooser is None:
        raise ValueError(f"unknown AI level {level!r}; known levels: {', '.join(LEVELS)}")
    legal = view.get("legal_actions") if isinstance(view, Mapping) else None
    if not legal:
        raise ValueError("the view has no legal actions: this seat is not to act")
    action = chooser(view, 0 if seed is None else seed)
    if action not in legal:  # a bug in a level must never reach the game as a silent fallback
        raise RuntimeError(f"AI level {level!r} chose {action!r}, not in {legal}")
    return action
