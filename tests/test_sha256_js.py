"""site/js/sha256.js, run in Node, against Python's hashlib: the match's key for the statistics and
the reviews (stats.js matchKey) is its digest, on plain HTTP (no crypto.subtle) as on HTTPS, so it
must be SHA-256 exactly: at each padding boundary (55/56 and 63/64 bytes a block) and in UTF-8."""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHA_JS = ROOT / "site" / "js" / "sha256.js"
STATS_JS = ROOT / "site" / "js" / "stats.js"

PROBE = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const { sha256 } = await import(pathToFileURL(process.argv[1]).href);
const { matchKey } = await import(pathToFileURL(process.argv[2]).href);
const { texts, save } = JSON.parse(readFileSync(0, "utf8"));
const hex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
process.stdout.write(JSON.stringify({ digests: texts.map((t) => hex(sha256(t))), key: matchKey(save) }));
"""

# Every length across the first two blocks' padding boundaries, then multi-byte characters
# (2, 3 and 4 bytes in UTF-8) and a text several blocks long.
TEXTS = ["a" * n for n in range(0, 130)] + ["é", "€uro", "🂡 as de pique", "lietuvių kalba", "tiếng Việt",
                                           "हिन्दी", "x" * 1000]


def run_probe(texts: list[str], save: dict) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run([node, "--input-type=module", "-e", PROBE, str(SHA_JS), str(STATS_JS)],
                          input=json.dumps({"texts": texts, "save": save}), capture_output=True, text=True,
                          check=True, timeout=60)
    return json.loads(done.stdout)


def test_sha256_js_is_sha256_and_match_keys_keep_their_value():
    save = {"game": {"seed": 123456789, "decks": [[3, 1, 4], [1, 5, 9]], "first_dealer": 2}, "ai_seed": 42}
    out = run_probe(TEXTS, save)
    assert out["digests"] == [hashlib.sha256(t.encode()).hexdigest() for t in TEXTS]
    # The key as crypto.subtle made it before: stored statistics and kept reviews still match.
    seeds = json.dumps([123456789, 42, [[3, 1, 4], [1, 5, 9]], 2], separators=(",", ":"))
    assert out["key"] == hashlib.sha256(seeds.encode()).hexdigest()[:16]
