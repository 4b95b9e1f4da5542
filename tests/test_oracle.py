"""The oracle (belote.oracle): a full-information yardstick the arena alone may field.

It must stay out of reach of anything that only holds a view (the AI registry), and it
must play double dummy: never a card of lower exact value than another legal card.
"""

from __future__ import annotations

import pytest

from belote import Game, ai, arena, oracle
from belote.ai.search import root_values
from belote.cards import CODE_TO_CARD, mask_of_codes


@pytest.mark.parametrize("name", arena.YARDSTICKS)
def test_the_yardsticks_are_not_ai_levels(name):
    """No view reaches the oracle or peek: ai.LEVELS does not list them, choose_action refuses them."""
    assert oracle.NAME in arena.YARDSTICKS
    assert name not in ai.LEVELS
    g = Game(seed=1, target=10**9)
    view = g.view(g.to_act)
    with pytest.raises(ValueError, match="unknown AI level"):
        ai.choose_action(view, name)


def all_hands(g: Game) -> list[int]:
    return [mask_of_codes(g.view(s)["hand"]) for s in range(4)]


@pytest.mark.parametrize("seed", [21, 22])
def test_the_oracle_plays_a_card_of_best_exact_value(seed):
    """Normal bids and plays the first three tricks; then the oracle plays every seat, and
    each card it picks has the best exact value for its team among the legal cards (a fresh
    solver checks it), with the tie-break the module states."""
    g = Game(seed=seed, target=10**9)
    while g.phase != "play" or len(g.view(0)["tricks"]) < 3:
        if g.deal_number:  # thrown in: next deal
            break
        g.play(ai.choose_action(g.view(g.to_act), "normal"))
    play = oracle.player(g)
    checked = 0
    deal = g.deal_number
    while g.deal_number == deal and g.phase == "play":
        view = g.view(g.to_act)
        action = play(view, 0)
        if len(view["legal_actions"]) > 1:
            ps = oracle.play_state(view, all_hands(g))
            values = root_values(ps)
            team = view["seat"] & 1
            best = max(values.values()) if team == 0 else min(values.values())
            assert values[CODE_TO_CARD[action]] == best, (view, values)
            assert CODE_TO_CARD[action] == oracle.tie_break([x for x, v in values.items() if v == best], ps.trump)
            checked += 1
        g.play(action)
    assert checked >= 5


def test_the_oracle_prefers_the_cheapest_of_equal_cards():
    """Equal values: fewest points first, then the weakest card."""
    trump = 0  # clubs
    assert oracle.tie_break([CODE_TO_CARD[x] for x in ("AS", "7S", "KH")], trump) == CODE_TO_CARD["7S"]
    assert oracle.tie_break([CODE_TO_CARD[x] for x in ("AS", "KH", "JC")], trump) == CODE_TO_CARD["KH"]
    assert oracle.tie_break([CODE_TO_CARD[x] for x in ("8C", "7D")], trump) == CODE_TO_CARD["7D"]


def test_the_arena_fields_the_oracle():
    """One duplicate deal against the oracle: two games, both sides timed; no options for it."""
    records = arena.run("easy", "oracle", 1, seed=2, workers=1)
    s = arena.summarize(records, "easy", "oracle")
    assert s["games"] == 2 and s["timing"]["oracle"]["decisions"] > 0
    assert s["diff_mean"] <= 0  # the smallest card against double-dummy play
    with pytest.raises(ValueError):
        arena.make_player(oracle.NAME, {"x": 1}, Game(seed=1, target=10**9))
    with pytest.raises(ValueError, match="unknown AI level"):
        arena.run("easy", "oracel", 1, workers=1)
