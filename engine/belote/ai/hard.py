"""Hard: looks ahead over deals consistent with everything its seat knows (RULES.md).

Play: :class:`~belote.ai.knowledge.Knowledge` reads the view (cards seen, voids, no
higher trump, belote; soft weights from the bids and from the play: who failed to
overtake, who did not give its partner the ten, who led under an ace, a taker that did
not draw trumps); :mod:`~belote.ai.sampling` draws deals that respect every hard fact,
weighted by the soft ones. Then policy inference (:mod:`~belote.ai.inference`) weighs
each drawn deal by how natural the opponents' past cards look in it (what Normal would
have played from the sampled hand then) and how natural their bids look (what Normal
would have bid from the five cards it held then: :class:`~belote.ai.inference.BidReader`,
``bid_miss``): ``oversample`` times the deals wanted are drawn and that many kept in
proportion to their weights. Each legal card (equivalent cards merged) is valued in every
kept deal. Once at most ``solve_tricks`` tricks remain, an exact search values every card
over ``exact_samples`` deals, by the mean of two deal scores (``endgame="blend"``, the
default): our team's best line against opponents who play Normal's cards
(:mod:`~belote.ai.respond`: it takes what Normal's errors give), and the double-dummy value
(:func:`~belote.ai.search.root_values`, all four seats perfect: it keeps Hard from betting
on errors a stronger player would not make); ``"respond"`` and ``"solve"`` use one of them
alone. Earlier, over ``samples`` deals, each card is played and a rollout goes down to
``rollout_stop`` tricks left, the double-dummy search valuing the rest. In a rollout every
seat plays Normal's card from its own sampled hand and the public history only
(``policy="normal"``, the default; ``"greedy"`` is a faster full-information policy of
:mod:`~belote.ai.search`). A deal's value is the deal *score* for our team minus theirs
(made / dedans / litige, capot, belote, reserve), so making the contract counts for more
than raw card points. The best mean wins; ties go to the lowest card. ``belief`` is the
share of the kept deals in which each seat held each hidden card (the draws and the
keeping are weighted, so this is the weighted share).

Bidding: for each trump it may name (round 1: the turned suit; round 2: every other
suit) it samples completed deals in which it takes (the turned card and two more
cards), plays them out with the rollout policy and takes the best suit when its mean
score beats passing (valued 0) by ``take_margin`` in round 1, by ``take_margin2`` (below 0)
in round 2, where passing mostly throws the deal in.

Racing (``race`` in the rollouts; ``race_exact``, off by default, once the exact search values
the cards): after each quarter of a decision's deals, a card whose mean trails the best card's by
more than that many standard errors of their deal-by-deal difference is valued in no further
deal. Its value stays the mean over the deals it was valued in, kept below every card still
racing; only those can be chosen.

Budgets: the default is deterministic (``samples`` or ``exact_samples`` deals per card
decision, ``bid_samples`` per bid): the same view and seed give the same action on any machine.
``time_limit`` (seconds of ``time.process_time``: CPU time in CPython, which a loaded machine
does not inflate; Pyodide's clock is wall time) is only a safety cap, many times the normal cost
(``make bench`` prints the time per decision, in CPython and in the page); it stops sampling
early on a very slow host, and only then can the answer depend on timing.
Tests and tools may pass ``time_limit=None`` to rule timing out.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..bidding import PASS
from ..cards import CARD_CODES, CODE_TO_CARD, Mask, cards_of, mask_of
from ..phases import BID1, BIDDING
from ..playstate import PlayState
from ..rules import belote_holder
from ..scoring import score_final_diff
from . import normal as _normal
from .inference import MISS, BidReader, ChoiceReader, plays
from .knowledge import History, Knowledge
from .respond import Responder
from .sampling import BidDealSampler, HandSampler
from .search import Solver, capot_flags, collapse, play_scored, rollout, root_values

# Every setting below was chosen by the arena; docs/hard-tuning.md records what each alternative
# gave (points a deal against Normal, paired over the same deals, 95% intervals), so nobody
# measures it twice. Budget: a p95 of 120 ms CPU per decision in CPython, 300 ms in the page.
SAMPLES = 96  # deals per card decision by rollouts, raced (RACE): +3.86 over 24 unraced (docs/hard-tuning.md)
EXACT_SAMPLES = 32  # deals per card decision once the exact search values the cards (64 gave the same)
BELIEF_SAMPLES = 16  # deals drawn for the belief alone when every legal card is equivalent
BID_SAMPLES = 48  # deals per bidding decision (96: +0.56 [-0.99, +2.10])
SOLVE_TRICKS = 4  # the exact search values every card once this many tricks (the current one included) remain
# How those last tricks are valued in each sampled deal: "respond", our team's best line against
# opponents who play Normal's cards (:mod:`.respond`); "solve", all four seats perfect (the
# double-dummy solver); "blend", the mean of both deal scores: nearly all of "respond"'s gain
# against Normal (+1.58 over "solve"), and against perfect play about what "solve" keeps.
ENDGAME = "blend"
ROLLOUT_STOP = 3  # rollouts hand over to the double-dummy search at this many tricks left
BID_WITH = "hard"  # "hard": bid by simulation (RULES.md); "normal": Normal's hand evaluation (for comparison)
POLICY = "normal"  # rollout policy: "normal" (Normal's play, from public info) or "greedy" (full information)
TAKE_MARGIN = 0.0  # round 1: take when the sampled score beats passing (0) by this much
# Round 2: take even a little below 0. Passing there mostly throws the deal in, which gives up
# what Hard's own card play wins over the simulation's Normal play (+1.02 [+0.16, +1.89] over 0).
TAKE_MARGIN2 = -20.0
TIME_LIMIT = 1.0  # seconds: safety cap only (see the module docstring)
INFER = "opponents"  # whose past choices weight the sampled deals: "opponents", "others" or "none"
BID_MISS = 0.2  # the weight factor of each opponent bid Normal would not have made (1: bids weigh nothing)
OVERSAMPLE = 3  # draw this many times the deals wanted and keep them by weight (1: keep every deal, weighted)
# Racing the rollouts: after each quarter of the deals, a card whose mean falls short of the best
# card's by more than this many standard errors (of the deal-by-deal difference) is valued no
# further; the deals left go to the cards still in the race. 0: every card in every deal. At 2,
# 96 deals play as 72 unraced (+0.49) for less at p95; at 1, 72 deals lost -0.96 to 72 unraced.
RACE = 2.0
# The same for the deals the exact search values (0: every card in every deal). At 1 with 96 exact
# deals it cost -1.62; at 2 with 64 exact deals it gave +0.34 [-0.25, +0.92] over 3 seeds at about
# the same p95, within the noise, so it stays off (docs/hard-tuning.md).
RACE_EXACT = 0.0


Draw = Callable[[random.Random], list[Mask]]  # a deal drawn for a bid: the four hands, completed
Worlds = Callable[[int], list[tuple[list[Mask], float]]]  # n -> deals for a card decision, with their weights


@dataclass
class Decision:
    """Hard's decision with what led to it: the value of each option and where it put the hidden cards."""

    action: str
    values: dict[str, float]  # option -> mean deal score (our team minus theirs) over the sampled deals
    belief: dict[str, list[float]] = field(default_factory=dict)  # unseen card -> P(seat s holds it), s = 0..3
    samples: int = 0  # distinct sampled deals the values and the belief come from (each with its weight)


