"""The shapes the engine hands out: events, finished tricks and score-sheet rows, declared once.

Every event is public: it says only what every seat at the table sees (docs/contracts.md,
"Events returned by play()"). The builders here are the only places these dicts are made.
"""

from __future__ import annotations

from typing import Literal, TypedDict, Union

from .scoring import DealScore


class CardEntry(TypedDict):
    """A card on the table and the seat that played it."""

    seat: int
    card: str


class TrickRecord(TypedDict):
    """A finished trick: who led, the four cards in play order, who won it and its points (``bonus``
    of them for the deal's last trick, else 0)."""

    leader: int
    cards: list[CardEntry]
    winner: int
    points: int
    bonus: int


class SheetRow(TypedDict):
    """One row of the score sheet: a finished deal, played or thrown in."""

    deal: int
    dealer: int
    taker: int | None
    trump: str | None
    result: str  # "made" | "dedans" | "litige" | "thrown_in"
    card_points: list[int]
    belote: list[int]
    capot: int | None
    reserve_paid: list[int]
    reserve: int
    points: list[int]
    scores: list[int]


class LastDeal(TypedDict):
    """The finished deal's tricks, kept so its last trick can still be shown."""

    tricks: list[TrickRecord]
    taker: int
    trump: str


class BidEvent(TypedDict):
    type: Literal["bid"]
    seat: int
    action: str


class ContractEvent(TypedDict):
    type: Literal["contract"]
    taker: int
    trump: str


class CardEvent(TypedDict):
    type: Literal["card"]
    seat: int
    card: str


class BeloteEvent(TypedDict):
    type: Literal["belote"]
    seat: int
    call: str  # "belote" | "rebelote"


class TrickEvent(TypedDict):
    type: Literal["trick"]
    winner: int
    cards: list[CardEntry]
    points: int
    bonus: int


class DealScoredEvent(SheetRow):
    type: Literal["deal_scored"]


class ThrownInEvent(TypedDict):
    type: Literal["thrown_in"]
    deal: int
    dealer: int


class MatchOverEvent(TypedDict):
    type: Literal["match_over"]
    winner: int
    scores: list[int]


class DealEvent(TypedDict):
    type: Literal["deal"]
    deal: int
    dealer: int
    turned_card: str


Event = Union[
    BidEvent, ContractEvent, CardEvent, BeloteEvent, TrickEvent,
    DealScoredEvent, ThrownInEvent, MatchOverEvent, DealEvent,
]


def sheet_row(deal: int, dealer: int, taker: int | None, trump: str | None, score: DealScore | None,
              reserve: int, scores: list[int]) -> SheetRow:
    """The sheet row of a finished deal; ``score`` None means thrown in (nobody scores, the reserve stays).

    ``reserve`` is the reserve held after the deal: ``score.reserve``, or 0 when the deal ended the match.
    """
    if score is None:
        return {"deal": deal, "dealer": dealer, "taker": None, "trump": None, "result": "thrown_in",
                "card_points": [0, 0], "belote": [0, 0], "capot": None, "reserve_paid": [0, 0],
                "reserve": reserve, "points": [0, 0], "scores": list(scores)}
    return {"deal": deal, "dealer": dealer, "taker": taker, "trump": trump, "result": score.result,
            "card_points": list(score.card_points), "belote": list(score.belote), "capot": score.capot,
            "reserve_paid": list(score.reserve_paid), "reserve": reserve,
            "points": list(score.points), "scores": list(scores)}


def copy_row(row: SheetRow) -> SheetRow:
    """A copy of a sheet row that shares no list with it."""
    return {"deal": row["deal"], "dealer": row["dealer"], "taker": row["taker"], "trump": row["trump"],
            "result": row["result"], "card_points": row["card_points"][:], "belote": row["belote"][:],
            "capot": row["capot"], "reserve_paid": row["reserve_paid"][:], "reserve": row["reserve"],
            "points": row["points"][:], "scores": row["scores"][:]}


def copy_trick(trick: TrickRecord) -> TrickRecord:
    """A copy of a finished trick that shares nothing with the game."""
    return {"leader": trick["leader"], "cards": [{"seat": c["seat"], "card": c["card"]} for c in trick["cards"]],
            "winner": trick["winner"], "points": trick["points"], "bonus": trick["bonus"]}


def copy_last_deal(last: LastDeal | None) -> LastDeal | None:
    """A copy of the finished deal's record, or None."""
    if last is None:
        return None
    return {"tricks": [copy_trick(t) for t in last["tricks"]], "taker": last["taker"], "trump": last["trump"]}
