"""Ice Cream's table page for everyone: axe-core finds no serious or critical violation at the
start of a game or in the middle of one, and every card and scoop is named for screen
readers (a whole game by the keyboard alone is `test_browser_keyboard.py`'s, for every
game)."""

from __future__ import annotations

from typing import Any

from tests.web.accessibility import grave_violations
from tests.web.test_browser import (  # noqa: F401 (base_url, browser: fixtures)
    base_url,
    browser,
    create_in_lobby,
    wait_until,
)

MINE = "window.parlourFrame && window.parlourFrame.legal.length > 0"
"""Whether the page waits for this seat's action."""
FOCUSED_ACTION = (
    "(() => { const n = document.activeElement; return Boolean(n && n.dataset.action"
    " && !n.disabled && window.parlourFrame.legal.includes(n.dataset.action)); })()"
)
"""Whether the focused element is an enabled control of a legal action."""


def table(browser: Any, base_url: str) -> tuple[Any, list[str]]:  # noqa: F811
    """A new three-player table (the fewest Ice Cream allows) against its default bots."""
    page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "icecream", 3)
    page.wait_for_selector("#board .ic", timeout=10_000)
    return page, errors


def act_with_the_keyboard(page: Any, key: str, most_tabs: int = 300) -> bool:
    """Tab (forwards) to an enabled control of a legal action and press `key` on it; False
    when none came within `most_tabs` presses (the page may have been redrawn)."""
    for _ in range(most_tabs):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_ACTION):
            page.keyboard.press(key)
            return True
    return False


def test_no_grave_violation_at_the_start_and_mid_game(browser: Any, base_url: str) -> None:  # noqa: F811
    page, errors = table(browser, base_url)
    wait_until(page, MINE)
    assert grave_violations(page) == []
    labels = page.locator(".ic-card[aria-label], .ic-scoop[aria-label]")
    assert labels.count() >= 3, "every card and scoop is named"
    for _ in range(12):
        wait_until(page, MINE)
        version = page.evaluate("window.parlourFrame.table.version")
        assert act_with_the_keyboard(page, "Enter")
        wait_until(page, f"window.parlourFrame.table.version > {version}")  # not the old frame
    wait_until(page, MINE)
    assert page.evaluate("window.parlourFrame.view.phase") in ("cones", "serving")
    assert page.locator(".ic-cone").count() > 0
    assert grave_violations(page) == []
    names = page.locator(".ic-scoop").evaluate_all(
        "ns => ns.map(n => n.getAttribute('aria-label'))"
    )
    assert names and all(name and name.endswith("scoop") for name in names)
    assert not errors, errors
    page.context.close()
