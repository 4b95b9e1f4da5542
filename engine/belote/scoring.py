"""Scoring a played deal: capot, made, dedans, litige and the litige reserve (RULES.md, "Scoring a deal")."""

from __future__ import annotations

from dataclasses import dataclass

CAPOT_POINTS = 252
DEAL_POINTS = 162
BELOTE_POINTS = 20
CAPOT_BONUS = CAPOT_POINTS - DEAL_POINTS  # a capot's card total over a whole deal's 162


@dataclass(frozen=True)
class DealScore:
    """What one played deal gives each team, and the reserve it leaves."""

    result: str  # "made" | "dedans" | "litige"
    card_points: tuple[int, int]
    belote: tuple[int, int]
    capot: int | None
    points: tuple[int, int]  # scored this deal, reserve included
    reserve_paid: tuple[int, int]
    reserve: int  # held after this deal


def score_deal(
    taker: int,
    card_points: tuple[int, int] | list[int],
    tricks_won: tuple[int, int] | list[int],
    belote_team: int | None,
    reserve: int,
) -> DealScore:
    """Score a deal from the raw card points (last trick included) and tricks per team."""
    for team in (0, 1):
        if tricks_won[team] == 8:
            cards = (CAPOT_POINTS, 0) if team == 0 else (0, CAPOT_POINTS)
            return score_cards(taker & 1, cards, team, belote_team, reserve)
    return score_cards(taker & 1, (card_points[0], card_points[1]), None, belote_team, reserve)


def score_final_diff(taker_team: int, diff: int, belote_team: int | None, reserve: int) -> DealScore:
    """Score a deal from its final card-point difference, team 0 minus team 1 (+-252: a capot).

    This is how look-ahead values a deal it has played out in its head.
    """
    if diff >= CAPOT_POINTS:
        return score_cards(taker_team, (CAPOT_POINTS, 0), 0, belote_team, reserve)
    if diff <= -CAPOT_POINTS:
        return score_cards(taker_team, (0, CAPOT_POINTS), 1, belote_team, reserve)
    return score_cards(taker_team, ((DEAL_POINTS + diff) // 2, (DEAL_POINTS - diff) // 2), None, belote_team, reserve)


def score_cards(taker_team: int, cards: tuple[int, int], capot: int | None, belote_team: int | None,
                reserve: int) -> DealScore:
    """Score a deal from each team's card total (252/0 already for a capot won by team ``capot``)."""
    belote = [BELOTE_POINTS if belote_team == t else 0 for t in (0, 1)]
    total = [cards[0] + belote[0], cards[1] + belote[1]]
    takers = taker_team
    defenders = 1 - takers
    points = [0, 0]
    if total[takers] > total[defenders]:
        result = "made"
        points = total[:]
    elif total[takers] < total[defenders]:
        result = "dedans"
        base = CAPOT_POINTS if capot == defenders else DEAL_POINTS
        points[defenders] = base + belote[defenders]
        points[takers] = belote[takers]
    else:
        result = "litige"
        points[defenders] = total[defenders]
        points[takers] = belote[takers]
    paid = [0, 0]
    if result == "litige":
        reserve += cards[takers]
    elif reserve:
        # A non-litige deal never ties on points: the reserve goes to the team ahead.
        paid[0 if points[0] > points[1] else 1] = reserve
        reserve = 0
    return DealScore(
        result=result,
        card_points=cards,
        belote=(belote[0], belote[1]),
        capot=capot,
        points=(points[0] + paid[0], points[1] + paid[1]),
        reserve_paid=(paid[0], paid[1]),
        reserve=reserve,
    )
