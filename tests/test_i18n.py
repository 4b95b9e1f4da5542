"""Translations and rules pages: every language has every key, and every key is used.

No browser here (e2e/test_languages.py looks at the rendered pages). The checks:
- site/i18n/<lang>.json for each language of site/js/i18n.js: valid JSON, no duplicate key,
  exactly the keys of en.json, the same {placeholders}, no empty value, no English left over,
  NFC text; a counted sentence (a plural object) has exactly its language's CLDR categories;
- every translation follows today's English: site/i18n/_fingerprints.json holds a hash of the
  English each translation was made from (tools/i18n_fingerprints.py records them);
- every key of en.json is used: it appears literally (quoted) in site/js/*.js, site/*.html, or
  engine/belote/**/*.py (the hint `reason_key`s, e.g. "hint.take"); and every key the JS asks for with
  t("...") / hasKey("...") / data-i18n="..." exists in en.json;
- the rules pages build_wheel.py generates (site/rules/_page.html + _text/<lang>.json), one per
  language, with the right `lang`, the link back to the game, the language switcher, and nothing
  a strict CSP or axe-core would refuse; their texts follow today's English (fingerprints too).
"""
from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # build_wheel.py: the shipped font files, the rules page generator
SITE = ROOT / "site"
I18N = SITE / "i18n"
RULES = SITE / "rules"
LANGS = ["en", "fr", "lt", "it", "vi", "hi"]
OTHERS = [lang for lang in LANGS if lang != "en"]

PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Words that stay the same in several languages (Belote's own French terms, card letters...).
SAME_EVERYWHERE = {
    "belote", "rebelote", "capot", "dedans", "litige", "normal", "total", "scores",
    "j", "q", "k", "a", "enter",
}
# CLDR plural categories of each language (Intl.PluralRules(lang).resolvedOptions().pluralCategories;
# e2e/test_languages.py checks this table against Chromium's).
PLURAL_CATEGORIES = {
    "en": {"one", "other"},
    "fr": {"one", "many", "other"},
    "lt": {"one", "few", "many", "other"},
    "it": {"one", "many", "other"},
    "vi": {"other"},
    "hi": {"one", "other"},
}
DEVANAGARI = re.compile(r"[\u0900-\u097F]")
VIETNAMESE = re.compile(r"[ăâđêôơưĂÂĐÊÔƠƯ\u1EA0-\u1EF9]")


Value = str | dict[str, str]  # a string, or the plural forms of a counted sentence


def load_json_strict(path: Path) -> dict[str, Value]:
    def no_duplicates(pairs):
        keys = [k for k, _ in pairs]
        dupes = sorted({k for k in keys if keys.count(k) > 1})
        assert not dupes, f"{path.name}: duplicate keys {dupes}"
        return dict(pairs)

    return json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=no_duplicates)


@pytest.fixture(scope="module")
def en() -> dict[str, Value]:
    return load_json_strict(I18N / "en.json")


def forms(value: Value) -> list[str]:
    """The texts of a value: itself, or each of its plural forms."""
    return list(value.values()) if isinstance(value, dict) else [value]


def placeholders(value: Value) -> set[str]:
    return {name for text in forms(value) for name in PLACEHOLDER.findall(text)}


def source_texts() -> dict[str, str]:
    files = sorted((SITE / "js").glob("*.js")) + sorted(SITE.glob("*.html"))
    files += sorted((ROOT / "engine" / "belote").rglob("*.py"))
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in files}


# ------------------------------------------------------------------ the catalogues


def test_language_list_matches_files():
    """The languages the UI offers (i18n.js LANGUAGES) are exactly the six we ship."""
    js = (SITE / "js" / "i18n.js").read_text(encoding="utf-8")
    block = re.search(r"LANGUAGES\s*=\s*\{(.*?)\}", js, re.S)
    assert block, "LANGUAGES not found in site/js/i18n.js"
    offered = re.findall(r"^\s*([a-z]{2})\s*:", block.group(1), re.M)
    assert sorted(offered) == sorted(LANGS)
    for lang in LANGS:
        assert (I18N / f"{lang}.json").is_file(), f"site/i18n/{lang}.json is missing"