def choose(view: Mapping[str, Any], seed: int = 0, **options: Any) -> str:
    """Hard's action for ``view`` (deterministic for a view and seed; see the module doc)."""
    return decide(view, seed, **options).action


def decide(view: Mapping[str, Any], seed: int = 0, **options: Any) -> Decision:
    """Hard's decision for ``view``: the action :func:`choose` returns, its option values and its
    belief. ``options``: the settings of :func:`_decide` (each defaults to its constant above)."""
    return _decide(view, seed, None, **options)


def decide_in(view: Mapping[str, Any], given: list[Mask], seed: int = 0, **options: Any) -> Decision:
    """Hard's decision valued in one ``given`` deal instead of deals drawn from the view.

    For measurement only: :mod:`belote.peek` hands it the true deal, to price what perfect
    information would be worth to Hard's look-ahead; no AI level calls it. ``given``: the four
    hands now, or while bidding the four hands as the deal would be completed were this seat to
    take. Options as for :func:`decide`."""
    return _decide(view, seed, given, **options)


def _decide(
    view: Mapping[str, Any],
    seed: int,
    given: list[Mask] | None,
    *,
    samples: int = SAMPLES,
    exact_samples: int = EXACT_SAMPLES,
    bid_samples: int = BID_SAMPLES,
    solve_tricks: int = SOLVE_TRICKS,
    rollout_stop: int = ROLLOUT_STOP,
    take_margin: float = TAKE_MARGIN,
    take_margin2: float = TAKE_MARGIN2,
    policy: str = POLICY,
    bid_with: str = BID_WITH,
    time_limit: float | None = TIME_LIMIT,
    miss: float = MISS,
    infer: str = INFER,
    oversample: int = OVERSAMPLE,
    bid_miss: float = BID_MISS,
    endgame: str = ENDGAME,
    race: float = RACE,
    race_exact: float = RACE_EXACT,
) -> Decision:
    """Hard's decision for ``view``, its deals drawn from the view (``given`` None) or the one ``given``."""
    legal: list[str] = view["legal_actions"]
    if len(legal) == 1:
        return Decision(legal[0], {})
    deadline = None if time_limit is None else time.process_time() + time_limit
    k = Knowledge.from_view(view)
    rng = random.Random(f"hard:{seed}:{view['deal_number']}:{k.played.bit_count()}:{len(view['bids'])}")
    if view["phase"] in BIDDING:
        if bid_with == "normal":
            return Decision(_normal.bid(view), {})
        margin = take_margin if view["phase"] == BID1 else take_margin2
        if given is not None:
            return _bid(view, k, legal, rng, 1, margin, policy, deadline, lambda _rng: given[:])
        return _bid(view, k, legal, rng, bid_samples, margin, policy, deadline)
    plan = Plan(samples, exact_samples, solve_tricks, rollout_stop, policy, miss, infer, oversample, bid_miss, endgame,
                race, race_exact)
    worlds: Worlds = (lambda n: _worlds(k, rng, n, plan)) if given is None else (lambda n: [(given[:], float(n))])
    scores, held, weight, done = _card_scores(view, k, plan, deadline, worlds)
    best = max(scores, key=lambda c: (scores[c], -c))
    return Decision(CARD_CODES[best], {CARD_CODES[c]: v for c, v in scores.items()}, _belief(k, held, weight), done)


