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
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..bidding import PASS
from ..cards import CARD_CODES, CODE_TO_CARD, Mask, cards_of
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

SAMPLES = 24  # deals per card decision valued by rollouts (48: -0.31 [-2.84, +2.23], 1,000 paired deals)
# Racing the cards instead (every card valued in 12 picked deals, then every 4 picks a card 1.5
# standard errors behind the leader dropped and the rest valued on, within 1.4 times the cost of
# 24 deals a card): offline between 36 and 48 fixed deals in precision (1,276 decisions against
# 384-deal references) at 1.13 times the cost of 24, but in play -0.56 [-2.76, +1.64] (card
# play, seed 1, 1,000 paired deals) with a p95 of 128 ms. 96 deals on the same deals: +2.62
# [+0.05, +5.19] (p95 294 ms): against Normal the rollouts' precision pays only at about four
# times the deals; at one and a half to two times it measures within the noise.
# Deals per card decision once the last ``SOLVE_TRICKS`` are valued exactly. With the
# double-dummy endgame, 128 measured +0.37 [-0.46, +1.20] over 64 (1,000 paired deals); with
# the best response to Normal ("respond", see ``ENDGAME``), 32 gives what 64 gave (+1.66 against
# +1.67 over the double-dummy 64, same deals) at half the cost.
EXACT_SAMPLES = 32
# Four times both (96 rollout deals, 128 exact), over budget (p95 368-385 ms CPU): card play
# against Normal +3.82 [+1.10, +6.54] (1,000 paired deals, seeds 1 and 2: +22.41 against +18.59);
# against the oracle +4.65 [+1.61, +7.68] (500 paired deals, seed 3: -42.08, Hard's gap 0.86 of
# Normal's instead of 0.95 there), of which 96 rollout deals alone give +4.18 [+1.14, +7.22] (p95
# 292 ms). More deals are what pays: speed-ups that keep the cards could buy them. The 128 exact
# deals alone, against Normal: +0.69 [-0.84, +2.22] (500 paired deals, seed 1, where both gave +3.22).
BELIEF_SAMPLES = 16  # deals drawn for the belief alone when every legal card is equivalent
# Deals per bidding decision. Measured, own bidding, 1,000 paired deals: 96 +0.56 [-0.99, +2.10];
# 96 with oversample 6, +1.35 [-1.70, +4.40] but a p95 of 140 ms (the budget is 120). The
# simulation's last 3 tricks solved exactly instead of played by Normal: -0.24 [-1.48, +1.00].
BID_SAMPLES = 48
# Hard leads by its own search even early, where double dummy says Normal's leads lose fewer
# points (7 and 6 tricks left, 240 games: 10.7 and 8.2 card points a lead against Hard's 17.7 and
# 10.9): Normal's leads in the first two tricks measured -1.90 [-4.33, +0.52], card play, 1,000
# paired deals; in the second trick only -0.68 [-2.32, +0.95]. Normal's card as second hand in
# the second trick (where double dummy has Hard lose 5.8 points a card, Normal 3.5): -0.17
# [-1.06, +0.72].
SOLVE_TRICKS = 4  # the exact search values every card once this many tricks (the current one included) remain
# How those last tricks are valued in each sampled deal: "respond", our team's best line against
# opponents who play Normal's cards (:mod:`.respond`); "solve", all four seats perfect (the
# double-dummy solver); "blend", the mean of both deal scores. Card play, 1,000 paired deals,
# over "solve" with 64 deals: "respond" with 64 deals +1.67 [+0.35, +2.98] (p95 166 ms CPU),
# with 32 +1.66 [+0.28, +3.03] (p95 77 ms); "blend" with 32 +1.58 [+0.38, +2.78] (p95 82 ms).
# Against the oracle (a player who sees every card) "respond" loses what it bets on Normal's
# errors: -46.39 a deal against -43.62 for "solve" (1,000 deals each, not paired); "blend" wins
# back +2.23 [+1.11, +3.34] over "respond" (500 paired deals: -43.87). So "blend": nearly all of
# the gain against Normal-like play, and against perfect play about what "solve" loses. Own
# bidding, 1,000 paired deals over "solve" with 64 deals: "respond" +2.12 [+0.63, +3.61], "blend"
# +1.41 [+0.08, +2.75] (margin +19.32 [+16.28, +22.35] on seed 1's deals, +13.62 and +13.47 on
# seeds 2 and 3; p95 88 ms). Seed 1's deals favour Hard: card play +20.11 there, +15.45 and
# +14.32 on seeds 2 and 3. Against the oracle, 1,000 deals, "blend": seed 1 -44.77 (Normal -51.40),
# seed 2 -48.51 (Normal -48.97; paired +0.47 [-2.26, +3.19]), seed 3 -47.02 (Normal -50.84; paired
# +3.82 [+1.24, +6.41]): Hard's gap is 0.87, 0.99 and 0.92 of Normal's. Most of Hard's edge over
# Normal comes from modelling Normal, not from better play against a player who makes no errors.
ENDGAME = "blend"
# Earlier, rollouts hand over to the exact search at this many tricks left. Measured, card play,
# 1,000 paired deals: 0 (Normal plays to the end) -2.47 [-5.01, +0.07]; 4: -0.74 [-3.27, +1.80]
# with a p95 of 211 ms. The tail valued like the endgame, by the best response to Normal instead
# of double dummy: -1.83 [-4.23, +0.57], with a p95 of 134 ms.
ROLLOUT_STOP = 3
BID_WITH = "hard"  # "hard": bid by simulation; "normal": Normal's hand evaluation (for comparison)
# Measured, own bidding, 3,000 paired deals (seeds 1-3, 1,000 each): Normal's bids in both rounds
# +1.16 [-0.12, +2.43] (+0.79, +1.83, +0.85 by seed); Normal's in round 1 and the simulation in
# round 2 +0.40 [-0.73, +1.52]. Neither interval excludes 0, and RULES.md has Hard bid by its
# look-ahead, so the simulation stays.
# Measured, own bidding, 1,000 paired deals: Normal's bid in round 1 and the simulation in round 2
# +0.61 [-1.30, +2.52]; the simulation in round 1 and Normal's bid in round 2 +0.03 [-0.89, +0.96].
POLICY = "normal"  # rollout policy: "normal" (Normal's play, from public info) or "greedy"
# Our own team's third- and fourth-hand cards in the rollouts played by the full-information
# greedy policy instead (a partner who plays those better than Normal): -2.15 [-4.49, +0.20], card
# play, 1,000 paired deals. Rollouts gain from modelling every seat as a player who cannot see.
# Round 1: take when the sampled score of taking beats 0 (passing) by this much. Measured, own
# bidding, 1,000 paired deals: -10 gives -0.49 [-1.96, +0.98], +10 gives -0.94 [-2.44, +0.57].
# A floor (no round-1 take where Normal values the hand below 50, 10 under its own threshold),
# suggested by seed 1's deals where the bids differ, measured on seed 2's: +0.06 [-0.59, +0.72].
TAKE_MARGIN = 0.0
# Measured and dropped, own bidding, 1,000 paired deals: passing valued by simulation instead of
# 0 (the other seats bid as Normal from five cards consistent with their passes, on the same
# deals as taking) -1.27 [-3.80, +1.25], with Hard's card-play edge (+18) added to each deal
# played -1.51; Normal's bid unless the simulation beats it by 10, +0.35 [-1.05, +1.75].
# Round 2: take even when the sampled score is a little below 0. Passing there most often
# throws the deal in (0 for both), which gives up what Hard's own card play wins over the
# simulation's Normal play. Measured, own bidding, 1,000 deals: -20 beats 0 by +1.02
# [+0.16, +1.89] a deal; -40 gives the same as -20 (-0.08 [-1.11, +0.95]).
TAKE_MARGIN2 = -20.0
TIME_LIMIT = 1.0  # seconds: safety cap only (see the module docstring)
# Whose past choices weight the sampled deals: "opponents", "others" or "none". "others" (the
# partner read as Normal too) measured -0.46 [-2.76, +1.83], card play, 1,000 paired deals.
# Against the oracle, reading nobody ("none") with the double-dummy endgame ("solve") gives +0.28
# [-2.91, +3.47] (500 paired deals, seed 3): modelling opponents as Normal costs nothing there.
INFER = "opponents"
# The weight factor of each opponent bid Normal would not have made from its first five cards
# (1: the bids weigh nothing). Card play, 2,000 paired deals: +1.13 [-0.54, +2.80] a deal
# over 1 (+1.11 and +1.15 in each 1,000). Bidding does not read the bids this way: reading
# them in the bidding simulation too gave -0.44 [-3.35, +2.48], own bidding. A factor of 0.1
# instead of 0.2: -1.09 [-2.83, +0.66], card play.
BID_MISS = 0.2
# Draw this many times the deals wanted and keep them by weight (1: keep every deal, weighted).
# Measured, card play, 1,000 paired deals: 6 +1.04 [-1.70, +3.78], with a p50 a third higher;
# 6 with 128 exact deals +0.90 [-1.76, +3.56], with a p95 38% higher (88.6 against 64.0 ms);
# 6 with a miss factor of 0.1 (policy inference sharper still) -0.66 [-3.32, +2.01].
OVERSAMPLE = 3
# Measured and dropped, card play, 1,000 paired deals: Normal's card as a prior (5 points added to
# its value before the best is picked, to settle near-ties) -1.28 [-3.13, +0.57]; a
# fifth of the card-point diff added to the deal score (a smoother objective) -0.79 [-1.88, +0.29].


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


