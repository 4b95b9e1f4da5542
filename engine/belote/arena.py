"""Duplicate arena: two AI levels play the same deals with the partnerships swapped.

``python -m belote.arena --a normal --b easy --deals 1000 --seed 1 [--workers N]``

How a duplicate pair is played:

- Deal ``i`` uses one 32-card deck, shuffled from ``(seed, i)`` alone, and seat 3 deals
  (``Game(seed=..., target=10**9, decks=[deck])``: the match target is never reached).
- It is played twice: once with A on team 0 (seats 0, 2) and B on team 1 (seats 1, 3),
  once the other way round. The seats keep their cards, so each level holds each hand once.
- Each decision gets ``game.view(seat)`` and a seed that depends only on
  ``(seed, deal, side, seat, decision number)``: results never depend on the number of
  workers or on timing.
- A deal's points are the sheet row's ``points`` (card points, capot, dedans, litige and
  belote-rebelote; there is never a reserve to pay, each game being a single deal).
  A deal thrown in (all four passed twice) scores 0 for both teams: it is not redealt.
- The pair's value is A's points minus B's, averaged over its two games: "points a deal".
  The arena reports the mean over pairs with a 95% interval (normal approximation,
  mean +- 1.96 * sd / sqrt(pairs)) and each level's time per decision (wall clock, or
  ``--clock cpu`` for process CPU time, which other load on the machine does not inflate).

The oracle (``--b oracle``, :mod:`belote.oracle`) is no AI level but a yardstick: the arena,
which referees the deal, hands it the whole game; it plays double dummy (the exact solver)
and bids like Normal. So ``A - B`` against it is A's gap to perfect card play; with every
side bidding like Normal it measures card play alone:
``python -m belote.arena --a hard --b oracle --opt hard.bid_with=normal --deals 100 --workers 1 --clock cpu``
(and ``--a normal --b oracle`` for Normal's gap).

Peek (``--a peek``, :mod:`belote.peek`) is the other yardstick: Hard's look-ahead valuing its
options in the true deal instead of sampled ones, which prices the hidden information:
``--a peek --b normal`` (card play; bids like Normal), ``--opt peek.play=0 --opt peek.bid=peek``
(Hard's card play, bids valued in the true deal). Its other options go to Hard.

Paired comparisons: ``--per-deal FILE`` writes each deal's value (A - B) as JSON;
``--paired FILE`` compares this run deal by deal with such a file from an earlier run on
the same deals and seed, and prints the mean of (this run - that run) over their common
deals with its 95% interval, which is much narrower than either run's own interval
because both runs played the very same cards:
``python -m belote.arena --a hard --b normal --opt hard.miss=0.5 --paired base.json``.

Level options: ``--opt hard.samples=200`` (or the shorthand ``--hard-samples 200``) makes
the arena call ``belote.ai.<level>.choose(view, seed, **options)`` for that level instead
of ``ai.choose_action(view, level, seed)``; the chosen action is still checked for legality.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import math
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import ai, oracle, peek
from .ai import hard
from .cards import CARD_CODES
from .game import Game

HUGE_TARGET = 10**9
Z95 = 1.959963984540054

Options = dict[str, dict[str, Any]]


@dataclass
class GameRecord:
    """One game (one deal) of a pair, seen from team A."""

    a_team: int  # 0: A sits at seats 0 and 2; 1: A sits at seats 1 and 3
    result: str  # "made" | "dedans" | "litige" | "thrown_in"
    taker_team: str | None  # "A" | "B" | None
    card_points: tuple[int, int]  # (A, B): 162 together, 252 with a capot, 0 when thrown in
    points: tuple[int, int]  # (A, B): what each side scored for the deal


@dataclass
class DealRecord:
    """Both games of duplicate deal ``deal``, and the decision times of each level."""

    deal: int
    games: list[GameRecord]
    times: dict[str, list[float]] = field(default_factory=dict)  # level -> ms per decision

    @property
    def diff(self) -> float:
        """A's points minus B's, averaged over the two games: points a deal."""
        return sum(g.points[0] - g.points[1] for g in self.games) / len(self.games)


def deck_for(seed: int, deal: int) -> list[str]:
    """The deck of duplicate deal ``deal``: depends only on (seed, deal)."""
    deck = list(CARD_CODES)
    random.Random(f"belote-arena:{seed}:{deal}").shuffle(deck)
    return deck


def decision_seed(seed: int, deal: int, side: int, seat: int, step: int) -> int:
    """The seed handed to an AI for one decision: a fixed integer mix, the same everywhere."""
    x = (seed * 1_000_003 + deal) & 0xFFFFFFFFFFFF
    x = (x * 8 + side * 4 + seat) * 64 + step
    x ^= x >> 29
    x = (x * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    return (x ^ (x >> 32)) & 0x7FFFFFFF


YARDSTICKS = (oracle.NAME, peek.NAME)  # full-information players the arena alone may field


def check_level(level: str) -> None:
    """Raise ValueError unless ``level`` is an AI level or a yardstick (the oracle, peek)."""
    if level not in ai.LEVELS and level not in YARDSTICKS:
        known = ", ".join((*ai.LEVELS, *YARDSTICKS))
        raise ValueError(f"unknown AI level {level!r}; known levels: {known}")


def make_player(
    level: str, options: Mapping[str, Any] | None, game: Game | None = None
) -> Callable[[dict[str, Any], int], str]:
    """A callable (view, seed) -> action for a level, with its options if any.

    The yardsticks are handed ``game`` (the arena referees it: they read every hand)."""
    check_level(level)
    if level == oracle.NAME:
        if game is None or options:
            raise ValueError("the oracle plays a given game and takes no options")
        return oracle.player(game)
    if level == peek.NAME:
        if game is None:
            raise ValueError("peek plays a given game")
        return peek.player(game, options)
    if not options:
        return lambda view, seed: ai.choose_action(view, level, seed)
    choose = importlib.import_module(f"{ai.__name__}.{level}").choose
    opts = dict(options)

    def player(view: dict[str, Any], seed: int) -> str:
        """The level's action with its options, checked for legality."""
        action: str = choose(view, seed, **opts)
        if action not in view["legal_actions"]:
            raise RuntimeError(f"AI level {level!r} chose {action!r}, not in {view['legal_actions']}")
        return action

    return player


