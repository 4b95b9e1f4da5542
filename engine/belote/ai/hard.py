"""Hard: looks ahead over deals consistent with everything its seat knows (RULES.md).

Play: :class:`~belote.ai.knowledge.Knowledge` reads the view (cards seen, voids, no
higher trump, belote, bids); :mod:`~belote.ai.sampling` draws ``samples`` deals that
respect it; each legal card (equivalent cards merged) is played in every sampled deal
and the rest of the deal is valued: exactly by alpha-beta (:class:`~belote.ai.search.Solver`)
once at most ``solve_tricks`` tricks remain, else by a rollout down to ``rollout_stop``
tricks (0: to the end) and the exact search from there. In a rollout every seat plays
Normal's card from its own sampled hand and the public history only (``policy="normal"``,
the default; ``"greedy"`` is a faster full-information policy of :mod:`~belote.ai.search`).
A deal's value is the deal *score* for our team minus theirs (made / dedans / litige,
capot, belote, reserve), so making the contract counts for more than raw card points.
The best mean wins; ties go to the lowest card.

Bidding: for each trump it may name (round 1: the turned suit; round 2: every other
suit) it samples completed deals in which it takes (the turned card and two more
cards), plays them out with the rollout policy and takes the best suit when its mean
score beats passing (valued 0) by ``take_margin``.

Budgets: the default is deterministic (``samples`` deals per card decision,
``bid_samples`` per bid): the same view and seed give the same action on any machine.
``time_limit`` (seconds) is only a safety cap, many times the normal cost (CPU time per
decision, arena vs Normal, 1000 deals: p50 9 ms, p95 40 ms, max 63 ms in CPython 3.11;
Pyodide 3.14 under Node on the same machine: p50 31 ms, p95 100 ms); it stops sampling
early on a very slow or overloaded host, and only then can the answer depend on timing.
Tests and tools may pass ``time_limit=None`` to rule timing out.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from ..cards import CARD_CODES, CODE_TO_CARD, KING, QUEEN, SUITS, Mask, cards_of
from ..playstate import PlayState
from ..rules import winning_index
from . import normal as _normal
from .knowledge import Knowledge
from .sampling import sample_bid_deal, sample_hands
from .search import Solver, capot_flags, collapse, play_scored, rollout

SAMPLES = 24  # deals per card decision
BID_SAMPLES = 48  # deals per bidding decision
SOLVE_TRICKS = 3  # exact search once this many tricks (the current one included) remain
ROLLOUT_STOP = 0  # rollouts hand over to the exact search at this many tricks (0: play out)
BID_WITH = "hard"  # "hard": bid by simulation; "normal": Normal's hand evaluation (for comparison)
POLICY = "normal"  # rollout policy: "normal" (Normal's play, from public info) or "greedy"
TAKE_MARGIN = 0.0  # take when the sampled score of taking beats 0 (passing) by this much
TIME_LIMIT = 1.0  # seconds: safety cap only (see the module docstring)


def choose(
    view: Mapping[str, Any],
    seed: int = 0,
    *,
    samples: int = SAMPLES,
    bid_samples: int = BID_SAMPLES,
    solve_tricks: int = SOLVE_TRICKS,
    rollout_stop: int = ROLLOUT_STOP,
    take_margin: float = TAKE_MARGIN,
    policy: str = POLICY,
    bid_with: str = BID_WITH,
    time_limit: float | None = TIME_LIMIT,
) -> str:
    """Hard's action for ``view`` (deterministic for a view and seed; see the module doc)."""
    legal: list[str] = view["legal_actions"]
    if len(legal) == 1:
        return legal[0]
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    k = Knowledge.from_view(view)
    rng = random.Random(f"hard:{seed}:{view['deal_number']}:{k.played.bit_count()}:{len(view['bids'])}")
    if view["phase"] in ("bid1", "bid2"):
        if bid_with == "normal":
            return _normal.bid(view)
        return _bid(view, k, legal, rng, bid_samples, take_margin, policy, deadline)
    scores = card_scores(view, k, rng, samples, solve_tricks, rollout_stop, deadline, policy)
    best = max(scores, key=lambda c: (scores[c], -c))
    return CARD_CODES[best]


# ------------------------------------------------------------------------- play


