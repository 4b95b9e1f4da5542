"""Every script rendered: Hindi and Vietnamese text is drawn with real glyphs, never empty boxes.

This machine's Chromium has no system font for Devanagari (Debian with only DejaVu and
Liberation: `fc-list`), so Hindi renders only through the site's own font (fonts/, copied from
@fontsource/noto-sans-devanagari by build_wheel.py, loaded through @font-face unicode-range).

How tofu is told from real glyphs, two ways:
- Devanagari, from the layout itself: Chromium's DevTools protocol (CSS.getPlatformFontsForNode)
  says which fonts drew each element's text. Text whose Devanagari came from a font without it
  (DejaVu Sans here) is tofu. This is how the page was found drawing its first headings and
  buttons as boxes although the font had loaded (see css/main.css); a canvas check missed it.
- any script, from pixels: with an element's own computed font, two strings of different letters
  of the same length are drawn on a canvas; missing glyphs all fall back to one and the same box,
  so the two drawings come out identical. Used for Vietnamese, which DejaVu Sans covers.
Both run after `document.fonts.ready`. `test_the_check_sees_tofu_without_the_font` runs them on a
copy of the site without fonts/ and requires tofu, so the check is known to fail when the font
breaks.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page


DEVANAGARI_SAMPLES = ("कखगघङचछ", "जझञटठडढ")
VIETNAMESE_SAMPLES = ("ạảấầẩẫậắằẳ", "ẹẻẽếềểễệỉị")

# For each element matching the selector (visible, with text of that script): draw the two samples
# in the element's font and report whether they differ, plus what was checked.
GLYPH_CHECK_JS = """async ([selector, samples, pattern]) => {
  await document.fonts.ready;
  const script = new RegExp(pattern);
  const canvas = document.createElement("canvas");
  canvas.width = 480; canvas.height = 64;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  const draw = (text, font) => {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.font = font;
    ctx.fillStyle = "#000";
    ctx.textBaseline = "middle";
    ctx.fillText(text, 4, 32);
    return ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  };
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const rect = el.getBoundingClientRect();
    if (!rect.width || !script.test(el.textContent)) continue;
    const cs = getComputedStyle(el);
    const font = `${cs.fontStyle} ${cs.fontWeight} 28px ${cs.fontFamily}`;
    const a = draw(samples[0], font);
    const b = draw(samples[1], font);
    let inked = 0, differ = 0;
    for (let i = 3; i < a.length; i += 4) {
      if (a[i] || b[i]) inked++;
      if (a[i] !== b[i]) differ++;
    }
    out.push({ text: el.textContent.trim().slice(0, 30), weight: cs.fontWeight, inked, differ });
  }
  return out;
}"""


def glyph_report(page: Page, selector: str, samples: tuple[str, str], pattern: str) -> list[dict]:
    """What the glyph check found for each visible element of `selector` in that script."""
    return page.evaluate(GLYPH_CHECK_JS, [selector, list(samples), pattern])


def tofu(report: list[dict]) -> list[dict]:
    """The elements whose two samples drew the same (missing glyphs) or nothing at all."""
    return [r for r in report if r["differ"] < 50]


DEVANAGARI = "[\\u0900-\\u097F]"
DEVANAGARI_FONTS = re.compile(r"Devanagari|Nirmala|Mangal|Kohinoor", re.I)

MARK_JS = """(pattern) => {
  const script = new RegExp(pattern);
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (el.children.length || !r.width || !script.test(el.textContent) || el.closest("option, .sr-only")) continue;
    el.dataset.glyphCheck = String(out.length);
    // a list item's marker ("1. ", "• ") is drawn in the same count
    out.push([el.textContent, getComputedStyle(el).display === "list-item" ? 4 : 0]);
  }
  return out;
}"""


def devanagari_tofu(page: Page) -> tuple[int, list[str]]:
    """(elements checked, those whose Devanagari the layout drew with a font that lacks it)."""
    page.evaluate("document.fonts.ready.then(() => 0)")
    texts = page.evaluate(MARK_JS, DEVANAGARI)
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        ids = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "[data-glyph-check]"})["nodeIds"]
        bad = []
        for node_id, (text, marker) in zip(ids, texts):
            fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node_id})["fonts"]
            others = sum(f["glyphCount"] for f in fonts if not DEVANAGARI_FONTS.search(f["familyName"]))
            if others > len(re.sub(DEVANAGARI, "", text)) + marker:  # more than spaces, digits, Latin
                bad.append(f"{text.strip()[:30]!r}: {[(f['familyName'], f['glyphCount']) for f in fonts]}")
    finally:
        cdp.detach()
    page.evaluate("document.querySelectorAll('[data-glyph-check]').forEach((el) => delete el.dataset.glyphCheck)")
    return len(texts), bad
VIETNAMESE = "[\\u1EA0-\\u1EF9]"


def test_hindi_game_draws_devanagari_glyphs(page: Page, open_game, site_url: str):
    open_game(page, "lang=hi&speed=instant&seed=5")
    page.wait_for_selector("html[lang='hi']", state="attached")
    # regular text, bold text (the seat names), a button and the status line
    report = glyph_report(page, "#btn-new, .seat-name, #status, .team span, .seat-level",
                          DEVANAGARI_SAMPLES, DEVANAGARI)
    weights = {r["weight"] for r in report}
    assert {"400", "700"} <= weights, f"regular and bold Devanagari not both on screen: {report}"
    assert not tofu(report), f"Devanagari drawn as empty boxes: {tofu(report)}"
    checked, bad = devanagari_tofu(page)
    assert checked > 15 and not bad, f"the layout drew Devanagari as boxes ({checked} checked):\n  " + "\n  ".join(bad)
    # The font came from this site (fonts/), nothing from elsewhere (the page fixture checks that).
    loaded = page.evaluate("""() => [...document.fonts].filter((f) => f.status === 'loaded')
                              .map((f) => `${f.family} ${f.weight}`)""")
    assert any("Belote Devanagari" in f for f in loaded), loaded
    # Vietnamese from the language switch (no reload): its diacritics have glyphs too.
    page.select_option("#lang-select", "vi")
    page.wait_for_selector("html[lang='vi']", state="attached")
    page.wait_for_selector("#btn-new:text-matches('Trận')")
    report = glyph_report(page, "#btn-new, #btn-last, #status, .seat-level, .team span",
                          VIETNAMESE_SAMPLES, VIETNAMESE)
    assert report, "no Vietnamese text with stacked diacritics found on screen"
    assert not tofu(report), f"Vietnamese diacritics drawn as boxes: {tofu(report)}"


def test_no_devanagari_font_downloaded_for_other_languages(page: Page, open_game, guard):
    """unicode-range: a French table never asks for the Devanagari files (the service worker's
    precache stores them for offline play later: nosw=1 leaves it out here)."""
    open_game(page, "lang=fr&speed=instant&seed=5&nosw=1")
    page.evaluate("document.fonts.ready.then(() => 0)")
    assert not [u for u in guard.requests if "/fonts/" in u], guard.requests


@pytest.mark.parametrize("lang,samples,pattern", [("hi", DEVANAGARI_SAMPLES, DEVANAGARI),
                                                 ("vi", VIETNAMESE_SAMPLES, VIETNAMESE)])
def test_rules_page_draws_its_script(page: Page, site_url: str, lang: str, samples, pattern):
    page.goto(f"{site_url}rules/{lang}.html")
    report = glyph_report(page, "h1, h2, p, li, dt, th", samples, pattern)
    assert len(report) > 10, report
    assert not tofu(report), f"{lang} rules drawn with missing glyphs: {tofu(report)[:5]}"
    if lang == "hi":
        checked, bad = devanagari_tofu(page)
        assert checked > 50 and not bad, "the layout drew Devanagari as boxes:\n  " + "\n  ".join(bad)


def test_the_check_sees_tofu_without_the_font(page: Page, site_dir: Path, serve_dir, guard, tmp_path):
    """The same check on a copy of the site whose fonts/ is gone: it must report tofu."""
    broken = tmp_path / "site"
    for part in ("rules", "css", "icons"):
        shutil.copytree(site_dir / part, broken / part)
    url = serve_dir(broken)
    guard.allow_origin(url)
    guard.allow_console(r"Failed to load resource|404")  # the missing font files
    page.goto(f"{url}rules/hi.html")
    report = glyph_report(page, "h1, h2, p, li", DEVANAGARI_SAMPLES, DEVANAGARI)
    assert report and len(tofu(report)) == len(report), (
        f"the glyph check did not see the missing font: {report[:5]}")
    checked, bad = devanagari_tofu(page)
    assert checked > 50 and len(bad) == checked, f"the layout check saw only {len(bad)} of {checked}"
