"""The Hard AI: its deductions, its deal sampler, its search and its choices (RULES.md).

Hard may know only its own view: these tests build real games (scripted decks), read
``game.view(seat)`` and check what Hard deduces from it, that every sampled deal obeys
those deductions, that its answer never depends on the hidden hands, and that it finds
plays only look-ahead finds (the exact search itself: test_search.py).
"""

from __future__ import annotations

import copy
import itertools
import random

import pytest

from belote import Game, ai
from belote.ai import hard
from belote.ai.knowledge import LED_BELOW_ACE, NO_OVERTAKE_LAST, NO_OVERTAKE_MASTER, NO_SMEAR_TEN, PASSED_TURNED_J9
from belote.ai.knowledge import TAKER_NO_DRAW, TAKER_TOP_TRUMP, History, Knowledge
from belote.ai.sampling import assign, sample_bid_deal, sample_hands
from belote.ai.search import Solver
from belote.deal import deck_for
from belote.cards import CODE_TO_CARD, SUIT_MASKS, SUITS
from helpers import new_game, play_cards

FAST = {"samples": 4, "bid_samples": 4, "time_limit": None}


def c(code: str) -> int:
    return CODE_TO_CARD[code]


def mask(codes: str) -> int:
    m = 0
    for code in codes.split():
        m |= 1 << c(code)
    return m


def suit(letter: str) -> int:
    return SUITS.index(letter)


# Game A (trump hearts, seat 1 takes the turned 7H in round 1; seat 3 holds KH QH).
HANDS_A = {
    0: "AS TS KS AC TC KC QC JC",
    1: "JH 9H 7H AD TD KD QD JD",
    2: "QS JS 9S 8S 7S 9C 8C 7C",
    3: "AH TH KH QH 8H 9D 8D 7D",
}
# Game B (trump hearts, seat 1 takes the turned 7H; seat 2 holds only low trumps).
HANDS_B = {
    0: "AC KC QC JC AS KS QS JS",
    1: "AH 7H AD KD QD JD TD 9D",
    2: "QH 8H TS 9S 8S 7S 8D 7D",
    3: "JH 9H TH KH TC 9C 8C 7C",
}


def game_a() -> Game:
    return new_game(HANDS_A, "7H", taker=1)


def game_b() -> Game:
    return new_game(HANDS_B, "7H", taker=1)


# ------------------------------------------------------------------ knowledge


def test_failing_to_follow_means_void_in_that_suit():
    """Seat 1 ruffs a spade lead: it is out of spades (but not out of trumps)."""
    g = game_a()
    play_cards(g, "AS 7H")
    k = Knowledge.from_view(g.view(0))
    assert k.is_void(1, suit("S"))
    assert not k.is_void(1, suit("H"))
    assert not k.allowed[1] & SUIT_MASKS[suit("S")]


def test_failing_to_trump_when_obliged_means_void_in_trump():
    """Seat 2 discards a club on a diamond while the opponent wins: no diamonds, no trumps."""
    g = game_a()
    play_cards(g, "AS 7H 7S 9D")  # seat 1 wins trick 1 and leads
    play_cards(g, "AD 7C")
    k = Knowledge.from_view(g.view(3))
    assert k.is_void(2, suit("D"))
    assert k.is_void(2, suit("H"))
    assert not k.allowed[2] & SUIT_MASKS[suit("H")]


def test_discarding_on_a_winning_partner_says_nothing_about_trumps():
    """Seat 3 discards on its partner's winning trump: void in spades only."""
    g = game_a()
    play_cards(g, "AS 7H 7S 9D")
    k = Knowledge.from_view(g.view(0))
    assert k.is_void(3, suit("S"))
    assert not k.is_void(3, suit("H"))


def test_under_trumping_means_no_higher_trump():
    """Seat 1 ruffs with AH, seat 2 must under-trump with 8H: it holds neither JH nor 9H."""
    g = game_b()
    play_cards(g, "AC AH 8H")
    k = Knowledge.from_view(g.view(3))
    assert k.is_void(2, suit("C"))
    assert not k.is_void(2, suit("H"))
    for code in ("JH", "9H"):
        assert not k.may_hold(2, c(code)), code
    assert k.may_hold(2, c("QH"))


