"""Computer players: ``choose_action(view, level, seed)`` picks one of the view's legal actions.

An AI is a pure function of the view of its own seat (and of its seeded randomness):
it is never handed more, so it cannot know more. ``hint(view, seed)`` is Hard's action
with a one-line reason (:mod:`belote.ai.explain`).
"""

from __future__ import annotations

from .explain import hint
from .levels import LEVELS, choose_action

__all__ = ["LEVELS", "choose_action", "hint"]