def decisions(game: Game, seed: int, deal: int, side: int) -> Iterator[tuple[int, dict[str, Any], int]]:
    """Each decision of the game's first deal: (seat, that seat's view, its decision seed).

    The one loop behind the arena and the benches that replay its games: the caller plays an
    action on ``game`` before asking for the next decision; ``side`` is the team A sits on."""
    step = 0
    while game.deal_number == 0:
        seat = game.to_act
        assert seat is not None
        moves = game.move_number
        yield seat, game.view(seat), decision_seed(seed, deal, side, seat, step)
        if game.move_number == moves:
            raise RuntimeError("decisions(): no action was played before the next decision was asked for")
        step += 1


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def play_game(
    deck: Sequence[str],
    a_team: int,
    levels: tuple[str, str],
    options: Options,
    seed: int,
    deal: int,
    clock: str = "wall",
) -> tuple[GameRecord, dict[str, list[float]]]:
    """Play one deal with A on ``a_team``; returns its record and the decision times (ms)."""
    a, b = levels
    seat_level = [a if s % 2 == a_team else b for s in range(4)]
    game = Game(seed=seed, target=HUGE_TARGET, decks=[list(deck)])
    players = {lvl: make_player(lvl, options.get(lvl), game) for lvl in set(seat_level)}
    times: dict[str, list[float]] = {lvl: [] for lvl in (a, b)}
    now = CLOCKS[clock]
    for seat, view, s in decisions(game, seed, deal, a_team):
        lvl = seat_level[seat]
        t0 = now()
        action = players[lvl](view, s)
        times[lvl].append((now() - t0) * 1000.0)
        game.play(action)
    row = game.view(0)["sheet"][0]
    b_team = 1 - a_team
    taker = row["taker"]
    taker_side = None if taker is None else ("A" if taker % 2 == a_team else "B")
    rec = GameRecord(
        a_team=a_team,
        result=row["result"],
        taker_team=taker_side,
        card_points=(row["card_points"][a_team], row["card_points"][b_team]),
        points=(row["points"][a_team], row["points"][b_team]),
    )
    return rec, times


