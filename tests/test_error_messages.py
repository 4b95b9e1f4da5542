"""Bad input that cannot even be printed (huge ints, deep nesting) still gets a clear error."""

from __future__ import annotations

import json

import pytest

from belote import Game, IllegalAction, bridge
from belote.errors import shown
from belote.review import deal_review

HUGE = 10**5000  # CPython refuses str() of an int over 4,300 digits


def _nested(depth: int) -> list:
    x: list = []
    for _ in range(depth):
        x = [x]
    return x


DEEP = _nested(1100)  # deeper than the recursion limit


def test_shown_is_short_and_never_fails() -> None:
    assert shown("JH") == "'JH'"
    assert shown(None) == "None"
    assert shown(HUGE) == "<int>"
    assert shown(DEEP) == "[[[[...]]]]"
    assert len(shown("x" * 100_000)) < 80


@pytest.mark.parametrize("bad", [HUGE, DEEP, "x" * 100_000], ids=["huge-int", "deep-list", "long-str"])
def test_play_refuses_unprintable_input_with_illegal_action(bad: object) -> None:
    g = Game(seed=1)
    before = g.to_dict()
    with pytest.raises(IllegalAction) as info:
        g.play(bad)  # type: ignore[arg-type]
    assert len(str(info.value)) < 300
    assert g.to_dict() == before


@pytest.mark.parametrize("bad", [HUGE, DEEP], ids=["huge-int", "deep-list"])
def test_view_refuses_unprintable_seat(bad: object) -> None:
    with pytest.raises(ValueError, match="seat must be an int 0-3"):
        Game(seed=1).view(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("field", ["seed", "target"])
def test_seed_and_target_stay_printable_so_a_save_stays_json_ready(field: str) -> None:
    with pytest.raises(ValueError, match=f"{field} must be an int of at most 4096 bits"):
        Game(**{field: HUGE})
    g = Game(**{"seed": 2**4096 - 1, "target": 2**4096 - 1})  # the Python API takes any printable int
    assert Game.from_dict(json.loads(json.dumps(g.to_dict()))).to_dict() == g.to_dict()


@pytest.mark.parametrize("bad", [HUGE, DEEP], ids=["huge-int", "deep-list"])
def test_a_save_with_an_unprintable_action_names_its_index(bad: object) -> None:
    data = {**Game(seed=1).to_dict(), "actions": ["pass", bad]}
    with pytest.raises(ValueError, match="save action 1 .* is refused"):
        Game.from_dict(data)


def test_a_deck_with_an_unprintable_card_names_its_place() -> None:
    with pytest.raises(ValueError, match=r"decks\[0\]\[0\] is not a card code"):
        Game(seed=1, decks=[[DEEP] * 32])


def test_review_refuses_unprintable_deal_and_seats() -> None:
    save = Game(seed=1).to_dict()
    with pytest.raises(ValueError, match="deal index <int> is out of range"):
        deal_review(save, HUGE)
    with pytest.raises(ValueError, match="bad seats"):
        deal_review(save, 0, seats=[DEEP])


def test_bridge_shows_nested_junk_briefly() -> None:
    answer = json.loads(bridge.handle(json.dumps({"id": 1, "method": "new_game", "params": {"seed": _nested(20)}})))
    assert answer["ok"] is False and answer["type"] == "BadRequest"
    assert answer["error"] == "seed must be a non-negative int or null, got [[[[...]]]]"


LIMIT = 2000  # characters: a message a person can read, whatever the input


def test_unknown_save_keys_are_named_briefly() -> None:
    """Game.from_dict joined every unknown key in full: one key of a million characters gave a
    1,000,023-character message, 100,000 keys one of 788,911. Five are named, and a count."""
    save = Game(seed=1).to_dict()
    with pytest.raises(ValueError) as long_key:
        Game.from_dict({**save, "x" * 1_000_000: 1})
    with pytest.raises(ValueError) as many_keys:
        Game.from_dict({**save, **{f"k{i}": 1 for i in range(100_000)}})
    assert len(str(long_key.value)) < LIMIT
    assert len(str(many_keys.value)) < LIMIT and str(many_keys.value).endswith("and 99995 more")


@pytest.mark.parametrize("method", ["new_game", "open"])
def test_unknown_params_and_huge_numbers_are_shown_briefly(method: str) -> None:
    """The workers' bridges named every unknown param in full, and a number beyond a double
    with its million digits."""
    from belote.analysis import Analysis

    server = bridge.Bridge() if method == "new_game" else Analysis()
    unknown = json.loads(server.handle(json.dumps({"id": 1, "method": method, "params": {"x" * 1_000_000: 1}})))
    huge = json.loads(server.handle('{"id":1,"method":"' + method + '","params":{"a":1' + "0" * 1_000_000 + '.0}}'))
    for reply in (unknown, huge):
        assert reply["ok"] is False and reply["type"] == "BadRequest" and len(reply["error"]) < LIMIT


@pytest.mark.parametrize("target", ["0", "-5"])
def test_the_terminal_game_says_a_bad_target_is_bad(target: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`belote --target 0` printed a traceback; it is a usage error now (exit 2, one line)."""
    from belote import cli

    with pytest.raises(SystemExit) as exc:
        cli.main(["--target", target])
    assert exc.value.code == 2 and "target must be a positive int" in capsys.readouterr().err