def _belief(k: Knowledge, held: list[list[float]], weight: float) -> dict[str, list[float]]:
    """For each card hidden from the seat, the (weighted) share of the sampled deals in which each seat held it."""
    out: dict[str, list[float]] = {}
    for c in cards_of(k.hidden):
        out[CARD_CODES[c]] = [n / weight for n in held[c]]
    return out


# ------------------------------------------------------------------------- play


@dataclass(frozen=True)
class Plan:
    """How much look-ahead a card decision gets (see the module docstring)."""

    samples: int  # deals when rollouts value the cards
    exact_samples: int  # deals when the exact search values them
    solve_tricks: int
    rollout_stop: int
    policy: str
    miss: float  # policy inference (:mod:`.inference`): the weight factor of an unnatural choice
    infer: str  # whose choices: "opponents", "others" or "none"
    oversample: int  # draw this many times the deals, keep as many as wanted by weight
    bid_miss: float = BID_MISS  # bid inference (:class:`.inference.BidReader`): the factor of an unnatural bid
    endgame: str = ENDGAME  # the last ``solve_tricks``: "blend", "respond" (against Normal) or "solve" (double dummy)
    race: float = RACE  # rollouts: drop a card this many standard errors behind the best (0: never)
    race_exact: float = RACE_EXACT  # the same once the exact search values the cards


