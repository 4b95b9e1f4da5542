"""The deal review in a real Chromium (issue 11): the analysis worker values a finished deal, the
review dialog steps through it by keyboard, the person's cards carry the values CPython's
belote.review gives, a Hard card shows its reason and belief, the deal is played again outside
the match, Hard's result in the person's seat is shown, the statistics count the deal once and
survive a reload, every string is translated, and the dialog fits a phone and a laptop.

The match is reached fast: a save built here (the engine under CPython, seeded computer players
exactly as the worker seeds them) leaves the person one card before the end of a played deal;
`load_save` stores it and the page resumes it.
"""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page

from belote import Game, ai
from belote.ai.explain import WHY
from belote.ai.levels import move_seed
from belote.review import deal_review, hard_in_seat
from conftest import BOOT_TIMEOUT_MS, READY
from test_languages import catalogue, untranslated
from ui_helpers import MY_TURN, keep_review, kept_reviews, load_save, play_until, reach_storage, saved

LEVELS = ["hard", "normal", "easy"]  # West is Hard: its cards carry a belief
AI_SEED = 4242
REVIEW = "#dlg-review[open]"
LOADED = "#dlg-review[open][data-loaded='1'][data-values='8']"


def last_card_save(seed: int = 3) -> dict:
    """The bridge's save of a match whose first played deal waits for the person's last card
    (every earlier action chosen as the page's worker would: seat 0 by Normal here)."""
    game = Game(seed=seed, target=5000)
    while True:
        seat = game.to_act
        view = game.view(seat)
        if seat == 0 and view["phase"] == "play" and len(view["hand"]) == 1:
            return {"game": game.to_dict(), "levels": LEVELS, "ai_seed": AI_SEED}
        level = "normal" if seat == 0 else LEVELS[seat - 1]
        game.play(ai.choose_action(view, level, move_seed(AI_SEED, game.move_number)))


def finished(save: dict) -> dict:
    """The same match once the deal is over: the person's last card, then the computers' replies."""
    game = Game.from_dict(save["game"])
    deals = len(game.view(0)["sheet"])
    while len(game.view(0)["sheet"]) == deals:
        seat = game.to_act
        level = "normal" if seat == 0 else LEVELS[seat - 1]
        game.play(ai.choose_action(game.view(seat), level, move_seed(AI_SEED, game.move_number)))
    return {"game": game.to_dict(), "levels": LEVELS, "ai_seed": AI_SEED}


def review_match() -> dict:
    """The `match` fixture (conftest): a save one card before the end of a played deal, the match
    once that deal is over, the deal's number and its review as CPython's belote.review gives it."""
    save = last_card_save()
    done = finished(save)
    deal = len(Game.from_dict(save["game"]).view(0)["sheet"])
    return {"save": save, "done": done, "deal": deal,
            "review": deal_review(done["game"], deal, (0, 1, 2, 3), levels=LEVELS, ai_seed=AI_SEED)}


def resume(page: Page, open_game, save: dict, query: str) -> None:
    """Stores `save` as the match in progress, then opens the game on it."""
    reach_storage(page, open_game.site_url)
    load_save(page, save)
    open_game(page, query)


def shown_values(page: Page) -> dict[str, int]:
    """The values on the person's cards at the decision on show."""
    return {el.get_attribute("data-card"): int(el.get_attribute("data-value"))
            for el in page.query_selector_all("#review-table .review-seat-0 .review-card.legal")}


def at(page: Page, p: int) -> None:
    """Waits until the review shows position p (renders are batched in animation frames)."""
    page.wait_for_selector(f"#dlg-review[data-pos='{p}']", state="attached", timeout=10_000)


def valued(page: Page) -> None:
    """Waits until the card on show has its decision (a computer seat's come after the person's:
    a test stepping on before it saw "Valuing…" and no Why?, on a loaded machine at every card)."""
    page.wait_for_selector("#review-decision .review-valuing", state="detached", timeout=60_000)


