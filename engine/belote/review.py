"""The deal review: each decision of a finished deal valued double dummy, beside Hard's choice.

Once the 32 cards of a deal are played the whole deal is public, so a review reveals
nothing that was hidden. :func:`deal_review` values every decision of the reviewed seats
at once; :class:`DealReview` is the same review one decision at a time (the page shows the
first values while the rest are computed). :func:`practice_save` and :func:`hard_in_seat`
replay the same deal outside the match. Shapes: docs/contracts.md, "Deal review".

A card's value is the card points (10 for the last trick included, 252 for a capot,
belote not included) that the seat's team ends the deal with if that card is played there
and all four then play perfectly with every card known (:func:`~belote.ai.search.root_values`).
Hard is asked with ``time_limit=None`` (:data:`HARD_OPTIONS`): a pure function of the view
and the seed, so it answers as it played whenever the match's own decision was not cut
short by Hard's safety cap (only on a host many times slower than normal).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict, cast

from .ai import explain as _explain
from .ai import hard
from .ai.levels import LEVELS, choose_action, move_seed
from .ai.search import Solver, root_values
from .ai.view_check import VIEW_KEYS
from .bidding import PASS
from .cards import CARD_CODES, CODE_TO_CARD, SUITS, Mask
from .errors import shown
from .events import SheetRow, TrickRecord, copy_row, copy_trick
from .game import Game, deal_deck
from .phases import BID1, PLAY
from .playstate import PlayState
from .scoring import score_final_diff
from .view import BeloteEntry, BidEntry, display_hand

LOSS_MISTAKE = 10  # "?": the card cost at least this many card points
LOSS_BLUNDER = 30  # "??": at least this many, or the contract's result turned
HARD_OPTIONS: dict[str, Any] = {"time_limit": None}  # see the module docstring
PERSON = 0


class Why(TypedDict):
    """Why a computer seat played its action: a hint-table reason key and its arguments."""

    key: str
    args: dict[str, Any]


class Outline(TypedDict):
    """A decision as it was made, before any valuing."""

    kind: str  # "bid" | "card"
    move: int  # index of the action in the save's "actions"
    seat: int
    round: int | None  # bids: bidding round 1 or 2
    trick: int | None  # cards: 0-7
    position: int | None  # cards: 0-3 in the trick
    played: str


class ReviewDecision(Outline):
    """One decision of a reviewed seat, valued (docs/contracts.md, "Deal review")."""

    values: dict[str, int] | None  # cards: legal card -> the seat's team's final card points
    best: list[str] | None
    loss: int | None
    flag: str | None  # "?" | "??" | None
    hard: str
    why: Why | None  # computer seats only
    belief: dict[str, list[float]] | None  # Hard seats only
    estimate: BidEstimate | None  # bids only


class BidEstimate(TypedDict):
    """Hard's own figures for a bid: what it expects of each take, and its bar for taking."""

    takes: dict[str, int]  # take action -> mean deal score, our team minus theirs, over the deals
    bar: int  # Hard takes the best take when it beats this (round 1: 0, passing; round 2 lower)
    deals: int  # sampled deals the means come from


class ReviewHeader(TypedDict):
    """A finished deal as it was played: everything of a review but its decisions."""

    deal: int
    dealer: int
    turned_card: str
    bid_trumps: dict[str, str]  # each taking bid's trump, as the view's
    bids: list[BidEntry]
    taker: int
    trump: str
    belote: list[BeloteEntry]
    hands: list[list[str]]
    tricks: list[TrickRecord]
    row: SheetRow
    seats: list[int]


class Review(ReviewHeader):
    """A finished deal with its decisions valued (docs/contracts.md, "Deal review")."""

    decisions: list[ReviewDecision]


@dataclass(frozen=True)
class _Moment:
    """A reviewed seat's decision as it was met in the replay."""

    move: int
    seat: int
    played: str
    view: dict[str, Any]  # only the keys the AI reads: the whole view copies the match's sheet
    card: int  # index in the deal's 32 cards, -1 for a bid


# ------------------------------------------------------------------ input checks


