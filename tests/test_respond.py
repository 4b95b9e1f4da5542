"""Best response against Normal (ai/respond.py): one team's best line in a known deal when the
opponents play Normal's cards.

A plain recursion is the reference (every legal card, no table); the response is never worth
less than double dummy (the opponents can only do worse than perfect); and playing its line
against Normal really scores the value it gives.
"""

from __future__ import annotations

import random

import pytest

from belote.ai import normal
from belote.ai.knowledge import History
from belote.ai.respond import Responder
from belote.ai.search import capot_flags, play_scored, solve
from belote.playstate import PlayState
from helpers import random_endgame


def endgame_with_history(rng: random.Random, left: int, extra: int) -> tuple[PlayState, History, int]:
    """A random endgame (:func:`helpers.random_endgame`) with its public history and a random taker."""
    played: list[tuple[int, int]] = []
    ps = random_endgame(rng, left, extra, lambda seat, c: played.append((seat, c)))
    pub = History(ps.trump)
    for seat, c in played:
        pub.note(seat, c)
    return ps, pub, rng.randrange(4)


def normal_card(ps: PlayState, pub: History, taker: int) -> int:
    """Normal's card for the seat to act, from its own hand and the public history."""
    legal = ps.legal_mask()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    return normal.play_card(normal.Table(ps.to_act, taker, ps.hands[ps.to_act], legal, pub))


def step(ps: PlayState, pub: History, c: int) -> tuple[PlayState, History, int]:
    """The position after ``c`` (copies) and the points it moved (team 0 view, capot included)."""
    child, p2 = ps.copy(), pub.copy()
    p2.note(ps.to_act, c)
    delta, _ = play_scored(child, c, capot_flags(ps.tricks_won, ps.n_tricks))
    return child, p2, delta


def reference(ps: PlayState, pub: History, taker: int, team: int) -> int:
    """Plain recursion: ``team`` tries every legal card, the others play Normal's."""
    if ps.n_tricks == 8:
        return 0
    if ps.to_act & 1 != team:
        child, p2, delta = step(ps, pub, normal_card(ps, pub, taker))
        return delta + reference(child, p2, taker, team)
    legal = ps.legal_mask()
    values = []
    for c in range(32):
        if legal >> c & 1:
            child, p2, delta = step(ps, pub, c)
            values.append(delta + reference(child, p2, taker, team))
    return max(values) if team == 0 else min(values)


def endgames(seed: int, count: int, most_left: int):
    """Endgames of 1 to ``most_left`` tricks, 0 to 3 cards on the table."""
    rng = random.Random(seed)
    for i in range(count):
        yield endgame_with_history(rng, 1 + i % most_left, i % 4)


@pytest.mark.parametrize("seed", [1, 2])
def test_responder_equals_the_plain_recursion(seed):
    """Its table and its merged 0-point cards change no value, for either team, over many deals."""
    checked = 0
    for ps, pub, taker in endgames(seed, 150, 3):
        for team in (0, 1):
            responder = Responder(taker, team)
            assert responder.value(ps, pub) == reference(ps, pub, taker, team)
            checked += 1
    assert checked == 300


def test_responder_values_every_card_as_the_recursion_does():
    """At the root, each legal card of the team to act gets the recursion's value after it."""
    for ps, pub, taker in endgames(3, 120, 3):
        team = ps.to_act & 1
        values = Responder(taker, team).values(ps, pub)
        legal = ps.legal_mask()
        assert sorted(values) == [c for c in range(32) if legal >> c & 1]
        for c, v in values.items():
            child, p2, delta = step(ps, pub, c)
            assert v == delta + reference(child, p2, taker, team)


def test_one_table_serves_many_deals():
    """A responder reused across deals (as Hard reuses it over its sampled deals; here with
    every trump) keeps every value."""
    rng = random.Random(4)
    shared = {team: Responder(taker=0, team=team) for team in (0, 1)}
    for i in range(100):
        ps, pub, _ = endgame_with_history(rng, 1 + i % 4, i % 4)
        for team in (0, 1):
            assert shared[team].value(ps, pub) == Responder(0, team).value(ps, pub)


def test_the_response_is_never_worth_less_than_double_dummy():
    """Normal can only do as well as perfect play: the team's value is at least the solver's,
    and strictly more in some deals (where Normal errs)."""
    better = 0
    for ps, pub, taker in endgames(5, 200, 4):
        exact = solve(ps.copy())
        for team in (0, 1):
            v = Responder(taker, team).value(ps, pub)
            gain = v - exact if team == 0 else exact - v
            assert gain >= 0
            better += gain > 0
    assert better >= 20


def test_playing_the_line_against_normal_scores_its_value():
    """The team plays the card of best value at each of its turns, the opponents Normal's: the
    points the deal then moves are exactly the value the responder gave."""
    for ps, pub, taker in endgames(6, 80, 4):
        team = ps.to_act & 1
        responder = Responder(taker, team)
        promised = responder.value(ps, pub)
        scored = 0
        while ps.n_tricks < 8:
            if ps.to_act & 1 == team:
                values = responder.values(ps, pub)
                c = (max if team == 0 else min)(values, key=values.__getitem__)
            else:
                c = normal_card(ps, pub, taker)
            ps, pub, delta = step(ps, pub, c)
            scored += delta
        assert scored == promised


def record(pub: History) -> tuple:
    """Everything a History holds, as plain values (lists of plays copied)."""
    return (pub.trump, pub.played, tuple(pub.played_by), tuple(pub.trick), tuple(tuple(t) for t in pub.tricks),
            tuple(pub.voids), tuple(pub.no_trump_above), tuple(pub.led_by), tuple(pub.won_with))


def test_a_history_snapshot_takes_back_each_card_exactly():
    """note then restore, nested card after card down to the deal's end (tricks completed and
    taken back included), leaves the record as it was at every depth; note returns each trick's
    winner exactly when the card completes it."""
    rng = random.Random(7)
    for i in range(60):
        ps, pub, _ = endgame_with_history(rng, 1 + i % 8, i % 4)
        undo = []
        while ps.n_tricks < 8:
            legal = ps.legal_mask()
            c = rng.choice([x for x in range(32) if legal >> x & 1])
            seat = ps.to_act
            undo.append((seat, pub.snapshot(seat), record(pub)))
            winner = pub.note(seat, c)
            assert winner == ps.play(c)
        while undo:
            seat, snap, before = undo.pop()
            pub.restore(seat, snap)
            assert record(pub) == before


def test_the_search_leaves_the_callers_deal_and_history_as_they_were():
    """It plays on copies of its own: the position and the history handed in are untouched."""
    for ps, pub, taker in endgames(8, 60, 4):
        state = (ps.hands[:], ps.trick[:], ps.leader, ps.to_act, ps.points[:], ps.tricks_won[:], ps.n_tricks)
        history = record(pub)
        responder = Responder(taker, ps.to_act & 1)
        responder.values(ps, pub)
        responder.value(ps, pub)
        assert (ps.hands, ps.trick, ps.leader, ps.to_act, ps.points, ps.tricks_won, ps.n_tricks) == state
        assert record(pub) == history
