"""Normal AI: one named scenario per heuristic (RULES.md, issue 4), plus the properties every
level must have: legal actions on thousands of random views, determinism for a view and a
seed (whatever the hash seed), and blindness to the hidden hands.

Scenarios are exact deals built with Game(decks=[...]) (helpers.new_game / build_deck) and
played up to the decision under test, so the view is the engine's own.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from belote.cards import CARD_CODES, CODE_TO_CARD, mask_of_codes
from belote import Game, IllegalAction, ai
from belote.ai import normal
from belote.ai.knowledge import History
from helpers import build_deck, new_game, play_cards, random_decks

HARD_OPTS = {"samples": 3, "bid_samples": 3, "time_limit": None}


def decide(view, level="normal", seed=0):
    """The level's action, with a small deterministic budget for Hard."""
    if level == "hard":
        from belote.ai import hard

        action = hard.choose(view, seed, **HARD_OPTS)
        assert action in view["legal_actions"]
        return action
    return ai.choose_action(view, level, seed)


def play_view(hands, turned, taker, prefix, trump=None):
    """The view of the seat to act after ``prefix`` in a scripted deal (dealer 3, seat 0 leads)."""
    g = new_game({s: h.split() for s, h in hands.items()}, turned, taker, trump=trump)
    play_cards(g, prefix)
    return g.view(g.to_act)


def bid_view(hand0, turned, passes=0):
    """Seat 0's bidding view with a 5-card hand, after ``passes`` passes (4: round 2 for seat 0)."""
    deck = build_deck({0: hand0.split()}, turned)
    g = Game(seed=1, decks=[deck])
    for _ in range(passes):
        g.play("pass")
    return g.view(g.to_act)


# Deal A: hearts trump, seat 0 took the turned 7H.
DEAL_A = {
    0: "QS JH 9H 7H AC TC KC QC",
    1: "7S TS 8H 7C 8C 9C JC 7D",
    2: "8S JS AH TH KH QH 8D 9D",
    3: "KS AS 9S AD TD KD QD JD",
}
# Deal B: hearts trump, seat 0 took the turned 7H; seat 1 is void in diamonds, seat 3 too.
DEAL_B = {
    0: "AD KD QD JD 7H AH TH AC",
    1: "9H 8H 7C 8C 9C 7S 8S 9S",
    2: "7D 8D 9D TD KH QH QC JC",
    3: "JH TC KC TS JS QS KS AS",
}


# ---------------------------------------------------------------- play scenarios


def test_wins_cheaply_when_last_to_play():
    """Last to play against an opponent's QS, holding A K 9 of spades: win with the K, keep the A."""
    view = play_view(DEAL_A, "7H", 0, "QS 7S 8S")
    assert view["seat"] == 3
    assert normal.choose(view, 0) == "KS"


def test_second_hand_plays_low_without_a_sure_winner():
    """Second to play on a low lead, its K not master (A and 10 out): it plays low and lets partner try."""
    hands = {0: "7S 7H AC TC KC QC JH 9H", 1: "KS 8S 8H 7C 8C 9C JC 7D"}
    view = play_view(hands, "7H", 0, "7S")
    assert view["seat"] == 1
    assert normal.choose(view, 0) == "8S"


def test_does_not_overtake_a_master_partner():
    """Partner's 9H ruff is master (we hold the J): a free discard, never the JH over it."""
    view = play_view(DEAL_B, "7H", 0, "AD 9H 7D")
    assert view["seat"] == 3 and "JH" in view["legal_actions"]
    assert not normal.choose(view, 0).endswith("H")


def test_gives_points_to_a_partner_sure_to_win():
    """Same trick: partner is sure to win, so it smears its 10 of clubs (not a master that wins later)."""
    view = play_view(DEAL_B, "7H", 0, "AD 9H 7D")
    assert normal.choose(view, 0) == "TC"


def test_smears_the_ten_when_following_a_partners_ace():
    """Partner's AS led and master; third hand must follow spades: it gives the 10, not the 7."""
    hands = {0: "AS 7H AC TC KC QC JH 9H", 1: "8S 8H 8C 9C 7D TD JD QD", 2: "TS 7S KH QH 8D 9D JC 7C"}
    view = play_view(hands, "7H", 0, "AS 8S")
    assert view["seat"] == 2
    assert normal.choose(view, 0) == "TS"


