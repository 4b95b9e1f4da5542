"""A practice (a finished deal of the match played again, outside it) never costs the person the
match, and leaves nothing of itself in the match (code review of the practice):
1. New game during a practice asks "Abandon this match?" as long as the MATCH is in progress, even
   when the practice has just begun (its moves: 0) or is over (its view's phase: "over");
2. back from a practice begun in the last deal's summary, the match says it is over;
3. a hint asked in the practice and answered once the match is back is not shown in the match;
4. a refused snapshot on the way back keeps the practice on the table (with the error), whole;
5. a tab whose match is taken by another tab during a practice shows the match it lost, not the
   practice as if it were the match;
6. the practice's summary names the match's deal played again and has no match total; the score
   bar and the score sheet stay the match's; the screen reader hears no practice "score";
7. a practice's review is not kept in IndexedDB (nothing reopens it; it would push a match's out).

The matches are built here (the engine under CPython, Easy computers: their choices do not depend
on the seed, so the practice, which gets a fresh AI stream, is predictable too), stored with
`load_save`, and resumed by the page. The practice is started as a person does: the score sheet's
(or the deal summary's) Review, then "Play this deal again".
"""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

from belote import Game, ai
from belote.ai.levels import move_seed
from conftest import BOOT_TIMEOUT_MS
from test_reliability import engine_worker
from test_review import resume as resume_save
from ui_helpers import (DISMISS_SUMMARY, MY_TURN, READ_ENTRY, RECORD_ANNOUNCED, WATCH_SUMMARIES, act_once, kept_reviews, moves,
                        next_frame, play_until, saved, summaries)

LEVELS = ["easy", "easy", "easy"]
AI_SEED = 4242
SEED = 1
PRACTICE_ON = "#practice-bar:not([hidden])"
BACK = "#practice-bar [data-intent='practice-back']"
PRACTICE_OVER = BACK + ".primary"
# In the practice of deal 1 (match SEED) the person passes, names hearts in round 2 and plays these
# cards: the practice then waits for the person's last card at move 36, the very move count at
# which the match waits for the person's first bid of deal 2 (checked in CPython below).
HINT_RACE_PATH = ["pass", "take:H", "AD", "KC", "AS", "TC", "KD", "9S", "TS"]
MATCH_MOVES = 36


def person(view: dict) -> str:
    return "take" if "take" in view["legal_actions"] else ai.choose_action(view, "easy", 0)


def played_until(game: Game, stop) -> Game:
    """Plays (the person: takes when offered, else Easy's card) until stop(game)."""
    while not stop(game):
        seat = game.to_act
        view = game.view(seat)
        game.play(person(view) if seat == 0 else ai.choose_action(view, LEVELS[seat - 1], move_seed(AI_SEED, game.move_number)))
    return game


def as_save(game: Game) -> dict:
    return {"game": game.to_dict(), "levels": LEVELS, "ai_seed": AI_SEED}


@pytest.fixture(scope="module")
def in_progress() -> dict:
    """Deal 1 played (the person took); deal 2 waits for the person's first bid, at move 36."""
    game = played_until(Game(seed=SEED, target=1000), lambda g: g.to_act == 0 and len(g.view(0)["sheet"]) == 1)
    assert game.move_number == MATCH_MOVES and game.view(0)["sheet"][0]["result"] != "thrown_in"
    # The practice of deal 1 along HINT_RACE_PATH waits for the person at the same move count.
    practice = Game(seed=SEED, target=1000)  # deal 1 again: the same deck and dealer
    for action in HINT_RACE_PATH:
        played_until(practice, lambda g: g.to_act == 0)
        practice.play(action)
    played_until(practice, lambda g: g.to_act == 0)
    assert practice.move_number == MATCH_MOVES and practice.view(0)["phase"] == "play"
    return as_save(game)


@pytest.fixture(scope="module")
def last_card() -> dict:
    """A match to 1 point whose first deal waits for the person's last card: that card ends the match."""
    game = played_until(Game(seed=SEED, target=1), lambda g: g.to_act == 0 and g.view(0)["phase"] == "play"
                        and len(g.view(0)["hand"]) == 1)
    after = played_until(Game.from_dict(game.to_dict()), lambda g: g.to_act is None)
    assert after.view(0)["phase"] == "over"
    return as_save(game)


