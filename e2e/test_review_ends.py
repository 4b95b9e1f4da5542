"""The deal review at its ends, with the keyboard: Enter pressed again on a step button that
leads past the first or last card stays there (the button is aria-disabled, not disabled, so the
focus does not jump to another step button, such as "Start of the deal" at the end)."""
from __future__ import annotations

from playwright.sync_api import Page

from test_review import LOADED, at, resume, review_from_sheet, valued


def focused_intent(page: Page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.dataset.intent || ''")


# (the key to a place, the key that steps back from it, the position reached, the step button
# pressed there, the key that presses it, the end of the deal it reaches)
CASES = [
    ("End", "ArrowLeft", 31, "review-next", "Enter", 32),
    ("End", "ArrowUp", 28, "review-next-trick", " ", 32),
    ("Home", "ArrowRight", 1, "review-prev", "Enter", 0),
]


def test_a_step_button_pressed_again_at_an_end_of_the_deal_stays_there(page: Page, open_game, match):
    resume(page, open_game, match["done"], "speed=instant")
    review_from_sheet(page)
    for jump, back, start, intent, key, end in CASES:
        page.keyboard.press(jump)
        page.keyboard.press(back)
        at(page, start)
        page.focus(f"#dlg-review [data-intent='{intent}']")
        page.keyboard.press(key)
        at(page, end)
        # still focused there (aria-disabled, not disabled): before, the focus moved to the first
        # enabled step button, "Start of the deal" at the end, and the next Enter went back to 0
        assert focused_intent(page) == intent
        assert page.get_attribute(f"#dlg-review [data-intent='{intent}']", "aria-disabled") == "true"
        page.keyboard.press(key)  # the same key once more
        page.wait_for_timeout(300)
        assert page.get_attribute("#dlg-review", "data-pos") == str(end), (jump, intent)


def test_after_why_a_step_to_the_persons_card_keeps_the_focus_on_stepping_forward(page: Page, open_game, match):
    """Why? (Enter) on a computer's card, then → onto the person's card, which has no Why?: the
    focus fell on |‹ ("Start of the deal"), so the next Enter sent the review back to card 0. It
    falls on › now, and the next Enter steps on."""
    resume(page, open_game, match["done"], "speed=instant")
    review_from_sheet(page)
    for p in range(31):
        at(page, p)
        valued(page)
        if page.query_selector("#review-decision .review-why") is not None:
            page.locator("#review-decision .review-why").press("Enter")
            page.wait_for_selector("#review-reason")
            page.keyboard.press("ArrowRight")
            at(page, p + 1)
            valued(page)
            if page.query_selector("#review-decision .review-why") is None:  # the person's card
                break
        else:
            page.keyboard.press("ArrowRight")
    else:
        raise AssertionError("no computer card followed by the person's")
    pos = int(page.get_attribute("#dlg-review", "data-pos"))
    assert focused_intent(page) == "review-next"
    page.keyboard.press("Enter")
    at(page, pos + 1)


def test_hard_in_my_seat_is_remembered_when_the_review_is_opened_again(page: Page, open_game, match):
    """Closed and opened again, the review had forgotten Hard's result: the line was gone and the
    button ready to play the whole deal again. It comes back with the review now."""
    resume(page, open_game, match["done"], "speed=instant")
    review_from_sheet(page)
    page.click("[data-intent='review-hard']")
    page.wait_for_selector("#review-hard[data-hard-points]", timeout=90_000)
    result = page.text_content("#review-hard")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-review[open]", state="detached")
    page.wait_for_selector("#dlg-sheet[open]")  # back to the sheet it was opened from
    page.click("#dlg-sheet .review-open")
    page.wait_for_selector(LOADED, timeout=90_000)
    page.wait_for_selector("#review-hard[data-hard-points]", timeout=10_000)
    assert page.text_content("#review-hard") == result
    assert page.get_attribute("#dlg-review [data-intent='review-hard']", "aria-disabled") == "true"


def test_the_review_says_how_its_values_are_counted(page: Page, open_game, match):
    """The "i" by the title opens a note (a popover over the review): the values assume every
    hand seen and perfect play, so a "?" may mark a fair choice on what the person could know.
    The review never said so. Escape closes the note, not the review, and the steps still work."""
    resume(page, open_game, match["done"], "speed=instant")
    review_from_sheet(page)
    help_button = page.locator("#dlg-review .review-help-open")
    assert help_button.get_attribute("aria-label") == "How the values are counted"
    assert page.locator("#review-help").is_hidden()
    help_button.click()
    page.wait_for_selector("#review-help:popover-open")
    note = page.text_content("#review-help")
    assert "every hand seen" in note and "perfectly" in note and "?" in note, note
    page.keyboard.press("Escape")
    page.wait_for_selector("#review-help:popover-open", state="detached")
    assert page.is_visible("#dlg-review[open]")
    page.focus("#dlg-review [data-intent='review-next']")
    page.keyboard.press("ArrowRight")
    at(page, 1)