def test_english_is_well_formed(en):
    assert en, "en.json is empty"
    for key, value in en.items():
        assert re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)*", key), f"en.json: odd key {key!r}"
        if isinstance(value, dict):
            assert set(value) == PLURAL_CATEGORIES["en"], f"en.json: {key} forms {sorted(value)}"
        for text in forms(value):
            assert isinstance(text, str) and text.strip(), f"en.json: {key} is empty"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_are_the_languages_own(lang, en):
    """A counted sentence gives every plural category its language needs, and no other."""
    tr = load_json_strict(I18N / f"{lang}.json")
    counted = [k for k, v in en.items() if isinstance(v, dict)]
    assert {"cards_in_hand", "seat_label_you", "announce_trick", "announce_trick_you"} <= set(counted)
    problems = []
    for key in counted:
        value = tr.get(key)
        if not isinstance(value, dict):
            problems.append(f"{key}: not an object of plural forms")
        elif set(value) != PLURAL_CATEGORIES[lang]:
            problems.append(f"{key}: forms {sorted(value)}, {lang} needs {sorted(PLURAL_CATEGORIES[lang])}")
    problems += [f"{key}: plural forms where English has one text" for key, value in tr.items()
                 if isinstance(value, dict) and not isinstance(en.get(key), dict)]
    assert not problems, f"{lang}.json:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_text_is_nfc(lang):
    """Composed characters (Vietnamese ế is one code point): what fonts and searches expect."""
    import unicodedata

    tr = load_json_strict(I18N / f"{lang}.json")
    bad = [k for k, v in tr.items() for text in forms(v) if not unicodedata.is_normalized("NFC", text)]
    assert not bad, f"{lang}.json: not NFC: {bad}"


