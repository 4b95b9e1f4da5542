"""The endgame over the seat's information sets (ai/infoset.py): one card for every deal it cannot
tell apart, the other seats playing Normal's cards.

Checked three ways over random endgames and deals the seat cannot tell apart: playing the search's
line in every deal (re-searching at each turn over the deals still consistent with what the seat
saw) scores exactly the total it promised; the total is never above the fused value (every deal
with its own best line, both seats of the team seeing the deal: :mod:`belote.ai.respond`); and
never below a fixed line (the seat playing Normal's card too).
"""

from __future__ import annotations

import random

import pytest

from belote.ai import infoset
from belote.ai.knowledge import History
from belote.ai.respond import Responder
from belote.cards import cards_of
from belote.playstate import PlayState
from test_respond import endgame_with_history, normal_card, step


def twin_deals(rng: random.Random, ps: PlayState, count: int) -> list[list[int]]:
    """``count`` deals the seat to act cannot tell from ``ps``: the other seats' cards dealt
    again, each seat keeping its number of cards (the first is ``ps``'s own deal)."""
    me = ps.to_act
    others = [s for s in range(4) if s != me]
    pool = [c for s in others for c in cards_of(ps.hands[s])]
    deals = [ps.hands[:]]
    for _ in range(count - 1):
        rng.shuffle(pool)
        hands = ps.hands[:]
        i = 0
        for s in others:
            n = ps.hands[s].bit_count()
            hands[s] = sum(1 << c for c in pool[i : i + n])
            i += n
        deals.append(hands)
    return deals


def score_for(team: int):
    """The score of a final diff counted from the position: the diff, in ``team``'s view."""
    return (lambda d: float(d)) if team == 0 else (lambda d: float(-d))


def cases(seed: int, count: int):
    """Endgames of 2 or 3 tricks (some cards on the table), three deals each with weights."""
    rng = random.Random(seed)
    for i in range(count):
        ps, pub, taker = endgame_with_history(rng, 2 + i % 2, i % 4)
        deals = twin_deals(rng, ps, 3)
        weights = [1.0, 2.0, 1.0]
        yield ps, pub, taker, deals, weights


def totals(ps: PlayState, pub: History, taker: int, deals, weights) -> dict[int, float]:
    """The search's total for every legal card of the seat to act."""
    score = score_for(ps.to_act & 1)
    legal = cards_of(ps.legal_mask())
    return infoset.card_totals(ps, pub, taker, legal, [(h, w, score) for h, w in zip(deals, weights)])


def with_hands(ps: PlayState, hands: list[int]) -> PlayState:
    """``ps`` with other hands."""
    out = ps.copy()
    out.hands = hands[:]
    return out


def play_line(states: list[list], me: int, taker: int, score) -> float:
    """Play ``states`` (deals ``me`` cannot tell apart, ``me`` to act; each [position, history,
    weight, diff so far]) to the end: ``me`` plays the search's best card for the whole group, the
    others Normal's; then each group of deals that still look alike goes on with its own search.
    The weighted total of the scores reached."""
    ps, pub = states[0][0], states[0][1]
    found = infoset.card_totals(ps, pub, taker, cards_of(ps.legal_mask()),
                                [(st[0].hands, st[2], lambda d, base=st[3]: score(base + d)) for st in states])
    move = max(found, key=lambda c: (found[c], -c))
    realized = 0.0
    groups: dict[tuple, list[list]] = {}
    for ps1, pub1, w, diff in states:
        ps1, pub1, delta = step(ps1, pub1, move)
        diff += delta
        while ps1.n_tricks < 8 and ps1.to_act != me:
            ps1, pub1, delta = step(ps1, pub1, normal_card(ps1, pub1, taker))
            diff += delta
        if ps1.n_tricks == 8:
            realized += w * score(diff)
        else:  # what me has seen: the public history
            seen = (tuple(tuple(t) for t in pub1.tricks), tuple(pub1.trick))
            groups.setdefault(seen, []).append([ps1, pub1, w, diff])
    return realized + sum(play_line(g, me, taker, score) for g in groups.values())


@pytest.mark.parametrize("seed", [1, 2])
def test_playing_the_line_in_every_deal_scores_the_promised_total(seed):
    """The seat plays its best card, searched again at each of its turns over the deals that still
    match what it saw; the others play Normal's. The total reached is the one promised at the
    start: the line is one strategy for all the deals, not a line per deal."""
    checked = 0
    for ps, pub, taker, deals, weights in cases(seed, 40):
        score = score_for(ps.to_act & 1)
        promised = max(totals(ps, pub, taker, deals, weights).values())
        states = [[with_hands(ps, h), pub.copy(), w, 0] for h, w in zip(deals, weights)]
        assert play_line(states, ps.to_act, taker, score) == pytest.approx(promised)
        checked += 1
    assert checked == 40


def test_the_total_lies_between_a_fixed_line_and_the_fused_value():
    """Below the fused value (each deal its own best line, the partner's too: the best response
    of :mod:`belote.ai.respond`), above the seat playing Normal's card like the others; strictly
    below the fused value somewhere (the fusion the search removes) and strictly above Normal's line
    somewhere."""
    below = above = 0
    for ps, pub, taker, deals, weights in cases(3, 60):
        me = ps.to_act
        team = me & 1
        sign = 1 if team == 0 else -1
        values = totals(ps, pub, taker, deals, weights)
        for c, total in values.items():
            fused = normal_line = 0.0
            for h, w in zip(deals, weights):
                child, p2, delta = step(with_hands(ps, h), pub, c)
                fused += w * sign * (delta + (Responder(taker, team).value(child, p2) if child.n_tricks < 8 else 0))
                d = delta
                while child.n_tricks < 8:
                    child, p2, x = step(child, p2, normal_card(child, p2, taker))
                    d += x
                normal_line += w * sign * d
            assert normal_line - 1e-9 <= total <= fused + 1e-9
            below += total < fused - 1e-9
            above += total > normal_line + 1e-9
    assert below > 0 and above > 0
