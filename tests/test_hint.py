"""Hints: Hard's action with a one-line reason, its translation key and args (ai/explain.py).

Reason scenarios call ``explain(view, action)`` with a given action so they do not depend on
which card Hard prefers; ``hint()`` itself is checked for shape, legality and agreement with
the level it names.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from belote import Game, ai
from belote.cards import CARD_CODES, CODE_TO_CARD, POINTS, SUITS
from belote.ai import explain
from belote.ai.levels import move_seed
from belote.review import deal_review
from belote.rules import beats, winning_index
from helpers import build_deck, new_game, play_cards

ROOT = Path(__file__).resolve().parent.parent

# Hearts trump, seat 0 took the turned 7H. West (seat 1) is void in diamonds and holds trumps.
VOID_DEAL = {
    0: "7D QD 9D 9S 7H JH 9H AC",
    1: "8H 7S KH QH 7C 8C 9C JC",
    2: "8D TD AS 8S KS QS KC TS",
    3: "TC JD KD AD AH TH JS QC",
}
# Hearts trump, seat 0 took the turned 7H; seats 1 and 3 are void in diamonds.
SMEAR_DEAL = {
    0: "AD KD QD JD 7H AH TH AC",
    1: "9H 8H 7C 8C 9C 7S 8S 9S",
    2: "7D 8D 9D TD KH QH QC JC",
    3: "JH TC KC TS JS QS KS AS",
}


def view_after(hands, prefix, taker=0, turned="7H"):
    g = new_game({s: h.split() for s, h in hands.items()}, turned, taker)
    play_cards(g, prefix)
    return g.view(g.to_act)


def bid_view(hand0, turned, passes=0):
    g = Game(seed=1, decks=[build_deck({0: hand0.split()}, turned)])
    for _ in range(passes):
        g.play("pass")
    return g.view(g.to_act)


def test_hint_master_card():
    """Leading an ace nobody can beat: "A♠ is master"."""
    view = view_after({0: "AS 7D 8D 9C 8C 7C QD KD", 1: "7H JH 9H"}, "", taker=1)
    r = explain.explain(view, "AS")
    assert r == {"reason": "A\u2660 is master", "reason_key": "hint.master", "reason_args": {"card": "AS"}}


def test_hint_draw_trumps():
    """The taker leading its master J of trump: draw the trumps."""
    view = view_after({0: "QS JH 9H 7H AC TC KC QC"}, "")
    r = explain.explain(view, "JH")
    assert r["reason_key"] == "hint.draw_trumps" and r["reason"] == "J\u2665 is master: draw the trumps"


def test_hint_give_points():
    """Partner's master ruff wins the trick: "partner is winning: give points"."""
    view = view_after(SMEAR_DEAL, "AD 9H 7D")
    assert explain.explain(view, "TC")["reason"] == "partner is winning: give points"


def test_hint_small_gifts_count_as_points():
    """A J or Q (2-3 points) thrown on a winning partner still reads as giving points."""
    view = view_after(SMEAR_DEAL, "AD 9H 7D")
    assert explain.explain(view, "JS")["reason_key"] == "hint.give_points"  # J = 2 points
    assert explain.explain(view, "QS")["reason_key"] == "hint.give_points"


def test_hint_win_cheaply():
    """Last to play and winning with the K while keeping the A: "win the trick cheaply"."""
    hands = {
        0: "QS JH 9H 7H AC TC KC QC",
        1: "7S TS 8H 7C 8C 9C JC 7D",
        2: "8S JS AH TH KH QH 8D 9D",
        3: "KS AS 9S AD TD KD QD JD",
    }
    view = view_after(hands, "QS 7S 8S")
    assert explain.explain(view, "KS")["reason_key"] == "hint.win_cheap"