def _load(save: Any) -> tuple[Game, dict[str, Any]]:
    """The match of a save, replayed through the checked path (``Game.from_dict``), and that
    match's own save: read from then on, so the caller's mapping is read once, by the check."""
    try:
        game = Game.from_dict(save)
    except ValueError as exc:
        raise ValueError(f"bad save: {exc}") from None
    return game, game.to_dict()


def _check_seats(seats: Any) -> tuple[int, ...]:
    if not isinstance(seats, (list, tuple)) or not seats:
        raise ValueError(f"bad seats: a non-empty list of seats 0-3, got {shown(seats)}")
    for s in seats:
        if type(s) is not int or not 0 <= s <= 3:
            raise ValueError(f"bad seats: {shown(s)} is not a seat 0-3 (seats {shown(seats)})")
    if len(set(seats)) != len(seats):
        raise ValueError(f"bad seats: a seat is named twice in {shown(seats)}")
    return tuple(seats)


def _check_levels(levels: Any) -> tuple[str, ...] | None:
    if levels is None:
        return None
    if not isinstance(levels, (list, tuple)) or len(levels) != 3:
        raise ValueError(f"bad levels: a list of 3 levels (seats 1, 2, 3), got {shown(levels)}")
    for level in levels:
        if not isinstance(level, str) or level not in LEVELS:
            raise ValueError(f"bad levels: unknown AI level {shown(level)}; known levels: {', '.join(LEVELS)}")
    return tuple(levels)


def _check_ai_seed(ai_seed: Any) -> int | None:
    if ai_seed is not None and type(ai_seed) is not int:
        raise ValueError(f"bad ai_seed: an int or None, got {shown(ai_seed)}")
    return ai_seed


def _finished_row(game: Game, deal: Any, *, played: bool) -> SheetRow:
    """The sheet row of finished deal ``deal``; ValueError saying why it cannot be reviewed."""
    if type(deal) is not int:
        raise ValueError(f"bad deal index: an int, got {shown(deal)}")
    sheet: list[SheetRow] = game.view(PERSON)["sheet"]
    if deal == len(sheet) and game.winner is None:
        raise ValueError(f"deal {deal} is not finished: it is the deal in progress")
    if not 0 <= deal < len(sheet):
        raise ValueError(f"deal index {shown(deal)} is out of range: the save has {len(sheet)} finished deals")
    row = sheet[deal]
    if played and row["result"] == "thrown_in":
        raise ValueError(f"deal {deal} was thrown in: nobody took, no card was played")
    return row


def _fresh(save: dict[str, Any]) -> Game:
    """A new match with the save's seed, target, decks and first dealer (no action played)."""
    return Game.from_dict({**save, "actions": []})


def _deal_start(save: dict[str, Any], deal: int) -> tuple[Game, int]:
    """A replay of ``save`` stopped at the start of deal ``deal``, and that deal's first move."""
    game = _fresh(save)
    move = 0
    actions: list[str] = save["actions"]
    while game.deal_number < deal:
        game.play(actions[move])
        move += 1
    return game, move


# ------------------------------------------------------------------ the review