def test_not_going_higher_on_a_trump_lead_means_no_higher_trump():
    """On a trump lead, a seat that plays a lower trump than the best holds no higher one."""
    view = {
        "seat": 0, "phase": "play", "trump": "H", "taker": 1, "turned_card": "7H",
        "hand": ["AC", "KC", "QC", "JC", "AS", "KS", "QS"], "hand_sizes": [7, 7, 8, 8],
        "bids": [{"seat": 0, "action": "pass"}, {"seat": 1, "action": "take"}],
        "tricks": [], "trick": [{"seat": 0, "card": "JS"}, {"seat": 1, "card": "AH"}],
        "belote": [],
    }
    k = Knowledge.from_view(view)
    assert k.is_void(1, suit("S")) and not k.is_void(1, suit("H"))
    # Seat 1 ruffed a spade: no deduction on its trumps (nothing to over-trump).
    assert k.may_hold(1, c("JH"))
    view["trick"] = [{"seat": 1, "card": "TH"}, {"seat": 2, "card": "8H"}]
    view["hand_sizes"] = [8, 7, 7, 8]
    view["hand"] = ["AC", "KC", "QC", "JC", "AS", "KS", "QS", "JS"]
    k = Knowledge.from_view(view)
    assert not k.is_void(2, suit("H"))
    for code in ("JH", "9H", "AH"):
        assert not k.may_hold(2, c(code)), code
    assert k.may_hold(2, c("KH"))


def test_taker_holds_the_turned_card_and_belote_places_the_other_card():
    """The taker holds the turned card until played; a belote caller holds the other of K/Q."""
    g = game_a()
    k = Knowledge.from_view(g.view(0))
    assert k.holds(1, c("7H"))
    play_cards(g, "AS 7H 7S KH")  # seat 3 discards KH on its partner's winning trump: belote
    v = g.view(0)
    assert v["belote"] and v["belote"][0]["seat"] == 3
    k = Knowledge.from_view(v)
    assert not k.holds(1, c("7H"))  # played now
    assert k.holds(3, c("QH"))
    assert k.belote_seat == 3


def test_a_silent_king_of_trump_rules_out_the_queen():
    """A seat that plays the K of trump without calling belote does not hold the Q."""
    view = {
        "seat": 0, "phase": "play", "trump": "H", "taker": 1, "turned_card": "7H",
        "hand": ["AC", "KC", "QC", "JC", "AS", "KS", "QS"], "hand_sizes": [7, 7, 7, 7],
        "bids": [{"seat": 0, "action": "pass"}, {"seat": 1, "action": "take"}],
        "tricks": [{"leader": 1, "winner": 3, "points": 4, "cards": [
            {"seat": 1, "card": "7H"}, {"seat": 2, "card": "8H"},
            {"seat": 3, "card": "KH"}, {"seat": 0, "card": "7C"}]}],
        "trick": [], "belote": [],
    }
    k = Knowledge.from_view(view)
    assert not k.may_hold(3, c("QH"))
    assert k.may_hold(1, c("QH")) and k.may_hold(2, c("QH"))
    assert k.belote_impossible
    view["belote"] = [{"seat": 3, "call": "belote"}]
    k = Knowledge.from_view(view)
    assert k.holds(3, c("QH")) and k.belote_seat == 3


def test_bid_reading_lowers_the_turned_suits_jack_and_nine_for_passers():
    """Seat 0 passed the turned suit: its J and 9 of that suit weigh less for seat 1's sampler."""
    g = game_a()
    k = Knowledge.from_view(g.view(2))
    assert k.weights[0][c("JH")] == pytest.approx(PASSED_TURNED_J9)
    assert k.weights[0][c("AH")] == 1.0
    assert k.weights[1][c("AH")] > 1.0  # the taker is more likely to hold trumps


def play_view(tricks: list[str], trick: str = "") -> dict:
    """Seat 0's view, trump hearts, seat 1 took the turned 7H; ``tricks``: "leader: c c c c"
    (cards in play order), ``trick``: the current trick the same way."""
    def cards(spec: str) -> tuple[int, list[dict]]:
        leader, codes = spec.split(":")
        seat = int(leader)
        return seat, [{"seat": (seat + i) % 4, "card": code} for i, code in enumerate(codes.split())]
    done = []
    for spec in tricks:
        leader, played = cards(spec)
        done.append({"leader": leader, "winner": 0, "points": 0, "cards": played})
    current = cards(trick)[1] if trick else []
    sizes = [8 - len(tricks) - any(e["seat"] == s for e in current) for s in range(4)]
    hand = ["AC", "KC", "QC", "JC", "AS", "KS", "QS", "JS"][:sizes[0]]
    return {
        "seat": 0, "phase": "play", "trump": "H", "taker": 1, "turned_card": "7H",
        "hand": hand, "hand_sizes": sizes,
        "bids": [{"seat": 0, "action": "pass"}, {"seat": 1, "action": "take"}],
        "tricks": done, "trick": current, "belote": [],
    }