def stats(page: Page) -> dict[str, str]:
    page.click("#btn-stats")
    page.wait_for_selector("#dlg-stats[open] [data-stat]")
    out = {el.get_attribute("data-stat"): el.text_content().strip() for el in page.query_selector_all("#dlg-stats [data-stat]")}
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-stats[open]", state="detached")
    return out


# Counts the analysis worker's signs of life ({kind: "busy"}) as the page receives them.
COUNT_BUSY = """(() => {
  const Plain = window.Worker;
  window.__busy = 0;
  window.Worker = class extends Plain {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => { if (e.data && e.data.kind === "busy") window.__busy += 1; });
    }
  };
})()"""


def test_finish_review_replay_and_statistics(page: Page, open_game, match):
    page.add_init_script(COUNT_BUSY)
    resume(page, open_game, match["save"], "speed=fast")
    page.wait_for_selector(MY_TURN, state="attached")
    page.click("#hand button:not([disabled])")  # the last card: the deal ends, the summary shows
    # At speed=fast the summary shows for 1.5 s: the page clicks its Review button on the first
    # frame it is there (a click from Python, which looks again only every few hundred ms on a
    # busy machine, could come after it is gone).
    page.wait_for_function("""() => {
      const b = document.querySelector("#deal-summary:not([hidden]) [data-intent='review']");
      if (b) b.click();
      return !!b;
    }""", polling="raf", timeout=10_000)
    page.wait_for_selector(LOADED, timeout=90_000)
    # the focus waited on Close while the deal loaded, then went to the step forward (it stayed on
    # the "i" that showModal focuses first)
    assert page.evaluate("document.activeElement.dataset.intent") == "review-next"
    review = match["review"]
    decisions = review["decisions"]
    assert page.text_content("#dlg-review-title").strip() == f"Deal {match['deal'] + 1}: review"

    # Step through all 32 cards by keyboard; at each of the person's cards the legal cards carry
    # the values CPython's review gives, the played one and the best ones marked.
    page.keyboard.press("Home")
    # At the start, the bidding: a Why? lists each computer bid's reason once it is valued, and
    # for each of the person's bids Hard's own figures (its estimate of each take, its bar).
    at(page, 0)
    bids = [d for d in decisions if d["kind"] == "bid"]
    page.locator("#review-decision [data-intent='review-bid-why']").press("Enter")
    page.wait_for_function("""() => { const l = document.getElementById('review-bid-reasons');
      return !!l && l.children.length > 0 && ![...l.children].some((li) => li.textContent.endsWith('…')); }""", timeout=60_000)
    items = page.eval_on_selector_all("#review-bid-reasons li", "(l) => l.map((e) => e.textContent)")
    assert len(items) == len(bids), items
    for item, d in zip(items, bids):
        if d["seat"] == 0:
            e = d["estimate"]
            assert item.startswith(f"You ({'Pass' if d['played'] == 'pass' else 'Take '}"), item
            signed = [f"{'+' if v > 0 else ''}{v}" for v in sorted(e["takes"].values(), reverse=True)]
            assert re.fullmatch(rf"You \(.+\): Hard's estimate over {e['deals']} deals, our score minus theirs: "
                                + ", ".join(rf"Take \w+ {re.escape(v)}" for v in signed)
                                + rf"; Hard takes above {'+' if e['bar'] > 0 else ''}{e['bar']}", item), (item, e)
            continue
        reason = re.escape(WHY[d["why"]["key"]]).replace(r"\{suit\}", r"\w+")
        assert re.search(r"\((Easy|Normal|Hard)\) \(.+\): " + reason + "$", item), (item, d["why"])
    assert page.get_attribute("#review-decision [data-intent='review-bid-why']", "aria-expanded") == "true"
    cards = {d["trick"] * 4 + d["position"]: d for d in decisions if d["kind"] == "card"}
    hard_reasons = []
    for p in range(32):
        at(page, p)
        d = cards[p]
        if d["seat"] == 0:
            assert shown_values(page) == d["values"]
            played = page.query_selector("#review-table .review-seat-0 [data-played='1']")
            assert played.get_attribute("data-card") == d["played"]
            best = sorted(el.get_attribute("data-card") for el in page.query_selector_all("#review-table .review-seat-0 [data-best='1']"))
            assert best == sorted(d["best"])
            assert f"worth {d['values'][d['played']]} point" in page.text_content("#review-decision")
        elif d["seat"] == 1 and d["belief"] and not hard_reasons:
            page.locator("#review-decision .review-why").press("Enter", timeout=30_000)  # West's reason and belief
            page.wait_for_selector("#review-reason [data-heat]")
            hard_reasons.append(page.text_content("#review-reason"))
            shown = {el.get_attribute("data-card") for el in page.query_selector_all("#review-reason .heat-chip")}
            assert shown <= set(d["belief"]) and shown
            assert page.get_attribute("#review-decision .review-why", "aria-expanded") == "true"
            assert page.evaluate("document.activeElement.dataset.intent") == "review-why"  # kept on the redrawn button
        # the hands hold the cards not yet played
        left = sum(len(el.query_selector_all(".review-card")) for el in page.query_selector_all("#review-table .review-seat"))
        assert left == 32 - p
        page.keyboard.press("ArrowRight")
    at(page, 32)
    assert "All cards played" in page.text_content("#review-position")
    # the deal's score (made/dedans, capot, belote, reserve), not card points: said so
    row = review["row"]
    assert page.text_content("#review-decision") == f"Deal score: us {row['points'][0]}, them {row['points'][1]}"
    assert hard_reasons and hard_reasons[0].startswith("Reason: ")
    page.keyboard.press("ArrowUp")
    at(page, 28)
    page.keyboard.press("ArrowDown")
    at(page, 32)
    mine = [d for d in decisions if d["seat"] == 0 and d["kind"] == "card"]
    best = max(mine[0]["values"].values())
    summary = page.text_content("#review-summary")
    # the figures add up: best - your cost + what the other cards changed = taken; all in card
    # points, and the line says so (a player read "taken: 89" beside Hard's "us 162" as a
    # contradiction: the one counts the cards taken, the other the deal's score)
    got, cost = row["card_points"][0], sum(d["loss"] for d in mine)
    others = got - best + cost
    assert summary.endswith(f"Card points: best from your first card {best} · your cards cost {cost}"
                            f" · the others' cards {'+' if others > 0 else ''}{others} · taken {got}"), summary

    # Hard in the person's seat: its result beside the person's; the worker, busy with that one
    # long call, says it is alive after each move (a slow phone's watch would take it for hung).
    busy = page.evaluate("window.__busy")
    page.click("[data-intent='review-hard']")
    page.wait_for_selector("#review-hard[data-hard-points]", timeout=90_000)
    hard_row = hard_in_seat(match["done"]["game"], match["deal"], LEVELS, AI_SEED)["row"]
    assert page.get_attribute("#review-hard", "data-hard-points") == f"{hard_row['points'][0]},{hard_row['points'][1]}"
    # who took, and in what: Hard in the seat may bid otherwise (it read as if it played your contract)
    names = ["You", "West", "North", "East"]
    suits = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    hard_line = page.text_content("#review-hard")
    if hard_row["taker"] is not None:
        assert f": {names[hard_row['taker']]} took {suits[hard_row['trump']]} · " in hard_line, (hard_line, hard_row)
    # deal scores, both (Hard's and the person's), named as such: not the card points above
    assert hard_line.endswith(f", score: us {hard_row['points'][0]}, them {hard_row['points'][1]}."
                              f" You: us {row['points'][0]}, them {row['points'][1]}."), hard_line
    assert page.evaluate("window.__busy") - busy > 32  # one per bid and per card of the deal

    # Play the deal again: the same cards, outside the match (its save untouched).
    before = saved(page)
    page.click("[data-intent='review-practice']")
    page.wait_for_selector("#practice-bar:not([hidden])")
    page.wait_for_selector(MY_TURN, state="attached")
    first_hand = review["hands"][0]
    hand = [b.get_attribute("data-card") for b in page.query_selector_all("#hand button")]
    assert set(hand) <= set(first_hand) and len(hand) == 5  # dealt from the same deck: 5 cards before the take
    over = "#practice-bar [data-intent='practice-back'].primary"
    play_until(page, lambda: page.query_selector(over) is not None)
    assert saved(page) == before
    # The practice is reviewable too. Its review is drawn as the dialog opens: it was drawn at the
    # next frame, and for that frame the dialog still held the match deal's review ("Deal 1:
    # review", LOADED included: this test once read it there).
    title = page.evaluate("""() => { document.querySelector("#practice-bar [data-intent='review']").click();
      return document.querySelector('#dlg-review-title').textContent; }""")
    assert "played again" in title, title
    page.wait_for_selector(LOADED, timeout=90_000)
    page.keyboard.press("Escape")
    page.click("#practice-bar [data-intent='practice-back']")
    page.wait_for_selector("#practice-bar", state="hidden")
    page.wait_for_selector(f"#app[data-deals-done='{match['deal'] + 1}']", state="attached")
    assert "Playing to 5000" in page.text_content("#target-info")

    # Statistics: the match deal counted once, its review once; the practice not at all. Kept on reload.
    counted = stats(page)
    assert counted["deals"] == "1" and counted["reviewed"] == "1", counted
    assert counted["points"] == f"{row['points'][0]:.1f}"
    mean = sum(d["loss"] for d in mine) / len(mine)
    assert counted["loss"] == f"{mean:.1f}"
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert stats(page) == counted
    # Reset: asks once more, then forgets.
    page.click("#btn-stats")
    page.click("#stats-reset")
    assert page.text_content("#stats-reset") == "Really reset?"
    page.click("#stats-reset")
    page.wait_for_selector("#dlg-stats [data-stat='deals']:text-is('0')")


