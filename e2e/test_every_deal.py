"""What the player sees every deal stays true: the score sheet and the last trick never go stale
behind their dialog, the hint follows the language, the last trick names its deal, and the New
game form never loses or blocks what the person chose. Each case failed before its fix (a review of
the dialogs, 2026-12-05). The matches are built here with the engine (`load_save`)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page

from belote import Game, ai
from test_review import resume as resume_save
from ui_helpers import MY_TURN, next_frame


def normal_until(game: Game, stop) -> dict:
    """Every seat plays Normal until stop(game); the save of three Normal computer players."""
    n = 0
    while not stop(game):
        game.play(ai.choose_action(game.view(game.to_act), "normal", n))
        n += 1
    return {"game": game.to_dict(), "levels": ["normal"] * 3, "ai_seed": 5}


@pytest.fixture(scope="module")
def last_lead() -> dict:
    """Deal 2 or later, the person to lead its last trick."""
    def stop(g: Game) -> bool:
        v = g.view(0)
        return g.to_act == 0 and v["phase"] == "play" and len(v["tricks"]) == 7 and not v["trick"] and bool(v["sheet"])
    return normal_until(Game(seed=1, target=1000), stop)


@pytest.fixture(scope="module")
def after_thrown_in() -> dict:
    """The person's first turn in the deal after a thrown-in one, with a played deal before it."""
    def stop(g: Game) -> bool:
        sheet = g.view(0)["sheet"]
        return (g.to_act == 0 and len(sheet) >= 2 and sheet[-1]["result"] == "thrown_in"
                and any(r["result"] != "thrown_in" for r in sheet))
    return normal_until(Game(seed=7, target=100_000), stop)


def resume(page: Page, open_game, save: dict, query: str = "speed=instant") -> None:
    """The saved match resumed (test_review.resume), at the person's turn."""
    resume_save(page, open_game, save, query)
    page.wait_for_selector(MY_TURN, state="attached", timeout=60_000)


def test_the_score_sheet_opened_while_a_computer_thinks_does_not_go_stale(page: Page, open_game, last_lead):
    """Opened during East's pause before the deal's last card, the sheet listed the deals done
    before it while the deal ended behind it (the score bar already further, the next deal dealt).
    The move waits for the dialog now, as the steps after it already did."""
    resume(page, open_game, last_lead, "speed=slow")
    done = int(page.get_attribute("#app", "data-deals-done"))
    page.click("#hand button:not([disabled])")
    for _ in range(300):  # three cards on the table: East to play the last, after its pause
        if len(page.query_selector_all("#trick .slot .card")) == 3:
            break
        page.wait_for_timeout(10)
    page.click("#btn-sheet")  # East thinks for 1.3 s at slow speed
    page.wait_for_selector("#dlg-sheet[open]")
    page.wait_for_timeout(2500)
    assert int(page.get_attribute("#app", "data-deals-done")) == done  # nothing moved behind the dialog
    assert len(page.query_selector_all("#dlg-sheet tbody tr")) == done
    page.keyboard.press("Escape")
    page.wait_for_selector(f"#app[data-deals-done='{done + 1}']", state="attached", timeout=30_000)


def test_the_hint_follows_a_language_switch(page: Page, open_game, last_lead):
    """The hint was kept as English text: "Conseil : lowest card: ..." after switching to French."""
    resume(page, open_game, last_lead)
    page.click("#btn-hint")
    page.wait_for_selector("[data-hint='1']", state="attached", timeout=60_000)
    english = page.text_content("#status").split(": ", 1)[1]
    page.select_option("#lang-select", "fr")
    page.wait_for_selector("html[lang='fr']", state="attached")
    next_frame(page)
    assert english not in page.text_content("#status")


def test_the_last_trick_after_a_thrown_in_deal_names_its_deal(page: Page, open_game, after_thrown_in):
    """After a thrown-in deal the dialog said "Last trick of the previous deal" under the trick of
    the deal before that one: it names the deal now."""
    resume(page, open_game, after_thrown_in)
    played = [r["deal"] for r in Game.from_dict(after_thrown_in["game"]).view(0)["sheet"] if r["result"] != "thrown_in"]
    page.click("#btn-last")
    page.wait_for_selector("#dlg-last[open]")
    assert page.text_content("#dlg-last .muted") == f"Last trick of deal {played[-1] + 1}"


def test_display_settings_chosen_in_new_game_apply_even_when_the_match_is_kept(page: Page, open_game, last_lead):
    """Slow and the four-colour deck, chosen in New game, then Cancel at "Abandon this match?":
    both were dropped without a word (the language chosen in the same form applied)."""
    resume(page, open_game, last_lead, "speed=normal")
    page.click("#btn-new")
    page.check("#dlg-new input[name=speed][value=slow]")
    page.check("#dlg-new input[name=fourColour]")
    page.click("#dlg-new button[type=submit]")
    page.click("#dlg-confirm [data-intent='close-dialog']")
    page.wait_for_selector("dialog[open]", state="detached")
    stored = page.evaluate("JSON.parse(localStorage.getItem('belote.settings.v1'))")
    assert stored["speed"] == "slow" and stored["fourColour"] is True, stored
    assert page.evaluate("document.getElementById('app').classList.contains('four-colour')")


def test_a_preset_target_starts_even_after_an_invalid_custom_one(page: Page, open_game):
    """Custom 0, then 1000: Start did nothing, with no message (the browser still validated the
    unused custom field, hidden once a preset is chosen). A preset clears it."""
    open_game(page, "speed=instant")
    page.click("#btn-new")
    page.check("#dlg-new input[name=target][value=custom]")
    page.fill("#dlg-new input[name=customTarget]", "0")
    page.check("#dlg-new input[name=target][value='1000']")
    page.click("#dlg-new button[type=submit]")
    page.wait_for_selector("#dlg-new[open]", state="detached", timeout=5_000)
    page.wait_for_selector(MY_TURN, state="attached", timeout=30_000)
    assert "1000" in page.text_content("#target-info")