def test_no_overtake_last_a_seat_last_under_an_opponents_card_holds_nothing_above():
    """Seat 2's KD holds the trick; seat 1, last, follows 9D: it has neither TD nor AD."""
    k = Knowledge.from_view(play_view([], "2: KD 8D 7D 9D"))
    for code in ("TD", "AD"):
        assert k.weights[1][c(code)] == pytest.approx(NO_OVERTAKE_LAST), code
    assert k.weights[1][c("QD")] == 1.0  # below the king: no reading
    assert k.may_hold(1, c("AD"))  # soft: the sampler may still give it the ace


def test_no_overtake_master_a_seat_in_the_middle_that_follows_low_lacks_the_master():
    """Seat 3, second under seat 2's KD, follows 8D: less likely to hold AD; TD says nothing
    (a ten is often kept back in the middle)."""
    k = Knowledge.from_view(play_view([], "2: KD 8D"))
    assert k.weights[3][c("AD")] == pytest.approx(NO_OVERTAKE_MASTER)
    assert k.weights[3][c("TD")] == 1.0
    # Once AD has gone, TD is the master.
    k = Knowledge.from_view(play_view(["2: AD 9D 7D 8D"], "2: KD QD"))
    assert k.weights[3][c("TD")] == pytest.approx(NO_OVERTAKE_MASTER)


def test_no_smear_ten_last_on_a_partners_trick_it_gave_less_than_the_ten():
    """Seat 3's AD holds the trick; seat 1, last, gives its partner 9D: no TD."""
    k = Knowledge.from_view(play_view([], "2: 7D AD 8D 9D"))
    assert k.weights[1][c("TD")] == pytest.approx(NO_SMEAR_TEN)
    # Once AD has gone the ten is the master, worth keeping for a trick of its own: no reading.
    k = Knowledge.from_view(play_view(["2: AD 9D 7D 8D"], "2: 7D KD JD QD"))
    assert k.weights[1][c("TD")] == 1.0


def test_led_below_ace_a_plain_lead_under_the_ace_out_means_no_ace():
    """Seat 2 leads KD while AD is out: it is less likely to hold AD; leading AD says nothing."""
    k = Knowledge.from_view(play_view([], "2: KD"))
    assert k.weights[2][c("AD")] == pytest.approx(LED_BELOW_ACE)
    k = Knowledge.from_view(play_view([], "2: AD"))
    assert k.weights[2][c("AD")] == 1.0 and k.weights[2][c("TD")] == 1.0


def test_taker_no_draw_a_taker_leading_a_plain_suit_lacks_the_master_trump():
    """The taker (seat 1) leads a diamond with every trump out: its JH weighs less than a taker's."""
    k = Knowledge.from_view(play_view([], "1: AD"))
    assert k.weights[1][c("JH")] == pytest.approx(TAKER_TOP_TRUMP * TAKER_NO_DRAW)
    k = Knowledge.from_view(play_view([], "2: AD 7D"))  # a defender's plain lead: no such reading
    assert k.weights[2][c("JH")] == 1.0


def test_play_readings_are_soft_and_every_sample_stays_legal():
    """With every play reading active the sampler still draws only consistent deals."""
    v = play_view(["2: KD 8D 7D 9D"], "2: 7S")
    k = Knowledge.from_view(v)
    rng = random.Random(3)
    for _ in range(50):
        hands = sample_hands(k, rng)
        for s in range(4):
            assert hands[s] & k.known[s] == k.known[s]
            assert not hands[s] & ~(k.allowed[s] | k.known[s])


# ------------------------------------------------------------------- sampling


