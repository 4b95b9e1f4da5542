"""The statistics record's rules (site/js/stats.js), run in Node: a stored record of another shape
(tampered, damaged, another version) is read as no statistics at all, never an exception, so the
deal's save it is written beside is never aborted (e2e/test_stats_store.py is the same in Chromium).
One Node process runs every case; each row says what it guards."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STATS_JS = ROOT / "site" / "js" / "stats.js"
KEY = "easy,easy,easy"
COUNTS = {"matches": 2, "won": 1, "deals": 30, "taken": 12, "made": 9, "failed": 3, "capots": 1, "points": 2400}
REVIEW = {"levels": KEY, "loss": 12, "decisions": 8}
GOOD = {"version": 1, "levels": {KEY: COUNTS}, "reviews": {"99:0": REVIEW}}

# name -> a record normalise must read as empty statistics (the bug each one caused before)
MALFORMED = {
    "no record": None,
    "a string": "stats",
    "an array": [1, 2, 3],
    "another version": {**GOOD, "version": 2},
    "levels null (typeof null is object: countEvents threw)": {**GOOD, "levels": None},
    "levels an array": {**GOOD, "levels": [COUNTS]},
    "a levels entry that is a number (countEvents threw)": {**GOOD, "levels": {KEY: 5}},
    "a levels entry that is a string (countEvents threw)": {**GOOD, "levels": {KEY: "many"}},
    "a levels entry that is null": {**GOOD, "levels": {KEY: None}},
    "a levels entry missing a count": {**GOOD, "levels": {KEY: {k: v for k, v in COUNTS.items() if k != "capots"}}},
    "a negative count (shown as such)": {**GOOD, "levels": {KEY: {**COUNTS, "deals": -3}}},
    "a count that is a string (counted by concatenation)": {**GOOD, "levels": {KEY: {**COUNTS, "points": "lots"}}},
    "a count that is a numeric string": {**GOOD, "levels": {KEY: {**COUNTS, "deals": "30"}}},
    "a levels key that is not three levels (the label split it)": {**GOOD, "levels": {"hard": COUNTS}},
    "reviews null (levelKeys threw)": {**GOOD, "reviews": None},
    "a review entry that is a number (levelKeys threw)": {**GOOD, "reviews": {"99:0": 7}},
    "a review whose levels is not a string (the label threw)": {**GOOD, "reviews": {"99:0": {**REVIEW, "levels": 3}}},
    "a review with a negative loss": {**GOOD, "reviews": {"99:0": {**REVIEW, "loss": -1}}},
    "played deals that are not a list": {**GOOD, "played": {"match": "99", "deals": 3}},
    "a played deal that is not an index": {**GOOD, "played": {"match": "99", "deals": [0, -1]}},
    "a played match that is not a key": {**GOOD, "played": {"match": 99, "deals": [0]}},
}

# Runs every exported function on each record: what it returned, or what it threw.
PROBE = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const S = await import(pathToFileURL(process.argv[1]).href);
const cases = JSON.parse(readFileSync(0, "utf8"));
const deal = { type: "deal_scored", deal: 0, result: "made", taker: 0, capot: 0, points: [162, 0] };
const levels = ["easy", "easy", "easy"];
const out = {};
for (const [name, record] of Object.entries(cases)) {
  const r = {};
  for (const [what, run] of Object.entries({
    normalise: () => S.normalise(record),
    damaged: () => S.damaged(record),
    counted: () => S.countEvents(record, [deal, { type: "match_over", winner: 0 }], levels, "1"),
    // deal 0 of match "1" reviewed, before and after it was counted as played
    reviewed: () => S.countReview(record, "1", 0, levels, 5, 8),
    playedThenReviewed: () => S.countReview(S.countEvents(record, [deal], levels, "1"), "1", 0, levels, 5, 8),
    // ... and after a reset (a fresh record): the review of a deal played before it adds nothing
    resetThenReviewed: () => S.countReview(S.emptyStats(), "1", 0, levels, 5, 8),
    // ... with a loss that is not a count (a kept review altered by hand): not counted
    badLoss: () => ["lots", NaN, -1, Infinity, null].map((loss) =>
      S.countReview(S.countEvents(record, [deal], levels, "1"), "1", 0, levels, loss, 8).reviews),
    abandoned: () => S.countAbandoned(record, levels),
    keys: () => S.levelKeys(record),
    summary: () => S.summary(record),
  })) {
    try { r[what] = run(); } catch (e) { r[what] = { thrown: String(e) }; }
  }
  out[name] = r;
}
process.stdout.write(JSON.stringify(out));
"""


def run_probe(cases: dict) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run([node, "--input-type=module", "-e", PROBE, str(STATS_JS)], input=json.dumps(cases),
                          capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def results() -> dict:
    return run_probe({**MALFORMED, "well formed": GOOD})


EMPTY = {"version": 1, "levels": {}, "reviews": {}}
ONE_DEAL = {"matches": 1, "won": 1, "deals": 1, "taken": 1, "made": 1, "failed": 0, "capots": 1, "points": 162}


PLAYED = {"match": "1", "deals": [0]}
REVIEWED = {"1:0": {"levels": KEY, "loss": 5, "decisions": 8}}


@pytest.mark.parametrize("name", MALFORMED)
def test_a_malformed_record_reads_as_empty_statistics(results, name):
    r = results[name]
    assert r["normalise"] == EMPTY
    assert r["damaged"] is (name != "no record")  # the dialog says so (and a copy is kept aside)
    assert r["counted"] == {"version": 1, "levels": {KEY: ONE_DEAL}, "reviews": {}, "played": PLAYED}  # started afresh
    assert r["reviewed"] == EMPTY  # a deal this record never counted as played
    assert r["playedThenReviewed"]["reviews"] == REVIEWED
    assert r["abandoned"]["levels"][KEY]["matches"] == 1 and r["abandoned"]["levels"][KEY]["won"] == 0
    assert r["keys"] == []
    assert r["summary"] == {"matches": 0, "won": 0, "deals": 0, "taken": 0, "made": 0, "failed": 0, "capots": 0,
                            "pointsPerDeal": None, "reviewed": 0, "lossPerDecision": None}


def test_a_well_formed_record_is_kept_and_counted_into(results):
    r = results["well formed"]
    assert r["normalise"] == GOOD and r["damaged"] is False
    assert r["counted"]["levels"][KEY] == {k: v + ONE_DEAL[k] for k, v in COUNTS.items()}
    assert r["counted"]["played"] == PLAYED
    assert r["reviewed"] == GOOD
    assert r["playedThenReviewed"]["reviews"] == {"99:0": REVIEW, **REVIEWED}
    assert r["resetThenReviewed"] == EMPTY  # a reset is not undone by a review of an earlier deal
    # a loss that is not a count is refused: stored, it made the whole record unreadable
    assert r["badLoss"] == [{"99:0": REVIEW}] * 5
    assert r["abandoned"]["levels"][KEY] == {**COUNTS, "matches": COUNTS["matches"] + 1}  # played, not won
    assert r["keys"] == [KEY]
    assert r["summary"]["deals"] == 30 and r["summary"]["pointsPerDeal"] == 80 and r["summary"]["lossPerDecision"] == 1.5
