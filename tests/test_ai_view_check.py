"""``ai.choose_action`` is a checked public edge (ai/view_check.py): a malformed view or seed raises
ValueError naming the bad field, never a KeyError/IndexError/TypeError from inside a level; the
default level is Hard (DESIGN.md); every view a Game hands out passes the check.
"""

from __future__ import annotations

import copy
import inspect
import random
import re
import types
from typing import Any

import pytest

from belote import Game, ai
from belote.ai.view_check import check_view
from belote.errors import shown

DELETE = object()  # a path's value meaning "remove the key"


def bid_view() -> dict[str, Any]:
    """The first seat to speak, round 1 of the first deal."""
    g = Game(seed=1)
    return g.view(g.to_act)


def play_view() -> dict[str, Any]:
    """A seat to act in the play with at least one finished trick and a card on the table."""
    g = Game(seed=3, target=10**9)
    while True:
        v = g.view(g.to_act)
        if v["phase"] == "play" and v["tricks"] and v["trick"]:
            return v
        g.play(ai.choose_action(v, "easy", 0))


BID, PLAY = bid_view(), play_view()


def broken(view: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """A deep copy of ``view`` with the field at ``path`` (keys and indices) set to ``value``."""
    out = copy.deepcopy(view)
    node = out
    for step in path[:-1]:
        node = node[step]
    if value is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return out


def plays(n: int) -> list[dict[str, Any]]:
    """``n`` well-formed plays, for a trick or a finished trick's cards."""
    return [{"seat": s, "card": c} for s, c in zip(range(4), ["7C", "8C", "9C", "TC"])][:n]


# (which view, path, bad value, the field the message must name)
BAD_FIELDS = [
    (BID, ("legal_actions",), "pass", "legal_actions"),  # a str: `in` would test substrings
    (BID, ("legal_actions",), ("pass", "take", "x"), "legal_actions[2]"),
    (BID, ("legal_actions",), {"pass": 1}, "legal_actions"),
    (BID, ("legal_actions",), ["pass", 1], "legal_actions[1]"),
    (BID, ("legal_actions",), ["pass", None], "legal_actions[1]"),
    (BID, ("legal_actions",), ["pass", ["take"]], "legal_actions[1]"),
    (BID, ("legal_actions",), ["pass", "jump"], "legal_actions[1]"),
    (BID, ("legal_actions",), ["pas"], "legal_actions[0]"),
    (BID, ("legal_actions",), ["pass", "JH"], "legal_actions[1]"),  # a card while bidding
    (PLAY, ("legal_actions",), ["pass"], "legal_actions[0]"),  # a bid in the play
    (PLAY, ("legal_actions",), ["JH", "jh"], "legal_actions[1]"),
    (PLAY, ("legal_actions",), ["7C"] * 9, "legal_actions"),
    (BID, ("phase",), "bidding", "phase"),
    (BID, ("phase",), None, "phase"),
    (BID, ("phase",), ["bid1"], "phase"),
    (BID, ("hand",), "JH", "hand"),
    (BID, ("hand",), None, "hand"),
    (BID, ("hand",), ["JH", "XX"], "hand[1]"),
    (BID, ("hand",), ["jh"], "hand[0]"),
    (BID, ("hand",), [["JH"]], "hand[0]"),
    (BID, ("hand",), ["7C"] * 9, "hand"),
    (BID, ("turned_card",), "XX", "turned_card"),
    (BID, ("turned_card",), None, "turned_card"),
    (BID, ("turned_card",), ["JH"], "turned_card"),
    (BID, ("trump",), "X", "trump"),
    (BID, ("trump",), "", "trump"),
    (BID, ("trump",), "HS", "trump"),
    (BID, ("trump",), "h", "trump"),
    (BID, ("trump",), 3, "trump"),
    (PLAY, ("trump",), None, "trump"),  # the play needs the contract
    (BID, ("seat",), 4, "seat"),
    (BID, ("seat",), -1, "seat"),
    (BID, ("seat",), True, "seat"),
    (BID, ("seat",), "0", "seat"),
    (BID, ("seat",), 0.0, "seat"),
    (BID, ("seat",), None, "seat"),
    (BID, ("dealer",), 4, "dealer"),
    (BID, ("dealer",), None, "dealer"),
    (BID, ("taker",), 5, "taker"),
    (BID, ("taker",), "1", "taker"),
    (PLAY, ("taker",), None, "taker"),
    (BID, ("leader",), 4, "leader"),
    (PLAY, ("leader",), None, "leader"),
    (BID, ("deal_number",), "1", "deal_number"),
    (BID, ("deal_number",), 1.0, "deal_number"),
    (BID, ("deal_number",), None, "deal_number"),
    (BID, ("deal_number",), True, "deal_number"),
    (BID, ("deal_number",), -1, "deal_number"),
    (BID, ("deal_number",), 2**53, "deal_number"),
    (BID, ("reserve",), -1, "reserve"),
    (BID, ("reserve",), "0", "reserve"),
    (BID, ("hand_sizes",), [5, 5, 5], "hand_sizes"),
    (BID, ("hand_sizes",), [5, 5, 5, 9], "hand_sizes[3]"),
    (BID, ("trick_points",), [0], "trick_points"),
    (BID, ("trick_points",), [0, "0"], "trick_points[1]"),
    (BID, ("bids",), "pass", "bids"),
    (BID, ("bids",), [["0", "pass"]], "bids[0]"),
    (BID, ("bids",), [{"seat": 7, "action": "pass"}], "bids[0].seat"),
    (BID, ("bids",), [{"seat": 0, "action": "bid"}], "bids[0].action"),
    (BID, ("bids",), [{"seat": 0, "action": "pass"}] * 9, "bids"),
    (BID, ("belote",), "belote", "belote"),
    (BID, ("belote",), [{"seat": 4, "call": "belote"}], "belote[0].seat"),
    (PLAY, ("trick",), [{"seat": 9, "card": "JH"}], "trick[0].seat"),
    (PLAY, ("trick",), [{"seat": 0, "card": 5}], "trick[0].card"),
    (PLAY, ("trick",), [["JH"]], "trick[0]"),
    (PLAY, ("trick",), plays(4), "trick"),
    (PLAY, ("trick",), "JH", "trick"),
    (PLAY, ("tricks",), [{"cards": plays(3), "winner": 0}], "tricks[0].cards"),
    (PLAY, ("tricks",), [{"cards": plays(4), "winner": 7}], "tricks[0].winner"),
    (PLAY, ("tricks",), [{"cards": plays(4), "winner": None}], "tricks[0].winner"),
    (PLAY, ("tricks",), [{"cards": plays(4), "winner": 0}] * 9, "tricks"),
    (PLAY, ("tricks", 0, "cards", 2, "card"), "ZZ", "tricks[0].cards[2].card"),
    (PLAY, ("tricks", 0, "cards", 1, "seat"), "1", "tricks[0].cards[1].seat"),
    (PLAY, ("tricks", 0, "cards", 3), ("0", "JH"), "tricks[0].cards[3]"),
    (PLAY, ("tricks", 0, "cards", 1), {"card": "8C"}, "tricks[0].cards[1]"),  # missing seat
]


@pytest.mark.parametrize("view, path, value, field", BAD_FIELDS)
def test_a_bad_field_raises_value_error_naming_it(view, path, value, field):
    """Each malformed field: ValueError whose message names the field's path (never a level's KeyError...)."""
    with pytest.raises(ValueError, match=re.escape(f"bad view: {field}: ")):
        ai.choose_action(broken(view, path, value), "easy")


@pytest.mark.parametrize("field, entry, key", [
    ("bids", {"seat": 0, "action": "pass"}, "action"),
    ("belote", {"seat": 0, "call": "belote"}, "seat"),
    ("trick", {"seat": 0, "card": "7C"}, "card"),
    ("tricks", {"cards": plays(4), "winner": 0}, "cards"),
    ("tricks", {"cards": plays(4), "winner": 0}, "winner"),
])
def test_an_entry_missing_a_key_is_named(field, entry, key):
    """An entry without a key a level reads: the entry's path and the missing key."""
    del entry[key]
    with pytest.raises(ValueError, match=re.escape(f"bad view: {field}[0]: missing {key}")):
        ai.choose_action(broken(PLAY, (field,), [entry]), "easy")


@pytest.mark.parametrize("key", ["seat", "phase", "hand", "deal_number", "trick_points", "belote", "legal_actions"])
def test_a_missing_key_is_named(key):
    """A view without a key some level reads: ValueError naming it."""
    with pytest.raises(ValueError, match=rf"bad view: missing .*\b{key}\b"):
        ai.choose_action(broken(PLAY, (key,), DELETE), "normal")


def test_a_view_of_legal_actions_alone_is_refused():
    """The example of the issue: a view holding nothing but legal actions."""
    with pytest.raises(ValueError, match="bad view: missing seat, phase, deal_number"):
        ai.choose_action({"legal_actions": ["pass", "take"]})


@pytest.mark.parametrize("view", [None, [], "view", 3, [("seat", 0)]])
def test_a_view_that_is_no_mapping_is_refused(view):
    with pytest.raises(ValueError, match="bad view: a mapping"):
        ai.choose_action(view, "easy")


def test_no_legal_actions_is_refused():
    """A seat not to act has no legal actions: nothing to choose from."""
    with pytest.raises(ValueError, match="bad view: legal_actions is empty"):
        ai.choose_action(broken(BID, ("legal_actions",), []), "easy")


def test_legal_actions_once_the_match_is_over_are_refused():
    v = broken(PLAY, ("phase",), "over")
    with pytest.raises(ValueError, match=re.escape("bad view: legal_actions: none once the match is over")):
        ai.choose_action(v, "easy")


@pytest.mark.parametrize("seed", ["1", True, False, 1.5, [1], 2**64, -(2**64), 10**5000], ids=shown)
def test_a_bad_seed_is_refused(seed):
    """A seed is None or an int (a bool is not one; past 64 bits Hard could not even print it)."""
    with pytest.raises(ValueError, match="bad seed"):
        ai.choose_action(BID, "easy", seed)


@pytest.mark.parametrize("seed", [None, 0, -1, 2**64 - 1, -(2**64 - 1)])
def test_good_seeds_pass(seed):
    assert ai.choose_action(BID, "normal", seed) in BID["legal_actions"]


def deep_list(depth: int) -> list[Any]:
    """A list nested ``depth`` deep."""
    out: list[Any] = []
    for _ in range(depth):
        out = [out]
    return out


@pytest.mark.parametrize("view, path, value, field", [
    (BID, ("seat",), 10**5000, "seat"),  # no repr at all in CPython (over 4,300 digits)
    (BID, ("deal_number",), 10**5000, "deal_number"),
    (BID, ("hand",), deep_list(1000), "hand[0]"),
    (BID, ("legal_actions",), deep_list(1000), "legal_actions[0]"),
    (PLAY, ("trick",), [{"seat": 0, "card": deep_list(1000)}], "trick[0].card"),
    (BID, ("turned_card",), "X" * 100_000, "turned_card"),
], ids=lambda v: None if isinstance(v, dict) else shown(v))
def test_huge_or_deep_junk_gives_a_short_clean_message(view, path, value, field):
    """The bad value is shown bounded (errors.shown): the message stays short, and never fails."""
    with pytest.raises(ValueError, match=re.escape(f"bad view: {field}: ")) as info:
        ai.choose_action(broken(view, path, value), "easy")
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("level", [10**5000, deep_list(1000), "x" * 100_000], ids=["huge-int", "deep-list", "long-str"])
def test_an_unknown_level_is_shown_bounded(level):
    with pytest.raises(ValueError, match="unknown AI level") as info:
        ai.choose_action(BID, level)
    assert len(str(info.value)) < 300


def test_the_default_level_is_hard():
    """DESIGN.md: choose_action(view, level="hard", seed=None)."""
    assert inspect.signature(ai.choose_action).parameters["level"].default == "hard"
    for view in (BID, PLAY):
        assert ai.choose_action(view, seed=5) == ai.choose_action(view, "hard", 5)
        assert ai.choose_action(view) == ai.choose_action(view, "hard", None)


def test_hint_refuses_a_malformed_view_too():
    """ai.hint asks choose_action first, so it gets the same check."""
    with pytest.raises(ValueError, match="bad view: missing"):
        ai.hint({"legal_actions": ["pass", "take"]})
    with pytest.raises(ValueError, match=re.escape("bad view: trump: ")):
        ai.hint(broken(PLAY, ("trump",), None))
    with pytest.raises(ValueError, match="bad seed"):
        ai.hint(BID, seed=True)


def test_any_mapping_passes():
    """A view is a Mapping, not necessarily a dict (nor its entries)."""
    v = copy.deepcopy(PLAY)
    v["trick"] = [types.MappingProxyType(e) for e in v["trick"]]
    v["tricks"] = [types.MappingProxyType({**t, "cards": tuple(t["cards"])}) for t in v["tricks"]]
    view = types.MappingProxyType(v)
    check_view(view)
    assert ai.choose_action(view, "normal", 1) == ai.choose_action(PLAY, "normal", 1)


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_every_view_of_random_games_passes(seed):
    """Whole matches of random legal play: every seat's view at every decision (and once the
    match is over) passes the check, and the seat to act gets a legal action from each level."""
    rng = random.Random(seed)
    g = Game(seed=seed, target=400)
    decisions = 0
    while g.to_act is not None:
        for s in range(4):
            check_view(g.view(s))
        view = g.view(g.to_act)
        assert ai.choose_action(view, "easy", decisions) in view["legal_actions"]
        if decisions % 8 == 0:
            assert ai.choose_action(view, "normal", decisions) in view["legal_actions"]
        g.play(rng.choice(g.legal_actions()))
        decisions += 1
    for s in range(4):
        check_view(g.view(s))
    assert g.phase == "over" and decisions > 64


def test_a_legal_card_outside_the_hand_is_refused():
    other = next(c for c in ("7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "7D") if c not in PLAY["hand"])
    with pytest.raises(ValueError, match=r"bad view: legal_actions: cards of the hand expected"):
        ai.choose_action(broken(PLAY, ("legal_actions",), [other]), "hard", 1)


def test_a_hand_of_another_size_than_the_view_says_is_refused():
    sizes = PLAY["hand_sizes"][:]
    sizes[PLAY["seat"]] -= 1
    with pytest.raises(ValueError, match=r"bad view: hand_sizes\[\d\] is \d, but hand holds \d cards"):
        ai.choose_action(broken(PLAY, ("hand_sizes",), sizes), "hard", 1)


def test_a_hand_with_a_card_twice_is_refused():
    hand = PLAY["hand"][:]
    hand[-1] = hand[0]
    with pytest.raises(ValueError, match=r"bad view: hand: distinct card codes expected"):
        ai.choose_action(broken(PLAY, ("hand",), hand), "normal", 1)


def test_bids_without_pass_are_refused():
    with pytest.raises(ValueError, match=r"bad view: legal_actions: bids that include 'pass' expected"):
        ai.choose_action(broken(BID, ("legal_actions",), ["take"]), "easy", 1)


def test_round_2_bids_that_name_the_turned_suit_are_refused():
    g = Game(seed=1)
    while g.view(g.to_act)["phase"] != "bid2":
        g.play("pass")
    v = g.view(g.to_act)
    other = next(c for c in ("7C", "7D", "7H", "7S") if c[1] != v["turned_card"][1] and f"take:{c[1]}" in v["legal_actions"])
    with pytest.raises(ValueError, match=r"bad view: legal_actions: bids of bid2 with the turned card"):
        ai.choose_action(broken(v, ("turned_card",), other), "normal", 1)


# ---------------------------------------------- the turn, the legal actions and the hand sizes
# (review r21c: views of this shape passed the check, then crashed Hard with a KeyError, an
# AssertionError or an IndexError)


def late_play_view() -> dict[str, Any]:
    """A real view of the seat to act, 4 tricks or fewer left, that may not play its whole hand."""
    for seed in range(200):
        rng = random.Random(seed)
        g = Game(seed=seed)
        while g.to_act is not None:
            v = g.view(g.to_act)
            if (v["phase"] == "play" and 8 - len(v["tricks"]) <= 4 and len(v["legal_actions"]) >= 2
                    and set(v["legal_actions"]) != set(v["hand"])):
                return v
            g.play("take" if g.phase == "bid1" else rng.choice(g.legal_actions()))
    raise AssertionError("no view found")


LATE = late_play_view()


def test_legal_actions_wider_than_the_rules_allow_are_refused():
    """The whole hand offered where the rules forbid some of it: Hard's exact search had no value
    for the forbidden cards (KeyError)."""
    v = broken(LATE, ("legal_actions",), list(LATE["hand"]))
    with pytest.raises(ValueError, match=r"bad view: legal_actions: the cards the rules allow \(.+\) expected"):
        ai.choose_action(v, "hard", 1)


def test_legal_actions_narrower_than_the_rules_allow_are_refused():
    """Legal cards missing one the rules allow: not what the engine offers either."""
    v = broken(LATE, ("legal_actions",), LATE["legal_actions"][1:])
    with pytest.raises(ValueError, match=re.escape("bad view: legal_actions: the cards the rules allow")):
        ai.choose_action(v, "easy", 1)


def test_legal_actions_are_compared_as_a_set():
    """Order and repeats do not matter: the engine's legal cards in any order pass."""
    v = broken(LATE, ("legal_actions",), LATE["legal_actions"][::-1] + LATE["legal_actions"][:1])
    check_view(v)


def test_a_view_of_a_seat_not_to_act_in_the_play_is_refused():
    """leader + cards on the table name another seat than the view's: AssertionError in Hard."""
    assert (LATE["leader"] + len(LATE["trick"])) % 4 == LATE["seat"]
    v = broken(LATE, ("leader",), (LATE["leader"] + 1) % 4)
    v["trick"] = [{**e, "seat": (e["seat"] + 1) % 4} for e in v["trick"]]  # the trick still in turn
    with pytest.raises(ValueError, match=r"bad view: seat \d has legal actions, but seat \d plays next"):
        ai.choose_action(v, "hard", 1)


def test_trick_cards_out_of_turn_are_refused():
    v = broken(PLAY, ("trick", 0, "seat"), (PLAY["leader"] + 1) % 4)
    with pytest.raises(ValueError, match=re.escape(f"bad view: trick[0].seat: seat {PLAY['leader']} ")):
        ai.choose_action(v, "easy", 1)


def test_hand_sizes_that_do_not_fit_the_play_are_refused():
    """Sizes that add up to the hidden cards but not to the play (seat 3 played to the trick yet
    holds 5 fewer than seat 1, which did too): IndexError inside Hard's solver."""
    v = {"seat": 0, "phase": "play", "deal_number": 0, "dealer": 3, "to_act": 0,
         "hand": ["9C", "QC", "TD", "KD", "KS", "QS", "9S"], "hand_sizes": [7, 8, 7, 3],
         "turned_card": "8C", "bids": [{"seat": 0, "action": "pass"}, {"seat": 1, "action": "take"}],
         "trump": "C", "taker": 1, "leader": 1,
         "trick": [{"seat": 1, "card": "7C"}, {"seat": 2, "card": "AC"}, {"seat": 3, "card": "JC"}],
         "tricks": [{"leader": 0, "cards": [{"seat": 0, "card": "QH"}, {"seat": 1, "card": "TH"},
                                            {"seat": 2, "card": "KH"}, {"seat": 3, "card": "JH"}],
                     "winner": 1, "points": 19}],
         "trick_points": [0, 19], "belote": [], "reserve": 0, "legal_actions": ["9C", "QC"]}
    with pytest.raises(ValueError, match=re.escape("bad view: hand_sizes[1] is 8, but 1 finished tricks "
                                                   "and the trick in progress leave it 6")):
        ai.choose_action(v, "hard", 2)  # seed 2 drew the deal that tripped the solver
    check_view({**v, "hand_sizes": [7, 6, 6, 6]})  # the sizes the play leaves


def test_hand_sizes_of_a_seat_not_to_act_must_fit_too():
    sizes = PLAY["hand_sizes"][:]
    other = (PLAY["seat"] + 1) % 4
    sizes[other] += 1
    with pytest.raises(ValueError, match=re.escape(f"bad view: hand_sizes[{other}] is {sizes[other]}")):
        check_view(broken(PLAY, ("hand_sizes",), sizes))


def round2_view() -> dict[str, Any]:
    """The seat to bid, round 2, after the first two passes of the round."""
    g = Game(seed=1)
    for _ in range(6):
        g.play("pass")
    return g.view(g.to_act)


BID2 = round2_view()


@pytest.mark.parametrize("view", [BID, BID2], ids=["bid1", "bid2"])
def test_a_view_of_a_seat_not_to_bid_is_refused(view):
    v = broken(view, ("seat",), (view["seat"] + 1) % 4)
    with pytest.raises(ValueError, match=rf"bad view: seat \d has legal actions, but seat {view['seat']} bids next"):
        ai.choose_action(v, "hard", 1)


@pytest.mark.parametrize("view, bids, field", [
    (BID, [{"seat": 0, "action": "take"}], "bids[0]"),  # a take ends the bidding
    (BID2, lambda b: b[:3], "bids"),  # round 2 comes after four passes
    (BID, BID2["bids"], "bids"),  # six bids are not round 1
    (BID2, lambda b: [b[1], b[0], *b[2:]], "bids[0]"),  # out of turn
], ids=["take", "bid2-short", "bid1-long", "out-of-turn"])
def test_bids_that_do_not_fit_the_round_are_refused(view, bids, field):
    v = broken(view, ("bids",), bids(view["bids"]) if callable(bids) else bids)
    v["legal_actions"] = []  # a seat not to act: the bids are checked all the same
    with pytest.raises(ValueError, match=re.escape(f"bad view: {field}: ")):
        check_view(v)


@pytest.mark.parametrize("view", [BID, BID2], ids=["bid1", "bid2"])
def test_bids_short_of_the_round_are_refused(view):
    v = broken(view, ("legal_actions",), view["legal_actions"][:-1])
    with pytest.raises(ValueError, match=re.escape(f"bad view: legal_actions: the bids of {view['phase']}: ")):
        ai.choose_action(v, "normal", 1)


def test_hand_sizes_other_than_five_while_bidding_are_refused():
    sizes = [5, 5, 5, 5]
    sizes[(BID["seat"] + 1) % 4], sizes[(BID["seat"] + 2) % 4] = 6, 4  # the same sum
    with pytest.raises(ValueError, match=re.escape("bad view: hand_sizes: 5 cards each while bidding")):
        ai.choose_action(broken(BID, ("hand_sizes",), sizes), "hard", 1)


def test_the_turned_card_in_the_hand_while_bidding_is_refused():
    """Nobody holds the turned card before the contract (Hard's deal sampler had a card too many)."""
    v = broken(BID, ("hand", 0), BID["turned_card"])
    with pytest.raises(ValueError, match=re.escape(f"bad view: hand: no turned card {BID['turned_card']} while bidding")):
        ai.choose_action(v, "hard", 1)


def test_cards_played_before_the_contract_are_refused():
    with pytest.raises(ValueError, match="bad view: trick, tricks: no card is played before the contract"):
        ai.choose_action(broken(BID, ("tricks",), PLAY["tricks"]), "hard", 1)


class Shifty(dict):
    """A view whose key `key` reads as the true value the first `honest` times, then as `junk`:
    it passes a check that reads it, then lies to a level that reads it again."""

    def __init__(self, view: dict[str, Any], key: str, junk: Any, honest: int = 1) -> None:
        super().__init__(view)
        self.key, self.junk, self.left = key, junk, honest

    def __getitem__(self, name: str) -> Any:
        if name == self.key:
            if self.left <= 0:
                return self.junk
            self.left -= 1
        return super().__getitem__(name)


SHIFTS = [("legal_actions", None), ("legal_actions", ["ZZ"]), ("seat", 7), ("phase", "bid1"),
          ("leader", None), ("tricks", None), ("hand", None), ("trick", None)]


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "hint"])
@pytest.mark.parametrize(("key", "junk"), SHIFTS, ids=[f"{k}={shown(j)}" for k, j in SHIFTS])
def test_a_view_that_changes_after_the_check_cannot_reach_a_level(level: str, key: str, junk: Any) -> None:
    """A Mapping passes as a view, so its reads may change between the check and a level's own
    reads: Easy, Normal, Hard and the hint then raised TypeError, KeyError or IndexError, or
    "chose 'ZZ'". Each reads a checked copy of the view now, made from one read of each key, and
    answers exactly as for the honest view."""
    honest = copy.deepcopy(PLAY)
    shifty = Shifty(copy.deepcopy(PLAY), key, junk)
    if level == "hint":
        assert ai.hint(shifty, 3) == ai.hint(honest, 3)
    else:
        assert ai.choose_action(shifty, level, 3) == ai.choose_action(honest, level, 3)
