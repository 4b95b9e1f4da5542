#!/usr/bin/env python3
"""How well Hard's belief finds the hidden cards: the probability it gives each card's true holder.

    python bench/belief_bench.py [--deals 100] [--seed 1] [--opt hard.infer=none ...]

The arena's duplicate deals (``belote.arena.deck_for``) are played with Hard on one team and
Normal on the other, every seat bidding like Normal (card play alone), each deal twice with
the teams swapped and each decision seeded as the arena seeds it. At every card decision of
Hard with a choice, its belief (:attr:`belote.ai.hard.Decision.belief`: for each card hidden
from the seat, the weighted share of its sampled deals in which each other seat held it) is
scored against the true deal, which this script, like the arena, can see:

- **p(true)**: the mean probability the belief gives the seat that really holds the card;
- **top-1**: the share of hidden cards whose most likely holder in the belief is the true one
  (ties count as a miss).

Both by tricks played (0-1, 2-3, 4-5, 6-7) and overall; the higher the better. A sharper
inference should raise them; ``--opt hard.infer=none --opt hard.bid_miss=1`` (no policy
inference) is the baseline from the view's hard facts and hand-written weights alone. The
figures depend only on the deals, the seed and the options, never on the machine.
"""

from __future__ import annotations

import sys
from typing import Any

from belote import Game, ai
from belote.ai import hard
from belote.arena import HUGE_TARGET, decisions, deck_for
from belote.cards import CODE_TO_CARD, mask_of_codes
from hard_options import parse_args

STAGES = ("0-1", "2-3", "4-5", "6-7")


def score_deal(seed: int, deal: int, hard_team: int, options: dict[str, Any],
               sums: dict[str, list[float]]) -> None:
    """Play deal ``deal`` with Hard on ``hard_team``; add each scored card to ``sums``
    (stage -> [cards, p(true) sum, top-1 hits])."""
    game = Game(seed=seed, target=HUGE_TARGET, decks=[deck_for(seed, deal)])
    for seat, view, s in decisions(game, seed, deal, hard_team):
        if seat & 1 != hard_team:
            action = ai.choose_action(view, "normal", s)
        elif view["phase"] != "play":
            action = ai.normal.bid(view)
        else:
            decision = hard.decide(view, s, bid_with="normal", **options)
            action = decision.action
            if decision.belief:
                hands = [mask_of_codes(game.view(x)["hand"]) for x in range(4)]
                row = sums[STAGES[len(view["tricks"]) // 2]]
                for code, shares in decision.belief.items():
                    holder = next(x for x in range(4) if hands[x] >> CODE_TO_CARD[code] & 1)
                    row[0] += 1
                    row[1] += shares[holder]
                    top = max(shares)
                    row[2] += shares[holder] == top and shares.count(top) == 1
        game.play(action)


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    args, options = parse_args(__doc__, 100, 1, argv)
    sums = {st: [0.0, 0.0, 0.0] for st in STAGES}
    for deal in range(args.deals):
        for team in (0, 1):
            score_deal(args.seed, deal, team, options, sums)
    print(f"Hard's belief against the true deal: {args.deals} deals x 2, seed {args.seed}, options {options or 'none'}")
    total = [sum(sums[st][i] for st in STAGES) for i in range(3)]
    for name, (n, pt, top) in (*sums.items(), ("all", total)):
        if n:
            print(f"  tricks played {name:>4}: {int(n):6d} hidden cards   p(true) {pt / n:.4f}   top-1 {top / n:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