def test_hint_ruff_names_the_opponent():
    """Ruffing an opponent's winning card names that opponent relative to the viewer."""
    hands = {0: "AC 8H TC KC QC 7D 8D 9D", 1: "JH 7H 7S 8S 9S TD JD QD"}
    view = view_after(hands, "AC", turned="8H")
    assert view["seat"] == 1
    r = explain.explain(view, "7H")
    # Seat 0 sits at seat 1's right: East.
    assert r["reason_key"] == "hint.ruff" and r["reason_args"] == {"seat": 0}  # the seat itself
    assert r["reason"] == "trump it: East is winning"  # the English names it relative to the viewer
    assert r["reason"] == "trump it: East is winning"


def test_hint_void_west():
    """West (seat 1) failed to follow diamonds and still may trump: "West is out of diamonds"."""
    view = view_after(VOID_DEAL, "7D 8H 8D JD 7S AS JS 9S TD AD")
    assert view["seat"] == 0
    r = explain.explain(view, "QD")
    assert r["reason_key"] == "hint.void"
    assert r["reason_args"] == {"seat": 1, "suit": "D"}  # engine codes: the page maps nothing
    assert r["reason"] == "West is out of diamonds"


def test_hint_discard():
    """Last to play, nothing beats the opponent's AS and nobody is left to point at: "lowest card"."""
    hands = {0: "7S 7H AC TC KC QC JH 9H", 1: "KS 8S 8H 7C 8C 9C JC 7D", 2: "AS", 3: "9S QS"}
    view = view_after(hands, "7S 8S AS")
    assert view["seat"] == 3
    r = explain.explain(view, "9S")
    assert r["reason"] == "lowest card: you cannot win this trick" and r["reason_key"] == "hint.discard"


def test_hint_only_card():
    """The last trick leaves one legal card: "your only legal card"."""
    g = new_game({s: h.split() for s, h in SMEAR_DEAL.items()}, "7H", 0)
    while g.view(0)["hand_sizes"][g.to_act] > 1:
        g.play(ai.choose_action(g.view(g.to_act), "normal", 0))
    view = g.view(g.to_act)
    assert explain.explain(view, view["legal_actions"][0])["reason_key"] == "hint.only_card"


def test_hint_bids():
    """Bids: "strong trumps: take", "weak hand: pass", round 2 names the suit."""
    assert explain.explain(bid_view("JH 9H AS 8C 7D", "7H"), "take")["reason"] == "strong trumps: take"
    assert explain.explain(bid_view("7C 8D 9S QS KD", "7H"), "pass")["reason"] == "weak hand: pass"
    r = explain.explain(bid_view("JS 9S AS 7C 8D", "7H", passes=4), "take:S")
    assert r["reason_key"] == "hint.take_suit" and r["reason_args"] == {"suit": "S"}


def test_hint_shows_hards_choice():
    """hint() gives exactly Hard's action for the view and seed."""
    assert explain.HINT_LEVEL == "hard" and "hard" in ai.LEVELS
    view = bid_view("JH 9H AS 8C 7D", "7H")
    h = ai.hint(view, 3)
    assert h["action"] == ai.choose_action(view, "hard", 3)


@pytest.mark.parametrize("seed", [1, 2])
def test_hint_on_a_whole_deal(seed):
    """Every decision of a deal gets a legal action and a filled-in reason with a known key."""
    g = Game(seed=seed, target=10**9)
    n = 0
    while all(r["result"] == "thrown_in" for r in g.view(0)["sheet"]) and g.deal_number < 4:
        view = g.view(g.to_act)
        h = ai.hint(view, n)
        assert set(h) == {"action", "reason", "reason_key", "reason_args"}
        assert h["action"] in view["legal_actions"]
        assert h["reason_key"] in explain.REASONS and h["reason"] and "{" not in h["reason"]
        args = h["reason_args"]
        assert set(args) <= {"card", "suit", "seat"}
        assert args.get("card", "AS") in CARD_CODES and args.get("suit", "C") in SUITS
        assert args.get("seat", (view["seat"] + 1) % 4) in {0, 1, 2, 3} - {view["seat"]}  # another seat
        g.play(h["action"])
        n += 1
    assert n >= 8