def random_views(n_games: int, seed: int):
    """(game, seat, view) at many random points of random games."""
    rng = random.Random(seed)
    out = []
    for gi in range(n_games):
        g = Game(seed=seed * 1000 + gi, target=10**9)
        while g.deal_number < 2:
            s = g.to_act
            if rng.random() < 0.3:
                out.append((g.copy(), s, g.view(s)))
            g.play(rng.choice(g.legal_actions()))
    return out


def true_hands(g: Game) -> list[int]:
    return [mask(" ".join(g.view(s)["hand"])) for s in range(4)]


def test_deductions_are_sound_on_random_games():
    """Every deduction holds for the real hidden hands: known cards held, others allowed."""
    for g, seat, v in random_views(30, 1):
        if v["phase"] != "play":
            continue
        k = Knowledge.from_view(v)
        hands = true_hands(g)
        for s in k.others():
            assert k.known[s] & hands[s] == k.known[s], (s, v)
            assert hands[s] & ~k.allowed[s] == 0, (s, v)


def test_samples_respect_every_constraint_over_many_seeds():
    """Sizes, own hand, known cards, voids and 'no higher trump' hold in every sample."""
    for _, seat, v in random_views(6, 2):
        k = Knowledge.from_view(v)
        for sd in range(20):
            rng = random.Random(sd)
            if v["phase"] == "play":
                hands = sample_hands(k, rng)
                assert hands[seat] == k.hand
                assert [h.bit_count() for h in hands] == v["hand_sizes"]
                union = 0
                for s in range(4):
                    assert union & hands[s] == 0
                    union |= hands[s]
                assert union == k.hidden | k.hand
                for s in k.others():
                    assert hands[s] & k.known[s] == k.known[s]
                    assert hands[s] & ~k.allowed[s] == 0
                    for st in range(4):
                        if k.is_void(s, st):
                            assert not hands[s] & SUIT_MASKS[st]
                    assert not hands[s] & k.no_trump_above[s]
            else:
                hands = sample_bid_deal(k, rng)
                assert [h.bit_count() for h in hands] == [8, 8, 8, 8]
                assert hands[seat] & k.hand == k.hand and hands[seat] >> k.turned & 1
                assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 32) - 1


def test_sampling_is_deterministic_for_a_seed():
    for _, _, v in random_views(3, 3)[:20]:
        k = Knowledge.from_view(v)
        draw = sample_hands if v["phase"] == "play" else sample_bid_deal
        assert draw(k, random.Random(7)) == draw(k, random.Random(7))


def test_assign_is_exact_on_a_tight_constraint_set():
    """Cards that only one seat may hold always go there; every seat gets its exact count."""
    cards = mask("7C 8C 9C 7D 8D 9D")
    allowed = [mask("7C 8C 9C 7D"), mask("7D 8D 9D 7C"), mask("7C 8C 9C 7D 8D 9D")]
    for sd in range(200):
        out = assign(cards, [2, 2, 2], allowed, [[1.0] * 32] * 3, random.Random(sd))
        assert [m.bit_count() for m in out] == [2, 2, 2]
        assert out[0] | out[1] | out[2] == cards
        for i in range(3):
            assert out[i] & ~allowed[i] == 0


def test_assign_follows_the_weights():
    """A card weighted 4:1 towards a seat lands there about four times in five."""
    cards = mask("AS 7C")
    weights = [[1.0] * 32, [1.0] * 32]
    weights[0][c("AS")] = 4.0
    hits = sum(
        assign(cards, [1, 1], [cards, cards], weights, random.Random(sd))[0] >> c("AS") & 1
        for sd in range(2000)
    )
    assert 0.74 < hits / 2000 < 0.86


# --------------------------------------------------------------------- choices


def test_hard_plays_legal_actions_through_many_random_views():
    """Every level-'hard' answer is one of the view's legal actions, and views are untouched."""
    rng = random.Random(5)
    checked = 0
    for gi in range(6):
        g = Game(seed=500 + gi, target=10**9)
        while g.deal_number < 3:
            v = g.view(g.to_act)
            before = copy.deepcopy(v)
            action = hard.choose(v, gi, **FAST)
            assert action in v["legal_actions"]
            assert v == before
            checked += 1
            g.play(action if rng.random() < 0.7 else rng.choice(g.legal_actions()))
    assert checked > 150