def resume(page: Page, open_game, save: dict, query: str = "speed=instant") -> None:
    """Stores `save` as the match in progress, then opens the game on it (test_review.resume)."""
    resume_save(page, open_game, save, query)


def practice_from_sheet(page: Page, deal: int = 0) -> None:
    """Score sheet -> the deal's Review -> "Play this deal again"; returns at the practice's first turn."""
    page.click("#btn-sheet")
    page.click(f"#dlg-sheet [data-intent='review'][data-deal='{deal}']")
    page.wait_for_selector("#dlg-review[open][data-loaded='1']", timeout=90_000)
    page.click("#dlg-review [data-intent='review-practice']")
    page.wait_for_selector(PRACTICE_ON)
    page.wait_for_selector(MY_TURN, state="attached")


def wait_moves(page: Page, n: int) -> None:
    page.wait_for_selector(f"#app[data-moves='{n}']", state="attached", timeout=30_000)


def play(page: Page, action: str) -> None:
    """The person plays `action` (a bid or a card) at their next turn."""
    page.wait_for_selector(MY_TURN, state="attached")
    before = moves(page)
    page.click(f"#bids button[data-action='{action}'], #hand button[data-card='{action}']")
    deadline = time.monotonic() + 30
    while moves(page) <= before:
        assert time.monotonic() < deadline, f"{action} was not shown"
        time.sleep(0.02)


def new_game_asks(page: Page) -> None:
    """New game -> Start: the page asks before abandoning the match; Cancel keeps it."""
    page.click("#btn-new")
    page.wait_for_selector("#dlg-new[open]")
    page.click("#dlg-new button[type=submit]")
    page.wait_for_selector("#dlg-confirm[open]", timeout=5_000)
    page.click("#dlg-confirm [data-intent='close-dialog']")
    page.wait_for_selector("dialog[open]", state="detached")


def back_to_match(page: Page) -> None:
    page.click(BACK)
    page.wait_for_selector("#practice-bar", state="hidden")
    wait_moves(page, MATCH_MOVES)


def test_new_game_during_a_practice_asks_before_abandoning_the_match(page: Page, open_game, in_progress):
    resume(page, open_game, in_progress)
    practice_from_sheet(page)
    assert moves(page) == 0  # the practice has just begun: its own count, not the match's
    new_game_asks(page)
    assert saved(page) == in_progress
    assert page.query_selector(PRACTICE_ON) is not None  # cancelled: the practice goes on
    play_until(page, lambda: page.query_selector(PRACTICE_OVER) is not None)
    assert page.get_attribute("#app", "data-phase") == "over"  # the practice's one deal is over
    assert page.text_content("#status") == "Practice of deal 1 over."  # not "Match over."
    new_game_asks(page)
    assert saved(page) == in_progress
    back_to_match(page)
    assert saved(page) == in_progress
    assert page.query_selector("#dlg-over[open]") is None  # the match is not over


def test_back_from_a_practice_begun_in_the_last_deals_summary_says_the_match_is_over(page: Page, open_game, last_card):
    resume(page, open_game, last_card, "speed=slow")
    # the review answers quickly once its worker is up (it boots at the person's first turn)
    page.wait_for_selector("html[data-analysis='ready']", state="attached", timeout=90_000)
    page.wait_for_selector(MY_TURN, state="attached")
    page.click("#hand button:not([disabled])")  # the last card: the deal, and the match, end
    page.wait_for_function("""() => {
      const b = document.querySelector("#deal-summary:not([hidden]) [data-intent='review']");
      if (b) b.click();
      return !!b;
    }""", polling="raf", timeout=30_000)
    page.wait_for_selector("#dlg-review[open][data-loaded='1']", timeout=90_000)
    page.click("#dlg-review [data-intent='review-practice']")
    page.wait_for_selector(PRACTICE_ON)
    page.wait_for_selector(MY_TURN, state="attached")
    assert page.query_selector("#dlg-over[open]") is None  # the practice is played first
    page.click(BACK)
    page.wait_for_selector("#practice-bar", state="hidden")
    page.wait_for_selector("#dlg-over[open]", timeout=10_000)
    assert page.get_attribute("#app", "data-phase") == "over"


