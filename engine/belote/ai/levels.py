"""The registry of AI levels and the one checked way to ask a level for an action."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import shown
from . import easy, hard, normal
from .view_check import check_seed, checked_view

Chooser = Callable[[Mapping[str, Any], int], str]

_CHOOSERS: dict[str, Chooser] = {"easy": easy.choose, "normal": normal.choose, "hard": hard.choose}
LEVELS: tuple[str, ...] = tuple(_CHOOSERS)
DEFAULT_LEVEL = "hard"  # DESIGN.md: choose_action(view, level="hard", seed=None)


def choose_action(view: Mapping[str, Any], level: str = DEFAULT_LEVEL, seed: int | None = None) -> str:
    """One of ``view["legal_actions"]``, chosen by the given level (a malformed view or seed: ValueError)."""
    chooser = _chooser(level, seed)
    # the level reads this checked copy, never the caller's mapping again
    return _choose(chooser, level, checked_view(view), seed)


def choose_checked(view: dict[str, Any], level: str, seed: int | None) -> str:
    """choose_action for ``view`` that is already :func:`checked_view`'s copy (the hint reads one
    copy for its choice and its reason); the level and the seed are still checked."""
    return _choose(_chooser(level, seed), level, view, seed)


def _chooser(level: Any, seed: Any) -> Chooser:
    """The level's chooser, once the level and the seed are known good (else ValueError)."""
    chooser = _CHOOSERS.get(level) if isinstance(level, str) else None
    if chooser is None:
        raise ValueError(f"unknown AI level {shown(level)}; known levels: {', '.join(LEVELS)}")
    check_seed(seed)
    return chooser


def _choose(chooser: Chooser, level: str, view: dict[str, Any], seed: int | None) -> str:
    """The chooser's action for a checked view, which must be one of its legal actions."""
    legal = view["legal_actions"]
    if not legal:
        raise ValueError("bad view: legal_actions is empty: this seat is not to act")
    action = chooser(view, 0 if seed is None else seed)
    if action not in legal:  # a bug in a level must never reach the game as a silent fallback
        raise RuntimeError(f"AI level {shown(level)} chose {shown(action)}, not in {shown(legal)}")
    return action


def move_seed(ai_seed: int, move: int) -> int:
    """The seed a computer player gets for move ``move`` (0-based action index) of a match.

    ``ai_seed`` is the match's AI stream, drawn apart from the deck seed (the bridge keeps it in
    its save), so nothing handed to an AI can reveal a hidden card, and a resumed match replays
    the same computer choices. A fixed integer mix: the same on every platform.
    """
    x = ((ai_seed & 0xFFFFFFFF) << 20 | (move & 0xFFFFF)) * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFFFFFF
    if ai_seed >> 32:  # seeds up to 2**53-1 are accepted: their high bits count too (32-bit ones unchanged)
        x = (x ^ (ai_seed >> 32)) * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 31
    return (x * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF) >> 33