def test_reason_keys_documented_in_contracts():
    """docs/contracts.md "Hint reasons" lists exactly the keys and English texts of REASONS."""
    text = (ROOT / "docs" / "contracts.md").read_text(encoding="utf-8")
    section = text.split("## Hint reasons", 1)[1].split("\n## ", 1)[0]
    rows = dict(re.findall(r"^\| `(hint\.[a-z_]+)` \| (.+?) \|$", section, flags=re.M))
    assert rows == explain.REASONS


def _trick_winners(view: dict, codes: list[str]) -> list[str]:
    """The cards of ``codes`` that would win the trick on the table."""
    trump = SUITS.index(view["trump"])
    trick = [CODE_TO_CARD[e["card"]] for e in view["trick"]]
    best = trick[winning_index(trick, trump)]
    return [x for x in codes if beats(CODE_TO_CARD[x], best, trick[0] >> 3, trump)]


def _lower_twins(view: dict, card: str, points: dict[str, int]) -> list[str]:
    """The legal cards of ``card``'s suit worth as many points and lower in it (a 7 beside a 9)."""
    trump = SUITS.index(view["trump"])
    c = CODE_TO_CARD[card]
    return [x for x in view["legal_actions"]
            if x[-1] == card[-1] and points[x] == points[card] and beats(c, CODE_TO_CARD[x], c >> 3, trump)]


def test_what_a_follow_reason_states_holds_for_every_legal_card():
    """A reason states facts about the cards: "cheaply" was said when a cheaper card also won (J♠
    with 8♠ winning too), "lowest card" of a 10 with a K and two 0-point cards in hand, or of a 9
    with the 7 of its suit, "you cannot win" when 10♣ beat the K♣ on the table. Checked for every legal card of every decision of
    twelve matches' first deals: the fact each reason states is true."""
    seen = set()
    for seed in range(12):
        g = Game(seed=seed, target=1000)
        while g.to_act is not None and len(g.view(0)["sheet"]) < 2:
            view = g.view(g.to_act)
            if view["phase"] == "play" and view["trick"]:
                trump = SUITS.index(view["trump"])
                points = {x: POINTS[trump][CODE_TO_CARD[x]] for x in view["legal_actions"]}
                winners = _trick_winners(view, view["legal_actions"])
                for card in view["legal_actions"]:
                    key = explain.explain(view, card)["reason_key"]
                    seen.add(key)
                    if key == "hint.win_cheap":
                        assert card in winners and points[card] == min(points[x] for x in winners), (view, card)
                    elif key == "hint.win":
                        assert card in winners and points[card] > min(points[x] for x in winners), (view, card)
                    elif key == "hint.discard":
                        assert not winners and points[card] == min(points.values()), (view, card)
                        assert not _lower_twins(view, card, points), (view, card)
                    elif key == "hint.cannot_win":
                        assert not winners, (view, card)
                        assert points[card] > min(points.values()) or _lower_twins(view, card, points), (view, card)
                    elif key == "hint.duck":
                        assert winners and card not in winners, (view, card)
            g.play(ai.choose_action(view, "normal", g.move_number))
    assert {"hint.win_cheap", "hint.win", "hint.discard", "hint.cannot_win", "hint.duck"} <= seen