def test_a_practice_hint_answered_after_back_to_match_is_not_shown_in_the_match(page: Page, open_game, in_progress):
    page.add_init_script(RECORD_ANNOUNCED)
    resume(page, open_game, in_progress)
    practice_from_sheet(page)
    for action in HINT_RACE_PATH:
        play(page, action)
    page.wait_for_selector(MY_TURN, state="attached")
    wait_moves(page, MATCH_MOVES)  # the practice waits for the person at the match's move count
    start = len(page.evaluate("window.__announced"))  # what the page says from now on
    # "Back to match", then H in the same moment: the hint is asked while the snapshot is on its way.
    page.evaluate("""() => {
      document.querySelector("#practice-bar [data-intent='practice-back']").click();
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "h", bubbles: true }));
    }""")
    page.wait_for_selector("#practice-bar", state="hidden")
    page.wait_for_selector(f"#app[data-moves='{MATCH_MOVES}'][data-phase='bid1'][data-my-turn='1']", state="attached")
    # A hint asked in the match now: its answer comes after the practice's (the worker answers in order).
    page.click("#btn-hint")
    page.wait_for_selector("#bids [data-hint='1']")
    hints = [s for s in page.evaluate("window.__announced")[start:] if s.startswith("Hint: ")]
    # the match's own hint only: said by the hinted bid's description as the focus moves to it,
    # or in the log when the focus stays
    focused_on_hint = page.evaluate("document.activeElement.dataset.hint === '1'")
    assert len(hints) == (0 if focused_on_hint else 1), hints
    assert page.query_selector("#hand [data-hint='1']") is None


# The match's answers (a number token; a practice's is "p<n>") come back as a refusal, as a bridge error would.
REFUSE_MATCH_ANSWERS = """() => {
  self.__post = self.__post || self.postMessage.bind(self);
  self.postMessage = (msg) => {
    if (msg && msg.id !== undefined && msg.ok && msg.result && typeof msg.result.token === "number") {
      self.__post({ id: msg.id, ok: false, error: "refused by the test", type: "InternalError" });
    } else self.__post(msg);
  };
}"""


def test_a_refused_snapshot_keeps_the_practice_on_the_table(page: Page, open_game, in_progress):
    resume(page, open_game, in_progress)
    practice_from_sheet(page)
    worker = engine_worker(page)
    worker.evaluate(REFUSE_MATCH_ANSWERS)
    page.click(BACK)
    alert = page.wait_for_selector("[role=alert].alert-engine", timeout=10_000)
    assert "refused by the test" in alert.text_content()
    next_frame(page)
    assert page.query_selector(PRACTICE_ON) is not None  # the practice stays, and stays playable
    assert moves(page) == 0
    worker.evaluate("() => { self.postMessage = self.__post; }")
    play(page, HINT_RACE_PATH[0])  # a practice move: the match is untouched
    assert saved(page) == in_progress
    back_to_match(page)  # and the way back works once the engine answers
    assert saved(page) == in_progress


# The practice's first answer (a practice_start's: token "p<n>") comes back as a refusal.
REFUSE_PRACTICE_START = """() => {
  self.__post = self.__post || self.postMessage.bind(self);
  self.postMessage = (msg) => {
    if (msg && msg.id !== undefined && msg.ok && msg.result && String(msg.result.token).startsWith("p")) {
      self.postMessage = self.__post;
      self.__post({ id: msg.id, ok: false, error: "refused by the test", type: "InternalError" });
    } else self.__post(msg);
  };
}"""