@pytest.mark.parametrize("lang, size", [("fr", (360, 640)), ("hi", (1280, 800))])
def test_review_speaks_the_language_fits_and_passes_axe(browser, guard, site_url, match, lang, size):
    """No English and no raw key in the review (a computer's reason and belief open too), the
    dialog fits the screen, and axe-core finds nothing in it nor in the Statistics dialog (axe's
    injected script needs the page's CSP bypassed; e2e/test_csp.py keeps the CSP honest)."""
    from test_a11y import no_violations

    context = browser.new_context(bypass_csp=True, viewport={"width": size[0], "height": size[1]})
    guard.attach(context)
    try:
        page = context.new_page()
        reach_storage(page, site_url)
        load_save(page, match["done"])
        page.goto(site_url + f"?lang={lang}&speed=instant")
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector(f"html[lang='{lang}']", state="attached")
        page.click("#btn-sheet")
        page.click("#dlg-sheet .review-open")
        page.wait_for_selector(LOADED, timeout=90_000)
        fits = """() => { const d = document.querySelector('#dlg-review'); const r = d.getBoundingClientRect();
          return [d.scrollHeight <= d.clientHeight + 1, d.scrollWidth <= d.clientWidth + 1, r.left >= 0,
                  r.right <= innerWidth, r.top >= 0, r.bottom <= innerHeight]; }"""
        assert page.evaluate(fits) == [True] * 6, "the review does not fit"
        assert not untranslated(page, lang)
        # its figures are card points, and it says so in the deal summary's words for them
        summary = page.text_content("#review-summary")
        assert catalogue(lang)["summary_card_points"] in summary, summary
        no_violations(page, "#dlg-review")
        # a computer's reason and belief, in the language too
        decisions = match["review"]["decisions"]
        if lang == "fr":  # "meilleure : 7♦" for one best card ("meilleures" said one card was several)
            mine = [d for d in decisions if d["kind"] == "card" and d["seat"] == 0]
            for d in {len(d["best"]) == 1: d for d in mine}.values():  # one best card, and several if any
                page.keyboard.press("Home")
                for _ in range(d["trick"] * 4 + d["position"]):
                    page.keyboard.press("ArrowRight")
                at(page, d["trick"] * 4 + d["position"])
                facts = page.text_content("#review-decision .review-facts")
                word = "meilleure : " if len(d["best"]) == 1 else "meilleures : "
                assert word in facts, facts
            page.keyboard.press("Home")
        first_hard = next(d for d in decisions if d["kind"] == "card" and d["seat"] == 1 and d["belief"])
        for _ in range(first_hard["trick"] * 4 + first_hard["position"]):
            page.keyboard.press("ArrowRight")
        page.click("#review-decision .review-why", timeout=30_000)
        page.wait_for_selector("#review-reason [data-heat]")
        problems = untranslated(page, lang)
        assert not problems, problems
        text = page.text_content("#review-reason")
        assert not re.search(r"\b(Reason|Where|believed|unseen)\b", text), text
        no_violations(page, "#dlg-review")
        page.keyboard.press("Escape")
        page.wait_for_selector("#dlg-sheet[open]")  # the review closes back to the sheet it came from
        page.keyboard.press("Escape")
        page.click("#btn-stats")
        page.wait_for_selector("#dlg-stats[open] [data-stat]")
        assert not untranslated(page, lang)
        no_violations(page, "#dlg-stats")
    finally:
        context.close()
    guard.check()



