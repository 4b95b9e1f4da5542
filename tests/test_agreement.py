"""The engine agrees with the independent reference (tests/reference.py) on every decision.

Thousands of random deals: both are fed the same scripted decks (Game(decks=...)) and
the same seeded random choices among the legal actions; at every step they must agree
on to_act and the exact legal_actions list, and every play() must return the same
events (bids, contract, cards, belote calls, trick winners and points, deal scores,
throw-ins, match end).  Deal ends also compare scores, reserve and the score sheet.
"""

from __future__ import annotations

import functools

import json
import random
from collections import Counter

import pytest

from belote import Game, ai
from helpers import random_decks
from reference import RefMatch, strength

DECKS_PER_MATCH = 40
AI_LEVELS = ("easy", "normal")  # fast levels, for realistic bidding and play


def _choose_bid(rng, legal, pass_bias):
    if rng.random() < pass_bias:
        return "pass"
    return rng.choice(legal)


def _choose_card(rng, legal, trump, style):
    if style == "random":
        return rng.choice(legal)
    # strong/weak: play the strongest/weakest legal card (trumps counted above the rest)
    key = lambda c: (c[1] == trump, strength(c, trump), c)  # noqa: E731
    return max(legal, key=key) if style == "strong" else min(legal, key=key)


class Mismatch(AssertionError):
    pass


def _report(what, ref, history, engine_value, ref_value):
    deck = ref.decks[ref.deal_number] if ref.deal_number < len(ref.decks) else None
    deal_actions = history[ref_deal_start(ref, history):]
    return Mismatch(
        f"{what} differs\n"
        f"  deal {ref.deal_number} dealer {ref.dealer} deck {' '.join(deck) if deck else '?'}\n"
        f"  this deal's actions: {' '.join(deal_actions)}\n"
        f"  match actions ({len(history)}): {' '.join(history)}\n"
        f"  engine:    {json.dumps(engine_value)}\n"
        f"  reference: {json.dumps(ref_value)}")


def ref_deal_start(ref, history):
    return getattr(ref, "_deal_start", 0)


def play_match(seed, target, pass_bias, styles, stats):
    """One match through both implementations; raises Mismatch at the first disagreement."""
    rng = random.Random(seed)
    decks = random_decks(rng, DECKS_PER_MATCH)
    g = Game(seed=seed, target=target, decks=decks)
    ref = RefMatch(decks, target)
    ref._deal_start = 0
    history = []

    def check(what, engine_value, ref_value):
        if engine_value != ref_value:
            raise _report(what, ref, history, engine_value, ref_value)

    def check_deal_state():
        for seat in range(4):
            v = g.view(seat)
            check(f"seat {seat} hand", sorted(v["hand"]), sorted(ref.hands[seat]))
        v = g.view(0)
        check("dealer", v["dealer"], ref.dealer)
        check("deal_number", v["deal_number"], ref.deal_number)
        check("turned_card", v["turned_card"], ref.turned)
        check("scores", v["scores"], ref.scores)
        check("reserve", v["reserve"], ref.reserve)
        check("sheet", v["sheet"], ref.sheet)

    check_deal_state()
    while True:
        check("to_act", g.to_act, ref.to_act)
        legal = ref.legal_actions()
        check("legal_actions", g.legal_actions(), legal)
        if ref.to_act is None:
            break
        if styles[ref.to_act % 2] in AI_LEVELS:
            action = ai.choose_action(g.view(ref.to_act), level=styles[ref.to_act % 2], seed=len(history))
            if action not in legal:  # the AI's own tests judge that; here we only need a legal move
                stats["ai_illegal"] += 1
                action = rng.choice(legal)
        elif ref.phase in ("bid1", "bid2"):
            action = _choose_bid(rng, legal, pass_bias)
        else:
            action = _choose_card(rng, legal, ref.trump, styles[ref.to_act % 2])
        phase_before, deal_before, reserve_before = ref.phase, ref.deal_number, ref.reserve
        history.append(action)
        ev_engine = g.play(action)
        ev_ref = ref.play(action)
        if ref.out_of_decks:  # the engine shuffled a deal of its own: stop comparing there
            ev_engine = [e for e in ev_engine if e["type"] != "deal"]
        check(f"events of {action!r}", ev_engine, ev_ref)
        for e in ev_ref:
            if e["type"] == "deal_scored":
                stats[e["result"]] += 1
                stats["deals"] += 1
                if e["capot"] is not None:
                    stats["capot"] += 1
                if any(e["reserve_paid"]):
                    stats["reserve_paid"] += 1
                if e["result"] == "litige" and reserve_before:
                    stats["litige_after_litige"] += 1
                s0, s1 = e["scores"]
                if s0 == s1 >= target and ref.phase != "over":
                    stats["tie_at_target_plays_on"] += 1
                if e["belote"] != [0, 0]:
                    stats["belote"] += 1
            elif e["type"] == "thrown_in":
                stats["thrown_in"] += 1
            elif e["type"] == "match_over":
                stats["match_over"] += 1
                s0, s1 = e["scores"]
                if min(s0, s1) >= target:
                    stats["both_past_target"] += 1
        if ref.out_of_decks:
            stats["out_of_decks"] += 1
            return
        if ref.deal_number != deal_before or ref.phase == "over":
            ref._deal_start = len(history)
            if ref.phase != "over":
                check_deal_state()
            else:
                v = g.view(0)
                check("scores at the end", v["scores"], ref.scores)
                check("winner", v["winner"], ref.winner)
                check("phase", v["phase"], "over")
                check("sheet at the end", v["sheet"], ref.sheet)
        elif phase_before != "play" and ref.phase == "play":
            for seat in range(4):
                check(f"seat {seat} hand after completion", sorted(g.view(seat)["hand"]),
                      sorted(ref.hands[seat]))