def test_hard_through_the_registry_is_legal_and_deterministic():
    g = Game(seed=77, target=10**9)
    for _ in range(25):
        v = g.view(g.to_act)
        a = ai.choose_action(v, "hard", 3)
        assert a in v["legal_actions"]
        assert a == ai.choose_action(copy.deepcopy(v), "hard", 3)
        g.play(a)
    assert "hard" in ai.LEVELS and ai.LEVELS.index("hard") > ai.LEVELS.index("normal")


def swapped_hands(hands: dict[int, str], a: int, b: int, cards_a: str, cards_b: str) -> dict[int, str]:
    """The hands with cards_a (of seat a) and cards_b (of seat b) exchanged."""
    out = {s: h.split() for s, h in hands.items()}
    for x, y in zip(cards_a.split(), cards_b.split()):
        out[a][out[a].index(x)] = y
        out[b][out[b].index(y)] = x
    return {s: " ".join(h) for s, h in out.items()}


@pytest.mark.parametrize("moves", ["", "AS 7H 7S 9D", "AS 7H 7S 9D AD 7C 7D"])
def test_same_view_different_hidden_hands_same_answer(moves):
    """Two games whose seat-0 views are equal but whose other hands differ: same answer."""
    other = swapped_hands(HANDS_A, 1, 3, "QD 9H", "8D TH")
    g1, g2 = game_a(), new_game(other, "7H", taker=1)
    play_cards(g1, moves)
    play_cards(g2, moves)
    while g1.to_act != 0:  # let the others play identically until seat 0 is to act
        a = g1.legal_actions()[0]
        g1.play(a)
        g2.play(a)
    v1, v2 = g1.view(0), g2.view(0)
    assert v1 == v2
    assert g1.view(1) != g2.view(1) and g1.view(3) != g2.view(3)
    for sd in range(3):
        assert hard.choose(v1, sd, samples=12, time_limit=None) == hard.choose(v2, sd, samples=12, time_limit=None)


def test_same_bidding_view_different_hidden_hands_same_bid():
    g1 = Game(seed=1, target=10**9)
    v1 = g1.view(0)
    # Any deck giving seat 0 the same five cards and the same turned card gives the same view.
    deck = list(deck_for(1, 0))  # the match's first deck: the test builds a twin deal
    deck[3:6], deck[6:9] = deck[6:9], deck[3:6]  # seats 1 and 2 swap their first three cards
    g2 = Game(seed=1, target=10**9, decks=[[hard.CARD_CODES[x] for x in deck]])
    v2 = g2.view(0)
    assert v1 == v2 and g1.view(1) != g2.view(1)
    assert hard.choose(v1, 5, bid_samples=16, time_limit=None) == hard.choose(v2, 5, bid_samples=16, time_limit=None)


def test_round_two_takes_a_hand_whose_simulated_score_is_just_below_zero():
    """Passing round 2 mostly throws the deal in: there Hard takes down to ``take_margin2`` (-20)."""
    g = Game(seed=16)
    for _ in range(4):
        g.play("pass")
    v = g.view(g.to_act)
    assert v["phase"] == "bid2" and v["hand"] == ["JS", "8D", "TC", "QC", "JC"]
    d = hard.decide(v, 7, time_limit=None)
    assert hard.TAKE_MARGIN2 < d.values["take:C"] < 0 and d.action == "take:C"
    # With round 1's margin (0) the same hand passes.
    assert hard.decide(v, 7, time_limit=None, take_margin2=hard.TAKE_MARGIN).action == "pass"


def all_consistent_deals(k: Knowledge):
    """Every deal of the hidden cards consistent with the knowledge (small endgames only)."""
    others = k.others()
    free = k.hidden & ~(k.known[0] | k.known[1] | k.known[2] | k.known[3])
    cards = [x for x in range(32) if free >> x & 1]
    need = [k.sizes[s] - k.known[s].bit_count() for s in others]
    for first in itertools.combinations(cards, need[0]):
        rest = [x for x in cards if x not in first]
        for second in itertools.combinations(rest, need[1]):
            third = [x for x in rest if x not in second]
            hands = [0, 0, 0, 0]
            hands[k.seat] = k.hand
            for s, part in zip(others, (first, second, third)):
                hands[s] = k.known[s] | sum(1 << x for x in part)
            if all(hands[s] & ~k.allowed[s] == 0 for s in others):
                yield hands