def test_ruffs_with_the_lowest_trump_and_keeps_the_master():
    """Void in clubs on an opponent's AC, holding JH and 7H: it ruffs with the 7, keeping the J."""
    hands = {0: "AC 8H TC KC QC 7D 8D 9D", 1: "JH 7H 7S 8S 9S TD JD QD"}
    view = play_view(hands, "8H", 0, "AC")
    assert view["seat"] == 1 and "JH" in view["legal_actions"]
    assert normal.choose(view, 0) == "7H"


def test_overtrumps_banking_points_and_keeping_the_master_jack():
    """Last to play after an opponent ruffed the AC with the 8H: it over-trumps with the 10 (banked now,
    only the 9 could take it later), never the master J."""
    hands = {
        0: "AC TC KC QC 7H 7D 8D 9D",
        1: "7C JC 8C 9C AS TS KS QS",
        2: "8H 9H KH 7S 8S 9S TD JD",
        3: "JH AH QH TH AD KD QD JS",
    }
    view = play_view(hands, "7H", 0, "AC 7C 8H")
    assert view["seat"] == 3
    assert normal.choose(view, 0) == "TH"


def test_forced_over_its_partner_on_a_trump_lead_wins_with_the_master():
    """Partner leads the KH (trump); it must go higher with J, A or 10 while the 9 is still out:
    rather than risk the 10 under the 9, it wins surely with the master J."""
    hands = {0: "KH 8H AC TC KC QC 7D 8D", 1: "7H 7S 8S 9S TD JD QD KD", 2: "JH AH TH QH AS TS 9D AD",
             3: "9H"}
    view = play_view(hands, "8H", 0, "KH 7H")
    assert view["seat"] == 2 and set(view["legal_actions"]) == {"JH", "AH", "TH"}
    assert normal.choose(view, 0) == "JH"


def test_trumps_when_it_pays():
    """Partner's 10 of spades is not master (the A is out) and East still has to play: void in
    spades, it ruffs with its lowest trump to secure the 10 rather than discard."""
    hands = {0: "TS 8H AC TC KC QC 7D 8D", 1: "8S 7S", 2: "7H 9C 8C 9D TD JD QD KD"}
    view = play_view(hands, "8H", 0, "TS 8S")
    assert view["seat"] == 2 and "9C" in view["legal_actions"]  # free: partner is winning
    assert normal.choose(view, 0) == "7H"


def test_taker_draws_trumps_with_its_master_trump():
    """The taker on lead with the JH while the opponents may hold trumps: it leads the J."""
    view = play_view(DEAL_A, "7H", 0, "")
    assert view["seat"] == 0
    assert normal.choose(view, 0) == "JH"


def test_leads_its_master_card():
    """A defender on lead with the only ace it holds (no trumps): it cashes the master AS."""
    hands = {0: "AS 7D 8D 9C 8C 7C QD KD", 1: "7H JH 9H"}
    view = play_view(hands, "7H", 1, "")
    assert view["seat"] == 0 and view["taker"] == 1
    assert normal.choose(view, 0) == "AS"


def test_leads_towards_the_partners_strength():
    """Partner led and won clubs; with no master to cash, it leads a club rather than its singleton 7S."""
    hands = {
        0: "AC 7D KS QS 8S 9S TS JS",
        1: "8C 8D AH 7H JH 9H TH AS",
        2: "7C QC JC AD 7S 8H KH QH",
        3: "9C TC KC 9D TD JD QD KD",
    }
    view = play_view(hands, "7H", 1, "AC 8C 7C 9C 7D 8D AD 9D")
    assert view["seat"] == 2 and view["leader"] == 2
    assert normal.choose(view, 0)[1] == "C"


def test_discards_low_from_a_short_suit():
    """Void in spades with no trumps on an opponent's AS: it throws the singleton 7C, keeping diamonds."""
    hands = {0: "AS 7H AH TH KH QH JH 9H", 1: "7C 7D 8D 9D TD JD QD KD"}
    view = play_view(hands, "7H", 0, "AS")
    assert view["seat"] == 1
    assert normal.choose(view, 0) == "7C"


