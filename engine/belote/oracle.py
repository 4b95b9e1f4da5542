"""The oracle: a full-information player, for measurement only (never offered in the game).

It is not an AI level: :mod:`belote.ai` neither lists nor reaches it, since an AI may know
only its own view. The arena, which referees the whole deal, hands it the game itself
(:func:`player`), and it reads all four hands from ``game.view(seat)["hand"]``:

- bidding: Normal's bid (:func:`belote.ai.normal.bid`), so a gap to it measures card play;
- play: double dummy, a card of best exact value for its team
  (:func:`belote.ai.search.best_cards`: card points with the last trick and the capot).
  Among equal cards it plays the one with the fewest points, then the weakest in the
  trick, then the lowest card int: it keeps what may still matter, deterministically.

One :class:`~belote.ai.search.Solver` serves all the decisions of a deal (its table stays
valid while the trump does). ``python -m belote.arena --a normal --b oracle`` prints
Normal's gap to it (see :mod:`belote.arena`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .ai import normal
from .ai.search import Solver, best_cards
from .cards import CARD_CODES, CODE_TO_CARD, POINTS, STRENGTH, SUITS, mask_of_codes
from .game import Game
from .playstate import PlayState

NAME = "oracle"


def play_state(view: Mapping[str, Any], hands: list[int]) -> PlayState:
    """The deal of a play-phase ``view`` with the four ``hands`` filled in."""
    trump = SUITS.index(view["trump"])
    ps = PlayState(hands, trump, view["leader"])
    ps.trick = [CODE_TO_CARD[e["card"]] for e in view["trick"]]
    ps.to_act = view["to_act"]
    ps.points = list(view["trick_points"])
    ps.n_tricks = len(view["tricks"])
    for t in view["tricks"]:
        ps.tricks_won[t["winner"] & 1] += 1
    return ps


def tie_break(cards: list[int], trump: int) -> int:
    """The card the oracle plays among equally good ``cards`` (see the module doc)."""
    pts, strength = POINTS[trump], STRENGTH[trump]
    return min(cards, key=lambda c: (pts[c], strength[c], c))


def player(game: Game) -> Callable[[Mapping[str, Any], int], str]:
    """A (view, seed) -> action callable that plays ``game`` double dummy (see the module doc)."""
    solvers: dict[tuple[int, int], Solver] = {}

    def choose(view: Mapping[str, Any], seed: int) -> str:
        """The oracle's action for the seat to act in ``game``."""
        legal: list[str] = view["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        if view["phase"] in ("bid1", "bid2"):
            return normal.bid(view)
        hands = [mask_of_codes(game.view(s)["hand"]) for s in range(4)]
        ps = play_state(view, hands)
        key = (view["deal_number"], ps.trump)
        solver = solvers.get(key)
        if solver is None:
            solvers.clear()  # a new deal: the old table is of no more use
            solver = solvers[key] = Solver(ps.trump)
        return CARD_CODES[tie_break(best_cards(ps, solver), ps.trump)]

    return choose
