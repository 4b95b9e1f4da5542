"""Switching the language while a deal is on the table, while the deal summary
shows, and switching quickly (a keyboard user arrowing through the language list: Chromium fires
`change` at each arrow press) while a language file is slow to come.; and a language chosen in the page is kept over a link's ?lang= (the rules page's "back to
the game" link is one) when the page reloads."""
from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

from conftest import BOOT_TIMEOUT_MS, READY
from test_languages import untranslated
from test_review import resume
from ui_helpers import MY_TURN, next_frame


ROOT = Path(__file__).resolve().parent.parent


def cat(lang: str) -> dict:
    return json.loads((ROOT / "site" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def switch(page: Page, lang: str) -> None:
    page.select_option("#lang-select", lang)
    page.wait_for_selector(f"html[lang='{lang}']", state="attached")
    next_frame(page)
    next_frame(page)


def problems_outside_the_log(page: Page, lang: str) -> list[str]:
    """untranslated() without the live log: what it said before the switch was said then."""
    page.evaluate("document.getElementById('live').replaceChildren()")
    return untranslated(page, lang)


def test_switch_mid_deal_and_during_the_summary(page: Page, open_game, match):
    resume(page, open_game, match["save"], "speed=slow&nosw=1")
    page.wait_for_selector(MY_TURN, state="attached")
    assert page.get_attribute("#app", "data-phase") == "play"
    said = "() => [...document.querySelectorAll('#live p')].map((p) => p.lang)"
    switch(page, "lt")
    # each line of the log in the language it was said in (a reader would take them all for lt)
    assert set(page.evaluate(said)) == {"en"}, page.evaluate(said)
    lt = cat("lt")
    assert page.title() == lt["app_title"]
    problems = problems_outside_the_log(page, "lt")
    assert not problems, problems
    labels = page.eval_on_selector_all("#hand button, #trick [aria-label]", "els => els.map(e => e.getAttribute('aria-label'))")
    assert labels and not [x for x in labels if " of " in x], labels  # English card names ("jack of hearts")
    # The person's last card: trick, then the deal summary (5 s at slow speed): switch while it shows.
    page.click("#hand button:not([disabled])")
    page.wait_for_selector("#deal-summary:not([hidden]) .summary-table", timeout=15_000)
    assert set(page.evaluate(said)) == {"lt"}, page.evaluate(said)  # said since the switch
    switch(page, "hi")
    hi = cat("hi")
    title = page.text_content("#deal-summary .summary-title")
    assert title.startswith(hi["summary_title"].split("{")[0]), title
    assert page.text_content("#deal-summary [data-intent='review']").strip() == hi["review_button"]
    problems = problems_outside_the_log(page, "hi")
    assert not problems, problems


def test_the_last_language_chosen_wins_when_an_earlier_file_comes_late(page: Page, site_url: str):
    held = []
    page.route("**/i18n/fr.json", lambda route: held.append(route))
    page.goto(site_url + "?nosw=1&speed=instant")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("html[lang='en']", state="attached")
    page.focus("#lang-select")
    page.keyboard.press("ArrowDown")  # en -> fr (change fires: fr.json is asked, and slow to come)
    page.keyboard.press("ArrowDown")  # fr -> lt
    page.wait_for_selector("html[lang='lt']", state="attached")
    deadline = 50
    while not held and deadline:
        page.wait_for_timeout(100)
        deadline -= 1
    assert held, "fr.json was never asked for"
    held[0].continue_()  # the French file arrives after the Lithuanian one
    page.wait_for_timeout(1000)
    shown = page.evaluate("document.documentElement.lang")
    chosen = page.eval_on_selector("#lang-select", "s => s.value")
    stored = page.evaluate("JSON.parse(localStorage.getItem('belote.settings.v1') || '{}').lang")
    assert (shown, chosen, stored) == ("lt", "lt", "lt"), (
        f"the person last chose Lietuvių; the page shows {shown!r}, the select says {chosen!r}, "
        f"the saved choice is {stored!r}")


def test_language_chosen_in_the_page_survives_a_reload_of_a_lang_link(page: Page, site_url: str):
    page.goto(site_url + "?lang=fr&nosw=1")  # e.g. the French rules page's "back to the game"
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("html[lang='fr']", state="attached")
    page.select_option("#lang-select", "en")
    page.wait_for_selector("html[lang='en']", state="attached")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(500)
    assert page.evaluate("document.documentElement.lang") == "en", (
        "the person chose English; after a reload the page is in French again (the URL's lang= "
        "wins over the choice made and saved)")
