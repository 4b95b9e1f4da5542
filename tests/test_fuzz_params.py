"""Hostile URLs (issue 13, point 7): the page's readParams (site/js/params.js), run in Node.

Hypothesis writes query strings (random text, random pairs of the page's keys with any value,
real queries mutated: percent-encoded, repeated keys, cut, padded, cased, with prototype names);
tests/read_params_probe.mjs runs readParams on each in one Node process. Every query gives the
documented settings (README, docs/contracts.md "Page test hooks": embed=1, lang=, levels= three
levels, target=, seed=, speed=) or the defaults, each within its domain; never an exception,
never another key, never a touched Object.prototype. The decoding of the query is the platform's
(URLSearchParams, whose pairs the probe reports); the rules applied to it are checked here.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
PROBE = Path(__file__).with_name("read_params_probe.mjs")
FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=400,
                suppress_health_check=[HealthCheck.too_slow])

# The documented domains (README "Languages", docs/contracts.md "Page test hooks").
LANGUAGES = ["en", "fr", "lt", "it", "vi", "hi"]
LEVELS = ["easy", "normal", "hard"]
SPEEDS = ["slow", "normal", "fast", "instant"]
MAX_TARGET = 100_000
KEYS = {"embed", "lang", "levels", "target", "seed", "speed"}
CANONICAL_TARGET = re.compile(r"[0-9]{1,7}")
SEED = re.compile(r"[0-9]{1,15}")  # JS \d: ASCII digits only

REAL_QUERIES = [
    "?embed=1&lang=it&levels=hard,normal,hard",
    "?levels=easy,easy,easy&target=500&seed=42&speed=instant",
    "?lang=hi&speed=slow&target=2000",
    "?seed=7&levels=normal,hard,easy&nosw=1",
    "?embed=1&lang=fr&target=1000&speed=fast",
]
HOSTILE_VALUES = [
    "", "1", "0", "-1", "1e309", "1e3", "Infinity", "-Infinity", "NaN", "0x10", "0b11", " 500 ", "500.0",
    "5e-324", "100000", "100001", "9007199254740993", "999999999999999", "1000000000000000", "01",
    "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "<script>alert(1)</script>",
    "hard,normal", "hard,normal,hard,", ",hard,,normal,hard", "HARD,normal,hard", "hard,normal,hard,easy",
    "en-US", "EN", "fr ", "\u0000", "\ud800", "é", "١٢٣", "𝟙", "true", "yes", "%", "%zz", "%E0%A4", "+", "&", "=",
]


class Probe:
    """One Node process running readParams over queries, a line each way."""

    def __init__(self) -> None:
        node = shutil.which("node")
        if node is None:
            pytest.skip("node is not installed")
        self.proc = subprocess.Popen([node, "--no-warnings", str(PROBE), str(ROOT / "site")], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8")
        self.domains = self._read()

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise AssertionError(f"the probe died: {self.proc.stderr.read() if self.proc.stderr else ''}")
        return json.loads(line)

    def run(self, search: str, via_location: bool = False) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"search": search, "viaLocation": via_location}) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def probe():
    p = Probe()
    yield p
    p.close()


def expected_settings(pairs: list[list[str]]) -> dict[str, Any]:
    """What the documented rules make of the decoded pairs (the first value of a key counts);
    a non-canonical target ("1e3", " 500 ") is left to check_domains."""
    first: dict[str, str] = {}
    for key, value in pairs:
        first.setdefault(key, value)
    out: dict[str, Any] = {}
    if first.get("embed") == "1":
        out["embed"] = True
    if first.get("lang") in LANGUAGES:
        out["lang"] = first["lang"]
    levels = [x for x in first.get("levels", "").split(",") if x]
    if len(levels) == 3 and all(x in LEVELS for x in levels):
        out["levels"] = levels
    target = first.get("target")
    if target is not None and CANONICAL_TARGET.fullmatch(target) and 1 <= int(target) <= MAX_TARGET:
        out["target"] = int(target)
    seed = first.get("seed")
    if seed is not None and SEED.fullmatch(seed):
        out["seed"] = int(seed)
    if first.get("speed") in SPEEDS:
        out["speed"] = first["speed"]
    return out


def check(reply: dict[str, Any]) -> None:
    """readParams answered with documented settings in their domains, and nothing else changed."""
    assert "thrown" not in reply, reply["thrown"]
    result = reply["result"]
    assert reply["plainObject"] and reply["prototypeIntact"] and reply["safeNumbers"]
    assert set(reply["ownKeys"]) == set(result) <= KEYS
    types = {"embed": "boolean", "lang": "string", "levels": "array", "target": "number", "seed": "number",
             "speed": "string"}
    assert all(reply["types"][k] == types[k] for k in result), reply["types"]
    if "target" in result:
        assert type(result["target"]) is int and 1 <= result["target"] <= MAX_TARGET
    if "seed" in result:
        assert type(result["seed"]) is int and 0 <= result["seed"] < 10**15
    expected = expected_settings(reply["pairs"])
    target_text = dict(reversed(reply["pairs"])).get("target")
    if target_text is not None and not CANONICAL_TARGET.fullmatch(target_text):
        result = {k: v for k, v in result.items() if k != "target"}  # Number()'s own syntax: domain only
    assert result == expected, (reply["pairs"], result, expected)


# ---------------------------------------------------------------------------- strategies

keys = st.sampled_from([*sorted(KEYS), "Lang", "EMBED", "nosw", "__proto__", "constructor", "", "lang[]"])
values = st.one_of(st.sampled_from(HOSTILE_VALUES), st.sampled_from(LANGUAGES + LEVELS + SPEEDS),
                   st.lists(st.sampled_from([*LEVELS, "", "x"]), max_size=5).map(",".join),
                   st.integers(-10, 10**16).map(str), st.text(max_size=12))


def encode(text: str, how: str) -> str:
    """A query component as a page might see it: raw, percent-encoded, or with + for spaces."""
    if how == "raw":
        return text
    from urllib.parse import quote, quote_plus

    data = text.encode("utf-8", "surrogatepass")
    return quote_plus(data, safe=",") if how == "plus" else quote(data, safe="")


@st.composite
def pair_queries(draw) -> str:
    """A query of random pairs of the page's keys (and near misses) with any value."""
    parts = []
    for _ in range(draw(st.integers(0, 7))):
        how = draw(st.sampled_from(["raw", "percent", "plus"]))
        key, value = encode(draw(keys), how), encode(draw(values), how)
        parts.append(draw(st.sampled_from([f"{key}={value}", key, f"{key}=", f"={value}", f"{key}=={value}"])))
    return draw(st.sampled_from(["?", "", "??"])) + draw(st.sampled_from(["&", "&&", ";"])).join(parts)