def card_scores(
    view: Mapping[str, Any],
    k: Knowledge,
    rng: random.Random,
    samples: int,
    solve_tricks: int = SOLVE_TRICKS,
    rollout_stop: int = ROLLOUT_STOP,
    deadline: float | None = None,
    policy: str = POLICY,
) -> dict[int, float]:
    """Mean deal score (our team minus theirs) of each distinct legal card over sampled deals."""
    assert k.trump is not None and k.taker is not None
    trick = [CODE_TO_CARD[e["card"]] for e in view["trick"]]
    legal = 0
    for code in view["legal_actions"]:
        legal |= 1 << CODE_TO_CARD[code]
    blockers = k.hidden
    for c in trick:
        blockers |= 1 << c
    cands = cards_of(collapse(legal, blockers, k.trump))
    base = _base_state(view, k, trick)
    pub = Public.from_view(view) if policy == "normal" else None
    totals = dict.fromkeys(cands, 0.0)
    done = 0
    for _ in range(max(1, samples)):
        hands = sample_hands(k, rng)
        belote_team = _belote_team(k, hands)
        solver = Solver(k.trump)
        for c in cands:
            d = _play_out(base, hands, c, solver, solve_tricks, rollout_stop, pub, k.taker)
            totals[c] += deal_value(d, k.taker & 1, belote_team, k.seat & 1, view["reserve"])
        done += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    return {c: totals[c] / done for c in cands}


def _base_state(view: Mapping[str, Any], k: Knowledge, trick: list[int]) -> PlayState:
    """The deal now as a PlayState, hands left empty (each sample fills them)."""
    assert k.trump is not None
    ps = PlayState([0, 0, 0, 0], k.trump, view["leader"])
    ps.trick = trick[:]
    ps.to_act = (view["leader"] + len(trick)) & 3
    ps.points = list(view["trick_points"])
    ps.n_tricks = len(view["tricks"])
    for t in view["tricks"]:
        ps.tricks_won[t["winner"] & 1] += 1
    return ps


def _play_out(base: PlayState, hands: list[Mask], c: int, solver: Solver, solve_tricks: int,
              rollout_stop: int, pub: Public | None = None, taker: int = 0) -> int:
    """The final card-point diff (team 0 minus team 1, 252 for a capot) after playing ``c``."""
    ps = base.copy()
    ps.hands = hands[:]
    if pub is not None:
        pub = pub.copy()
        pub.note(ps, c)
    before = ps.points[0] - ps.points[1]
    diff, cap = play_scored(ps, c, capot_flags(ps.tricks_won, ps.n_tricks))
    if ps.done:
        return before + diff
    if 8 - ps.n_tricks > solve_tricks:
        # capot included if it plays to the end
        d, _ = rollout(ps, rollout_stop) if pub is None else normal_rollout(ps, pub, taker, rollout_stop)
        diff += d
    if not ps.done:
        diff += solver.value(ps)
    return before + diff


def _final(diff: int, cap: int) -> int:
    """The diff of a finished deal, a capot counted as 252."""
    if cap & 1:
        return diff + 90
    if cap & 2:
        return diff - 90
    return diff