def refused_practice(page: Page, open_game, save: dict, refusal: str) -> str:
    """Resumes `save`, has the engine worker evaluate `refusal`, then asks to play deal 1 again from
    its review; returns the text of the alert that says it was refused."""
    resume(page, open_game, save)
    engine_worker(page).evaluate(refusal)
    page.click("#btn-sheet")
    page.click("#dlg-sheet [data-intent='review'][data-deal='0']")
    page.wait_for_selector("#dlg-review[open][data-loaded='1']", timeout=90_000)
    page.click("#dlg-review [data-intent='review-practice']")
    return page.wait_for_selector("[role=alert].alert-engine", timeout=10_000).text_content()


def test_a_practice_that_cannot_start_leaves_the_match_playing(page: Page, open_game, in_progress):
    """A refused practice_start says so and the match plays on: the person's next bid is answered
    by the computer seats (before, their moves were dropped until the page was reloaded)."""
    assert "refused by the test" in refused_practice(page, open_game, in_progress, REFUSE_PRACTICE_START)
    assert page.query_selector(PRACTICE_ON) is None
    page.wait_for_selector(MY_TURN, state="attached")
    assert moves(page) == MATCH_MOVES
    page.click("#bids button[data-action='pass']")
    deadline = time.monotonic() + 30
    while moves(page) < MATCH_MOVES + 4:  # the pass and the three computer seats' bids after it
        assert time.monotonic() < deadline, f"the match stopped at move {moves(page)}"
        time.sleep(0.05)
    assert saved(page)["game"]["actions"][:MATCH_MOVES] == in_progress["game"]["actions"]


# The answers to practice_start and to every snapshot come back as refusals (the worker itself
# answers as it would: a practice begun, a snapshot taken).
REFUSE_PRACTICE_AND_SNAPSHOTS = """() => {
  const handle = self.onmessage;
  const refused = new Set();
  self.onmessage = (event) => {
    const m = event.data;
    if (m && (m.method === "practice_start" || m.method === "snapshot")) refused.add(m.id);
    return handle(event);
  };
  self.__post = self.__post || self.postMessage.bind(self);
  self.postMessage = (msg) => {
    if (msg && refused.has(msg.id)) self.__post({ id: msg.id, ok: false, error: "refused by the test", type: "InternalError" });
    else self.__post(msg);
  };
}"""


def test_a_refused_practice_needs_no_other_answer_to_play_on(page: Page, open_game, in_progress):
    """A refused practice_start leaves the table as it stood, playing on: it does not depend on the
    match's snapshot. (It did: with the snapshot refused too, the table showed the person's turn
    while it dropped every step, so the person's bid was played and stored unseen, for good.)"""
    refused_practice(page, open_game, in_progress, REFUSE_PRACTICE_AND_SNAPSHOTS)
    page.wait_for_selector(MY_TURN, state="attached")
    page.click("#bids button[data-action='pass']")
    # the pass and the three computer seats' bids after it, up to the person's next turn
    page.wait_for_function(f"() => {{ const a = document.getElementById('app').dataset; return +a.moves >= {MATCH_MOVES + 4} && a.myTurn === '1'; }}",
                           timeout=30_000)
    assert len(saved(page)["game"]["actions"]) == moves(page)  # the table shows the match as stored


@pytest.fixture(scope="module")
def all_pass_again() -> dict:
    """Deal 1 of a match against three Normal seats, played (the person took). Dealt again, the
    person passing twice, the three Normal seats pass too (their bids depend on their cards, not
    on the practice's fresh seeds: checked here with two): the practice deal is thrown in."""
    from belote.review import practice_save

    levels = ["normal"] * 3
    game = Game(seed=SEED, target=1000)
    while not (game.to_act == 0 and len(game.view(0)["sheet"]) == 1):
        seat = game.to_act
        view = game.view(seat)
        game.play(person(view) if seat == 0 else ai.choose_action(view, "normal", move_seed(AI_SEED, game.move_number)))
    assert game.view(0)["sheet"][0]["result"] != "thrown_in"
    for ai_seed in (1, 2):
        practice = Game.from_dict({**practice_save(game.to_dict(), 0), "seed": 99, "target": 1})
        while not practice.view(0)["sheet"]:
            seat = practice.to_act
            practice.play("pass" if seat == 0 else ai.choose_action(practice.view(seat), "normal", ai_seed))
        assert practice.view(0)["sheet"][0]["result"] == "thrown_in"
    return {"game": game.to_dict(), "levels": levels, "ai_seed": AI_SEED}