def strictly_dominant_card(v, k: Knowledge, deals) -> int | None:
    """The card that is strictly best in every consistent deal (exact play), if one is."""
    base = hard._base_state(v, k, [CODE_TO_CARD[e["card"]] for e in v["trick"]])
    winner = None
    for hands in deals:
        values = {}
        for code in v["legal_actions"]:
            card = CODE_TO_CARD[code]
            d = hard._play_out(base, hands, card, Solver(k.trump), 8)
            values[card] = hard.deal_value(d, k.taker & 1, hard._belote_team(k, hands), k.seat & 1, v["reserve"])
        top = max(values.values())
        best = [x for x, val in values.items() if val == top]
        if len(best) != 1 or (winner is not None and best[0] != winner):
            return None
        if sorted(values.values())[-2] == top:
            return None
        winner = best[0]
    return winner


def test_hard_never_misses_a_play_that_is_best_in_every_consistent_deal():
    """Endgames (2-3 tricks left) of random games: when one card is strictly best in every
    deal consistent with Hard's knowledge (enumerated exactly), Hard plays it."""
    rng = random.Random(11)
    found = 0
    for gi in range(100):
        g = Game(seed=900 + gi, target=10**9)
        while g.deal_number == 0:
            s = g.to_act
            v = g.view(s)
            if v["phase"] == "play" and len(v["tricks"]) >= 5 and len(v["legal_actions"]) > 1:
                k = Knowledge.from_view(v)
                card = strictly_dominant_card(v, k, list(all_consistent_deals(k)))
                if card is not None:
                    assert CODE_TO_CARD[hard.choose(v, gi, samples=6, time_limit=None)] == card
                    found += 1
            g.play(rng.choice(g.legal_actions()))
    assert found >= 8


def replay(seed: int, actions: str) -> Game:
    """A game of seed ``seed`` after the given actions (bids and cards, in order)."""
    g = Game(seed=seed, target=10**9)
    for a in actions.split():
        g.play(a)
    return g


def test_hard_ducks_to_keep_its_ace_for_the_last_trick():
    """Seat 2 is last on the 7th trick (9H led by seat 3) with AH 8H, and knows seat 3 keeps
    JH (everyone else is out of hearts). Winning with AH now (14 points) hands the last
    trick (JH + 10) to seat 3; ducking with 8H gives 3 points and takes the last trick
    with AH (29 points). Only look-ahead sees it; Normal wins the trick at once."""
    g = replay(5174, "pass take AS TS 8S JS 7S AC 9S TH JC KC 7C TC AD QD QH 8D 7D TD 8C KD "
                     "9C KH QC 7H 9H QS 9D")
    v = g.view(2)
    assert v["to_act"] == 2 and sorted(v["hand"]) == ["8H", "AH"]
    assert hard.choose(v, 1, time_limit=None) == "8H"
    assert ai.choose_action(v, "hard", 2) == "8H"


def test_hard_gives_the_ten_to_a_partner_it_knows_will_win():
    """Two tricks left, the taker (seat 3) leads QD, trump. Seat 0 has no trump (TH KH);
    the taker's last card is the turned KD and seat 1 showed out of diamonds, so seat 2
    holds JD and wins this trick for sure: Hard gives it the TH (Normal gives the KH)."""
    g = replay(5058, "pass pass pass take 7S 8S TS 9D 8D 7D 7H TD 7C 8C JC KC AC QC 9C 8H AH "
                     "QH JH 9H 9S AS AD KS QD")
    v = g.view(0)
    assert v["to_act"] == 0 and sorted(v["hand"]) == ["KH", "TH"]
    k = Knowledge.from_view(v)
    assert k.holds(3, c("KD")) and k.sizes[3] == 1 and not k.may_hold(1, c("JD"))
    assert hard.choose(v, 1, time_limit=None) == "TH"


def test_rollout_history_tracks_what_the_view_says():
    """The history a rollout extends card by card equals the one read from the view at each step."""
    rng = random.Random(21)
    for gi in range(4):
        g = Game(seed=300 + gi, target=10**9)
        while g.phase != "play":
            g.play(rng.choice(g.legal_actions()))
        v0 = g.view(g.to_act)
        pub = History.from_view(v0)
        ps = hard._base_state(v0, Knowledge.from_view(v0), [])
        ps.hands = true_hands(g)
        while g.deal_number == 0 and g.phase == "play":
            v = g.view(g.to_act)
            ref = History.from_view(v)
            for name in History.__slots__:
                assert getattr(pub, name) == getattr(ref, name), name
            code = rng.choice(v["legal_actions"])
            pub.note(ps.to_act, CODE_TO_CARD[code])
            ps.play(CODE_TO_CARD[code])
            g.play(code)