@st.composite
def mutated_queries(draw) -> str:
    """A real query with characters inserted, deleted or replaced, keys repeated or cased."""
    query = list(draw(st.sampled_from(REAL_QUERIES)))
    for _ in range(draw(st.integers(1, 5))):
        op = draw(st.sampled_from(["insert", "delete", "replace", "repeat", "upper", "pad"]))
        i = draw(st.integers(0, max(len(query) - 1, 0)))
        ch = draw(st.sampled_from(list("&=?,%+# 0129e.-x") + ["%00", "%26", "%3D", "%2C", "\u00e9", "\ud800"]))
        if op == "insert":
            query.insert(i, ch)
        elif op == "delete" and query:
            del query[i]
        elif op == "replace" and query:
            query[i] = ch
        elif op == "repeat":
            query.extend(["&", *draw(st.sampled_from(REAL_QUERIES)).lstrip("?")])
        elif op == "upper":
            query = list("".join(query).upper())
        else:
            query.insert(i, draw(st.sampled_from([" ", "%20", "\t", "%09", "\u00a0"])))
    return "".join(query)


queries = st.one_of(st.text(max_size=60), pair_queries(), mutated_queries())


# ---------------------------------------------------------------------------- properties


def test_the_page_checks_against_the_documented_domains(probe):
    assert probe.domains == {"levels": LEVELS, "speeds": SPEEDS, "languages": LANGUAGES}


@FUZZ
@given(search=queries, via_location=st.booleans())
def test_every_query_gives_documented_settings_or_defaults(probe, search, via_location):
    check(probe.run(search, via_location))


@pytest.mark.parametrize("search, settings_", [
    ("?levels=<script>", {}),
    ("?target=1e309", {}),
    ("?target=100001", {}),
    ("?target=0x10", {"target": 16}),  # Number("0x10"): a value in the domain
    ("?seed=-1", {}),
    ("?seed=1000000000000000", {}),
    ("?lang=__proto__", {}),
    ("?lang=constructor&speed=hasOwnProperty", {}),
    ("?speed=constructor", {}),
    ("?levels=hard,normal,hard,&embed=1", {"levels": ["hard", "normal", "hard"], "embed": True}),
    ("?embed=1&embed=0&lang=it&lang=xx", {"embed": True, "lang": "it"}),
    ("?lang=fr%00", {}),
    ("?seed=%D9%A1", {}),  # an Arabic-Indic one: not an ASCII digit
    ("?target=%20500%20&seed=007", {"target": 500, "seed": 7}),
])
def test_hostile_queries_of_the_smoke_test(probe, search, settings_):
    reply = probe.run(search)
    check(reply)
    assert reply["result"] == settings_
