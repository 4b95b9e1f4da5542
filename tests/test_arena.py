"""The duplicate arena (belote.arena): sane numbers on a small run, and reproducible ones."""

from __future__ import annotations

import pytest

from belote import Game, arena


def _strip(records):
    """Records without the timings (which differ run to run)."""
    return [(r.deal, r.games) for r in records]


def test_small_run_points_are_consistent():
    """Every game's card points total 162 (252 with a capot, 0 thrown in); deal points are sane."""
    records = arena.run("normal", "easy", 20, seed=3, workers=1)
    assert [r.deal for r in records] == list(range(20))
    played = 0
    for r in records:
        assert len(r.games) == 2 and {g.a_team for g in r.games} == {0, 1}
        for g in r.games:
            if g.result == "thrown_in":
                assert g.points == (0, 0) and g.card_points == (0, 0) and g.taker_team is None
                continue
            played += 1
            assert sum(g.card_points) in (162, 252)
            assert all(p >= 0 for p in g.points)
            assert sum(g.points) <= 252 + 20  # one belote at most
            taker, other = (0, 1) if g.taker_team == "A" else (1, 0)
            if g.result == "dedans":
                assert g.points[other] >= 162 and g.points[taker] in (0, 20)
            if g.result == "made":
                assert g.points[taker] >= g.card_points[taker] and g.points[taker] > g.points[other] - 20
        assert -292 <= r.diff <= 292
    assert played > 0


def test_summary_ci_brackets_the_mean():
    """The 95% interval contains the mean, and the timings are filled in for both levels."""
    records = arena.run("normal", "easy", 20, seed=3, workers=1)
    s = arena.summarize(records, "normal", "easy")
    lo, hi = s["diff_ci"]
    assert lo <= s["diff_mean"] <= hi
    assert s["pairs"] == 20 and s["games"] == 40
    assert s["diff_mean"] == sum(r.diff for r in records) / 20
    for lvl in ("normal", "easy"):
        t = s["timing"][lvl]
        assert t["decisions"] > 0 and 0 <= t["p50_ms"] <= t["p95_ms"] <= t["max_ms"]
    table = arena.format_table(s, 3, 1, 0.1)
    assert "95% CI" in table and "normal" in table and "p95 ms" in table


def test_same_level_on_both_sides_scores_exactly_zero():
    """A deterministic level against itself: each pair's two games mirror each other, so A - B is 0."""
    records = arena.run("normal", "normal", 12, seed=5, workers=1)
    assert all(r.diff == 0 for r in records)
    assert arena.summarize(records, "normal", "normal")["diff_ci"] == [0.0, 0.0]


def test_results_do_not_depend_on_the_number_of_workers():
    """One process or two, the same deals give the same records, in deal order."""
    one = arena.run("normal", "easy", 16, seed=9, workers=1)
    two = arena.run("normal", "easy", 16, seed=9, workers=2)
    assert _strip(one) == _strip(two)


def test_decks_and_seeds_are_fixed_by_the_arena_seed():
    """Deck i depends only on (seed, i); decision seeds differ across seats and steps."""
    assert arena.deck_for(1, 5) == arena.deck_for(1, 5) != arena.deck_for(2, 5)
    assert sorted(arena.deck_for(1, 0)) == sorted(arena.deck_for(1, 1))
    seeds = {arena.decision_seed(1, 0, side, seat, step) for side in (0, 1) for seat in range(4) for step in range(8)}
    assert len(seeds) == 64


def test_decisions_walk_the_first_deal_with_the_arenas_seeds():
    """``decisions`` yields each seat to act, its own view and the arena's seed for that step,
    until the first deal ends; asking again without playing is an error, not a silent repeat."""
    game = Game(seed=4, target=arena.HUGE_TARGET, decks=[arena.deck_for(4, 2)])
    steps = 0
    for seat, view, s in arena.decisions(game, 4, 2, 1):
        assert seat == game.to_act and view == game.view(seat)
        assert s == arena.decision_seed(4, 2, 1, seat, steps)
        game.play(view["legal_actions"][0])
        steps += 1
    assert game.deal_number == 1 and steps == game.move_number
    walk = arena.decisions(Game(seed=4, target=arena.HUGE_TARGET), 4, 2, 1)
    next(walk)
    with pytest.raises(RuntimeError, match="no action was played"):
        next(walk)