def deal_value(diff: int, taker_team: int, belote_team: int | None, team: int, reserve: int) -> float:
    """``team``'s deal score minus the other team's, from the final card-point diff."""
    if diff >= 252:
        cards = [252, 0]
    elif diff <= -252:
        cards = [0, 252]
    else:
        cards = [(162 + diff) // 2, (162 - diff) // 2]
    belote = [20 if belote_team == t else 0 for t in (0, 1)]
    total = [cards[0] + belote[0], cards[1] + belote[1]]
    d = 1 - taker_team
    points = [0, 0]
    if total[taker_team] > total[d]:
        points = total
    elif total[taker_team] < total[d]:
        points[d] = (252 if cards[d] == 252 else 162) + belote[d]
        points[taker_team] = belote[taker_team]
    else:
        points[d] = total[d]
        points[taker_team] = belote[taker_team]
        reserve = 0  # carried to a later deal: not counted here
    if reserve:
        points[0 if points[0] > points[1] else 1] += reserve
    return float(points[team] - points[1 - team])


def _belote_team(k: Knowledge, hands: list[Mask]) -> int | None:
    """The team with belote-rebelote in this sampled deal, or None."""
    if k.belote_seat is not None:
        return k.belote_seat & 1
    if k.belote_impossible or k.trump is None:
        return None
    pair = (1 << (k.trump * 8 + KING)) | (1 << (k.trump * 8 + QUEEN))
    for s in range(4):
        if hands[s] & pair == pair:
            return s & 1
    return None


# ---------------------------------------------------------------------- bidding


def _bid(view: Mapping[str, Any], k: Knowledge, legal: list[str], rng: random.Random, samples: int,
         margin: float, policy: str, deadline: float | None) -> str:
    """Take the suit whose sampled score beats passing by ``margin``, else pass."""
    options = {a: (k.turned >> 3 if a == "take" else SUITS.index(a[5])) for a in legal if a != "pass"}
    values = bid_values(view, k, rng, samples, list(options.values()), deadline, policy)
    best = max(options, key=lambda a: (values[options[a]], -options[a]))
    return best if values[options[best]] > margin else "pass"


def bid_values(view: Mapping[str, Any], k: Knowledge, rng: random.Random, samples: int,
               trumps: list[int], deadline: float | None = None, policy: str = POLICY) -> dict[int, float]:
    """Mean deal score for our team if we take each of ``trumps``, over sampled deals."""
    leader = (view["dealer"] + 1) & 3
    totals = dict.fromkeys(trumps, 0.0)
    done = 0
    team = k.seat & 1
    for _ in range(max(1, samples)):
        hands = sample_bid_deal(k, rng)
        for t in trumps:
            ps = PlayState(hands[:], t, leader)
            if policy == "normal":
                d, cap = normal_rollout(ps, Public(), k.seat)
            else:
                d, cap = rollout(ps)
            diff = ps.points[0] - ps.points[1]
            diff = _final(diff, cap)
            totals[t] += deal_value(diff, team, _pair_team(hands, t), team, view["reserve"])
        done += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    return {t: totals[t] / done for t in trumps}


def _pair_team(hands: list[Mask], trump: int) -> int | None:
    """The team of the seat holding both K and Q of ``trump``, or None."""
    pair = (1 << (trump * 8 + KING)) | (1 << (trump * 8 + QUEEN))
    for s in range(4):
        if hands[s] & pair == pair:
            return s & 1
    return None


# ------------------------------------------------------- Normal's play as rollout policy


class Public:
    """The public history Normal's play reads (its ``Table`` minus the seat's own hand)."""

    __slots__ = ("played", "trick", "tricks", "voids", "led_by", "won_with")

    def __init__(self) -> None:
        """An empty history: the start of the play."""
        self.played = 0
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[list[tuple[int, int]]] = []
        self.voids = [0, 0, 0, 0]
        self.led_by = [0, 0, 0, 0]
        self.won_with = [0, 0, 0, 0]

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Public:
        """The history of a view, read the way Normal reads it."""
        t = _normal.read_table(view)
        pub = cls()
        pub.played, pub.trick, pub.tricks = t.played, t.trick, t.tricks
        pub.voids, pub.led_by, pub.won_with = t.voids, t.led_by, t.won_with
        return pub

    def copy(self) -> Public:
        """A copy that can be extended without touching this one."""
        new = Public.__new__(Public)
        new.played, new.trick, new.tricks = self.played, self.trick[:], self.tricks[:]
        new.voids, new.led_by, new.won_with = self.voids[:], self.led_by[:], self.won_with[:]
        return new

    def note(self, ps: PlayState, c: int) -> None:
        """Record ``c`` played by ``ps.to_act`` (call before ``ps.play(c)``)."""
        seat, trump, trick = ps.to_act, ps.trump, self.trick
        _normal.note_card(self.voids, self.led_by, trick, seat, c, trump)
        trick.append((seat, c))
        self.played |= 1 << c
        if len(trick) == 4:
            w, wc = trick[winning_index([x for _, x in trick], trump)]
            self.won_with[w] |= 1 << (wc >> 3)
            self.tricks.append(trick)
            self.trick = []


def normal_rollout(ps: PlayState, pub: Public, taker: int, stop_left: int = 0) -> tuple[int, int]:
    """Like :func:`~belote.ai.search.rollout`, every seat playing Normal's card from its own hand
    and the public history ``pub`` (extended in place)."""
    trump = ps.trump
    cap = capot_flags(ps.tricks_won, ps.n_tricks)
    diff = 0
    table = _normal.Table
    play_card = _normal.play_card
    while 8 - ps.n_tricks > stop_left:
        seat = ps.to_act
        legal = ps.legal_mask()
        if legal & (legal - 1):
            t = table(seat=seat, trump=trump, taker=taker, hand=ps.hands[seat], legal=legal,
                      played=pub.played, trick=pub.trick, tricks=pub.tricks, voids=pub.voids,
                      led_by=pub.led_by, won_with=pub.won_with)
            c = play_card(t)
        else:
            c = legal.bit_length() - 1
        pub.note(ps, c)
        delta, cap = play_scored(ps, c, cap)
        diff += delta
    return diff, cap