def play_deal(
    deal: int, levels: tuple[str, str], options: Options, seed: int, clock: str = "wall"
) -> DealRecord:
    """Play duplicate deal ``deal`` twice, the partnerships swapped."""
    deck = deck_for(seed, deal)
    rec = DealRecord(deal=deal, games=[], times={lvl: [] for lvl in levels})
    for a_team in (0, 1):
        g, times = play_game(deck, a_team, levels, options, seed, deal, clock)
        rec.games.append(g)
        for lvl, ts in times.items():
            rec.times[lvl].extend(ts)
    return rec


def _play_chunk(args: tuple[list[int], tuple[str, str], Options, int, str]) -> list[DealRecord]:
    """Play a chunk of deals (one task of the process pool)."""
    deals, levels, options, seed, clock = args
    return [play_deal(d, levels, options, seed, clock) for d in deals]


def run(
    a: str,
    b: str,
    deals: int,
    seed: int = 1,
    workers: int | None = None,
    options: Options | None = None,
    start: int = 0,
    clock: str = "wall",
) -> list[DealRecord]:
    """Play duplicate deals ``start .. start + deals - 1``; records in deal order."""
    options = options or {}
    levels = (a, b)
    for lvl in levels:
        check_level(lvl)  # fail fast on a bad level or option module
        if lvl == peek.NAME:
            peek.settings(options.get(lvl))
        elif lvl != oracle.NAME:
            make_player(lvl, options.get(lvl))
    workers = max(1, workers or os.cpu_count() or 1)
    numbers = list(range(start, start + deals))
    if workers == 1 or deals < 4:
        return _play_chunk((numbers, levels, options, seed, clock))
    size = max(1, min(25, math.ceil(deals / (workers * 4))))
    chunks = [(numbers[i : i + size], levels, options, seed, clock) for i in range(0, deals, size)]
    with multiprocessing.Pool(workers) as pool:
        parts = pool.map(_play_chunk, chunks, chunksize=1)
    return [rec for part in parts for rec in part]


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation); a single value has a zero-width one."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100) of the values; 0 for none."""
    if not values:
        return 0.0
    s = sorted(values)
    k = max(0, min(len(s) - 1, math.ceil(p / 100 * len(s)) - 1))
    return s[k]


def summarize(records: Sequence[DealRecord], a: str, b: str) -> dict[str, Any]:
    """The arena's figures as a JSON-ready dict."""
    mean, lo, hi = mean_ci([r.diff for r in records])
    games = [g for r in records for g in r.games]
    n_games = max(1, len(games))
    side: dict[str, Any] = {}
    for name, idx in (("A", 0), ("B", 1)):
        took = [g for g in games if g.taker_team == name]
        made = [g for g in took if g.result == "made"]
        side[name] = {
            "points_per_deal": sum(g.points[idx] for g in games) / n_games,
            "card_points_per_deal": sum(g.card_points[idx] for g in games) / n_games,
            "took": len(took),
            "made": len(made),
        }
    timing = {}
    for lvl in dict.fromkeys((a, b)):
        ts = [t for r in records for t in r.times.get(lvl, [])]
        timing[lvl] = {
            "decisions": len(ts),
            "p50_ms": percentile(ts, 50),
            "p95_ms": percentile(ts, 95),
            "max_ms": max(ts, default=0.0),
        }
    return {
        "a": a,
        "b": b,
        "pairs": len(records),
        "games": len(games),
        "thrown_in": sum(1 for g in games if g.result == "thrown_in"),
        "diff_mean": mean,
        "diff_ci": [lo, hi],
        "sides": side,
        "timing": timing,
    }


