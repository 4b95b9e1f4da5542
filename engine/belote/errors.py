"""The engine's exception types."""


class IllegalAction(ValueError):
    """An action that is malformed, unknown, or not legal for the seat to act now."""
