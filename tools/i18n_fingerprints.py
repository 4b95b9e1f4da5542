#!/usr/bin/env python3
"""Fingerprints of the English text each translation was made from, to catch stale translations.

    python tools/i18n_fingerprints.py                    # list stale or unrecorded translations
    python tools/i18n_fingerprints.py fr KEY [KEY ...]   # fr's KEY now translates today's English
    python tools/i18n_fingerprints.py fr --all           # every key of fr (after a full review)
    python tools/i18n_fingerprints.py --rules ...        # the same for the rules pages' texts

For each language and key, `_fingerprints.json` beside the catalogues holds a short hash of the
English value that the translation follows. When an English string changes, its hash no longer
matches and tests/test_i18n.py fails for every language until the string is re-translated and
recorded here. The file is a source only: build_wheel.py ships no `_*` file, so the page never
downloads it.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = {"ui": ROOT / "site" / "i18n", "rules": ROOT / "site" / "rules" / "_text"}
LANGS = ["en", "fr", "lt", "it", "vi", "hi"]
TRANSLATED = LANGS[1:]


def fingerprint(value: object) -> str:
    """Eight hex digits of the English value (a string, or an object of plural forms)."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def load(folder: Path, lang: str) -> dict:
    return json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))


def fingerprints_path(folder: Path) -> Path:
    return folder / "_fingerprints.json"


def load_fingerprints(folder: Path) -> dict[str, dict[str, str]]:
    path = fingerprints_path(folder)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def stale(folder: Path) -> list[tuple[str, str, str]]:
    """(lang, key, why) for every translation whose English changed or was never recorded."""
    english = load(folder, "en")
    recorded = load_fingerprints(folder)
    out = []
    for lang in TRANSLATED:
        marks = recorded.get(lang, {})
        for key, value in english.items():
            if key not in marks:
                out.append((lang, key, "no fingerprint recorded"))
            elif marks[key] != fingerprint(value):
                out.append((lang, key, "the English text changed since this translation"))
        out.extend((lang, key, "fingerprint of a key English no longer has") for key in marks if key not in english)
    return out


def record(folder: Path, lang: str, keys: list[str]) -> None:
    english = load(folder, "en")
    translated = load(folder, lang)
    unknown = [k for k in keys if k not in english or k not in translated]
    if unknown:
        sys.exit(f"not in en.json and {lang}.json: {unknown}")
    recorded = load_fingerprints(folder)
    marks = recorded.setdefault(lang, {})
    for key in keys:
        marks[key] = fingerprint(english[key])
    # Keys in English order, languages in LANGS order: a stable file, small diffs.
    recorded[lang] = {k: marks[k] for k in english if k in marks}
    ordered = {code: recorded[code] for code in TRANSLATED if code in recorded}
    fingerprints_path(folder).write_text(json.dumps(ordered, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", action="store_true", help="the rules pages' texts (site/rules/_text)")
    ap.add_argument("lang", nargs="?", choices=TRANSLATED)
    ap.add_argument("keys", nargs="*")
    ap.add_argument("--all", action="store_true", help="record every key of LANG")
    args = ap.parse_args(argv)
    folder = CATALOGUES["rules" if args.rules else "ui"]
    if args.lang is None:
        problems = stale(folder)
        for lang, key, why in problems:
            print(f"{lang} {key}: {why}")
        return 1 if problems else 0
    keys = list(load(folder, "en")) if args.all else args.keys
    if not keys:
        ap.error("name the keys you re-translated, or --all")
    record(folder, args.lang, keys)
    print(f"recorded {len(keys)} fingerprint(s) for {args.lang} in {fingerprints_path(folder).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