class DealReview:
    """The review of one finished deal of a save, built once, its decisions valued on demand.

    ``DealReview(save, deal, seats, levels=..., ai_seed=...)`` checks everything and replays
    the deal (fast); :meth:`header` is the review without its decisions, :meth:`decision`
    values one decision (the first card of a deal is the slowest: all 8 tricks are searched;
    one table serves the whole deal, so the later ones come almost free). ``levels`` are the
    levels of seats 1-3 as the match was played (a computer seat in ``seats`` gets ``why``,
    a Hard one ``belief``), ``ai_seed`` the match's AI stream (``ai.levels.move_seed``).
    """

    def __init__(self, save: Any, deal: Any, seats: Sequence[int] = (PERSON,), *,
                 levels: Sequence[str] | None = None, ai_seed: int | None = None) -> None:
        """Check the input (ValueError naming what is wrong) and replay the deal."""
        game, save = _load(save)
        self._seats = _check_seats(seats)
        self._levels = _check_levels(levels)
        self._ai_seed = _check_ai_seed(ai_seed)
        if self._ai_seed is None and any(self._level(s) == "hard" for s in self._seats):
            raise ValueError("bad ai_seed: a Hard seat's belief as it played needs the match's ai_seed")
        self._row = copy_row(_finished_row(game, deal, played=True))
        self._deal = deal
        self._replay(save)

    # -------------------------------------------------------------- public

    def __len__(self) -> int:
        """How many decisions the reviewed seats made in the deal."""
        return len(self._moments)

    def header(self) -> ReviewHeader:
        """The review without its decisions: the deal, the bids, the four hands, the tricks, the row."""
        return copy.deepcopy(self._header)

    def outline(self) -> list[Outline]:
        """Each decision as it was made, before any valuing: kind, move, seat, round, trick, position, played."""
        return [self._stub(m) for m in self._moments]

    def decision(self, index: int) -> ReviewDecision:
        """Decision ``index`` (0-based, in play order) valued; ValueError for an index out of range."""
        if type(index) is not int:
            raise ValueError(f"decision index: an int expected, got {shown(index)}")
        if not 0 <= index < len(self._moments):
            raise ValueError(f"decision index {shown(index)} is out of range: the review has "
                             f"{len(self._moments)} decisions")
        if index not in self._done:
            self._done[index] = self._value(self._moments[index])
        return copy.deepcopy(self._done[index])

    def decisions(self) -> Iterator[ReviewDecision]:
        """Every decision, one at a time, in play order."""
        for i in range(len(self._moments)):
            yield self.decision(i)

    def result(self) -> Review:
        """The whole review (what :func:`deal_review` returns)."""
        return cast(Review, {**self.header(), "decisions": list(self.decisions())})

    # -------------------------------------------------------------- replay

    def _level(self, seat: int) -> str | None:
        """The computer level of a seat, None for the person (or when no levels were given)."""
        if seat == PERSON or self._levels is None:
            return None
        return self._levels[seat - 1]

    def _replay(self, save: dict[str, Any]) -> None:
        """Play the deal again from the save, keeping each reviewed seat's view at its decisions."""
        game, move = _deal_start(save, self._deal)
        actions: list[str] = save["actions"]
        dealer = game.dealer
        start = game.view(PERSON)
        turned, bid_trumps = start["turned_card"], dict(start["bid_trumps"])
        moments: list[_Moment] = []
        order: list[int] = []  # the deal's cards in play order
        bids: list[BidEntry] = []
        belote: list[BeloteEntry] = []
        while move < len(actions) and game.deal_number == self._deal:
            seat = game.to_act
            assert seat is not None  # a finished deal: every action up to its end is there
            action = actions[move]
            if seat in self._seats:
                view = game.view(seat)
                kept = {key: view[key] for key in VIEW_KEYS}
                moments.append(_Moment(move, seat, action, kept, len(order) if game.phase == PLAY else -1))
            for ev in game.play(action):
                if ev["type"] == "bid":
                    bids.append({"seat": ev["seat"], "action": ev["action"]})
                elif ev["type"] == "card":
                    order.append(CODE_TO_CARD[ev["card"]])
                elif ev["type"] == "belote":
                    belote.append({"seat": ev["seat"], "call": ev["call"]})
            move += 1
        last = game.view(PERSON)["last_deal"]
        assert last is not None and len(order) == 32  # a played deal is finished
        tricks: list[TrickRecord] = [copy_trick(t) for t in last["tricks"]]
        trump = SUITS.index(last["trump"])
        hands: list[Mask] = [0, 0, 0, 0]
        for t in tricks:
            for e in t["cards"]:
                hands[e["seat"]] |= 1 << CODE_TO_CARD[e["card"]]
        self._moments = moments
        self._done: dict[int, ReviewDecision] = {}
        self._taker: int = last["taker"]
        self._belote_team = 0 if self._row["belote"][0] else 1 if self._row["belote"][1] else None
        self._solver = Solver(trump)  # one table for every decision: same trump, any hands
        self._states = self._play_states(hands, trump, tricks[0]["leader"], order)
        self._header: ReviewHeader = {
            "deal": self._deal, "dealer": dealer, "turned_card": turned, "bid_trumps": bid_trumps, "bids": bids,
            "taker": self._taker, "trump": last["trump"], "belote": belote,
            "hands": [display_hand(h, trump) for h in hands], "tricks": tricks,
            "row": copy_row(self._row), "seats": list(self._seats),
        }

    def _play_states(self, hands: list[Mask], trump: int, leader: int, order: list[int]) -> dict[int, PlayState]:
        """The play as it stood at each reviewed card decision (keyed by the card's index)."""
        wanted = {m.card for m in self._moments if m.card >= 0}
        ps = PlayState(hands[:], trump, leader)
        out: dict[int, PlayState] = {}
        for i, c in enumerate(order):
            if i in wanted:
                out[i] = ps.copy()
            ps.play(c)
        return out

    # -------------------------------------------------------------- valuing

    @staticmethod
    def _stub(m: _Moment) -> Outline:
        """What a decision was: kind, move, seat, bidding round or trick and position, the action."""
        bid = m.card < 0
        return {"kind": "bid" if bid else "card", "move": m.move, "seat": m.seat,
                "round": (1 if m.view["phase"] == BID1 else 2) if bid else None,
                "trick": None if bid else m.card // 4, "position": None if bid else m.card % 4,
                "played": m.played}

    def _value(self, m: _Moment) -> ReviewDecision:
        """One decision: Hard's choice and, for a computer seat, its reason (and Hard's belief);
        for a card, every legal card's double-dummy value, the best, the loss and the flag."""
        level = self._level(m.seat)
        seed = move_seed(self._ai_seed or 0, m.move)
        decided = hard.decide(m.view, seed, **HARD_OPTIONS)
        why: Why | None = None
        if level is not None:
            r = _explain.explain(m.view, m.played)
            # said of that seat to the person: the review's wording, not the hint's "you"
            why = {"key": _explain.review_key(r["reason_key"]), "args": dict(r["reason_args"])}
        out = cast(ReviewDecision, {
            **self._stub(m), "values": None, "best": None, "loss": None, "flag": None,
            "hard": decided.action, "why": why,
            "belief": dict(decided.belief) if level == "hard" else None, "estimate": None,
        })
        if m.card < 0:
            out["estimate"] = bid_estimate(decided)
            return out
        values, results = self._card_values(self._states[m.card], m.seat & 1)
        top = max(values.values())
        loss = top - values[m.played]
        best = [code for code, v in values.items() if v == top]
        out["values"], out["best"], out["loss"] = values, best, loss
        out["flag"] = flag(loss, results[best[0]], results[m.played], m.seat & 1, self._taker & 1)
        return out

    def _card_values(self, ps: PlayState, team: int) -> tuple[dict[str, int], dict[str, str]]:
        """Each legal card's final card points for ``team`` under double-dummy play, and the deal's result."""
        so_far = ps.points[0] - ps.points[1]
        values: dict[str, int] = {}
        results: dict[str, str] = {}
        for c, future in sorted(root_values(ps.copy(), self._solver).items()):
            s = score_final_diff(self._taker & 1, so_far + future, self._belote_team, 0)
            values[CARD_CODES[c]] = s.card_points[team]
            results[CARD_CODES[c]] = s.result
        return values, results


