"""Every language fits: no scrolling, no clipped control, no text outside its box.

Checked in all six languages, in every phase of a match (both bidding rounds, play, a won
trick, the deal summary) and in every dialog, at 360x480 embedded (`?embed=1`), 360x640,
640x360 and 1280x800. One page per language and mode (embedded or not) plays through two saved
matches (`load_save`, built here with the engine): resizing, not reloading, moves it through the
viewports, so the whole matrix costs four boots per language.

PHASES is the list of what is checked; a new dialog or phase joins it with one line (where it
starts from, how to open it, the selector that is present while it shows, how to leave it).
FIT_JS is the check itself (what counts as a problem is in its comments).

After the matrix, the same check on what its two saved matches do not reach: the Statistics
dialog with a level combination chosen (its picker's longest label), and a finished deal's review
with "Hard in my seat"'s result line, then that deal played again (the practice's bar).
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Callable

import pytest
from playwright.sync_api import Page

from conftest import BOOT_TIMEOUT_MS, READY
from test_review import LOADED, resume
from ui_helpers import FINITE_ANIMATIONS_ENDED, MY_TURN, WRITE_ENTRY, load_save, next_frame, play_until

from belote import Game

LANGS = ["en", "fr", "lt", "it", "vi", "hi"]
TIMES = bool(os.environ.get("FIT_TIMES"))  # FIT_TIMES=1 pytest -s: print each boot and phase
VIEWPORTS = {False: [(360, 640), (640, 360), (1280, 800)], True: [(360, 480)]}  # embed -> sizes

# ------------------------------------------------------------------ the saved matches

AI_SEED = 1  # the computer players' own stream, fixed: their choices in the page are known here


def _policy(game: Game) -> str:
    """A fixed way to play every seat (not the AI: the saves must not move when it improves):
    the first player to speak takes, cards are played lowest first."""
    legal = game.legal_actions()
    view = game.view(game.to_act)
    if view["phase"] == "bid1" and not view["bids"]:
        return "take"
    return legal[0]


def bidding_save(levels: list[str]) -> dict:
    """Four deals played, the fifth dealt: the person speaks first in round 1, and if the person
    passes, the three computer players (the page's real AI) pass too, so round 2 follows."""
    from belote.bridge import Bridge

    for seed in range(1, 200):
        game = Game(seed=seed, target=5000)
        while len(game.view(0)["sheet"]) < 4 or game.to_act != 0:
            game.play(_policy(game))
        save = {"game": game.to_dict(), "levels": levels, "ai_seed": AI_SEED}
        bridge = Bridge()
        bridge.load({"save": save})
        view = bridge.play({"action": "pass"})["view"]
        for _ in range(3):
            view = bridge.advance({})["view"]
            if view["phase"] != "bid1":
                break
        if view["phase"] == "bid2" and view["to_act"] == 0 and len(view["sheet"]) == 4:
            return save
    raise AssertionError("no seed gives a deal that all four pass")


def last_card_save(levels: list[str]) -> dict:
    """The last deal of a match to 500, the person about to play the last card of it (the other
    three are on the table): then the trick is won, the deal is scored (summary) and the match
    is over, with no computer move to wait for."""
    for seed in range(1, 200):
        game = Game(seed=seed, target=500)
        actions = []
        while game.to_act is not None:
            action = _policy(game)
            actions.append((len(game.view(0)["sheet"]), game.to_act, len(game.view(0)["hand"]), action))
            game.play(action)
        final_deal = len(game.view(0)["sheet"]) - 1
        cut = next(i for i, (deal, seat, hand, _) in enumerate(actions)
                   if deal == final_deal and seat == 0 and hand == 1)
        replay = Game(seed=seed, target=500)
        for _, _, _, action in actions[:cut]:
            replay.play(action)
        if len(replay.view(0)["trick"]) == 3:
            return {"game": replay.to_dict(), "levels": levels, "ai_seed": AI_SEED}
    raise AssertionError("no seed leaves the person the last card of a match")


# ------------------------------------------------------------------------- phases


def nothing(page: Page) -> None:
    pass


def click(selector: str) -> Callable[[Page], None]:
    return lambda page: page.click(selector)


def escape(page: Page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")


def submit_new_game(page: Page) -> None:
    page.click("#btn-new")
    page.click("#dlg-new button[type=submit]")  # a match is in progress: asks first


def pass_round_one(page: Page) -> None:
    page.click("#bids button[data-action='pass']")


def open_stats(page: Page) -> None:
    """Statistics through the score sheet (the title row's button is not there when embedded)."""
    page.click("#btn-sheet")
    page.click("#dlg-sheet [data-intent='stats']")


def play_last_card(page: Page) -> None:
    page.click("#hand button:not([disabled])")


def escape_review(page: Page) -> None:
    """Closes the review (Match over may open at once: the summary's pause may have ended under it)."""
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-review[open]", state="detached")


def continue_from_summary(page: Page) -> None:
    """Back from the review by Escape, the keyboard's focus is on the summary's Review: a summary
    still up waits for Continue (it stays while the keyboard is on it); one whose pause ended while
    the review was open is gone, and Match over comes by itself."""
    page.evaluate("() => document.querySelector(\"#deal-summary:not([hidden]) [data-intent='dismiss-summary']\")?.click()")


@dataclass(frozen=True)
class Phase:
    name: str
    match: str  # the saved match it starts from: "bidding" or "last_card"; phases run in order
    enter: Callable[[Page], None]
    shown: str  # present exactly while the phase shows
    leave: Callable[[Page], None] = nothing
    wait_ms: int = 30_000  # how long it may take to show
    transient: bool = False  # shown for a fixed time: on a busy machine it may end mid-check


PHASES = [
    Phase("bidding, round 1", "bidding", nothing, "#app[data-phase='bid1'][data-my-turn='1']"),
    Phase("new game dialog", "bidding", click("#btn-new"), "#dlg-new[open]", escape),
    Phase("confirm dialog", "bidding", submit_new_game, "#dlg-confirm[open]", escape),
    Phase("score sheet", "bidding", click("#btn-sheet"), "#dlg-sheet[open] .sheet", escape),
    Phase("last trick, previous deal", "bidding", click("#btn-last"), "#dlg-last[open] .muted", escape),
    Phase("bidding, round 2", "bidding", pass_round_one, "#app[data-phase='bid2'][data-my-turn='1']"),
    Phase("hint", "bidding", click("#btn-hint"), "#status.hinting"),
    Phase("statistics dialog", "bidding", open_stats, "#dlg-stats[open] .stats-table", escape),
    Phase("play", "last_card", nothing, "#app[data-phase='play'][data-my-turn='1'] #trick .card"),
    Phase("last trick", "last_card", click("#btn-last"), "#dlg-last[open] .last-trick", escape),
    Phase("trick won", "last_card", play_last_card, "#trick .slot.winner .card", transient=True),
    Phase("deal summary", "last_card", nothing, "#deal-summary:not([hidden]) .summary-table"),
    # the summary's Review: the values of the person's eight cards drawn (the match-over dialog
    # waits); the analysis worker computes them, so it may take as long as in test_review
    Phase("review dialog", "last_card", click("#deal-summary [data-intent='review']"),
          "#dlg-review[open][data-values='8']", escape_review, wait_ms=90_000),
    Phase("match over dialog", "last_card", continue_from_summary, "#dlg-over[open]"),
]

# ------------------------------------------------------------------------ the check

FIT_JS = r"""async (shown) => {
  // A card still sliding onto the table is not a layout: let finite animations end first.
  """ + FINITE_ANIMATIONS_ENDED + r"""
  const TOL = 1;
  const out = [];
  const se = document.scrollingElement;
  // 1. The page itself never scrolls.
  if (se.scrollWidth > innerWidth + TOL) out.push(`page scrolls sideways: ${se.scrollWidth} px wide`);
  if (se.scrollHeight > innerHeight + TOL) out.push(`page scrolls: ${se.scrollHeight} px tall`);

  const name = (el) => {
    const id = el.id ? `#${el.id}` : "";
    const cls = el.classList.length ? "." + [...el.classList].join(".") : "";
    const owner = el.id ? "" : (el.parentElement?.closest("[id]")?.id || "");
    return `${owner ? "#" + owner + " " : ""}${el.tagName.toLowerCase()}${id}${cls}`;
  };
  const skipped = (el) => !!el.closest(".sr-only, svg, option, script, style, template, [hidden]");
  const clips = (cs) => cs.overflowX !== "visible" || cs.overflowY !== "visible";
  // What of `el` can be seen: the viewport cut by every ancestor that clips (a modal dialog is
  // in the top layer: nothing above it clips it).
  const region = (el) => {
    let r = { l: 0, t: 0, r: innerWidth, b: innerHeight };
    for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (a !== el && clips(cs)) {
        const b = a.getBoundingClientRect();
        r = { l: Math.max(r.l, b.left + a.clientLeft), t: Math.max(r.t, b.top + a.clientTop),
              r: Math.min(r.r, b.left + a.clientLeft + a.clientWidth), b: Math.min(r.b, b.top + a.clientTop + a.clientHeight) };
      }
      if (a.tagName === "DIALOG") break;
    }
    return r;
  };
  const inside = (x, r) => x.left >= r.l - TOL && x.top >= r.t - TOL && x.right <= r.r + TOL && x.bottom <= r.b + TOL;
  const painted = (el) => {
    const cs = getComputedStyle(el);
    return cs.backgroundImage !== "none" || !/rgba\(.*, 0\)|transparent/.test(cs.backgroundColor)
      || parseFloat(cs.borderTopWidth) > 0 || el.tagName === "BUTTON";
  };

  // 2. Text stays inside its box (the nearest ancestor that paints a background or border:
  //    a button, a pill, a badge, the dialog...) and inside what can be seen of it.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.data.trim() || !el || skipped(el)) continue;
    const own = el.getBoundingClientRect();
    if ((own.width <= 2 || own.height <= 2) && clips(getComputedStyle(el))) continue; // visually hidden
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((x) => x.width > 0 && x.height > 0);
    if (!rects.length) continue;
    let box = el;
    while (box !== document.body && !painted(box)) box = box.parentElement;
    const b = box.getBoundingClientRect();
    if (b.width <= 2 || b.height <= 2) continue; // a visually hidden label
    const boxRect = { l: b.left, t: b.top, r: b.right, b: b.bottom };
    // ...and inside its own block (a line that wraps out of a one-line status bar)
    let block = el;
    while (block.parentElement && /^(inline|contents)$/.test(getComputedStyle(block).display)) block = block.parentElement;
    const k = block.getBoundingClientRect();
    const blockRect = { l: k.left, t: k.top, r: k.right, b: k.bottom };
    const vis = region(el);
    for (const x of rects) {
      // a line box may be shorter than the glyphs' extent (line-height 1): a quarter line of slack
      const slack = Math.max(TOL, x.height / 4);
      const inBlock = x.left >= blockRect.l - TOL && x.right <= blockRect.r + TOL
        && x.top >= blockRect.t - slack && x.bottom <= blockRect.b + slack;
      const where = !inside(x, boxRect) ? `outside its box ${name(box)}`
        : !inBlock ? `outside its block ${name(block)}` : !inside(x, vis) ? "cut off" : "";
      const key = `${name(el)}|${where}`;
      if (where && !seen.has(key)) {
        seen.add(key);
        out.push(`text ${JSON.stringify(node.data.trim().slice(0, 40))} in ${name(el)} ${where}`);
      }
    }
  }

  // 3. Controls are whole: inside the viewport and every clipping ancestor.
  for (const el of document.querySelectorAll("button, select, input:not([type=hidden]), a[href], [tabindex='0']")) {
    if (skipped(el)) continue;
    const x = el.getBoundingClientRect();
    if (x.width < 1 || x.height < 1) continue;
    if (!inside(x, region(el))) out.push(`control ${name(el)} is clipped (${Math.round(x.left)},${Math.round(x.top)} ${Math.round(x.width)}x${Math.round(x.height)})`);
    if (el.tagName === "SELECT" && el.selectedOptions[0]) {
      const ctx = document.createElement("canvas").getContext("2d");
      const cs = getComputedStyle(el);
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const need = ctx.measureText(el.selectedOptions[0].text).width + 20; // + the arrow
      if (need > el.clientWidth + TOL) out.push(`select ${name(el)} too narrow for ${JSON.stringify(el.selectedOptions[0].text)}`);
    }
  }

  // 4. Nothing scrolls inside (a dialog, the deal summary, a table body).
  for (const el of document.querySelectorAll("body *")) {
    const cs = getComputedStyle(el);
    if (!/(auto|scroll)/.test(cs.overflowX + cs.overflowY) || skipped(el)) continue;
    if (el.clientHeight && el.scrollHeight > el.clientHeight + TOL) out.push(`${name(el)} scrolls: ${el.scrollHeight} px of content in ${el.clientHeight}`);
    if (el.clientWidth && el.scrollWidth > el.clientWidth + TOL) out.push(`${name(el)} scrolls sideways: ${el.scrollWidth} in ${el.clientWidth}`);
  }
  // 5. The note on the table ("East wins the trick") covers no card of the trick (on a phone it
  //    hid most of West's).
  const note = document.querySelector("#trick-note:not([hidden])");
  if (note) {
    const n = note.getBoundingClientRect();
    for (const card of document.querySelectorAll("#trick .slot .card")) {
      const c = card.getBoundingClientRect();
      const w = Math.min(n.right, c.right) - Math.max(n.left, c.left);
      const h = Math.min(n.bottom, c.bottom) - Math.max(n.top, c.top);
      if (w > TOL && h > TOL) out.push(`#trick-note covers ${name(card.parentElement)} by ${Math.round(w)}x${Math.round(h)} px`);
    }
  }
  // The won trick's cards swept toward the winner (the only animation held at its end): that
  // phase is over, though its cards are still in the page.
  const swept = document.getAnimations().some((a) => a.effect && a.effect.getTiming().fill === "forwards"
    && a.effect.target && a.effect.target.closest("#trick"));
  return { shown: !!document.querySelector(shown) && !swept, problems: out };
}"""


def fit_problems(page: Page, phase: Phase, sizes: list[tuple[int, int]]) -> list[str]:
    """The fit check at each size (resizing the page), as 'WxH phase: problem' lines."""
    found = []
    for i, (width, height) in enumerate(sizes):
        page.set_viewport_size({"width": width, "height": height})
        next_frame(page)
        got = page.evaluate(FIT_JS, phase.shown)
        if not got["shown"]:
            # The won trick stays 1.7 s at speed=slow; on a busy machine it can end before the
            # last size is checked (CI saw it once at 1280x800; under 8x CPU throttling its sweep
            # was measured: a card on its way out). The sizes checked while it showed count, and
            # the first must be among them; a check after it ended would measure the next phase,
            # so the checks stop there.
            assert phase.transient and i > 0, f"{phase.name} ended before it was checked at {width}x{height}"
            break
        found += [f"{width}x{height} {phase.name}: {p}" for p in got["problems"]]
    return found


def run_match(page: Page, site_url: str, lang: str, embed: bool, match: str, save: dict, speed: str) -> list[str]:
    # analysis=0: no review of the last deal in the background, so the statistics dialog
    # counts no reviewed deal, not whichever a race gives.
    query = f"lang={lang}&speed={speed}&nosw=1&analysis=0" + ("&embed=1" if embed else "")
    sizes = VIEWPORTS[embed]
    page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
    if not page.url.startswith(site_url):
        page.goto(site_url + "icons/icon.svg")  # a page of the origin, to reach its storage
    load_save(page, save)
    # No statistics kept: the dialog shows its tallest form ("nothing counted yet" above the
    # table) whichever cases this module's shared context ran before.
    page.evaluate(WRITE_ENTRY, {"key": "stats", "record": None})
    t = time.monotonic()
    page.goto(f"{site_url}?{query}")
    page.wait_for_selector('[data-ready="1"]', state="attached", timeout=60_000)
    if TIMES:
        print(f"boot {time.monotonic() - t:.2f}s")
    page.wait_for_selector(f"html[lang='{lang}']", state="attached")
    problems = []
    for phase in [p for p in PHASES if p.match == match]:
        t = time.monotonic()
        phase.enter(page)
        page.wait_for_selector(phase.shown, state="attached", timeout=phase.wait_ms)
        t2 = time.monotonic()
        problems += fit_problems(page, phase, sizes)
        phase.leave(page)
        if TIMES:
            print(f"{phase.name}: enter {t2 - t:.2f}s check {time.monotonic() - t2:.2f}s")
    return problems


@pytest.fixture(scope="module")
def fit_context(browser, site_url):
    """One browser context for all the fit checks: each boot after the first reads the runtime
    (and its compiled code) from the cache, as a returning player's browser does."""
    from conftest import Guard

    guard = Guard(site_url)
    context = browser.new_context()
    context.set_default_timeout(30_000)
    guard.attach(context)
    yield context, guard
    context.close()


@pytest.fixture
def fit_page(fit_context):
    """A page of that context; like the `page` fixture, the test fails on a console or page
    error or a request to another origin."""
    context, guard = fit_context
    page = context.new_page()
    yield page
    page.close()
    errors, guard.errors[:] = list(guard.errors), []
    assert not errors, "page misbehaved:\n  " + "\n  ".join(errors)


@pytest.fixture(scope="module")
def saves() -> dict[str, dict]:
    return {"bidding": bidding_save(["normal", "hard", "normal"]),
            "last_card": last_card_save(["hard", "normal", "hard"])}


@pytest.mark.parametrize("embed", [False, True], ids=["page", "embed"])
@pytest.mark.parametrize("lang", LANGS)
def test_everything_fits(fit_page: Page, site_url: str, saves, lang: str, embed: bool):
    page = fit_page
    started = time.monotonic()
    problems = run_match(page, site_url, lang, embed, "bidding", saves["bidding"], "instant")
    # slow: the won trick stays 1.7 s, the summary 5 s, long enough to check each size
    problems += run_match(page, site_url, lang, embed, "last_card", saves["last_card"], "slow")
    assert not problems, f"{lang}{' embedded' if embed else ''} ({time.monotonic() - started:.0f} s):\n  " + "\n  ".join(problems)


# ------------------------------------------------ what the two saved matches do not reach

# Statistics kept for two level combinations, among them the longest label in every language
# (French and Italian "Difficile · Difficile · Difficile").
LEVEL_STATS = {"version": 1, "reviews": {},
               "levels": {"hard,normal,hard": {"matches": 3, "won": 2, "deals": 41, "taken": 12, "made": 9,
                                                "failed": 3, "capots": 1, "points": 3412},
                          "hard,hard,hard": {"matches": 1, "won": 1, "deals": 9, "taken": 4, "made": 4,
                                             "failed": 0, "capots": 0, "points": 880}}}
PRACTICE_ON = "#practice-bar:not([hidden])"
PRACTICE_OVER = "#practice-bar [data-intent='practice-back'].primary"


def checked(name: str, shown: str) -> Phase:
    """A state reached by the test itself, for fit_problems."""
    return Phase(name, "", nothing, shown)


@pytest.mark.parametrize("lang", ["lt", "vi"])  # once the longest level names
def test_statistics_level_combination_picker_shows_its_whole_label(page: Page, site_url: str, lang: str):
    """The picker shows a combination whole on a 360 px phone ("Hard · Normal · Hard", the
    seats' order said once under its label), where "West Hard, North Normal, East Hard" was cut."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site_url + "icons/icon.svg")
    page.evaluate(WRITE_ENTRY, {"key": "stats", "record": LEVEL_STATS})
    page.goto(site_url + f"?lang={lang}&speed=instant&nosw=1&analysis=0")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(f"html[lang='{lang}']", state="attached")
    open_stats(page)
    page.wait_for_selector("#dlg-stats[open] .stats-table")
    problems = []
    for key, deals in [("hard,normal,hard", "41"), ("hard,hard,hard", "9")]:
        page.set_viewport_size({"width": 360, "height": 640})
        page.select_option("#stats-levels", key)
        page.wait_for_selector(f"#dlg-stats[open] [data-stat='deals']:text-is('{deals}')")
        problems += fit_problems(page, checked(f"statistics, {key}", "#dlg-stats[open]"), [(360, 640), (640, 360)])
    # the order of the three levels is in the picker's label (visible, and its accessible name)
    label = page.evaluate("() => document.querySelector('#stats-levels').labels[0].textContent")
    seats = page.evaluate("() => [...document.querySelectorAll('#dlg-new select[name^=level]')]"
                          ".map((s) => s.closest('label').querySelector('span').textContent)")
    assert seats and all(seat in label for seat in seats), (label, seats)
    assert not problems, f"{lang}:\n  " + "\n  ".join(problems)


# Years of play: counts of six digits, and one deal reviewed.
BIG_STATS = {"version": 1, "reviews": {"00:1": {"levels": "hard,hard,hard", "loss": 3, "decisions": 8}},
             "levels": {"hard,hard,hard": {"matches": 120_000, "won": 60_000, "deals": 980_000, "taken": 400_000,
                                           "made": 300_000, "failed": 100_000, "capots": 12_000, "points": 85_000_000}}}


def test_big_statistics_are_grouped_and_fit_an_embed(page: Page, site_url: str):
    """Counts are grouped as the language writes them ("980000" was shown: no grouping), and the
    grouping does not push the tallest statistics (Lithuanian, embedded at 360x480, two figures a
    row) out of their frame: its separator is the narrow no-break space."""
    page.set_viewport_size({"width": 360, "height": 480})
    page.goto(site_url + "icons/icon.svg")
    page.evaluate(WRITE_ENTRY, {"key": "stats", "record": BIG_STATS})
    page.goto(site_url + "?lang=lt&speed=instant&nosw=1&analysis=0&embed=1")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    open_stats(page)
    page.wait_for_selector("#dlg-stats[open] .stats-table")
    shown = {k: page.text_content(f"#dlg-stats [data-stat='{k}']") for k in ("deals", "capots", "points")}
    assert shown == {"deals": "980\u202f000", "capots": "12\u202f000", "points": "86,7"}, shown
    problems = fit_problems(page, checked("statistics", "#dlg-stats[open]"), [(360, 480)])
    assert not problems, problems


def open_review(page: Page, open_game, match, lang: str, size: tuple[int, int], query: str = "") -> None:
    """The finished match in `lang` at `size`, its first deal's review open (from the score sheet)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    resume(page, open_game, match["done"], f"lang={lang}&speed=instant&nosw=1{query}")
    page.wait_for_selector(f"html[lang='{lang}']", state="attached")
    page.click("#btn-sheet")
    page.click("#dlg-sheet .review-open")
    page.wait_for_selector(LOADED, timeout=90_000)


def small_buttons(page: Page, selector: str, where: str) -> list[str]:
    """The buttons of ``selector`` under a 24x24 px target or in text under 12 px, said as problems."""
    return [f"{where}: button {text!r} is {w:.0f}x{h:.0f} px, text {font} px"
            for text, w, h, font in page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
                .map((b) => [b.textContent, b.getBoundingClientRect().width, b.getBoundingClientRect().height,
                             parseFloat(getComputedStyle(b).fontSize)])""", selector)
            if w < 24 or h < 24 or font < 12]


@pytest.mark.parametrize("lang", ["lt"])  # the longest result line and practice buttons
def test_review_with_hard_result_and_the_practice_bar_fit(page: Page, open_game, match, lang: str):
    """On a 360x640 phone: the review with "Hard in my seat"'s result line (two or three lines
    more) keeps its steps and buttons in view; the practice's bar takes no row the table needs
    (the hand stays whole) and its buttons stay at least 24x24 px in readable text; on a
    landscape phone the bar is in the side panel. Lithuanian and Vietnamese are the longest."""
    open_review(page, open_game, match, lang, (360, 640))
    page.click("[data-intent='review-hard']")
    page.wait_for_selector("#review-hard[data-hard-points]", timeout=90_000)
    problems = fit_problems(page, checked("review with Hard's result", "#dlg-review[open]"),
                            [(360, 640), (640, 360), (1280, 800)])
    page.set_viewport_size({"width": 360, "height": 640})
    page.click("[data-intent='review-practice']")
    page.wait_for_selector(PRACTICE_ON)
    page.wait_for_selector(MY_TURN, state="attached")
    problems += fit_problems(page, checked("practice", PRACTICE_ON), [(360, 640), (640, 360)])
    for width, height in [(360, 640), (640, 360)]:
        page.set_viewport_size({"width": width, "height": height})
        next_frame(page)
        problems += small_buttons(page, "#practice-bar button", f"{width}x{height} practice")
    assert not problems, f"{lang}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("lang", ["fr", "vi"])  # the tallest Latin text (en, lt and it need less), and vi
def test_an_embedded_review_with_hard_result_fits(page: Page, open_game, match, lang: str):
    """In a 360x480 frame the review with "Hard in my seat"'s result line keeps everything in
    view, its two buttons at the bottom among it: the line's two or three lines pushed them out
    (489 px of content in 464 in English, Lithuanian and Italian, 503 in French, 473 in
    Vietnamese), to be reached only by scrolling the dialog."""
    open_review(page, open_game, match, lang, (360, 480), "&embed=1")
    page.click("[data-intent='review-hard']")
    page.wait_for_selector("#review-hard[data-hard-points]", timeout=90_000)
    problems = fit_problems(page, checked("embedded review with Hard's result", "#dlg-review[open]"), [(360, 480)])
    problems += small_buttons(page, "#dlg-review :is(.review-head, .review-nav, .dialog-buttons) button",
                              "360x480 review")
    font = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#review-hard')).fontSize)")
    if font < 12:
        problems.append(f"360x480 review: Hard's result line in {font} px text")
    assert not problems, f"{lang}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("lang", ["lt"])  # the longest practice buttons
def test_an_embedded_practice_fits(page: Page, open_game, match, lang: str):
    """In a 360x480 frame a practice's bar takes the score bar's row (it scrolled the page by
    24 px, cutting the hand, when it took a row of its own), as it plays and once it is over."""
    open_review(page, open_game, match, lang, (360, 480), "&embed=1")
    page.click("[data-intent='review-practice']")
    page.wait_for_selector(PRACTICE_ON)
    page.wait_for_selector(MY_TURN, state="attached")
    assert page.is_hidden(".scorebar")
    problems = fit_problems(page, checked("practice", PRACTICE_ON), [(360, 480)])
    play_until(page, lambda: page.query_selector(PRACTICE_OVER) is not None)
    page.keyboard.press("Escape")  # the practice's deal summary
    page.wait_for_selector("dialog[open]", state="detached")
    problems += fit_problems(page, checked("practice over", PRACTICE_OVER), [(360, 480)])
    page.click("[data-intent='practice-back']")
    page.wait_for_selector(".scorebar", state="visible")  # the match's score again
    assert not problems, f"{lang}:\n  " + "\n  ".join(problems)


STEP_SIZES = [(360, 640), (360, 480), (640, 360), (1280, 800)]
STEP_PLACES = """() => {
  const box = (s) => document.querySelector(s)?.getBoundingClientRect();
  const trick = box('#dlg-review .review-trick'), west = box('#dlg-review .review-seat-1 .review-cards'),
        east = box('#dlg-review .review-seat-3 .review-cards');
  return {next: box("[data-intent='review-next']").top, top: box('#dlg-review').top,
          covered: !!trick && (trick.left < west.right - 1 || trick.right > east.left + 1)};
}"""


@pytest.mark.parametrize("lang", ["lt"])  # the longest seat labels and decisions
def test_the_review_steps_stay_put_from_card_to_card(page: Page, open_game, match, lang: str):
    """Tapping › again and again steps through the deal: the step buttons stay where they are
    from the start to the end of the deal (the dialog was centred, and the decision's text and
    the values under the person's cards changed its height: › moved by 8-43 px, and a quick
    tap could land on another button), and the trick never covers a side hand (a long seat
    label squeezed the centre column to 27 px)."""
    open_review(page, open_game, match, lang, (360, 640))
    page.wait_for_selector("#dlg-review[data-values='8']", timeout=90_000)
    problems = []
    for width, height in STEP_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.keyboard.press("Home")
        places = []
        for _ in range(33):
            next_frame(page)
            places.append(page.evaluate(STEP_PLACES))
            page.keyboard.press("ArrowRight")
        ys, tops = sorted({round(p["next"]) for p in places}), sorted({round(p["top"]) for p in places})
        if len(ys) > 1 or len(tops) > 1:
            problems.append(f"{width}x{height}: › at y {ys}, the dialog's top at {tops}")
        covered = [k for k, p in enumerate(places) if p["covered"]]
        if covered:
            problems.append(f"{width}x{height}: the trick covers a side hand at cards {covered}")
    assert not problems, f"{lang}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("lang", ["fr"])  # "Prendre à carreau": 411 px wide before
def test_the_persons_take_bubble_does_not_widen_the_phone_page(page: Page, site_url: str, lang: str):
    """The person takes: "Prendre cœur" shows beside "Vous" for a moment; at 360 px it wraps in
    the room right of the name instead of widening the page (it did: up to 411 px)."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site_url + f"?lang={lang}&speed=slow&nosw=1&analysis=0&levels=easy,easy,easy&seed=3")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    deadline = time.monotonic() + 120
    while page.query_selector(".seat-0 .bubble[data-kind='take']:not([hidden])") is None:
        assert time.monotonic() < deadline, "the person never took"
        if page.query_selector(MY_TURN) is not None:
            bids = page.query_selector_all("#bids button:not([disabled])")
            takes = [b for b in bids if b.get_attribute("data-action") != "pass"]
            if takes:
                takes[-1].click()  # round 2: the last suit named is the longest word often enough
            elif bids:
                bids[0].click()
            else:
                page.click("#hand button:not([disabled])")
        page.wait_for_timeout(50)
    width = page.evaluate("document.scrollingElement.scrollWidth")
    text = page.text_content(".seat-0 .bubble")
    assert width <= 361, f"{text!r} widens the page to {width} px"