# ------------------------------------------------------------------ racing the rollouts


def test_racing_drops_a_card_only_when_it_is_clearly_behind_the_best():
    """The best card stays; a card as good, or behind by less than the noise, stays; a card
    behind in every deal goes, and so does one behind by many standard errors."""
    base = [10.0, -4.0, 22.0, 0.0, 7.0, -12.0, 3.0, 15.0]
    noise = [9.0, -9.0, 8.0, -8.0, 7.0, -7.0, 6.0, -6.0]
    seen = {
        0: [(1.0, v) for v in base],
        1: [(1.0, v) for v in base],  # the same values: a tie with the best
        2: [(1.0, v - 1.0 + n) for v, n in zip(base, noise)],  # 1 behind, noise of about 8
        3: [(1.0, v - 30.0) for v in base],  # 30 behind in every deal
        4: [(1.0, v - 20.0 + n) for v, n in zip(base, noise)],  # 20 behind, the same noise
    }
    assert hard._still_racing(seen, [0, 1, 2, 3, 4], 1.0) == [0, 1, 2]
    assert hard._still_racing(seen, [0, 1, 2, 3, 4], 8.0) == [0, 1, 2, 4]  # wide enough to keep 4
    # Weights count as that many deals: a deal picked three times weighs three.
    weighted = {0: [(3.0, 0.0), (1.0, 0.0)], 1: [(3.0, -1.0), (1.0, 3.0)]}  # mean 0 for card 1 too
    assert hard._still_racing(weighted, [0, 1], 1.0) == [0, 1]


def opening_lead_view() -> dict:
    """Game A's first lead, seat 2 to play a card of eight."""
    g = game_a()
    v = g.view(g.to_act)
    assert v["phase"] == "play" and len(v["legal_actions"]) == 8
    return v


def test_racing_values_fewer_rollouts_and_chooses_among_the_cards_left(monkeypatch):
    """With racing, the cards left behind are valued in fewer deals, the chosen card is the best
    of those that ran to the end, and every card left behind is valued below it."""
    v = opening_lead_view()
    calls: list[int] = []
    real = hard._play_out

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(hard, "_play_out", counted)
    full = hard.decide(v, 3, samples=24, race=0.0, time_limit=None)
    n_full = len(calls)
    calls.clear()
    raced = hard.decide(v, 3, samples=24, race=1.0, time_limit=None)
    assert len(calls) < n_full
    assert raced.values[raced.action] == max(raced.values.values())
    assert set(raced.values) == set(full.values)  # every card still gets a value
    assert raced.belief == full.belief  # the same deals: racing changes only which cards are played in them


def test_racing_in_the_exact_search_values_fewer_cards_and_chooses_among_the_cards_left(monkeypatch):
    """Once the exact search values the cards, racing asks it for fewer card values over a few
    decisions, and each choice is still the best value of the cards left, every card valued."""
    asked: list[int] = []
    real = hard.root_values

    def counted(ps, solver=None, cards=None):
        out = real(ps, solver, cards)
        asked.append(len(out))
        return out

    monkeypatch.setattr(hard, "root_values", counted)
    n_full = n_raced = views = 0
    for seed in range(40):
        g = Game(seed=700 + seed, target=10**9)
        while g.view(g.to_act)["phase"] != "play" or len(g.view(g.to_act)["tricks"]) < 4:
            g.play(ai.choose_action(g.view(g.to_act), "normal", 0))
        v = g.view(g.to_act)
        if g.deal_number or len(v["legal_actions"]) < 3:
            continue
        asked.clear()
        full = hard.decide(v, 5, exact_samples=32, race_exact=0.0, time_limit=None)
        n_full += sum(asked)
        asked.clear()
        raced = hard.decide(v, 5, exact_samples=32, race_exact=1.0, time_limit=None)
        n_raced += sum(asked)
        assert raced.values[raced.action] == max(raced.values.values())
        assert set(raced.values) == set(full.values) and raced.belief == full.belief
        views += 1
        if views == 6:
            break
    assert views == 6 and n_raced < n_full