CONFIGS = [
    # (name, matches, targets, pass_bias, styles per team)
    ("random", 220, (300, 500, 1000), 0.0, ("random", "random")),
    ("pass-heavy", 80, (200, 500), 0.8, ("random", "random")),
    ("strong-vs-weak", 70, (300, 1000), 0.3, ("strong", "weak")),
    ("weak-vs-strong", 60, (300, 1000), 0.3, ("weak", "strong")),
    ("low-target", 200, (1, 100, 162), 0.2, ("random", "random")),
    ("ai-normal-vs-easy", 16, (1000,), 0.0, ("normal", "easy")),
    ("ai-easy-vs-normal", 16, (1000,), 0.0, ("easy", "normal")),
]


@functools.lru_cache(maxsize=None)
def run_config(name: str) -> Counter:
    """Play one configuration's matches against the reference (once per session); its coverage."""
    _, matches, targets, pass_bias, styles = next(c for c in CONFIGS if c[0] == name)
    stats: Counter = Counter()
    base = sum(ord(ch) for ch in name) * 10007
    for i in range(matches):
        play_match(base + i, targets[i % len(targets)], pass_bias, styles, stats)
    return stats


@pytest.mark.parametrize("name", [c[0] for c in CONFIGS])
def test_engine_agrees_with_reference(name):
    """Every decision, event and score of many random matches matches the reference."""
    stats = run_config(name)
    print(name, dict(stats))
    assert stats["deals"] > 0 and stats["match_over"] > 0


def test_agreement_covered_every_kind_of_deal():
    """The random matches of all configurations reach every kind of outcome (else agreement proves
    little). Runs them itself when run alone; in a whole run it reuses what the tests above played."""
    coverage: Counter = Counter()
    for name, *_ in CONFIGS:
        coverage.update(run_config(name))
    for kind in ("made", "dedans", "litige", "thrown_in", "capot", "reserve_paid", "belote",
                 "match_over"):
        assert coverage[kind] > 0, (kind, dict(coverage))
    assert coverage["deals"] >= 2000, dict(coverage)


VOCAB = ["pass", "take", "take:C", "take:D", "take:H", "take:S"] + [r + s for s in "CDHS" for r in "789TJQKA"]


def _ref_accepts(decks, target, actions):
    ref = RefMatch(decks, target)
    for i, a in enumerate(actions):
        if ref.out_of_decks or a not in ref.legal_actions():
            return False, i, ref
        ref.play(a)
    return True, None, ref


def test_from_dict_accepts_exactly_the_action_lists_the_reference_accepts():
    """Saves with a mutated action list (replaced, dropped, swapped actions) load iff they follow the rules."""
    rng = random.Random(77)
    outcomes = Counter()
    for k in range(300):
        seed = 5000 + k
        decks = random_decks(random.Random(seed), DECKS_PER_MATCH)
        target = rng.choice([200, 500])
        g = Game(seed=seed, target=target, decks=decks)
        for _ in range(rng.randrange(1, 120)):
            if g.to_act is None:
                break
            g.play(rng.choice(g.legal_actions()))
        save = g.to_dict()
        acts = list(save["actions"])
        i = rng.randrange(len(acts))
        kind = rng.choice(["replace", "replace-legal", "drop", "swap", "append", "truncate"])
        if kind == "replace":
            acts[i] = rng.choice(VOCAB)
        elif kind == "replace-legal":  # another legal choice at i; what follows may now break
            _, _, ref_i = _ref_accepts(decks, target, acts[:i])
            acts[i] = rng.choice(ref_i.legal_actions())
        elif kind == "truncate":
            acts = acts[:i]
        elif kind == "drop":
            del acts[i]
        elif kind == "swap" and i + 1 < len(acts):
            acts[i], acts[i + 1] = acts[i + 1], acts[i]
        else:
            acts.append(rng.choice(VOCAB))
        save["actions"] = acts
        ok, bad_index, ref = _ref_accepts(decks, target, acts)
        if ok:
            h = Game.from_dict(save)
            outcomes["accepted"] += 1
            outcomes["accepted-" + kind] += 1
            assert h.to_act == ref.to_act and h.legal_actions() == ref.legal_actions(), acts
            assert h.view(0)["scores"] == ref.scores and h.view(0)["sheet"] == ref.sheet
        else:
            outcomes["refused"] += 1
            with pytest.raises(ValueError) as info:
                Game.from_dict(save)
            assert str(bad_index) in str(info.value), (bad_index, str(info.value))
    assert outcomes["accepted"] > 50 and outcomes["refused"] > 50, outcomes
    assert outcomes["accepted-replace-legal"] > 0, outcomes