def bid_estimate(decided: hard.Decision) -> BidEstimate:
    """Hard's bid values as the review shows them: the takes' means rounded, passing's bar apart."""
    takes = {a: round(v) for a, v in sorted(decided.values.items()) if a != PASS}
    return {"takes": takes, "bar": round(decided.values[PASS]), "deals": decided.samples}


def flag(loss: int, best_result: str, played_result: str, team: int, taker_team: int) -> str | None:
    """``"??"`` for a loss >= 30 or a card that turned the contract's result (made for the taker's
    side, dedans for the defence: the best card still reached it, the card played does not),
    ``"?"`` for a loss >= 10, else None.

    >>> flag(2, "made", "litige", 0, 0), flag(12, "made", "made", 1, 0), flag(0, "dedans", "dedans", 1, 0)
    ('??', '?', None)
    """
    goal = "made" if team == taker_team else "dedans"
    if loss >= LOSS_BLUNDER or (best_result == goal and played_result != goal):
        return "??"
    if loss >= LOSS_MISTAKE:
        return "?"
    return None


def deal_review(save: Any, deal: Any, seats: Sequence[int] = (PERSON,), *,
                levels: Sequence[str] | None = None, ai_seed: int | None = None) -> Review:
    """The review of finished deal ``deal`` (an index into the sheet) of a save, JSON-ready.

    ``save`` is ``Game.to_dict()``; it is only read. A bad save, an index out of range, a
    thrown-in or unfinished deal, bad ``seats``, ``levels`` or ``ai_seed`` raise ValueError
    saying which. Shapes and rules: docs/contracts.md, "Deal review".

    >>> from belote import Game
    >>> g = Game(seed=7)
    >>> _ = g.play("take")                   # seat 0 takes clubs (the turned 8C)
    >>> while not g.view(0)["sheet"]:        # then every seat plays its first legal card
    ...     _ = g.play(g.legal_actions()[0])
    >>> r = deal_review(g.to_dict(), 0)
    >>> r["row"]["result"], r["row"]["card_points"], r["taker"], r["trump"], r["hands"][0]
    ('made', [128, 34], 0, 'C', ['TC', 'KC', '8C', '8H', 'AS', 'JS', '8S', 'AD'])
    >>> bid, lead = r["decisions"][:2]
    >>> bid["played"], bid["hard"], bid["values"]
    ('take', 'pass', None)
    >>> lead["trick"], lead["position"], lead["played"], lead["hard"]
    (0, 0, '8C', '8S')
    >>> lead["values"]
    {'8C': 128, 'TC': 118, 'KC': 124, 'AD': 128, '8H': 128, '8S': 128, 'JS': 128, 'AS': 128}
    >>> lead["best"], lead["loss"], lead["flag"]
    (['8C', 'AD', '8H', '8S', 'JS', 'AS'], 0, None)
    """
    return DealReview(save, deal, seats, levels=levels, ai_seed=ai_seed).result()


