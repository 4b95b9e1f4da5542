"""The deal review at its ends, with the keyboard: Enter pressed again on a step button that
leads past the first or last card stays there (the button is aria-disabled, not disabled, so the
focus does not jump to another step button, such as "Start of the deal" at the end)."""
from __future__ import annotations

from playwright.sync_api import Page

from test_review import at, match, resume, review_from_sheet  # noqa: F401 (fixture)


def focused_intent(page: Page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.dataset.intent || ''")


def test_enter_on_next_card_at_the_end_does_not_jump_back_to_the_start(page: Page, open_game, match):
    resume(page, open_game, match["done"], "speed=instant")
    review_from_sheet(page)
    page.keyboard.press("End")
    at(page, 32)
    page.keyboard.press("ArrowLeft")
    at(page, 31)
    page.focus("#dlg-review [data-intent='review-next']")
    page.keyboard.press("Enter")  # card 31 -> the end: "Next card" is disabled now
    at(page, 32)
    moved_to = focused_intent(page)
    page.keyboard.press("Enter")  # the same key once more
    page.wait_for_timeout(300)
    pos = int(page.get_attribute("#dlg-review", "data-pos"))
    assert pos >= 31, (f"Enter pressed again at the end of the deal jumped to position {pos}: "
                       f"the focus had moved to {moved_to!r}")


def test_enter_on_next_trick_at_the_end_does_not_jump_back_to_the_start(page: Page, open_game, match):
    resume(page, open_game, match["done"], "speed=instant")
    review_from_sheet(page)
    page.keyboard.press("End")
    at(page, 32)
    page.keyboard.press("ArrowUp")
    at(page, 28)
    page.focus("#dlg-review [data-intent='review-next-trick']")
    page.keyboard.press("Space")
    at(page, 32)
    moved_to = focused_intent(page)
    page.keyboard.press("Space")
    page.wait_for_timeout(300)
    pos = int(page.get_attribute("#dlg-review", "data-pos"))
    assert pos >= 28, f"Space pressed again at the end jumped to position {pos} (focus on {moved_to!r})"


def test_enter_on_previous_card_at_the_start_does_not_walk_forward(page: Page, open_game, match):
    resume(page, open_game, match["done"], "speed=instant")
    review_from_sheet(page)
    page.keyboard.press("Home")
    at(page, 0)
    page.keyboard.press("ArrowRight")
    at(page, 1)
    page.focus("#dlg-review [data-intent='review-prev']")
    page.keyboard.press("Enter")
    at(page, 0)
    moved_to = focused_intent(page)
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    pos = int(page.get_attribute("#dlg-review", "data-pos"))
    assert pos == 0, f"Enter pressed again on 'Previous card' at the start moved to {pos} (focus on {moved_to!r})"