def test_plays_a_sure_master_when_second():
    """Second to play on an opponent's 10 of diamonds, holding the master AD: it wins with it."""
    hands = {0: "TD 7H AC TC KC QC JH 9H", 1: "AD 8D 8H 7C 8C 9C JC 7S"}
    view = play_view(hands, "7H", 0, "TD")
    assert view["seat"] == 1
    assert normal.choose(view, 0) == "AD"


# ---------------------------------------------------------------- bidding scenarios


def test_takes_with_jack_nine_and_a_side_ace():
    """J and 9 of the turned suit, the turned 7 and a side ace: a clear take."""
    assert normal.choose(bid_view("JH 9H AS 8C 7D", "7H"), 0) == "take"


def test_passes_a_weak_hand():
    """No trump honour and no ace: pass."""
    assert normal.choose(bid_view("7C 8D 9S QS KD", "7H"), 0) == "pass"


def test_the_turned_jack_makes_a_take():
    """The same 9-8 of hearts and AS take when the turned card is the J, and pass when it is the 7."""
    assert normal.choose(bid_view("9H 8H AS 7C 8D", "JH"), 0) == "take"
    assert normal.choose(bid_view("9H 8H AS 7C 8D", "7H"), 0) == "pass"


def test_round_two_names_the_best_other_suit():
    """In round 2, with J 9 A of spades, it names spades (never the turned suit)."""
    view = bid_view("JS 9S AS 7C 8D", "7H", passes=4)
    assert view["phase"] == "bid2"
    assert normal.choose(view, 0) == "take:S"


def test_round_two_passes_without_a_suit():
    """In round 2 with nothing anywhere: pass."""
    assert normal.choose(bid_view("7C 8D 9S QS KD", "7H", passes=4), 0) == "pass"


def test_position_the_dealer_takes_a_borderline_hand(monkeypatch):
    """A hand just under the bar: the dealer (last to speak, all passed) takes it; the dealer's
    partner, who speaks second with the same lead position, passes it."""
    hand, turned = "JH 9H 7C 8D 7S", "8H"
    views = {}
    for seat in (1, 3):
        g = Game(seed=1, decks=[build_deck({seat: hand.split()}, turned)])
        while g.to_act != seat:
            g.play("pass")
        views[seat] = g.view(seat)
    assert views[3]["dealer"] == 3
    mask = mask_of_codes(hand.split()) | 1 << CODE_TO_CARD[turned]
    value = normal.hand_value(mask, 2, False)  # neither seat's side leads the first trick
    monkeypatch.setattr(normal, "TAKE_THRESHOLD", value + 2)
    assert normal.choose(views[1], 0) == "pass"
    assert normal.choose(views[3], 0) == "take"


# ---------------------------------------------------------------- properties


def _levels():
    return [lvl for lvl in ai.LEVELS if lvl in ("easy", "normal", "hard")]


def _random_views(n_games, seed, per_game=None):
    """Views of the seat to act along random games (random legal plays mixed with Normal's)."""
    rng = random.Random(seed)
    for i in range(n_games):
        g = Game(seed=seed * 1000 + i, target=10**9)
        steps = 0
        while g.deal_number < 2 and (per_game is None or steps < per_game):
            view = g.view(g.to_act)
            yield view
            legal = view["legal_actions"]
            action = rng.choice(legal) if rng.random() < 0.5 else normal.choose(view, 0)
            if view["phase"] != "play" and rng.random() < 0.7:
                action = "pass"  # reach round 2 and throw-ins often
            g.play(action)
            steps += 1


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_every_level_plays_legal_actions_on_random_views(level):
    """Thousands of random views (bids, both rounds, every trick position): the answer is always legal."""
    n = 0
    for view in _random_views(80, 3):
        assert decide(view, level, n) in view["legal_actions"]
        n += 1
    assert n > 3000


