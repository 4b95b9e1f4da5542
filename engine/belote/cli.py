"""Play a match in a terminal against three computer players: ``belote [--level L]``."""

from __future__ import annotations

import argparse
from typing import Any

from . import ai
from .errors import IllegalAction
from .game import Game

SEAT_NAMES = ("You", "West", "Partner", "East")


def _describe(event: dict[str, Any]) -> str | None:
    kind = event["type"]
    if kind == "bid":
        return f"{SEAT_NAMES[event['seat']]}: {event['action']}"
    if kind == "card":
        return f"{SEAT_NAMES[event['seat']]} plays {event['card']}"
    if kind == "belote":
        return f"{SEAT_NAMES[event['seat']]}: {event['call']}!"
    if kind == "trick":
        return f"  trick to {SEAT_NAMES[event['winner']]} ({event['points']} points)"
    if kind == "deal_scored":
        return f"deal {event['deal']}: {event['result']}, points {event['points']}, scores {event['scores']}"
    if kind == "thrown_in":
        return "all passed: cards thrown in"
    if kind == "deal":
        return f"\nnew deal, dealer {SEAT_NAMES[event['dealer']]}, turned card {event['turned_card']}"
    if kind == "match_over":
        return f"match over: team {event['winner']} wins {event['scores']}"
    return None


def main(argv: list[str] | None = None) -> None:
    """Run the terminal game loop."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="easy", choices=ai.LEVELS)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--target", type=int, default=1000)
    args = parser.parse_args(argv)
    try:
        game = Game(seed=args.seed, target=args.target)
    except ValueError as exc:  # --target 0: a message, not a traceback
        parser.error(str(exc))
    print(f"turned card {game.view(0)['turned_card']}")
    while game.to_act is not None:
        seat = game.to_act
        view = game.view(seat)
        if seat == 0:
            table = " ".join(t["card"] for t in view["trick"]) or "-"
            print(f"table: {table}   your hand: {' '.join(view['hand'])}")
            print(f"legal: {' '.join(view['legal_actions'])}")
            try:
                action = input("> ").strip()
            except (EOFError, KeyboardInterrupt):
                print("\nbye")
                return
        else:
            action = ai.choose_action(view, level=args.level)
        try:
            events = game.play(action)
        except IllegalAction as exc:
            print(exc)
            continue
        for event in events:
            line = _describe(event)
            if line:
                print(line)


if __name__ == "__main__":
    main()