def test_a_practice_deal_all_four_pass_ends_there_without_dealing_again(page: Page, open_game, all_pass_again):
    """All four pass twice in a practice: the practice is over with that deal on the table. It used
    to show the next deal's five cards with West to bid, and a West that never bid (the practice
    plays one deal), and to say "the cards are dealt again"."""
    page.add_init_script(RECORD_ANNOUNCED)
    resume(page, open_game, all_pass_again)
    page.wait_for_selector(MY_TURN, state="attached")
    practice_from_sheet(page)
    hand = [b.get_attribute("data-card") for b in page.query_selector_all("#hand button")]
    play(page, "pass")
    play(page, "pass")
    page.wait_for_selector(PRACTICE_OVER, timeout=30_000)
    next_frame(page)
    assert [b.get_attribute("data-card") for b in page.query_selector_all("#hand button")] == hand
    assert page.text_content("#status") == "Practice of deal 1 over."
    said = page.evaluate("window.__announced")
    assert said.count("Everybody passed twice: practice of deal 1 over.") == 1, said[-6:]
    assert "Everybody passed twice: the cards are dealt again." not in said, said[-6:]
    assert page.query_selector(".seat.to-act") is None  # nobody to act, nobody "thinking"
    page.click(BACK)
    page.wait_for_selector("#practice-bar", state="hidden")
    page.wait_for_selector(MY_TURN, state="attached")  # the match's deal 2 waits for the person, as before


@pytest.fixture(scope="module")
def third_deal() -> dict:
    """Deals 1 and 2 played (match seed 3: 142-182, deal 2 the person's dedans); deal 3 waits for the person."""
    game = played_until(Game(seed=3, target=1000), lambda g: g.to_act == 0 and len(g.view(0)["sheet"]) == 2)
    sheet = game.view(0)["sheet"]
    assert [r["result"] for r in sheet] == ["made", "dedans"] and sheet[-1]["scores"] == [142, 182], sheet
    return as_save(game)


def table(page: Page) -> dict:
    """What the table shows of the match (not whose turn it is)."""
    next_frame(page)
    return page.evaluate("""() => {
      const app = document.getElementById("app");
      const q = (s) => document.querySelector(s).textContent;
      return {
        moves: app.dataset.moves, phase: app.dataset.phase, deal: app.dataset.dealNumber, done: app.dataset.dealsDone,
        scores: [q('[data-score-team="0"]'), q('[data-score-team="1"]')], target: q("#target-info"),
        hand: [...document.querySelectorAll("#hand button")].map((b) => b.dataset.card),
      };
    }""")


def dialog_text(page: Page, button: str, dlg: str) -> str:
    """The text of the dialog `button` opens (closed again with Escape)."""
    page.click(button)
    page.wait_for_selector(f"{dlg}[open]")
    text = page.inner_text(dlg)
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{dlg}[open]", state="detached")
    return text


