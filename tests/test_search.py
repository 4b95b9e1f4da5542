"""The exact double-dummy solver (ai/solver.py, through ai/search.py) against plain minimax.

``exhaustive`` is the oracle: minimax over every legal card, no pruning, no table. The
solver must give the same value on random endgames (mid-trick positions and capot chances
included), the same value for every legal card at the root, stay exact when one table
serves many positions and narrow windows, and agree with itself along whole deals.
"""

from __future__ import annotations

import random

import pytest

from belote.ai.search import (
    Solver,
    best_cards,
    capot_flags,
    collapse,
    exhaustive,
    makes,
    play_scored,
    root_values,
    solve,
)
from belote.cards import CODE_TO_CARD, SUITS, mask_of_codes
from belote.playstate import PlayState
from helpers import random_endgame


def mask(codes: str) -> int:
    return mask_of_codes(codes.split())


def with_capot_chance(ps: PlayState, team: int) -> PlayState:
    """The same position as if ``team`` had won every trick so far (a capot is still open)."""
    ps = ps.copy()
    ps.tricks_won = [0, 0]
    ps.tricks_won[team] = ps.n_tricks
    return ps


def mixed_endgames(seed: int, count: int, capot_every: int):
    """Endgames of 2 to 4 tricks, 0 to 3 cards on the table, some with a capot still open."""
    rng = random.Random(seed)
    for i in range(count):
        ps = random_endgame(rng, 2 + i % 3, i % 4)
        if i % capot_every == 0 and ps.n_tricks:
            ps = with_capot_chance(ps, i % 2)
        yield ps


def card_values(ps: PlayState) -> dict[int, int]:
    """Every legal card's exact value by plain minimax."""
    cap = capot_flags(ps.tricks_won, ps.n_tricks)
    out = {}
    for x in range(32):
        if ps.legal_mask() >> x & 1:
            child = ps.copy()
            delta, _ = play_scored(child, x, cap)
            out[x] = delta + exhaustive(child)
    return out


# ------------------------------------------------------------------ vs minimax


@pytest.mark.parametrize("left,count", [(1, 150), (2, 150), (3, 120), (4, 30)])
def test_solver_agrees_with_exhaustive_minimax(left, count):
    """Random endgames, any number of cards on the table, a third of them with a capot open."""
    rng = random.Random(100 + left)
    for i in range(count):
        ps = random_endgame(rng, left, rng.randrange(4))
        if i % 3:
            ps = with_capot_chance(ps, i % 3 - 1) if ps.n_tricks else ps
        assert solve(ps) == exhaustive(ps), (ps.hands, ps.trick, ps.trump, ps.leader, ps.tricks_won)