def _card_scores(
    view: Mapping[str, Any],
    k: Knowledge,
    plan: Plan,
    deadline: float | None,
    worlds: Worlds,
) -> tuple[dict[int, float], list[list[float]], float, int]:
    """The card scores, the weight of the sampled deals in which each seat held each card, their
    total weight, and how many deals. ``worlds(n)``: the deals and their weights (``n`` drawn
    from the view by :func:`_worlds`, or the one given deal)."""
    assert k.trump is not None and k.taker is not None
    trick = [CODE_TO_CARD[e["card"]] for e in view["trick"]]
    legal = 0
    for code in view["legal_actions"]:
        legal |= 1 << CODE_TO_CARD[code]
    blockers = k.hidden
    for c in trick:
        blockers |= 1 << c
    cand_mask = collapse(legal, blockers, k.trump)
    cands = cards_of(cand_mask)
    base = _base_state(view, k, trick)
    exact = 8 - base.n_tricks <= plan.solve_tricks
    pub = k.history if plan.policy == "normal" else None
    taker_team, team, reserve = k.taker & 1, k.seat & 1, view["reserve"]
    before = base.points[0] - base.points[1]
    totals = dict.fromkeys(cands, 0.0)
    held = [[0.0, 0.0, 0.0, 0.0] for _ in range(32)]
    most = plan.exact_samples if exact else plan.samples
    if len(cands) == 1:
        most = min(plan.samples, BELIEF_SAMPLES)  # nothing to choose: the deals only feed the belief
    done = 0
    weight_sum = 0.0
    # One solver for every deal: its tables hold exact facts about any hands, and endings
    # repeat across the deals (-9% nodes with 4 tricks left); the values do not change.
    solver = Solver(k.trump)
    # The best response to Normal for the endgames that use it; its table too holds for any hands.
    responder = Responder(k.taker, team) if exact and plan.endgame in ("respond", "blend") else None
    deals = worlds(max(1, most))
    # Racing (over 8 distinct deals or more): each card's (weight, value) per deal, and the
    # places of the checks.
    z = plan.race_exact if exact else plan.race
    racing = z > 0 and len(cands) > 1 and len(deals) >= 8
    seen: dict[int, list[tuple[float, float]]] = {c: [] for c in cands}
    checks = {len(deals) * j // 4 for j in (1, 2, 3)} if racing else set()
    for i, (hands, w) in enumerate(deals):
        if i in checks and len(cands) > 1:
            cands = _still_racing(seen, cands, z)
            cand_mask = mask_of(cands)
        for s in k.others():
            for c in cards_of(hands[s] & k.hidden):
                held[c][s] += w
        done += 1
        weight_sum += w
        if len(cands) == 1:
            continue
        belote_team = _belote_team(k, hands)
        if exact:
            ps = base.copy()
            ps.hands = hands[:]
            # Each card's deal score against perfect play ("solve"), against Normal's cards
            # ("respond"), or the mean of both ("blend").
            found: list[dict[int, int]] = []
            if plan.endgame != "respond":
                found.append(root_values(ps, solver, cand_mask))
            if responder is not None:
                found.append(responder.values(ps, k.history, cand_mask))
            for c in cands:
                v = sum(deal_value(before + f[c], taker_team, belote_team, team, reserve) for f in found) / len(found)
                totals[c] += w * v
                if racing:
                    seen[c].append((w, v))
        else:
            guess = [0]  # each exact tail starts from the last one's value (fewer windows, same values)
            for c in cands:
                d = _play_out(base, hands, c, solver, plan.rollout_stop, pub, k.taker, guess)
                v = deal_value(d, taker_team, belote_team, team, reserve)
                totals[c] += w * v
                if racing:
                    seen[c].append((w, v))
        if deadline is not None and time.process_time() > deadline:
            break
    if len(totals) == 1:
        return {cands[0]: 0.0}, held, weight_sum, done
    if racing:
        # A card out of the race keeps its mean over the deals it was valued in, kept below
        # every card still racing, which alone can be chosen.
        scores = {c: totals[c] / sum(w for w, _ in seen[c]) for c in totals}
        floor = min(scores[c] for c in cands)
        return {c: scores[c] if c in cands else min(scores[c], floor - 1) for c in totals}, held, weight_sum, done
    return {c: totals[c] / weight_sum for c in cands}, held, weight_sum, done


def _still_racing(seen: dict[int, list[tuple[float, float]]], cands: list[int], z: float) -> list[int]:
    """The cards of ``cands`` not ``z`` standard errors behind the best one's mean, deal by deal
    (``seen``: each card's (weight, deal score) in the same deals)."""
    def mean(c: int) -> float:
        return sum(w * v for w, v in seen[c]) / sum(w for w, _ in seen[c])

    best = max(cands, key=lambda c: (mean(c), -c))
    lead = seen[best]
    keep = []
    for c in cands:
        diffs = [(w, v - b) for (w, v), (_, b) in zip(seen[c], lead)]
        total = sum(w for w, _ in diffs)
        m = sum(w * d for w, d in diffs) / total
        var = sum(w * (d - m) ** 2 for w, d in diffs) / total
        n_eff = total * total / sum(w * w for w, _ in diffs)
        if c == best or m + z * (var / n_eff) ** 0.5 >= 0:
            keep.append(c)
    return keep


def _worlds(k: Knowledge, rng: random.Random, n: int, plan: Plan) -> list[tuple[list[Mask], float]]:
    """``n`` sampled deals with their weights (policy inference, :mod:`.inference`). With
    ``plan.oversample`` > 1, that many times ``n`` deals are drawn and weighed, and ``n`` of
    them picked in proportion to their weights (systematic resampling): a deal picked
    twice counts twice."""
    seats = {"opponents": (k.seat ^ 1, k.seat ^ 3), "others": tuple(k.others())}.get(plan.infer, ())
    reader = ChoiceReader(k, plays(k) if seats else [], plan.miss, seats)
    bids = BidReader(k, plan.bid_miss, seats)

    def weight(hands: list[Mask]) -> float:
        return reader.weight(hands) * bids.weight(hands)

    draw = HandSampler(k).draw
    if plan.oversample <= 1 or not (reader.order or any(bids.bids.values())):
        return [(h, weight(h)) for h in (draw(rng) for _ in range(n))]
    drawn = [draw(rng) for _ in range(n * plan.oversample)]
    return _keep(drawn, [weight(h) for h in drawn], n, rng)


def _keep(drawn: list[list[Mask]], ws: list[float], n: int, rng: random.Random) -> list[tuple[list[Mask], float]]:
    """``n`` of the ``drawn`` deals picked in proportion to their weights ``ws`` (systematic
    resampling), each distinct deal once with how many times it was picked. Late in the deal
    the same hands are often drawn again (half the deals with three tricks left): each is
    valued once, and integer weights keep every sum exact."""
    step = sum(ws) / n
    at = rng.random() * step
    out: list[tuple[list[Mask], float]] = []
    index: dict[tuple[Mask, ...], int] = {}  # hands -> their place in out
    acc, total = 0.0, 0
    for h, w in zip(drawn, ws):
        acc += w
        picks = 0
        while at < acc and total < n:
            picks += 1
            total += 1
            at += step
        if picks:
            key = tuple(h)
            i = index.get(key)
            if i is None:
                index[key] = len(out)
                out.append((h, float(picks)))
            else:
                out[i] = (h, out[i][1] + picks)
    return out


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


def _play_out(base: PlayState, hands: list[Mask], c: int, solver: Solver, rollout_stop: int,
              pub: History | None = None, taker: int = 0, guess: list[int] | None = None) -> int:
    """The final card-point diff (team 0 minus team 1, 252 for a capot) after playing ``c``: a
    rollout down to ``rollout_stop`` tricks left, then the exact search (from ``guess[0]``,
    which it sets to the value found: a guess only saves search, the value is exact)."""
    ps = base.copy()
    ps.hands = hands[:]
    if pub is not None:
        pub = pub.copy()
        pub.note(ps.to_act, c)
    before = ps.points[0] - ps.points[1]
    diff, cap = play_scored(ps, c, capot_flags(ps.tricks_won, ps.n_tricks))
    if ps.done:
        return before + diff
    if 8 - ps.n_tricks > rollout_stop:
        # capot included if it plays to the end
        d, _ = rollout(ps, rollout_stop) if pub is None else normal_rollout(ps, pub, taker, rollout_stop)
        diff += d
    if not ps.done:
        if guess is None:
            diff += solver.value(ps)
        else:
            guess[0] = solver.value(ps, guess=guess[0])
            diff += guess[0]
    return before + diff


def deal_value(diff: int, taker_team: int, belote_team: int | None, team: int, reserve: int) -> float:
    """``team``'s deal score minus the other team's, from the final card-point diff (scoring's rules)."""
    points = score_final_diff(taker_team, diff, belote_team, reserve).points
    return float(points[team] - points[1 - team])


def _belote_team(k: Knowledge, hands: list[Mask]) -> int | None:
    """The team with belote-rebelote in this sampled deal, or None."""
    if k.belote_seat is not None:
        return k.belote_seat & 1
    if k.belote_impossible or k.trump is None:
        return None
    seat = belote_holder(hands, k.trump)
    return None if seat is None else seat & 1


# ---------------------------------------------------------------------- bidding


def _bid(view: Mapping[str, Any], k: Knowledge, legal: list[str], rng: random.Random, samples: int,
         margin: float, policy: str, deadline: float | None, draw: Draw | None = None) -> Decision:
    """Take the suit whose sampled score beats passing (valued ``margin``) by more, else pass."""
    options: dict[str, int] = {a: t for a in legal if (t := k.bid_trump(a)) is not None}
    values = bid_values(view, k, rng, samples, list(options.values()), deadline, policy, draw)
    best = max(options, key=lambda a: (values[options[a]], -options[a]))
    chosen = best if values[options[best]] > margin else PASS
    return Decision(chosen, {PASS: margin, **{a: values[t] for a, t in options.items()}}, {}, samples)


def bid_values(view: Mapping[str, Any], k: Knowledge, rng: random.Random, samples: int,
               trumps: list[int], deadline: float | None = None, policy: str = POLICY,
               draw: Draw | None = None) -> dict[int, float]:
    """Mean deal score for our team if we take each of ``trumps``, over sampled deals (``draw``: by
    default deals completed as if we take, drawn from the view by :class:`.sampling.BidDealSampler`)."""
    leader = (view["dealer"] + 1) & 3
    totals = dict.fromkeys(trumps, 0.0)
    done = 0
    team = k.seat & 1
    draw = draw or BidDealSampler(k).draw
    for _ in range(max(1, samples)):
        hands = draw(rng)
        for t in trumps:
            ps = PlayState(hands[:], t, leader)
            if policy == "normal":
                diff, _ = normal_rollout(ps, History(t), k.seat)
            else:
                diff, _ = rollout(ps)
            holder = belote_holder(hands, t)
            totals[t] += deal_value(diff, team, None if holder is None else holder & 1, team, view["reserve"])
        done += 1
        if deadline is not None and time.process_time() > deadline:
            break
    return {t: totals[t] / done for t in trumps}


# ------------------------------------------------------- Normal's play as rollout policy


def normal_rollout(ps: PlayState, pub: History, taker: int, stop_left: int = 0) -> tuple[int, int]:
    """Like :func:`~belote.ai.search.rollout`, every seat playing Normal's card from its own hand
    and the public history ``pub`` (extended in place)."""
    cap = capot_flags(ps.tricks_won, ps.n_tricks)
    diff = 0
    card_for = _normal.card_for
    while 8 - ps.n_tricks > stop_left:
        seat = ps.to_act
        c = card_for(seat, taker, ps.hands[seat], ps.legal_mask(), pub)
        pub.note(seat, c)
        delta, cap = play_scored(ps, c, cap)
        diff += delta
    return diff, cap