def test_what_a_reason_claims_about_the_other_seats_and_the_bid_holds():
    """A review (2026-12-05) found reasons that were false as the seat knew the position:
    "do not overtake" when no legal card could, "make sure your side wins" when every legal card
    had to go higher (a trump lead), a void said to matter when nobody had a trump left, "draw
    the trumps" when only the partner held any, "strong trumps" for a take holding one trump and
    "weak hand" for a pass holding the J and 9 of the turned suit. Every legal action of every
    decision of twelve matches' first deals, checked against what the seat knows."""
    from belote.ai import normal
    from belote.cards import SUIT_MASKS

    seen = set()
    for seed in range(12):
        g = Game(seed=seed, target=1000)
        while g.to_act is not None and len(g.view(0)["sheet"]) < 2:
            view = g.view(g.to_act)
            me = view["seat"]
            for action in view["legal_actions"]:
                r = explain.explain(view, action)
                key = r["reason_key"]
                seen.add(key)
                if view["phase"] != "play":
                    normal_bid = normal.bid(view)
                    if key == "hint.pass":
                        assert normal_bid == "pass", (view, action)
                    elif key == "hint.pass_risk":
                        assert normal_bid != "pass", (view, action)
                    elif key in ("hint.take", "hint.take_suit"):  # Normal would take this suit too
                        turned = CODE_TO_CARD[view["turned_card"]]
                        hand = sum(1 << CODE_TO_CARD[c] for c in view["hand"]) | 1 << turned
                        suit = turned >> 3 if action == "take" else SUITS.index(action[5:])
                        first_lead = (me - view["dealer"]) & 1 == 1
                        value = (normal.round1_value(hand & ~(1 << turned), turned, me, view["dealer"]) if action == "take"
                                 else normal.hand_value(hand, suit, first_lead))
                        if action == "take":
                            assert value >= normal.TAKE_THRESHOLD, (view, action)
                        else:  # round 2: Normal names a suit only above its threshold
                            assert value > normal.ROUND2_THRESHOLD, (view, action)
                    continue
                t = normal.read_table(view)
                trumps_out = lambda seat: bool(t.unseen & SUIT_MASKS[t.trump]) and not t.voids[seat] >> t.trump & 1  # noqa: E731
                if key in ("hint.void", "hint.avoid"):
                    assert trumps_out(r["reason_args"]["seat"]), (view, action)
                    if key == "hint.avoid":  # a lead keeping off the suit it names
                        assert not view["trick"] and r["reason_args"]["suit"] != action[1], (view, action)
                elif key == "hint.lead_safe":
                    assert POINTS[SUITS.index(view["trump"])][CODE_TO_CARD[action]] < 10, (view, action)
                elif key == "hint.partner_void":
                    assert trumps_out((me + 2) & 3), (view, action)
                elif key == "hint.draw_trumps":
                    assert trumps_out((me + 1) & 3) or trumps_out((me + 3) & 3), (view, action)
                elif key in ("hint.partner_master", "hint.partner_wins", "hint.secure", "hint.must_overtake", "hint.only_higher"):
                    winners = _trick_winners(view, view["legal_actions"])
                    if key == "hint.partner_master":
                        assert winners, (view, action)
                    elif key == "hint.partner_wins":
                        assert not winners, (view, action)
                    elif key == "hint.secure":
                        assert set(winners) != set(view["legal_actions"]), (view, action)
                    else:
                        assert set(winners) == set(view["legal_actions"]), (view, action)
                        led_trump = view["trick"][0]["card"][1] == view["trump"]
                        assert led_trump == (key == "hint.must_overtake"), (view, action)
            g.play(ai.choose_action(view, "easy" if g.move_number % 3 else "normal", g.move_number))
    assert {"hint.pass", "hint.pass_risk", "hint.take", "hint.take_bold", "hint.avoid", "hint.lead_card", "hint.partner_master",
            "hint.partner_wins", "hint.secure", "hint.must_overtake", "hint.draw_trumps"} <= seen, seen


def test_the_reviews_reasons_are_said_of_the_computer_seat_not_to_the_person():
    """The review gives a computer seat's reason to the person: "trump it: You is winning" read
    the hint's line, said to a seat, as if to the person. Its keys are the review's own (why.*),
    in English without a "you" or "your"; each hint reason has one."""
    assert set(explain.WHY) == {explain.review_key(k) for k in explain.REASONS}
    for key, text in explain.WHY.items():
        assert not re.search(r"\b(you|your)\b", text, re.I), (key, text)
    g = Game(seed=1, target=1000)
    levels = ("normal", "easy", "hard")
    while len(g.view(0)["sheet"]) < 2:
        s = g.to_act
        g.play(ai.choose_action(g.view(s), "easy" if s == 0 else levels[s - 1], move_seed(100, g.move_number)))
    deal = next(i for i, r in enumerate(g.view(0)["sheet"]) if r["result"] != "thrown_in")
    review = deal_review(g.to_dict(), deal, (1, 2, 3), levels=levels, ai_seed=100)
    keys = {d["why"]["key"] for d in review["decisions"] if d["why"]}
    assert keys and keys <= set(explain.WHY), keys
