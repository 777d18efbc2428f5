"""Dicetime's page for everyone: axe-core finds no serious or critical violation at the start
or mid-game, every die says in words what it shows and whether it is kept, and a whole game
against a bot is played with the keyboard alone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.accessibility import grave_violations
from tests.web.test_browser import (  # noqa: F401 (base_url, browser: fixtures)
    base_url,
    browser,
    create_in_lobby,
    wait_until,
)

FOCUSED_ACTION = (
    "(() => { const e = document.activeElement;"
    " return Boolean(e && e.matches('button[data-action]:not([disabled])')); })()"
)
"""Whether the focus is on an enabled action control."""
FOCUSED_DIE = (
    "Boolean(document.activeElement && document.activeElement.matches('button[data-die]'))"
)
MY_TURN = "Boolean(window.parlourFrame && window.parlourFrame.legal.length)"
MOVES = 400
"""More tries than the learner's moves take (a turn is up to 4 moves)."""
TURNS_MOVES = 8
"""The learner's moves played by keyboard: two turns at least (a turn is 2 to 4 moves)."""
TABS = 80
"""More Tab presses than the page has stops before its last action control."""


def tab_to(page: Any, expression: str) -> None:
    """Press Tab until `expression` holds for the focused element."""
    for _ in range(TABS):
        page.keyboard.press("Tab")
        if page.evaluate(expression):
            return
    raise AssertionError(f"Tab never reached: {expression}")


def _settles(page: Any, expression: str) -> bool:
    """Whether `expression` comes true within a few seconds."""
    try:
        wait_until(page, expression, timeout=5)
    except AssertionError:
        return False
    return True


def board_violations(page: Any) -> list[str]:
    """The grave axe-core violations inside the game's board (`#board`, what this game's
    renderer draws)."""
    return grave_violations(page, within="#board")


def moments(page: Any) -> Iterator[str]:
    """A table of two in the chosen colours at the start, with a die kept, and after a turn
    of each seat: each moment named once the page shows it."""
    page.on("dialog", lambda dialog: dialog.accept())  # yes, a 0 there if it is one
    wait_until(page, MY_TURN)
    yield "the start"
    page.click("#roll")
    page.wait_for_selector(".dt-tray.to-roll [data-die]")
    page.click("[data-die='1']")
    yield "a die kept"
    page.click("#roll")
    wait_until(page, "document.querySelectorAll('button.dt-enter').length > 0")
    page.locator("button.dt-enter").first.click()
    wait_until(page, MY_TURN + " && window.parlourFrame.view.log.length > 4")
    yield "mid-game"


@pytest.mark.parametrize("colours", ["red,blue", "teal,orange", "green,pink"])
def test_the_board_has_no_grave_violation_at_the_start_or_mid_game(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    colours: str,
) -> None:
    page = browser.new_page()
    create_in_lobby(page, base_url, "dicetime", 2, options={"colours": colours})
    for moment in moments(page):
        assert board_violations(page) == [], moment
    page.close()


def test_the_whole_page_has_no_grave_violation(browser: Any, base_url: str) -> None:  # noqa: F811
    page = browser.new_page()
    create_in_lobby(page, base_url, "dicetime", 2)
    for moment in moments(page):
        assert grave_violations(page) == [], moment
    page.close()


def test_every_die_says_what_it_shows_and_whether_it_is_kept(browser: Any, base_url: str) -> None:  # noqa: F811
    page = browser.new_page()
    create_in_lobby(page, base_url, "dicetime", 1)
    page.click("#roll")
    page.wait_for_selector(".dt-tray.to-roll [data-die]")
    dice = page.evaluate("window.parlourFrame.view.seats[0].turn.dice")
    words = ["one", "two", "three", "four", "five", "six"]
    first = page.locator("button[data-die='1']")
    assert first.get_attribute("aria-label") == f"die 1 showing {words[dice[0] - 1]}"
    first.click()
    kept = page.locator("button[data-die='1']")
    assert kept.get_attribute("aria-label") == f"die 1 showing {words[dice[0] - 1]}, kept"
    assert kept.get_attribute("aria-pressed") == "true"
    assert "★" in kept.inner_text(), "a kept die shows its star: not colour alone"
    page.close()


def test_turns_are_played_with_the_keyboard_alone(browser: Any, base_url: str) -> None:  # noqa: F811
    """A die kept with Space, the roll with Enter, then turns on, by the keyboard alone
    beside a bot (a whole game by keyboard is `test_browser_keyboard`'s)."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "dicetime", 2)
    wait_until(page, MY_TURN)
    # A die is kept with Space and keeps the focus; Enter on the Roll button rolls the others.
    tab_to(page, FOCUSED_ACTION)
    page.keyboard.press("Enter")
    page.wait_for_selector(".dt-tray.to-roll button[data-die]")
    tab_to(page, FOCUSED_DIE)
    page.keyboard.press("Space")
    assert page.evaluate("document.activeElement.getAttribute('aria-pressed')") == "true"
    assert page.locator(".dt-tray.kept button[data-die]").count() == 1
    tab_to(page, FOCUSED_ACTION)
    assert page.evaluate("document.activeElement.dataset.action").startswith("keep ")
    page.keyboard.press("Enter")
    moves = 2
    for _ in range(MOVES):
        if moves >= TURNS_MOVES:
            break
        wait_until(page, MY_TURN)
        log = page.evaluate("window.parlourFrame.view.log.length")
        tab_to(page, FOCUSED_ACTION)
        page.keyboard.press("Enter")
        # A frame arriving as Enter is pressed may redraw the button away: then try again.
        if _settles(page, f"window.parlourFrame.view.log.length > {log}"):
            moves += 1
    sheets = page.evaluate("window.parlourFrame.view.seats.map((s) => s.sheet)")
    entered = [sum(points is not None for points in sheet.values()) for sheet in sheets]
    assert moves >= TURNS_MOVES and entered[0] >= 2 and entered[1] >= 1  # the bot's turn between
    assert not errors, errors
    page.close()