def test_solver_agrees_with_exhaustive_on_five_tricks():
    """Five tricks left with three cards of the trick on the table (the fourth seat to play)."""
    rng = random.Random(5)
    for i in range(2):
        ps = random_endgame(rng, 5, 3)
        if i % 2:
            ps = with_capot_chance(ps, i % 4 // 2)
        assert solve(ps) == exhaustive(ps)


def test_root_values_are_every_cards_minimax_value():
    """root_values gives each legal card (equivalent cards too) its exhaustive value."""
    for ps in mixed_endgames(8, 60, 5):
        assert root_values(ps) == card_values(ps), (ps.hands, ps.trick, ps.trump)


def test_root_values_of_some_cards_are_their_exhaustive_values():
    """root_values(ps, cards=m) values exactly the legal cards of m (a card left out of the
    collapse among them too), each at its exhaustive value."""
    rng = random.Random(4)
    for ps in mixed_endgames(9, 60, 5):
        values = card_values(ps)
        some = sum(1 << c for c in values if rng.random() < 0.5) | 1 << 31
        got = root_values(ps, cards=some)
        assert got == {c: v for c, v in values.items() if some >> c & 1}, (ps.hands, ps.trick, ps.trump)


def test_best_cards_are_the_cards_of_best_minimax_value():
    for ps in mixed_endgames(10, 60, 4):
        values = card_values(ps)
        best = max(values.values()) if ps.to_act & 1 == 0 else min(values.values())
        assert best_cards(ps) == sorted(x for x, v in values.items() if v == best)


def test_a_shared_table_and_narrow_windows_stay_exact():
    """One solver's table across positions; bounds from a window; a far guess."""
    rng = random.Random(9)
    solvers = [Solver(t) for t in range(4)]
    for _ in range(60):
        ps = random_endgame(rng, 3, rng.randrange(4))
        solver = solvers[ps.trump]
        exact = exhaustive(ps)
        assert solver.value(ps) == exact
        assert solver.value(ps) == exact  # from the table
        assert solver.value(ps, guess=exact + 100) == exact
        assert solver.value(ps, exact - 1, exact + 1) == exact
        assert solver.value(ps, exact + 5, exact + 20) <= exact + 5  # fail low: an upper bound
        assert solver.value(ps, exact - 20, exact - 5) >= exact - 5  # fail high: a lower bound


# ------------------------------------------------------------------ whole deals


def deal(seed: int) -> PlayState:
    """A scripted full deal: the deck of ``seed``, 8 cards a seat, trump and leader drawn too."""
    return random_endgame(random.Random(seed), 8, 0)


def test_values_hold_along_the_principal_variation():
    """From the first card to the last, each position's value (by one shared solver and by a
    fresh one) equals the value of the best card before it minus the points that card moved."""
    ps = deal(11)
    shared = Solver(ps.trump)
    expected = shared.value(ps)
    cap = capot_flags(ps.tricks_won, ps.n_tricks)
    while not ps.done:
        values = root_values(ps, shared)
        best = max(values.values()) if ps.to_act & 1 == 0 else min(values.values())
        assert best == expected == Solver(ps.trump).value(ps)
        card = min(x for x, v in values.items() if v == best)
        delta, cap = play_scored(ps, card, cap)
        expected = best - delta
    assert expected == 0


def test_root_values_are_deterministic():
    ps = random_endgame(random.Random(6), 6, 0)
    first = root_values(ps)
    assert root_values(ps) == first
    solver = Solver(ps.trump)
    other = random_endgame(random.Random(7), 6, 0)
    other.trump = ps.trump
    solver.value(other)
    assert root_values(ps, solver) == first  # a table filled by another deal changes nothing
    assert list(first) == sorted(first)


# ------------------------------------------------------------------ the zero-window question


def final_total(ps: PlayState, team: int) -> int:
    """The card total ``team`` ends the deal with under perfect play (252 for a capot)."""
    diff = ps.points[0] - ps.points[1] + solve(ps)
    if team:
        diff = -diff
    return 252 if diff == 252 else 0 if diff == -252 else (162 + diff) // 2


def test_makes_answers_whether_a_team_reaches_a_total():
    for ps in mixed_endgames(12, 40, 7):
        for team in (0, 1):
            total = final_total(ps, team)
            for target in (total - 2, total - 1, total, total + 1, total + 2, 82, 162, 252):
                assert makes(ps, team, target) == (total >= target), (team, total, target)


def test_makes_on_six_tricks_matches_the_exact_value():
    ps = random_endgame(random.Random(5), 6, 0)
    for team in (0, 1):
        total = final_total(ps, team)
        solver = Solver(ps.trump)
        assert makes(ps, team, total, solver) and not makes(ps, team, total + 1, solver)


# ------------------------------------------------------------------ named cases


def suit(letter: str) -> int:
    return SUITS.index(letter)


def test_collapse_keeps_one_of_equivalent_low_cards():
    """7 8 9 of a plain suit in one hand are one move; a foreign 8 between them splits them."""
    trump = suit("H")
    moves = mask("7C 8C 9C AC")
    assert collapse(moves, 0, trump) == mask("7C AC")
    assert collapse(mask("7C 9C"), mask("8C"), trump) == mask("7C 9C")
    assert collapse(mask("7H 8H"), 0, trump) == mask("7H")  # trump 7 and 8: both 0 points


def test_capot_counts_in_the_search_value():
    """Team 0 taking the last trick after every other one scores the capot (+90)."""
    hands = [mask("JH"), mask("7C"), mask("8C"), mask("9C")]
    ps = PlayState(hands, suit("H"), 0)
    ps.n_tricks = 7
    ps.tricks_won = [7, 0]
    assert solve(ps) == exhaustive(ps) == 20 + 10 + 90


def test_a_master_run_is_cashed_for_its_points_but_a_trumpable_one_is_not():
    """Leading a run of masters (AS TS): the search keeps only the ten, which is right while
    nobody can trump; when an opponent can, both cards are searched and differ."""
    hands = [mask("AS TS"), mask("7S 8C"), mask("8S 9C"), mask("9S 7C")]
    ps = PlayState(hands, suit("H"), 0)
    ps.n_tricks = 6
    assert root_values(ps) == card_values(ps)
    hands = [mask("AS TS"), mask("7H 8C"), mask("8S 9C"), mask("9S 7C")]  # seat 1 trumps
    ps = PlayState(hands, suit("H"), 0)
    ps.n_tricks = 6
    values = root_values(ps)
    assert values == card_values(ps) and values[CODE_TO_CARD["AS"]] != values[CODE_TO_CARD["TS"]]


def fail_soft_holds(ps: PlayState, exact: int) -> None:
    """Zero-window searches around ``exact``, each on a fresh table: every bound returned holds."""
    for b in range(exact - 40, exact + 41, 3):
        r = Solver(ps.trump).value(ps, b - 1, b)
        assert (r >= b and exact >= r) or (r <= b - 1 and exact <= r), (b, r, exact)


def test_cashing_bounds_stay_exact():
    """From four tricks left the search bounds a trick start by the points its leader surely
    cashes: side-suit masters while no opponent can ruff, or after drawing the opponents'
    trumps. At trick starts with four tricks left where the leader holds a side ace (a third
    with a capot open), the value is minimax's and every zero-window bound holds."""
    rng = random.Random(404)
    tried = 0
    while tried < 24:
        ps = random_endgame(rng, 4, 0)
        hand, trump = ps.hands[ps.to_act], ps.trump
        if not any(s != trump and hand >> (s * 8 + 7) & 1 for s in range(4)):
            continue
        tried += 1
        if tried % 3 == 0 and ps.n_tricks:
            ps = with_capot_chance(ps, tried % 2)
        exact = exhaustive(ps)
        assert solve(ps) == exact, (ps.hands, ps.trump, ps.leader, ps.tricks_won)
        fail_soft_holds(ps, exact)


def test_drawing_trumps_then_cashing_is_exact():
    """The leader holds the two top trumps and the side aces: it draws the opponents' trumps
    and cashes (the drawing bound); and the same hands with an opponent's trump too long to draw."""
    for hands in (
        [mask("JH 9H AS AC"), mask("7H TS 8C 7D"), mask("7S 8S 9C TD"), mask("8H 9S TC KD")],
        [mask("JH 9H AS AC"), mask("7H 8H TH 7D"), mask("7S 8S 9C TD"), mask("TS 9S TC KD")],
    ):
        ps = PlayState(hands, suit("H"), 0)
        ps.n_tricks = 4
        exact = exhaustive(ps)
        assert solve(ps) == exact
        fail_soft_holds(ps, exact)