@pytest.mark.parametrize("lang", OTHERS)
def test_translations_follow_todays_english(lang):
    """Change an English string and this fails until each language is re-translated and its
    fingerprint recorded (python tools/i18n_fingerprints.py LANG KEY)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import i18n_fingerprints

    problems = [f"{key}: {why}" for code, key, why in i18n_fingerprints.stale(I18N) if code == lang]
    assert not problems, (f"{lang}.json is behind en.json (re-translate, then "
                          f"`python tools/i18n_fingerprints.py {lang} KEY...`):\n  " + "\n  ".join(problems))


def test_fingerprints_catch_a_changed_english_string(tmp_path):
    """The check above can fail: change one English text in a copy and it reports that key."""
    sys.path.insert(0, str(ROOT / "tools"))
    import i18n_fingerprints

    for lang in LANGS:
        (tmp_path / f"{lang}.json").write_text((I18N / f"{lang}.json").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "_fingerprints.json").write_text((I18N / "_fingerprints.json").read_text(encoding="utf-8"), encoding="utf-8")
    assert i18n_fingerprints.stale(tmp_path) == []
    english = json.loads((tmp_path / "en.json").read_text(encoding="utf-8"))
    english["btn_hint"] = "Get a hint"
    english["cards_in_hand"]["other"] = "{n} cards left"
    (tmp_path / "en.json").write_text(json.dumps(english, ensure_ascii=False), encoding="utf-8")
    found = {(lang, key) for lang, key, _ in i18n_fingerprints.stale(tmp_path)}
    assert found == {(lang, key) for lang in OTHERS for key in ("btn_hint", "cards_in_hand")}
    i18n_fingerprints.record(tmp_path, "fr", ["btn_hint"])
    assert ("fr", "btn_hint") not in {(lang, key) for lang, key, _ in i18n_fingerprints.stale(tmp_path)}


def test_fingerprints_are_not_shipped():
    """Sources named _* (fingerprints, the rules pages' template and texts) stay out of dist/site."""
    import fnmatch

    import build_wheel

    assert any(fnmatch.fnmatch("_fingerprints.json", pat) for pat in build_wheel.SOURCE_ONLY)


@pytest.mark.parametrize("lang", OTHERS)
def test_same_keys_as_english(lang, en):
    tr = load_json_strict(I18N / f"{lang}.json")
    missing = [k for k in en if k not in tr]
    extra = [k for k in tr if k not in en]
    assert not missing, f"{lang}.json lacks {missing}"
    assert not extra, f"{lang}.json has keys en.json does not: {extra}"


@pytest.mark.parametrize("lang", OTHERS)
def test_values_non_empty_and_placeholders_match(lang, en):
    tr = load_json_strict(I18N / f"{lang}.json")
    problems = []
    for key, value in tr.items():
        for text in forms(value):
            if not isinstance(text, str) or not text.strip():
                problems.append(f"{key}: empty")
                continue
            # Same set of names in every form (a language may use one twice or once where
            # English differs).
            if key in en and set(PLACEHOLDER.findall(text)) != placeholders(en[key]):
                problems.append(f"{key}: placeholders {PLACEHOLDER.findall(text)} "
                                f"!= English {sorted(placeholders(en[key]))}")
            if text.count("{") != text.count("}"):
                problems.append(f"{key}: unbalanced braces")
    assert not problems, f"{lang}.json:\n  " + "\n  ".join(problems)


def words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", PLACEHOLDER.sub(" ", text).lower())


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_left_over(lang, en):
    """A value identical to English is only allowed when it is made of shared words."""
    tr = load_json_strict(I18N / f"{lang}.json")
    english = {key: set(forms(value)) for key, value in en.items()}
    leftovers = [
        key for key, value in tr.items() for text in forms(value)
        if text in english.get(key, ()) and not set(words(text)) <= SAME_EVERYWHERE
    ]
    assert not leftovers, f"{lang}.json still has English values: {leftovers}"


def test_hindi_is_written_in_devanagari():
    tr = load_json_strict(I18N / "hi.json")
    latin_only = [
        key for key, value in tr.items() for text in forms(value)
        if len("".join(words(text))) > 3 and not DEVANAGARI.search(text)
        and not set(words(text)) <= SAME_EVERYWHERE
    ]
    assert not latin_only, f"hi.json values without Devanagari: {latin_only}"


def test_vietnamese_has_its_diacritics():
    tr = load_json_strict(I18N / "vi.json")
    with_marks = sum(1 for v in tr.values() if VIETNAMESE.search(" ".join(forms(v))))
    assert with_marks >= len(tr) // 2, "vi.json looks like it lost its diacritics"


# ------------------------------------------------------------ keys used in the UI


def test_every_key_is_used(en):
    texts = "\n".join(source_texts().values())
    unused = [k for k in en if not re.search(r"[\"'`]" + re.escape(k) + r"[\"'`]", texts)]
    assert not unused, (
        "keys of en.json that no site/js/*.js, site/*.html or engine/belote/**/*.py mentions "
        f"literally (write them out: t(\"key\")): {unused}")


KEY_USES = [
    re.compile(r"\bt\(\s*[\"'`]([A-Za-z0-9_.]+)[\"'`]"),
    re.compile(r"\bhasKey\(\s*[\"'`]([A-Za-z0-9_.]+)[\"'`]"),
    re.compile(r"data-i18n(?:-label|-title)?\s*=\s*[\"']([A-Za-z0-9_.]+)[\"']"),
    re.compile(r"\.dataset\.i18n(?:Label|Title)?\s*=\s*[\"'`]([A-Za-z0-9_.]+)[\"'`]"),
    re.compile(r"setAttribute\(\s*[\"']data-i18n(?:-label|-title)?[\"']\s*,\s*[\"'`]([A-Za-z0-9_.]+)[\"'`]"),
]


def test_every_key_asked_for_exists(en):
    asked: dict[str, set[str]] = {}
    for name, text in source_texts().items():
        if not name.startswith("site/"):
            continue
        for pattern in KEY_USES:
            for key in pattern.findall(text):
                asked.setdefault(key, set()).add(name)
    assert asked, "no t(\"...\") or data-i18n=\"...\" found in site/: has the UI moved?"
    unknown = {k: sorted(v) for k, v in asked.items() if k not in en}
    assert not unknown, f"keys used by the UI but absent from en.json: {unknown}"


# --------------------------------------------------------------------- rules pages


class PageScan(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.html_lang: str | None = None
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.ids: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs_d = dict(attrs)
        if tag == "html":
            self.html_lang = attrs_d.get("lang")
        if "id" in attrs_d:
            self.ids.append(attrs_d["id"] or "")
        self.tags.append((tag, attrs_d))

    def handle_data(self, data):
        self.text.append(data)


@pytest.fixture(scope="module")
def rules_pages() -> dict[str, str]:
    """The pages build_wheel.py writes to dist/site/rules/ (template + each language's texts)."""
    import build_wheel

    return build_wheel.rules_pages(SITE)


def scan_page(text: str) -> PageScan:
    page = PageScan()
    page.feed(text)
    return page


def test_rules_pages_one_per_language(rules_pages):
    assert list(rules_pages) == LANGS
    stale = [p.name for p in RULES.glob("*.html") if not p.name.startswith("_")]
    assert not stale, f"rules pages are generated: edit rules/_page.html and _text/, not {stale}"


@pytest.mark.parametrize("lang", OTHERS)
def test_rules_texts_follow_todays_english(lang):
    """As for the UI: a changed English text fails until re-translated and recorded
    (python tools/i18n_fingerprints.py --rules LANG KEY)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import i18n_fingerprints

    problems = [f"{key}: {why}" for code, key, why in i18n_fingerprints.stale(RULES / "_text") if code == lang]
    assert not problems, f"rules/_text/{lang}.json is behind en.json:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_rules_texts_keep_the_english_markup(lang):
    """A text may move <strong>/<em> around, but keeps as many as English (nothing lost)."""
    english = load_json_strict(RULES / "_text" / "en.json")
    tr = load_json_strict(RULES / "_text" / f"{lang}.json")
    differ = [k for k, v in tr.items()
              if sorted(re.findall(r"<(\w+)>", v)) != sorted(re.findall(r"<(\w+)>", english[k]))
              and k not in RULES_MARKUP_MAY_DIFFER]
    assert not differ, f"{lang}: inline markup differs from English in {differ}"


# Texts where a language emphasises more or fewer words than English does.
RULES_MARKUP_MAY_DIFFER = {"points.p1", "obligations.li4", "obligations.li7"}


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_language_and_links(lang, rules_pages):
    page = scan_page(rules_pages[lang])
    assert page.html_lang == lang
    hrefs = [a.get("href") for tag, a in page.tags if tag == "a"]
    assert f"../index.html?lang={lang}" in hrefs, "no link back to the game in this language"
    for other in LANGS:
        assert f"{other}.html" in hrefs, f"language switcher lacks {other}.html"
    current = [a for tag, a in page.tags if tag == "a" and a.get("aria-current") == "page"]
    assert [a.get("href") for a in current] == [f"{lang}.html"]
    assert any(tag == "link" and a.get("href") == "rules.css" for tag, a in page.tags)
    assert (RULES / "rules.css").is_file()


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_is_csp_and_axe_friendly(lang, rules_pages):
    page = scan_page(rules_pages[lang])
    for tag, attrs in page.tags:
        assert tag != "script" or attrs.get("src"), "inline <script>"
        assert tag != "style", "inline <style> (CSP)"
        assert "style" not in attrs, f"style attribute on <{tag}> (CSP)"
        handlers = [name for name in attrs if name.startswith("on")]
        assert not handlers, f"inline event handler {handlers} on <{tag}>"
        for name in ("src", "href"):
            url = attrs.get(name) or ""
            assert not re.match(r"(?i)(https?:)?//", url), f"<{tag} {name}={url}>: another origin"
        if tag == "th":
            assert attrs.get("scope") in ("col", "row"), "<th> without scope"
        if tag == "img":
            assert "alt" in attrs
    assert len(page.ids) == len(set(page.ids)), "duplicate ids"
    names = [tag for tag, _ in page.tags]
    assert names.count("h1") == 1 and "main" in names and "nav" in names
    levels = [int(tag[1]) for tag in names if re.fullmatch(r"h[1-6]", tag)]
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:])), f"heading levels skip: {levels}"


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_states_the_facts(lang, rules_pages):
    """The numbers every page must give: points table, totals, belote, match target."""
    text = " ".join(scan_page(rules_pages[lang]).text)
    for symbol in "♣♦♥♠":
        assert symbol in text
    for number in ("32", "162", "252", "20", "14", "11", "1000", "500", "2000", "1.0.0"):
        assert re.search(rf"(?<![\d.]){re.escape(number)}(?![\d.])", text), f"{number} not stated"
    if lang == "hi":
        assert len(DEVANAGARI.findall(text)) > 1000
    if lang == "vi":
        assert len(VIETNAMESE.findall(text)) > 200


# --------------------------------------------------------------------------- fonts

FONT_FACE = re.compile(r"@font-face\s*\{[^}]*\}", re.S)


def test_devanagari_font_faces_match_the_shipped_files():
    """One fonts.css declares the @font-face rules, for exactly the files build_wheel.py copies
    from the pinned npm package, Devanagari range only, system fonts first; the game page and
    the rules pages link it before their own stylesheet, which declares none."""
    import build_wheel

    faces = FONT_FACE.findall((SITE / "css" / "fonts.css").read_text(encoding="utf-8"))
    assert len(faces) == 2
    for css in ("css/main.css", "rules/rules.css"):
        assert not FONT_FACE.findall((SITE / css).read_text(encoding="utf-8")), f"{css}: the faces belong in fonts.css"
    for page, links in (("index.html", ["css/fonts.css", "css/main.css"]),
                        ("rules/_page.html", ["../css/fonts.css", "rules.css"])):
        html = (SITE / page).read_text(encoding="utf-8")
        assert re.findall(r'<link rel="stylesheet" href="([^"]+)">', html) == links, page
    urls = sorted(u for face in faces for u in re.findall(r'url\("\.\./fonts/([^"]+)"\)', face))
    assert urls == sorted(build_wheel.FONT_FILES)
    for face in faces:
        assert "Belote Devanagari" in face and "font-display: swap" in face
        ranges = re.search(r"unicode-range:\s*([^;]+);", face).group(1)
        assert "U+0900-097F" in ranges and "U+00" not in ranges  # no Latin: Hindi only
        assert 'local("Noto Sans Devanagari' in face and 'local("Nirmala UI' in face  # the system's first
    spec = json.loads((ROOT / "package.json").read_text())["dependencies"][build_wheel.FONT_PACKAGE]
    assert re.fullmatch(r"\d+\.\d+\.\d+", spec), f"{build_wheel.FONT_PACKAGE} must be pinned exactly"
    for css in ("css/main.css", "rules/rules.css"):
        text = (SITE / css).read_text(encoding="utf-8")
        # first: Chromium keeps text drawn with a fallback while a later webfont loads (css/fonts.css)
        stacks = re.findall(r"font-family:\s*([^;]*system-ui[^;]*);", text)
        assert stacks and all(st.startswith('"Belote Devanagari", system-ui') for st in stacks), (css, stacks)