def review_from_sheet(page: Page) -> None:
    """Opens the review of the score sheet's deal and waits for the values on the person's cards."""
    page.click("#btn-sheet")
    page.click("#dlg-sheet .review-open")
    page.wait_for_selector(LOADED, timeout=90_000)


def go_to(page: Page, pos: int) -> None:
    """Steps the review from its start to position pos by keyboard."""
    page.keyboard.press("Home")
    for p in range(pos):
        at(page, p)
        page.keyboard.press("ArrowRight")
    at(page, pos)


def reopen_review(page: Page, pos: int) -> dict[str, int]:
    """Reloads, opens the review from the score sheet, and returns the values shown at pos."""
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    review_from_sheet(page)
    go_to(page, pos)
    return shown_values(page)


def test_review_values_kept_for_the_next_visit_by_this_build_only(page: Page, open_game, match):
    """A deal's values are kept in IndexedDB once valued: a review after a reload reads them
    (here a doctored copy shows, which proves it); values kept by another build are not used."""
    resume(page, open_game, match["done"], "speed=instant")
    review_from_sheet(page)
    first = next(d for d in match["review"]["decisions"] if d["seat"] == 0 and d["kind"] == "card")
    pos = first["trick"] * 4 + first["position"]
    go_to(page, pos)
    assert shown_values(page) == first["values"]

    # every decision valued (the review on show values the computers' too), then kept
    deadline = time.monotonic() + 60
    while True:
        kept = kept_reviews(page)
        record = next(iter(kept.values()), None)
        if record and len(record["decisions"]) == len(match["review"]["decisions"]) or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert len(kept) == 1 and record["build"]
    [key] = kept
    mine = {i: d for i, d in record["decisions"].items() if d["seat"] == 0 and d["kind"] == "card"}
    assert len(mine) == 8
    index = next(i for i, d in mine.items() if d["trick"] == first["trick"])
    assert mine[index]["values"] == first["values"]

    doctored = {card: v + 1000 for card, v in first["values"].items()}
    keep_review(page, key, {**record, "decisions": {**record["decisions"], index: {**mine[index], "values": doctored}}})
    assert reopen_review(page, pos) == doctored  # the kept values were read, not computed again

    keep_review(page, key, {**record, "build": "another build"})
    assert reopen_review(page, pos) == first["values"]  # another build's values are valued afresh