def test_a_tab_whose_match_moves_during_a_practice_shows_the_match_not_the_practice(page: Page, open_game, in_progress):
    """Another tab takes the match during a practice: this tab shows the match as it left it (as any
    tab whose match moved), its score sheet and last trick too. It kept the practice's table
    ("Deal 1 · Playing to 1", 0-0, the practice's cards) above "This match moved to another tab"."""
    resume(page, open_game, in_progress)
    page.wait_for_selector(MY_TURN, state="attached")
    before = table(page)
    sheet = dialog_text(page, "#btn-sheet", "#dlg-sheet")
    last = dialog_text(page, "#btn-last", "#dlg-last")
    practice_from_sheet(page)
    play(page, HINT_RACE_PATH[0])  # the practice is under way
    other = page.context.new_page()
    other.goto(page.url)
    other.wait_for_selector('#app[data-tab="elsewhere"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    other.click("[data-intent='take-over']")
    other.wait_for_selector(MY_TURN, state="attached", timeout=30_000)
    page.wait_for_selector('#app[data-tab="moved"]', state="attached", timeout=10_000)
    assert page.query_selector(PRACTICE_ON) is None
    assert table(page) == before
    assert dialog_text(page, "#btn-sheet", "#dlg-sheet") == sheet
    assert dialog_text(page, "#btn-last", "#dlg-last") == last
    assert saved(other) == in_progress
    other.close()
    page.click("[data-intent='take-over']")  # and back here: the match, as it is
    page.wait_for_selector('#app[data-tab="here"]', state="attached")
    page.wait_for_selector(MY_TURN, state="attached", timeout=30_000)
    assert table(page) == before


def test_a_practice_summary_names_the_match_deal_and_the_match_keeps_its_score(page: Page, open_game, third_deal):
    """Deal 2 of a match at 142-182 played again: its summary is "Deal 2 played again", without a
    match total; the score bar and the score sheet stay the match's; the screen reader hears the
    practice deal's points, not a "score". They said "Deal 1: ...", "Match total 0 162", showed 0-162
    in the score bar, one sheet row "1" with "Total 0 162", and "Score 0 to 162"."""
    page.add_init_script(RECORD_ANNOUNCED)
    resume(page, open_game, third_deal, "speed=fast")
    page.wait_for_selector(MY_TURN, state="attached")
    scores = table(page)["scores"]
    sheet = dialog_text(page, "#btn-sheet", "#dlg-sheet")
    practice_from_sheet(page, 1)
    start = len(page.evaluate("window.__announced"))  # what the page says from now on
    page.evaluate(WATCH_SUMMARIES)  # fast: the summary stays 1.5 s, read in the page as it comes
    deadline = time.monotonic() + 60
    while not summaries(page):  # the practice is played
        assert time.monotonic() < deadline, "no deal summary"
        if page.query_selector(MY_TURN) is not None:
            act_once(page)
        else:
            time.sleep(0.02)
    [summary] = summaries(page)
    assert summary["title"] == "Deal 2 played again: Failed (dedans)"
    assert not summary["total"]
    assert "Match total" not in summary["text"]
    page.evaluate(DISMISS_SUMMARY)  # unless it went by itself meanwhile
    page.wait_for_selector(PRACTICE_OVER, timeout=30_000)
    assert table(page)["scores"] == scores == ["142", "182"]
    assert dialog_text(page, "#btn-sheet", "#dlg-sheet") == sheet
    said = page.evaluate("window.__announced")[start:]
    assert "Practice deal over: us 0, them 162." in said, said
    assert not [s for s in said if "Score" in s], said
    page.click(BACK)
    page.wait_for_selector("#practice-bar", state="hidden")
    assert saved(page) == third_deal


def test_a_practice_review_is_not_kept(page: Page, open_game, third_deal):
    """The review of a practice deal stays in memory: kept in IndexedDB (under a key made from the
    practice's fresh seeds, which nothing reopens after a reload), it took one of the REVIEWS_KEPT
    slots and pushed the match's kept reviews out."""
    resume(page, open_game, third_deal)
    page.wait_for_selector("html[data-analysis='ready']", state="attached", timeout=90_000)
    practice_from_sheet(page, 1)
    play_until(page, lambda: page.query_selector(PRACTICE_OVER) is not None)
    page.click("#practice-bar [data-intent='review']")
    page.wait_for_selector("#dlg-review[open][data-values='8']", timeout=90_000)  # the person's cards all valued: the moment it was kept
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        listed = page.evaluate(READ_ENTRY, "reviews") or []
        assert not [k for k in kept_reviews(page) if k.startswith("review:practice:")], listed
        assert not [k for k in listed if k.startswith("practice:")], listed
        time.sleep(0.2)
    deadline = time.monotonic() + 90
    while not [k for k in listed if k.startswith("match:")]:  # the match's review (its deal 2) is kept
        assert time.monotonic() < deadline, listed
        time.sleep(0.5)
        listed = page.evaluate(READ_ENTRY, "reviews") or []
    assert not [k for k in listed if k.startswith("practice:")], listed
