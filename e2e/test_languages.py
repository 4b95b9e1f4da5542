"""Six languages in a real Chromium: no untranslated key, no English left over, scripts render.

- the game opened with ?lang=xx: <html lang>, every data-i18n element shows that language's
  string, no raw key or {placeholder} in the text or the accessible names, no line of English
  where a translation exists, Devanagari (hi) and Vietnamese diacritics (vi) on screen;
- the browser's language picks the UI language, the switcher changes it and it is remembered;
- the rules page of every language: its lang, the link back to the game keeping the language,
  the switcher, the rules link of the game pointing at it, axe-core finding no violation.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page

from conftest import READY, BOOT_TIMEOUT_MS
from ui_helpers import NO_BACKGROUND_REVIEWS

ROOT = Path(__file__).resolve().parent.parent
LANGS = ["en", "fr", "lt", "it", "vi", "hi"]
RAW_KEY = re.compile(r"\b[a-z][a-z0-9]*(?:[._][a-z0-9]+)+\b")  # btn_hint, hint.take
PLACEHOLDER = re.compile(r"\{\w+\}")
DEVANAGARI = re.compile(r"[\u0900-\u097F]")
VIETNAMESE = re.compile(r"[ăâđêôơưĂÂĐÊÔƠƯ\u1EA0-\u1EF9]")


def catalogue(lang: str) -> dict[str, str]:
    """The language's strings; a counted sentence's plural forms come as `key#category`."""
    raw = json.loads((ROOT / "site" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    out = {}
    for key, value in raw.items():
        if isinstance(value, dict):
            out.update({f"{key}#{category}": text for category, text in value.items()})
        else:
            out[key] = value
    return out


# Everything a person or a screen reader gets from the page: the text, plus aria-labels,
# titles, placeholders and the values of buttons (attributes innerText does not show).
COLLECT_JS = """() => {
  const out = {text: document.body.innerText, attrs: [], i18n: []};
  for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')) {
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
      const v = el.getAttribute(a);
      if (v) out.attrs.push(v);
    }
  }
  for (const el of document.querySelectorAll('[data-i18n]')) {
    out.i18n.push([el.dataset.i18n, el.textContent.trim()]);
  }
  for (const el of document.querySelectorAll('[data-i18n-label]')) {
    out.i18n.push([el.dataset.i18nLabel, (el.getAttribute('aria-label') || '').trim()]);
  }
  return out;
}"""


def open_in(page: Page, site_url: str, lang: str) -> Page:
    page.goto(f"{site_url}?lang={lang}&{NO_BACKGROUND_REVIEWS}")  # the review's language: test_review
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    # Let the first computer moves and the status line settle into the page's language.
    page.wait_for_selector("html[lang='%s']" % lang, state="attached")
    return page


def untranslated(page: Page, lang: str) -> list[str]:
    got = page.evaluate(COLLECT_JS)
    strings = catalogue(lang)
    english = catalogue("en")
    problems = []
    for key, shown in got["i18n"]:
        if key in strings and "{" not in strings[key] and shown != strings[key].strip():
            problems.append(f"data-i18n {key!r} shows {shown!r}, not {strings[key]!r}")
    everything = [got["text"], *got["attrs"]]
    for text in everything:
        for raw in RAW_KEY.findall(text):
            if raw in english:
                problems.append(f"raw key on screen: {raw!r}")
        for ph in PLACEHOLDER.findall(text):
            problems.append(f"unfilled placeholder {ph!r} in {text[:80]!r}")
    if lang != "en":
        same_here = {v.strip() for v in strings.values()}  # "Normal" is French too
        english_only = {
            v.strip() for k, v in english.items()
            if "{" not in v and v.strip() not in same_here and len(v.strip()) > 3
        }
        lines = {line.strip() for text in everything for line in text.splitlines()}
        for line in sorted(lines & english_only):
            problems.append(f"English left over: {line!r}")
    return problems


@pytest.mark.parametrize("lang", LANGS)
def test_game_in_each_language(page: Page, site_url: str, lang: str):
    open_in(page, site_url, lang)
    assert page.evaluate("document.documentElement.lang") == lang
    problems = untranslated(page, lang)
    assert not problems, f"{lang}:\n  " + "\n  ".join(problems)
    text = page.evaluate("document.body.innerText")
    if lang == "hi":
        assert len(DEVANAGARI.findall(text)) > 20, "hardly any Devanagari on the Hindi page"
    if lang == "vi":
        assert len(VIETNAMESE.findall(text)) > 5, "no Vietnamese diacritics on the Vietnamese page"
    href = page.get_attribute("#rules-link", "href")
    assert href and href.endswith(f"rules/{lang}.html"), f"rules link: {href}"


@pytest.mark.parametrize("lang", ["fr", "hi"])
def test_dialogs_translated(page: Page, site_url: str, lang: str):
    """The score sheet and the new-game dialog speak the language too."""
    open_in(page, site_url, lang)
    for button in ("#btn-sheet", "#btn-new"):
        page.click(button)
        page.wait_for_selector("dialog[open]", state="visible")
        problems = untranslated(page, lang)
        assert not problems, f"{lang} {button}:\n  " + "\n  ".join(problems)
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[open]", state="detached")


@pytest.mark.parametrize("lang", ["fr", "lt", "hi"])
def test_hint_reason_translated(page: Page, site_url: str, lang: str):
    """The hint's reason comes from the engine as a key: it shows in the page's language."""
    open_in(page, site_url, lang)
    page.click("#btn-hint")
    page.wait_for_selector(".hinting", state="attached", timeout=BOOT_TIMEOUT_MS)
    status = page.text_content(".hinting") or ""
    prefix = catalogue(lang)["status_hint"].split("{")[0].strip()
    assert status.strip().startswith(prefix), status
    english = catalogue("en")
    leftovers = [v for k, v in english.items()
                 if k.startswith("hint") and "{" not in v and v in status]
    assert not leftovers, f"English hint in {lang}: {status!r}"
    assert not untranslated(page, lang)


# Counts in sentences: Chromium's Intl.PluralRules picks the form from the catalogue's own.
PLURAL_SAMPLES = {
    "en": {0: "0 cards", 1: "1 card", 2: "2 cards"},
    "fr": {0: "0 carte", 1: "1 carte", 2: "2 cartes", 8: "8 cartes"},
    "lt": {1: "1 korta", 3: "3 kortos", 8: "8 kortos", 10: "10 kortų", 12: "12 kortų", 21: "21 korta"},
    "it": {0: "0 carte", 1: "1 carta", 8: "8 carte"},
    "vi": {1: "1 lá", 8: "8 lá"},
    "hi": {1: "1 पत्ता", 8: "8 पत्ते"},
}


def test_plural_forms_in_the_page(page: Page, site_url: str):
    open_in(page, site_url, "en")
    for lang in LANGS:
        page.select_option("#lang-select", lang)
        page.wait_for_selector(f"html[lang='{lang}']", state="attached")
        got = page.evaluate("""async (samples) => {
          const i18n = await import("./js/i18n.js");
          const lang = document.documentElement.lang;
          return {
            categories: new Intl.PluralRules(lang).resolvedOptions().pluralCategories.sort(),
            cards: Object.fromEntries(Object.keys(samples).map((n) => [n, i18n.t("cards_in_hand", { n: Number(n) })])),
            trick: i18n.t("announce_trick", { player: "X", points: 1 }),
          };
        }""", {str(n): text for n, text in PLURAL_SAMPLES[lang].items()})
        raw = json.loads((ROOT / "site" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for key, value in raw.items():
            if isinstance(value, dict):
                assert sorted(value) == got["categories"], f"{lang} {key}: forms {sorted(value)}"
        assert got["cards"] == {str(n): text for n, text in PLURAL_SAMPLES[lang].items()}, lang
        one = raw["announce_trick"].get(page.evaluate(f"new Intl.PluralRules('{lang}').select(1)"))
        assert got["trick"] == one.replace("{player}", "X").replace("{points}", "1")
    # the person's seat says how many cards, in the right form (once the render after the
    # language change has relabelled it)
    page.wait_for_selector(".seat[data-seat='0'][aria-label^='आप, ']", state="attached")
    label = page.get_attribute(".seat[data-seat='0']", "aria-label")
    assert label and label.startswith("आप, ") and label.endswith("पत्ते"), label


def test_switch_language_and_remember(page: Page, site_url: str):
    open_in(page, site_url, "en")
    page.select_option("#lang-select", "vi")
    page.wait_for_selector("html[lang='vi']", state="attached")
    page.wait_for_selector("#btn-new:text-is('%s')" % catalogue("vi")["btn_new_game"])
    page.goto(site_url)  # no ?lang: the remembered choice wins
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("html[lang='vi']", state="attached")
    assert not untranslated(page, "vi")


def test_browser_language_is_picked(browser, guard, site_url: str):
    context = browser.new_context(locale="it-IT", viewport={"width": 1280, "height": 800})
    guard.attach(context)
    try:
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector("html[lang='it']", state="attached")
        assert page.text_content("#btn-new").strip() == catalogue("it")["btn_new_game"]
    finally:
        context.close()
    guard.check()


# --------------------------------------------------------------------- rules pages


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page(page: Page, site_url: str, lang: str):
    page.goto(f"{site_url}rules/{lang}.html")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("h1").count() == 1 and page.locator("h1").is_visible()
    back = page.locator("a.back")
    assert back.get_attribute("href") == f"../index.html?lang={lang}"
    assert page.locator("nav.languages a").count() == len(LANGS)
    assert page.locator("nav.languages a[aria-current='page']").get_attribute("href") == f"{lang}.html"
    # The stylesheet applied (system font stack), nothing overflows a 360 px phone.
    font = page.evaluate("getComputedStyle(document.body).fontFamily")
    assert "Noto Sans Devanagari" in font
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    text = page.evaluate("document.body.innerText")
    if lang == "hi":
        assert len(DEVANAGARI.findall(text)) > 1000
    if lang == "vi":
        assert len(VIETNAMESE.findall(text)) > 200
    # The switcher and the back link lead where they say.
    page.click("nav.languages a[hreflang='fr']")
    page.wait_for_url(re.compile(r"rules/fr\.html$"))
    assert page.evaluate("document.documentElement.lang") == "fr"


@pytest.mark.parametrize("lang,scheme", [("en", "light"), ("hi", "light"), ("vi", "light"),
                                          ("fr", "dark")])
def test_rules_page_axe(browser, site_url: str, lang: str, scheme: str):
    """axe-core (axe-playwright-python, injected from the package, no network) finds nothing."""
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(bypass_csp=True, color_scheme=scheme,
                                  viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        page.goto(f"{site_url}rules/{lang}.html")
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()


def test_the_new_game_dialogs_rules_link_comes_back_to_the_match_in_the_same_tab(page: Page, open_game):
    """The rules from the New game dialog opened in a new tab, whose "Back to the game" then
    loaded a second copy of the game, locked out of the match ("This match is open in another
    tab"). They open in this tab now, and the way back resumes the match here."""
    from ui_helpers import MY_TURN, moves

    open_game(page, "lang=fr&levels=easy,easy,easy&speed=instant&seed=3")
    page.wait_for_selector(MY_TURN, state="attached")
    page.click("#bids button[data-action='pass']")
    # right after the click, MY_TURN can still be the turn just played (this test once read 0
    # moves there): first the pass shown, then the person's next turn
    page.wait_for_function("() => Number(document.querySelector('#app').dataset.moves) > 0")
    page.wait_for_selector(MY_TURN, state="attached")
    played = moves(page)
    page.click("#btn-new")
    link = page.locator("#dlg-new .rules-link")
    assert link.get_attribute("target") is None
    link.click()
    page.wait_for_url(re.compile(r"rules/fr\.html$"))
    page.click("a.back")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(MY_TURN, state="attached")
    assert page.get_attribute("#app", "data-tab") == "here" and moves(page) == played


def test_from_an_embed_the_rules_open_in_a_tab_of_their_own(page: Page, open_game):
    """An embed's frame would come back from the rules without embed=1: they open in a new tab."""
    open_game(page, "embed=1&analysis=0")
    assert page.locator("#dlg-new .rules-link").get_attribute("target") == "_blank"
