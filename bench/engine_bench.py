"""Engine throughput: random full deals per second (bidding included), one core.

Two paths: the public API (``legal_actions`` + ``play``, what tests outside the project
use) and the fast internal path (``PlayState`` with masks, what the AI's look-ahead uses).
"""

from __future__ import annotations

import argparse
import random
import time

from belote import Game
from belote.cards import cards_of
from belote.deal import deck_for
from belote.playstate import PlayState

DEAL_ENDS = ("deal_scored", "thrown_in")


def public_api(deals: int, seed: int) -> float:
    """Deals per second through the checked public API with random legal actions."""
    rng = random.Random(seed)
    done = 0
    game = Game(seed=seed, target=10**9)  # a match that never ends within the run
    start = time.perf_counter()
    while done < deals:
        for event in game.play(rng.choice(game.legal_actions())):
            if event["type"] in DEAL_ENDS:
                done += 1
    return done / (time.perf_counter() - start)


def fast_path(deals: int, seed: int) -> float:
    """Deals per second through the unchecked internal path (deal, take, play 32 cards)."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for n in range(deals):
        deck = deck_for(seed, n)
        hands = [0, 0, 0, 0]
        for i, c in enumerate(deck):
            hands[i & 3] |= 1 << c
        state = PlayState(hands, rng.randrange(4), 0)
        while not state.done:
            state.play(rng.choice(cards_of(state.legal_mask())))
    return deals / (time.perf_counter() - start)


def main() -> None:
    """Print the figures (best of a few runs, to skip a noisy neighbour)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    pub = max(public_api(args.deals, seed) for seed in range(args.runs))
    fast = max(fast_path(args.deals, seed) for seed in range(args.runs))
    print(f"engine, public API (legal_actions + play): {pub:,.0f} random deals/s")
    print(f"engine, fast internal path (PlayState):    {fast:,.0f} random deals/s")


if __name__ == "__main__":
    main()