# ------------------------------------------------------------------ replay outside the match


def practice_save(save: Any, deal: Any) -> dict[str, Any]:
    """The save of a new match whose first deal is finished deal ``deal`` again: the same cards
    and dealer, nothing played, no score and no reserve (the match's save is only read)."""
    game, save = _load(save)
    row = _finished_row(game, deal, played=True)  # a thrown-in deal's hands were never shown
    practice = Game(seed=save["seed"], target=save["target"], decks=[deal_deck(save, deal)],
                    first_dealer=row["dealer"])
    return practice.to_dict()


def hard_in_seat(save: Any, deal: Any, levels: Sequence[str], ai_seed: int, *,
                 on_move: Callable[[], object] | None = None) -> dict[str, Any]:
    """Finished deal ``deal`` played again in the match as it stood, Hard in seat 0 and the match's
    computer players and seeds: ``{"row": its sheet row, "save": that match's save}``.

    The match is replayed to the start of the deal (the same cards, dealer, scores and reserve),
    then every seat acts: seat 0 as Hard, seats 1-3 at ``levels``, each action with the seed it
    had in the match (``move_seed(ai_seed, move)``), so where Hard plays as the person did, the
    computer players answer as they did. Every Hard seat decides with no safety cap
    (:data:`HARD_OPTIONS`), so the result is a function of the arguments alone, in the page as in
    CPython. The returned save stops at the deal's end and is
    reviewable (``deal_review(result["save"], deal)``) unless everyone passed twice (a row
    ``thrown_in``); the match's own save is only read. ``on_move`` is called after each action
    (the analysis worker's sign of life during this one long call).
    """
    game, save = _load(save)
    _finished_row(game, deal, played=True)  # a thrown-in deal's hands were never shown
    checked = _check_levels(levels)
    if checked is None:
        raise ValueError("bad levels: a list of 3 levels (seats 1, 2, 3), got None")
    if type(ai_seed) is not int:
        raise ValueError(f"bad ai_seed: an int, got {shown(ai_seed)}")
    game, _ = _deal_start(save, deal)
    while len(game.view(PERSON)["sheet"]) <= deal:
        seat = game.to_act
        assert seat is not None  # an unfinished deal always has a seat to act
        view, seed = game.view(seat), move_seed(ai_seed, game.move_number)
        level = "hard" if seat == PERSON else checked[seat - 1]
        if level == "hard":  # no safety cap: the same answer on any host, however slow or loaded
            action = hard.decide(view, seed, **HARD_OPTIONS).action
        else:  # as the match's computer players chose
            action = choose_action(view, level, seed)
        game.play(action)
        if on_move is not None:
            on_move()
    return {"row": game.view(PERSON)["sheet"][deal], "save": game.to_dict()}
