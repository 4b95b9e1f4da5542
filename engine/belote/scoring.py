"""Scoring a played deal: capot, made, dedans, litige and the litige reserve."""

from __future__ import annotations

from dataclasses import dataclass

CAPOT_POINTS = 252
DEAL_POINTS = 162
BELOTE_POINTS = 20


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
    capot: int | None = None
    cards = [card_points[0], card_points[1]]
    for team in (0, 1):
        if tricks_won[team] == 8:
            capot = team
            cards[team], cards[1 - team] = CAPOT_POINTS, 0
    belote = [BELOTE_POINTS if belote_team == t else 0 for t in (0, 1)]
    total = [cards[0] + belote[0], cards[1] + belote[1]]
    takers = taker & 1
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
        card_points=(cards[0], cards[1]),
        belote=(belote[0], belote[1]),
        capot=capot,
        points=(points[0] + paid[0], points[1] + paid[1]),
        reserve_paid=(paid[0], paid[1]),
        reserve=reserve,
    )