def test_card_for_is_normals_card_on_random_views():
    """``normal.card_for`` (what Hard's rollouts, its response search and its policy inference
    call) gives the card Normal plays on the view, the only legal card included."""
    n = forced = 0
    for view in _random_views(20, 7):
        if view["phase"] != "play":
            continue
        t = normal.read_table(view)
        c = normal.card_for(t.seat, view["taker"], t.hand, t.legal, History.from_view(view))
        assert CARD_CODES[c] == normal.choose(view)
        n += 1
        forced += len(view["legal_actions"]) == 1
    assert n > 500 and forced > 20


def test_hard_plays_legal_actions_on_random_views():
    """Hard too, with a small deterministic budget, on a few hundred random views."""
    if "hard" not in ai.LEVELS:
        pytest.skip("hard is not registered yet")
    n = 0
    for view in _random_views(8, 5):
        assert decide(view, "hard", n) in view["legal_actions"]
        n += 1
    assert n > 250


def test_same_view_and_seed_give_the_same_action():
    """Each level answers a view and seed the same way every time (no hidden state, no clock)."""
    for view in _random_views(6, 9):
        for level in _levels():
            assert decide(view, level, 42) == decide(json.loads(json.dumps(view)), level, 42)


_HASHSEED_SCRIPT = """
import json, sys
sys.path.insert(0, {tests!r})
from test_ai_normal import _random_views, decide, _levels
out = [[decide(v, lvl, i) for lvl in _levels()] for i, v in enumerate(_random_views(4, 21))]
print(json.dumps(out))
"""


def test_actions_do_not_depend_on_the_hash_seed():
    """Two interpreters with different PYTHONHASHSEED (set/dict order of strings) give the same actions."""
    tests = os.path.dirname(os.path.abspath(__file__))
    outs = []
    for hs in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        res = subprocess.run(
            [sys.executable, "-c", _HASHSEED_SCRIPT.format(tests=tests)],
            env=env, capture_output=True, text=True, check=True, cwd=tests,
        )
        outs.append(json.loads(res.stdout))
    assert outs[0] == outs[1] and len(outs[0]) > 50


def _owners(dealer=3, taker=0):
    """Deck position -> seat, for a round-1 take by ``taker`` (docs/contracts.md deck order)."""
    first = [(dealer + 1 + i) % 4 for i in range(4)]
    owner = []
    for s in first:
        owner += [s] * 3
    for s in first:
        owner += [s] * 2
    owner.append(taker)
    for s in first:
        owner += [s] * (2 if s == taker else 3)
    return owner


def test_answer_ignores_the_hidden_hands():
    """Two games whose views of the deciding seat are equal but whose other hands differ: same answer."""
    rng = random.Random(17)
    owner = _owners()
    compared = 0
    for deck in random_decks(rng, 120):
        g1 = Game(seed=1, target=10**9, decks=[deck])
        g1.play("take")
        prefix = []
        for _ in range(rng.randrange(0, 28)):
            a = normal.choose(g1.view(g1.to_act), 0)
            prefix.append(a)
            g1.play(a)
        me = g1.to_act
        others = [p for p in range(21, 32) if owner[p] != me and deck[p] not in prefix]
        others += [p for p in range(20) if owner[p] != me and deck[p] not in prefix]
        i, j = rng.sample(others, 2)
        if owner[i] == owner[j]:
            continue
        deck2 = list(deck)
        deck2[i], deck2[j] = deck2[j], deck2[i]
        g2 = Game(seed=1, target=10**9, decks=[deck2])
        try:
            for a in ["take", *prefix]:
                g2.play(a)
        except IllegalAction:
            continue  # the swap made the prefix illegal: not a pair of equal views
        v1, v2 = g1.view(me), g2.view(me)
        if v1 != v2:
            continue  # e.g. the swap moved a K/Q of trump and changed the belote calls
        for level in _levels():
            assert decide(v1, level, 5) == decide(v2, level, 5)
        compared += 1
    assert compared > 40


def test_normal_decisions_are_fast():
    """Normal decides in well under a millisecond on average (CPython)."""
    import time

    views = list(_random_views(10, 31))
    t0 = time.perf_counter()
    for v in views:
        normal.choose(v, 0)
    per = (time.perf_counter() - t0) / len(views)
    assert per < 0.001