def decide(
    view: Mapping[str, Any],
    seed: int = 0,
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
) -> Decision:
    """Hard's decision for ``view``: the action :func:`choose` returns, its option values and its belief."""
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
        return _bid(view, k, legal, rng, bid_samples, margin, policy, deadline)
    plan = Plan(samples, exact_samples, solve_tricks, rollout_stop, policy, miss, infer, oversample, bid_miss, endgame)
    scores, held, weight, done = _card_scores(view, k, rng, plan, deadline)
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


def _card_scores(
    view: Mapping[str, Any],
    k: Knowledge,
    rng: random.Random,
    plan: Plan,
    deadline: float | None,
) -> tuple[dict[int, float], list[list[float]], float, int]:
    """The card scores, the weight of the sampled deals in which each seat held each card, their
    total weight, and how many deals."""
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
    for hands, w in _worlds(k, rng, max(1, most), plan):
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
                found.append(root_values(ps, solver))
            if responder is not None:
                found.append(responder.values(ps, k.history, cand_mask))
            for c in cands:
                score = sum(deal_value(before + f[c], taker_team, belote_team, team, reserve) for f in found)
                totals[c] += w * score / len(found)
        else:
            guess = [0]  # each exact tail starts from the last one's value (fewer windows, same values)
            for c in cands:
                d = _play_out(base, hands, c, solver, plan.rollout_stop, pub, k.taker, guess)
                totals[c] += w * deal_value(d, taker_team, belote_team, team, reserve)
        if deadline is not None and time.process_time() > deadline:
            break
    if len(cands) == 1:
        return {cands[0]: 0.0}, held, weight_sum, done
    return {c: totals[c] / weight_sum for c in cands}, held, weight_sum, done


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
         margin: float, policy: str, deadline: float | None) -> Decision:
    """Take the suit whose sampled score beats passing (valued ``margin``) by more, else pass."""
    options: dict[str, int] = {a: t for a in legal if (t := k.bid_trump(a)) is not None}
    values = bid_values(view, k, rng, samples, list(options.values()), deadline, policy)
    best = max(options, key=lambda a: (values[options[a]], -options[a]))
    chosen = best if values[options[best]] > margin else PASS
    return Decision(chosen, {PASS: margin, **{a: values[t] for a, t in options.items()}}, {}, samples)


def bid_values(view: Mapping[str, Any], k: Knowledge, rng: random.Random, samples: int,
               trumps: list[int], deadline: float | None = None, policy: str = POLICY) -> dict[int, float]:
    """Mean deal score for our team if we take each of ``trumps``, over sampled deals."""
    leader = (view["dealer"] + 1) & 3
    totals = dict.fromkeys(trumps, 0.0)
    done = 0
    team = k.seat & 1
    draw = BidDealSampler(k).draw
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