def per_deal(records: Sequence[DealRecord]) -> dict[str, float]:
    """Each deal's value (A - B, points a deal), keyed by the deal number as a string (JSON keys)."""
    return {str(r.deal): r.diff for r in records}


def paired(this: Mapping[str, float], that: Mapping[str, float]) -> tuple[int, float, float, float]:
    """Deal by deal ``this - that`` over the deals both hold: (deals, mean, 95% low, 95% high)."""
    common = sorted((d for d in this if d in that), key=int)
    if not common:
        raise ValueError("the two runs share no deal: compare runs of the same seed and deal numbers")
    mean, lo, hi = mean_ci([this[d] - that[d] for d in common])
    return len(common), mean, lo, hi


def _read_per_deal(path: str) -> dict[str, float]:
    """A ``--per-deal`` file, checked: a JSON object of deal number -> number."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read per-deal file {path}: {exc}") from exc
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and k.isdigit() and isinstance(v, (int, float)) and not isinstance(v, bool)
        for k, v in data.items()
    ):
        raise ValueError(f"{path} is not a per-deal file (a JSON object of deal number -> points)")
    return {k: float(v) for k, v in data.items()}


def format_table(
    summary: Mapping[str, Any], seed: int, workers: int, seconds: float, clock: str = "wall"
) -> str:
    """A plain-text report of a summary."""
    a, b = summary["a"], summary["b"]
    lo, hi = summary["diff_ci"]
    sa, sb = summary["sides"]["A"], summary["sides"]["B"]
    lines = [
        f"Duplicate arena: A = {a}, B = {b}; {summary['pairs']} deals x 2 games; seed {seed}; "
        f"{workers} worker(s); {seconds:.1f} s",
        "",
        f"  A - B, points a deal : {summary['diff_mean']:+8.2f}   95% CI [{lo:+.2f}, {hi:+.2f}]",
        "",
        f"  {'side':<6} {'level':<8} {'points/deal':>11} {'cards/deal':>10} {'took':>6} {'made':>6}",
    ]
    for name, lvl, s in (("A", a, sa), ("B", b, sb)):
        lines.append(
            f"  {name:<6} {lvl:<8} {s['points_per_deal']:>11.2f} {s['card_points_per_deal']:>10.2f} "
            f"{s['took']:>6} {s['made']:>6}"
        )
    lines.append(f"  thrown in (0 for both): {summary['thrown_in']} of {summary['games']} games")
    lines += ["", f"  {'level':<8} {'decisions':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}   ({clock} clock)"]
    for lvl, t in summary["timing"].items():
        lines.append(
            f"  {lvl:<8} {t['decisions']:>9} {t['p50_ms']:>8.3f} {t['p95_ms']:>8.3f} {t['max_ms']:>8.3f}"
        )
    return "\n".join(lines)


def parse_options(opts: Sequence[str], hard_samples: int | None) -> Options:
    """``["hard.samples=200"]`` -> ``{"hard": {"samples": 200}}`` (ints, floats and ``None`` parsed:
    ``hard.time_limit=None`` lifts Hard's safety cap for a run with a larger budget)."""
    out: Options = {}
    for item in opts:
        key, sep, raw = item.partition("=")
        level, dot, name = key.partition(".")
        if not sep or not dot or not level or not name:
            raise SystemExit(f"--opt wants LEVEL.NAME=VALUE, got {item!r}")
        value: Any = raw
        if raw == "None":
            value = None
        else:
            for conv in (int, float):
                try:
                    value = conv(raw)
                    break
                except ValueError:
                    pass
        out.setdefault(level, {})[name] = value
    if hard_samples is not None:
        out.setdefault("hard", {})["samples"] = hard_samples
    return out


_KINDS: dict[str, tuple[type, ...]] = {"int": (int,), "float": (int, float), "str": (str,)}


def check_options(options: Mapping[str, Mapping[str, Any]]) -> None:
    """ValueError for an option a level does not take, or a value of the wrong type (Hard's by
    its settings' names and types; Easy and Normal take none), before a run rather than in it."""
    settings = {p.name: str(p.annotation) for p in inspect.signature(hard._decide).parameters.values()
                if p.kind is p.KEYWORD_ONLY}
    for level, opts in options.items():
        if level in ("easy", "normal") and opts:
            raise ValueError(f"{level} takes no options, got {', '.join(sorted(opts))}")
        if level != "hard":
            continue
        for name, value in opts.items():
            if name not in settings:
                raise ValueError(f"hard has no option {name!r}; its options: {', '.join(settings)}")
            if not _fits(value, settings[name]):
                raise ValueError(f"hard.{name}={value!r}: {settings[name]} expected")


def _fits(value: Any, annotation: str) -> bool:
    """Whether ``value`` (as parse_options reads it) fits a setting annotated ``annotation``."""
    kinds = [a.strip() for a in annotation.split("|")]
    if value is None:
        return "None" in kinds
    if type(value) is float and not math.isfinite(value):
        return False
    return any(type(value) in _KINDS.get(kind, ()) for kind in kinds)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    p = argparse.ArgumentParser(prog="python -m belote.arena", description=__doc__.splitlines()[0])
    p.add_argument("--a", required=True, help="level of side A")
    p.add_argument("--b", required=True, help="level of side B")
    p.add_argument("--deals", type=int, default=1000, help="duplicate deals (each played twice)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--start", type=int, default=0, help="first deal number")
    p.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    p.add_argument("--opt", action="append", default=[], metavar="LEVEL.NAME=VALUE")
    p.add_argument("--hard-samples", type=int, default=None, help="shorthand for --opt hard.samples=N")
    p.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="wall",
        help="time decisions by wall clock (default) or by process CPU time (steadier on a busy machine)",
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--per-deal", metavar="FILE", help="write each deal's A - B as JSON (for --paired)")
    p.add_argument("--paired", metavar="FILE", help="compare deal by deal with an earlier --per-deal FILE")
    args = p.parse_args(argv)
    if args.deals < 1:
        p.error("--deals must be at least 1")
    earlier = None
    if args.paired:
        try:
            earlier = _read_per_deal(args.paired)  # before the run: a bad file fails fast
        except ValueError as exc:
            p.error(str(exc))
    options = parse_options(args.opt, args.hard_samples)
    options = {k: v for k, v in options.items() if k in (args.a, args.b)}
    try:
        check_options(options)
    except ValueError as exc:
        p.error(str(exc))
    workers = max(1, args.workers or os.cpu_count() or 1)
    t0 = time.perf_counter()
    try:
        records = run(args.a, args.b, args.deals, args.seed, workers, options, args.start, args.clock)
    except ValueError as exc:
        p.error(str(exc))
    summary = summarize(records, args.a, args.b)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_table(summary, args.seed, workers, time.perf_counter() - t0, args.clock))
    values = per_deal(records)
    if args.per_deal:
        with open(args.per_deal, "w", encoding="utf-8") as f:
            json.dump(values, f)
    if earlier is not None:
        try:
            n, mean, lo, hi = paired(values, earlier)
        except ValueError as exc:
            p.error(str(exc))
        print(f"  paired, this run - {args.paired}: {mean:+.2f}   95% CI [{lo:+.2f}, {hi:+.2f}] over {n} deals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
