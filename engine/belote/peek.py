"""Peek: Hard's look-ahead handed the true deal, for measurement only (never offered in the game).

Like :mod:`belote.oracle` it is no AI level: :mod:`belote.ai` neither lists nor reaches it.
The arena hands it the game (:func:`player`); it reads every hand and asks
:func:`belote.ai.hard.decide_in` to value its options in that one deal instead of in deals
drawn from its view. What it prices is the hidden information: Hard's method (rollouts by
Normal's play, then the exact endgame) with nothing left to guess.

- play (option ``play``, on by default): Hard's card valuation in the true deal;
  ``play=0`` plays Hard's own card (its deals drawn from the view). Option ``left``: only
  once at most this many tricks (the current one included) remain, Hard's own card before.
- bidding (option ``bid``): ``"normal"`` (the default) Normal's bid, so a gap measures card
  play; ``"hard"`` Hard's own bid; ``"peek"`` Hard's simulation in the true deal as it would
  be completed were this seat to take (passing valued as Hard values it).

Every other option goes to Hard (``samples``, ``endgame``...). ``python -m belote.arena --a
peek --b normal`` prints what perfect information is worth to Hard's card play against
Normal; ``--opt peek.play=0 --opt peek.bid=peek`` what it is worth to Hard's bidding.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .ai import hard
from .cards import CODE_TO_CARD, Mask, mask_of_codes
from .deal import complete_hands, first_hands
from .game import Game, deal_deck
from .phases import PLAY

NAME = "peek"
BIDS = ("normal", "hard", "peek")


def completed(view: Mapping[str, Any], deck: list[int], taker: int) -> list[Mask]:
    """The four hands of a deal in bidding as they would be once ``taker`` takes."""
    hands = first_hands(deck, view["dealer"])
    complete_hands(hands, deck, view["dealer"], taker)
    return hands


def settings(options: Mapping[str, Any] | None) -> tuple[int, str, dict[str, Any]]:
    """(the most tricks left it plays in the true deal, 0 for never; how to bid; Hard's options)
    from peek's options; ValueError if bad."""
    opts = dict(options or {})
    play, left = opts.pop("play", 1), opts.pop("left", 8)  # both peek's own, never Hard's
    if not play:
        left = 0
    bid = opts.pop("bid", "normal")
    if bid not in BIDS:
        raise ValueError(f"peek.bid must be one of {', '.join(BIDS)}, not {bid!r}")
    if not isinstance(left, int) or not 0 <= left <= 8:
        raise ValueError(f"peek.left must be a number of tricks from 0 to 8, not {left!r}")
    if bid == "normal":
        opts["bid_with"] = "normal"
    return left, bid, opts


def player(game: Game, options: Mapping[str, Any] | None = None) -> Callable[[Mapping[str, Any], int], str]:
    """A (view, seed) -> action callable that plays ``game`` knowing every card (see the module doc)."""
    left, bid, opts = settings(options)

    def choose(view: Mapping[str, Any], s: int) -> str:
        """Peek's action for the seat to act in ``game``."""
        if view["phase"] == PLAY:
            if 8 - len(view["tricks"]) > left:
                return hard.choose(view, s, **opts)
            hands = [mask_of_codes(game.view(seat)["hand"]) for seat in range(4)]
            return hard.decide_in(view, hands, s, **opts).action
        if bid != "peek":
            return hard.choose(view, s, **opts)
        deck = [CODE_TO_CARD[c] for c in deal_deck(game.to_dict(), view["deal_number"])]
        return hard.decide_in(view, completed(view, deck, view["seat"]), s, **opts).action

    return choose