def test_command_line_prints_the_table(capsys):
    """`python -m belote.arena --a normal --b easy --deals 20` prints the margin and the timings."""
    assert arena.main(["--a", "normal", "--b", "easy", "--deals", "20", "--seed", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "A - B, points a deal" in out and "95% CI" in out
    assert "normal" in out and "easy" in out and "p50 ms" in out


def test_options_parse():
    """--opt LEVEL.NAME=VALUE and --hard-samples reach the level's options as numbers (or None)."""
    assert arena.parse_options(["hard.samples=8", "hard.time_limit=0.5", "x.mode=fast"], 12) == {
        "hard": {"samples": 12, "time_limit": 0.5},
        "x": {"mode": "fast"},
    }
    assert arena.parse_options(["hard.time_limit=None"], None) == {"hard": {"time_limit": None}}


def test_per_deal_file_and_paired_comparison(tmp_path, capsys):
    """--per-deal writes each deal's A - B; --paired compares a later run deal by deal with it."""
    base = tmp_path / "base.json"
    common = ["--deals", "6", "--seed", "3", "--workers", "1"]
    assert arena.main(["--a", "normal", "--b", "easy", *common, "--per-deal", str(base)]) == 0
    records = arena.run("normal", "easy", 6, seed=3, workers=1)
    assert arena._read_per_deal(str(base)) == {str(r.deal): r.diff for r in records}
    capsys.readouterr()
    # the same run again: every deal is played identically, so the paired difference is exactly 0
    assert arena.main(["--a", "normal", "--b", "easy", *common, "--paired", str(base)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("  paired, this run - ") and last.endswith("+0.00   95% CI [+0.00, +0.00] over 6 deals")


def test_paired_is_the_mean_of_the_deal_by_deal_differences():
    """paired() averages this - that over the common deals only, and refuses runs that share none."""
    n, mean, lo, hi = arena.paired({"1": 10.0, "2": -4.0, "3": 7.0}, {"1": 4.0, "2": -6.0, "9": 0.0})
    assert (n, mean) == (2, 4.0) and lo < mean < hi
    try:
        arena.paired({"1": 1.0}, {"2": 1.0})
    except ValueError as exc:
        assert "share no deal" in str(exc)
    else:
        raise AssertionError("no common deal must be refused")


def test_a_bad_paired_file_is_refused_before_the_run(tmp_path, capsys):
    """A missing or malformed --paired file stops the arena with a message, before any deal is played."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"x": "y"}', encoding="utf-8")
    for path in (bad, tmp_path / "missing.json"):
        try:
            arena.main(["--a", "normal", "--b", "easy", "--deals", "2", "--workers", "1", "--paired", str(path)])
        except SystemExit as exc:
            assert exc.code == 2
        else:
            raise AssertionError("a bad per-deal file must be refused")
        out = capsys.readouterr()
        assert "per-deal file" in out.err and "Duplicate arena" not in out.out


@pytest.mark.parametrize(("opt", "said"), [
    ("hard.bogus=1", "hard has no option 'bogus'"),
    ("hard.samples=abc", "hard.samples='abc': int expected"),
    ("hard.time_limit=nan", "hard.time_limit=nan"),
    ("normal.depth=2", "normal takes no options"),
])
def test_a_bad_level_option_is_a_usage_error_before_the_run(opt, said, capsys):
    """--opt hard.bogus=1 or hard.samples=abc gave a TypeError traceback from inside a run, and
    hard.time_limit=nan was taken: each is a usage error now, said before any deal is played."""
    level = opt.split(".")[0]
    with pytest.raises(SystemExit) as exc:
        arena.main(["--a", level, "--b", "easy", "--deals", "1", "--workers", "1", "--opt", opt])
    assert exc.value.code == 2 and said in capsys.readouterr().err


def test_the_options_in_use_pass_the_check():
    """What docs/hard-tuning.md and the README run with still passes."""
    arena.check_options(arena.parse_options(
        ["hard.bid_with=normal", "hard.samples=8", "hard.time_limit=None", "hard.time_limit=0.5",
         "hard.race=3", "hard.oversample=6", "hard.miss=0.5", "hard.bid_miss=1"], 12))
